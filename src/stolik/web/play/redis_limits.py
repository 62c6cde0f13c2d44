"""The play limits of several ``stolik serve --hub`` processes (issue 13): the limits of
:mod:`stolik.web.play.ratelimit` counted over the site through Redis, so that a client
reaching three processes gets one allowance, not three.

Each token bucket — a client address's new tables a minute, its new connections a
second, its messages a second over all its connections — is a Redis hash
``stolik:rate:KIND:DIGEST`` (``tokens``, ``stamp``) that one Lua script refills and spends
atomically, on Redis's own clock (machines whose clocks differ count alike), with
:class:`~stolik.web.play.ratelimit.TokenBucket`'s arithmetic. A bucket lapses once it
would be full again (a missing bucket is a full one): a flood of addresses costs Redis a
bounded amount.

A new table or connection asks Redis (:meth:`RedisLimits.take`); a message does not — a
round trip to Redis on the event loop would cost many times what a refused message may.
Each process spends an address's messages from a bucket of its own, and twice a second
tells Redis how many each address sent (:meth:`RedisLimits.spend`, all addresses in one
script call): Redis's bucket spends them, into a debt when the processes together let
through more than it held, and each process's bucket is cut to what Redis's keeps. An
address flooding several processes gets the budget once, and at most one burst more
from each process (what its own bucket lets through before the count reaches it).

What is held at once — a client's open connections and tables in play, the server's
totals — each process writes into the hash ``stolik:held`` (its entry, when it changed)
and reads the others' twice a second (:meth:`RedisLimits.exchange`); a limit counts the
process's own exactly and the others' as last read (half a second old at most). A dead
process's entry (nobody on its pub/sub channel) is taken out by the next reader.

When Redis does not answer, :class:`RedisLimits` says so (None, or nothing held
elsewhere) and the guard counts in the process alone — the limits degrade to one
process's, never to none; logged once, and Redis is asked again ``retry_s`` later, not at
every request (a hung server would otherwise cost each request the socket's timeout on
the event loop).
"""

from __future__ import annotations

import contextlib
import functools
import hashlib
import logging
import math
import time
from collections.abc import Callable
from typing import TypeVar

import orjson
import redis

from stolik.web.play.held import Held
from stolik.web.play.redis_base import PREFIX, channel, check_url, dumps, text

T = TypeVar("T")

log = logging.getLogger(__name__)

HELD_KEY = PREFIX + "held"
"""A hash: process id -> what it holds (:class:`~stolik.web.play.held.Held`)."""
HELD_REFRESH_S = 30.0
"""A process writes its holdings again this long after the last write, changed or not
(should Redis have lost them)."""

_REFILL = """
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local rate = tonumber(ARGV[1]) / 1000
local burst = tonumber(ARGV[2])
local function refilled(key)
  local got = redis.call('HMGET', key, 'tokens', 'stamp')
  local tokens = tonumber(got[1]) or burst
  local stamp = tonumber(got[2]) or now
  return math.min(burst, tokens + math.max(0, now - stamp) * rate)
end
local function store(key, tokens)
  redis.call('HSET', key, 'tokens', string.format('%.6f', tokens), 'stamp', now)
  redis.call('PEXPIRE', key, math.ceil((burst - tokens) / rate) + 1000)
end
"""
"""A Lua prelude: a bucket's tokens now (``refilled``), and storing them (``store``)."""

BUCKET = _REFILL + """
local tokens = refilled(KEYS[1])
local ok = 0
if tokens >= 1 then
  tokens = tokens - 1
  ok = 1
end
store(KEYS[1], tokens)
return ok
"""
"""KEYS: the bucket; ARGV: its rate (tokens a second) and burst. 1: a token spent, 0: none
left."""

SPEND = _REFILL + """
local out = {}
for i, key in ipairs(KEYS) do
  local tokens = math.max(-burst, refilled(key) - tonumber(ARGV[i + 2]))
  store(key, tokens)
  out[i] = string.format('%.3f', tokens)
end
return out
"""
"""KEYS: buckets; ARGV: their rate and burst, then the tokens spent of each (whatever is
left: a debt, down to ``-burst``). The tokens each keeps, as text."""
SPEND_KEYS = 500
"""The most buckets one :data:`SPEND` call counts (more: several calls)."""


def bucket_key(kind: str, client: str) -> str:
    """A bucket's key (the address hashed: whatever a proxy forwards is text).

    >>> bucket_key("connect", "10.0.0.1") == bucket_key("connect", "10.0.0.1")
    True
    >>> bucket_key("connect", "10.0.0.1") != bucket_key("table", "10.0.0.1")
    True
    >>> bucket_key("table", "::1").startswith("stolik:rate:table:")
    True
    """
    digest = hashlib.sha256(client.encode("utf-8", "surrogatepass")).hexdigest()
    return f"{PREFIX}rate:{kind}:{digest[:32]}"


