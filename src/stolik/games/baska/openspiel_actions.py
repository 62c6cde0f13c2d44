"""Baśka's OpenSpiel game, the parts that need no OpenSpiel (RULES §3–§6 as actions):
whether :mod:`pyspiel` is installed, the game's name and errors, and the action ids —
``0..15`` a card, ``16`` pass, then the ruleset's contracts and doubling levels
(:func:`action_ids`) — with the auction's length and the utility's bound.

Re-exported by :mod:`stolik.games.baska.openspiel`."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from stolik.errors import StolikError
from stolik.games.baska.calls import PASS, Call
from stolik.games.baska.deck import DECK
from stolik.games.baska.ruleset import Ruleset

try:
    import pyspiel as pyspiel  # re-exported: the game and the bots test it
except ModuleNotFoundError:  # pragma: no cover - exercised where the extra is missing
    pyspiel = None

GAME_NAME = "python_baska"
"""The short name the game is registered under."""

DEFAULT_RULESET = "pucka-2019"

NUM_CARDS = len(DECK)

RESAMPLE_TRIES = 4000
"""Layouts tried before :class:`ResampleError`: a layout is kept only when the history
replays on it to the same view (calls overtaken by a higher contract, doublings and the
game played still constrain the hidden hands beyond what the inference module uses)."""

_BATCH = 32


class OpenSpielUnavailable(StolikError):
    """The ``openspiel`` extra is not installed."""


class ResampleError(StolikError):
    """No layout consistent with a seat's information was found in :data:`RESAMPLE_TRIES`."""


def available() -> bool:
    """Whether OpenSpiel is installed (and ``python_baska`` registered with it)."""
    return pyspiel is not None


def require_pyspiel() -> Any:
    """The :mod:`pyspiel` module; :class:`OpenSpielUnavailable` with the fix if missing."""
    if pyspiel is None:
        raise OpenSpielUnavailable(
            "OpenSpiel is not installed: pip install 'stolik[openspiel]' (or open_spiel)")
    return pyspiel


# ---------------------------------------------------------------- actions


@dataclass(frozen=True)
class ActionIds:
    """The action numbering of one ruleset: cards, pass, contracts, doublings."""

    rs: Ruleset
    contract_ids: dict[str, int] = field(default_factory=dict)

    @property
    def pass_id(self) -> int:
        """The id of ``pass``."""
        return NUM_CARDS

    def doubling_id(self, level: int) -> int:
        """The id of the doubling to ``level`` (1 = kontra)."""
        return NUM_CARDS + 1 + len(self.rs.ladder) + level - 1

    @property
    def num_actions(self) -> int:
        """How many distinct player actions the game has."""
        return NUM_CARDS + 1 + len(self.rs.ladder) + len(self.rs.doublings)

    @property
    def num_calls(self) -> int:
        """How many distinct calls (pass, contracts, doublings)."""
        return self.num_actions - NUM_CARDS

    def of_call(self, call: Call) -> int:
        """The id of a call."""
        if call.kind == "pass":
            return self.pass_id
        if call.kind == "contract":
            assert call.contract is not None
            return self.contract_ids[call.contract]
        return self.doubling_id(call.level)

    def to_call(self, action: int) -> Call:
        """The call an id stands for; ValueError for a card or an unknown id."""
        if action == self.pass_id:
            return PASS
        first = NUM_CARDS + 1
        if first <= action < first + len(self.rs.ladder):
            return Call("contract", self.rs.ladder[action - first].id)
        level = action - first - len(self.rs.ladder) + 1
        if 1 <= level <= len(self.rs.doublings):
            return Call("double", level=level)
        raise ValueError(f"action {action} is not a call of {self.rs.id}")

    def name(self, action: int) -> str:
        """An action as a record writes it: a card (``AH``) or a call's word."""
        if 0 <= action < NUM_CARDS:
            return DECK.name(action, ascii=True)
        return self.to_call(action).text(self.rs)


def action_ids(rs: Ruleset) -> ActionIds:
    """The action numbering of ruleset ``rs``."""
    first = NUM_CARDS + 1
    return ActionIds(rs, {c.id: first + i for i, c in enumerate(rs.ladder)})


def max_auction_length(rs: Ruleset) -> int:
    """An upper bound on the calls of an auction: every call but a pass raises the contract
    or the doubling level, and at most three passes come in a row."""
    games = [rs.zwykla, rs.cicha, *rs.ladder]
    raises = len(rs.ladder) + max(g.max_level for g in games) * (len(rs.ladder) + 1)
    return 3 * (raises + 1) + 1


def max_utility(rs: Ruleset) -> float:
    """The largest payout any seat can get in one deal (the smallest is its negative)."""
    best = 0
    for c in (rs.zwykla, rs.cicha, *rs.ladder):
        mult = 1 << min(c.max_level, len(rs.doublings))
        if c.kind in ("plain", "wesele"):
            value = max(v for table in rs.plain.values.values() for v in table.values())
            best = max(best, value * mult)
        else:
            best = max(best, 3 * max(c.win, c.loss) * mult)
    return float(best)
