"""Assistant threads (Slack's assistant container): recorded once, looked up, titled once."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import delete, select, update
from sqlalchemy.orm import Session

from store.db import insert_ignore
from store.models import AssistantThread


def record(
    db: Session, *, team: str, channel: str, thread_ts: str, user_id: str, now: datetime
) -> bool:
    """Record a started thread; False when it was already known (a redelivered event)."""
    row = {
        "channel": channel,
        "thread_ts": thread_ts,
        "team": team,
        "user_id": user_id,
        "started_at": now,
    }
    return insert_ignore(db, AssistantThread, [row]) == 1


def is_assistant_thread(db: Session, *, channel: str, thread_ts: str) -> bool:
    """Is (channel, thread_ts) a recorded assistant thread?"""
    found = db.scalar(
        select(AssistantThread.user_id).where(
            AssistantThread.channel == channel, AssistantThread.thread_ts == thread_ts
        )
    )
    return found is not None


def claim_title(db: Session, *, channel: str, thread_ts: str, user_id: str, now: datetime) -> bool:
    """Claim the thread's one title for its person's message (compare-and-set); True if won."""
    result = db.execute(
        update(AssistantThread)
        .where(
            AssistantThread.channel == channel,
            AssistantThread.thread_ts == thread_ts,
            AssistantThread.user_id == user_id,
            AssistantThread.titled_at.is_(None),
        )
        .values(titled_at=now)
    )
    return bool(getattr(result, "rowcount", 0) == 1)


def release_title(db: Session, *, channel: str, thread_ts: str) -> None:
    """Give the title claim back (Slack refused it), so the next message tries again."""
    db.execute(
        update(AssistantThread)
        .where(AssistantThread.channel == channel, AssistantThread.thread_ts == thread_ts)
        .values(titled_at=None)
    )


def forget_user(db: Session, user_id: str) -> int:
    """Delete a person's threads (a forget); how many."""
    result = db.execute(delete(AssistantThread).where(AssistantThread.user_id == user_id))
    return int(getattr(result, "rowcount", 0) or 0)
