"""Reviews (issue 21): a finished table's review per seat, the hard bot's rating of each of
that seat's decisions, worked out once in the bot workers and then read from here.

`result` is the review as JSON (language-free: the page's words are added when it is
shown); `seed` is the review's own seed, made from public facts, from which the same
result is worked out again; `cpu` the CPU seconds it took. A table deleted takes its
reviews with it.

Revision ID: 0011
Revises: 0010
Create Date: 2026-12-18
"""

import sqlalchemy as sa
from alembic import op

revision = "0011"
down_revision = "0010"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "reviews",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id", ondelete="CASCADE"),
                  primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("seed", sa.BigInteger, nullable=False),
        sa.Column("result", sa.Text, nullable=False),
        sa.Column("cpu", sa.Float, nullable=False),
        sa.Column("created", sa.DateTime(timezone=True), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("reviews")
