"""The declarative base of the ORM tables, on the shared :data:`~stolik.db.schema.metadata`
(stable constraint names, so that Alembic migrations name the same constraints on SQLite
and PostgreSQL). Importing it loads ``sqlalchemy.orm``; what needs only Core imports
:mod:`stolik.db.schema`."""

from __future__ import annotations

from sqlalchemy.orm import DeclarativeBase

from stolik.db.schema import NAMING, metadata, utcnow

__all__ = ["NAMING", "Base", "load_models", "utcnow"]


class Base(DeclarativeBase):
    """Base class of the ORM tables."""

    metadata = metadata


def load_models() -> None:
    """Import every module that declares tables, so that ``Base.metadata`` is complete."""
    import importlib

    for name in ("stolik.tournament.orm", "stolik.web.play.orm"):
        try:
            importlib.import_module(name)
        except ModuleNotFoundError as e:  # a module not written yet
            if not name.startswith(e.name or ""):
                raise
