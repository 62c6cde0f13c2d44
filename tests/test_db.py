"""Storage (``stolik.db``): SQLite by default and PostgreSQL by URL, Alembic migrations
that go up and down and match the models, each write one transaction, one-line errors.

The tournament data of RULES §10 lives in these tables, so the schema must be the same on
both backends and a failed write must leave nothing half-written. The ``db_url`` tests
run on SQLite and, with ``STOLIK_TEST_PG`` set (``.ci/run``), on PostgreSQL.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import func, inspect, select
from sqlalchemy.exc import IntegrityError

from stolik.db import Database, DatabaseError, open_database, resolve_url
from stolik.db.base import Base, load_models
from stolik.db.migrate import SCRIPTS, current_revision, downgrade, head_revision, upgrade
from stolik.tournament.orm import PlayerRow


def tables(db: Database) -> set[str]:
    """The tables in the database, Alembic's own left out."""
    return set(inspect(db.engine).get_table_names()) - {"alembic_version"}


def model_tables() -> set[str]:
    """The tables the models declare."""
    load_models()
    return set(Base.metadata.tables)


# --- migrations --------------------------------------------------------------------------


def test_migrations_up_down_up(db_url: str) -> None:
    """From an empty database to head, down to base (empty again) and back up to head —
    on SQLite and on PostgreSQL."""
    db = open_database(db_url)
    try:
        assert current_revision(db) is None
        assert tables(db) == set()
        upgrade(db)
        assert current_revision(db) == head_revision()
        assert tables(db) == model_tables()
        downgrade(db, "base")
        assert current_revision(db) is None
        assert tables(db) == set()
        upgrade(db)
        assert current_revision(db) == head_revision()
        assert tables(db) == model_tables()
    finally:
        db.dispose()


def test_every_migration_steps_down_and_up(db_url: str) -> None:
    """Each revision in turn: up to it, down one step, up again (a "stairway"), so that
    every downgrade works from the revision it belongs to, not only from head."""
    revisions = list(reversed(list(ScriptDirectory(str(SCRIPTS)).walk_revisions())))
    assert revisions, "no migration scripts"
    db = open_database(db_url)
    try:
        for rev in revisions:
            upgrade(db, rev.revision)
            assert current_revision(db) == rev.revision
            downgrade(db, "-1")
            assert current_revision(db) == rev.down_revision
            upgrade(db, rev.revision)
            assert current_revision(db) == rev.revision
        assert current_revision(db) == head_revision()
    finally:
        db.dispose()


def test_head_matches_the_models(db: Database) -> None:
    """The migrated schema is exactly ``Base.metadata``: Alembic's autogenerate finds
    nothing to add, drop or alter (a model changed without a migration fails here)."""
    load_models()
    with db.engine.connect() as conn:
        context = MigrationContext.configure(conn, opts={"compare_type": True})
        diff = compare_metadata(context, Base.metadata)
    assert diff == []


def test_open_database_migrates_once(db_url: str) -> None:
    """``open_database(..., migrate=True)`` on a database already at head changes nothing."""
    first = open_database(db_url, migrate=True)
    first.dispose()
    again = open_database(db_url, migrate=True)
    try:
        assert current_revision(again) == head_revision()
        assert tables(again) == model_tables()
    finally:
        again.dispose()


# --- one transaction per write -----------------------------------------------------------


def players(db: Database) -> list[str]:
    """The codes of the players stored."""
    with db.read() as s:
        return list(s.scalars(select(PlayerRow.code).order_by(PlayerRow.code)))


def test_write_commits(db: Database) -> None:
    """A write that ends normally is committed (seen from a new session)."""
    with db.write() as s:
        s.add_all([PlayerRow(code="p1", name="Ala"), PlayerRow(code="p2", name="Ola")])
    assert players(db) == ["p1", "p2"]


