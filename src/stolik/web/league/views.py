"""What the tournament pages show, read from the store: rounds and their state, tables with
their deals settled (payouts and running totals), standings, the live page's JSON.

Nothing here writes; every value is plain data for the templates and the JSON endpoint.
"""

from __future__ import annotations

import datetime
import weakref
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import func, select

from stolik.db import Database
from stolik.db.base import utcnow
from stolik.errors import StolikError
from stolik.i18n import Msg, told
from stolik.tournament import store
from stolik.tournament.games import tournament_game
from stolik.tournament.model import Round, TableEntry, Tournament
from stolik.tournament.orm import AuditRow, RoundRow, TournamentRow
from stolik.tournament.standings import Standings
from stolik.web.league import money_view
from stolik.web.league.parts import LeagueGame, league_game


@dataclass(frozen=True)
class RoundState:
    """A drawn round: its clock and whether it is closed."""

    number: int
    clock: store.RoundClock
    closed: bool
    seed: int = 0
    """The seed the round was drawn with (shown to the referee: ``seat --seed`` redraws
    it)."""

    def phase(self, now: datetime.datetime) -> str:
        """``not started``, ``playing``, ``break``, ``over`` or ``closed``."""
        return "closed" if self.closed else self.clock.phase(now)


def rounds_of(db: Database, slug: str) -> list[RoundState]:
    """The drawn rounds, in order."""
    with db.read() as s:
        t = s.scalar(select(TournamentRow).where(TournamentRow.slug == slug))
        if t is None:
            raise store.StoreError(Msg("lg-nf-tournament", "{slug}: no such tournament",
                                        slug=slug))
        rows = s.scalars(select(RoundRow).where(RoundRow.tournament_id == t.id)
                         .order_by(RoundRow.number)).all()
        return [RoundState(r.number, store.clock_of(t, r), r.closed, r.seed) for r in rows]


def current_round(rounds: Sequence[RoundState]) -> RoundState | None:
    """The round in progress: the first one not closed, else the last one."""
    for r in rounds:
        if not r.closed:
            return r
    return rounds[-1] if rounds else None


@dataclass(frozen=True)
class DealLine:
    """One deal as the score sheet shows it."""

    info: store.DealInfo
    payout: tuple[int, int, int, int] | None
    running: tuple[int, int, int, int] | None
    bok: bool
    tie: bool
    label: Msg | str
    """The game and doubling (a :class:`~stolik.i18n.Msg`: ``translate`` it on a page)."""


@dataclass
class TableView:
    """A table of a round: seats (codes and names), the first dealer, its deals settled,
    final totals if only those were entered, events."""

    round: int
    number: int
    seats: tuple[str, ...]
    names: tuple[str, ...]
    first_dealer: int
    lines: list[DealLine] = field(default_factory=list)
    totals_only: tuple[int, int, int, int] | None = None
    events: list[store.EventInfo] = field(default_factory=list)
    error: str | None = None

    @property
    def entered(self) -> int:
        """Deals entered."""
        return len(self.lines)

    @property
    def totals(self) -> tuple[int, int, int, int]:
        """Running totals of the deals that count (or the final totals)."""
        if self.totals_only is not None:
            return self.totals_only
        for line in reversed(self.lines):
            if line.running is not None:
                return line.running
        return (0, 0, 0, 0)


def settle_deals(part: LeagueGame, rs: Any, deals: Sequence[store.DealInfo]
                 ) -> list[DealLine]:
    """The deals with payouts, settled by the game's ``league`` part: those that count
    are settled in sequence (bok-rounds as the scoring sees them, RULES §6) with running
    totals; the others get their payout as if they counted, and no running total."""
    if not deals:
        return []
    kind = deals[0].kind
    counted = [d for d in deals if d.counts]
    every = part.settle(rs, kind, [d.data for d in deals])
    official = iter(part.settle(rs, kind, [d.data for d in counted]))
    total = [0, 0, 0, 0]
    out = []
    for d, alt in zip(deals, every, strict=True):
        if d.counts:
            face = next(official)
            total = [a + b for a, b in zip(total, face.payout, strict=True)]
            run: tuple[int, int, int, int] | None = (total[0], total[1], total[2], total[3])
        else:
            face, run = alt, None
        p = face.payout
        out.append(DealLine(d, (p[0], p[1], p[2], p[3]), run, face.bok, face.tie, face.label))
    return out


