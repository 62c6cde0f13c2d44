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

:func:`simulate_bots` plays a seeded series with named bots by seat and returns what the
random-deal kernel's :func:`~stolik.games.marias.simulate.simulate` returns, records
included, for ``stolik simulate --bots``:

>>> res = simulate_bots(load_ruleset(), 8, seed=2, bots=("heuristic", "random") * 2)
>>> res.deals, sum(res.totals), sum(res.games.values()), len(res.records)
(8, 0, 8, 8)
"""

from __future__ import annotations

import math
import random
import statistics
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from stolik.errors import IllegalMove
from stolik.games.marias.bots import make_bot
from stolik.games.marias.record import record_of
from stolik.games.marias.ruleset import Ruleset
from stolik.games.marias.simulate import GAMES, SimulationResult
from stolik.games.marias.state import Deal

__all__ = ["PATTERNS", "DuplicateResult", "duplicate", "play_deal", "simulate_bots"]

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


def simulate_bots(rs: Ruleset, deals: int, *, seed: int, bots: Sequence[str],
                  first_dealer: int = 0, keep_records: bool = True,
                  progress: Callable[[int], None] | None = None) -> SimulationResult:
    """``deals`` seeded deals played through the engine by the bots named in ``bots`` (one
    per seat, e.g. ``("heuristic", "random", "random", "random")``); the dealer moves one
    seat clockwise each deal (MARIAS §9). ``progress(n_done)`` every 1,000 deals and at the
    end. ValueError for an unknown bot or a wrong count."""
    if len(bots) != 4:
        raise ValueError(f"name four bots, one per seat, not {len(bots)}")
    players = [make_bot(name, seed=seed * 4 + s) for s, name in enumerate(bots)]
    rng = random.Random(seed)
    payouts: list[tuple[int, int, int, int]] = []
    records = []
    counts = dict.fromkeys(GAMES, 0)
    start = time.perf_counter()
    for i in range(deals):
        d = Deal.random(rs, (first_dealer + i) % 4, rng)
        play_deal(d, players)
        payouts.append(d.result().payouts)
        counts["no-re" if d.pos.end == "no-re" else d.game] += 1
        if keep_records:
            records.append(record_of(d))
        if progress is not None and ((i + 1) % 1000 == 0 or i + 1 == deals):
            progress(i + 1)
    totals = tuple(sum(p[s] for p in payouts) for s in range(4))
    return SimulationResult(rs, seed, deals, time.perf_counter() - start, tuple(records),
                            tuple(payouts), counts, (totals[0], totals[1], totals[2], totals[3]))
