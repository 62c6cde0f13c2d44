"""The hint at a Betel table, the terminal's and the web table's (issue 27: a hint is the
strongest bot's): the ``pimc`` bot's move on the seat's own view
(:mod:`stolik.games.betel.pimc`) — measured stronger than the heuristic in duplicate
arenas (+24.8 points, [10.3, 39.4]); ``expert`` is not shown better than it. The pimc bot
searches in every phase — the auction, the dubel and kontra by solved layouts
(:mod:`stolik.games.betel.bidding`), the cards likewise — so one message says it.

- **What it reads**: the seat's view only (the pimc bot keeps nothing between decisions
  but its generator): two layouts the seat cannot tell apart give the same hint.
- **Repeatable**: seeded by the caller (:func:`hint_seed` at the terminal; the web table
  keys it by the table's secret seed), and Betel's pimc bot has no clock in it: the same
  view and seed give the same hint on any machine.
- **Bounded** (a hint runs on a worker thread of the web table; the goal: about a second
  of CPU at worst): Betel's pimc bot has no node or time budget, so a hint draws fewer
  layouts for a card: :data:`LAYOUTS`, half the bot's 100 — at 100 the slowest card
  decision measured took 868 ms of CPU, too near a second on a busier machine; the auction
  keeps the bot's own :data:`BID_LAYOUTS` (182 ms at most). Measured at web tables of three
  heuristic bots, 30 seeded deals (seeds 300–329), the hint asked at every decision with a
  choice (``time.thread_time``, numba warm, the 2-core build machine): 648 card hints,
  median 11 ms, 90th percentile 57 ms, max 429 ms of CPU; 304 auction hints (the dubel and
  kontra among them), median 48 ms, 90th percentile 100 ms, max 182 ms.

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
from stolik.games.betel.pimc import LEVELS, PimcBot
from stolik.games.betel.ruleset import Ruleset
from stolik.games.betel.state import Move
from stolik.games.betel.view import SeatView

__all__ = ["BID_LAYOUTS", "LAYOUTS", "hint_move", "hint_seed"]

LAYOUTS = LEVELS["pimc"][0] // 2
"""Layouts a hint's card decision draws: half the pimc bot's (module notes)."""
BID_LAYOUTS = LEVELS["pimc"][1]
"""Layouts an auction evaluation of a hint draws: the pimc bot's own."""


def hint_seed(seed: int | str, deal: int, moves: int, seat: int) -> int:
    """A terminal hint's seed: the match's ``seed``, the deal's number, its moves, the seat."""
    return position_seed("betel hint", seed, deal, moves, seat)


def hint_move(rs: Ruleset, view: SeatView, seed: int) -> Move:
    """The pimc bot's move on ``view`` under the hint's layouts, seeded by ``seed``."""
    return PimcBot(layouts=LAYOUTS, bid_layouts=BID_LAYOUTS, seed=seed, ruleset=rs).act(view)
