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
side's points so far it keys the transposition table exactly. Where no card is worth
points and no card is kept or watched, the key is coarser and still exact: per suit, who
holds each card still out from the highest down (the *shape*; a trick depends only on the
order of its cards), so positions reached after other cards fell share their entry, and
the best lead is stored as its place in its suit (the n-th live card from the top).

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
watched card is never merged (its place in the last trick is its fate). A follower left
with one move (after that merging) plays it at once, in the ply of the card before his,
without a ply of his own: the value of such a ply is its one child's, and a third of the
plies of a Betel misère were such (its search 1.08–1.17× faster, Mariáš's trump 1.1×). In
``MODE_COUNT`` with ``P_SIGN`` −1 and in ``MODE_NO_TRICK``, without trumps (a misère:
Betel's betelki, Mariáš's betl), each trick's start is settled at once when a leader whose
every card tops its suit takes all that is left, or when the side can take nothing more
(:func:`stolik.solver.trick32_kernel.sweep`).

**One compiled kernel per set of fixed rules.** The rules that a game (or one kind of
contract) fixes — seats, mode, the duties to beat, trump and overtrump, free seats at all,
card points at all, the move ordering, the count's sign, quick-trick bounds, the points of
a trick and of the last one, and whether each suit's order of play is its cards' index order
(then the card next above another is a bit count away, no scan) (:data:`STATIC`) — are
compile-time constants of the search:
:func:`kernel` compiles the templates of :mod:`stolik.solver.trick32_kernel` once per set
(:mod:`stolik.solver.specialise`; each cached on disk, loaded in a later process), so a
game pays nothing for another game's rules. The rest (trumps, the side, kept and watched
card, the values) stays in the parameter array, read at run time. The module-level
:func:`legal`, :func:`representatives`, :func:`quick_tricks` and :func:`search` pick the
kernel of their parameter array on each call; a caller that searches often keeps
``kernel(params)`` and calls its functions.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from stolik.solver.trick32_layout import (
    F_A0,
    F_ALPHA,
    F_AUTO_H,
    F_AUTO_S,
    F_B0,
    F_BEST,
    F_BEST_CARD,
    F_BETA,
    F_HAND,
    F_I,
    F_K,
    F_KEY,
    F_KEY2,
    F_LEADER,
    F_LED,
    F_LEFT,
    F_LIVE,
    F_MAXING,
    F_N,
    F_NAUTO,
    F_PTS,
    F_SEAT,
    F_SLOT,
    F_TRICK,
    F_WCARD,
    F_WSEAT,
    FRAME,
    FRAMES,
    INF,
    MODE_ALL_TRICKS,
    MODE_COUNT,
    MODE_NO_TRICK,
    MODE_POINTS,
    MOVES,
    P_ANY_FREE,
    P_ANY_POINTS,
    P_BEAT_TRUMPED,
    P_BEATS,
    P_DUCK,
    P_FREE,
    P_GEN,
    P_HIGHER,
    P_KEEP_CARD,
    P_KEEP_SEAT,
    P_LAST_BONUS,
    P_LOSE,
    P_MODE,
    P_MUST_BEAT,
    P_MUST_OVER,
    P_MUST_TRUMP,
    P_NATURAL,
    P_ORDER,
    P_POINTS,
    P_QUICK,
    P_SEATS,
    P_SIDE,
    P_SIGN,
    P_SIZE,
    P_STRENGTH,
    P_SUIT,
    P_TRICK_POINTS,
    P_TRUMPS,
    P_WATCH,
    P_WIN,
    ST_LIMIT,
    ST_NODES,
    ST_STOPPED,
    STATIC,
    STATS,
    TT_BITS,
    I64Array,
)

