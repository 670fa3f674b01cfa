"""Shared fixtures: real SQLite and real PostgreSQL stores, a fake clock, temporary data dirs."""

from __future__ import annotations

import os
import uuid
from collections.abc import Iterator
from pathlib import Path

import psycopg
import pytest

from store.clock import FakeClock
from store.db import Store

PG_DSN = os.environ.get("SESHAT_TEST_PG", "postgresql://postgres@127.0.0.1:5432/test")


def _postgres_reason() -> str | None:
    try:
        with psycopg.connect(PG_DSN, connect_timeout=2):
            return None
    except psycopg.Error as exc:
        return f"no PostgreSQL server answers at {PG_DSN} ({exc.__class__.__name__})"


_PG_REASON = _postgres_reason()
if _PG_REASON and os.environ.get("SESHAT_REQUIRE_POSTGRES"):
    raise RuntimeError(f"SESHAT_REQUIRE_POSTGRES is set but {_PG_REASON}")


@pytest.fixture
def pg_url() -> Iterator[str]:
    """A PostgreSQL URL whose search_path is a fresh schema, dropped afterwards."""
    if _PG_REASON:
        pytest.skip(_PG_REASON)
    schema = f"t_{uuid.uuid4().hex[:12]}"
    with psycopg.connect(PG_DSN, autocommit=True) as conn:
        conn.execute(f'CREATE SCHEMA "{schema}"')
    sep = "&" if "?" in PG_DSN else "?"
    yield f"{PG_DSN}{sep}options=-csearch_path%3D{schema}"
    with psycopg.connect(PG_DSN, autocommit=True) as conn:
        conn.execute(f'DROP SCHEMA "{schema}" CASCADE')


@pytest.fixture(params=["sqlite", "postgres"])
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """Each test using this runs on SQLite and on PostgreSQL."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'seshat.db'}"
    return str(request.getfixturevalue("pg_url"))


@pytest.fixture
def store(db_url: str) -> Iterator[Store]:
    """A migrated store on the parametrised backend."""
    s = Store.open(db_url)
    yield s
    s.close()


@pytest.fixture
def sqlite_store(tmp_path: Path) -> Iterator[Store]:
    """A migrated SQLite store (for tests that need only one backend)."""
    s = Store.open(f"sqlite:///{tmp_path / 'seshat.db'}")
    yield s
    s.close()


@pytest.fixture
def clock() -> FakeClock:
    """A clock that moves only when the test says so."""
    return FakeClock()


# `scripts/check --fast` leaves these out: the held-out corpora (each replays hundreds of
# sessions), and the end-to-end runs of a whole daemon or a real `seshat` process.
SLOW_FILES = {
    "test_cli.py",
    "test_kill_cards.py",
    "test_lessons_concurrency.py",
    "test_reliability.py",
    "test_replicas.py",
    "test_kill_timed.py",
    "test_streaming_crash.py",
    "test_forget_travels_cli.py",
    "test_upkeep_concurrency.py",
    "test_memory_fingerprint_race.py",
}


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        path = item.path
        if "heldout" in path.parts or path.name.startswith("test_e2e_") or path.name in SLOW_FILES:
            item.add_marker(pytest.mark.slow)
