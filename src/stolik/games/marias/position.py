"""The values of one Mariáš deal's state: its phases, the log's entries, a finished trick
and the immutable position each operation makes (MARIAS §2–§5, §8).

>>> p = Position("choice", 0, (0, 0, 0, 0))
>>> set3(p.levels, GAME, 1), p.phase
((1, 0, 0), 'choice')
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

from stolik.deal import Trick
from stolik.games.marias.calls import Call

if TYPE_CHECKING:
    from stolik.games.marias.scoring import DealResult

Phase = Literal["choice", "approval", "announce", "fleky", "play", "done"]

GAME, SEDMA, PROTI = 0, 1, 2
"""The flek components (MARIAS §4.4): the game, the sedma, the sto proti."""


@dataclass(frozen=True)
class Op:
    """One entry of the operation log: a call, a card, a referee's renonc or a claim."""

    kind: Literal["call", "card", "renonc", "claim"]
    seat: int
    call: Call | None = None
    card: int = -1
    text: str = ""


@dataclass(frozen=True)
class Position:
    """Where a deal stands (hidden information included): immutable, one per operation."""

    phase: Phase
    to_act: int
    hands: tuple[int, int, int, int]
    trump: int = -1
    trump_card: int = -1
    called: int = -1
    forgot: bool = False
    approvals: int = 0
    claim: str = ""
    claimant: int = -1
    game: str = ""
    soloist: int = -1
    partner: int = -1
    sedma_by: int = -1
    sto_by: int = -1
    proti_by: int = -1
    announced: int = 0
    levels: tuple[int, int, int] = (0, 0, 0)
    last_side: tuple[int, int, int] = (-1, -1, -1)
    passes: int = 0
    spoke: int = 0
    shown: int = 0
    """Seats whose side is public: the partner shown, or any raiser (MARIAS §4.3, §4.4)."""
    leader: int = -1
    trick: tuple[tuple[int, int], ...] = ()
    win_seat: int = -1
    win_card: int = -1
    history: tuple[Trick, ...] = ()
    points: tuple[int, int, int, int] = (0, 0, 0, 0)
    tricks: tuple[int, int, int, int] = (0, 0, 0, 0)
    marriages: tuple[tuple[int, int], ...] = ()
    end: str = ""
    offender: int = -1
    renonc_kind: str = ""
    claimed: DealResult | None = None


def set3(values: tuple[int, int, int], i: int, v: int) -> tuple[int, int, int]:
    """Three flek components' values with the ``i``-th set to ``v``."""
    out = list(values)
    out[i] = v
    return (out[0], out[1], out[2])


__all__ = ["GAME", "PROTI", "SEDMA", "Op", "Phase", "Position", "Trick", "set3"]
