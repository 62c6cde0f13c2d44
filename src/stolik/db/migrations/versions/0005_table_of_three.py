"""table of three: a table of a round may seat three players (``seat3`` empty)

Licitovaný mariáš seats three at a table, and four (the dealer sitting out, the
pauzírák) where the count of players needs it (LICITOVANY §8, §9): ``round_table.seat3``
may be NULL. Baśka's and Mariáš's tables still seat four.

Revision ID: 0005
Revises: 0004
Create Date: 2026-12-07 13:30:00.000000
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = '0005'
down_revision = '0004'
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table('round_table', schema=None) as batch_op:
        batch_op.alter_column('seat3', existing_type=sa.Integer(), nullable=True)


def downgrade() -> None:
    with op.batch_alter_table('round_table', schema=None) as batch_op:
        batch_op.alter_column('seat3', existing_type=sa.Integer(), nullable=False)
