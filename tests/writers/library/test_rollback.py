"""Rollback by reflection, session and author undoes exactly its own artifacts; dry run nothing."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from sqlalchemy import select

from store.clock import FakeClock
from store.db import Store
from store.models import AuditEvent, LessonRow, MemoryEntry, Observation, ReviewItem, Skill
from tests.support.writers import OTHER, OWNER, ctx, reflection, seed
from writers.fanout import fan_out
from writers.library.rollback import rollback
from writers.notes.memory import MEMORY_FILE
from writers.notes.persona import USER_FILE
from writers.registry import build_appliers, build_writers
from writers.review import decide
from writers.skills import gitrepo

HUMAN_MEMORY = "- 2025-11-01: a line a person wrote\n"
HUMAN_USER = "- The owner prefers terse replies.\n"


@dataclass
class World:
    data: Path
    skills: Path
    a: tuple[str, str]  # owner DM: note, approved skill, saved persona, obs about OTHER
    b: tuple[str, str]  # OTHER in a channel: fact, obs
    c: tuple[str, str]  # owner again: note, pending skill draft, pending persona


def _build(store: Store, tmp_path: Path, clock: FakeClock) -> World:
    data, skills = tmp_path / "data", tmp_path / "skills"
    data.mkdir()
    (data / MEMORY_FILE).write_text(HUMAN_MEMORY)
    (data / USER_FILE).write_text(HUMAN_USER)
    writers = build_writers(skills_dir=skills)
    a = seed(store, clock.now())
    b = seed(store, clock.now(), user=OTHER, channel="CENG0001")
    c = seed(store, clock.now(), channel="DOWNER02")
    reflections = {
        a[1]: reflection(
            memory_notes=["Note from A."],
            should_skill=True,
            skill_slug="skill-a",
            skill_description="A.",
            skill_body="Do A.",
            persona_observations=["Persona from A."],
            user_model_updates={OTHER: ["Obs from A."]},
        ),
        b[1]: reflection(
            memory_notes=["Fact from B."], user_model_updates={OTHER: ["Obs from B."]}
        ),
        c[1]: reflection(
            memory_notes=["Note from C."],
            should_skill=True,
            skill_slug="skill-c",
            skill_description="C.",
            skill_body="Do C.",
            persona_observations=["Persona from C."],
        ),
    }
    for rid, refl in reflections.items():
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
            choice = "save" if item.kind == "persona" else "approve"
            decide(
                db,
                item.id,
                decision=choice,
                actor=OWNER,
                owner_ids=[OWNER],
                now=clock.now(),
                appliers=appliers,
            )
        provs = {
            rid: ctx(store, rid, data, clock.now()).provenance.as_json() for rid in reflections
        }
        for name, rids in (("shared", [a[1], b[1]]), ("only-a", [a[1]]), ("only-b", [b[1]])):
            db.add(
                LessonRow(
                    condition=f"when {name}",
                    action="do the thing",
                    seen_count=len(rids),
                    session_ids=[provs[r]["session_id"] for r in rids],
                    author_ids=sorted({x for r in rids for x in provs[r]["author_ids"]}),
                    provenance=[provs[r] for r in rids],
                    created_at=clock.now(),
                    last_seen_at=clock.now(),
                )
            )
    return World(data, skills, a, b, c)


def _state(store: Store, w: World) -> dict[str, Any]:
    with store.sessions() as db:
        return {
            "memory": {(m.text, m.status) for m in db.scalars(select(MemoryEntry))},
            "skills": {(s.slug, s.reflection_id, s.status) for s in db.scalars(select(Skill))},
            "obs": {(o.text, o.status) for o in db.scalars(select(Observation))},
            "lessons": {
                (le.condition, le.status, le.seen_count) for le in db.scalars(select(LessonRow))
            },
            "reviews": {(r.title, r.status) for r in db.scalars(select(ReviewItem))},
            "memory_md": (w.data / MEMORY_FILE).read_text(),
            "user_md": (w.data / USER_FILE).read_text(),
            "head": gitrepo.head(w.skills),
            "files": sorted(str(p.relative_to(w.data)) for p in w.data.rglob("*") if p.is_file()),
        }


def _rollback(store: Store, w: World, clock: FakeClock, dry: bool = False, **key: str):
    with store.sessions.begin() as db:
        return rollback(
            db,
            dry_run=dry,
            actor="cli:test",
            now=clock.now(),
            data_dir=w.data,
            skills_dir=w.skills,
            **key,
        )


def test_dry_run_changes_nothing(store: Store, tmp_path: Path, clock: FakeClock) -> None:
    w = _build(store, tmp_path, clock)
    before = _state(store, w)
    planned = _rollback(store, w, clock, dry=True, reflection_id=w.a[1])
    assert {c.kind for c in planned} >= {"memory", "skill", "persona", "user_observation", "lesson"}
    assert _state(store, w) == before
    done = _rollback(store, w, clock, reflection_id=w.a[1])
    assert [(c.kind, c.id, c.action) for c in done] == [(c.kind, c.id, c.action) for c in planned]
    # Actions read as verbs: a persona observation is dismissed ("dismiss", not "dismisse").
    verbs = {"archive", "dismiss", "remove_line", "revert", "delete_draft", "drop_provenance"}
    assert {c.action for c in done} <= verbs and "dismiss" in {c.action for c in done}


def test_rollback_by_reflection(store: Store, tmp_path: Path, clock: FakeClock) -> None:
    w = _build(store, tmp_path, clock)
    assert (w.skills / "skill-a" / "SKILL.md").exists()
    before = _state(store, w)
    _rollback(store, w, clock, reflection_id=w.a[1])
    after = _state(store, w)
    assert after["memory_md"].startswith(HUMAN_MEMORY)
    assert "Note from A." not in after["memory_md"] and "Note from C." in after["memory_md"]
    assert after["user_md"] == HUMAN_USER  # only A's persona line was ever applied
    assert not (w.skills / "skill-a" / "SKILL.md").exists()
    assert gitrepo.log_messages(w.skills)[0].startswith("Revert skill skill-a")
    assert ("skill-c", w.c[1], "draft") in after["skills"]
    assert "skills-drafts/skill-c/SKILL.md" in after["files"]
    assert after["memory"] == (before["memory"] - {("Note from A.", "active")}) | {
        ("Note from A.", "archived")
    }
    assert ("Obs from A.", "archived") in after["obs"] and ("Obs from B.", "active") in after["obs"]
    assert ("Persona from A.", "dismissed") in after["obs"]
    assert ("Persona from C.", "pending") in after["obs"]
    assert after["lessons"] == {
        ("when shared", "provisional", 1),
        ("when only-a", "archived", 0),
        ("when only-b", "provisional", 1),
    }
    with store.sessions() as db:
        actions = {e.action for e in db.scalars(select(AuditEvent))}
    assert {"rollback.memory", "rollback.skill", "rollback.persona", "rollback.lesson"} <= actions


def test_rollback_by_session(store: Store, tmp_path: Path, clock: FakeClock) -> None:
    w = _build(store, tmp_path, clock)
    before = _state(store, w)
    changes = _rollback(store, w, clock, session_id=w.c[0])
    after = _state(store, w)
    assert "Note from C." not in after["memory_md"] and "Note from A." in after["memory_md"]
    assert "skills-drafts/skill-c/SKILL.md" not in after["files"]
    assert ("skill-c", w.c[1], "rejected") in after["skills"]
    assert ("Persona from C.", "dismissed") in after["obs"]
    assert ("New skill: skill-c", "rejected") in after["reviews"]
    assert ("Persona observation", "pending") not in after["reviews"]
    assert after["lessons"] == before["lessons"]  # C contributed no lesson
    assert after["head"] == before["head"]
    assert {c.kind for c in changes} == {"memory", "skill", "persona", "review_item"}


def test_rollback_by_author(store: Store, tmp_path: Path, clock: FakeClock) -> None:
    w = _build(store, tmp_path, clock)
    before = _state(store, w)
    _rollback(store, w, clock, author_id=OTHER)
    after = _state(store, w)
    assert ("Fact from B.", "archived") in after["memory"]
    assert ("Obs from B.", "archived") in after["obs"]
    assert ("Obs from A.", "active") in after["obs"]  # about OTHER, but the owner's session
    assert after["memory_md"] == before["memory_md"] and after["user_md"] == before["user_md"]
    assert after["head"] == before["head"]
    assert after["lessons"] == {
        ("when shared", "provisional", 1),
        ("when only-a", "provisional", 1),
        ("when only-b", "archived", 0),
    }
