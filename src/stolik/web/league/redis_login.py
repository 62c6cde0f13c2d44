"""The referee login throttle of several ``stolik serve --hub`` processes (issue 13): the
failures :class:`~stolik.web.league.auth.LoginGuard` counts, kept in Redis, so that N
failed logins spread over three processes are throttled as N on one.

The rules are :class:`~stolik.web.league.auth.LoginLimits`' to the letter — failures per
client address and per (address, account) within ``window``, the account's backoff of 1,
2, 4 … ``backoff_cap`` seconds after ``account_free`` failures — with each key's failure
times a sorted set (``stolik:login:…``, scored by Redis's own clock in milliseconds, so
that machines whose clocks differ count alike). Reading the wait and counting a failure
are each one Lua script, atomic in Redis. A set keeps only the failures its rule can
still look at (an address's last ``per_address``, …) and lapses ``window`` after its last
one: a flood of names costs Redis a bounded amount.

When Redis does not answer, the process's own counts (the in-memory guard this class
extends, kept alongside) decide: the throttle degrades to one process's, never to none.
"""

from __future__ import annotations

import hashlib
import logging
import math
import secrets

import redis

from stolik.web.league.auth import LoginGuard, LoginLimits
from stolik.web.play.redis_base import PREFIX, check_url

log = logging.getLogger(__name__)

_NOW = """
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
"""

WAIT = _NOW + """
local function recent(key, span)
  redis.call('ZREMRANGEBYSCORE', key, '-inf', now - span)
  return redis.call('ZCARD', key)
end
local window = tonumber(ARGV[1])
local wait = 0
for i = 1, 2 do
  local limit = tonumber(ARGV[1 + i])
  local n = recent(KEYS[i], window)
  if n > 0 and n >= limit then
    local at = redis.call('ZRANGE', KEYS[i], n - limit, n - limit, 'WITHSCORES')[2]
    wait = math.max(wait, tonumber(at) + window - now)
  end
end
local cap = tonumber(ARGV[5])
local n = recent(KEYS[3], math.max(window, cap))
local free = tonumber(ARGV[4])
if ARGV[6] == '0' and n > 0 and n >= free then
  local last = redis.call('ZRANGE', KEYS[3], -1, -1, 'WITHSCORES')[2]
  wait = math.max(wait, tonumber(last) + math.min(1000 * 2 ^ (n - free), cap) - now)
end
return math.ceil(wait)
"""
"""KEYS: the address's, the (address, account)'s and the account's failures; ARGV: the
window (ms), per_address, per_account_address, account_free, the backoff cap (ms), known
(1/0). The milliseconds to wait (0: now)."""

FAILED = _NOW + """
for i = 1, 3 do
  redis.call('ZADD', KEYS[i], now, ARGV[1])
  redis.call('ZREMRANGEBYRANK', KEYS[i], 0, -1 - tonumber(ARGV[4 + i]))
  redis.call('PEXPIRE', KEYS[i], ARGV[1 + i])
end
return now
"""
"""KEYS as :data:`WAIT`; ARGV: a fresh member, each key's lifetime (ms) and how many of
its failures to keep."""


def _key(kind: str, *parts: str) -> str:
    """A throttle key; names and addresses are hashed (any text may be posted as a name).

    >>> _key("addr", "10.0.0.1") == _key("addr", "10.0.0.1") != _key("addr", "10.0.0.2")
    True
    >>> _key("addr", "10.0.0.1").startswith("stolik:login:addr:")
    True
    """
    digest = hashlib.sha256("\n".join(parts).encode("utf-8", "surrogatepass")).hexdigest()
    return f"{PREFIX}login:{kind}:{digest[:32]}"


def kept_failures(limits: LoginLimits) -> tuple[int, int, int]:
    """How many failures each key must keep for its rule: an address's and a pair's last
    ``limit`` (the oldest of those says when the window frees), an account's up to where
    its backoff reaches the cap (more change nothing).

    >>> kept_failures(LoginLimits())
    (20, 5, 11)
    """
    lim = limits
    cap_steps = math.ceil(math.log2(max(1.0, lim.backoff_cap))) + 1
    return (max(1, lim.per_address), max(1, lim.per_account_address),
            max(1, lim.account_free + cap_steps))


class RedisLoginGuard(LoginGuard):
    """A :class:`LoginGuard` whose counts every process of the site shares through Redis
    (``url``: ``redis://HOST:PORT/N``, the ``--hub``). ``now`` (the in-memory guard's
    test clock) moves only the local fallback; Redis keeps its own time."""

    def __init__(self, url: str, limits: LoginLimits | None = None) -> None:
        super().__init__(limits)
        check_url(url)
        self.redis = redis.Redis.from_url(url, socket_timeout=2, socket_connect_timeout=2)
        self._wait = self.redis.register_script(WAIT)
        self._failed = self.redis.register_script(FAILED)

    def _keys(self, address: str, name: str) -> list[str]:
        return [_key("addr", address), _key("pair", address, name), _key("account", name)]

    def wait(self, address: str, name: str, *, known: bool = False,
             now: float | None = None) -> float:
        """Seconds until ``address`` may try ``name`` (0: now), over the whole site."""
        lim = self.limits
        try:
            ms = self._wait(keys=self._keys(address, name), args=[
                int(lim.window * 1000), lim.per_address, lim.per_account_address,
                lim.account_free, int(lim.backoff_cap * 1000), int(known)])
        except (redis.RedisError, OSError):
            log.exception("login throttle: Redis does not answer; this process's counts")
            return super().wait(address, name, known=known, now=now)
        return max(0.0, int(ms) / 1000.0)

    def failed(self, address: str, name: str, now: float | None = None) -> None:
        """Count a failed login (here too: the fallback's counts)."""
        super().failed(address, name, now)
        lim = self.limits
        window = int(lim.window * 1000)
        try:
            self._failed(keys=self._keys(address, name), args=[
                secrets.token_hex(8), window, window,
                int(max(lim.window, lim.backoff_cap) * 1000), *kept_failures(lim)])
        except (redis.RedisError, OSError):
            log.exception("login throttle: a failure not counted in Redis")

    def succeeded(self, address: str, name: str) -> None:
        """A good login: the account's failures and this address's on it are forgotten
        on every process."""
        super().succeeded(address, name)
        keys = self._keys(address, name)
        try:
            self.redis.delete(keys[1], keys[2])
        except (redis.RedisError, OSError):
            log.exception("login throttle: a login's failures not forgotten in Redis")

