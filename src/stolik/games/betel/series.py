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
>>> s.play_out()
>>> len(s.finished), [r.dealer for r, _ in s.finished]
(3, [0, 1, 2])
>>> from stolik.games.betel.record import replay
>>> replay(s.to_record()).totals == s.match.totals
True
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from stolik.bots import Bot as SeatBot
from stolik.games import bot_kinds
from stolik.games.betel.bots import available_bots, make_bot
from stolik.games.betel.deck import SEATS
from stolik.games.betel.match import Match
from stolik.games.betel.record import DealRecord, record_of, series_record
from stolik.games.betel.ruleset import Ruleset
from stolik.games.betel.scoring import DealResult
from stolik.games.betel.state import Deal, Move
from stolik.games.betel.view import SeatView
from stolik.table_series import Event as TableEvent
from stolik.table_series import SeriesParts, TableSeries, strongest

Bot = SeatBot[SeatView, Move]
"""What a Betel bot offers (:mod:`stolik.games.betel.bots`): ``act(view)``."""

Event = TableEvent[Move]
"""A move made at the table: the seat, the move, and when it ended a trick, who took it
(public: every card played is shown to all, BETEL §4)."""

PREFERRED = ("expert", "pimc", "heuristic", "solver", "random")
"""The bot kinds tried, strongest first, when ``--opponents`` names none."""


def default_opponents() -> str:
    """The strongest Betel bot installed (``random`` while it is the only one).

    >>> default_opponents() in available_bots()
    True
    """
    return strongest(available_bots(), PREFERRED)


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


class Series(TableSeries[Ruleset, Deal, Move, SeatView, DealResult, DealRecord, Bot]):
    """A Betel match at one table (:class:`stolik.table_series.TableSeries`: the dealer
    moves one seat clockwise each deal, BETEL §1). ``players``: the names by seat;
    ``bots``: a bot for each seat a person does not hold; ``deals``: at most so many deals
    (None: to the target or the time); ``clock``: seconds, for a match by time (a wall
    clock; tests pass their own)."""

    parts = SeriesParts(SEATS, "BETEL §3, §4", deal=Deal.random,
                        ask=lambda bot, view: bot.act(view), record_of=record_of,
                        payout=lambda result: result.scores, unit="match",
                        minutes=lambda rs: rs.minutes, make_bot=make_bot, opponents="random",
                        number_from=1, series_record=series_record)

    def __init__(self, rs: Ruleset, players: Sequence[str], bots: dict[int, Bot], *,
                 deals: int | None, seed: int, first_dealer: int = 0,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.match = Match(rs)
        super().__init__(rs, players, bots, deals=deals, seed=seed, first_dealer=first_dealer,
                         clock=clock)

    @classmethod
    def create(cls, rs: Ruleset, *, deals: int | None, seed: int,
               humans: Sequence[int] = (0,), names: Mapping[int, str] | None = None,
               opponents: Sequence[str] | None = None, first_dealer: int | None = None,
               **more: Any) -> Series:
        """The core's (bots named ``<kind> <seat + 1>``, ``random`` unless named); the
        first dealer is chosen by lot (BETEL §1) unless ``first_dealer`` names him: drawn
        from ``seed`` apart from the cards, so that a seed plays the same match."""
        if first_dealer is None:
            first_dealer = first_dealer_by_lot(seed)
        return super().create(rs, deals=deals, seed=seed, humans=humans, names=names,
                              opponents=opponents, first_dealer=first_dealer, **more)

    def add_result(self, result: DealResult) -> None:
        """The deal's scores go to the match; ``time_up`` when its time ran out during it."""
        self.match.add(result.scores, time_up=self.seconds_left() == 0)

    def dealing_ends(self) -> bool:
        """None once the match is over, by its deals or by time (:meth:`check_time`)."""
        return self.check_time()

    def check_time(self) -> bool:
        """Between deals: when the time is up, the match ends now if one seat alone leads
        (a tie plays on, BETEL §5) — no deal is dealt past the time. Whether it is over."""
        if self.seconds_left() == 0:
            self.match.time_out()
        return self.is_over

    @property
    def is_over(self) -> bool:
        """The match is decided (BETEL §5), or ``deals`` deals are settled."""
        return self.match.decided or (self.length is not None
                                      and len(self.finished) >= self.length)

    def record_extra(self) -> dict[str, Any]:
        """The deal the match's time ran out in (BETEL §5, §6)."""
        return {"time_up": self.match.time_up_after}


__all__ = ["Bot", "Event", "Series", "default_opponents", "first_dealer_by_lot",
           "opponent_kinds"]
