"""Exact perfect-information ("double-dummy") solving and laid-down hands, generic over
trick-taking games of the :class:`~stolik.tricks.CardOrder` family (decks of up to 16
cards); a game's own use of it is its ``solver`` part (:mod:`stolik.games`).

* :class:`TrickSolver` — the solver: any card order and per-card values; alpha-beta with a
  transposition table, move ordering and equivalent-card merging, compiled with numba
  (:mod:`stolik.solver.kernel`, :mod:`stolik.solver.search`).
* :func:`is_laid_down` — whether a lone declarer wins whatever the unseen cards and the
  defence, playing only on what he sees (:mod:`stolik.solver.laid_down`).
* :func:`brute_force` — the plain minimax the tests check the solver against
  (:mod:`stolik.solver.brute`); :mod:`stolik.solver.examples` — a 16-card deck and two
  orders for the doctests.

Each name is imported on first use, so importing one submodule (or this package) does not
load numba. The compiled code is cached on disk beside the modules; the first use on a
machine compiles it (a few seconds).

>>> from stolik.solver import TrickSolver
>>> from stolik.solver.examples import DECK, GRAN as order     # the four jacks trump
>>> hands = [DECK.parse_mask(h) for h in
...          ("JC JS JH JD", "AC TC QC AH", "AS TS QS TH", "AD TD QD QH")]
>>> solver = TrickSolver(order, [1] * 16)     # one point a card: 4 a trick
>>> solver.value(hands, leader=0, team=(0,)), solver.value(hands, leader=0, team=(1,))
(16, 0)
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # the names below, for type checkers (imported lazily: __getattr__)
    from stolik.solver.brute import brute_force
    from stolik.solver.laid_down import is_laid_down
    from stolik.solver.search import TrickSolver, team_mask

_WHERE = {"TrickSolver": "search", "team_mask": "search", "is_laid_down": "laid_down",
          "brute_force": "brute"}
"""The module of each name this package offers."""


def __getattr__(name: str) -> Any:
    """The name ``name`` from its module (:data:`_WHERE`), imported now."""
    module = _WHERE.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(importlib.import_module(f"{__name__}.{module}"), name)


__all__ = ["TrickSolver", "brute_force", "is_laid_down", "team_mask"]
