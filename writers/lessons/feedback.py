"""Feedback buttons → efficacy: what a session's 👍 and 👎 mean for the lessons and skills it used.

`settle` makes the efficacy records agree with the session's feedback as it stands (a person
may change their mind), and is safe to run any number of times: at each click
(bot/surfaces/feedback.py)
and in the lessons writer when the session's reflection fans out.

- Lessons: a 👎 on a reply posted at or after a lesson's injection counts the session as a
  failure after injection (`times_recurred`, once per injection, `writers.lessons.efficacy`);
  when no such 👎 is left, the count is taken back. A lesson reaching the ineffective rule is
  flagged and carded, as when the reflection finds its failure again.
- Skills: each use gets the verdict on the replies from its time on (`feedback`: negative if any
  got 👎, positive if some got 👍 and none 👎, else None); the governor counts a negative use as
  failed and a positive one as not failed, whatever the reflection's outcome said.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from sqlalchemy import select, update
from sqlalchemy.orm import Session

from store import feedback
from store.clock import as_utc
from store.models import (
    ChatSession,
    FeedbackRating,
    LessonInjection,
    LessonRow,
    Message,
    SkillInvocation,
)
from writers.lessons.efficacy import (
    FEEDBACK,
    count_failure,
    flag_if_ineffective,
    withdraw_feedback_failure,
)
from writers.lessons.review import audit_lesson


@dataclass
class Settled:
    """What one settle changed."""

    counted: list[int] = field(default_factory=list)  # lessons given a failure
    withdrawn: list[int] = field(default_factory=list)  # lessons whose 👎 failure was taken back
    flagged: list[int] = field(default_factory=list)  # lessons newly flagged ineffective
    skill_uses: int = 0  # skill uses whose verdict changed
    audit_ids: list[int] = field(default_factory=list)

    @property
    def lessons(self) -> list[int]:
        """Every lesson whose record changed."""
        return [*self.counted, *self.withdrawn]


def settle(
    db: Session,
    session_id: str,
    *,
    now: datetime,
    reflection_id: str | None = None,
    provenance: dict[str, Any] | None = None,
) -> Settled:
    """Bring the efficacy of the session's injected lessons and used skills in line with its
    feedback; idempotent. `reflection_id`/`provenance` go on an ineffective lesson's card."""
    out = Settled()
    # One settle per session at a time (a click racing the fan-out, two clicks): on PostgreSQL
    # the session row's lock orders them, and SQLite runs one write transaction at a time.
    db.execute(select(ChatSession.id).where(ChatSession.id == session_id).with_for_update())
    rows = feedback.of_session(db, session_id)
    posted: dict[str, datetime] = {}
    if rows:
        posted = {
            ts: as_utc(at)
            for ts, at in db.execute(
                select(Message.ts, Message.created_at).where(
                    Message.session_id == session_id,
                    Message.is_bot.is_(True),
                    Message.ts.in_({r.reply_ts for r in rows}),
                )
            )
        }
    # A reply's time is when it was posted (its rating came later); a rating whose reply is not
    # in the transcript any more counts from when it was given.
    rated = [(posted.get(r.reply_ts, as_utc(r.created_at)), r.rating) for r in rows]

    def since(at: datetime) -> list[str]:
        start = as_utc(at)
        return [rating for when, rating in rated if when >= start]

    injections = db.execute(
        select(LessonInjection.lesson_id, LessonInjection.at, LessonInjection.failure).where(
            LessonInjection.session_id == session_id
        )
    ).all()
    for lesson_id, at, failure in injections:
        wrong = FeedbackRating.NEGATIVE in since(at)
        if wrong and failure is None and count_failure(db, session_id, lesson_id, FEEDBACK):
            out.counted.append(lesson_id)
            _audit(db, out, lesson_id, "lesson.failed_after_injection", session_id, now)
            row = db.get(LessonRow, lesson_id)
            if row is not None and flag_if_ineffective(
                db,
                row,
                now=now,
                reflection_id=reflection_id,
                provenance=provenance or {"session_id": session_id, "source": "feedback"},
            ):
                out.flagged.append(lesson_id)
        elif (
            not wrong
            and failure == FEEDBACK
            and withdraw_feedback_failure(db, session_id, lesson_id)
        ):
            out.withdrawn.append(lesson_id)
            _audit(db, out, lesson_id, "lesson.failure_withdrawn", session_id, now)
    uses = db.execute(
        select(SkillInvocation.id, SkillInvocation.at, SkillInvocation.feedback).where(
            SkillInvocation.session_id == session_id
        )
    ).all()
    for use_id, at, current in uses:
        wanted = feedback.verdict(since(at))
        if wanted != current:
            db.execute(
                update(SkillInvocation)
                .where(SkillInvocation.id == use_id)
                .values(feedback=wanted)
                .execution_options(synchronize_session=False)
            )
            out.skill_uses += 1
    return out


def _audit(
    db: Session, out: Settled, lesson_id: int, action: str, session_id: str, now: datetime
) -> None:
    """Audit a lesson's efficacy change (the lesson library reloads it from the audit log)."""
    row = db.get(LessonRow, lesson_id)
    out.audit_ids.append(
        audit_lesson(
            db,
            lesson_id,
            action,
            "feedback",
            now,
            session_id=session_id,
            times_recurred=row.times_recurred if row is not None else None,
            times_injected=row.times_injected if row is not None else None,
        )
    )
