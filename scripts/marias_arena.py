"""A Mariáš arena figure in chunks: duplicate deals played a few at a time, each chunk kept
in its own JSON file, the chunks merged into one difference per deal and seat with its 95%
interval (issue 11: pimc − heuristic; MARIAS §6 money, in Kč).

Why chunks: a deal of the full ``pimc`` (six seatings) takes from tens of seconds to
several minutes, and on a shared machine no run may hold the CPU for long. Chunk ``j`` is
``stolik arena -r ctyrka --bots A,B -n K --seed j``
(:func:`~stolik.games.marias.arena.run_arena`: the same deals, seatings and bot seeds);
its per-deal differences A − B are written to ``DIR/A-B-seed-j.json``. Chunks of
different seeds are different deals, so the deals of all chunks are one sample: merged,
the mean over them with its Student-t interval (:func:`~stolik.arena.stats.mean_ci`),
exactly as one arena over all those deals would compute it.

One command reproduces a figure (runs the chunks not yet in ``DIR``, then merges)::

    .venv/bin/python scripts/marias_arena.py --bots pimc,heuristic --chunks 100 --deals 1

``--minutes M`` starts no chunk that would end after M minutes by the longest chunk so far
(run it again to go on: chunks already written are kept); ``--merge-only`` only prints the
merged figure.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

from stolik.arena.stats import mean_ci
from stolik.games.marias.arena import run_arena
from stolik.games.marias.ruleset import load_ruleset


def chunk_path(out: Path, a: str, b: str, seed: int) -> Path:
    """The file of one chunk."""
    return out / f"{a}-{b}-seed-{seed}.json"


def run_chunk(a: str, b: str, deals: int, seed: int, ruleset: str) -> dict[str, object]:
    """Play one chunk and return its record: per-deal differences A − B (Kč per deal and
    seat), decisions, illegal moves, games, seconds."""
    r = run_arena([a, b], deals, ruleset=load_ruleset(ruleset), seed=seed)
    return {"a": a, "b": b, "ruleset": ruleset, "seed": seed, "deals": deals,
            "diffs": list(r.pairs[0].diffs), "decisions": r.decisions,
            "illegal": sum(s.illegal for s in r.bots), "games": dict(r.games),
            "seconds": round(r.seconds, 1)}


def merge(out: Path, a: str, b: str, ruleset: str) -> str:
    """The merged figure of every chunk of ``a`` against ``b`` in ``out``, one paragraph."""
    chunks = [json.loads(p.read_text()) for p in sorted(out.glob(f"{a}-{b}-seed-*.json"))]
    chunks = [c for c in chunks if c["ruleset"] == ruleset]
    if not chunks:
        return f"no chunks of {a} against {b} in {out}"
    diffs = [d for c in chunks for d in c["diffs"]]
    ci = mean_ci(diffs)
    seeds = sorted(c["seed"] for c in chunks)
    return (f"{a} − {b} ({ruleset}): {ci.mean:+.2f} Kč per deal and seat, 95% CI "
            f"[{ci.low:+.2f}, {ci.high:+.2f}] over {len(diffs)} deals × 6 seatings "
            f"({len(chunks)} chunks, seeds {seeds[0]}…{seeds[-1]}); "
            f"{sum(c['illegal'] for c in chunks)} illegal of "
            f"{sum(c['decisions'] for c in chunks)} decisions; "
            f"{sum(c['seconds'] for c in chunks):.0f} s of play")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--bots", default="pimc,heuristic", help="A,B (default pimc,heuristic)")
    ap.add_argument("--ruleset", default="ctyrka")
    ap.add_argument("--deals", type=int, default=1, help="deals per chunk (default 1: a run "
                    "cut short loses one deal)")
    ap.add_argument("--chunks", type=int, default=100, help="chunks (seeds first … first+N−1)")
    ap.add_argument("--first-seed", type=int, default=1)
    ap.add_argument("--minutes", type=float, default=0, help="start no chunk after this")
    ap.add_argument("--out", type=Path, default=Path("test-artifacts/marias-arena"))
    ap.add_argument("--merge-only", action="store_true")
    args = ap.parse_args(argv)
    a, b = args.bots.split(",")
    args.out.mkdir(parents=True, exist_ok=True)
    start = time.monotonic()
    longest = 0.0
    for seed in range(args.first_seed, args.first_seed + args.chunks):
        if args.merge_only:
            break
        if args.minutes and time.monotonic() - start + longest > 60 * args.minutes:
            print("time is up; run again to go on", file=sys.stderr)
            break
        path = chunk_path(args.out, a, b, seed)
        if path.exists():
            continue
        t = time.monotonic()
        rec = run_chunk(a, b, args.deals, seed, args.ruleset)
        path.write_text(json.dumps(rec, indent=1) + "\n")
        longest = max(longest, time.monotonic() - t)
        print(f"seed {seed}: {args.deals} deals, {rec['seconds']} s", file=sys.stderr)
    print(merge(args.out, a, b, args.ruleset))
    return 0


if __name__ == "__main__":
    sys.exit(main())
