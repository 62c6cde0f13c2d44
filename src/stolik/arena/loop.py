"""One deal played to its end by bots, for any game: the loop every game's arena runs.

A seat's bot is asked for a move on its own view, the move goes through the game's engine,
and an illegal one either stops the arena (:class:`~stolik.arena.run.IllegalBotMove`, one
line naming the bot, seat and move) or, when counting, is tallied and replaced by a random
legal move drawn from ``rng``. What differs between games is passed in: how a bot is asked
(``decide``), what a move may be at all (``well_formed``), how a move is made
(``apply``) and which moves are legal now (``legal``).

>>> import random
>>> class Count:                      # a "deal": seats 0 and 1 say numbers until 3 are said
...     def __init__(self): self.said = []
...     is_over = property(lambda self: len(self.said) == 3)
...     to_act = property(lambda self: len(self.said) % 2)
...     def view(self, seat): return tuple(self.said)
...     def move(self, n):
...         if n != len(self.said): raise IllegalMove(f"{n} is not next")
...         self.said.append(n)
>>> class Bot:
...     name = "counter"
...     def act(self, view): return len(view) if view != (0,) else 7   # wrong once
>>> deal, tallies = Count(), [Tally(), Tally()]
>>> play_out(deal, [Bot(), Bot()], decide=lambda bot, view: bot.act(view),
...          well_formed=lambda m: isinstance(m, int), apply=deal.move,
...          legal=lambda: [len(deal.said)], what="a number", on_illegal="count",
...          rng=random.Random(0), tallies=tallies)
>>> deal.said, [(t.decisions, t.illegal) for t in tallies]
([0, 1, 2], [(2, 0), (1, 1)])
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Literal, Protocol, TypeVar

from stolik.arena.run import Tally, illegal_move
from stolik.errors import IllegalMove

B = TypeVar("B")
V = TypeVar("V")
M = TypeVar("M")
V_co = TypeVar("V_co", covariant=True)


class Playable(Protocol[V_co]):
    """What the loop reads of a deal: whether it is over, who acts, a seat's view."""

    @property
    def is_over(self) -> bool: ...

    @property
    def to_act(self) -> int | None: ...

    def view(self, seat: int) -> V_co: ...


def play_out(deal: Playable[V], bots: Sequence[B], *, decide: Callable[[B, V], M],
             well_formed: Callable[[object], bool], apply: Callable[[M], None],
             legal: Callable[[], Sequence[M]], what: str,
             on_illegal: Literal["raise", "count"] = "raise",
             rng: random.Random | None = None, tallies: Sequence[Tally] | None = None,
             where: str = "") -> None:
    """Play ``deal`` to its end, the bot of each seat deciding on that seat's view; every
    decision is counted in ``tallies`` (by seat). A move that is not ``well_formed`` is
    refused as "neither ``what``"; a refused move raises
    :class:`~stolik.arena.run.IllegalBotMove` or, with ``on_illegal="count"``, is counted
    and replaced by ``rng.choice(legal())``."""
    rng = rng or random.Random(0)
    while not deal.is_over:
        seat = deal.to_act
        assert seat is not None
        bot = bots[seat]
        move = decide(bot, deal.view(seat))
        if tallies is not None:
            tallies[seat].decisions += 1
        try:
            if isinstance(move, bool) or not well_formed(move):
                raise IllegalMove(f"{move!r} is neither {what}")
            apply(move)
        except IllegalMove as e:
            if on_illegal == "raise":
                raise illegal_move(where, bot, seat, move, e) from None
            if tallies is not None:
                tallies[seat].illegal += 1
            apply(rng.choice(legal()))


__all__ = ["Playable", "play_out"]
