"""The ``ismcts`` bot: OpenSpiel's information-set MCTS, seated through the OpenSpiel
adapter (:mod:`stolik.games.baska.openspiel`). It needs the optional extra
``stolik[openspiel]``; without OpenSpiel this module registers nothing.

>>> from stolik.games.baska.bots.base import BOTS
>>> from stolik.games.baska import openspiel
>>> ("ismcts" in BOTS.names()) == openspiel.available()
True
"""

from __future__ import annotations

from stolik.games.baska import openspiel
from stolik.games.baska.bots.base import BOTS

if openspiel.available():
    BOTS.register("ismcts", "OpenSpiel's IS-MCTS with random rollouts (stolik[openspiel])")(
        openspiel.IsmctsBot)

__all__: list[str] = []
