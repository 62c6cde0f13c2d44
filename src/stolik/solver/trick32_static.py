"""The rules fixed per kernel of :mod:`stolik.solver.trick32`: placeholders of the
templates' globals, which :func:`stolik.solver.trick32.kernel` binds to constants
(:mod:`stolik.solver.specialise`) once per set of rules, so that a rule a game does
not have costs nothing in the search.
"""

from __future__ import annotations

from stolik.solver.trick32_layout import MODE_POINTS

# The rules fixed per kernel (placeholders; see trick32.STATIC for the parameter each one
# is read from when a kernel is made).
S_SEATS = 4          # seats at the table: 3 or 4
S_MODE = MODE_POINTS
S_MUST_BEAT = 1      # a follower must beat a trick won in the led suit if he can
S_MUST_TRUMP = 1     # a follower void in the led suit must trump
S_MUST_OVER = 1      # … and overtrump a trumped trick if he can
S_BEAT_TRUMPED = 0   # must beat the led suit's highest even when the trick is trumped
S_FREE = 0           # some seats (P_FREE) only follow suit
S_POINTS = 1         # some card is worth points
S_DUCK = 0           # misère move ordering
S_SIGN = 1           # MODE_COUNT: 1 maximise the count, −1 minimise it
S_QUICK = 0          # MODE_COUNT: bound each trick's start by quick tricks
S_TRICK_POINTS = 0   # points of each trick won
S_LAST_BONUS = 0     # points of the last trick
S_NATURAL = 0        # each suit's order of play is its cards' index order, highest first
