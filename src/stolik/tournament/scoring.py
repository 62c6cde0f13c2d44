"""Table results of a tournament, round by round (RULES §9–§10, MARIAS §10).

The generic part: a tournament's players, teams and seats are checked here (a player seated
twice in a round, an unknown or an excluded player), and every table is scored by its
game's ``tournament`` part (:mod:`stolik.tournament.games`): Baśka's play with the
penalties of seed 000 §7q–w (:mod:`stolik.games.baska.tournament`), Mariáš's table sheet
of money (:mod:`stolik.games.marias.tournament`). A :class:`TableResult` holds each
seat's result in the game's unit (``table_points``: table points, or haléř) and its place
points (none in a money tournament).

>>> from stolik.tournament.model import Player, Round, TableEntry, Tournament
>>> t = Tournament("pucka-2019", "T", tuple(Player(p, p.upper()) for p in "abcd"),
...                (Round((TableEntry(("a", "b", "c", "d"), totals=(30, -10, -10, -10)),)),))
>>> score_tournament(t).rounds[0].tables[0].place_points
(6.0, 2.0, 2.0, 2.0)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from stolik.errors import StolikError
from stolik.i18n import Msg, Place
from stolik.tournament.model import (
    MAX_TEAM_PLAYERS,
    Event,
    EventKind,
    Tournament,
    TournamentError,
    TournamentRules,
)

Source = Literal["deals", "sheet", "totals", "none"]


@dataclass(frozen=True)
class TableResult:
    """One table scored: ``played`` is the result from the play alone, ``table_points``
    and ``place_points`` the final ones (by seat), in the game's unit
    (:attr:`stolik.tournament.games.TournamentGame.UNIT`: table points, or haléř)."""

    round: int
    table: int
    seats: tuple[str, ...]
    source: Source
    deals_played: int
    played: tuple[int, ...]
    table_points: tuple[int, ...]
    place_points: tuple[float, ...]
    events: tuple[Event, ...] = ()
    results: tuple[Any, ...] = ()
    """The game's deal results (Baśka's or Mariáš's ``DealResult``), when the table has
    deals."""
    sheet: Any = None
    """The game's own table sheet when it keeps one (Mariáš: the stolový lístek with its
    top-ups and correction, :class:`stolik.games.marias.tournament.MoneySheet`)."""


@dataclass(frozen=True)
class RoundResult:
    """A round scored: its tables and the players sitting out (§7w)."""

    number: int
    tables: tuple[TableResult, ...]
    sitting_out: tuple[str, ...]
    sitting_out_points: tuple[float, int]


@dataclass(frozen=True)
class TournamentResult:
    """A tournament scored; ``yellow_cards`` are the excluded players (§7t)."""

    tournament: Tournament
    rounds: tuple[RoundResult, ...]
    rules: TournamentRules

    @property
    def events(self) -> tuple[Event, ...]:
        """Every event, round by round."""
        out: list[Event] = []
        for r in self.rounds:
            for t in r.tables:
                out.extend(t.events)
            out.extend(Event(EventKind.SITTING_OUT, p, r.number) for p in r.sitting_out)
        return tuple(out)

    @property
    def yellow_cards(self) -> tuple[str, ...]:
        """Players excluded for foul play in this tournament."""
        return tuple(e.player for e in self.events if e.kind is EventKind.EXCLUDED)

    def seated(self) -> list[tuple[str, int, int | None]]:
        """(player, round, table or None when sitting out) for every seat taken."""
        out: list[tuple[str, int, int | None]] = []
        for r in self.rounds:
            for t in r.tables:
                out.extend((p, r.number, t.table) for p in t.seats)
            out.extend((p, r.number, None) for p in r.sitting_out)
        return out


@dataclass(frozen=True)
class _Where:
    source: str | None
    round: int
    table: int | None
    entry: str

    def fail(self, message: str) -> TournamentError:
        return TournamentError(Msg("err-mt-where", "{where}: {message}",
                                   where=Place(self.entry), message=message),
                               source=self.source, round=self.round, table=self.table)


def _take_seat(p: str, what: Msg, where: _Where, ids: set[str], seen: dict[str, Msg],
               excluded: dict[str, int]) -> None:
    """Refuse an unknown player, a player seated twice in a round, or one excluded earlier."""
    if p not in ids:
        raise where.fail(Msg("err-tf-unknown-player", "unknown player '{code}'", code=p))
    if p in seen:
        raise where.fail(Msg("err-tf-seen", "player '{code}' is already {what} in this round",
                             code=p, what=seen[p]))
    if p in excluded:
        raise where.fail(Msg("err-tf-excluded", "player '{code}' was excluded in round "
                             "{round} and may not play on (seed 000 §7t)", code=p,
                             round=excluded[p]))
    seen[p] = what


def score_tournament(t: Tournament, rules: TournamentRules | None = None) -> TournamentResult:
    """Check a tournament (players, teams, seats) and score every table and round with its
    game's part. The penalty amounts are ``rules``, else the ruleset's (Baśka: its
    ``[tournament]`` table, seed 000's amounts when it has none)."""
    from stolik.tournament.games import tournament_game

    src = t.source
    part = tournament_game(t.game)
    try:
        rs = part.load_ruleset(t.ruleset)
    except StolikError as e:
        raise TournamentError(Msg("err-mt-where", "{where}: {message}", where="ruleset",
                                  message=e.message if isinstance(e.message, str) else str(e)),
                              source=src, rule="RULES §10") from None
    rules = rules or part.tournament_rules(rs)
    ids: set[str] = set()
    for pl in t.players:
        if pl.id in ids:
            raise TournamentError(Msg("err-t-listed-twice", "player: id '{id}' is listed "
                                      "twice", id=pl.id), source=src)
        ids.add(pl.id)
    for team in t.teams():
        if team.size > MAX_TEAM_PLAYERS:
            raise TournamentError(Msg("err-t-team-size", "player: team '{team}' has {n} "
                                      "players, at most {most} are allowed (seed 000 "
                                      "\"Punktacja\" 1)", team=team.name, n=team.size,
                                      most=MAX_TEAM_PLAYERS), source=src)
    excluded: dict[str, int] = {}
    warned: set[str] = set()
    needs_warning = bool(getattr(part, "EXCLUSION_NEEDS_WARNING", False))
    rounds: list[RoundResult] = []
    for rn, rnd in enumerate(t.rounds, 1):
        seen: dict[str, Msg] = {}

        tables: list[TableResult] = []
        for position, entry in enumerate(rnd.tables, 1):
            tn = entry.number or position
            for p in entry.seats:
                _take_seat(p, Msg("err-tf-seated-at", "seated at table {table}", table=tn),
                           _Where(src, rn, tn, "seats"), ids, seen, excluded)
            if not entry.entered:  # drawn, nothing entered yet: not scored, events kept
                warned.update(entry.warned)
                excluded.update((p, rn) for p in entry.excluded)
                continue
            tr = part.score_table(rs, rules, entry, rn, tn, source=src)
            tables.append(tr)
        for p in rnd.sitting_out:
            _take_seat(p, Msg("err-tf-sitting-out", "sitting out"),
                       _Where(src, rn, None, "sitting_out"), ids, seen, excluded)
        for tr in tables:
            for ev in tr.events:
                if ev.kind is EventKind.WARNING:
                    warned.add(ev.player)
                if ev.kind is EventKind.EXCLUDED:
                    if needs_warning and ev.player not in warned:
                        raise TournamentError(
                            Msg("err-t-never-warned", "excluded: player '{player}' was never "
                                "warned — the organiser excludes a player only after a "
                                "warning (seed 002 §2)", player=ev.player),
                            source=src, round=rn, table=tr.table, rule="")
                    excluded[ev.player] = rn
        rounds.append(RoundResult(rn, tuple(tables), rnd.sitting_out, rules.sitting_out))
    return TournamentResult(t, tuple(rounds), rules)
