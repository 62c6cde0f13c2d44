"""The misère bounds of :mod:`stolik.solver.trick32` (templates; issue 12): with three
seats, no trumps and a side of one seat (a misère's declarer), whether he can
lose one of the next two tricks (:func:`_escapes`), or two of the tricks to come
(:func:`_twice`), whatever the others play, and the misère's move ordering
(:func:`_forces`). Three enumerations of a trick's end remain, each with its own
test: numba caches no recursive code.
"""

from __future__ import annotations

from stolik.solver.trick32_bits import _high_bit, _low_bit
from stolik.solver.trick32_layout import (
    P_FREE,
    P_HIGHER,
    P_SIDE,
    P_STRENGTH,
    P_SUIT,
    I64Array,
)
from stolik.solver.trick32_moves import legal, representatives
from stolik.solver.trick32_static import (
    S_FREE,
    S_NATURAL,
)


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
