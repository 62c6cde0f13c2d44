"""A compiled alpha-beta core for trick games of three or four seats with a 32-card deck (numba).

Nothing here names a game: the trick rules come in one ``int64`` parameter array built by
:func:`make_params` — for each card the cards that beat it when it wins the trick, the cards
of its suit above it in the order of play, its suit and its points, the trump mask, and
whether a follower must beat in the led suit (even in a trumped trick), must trump, must
overtrump, which seats are free of beating and trumping (they only follow suit), the number
of seats and the points each trick is worth — and the value of a finished deal comes as a
utility table.

A card is an index 0–31, a hand a 32-bit mask (the search takes four: a three-seat game
leaves the fourth empty), a seat 0 … ``P_SEATS`` − 1, the *side* a 4-bit seat mask (the
maximising seats; every other seat minimises). Within one solve the hands are fixed by the
deal, so the cards still out (one 32-bit mask) say who holds what: with the leader and the
side's points so far it keys the transposition table exactly.

Modes (``P_MODE``):

* ``MODE_POINTS``: all tricks are played; the value is ``util[pts // 10, fate]`` where
  ``pts`` is the side's points at the end (its tricks' cards, ``P_TRICK_POINTS`` for each
  trick and ``P_LAST_BONUS`` for the last; points are multiples of 10, at most 150) and
  ``fate`` says what became of the *watched* card ``P_WATCH`` (−1: none): 0 not in the last
  trick, 1 it took the last trick, 2 it was beaten in it.
* ``MODE_COUNT``: all tricks are played; the value is ``P_SIGN × pts // 10`` at the end
  (``pts`` as in ``MODE_POINTS``; no table): a count of tricks or points, to maximise
  (``P_SIGN`` 1) or minimise (−1). What the tricks still to come add does not depend on the
  points so far, so the transposition table keys no points and keeps values relative to
  them: positions reached with other tricks won share their entry.
* ``MODE_NO_TRICK``: the side must take no trick: ``P_LOSE`` as soon as it takes one,
  ``P_WIN`` after the last trick.
* ``MODE_ALL_TRICKS``: the side must take every trick: ``P_LOSE`` as soon as it loses one.

A *kept* card (``P_KEEP_CARD`` of seat ``P_KEEP_SEAT``, −1: none) may not be played before
the last trick unless it is that seat's only allowed card.

The search is fail-soft alpha-beta over an explicit stack (so that numba can cache it),
with a transposition table of lower and upper bounds and the best lead at the start of
each trick, bounds from the utility table's corners (only the "not in the last trick"
column once the watched card is gone), move ordering (the table's move, then
trick-winning heuristics, or with ``P_DUCK`` ducking ones), and equivalent-card merging:
of cards of the mover adjacent in one suit's order with no card still out (in a hand or
in the trick) between them and worth the same points, only the highest is tried; the
watched card is never merged (its place in the last trick is its fate).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, TypeVar, cast

import numpy as np
import numpy.typing as npt
from numba import njit as _njit

F = TypeVar("F", bound=Callable[..., Any])
I64Array = npt.NDArray[np.int64]


def jit(signature: str) -> Callable[[F], F]:
    """``numba.njit(signature, cache=True)``, typed for mypy: compiled once (eagerly, at
    import), cached on disk. Nothing here recurses: numba 0.68 loads recursive code from
    its cache broken (a segmentation fault at the first call)."""
    def wrap(fn: F) -> F:
        return cast(F, _njit(signature, cache=True, nogil=True)(fn))
    return wrap


MODE_POINTS, MODE_NO_TRICK, MODE_ALL_TRICKS, MODE_COUNT = 0, 1, 2, 3

# Layout of the parameter array.
P_BEATS = 0          # [32] cards that beat each card when it is winning the trick
P_HIGHER = 32        # [32] cards of the same suit above each card in the order of play
P_SUIT = 64          # [32] mask of each card's suit
P_POINTS = 96        # [32] points of each card
P_ORDER = 128        # [32] the cards suit by suit, each suit from its highest card down
P_STRENGTH = 160     # [32] 0 = the suit's highest card … 7 = its lowest
P_TRUMPS = 192       # the trump mask (0: no trumps)
P_MUST_BEAT = 193    # a follower must beat a trick won in the led suit if he can
P_MUST_TRUMP = 194   # a follower void in the led suit must trump
P_MUST_OVER = 195    # … and overtrump a trumped trick if he can
P_MODE = 196
P_SIDE = 197         # seat mask of the maximising side
P_KEEP_CARD = 198
P_KEEP_SEAT = 199
P_WATCH = 200
P_LAST_BONUS = 201
P_WIN = 202
P_LOSE = 203
P_GEN = 204          # the transposition table's generation (keys of other solves differ)
P_SEATS = 205        # seats at the table: 3 or 4
P_TRICK_POINTS = 206  # points of each trick won, whatever its cards
P_FREE = 207         # seat mask of followers free of beating and trumping (suit only)
P_BEAT_TRUMPED = 208  # must beat the led suit's highest even when the trick is trumped
P_DUCK = 209         # move ordering for a side that wants few tricks: every seat ducks first
P_SIGN = 210         # MODE_COUNT: 1 the side maximises its count, −1 it minimises it
P_QUICK = 211        # MODE_COUNT, sign 1, tricks alone counting: bound by quick tricks
P_SIZE = 212

TT_BITS = 18
"""log2 of the transposition table's entries (4 int64 words each: 8 MiB)."""

