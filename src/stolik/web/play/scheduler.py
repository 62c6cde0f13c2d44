"""One task that lets the bots of every table move, a time slice at a time.

Tables with a bot to move wait in a queue ordered by when their move is due (the bot
delay); :class:`BotScheduler` makes due moves for at most ``slice_s`` seconds, then yields
to the event loop, so a person's message never waits behind more than one slice of bot
work however many tables are busy — the server answers people first and lets the bots
use what is left.

>>> import asyncio
>>> done = []
>>> def step(key: str) -> float | None:
...     done.append(key)
...     return 0.0 if done.count(key) < 2 else None
>>> async def main() -> None:
...     s = BotScheduler(step)
...     task = asyncio.create_task(s.run())
...     s.wake("a", 0.0); s.wake("b", 0.0); s.wake("a", 0.0)
...     for _ in range(10):
...         await asyncio.sleep(0)
...     s.stop(); await task
>>> from concurrent.futures import ThreadPoolExecutor
>>> with ThreadPoolExecutor(1) as pool:  # a thread, so an event loop of its own
...     pool.submit(asyncio.run, main()).result()
>>> done
['a', 'b', 'a', 'b']
"""

from __future__ import annotations

import asyncio
import contextlib
import heapq
import itertools
import logging
import time
from collections.abc import Callable

log = logging.getLogger(__name__)


class BotScheduler:
    """``step(key)`` makes one bot move at table ``key`` and returns the seconds until the
    next one there is due (None: no bot is to move there now)."""

    def __init__(self, step: Callable[[str], float | None], slice_s: float = 0.0005,
                 sweep: Callable[[], None] | None = None, sweep_s: float = 1.0) -> None:
        self.step = step
        self.slice_s = slice_s
        self.sweep = sweep
        """Called once every ``sweep_s`` seconds, busy or idle: the owner re-queues any
        table whose bot is due but was never woken (a lost wake-up then costs a second,
        not a table stalled for ever)."""
        self.sweep_s = sweep_s
        self._swept = time.monotonic()
        self._heap: list[tuple[float, int, str]] = []
        self._queued: set[str] = set()
        self._count = itertools.count()
        self._wakeup = asyncio.Event()
        self._stopped = False

    def wake(self, key: str, delay: float) -> None:
        """Queue table ``key`` to move in ``delay`` seconds (no-op if it is queued)."""
        if key in self._queued:
            return
        self._queued.add(key)
        heapq.heappush(self._heap, (time.monotonic() + delay, next(self._count), key))
        self._wakeup.set()

    def stop(self) -> None:
        """End :meth:`run`."""
        self._stopped = True
        self._wakeup.set()

    async def run(self) -> None:
        """Make the due moves, a slice at a time, until stopped."""
        while not self._stopped:
            now = time.monotonic()
            if not self._heap or self._heap[0][0] > now:
                timeout = self._heap[0][0] - now if self._heap else None
                if self.sweep is not None:
                    timeout = self.sweep_s if timeout is None else min(timeout, self.sweep_s)
                self._wakeup.clear()
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(self._wakeup.wait(), timeout)
                self._sweep_if_due()
                continue
            end = now + self.slice_s
            while self._heap and self._heap[0][0] <= now and time.monotonic() < end:
                _, _, key = heapq.heappop(self._heap)
                self._queued.discard(key)
                try:
                    delay = self.step(key)
                except Exception:
                    log.exception("table %s: a bot move failed", key)
                    delay = None
                if delay is not None:
                    self.wake(key, delay)
            self._sweep_if_due()
            await asyncio.sleep(0)

    def queued(self, key: str) -> bool:
        """Whether table ``key`` waits in the queue."""
        return key in self._queued

    def _sweep_if_due(self) -> None:
        if self.sweep is None or time.monotonic() - self._swept < self.sweep_s:
            return
        self._swept = time.monotonic()
        try:
            self.sweep()
        except Exception:
            log.exception("the bot scheduler's sweep failed")
