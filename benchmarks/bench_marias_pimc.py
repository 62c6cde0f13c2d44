"""Speed and legality of the ``pimc`` Mariáš bot (issue 11).

1. **Decision time**: seeded random deals played to their end by four ``pimc`` bots at
   ``--layouts`` layouts (default 100, the ``pimc`` level); every card decision with more
   than one legal card is timed (sampling + solving). Prints the median and p90 over all
   decisions (goal: median ≤ 300 ms at 100 layouts), the first trick's median on its own
   line, the split by trick, and how many layouts the successive elimination solved.
   With ``--check``, each decision is also made again, untimed, with the elimination off
   (``z = 0``: every card in all the same layouts): prints how often the two agree and the
   mean regret — the full solve's mean money (haléř, for the seat) of its card minus that
   of the card played.
2. **Legality**: ``--legal-deals`` deals played by a cheaper bot mix (``--legal-mix``,
   default random, heuristic and ``pimc`` at ``--legal-layouts`` layouts, rotating over the
   seats), counting every decision of every bot and the moves the engine would refuse
   (goal: 0).

Run: ``.venv/bin/python benchmarks/bench_marias_pimc.py [--deals N] [--layouts L]
[--z Z] [--check] [--legal-deals M] [--legal-layouts K] [--legal-mix random,heuristic,pimc]
[--seed S]``.
"""

from __future__ import annotations

import argparse
import copy
import random
import statistics
import time
from dataclasses import dataclass

from stolik.games.marias.bots import RandomBot
from stolik.games.marias.heuristic import HeuristicBot
from stolik.games.marias.pimc import PimcBot, Z
from stolik.games.marias.ruleset import load_ruleset
from stolik.games.marias.state import Deal


@dataclass
class Timed:
    """One card decision with a choice: completed tricks, seconds, layouts solved, and with
    ``--check`` whether the full solve agreed and its regret (haléř)."""

    trick: int
    seconds: float
    solved: int
    agree: bool = True
    regret: float = 0.0


def decision_times(deals: int, layouts: int, seed: int, z: float = Z,
                   check: bool = False) -> list[Timed]:
    """Every card decision with a choice of ``deals`` deals of four pimc bots."""
    rs = load_ruleset()
    out = []
    for i in range(deals):
        d = Deal.random(rs, i % 4, random.Random(seed + i))
        bots = [PimcBot(layouts, seed=seed + 4 * i + s, z=z) for s in range(4)]
        while not d.is_over:
            seat = d.to_act
            assert seat is not None
            view = d.view(seat)
            bot = bots[seat]
            twin = copy.deepcopy(bot) if check else None
            t = time.perf_counter()
            move = bot.choose(view)
            dt = time.perf_counter() - t
            if d.phase == "play" and sum(isinstance(m, int) for m in view.legal) > 1:
                row = Timed(len(d.history), dt, bot.last_solved)
                if twin is not None:
                    twin.z = 0
                    full = twin.choose(view)
                    assert isinstance(full, int) and isinstance(move, int)
                    row.agree = full == move
                    row.regret = twin.last_values[full] - twin.last_values.get(move, 0.0)
                out.append(row)
            d.move(move)
    return out


def legality(deals: int, layouts: int, seed: int, mix: list[str]) -> tuple[int, int, int]:
    """(decisions, of them pimc's, illegal moves) over ``deals`` deals of the bot ``mix``
    (``random``, ``heuristic``, ``pimc``), rotating over the seats."""
    rs = load_ruleset()
    decisions = pimc = illegal = 0
    for i in range(deals):
        rng = random.Random(seed + i)
        d = Deal.random(rs, i % 4, rng)
        kinds = [mix[(i + s) % len(mix)] for s in range(4)]
        bots: list[RandomBot | HeuristicBot | PimcBot] = [
            RandomBot(random.Random(seed + i + s)) if k == "random" else
            HeuristicBot() if k == "heuristic" else PimcBot(layouts, seed=seed + i + s)
            for s, k in enumerate(kinds)]
        while not d.is_over:
            seat = d.to_act
            assert seat is not None
            move = bots[seat].choose(d.view(seat))
            decisions += 1
            pimc += isinstance(bots[seat], PimcBot)
            if move not in d.legal_moves():
                illegal += 1
                move = d.legal_moves()[0]
            d.move(move)
    return decisions, pimc, illegal


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--deals", type=int, default=8)
    ap.add_argument("--layouts", type=int, default=100)
    ap.add_argument("--z", type=float, default=Z)
    ap.add_argument("--check", action="store_true")
    ap.add_argument("--legal-deals", type=int, default=200)
    ap.add_argument("--legal-layouts", type=int, default=10)
    ap.add_argument("--legal-mix", default="random,heuristic,pimc")
    ap.add_argument("--seed", type=int, default=2026)
    a = ap.parse_args()
    if a.deals:
        decision_times(1, 2, a.seed - 1)  # warm up: numba loads the solver once per process
        times = decision_times(a.deals, a.layouts, a.seed, a.z, a.check)
        ms = sorted(t.seconds * 1000 for t in times)
        first = [t.seconds * 1000 for t in times if t.trick == 0]
        print(f"pimc card decisions at {a.layouts} layouts (z {a.z:g}): {len(ms)} over "
              f"{a.deals} deals")
        print(f"  overall: median {statistics.median(ms):.0f} ms, p90 "
              f"{ms[int(0.9 * len(ms))]:.0f} ms, max {ms[-1]:.0f} ms, total {sum(ms) / 1000:.1f} s")
        if first:
            print(f"  first trick: median {statistics.median(first):.0f} ms ({len(first)})")
        for trick in range(8):
            part = [t for t in times if t.trick == trick]
            if part:
                print(f"  trick {trick + 1}: median "
                      f"{statistics.median(t.seconds * 1000 for t in part):.0f} ms, layouts "
                      f"solved median {statistics.median(t.solved for t in part):.0f} "
                      f"({len(part)})")
        if a.check:
            agree = sum(t.agree for t in times)
            print(f"  against z 0 on the same layouts: {agree}/{len(times)} the same card, "
                  f"mean regret {statistics.fmean(t.regret for t in times):.2f} haléř, "
                  f"max {max(t.regret for t in times):.1f}")
    if a.legal_deals:
        n, p, bad = legality(a.legal_deals, a.legal_layouts, a.seed, a.legal_mix.split(","))
        print(f"legality: {a.legal_deals} deals ({a.legal_mix}; pimc at {a.legal_layouts} "
              f"layouts): {n} decisions, {p} by pimc, {bad} illegal")


if __name__ == "__main__":
    main()
