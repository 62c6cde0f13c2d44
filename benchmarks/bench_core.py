"""Benchmark: the paths the core serves every game, old code against new in the same run
(issue 26.3: "speeds within 5 %").

For each game, through the registry's parts only (so the same script times the code before
and after the machinery moved into the core):

- ``random``: ``simulate`` of random deals, no records (deals a second);
- ``records``: the same with records kept, then the series written as TOML and as JSON;
- ``replay``: the TOML written above read back, parsed and replayed to its JSON result;
- ``arena``: a short duplicate arena of the heuristic against itself (bots, state, sampling).

``--against REV`` times git revision ``REV`` (its ``src`` taken with ``git archive``) beside
the working tree, each measurement in a fresh process, old and new interleaved, and prints
for each row the median seconds of both and the ratio new/old (below 1.05 meets the goal).
The machine is shared and noisy: read ratios, not absolute figures, and rerun a row that
is off. Run: ``.venv/bin/python benchmarks/bench_core.py --against 4ed97f7``
(``--repeat 5``, ``--games marias``, ``--only random replay``).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROWS = ("random", "records", "replay", "arena")
SIZES = {  # deals per measurement: each takes roughly 0.3–2 s on this machine
    "baska": {"random": 20_000, "records": 3_000, "replay": 300, "arena": 60},
    "marias": {"random": 10_000, "records": 2_000, "replay": 300, "arena": 60},
    "betel": {"random": 10_000, "records": 2_000, "replay": 300, "arena": 8},
}
HERE = Path(__file__).resolve().parent
SRC = HERE.parent / "src"


def child(game_id: str, row: str) -> float:
    """Seconds (process CPU time) of one measurement in this process."""
    from stolik.games import game

    spec = game(game_id)
    ruleset = spec.part("ruleset").load_ruleset(spec.default_ruleset)
    sim = spec.part("simulate").simulate
    record = spec.part("record")
    n = SIZES[game_id][row]
    if row == "random":
        start = time.process_time()
        sim(ruleset, n, seed=1, keep_records=False)
        return time.process_time() - start
    if row in ("records", "replay"):
        start = time.process_time()
        done = sim(ruleset, n, seed=2, keep_records=True)
        series = record.series_record(ruleset, done.records)
        text = record.dumps_record(series, "toml")
        record.dumps_record(series, "json")
        took = time.process_time() - start
        if row == "records":
            return took
        from stolik.records import loads_document

        start = time.process_time()
        parsed = record.parse_record(loads_document(text, "toml"))
        json.dumps(record.replay(parsed).to_json())
        return time.process_time() - start
    arena = spec.part("arena")
    start = time.process_time()
    arena.run_arena(("heuristic", "heuristic"), n, ruleset=ruleset, seed=3)
    return time.process_time() - start


def measure(src: Path, game_id: str, row: str) -> float:
    """One measurement in a fresh process importing stolik from ``src``."""
    env = dict(os.environ, PYTHONPATH=str(src), PYTHONDONTWRITEBYTECODE="")
    out = subprocess.run([sys.executable, __file__, "--child", game_id, row],
                         env=env, capture_output=True, text=True, check=True)
    return float(out.stdout.split()[-1])


def old_src(rev: str, into: Path) -> Path:
    """``src`` of git revision ``rev`` unpacked under ``into``."""
    archive = subprocess.run(["git", "-C", str(HERE.parent), "archive", rev, "src"],
                             capture_output=True, check=True).stdout
    subprocess.run(["tar", "-x", "-C", str(into)], input=archive, check=True)
    return into / "src"


def main(argv: list[str] | None = None) -> int:
    """Time the rows; with ``--against`` old and new interleaved, with their ratio."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--child", nargs=2, metavar=("GAME", "ROW"), help=argparse.SUPPRESS)
    ap.add_argument("--against", metavar="REV", help="also time git revision REV")
    ap.add_argument("--repeat", type=int, default=5, help="measurements per figure")
    ap.add_argument("--games", nargs="*", default=list(SIZES))
    ap.add_argument("--only", nargs="*", default=list(ROWS), choices=ROWS)
    args = ap.parse_args(argv)
    if args.child:
        print(f"{child(*args.child):.6f}")
        return 0
    print(f"load average {os.getloadavg()[0]:.1f}; median of {args.repeat} CPU-second "
          "measurements, each in a fresh process", flush=True)
    with tempfile.TemporaryDirectory() as tmp:
        trees = {"new": SRC}
        if args.against:
            trees = {"old": old_src(args.against, Path(tmp)), "new": SRC}
        header = "game    row      " + "  ".join(f"{k:>8}" for k in trees)
        print(header + ("     new/old" if args.against else ""), flush=True)
        for game_id in args.games:
            for row in args.only:
                times: dict[str, list[float]] = {k: [] for k in trees}
                for src in trees.values():  # warm each tree's caches (numba) once
                    measure(src, game_id, row)
                for _ in range(args.repeat):
                    for name, src in trees.items():
                        times[name].append(measure(src, game_id, row))
                med = {k: statistics.median(v) for k, v in times.items()}
                line = f"{game_id:7} {row:8} " + "  ".join(f"{med[k]:8.3f}" for k in trees)
                if args.against:
                    line += f"     {med['new'] / med['old']:.3f}"
                print(line, flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
