"""The tournament store's part written with SQLAlchemy Core (RULES §10, seed 000 §7m–w):
the values it returns, the checks every change of a table's deals goes through, and the
writes a referee types most — a new tournament, the next deal of a table
(``stolik tournament new``, ``sheet add``, ``sheet record``).

These never load ``sqlalchemy.orm`` (issue 9.5: each is a whole process a person waits
for), and every statement they run is named (:func:`run`), written once with Core in
:mod:`stolik.tournament.statements`: on a SQLite file already at the newest schema the
same functions run on the standard library's ``sqlite3``, SQLAlchemy not imported at all
(:mod:`stolik.tournament.sqlite_fast`, ``tournament new`` and ``sheet add``). The rest of
the store (:mod:`stolik.tournament.store`, which re-exports everything here) uses the ORM
classes of :mod:`stolik.tournament.orm` over the same tables
(:mod:`stolik.tournament.tables`) and calls the same checks. Every change is one
transaction (:meth:`~stolik.db.Database.begin`) with a line in the audit log, or nothing.

The helpers read rows through small protocols (:class:`TournamentLike`, …), which an ORM
object and a Core row both satisfy: one rule, one place, whichever layer holds the row.
Those protocols and :func:`run` live in :mod:`stolik.tournament.store_access`, the values
in :mod:`stolik.tournament.store_values`; both are re-exported here.

>>> from stolik.db import open_database
>>> db = open_database("sqlite://", migrate=True)
>>> create_tournament(db, "t1", name="Turniej", ruleset="pucka-2019", who="ref").deals_per_round
32
>>> enter_deal(db, "t1", 1, 1, {"contract": "gran", "declarer": 0, "points": 61}, who="ref")
Traceback (most recent call last):
...
stolik.tournament.store_core.StoreError: t1: round 1 is not drawn yet (`seat` draws it) (RULES §10)
"""

from __future__ import annotations

import datetime
import hashlib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Literal

from stolik.db.clock import utcnow
from stolik.errors import StolikError
from stolik.i18n import Msg
from stolik.tournament.games import TournamentGame, game_of_tournament, tournament_game
from stolik.tournament.model import TableEntry, TournamentError
from stolik.tournament.store_access import DbRow as DbRow
from stolik.tournament.store_access import DealLike as DealLike
from stolik.tournament.store_access import EventLike as EventLike
from stolik.tournament.store_access import Executor as Executor
from stolik.tournament.store_access import RoundLike as RoundLike
from stolik.tournament.store_access import Rows as Rows
from stolik.tournament.store_access import Store as Store
from stolik.tournament.store_access import TableLike as TableLike
from stolik.tournament.store_access import TournamentLike as TournamentLike
from stolik.tournament.store_access import run as run
from stolik.tournament.store_access import seat_ids
from stolik.tournament.store_values import DealInfo as DealInfo
from stolik.tournament.store_values import RoundClock as RoundClock
from stolik.tournament.store_values import TournamentInfo as TournamentInfo

__all__ = ["DealInfo", "RoundClock", "StoreError", "TournamentInfo", "clock_of",
           "create_tournament", "enter_deal", "enter_deals", "ruleset_ref", "seat_players"]


class StoreError(StolikError):
    """A request the tournament's state or the regulation does not allow: one line naming
    the tournament, round, table, deal and rule. Made by :func:`_fail` from a
    :class:`stolik.i18n.Msg`, it keeps the message with the place in front (``prefix``)
    and the rule after it (``suffix``) for :func:`stolik.i18n.translate` (issue 9.9)."""

    prefix: str | None = None
    suffix: str | None = None


def _fail(slug: str, message: str, *, round: int | None = None, table: int | None = None,
          deal: int | None = None, rule: str | None = "RULES §10") -> StoreError:
    """The refusal ``slug: round …, table …, deal …: message (rule)``; the rule is left
    out when the message cites one (or ``rule`` is None).

    >>> from stolik.i18n import translate
    >>> e = _fail("t1", CLOSED, round=2)
    >>> str(e)
    't1: round 2: the round is closed (reopen it to correct) (RULES §10)'
    >>> translate(e, "pl")
    't1: runda 2: runda jest zamknięta (otwórz ją ponownie, aby poprawić) (RULES §10)'
    """
    where = ", ".join(x for x in (f"round {round}" if round else "",
                                  f"table {table}" if table else "",
                                  f"deal {deal}" if deal else "") if x)
    text = f"{slug}: {where + ': ' if where else ''}{message}"
    suffix = None
    if rule and "(RULES" not in message and "(seed" not in message:
        suffix = f"({rule})"
        text += f" {suffix}"
    err = StoreError(text)
    if getattr(message, "code", None) is not None:  # a stolik.i18n.Msg: pages translate it
        err.message = message
        err.prefix = f"{slug}: {where}" if where else slug
        err.suffix = suffix
    return err


