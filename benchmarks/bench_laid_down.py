"""Benchmark: the laid-down search (RULES §7) on whole tables, and the shipped-table lookup.

For each distinct card order and goal of the shipped rulesets, the seconds the solver
(:func:`stolik.solver.laid_down.is_laid_down`, compiled) takes to answer all 1,820 hands
× 4 places, and the mean microseconds per question; then the time a fresh process takes
to import the Baśka engine and answer one question from the shipped table (no solver).
The solver's memo is kept between questions of a run, as the table generator uses it.
For comparison, CPU seconds on the 2-core development machine for the three points tables
(zoło/cicha pucka-2019, mester-sport; gran): before issue 15's fix (unsound merging) 1.7,
1.3, 7.9 (11.5 s for all six tables); after 4.8, 4.4, 9.8 (19.5 s for all six).
Run: ``.venv/bin/python benchmarks/bench_laid_down.py``.
"""

from __future__ import annotations

import platform
import subprocess
import sys
import time


def main() -> int:
    """Print the table; exit status 0 (a benchmark reports, it does not fail)."""
    start = time.perf_counter()
    from stolik.games.baska.laid_down import HANDS, _key, shipped_contracts, solve_table
    from stolik.games.baska.ruleset import load_ruleset
    from stolik.games.baska.solver import contract_is_laid_down
    imported = time.perf_counter() - start
    print(f"python {platform.python_version()} on {platform.machine()}; import of the "
          f"solver {imported:.2f} s")
    print(f"{'table (first ruleset, contract)':<34} {'laid':>5} {'seconds':>8} {'µs/question':>12}")
    total = 0.0
    # Load the compiled code with one question, untimed (a table solved twice would be
    # answered from the memo the second time, so each is timed once).
    contract_is_laid_down(rs0 := load_ruleset("pucka-2019"), rs0.contract("gran-du"),
                          HANDS[0], seat=0, forehand=0)
    for rs, c in shipped_contracts():
        t = time.perf_counter()
        laid = solve_table(rs, c)
        spent = time.perf_counter() - t
        total += spent
        name = f"{rs.id} {c.id} ({_key(rs, c)[1]})"
        print(f"{name:<34} {len(laid):>5} {spent:>8.2f} {spent * 1e6 / (4 * len(HANDS)):>12.0f}",
              flush=True)
    print(f"{'all tables':<34} {'':>5} {total:>8.2f}")
    code = ("from stolik.games.baska.ruleset import load_ruleset\n"
            "from stolik.games.baska.laid_down import doubling_limit\n"
            "from stolik.games.baska.deck import DECK\n"
            "rs = load_ruleset('pucka-2019')\n"
            "doubling_limit(rs, rs.contract('zolo'), DECK.parse_mask('QC JC AH QD'), 3)\n"
            "import sys; assert 'numba' not in sys.modules\n")
    t = time.perf_counter()
    subprocess.run([sys.executable, "-c", code], check=True)
    print(f"fresh process: import the engine and answer from the shipped table "
          f"{time.perf_counter() - t:.2f} s (numba not imported)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
