"""Run every benchmark (``benchmarks/bench_*.py``), each in its own process, and print
their figures. ``make bench`` runs this; extra arguments are passed to every benchmark
(e.g. ``--repeat 3``). Benchmarks are not tests: they report, and a failing one is named
at the end (exit status 1).
"""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path


def main(argv: list[str]) -> int:
    """Run the benchmarks in name order; the exit status says whether all of them ran."""
    here = Path(__file__).resolve().parent
    failed: list[str] = []
    for path in sorted(here.glob("bench_*.py")):
        print(f"== {path.name}", flush=True)
        start = time.perf_counter()
        done = subprocess.run([sys.executable, str(path), *argv], check=False)
        print(f"== {path.name}: {time.perf_counter() - start:.1f} s"
              f"{'' if done.returncode == 0 else f', exit status {done.returncode}'}\n",
              flush=True)
        if done.returncode != 0:
            failed.append(path.name)
    if failed:
        print("failed: " + ", ".join(failed))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
