"""Moving tournaments in and out of the database (RULES §10): importing a tournament file
whole, and the portable JSON backup and restore of every table.

Re-exported by :mod:`stolik.tournament.store`."""

from __future__ import annotations

import datetime
import json
from pathlib import Path
from typing import Any

from sqlalchemy import delete, func, select

from stolik.db import Database
from stolik.db.base import Base, load_models
from stolik.i18n import Msg, Term
from stolik.tournament.games import tournament_game
from stolik.tournament.model import Tournament
from stolik.tournament.orm import (
    DealRow,
    EntryRow,
    EventRow,
    PlayerRow,
    RoundRow,
    SitOutRow,
    TableRow,
    TournamentRow,
)
from stolik.tournament.scoring import score_tournament
from stolik.tournament.store_core import (
    MAX_NUMBER,
    StoreError,
    _audit,
    _new_tournament_season,
    check_number,
)
from stolik.tournament.store_events import _event_number

# ------------------------------------------------------------ import / export


def import_tournament(db: Database, t: Tournament, slug: str, *, who: str,
                      season: str | None = None, rounds: int | None = None,
                      place: str | None = None) -> None:
    """Store a whole tournament file (checked by scoring it first) as tournament ``slug``;
    its rounds are closed. Players are matched by id with the league's players."""
    score_tournament(t)  # refuses a broken file before anything is written
    for rn, rnd in enumerate(t.rounds, 1):  # an event's number goes into a column
        for tn, e in enumerate(rnd.tables, 1):
            for kind, value in (*(("late", m) for _p, m in e.late),
                                *(("left", n) for _p, n in e.left)):
                check_number(slug, _event_number(kind), value, 0, MAX_NUMBER, round=rn,
                             table=tn)
    part = tournament_game(t.game)
    rs = part.load_ruleset(t.ruleset)
    with db.write() as s:
        season_id = _new_tournament_season(s, slug, season)
        text = None
        if Path(t.ruleset).suffix == ".toml" and Path(t.ruleset).is_file():
            text = Path(t.ruleset).read_text(encoding="utf-8")
        row = TournamentRow(slug=slug, name=t.name, date=t.date, place=place, ruleset=rs.id,
                            game=t.game, ruleset_text=text,
                            rounds=max(rounds or 0, len(t.rounds), 1),
                            minutes_per_round=part.DEFAULT_MINUTES,
                            deals_per_round=part.deals_per_round(rs), season_id=season_id)
        s.add(row)
        s.flush()
        ids: dict[str, int] = {}
        for pl in t.players:
            pr = s.scalar(select(PlayerRow).where(PlayerRow.code == pl.id))
            if pr is None:
                pr = PlayerRow(code=pl.id, name=pl.name)
                s.add(pr)
                s.flush()
            elif pr.name != pl.name:
                raise StoreError(Msg("err-st-league-name", "{slug}: player '{id}' is '{league}' "
                                     "in the league, not '{name}' as the file says (RULES "
                                     "§10)", slug=slug, id=pl.id, league=pr.name,
                                     name=pl.name))
            ids[pl.id] = pr.id
            row.entries.append(EntryRow(player_id=pr.id, team=pl.team))
        for rn, rnd in enumerate(t.rounds, 1):
            r = RoundRow(number=rn, closed=rnd.closed)
            row.round_rows.append(r)
            for tn, e in enumerate(rnd.tables, 1):
                tb = TableRow(number=tn, first_dealer=e.first_dealer,
                              seat0=ids[e.seats[0]], seat1=ids[e.seats[1]],
                              seat2=ids[e.seats[2]],
                              seat3=ids[e.seats[3]] if len(e.seats) > 3 else None,
                              totals=list(e.totals) if e.totals is not None else None,
                              sheet=part.table_sheet_document(e.table_sheet))
                if e.deals is not None:
                    for i, d in enumerate(e.deals, 1):
                        tb.deals.append(DealRow(number=i, kind="record", data=dict(d),
                                                started_at=None, entered_by=who))
                if e.sheet is not None:
                    for i, line in enumerate(e.sheet, 1):
                        tb.deals.append(DealRow(number=i, kind="sheet",
                                                data=part.deal_document("sheet", line),
                                                started_at=None, entered_by=who))
                r.tables.append(tb)
                s.flush()
                left = dict(e.left)
                for p, m in e.late:
                    r.events.append(EventRow(table_id=tb.id, player_id=ids[p], kind="late",
                                             value=m))
                for p, n in e.left:
                    if p not in e.excluded:
                        r.events.append(EventRow(table_id=tb.id, player_id=ids[p],
                                                 kind="left", value=n))
                for p in e.warned:
                    r.events.append(EventRow(table_id=tb.id, player_id=ids[p],
                                             kind="warning", value=None))
                for p in e.excluded:
                    r.events.append(EventRow(table_id=tb.id, player_id=ids[p],
                                             kind="excluded", value=left.get(p)))
            for p in rnd.sitting_out:
                r.sitting_out.append(SitOutRow(player_id=ids[p]))
        s.flush()
        _audit(s, row, who, "import", f"tournament {slug}", None,
               {"name": t.name, "rounds": len(t.rounds), "players": len(t.players)})


