"""The SQLite fast path of ``stolik tournament new`` and ``sheet add``: the store's Core
part (:mod:`stolik.tournament.store_core`) run on the standard library's ``sqlite3``,
without importing SQLAlchemy (issue 9.5: each is a whole process a referee waits for, and
SQLAlchemy alone costs about a quarter of a second to import).

Nothing here is a second copy of the store: the same functions of ``store_core`` run
unchanged, and every statement they run is the SQL that SQLAlchemy compiles from the one
construct in :mod:`stolik.tournament.statements` (``statements_sqlite.json``, generated
and checked by a test). What this module adds is what SQLAlchemy's SQLite dialect does
around that SQL, kept small and tested against it (``tests/test_tournament_fast_path.py``
runs both paths and compares the databases they leave, the errors and the statements sent
to SQLite, transactions included):

- the connection: :data:`stolik.db.sqlite.PRAGMAS`, the driver's default transaction
  handling (``BEGIN`` before the first write, as SQLAlchemy leaves it), one transaction
  committed at the end of :meth:`FastSqlite.begin` or rolled back on any error;
- the values: times, dates, booleans and JSON as SQLAlchemy's types store and read them
  (:data:`TO_DB`, :data:`FROM_DB`); an expanding ``IN`` list as one parameter each.

It is taken only where it is sure to write what SQLAlchemy would (:func:`open_fast`): a
plain ``sqlite:///FILE`` URL, the file there, its schema at the revision the statements
were compiled for. Anything else — a new or older database (to migrate), PostgreSQL, an
in-memory database — goes the SQLAlchemy way.

>>> import datetime
>>> TO_DB["datetime"](datetime.datetime(2026, 11, 23, 21, 5))
'2026-11-23 21:05:00.000000'
>>> FROM_DB["datetime"]('2026-11-23 21:05:00.000000'), FROM_DB["json"]('{"a": [1]}')
(datetime.datetime(2026, 11, 23, 21, 5), {'a': [1]})
>>> open_fast("sqlite://") is None, open_fast("postgresql+psycopg://h/db") is None
(True, True)
"""

from __future__ import annotations

import datetime
import json
import os
import sqlite3
from collections import namedtuple
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from stolik.db.sqlite import apply_pragmas

__all__ = ["FROM_DB", "TO_DB", "FastConnection", "FastResult", "FastSqlite", "open_fast"]

SQLITE_FILE = Path(__file__).with_name("statements_sqlite.json")
"""The statements compiled for SQLite (:data:`stolik.tournament.statements.SQLITE_FILE`)."""

PREFIX = "sqlite:///"


def _datetime_to_db(value: datetime.datetime | datetime.date) -> str:
    if not isinstance(value, datetime.datetime):  # a date: midnight, as SQLAlchemy's
        value = datetime.datetime(value.year, value.month, value.day)
    return (f"{value.year:04d}-{value.month:02d}-{value.day:02d} {value.hour:02d}:"
            f"{value.minute:02d}:{value.second:02d}.{value.microsecond:06d}")


def _date_to_db(value: datetime.date) -> str:
    return f"{value.year:04d}-{value.month:02d}-{value.day:02d}"


def _bool_to_db(value: bool) -> int:
    if value not in (True, False):  # SQLAlchemy's Boolean refuses anything else
        raise TypeError(f"not a boolean value: {value!r}")
    return int(value)


TO_DB: Mapping[str, Callable[[Any], Any]] = {
    "datetime": _datetime_to_db,
    "date": _date_to_db,
    "bool": _bool_to_db,
    # SQLAlchemy's JSON stores Python None as JSON null, not SQL NULL (none_as_null=False).
    "json": json.dumps,
}
"""A parameter as SQLAlchemy's SQLite types bind it (None stays NULL, except JSON)."""

FROM_DB: Mapping[str, Callable[[Any], Any]] = {
    "datetime": datetime.datetime.fromisoformat,
    "date": datetime.date.fromisoformat,
    "bool": bool,
    "json": json.loads,
}
"""A stored value as SQLAlchemy's SQLite types read it (NULL stays None)."""


@dataclass(frozen=True)
class _Statement:
    """One compiled statement of ``statements_sqlite.json``."""

    name: str
    sql: str
    params: Mapping[str, str | None]
    columns: tuple[tuple[str, str | None], ...] = ()
    defaults: Mapping[str, Any] = field(default_factory=dict)

    @property
    def row(self) -> Any:
        """The row class: a named tuple of the result columns."""
        return _row_class(self.name, tuple(c for c, _ in self.columns))


@cache
def _row_class(name: str, columns: tuple[str, ...]) -> Any:
    return namedtuple(f"Row_{name}", columns)


@cache
def compiled() -> tuple[str | None, Mapping[str, _Statement]]:
    """The schema revision and the statements of ``statements_sqlite.json``."""
    doc = json.loads(SQLITE_FILE.read_text("utf-8"))
    statements = {
        name: _Statement(name, s["sql"], s["params"],
                         tuple((c, t) for c, t in s.get("columns", ())), s.get("defaults", {}))
        for name, s in doc["statements"].items()}
    return doc["revision"], statements


