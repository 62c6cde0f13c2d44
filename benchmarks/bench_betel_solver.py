"""Speed of the exact Betel solver (issue 12): the time to solve a deal from the first lead
(goal: median ≤ 2 ms), per contract kind, over seeded random deals. Run:
``.venv/bin/python benchmarks/bench_betel_solver.py [--deals N] [--seed S]``.

Each deal is bid by a fixed script so that the kind wanted is played: the dealer bids a
contract of that kind drawn from the seed (a trump contract of any level and suit, bez atu
of any level, a betelek of any limit, the betel) and the other two pass (BETEL §3).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from stolik.games.betel.ruleset import NO_TRUMPS, Ruleset, load_ruleset
from stolik.games.betel.state import Deal

KINDS = ("trump", "bez-atu", "betelek", "betel")


def kind_of(rs: Ruleset, index: int) -> str:
    """The kind of the contract at ``index`` of the ladder (BETEL §2)."""
    c = rs.contracts[index]
    if c.defenders_free:
        return "betel"
    if c.at_most:
        return "betelek"
    return "bez-atu" if c.trump == NO_TRUMPS else "trump"


def bid_deal(rs: Ruleset, seed: int, kind: str) -> Deal:
    """A random deal at its first lead: the dealer bids a contract of ``kind``."""
    rng = random.Random(seed)
    d = Deal.random(rs, seed % 3, rng)
    choices = [i for i in range(len(rs.contracts)) if kind_of(rs, i) == kind]
    d.move(rs.contracts[rng.choice(choices)].call)
    d.move("pas")
    d.move("pas")
    assert d.phase == "play"
    return d


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--deals", type=int, default=300, help="deals per kind (default 300)")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    rs = load_ruleset()
    t0 = time.perf_counter()
    from stolik.games.betel.solver import tricks
    tricks(bid_deal(rs, 0, "trump"))
    print(f"import + compile/cache load + first solve: {time.perf_counter() - t0:.2f} s")
    all_times: list[float] = []
    for kind in KINDS:
        times: list[float] = []
        for seed in range(args.seed, args.seed + args.deals):
            d = bid_deal(rs, seed, kind)
            t = time.perf_counter()
            tricks(d)
            times.append(time.perf_counter() - t)
        all_times += times
        report(kind, times)
    report("all", all_times)


def report(kind: str, times: list[float]) -> None:
    """One line: the median, p90 and max in ms, against the 2 ms goal."""
    times = sorted(times)
    med = statistics.median(times) * 1000
    p90 = times[int(0.9 * len(times))] * 1000
    print(f"{kind:8} from the first lead: median {med:.3f} ms, p90 {p90:.2f} ms, "
          f"max {times[-1] * 1000:.1f} ms over {len(times)} deals "
          f"(goal ≤ 2 ms: {'met' if med <= 2.0 else 'NOT met'})")


if __name__ == "__main__":
    main()
