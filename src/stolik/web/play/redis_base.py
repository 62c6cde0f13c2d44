"""The Redis side of several ``stolik serve`` processes (issue 13,
:mod:`stolik.web.play.redis_hub`): the keys and channels, the lease scripts (atomic in
Redis: Lua), the messages' JSON, and the URL and server checks ``stolik serve`` makes
before it starts. Light: no web stack.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager, suppress
from typing import Any

import orjson
import redis
import redis.asyncio as aioredis

PREFIX = "stolik:"
LOBBY_KEY = PREFIX + "lobby"
"""A hash: table id -> its summary and ``o``, the process that wrote it (an entry counts
while that process holds the table's lease)."""
LOBBY_REFRESH_S = 30.0
"""Each process rewrites all its lobby entries this often (else only what changed):
should Redis have lost them, they come back."""

RENEW = """
local lost = {}
for i, key in ipairs(KEYS) do
  if redis.call('GET', key) == ARGV[1] then
    redis.call('PEXPIRE', key, ARGV[2])
  else
    lost[#lost + 1] = i
  end
end
return lost
"""
"""Renew the leases still ours; the (1-based) positions of those that are not."""

TAKE = """
local owner = redis.call('GET', KEYS[1])
if owner and owner ~= ARGV[1] then
  if redis.call('PUBSUB', 'NUMSUB', ARGV[3] .. owner)[2] > 0 then return owner end
end
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
return ARGV[1]
"""
"""Take a table's lease unless a live process holds it (one whose channel has a
subscriber: a killed process's connection is closed at once); the holder after it."""

UNLIST = """
local n = 0
for i, table in ipairs(ARGV) do
  if i > 1 then
    local raw = redis.call('HGET', KEYS[1], table)
    if raw and cjson.decode(raw)['o'] == ARGV[1] then
      n = n + redis.call('HDEL', KEYS[1], table)
    end
  end
end
return n
"""
"""Take tables out of the lobby (ARGV: the process, then the tables) where that process
wrote their entries — not where a new owner has written them since."""

RELEASE = """
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0
"""


POOL_SIZE = 48
"""Connections to Redis a process opens at most (the pub/sub reader and the publisher
hold one each); a command waits for a free one (up to ``POOL_WAIT_S``) instead of failing.
With redis-py's default pool a burst of clients of other processes' tables (900 at once
in ``benchmarks/bench_web_play_redis.py``) ran out of connections: look-ups and lease
renewals failed with ``MaxConnectionsError``, leases lapsed and tables bounced between
processes."""

POOL_WAIT_S = 10.0
"""How long a command waits for a free connection of the pool."""

LOOKUPS = 16
"""Owner look-ups (and take-overs) a process runs at once; the others wait their turn."""

LEASE_MS = 10_000
"""A table's lease. A killed process loses its tables at once (its channel has no
subscriber); the lease only bounds how long a process that is alive but stalled keeps
them. At 3 s, a saturated server (900 tables on 2 cores) missed renewals, its tables
moved to other live processes, whose take-over replays loaded them more: a cascade."""


def pool(url: str, size: int) -> aioredis.Redis:
    """A client whose commands wait for one of ``size`` connections."""
    return aioredis.Redis.from_pool(aioredis.BlockingConnectionPool.from_url(
        url, max_connections=size, timeout=POOL_WAIT_S))


def lease_key(table_id: str) -> str:
    """The Redis key of a table's lease.

    >>> lease_key("abc")
    'stolik:lease:abc'
    """
    return f"{PREFIX}lease:{table_id}"


def channel(proc: str) -> str:
    """A process's pub/sub channel (what its tables and clients are told)."""
    return f"{PREFIX}proc:{proc}"


def dumps(obj: Any) -> bytes:
    """An envelope's JSON bytes, written by orjson as every envelope is read (issue 24.4:
    one library both ways; ``json`` wrote what orjson could not read back alike — an int
    past 64 bits came back a float, or failed the whole batch). A value orjson cannot
    write is a TypeError (:class:`orjson.JSONEncodeError`): the message ``id`` that could
    bring one is bounded at the edge (:data:`~stolik.web.play.protocol.MAX_ID`).

    >>> dumps({"k": "msg", "m": {"ack": 2**53 - 1}, 1: None})
    b'{"k":"msg","m":{"ack":9007199254740991},"1":null}'
    >>> dumps({"ack": 10**30})
    Traceback (most recent call last):
    ...
    TypeError: Integer exceeds 64-bit range
    """
    return orjson.dumps(obj, option=orjson.OPT_NON_STR_KEYS)


def frame(envelopes: list[bytes]) -> bytes:
    r"""Envelopes (each one's JSON) as one pub/sub message: one a line. orjson writes no
    line break outside a string and escapes it inside one, so each line is one envelope,
    read on its own (:func:`unframe`).

    >>> frame([b'{"x":1}', b'{"y":"a\\nb"}'])
    b'{"x":1}\n{"y":"a\\nb"}'
    """
    return b"\n".join(envelopes)


def unframe(data: bytes) -> list[tuple[bytes, Any]]:
    r"""The envelopes of a pub/sub message, each decoded on its own (issue 24.4): a line
    that is no JSON object comes back with None, and the others are kept. A message of the
    earlier format (a JSON array of envelopes on one line) is read too.

    >>> [v for _, v in unframe(b'{"x":1}\n{"x":1e+30\n[3]\n{"x":4}')]
    [{'x': 1}, None, None, {'x': 4}]
    >>> [v for _, v in unframe(b'[{"x":1},{"x":2}]')]
    [{'x': 1}, {'x': 2}]
    """
    out: list[tuple[bytes, Any]] = []
    for line in data.split(b"\n"):
        try:
            value = orjson.loads(line)
        except orjson.JSONDecodeError:
            out.append((line, None))
            continue
        items = value if isinstance(value, list) else [value]
        out.extend((line, v if isinstance(v, dict) else None) for v in items)
    return out


def publish_command(channel: str, data: bytes) -> bytes:
    r"""A ``PUBLISH`` as sent to Redis (RESP).

    >>> publish_command("c", b"[1]")
    b'*3\r\n$7\r\nPUBLISH\r\n$1\r\nc\r\n$3\r\n[1]\r\n'
    """
    ch = channel.encode()
    return b"*3\r\n$7\r\nPUBLISH\r\n$%d\r\n%b\r\n$%d\r\n%b\r\n" % (
        len(ch), ch, len(data), data)


def pushes(buf: bytes | bytearray) -> tuple[list[list[bytes | int | None]], int]:
    r"""The complete RESP aggregates at the start of ``buf`` — pub/sub messages (``>``
    pushes in RESP3, ``*`` arrays in RESP2) of bulk strings, integers and simple
    strings — and the bytes they take; an incomplete one at the end waits for more
    (ValueError: not such a message).

    >>> msg = b">3\r\n$7\r\nmessage\r\n$1\r\nc\r\n$2\r\nhi\r\n"
    >>> pushes(msg + b"*3\r\n$9\r\nsubscribe\r\n$1\r\nc\r\n:1\r\n>3\r\n$7\r\nmes")
    ([[b'message', b'c', b'hi'], [b'subscribe', b'c', 1]], 62)
    >>> pushes(msg[:-1]), pushes(b"")
    (([], 0), ([], 0))
    >>> pushes(b"-ERR wrong\r\n")
    Traceback (most recent call last):
    ...
    ValueError: not a pub/sub message: b'-ERR wrong'
    """
    out: list[list[bytes | int | None]] = []
    pos, n = 0, len(buf)
    while pos < n:
        start = pos
        end = buf.find(b"\r\n", pos)
        if end < 0:
            break
        if buf[pos] not in b">*":
            raise ValueError(f"not a pub/sub message: {bytes(buf[pos:end])!r}")
        count = int(buf[pos + 1:end])
        pos = end + 2
        items: list[bytes | int | None] = []
        while len(items) < count:
            end = buf.find(b"\r\n", pos)
            if end < 0:
                break
            head = buf[pos]
            if head == 0x24:  # $: a bulk string
                size = int(buf[pos + 1:end])
                if size < 0:
                    items.append(None)
                    pos = end + 2
                    continue
                if end + 4 + size > n:
                    break
                items.append(bytes(buf[end + 2:end + 2 + size]))
                pos = end + 4 + size
            elif head == 0x3A:  # :
                items.append(int(buf[pos + 1:end]))
                pos = end + 2
            elif head == 0x2B:  # +
                items.append(bytes(buf[pos + 1:end]))
                pos = end + 2
            else:
                raise ValueError(f"not a pub/sub message: {bytes(buf[pos:end])!r}")
        if len(items) < count:
            return out, start
        out.append(items)
    return out, pos


class HubError(ValueError):
    """Redis cannot be used as the hub (a bad URL, no server)."""


def check_url(url: str) -> None:
    """Refuse, in one line, what is no Redis URL.

    >>> check_url("redis://127.0.0.1:6379/0")
    >>> check_url("http://x")
    Traceback (most recent call last):
    ...
    stolik.web.play.redis_base.HubError: --hub: a redis://HOST:PORT/N URL, not 'http://x'
    """
    if not url.startswith(("redis://", "rediss://", "unix://")):
        raise HubError(f"--hub: a redis://HOST:PORT/N URL, not {url!r}")


def ping(url: str, timeout: float = 5.0) -> None:
    """Check that the Redis server answers (HubError, in one line, if not)."""
    check_url(url)
    client = redis.Redis.from_url(url, socket_timeout=timeout,
                                  socket_connect_timeout=timeout)
    try:
        client.ping()
    except (redis.RedisError, OSError, ValueError) as e:
        raise HubError(f"--hub {url}: Redis does not answer ({e})") from None
    finally:
        client.close()


def text(value: bytes | str | None) -> str | None:
    """A Redis reply as text.

    >>> text(b"ab"), text(None)
    ('ab', None)
    """
    return value.decode() if isinstance(value, bytes) else value


@contextmanager
def one_at_a_time(url: str, name: str, timeout: float = 120.0) -> Iterator[None]:
    """Run the block in one process at a time across the site (a Redis lock
    ``stolik:lock:NAME``): several servers started at once over a fresh database would
    otherwise run its migrations side by side."""
    client = redis.Redis.from_url(url, socket_timeout=10, socket_connect_timeout=10)
    lock = client.lock(f"{PREFIX}lock:{name}", timeout=timeout, blocking_timeout=timeout)
    if not lock.acquire():
        client.close()
        raise HubError(f"--hub {url}: another process held {name!r} for {timeout:g} s")
    try:
        yield
    finally:
        with suppress(redis.RedisError):  # expired meanwhile: nothing to release
            lock.release()
        client.close()
