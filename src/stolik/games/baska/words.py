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


def game_name(rs: Ruleset, result: DealResult) -> str:
    """The deal's game as the score sheet names it: ``zwykła``, ``cicha``, or the
    contract's name without its parenthesis (``Baszka (cztery damy)`` → ``Baszka``)."""
    c = result.game.contract
    if c.kind in ("plain", "cicha"):
        return "zwykła" if c.kind == "plain" else "cicha"
    return c.name.split(" (")[0]


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
