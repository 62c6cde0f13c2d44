"""Bots against bots in duplicate format: the same deals replayed with the bots rotated
through the seats, so that the luck of the cards cancels and what remains is skill.

**The schedule.** A match is between two bot kinds, A and B. Every deal (seeded random
hands; the dealer moves one seat each deal) is played once in each of the six
:data:`SEATINGS` — every way to seat two A's and two B's at the four seats:

====================  ==========  ==========
seating               A at seats  B at seats
====================  ==========  ==========
across (0 2 / 1 3)    0, 2        1, 3
across, swapped       1, 3        0, 2
neighbours (01 / 23)  0, 1        2, 3
neighbours, swapped   2, 3        0, 1
neighbours (03 / 12)  0, 3        1, 2
neighbours, swapped   1, 2        0, 3
====================  ==========  ==========

Why these six. In Baśka a partnership is made by the cards, not by the seats: the holders of
the black queens are partners in a plain game, a wesele declarer plays with the holder of a
partner card, a soloist plays alone. Any pair of seats can therefore be a partnership and any
seat the lone player, and the forehand (who leads) is a fixed seat of the deal. Over the six
seatings

- every seat's hand is played three times by A and three times by B (the cards cancel);
- every pair of seats is held once by A+A, once by B+B and four times by A+B (half of them
  with A on the first seat), so each bot is tested as a partner of its own kind, of the
  other kind, and against both (partnerships cancel);
- swapping A and B maps the schedule onto itself: with two identical deterministic bots,
  A's total equals B's exactly and the difference is 0.

Two seatings (A across from A, then swapped) would cancel the cards too, but they would only
ever pair A with A — never the mixed partnerships that most deals produce.

**Statistics** (:mod:`stolik.arena`, which runs the schedule for any game). Per deal, A's
score is its mean payout per seat over the six seatings (B's is its negative: every deal
sums to zero). Deals are independent, so the mean over the deals with a Student-t 95%
confidence interval (:func:`~stolik.arena.stats.mean_ci`) is the bot's mean payout per
deal; the difference A − B is twice it. With more than two kinds every pair plays the same
deals (a round robin) and a bot's score per deal is the mean over its matches.

Each deal stands alone and is worth its face value: a 52:52 deal starts no bok-round here
(RULES §6 belongs to a series; it would only add noise, the same for both bots).

**Legality.** Each bot gets only :meth:`Deal.view` of its seat; every move is applied through
the :class:`~stolik.games.baska.state.Deal` engine, which refuses an illegal one. An illegal
move raises :class:`IllegalBotMove` (``on_illegal="raise"``) or is counted and replaced by a
random legal one (``"count"``).

>>> from stolik.games.baska.ruleset import load_ruleset
>>> r = run_arena(["heuristic", "random"], 4, ruleset=load_ruleset("pucka-2019"), seed=1)
>>> [b.name for b in r.bots], r.pairs[0].diffs == run_arena(
...     ["heuristic", "random"], 4, ruleset=load_ruleset("pucka-2019"), seed=1).pairs[0].diffs
(['heuristic', 'random'], True)
>>> r.bots[0].illegal, r.bots[0].payout.mean == -r.bots[1].payout.mean
(0, True)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Literal

from stolik.arena import (
    CONFIDENCE,
    SEATINGS,
    ArenaError,
    ArenaResult,
    BotStats,
    IllegalBotMove,
    Interval,
    PairStats,
    Presentation,
    Tally,
    bot_kind,
    labels,
    mean_ci,
    running_intervals,
    t_cdf,
    t_quantile,
)
from stolik.arena.adapter import GameArena
from stolik.arena.loop import play_out
from stolik.arena.plot import plot_running
from stolik.bots import Bot
from stolik.games.baska.bots import Move, make_bot
from stolik.games.baska.calls import Call
from stolik.games.baska.ruleset import Ruleset
from stolik.games.baska.state import Deal, SeatView

BotFactory = Callable[[str, int, Ruleset], Bot[SeatView, Move]]
"""Builds a bot: ``(kind, seed, ruleset)`` → bot."""

PRESENTATION = Presentation(note="payouts are per seat and deal (RULES §7)")
"""Baśka's payouts are points, per seat and deal (RULES §7)."""


def deal_hands(rs: Ruleset, seed: int, index: int) -> Deal:
    """Deal ``index`` of an arena with ``seed``: the same for every match. Its dealer is
    ``index % 4``."""
    return Deal.random(rs, index % 4, random.Random(f"stolik-arena/{seed}/{index}"))


def game_played(deal: Deal) -> str:
    """What a finished deal played, as the arena counts it: its contract's id (RULES §4)."""
    game = deal.game
    assert game is not None
    return game.contract.id


def play_deal(deal: Deal, bots: Sequence[Bot[SeatView, Move]], *,
              on_illegal: Literal["raise", "count"] = "raise",
              rng: random.Random | None = None,
              tallies: Sequence[Tally] | None = None,
              where: str = "") -> tuple[int, int, int, int]:
    """Play ``deal`` to its end with one bot per seat; every move goes through the engine.
    Returns the payout by seat. An illegal move raises :class:`IllegalBotMove` or, with
    ``on_illegal="count"``, is counted in ``tallies`` and replaced by a random legal move.

    >>> from stolik.games.baska.bots import make_bot
    >>> from stolik.games.baska.ruleset import load_ruleset
    >>> deal = deal_hands(load_ruleset("linia"), seed=0, index=1)
    >>> payout = play_deal(deal, [make_bot("heuristic") for _ in range(4)])
    >>> deal.is_over, sum(payout), deal.dealer
    (True, 0, 1)
    """
    def apply(move: Move) -> None:
        if isinstance(move, Call):
            deal.call(move)
        else:
            deal.play(move)

    def legal() -> Sequence[Move]:
        return deal.legal_calls() if deal.phase == "auction" else deal.legal_cards()

    play_out(deal, bots, decide=lambda bot, view: bot.act(view),
             well_formed=lambda m: isinstance(m, Call) or (isinstance(m, int) and 0 <= m < 16),
             apply=apply, legal=legal, what="a call nor a card", on_illegal=on_illegal,
             rng=rng, tallies=tallies, where=where)
    result = deal.result()
    if tallies is not None:
        game = deal.game
        assert game is not None
        if game.declarer is not None:
            tallies[game.declarer].declared[game.contract.id] += 1
    return result.payout


ARENA: GameArena[Ruleset, Deal, Bot[SeatView, Move]] = GameArena(
    deal_hands, play_deal, game_played, make_bot, PRESENTATION)
"""Baśka at the arena (:class:`stolik.arena.adapter.GameArena`): a bot it cannot build is
refused in the bots' own words."""

run_arena = ARENA.run_arena
"""The registry's ``arena`` part: the payouts per deal and seat, with 95% intervals."""


__all__ = ["ARENA", "CONFIDENCE", "PRESENTATION", "SEATINGS", "ArenaError", "ArenaResult",
           "BotFactory", "BotStats", "IllegalBotMove", "Interval", "PairStats", "bot_kind",
           "deal_hands", "game_played", "labels", "mean_ci", "play_deal", "plot_running",
           "run_arena", "running_intervals", "t_cdf", "t_quantile"]
