"""Revoke the next-table tokens earlier versions made from a digest the database holds.

Until now a "play again" seat's token was an HMAC of the previous seat's *digest*, so anyone
who could read the database could compute it. Such a seat is opened again (its digest
cleared): its player takes it back through "play again" at the previous table, which now
makes the token from the player's own token. Only seats whose digest matches the old
derivation are touched.

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-24
"""

import sqlalchemy as sa
from alembic import op

from herna.server.store import old_next_token, token_hash

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    conn = op.get_bind()
    links = conn.execute(sa.text(
        "SELECT id, next_id FROM tables WHERE next_id IS NOT NULL")).all()
    for table_id, next_id in links:
        before: dict[int, str] = dict(conn.execute(sa.text(
            "SELECT seat, token_hash FROM seats WHERE table_id = :t AND token_hash IS NOT NULL"),
            {"t": table_id}).all())
        for seat, digest in before.items():
            derived = token_hash(old_next_token(digest, next_id))
            conn.execute(sa.text(
                "UPDATE seats SET token_hash = NULL WHERE table_id = :t AND seat = :s "
                "AND token_hash = :h"), {"t": next_id, "s": seat, "h": derived})


def downgrade() -> None:
    """Nothing to restore: the revoked digests were the hole."""
