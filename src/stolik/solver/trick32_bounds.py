"""Values settled without a search in :mod:`stolik.solver.trick32` (templates): the value
at the end of play and of the last trick, the leader's quick tricks, and the misère's
sweeps (a leader who takes all, a side that can take nothing more).
"""

from __future__ import annotations

from stolik.solver.trick32_bits import _low_bit, _popcount
from stolik.solver.trick32_layout import (
    MODE_ALL_TRICKS,
    MODE_COUNT,
    MODE_NO_TRICK,
    P_BEATS,
    P_HIGHER,
    P_LOSE,
    P_POINTS,
    P_SIDE,
    P_SUIT,
    P_TRUMPS,
    P_WATCH,
    P_WIN,
    I64Array,
)
from stolik.solver.trick32_static import (
    S_LAST_BONUS,
    S_MODE,
    S_SEATS,
    S_SIGN,
    S_TRICK_POINTS,
)


def _value_end(won: int, gained: int, pts: int, watched: int, wcard: int, p: I64Array,
               util: I64Array) -> int:
    """The value once the last trick, worth ``gained`` with its bonus, is taken (``won``: by
    the side; ``watched``: the watched card was in it; ``wcard`` took it)."""
    if S_MODE == MODE_NO_TRICK:
        return int(p[P_LOSE] if won else p[P_WIN])
    if S_MODE == MODE_COUNT:
        return int(S_SIGN * ((pts + gained if won else pts) // 10))
    if S_MODE == MODE_ALL_TRICKS:
        return int(p[P_WIN] if won else p[P_LOSE])
    if won:
        pts += gained
    fate = 0
    if watched:
        fate = 1 if wcard == p[P_WATCH] else 2
    return int(util[pts // 10, fate])


def _last_trick(h: I64Array, leader: int, pts: int, p: I64Array, util: I64Array) -> int:
    """Every hand holds one card: play it out and value the end."""
    side = p[P_SIDE]
    ns = S_SEATS
    wseat = leader
    wcard = _low_bit(h[leader])
    gained = p[P_POINTS + wcard] + S_LAST_BONUS + S_TRICK_POINTS
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


def quick_tricks(h: I64Array, leader: int, tricks_left: int, p: I64Array) -> int:
    """Tricks the leader takes for sure by leading his top cards: in each suit the cards
    above every other card of it still held, the whole suit once they outnumber each
    other hand's cards of it; a side suit's only as long as every other hand holding
    trumps still follows it, its long cards only when no other hand holds a trump."""
    ns = S_SEATS
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


def _all_top(h: I64Array, leader: int, p: I64Array) -> int:
    """Whether (1, 0) every card of the leader tops its suit among the others' cards (he
    takes every trick left, when no trump can fall on his leads)."""
    others = (h[0] | h[1] | h[2] | h[3]) & ~h[leader]
    y = h[leader]
    while y:
        c = _low_bit(y)
        y &= y - 1
        if p[P_HIGHER + c] & others:
            return 0
    return 1


def sweep(h: I64Array, leader: int, tricks_left: int, p: I64Array) -> int:
    """Without trumps, at a trick's start: the tricks the side takes of the
    ``tricks_left`` still to play when that is settled whatever anyone plays, else −1.
    ``tricks_left`` when the leader is the side's and every card of his tops its suit
    among the others' cards (each lead wins, and he leads again), 0 when it is the other
    side's such a leader, ``tricks_left`` too when the side is one seat whose every card
    tops its suit and the other side's leader holds a card of one of his suits (he leads
    it: the side must follow and takes the trick, then leads), and 0 when in every suit
    that both sides hold every card of the other side is above every card of the side
    (each trick led in such a suit is lost by the side; a suit only the other side holds
    is never led by the side) and the leader is of the other side, or of the side holding
    a card of such a suit (he leads it, loses, and never leads again)."""
    side = p[P_SIDE]
    live = h[0] | h[1] | h[2] | h[3]
    mine = h[leader]
    if _all_top(h, leader, p):
        return tricks_left if (side >> leader) & 1 else 0
    if not (side >> leader) & 1 and not side & (side - 1):  # one seat against the leader
        s = _low_bit(side)
        if _all_top(h, s, p):  # his every card tops its suit: a lead into one of his suits
            y = h[s]  # makes him take the trick, and then each of his own leads
            while y:
                sm = p[P_SUIT + _low_bit(y)]
                if mine & sm:
                    return tricks_left
                y &= ~sm
    ours = 0
    for s in range(S_SEATS):
        if (side >> s) & 1:
            ours |= h[s]
    theirs = live & ~ours
    escape = not (side >> leader) & 1
    for suit in range(4):
        sm = p[P_SUIT + 8 * suit]
        a = ours & sm
        b = theirs & sm
        if not a or not b:
            continue
        y = a
        while y:
            c = _low_bit(y)
            y &= y - 1
            if b & ~p[P_HIGHER + c]:
                return -1
        if mine & sm:
            escape = True
    return 0 if escape else -1
