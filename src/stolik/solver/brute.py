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
from functools import lru_cache

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
                    declarer: int, leader: int, plays: Sequence[tuple[int, int]] = (),
                    goal: str = "points", target: int = 53) -> bool:
    """Reference for :func:`stolik.solver.laid_down.is_laid_down`, by explicit layouts
    (RULES §7: laid down = the lone declarer wins whatever the others hold and play).

    ``hands`` are the hands as dealt (only the declarer's is used, and the hand sizes);
    ``plays`` the (seat, card) played so far from the first trick, led by ``leader``.
    Every deal of the cards the declarer does not hold among the three opponents is listed
    and kept only if each card played so far was legal in it (RULES §3). The search is an
    AND-OR search over what the declarer sees: a node is the public play plus the explicit
    set of layouts still possible. At the declarer's turn he chooses one card for the whole
    set (he cannot tell its layouts apart); at an opponent's turn every card that is legal
    for that seat in at least one layout of the set is tried, keeping the layouts in which
    it is (the adversary chooses the layout by choosing the card). Nothing is merged or
    inferred: no interchangeable cards, no hand-size reasoning. Positions at the start of a
    trick are remembered by (declarer's cards, the set of remaining layouts, leader,
    points), which is the whole future of the game. Three plain cut-offs at the start of a
    trick: card points taken are never given back (target reached: won; target out of
    reach of all the points left: lost), and a declarer on lead none of whose cards any
    card left in play beats takes every remaining trick. Slow: from a fraction of a
    second to tens of seconds for four cards a hand.

    >>> from stolik.games.baska.deck import DECK, CARD_POINTS
    >>> from stolik.games.baska.ruleset import load_ruleset
    >>> gran = load_ruleset("pucka-2019").orders["gran"]
    >>> def laid(hand: str, leader: int) -> bool:
    ...     hands = [DECK.parse_mask(hand), 0, 0, 0]
    ...     return brute_laid_down(gran, CARD_POINTS, hands, declarer=0, leader=leader)
    >>> laid("JC JS AH AC", 0), laid("JC JS TH QH", 0), laid("JC JS AH AC", 1)
    (True, False, False)
    """
    n = len(values)
    per = n // 4
    mine = hands[declarer]
    by_seat = [0, 0, 0, 0]
    for s, c in plays:
        by_seat[s] |= 1 << c
    dealt = _layouts(((1 << n) - 1) & ~mine, declarer, per)

    def winner(lead: int, cards: Sequence[int]) -> int:
        w = 0
        for i in range(1, len(cards)):
            if order.beats[cards[w]] >> cards[i] & 1:
                w = i
        return (lead + w) % 4

    def legal_now(hand: int, trick: Sequence[int]) -> int:
        if not trick:
            return hand
        wc = trick[0]
        for c in trick[1:]:
            if order.beats[wc] >> c & 1:
                wc = c
        return order.legal(hand, trick[0], wc)

    # The state the plays so far lead to (the same in every layout).
    lead, acc, lost = leader, 0, False
    trick: list[int] = []
    for s, c in plays:
        if s != (lead + len(trick)) % 4:
            raise ValueError(f"card {c} played out of turn by seat {s}")
        trick.append(c)
        if len(trick) == 4:
            w = winner(lead, trick)
            if w == declarer:
                acc += sum(values[x] for x in trick)
            else:
                lost = True
            lead, trick = w, []
    # The dealt layouts in which every card played so far was the player's and legal.
    fits: set[tuple[int, int, int, int]] = set()
    for lay in dealt if plays else ():
        h = [lay[s] if s != declarer else mine for s in range(4)]
        t: list[int] = []
        ok = True
        for s, c in plays:
            if not legal_now(h[s], t) >> c & 1:
                ok = False
                break
            h[s] &= ~(1 << c)
            t = [] if len(t) == 3 else [*t, c]
        if ok:
            h[declarer] = 0
            fits.add((h[0], h[1], h[2], h[3]))
    start = frozenset(fits) if plays else dealt
    if not start:
        raise ValueError("no layout of the unseen cards fits the play so far")
    mine &= ~by_seat[declarer]
    if lost and goal == "all-tricks":
        return False

    memo: dict[tuple[int, frozenset[tuple[int, int, int, int]], int, int], bool] = {}

    def rec(mine: int, lays: frozenset[tuple[int, int, int, int]], lead: int,
            trick: tuple[int, ...], acc: int) -> bool:
        if len(trick) == 4:
            w = winner(lead, trick)
            if w == declarer:
                acc += sum(values[x] for x in trick)
            elif goal == "all-tricks":
                return False          # a trick lost: all tricks can no longer be taken
            lead, trick = w, ()
        if not trick:
            if goal == "points":
                if acc >= target:     # card points taken are never given back
                    return True
                if acc + sum(values[c] for c in range(n) if (mine | left(lays)) >> c & 1) \
                        < target:     # not enough points left in play
                    return False
            if not mine:              # every card played
                return goal == "all-tricks" or acc >= target
            key = (mine, lays, lead, acc)
            if key not in memo:
                memo[key] = turn(mine, lays, lead, trick, acc)
            return memo[key]
        return turn(mine, lays, lead, trick, acc)

    def left(lays: frozenset[tuple[int, int, int, int]]) -> int:
        """The cards the opponents still hold (the same in every layout of a node)."""
        lay = next(iter(lays))
        return lay[0] | lay[1] | lay[2] | lay[3]

    def turn(mine: int, lays: frozenset[tuple[int, int, int, int]], lead: int,
             trick: tuple[int, ...], acc: int) -> bool:
        seat = (lead + len(trick)) % 4
        if seat == declarer:
            if not trick and all(order.beats[c] & left(lays) == 0
                                 for c in range(n) if mine >> c & 1):
                # He leads and no card left in play beats any of his: each card he leads
                # wins its trick, so he takes every trick and card point that is left.
                return goal == "all-tricks" or acc + sum(
                    values[c] for c in range(n) if (mine | left(lays)) >> c & 1) >= target
            legal = legal_now(mine, trick)
            # Strongest first: only the speed depends on the order tried.
            return any(rec(mine & ~(1 << c), lays, lead, (*trick, c), acc)
                       for c in order.sort([c for c in range(n) if legal >> c & 1]))
        buckets: dict[int, set[tuple[int, int, int, int]]] = {}
        for lay in lays:
            legal = legal_now(lay[seat], trick)
            for c in range(n):
                if legal >> c & 1:
                    rest = list(lay)
                    rest[seat] &= ~(1 << c)
                    buckets.setdefault(c, set()).add((rest[0], rest[1], rest[2], rest[3]))
        return all(rec(mine, frozenset(b), lead, (*trick, c), acc)
                   for c, b in sorted(buckets.items()))

    return rec(mine, start, lead, tuple(trick), acc)


@lru_cache(maxsize=4)
def _layouts(hidden: int, declarer: int, per: int) -> frozenset[tuple[int, int, int, int]]:
    """Every deal of the ``hidden`` cards to the three seats other than ``declarer``,
    ``per`` cards each, as hands by seat (the declarer's entry 0).

    >>> len(_layouts(0xFFF0, 0, 4))    # 12! / (4! 4! 4!)
    34650
    """
    cards = [c for c in range(hidden.bit_length()) if hidden >> c & 1]
    opps = [s for s in range(4) if s != declarer]
    out: list[tuple[int, int, int, int]] = []

    def deal_out(i: int, lay: list[int]) -> None:
        if i == len(cards):
            out.append((lay[0], lay[1], lay[2], lay[3]))
            return
        for s in opps:
            if lay[s].bit_count() < per:
                lay[s] |= 1 << cards[i]
                deal_out(i + 1, lay)
                lay[s] &= ~(1 << cards[i])

    deal_out(0, [0, 0, 0, 0])
    return frozenset(out)
