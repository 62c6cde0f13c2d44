"""What every Baśka bot shares: the registry, the move type, errors, and the ruleset a view
names.

A bot is given a :class:`~stolik.games.baska.state.SeatView` — one seat's knowledge — and
returns a move: a :class:`~stolik.games.baska.calls.Call` during the auction, a card index
during the play. The view names its ruleset by id; :class:`RulesetSource` turns the id into
the :class:`~stolik.games.baska.ruleset.Ruleset`, loading a shipped one (cached) or using
the object the bot was built with — the way a user's own ruleset file reaches a bot.

>>> src = RulesetSource()
>>> src.get("linia").id, src.get("linia") is src.get("linia")
('linia', True)
>>> from stolik.games.baska.ruleset import load_ruleset
>>> try:
...     RulesetSource(load_ruleset("linia")).get("pucka-2019")
... except BotError as e:
...     print(e)
this bot was made for ruleset 'linia', but the view is of ruleset 'pucka-2019'
"""

from __future__ import annotations

from dataclasses import dataclass

from stolik.bots import BotRegistry
from stolik.errors import StolikError
from stolik.games.baska.calls import Call
from stolik.games.baska.ruleset import Ruleset, load_ruleset
from stolik.games.baska.state import SeatView

Move = Call | int
"""A Baśka move: a call during the auction, a card index (``DECK``) during the play."""

BOTS: BotRegistry[SeatView, Move] = BotRegistry("baska")
"""The Baśka bots by name (``random``, ``heuristic``, …)."""


class BotError(StolikError):
    """A bot cannot act on the view it was given (not its turn, a ruleset it lacks)."""


@dataclass(frozen=True)
class Decision:
    """A move and the reason for it, in words a player would use."""

    move: Move
    reason: str


class RulesetSource:
    """The ruleset of a view: ``ruleset`` when given (a user's file), else a shipped one."""

    def __init__(self, ruleset: Ruleset | None = None) -> None:
        self.ruleset = ruleset
        self._loaded: dict[str, Ruleset] = {}

    def get(self, ruleset_id: str) -> Ruleset:
        """The ruleset with id ``ruleset_id``; :class:`BotError` if the bot was built for
        another one, :class:`~stolik.errors.RulesetError` if no shipped ruleset has it."""
        rs = self.ruleset
        if rs is not None:
            if rs.id != ruleset_id:
                raise BotError(f"this bot was made for ruleset {rs.id!r}, but the view is of "
                               f"ruleset {ruleset_id!r}")
            return rs
        try:
            return self._loaded[ruleset_id]
        except KeyError:
            loaded = self._loaded[ruleset_id] = load_ruleset(ruleset_id)
            return loaded


def check_turn(view: SeatView) -> None:
    """:class:`BotError` unless the view's seat is the one to act (it has legal moves)."""
    if view.to_act != view.seat or not (view.legal_calls or view.legal_cards):
        raise BotError(f"seat {view.seat} has no move to make: "
                       + ("the deal is over" if view.to_act is None
                          else f"it is seat {view.to_act}'s turn"))


__all__ = ["BOTS", "BotError", "Decision", "Move", "RulesetSource", "check_turn"]
