"""Baśka's words on a score sheet and on buttons, shared by the terminal and the web: the
game's name, the result note, a call's label. Game terms stay Polish in both languages
(zwykła, cicha, z wyjściem, bez bitki, bok); the rest follows ``lang``.

>>> from stolik.games.baska.ruleset import load_ruleset
>>> from stolik.games.baska.calls import Call
>>> rs = load_ruleset("pucka-2019")
>>> call_label(Call("pass"), rs, "pl"), call_label(Call("pass"), rs, "en")
('pas', 'pass')
>>> call_label(Call("contract", "zolo"), rs, "en")
'Zoło'
"""

from __future__ import annotations

from stolik.games.baska.calls import Call
from stolik.games.baska.ruleset import Ruleset
from stolik.games.baska.scoring import DealResult

CATEGORY_TEXT = {"z_wyjsciem": "z wyjściem", "bez_wyjscia": "bez wyjścia",
                 "bez_bitki": "bez bitki"}
"""The plain game's result categories (RULES §5), as players say them."""

_WON = {"pl": ("wygrana", "przegrana", "błąd (revoke)"), "en": ("won", "lost", "revoke")}


LAID_DOWN = "wykładane"
"""The mark of a contract announced as laid down (RULES §7), in both languages."""


def game_name(rs: Ruleset, result: DealResult) -> str:
    """The deal's game as the score sheet names it: ``zwykła``, ``cicha``, or the
    contract's name without its parenthesis (``Baszka (cztery damy)`` → ``Baszka``);
    ``wykładane`` after a game announced as laid down (RULES §7)."""
    c = result.game.contract
    if c.kind in ("plain", "cicha"):
        name = "zwykła" if c.kind == "plain" else "cicha"
    else:
        name = c.name.split(" (")[0]
    return f"{name} {LAID_DOWN}" if result.game.laid_down else name


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
    dead = (f"{n} dead" if lang == "en" else
            f"{n} martw" + ("a" if n == 1 else "e" if n < 5 else "ych"))
    return f"{name} (+{dead})" if name else f"({dead})"


def note_text(result: DealResult, lang: str = "pl") -> str:
    """The result in words: the category or won / lost, 52:52, a revoke's seat."""
    won, lost, revoke = _WON.get(lang, _WON["pl"])
    notes = []
    if result.revoke is not None:
        notes.append(f"{revoke} {result.revoke}")
    elif result.category is not None:
        notes.append(CATEGORY_TEXT.get(result.category, result.category))
    elif result.game.declarer is not None:
        notes.append(won if result.game.declarer in result.winners else lost)
    if result.tie:
        notes.append("52:52 bok")
    return ", ".join(notes)


def call_label(call: Call, rs: Ruleset, lang: str) -> str:
    """A call as a button shows it: ``pas`` (``pass`` in English), a contract's name, a
    doubling's name (kontra, rekontra, …)."""
    if call.kind == "pass":
        return "pas" if lang == "pl" else "pass"
    if call.kind == "contract":
        assert call.contract is not None
        return rs.contract(call.contract).name.split(" (")[0]
    return rs.doubling_name(call.level)
