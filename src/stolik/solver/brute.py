"""Reference minimax: every legal card tried, no pruning, no tables — the tests' yardstick.

It plays the rules of :class:`~stolik.tricks.CardOrder` directly (``legal`` and
``beats``) and scores the end of play with any function of the team's card points and
tricks, so one function checks every mode of the compiled solver.

>>> from stolik.games.baska.deck import DECK, CARD_POINTS
>>> from stolik.games.baska.ruleset import load_ruleset
>>> order = load_ruleset("pucka-2019").orders["normal"]
>>> hands = [DECK.parse_mask(h) for h in ("AH", "TH", "AC", "AS")]
>>> brute_force(order, CARD_POINTS, hands, leader=1, team=(0,),
...             leaf=lambda p, t: p)   # A♥ wins 10♥ A♣ A♠
43
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from stolik.tricks import CardOrder

Leaf = Callable[[int, int], int]
"""Value of the end of play from the team's card points and tricks (both totals)."""


def brute_force(order: CardOrder, values: Sequence[int], hands: Sequence[int], *,
                leader: int, team: Sequence[int], leaf: Leaf, trick: Sequence[int] = (),
                points: int = 0, tricks: int = 0, memo: bool = False) -> int:
    """Minimax value for ``team`` (it maximizes, the other seats minimize) of the position:
    ``hands`` by seat (masks), the ``trick`` on the table (cards in play order, led by
    ``leader``), and the ``points``/``tricks`` the team has taken already.

    ``memo``: remember the value of each position met at the start of a trick (the whole
    state: hands, leader, points and tricks taken) — the same minimax, computed once per
    position; it makes full deals affordable in the tests.
    """
    h = list(hands)
    seats = set(team)
    cache: dict[tuple[int, int, int, int, int, int, int], int] = {}

    def rec(leader: int, trick: list[int], acc_p: int, acc_t: int) -> int:
        n = len(trick)
        if n == 4:
            win = 0
            for i in range(1, 4):
                if order.beats[trick[win]] >> trick[i] & 1:
                    win = i
            winner = (leader + win) % 4
            if winner in seats:
                acc_p += sum(values[c] for c in trick)
                acc_t += 1
            return rec(winner, [], acc_p, acc_t)
        seat = (leader + n) % 4
        if n == 0 and not h[seat]:
            return leaf(acc_p, acc_t)
        if n == 0 and memo:
            key = (h[0], h[1], h[2], h[3], leader, acc_p, acc_t)
            if key not in cache:
                cache[key] = rec_moves(leader, trick, acc_p, acc_t)
            return cache[key]
        return rec_moves(leader, trick, acc_p, acc_t)

    def rec_moves(leader: int, trick: list[int], acc_p: int, acc_t: int) -> int:
        n = len(trick)
        seat = (leader + n) % 4
        if n == 0:
            options = h[seat]
        else:
            winning = trick[0]
            for c in trick[1:]:
                if order.beats[winning] >> c & 1:
                    winning = c
            options = order.legal(h[seat], trick[0], winning)
        results = []
        for c in range(len(values)):
            if options >> c & 1:
                h[seat] &= ~(1 << c)
                results.append(rec(leader, [*trick, c], acc_p, acc_t))
                h[seat] |= 1 << c
        return max(results) if seat in seats else min(results)

    return rec(leader, list(trick), points, tricks)


def brute_laid_down(order: CardOrder, values: Sequence[int], hands: Sequence[int], *,
                    declarer: int, leader: int, plays: Sequence[tuple[int, int]],
                    goal: str = "points", target: int = 53) -> bool:
    """Reference for :func:`stolik.solver.laid_down.is_laid_down`, by explicit layouts.

    ``hands`` are the hands as dealt (only the declarer's is used, and the hand sizes);
    ``plays`` the (seat, card) played so far from the first trick, led by ``leader``.
    Every layout of the unseen cards among the opponents is listed and kept only if each
    card played so far was legal in it; then, at an opponent's turn, the layouts are split
    by the legal card played; the declarer chooses one card for all the layouts he cannot
    tell apart. Exponential: for endgames of two or three cards a hand.
    """
    n = len(values)
    per = n // 4
    opps = [s for s in range(4) if s != declarer]
    played = 0
    for _, c in plays:
        played |= 1 << c
    mine = hands[declarer]
    unseen = [c for c in range(n) if not (mine | played) >> c & 1]
    by_seat = [0, 0, 0, 0]
    for s, c in plays:
        by_seat[s] |= 1 << c

    layouts: list[tuple[int, int, int, int]] = []

    def deal_out(i: int, lay: list[int]) -> None:
        if i == len(unseen):
            if all(lay[s].bit_count() == per for s in opps):
                layouts.append((lay[0], lay[1], lay[2], lay[3]))
            return
        for s in opps:
            if lay[s].bit_count() < per:
                lay[s] |= 1 << unseen[i]
                deal_out(i + 1, lay)
                lay[s] &= ~(1 << unseen[i])

    deal_out(0, [by_seat[s] if s != declarer else mine for s in range(4)])

    def winner(lead: int, cards: list[int]) -> int:
        w = 0
        for i in range(1, 4):
            if order.beats[cards[w]] >> cards[i] & 1:
                w = i
        return (lead + w) % 4

    def legal_now(hand: int, trick: list[int]) -> int:
        if not trick:
            return hand
        wc = trick[0]
        for c in trick[1:]:
            if order.beats[wc] >> c & 1:
                wc = c
        return order.legal(hand, trick[0], wc)

    def consistent(lay: tuple[int, int, int, int]) -> bool:
        h = list(lay)
        lead = leader
        trick: list[int] = []
        for s, c in plays:
            if not legal_now(h[s], trick) >> c & 1:
                return False
            h[s] &= ~(1 << c)
            trick.append(c)
            if len(trick) == 4:
                lead, trick = winner(lead, trick), []
        return True

    start = [lay for lay in layouts if consistent(lay)]

    def rec(lays: list[tuple[int, ...]], hist: list[tuple[int, int]]) -> bool:
        # Replay the history (the same in every layout of lays) to find the state.
        lead, acc, lost = leader, 0, False
        trick: list[int] = []
        for _s, c in hist:
            trick.append(c)
            if len(trick) == 4:
                w = winner(lead, trick)
                if w == declarer:
                    acc += sum(values[x] for x in trick)
                else:
                    lost = True
                lead, trick = w, []
        if len(hist) == n:
            return not lost if goal == "all-tricks" else acc >= target
        seat = (lead + len(trick)) % 4
        gone = 0
        for _s, c in hist:
            gone |= 1 << c
        if seat == declarer:
            legal = legal_now(mine & ~gone, trick)
            return any(rec(lays, [*hist, (seat, c)]) for c in range(n) if legal >> c & 1)
        buckets: dict[int, list[tuple[int, ...]]] = {}
        for lay in lays:
            legal = legal_now(lay[seat] & ~gone, trick)
            for c in range(n):
                if legal >> c & 1:
                    buckets.setdefault(c, []).append(lay)
        return all(rec(b, [*hist, (seat, c)]) for c, b in buckets.items())

    return rec(list(start), list(plays))
