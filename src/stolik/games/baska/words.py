"""Baśka's words on a score sheet and on buttons — the one glossary of game terms shared
by every page, the terminal and the reviews (issue 9.9): the game's name, the result note,
a call's label, dead doublings. The terms are in the message catalogs (ids ``g-…``,
:mod:`stolik.i18n`): Polish pages say them as players do (zwykła, cicha, z wyjściem, bez
bitki, bitki, wykładane); English pages keep the Polish game term and explain it the
first time a page can show it (``z wyjściem (the losers made their wyjście)``). Contract
and doubling names are the ruleset's own (the regulation's words) in every language.

>>> from stolik.games.baska.ruleset import load_ruleset
>>> from stolik.games.baska.calls import Call
>>> rs = load_ruleset("pucka-2019")
>>> call_label(Call("pass"), rs, "pl"), call_label(Call("pass"), rs, "en")
('pas', 'pass')
>>> call_label(Call("contract", "zolo"), rs, "en")
'Zoło'
>>> term("pl", "bez_bitki"), term("en", "bez_bitki")
('bez bitki', 'bez bitki (the losers took no trick)')
"""

from __future__ import annotations

from stolik.games.baska.calls import Call
from stolik.games.baska.ruleset import Ruleset
from stolik.games.baska.scoring import DealResult
from stolik.i18n import N_, catalog, norm_lang, tr

GLOSSARY: dict[str, str] = {
    # the plain game's result categories (RULES §5)
    "z_wyjsciem": N_("g-z-wyjsciem"), "bez_wyjscia": N_("g-bez-wyjscia"),
    "bez_bitki": N_("g-bez-bitki"),
    # games without a contract (RULES §4), the laid-down mark (RULES §7)
    "plain": N_("g-zwykla"), "cicha": N_("g-cicha"), "laid_down": N_("g-wykladane"),
    # a deal's result, a call
    "won": N_("g-won"), "lost": N_("g-lost"), "revoke": N_("g-revoke"), "pass": N_("g-pass"),
    "bok": N_("g-bok"),
    # the cards (RULES §1–§3)
    "trick": N_("g-trick"), "tricks": N_("g-tricks"), "trumps": N_("g-trumps"),
    "fele": N_("g-fele"), "points": N_("g-points"),
    "starzy": N_("g-starzy"), "mlodzi": N_("g-mlodzi"),
}
"""Every game term by its name in the code: its message id."""

CATEGORY_TEXT = {"z_wyjsciem": "z wyjściem", "bez_wyjscia": "bez wyjścia",
                 "bez_bitki": "bez bitki"}
"""The plain game's result categories (RULES §5), as Polish players say them."""

LAID_DOWN = "wykładane"
"""The mark of a contract announced as laid down (RULES §7) in Polish (:func:`term`
``("laid_down")`` in a page's language)."""


def term(lang: str, name: str) -> str:
    """The glossary's word for ``name`` (a key of :data:`GLOSSARY`) in ``lang``."""
    return tr(lang, GLOSSARY[name])


def game_name(rs: Ruleset, result: DealResult, lang: str = "pl") -> str:
    """The deal's game as the score sheet names it: ``zwykła``, ``cicha``, or the
    contract's name without its parenthesis (``Baszka (cztery damy)`` → ``Baszka``);
    ``wykładane`` after a game announced as laid down (RULES §7)."""
    c = result.game.contract
    name = term(lang, c.kind) if c.kind in ("plain", "cicha") else c.name.split(" (")[0]
    return f"{name} {term(lang, 'laid_down')}" if result.game.laid_down else name


def doubling_text(rs: Ruleset, result: DealResult, lang: str = "pl") -> str:
    """The deal's doubling on a score sheet: the name of the counted level, and how many
    doublings were dead (RULES §4: shown only once the deal is over).

    >>> from stolik.games.baska.ruleset import load_ruleset
    >>> from stolik.games.baska.scoring import Game, score
    >>> rs = load_ruleset("pucka-2019")
    >>> g = Game(rs.zwykla, None, (0, 1), level=1, first_doubler_side=1, dead=(2, 4))
    >>> r = score(rs, g, (60, 0, 44, 0), (3, 0, 1, 0))
    >>> doubling_text(rs, r), doubling_text(rs, r, "en")
    ('kontra (+2 martwe)', 'kontra (+2 dead)')
    """
    name = rs.doubling_name(result.level) if result.level else ""
    n = len(result.game.dead)
    if not n:
        return name
    dead = catalog(norm_lang(lang)).ngettext("g-dead", "g-dead-n", n).format(n=n)
    return f"{name} (+{dead})" if name else f"({dead})"


def note_text(result: DealResult, lang: str = "pl") -> str:
    """The result in words: the category or won / lost, 52:52, a revoke's seat."""
    notes = []
    if result.revoke is not None:
        notes.append(f"{term(lang, 'revoke')} {result.revoke}")
    elif result.category is not None:
        notes.append(term(lang, result.category) if result.category in GLOSSARY
                     else result.category)
    elif result.game.declarer is not None:
        notes.append(term(lang, "won" if result.game.declarer in result.winners else "lost"))
    if result.tie:
        notes.append(f"52:52 {term(lang, 'bok')}")
    return ", ".join(notes)


def call_label(call: Call, rs: Ruleset, lang: str) -> str:
    """A call as a button shows it: ``pas`` (``pass`` in English), a contract's name, a
    doubling's name (kontra, rekontra, …)."""
    if call.kind == "pass":
        return term(lang, "pass")
    if call.kind == "contract":
        assert call.contract is not None
        return rs.contract(call.contract).name.split(" (")[0]
    return rs.doubling_name(call.level)
