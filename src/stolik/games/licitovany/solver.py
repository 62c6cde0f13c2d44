"""The exact perfect-information solver of a licitovaný deal in play (LICITOVANY §3, §5,
§6).

From any position of the play (mid-trick included), every hand known, the solver finds
the **aktér's money** (units, all his pairs added and each capped, §6) under best play:
the aktér maximising it, the two defenders together minimising it.

**What is maximised.** The money exactly as :mod:`~stolik.games.licitovany.results` judges
and :mod:`~stolik.games.licitovany.money` settles it (the fleky of each pair, red, the
limit, tichá sedma, tiché sto, a sto's tens and pády), tabulated over what the play can
still change:

- **Trump games** (rungs 1–6: hra, sedma, sto and their combinations): the aktér's card
  points at the end (the last trick's 10 included) and the fate of the trump 7 in the last
  trick (not there, took it, beaten; its holder is known from the hands) decide every
  component (§5). Hlášky are constants of the position: a marriage still whole in a hand
  will be announced — its holder plays one of the pair while he holds the other, and an
  announced hláška never costs its side money under ``sto_hlaska = "highest"`` (more
  points for the hra, X and P for the sto, D for the pády). The table ``util[points //
  10, fate]`` goes to the shared kernel (:mod:`stolik.solver.trick32`, ``MODE_POINTS``,
  three seats, the aktér's announced trump 7 kept back to trick 10, §3; the 7 is watched
  and never merged).
- **Betl and durch** (rungs 7, 8): the kernel's ``MODE_NO_TRICK`` / ``MODE_ALL_TRICKS``
  with the betl order and no trumps (§2); the aktér's money made or lost.
- **Dvě sedmy** (rungs 9–12): two sevens kept back to two tricks and a goal on trick 9
  do not fit the kernel's one kept card and one watched card, so they have their own
  search (:mod:`stolik.games.licitovany.solver_dve`) over ``util[points // 10, made]``.

Under ``sto_hlaska = "first"`` the hláška a sto counts is the first the aktér announces,
so the order he plays his marriages in matters; with two or more marriages of his still
whole and none announced the solver takes the best of "announce this one only" (for each
marriage), a strategy he can always play: a lower bound, exact when one choice is best
whatever the order (documented limit; the default ``"highest"`` is exact).

>>> from stolik.games.licitovany.ruleset import load_ruleset
>>> from stolik.games.licitovany.state import Deal
>>> d = Deal.from_text(load_ruleset(), dealer=2, hands=[
...     "AL TL KL OL 9L 7L AB KB OB 8A", "TH KH OH UH 9H 8H 7H TB UB 9B",
...     "AH AA TA KA OA UA 9A UL 8L 7B"], talon="8B 7A")
>>> for m in ["sedma", "dobra", "dobra", "discard 8L UL", "contract sedma A",
...           "dobra", "dobra"]:
...     d.move(m)
>>> solve(d)      # sedma in žaludy with the 40, against three 20s: units under best play
0
>>> prob = Problem.of(d)
>>> util = prob.util(play_of(d), (40,), 60)   # util[points // 10][fate of the 7A]
>>> util[6], util[5]   # 60 + 40 beats 30 + 60 (a tiché sto, §5): the 7A lost, taken, beaten
([0, 8, 0], [-8, 0, -8])
"""

from __future__ import annotations

import bisect
import itertools
from collections.abc import Callable
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import TYPE_CHECKING

from stolik.deck32 import CARD_POINTS, LAST_TRICK_BONUS, SEVEN, SUIT_MASKS, card, marriages_in
from stolik.errors import IllegalMove
from stolik.games.licitovany.money import Fleky, Table, settle
from stolik.games.licitovany.results import AKTER, DEFENCE, NOBODY, Tally, judge
from stolik.games.licitovany.rules import TRICKS, Contract, announces, hlaska_value, taker
from stolik.games.licitovany.ruleset import Ruleset
from stolik.tricks32 import BEATS, HIGHER, NO_TRUMPS

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

    from stolik.games.licitovany.state import Deal
    from stolik.solver import trick32 as k

__all__ = ["Play", "Problem", "card_values", "play_of", "solve", "warm_up"]

_GENERATION = itertools.count(1)


