"""A 16-card example for the solver's doctests: a deck of A, 10, Q, J in four suits worth
11, 10, 3 and 2 card points, and two card orders over it — :data:`NORMAL` (twelve trumps,
two short plain suits) and :data:`GRAN` (the four jacks trump) — written out here so that
the generic solver shows itself without a game's package. (They are the orders of a Baśka
ruleset, RULES §2, which the game's own tests use through its rulesets.)

>>> DECK.format_mask(NORMAL.trump_mask, ascii=True)
'QC JC QS JS AH TH QH JH AD TD QD JD'
>>> sum(CARD_POINTS), len(GRAN.fele)
(104, 4)
"""

from __future__ import annotations

from stolik.cards import Deck
from stolik.tricks import CardOrder

DECK = Deck.of(ranks="ATQJ", suits="CSHD")
"""16 cards, suit-major: index = 4 × suit (C S H D) + rank (A T Q J)."""

CARD_POINTS: tuple[int, ...] = tuple((11, 10, 3, 2)[c % 4] for c in range(16))
"""A 11, 10 10, Q 3, J 2: 104 in all."""

NORMAL = CardOrder.from_names(DECK, trumps="AH TH QC QS QH QD JC JS JH JD AD TD",
                              fele=["AC TC", "AS TS"])
"""Twelve trumps, high to low, and two plain suits of two cards."""

GRAN = CardOrder.from_names(DECK, trumps="JC JS JH JD",
                            fele=["AH TH QH", "AC TC QC", "AS TS QS", "AD TD QD"])
"""The four jacks trump; four plain suits of three cards."""

__all__ = ["CARD_POINTS", "DECK", "GRAN", "NORMAL"]
