"""A Baśka regulation's values (RULES §3–§9): the contracts of the ladder with their
requirements and values (:class:`Contract`, :class:`Wyjscie`), the plain-game, revoke and
series rules, and the whole :class:`Ruleset` — frozen, as :mod:`stolik.games.baska.ruleset`
reads them from a TOML file.

Re-exported by :mod:`stolik.games.baska.ruleset`."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Literal

from stolik.tournament.model import TournamentRules
from stolik.tricks import CardOrder

Kind = Literal["plain", "cicha", "wesele", "solo", "honour"]
Side = Literal["starzy", "mlodzi"]
CATEGORIES = ("z_wyjsciem", "bez_wyjscia", "bez_bitki")


@dataclass(frozen=True)
class Wyjscie:
    """What the losing side needs to escape "bez wyjścia": points, or (if set) tricks."""

    points: int
    tricks: int | None = None

    def reached(self, points: int, tricks: int) -> bool:
        """Whether a side with ``points`` and ``tricks`` has its wyjście."""
        return points >= self.points or (self.tricks is not None and tricks >= self.tricks)


@dataclass(frozen=True)
class Contract:
    """One game type: a contract of the ladder, or the plain game (``zwykla``) or ``cicha``.

    ``rank`` is the position on the ladder (0 = lowest); −1 for games nobody bids.
    ``requires`` is the set of cards (a mask) the declarer must hold to call it.
    ``win`` / ``loss`` are the base values (RULES §7); a 2 v 2 game uses the plain table.
    """

    id: str
    name: str
    kind: Kind
    rank: int = -1
    order: str = "normal"
    goal: Literal["points", "all-tricks"] = "points"
    requires: int = 0
    first_round_only: bool = False
    opening_only: bool = False
    partner_cards: tuple[int, ...] = ()
    first_double: Literal["mlodzi", "any", "opponents"] = "opponents"
    win: int = 0
    loss: int = 0
    max_level: int = 0

    @property
    def biddable(self) -> bool:
        """Whether the contract is called in the auction (plain game and cicha are not)."""
        return self.rank >= 0

    @property
    def lone(self) -> bool:
        """One player against three (cicha, solos and honours: RULES §7)."""
        return self.kind in ("cicha", "solo", "honour")


@dataclass(frozen=True)
class PlainRules:
    """The plain game's table (also wesele's): values by winning side and category."""

    starzy: int
    wyjscie: Mapping[str, Wyjscie]
    values: Mapping[str, Mapping[str, int]]


@dataclass(frozen=True)
class RevokeRule:
    """RULES §8. ``mode`` "contract": offender −3v, others +v; "fixed": fixed amounts."""

    mode: Literal["contract", "fixed"]
    offender: int = 0
    others: int = 0
    lone_declarer_loses_contract: bool = False


@dataclass(frozen=True)
class SeriesRules:
    """RULES §6 and §9: series lengths, place points, bok-rounds."""

    lengths: tuple[int, ...]
    place_points: tuple[float, ...]
    positive_bonus: tuple[float, ...] = ()
    bok_round_deals: int = 0


@dataclass(frozen=True, eq=False)
class Ruleset:
    """A whole regulation. Build it with :func:`load_ruleset` or :func:`parse_ruleset`."""

    id: str
    name: str
    source: str
    points_to_win: int
    doublings: tuple[str, ...]
    laid_down_max_level: int
    doubled_tie_loser: Literal["first-doubler"] | None
    orders: Mapping[str, CardOrder]
    plain: PlainRules
    zwykla: Contract
    cicha: Contract
    ladder: tuple[Contract, ...]
    revoke: RevokeRule
    series: SeriesRules
    tournament: TournamentRules = field(default_factory=TournamentRules)
    """Tournament penalties (RULES §10, seed 000 §7q–t, w): the optional ``[tournament]``
    table; seed 000's amounts when it is absent."""
    path: str | None = None
    _by_id: dict[str, Contract] = field(default_factory=dict, repr=False)

    def __post_init__(self) -> None:
        for c in (self.zwykla, self.cicha, *self.ladder):
            self._by_id[c.id] = c

    def contract(self, contract_id: str) -> Contract:
        """A contract (or ``zwykla`` / ``cicha``) by id; KeyError if the ruleset lacks it."""
        return self._by_id[contract_id]

    def has(self, contract_id: str) -> bool:
        """Whether the ruleset knows a game of this id."""
        return contract_id in self._by_id

    def order_of(self, contract: Contract) -> CardOrder:
        """The card order a contract is played in."""
        return self.orders[contract.order]

    @property
    def default_length(self) -> int:
        """The series length used when none is given (the longest the regulation names
        among the usual 32, else its first)."""
        return 32 if 32 in self.series.lengths else self.series.lengths[0]

    def doubling_name(self, level: int) -> str:
        """Name of the doubling that brings the game to ``level`` (1 = kontra)."""
        return self.doublings[level - 1]