@dataclass(frozen=True)
class Play:
    """A position of the play as plain data (LICITOVANY §3): the hands by seat, the trick
    in progress and its leader, the tricks done, the aktér's card points and tricks so
    far, the announced hlášky ``(seat, worth)``, who held the trump 7 (``AKTER``,
    ``DEFENCE``, ``NOBODY``: in the talon), its fate once trick 10 is done (0 not there,
    1 took it, 2 beaten), whether a dvě sedmy can still be made."""

    hands: tuple[int, ...]
    trick: tuple[int, ...]
    leader: int
    done: int
    points: int = 0
    tricks: int = 0
    hlasky: tuple[tuple[int, int], ...] = ()
    holder: int = NOBODY
    fate: int = 0
    alive: bool = True


class Problem:
    """What stays the same over the positions of one deal's play (and over the layouts a
    pimc bot draws for it): the rules, the contract, the fleky, the table, the playing
    order and the aktér. :meth:`value` solves a :class:`Play`; :meth:`advance` plays a
    card of one."""

    def __init__(self, rs: Ruleset, contract: Contract, fleky: Fleky, table: Table,
                 order: tuple[int, ...]) -> None:
        self.rs, self.contract, self.fleky, self.table = rs, contract, fleky, table
        self.order, self.akter = tuple(order), table.akter
        self.rung = contract.rung
        comps = self.rung.components
        self.kind = "betl" if "betl" in comps else "durch" if "durch" in comps else \
            "dve" if "dve-sedmy" in comps else "trump"
        self.seven = card(contract.trump, SEVEN) if contract.trump is not None else -1
        self.h7 = card(contract.helper, SEVEN) if contract.helper is not None else -1
        self._money: dict[Tally, int] = {}
        self.nodes = 0
        """Nodes searched by this problem's solves so far (a caller's budget)."""

    @classmethod
    def of(cls, deal: Deal) -> Problem:
        """The problem of ``deal`` (in its play)."""
        p = deal.pos
        if p.contract is None or p.phase not in ("play", "done"):
            raise IllegalMove(f"the solver takes a deal in play, not one in its {p.phase} "
                              "phase (LICITOVANY §4.6)")
        return cls(deal.rs, p.contract, p.fleky, deal.table, deal.order)

    # ------------------------------------------------------------ money of an end

    def money(self, t: Tally) -> int:
        """The aktér's units for a play that ends with tally ``t`` (LICITOVANY §5, §6)."""
        got = self._money.get(t)
        if got is None:
            result = judge(self.rs, self.rung, t)
            got = settle(self.rs, self.rung, result, self.fleky, self.table)[self.akter]
            self._money[t] = got
        return got

    def _hlasky(self, play: Play) -> list[tuple[tuple[int, ...], int]]:
        """The aktér's hlášky (in the order announced) and the defence's total, counting
        every marriage still whole in a hand as announced; several variants under
        ``sto_hlaska = "first"`` (module notes)."""
        mine = [v for s, v in play.hlasky if s == self.akter]
        theirs = sum(v for s, v in play.hlasky if s != self.akter)
        held: list[int] = []
        if self.rung.hlasky_count:
            for seat, hand in enumerate(play.hands):
                for suit in marriages_in(hand):
                    worth = 40 if suit == self.contract.trump else 20
                    if seat == self.akter:
                        held.append(worth)
                    else:
                        theirs += worth
        held.sort(reverse=True)
        if self.rs.sto_hlaska == "first" and not mine and len(held) > 1:
            return [((h,), theirs) for h in sorted(set(held), reverse=True)]
        return [((*mine, *held), theirs)]

    def _tally(self, play: Play, points: int, fate: int, mine: tuple[int, ...],
               theirs: int) -> Tally:
        took = fate == 1
        if self.kind == "dve":
            return Tally(points, 90 - points, mine, theirs, seven_holder=AKTER if fate
                         else NOBODY, seven_took=took, helper_seven=took)
        return Tally(points, 90 - points, mine, theirs,
                     seven_holder=play.holder if fate else NOBODY, seven_took=took)

    def util(self, play: Play, mine: tuple[int, ...], theirs: int) -> list[list[int]]:
        """``util[points // 10][fate]``: the aktér's money for each end (trump games: the
        trump 7's fate; dvě sedmy: 0 lost, 1 made)."""
        return [[self.money(self._tally(play, 10 * i, f, mine, theirs)) for f in range(3)]
                for i in range(10)]

    # ------------------------------------------------------------ playing a card

    def over(self, play: Play) -> bool:
        """Whether the play is over: ten tricks, or a betl's first trick taken, a durch's
        first trick lost (LICITOVANY §3)."""
        return play.done == TRICKS or (self.kind == "betl" and play.tricks > 0) or (
            self.kind == "durch" and play.tricks < play.done)

    def seat_to_play(self, play: Play) -> int:
        """The seat whose card comes next."""
        i = self.order.index(play.leader)
        return self.order[(i + len(play.trick)) % 3]

    def advance(self, play: Play, c: int, hlaska: bool = True) -> Play:
        """``play`` after the seat to play plays ``c`` (announcing a hláška where the
        card may and ``hlaska``); the card is not checked."""
        seat = self.seat_to_play(play)
        hl = play.hlasky
        if hlaska and announces(play.hands[seat], c, self.contract):
            hl = (*hl, (seat, hlaska_value(c, self.contract)))
        hands = tuple(h & ~(1 << c) if s == seat else h for s, h in enumerate(play.hands))
        trick = (*play.trick, c)
        tno = play.done + 1
        alive = play.alive
        if seat == self.akter and self.kind == "dve" and (
                (c == self.h7 and tno != 9) or (c == self.seven and tno != TRICKS)):
            alive = False
        if len(trick) < 3:
            return replace(play, hands=hands, trick=trick, hlasky=hl, alive=alive)
        pos = taker(trick, self.contract)
        winner = self.order[(self.order.index(play.leader) + pos) % 3]
        mine = winner == self.akter
        points = play.points + mine * (sum(CARD_POINTS[x] for x in trick) +
                                       LAST_TRICK_BONUS * (tno == TRICKS))
        fate = play.fate
        if tno == TRICKS and self.seven in trick:
            fate = 1 if trick[pos] == self.seven else 2
        if self.kind == "dve" and tno == 9:
            alive = alive and trick[pos] == self.h7 and mine
        if self.kind == "dve" and tno == TRICKS:
            alive = alive and trick[pos] == self.seven and mine
        return Play(hands, (), winner, tno, points, play.tricks + mine, hl, play.holder,
                    fate, alive)

    # ------------------------------------------------------------ solving

    def value(self, play: Play) -> int:
        """The aktér's money at ``play`` under best play by both sides."""
        return max(self._value(play, mine, theirs) for mine, theirs in self._hlasky(play))

    def _value(self, play: Play, mine: tuple[int, ...], theirs: int) -> int:
        if self.over(play):
            if self.kind in ("betl", "durch"):
                return self.money(Tally(0, 0, tricks=play.tricks))
            fate = int(play.alive and play.done == TRICKS) if self.kind == "dve" else \
                play.fate
            return self.money(self._tally(play, play.points, fate, mine, theirs))
        if self.kind == "dve":
            return self._dve(play, mine, theirs)
        return self._kernel(play, mine, theirs)

    def _start(self, play: Play) -> tuple[list[int], int, int, int, int, int]:
        """The hands in playing order, the leader's index, the trick's mask, its winner's
        index and card, the led card."""
        hands = [play.hands[s] for s in self.order]
        li = self.order.index(play.leader)
        mask = 0
        for x in play.trick:
            mask |= 1 << x
        if not play.trick:
            return hands, li, 0, -1, -1, -1
        pos = taker(play.trick, self.contract)
        return hands, li, mask, (li + pos) % 3, play.trick[pos], play.trick[0]

    def _kernel(self, play: Play, mine: tuple[int, ...], theirs: int) -> int:
        import numpy as np

        from stolik.solver import trick32 as k

        params = _rules(self.contract.trumps, self.kind).copy()
        ai = self.order.index(self.akter)
        params[k.P_SIDE] = 1 << ai
        params[k.P_GEN] = next(_GENERATION) & ((1 << 24) - 1)
        live = 0
        for hand in play.hands:
            live |= hand
        pts = 0
        if self.kind == "trump":
            pts = play.points
            if self.seven >= 0 and live >> self.seven & 1:
                params[k.P_WATCH] = self.seven
                if self.rung.has_sedma and play.hands[self.akter] >> self.seven & 1:
                    params[k.P_KEEP_CARD], params[k.P_KEEP_SEAT] = self.seven, ai
            util = np.array(self.util(play, mine, theirs), dtype=np.int64)
        else:
            util = np.zeros((10, 3), dtype=np.int64)
            made = 0 if self.kind == "betl" else TRICKS
            params[k.P_WIN] = self.money(Tally(0, 0, tricks=made))
            params[k.P_LOSE] = self.money(Tally(0, 0, tricks=1 if made == 0 else 9))
        hands, li, mask, wi, wc, led = self._start(play)
        h = np.array([*hands, 0], dtype=np.int64)
        kern = k.kernel(params)
        stats = np.zeros(k.STATS, dtype=np.int64)

        def bounded(alpha: int, beta: int) -> int:
            return _tables().search(kern, h, li, len(play.trick), mask, wi, wc, led, pts,
                                    alpha, beta, TRICKS - play.done, params, util, stats)

        try:
            if self.kind != "trump":
                return bounded(-k.INF, k.INF)
            return _tests({int(v) for v in util.flat}, bounded)
        finally:
            self.nodes += int(stats[k.ST_NODES])

    def _dve(self, play: Play, mine: tuple[int, ...], theirs: int) -> int:
        import numpy as np

        from stolik.games.licitovany import solver_dve as dv

        assert self.contract.trump is not None and self.contract.helper is not None
        ai = self.order.index(self.akter)
        q = dv.make_params(akter=ai, trump=self.contract.trump, helper=self.contract.helper,
                           beats=BEATS[self.contract.trump], higher=HIGHER[self.contract.trump],
                           values=CARD_POINTS, points=self.rung.has_sto,
                           generation=next(_GENERATION))
        full = self.util(play, mine, theirs)
        util = np.array([[row[0], row[1]] for row in full], dtype=np.int64)
        hands, li, mask, wi, wc, led = self._start(play)
        h = np.array(hands, dtype=np.int64)
        stats = np.zeros(1, dtype=np.int64)

        def bounded(alpha: int, beta: int) -> int:
            return int(dv.node(h, li, len(play.trick), mask, wi, wc, led, play.done + 1,
                               play.points if self.rung.has_sto else 0, int(play.alive),
                               alpha, beta, q, util, _dve_table(), stats))

        try:
            return _tests({int(v) for v in util.flat}, bounded)
        finally:
            self.nodes += int(stats[dv.NODES])


