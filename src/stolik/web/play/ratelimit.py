"""A token bucket: at most ``burst`` messages at once, refilled at ``rate`` per second.

>>> b = TokenBucket(rate=1.0, burst=2, now=0.0)
>>> b.take(0.0), b.take(0.0), b.take(0.0)
(True, True, False)
>>> b.take(1.0)
True
"""

from __future__ import annotations

import time


class TokenBucket:
    """A per-connection rate limit."""

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
