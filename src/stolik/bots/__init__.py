"""Computer players, generic over games: a bot sees one seat's view and returns a move.

A bot is given only what its seat may know — its game's seat view — never the hidden
hands. Games register their bots by name in a :class:`BotRegistry` (in the game's ``bots``
part, :mod:`stolik.games`) so that the command line and the web can offer them.

>>> reg: BotRegistry[int, int] = BotRegistry("demo")
>>> @reg.register("first", "plays the lowest legal move")
... class First:
...     name = "first"
...     def __init__(self, seed: int | None = None) -> None: ...
...     def act(self, view: int) -> int: return view
>>> reg.create("first", seed=1).act(7), reg.names()
(7, ['first'])
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Generic, Protocol, TypeVar

from stolik.errors import StolikError

ViewT = TypeVar("ViewT", contravariant=True)
MoveT = TypeVar("MoveT", covariant=True)
V = TypeVar("V")
M = TypeVar("M")


class Bot(Protocol[ViewT, MoveT]):
    """A player: ``act(view)`` returns a legal move for the seat the view belongs to."""

    name: str

    def act(self, view: ViewT) -> MoveT:
        """Choose a move; must be one of the view's legal moves."""
        ...


class UnknownBot(StolikError):
    """A bot name that the game does not offer."""


@dataclass(frozen=True)
class BotEntry(Generic[V, M]):
    """A registered bot kind: its name, one line on how it plays, and its factory."""

    name: str
    summary: str
    factory: Callable[..., Bot[V, M]]


class BotRegistry(Generic[V, M]):
    """The bots one game offers, by name."""

    def __init__(self, game: str) -> None:
        self.game = game
        self._entries: dict[str, BotEntry[V, M]] = {}

    def register(self, name: str, summary: str) -> Callable[[type], type]:
        """Class decorator adding a bot kind (its constructor takes keyword options)."""

        def add(cls: type) -> type:
            self._entries[name] = BotEntry(name, summary, cls)
            return cls

        return add

    def names(self) -> list[str]:
        """Registered names, in registration order."""
        return list(self._entries)

    def entries(self) -> list[BotEntry[V, M]]:
        """Registered kinds with their summaries."""
        return list(self._entries.values())

    def create(self, name: str, **options: object) -> Bot[V, M]:
        """A new bot of kind ``name``; :class:`UnknownBot` lists the kinds offered."""
        try:
            entry = self._entries[name]
        except KeyError:
            raise UnknownBot(f"unknown bot {name!r} for {self.game}: choose one of "
                             f"{', '.join(self.names())}") from None
        return entry.factory(**options)