def _tests(values: set[int], bounded: Callable[[int, int], int]) -> int:
    """The value among ``values`` that fail-soft searches ``bounded(alpha, beta)`` find:
    null-window tests, bisecting the sorted values (one transposition table for all)."""
    vals = sorted(values)
    lo, hi = 0, len(vals) - 1
    while lo < hi:
        mid = (lo + hi + 1) // 2
        r = bounded(vals[mid] - 1, vals[mid])
        if r >= vals[mid]:
            lo = max(mid, bisect.bisect_right(vals, r) - 1)
        else:
            hi = min(mid - 1, bisect.bisect_right(vals, r) - 1)
    return vals[lo]


@lru_cache(maxsize=1)
def _tables() -> k.Tables:
    """The kernel's transposition tables and stacks of every solve in the process (keys
    carry a generation: no clearing)."""
    from stolik.solver import trick32 as k

    return k.Tables()


@lru_cache(maxsize=1)
def _dve_table() -> npt.NDArray[np.int64]:
    from stolik.games.licitovany import solver_dve as dv

    return dv.make_table()


@lru_cache(maxsize=8)
def _rules(trumps: int, kind: str) -> npt.NDArray[np.int64]:
    """The kernel's parameters for a trump game in suit ``trumps``, or for betl / durch
    (LICITOVANY §2, §3: follow, beat, trump, overtrump; no trumps and the betl order in
    betl and durch): three seats; the caller sets the side, the seven, the money."""
    from stolik.solver import trick32 as k

    if trumps == NO_TRUMPS:
        return k.make_params(
            beats=BEATS[NO_TRUMPS], higher=HIGHER[NO_TRUMPS], points=[0] * 32, trumps=0,
            must_beat=True, must_trump=False, must_overtrump=False, seats=3,
            mode=k.MODE_NO_TRICK if kind == "betl" else k.MODE_ALL_TRICKS, side=1,
            duck=kind == "betl")
    return k.make_params(
        beats=BEATS[trumps], higher=HIGHER[trumps], points=CARD_POINTS,
        trumps=SUIT_MASKS[trumps], must_beat=True, must_trump=True, must_overtrump=True,
        mode=k.MODE_POINTS, side=1, last_bonus=LAST_TRICK_BONUS, seats=3)


