"""The compiled alpha-beta kernel of the perfect-information solver (numba).

Everything here works on small integers: a hand is a 16-bit card mask, a card is its index
in the deck (at most 16 cards), a seat is 0–3 and a *team* is a 4-bit mask of seats. The
card order (RULES §3) and the card values come in one ``int64`` parameter array built by
:func:`make_params` from a :class:`~stolik.tricks.CardOrder` and a points-per-card table;
nothing in the kernel knows Baśka.

Two searches share one entry point, :func:`solve`:

* **additive** (``util`` of shape (0, 0)): the value of a position is what the team takes
  from now on — the card points of the tricks it wins plus ``bonus`` per trick won (card
  points: ``bonus = 0``; a trick count: every card worth 0 and ``bonus = 1``).
  Transposition entries are keyed by the hands, the leader and the team only, so they
  serve every position that reaches the same cards whatever was taken before.
* **utility** (``util`` a table): the value is ``util[p, t]`` where p and t are the team's
  card points and tricks at the end of the deal (taken before plus taken from here) — e.g.
  a seat's payout. Its entries are keyed by the points and tricks taken too, and by the
  table's number (``P_TABLE``). When ``util`` never decreases in p and t (``P_MONOTONE``),
  its corners bound every subtree.

The search is fail-soft alpha-beta over an explicit stack (numba cannot cache recursive
code). A transposition table (``tt``, one per parameter set, kept between calls: its keys
are exact, so it never needs clearing) holds lower and upper bounds and the best lead of
positions at the start of a trick. The last three tricks are unrolled into nested loops:
:func:`_three` (three cards a hand), :func:`_node2`/:func:`_two` (two) and :func:`_last`
(one, every card forced). At each node, cards of one hand that are adjacent in the order
with no card between them left in play (in a hand or on the table) and that are worth the
same are equivalent: only the highest is tried (as in Bo Haglund's DDS; cards worth
different points are never merged, since where each lands matters). Moves are ordered by
trick-winning heuristics (:func:`_gen`), the table's move first.

This module holds the search (:func:`solve`, the explicit stack) and names every part, each in
its own module: the arrays' layout and :func:`make_params` (:mod:`~stolik.solver.kernel_layout`),
the moves (:mod:`~stolik.solver.kernel_moves`), the transposition table
(:mod:`~stolik.solver.kernel_table`) and the last three tricks
(:mod:`~stolik.solver.kernel_endgame`).
"""

from __future__ import annotations

import numpy as np

from stolik.solver.kernel_endgame import (
    _last,
    _node2,
    _three,
    _two,
)
from stolik.solver.kernel_layout import (
    _CTZ,
    _FIELD,
    _OFF,
    _POP,
    _UTIL,
    _VALID,
    MAX_CARDS,
    P_BEATS,
    P_BETWEEN,
    P_BONUS,
    P_EQUAL,
    P_GROUP,
    P_MONOTONE,
    P_POINTS,
    P_SIZE,
    P_STRENGTH,
    P_TABLE,
    P_TRUMPS,
    ST_NODES,
    ST_TT_HITS,
    ST_TWO,
    STATS,
    TT_BITS,
    I64Array,
    jit,
    make_params,
    make_tt,
)
from stolik.solver.kernel_moves import (
    _gen,
    _order_moves,
    legal,
    mask_value,
)
from stolik.solver.kernel_table import (
    _bounds,
    _store,
    _tt_slot,
)

# Fields of a search frame (one row per depth of the explicit stack).
_N, _LEADER, _LED, _WSEAT, _WCARD, _TVAL, _TMASK, _ACCP, _ACCT = range(9)
_ALPHA, _BETA, _BEST, _BESTMOVE, _A0, _B0, _LO, _HI, _SLOT, _K1, _K2 = range(9, 20)
_K, _I, _MAXING, _SEAT, _GAIN, _CUR = range(20, 26)
_FIELDS = 26

_ENTER, _NEXT, _RETURN = 0, 1, 2


@jit("i8(i8[::1], i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8[::1], i8[:, ::1], "
     "i8[:, ::1], i8[::1])")
