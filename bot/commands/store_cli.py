"""One way for a command to open the configured store in a transaction (imports stay lazy).

Three ways to open it: for reading (nothing made or written), for changing what is there (a
missing database is refused, none is made: a typo in SESHAT_DATA_DIR must not leave an empty
`seshat.db` behind), and for creating (`seshat import`, `seshat db upgrade`)."""

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
def open_db(*, write: bool = True, create: bool = False) -> Iterator[tuple[Session, Settings]]:
    """(session in a transaction committed on exit, settings) for the configured store; with
    `write=False` (listing, showing, exporting) nothing is created or written: no data dir, no
    empty database, and a read-only copy can be read. A write needs an existing database unless
    `create` (see `open_store`)."""
    settings = load_settings()
    store = open_store(settings, write=write, create=create)
    try:
        with store.sessions.begin() as db:
            yield db, settings
    finally:
        store.close()


def looked_at(settings: Settings) -> str:
    """Which setting chose the database, for a message: ` (SESHAT_DATA_DIR=…)` or ``."""
    return settings.database_where


def open_store(settings: Settings, *, write: bool = True, create: bool = False) -> Store:
    """The configured store: for writing (data dir made, migrations applied) or reading only.

    A write acts on what is there (an id, a person, a reflection): without `create`, a database
    that does not exist yet is refused (StoreUnavailable, naming where it was looked for) and
    nothing is made."""
    from store.db import Store

    where = looked_at(settings)
    if not write:
        store = Store.open_for_reading(settings.effective_database_url, where=where)
        if store.missing is not None:
            warn(
                f"no database at {store.missing}{where} yet, so nothing learned to show (none was "
                "created). Point SESHAT_DATA_DIR or --env-file at your data, or run the bot "
                "first (`seshat demo --data-dir DIR` keeps the demo's)."
            )
        return store
    if not create:
        _require_database(settings, where)
    settings.ensure_data_dir()
    return Store.open(settings.effective_database_url, where=where)


def _require_database(settings: Settings, where: str) -> None:
    """StoreUnavailable when the configured database does not exist yet; nothing is made."""
    from store.db import StoreUnavailable, peek_revision, shown_url, sqlite_file

    url = settings.effective_database_url
    fix = (
        "nothing to change there, and none was created. Point SESHAT_DATA_DIR, DATABASE_URL or "
        "--env-file at your data; `seshat run` or `seshat import FILE` makes a new one"
    )
    path = sqlite_file(url)
    if path is not None:
        if path.exists():
            return
        if any(p.exists() and not p.is_dir() for p in path.parents):
            settings.ensure_data_dir()  # names the file in the way, as every command does
        raise StoreUnavailable(f"no database at {path}{where or ' (DATABASE_URL)'}: {fix}")
    if not url.startswith("postgresql"):
        return  # Store.open names what Seshat takes instead
    try:
        revision = peek_revision(url)
    except StoreUnavailable as exc:
        said = str(exc)  # named already when it is another application's schema
        named = said if said.startswith("DATABASE_URL") else f"DATABASE_URL {said}"
        raise StoreUnavailable(named) from exc
    if revision is None:
        raise StoreUnavailable(
            f"DATABASE_URL {shown_url(url)} holds no Seshat database (no tables yet): {fix}"
        )