CLOSED = Msg("err-st-closed", "the round is closed (reopen it to correct)")
"""The refusal of a change to a closed round's tables (RULES §10)."""


# ---------------------------------------------------------------------- helpers


def no_such_tournament(ex: Executor, slug: str) -> StoreError:
    """The error for an unknown short name, naming the tournaments there are."""
    known = run(ex, "tournament_slugs").scalars().all()
    if known:
        return _fail(slug, Msg("err-st-no-tournament", "no such tournament; there are: "
                               "{known}", known=", ".join(known)), rule=None)
    return _fail(slug, Msg("err-st-no-tournament-new", "no such tournament; create it with "
                           "`new`"), rule=None)


def tournament_row(ex: Executor, slug: str) -> DbRow:
    """The tournament ``slug`` (refused in one line when there is none)."""
    row = run(ex, "tournament", slug=slug).first()
    if row is None:
        raise no_such_tournament(ex, slug)
    return row


MAX_NUMBER = 2**31 - 1
"""The largest number an ``Integer`` column holds (4 bytes on PostgreSQL, which refuses a
query that compares or writes a larger one; SQLite's driver refuses one past 2**63): round,
table and deal numbers, row ids (an event's), the tournament's rounds, an event's minutes
or deals."""

MAX_ROUND_MINUTES = 24 * 60
"""The longest a round may last — its play with the referee's extensions, or its break —
in minutes: a day (seed 000 §7p plays 40, seed 002 §1 50). The clock adds them to the
start; a sum past the year 9999 would break every page showing the round."""

MAX_DEALS_PER_ROUND = 1000
"""The most deals a round may have (RULES §9 series of 24–32, MARIAS §9 by time): the
printed score sheet has a line for each."""

LATEST_START = datetime.datetime.max - datetime.timedelta(minutes=2 * MAX_ROUND_MINUTES)
"""The latest a round's clock may start: its limit and its break's end are times too."""


def check_number(slug: str, what: str, value: int, lo: int, hi: int, *,
                 round: int | None = None, table: int | None = None) -> int:
    """``value``, when it is a whole number ``lo`` to ``hi``; else the refusal naming
    ``what`` (a :class:`~stolik.i18n.Msg`), before any database sees the number.

    >>> check_number("t1", Msg("err-st-n-rounds", "rounds"), 10**20, 1, MAX_NUMBER)
    Traceback (most recent call last):
    ...
    stolik.tournament.store_core.StoreError: t1: rounds: a whole number 1 to 2147483647, \
not 100000000000000000000
    """
    if not lo <= value <= hi:
        raise _fail(slug, Msg("err-st-range", "{what}: a whole number {lo} to {hi}, not "
                              "{value}", what=what, lo=lo, hi=hi, value=value),
                    round=round, table=table, rule=None)
    return value


def round_row(ex: Executor, t: TournamentLike, number: int) -> DbRow:
    """Round ``number`` of ``t`` (refused when it is not drawn yet).

    A number past the column's range (a 4-byte integer on PostgreSQL) is not drawn either:
    it is refused here, not sent to the database, which would fail on it (a typed URL
    ``/t/x/admin/round/99999999999999999999/...`` answered 500 on PostgreSQL).
    """
    row = (run(ex, "round", tournament_id=t.id, number=number).first()
           if 0 < number <= MAX_NUMBER else None)
    if row is None:
        raise _fail(t.slug, Msg("err-st-not-drawn", "round {number} is not drawn yet (`seat` "
                                "draws it)", number=number))
    return row


def table_row(ex: Executor, t: TournamentLike, rnd: int, number: int
              ) -> tuple[DbRow, DbRow]:
    """Round ``rnd`` and its table ``number`` (refused when there is no such table)."""
    r = round_row(ex, t, rnd)
    rows = run(ex, "round_tables", round_id=r.id).all()
    for tb in rows:
        if tb.number == number:
            return r, tb
    raise _fail(t.slug, Msg("err-st-no-table", "no table {number} (the round has {count})",
                            number=number, count=len(rows)), round=rnd)


