"""Rolling back the reflection that promoted a lesson by recurrence takes the promotion back when
what is left no longer meets the rule (issue 26: it stayed canonical, "seen 1×")."""

from __future__ import annotations

from pathlib import Path

from store.clock import FakeClock
from store.db import Store
from tests.support.lesson_helpers import approve, ctx, lessons, new_library, write
from writers.guard.gate import Guard
from writers.lessons import LessonWriter
from writers.library.rollback import rollback

SHEET = ("a spreadsheet formula returns #REF", "check for deleted rows the formula referenced")


def _undo(store: Store, clock: FakeClock, tmp_path: Path, reflection_id: str) -> list[str]:
    with store.sessions.begin() as db:
        changes = rollback(
            db,
            reflection_id=reflection_id,
            dry_run=False,
            actor="cli:test",
            now=clock.now(),
            data_dir=tmp_path,
            skills_dir=tmp_path / "skills",
        )
    return [c.action for c in changes if c.kind == "lesson"]


def test_undoing_the_promoting_reflection_makes_the_lesson_provisional_again(
    sqlite_store: Store, clock: FakeClock, tmp_path: Path
) -> None:
    writer = LessonWriter(new_library(sqlite_store), guard=Guard(trusted_users=("UALICE", "UBOB")))
    for n in range(1, 3):
        write(sqlite_store, writer, ctx(f"a{n}", "UALICE", now=clock.now()), SHEET)
    write(sqlite_store, writer, ctx("b1", "UBOB", now=clock.now(), reflection_id="r-bob"), SHEET)
    (row,) = lessons(sqlite_store)
    assert row.status == "canonical" and row.promotion and row.promotion["rule"] == "recurrence"
    assert _undo(sqlite_store, clock, tmp_path, "r-bob") == ["demote"]
    (row,) = lessons(sqlite_store)
    assert (row.status, row.seen_count, row.promoted_at, row.promotion) == (
        "provisional",
        2,
        None,
        None,
    )


def test_an_owners_approval_is_not_taken_back_by_a_rollback(
    sqlite_store: Store, clock: FakeClock, tmp_path: Path
) -> None:
    from sqlalchemy import select

    from store.models import ReviewItem

    writer = LessonWriter(new_library(sqlite_store))
    write(sqlite_store, writer, ctx("s1", "UALICE", now=clock.now()), SHEET)
    write(sqlite_store, writer, ctx("s2", "UBOB", now=clock.now(), reflection_id="r-2"), SHEET)
    with sqlite_store.sessions.begin() as db:
        item = db.scalars(select(ReviewItem).where(ReviewItem.status == "pending")).first()
        assert item is not None
        approve(db, item.id, clock.now())
    assert lessons(sqlite_store)[0].status == "canonical"
    assert _undo(sqlite_store, clock, tmp_path, "r-2") == ["drop_provenance"]
    assert lessons(sqlite_store)[0].status == "canonical"


def test_review_list_says_a_waiting_lesson_was_promoted_meanwhile(
    sqlite_store: Store, clock: FakeClock, tmp_path: Path
) -> None:
    from typer.testing import CliRunner

    from bot.cli import app

    writer = LessonWriter(new_library(sqlite_store), guard=Guard(trusted_users=("UALICE", "UBOB")))
    for n in range(1, 3):
        write(sqlite_store, writer, ctx(f"a{n}", "UALICE", now=clock.now()), SHEET)
    write(sqlite_store, writer, ctx("b1", "UBOB", now=clock.now()), SHEET)
    assert lessons(sqlite_store)[0].status == "canonical"
    env = {
        "DATABASE_URL": f"sqlite:///{tmp_path / 'seshat.db'}",
        "SESHAT_ENV_FILE": str(tmp_path / "none.env"),
    }
    result = CliRunner().invoke(app, ["review", "list"], env=env)
    assert result.exit_code == 0, result.output
    lesson_lines = [ln for ln in result.output.splitlines() if " lesson " in ln]
    assert lesson_lines and all("(the lesson is canonical now)" in ln for ln in lesson_lines)
