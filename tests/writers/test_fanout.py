"""Fan-out with the real writers: a raising writer does not stop the others; re-runs are no-ops."""

from __future__ import annotations

from pathlib import Path

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from reflection.schema import Reflection
from store.clock import FakeClock
from store.db import Store
from store.models import MemoryEntry, Observation, ReflectionRow, ReviewItem, Skill
from tests.support.writers import OTHER, OWNER, reflection, seed
from writers.base import WriteContext, WriterResult
from writers.fanout import fan_out
from writers.notes.memory import MEMORY_FILE
from writers.registry import build_writers


class Exploding:
    """A writer that always raises (the fan-out must record it and carry on)."""

    name = "exploding"

    def write(self, db: Session, ctx: WriteContext, reflection: Reflection) -> WriterResult:
        raise RuntimeError("boom")


REFL = reflection(
    memory_notes=["The release train leaves on Thursdays."],
    should_skill=True,
    skill_slug="cut-release",
    skill_description="Cut a release.",
    skill_body="Tag, build, announce.",
    persona_observations=["Likes bullet lists."],
    user_model_updates={OTHER: ["Owns the mobile app."]},
)


def _counts(store: Store) -> tuple[int, ...]:
    with store.sessions() as db:
        return tuple(
            db.scalar(select(func.count()).select_from(t)) or 0
            for t in (MemoryEntry, Skill, Observation, ReviewItem)
        )


def test_raising_writer_does_not_stop_others_and_rerun_is_idempotent(
    store: Store, tmp_path: Path, clock: FakeClock
) -> None:
    _, rid = seed(store, clock.now())
    writers = (Exploding(), *build_writers(skills_dir=tmp_path / "skills"))
    kwargs = {
        "reflection_id": rid,
        "reflection": REFL,
        "writers": writers,
        "owner_ids": [OWNER],
        "data_dir": tmp_path,
        "now": clock.now(),
    }
    results = fan_out(store, **kwargs)  # type: ignore[arg-type]
    assert results["exploding"]["status"] == "failed"
    assert "boom" in results["exploding"]["error"]
    assert results["memory"]["status"] == "written"
    assert results["skills"]["status"] == "staged"
    assert results["persona"]["status"] == "staged"
    assert results["user_model"]["status"] == "written"
    first = _counts(store)
    assert first == (1, 1, 2, 2)  # note; skill; persona + user obs; skill + persona cards
    memory_md = (tmp_path / MEMORY_FILE).read_text()

    fan_out(store, **kwargs)  # type: ignore[arg-type]
    assert _counts(store) == first
    assert (tmp_path / MEMORY_FILE).read_text() == memory_md
    with store.sessions() as db:
        row = db.get(ReflectionRow, rid)
        assert row is not None and row.applied_at is None  # the failed writer keeps it open

    # Without the broken writer the reflection completes, still writing nothing twice.
    fan_out(store, **{**kwargs, "writers": writers[1:]})  # type: ignore[arg-type]
    assert _counts(store) == first
    with store.sessions() as db:
        row = db.get(ReflectionRow, rid)
        assert row is not None and row.applied_at is not None
