"""Bots against bots in duplicate format, for any game of three or four seats: the same
deals replayed with the bots rotated through the seats, so that the luck of the cards
cancels and what remains is skill. A game's ``arena`` part (:mod:`stolik.games`) deals and
plays; this package does the rest:

* :mod:`stolik.arena.run` — the six seatings, the round robin over pairs of bot kinds
  (:func:`run_duplicate`), the deal records it merges, wherever they were played, and
  the results (:class:`ArenaResult`);
* :mod:`stolik.arena.stats` — Student-t confidence intervals (:func:`mean_ci`);
* :mod:`stolik.arena.plot` — the running mean's plot (imports matplotlib when called);
* :mod:`stolik.arena.cluster` — the deals as Ray tasks, ``stolik arena --ray`` (imports
  Ray when called).

>>> from stolik.arena import SEATINGS, mean_ci
>>> len(SEATINGS), mean_ci([1.0, 3.0]).mean
(6, 2.0)
"""

from __future__ import annotations

from stolik.arena.run import (
    SEATINGS,
    ArenaError,
    ArenaResult,
    BotStats,
    IllegalBotMove,
    PairStats,
    Played,
    PlayFn,
    Presentation,
    Tally,
    bot_kind,
    check_request,
    checked_factory,
    illegal_move,
    labels,
    mixed_seatings,
    run_duplicate,
    seed_of,
)
from stolik.arena.stats import CONFIDENCE, Interval, mean_ci, running_intervals, t_cdf, t_quantile

__all__ = ["CONFIDENCE", "SEATINGS", "ArenaError", "ArenaResult", "BotStats", "IllegalBotMove",
           "Interval", "PairStats", "PlayFn", "Played", "Presentation", "Tally", "bot_kind",
           "check_request", "checked_factory", "illegal_move", "labels", "mean_ci",
           "mixed_seatings", "run_duplicate", "running_intervals", "seed_of", "t_cdf",
           "t_quantile"]
