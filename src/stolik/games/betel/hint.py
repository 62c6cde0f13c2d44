"""The hint at a Betel table, the terminal's and the web table's (issue 27: a hint is the
strongest bot's): the ``expert`` bot's move on the seat's own view
(:mod:`stolik.games.betel.expert`) — measured stronger than ``pimc`` in duplicate arenas
(+14.6 points a deal and seat [+5.8, +23.4] and +14.5 [+8.3, +20.7], 100 deals each),
which is stronger than the heuristic.
It weighs every auction step (a bid, pas, kontra, a look at the dubel, taking it and what
to lay back) by the points it leads to over solved layouts and plays its cards by solved
layouts, so one message says it.

- **What it reads**: the seat's view only (a hint's bot is made afresh, so it keeps nothing
  between decisions but its generator): two layouts the seat cannot tell apart give the
  same hint.
- **Repeatable**: seeded by the caller (:func:`hint_seed` at the terminal; the web table
  keys it by the table's secret seed), and a hint's bot has no clock in it — its auction
  step is bounded by search nodes only (:data:`NODES`, the bot's own), its card by the
  number of layouts (:data:`LAYOUTS`) — so the same view and seed give the same hint on
  any machine.
- **Bounded** (a hint runs on a worker thread of the web table; the goal: about a second
  of CPU at worst): a card draws :data:`LAYOUTS` layouts, half the bot's 100 (at 100 the
  slowest card decision measured took 868 ms of CPU); an auction step spends at most the
  bot's :data:`NODES`. Measured at web tables of three heuristic bots, 30 seeded deals
  (seeds 300–329), the hint asked at every decision with a choice (``time.thread_time``,
  numba warm, the 2-core build machine with two other jobs): 629 card hints, median 11 ms,
  90th percentile 53 ms, max 708 ms of CPU; 237 auction hints (the dubel and kontra among
  them), median 70 ms, 90th percentile 107 ms, max 245 ms.

>>> import random
>>> from stolik.games.betel.ruleset import load_ruleset
>>> from stolik.games.betel.state import Deal
>>> d = Deal.random(load_ruleset(), 0, random.Random(5))
>>> seat = d.to_act or 0
>>> seed = hint_seed(5, 1, len(d.log), seat)
>>> hint_move(d.rs, d.view(seat), seed) == hint_move(d.rs, d.view(seat), seed)
True
"""

from __future__ import annotations

from stolik.bots.layout_bot import position_seed
from stolik.games.betel.expert import LEVELS, NODES, ExpertBot
from stolik.games.betel.ruleset import Ruleset
from stolik.games.betel.state import Move
from stolik.games.betel.view import SeatView

__all__ = ["BID_LAYOUTS", "LAYOUTS", "NODES", "hint_move", "hint_seed"]

LAYOUTS = LEVELS["expert"][1] // 2
"""Layouts a hint's card decision draws: half the expert bot's (module notes)."""
BID_LAYOUTS = LEVELS["expert"][0]
"""Layouts an auction step of a hint weighs: the expert bot's own."""


def hint_seed(seed: int | str, deal: int, moves: int, seat: int) -> int:
    """A terminal hint's seed: the match's ``seed``, the deal's number, its moves, the seat."""
    return position_seed("betel hint", seed, deal, moves, seat)


def hint_move(rs: Ruleset, view: SeatView, seed: int) -> Move:
    """The expert bot's move on ``view`` under the hint's layouts and node budget, with no
    clock, seeded by ``seed``."""
    return ExpertBot(layouts=BID_LAYOUTS, card_layouts=LAYOUTS, seed=seed, ruleset=rs,
                     nodes=NODES, seconds=float("inf")).act(view)
