"""Speed of the exact Mariáš solver (issue 11): the median time to solve a deal from the first
lead, for trump games (goal ≤ 5 ms) and for betl / durch (goal ≤ 0.5 ms), over seeded random
deals. Run: ``.venv/bin/python benchmarks/bench_marias_solver.py [--deals N] [--seed S]``.

Trump games are bid by a fixed script so that every one is played: the chooser lays the first
of his first four cards and calls the highest other card of its suit, everybody says dobrý,
the chooser announces what he may (hra, or the povinná sto; sedma when he holds the 7 on odd
deals), fleky are passed except where the trhák must flek and the choosing side then says re
(MARIAS §4.1–§4.5). Betl and durch: the first seat after the chooser claims it.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from stolik.games.marias.calls import Call
from stolik.games.marias.ruleset import load_ruleset
from stolik.games.marias.state import Deal


def trump_deal(rs: object, seed: int) -> Deal | None:
    """A random deal bid to the first lead of a trump game, or None (a no-re end)."""
    rng = random.Random(seed)
    d = Deal.random(rs, seed % 4, rng)  # type: ignore[arg-type]
    while d.phase not in ("play", "done"):
        moves = d.legal_calls()
        if d.phase == "choice":
            move = moves[rng.randrange(len(moves))]
        elif d.phase == "approval":
            move = Call("dobry")
        elif d.phase == "announce":
            sedma = [m for m in moves if m.sedma]
            move = sedma[0] if sedma and seed % 2 else moves[0]
        else:
            re = [m for m in moves if m.word == "raise" and m.level == 2]
            move = re[0] if re else (Call("pass") if Call("pass") in moves else moves[0])
        d.call(move)
    return d if d.phase == "play" else None


def claim_deal(rs: object, seed: int, game: str) -> Deal | None:
    """A random deal where the seat after the chooser claims ``game`` (betl or durch)."""
    rng = random.Random(seed)
    d = Deal.random(rs, seed % 4, rng)  # type: ignore[arg-type]
    while d.phase not in ("play", "done"):
        moves = d.legal_calls()
        if d.phase == "choice":
            move = moves[0]
        elif d.phase == "approval":
            move = Call(game) if Call(game) in moves and d.to_act == (d.chooser + 1) % 4 \
                else Call("dobry")
        else:
            move = Call("pass") if Call("pass") in moves else moves[0]
        d.call(move)
    return d if d.phase == "play" else None


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--deals", type=int, default=300, help="deals per kind (default 300)")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    rs = load_ruleset("ctyrka")
    t0 = time.perf_counter()
    from stolik.games.marias.solver import solve
    first = trump_deal(rs, 0)
    assert first is not None
    solve(first)
    print(f"import + compile/cache load + first solve: {time.perf_counter() - t0:.2f} s")
    for kind in ("trump", "betl", "durch"):
        times: list[float] = []
        seed = args.seed
        while len(times) < args.deals:
            d = trump_deal(rs, seed) if kind == "trump" else claim_deal(rs, seed, kind)
            seed += 1
            if d is None:
                continue
            t = time.perf_counter()
            solve(d)
            times.append(time.perf_counter() - t)
        times.sort()
        med = statistics.median(times) * 1000
        p90 = times[int(0.9 * len(times))] * 1000
        goal = 5.0 if kind == "trump" else 0.5
        print(f"{kind:6} from the first lead: median {med:.3f} ms, p90 {p90:.2f} ms, "
              f"max {times[-1] * 1000:.1f} ms over {len(times)} deals "
              f"(goal ≤ {goal} ms: {'met' if med <= goal else 'NOT met'})")


if __name__ == "__main__":
    main()
