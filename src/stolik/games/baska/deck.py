"""The Baśka deck: 16 cards (A, 10, Q/dama, J/walet in ♣ ♠ ♥ ♦) and their points (RULES §1).

>>> DECK.format_mask(DECK.full_mask, ascii=True)
'AC TC QC JC AS TS QS JS AH TH QH JH AD TD QD JD'
>>> points(DECK.full_mask)
104
>>> points(DECK.parse_mask("AH TD QC JS"))
26
"""

from __future__ import annotations

from collections.abc import Iterable

from stolik.cards import Deck
from stolik.errors import CardError
from stolik.i18n import Msg

DECK = Deck.of(ranks="ATQJ", suits="CSHD")
"""Suit-major: index = 4 × suit (C S H D) + rank (A T Q J)."""

CARD_POINTS: tuple[int, ...] = tuple((11, 10, 3, 2)[i % 4] for i in range(16))
"""Oczka: A 11, 10 10, Q 3, J 2 (RULES §1)."""

TOTAL_POINTS = 104
HANDS = 4
CARDS_PER_HAND = 4

def _points_table() -> tuple[int, ...]:
    table = [0]
    for p in CARD_POINTS:  # each card doubles the table: sets without it, then with it
        table += [t + p for t in table]
    return tuple(table)


POINTS_OF_MASK: tuple[int, ...] = _points_table()
"""Card points of every 16-bit set of cards, precomputed for the hot paths."""


def points(mask: int) -> int:
    """Card points of a set of cards."""
    return POINTS_OF_MASK[mask]


CARD_HINT = "write A, T/10, Q/D or J/W, then C, S, H or D (e.g. AH, TD)"
"""How a Baśka card is written (RULES §1), for error messages."""


def parse_card(text: str) -> int:
    """The index of one Baśka card; :class:`CardError` in the words of RULES §1 otherwise.

    >>> parse_card("10h") == DECK.parse_card("TH")
    True
    >>> try:
    ...     parse_card("KH")
    ... except CardError as e:
    ...     print(e)
    'KH' is not a Baśka card: write A, T/10, Q/D or J/W, then C, S, H or D (e.g. AH, TD)
    """
    try:
        return DECK.parse_card(text)
    except CardError:
        raise CardError(Msg("err-not-a-card", "{text} is not a Baśka card: write A, T/10, "
                            "Q/D or J/W, then C, S, H or D (e.g. AH, TD)",
                            text=repr(text.strip()))) from None


def parse_cards(text: str | Iterable[str]) -> list[int]:
    """Indices of Baśka cards written ``"AH TD"`` (spaces or commas) or as a list, in order."""
    items = text.replace(",", " ").split() if isinstance(text, str) else list(text)
    return [parse_card(t) for t in items]
