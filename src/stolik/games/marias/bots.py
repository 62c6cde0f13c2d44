"""Mariáš bots. Only ``random`` for now (issue 10 leaves the stronger bots to the next one):
it sees nothing but its own :class:`~stolik.games.marias.view.SeatView` and plays a legal
move drawn uniformly.

>>> import random
>>> from stolik.games.marias.ruleset import load_ruleset
>>> from stolik.games.marias.state import Deal
>>> d = Deal.random(load_ruleset(), 0, random.Random(1))
>>> bot = RandomBot(random.Random(2))
>>> while not d.is_over:
...     d.move(bot.choose(d.view(d.to_act or 0)))
>>> sum(d.result().payouts)
0
"""

from __future__ import annotations

import random

from stolik.games.marias.state import Move
from stolik.games.marias.view import SeatView

BOTS = ("random",)
"""The Mariáš bots by name."""


class RandomBot:
    """Plays a uniformly random legal move (MARIAS §3, §4)."""

    name = "random"

    def __init__(self, rng: random.Random | None = None) -> None:
        self.rng = rng or random.Random()

    def choose(self, view: SeatView) -> Move:
        """A legal move for the seat whose view this is; ValueError if it has none."""
        if not view.legal:
            raise ValueError(f"seat {view.seat} has no move now (phase {view.phase})")
        return self.rng.choice(view.legal)


def make_bot(name: str, seed: int | None = None) -> RandomBot:
    """A bot by name.

    >>> make_bot("random", 1).name
    'random'
    """
    if name != "random":
        raise ValueError(f"unknown Mariáš bot {name!r}: bots are {', '.join(BOTS)}")
    return RandomBot(random.Random(seed))
