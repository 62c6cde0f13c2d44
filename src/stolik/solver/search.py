"""The perfect-information ("double-dummy") solver for any trick-taking game of the
:class:`~stolik.tricks.CardOrder` family: every hand is seen, both sides play their best.

A :class:`TrickSolver` is made once per card order and card values (it keeps a
transposition table between calls); positions are given as four hand masks, the seat that
led the trick on the table, and that trick's cards. The *team* is the side whose value is
maximized (the other seats minimize it).

>>> from stolik.solver.examples import CARD_POINTS, DECK, NORMAL as order
>>> solver = TrickSolver(order, CARD_POINTS)
>>> hands = [DECK.parse_mask(h) for h in
...          ("AH TH QC AD", "QS QH JC TD", "AC TC AS TS", "QD JS JH JD")]
>>> solver.value(hands, leader=1, team=(0, 1))     # starzy: the holders of Q♣ and Q♠
104
>>> solver.value(hands, leader=1, team=(2,))       # seat 2 alone, against the rest
0
>>> solver.at_least(hands, leader=1, team=(0, 1), target=53)
True
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

import numpy as np
import numpy.typing as npt

from stolik.solver import kernel as K
from stolik.tricks import CardOrder

UtilityTable = npt.NDArray[np.int64]
"""``table[p, t]``: the team's utility when it ends the play with p points and t tricks."""

_NO_UTIL = np.zeros((0, 0), dtype=np.int64)
_INF = 1 << 28


def team_mask(team: Iterable[int]) -> int:
    """The 4-bit mask of a team's seats.

    >>> team_mask((0, 2))
    5
    """
    m = 0
    for s in team:
        if s not in range(4):
            raise ValueError(f"a seat is 0–3, not {s!r}")
        m |= 1 << s
    return m


