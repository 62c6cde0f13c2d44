"""Betel bots, registered by name in a :class:`~stolik.bots.BotRegistry` (the game's
``bots`` part): ``random`` plays a legal move drawn uniformly from its own
:class:`~stolik.games.betel.view.SeatView` — and sees nothing else (BETEL §3, §4);
``heuristic`` bids by simple counts and plays by a club player's rules
(:mod:`stolik.games.betel.heuristic`); ``pimc`` and ``pimc-fast`` judge every decision by
its mean score over layouts drawn from their seat's knowledge, each solved exactly
(:mod:`stolik.games.betel.pimc`); ``expert`` also chooses every auction step by its
expected standing over sampled layouts, the rest of the auction rolled out
(:mod:`stolik.games.betel.expert`).

>>> import random
>>> from stolik.games.betel.ruleset import load_ruleset
>>> from stolik.games.betel.state import Deal
>>> d = Deal.random(load_ruleset(), 0, random.Random(1))
>>> bot = BOTS.create("random", seed=2)
>>> while not d.is_over:
...     d.move(bot.act(d.view(d.to_act or 0)))
>>> len(d.history), sum(d.pos.tricks)
(10, 10)
"""

from __future__ import annotations

import random
from collections.abc import Callable

from stolik.bots import Bot, BotRegistry
from stolik.games.betel.expert import LEVELS as EXPERT
from stolik.games.betel.expert import ExpertBot
from stolik.games.betel.heuristic import HeuristicBot
from stolik.games.betel.pimc import LEVELS, PimcBot
from stolik.games.betel.ruleset import Ruleset
from stolik.games.betel.state import Move
from stolik.games.betel.view import SeatView

BOTS: BotRegistry[SeatView, Move] = BotRegistry("Betel")
"""The Betel bots by name."""


@BOTS.register("random", "plays a uniformly random legal move")
class RandomBot:
    """Plays a uniformly random legal move (BETEL §3, §4)."""

    name = "random"

    def __init__(self, seed: int | None = None, ruleset: Ruleset | None = None) -> None:
        self.rng = random.Random(seed)  # ``ruleset``: the common option; it needs no rules

    def act(self, view: SeatView) -> Move:
        """A legal move for the seat whose view this is; ValueError if it has none."""
        if not view.legal:
            raise ValueError(f"seat {view.seat} has no move now (phase {view.phase})")
        return self.rng.choice(view.legal)

    choose = act


BOTS.register("heuristic", "bids what simple counts make, plays by a club player's rules")(
    HeuristicBot)


def _pimc(name: str) -> Callable[..., PimcBot]:
    layouts, bid_layouts = LEVELS[name]

    def make(seed: int | None = None, ruleset: Ruleset | None = None) -> PimcBot:
        return PimcBot(layouts, bid_layouts, seed=seed, ruleset=ruleset, name=name)

    return make


for _name, _what in (("pimc", "100 layouts a card, 16 a bid"),
                     ("pimc-fast", "20 layouts a card, 6 a bid")):
    BOTS.register(_name, f"solves layouts drawn from its seat's knowledge ({_what})")(
        _pimc(_name))  # type: ignore[arg-type]


BOTS.register("expert", "bids by solved layouts, the rest of the auction rolled out "
              f"({EXPERT['expert'][0]} layouts a step), plays as pimc")(ExpertBot)


def available_bots() -> list[str]:
    """The Betel bot kinds (the game registry's ``bots`` part).

    >>> available_bots()
    ['random', 'heuristic', 'pimc', 'pimc-fast', 'expert']
    """
    return BOTS.names()


def make_bot(name: str, seed: int | None = None, ruleset: object = None,
             **options: object) -> Bot[SeatView, Move]:
    """A bot by name, as the arena's factory asks for one: ``ruleset`` (a
    :class:`~stolik.games.betel.ruleset.Ruleset`) is the rules the bot keeps while its views
    name them, so that a club's file is read once, not at each decision; an unknown name is
    one line naming the bots.

    >>> make_bot("random", 1).name
    'random'
    >>> make_bot("pimc", 1).name, make_bot("pimc-fast", 1).layouts
    ('pimc', 20)
    >>> make_bot("pimc-best")
    Traceback (most recent call last):
    stolik.bots.UnknownBot: unknown bot 'pimc-best' for Betel: choose one of random, \
heuristic, pimc, pimc-fast, expert
    """
    if isinstance(ruleset, Ruleset):
        options["ruleset"] = ruleset
    return BOTS.create(name, seed=seed, **options)
