"""Speed and legality of the ``pimc`` Betel bot (issue 12).

1. **Card decision time**: ``--deals`` seeded arena deals played to their end by three
   ``pimc`` bots at ``--layouts`` layouts a card (default 100, the ``pimc`` level) and
   ``--bid-layouts`` an auction evaluation; every card decision with more than one legal card
   is timed (sampling, setting up each layout, solving). Prints the median (goal: ≤ 200 ms
   at 100 layouts), p90, max and the median by trick; the auction decisions' median apart.
2. **Legality**: ``--legal-deals`` deals by a bot mix (``--legal-mix``, default random,
   heuristic and ``pimc`` at ``--legal-layouts`` layouts, rotating over the seats) through
   the arena's play loop, every decision counted and every move the engine would refuse
   (goal: 0).

Run: ``.venv/bin/python benchmarks/bench_betel_pimc.py [--deals N] [--layouts L]
[--bid-layouts B] [--legal-deals M] [--legal-layouts K] [--legal-mix random,heuristic,pimc]
[--seed S]``.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from stolik.arena.run import Tally
from stolik.games.betel.arena import deal_hands, play_deal
from stolik.games.betel.bots import make_bot
from stolik.games.betel.pimc import PimcBot
from stolik.games.betel.ruleset import load_ruleset


class Timed:
    """A pimc bot whose every decision is timed: (phase, finished tricks, choices, s)."""

    def __init__(self, bot: PimcBot, log: list[tuple[str, int, int, float]]) -> None:
        self.bot, self.log, self.name = bot, log, bot.name

    def act(self, view: object) -> object:
        t = time.perf_counter()
        move = self.bot.act(view)  # type: ignore[arg-type]
        self.log.append((view.phase, len(view.history), len(view.legal),  # type: ignore[attr-defined]
                         time.perf_counter() - t))
        return move


def timings(deals: int, layouts: int, bid_layouts: int, seed: int
            ) -> list[tuple[str, int, int, float]]:
    """Every decision of three pimc bots over ``deals`` arena deals."""
    rs = load_ruleset()
    log: list[tuple[str, int, int, float]] = []
    for i in range(deals):
        bots = [Timed(PimcBot(layouts, bid_layouts, seed=seed + 3 * i + s), log)
                for s in range(3)]
        play_deal(deal_hands(rs, seed, i), bots)  # type: ignore[arg-type]
    return log


def legality(deals: int, layouts: int, seed: int, mix: list[str]) -> tuple[int, int, int]:
    """(decisions, of them pimc's, illegal moves) over ``deals`` deals of the bot ``mix``."""
    rs = load_ruleset()
    tallies = [Tally() for _ in range(3)]
    pimc = 0
    for i in range(deals):
        kinds = [mix[(i + s) % len(mix)] for s in range(3)]
        bots = [PimcBot(layouts, 2, seed=seed + i + s) if k == "pimc"
                else make_bot(k, seed=seed + i + s) for s, k in enumerate(kinds)]
        before = [t.decisions for t in tallies]
        play_deal(deal_hands(rs, seed, i), bots, on_illegal="count",
                  rng=random.Random(seed + i), tallies=tallies)
        pimc += sum(tallies[s].decisions - before[s] for s in range(3) if kinds[s] == "pimc")
    return sum(t.decisions for t in tallies), pimc, sum(t.illegal for t in tallies)


def _ms(xs: list[float]) -> str:
    xs = sorted(x * 1000 for x in xs)
    return (f"median {statistics.median(xs):.0f} ms, p90 {xs[int(0.9 * len(xs))]:.0f} ms, "
            f"max {xs[-1]:.0f} ms ({len(xs)} decisions)")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--deals", type=int, default=6)
    ap.add_argument("--layouts", type=int, default=100)
    ap.add_argument("--bid-layouts", type=int, default=16)
    ap.add_argument("--legal-deals", type=int, default=100)
    ap.add_argument("--legal-layouts", type=int, default=5)
    ap.add_argument("--legal-mix", default="random,heuristic,pimc")
    ap.add_argument("--seed", type=int, default=2026)
    a = ap.parse_args()
    if a.deals:
        timings(1, 2, 2, a.seed - 1)  # warm up: numba loads the solver once per process
        log = timings(a.deals, a.layouts, a.bid_layouts, a.seed)
        cards = [(k, t) for phase, k, n, t in log if phase == "play" and n > 1]
        print(f"pimc card decisions at {a.layouts} layouts over {a.deals} deals: "
              f"{_ms([t for _, t in cards])} — goal median ≤ 200 ms")
        for trick in range(10):
            part = [t for k, t in cards if k == trick]
            if part:
                print(f"  trick {trick + 1}: median {statistics.median(part) * 1000:.0f} ms "
                      f"({len(part)})")
        bids = [t for phase, _, _, t in log if phase == "auction"]
        if bids:
            print(f"pimc auction steps at {a.bid_layouts} layouts: {_ms(bids)}")
    if a.legal_deals:
        counts = legality(a.legal_deals, a.legal_layouts, a.seed, a.legal_mix.split(","))
        what = ("decisions", "by pimc", "illegal")
        print(f"legality over {a.legal_deals} deals of {a.legal_mix} (pimc: "
              f"{a.legal_layouts} layouts a card, 2 a bid): "
              + ", ".join(f"{n} {w}" for n, w in zip(counts, what, strict=True)))


if __name__ == "__main__":
    main()
