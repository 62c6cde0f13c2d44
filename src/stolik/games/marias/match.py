"""Duplicate matches of two Mariáš bots: the same deals played again with the bots moved
through the seats, so that the cards favour neither (MARIAS §2, §6).

Each deal is played six times: the four rotations of ``a a b b`` (each bot with itself and
with the other as neighbours) and both of ``a b a b``; each seat is played by each bot three
times, and the chooser's partner is now of one kind, now of the other. The figure is the
money per deal and seat, bot ``a`` less bot ``b`` (haléř), with a 95% interval over deals.

>>> from stolik.games.marias.ruleset import load_ruleset
>>> r = duplicate(load_ruleset(), "heuristic", "random", deals=4, seed=1)
>>> r.deals, r.illegal, r.decisions > 100
(4, 0, True)
"""

from __future__ import annotations

import math
import random
import statistics
from collections.abc import Sequence
from dataclasses import dataclass

from stolik.errors import IllegalMove
from stolik.games.marias.bots import make_bot
from stolik.games.marias.ruleset import Ruleset
from stolik.games.marias.state import Deal

__all__ = ["PATTERNS", "DuplicateResult", "duplicate", "play_deal"]

PATTERNS = ((0, 0, 1, 1), (1, 0, 0, 1), (1, 1, 0, 0), (0, 1, 1, 0), (0, 1, 0, 1),
            (1, 0, 1, 0))
"""Which bot (0 = a, 1 = b) sits at each seat, in each of a deal's six plays."""


@dataclass(frozen=True)
class DuplicateResult:
    """``diffs``: per deal, bot a's money per seat less bot b's (haléř, mean of the six
    plays); ``illegal``: moves the engine refused (each replaced by its first legal move);
    ``decisions``: moves asked of the bots."""

    a: str
    b: str
    deals: int
    diffs: tuple[float, ...]
    illegal: int
    decisions: int

    @property
    def mean(self) -> float:
        """Bot a less bot b in money per deal and seat (haléř)."""
        return statistics.fmean(self.diffs)

    @property
    def half_width(self) -> float:
        """Half the 95% interval of :attr:`mean` (normal approximation)."""
        if len(self.diffs) < 2:
            return math.inf
        return 1.96 * statistics.stdev(self.diffs) / math.sqrt(len(self.diffs))


def play_deal(deal: Deal, bots: Sequence[object]) -> tuple[int, int]:
    """Play ``deal`` to its end with ``bots`` by seat (each has ``choose(view)``); returns
    (moves asked, moves refused by the engine — each then replaced by the first legal)."""
    asked = refused = 0
    while not deal.is_over:
        seat = deal.to_act
        assert seat is not None
        asked += 1
        move = bots[seat].choose(deal.view(seat))  # type: ignore[attr-defined]
        try:
            deal.move(move)
        except IllegalMove:
            refused += 1
            deal.move(deal.legal_moves()[0])
    return asked, refused


def duplicate(rs: Ruleset, a: str, b: str, *, deals: int, seed: int) -> DuplicateResult:
    """Play ``deals`` seeded deals six times each (:data:`PATTERNS`) with bots ``a`` and
    ``b`` and compare their money."""
    diffs = []
    illegal = decisions = 0
    for i in range(deals):
        dealt = Deal.random(rs, i % 4, random.Random(seed * 1_000_003 + i)).dealt
        total = 0
        for k, pattern in enumerate(PATTERNS):
            bots = [make_bot((a, b)[pattern[s]], seed=seed + 7919 * i + 31 * k + s)
                    for s in range(4)]
            d = Deal(rs, i % 4, dealt)
            asked, refused = play_deal(d, bots)
            decisions += asked
            illegal += refused
            pay = d.result().payouts
            total += sum(pay[s] for s in range(4) if pattern[s] == 0)
        # a's two seats take `total`, b's two seats −total: per seat a − b = total
        diffs.append(total / len(PATTERNS))
    return DuplicateResult(a, b, deals, tuple(diffs), illegal, decisions)
