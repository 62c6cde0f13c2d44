"""The declarative base of every stolik table, with stable constraint names (so that
Alembic migrations name the same constraints on SQLite and PostgreSQL)."""

from __future__ import annotations

import datetime

from sqlalchemy import MetaData
from sqlalchemy.orm import DeclarativeBase

NAMING = {
    "ix": "ix_%(column_0_label)s",
    "uq": "uq_%(table_name)s_%(column_0_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}


def utcnow() -> datetime.datetime:
    """Now, in UTC, without tzinfo: every stored time, the same on SQLite and PostgreSQL."""
    return datetime.datetime.now(datetime.UTC).replace(tzinfo=None)


class Base(DeclarativeBase):
    """Base class of the ORM tables."""

    metadata = MetaData(naming_convention=NAMING)


def load_models() -> None:
    """Import every module that declares tables, so that ``Base.metadata`` is complete."""
    import importlib

    for name in ("stolik.tournament.orm", "stolik.web.play.orm"):
        try:
            importlib.import_module(name)
        except ModuleNotFoundError as e:  # a module not written yet
            if not name.startswith(e.name or ""):
                raise
