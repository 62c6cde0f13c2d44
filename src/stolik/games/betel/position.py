"""The values of one Betel deal's state: its phases and steps, the log's entries and the
immutable position each operation makes (BETEL §1–§4).

>>> p = Position("auction", 0, (1, 2, 4), (30, 31))
>>> set_seat(p.hands, 1, 0), p.step, CARD_OPS[2][5] == Op("card", 2, card=5)
((1, 0, 4), 'start', True)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from stolik.deal import Trick
from stolik.games.betel.calls import Action
from stolik.games.betel.deck import CARDS, SEATS
from stolik.games.betel.ruleset import NO_TRUMPS

Phase = Literal["auction", "play", "done"]
Step = Literal["start", "looked", "taken", "laid"]
"""Where the seat to act stands in his call: nothing done yet, looked at the dubel, took it
into his hand (he must lay two cards back), laid them back (he may not pass)."""


@dataclass(frozen=True)
class Op:
    """One entry of the operation log: an auction step (``card``: the dubel card a
    ``look 1`` saw), a card played, or an accepted claim (BETEL §4: the cards played out
    after it follow as cards)."""

    kind: Literal["action", "card", "claim"]
    seat: int
    action: Action | None = None
    card: int = -1


CARD_OPS = tuple(tuple(Op("card", seat, card=c) for c in range(CARDS)) for seat in range(SEATS))
"""Every card played as a log entry, made once (the log hands out these values)."""


Three = tuple[int, int, int]


@dataclass(frozen=True)
class Position:
    """Where a deal stands (hidden information included): immutable, one per operation."""

    phase: Phase
    to_act: int
    hands: Three
    dubel: tuple[int, ...]
    step: Step = "start"
    looked: int = 0
    """Dubel cards looked at in the call under way (BETEL §3: the peeking cost)."""
    contract: int = -1
    declarer: int = -1
    doubled: bool = False
    kontrad: int = 0
    """The contracts kontra'd in this deal (bit i: contract i), never again (BETEL §3)."""
    floor: int = -1
    """A contract must be above this one: the standing one, or -1 after a kontra."""
    passes: int = 0
    kontra_just: bool = False
    """The call before this one was a kontra (BETEL §3: "followed by a pass")."""
    ban_seat: int = -1
    ban_contract: int = -1
    peek: Three = (0, 0, 0)
    knows: Three = (0, 0, 0)
    """By seat, the dubel places (bit 0, bit 1) whose card it knows now."""
    trump: int = NO_TRUMPS
    free: bool = False
    leader: int = -1
    trick: tuple[tuple[int, int], ...] = ()
    win_seat: int = -1
    best_led: int = -1
    best_trump: int = -1
    history: tuple[Trick, ...] = ()
    tricks: Three = (0, 0, 0)
    end: str = ""
    claimed: int = -1
    """The seat whose claim was accepted (BETEL §4); the rest is played out."""


def set_seat(values: Three, seat: int, v: int) -> Three:
    """Three seats' values with ``seat``'s set to ``v``."""
    out = list(values)
    out[seat] = v
    return (out[0], out[1], out[2])


__all__ = ["CARD_OPS", "Op", "Phase", "Position", "Step", "Three", "Trick", "set_seat"]
