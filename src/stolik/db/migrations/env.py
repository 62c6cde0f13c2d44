"""Alembic environment: runs the migrations on the engine stolik hands over."""

from __future__ import annotations

from alembic import context
from sqlalchemy import Engine, create_engine

from stolik.db.base import Base, load_models

load_models()
target_metadata = Base.metadata
config = context.config
engine = config.attributes.get("engine")
if not isinstance(engine, Engine):
    engine = create_engine(config.get_main_option("sqlalchemy.url") or "sqlite://")

with engine.connect() as connection:
    context.configure(connection=connection, target_metadata=target_metadata,
                      render_as_batch=connection.dialect.name == "sqlite",
                      compare_type=True)
    with context.begin_transaction():
        context.run_migrations()
    connection.commit()
