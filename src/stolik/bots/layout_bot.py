"""What every bot that decides over sampled layouts keeps, generic over games (issue 26):
its name, how many layouts a decision draws, a decision's budget (issue 27.4: ``nodes``
search nodes, a CPU cap of ``seconds``; :class:`~stolik.solver.budget.Budget`), its draws
from one seeded generator (the same seed, the same decisions), and what its last decision
weighed — for the tests, the hints and the notes' measurements. A game's ``pimc`` and
``expert`` bots subclass :class:`LayoutBot` and add their own parts.

>>> bot: LayoutBot[str] = LayoutBot("pimc", 100, seed=7, nodes=None, seconds=1.0)
>>> bot.decision_budget() is None, bot.last_values, bot.last_solved, bot.last_nodes
(True, {}, 0, 0)
>>> LayoutBot("x", 8, seed=7, nodes=500, seconds=1.0).decision_budget().left()
500
>>> bot.rng.random() == LayoutBot("y", 1, seed=7, nodes=0, seconds=0.0).rng.random()
True
"""

from __future__ import annotations

import random
from typing import Generic, TypeVar

from stolik.solver.budget import Budget

__all__ = ["LayoutBot", "position_seed"]

K = TypeVar("K")


def position_seed(label: str, *position: object) -> int:
    """A bot's seed keyed by ``label`` and a ``position`` (a terminal hint's: the series'
    seed, the deal's number, the moves made, the seat): the same position, the same seed,
    the same decision.

    >>> position_seed("hint", 5, 1, 0, 2) == position_seed("hint", 5, 1, 0, 2)
    True
    >>> position_seed("hint", 5, 1, 0, 2) == position_seed("hint", 5, 1, 1, 2)
    False
    """
    return random.Random(" ".join(map(str, (label, *position)))).getrandbits(64)


class LayoutBot(Generic[K]):
    """A bot that values its choices (``K``: a card, a call, a plan) over sampled layouts:
    ``layouts`` per decision, ``seed`` for its generator :attr:`rng`, ``nodes`` and
    ``seconds`` a decision's budget (``nodes=None``: none, every layout solved)."""

    def __init__(self, name: str, layouts: int, *, seed: int | None, nodes: int | None,
                 seconds: float) -> None:
        self.name = name
        self.layouts = layouts
        self.nodes = nodes
        self.seconds = seconds
        self.rng = random.Random(seed)
        self.last_values: dict[K, float] = {}
        """The mean value for the seat of each choice weighed at the last decision (over
        the layouts it was valued on)."""
        self.last_solved = 0
        """How many layouts the last decision valued every choice on (the rest were not
        needed, or beyond its budget)."""
        self.last_nodes = 0
        """Search nodes the last decision spent."""

    def decision_budget(self) -> Budget | None:
        """A fresh budget for one decision (``None`` where :attr:`nodes` is ``None``)."""
        return None if self.nodes is None else Budget(self.nodes, self.seconds)
