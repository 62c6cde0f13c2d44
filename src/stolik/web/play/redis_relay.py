"""The messages between the processes of one site (issue 13,
:mod:`stolik.web.play.redis_hub`): each process listens on its own pub/sub channel
``stolik:proc:ID``; what one process tells another — a client's command for the table's
owner, the table's messages for the client's process — is a JSON envelope queued with
:meth:`Relay.publish` and sent in order on one connection.

Per message, the cost is Python's, not Redis's: redis-py's pub/sub reader parses a
message through several layers of coroutines (retry, time-outs, the RESP3 parser reading
a line at a time: 0.1 ms and more a message, the largest part of the relay's CPU in
``benchmarks/bench_web_play_redis.py``). So

- the publisher sends what is queued for one channel as **one** message, a JSON array of
  the envelopes in their order (a group commit settles many tables at once: their
  messages for one process go together), and
- the reader takes what the socket holds at once and splits it into messages itself
  (:func:`~stolik.web.play.redis_base.pushes`), on a connection redis-py opened (the
  URL's password, TLS or socket are redis-py's business).

The order of one process's envelopes to another is kept: one publishing connection, one
message a channel per batch, batches in order; Redis delivers a channel's messages in the
order published.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import orjson
import redis
import redis.asyncio as aioredis
from redis.asyncio.connection import AbstractConnection

from stolik.web.play.game import Message
from stolik.web.play.protocol import localize
from stolik.web.play.redis_base import channel, dumps, publish_command, pushes

if TYPE_CHECKING:
    from stolik.web.play.redis_hub import RedisHub

log = logging.getLogger(__name__)

READ_SIZE = 1 << 16
"""Bytes the reader asks the socket for at a time."""

SUBSCRIBE_S = 10.0
"""How long a start waits for Redis to confirm the subscription."""


def batch(items: list[tuple[str, bytes]]) -> list[tuple[str, bytes]]:
    """Queued envelopes (channel, JSON) as one message a channel, a JSON array keeping
    their order (channels in the order first seen).

    >>> batch([("a", b'{"x":1}'), ("b", b'{"y":2}'), ("a", b'{"x":3}')])
    [('a', b'[{"x":1},{"x":3}]'), ('b', b'[{"y":2}]')]
    """
    by_channel: dict[str, list[bytes]] = {}
    for ch, data in items:
        by_channel.setdefault(ch, []).append(data)
    return [(ch, b"[" + b",".join(parts) + b"]") for ch, parts in by_channel.items()]


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
        text the client is sent: the origin passes it on without reading it)."""
        if self.origin == self.hub.proc:
            self.hub.deliver_local(self.conn, msg)
        else:
            self.hub.publish(self.origin, {"k": "msg", "c": self.conn,
                                           "m": dumps(localize(msg, self.lang)).decode()})


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
        """Queue an envelope to a process's channel (sent in order)."""
        if self._outbox is not None:
            self._outbox.put_nowait((channel(proc), dumps(payload)))

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
            for frame in frames:
                if len(frame) == 3 and frame[0] == b"message" \
                        and isinstance(frame[2], bytes):
                    self._received(frame[2])
                elif frame and frame[0] == b"subscribe":
                    self.listening.set()

    def _received(self, data: bytes) -> None:
        try:
            envelopes = orjson.loads(data)
        except orjson.JSONDecodeError:
            log.exception("stolik hub: a message is no JSON: %r", data[:200])
            return
        for m in envelopes if isinstance(envelopes, list) else [envelopes]:
            try:
                self.dispatch(m)
            except Exception:
                log.exception("stolik hub: a message failed: %r", m)


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
