"""``stolik simulate --ruleset licitovany``: random licitovaný deals at a table of three,
every move drawn uniformly among the legal ones (the ``random`` bot), the dealer moving
one seat clockwise each deal (LICITOVANY §4, §8). The deals are played by the fast kernel
(:mod:`stolik.games.licitovany.fast`), which lists the engine's legal moves and settles its
money; the core's loop (:func:`stolik.simulate.play_chunks`) times it and reports progress.
Its records (LICITOVANY §10) replay through :func:`~stolik.games.licitovany.record.replay`
to the same money.

>>> from stolik.games.licitovany.record import replay, series_record
>>> from stolik.games.licitovany.ruleset import load_ruleset
>>> rs = load_ruleset()
>>> r = simulate(rs, 30, seed=1)
>>> len(r.records) == r.deals == sum(r.games.values()) == 30
True
>>> replay(series_record(rs, r.records)).totals == r.totals
True
>>> simulate(rs, 30, seed=1, keep_records=False).payouts == r.payouts
True
>>> done = []
>>> chunked = simulate(rs, 2500, seed=4, keep_records=False, progress=done.append)
>>> chunked.payouts == simulate(rs, 2500, seed=4, keep_records=False).payouts, done
(True, [1000, 2000, 2500])
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from stolik.errors import StolikError
from stolik.games.licitovany import fast
from stolik.games.licitovany.record import DealRecord
from stolik.games.licitovany.ruleset import Ruleset
from stolik.simulate import Chunk, Simulated, check_request, play_chunks

__all__ = ["DEFAULT_DEALS", "SimulationResult", "default_deals", "simulate"]

DEFAULT_DEALS = 1000
"""How many deals ``stolik simulate`` plays when not told."""

BLOCK = 1000
"""Deals drawn from one generator; a block's generator is seeded by the seed and the
block's number, so that a chunked run (with progress) plays the same deals."""

SEATS = 3
"""A simulated table is of three (LICITOVANY §8; four with a pauzírák is a table's
option, which the fast kernel plays too)."""


@dataclass(frozen=True)
class SimulationResult(Simulated[Ruleset, DealRecord]):
    """A simulated series: each deal's money by seat (haléřů, LICITOVANY §6), how often
    each contract was played (its rung word, ``omyl``, or ``vyrovnana`` for a contract not
    played, §4.4, §4.5), and the totals."""

    payouts: tuple[tuple[int, ...], ...]
    games: dict[str, int]
    totals: tuple[int, ...]


def default_deals(rs: Ruleset) -> int:
    """How many deals ``stolik simulate`` plays when not told."""
    return DEFAULT_DEALS


def simulate(rs: Ruleset, deals: int, *, seed: int, first_dealer: int = 0,
             keep_records: bool = True,
             progress: Callable[[int], None] | None = None) -> SimulationResult:
    """Simulate ``deals`` random deals from ``seed`` (the same seed gives the same deals);
    ``progress(n_done)`` after every :data:`~stolik.simulate.PROGRESS_EVERY` deals."""
    check_request(deals, first_dealer, SEATS, StolikError)
    done = [0]

    def run(n: int, dealer: int) -> Chunk[tuple[int, ...], DealRecord]:
        out: Chunk[tuple[int, ...], DealRecord] = Chunk()
        while n:
            start = done[0]
            block = min(n, BLOCK - start % BLOCK)
            # the deals' randomness hangs on their number alone, not on how the loop
            # is cut (with or without progress)
            gen = np.random.default_rng([seed, start // BLOCK, start % BLOCK])
            played = fast.random_deals(rs, block, rng=gen, first_dealer=dealer)
            out.payouts += [tuple(rs.haler(u) for u in row) for row in played.money.tolist()]
            if keep_records:
                out.records += [DealRecord(int(played.dealers[i]),
                                           *fast.record_parts(rs, played, i))
                                for i in range(block)]
            out.games += fast.outcomes(played)
            done[0] += block
            n -= block
            dealer = (dealer + block) % SEATS
        return out

    played, seconds = play_chunks(run, deals, first_dealer=first_dealer, seats=SEATS,
                                  progress=progress)
    totals = tuple(sum(p[s] for p in played.payouts) for s in range(SEATS))
    return SimulationResult(rs, seed, len(played.payouts), seconds, tuple(played.records),
                            tuple(played.payouts), dict(Counter(played.games)), totals)