def test_failed_write_rolls_back_entirely(db: Database) -> None:
    """A write that fails half-way (a unique code repeated after rows were flushed) leaves
    nothing of itself behind, and the next write works (RULES §10 data is never
    half-entered)."""
    with db.write() as s:
        s.add(PlayerRow(code="p0", name="Before"))
    with pytest.raises(IntegrityError), db.write() as s:
        s.add(PlayerRow(code="p1", name="Ala"))
        s.flush()
        s.add(PlayerRow(code="p1", name="Ala again"))
        s.flush()
    assert players(db) == ["p0"]
    with db.write() as s:
        s.add(PlayerRow(code="p2", name="Ola"))
    assert players(db) == ["p0", "p2"]


def test_error_in_the_block_rolls_back(db: Database) -> None:
    """Any exception in a ``write`` block (not only a database one) rolls it back."""
    with pytest.raises(RuntimeError, match="referee gave up"), db.write() as s:
        s.add(PlayerRow(code="p1", name="Ala"))
        s.flush()
        with db.read() as other:  # not visible outside the transaction before commit
            assert other.scalar(select(func.count()).select_from(PlayerRow)) == 0
        raise RuntimeError("referee gave up")
    assert players(db) == []


# --- where the data lives: resolve_url ---------------------------------------------------


def test_db_option_wins_over_the_environment() -> None:
    """``--db`` first, then ``STOLIK_DB``, then ``stolik.db``."""
    env = {"STOLIK_DB": "postgresql://u@h/liga"}
    assert resolve_url("turniej.db", env=env) == "sqlite:///turniej.db"
    assert resolve_url(None, env=env) == "postgresql+psycopg://u@h/liga"
    assert resolve_url(None, env={}) == "sqlite:///stolik.db"
    assert resolve_url("", env={"STOLIK_DB": "x.db"}) == "sqlite:///x.db"


@pytest.mark.parametrize(("given", "url"), [
    ("turniej.db", "sqlite:///turniej.db"),
    ("/var/lib/stolik/liga.db", "sqlite:////var/lib/stolik/liga.db"),
    ("sqlite:///a.db", "sqlite:///a.db"),
    ("sqlite://", "sqlite://"),
    ("postgresql://u:pw@db.example:5433/liga", "postgresql+psycopg://u:pw@db.example:5433/liga"),
    ("postgres://u@localhost/liga", "postgresql+psycopg://u@localhost/liga"),
    ("postgresql+psycopg://u@localhost/liga", "postgresql+psycopg://u@localhost/liga"),
])
def test_resolve_url(given: str, url: str) -> None:
    """A plain path is a SQLite file; ``postgresql://`` and ``postgres://`` use psycopg 3."""
    assert resolve_url(given, env={}) == url


@pytest.mark.parametrize("given", ["mysql://u@h/liga", "http://example.com/x.db"])
def test_bad_scheme_is_a_one_line_error(given: str) -> None:
    """A URL of another database is refused with one line naming it."""
    with pytest.raises(DatabaseError) as e:
        resolve_url(given, env={})
    assert "\n" not in str(e.value)
    assert given in str(e.value)


# --- a database that cannot be opened ----------------------------------------------------


def test_postgres_server_down_is_a_one_line_error() -> None:
    """No server at the URL: one line (the URL, password hidden, and why), no traceback
    chained to it — what ``stolik`` prints before exiting with status 1."""
    url = resolve_url("postgresql://stolik:sekret@127.0.0.1:1/liga", env={})
    with pytest.raises(DatabaseError) as e:
        open_database(url, migrate=True)
    message = str(e.value)
    assert "\n" not in message
    assert "127.0.0.1:1" in message
    assert "sekret" not in message
    assert e.value.__cause__ is None and e.value.__suppress_context__


def test_sqlite_file_that_cannot_be_created_is_a_one_line_error(tmp_path: Path) -> None:
    """A SQLite file in a folder that does not exist: one line, no traceback."""
    with pytest.raises(DatabaseError) as e:
        open_database(f"sqlite:///{tmp_path}/no/such/folder/stolik.db", migrate=True)
    assert "\n" not in str(e.value)
    assert "no/such/folder" in str(e.value)
