"""The one writer thread of browser play (issue 24: a move is durable before anyone hears of
it): every write of :class:`~stolik.web.play.store.PlayStore` is queued to :class:`Writer`,
which commits in order with group commit (everything queued while a commit is in flight
goes into the next one, the op-log rows as one multi-row insert, on SQLite straight
through ``sqlite3`` where it can) and settles each write's :class:`Stored` future once its
transaction has committed (:class:`NotStored` when the database refused it).

Re-exported by :mod:`stolik.web.play.store`."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import queue
import sys
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from sqlalchemy.orm import Session as OrmSession
from sqlalchemy.pool import StaticPool

from stolik.db import Database
from stolik.errors import StolikError
from stolik.web.play.orm import OpRow

log = logging.getLogger("stolik.web.play.store")  # the name it always logged under


_STOP = object()
SWITCH_INTERVAL = 0.0005
"""Seconds before a thread waiting for the GIL asks the running one to let go."""
MAX_ROWS = 250
"""Op-log rows per INSERT statement (3 parameters each: under SQLite's old 999 limit)."""

class NotStored(StolikError):
    """A write the database refused (after the writer's retries): nothing of it is
    stored, and nothing later of its table is written until the table is reloaded."""


@dataclass(frozen=True)
class _Op:
    """A queued op-log row."""

    table_id: str
    seq: int
    op: str
    done: Stored | None = None


Statement = tuple[str, tuple[Any, ...]]
"""SQL with ``?`` for each parameter (the writer's own connection puts its driver's mark),
and the parameters."""


@dataclass(frozen=True)
class _Job:
    """A queued write of a table's rows (or of nothing table-bound: ``table_id`` None).
    ``sql``: the same write as one statement for the writer's own connection (None: only
    through the ORM)."""

    table_id: str | None
    run: Callable[[OrmSession], None]
    done: Stored | None = None
    sql: Statement | None = None


@dataclass(frozen=True)
class _Forgive:
    """Write a table's rows again (it was reloaded from what is stored)."""

    table_id: str


class Stored(asyncio.Future[None]):
    """A write's future (settled when its transaction has committed) that also calls its
    *followers* the moment the writer settles it — in the same pass of the event loop,
    where :meth:`add_done_callback` would wait for the next one. Under load a pass of the
    loop takes milliseconds, and the echo of a move waits for these callbacks.

    >>> async def demo() -> list[str]:
    ...     f, seen = Stored(), []
    ...     f.follow(lambda done: seen.append("follower"))
    ...     f.add_done_callback(lambda done: seen.append("callback"))
    ...     _resolve([f], None)
    ...     seen.append("settled")
    ...     await f
    ...     return seen
    >>> from concurrent.futures import ThreadPoolExecutor
    >>> with ThreadPoolExecutor(1) as pool:  # a thread, so an event loop of its own
    ...     pool.submit(asyncio.run, demo()).result()
    ['follower', 'settled', 'callback']
    """

    _followers: list[Callable[[asyncio.Future[None]], None]] | None = None

    def follow(self, callback: Callable[[asyncio.Future[None]], None]) -> None:
        """Call ``callback(self)`` as soon as the writer settles this future (if it is
        settled already: soon, from the loop, as :meth:`add_done_callback` does)."""
        if self.done():
            self.add_done_callback(callback)
        elif self._followers is None:
            self._followers = [callback]
            self.add_done_callback(_call_followers)  # settled another way (cancelled)
        else:
            self._followers.append(callback)


def _waiter() -> Stored | None:
    """A future on the running event loop, or None outside one."""
    try:
        loop = asyncio.get_running_loop()
    except RuntimeError:
        return None
    return Stored(loop=loop)


def _resolve(futures: list[Stored], error: str | None) -> None:
    """Settle futures on their loop — committed, or refused with ``error`` — and call
    their followers, in order."""
    for f in futures:
        if not f.done():
            if error is None:
                f.set_result(None)
            else:
                f.set_exception(NotStored(error))
    for f in futures:
        _call_followers(f)


def _call_followers(f: asyncio.Future[None]) -> None:
    """Call a settled future's followers once (the later calls find none)."""
    if not isinstance(f, Stored):
        return
    followers, f._followers = f._followers, None
    for callback in followers or ():
        try:
            callback(f)
        except Exception:  # as the loop does with a failing callback: log, go on
            log.exception("stolik play: a callback of a stored write failed")


def _insert_sql(mark: str, n: int) -> str:
    """The op-log INSERT of ``n`` rows with the driver's parameter mark.

    >>> _insert_sql("?", 2)
    'INSERT INTO play_op (table_id, seq, op) VALUES (?,?,?),(?,?,?)'
    """
    values = ",".join([f"({mark},{mark},{mark})"] * n)
    return f"INSERT INTO {OpRow.__tablename__} (table_id, seq, op) VALUES {values}"


class _Direct:
    """The writer's own database connection in autocommit mode, for the batches that are
    op-log rows only (nearly all): up to ``MAX_ROWS`` rows are one ``INSERT``, which is a
    transaction of its own — committed (synced, with SQLite's ``synchronous=FULL``) when
    the one database call returns. The ORM path takes five or more calls (check-out,
    ``BEGIN``, the insert, ``COMMIT``, the reset), each letting go of the GIL and waiting to
    win it back from the busy event loop, and Python work that the event loop waits for
    too. More rows than ``MAX_ROWS`` go in between an explicit ``BEGIN`` and ``COMMIT``.
    Used by the writer's thread only; a failed call closes the connection (the next try
    opens a fresh one)."""

    def __init__(self, db: Database) -> None:
        self.db = db
        self.mark = "?" if db.is_sqlite else "%s"
        self._raw: Any = None
        self._conn: Any = None
        self._sql: dict[int, str] = {}

    @staticmethod
    def usable(db: Database) -> bool:
        """Not for in-memory SQLite: its single connection is shared by everyone."""
        return not isinstance(db.engine.pool, StaticPool)

    def _connection(self) -> Any:
        if self._raw is None:
            raw = self.db.engine.raw_connection()  # the engine's pragmas applied
            conn: Any = raw.driver_connection
            raw.detach()  # never back into the pool in autocommit mode
            if self.db.is_sqlite:
                conn.isolation_level = None  # the sqlite3 module's autocommit mode
            else:
                conn.autocommit = True
            self._raw, self._conn = raw, conn
        return self._conn

    def inserts(self, rows: list[tuple[str, int, str]]) -> list[Statement]:
        """The op-log rows as ``INSERT`` statements of up to ``MAX_ROWS`` rows each."""
        out: list[Statement] = []
        for i in range(0, len(rows), MAX_ROWS):
            chunk = rows[i:i + MAX_ROWS]
            sql = self._sql.get(len(chunk))
            if sql is None:
                sql = self._sql[len(chunk)] = _insert_sql(self.mark, len(chunk))
            out.append((sql, tuple(v for r in chunk for v in r)))
        return out

    def run(self, statements: list[Statement]) -> None:
        """Commit the statements as one transaction (one statement: its own)."""
        conn = self._connection()
        many = len(statements) > 1
        try:
            if many:
                conn.execute("BEGIN")
            for sql, params in statements:
                conn.execute(sql, params)
            if many:
                conn.execute("COMMIT")
        except BaseException:
            self.close()  # whatever was begun goes with the connection
            raise

    def insert(self, rows: list[tuple[str, int, str]]) -> None:
        """Commit the rows (as one transaction)."""
        self.run(self.inserts(rows))

    def close(self) -> None:
        """Close the connection (a later write opens another)."""
        raw, self._raw, self._conn = self._raw, None, None
        if raw is not None:
            with contextlib.suppress(Exception):
                raw.close()


class Writer:
    """One thread that commits queued writes in order, a batch per transaction (group
    commit: what arrives while a commit is in flight waits for the next one, up to
    ``MAX_BATCH`` writes).

    A failed commit is tried again ``retries`` times (waiting ``backoff`` seconds, then
    twice as long, …); if it still fails, each write of the batch is refused
    (:class:`NotStored`) and its table is marked: the table's later writes are refused
    too — an op log never has a hole — until :meth:`forgive`.
    """

    MAX_BATCH = 1000

    def __init__(self, db: Database) -> None:
        self.db = db
        self.retries = 4
        self.backoff = 0.05
        self.queue: queue.Queue[Any] = queue.Queue()
        self.failed: set[str] = set()
        """Tables whose writes are refused (touched only by the writer's thread)."""
        self.direct = _Direct(db) if _Direct.usable(db) else None
        """The writer's own connection for batches of op-log rows (None: in-memory
        SQLite, whose one connection everybody shares: the ORM path only)."""
        # The plays wait for this thread's commits, and each database call lets go of the
        # GIL: a busy event loop would keep it from coming back for up to the switch
        # interval (5 ms by default) every time.
        sys.setswitchinterval(min(sys.getswitchinterval(), SWITCH_INTERVAL))
        self.thread = threading.Thread(target=self._run, name="stolik-play-writer",
                                       daemon=True)
        self.thread.start()

    def put(self, job: Callable[[OrmSession], None], table_id: str | None = None,
            sql: Statement | None = None) -> asyncio.Future[None] | None:
        """Queue a write (``sql``: the same as one statement, for the writer's own
        connection); from an event loop, a future settled when it is committed."""
        done = _waiter()
        self.queue.put(_Job(table_id, job, done, sql))
        return done

    def put_op(self, table_id: str, seq: int, op: str) -> asyncio.Future[None] | None:
        """Queue an op-log row; from an event loop, a future settled when it is
        committed."""
        done = _waiter()
        self.queue.put(_Op(table_id, seq, op, done))
        return done

    def forgive(self, table_id: str) -> None:
        """Write the table's rows again from here on (queued in order)."""
        self.queue.put(_Forgive(table_id))

    def flush(self) -> None:
        """Wait until everything queued so far is committed."""
        done = threading.Event()
        self.queue.put(done)
        done.wait()

    def close(self) -> None:
        """Commit what is queued and stop the thread."""
        self.queue.put(_STOP)
        self.thread.join()

    @staticmethod
    def _insert(s: OrmSession | _Direct, rows: list[tuple[str, int, str]]) -> None:
        """Op-log rows as multi-row ``INSERT … VALUES (…), (…)`` statements: one database
        call per ``MAX_ROWS`` rows, not one per row — each call lets go of the GIL and must
        win it back from the busy event loop (up to a switch interval each time), and the
        plays wait for these commits."""
        if isinstance(s, _Direct):
            s.insert(rows)
            return
        conn = s.connection()
        mark = "?" if conn.dialect.paramstyle == "qmark" else "%s"
        for i in range(0, len(rows), MAX_ROWS):
            chunk = rows[i:i + MAX_ROWS]
            conn.exec_driver_sql(_insert_sql(mark, len(chunk)),
                                 tuple(v for r in chunk for v in r))

    @staticmethod
    def _write(s: OrmSession | _Direct, jobs: list[_Op | _Job]) -> None:
        """Run the jobs in order; runs of op-log rows go in as multi-row inserts. On the
        writer's own connection every job is its statement, all in one transaction."""
        rows: list[tuple[str, int, str]] = []
        statements: list[Statement] = []
        for job in jobs:
            if isinstance(job, _Op):
                rows.append((job.table_id, job.seq, job.op))
                continue
            if isinstance(s, _Direct):
                if job.sql is None:  # pragma: no cover — _commit never sends these there
                    raise TypeError("an ORM job needs a session")
                statements += s.inserts(rows)
                sql, params = job.sql
                statements.append((sql.replace("?", s.mark), params))
            else:
                if rows:
                    Writer._insert(s, rows)
                job.run(s)
            rows = []
        if isinstance(s, _Direct):
            s.run(statements + s.inserts(rows))
        elif rows:
            Writer._insert(s, rows)

    def _direct_ok(self, jobs: list[_Op | _Job]) -> bool:
        """Whether the batch can go through the writer's own connection: op-log rows and
        jobs that have their statement (the end of a series) — nearly every batch."""
        return self.direct is not None and all(isinstance(j, _Op) or j.sql is not None
                                               for j in jobs)

    def _commit(self, jobs: list[_Op | _Job]) -> str | None:
        """Commit the jobs as one transaction (with the retries); None, or why not."""
        wait = self.backoff
        for attempt in range(self.retries + 1):
            try:
                if self.direct is not None and self._direct_ok(jobs):
                    self._write(self.direct, jobs)  # nearly every batch
                else:
                    with self.db.write() as s:
                        self._write(s, jobs)
                return None
            except Exception as e:  # the database refused: try again, then give up
                why = f"{type(e).__name__}: {str(e).strip().splitlines()[0] if str(e) else ''}"
                if attempt == self.retries:
                    log.exception("stolik play: %d writes not stored", len(jobs))
                    return why
                log.warning("stolik play: a commit failed (%s); trying again", why)
                time.sleep(wait)
                wait *= 2
        return None  # pragma: no cover — the loop returns

    def _run(self) -> None:
        while True:
            batch = [self.queue.get()]
            while len(batch) < self.MAX_BATCH:
                try:
                    batch.append(self.queue.get_nowait())
                except queue.Empty:
                    break
            work: list[_Op | _Job] = []
            refused: list[_Op | _Job] = []
            for j in batch:
                if isinstance(j, _Forgive):
                    self.failed.discard(j.table_id)
                elif isinstance(j, _Op | _Job):
                    (refused if j.table_id in self.failed else work).append(j)
            error = self._commit(work) if work else None
            if error is not None:
                self.failed.update(j.table_id for j in work if j.table_id is not None)
            self._settle(work, error)
            self._settle(refused, "an earlier change of this table was not stored")
            for j in batch:
                if isinstance(j, threading.Event):
                    j.set()
            if any(j is _STOP for j in batch):
                if self.direct is not None:
                    self.direct.close()
                return

    @staticmethod
    def _settle(jobs: list[_Op | _Job], error: str | None) -> None:
        """Tell each job's loop (one call per loop) that its futures are settled."""
        by_loop: dict[asyncio.AbstractEventLoop, list[Stored]] = {}
        for j in jobs:
            if j.done is not None:
                by_loop.setdefault(j.done.get_loop(), []).append(j.done)
        for loop, futures in by_loop.items():
            with contextlib.suppress(RuntimeError):  # that loop is closed: nobody waits
                loop.call_soon_threadsafe(_resolve, futures, error)
