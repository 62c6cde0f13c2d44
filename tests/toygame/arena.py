"""The toy game at the arena: the core's :class:`~stolik.arena.adapter.GameArena` runs it
in duplicate (six seatings of two kinds at three seats) with its intervals.

>>> from toygame.ruleset import load_ruleset
>>> r = run_arena(["random", "heuristic"], 4, ruleset=load_ruleset(), seed=1)
>>> r.seatings, sum(r.games.values())
(6, 24)
"""

from __future__ import annotations

import random

from stolik.arena import Presentation, mixed_seatings
from stolik.arena.adapter import GameArena, MovePlay
from stolik.bots import Bot
from toygame.bots import make_bot
from toygame.ruleset import Ruleset
from toygame.state import SEATS, Deal, View


def deal_hands(rs: Ruleset, seed: int, index: int) -> Deal:
    """Deal ``index`` of an arena: the same for every match (TOY §1)."""
    return Deal.random(rs, index % SEATS, random.Random(f"toy/{seed}/{index}"))


PLAY: MovePlay[Deal, Bot[View, int], View, int, tuple[int, ...]] = MovePlay(
    decide=lambda bot, view: bot.act(view), well_formed=lambda m: isinstance(m, int),
    what="a card", declarer=lambda deal: None, game_played=lambda deal: "deal",
    payout=lambda deal: deal.result().points)
ARENA: GameArena[Ruleset, Deal, Bot[View, int]] = GameArena(
    deal_hands, PLAY.play_deal, lambda deal: "deal", make_bot,
    Presentation(unit="points"), game="Toy", seatings=mixed_seatings(SEATS))
run_arena = ARENA.run_arena
