"""The values the tournament store returns (RULES §10, seed 000 §7p): a tournament's
settings, a round's clock, an entered deal — frozen, read by the CLI, the web pages and
the store alike.

Re-exported by :mod:`stolik.tournament.store_core` and :mod:`stolik.tournament.store`."""

from __future__ import annotations

import datetime
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal

if TYPE_CHECKING:

    pass


# ------------------------------------------------------------------------ values


@dataclass(frozen=True)
class TournamentInfo:
    """A tournament's settings as stored."""

    slug: str
    name: str
    ruleset: str
    date: datetime.date | None
    place: str | None
    rounds: int
    deals_per_round: int
    minutes_per_round: int
    break_minutes: int
    seed: int | None
    """The seed of every draw, or None: each draw is fresh (its seed kept by its round)."""
    require_confirmation: bool
    season: str | None
    players: int
    rounds_drawn: int
    game: str = ""
    """The game (``baska``, ``marias``, issue 10 §1); its unit and sheet are its
    ``tournament`` part's (:func:`stolik.tournament.games.tournament_game`)."""


@dataclass(frozen=True)
class RoundClock:
    """The clock of one round (seed 000 §7p). Times are naive UTC.

    >>> start = datetime.datetime(2026, 11, 21, 10, 0)
    >>> c = RoundClock(start, 40, 5, 0)
    >>> c.phase(start + datetime.timedelta(minutes=39)), c.remaining(start)
    ('playing', 2400)
    >>> minutes = datetime.timedelta(minutes=1)
    >>> c.phase(start + 41 * minutes), c.phase(start + 60 * minutes)
    ('break', 'over')
    """

    started_at: datetime.datetime | None
    minutes: int
    break_minutes: int
    extra_minutes: int

    @property
    def limit(self) -> datetime.datetime | None:
        """When play stops: start + minutes + the referee's extension."""
        if self.started_at is None:
            return None
        return self.started_at + datetime.timedelta(minutes=self.minutes + self.extra_minutes)

    @property
    def break_end(self) -> datetime.datetime | None:
        """When the break after the round ends."""
        lim = self.limit
        return None if lim is None else lim + datetime.timedelta(minutes=self.break_minutes)

    def phase(self, now: datetime.datetime) -> Literal["not started", "playing", "break",
                                                        "over"]:
        """Where the round is at ``now``."""
        if self.limit is None or self.break_end is None:
            return "not started"
        if now < self.limit:
            return "playing"
        return "break" if now < self.break_end else "over"

    def remaining(self, now: datetime.datetime) -> int:
        """Whole seconds of play left (0 after the limit or before the start)."""
        if self.limit is None:
            return 0
        return max(0, int((self.limit - now).total_seconds()))

    def after_limit(self, started: datetime.datetime | None) -> bool:
        """Whether a deal that started at ``started`` began after the limit."""
        return started is not None and self.limit is not None and started >= self.limit


@dataclass(frozen=True)
class DealInfo:
    """One entered deal: its number, data, who entered and confirmed it, and whether it
    started after the round's limit (then it does not count, seed 000 §7p)."""

    round: int
    table: int
    number: int
    kind: str
    data: Mapping[str, Any]
    entered_by: str
    entered_at: datetime.datetime
    started_at: datetime.datetime | None
    confirmed_by: str | None
    after_limit: bool
    counts: bool