def _seat_of(deal: Deal, leader: int, i: int) -> int:
    return deal.order[(deal.order.index(leader) + i) % 3]


def play_of(deal: Deal) -> Play:
    """The position of ``deal``'s play as a :class:`Play` (LICITOVANY §3, §5)."""
    p = deal.pos
    c = p.contract
    if c is None or p.phase not in ("play", "done") or p.ending not in ("", "played"):
        raise IllegalMove(f"the solver takes a deal in play, not one in its {p.phase} "
                          "phase (LICITOVANY §4.6)")
    played: dict[int, tuple[int, int]] = {}  # card -> (seat, trick number)
    for no, t in enumerate(p.tricks, 1):
        for i, x in enumerate(t.cards):
            played[x] = (_seat_of(deal, t.leader, i), no)
    for i, x in enumerate(p.trick):
        played[x] = (_seat_of(deal, p.leader, i), len(p.tricks) + 1)
    points = sum(sum(CARD_POINTS[x] for x in t.cards) + LAST_TRICK_BONUS * (no == TRICKS)
                 for no, t in enumerate(p.tricks, 1) if t.winner == p.akter)
    holder, fate = NOBODY, 0
    if c.trump is not None:
        seven = card(c.trump, SEVEN)
        by = next((s for s, h in enumerate(p.hands) if h >> seven & 1),
                  played.get(seven, (-1, 0))[0])
        holder = NOBODY if by < 0 else AKTER if by == p.akter else DEFENCE
        if len(p.tricks) == TRICKS and seven in p.tricks[-1].cards:
            fate = 1 if p.tricks[-1].cards[taker(p.tricks[-1].cards, c)] == seven else 2
    return Play(p.hands, p.trick, p.leader, len(p.tricks), points,
                sum(t.winner == p.akter for t in p.tricks), p.hlasky, holder, fate,
                _dve_alive(deal, played))


