"""What the licitovaný tables show a player (the terminal and the web): the game's own
Czech words for the rungs, the calls and the contract in every language (sedma, mám,
dobrá, flek, re, hláška …; LICITOVANY §1, §2), the words around them from the catalogs
(ids ``lic-…``), money in Kč (LICITOVANY §6: units of the ruleset's base, in haléřů).

>>> rung_name(6), said("sto-a-sedma-cervenych", "en", ascii=True)
('sto a sedma červených', 'sto a sedma červených')
>>> said("contract dve-sedmy B L", "cs", ascii=True)
'dvě sedmy (trumfy kule, pomocná zelené)'
>>> said("re sedma:2", "en", ascii=True, who=lambda s: f"seat {s}")
're sedma (seat 2)'
>>> said("mam", "en"), said("KH hlaska", "cs", ascii=True), kc(-1070), kc(20)
('mám', 'KH + hláška', '-10,70 Kč', '0,20 Kč')
>>> said("discard", "en"), said("discard 8B 9B", "cs", ascii=True)
('laid two cards away', 'do talonu 9B 8B')
"""

from __future__ import annotations

from collections.abc import Callable

from stolik.deck32 import SUIT_NAMES, name
from stolik.errors import IllegalMove
from stolik.games.licitovany.calls import Move, parse_move
from stolik.games.licitovany.ladder import RUNGS
from stolik.games.licitovany.money import SIDE
from stolik.games.licitovany.rules import Contract
from stolik.i18n import tr

RUNG_NAMES = {1: "sedma", 2: "sedma červená", 3: "sto", 4: "sto a sedma",
              5: "sto červených", 6: "sto a sedma červených", 7: "betl", 8: "durch",
              9: "dvě sedmy", 10: "dvě sedmy a sto", 11: "dvě sedmy, červená trumf",
              12: "dvě sedmy a sto, červená trumf"}
"""The rungs as players say them (LICITOVANY §2's table)."""

COMPONENT_NAMES = {"dve-sedmy": "dvě sedmy"}
"""A component as players say it in the fleky, where its record word differs
(LICITOVANY §10: ``flek dve-sedmy:1`` is said "flek dvě sedmy")."""

SAID = {"mam": "mám", "dobra": "dobrá", "omyl": "omyl"}
"""The licitace's and the fleky's short words as players say them (LICITOVANY §1)."""

FOLD = str.maketrans("áéěíóúůýčďňřšťž", "aeeiouuycdnrstz")
"""Czech letters typed without their marks: ``mám`` is read as the record's ``mam``."""


def rung_name(number: int) -> str:
    """A rung's name (LICITOVANY §2)."""
    return RUNG_NAMES[number]


def contract_name(c: Contract) -> str:
    """A contract with its suits: ``sto (trumfy zelené)``, ``betl``, ``dvě sedmy (trumfy
    kule, pomocná zelené)`` (LICITOVANY §4.4)."""
    suits = []
    if c.trump is not None and not c.rung.red:
        suits.append(f"trumfy {SUIT_NAMES[c.trump]}")
    if c.helper is not None:
        suits.append(f"pomocná {SUIT_NAMES[c.helper]}")
    return rung_name(c.rung.number) + (f" ({', '.join(suits)})" if suits else "")


def kc(haler: int) -> str:
    """Money in Kč, as a Czech sheet writes it."""
    sign = "-" if haler < 0 else ""
    return f"{sign}{abs(haler) // 100},{abs(haler) % 100:02d} Kč"


def cards_text(cards: tuple[int, ...], *, ascii: bool) -> str:
    """Cards by their names."""
    return " ".join(name(c, ascii=ascii) for c in cards)


def move_label(m: Move, lang: str, *, ascii: bool = False,
               who: Callable[[int], str] = str) -> str:
    """A move as the table shows it (``who``: a seat's name, for the aktér's re naming a
    defender's pair).

    >>> from stolik.games.licitovany.calls import parse_move
    >>> move_label(parse_move("flek dve-sedmy:1 sto:1"), "en", who="ABC".__getitem__)
    'flek dvě sedmy (B), sto (B)'
    """
    if m.kind == "bid":
        return rung_name(m.rung)
    if m.kind in SAID:
        return SAID[m.kind]
    if m.kind == "discard":
        return tr(lang, "lic-discard", cards=cards_text(m.cards, ascii=ascii))
    if m.kind == "contract":
        return contract_name(Contract(RUNGS[m.rung], m.trump, m.helper))
    if m.kind == "raise":
        named = ((COMPONENT_NAMES.get(comp, comp), s) for comp, s in m.raises)
        return f"{m.word} " + ", ".join(comp if s == SIDE else f"{comp} ({who(s)})"
                                        for comp, s in named)
    return cards_text(m.cards, ascii=ascii) + (" + hláška" if m.hlaska else "")


def said(text: str, lang: str, *, ascii: bool = False, who: Callable[[int], str] = str) -> str:
    """A call as a seat's view lists it (the record's words; ``discard`` alone: the cards
    stay hidden, LICITOVANY §3) as the table shows it."""
    if text == "discard":
        return tr(lang, "lic-discarded")
    try:
        return move_label(parse_move(text), lang, ascii=ascii, who=who)
    except IllegalMove:
        return text


def folded(text: str) -> str:
    """A typed line in the record's letters: lower case, Czech marks dropped, ``10`` for
    ``T`` kept (the card reader takes it)."""
    return " ".join(text.split()).casefold().translate(FOLD)


__all__ = ["COMPONENT_NAMES", "RUNG_NAMES", "contract_name", "folded", "kc", "move_label",
           "rung_name", "said"]
