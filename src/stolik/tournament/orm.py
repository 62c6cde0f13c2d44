"""The tournament tables (RULES §10): seasons, tournaments, players and their entries
(with the team), rounds, tables and seats, sitting out, deals (score-sheet lines or deal
records), events, the audit log of every change, and referee accounts.

Class names are qualified in relationships (``stolik.tournament.orm.PlayerRow``): browser
play has its own ``PlayerRow`` and ``TableRow`` on the same declarative base.

A tournament in the database is the same thing a tournament file holds
(:mod:`stolik.tournament.file`) plus what running it needs: the round clock, who entered
and who confirmed each deal, and the audit log. :mod:`stolik.tournament.store` is the only
writer; it turns the rows back into a :class:`~stolik.tournament.model.Tournament` to score.
"""

from __future__ import annotations

import datetime
from typing import Any

from sqlalchemy import (
    JSON,
    Boolean,
    Date,
    DateTime,
    ForeignKey,
    Integer,
    String,
    Text,
    UniqueConstraint,
)
from sqlalchemy.orm import Mapped, mapped_column, relationship

from stolik.db.base import Base, utcnow


class SeasonRow(Base):
    """A season (a league year): tournaments in order, summed (RULES §10)."""

    __tablename__ = "season"
    id: Mapped[int] = mapped_column(primary_key=True)
    name: Mapped[str] = mapped_column(String(200), unique=True)
    created_at: Mapped[datetime.datetime] = mapped_column(DateTime, default=utcnow)


class TournamentRow(Base):
    """One tournament; ``slug`` is the short name the CLI and web use."""

    __tablename__ = "tournament"
    id: Mapped[int] = mapped_column(primary_key=True)
    slug: Mapped[str] = mapped_column(String(80), unique=True)
    name: Mapped[str] = mapped_column(String(200))
    date: Mapped[datetime.date | None] = mapped_column(Date, nullable=True)
    place: Mapped[str | None] = mapped_column(String(200), nullable=True)
    ruleset: Mapped[str] = mapped_column(String(200))
    ruleset_text: Mapped[str | None] = mapped_column(Text, nullable=True)
    """The TOML of a league's own ruleset file (``None`` for a shipped ruleset)."""
    rounds: Mapped[int] = mapped_column(Integer, default=5)
    deals_per_round: Mapped[int] = mapped_column(Integer, default=32)
    minutes_per_round: Mapped[int] = mapped_column(Integer, default=40)
    break_minutes: Mapped[int] = mapped_column(Integer, default=5)
    seed: Mapped[int | None] = mapped_column(Integer, nullable=True)
    """The seed of every draw (round N: ``(seed * 1000 + N) mod 2**31``); ``None``: each
    draw takes a fresh seed from :mod:`secrets`, stored with its round."""
    require_confirmation: Mapped[bool] = mapped_column(Boolean, default=False)
    season_id: Mapped[int | None] = mapped_column(ForeignKey("season.id"), nullable=True)
    created_at: Mapped[datetime.datetime] = mapped_column(DateTime, default=utcnow)

    entries: Mapped[list[EntryRow]] = relationship(
        back_populates="tournament", cascade="all, delete-orphan", order_by="EntryRow.id")
    round_rows: Mapped[list[RoundRow]] = relationship(
        back_populates="tournament", cascade="all, delete-orphan", order_by="RoundRow.number")


class PlayerRow(Base):
    """A player of the league: ``code`` is his id in files and seasons (``p1``)."""

    __tablename__ = "player"
    id: Mapped[int] = mapped_column(primary_key=True)
    code: Mapped[str] = mapped_column(String(80), unique=True)
    name: Mapped[str] = mapped_column(String(200))


class EntryRow(Base):
    """A player entered in a tournament, with his team there (at most 6 a team)."""

    __tablename__ = "entry"
    __table_args__ = (UniqueConstraint("tournament_id", "player_id"),)
    id: Mapped[int] = mapped_column(primary_key=True)
    tournament_id: Mapped[int] = mapped_column(ForeignKey("tournament.id", ondelete="CASCADE"))
    player_id: Mapped[int] = mapped_column(ForeignKey("player.id"))
    team: Mapped[str | None] = mapped_column(String(200), nullable=True)

    tournament: Mapped[TournamentRow] = relationship(back_populates="entries")
    player: Mapped[PlayerRow] = relationship("stolik.tournament.orm.PlayerRow", lazy="joined")