def _deal_rows(ex: Executor, tb: TableLike) -> list[DbRow]:
    return list(run(ex, "table_deals", table_id=tb.id).all())


def _audit(ex: Executor, t: TournamentLike | None, who: str, action: str, what: str,
           before: Any = None, after: Any = None) -> None:
    """A line in the audit log: who, when, what, the value before and after."""
    if not who.strip():
        raise StoreError("who: every change names the person making it")
    run(ex, "insert_audit", tournament_id=t.id if t else None, who=who, action=action,
        what=what, before=before, after=after, at=utcnow())


def clock_of(t: TournamentLike, r: RoundLike) -> RoundClock:
    """The clock of round ``r``."""
    return RoundClock(r.started_at, t.minutes_per_round, t.break_minutes, r.extra_minutes)


def table_clock(t: TournamentLike, r: RoundLike, tb: TableLike) -> RoundClock:
    """The clock of round ``r`` at table ``tb``: the round's, its length the game's for
    the table's count of seats (licitovaný: 10 minutes more at a table of four,
    LICITOVANY §9; every other game: the round's)."""
    clock = clock_of(t, r)
    minutes = game_of(t).table_minutes(len(seat_ids(tb)), clock.minutes)
    return clock if minutes == clock.minutes else replace(clock, minutes=minutes)


def game_of(t: TournamentLike) -> TournamentGame:
    """The tournament's game's ``tournament`` part (issue 10 §1)."""
    return tournament_game(t.game)


def ruleset_ref(t: TournamentLike) -> str:
    """What the game's ``load_ruleset`` takes for the tournament: a shipped id, or a
    league's own ruleset file kept in the database (written to the cache folder under its
    hash)."""
    if not t.ruleset_text:
        return t.ruleset
    import os

    env = os.environ.get("STOLIK_CACHE_DIR")  # the per-machine cache folder, as the engines'
    cache_dir = Path(env) if env else Path.home() / ".cache" / "stolik"
    digest = hashlib.sha256(t.ruleset_text.encode()).hexdigest()[:16]
    path = cache_dir / "rulesets" / f"{digest}.toml"
    if not path.exists():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(t.ruleset_text, encoding="utf-8")
    return str(path)


MAX_SEED = 2**31 - 1
"""The largest seed of a draw (a database integer everywhere)."""


def _check_seed(slug: str, seed: int | None) -> None:
    if seed is not None and not 0 <= seed <= MAX_SEED:
        raise _fail(slug, Msg("err-st-seed", "a seed is a whole number 0 to {max}, not {seed}",
                               max=MAX_SEED, seed=seed), rule=None)


# -------------------------------------------------------------- tournaments


def _new_tournament_season(ex: Executor, slug: str, season: str | None) -> int | None:
    """Refuse a short name in use; the id of ``season`` (created when new), or None."""
    if run(ex, "tournament_id", slug=slug).first() is not None:
        raise _fail(slug, Msg("err-st-exists", "a tournament with this short name exists"),
                    rule=None)
    if not season:
        return None
    found = run(ex, "season_id", name=season).scalar()
    if found is None:
        run(ex, "insert_season", name=season, created_at=utcnow())
        found = run(ex, "season_id", name=season).scalar_one()
    return int(found)


