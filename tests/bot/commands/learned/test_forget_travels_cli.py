"""`seshat forget`, `seshat export`, `seshat import` and `seshat context` on real SQLite stores:
a forget travels with the export, so a person forgotten in one library stays forgotten in
another — whichever order the older and newer exports are imported in — and the next session's
context there no longer holds them."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta
from pathlib import Path

from sqlalchemy import or_, select
from typer.testing import CliRunner

from bot.cli import app
from store import sessions as S
from store.clock import FakeClock
from store.db import Store
from store.models import MemoryEntry, Observation
from tests.bot.commands.learned.test_library_cli import _env, _world
from tests.support.writers import OTHER

NOTE = "Prefers examples in Python."  # the user-model note about OTHER in library_world
run = CliRunner()


def _ok(args: list[str], env: dict[str, str]) -> str:
    result = run.invoke(app, args, env=env)
    assert result.exit_code == 0, result.output
    return result.stdout


def _context(env: dict[str, str]) -> str:
    """The system prompt OTHER's next session in their channel would get."""
    out = _ok(["context", "--user", OTHER, "--channel", "CENG0001", "--json"], env)
    return str(json.loads(out)["system_prompt"])


def _theirs(env: dict[str, str]) -> list[str]:
    """OTHER's rows left in a library (facts by or about them, notes about or by them)."""
    store = Store.open(env["DATABASE_URL"])
    try:
        with store.sessions() as db:
            facts = db.scalars(select(MemoryEntry.text).where(MemoryEntry.author_id == OTHER))
            notes = db.scalars(
                select(Observation.text).where(
                    or_(Observation.subject == OTHER, Observation.author_id == OTHER)
                )
            )
            return [*facts, *notes]
    finally:
        store.close()


def _library(root: Path) -> dict[str, str]:
    env = _env(root)
    (root / "data").mkdir(parents=True)
    return env


def test_a_forget_travels_with_the_export(tmp_path: Path) -> None:
    # Learned well before the forget, which runs on the real clock.
    clock = FakeClock(datetime.now(UTC) - timedelta(days=30))
    _lib, env = _world(tmp_path / "a", clock)
    older, newer = tmp_path / "older.json", tmp_path / "newer.json"
    _ok(["export", str(older)], env)
    _ok(["forget", "--user", OTHER], env)
    _ok(["export", str(newer)], env)
    data = json.loads(newer.read_text())
    assert data["version"] == 2
    assert {t["kind"] for t in data["tombstones"]} == {"user", "session", "text"}
    assert NOTE not in newer.read_text() and NOTE in older.read_text()
    v1 = json.loads(older.read_text())
    v1["version"] = 1
    del v1["tombstones"]
    older_v1 = tmp_path / "older-v1.json"
    older_v1.write_text(json.dumps(v1))

    # An empty library takes the newer export, then the older ones: OTHER stays out.
    env_b = _library(tmp_path / "b")
    assert "tombstone(s)" in _ok(["import", str(newer), "--forget", OTHER], env_b)
    for old in (older, older_v1):
        assert "not imported (forgotten)" in _ok(["import", str(old)], env_b)
    assert _theirs(env_b) == []
    assert NOTE not in _context(env_b)

    # A library that took the older export first forgets OTHER when the newer one comes.
    env_c = _library(tmp_path / "c")
    _ok(["import", str(older_v1)], env_c)
    assert NOTE in _theirs(env_c) and NOTE in _context(env_c)
    # Issue 24: a file deletes nothing here on its own say. Without --forget its tombstones are
    # shown (whose data, how much of it here) and not applied; a dry run changes nothing.
    said = _ok(["import", str(newer)], env_c)
    assert f"not applied: the file says {OTHER} asked to be forgotten" in said
    assert "would delete" in said and f"--forget {OTHER}" in said
    assert NOTE in _theirs(env_c)
    said = _ok(["import", str(newer), "--forget", OTHER, "--dry-run"], env_c)
    assert "dry run: nothing was changed" in said and f"forgot everything of {OTHER}" in said
    assert NOTE in _theirs(env_c) and NOTE in _context(env_c)
    said = _ok(["import", str(newer), "--forget", OTHER], env_c)
    assert f"forgot everything of {OTHER} here" in said and "Honcho mirror: not configured" in said
    assert _theirs(env_c) == []
    assert NOTE not in _context(env_c)
    # Purged as a forget purges: no file under the data dir (SQLite file and WAL) holds it.
    files = [p for p in (tmp_path / "c" / "data").rglob("*") if p.is_file()]
    assert files and not [p for p in files if NOTE.encode() in p.read_bytes()]

    # One that also holds OTHER's newer data is not guessed about: one line, exit 1, unchanged.
    env_d = _library(tmp_path / "d")
    _ok(["import", str(older)], env_d)
    store = Store.open(env_d["DATABASE_URL"])
    with store.sessions.begin() as db:
        key = S.SessionKey("T1", "DOTHER09", "", OTHER)
        S.get_or_open(db, key, now=datetime.now(UTC) + timedelta(hours=1))
    store.close()
    refused = run.invoke(app, ["import", str(newer), "--forget", OTHER], env=env_d)
    assert refused.exit_code == 1 and refused.stderr.count("\n") == 1, refused.output
    assert f"`seshat forget --user {OTHER}`" in refused.stderr
    assert NOTE in _theirs(env_d)
