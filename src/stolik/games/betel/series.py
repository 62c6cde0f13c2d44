"""A seeded Betel match at one table: people at some seats, bots at the others, the first
dealer chosen by lot and moving one seat clockwise each deal (BETEL §1), the points by seat
toward the target (BETEL §5) — what ``stolik play --game betel``
(:mod:`stolik.games.betel.terminal`) runs a person's game on.

The match ends after the deal that decides it (somebody has the target and one seat alone
leads, :mod:`stolik.games.betel.match`), or after ``deals`` deals when a length is given —
whichever comes first, so that the record always replays (a record refuses a deal after
the decision, BETEL §6). A match by time (the ruleset's ``minutes``, seed 004) runs on the
series' ``clock`` from its start: a deal that ends past the time is the last, and the time
running out between deals ends the match before another is dealt (:meth:`Series.check_time`;
the Decision in :mod:`stolik.games.betel.match`). A bot sees only its own seat's view; a
bot's move the engine refuses is replaced by the first legal one, so a bot never stops the
table.

>>> from stolik.games.betel.ruleset import load_ruleset
>>> s = Series.create(load_ruleset(), deals=3, seed=5, humans=(), opponents=("random",) * 3,
...                   first_dealer=0)
>>> while not s.is_over:
...     while s.bot_move() is not None:
...         pass
...     _ = s.end_deal()
...     if not s.is_over:
...         _ = s.next_deal()
>>> len(s.finished), [r.dealer for r, _ in s.finished]
(3, [0, 1, 2])
>>> from stolik.games.betel.record import replay
>>> replay(s.to_record()).totals == s.match.totals
True
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Protocol

from stolik.errors import IllegalMove, StolikError
from stolik.games import bot_kinds
from stolik.games.betel.bots import available_bots, make_bot
from stolik.games.betel.deck import SEATS
from stolik.games.betel.match import Match
from stolik.games.betel.record import DealRecord, SeriesRecord, record_of, series_record
from stolik.games.betel.ruleset import Ruleset
from stolik.games.betel.scoring import DealResult
from stolik.games.betel.state import Deal, Move
from stolik.games.betel.view import SeatView


class Bot(Protocol):
    """What a Betel bot offers (:mod:`stolik.games.betel.bots`)."""

    def act(self, view: SeatView) -> Move: ...


@dataclass(frozen=True)
class Event:
    """A move made at the table: the seat, the move, and when it ended a trick, who took
    it (public: every card played is shown to all, BETEL §4)."""

    seat: int
    move: Move
    took: int | None = None


PREFERRED = ("pimc", "heuristic", "solver", "random")
"""The bot kinds tried, strongest first, when ``--opponents`` names none."""


def default_opponents() -> str:
    """The strongest Betel bot installed (``random`` while it is the only one).

    >>> default_opponents() in available_bots()
    True
    """
    names = available_bots()
    return next((n for n in PREFERRED if n in names), names[0])


def opponent_kinds(text: str | None, count: int = SEATS - 1) -> tuple[str, ...]:
    """``--opponents``: one bot kind for both bot seats, or ``count`` kinds separated by
    commas (clockwise from the person's left); a kind not installed is one line naming
    those that are, in the reader's language (:func:`stolik.games.bot_kinds`).

    >>> opponent_kinds("random"), opponent_kinds("random, random")
    (('random', 'random'), ('random', 'random'))
    >>> opponent_kinds("chess")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    stolik.errors.StolikError: no Betel bot 'chess': choose --opponents ...random...
    """
    return bot_kinds(text or default_opponents(), available_bots(), count,
                     game_name="Betel")


def first_dealer_by_lot(seed: int) -> int:
    """The seat that deals first in the match ``seed`` (BETEL §1: chosen by lot), from a
    generator of its own: the cards dealt stay those of the seed.

    >>> sorted({first_dealer_by_lot(s) for s in range(30)})
    [0, 1, 2]
    """
    return random.Random(f"betel first dealer {seed}").randrange(SEATS)


class Series:
    """A Betel match at one table. ``players``: the names by seat; ``bots``: a bot for each
    seat a person does not hold; ``deals``: at most so many deals (None: to the target or
    the time); ``clock``: seconds, for a match by time (a wall clock; tests pass their own)."""

    def __init__(self, rs: Ruleset, players: Sequence[str], bots: dict[int, Bot], *,
                 deals: int | None, seed: int, first_dealer: int = 0,
                 clock: Callable[[], float] = time.monotonic) -> None:
        if deals is not None and deals < 1:
            raise StolikError(f"a match has at least one deal, not {deals}")
        self.rs = rs
        self.players = tuple(players)
        self.bots = bots
        self.length = deals
        self.seed = seed
        self.first_dealer = first_dealer
        self._rng = random.Random(seed)
        self.match = Match(rs)
        self.finished: list[tuple[DealRecord, DealResult]] = []
        self.deal = Deal.random(rs, first_dealer, self._rng)
        self.settled = False
        self.clock = clock
        self.started = clock()

    @classmethod
    def create(cls, rs: Ruleset, *, deals: int | None, seed: int,
               humans: Sequence[int] = (0,), names: dict[int, str] | None = None,
               opponents: Sequence[str] = ("random",) * 2,
               clock: Callable[[], float] = time.monotonic,
               first_dealer: int | None = None) -> Series:
        """People at ``humans`` (named by ``names``), bots of the kinds ``opponents`` at the
        other seats in seat order (named ``<kind> <seat + 1>``), each seeded from ``seed``.
        The first dealer is chosen by lot (BETEL §1) unless ``first_dealer`` names him:
        drawn from ``seed`` apart from the cards, so that a seed plays the same match."""
        names = names or {}
        kinds = iter(opponents)
        players: list[str] = []
        bots: dict[int, Bot] = {}
        for s in range(SEATS):
            if s in humans:
                players.append(names.get(s, "Ty"))
                continue
            kind = next(kinds)
            try:
                bots[s] = make_bot(kind, seed=seed * SEATS + s, ruleset=rs)
            except ValueError as e:
                raise StolikError(str(e)) from None
            players.append(names.get(s, f"{kind} {s + 1}"))
        if first_dealer is None:
            first_dealer = first_dealer_by_lot(seed)
        return cls(rs, players, bots, deals=deals, seed=seed, clock=clock,
                   first_dealer=first_dealer)

    def seconds_left(self) -> float | None:
        """Seconds until the match's time is up (0 once it is), or None for a match
        without ``minutes`` (BETEL §5)."""
        if self.rs.minutes <= 0:
            return None
        return max(0.0, self.started + 60 * self.rs.minutes - self.clock())

    def check_time(self) -> bool:
        """Between deals: when the time is up, the match ends now if one seat alone leads
        (a tie plays on, BETEL §5) — no deal is dealt past the time. Whether it is over."""
        if self.seconds_left() == 0:
            self.match.time_out()
        return self.is_over

    @property
    def number(self) -> int:
        """The number of the deal on the table (1 for the first)."""
        return len(self.finished) + (0 if self.settled else 1)

    @property
    def is_over(self) -> bool:
        """The match is decided (BETEL §5), or ``deals`` deals are settled."""
        return self.match.decided or (self.length is not None
                                      and len(self.finished) >= self.length)

    def view(self, seat: int) -> SeatView:
        """What ``seat`` may know now (BETEL §3, §4)."""
        return self.deal.view(seat)

    def _event(self, seat: int, move: Move) -> Event:
        tricks = len(self.deal.history)
        self.deal.move(move)
        h = self.deal.history
        return Event(seat, move, h[-1].winner if len(h) > tricks else None)

    def bot_move(self) -> Event | None:
        """One bot's move when a bot is to act; None when a person is, or the deal is over."""
        seat = self.deal.to_act
        if seat is None or seat not in self.bots:
            return None
        move = self.bots[seat].act(self.deal.view(seat))
        try:
            return self._event(seat, move)
        except IllegalMove:
            return self._event(seat, self.deal.legal_moves()[0])

    def apply(self, seat: int, move: Move) -> Event:
        """A person's move (IllegalMove names the rule when it is not allowed)."""
        if self.deal.to_act != seat:
            raise IllegalMove(f"seat {seat}: it is not your turn (BETEL §3, §4)")
        return self._event(seat, move)

    def end_deal(self) -> DealResult:
        """Score the deal on the table once it is over and add it to the match."""
        if not self.deal.is_over:
            raise IllegalMove("the deal is not over yet")
        result = self.deal.result()
        if not self.settled:
            self.finished.append((record_of(self.deal), result))
            self.match.add(result.scores, time_up=self.seconds_left() == 0)
            self.settled = True
        return result

    def next_deal(self) -> Deal:
        """Deal the next hand: the dealer moves one seat clockwise (BETEL §1); none once
        the match is over, by its deals or by time (:meth:`check_time`)."""
        if self.check_time():
            raise StolikError("the match is over")
        dealer = (self.first_dealer + len(self.finished)) % SEATS
        self.deal = Deal.random(self.rs, dealer, self._rng)
        self.settled = False
        return self.deal

    def to_record(self) -> SeriesRecord:
        """The record of the settled deals (BETEL §6)."""
        return series_record(self.rs, [r for r, _ in self.finished], self.players,
                             time_up=self.match.time_up_after)


__all__ = ["Bot", "Event", "Series", "default_opponents", "first_dealer_by_lot",
           "opponent_kinds"]
