"""Alembic, driven from code: :func:`upgrade` brings a database to the newest schema.

The scripts are in ``stolik/db/migrations`` (shipped with the package), so ``stolik``
migrates its own database on first use; ``alembic`` itself needs no ini file.

>>> from stolik.db import open_database
>>> db = open_database("sqlite://", migrate=True)
>>> current_revision(db) == head_revision()
True
"""

from __future__ import annotations

from pathlib import Path

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory

from stolik.db.engine import Database

SCRIPTS = Path(__file__).with_name("migrations")


def alembic_config(db: Database) -> Config:
    """An Alembic config pointing at the packaged scripts and at ``db``."""
    cfg = Config()
    cfg.set_main_option("script_location", str(SCRIPTS))
    cfg.set_main_option("sqlalchemy.url", db.engine.url.render_as_string(hide_password=False)
                        .replace("%", "%%"))
    cfg.attributes["engine"] = db.engine
    return cfg


def head_revision() -> str | None:
    """The newest revision of the scripts."""
    return ScriptDirectory(str(SCRIPTS)).get_current_head()


def current_revision(db: Database) -> str | None:
    """The revision the database is at (``None`` when empty)."""
    with db.engine.connect() as conn:
        return MigrationContext.configure(conn).get_current_revision()


def upgrade(db: Database, revision: str = "head") -> None:
    """Apply every migration up to ``revision`` (a no-op when already there)."""
    if revision == "head" and current_revision(db) == head_revision():
        return
    command.upgrade(alembic_config(db), revision)


def downgrade(db: Database, revision: str) -> None:
    """Undo migrations down to ``revision`` (``"base"``: an empty database)."""
    command.downgrade(alembic_config(db), revision)
