"""Benchmark: how long the ``stolik`` commands a person types take, each run as a whole
process (start-up and imports included), as the person waits for it (issue 9.5).

Goals: ``stolik --help`` ≤ 0.3 s; ``check`` and ``replay`` of a 32-deal record ≤ 0.5 s;
``tournament new`` and ``tournament sheet add`` ≤ 0.5 s. Each command runs once to warm
up (compiled bytecode, caches), then ``--runs`` times; the median wall time is printed
beside its goal, with the median CPU time of the process (user + system) — on a busy
machine the wall time grows while the CPU time stays, so the two tell load from work. The
first line says the load average and whether Python may write bytecode (with
``PYTHONDONTWRITEBYTECODE`` set, stolik's own modules are compiled again on every run).
The record is a seeded simulated series (``stolik simulate --deals 32 --seed 1``); the
tournament a temporary SQLite file at head, one round started (``sheet add`` enters its
table's next deal). Run: ``.venv/bin/python benchmarks/bench_cli.py`` (``--strict``: exit
status 1 when a goal is missed).

Where the tournament commands' time goes (``python -X importtime -m stolik tournament
new …``): on this benchmark's SQLite file, already at the newest schema, no SQLAlchemy at
all — the store's Core part runs its statements, compiled once from the same SQLAlchemy
constructs, on the standard library's ``sqlite3`` (:mod:`stolik.tournament.sqlite_fast`;
a new file, an older schema or PostgreSQL go through SQLAlchemy Core, about 0.25 s more).
What is left is Python's start, Typer, which coerces every non-flag parameter with a
pydantic ``TypeAdapter`` (``typer._coercion`` → ``typer._adapters`` imports pydantic: about
0.1 s to import, 0.03 s more to build the adapters; Typer 0.29 has no supported way around
it — the pydantic on these paths is Typer's, not the web's), and the game's engine: the
ruleset, the sheet line's scoring.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from pathlib import Path


def stolik_command() -> list[str]:
    """The installed ``stolik`` script beside this Python, else ``python -m stolik``."""
    script = Path(sys.executable).with_name("stolik")
    return [str(script)] if script.exists() else [sys.executable, "-m", "stolik"]


def _cpu() -> float:
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    return used.ru_utime + used.ru_stime


def run(argv: Sequence[str], env: dict[str, str], cwd: Path) -> tuple[float, float]:
    """Seconds one whole process took, wall and CPU; a failing command stops the
    benchmark."""
    cpu = _cpu()
    start = time.perf_counter()
    done = subprocess.run(list(argv), env=env, cwd=cwd, capture_output=True, check=False)
    seconds = time.perf_counter() - start
    if done.returncode != 0:
        raise SystemExit(f"bench_cli: {' '.join(argv[1:])} failed "
                         f"({done.returncode}): {done.stderr.decode(errors='replace')}")
    return seconds, _cpu() - cpu


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", "-n", type=int, default=7, help="timed runs per command")
    ap.add_argument("--strict", action="store_true", help="exit 1 when a goal is missed")
    args, _ = ap.parse_known_args()  # `make bench` may pass options meant for others
    stolik = stolik_command()
    with tempfile.TemporaryDirectory() as tmp:
        cwd = Path(tmp)
        env = {**os.environ, "STOLIK_DB": str(cwd / "bench.db"), "STOLIK_WHO": "bench",
               "COLUMNS": "100"}
        run([*stolik, "simulate", "--deals", "32", "--seed", "1", "--out", "rec.toml"],
            env, cwd)
        run([*stolik, "tournament", "new", "t0", "--name", "Bench", "-r", "pucka-2019",
             "--rounds", "1", "--deals", "500"], env, cwd)
        (cwd / "players.csv").write_text(
            "id,name\n" + "".join(f"p{i},Gracz {i}\n" for i in range(1, 5)), "utf-8")
        run([*stolik, "tournament", "players", "import", "t0", "players.csv"], env, cwd)
        run([*stolik, "tournament", "seat", "t0"], env, cwd)
        run([*stolik, "tournament", "round", "start", "t0", "1"], env, cwd)
        counter = iter(range(1, 10_000))

        def new_slug() -> list[str]:
            return [*stolik, "tournament", "new", f"b{next(counter)}", "--name", "Bench",
                    "-r", "pucka-2019"]

        cases: list[tuple[str, float, Callable[[], list[str]]]] = [
            ("stolik --help", 0.3, lambda: [*stolik, "--help"]),
            ("stolik check (32 deals)", 0.5, lambda: [*stolik, "check", "rec.toml"]),
            ("stolik replay (32 deals)", 0.5, lambda: [*stolik, "replay", "rec.toml"]),
            ("stolik tournament new", 0.5, new_slug),
            ("stolik tournament sheet add", 0.5,
             lambda: [*stolik, "tournament", "sheet", "add", "t0", "1", "1", "contract=gran",
                      "declarer=1", "points=61"]),
        ]
        missed = []
        bytecode = "not written (PYTHONDONTWRITEBYTECODE)" if os.environ.get(
            "PYTHONDONTWRITEBYTECODE") else "written and reused"
        print(f"{' '.join(stolik)} — median of {args.runs} runs, each a whole process; "
              f"load average {os.getloadavg()[0]:.2f} on {os.cpu_count()} CPUs; bytecode "
              f"{bytecode}")
        for label, goal, argv in cases:
            run(argv(), env, cwd)  # warm-up
            runs = [run(argv(), env, cwd) for _ in range(args.runs)]
            times = [wall for wall, _cpu in runs]
            median = statistics.median(times)
            ok = median <= goal
            if not ok:
                missed.append(label)
            print(f"{label:<30} median {median:5.2f} s  (min {min(times):.2f}, max "
                  f"{max(times):.2f}; CPU {statistics.median(c for _w, c in runs):.2f} s)  "
                  f"goal ≤ {goal:.1f} s  {'ok' if ok else 'MISSED'}", flush=True)
    if missed:
        print("missed: " + ", ".join(missed))
    return 1 if missed and args.strict else 0


if __name__ == "__main__":
    sys.exit(main())
