"""The play limits of several ``stolik serve --hub`` processes (issue 13): the rate limits
of :mod:`stolik.web.play.ratelimit` kept in Redis, so that a client reaching three
processes gets one allowance, not three.

Each token bucket — a client address's new tables a minute, its new connections a
second — is a Redis hash ``stolik:rate:KIND:DIGEST`` (``tokens``, ``stamp``) that one Lua
script refills and spends atomically, on Redis's own clock (machines whose clocks differ
count alike), with :class:`~stolik.web.play.ratelimit.TokenBucket`'s arithmetic. A bucket
lapses once it would be full again (a missing bucket is a full one): a flood of
addresses costs Redis a bounded amount.

When Redis does not answer, :meth:`RedisBuckets.take` says so (None) and the guard counts
in the process alone — the limits degrade to one process's, never to none; logged once,
and Redis is asked again ``retry_s`` later, not at every request (a hung server would
otherwise cost each request the socket's timeout on the event loop).
"""

from __future__ import annotations

import hashlib
import logging
import math
import time

import redis

from stolik.web.play.redis_base import PREFIX, check_url

log = logging.getLogger(__name__)

BUCKET = """
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local rate = tonumber(ARGV[1]) / 1000
local burst = tonumber(ARGV[2])
local got = redis.call('HMGET', KEYS[1], 'tokens', 'stamp')
local tokens = tonumber(got[1]) or burst
local stamp = tonumber(got[2]) or now
tokens = math.min(burst, tokens + math.max(0, now - stamp) * rate)
local ok = 0
if tokens >= 1 then
  tokens = tokens - 1
  ok = 1
end
redis.call('HSET', KEYS[1], 'tokens', string.format('%.6f', tokens), 'stamp', now)
redis.call('PEXPIRE', KEYS[1], math.ceil((burst - tokens) / rate) + 1000)
return ok
"""
"""KEYS: the bucket; ARGV: its rate (tokens a second) and burst. 1: a token spent, 0: none
left."""


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


class RedisBuckets:
    """The token buckets every process of the site shares (``url``: the ``--hub``)."""

    def __init__(self, url: str, *, timeout: float = 1.0, retry_s: float = 5.0) -> None:
        check_url(url)
        self.redis = redis.Redis.from_url(url, socket_timeout=timeout,
                                          socket_connect_timeout=timeout)
        self._bucket = self.redis.register_script(BUCKET)
        self.retry_s = retry_s
        self._down_until: float | None = None
        """While Redis is taken for gone (monotonic time of the next try); None: up."""

    def take(self, kind: str, client: str, rate: float, burst: int) -> bool | None:
        """Spend a token of ``client``'s ``kind`` bucket (True), or refuse (False) — over
        the whole site; None: Redis does not answer (count in this process)."""
        now = time.monotonic()
        if self._down_until is not None and now < self._down_until:
            return None
        try:
            ok = self._bucket(keys=[bucket_key(kind, client)], args=[repr(float(rate)),
                                                                      int(burst)])
        except (redis.RedisError, OSError):
            if self._down_until is None:
                log.warning("play limits: Redis does not answer; each process counts "
                            "alone until it does", exc_info=True)
            self._down_until = now + self.retry_s
            return None
        if self._down_until is not None:
            log.warning("play limits: Redis answers again; counted across the site")
            self._down_until = None
        return bool(ok)

    @staticmethod
    def lifetime_ms(rate: float, burst: int) -> int:
        """How long an untouched bucket may live at most: until it is full again from
        empty, and a second (what the script gives it).

        >>> RedisBuckets.lifetime_ms(0.1, 6)
        61000
        """
        return math.ceil(burst / rate * 1000) + 1000

    def close(self) -> None:
        """Close the connections."""
        self.redis.close()
