"""Paths a new user hits (walk16): a database URL copied from another application's settings
is read as the same database, not refused."""

from __future__ import annotations

from pathlib import Path

import pytest

from store.config import Settings
from tests.support.cli import seshat


@pytest.mark.parametrize(
    ("given", "read"),
    [
        # Before: "Seshat stores in SQLite (…) or PostgreSQL (…)" for each of these.
        (
            "jdbc:postgresql://db:5432/app?user=u&password=p",
            "postgresql://db:5432/app?user=u&password=p",
        ),
        ("postgresql+psycopg2://u:p@db:5432/app", "postgresql://u:p@db:5432/app"),
        ("postgres+asyncpg://u:p@db/app", "postgresql://u:p@db/app"),
        ("postgresql+psycopg://u:p@db/app", "postgresql://u:p@db/app"),
        ("postgres://u:p@db:5432/app", "postgresql://u:p@db:5432/app"),
        ("sqlite+pysqlite:////srv/seshat.db", "sqlite:////srv/seshat.db"),
    ],
)
def test_a_database_url_naming_another_driver_or_jdbc_is_the_same_database(
    monkeypatch: pytest.MonkeyPatch, given: str, read: str
) -> None:
    monkeypatch.setenv("DATABASE_URL", given)
    assert Settings().effective_database_url == read


def test_a_url_of_a_database_seshat_does_not_store_in_is_still_refused_by_name(
    tmp_path: Path,
) -> None:
    result = seshat("facts", "list", cwd=tmp_path, env={"DATABASE_URL": "jdbc:mysql://db/app"})
    assert result.returncode != 0
    assert "mysql://db/app" in result.stderr and "PostgreSQL" in result.stderr
    assert "Traceback" not in result.stderr


def test_a_sqlite_url_naming_its_driver_creates_and_reads_that_file(tmp_path: Path) -> None:
    db = tmp_path / "named.db"
    env = {"DATABASE_URL": f"sqlite+pysqlite:///{db}"}
    upgrade = seshat("db", "upgrade", cwd=tmp_path, env=env)
    # Before: "Seshat stores in SQLite (sqlite:////absolute/path.db, …)", and no file.
    assert upgrade.returncode == 0, upgrade.stderr
    assert db.is_file()
    assert seshat("facts", "list", cwd=tmp_path, env=env).returncode == 0
