"""Mariáš's arena (issue 11): bots against bots in duplicate format, money in Kč per deal
and seat, on the game-free machinery of :mod:`stolik.arena`.

**The deals.** Deal ``i`` of an arena with seed ``s`` is a shuffled deal (every layout
equally likely, MARIAS §2) drawn from ``s`` and ``i`` alone, so every match of a round robin
plays the same deals; its dealer is seat ``i % 4`` (the deal moves clockwise, MARIAS §9),
so the chooser, left of the dealer, is seat ``(i + 1) % 4``. Each deal stands alone: the
money is the deal's own (MARIAS §6), with no stakes or top-ups of a tournament (§7).

**The seatings.** Every deal is played in the six :data:`~stolik.arena.run.SEATINGS`:
every way to seat two of bot A and two of bot B. The seats of a Mariáš deal are not alike —
the chooser picks the trumps and calls a card (MARIAS §4.1), the approval and the fleky go
round from his left (§4.2, §4.4), he leads the first trick (§3) — and the partnerships
are made by the cards (the called card's holder, or nobody: sám, betl, durch). The six
seatings cover both: each seat's hand, the chooser's included, is played three times by
each bot, and each pair of seats — whichever pair the called card makes partners — is held
once by A+A, once by B+B and four times by one of each. So the cards' luck cancels, and
each bot is judged as chooser, as partner (of its own kind and of the other) and as
defender alike. Two identical deterministic bots tie exactly.

**The figure.** Money is kept in haléř (integers, MARIAS §6) while the deals are played and
shown in Kč: a bot's mean money per deal and seat over the six seatings, and per match the
difference A − B per deal and seat, each with a Student-t 95% interval over the deals (a
deal's six plays are one sample: they are not independent). A deal's money sums to zero,
so in a match A's mean is minus B's and the difference is twice A's.

**Legality.** Each bot sees only its seat's :class:`~stolik.games.marias.view.SeatView`;
each move goes through the :class:`~stolik.games.marias.state.Deal` engine, which refuses
an illegal one. An illegal move raises :class:`~stolik.arena.run.IllegalBotMove`
(``on_illegal="raise"``) or is counted and replaced by a random legal move (``"count"``).

>>> from stolik.games.marias.ruleset import load_ruleset
>>> r = run_arena(["heuristic", "random"], 3, ruleset=load_ruleset("ctyrka"), seed=1)
>>> [b.name for b in r.bots], r.bots[0].illegal, r.presentation.unit
(['heuristic', 'random'], 0, 'Kč')
>>> r.bots[0].payout.mean == -r.bots[1].payout.mean, sum(r.games.values())
(True, 18)

One deal played to its end by four bots (:func:`play_deal`):

>>> deal = deal_hands(load_ruleset(), seed=0, index=1)
>>> money = play_deal(deal, [make_bot("heuristic") for _ in range(4)])
>>> deal.is_over, sum(money)
(True, 0)
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Protocol

from stolik.arena import Presentation
from stolik.arena.adapter import GameArena, MovePlay
from stolik.games.marias.bots import make_bot
from stolik.games.marias.calls import Call
from stolik.games.marias.ruleset import Ruleset
from stolik.games.marias.state import Deal, Move
from stolik.games.marias.view import SeatView

HALER = 100
"""Haléř in a koruna: the engine counts money in haléř, the arena shows Kč (MARIAS §6)."""

PRESENTATION = Presentation(
    payout="Kč / deal / seat", difference="difference Kč / deal / seat",
    note="money in Kč per seat and deal (MARIAS §6)",
    plot_label="difference in Kč per deal and seat", digits=2, unit="Kč")
"""How Mariáš's arena figures are shown: Kč per deal and seat."""


class MariasBot(Protocol):
    """What the arena asks of a Mariáš bot: a name and a move for a seat's view."""

    name: str

    def choose(self, view: SeatView) -> Move:
        """A legal move for the seat whose view this is."""
        ...


BotFactory = Callable[[str, int, Ruleset], MariasBot]
"""Builds a bot: ``(kind, seed, ruleset)`` → bot."""


def deal_hands(rs: Ruleset, seed: int, index: int) -> Deal:
    """Deal ``index`` of an arena with ``seed``: the same for every match; its dealer is
    ``index % 4`` (MARIAS §9).

    >>> from stolik.games.marias.ruleset import load_ruleset
    >>> a, b = (deal_hands(load_ruleset(), 5, 2) for _ in range(2))
    >>> a.dealt == b.dealt, a.dealer, a.chooser, a.dealt == deal_hands(load_ruleset(), 5, 3).dealt
    (True, 2, 3, False)
    """
    return Deal.random(rs, index % 4, random.Random(f"stolik-arena/{seed}/{index}"))


def game_played(deal: Deal) -> str:
    """What a finished deal played: ``hra``, ``sto``, ``betl``, ``durch``, or ``no-re``
    for a hra not played for want of re (MARIAS §4.5) — as ``stolik simulate`` counts."""
    return "no-re" if deal.pos.end == "no-re" else deal.game


def _declarer(deal: Deal) -> int:
    """Who declared the game played: the soloist, else the chooser (MARIAS §4.1)."""
    return deal.soloist if deal.soloist is not None else deal.chooser


def _money(deal: Deal) -> tuple[int, int, int, int]:
    return deal.result().payouts


PLAY: MovePlay[Deal, MariasBot, SeatView, Move, tuple[int, int, int, int]] = MovePlay(
    decide=lambda bot, view: bot.choose(view), well_formed=lambda m: isinstance(m, Call | int),
    what="a call nor a card", declarer=_declarer, game_played=game_played, payout=_money)
"""How Mariáš bots play a deal: each asked ``choose(view)``, its money in haléř."""

play_deal = PLAY.play_deal
"""Play a deal to its end with one bot per seat, every move through the engine, and return
the money by seat (haléř, MARIAS §6); ``tallies`` count the game its declarer played."""


ARENA: GameArena[Ruleset, Deal, MariasBot] = GameArena(
    deal_hands, play_deal, game_played, make_bot, PRESENTATION, game="Mariáš", unit=HALER)
"""Mariáš at the arena (:class:`stolik.arena.adapter.GameArena`): money kept in haléř."""

run_arena = ARENA.run_arena
"""The registry's ``arena`` part: the money in Kč per deal and seat, with 95% intervals."""


__all__ = ["ARENA", "HALER", "PRESENTATION", "BotFactory", "MariasBot", "deal_hands",
           "game_played", "play_deal", "run_arena"]