__all__ = [  # the layout is re-exported: the callers read it here
    "FRAME",
    "FRAMES",
    "F_A0",
    "F_ALPHA",
    "F_AUTO_H",
    "F_AUTO_S",
    "F_B0",
    "F_BEST",
    "F_BEST_CARD",
    "F_BETA",
    "F_HAND",
    "F_I",
    "F_K",
    "F_KEY",
    "F_KEY2",
    "F_LEADER",
    "F_LED",
    "F_LEFT",
    "F_LIVE",
    "F_MAXING",
    "F_N",
    "F_NAUTO",
    "F_PTS",
    "F_SEAT",
    "F_SLOT",
    "F_TRICK",
    "F_WCARD",
    "F_WSEAT",
    "INF",
    "MODE_ALL_TRICKS",
    "MODE_COUNT",
    "MODE_NO_TRICK",
    "MODE_POINTS",
    "MOVES",
    "P_ANY_FREE",
    "P_ANY_POINTS",
    "P_BEATS",
    "P_BEAT_TRUMPED",
    "P_DUCK",
    "P_FREE",
    "P_GEN",
    "P_HIGHER",
    "P_KEEP_CARD",
    "P_KEEP_SEAT",
    "P_LAST_BONUS",
    "P_LOSE",
    "P_MODE",
    "P_MUST_BEAT",
    "P_MUST_OVER",
    "P_MUST_TRUMP",
    "P_NATURAL",
    "P_ORDER",
    "P_POINTS",
    "P_QUICK",
    "P_SEATS",
    "P_SIDE",
    "P_SIGN",
    "P_SIZE",
    "P_STRENGTH",
    "P_SUIT",
    "P_TRICK_POINTS",
    "P_TRUMPS",
    "P_WATCH",
    "P_WIN",
    "STATIC",
    "STATS",
    "ST_LIMIT",
    "ST_NODES",
    "ST_STOPPED",
    "TT_BITS",
    "I64Array",
    "Kernel",
    "Tables",
    "kernel",
    "legal",
    "make_params",
    "make_stack",
    "make_tt",
    "quick_tricks",
    "representatives",
    "search",
]


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
    ``duck``: order the moves for a side that wants few tricks (a misère: the side leads
    its highest card, first into suits where another seat holds a card above; with three
    seats and a side of one an opponent first leads what makes the side take the trick
    whatever it plays (the highest such card), then into a suit where the side holds a
    card above (the highest), most of all one where it holds only cards above all the
    others'; a follower's highest card that does not take the trick comes first) — the
    value is the same.

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
    p[P_ANY_FREE] = int(free_seats != 0)
    p[P_ANY_POINTS] = int(any(points))
    p[P_NATURAL] = int(all(p[P_ORDER + c] == c for c in range(32)))
    return p


def make_tt(bits: int = TT_BITS) -> I64Array:
    """An empty transposition table: rows of (key + 1, lower, upper, best card, second key
    word); see :func:`stolik.solver.trick32_kernel._enter` for the keys."""
    return np.zeros((1 << bits, 5), dtype=np.int64)




def make_stack() -> I64Array:
    """The search's scratch: one frame per ply and that ply's ordered moves."""
    return np.zeros((FRAMES, FRAME + 2 * MOVES), dtype=np.int64)


class Tables:
    """The transposition tables and search stacks of one game's solver, shared by its solves
    in a process: each :meth:`search` takes a pair (table, stack) that no other search is
    using, the one given back last, or a new one when every pair is busy, and gives it back
    when done. The compiled search releases the GIL, so two threads (a web server's bot
    and its claim judge) do search at once: on one shared pair they wrote each other's
    frames (wrong values); a pair per thread would hold a table per thread of the pool for
    ever. Keys carry the solve's generation: a search may find any pair, its entries are
    the solve's own (no clearing).

    >>> t = Tables(bits=4)
    >>> a = t.take(); b = t.take()
    >>> a is not b, a[0].shape
    (True, (16, 5))
    >>> t.give(b); t.take() is b
    True
    """

    def __init__(self, bits: int = TT_BITS) -> None:
        import threading

        self.bits = bits
        self._free: list[tuple[I64Array, I64Array]] = []
        self._lock = threading.Lock()

    def take(self) -> tuple[I64Array, I64Array]:
        """A pair (table, stack) that no other search holds: the last given back, or new."""
        with self._lock:
            if self._free:
                return self._free.pop()
        return make_tt(self.bits), make_stack()

    def give(self, pair: tuple[I64Array, I64Array]) -> None:
        """Give back a pair that :meth:`take` handed out."""
        with self._lock:
            self._free.append(pair)

    def search(self, k: Kernel, h: I64Array, leader: int, n: int, trick: int, wseat: int,
               wcard: int, led: int, pts: int, alpha: int, beta: int, tricks_left: int,
               p: I64Array, util: I64Array, stats: I64Array) -> int:
        """``k.search`` (the arguments of :func:`search`, less the table and the stack) on a
        pair of this pool's."""
        pair = self.take()
        try:
            return int(k.search(h, leader, n, trick, wseat, wcard, led, pts, alpha, beta,
                                tricks_left, p, util, pair[0], stats, pair[1]))
        finally:
            self.give(pair)



_STATIC_INDEX = np.array(STATIC, dtype=np.int64)
_STATIC_NAMES = ("S_SEATS", "S_MODE", "S_MUST_BEAT", "S_MUST_TRUMP", "S_MUST_OVER",
                 "S_BEAT_TRUMPED", "S_FREE", "S_POINTS", "S_DUCK", "S_SIGN", "S_QUICK",
                 "S_TRICK_POINTS", "S_LAST_BONUS", "S_NATURAL")
