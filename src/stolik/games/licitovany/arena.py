"""Licitovaný mariáš at the arena (``stolik arena --ruleset licitovany``): bots against
bots in duplicate on the core's :class:`~stolik.arena.adapter.GameArena`, money per deal
and seat (haléřů) with 95 % intervals.

Deal ``i`` of an arena with seed ``s`` is a shuffled deal dealt 5–2–5 (LICITOVANY §2) drawn
from ``s`` and ``i`` alone, its dealer seat ``i % 3`` (§8), so every match plays the same
deals; each is played in the six seatings of two kinds at three seats, so the cards' luck
cancels. Each bot sees only its seat's view; every move goes through the engine. The
money is zero-sum (§6): a kind's mean over the seats it held is what it won.

>>> from stolik.games.licitovany.ruleset import load_ruleset
>>> r = run_arena(["random", "random"], 2, ruleset=load_ruleset(), seed=1)
>>> [b.name for b in r.bots], r.seatings, sum(r.games.values())
(['random', 'random#2'], 6, 12)
>>> deal = deal_hands(load_ruleset(), seed=0, index=1)
>>> money = play_deal(deal, [make_bot("random", seed=s) for s in range(3)])
>>> deal.is_over, deal.dealer, sum(money)
(True, 1, 0)
"""

from __future__ import annotations

import random

from stolik.arena import Presentation, mixed_seatings
from stolik.arena.adapter import GameArena, MovePlay
from stolik.bots import Bot
from stolik.games.licitovany.bots import make_bot
from stolik.games.licitovany.calls import Move
from stolik.games.licitovany.ruleset import Ruleset
from stolik.games.licitovany.state import Deal
from stolik.games.licitovany.view import SeatView

SEATS = 3
"""An arena's table is of three (LICITOVANY §8)."""

LicitovanyBot = Bot[SeatView, Move]
"""What the arena asks of a bot: a name and ``act(view)``."""


def deal_hands(rs: Ruleset, seed: int, index: int) -> Deal:
    """Deal ``index`` of an arena with ``seed``: the same for every match; its dealer is
    ``index % 3`` (LICITOVANY §8).

    >>> from stolik.games.licitovany.ruleset import load_ruleset
    >>> a, b = (deal_hands(load_ruleset(), 5, 2) for _ in range(2))
    >>> a.pos.hands == b.pos.hands, a.dealer, a.pos.hands == deal_hands(load_ruleset(), 5,
    ...                                                                 3).pos.hands
    (True, 2, False)
    """
    return Deal.random(rs, index % SEATS, random.Random(f"stolik-arena/licitovany/{seed}/{index}"))


def game_played(deal: Deal) -> str:
    """What a finished deal played, as the arena counts it: the contract's rung word, or
    ``omyl`` / ``vyrovnana`` (LICITOVANY §4.4, §4.5)."""
    c = deal.pos.contract
    if deal.pos.ending in ("omyl", "vyrovnana") or c is None:
        return deal.pos.ending or "omyl"
    return c.rung.word


def _money(deal: Deal) -> tuple[int, ...]:
    return tuple(deal.rs.haler(u) for u in deal.money())


PLAY: MovePlay[Deal, LicitovanyBot, SeatView, Move, tuple[int, ...]] = MovePlay(
    decide=lambda bot, view: bot.act(view), well_formed=lambda m: isinstance(m, Move),
    what="a call nor a card", declarer=lambda deal: deal.pos.akter,
    game_played=game_played, payout=_money)
"""How bots play a deal: each asked ``act(view)``; the money by seat (haléřů, §6)."""

play_deal = PLAY.play_deal
"""Play a deal to its end with one bot per seat, every move through the engine; the money
by seat; ``tallies`` count the contract its aktér played."""

PRESENTATION = Presentation(
    payout="haléřů / deal / seat", difference="difference haléřů / deal / seat",
    note="money per seat and deal, zero-sum (LICITOVANY §6)",
    plot_label="difference in haléřů per deal and seat", digits=1, unit="haléř")
"""How the arena's figures are shown: haléřů per deal and seat."""

ARENA: GameArena[Ruleset, Deal, LicitovanyBot] = GameArena(
    deal_hands, play_deal, game_played, make_bot, PRESENTATION, game="licitovaný mariáš",
    seatings=mixed_seatings(SEATS))
"""Licitovaný mariáš at the arena: three seats, six seatings."""

run_arena = ARENA.run_arena
"""The registry's ``arena`` part."""