def solve(h: I64Array, n: int, leader: int, led: int, wseat: int, wcard: int, tval: int,
          tmask: int, accp: int, acct: int, alpha: int, beta: int, team: int, p: I64Array,
          util: I64Array, tt: I64Array, stats: I64Array) -> int:
    """Fail-soft alpha-beta value of a position for the team (bitmask of seats ``team``).

    ``h``: the four hands (masks; changed during the search, restored at the end); the
    trick so far has ``n`` cards (mask ``tmask``, worth ``tval``), led by ``leader`` with
    ``led``; ``wseat`` is winning it with ``wcard`` (for ``n = 0`` pass ``leader`` and
    zeros). Additive search (``util`` of shape (0, 0)): returns what the team takes from
    now on, this trick included. Utility search: returns ``util[accp + p, acct + t]`` at
    the end of play, where ``accp``/``acct`` are the team's points and tricks so far.
    A value v with alpha < v < beta is exact; v <= alpha is an upper bound, v >= beta a
    lower bound. ``stats``: node and table-hit counters, added to.

    The recursion is unrolled onto an explicit stack (numba cannot cache recursive code).
    """
    fr = np.empty((MAX_CARDS + 2) * _FIELDS, dtype=np.int64)
    mv = np.empty((MAX_CARDS + 2, MAX_CARDS), dtype=np.int64)
    sc = np.empty((MAX_CARDS + 2, MAX_CARDS), dtype=np.int64)
    tmv = np.empty((4, MAX_CARDS), dtype=np.int64)
    tsc = np.empty((4, MAX_CARDS), dtype=np.int64)
    tout = np.empty(1, dtype=np.int64)
    additive = util.shape[0] == 0
    bonus = p[P_BONUS]
    d = 0
    b = 0
    fr[b + _N] = n
    fr[b + _LEADER] = leader
    fr[b + _LED] = led
    fr[b + _WSEAT] = wseat
    fr[b + _WCARD] = wcard
    fr[b + _TVAL] = tval
    fr[b + _TMASK] = tmask
    fr[b + _ACCP] = accp
    fr[b + _ACCT] = acct
    fr[b + _ALPHA] = alpha
    fr[b + _BETA] = beta
    state = _ENTER
    v = 0
    while True:
        if state == _ENTER:
            b = d * _FIELDS
            stats[ST_NODES] += 1
            fn = fr[b + _N]
            fleader = fr[b + _LEADER]
            falpha = fr[b + _ALPHA]
            fbeta = fr[b + _BETA]
            faccp = fr[b + _ACCP]
            facct = fr[b + _ACCT]
            if fn == 0:
                all_cards = h[0] | h[1] | h[2] | h[3]
                if all_cards == 0:
                    v = 0 if additive else util[faccp, facct]
                    state = _RETURN
                    continue
                tricks_left = _POP[h[fleader] & 0xFFFF]
                remp = mask_value(all_cards, p)
                if tricks_left == 1:
                    v = _last(h, fleader, team, p, util, faccp, facct, remp)
                    state = _RETURN
                    continue
                if tricks_left == 2:
                    stats[ST_NODES] -= 1
                    v = _node2(h, fleader, team, p, util, faccp, facct, falpha, fbeta, tt,
                               stats)
                    state = _RETURN
                    continue
                lo, hi, k2 = _bounds(h, fleader, team, p, util, faccp, facct, remp,
                                     tricks_left)
                if lo >= fbeta:
                    v = lo
                    state = _RETURN
                    continue
                if hi <= falpha:
                    v = hi
                    state = _RETURN
                    continue
                k1 = h[0] | (h[1] << 16) | (h[2] << 32) | (h[3] << 48)
                slot = _tt_slot(k1, k2, tt.shape[0])
                ttmove = -1
                if tt[slot, 0] == k1 and tt[slot, 1] == k2:
                    stats[ST_TT_HITS] += 1
                    info = tt[slot, 2]
                    lo = max(lo, (info & _FIELD) - _OFF)
                    hi = min(hi, ((info >> 20) & _FIELD) - _OFF)
                    ttmove = (info >> 40) - 1
                if lo >= fbeta or lo == hi:
                    v = lo
                    state = _RETURN
                    continue
                if hi <= falpha:
                    v = hi
                    state = _RETURN
                    continue
                falpha = max(falpha, lo)
                fbeta = min(fbeta, hi)
                if tricks_left == 3:
                    v = _three(h, fleader, team, p, util, faccp, facct, falpha, fbeta, ttmove,
                               tt, stats, tmv, tsc, tout)
                    _store(tt, slot, k1, k2, lo, hi, falpha, fbeta, v, tout[0])
                    state = _RETURN
                    continue
                fr[b + _ALPHA] = falpha
                fr[b + _BETA] = fbeta
                fr[b + _A0] = falpha
                fr[b + _B0] = fbeta
                fr[b + _LO] = lo
                fr[b + _HI] = hi
                fr[b + _SLOT] = slot
                fr[b + _K1] = k1
                fr[b + _K2] = k2
                seat = fleader
                hand = h[seat]
                mx = (team >> seat) & 1
                foes = 0
                for j in range(1, 4):
                    t = (seat + j) & 3
                    if ((team >> t) & 1) != mx:
                        foes |= h[t]
                fr[b + _K] = _gen(hand, hand, all_cards, 0, seat, team, seat, 0, ttmove, foes, p,
                             mv[d], sc[d])
            else:
                seat = (fleader + fn) & 3
                hand = h[seat]
                lm = legal(hand, fr[b + _LED], fr[b + _WCARD], p)
                live = h[0] | h[1] | h[2] | h[3] | fr[b + _TMASK]
                mx = (team >> seat) & 1
                foes = 0
                for j in range(fn + 1, 4):
                    t = (fleader + j) & 3
                    if ((team >> t) & 1) != mx:
                        foes |= h[t]
                fr[b + _K] = _gen(hand, lm, live, fn, seat, team, fr[b + _WSEAT],
                                  fr[b + _WCARD], -1, foes, p, mv[d], sc[d])
            maxing = (team >> seat) & 1
            fr[b + _SEAT] = seat
            fr[b + _MAXING] = maxing
            fr[b + _BEST] = -(1 << 30) if maxing else (1 << 30)
            fr[b + _BESTMOVE] = -1
            fr[b + _I] = 0
            state = _NEXT
        elif state == _NEXT:
            b = d * _FIELDS
            i = fr[b + _I]
            if i < fr[b + _K] and fr[b + _ALPHA] < fr[b + _BETA]:
                c = mv[d, i]
                fr[b + _CUR] = c
                seat = fr[b + _SEAT]
                h[seat] &= ~(1 << c)
                fn = fr[b + _N]
                if fn == 0:
                    fr[b + _FIELDS + _N] = 1
                    fr[b + _FIELDS + _LEADER] = seat
                    fr[b + _FIELDS + _LED] = c
                    fr[b + _FIELDS + _WSEAT] = seat
                    fr[b + _FIELDS + _WCARD] = c
                    fr[b + _FIELDS + _TVAL] = p[P_POINTS + c]
                    fr[b + _FIELDS + _TMASK] = 1 << c
                    fr[b + _FIELDS + _ACCP] = fr[b + _ACCP]
                    fr[b + _FIELDS + _ACCT] = fr[b + _ACCT]
                    fr[b + _FIELDS + _ALPHA] = fr[b + _ALPHA]
                    fr[b + _FIELDS + _BETA] = fr[b + _BETA]
                    fr[b + _GAIN] = 0
                else:
                    ws = fr[b + _WSEAT]
                    wc = fr[b + _WCARD]
                    if (p[P_BEATS + wc] >> c) & 1:
                        ws = seat
                        wc = c
                    tv = fr[b + _TVAL] + p[P_POINTS + c]
                    if fn == 3:
                        won = (team >> ws) & 1
                        gain = 0
                        fr[b + _FIELDS + _ACCP] = fr[b + _ACCP]
                        fr[b + _FIELDS + _ACCT] = fr[b + _ACCT]
                        if additive:
                            if won:
                                gain = tv + bonus
                        elif won:
                            fr[b + _FIELDS + _ACCP] = fr[b + _ACCP] + tv
                            fr[b + _FIELDS + _ACCT] = fr[b + _ACCT] + 1
                        fr[b + _FIELDS + _N] = 0
                        fr[b + _FIELDS + _LEADER] = ws
                        fr[b + _FIELDS + _LED] = 0
                        fr[b + _FIELDS + _WSEAT] = ws
                        fr[b + _FIELDS + _WCARD] = 0
                        fr[b + _FIELDS + _TVAL] = 0
                        fr[b + _FIELDS + _TMASK] = 0
                        fr[b + _FIELDS + _ALPHA] = fr[b + _ALPHA] - gain
                        fr[b + _FIELDS + _BETA] = fr[b + _BETA] - gain
                        fr[b + _GAIN] = gain
                    else:
                        fr[b + _FIELDS + _N] = fn + 1
                        fr[b + _FIELDS + _LEADER] = fr[b + _LEADER]
                        fr[b + _FIELDS + _LED] = fr[b + _LED]
                        fr[b + _FIELDS + _WSEAT] = ws
                        fr[b + _FIELDS + _WCARD] = wc
                        fr[b + _FIELDS + _TVAL] = tv
                        fr[b + _FIELDS + _TMASK] = fr[b + _TMASK] | (1 << c)
                        fr[b + _FIELDS + _ACCP] = fr[b + _ACCP]
                        fr[b + _FIELDS + _ACCT] = fr[b + _ACCT]
                        fr[b + _FIELDS + _ALPHA] = fr[b + _ALPHA]
                        fr[b + _FIELDS + _BETA] = fr[b + _BETA]
                        fr[b + _GAIN] = 0
                d += 1
                state = _ENTER
            else:
                best = fr[b + _BEST]
                if fr[b + _N] == 0:
                    # Fail-soft: an upper bound if <= a0, a lower bound if >= b0, else exact.
                    nlo = fr[b + _LO]
                    nhi = fr[b + _HI]
                    if best <= fr[b + _A0]:
                        nhi = min(nhi, best)
                    elif best >= fr[b + _B0]:
                        nlo = max(nlo, best)
                    else:
                        nlo = best
                        nhi = best
                    slot = fr[b + _SLOT]
                    tt[slot, 0] = fr[b + _K1]
                    tt[slot, 1] = fr[b + _K2]
                    tt[slot, 2] = ((nlo + _OFF) | ((nhi + _OFF) << 20)
                                   | ((fr[b + _BESTMOVE] + 1) << 40))
                v = best
                state = _RETURN
        else:
            if d == 0:
                return v
            d -= 1
            b = d * _FIELDS
            c = fr[b + _CUR]
            h[fr[b + _SEAT]] |= 1 << c
            v += fr[b + _GAIN]
            if fr[b + _MAXING]:
                if v > fr[b + _BEST]:
                    fr[b + _BEST] = v
                    fr[b + _BESTMOVE] = c
                    if v > fr[b + _ALPHA]:
                        fr[b + _ALPHA] = v
            else:
                if v < fr[b + _BEST]:
                    fr[b + _BEST] = v
                    fr[b + _BESTMOVE] = c
                    if v < fr[b + _BETA]:
                        fr[b + _BETA] = v
            fr[b + _I] += 1
            state = _NEXT


__all__ = ["MAX_CARDS", "P_BEATS", "P_BETWEEN", "P_BONUS", "P_EQUAL", "P_GROUP", "P_MONOTONE",
           "P_POINTS", "P_SIZE", "P_STRENGTH", "P_TABLE", "P_TRUMPS", "STATS",
           "ST_NODES", "ST_TT_HITS", "ST_TWO", "TT_BITS", "_CTZ", "_FIELD", "_OFF",
           "_POP", "_UTIL", "_VALID", "I64Array", "_bounds", "_gen", "_last", "_node2",
           "_order_moves", "_store", "_three", "_tt_slot", "_two", "jit", "legal",
           "make_params", "make_tt", "mask_value", "solve"]
