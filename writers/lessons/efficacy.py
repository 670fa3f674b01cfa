"""Lesson efficacy: failures after injection, counted once per injection.

A lesson's `times_injected` counts the sessions it was put into; `times_recurred` those of them
that failed after all: the session's reflection found the same failure again (`recurred`), or a
reply posted after the injection got 👎 (`feedback`, writers/lessons/feedback.py). Each
`lesson_injections` row records why it counts (`failure`), so a re-run reflection, a resumed
fan-out or a second click never counts it twice, and a 👎 taken back takes its count back (a
recurrence stays). The counter moves with one `UPDATE … + 1`, never read-modify-write, so
parallel sessions do not lose counts.

Ineffective: the failure came back at least twice, in at least half the sessions the lesson was
injected into. One recurrence can be bad luck; a 50% recurrence rate means it is not working.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime
from typing import Any

from sqlalchemy import Connection, Table, update
from sqlalchemy.orm import Session

from store.db import record_uses_statement
from store.models import LessonInjection, LessonRow
from writers.lessons.review import add_flag, stage_review

RECURRED = "recurred"
FEEDBACK = "feedback"
INEFFECTIVE_MIN_RECURRED = 2
INEFFECTIVE_RATIO = 0.5


def ineffective(row: LessonRow) -> bool:
    """The efficacy rule: ≥ 2 recurrences in ≥ half of the sessions it was injected into."""
    return (
        row.times_recurred >= INEFFECTIVE_MIN_RECURRED
        and row.times_recurred / max(row.times_injected, 1) >= INEFFECTIVE_RATIO
    )


def _set_failure(
    db: Session, session_id: str, lesson_id: int, *, was: str | None, to: str | None
) -> bool:
    """Compare-and-set the injection's `failure`; True when this call changed it."""
    where = [LessonInjection.session_id == session_id, LessonInjection.lesson_id == lesson_id]
    where.append(
        LessonInjection.failure.is_(None) if was is None else LessonInjection.failure == was
    )
    done = db.execute(
        update(LessonInjection)
        .where(*where)
        .values(failure=to)
        .execution_options(synchronize_session=False)
    )
    return bool(getattr(done, "rowcount", 0))


def _bump(db: Session, lesson_id: int, delta: int) -> None:
    db.execute(
        update(LessonRow)
        .where(LessonRow.id == lesson_id)
        .values(times_recurred=LessonRow.times_recurred + delta)
        .execution_options(synchronize_session="fetch")
    )


def count_failure(db: Session, session_id: str, lesson_id: int, reason: str) -> bool:
    """Count session `session_id` as a failure after injecting `lesson_id`, for `reason`; True
    when it was not counted before. A recurrence found after a 👎 takes the 👎's place (so taking
    the 👎 back no longer withdraws it) without counting twice."""
    if _set_failure(db, session_id, lesson_id, was=None, to=reason):
        _bump(db, lesson_id, +1)
        return True
    if reason == RECURRED:
        _set_failure(db, session_id, lesson_id, was=FEEDBACK, to=RECURRED)
    return False


def withdraw_feedback_failure(db: Session, session_id: str, lesson_id: int) -> bool:
    """Take back a failure counted for a 👎 that is no longer there; True when it was counted."""
    if _set_failure(db, session_id, lesson_id, was=FEEDBACK, to=None):
        _bump(db, lesson_id, -1)
        return True
    return False


def flag_if_ineffective(
    db: Session,
    row: LessonRow,
    *,
    now: datetime,
    reflection_id: str | None,
    provenance: dict[str, Any],
) -> bool:
    """Flag `row` `ineffective` (once) with a review card when it meets the rule."""
    if not (ineffective(row) and add_flag(row, "ineffective")):
        return False
    stage_review(
        db,
        row,
        reason=(
            f"ineffective: the failure recurred in {row.times_recurred} of "
            f"{row.times_injected} session(s) it was injected into"
        ),
        reflection_id=reflection_id,
        provenance=provenance,
        now=now,
    )
    return True


def record_injection(
    db: Session | Connection, session_id: str, lesson_ids: Iterable[int], now: datetime
) -> list[int]:
    """Record lessons put into a session's context (once each); return the newly recorded ids.

    On the reply path (the transaction that stores the answer, bot/chat/engine.py): one
    prebuilt `INSERT … SELECT … ON CONFLICT DO NOTHING RETURNING` records those of `lesson_ids`
    that still exist and were not recorded for the session before; the database's trigger on
    that insert counts each new row in its lesson's `times_injected` (migration 0018), so the
    count costs no statement of its own."""
    wanted = sorted(set(lesson_ids))
    if not wanted:
        return []
    statement = record_uses_statement(db, _INJECTIONS, "lesson_id", _LESSONS)
    inserted = db.execute(statement, {"session_id": session_id, "at": now, "ids": wanted})
    return sorted(int(lesson_id) for (lesson_id,) in inserted.all())


_LESSONS: Table = LessonRow.__table__  # type: ignore[assignment]
_INJECTIONS: Table = LessonInjection.__table__  # type: ignore[assignment]
