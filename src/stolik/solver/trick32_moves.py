"""The cards a seat may play in :mod:`stolik.solver.trick32`'s search (templates): the
duties to follow, beat, trump and overtrump, the kept card, and the merging of
equivalent cards.
"""

from __future__ import annotations

from stolik.solver.trick32_bits import _high_bit, _low_bit
from stolik.solver.trick32_layout import (
    P_FREE,
    P_HIGHER,
    P_KEEP_CARD,
    P_ORDER,
    P_POINTS,
    P_STRENGTH,
    P_SUIT,
    P_TRUMPS,
    P_WATCH,
    I64Array,
)
from stolik.solver.trick32_static import (
    S_BEAT_TRUMPED,
    S_FREE,
    S_MUST_BEAT,
    S_MUST_OVER,
    S_MUST_TRUMP,
    S_NATURAL,
    S_POINTS,
)


def legal(hand: int, seat: int, led: int, winning: int, trick: int, tricks_left: int,
          p: I64Array) -> int:
    """The cards of ``hand`` (of ``seat``) that may follow a trick led with ``led``, holding
    the cards ``trick`` and now won by ``winning`` (``led`` −1: ``hand`` leads, any card),
    the kept card aside."""
    if led < 0:
        allowed = hand
    elif S_FREE and (p[P_FREE] >> seat) & 1:  # follow suit, nothing more
        follow = hand & p[P_SUIT + led]
        allowed = follow if follow else hand
    else:
        follow = hand & p[P_SUIT + led]
        if follow:
            allowed = follow
            if S_MUST_BEAT:
                best = winning
                if p[P_SUIT + winning] != p[P_SUIT + led]:
                    best = -1
                    if S_BEAT_TRUMPED:  # the led suit's highest card in the trick
                        x = trick & p[P_SUIT + led]
                        while x:
                            c = _low_bit(x)
                            x &= x - 1
                            if not p[P_HIGHER + c] & trick:
                                best = c
                if best >= 0:
                    hi = follow & p[P_HIGHER + best]
                    if hi:
                        allowed = hi
        else:
            tr = hand & p[P_TRUMPS]
            if tr and S_MUST_TRUMP:
                allowed = tr
                if S_MUST_OVER and (p[P_TRUMPS] >> winning) & 1:
                    hi = tr & p[P_HIGHER + winning]
                    if hi:
                        allowed = hi
            else:
                allowed = hand
    keep = p[P_KEEP_CARD]
    if keep >= 0 and tricks_left > 1 and (allowed >> keep) & 1 and allowed != (1 << keep):
        allowed &= ~(1 << keep)
    return allowed


def representatives(allowed: int, live: int, p: I64Array) -> int:
    """``allowed`` less each card equivalent to a higher one kept: adjacent in its suit's
    order among the ``live`` cards (none out between them) and worth the same points."""
    keep = allowed
    watch = p[P_WATCH]
    x = allowed
    while x:
        c = _low_bit(x)
        x &= x - 1
        if c == watch:
            continue
        if S_NATURAL:  # the next live card above c: the highest index below it
            above = live & p[P_HIGHER + c]
            if above:
                e = _high_bit(above)
                if (allowed >> e) & 1 and e != watch and (
                        not S_POINTS or p[P_POINTS + e] == p[P_POINTS + c]):
                    keep &= ~(1 << c)
            continue
        base = P_ORDER + (c & ~7)
        i = p[P_STRENGTH + c] - 1
        while i >= 0:  # the next live card above c
            e = p[base + i]
            if (live >> e) & 1:
                if (allowed >> e) & 1 and e != watch and (
                        not S_POINTS or p[P_POINTS + e] == p[P_POINTS + c]):
                    keep &= ~(1 << c)
                break
            i -= 1
    return keep
