"""What every game's web table builds alike from its deals (issue 26.1): the settled deal
a series keeps (:class:`Finished`), the cards of a trick as a message
(:func:`trick_cards`, :func:`trick_message`) and the table sheet's rows with running
totals (:func:`sheet_rows`). A game fills in only its words and its columns; what a seat
may see stays the game's own view of hidden information.

>>> trick_message(Trick(leader=3, cards=(5, 6, 7, 8), winner=0), 4, str)
{'leader': 3, 'winner': 0, 'cards': [[3, '5'], [0, '6'], [1, '7'], [2, '8']]}
>>> rows = sheet_rows([Finished(1, None, (2, -2)), Finished(2, None, (1, -1))], 2,
...                   lambda f: f.result, lambda f: {"game": "x"})
>>> [(r["number"], r["game"], r["payout"], r["running"]) for r in rows]
[(1, 'x', [2, -2], [2, -2]), (2, 'x', [1, -1], [3, -3])]
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Generic, Protocol, TypeVar

from stolik.deal import Trick
from stolik.web.play.game import Message

DealT = TypeVar("DealT")
ResultT = TypeVar("ResultT")


@dataclass(frozen=True)
class Finished(Generic[DealT, ResultT]):
    """A settled deal of a series at a web table: its number (1-based), the deal itself
    (its log replays it) and its result (money, points)."""

    number: int
    deal: DealT
    result: ResultT


class Numbered(Protocol):
    """A settled deal as the sheet reads it: its number."""

    @property
    def number(self) -> int:
        """The deal's number in the series (1-based)."""


F = TypeVar("F", bound=Numbered)


def trick_cards(trick: Iterable[tuple[int, int]], name: Callable[[int], str]
                ) -> list[list[int | str]]:
    """The cards on the felt, ``[seat, card]`` each, as the protocol writes them.

    >>> trick_cards([(2, 7), (3, 9)], str)
    [[2, '7'], [3, '9']]
    """
    return [[s, name(c)] for s, c in trick]


def trick_message(trick: Trick | None, seats: int, name: Callable[[int], str]
                  ) -> Message | None:
    """A finished trick as a message: its leader, its winner and ``[seat, card]`` by
    seat in the order played (None: no trick)."""
    if trick is None:
        return None
    return {"leader": trick.leader, "winner": trick.winner,
            "cards": [[(trick.leader + i) % seats, name(c)] for i, c in enumerate(trick.cards)]}


def sheet_rows(finished: Sequence[F], seats: int, payout: Callable[[F], Sequence[int]],
               row: Callable[[F], Message],
               texts: Callable[[Sequence[int], Sequence[int]], Message] | None = None
               ) -> list[Message]:
    """The table sheet: a row per settled deal — its ``number``, the game's columns
    (``row``), each seat's ``payout`` and the ``running`` totals, then the game's texts
    of both (``texts``: money in words, say)."""
    running = [0] * seats
    rows: list[Message] = []
    for f in finished:
        pay = payout(f)
        running = [running[s] + pay[s] for s in range(seats)]
        item: Message = {"number": f.number, **row(f), "payout": list(pay),
                         "running": list(running)}
        if texts is not None:
            item.update(texts(pay, running))
        rows.append(item)
    return rows


__all__ = ["Finished", "Numbered", "sheet_rows", "trick_cards", "trick_message"]
