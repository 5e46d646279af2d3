"""Seats get a display name (a person's own, set at creation or later by the seat's holder).

Nullable: every seat stored before has none, and is shown as "Player N" as before (by number).

Revision ID: 0003
Revises: 0002
Create Date: 2026-12-02
"""

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # a plain ADD COLUMN on SQLite and PostgreSQL alike: no table is rebuilt or copied
    op.add_column("seats", sa.Column("name", sa.String(64), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("seats") as batch:
        batch.drop_column("name")
