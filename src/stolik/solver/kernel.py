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
    disk beside this module: only the first import on a machine pays the compilation."""
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


@jit("i8(i8, i8, i8)")
def _tt_slot(k1: int, k2: int, size: int) -> int:
    x = k1 ^ (k2 * 0x2545F4914F6CDD1D)
    x ^= x >> 29
    x *= 0x3C79AC492BA7B653
    x ^= x >> 32
    return x & (size - 1)


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


@jit("i8(i8[::1], i8, i8, i8[::1], i8[:, ::1], i8, i8, i8)")
def _last(h: I64Array, leader: int, team: int, p: I64Array, util: I64Array, accp: int,
          acct: int, remp: int) -> int:
    """Exact value of the last trick (every card forced)."""
    ws = leader
    wcd = _CTZ[h[leader] & 0xFFFF]
    for j in range(1, 4):
        s = (leader + j) & 3
        c = _CTZ[h[s] & 0xFFFF]
        if (p[P_BEATS + wcd] >> c) & 1:
            wcd = c
            ws = s
    won = (team >> ws) & 1
    if util.shape[0] == 0:
        return int(remp + p[P_BONUS]) if won else 0
    if won:
        return int(util[accp + remp, acct + 1])
    return int(util[accp, acct])


@jit("i8(i8[::1], i8, i8, i8[::1], i8[:, ::1], i8, i8, i8, i8)")
def _two(h: I64Array, leader: int, team: int, p: I64Array, util: I64Array, accp: int,
         acct: int, alpha: int, beta: int) -> int:
    """Fail-soft alpha-beta value of a position at the start of the second-to-last trick
    (two cards in every hand), unrolled into four nested loops over its at most 16 lines;
    the last trick is forced."""
    additive = util.shape[0] == 0
    bonus = p[P_BONUS]
    s1 = (leader + 1) & 3
    s2 = (leader + 2) & 3
    s3 = (leader + 3) & 3
    m0 = (team >> leader) & 1
    m1 = (team >> s1) & 1
    m2 = (team >> s2) & 1
    m3 = (team >> s3) & 1
    h0 = h[leader]
    h1 = h[s1]
    h2 = h[s2]
    h3 = h[s3]
    rest = mask_value(h0 | h1 | h2 | h3, p)
    inf = 1 << 30
    a0 = alpha
    b0 = beta
    best0 = -inf if m0 else inf
    a = h0
    while a and a0 < b0:
        c0 = _CTZ[a & 0xFFFF]
        a &= a - 1
        a1 = a0
        b1 = b0
        best1 = -inf if m1 else inf
        l1 = legal(h1, c0, c0, p)
        while l1 and a1 < b1:
            c1 = _CTZ[l1 & 0xFFFF]
            l1 &= l1 - 1
            w1 = c0
            ws1 = leader
            if (p[P_BEATS + w1] >> c1) & 1:
                w1 = c1
                ws1 = s1
            a2 = a1
            b2 = b1
            best2 = -inf if m2 else inf
            l2 = legal(h2, c0, w1, p)
            while l2 and a2 < b2:
                c2 = _CTZ[l2 & 0xFFFF]
                l2 &= l2 - 1
                w2 = w1
                ws2 = ws1
                if (p[P_BEATS + w2] >> c2) & 1:
                    w2 = c2
                    ws2 = s2
                a3 = a2
                b3 = b2
                best3 = -inf if m3 else inf
                l3 = legal(h3, c0, w2, p)
                while l3 and a3 < b3:
                    c3 = _CTZ[l3 & 0xFFFF]
                    l3 &= l3 - 1
                    ws = ws2
                    if (p[P_BEATS + w2] >> c3) & 1:
                        ws = s3
                    tv = p[P_POINTS + c0] + p[P_POINTS + c1] + p[P_POINTS + c2] \
                        + p[P_POINTS + c3]
                    # The last trick, led by ws: the remaining cards in seat order.
                    r0 = _CTZ[(h0 & ~(1 << c0)) & 0xFFFF]
                    r1 = _CTZ[(h1 & ~(1 << c1)) & 0xFFFF]
                    r2 = _CTZ[(h2 & ~(1 << c2)) & 0xFFFF]
                    r3 = _CTZ[(h3 & ~(1 << c3)) & 0xFFFF]
                    k = (ws - leader) & 3
                    lw = r0 if k == 0 else r1 if k == 1 else r2 if k == 2 else r3
                    lk = k
                    for j in range(1, 4):
                        q = (k + j) & 3
                        c = r0 if q == 0 else r1 if q == 1 else r2 if q == 2 else r3
                        if (p[P_BEATS + lw] >> c) & 1:
                            lw = c
                            lk = q
                    won1 = (team >> ws) & 1
                    won2 = (team >> ((leader + lk) & 3)) & 1
                    if additive:
                        v = won1 * (tv + bonus) + won2 * (rest - tv + bonus)
                    else:
                        v = util[accp + won1 * tv + won2 * (rest - tv), acct + won1 + won2]
                    if m3:
                        if v > best3:
                            best3 = v
                            if v > a3:
                                a3 = v
                    elif v < best3:
                        best3 = v
                        if v < b3:
                            b3 = v
                v = best3
                if m2:
                    if v > best2:
                        best2 = v
                        if v > a2:
                            a2 = v
                elif v < best2:
                    best2 = v
                    if v < b2:
                        b2 = v
            v = best2
            if m1:
                if v > best1:
                    best1 = v
                    if v > a1:
                        a1 = v
            elif v < best1:
                best1 = v
                if v < b1:
                    b1 = v
        v = best1
        if m0:
            if v > best0:
                best0 = v
                if v > a0:
                    a0 = v
        elif v < best0:
            best0 = v
            if v < b0:
                b0 = v
    return best0


@jit("UniTuple(i8, 3)(i8[::1], i8, i8, i8[::1], i8[:, ::1], i8, i8, i8, i8)")
def _bounds(h: I64Array, leader: int, team: int, p: I64Array, util: I64Array, accp: int,
            acct: int, remp: int, tricks_left: int) -> tuple[int, int, int]:
    """Sure bounds of a trick-start position's value, and its second transposition key."""
    if util.shape[0] == 0:
        return (0, int(remp + p[P_BONUS] * tricks_left), leader | (team << 2) | _VALID)
    k2: int = (leader | (team << 2) | (accp << 8) | (acct << 16) | (p[P_TABLE] << 20)
               | _UTIL | _VALID)
    if p[P_MONOTONE]:
        return (int(util[accp, acct]), int(util[accp + remp, acct + tricks_left]), k2)
    return (-(1 << 18), 1 << 18, k2)


