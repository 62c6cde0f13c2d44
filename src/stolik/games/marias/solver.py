"""The exact perfect-information solver of a Mariáš deal in play (MARIAS §3, §5, §6).

From any position of the play (mid-trick included), with every hand known, the solver
finds the money of the deal under best play — the choosing side (the chooser and his
partner, or the soloist) maximising what it receives, the other side minimising it.

**What is maximised** (MARIAS §5–§6). The objective is the money as the ruleset pays it:
the choosing side's capped net amount per pair of players (``DealResult.pair``, haléř),
computed by the engine's own :func:`~stolik.games.marias.scoring.score` — so the
components combine exactly as the ruleset settles them: the hra or the announced sto (with
its pády, the povinná sto's three free tens, the tichá sto replacing the hra), the
announced sedma or the tichá sedma, the sto proti, each at its flek, doubled in hearts,
added, then capped. In a trump game that money depends on the play only through two
things: the choosing side's card points at the end (last trick's 10 included) and the fate
of the trump 7 in the last trick (not there, took it, beaten) — marriages are counted from
the hands dealt (every pair held is played, MARIAS §4.6), so they are constants of the
deal. The solver therefore tabulates ``score`` over the 10 × 3 possible ends and searches
the play against that table. Nothing is traded by a fixed weight: a side gives up card
points for a sedma exactly when the money says so. In betl and durch the money is the
soloist's win or loss: whether the defenders can force him to take a trick (betl) or to
lose one (durch).

The search is :mod:`stolik.solver.trick32` (alpha-beta, transposition table, move ordering,
equivalent-card merging, compiled with numba); numba is imported only when a deal is
solved. Cards adjacent in a suit's order and worth the same points are merged, but never
the trump 7 of a trump game: where it falls is the sedma (MARIAS §5).

>>> from stolik.games.marias.ruleset import load_ruleset
>>> from stolik.games.marias.state import Deal
>>> d = Deal.from_text(load_ruleset(), 3, ["7A AA KA OA KH OH TL AL",
...     "AH TH 9H 8H UL 9L 8L 7L", "KL OL AB TB KB OB UB 9B", "7H UH 8B 7B TA UA 9A 8A"])
>>> for m in ["trump=7A call=TA"] + ["dobry"] * 4 + ["sto"] + ["nic"] * 3 + ["pass"] * 4:
...     d.move(m)
>>> s = solve(d)
>>> s.money, s.payouts      # the povinná sto of seats 0 and 3, against best defence
(-140, (-140, 140, 140, -140))
>>> best_points(d)          # card points the pair can make for sure (of 90)
50
"""

from __future__ import annotations

import bisect
import itertools
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING

from stolik.errors import IllegalMove
from stolik.games.marias.deck import CARD_POINTS, LAST_TRICK_BONUS, SEVEN, SUIT_MASKS, card
from stolik.games.marias.outcome import povinna
from stolik.games.marias.play import BEATS, HIGHER, NO_TRUMPS
from stolik.games.marias.scoring import Settlement, score

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

    from stolik.games.marias.state import Deal
    from stolik.solver import trick32 as k

__all__ = [
    "FATES",
    "Problem",
    "Solution",
    "best_points",
    "card_values",
    "money_table",
    "soloist_wins",
    "solve",
    "warm_up",
]

FATES = ("not in the last trick", "took the last trick", "beaten in the last trick")
"""The fates of the trump 7 that the money tells apart (MARIAS §5: sedma, tichá sedma)."""

_GENERATION = itertools.count(1)


@lru_cache(maxsize=1)
def _tables() -> k.Tables:
    """The transposition tables and search stacks of every solve of the process (keys
    carry a generation: no clearing); a search takes a pair no other thread's search holds
    (trick32's ``Tables``: the web server's bot and a review solve at once)."""
    from stolik.solver import trick32 as k

    return k.Tables()


@dataclass(frozen=True)
class Solution:
    """The solved money: ``money`` the choosing side's amount per pair of players (haléř,
    ``DealResult.pair``), ``payouts`` by seat (MARIAS §6: 2 v 2 ± money, 1 v 3 the
    soloist 3 × money)."""

    money: int
    payouts: tuple[int, int, int, int]


def _side(deal: Deal) -> tuple[int, ...]:
    return tuple(s for s in range(4) if deal.side(s) == 0)


