"""`seshat review …` and `seshat rollback …` against a real SQLite store and data directory."""

from __future__ import annotations

import json
from pathlib import Path

import typer
from sqlalchemy import select
from typer.testing import CliRunner

from bot.commands.learned import review as review_cmd
from bot.commands.learned import rollback as rollback_cmd
from store.clock import FakeClock
from store.db import Store
from store.models import AuditEvent, Skill
from tests.support.writers import OWNER, reflection, seed
from writers.fanout import fan_out
from writers.notes.memory import MEMORY_FILE
from writers.registry import build_writers
from writers.skills import gitrepo


def _app() -> typer.Typer:
    app = typer.Typer()
    group = typer.Typer()
    review_cmd.register(group)
    app.add_typer(group, name="review")
    rollback_cmd.register(app)
    return app


def test_review_and_rollback_cli(tmp_path: Path, clock: FakeClock) -> None:
    data = tmp_path / "data"
    url = f"sqlite:///{tmp_path / 'seshat.db'}"
    env = {"SESHAT_DATA_DIR": str(data), "DATABASE_URL": url, "SLACK_OWNER_IDS": OWNER}
    store = Store.open(url)
    _, rid = seed(store, clock.now())
    refl = reflection(
        memory_notes=["CLI note."],
        should_skill=True,
        skill_slug="cli-skill",
        skill_description="From the CLI test.",
        skill_body="Do it.",
        persona_observations=["Likes tables."],
    )
    fan_out(
        store,
        reflection_id=rid,
        reflection=refl,
        writers=build_writers(skills_dir=data / "skills"),
        owner_ids=[OWNER],
        data_dir=data,
        now=clock.now(),
    )
    runner = CliRunner()
    app = _app()

    listed = runner.invoke(app, ["review", "list", "--json"], env=env)
    assert listed.exit_code == 0, listed.output
    items = {i["kind"]: i for i in json.loads(listed.output)}
    assert set(items) == {"skill", "persona"}

    wrong = runner.invoke(
        app, ["review", "approve", str(items["skill"]["id"]), "--hash", "zz"], env=env
    )
    assert wrong.exit_code == 1 and "changed" in wrong.output
    ok = runner.invoke(
        app,
        ["review", "approve", str(items["skill"]["id"]), "--hash", items["skill"]["hash"]],
        env=env,
    )
    assert ok.exit_code == 0, ok.output
    assert (data / "skills" / "cli-skill" / "SKILL.md").exists()
    saved = runner.invoke(app, ["review", "save", str(items["persona"]["id"])], env=env)
    assert saved.exit_code == 0, saved.output
    again = runner.invoke(app, ["review", "reject", str(items["persona"]["id"])], env=env)
    assert again.exit_code == 1 and "Already saved" in again.output
    assert runner.invoke(app, ["review", "list"], env=env).output.strip() == (
        "Nothing waiting for review."
    )

    before = (data / MEMORY_FILE).read_text()
    # The 8-character id `seshat reflections list` prints works like the full one.
    dry = runner.invoke(app, ["rollback", "--reflection", rid[:8], "--dry-run", "--json"], env=env)
    assert dry.exit_code == 0, dry.output
    planned = json.loads(dry.output)
    assert {c["kind"] for c in planned} == {"memory", "skill", "persona"}
    assert (data / MEMORY_FILE).read_text() == before
    done = runner.invoke(app, ["rollback", "--reflection", rid], env=env)
    assert done.exit_code == 0 and "Changed" in done.output
    assert "CLI note." not in (data / MEMORY_FILE).read_text()
    assert not (data / "skills" / "cli-skill" / "SKILL.md").exists()
    assert "Likes tables." not in (data / "USER.md").read_text()
    assert len(gitrepo.log_messages(data / "skills")) == 2
    with store.sessions() as db:
        assert db.scalars(select(Skill.status)).one() == "rejected"
        actors = {e.actor for e in db.scalars(select(AuditEvent))}
    assert any(a.startswith("cli:") for a in actors)
    assert runner.invoke(app, ["rollback"], env=env).exit_code == 2
    both = runner.invoke(app, ["rollback", "--reflection", rid, "--author", OWNER], env=env)
    assert both.exit_code == 2 and "exactly one" in both.output
    unknown = runner.invoke(app, ["rollback", "--reflection", "ffffffff"], env=env)
    assert unknown.exit_code == 1 and "seshat reflections list" in unknown.output
    store.close()
