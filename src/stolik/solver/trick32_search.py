"""The search of :mod:`stolik.solver.trick32` (templates): fail-soft alpha-beta over an
explicit stack (numba caches no recursive code). :func:`_enter` opens a node (the last
trick, the bounds, the table, the misère bounds, the ordered moves), :func:`_close`
stores its bounds, :func:`search` runs the stack, a follower with one move playing it
in the ply before his.
"""

from __future__ import annotations

from stolik.solver.trick32_bits import _low_bit, _popcount
from stolik.solver.trick32_bounds import _all_top, _last_trick, _value_end, quick_tricks, sweep
from stolik.solver.trick32_keys import _by_shape, _card_at, _shape
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
    P_GEN,
    P_HIGHER,
    P_LOSE,
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
from stolik.solver.trick32_misere import _escapes, _forces, _twice
from stolik.solver.trick32_moves import legal, representatives
from stolik.solver.trick32_static import (
    S_DUCK,
    S_LAST_BONUS,
    S_MODE,
    S_POINTS,
    S_QUICK,
    S_SEATS,
    S_SIGN,
    S_TRICK_POINTS,
)


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
        # The row leaves the generation out (the key keeps it): a position's row is the
        # same in every solve, so rows other solves left behind never match and are
        # overwritten, and a solve spends the same nodes whatever was solved before it (a
        # node budget then ends it at the same place: a hint or review asked twice, after
        # other searches, gives the same answer).
        place = key2 & ((1 << 36) - 1)
        if relative:  # shapes: folding keeps neighbouring positions' rows close (faster)
            mix = key ^ (place * 0x9E3779B1)
            slot = (mix ^ (mix >> 17) ^ (mix >> 31) ^ (mix >> 43)) & (tt.shape[0] - 1)
        else:  # card masks: folding maps whole families of positions to one row (a Mariáš
            # hra searched 196 M nodes instead of 9 M); a multiplicative (Fibonacci) hash
            slot = ((key ^ (place * 0x9E3779B1)) * -7046029254386353131 >> 32) & (
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
