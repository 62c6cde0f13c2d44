"""fresh draw seeds: a tournament's seed may be absent (each draw then takes a fresh one)

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-23 16:45:00.000000
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = '0003'
down_revision = '0002'
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table('tournament', schema=None) as batch_op:
        batch_op.alter_column('seed', existing_type=sa.Integer(), nullable=True)


def downgrade() -> None:
    op.execute("UPDATE tournament SET seed = 0 WHERE seed IS NULL")
    with op.batch_alter_table('tournament', schema=None) as batch_op:
        batch_op.alter_column('seed', existing_type=sa.Integer(), nullable=False)
