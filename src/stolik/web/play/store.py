"""The database side of browser play: players, tables, seats and each table's op log.

Moves are written behind the play (:class:`Writer`, one thread, a batch of moves per
transaction), so a move's answer never waits for the disk; :meth:`PlayStore.flush` waits
until everything queued is committed (the server calls it on shutdown). An unfinished
table is resumed by replaying its op log (:meth:`PlayStore.unfinished`).

>>> from stolik.db import open_database
>>> store = PlayStore(open_database("sqlite://", migrate=True))
>>> p, token = store.new_player("Ala")
>>> store.player_by_token(token) == p
True
>>> store.create_table(TableInfo("t1", "baska", {"deals": 1}, False,
...     (SeatInfo(0, None, p.id, "Ala"), SeatInfo(1, "random", None, "r1"),
...      SeatInfo(2, "random", None, "r2"), SeatInfo(3, "random", None, "r3"))))
>>> store.append_op("t1", 0, "m 2 pass"); store.flush()
>>> [(t.id, ops) for t, ops in store.unfinished()]
[('t1', ['m 2 pass'])]
>>> store.close()
"""

from __future__ import annotations

import datetime
import hashlib
import logging
import queue
import secrets
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import insert, select
from sqlalchemy.orm import Session as OrmSession

from stolik.db import Database
from stolik.db.base import utcnow
from stolik.web.play.orm import OpRow, PlayerRow, SeatRow, TableRow

log = logging.getLogger(__name__)

MAX_NAME = 40


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


@dataclass(frozen=True)
class _Op:
    """A queued op-log row."""

    table_id: str
    seq: int
    op: str


class Writer:
    """One thread that commits queued writes in batches, in order."""

    def __init__(self, db: Database) -> None:
        self.db = db
        self.queue: queue.Queue[Any] = queue.Queue()
        self.thread = threading.Thread(target=self._run, name="stolik-play-writer",
                                       daemon=True)
        self.thread.start()

    def put(self, job: Callable[[OrmSession], None]) -> None:
        """Queue a write."""
        self.queue.put(job)

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
    def _write(s: OrmSession, jobs: list[Any]) -> None:
        """Run the jobs in order; runs of op-log rows go in as one multi-row insert."""
        rows: list[dict[str, Any]] = []
        for job in jobs:
            if isinstance(job, _Op):
                rows.append({"table_id": job.table_id, "seq": job.seq, "op": job.op})
                continue
            if rows:
                s.execute(insert(OpRow), rows)
                rows = []
            job(s)
        if rows:
            s.execute(insert(OpRow), rows)

    def _run(self) -> None:
        while True:
            batch = [self.queue.get()]
            while len(batch) < 500:
                try:
                    batch.append(self.queue.get_nowait())
                except queue.Empty:
                    break
            jobs = [j for j in batch if callable(j) or isinstance(j, _Op)]
            if jobs:
                try:
                    with self.db.write() as s:
                        self._write(s, jobs)
                except Exception:  # a lost write is logged; play goes on
                    log.exception("stolik play: writing %d queued changes failed", len(jobs))
            for j in batch:
                if isinstance(j, threading.Event):
                    j.set()
            if any(j is _STOP for j in batch):
                return


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

    def take_seat(self, table_id: str, seat: int, player: Player) -> None:
        """Record that ``player`` sits at ``seat``."""
        def job(s: OrmSession) -> None:
            row = s.get(SeatRow, (table_id, seat))
            if row is not None:
                row.player_id, row.name = player.id, player.name
        self.writer.put(job)

    def set_config(self, table_id: str, config: dict[str, Any]) -> None:
        """Queue a table's changed configuration (hints switched on or off)."""
        def job(s: OrmSession) -> None:
            row = s.get(TableRow, table_id)
            if row is not None:
                row.config = dict(config)
        self.writer.put(job)

    def append_op(self, table_id: str, seq: int, op: str) -> None:
        """Queue one op-log entry."""
        self.writer.queue.put(_Op(table_id, seq, op))

    def finish_table(self, table_id: str, totals: tuple[int, ...], record: str | None, *,
                     status: str = "finished") -> None:
        """Queue the end of a series: status (``expired``: closed idle before its end),
        totals and the record."""
        def job(s: OrmSession) -> None:
            row = s.get(TableRow, table_id)
            if row is not None:
                row.status, row.finished_at = status, utcnow()
                row.totals, row.record = list(totals), record
        self.writer.put(job)

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

    def unfinished(self) -> list[tuple[TableInfo, list[str]]]:
        """Every table still playing, with its op log in order."""
        with self.db.read() as s:
            rows = list(s.scalars(select(TableRow).where(TableRow.status == "playing")))
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
        """A player by id."""
        with self.db.read() as s:
            row = s.get(PlayerRow, player_id)
            return Player(row.id, row.name) if row else None
