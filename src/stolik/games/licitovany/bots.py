"""Licitovaný bots, registered by name in a :class:`~stolik.bots.BotRegistry` (the game's
``bots`` part): ``random`` makes a legal move drawn uniformly from what its seat may do,
worked out from its own :class:`~stolik.games.licitovany.view.SeatView` alone
(:func:`~stolik.games.licitovany.knowledge.knowledge`, LICITOVANY §3, §4) — it sees nothing
else; ``heuristic`` bids by simple counts and plays by a club player's rules
(:mod:`~stolik.games.licitovany.heuristic`); ``pimc`` and ``pimc-fast`` play each card by
layouts drawn from the seat's knowledge, each solved exactly, and name the contract and the
fleky by solved layouts (:mod:`~stolik.games.licitovany.pimc`); ``expert`` chooses every
call of the bidding by solved layouts of the rest of it and plays as ``pimc``
(:mod:`~stolik.games.licitovany.expert`).

>>> import random
>>> from stolik.games.licitovany.ruleset import load_ruleset
>>> from stolik.games.licitovany.state import Deal
>>> rs = load_ruleset()
>>> d = Deal.random(rs, 2, random.Random(1))
>>> bots = [make_bot("random", seed=s, ruleset=rs) for s in range(3)]
>>> while not d.is_over:
...     d.move(bots[d.to_act or 0].act(d.view(d.to_act or 0)))
>>> d.phase, sum(d.money())
('done', 0)
"""

from __future__ import annotations

import random
from collections.abc import Callable

from stolik.bots import Bot, BotRegistry
from stolik.games.licitovany.calls import Move
from stolik.games.licitovany.expert import ExpertBot
from stolik.games.licitovany.heuristic import HeuristicBot
from stolik.games.licitovany.knowledge import knowledge
from stolik.games.licitovany.pimc import LEVELS, PimcBot
from stolik.games.licitovany.ruleset import Ruleset, load_ruleset
from stolik.games.licitovany.view import SeatView

BOTS: BotRegistry[SeatView, Move] = BotRegistry("licitovaný mariáš")
"""The licitovaný bots by name."""


@BOTS.register("random", "makes a uniformly random legal move")
class RandomBot:
    """Makes a uniformly random legal move (LICITOVANY §3, §4), worked out from its view
    under its ruleset (the shipped one unless given)."""

    name = "random"

    def __init__(self, seed: int | None = None, ruleset: Ruleset | None = None) -> None:
        self.rng = random.Random(seed)
        self.rs = ruleset if ruleset is not None else load_ruleset()

    def act(self, view: SeatView) -> Move:
        """A legal move for the seat whose view this is; ValueError if it has none."""
        legal = knowledge(view, self.rs).legal
        if not legal or view.to_act != view.seat:
            raise ValueError(f"seat {view.seat} has no move now (phase {view.phase})")
        return self.rng.choice(legal)

    choose = act


BOTS.register("heuristic", "bids by simple counts, plays by a club player's rules")(
    HeuristicBot)


def _pimc(name: str) -> Callable[..., PimcBot]:
    def make(seed: int | None = None, ruleset: Ruleset | None = None) -> PimcBot:
        return PimcBot(LEVELS[name], seed=seed, ruleset=ruleset, name=name)
    return make


for _name, _layouts in LEVELS.items():
    BOTS.register(_name, f"solves {_layouts} layouts drawn from its seat's knowledge a card")(
        _pimc(_name))  # type: ignore[arg-type]

BOTS.register("expert", "bids by solved layouts of the rest of the bidding, plays as pimc")(
    ExpertBot)


def available_bots() -> list[str]:
    """The licitovaný bot kinds (the game registry's ``bots`` part).

    >>> available_bots()
    ['random', 'heuristic', 'pimc', 'pimc-fast', 'expert']
    """
    return BOTS.names()


def make_bot(name: str, seed: int | None = None, ruleset: object = None,
             **options: object) -> Bot[SeatView, Move]:
    """A bot by name, as the arena's factory asks for one (``ruleset``: the
    :class:`~stolik.games.licitovany.ruleset.Ruleset` it plays by); an unknown name is one
    line naming the bots.

    >>> make_bot("nonesuch")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    stolik.bots.UnknownBot: unknown bot 'nonesuch' for licitovaný mariáš: choose one of random...
    """
    if isinstance(ruleset, Ruleset):
        options["ruleset"] = ruleset
    return BOTS.create(name, seed=seed, **options)


HINT_OPTIONS: dict[str, dict[str, object]] = {"expert": {"seconds": float("inf")}}
"""What a hint's bot is made with beyond a player's (:func:`hint_bot`): the expert without
its CPU cap, so its node budget alone ends a decision."""


def hint_bot(name: str, seed: int, ruleset: Ruleset) -> Bot[SeatView, Move]:
    """The bot that gives a hint (the terminal's and the web table's): ``name`` as
    :func:`make_bot` makes it, but stopped by counts of search nodes only, never by the
    clock, so the same view and seed give the same hint on any machine, however loaded,
    and whatever the process solved before (the expert's :data:`~stolik.games.licitovany.
    expert.NODES` a call, the pimc's :data:`~stolik.games.licitovany.pimc.BUDGET` a card:
    a bidding decision of 5 M nodes takes about 0.6 s of CPU).

    >>> rs = load_ruleset()
    >>> hint_bot("expert", 3, rs).seconds, make_bot("expert", 3, rs).seconds
    (inf, 0.9)
    """
    return make_bot(name, seed, ruleset, **HINT_OPTIONS.get(name, {}))
