"""Tombstones: what people had forgotten, kept as hashes and ids so it never comes back.

Kinds: `user` (key = the Slack user id; `at` = when everything about them was purged), `session`
(key = a purged session id: its reflection must never run) and `text` (key = `text_key` of a
forgotten item: no writer may store that text again). A tombstone never holds content.

`merge` takes tombstones from another library (an import, `writers.library.tombstone_import`): they
travel
with an export so a forget holds wherever the library goes.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import select, update
from sqlalchemy.orm import Session

from store.clock import as_utc
from store.db import insert_ignore
from store.models import Tombstone

KINDS = ("user", "session", "text")
# What a key may look like, per kind: ids and a hex hash, so no text travels in a tombstone.
ID = re.compile(r"[A-Za-z0-9._-]{1,32}")
KEYS = {
    "user": ID,
    "session": re.compile(r"[A-Za-z0-9._-]{1,64}"),
    "text": re.compile(r"[0-9a-f]{64}"),
}


@dataclass(frozen=True)
class Stone:
    """One tombstone as it travels between libraries (no row id: ids belong to one database)."""

    kind: str
    key: str
    user_id: str
    at: datetime

    def problem(self) -> str | None:
        """Why this is not a tombstone this version writes (None when it is one)."""
        # A file's values may be anything JSON holds.
        if not all(isinstance(v, str) for v in (self.kind, self.key, self.user_id)):
            return "a tombstone's kind, key and user_id must be strings"
        if self.kind not in KINDS:
            return f"unknown tombstone kind {self.kind!r}"
        if not KEYS[self.kind].fullmatch(self.key):
            what = "a SHA-256 hex digest" if self.kind == "text" else "an id"
            return f"a {self.kind} tombstone's key must be {what}"
        if not ID.fullmatch(self.user_id):
            return "a tombstone's user_id must be a Slack user id"
        return None


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


def buried_by(db: Session, kind: str, key: str) -> str | None:
    """Whose forget left the tombstone `key` of `kind` (None when there is none)."""
    return db.scalars(
        select(Tombstone.user_id).where(Tombstone.kind == kind, Tombstone.key == key[:64])
    ).first()


def all_stones(db: Session) -> list[Stone]:
    """Every tombstone, in a stable order (kind, key; sorted here, not by the database, whose
    collation may differ between SQLite and PostgreSQL)."""
    stones = [Stone(t.kind, t.key, t.user_id, as_utc(t.at)) for t in db.scalars(select(Tombstone))]
    return sorted(stones, key=lambda t: (t.kind, t.key))


def merge(db: Session, stones: Iterable[Stone]) -> int:
    """Add tombstones from another library (idempotent); how many were new or moved a `user`
    line later. A line only moves later: whichever library forgot a person last wins."""
    changed = 0
    for stone in stones:
        at = as_utc(stone.at)
        if stone.kind == "user":
            current = forgotten_at(db, stone.key)
            if current is not None:
                if current < at:
                    set_user_line(db, stone.key, at)
                    changed += 1
                continue
        row = {"kind": stone.kind, "key": stone.key, "user_id": stone.user_id, "at": at}
        changed += insert_ignore(db, Tombstone, [row])
    return changed


def set_user_line(db: Session, user_id: str, at: datetime) -> None:
    """Put `user_id`'s "forgotten up to" line at `at` (an import restores the exporter's line
    after purging what it covers: the purge itself moved it to the time of the import)."""
    db.execute(
        update(Tombstone)
        .where(Tombstone.kind == "user", Tombstone.key == user_id)
        .values(at=as_utc(at))
    )
