"""Dedupe of Slack deliveries: a key is claimed once, by whichever worker or replica comes first."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import delete
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from store.models import ProcessedEvent


def claim(db: Session, key: str, *, now: datetime) -> bool:
    """Record `key` as processed; False when it was already there (a duplicate delivery)."""
    try:
        with db.begin_nested():
            db.add(ProcessedEvent(key=key, received_at=now))
    except IntegrityError:
        return False
    return True


def claim_all(db: Session, keys: list[str], *, now: datetime) -> bool:
    """Claim every key; False (and nothing new claimed) if any of them was seen before."""
    try:
        with db.begin_nested():
            for key in keys:
                db.add(ProcessedEvent(key=key, received_at=now))
            db.flush()
    except IntegrityError:
        return False
    return True


def forget_before(db: Session, cutoff: datetime) -> int:
    """Drop dedupe keys older than `cutoff` (Slack stops retrying after minutes)."""
    result = db.execute(delete(ProcessedEvent).where(ProcessedEvent.received_at < cutoff))
    return int(getattr(result, "rowcount", 0) or 0)


def release(db: Session, keys: list[str]) -> None:
    """Forget claims whose work did not happen, so it can be claimed (and done) again."""
    if keys:
        db.execute(delete(ProcessedEvent).where(ProcessedEvent.key.in_(keys)))
