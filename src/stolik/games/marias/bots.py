"""Mariáš bots: ``random`` plays a legal move drawn uniformly; ``heuristic`` plays by a club
player's rules (:mod:`stolik.games.marias.heuristic`); ``pimc`` (100 layouts a card) and
``pimc-fast`` (20) solve layouts drawn from what their seat has seen and play the card worth
the most money (:mod:`stolik.games.marias.pimc`); ``expert`` also chooses its calls by the
expected money over sampled layouts (:mod:`stolik.games.marias.expert`). Each sees nothing
but its own :class:`~stolik.games.marias.view.SeatView`.

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

from stolik.games.marias.expert import LEVELS as EXPERT
from stolik.games.marias.expert import ExpertBot
from stolik.games.marias.heuristic import HeuristicBot
from stolik.games.marias.pimc import LEVELS, PimcBot
from stolik.games.marias.ruleset import Ruleset
from stolik.games.marias.state import Move
from stolik.games.marias.view import SeatView

BOTS = ("random", "heuristic", *LEVELS, *EXPERT)
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


def available_bots() -> list[str]:
    """The Mariáš bot kinds (the game registry's ``bots`` part).

    >>> available_bots()
    ['random', 'heuristic', 'pimc', 'pimc-fast', 'expert']
    """
    return list(BOTS)


def make_bot(name: str, seed: int | None = None,
             ruleset: object = None) -> RandomBot | HeuristicBot | PimcBot | ExpertBot:
    """A bot by name (``ruleset``: a club's own :class:`Ruleset` for the pimc bots, which
    replay the calls under it; the others read the rules from their views).

    >>> make_bot("random", 1).name, make_bot("heuristic").name, make_bot("pimc-fast").layouts
    ('random', 'heuristic', 20)
    """
    if name == "random":
        return RandomBot(random.Random(seed))
    if name == "heuristic":
        return HeuristicBot()
    if name in LEVELS:
        return PimcBot(LEVELS[name], seed, ruleset if isinstance(ruleset, Ruleset) else None,
                       name=name)
    if name in EXPERT:
        bidding, cards = EXPERT[name]
        return ExpertBot(bidding, cards, seed,
                         ruleset if isinstance(ruleset, Ruleset) else None, name=name)
    raise ValueError(f"unknown Mariáš bot {name!r}: bots are {', '.join(BOTS)}")
