"""A rollback cancels the check-ins it created (issue 24), and a person's own undo
(`rollback(concerning=…)`) takes only what concerns them alone."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import timedelta
from pathlib import Path

import pytest
from sqlalchemy import select

from store.models import Checkin, MemoryEntry, Observation, ReflectionRow
from tests.writers.guard.test_trust import CHANNEL, MALLORY, OWNER, World, dm
from writers.library.rollback import rollback


@pytest.fixture
def world(tmp_path: Path) -> Iterator[World]:
    w = World(tmp_path / "data")
    yield w
    w.runtime.close()


def _undo(world: World, rid: str, *, concerning: str | None = None) -> list[str]:
    with world.runtime.store.sessions.begin() as db:
        changes = rollback(
            db,
            reflection_id=rid,
            dry_run=False,
            actor=OWNER,
            now=world.clock.now(),
            data_dir=world.runtime.data_dir,
            skills_dir=world.runtime.settings.effective_skills_dir,
            concerning=concerning,
        )
    return [f"{c.kind}:{c.action}" for c in changes]


def _last_reflection(world: World) -> str:
    with world.runtime.store.sessions() as db:
        row = db.scalars(select(ReflectionRow).order_by(ReflectionRow.created_at.desc())).first()
        assert row is not None
        return row.id


def test_a_rolled_back_reflection_does_not_check_in(world: World) -> None:
    due = (world.clock.now() + timedelta(days=2)).isoformat()
    world.reflect(MALLORY, dm(MALLORY), next_check_at=due)
    rid = _last_reflection(world)
    with world.runtime.store.sessions() as db:
        assert db.scalars(select(Checkin.state)).all() == ["scheduled"]
    assert "checkin:cancel" in _undo(world, rid)
    with world.runtime.store.sessions() as db:
        assert db.scalars(select(Checkin.state)).all() == ["cancelled"]


def test_a_persons_own_undo_takes_only_what_concerns_them_alone(world: World) -> None:
    due = (world.clock.now() + timedelta(days=2)).isoformat()
    world.reflect(
        MALLORY,
        CHANNEL,
        memory_notes=["The build cache lives on the shared runner."],
        user_model_updates={MALLORY: ["Works on the build system."]},
        lessons=[{"condition": "the build cache is cold", "action": "warm it before the run"}],
        next_check_at=due,
    )
    rid = _last_reflection(world)
    done = _undo(world, rid, concerning=MALLORY)
    assert {"fact:archive", "user_observation:archive", "checkin:cancel"} <= set(done)
    assert not any(d.startswith("lesson") for d in done)  # the owner's to decide
    with world.runtime.store.sessions() as db:
        assert {e.status for e in db.scalars(select(MemoryEntry))} == {"archived"}
        assert {o.status for o in db.scalars(select(Observation))} == {"archived"}
