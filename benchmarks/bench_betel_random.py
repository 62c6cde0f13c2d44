"""Benchmark: random Betel deals per second (first call to the score), one pure-Python
process, printed next to Mariáš's and Baśka's simulator figures measured in the same run
(issue 12).

Rows: the Betel kernel (stolik.games.betel.simulate) with the uniform ``random`` bot,
independent deals (no match end), without and with records; the reference Deal engine
driven by random legal moves, for the ratio (the kernel's figure also by this process's
CPU time, steadier on a busy machine); Mariáš's kernel (ctyrka) and Baśka's fast
simulator (pucka-2019), no records. Neither game's benchmark offers a function returning
its figure, so their simulators are timed here with ``bench_marias``'s ``timed`` and
``row``. Each figure is the median of several interleaved runs (min and max beside it).
``--against REV`` adds the kernel as it was at git revision ``REV`` (its ``simulate.py``,
loaded beside the current one), timed in the same interleaved runs, and says whether both
give the same records for the same seeds (a revision before 2026-11-27's new random
stream deals differently): an old/new ratio measured under the same load.
Run: ``.venv/bin/python benchmarks/bench_betel_random.py [--against HEAD~1]``.
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import platform
import random
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path

from bench_marias import row, timed  # the Mariáš benchmark's timing and table row

from stolik.games.baska.ruleset import load_ruleset as load_baska
from stolik.games.baska.simulate import simulate as simulate_baska
from stolik.games.betel.ruleset import load_ruleset
from stolik.games.betel.simulate import simulate
from stolik.games.betel.state import Deal
from stolik.games.marias.ruleset import load_ruleset as load_marias
from stolik.games.marias.simulate import simulate as simulate_marias

GOAL = 20_000
"""Random Betel deals per second the kernel must reach without records (issue 12)."""


def reference(deals: int, seed: int) -> None:
    """``deals`` random deals through the reference engine (uniform legal moves)."""
    rs = load_ruleset()
    rng = random.Random(seed)
    for i in range(deals):
        d = Deal.random(rs, i % 3, rng)
        while not d.is_over:
            d.move(rng.choice(d.legal_moves()))
        d.result()


def kernel_at(rev: str) -> Callable[..., object]:
    """``simulate`` of the Betel kernel as it was at git revision ``rev``."""
    root = Path(__file__).resolve().parent.parent
    text = subprocess.run(["git", "show", f"{rev}:src/stolik/games/betel/simulate.py"],
                          cwd=root, check=True, capture_output=True, text=True).stdout
    path = Path(tempfile.mkdtemp()) / "betel_simulate_then.py"
    path.write_text(text, encoding="utf-8")
    spec = importlib.util.spec_from_file_location("betel_simulate_then", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up
    spec.loader.exec_module(module)
    then: Callable[..., object] = module.simulate
    return then


def main(argv: list[str] | None = None) -> int:
    """Print the table; exit status 0 (a benchmark reports, it does not fail)."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    ap.add_argument("--deals", type=int, default=20_000, help="deals per timed run")
    ap.add_argument("--repeat", type=int, default=5, help="timed runs per figure")
    ap.add_argument("--reference-deals", type=int, default=500)
    ap.add_argument("--against", metavar="REV", help="also time the kernel of git revision REV")
    args, _ = ap.parse_known_args(argv)
    n, reps = args.deals, args.repeat
    rs = load_ruleset()
    then = kernel_at(args.against) if args.against else None
    same = then is not None and all(
        then(rs, 300, seed=seed, match=False).records  # type: ignore[attr-defined]
        == simulate(rs, 300, seed=seed, match=False).records for seed in range(3))
    marias = load_marias("ctyrka")
    baska = load_baska("pucka-2019")
    print(f"bench_betel_random: random full deals per second, one process; Python "
          f"{platform.python_version()} on {platform.machine()}, {os.cpu_count()} CPUs, "
          f"load average {os.getloadavg()[0]:.2f}; {n:,} deals × {reps} runs, medians")
    simulate(rs, 2_000, seed=0, match=False)  # warm-up, untimed
    simulate_marias(marias, 2_000, seed=0)
    simulate_baska(baska, 2_000, seed=0)
    lean: list[float] = []
    lean_cpu: list[float] = []
    kept: list[float] = []
    mar: list[float] = []
    bask: list[float] = []
    old: list[float] = []
    for run in range(reps):  # interleaved, so drifting load hits every row alike
        if then is not None:
            old.append(timed(partial(then, rs, n, seed=run, keep_records=False,
                                     match=False)))
        cpu = time.process_time()
        lean.append(timed(partial(simulate, rs, n, seed=run, keep_records=False,
                                  match=False)))
        lean_cpu.append(time.process_time() - cpu)
        kept.append(timed(partial(simulate, rs, n, seed=run, match=False)))
        mar.append(timed(partial(simulate_marias, marias, n, seed=run, keep_records=False)))
        bask.append(timed(partial(simulate_baska, baska, n, seed=run, keep_records=False)))
    ref = [timed(partial(reference, args.reference_deals, run)) for run in range(3)]
    header = f"{'':<40} {'median/s':>11} {'min/s':>9} {'max/s':>9}"
    print(header)
    print("-" * len(header))
    lines = [row("Betel gps-2022, random bot, no records", n, lean),
             row("Betel, no records, by CPU time", n, lean_cpu),
             row("Betel gps-2022, random bot, with records", n, kept),
             row("Betel reference Deal engine", args.reference_deals, ref),
             row("Mariáš ctyrka simulator, no records", n, mar),
             row("Baśka pucka-2019 simulator, no records", n, bask)]
    if then is not None:
        lines.append(row(f"Betel kernel of {args.against}, no records"[:40], n, old))
    for text, _ in lines:
        print(text)
    got = lines[0][1]
    if then is not None:
        print(f"Betel kernel now vs {args.against} (same run, medians): "
              f"{got / lines[-1][1]:.2f}×; "
              f"{'the same' if same else 'other'} deals for the same seeds")
    print(f"Betel kernel vs reference engine: {got / lines[3][1]:.0f}×; Betel vs Mariáš "
          f"(same run): {got / lines[4][1]:.2f}×; Betel vs Baśka: {got / lines[5][1]:.2f}×")
    print(f"goal ≥ {GOAL:,} random Betel deals/s without records: "
          f"{'met' if got >= GOAL else 'NOT met'} ({got:,.0f} by wall time, "
          f"{lines[1][1]:,.0f} by CPU time); load average now {os.getloadavg()[0]:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
