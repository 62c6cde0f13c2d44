"""Baśka's ``solver`` part: the generic solver (:mod:`stolik.solver`) on Baśka deals —
perfect-information values of a :class:`Deal` in play (:func:`solve`, :func:`best_points`,
:func:`can_take_all`, :func:`best_payout`, :func:`card_values`), and laid-down contracts
(RULES §7: :func:`deal_is_laid_down`; :func:`contract_is_laid_down`, before any card is played,
lives in :mod:`stolik.games.baska.laid_down` and is re-exported here).

A position is any point of the play after the auction, mid-trick included; the
*declaring side* is ``deal.game.team`` (starzy, the wesele pair, the lone player).

>>> from stolik.games.baska.deck import DECK
>>> from stolik.games.baska.ruleset import load_ruleset
>>> from stolik.games.baska.state import Deal
>>> rs = load_ruleset("pucka-2019")
>>> d = Deal.from_text(rs, dealer=0, hands=["AH TH QC AD", "QS QH JC TD", "AC TC AS TS",
...                                        "QD JS JH JD"])
>>> for c in ["pass", "pass", "pass", "pass"]:
...     d.call(c)
>>> d.game.team                      # starzy: Q♣ and Q♠
(0, 1)
>>> s = solve(d)
>>> s.points, s.all_tricks, s.payout
(104, True, (3, 3, -3, -3))
>>> d.play("JC")
>>> sorted((DECK.name(c), v) for c, v in card_values(d).items())   # seat 2: no trump
[('10♠', 104), ('10♣', 104), ('A♠', 104), ('A♣', 104)]

A gran (only the jacks trump) with every jack and both black aces cannot be lost:

>>> g = Deal.from_text(load_ruleset("linia"), dealer=3,
...                    hands=["JC JS AH AC", "QC QS QH QD", "TC TS TH TD", "AS AD JH JD"])
>>> g.call("pass"); g.call("pass"); g.call("pass"); g.call("gran")   # forehand 0: gran
>>> g.call("pass"); g.call("pass"); g.call("pass")
>>> g.game.contract.id, g.game.team
('gran', (0,))
>>> solve(g)
Solution(points=104, all_tricks=True, payout=(15, -5, -5, -5))
>>> deal_is_laid_down(g)
True
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from stolik.games.baska.deck import CARD_POINTS, TOTAL_POINTS
from stolik.games.baska.laid_down import contract_is_laid_down
from stolik.games.baska.ruleset import Ruleset
from stolik.games.baska.scoring import Game, score
from stolik.games.baska.state import Deal
from stolik.solver.laid_down import is_laid_down
from stolik.solver.search import TrickSolver, UtilityTable
from stolik.tricks import CardOrder

__all__ = [
    "Position",
    "Solution",
    "best_payout",
    "best_points",
    "can_take_all",
    "card_values",
    "contract_is_laid_down",
    "deal_is_laid_down",
    "points_solver",
    "position_of",
    "seat_payout_table",
    "solve",
    "tricks_solver",
]


@lru_cache(maxsize=32)
def points_solver(order: CardOrder) -> TrickSolver:
    """The shared card-points solver of a card order."""
    return TrickSolver(order, CARD_POINTS)


@lru_cache(maxsize=32)
def tricks_solver(order: CardOrder) -> TrickSolver:
    """The shared trick-counting solver of a card order."""
    return TrickSolver(order, [0] * len(CARD_POINTS), trick_bonus=1)


@dataclass(frozen=True)
class Position:
    """A deal's play as the solver takes it: hands, the trick on the table (cards, led by
    ``leader``), the declaring ``team``, and the card points and tricks it has taken."""

    order: CardOrder
    hands: tuple[int, int, int, int]
    leader: int
    trick: tuple[int, ...]
    team: tuple[int, ...]
    points: int
    tricks: int

    @property
    def tricks_left(self) -> int:
        """Tricks still to be finished (the one on the table included)."""
        return (sum(h.bit_count() for h in self.hands) + len(self.trick)) // 4


def position_of(deal: Deal) -> Position:
    """The solver's view of a deal in play (or over: no cards left)."""
    game = deal.game
    if game is None:
        raise ValueError("the auction is not over: there is nothing to solve yet")
    trick = tuple(c for _, c in deal.trick)
    if deal.trick:
        leader = deal.trick[0][0]
    elif deal.to_act is not None:
        leader = deal.to_act
    else:
        leader = deal.history[-1].winner if deal.history else deal.forehand
    return Position(deal.order, deal.hands, leader, trick, game.team,
                    sum(deal.points[s] for s in game.team),
                    sum(deal.tricks[s] for s in game.team))


def _live(deal: Deal) -> bool:
    """Whether cards remain to be played (not an honour, a revoke or the end)."""
    return not deal.is_over


def best_points(deal: Deal) -> int:
    """The declaring side's card points at the end of the deal when both sides play for
    card points: those taken already plus the best it can force from here."""
    pos = position_of(deal)
    if not _live(deal):
        return pos.points
    return pos.points + points_solver(pos.order).value(
        pos.hands, leader=pos.leader, team=pos.team, trick=pos.trick)


def can_take_all(deal: Deal) -> bool:
    """Whether the declaring side takes every trick of the deal (those already played
    included) whatever the others do — the goal of a du contract."""
    pos = position_of(deal)
    played = len(deal.history)
    if pos.tricks < played:
        return False
    if not _live(deal):
        return pos.tricks == 4
    left = pos.tricks_left
    return tricks_solver(pos.order).at_least(pos.hands, leader=pos.leader, team=pos.team,
                                             trick=pos.trick, target=left)


