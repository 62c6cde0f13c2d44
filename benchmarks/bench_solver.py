"""Benchmark: the perfect-information solver on random deals, solved from the first lead.

For each ruleset and contract family — the normal order (plain game: starzy 2 v 2; zoło:
the forehand alone) and the gran order (gran: the forehand alone), each for card points,
and the du contracts (all four tricks, a null-window search) — the median, mean, 90th
percentile and worst microseconds per deal, through the public API
(:meth:`stolik.solver.TrickSolver.value` / ``at_least``). The goal is a median of at most
50 µs. The first line gives the import time of the solver (its compiled code comes from
the on-disk cache; a cold cache compiles it first). Run:
``.venv/bin/python benchmarks/bench_solver.py``.
"""

from __future__ import annotations

import argparse
import platform
import random
import statistics
import sys
import time
from collections.abc import Callable

GOAL_US = 50.0
"""Median microseconds per deal the solver must reach."""


def _deals(count: int, seed: int) -> list[list[int]]:
    rng = random.Random(seed)
    out = []
    for _ in range(count):
        cards = list(range(16))
        rng.shuffle(cards)
        out.append([sum(1 << c for c in cards[4 * s: 4 * s + 4]) for s in range(4)])
    return out


def _time(fn: Callable[[list[int]], object], deals: list[list[int]]) -> list[float]:
    """Microseconds per deal."""
    out = []
    for hands in deals:
        start = time.perf_counter()
        fn(hands)
        out.append((time.perf_counter() - start) * 1e6)
    return out


def main(argv: list[str] | None = None) -> int:
    """Print the table; exit status 0 (a benchmark reports, it does not fail)."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    ap.add_argument("--deals", type=int, default=3000, help="random deals per row")
    ap.add_argument("--repeat", type=int, default=3, help="timed runs per row (median taken)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("rulesets", nargs="*", default=None)
    args, _unknown = ap.parse_known_args(sys.argv[1:] if argv is None else argv)

    start = time.perf_counter()
    from stolik.games.baska.deck import CARD_POINTS, DECK
    from stolik.games.baska.ruleset import available_rulesets, load_ruleset
    from stolik.solver import TrickSolver
    imported = time.perf_counter() - start

    print(f"python {platform.python_version()} on {platform.machine()}; "
          f"import of the solver {imported:.2f} s; {args.deals} deals × {args.repeat} runs")
    print(f"{'ruleset':<13} {'family':<28} {'median µs':>9} {'mean':>7} {'p90':>7} "
          f"{'max':>8}  goal")
    starzy = DECK.parse_mask("QC QS")
    # Fresh deals for every run: the transposition table is kept between calls (as users
    # get it), so a deal solved twice would be answered from it.
    runs_deals = [_deals(args.deals, args.seed * 1000 + r) for r in range(max(1, args.repeat))]
    forehand = 0
    for rid in args.rulesets or available_rulesets():
        rs = load_ruleset(rid)
        rows: list[tuple[str, Callable[[list[int]], object]]] = []
        for oname in ("normal", "gran"):
            order = rs.orders[oname]
            pts = TrickSolver(order, CARD_POINTS)
            tks = TrickSolver(order, [0] * 16, trick_bonus=1)

            def plain(h: list[int], s: TrickSolver = pts) -> object:
                return s.value(h, leader=forehand, team=[x for x in range(4) if h[x] & starzy])

            def lone(h: list[int], s: TrickSolver = pts) -> object:
                return s.value(h, leader=forehand, team=(forehand,))

            def du(h: list[int], s: TrickSolver = tks) -> object:
                return s.at_least(h, leader=forehand, team=(forehand,), target=4)

            if oname == "normal":
                rows.append((f"{oname}: plain, starzy 2v2", plain))
            rows.append((f"{oname}: {'zoło' if oname == 'normal' else 'gran'}, forehand 1v3",
                         lone))
            rows.append((f"{oname}: du, all tricks", du))
        for name, fn in rows:
            fn(_deals(1, -1)[0])
            runs = [_time(fn, deals) for deals in runs_deals]
            med = statistics.median(statistics.median(r) for r in runs)
            mean = statistics.median(statistics.fmean(r) for r in runs)
            p90 = statistics.median(statistics.quantiles(r, n=10)[-1] for r in runs)
            worst = max(max(r) for r in runs)
            ok = "ok" if med <= GOAL_US else "MISSED"
            print(f"{rid:<13} {name:<28} {med:>9.1f} {mean:>7.1f} {p90:>7.1f} {worst:>8.0f}  "
                  f"{ok}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
