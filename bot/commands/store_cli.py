"""One way for a command to open the configured store in a transaction (imports stay lazy)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING

from bot.commands.console import load_settings, warn

if TYPE_CHECKING:
    from sqlalchemy.orm import Session

    from store.config import Settings
    from store.db import Store


@contextmanager
def open_db(*, write: bool = True) -> Iterator[tuple[Session, Settings]]:
    """(session in a transaction committed on exit, settings) for the configured store; with
    `write=False` (listing, showing, exporting) nothing is created or written: no data dir, no
    empty database, and a read-only copy can be read."""
    settings = load_settings()
    store = open_store(settings, write=write)
    try:
        with store.sessions.begin() as db:
            yield db, settings
    finally:
        store.close()


def open_store(settings: Settings, *, write: bool = True) -> Store:
    """The configured store: for writing (data dir made, migrations applied) or reading only."""
    from store.db import Store

    if not write:
        where = "" if settings.database_url else f" (SESHAT_DATA_DIR={settings.data_dir})"
        store = Store.open_for_reading(settings.effective_database_url, where=where)
        if store.missing is not None:
            warn(
                f"no database at {store.missing}{where} yet, so nothing to show (none was "
                "created). Point SESHAT_DATA_DIR or --env-file at your data, or run the bot "
                "first (`seshat demo --data-dir DIR` keeps the demo's)."
            )
        return store
    settings.ensure_data_dir()
    return Store.open(settings.effective_database_url)
