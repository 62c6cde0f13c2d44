"""Laid-down ("wykładane") hands: does a lone declarer win whatever the others hold and
play, playing only on what he sees? (RULES §7.)

The declarer knows his own cards and the cards played so far; he does not know how the
unseen cards lie. The hand is laid down when he has a strategy — a choice of card at each
of his turns that depends only on what he has seen — that wins against every layout of the
unseen cards and every defence.

This is an AND-OR search against one adversary who plays for all three opponents and
chooses the unseen cards *lazily*: at an opponent's turn it may play any unseen card that
seat could still hold. Playing a card also tells what the seat does not hold (RULES §3: a
seat that does not follow the led suit has none of it; one that does not beat the winning
card has none that beats it; one that does not trump has no trump), so each opponent keeps
a mask of cards it cannot hold, and a card is allowed only if some layout of the remaining
unseen cards still fits every opponent's constraints and hand size (Hall's condition over
the 7 sets of opponents). Because a node of the search is exactly what the declarer has
seen, a winning strategy found here is one that is the same across layouts that look
identical to him — and conversely every line the adversary plays is a real layout.

Unseen cards that are adjacent in the order with nothing left between them, worth the same
and allowed to the same seats are interchangeable for the adversary — provided no opponent
who plays later in the same trick may hold them while they would win it (else one opponent
can play the lower card and his partner overtake with the higher: issue 15) — and so are
such cards of the declarer: only one of each is tried. Positions at the start of a trick
are remembered. :func:`stolik.solver.brute.brute_laid_down` (explicit layouts) is the
reference it is tested against (tests/test_laid_down.py, tests/test_solver.py).

>>> from stolik.solver.examples import CARD_POINTS, DECK, GRAN as gran
>>> is_laid_down(gran, DECK.parse_mask("JC JS AH AC"), values=CARD_POINTS, declarer=0,
...              leader=0)
True
>>> is_laid_down(gran, DECK.parse_mask("JC JS TH QH"), values=CARD_POINTS, declarer=0,
...              leader=0)
False
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import Literal

import numpy as np

from stolik.solver.kernel import (
    _CTZ,
    _POP,
    MAX_CARDS,
    P_BEATS,
    P_BETWEEN,
    P_GROUP,
    P_POINTS,
    P_STRENGTH,
    P_TRUMPS,
    I64Array,
    _order_moves,
    _tt_slot,
    jit,
    legal,
    make_params,
    mask_value,
)
from stolik.tricks import CardOrder

Goal = Literal["points", "all-tricks"]


# ---------------------------------------------------------------- the compiled search

# Fields of a frame of the explicit stack.
_DH, _UNSEEN, _F0, _C0 = 0, 1, 2, 6            # forbidden masks at 2..5, counts at 6..9
_LEADER, _N, _LED, _WS, _WC, _TMASK, _TVAL, _ACC = range(10, 18)
_SEAT, _K, _I, _RES, _SLOT, _K1, _K2, _MEMO = range(18, 26)
_FIELDS = 26
_ENTER, _NEXT, _RETURN = 0, 1, 2

MEMO_BITS = 18
"""log2 of the memo's entries (3 int64 words each: 6 MiB)."""


@jit("b1(i8, i8[::1], i8[::1], i8, i8)")
def _feasible(unseen: int, forb: I64Array, cnt: I64Array, declarer: int,
              full: int) -> bool:
    """Hall's condition: the unseen cards can be dealt to the three opponents, each getting
    its count and no card it cannot hold."""
    allowed = np.zeros(4, dtype=np.int64)
    for s in range(4):
        allowed[s] = full & ~forb[s] if s != declarer else 0
    if unseen & ~(allowed[0] | allowed[1] | allowed[2] | allowed[3]):
        return False
    for sub in range(1, 15):
        if sub >> declarer & 1:
            continue
        cap = 0
        elsewhere = 0
        for s in range(4):
            if s == declarer:
                continue
            if sub >> s & 1:
                cap += cnt[s]
            else:
                elsewhere |= allowed[s]
        if _POP[(unseen & ~elsewhere) & 0xFFFF] > cap:
            return False
    return True


