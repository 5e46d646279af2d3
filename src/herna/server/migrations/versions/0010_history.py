"""History and ratings (issue 22): one row per seat of every finished table, OpenSkill
ratings per player and title, and the rating change each rated table made.

`results` is written in the transaction that stores a table's last move (its key, table and
seat, keeps it to one row per seat); tables finished before this revision get theirs from a
sweep when a server starts. `ratings` holds a player's current OpenSkill rating per title,
apart for games against people and games with bots; `rating_changes` (keyed by table and
player) is what each rated table changed, so a table is rated once however often it is seen.
`tables.rated`: a rated table (no undo, no hints) changes its players' ratings; every table
stored before is unrated.

Revision ID: 0010
Revises: 0009
Create Date: 2026-11-25
"""

import sqlalchemy as sa
from alembic import op

revision = "0010"
down_revision = "0009"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # a plain ADD COLUMN with a constant default: nothing is copied
    op.add_column("tables", sa.Column("rated", sa.Boolean, nullable=False,
                                      server_default=sa.false()))
    op.create_table(
        "results",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id", ondelete="CASCADE"),
                  primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("player_id", sa.String(32), nullable=True, index=True),
        sa.Column("name", sa.String(64), nullable=True),
        sa.Column("game", sa.String(32), nullable=False),
        sa.Column("players", sa.Integer, nullable=False),
        sa.Column("rank", sa.Integer, nullable=False),
        sa.Column("score", sa.Float, nullable=False),
        sa.Column("kind", sa.String(8), nullable=False),
        sa.Column("against", sa.String(8), nullable=False),
        sa.Column("finished", sa.DateTime(timezone=True), nullable=False),
        sa.Column("figures", sa.Text, nullable=False),
    )
    op.create_table(
        "ratings",
        sa.Column("player_id", sa.String(32), primary_key=True),
        sa.Column("game", sa.String(32), primary_key=True),
        sa.Column("against", sa.String(8), primary_key=True),
        sa.Column("mu", sa.Float, nullable=False),
        sa.Column("sigma", sa.Float, nullable=False),
        sa.Column("games", sa.Integer, nullable=False),
        sa.Column("updated", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "rating_changes",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id", ondelete="CASCADE"),
                  primary_key=True),
        sa.Column("player_id", sa.String(32), primary_key=True),
        sa.Column("game", sa.String(32), nullable=False),
        sa.Column("against", sa.String(8), nullable=False),
        sa.Column("mu_before", sa.Float, nullable=False),
        sa.Column("sigma_before", sa.Float, nullable=False),
        sa.Column("mu", sa.Float, nullable=False),
        sa.Column("sigma", sa.Float, nullable=False),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("rating_changes")
    op.drop_table("ratings")
    op.drop_table("results")
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("rated")
