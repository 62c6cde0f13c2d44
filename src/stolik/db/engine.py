"""Opening a database and running each write as one transaction.

SQLite gets foreign keys, WAL journaling, ``synchronous=FULL`` and a busy timeout; every
:meth:`Database.write` is one ``BEGIN … COMMIT`` — it commits entirely or not at all, and
what has committed stays (browser play acknowledges a move only then,
:mod:`stolik.web.play.store`).

What survives what: in WAL mode a commit is in the write-ahead log, in the operating
system's file cache, when ``COMMIT`` returns, whatever ``synchronous`` says — so a killed
*process* (``kill -9``, a crash of the server) loses nothing committed even with
``synchronous=NORMAL``; the next connection replays the log. ``NORMAL`` can lose the last
commits only when the *machine* stops (power, kernel crash) before the log reaches the
disk. ``FULL`` syncs the log at every commit and survives that too; its cost is one
``fsync`` per transaction, which the play writer's group commit shares among every move
that arrives meanwhile (``benchmarks/bench_web_play.py``). PostgreSQL commits are durable
at ``COMMIT`` with its default ``synchronous_commit=on``.

>>> db = open_database("sqlite://")
>>> with db.write() as s:
...     _ = s.execute(text("create table t (x integer)"))
...     _ = s.execute(text("insert into t values (1)"))
>>> with db.read() as s:
...     s.execute(text("select x from t")).scalar_one()
1

The same with Core alone (no ``sqlalchemy.orm`` loaded — ``stolik tournament new`` and
``sheet add`` write this way):

>>> with db.begin() as conn:
...     _ = conn.execute(text("insert into t values (2)"))
>>> with db.connect() as conn:
...     conn.execute(text("select count(*) from t")).scalar_one()
2

A file gets the write-ahead log and a synced commit (``synchronous`` 2 is ``FULL``):

>>> import tempfile, os
>>> with tempfile.TemporaryDirectory() as tmp:
...     f = open_database(f"sqlite:///{os.path.join(tmp, 'x.db')}")
...     with f.read() as s:
...         mode = s.execute(text("pragma journal_mode")).scalar_one()
...         sync = s.execute(text("pragma synchronous")).scalar_one()
...     f.dispose()
>>> mode, sync
('wal', 2)
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

from sqlalchemy import Connection, Engine, create_engine, event, text
from sqlalchemy.exc import OperationalError
from sqlalchemy.pool import StaticPool

from stolik.db.migrate import upgrade
from stolik.db.sqlite import apply_pragmas
from stolik.errors import StolikError

if TYPE_CHECKING:
    from sqlalchemy.orm import Session, sessionmaker

__all__ = ["Database", "DatabaseError", "open_database", "text"]


class DatabaseError(StolikError):
    """The database cannot be opened or used (wrong URL, server down, old schema)."""


def _sqlite_pragmas(dbapi_conn: Any, _record: Any) -> None:
    """Every SQLite connection: foreign keys, a busy timeout, WAL, ``synchronous=FULL``
    (see the module's docstring for what survives a killed process and a stopped
    machine) — :data:`stolik.db.sqlite.PRAGMAS`, shared with the stdlib fast path."""
    apply_pragmas(dbapi_conn)


class Database:
    """An engine; :meth:`write` and :meth:`read` open ORM sessions, :meth:`begin` and
    :meth:`connect` Core connections (no ``sqlalchemy.orm`` loaded)."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self._sessions: sessionmaker[Session] | None = None

    @property
    def sessions(self) -> sessionmaker[Session]:
        """The ORM session factory, made (and ``sqlalchemy.orm`` imported) on first use:
        the commands that write with Core never load the ORM (issue 9.5)."""
        if self._sessions is None:
            from sqlalchemy.orm import sessionmaker

            self._sessions = sessionmaker(self.engine, expire_on_commit=False)
        return self._sessions

    @property
    def url(self) -> str:
        """The URL, password hidden."""
        return self.engine.url.render_as_string(hide_password=True)

    @property
    def is_sqlite(self) -> bool:
        """True for SQLite."""
        return self.engine.dialect.name == "sqlite"

    @contextmanager
    def write(self) -> Iterator[Session]:
        """One transaction: committed when the block ends, rolled back on any error."""
        with self.sessions() as s, s.begin():
            yield s

    @contextmanager
    def read(self) -> Iterator[Session]:
        """A session for reading (nothing is committed)."""
        with self.sessions() as s:
            yield s

    @contextmanager
    def begin(self) -> Iterator[Connection]:
        """One transaction on a Core connection: committed when the block ends, rolled
        back on any error (as :meth:`write`)."""
        with self.engine.begin() as conn:
            yield conn

    @contextmanager
    def connect(self) -> Iterator[Connection]:
        """A Core connection for reading (nothing is committed)."""
        with self.engine.connect() as conn:
            yield conn

    def dispose(self) -> None:
        """Close every pooled connection."""
        self.engine.dispose()


def open_database(url: str, *, migrate: bool = False) -> Database:
    """Open ``url`` (see :func:`stolik.db.url.resolve_url`); with ``migrate`` bring the
    schema to the newest revision first (creating the SQLite file if needed)."""
    if url.startswith("sqlite"):
        memory = url in ("sqlite://", "sqlite:///:memory:")
        engine = create_engine(
            url, connect_args={"check_same_thread": False},
            **({"poolclass": StaticPool} if memory else {}))
        event.listen(engine, "connect", _sqlite_pragmas)
    else:
        engine = create_engine(url, pool_pre_ping=True)
    db = Database(engine)
    if migrate:
        try:
            upgrade(db)
        except OperationalError as e:
            reason = str(e.orig).strip().splitlines()[0] if e.orig else str(e)
            raise DatabaseError(f"{db.url}: cannot open the database: {reason}") from None
    return db