@dataclass(frozen=True)
class Context:
    """A tournament read once for a page: settings, the model (every table), names."""

    info: store.TournamentInfo
    model: Tournament
    names: dict[str, str]
    teams: dict[str, str | None]
    rounds: list[RoundState]

    @property
    def ruleset(self) -> Any:
        """The tournament's ruleset, read by its game's ``tournament`` part."""
        return tournament_game(self.info.game).load_ruleset(self.model.ruleset)

    @property
    def league(self) -> LeagueGame:
        """The tournament's game's ``league`` part (:mod:`stolik.web.league.parts`)."""
        return league_game(self.info.game)

    def round(self, rnd: int) -> Round:
        """A drawn round (StoreError if there is none)."""
        if not 1 <= rnd <= len(self.model.rounds):
            raise store.StoreError(Msg("lg-nf-round", "{slug}: round {round} is not drawn",
                                        slug=self.info.slug, round=rnd))
        return self.model.rounds[rnd - 1]

    def entry(self, rnd: int, table: int) -> TableEntry:
        """A table as drawn (StoreError if there is none)."""
        tables = self.round(rnd).tables
        if not 1 <= table <= len(tables):
            raise store.StoreError(Msg("lg-nf-table", "{slug}: round {round}: no table {table}",
                                        slug=self.info.slug, round=rnd, table=table))
        return tables[table - 1]


def context(db: Database, slug: str) -> Context:
    """Read a tournament for a page (StoreError if there is none)."""
    info = store.tournament_info(db, slug)
    model = store.tournament_of(db, slug, complete=True)
    players = store.players_of(db, slug)
    return Context(info, model, {p.code: p.name for p in players},
                   {p.code: p.team for p in players}, rounds_of(db, slug))


def table_view(db: Database, ctx: Context, rnd: int, table: int,
               events: Sequence[store.EventInfo] | None = None) -> TableView:
    """A table with its deals settled and its events (``events``: the tournament's, when
    the caller read them already)."""
    e = ctx.entry(rnd, table)
    names = tuple(ctx.names.get(c, c) for c in e.seats)
    view = TableView(rnd, table, e.seats, names, e.first_dealer, totals_only=e.totals)
    deals = store.deals_of(db, ctx.info.slug, rnd, table)
    try:
        view.lines = settle_deals(ctx.league, ctx.ruleset, deals)
    except StolikError as err:  # the store refuses such tables; shown, not fatal
        # an engine's refusal stays a Msg: the page translates it (issue 9.9)
        view.error = err.message if isinstance(err.message, Msg) else str(err)
    every = store.events_of(db, ctx.info.slug) if events is None else events
    view.events = [ev for ev in every if ev.round == rnd and ev.table == table]
    return view


def round_tables(db: Database, ctx: Context, rnd: int) -> list[TableView]:
    """Every table of round ``rnd``."""
    events = store.events_of(db, ctx.info.slug)
    return [table_view(db, ctx, rnd, n, events)
            for n in range(1, len(ctx.round(rnd).tables) + 1)]


def standings(db: Database, slug: str) -> tuple[Standings | None, str | None]:
    """The standings, or the error that prevents them (a player reads it: without its
    citation, issue 25.8)."""
    try:
        return store.result_of(db, slug)[1], None
    except StolikError as e:
        return None, told(str(e))


def fmt(x: float) -> str:
    """A place-point value without a needless ``.0``.

    >>> fmt(6.0), fmt(3.3333333), fmt(-4)
    ('6', '3.33', '-4')
    """
    if float(x).is_integer():
        return str(int(x))
    return f"{x:.2f}".rstrip("0").rstrip(".")


def version_of(db: Database, slug: str) -> tuple[int, int]:
    """The tournament's last audit-log id and its number of audit-log rows: they change
    with every write (StoreError if there is no such tournament). The count too because
    on PostgreSQL the writes of several processes (or threads) may commit out of their
    ids' order: a page read between them sees the later id, and only the count changes
    when the earlier one commits."""
    with db.read() as s:
        tid = s.scalar(select(TournamentRow.id).where(TournamentRow.slug == slug))
        if tid is None:
            raise store.StoreError(Msg("lg-nf-tournament", "{slug}: no such tournament",
                                        slug=slug))
        last, count = s.execute(select(func.max(AuditRow.id), func.count(AuditRow.id))
                                .where(AuditRow.tournament_id == tid)).one()
        return int(last or 0), int(count or 0)


