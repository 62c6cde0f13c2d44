"""The transposition table's keys of :mod:`stolik.solver.trick32` by *shape* (templates):
where no card is worth points and none is kept or watched, a position is keyed by who
holds each live card of each suit from the highest down, and the best lead by its
place in its suit.
"""

from __future__ import annotations

from stolik.solver.trick32_bits import _low_bit
from stolik.solver.trick32_layout import (
    MODE_POINTS,
    P_KEEP_CARD,
    P_ORDER,
    P_WATCH,
    I64Array,
)
from stolik.solver.trick32_static import (
    S_MODE,
    S_NATURAL,
    S_POINTS,
    S_SEATS,
)


def _shape(h: I64Array, live: int, suit: int, p: I64Array) -> int:
    """Who holds each live card of ``suit``, from its highest down: the seats as digits of
    a base-``S_SEATS`` number under a leading 1 (below 2 ** 18). Two positions of one deal
    with the same shape in every suit play alike when cards are worth no points: a trick
    depends only on the order of the cards in it."""
    code = 1
    if S_NATURAL:  # the live cards in index order: from the highest down
        x = live & (0xFF << (8 * suit))
        while x:
            c = _low_bit(x)
            x &= x - 1
            code = code * S_SEATS + ((h[1] >> c) & 1) + 2 * ((h[2] >> c) & 1)
            if S_SEATS == 4:
                code += 3 * ((h[3] >> c) & 1)
        return code
    base = P_ORDER + 8 * suit
    for i in range(8):
        c = p[base + i]
        if (live >> c) & 1:
            code = code * S_SEATS + ((h[1] >> c) & 1) + 2 * ((h[2] >> c) & 1)
            if S_SEATS == 4:
                code += 3 * ((h[3] >> c) & 1)
    return code

def _by_shape(p: I64Array) -> int:
    """Whether (1, 0) the table keys positions by their shape (:func:`_shape`): no card
    worth points, the value not a function of the points so far, no card kept or
    watched."""
    if S_POINTS or S_MODE == MODE_POINTS:
        return 0
    return int(p[P_WATCH] < 0 and p[P_KEEP_CARD] < 0)


def _card_at(rel: int, live: int, p: I64Array) -> int:
    """The live card of suit ``rel // 8`` with ``rel % 8`` live cards of it above."""
    suit = rel >> 3
    k = rel & 7
    for i in range(8):
        c = p[P_ORDER + 8 * suit + i]
        if (live >> c) & 1:
            if k == 0:
                return int(c)
            k -= 1
    return -1
