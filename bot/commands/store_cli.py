"""One way for a command to open the configured store in a transaction (imports stay lazy)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING

from bot.commands.console import load_settings

if TYPE_CHECKING:
    from sqlalchemy.orm import Session

    from store.config import Settings


@contextmanager
def open_db() -> Iterator[tuple[Session, Settings]]:
    """(session in a transaction committed on exit, settings) for the configured store."""
    from store.db import Store

    settings = load_settings()
    settings.ensure_data_dir()
    store = Store.open(settings.effective_database_url)
    try:
        with store.sessions.begin() as db:
            yield db, settings
    finally:
        store.close()
