"""Tables get an undo switch (issue 21): whether its players may take back their own steps.

On by default, and for every table stored before: undo was simply not offered then, and a
table in play gains it. A rated game is created with it off.

Revision ID: 0004
Revises: 0003
Create Date: 2026-12-10
"""

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # a plain ADD COLUMN with a constant default on SQLite and PostgreSQL: nothing is copied
    op.add_column("tables", sa.Column("undo", sa.Boolean, nullable=False,
                                      server_default=sa.true()))


def downgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("undo")
