"""The random-play kernel's card masks and dealing (RULES §2: sixteen cards, four to a
seat): the bit tables the kernel reads, and the numbering of the 63,063,000 deals that
turns one uniform number into four hands (:func:`deal_table`).

Re-exported by :mod:`stolik.games.baska.fastplay`."""

from __future__ import annotations

from bisect import bisect_right
from dataclasses import dataclass
from functools import cache
from itertools import combinations

from stolik.games.baska.deck import DECK

DEAL_COUNT = 63_063_000
"""Distinct deals of 16 cards into four hands of four: 16! / (4!)^4."""

CHUNK = 1000
"""Deals between two calls of the progress callback."""

_FIELD = 0x0001_0001_0001_0001
"""A packed deal holds seat s's hand in bits 16s…16s+15; ``packed >> card & _FIELD`` has one
bit set, in the field of the card's holder."""

_SEATBIT_OF_FIELD = {1 << (16 * s): 1 << s for s in range(4)}

_FOLLOWERS: tuple[tuple[int, int, int], ...] = tuple(
    ((s + 1) % 4, (s + 2) % 4, (s + 3) % 4) for s in range(4)
)
"""The seats after a leader (or after the forehand) in turn."""

_SINGLE_SEAT: tuple[int, ...] = tuple(
    {1: 0, 2: 1, 4: 2, 8: 3}.get(m, -1) for m in range(16)
)
"""The seat of a one-seat 4-bit mask, −1 for any other mask."""


def _cards_of_small_masks() -> tuple[tuple[int, ...], ...]:
    out: list[tuple[int, ...]] = [()] * (1 << 16)
    for k in range(1, 5):
        for cards in combinations(range(16), k):
            out[DECK.mask_of(cards)] = cards
    return tuple(out)


CARDS_OF_MASK: tuple[tuple[int, ...], ...] = _cards_of_small_masks()
"""Card indices (lowest first) of every 16-bit mask of at most four cards (else ``()``)."""


def _one_card() -> tuple[int, ...]:
    out = [-1] * (1 << 16)
    for card in range(16):
        out[1 << card] = card
    return tuple(out)


_ONE_CARD: tuple[int, ...] = _one_card()
"""The card of a one-card mask, −1 for any other mask."""


# ---------------------------------------------------------------- dealing


def _half_labels(first_card: int) -> dict[tuple[int, int, int, int], list[int]]:
    """Every way to give cards first_card … first_card+7 to the four seats, at most four
    to a seat, packed (seat s's cards in bits 16s…), grouped by cards per seat."""
    out: dict[tuple[int, int, int, int], list[int]] = {}

    def go(card: int, counts: list[int], packed: int) -> None:
        if card == first_card + 8:
            out.setdefault((counts[0], counts[1], counts[2], counts[3]), []).append(packed)
            return
        for s in range(4):
            if counts[s] < 4:
                counts[s] += 1
                go(card + 1, counts, packed | 1 << (16 * s + card))
                counts[s] -= 1

    go(first_card, [0, 0, 0, 0], 0)
    return out


@dataclass(frozen=True)
class DealTable:
    """Decodes a deal number 0 … DEAL_COUNT−1 into a packed deal: ``starts`` are the first
    numbers of the blocks, ``blocks[k]`` is (start, len(highs), lows, highs)."""

    starts: tuple[int, ...]
    blocks: tuple[tuple[int, int, tuple[int, ...], tuple[int, ...]], ...]

    def packed(self, number: int) -> int:
        """The packed deal of a number (the kernel inlines this)."""
        start, nh, lows, highs = self.blocks[bisect_right(self.starts, number) - 1]
        q = number - start
        lo = q // nh
        return lows[lo] | highs[q - lo * nh]


@cache
def deal_table() -> DealTable:
    """The deal decoding table (about 117,000 packed half-deals; built once).

    >>> t = deal_table()
    >>> t.starts[-1] + t.blocks[-1][1] * len(t.blocks[-1][2]) == DEAL_COUNT
    True
    >>> hands = [t.packed(12345) >> (16 * s) & 0xFFFF for s in range(4)]
    >>> [h.bit_count() for h in hands], sum(hands)
    ([4, 4, 4, 4], 65535)
    """
    lows = _half_labels(0)
    highs = _half_labels(8)
    starts: list[int] = []
    blocks: list[tuple[int, int, tuple[int, ...], tuple[int, ...]]] = []
    start = 0
    for comp in sorted(lows):
        rest = (4 - comp[0], 4 - comp[1], 4 - comp[2], 4 - comp[3])
        lo, hi = tuple(lows[comp]), tuple(highs[rest])
        starts.append(start)
        blocks.append((start, len(hi), lo, hi))
        start += len(lo) * len(hi)
    assert start == DEAL_COUNT
    return DealTable(tuple(starts), tuple(blocks))
