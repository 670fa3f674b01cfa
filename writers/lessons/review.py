"""Lesson review cards, owner/operator decisions, status changes and their audit trail.

Every lesson mutation is audited with `target_kind="lesson"`; `LessonLibrary.sync` follows those
events, so a decision taken in another process (the CLI, another replica) reaches the library.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from store.ledger import audit
from store.models import LessonRow, ReviewItem
from writers.base import content_hash
from writers.lessons.index import CLEARED_PREFIX
from writers.review import create_item, decide

CHOICES = ("approve", "reject")


def card_text(row: LessonRow) -> str:
    """What a lesson's review card shows (and its content hash binds to)."""
    lines = [f"When: {row.condition}", f"Do: {row.action}"]
    if row.rationale:
        lines.append(f"Why: {row.rationale}")
    lines.append(
        f"Task type: {row.task_type} · seen {row.seen_count}× in {len(row.session_ids)} "
        f"session(s) by {len(row.author_ids)} author(s)"
    )
    if row.flags:
        lines.append("Flags: " + ", ".join(str(f) for f in row.flags))
    return "\n".join(lines)


def audit_lesson(
    db: Session, row_id: int, action: str, actor: str, now: datetime, **detail: Any
) -> int:
    """Audit a lesson mutation (`target_kind="lesson"`, which `LessonLibrary.sync` follows)."""
    return audit(
        db,
        actor=actor,
        action=action,
        target_kind="lesson",
        target_id=str(row_id),
        now=now,
        **detail,
    ).id


def stage_review(
    db: Session,
    row: LessonRow,
    *,
    reason: str | None,
    reflection_id: str | None,
    provenance: dict[str, Any],
    now: datetime,
) -> ReviewItem:
    """A review card (approve → canonical, reject → rejected) for a lesson."""
    return create_item(
        db,
        kind="lesson",
        target_id=str(row.id),
        title=f"Lesson #{row.id} ({row.status}): {row.condition}"[:200],
        content=card_text(row) + (f"\nReason: {reason}" if reason else ""),
        choices=CHOICES,
        reason=reason,
        reflection_id=reflection_id,
        provenance=provenance,
        now=now,
    )


def add_flag(row: LessonRow, flag: str) -> bool:
    """Add `flag` once; True when it was new."""
    if flag in row.flags:
        return False
    row.flags = [*row.flags, flag]  # a new list, so the JSON column is seen as changed
    return True


def set_status(
    db: Session, row: LessonRow, status: str, *, actor: str, now: datetime, why: str
) -> None:
    """Change a lesson's status and audit it (the library follows via `LessonLibrary.sync`)."""
    if row.status == status:
        return
    before = row.status
    row.status = status
    if status == "canonical":
        row.promoted_at = now
    audit_lesson(db, row.id, f"lesson.{status}", actor, now, before=before, why=why)


def apply_lesson_decision(
    db: Session, item: ReviewItem, decision: str, actor: str, now: datetime
) -> None:
    """Review applier for kind "lesson": approve → canonical (flags cleared), reject → rejected."""
    _apply(db, int(item.target_id), decision, actor, now, why=f"review item {item.id}")


def _apply(db: Session, lesson_id: int, decision: str, actor: str, now: datetime, why: str) -> None:
    row = db.get(LessonRow, lesson_id)
    if row is None:
        return
    if decision == "approve":
        # The owner saw the reasons on the card: keep them as history, stop them blocking.
        row.flags = [f if f.startswith(CLEARED_PREFIX) else CLEARED_PREFIX + f for f in row.flags]
        if row.status != "canonical":
            row.promotion = {"rule": "owner", "actor": actor, "why": why}
        set_status(db, row, "canonical", actor=actor, now=now, why=why)
    elif decision == "reject":
        set_status(db, row, "rejected", actor=actor, now=now, why=why)
        # A rejected lesson no longer contradicts anything: release its counterparts.
        for other_id in row.contradicts:
            other = db.get(LessonRow, int(other_id))
            if other is None or row.id not in other.contradicts:
                continue
            other.contradicts = [i for i in other.contradicts if i != row.id]
            if not other.contradicts:
                other.flags = [
                    f for f in other.flags if f not in ("contradiction", "contradicted_by_success")
                ]
            audit_lesson(db, other.id, "lesson.contradiction_resolved", actor, now, rejected=row.id)


class StaleDecision(ValueError):
    """The lesson changed since it was shown: the decision would approve text nobody saw."""


def shown_hash(row: LessonRow) -> str:
    """The short hash of what a lesson list shows ("When: … / Do: …"), carried by its buttons."""
    return content_hash(row.condition, row.action)[:8]


def decide_lesson(
    db: Session,
    lesson_id: int,
    decision: str,
    *,
    actor: str,
    now: datetime,
    shown: str | None = None,
) -> str:
    """Operator approve/reject (CLI, App Home): decides the pending cards, or applies directly
    if none. `shown`: the hash of the text the decider saw (`shown_hash`); a lesson edited since
    raises StaleDecision and nothing changes."""
    row = db.get(LessonRow, lesson_id)
    if row is None:
        raise LookupError(f"no lesson {lesson_id}")
    if shown is not None and shown.strip().lower() != shown_hash(row):
        audit_lesson(db, row.id, "lesson.decision_stale", actor, now, shown=shown[:16])
        raise StaleDecision(
            f"Lesson #{lesson_id} changed since it was shown ({shown[:8]} ≠ {shown_hash(row)}); "
            "look at its current text and decide again."
        )
    items = db.scalars(
        select(ReviewItem)
        .where(
            ReviewItem.kind == "lesson",
            ReviewItem.target_id == str(lesson_id),
            ReviewItem.status == "pending",
        )
        .order_by(ReviewItem.id)
    ).all()
    appliers = {"lesson": apply_lesson_decision}
    for item in items:
        decide(
            db,
            item.id,
            decision=decision,
            actor=actor,
            owner_ids=(actor,),
            now=now,
            appliers=appliers,
        )
    if not items:
        _apply(db, lesson_id, decision, actor, now, why="operator (no pending card)")
    db.flush()
    return row.status