class TrickSolver:
    """Exact minimax of a trick-taking position over a card order and per-card values.

    ``values[c]`` is what card c is worth to the side that takes it; ``trick_bonus`` is
    added per trick taken (card points: the card values and no bonus; a count of tricks:
    zero values and a bonus of 1). ``tt_bits`` sizes the transposition table (2**bits
    entries of 24 bytes).
    """

    def __init__(self, order: CardOrder, values: Sequence[int], *, trick_bonus: int = 0,
                 tt_bits: int = K.TT_BITS) -> None:
        if len(order.deck) % 4:
            raise ValueError("the solver deals the deck to four hands")
        if any(v < 0 for v in values) or trick_bonus < 0:
            raise ValueError("card values and the trick bonus may not be negative")
        self.order = order
        self.values = tuple(values)
        self.trick_bonus = trick_bonus
        self.total = sum(self.values)
        self._params = K.make_params(order, self.values, trick_bonus)
        self._tt = K.make_tt(tt_bits)
        self._tables: dict[bytes, npt.NDArray[np.int64]] = {}
        self._ready: dict[int, tuple[UtilityTable, UtilityTable, npt.NDArray[np.int64]]] = {}
        """Read-only tables already checked, by identity: the table, its checked copy and
        its parameters (the table is kept, so its identity is not reused)."""
        self.stats = np.zeros(K.STATS, dtype=np.int64)
        """Counters added to by every search: [nodes, transposition hits, two-card
        endgames searched, unused]."""

    # ------------------------------------------------------------ positions

    def _root(self, hands: Sequence[int], leader: int, trick: Sequence[int]
              ) -> tuple[npt.NDArray[np.int64], int, int, int, int, int]:
        """The kernel's view of a position: hands array, n, led, winning seat and card,
        value of the trick so far and its mask; checks that it can be reached."""
        if len(hands) != 4:
            raise ValueError(f"a position has 4 hands, not {len(hands)}")
        if leader not in range(4):
            raise ValueError(f"the leader is a seat 0–3, not {leader!r}")
        n = len(trick)
        if n > 3:
            raise ValueError("a trick on the table has at most 3 cards (the 4th ends it)")
        seen = 0
        for hand in hands:
            if hand < 0 or hand >> len(self.order.deck) or seen & hand:
                raise ValueError("hands must be disjoint masks of the deck's cards")
            seen |= hand
        tmask = 0
        for c in trick:
            if seen >> c & 1 or tmask >> c & 1:
                raise ValueError("a card on the table is also in a hand or on it twice")
            tmask |= 1 << c
        size = hands[leader].bit_count() + (1 if n else 0)
        for i in range(4):
            s = (leader + i) % 4
            want = size - 1 if i < n else size
            if hands[s].bit_count() != want:
                raise ValueError(f"seat {s} holds {hands[s].bit_count()} cards; with "
                                 f"{n} on the table led by seat {leader} it should hold {want}")
        h = np.array(hands, dtype=np.int64)
        if not n:
            return h, 0, 0, leader, 0, 0
        led = trick[0]
        ws, wc = leader, led
        for i in range(1, n):
            c = trick[i]
            if self.order.beats[wc] >> c & 1:
                ws, wc = (leader + i) % 4, c
        return h, led, ws, wc, sum(self.values[c] for c in trick), tmask

    def _start(self, hands: Sequence[int], leader: int) -> npt.NDArray[np.int64]:
        """The kernel's hands of a position with no trick on the table: four disjoint
        hands of the deck, of one size (what :meth:`_root` checks, by whole masks; any
        other position goes to it for its refusal)."""
        if len(hands) == 4 and leader in range(4):
            a, b, c, d = hands
            size = a.bit_count()
            every = a | b | c | d
            if (min(a, b, c, d) >= 0 and not every >> len(self.order.deck)
                    and b.bit_count() == c.bit_count() == d.bit_count() == size
                    and every.bit_count() == 4 * size):
                return np.array(hands, dtype=np.int64)
        return self._root(hands, leader, ())[0]

    def _search(self, hands: Sequence[int], leader: int, team: Iterable[int],
                trick: Sequence[int], alpha: int, beta: int, *, util: UtilityTable = _NO_UTIL,
                params: npt.NDArray[np.int64] | None = None, points: int = 0,
                tricks: int = 0) -> int:
        h, led, ws, wc, tval, tmask = self._root(hands, leader, trick)
        return int(K.solve(h, len(trick), leader, led, ws, wc, tval, tmask, points, tricks,
                           alpha, beta, team_mask(team),
                           self._params if params is None else params, util, self._tt,
                           self.stats))

    # ------------------------------------------------------------ additive values

    def value(self, hands: Sequence[int], *, leader: int, team: Iterable[int],
              trick: Sequence[int] = ()) -> int:
        """What ``team`` takes from now on under best play by both sides: the values of
        the cards of the tricks it wins (the trick on the table included) plus the trick
        bonus. ``trick``: the cards on the table in play order, led by ``leader``."""
        return self._search(hands, leader, team, trick, -_INF, _INF)

    def at_least(self, hands: Sequence[int], *, leader: int, team: Iterable[int],
                 target: int, trick: Sequence[int] = ()) -> bool:
        """Whether ``team`` can take at least ``target`` from now on, whatever the others
        do (a null-window search: cheaper than :meth:`value`)."""
        return self._search(hands, leader, team, trick, target - 1, target) >= target

    def card_values(self, hands: Sequence[int], *, leader: int, team: Iterable[int],
                    trick: Sequence[int] = ()) -> dict[int, int]:
        """For each legal card of the seat to play: what ``team`` takes from now on (this
        trick included) if that card is played and both sides play their best after it."""
        team = tuple(team)
        n = len(trick)
        seat = (leader + n) % 4
        h = list(hands)
        if n:
            wc = trick[0]
            for c in trick[1:]:
                if self.order.beats[wc] >> c & 1:
                    wc = c
            legal = self.order.legal(h[seat], trick[0], wc)
        else:
            legal = h[seat]
        out: dict[int, int] = {}
        for c in range(len(self.values)):
            if not legal >> c & 1:
                continue
            h[seat] &= ~(1 << c)
            if n < 3:
                out[c] = self.value(h, leader=leader, team=team, trick=[*trick, c])
            else:
                cards = [*trick, c]
                win = 0
                for i in range(1, 4):
                    if self.order.beats[cards[win]] >> cards[i] & 1:
                        win = i
                ws = (leader + win) % 4
                gain = sum(self.values[x] for x in cards) + self.trick_bonus
                rest = self.value(h, leader=ws, team=team)
                out[c] = rest + (gain if ws in team else 0)
            h[seat] |= 1 << c
        return out

    # ------------------------------------------------------------ utilities

    def _util_params(self, table: UtilityTable) -> npt.NDArray[np.int64]:
        """Parameters for searches over ``table``: its number (for the transposition keys)
        and whether it is monotone."""
        key = table.tobytes() + bytes(table.shape)
        p = self._tables.get(key)
        if p is None:
            if len(self._tables) >= 4000:
                self._tables.clear()
                self._ready.clear()
                self._tt[:] = 0
            p = self._params.copy()
            p[K.P_TABLE] = len(self._tables) + 1
            mono = bool(np.all(np.diff(table, axis=0) >= 0) and np.all(np.diff(table, axis=1) >= 0))
            p[K.P_MONOTONE] = int(mono)
            self._tables[key] = p
        return p

    def utility_table(self, leaf: Callable[[int, int], int]) -> UtilityTable:
        """The table of ``leaf(points, tricks)`` over every total the team can end with."""
        tricks = len(self.values) // 4
        return np.array([[leaf(pt, t) for t in range(tricks + 1)]
                         for pt in range(self.total + 1)], dtype=np.int64)

    def utility(self, hands: Sequence[int], *, leader: int, team: Iterable[int],
                table: UtilityTable, trick: Sequence[int] = (), points: int = 0,
                tricks: int = 0) -> int:
        """Minimax of ``table[p, t]`` — p and t being the card values (without bonus) and
        tricks the team holds at the end of the play, ``points``/``tricks`` of them taken
        already — the team maximizing it, the others minimizing (e.g. a seat's payout).
        ``table`` comes from :meth:`utility_table` (shape (total + 1, tricks + 1))."""
        checked, params = self._prepared(table, points, tricks)
        return self._search(hands, leader, team, trick, -_INF, _INF, util=checked,
                            params=params, points=points, tricks=tricks)

    def _prepared(self, table: UtilityTable, points: int, tricks: int
                  ) -> tuple[UtilityTable, npt.NDArray[np.int64]]:
        """``table`` checked (:meth:`_check_table`) and its search parameters; a read-only
        table is checked once and kept (a writeable copy for the kernel)."""
        ready = self._ready.get(id(table))
        if ready is not None and ready[0] is table:
            self._check_taken(points, tricks)
            return ready[1], ready[2]
        checked = self._check_table(table, points, tricks)
        params = self._util_params(checked)
        if not table.flags.writeable:  # it cannot change: check it once
            if len(self._ready) >= 4000:  # tables a caller dropped and made again
                self._ready.clear()
            checked = checked.copy()
            self._ready[id(table)] = (table, checked, params)
        return checked, params

    def _check_taken(self, points: int, tricks: int) -> None:
        if not 0 <= points <= self.total or not 0 <= tricks <= len(self.values) // 4:
            raise ValueError("points or tricks taken out of range")

    def _check_table(self, table: UtilityTable, points: int, tricks: int) -> UtilityTable:
        want = (self.total + 1, len(self.values) // 4 + 1)
        if table.shape != want or table.dtype != np.int64:
            raise ValueError(f"a utility table is int64 of shape {want}")
        if self.total > 255 or np.abs(table).max(initial=0) >= 1 << 18:
            raise ValueError("utility searches take card values summing to at most 255 "
                             "and utilities below 2**18")
        self._check_taken(points, tricks)
        return np.ascontiguousarray(table)

    def card_utilities(self, hands: Sequence[int], *, leader: int, team: Iterable[int],
                       table: UtilityTable, trick: Sequence[int] = (), points: int = 0,
                       tricks: int = 0) -> dict[int, int]:
        """For each legal card of the seat to play: :meth:`utility` once that card is
        played (the trick it completes scored), both sides playing their best after it.
        The position and the table are checked once, so this is the fast path of Monte
        Carlo players that ask it for many layouts.

        >>> from stolik.solver.examples import CARD_POINTS, DECK, NORMAL as order
        >>> solver = TrickSolver(order, CARD_POINTS)
        >>> win = solver.utility_table(lambda p, t: 1 if p >= 53 else -1)
        >>> hands = [DECK.parse_mask(h) for h in ("AH", "QS", "AC", "TC")]
        >>> vals = solver.card_utilities(hands, leader=2, team=(0,), table=win, points=40)
        >>> vals == {DECK.parse_card("AC"): 1}     # seat 2 leads A♣, seat 0 trumps it
        True
        """
        table, params = self._prepared(table, points, tricks)
        h, led, ws, wc, tval, tmask = self._root(hands, leader, trick)
        tm = team_mask(team)
        n = len(trick)
        seat = (leader + n) % 4
        hand = int(h[seat])
        beats = self.order.beats
        legal = self.order.legal(hand, led, wc) if n else hand
        out: dict[int, int] = {}
        for c in range(len(self.values)):
            bit = 1 << c
            if not legal & bit:
                continue
            h[seat] = hand & ~bit
            if n == 0:
                nled, nws, nwc = c, seat, c
            elif beats[wc] >> c & 1:
                nled, nws, nwc = led, seat, c
            else:
                nled, nws, nwc = led, ws, wc
            gain = tval + self.values[c]
            if n < 3:
                out[c] = int(K.solve(h, n + 1, leader, nled, nws, nwc, gain, tmask | bit,
                                     points, tricks, -_INF, _INF, tm, params, table,
                                     self._tt, self.stats))
            else:
                p, t = (points + gain, tricks + 1) if tm >> nws & 1 else (points, tricks)
                if not (h[0] | h[1] | h[2] | h[3]):
                    out[c] = int(table[p, t])
                else:
                    out[c] = int(K.solve(h, 0, nws, 0, nws, 0, 0, 0, p, t, -_INF, _INF, tm,
                                         params, table, self._tt, self.stats))
        h[seat] = hand
        return out

    def utilities(self, hands: Sequence[int], *, leader: int,
                  jobs: Sequence[tuple[Iterable[int], UtilityTable]]) -> list[int]:
        """:meth:`utility` of one position with no trick on the table (a first lead, or
        between tricks with nothing taken yet) for several ``(team, table)`` pairs, the
        position checked once: the fast path of a Monte Carlo player that values every
        call of an auction on each layout.

        >>> from stolik.solver.examples import CARD_POINTS, DECK, NORMAL as order
        >>> solver = TrickSolver(order, CARD_POINTS)
        >>> win = solver.utility_table(lambda p, t: 1 if p >= 53 else -1)
        >>> hands = [DECK.parse_mask(h) for h in
        ...          ("AH TH QC AD", "QS QH JC TD", "AC TC AS TS", "QD JS JH JD")]
        >>> solver.utilities(hands, leader=1, jobs=[((0, 1), win), ((2,), win)])
        [1, -1]
        >>> [solver.utility(hands, leader=1, team=t, table=win) for t in ((0, 1), (2,))]
        [1, -1]
        """
        h = self._start(hands, leader)
        out: list[int] = []
        for team, table in jobs:
            checked, params = self._prepared(table, 0, 0)
            out.append(int(K.solve(h, 0, leader, 0, leader, 0, 0, 0, 0, 0, -_INF, _INF,
                                   team_mask(team), params, checked, self._tt, self.stats)))
        return out
