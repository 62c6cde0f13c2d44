"""The SQLite fast path of ``stolik tournament new`` and ``sheet add``
(:mod:`stolik.tournament.sqlite_fast`, issue 9.5): the store's Core part run on the
standard library's ``sqlite3``, without SQLAlchemy.

It must be the same store, not a second one: the statements it runs are what SQLAlchemy
compiles now (the generated file is current), and the same calls on two copies of one
database — one through SQLAlchemy, one through the fast path — give the same results,
the same refusals (RULES §10, one line naming the rule), the same statements sent to
SQLite with the same transactions, and byte for byte the same database afterwards:
nothing half-written on a refusal. The speed itself is ``benchmarks/bench_cli.py``'s.
"""

from __future__ import annotations

import datetime
import shutil
import sqlite3
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import event

from stolik.db import open_database
from stolik.db.migrate import head_revision, upgrade
from stolik.tournament import statements, store, store_core
from stolik.tournament.sqlite_fast import FastSqlite, compiled, open_fast
from test_tournament_core_path import _PROBE  # the probe of a whole process's imports

FIXED = datetime.datetime(2026, 11, 23, 10, 0)


class Clock:
    """Every time the store stamps is the next second, from :meth:`reset`'s: both paths
    run a call from the same second, so they stamp the same times."""

    def __init__(self) -> None:
        self.seconds = 0

    def reset(self, seconds: int) -> None:
        self.seconds = seconds

    def __call__(self) -> datetime.datetime:
        self.seconds += 1
        return FIXED + datetime.timedelta(seconds=self.seconds)


@pytest.fixture(autouse=True)
def clock(monkeypatch: pytest.MonkeyPatch) -> Clock:
    c = Clock()
    monkeypatch.setattr(store_core, "utcnow", c)
    return c


def _prepared(path: Path) -> str:
    """A database with tournament ``t1``: eight players, round 1 drawn (seed 7) and started;
    table 2 holds only final totals."""
    url = f"sqlite:///{path}"
    db = open_database(url, migrate=True)
    try:
        store.create_tournament(db, "t1", name="T", ruleset="pucka-2019", who="ref",
                                seed=7, rounds=2)
        store.add_players(db, "t1", [(f"p{i}", f"Gracz {i}", None) for i in range(1, 9)],
                          who="ref")
        store.seat_round(db, "t1", who="ref")
        store.start_round(db, "t1", 1, who="ref", at=FIXED)
        store.set_totals(db, "t1", 1, 2, [10, -10, 5, -5], who="ref")
    finally:
        db.dispose()
    return url


def _copies(tmp_path: Path) -> tuple[str, str]:
    """Two identical prepared databases: for the SQLAlchemy path and for the fast path."""
    slow = tmp_path / "slow.db"
    _prepared(slow)
    fast = tmp_path / "fast.db"
    shutil.copy(slow, fast)
    return f"sqlite:///{slow}", f"sqlite:///{fast}"


def _dump(url: str) -> list[str]:
    conn = sqlite3.connect(url.removeprefix("sqlite:///"))
    try:
        return list(conn.iterdump())
    finally:
        conn.close()


Call = Callable[[Any], Any]


def _gran(slug: str, rnd: int, table: int, *, who: str = "ref") -> Call:
    """``sheet add SLUG RND TABLE contract=gran declarer=1 points=61`` (seat 0 here)."""
    line = {"contract": "gran", "declarer": 0, "points": 61}
    return lambda db: store_core.enter_deal(db, slug, rnd, table, line, who=who)

