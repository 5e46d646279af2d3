"""Alembic environment: Herna runs migrations itself (`store.migrate`) on the connection it
hands over in `config.attributes`, so no alembic.ini or database URL lives here."""

from alembic import context

from herna.server.store import metadata

config = context.config
connection = config.attributes.get("connection")
if connection is None:  # pragma: no cover - only `alembic` run by hand
    raise SystemExit("run migrations through herna.server.store.migrate(engine)")
context.configure(connection=connection, target_metadata=metadata,
                  render_as_batch=connection.dialect.name == "sqlite")
with context.begin_transaction():
    context.run_migrations()
