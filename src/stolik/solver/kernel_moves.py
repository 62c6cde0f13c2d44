"""The moves of the solver's kernel (:mod:`stolik.solver.kernel`, compiled by numba): the
legal cards on masks (RULES §3), the value of a mask, and the representative legal
cards, equivalent ones merged, ordered by trick-winning heuristics (:func:`_gen`).
"""

from __future__ import annotations

from stolik.solver.kernel_layout import (
    _CTZ,
    _POP,
    MAX_CARDS,
    P_BEATS,
    P_BETWEEN,
    P_EQUAL,
    P_GROUP,
    P_POINTS,
    P_TRUMPS,
    I64Array,
    jit,
)


@jit("i8(i8, i8, i8, i8[::1])")
def legal(hand: int, led: int, winning: int, p: I64Array) -> int:
    """RULES §3 on masks: the cards of ``hand`` that may follow ``led`` now won by
    ``winning`` (same as :meth:`stolik.tricks.CardOrder.legal`)."""
    follow: int = hand & p[P_GROUP + led]
    if follow:
        better: int = follow & p[P_BEATS + winning]
        return better if better else follow
    better = hand & p[P_BEATS + winning]
    if better:
        return better
    t: int = hand & p[P_TRUMPS]
    return t if t else hand


@jit("i8(i8, i8[::1])")
def mask_value(mask: int, p: I64Array) -> int:
    """Sum of the card values of a mask."""
    s = 0
    m = mask
    while m:
        c = _CTZ[m & 0xFFFF]
        s += p[P_POINTS + c]
        m &= m - 1
    return s


@jit("void(i8[::1], i8[::1], i8)")
def _order_moves(moves: I64Array, scores: I64Array, k: int) -> None:
    """Insertion sort of moves[:k] by scores, highest first."""
    for i in range(1, k):
        m = moves[i]
        s = scores[i]
        j = i - 1
        while j >= 0 and scores[j] < s:
            moves[j + 1] = moves[j]
            scores[j + 1] = scores[j]
            j -= 1
        moves[j + 1] = m
        scores[j + 1] = s


@jit("i8(i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8[::1], i8[::1], i8[::1])")
def _gen(hand: int, legal_mask: int, live: int, n: int, seat: int, team: int, wseat: int,
         wcard: int, ttmove: int, foes: int, p: I64Array, moves: I64Array,
         scores: I64Array) -> int:
    """The representative legal cards (equivalent ones merged), ordered; their count.
    ``foes``: the cards of the opponents who play after ``seat`` in this trick."""
    k = 0
    maxing = (team >> seat) & 1
    m = legal_mask
    ours = n > 0 and ((team >> wseat) & 1) == maxing
    safe = n > 0 and (p[P_BEATS + wcard] & foes) == 0
    while m:
        c = _CTZ[m & 0xFFFF]
        m &= m - 1
        # Skip c when a higher equivalent card of the same value is in this legal set.
        dup = False
        o = legal_mask & p[P_EQUAL + c]
        while o:
            d = _CTZ[o & 0xFFFF]
            o &= o - 1
            if (p[P_BETWEEN + c * MAX_CARDS + d] & live) == 0:
                dup = True
                break
        if dup:
            continue
        v = p[P_POINTS + c]
        holds = (p[P_BEATS + c] & foes) == 0       # no later foe can beat c
        if c == ttmove:
            s = 1000
        elif n == 0:
            # Lead: a card no foe can beat first, then strong cards.
            s = 100 - _POP[(p[P_BEATS + c] & live) & 0xFFFF] * 4 + v + 300 * holds
        else:
            wins = (p[P_BEATS + wcard] >> c) & 1
            if ours:
                if safe:
                    s = v - 50 * wins          # the trick is ours: add points
                elif wins and holds:
                    s = 150 + v                # make it safe
                else:
                    s = -v
            elif wins:
                s = 100 + v + 100 * holds
            else:
                s = -v
        moves[k] = c
        scores[k] = s
        k += 1
    _order_moves(moves, scores, k)
    return k
