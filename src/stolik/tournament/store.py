"""The tournament store: running a tournament in the database (RULES §10, seed 000 §7m–w).

Every function that changes something is one transaction (:meth:`Database.write`): it is
checked first, then written whole with a line in the audit log (who, when, what, before,
after), or not at all. A tournament in the database turns back into the
:class:`~stolik.tournament.model.Tournament` a tournament file holds
(:func:`tournament_of`), so standings come from the same scoring code as
``stolik tournament report``. The part a referee's commonest commands need (a new
tournament, the next deal) is written with Core in :mod:`stolik.tournament.store_core`,
re-exported here, as are the parts written with the ORM in their own modules:
players (:mod:`~stolik.tournament.store_players`), rounds and the clock
(:mod:`~stolik.tournament.store_rounds`), table events (:mod:`~stolik.tournament.store_events`),
the tournament as a file holds it, scored (:mod:`~stolik.tournament.store_model`), import,
backup and restore (:mod:`~stolik.tournament.store_transfer`); this module keeps the
tournaments, the deals and table sheets, and the audit log.

What running a tournament adds to the file:

- **the round clock** (seed 000 §7p): a round is drawn, started (the clock runs
  ``minutes_per_round``, 40 by default, then a ``break_minutes`` break), possibly extended
  by the referee, and closed. A deal started after the limit is flagged and does not count
  unless the referee extends the round past its start;
- **entry and confirmation**: who entered each deal; a second person (not the one who
  entered it) may confirm it, like the opponents on a Bridgemate. With
  ``require_confirmation`` only confirmed deals count;
- **corrections** keep the value before and after in the audit log;
- **yellow-card bans** across a season (seed 000 §7t): a player excluded in one of the
  previous three tournaments of the season is refused.

>>> from stolik.db import open_database
>>> db = open_database("sqlite://", migrate=True)
>>> _ = create_tournament(db, "t1", name="Turniej 1", ruleset="pucka-2019", who="ref")
>>> for i in range(1, 6):
...     add_player(db, "t1", f"p{i}", f"Gracz {i}", who="ref")
>>> plan = seat_round(db, "t1", who="ref")
>>> len(plan.tables), len(plan.sitting_out)
(1, 1)
>>> info = enter_deal(db, "t1", 1, 1, {"contract": "gran", "declarer": 0, "points": 90},
...                   who="ref")
>>> info.number, info.after_limit
(1, False)
>>> confirm_deal(db, "t1", 1, 1, 1, who="ref")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
stolik.tournament.store_core.StoreError: t1: round 1, table 1, deal 1: entered by 'ref', so ...
>>> [a.action for a in audit_log(db, "t1")][-2:]
['seat', 'enter']
"""

from __future__ import annotations

import datetime
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from stolik.db import Database
from stolik.db.base import utcnow
from stolik.i18n import Msg
from stolik.tournament.model import TableEntry, TournamentError
from stolik.tournament.orm import (
    AuditRow,
    DealRow,
    RoundRow,
    SeasonRow,
    TableRow,
    TournamentRow,
)
from stolik.tournament.scoring import TableResult

