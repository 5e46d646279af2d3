"""Tables get a hints switch (issue 21): whether its players may ask what the hard bot would
do in their place.

On by default, and for every table stored before: a private table gains the Hint button. A
rated game is created with it off.

Revision ID: 0006
Revises: 0005
Create Date: 2026-11-25
"""

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # a plain ADD COLUMN with a constant default on SQLite and PostgreSQL: nothing is copied
    op.add_column("tables", sa.Column("hints", sa.Boolean, nullable=False,
                                      server_default=sa.true()))


def downgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("hints")