@jit("void(i8[:, ::1], i8, i8, i8, i8, i8, i8, i8, i8, i8)")
def _store(tt: I64Array, slot: int, k1: int, k2: int, lo: int, hi: int, alpha: int,
           beta: int, v: int, move: int) -> None:
    """Record a fail-soft result v of a search with window (alpha, beta) — an upper bound
    if v <= alpha, a lower bound if v >= beta, else exact — on top of the bounds lo, hi."""
    if v <= alpha:
        hi = min(hi, v)
    elif v >= beta:
        lo = max(lo, v)
    else:
        lo = v
        hi = v
    tt[slot, 0] = k1
    tt[slot, 1] = k2
    tt[slot, 2] = (lo + _OFF) | ((hi + _OFF) << 20) | ((move + 1) << 40)


@jit("i8(i8[::1], i8, i8, i8[::1], i8[:, ::1], i8, i8, i8, i8, i8[:, ::1], i8[::1])")
def _node2(h: I64Array, leader: int, team: int, p: I64Array, util: I64Array, accp: int,
           acct: int, alpha: int, beta: int, tt: I64Array, stats: I64Array) -> int:
    """A position at the start of the second-to-last trick: bounds, the transposition
    table, then :func:`_two`."""
    stats[ST_NODES] += 1
    remp = mask_value(h[0] | h[1] | h[2] | h[3], p)
    lo, hi, k2 = _bounds(h, leader, team, p, util, accp, acct, remp, 2)
    if lo >= beta:
        return lo
    if hi <= alpha:
        return hi
    k1 = h[0] | (h[1] << 16) | (h[2] << 32) | (h[3] << 48)
    slot = _tt_slot(k1, k2, tt.shape[0])
    if tt[slot, 0] == k1 and tt[slot, 1] == k2:
        stats[ST_TT_HITS] += 1
        info = tt[slot, 2]
        lo = max(lo, (info & _FIELD) - _OFF)
        hi = min(hi, ((info >> 20) & _FIELD) - _OFF)
    if lo >= beta or lo == hi:
        return lo
    if hi <= alpha:
        return hi
    alpha = max(alpha, lo)
    beta = min(beta, hi)
    stats[ST_TWO] += 1
    v = _two(h, leader, team, p, util, accp, acct, alpha, beta)
    _store(tt, slot, k1, k2, lo, hi, alpha, beta, v, -1)
    return v


@jit("i8(i8[::1], i8, i8, i8[::1], i8[:, ::1], i8, i8, i8, i8, i8, i8[:, ::1], i8[::1], "
     "i8[:, ::1], i8[:, ::1], i8[::1])")
