"""Benchmark: random Mariáš deals per second (choice to settlement), one pure-Python
process, printed next to Baśka's simulator figure measured in the same run (issue 10 §4).

Rows: the Mariáš kernel (stolik.games.marias.simulate) with the uniform ``random`` bot,
without and with records; the same kernel with every player approving (every deal a trump
game played to the last trick — the heavier case: uniform random approval claims betl or
durch in most deals, and those end early); the reference Deal engine driven by random legal
moves, for the ratio; and Baśka's fast simulator (ruleset pucka-2019, no records). Each
figure is the median of several runs (min and max beside it).
Run: ``.venv/bin/python benchmarks/bench_marias.py``.
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
from functools import partial

from stolik.games.baska.ruleset import load_ruleset as load_baska
from stolik.games.baska.simulate import simulate as simulate_baska
from stolik.games.marias.ruleset import load_ruleset
from stolik.games.marias.simulate import simulate
from stolik.games.marias.state import Deal

GOAL = 20_000
"""Random Mariáš deals per second the kernel must reach without records (issue 10 §4)."""


def reference(deals: int, seed: int) -> None:
    """``deals`` random deals through the reference engine (uniform legal moves)."""
    rs = load_ruleset()
    rng = random.Random(seed)
    for i in range(deals):
        d = Deal.random(rs, i % 4, rng)
        while not d.is_over:
            d.move(rng.choice(d.legal_moves()))
        d.result()


def timed(run: Callable[[], object]) -> float:
    """Wall seconds of one call."""
    start = time.perf_counter()
    run()
    return time.perf_counter() - start


def row(what: str, deals: int, times: list[float]) -> tuple[str, float]:
    rates = [deals / t for t in times]
    med = statistics.median(rates)
    return (f"{what:<40} {med:>11,.0f} {min(rates):>9,.0f} {max(rates):>9,.0f}", med)


def main(argv: list[str] | None = None) -> int:
    """Print the table; exit status 0 (a benchmark reports, it does not fail)."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    ap.add_argument("--deals", type=int, default=20_000, help="deals per timed run")
    ap.add_argument("--repeat", type=int, default=5, help="timed runs per figure")
    ap.add_argument("--reference-deals", type=int, default=500)
    args, _ = ap.parse_known_args(argv)
    n, reps = args.deals, args.repeat
    rs = load_ruleset()
    baska = load_baska("pucka-2019")
    print(f"bench_marias: random full deals per second, one process; Python "
          f"{platform.python_version()} on {platform.machine()}, {os.cpu_count()} CPUs, "
          f"load average {os.getloadavg()[0]:.2f}; {n:,} deals × {reps} runs, medians")
    simulate(rs, 2_000, seed=0)
    simulate_baska(baska, 2_000, seed=0)  # warm-up, untimed (Baśka builds its tables)
    lean: list[float] = []
    kept: list[float] = []
    full: list[float] = []
    bask: list[float] = []
    for run in range(reps):  # interleaved, so drifting load hits every row alike
        lean.append(timed(partial(simulate, rs, n, seed=run, keep_records=False)))
        kept.append(timed(partial(simulate, rs, n, seed=run)))
        full.append(timed(partial(simulate, rs, n, seed=run, keep_records=False,
                                  claims=False)))
        bask.append(timed(partial(simulate_baska, baska, n, seed=run, keep_records=False)))
    ref = [timed(partial(reference, args.reference_deals, run)) for run in range(3)]
    header = f"{'':<40} {'median/s':>11} {'min/s':>9} {'max/s':>9}"
    print(header)
    print("-" * len(header))
    lines = [row("Mariáš ctyrka, random bot, no records", n, lean),
             row("Mariáš ctyrka, random bot, with records", n, kept),
             row("Mariáš ctyrka, all approve (8 tricks)", n, full),
             row("Mariáš reference Deal engine", args.reference_deals, ref),
             row("Baśka pucka-2019 simulator, no records", n, bask)]
    for text, _ in lines:
        print(text)
    got = lines[0][1]
    print(f"Mariáš kernel vs reference engine: {got / lines[3][1]:.0f}×; Mariáš vs Baśka "
          f"(same run): {got / lines[4][1]:.2f}×")
    print(f"goal ≥ {GOAL:,} random Mariáš deals/s without records: "
          f"{'met' if got >= GOAL else 'NOT met'} ({got:,.0f}); all-approve trump games "
          f"{lines[2][1]:,.0f}/s; load average now {os.getloadavg()[0]:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
