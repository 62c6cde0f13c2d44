"""Table results of a tournament: the play, then the penalties (RULES §9–§10, seed 000 §7q–w).

A table's play comes from deal records (replayed, RULES §11), paper-sheet lines
(:mod:`stolik.tournament.sheet`) or only the final ``totals``; it gives each seat's table
points. Then, in this order (amounts from :class:`~stolik.tournament.model.TournamentRules`):

- **late > 5 min** (§7q): one late player −15 table points, each other +5; two or more late
  players each −15 and nobody gets +5 (the seed's second sentence names no bonus). The
  adjustment is added to the table points before places are decided.
- **late > 10 min** (§7r): the series is over and is not played (the table may hold no deals):
  each such player −4 place points and −120, each other 4 and +40.
- **left after ≥ 10 deals** (§7s): the three who stay get 6, 4, 2 by their table points so far
  (ties share, like RULES §9), the leaver −4 place points; everybody keeps the table points
  recorded so far, the leaver too ("utrzymują zapis punktowy").
- **left before 10 deals**: the others 4 (+40), the leaver −4 (−120); the deals played so far
  do not count (late adjustments still do).
- **excluded** (§7t): scored exactly as leaving after the ``left`` count, plus a yellow card;
  an excluded player may not be seated again in the same tournament. Without a ``left``
  count he was excluded when the series stopped, after the deals the table records.
- **two players gone** (our decision, RULES §10 is silent): the series stops when the first
  one goes, so all who leave (or are excluded) leave after the same deal; each gets the
  leaver's points and the two who stay share 6, 4 (or 4 / +40 each before 10 deals).
- otherwise the ruleset's own place table (RULES §9: pucka-2019 6/4/2/0, mester-sport 5/3/1/0
  plus its positive bonus), ties shared.

The penalty amounts are seed 000's (the Pucka Liga's regulation) under every shipped
ruleset; a league's own ruleset file may set others in its ``[tournament]`` table
(:class:`~stolik.tournament.model.TournamentRules`). A normal table uses its ruleset's
place table.

>>> from stolik.tournament.model import TableEntry
>>> from stolik.games.baska.ruleset import load_ruleset
>>> rs = load_ruleset("pucka-2019")
>>> e = TableEntry(("a", "b", "c", "d"), totals=(30, -10, -10, -10), late=(("b", 7),))
>>> r = score_table(rs, TournamentRules(), e, 1, 1)
>>> r.table_points, r.place_points
((35, -25, -5, -5), (6.0, 0.0, 3.0, 3.0))
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from stolik.errors import RecordError, StolikError
from stolik.games.baska.ruleset import Ruleset, load_ruleset
from stolik.games.baska.scoring import DealResult
from stolik.series import place_points, shared_places
from stolik.tournament.model import (
    MAX_TEAM_PLAYERS,
    Event,
    EventKind,
    TableEntry,
    Tournament,
    TournamentError,
    TournamentRules,
)
from stolik.tournament.sheet import settle_sheet

Source = Literal["deals", "sheet", "totals", "none"]


@dataclass(frozen=True)
class TableResult:
    """One table scored: ``played`` is the table points from the play alone,
    ``table_points`` and ``place_points`` the final ones (by seat)."""

    round: int
    table: int
    seats: tuple[str, str, str, str]
    source: Source
    deals_played: int
    played: tuple[int, int, int, int]
    table_points: tuple[int, int, int, int]
    place_points: tuple[float, float, float, float]
    events: tuple[Event, ...] = ()
    results: tuple[DealResult, ...] = ()


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


def _four_i(v: Sequence[int]) -> tuple[int, int, int, int]:
    return (v[0], v[1], v[2], v[3])


def _four_f(v: Sequence[float]) -> tuple[float, float, float, float]:
    return (float(v[0]), float(v[1]), float(v[2]), float(v[3]))


def _play(rs: Ruleset, entry: TableEntry, fail: _Fail
          ) -> tuple[Source, tuple[DealResult, ...], tuple[int, int, int, int]]:
    """The table points from the play, and the deal results (none for ``totals``)."""
    given = [k for k in ("deals", "sheet", "totals") if getattr(entry, k) is not None]
    if len(given) > 1:
        raise fail("", f"a table has one of deal, sheet or totals, not {' and '.join(given)}")
    if entry.deals is not None:
        # The engine is imported only for tables kept as deal records: a score sheet's
        # lines settle without it (``sheet add`` starts at once, issue 9.5).
        from stolik.games.baska.record import parse_record, replay

        try:
            rec = parse_record({"deal": list(entry.deals)}, ruleset=rs)
            if rec.deals[0].dealer != entry.first_dealer:
                raise RecordError(f"deal 1: dealer {rec.deals[0].dealer} should be "
                                  f"first_dealer {entry.first_dealer} (RULES §9)")
            series = replay(rec)
        except StolikError as e:
            raise fail("deal", str(e)) from None
        return "deals", series.results, series.totals
    if entry.sheet is not None:
        try:
            results = settle_sheet(rs, entry.sheet, "sheet line")
        except TournamentError as e:
            raise fail("", e.message) from None
        totals = [sum(r.payout[s] for r in results) for s in range(4)]
        return "sheet", tuple(results), _four_i(totals)
    if entry.totals is not None:
        if sum(entry.totals) != 0:
            raise fail("totals", f"{list(entry.totals)} sum to {sum(entry.totals)}, not 0 — "
                       "every deal sums to zero (RULES §7)")
        return "totals", (), entry.totals
    return "none", (), (0, 0, 0, 0)


class _Fail:
    """Builds errors naming the file, round, table and entry."""

    def __init__(self, source: str | None, round: int, table: int) -> None:
        self.source, self.round, self.table = source, round, table

    def __call__(self, entry: str, message: str, rule: str = "RULES §10") -> TournamentError:
        text = f"{entry}: {message}" if entry else message
        return TournamentError(text, source=self.source, round=self.round, table=self.table,
                               rule=rule)


def score_table(rs: Ruleset, rules: TournamentRules, entry: TableEntry, round: int,
                table: int, *, source: str | None = None) -> TableResult:
    """Score one table: its play (deals, sheet lines or totals), then the penalties."""
    fail = _Fail(source, round, table)
    seats = entry.seats
    for key, names in (("late", [p for p, _ in entry.late]),
                       ("left", [p for p, _ in entry.left]), ("excluded", entry.excluded)):
        for p in names:
            if p not in seats:
                raise fail(key, f"player '{p}' is not seated at this table")
    source_kind, results, played = _play(rs, entry, fail)
    left = dict(entry.left)
    for p in entry.excluded:
        if p not in left:
            if source_kind == "totals":
                raise fail("excluded", f"player '{p}' needs a 'left' entry: after how many "
                           "deals he was excluded — the table holds only totals (seed 000 §7t)")
            # Excluded when the series stopped: after the deals the table records.
            left[p] = len(results)
    if len(set(left.values())) > 1:
        said = ", ".join(f"'{p}' after {n}" for p, n in left.items())
        raise fail("left", f"the series stops when the first player leaves, so everybody who "
                   f"leaves leaves after the same deal, not {said} (seed 000 §7s)")
    events: list[Event] = []
    late_minor = [p for p, m in entry.late if rules.late_minor_minutes < m
                  <= rules.late_major_minutes]
    late_major = [p for p, m in entry.late if m > rules.late_major_minutes]
    minutes = dict(entry.late)

    if late_major:
        if source_kind != "none" or left:
            raise fail("late", f"player '{late_major[0]}' is {minutes[late_major[0]]} min late: "
                       "the series is over and not played, so the table has no deal, sheet, "
                       "totals or left (seed 000 §7r)")
        pp = [rules.late_major[0] if p in late_major else rules.late_major_others[0]
              for p in seats]
        tp = [rules.late_major[1] if p in late_major else rules.late_major_others[1]
              for p in seats]
        events = [Event(EventKind.LATE_OVER, p, round, table, minutes[p]) for p in late_major]
        return TableResult(round, table, seats, source_kind, 0, played, _four_i(tp),
                           _four_f(pp), tuple(events), results)
    if source_kind == "none":
        raise fail("", "the table has no deal, sheet or totals (RULES §10)")

    adjust = [0, 0, 0, 0]
    for p in late_minor:
        adjust[seats.index(p)] += rules.late_minor
    if len(late_minor) == 1:
        for s, p in enumerate(seats):
            if p not in late_minor:
                adjust[s] += rules.late_minor_others
    events.extend(Event(EventKind.LATE, p, round, table, minutes[p]) for p in late_minor)
    tp = [played[s] + adjust[s] for s in range(4)]
    n_deals = len(results)

    if left:
        after = next(iter(left.values()))
        if source_kind != "totals" and after != n_deals:
            leaver = next(iter(left))
            raise fail("left", f"player '{leaver}' left after {after} deals but the table "
                       f"records {n_deals} (seed 000 §7s)")
        n_deals = after
        gone = [seats.index(p) for p in left]
        for p in left:
            kind = (EventKind.EXCLUDED if p in entry.excluded else
                    EventKind.LEFT if after >= rules.min_deals_for_result
                    else EventKind.LEFT_EARLY)
            events.append(Event(kind, p, round, table, after))
        if after >= rules.min_deals_for_result:
            stayers = [s for s in range(4) if s not in gone]
            shares = shared_places([tp[s] for s in stayers], rules.leave_places)
            pp = [0.0] * 4
            for s, share in zip(stayers, shares, strict=True):
                pp[s] = share
            for k in gone:
                pp[k] = rules.leaver_place_points
        else:
            pp = [rules.leave_early_others[0]] * 4
            tp = [rules.leave_early_others[1] + adjust[s] for s in range(4)]
            for k in gone:
                pp[k] = rules.leave_early[0]
                tp[k] = rules.leave_early[1] + adjust[k]
    else:
        pp = place_points(tp, rs.series.place_points,
                          bonus=rs.series.positive_bonus or None)
    return TableResult(round, table, seats, source_kind, n_deals, played, _four_i(tp),
                       _four_f(pp), tuple(events), results)


@dataclass(frozen=True)
class _Where:
    source: str | None
    round: int
    table: int | None
    entry: str

    def fail(self, message: str) -> TournamentError:
        return TournamentError(f"{self.entry}: {message}", source=self.source,
                               round=self.round, table=self.table)


def _take_seat(p: str, what: str, where: _Where, ids: set[str], seen: dict[str, str],
               excluded: dict[str, int]) -> None:
    """Refuse an unknown player, a player seated twice in a round, or one excluded earlier."""
    if p not in ids:
        raise where.fail(f"unknown player '{p}'")
    if p in seen:
        raise where.fail(f"player '{p}' is already {seen[p]} in this round")
    if p in excluded:
        raise where.fail(f"player '{p}' was excluded in round {excluded[p]} and may not "
                         "play on (seed 000 §7t)")
    seen[p] = what


def score_tournament(t: Tournament, rules: TournamentRules | None = None) -> TournamentResult:
    """Check a tournament (players, teams, seats) and score every table and round. The
    penalty amounts are ``rules``, else the ruleset's ``[tournament]`` table (seed 000's
    amounts when it has none)."""
    src = t.source
    try:
        rs = load_ruleset(t.ruleset)
    except StolikError as e:
        raise TournamentError(f"ruleset: {e}", source=src, rule="RULES §10") from None
    rules = rules or rs.tournament
    ids: set[str] = set()
    for pl in t.players:
        if pl.id in ids:
            raise TournamentError(f"player: id '{pl.id}' is listed twice", source=src)
        ids.add(pl.id)
    for team in t.teams():
        if team.size > MAX_TEAM_PLAYERS:
            raise TournamentError(f"player: team '{team.name}' has {team.size} players, at "
                                  f"most {MAX_TEAM_PLAYERS} are allowed (seed 000 "
                                  "\"Punktacja\" 1)", source=src)
    excluded: dict[str, int] = {}
    rounds: list[RoundResult] = []
    for rn, rnd in enumerate(t.rounds, 1):
        seen: dict[str, str] = {}

        tables: list[TableResult] = []
        for position, entry in enumerate(rnd.tables, 1):
            tn = entry.number or position
            for p in entry.seats:
                _take_seat(p, f"seated at table {tn}", _Where(src, rn, tn, "seats"), ids, seen,
                           excluded)
            tr = score_table(rs, rules, entry, rn, tn, source=src)
            tables.append(tr)
        for p in rnd.sitting_out:
            _take_seat(p, "sitting out", _Where(src, rn, None, "sitting_out"), ids, seen,
                       excluded)
        for tr in tables:
            for ev in tr.events:
                if ev.kind is EventKind.EXCLUDED:
                    excluded[ev.player] = rn
        rounds.append(RoundResult(rn, tuple(tables), rnd.sitting_out, rules.sitting_out))
    return TournamentResult(t, tuple(rounds), rules)
