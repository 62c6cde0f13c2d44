"""Benchmark: decisions per second per bot, and a scale run checking that the bots never make
an illegal call or card (the issue asks for 0 in 10^6 decisions).

1. **Speed.** For each ruleset and bot kind, four bots of that kind play random deals; the
   figures are decisions per second counting only the bot's ``act`` (the bot's own cost) and
   counting the whole loop (building each seat's view, applying the move).
2. **Scale.** Tables of randomly mixed bot kinds play random deals of the rulesets in turn
   until ``--decisions`` decisions have been made. Every move is checked against the engine
   (``Deal.why_not_call`` / ``why_not_card``) before it is applied; the run fails (exit
   status 1) on any illegal move.

Run: ``.venv/bin/python benchmarks/bench_bots.py`` (moderate: 100,000 decisions) or
``.venv/bin/python benchmarks/bench_bots.py --decisions 1000000`` (the full check, a few
minutes). Other bot kinds (``--bots pimc-fast,heuristic,random``) join when installed.
"""

from __future__ import annotations

import argparse
import platform
import random
import sys
import time
from collections import Counter
from dataclasses import dataclass

from stolik.bots import Bot
from stolik.games.baska.bots import Move, make_bot
from stolik.games.baska.calls import Call
from stolik.games.baska.ruleset import Ruleset, available_rulesets, load_ruleset
from stolik.games.baska.state import Deal, SeatView


@dataclass
class Tally:
    """Decisions, illegal moves and seconds spent, for one bot kind."""

    decisions: int = 0
    illegal: int = 0
    act_seconds: float = 0.0


def play(deal: Deal, bots: list[Bot[SeatView, Move]], kinds: list[str],
         tallies: dict[str, Tally], problems: list[str]) -> None:
    """Play ``deal`` to its end; every move is checked by the engine before it is applied.
    An illegal move is recorded and replaced by the first legal one."""
    while not deal.is_over:
        seat = deal.to_act
        assert seat is not None
        view = deal.view(seat)
        t = time.perf_counter()
        move = bots[seat].act(view)
        tally = tallies[kinds[seat]]
        tally.act_seconds += time.perf_counter() - t
        tally.decisions += 1
        if deal.phase == "auction":
            why = deal.why_not_call(move) if isinstance(move, Call) else "not a call"
        elif isinstance(move, int) and not isinstance(move, bool) and 0 <= move < 16:
            why = deal.why_not_card(move)
        else:
            why = "not a card"
        if why is not None:
            tally.illegal += 1
            if len(problems) < 10:
                problems.append(f"{kinds[seat]} at seat {seat}: {move!r}: {why}")
            move = deal.legal_calls()[0] if deal.phase == "auction" else deal.legal_cards()[0]
        if isinstance(move, Call):
            deal.call(move)
        else:
            deal.play(move)


def speed(rs: Ruleset, kind: str, deals: int, seed: int) -> tuple[Tally, float]:
    """Four bots of one kind play ``deals`` deals: their tally and the loop's seconds."""
    rng = random.Random(seed)
    tallies = {kind: Tally()}
    problems: list[str] = []
    start = time.perf_counter()
    for i in range(deals):
        bots = [make_bot(kind, seed=rng.getrandbits(32), ruleset=rs) for _ in range(4)]
        play(Deal.random(rs, i % 4, rng), bots, [kind] * 4, tallies, problems)
    return tallies[kind], time.perf_counter() - start


def scale(rulesets: list[Ruleset], kinds: list[str], decisions: int, seed: int
          ) -> tuple[dict[str, Tally], int, float, list[str], Counter[str]]:
    """Mixed tables until ``decisions`` are made: tallies, deals, seconds, problems, games."""
    rng = random.Random(seed)
    tallies = {k: Tally() for k in kinds}
    problems: list[str] = []
    games: Counter[str] = Counter()
    deals = 0
    made = 0
    report_every = max(decisions // 10, 1)
    next_report = report_every
    start = time.perf_counter()
    while made < decisions:
        rs = rulesets[deals % len(rulesets)]
        seat_kinds = [rng.choice(kinds) for _ in range(4)]
        bots = [make_bot(k, seed=rng.getrandbits(32), ruleset=rs) for k in seat_kinds]
        deal = Deal.random(rs, deals % 4, rng)
        play(deal, bots, seat_kinds, tallies, problems)
        assert deal.game is not None
        games[deal.game.contract.id] += 1
        deals += 1
        made = sum(t.decisions for t in tallies.values())
        if made >= next_report:
            print(f"  … {made:,} decisions, {sum(t.illegal for t in tallies.values())} "
                  f"illegal, {time.perf_counter() - start:.0f} s", file=sys.stderr, flush=True)
            next_report += report_every
    return tallies, deals, time.perf_counter() - start, problems, games


def main(argv: list[str] | None = None) -> int:
    """Print both tables; exit status 1 if any bot made an illegal move."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    ap.add_argument("--decisions", type=int, default=100_000,
                    help="decisions in the scale run (the full check: 1000000)")
    ap.add_argument("--speed-deals", type=int, default=300,
                    help="deals per ruleset and bot kind for the speed table")
    ap.add_argument("--bots", default="random,heuristic", help="bot kinds, comma-separated")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("rulesets", nargs="*", default=available_rulesets(),
                    help="ruleset ids or files (default: the shipped ones)")
    # benchmarks/run.py passes its arguments to every benchmark: ignore the unknown ones.
    args, _ = ap.parse_known_args(argv)
    kinds = [k.strip() for k in args.bots.split(",") if k.strip()]
    rulesets = [load_ruleset(r) for r in args.rulesets]
    print(f"Python {platform.python_version()} on {platform.machine()}; bots {', '.join(kinds)}")
    print(f"\n{'ruleset':<14} {'bot':<12} {'decisions':>10} {'act/s':>12} {'loop/s':>10} "
          f"{'illegal':>8}")
    failed = 0
    for rs in rulesets:
        for kind in kinds:
            tally, seconds = speed(rs, kind, args.speed_deals, args.seed)
            failed += tally.illegal
            act = tally.decisions / tally.act_seconds if tally.act_seconds else 0.0
            print(f"{rs.id:<14} {kind:<12} {tally.decisions:>10,} {act:>12,.0f} "
                  f"{tally.decisions / seconds:>10,.0f} {tally.illegal:>8}", flush=True)
    print(f"\nscale run: {args.decisions:,} decisions, mixed tables, rulesets "
          f"{', '.join(rs.id for rs in rulesets)}", flush=True)
    tallies, deals, seconds, problems, games = scale(rulesets, kinds, args.decisions, args.seed)
    for kind, t in tallies.items():
        print(f"  {kind:<12} {t.decisions:>10,} decisions  {t.illegal} illegal")
    total = sum(t.decisions for t in tallies.values())
    illegal = sum(t.illegal for t in tallies.values())
    failed += illegal
    print(f"  {deals:,} deals, {total:,} decisions in {seconds:.1f} s "
          f"({total / seconds:,.0f} per second with views and checks); illegal: {illegal}")
    print("  games: " + ", ".join(f"{g} {n}" for g, n in games.most_common()))
    for p in problems:
        print(f"  ILLEGAL {p}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
