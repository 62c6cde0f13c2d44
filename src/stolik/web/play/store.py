"""The database side of browser play: players, tables, seats and each table's op log.

A move is durable before anyone hears of it. Writes go to one :class:`Writer` thread that
commits them in order with *group commit*: everything queued while a commit is in flight
goes into the next one (one transaction, the op-log rows as one multi-row insert). A write
made from the event loop returns an :class:`asyncio.Future` that the writer settles — by
``loop.call_soon_threadsafe``, one call per batch — once its transaction has committed;
the table holds the move's acknowledgement and its echo to every seat until then
(:class:`stolik.web.play.table.Table`), so a server killed at any moment (``kill -9``)
has stored every move anybody was told of. :meth:`PlayStore.flush` waits until
everything queued is committed (the server calls it on shutdown). An unfinished table is
resumed by replaying its op log (:meth:`PlayStore.unfinished`).

>>> from stolik.db import open_database
>>> store = PlayStore(open_database("sqlite://", migrate=True))
>>> p, token = store.new_player("Ala")
>>> store.player_by_token(token) == p
True
>>> store.create_table(TableInfo("t1", "baska", {"deals": 1}, False,
...     (SeatInfo(0, None, p.id, "Ala"), SeatInfo(1, "random", None, "r1"),
...      SeatInfo(2, "random", None, "r2"), SeatInfo(3, "random", None, "r3"))))
>>> _ = store.append_op("t1", 0, "m 2 pass"); store.flush()
>>> [(t.id, ops) for t, ops in store.unfinished()]
[('t1', ['m 2 pass'])]

From the event loop a write is awaitable; it resolves when committed:

>>> import asyncio
>>> async def move() -> int:
...     done = store.append_op("t1", 1, "m 3 pass")
...     assert done is not None
...     await done
...     return len(store.unfinished("t1")[0][1])
>>> from concurrent.futures import ThreadPoolExecutor
>>> with ThreadPoolExecutor(1) as pool:  # a thread, so an event loop of its own
...     pool.submit(asyncio.run, move()).result()
2
>>> store.close()
"""

from __future__ import annotations

import asyncio
import contextlib
import datetime
import hashlib
import json
import logging
import queue
import secrets
import sys
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session as OrmSession
from sqlalchemy.pool import StaticPool

from stolik.db import Database
from stolik.db.base import utcnow
from stolik.errors import StolikError
from stolik.web.play.orm import OpRow, PlayerRow, SeatRow, TableRow

log = logging.getLogger(__name__)

MAX_NAME = 40
MAX_ID = 2**31 - 1
"""The largest id an INTEGER column holds on every database (PostgreSQL: 32 bits)."""


@dataclass(frozen=True)
class Player:
    """A web player."""

    id: int
    name: str


@dataclass(frozen=True)
class SeatInfo:
    """A seat as stored: its bot kind, or the player who took it (None: open)."""

    seat: int
    bot: str | None
    player_id: int | None
    name: str


@dataclass(frozen=True)
class TableInfo:
    """A table as stored."""

    id: str
    game: str
    config: dict[str, Any]
    private: bool
    seats: tuple[SeatInfo, ...]
    status: str = "playing"
    created_at: datetime.datetime = field(default_factory=utcnow)
    totals: tuple[int, ...] | None = None


@dataclass(frozen=True)
class HistoryEntry:
    """A player's finished (or running) table, for his history page."""

    table: TableInfo
    seat: int


def token_hash(token: str) -> str:
    """What is stored of a session token: its SHA-256.

    >>> len(token_hash("abc"))
    64
    """
    return hashlib.sha256(token.encode()).hexdigest()


def clean_name(name: str) -> str:
    """A player's name: trimmed, control characters dropped, at most 40 characters.

    >>> clean_name("  Ala\\n ma kota ")
    'Ala ma kota'
    """
    text = "".join(ch if ch.isprintable() else " " for ch in name)
    return " ".join(text.split())[:MAX_NAME]


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