def create_tournament(db: Store, slug: str, *, name: str, ruleset: str, who: str,
                      date: datetime.date | None = None, place: str | None = None,
                      rounds: int = 5, deals: int | None = None, minutes: int | None = None,
                      break_minutes: int = 5, seed: int | None = None,
                      season: str | None = None, require_confirmation: bool = False,
                      ruleset_text: str | None = None, game: str | None = None
                      ) -> TournamentInfo:
    """A new tournament, returned as stored. ``ruleset`` is a shipped id or a ruleset file
    (kept in the database) — or, with ``ruleset_text`` (an uploaded file's text, the web),
    only the name shown in its errors; ``deals`` defaults to the ruleset's series length
    (RULES §9; 0 for a game whose rounds go by time only, MARIAS §9), ``minutes`` to
    the game's round length (Baśka 40, seed 000 §7p; Mariáš 50, seed 002 §1); ``seed``
    makes every draw reproducible, without it each draw takes a fresh seed (kept with its
    round and shown). The game is the one that ships the ruleset id, or ``game`` (a
    league's own ruleset file; default Baśka)."""
    _check_seed(slug, seed)
    if not slug or not all(c.isalnum() or c in "-_." for c in slug):
        raise StoreError(Msg("err-st-slug", "{slug!r}: a tournament's short name is letters, "
                                "digits, - _ .", slug=slug))
    text = ruleset_text
    gid = game_of_tournament(ruleset, game)
    part = tournament_game(gid)
    if text is not None:
        rs = part.parse_ruleset(text, source=ruleset)
    else:
        rs = part.load_ruleset(ruleset)
        if Path(ruleset).suffix == ".toml" and Path(ruleset).is_file():
            text = Path(ruleset).read_text(encoding="utf-8")
    minutes = part.DEFAULT_MINUTES if minutes is None else minutes
    check_number(slug, Msg("err-st-n-rounds", "rounds"), rounds, 1, MAX_NUMBER)
    if deals is not None:
        check_number(slug, Msg("err-st-n-deals", "deals per round"), deals, 0,
                     MAX_DEALS_PER_ROUND)
    check_number(slug, Msg("err-st-n-minutes", "minutes per round"), minutes, 1,
                 MAX_ROUND_MINUTES)
    check_number(slug, Msg("err-st-n-break", "minutes of break"), break_minutes, 0,
                 MAX_ROUND_MINUTES)
    info = TournamentInfo(slug, name, rs.id, date, place, rounds,
                          part.deals_per_round(rs) if deals is None else deals,
                          minutes, break_minutes, seed, require_confirmation, season or None,
                          0, 0, gid)
    with db.begin() as conn:
        season_id = _new_tournament_season(conn, slug, season)
        run(conn, "insert_tournament",
            slug=slug, name=name, date=date, place=place, ruleset=rs.id, game=gid,
            ruleset_text=text,
            rounds=rounds, deals_per_round=info.deals_per_round, minutes_per_round=minutes,
            break_minutes=break_minutes, seed=seed, require_confirmation=require_confirmation,
            season_id=season_id, created_at=utcnow())
        _audit(conn, tournament_row(conn, slug), who, "new", f"tournament {slug}", None,
               {"name": name, "ruleset": rs.id, "game": gid, "rounds": rounds,
                "season": season})
    return info


# -------------------------------------------------------------------- deals


def _check_lines(t: TournamentLike, tb: TableLike, kind: str,
                 docs: Sequence[Mapping[str, Any]], rnd: int) -> None:
    """Check every line or record of the table, counted or not (one begun after the limit
    too): one the engine refuses is refused here, before anything is written. The table's
    result with its events is :func:`_table_check`'s. The game's part settles them
    (Baśka: sheet lines or deal records; Mariáš: deal records)."""
    part = game_of(t)
    rs = part.load_ruleset(ruleset_ref(t))
    try:
        part.check_deals(rs, kind, docs)
    except TournamentError as e:
        raise _fail(t.slug, e.message, round=rnd, table=tb.number) from None
    except StolikError as e:
        raise _fail(t.slug, str(e), round=rnd, table=tb.number) from None


def _doc(t: TournamentLike, kind: str, raw: Mapping[str, Any], rnd: int, table: int
         ) -> dict[str, Any]:
    """A deal as stored (the game's part checks a sheet line alone)."""
    try:
        return game_of(t).deal_document(kind, raw)
    except TournamentError as e:
        raise _fail(t.slug, e.message, round=rnd, table=table) from None


def _deal_info(t: TournamentLike, r: RoundLike, tb: TableLike, d: DealLike) -> DealInfo:
    clock = table_clock(t, r, tb)
    late = clock.after_limit(d.started_at)
    counts = not late and (d.confirmed_by is not None or not t.require_confirmation)
    return DealInfo(r.number, tb.number, d.number, d.kind, d.data, d.entered_by,
                    d.entered_at, d.started_at, d.confirmed_by, late, counts)


