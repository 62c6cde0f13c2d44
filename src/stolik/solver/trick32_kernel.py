"""The search of :mod:`stolik.solver.trick32` as templates: plain functions that read the
rules fixed for a whole game or contract kind from the globals ``S_*`` below, compiled by
:func:`stolik.solver.trick32.kernel` once per set of those rules with the globals bound to
constants (:mod:`stolik.solver.specialise`), so that a rule a game does not have costs
nothing in the search (no test, no load): Mariáš never asks whether a seat is free of
beating, Betel never sums card points. The values here are only placeholders; nothing in
this module is called uncompiled except by tests.

What the rules mean, and the parameter array the compiled functions read the rest from
(the trump mask, the side, the kept and watched cards, the utility's corners), is in
:mod:`stolik.solver.trick32`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar, cast

from numba import njit as _njit
from numba import types as _types
from numba.cpython.unsafe.numbers import leading_zeros as _leading_zeros
from numba.cpython.unsafe.numbers import trailing_zeros as _trailing_zeros
from numba.extending import intrinsic as _intrinsic

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
    INF,
    MODE_ALL_TRICKS,
    MODE_COUNT,
    MODE_NO_TRICK,
    MODE_POINTS,
    MOVES,
    P_BEATS,
    P_FREE,
    P_GEN,
    P_HIGHER,
    P_KEEP_CARD,
    P_LOSE,
    P_ORDER,
    P_POINTS,
    P_SIDE,
    P_STRENGTH,
    P_SUIT,
    P_TRUMPS,
    P_WATCH,
    P_WIN,
    ST_LIMIT,
    ST_NODES,
    ST_STOPPED,
    I64Array,
)

F = TypeVar("F", bound=Callable[..., Any])


def jit(signature: str) -> Callable[[F], F]:
    """``numba.njit(signature, cache=True)``, typed for mypy: compiled once (eagerly, at
    import), cached on disk. Nothing here recurses: numba 0.68 loads recursive code from
    its cache broken (a segmentation fault at the first call)."""
    def wrap(fn: F) -> F:
        return cast(F, _njit(signature, cache=True, nogil=True)(fn))
    return wrap


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


def _ctpop_typing(typingctx: Any, x: Any) -> Any:
    """LLVM's population count of an int64 (one instruction where the CPU has one)."""
    sig = _types.int64(_types.int64)

    def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
        return builder.ctpop(args[0])
    return sig, codegen


_ctpop = cast(Callable[[int], int], _intrinsic(_ctpop_typing))
_ctz = cast(Callable[[int], int], _trailing_zeros)
_clz = cast(Callable[[int], int], _leading_zeros)


@jit("i8(i8)")
def _popcount(x: int) -> int:
    return _ctpop(x)


@jit("i8(i8)")
def _low_bit(x: int) -> int:
    """The index of the lowest set bit of ``x`` (not 0): LLVM's count of trailing zeros
    (a linear scan here cost Mariáš's and Betel's searches a third of their time)."""
    return _ctz(x)


@jit("i8(i8)")
def _high_bit(x: int) -> int:
    """The index of the highest set bit of ``x`` (not 0): LLVM's count of leading zeros."""
    return 63 - _clz(x)


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


def _lowest(x: int, p: I64Array) -> int:
    """The lowest card (in the order of play) of the cards ``x`` of one suit (not 0)."""
    if S_NATURAL:
        return _high_bit(x)
    best = -1
    while x:
        c = _low_bit(x)
        x &= x - 1
        if best < 0 or p[P_STRENGTH + c] > p[P_STRENGTH + best]:
            best = c
    return best


def _beaten(h: I64Array, s: int, top: int, p: I64Array) -> int:
    """The card with which seat ``s`` plays above ``top`` (the led suit's highest card in
    the trick) when he cannot help it — he must beat and holds a card above it, or he is
    free and holds only cards above it: his lowest above it — else −1."""
    ss = h[s] & p[P_SUIT + top]
    hi = ss & p[P_HIGHER + top]
    if not hi:
        return -1
    if S_FREE and (p[P_FREE] >> s) & 1 and ss & ~hi:
        return -1
    return _lowest(hi, p)


