"""Every stored time: :func:`utcnow`, in the standard library alone, so that the commands
that write without SQLAlchemy (the SQLite fast path of ``stolik tournament new`` and
``sheet add``, :mod:`stolik.tournament.sqlite_fast`) stamp times exactly as the rest.

>>> utcnow().tzinfo is None
True
"""

from __future__ import annotations

import datetime

__all__ = ["utcnow"]


def utcnow() -> datetime.datetime:
    """Now, in UTC, without tzinfo: every stored time, the same on SQLite and PostgreSQL."""
    return datetime.datetime.now(datetime.UTC).replace(tzinfo=None)