# ------------------------------------------------------------ backup / restore


BACKUP_FORMAT = "stolik-backup"


def _jsonable(v: Any) -> Any:
    if isinstance(v, datetime.datetime | datetime.date):
        return v.isoformat()
    return v


def backup(db: Database, path: str | Path) -> dict[str, int]:
    """Write every table of the database to one JSON file (portable between SQLite and
    PostgreSQL); returns the row count per table."""
    from stolik.db.migrate import current_revision

    load_models()
    doc: dict[str, Any] = {"format": BACKUP_FORMAT, "revision": current_revision(db),
                           "tables": {}}
    counts: dict[str, int] = {}
    with db.read() as s:
        for table in Base.metadata.sorted_tables:
            rows = s.execute(select(table).order_by(*table.primary_key.columns)).mappings()
            data = [{k: _jsonable(v) for k, v in row.items()} for row in rows]
            doc["tables"][table.name] = data
            counts[table.name] = len(data)
    tmp = Path(str(path) + ".tmp")
    tmp.write_text(json.dumps(doc, ensure_ascii=False, indent=1), encoding="utf-8")
    tmp.replace(path)
    return counts


def restore(db: Database, path: str | Path, *, replace: bool = False) -> dict[str, int]:
    """Load a :func:`backup` file into ``db`` (migrated to the same revision). The database
    must be empty unless ``replace``, which deletes what is there — in the same transaction,
    so a failed restore leaves the database as it was."""
    from sqlalchemy import DateTime as SaDateTime
    from sqlalchemy import text

    from stolik.db.migrate import current_revision

    load_models()
    src = str(path)
    try:
        doc = json.loads(Path(path).read_text(encoding="utf-8"))
    except json.JSONDecodeError as e:
        raise StoreError(Msg("err-st-backup-json", "{src}: not a stolik backup: {why} at line "
                             "{line}", src=src, why=Term("err-json-bad", e.msg),
                             line=e.lineno)) from None
    if not isinstance(doc, dict) or doc.get("format") != BACKUP_FORMAT:
        raise StoreError(Msg("err-st-backup-format", "{src}: not a stolik backup (no "
                             "\"format\": \"{format}\")", src=src, format=BACKUP_FORMAT))
    if doc.get("revision") != current_revision(db):
        raise StoreError(Msg("err-st-backup-revision", "{src}: made at schema revision "
                             "{made}, the database is at {now}", src=src,
                             made=str(doc.get("revision")), now=current_revision(db)))
    tables = doc.get("tables", {})
    counts: dict[str, int] = {}
    with db.write() as s:
        present = sum(s.scalar(select(func.count()).select_from(tb)) or 0
                      for tb in Base.metadata.sorted_tables)
        if present and not replace:
            raise StoreError(Msg("err-st-restore-full", "{src}: the database holds data "
                                 "already; restore into an empty one, or replace what is "
                                 "there (--replace)", src=src))
        for table in reversed(Base.metadata.sorted_tables):
            s.execute(delete(table))
        for table in Base.metadata.sorted_tables:
            rows = tables.get(table.name, [])
            conv = [c.name for c in table.columns if isinstance(c.type, SaDateTime)]
            dates = [c.name for c in table.columns if type(c.type).__name__ == "Date"]
            fixed = []
            for row in rows:
                row = dict(row)
                for c in conv:
                    if row.get(c):
                        row[c] = datetime.datetime.fromisoformat(row[c])
                for c in dates:
                    if row.get(c):
                        row[c] = datetime.date.fromisoformat(row[c])
                fixed.append(row)
            if fixed:
                try:
                    s.execute(table.insert(), fixed)
                except OverflowError:  # SQLite's driver (PostgreSQL: a DataError)
                    raise StoreError(Msg("err-st-restore-number", "{src}: table {table}: a "
                                         "number past the database's integers", src=src,
                                         table=table.name)) from None
            counts[table.name] = len(fixed)
        if db.engine.dialect.name == "postgresql":
            for table in Base.metadata.sorted_tables:
                pk = list(table.primary_key.columns)
                if len(pk) == 1 and pk[0].autoincrement and str(pk[0].type) == "INTEGER":
                    s.execute(text(
                        f"SELECT setval(pg_get_serial_sequence('{table.name}', '{pk[0].name}'),"
                        f" COALESCE((SELECT MAX({pk[0].name}) FROM {table.name}), 0) + 1, false)"))
    return counts
