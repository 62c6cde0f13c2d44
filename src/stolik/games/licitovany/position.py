"""One position of a licitovaný deal (LICITOVANY §4): an immutable value; the deal
(:mod:`stolik.games.licitovany.state`) keeps a stack of them beside its operation log."""

from __future__ import annotations

from dataclasses import dataclass, field

from stolik.deal import Trick
from stolik.games.licitovany.auction import Auction
from stolik.games.licitovany.flek_rounds import Rounds
from stolik.games.licitovany.money import Fleky
from stolik.games.licitovany.rules import Contract

PHASES = ("licitace", "discard", "contract", "fleky", "play", "done")
"""The phases of a deal, in order (LICITOVANY §4)."""


@dataclass(frozen=True)
class Position:
    """Where a deal stands: the phase and the seat to act, each seat's hand (a mask; the
    pauzírák's is empty), the talon as dealt and the aktér's discard, the licitace, the
    aktér and the won rung, the contract, the fleky, the trick in progress and the
    finished tricks, the announced hlášky ``(seat, worth)`` in order, and how the deal
    ended (``played``, ``omyl``, ``vyrovnana``; empty while it goes on)."""

    phase: str
    to_act: int
    hands: tuple[int, ...]
    talon: int
    auction: Auction
    discard: int = 0
    akter: int = -1
    won: int = 0
    contract: Contract | None = None
    rounds: Rounds | None = None
    fleky: Fleky = field(default_factory=Fleky)
    trick: tuple[int, ...] = ()
    leader: int = -1
    tricks: tuple[Trick, ...] = ()
    hlasky: tuple[tuple[int, int], ...] = ()
    ending: str = ""