def _forces(h: I64Array, leader: int, c: int, p: I64Array) -> int:
    """Three seats, the side one of them, the leader not: whether (1, 0) his lead ``c``
    makes the side take the trick however it plays, his partner playing as he must and
    otherwise under the side's card (the side second: its lowest card above ``c`` when it
    holds one, and the partner cannot help beating it; the side last: it holds a card
    above the trick's highest card after the partner's lowest forced one). A misère's
    move ordering (:func:`_enter`): such leads first."""
    side = p[P_SIDE]
    a = leader + 1 if leader < 2 else 0
    b = a + 1 if a < 2 else 0
    if (side >> a) & 1:
        hi = h[a] & p[P_HIGHER + c]
        if not hi:
            return 0
        return int(_beaten(h, b, _lowest(hi, p), p) < 0)
    top = _beaten(h, a, c, p)
    return int(h[b] & p[P_HIGHER + (c if top < 0 else top)] != 0)


def _lead_escapes(h: I64Array, d: int, p: I64Array) -> int:
    """Three seats without trumps: whether (1, 0) seat ``d``, leading, holds a card that
    one of the others must play above (:func:`_beaten`: he must beat and can, or is free
    and holds only higher cards of the suit) — his lowest of its suit — so that he
    surely loses the trick."""
    a = d + 1 if d < 2 else 0
    b = a + 1 if a < 2 else 0
    for suit in range(4):
        ds = h[d] & p[P_SUIT + 8 * suit]
        if ds:
            c = _lowest(ds, p)
            if _beaten(h, a, c, p) >= 0 or _beaten(h, b, c, p) >= 0:
                return 1
    return 0


def _tried(h: I64Array, s: int, d: int, x: int, top: int, trick: int, p: I64Array) -> int:
    """The cards seat ``s`` is tried with in the trick led with ``x`` (its led suit's
    highest card ``top``, the cards ``trick`` on the table) by the misère bounds below:
    the declarer ``d`` one card — his lowest above ``top`` where he must beat, else his
    highest of the suit, void his highest card — another seat each legal card but those
    equivalent to a higher one (:func:`representatives`)."""
    if s != d:
        return representatives(legal(h[s], s, x, top, trick, 2, p),
                               h[0] | h[1] | h[2] | trick, p)
    hand = int(h[d])
    ds = hand & int(p[P_SUIT + x])
    if not ds:
        return hand & -hand
    above = ds & int(p[P_HIGHER + top])
    if above:
        return 1 << _lowest(above, p)
    return ds & -ds


def _taker(leader: int, x: int, a: int, ca: int, b: int, cb: int, p: I64Array) -> int:
    """Who takes the trick ``leader`` led with ``x``, seat ``a`` playing ``ca`` and then
    seat ``b`` ``cb`` (no trumps: the highest card of the led suit)."""
    top = ca if (p[P_HIGHER + x] >> ca) & 1 else x
    if (p[P_HIGHER + top] >> cb) & 1:
        return b
    return a if top == ca else leader


def _then_escapes(h: I64Array, leader: int, x: int, d: int, p: I64Array) -> int:
    """Three seats without trumps, ``leader`` (not ``d``) leading ``x``: whether (1, 0)
    however the others play (``d`` as :func:`_tried` has him) ``d`` loses the trick or,
    having taken it, leads a card one of them must play above (:func:`_lead_escapes`).
    ``h`` is restored."""
    a = leader + 1 if leader < 2 else 0
    b = a + 1 if a < 2 else 0
    h[leader] &= ~(1 << x)
    ok = 1
    ya = _tried(h, a, d, x, x, 1 << x, p)
    while ya and ok:
        ca = _low_bit(ya)
        ya &= ya - 1
        h[a] &= ~(1 << ca)
        top = ca if (p[P_HIGHER + x] >> ca) & 1 else x
        yb = _tried(h, b, d, x, top, (1 << x) | (1 << ca), p)
        while yb and ok:
            cb = _low_bit(yb)
            yb &= yb - 1
            if _taker(leader, x, a, ca, b, cb, p) == d:
                h[b] &= ~(1 << cb)
                ok = _lead_escapes(h, d, p)
                h[b] |= 1 << cb
        h[a] |= 1 << ca
    h[leader] |= 1 << x
    return ok


