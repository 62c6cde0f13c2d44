"""A tournament's seating as values (RULES §10, seed 000 §7w): one round's tables of four
and its sit-outs (:class:`RoundPlan`), and who has met whom, sat out and sat where so far
(:class:`SeatingHistory`), which the draw's costs read.

Re-exported by :mod:`stolik.tournament.seating`."""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

SIT_OUT_PLACE_POINTS = 4
"""Place points of a sitting-out player (seed 000 §7w)."""
SIT_OUT_TABLE_POINTS = 40
"""Table points of a sitting-out player (seed 000 §7w)."""


def _pair(a: str, b: str) -> tuple[str, str]:
    return (a, b) if a < b else (b, a)


@dataclass(frozen=True)
class RoundPlan:
    """One round's draw: its tables (seat order 0..3, seat 0 deals first) and the players
    sitting out. A table seats four, or three where a game seats three (licitovaný
    mariáš, LICITOVANY §9: tables of three, and of four where the count needs them).

    >>> plan = RoundPlan((("a", "b", "c", "d"),), ("e",))
    >>> plan.players
    ('a', 'b', 'c', 'd', 'e')
    >>> plan.seat_of("c"), plan.seat_of("e")
    ((0, 2), None)
    """

    tables: tuple[tuple[str, ...], ...]
    sitting_out: tuple[str, ...] = ()

    @property
    def players(self) -> tuple[str, ...]:
        """Everyone in the round: seated players table by table, then the sit-outs."""
        return tuple(p for t in self.tables for p in t) + self.sitting_out

    def seat_of(self, player: str) -> tuple[int, int] | None:
        """``(table index, seat)`` of a seated player (0-based); None if not seated."""
        for ti, table in enumerate(self.tables):
            if player in table:
                return ti, table.index(player)
        return None


@dataclass(frozen=True)
class SeatingHistory:
    """What earlier rounds did: meetings per pair, sit-outs and seats per player, and the
    team-mate pairs seated together. Immutable; :meth:`record` returns a new history.

    >>> h = SeatingHistory().record(RoundPlan((("a", "b", "c", "d"),), ("e",)))
    >>> h.meetings_of("b", "a"), h.sit_outs["e"], h.seats["d"], h.rounds
    (1, 1, (0, 0, 0, 1), 1)
    """

    meetings: Mapping[tuple[str, str], int] = field(default_factory=dict)
    """Pair (sorted) → times seated at one table."""
    sit_outs: Mapping[str, int] = field(default_factory=dict)
    """Player → rounds sat out."""
    seats: Mapping[str, tuple[int, int, int, int]] = field(default_factory=dict)
    """Player → rounds seated in seat 0, 1, 2, 3."""
    team_clashes: int = 0
    """Team-mate pairs seated at one table, summed over rounds."""
    rounds: int = 0

    def meetings_of(self, a: str, b: str) -> int:
        """Times ``a`` and ``b`` sat at one table."""
        return self.meetings.get(_pair(a, b), 0)

    @property
    def repeat_pairs(self) -> int:
        """Pairs who met more than once."""
        return sum(1 for m in self.meetings.values() if m > 1)

    @property
    def repeat_meetings(self) -> int:
        """Excess meetings: the sum over pairs of ``max(0, meetings − 1)``."""
        return sum(m - 1 for m in self.meetings.values() if m > 1)

    def record(self, plan: RoundPlan, teams: Mapping[str, str] | None = None) -> SeatingHistory:
        """This history with one more round."""
        meetings = dict(self.meetings)
        seats = dict(self.seats)
        clashes = self.team_clashes
        for table in plan.tables:
            for i, p in enumerate(table):
                counts = list(seats.get(p, (0, 0, 0, 0)))
                counts[i] += 1
                seats[p] = (counts[0], counts[1], counts[2], counts[3])
            for a, b in itertools.combinations(table, 2):
                key = _pair(a, b)
                meetings[key] = meetings.get(key, 0) + 1
                if teams is not None and a in teams and teams.get(b) == teams[a]:
                    clashes += 1
        sit_outs = dict(self.sit_outs)
        for p in plan.sitting_out:
            sit_outs[p] = sit_outs.get(p, 0) + 1
        return SeatingHistory(meetings, sit_outs, seats, clashes, self.rounds + 1)

    @classmethod
    def from_plans(
        cls, plans: Iterable[RoundPlan], teams: Mapping[str, str] | None = None
    ) -> SeatingHistory:
        """The history of a sequence of rounds."""
        history = cls()
        for plan in plans:
            history = history.record(plan, teams)
        return history
