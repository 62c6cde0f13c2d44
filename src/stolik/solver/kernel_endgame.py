"""The last three tricks of the solver's kernel (:mod:`stolik.solver.kernel`, compiled by
numba), unrolled into nested loops: :func:`_three` (three cards a hand),
:func:`_node2`/:func:`_two` (two) and :func:`_last` (one, every card forced).
"""

from __future__ import annotations

from stolik.solver.kernel_layout import (
    _CTZ,
    _FIELD,
    _OFF,
    P_BEATS,
    P_BONUS,
    P_POINTS,
    ST_NODES,
    ST_TT_HITS,
    ST_TWO,
    I64Array,
    jit,
)
from stolik.solver.kernel_moves import (
    _gen,
    legal,
    mask_value,
)
from stolik.solver.kernel_table import (
    _bounds,
    _store,
    _tt_slot,
)


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
