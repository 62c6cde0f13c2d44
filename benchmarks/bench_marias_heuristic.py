"""The Mariáš ``heuristic`` bot against ``random`` in a duplicate match (issue 11): the same
seeded deals played six times with the bots moved through the seats
(:mod:`stolik.games.marias.arena`, the arena's duplicate seatings); prints heuristic −
random in money per deal and seat with its 95% interval, and the moves the engine refused
(goal: 0).
Run: ``.venv/bin/python benchmarks/bench_marias_heuristic.py [--deals N] [--seed S]``
(``--deals 7500`` asks the bots about a million moves).
"""

from __future__ import annotations

import argparse
import time

from stolik.games.marias.arena import run_arena
from stolik.games.marias.ruleset import load_ruleset


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--deals", type=int, default=2000, help="deals (each played 6 times)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--a", default="heuristic")
    ap.add_argument("--b", default="random")
    args = ap.parse_args()
    t = time.perf_counter()
    r = run_arena([args.a, args.b], args.deals, ruleset=load_ruleset("ctyrka"), seed=args.seed,
                  on_illegal="count")
    dt = time.perf_counter() - t
    d = r.pairs[0].diff
    print(f"{args.a} − {args.b}: {d.mean:+.2f} Kč per deal and seat, 95% interval "
          f"[{d.low:+.2f}, {d.high:+.2f}] over {r.deals} deals × {r.seatings} seatings "
          f"(seed {args.seed})")
    illegal = sum(b.illegal for b in r.bots)
    print(f"moves refused by the engine: {illegal} of {r.decisions:,} decisions "
          f"({dt:.1f} s, {r.decisions / dt:,.0f} decisions/s)")


if __name__ == "__main__":
    main()
