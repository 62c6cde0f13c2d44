"""Limits of browser play against abuse (issue 14): what one client address and the whole
server may hold, how fast, and when an idle table is closed.

- :class:`TokenBucket` — at most ``burst`` at once, refilled at ``rate`` per second (a
  connection's messages, a client's messages over all its connections, its new tables and
  connections, a connection's hints).
- :class:`MessageLimit` — a connection's messages: past the limit — its own, or its client
  address's over all the address's connections — refused cheaply, at most one answer a
  second, closed (1008) after a burst of them (issue 24.2).
- :class:`PlayLimits` — the numbers (``stolik serve`` options and ``STOLIK_…`` variables;
  0 means no limit).
- :class:`PlayGuard` — keeps the counts and answers each request: a refusal is one line
  (HTTP 429, or an ``error`` event and close code 1013 on a WebSocket). It also closes
  idle tables: nobody connected for ``idle_minutes`` (a person's message, connection or
  leaving counts; bots' moves do not) — stored as ``expired`` with the deals played so far.
  On several processes (a RedisHub) the buckets and what is :class:`Held` count over the
  site (:mod:`stolik.web.play.redis_limits`; an address's message bucket is kept here and
  squared with Redis's twice a second, not asked at each message); a connection's own
  buckets and the ``hint_slots`` (this process's cores) stay the process's.

>>> b = TokenBucket(rate=1.0, burst=2, now=0.0)
>>> b.take(0.0), b.take(0.0), b.take(0.0)
(True, True, False)
>>> b.take(1.0)
True
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import enum
import logging
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from stolik.i18n import Msg
from stolik.web.play.held import Held
from stolik.web.play.protocol import Command, ProtocolError, error_event

if TYPE_CHECKING:
    from stolik.web.play.hub import LocalHub
    from stolik.web.play.redis_limits import RedisLimits
    from stolik.web.play.table import Subscriber

log = logging.getLogger(__name__)

SHARE_EVERY_S = 0.5
"""How often a process of several tells the others what it holds (:class:`Held`)."""

THINKING = ("claim", "hint", "review")
"""Messages that make the server think (a search in a thread): limited per connection and
across the server."""


class TokenBucket:
    """A rate limit: ``burst`` at once, refilled at ``rate`` per second."""

    def __init__(self, rate: float = 20.0, burst: int = 40, now: float | None = None) -> None:
        self.rate = rate
        self.burst = burst
        self.tokens = float(burst)
        self.stamp = time.monotonic() if now is None else now

    def take(self, now: float | None = None) -> bool:
        """Spend a token if one is left (True), else refuse (False)."""
        now = time.monotonic() if now is None else now
        self.tokens = min(float(self.burst), self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens >= 1.0:
            self.tokens -= 1.0
            return True
        return False

    def full(self, now: float) -> bool:
        """Whether the bucket has refilled (it can be forgotten)."""
        return self.tokens + (now - self.stamp) * self.rate >= self.burst

    def cap(self, tokens: float, now: float) -> None:
        """Hold at most ``tokens`` (fewer than none: a debt, paid back by the refill) —
        what a count shared with other processes leaves.

        >>> b = TokenBucket(rate=1.0, burst=4, now=0.0)
        >>> b.cap(-1.5, 0.0); b.take(2.0), b.take(2.0), b.take(3.0)
        (False, False, True)
        """
        self.tokens = min(float(self.burst), self.tokens + (now - self.stamp) * self.rate,
                          tokens)
        self.stamp = now


PRUNE_AT = 1024
"""A kind's buckets are kept up to this many, or twice as many as at the last pruning,
before the full ones (of clients gone quiet) are forgotten."""
REFUSALS_BEFORE_CLOSE = 20
"""Messages past its limit a connection may send (one more each second) before it is
closed with 1008, policy violation (issue 24.2)."""
REFUSAL_EVERY_S = 1.0
"""At most one ``rate-limited`` answer this often per connection (issue 24.2): the others
are dropped unanswered."""
MAX_FRAME = 16 * 1024
"""The largest WebSocket message the server reads, in bytes (uvicorn's ``ws_max_size``
under ``stolik serve``; a bigger one closes the connection with 1009): a message is at most
:data:`~stolik.web.play.protocol.MAX_MESSAGE` characters of up to 4 bytes (issue 24.2)."""
WS_PROTOCOL = "stolik.web.play.wsflood:FloodClosingProtocol"
"""uvicorn's WebSocket protocol under ``stolik serve`` (its ``ws``; named, so that this
module imports no uvicorn): a connection closed for flooding is read no more (issue 24.2,
:mod:`stolik.web.play.wsflood`)."""


class Admit(enum.Enum):
    """What becomes of a client message (:meth:`MessageLimit.admit`)."""

    PASS = "pass"
    """Within the limit: read and handled."""
    REFUSE = "refuse"
    """Past it: answered ``rate-limited``, nothing else."""
    DROP = "drop"
    """Past it, a refusal answered less than :data:`REFUSAL_EVERY_S` ago: dropped unread."""
    CLOSE = "close"
    """Past it :data:`REFUSALS_BEFORE_CLOSE` times: the connection is closed (1008)."""


class MessageLimit:
    """A connection's limit on its messages (issue 24.2): ``rate`` a second, ``burst`` at
    once — and, when given, its client address's budget over all the address's
    connections (``shared``: spends one of the address's tokens, False when none is
    left; asked only for a message within the connection's own limit). A message past
    either costs the server next to nothing: it is not parsed, at most one a second
    (``reply_every``) is answered, and after ``refusals`` of them (regained one a second)
    the connection is closed — a flood ends in a burst, not in a reply to each message.
    A connection of an address that floods through many connections is closed alike; one
    sending a message now and then is only refused while the address is over its budget.

    >>> lim = MessageLimit(rate=1.0, burst=2, refusals=3, now=0.0)
    >>> [lim.admit(0.0).value for _ in range(6)]
    ['pass', 'pass', 'refuse', 'drop', 'drop', 'close']
    >>> lim = MessageLimit(rate=1.0, burst=1, refusals=3, now=0.0)
    >>> [lim.admit(t).value for t in (0.0, 0.1, 0.2, 1.5, 1.6, 3.0)]
    ['pass', 'refuse', 'drop', 'pass', 'refuse', 'pass']
    >>> address = TokenBucket(rate=0.001, burst=2, now=0.0)  # shared by two connections
    >>> a, b = (MessageLimit(rate=1.0, burst=5, refusals=2, now=0.0,
    ...                      shared=lambda: address.take(0.0)) for _ in "ab")
    >>> [a.admit(0.0).value, b.admit(0.0).value, b.admit(0.0).value, a.admit(0.0).value]
    ['pass', 'pass', 'refuse', 'refuse']
    """

    def __init__(self, rate: float = 20.0, burst: int = 40, *,
                 refusals: int = REFUSALS_BEFORE_CLOSE, reply_every: float = REFUSAL_EVERY_S,
                 now: float | None = None, shared: Callable[[], bool] | None = None) -> None:
        now = time.monotonic() if now is None else now
        self.messages = TokenBucket(rate, burst, now)
        self.shared = shared
        """The client address's budget (None: none)."""
        self.refusals = TokenBucket(1.0, refusals, now)
        self.reply_every = reply_every
        self.replied = -float("inf")
        """When the last refusal was answered."""

    def admit(self, now: float | None = None) -> Admit:
        """Take one message: what becomes of it."""
        now = time.monotonic() if now is None else now
        if self.messages.take(now) and (self.shared is None or self.shared()):
            return Admit.PASS
        if not self.refusals.take(now):
            return Admit.CLOSE
        if now - self.replied < self.reply_every:
            return Admit.DROP
        self.replied = now
        return Admit.REFUSE


@dataclass(frozen=True)
class PlayLimits:
    """Limits of browser play (0: none). Per client address and per server:

    - tables in play created by one client / on the server, and of those the tables of
      bots only (they play on by themselves, so they cost the most);
    - new tables per minute from one client (``table_burst`` at once);
    - open WebSocket connections of one client / of the server, and new connections per
      second from one client (``connect_burst`` at once: spectators coming and going);
    - ``messages_per_client``: messages a second from one client over all its
      connections (``message_burst`` at once), beside each connection's own 20 (40 at
      once): without it an address's 100 connections could send 2,000 a second. A
      browser sends a message only on a click (a move, next, a hint) and a spectator
      none, so a family behind one NAT — several tabs, a player each, and spectators —
      sends a few a second at most, and a classroom of 30 clicking once a second half
      the budget: 60 a second, 120 at once, is never met by people, and holds a flood
      through many connections to three connections' worth. Past it a message is
      refused like one past the connection's own limit (and a connection that goes on
      sending is closed, 1008, and its address penalized: ``flood_penalty_s``);
    - hints, reviews and claims, and switching the table's hints on or off: ``hint_rate`` per
      second per connection (``hint_burst`` at once),
      ``hint_slots`` thinking at once on the server (more are told the server is busy);
    - ``idle_minutes``: a table nobody has been connected to that long is closed;
    - ``flood_penalty_s``: a client whose connection was closed for flooding (1008, issue
      24.2) opens no new one for that long — refused before the WebSocket handshake, so
      flooders that reconnect at once cost the server next to nothing.
    """

    tables_per_client: int = 8
    max_tables: int = 1000
    bot_tables_per_client: int = 2
    max_bot_tables: int = 16
    tables_per_minute: float = 6.0
    table_burst: int = 8
    connections_per_client: int = 100
    max_connections: int = 5000
    connect_rate: float = 2.0
    connect_burst: int = 60
    messages_per_client: float = 60.0
    message_burst: int = 120
    hint_rate: float = 0.5
    hint_burst: int = 3
    hint_slots: int = 1
    idle_minutes: float = 30.0
    flood_penalty_s: float = 10.0

    @classmethod
    def unlimited(cls) -> PlayLimits:
        """No limits at all (tests and load benchmarks from one address)."""
        return cls(**{f.name: 0 for f in dataclasses.fields(cls)})


def _over(count: int, limit: int) -> bool:
    return limit > 0 and count >= limit


class PlayGuard:
    """The counts behind :class:`PlayLimits` for one server (all on its event loop).

    >>> g = PlayGuard(PlayLimits(tables_per_client=1, connections_per_client=1))
    >>> g.table_refusal("1.2.3.4", bot_only=False) is None
    True
    >>> g.created("1.2.3.4", "t1", bot_only=False)
    >>> g.table_refusal("1.2.3.4", bot_only=False)
    'too many tables in play from your address (1): finish or leave one first'
    >>> g.connected("5.6.7.8", "t1"); g.connection_refusal("5.6.7.8")
    'too many connections from your address (1)'
    """

    def __init__(self, limits: PlayLimits | None = None, hub: LocalHub | None = None,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.limits = limits or PlayLimits()
        self.hub = hub
        self.clock = clock
        self._owner: dict[str, tuple[str, bool]] = {}  # table -> (client, bots only)
        self._buckets: dict[str, dict[str, TokenBucket]] = {
            "table": {}, "connect": {}, "message": {}}
        """This process's buckets by kind and client (all of them without Redis)."""
        self._spent: dict[str, int] = {}
        """Messages each client sent here since the site's count last heard (with Redis)."""
        self._prune_at: dict[str, int] = {}
        """How many buckets of a kind are held before the full ones are forgotten."""
        self._conns: dict[str, int] = {}
        self._penalty: dict[str, float] = {}  # client -> when it may connect again
        self._total = 0
        self._thinking = 0
        self._last: dict[str, float] = {}  # table -> a person's last sign of life
        self._sweeper: asyncio.Task[None] | None = None
        self.shared: RedisLimits | None = hub.shared_limits() if hub is not None else None
        """The counts the site's processes share (a RedisHub's); None: this process's."""
        self.others = Held()
        """What the site's other processes hold (as last read from Redis)."""
        self._sharer: asyncio.Task[None] | None = None

    def _take(self, kind: str, client: str, rate: float, burst: int) -> bool:
        """Spend a token of ``client``'s bucket of ``kind`` (``table`` or ``connect``;
        ``rate`` a second) — in Redis when the site shares them and Redis answers, else
        here."""
        if self.shared is not None:
            ok = self.shared.take(kind, client, rate, burst)
            if ok is not None:
                return ok
        now = self.clock()
        return self._bucket(kind, client, rate, burst, now).take(now)

    def _bucket(self, kind: str, client: str, rate: float, burst: int,
                now: float) -> TokenBucket:
        """``client``'s bucket of ``kind`` here (a new one: full). The buckets that
        have refilled are forgotten at the sweep, and — without one, or between two —
        whenever their number doubles: at most twice those of the clients sending."""
        buckets = self._buckets[kind]
        bucket = buckets.get(client)
        if bucket is None:
            if len(buckets) >= self._prune_at.get(kind, PRUNE_AT):
                self._forget_full(buckets, now)
                self._prune_at[kind] = max(PRUNE_AT, 2 * len(buckets))
            bucket = buckets[client] = TokenBucket(rate, burst, now)
        return bucket

    @staticmethod
    def _forget_full(buckets: dict[str, TokenBucket], now: float) -> None:
        for key in [k for k, b in buckets.items() if b.full(now)]:
            del buckets[key]

    # ------------------------------------------------------------ tables

    def _live(self, table_id: str) -> bool:
        if self.hub is None:
            return True
        table = self.hub.tables.get(table_id)
        return table is not None and not table.match.is_over()

    def table_refusal(self, client: str, *, bot_only: bool) -> str | None:
        """Why ``client`` may not create a table now (None: it may)."""
        lim = self.limits
        site = Held.total([self.held(), self.others])
        mine, bots = site.tables.get(client, (0, 0))
        live, live_bots = site.all_tables
        if _over(mine, lim.tables_per_client):
            return Msg("play-lim-tables", "too many tables in play from your address ({n}): "
                       "finish or leave one first", n=lim.tables_per_client)
        if bot_only and _over(bots, lim.bot_tables_per_client):
            return Msg("play-lim-bot-tables", "too many tables of bots only from your "
                       "address ({n})", n=lim.bot_tables_per_client)
        if _over(live, lim.max_tables):
            return Msg("play-lim-server-tables", "the server has {n} tables in play, its "
                       "most: try again later", n=live)
        if bot_only and _over(live_bots, lim.max_bot_tables):
            return Msg("play-lim-server-bots", "the server has as many tables of bots only "
                       "as it takes: try again later")
        if lim.tables_per_minute > 0 and lim.table_burst > 0 and not self._take(
                "table", client, lim.tables_per_minute / 60.0, lim.table_burst):
            return Msg("play-lim-rate", "new tables from your address: at most {n} a "
                       "minute — try again later", n=f"{lim.tables_per_minute:g}")
        return None

    def held(self) -> Held:
        """What this process holds now (its tables that ended are forgotten)."""
        for tid in [t for t in self._owner if not self._live(t)]:
            del self._owner[tid]
        tables: dict[str, tuple[int, int]] = {}
        for client, bot_only in self._owner.values():
            n, b = tables.get(client, (0, 0))
            tables[client] = (n + 1, b + bot_only)
        if self.hub is not None:
            live = [not t.human_seats() for t in self.hub.tables.values()
                    if not t.match.is_over()]
        else:
            live = [b for _, b in self._owner.values()]
        return Held(dict(self._conns), tables, self._total, (len(live), sum(live)))

    def created(self, client: str, table_id: str, *, bot_only: bool) -> None:
        """``client`` created ``table_id``."""
        self._owner[table_id] = (client, bot_only)
        self.touch(table_id)

    # ------------------------------------------------------------ connections

    def flooded(self, client: str) -> None:
        """A connection of ``client`` was closed for flooding: it may open none for
        :attr:`PlayLimits.flood_penalty_s` (issue 24.2).

        >>> now = [0.0]
        >>> g = PlayGuard(PlayLimits(flood_penalty_s=10), clock=lambda: now[0])
        >>> g.flooded("1.2.3.4"); g.penalized("1.2.3.4"), g.penalized("5.6.7.8")
        (True, False)
        >>> now[0] = 10.5; g.penalized("1.2.3.4")
        False
        """
        if self.limits.flood_penalty_s > 0:
            self._penalty[client] = self.clock() + self.limits.flood_penalty_s

    def penalized(self, client: str) -> bool:
        """Whether ``client`` flooded a table too recently to connect again."""
        until = self._penalty.get(client)
        if until is None:
            return False
        if self.clock() < until:
            return True
        del self._penalty[client]
        return False

    def connection_refusal(self, client: str) -> str | None:
        """Why ``client`` may not open another WebSocket now (None: it may)."""
        lim = self.limits
        there = self.others
        if _over(self._conns.get(client, 0) + there.conns.get(client, 0),
                 lim.connections_per_client):
            return Msg("play-lim-conns", "too many connections from your address ({n})",
                       n=lim.connections_per_client)
        if _over(self._total + there.all_conns, lim.max_connections):
            return Msg("play-lim-server-conns", "the server has as many connections as it "
                       "takes: try again later")
        if lim.connect_rate > 0 and lim.connect_burst > 0 and not self._take(
                "connect", client, lim.connect_rate, lim.connect_burst):
            return Msg("play-lim-connect-rate", "connecting too often from your "
                       "address: try again in a moment")
        return None

    def connected(self, client: str, table_id: str) -> None:
        """A WebSocket of ``client`` to ``table_id`` was opened."""
        self._conns[client] = self._conns.get(client, 0) + 1
        self._total += 1
        self.touch(table_id)

    def disconnected(self, client: str, table_id: str) -> None:
        """…and closed (the idle time of the table counts from now)."""
        n = self._conns.get(client, 0) - 1
        if n > 0:
            self._conns[client] = n
        else:
            self._conns.pop(client, None)
        self._total = max(0, self._total - 1)
        self.touch(table_id)

    # ------------------------------------------------------------ messages

    def message_budget(self, client: str) -> Callable[[], bool] | None:
        """``client``'s budget of messages over all its connections, for each
        connection's :class:`MessageLimit` (None: no limit)."""
        lim = self.limits
        if lim.messages_per_client <= 0 or lim.message_burst <= 0:
            return None
        return lambda: self.take_message(client)

    def take_message(self, client: str) -> bool:
        """Spend one of ``client``'s message tokens (False: none left) — in this
        process, at a message's cost; the site's count is squared with it twice a second
        (:meth:`settle_messages`).

        >>> g = PlayGuard(PlayLimits(messages_per_client=1.0, message_burst=2),
        ...               clock=lambda: 0.0)
        >>> [g.take_message("1.2.3.4") for _ in range(3)], g.take_message("5.6.7.8")
        ([True, True, False], True)
        """
        now = self.clock()
        if not self._message_bucket(client, now).take(now):
            return False
        if self.shared is not None:
            self._spent[client] = self._spent.get(client, 0) + 1
        return True

    def spent_messages(self) -> dict[str, int]:
        """The messages each client sent here since the last call (for the site's count)."""
        spent, self._spent = self._spent, {}
        return spent

    def settle_messages(self, left: dict[str, float]) -> None:
        """Square the clients' buckets with the site's count: ``left``, the tokens the
        site's bucket of each client kept once :meth:`spent_messages` was counted (less
        than none: what the site's processes let through together was past its budget),
        less what the client has sent here since.

        >>> now = [0.0]
        >>> g = PlayGuard(PlayLimits(messages_per_client=1.0, message_burst=4),
        ...               clock=lambda: now[0])
        >>> g.take_message("1.2.3.4"), g.settle_messages({"1.2.3.4": -2.0})
        (True, None)
        >>> now[0] = 2.5; g.take_message("1.2.3.4"), g.take_message("1.2.3.4")
        (False, False)
        >>> now[0] = 3.0; g.take_message("1.2.3.4")
        True
        """
        now = self.clock()
        for client, tokens in left.items():
            self._message_bucket(client, now).cap(tokens - self._spent.get(client, 0), now)

    def _message_bucket(self, client: str, now: float) -> TokenBucket:
        lim = self.limits
        return self._bucket("message", client, lim.messages_per_client, lim.message_burst,
                            now)

    def hint_bucket(self) -> TokenBucket | None:
        """A connection's own limit on its hints and reviews (None: no limit)."""
        lim = self.limits
        if lim.hint_rate <= 0 or lim.hint_burst <= 0:
            return None
        return TokenBucket(rate=lim.hint_rate, burst=lim.hint_burst)

    async def handle(self, table_id: str, sub: Subscriber, cmd: Command,
                     hints: TokenBucket | None) -> None:
        """Pass a client message to the hub — a hint, review or claim only within the
        connection's ``hints`` bucket and the server's ``hint_slots``; a switch of the
        table's hints on or off within the same bucket (it is stored and sent to all)."""
        assert self.hub is not None
        self.touch(table_id)
        if cmd.kind == "hints" and hints is not None and not hints.take():
            # Each switch is stored and told to everyone at the table: at the hints' pace,
            # not the messages', so nobody's screen fills with "hints on / off".
            sub.deliver(error_event(ProtocolError(
                "rate-limited", "too many changes of the hints: one every few seconds"),
                cmd.id))
            return
        if cmd.kind not in THINKING:
            await self.hub.handle(table_id, sub, cmd)
            return
        if hints is not None and not hints.take():
            sub.deliver(error_event(ProtocolError(
                "rate-limited", "too many hints: one every few seconds"), cmd.id))
            return
        if _over(self._thinking, self.limits.hint_slots):
            sub.deliver(error_event(ProtocolError(
                "busy", "the server is thinking for others: try again in a moment"), cmd.id))
            return
        self._thinking += 1
        try:
            await self.hub.handle(table_id, sub, cmd)
        finally:
            self._thinking -= 1

    # ------------------------------------------------------------ idle tables

    def touch(self, table_id: str) -> None:
        """A person did something at ``table_id`` (or came, or left)."""
        self._last[table_id] = self.clock()

    def idle_tables(self) -> list[str]:
        """Tables in play nobody has been connected to for ``idle_minutes``."""
        if self.hub is None or self.limits.idle_minutes <= 0:
            return []
        now = self.clock()
        limit = self.limits.idle_minutes * 60.0
        tables = self.hub.tables
        for tid in [t for t in self._last if t not in tables]:
            del self._last[tid]
        out = []
        for tid, table in tables.items():
            if table.subscribers:
                self._last[tid] = now
            elif now - self._last.setdefault(tid, now) >= limit:
                out.append(tid)
        return out

    def sweep(self) -> int:
        """Close the idle tables (and forget the refilled buckets); how many closed."""
        assert self.hub is not None
        closed = sum(self.hub.expire(tid) for tid in self.idle_tables())
        now = self.clock()
        for buckets in self._buckets.values():
            self._forget_full(buckets, now)
        return closed

    async def _sweep_forever(self) -> None:
        every = min(60.0, max(0.1, self.limits.idle_minutes * 60.0 / 4))
        while True:
            await asyncio.sleep(every)
            try:
                n = self.sweep()
                if n:
                    log.info("closed %d idle table(s)", n)
            except Exception:
                log.exception("closing idle tables failed")

    async def _share_forever(self) -> None:
        """Tell the site what this process holds and learn what the others do, and count
        the clients' messages over the site (twice a second; a burst between two
        exchanges is what the rate limits allow)."""
        assert self.shared is not None
        lim = self.limits
        while True:
            try:
                held = self.held()
                self.others = await asyncio.to_thread(self.shared.exchange, held)
                if spent := self.spent_messages():
                    left = await asyncio.to_thread(self.shared.spend, "message", spent,
                                                   lim.messages_per_client, lim.message_burst)
                    self.settle_messages(left or {})
            except Exception:
                log.exception("play limits: the counts were not shared")
            await asyncio.sleep(SHARE_EVERY_S)

    def start(self) -> None:
        """Start closing idle tables, and sharing the counts (on the running loop)."""
        loop = asyncio.get_running_loop()
        if self.hub is not None and self.limits.idle_minutes > 0 and self._sweeper is None:
            self._sweeper = loop.create_task(self._sweep_forever())
        if self.shared is not None and self._sharer is None:
            self._sharer = loop.create_task(self._share_forever())

    async def stop(self) -> None:
        """Stop closing idle tables and sharing the counts (ours taken out of Redis)."""
        for task in (self._sweeper, self._sharer):
            if task is not None:
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await task
        self._sweeper = None
        if self._sharer is not None:
            self._sharer = None
            assert self.shared is not None
            await asyncio.to_thread(self.shared.leave)


def client_of(scope_owner: object) -> str:
    """The client address of a request or WebSocket (uvicorn takes it from
    ``X-Forwarded-For`` only from a proxy it trusts: ``--forwarded-allow-ips``)."""
    client = getattr(scope_owner, "client", None)
    host = getattr(client, "host", None)
    return str(host) if host else "?"
