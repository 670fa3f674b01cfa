"""Alembic environment: runs online against the engine handed in by `store.db.upgrade`."""

from __future__ import annotations

from alembic import context
from sqlalchemy import create_engine, text

from store.models import Base

config = context.config
target_metadata = Base.metadata


def run_migrations_online() -> None:
    """Run migrations on the caller's engine (or one built from the URL for the alembic CLI)."""
    engine = config.attributes.get("engine") or create_engine(
        config.get_main_option("sqlalchemy.url") or ""
    )
    with engine.begin() as connection:
        if connection.dialect.name == "postgresql":
            # Replicas starting together migrate one at a time; the others then find the
            # schema at head. Released when this transaction ends.
            connection.execute(text("SELECT pg_advisory_xact_lock(hashtext('seshat-migrate'))"))
        context.configure(
            connection=connection,
            target_metadata=target_metadata,
            render_as_batch=connection.dialect.name == "sqlite",
        )
        context.run_migrations()


run_migrations_online()