# The part written with Core (no ORM: ``tournament new``, ``sheet add`` load only it) is
# reached through this module too.
from stolik.tournament.store_core import CLOSED as CLOSED
from stolik.tournament.store_core import LATEST_START as LATEST_START
from stolik.tournament.store_core import MAX_NUMBER as MAX_NUMBER
from stolik.tournament.store_core import MAX_ROUND_MINUTES as MAX_ROUND_MINUTES
from stolik.tournament.store_core import MAX_SEED as MAX_SEED
from stolik.tournament.store_core import DealInfo as DealInfo
from stolik.tournament.store_core import RoundClock as RoundClock
from stolik.tournament.store_core import StoreError as StoreError
from stolik.tournament.store_core import TournamentInfo as TournamentInfo
from stolik.tournament.store_core import (
    _audit,
    _check_lines,
    _deal_info,
    _doc,
    _fail,
    _has_play,
    _table_check,
    _table_entry,
    game_of,
)
from stolik.tournament.store_core import clock_of as clock_of
from stolik.tournament.store_core import create_tournament as create_tournament
from stolik.tournament.store_core import enter_deal as enter_deal
from stolik.tournament.store_core import enter_deals as enter_deals
from stolik.tournament.store_core import ruleset_ref as ruleset_ref
from stolik.tournament.store_core import seat_players as seat_players
from stolik.tournament.store_events import EVENT_KINDS as EVENT_KINDS
from stolik.tournament.store_events import EventInfo as EventInfo
from stolik.tournament.store_events import add_event as add_event
from stolik.tournament.store_events import events_of as events_of
from stolik.tournament.store_events import remove_event as remove_event
from stolik.tournament.store_model import result_of as result_of
from stolik.tournament.store_model import season_of as season_of
from stolik.tournament.store_model import tournament_of as tournament_of
from stolik.tournament.store_players import EntryInfo as EntryInfo
from stolik.tournament.store_players import add_player as add_player
from stolik.tournament.store_players import add_players as add_players
from stolik.tournament.store_players import banned_players as banned_players
from stolik.tournament.store_players import players_of as players_of
from stolik.tournament.store_players import remove_player as remove_player
from stolik.tournament.store_players import set_team as set_team
from stolik.tournament.store_rounds import close_round as close_round
from stolik.tournament.store_rounds import draw_seed as draw_seed
from stolik.tournament.store_rounds import extend_round as extend_round
from stolik.tournament.store_rounds import plans_of as plans_of
from stolik.tournament.store_rounds import reopen_round as reopen_round
from stolik.tournament.store_rounds import round_clock as round_clock
from stolik.tournament.store_rounds import round_seeds as round_seeds
from stolik.tournament.store_rounds import seat_round as seat_round
from stolik.tournament.store_rounds import set_round_length as set_round_length
from stolik.tournament.store_rounds import start_round as start_round
from stolik.tournament.store_rows import _codes, _table, _tournament
from stolik.tournament.store_transfer import BACKUP_FORMAT as BACKUP_FORMAT
from stolik.tournament.store_transfer import backup as backup
from stolik.tournament.store_transfer import import_tournament as import_tournament
from stolik.tournament.store_transfer import restore as restore

# ------------------------------------------------------------------------ values


@dataclass(frozen=True)
class AuditEntry:
    """One line of the audit log."""

    at: datetime.datetime
    who: str
    action: str
    what: str
    before: Any
    after: Any


# -------------------------------------------------------------- tournaments


def _info(s: Session, t: TournamentRow) -> TournamentInfo:
    season = s.get(SeasonRow, t.season_id) if t.season_id else None
    return TournamentInfo(t.slug, t.name, t.ruleset, t.date, t.place, t.rounds,
                          t.deals_per_round, t.minutes_per_round, t.break_minutes, t.seed,
                          t.require_confirmation, season.name if season else None,
                          len(t.entries), len(t.round_rows), t.game)


def list_tournaments(db: Database) -> list[TournamentInfo]:
    """Every tournament, oldest first."""
    with db.read() as s:
        rows = s.scalars(select(TournamentRow).order_by(TournamentRow.date,
                                                        TournamentRow.id)).all()
        return [_info(s, t) for t in rows]


def tournament_info(db: Database, slug: str) -> TournamentInfo:
    """One tournament's settings."""
    with db.read() as s:
        return _info(s, _tournament(s, slug))


# -------------------------------------------------------------------- deals


def _deal(s: Session, t: TournamentRow, rnd: int, table: int, number: int
          ) -> tuple[RoundRow, TableRow, DealRow]:
    r, tb = _table(s, t, rnd, table)
    for d in tb.deals:
        if d.number == number:
            return r, tb, d
    raise _fail(t.slug, Msg("err-st-no-deal", "no deal {number} (the table has {count})",
                            number=number, count=len(tb.deals)), round=rnd, table=table)