def _escapes(h: I64Array, leader: int, p: I64Array) -> int:
    """Three seats without trumps, the side one seat (a misère's declarer): whether (1, 0)
    he can lose one of the next two tricks (or the trick now, with one to play) whatever
    the others play. He leads: a card a defender must play above
    (:func:`_lead_escapes`). Another leads: every lead leaves him a loser — he is void in
    its suit, or cannot beat the card, or beats it second with his lowest card above it
    and the third must play above that, or is third and the second must play above every
    card of his in the suit — or, where it does not, every way the trick may go that he
    takes leaves him a losing lead (:func:`_then_escapes`)."""
    side = p[P_SIDE]
    d = _low_bit(side)
    mine = h[d]
    if leader == d:
        return _lead_escapes(h, d, p)
    second = leader + 1 if leader < 2 else 0
    third = second + 1 if second < 2 else 0
    y = representatives(h[leader], h[0] | h[1] | h[2], p)
    while y:
        x = _low_bit(y)
        y &= y - 1
        ds = mine & p[P_SUIT + x]
        above = ds & p[P_HIGHER + x]
        if not above:
            continue  # void, or nothing above the lead: he plays under it
        if second == d:  # he must beat: his lowest card above, the third above that?
            if _beaten(h, third, _lowest(above, p), p) >= 0:
                continue
        else:  # the second must play above, and above every card of his
            top = _beaten(h, second, x, p)
            if top >= 0 and not ds & p[P_HIGHER + top]:
                continue
        if not _then_escapes(h, leader, x, d, p):
            return 0
    return 1


def _lead_twice(h: I64Array, d: int, p: I64Array) -> int:
    """Three seats without trumps, ``d`` (a misère's declarer) leading: whether (1, 0) he
    has a lead with which he loses the trick however the others play, and then loses
    one of the next two (:func:`_escapes`) however it went. ``h`` is restored."""
    y = h[d]
    while y:
        c = _low_bit(y)
        y &= y - 1
        if _lost_then(h, d, c, d, p):
            return 1
    return 0


def _lost_then(h: I64Array, leader: int, x: int, d: int, p: I64Array) -> int:
    """Whether (1, 0), ``leader`` leading ``x``, however the others play (``d`` as
    :func:`_tried` has him) the declarer ``d`` loses the trick and then one of the next
    two (:func:`_escapes`). ``h`` is restored."""
    a = leader + 1 if leader < 2 else 0
    b = a + 1 if a < 2 else 0
    h[leader] &= ~(1 << x)
    ok = 1
    ya = _tried(h, a, d, x, x, 1 << x, p)
    while ya and ok:
        ca = _low_bit(ya)
        ya &= ya - 1
        h[a] &= ~(1 << ca)
        top = ca if (p[P_HIGHER + x] >> ca) & 1 else x
        yb = _tried(h, b, d, x, top, (1 << x) | (1 << ca), p)
        while yb and ok:
            cb = _low_bit(yb)
            yb &= yb - 1
            won = _taker(leader, x, a, ca, b, cb, p)
            h[b] &= ~(1 << cb)
            ok = int(won != d) and _escapes(h, won, p)
            h[b] |= 1 << cb
        h[a] |= 1 << ca
    h[leader] |= 1 << x
    return ok


