"""``stolik simulate`` of the toy game: random bots on every seat, on the core's timed
loop (:func:`stolik.simulate.play_chunks`); this module is only the kernel.

>>> from toygame.ruleset import load_ruleset
>>> r = simulate(load_ruleset(), 5, seed=1, keep_records=True)
>>> r.deals, len(r.records), sum(r.totals) == 5 * (3 + load_ruleset().last_trick)
(5, 5, True)
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

from stolik.simulate import Chunk, Simulated, check_request, play_chunks
from toygame.bots import RandomBot
from toygame.record import DealRecord, record_of
from toygame.ruleset import Ruleset, default_deals
from toygame.state import SEATS, Deal

__all__ = ["SimulationResult", "default_deals", "simulate"]


@dataclass(frozen=True)
class SimulationResult(Simulated[Ruleset, DealRecord]):
    """A simulation: the core's fields and the totals by seat."""

    totals: tuple[int, ...] = (0, 0, 0)


def simulate(rs: Ruleset, deals: int, *, seed: int = 0, first_dealer: int = 0,
             keep_records: bool = False,
             progress: Callable[[int], None] | None = None) -> SimulationResult:
    """Play ``deals`` deals with random bots (seeded)."""
    check_request(deals, first_dealer, SEATS)
    rng = random.Random(seed)
    bots = [RandomBot(seed * SEATS + s) for s in range(SEATS)]

    def run(n: int, dealer: int) -> Chunk[tuple[int, ...], DealRecord]:
        out: Chunk[tuple[int, ...], DealRecord] = Chunk()
        for i in range(n):
            deal = Deal.random(rs, (dealer + i) % SEATS, rng)
            while (seat := deal.to_act) is not None:
                deal.move(bots[seat].act(deal.view(seat)))
            out.payouts.append(deal.result().points)
            out.games.append("deal")
            if keep_records:
                out.records.append(record_of(deal))
        return out

    played, seconds = play_chunks(run, deals, first_dealer=first_dealer, seats=SEATS,
                                  progress=progress)
    totals = tuple(sum(p[s] for p in played.payouts) for s in range(SEATS))
    return SimulationResult(rs, seed, len(played.payouts), seconds, tuple(played.records),
                            totals)
