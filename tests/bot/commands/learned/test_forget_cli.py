"""`seshat forget` against a real SQLite store and data directory."""

from __future__ import annotations

import json
from pathlib import Path

import typer
from sqlalchemy import select
from typer.testing import CliRunner

from bot.commands.learned import forget as forget_cmd
from store.clock import FakeClock
from store.db import Store
from store.models import ChatSession, MemoryEntry, Message
from tests.support.writers import OTHER, OWNER, reflection, seed
from writers.fanout import fan_out
from writers.registry import build_writers

CANARY = "pangolinroster"


def _app() -> typer.Typer:
    app = typer.Typer()
    forget_cmd.register(app)
    app.command("noop")(lambda: None)  # a group, so `forget` is a sub-command as in `seshat`
    return app


def _rows(store: Store) -> int:
    with store.sessions() as db:
        return sum(
            len(db.scalars(select(m.id).where(m.user_id == OTHER)).all())
            for m in (ChatSession, Message)
        ) + len(db.scalars(select(MemoryEntry.id).where(MemoryEntry.author_id == OTHER)).all())


def test_forget_cli(tmp_path: Path, clock: FakeClock) -> None:
    data = tmp_path / "data"
    db_file = tmp_path / "seshat.db"
    url = f"sqlite:///{db_file}"
    env = {"SESHAT_DATA_DIR": str(data), "DATABASE_URL": url, "SLACK_OWNER_IDS": OWNER}
    store = Store.open(url)
    sid, rid = seed(store, clock.now(), user=OTHER, channel="DOTHER01", lines=(f"my {CANARY}",))
    fan_out(
        store,
        reflection_id=rid,
        reflection=reflection(memory_notes=[f"Keeps the {CANARY} list."]),
        writers=build_writers(skills_dir=data / "skills"),
        owner_ids=[OWNER],
        data_dir=data,
        now=clock.now(),
    )
    before = _rows(store)
    assert before == 3
    files = (db_file, Path(f"{db_file}-wal"))
    assert any(p.exists() and CANARY.encode() in p.read_bytes() for p in files)
    runner, app = CliRunner(), _app()

    unknown = runner.invoke(app, ["forget", "--user", "UNOBODY1"], env=env)
    assert unknown.exit_code == 1 and "nothing is kept about UNOBODY1" in unknown.output
    assert "Traceback" not in unknown.output
    bad = runner.invoke(app, ["forget", "--user", OTHER, "--item", "lesson:1"], env=env)
    assert bad.exit_code == 2 and "fact:<id>" in bad.output

    prefix = ["forget", "--user", OTHER, "--dry-run", "--json", "--item", f"session:{sid[:8]}"]
    one = runner.invoke(app, prefix, env=env)
    assert one.exit_code == 0, one.output
    assert json.loads(one.stdout)["counts"]["session"] == 1
    nosuch = runner.invoke(app, ["forget", "--user", OTHER, "--item", "session:zz"], env=env)
    assert nosuch.exit_code == 1 and "no session zz" in nosuch.output
    dry = runner.invoke(app, ["forget", "--user", OTHER, "--dry-run", "--json"], env=env)
    assert dry.exit_code == 0, dry.output
    counted = json.loads(dry.stdout)
    assert counted["dry_run"] and counted["counts"]["fact"] == 1
    assert counted["counts"]["session"] == 1 and counted["counts"]["message"] == 1
    assert _rows(store) == before

    done = runner.invoke(app, ["forget", "--user", OTHER], env=env)
    assert done.exit_code == 0, done.output
    assert "Deleted for" in done.output and "fact" in done.output
    assert _rows(store) == 0
    store.close()
    for path in files:
        assert not path.exists() or CANARY.encode() not in path.read_bytes()
    # Asked again, it says it was done (not "check the Slack user id").
    again = runner.invoke(app, ["forget", "--user", OTHER], env=env)
    assert again.exit_code == 0, again.output
    assert f"{OTHER} was already forgotten on" in again.output
    assert "check the Slack user id" not in again.output
