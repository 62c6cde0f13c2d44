"""The layout of the solver kernel's arrays (:mod:`stolik.solver.kernel`): the parameter
array that carries a card order and the card values (:func:`make_params`), the
transposition table (:func:`make_tt`), the statistics, the tables of bit counts, and
:func:`jit`, numba's ``njit`` with its signature and the cache.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, TypeVar, cast

import numpy as np
import numpy.typing as npt
from numba import njit as _njit

from stolik.tricks import CardOrder

F = TypeVar("F", bound=Callable[..., Any])

I64Array = npt.NDArray[np.int64]


def jit(signature: str) -> Callable[[F], F]:
    """``numba.njit(signature, cache=True)``, typed for mypy. The signature is explicit so
    that each function compiles once (eagerly, at import) and the compiled code is cached on
    disk beside its module: only the first import on a machine pays the compilation."""
    def wrap(fn: F) -> F:
        return cast(F, _njit(signature, cache=True, nogil=True)(fn))
    return wrap


MAX_CARDS = 16
"""Masks are 16 bits: four hands pack into one 64-bit transposition key."""

# Layout of the parameter array.
P_GROUP = 0          # [16] mask of each card's group (the trumps, or its fele suit)
P_BEATS = 16         # [16] cards that beat each card when it is winning the trick
P_POINTS = 32        # [16] value of each card
P_TRUMPS = 48        # mask of the trumps
P_BONUS = 49         # value of a trick won, on top of its cards
P_MONOTONE = 50      # 1: util never decreases in p and t (so its corners bound a subtree)
P_TABLE = 51         # utility search: a number naming the util table in transposition keys
P_BETWEEN = 64       # [16 × 16] cards strictly between d (higher) and c in one group, or -1
P_STRENGTH = P_BETWEEN + MAX_CARDS * MAX_CARDS   # [16] order of a sorted hand, 0 = strongest
P_EQUAL = P_STRENGTH + MAX_CARDS     # [16] higher cards of the same group and value
P_SIZE = P_EQUAL + MAX_CARDS

TT_BITS = 16
"""log2 of the transposition table's entries (each 3 int64 words: 1.5 MiB)."""

_VALID = 1 << 40
_UTIL = 1 << 39
_OFF = 1 << 19
_FIELD = (1 << 20) - 1

ST_NODES = 0
ST_TT_HITS = 1
ST_TWO = 2
STATS = 4


def make_params(order: CardOrder, values: Sequence[int], bonus: int = 0,
                *, monotone: bool = True) -> I64Array:
    """The kernel's parameter array for a card order and card values.

    >>> from stolik.solver.examples import CARD_POINTS, DECK, NORMAL as order
    >>> p = make_params(order, CARD_POINTS)
    >>> int(p[P_POINTS + DECK.parse_card("AH")]), bool(p[P_TRUMPS] >> DECK.parse_card("JD") & 1)
    (11, True)
    >>> qc, qs, qh = DECK.parse("QC QS QH")
    >>> int(p[P_BETWEEN + qh * 16 + qc]) == 1 << qs   # Q♠ lies between Q♣ and Q♥
    True
    """
    n = len(order.deck)
    if n > MAX_CARDS:
        raise ValueError(f"the solver takes decks of at most {MAX_CARDS} cards, not {n}")
    if len(values) != n:
        raise ValueError(f"need one value per card ({n}), not {len(values)}")
    p = np.zeros(P_SIZE, dtype=np.int64)
    p[P_BETWEEN:P_BETWEEN + MAX_CARDS * MAX_CARDS] = -1
    for c in range(n):
        p[P_GROUP + c] = order.group[c]
        p[P_BEATS + c] = order.beats[c]
        p[P_POINTS + c] = values[c]
        p[P_STRENGTH + c] = order.strength[c]
    p[P_TRUMPS] = order.trump_mask
    p[P_BONUS] = bonus
    p[P_MONOTONE] = int(monotone)
    for seq in (order.trumps, *order.fele):
        for i, hi in enumerate(seq):
            for j in range(i + 1, len(seq)):
                mid = 0
                for k in range(i + 1, j):
                    mid |= 1 << seq[k]
                p[P_BETWEEN + seq[j] * MAX_CARDS + hi] = mid
                if values[hi] == values[seq[j]]:
                    p[P_EQUAL + seq[j]] |= 1 << hi
    return p


def make_tt(bits: int = TT_BITS) -> I64Array:
    """An empty transposition table of ``2**bits`` entries."""
    return np.zeros((1 << bits, 3), dtype=np.int64)


def _ctz_table() -> npt.NDArray[np.int8]:
    t = np.full(1 << MAX_CARDS, -1, dtype=np.int8)
    for m in range(1, 1 << MAX_CARDS):
        t[m] = (m & -m).bit_length() - 1
    return t


_CTZ = _ctz_table()
"""Index of the lowest set bit of every 16-bit mask."""

_POP = np.array([bin(m).count("1") for m in range(1 << MAX_CARDS)], dtype=np.int8)
"""Bit count of every 16-bit mask."""
