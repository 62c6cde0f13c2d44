"""What every table shares, without the ORM: the :data:`metadata` every table is declared
on (stable constraint names, so that Alembic migrations name the same constraints on
SQLite and PostgreSQL) and :func:`utcnow`, every stored time (:mod:`stolik.db.clock`).

This module imports SQLAlchemy Core only: the commands that write with Core
(``stolik tournament new``, ``sheet add``) never load ``sqlalchemy.orm`` (issue 9.5).

>>> metadata.naming_convention["uq"]
'uq_%(table_name)s_%(column_0_name)s'
>>> utcnow().tzinfo is None
True
"""

from __future__ import annotations

from sqlalchemy import MetaData

from stolik.db.clock import utcnow

NAMING = {
    "ix": "ix_%(column_0_label)s",
    "uq": "uq_%(table_name)s_%(column_0_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}

metadata = MetaData(naming_convention=NAMING)
"""The one :class:`~sqlalchemy.MetaData` of every stolik table (Core tables and the ORM's
declarative base alike)."""

__all__ = ["NAMING", "metadata", "utcnow"]
