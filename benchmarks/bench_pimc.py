"""Benchmark: the ``pimc`` bot's decisions and a deal review, at 200 layouts.

Random deals are played out by four ``pimc`` bots; every decision with more than one legal
move is timed (sampling the layouts and solving them included): the median, 90th percentile
and worst milliseconds per card decision (and for the first lead of the deal alone, the
hardest one) and per auction decision, then the time of
:func:`stolik.games.baska.analysis.review` of one seat over a whole deal. The goal is a
median of at most 100 ms per card decision. Run: ``.venv/bin/python benchmarks/bench_pimc.py``.
"""

from __future__ import annotations

import argparse
import platform
import random
import statistics
import sys
import time

GOAL_MS = 100.0
"""Median milliseconds per card decision at 200 layouts the bot must reach."""


def _row(name: str, ms: list[float], goal: float | None = None) -> str:
    if not ms:
        return f"{name:<30} {'-':>7}"
    med = statistics.median(ms)
    p90 = statistics.quantiles(ms, n=10)[-1] if len(ms) > 1 else ms[0]
    ok = "" if goal is None else ("  ok" if med <= goal else "  MISSED")
    return f"{name:<30} {med:>7.1f} {p90:>7.1f} {max(ms):>7.1f} {len(ms):>6}{ok}"


def main(argv: list[str] | None = None) -> int:
    """Print the table; exit status 0 (a benchmark reports, it does not fail)."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    ap.add_argument("--deals", type=int, default=12, help="random deals per ruleset")
    ap.add_argument("--samples", type=int, default=200, help="layouts per decision")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("rulesets", nargs="*", default=None)
    args, _unknown = ap.parse_known_args(sys.argv[1:] if argv is None else argv)

    start = time.perf_counter()
    from stolik.games.baska.analysis import review
    from stolik.games.baska.bots.pimc import PimcBot
    from stolik.games.baska.calls import Call
    from stolik.games.baska.ruleset import available_rulesets, load_ruleset
    from stolik.games.baska.state import Deal
    imported = time.perf_counter() - start
    print(f"python {platform.python_version()} on {platform.machine()}; imports "
          f"{imported:.2f} s; {args.deals} deals per ruleset, {args.samples} layouts")
    print(f"{'ruleset':<13} {'decision (ms)':<30} {'median':>7} {'p90':>7} {'max':>7} "
          f"{'count':>6}")
    warm = Deal.random(load_ruleset(), 0, random.Random(-1))
    PimcBot(seed=0, samples=4).act(warm.view(2))           # dealer 0: seat 2 speaks first
    for rid in args.rulesets or available_rulesets():
        rs = load_ruleset(rid)
        cards: list[float] = []
        leads: list[float] = []
        calls: list[float] = []
        reviews: list[float] = []
        for i in range(args.deals):
            deal = Deal.random(rs, i % 4, random.Random(args.seed * 10_000 + i))
            bots = [PimcBot(seed=args.seed + s, samples=args.samples) for s in range(4)]
            while not deal.is_over:
                seat = deal.to_act
                assert seat is not None
                view = deal.view(seat)
                legal = view.legal_calls if view.phase == "auction" else view.legal_cards
                t = time.perf_counter()
                move = bots[seat].act(view)
                ms = (time.perf_counter() - t) * 1e3
                if len(legal) > 1:
                    if view.phase == "auction":
                        calls.append(ms)
                    else:
                        cards.append(ms)
                        if not view.plays:
                            leads.append(ms)
                deal.call(move) if isinstance(move, Call) else deal.play(move)
            t = time.perf_counter()
            review(deal, i % 4, rng=random.Random(i))
            reviews.append((time.perf_counter() - t) * 1e3)
        print(_row(f"{rid:<13} card", cards, GOAL_MS))
        print(_row(f"{rid:<13} card: first lead", leads))
        print(_row(f"{rid:<13} call", calls))
        print(_row(f"{rid:<13} review of a deal", reviews), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
