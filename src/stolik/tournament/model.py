"""The tournament model (RULES §10, seed 000 §7m–w): players, teams, tables, rounds, events.

Everything is a frozen dataclass; a :class:`Tournament` is what a tournament file holds.
The penalty amounts of seed 000 §7q–t, w live in :class:`TournamentRules` as data.

>>> p = Player("p1", "Ala Nowak", "Rumia")
>>> t = Team("Rumia", ("p1", "p2"))
>>> t.size, p.team
(2, 'Rumia')
>>> TournamentRules().late_minor_minutes, TournamentRules().sitting_out
(5, (4.0, 40))
>>> str(TournamentError("late: unknown player 'p33'", source="t.toml", round=2, table=3))
"t.toml: round 2, table 3, late: unknown player 'p33' (RULES §10)"
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from stolik.errors import StolikError

MAX_TEAM_PLAYERS = 6
"""A team has at most 6 players (seed 000 "Punktacja" 1, RULES §10)."""

TEAM_COUNTED = 4
"""A team's tournament score counts its best 4 players (seed 000 "Punktacja" 2)."""

BAN_TOURNAMENTS = 3
"""A yellow card bans a player from the next three tournaments (seed 000 §7t)."""


class TournamentError(StolikError):
    """A tournament file or season that breaks the rules: one line naming the file, the
    round, the table, the entry and the rule (``RULES §10`` unless told)."""

    def __init__(self, message: str, *, source: str | None = None, round: int | None = None,
                 table: int | None = None, rule: str = "RULES §10") -> None:
        where = []
        if source:
            where.append(f"{source}:")
        loc = ", ".join(x for x in (f"round {round}" if round is not None else "",
                                    f"table {table}" if table is not None else "") if x)
        if loc:
            where.append(loc + ",")
        text = " ".join([*where, message])
        if rule and "(RULES" not in message and "(seed" not in message:
            text += f" ({rule})"
        self.message = message
        self.source = source
        self.round = round
        self.table = table
        self.rule = rule
        super().__init__(text)

    @property
    def prefix(self) -> str | None:
        """The file, round and table a translation puts in front of the message
        (:func:`stolik.i18n.translate`), or None."""
        loc = ", ".join(x for x in (f"round {self.round}" if self.round is not None else "",
                                    f"table {self.table}" if self.table is not None else "")
                        if x)
        parts = [x for x in (f"{self.source}:" if self.source else "", loc) if x]
        return " ".join(parts).rstrip(":") or None

    def with_source(self, source: str) -> TournamentError:
        """The same error, naming the file it came from."""
        if self.source:
            return self
        return TournamentError(self.message, source=source, round=self.round,
                               table=self.table, rule=self.rule)


@dataclass(frozen=True)
class TournamentRules:
    """Ruleset-independent tournament penalties of seed 000 §7q–t, w (RULES §10).

    Pairs are (place points, table points). Applied under every ruleset; a normal table
    uses its ruleset's own place table (RULES §9)."""

    min_deals_for_result: int = 10
    """Leaving after at least this many deals keeps the results so far (§7s)."""
    late_minor_minutes: int = 5
    """Late more than this: ``late_minor`` penalty (§7q)."""
    late_major_minutes: int = 10
    """Late more than this: the series is over (§7r)."""
    late_minor: int = -15
    late_minor_others: int = 5
    late_major: tuple[float, int] = (-4.0, -120)
    late_major_others: tuple[float, int] = (4.0, 40)
    leave_places: tuple[float, ...] = (6.0, 4.0, 2.0)
    """Place points of the three who stay, by their results so far (§7s)."""
    leaver_place_points: float = -4.0
    leave_early: tuple[float, int] = (-4.0, -120)
    leave_early_others: tuple[float, int] = (4.0, 40)
    sitting_out: tuple[float, int] = (4.0, 40)
    """A player sitting out a round (§7w)."""
    drop_best_and_worst: bool = False
    """Rank by the round results less each player's best and worst round (a licitovaný
    ruleset's switch, LICITOVANY §9); the standings still show the whole sum."""


class EventKind(StrEnum):
    """What can happen to a player in a round besides playing (seed 000 §7q–t, w)."""

    LATE = "late"
    """Late more than 5 minutes (§7q)."""
    LATE_OVER = "late-over"
    """Late more than 10 minutes: the series is over (§7r)."""
    LEFT = "left"
    """Left after 10 or more deals (§7s)."""
    LEFT_EARLY = "left-early"
    """Left before 10 deals (§7s)."""
    EXCLUDED = "excluded"
    """Excluded for foul play, scored as leaving, plus a yellow card (§7t)."""
    SITTING_OUT = "sitting-out"
    """Sitting out a round (§7w)."""
    WARNING = "warning"
    """A warning by the referee (seed 002 §2: a player is excluded only after one)."""


