"""Nothing heavy on the event loop (issue 24.3): what a table needs is loaded before the
server serves, or in a worker thread — never on the loop that answers everyone.

A game's first table used to import its bots on the loop — Baśka's pimc compiles 16 numba
functions at import: 2–37 s with the whole server frozen, ``/healthz`` too — and its first
review compiled the solver's kernels (32 s for a Mariáš review, nothing on the screen).

- :func:`warm_up`: ``stolik serve`` runs it before the port accepts a connection: for
  each game, its table kind and lobby choices (``tables``), then what its first bot move,
  hint, review and claim need (``bots``, :meth:`GameKind.warm_up
  <stolik.web.play.game.GameKind.warm_up>`: the bots' modules and the solver's compiled
  kernels, loaded from numba's cache on disk after the first start), each step told to a
  callback (the console's progress).
- :func:`games_loaded`: every play route and the hub's start await it: the games' table
  kinds and lobby choices — what the loop itself touches — loaded once per process in a
  worker thread, for an app that no ``stolik serve`` warmed (tests, scripts). The loop
  waits for that thread without blocking; a table's bot moves, hints, reviews and claims
  run in worker threads already (:mod:`stolik.web.play.hub`).

>>> [(s.game, s.part) for s in steps()][:2]
[('baska', 'tables'), ('baska', 'bots')]
"""

from __future__ import annotations

import asyncio
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass

from stolik.web.play.game import GAMES

PARTS = ("tables", "bots")
"""A game's steps, in order: its table kind and lobby choices; its bots, hints, reviews
and claims (their solver's kernels compiled)."""


@dataclass(frozen=True)
class Step:
    """One step of the warm-up: ``part`` (of :data:`PARTS`) of ``game``."""

    game: str
    part: str

    def run(self) -> None:
        """Load it (blocking: seconds, minutes where numba compiles afresh)."""
        kind = GAMES.get(self.game)
        if self.part == "tables":
            kind.options()
            warm_words()
        else:
            kind.warm_up()


def warm_words() -> None:
    """Load what the tables' words need besides the catalogs: Babel's number and date
    formatting and each language's locale data (issue 25.2's decimal commas and dates),
    so that the first payout or review a table says loads nothing (cached: cheap again).

    >>> warm_words()
    """
    import datetime

    from stolik.i18n import CATALOGS, decimal, format_when

    when = datetime.datetime(2026, 1, 1, 12, 0)
    for lang in CATALOGS:
        decimal(lang, 1.5, sign=True)
        format_when(when, lang)


@dataclass(frozen=True)
class Done:
    """A step done, and the seconds it took."""

    step: Step
    seconds: float


def steps() -> list[Step]:
    """Every step of :func:`warm_up`: each game's parts, the games by name."""
    return [Step(game, part) for game in GAMES.names() for part in PARTS]


_lock = threading.Lock()
_loaded = threading.Event()


def load_games() -> None:
    """Load every game's table kind and lobby choices (blocking; once per process: a
    second call returns at once, a concurrent one waits for the first)."""
    if _loaded.is_set():
        return
    with _lock:
        if not _loaded.is_set():
            for step in steps():
                if step.part == "tables":
                    step.run()
            _loaded.set()


async def games_loaded() -> None:
    """Await :func:`load_games`, run in a worker thread unless it is done (at once)."""
    if not _loaded.is_set():
        await asyncio.to_thread(load_games)


def warm_up(started: Callable[[Step, int, int], None] | None = None) -> list[Done]:
    """Run every step of :func:`steps` (blocking; before the server serves, or in a worker
    thread); ``started(step, index, count)`` is told as each begins. The steps done, with
    their times."""
    todo = steps()
    done: list[Done] = []
    for i, step in enumerate(todo):
        if started is not None:
            started(step, i, len(todo))
        t0 = time.perf_counter()
        step.run()
        done.append(Done(step, time.perf_counter() - t0))
    _loaded.set()
    return done


__all__ = ["PARTS", "Done", "Step", "games_loaded", "load_games", "steps", "warm_up",
           "warm_words"]
