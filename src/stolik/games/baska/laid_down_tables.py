"""Writing and checking the shipped laid-down tables (RULES §7; issue 15, issue 9 item 5).

``scripts/laid_down_tables.py`` runs :func:`main`:

* ``--generate`` solves every hand (1,820) at every place (4) for every distinct card
  order, goal and target of the shipped rulesets (:func:`shipped_contracts`) and writes
  ``laid_down_tables.json`` beside :mod:`stolik.games.baska.laid_down`;
* ``--check`` compares that file with the solver (about 30 s);
* ``--reference`` compares it with the explicit-layout reference
  :func:`stolik.solver.brute.brute_laid_down`, every question (hours on one core) or every
  ``--every``-th. ``--classes`` asks one hand of each class of hands that the card
  order's automorphisms (:func:`stolik.solver.brute.order_automorphisms`: renamings of
  the cards that change nothing in play) make equivalent, after checking that the table
  gives every hand of a class the same answer. ``--results FILE`` keeps each answer as a
  JSON line, so an interrupted run goes on where it stopped.

Exit status 1 when anything disagrees.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Iterable, Sequence
from pathlib import Path

from stolik.games.baska.deck import CARD_POINTS, DECK
from stolik.games.baska.laid_down import (
    HANDS,
    SOLVER_VERSION,
    TABLES,
    _key,
    _name,
    shipped_contracts,
    shipped_table,
    solve_table,
)
from stolik.games.baska.ruleset import Contract, Ruleset, load_ruleset

Question = tuple[str, str, int, int]
"""(ruleset id, contract id, hand, place after forehand)."""


def reference_answer(rs: Ruleset, contract: Contract, hand: int, place: int) -> bool:
    """The explicit-layout reference's answer: is ``hand`` at ``place`` after forehand
    (who leads) laid down in ``contract``?"""
    from stolik.solver.brute import brute_laid_down

    hands = [0, 0, 0, 0]
    hands[place] = hand
    return brute_laid_down(rs.order_of(contract), CARD_POINTS, hands, declarer=place,
                           leader=0, goal=contract.goal, target=rs.points_to_win)


def hand_classes(rs: Ruleset, contract: Contract) -> dict[int, list[int]]:
    """The hands by class: each class's smallest hand (its representative) → its hands,
    under the automorphisms of ``contract``'s card order.

    >>> from stolik.games.baska.ruleset import load_ruleset
    >>> rs = load_ruleset("pucka-2019")
    >>> len(hand_classes(rs, rs.contract("gran")))     # of 1,820 hands
    189
    """
    from stolik.solver.brute import order_automorphisms, rename

    perms = order_automorphisms(rs.order_of(contract), CARD_POINTS)
    classes: dict[int, list[int]] = {}
    for h in HANDS:
        classes.setdefault(min(rename(h, p) for p in perms), []).append(h)
    return classes


def questions(*, classes: bool, laid_only: bool = False) -> tuple[list[Question], int]:
    """The reference questions, ordered hand by hand (so that the reference's list of
    layouts is reused across contracts), and the number of class members whose table
    answer differs from their representative's (0 unless the table is wrong)."""
    out: list[Question] = []
    uneven = 0
    for rs, c in shipped_contracts():
        table = shipped_table(rs, c) or frozenset()
        if classes:
            for rep, members in hand_classes(rs, c).items():
                for o in range(4):
                    answers = {h << 2 | o in table for h in members}
                    if len(answers) > 1:
                        uneven += 1
                        print(f"UNEVEN {rs.id} {c.id} {DECK.format_mask(rep)} place {o}: "
                              "the table answers the class's hands differently", flush=True)
                    if not laid_only or rep << 2 | o in table:
                        out.append((rs.id, c.id, rep, o))
        else:
            out += [(rs.id, c.id, h, o) for h in HANDS for o in range(4)
                    if not laid_only or h << 2 | o in table]
    out.sort(key=lambda q: (q[2], q[3]))
    return out, uneven


def _generate(path: Path) -> int:
    tables: dict[str, list[int]] = {}
    for rs, c in shipped_contracts():
        start = time.perf_counter()
        tables[_name(_key(rs, c))] = solve_table(rs, c)
        print(f"{rs.id} {c.id}: {len(tables[_name(_key(rs, c))])} laid down of "
              f"{4 * len(HANDS)} ({time.perf_counter() - start:.1f} s)", flush=True)
    text = json.dumps({"solver": SOLVER_VERSION, "tables": tables}, separators=(",", ":"))
    path.write_text(text + "\n", encoding="utf-8")
    print(f"wrote {path}")
    return 0


def _reference_one(job: Question) -> tuple[Question, bool, float]:
    """The reference's answer to one question and its time (for a worker process)."""
    rid, cid, hand, place = job
    rs = load_ruleset(rid)
    start = time.perf_counter()
    got = reference_answer(rs, rs.contract(cid), hand, place)
    return job, got, time.perf_counter() - start


