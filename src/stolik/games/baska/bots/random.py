"""The ``random`` bot: a uniformly random legal call or card (seeded).

It is the baseline every other bot is measured against, and the bot ``stolik simulate``
plays with (there through a faster kernel).

>>> import random as _random
>>> from stolik.games.baska.ruleset import load_ruleset
>>> from stolik.games.baska.state import Deal
>>> deal = Deal.random(load_ruleset("pucka-2019"), 0, _random.Random(3))
>>> bot = RandomBot(seed=1)
>>> view = deal.view(deal.to_act)
>>> bot.act(view) in view.legal_calls
True
>>> bot.explain(view)
'a random legal call, 1 of 6'
"""

from __future__ import annotations

import random

from stolik.games.baska.bots.base import BOTS, Move, check_turn
from stolik.games.baska.ruleset import Ruleset
from stolik.games.baska.state import SeatView


@BOTS.register("random", "picks uniformly among the legal calls and cards")
class RandomBot:
    """Uniform among ``view.legal_calls`` (auction) or ``view.legal_cards`` (play).
    ``ruleset`` is accepted for a uniform constructor and not needed."""

    name = "random"

    def __init__(self, *, seed: int | None = None, ruleset: Ruleset | None = None) -> None:
        self.rng = random.Random(seed)
        self.ruleset = ruleset

    def act(self, view: SeatView) -> Move:
        """A random legal move; :class:`~stolik.games.baska.bots.base.BotError` if the view's
        seat has none (not its turn)."""
        check_turn(view)
        if view.phase == "auction":
            return self.rng.choice(view.legal_calls)
        return self.rng.choice(view.legal_cards)

    def explain(self, view: SeatView) -> str:
        """Why it moves as it does: it does not think."""
        what = "call" if view.phase == "auction" else "card"
        n = len(view.legal_calls) if view.phase == "auction" else len(view.legal_cards)
        return f"a random legal {what}, 1 of {n}"


__all__ = ["RandomBot"]
