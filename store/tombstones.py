"""Tombstones: what people had forgotten, kept as hashes and ids so it never comes back.

Kinds: `user` (key = the Slack user id; `at` = when everything about them was purged), `session`
(key = a purged session id: its reflection must never run) and `text` (key = `text_key` of a
forgotten item: no writer may store that text again). A tombstone never holds content.
"""

from __future__ import annotations

import hashlib
from datetime import datetime

from sqlalchemy import select, update
from sqlalchemy.orm import Session

from store.clock import as_utc
from store.db import insert_ignore
from store.models import Tombstone

KINDS = ("user", "session", "text")


def text_key(text: str) -> str:
    """The hash a forgotten text is remembered by: SHA-256 of its casefolded words."""
    return hashlib.sha256(" ".join(text.split()).casefold().encode("utf-8")).hexdigest()


def bury(db: Session, *, kind: str, key: str, user_id: str, now: datetime) -> bool:
    """Record a tombstone (idempotent); True when it is new."""
    if kind not in KINDS:
        raise ValueError(f"unknown tombstone kind {kind!r}")
    if kind == "user":
        # Forgetting everything again moves the line: sessions up to the newest purge are gone.
        moved = db.execute(
            update(Tombstone)
            .where(Tombstone.kind == "user", Tombstone.key == key)
            .values(at=now)
            .returning(Tombstone.id)
        ).all()
        if moved:
            return False
    row = {"kind": kind, "key": key[:64], "user_id": user_id[:32], "at": now}
    return insert_ignore(db, Tombstone, [row]) == 1


def is_forgotten(db: Session, kind: str, key: str) -> bool:
    """True when `key` of `kind` was forgotten (for `text`, pass `text_key(text)` or the text)."""
    if kind == "text" and len(key) != 64:
        key = text_key(key)
    found = db.scalars(
        select(Tombstone.id).where(Tombstone.kind == kind, Tombstone.key == key[:64])
    ).first()
    return found is not None


def forgotten_at(db: Session, user_id: str) -> datetime | None:
    """When everything about `user_id` was last purged, or None."""
    at = db.scalars(
        select(Tombstone.at).where(Tombstone.kind == "user", Tombstone.key == user_id)
    ).first()
    return as_utc(at) if at is not None else None


def forgotten_texts(db: Session) -> set[str]:
    """Every forgotten text hash (read once per fan-out)."""
    return set(db.scalars(select(Tombstone.key).where(Tombstone.kind == "text")).all())


def forgotten_users(db: Session) -> dict[str, datetime]:
    """Every fully forgotten user with the time of the purge."""
    rows = db.execute(select(Tombstone.key, Tombstone.at).where(Tombstone.kind == "user")).all()
    return {k: as_utc(at) for k, at in rows}
