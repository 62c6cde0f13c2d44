"""The Baśka deck: 16 cards (A, 10, Q/dama, J/walet in ♣ ♠ ♥ ♦) and their points (RULES §1).

>>> DECK.format_mask(DECK.full_mask, ascii=True)
'AC TC QC JC AS TS QS JS AH TH QH JH AD TD QD JD'
>>> points(DECK.full_mask)
104
>>> points(DECK.parse_mask("AH TD QC JS"))
26
"""

from __future__ import annotations

from stolik.cards import Deck

DECK = Deck.of(ranks="ATQJ", suits="CSHD")
"""Suit-major: index = 4 × suit (C S H D) + rank (A T Q J)."""

CARD_POINTS: tuple[int, ...] = tuple((11, 10, 3, 2)[i % 4] for i in range(16))
"""Oczka: A 11, 10 10, Q 3, J 2 (RULES §1)."""

TOTAL_POINTS = 104
HANDS = 4
CARDS_PER_HAND = 4

POINTS_OF_MASK: tuple[int, ...] = tuple(
    sum(CARD_POINTS[i] for i in range(16) if m >> i & 1) for m in range(1 << 16)
)
"""Card points of every 16-bit set of cards, precomputed for the hot paths."""


def points(mask: int) -> int:
    """Card points of a set of cards."""
    return POINTS_OF_MASK[mask]
