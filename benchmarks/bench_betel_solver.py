"""Speed of the exact Betel solver (issue 12): the time to solve a deal from the first lead
(goal: median ≤ 2 ms), per contract kind, over seeded random deals. Run:
``.venv/bin/python benchmarks/bench_betel_solver.py [--deals N] [--seed S]``.

Each deal is bid by a fixed script so that the kind wanted is played: the dealer bids a
contract of that kind drawn from the seed (a trump contract of any level and suit, bez atu
of any level, a betelek of any limit, the betel) and the other two pass (BETEL §3). Such a
contract is usually one nobody would bid on those cards (a betelek on a hand that must take
five tricks): the per-kind lines measure the search at its hardest. The *realistic mix*
then takes deals as play brings them: three ``heuristic`` bots bid (dubel looks, exchanges
and kontra included) and the solver counts the declarer's tricks at the first lead (in an
all-pass deal the dealer's) — the mix of contracts, and of hands that fit them, that a bot
solving positions meets; its median is the figure for the 2 ms goal.
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
    ap.add_argument("--mix", type=int, default=1000,
                    help="deals of the realistic mix (default 1000; 0: none)")
    ap.add_argument("--cpu", action="store_true",
                    help="time the solves in CPU time (steadier on a loaded machine)")
    args = ap.parse_args()
    clock = time.process_time if args.cpu else time.perf_counter
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
            t = clock()
            tricks(d)
            times.append(clock() - t)
        all_times += times
        report(kind, times)
    report("all", all_times)
    mix: dict[str, list[float]] = {}
    for seed in range(args.seed, args.seed + args.mix):
        played = bot_deal(rs, seed)
        if played is None:
            continue
        c = played.contract
        kind = "all-pass" if c is None else kind_of(rs, rs.contracts.index(c))
        t = clock()
        tricks(played, None if c is not None else played.pos.to_act)
        mix.setdefault(kind, []).append(clock() - t)
    for kind in (*KINDS, "all-pass"):
        if kind in mix:
            report(f"mix {kind}", mix[kind])
    if mix:
        report("mix", [t for times in mix.values() for t in times])


def bot_deal(rs: Ruleset, seed: int) -> Deal | None:
    """A random deal at its first lead, bid by three ``heuristic`` bots (BETEL §3); None
    when it is not played (an all-pass deal under the ``redeal`` rule)."""
    from stolik.games.betel.bots import make_bot

    d = Deal.random(rs, seed % 3, random.Random(seed))
    bots = [make_bot("heuristic", seed=s) for s in range(3)]
    while d.phase == "auction":
        seat = d.to_act
        assert seat is not None
        d.move(bots[seat].act(d.view(seat)))
    return d if d.phase == "play" else None


def report(kind: str, times: list[float]) -> None:
    """One line: the median, p90 and max in ms, against the 2 ms goal."""
    times = sorted(times)
    med = statistics.median(times) * 1000
    p90 = times[int(0.9 * len(times))] * 1000
    print(f"{kind:13} from the first lead: median {med:.3f} ms, p90 {p90:.2f} ms, "
          f"max {times[-1] * 1000:.1f} ms over {len(times)} deals "
          f"(goal ≤ 2 ms: {'met' if med <= 2.0 else 'NOT met'})")


if __name__ == "__main__":
    main()
