"""The exact search of a dvě sedmy's play (LICITOVANY §5: rungs 9–12), compiled with numba.

The shared trick-32 kernel (:mod:`stolik.solver.trick32`) keeps back one card until the
last trick and watches one card's fate in it; dvě sedmy needs two sevens kept back to two
different tricks (the helper 7 to trick 9, the trump 7 to trick 10, LICITOVANY §3) and a
goal on trick 9 as well as trick 10. Its goal is therefore searched here: a plain
fail-soft alpha-beta over the 3 seats' hands (masks), with a transposition table keyed
at each trick's start by the cards still out, the leader, whether the dvě sedmy is still
alive and (rungs 10, 12) the aktér's card points so far. The value of an end is
``util[points // 10, made]``: the aktér's money with that many card points (the last
trick's 10 included) and the dvě sedmy made or not, so a dvě sedmy a sto trades points
against the sevens exactly as the money says.

What the search knows of the goal (each a consequence of LICITOVANY §3's play rules):

- the dvě sedmy dies as soon as the aktér plays the helper 7 before trick 9 or the trump
  7 before trick 10 (only when nothing else is legal, §3), when trick 9 is not taken by
  his helper 7, or trick 10 not by his trump 7;
- a defender who holds more trumps and helper cards than there are tricks before trick 9
  still holds one in trick 9: the helper 7 is then beaten or trumped (a bound, exact);
- a dvě sedmy whose aktér does not lead trick 9 is lost: led a trump he must play the
  trump 7, led the helper suit his 7 is beaten, led a third suit he must trump with the
  trump 7 (a bound, exact).

Seats are 0–2 in playing order (the caller maps them); cards and masks as
:mod:`stolik.deck32`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar, cast

import numpy as np
import numpy.typing as npt
from numba import njit

I64Array = npt.NDArray[np.int64]
F = TypeVar("F", bound=Callable[..., Any])


def _compiled(*, cache: bool = True) -> Callable[[F], F]:
    """``numba.njit``, typed for mypy (compiled at the first call)."""

    def wrap(fn: F) -> F:
        return cast(F, njit(cache=cache)(fn))

    return wrap

INF = 1 << 40

# The parameter array.
Q_AKTER = 0      # the aktér's seat (0–2)
Q_T7 = 1         # the trump 7
Q_H7 = 2         # the helper 7
Q_TRUMPS = 3     # the trump suit's mask
Q_KEY = 4        # the trump and helper suits' mask less the two sevens
Q_GEN = 5        # the table's generation
Q_POINTS = 6     # 1: the money depends on card points (dvě sedmy a sto)
Q_BEATS = 8      # [32] the cards that take a trick now won by each card
Q_HIGHER = 40    # [32] the cards of its suit above each card
Q_VALUE = 72     # [32] each card's points
Q_SIZE = 104

TT_BITS = 16
NODES = 0


@_compiled()
def _bits(x: int) -> int:
    n = 0
    while x:
        x &= x - 1
        n += 1
    return n


@_compiled()
def _low(x: int) -> int:
    c = 0
    while not (x >> c) & 1:
        c += 1
    return c


@_compiled()
def _allowed(h: I64Array, seat: int, led: int, wcard: int, tno: int, q: I64Array) -> int:
    """The cards ``seat`` may play: follow and beat in the led suit, else trump and
    overtrump (LICITOVANY §3); the aktér's sevens kept back unless nothing else is legal."""
    hand = h[seat]
    if led < 0:
        allowed = hand
    else:
        suit = 0xFF << (8 * (led >> 3))
        follow = hand & suit
        if follow:
            allowed = follow
            if (wcard >> 3) == (led >> 3):
                hi = follow & q[Q_HIGHER + wcard]
                if hi:
                    allowed = hi
        else:
            tr = hand & q[Q_TRUMPS]
            allowed = hand
            if tr:
                allowed = tr
                if (q[Q_TRUMPS] >> wcard) & 1:
                    hi = tr & q[Q_HIGHER + wcard]
                    if hi:
                        allowed = hi
    if seat == q[Q_AKTER]:
        kept = 0
        if tno < 10:
            kept |= 1 << q[Q_T7]
        if tno < 9:
            kept |= 1 << q[Q_H7]
        if allowed & ~kept:
            allowed &= ~kept
    out: int = allowed
    return out


