"""Storage: SQLAlchemy 2 with Alembic migrations, SQLite by default, PostgreSQL by URL.

:mod:`.url` resolves where the data lives (``--db``, ``STOLIK_DB``, else ``stolik.db``),
:mod:`.engine` opens it and runs every write as one transaction (an ORM session, or a
Core connection for the commands that need no ORM), :mod:`.schema` holds the metadata
every table is declared on, :mod:`.base` the ORM's declarative base over it, :mod:`.migrate`
brings a database to the newest schema (Alembic, scripts in ``stolik/db/migrations``;
skipped after one query when the database is already there). The tables themselves live
beside the code that owns them (:mod:`stolik.tournament.tables` with its ORM classes in
:mod:`stolik.tournament.orm`, :mod:`stolik.web.play.orm`).

Importing this package loads no SQLAlchemy: :class:`Database`, :class:`DatabaseError` and
:func:`open_database` (:mod:`.engine`, SQLAlchemy Core, not ``sqlalchemy.orm``) are
imported when first used, so the stdlib modules here — :mod:`.url`, :mod:`.clock`
(:func:`~stolik.db.clock.utcnow`), :mod:`.sqlite` (the connection pragmas) — serve the
SQLite fast path of ``stolik tournament new`` and ``sheet add`` without it (issue 9.5).

>>> import stolik.db
>>> stolik.db.open_database.__module__
'stolik.db.engine'
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from stolik.db.url import DEFAULT_DB, resolve_url

if TYPE_CHECKING:
    from stolik.db.engine import Database, DatabaseError, open_database

__all__ = ["DEFAULT_DB", "Database", "DatabaseError", "open_database", "resolve_url"]

_ENGINE = frozenset({"Database", "DatabaseError", "open_database"})


def __getattr__(name: str) -> Any:
    """:mod:`.engine`'s names, imported (with SQLAlchemy) on first use."""
    if name in _ENGINE:
        from stolik.db import engine

        return getattr(engine, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
