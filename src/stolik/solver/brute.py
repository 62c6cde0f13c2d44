"""Reference minimax: every legal card tried, no pruning, no tables — the tests' yardstick.

It plays the rules of :class:`~stolik.tricks.CardOrder` directly (``legal`` and
``beats``) and scores the end of play with any function of the team's card points and
tricks, so one function checks every mode of the compiled solver.

>>> from stolik.solver.examples import CARD_POINTS, DECK, NORMAL as order
>>> hands = [DECK.parse_mask(h) for h in ("AH", "TH", "AC", "AS")]
>>> brute_force(order, CARD_POINTS, hands, leader=1, team=(0,),
...             leaf=lambda p, t: p)   # A♥ wins 10♥ A♣ A♠
43
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Sequence
from functools import lru_cache
from itertools import combinations

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

    >>> from stolik.solver.examples import CARD_POINTS, DECK, GRAN as gran
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
    full = (1 << n) - 1
    dealt = _layouts(full & ~mine, declarer, per, n)

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
    fits: set[int] = set()
    for lay in dealt if plays else ():
        h = [lay >> n * s & full if s != declarer else mine for s in range(4)]
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
            fits.add(sum(h[s] << n * s for s in range(4)))
    start = frozenset(fits) if plays else dealt
    if not start:
        raise ValueError("no layout of the unseen cards fits the play so far")
    mine &= ~by_seat[declarer]
    if lost and goal == "all-tricks":
        return False

    pts = _points_table(tuple(values))
    memo: dict[tuple[int, frozenset[int], int, int], bool] = {}

    def rec(mine: int, lays: Collection[int], rest: int, lead: int,
            trick: tuple[int, ...], acc: int) -> bool:
        """Whether the declarer wins from here; ``rest``: the cards the opponents still
        hold (the same in every layout of ``lays``)."""
        if len(trick) == 4:
            w = winner(lead, trick)
            if w == declarer:
                acc += pts[_bits(trick)]
            elif goal == "all-tricks":
                return False          # a trick lost: all tricks can no longer be taken
            lead, trick = w, ()
        if not trick:
            if goal == "points":
                if acc >= target:     # card points taken are never given back
                    return True
                if acc + pts[mine | rest] < target:     # not enough points left in play
                    return False
            if not mine:              # every card played
                return goal == "all-tricks" or acc >= target
            key = (mine, frozenset(lays), lead, acc)
            if key not in memo:
                memo[key] = turn(mine, lays, rest, lead, trick, acc)
            return memo[key]
        return turn(mine, lays, rest, lead, trick, acc)

    def turn(mine: int, lays: Collection[int], rest: int, lead: int,
             trick: tuple[int, ...], acc: int) -> bool:
        seat = (lead + len(trick)) % 4
        if seat == declarer:
            cards = [c for c in range(n) if mine >> c & 1]
            if not trick and all(order.beats[c] & rest == 0 for c in cards):
                # He leads and no card left in play beats any of his: each card he leads
                # wins its trick, so he takes every trick and card point that is left.
                return goal == "all-tricks" or acc + pts[mine | rest] >= target
            legal = legal_now(mine, trick)
            # Strongest first: only the speed depends on the order tried.
            return any(rec(mine & ~(1 << c), lays, rest, lead, (*trick, c), acc)
                       for c in order.sort([c for c in cards if legal >> c & 1]))
        # Each card legal for this seat in at least one layout, with the layouts in which
        # it is, that card taken from the seat (the adversary chooses the layout by
        # choosing the card).
        shift = n * seat
        by_hand: dict[int, list[int]] = {}
        for lay in lays:
            by_hand.setdefault(lay >> shift & full, []).append(lay)
        buckets: dict[int, list[int]] = {}
        for hand, group in by_hand.items():
            options = legal_now(hand, trick)
            while options:
                bit = options & -options
                options ^= bit
                played = bit << shift
                buckets.setdefault(bit, []).extend([lay ^ played for lay in group])
        return all(rec(mine, b, rest & ~bit, lead, (*trick, bit.bit_length() - 1), acc)
                   for bit, b in sorted(buckets.items()))

    return rec(mine, start, _union(start, n), lead, tuple(trick), acc)


def _bits(cards: Iterable[int]) -> int:
    """The mask of ``cards``."""
    m = 0
    for c in cards:
        m |= 1 << c
    return m


def _union(lays: Iterable[int], n: int) -> int:
    """The cards held in a layout (the same in every layout of a node) of ``n`` cards.

    >>> _union([0b0001_0010_0100_0000], 4) == 0b0111
    True
    """
    lay = next(iter(lays))
    full = (1 << n) - 1
    return (lay | lay >> n | lay >> 2 * n | lay >> 3 * n) & full


@lru_cache(maxsize=4)
def _points_table(values: tuple[int, ...]) -> list[int]:
    """The card points of every mask of up to 16 cards, by mask.

    >>> _points_table((11, 10, 3))[0b101]
    14
    """
    table = [0] * (1 << len(values))
    for m in range(1, len(table)):
        low = m & -m
        table[m] = table[m ^ low] + values[low.bit_length() - 1]
    return table


@lru_cache(maxsize=8)
def _layouts(hidden: int, declarer: int, per: int, n: int) -> frozenset[int]:
    """Every deal of the ``hidden`` cards (of a deck of ``n``) to the three seats other
    than ``declarer``, ``per`` cards each. A layout is one number: seat ``s``'s hand is
    its ``n`` bits from bit ``n * s`` (the declarer's are 0).

    >>> len(_layouts(0xFFF0, 0, 4, 16))    # 12! / (4! 4! 4!)
    34650
    """
    a, b, c = (n * s for s in range(4) if s != declarer)
    out: list[int] = []
    for first in _subsets(hidden, per):
        for second in _subsets(hidden & ~first, per):
            out.append(first << a | second << b | (hidden & ~first & ~second) << c)
    return frozenset(out)


def _subsets(mask: int, k: int) -> list[int]:
    """The subsets of ``mask`` with ``k`` cards.

    >>> sorted(_subsets(0b1011, 2))
    [3, 9, 10]
    """
    cards = [1 << c for c in range(mask.bit_length()) if mask >> c & 1]
    return [sum(pick) for pick in combinations(cards, k)]


def order_automorphisms(order: CardOrder, values: Sequence[int]) -> list[tuple[int, ...]]:
    """Every renaming of the cards that changes nothing in play: permutations ``p`` (card
    ``c`` becomes ``p[c]``) that keep each card's points and trumpness, which cards beat
    which (``beats``) and which cards follow a lead (``group``). :meth:`CardOrder.legal`,
    the winner of a trick and the points taken read nothing else, so a question about
    a hand and the same question about its renamed hand have the same answer; the
    reference checks then ask one hand of each class (as a game's shipped laid-down tables
    are checked against it).

    >>> from stolik.solver.examples import CARD_POINTS, DECK, GRAN as gran
    >>> len(order_automorphisms(gran, CARD_POINTS))   # the four fele suits
    24
    """
    n = len(values)
    image = [-1] * n
    used = [False] * n
    found: list[tuple[int, ...]] = []

    def same(rel: Sequence[int], a: int, b: int) -> bool:
        pa, pb = image[a], image[b]
        return (rel[a] >> b & 1) == (rel[pa] >> pb & 1) and \
            (rel[b] >> a & 1) == (rel[pb] >> pa & 1)

    def fits(a: int) -> bool:
        pa = image[a]
        return (values[a] == values[pa] and order.is_trump(a) == order.is_trump(pa)
                and all(same(order.beats, a, b) and same(order.group, a, b)
                        for b in range(a + 1)))

    def extend(a: int) -> None:
        if a == n:
            found.append(tuple(image))
            return
        for pa in range(n):
            if not used[pa]:
                image[a], used[pa] = pa, True
                if fits(a):
                    extend(a + 1)
                used[pa] = False
        image[a] = -1

    extend(0)
    return found


def rename(mask: int, perm: Sequence[int]) -> int:
    """The cards of ``mask`` renamed by ``perm``.

    >>> rename(0b011, (2, 0, 1))
    5
    """
    out = 0
    for c, pc in enumerate(perm):
        if mask >> c & 1:
            out |= 1 << pc
    return out