INF = 1 << 50
_KEY_BITS = 38       # remaining cards (32) + leader (2) + points / 10 (4)

ST_NODES = 0
STATS = 2
"""Counters in the ``stats`` array."""


def make_params(*, beats: Sequence[int], higher: Sequence[int], points: Sequence[int],
                trumps: int, must_beat: bool, must_trump: bool, must_overtrump: bool,
                mode: int, side: int, keep_card: int = -1, keep_seat: int = -1,
                watch: int = -1, last_bonus: int = 0, win: int = 1, lose: int = 0,
                generation: int = 1, seats: int = 4, trick_points: int = 0,
                free_seats: int = 0, beat_trumped: bool = False,
                duck: bool = False, sign: int = 1, quick: bool = False) -> I64Array:
    """The kernel's parameter array. ``beats``, ``higher``, ``points``: per card;
    ``higher[c]`` must hold only cards of c's suit (suit ``c // 8``). ``seats``: 3 or 4;
    ``trick_points``: points of every trick won; ``free_seats``: a seat mask of followers
    who only follow suit (never beat, never trump); ``beat_trumped``: with ``must_beat``, a
    follower beats the led suit's highest card in the trick even when it is trumped;
    ``quick``: in ``MODE_COUNT`` with ``sign`` 1, where only tricks count (no card points,
    no last-trick bonus), bound each trick's start by the leader's quick tricks;
    ``duck``: order the moves for a side that wants few tricks (a misère: low leads, an
    opponent's first in a suit where the side holds a card above, and a follower's highest
    card that does not take the trick first) — the value is the same.

    >>> p = make_params(beats=[0] * 32, higher=[0] * 32, points=[0] * 32, trumps=0,
    ...                 must_beat=False, must_trump=False, must_overtrump=False,
    ...                 mode=MODE_NO_TRICK, side=1)
    >>> int(p[P_SUIT + 9]) == 0xFF00, int(p[P_SIDE])
    (True, 1)
    """
    p = np.zeros(P_SIZE, dtype=np.int64)
    for c in range(32):
        p[P_BEATS + c] = beats[c]
        p[P_HIGHER + c] = higher[c]
        p[P_SUIT + c] = 0xFF << (8 * (c // 8))
        p[P_POINTS + c] = points[c]
    for s in range(4):  # each suit from its highest card down: fewest cards above first
        cards = sorted(range(8 * s, 8 * s + 8), key=lambda c: bin(higher[c]).count("1"))
        for i, c in enumerate(cards):
            p[P_ORDER + 8 * s + i] = c
            p[P_STRENGTH + c] = i
    p[P_TRUMPS] = trumps
    p[P_MUST_BEAT] = int(must_beat)
    p[P_MUST_TRUMP] = int(must_trump)
    p[P_MUST_OVER] = int(must_overtrump)
    p[P_MODE] = mode
    p[P_SIDE] = side
    p[P_KEEP_CARD] = keep_card
    p[P_KEEP_SEAT] = keep_seat
    p[P_WATCH] = watch
    p[P_LAST_BONUS] = last_bonus
    p[P_WIN] = win
    p[P_LOSE] = lose
    p[P_GEN] = generation
    if seats not in (3, 4):
        raise ValueError(f"the kernel plays 3 or 4 seats, not {seats}")
    p[P_SEATS] = seats
    p[P_TRICK_POINTS] = trick_points
    p[P_FREE] = free_seats
    p[P_BEAT_TRUMPED] = int(beat_trumped)
    p[P_DUCK] = int(duck)
    p[P_SIGN] = sign
    p[P_QUICK] = int(quick)
    return p


def make_tt(bits: int = TT_BITS) -> I64Array:
    """An empty transposition table: rows of (key + 1, lower, upper, best card)."""
    return np.zeros((1 << bits, 4), dtype=np.int64)


@jit("i8(i8)")
def _popcount(x: int) -> int:
    n = 0
    while x:
        x &= x - 1
        n += 1
    return n


@jit("i8(i8)")
def _low_bit(x: int) -> int:
    n = 0
    while not (x >> n) & 1:
        n += 1
    return n


@jit("i8(i8, i8, i8, i8, i8, i8, i8[::1])")
def legal(hand: int, seat: int, led: int, winning: int, trick: int, tricks_left: int,
          p: I64Array) -> int:
    """The cards of ``hand`` (of ``seat``) that may follow a trick led with ``led``, holding
    the cards ``trick`` and now won by ``winning`` (``led`` −1: ``hand`` leads, any card),
    the kept card aside."""
    if led < 0:
        allowed = hand
    elif (p[P_FREE] >> seat) & 1:  # follow suit, nothing more
        follow = hand & p[P_SUIT + led]
        allowed = follow if follow else hand
    else:
        follow = hand & p[P_SUIT + led]
        if follow:
            allowed = follow
            if p[P_MUST_BEAT]:
                best = winning
                if p[P_SUIT + winning] != p[P_SUIT + led]:
                    best = -1
                    if p[P_BEAT_TRUMPED]:  # the led suit's highest card in the trick
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
            if tr and p[P_MUST_TRUMP]:
                allowed = tr
                if p[P_MUST_OVER] and (p[P_TRUMPS] >> winning) & 1:
                    hi = tr & p[P_HIGHER + winning]
                    if hi:
                        allowed = hi
            else:
                allowed = hand
    keep = p[P_KEEP_CARD]
    if keep >= 0 and tricks_left > 1 and (allowed >> keep) & 1 and allowed != (1 << keep):
        allowed &= ~(1 << keep)
    return allowed


@jit("i8(i8, i8, i8[::1])")
def representatives(allowed: int, live: int, p: I64Array) -> int:
    """``allowed`` less each card equivalent to a higher one kept: adjacent in its suit's
    order among the ``live`` cards (none out between them) and worth the same points."""
    keep = allowed
    watch = p[P_WATCH]
    for s in range(4):
        if not (allowed >> (8 * s)) & 0xFF:
            continue
        rep = -1
        for i in range(8):
            c = p[P_ORDER + 8 * s + i]
            if not (live >> c) & 1:
                continue
            if (allowed >> c) & 1 and c != watch:
                if rep >= 0 and p[P_POINTS + rep] == p[P_POINTS + c]:
                    keep &= ~(1 << c)
                else:
                    rep = c
            else:
                rep = -1
    return keep


@jit("i8(i8, i8, i8, i8, i8, i8[::1], i8[:, ::1])")
def _value_end(won: int, gained: int, pts: int, watched: int, wcard: int, p: I64Array,
               util: I64Array) -> int:
    """The value once the last trick, worth ``gained`` with its bonus, is taken (``won``: by
    the side; ``watched``: the watched card was in it; ``wcard`` took it)."""
    mode = p[P_MODE]
    if mode == MODE_NO_TRICK:
        return int(p[P_LOSE] if won else p[P_WIN])
    if mode == MODE_COUNT:
        return int(p[P_SIGN] * ((pts + gained if won else pts) // 10))
    if mode == MODE_ALL_TRICKS:
        return int(p[P_WIN] if won else p[P_LOSE])
    if won:
        pts += gained
    fate = 0
    if watched:
        fate = 1 if wcard == p[P_WATCH] else 2
    return int(util[pts // 10, fate])


@jit("i8(i8[::1], i8, i8, i8[::1], i8[:, ::1])")
def _last_trick(h: I64Array, leader: int, pts: int, p: I64Array, util: I64Array) -> int:
    """Every hand holds one card: play it out and value the end."""
    side = p[P_SIDE]
    ns = p[P_SEATS]
    wseat = leader
    wcard = _low_bit(h[leader])
    gained = p[P_POINTS + wcard] + p[P_LAST_BONUS] + p[P_TRICK_POINTS]
    watched = wcard == p[P_WATCH]
    for k in range(1, ns):
        s = leader + k
        if s >= ns:
            s -= ns
        c = _low_bit(h[s])
        gained += p[P_POINTS + c]
        if c == p[P_WATCH]:
            watched = True
        if (p[P_BEATS + wcard] >> c) & 1:
            wcard, wseat = c, s
    return _value_end((side >> wseat) & 1, gained, pts, int(watched), wcard, p, util)


@jit("i8(i8[::1], i8, i8, i8[::1])")
def quick_tricks(h: I64Array, leader: int, tricks_left: int, p: I64Array) -> int:
    """Tricks the leader takes for sure by leading his top cards: in each suit the cards
    above every other card of it still held, the whole suit once they outnumber each
    other hand's cards of it; a side suit's only as long as every other hand holding
    trumps still follows it, its long cards only when no other hand holds a trump."""
    ns = p[P_SEATS]
    trumps = p[P_TRUMPS]
    others = 0
    for s in range(ns):
        if s != leader:
            others |= h[s]
    mine = h[leader]
    total = 0
    for suit in range(4):
        sm = p[P_SUIT + 8 * suit]
        m = mine & sm
        if not m:
            continue
        theirs = others & sm
        run = 0
        x = m
        while x:
            c = _low_bit(x)
            x &= x - 1
            if not p[P_HIGHER + c] & theirs:
                run += 1
        if not run:
            continue
        longest = 0
        for s in range(ns):
            if s != leader:
                n = _popcount(h[s] & sm)
                if n > longest:
                    longest = n
        ruffers = False
        if trumps and not sm & trumps:  # a side suit: each ruffer limits it
            for s in range(ns):
                if s != leader and h[s] & trumps:
                    ruffers = True
                    n = _popcount(h[s] & sm)
                    if n < run:
                        run = n
        if run >= longest and not ruffers:
            run = _popcount(m)
        total += run
    return min(total, tricks_left)


# Fields of a frame of the explicit search stack (one row per card played from the root).
F_LEADER, F_N, F_TRICK, F_WSEAT, F_WCARD, F_LED, F_PTS, F_ALPHA, F_BETA = range(9)
F_A0, F_B0, F_BEST, F_BEST_CARD, F_I, F_K, F_SEAT, F_HAND, F_SLOT, F_KEY, F_LEFT = range(9, 20)
F_MAXING = 20
FRAME = 21
FRAMES = 33
MOVES = 16
"""Room for a ply's ordered moves (a hand holds at most 16 cards): the cards from ``FRAME``,
their scores from ``FRAME + MOVES``."""


def make_stack() -> I64Array:
    """The search's scratch: one frame per ply and that ply's ordered moves."""
    return np.zeros((FRAMES, FRAME + 2 * MOVES), dtype=np.int64)


@jit("UniTuple(i8, 2)(i8[::1], i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8[::1], "
     "i8[:, ::1], i8[:, ::1], i8[::1], i8[:, ::1])")
def _enter(h: I64Array, d: int, leader: int, n: int, trick: int, wseat: int, wcard: int,
           led: int, pts: int, alpha: int, beta: int, tricks_left: int, p: I64Array,
           util: I64Array, tt: I64Array, stats: I64Array,
           fr: I64Array) -> tuple[int, int]:
    """Open the node at ply ``d``: (1, value) when it is settled at once (the last trick,
    a bound, the table), else (0, 0) with its frame and ordered moves written in ``fr``."""
    stats[ST_NODES] += 1
    side = p[P_SIDE]
    mode = p[P_MODE]
    slot = -1
    key = 0
    hint = -1
    off = 0  # MODE_COUNT: the table's values are relative to the count so far
    if n == 0:
        if tricks_left == 1:
            return 1, _last_trick(h, leader, pts, p, util)
        live = h[0] | h[1] | h[2] | h[3]
        if (mode == MODE_POINTS) | (mode == MODE_COUNT):  # bound what is left to win
            rest = p[P_LAST_BONUS] + p[P_TRICK_POINTS] * tricks_left
            x = live
            while x:
                c = _low_bit(x)
                x &= x - 1
                rest += p[P_POINTS + c]
            lo = INF
            hi = -INF
            if mode == MODE_COUNT:
                off = p[P_SIGN] * (pts // 10)
                lo = min(off, p[P_SIGN] * ((pts + rest) // 10))
                hi = max(off, p[P_SIGN] * ((pts + rest) // 10))
                if p[P_QUICK] and p[P_SIGN] == 1:
                    qt = quick_tricks(h, leader, tricks_left, p)
                    if qt and (side >> leader) & 1:
                        lo = max(lo, (pts + p[P_TRICK_POINTS] * qt) // 10)
                    elif qt:
                        hi = min(hi, (pts + p[P_TRICK_POINTS] * (tricks_left - qt)) // 10)
            else:  # the table's corners
                fates = 3 if p[P_WATCH] >= 0 and (live >> p[P_WATCH]) & 1 else 1
                for i in range(pts // 10, (pts + rest) // 10 + 1):
                    for f in range(fates):
                        v = util[i, f]
                        if v < lo:
                            lo = v
                        if v > hi:
                            hi = v
            if lo >= beta or lo == hi:
                return 1, int(lo)
            if hi <= alpha:
                return 1, int(hi)
        if mode == MODE_ALL_TRICKS and (side >> leader) & 1:
            # every card of the leader tops its suit among the others' cards: he takes all
            others = live & ~h[leader]
            y = h[leader]
            safe = True
            while y:
                c = _low_bit(y)
                y &= y - 1
                if p[P_HIGHER + c] & others:
                    safe = False
                    break
            if safe:
                return 1, int(p[P_WIN])
        key = live | (leader << 32) | (p[P_GEN] << _KEY_BITS)
        if mode != MODE_COUNT:
            key |= (pts // 10) << 34
        slot = (key ^ (key >> 13) ^ (key >> 27) ^ (key >> 41)) & (tt.shape[0] - 1)
        if tt[slot, 0] == key + 1:
            lo = int(tt[slot, 1]) + off
            hi = int(tt[slot, 2]) + off
            hint = int(tt[slot, 3])
            if lo >= beta or lo == hi:
                return 1, lo
            if hi <= alpha:
                return 1, hi
            if lo > alpha:
                alpha = lo
            if hi < beta:
                beta = hi
    seat = leader + n
    if seat >= p[P_SEATS]:
        seat -= p[P_SEATS]
    hand = h[seat]
    allowed = legal(hand, seat, led, wcard, trick, tricks_left, p)
    live = h[0] | h[1] | h[2] | h[3] | trick
    moves = allowed if allowed & (allowed - 1) == 0 else representatives(allowed, live, p)
    maxing = (side >> seat) & 1
    # order the moves: the table's move, then what wins the trick, cheap discards
    k = 0
    x = moves
    ours_winning = n > 0 and ((side >> wseat) & 1) == maxing
    while x:
        c = _low_bit(x)
        x &= x - 1
        sc = 0
        if c == hint:
            sc = 1000
        elif p[P_DUCK]:  # a misère: low leads; follow high under the winner, else low
            if n == 0:
                sc = 100 + p[P_STRENGTH + c]
                if not maxing:  # a defender: a suit the side must beat in, not one it lacks
                    sh = 0
                    for s in range(p[P_SEATS]):
                        if (side >> s) & 1:
                            sh |= h[s]
                    if p[P_HIGHER + c] & sh:
                        sc += 50
                    elif not sh & p[P_SUIT + c]:
                        sc -= 50
            elif (p[P_BEATS + wcard] >> c) & 1:
                sc = 100 - p[P_STRENGTH + c]
            else:
                sc = 300 - p[P_STRENGTH + c]
        elif n == 0:
            above = p[P_HIGHER + c] & live & ~hand
            # the top card out of its suit first, then the highest
            sc = 300 + p[P_POINTS + c] if not above else 100 - p[P_STRENGTH + c]
        else:
            beats = (p[P_BEATS + wcard] >> c) & 1
            if ours_winning:
                sc = 200 + p[P_POINTS + c] * 2 - p[P_STRENGTH + c] if n == 3 else \
                    150 + p[P_STRENGTH + c]
            elif beats:
                sc = 400 + p[P_STRENGTH + c] + p[P_POINTS + c]
            else:
                sc = 100 - p[P_POINTS + c] * 2 + p[P_STRENGTH + c]
        j = k
        while j > 0 and fr[d, FRAME + MOVES + j - 1] < sc:
            fr[d, FRAME + j] = fr[d, FRAME + j - 1]
            fr[d, FRAME + MOVES + j] = fr[d, FRAME + MOVES + j - 1]
            j -= 1
        fr[d, FRAME + j] = c
        fr[d, FRAME + MOVES + j] = sc
        k += 1
    fr[d, F_LEADER] = leader
    fr[d, F_N] = n
    fr[d, F_TRICK] = trick
    fr[d, F_WSEAT] = wseat
    fr[d, F_WCARD] = wcard
    fr[d, F_LED] = led
    fr[d, F_PTS] = pts
    fr[d, F_ALPHA] = alpha
    fr[d, F_BETA] = beta
    fr[d, F_A0] = alpha
    fr[d, F_B0] = beta
    fr[d, F_BEST] = -INF if maxing else INF
    fr[d, F_BEST_CARD] = -1
    fr[d, F_I] = 0
    fr[d, F_K] = k
    fr[d, F_SEAT] = seat
    fr[d, F_HAND] = hand
    fr[d, F_SLOT] = slot
    fr[d, F_KEY] = key
    fr[d, F_LEFT] = tricks_left
    fr[d, F_MAXING] = maxing
    return 0, 0


@jit("i8(i8[:, ::1], i8, i8[:, ::1], i8[::1])")
def _close(fr: I64Array, d: int, tt: I64Array, p: I64Array) -> int:
    """Close the node at ply ``d``: store its bounds in the table (in ``MODE_COUNT``
    relative to the count so far), return its value."""
    best = fr[d, F_BEST]
    slot = fr[d, F_SLOT]
    if slot >= 0:
        key = fr[d, F_KEY]
        rel = best
        if p[P_MODE] == MODE_COUNT:
            rel -= p[P_SIGN] * (fr[d, F_PTS] // 10)
        if tt[slot, 0] != key + 1:
            tt[slot, 0] = key + 1
            tt[slot, 1] = -INF
            tt[slot, 2] = INF
        if best <= fr[d, F_A0]:
            if rel < tt[slot, 2]:
                tt[slot, 2] = rel
        elif best >= fr[d, F_B0]:
            if rel > tt[slot, 1]:
                tt[slot, 1] = rel
        else:
            tt[slot, 1] = rel
            tt[slot, 2] = rel
        tt[slot, 3] = fr[d, F_BEST_CARD]
    return int(best)


@jit("i8(i8[::1], i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8[::1], i8[:, ::1], "
     "i8[:, ::1], i8[::1], i8[:, ::1])")
def search(h: I64Array, leader: int, n: int, trick: int, wseat: int, wcard: int,
           led: int, pts: int, alpha: int, beta: int, tricks_left: int, p: I64Array,
           util: I64Array, tt: I64Array, stats: I64Array, fr: I64Array) -> int:
    """The value of the position: ``h`` the hands (restored on return), ``n`` cards of the
    trick in progress already played (``trick`` their mask, led by ``leader``, now won by
    ``wcard`` of ``wseat``, ``led`` the first card), ``pts`` the side's points so far,
    ``tricks_left`` counting the trick in progress. Fail-soft within (alpha, beta).
    ``fr``: the scratch of :func:`make_stack`. Fail-soft alpha-beta over an explicit stack
    (numba caches no recursive code)."""
    side = p[P_SIDE]
    mode = p[P_MODE]
    done, v = _enter(h, 0, leader, n, trick, wseat, wcard, led, pts, alpha, beta,
                     tricks_left, p, util, tt, stats, fr)
    if done:
        return v
    d = 0
    pending = False  # v holds the value of the move just tried at ply d
    while True:
        if pending:
            seat = fr[d, F_SEAT]
            h[seat] = fr[d, F_HAND]
            c = fr[d, FRAME + fr[d, F_I]]
            if fr[d, F_MAXING]:
                if v > fr[d, F_BEST]:
                    fr[d, F_BEST] = v
                    fr[d, F_BEST_CARD] = c
                if v > fr[d, F_ALPHA]:
                    fr[d, F_ALPHA] = v
            else:
                if v < fr[d, F_BEST]:
                    fr[d, F_BEST] = v
                    fr[d, F_BEST_CARD] = c
                if v < fr[d, F_BETA]:
                    fr[d, F_BETA] = v
            fr[d, F_I] += 1
            if fr[d, F_ALPHA] >= fr[d, F_BETA] or fr[d, F_I] >= fr[d, F_K]:
                v = _close(fr, d, tt, p)
                if d == 0:
                    return v
                d -= 1
                continue
            pending = False
        # try the next move of ply d
        seat = fr[d, F_SEAT]
        c = fr[d, FRAME + fr[d, F_I]]
        nd = fr[d, F_N]
        trick_d = fr[d, F_TRICK]
        wseat_d = fr[d, F_WSEAT]
        wcard_d = fr[d, F_WCARD]
        h[seat] = fr[d, F_HAND] & ~(1 << c)
        if nd == 0 or (p[P_BEATS + wcard_d] >> c) & 1:
            nws, nwc = seat, c
        else:
            nws, nwc = wseat_d, wcard_d
        left = fr[d, F_LEFT]
        a = fr[d, F_ALPHA]
        b = fr[d, F_BETA]
        if nd < p[P_SEATS] - 1:
            done, v = _enter(h, d + 1, fr[d, F_LEADER], nd + 1, trick_d | (1 << c), nws, nwc,
                             c if nd == 0 else fr[d, F_LED], fr[d, F_PTS], a, b, left, p,
                             util, tt, stats, fr)
        else:
            won = (side >> nws) & 1
            full = trick_d | (1 << c)
            if left == 1:
                gain = p[P_LAST_BONUS] + p[P_TRICK_POINTS]
                y = full
                while y:
                    e = _low_bit(y)
                    y &= y - 1
                    gain += p[P_POINTS + e]
                watched = (full >> p[P_WATCH]) & 1 if p[P_WATCH] >= 0 else 0
                done, v = 1, _value_end(won, gain, fr[d, F_PTS], watched, nwc, p, util)
            elif (mode == MODE_NO_TRICK and won) or (mode == MODE_ALL_TRICKS and not won):
                done, v = 1, int(p[P_LOSE])
            else:
                gain = 0
                if won and (mode == MODE_POINTS) | (mode == MODE_COUNT):
                    gain = p[P_TRICK_POINTS]
                    y = full
                    while y:
                        e = _low_bit(y)
                        y &= y - 1
                        gain += p[P_POINTS + e]
                done, v = _enter(h, d + 1, nws, 0, 0, -1, -1, -1, fr[d, F_PTS] + gain, a, b,
                                 left - 1, p, util, tt, stats, fr)
        if done:
            pending = True
        else:
            d += 1


__all__ = ["MODE_ALL_TRICKS", "MODE_COUNT", "MODE_NO_TRICK", "MODE_POINTS", "legal", "make_params",
           "make_stack", "make_tt", "representatives", "search"]
