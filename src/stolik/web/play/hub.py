"""The :class:`Hub` holds the tables in play: it creates and resumes them, seats players,
routes each client message to its table, lets the bots move and writes everything to the
:class:`~stolik.web.play.store.PlayStore` — every answer and echo after the write it
reports is committed (see :mod:`stolik.web.play.table`). A table whose write the database
refused is reloaded from what is stored, its clients kept.

:class:`LocalHub` keeps every table in this process (one event loop). Several processes share
the tables through Redis with :class:`~stolik.web.play.redis_hub.RedisHub` (a table lives
in one process; the others forward its messages), chosen by
:func:`~stolik.web.play.hubs.make_hub` — the routes only ever speak to a :class:`Hub`.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import secrets
from collections.abc import Mapping
from dataclasses import replace
from typing import TYPE_CHECKING, Any, Protocol

from stolik.errors import StolikError
from stolik.web.play.game import GAMES, Message, forced_move
from stolik.web.play.protocol import Command, ProtocolError, error_event
from stolik.web.play.scheduler import BotScheduler
from stolik.web.play.store import Player, PlayStore, SeatInfo, TableInfo
from stolik.web.play.table import Change, Persist, Subscriber, Table, summary

if TYPE_CHECKING:
    from stolik.web.play.redis_limits import RedisLimits

log = logging.getLogger(__name__)


class Hub(Protocol):
    """Where the tables live, as the routes see it."""

    def create_table(self, game: str, config: Mapping[str, Any], bots: list[str | None],
                     private: bool, creator: Player | None, seat: int | None) -> str:
        """A new table: ``bots[s]`` a bot kind or None (a person's seat); the creator takes
        ``seat``. Returns the table's id."""

    def table(self, table_id: str) -> Table | None:
        """A table in play (loaded), or None."""

    async def lookup(self, table_id: str) -> Table | None:
        """The table as a page shows it, or None: one of this process at once; another
        process's (RedisHub) read from the store and replayed in a worker thread."""

    async def in_play(self, table_id: str) -> TableInfo | None:
        """A table in play as stored — its seats, for a connection — or None; another
        process's (RedisHub) read in a worker thread, not replayed."""

    def open_tables(self) -> list[dict[str, Any]]:
        """Tables in play that are listed in the lobby (not private)."""

    def join(self, table_id: str, seat: int, player: Player) -> None:
        """Seat a player (ProtocolError if not possible)."""

    def connect(self, table_id: str, sub: Subscriber) -> bool:
        """Subscribe a client to a table (False: no such table in play)."""

    def disconnect(self, table_id: str, sub: Subscriber) -> None:
        """Unsubscribe a client."""

    async def handle(self, table_id: str, sub: Subscriber, cmd: Command) -> None:
        """Act on one client message (answers go to ``sub``)."""

    async def start(self) -> None:
        """Resume the unfinished tables (server start)."""

    async def stop(self) -> None:
        """Stop the bots and commit what is queued (server stop)."""


def new_table_id() -> str:
    """A random table id (the private link).

    >>> len(new_table_id())
    10
    """
    return secrets.token_urlsafe(8)[:10].replace("-", "x").replace("_", "y")


BOT_SLOTS = max(1, (os.cpu_count() or 2) - 1)
"""Bots that think at once in one server process (a search on a worker thread): every
core but one, so that tables of bots never take the core the event loop answers on. On a
2-core machine one: the others' tables wait their turn (a move each, in order), and
``/healthz`` or a person's click is not kept waiting behind three searches at once."""


class LocalHub:
    """Every table in this process. ``bot_delay``: seconds a bot waits before it moves."""

    def __init__(self, store: PlayStore, *, bot_delay: float = 0.6) -> None:
        self.store = store
        self.bot_delay = bot_delay
        self._turns: tuple[asyncio.AbstractEventLoop, asyncio.Semaphore] | None = None
        """The slow bots' turns at thinking (:data:`BOT_SLOTS`), on the loop they wait on."""
        self.tables: dict[str, Table] = {}
        self._scheduler: BotScheduler | None = None
        self._task: asyncio.Task[None] | None = None
        self._busy: set[str] = set()
        self._started = False
        self._stopped = False
        """Stopped (until the next start): no bot scheduler is started meanwhile."""
        self._reloads: set[asyncio.Task[None]] = set()

    # ------------------------------------------------------------ tables

    def _persist(self, table_id: str, seq: int, op: str) -> asyncio.Future[None] | None:
        return self.store.append_op(table_id, seq, op)

    def _lost(self, table: Table) -> None:
        """A write of ``table`` was refused: reload it from the database."""
        if self.tables.get(table.id) is table:
            del self.tables[table.id]
        try:
            task = asyncio.get_running_loop().create_task(self._reload(table))
        except RuntimeError:  # no loop: the next start resumes it
            return
        self._reloads.add(task)
        task.add_done_callback(self._reloads.discard)

    def _from_store(self, table_id: str, persist: Persist | None = None) -> Table | None:
        """The unfinished table ``table_id`` as stored, its op log replayed (None: no
        such table) — to be played here, or with ``persist`` a copy (to read). Blocking:
        the hub calls it in a worker thread (:func:`asyncio.to_thread`), since a long
        series' replay would hold every other table of the process that long."""
        stored = self.store.unfinished(table_id)
        if not stored:
            return None
        info, ops = stored[0]
        if persist is None:
            table = Table(info, self._persist, self._lost, self._kick)
        else:
            table = Table(info, persist)
        table.replay(ops)
        return table

    async def _reload(self, old: Table) -> None:
        """Bring a lost table back as stored, with its clients."""
        try:
            await asyncio.to_thread(self.store.flush)  # its refused writes are done
            self.store.forgive(old.id)
            table = await asyncio.to_thread(self._from_store, old.id)
        except Exception:
            log.exception("table %s cannot be reloaded; a restart resumes it", old.id)
            return
        if table is None or old.id in self.tables:
            return
        self.tables[table.id] = table
        for sub in list(old.subscribers):
            table.subscribe(sub)
        self._kick(table)

    def create_table(self, game: str, config: Mapping[str, Any], bots: list[str | None],
                     private: bool, creator: Player | None, seat: int | None) -> str:
        """A new table, stored at once."""
        kind = GAMES.get(game)
        cfg = kind.check_config(config)
        seats = []
        for s, bot in enumerate(bots):
            if s == seat and creator is not None:
                if bot is not None:
                    raise ProtocolError("bad-config", f"seat {s} is a bot seat")
                seats.append(SeatInfo(s, None, creator.id, creator.name))
            else:
                seats.append(SeatInfo(s, bot, None, f"{bot} {s}" if bot else f"#{s}"))
        info = TableInfo(new_table_id(), game, cfg, private, tuple(seats))
        table = Table(info, self._persist, self._lost, self._kick)  # checks the seats
        self.store.create_table(info)
        self.tables[info.id] = table
        self._kick(table)
        return info.id

    def table(self, table_id: str) -> Table | None:
        """A table in play."""
        return self.tables.get(table_id)

    async def lookup(self, table_id: str) -> Table | None:
        """A table in play: every one is in memory here, so no thread (and no wait)."""
        return self.tables.get(table_id)

    async def in_play(self, table_id: str) -> TableInfo | None:
        """A table in play's stored facts (from memory)."""
        table = self.tables.get(table_id)
        return table.info if table is not None else None

    def shared_limits(self) -> RedisLimits | None:
        """The play limits' buckets and counts, when the site's processes share them
        (None: this process counts alone)."""
        return None

    def open_tables(self) -> list[dict[str, Any]]:
        """The lobby's list: public tables still playing, with free seats first."""
        out = [summary(t) for t in self.tables.values()
               if not t.info.private and not t.match.is_over()]
        out.sort(key=lambda t: not any(s["open"] for s in t["seats"]))
        return out

    def join(self, table_id: str, seat: int, player: Player) -> None:
        """Seat a player and store it."""
        table = self.tables.get(table_id)
        if table is None:
            raise ProtocolError("no-table", f"no table {table_id} is in play")
        table.take(seat, player, lambda: self.store.take_seat(table_id, seat, player))
        self._kick(table)

    def connect(self, table_id: str, sub: Subscriber) -> bool:
        """Subscribe a client."""
        table = self.tables.get(table_id)
        if table is None:
            return False
        table.subscribe(sub)
        self._kick(table)
        return True

    def disconnect(self, table_id: str, sub: Subscriber) -> None:
        """Unsubscribe a client; a finished table nobody watches leaves memory."""
        table = self.tables.get(table_id)
        if table is None:
            return
        table.unsubscribe(sub)
        if table.match.is_over() and not table.subscribers:
            self.tables.pop(table_id, None)

    def expire(self, table_id: str) -> bool:
        """Close a table nobody is connected to (idle, :mod:`.ratelimit`): stored as
        ``expired`` with the deals played so far, and dropped from memory (True)."""
        table = self.tables.get(table_id)
        if table is None or table.subscribers or table_id in self._busy:
            return False
        del self.tables[table_id]
        if table.info.status != "finished":
            m = table.match
            record = m.record() if m.finished_deals() else None
            self.store.finish_table(table_id, tuple(m.totals()), record, status="expired")
        return True

    # ------------------------------------------------------------ messages

    async def handle(self, table_id: str, sub: Subscriber, cmd: Command) -> None:
        """Act on one client message; a refused one gets an error event, nothing else."""
        table = self.tables.get(table_id)
        try:
            if table is None:
                raise ProtocolError("no-table", f"no table {table_id} is in play")
            await self._handle(table, sub, cmd)
        except ProtocolError as e:
            _answer(table, sub, error_event(e, cmd.id))
        except StolikError as e:  # the engine refused (checked before, so a race)
            why = e.message if isinstance(e.message, str) else str(e)  # a Msg stays one
            _answer(table, sub, error_event(ProtocolError("illegal", why), cmd.id))
        except Exception:
            log.exception("table %s: message %s failed", table_id, cmd)
            _answer(table, sub, error_event(ProtocolError(
                "server-error", "the server failed to handle this message"), cmd.id))

    async def _handle(self, table: Table, sub: Subscriber, cmd: Command) -> None:
        if cmd.kind == "ping":
            sub.deliver(_ack({"type": "pong"}, cmd.id))
        elif cmd.kind == "move":
            assert cmd.move is not None
            table.move(sub.seat, cmd.move, sub, cmd.id)
            self._after_change(table)
        elif cmd.kind == "next":
            table.next(sub.seat, sub, cmd.id)
            self._kick(table)
        elif cmd.kind == "claim":
            if sub.seat is None:
                raise ProtocolError("not-seated", "spectators do not play")
            # Judged on a copy, off the event loop: early in the play the search over the
            # layouts the claimer cannot tell apart takes seconds (other tables go on).
            version = table.version
            verdict = await asyncio.to_thread(table.match.claim_judge(sub.seat))
            if table.version != version:
                raise ProtocolError("stale", "the table moved on meanwhile")
            ok, code = table.claim(sub.seat, sub, cmd.id, verdict)
            table.send(sub, _ack({"type": "claim", "ok": ok, "code": code,
                              "text": table.claim_text(code, sub.lang)}, cmd.id))
            self._after_change(table)
        elif cmd.kind == "hint":
            await self._hint(table, sub, cmd)
        elif cmd.kind == "hints":
            assert cmd.on is not None
            table.set_hints(sub.seat, cmd.on, sub, cmd.id,
                            lambda config: self.store.set_config(table.id, config))
        elif cmd.kind == "review":
            await self._review(table, sub, cmd)

    async def _hint(self, table: Table, sub: Subscriber, cmd: Command) -> None:
        if sub.seat is None:
            raise ProtocolError("not-seated", "spectators get no hints")
        if not table.hints:
            raise ProtocolError("no-hints", "hints are off at this table")
        if table.match.to_act() != sub.seat:
            raise ProtocolError("not-your-turn", "a hint is given on your turn")
        version = table.version
        text = await asyncio.to_thread(table.match.hint, sub.seat, sub.lang)
        if table.version != version:
            raise ProtocolError("stale", "the table moved on meanwhile")
        table.send(sub, _ack({"type": "hint", "text": text}, cmd.id))

    async def _review(self, table: Table, sub: Subscriber, cmd: Command) -> None:
        if sub.seat is None:
            raise ProtocolError("not-seated", "spectators get no review")
        if table.match.to_act() is not None or not table.match.finished_deals():
            raise ProtocolError("not-now", "the review comes when a deal is settled")
        version = table.version
        items = await asyncio.to_thread(table.match.review, sub.seat, sub.lang)
        deal = table.match.finished_deals()
        if table.version != version and table.match.finished_deals() != deal:
            raise ProtocolError("stale", "the table moved on meanwhile")
        table.send(sub, _ack({"type": "review", "deal": deal, "items": items}, cmd.id))

    # ------------------------------------------------------------ bots and the end

    def _after_change(self, table: Table) -> None:
        self._finish_if_over(table)
        self._kick(table)

    def _finish_if_over(self, table: Table) -> None:
        if table.match.is_over() and table.info.status != "finished":
            table.info = replace(table.info, status="finished",
                                 totals=tuple(table.match.totals()))
            record = table.match.record() if table.match.finished_deals() else None
            self.store.finish_table(table.id, table.match.totals(), record)

    def _kick(self, table: Table) -> None:
        """Queue the table with the bot scheduler if a bot is to move (or, at a table of
        bots only, the next deal is due) and the table is settled — its last change stored
        and sent (else the table kicks itself when it is)."""
        if self._may_queue(table):
            scheduler = self._scheduler_now()
            if scheduler is not None:
                scheduler.wake(table.id, self.bot_delay)

    def _scheduler_now(self) -> BotScheduler | None:
        """The running scheduler, started on this loop if needed (None: no loop yet —
        :meth:`start` kicks the tables; or the hub is stopped: a write committed while
        :meth:`stop` flushes kicks its table, and a scheduler started then was never
        run, its loop ending — "coroutine 'BotScheduler.run' was never awaited")."""
        if self._stopped:
            return None
        if self._scheduler is None or self._task is None or self._task.done():
            try:
                loop = asyncio.get_running_loop()
            except RuntimeError:
                return None
            self._scheduler = BotScheduler(self._bot_step, sweep=self._requeue_stalled)
            self._task = loop.create_task(self._scheduler.run())
        return self._scheduler

    def _requeue_stalled(self) -> None:
        """Queue every table whose bot is due and which nobody has queued (the scheduler
        calls this once a second): a table never stalls on a lost kick."""
        scheduler = self._scheduler
        for table in list(self.tables.values()):
            if self._may_queue(table) and (scheduler is None or not scheduler.queued(table.id)):
                log.warning("table %s: a bot was due and not queued; queued now", table.id)
                self._kick(table)

    def _may_queue(self, table: Table) -> bool:
        """Whether the scheduler may take ``table``: started, no bot thinking there, its
        last change stored and sent, and a bot to move."""
        return table.started and table.id not in self._busy and table.settled \
            and self._bot_due(table)

    @staticmethod
    def _bot_due(table: Table) -> bool:
        """Whether the scheduler has a move to make: a bot's, or a person's forced move
        (issue 25.9), or at a table of bots only the next deal."""
        m = table.match
        seat = m.to_act()
        if seat is not None:
            return m.is_bot(seat) or forced_move(m, seat) is not None
        return m.waiting_for_next() and not table.human_seats()

    def _bot_step(self, table_id: str) -> float | None:
        """One bot move at a table (the scheduler's step); the delay to the next one."""
        table = self.tables.get(table_id)
        if table is None or table_id in self._busy or table.lost or not table.settled \
                or not self._bot_due(table):
            return None
        m = table.match
        seat = m.to_act()
        if seat is None:  # a table of bots only: deal on
            table.deal_next()
            table.changed(Change("next"))
        elif not m.is_bot(seat):  # a person's forced move, made for him (issue 25.9)
            move = forced_move(m, seat)
            if move is None:
                return None
            table.move(seat, move)
            self._finish_if_over(table)
        elif m.bot_is_fast(seat):
            table.move(seat, m.bot_move(seat))
            self._finish_if_over(table)
        else:  # a slow bot thinks in a thread; the table is busy meanwhile
            self._busy.add(table_id)
            asyncio.get_running_loop().create_task(self._slow_bot(table, seat))
            return None
        if not table.settled:  # the table kicks itself once the move is stored
            return None
        return self.bot_delay if self._bot_due(table) else None

    def _bot_turns(self) -> asyncio.Semaphore:
        """The semaphore of :data:`BOT_SLOTS` for the running loop (a hub a test runs on
        another loop gets a new one)."""
        loop = asyncio.get_running_loop()
        if self._turns is None or self._turns[0] is not loop:
            self._turns = (loop, asyncio.Semaphore(BOT_SLOTS))
        return self._turns[1]

    async def _slow_bot(self, table: Table, seat: int) -> None:
        try:
            async with self._bot_turns():  # at most BOT_SLOTS bots search at once
                version = table.version
                move = await asyncio.to_thread(table.match.bot_move, seat)
            if table.version == version and table.match.to_act() == seat \
                    and self.tables.get(table.id) is table and not table.lost:
                table.move(seat, move)
                self._finish_if_over(table)
        except Exception:
            log.exception("table %s: the bot at seat %d failed", table.id, seat)
        finally:
            self._busy.discard(table.id)
        self._kick(table)

    # ------------------------------------------------------------ start and stop

    def resume(self) -> int:
        """Load every unfinished table from the store, replaying its op log."""
        n = 0
        for info, ops in self.store.unfinished():
            if info.id in self.tables:
                continue
            try:
                table = Table(info, self._persist, self._lost, self._kick)
                table.replay(ops)
            except Exception:
                log.exception("table %s cannot be resumed", info.id)
                continue
            self.tables[info.id] = table
            self._finish_if_over(table)
            n += 1
        return n

    async def start(self) -> None:
        """Resume the tables and let their bots move."""
        if self._started:
            return
        self._started = True
        self._stopped = False
        self.resume()
        for table in list(self.tables.values()):
            self._kick(table)

    async def stop(self) -> None:
        """Stop the bots and commit the queued writes."""
        self._stopped = True
        if self._scheduler is not None and self._task is not None:
            self._scheduler.stop()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._task
        self._scheduler, self._task = None, None
        self._started = False
        await asyncio.to_thread(self.store.flush)


def _answer(table: Table | None, sub: Subscriber, msg: Message) -> None:
    """Send an answer after everything its table sent before (to a client of no table:
    at once)."""
    if table is None:
        sub.deliver(msg)
    else:
        table.send(sub, msg)


def _ack(msg: Message, ack: int | None) -> Message:
    if ack is not None:
        msg["ack"] = ack
    return msg