@jit("i8(i8, i8, i8, i8[::1])")
def _implied(card: int, led: int, winning: int, p: I64Array) -> int:
    """The cards a seat shows it does not hold by playing ``card`` (RULES §3)."""
    g: int = p[P_GROUP + led]
    b: int = p[P_BEATS + winning]
    t: int = p[P_TRUMPS]
    if g >> card & 1:
        return 0 if b >> card & 1 else g & b
    if b >> card & 1:
        return g
    if t >> card & 1:
        return g | b
    return g | b | t


@jit("i8(i8, i8, i8[::1], i8, i8, i8[::1], i8[::1], i8[::1])")
def _reps(cards: int, live: int, forb: I64Array, later: int, takes: int, p: I64Array,
          moves: I64Array, scores: I64Array) -> int:
    """Representatives of ``cards`` (interchangeable ones merged) into ``moves``; count.

    ``later``: -1 for the declarer's cards; for an opponent's, the mask of the opponents
    who play after him in this trick. Two unseen cards are interchangeable for the
    adversary only if every opponent may hold both or neither (swapping them maps a layout
    to a layout) and no later opponent in this trick may hold them: otherwise one opponent
    playing the lower card and his partner overtaking with the higher one is a line that
    playing the higher card first does not cover (issue 15). That matters only for cards
    that would win the trick now (``takes``: every card on the lead, else the cards that
    beat the winning one): two cards that both lose to the winning card lose to it in
    either order, with the same points and the same things shown (RULES §3). The lower
    card is dropped.
    """
    k = 0
    m = cards
    while m:
        c = _CTZ[m & 0xFFFF]
        m &= m - 1
        dup = False
        o = cards & ~(1 << c)
        while o:
            d = _CTZ[o & 0xFFFF]
            o &= o - 1
            mid = p[P_BETWEEN + c * MAX_CARDS + d]
            if mid < 0 or mid & live or p[P_POINTS + c] != p[P_POINTS + d]:
                continue
            if later >= 0:
                same = True
                for s in range(4):
                    differ = (forb[s] >> c & 1) != (forb[s] >> d & 1)
                    if differ or (later >> s & 1 and takes >> c & 1
                                  and not forb[s] >> c & 1):
                        same = False
                if not same:
                    continue
            dup = True
            break
        if not dup:
            moves[k] = c
            k += 1
    return k


@jit("b1(i8[::1], i8[::1], i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8[::1], "
     "i8[:, ::1], i8)")
