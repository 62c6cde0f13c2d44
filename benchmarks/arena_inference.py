"""Duplicate arena of the ``pimc`` bots with and without policy-based inference (issue 27.1):
``LEVEL+infer`` (the layouts resampled by the others' calls and cards,
``PimcBot(infer=True)``) against ``LEVEL`` (uniform over the hard facts), each game's own
arena (:class:`stolik.arena.adapter.GameArena`: every deal in every seating, the mean payout
per deal and seat with its 95 % interval). Prints the difference ``infer − plain`` per game.

Run: ``.venv/bin/python benchmarks/arena_inference.py [--deals 30] [--level pimc-fast]
[--games baska,marias,betel] [--seed 1]``. A strength claim needs hundreds of deals; a few
dozen only show the sign, if that.
"""

from __future__ import annotations

import argparse
import time
from typing import Any

INFER = "+infer"
UNITS = {"baska": "payout points", "marias": "Kč", "betel": "points"}


def _factory(game: str) -> Any:
    """The game's ``factory(kind, seed, ruleset)``: a pimc level, ``+infer`` for inference."""
    if game == "baska":
        from stolik.games.baska.bots import make_bot as baska_bot

        def baska(kind: str, seed: int, ruleset: Any) -> Any:
            bot = baska_bot(kind.removesuffix(INFER), seed=seed, ruleset=ruleset)
            bot.infer = kind.endswith(INFER)  # type: ignore[attr-defined]
            return bot

        return baska
    if game == "marias":
        from stolik.games.marias.pimc import LEVELS as MARIAS
        from stolik.games.marias.pimc import PimcBot as MariasPimc

        def marias(kind: str, seed: int, ruleset: Any) -> Any:
            name = kind.removesuffix(INFER)
            return MariasPimc(MARIAS[name], seed, ruleset, name=kind,
                              infer=kind.endswith(INFER))

        return marias
    from stolik.games.betel.pimc import LEVELS as BETEL
    from stolik.games.betel.pimc import PimcBot as BetelPimc

    def betel(kind: str, seed: int, ruleset: Any) -> Any:
        layouts, bid = BETEL[kind.removesuffix(INFER)]
        return BetelPimc(layouts, bid, seed, ruleset, name=kind, infer=kind.endswith(INFER))

    return betel


def _arena(game: str) -> tuple[Any, Any]:
    if game == "baska":
        from stolik.games.baska.arena import ARENA as BASKA
        from stolik.games.baska.ruleset import load_ruleset as baska_rules

        return BASKA, baska_rules("pucka-2019")
    if game == "marias":
        from stolik.games.marias.arena import ARENA as MARIAS
        from stolik.games.marias.ruleset import load_ruleset as marias_rules

        return MARIAS, marias_rules()
    from stolik.games.betel.arena import ARENA as BETEL
    from stolik.games.betel.ruleset import load_ruleset as betel_rules

    return BETEL, betel_rules()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--deals", type=int, default=30)
    ap.add_argument("--level", default="pimc-fast")
    ap.add_argument("--games", default="baska,marias,betel")
    ap.add_argument("--seed", type=int, default=1)
    a = ap.parse_args()
    for game in a.games.split(","):
        arena, rs = _arena(game)
        t = time.process_time()
        r = arena.run_arena([a.level + INFER, a.level], a.deals, ruleset=rs, seed=a.seed,
                            factory=_factory(game))
        pair = r.pairs[0]
        d = pair.diff
        print(f"{game}: {a.deals} deals, {a.level}{INFER} − {a.level}: {d.mean:+.3f} "
              f"[{d.low:+.3f}, {d.high:+.3f}] a deal and seat ({UNITS[game]}); "
              f"CPU {time.process_time() - t:.0f} s")


if __name__ == "__main__":
    main()
