"""Alembic, driven from code: :func:`upgrade` brings a database to the newest schema.

The scripts are in ``stolik/db/migrations`` (shipped with the package), so ``stolik``
migrates its own database on first use; ``alembic`` itself needs no ini file.

>>> from stolik.db import open_database
>>> db = open_database("sqlite://", migrate=True)
>>> current_revision(db) == head_revision() == _scripts_head()
True
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

from sqlalchemy import text
from sqlalchemy.exc import DBAPIError

if TYPE_CHECKING:
    from alembic.config import Config

    from stolik.db.engine import Database  # in annotations only: engine imports this module

SCRIPTS = Path(__file__).with_name("migrations")


def alembic_config(db: Database) -> Config:
    """An Alembic config pointing at the packaged scripts and at ``db``."""
    from alembic.config import Config

    cfg = Config()
    cfg.set_main_option("script_location", str(SCRIPTS))
    cfg.set_main_option("sqlalchemy.url", db.engine.url.render_as_string(hide_password=False)
                        .replace("%", "%%"))
    cfg.attributes["engine"] = db.engine
    return cfg


def head_revision() -> str | None:
    """The newest revision of the scripts."""
    from alembic.script import ScriptDirectory

    return ScriptDirectory(str(SCRIPTS)).get_current_head()


def current_revision(db: Database) -> str | None:
    """The revision the database is at (``None`` when empty)."""
    from alembic.runtime.migration import MigrationContext

    with db.engine.connect() as conn:
        return MigrationContext.configure(conn).get_current_revision()


_REVISION = re.compile(r"^(down_revision|revision)\s*=\s*(?:'([^']*)'|\"([^\"]*)\"|None)\s*$",
                       re.MULTILINE)


@cache
def _scripts_head() -> str | None:
    """The head revision read from the scripts' ``revision``/``down_revision`` lines, without
    importing Alembic (every command opens the database; Alembic costs ~0.2 s to import).
    ``None`` when the scripts are not a single plain chain: then Alembic decides."""
    revisions: set[str] = set()
    downs: set[str] = set()
    for path in (SCRIPTS / "versions").glob("*.py"):
        found = {m[1]: m[2] or m[3] for m in _REVISION.finditer(path.read_text("utf-8"))}
        if "revision" not in found:
            continue
        if "down_revision" not in found:
            return None
        revisions.add(found["revision"])
        if found["down_revision"]:
            downs.add(found["down_revision"])
    heads = revisions - downs
    return heads.pop() if len(heads) == 1 else None


def _at_head(db: Database) -> bool:
    """Whether ``db`` is known to be at the scripts' head, read with one query."""
    head = _scripts_head()
    if head is None:
        return False
    try:
        with db.engine.connect() as conn:
            rows = conn.execute(text("SELECT version_num FROM alembic_version")).all()
    except DBAPIError:  # no table yet: a new database
        return False
    return [r[0] for r in rows] == [head]


def upgrade(db: Database, revision: str = "head") -> None:
    """Apply every migration up to ``revision`` (a no-op when already there)."""
    if revision == "head" and _at_head(db):
        return
    from alembic import command

    if revision == "head" and current_revision(db) == head_revision():
        return
    command.upgrade(alembic_config(db), revision)


def downgrade(db: Database, revision: str) -> None:
    """Undo migrations down to ``revision`` (``"base"``: an empty database)."""
    from alembic import command

    command.downgrade(alembic_config(db), revision)
