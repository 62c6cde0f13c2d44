"""What a seat saw of a deal's play, for a bot made afresh at a table (LICITOVANY §3).

A seat's view shows of the play only the trick in progress and the last finished
trick (Obecná II/6), and the bots keep the rest in their
:class:`~stolik.games.licitovany.knowledge.Memory` as they see each view. A bot that a
table makes afresh for a move or a hint has seen none of them: :func:`remember` gives it
the seat's view after each move so far (:func:`seat_views`), so it knows exactly what a
bot that sat through the deal knows — and nothing the seat did not see.

>>> import random
>>> from stolik.games.licitovany.heuristic import HeuristicBot
>>> from stolik.games.licitovany.ruleset import load_ruleset
>>> d = Deal.random(load_ruleset(), 0, random.Random(1))
>>> while not d.pos.tricks or len(d.pos.tricks) < 3:
...     d.move(d.legal_moves()[0])
>>> views = list(seat_views(d, 1))
>>> len(views) == len(d.log) + 1, views[-1] == d.view(1)
(True, True)
>>> len(remember(HeuristicBot(), d, 1).memory.tricks), len(HeuristicBot().memory.tricks)
(3, 0)
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TypeVar

from stolik.games.licitovany.knowledge import Memory
from stolik.games.licitovany.state import Deal
from stolik.games.licitovany.view import SeatView

__all__ = ["dealt_again", "remember", "seat_views"]

B = TypeVar("B")


def dealt_again(deal: Deal) -> Deal:
    """A copy of ``deal`` as it was dealt, before its first move (``deal`` is not touched)."""
    again = deal.clone()
    while again.log:
        again.undo()
    return again


def seat_views(deal: Deal, seat: int) -> Iterator[SeatView]:
    """``seat``'s view of ``deal`` at each step so far, from the dealing on: a copy is dealt
    again and its moves made one by one (``deal`` is not touched)."""
    again, moves = dealt_again(deal), list(deal.log)
    yield again.view(seat)
    for m in moves:
        again.move(m)
        yield again.view(seat)


def remember(bot: B, deal: Deal, seat: int) -> B:
    """``bot`` (made afresh) told what ``seat`` saw of ``deal`` so far: each view fed to its
    memory (an ``expert``'s is its ``pimc``'s; a bot without one, e.g. ``random``, is
    returned as it is)."""
    memory = getattr(getattr(bot, "pimc", bot), "memory", None)
    if isinstance(memory, Memory):
        for view in seat_views(deal, seat):
            memory.observe(view)
    return bot