def _settlements(deal: Deal) -> list[list[Settlement]]:
    """``[points // 10][fate]``: the settlement of the deal played out with the choosing side
    making ``points`` card points and the trump 7 meeting ``fate`` (an index of
    :data:`FATES`), as :func:`~stolik.games.marias.outcome.settle` would write it; in betl
    and durch ``[0][0]`` the soloist's loss and ``[0][1]`` his win."""
    p = deal.pos
    side = _side(deal)
    if p.trump == NO_TRUMPS:
        return [[Settlement(game=p.game, trump=p.trump, side=side, levels=p.levels,
                            soloist_tricks=tricks, end="played")
                 for tricks in ((1, 0) if p.game == "betl" else (7, 8))]]
    mar: list[list[int]] = [[], []]
    for s in range(4):  # every pair held is played, hence counted (MARIAS §4.6)
        for suit in range(4):
            pair = (1 << card(suit, 2)) | (1 << card(suit, 3))
            if deal.initial_hands[s] & pair == pair:
                mar[0 if s in side else 1].append(40 if suit == p.trump else 20)
    marriages = (tuple(sorted(mar[0], reverse=True)), tuple(sorted(mar[1], reverse=True)))
    seven = card(p.trump, SEVEN)
    holder = next(s for s in range(4) if deal.initial_hands[s] >> seven & 1)
    is_povinna = p.game == "sto" and povinna(deal)
    out = []
    for points in range(0, 100, 10):
        row = []
        for fate in range(3):
            won = fate == 1
            row.append(Settlement(
                game=p.game, trump=p.trump, side=side, levels=p.levels,
                points=(points, 90 - points), marriages=marriages, sedma_by=p.sedma_by,
                sedma_won=won and holder == p.sedma_by,
                last_seven=holder if fate and p.sedma_by < 0 else -1, seven_won=won,
                proti=p.proti_by >= 0, povinna=is_povinna, end="played"))
        out.append(row)
    return out


def money_table(deal: Deal) -> list[list[int]]:
    """``table[points // 10][fate]``: the choosing side's money (``pair``) for each end of a
    trump game (MARIAS §6), from the engine's scoring.

    >>> from stolik.games.marias.ruleset import load_ruleset
    >>> from stolik.games.marias.state import Deal
    >>> d = Deal.from_text(load_ruleset(), 3, ["7A AA KA OA KH OH TL AL",
    ...     "AH TH 9H 8H UL 9L 8L 7L", "KL OL AB TB KB OB UB 9B", "7H UH 8B 7B TA UA 9A 8A"])
    >>> for m in ["trump=7A call=TA"] + ["dobry"] * 4 + ["sto"] + ["nic"] * 3 + ["pass"] * 4:
    ...     d.move(m)
    >>> t = money_table(d)   # povinná sto with the čtyřka (40): 50 card points fall short
    >>> t[5], t[6]           # of 100, 60 make it; the chooser's 7A: tichá sedma ± 20
    ([-160, -140, -180], [240, 260, 220])
    """
    rs = deal.rs
    return [[score(rs, s).pair for s in row] for row in _settlements(deal)]


@lru_cache(maxsize=8)
def _rules(trump: int, game: str) -> npt.NDArray[np.int64]:
    """The kernel's parameters for the play of a trump suit, or of betl / durch (MARIAS §2,
    §3): the caller copies them and sets the side, the sedma, the money."""
    from stolik.solver import trick32 as k

    if trump == NO_TRUMPS:  # no trumps, the betl order, beat in suit (MARIAS §3)
        return k.make_params(
            beats=BEATS[NO_TRUMPS], higher=HIGHER[NO_TRUMPS], points=[0] * 32, trumps=0,
            must_beat=True, must_trump=False, must_overtrump=False,
            mode=k.MODE_NO_TRICK if game == "betl" else k.MODE_ALL_TRICKS, side=0)
    return k.make_params(
        beats=BEATS[trump], higher=HIGHER[trump], points=CARD_POINTS, trumps=SUIT_MASKS[trump],
        must_beat=True, must_trump=True, must_overtrump=True, mode=k.MODE_POINTS, side=0,
        watch=card(trump, SEVEN), last_bonus=LAST_TRICK_BONUS)


