"""ORM classes over the tournament tables of :mod:`stolik.tournament.tables` (RULES §10):
seasons, tournaments, players and their entries (with the team), rounds, tables and
seats, sitting out, deals, events, the audit log, and referee accounts.

The columns are declared once, as Core tables; each class here maps one of them
(``__table__``), names its columns' Python types for the type checker, and adds the
relationships. Class names are qualified in relationships
(``stolik.tournament.orm.PlayerRow``): browser play has its own ``PlayerRow`` and
``TableRow`` on the same declarative base.

A tournament in the database is the same thing a tournament file holds
(:mod:`stolik.tournament.file`) plus what running it needs: the round clock, who entered
and who confirmed each deal, and the audit log. :mod:`stolik.tournament.store` (with
:mod:`stolik.tournament.entry`) is the only writer; it turns the rows back into a
:class:`~stolik.tournament.model.Tournament` to score.

>>> TournamentRow.__table__ is tables.tournament_t
True
"""

from __future__ import annotations

import datetime
from typing import Any

from sqlalchemy.orm import Mapped, relationship

from stolik.db.base import Base
from stolik.tournament import tables


class SeasonRow(Base):
    """A season (a league year): tournaments in order, summed (RULES §10)."""

    __table__ = tables.season_t
    id: Mapped[int]
    name: Mapped[str]
    created_at: Mapped[datetime.datetime]


class TournamentRow(Base):
    """One tournament; ``slug`` is the short name the CLI and web use."""

    __table__ = tables.tournament_t
    id: Mapped[int]
    slug: Mapped[str]
    name: Mapped[str]
    date: Mapped[datetime.date | None]
    place: Mapped[str | None]
    ruleset: Mapped[str]
    game: Mapped[str]
    """The game (``baska``, ``marias``): what scores its tables (issue 10 §1)."""
    ruleset_text: Mapped[str | None]
    """The TOML of a league's own ruleset file (``None`` for a shipped ruleset)."""
    rounds: Mapped[int]
    deals_per_round: Mapped[int]
    minutes_per_round: Mapped[int]
    break_minutes: Mapped[int]
    seed: Mapped[int | None]
    """The seed of every draw (round N: ``(seed * 1000 + N) mod 2**31``); ``None``: each
    draw takes a fresh seed from :mod:`secrets`, stored with its round."""
    require_confirmation: Mapped[bool]
    season_id: Mapped[int | None]
    created_at: Mapped[datetime.datetime]

    entries: Mapped[list[EntryRow]] = relationship(
        back_populates="tournament", cascade="all, delete-orphan", order_by="EntryRow.id")
    round_rows: Mapped[list[RoundRow]] = relationship(
        back_populates="tournament", cascade="all, delete-orphan", order_by="RoundRow.number")


class PlayerRow(Base):
    """A player of the league: ``code`` is his id in files and seasons (``p1``)."""

    __table__ = tables.player_t
    id: Mapped[int]
    code: Mapped[str]
    name: Mapped[str]


class EntryRow(Base):
    """A player entered in a tournament, with his team there (at most 6 a team)."""

    __table__ = tables.entry_t
    id: Mapped[int]
    tournament_id: Mapped[int]
    player_id: Mapped[int]
    team: Mapped[str | None]

    tournament: Mapped[TournamentRow] = relationship(back_populates="entries")
    player: Mapped[PlayerRow] = relationship("stolik.tournament.orm.PlayerRow", lazy="joined")


class RoundRow(Base):
    """A round: drawn (seats known, redraw allowed), started (clock running), closed."""

    __table__ = tables.round_t
    id: Mapped[int]
    tournament_id: Mapped[int]
    number: Mapped[int]
    seed: Mapped[int]
    started_at: Mapped[datetime.datetime | None]
    extra_minutes: Mapped[int]
    """Minutes the referee added to the limit (seed 000 §7p)."""
    closed: Mapped[bool]

    tournament: Mapped[TournamentRow] = relationship(back_populates="round_rows")
    tables: Mapped[list[TableRow]] = relationship(
        "stolik.tournament.orm.TableRow", back_populates="round", cascade="all, delete-orphan",
        order_by="stolik.tournament.orm.TableRow.number")
    sitting_out: Mapped[list[SitOutRow]] = relationship(
        back_populates="round", cascade="all, delete-orphan", order_by="SitOutRow.id")
    events: Mapped[list[EventRow]] = relationship(
        back_populates="round", cascade="all, delete-orphan", order_by="EventRow.id")


