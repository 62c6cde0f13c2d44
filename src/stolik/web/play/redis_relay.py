"""The messages between the processes of one site (issue 13,
:mod:`stolik.web.play.redis_hub`): each process listens on its own pub/sub channel
``stolik:proc:ID``; what one process tells another — a client's command for the table's
owner, the table's messages for the client's process — is a JSON envelope queued with
:meth:`Relay.publish` and sent in order on one connection.

Per message, the cost is Python's, not Redis's: redis-py's pub/sub reader parses a
message through several layers of coroutines (retry, time-outs, the RESP3 parser reading
a line at a time: 0.1 ms and more a message, the largest part of the relay's CPU in
``benchmarks/bench_web_play_redis.py``). So

- the publisher sends what is queued for one channel as **one** message, the envelopes in
  their order, one a line (a group commit settles many tables at once: their messages for
  one process go together); the reader decodes each line on its own (issue 24.4: an
  envelope it cannot read is logged and dropped alone — the others of its batch go on;
  a JSON array of the whole batch was lost whole for one bad envelope), and
- the reader takes what the socket holds at once and splits it into messages itself
  (:func:`~stolik.web.play.redis_base.pushes`), on a connection redis-py opened (the
  URL's password, TLS or socket are redis-py's business).

The order of one process's envelopes to another is kept: one publishing connection, one
message a channel per batch, batches in order; Redis delivers a channel's messages in the
order published.

Every envelope is written and read by orjson (:func:`~stolik.web.play.redis_base.dumps`,
:func:`~stolik.web.play.redis_base.unframe`); the one number a client chooses, a message's
``id``, is bounded where it comes in (:func:`~stolik.web.play.protocol.check_id`), so
what one process writes the other reads back the same.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import redis
import redis.asyncio as aioredis
from redis.asyncio.connection import AbstractConnection

from stolik.web.play.game import Message
from stolik.web.play.protocol import KINDS, Command, ProtocolError, check_id, localize
from stolik.web.play.redis_base import (
    channel,
    dumps,
    frame,
    publish_command,
    pushes,
    unframe,
)

if TYPE_CHECKING:
    from stolik.web.play.redis_hub import RedisHub

log = logging.getLogger(__name__)

READ_SIZE = 1 << 16
"""Bytes the reader asks the socket for at a time."""

SUBSCRIBE_S = 10.0
"""How long a start waits for Redis to confirm the subscription."""


DONE = "relay-done"
"""The ``type`` of the marker an owner sends through a table after its answer to a relayed
command (``n``: the origin's number of it): the stand-in passes it on as a ``done``
envelope, after the answer (issue 24.5, :mod:`stolik.web.play.redis_hub`)."""


def batch(items: list[tuple[str, bytes]]) -> list[tuple[str, bytes]]:
    r"""Queued envelopes (channel, JSON) as one message a channel, one envelope a line in
    their order (channels in the order first seen).

    >>> batch([("a", b'{"x":1}'), ("b", b'{"y":2}'), ("a", b'{"x":3}')])
    [('a', b'{"x":1}\n{"x":3}'), ('b', b'{"y":2}')]
    """
    by_channel: dict[str, list[bytes]] = {}
    for ch, data in items:
        by_channel.setdefault(ch, []).append(data)
    return [(ch, frame(parts)) for ch, parts in by_channel.items()]


def command_of(data: object) -> Command:
    """A client's command as it came through Redis (``cmd`` of a ``cmd`` envelope),
    checked again by the owner (issue 24.4: a peer's envelope is input too; a
    ProtocolError answers it alone).

    >>> command_of({"kind": "move", "move": "AH", "id": 3, "on": None})
    Command(kind='move', move='AH', id=3, on=None)
    >>> command_of({"kind": "ping", "id": 10**30})
    Traceback (most recent call last):
    ...
    stolik.web.play.protocol.ProtocolError: id is a whole number from 0 to 9007199254740991
    """
    if not isinstance(data, dict) or data.get("kind") not in KINDS:
        raise ProtocolError("bad-message", "a relayed command names its kind")
    move, on = data.get("move"), data.get("on")
    if not (move is None or isinstance(move, str)) or not (on is None or isinstance(on, bool)):
        raise ProtocolError("bad-message", "a relayed command's move is text, on a bool")
    return Command(str(data["kind"]), move, check_id(data.get("id")), on)


def command_dict(cmd: Command) -> dict[str, Any]:
    """A client message as it travels to the owner (:func:`command_of` reads it).

    >>> command_of(command_dict(Command("move", "AH", 3)))
    Command(kind='move', move='AH', id=3, on=None)
    """
    return {"kind": cmd.kind, "move": cmd.move, "id": cmd.id, "on": cmd.on}


def moving() -> ProtocolError:
    """The refusal of a command while its table has no owner to run it."""
    return ProtocolError("not-stored", "the table is being taken over by another server; "
                         "try again in a moment")


def taken_over() -> ProtocolError:
    """The origin's answer to a command whose owner died before answering it (issue
    24.5): the dead owner may have stored it or not — the new owner's state shows which."""
    return ProtocolError("taken-over", "the server running this table stopped before "
                         "answering this message; the table goes on at another one, from "
                         "its last stored state: send it again if that state still asks "
                         "for it")


