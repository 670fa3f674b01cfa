"""Dedupe of Slack deliveries (a key is claimed once, by whichever worker or replica comes first)
and session events (what Seshat did in a session besides replying: stall steps, loop stops)."""

from __future__ import annotations

import functools
from datetime import datetime
from typing import Any

from sqlalchemy import Connection, Table, bindparam, delete, select
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.orm import Session

from store.db import Prepared, dialect_of, insert_ignore, insert_ignore_statement
from store.models import ProcessedEvent, SessionEvent


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


def claim_new(db: Session | Connection, keys: list[str], *, now: datetime) -> bool:
    """Claim every key in one statement (a multi-row `INSERT … ON CONFLICT DO NOTHING RETURNING`
    built once); False when any of them was seen before. Then the ones it did insert are still
    in the caller's transaction: it must roll back (the intake calls this first in its
    transaction, so a rollback loses nothing else)."""
    unique = list(dict.fromkeys(keys))
    if len(unique) <= _PREPARED_KEYS:
        # A delivery's one or two keys: the same statement, prepared (`store.db.Prepared`).
        params: dict[str, Any] = {f"key_{i}": key for i, key in enumerate(unique)}
        params["at_"] = now
        dialect = dialect_of(db)
        if dialect == "sqlite":
            # The rows inserted, by the driver's count (`sqlite3_changes`: a key already there
            # is not counted), with no RETURNING (`Prepared.changed`).
            inserted, _rowid = _claim(dialect, len(unique)).changed(db, params)
            return inserted == len(unique)
        return len(_claim(dialect, len(unique)).run(db, params)) == len(unique)
    statement = insert_ignore_statement(db, ProcessedEvent.__table__)
    rows = [{"key": key, "received_at": now} for key in unique]
    return len(db.execute(statement, rows).all()) == len(unique)


# A delivery's keys: its channel and ts, and its event id when it has one.
_PREPARED_KEYS = 2


@functools.lru_cache(maxsize=8)
def _claim(dialect: str, count: int) -> Prepared:
    """`claim_new`'s statement for `count` keys: `INSERT INTO processed_events … VALUES
    (:key_0, :at_), … ON CONFLICT DO NOTHING RETURNING key`, one row per key (on SQLite
    without the RETURNING: the driver's row count says how many were inserted)."""
    table: Table = ProcessedEvent.__table__  # type: ignore[assignment]
    insert = sqlite.insert if dialect == "sqlite" else postgresql.insert
    rows: list[dict[str, Any]] = [
        {"key": bindparam(f"key_{i}"), "received_at": bindparam("at_")} for i in range(count)
    ]
    values = insert(table).values(rows if count > 1 else rows[0]).on_conflict_do_nothing()
    return Prepared(values if dialect == "sqlite" else values.returning(table.c.key))


def forget_before(db: Session, cutoff: datetime) -> int:
    """Drop dedupe keys older than `cutoff` (Slack stops retrying after minutes)."""
    result = db.execute(delete(ProcessedEvent).where(ProcessedEvent.received_at < cutoff))
    return int(getattr(result, "rowcount", 0) or 0)


def release(db: Session, keys: list[str]) -> None:
    """Forget claims whose work did not happen, so it can be claimed (and done) again."""
    if keys:
        db.execute(delete(ProcessedEvent).where(ProcessedEvent.key.in_(keys)))


def record(
    db: Session, session_id: str, kind: str, *, now: datetime, detail: dict[str, Any] | None = None
) -> None:
    """Append a session event (kinds: see migration 0008)."""
    db.add(SessionEvent(session_id=session_id, at=now, kind=kind, detail=detail or {}))


def of_session(db: Session, session_id: str) -> list[SessionEvent]:
    """The session's events, oldest first."""
    return list(
        db.scalars(
            select(SessionEvent)
            .where(SessionEvent.session_id == session_id)
            .order_by(SessionEvent.at, SessionEvent.id)
        )
    )
