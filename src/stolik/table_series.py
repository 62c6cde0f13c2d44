"""A seeded series at one table, for any game (issue 26: the series driver once, in the
core): people at some seats, bots at the others, the dealer moving one seat clockwise
each deal, the settled deals with their records and results — what ``stolik play`` runs a
person's game on. A game's series supplies what differs (:class:`SeriesParts`): how a deal is
dealt, how its bots are asked, a deal's record, and, for a match, what a settled deal adds
to it and when no further deal is dealt.

The cards come from ``random.Random(seed)``, deal after deal, so a seed deals the same
cards wherever the series is played. A bot sees only its own seat's view; a bot's move the
engine refuses is replaced by the first legal one, so a bot never stops the table.

>>> class Race:                        # a "deal": seats take turns saying 0, 1, 2
...     def __init__(self, dealer): self.dealer, self.said, self.history = dealer, [], ()
...     to_act = property(lambda self: None if self.is_over else len(self.said) % 2)
...     is_over = property(lambda self: len(self.said) == 3)
...     def move(self, n): self.said.append(n)
...     def view(self, seat): return len(self.said)
...     def legal_moves(self): return [len(self.said)]
...     def result(self): return self.dealer
>>> class Races(TableSeries):
...     parts = SeriesParts(2, "the rules", deal=lambda rs, dealer, rng: Race(dealer),
...                         ask=lambda bot, view: view, record_of=lambda d: tuple(d.said),
...                         payout=lambda dealer: (1, -1) if dealer else (-1, 1))
>>> s = Races(None, ["A", "B"], {1: "bot"}, deals=2, seed=0, first_dealer=1)
>>> s.human_to_act, s.apply(0, 0), s.bot_move(), s.human_to_act
(0, Event(seat=0, move=0, took=None), Event(seat=1, move=1, took=None), 0)
>>> s.apply(1, 2)
Traceback (most recent call last):
stolik.errors.IllegalMove: seat 1: it is not your turn (the rules)
>>> _ = s.apply(0, 2); s.end_deal(), s.number, s.next_deal().dealer, s.number
(1, 1, 0, 2)
>>> s.finished, s.totals, s.seconds_left()
([((0, 1, 2), 1)], (1, -1), None)
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Generic, Protocol, Self, TypeVar, cast

from stolik.errors import IllegalMove, StolikError


class SeriesDeal(Protocol):
    """What the series reads of a game's deal: who acts, whether it is over, the tricks
    taken (each with its ``winner``), a seat's view, the legal moves, making a move and
    the result once it is over."""

    @property
    def to_act(self) -> int | None: ...

    @property
    def is_over(self) -> bool: ...

    @property
    def history(self) -> Sequence[Any]: ...

    def move(self, m: Any, /) -> None: ...

    def view(self, seat: int) -> Any: ...

    def legal_moves(self) -> Sequence[Any]: ...

    def result(self) -> Any: ...


RS = TypeVar("RS")
D = TypeVar("D")
M = TypeVar("M")
V = TypeVar("V")
R = TypeVar("R")
REC = TypeVar("REC")
B = TypeVar("B")


@dataclass(frozen=True)
class Event(Generic[M]):
    """A move made at the table: the seat, the move, and when it ended a trick, who took
    it (public: the pile goes before him)."""

    seat: int
    move: M
    took: int | None = None


def strongest(installed: Sequence[str], preferred: Sequence[str]) -> str:
    """The first of ``preferred`` installed, else the first installed: the bot a table
    seats when nobody names one.

    >>> strongest(["random", "heuristic"], ("pimc", "heuristic")), strongest(["x"], ())
    ('heuristic', 'x')
    """
    return next((n for n in preferred if n in installed), installed[0])


def seat_players(seats: int, humans: Sequence[int], names: Mapping[int, str],
                 opponents: Sequence[str], make: Callable[[str, int], B], seed: int, *,
                 number_from: int = 0) -> tuple[list[str], dict[int, B]]:
    """People at ``humans`` (named by ``names``, else "Ty"), bots of the kinds
    ``opponents`` at the other seats in seat order, bot ``s`` made by ``make(kind, seed *
    seats + s)`` and named ``<kind> <s + number_from>``; a bot that cannot be made is one
    line (:class:`~stolik.errors.StolikError`).

    >>> seat_players(3, (1,), {}, ("random", "pimc"), lambda kind, seed: seed, 5,
    ...              number_from=1)
    (['random 1', 'Ty', 'pimc 3'], {0: 15, 2: 17})
    """
    kinds = iter(opponents)
    players: list[str] = []
    bots: dict[int, B] = {}
    for s in range(seats):
        if s in humans:
            players.append(names.get(s, "Ty"))
            continue
        kind = next(kinds)
        try:
            bots[s] = make(kind, seed * seats + s)
        except ValueError as e:
            raise StolikError(str(e)) from None
        players.append(names.get(s, f"{kind} {s + number_from}"))
    return players, bots


@dataclass(frozen=True)
class SeriesParts(Generic[RS, D, M, V, REC, B]):
    """What a game's series supplies: its seats, the rule a move out of turn breaks,
    ``deal(ruleset, dealer, rng)`` (a shuffled deal), ``ask(bot, view)`` (a bot's move),
    ``record_of(deal)`` (a deal's record), ``payout(result)`` (a settled deal's points or
    money by seat), what its refusals call it (``unit``), ``minutes(ruleset)``: how long
    a match by time lasts (0: no time limit); for :meth:`TableSeries.create`,
    ``make_bot(kind, seed=, ruleset=)``, the kind seated when none is named
    (``opponents``) and the number a bot's name starts its seats from (``number_from``);
    for :meth:`TableSeries.to_record`, ``series_record(ruleset, deal_records, players)``."""

    seats: int
    turn_rule: str
    deal: Callable[[RS, int, random.Random], D]
    ask: Callable[[B, V], M]
    record_of: Callable[[D], REC]
    payout: Callable[[Any], Sequence[int]]
    unit: str = "series"
    minutes: Callable[[RS], int] = field(default=lambda rs: 0)
    make_bot: Callable[..., B] | None = None
    opponents: str = "heuristic"
    number_from: int = 0
    series_record: Callable[..., Any] | None = None


class TableSeries(Generic[RS, D, M, V, R, REC, B]):
    """A series of at most ``deals`` deals at one table (None: until the game ends it).
    ``players``: the names by seat; ``bots``: a bot for each seat a person does not hold.
    ``clock``: seconds, for a match by time (a wall clock; tests pass their own). A game's
    series names its :attr:`parts` (:class:`SeriesParts`); a match overrides
    :meth:`add_result`, :meth:`dealing_ends` and :attr:`is_over` where it ends itself."""

    parts: ClassVar[SeriesParts[Any, Any, Any, Any, Any, Any]]

    def __init__(self, rs: RS, players: Sequence[str], bots: dict[int, B], *,
                 deals: int | None, seed: int, first_dealer: int = 0,
                 clock: Callable[[], float] = time.monotonic) -> None:
        if deals is not None and deals < 1:
            raise StolikError(f"a {self.parts.unit} has at least one deal, not {deals}")
        self.rs = rs
        self.players = tuple(players)
        self.bots = bots
        self.length = deals
        self.seed = seed
        self.first_dealer = first_dealer
        self._rng = random.Random(seed)
        self.finished: list[tuple[REC, R]] = []
        self.deal: D = self.parts.deal(rs, first_dealer, self._rng)
        self.settled = False
        """The deal on the table is over and settled: :meth:`next_deal` comes next."""
        self.clock = clock
        self.started = clock()

    @classmethod
    def create(cls, rs: RS, *, deals: int | None, seed: int, humans: Sequence[int] = (0,),
               names: Mapping[int, str] | None = None,
               opponents: Sequence[str] | None = None, **more: Any) -> Self:
        """People at ``humans`` (named by ``names``), bots of the kinds ``opponents`` (by
        default the parts' kind at every other seat) at the other seats in seat order,
        each made by the parts' ``make_bot`` with the ruleset and seeded from ``seed``
        (:func:`seat_players`); ``more``: the series' other options."""
        parts = cls.parts
        assert parts.make_bot is not None, "the series' parts name no make_bot"
        make = parts.make_bot
        kinds = opponents if opponents is not None else (parts.opponents,) * (
            parts.seats - len(humans))
        players, bots = seat_players(parts.seats, humans, names or {}, kinds,
                                     lambda kind, s: make(kind, seed=s, ruleset=rs), seed,
                                     number_from=parts.number_from)
        return cls(rs, players, bots, deals=deals, seed=seed, **more)

    def to_record(self) -> Any:
        """The record of the settled deals (the parts' ``series_record``, with
        :meth:`record_extra`)."""
        assert self.parts.series_record is not None, "the series' parts name no record"
        return self.parts.series_record(self.rs, [r for r, _ in self.finished], self.players,
                                        **self.record_extra())

    def record_extra(self) -> dict[str, Any]:
        """What a game's record keeps beyond its deals and players (none by default)."""
        return {}

    def add_result(self, result: R) -> None:
        """What a settled deal's result adds beyond the list of finished deals (a match's
        totals); nothing by default."""

    def dealing_ends(self) -> bool:
        """Whether no further deal is dealt (by default: the series is over)."""
        return self.is_over

    @property
    def _table(self) -> SeriesDeal:
        """The deal on the table, as the series reads it."""
        return cast(SeriesDeal, self.deal)

    @property
    def number(self) -> int:
        """The number of the deal on the table (1 for the first)."""
        return len(self.finished) + (0 if self.settled else 1)

    @property
    def is_over(self) -> bool:
        """Every deal of the series is played and settled."""
        return self.length is not None and len(self.finished) >= self.length

    @property
    def totals(self) -> tuple[int, ...]:
        """The points or money by seat over the settled deals."""
        t = [0] * self.parts.seats
        for _, r in self.finished:
            for s, p in enumerate(self.parts.payout(r)):
                t[s] += p
        return tuple(t)

    def seconds_left(self) -> float | None:
        """Seconds until a match by time is up (0 once it is, on :attr:`clock` from the
        series' start), or None without a time limit."""
        minutes = self.parts.minutes(self.rs)
        if minutes <= 0:
            return None
        return max(0.0, self.started + 60 * minutes - self.clock())

    @property
    def human_to_act(self) -> int | None:
        """The person's seat when it is his turn, else None."""
        seat = self._table.to_act
        return seat if seat is not None and seat not in self.bots else None

    def view(self, seat: int) -> V:
        """What ``seat`` may know now."""
        return cast(V, self._table.view(seat))

    def _event(self, seat: int, move: M) -> Event[M]:
        tricks = len(self._table.history)
        self._table.move(move)
        h = self._table.history
        return Event(seat, move, h[-1].winner if len(h) > tricks else None)

    def bot_move(self) -> Event[M] | None:
        """One bot's move when a bot is to act; None when a person is, or the deal is
        over."""
        seat = self._table.to_act
        if seat is None or seat not in self.bots:
            return None
        move: M = self.parts.ask(self.bots[seat], self._table.view(seat))
        try:
            return self._event(seat, move)
        except IllegalMove:
            return self._event(seat, self._table.legal_moves()[0])

    def apply(self, seat: int, move: M) -> Event[M]:
        """A person's move (IllegalMove names the rule when it is not allowed)."""
        if self._table.to_act != seat:
            raise IllegalMove(f"seat {seat}: it is not your turn ({self.parts.turn_rule})")
        return self._event(seat, move)

    def end_deal(self) -> R:
        """Settle the deal on the table once it is over."""
        if not self._table.is_over:
            raise IllegalMove("the deal is not over yet")
        result: R = self._table.result()
        if not self.settled:
            self.finished.append((self.parts.record_of(self.deal), result))
            self.add_result(result)
            self.settled = True
        return result

    def play_out(self) -> None:
        """With a bot at every seat: play the series to its end, each deal settled and
        the next dealt (IllegalMove when a person is to act)."""
        while not self.is_over:
            while self.bot_move() is not None:
                pass
            self.end_deal()
            if not self.is_over:
                self.next_deal()

    def next_deal(self) -> D:
        """Deal the next hand: the dealer moves one seat clockwise."""
        if self.dealing_ends():
            raise StolikError(f"the {self.parts.unit} is over")
        dealer = (self.first_dealer + len(self.finished)) % self.parts.seats
        self.deal = self.parts.deal(self.rs, dealer, self._rng)
        self.settled = False
        return self.deal


__all__ = ["Event", "SeriesDeal", "SeriesParts", "TableSeries", "seat_players", "strongest"]