class RoundRow(Base):
    """A round: drawn (seats known, redraw allowed), started (clock running), closed."""

    __tablename__ = "round"
    __table_args__ = (UniqueConstraint("tournament_id", "number"),)
    id: Mapped[int] = mapped_column(primary_key=True)
    tournament_id: Mapped[int] = mapped_column(ForeignKey("tournament.id", ondelete="CASCADE"))
    number: Mapped[int] = mapped_column(Integer)
    seed: Mapped[int] = mapped_column(Integer, default=0)
    started_at: Mapped[datetime.datetime | None] = mapped_column(DateTime, nullable=True)
    extra_minutes: Mapped[int] = mapped_column(Integer, default=0)
    """Minutes the referee added to the limit (seed 000 §7p)."""
    closed: Mapped[bool] = mapped_column(Boolean, default=False)

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

    __tablename__ = "round_table"
    __table_args__ = (UniqueConstraint("round_id", "number"),)
    id: Mapped[int] = mapped_column(primary_key=True)
    round_id: Mapped[int] = mapped_column(ForeignKey("round.id", ondelete="CASCADE"))
    number: Mapped[int] = mapped_column(Integer)
    first_dealer: Mapped[int] = mapped_column(Integer, default=0)
    seat0: Mapped[int] = mapped_column(ForeignKey("player.id"))
    seat1: Mapped[int] = mapped_column(ForeignKey("player.id"))
    seat2: Mapped[int] = mapped_column(ForeignKey("player.id"))
    seat3: Mapped[int] = mapped_column(ForeignKey("player.id"))
    totals: Mapped[list[int] | None] = mapped_column(JSON, nullable=True)

    round: Mapped[RoundRow] = relationship(back_populates="tables")
    deals: Mapped[list[DealRow]] = relationship(
        back_populates="table", cascade="all, delete-orphan", order_by="DealRow.number")

    @property
    def seat_ids(self) -> tuple[int, int, int, int]:
        """Player row ids by seat."""
        return (self.seat0, self.seat1, self.seat2, self.seat3)


class SitOutRow(Base):
    """A player sitting out a round (seed 000 §7w)."""

    __tablename__ = "sit_out"
    __table_args__ = (UniqueConstraint("round_id", "player_id"),)
    id: Mapped[int] = mapped_column(primary_key=True)
    round_id: Mapped[int] = mapped_column(ForeignKey("round.id", ondelete="CASCADE"))
    player_id: Mapped[int] = mapped_column(ForeignKey("player.id"))

    round: Mapped[RoundRow] = relationship(back_populates="sitting_out")


class DealRow(Base):
    """One deal of a table: a score-sheet line or a whole deal record (``kind``), who
    entered it and when it started (the clock, seed 000 §7p), who confirmed it."""

    __tablename__ = "deal"
    __table_args__ = (UniqueConstraint("table_id", "number"),)
    id: Mapped[int] = mapped_column(primary_key=True)
    table_id: Mapped[int] = mapped_column(ForeignKey("round_table.id", ondelete="CASCADE"))
    number: Mapped[int] = mapped_column(Integer)
    kind: Mapped[str] = mapped_column(String(10))
    """``sheet`` or ``record``."""
    data: Mapped[dict[str, Any]] = mapped_column(JSON)
    started_at: Mapped[datetime.datetime | None] = mapped_column(DateTime, nullable=True)
    """When the deal began, if known (the clock flags deals begun after the limit)."""
    entered_by: Mapped[str] = mapped_column(String(200))
    entered_at: Mapped[datetime.datetime] = mapped_column(DateTime, default=utcnow)
    confirmed_by: Mapped[str | None] = mapped_column(String(200), nullable=True)
    confirmed_at: Mapped[datetime.datetime | None] = mapped_column(DateTime, nullable=True)

    table: Mapped[TableRow] = relationship("stolik.tournament.orm.TableRow",
                                           back_populates="deals")


class EventRow(Base):
    """Late, left, excluded (seed 000 §7q–t): ``value`` is minutes late or deals played."""

    __tablename__ = "event"
    id: Mapped[int] = mapped_column(primary_key=True)
    round_id: Mapped[int] = mapped_column(ForeignKey("round.id", ondelete="CASCADE"))
    table_id: Mapped[int] = mapped_column(ForeignKey("round_table.id", ondelete="CASCADE"))
    player_id: Mapped[int] = mapped_column(ForeignKey("player.id"))
    kind: Mapped[str] = mapped_column(String(20))
    value: Mapped[int | None] = mapped_column(Integer, nullable=True)

    round: Mapped[RoundRow] = relationship(back_populates="events")


class AuditRow(Base):
    """One change: who, when, what, the value before and after (JSON)."""

    __tablename__ = "audit"
    id: Mapped[int] = mapped_column(primary_key=True)
    tournament_id: Mapped[int | None] = mapped_column(
        ForeignKey("tournament.id", ondelete="CASCADE"), nullable=True)
    at: Mapped[datetime.datetime] = mapped_column(DateTime, default=utcnow)
    who: Mapped[str] = mapped_column(String(200))
    action: Mapped[str] = mapped_column(String(40))
    what: Mapped[str] = mapped_column(String(200))
    before: Mapped[Any] = mapped_column(JSON, nullable=True)
    after: Mapped[Any] = mapped_column(JSON, nullable=True)


class RefereeRow(Base):
    """A referee account for the web pages (password stored as a scrypt hash)."""

    __tablename__ = "referee"
    id: Mapped[int] = mapped_column(primary_key=True)
    name: Mapped[str] = mapped_column(String(200), unique=True)
    password_hash: Mapped[str] = mapped_column(String(300))
    created_at: Mapped[datetime.datetime] = mapped_column(DateTime, default=utcnow)


class LoginRow(Base):
    """A logged-in browser: the random token in its cookie."""

    __tablename__ = "login"
    token: Mapped[str] = mapped_column(String(100), primary_key=True)
    referee_id: Mapped[int] = mapped_column(ForeignKey("referee.id", ondelete="CASCADE"))
    created_at: Mapped[datetime.datetime] = mapped_column(DateTime, default=utcnow)