@dataclass(frozen=True)
class Forwarded:
    """A client's command an origin relayed to its table's owner (issue 24.5): the
    client's number at the origin, the table, the owner it went to, its ``id``."""

    conn: int
    table_id: str
    owner: str
    ack: int | None


class Unanswered:
    """An origin's relayed commands whose owner has not said yet that it answered them
    (a ``done`` envelope, sent after the answer), by the origin's number of each (issue
    24.5). An owner killed between a command and its answer — or before the command
    reached it: Redis drops what is published to a channel nobody listens to — leaves it
    here, and the origin answers it itself once it sees that owner dead.

    >>> u = Unanswered()
    >>> u.add(1, Forwarded(7, "t", "A", 3)); u.add(2, Forwarded(8, "t", "B", None))
    >>> u.answered(2); u.owners()
    {'A'}
    >>> u.take_sent_to({"A"})
    [Forwarded(conn=7, table_id='t', owner='A', ack=3)]
    >>> len(u)
    0
    """

    def __init__(self) -> None:
        self._items: dict[int, Forwarded] = {}

    def __len__(self) -> int:
        return len(self._items)

    def add(self, n: int, forwarded: Forwarded) -> None:
        """A command relayed as number ``n``."""
        self._items[n] = forwarded

    def answered(self, n: int) -> None:
        """The owner answered command ``n``."""
        self._items.pop(n, None)

    def owners(self) -> set[str]:
        """The processes that owe answers."""
        return {f.owner for f in self._items.values()}

    def take_sent_to(self, dead: set[str]) -> list[Forwarded]:
        """Forget and return the commands sent to any of ``dead`` (in the order sent)."""
        gone = [n for n, f in self._items.items() if f.owner in dead]
        return [self._items.pop(n) for n in gone]

    def forget_conn(self, conn: int) -> None:
        """The client left: nobody waits for its answers."""
        for n in [n for n, f in self._items.items() if f.conn == conn]:
            del self._items[n]


@dataclass(eq=False)  # a subscriber is itself (hashed by identity)
class Seat:
    """The owner's stand-in for a client connected to some process (its origin, client
    number ``conn`` there): what the table sends it goes there."""

    hub: RedisHub
    table_id: str
    origin: str
    conn: int
    seat: int | None
    lang: str

    def deliver(self, msg: Message) -> None:
        """Pass the message to the client (through Redis when it is elsewhere, as the
        text the client is sent: the origin passes it on without reading it). The
        :data:`DONE` marker goes to the origin as a ``done`` envelope, not to the client."""
        if msg.get("type") == DONE:
            if self.origin != self.hub.proc:
                self.hub.publish(self.origin, {"k": "done", "c": self.conn, "n": msg["n"]})
            return
        if self.origin == self.hub.proc:
            self.hub.deliver_local(self.conn, msg)
            return
        try:
            text = dumps(localize(msg, self.lang)).decode()
        except TypeError:  # unreachable while ids are bounded; never the others' loss
            log.exception("stolik hub: a message for client %d cannot be written", self.conn)
            return
        self.hub.publish(self.origin, {"k": "msg", "c": self.conn, "m": text})


@dataclass
class Link:
    """An origin's clients of one table, and the process they are subscribed at."""

    conns: set[int] = field(default_factory=set)
    owner: str | None = None
    ready: asyncio.Event = field(default_factory=asyncio.Event)
    """Set while the clients are subscribed at ``owner``."""
    resolving: asyncio.Task[None] | None = None