def _three(h: I64Array, leader: int, team: int, p: I64Array, util: I64Array, accp: int,
           acct: int, alpha: int, beta: int, ttmove: int, tt: I64Array, stats: I64Array,
           mv: I64Array, sc: I64Array, out: I64Array) -> int:
    """Fail-soft alpha-beta value of a position at the start of a trick with three cards in
    every hand: the trick's four turns as nested loops (moves merged and ordered by
    :func:`_gen`), each finished trick going to :func:`_node2`. ``out[0]``: the best lead.
    """
    additive = util.shape[0] == 0
    bonus = p[P_BONUS]
    inf = 1 << 30
    s0 = leader
    s1 = (leader + 1) & 3
    s2 = (leader + 2) & 3
    s3 = (leader + 3) & 3
    m0 = (team >> s0) & 1
    m1 = (team >> s1) & 1
    m2 = (team >> s2) & 1
    m3 = (team >> s3) & 1
    live = h[0] | h[1] | h[2] | h[3]
    foes0 = (h[s1] if m1 != m0 else 0) | (h[s2] if m2 != m0 else 0) | (h[s3] if m3 != m0 else 0)
    foes1 = (h[s2] if m2 != m1 else 0) | (h[s3] if m3 != m1 else 0)
    foes2 = h[s3] if m3 != m2 else 0
    a0 = alpha
    b0 = beta
    best0 = -inf if m0 else inf
    out[0] = -1
    k0 = _gen(h[s0], h[s0], live, 0, s0, team, s0, 0, ttmove, foes0, p, mv[0], sc[0])
    for i0 in range(k0):
        if a0 >= b0:
            break
        c0 = mv[0, i0]
        h[s0] &= ~(1 << c0)
        stats[ST_NODES] += 1
        a1 = a0
        b1 = b0
        best1 = -inf if m1 else inf
        k1 = _gen(h[s1], legal(h[s1], c0, c0, p), live, 1, s1, team, s0, c0, -1, foes1, p,
                  mv[1], sc[1])
        for i1 in range(k1):
            if a1 >= b1:
                break
            c1 = mv[1, i1]
            ws1 = s0
            w1 = c0
            if (p[P_BEATS + w1] >> c1) & 1:
                ws1 = s1
                w1 = c1
            h[s1] &= ~(1 << c1)
            stats[ST_NODES] += 1
            a2 = a1
            b2 = b1
            best2 = -inf if m2 else inf
            k2 = _gen(h[s2], legal(h[s2], c0, w1, p), live, 2, s2, team, ws1, w1, -1, foes2,
                      p, mv[2], sc[2])
            for i2 in range(k2):
                if a2 >= b2:
                    break
                c2 = mv[2, i2]
                ws2 = ws1
                w2 = w1
                if (p[P_BEATS + w2] >> c2) & 1:
                    ws2 = s2
                    w2 = c2
                h[s2] &= ~(1 << c2)
                stats[ST_NODES] += 1
                a3 = a2
                b3 = b2
                best3 = -inf if m3 else inf
                k3 = _gen(h[s3], legal(h[s3], c0, w2, p), live, 3, s3, team, ws2, w2, -1, 0,
                          p, mv[3], sc[3])
                for i3 in range(k3):
                    if a3 >= b3:
                        break
                    c3 = mv[3, i3]
                    ws = ws2
                    if (p[P_BEATS + w2] >> c3) & 1:
                        ws = s3
                    tv = p[P_POINTS + c0] + p[P_POINTS + c1] + p[P_POINTS + c2] \
                        + p[P_POINTS + c3]
                    won = (team >> ws) & 1
                    h[s3] &= ~(1 << c3)
                    if additive:
                        gain = won * (tv + bonus)
                        v = gain + _node2(h, ws, team, p, util, accp, acct, a3 - gain,
                                          b3 - gain, tt, stats)
                    else:
                        v = _node2(h, ws, team, p, util, accp + won * tv, acct + won, a3, b3,
                                   tt, stats)
                    h[s3] |= 1 << c3
                    if m3:
                        if v > best3:
                            best3 = v
                            if v > a3:
                                a3 = v
                    elif v < best3:
                        best3 = v
                        if v < b3:
                            b3 = v
                h[s2] |= 1 << c2
                v = best3
                if m2:
                    if v > best2:
                        best2 = v
                        if v > a2:
                            a2 = v
                elif v < best2:
                    best2 = v
                    if v < b2:
                        b2 = v
            h[s1] |= 1 << c1
            v = best2
            if m1:
                if v > best1:
                    best1 = v
                    if v > a1:
                        a1 = v
            elif v < best1:
                best1 = v
                if v < b1:
                    b1 = v
        h[s0] |= 1 << c0
        v = best1
        if m0:
            if v > best0:
                best0 = v
                out[0] = c0
                if v > a0:
                    a0 = v
        elif v < best0:
            best0 = v
            out[0] = c0
            if v < b0:
                b0 = v
    return best0


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
