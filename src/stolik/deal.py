"""A deal as a state, the part every game shares (issue 26): an operation log beside a stack
of immutable positions, so that a move pushes one entry on each, :meth:`LoggedDeal.undo`
pops one off each and :meth:`LoggedDeal.clone` copies two lists, sharing the positions.

A game's deal subclasses :class:`LoggedDeal` (or :class:`PhasedDeal`, where its positions
carry their ``phase`` and the seat ``to_act``; :class:`MovingDeal`, which also reads and
makes a move, a call or a card, through :meth:`MovingDeal.move`) and supplies only its moves: their
legality, and the new position each one makes (with :func:`replace`). The log's entries
and the positions are the game's own frozen values; a finished :class:`Trick` is common.

>>> from dataclasses import dataclass
>>> @dataclass(frozen=True)
... class Pos:
...     phase: str
...     to_act: int
...     count: int = 0
>>> class Counting(PhasedDeal[str, Pos]):
...     def __init__(self) -> None:
...         self._begin(Pos("play", 0))
...     def step(self, word: str) -> None:
...         p = self.pos
...         done = p.count == 1
...         self._push(word, replace(p, count=p.count + 1, to_act=(p.to_act + 1) % 4,
...                                  phase="done" if done else "play"))
>>> d = Counting()
>>> d.step("one")
>>> copy = d.clone()
>>> d.step("two")
>>> d.log, d.is_over, d.to_act, copy.log, copy.to_act
(['one', 'two'], True, None, ['one'], 1)
>>> d.undo(), d.pos.count, d.to_act
('two', 1, 1)
>>> d.undo(), d.undo()
Traceback (most recent call last):
...
IndexError: nothing to undo
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any, ClassVar, Generic, Protocol, Self, TypeVar, overload

from stolik.errors import IllegalMove

OpT = TypeVar("OpT")
"""A game's entry of the operation log."""

PosT = TypeVar("PosT")
"""A game's immutable position."""

CallT = TypeVar("CallT")
"""A game's call (a bid, an auction step): its moves are calls and cards."""

T = TypeVar("T")


@dataclass(frozen=True)
class Trick:
    """A finished trick: who led, the cards in play order, who took it."""

    leader: int
    cards: tuple[int, ...]
    winner: int


class Phased(Protocol):
    """A position that says its phase (``done`` once the deal is over) and who acts."""

    @property
    def phase(self) -> str:
        """The phase; ``done`` once the deal is over."""
        ...  # pragma: no cover

    @property
    def to_act(self) -> int:
        """The seat to move (meaningless once the deal is over)."""
        ...  # pragma: no cover


PhasedT = TypeVar("PhasedT", bound=Phased)


def replace(value: T, **changes: Any) -> T:
    """A copy of a frozen position with ``changes`` — like :func:`dataclasses.replace`, but
    without re-running ``__init__`` (positions are copied on every call and card).

    >>> from dataclasses import dataclass
    >>> @dataclass(frozen=True)
    ... class P:
    ...     a: int
    ...     b: int = 0
    >>> p = P(1)
    >>> replace(p, b=2), p
    (P(a=1, b=2), P(a=1, b=0))
    """
    copy = object.__new__(type(value))
    copy.__dict__.update(value.__dict__)
    copy.__dict__.update(changes)
    return copy


def bump(values: tuple[int, int, int, int], seat: int,
         by: int) -> tuple[int, int, int, int]:
    """Four seats' counts with ``seat``'s raised by ``by``.

    >>> bump((0, 5, 0, 0), 1, 3)
    (0, 8, 0, 0)
    """
    out = list(values)
    out[seat] += by
    return (out[0], out[1], out[2], out[3])


def dealt_mask(cards: Iterable[object], seen: int, deck: int, where: T,
               not_a_card: Callable[[object, T], str], twice: Callable[[int], str]) -> int:
    """The mask of one dealt hand: each of ``cards`` a card (an index below ``deck``, not a
    bool) that no hand before it holds (``seen``); else :class:`~stolik.errors.IllegalMove`
    with the game's words, ``not_a_card(value, where)`` (``where``: the hand, as the game
    names it) or ``twice(card)``.

    >>> dealt_mask([0, 5], 0b10, 32, 0, repr, str)
    33
    >>> dealt_mask([1], 0b10, 32, 0, repr, lambda c: f"card {c} is dealt twice")
    Traceback (most recent call last):
    ...
    stolik.errors.IllegalMove: card 1 is dealt twice
    >>> dealt_mask([True], 0, 32, 2, lambda v, seat: f"seat {seat} holds {v!r}", str)
    Traceback (most recent call last):
    ...
    stolik.errors.IllegalMove: seat 2 holds True
    """
    m = 0
    for c in cards:
        if isinstance(c, bool) or not isinstance(c, int) or c not in range(deck):
            raise IllegalMove(not_a_card(c, where))
        if (seen | m) >> c & 1:
            raise IllegalMove(twice(c))
        m |= 1 << c
    return m


