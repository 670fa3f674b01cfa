"""`seshat skills …` on a real SQLite store and skills repository: list/show JSON with use counts,
retire (a git commit), restore, pin; an unknown slug is one line and exit 2."""

from __future__ import annotations

import json
from pathlib import Path

import typer
from typer.testing import CliRunner

from bot.commands.learned import skills as skills_cmd
from tests.writers.skills.test_skill_use import MATCHING, World
from writers.skills import gitrepo


def _app() -> typer.Typer:
    app = typer.Typer()
    group = typer.Typer()
    skills_cmd.register(group)
    app.add_typer(group, name="skills")
    return app


def test_skills_cli(tmp_path: Path) -> None:
    data = tmp_path / "data"
    world = World(data)
    try:
        world.approve_skill()
        world.session(MATCHING, outcome="success")
        world.session(MATCHING, outcome="failure")
    finally:
        world.runtime.close()
    env = {"SESHAT_DATA_DIR": str(data), "SESHAT_EMBEDDER": "hashing"}
    run, app = CliRunner(), _app()

    listed = run.invoke(app, ["skills", "list", "--json"], env=env)
    assert listed.exit_code == 0, listed.output
    (row,) = json.loads(listed.output)
    assert row["slug"] == "deploy-service" and row["status"] == "active"
    assert (row["uses"], row["injected"], row["success"], row["failure"]) == (2, 2, 1, 1)
    assert row["last_used"] is not None
    assert "deploy-service" in run.invoke(app, ["skills", "list"], env=env).output

    shown = json.loads(
        run.invoke(app, ["skills", "show", "deploy-service", "--json"], env=env).output
    )
    assert [i["outcome"] for i in shown["recent"]] == ["failure", "success"]
    assert "make rollout" in shown["body"]

    pinned = json.loads(
        run.invoke(app, ["skills", "pin", "deploy-service", "--json"], env=env).output
    )
    assert pinned["pinned"] is True

    retired = run.invoke(
        app, ["skills", "retire", "deploy-service", "--reason", "superseded", "--json"], env=env
    )
    assert retired.exit_code == 0, retired.output
    assert json.loads(retired.output)["status"] == "retired"
    skills_dir = data / "skills"
    assert not (skills_dir / "deploy-service" / "SKILL.md").exists()
    assert "Reason: superseded" in gitrepo.log_messages(skills_dir)[0]
    only = run.invoke(app, ["skills", "list", "--status", "retired", "--json"], env=env)
    assert [r["slug"] for r in json.loads(only.output)] == ["deploy-service"]

    restored = run.invoke(app, ["skills", "restore", "deploy-service"], env=env)
    assert restored.exit_code == 0 and "active" in restored.output
    assert (skills_dir / "deploy-service" / "SKILL.md").exists()

    # `archive`, the verb the other kinds use, retires it too; restore brings it back.
    archived = run.invoke(app, ["skills", "archive", "deploy-service", "--json"], env=env)
    assert archived.exit_code == 0 and json.loads(archived.output)["status"] == "retired"
    assert not (skills_dir / "deploy-service" / "SKILL.md").exists()
    assert run.invoke(app, ["skills", "restore", "deploy-service"], env=env).exit_code == 0
    assert (skills_dir / "deploy-service" / "SKILL.md").exists()

    # An unknown id exits 1 (as the README says for every command); a bad option value 2.
    for args, code in (
        (["show", "nope"], 1),
        (["retire", "nope"], 1),
        (["list", "--status", "bogus"], 2),
    ):
        bad = run.invoke(app, ["skills", *args], env=env)
        assert bad.exit_code == code, (args, bad.output)
        assert "Traceback" not in bad.output