def _twice(h: I64Array, leader: int, p: I64Array) -> int:
    """Three seats without trumps, the side one seat (a misère's declarer): whether (1, 0)
    he can lose two of the tricks to come whatever the others play. He leads: a lead
    that loses and leaves him a loser of one of the next two (:func:`_lead_twice`).
    Another leads: every lead leaves him as :func:`_won_then` asks. (Three enumerations
    of a trick's end, each with its own test, since numba caches no recursive code.)
    ``h`` is restored."""
    d = _low_bit(p[P_SIDE])
    if leader == d:
        return _lead_twice(h, d, p)
    y = representatives(h[leader], h[0] | h[1] | h[2], p)
    while y:
        x = _low_bit(y)
        y &= y - 1
        if not _won_then(h, leader, x, d, p):
            return 0
    return 1


def _won_then(h: I64Array, leader: int, x: int, d: int, p: I64Array) -> int:
    """Whether (1, 0), ``leader`` (not ``d``) leading ``x``, however the others play
    (``d`` as :func:`_tried` has him) the declarer loses the trick and then one of the
    next two (:func:`_escapes`), or takes it and then leads as :func:`_lead_twice` asks.
    ``h`` is restored."""
    a = leader + 1 if leader < 2 else 0
    b = a + 1 if a < 2 else 0
    h[leader] &= ~(1 << x)
    ok = 1
    ya = _tried(h, a, d, x, x, 1 << x, p)
    while ya and ok:
        ca = _low_bit(ya)
        ya &= ya - 1
        h[a] &= ~(1 << ca)
        top = ca if (p[P_HIGHER + x] >> ca) & 1 else x
        yb = _tried(h, b, d, x, top, (1 << x) | (1 << ca), p)
        while yb and ok:
            cb = _low_bit(yb)
            yb &= yb - 1
            won = _taker(leader, x, a, ca, b, cb, p)
            h[b] &= ~(1 << cb)
            ok = _lead_twice(h, d, p) if won == d else _escapes(h, won, p)
            h[b] |= 1 << cb
        h[a] |= 1 << ca
    h[leader] |= 1 << x
    return ok


def _shape(h: I64Array, live: int, suit: int, p: I64Array) -> int:
    """Who holds each live card of ``suit``, from its highest down: the seats as digits of
    a base-``S_SEATS`` number under a leading 1 (below 2 ** 18). Two positions of one deal
    with the same shape in every suit play alike when cards are worth no points: a trick
    depends only on the order of the cards in it."""
    code = 1
    if S_NATURAL:  # the live cards in index order: from the highest down
        x = live & (0xFF << (8 * suit))
        while x:
            c = _low_bit(x)
            x &= x - 1
            code = code * S_SEATS + ((h[1] >> c) & 1) + 2 * ((h[2] >> c) & 1)
            if S_SEATS == 4:
                code += 3 * ((h[3] >> c) & 1)
        return code
    base = P_ORDER + 8 * suit
    for i in range(8):
        c = p[base + i]
        if (live >> c) & 1:
            code = code * S_SEATS + ((h[1] >> c) & 1) + 2 * ((h[2] >> c) & 1)
            if S_SEATS == 4:
                code += 3 * ((h[3] >> c) & 1)
    return code

def _by_shape(p: I64Array) -> int:
    """Whether (1, 0) the table keys positions by their shape (:func:`_shape`): no card
    worth points, the value not a function of the points so far, no card kept or
    watched."""
    if S_POINTS or S_MODE == MODE_POINTS:
        return 0
    return int(p[P_WATCH] < 0 and p[P_KEEP_CARD] < 0)


def _card_at(rel: int, live: int, p: I64Array) -> int:
    """The live card of suit ``rel // 8`` with ``rel % 8`` live cards of it above."""
    suit = rel >> 3
    k = rel & 7
    for i in range(8):
        c = p[P_ORDER + 8 * suit + i]
        if (live >> c) & 1:
            if k == 0:
                return int(c)
            k -= 1
    return -1


