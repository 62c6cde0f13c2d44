"""What every SQLite connection of stolik is set up with, in the standard library alone:
the SQLAlchemy engine (:mod:`stolik.db.engine`) runs :func:`apply_pragmas` on each new
connection, and so does the stdlib fast path of ``stolik tournament new`` and ``sheet
add`` (:mod:`stolik.tournament.sqlite_fast`) — one list, whichever opens the file.

>>> import sqlite3
>>> conn = sqlite3.connect(":memory:")
>>> apply_pragmas(conn)
>>> [conn.execute(f"PRAGMA {p}").fetchone()[0] for p in ("foreign_keys", "busy_timeout")]
[1, 10000]
"""

from __future__ import annotations

from typing import Any

__all__ = ["PRAGMAS", "apply_pragmas"]

PRAGMAS = ("PRAGMA foreign_keys=ON", "PRAGMA busy_timeout=10000", "PRAGMA journal_mode=WAL",
           "PRAGMA synchronous=FULL")
"""Foreign keys, a busy timeout, WAL, ``synchronous=FULL`` (see :mod:`stolik.db.engine`
for what survives a killed process and a stopped machine)."""


def apply_pragmas(dbapi_conn: Any, _record: Any = None) -> None:
    """Set :data:`PRAGMAS` on a new ``sqlite3`` connection (a SQLAlchemy ``connect``
    event listener too)."""
    cur = dbapi_conn.cursor()
    for pragma in PRAGMAS:
        cur.execute(pragma)
    cur.close()
