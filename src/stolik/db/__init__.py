"""Storage: SQLAlchemy 2 with Alembic migrations, SQLite by default, PostgreSQL by URL.

:mod:`.url` resolves where the data lives (``--db``, ``STOLIK_DB``, else ``stolik.db``),
:mod:`.engine` opens it and runs every write as one transaction, :mod:`.base` is the
declarative base every table derives from, :mod:`.migrate` brings a database to the
newest schema (Alembic, scripts in ``stolik/db/migrations``). The tables themselves live
beside the code that owns them (:mod:`stolik.tournament.orm`, :mod:`stolik.web.play.orm`).
"""

from stolik.db.base import Base
from stolik.db.engine import Database, DatabaseError, open_database
from stolik.db.url import DEFAULT_DB, resolve_url

__all__ = ["DEFAULT_DB", "Base", "Database", "DatabaseError", "open_database", "resolve_url"]
