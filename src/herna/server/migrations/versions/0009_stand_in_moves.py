"""Moves a stand-in bot made (issue 21, clocks): `actions.stand_in` is true for a move a bot
of the clock's level made in a person's seat (their time ran out, or they left), so the log
says "bot for Ana" beside it, after a restart too; false for every move stored before.

Revision ID: 0009
Revises: 0008
Create Date: 2026-12-18
"""

import sqlalchemy as sa
from alembic import op

revision = "0009"
down_revision = "0008"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # a plain ADD COLUMN with a constant default: nothing is copied
    op.add_column("actions", sa.Column("stand_in", sa.Boolean, nullable=False,
                                       server_default=sa.false()))


def downgrade() -> None:
    with op.batch_alter_table("actions") as batch:
        batch.drop_column("stand_in")
