"""A small learned library built through the real fan-out: what the edit, CLI, stats and
export tests work on. Owner note (MEMORY.md), another user's fact, an approved skill, a persona
line saved to USER.md, user-model notes and two lessons."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from sqlalchemy import select

from store.clock import FakeClock
from store.db import Store
from store.models import LessonRow, MemoryEntry, Observation, ReviewItem, Skill
from tests.support.writers import OTHER, OWNER, ctx, reflection, seed
from writers.fanout import fan_out
from writers.registry import build_appliers, build_writers
from writers.review import decide


@dataclass
class Library:
    data: Path
    skills: Path
    note: int  # global memory note (MEMORY.md line)
    fact: int  # OTHER's channel fact
    skill: int  # approved skill row
    user_note: int  # observation about OTHER from OTHER's session
    lesson: int
    reflections: tuple[str, str]


def build_library(store: Store, root: Path, clock: FakeClock) -> Library:
    """Fan two reflections out (owner DM, OTHER in a channel), approve the owner's items."""
    data, skills = root / "data", root / "skills"
    data.mkdir(parents=True, exist_ok=True)
    writers = build_writers(skills_dir=skills)
    a = seed(store, clock.now())
    b = seed(store, clock.now(), user=OTHER, channel="CENG0001")
    refls = {
        a[1]: reflection(
            memory_notes=["Deploys go out on Tuesdays."],
            should_skill=True,
            skill_slug="deploy-api",
            skill_description="Deploy the API service.",
            skill_body="Run the deploy script, then check the health page.",
            persona_observations=["The owner likes short answers."],
        ),
        b[1]: reflection(
            memory_notes=["The staging database is called orbit."],
            user_model_updates={OTHER: ["Prefers examples in Python."]},
        ),
    }
    for rid, refl in refls.items():
        fan_out(
            store,
            reflection_id=rid,
            reflection=refl,
            writers=writers,
            owner_ids=[OWNER],
            data_dir=data,
            now=clock.now(),
        )
    appliers = build_appliers(data_dir=data, skills_dir=skills)
    with store.sessions.begin() as db:
        for item in db.scalars(select(ReviewItem).where(ReviewItem.reflection_id == a[1])):
            decide(
                db,
                item.id,
                decision="save" if item.kind == "persona" else "approve",
                actor=OWNER,
                owner_ids=[OWNER],
                now=clock.now(),
                appliers=appliers,
            )
        prov = ctx(store, b[1], data, clock.now()).provenance.as_json()
        lesson = LessonRow(
            condition="the build fails on a missing lockfile",
            action="run the install step before the build",
            rationale="the lockfile is generated",
            seen_count=1,
            session_ids=[prov["session_id"]],
            author_ids=list(prov["author_ids"]),
            provenance=[prov],
            created_at=clock.now(),
            last_seen_at=clock.now(),
        )
        db.add(lesson)
        db.add(
            LessonRow(
                condition="a user asks for the release notes",
                action="link the changelog section",
                status="canonical",
                created_at=clock.now(),
                last_seen_at=clock.now(),
            )
        )
        db.flush()
        note = db.scalars(select(MemoryEntry.id).where(MemoryEntry.scope_kind == "global")).one()
        fact = db.scalars(select(MemoryEntry.id).where(MemoryEntry.scope_kind != "global")).one()
        skill = db.scalars(select(Skill.id).where(Skill.status == "approved")).one()
        obs = db.scalars(select(Observation.id).where(Observation.kind == "user")).one()
        return Library(data, skills, note, fact, skill, obs, lesson.id, (a[1], b[1]))
