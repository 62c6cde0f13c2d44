"""How the tournament store reaches its rows (issue 9.5): the small protocols an ORM
object and a Core row both satisfy (:class:`TournamentLike`, …), where a statement runs
(:data:`Executor`: a Core connection, an ORM session or the SQLite fast path) and
:func:`run`, which runs one named statement of :mod:`stolik.tournament.statements` on any
of them. It loads no SQLAlchemy at import.

Re-exported by :mod:`stolik.tournament.store_core`."""

from __future__ import annotations

import datetime
from typing import TYPE_CHECKING, Any, Protocol, TypeAlias

from stolik.tournament.sqlite_fast import FastConnection

if TYPE_CHECKING:
    from sqlalchemy import Connection
    from sqlalchemy.orm import Session

    from stolik.db import Database
    from stolik.tournament.sqlite_fast import FastSqlite


# ------------------------------------------------- rows, as either layer holds them


class TournamentLike(Protocol):
    """What the checks read of a tournament row (an ORM ``TournamentRow`` or a Core row)."""

    @property
    def id(self) -> int: ...
    @property
    def slug(self) -> str: ...
    @property
    def ruleset(self) -> str: ...
    @property
    def game(self) -> str: ...
    @property
    def ruleset_text(self) -> str | None: ...
    @property
    def minutes_per_round(self) -> int: ...
    @property
    def break_minutes(self) -> int: ...
    @property
    def require_confirmation(self) -> bool: ...


class RoundLike(Protocol):
    """What the checks read of a round row."""

    @property
    def id(self) -> int: ...
    @property
    def number(self) -> int: ...
    @property
    def started_at(self) -> datetime.datetime | None: ...
    @property
    def extra_minutes(self) -> int: ...
    @property
    def closed(self) -> bool: ...


class TableLike(Protocol):
    """What the checks read of a table row (``round_table``)."""

    @property
    def id(self) -> int: ...
    @property
    def number(self) -> int: ...
    @property
    def first_dealer(self) -> int: ...
    @property
    def seat0(self) -> int: ...
    @property
    def seat1(self) -> int: ...
    @property
    def seat2(self) -> int: ...
    @property
    def seat3(self) -> int | None: ...
    @property
    def totals(self) -> list[int] | None: ...
    @property
    def sheet(self) -> dict[str, Any] | None: ...


class DealLike(Protocol):
    """What the checks read of a deal row."""

    @property
    def number(self) -> int: ...
    @property
    def kind(self) -> str: ...
    @property
    def data(self) -> dict[str, Any]: ...
    @property
    def started_at(self) -> datetime.datetime | None: ...
    @property
    def entered_by(self) -> str: ...
    @property
    def entered_at(self) -> datetime.datetime: ...
    @property
    def confirmed_by(self) -> str | None: ...


class EventLike(Protocol):
    """What the checks read of an event row."""

    @property
    def player_id(self) -> int: ...
    @property
    def kind(self) -> str: ...
    @property
    def value(self) -> int | None: ...


Executor: TypeAlias = "Connection | Session | FastConnection"
"""Where a statement runs: a Core connection, an ORM session (its statements flush what
it holds first), or the SQLite fast path's connection (:mod:`.sqlite_fast`)."""

Store: TypeAlias = "Database | FastSqlite"
"""What the writes open their transaction on: the database, or the SQLite fast path."""

DbRow: TypeAlias = Any
"""A row as a statement returns it (SQLAlchemy's ``Row`` or the fast path's named
tuple): columns read by name."""


class Rows(Protocol):
    """What a statement returns, as the store reads it (SQLAlchemy's ``Result`` or the
    fast path's :class:`~stolik.tournament.sqlite_fast.FastResult`)."""

    def __iter__(self) -> Any: ...
    def first(self) -> Any: ...
    def all(self) -> Any: ...
    def scalar(self) -> Any: ...
    def scalar_one(self) -> Any: ...
    def scalars(self) -> Any: ...


def run(ex: Executor, name: str, /, **params: Any) -> Rows:
    """Run the store's statement ``name`` (:mod:`stolik.tournament.statements`) with
    ``params``: the construct on SQLAlchemy, its compiled SQL on the fast path — one
    statement, whichever runs it."""
    if isinstance(ex, FastConnection):
        return ex.run(name, params)
    from stolik.tournament.statements import statement

    result: Rows = ex.execute(statement(name, params), params)
    return result


def seat_ids(tb: TableLike) -> tuple[int, ...]:
    """A table row's player ids by seat: four, or three at a table of three (``seat3``
    empty, LICITOVANY §9)."""
    return (tb.seat0, tb.seat1, tb.seat2) + (() if tb.seat3 is None else (tb.seat3,))
