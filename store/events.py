"""Dedupe of Slack deliveries: a key is claimed once, by whichever worker or replica comes first."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import delete
from sqlalchemy.orm import Session

from store.db import insert_ignore
from store.models import ProcessedEvent


def claim(db: Session, key: str, *, now: datetime) -> bool:
    """Record `key` as processed; False when it was already there (a duplicate delivery)."""
    return insert_ignore(db, ProcessedEvent, [{"key": key, "received_at": now}]) == 1


def claim_all(db: Session, keys: list[str], *, now: datetime) -> bool:
    """Claim every key; False (and nothing new claimed) if any of them was seen before."""
    unique = list(dict.fromkeys(keys))
    with db.begin_nested() as claim:
        rows = [{"key": key, "received_at": now} for key in unique]
        if insert_ignore(db, ProcessedEvent, rows) != len(unique):
            claim.rollback()  # one of them was taken: take none
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
