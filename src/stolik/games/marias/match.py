"""A seeded series of Mariáš bots played through the engine (MARIAS §9, §11): duplicate
matches are the arena's (:mod:`stolik.games.marias.arena`).

:func:`simulate_bots` plays a seeded series with named bots by seat and returns what the
random-deal kernel's :func:`~stolik.games.marias.simulate.simulate` returns, records
included, for ``stolik simulate --bots``:

>>> from stolik.games.marias.ruleset import load_ruleset
>>> res = simulate_bots(load_ruleset(), 8, seed=2, bots=("heuristic", "random") * 2)
>>> res.deals, sum(res.totals), sum(res.games.values()), len(res.records)
(8, 0, 8, 8)
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence

from stolik.errors import IllegalMove
from stolik.games.marias.bots import make_bot
from stolik.games.marias.record import record_of
from stolik.games.marias.ruleset import Ruleset
from stolik.games.marias.simulate import GAMES, SimulationResult
from stolik.games.marias.state import Deal

__all__ = ["play_deal", "simulate_bots"]


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
