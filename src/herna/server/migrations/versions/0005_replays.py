"""Replays of uploaded game records (`POST /api/replays`): a record from a file is a game the
server never played, so it gets a table of its own rather than a made-up table with seats.

The record is kept whole (its canonical JSON, as replayed and checked): params + seed +
action texts, which is all a replay needs; game, players and moves are columns only to list
uploads without reading each record.

Revision ID: 0005
Revises: 0004
Create Date: 2026-12-10
"""

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "replays",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("game", sa.String(32), nullable=False),
        sa.Column("players", sa.Integer, nullable=False),
        sa.Column("moves", sa.Integer, nullable=False),
        sa.Column("record", sa.Text, nullable=False),
        sa.Column("created", sa.DateTime(timezone=True), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("replays")
