"""Ageing the lesson library: decay, contradiction-by-success flags, and hard caps.

Nothing is ever deleted: stale or evicted lessons move to `archived` (restorable from the CLI),
and every change is audited so a running library picks it up through `LessonLibrary.sync`.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta

from sqlalchemy import select, update
from sqlalchemy.orm import Session
from sqlalchemy.orm.attributes import set_committed_value

from store.clock import as_utc
from store.models import LessonRow
from writers.lessons.index import LIVE
from writers.lessons.review import add_flag, audit_lesson, stage_review

# Value halves every this many days without reinforcement (for cap eviction ranking).
VALUE_HALF_LIFE_DAYS = 30.0


@dataclass
class DecayReport:
    """What one decay run changed."""

    archived: list[int] = field(default_factory=list)
    flagged: list[int] = field(default_factory=list)


def lesson_value(
    seen_count: int, days_since_seen: float, times_injected: int, times_recurred: int
) -> float:
    """Keep-worthiness: log seen-count × recency half-life × (1 − ¾ of the recurrence rate)."""
    recency = math.pow(0.5, max(0.0, days_since_seen) / VALUE_HALF_LIFE_DAYS)
    failure_rate = min(1.0, times_recurred / times_injected) if times_injected else 0.0
    return (1.0 + math.log(max(1, seen_count))) * recency * (1.0 - 0.75 * failure_rate)


def decay_lessons(db: Session, now: datetime, decay_days: float) -> DecayReport:
    """Archive live lessons not reinforced for `decay_days`; flag ones a later success contradicts.

    "Contradicted by a later success": a live lesson L whose contradicting lesson C was proposed
    by the reflection of a *successful* session after L was created — the session went well doing
    what C says, against L. L is flagged `contradicted_by_success` and sent for review.
    """
    report = DecayReport()
    cutoff = now - timedelta(days=decay_days)
    rows = list(db.scalars(select(LessonRow).where(LessonRow.status.in_(sorted(LIVE)))))
    for row in rows:
        if as_utc(row.last_seen_at) < cutoff and _archive(
            db, row, actor="decay", now=now, why=f"{decay_days:g}d stale"
        ):
            report.archived.append(row.id)
    by_id = {r.id: r for r in rows}
    for row in rows:
        if row.status not in LIVE or not row.contradicts:
            continue
        created = as_utc(row.created_at)
        for other_id in row.contradicts:
            other = by_id.get(int(other_id)) or db.get(LessonRow, int(other_id))
            if other is None or not _later_success(other, created):
                continue
            if add_flag(row, "contradicted_by_success"):
                audit_lesson(
                    db, row.id, "lesson.contradicted_by_success", "decay", now, by=other.id
                )
                stage_review(
                    db,
                    row,
                    reason=f"contradicted by lesson #{other.id} from a later successful session",
                    reflection_id=None,
                    provenance={"job": "decay"},
                    now=now,
                )
                report.flagged.append(row.id)
            break
    db.flush()
    return report


def _archive(db: Session, row: LessonRow, *, actor: str, now: datetime, why: str) -> bool:
    """Archive and audit `row` unless its status changed since it was read (compare-and-set).

    Two upkeep runs at once (two replicas, or the job beside a CLI run) both read the lesson as
    live; only the first to write archives it and writes its `lesson.archived` row — the other's
    UPDATE waits for that commit, then matches nothing, and it leaves the lesson alone.
    """
    before = row.status
    if before == "archived":
        return False
    moved = db.execute(
        update(LessonRow)
        .where(LessonRow.id == row.id, LessonRow.status == before)
        .values(status="archived")
        .execution_options(synchronize_session=False)
    )
    if getattr(moved, "rowcount", 0) != 1:
        db.refresh(row)
        return False
    set_committed_value(row, "status", "archived")
    audit_lesson(db, row.id, "lesson.archived", actor, now, before=before, why=why)
    return True


def _later_success(row: LessonRow, after: datetime) -> bool:
    for entry in row.provenance:
        if not isinstance(entry, dict) or entry.get("outcome") != "success":
            continue
        try:
            at = as_utc(datetime.fromisoformat(str(entry.get("at"))))
        except ValueError:
            continue
        if at > after:
            return True
    return False


def enforce_caps(
    db: Session, canonical_cap: int, provisional_cap: int, *, now: datetime | None = None
) -> list[int]:
    """Archive the lowest-value lessons above each cap (never deletes); return archived ids."""
    now = now or datetime.now(UTC)
    evicted: list[int] = []
    for status, cap in (("canonical", canonical_cap), ("provisional", provisional_cap)):
        rows = list(db.scalars(select(LessonRow).where(LessonRow.status == status)))
        excess = len(rows) - cap
        if excess <= 0:
            continue

        def value(r: LessonRow) -> tuple[float, int]:
            days = (now - as_utc(r.last_seen_at)).total_seconds() / 86400
            # Ties go to the older lesson (lower id) being evicted first.
            return (lesson_value(r.seen_count, days, r.times_injected, r.times_recurred), r.id)

        for row in sorted(rows, key=value)[:excess]:
            if _archive(db, row, actor="caps", now=now, why=f"{status} cap {cap}"):
                evicted.append(row.id)
    db.flush()
    return evicted