@_compiled()
def _moves(h: I64Array, seat: int, allowed: int, trick: int, wcard: int, n: int,
           q: I64Array, out: I64Array) -> int:
    """``allowed`` less cards equal to the next live card above them in the seat's hand
    (same points, never a seven of the contract), ordered: what takes the trick first, the
    highest first. The count written to ``out``."""
    live = h[0] | h[1] | h[2] | trick
    sevens = (1 << q[Q_T7]) | (1 << q[Q_H7])
    k = 0
    x = allowed
    while x:
        c = _low(x)
        x &= x - 1
        above = q[Q_HIGHER + c] & live
        if above and not (sevens >> c) & 1:
            y = above  # the nearest live card above: the highest index among those above
            nxt = -1
            while y:
                e = _low(y)
                y &= y - 1
                nxt = e
            if (allowed >> nxt) & 1 and q[Q_VALUE + nxt] == q[Q_VALUE + c]:
                continue
        takes = n == 0 or (q[Q_BEATS + wcard] >> c) & 1
        score = (100 if takes else 0) + 10 * (7 - (c & 7)) + q[Q_VALUE + c]
        j = k
        while j > 0 and out[16 + j - 1] < score:
            out[j] = out[j - 1]
            out[16 + j] = out[16 + j - 1]
            j -= 1
        out[j] = c
        out[16 + j] = score
        k += 1
    return k


