"""``stolik tournament new`` and ``sheet add`` write with SQLAlchemy Core (issue 9.5: each
is a whole process a referee waits for, ≤ 0.5 s in ``benchmarks/bench_cli.py``).

What is checked here is what makes them fast and what must not change with it: they load
neither the ORM, nor Alembic on a database already at head, nor the web, the draw or the
tournament files; they write what the ORM store wrote (one transaction, the audit line,
nothing on a refusal, RULES §10); an old database is still migrated first; and both run
on SQLite and PostgreSQL (``db_url``). The speed itself is the benchmark's, not a test's.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from sqlalchemy import func, select
from typer.testing import CliRunner

from stolik.cli import app
from stolik.db import open_database
from stolik.db.migrate import current_revision, head_revision, upgrade
from stolik.tournament import store
from stolik.tournament.tables import audit_t, deal_t

NOT_LOADED = ("sqlalchemy.orm", "alembic", "stolik.tournament.orm", "stolik.tournament.store",
              "stolik.tournament.seating", "stolik.tournament.file", "stolik.db.base",
              "stolik.web", "rich", "fastapi", "numba", "stolik.solver")
"""Modules ``tournament new`` and ``sheet add`` must not import."""

_PROBE = """
import sys
sys.argv = ["stolik", *{args!r}]
from stolik.cli import main
try:
    main()
except SystemExit as e:
    status = e.code or 0
else:
    status = 0
print("LOADED:" + ",".join(m for m in {modules!r} if m in sys.modules), file=sys.stderr)
sys.exit(status)
"""


def loaded(url: str, *args: str) -> list[str]:
    """Run ``stolik ARGS --db URL`` in a fresh interpreter; which of :data:`NOT_LOADED` it
    imported (it must succeed)."""
    argv = [*args, "--db", url]
    done = subprocess.run(
        [sys.executable, "-c", _PROBE.format(args=argv, modules=NOT_LOADED)],
        capture_output=True, text=True, timeout=120, check=False,
        env={"PATH": "/usr/bin:/bin", "STOLIK_WHO": "ref"})
    assert done.returncode == 0, done.stderr
    line = next(x for x in done.stderr.splitlines() if x.startswith("LOADED:"))
    return [m for m in line.removeprefix("LOADED:").split(",") if m]


def _seated(url: str) -> None:
    """Tournament ``t1`` with four players, round 1 drawn and started."""
    db = open_database(url, migrate=True)
    try:
        store.create_tournament(db, "t1", name="T", ruleset="pucka-2019", who="ref")
        store.add_players(db, "t1", [(f"p{i}", f"Gracz {i}", None) for i in range(1, 5)],
                          who="ref")
        store.seat_round(db, "t1", who="ref")
        store.start_round(db, "t1", 1, who="ref")
    finally:
        db.dispose()


def test_new_and_sheet_add_load_no_orm_alembic_web_or_replay(db_url: str) -> None:
    """Issue 9.5: on a database at head, the two commands a referee types most import
    only SQLAlchemy Core and what their rules need (RULES §10: the ruleset, the sheet
    line's scoring) — and still do their work."""
    _seated(db_url)
    assert loaded(db_url, "tournament", "new", "t2", "--name", "Drugi", "-r",
                  "pucka-2019") == []
    assert loaded(db_url, "tournament", "sheet", "add", "t1", "1", "1", "contract=gran",
                  "declarer=1", "points=61") == []
    db = open_database(db_url)
    try:
        assert store.tournament_info(db, "t2").name == "Drugi"
        [deal] = store.deals_of(db, "t1", 1, 1)
        assert dict(deal.data) == {"contract": "gran", "declarer": 0, "points": 61}
        assert [a.action for a in store.audit_log(db, "t1")][-1] == "enter"
        assert [a.action for a in store.audit_log(db, "t2")] == ["new"]
    finally:
        db.dispose()


def test_a_refused_deal_writes_nothing(db_url: str) -> None:
    """A deal refused after it was inserted — the table is scored with its events, and a
    player who left after 0 deals allows none (seed 000 §7s) — leaves no deal and no audit
    line: the one transaction is rolled back (RULES §10)."""
    _seated(db_url)
    db = open_database(db_url)
    try:
        store.add_event(db, "t1", 1, 1, "p1", "left", 0, who="ref")
    finally:
        db.dispose()
    runner = CliRunner()
    bad = runner.invoke(app, ["tournament", "sheet", "add", "t1", "1", "1", "contract=gran",
                              "declarer=1", "points=61", "--db", db_url],
                        env={"STOLIK_WHO": "ref"})
    assert bad.exit_code == 1
    assert "Traceback" not in bad.stderr and len(bad.stderr.strip().splitlines()) == 1
    db = open_database(db_url)
    try:
        with db.connect() as conn:
            assert conn.execute(select(func.count()).select_from(deal_t)).scalar() == 0
            actions = conn.execute(select(audit_t.c.action)).scalars().all()
        assert "enter" not in actions
    finally:
        db.dispose()


def test_new_migrates_an_old_database_first(db_url: str) -> None:
    """A database at an older revision is brought to head before the Core write (the
    cheap at-head check must not skip a migration)."""
    db = open_database(db_url)
    try:
        upgrade(db, "0001")
        assert current_revision(db) == "0001"
    finally:
        db.dispose()
    result = CliRunner().invoke(app, ["tournament", "new", "t1", "--name", "T", "-r",
                                      "pucka-2019", "--db", db_url], env={"STOLIK_WHO": "ref"})
    assert result.exit_code == 0, result.stderr
    db = open_database(db_url)
    try:
        assert current_revision(db) == head_revision()
        assert store.tournament_info(db, "t1").deals_per_round == 32
    finally:
        db.dispose()


def test_a_new_sqlite_file_is_created_and_migrated(tmp_path: Path) -> None:
    """On a file that does not exist yet ``tournament new`` creates the schema (Alembic
    runs, once) and the tournament."""
    url = f"sqlite:///{tmp_path / 'new.db'}"
    result = CliRunner().invoke(app, ["tournament", "new", "t1", "--name", "T", "-r",
                                      "mester-sport", "--db", url], env={"STOLIK_WHO": "ref"})
    assert result.exit_code == 0, result.stderr
    db = open_database(url)
    try:
        assert current_revision(db) == head_revision()
        assert store.tournament_info(db, "t1").ruleset == "mester-sport"
    finally:
        db.dispose()
