"""Where the data lives: ``--db URL``, else ``STOLIK_DB``, else ``stolik.db`` (SQLite).

A plain path is taken as a SQLite file; ``postgresql://`` URLs use psycopg 3.

>>> resolve_url("turniej.db", env={})
'sqlite:///turniej.db'
>>> resolve_url(None, env={"STOLIK_DB": "postgresql://u@localhost/liga"})
'postgresql+psycopg://u@localhost/liga'
>>> resolve_url(None, env={})
'sqlite:///stolik.db'
>>> resolve_url("mysql://x", env={})  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
stolik.db.engine.DatabaseError: --db: 'mysql://x' is neither a SQLite file nor a sqlite:// ...
"""

from __future__ import annotations

import os
from collections.abc import Mapping

DEFAULT_DB = "stolik.db"
"""The SQLite file used when nothing is configured (created on first use)."""

ENV_VAR = "STOLIK_DB"


def resolve_url(db: str | None, env: Mapping[str, str] | None = None) -> str:
    """The SQLAlchemy URL for ``db`` (a URL or a SQLite path), ``$STOLIK_DB`` or the default
    (no SQLAlchemy imported unless the URL is refused)."""
    env = os.environ if env is None else env
    raw = db or env.get(ENV_VAR) or DEFAULT_DB
    if raw.startswith(("postgresql://", "postgres://")):
        return "postgresql+psycopg://" + raw.split("://", 1)[1]
    if raw.startswith(("postgresql+", "sqlite:")):
        return raw
    if "://" in raw:
        from stolik.db.engine import DatabaseError

        raise DatabaseError(f"--db: {raw!r} is neither a SQLite file nor a sqlite:// or "
                            "postgresql:// URL")
    return f"sqlite:///{raw}"


def describe(url: str) -> str:
    """The URL without its password, for messages.

    >>> describe("postgresql+psycopg://u:secret@h/db")
    'postgresql+psycopg://u:***@h/db'
    """
    from sqlalchemy.engine import make_url

    return make_url(url).render_as_string(hide_password=True)
