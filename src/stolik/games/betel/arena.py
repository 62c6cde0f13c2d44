"""Betel's arena (issue 12): bots against bots in duplicate format, points per deal and seat
with 95% intervals, on the game-free machinery of :mod:`stolik.arena`.

**The deals.** Deal ``i`` of an arena with seed ``s`` is a shuffled deal (every layout
equally likely, BETEL §1) drawn from ``s`` and ``i`` alone, so every match of a round robin
plays the same deals; its dealer is seat ``i % 3`` (the deal moves clockwise, BETEL §1),
and the dealer speaks first (§3). Each deal stands alone: its score is the deal's own
(BETEL §5), with no match to 1000 around it.

**The seatings.** Betel has three seats, each for himself. Every deal is played in the six
:func:`~stolik.arena.run.mixed_seatings` of three seats: A A B, A B A, A B B, B A A, B A B,
B B A — every way to seat the two kinds with both present. Each seat's hand (the dealer's,
who speaks first, included) is played three times by each kind, and swapping A and B maps
the six onto themselves, so the cards' luck cancels and two identical deterministic bots
tie exactly.

**The figure.** Betel's scores are not zero-sum (BETEL §5: the declarer alone scores his
contract, defenders score nothing, peeking costs are lost to everybody): a bot's score per
deal is its mean per seat held over the six seatings, kept apart from the other's; per
match the difference A − B per deal and seat. What holds instead of zero-sum (a test
checks it): in a played contract every seat but the declarer scores exactly minus its
peeking costs, and in an all-pass deal every seat +5 a trick less its costs.

**Legality.** Each bot sees only its seat's :class:`~stolik.games.betel.view.SeatView`;
each move goes through the :class:`~stolik.games.betel.state.Deal` engine, which refuses
an illegal one: it raises :class:`~stolik.arena.run.IllegalBotMove`
(``on_illegal="raise"``) or is counted and replaced by a random legal move (``"count"``).

>>> from stolik.games.betel.ruleset import load_ruleset
>>> r = run_arena(["random", "random"], 3, ruleset=load_ruleset("gps-2022"), seed=1)
>>> [b.name for b in r.bots], r.bots[0].illegal, r.seatings, sum(r.games.values())
(['random', 'random#2'], 0, 6, 18)

One deal played to its end by three bots (:func:`play_deal`):

>>> deal = deal_hands(load_ruleset(), seed=0, index=1)
>>> scores = play_deal(deal, [make_bot("random", seed=s) for s in range(3)])
>>> deal.is_over, scores == deal.result().scores
(True, True)
"""

from __future__ import annotations

import random
from collections.abc import Callable

from stolik.arena import Presentation, mixed_seatings
from stolik.arena.adapter import GameArena, MovePlay
from stolik.bots import Bot
from stolik.games.betel.bots import make_bot
from stolik.games.betel.calls import Action
from stolik.games.betel.deck import SEATS
from stolik.games.betel.ruleset import Ruleset
from stolik.games.betel.state import Deal, Move
from stolik.games.betel.view import SeatView

SEATINGS = mixed_seatings(SEATS)
"""The six seatings of two bot kinds at Betel's three seats (0 = A, 1 = B)."""

PRESENTATION = Presentation(
    payout="points / deal / seat", difference="difference points / deal / seat",
    note="points per seat and deal, peeking costs included; not zero-sum (BETEL §5)",
    plot_label="difference in points per deal and seat", digits=2, unit="points")
"""How Betel's arena figures are shown: points per deal and seat."""


BetelBot = Bot[SeatView, Move]
"""What the arena asks of a Betel bot: a name and ``act(view)``, a move for a seat's view."""

BotFactory = Callable[[str, int, Ruleset], BetelBot]
"""Builds a bot: ``(kind, seed, ruleset)`` → bot."""


def deal_hands(rs: Ruleset, seed: int, index: int) -> Deal:
    """Deal ``index`` of an arena with ``seed``: the same for every match; its dealer is
    ``index % 3`` (BETEL §1).

    >>> from stolik.games.betel.ruleset import load_ruleset
    >>> a, b = (deal_hands(load_ruleset(), 5, 2) for _ in range(2))
    >>> a.dealt == b.dealt, a.dealer, a.dealt == deal_hands(load_ruleset(), 5, 3).dealt
    (True, 2, False)
    """
    return Deal.random(rs, index % SEATS, random.Random(f"stolik-arena/betel/{seed}/{index}"))


def game_played(deal: Deal) -> str:
    """What a finished deal played, as the arena counts it: the contract's record word
    (``2H``, ``betelek-0``, with ``+kontra`` when kontra'd), ``all-pass``, or ``redeal``
    when an all-pass deal was not played (BETEL §3, §4)."""
    c = deal.contract
    if c is None:
        return "all-pass" if deal.pos.end == "played" else "redeal"
    return c.call + ("+kontra" if deal.doubled else "")


def _scores(deal: Deal) -> tuple[int, int, int]:
    return deal.result().scores


PLAY: MovePlay[Deal, BetelBot, SeatView, Move, tuple[int, int, int]] = MovePlay(
    decide=lambda bot, view: bot.act(view), well_formed=lambda m: isinstance(m, Action | int),
    what="an auction step nor a card", declarer=lambda deal: deal.declarer,
    game_played=game_played, payout=_scores)
"""How Betel bots play a deal: each asked ``act(view)``; the scores, peeking included."""

play_deal = PLAY.play_deal
"""Play a deal to its end with one bot per seat, every move through the engine, and return
the score by seat (BETEL §5, peeking costs included); ``tallies`` count the contract its
declarer played."""


ARENA: GameArena[Ruleset, Deal, BetelBot] = GameArena(
    deal_hands, play_deal, game_played, make_bot, PRESENTATION, game="Betel", seatings=SEATINGS)
"""Betel at the arena (:class:`stolik.arena.adapter.GameArena`): three seats, six seatings."""

run_arena = ARENA.run_arena
"""The registry's ``arena`` part: points per deal and seat, with 95% intervals."""


__all__ = ["ARENA", "PRESENTATION", "SEATINGS", "BetelBot", "BotFactory", "deal_hands",
           "game_played", "play_deal", "run_arena"]
