"""CPU time of every bot decision, per game and phase (issue 27.4): the goal at a web table is
at most 1 s of CPU a decision in the worst case and a median of at most 100 ms.

For each game, ``--deals`` seeded deals played to their end by one kind of bot at every seat
(Mariáš, Betel: ``pimc`` and ``heuristic``; Baška: ``pimc`` and ``heuristic``); every
decision with more than one legal move is timed in the deciding thread's CPU time
(``time.thread_time``), and the median, p99 and max are printed per phase (bidding / play).
The numba kernels are compiled (or loaded from numba's cache) first and that time is printed
on its own line, kept out of the figures. With ``--against REV`` the same deals are played by
the code of git revision ``REV`` too (``git archive`` into a temporary folder, run with its
``src`` first on the path), in the same run, and both are printed.

Run: ``.venv/bin/python benchmarks/bench_bot_decisions.py [--deals 20] [--games marias,betel]
[--bots pimc,heuristic] [--against HEAD]``.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent


def _warm(game: str) -> float:
    """Compile or load the game's kernels; CPU seconds."""
    t = time.process_time()
    if game == "marias":
        from stolik.games.marias.solver import warm_up
        warm_up()
    elif game == "betel":
        from stolik.games.betel.solver import warm_up as betel_warm
        betel_warm()
    else:
        from stolik.games.baska.bots.pimc import PimcBot as BaskaPimc
        from stolik.games.baska.ruleset import load_ruleset as baska_rules
        from stolik.games.baska.state import Deal as BaskaDeal
        d = BaskaDeal.random(baska_rules("pucka-2019"), 0, random.Random(0))
        PimcBot = BaskaPimc(seed=0, samples=2)
        v = d.view(d.to_act or 0)
        if len(v.legal_calls) > 1:
            PimcBot.act(v)
    return time.process_time() - t


def _play(game: str, bot: str, deals: int, seed: int) -> list[tuple[str, float]]:
    """(phase, CPU seconds) of every decision with a choice."""
    out: list[tuple[str, float]] = []
    for i in range(deals):
        rng = random.Random(seed + i)
        if game == "marias":
            from stolik.games.marias.bots import make_bot as mbot
            from stolik.games.marias.ruleset import load_ruleset as mrules
            from stolik.games.marias.state import Deal as MDeal
            d: Any = MDeal.random(mrules(), i % 4, rng)
            bots: list[Any] = [mbot(bot, seed + 4 * i + s) for s in range(4)]
            pick = "choose"
        elif game == "betel":
            from stolik.games.betel.bots import make_bot as bbot
            from stolik.games.betel.ruleset import load_ruleset as brules
            from stolik.games.betel.state import Deal as BDeal
            d = BDeal.random(brules(), i % 3, rng)
            bots = [bbot(bot, seed + 3 * i + s) for s in range(3)]
            pick = "act"
        else:
            from stolik.games.baska.bots import make_bot as kbot
            from stolik.games.baska.ruleset import load_ruleset as krules
            from stolik.games.baska.state import Deal as KDeal
            d = KDeal.random(krules("pucka-2019"), i % 4, rng)
            bots = [kbot(bot, seed=seed + 4 * i + s) for s in range(4)]
            pick = "act"
        while not d.is_over:
            seat = d.to_act
            v = d.view(seat)
            legal = getattr(v, "legal", None)
            if legal is None:
                legal = v.legal_calls if v.phase == "auction" else v.legal_cards
            t = time.thread_time()
            m = getattr(bots[seat], pick)(v)
            dt = time.thread_time() - t
            phase = "play" if v.phase == "play" else "bidding"
            if len(legal) > 1:
                out.append((phase, dt))
            if game == "baska":
                if v.phase == "auction":
                    d.call(m)
                else:
                    d.play(m)
            else:
                d.move(m)
    return out


def _worker(args: argparse.Namespace) -> None:
    res: dict[str, Any] = {}
    for game in args.games.split(","):
        res[game] = {"warm": _warm(game)}
        for bot in args.bots.split(","):
            res[game][bot] = _play(game, bot, args.deals, args.seed)
    print(json.dumps(res))


def _figures(rows: list[tuple[str, float]]) -> str:
    lines = []
    for phase in ("bidding", "play"):
        xs = sorted(t for p, t in rows if p == phase)
        if not xs:
            continue
        p99 = xs[min(len(xs) - 1, int(0.99 * len(xs)))]
        lines.append(f"{phase:8} n={len(xs):5}  median {1000 * statistics.median(xs):7.1f} ms"
                     f"  p99 {1000 * p99:7.1f} ms  max {1000 * xs[-1]:7.1f} ms")
    return "\n      ".join(lines)


def _run(src: Path, args: argparse.Namespace) -> dict[str, Any]:
    env = dict(os.environ, PYTHONPATH=str(src))
    cmd = [sys.executable, __file__, "--worker", "--deals", str(args.deals), "--games",
           args.games, "--bots", args.bots, "--seed", str(args.seed)]
    done = subprocess.run(cmd, env=env, capture_output=True, text=True, check=True)
    result: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=20)
    ap.add_argument("--games", default="marias,betel")
    ap.add_argument("--bots", default="pimc,heuristic")
    ap.add_argument("--seed", type=int, default=100)
    ap.add_argument("--against", default=None, help="a git revision to compare with")
    ap.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.worker:
        _worker(args)
        return
    trees = [("this tree", ROOT / "src")]
    with tempfile.TemporaryDirectory() as tmp:
        if args.against:
            arch = Path(tmp) / "old.tar"
            subprocess.run(["git", "-C", str(ROOT), "archive", "-o", str(arch), args.against,
                            "src"], check=True)
            with tarfile.open(arch) as t:
                t.extractall(tmp, filter="data")
            trees.insert(0, (args.against, Path(tmp) / "src"))
        for name, src in trees:
            res = _run(src, args)
            print(f"== {name}")
            for game, r in res.items():
                print(f"  {game}: kernels compiled / loaded in {r['warm']:.2f} s CPU (apart)")
                for bot in args.bots.split(","):
                    print(f"    {bot}: {_figures(r[bot])}")


if __name__ == "__main__":
    main()
