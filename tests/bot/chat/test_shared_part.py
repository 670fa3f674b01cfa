"""The shared part of every session's context (the approved skills' index, the identity, USER.md)
follows what another process changes: a skill's standing written in the database by another
process, a SKILL.md edited in place. It is checked every SHARED_SECONDS against what it was built
from (the skill states, the SKILL.md files' stamps) and rebuilt only when one of them changed:
after a check that found nothing changed, the same build is kept; after a change elsewhere,
the next context shows it. On SQLite and on PostgreSQL."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
import threading
from dataclasses import replace
from pathlib import Path
from typing import Any

from sqlalchemy import event, insert

from bot.chat.prompting import SHARED_SECONDS, LearnedContext
from bot.runtime import Runtime
from store.clock import FakeClock
from store.config import Settings
from store.models import SkillState
from tests.support.fakes import FakeLLM
from writers.skills.files import SKILL_FILE, render_skill

ROOT = Path(__file__).resolve().parents[3]


def _skill(skills_dir: Path, slug: str, description: str) -> Path:
    path = skills_dir / slug / SKILL_FILE
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(render_skill(slug, description, f"Steps for {slug}."), encoding="utf-8")
    return path


def _aged(context: LearnedContext) -> None:
    """Make the kept shared part due for its check (as SHARED_SECONDS of wall time would)."""
    kept = context._shared
    assert kept is not None
    context._shared = replace(kept, built_at=kept.built_at - SHARED_SECONDS - 1)


def _elsewhere(db_url: str, code: str) -> None:
    """Run `code` in another process, with a store `store` on the same database."""
    script = "from store.db import Store\nstore = Store.open(DB_URL)\n" + textwrap.dedent(code)
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    subprocess.run(
        [sys.executable, "-c", f"DB_URL = {db_url!r}\n{script}"], check=True, env=env, cwd=ROOT
    )


def test_the_shared_part_follows_another_processs_changes_and_is_rebuilt_only_for_them(
    tmp_path: Path, db_url: str, clock: FakeClock
) -> None:
    skills_dir = tmp_path / "skills"
    _skill(skills_dir, "deploy-billing", "Use when deploying the billing service.")
    rotate = _skill(skills_dir, "rotate-keys", "Use when rotating API keys.")
    _skill(skills_dir, "triage-pages", "Use when triaging a page.")
    settings = Settings(
        _env_file=None,
        SESHAT_DATA_DIR=str(tmp_path / "data"),
        SKILLS_DIR=str(skills_dir),
        DATABASE_URL=db_url,
        SLACK_OWNER_IDS="UOWNER0001",
    )
    rt = Runtime(settings, reflection_llm=FakeLLM(model="claude-haiku-4-5"))
    try:
        context = LearnedContext(rt, clock=clock)
        first = context.shared()
        assert [s.slug for s in first.usable] == ["deploy-billing", "rotate-keys", "triage-pages"]

        # Due for its check, nothing changed: the same build is kept (not read or rendered again).
        _aged(context)
        kept = context.shared()
        assert kept.usable is first.usable and kept.index is first.index
        assert kept.built_at > first.built_at - 1  # checked now: not due again at once
        assert context.shared() is kept

        # Another process pins one skill and quarantines another (no event of this process sees
        # it), and a SKILL.md is edited in place (its folder's entries do not change).
        _elsewhere(
            db_url,
            """
            from sqlalchemy import event, insert
            from store.models import SkillState
            from datetime import datetime, timezone
            now = datetime(2026, 11, 29, tzinfo=timezone.utc)
            with store.engine.begin() as conn:
                conn.execute(insert(SkillState), [
                    {"slug": "triage-pages", "status": "active", "pinned": True, "changed_at": now},
                    {"slug": "deploy-billing", "status": "quarantined", "pinned": False,
                     "changed_at": now},
                ])
            store.close()
            """,
        )
        mtime = rotate.stat().st_mtime_ns
        rotate.write_text(
            render_skill(
                "rotate-keys", "Use when rotating signing keys.", "Steps for rotate-keys."
            ),
            encoding="utf-8",
        )
        os.utime(rotate, ns=(mtime + 10**9, mtime + 10**9))  # a coarse clock's tick apart
        _aged(context)
        changed = context.shared()
        assert [(s.slug, s.pinned) for s in changed.usable] == [
            ("triage-pages", True),
            ("rotate-keys", False),
        ]
        assert changed.index == (
            "- triage-pages: Use when triaging a page.\n"
            "- rotate-keys: Use when rotating signing keys."
        )
        # What a new session's context shows.
        got = context.assemble(
            user_id="UANA000001", channel="DANA000001", first_text="hello", session_id=None
        )
        assert "rotating signing keys" in got.parts.text()
        assert "deploy-billing" not in got.parts.text()

        # Only the file, edited again in place (same size): rebuilt from it.
        mtime = rotate.stat().st_mtime_ns
        rotate.write_text(
            render_skill(
                "rotate-keys", "Use when rotating webhook keys.", "Steps for rotate-keys."
            ),
            encoding="utf-8",
        )
        os.utime(rotate, ns=(mtime + 10**9, mtime + 10**9))
        _aged(context)
        assert "rotating webhook keys" in context.shared().index

        # Only a standing, written by a statement no event of this process counts: rebuilt.
        with rt.store.engine.begin() as conn:
            conn.execute(
                insert(SkillState),
                [
                    {
                        "slug": "rotate-keys",
                        "status": "stale",
                        "pinned": True,
                        "changed_at": clock.now(),
                    }
                ],
            )
        _aged(context)
        again = context.shared()
        assert [(s.slug, s.status, s.pinned) for s in again.usable] == [
            ("rotate-keys", "stale", True),
            ("triage-pages", "active", True),
        ]
    finally:
        rt.close()


def test_a_due_shared_part_is_checked_once_for_the_threads_that_found_it_due(
    tmp_path: Path, clock: FakeClock
) -> None:
    """Every reply thread that found the shared part due read the skill states at the same time;
    now one does and the others take what it checked. The statement reading the skill states
    waits (up to a second) for a second reader: without the one check at a time, one comes."""
    settings = Settings(_env_file=None, SESHAT_DATA_DIR=str(tmp_path), SLACK_OWNER_IDS="UOWNER0001")
    rt = Runtime(settings, reflection_llm=FakeLLM(model="claude-haiku-4-5"))
    reads: list[str] = []
    second = threading.Barrier(2, timeout=1.0)

    def before(_conn: Any, _cursor: Any, statement: str, *_args: Any) -> None:
        if "FROM skill_states" in statement:
            reads.append(statement)
            try:
                second.wait()
            except threading.BrokenBarrierError:
                pass

    try:
        context = LearnedContext(rt, clock=clock)
        kept = context.shared()
        _aged(context)
        event.listen(rt.store.engine, "before_cursor_execute", before)
        threads = 6
        start = threading.Barrier(threads)
        got: list[object] = []

        def reply() -> None:
            start.wait()
            got.append(context.shared())

        workers = [threading.Thread(target=reply) for _ in range(threads)]
        for w in workers:
            w.start()
        for w in workers:
            w.join(timeout=30)
        assert len(got) == threads
        assert len(reads) == 1
        assert all(g is got[0] for g in got)
        assert got[0].usable is kept.usable  # type: ignore[attr-defined]
    finally:
        event.remove(rt.store.engine, "before_cursor_execute", before)
        rt.close()