class Problem:
    """One deal's search parameters, utility table and transposition generation: made once
    for a deal (in play) and asked for the money of its positions, by :meth:`value` for a
    position of the deal or by :meth:`after` for any hands and trick (a pimc layout's)."""

    def __init__(self, deal: Deal, objective: str = "money",
                 table: list[list[int]] | None = None) -> None:
        import numpy as np

        from stolik.solver import trick32 as k

        p = deal.pos
        if p.phase != "play":
            raise IllegalMove(f"the solver takes a deal in play, not one in its {p.phase} "
                              "phase (MARIAS §4.6)")
        self.deal = deal
        self.side = _side(deal)
        trump = p.trump
        side_mask = sum(1 << s for s in self.side)
        gen = next(_GENERATION) & ((1 << 24) - 1)
        self.tables = _tables()
        self.stats = np.zeros(k.STATS, dtype=np.int64)
        if trump == NO_TRUMPS:  # MARIAS §5: betl / durch
            lose, win = (score(deal.rs, s).pair for s in _settlements(deal)[0])
            if objective != "money":
                win, lose = 1, 0
            self.params = _rules(NO_TRUMPS, p.game).copy()
            self.params[k.P_WIN], self.params[k.P_LOSE] = win, lose
            self.util = np.zeros((10, 3), dtype=np.int64)
        else:
            seven = card(trump, SEVEN)
            self.params = _rules(trump, p.game).copy()
            if p.sedma_by >= 0:  # the announced seven waits for the last trick (MARIAS §3)
                self.params[k.P_KEEP_CARD], self.params[k.P_KEEP_SEAT] = seven, p.sedma_by
            if objective == "points":
                table = [[10 * i] * 3 for i in range(10)]
            elif table is None:  # ``table``: the caller's money_table(deal), reused
                table = money_table(deal)
            self.util = np.array(table, dtype=np.int64)
        self.params[k.P_SIDE] = side_mask
        self.params[k.P_GEN] = gen
        self.k = k.kernel(self.params)  # this game's compiled search (trick32's constants too)

    def value(self, deal: Deal) -> int:
        """The value of ``deal``'s current position (a position of this problem's deal):
        in betl and durch one null-window search ("does the soloist win?"), in a trump game
        a full-window search over the money."""
        if self.params[self.k.P_MODE] == self.k.MODE_POINTS:
            return self.bounded(deal)  # measured faster than the binary search here
        vals = sorted({int(self.params[self.k.P_WIN]), int(self.params[self.k.P_LOSE])})
        lo, hi = 0, len(vals) - 1
        while lo < hi:
            mid = (lo + hi + 1) // 2
            r = self.bounded(deal, vals[mid] - 1, vals[mid])
            if r >= vals[mid]:
                lo = max(mid, bisect.bisect_right(vals, r) - 1)
            else:
                hi = min(mid - 1, bisect.bisect_right(vals, r) - 1)
        return vals[lo]

    def after(self, hands: Sequence[int], plays: Sequence[tuple[int, int]], points: int,
              tricks_left: int) -> int:
        """The money (full window) of the position where the seats hold ``hands`` and
        ``plays`` (seat, card; one to four, the led card first) are the trick in progress,
        the choosing side has ``points`` card points and ``tricks_left`` tricks remain,
        this one counted; a full trick is settled first (its points and the last trick's
        bonus, the trump 7's fate, MARIAS §5). The hands must be those of a deal with this
        problem's sides, game and trumps."""
        import numpy as np

        k = self.k
        trump = self.deal.pos.trump
        params, util = self.params, self.util
        leader, led = plays[0]
        win_seat, win_card = plays[0]
        for s, x in plays[1:]:
            if BEATS[trump][win_card] >> x & 1:
                win_seat, win_card = s, x
        h = np.array(hands, dtype=np.int64)
        if len(plays) < 4:
            mask = 0
            for _, x in plays:
                mask |= 1 << x
            return self.tables.search(k, h, leader, len(plays), mask, win_seat, win_card,
                                      led, points, -k.INF, k.INF, tricks_left, params, util,
                                      self.stats)
        ours = params[k.P_SIDE] >> win_seat & 1
        pts = points
        if ours:
            pts += sum(CARD_POINTS[x] for _, x in plays)
            pts += LAST_TRICK_BONUS if tricks_left == 1 else 0
        mode = int(params[k.P_MODE])
        if (mode == k.MODE_NO_TRICK and ours) or (mode == k.MODE_ALL_TRICKS and not ours):
            return int(params[k.P_LOSE])
        if tricks_left == 1:
            if mode != k.MODE_POINTS:
                return int(params[k.P_WIN])
            seven = card(trump, SEVEN)
            fate = 0
            if any(x == seven for _, x in plays):
                fate = 1 if win_card == seven else 2
            return int(util[pts // 10, fate])
        return self.tables.search(k, h, win_seat, 0, 0, -1, -1, -1, pts, -k.INF, k.INF,
                                  tricks_left - 1, params, util, self.stats)

    def bounded(self, deal: Deal, alpha: int | None = None, beta: int | None = None) -> int:
        """Fail-soft alpha-beta value of ``deal``'s current position within (alpha, beta)."""
        import numpy as np

        k = self.k
        p = deal.pos
        h = np.array(p.hands, dtype=np.int64)
        n = len(p.trick)
        leader = p.trick[0][0] if n else p.to_act
        trick = 0
        for _, c in p.trick:
            trick |= 1 << c
        pts = sum(p.points[s] for s in self.side) if p.trump != NO_TRUMPS else 0
        tricks_left = 8 - len(p.history)
        return self.tables.search(k, h, leader, n, trick, p.win_seat if n else -1,
                                  p.win_card if n else -1, p.trick[0][1] if n else -1, pts,
                                  -k.INF if alpha is None else alpha,
                                  k.INF if beta is None else beta, tricks_left, self.params,
                                  self.util, self.stats)


def _payouts(side: tuple[int, ...], money: int) -> tuple[int, int, int, int]:
    if len(side) == 1:
        pay = [-money] * 4
        pay[side[0]] = 3 * money
    else:
        pay = [money if s in side else -money for s in range(4)]
    return (pay[0], pay[1], pay[2], pay[3])


def solve(deal: Deal) -> Solution:
    """The money of ``deal`` (in play) under best play by both sides (MARIAS §5–§6); of a
    finished deal, its money."""
    if deal.is_over:
        r = deal.result()
        return Solution(r.pair, r.payouts)
    prob = Problem(deal)
    money = prob.value(deal)
    return Solution(money, _payouts(prob.side, money))


def best_points(deal: Deal) -> int:
    """The card points (last trick included, marriages not) the choosing side of a trump
    game can make for sure from here (MARIAS §2)."""
    if deal.pos.trump == NO_TRUMPS:
        raise IllegalMove("betl and durch count no card points (MARIAS §2)")
    prob = Problem(deal, "points")
    return prob.value(deal)


def soloist_wins(deal: Deal) -> bool:
    """Betl / durch: whether the soloist wins against best defence — takes no trick (betl),
    takes every trick (durch) (MARIAS §5)."""
    if deal.pos.game not in ("betl", "durch"):
        raise IllegalMove(f"{deal.pos.game or 'no game'} is not a betl or durch (MARIAS §5)")
    if deal.is_over:
        return deal.result().pair > 0
    return Problem(deal, "win").value(deal) == 1


def card_values(deal: Deal) -> dict[int, int]:
    """The choosing side's money after each legal card of the seat to act (MARIAS §6)."""
    prob = Problem(deal)
    out = {}
    for c in deal.legal_moves():
        assert isinstance(c, int)
        d = deal.clone()
        d.play(c)
        out[c] = d.result().pair if d.is_over else prob.value(d)
    return out


def warm_up() -> int:
    """Compile — or load from numba's cache on disk — every search kernel a Mariáš deal's
    play may need (a trump game, betl, durch: MARIAS §2, §3), so that a table's first pimc
    bot move, claim or review does not pay it; ``stolik serve`` calls it before it serves
    (issue 24.3). The number of distinct kernels they are.

    >>> warm_up()   # the trump games share one
    3
    """
    from stolik.solver import trick32 as k

    kernels = {k.kernel(_rules(trump, "hra")) for trump in range(NO_TRUMPS)}
    kernels |= {k.kernel(_rules(NO_TRUMPS, game)) for game in ("betl", "durch")}
    return len(kernels)
