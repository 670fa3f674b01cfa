"""Which approved skills an assistant thread suggests: the most used lately, active ones only."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

from store.clock import FakeClock
from store.db import Store
from store.models import SkillInvocation, SkillState
from writers.skills.files import SKILL_FILE, render_skill
from writers.skills.matching import most_used


def _approve(skills_dir: Path, slug: str, description: str) -> None:
    (skills_dir / slug).mkdir(parents=True)
    (skills_dir / slug / SKILL_FILE).write_text(render_skill(slug, description, "1. Do it."))


def test_most_used_recently_first_and_never_a_quarantined_one(
    sqlite_store: Store, clock: FakeClock, tmp_path: Path
) -> None:
    skills = tmp_path / "skills"
    for slug in ("alpha-task", "deploy-api", "rotate-keys", "broken-one"):
        _approve(skills, slug, f"Use when you need to {slug.replace('-', ' ')}.")
    now = clock.now()
    uses = {"deploy-api": 3, "rotate-keys": 1, "broken-one": 9}
    with sqlite_store.sessions.begin() as db:
        for slug, n in uses.items():
            for i in range(n):
                db.add(SkillInvocation(skill_slug=slug, session_id=f"s{slug}{i}", at=now))
        # Many uses long ago count for nothing now.
        for i in range(5):
            at = now - timedelta(days=90)
            db.add(SkillInvocation(skill_slug="alpha-task", session_id=f"old{i}", at=at))
        db.add(SkillState(slug="broken-one", status="quarantined", changed_at=now))
    with sqlite_store.sessions() as db:
        picked = most_used(db, skills, since=now - timedelta(days=30), limit=3)
        assert [s.slug for s in picked] == ["deploy-api", "rotate-keys", "alpha-task"]
        assert [s.slug for s in most_used(db, skills, since=now, limit=1)] == ["deploy-api"]
