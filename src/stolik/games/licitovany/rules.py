"""Playing a card in licitovaný mariáš (LICITOVANY §3): the mariáš rule of the core
(:mod:`stolik.tricks32`: follow, beat, trump, overtrump) with this game's additions — the
aktér's announced sevens kept back, who leads the first trick, which cards announce a
hláška and what it is worth.

>>> from stolik.deck32 import parse_card as pc, parse_mask, format_mask
>>> from stolik.games.licitovany.ladder import RUNGS
>>> hand = parse_mask("7B AB KL 9A")
>>> format_mask(playable(hand, (), Contract(RUNGS[1], trump=2), trick_no=1, akter=True),
...             ascii=True)   # the aktér keeps his announced 7B back
'KL AB 9A'
>>> format_mask(playable(hand, (pc("TB"),), Contract(RUNGS[1], trump=2), trick_no=3,
...                      akter=True), ascii=True)   # must beat the 10 with the ace
'AB'
>>> first_leader(Contract(RUNGS[7]), forhont=0, akter=2), first_leader(
...     Contract(RUNGS[1], trump=1), forhont=0, akter=2)
(2, 0)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from stolik.deck32 import HEARTS, KING, OBER, SEVEN, card, marriage_cards, rank_of, suit_of
from stolik.games.licitovany.ladder import Rung
from stolik.games.licitovany.rules_sheet import LIST_COLUMNS, list_row, render_ruleset
from stolik.tricks32 import NO_TRUMPS, legal, trick_winner

__all__ = ["LIST_COLUMNS", "TRICKS", "Contract", "announces", "contract_problem",
           "first_leader", "hlaska_value", "list_row", "playable", "render_ruleset", "taker"]
"""The registry's ``rules`` part (``stolik rules list``/``show``) is this module too: its
names come from :mod:`stolik.games.licitovany.rules_sheet`."""

TRICKS = 10
"""A deal has ten tricks (LICITOVANY §1)."""


@dataclass(frozen=True)
class Contract:
    """The závazek named after the talon (LICITOVANY §4.4): its rung, its trump suit (none
    in betl and durch, hearts in red rungs) and, for dvě sedmy, the helper suit."""

    rung: Rung
    trump: int | None = None
    helper: int | None = None

    @property
    def trumps(self) -> int:
        """The trump as the core's trick rule takes it: a suit or :data:`NO_TRUMPS`."""
        return NO_TRUMPS if self.trump is None else self.trump

    @property
    def kept_back(self) -> tuple[tuple[int, int], ...]:
        """The aktér's announced sevens and the first trick each may be played in: the
        trump 7 in trick 10, dvě sedmy's helper 7 in trick 9 (LICITOVANY §3)."""
        out = []
        if self.rung.has_sedma and self.trump is not None:
            out.append((card(self.trump, SEVEN), TRICKS))
        if self.rung.helper and self.helper is not None:
            out.append((card(self.helper, SEVEN), TRICKS - 1))
        return tuple(out)


def contract_problem(rung: Rung, trump: int | None, helper: int | None) -> str | None:
    """Why a rung cannot name these suits, or ``None`` (LICITOVANY §4.4, Decisions:
    "Contract words"): red rungs take hearts, a non-red rung's trump is not hearts, betl
    and durch name no suit, dvě sedmy's helper is another suit than the trump.

    >>> from stolik.games.licitovany.ladder import RUNGS
    >>> contract_problem(RUNGS[1], HEARTS, None)
    'a non-red rung may not name hearts trumps'
    >>> contract_problem(RUNGS[9], 1, HEARTS) is None
    True
    """
    if rung.closed:
        return None if trump is None and helper is None else "betl and durch name no suit"
    if trump is None:
        return "the contract needs its trump suit"
    if rung.red != (trump == HEARTS):
        return ("a red rung takes hearts trumps" if rung.red else
                "a non-red rung may not name hearts trumps")
    if rung.helper != (helper is not None):
        return "dvě sedmy names a helper suit" if rung.helper else "only dvě sedmy names a helper"
    if helper is not None and helper == trump:
        return "the helper suit must differ from the trump"
    return None


def playable(hand: int, trick: Sequence[int], contract: Contract, *, trick_no: int,
             akter: bool) -> int:
    """The cards of ``hand`` that may be played to ``trick`` (the cards so far, lead
    first) in trick ``trick_no`` (1–10): any card to lead, else the core's rule; the aktér's
    announced sevens only from their trick on, unless nothing else is legal (LICITOVANY
    §3; a defender's seven is free)."""
    if trick:
        winning = trick[trick_winner(trick, contract.trumps)]
        cards = legal(hand, trick[0], winning, contract.trumps)
    else:
        cards = hand
    if not akter:
        return cards
    kept = 0
    for seven, first in contract.kept_back:
        if trick_no < first:
            kept |= 1 << seven
    return cards & ~kept or cards


def first_leader(contract: Contract, *, forhont: int, akter: int) -> int:
    """Who leads to trick 1: the forhont in every trump game, the aktér in betl and durch
    (LICITOVANY §3)."""
    return akter if contract.rung.closed else forhont


def taker(cards: Sequence[int], contract: Contract) -> int:
    """The position (0 = the lead) of the card that takes a trick (LICITOVANY §3)."""
    return trick_winner(cards, contract.trumps)


def announces(hand: int, c: int, contract: Contract) -> bool:
    """Whether playing ``c`` from ``hand`` may announce a hláška: a K or O whose partner
    the hand still holds, in a rung where hlášky count (LICITOVANY §3, §10).

    >>> from stolik.deck32 import parse_card as pc, parse_mask
    >>> from stolik.games.licitovany.ladder import RUNGS
    >>> announces(parse_mask("KL OL 7B"), pc("OL"), Contract(RUNGS[3], trump=2))
    True
    >>> announces(parse_mask("KL OL 7B"), pc("OL"), Contract(RUNGS[9], trump=2, helper=1))
    False
    """
    pair = marriage_cards(suit_of(c))
    return contract.rung.hlasky_count and rank_of(c) in (KING, OBER) and \
        hand & pair == pair


def hlaska_value(c: int, contract: Contract) -> int:
    """A hláška's worth: 40 in trumps, else 20 (LICITOVANY §1)."""
    return 40 if suit_of(c) == contract.trump else 20