@dataclass(frozen=True)
class Event:
    """One event of a round; ``value`` is the minutes late or the deals before leaving."""

    kind: EventKind
    player: str
    round: int
    table: int | None = None
    value: int | None = None

    def text(self) -> str:
        """The event in words.

        >>> Event(EventKind.LATE, "p3", 1, 2, 7).text()
        'round 1, table 2: p3 late 7 min'
        """
        where = f"round {self.round}" + (f", table {self.table}" if self.table else "")
        what = {
            EventKind.LATE: f"late {self.value} min",
            EventKind.LATE_OVER: f"late {self.value} min, series over",
            EventKind.LEFT: f"left after {self.value} deals",
            EventKind.LEFT_EARLY: f"left after {self.value} deals (before the minimum)",
            EventKind.EXCLUDED: f"excluded after {self.value} deals, yellow card"
            if self.value is not None else "excluded",
            EventKind.SITTING_OUT: "sitting out",
            EventKind.WARNING: "warned",
        }[self.kind]
        return f"{where}: {self.player} {what}"


@dataclass(frozen=True)
class Player:
    """A registered player: a unique id, a name and optionally a team."""

    id: str
    name: str
    team: str | None = None


@dataclass(frozen=True)
class Team:
    """A team and its players' ids (at most :data:`MAX_TEAM_PLAYERS`)."""

    name: str
    players: tuple[str, ...]

    @property
    def size(self) -> int:
        """Number of players."""
        return len(self.players)


@dataclass(frozen=True)
class SheetLine:
    """One paper score-sheet line (one deal); see :mod:`stolik.games.baska.tournament`."""

    contract: str
    declarer: int | None = None
    starzy: tuple[int, int] | None = None
    partner: int | None = None
    level: int = 0
    points: int | None = None
    tricks: int | None = None
    revoke: int | None = None
    first_double: str | None = None


@dataclass(frozen=True)
class TableEntry:
    """One table of a round as the file writes it: the seats, and exactly one of
    ``deals`` (deal records, RULES §11), ``sheet`` (score-sheet lines) or ``totals``.
    A table whose series is over before it starts (§7r) may have none."""

    seats: tuple[str, ...]
    """The players by seat: four, or three where the game seats three at a table
    (licitovaný mariáš, LICITOVANY §9)."""
    first_dealer: int = 0
    deals: tuple[dict[str, object], ...] | None = None
    sheet: tuple[SheetLine, ...] | None = None
    totals: tuple[int, int, int, int] | None = None
    late: tuple[tuple[str, int], ...] = ()
    left: tuple[tuple[str, int], ...] = ()
    excluded: tuple[str, ...] = ()
    number: int | None = field(default=None, compare=False)
    """The table's number in its round when it is not its position (a round in progress,
    whose empty tables are left out); not written to files."""
    table_sheet: Any = None
    """The game's own table sheet, when its game keeps one (Mariáš: the stolový lístek —
    stake, top-ups, final money, leader, hand-in, correction:
    :class:`stolik.games.marias.tournament.MoneySheet`)."""
    warned: tuple[str, ...] = ()
    """Players the referee warned at this table in this round (seed 002 §2)."""
    entered: bool = True
    """``False``: drawn, nothing entered yet (a round in progress): its seats are taken,
    its events kept, but it is not scored (a file writes ``entered = false``)."""


@dataclass(frozen=True)
class Round:
    """A round: its tables and the players sitting out (§7w)."""

    tables: tuple[TableEntry, ...]
    sitting_out: tuple[str, ...] = ()
    closed: bool = True
    """``False``: a round still being played (a file writes ``closed = false``; import
    keeps it open)."""


@dataclass(frozen=True)
class Tournament:
    """A whole tournament: ruleset id, name, date, players and rounds."""

    ruleset: str
    name: str
    players: tuple[Player, ...]
    rounds: tuple[Round, ...]
    date: datetime.date | None = None
    source: str | None = field(default=None, compare=False)
    """The file it was read from (named in errors); not compared."""
    game: str = ""
    """The game (``baska``, ``marias``): given, else the game of the ruleset id
    (:func:`stolik.tournament.games.game_of_tournament`)."""

    def __post_init__(self) -> None:
        from stolik.tournament.games import game_of_tournament

        object.__setattr__(self, "game", game_of_tournament(self.ruleset, self.game or None))

    def player(self, pid: str) -> Player | None:
        """A player by id, or ``None``."""
        return next((p for p in self.players if p.id == pid), None)

    def teams(self) -> tuple[Team, ...]:
        """The teams, in the order their first player is listed.

        >>> t = Tournament("pucka-2019", "T", (Player("a", "A", "X"), Player("b", "B")), ())
        >>> t.teams()
        (Team(name='X', players=('a',)),)
        """
        names: dict[str, list[str]] = {}
        for p in self.players:
            if p.team is not None:
                names.setdefault(p.team, []).append(p.id)
        return tuple(Team(n, tuple(ids)) for n, ids in names.items())