def correct_deal(db: Database, slug: str, round: int, table: int, number: int,
                 raw: Mapping[str, Any], *, who: str) -> DealInfo:
    """Replace deal ``number``; the audit log keeps the value before and after, and a
    confirmation given before is withdrawn."""
    with db.write() as s:
        t = _tournament(s, slug)
        r, tb, d = _deal(s, t, round, table, number)
        if r.closed:
            raise _fail(slug, CLOSED, round=round)
        doc = _doc(t, d.kind, raw, round, table)
        docs = [doc if x.number == number else x.data for x in tb.deals]
        _check_lines(t, tb, d.kind, docs, round)
        before = d.data
        d.data = doc
        d.confirmed_by = None
        d.confirmed_at = None
        s.flush()
        _table_check(s, t, r, tb)
        _audit(s, t, who, "correct", f"round {round}, table {table}, deal {number}", before,
               doc)
        return _deal_info(t, r, tb, d)


def delete_deal(db: Database, slug: str, round: int, table: int, number: int, *,
                who: str) -> None:
    """Delete deal ``number``; the later deals move up one number."""
    with db.write() as s:
        t = _tournament(s, slug)
        r, tb, d = _deal(s, t, round, table, number)
        if r.closed:
            raise _fail(slug, CLOSED, round=round)
        rest = [x.data for x in tb.deals if x.number != number]
        if rest:
            _check_lines(t, tb, d.kind, rest, round)
        before = d.data
        tb.deals.remove(d)
        s.flush()
        for x in tb.deals:
            if x.number > number:
                x.number -= 1
                s.flush()
        _table_check(s, t, r, tb)
        _audit(s, t, who, "delete", f"round {round}, table {table}, deal {number}", before,
               None)


def confirm_deal(db: Database, slug: str, round: int, table: int, number: int, *,
                 who: str) -> DealInfo:
    """Confirm deal ``number``: by a second person, not the one who entered it."""
    with db.write() as s:
        t = _tournament(s, slug)
        r, tb, d = _deal(s, t, round, table, number)
        if d.entered_by == who:
            raise _fail(slug, Msg("err-st-confirm-other", "entered by '{who}', so another "
                                    "person confirms it", who=who),
                        round=round, table=table, deal=number)
        if d.confirmed_by is not None:
            raise _fail(slug, Msg("err-st-confirmed", "already confirmed by '{who}'",
                                    who=d.confirmed_by), round=round,
                        table=table, deal=number)
        d.confirmed_by = who
        d.confirmed_at = utcnow()
        _audit(s, t, who, "confirm", f"round {round}, table {table}, deal {number}", None, who)
        return _deal_info(t, r, tb, d)


def set_totals(db: Database, slug: str, round: int, table: int,
               totals: Sequence[int] | None, *, who: str) -> None:
    """Record only the table's final points by seat (sum 0), or clear them (``None``)."""
    with db.write() as s:
        t = _tournament(s, slug)
        r, tb = _table(s, t, round, table)
        if r.closed:
            raise _fail(slug, CLOSED, round=round)
        if totals is not None:
            if len(totals) != 4:
                raise _fail(slug, Msg("err-st-totals-four", "totals are 4 numbers by seat, "
                                        "not {totals}", totals=list(totals)),
                            round=round, table=table)
            if sum(totals) != 0:
                raise _fail(slug, Msg("err-st-totals-zero", "totals {totals} sum to {sum}, not 0 "
                                        "— every deal sums to zero (RULES §7)",
                                        totals=list(totals), sum=sum(totals)),
                            round=round, table=table)
            if tb.deals:
                raise _fail(slug, Msg("err-st-totals-deals", "the table has deals entered; totals "
                                        "replace none of them"),
                            round=round, table=table)
        before = tb.totals
        tb.totals = list(totals) if totals is not None else None
        s.flush()
        _table_check(s, t, r, tb)
        _audit(s, t, who, "totals", f"round {round}, table {table}", before, tb.totals)


