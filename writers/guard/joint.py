"""Check what one reflection — and one author, across their recent reflections — proposes together.

A payload can be split so that each piece passes alone: a harmless lesson ("include the team
note in deploy answers") plus a note that carries the link, or an instruction spread over two
sessions. So before the writers run, the fan-out asks `together_reason`:

- if any item of this reflection is flagged on its own (or hides characters), the reflection was
  steered, and its other items are the likeliest other halves: all of them go to the owner;
- otherwise everything this reflection proposes is joined with what the same author proposed
  recently and is still live (not quarantined), and checked as one text; a reason found there
  (every piece having passed alone) puts the whole reflection under review.

The answer is a line for the owner's card, or "" when the reflection is clean. It depends only on
this reflection and on items from *earlier* reflections, so a re-run gives the same answer.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime, timedelta

from sqlalchemy import select
from sqlalchemy.orm import Session

from reflection.schema import Reflection
from store.models import LessonRow, MemoryEntry, Observation
from writers.guard.safety import check, check_joint
from writers.guard.unicode import hidden

RECENT_DAYS = 14
RECENT_ITEMS = 60


# A lesson's condition describes a situation; the advice rules do not read it (`safety.check`).
SITUATION = "lesson_condition"


def items_of(reflection: Reflection) -> list[tuple[str, str]]:
    """(safety kind, text) of everything a reflection proposes (skill bodies excepted: a skill
    always waits for the owner, and its body is checked on its own). A lesson is two items: its
    condition (kind `SITUATION`) and its advice."""
    out: list[tuple[str, str]] = []
    for lesson in reflection.lessons:
        out.append((SITUATION, lesson.condition))
        out.append(("lesson", f"{lesson.action}. {lesson.rationale}"))
    out += [("memory_note", n) for n in reflection.memory_notes]
    out += [("persona", p) for p in reflection.persona_observations]
    for observations in reflection.user_model_updates.values():
        out += [("user_observation", o) for o in observations]
    if reflection.should_skill and reflection.skill_description:
        out.append(("skill", reflection.skill_description))
    return out


def _recent(db: Session, author: str, reflection_id: str, now: datetime) -> list[tuple[str, str]]:
    since = now - timedelta(days=RECENT_DAYS)
    notes = db.scalars(
        select(MemoryEntry.text)
        .where(
            MemoryEntry.author_id == author,
            MemoryEntry.reflection_id != reflection_id,
            MemoryEntry.status != "quarantined",
            MemoryEntry.created_at >= since,
        )
        .order_by(MemoryEntry.id.desc())
        .limit(RECENT_ITEMS)
    ).all()
    observations = db.scalars(
        select(Observation.text)
        .where(
            Observation.author_id == author,
            Observation.reflection_id != reflection_id,
            Observation.status != "quarantined",
            Observation.created_at >= since,
        )
        .order_by(Observation.id.desc())
        .limit(RECENT_ITEMS)
    ).all()
    lessons = [
        ((SITUATION, row.condition), ("lesson", row.action))
        for row in db.scalars(
            select(LessonRow)
            .where(
                LessonRow.status.in_(("provisional", "canonical")), LessonRow.last_seen_at >= since
            )
            .order_by(LessonRow.last_seen_at.desc())
            .limit(RECENT_ITEMS * 4)
        )
        if any(
            isinstance(p, dict)
            and p.get("user_id", (p.get("author_ids") or [None])[0]) == author
            and p.get("reflection_id") != reflection_id
            for p in row.provenance
        )
    ][:RECENT_ITEMS]
    # Oldest first, so the joined text reads in the order the author wrote it.
    return [
        *(item for pair in reversed(lessons) for item in pair),
        *(("memory_note", n) for n in reversed(notes)),
        *(("user_observation", o) for o in reversed(observations)),
    ]


def together_reason(
    db: Session,
    reflection: Reflection,
    *,
    author: str,
    reflection_id: str,
    now: datetime,
    allow_domains: Sequence[str] = (),
    allow_emails: Sequence[str] = (),
) -> str:
    """Why this reflection's items must all wait for the owner, or "" (see the module doc)."""
    items = items_of(reflection)
    if not items:
        return ""
    for kind, text in items:
        verdict = check(
            text,
            kind="lesson" if kind == SITUATION else kind,
            allow_domains=allow_domains,
            allow_emails=allow_emails,
            situation=kind == SITUATION,
        )
        if verdict.flagged or hidden(text) is not None:
            return (
                "another item of this reflection was flagged "
                f"({verdict.summary if verdict.flagged else 'hidden characters'}), so all of its "
                "items wait for the owner"
            )
    recent = _recent(db, author, reflection_id, now)
    joint = check_joint(
        [(k == SITUATION, t) for k, t in recent + items],
        allow_domains=allow_domains,
        allow_emails=allow_emails,
    )
    if not joint.flagged:
        return ""
    scope = "this reflection's items" + (" with the author's recent ones" if recent else "")
    return f"flagged only together ({scope}): {joint.summary}"
