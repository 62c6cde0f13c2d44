"""A seeded Mariáš series at one table: people at some seats, bots at the others, the dealer
moving one seat clockwise each deal (MARIAS §9), the money by seat in haléř — what
``stolik play`` (:mod:`stolik.games.marias.terminal`) runs a person's game on.

The cards come from ``random.Random(seed)`` as :func:`~stolik.games.marias.match.simulate_bots`
deals them, so a seed deals the same cards there and here. A bot sees only its own seat's
view; a bot's move the engine refuses is replaced by the first legal one (as in
:func:`~stolik.games.marias.match.play_deal`), so a bot never stops the table.

>>> from stolik.games.marias.ruleset import load_ruleset
>>> s = Series.create(load_ruleset(), deals=2, seed=5, humans=(), opponents=("random",) * 4)
>>> while not s.is_over:
...     while s.bot_move() is not None:
...         pass
...     _ = s.end_deal()
...     if not s.is_over:
...         _ = s.next_deal()
>>> len(s.finished), sum(s.totals), [r.dealer for r, _ in s.finished]
(2, 0, [0, 1])
>>> from stolik.games.marias.record import replay
>>> replay(s.to_record()).totals == s.totals
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from stolik.errors import IllegalMove, StolikError
from stolik.games import bot_kinds
from stolik.games.marias.bots import available_bots, make_bot
from stolik.games.marias.record import DealRecord, SeriesRecord, record_of, series_record
from stolik.games.marias.ruleset import Ruleset
from stolik.games.marias.scoring import DealResult
from stolik.games.marias.state import Deal, Move
from stolik.games.marias.view import SeatView


class Bot(Protocol):
    """What a Mariáš bot offers (:mod:`stolik.games.marias.bots`)."""

    def choose(self, view: SeatView) -> Move: ...


@dataclass(frozen=True)
class Event:
    """A move made at the table: the seat, the move, and when it ended a trick, who took
    it (public: the pile goes before him)."""

    seat: int
    move: Move
    took: int | None = None


def default_opponents() -> str:
    """The strongest Mariáš bot installed: ``pimc`` where there is one, else ``heuristic``.

    >>> default_opponents() in available_bots()
    True
    """
    names = available_bots()
    return next((n for n in ("pimc", "heuristic", "random") if n in names), names[0])


def opponent_kinds(text: str | None, count: int = 3) -> tuple[str, ...]:
    """``--opponents``: one bot kind for every bot seat, or ``count`` kinds separated by
    commas (clockwise from the person's left); a kind not installed is one line naming
    those that are, in the reader's language (:func:`stolik.games.bot_kinds`).

    >>> opponent_kinds("random"), opponent_kinds("heuristic, random,random")
    (('random', 'random', 'random'), ('heuristic', 'random', 'random'))
    >>> opponent_kinds("chess")
    Traceback (most recent call last):
    ...
    stolik.errors.StolikError: no Mariáš bot 'chess': choose --opponents random, heuristic, \
pimc or pimc-fast
    """
    return bot_kinds(text or default_opponents(), available_bots(), count,
                     game_name="Mariáš")


class Series:
    """A series of ``deals`` deals at one table. ``players``: the names by seat; ``bots``:
    a bot for each seat a person does not hold."""

    def __init__(self, rs: Ruleset, players: Sequence[str], bots: dict[int, Bot], *,
                 deals: int, seed: int, first_dealer: int = 0) -> None:
        if deals < 1:
            raise StolikError(f"a series has at least one deal, not {deals}")
        self.rs = rs
        self.players = tuple(players)
        self.bots = bots
        self.length = deals
        self.seed = seed
        self.first_dealer = first_dealer
        self._rng = random.Random(seed)
        self.finished: list[tuple[DealRecord, DealResult]] = []
        self.deal = Deal.random(rs, first_dealer, self._rng)
        self.settled = False
        """The deal on the table is over and settled: :meth:`next_deal` comes next."""

    @classmethod
    def create(cls, rs: Ruleset, *, deals: int, seed: int, humans: Sequence[int] = (0,),
               names: dict[int, str] | None = None,
               opponents: Sequence[str] = ("heuristic",) * 3) -> Series:
        """People at ``humans`` (named by ``names``), bots of the kinds ``opponents`` at the
        other seats in seat order (named ``<kind> <seat>``); bot ``s`` is seeded from
        ``seed`` as :func:`~stolik.games.marias.match.simulate_bots` seeds it."""
        names = names or {}
        kinds = iter(opponents)
        players: list[str] = []
        bots: dict[int, Bot] = {}
        for s in range(4):
            if s in humans:
                players.append(names.get(s, "Ty"))
                continue
            kind = next(kinds)
            try:
                bots[s] = make_bot(kind, seed=seed * 4 + s, ruleset=rs)
            except ValueError as e:
                raise StolikError(str(e)) from None
            players.append(names.get(s, f"{kind} {s}"))
        return cls(rs, players, bots, deals=deals, seed=seed)

    @property
    def number(self) -> int:
        """The number of the deal on the table (1 for the first)."""
        return len(self.finished) + (0 if self.settled else 1)

    @property
    def is_over(self) -> bool:
        """Every deal of the series is played and settled."""
        return len(self.finished) >= self.length

    @property
    def totals(self) -> tuple[int, int, int, int]:
        """The money by seat over the settled deals (haléř)."""
        t = [0, 0, 0, 0]
        for _, r in self.finished:
            for s in range(4):
                t[s] += r.payouts[s]
        return (t[0], t[1], t[2], t[3])

    @property
    def human_to_act(self) -> int | None:
        """The person's seat when it is his turn, else None."""
        seat = self.deal.to_act
        return seat if seat is not None and seat not in self.bots else None

    def view(self, seat: int) -> SeatView:
        """What ``seat`` may know now (MARIAS §2–§4)."""
        return self.deal.view(seat)

    def _event(self, seat: int, move: Move) -> Event:
        tricks = len(self.deal.history)
        self.deal.move(move)
        h = self.deal.history
        return Event(seat, move, h[-1].winner if len(h) > tricks else None)

    def bot_move(self) -> Event | None:
        """One bot's move, when a bot is to act; None when a person is, or the deal is
        over."""
        seat = self.deal.to_act
        if seat is None or seat not in self.bots:
            return None
        move = self.bots[seat].choose(self.deal.view(seat))
        try:
            return self._event(seat, move)
        except IllegalMove:
            return self._event(seat, self.deal.legal_moves()[0])

    def apply(self, seat: int, move: Move) -> Event:
        """A person's move (IllegalMove names the rule when it is not allowed)."""
        if self.deal.to_act != seat:
            raise IllegalMove(f"seat {seat}: it is not your turn (MARIAS §4)")
        return self._event(seat, move)

    def claim(self, seat: int) -> None:
        """``seat`` lays his cards down (MARIAS §4.7, seed §8: a false one is a renonc)."""
        self.deal.claim(seat)

    def end_deal(self) -> DealResult:
        """Settle the deal on the table once it is over."""
        if not self.deal.is_over:
            raise IllegalMove("the deal is not over yet")
        result = self.deal.result()
        if not self.settled:
            self.finished.append((record_of(self.deal), result))
            self.settled = True
        return result

    def next_deal(self) -> Deal:
        """Deal the next hand: the dealer moves one seat clockwise (MARIAS §9)."""
        if self.is_over:
            raise StolikError("the series is over")
        dealer = (self.first_dealer + len(self.finished)) % 4
        self.deal = Deal.random(self.rs, dealer, self._rng)
        self.settled = False
        return self.deal

    def to_record(self) -> SeriesRecord:
        """The record of the settled deals (MARIAS §11)."""
        return series_record(self.rs, [r for r, _ in self.finished], self.players)


__all__ = ["Bot", "Event", "Series", "default_opponents", "opponent_kinds"]
