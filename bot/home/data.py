"""What the owner's dashboard shows, read from the database: spend, reflections, the library.

Plain queries returning plain values; the Block Kit lives in bot/home/owner.py and
bot/home/modals.py. Everything paginated takes an offset and a limit and returns the total.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import func, or_, select
from sqlalchemy.orm import Session

from store import budget, feedback
from store.models import LessonRow, LLMCall, MemoryEntry, Observation, ReflectionRow, Skill
from writers.lessons.efficacy import ineffective

# The kinds an owner edits, as writers.library.edits names them, with what the dashboard calls them.
EDITABLE = {
    "lesson": "Lesson",
    "note": "Memory note",
    "fact": "Fact",
    "skill": "Skill",
    "user-note": "User note",
}
LIBRARY = ("lesson", "note", "fact", "skill", "user-note")


@dataclass(frozen=True)
class DaySpend:
    """USD spent on one UTC day, by purpose."""

    day: str
    chat: float
    reflection: float


@dataclass(frozen=True)
class Spend:
    """Today against the reflection cap, and the last seven days."""

    today: str
    cap: float
    committed: float
    reflection_today: float
    chat_today: float
    days: list[DaySpend]


def spend(db: Session, *, now: datetime, cap: float, days: int = 7) -> Spend:
    """Spend from the call ledger (chat and reflection) and today's budget row."""
    start = now.replace(hour=0, minute=0, second=0, microsecond=0)
    rows: list[DaySpend] = []
    for back in range(days):
        lo = start - timedelta(days=back)
        hi = lo + timedelta(days=1)
        totals = dict(
            db.execute(
                select(LLMCall.purpose, func.coalesce(func.sum(LLMCall.cost_usd), 0.0))
                .where(LLMCall.created_at >= lo, LLMCall.created_at < hi)
                .group_by(LLMCall.purpose)
            ).all()
        )
        rows.append(
            DaySpend(
                lo.date().isoformat(),
                float(totals.get("chat", 0.0)),
                float(totals.get("reflection", 0.0)),
            )
        )
    today = start.date().isoformat()
    committed, _spent = budget.day_totals(db, today)
    return Spend(today, cap, committed, rows[0].reflection, rows[0].chat, rows)


def feedback_rates(db: Session, *, now: datetime, days: int = 7) -> dict[str, Any]:
    """👍/👎 given on replies over the last `days` UTC days, today included."""
    start = now.replace(hour=0, minute=0, second=0, microsecond=0) - timedelta(days=days - 1)
    return feedback.rates(db, since=start)


def reflections(db: Session, *, offset: int, limit: int) -> tuple[list[ReflectionRow], int]:
    """Reflections newest first, one page, and how many there are."""
    total = int(db.scalar(select(func.count()).select_from(ReflectionRow)) or 0)
    rows = db.scalars(
        select(ReflectionRow)
        .order_by(ReflectionRow.created_at.desc(), ReflectionRow.id)
        .offset(offset)
        .limit(limit)
    ).all()
    return list(rows), total


def library_counts(db: Session) -> dict[str, dict[str, int]]:
    """Counts by status for each kind in the library."""

    def by_status(model: Any, *where: Any) -> dict[str, int]:
        rows = db.execute(
            select(model.status, func.count()).where(*where).group_by(model.status)
        ).all()
        return {str(s): int(n) for s, n in sorted(rows)}

    return {
        "lesson": by_status(LessonRow),
        "note": by_status(MemoryEntry, MemoryEntry.scope_kind == "global"),
        "fact": by_status(MemoryEntry, MemoryEntry.scope_kind != "global"),
        "skill": by_status(Skill),
        "user-note": by_status(Observation, Observation.kind == "user"),
    }


def flag_reasons(row: LessonRow) -> list[str]:
    """Why a lesson needs the owner's eye: quarantined, contradicted, or ineffective."""
    reasons = []
    if row.status == "quarantined":
        reasons.append("quarantined")
    if row.contradicts:
        reasons.append("contradicted by #" + ", #".join(str(c) for c in row.contradicts))
    if ineffective(row):
        reasons.append(f"ineffective (recurred {row.times_recurred}× in {row.times_injected})")
    return reasons


def flagged_lessons(
    db: Session, *, offset: int, limit: int
) -> tuple[list[tuple[LessonRow, list[str]]], int]:
    """Flagged lessons (not rejected), newest first, one page, and how many there are."""
    rows = db.scalars(
        select(LessonRow).where(LessonRow.status != "rejected").order_by(LessonRow.id.desc())
    ).all()
    flagged = [(r, why) for r in rows if (why := flag_reasons(r))]
    return flagged[offset : offset + limit], len(flagged)


@dataclass(frozen=True)
class Hit:
    """One search result: an editable item of the library."""

    kind: str
    id: int
    status: str
    text: str
    detail: dict[str, Any] = field(default_factory=dict)


def lesson_edit_text(row: LessonRow) -> str:
    """A lesson's editable text: its condition and its action, one per line."""
    return f"{row.condition}\n{row.action}"


def search(db: Session, text: str, *, offset: int, limit: int) -> tuple[list[Hit], int]:
    """Library items whose text contains `text` (case-insensitive), one page, and the total."""
    like = f"%{text.strip()}%"
    hits: list[Hit] = []
    for lesson in db.scalars(
        select(LessonRow)
        .where(or_(LessonRow.condition.ilike(like), LessonRow.action.ilike(like)))
        .order_by(LessonRow.id.desc())
    ):
        hits.append(Hit("lesson", lesson.id, lesson.status, lesson_edit_text(lesson)))
    for entry in db.scalars(
        select(MemoryEntry).where(MemoryEntry.text.ilike(like)).order_by(MemoryEntry.id.desc())
    ):
        kind = "note" if entry.scope_kind == "global" else "fact"
        hits.append(Hit(kind, entry.id, entry.status, entry.text))
    for skill in db.scalars(
        select(Skill)
        .where(or_(Skill.description.ilike(like), Skill.slug.ilike(like)))
        .order_by(Skill.id.desc())
    ):
        hits.append(Hit("skill", skill.id, skill.status, skill.description, {"slug": skill.slug}))
    for obs in db.scalars(
        select(Observation)
        .where(Observation.kind == "user", Observation.text.ilike(like))
        .order_by(Observation.id.desc())
    ):
        hits.append(Hit("user-note", obs.id, obs.status, obs.text, {"subject": obs.subject}))
    return hits[offset : offset + limit], len(hits)


def current_text(db: Session, kind: str, item_id: int) -> str | None:
    """The text an owner edits for one item, or None when there is no such item."""
    if kind == "lesson":
        lesson = db.get(LessonRow, item_id)
        return lesson_edit_text(lesson) if lesson else None
    if kind in ("note", "fact"):
        entry = db.get(MemoryEntry, item_id)
        if entry is None or (entry.scope_kind == "global") != (kind == "note"):
            return None
        return entry.text
    if kind == "skill":
        skill = db.get(Skill, item_id)
        return skill.description if skill else None
    if kind == "user-note":
        obs = db.get(Observation, item_id)
        return obs.text if obs is not None and obs.kind == "user" else None
    return None