def _table_entry(t: TournamentLike, r: RoundLike, tb: TableLike, deals: Sequence[DealLike],
                 events: Sequence[EventLike], codes: Mapping[int, str]) -> TableEntry:
    """One table as the tournament file holds it: the deals that count (not those begun
    after the table's limit; with ``require_confirmation`` only confirmed ones) and
    ``events``, the table's own."""
    clock = table_clock(t, r, tb)
    counted = [d for d in deals if not clock.after_limit(d.started_at)
               and (d.confirmed_by is not None or not t.require_confirmation)]
    late = tuple((codes[e.player_id], e.value or 0) for e in events if e.kind == "late")
    left = tuple((codes[e.player_id], e.value) for e in events
                 if e.kind in ("left", "excluded") and e.value is not None)
    excluded = tuple(codes[e.player_id] for e in events if e.kind == "excluded")
    warned = tuple(codes[e.player_id] for e in events if e.kind == "warning")
    part = game_of(t)
    play = part.table_entry_play(counted[0].kind, [d.data for d in counted]) if counted else {}
    seats = tuple(codes[p] for p in seat_ids(tb))
    totals = None
    if tb.totals is not None:
        totals = (tb.totals[0], tb.totals[1], tb.totals[2], tb.totals[3])
    return TableEntry(seats, tb.first_dealer, play.get("deals"), play.get("sheet"), totals,
                      late, tuple((p, v) for p, v in left if v is not None), excluded,
                      number=tb.number, table_sheet=part.table_sheet(tb.sheet),
                      warned=warned)


def _has_play(tb: TableEntry, late_major_minutes: int) -> bool:
    """Whether a table has anything to score: play, totals, or a series over before it
    started (late more than 10 minutes, seed 000 §7r)."""
    return bool(tb.deals or tb.sheet or tb.totals is not None or tb.table_sheet is not None
                or any(m > late_major_minutes for _, m in tb.late))


def _table_check(ex: Executor, t: TournamentLike, r: RoundLike, tb: TableLike) -> None:
    """Refuse a change to one table's deals, totals or events that the regulation does
    not allow (a 'left after 12' refuses deal 13). Only this table can change by it, so
    only it is scored again — the cost does not grow with the tournament. The table is
    read as it stands in the transaction (an ORM session flushes first)."""
    events = run(ex, "table_events", table_id=tb.id).all()
    seated = {*seat_ids(tb), *(e.player_id for e in events)}
    codes = {pid: code for pid, code in run(ex, "player_codes", ids=sorted(seated))}
    entry = _table_entry(t, r, tb, _deal_rows(ex, tb), events, codes)
    part = game_of(t)
    rs = part.load_ruleset(ruleset_ref(t))
    rules = part.tournament_rules(rs)
    if not _has_play(entry, rules.late_major_minutes):
        return
    try:
        part.score_table(rs, rules, entry, r.number, tb.number, source=t.slug)
    except TournamentError as e:
        err = StoreError(str(e))
        if getattr(e.message, "code", None) is not None:  # a Msg: the pages translate it
            err.message, err.prefix = e.message, e.prefix
            err.suffix = f"({e.rule})" if str(e).endswith(f"({e.rule})") and e.rule else None
        raise err from None


def _table_for_entry(ex: Executor, t: TournamentLike, rnd: int, table: int, kind: str
                     ) -> tuple[DbRow, DbRow, list[DbRow]]:
    """The round, the table new deals go to and its deals: refused when the round is
    closed, the table holds only totals, or its deals are of the other kind (sheet lines
    or records)."""
    r, tb = table_row(ex, t, rnd, table)
    if r.closed:
        raise _fail(t.slug, CLOSED, round=rnd)
    if tb.totals is not None:
        raise _fail(t.slug, Msg("err-st-only-totals", "the table has only final totals; "
                                "clear them first"),
                    round=rnd, table=table)
    if tb.sheet and tb.sheet.get("handed_in"):
        raise _fail(t.slug, Msg("err-st-handed-in-deal", "the table sheet is signed and "
                                "handed in: no more deals (a referee corrects a deal with "
                                "`sheet correct`) (seed 002 §10)"),
                    round=rnd, table=table, rule=None)
    deals = _deal_rows(ex, tb)
    if deals and deals[0].kind != kind:
        raise _fail(t.slug, Msg("err-st-kind-mismatch", "the table's deals are {have} "
                                "entries, not {kind}", have=deals[0].kind, kind=kind),
                    round=rnd, table=table)
    return r, tb, deals


@dataclass(frozen=True)
class _DealValues:
    """A deal as just inserted (what :func:`_deal_info` reads)."""

    number: int
    kind: str
    data: dict[str, Any]
    started_at: datetime.datetime | None
    entered_by: str
    entered_at: datetime.datetime
    confirmed_by: str | None


