"""The tournament tables (RULES §10) as SQLAlchemy Core tables: seasons, tournaments,
players and their entries (with the team), rounds, tables and seats, sitting out, deals
(score-sheet lines or deal records), events, the audit log of every change, and referee
accounts.

This is the one place the schema is written. :mod:`stolik.tournament.orm` maps its
classes (with their relationships) onto these tables; :mod:`stolik.tournament.entry`
writes the commands a referee types most (``new``, ``sheet add``) with Core alone, so
that they never load ``sqlalchemy.orm`` (issue 9.5). A column is ``NOT NULL`` unless it
says ``nullable=True``; ``tests/test_db.py`` checks that the migrated schema is exactly
this one.

>>> sorted(c.name for c in tournament_t.c)[:4]
['break_minutes', 'created_at', 'date', 'deals_per_round']
>>> deal_t.c.data.nullable, deal_t.c.confirmed_by.nullable
(False, True)
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import (
    JSON,
    Boolean,
    Column,
    Date,
    DateTime,
    ForeignKey,
    Integer,
    String,
    Table,
    Text,
    UniqueConstraint,
)

from stolik.db.schema import metadata, utcnow
from stolik.games import DEFAULT_GAME

__all__ = ["audit_t", "deal_t", "entry_t", "event_t", "login_t", "player_t", "referee_t",
           "round_t", "season_t", "sit_out_t", "table_t", "tournament_t"]


def _col(name: str, kind: Any, *args: Any, nullable: bool = False, **kw: Any) -> Column[Any]:
    """A column, ``NOT NULL`` unless ``nullable`` (as ``Mapped[T]`` versus
    ``Mapped[T | None]`` declared it)."""
    return Column(name, kind, *args, nullable=nullable, **kw)


def _id() -> Column[Any]:
    return Column("id", Integer, primary_key=True)


def _fk(name: str, target: str, *, nullable: bool = False, cascade: bool = False,
        **kw: Any) -> Column[Any]:
    """An integer column referring to ``target`` (``table.id``); ``cascade``: the row goes
    with the row it refers to."""
    return _col(name, Integer, ForeignKey(target, ondelete="CASCADE" if cascade else None),
                nullable=nullable, **kw)


season_t = Table(
    "season", metadata,
    _id(),
    _col("name", String(200), unique=True),
    _col("created_at", DateTime, default=utcnow),
)
"""A season (a league year): tournaments in order, summed (RULES §10)."""

tournament_t = Table(
    "tournament", metadata,
    _id(),
    _col("slug", String(80), unique=True),
    _col("name", String(200)),
    _col("date", Date, nullable=True),
    _col("place", String(200), nullable=True),
    _col("ruleset", String(200)),
    # The game (issue 10 §1): what scores its tables (stolik.tournament.games).
    _col("game", String(40), default=DEFAULT_GAME, server_default=DEFAULT_GAME),
    # The TOML of a league's own ruleset file (None for a shipped ruleset).
    _col("ruleset_text", Text, nullable=True),
    _col("rounds", Integer, default=5),
    _col("deals_per_round", Integer, default=32),
    _col("minutes_per_round", Integer, default=40),
    _col("break_minutes", Integer, default=5),
    # The seed of every draw (round N: (seed * 1000 + N) mod 2**31); None: each draw takes
    # a fresh seed from `secrets`, stored with its round.
    _col("seed", Integer, nullable=True),
    _col("require_confirmation", Boolean, default=False),
    _fk("season_id", "season.id", nullable=True),
    _col("created_at", DateTime, default=utcnow),
)
"""One tournament; ``slug`` is the short name the CLI and web use."""

player_t = Table(
    "player", metadata,
    _id(),
    _col("code", String(80), unique=True),
    _col("name", String(200)),
)
"""A player of the league: ``code`` is his id in files and seasons (``p1``)."""

entry_t = Table(
    "entry", metadata,
    _id(),
    _fk("tournament_id", "tournament.id", cascade=True),
    _fk("player_id", "player.id"),
    _col("team", String(200), nullable=True),
    UniqueConstraint("tournament_id", "player_id"),
)
"""A player entered in a tournament, with his team there (at most 6 a team)."""

round_t = Table(
    "round", metadata,
    _id(),
    _fk("tournament_id", "tournament.id", cascade=True),
    _col("number", Integer),
    _col("seed", Integer, default=0),
    _col("started_at", DateTime, nullable=True),
    # Minutes the referee added to the limit (seed 000 §7p).
    _col("extra_minutes", Integer, default=0),
    _col("closed", Boolean, default=False),
    UniqueConstraint("tournament_id", "number"),
)
"""A round: drawn (seats known, redraw allowed), started (clock running), closed."""

table_t = Table(
    "round_table", metadata,
    _id(),
    _fk("round_id", "round.id", cascade=True),
    _col("number", Integer),
    _col("first_dealer", Integer, default=0),
    _fk("seat0", "player.id"),
    _fk("seat1", "player.id"),
    _fk("seat2", "player.id"),
    # Empty at a table of three (licitovaný mariáš, LICITOVANY §9).
    _fk("seat3", "player.id", nullable=True),
    _col("totals", JSON, nullable=True),
    # The game's own table sheet (Mariáš: the stolový lístek, MARIAS §7), as JSON.
    _col("sheet", JSON, nullable=True),
    UniqueConstraint("round_id", "number"),
)
"""``round_table``, a table of a round: four seats (player ids by seat 0..3; three where
the game seats three: ``seat3`` empty) and its
deals, or only its final ``totals``; ``sheet``: its game's own table sheet (Mariáš's
stolový lístek, :class:`stolik.games.marias.tournament.MoneySheet`)."""

sit_out_t = Table(
    "sit_out", metadata,
    _id(),
    _fk("round_id", "round.id", cascade=True),
    _fk("player_id", "player.id"),
    UniqueConstraint("round_id", "player_id"),
)
"""A player sitting out a round (seed 000 §7w)."""

deal_t = Table(
    "deal", metadata,
    _id(),
    _fk("table_id", "round_table.id", cascade=True),
    _col("number", Integer),
    _col("kind", String(10)),  # "sheet" or "record"
    _col("data", JSON),
    # When the deal began, if known (the clock flags deals begun after the limit).
    _col("started_at", DateTime, nullable=True),
    _col("entered_by", String(200)),
    _col("entered_at", DateTime, default=utcnow),
    _col("confirmed_by", String(200), nullable=True),
    _col("confirmed_at", DateTime, nullable=True),
    UniqueConstraint("table_id", "number"),
)
"""One deal of a table: a score-sheet line or a whole deal record (``kind``), who entered
it and when it started (the clock, seed 000 §7p), who confirmed it."""

event_t = Table(
    "event", metadata,
    _id(),
    _fk("round_id", "round.id", cascade=True),
    _fk("table_id", "round_table.id", cascade=True),
    _fk("player_id", "player.id"),
    _col("kind", String(20)),
    _col("value", Integer, nullable=True),
)
"""Late, left, excluded (seed 000 §7q–t): ``value`` is minutes late or deals played."""

audit_t = Table(
    "audit", metadata,
    _id(),
    _fk("tournament_id", "tournament.id", nullable=True, cascade=True),
    _col("at", DateTime, default=utcnow),
    _col("who", String(200)),
    _col("action", String(40)),
    _col("what", String(200)),
    _col("before", JSON, nullable=True),
    _col("after", JSON, nullable=True),
)
"""One change: who, when, what, the value before and after (JSON)."""

referee_t = Table(
    "referee", metadata,
    _id(),
    _col("name", String(200), unique=True),
    _col("password_hash", String(300)),
    _col("created_at", DateTime, default=utcnow),
)
"""A referee account for the web pages (password stored as a scrypt hash)."""

login_t = Table(
    "login", metadata,
    _col("token", String(100), primary_key=True),
    _fk("referee_id", "referee.id", cascade=True),
    _col("created_at", DateTime, default=utcnow),
)
"""A logged-in browser: the random token in its cookie."""
