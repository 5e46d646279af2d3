"""Clocks and stand-in bots (issue 21): a table's clock, and which seats a bot plays now.

`tables.clock` is the clock as JSON (null: an untimed table, as every table stored before);
`seats.stand_in` says a bot of the clock's level plays the person's seat now (false for every
seat stored before), and `seats.back` when the person last took it back (its clock runs
afresh from then).

Revision ID: 0007
Revises: 0006
Create Date: 2026-12-16
"""

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # plain ADD COLUMNs (nullable, or with a constant default): nothing is copied
    op.add_column("tables", sa.Column("clock", sa.Text, nullable=True))
    op.add_column("seats", sa.Column("stand_in", sa.Boolean, nullable=False,
                                     server_default=sa.false()))
    op.add_column("seats", sa.Column("back", sa.DateTime(timezone=True), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("seats") as batch:
        batch.drop_column("back")
        batch.drop_column("stand_in")
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("clock")
