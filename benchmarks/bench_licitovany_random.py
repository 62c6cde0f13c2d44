"""Benchmark: random licitovaný deals per second (issue 28's speed goal: ≥ 20,000), from
the deal to each seat's money, every move drawn among the legal ones.

Rows: the fast kernel (:mod:`stolik.games.licitovany.fast`, numba-compiled) in one call
of ``--deals`` deals and in chunks of 1,000 (as a simulation with progress plays them),
the cards and draws made by numpy included, also by process CPU time; the same kernel
uncompiled (plain Python); the state engine (:class:`stolik.games.licitovany.state.Deal`)
driven by uniform random legal moves, for the ratio, and the same engine with
:func:`stolik.games.licitovany.fast_talon.discards` in place of the talon's (a cheap
speed-up the engine may adopt; the deals are the same). The compile (or the load of numba's
disk cache) is timed apart, before the runs. Each figure is the median of ``--repeat``
interleaved runs (min and max beside it); the machine is shared, so read the ratios.
Run: ``.venv/bin/python benchmarks/bench_licitovany_random.py [--deals 200000]``.
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import sys
import time
from functools import partial

from bench_marias import row, timed  # the Mariáš benchmark's timing and table row

from stolik.games.licitovany import fast_talon, state
from stolik.games.licitovany.fast import random_deals
from stolik.games.licitovany.ruleset import Ruleset, load_ruleset
from stolik.games.licitovany.state import Deal

GOAL = 20_000
"""Random deals a second the fast path must reach (issue 28)."""
CHUNK = 1_000
"""Deals a chunk, as :data:`stolik.simulate.PROGRESS_EVERY`."""


def engine(rs: Ruleset, deals: int, seed: int) -> None:
    """``deals`` random deals through the state engine (uniform legal moves), to money."""
    rng = random.Random(seed)
    for i in range(deals):
        d = Deal.random(rs, i % 3, rng)
        while not d.is_over:
            d.move(rng.choice(d.legal_moves()))
        d.money()


def engine_fast_talon(rs: Ruleset, deals: int, seed: int) -> None:
    """:func:`engine` with the state's discards from :mod:`.fast_talon` (same deals)."""
    listed = state.discards  # type: ignore[attr-defined]
    state.discards = fast_talon.discards  # type: ignore[attr-defined]
    try:
        engine(rs, deals, seed)
    finally:
        state.discards = listed  # type: ignore[attr-defined]


def chunked(rs: Ruleset, deals: int, seed: int) -> None:
    """``deals`` deals in chunks of :data:`CHUNK`, the dealer moving on."""
    for start in range(0, deals, CHUNK):
        random_deals(rs, min(CHUNK, deals - start), seed=seed + start,
                     first_dealer=start % 3)


def main(argv: list[str] | None = None) -> int:
    """Print the table; exit status 0 (a benchmark reports, it does not fail)."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    ap.add_argument("--deals", type=int, default=100_000, help="deals per timed run")
    ap.add_argument("--repeat", type=int, default=5, help="timed runs per figure")
    ap.add_argument("--python-deals", type=int, default=2_000)
    ap.add_argument("--engine-deals", type=int, default=300)
    args = ap.parse_args(argv)
    n, reps = args.deals, args.repeat
    rs = load_ruleset()
    print(f"bench_licitovany_random: random deals to the money, one process; Python "
          f"{platform.python_version()} on {platform.machine()}, {os.cpu_count()} CPUs, "
          f"load average {os.getloadavg()[0]:.2f}; medians of {reps} runs")
    start = time.perf_counter()
    random_deals(rs, 10, seed=0)
    print(f"compile or load of the kernel (first call): {time.perf_counter() - start:.2f} s")
    one: list[float] = []
    cpu: list[float] = []
    chunks: list[float] = []
    plain: list[float] = []
    ref: list[float] = []
    ref_talon: list[float] = []
    for run in range(reps):  # interleaved, so drifting load hits every row alike
        c0 = time.process_time()
        one.append(timed(partial(random_deals, rs, n, seed=run)))
        cpu.append(time.process_time() - c0)
        chunks.append(timed(partial(chunked, rs, n, run)))
        plain.append(timed(partial(random_deals, rs, args.python_deals, seed=run,
                                   compiled=False)))
        ref.append(timed(partial(engine, rs, args.engine_deals, run)))
        ref_talon.append(timed(partial(engine_fast_talon, rs, args.engine_deals, run)))
    header = f"{'':<40} {'median/s':>11} {'min/s':>9} {'max/s':>9}"
    print(header)
    print("-" * len(header))
    lines = [row("fast kernel, one call", n, one),
             row("fast kernel, one call, by CPU time", n, cpu),
             row(f"fast kernel, chunks of {CHUNK:,}", n, chunks),
             row("kernel uncompiled (plain Python)", args.python_deals, plain),
             row("state engine, random legal moves", args.engine_deals, ref),
             row("state engine with fast_talon.discards", args.engine_deals, ref_talon)]
    for text, _ in lines:
        print(text)
    got, slowest = lines[0][1], min(lines[0][1], lines[2][1])
    print(f"fast kernel vs state engine (same run, medians): {got / lines[4][1]:,.0f}×; "
          f"plain-Python kernel vs engine: {lines[3][1] / lines[4][1]:.1f}×; engine with "
          f"fast_talon vs without: {lines[5][1] / lines[4][1]:.2f}×")
    print(f"goal ≥ {GOAL:,} random deals/s: {'met' if slowest >= GOAL else 'NOT met'} "
          f"({got:,.0f} in one call, {lines[2][1]:,.0f} in chunks); load average now "
          f"{os.getloadavg()[0]:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
