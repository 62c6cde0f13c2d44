"""Exact perfect-information ("double-dummy") solving and laid-down hands.

* :class:`TrickSolver` — the generic solver: any :class:`~stolik.tricks.CardOrder` and
  per-card values; alpha-beta with a transposition table, move ordering and
  equivalent-card merging, compiled with numba (:mod:`stolik.solver.kernel`).
* :func:`is_laid_down` — whether a lone declarer wins whatever the unseen cards and the
  defence, playing only on what he sees (:mod:`stolik.solver.laid_down`).
* Baśka: :func:`solve`, :func:`best_points`, :func:`can_take_all`, :func:`best_payout`,
  :func:`card_values` on a :class:`~stolik.games.baska.state.Deal` in play, and
  :func:`contract_is_laid_down` / :func:`deal_is_laid_down` (:mod:`stolik.solver.baska`).
* :func:`brute_force` — the plain minimax the tests check the solver against.

The compiled code is cached on disk beside the modules; the first import on a machine
compiles it (a few seconds).

>>> from stolik.games.baska.ruleset import load_ruleset
>>> from stolik.games.baska.state import Deal
>>> d = Deal.from_text(load_ruleset("linia"), dealer=3,
...                    hands=["JC JS AH AC", "QC QS QH QD", "TC TS TH TD", "AS AD JH JD"])
>>> d.call("pass"); d.call("pass"); d.call("pass"); d.call("gran")   # forehand 0: gran
>>> d.call("pass"); d.call("pass"); d.call("pass")
>>> d.game.contract.id, d.game.team
('gran', (0,))
>>> solve(d)
Solution(points=104, all_tricks=True, payout=(15, -5, -5, -5))
>>> deal_is_laid_down(d)
True
"""

from stolik.solver.baska import (
    Position,
    Solution,
    best_payout,
    best_points,
    can_take_all,
    card_values,
    contract_is_laid_down,
    deal_is_laid_down,
    position_of,
    solve,
)
from stolik.solver.brute import brute_force
from stolik.solver.laid_down import is_laid_down
from stolik.solver.search import TrickSolver, team_mask

__all__ = [
    "Position", "Solution", "TrickSolver", "best_payout", "best_points", "brute_force",
    "can_take_all", "card_values", "contract_is_laid_down", "deal_is_laid_down",
    "is_laid_down", "position_of", "solve", "team_mask",
]
