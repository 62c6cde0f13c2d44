"""What every game's ``simulate`` part shares (issue 26: the simulate loop once, in the
core): the checks of a request, the result's common fields, and the timed loop that plays
the deals in chunks — garbage collection paused, ``progress(done)`` after each chunk, the
dealer moving one seat clockwise from deal to deal, a match stopped by the deal that
decides it. A game supplies its kernel: ``run(deals, first_dealer)`` → :class:`Chunk`.

>>> import random
>>> rng = random.Random(1)
>>> def run(n: int, dealer: int) -> Chunk[int, int]:   # a "deal" pays its dealer 1..6
...     dealers = [(dealer + i) % 3 for i in range(n)]
...     return Chunk([rng.randint(1, 6) for _ in dealers], dealers, ["die"] * n)
>>> done = []
>>> played, seconds = play_chunks(run, 2500, first_dealer=2, seats=3, progress=done.append)
>>> len(played.payouts), played.records[:4], done
(2500, [2, 0, 1, 2], [1000, 2000, 2500])
"""

from __future__ import annotations

import gc
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Generic, TypeVar

PROGRESS_EVERY = 1000
"""Deals between two calls of a simulation's ``progress``."""

T = TypeVar("T")
P = TypeVar("P")
R = TypeVar("R")
RS = TypeVar("RS")


def check_request(deals: object, first_dealer: object, seats: int,
                  error: type[ValueError] = ValueError) -> None:
    """Refuse a number of deals that is not a whole number ≥ 0, or a first dealer that is
    not a seat (``error``: the game's kind of refusal).

    >>> check_request(3, 4, 4)
    Traceback (most recent call last):
    ValueError: the first dealer must be a seat 0–3, not 4
    >>> check_request(True, 0, 3)
    Traceback (most recent call last):
    ValueError: the number of deals must be a whole number ≥ 0, not True
    """
    if isinstance(deals, bool) or not isinstance(deals, int) or deals < 0:
        raise error(f"the number of deals must be a whole number ≥ 0, not {deals!r}")
    if isinstance(first_dealer, bool) or first_dealer not in range(seats):
        raise error(f"the first dealer must be a seat 0–{seats - 1}, not {first_dealer!r}")


@dataclass(frozen=True)
class Simulated(Generic[RS, R]):
    """A simulated series: its ruleset and seed, the deals played, the wall time of the
    loop and the records (empty when not kept). A game's result adds its figures."""

    ruleset: RS
    seed: int
    deals: int
    seconds: float
    records: tuple[R, ...]

    @property
    def deals_per_second(self) -> float:
        """Deals simulated per second of wall time (0.0 for an empty or untimed run)."""
        return self.deals / self.seconds if self.seconds > 0 else 0.0


def timed_without_gc(run: Callable[[], T]) -> tuple[T, float]:
    """``run()`` and its wall time, garbage collection paused meanwhile (a simulation's
    loop makes no reference cycles)."""
    gc_was_enabled = gc.isenabled()
    gc.disable()
    try:
        start = time.perf_counter()
        out = run()
        seconds = time.perf_counter() - start
    finally:
        if gc_was_enabled:
            gc.enable()
    return out, seconds


@dataclass
class Chunk(Generic[P, R]):
    """Deals played by a game's kernel: the payouts by deal, the records (if kept), what
    each deal played, and the match's winner when the last deal decided it."""

    payouts: list[P] = field(default_factory=list)
    records: list[R] = field(default_factory=list)
    games: list[str] = field(default_factory=list)
    winner: int | None = None


def play_chunks(run: Callable[[int, int], Chunk[P, R]], deals: int, *, first_dealer: int,
                seats: int, progress: Callable[[int], None] | None,
                every: int = PROGRESS_EVERY) -> tuple[Chunk[P, R], float]:
    """Play ``deals`` deals with ``run(n, dealer)`` — all at once without ``progress``,
    else ``every`` at a time with ``progress(done)`` after each — and stop early once a
    chunk names a winner. Returns the deals played and the loop's wall time
    (:func:`timed_without_gc`)."""

    def loop() -> Chunk[P, R]:
        out: Chunk[P, R] = Chunk()
        step = deals if progress is None else every
        done = 0
        while done < deals and out.winner is None:
            got = run(min(step, deals - done), (first_dealer + done) % seats)
            out.payouts += got.payouts
            out.records += got.records
            out.games += got.games
            out.winner = got.winner
            done += len(got.payouts)
            if progress is not None:
                progress(done)
        return out

    return timed_without_gc(loop)


__all__ = ["PROGRESS_EVERY", "Chunk", "Simulated", "check_request", "play_chunks",
           "timed_without_gc"]