class PlayStore:
    """Players, tables, seats and op logs in the database."""

    def __init__(self, db: Database) -> None:
        self.db = db
        self.writer = Writer(db)
        self._players: dict[str, Player] = {}
        """Players by token hash, as read (a player's name changes only through here)."""

    # ------------------------------------------------------------ players

    def new_player(self, name: str) -> tuple[Player, str]:
        """A new player and his session token (kept only as a hash)."""
        token = secrets.token_urlsafe(24)
        with self.db.write() as s:
            row = PlayerRow(token_hash=token_hash(token), name=clean_name(name) or "?")
            s.add(row)
            s.flush()
            return Player(row.id, row.name), token

    def player_by_token(self, token: str | None) -> Player | None:
        """The player of a session token, or None."""
        if not token:
            return None
        key = token_hash(token)
        hit = self._players.get(key)
        if hit is not None:
            return hit
        with self.db.read() as s:
            row = s.scalars(select(PlayerRow).where(PlayerRow.token_hash == key)).first()
            player = Player(row.id, row.name) if row else None
        if player is not None:
            if len(self._players) > 10_000:
                self._players.clear()
            self._players[key] = player
        return player

    def rename_player(self, player_id: int, name: str) -> None:
        """Change a player's name."""
        with self.db.write() as s:
            row = s.get(PlayerRow, player_id)
            if row is not None:
                row.name = clean_name(name) or row.name
                self._players = {k: p for k, p in self._players.items() if p.id != player_id}

    # ------------------------------------------------------------ tables

    def create_table(self, info: TableInfo) -> None:
        """Store a new table and its seats (at once, not queued)."""
        with self.db.write() as s:
            s.add(TableRow(id=info.id, game=info.game, config=info.config,
                           private=info.private, status=info.status,
                           created_at=info.created_at))
            s.flush()
            for seat in info.seats:
                s.add(SeatRow(table_id=info.id, seat=seat.seat, bot=seat.bot,
                              player_id=seat.player_id, name=seat.name))

    def take_seat(self, table_id: str, seat: int,
                  player: Player) -> asyncio.Future[None] | None:
        """Queue that ``player`` sits at ``seat`` (the future: committed)."""
        def job(s: OrmSession) -> None:
            row = s.get(SeatRow, (table_id, seat))
            if row is not None:
                row.player_id, row.name = player.id, player.name
        return self.writer.put(job, table_id)

    def set_config(self, table_id: str,
                   config: dict[str, Any]) -> asyncio.Future[None] | None:
        """Queue a table's changed configuration (hints switched on or off)."""
        def job(s: OrmSession) -> None:
            row = s.get(TableRow, table_id)
            if row is not None:
                row.config = dict(config)
        return self.writer.put(job, table_id)

    def append_op(self, table_id: str, seq: int, op: str) -> asyncio.Future[None] | None:
        """Queue one op-log entry; from an event loop, a future settled when it is
        committed (:class:`NotStored` if it never will be)."""
        return self.writer.put_op(table_id, seq, op)

    def finish_table(self, table_id: str, totals: tuple[int, ...],
                     record: str | None, *,
                     status: str = "finished") -> asyncio.Future[None] | None:
        """Queue the end of a series: status (``expired``: closed idle before its end),
        totals and the record."""
        now = utcnow()

        def job(s: OrmSession) -> None:
            row = s.get(TableRow, table_id)
            if row is not None:
                row.status, row.finished_at = status, now
                row.totals, row.record = list(totals), record
        # The same as one UPDATE, so that the batch it is in (at the end of a round, many
        # series end at once) commits on the writer's own connection: through the ORM a
        # batch took ten times as long, and every move in it waited (bench_web_play).
        # The values as SQLAlchemy stores them: JSON text; on SQLite the time as text.
        when: object = now.strftime("%Y-%m-%d %H:%M:%S.%f") if self.db.is_sqlite else now
        sql = (f"UPDATE {TableRow.__tablename__} SET status = ?, finished_at = ?, "
               "totals = ?, record = ? WHERE id = ?",
               (status, when, json.dumps(list(totals)), record, table_id))
        return self.writer.put(job, table_id, sql)

    def forgive(self, table_id: str) -> None:
        """After a write of the table was refused and the table was reloaded from what
        is stored: write its rows again."""
        self.writer.forgive(table_id)

    def flush(self) -> None:
        """Wait for the queued writes."""
        self.writer.flush()

    def close(self) -> None:
        """Commit the queued writes and stop the writer."""
        self.writer.close()

    # ------------------------------------------------------------ reading

    @staticmethod
    def _info(row: TableRow, seats: list[SeatRow]) -> TableInfo:
        return TableInfo(row.id, row.game, dict(row.config), row.private,
                         tuple(SeatInfo(x.seat, x.bot, x.player_id, x.name)
                               for x in sorted(seats, key=lambda x: x.seat)),
                         row.status, row.created_at,
                         tuple(row.totals) if row.totals is not None else None)

    def _seats(self, s: OrmSession, ids: list[str]) -> dict[str, list[SeatRow]]:
        out: dict[str, list[SeatRow]] = {i: [] for i in ids}
        if ids:
            for seat in s.scalars(select(SeatRow).where(SeatRow.table_id.in_(ids))):
                out[seat.table_id].append(seat)
        return out

    def table(self, table_id: str) -> TableInfo | None:
        """A stored table, or None."""
        with self.db.read() as s:
            row = s.get(TableRow, table_id)
            if row is None:
                return None
            return self._info(row, self._seats(s, [table_id])[table_id])

    def record(self, table_id: str) -> str | None:
        """The record of a finished series, or None."""
        with self.db.read() as s:
            row = s.get(TableRow, table_id)
            return row.record if row is not None else None

    def unfinished(self, table_id: str | None = None) -> list[tuple[TableInfo, list[str]]]:
        """Every table still playing (or only ``table_id`` if it is), with its op log in
        order."""
        with self.db.read() as s:
            query = select(TableRow).where(TableRow.status == "playing")
            if table_id is not None:
                query = query.where(TableRow.id == table_id)
            rows = list(s.scalars(query))
            seats = self._seats(s, [r.id for r in rows])
            out = []
            for r in rows:
                ops = list(s.scalars(select(OpRow.op).where(OpRow.table_id == r.id)
                                     .order_by(OpRow.seq)))
                out.append((self._info(r, seats[r.id]), ops))
            return out

    def history(self, player_id: int, limit: int = 200) -> list[HistoryEntry]:
        """A player's tables, newest first."""
        with self.db.read() as s:
            mine = list(s.scalars(select(SeatRow).where(SeatRow.player_id == player_id)))
            ids = [x.table_id for x in mine]
            rows = {r.id: r for r in s.scalars(select(TableRow).where(TableRow.id.in_(ids)))}
            seats = self._seats(s, ids)
            out = [HistoryEntry(self._info(rows[x.table_id], seats[x.table_id]), x.seat)
                   for x in mine if x.table_id in rows]
        out.sort(key=lambda e: e.table.created_at, reverse=True)
        return out[:limit]

    def player(self, player_id: int) -> Player | None:
        """A player by id (None for an id past the id column's range: an INTEGER is 32 bits
        on PostgreSQL, which refuses the query rather than finding nothing).

        >>> from stolik.db import open_database
        >>> store = PlayStore(open_database("sqlite://", migrate=True))
        >>> store.player(2**31) is None
        True
        >>> store.close()
        """
        if not 0 < player_id <= MAX_ID:
            return None
        with self.db.read() as s:
            row = s.get(PlayerRow, player_id)
            return Player(row.id, row.name) if row else None