def _and_or(forb0: I64Array, cnt0: I64Array, dh0: int, unseen0: int, leader0: int,
            n0: int, led0: int, ws0: int, wc0: int, tval0: int, acc0: int,
            declarer: int, goal: int, p: I64Array, memo: I64Array, tmask0: int) -> bool:
    """Whether the declarer wins from the given position (see :func:`is_laid_down`).
    ``goal``: the target points, or -1 for all tricks."""
    fr = np.zeros((MAX_CARDS + 2, _FIELDS), dtype=np.int64)
    mv = np.empty((MAX_CARDS + 2, MAX_CARDS), dtype=np.int64)
    sc = np.empty((MAX_CARDS + 2, MAX_CARDS), dtype=np.int64)
    forb = np.empty(4, dtype=np.int64)
    cnt = np.empty(4, dtype=np.int64)
    full = 0
    for c in range(MAX_CARDS):
        if p[P_GROUP + c]:
            full |= 1 << c
    all_tricks = goal < 0
    ctx = (declarer << 41) | ((goal + 1) << 43)
    f = fr[0]
    f[_DH] = dh0
    f[_UNSEEN] = unseen0
    for s in range(4):
        f[_F0 + s] = forb0[s]
        f[_C0 + s] = cnt0[s]
    f[_LEADER] = leader0
    f[_N] = n0
    f[_LED] = led0
    f[_WS] = ws0
    f[_WC] = wc0
    f[_TVAL] = tval0
    f[_ACC] = acc0
    f[_TMASK] = tmask0
    d = 0
    state = _ENTER
    res = False
    while True:
        if state == _ENTER:
            f = fr[d]
            dh = f[_DH]
            unseen = f[_UNSEEN]
            n = f[_N]
            f[_MEMO] = 0
            if n == 0:
                acc = f[_ACC]
                if not all_tricks:
                    if acc >= goal:
                        res = True
                        state = _RETURN
                        continue
                    if acc + mask_value(dh | unseen, p) < goal:
                        res = False
                        state = _RETURN
                        continue
                if dh == 0:
                    res = all_tricks
                    state = _RETURN
                    continue
                leader = f[_LEADER]
                if leader == declarer:
                    # Every card of his beaten by no unseen card: he takes every trick.
                    sure = True
                    m = dh
                    while m:
                        c = _CTZ[m & 0xFFFF]
                        m &= m - 1
                        if p[P_BEATS + c] & unseen:
                            sure = False
                            break
                    if sure:
                        res = True
                        state = _RETURN
                        continue
                k1 = dh | (unseen << 16) | (leader << 32) | (acc << 34) | ctx
                k2 = 0
                for s in range(4):
                    k2 |= (f[_F0 + s] & unseen) << (16 * s)
                slot = _tt_slot(k1, k2, memo.shape[0])
                if memo[slot, 0] == k1 and memo[slot, 1] == k2:
                    res = memo[slot, 2] == 1
                    state = _RETURN
                    continue
                f[_MEMO] = 1
                f[_SLOT] = slot
                f[_K1] = k1
                f[_K2] = k2
            seat = (f[_LEADER] + n) & 3
            f[_SEAT] = seat
            live = dh | unseen | f[_TMASK]
            moves = mv[d]
            scores = sc[d]
            wc = f[_WC]
            if seat == declarer:
                lm = legal(dh, f[_LED], wc, p) if n else dh
                for s in range(4):
                    forb[s] = 0
                k = _reps(lm, live, forb, -1, 0, p, moves, scores)
                for i in range(k):
                    c = moves[i]
                    scores[i] = -p[P_STRENGTH + c] * 64 + p[P_POINTS + c]
                f[_RES] = 0
            else:
                for s in range(4):
                    forb[s] = f[_F0 + s]
                    cnt[s] = f[_C0 + s]
                later = 0
                for j in range(n + 1, 4):
                    t = (f[_LEADER] + j) & 3
                    if t != declarer:
                        later |= 1 << t
                takes = p[P_BEATS + wc] if n else full
                kk = _reps(unseen & ~forb[seat], live, forb, later, takes, p, moves, scores)
                cnt[seat] -= 1
                own = forb[seat]
                k = 0
                for i in range(kk):
                    c = moves[i]
                    forb[seat] = own | (_implied(c, f[_LED], wc, p) if n else 0)
                    if not _feasible(unseen & ~(1 << c), forb, cnt, declarer, full):
                        continue
                    takes = n == 0 or (p[P_BEATS + wc] >> c & 1)
                    moves[k] = c
                    scores[k] = takes * 1000 + p[P_POINTS + c]
                    k += 1
                f[_RES] = 1
            _order_moves(moves, scores, k)
            f[_K] = k
            f[_I] = 0
            state = _NEXT
        elif state == _NEXT:
            f = fr[d]
            i = f[_I]
            declarer_turn = f[_SEAT] == declarer
            if i >= f[_K] or (f[_RES] == 1) == declarer_turn:
                # Done: the declarer found a winning card, or the adversary a refutation,
                # or every move was tried.
                res = f[_RES] == 1
                if f[_MEMO]:
                    slot = f[_SLOT]
                    memo[slot, 0] = f[_K1]
                    memo[slot, 1] = f[_K2]
                    memo[slot, 2] = 1 if res else 0
                state = _RETURN
                continue
            c = mv[d, i]
            seat = f[_SEAT]
            n = f[_N]
            g = fr[d + 1]
            g[:] = f
            if declarer_turn:
                g[_DH] = f[_DH] & ~(1 << c)
            else:
                g[_UNSEEN] = f[_UNSEEN] & ~(1 << c)
                if n:
                    g[_F0 + seat] = f[_F0 + seat] | _implied(c, f[_LED], f[_WC], p)
                g[_C0 + seat] = f[_C0 + seat] - 1
            ws = f[_WS]
            wc = f[_WC]
            if n == 0 or (p[P_BEATS + wc] >> c & 1):
                ws = seat
                wc = c
            tv = f[_TVAL] + p[P_POINTS + c]
            if n == 0:
                g[_LED] = c
            if n == 3:
                if ws == declarer:
                    g[_ACC] = f[_ACC] + tv
                elif all_tricks:
                    # A lost trick: this line fails at once.
                    f[_I] = i + 1
                    res = False
                    if declarer_turn:
                        continue
                    f[_RES] = 0
                    continue
                g[_N] = 0
                g[_LEADER] = ws
                g[_WS] = ws
                g[_WC] = 0
                g[_TVAL] = 0
                g[_TMASK] = 0
                g[_LED] = 0
            else:
                g[_N] = n + 1
                g[_WS] = ws
                g[_WC] = wc
                g[_TVAL] = tv
                g[_TMASK] = f[_TMASK] | (1 << c)
            d += 1
            state = _ENTER
        else:
            if d == 0:
                return res
            d -= 1
            f = fr[d]
            if res:
                if f[_SEAT] == declarer:
                    f[_RES] = 1
            elif f[_SEAT] != declarer:
                f[_RES] = 0
            f[_I] += 1
            state = _NEXT


