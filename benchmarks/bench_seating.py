"""Benchmark: quality and speed of the tournament seating draw (RULES §10, seed 000 §7w).

For each player count, over 5 rounds (seed 000 §7m) and ``--seeds`` seeds, the mean of:
pairs who met more than once, excess meetings (sum over pairs of ``max(0, meetings − 1)``),
team-mate pairs seated together (teams of 4 consecutive players), the sit-out spread (most
minus fewest sit-outs of a player; 0 or 1 is fair), and milliseconds per round. The same
figures for a uniformly random draw (shuffle, cut into tables, the first ``N mod 4`` sit out)
are shown beside. Run: ``.venv/bin/python benchmarks/bench_seating.py``.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from dataclasses import dataclass

from stolik.tournament.seating import (
    SeatingHistory,
    draw_round,
    plan_tournament,
    random_draw,
)

SIZES = (16, 18, 20, 32, 43, 44, 60)
ROUNDS = 5


@dataclass(frozen=True)
class Figures:
    """Means over seeds."""

    repeat_pairs: float
    excess: float
    clashes: float
    spread: float
    ms_per_round: float


def measure(n: int, seeds: int, method: str) -> Figures:
    """Figures of one method (``stolik``, ``sequential`` or ``random``) for ``n`` players."""
    players = [f"P{i:02d}" for i in range(n)]
    teams = {p: f"T{i // 4}" for i, p in enumerate(players)}
    pairs, excess, clashes, spread, ms = [], [], [], [], []
    for seed in range(seeds):
        start = time.perf_counter()
        if method == "stolik":
            plans = plan_tournament(players, ROUNDS, teams=teams, seed=seed)
        elif method == "sequential":
            rng = random.Random(seed)
            history = SeatingHistory()
            plans = []
            for _ in range(ROUNDS):
                plans.append(draw_round(players, history, teams=teams, rng=rng))
                history = history.record(plans[-1], teams)
        else:
            plans = random_draw(players, ROUNDS, seed)
        ms.append((time.perf_counter() - start) * 1000 / ROUNDS)
        h = SeatingHistory.from_plans(plans, teams)
        pairs.append(h.repeat_pairs)
        excess.append(h.repeat_meetings)
        clashes.append(h.team_clashes)
        outs = [h.sit_outs.get(p, 0) for p in players]
        spread.append(max(outs) - min(outs))
    mean = statistics.fmean
    return Figures(mean(pairs), mean(excess), mean(clashes), mean(spread), mean(ms))


def main() -> None:
    """Print the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=20)
    parser.add_argument("--sizes", type=int, nargs="*", default=list(SIZES))
    args = parser.parse_args()
    print(f"{ROUNDS} rounds, mean over {args.seeds} seeds, teams of 4 consecutive players")
    print("stolik = plan_tournament (round by round, then polished as a whole);")
    print("sequential = draw_round round by round only (how a live tournament draws)")
    head = f"{'players':>7} {'method':<10} {'rep.pairs':>9} {'excess':>7} {'team':>6} "
    print(head + f"{'spread':>6} {'ms/round':>9}")
    for n in args.sizes:
        for method in ("stolik", "sequential", "random"):
            f = measure(n, args.seeds, method)
            print(f"{n:>7} {method:<10} {f.repeat_pairs:>9.2f} {f.excess:>7.2f} "
                  f"{f.clashes:>6.2f} {f.spread:>6.2f} {f.ms_per_round:>9.1f}")


if __name__ == "__main__":
    main()