class TableRow(Base):
    """A table of a round: four seats (player ids by seat 0..3) and its deals, or only
    its final ``totals``."""

    __table__ = tables.table_t
    id: Mapped[int]
    round_id: Mapped[int]
    number: Mapped[int]
    first_dealer: Mapped[int]
    seat0: Mapped[int]
    seat1: Mapped[int]
    seat2: Mapped[int]
    seat3: Mapped[int | None]
    """Empty at a table of three (LICITOVANY §9)."""
    totals: Mapped[list[int] | None]
    sheet: Mapped[dict[str, Any] | None]
    """The game's own table sheet (Mariáš: the stolový lístek, MARIAS §7)."""

    round: Mapped[RoundRow] = relationship(back_populates="tables")
    deals: Mapped[list[DealRow]] = relationship(
        back_populates="table", cascade="all, delete-orphan", order_by="DealRow.number")

    @property
    def seat_ids(self) -> tuple[int, ...]:
        """Player row ids by seat (three at a table of three)."""
        return (self.seat0, self.seat1, self.seat2) + (
            () if self.seat3 is None else (self.seat3,))


class SitOutRow(Base):
    """A player sitting out a round (seed 000 §7w)."""

    __table__ = tables.sit_out_t
    id: Mapped[int]
    round_id: Mapped[int]
    player_id: Mapped[int]

    round: Mapped[RoundRow] = relationship(back_populates="sitting_out")


class DealRow(Base):
    """One deal of a table: a score-sheet line or a whole deal record (``kind``), who
    entered it and when it started (the clock, seed 000 §7p), who confirmed it."""

    __table__ = tables.deal_t
    id: Mapped[int]
    table_id: Mapped[int]
    number: Mapped[int]
    kind: Mapped[str]
    """``sheet`` or ``record``."""
    data: Mapped[dict[str, Any]]
    started_at: Mapped[datetime.datetime | None]
    """When the deal began, if known (the clock flags deals begun after the limit)."""
    entered_by: Mapped[str]
    entered_at: Mapped[datetime.datetime]
    confirmed_by: Mapped[str | None]
    confirmed_at: Mapped[datetime.datetime | None]

    table: Mapped[TableRow] = relationship("stolik.tournament.orm.TableRow",
                                           back_populates="deals")


class EventRow(Base):
    """Late, left, excluded (seed 000 §7q–t): ``value`` is minutes late or deals played."""

    __table__ = tables.event_t
    id: Mapped[int]
    round_id: Mapped[int]
    table_id: Mapped[int]
    player_id: Mapped[int]
    kind: Mapped[str]
    value: Mapped[int | None]

    round: Mapped[RoundRow] = relationship(back_populates="events")


class AuditRow(Base):
    """One change: who, when, what, the value before and after (JSON)."""

    __table__ = tables.audit_t
    id: Mapped[int]
    tournament_id: Mapped[int | None]
    at: Mapped[datetime.datetime]
    who: Mapped[str]
    action: Mapped[str]
    what: Mapped[str]
    before: Mapped[Any]
    after: Mapped[Any]


class RefereeRow(Base):
    """A referee account for the web pages (password stored as a scrypt hash)."""

    __table__ = tables.referee_t
    id: Mapped[int]
    name: Mapped[str]
    password_hash: Mapped[str]
    created_at: Mapped[datetime.datetime]


class LoginRow(Base):
    """A logged-in browser: the random token in its cookie."""

    __table__ = tables.login_t
    token: Mapped[str]
    referee_id: Mapped[int]
    created_at: Mapped[datetime.datetime]
