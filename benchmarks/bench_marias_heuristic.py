"""The Mariáš ``heuristic`` bot against ``random`` in a duplicate match (issue 11): the same
seeded deals played six times with the bots moved through the seats
(:mod:`stolik.games.marias.match`); prints heuristic − random in money per deal and seat
with its 95% interval, and the moves the engine refused (goal: 0).
Run: ``.venv/bin/python benchmarks/bench_marias_heuristic.py [--deals N] [--seed S]``
(``--deals 7500`` asks the bots about a million moves).
"""

from __future__ import annotations

import argparse
import time

from stolik.games.marias.match import duplicate
from stolik.games.marias.ruleset import kc, load_ruleset


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--deals", type=int, default=2000, help="deals (each played 6 times)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--a", default="heuristic")
    ap.add_argument("--b", default="random")
    args = ap.parse_args()
    t = time.perf_counter()
    r = duplicate(load_ruleset("ctyrka"), args.a, args.b, deals=args.deals, seed=args.seed)
    dt = time.perf_counter() - t
    lo, hi = r.mean - r.half_width, r.mean + r.half_width
    print(f"{r.a} − {r.b}: {kc(round(r.mean))} Kč per deal and seat, 95% interval "
          f"[{kc(round(lo))}, {kc(round(hi))}] over {r.deals} deals × 6 plays (seed {args.seed})")
    print(f"moves refused by the engine: {r.illegal} of {r.decisions:,} decisions "
          f"({dt:.1f} s, {r.decisions / dt:,.0f} decisions/s)")


if __name__ == "__main__":
    main()
