"""Storage: SQLAlchemy 2 with Alembic migrations, SQLite by default, PostgreSQL by URL.

:mod:`.url` resolves where the data lives (``--db``, ``STOLIK_DB``, else ``stolik.db``),
:mod:`.engine` opens it and runs every write as one transaction (an ORM session, or a
Core connection for the commands that need no ORM), :mod:`.schema` holds the metadata
every table is declared on, :mod:`.base` the ORM's declarative base over it, :mod:`.migrate`
brings a database to the newest schema (Alembic, scripts in ``stolik/db/migrations``;
skipped after one query when the database is already there). The tables themselves live
beside the code that owns them (:mod:`stolik.tournament.tables` with its ORM classes in
:mod:`stolik.tournament.orm`, :mod:`stolik.web.play.orm`).

Importing this package loads SQLAlchemy Core only, not ``sqlalchemy.orm`` (issue 9.5).
"""

from stolik.db.engine import Database, DatabaseError, open_database
from stolik.db.url import DEFAULT_DB, resolve_url

__all__ = ["DEFAULT_DB", "Database", "DatabaseError", "open_database", "resolve_url"]
