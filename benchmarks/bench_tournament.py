"""Benchmark: entering a whole tournament deal by deal through the store (RULES §10).

The issue's biggest case: ``--players`` (60) at tables of four, 5 rounds of 32 deals, every
deal a paper-sheet line entered as its own transaction (checked by scoring the whole
tournament again, with an audit line). Prints the median and the 99th percentile of one
entry's latency per round — it grows with the deals already entered — and the time to
compute the standings at the end. SQLite file in a temporary folder; ``--db URL`` for
PostgreSQL. Run: ``.venv/bin/python benchmarks/bench_tournament.py``.
"""

from __future__ import annotations

import argparse
import random
import statistics
import tempfile
import time
from pathlib import Path

from stolik.db import open_database
from stolik.tournament import store


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--players", type=int, default=60)
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--deals", type=int, default=32)
    ap.add_argument("--db", default=None, help="database URL (default: a temporary SQLite)")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        url = args.db or f"sqlite:///{Path(tmp) / 'bench.db'}"
        db = open_database(url, migrate=True)
        store.create_tournament(db, "bench", name="Bench", ruleset="pucka-2019", who="bench",
                                rounds=args.rounds, deals=args.deals)
        store.add_players(db, "bench", [(f"p{i}", f"Gracz {i}", None)
                                        for i in range(args.players)], who="bench")
        rng = random.Random(1)
        print(f"{args.players} players, {args.rounds} rounds of {args.deals} deals "
              f"({db.url})")
        for rnd in range(1, args.rounds + 1):
            plan = store.seat_round(db, "bench", who="bench")
            times = []
            for table in range(1, len(plan.tables) + 1):
                for _ in range(args.deals):
                    line = {"contract": "gran", "declarer": rng.randrange(4),
                            "points": rng.choice((40, 70, 90))}
                    t0 = time.perf_counter()
                    store.enter_deal(db, "bench", rnd, table, line, who="bench",
                                     started_at=None)
                    times.append(time.perf_counter() - t0)
            q = statistics.quantiles(times, n=100)
            print(f"round {rnd}: {len(times)} entries, one entry median "
                  f"{statistics.median(times) * 1000:.0f} ms, p99 {q[98] * 1000:.0f} ms")
        t0 = time.perf_counter()
        store.result_of(db, "bench")
        print(f"standings of the whole tournament: {(time.perf_counter() - t0) * 1000:.0f} ms")
        db.dispose()


if __name__ == "__main__":
    main()
