"""Benchmark: random full deals per second (auction + play + scoring), one process.

For each ruleset: the fast simulator (stolik.games.baska.simulate) without and with deal
records, and the reference engine (a Deal driven by random legal choices, scored by
Deal.result) for the ratio. Machines are noisy: each figure is the median of several runs
(min and max shown beside it). Run: ``.venv/bin/python benchmarks/bench_simulate.py``.
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial

from stolik.games.baska.deck import DECK
from stolik.games.baska.ruleset import Ruleset, available_rulesets, load_ruleset
from stolik.games.baska.simulate import simulate
from stolik.games.baska.state import Deal

GOAL = 50_000
"""Deals per second the fast simulator must reach without records."""


def reference_series(rs: Ruleset, deals: int, seed: int) -> None:
    """A random series of ``deals`` deals through the reference engine, played the way the
    simulator plays them (uniform legal calls and cards, bok-rounds)."""
    rng = random.Random(seed)
    pending = 0
    for i in range(deals):
        bok = pending > 0
        pending -= bok
        deal = Deal.random(rs, i % 4, rng, bok_deal=bok)
        while deal.phase == "auction":
            deal.call(rng.choice(deal.legal_calls()))
        while deal.phase == "play":
            deal.play(rng.choice(DECK.cards_of(deal.legal_mask())))
        if deal.result().tie:
            pending += rs.series.bok_round_deals


def timed(run: Callable[[], object]) -> tuple[float, float]:
    """Wall and CPU seconds of one call."""
    wall, cpu = time.perf_counter(), time.process_time()
    run()
    return time.perf_counter() - wall, time.process_time() - cpu


@dataclass(frozen=True)
class Figures:
    """Deals per second of several runs: by wall time and by this process's CPU time."""

    wall: tuple[float, ...]
    cpu: tuple[float, ...]

    @classmethod
    def of(cls, deals: int, times: list[tuple[float, float]]) -> Figures:
        return cls(tuple(deals / w for w, _ in times), tuple(deals / c for _, c in times))

    def row(self, ruleset: str, what: str) -> str:
        w = self.wall
        return (f"{ruleset:<14} {what:<16} {statistics.median(w):>11,.0f} "
                f"{min(w):>9,.0f} {max(w):>9,.0f} {statistics.median(self.cpu):>11,.0f}")


def main(argv: list[str] | None = None) -> int:
    """Print the table; exit status 0 (a benchmark reports, it does not fail)."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    ap.add_argument("--deals", type=int, default=20_000, help="deals per timed run")
    ap.add_argument("--repeat", type=int, default=7, help="timed runs per figure")
    ap.add_argument("--reference-deals", type=int, default=1_000,
                    help="deals per timed run of the reference engine")
    ap.add_argument("--reference-repeat", type=int, default=3)
    ap.add_argument("rulesets", nargs="*", default=available_rulesets())
    args = ap.parse_args(argv)
    n, n_ref = args.deals, args.reference_deals

    print(f"bench_simulate: random full deals per second (auction + play + scoring), one "
          f"process; Python {platform.python_version()} on {platform.machine()}, "
          f"{os.cpu_count()} CPUs, load average {os.getloadavg()[0]:.2f}")
    print(f"fast: {n:,} deals × {args.repeat} runs; reference Deal engine: {n_ref:,} deals "
          f"× {args.reference_repeat} runs. Medians; wall time is what counts, CPU time "
          "shows how much of the noise is other processes.")
    header = (f"{'ruleset':<14} {'':<16} {'median/s':>11} {'min/s':>9} {'max/s':>9} "
              f"{'CPU med/s':>11}")
    print(header)
    print("-" * len(header))
    worst = float("inf")
    for rid in args.rulesets:
        rs = load_ruleset(rid)
        # Warm-up, untimed: the kernel's tables, including every laid-down hand (RULES §7),
        # computed once per machine and then read from the cache folder.
        setup = time.perf_counter()
        simulate(rs, 2_000, seed=0)
        print(f"{rid}: tables and warm-up {time.perf_counter() - setup:.2f} s (not timed)")
        lean: list[tuple[float, float]] = []
        kept: list[tuple[float, float]] = []
        for run in range(args.repeat):
            # Alternate the two kinds so that drifting machine load hits both alike.
            lean.append(timed(partial(simulate, rs, n, seed=run, keep_records=False)))
            kept.append(timed(partial(simulate, rs, n, seed=run)))
        ref = [timed(partial(reference_series, rs, n_ref, run))
               for run in range(args.reference_repeat)]
        fast, slow = Figures.of(n, lean), Figures.of(n_ref, ref)
        print(fast.row(rid, "no records"))
        print(Figures.of(n, kept).row("", "with records"))
        print(slow.row("", "reference Deal"))
        ratio = statistics.median(fast.wall) / statistics.median(slow.wall)
        print(f"{'':<14} {'speed-up':<16} {ratio:>10.0f}×")
        worst = min(worst, statistics.median(fast.wall))
    verdict = "met" if worst >= GOAL else "NOT met"
    print(f"goal ≥ {GOAL:,} deals/s without records (wall median, every ruleset): {verdict}; "
          f"load average now {os.getloadavg()[0]:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
