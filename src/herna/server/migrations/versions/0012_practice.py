"""Ubongo practice per account (issue 22): on a server with accounts, a signed-in player's
ladder level, solves and personal bests, kept here instead of the browser's storage so they
follow the player to another device. One row per account (an account deleted takes it).

`level` is where the ladder stands, `best_level` the highest level reached, `solves` and
`gave_up` count the puzzles the server checked; `daily` is JSON {date: seconds} (the best
time of each day's puzzle), `attack` JSON {level: puzzles} (the most puzzles solved in one
time attack at a level). A time attack in progress is `attack_level`, `attack_started` (the
server's clock) and `attack_count`, so only the solves the server checked within its three
minutes count.

Revision ID: 0012
Revises: 0011
Create Date: 2026-12-19
"""

import sqlalchemy as sa
from alembic import op

revision = "0012"
down_revision = "0011"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "practice",
        sa.Column("player_id", sa.String(32), sa.ForeignKey("players.id", ondelete="CASCADE"),
                  primary_key=True),
        sa.Column("level", sa.Integer, nullable=False),
        sa.Column("best_level", sa.Integer, nullable=False),
        sa.Column("solves", sa.Integer, nullable=False),
        sa.Column("gave_up", sa.Integer, nullable=False),
        sa.Column("daily", sa.Text, nullable=False),
        sa.Column("attack", sa.Text, nullable=False),
        sa.Column("attack_level", sa.Integer, nullable=True),
        sa.Column("attack_started", sa.DateTime(timezone=True), nullable=True),
        sa.Column("attack_count", sa.Integer, nullable=False),
        sa.Column("updated", sa.DateTime(timezone=True), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("practice")
