"""The values of one Baśka deal's state: its phases, the log's entries, the laid-down
announcements and the immutable positions of the auction and of the deal (RULES §3–§8).

>>> a = Auction()
>>> a.count, a.closed, Position(a, (1, 2, 4, 8)).finished
(0, False, False)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from stolik.deal import Trick
from stolik.games.baska.calls import Call
from stolik.games.baska.ruleset import Contract
from stolik.games.baska.scoring import Game

Phase = Literal["auction", "play", "done"]
Sides = tuple[int | None, int | None, int | None, int | None]
"""Each seat's side (DECLARING, OPPOSING) as far as a seat can tell (None: unknown)."""


@dataclass(frozen=True)
class Op:
    """One entry of the operation log: a call, a card, or a referee's revoke."""

    kind: Literal["call", "card", "revoke"]
    seat: int
    call: Call | None = None
    card: int | None = None


@dataclass(frozen=True)
class Auction:
    """Where the auction stands: its calls' count, the contract, the doublings, the
    laid-down announcements (RULES §4, §7)."""

    count: int = 0
    contract: Contract | None = None
    declarer: int | None = None
    level: int = 0
    """Doubling calls on the current contract (or the plain game): public (RULES §4)."""
    doublers: tuple[int, ...] = ()
    """The seats of those doubling calls, in order."""
    first_call: int = 0
    """The call number of the first of them (they follow one another, passes between)."""
    passes: int = 0
    closed: bool = False
    laid_down: bool = False
    """The current game is announced as laid down (wykładane, RULES §7)."""
    announced: tuple[Announcement, ...] = ()


@dataclass(frozen=True)
class Position:
    """Where a deal stands (hidden information included): immutable, one per operation."""

    auction: Auction
    hands: tuple[int, int, int, int]
    game: Game | None = None
    leader: int = 0
    trick: tuple[tuple[int, int], ...] = ()  # (seat, card) in play order
    win_seat: int = 0
    win_card: int = 0
    points: tuple[int, int, int, int] = (0, 0, 0, 0)
    tricks: tuple[int, int, int, int] = (0, 0, 0, 0)
    history: tuple[Trick, ...] = ()
    revoke: int | None = None
    finished: bool = False


@dataclass(frozen=True)
class Announcement:
    """A laid-down announcement (wykładane, RULES §7 decision of turn 2): public.
    ``after``: the number of calls made when it was announced (0: before the first call);
    ``game``: ``cicha`` or the solo's id; ``seat``: its lone player."""

    after: int
    game: str
    seat: int


__all__ = ["Announcement", "Auction", "Op", "Phase", "Position", "Sides", "Trick"]
