"""tournament game: a tournament stores its game; a table of a round keeps its game's sheet

A tournament of every game (issue 10 §1): ``tournament.game`` (``baska``, ``marias``; the
tournaments written before are Baśka's), and ``round_table.sheet``, the game's own table
sheet as JSON (Mariáš: the stolový lístek — stake, top-ups, final money, leader, hand-in,
correction; MARIAS §7, seed 002 §10).

Revision ID: 0004
Revises: 0003
Create Date: 2026-11-23 22:10:00.000000
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = '0004'
down_revision = '0003'
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table('tournament', schema=None) as batch_op:
        batch_op.add_column(sa.Column('game', sa.String(length=40), nullable=False,
                                      server_default='baska'))
    with op.batch_alter_table('round_table', schema=None) as batch_op:
        batch_op.add_column(sa.Column('sheet', sa.JSON(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table('round_table', schema=None) as batch_op:
        batch_op.drop_column('sheet')
    with op.batch_alter_table('tournament', schema=None) as batch_op:
        batch_op.drop_column('game')