def _payout_table(rs: Ruleset, game: Game, bok_deal: bool) -> UtilityTable:
    """Payout of the declaring side's first seat for every total of the side's card
    points and tricks at the end of the play (:func:`seat_payout_table`)."""
    return seat_payout_table(rs, game, game.team[0], bok_deal)


def seat_payout_table(rs: Ruleset, game: Game, seat: int, bok_deal: bool = False
                      ) -> UtilityTable:
    """``table[p, t]``: ``seat``'s payout (RULES §7) when his side ends the play with p
    card points and t tricks, read-only (kept and shared: the solver checks it once). One
    table serves the game's four turns (:meth:`~stolik.games.baska.scoring.Game.turned`)
    and its every level (:meth:`~stolik.games.baska.scoring.Game.stakes`).

    >>> from stolik.games.baska.ruleset import load_ruleset
    >>> rs = load_ruleset("pucka-2019")
    >>> zolo = Game(rs.contract("zolo"), declarer=2, team=(2,), level=1, first_doubler_side=1)
    >>> int(seat_payout_table(rs, zolo, 2)[53, 2]), int(seat_payout_table(rs, zolo, 0)[52, 2])
    (30, 10)
    """
    return _turned_table(rs, game.turned(-seat), bok_deal)


@lru_cache(maxsize=4096)
def _turned_table(rs: Ruleset, game: Game, bok_deal: bool) -> UtilityTable:
    """:func:`seat_payout_table` of seat 0."""
    base, factor = game.stakes()
    table = _stakes_table(rs, base, bok_deal) * factor
    table.flags.writeable = False
    return table


@lru_cache(maxsize=1024)
def _stakes_table(rs: Ruleset, game: Game, bok_deal: bool) -> UtilityTable:
    """:func:`seat_payout_table` of seat 0 in a game at its lowest stakes."""
    mine = game.side_of(0)
    other = next(s for s in range(4) if game.side_of(s) != mine)

    def pay(p: int, t: int) -> int:
        pts = [0, 0, 0, 0]
        trs = [0, 0, 0, 0]
        pts[0], pts[other] = p, TOTAL_POINTS - p
        trs[0], trs[other] = t, 4 - t
        return score(rs, game, pts, trs, bok_deal=bok_deal).payout[0]

    table = np.array([[pay(p, t) for t in range(5)] for p in range(TOTAL_POINTS + 1)],
                     dtype=np.int64)
    table.flags.writeable = False
    return table


def best_payout(deal: Deal) -> tuple[int, int, int, int]:
    """The payout per seat (RULES §7) when each side plays to maximize its own payout —
    the exact value of the deal under best play. A finished deal gives its result."""
    if deal.is_over:
        return deal.result().payout
    pos = position_of(deal)
    game = deal.game
    assert game is not None
    table = _payout_table(deal.rs, game, deal.bok_deal)
    value = points_solver(pos.order).utility(
        pos.hands, leader=pos.leader, team=pos.team, trick=pos.trick, table=table,
        points=pos.points, tricks=pos.tricks)
    p, t = (int(x) for x in np.argwhere(table == value)[0])
    seat = game.team[0]
    other = next(s for s in range(4) if s not in game.team)
    pts = [0, 0, 0, 0]
    trs = [0, 0, 0, 0]
    pts[seat], pts[other] = p, TOTAL_POINTS - p
    trs[seat], trs[other] = t, 4 - t
    return score(deal.rs, game, pts, trs, bok_deal=deal.bok_deal).payout


@dataclass(frozen=True)
class Solution:
    """A deal under best play: the declaring side's card points (both sides playing for
    points), whether it can take every trick, and the payout (both playing for payout)."""

    points: int
    all_tricks: bool
    payout: tuple[int, int, int, int]


def solve(deal: Deal) -> Solution:
    """All three values of :class:`Solution` for a deal in play."""
    return Solution(best_points(deal), can_take_all(deal), best_payout(deal))


def card_values(deal: Deal) -> dict[int, int]:
    """For each legal card of the seat to play: the declaring side's card points at the
    end of the deal if that card is played and both sides then play for points."""
    pos = position_of(deal)
    if not _live(deal):
        return {}
    vals = points_solver(pos.order).card_values(pos.hands, leader=pos.leader, team=pos.team,
                                                 trick=pos.trick)
    return {c: pos.points + v for c, v in vals.items()}


# ---------------------------------------------------------------- laid-down contracts


def deal_is_laid_down(deal: Deal) -> bool:
    """Whether the lone declarer of a deal in play wins for sure from here, seeing only
    his cards and the cards played (e.g. when he lays his cards on the table, 000 §7o)."""
    game = deal.game
    if game is None or game.contract.kind not in ("solo", "cicha") or game.declarer is None:
        raise ValueError("only a solo or a cicha in play has a lone declarer")
    seat = game.declarer
    plays = [(op.seat, op.card) for op in deal.log if op.kind == "card" and op.card is not None]
    if deal.is_over:
        return deal.result().winners == game.team
    return is_laid_down(deal.order, deal.hands[seat], values=CARD_POINTS, declarer=seat,
                        leader=deal.forehand, goal=game.contract.goal,
                        target=deal.rs.points_to_win, plays=plays)
