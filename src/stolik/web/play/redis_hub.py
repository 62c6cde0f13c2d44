"""Several ``stolik serve`` processes, one site (issue 13): :class:`RedisHub` is the
:class:`~stolik.web.play.hub.Hub` of a process that shares its tables with others through
Redis, over one PostgreSQL database whose op log is the truth.

- **One owner per table.** A table is run — moves checked, bots moved, the op log written —
  by one process at a time: the one holding its *lease*, a Redis key
  ``stolik:lease:TABLE`` set with ``SET NX PX`` to the process's id and renewed every
  ``tick`` seconds (a Lua script renews only the keys still holding our id). Inside the
  owner the table is exactly a :class:`~stolik.web.play.hub.LocalHub` table (this class is
  one): a move is committed before its acknowledgement or echo leaves the table
  (:mod:`stolik.web.play.table`), so what any client was told is in the database.
- **Clients on any process.** A WebSocket lives in the process it reached (its *origin*).
  The origin finds the table's owner from the lease and tells it ``sub`` (a client at
  seat S, language L); the owner subscribes a :class:`Seat` stand-in, whose messages go
  back to the origin on its pub/sub channel (:mod:`stolik.web.play.redis_relay`: in the
  order the table sent them, as the text the client gets). The client's messages go to
  the owner's channel the same way (``cmd``), each kept by the origin until the owner
  says it has answered it (``done``, sent after the answer); a command whose owner dies
  first is answered by the origin (``taken-over``: the client sends it again to the new
  owner if the state it gets shows it still due; issue 24.5). An origin that is the
  owner skips Redis.
  Joining a seat from another process asks the owner and waits for its answer (a Redis
  list), after the seat is committed.
- **Takeover.** A process killed with ``kill -9`` is dead to the others at once: Redis
  closes its connection, so its channel has no subscriber (``PUBSUB NUMSUB``); one that
  hangs stops renewing and its leases expire (``lease_ms``). Every process looks each
  ``sweep`` ticks for unfinished tables (status ``playing`` in the database) without a
  live holder and claims them (a Lua script: only if the holder is gone), replaying the
  op log; an origin whose clients' table has a new owner (or none: it claims it itself)
  subscribes them there, and the new owner sends each its full state — the clients go on
  exactly where the stored log is. Two owners at once (a paused process whose lease
  expired) cannot both store: op-log rows have the primary key (table, seq), so the
  second write of a position is refused, and its table is dropped (or reloaded, if the
  lease is still ours). An owner also drops the stand-ins of dead origins (no
  subscriber on their channel: a hung origin keeps its clients).
- **The lobby** lists every process's public tables (:mod:`stolik.web.play.redis_lobby`).

A graceful stop commits what is queued and releases the leases at once.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import logging
import secrets
from collections.abc import Mapping
from typing import Any

import orjson
import redis
import redis.asyncio as aioredis

from stolik.web.play.game import Message, warm_up
from stolik.web.play.hub import LocalHub
from stolik.web.play.protocol import Command, ProtocolError, error_event
from stolik.web.play.redis_base import (
    LEASE_MS,
    LOOKUPS,
    POOL_SIZE,
    PREFIX,
    RELEASE,
    TAKE,
    channel,
    check_url,
    dumps,
    lease_key,
    pool,
    text,
)
from stolik.web.play.redis_limits import RedisLimits
from stolik.web.play.redis_lobby import Lobby
from stolik.web.play.redis_lobby import others as lobby_of_others
from stolik.web.play.redis_relay import (
    DONE,
    Forwarded,
    Link,
    Relay,
    Seat,
    Unanswered,
    command_dict,
    command_of,
    moving,
)
from stolik.web.play.redis_tick import beat, sweep_tables, ticker
from stolik.web.play.store import Player, PlayStore, TableInfo
from stolik.web.play.table import Subscriber, Table

log = logging.getLogger(__name__)

class RedisHub(LocalHub):
    """The tables this process owns (a :class:`LocalHub`), and its clients' way to the
    tables other processes own. ``url``: ``redis://HOST:PORT/N``."""

    def __init__(self, store: PlayStore, url: str, *, bot_delay: float = 0.6,
                 lease_ms: int = LEASE_MS, tick: float = 0.5, sweep: int = 2) -> None:
        super().__init__(store, bot_delay=bot_delay)
        check_url(url)
        self.url = url
        self.proc = secrets.token_hex(6)
        self.lease_ms = lease_ms
        self.tick = tick
        self.sweep_every = sweep
        self.sync = redis.Redis.from_url(url, socket_timeout=5, socket_connect_timeout=5)
        """For the routes' synchronous calls (create, join, the lobby)."""
        self.redis: aioredis.Redis | None = None
        self._leases: aioredis.Redis | None = None
        """The lease renewals' own connection: never queued behind a burst of look-ups
        (a renewal that waits past the lease loses every table of the process)."""
        self._lookups = asyncio.Semaphore(LOOKUPS)
        self.seats: dict[tuple[str, int], Seat] = {}
        """Owner side: the stand-ins by (origin, connection)."""
        self.conns: dict[int, tuple[str, Subscriber]] = {}
        """Origin side: this process's clients by number: (table, client)."""
        self._ids: dict[Subscriber, int] = {}
        self.links: dict[str, Link] = {}
        self.unanswered = Unanswered()
        """Origin side: the commands relayed to owners and not answered yet (24.5)."""
        self._numbers = itertools.count(1)
        self.relay = Relay(self.proc, self._dispatch, tick)
        """This process's channel, and the way to the others'."""
        self._tasks: set[asyncio.Task[Any]] = set()
        self._loops: list[asyncio.Task[None]] = []
        self._running = False
        self.lobby = Lobby(self.proc)
        """Our entries in the shared lobby."""

    # ------------------------------------------------------------ plumbing

    def _spawn(self, coro: Any) -> asyncio.Task[Any]:
        task: asyncio.Task[Any] = asyncio.get_running_loop().create_task(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        return task

    def publish(self, proc: str, payload: dict[str, Any]) -> None:
        """Queue a message to a process's channel (sent in order, batched)."""
        self.relay.publish(proc, payload)

    def _dispatch(self, m: dict[str, Any]) -> None:
        kind = m["k"]
        if kind == "msg":
            self.deliver_local(int(m["c"]), m["m"])
        elif kind == "sub":
            self._on_sub(str(m["t"]), str(m["o"]), int(m["c"]), m["s"], str(m["l"]))
        elif kind == "unsub":
            self._on_unsub(str(m["t"]), str(m["o"]), int(m["c"]))
        elif kind == "cmd":
            n = m.get("n")
            self._spawn(self._on_cmd(str(m["t"]), str(m["o"]), int(m["c"]), m["cmd"],
                                     None if n is None else int(n)))
        elif kind == "done":
            self.unanswered.answered(int(m["n"]))
        elif kind == "join":
            self._spawn(self._on_join(m))
        elif kind == "moved":
            link = self.links.get(str(m["t"]))
            if link is not None and link.owner == m.get("from"):
                link.owner = None
                link.ready.clear()
                self._resolve_later(str(m["t"]), self.tick / 2)

    # ------------------------------------------------------------ owner side

    def _on_sub(self, table_id: str, origin: str, conn: int, seat: int | None,
                lang: str) -> None:
        if table_id not in self.tables:
            self.publish(origin, {"k": "moved", "t": table_id, "from": self.proc})
            return
        old = self.seats.pop((origin, conn), None)
        if old is not None:
            super().disconnect(old.table_id, old)
        stand_in = Seat(self, table_id, origin, conn, seat, lang)
        self.seats[(origin, conn)] = stand_in
        super().connect(table_id, stand_in)

    def _on_unsub(self, table_id: str, origin: str, conn: int) -> None:
        stand_in = self.seats.pop((origin, conn), None)
        if stand_in is not None:
            self._leave(stand_in)

    def _leave(self, stand_in: Seat) -> None:
        """A client left: unsubscribe it; a finished table nobody watches goes."""
        table_id = stand_in.table_id
        super().disconnect(table_id, stand_in)
        if table_id not in self.tables:
            self._spawn(self._release(table_id))

    async def _on_cmd(self, table_id: str, origin: str, conn: int, data: Any,
                      n: int | None = None) -> None:
        """A client's command (relayed as number ``n`` by another process: it is told
        when the answer has gone, issue 24.5)."""
        stand_in = self.seats.get((origin, conn))
        try:
            cmd = command_of(data)
        except ProtocolError as e:  # this envelope alone (issue 24.4)
            self.publish(origin, {"k": "msg", "c": conn, "m": error_event(e)})
            stand_in = None
        else:
            if stand_in is None or stand_in.table_id != table_id \
                    or table_id not in self.tables:
                self.publish(origin, {"k": "msg", "c": conn,
                                      "m": error_event(moving(), cmd.id)})
                stand_in = None
            else:
                await super().handle(table_id, stand_in, cmd)
        if n is None:
            return
        table = self.tables.get(table_id)
        if stand_in is not None and table is not None:
            table.send(stand_in, {"type": DONE, "n": n})  # after the answer, once sent
        else:
            self.publish(origin, {"k": "done", "c": conn, "n": n})

    async def _on_join(self, m: dict[str, Any]) -> None:
        answer: dict[str, Any] = {"ok": True}
        try:
            super().join(str(m["t"]), int(m["seat"]), Player(int(m["pid"]), str(m["pname"])))
            await asyncio.to_thread(self.store.flush)  # the seat is stored before "yes"
        except ProtocolError as e:
            answer = {"code": e.code, "message": str(e.message)}
        assert self.redis is not None
        async with self.redis.pipeline(transaction=False) as pipe:
            pipe.rpush(str(m["r"]), dumps(answer))
            pipe.expire(str(m["r"]), 30)
            await pipe.execute()

    async def _take(self, table_id: str) -> str:
        """Take the table's lease unless a live process holds it; the holder."""
        assert self.redis is not None
        holder = await self.redis.eval(TAKE, 1, lease_key(table_id), self.proc,
                                       str(self.lease_ms), channel(""))
        return str(text(holder))

    async def _claim(self, table_id: str, taken: bool = False) -> bool:
        """Take an unowned table (or a dead process's) and load it from the op log
        (True: ours now); ``taken``: its lease was taken just now."""
        if table_id in self.tables:
            return True
        if not taken and await self._take(table_id) != self.proc:
            return False
        try:  # read and replayed off the event loop (a long series takes a while)
            table = await asyncio.to_thread(self._from_store, table_id)
        except Exception:
            log.exception("stolik hub: table %s cannot be taken over", table_id)
            table = None
        if table_id in self.tables:  # claimed meanwhile (another of our clients)
            return True
        if table is None:
            await self._release(table_id)
            return False
        # The lease is renewed only for the tables we hold: a load that took longer than
        # the lease (a burst of take-overs queued for the worker threads) may have let it
        # lapse and another process take it meanwhile. Take it again before playing.
        if await self._take(table_id) != self.proc:
            log.info("stolik hub: table %s went to another server while it loaded", table_id)
            return table_id in self.tables
        self.tables[table_id] = table
        self._finish_if_over(table)
        self._kick(table)
        log.info("stolik hub: took table %s over (%d ops)", table_id, len(table.ops))
        return True

    async def _dead(self, holders: set[str]) -> set[str]:
        """The processes of ``holders`` whose channel nobody listens to (killed)."""
        assert self.redis is not None
        others = sorted(holders - {self.proc})
        if not others:
            return set()
        counts = await self.redis.pubsub_numsub(*map(channel, others))
        return {proc for proc, (_, n) in zip(others, counts, strict=True) if not n}

    async def _release(self, table_id: str) -> None:
        """Give a table's lease up (after what is queued of it is committed)."""
        if self.redis is None:
            return
        await asyncio.to_thread(self.store.flush)
        if table_id in self.tables:
            return
        with contextlib.suppress(redis.RedisError, OSError):
            await self.redis.eval(RELEASE, 1, lease_key(table_id), self.proc)

    def _drop(self, table_id: str) -> None:
        """The lease is no longer ours: forget the table; our own clients go to the new
        owner, the other origins find it themselves."""
        table = self.tables.pop(table_id, None)
        if table is None:
            return
        log.warning("stolik hub: lost the lease of table %s", table_id)
        for sub in list(table.subscribers):
            if isinstance(sub, Seat):
                self.seats.pop((sub.origin, sub.conn), None)
        link = self.links.get(table_id)
        if link is not None and link.owner == self.proc:
            link.owner = None
            link.ready.clear()
            self._resolve_later(table_id, 0.0)

    async def _reload(self, old: Table) -> None:
        """A refused write: reload the table only while its lease is ours."""
        assert self.redis is not None
        owner = await self.redis.get(lease_key(old.id))
        if text(owner) == self.proc:
            await super()._reload(old)
        else:
            self.tables[old.id] = old  # so that _drop finds it
            self._drop(old.id)

    # ------------------------------------------------------------ origin side

    def deliver_local(self, conn: int, msg: Message | str) -> None:
        """A message for one of this process's clients (text: as it is sent)."""
        hit = self.conns.get(conn)
        if hit is None:
            return
        sub = hit[1]
        if not isinstance(msg, str):
            sub.deliver(msg)
        elif (deliver_text := getattr(sub, "deliver_text", None)) is not None:
            deliver_text(msg)
        else:
            sub.deliver(orjson.loads(msg))

    def _resolve_later(self, table_id: str, delay: float) -> None:
        link = self.links.get(table_id)
        if link is None or (link.resolving is not None and not link.resolving.done()):
            return
        with contextlib.suppress(RuntimeError):
            link.resolving = self._spawn(self._resolve(table_id, delay))

    async def _resolve(self, table_id: str, delay: float) -> None:
        """Find the table's owner (claiming it when there is none) and subscribe this
        process's clients there."""
        if delay:
            await asyncio.sleep(delay)
        assert self.redis is not None
        link = self.links.get(table_id)
        if link is None:
            return
        try:
            async with self._lookups:
                who: str | None = await self._take(table_id)
                if who == self.proc and not await self._claim(table_id, taken=True):
                    who = None
        except (redis.RedisError, OSError):
            log.exception("stolik hub: no owner found for table %s", table_id)
            who = None
        if self.links.get(table_id) is not link:
            return
        link.owner = who
        if who is None:
            link.ready.clear()
            return
        for conn in sorted(link.conns):
            self._subscribe_at(who, table_id, conn)
        link.ready.set()

    def _subscribe_at(self, owner: str, table_id: str, conn: int) -> None:
        sub = self.conns[conn][1]
        if owner == self.proc:
            self._on_sub(table_id, self.proc, conn, sub.seat, sub.lang)
        else:
            self.publish(owner, {"k": "sub", "t": table_id, "o": self.proc, "c": conn,
                                 "s": sub.seat, "l": sub.lang})

    # ------------------------------------------------------------ the Hub, for the routes

    def create_table(self, game: str, config: Mapping[str, Any], bots: list[str | None],
                     private: bool, creator: Player | None, seat: int | None) -> str:
        """A new table, owned by this process."""
        table_id = super().create_table(game, config, bots, private, creator, seat)
        self.sync.set(lease_key(table_id), self.proc, px=self.lease_ms)
        return table_id

    def table(self, table_id: str) -> Table | None:
        """The table if it is ours; else as stored now (a copy to read, not to play: a
        query and a replay — :meth:`lookup` makes them off the event loop)."""
        own = self.tables.get(table_id)
        if own is not None:
            return own
        return self._from_store(table_id, lambda table_id, seq, op: None)

    async def lookup(self, table_id: str) -> Table | None:
        """The table if it is ours (at once); else a copy as stored, read and replayed in
        a worker thread (a long series' replay would hold every table of the process)."""
        own = self.tables.get(table_id)
        if own is not None:
            return own
        return await asyncio.to_thread(self.table, table_id)

    async def in_play(self, table_id: str) -> TableInfo | None:
        """The table's stored facts: ours from memory; else read in a worker thread
        while it is playing — its seats, not its op log (a connection needs no more)."""
        own = self.tables.get(table_id)
        if own is not None:
            return own.info
        info = await asyncio.to_thread(self.store.table, table_id)
        return info if info is not None and info.status == "playing" else None

    def shared_limits(self) -> RedisLimits:
        """The play limits' buckets and counts, in Redis
        (:mod:`stolik.web.play.redis_limits`)."""
        return RedisLimits(self.url, self.proc)

    def open_tables(self) -> list[dict[str, Any]]:
        """Every process's public tables still playing, free seats first."""
        seen = {t["id"]: t for t in super().open_tables()}
        seen.update(lobby_of_others(self.sync, seen))
        out = list(seen.values())
        out.sort(key=lambda t: not any(s["open"] for s in t["seats"]))
        return out

    def join(self, table_id: str, seat: int, player: Player) -> None:
        """Seat a player, at the owner (waiting for its answer, the seat stored)."""
        if table_id in self.tables:
            super().join(table_id, seat, player)
            return
        owner = self.sync.get(lease_key(table_id))
        if owner is None:
            raise moving()
        reply = f"{PREFIX}reply:{self.proc}:{next(self._numbers)}"
        self.sync.publish(channel(str(text(owner))), dumps({
            "k": "join", "t": table_id, "seat": seat, "pid": player.id,
            "pname": player.name, "r": reply}))
        got = self.sync.blpop([reply], timeout=5)
        if got is None:
            raise moving()
        answer = orjson.loads(got[1])
        if not answer.get("ok"):
            raise ProtocolError(str(answer["code"]), str(answer["message"]))

    def connect(self, table_id: str, sub: Subscriber) -> bool:
        """Subscribe a client of this process, at whichever process owns the table."""
        conn = next(self._numbers)
        self.conns[conn] = (table_id, sub)
        self._ids[sub] = conn
        link = self.links.setdefault(table_id, Link())
        link.conns.add(conn)
        if link.ready.is_set() and link.owner is not None:
            self._subscribe_at(link.owner, table_id, conn)
        elif table_id in self.tables:
            link.owner = self.proc
            link.ready.set()
            self._subscribe_at(self.proc, table_id, conn)
        else:
            self._resolve_later(table_id, 0.0)
        return True

    def disconnect(self, table_id: str, sub: Subscriber) -> None:
        """A client of this process left."""
        conn = self._ids.pop(sub, None)
        if conn is None:
            return
        self.conns.pop(conn, None)
        self.unanswered.forget_conn(conn)
        link = self.links.get(table_id)
        if link is None:
            return
        link.conns.discard(conn)
        if link.owner == self.proc:
            self._on_unsub(table_id, self.proc, conn)
        elif link.owner is not None:
            self.publish(link.owner, {"k": "unsub", "t": table_id, "o": self.proc,
                                      "c": conn})
        if not link.conns:
            del self.links[table_id]

    async def handle(self, table_id: str, sub: Subscriber, cmd: Command) -> None:
        """Act on a client's message at the table's owner."""
        conn = self._ids.get(sub)
        link = self.links.get(table_id)
        if conn is None or link is None:
            sub.deliver(error_event(ProtocolError("no-table", f"no table {table_id} is in "
                                                  "play"), cmd.id))
            return
        if not link.ready.is_set():
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(link.ready.wait(), self.lease_ms / 1000 + 2 * self.tick)
        owner = link.owner
        if owner is None or not link.ready.is_set():
            sub.deliver(error_event(moving(), cmd.id))
        elif owner == self.proc:
            await self._on_cmd(table_id, owner, conn, command_dict(cmd))
        else:
            n = next(self._numbers)
            self.unanswered.add(n, Forwarded(conn, table_id, owner, cmd.id))
            self.publish(owner, {"k": "cmd", "t": table_id, "o": self.proc, "c": conn,
                                 "cmd": command_dict(cmd), "n": n})

    def expire(self, table_id: str) -> bool:
        """Close an idle table of ours (:meth:`LocalHub.expire`) and give its lease up."""
        closed = super().expire(table_id)
        if closed:
            with contextlib.suppress(RuntimeError):
                self._spawn(self._release(table_id))
        return closed

    # ------------------------------------------------------------ the tick

    async def _beat(self, sweep: bool, refresh: bool = False) -> None:
        """One tick (:func:`stolik.web.play.redis_tick.beat`)."""
        await beat(self, sweep, refresh)

    async def _sweep(self) -> None:
        """Take over the unfinished tables nobody holds (their owner died)."""
        await sweep_tables(self)

    # ------------------------------------------------------------ start and stop

    async def start(self) -> None:
        """Connect to Redis, take over the tables nobody holds, and start the tick."""
        if self._running:
            return
        self._running = True
        self._started = True
        self._stopped = False
        await asyncio.to_thread(warm_up)  # before it is live: ready to take tables over
        self.redis = pool(self.url, POOL_SIZE)
        self._leases = pool(self.url, 1)
        self._lookups = asyncio.Semaphore(LOOKUPS)  # of this loop (a test may start anew)
        self._loops = await self.relay.start(self.redis)  # live (see TAKE) before owning
        await self._sweep()
        self._loops.append(asyncio.get_running_loop().create_task(ticker(self)))

    async def stop(self) -> None:
        """Stop the bots, commit what is queued, and give every lease up at once."""
        for task in self._loops:
            task.cancel()
        for task in self._loops:
            # A cancel that lands inside redis-py may be swallowed there (the tick then
            # sleeps on, and the stop waited for ever): cancel again until it ends.
            while not task.done():
                await asyncio.wait([task], timeout=min(self.tick, 0.1))
                task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        self._loops = []
        await super().stop()
        if self.redis is not None:
            with contextlib.suppress(redis.RedisError, OSError):
                for table_id in list(self.tables):
                    await self.redis.eval(RELEASE, 1, lease_key(table_id), self.proc)
                await self.lobby.clear(self.redis)
            await self.redis.aclose()
            self.redis = None
        if self._leases is not None:
            await self._leases.aclose()
            self._leases = None
        self.tables.clear()
        self._running = False