def _append_deals(conn: Executor, t: TournamentLike, r: RoundLike, tb: TableLike,
                  first: int, docs: Sequence[dict[str, Any]], kind: str, who: str,
                  started_at: datetime.datetime | None, now: datetime.datetime
                  ) -> list[DealInfo]:
    """Insert ``docs`` as deals ``first``, ``first + 1``, … of the table."""
    added = [_DealValues(first + i, kind, doc, started_at, who, now, None)
             for i, doc in enumerate(docs)]
    for d in added:
        run(conn, "insert_deal", table_id=tb.id, number=d.number, kind=d.kind, data=d.data,
            started_at=d.started_at, entered_by=d.entered_by, entered_at=d.entered_at)
    return [_deal_info(t, r, tb, d) for d in added]


def enter_deal(db: Store, slug: str, round: int, table: int, raw: Mapping[str, Any], *,
               who: str, kind: Literal["sheet", "record"] = "sheet",
               started_at: datetime.datetime | Literal["auto"] | None = "auto",
               now: datetime.datetime | None = None) -> DealInfo:
    """Enter the table's next deal: a score-sheet line (:mod:`stolik.games.baska.tournament`) or a
    deal record (RULES §11). It is scored with the deals before it and refused whole if the
    engine refuses it.

    ``started_at``: when the deal began. ``"auto"``: entered live (while the round is on or
    in its break), the deal began when the table's previous deal was entered (or at the
    round's start); entered later from paper, unknown (``None``: not flagged) — mark a late
    deal by giving its time. A deal started after the limit is flagged and does not count
    unless the round is extended (seed 000 §7p)."""
    now = now or utcnow()
    with db.begin() as conn:
        t = tournament_row(conn, slug)
        r, tb, deals = _table_for_entry(conn, t, round, table, kind)
        doc = _doc(t, kind, raw, round, table)
        _check_lines(t, tb, kind, [d.data for d in deals] + [doc], round)
        if started_at == "auto":
            clock = table_clock(t, r, tb)
            live = clock.break_end is not None and clock.started_at is not None and (
                clock.started_at <= now < clock.break_end)
            prev = deals[-1].entered_at if deals else r.started_at
            started_at = prev if live else None
        [info] = _append_deals(conn, t, r, tb, len(deals) + 1, [doc], kind, who, started_at,
                               now)
        _table_check(conn, t, r, tb)  # with the table's events: 'left after 12' refuses 13
        _audit(conn, t, who, "enter", f"round {round}, table {table}, deal {info.number}",
               None, doc)
        return info


def enter_deals(db: Store, slug: str, round: int, table: int,
                raws: Sequence[Mapping[str, Any]], *, who: str,
                kind: Literal["sheet", "record"] = "record") -> list[DealInfo]:
    """Append several deals (a deal-record file, RULES §11) in one transaction: all are
    entered, or none. Entered from a file, their start time is unknown (not flagged)."""
    with db.begin() as conn:
        t = tournament_row(conn, slug)
        r, tb, deals = _table_for_entry(conn, t, round, table, kind)
        if not raws:
            raise _fail(slug, Msg("err-st-no-deals", "no deals to enter"), round=round,
                        table=table)
        docs = [_doc(t, kind, raw, round, table) for raw in raws]
        _check_lines(t, tb, kind, [d.data for d in deals] + docs, round)
        added = _append_deals(conn, t, r, tb, len(deals) + 1, docs, kind, who, None,
                              utcnow())
        _table_check(conn, t, r, tb)
        _audit(conn, t, who, "enter",
               f"round {round}, table {table}, deals {added[0].number}–{added[-1].number}",
               None, docs)
        return added


def seat_players(db: Store, slug: str, rnd: int, table: int
                 ) -> list[tuple[str, str]] | None:
    """The players at table ``table`` of round ``rnd`` as ``(id, name)`` by seat 0–3 (the
    plan's order, seat 1 deals first), or None when there is no such table (yet): what a
    person's sheet line names seats by (RULES §10)."""
    with db.connect() as conn:
        t = tournament_row(conn, slug)
        row = (run(conn, "table_seats", tournament_id=t.id, round=rnd, table=table).first()
               if 0 < rnd <= MAX_NUMBER and 0 < table <= MAX_NUMBER else None)
        if row is None:
            return None
        seated = [pid for pid in row if pid is not None]  # seat3 empty: a table of three
        found = {pid: (code, name) for pid, code, name in run(conn, "players", ids=seated)}
        return [found[pid] for pid in seated]