def _enter(h: I64Array, d: int, leader: int, n: int, trick: int, wseat: int, wcard: int,
           led: int, pts: int, alpha: int, beta: int, tricks_left: int, p: I64Array,
           util: I64Array, tt: I64Array, stats: I64Array,
           fr: I64Array) -> tuple[int, int]:
    """Open the node at ply ``d``: (1, value) when it is settled at once (the last trick,
    a bound, the table), else (0, 0) with its frame and ordered moves written in ``fr``."""
    stats[ST_NODES] += 1
    side = p[P_SIDE]
    slot = -1
    key = 0
    key2 = 0
    hint = -1
    off = 0  # MODE_COUNT: the table's values are relative to the count so far
    if n == 0:
        if tricks_left == 1:
            return 1, _last_trick(h, leader, pts, p, util)
        live = h[0] | h[1] | h[2] | h[3]
        if (S_MODE == MODE_POINTS) | (S_MODE == MODE_COUNT):  # bound what is left to win
            rest = S_LAST_BONUS + S_TRICK_POINTS * tricks_left
            x = live if S_POINTS else 0
            while x:
                c = _low_bit(x)
                x &= x - 1
                rest += p[P_POINTS + c]
            lo = INF
            hi = -INF
            if S_MODE == MODE_COUNT:
                off = S_SIGN * (pts // 10)
                lo = min(off, S_SIGN * ((pts + rest) // 10))
                hi = max(off, S_SIGN * ((pts + rest) // 10))
                if (S_SIGN == -1) & (S_SEATS == 3) and p[P_TRUMPS] == 0 \
                        and not side & (side - 1):  # he can lose this trick: one less
                    esc = -((pts + S_TRICK_POINTS * (tricks_left - 1)) // 10)
                    pass
                if S_QUICK and S_SIGN == 1:
                    qt = quick_tricks(h, leader, tricks_left, p)
                    if qt and (side >> leader) & 1:
                        lo = max(lo, (pts + S_TRICK_POINTS * qt) // 10)
                    elif qt:
                        hi = min(hi, (pts + S_TRICK_POINTS * (tricks_left - qt)) // 10)
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
            if S_MODE == MODE_COUNT and S_SIGN == -1 and p[P_TRUMPS] == 0:
                sw = sweep(h, leader, tricks_left, p)
                if sw >= 0:
                    return 1, int(-((pts + S_TRICK_POINTS * sw) // 10))
        if S_MODE == MODE_ALL_TRICKS and (side >> leader) & 1 and _all_top(h, leader, p):
            return 1, int(p[P_WIN])  # the leader takes all
        if S_MODE == MODE_NO_TRICK and p[P_TRUMPS] == 0:  # a betl settled at once
            sw = sweep(h, leader, tricks_left, p)
            if sw >= 0:
                return 1, int(p[P_LOSE] if sw else p[P_WIN])
        relative = _by_shape(p)
        if relative:  # who holds each live card, suit by suit from the top
            key = _shape(h, live, 0, p) | (_shape(h, live, 1, p) << 18) | (leader << 36)
            key2 = _shape(h, live, 2, p) | (_shape(h, live, 3, p) << 18) | (p[P_GEN] << 36)
        else:
            key = live | (leader << 32)
            if S_MODE != MODE_COUNT:
                key |= (pts // 10) << 34
            key2 = p[P_GEN] << 36
        if relative:  # shapes: folding keeps neighbouring positions' rows close (faster)
            mix = key ^ (key2 * 0x9E3779B1)
            slot = (mix ^ (mix >> 17) ^ (mix >> 31) ^ (mix >> 43)) & (tt.shape[0] - 1)
        else:  # card masks: folding maps whole families of positions to one row (a Mariáš
            # hra searched 196 M nodes instead of 9 M); a multiplicative (Fibonacci) hash
            slot = ((key ^ (key2 * 0x9E3779B1)) * -7046029254386353131 >> 32) & (
                tt.shape[0] - 1)
        if tt[slot, 0] == key + 1 and tt[slot, 4] == key2:
            lo = int(tt[slot, 1]) + off
            hi = int(tt[slot, 2]) + off
            hint = int(tt[slot, 3] & 0xFF) - 1
            if relative and hint >= 0:
                hint = _card_at(hint, live, p)
            if lo >= beta or lo == hi:
                return 1, lo
            if hi <= alpha:
                return 1, hi
            if lo > alpha:
                alpha = lo
            if hi < beta:
                beta = hi
        if (S_MODE == MODE_COUNT) & (S_SIGN == -1) & (S_SEATS == 3) and p[P_TRUMPS] == 0 \
                and not side & (side - 1):  # he can lose one trick, or two: a bound
            esc = -((pts + S_TRICK_POINTS * (tricks_left - 1)) // 10)
            got = 0
            tried = 0  # the flag of the test tried (the table keeps its failures)
            known = tt[slot, 3] >> 8 if tt[slot, 0] == key + 1 and tt[slot, 4] == key2 else 0
            if esc >= beta and not known & 1:
                got = _escapes(h, leader, p)
                tried = 1
            elif tricks_left >= 4 and esc + 1 >= beta and not known & 2:
                got = 2 * _twice(h, leader, p)
                tried = 2
            if tried:
                if tt[slot, 0] != key + 1 or tt[slot, 4] != key2:
                    tt[slot, 0] = key + 1
                    tt[slot, 1] = -INF
                    tt[slot, 2] = INF
                    tt[slot, 3] = 0
                    tt[slot, 4] = key2
                if got:
                    v = esc + got - 1
                    if v - off > tt[slot, 1]:
                        tt[slot, 1] = v - off
                    return 1, v
                tt[slot, 3] |= tried << 8
    seat = leader + n
    if seat >= S_SEATS:
        seat -= S_SEATS
    hand = h[seat]
    allowed = legal(hand, seat, led, wcard, trick, tricks_left, p)
    live = h[0] | h[1] | h[2] | h[3] | trick
    moves = allowed if allowed & (allowed - 1) == 0 else representatives(allowed, live, p)
    maxing = (side >> seat) & 1
    # order the moves: the table's move, then what wins the trick, cheap discards
    ours = 0
    theirs = 0
    dominated = 0  # suits where every card the side holds is above every other seat's
    if S_DUCK:
        for s in range(S_SEATS):
            if (side >> s) & 1:
                ours |= h[s]
        theirs = (h[0] | h[1] | h[2] | h[3]) & ~ours
        if n == 0 and not maxing:
            for suit in range(4):
                sm = p[P_SUIT + 8 * suit]
                a = ours & sm
                b = theirs & sm
                if a and b:
                    dom = 1
                    y = a
                    while y:
                        e = _low_bit(y)
                        y &= y - 1
                        if b & p[P_HIGHER + e]:
                            dom = 0
                            break
                    dominated |= dom << suit
    k = 0
    x = moves
    ours_winning = n > 0 and ((side >> wseat) & 1) == maxing
    while x:
        c = _low_bit(x)
        x &= x - 1
        sc = 0
        if c == hint:
            sc = 1000
        elif S_DUCK:  # a misère
            if n == 0:  # the highest card first, where the wish allows
                if maxing:  # the side: first into a suit where another holds a card above
                    sc = 110 - p[P_STRENGTH + c]
                    if p[P_HIGHER + c] & theirs:
                        sc = 310 - p[P_STRENGTH + c]
                elif S_SEATS == 3 and not side & (side - 1) and _forces(h, seat, c, p):
                    sc = 900 - p[P_STRENGTH + c]  # the other side: the side must take it,
                elif p[P_HIGHER + c] & ours:  # else a suit where the side must beat,
                    sc = 210 - p[P_STRENGTH + c]  # the more if it holds only cards above
                    if (dominated >> (c >> 3)) & 1:
                        sc += 200
                else:
                    sc = p[P_STRENGTH + c] + (50 if ours & p[P_SUIT + c] else 0)
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
    fr[d, F_LIVE] = live
    fr[d, F_KEY2] = key2
    return 0, 0


def _close(fr: I64Array, d: int, tt: I64Array, p: I64Array) -> int:
    """Close the node at ply ``d``: store its bounds in the table (in ``MODE_COUNT``
    relative to the count so far), return its value."""
    best = fr[d, F_BEST]
    slot = fr[d, F_SLOT]
    if slot >= 0:
        key = fr[d, F_KEY]
        rel = best
        if S_MODE == MODE_COUNT:
            rel -= S_SIGN * (fr[d, F_PTS] // 10)
        key2 = fr[d, F_KEY2]
        if tt[slot, 0] != key + 1 or tt[slot, 4] != key2:
            tt[slot, 0] = key + 1
            tt[slot, 1] = -INF
            tt[slot, 2] = INF
            tt[slot, 3] = 0
            tt[slot, 4] = key2
        if best <= fr[d, F_A0]:
            if rel < tt[slot, 2]:
                tt[slot, 2] = rel
        elif best >= fr[d, F_B0]:
            if rel > tt[slot, 1]:
                tt[slot, 1] = rel
        else:
            tt[slot, 1] = rel
            tt[slot, 2] = rel
        best_card = fr[d, F_BEST_CARD]
        if best_card >= 0 and _by_shape(p):  # its place among its suit's live cards
            best_card = (best_card & ~7) + _popcount(p[P_HIGHER + best_card] & fr[d, F_LIVE])
        tt[slot, 3] = (tt[slot, 3] & ~0xFF) | (best_card + 1)  # the flags of _enter kept
    return int(best)


def search(h: I64Array, leader: int, n: int, trick: int, wseat: int, wcard: int,
           led: int, pts: int, alpha: int, beta: int, tricks_left: int, p: I64Array,
           util: I64Array, tt: I64Array, stats: I64Array, fr: I64Array) -> int:
    """The value of the position: ``h`` the hands (restored on return), ``n`` cards of the
    trick in progress already played (``trick`` their mask, led by ``leader``, now won by
    ``wcard`` of ``wseat``, ``led`` the first card), ``pts`` the side's points so far,
    ``tricks_left`` counting the trick in progress. Fail-soft within (alpha, beta).
    ``fr``: the scratch of :func:`make_stack`. With a node budget in ``stats`` (issue 27.4,
    :data:`~stolik.solver.trick32.ST_LIMIT`) it may stop unfinished: ``stats[ST_STOPPED]``
    set, 0 returned, the hands restored. Fail-soft alpha-beta over an explicit stack
    (numba caches no recursive code)."""
    side = p[P_SIDE]
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
            for i in range(fr[d, F_NAUTO]):
                h[fr[d, F_AUTO_S + i]] = fr[d, F_AUTO_H + i]
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
        if stats[ST_LIMIT] > 0 and stats[ST_NODES] >= stats[ST_LIMIT]:
            # out of the node budget (issue 27.4): the hands back as they were, no value
            for j in range(d - 1, -1, -1):
                for i in range(fr[j, F_NAUTO]):
                    h[fr[j, F_AUTO_S + i]] = fr[j, F_AUTO_H + i]
                h[fr[j, F_SEAT]] = fr[j, F_HAND]
            stats[ST_STOPPED] = 1
            return 0
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
        # the seats after him with one move only play it here, without a ply of their own
        cn = nd + 1
        ctrick = trick_d | (1 << c)
        cled = c if nd == 0 else fr[d, F_LED]
        leader_d = fr[d, F_LEADER]
        nauto = 0
        while cn < S_SEATS:
            s2 = leader_d + cn
            if s2 >= S_SEATS:
                s2 -= S_SEATS
            hand2 = h[s2]
            allowed2 = legal(hand2, s2, cled, nwc, ctrick, left, p)
            if allowed2 & (allowed2 - 1):
                allowed2 = representatives(allowed2, h[0] | h[1] | h[2] | h[3] | ctrick, p)
                if allowed2 & (allowed2 - 1):
                    break
            c2 = _low_bit(allowed2)
            fr[d, F_AUTO_S + nauto] = s2
            fr[d, F_AUTO_H + nauto] = hand2
            nauto += 1
            h[s2] = hand2 & ~(1 << c2)
            if (p[P_BEATS + nwc] >> c2) & 1:
                nws, nwc = s2, c2
            ctrick |= 1 << c2
            cn += 1
        fr[d, F_NAUTO] = nauto
        if cn < S_SEATS:
            done, v = _enter(h, d + 1, leader_d, cn, ctrick, nws, nwc, cled, fr[d, F_PTS],
                             a, b, left, p, util, tt, stats, fr)
        else:
            won = (side >> nws) & 1
            full = ctrick
            if left == 1:
                gain = S_LAST_BONUS + S_TRICK_POINTS
                y = full if S_POINTS else 0
                while y:
                    e = _low_bit(y)
                    y &= y - 1
                    gain += p[P_POINTS + e]
                watched = (full >> p[P_WATCH]) & 1 if p[P_WATCH] >= 0 else 0
                done, v = 1, _value_end(won, gain, fr[d, F_PTS], watched, nwc, p, util)
            elif (S_MODE == MODE_NO_TRICK and won) or (S_MODE == MODE_ALL_TRICKS and not won):
                done, v = 1, int(p[P_LOSE])
            else:
                gain = 0
                if won and (S_MODE == MODE_POINTS) | (S_MODE == MODE_COUNT):
                    gain = S_TRICK_POINTS
                    y = full if S_POINTS else 0
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


TEMPLATES: tuple[tuple[Any, str], ...] = (
    (legal, "i8(i8, i8, i8, i8, i8, i8, i8[::1])"),
    (representatives, "i8(i8, i8, i8[::1])"),
    (_value_end, "i8(i8, i8, i8, i8, i8, i8[::1], i8[:, ::1])"),
    (_last_trick, "i8(i8[::1], i8, i8, i8[::1], i8[:, ::1])"),
    (quick_tricks, "i8(i8[::1], i8, i8, i8[::1])"),
    (_lowest, "i8(i8, i8[::1])"),
    (_beaten, "i8(i8[::1], i8, i8, i8[::1])"),
    (_forces, "i8(i8[::1], i8, i8, i8[::1])"),
    (_lead_escapes, "i8(i8[::1], i8, i8[::1])"),
    (_tried, "i8(i8[::1], i8, i8, i8, i8, i8, i8[::1])"),
    (_taker, "i8(i8, i8, i8, i8, i8, i8, i8[::1])"),
    (_then_escapes, "i8(i8[::1], i8, i8, i8, i8[::1])"),
    (_escapes, "i8(i8[::1], i8, i8[::1])"),
    (_lost_then, "i8(i8[::1], i8, i8, i8, i8[::1])"),
    (_lead_twice, "i8(i8[::1], i8, i8[::1])"),
    (_won_then, "i8(i8[::1], i8, i8, i8, i8[::1])"),
    (_twice, "i8(i8[::1], i8, i8[::1])"),
    (_shape, "i8(i8[::1], i8, i8, i8[::1])"),
    (_by_shape, "i8(i8[::1])"),
    (_card_at, "i8(i8, i8, i8[::1])"),
    (_all_top, "i8(i8[::1], i8, i8[::1])"),
    (sweep, "i8(i8[::1], i8, i8, i8[::1])"),
    (_enter, "UniTuple(i8, 2)(i8[::1], i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8[::1], "
             "i8[:, ::1], i8[:, ::1], i8[::1], i8[:, ::1])"),
    (_close, "i8(i8[:, ::1], i8, i8[:, ::1], i8[::1])"),
    (search, "i8(i8[::1], i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8[::1], i8[:, ::1], "
             "i8[:, ::1], i8[::1], i8[:, ::1])"),
)
"""The templates with their numba signatures, each after the ones it calls."""