@_compiled()
def _end(pts: int, alive: int, util: I64Array) -> int:
    v: int = util[pts // 10, alive]
    return v


# A frame of the explicit stack (numba caches no recursive code: its cache of a recursive
# function crashes when read back), one row per card played from the root.
R_LEADER, R_N, R_TRICK, R_WSEAT, R_WCARD, R_LED, R_TNO, R_PTS, R_ALIVE = range(9)
R_ALPHA, R_BETA, R_A0, R_B0, R_BEST, R_I, R_K, R_SEAT, R_HAND, R_SLOT, R_KEY = range(9, 20)
R_MOVES = 20     # [16] the ordered moves, then [16] their scores
ROW = R_MOVES + 32
PLIES = 32


@_compiled()
def _open(h: I64Array, d: int, leader: int, n: int, trick: int, wseat: int, wcard: int,
          led: int, tno: int, pts: int, alive: int, alpha: int, beta: int, q: I64Array,
          util: I64Array, tt: I64Array, stats: I64Array, fr: I64Array) -> tuple[int, int]:
    """Open the node at ply ``d``: (1, value) when the bounds or the table settle it, else
    (0, 0) with its frame and ordered moves written in ``fr``."""
    stats[NODES] += 1
    akter = q[Q_AKTER]
    slot = -1
    key = 0
    if n == 0:
        if tno == 11:
            return 1, _end(pts, alive, util)
        if alive and tno <= 9:
            for s in range(3):
                if s != akter and _bits(h[s] & q[Q_KEY]) > 9 - tno:
                    alive = 0
            if tno == 9 and leader != akter:
                alive = 0
        live = h[0] | h[1] | h[2]
        rest = 10
        if q[Q_POINTS]:
            y = live
            while y:
                c = _low(y)
                y &= y - 1
                rest += q[Q_VALUE + c]
        lo = INF
        hi = -INF
        for i in range(pts // 10, (pts + rest) // 10 + 1 if q[Q_POINTS] else pts // 10 + 1):
            for a in range(alive + 1):
                v = util[i, a]
                lo = min(lo, v)
                hi = max(hi, v)
        if lo >= beta or lo == hi:
            return 1, int(lo)
        if hi <= alpha:
            return 1, int(hi)
        key = live | (leader << 32) | (alive << 34) | ((pts // 10) << 35) | (q[Q_GEN] << 40)
        # the row leaves the generation out (the key keeps it): a solve spends the same
        # nodes whatever was solved before it, so a node budget ends it at the same place
        mix = (key & ((1 << 40) - 1)) * -7046029254386353131
        slot = (mix >> 24) & (tt.shape[0] - 1)
        if tt[slot, 0] == key:
            lo = tt[slot, 1]
            hi = tt[slot, 2]
            if lo >= beta or lo == hi:
                return 1, int(lo)
            if hi <= alpha:
                return 1, int(hi)
            alpha = max(alpha, lo)
            beta = min(beta, hi)
    seat = leader + n
    if seat >= 3:
        seat -= 3
    row = fr[d]
    k = _moves(h, seat, _allowed(h, seat, led, wcard, tno, q), trick, wcard, n, q,
               row[R_MOVES:])
    row[R_LEADER] = leader
    row[R_N] = n
    row[R_TRICK] = trick
    row[R_WSEAT] = wseat
    row[R_WCARD] = wcard
    row[R_LED] = led
    row[R_TNO] = tno
    row[R_PTS] = pts
    row[R_ALIVE] = alive
    row[R_ALPHA] = alpha
    row[R_BETA] = beta
    row[R_A0] = alpha
    row[R_B0] = beta
    row[R_BEST] = -INF if seat == akter else INF
    row[R_I] = 0
    row[R_K] = k
    row[R_SEAT] = seat
    row[R_HAND] = h[seat]
    row[R_SLOT] = slot
    row[R_KEY] = key
    return 0, 0


@_compiled()
def _close(row: I64Array, tt: I64Array) -> int:
    """Store the node's bounds in the table (at a trick's start), return its value."""
    best = row[R_BEST]
    slot = row[R_SLOT]
    if slot >= 0:
        key = row[R_KEY]
        if tt[slot, 0] != key:
            tt[slot, 0] = key
            tt[slot, 1] = -INF
            tt[slot, 2] = INF
        if best <= row[R_A0]:
            tt[slot, 2] = min(tt[slot, 2], best)
        elif best >= row[R_B0]:
            tt[slot, 1] = max(tt[slot, 1], best)
        else:
            tt[slot, 1] = best
            tt[slot, 2] = best
    out: int = best
    return out


@_compiled()
def node(h: I64Array, leader: int, n: int, trick: int, wseat: int, wcard: int, led: int,
         tno: int, pts: int, alive: int, alpha: int, beta: int, q: I64Array,
         util: I64Array, tt: I64Array, stats: I64Array) -> int:
    """The aktér's money at this position under best play, fail-soft within (alpha, beta):
    ``h`` the hands (restored on return), ``n`` cards of trick ``tno`` (1–10) played
    (``trick`` their mask, led by ``leader`` with ``led``, won now by ``wcard`` of
    ``wseat``), ``pts`` the aktér's card points so far, ``alive`` whether the dvě sedmy
    can still be made. Alpha-beta over an explicit stack."""
    fr = np.zeros((PLIES, ROW), dtype=np.int64)
    done, v = _open(h, 0, leader, n, trick, wseat, wcard, led, tno, pts, alive, alpha, beta,
                    q, util, tt, stats, fr)
    if done:
        return v
    akter = q[Q_AKTER]
    d = 0
    pending = False  # v holds the value of the move just tried at ply d
    while True:
        row = fr[d]
        if pending:
            h[row[R_SEAT]] = row[R_HAND]
            if row[R_SEAT] == akter:
                row[R_BEST] = max(row[R_BEST], v)
                row[R_ALPHA] = max(row[R_ALPHA], v)
            else:
                row[R_BEST] = min(row[R_BEST], v)
                row[R_BETA] = min(row[R_BETA], v)
            row[R_I] += 1
            if row[R_ALPHA] >= row[R_BETA] or row[R_I] >= row[R_K]:
                v = _close(row, tt)
                if d == 0:
                    return v
                d -= 1
                continue
            pending = False
        seat = row[R_SEAT]
        c = row[R_MOVES + row[R_I]]
        nd = row[R_N]
        tno = row[R_TNO]
        h[seat] = row[R_HAND] & ~(1 << c)
        if nd == 0 or (q[Q_BEATS + row[R_WCARD]] >> c) & 1:
            nws = seat
            nwc = c
        else:
            nws = row[R_WSEAT]
            nwc = row[R_WCARD]
        nalive = row[R_ALIVE]
        if seat == akter and ((c == q[Q_H7] and tno != 9) or (c == q[Q_T7] and tno != 10)):
            nalive = 0
        if nd == 2:
            full = row[R_TRICK] | (1 << c)
            npts = row[R_PTS]
            if nws == akter and q[Q_POINTS]:
                y = full
                while y:
                    e = _low(y)
                    y &= y - 1
                    npts += q[Q_VALUE + e]
                if tno == 10:
                    npts += 10
            if tno == 9 and nalive:
                nalive = 1 if nwc == q[Q_H7] else 0
            if tno == 10 and nalive:
                nalive = 1 if nwc == q[Q_T7] else 0
            done, v = _open(h, d + 1, nws, 0, 0, -1, -1, -1, tno + 1, npts, nalive,
                            row[R_ALPHA], row[R_BETA], q, util, tt, stats, fr)
        else:
            done, v = _open(h, d + 1, row[R_LEADER], nd + 1, row[R_TRICK] | (1 << c), nws,
                            nwc, c if nd == 0 else row[R_LED], tno, row[R_PTS], nalive,
                            row[R_ALPHA], row[R_BETA], q, util, tt, stats, fr)
        if done:
            pending = True
        else:
            d += 1


def make_params(*, akter: int, trump: int, helper: int, beats: list[int] | tuple[int, ...],
                higher: list[int] | tuple[int, ...], values: list[int] | tuple[int, ...],
                points: bool, generation: int) -> I64Array:
    """The search's parameter array (a dvě sedmy in ``trump`` with ``helper``; ``akter``
    the aktér's seat 0–2; ``points``: the money depends on card points).

    >>> from stolik.deck32 import CARD_POINTS
    >>> from stolik.tricks32 import BEATS, HIGHER
    >>> q = make_params(akter=0, trump=1, helper=2, beats=BEATS[1], higher=HIGHER[1],
    ...                 values=CARD_POINTS, points=False, generation=1)
    >>> int(q[Q_T7]), int(q[Q_H7]), int(q[Q_KEY]) == 0x7F7F00
    (15, 23, True)
    """
    q = np.zeros(Q_SIZE, dtype=np.int64)
    t7, h7 = 8 * trump + 7, 8 * helper + 7
    q[Q_AKTER], q[Q_T7], q[Q_H7] = akter, t7, h7
    q[Q_TRUMPS] = 0xFF << (8 * trump)
    q[Q_KEY] = ((0xFF << (8 * trump)) | (0xFF << (8 * helper))) & ~((1 << t7) | (1 << h7))
    q[Q_GEN] = generation & 0x3FFFFF
    q[Q_POINTS] = int(points)
    for c in range(32):
        q[Q_BEATS + c] = beats[c]
        q[Q_HIGHER + c] = higher[c]
        q[Q_VALUE + c] = values[c]
    return q


def make_table(bits: int = TT_BITS) -> I64Array:
    """An empty transposition table: rows of (key, lower bound, upper bound)."""
    return np.zeros((1 << bits, 3), dtype=np.int64)