_LIVE_CACHE: weakref.WeakKeyDictionary[
    Database, dict[str, tuple[tuple[int, int], dict[str, Any]]]] = weakref.WeakKeyDictionary()
"""(database, slug) → (version, the live data less the clock): many phones poll the live
page; it is scored again only after a write. Each process keeps its own, checked against
the database at every poll: a write on any process of a site (``--hub``) shows at the next
poll everywhere."""


def live_data(db: Database, slug: str, now: datetime.datetime | None = None
              ) -> dict[str, Any]:
    """The live page's JSON: the round's clock, the standings, each table's progress."""
    now = now or utcnow()
    version = version_of(db, slug)
    per_db = _LIVE_CACHE.setdefault(db, {})
    cached = per_db.get(slug)
    if cached is not None and cached[0] == version:
        data = dict(cached[1])
        rounds = rounds_of(db, slug)
    else:
        data = _live_tables(db, slug)
        per_db[slug] = (version, data)
        rounds = data["_rounds"]
    cur = current_round(rounds)
    clock: dict[str, Any] | None = None
    if cur is not None:
        c = cur.clock
        clock = {"round": cur.number, "phase": cur.phase(now), "remaining": c.remaining(now),
                 "break_remaining": (max(0, int((c.break_end - now).total_seconds()))
                                     if c.break_end else 0),
                 "started_at": _iso(c.started_at), "limit": _iso(c.limit),
                 "break_end": _iso(c.break_end), "extra_minutes": c.extra_minutes}
    out = {k: v for k, v in data.items() if not k.startswith("_")}
    out.update(now=_iso(now), clock=clock, version=version[0])
    return out


def _live_tables(db: Database, slug: str) -> dict[str, Any]:
    """The live data that changes only with a write: tables' progress and standings."""
    ctx = context(db, slug)
    cur = current_round(ctx.rounds)
    tables: list[dict[str, Any]] = []
    money_game = money_view.is_money(ctx.info.game)
    if cur is not None and money_game:  # each table's stolový lístek (MARIAS §7)
        tables = money_view.live_tables(db, slug, cur.number, len(ctx.round(cur.number).tables),
                                   ctx.names)
    elif cur is not None:
        for tv in round_tables(db, ctx, cur.number):
            tables.append({
                "table": tv.number, "players": list(tv.names), "seats": list(tv.seats),
                "deals": tv.entered, "of": ctx.info.deals_per_round,
                "counted": sum(1 for ln in tv.lines if ln.running is not None),
                "totals": list(tv.totals), "totals_only": tv.totals_only is not None,
                "unconfirmed": sum(1 for ln in tv.lines if ln.info.confirmed_by is None),
                "after_limit": sum(1 for ln in tv.lines if ln.info.after_limit)})
    st, err = standings(db, slug)
    return {
        "_rounds": ctx.rounds, "money": money_game,
        # the money ranking (MARIAS §10): Kč, then the best and second best round
        "money_players": money_view.standings_rows(st) if st is not None and money_game else [],
        "tournament": {"slug": ctx.info.slug, "name": ctx.info.name,
                       "rounds": ctx.info.rounds, "drawn": ctx.info.rounds_drawn},
        "tables": tables, "error": err,
        "players": [{"rank": p.rank, "id": p.id, "name": p.name, "team": p.team,
                     "place_points": p.place_points, "place": fmt(p.place_points),
                     "table_points": p.table_points, "played": p.played}
                    for p in (st.players if st else ())],
        "teams": [{"rank": tm.rank, "team": tm.team, "score": tm.score,
                   "place": fmt(tm.score), "table_points": tm.table_points,
                   "counted": [ctx.names.get(c, c) for c in tm.counted]}
                  for tm in (st.teams if st else ())],
    }


def _iso(t: datetime.datetime | None) -> str | None:
    return None if t is None else t.replace(tzinfo=datetime.UTC).isoformat()
