"""Baśka bots, all behind one interface: ``random``, ``heuristic``, and the bots of
:data:`OPTIONAL` modules (``pimc``, ``expert``; ``ismcts`` with the ``openspiel`` extra)
once they are loaded.

A bot gets a :class:`~stolik.games.baska.state.SeatView` — what its seat may know — and
returns a move: a :class:`~stolik.games.baska.calls.Call` in the auction, a card index in
the play; it never sees the hidden hands. :data:`BOTS` is the registry the command line
offers; :func:`make_bot` builds one by name.

>>> import random
>>> from stolik.games.baska.ruleset import load_ruleset
>>> from stolik.games.baska.calls import Call
>>> from stolik.games.baska.state import Deal
>>> {"heuristic", "random"} <= set(bot_names())
True
>>> rs = load_ruleset("linia")
>>> deal = Deal.random(rs, 0, random.Random(5))
>>> bots = [make_bot("heuristic", seed=s) for s in range(4)]
>>> while not deal.is_over:
...     view = deal.view(deal.to_act)
...     move = bots[view.seat].act(view)
...     deal.call(move) if isinstance(move, Call) else deal.play(move)
>>> sum(deal.result().payout)
0
>>> try:
...     make_bot("clever")
... except UnknownBot as e:
...     print(str(e).split(":")[0])
unknown bot 'clever' for baska
"""

from __future__ import annotations

import importlib

from stolik.bots import Bot, UnknownBot
from stolik.games.baska.bots.base import BOTS, BotError, Decision, Move, RulesetSource
from stolik.games.baska.bots.heuristic import HeuristicBot
from stolik.games.baska.bots.random import RandomBot
from stolik.games.baska.ruleset import Ruleset
from stolik.games.baska.state import SeatView

OPTIONAL = ("pimc", "expert", "ismcts")
"""Bot modules of this package loaded on first need — they pull in the solver, which the
other bots do not need. Importing one registers its bots in :data:`BOTS`; a module that is
not installed is skipped."""


def load_optional() -> None:
    """Import the :data:`OPTIONAL` bot modules that are present (registering their bots)."""
    for module in OPTIONAL:
        try:
            importlib.import_module(f"{__name__}.{module}")
        except ModuleNotFoundError as e:
            if e.name != f"{__name__}.{module}":
                raise


def bot_names() -> list[str]:
    """Every bot kind offered, the optional ones included."""
    load_optional()
    return BOTS.names()


def make_bot(name: str, *, seed: int | None = None, ruleset: Ruleset | None = None,
             **options: object) -> Bot[SeatView, Move]:
    """A new bot of kind ``name`` (:data:`BOTS`), seeded; ``ruleset`` is needed only for a
    league's own ruleset file; other ``options`` go to the bot's constructor.
    :class:`~stolik.bots.UnknownBot` names the kinds offered."""
    if name not in BOTS.names():
        load_optional()
    return BOTS.create(name, seed=seed, ruleset=ruleset, **options)


__all__ = ["BOTS", "OPTIONAL", "BotError", "Decision", "HeuristicBot", "Move", "RandomBot",
           "RulesetSource", "UnknownBot", "bot_names", "load_optional", "make_bot"]