@lru_cache(maxsize=16)
def _context(order: CardOrder, values: tuple[int, ...]) -> tuple[I64Array, I64Array]:
    """Parameters and memo for one card order and card values (kept between questions:
    the memo's keys are exact and name the declarer's seat and goal)."""
    return make_params(order, values), np.zeros((1 << MEMO_BITS, 3), dtype=np.int64)


def is_laid_down(order: CardOrder, hand: int, *, values: Sequence[int], declarer: int,
                 leader: int, goal: Goal = "points", target: int = 53,
                 plays: Sequence[tuple[int, int]] = ()) -> bool:
    """Whether a lone declarer at seat ``declarer`` wins for sure, seeing only his cards.

    ``hand``: the declarer's cards not yet played (a mask); ``leader``: the seat that led
    the first trick; ``plays``: the cards played so far, as (seat, card) in play order
    (the declarer's own among them). ``goal`` "points": he must end with at least
    ``target`` card points (``values`` per card, at most 127 in all); "all-tricks": he
    must take every trick. The deck (at most 16 cards) is dealt evenly to the four seats.
    """
    n = len(order.deck)
    if n % 4 or n > MAX_CARDS:
        raise ValueError(f"the deck must deal evenly to four seats and have at most "
                         f"{MAX_CARDS} cards")
    if declarer not in range(4) or leader not in range(4):
        raise ValueError("seats are 0–3")
    vals = tuple(values)
    if len(vals) != n or min(vals) < 0 or sum(vals) > 127:
        raise ValueError("one value per card, not negative, at most 127 in all")
    if goal == "points" and not 0 <= target <= 127:
        raise ValueError("the target is 0–127 points")
    p, memo = _context(order, vals)
    cnt = np.full(4, n // 4, dtype=np.int64)
    forb = np.zeros(4, dtype=np.int64)
    played = 0
    acc = 0
    trick: list[int] = []
    lead = leader
    ws, wc, tval = leader, 0, 0
    for i, (seat, card) in enumerate(plays):
        if seat != (lead + len(trick)) % 4:
            raise ValueError(f"play {i}: it is seat {(lead + len(trick)) % 4}'s turn, "
                             f"not seat {seat}'s")
        if not 0 <= card < n or played >> card & 1 or (seat != declarer and hand >> card & 1):
            raise ValueError(f"play {i}: card {card} cannot be played here")
        if seat != declarer and trick:
            forb[seat] |= _implied(card, trick[0], wc, p)
        played |= 1 << card
        cnt[seat] -= 1
        if not trick or order.beats[wc] >> card & 1:
            ws, wc = seat, card
        trick.append(card)
        tval += vals[card]
        if len(trick) == 4:
            if ws == declarer:
                acc += tval
            elif goal == "all-tricks":
                return False
            lead, trick = ws, []
            ws, wc, tval = lead, 0, 0
    if hand & played or hand >> n or hand.bit_count() != cnt[declarer]:
        raise ValueError("the declarer's hand does not fit the cards played")
    unseen = order.deck.full_mask & ~hand & ~played
    if not _feasible(unseen, forb, cnt, declarer, order.deck.full_mask):
        raise ValueError("no layout of the unseen cards fits the play so far")
    tmask = 0
    for c in trick:
        tmask |= 1 << c
    return bool(_and_or(forb, cnt, hand, unseen, lead, len(trick), trick[0] if trick else 0,
                        ws, wc, tval, acc, declarer, target if goal == "points" else -1, p,
                        memo, tmask))