_LAYOUT = (P_SIZE, STATIC, FRAME, FRAMES, MOVES, ST_NODES, ST_LIMIT, ST_STOPPED, INF)
"""What the templates read from this module: a change compiles new kernels."""


class Kernel:
    """The search compiled for one set of fixed rules (:data:`STATIC`): ``legal``,
    ``representatives``, ``quick_tricks`` and ``search`` take the arguments of this
    module's functions of those names, ``enter``, ``sweep``, ``escapes`` and ``twice``
    those of the templates' ``_enter``, ``sweep``, ``_escapes`` and ``_twice``. The
    module's constants are read through it too (``kernel(p).INF``)."""

    def __init__(self, rules: dict[str, int]) -> None:
        from stolik.solver import trick32_kernel
        from stolik.solver.specialise import specialise

        self.rules = rules
        # no reference counting: the search allocates nothing, and counting the arrays
        # passed at each call of one compiled function from another (atomic increments
        # and decrements) took about a quarter of the search's time
        fns = specialise(trick32_kernel.TEMPLATES, rules, salt=_LAYOUT, nrt=False)
        self.legal: Callable[..., int] = fns["legal"]
        self.representatives: Callable[..., int] = fns["representatives"]
        self.quick_tricks: Callable[..., int] = fns["quick_tricks"]
        self.search: Callable[..., int] = fns["search"]
        self.enter: Callable[..., tuple[int, int]] = fns["_enter"]
        self.sweep: Callable[..., int] = fns["sweep"]
        self.escapes: Callable[..., int] = fns["_escapes"]
        self.twice: Callable[..., int] = fns["_twice"]

    def __getattr__(self, name: str) -> Any:
        """This module's names (the layout, the modes, ``INF``)."""
        if name.startswith("__"):
            raise AttributeError(name)
        return globals()[name]


_KERNELS: dict[bytes, Kernel] = {}


def kernel(p: I64Array) -> Kernel:
    """The compiled kernel for the fixed rules of the parameter array ``p``: compiled (or
    loaded from numba's cache) at its first use in the process, then kept.

    >>> p = make_params(beats=[0] * 32, higher=[0] * 32, points=[0] * 32, trumps=0,
    ...                 must_beat=False, must_trump=False, must_overtrump=False,
    ...                 mode=MODE_NO_TRICK, side=1)
    >>> k = kernel(p)
    >>> k is kernel(p.copy()), k.rules["S_MODE"] == MODE_NO_TRICK, k.P_SIDE == P_SIDE
    (True, True, True)
    """
    key = p[_STATIC_INDEX].tobytes()
    k = _KERNELS.get(key)
    if k is None:
        k = Kernel({name: int(p[i]) for name, i in zip(_STATIC_NAMES, STATIC, strict=True)})
        _KERNELS[key] = k
    return k


def legal(hand: int, seat: int, led: int, winning: int, trick: int, tricks_left: int,
          p: I64Array) -> int:
    """The cards of ``hand`` (of ``seat``) that may follow a trick led with ``led``, holding
    the cards ``trick`` and now won by ``winning`` (``led`` −1: ``hand`` leads, any card),
    the kept card aside."""
    return kernel(p).legal(hand, seat, led, winning, trick, tricks_left, p)


def representatives(allowed: int, live: int, p: I64Array) -> int:
    """``allowed`` less each card equivalent to a higher one kept: adjacent in its suit's
    order among the ``live`` cards (none out between them) and worth the same points."""
    return kernel(p).representatives(allowed, live, p)


def quick_tricks(h: I64Array, leader: int, tricks_left: int, p: I64Array) -> int:
    """Tricks the leader takes for sure by leading his top cards (see the template)."""
    return kernel(p).quick_tricks(h, leader, tricks_left, p)


def search(h: I64Array, leader: int, n: int, trick: int, wseat: int, wcard: int,
           led: int, pts: int, alpha: int, beta: int, tricks_left: int, p: I64Array,
           util: I64Array, tt: I64Array, stats: I64Array, fr: I64Array) -> int:
    """The value of the position, fail-soft within (alpha, beta), by the kernel of ``p``
    (the arguments: :func:`stolik.solver.trick32_kernel.search`)."""
    return kernel(p).search(h, leader, n, trick, wseat, wcard, led, pts, alpha, beta,
                            tricks_left, p, util, tt, stats, fr)


__all__ = ["MODE_ALL_TRICKS", "MODE_COUNT", "MODE_NO_TRICK", "MODE_POINTS", "STATIC", "ST_LIMIT",
           "ST_NODES", "ST_STOPPED", "Kernel",
           "Tables", "kernel", "legal", "make_params", "make_stack", "make_tt", "quick_tricks",
           "representatives", "search"]
