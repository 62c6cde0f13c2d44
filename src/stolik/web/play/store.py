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
resumed by replaying its op log (:meth:`PlayStore.unfinished`). The writer thread is
:mod:`stolik.web.play.writer` (its names re-exported here).

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
import datetime
import hashlib
import json
import secrets
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session as OrmSession

from stolik.db import Database
from stolik.db.base import utcnow
from stolik.web.play.orm import OpRow, PlayerRow, SeatRow, TableRow
from stolik.web.play.writer import MAX_ROWS as MAX_ROWS
from stolik.web.play.writer import SWITCH_INTERVAL as SWITCH_INTERVAL
from stolik.web.play.writer import NotStored as NotStored
from stolik.web.play.writer import Statement as Statement
from stolik.web.play.writer import Stored as Stored
from stolik.web.play.writer import Writer as Writer

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
