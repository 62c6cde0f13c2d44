"""The layout of :mod:`stolik.solver.trick32`'s arrays, shared by it and by the search's
templates (:mod:`stolik.solver.trick32_kernel`): the modes, the places of the parameter array
(``P_*``), the rules fixed per compiled kernel (:data:`STATIC`), the ``stats`` array
(``ST_*``) and the fields of a frame of the search stack (``F_*``). Its own module so that
the templates read it without importing :mod:`stolik.solver.trick32`, which compiles them
(issue 26.2: no import circle between the two). Nothing here names a game.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

I64Array = npt.NDArray[np.int64]


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
P_ANY_FREE = 212     # P_FREE is not empty
P_ANY_POINTS = 213   # some card is worth points
P_NATURAL = 214      # every suit's order of play is its cards' index order (highest first)
P_SIZE = 215

STATIC = (P_SEATS, P_MODE, P_MUST_BEAT, P_MUST_TRUMP, P_MUST_OVER, P_BEAT_TRUMPED,
          P_ANY_FREE, P_ANY_POINTS, P_DUCK, P_SIGN, P_QUICK, P_TRICK_POINTS, P_LAST_BONUS,
          P_NATURAL)
"""The parameters fixed in a compiled kernel, in the order of the templates' globals
``S_SEATS, S_MODE, S_MUST_BEAT, S_MUST_TRUMP, S_MUST_OVER, S_BEAT_TRUMPED, S_FREE,
S_POINTS, S_DUCK, S_SIGN, S_QUICK, S_TRICK_POINTS, S_LAST_BONUS``."""

TT_BITS = 18
"""log2 of the transposition table's entries (5 int64 words each: 10 MiB)."""

INF = 1 << 50

ST_NODES = 0
ST_LIMIT = 1
ST_STOPPED = 2
STATS = 3
"""The ``stats`` array: ``ST_NODES`` the nodes searched; ``ST_LIMIT`` a node budget (issue
27.4: 0 none) — a search that reaches ``stats[ST_NODES] >= stats[ST_LIMIT]`` stops at once,
puts the hands back, sets ``stats[ST_STOPPED]`` to 1 and returns 0 (no value: the caller
reads the flag); the table keeps only entries of subtrees searched to their end."""


# Fields of a frame of the explicit search stack (one row per card played from the root).
F_LEADER, F_N, F_TRICK, F_WSEAT, F_WCARD, F_LED, F_PTS, F_ALPHA, F_BETA = range(9)
F_A0, F_B0, F_BEST, F_BEST_CARD, F_I, F_K, F_SEAT, F_HAND, F_SLOT, F_KEY, F_LEFT = range(9, 20)
F_MAXING = 20
F_LIVE = 21
F_KEY2 = 22
F_NAUTO = 23         # cards played for the seats after the mover that had one move only
F_AUTO_S = 24        # [3] their seats
F_AUTO_H = 27        # [3] their hands before
FRAME = 30
FRAMES = 33
MOVES = 16
"""Room for a ply's ordered moves (a hand holds at most 16 cards): the cards from ``FRAME``,
their scores from ``FRAME + MOVES``."""