CALLS: list[tuple[str, Call]] = [
    ("new with a new season", lambda db: store_core.create_tournament(
        db, "t2", name="Drugi", ruleset="pucka-2019", who="ref",
        date=datetime.date(2026, 12, 1), place="Gdańsk", season="2026", seed=5,
        require_confirmation=True)),
    ("new in the same season", lambda db: store_core.create_tournament(
        db, "t3", name="Trzeci", ruleset="mester-sport", who="ref", season="2026",
        rounds=3, deals=16, minutes=30, break_minutes=0)),
    ("new, a league's own file text", lambda db: store_core.create_tournament(
        db, "t4", name="Czwarty", ruleset="club.toml", who="ref",
        ruleset_text=(Path(store_core.__file__).parents[1] / "games" / "baska" / "rulesets"
                      / "pucka-2019.toml").read_text("utf-8"))),
    ("new, Mariáš", lambda db: store_core.create_tournament(
        db, "m1", name="Mariáš", ruleset="ctyrka", who="ref")),
    ("new, slug in use", lambda db: store_core.create_tournament(
        db, "t1", name="Again", ruleset="pucka-2019", who="ref")),
    ("new, bad slug", lambda db: store_core.create_tournament(
        db, "zły slug", name="X", ruleset="pucka-2019", who="ref")),
    ("new, unknown ruleset", lambda db: store_core.create_tournament(
        db, "t5", name="X", ruleset="no-such-ruleset", who="ref")),
    ("new, no who", lambda db: store_core.create_tournament(
        db, "t6", name="X", ruleset="pucka-2019", who=" ")),
    ("seats of table 1", lambda db: store_core.seat_players(db, "t1", 1, 1)),
    ("seats of no table", lambda db: store_core.seat_players(db, "t1", 1, 9)),
    ("seats past the column", lambda db: store_core.seat_players(db, "t1", 10**20, 2**63)),
    ("deal, round past the column", _gran("t1", 10**20, 1)),
    ("deal 1", _gran("t1", 1, 1)),
    ("deal 2, started given", lambda db: store_core.enter_deal(
        db, "t1", 1, 1, {"contract": "zwykla", "starzy": [0, 2], "points": 70, "tricks": 3},
        who="ref", started_at=FIXED + datetime.timedelta(minutes=3))),
    ("deal 3, after the limit", lambda db: store_core.enter_deal(
        db, "t1", 1, 1, {"contract": "gran", "declarer": 1, "points": 30}, who="ref",
        started_at=FIXED + datetime.timedelta(hours=2))),
    ("deal, a line the engine refuses", lambda db: store_core.enter_deal(
        db, "t1", 1, 1, {"contract": "gran", "points": 61}, who="ref")),
    ("deal, unknown tournament", _gran("nope", 1, 1)),
    ("deal, round not drawn", _gran("t1", 2, 1)),
    ("deal, no such table", _gran("t1", 1, 7)),
    ("deal, a totals-only table", _gran("t1", 1, 2)),
    ("deal, no who", _gran("t1", 1, 1, who="")),
    ("deal, a new tournament not drawn", _gran("t2", 1, 1)),
]
"""What ``tournament new`` and ``sheet add`` call, accepted and refused."""


def _outcome(db: Any, call: Call) -> tuple[str, Any]:
    try:
        return "ok", call(db)
    except store_core.StoreError as e:
        return "refused", str(e)
    except Exception as e:  # the two paths must fail alike, whatever it is
        return type(e).__name__, str(e)


@pytest.fixture
def two(tmp_path: Path) -> Iterator[tuple[Any, FastSqlite, str, str]]:
    slow_url, fast_url = _copies(tmp_path)
    slow = open_database(slow_url)
    fast = open_fast(fast_url)
    assert fast is not None
    yield slow, fast, slow_url, fast_url
    slow.dispose()
    fast.dispose()


def test_statements_file_is_what_sqlalchemy_compiles_now() -> None:
    """The SQL of the fast path is generated from the one statement of each name; a table
    or statement changed without regenerating fails here (run ``python -m
    stolik.tournament.statements --write``)."""
    assert statements.SQLITE_FILE.read_text("utf-8") == statements.render_sqlite()
    revision, compiled_statements = compiled()
    assert revision == head_revision()
    assert set(compiled_statements) == set(statements.STATEMENTS)


def test_both_paths_give_the_same_results_refusals_and_database(
        two: tuple[Any, FastSqlite, str, str], clock: Clock) -> None:
    """Each call in turn on both copies (RULES §10): the same value or the same one-line
    refusal, and after each the two databases are the same — a refused call leaves
    nothing written on either."""
    slow, fast, slow_url, fast_url = two
    outcomes = []
    for i, (label, call) in enumerate(CALLS):
        before = _dump(fast_url)
        clock.reset(100 * i)
        a = _outcome(slow, call)
        clock.reset(100 * i)
        b = _outcome(fast, call)
        assert a == b, label
        after = _dump(fast_url)
        assert _dump(slow_url) == after, label
        if a[0] != "ok":
            assert after == before, f"{label}: a refusal wrote something"
        outcomes.append((label, a[0]))
    refused = {label for label, kind in outcomes if kind != "ok"}
    # The calls meant to be refused are, and the others are not: the test can fail.
    assert refused == {"new, slug in use", "new, bad slug", "new, unknown ruleset",
                       "new, no who", "deal, a line the engine refuses",
                       "deal, unknown tournament", "deal, round not drawn",
                       "deal, round past the column", "deal, no such table",
                       "deal, a totals-only table", "deal, no who",
                       "deal, a new tournament not drawn"}