@dataclass(frozen=True)
class TableSheetInfo:
    """A table's round as its game's table sheet shows it (Mariáš: the stolový lístek,
    MARIAS §7): the players by seat (id, name), the game's sheet, the table scored
    (``None`` while nothing is entered), and the deals entered."""

    slug: str
    game: str
    round: int
    table: int
    players: tuple[tuple[str, str], ...]
    sheet: Any
    result: TableResult | None
    deals: int


def _sheet_entry(s: Session, t: TournamentRow, r: RoundRow, tb: TableRow) -> TableEntry:
    return _table_entry(t, r, tb, tb.deals, [e for e in r.events if e.table_id == tb.id],
                        _codes(s))


def table_sheet_of(db: Database, slug: str, round: int, table: int) -> TableSheetInfo:
    """A table's sheet for one round, scored by its game (MARIAS §7)."""
    with db.read() as s:
        t = _tournament(s, slug)
        r, tb = _table(s, t, round, table)
        part = game_of(t)
        entry = _sheet_entry(s, t, r, tb)
        names = {e.player.code: e.player.name for e in t.entries}
        result = None
        rs = part.load_ruleset(ruleset_ref(t))
        rules = part.tournament_rules(rs)
        if _has_play(entry, rules.late_major_minutes):
            try:
                result = part.score_table(rs, rules, entry, round, table, source=slug)
            except TournamentError:
                result = None
        return TableSheetInfo(slug, t.game, round, table,
                              tuple((p, names.get(p, p)) for p in entry.seats),
                              part.table_sheet(tb.sheet), result, len(tb.deals))


def change_table_sheet(db: Database, slug: str, round: int, table: int,
                       change: Callable[[Any, TableEntry], Any], *, who: str, action: str,
                       what: str, correction: bool = False) -> TableSheetInfo:
    """Change a table's sheet (its game's, e.g. Mariáš's stolový lístek) in one
    transaction: ``change(ruleset, entry)`` returns the new sheet from the table as it
    stands (``entry.table_sheet`` the sheet now). The table is scored with it and refused
    whole if its game refuses it (a table that does not sum to zero, MARIAS §7). A sheet
    handed in is changed only as a referee's ``correction`` (seed 002 §10); the audit log
    keeps the sheet before and after, under ``action``."""
    with db.write() as s:
        t = _tournament(s, slug)
        r, tb = _table(s, t, round, table)
        if r.closed:
            raise _fail(slug, CLOSED, round=round)
        part = game_of(t)
        rs = part.load_ruleset(ruleset_ref(t))
        entry = _sheet_entry(s, t, r, tb)
        before = tb.sheet
        try:  # the game's own refusal first (a second hand-in: "already handed in")
            new = change(rs, entry)
        except TournamentError as e:
            raise _fail(slug, e.message, round=round, table=table, rule=None) from None
        if getattr(entry.table_sheet, "handed_in", False) and not correction:
            raise _fail(slug, Msg("err-st-handed-in", "the table sheet is signed and handed "
                                  "in: no change without a referee's correction (--correction)"
                                  " (seed 002 §10)"), round=round, table=table, rule=None)
        tb.sheet = part.table_sheet_document(new)
        s.flush()
        _table_check(s, t, r, tb)
        _audit(s, t, who, "correct-sheet" if correction else action,
               f"round {round}, table {table}: {what}", before, tb.sheet)
    return table_sheet_of(db, slug, round, table)


def deals_of(db: Database, slug: str, round: int, table: int) -> list[DealInfo]:
    """A table's deals, in order, with their flags."""
    with db.read() as s:
        t = _tournament(s, slug)
        r, tb = _table(s, t, round, table)
        return [_deal_info(t, r, tb, d) for d in tb.deals]


def audit_log(db: Database, slug: str) -> list[AuditEntry]:
    """Every change to the tournament, oldest first."""
    with db.read() as s:
        t = _tournament(s, slug)
        rows = s.scalars(select(AuditRow).where(AuditRow.tournament_id == t.id)
                         .order_by(AuditRow.id)).all()
        return [AuditEntry(a.at, a.who, a.action, a.what, a.before, a.after) for a in rows]


