"""Fast random-deal simulation: one seeded series of random deals, bid and played by a
uniformly random bot, scored as the engine scores them (RULES §3–§7, §6 bok-rounds).

Every deal of the 16!/(4!)^4 is equally likely; the bot picks uniformly among the legal
calls (exactly :meth:`~stolik.games.baska.state.Deal.legal_calls`) and among the legal
cards (:meth:`~stolik.games.baska.state.Deal.legal_mask`). The deals form one series: the
dealer moves one seat clockwise each deal, and a 52:52 deal in a ruleset with
``series.bok_round_deals`` > 0 doubles the deals after it. The records replay through
:func:`stolik.games.baska.record.replay` to the same payouts. The work is done by the
table-driven kernel of :mod:`stolik.games.baska.fastplay`.

>>> from stolik.games.baska.ruleset import load_ruleset
>>> from stolik.games.baska.record import replay, series_record
>>> rs = load_ruleset("linia")
>>> r = simulate(rs, 200, seed=1)
>>> r.deals, len(r.records), len(r.payouts), sum(r.totals), sum(r.games.values())
(200, 200, 200, 0, 200)
>>> [d.dealer for d in r.records[:5]]
[0, 1, 2, 3, 0]
>>> replay(series_record(rs, r.records)).totals == r.totals
True
>>> simulate(rs, 200, seed=1, keep_records=False).payouts == r.payouts
True
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

from stolik.games.baska.fastplay import deal_table, run_kernel, tables_for
from stolik.games.baska.record import DealRecord
from stolik.games.baska.ruleset import Ruleset
from stolik.simulate import Simulated, check_request, timed_without_gc

__all__ = ["SimulationResult", "default_deals", "simulate"]


@dataclass(frozen=True)
class SimulationResult(Simulated[Ruleset, DealRecord]):
    """A simulated series.

    ``seconds`` is the wall time of the simulation loop (dealing, bidding, playing,
    scoring and, when asked for, building the records). ``records`` is empty when
    ``keep_records`` was false. ``payouts`` holds each deal's payout by seat. ``games``
    counts the deals of every game of the ruleset — ``zwykla``, ``cicha``, then the ladder
    (``wesele``, ``gran``, …, the honours) — zero counts included, in that order; revokes
    never happen. ``bok_deals`` is the number of deals played in a bok-round (RULES §6).
    """

    first_dealer: int
    payouts: tuple[tuple[int, int, int, int], ...]
    games: dict[str, int]
    totals: tuple[int, int, int, int]
    bok_deals: int = 0


def default_deals(rs: Ruleset) -> int:
    """How many deals ``stolik simulate`` plays under ``rs`` when not told: one series
    (RULES §9).

    >>> from stolik.games.baska.ruleset import load_ruleset
    >>> default_deals(load_ruleset("pucka-2019"))
    32
    """
    return rs.default_length


def simulate(rs: Ruleset, deals: int, *, seed: int, first_dealer: int = 0,
             keep_records: bool = True,
             progress: Callable[[int], None] | None = None) -> SimulationResult:
    """Simulate a series of ``deals`` random deals of ruleset ``rs`` from ``seed``.

    The dealer of deal i is ``(first_dealer + i) % 4``. ``progress(n_done)`` is called
    after every 1000 deals and at the end. The same seed gives the same records. Garbage
    collection is paused during the loop (the loop makes no reference cycles).

    >>> from stolik.games.baska.ruleset import load_ruleset
    >>> r = simulate(load_ruleset("pucka-2019"), 3, seed=7, first_dealer=2,
    ...              keep_records=False)
    >>> r.records, len(r.payouts), r.first_dealer
    ((), 3, 2)
    """
    check_request(deals, first_dealer, 4)
    tables = tables_for(rs)  # the tables are built once, outside the timed loop
    deal_table()
    rng = random.Random(seed)
    out, seconds = timed_without_gc(lambda: run_kernel(
        tables, deals, rng, first_dealer=first_dealer, keep=keep_records, progress=progress))
    if progress is not None and deals == 0:
        progress(0)
    counts = [0] * len(tables.games)
    for g in out.games:
        counts[g] += 1
    games = {c.id: n for c, n in zip(tables.games, counts, strict=True)}
    payouts = tuple(out.payouts)
    t0 = t1 = t2 = t3 = 0
    for p0, p1, p2, p3 in payouts:
        t0 += p0
        t1 += p1
        t2 += p2
        t3 += p3
    return SimulationResult(
        ruleset=rs, seed=seed, deals=deals, first_dealer=first_dealer, seconds=seconds,
        records=tuple(out.records), payouts=payouts, games=games,
        totals=(t0, t1, t2, t3), bok_deals=out.bok_deals,
    )