class Relay:
    """This process's channel: :meth:`publish` to others, ``dispatch`` what comes."""

    def __init__(self, proc: str, dispatch: Callable[[dict[str, Any]], None],
                 retry_s: float = 0.5) -> None:
        self.proc = proc
        self.dispatch = dispatch
        self.retry_s = retry_s
        self._outbox: asyncio.Queue[tuple[str, bytes]] | None = None
        self.listening = asyncio.Event()
        """Set while the channel is subscribed (Redis confirmed it)."""

    def publish(self, proc: str, payload: dict[str, Any]) -> None:
        """Queue an envelope to a process's channel (sent in order). One that orjson
        cannot write is logged and dropped alone (issue 24.4)."""
        if self._outbox is None:
            return
        try:
            data = dumps(payload)
        except TypeError:
            log.exception("stolik hub: an envelope cannot be written: %r", payload)
            return
        self._outbox.put_nowait((channel(proc), data))

    async def start(self, client: aioredis.Redis) -> list[asyncio.Task[None]]:
        """Subscribe (returns once Redis has confirmed: the process is live, see
        :data:`~stolik.web.play.redis_base.TAKE`) and start the publisher and the reader;
        their tasks, for the caller to cancel."""
        self._outbox = asyncio.Queue()
        self.listening = asyncio.Event()
        loop = asyncio.get_running_loop()
        tasks = [loop.create_task(self._publisher(client)),
                 loop.create_task(self._reader(client))]
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self.listening.wait(), SUBSCRIBE_S)
        if not self.listening.is_set():
            for task in tasks:
                task.cancel()
            raise redis.ConnectionError(f"Redis did not confirm the subscription to "
                                        f"{channel(self.proc)} in {SUBSCRIBE_S:g} s")
        return tasks

    async def _publisher(self, client: aioredis.Redis) -> None:
        """Send the queued envelopes, a batch at a time, on a connection of its own: the
        ``PUBLISH`` commands written at once, their replies (a count each) read as lines
        (redis-py's pipeline cost 1.7x the CPU of a PUBLISH, and its reading of a reply
        as much again)."""
        assert self._outbox is not None
        pool = client.connection_pool
        conn: AbstractConnection | None = None
        try:
            while True:
                items = [await self._outbox.get()]
                while not self._outbox.empty():
                    items.append(self._outbox.get_nowait())
                messages = batch(items)
                try:
                    if conn is None:
                        conn = await pool.get_connection()  # type: ignore[no-untyped-call]
                    reader, writer = _streams(conn)
                    writer.write(b"".join(publish_command(ch, data)
                                          for ch, data in messages))
                    await writer.drain()
                    for _ in messages:
                        line = await reader.readline()
                        if not line.endswith(b"\r\n"):
                            raise redis.ConnectionError("Redis closed the connection")
                        if line.startswith(b"-"):
                            log.error("stolik hub: Redis refused a PUBLISH: %r", line)
                except (redis.RedisError, OSError):
                    log.exception("stolik hub: %d messages not published", len(items))
                    if conn is not None:  # its replies are out of step: a new one
                        await _close(pool, conn)
                        conn = None
        finally:
            if conn is not None:  # stopped, maybe between a batch and its replies
                await _close(pool, conn)

    async def _reader(self, client: aioredis.Redis) -> None:
        """Subscribe and hand each envelope that comes to ``dispatch``; subscribe again
        on a new connection when the channel breaks."""
        pool = client.connection_pool
        while True:
            conn: AbstractConnection | None = None
            try:
                conn = await pool.get_connection()  # type: ignore[no-untyped-call]
                await conn.send_command("SUBSCRIBE", channel(self.proc))
                await self._listen(conn)
            except (redis.RedisError, OSError, ValueError):
                log.exception("stolik hub: the channel broke; subscribing again")
            finally:
                self.listening.clear()
                if conn is not None:
                    with contextlib.suppress(Exception):
                        await _close(pool, conn)
            await asyncio.sleep(self.retry_s)

    async def _listen(self, conn: AbstractConnection) -> None:
        reader, _ = _streams(conn)
        buf = bytearray()
        while True:
            data = await reader.read(READ_SIZE)
            if not data:
                raise redis.ConnectionError("Redis closed the subscribing connection")
            buf += data
            frames, used = pushes(buf)
            if used:
                del buf[:used]
            for push in frames:
                if len(push) == 3 and push[0] == b"message" \
                        and isinstance(push[2], bytes):
                    self._received(push[2])
                elif push and push[0] == b"subscribe":
                    self.listening.set()

    def _received(self, data: bytes) -> None:
        """Dispatch each envelope of a message on its own (issue 24.4): one that cannot be
        read, or whose dispatch fails, is logged; the others go on."""
        for line, m in unframe(data):
            if m is None:
                log.error("stolik hub: an envelope is no JSON object: %r", line[:200])
                continue
            try:
                self.dispatch(m)
            except Exception:
                log.exception("stolik hub: an envelope failed: %r", m)


def _streams(conn: AbstractConnection) -> tuple[asyncio.StreamReader, asyncio.StreamWriter]:
    """The socket of a connection redis-py opened (the URL's password, TLS, database
    are done), to read and write RESP on it ourselves."""
    reader = getattr(conn, "_reader", None)
    writer = getattr(conn, "_writer", None)
    if not isinstance(reader, asyncio.StreamReader) \
            or not isinstance(writer, asyncio.StreamWriter):
        raise redis.ConnectionError("a connection of redis-py without its streams")
    return reader, writer


async def _close(pool: Any, conn: AbstractConnection) -> None:
    await conn.disconnect()
    await pool.release(conn)
