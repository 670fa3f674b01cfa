"""Feedback buttons' clicks (👍/👎 on the bot's replies): stored, read back, counted.

Who may rate a reply (the session's user or an owner) is decided above, by the listener's
handler; everything stored here counts. One row per (session, reply, person): a second click
replaces the first, and Slack's `action_ts` orders clicks, so a redelivered or late older click
never overrides a newer one.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any, Literal

from sqlalchemy import func, select, update
from sqlalchemy.orm import Session

from store.db import insert_ignore
from store.models import FeedbackRating, ReplyFeedback

Recorded = Literal["new", "changed", "same", "stale"]
Verdict = Literal["positive", "negative"] | None


def record(
    db: Session,
    *,
    session_id: str,
    channel: str,
    reply_ts: str,
    answers_ts: str | None,
    user_id: str,
    rating: str,
    action_ts: str,
    now: datetime,
) -> Recorded:
    """Store `user_id`'s rating of a reply: `new` (first click), `changed` (a different rating),
    `same` (the rating again) or `stale` (an older click than the stored one: ignored)."""
    if rating not in FeedbackRating.ALL:
        raise ValueError(f"unknown rating {rating!r}")
    values: dict[str, Any] = {
        "session_id": session_id,
        "channel": channel,
        "reply_ts": reply_ts,
        "answers_ts": answers_ts,
        "user_id": user_id,
        "rating": rating,
        "action_ts": action_ts,
        "created_at": now,
        "updated_at": now,
    }
    # Insert-or-nothing first: two deliveries of one first click race on the unique key.
    if insert_ignore(db, ReplyFeedback, [values]):
        return "new"
    key = (
        ReplyFeedback.session_id == session_id,
        ReplyFeedback.reply_ts == reply_ts,
        ReplyFeedback.user_id == user_id,
    )
    before = db.scalar(select(ReplyFeedback.rating).where(*key))
    # Compare-and-set on the click's time: only a newer click replaces the stored one.
    done = db.execute(
        update(ReplyFeedback)
        .where(*key, ReplyFeedback.action_ts < action_ts)
        .values(rating=rating, action_ts=action_ts, updated_at=now)
        .execution_options(synchronize_session=False)
    )
    if not getattr(done, "rowcount", 0):
        return "stale"
    return "same" if before == rating else "changed"


def of_session(db: Session, session_id: str) -> list[ReplyFeedback]:
    """The session's feedback rows, in reply order."""
    return list(
        db.scalars(
            select(ReplyFeedback)
            .where(ReplyFeedback.session_id == session_id)
            .order_by(ReplyFeedback.reply_ts, ReplyFeedback.id)
        )
    )


def negatives(db: Session, session_id: str) -> int:
    """How many 👎 the session's replies carry."""
    return int(
        db.scalar(
            select(func.count()).where(
                ReplyFeedback.session_id == session_id,
                ReplyFeedback.rating == FeedbackRating.NEGATIVE,
            )
        )
        or 0
    )


def verdict(ratings: Sequence[str]) -> Verdict:
    """One verdict for a set of ratings: any 👎 makes it negative, else any 👍 positive."""
    if FeedbackRating.NEGATIVE in ratings:
        return "negative"
    if FeedbackRating.POSITIVE in ratings:
        return "positive"
    return None


def rates(db: Session, *, since: datetime) -> dict[str, Any]:
    """Ratings given (or last changed) since `since`: 👍/👎 counts, the 👍 share, and how many
    sessions and people they came from."""
    counts = dict(
        db.execute(
            select(ReplyFeedback.rating, func.count())
            .where(ReplyFeedback.updated_at >= since)
            .group_by(ReplyFeedback.rating)
        ).all()
    )
    sessions, people = db.execute(
        select(
            func.count(func.distinct(ReplyFeedback.session_id)),
            func.count(func.distinct(ReplyFeedback.user_id)),
        ).where(ReplyFeedback.updated_at >= since)
    ).one()
    up = int(counts.get(FeedbackRating.POSITIVE, 0))
    down = int(counts.get(FeedbackRating.NEGATIVE, 0))
    total = up + down
    return {
        "positive": up,
        "negative": down,
        "total": total,
        "positive_share": round(up / total, 4) if total else None,
        "sessions": int(sessions or 0),
        "people": int(people or 0),
    }
