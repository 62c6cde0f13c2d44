"""Speed of the exact licitovaný solver (issue 28.4): the time to solve a deal from the
first lead (goal: median ≤ 5 ms), per contract kind, over seeded random deals. Run:
``.venv/bin/python benchmarks/bench_licitovany_solver.py [--deals N] [--seed S]``.

Each deal is brought to its first lead by
:func:`~stolik.games.licitovany.contract_deals.contract_deal`: the zadák bids the lowest
rung alone, lays a random pair away and names a contract of the kind wanted (any trump,
helper), with random fleky (LICITOVANY §4). A dvě sedmy's aktér holds both sevens (without
them it is lost before a card is played, and its solve is no measure). Such contracts are
usually not ones anybody would bid on those cards: the lines measure the search at its
hardest. Compilation (or loading numba's cache) is timed apart, first; each solve is
timed alone, the money table included: its CPU time (:func:`time.process_time`: a loaded
machine stretches the wall clock, not this) and, in the last column, the wall clock's
median.
"""

from __future__ import annotations

import argparse
import statistics
import time

from stolik.games.licitovany import solver
from stolik.games.licitovany.contract_deals import contract_deal
from stolik.games.licitovany.ladder import RUNGS
from stolik.games.licitovany.ruleset import load_ruleset


def quantile(xs: list[float], q: float) -> float:
    """The ``q`` quantile of ``xs`` (nearest rank)."""
    s = sorted(xs)
    return s[min(len(s) - 1, int(q * len(s)))]


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=40, help="deals per contract kind")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--rungs", default="", help="comma-separated rungs (default all 12)")
    args = ap.parse_args(argv)
    rs = load_ruleset()
    t0 = time.perf_counter()
    kernels = solver.warm_up()
    print(f"compile / cache load: {time.perf_counter() - t0:.2f} s ({kernels} searches)")
    rungs = [int(r) for r in args.rungs.split(",")] if args.rungs else sorted(RUNGS)
    every: list[float] = []
    every_wall: list[float] = []
    print(f"{'CPU time of a solve':<28} {'deals':>5} {'median ms':>10} {'p90 ms':>8} "
          f"{'max ms':>8} {'wall median':>12}")
    for rung in rungs:
        times, wall = [], []
        for i in range(args.deals):
            d = contract_deal(rs, args.seed * 100_003 + 1000 * rung + i, rung,
                              sevens=RUNGS[rung].helper)
            t, c = time.perf_counter(), time.process_time()
            money = solver.solve(d)
            times.append(1000 * (time.process_time() - c))
            wall.append(1000 * (time.perf_counter() - t))
            assert isinstance(money, int)
        every += times
        every_wall += wall
        print(f"{rung:>2} {RUNGS[rung].word:<25} {len(times):>5} "
              f"{statistics.median(times):>10.2f} {quantile(times, 0.9):>8.2f} "
              f"{max(times):>8.2f} {statistics.median(wall):>12.2f}")
    print(f"{'all':<28} {len(every):>5} {statistics.median(every):>10.2f} "
          f"{quantile(every, 0.9):>8.2f} {max(every):>8.2f} "
          f"{statistics.median(every_wall):>12.2f}")


if __name__ == "__main__":
    main()