def test_both_paths_send_sqlite_the_same_statements_and_transactions(
        two: tuple[Any, FastSqlite, str, str], clock: Clock) -> None:
    """What reaches SQLite, values expanded, ``BEGIN``/``COMMIT``/``ROLLBACK`` included:
    the same on both paths, so both are atomic alike (one transaction a call)."""
    slow, _fast, _slow_url, fast_url = two
    _fast.dispose()
    slow_log: list[str] = []
    fast_log: list[str] = []
    slow.engine.dispose()
    event.listen(slow.engine, "connect",
                 lambda conn, _rec: conn.set_trace_callback(slow_log.append))
    fast = open_fast(fast_url, trace=fast_log.append)
    assert fast is not None
    try:
        for i, (_label, call) in enumerate(CALLS):
            with slow.connect():  # connected (and SQLAlchemy's first queries) before
                pass
            start = len(slow_log)
            clock.reset(100 * i)
            _outcome(slow, call)
            slow_calls = slow_log[start:]
            start = len(fast_log)
            clock.reset(100 * i)
            _outcome(fast, call)
            assert slow_calls == fast_log[start:], _label
        assert any(s.startswith("BEGIN") for s in fast_log)
        assert any(s.startswith("ROLLBACK") for s in fast_log)
    finally:
        fast.dispose()


def test_the_fast_path_is_taken_only_where_it_writes_what_sqlalchemy_would(
        tmp_path: Path) -> None:
    """A plain SQLite file at the statements' revision: yes; a missing file (to create),
    an older schema (to migrate), memory, URL options, PostgreSQL: no."""
    url = _prepared(tmp_path / "ok.db")
    fast = open_fast(url)
    assert fast is not None
    fast.dispose()
    assert open_fast(f"sqlite:///{tmp_path / 'missing.db'}") is None
    assert not (tmp_path / "missing.db").exists()
    old = f"sqlite:///{tmp_path / 'old.db'}"
    db = open_database(old)
    upgrade(db, "0001")
    db.dispose()
    assert open_fast(old) is None
    (tmp_path / "junk.db").write_text("not a database")
    assert open_fast(f"sqlite:///{tmp_path / 'junk.db'}") is None
    for other in ("sqlite://", "sqlite:///:memory:", f"{url}?mode=ro",
                  "postgresql+psycopg://u@h/db"):
        assert open_fast(other) is None


def test_the_fast_path_names_the_database_as_sqlalchemy_does(tmp_path: Path) -> None:
    """``tournament new`` prints the database's URL: the same on both paths, for a path
    with spaces and Polish letters too."""
    for name in ("a.db", "z spacją ł.db"):
        url = _prepared(tmp_path / name)
        db = open_database(url)
        fast = open_fast(url)
        assert fast is not None
        assert fast.url == db.url
        fast.dispose()
        db.dispose()


def _run(url: str, *args: str) -> subprocess.CompletedProcess[str]:
    """``stolik ARGS --db URL`` in a fresh interpreter; its stderr ends with the line
    ``LOADED:`` followed by ``sqlalchemy`` if it imported SQLAlchemy."""
    return subprocess.run(
        [sys.executable, "-c", _PROBE.format(args=[*args, "--db", url],
                                             modules=("sqlalchemy",))],
        capture_output=True, text=True, timeout=120, check=False,
        env={"PATH": "/usr/bin:/bin", "STOLIK_WHO": "ref", "STOLIK_LANG": "en"})


def test_new_and_sheet_add_on_sqlite_import_no_sqlalchemy(tmp_path: Path) -> None:
    """Issue 9.5: on a SQLite file at head the two commands import no SQLAlchemy and do
    their work; a refusal is still one line with status 1 and writes nothing."""
    url = _prepared(tmp_path / "cli.db")
    new = _run(url, "tournament", "new", "t2", "--name", "Drugi", "-r", "pucka-2019")
    assert new.returncode == 0 and "LOADED:\n" in new.stderr, new.stderr
    assert f"created t2: Drugi, ruleset pucka-2019, 5 rounds of 32 deals, 40 min " \
           f"(database {url})" in new.stderr
    add = _run(url, "tournament", "sheet", "add", "t1", "1", "1", "contract=gran",
               "declarer=1", "points=61")
    assert add.returncode == 0 and "LOADED:\n" in add.stderr, add.stderr
    before = _dump(url)
    bad = _run(url, "tournament", "sheet", "add", "t1", "1", "1", "contract=gran",
               "points=61")
    assert bad.returncode == 1 and "LOADED:\n" in bad.stderr
    lines = [x for x in bad.stderr.splitlines() if not x.startswith("LOADED:")]
    assert len(lines) == 1 and "Traceback" not in bad.stderr, bad.stderr
    assert _dump(url) == before
    db = open_database(url)
    try:
        assert store.tournament_info(db, "t2").name == "Drugi"
        [deal] = store.deals_of(db, "t1", 1, 1)
        assert dict(deal.data) == {"contract": "gran", "declarer": 0, "points": 61}
    finally:
        db.dispose()