def _check_solver() -> int:
    bad = 0
    for rs, c in shipped_contracts():
        table = shipped_table(rs, c)
        if table is None:
            print(f"{rs.id} {c.id}: no shipped table (solver version {SOLVER_VERSION})")
            bad += 1
            continue
        start = time.perf_counter()
        wrong = sorted(set(solve_table(rs, c)) ^ table)
        bad += len(wrong)
        print(f"{rs.id} {c.id}: {len(wrong)} of {4 * len(HANDS)} differ from the solver "
              f"({time.perf_counter() - start:.1f} s)", flush=True)
    return 1 if bad else 0


def _check_reference(*, jobs: int, every: int, laid_only: bool, classes: bool,
                     results: Path | None) -> int:
    for rs, c in shipped_contracts():
        if shipped_table(rs, c) is None:
            print(f"{rs.id} {c.id}: no shipped table (solver version {SOLVER_VERSION})")
            return 1
    todo, bad = questions(classes=classes, laid_only=laid_only)
    todo = todo[::every]
    done: dict[Question, bool] = {}
    if results is not None and results.exists():
        for line in results.read_text(encoding="utf-8").splitlines():
            r = json.loads(line)
            done[(r["ruleset"], r["contract"], r["hand"], r["place"])] = r["laid"]
    total = len(todo)
    start = time.perf_counter()
    known = [(q, done[q], 0.0) for q in todo if q in done]
    bad += _tally(known, total, start, None, quiet=True)
    rest = [q for q in todo if q not in done]
    if known:
        print(f"{len(known)} answers read from {results} ({bad} disagree); "
              f"{len(rest)} to ask", flush=True)
    if jobs > 1:
        from multiprocessing import Pool

        with Pool(jobs) as pool:
            bad += _tally(pool.imap(_reference_one, rest, chunksize=4), total, start,
                          results, first=len(known))
    else:
        bad += _tally(map(_reference_one, rest), total, start, results, first=len(known))
    what = "class representatives" if classes else "questions"
    print(f"{total} {what} against the explicit-layout reference in "
          f"{time.perf_counter() - start:.0f} s: {bad} disagree")
    return 1 if bad else 0


def _tally(results: Iterable[tuple[Question, bool, float]], total: int, start: float,
           out: Path | None, *, first: int = 0, quiet: bool = False) -> int:
    """Compare answers with the tables, print each disagreement and the progress (after
    ``first`` answers already counted), append the answers to ``out``; the disagreements."""
    bad = 0
    sink = out.open("a", encoding="utf-8") if out is not None else None
    try:
        for n, ((rid, cid, hand, place), got, took) in enumerate(results, first + 1):
            rs = load_ruleset(rid)
            c = rs.contract(cid)
            table = shipped_table(rs, c) or frozenset()
            if sink is not None:
                sink.write(json.dumps({"ruleset": rid, "contract": cid, "hand": hand,
                                       "place": place, "laid": got, "s": round(took, 3)})
                           + "\n")
                sink.flush()
            if got != (hand << 2 | place in table):
                bad += 1
                print(f"DISAGREE {rid} {cid} {DECK.format_mask(hand)} place {place}: "
                      f"reference {got}, table {not got}", flush=True)
            if not quiet and n % max(1, min(200, total // 20)) == 0:
                print(f"  {n}/{total} ({time.perf_counter() - start:.0f} s, {bad} disagree)",
                      flush=True)
    finally:
        if sink is not None:
            sink.close()
    return bad


def main(argv: Sequence[str] | None = None) -> int:
    """``scripts/laid_down_tables.py``: write or check the shipped tables."""
    ap = argparse.ArgumentParser(
        prog="scripts/laid_down_tables.py",
        description="The shipped laid-down tables (RULES §7): write them with the solver, "
                    "or check them against the solver or the explicit-layout reference.")
    what = ap.add_mutually_exclusive_group(required=True)
    what.add_argument("--generate", action="store_true",
                      help=f"solve every shipped order and write {TABLES}")
    what.add_argument("--check", action="store_true",
                      help="compare the shipped tables with the solver")
    what.add_argument("--reference", action="store_true",
                      help="compare the shipped tables with the explicit-layout reference "
                           "(slow: about 2 hours on one core, 1 with --classes)")
    ap.add_argument("--jobs", type=int, default=1, help="worker processes for --reference")
    ap.add_argument("--every", type=int, default=1,
                    help="--reference: ask only every N-th question")
    ap.add_argument("--laid-only", action="store_true",
                    help="--reference: only the questions the tables call laid down (an "
                         "adversary that misses a defence errs there; issue 15)")
    ap.add_argument("--classes", action="store_true",
                    help="--reference: ask one hand per class of hands that the card "
                         "order's automorphisms make equivalent (the table must answer a "
                         "class alike)")
    ap.add_argument("--results", type=Path, default=None,
                    help="--reference: append each answer to this JSON-lines file and "
                         "skip the questions it already answers")
    ap.add_argument("--out", type=Path, default=None, help="--generate: write here instead")
    args = ap.parse_args(argv)
    if args.generate:
        from stolik.games.baska import laid_down

        return _generate(args.out or Path(laid_down.__file__).with_name(TABLES))
    if args.check:
        return _check_solver()
    return _check_reference(jobs=max(1, args.jobs), every=max(1, args.every),
                            laid_only=args.laid_only, classes=args.classes,
                            results=args.results)


if __name__ == "__main__":
    sys.exit(main())