class RedisLimits:
    """The token buckets and the counts every process of the site shares (``url``: the
    ``--hub``; ``proc``: this process's id, whose channel tells that it lives)."""

    def __init__(self, url: str, proc: str, *, timeout: float = 1.0,
                 retry_s: float = 5.0) -> None:
        check_url(url)
        self.redis = redis.Redis.from_url(url, socket_timeout=timeout,
                                          socket_connect_timeout=timeout)
        self.proc = proc
        self._bucket = self.redis.register_script(BUCKET)
        self._spend = self.redis.register_script(SPEND)
        self.retry_s = retry_s
        self._down_until: float | None = None
        """While Redis is taken for gone (monotonic time of the next try); None: up."""
        self._written: tuple[bytes, float] | None = None
        """Our holdings as last written, and when (monotonic)."""

    def _ask(self, call: Callable[[], T]) -> T | None:
        """``call()``'s answer; None when Redis does not answer (said once, asked again
        ``retry_s`` later)."""
        now = time.monotonic()
        if self._down_until is not None and now < self._down_until:
            return None
        try:
            answer = call()
        except (redis.RedisError, OSError):
            if self._down_until is None:
                log.warning("play limits: Redis does not answer; each process counts "
                            "alone until it does", exc_info=True)
            self._down_until = now + self.retry_s
            return None
        if self._down_until is not None:
            log.warning("play limits: Redis answers again; counted across the site")
            self._down_until = None
        return answer

    def take(self, kind: str, client: str, rate: float, burst: int) -> bool | None:
        """Spend a token of ``client``'s ``kind`` bucket (True), or refuse (False) — over
        the whole site; None: Redis does not answer (count in this process)."""
        ok = self._ask(lambda: self._bucket(keys=[bucket_key(kind, client)],
                                            args=[repr(float(rate)), int(burst)]))
        return None if ok is None else bool(ok)

    def spend(self, kind: str, spent: dict[str, int], rate: float,
              burst: int) -> dict[str, float] | None:
        """Count the tokens each client spent of its ``kind`` bucket in this process (its
        messages, let through at once without asking) over the site: the tokens each
        bucket keeps (less than none: the site's processes together let through more
        than it holds); None: Redis does not answer (each process counts alone).
        Blocking: called in a worker thread."""
        clients, left = list(spent), {}
        for at in range(0, len(clients), SPEND_KEYS):
            part = {c: spent[c] for c in clients[at:at + SPEND_KEYS]}
            got = self._ask(functools.partial(self._spend_part, kind, part, rate, burst))
            if got is None:
                return None
            left.update(got)
        return left

    def _spend_part(self, kind: str, spent: dict[str, int], rate: float,
                    burst: int) -> dict[str, float]:
        got = self._spend(keys=[bucket_key(kind, c) for c in spent],
                          args=[repr(float(rate)), int(burst), *spent.values()])
        return {c: float(v) for c, v in zip(spent, got, strict=True)}

    def exchange(self, held: Held) -> Held:
        """Write what this process holds (when it changed, or ``HELD_REFRESH_S`` after
        the last write) and read what the other live processes hold, summed; the entries
        of dead ones (nobody on their channel) are taken out. Nothing (``Held()``) when
        Redis does not answer. Blocking: called in a worker thread."""
        return self._ask(lambda: self._exchange(held)) or Held()

    def _exchange(self, held: Held) -> Held:
        raw, now = dumps(held.to_json()), time.monotonic()
        if self._written is None or self._written[0] != raw \
                or now - self._written[1] >= HELD_REFRESH_S:
            self.redis.hset(HELD_KEY, self.proc, raw)
            self._written = (raw, now)
        everyone = self.redis.hgetall(HELD_KEY)
        others = {str(text(k)): v for k, v in everyone.items() if text(k) != self.proc}
        if not others:
            return Held()
        counts = self.redis.pubsub_numsub(*map(channel, others))
        dead = [p for p, (_, n) in zip(others, counts, strict=True) if not n]
        if dead:
            self.redis.hdel(HELD_KEY, *dead)
        return Held.total([Held.from_json(orjson.loads(v)) for p, v in others.items()
                           if p not in dead])

    def leave(self) -> None:
        """Take this process's holdings out (a stop)."""
        with contextlib.suppress(redis.RedisError, OSError):
            self.redis.hdel(HELD_KEY, self.proc)
        self._written = None

    @staticmethod
    def lifetime_ms(rate: float, burst: int) -> int:
        """How long an untouched bucket may live at most: until it is full again from
        empty, and a second (what the script gives it).

        >>> RedisLimits.lifetime_ms(0.1, 6)
        61000
        """
        return math.ceil(burst / rate * 1000) + 1000

    def close(self) -> None:
        """Close the connections."""
        self.redis.close()
