"""Check-ins: a reflection's `next_check_at` becomes a DM to the session's user at that time.

This writer only decides and records: whether the time is acceptable (in the future, at most
`MAX_AHEAD` away), whether the person's day still has room (`per_day`), and the message — built
from the reflection (what was left open) without another model call, admitted through the guard
like every learned text (redacted; a flagged text is `held` and never sent). The row it writes is
`scheduled`; the daemon (`bot/learning/checkins.py`) puts it in APScheduler's job store, cancels it
when
the user comes back to the topic first, and sends it once.

Skipped check-ins are kept too, with the reason, so `seshat checkins list` can say why nothing
was sent.
"""

from __future__ import annotations

import uuid
from datetime import UTC, datetime, timedelta

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from reflection.schema import Reflection
from store import sessions as S
from store.clock import as_utc
from store.models import Checkin, CheckinState
from writers.base import WriteContext, WriterResult
from writers.guard.gate import Guard, one_line

MAX_AHEAD = timedelta(days=30)
# How much of the session's opening the message quotes, and how much the topic keeps.
SUBJECT_CHARS = 120
TOPIC_CHARS = 600
OPENING_MESSAGES = 3


def utc_day(when: datetime) -> tuple[datetime, datetime]:
    """The UTC day `when` falls in, as [start, end)."""
    start = as_utc(when).astimezone(UTC).replace(hour=0, minute=0, second=0, microsecond=0)
    return start, start + timedelta(days=1)


def count_on_day(db: Session, user_id: str, when: datetime, states: tuple[str, ...]) -> int:
    """How many of `user_id`'s check-ins in `states` are due on `when`'s UTC day."""
    start, end = utc_day(when)
    return int(
        db.scalar(
            select(func.count(Checkin.id)).where(
                Checkin.user_id == user_id,
                Checkin.state.in_(states),
                Checkin.due_at >= start,
                Checkin.due_at < end,
            )
        )
        or 0
    )


def _shorten(text: str, limit: int) -> str:
    text = one_line(text)
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"


def opening_text(db: Session, session_id: str) -> str:
    """What the user opened the session with: its first few human messages (stored redacted)."""
    human = [m.text for m in S.transcript(db, session_id) if not m.is_bot and m.text.strip()]
    return " ".join(human[:OPENING_MESSAGES])


def checkin_text(reflection: Reflection, opening: str) -> str:
    """The DM: what the conversation was about and what was left open (no model call)."""
    lines = []
    subject = _shorten(opening, SUBJECT_CHARS)
    lines.append(
        f"Checking in on our conversation about “{subject}”."
        if subject
        else "Checking in on our last conversation."
    )
    left_open = reflection.what_didnt.strip()
    if left_open:
        lines.append(f"Left open last time: {_shorten(left_open, 400)}")
    elif reflection.outcome != "success" and reflection.what_worked.strip():
        lines.append(f"Where we got to: {_shorten(reflection.what_worked, 400)}")
    lines.append("How did it go? Reply here if you want to pick it up again.")
    return "\n".join(lines)


def topic_text(reflection: Reflection, opening: str) -> str:
    """What a later session is compared with to tell whether it is on the same topic."""
    return _shorten(f"{opening} {reflection.what_didnt}".strip(), TOPIC_CHARS)


class CheckinWriter:
    """Records the check-in a reflection asks for (scheduled, skipped or held); idempotent."""

    name = "checkins"

    def __init__(self, *, per_day: int = 2, guard: Guard | None = None) -> None:
        self.per_day = per_day
        self.guard = guard or Guard()

    def write(self, db: Session, ctx: WriteContext, reflection: Reflection) -> WriterResult:
        """Write one `checkins` row for `reflection.next_check_at`, if it asks for one."""
        due = reflection.next_check_at
        if due is None:
            return WriterResult(status="nothing")
        p = ctx.provenance
        if db.scalar(select(Checkin.id).where(Checkin.reflection_id == p.reflection_id)):
            return WriterResult(status="nothing", detail=["already recorded"])
        session = S.get(db, p.session_id)
        if session is None:
            raise LookupError(f"no session {p.session_id}")
        opening = opening_text(db, session.id)
        admitted = self.guard.admit(
            ctx, checkin_text(reflection, opening), kind="checkin", multiline=True
        )
        topic = self.guard.admit(ctx, topic_text(reflection, opening), kind="checkin").text
        now = ctx.now
        state, reason = CheckinState.SCHEDULED, None
        if admitted.quarantined:
            state, reason = CheckinState.HELD, admitted.reason or "flagged by the guard"
        elif admitted.placement.reach == "nobody":
            # Others wrote in this session too: it may not be its user's own words that asked.
            state, reason = CheckinState.HELD, admitted.placement.why
        elif self.per_day <= 0:
            state, reason = CheckinState.SKIPPED, "check-ins are off (CHECKINS_PER_USER_PER_DAY=0)"
        elif due <= now:
            state, reason = CheckinState.SKIPPED, f"{due.isoformat()} is in the past"
        elif due > now + MAX_AHEAD:
            state, reason = CheckinState.SKIPPED, f"{due.isoformat()} is more than 30 days ahead"
        elif count_on_day(db, session.user_id, due, CheckinState.LIVE) >= self.per_day:
            state = CheckinState.SKIPPED
            reason = f"{self.per_day} check-ins already planned for that day"
        db.add(
            Checkin(
                id=str(uuid.uuid4()),
                reflection_id=p.reflection_id,
                session_id=session.id,
                team=session.team,
                channel=session.channel,
                thread_ts=session.thread_ts,
                user_id=session.user_id,
                due_at=due,
                state=state,
                reason=reason,
                text=admitted.text,
                topic=topic,
                armed=False,
                # Sessions the user opened after this one ended are compared with the topic.
                topic_checked_at=session.last_activity_at,
                created_at=now,
            )
        )
        db.flush()
        result = WriterResult(
            status="written" if state == CheckinState.SCHEDULED else "skipped",
            written=int(state == CheckinState.SCHEDULED),
            redacted=admitted.redactions,
            quarantined=int(admitted.quarantined),
            detail=[f"{state} for {due.isoformat()}" + (f": {reason}" if reason else "")],
        )
        if admitted.quarantined:
            result.status = "written"  # recorded, held: the ledger counts it as quarantined
        return result
