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

``--against REV`` times the solver of git revision ``REV`` beside the current one: each runs
in a worker process of its own (``REV``'s ``src`` exported to a temporary folder, kept per
commit with its numba cache), both solve the same deals in alternating chunks (which one
goes first alternates too), so that both are timed under the same load, and the values
are compared deal by deal (an exactness check against the old search). Run:
``.venv/bin/python benchmarks/bench_betel_solver.py --cpu --against HEAD~1``.
"""

from __future__ import annotations

import argparse
import io
import os
import random
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from pathlib import Path
from typing import TYPE_CHECKING

from stolik.games.betel.ruleset import NO_TRUMPS, Ruleset, load_ruleset
from stolik.games.betel.state import Deal

if TYPE_CHECKING:
    from collections.abc import Callable

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


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--deals", type=int, default=300, help="deals per kind (default 300)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--mix", type=int, default=1000,
                    help="deals of the realistic mix (default 1000; 0: none)")
    ap.add_argument("--cpu", action="store_true",
                    help="time the solves in CPU time (steadier on a loaded machine)")
    ap.add_argument("--against", metavar="REV",
                    help="also time the solver of git revision REV, interleaved")
    ap.add_argument("--chunk", type=int, default=25,
                    help="deals per turn of each solver with --against (default 25)")
    ap.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args()
    clock = time.process_time if args.cpu else time.perf_counter
    if args.worker:
        return work(clock)
    if args.against:
        return compare(args)
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
    return 0


def solve(rs: Ruleset, kind: str, seed: int, clock: Callable[[], float]
          ) -> tuple[float, int] | None:
    """The time and value of one solve: a deal of ``kind`` bid by script, or with ``kind``
    "mix" one bid by the heuristic bots (None: not played)."""
    from stolik.games.betel.solver import tricks

    if kind == "mix":
        d = bot_deal(rs, seed)
        if d is None:
            return None
        seat = None if d.contract is not None else d.pos.to_act
    else:
        d, seat = bid_deal(rs, seed, kind), None
    t = clock()
    v = tricks(d, seat)
    return clock() - t, v


def work(clock: Callable[[], float]) -> int:
    """A worker of ``--against``: reads lines "kind seed", answers "time value" (or "-"
    for a deal not played), with the solver that its ``PYTHONPATH`` finds."""
    rs = load_ruleset()
    for kind in KINDS:  # compile or load every kernel before anything is timed
        solve(rs, kind, 0, clock)
    print("ready", flush=True)
    for line in sys.stdin:
        kind, seed = line.split()
        got = solve(rs, kind, int(seed), clock)
        print("-" if got is None else f"{got[0]!r} {got[1]}", flush=True)
    return 0


def export(rev: str) -> Path:
    """The ``src`` folder of git revision ``rev``, exported once per commit to a temporary
    folder (kept: its numba cache too)."""
    root = Path(__file__).resolve().parent.parent
    sha = subprocess.run(["git", "rev-parse", rev], cwd=root, capture_output=True,
                         text=True, check=True).stdout.strip()
    into = Path(tempfile.gettempdir()) / f"stolik-src-{sha[:12]}"
    if not (into / "src").is_dir():
        tar = subprocess.run(["git", "archive", "--format=tar", sha, "src"], cwd=root,
                             capture_output=True, check=True).stdout
        part = Path(tempfile.mkdtemp(prefix="stolik-src-"))
        with tarfile.open(fileobj=io.BytesIO(tar)) as t:
            t.extractall(part, filter="data")
        part.rename(into)
    return into / "src"


class Worker:
    """A worker process solving with the source tree ``src``."""

    def __init__(self, src: Path, cpu: bool) -> None:
        env = dict(os.environ, PYTHONPATH=str(src))
        self.proc = subprocess.Popen(
            [sys.executable, __file__, "--worker", *(["--cpu"] if cpu else [])],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, env=env)
        assert self.proc.stdout is not None
        if self.proc.stdout.readline().strip() != "ready":
            raise RuntimeError(f"the worker on {src} did not start")

    def run(self, jobs: list[tuple[str, int]]) -> list[tuple[float, int] | None]:
        """Solve ``jobs`` (kind, seed): the time and value of each (None: not played)."""
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self.proc.stdin.write("".join(f"{k} {s}\n" for k, s in jobs))
        self.proc.stdin.flush()
        out: list[tuple[float, int] | None] = []
        for _ in jobs:
            line = self.proc.stdout.readline().split()
            out.append(None if line == ["-"] else (float(line[0]), int(line[1])))
        return out

    def close(self) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.close()
        self.proc.wait(timeout=60)


def compare(args: argparse.Namespace) -> int:
    """``--against``: both solvers on the same deals, interleaved; medians side by side."""
    now = Worker(Path(__file__).resolve().parent.parent / "src", args.cpu)
    then = Worker(export(args.against), args.cpu)
    print(f"now vs {args.against}, {'CPU' if args.cpu else 'wall'} time, chunks of "
          f"{args.chunk} deals alternating; load average {os.getloadavg()[0]:.2f}")
    groups = [(kind, [(kind, s) for s in range(args.seed, args.seed + args.deals)])
              for kind in KINDS]
    groups.append(("mix", [("mix", s) for s in range(args.seed, args.seed + args.mix)]))
    for name, jobs in groups:
        if not jobs:
            continue
        a: list[tuple[float, int] | None] = []
        b: list[tuple[float, int] | None] = []
        for i in range(0, len(jobs), args.chunk):
            part = jobs[i:i + args.chunk]
            order = [(now, a), (then, b)] if (i // args.chunk) % 2 == 0 else \
                [(then, b), (now, a)]
            for w, into in order:
                into += w.run(part)
        pairs = [(x, y) for x, y in zip(a, b, strict=True) if x is not None and y is not None]
        differ = sum(x[1] != y[1] for x, y in pairs)
        m_now = statistics.median(x[0] for x, _ in pairs) * 1000
        m_then = statistics.median(y[0] for _, y in pairs) * 1000
        print(f"{name:8} median now {m_now:.3f} ms, {args.against} {m_then:.3f} ms "
              f"({m_then / m_now:.2f}×) over {len(pairs)} deals; values differing: {differ}")
    now.close()
    then.close()
    return 0


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
    sys.exit(main())