def _dve_alive(deal: Deal, played: dict[int, tuple[int, int]]) -> bool:
    """Whether a dvě sedmy can still be made (LICITOVANY §3, §5): the aktér held both
    sevens, played neither before its trick, took trick 9 with the helper 7 and trick 10
    with the trump 7 where they are done."""
    p = deal.pos
    c = p.contract
    if c is None or c.helper is None or c.trump is None:
        return True
    for seven, no in ((card(c.helper, SEVEN), 9), (card(c.trump, SEVEN), TRICKS)):
        if p.hands[p.akter] >> seven & 1:
            continue
        by, when = played.get(seven, (-1, 0))
        if by != p.akter or when != no:
            return False
        if no <= len(p.tricks):
            t = p.tricks[no - 1]
            if t.winner != p.akter or t.cards[taker(t.cards, c)] != seven:
                return False
    return True


def solve(deal: Deal) -> int:
    """The aktér's money (units) of ``deal`` in play under best play by both sides
    (LICITOVANY §5, §6); of a finished deal, its money."""
    if deal.is_over:
        return deal.money()[deal.pos.akter]
    return Problem.of(deal).value(play_of(deal))


def card_values(deal: Deal, prob: Problem | None = None) -> dict[tuple[int, bool], int]:
    """The aktér's money after each legal card (and hláška choice) of the seat to play;
    ``prob``: the deal's :class:`Problem` (one for every position of its play, whose
    :attr:`~Problem.nodes` count them all), else a fresh one."""
    prob = prob or Problem.of(deal)
    play = play_of(deal)
    out = {}
    for m in deal.legal_moves():
        c = m.cards[0]
        out[(c, m.hlaska)] = prob.value(prob.advance(play, c, m.hlaska))
    return out


def warm_up() -> int:
    """Compile — or load from numba's cache — every search a licitovaný play may need
    (the trump games, betl, durch, dvě sedmy), so that a bot's first move does not pay
    it. The number of distinct kernels.

    >>> warm_up()
    4
    """
    import numpy as np

    from stolik.games.licitovany import solver_dve as dv
    from stolik.solver import trick32 as k

    kernels = {k.kernel(_rules(0, "trump")), k.kernel(_rules(NO_TRUMPS, "betl")),
               k.kernel(_rules(NO_TRUMPS, "durch"))}
    q = dv.make_params(akter=0, trump=1, helper=2, beats=BEATS[1], higher=HIGHER[1],
                       values=CARD_POINTS, points=False, generation=0)
    dv.node(np.zeros(3, dtype=np.int64), 0, 0, 0, -1, -1, -1, TRICKS + 1, 0, 0, -dv.INF,
            dv.INF, q, np.zeros((10, 2), dtype=np.int64), dv.make_table(4),
            np.zeros(1, dtype=np.int64))  # an ended play: compiles the search only
    return len(kernels) + 1
