"""Players (issue 22): accounts on a shared server, their sessions, and the seats they hold.

`players` is a person on this server: a display name, and on a server started with
`--accounts` a password digest (argon2, `argon2-cffi`). `name_key` is the name folded for
sign-in (unique). `sessions` are the signed-in browsers, kept only as digests of their
cookie (as seat tokens are); logging out everywhere deletes a player's rows.
`seats.player_id` binds a seat to the account that took it (null for every seat stored
before, and for every seat on a private server), so My tables follows the account.

Revision ID: 0008
Revises: 0007
Create Date: 2026-12-17
"""

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "players",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("name", sa.String(64), nullable=False),
        sa.Column("name_key", sa.String(64), nullable=False, unique=True),
        sa.Column("password_hash", sa.Text, nullable=True),
        sa.Column("created", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "sessions",
        sa.Column("id_hash", sa.String(64), primary_key=True),
        sa.Column("player_id", sa.String(32),
                  sa.ForeignKey("players.id", ondelete="CASCADE"), nullable=False,
                  index=True),
        sa.Column("created", sa.DateTime(timezone=True), nullable=False),
        sa.Column("expires", sa.DateTime(timezone=True), nullable=False),
    )
    # a plain ADD COLUMN (nullable): nothing is copied
    op.add_column("seats", sa.Column("player_id", sa.String(32), nullable=True))
    op.create_index("ix_seats_player_id", "seats", ["player_id"])


def downgrade() -> None:
    op.drop_index("ix_seats_player_id", table_name="seats")
    with op.batch_alter_table("seats") as batch:
        batch.drop_column("player_id")
    op.drop_table("sessions")
    op.drop_table("players")