class LoggedDeal(Generic[OpT, PosT]):
    """The operation log and the stack of positions (the first one the dealt position):
    ``log[i]`` made ``_stack[i + 1]`` from ``_stack[i]``."""

    log: list[OpT]
    _stack: list[PosT]

    def _begin(self, first: PosT) -> None:
        """Start with an empty log at the position ``first``."""
        self.log = []
        self._stack = [first]

    @property
    def pos(self) -> PosT:
        """The current position (read-only; hidden information included)."""
        return self._stack[-1]

    def clone(self) -> Self:
        """An independent copy sharing the immutable positions."""
        other = object.__new__(type(self))
        other.__dict__.update(self.__dict__)
        other.log = list(self.log)
        other._stack = list(self._stack)
        return other

    def _push(self, op: OpT, p: PosT) -> None:
        """Log ``op``, which made the position ``p``."""
        self.log.append(op)
        self._stack.append(p)

    def undo(self) -> OpT:
        """Take back the last operation and return it."""
        if not self.log:
            raise IndexError("nothing to undo")
        self._stack.pop()
        return self.log.pop()


class Current(Generic[T]):
    """A read-only attribute of a deal: the field of the same name of its current position;
    with ``seat``, a seat field where -1 (nobody yet) reads None.

    >>> from dataclasses import dataclass
    >>> @dataclass(frozen=True)
    ... class Pos:
    ...     score: int
    ...     winner: int = -1
    >>> class Scored(LoggedDeal[str, Pos]):
    ...     score = Current[int]()
    ...     winner = Current[int | None](seat=True)
    ...     def __init__(self) -> None:
    ...         self._begin(Pos(3))
    >>> d = Scored()
    >>> d.score, d.winner
    (3, None)
    >>> d._push("won", Pos(4, winner=2))
    >>> d.score, d.winner
    (4, 2)
    >>> d.score = 5
    Traceback (most recent call last):
    ...
    AttributeError: score is read from the deal's position
    """

    def __init__(self, *, seat: bool = False) -> None:
        self.seat = seat
        self.name = ""

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    @overload
    def __get__(self, deal: None, owner: type | None = None) -> Self: ...

    @overload
    def __get__(self, deal: LoggedDeal[Any, Any], owner: type | None = None) -> T: ...

    def __get__(self, deal: LoggedDeal[Any, Any] | None,
                owner: type | None = None) -> T | Self:
        if deal is None:
            return self
        value: Any = getattr(deal._stack[-1], self.name)
        if self.seat and value < 0:
            return None  # type: ignore[return-value]  # T is int | None for a seat
        return value  # type: ignore[no-any-return]

    def __set__(self, deal: LoggedDeal[Any, Any], value: object) -> None:
        raise AttributeError(f"{self.name} is read from the deal's position")


class PhasedDeal(LoggedDeal[OpT, PhasedT]):
    """A logged deal whose positions carry their phase and the seat to act."""

    @property
    def to_act(self) -> int | None:
        """The seat to move; None when the deal is over."""
        p = self._stack[-1]
        return None if p.phase == "done" else p.to_act

    @property
    def is_over(self) -> bool:
        """Whether the deal is over."""
        return self._stack[-1].phase == "done"


class MovingDeal(PhasedDeal[OpT, PhasedT], Generic[OpT, PhasedT, CallT]):
    """A phased deal whose moves are calls and cards (a card is its index): :meth:`move`
    refuses any once the deal is over (:attr:`over`, the game's words), reads a text with
    the game's :meth:`parse_move`, and plays a card or makes a call with the game's
    :meth:`play` or :meth:`_call`."""

    over: ClassVar[str]
    """The refusal of a move once the deal is over (the game's words)."""

    def parse_move(self, text: str) -> CallT | int:
        """Read a move as records write it, in the current phase."""
        raise NotImplementedError  # pragma: no cover - every game reads its moves

    def play(self, c: int) -> None:
        """Play card ``c`` for the seat to act."""
        raise NotImplementedError  # pragma: no cover - every game plays its cards

    def _call(self, c: CallT, /) -> None:
        """Make the call ``c`` for the seat to act."""
        raise NotImplementedError  # pragma: no cover - every game makes its calls

    def move(self, m: CallT | int | str) -> None:
        """Make a move (a call, a card's index, or its text) for the seat to act."""
        if self._stack[-1].phase == "done":
            raise IllegalMove(self.over)
        if isinstance(m, str):
            m = self.parse_move(m)
        if isinstance(m, int):
            self.play(m)
        else:
            self._call(m)


__all__ = ["Current", "LoggedDeal", "MovingDeal", "Phased", "PhasedDeal", "Trick", "bump",
           "dealt_mask", "replace"]