class FastResult:
    """The rows of one statement, read as a SQLAlchemy ``Result`` is by the store."""

    def __init__(self, rows: list[Any]) -> None:
        self._rows = rows

    def __iter__(self) -> Iterator[Any]:
        return iter(self._rows)

    def all(self) -> list[Any]:
        """Every row."""
        return list(self._rows)

    def first(self) -> Any:
        """The first row, or None."""
        return self._rows[0] if self._rows else None

    def scalar(self) -> Any:
        """The first column of the first row, or None."""
        return self._rows[0][0] if self._rows else None

    def scalar_one(self) -> Any:
        """The first column of the one row (an error unless there is exactly one)."""
        if len(self._rows) != 1:
            raise LookupError(f"expected one row, got {len(self._rows)}")
        return self._rows[0][0]

    def scalars(self) -> FastResult:
        """The first column of every row."""
        return FastResult([r[0] for r in self._rows])


class FastConnection:
    """A ``sqlite3`` connection that runs the store's statements by name."""

    def __init__(self, conn: sqlite3.Connection) -> None:
        self.conn = conn

    def run(self, name: str, params: Mapping[str, Any]) -> FastResult:
        """Run statement ``name`` with ``params``, converting values both ways."""
        st = compiled()[1][name]
        if set(params) != set(st.params):
            raise KeyError(f"{name}: give exactly {', '.join(st.params)}, not "
                           f"{', '.join(sorted(params))}")
        sql = st.sql
        values: dict[str, Any] = dict(st.defaults)
        for key, value in params.items():
            tag = st.params[key]
            if isinstance(value, (list, tuple)) and f"__[POSTCOMPILE_{key}]" in sql:
                names = [f"{key}_{i}" for i in range(1, len(value) + 1)]
                sql = sql.replace(f"__[POSTCOMPILE_{key}]",
                                  ", ".join(f":{n}" for n in names) or "NULL")
                values.update(zip(names, value, strict=True))
                continue
            if value is not None or tag == "json":
                value = TO_DB[tag](value) if tag else value
            values[key] = value
        cursor = self.conn.execute(sql, values)
        if not st.columns:
            return FastResult([])
        convert = [(i, FROM_DB[t]) for i, (_c, t) in enumerate(st.columns) if t]
        row = st.row
        rows = []
        for raw in cursor.fetchall():
            if convert:
                raw = list(raw)
                for i, f in convert:
                    if raw[i] is not None:
                        raw[i] = f(raw[i])
            rows.append(row(*raw))
        return FastResult(rows)


class FastSqlite:
    """A SQLite file opened with ``sqlite3``, used as :class:`stolik.db.Database` is by the
    store's Core part: :meth:`begin` (one transaction) and :meth:`connect` (reading)."""

    def __init__(self, path: str, conn: sqlite3.Connection) -> None:
        from urllib.parse import quote

        self.url = PREFIX + quote(path, safe=" +/")
        """The URL as SQLAlchemy renders it (``Database.url``: the file's name quoted)."""
        self._conn = conn

    @contextmanager
    def begin(self) -> Iterator[FastConnection]:
        """One transaction: committed when the block ends, rolled back on any error."""
        try:
            yield FastConnection(self._conn)
        except BaseException:
            self._conn.rollback()
            raise
        self._conn.commit()

    @contextmanager
    def connect(self) -> Iterator[FastConnection]:
        """A connection for reading (nothing is committed)."""
        try:
            yield FastConnection(self._conn)
        finally:
            self._conn.rollback()

    def dispose(self) -> None:
        """Close the connection."""
        self._conn.close()


def sqlite_file(url: str) -> str | None:
    """The file of a plain ``sqlite:///FILE`` URL, else None (memory, URL options).

    >>> sqlite_file("sqlite:///t.db"), sqlite_file("sqlite:////srv/liga.db")
    ('t.db', '/srv/liga.db')
    >>> sqlite_file("sqlite:///t.db?mode=ro"), sqlite_file("sqlite:///:memory:")
    (None, None)
    """
    if not url.startswith(PREFIX):
        return None
    path = url[len(PREFIX):]
    if not path or path == ":memory:" or any(c in path for c in "?#%"):
        return None
    return path


def open_fast(url: str, *, trace: Callable[[str], object] | None = None) -> FastSqlite | None:
    """The fast path for ``url``, or None where it must go the SQLAlchemy way: not a plain
    SQLite file, no such file yet, or its schema not at the statements' revision (to
    create or migrate). ``trace`` receives every statement sent to SQLite (tests)."""
    path = sqlite_file(url)
    if path is None or not os.path.isfile(path):
        return None
    revision, _ = compiled()
    conn = sqlite3.connect(path, check_same_thread=False)
    try:
        apply_pragmas(conn)
        rows = conn.execute("SELECT version_num FROM alembic_version").fetchall()
        conn.rollback()
    except sqlite3.Error:  # not a database, no schema yet, …: SQLAlchemy's way says it
        rows = []
    if revision is None or [r[0] for r in rows] != [revision]:
        conn.close()
        return None
    if trace is not None:
        conn.set_trace_callback(trace)
    return FastSqlite(path, conn)
