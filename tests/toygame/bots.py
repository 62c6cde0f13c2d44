"""The toy game's bots, on the core's :class:`~stolik.bots.BotRegistry`: each sees only its
seat's :class:`~toygame.state.View`.

>>> available_bots(), make_bot("heuristic").act(View(0, 0, (0, 4), (0, 4), (), (), (2, 3, 3)))
(['random', 'heuristic'], 4)
"""

from __future__ import annotations

import random

from stolik.bots import Bot, BotRegistry
from toygame.state import View

BOTS: BotRegistry[View, int] = BotRegistry("Toy")


@BOTS.register("random", "a legal card at random")
class RandomBot:
    """A legal card at random (seeded)."""

    name = "random"

    def __init__(self, seed: int | None = None, **_: object) -> None:
        self.rng = random.Random(seed)

    def act(self, view: View) -> int:
        """A legal card at random."""
        return self.rng.choice(view.legal)


@BOTS.register("heuristic", "the highest legal card")
class HighBot:
    """The highest legal card: its rank, then its suit."""

    name = "heuristic"

    def __init__(self, **_: object) -> None:
        pass

    def act(self, view: View) -> int:
        """The highest legal card."""
        return max(view.legal, key=lambda c: (c % 3, c))


def available_bots() -> list[str]:
    """The bot kinds."""
    return BOTS.names()


def make_bot(kind: str, seed: int | None = None, ruleset: object = None,
             **options: object) -> Bot[View, int]:
    """A bot by kind (the arena's factory)."""
    return BOTS.create(kind, seed=seed, **options)
