"""A bot decision's budget (issue 27.4): a count of search nodes, calibrated to the time
goal (≤ 1 s of CPU a decision at a web table, the median ≤ 100 ms), and a CPU-time safety
cap. The node count makes a decision repeatable under a fixed seed — the same layouts are
solved whatever the machine; the cap (CPU time of the deciding thread) only stops a decision
that the node count failed to bound, and is the one part that depends on the machine.

A pimc bot solves its layouts one by one while the budget lasts, the first always begun;
each solve gets what is left as its node limit (:data:`stolik.solver.trick32.ST_LIMIT`), and
a solve stopped by it is dropped — its layout does not count. The bot then decides on the
layouts solved; none solved, it plays its heuristic's move (:func:`within`).

>>> b = Budget(nodes=100, seconds=float("inf"))
>>> b.left(), b.over()
(100, False)
>>> b.spend(120); b.left(), b.over()
(0, True)
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, TypeVar

__all__ = ["Budget", "within"]

T = TypeVar("T")


@dataclass
class Budget:
    """What one decision may still spend: ``nodes`` search nodes in all, ``seconds`` of the
    thread's CPU time from its creation (``float("inf")``: no cap, fully repeatable)."""

    nodes: int
    seconds: float
    used: int = 0
    """Nodes spent so far."""
    started: float = field(default_factory=time.thread_time)

    def left(self) -> int:
        """Nodes still to spend (0 once the count or the time is spent)."""
        if self.used >= self.nodes or self.elapsed() >= self.seconds:
            return 0
        return self.nodes - self.used

    def over(self) -> bool:
        """Whether nothing is left."""
        return self.left() == 0

    def spend(self, nodes: int) -> None:
        """Count ``nodes`` more searched."""
        self.used += nodes

    def elapsed(self) -> float:
        """CPU seconds of this thread since the budget was made."""
        return time.thread_time() - self.started


def within(budget: Budget | None, stats: Any, solve: Callable[[], T]) -> T | None:
    """``solve()``, a search of the solver whose ``stats`` array it counts its nodes in
    (:data:`stolik.solver.trick32.ST_NODES`), given what is left of ``budget`` as its
    node limit (``ST_LIMIT``): the nodes it searched are spent, and its value is ``None``
    when nothing was left or the limit stopped it (``ST_STOPPED``: the value does not
    count). Without a budget, ``solve()`` as it is.

    >>> stats = [0, 0, 0]                 # ST_NODES, ST_LIMIT, ST_STOPPED
    >>> def solve() -> int:
    ...     stats[0] += 30
    ...     return 7
    >>> b = Budget(nodes=50, seconds=float("inf"))
    >>> within(b, stats, solve), stats[1], b.used
    (7, 50, 30)
    >>> within(b, stats, solve), stats[1], b.left()   # the limit: 30 + the 20 left
    (7, 50, 0)
    >>> within(b, stats, solve), within(None, stats, solve)
    (None, 7)
    """
    if budget is None:
        return solve()
    from stolik.solver.trick32_layout import ST_LIMIT, ST_NODES, ST_STOPPED

    left = budget.left()
    if left == 0:
        return None
    before = int(stats[ST_NODES])
    stats[ST_LIMIT] = before + left
    value = solve()
    budget.spend(int(stats[ST_NODES]) - before)
    return None if stats[ST_STOPPED] else value
