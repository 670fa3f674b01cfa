"""The delivery journal's rows in the database (HTTP mode on PostgreSQL).

A replica acks a message once its journal copy (text redacted) is committed here, handles it,
then deletes the row. Rows whose owner is gone (same host, pid dead) or whose lease ran out are
taken over by another replica (`take_over`) and handled there; intake's dedupe on Slack's event
id and on channel+ts makes a second handling of the same message a no-op.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from datetime import datetime
from typing import Any

from sqlalchemy import Connection, Table, bindparam, delete, insert, select, update

from store.leases import PROCESS, claimable
from store.models import IntakeJournalRow

T: Table = IntakeJournalRow.__table__  # type: ignore[assignment]
# Prebuilt: the ack path runs this one for every group of deliveries. RETURNING makes
# SQLAlchemy send a group as one multi-row INSERT (without it, psycopg's executemany sends one
# INSERT per row: in autocommit, a commit each).
_INSERT = insert(T).returning(T.c.id)
_DELETE = delete(T).where(T.c.id.in_(bindparam("ids", expanding=True)))


def row(key: str, payload: dict[str, Any], *, now: datetime, until: datetime) -> dict[str, Any]:
    """The row for one journalled payload (an Events API body, its text redacted)."""
    event = payload.get("event")
    user = event.get("user") if isinstance(event, dict) else None
    return {
        "id": key,
        "owner": PROCESS,
        "user_id": user[:40] if isinstance(user, str) else None,
        "payload": json.dumps(payload, separators=(",", ":")),
        "accepted_at": now,
        "lease_until": until,
    }


def append(conn: Connection, rows: Sequence[dict[str, Any]]) -> None:
    """Insert journal rows (the caller commits: after that they may be acked)."""
    if rows:
        conn.execute(_INSERT, list(rows) if len(rows) > 1 else rows[0]).all()


def remove(conn: Connection, keys: Sequence[str]) -> None:
    """Handled: the rows go."""
    if keys:
        conn.execute(_DELETE, {"ids": list(keys)})


def renew(conn: Connection, keys: Sequence[str], *, until: datetime) -> None:
    """This process still holds these rows (not handled yet) until `until`."""
    if keys:
        conn.execute(
            update(T).where(T.c.id.in_(list(keys)), T.c.owner == PROCESS).values(lease_until=until)
        )


def take_over(
    conn: Connection, *, now: datetime, until: datetime
) -> list[tuple[str, dict[str, Any]]]:
    """Rows of other processes that may be taken (their owner is gone, or its lease ran out),
    now held by this process until `until`: (key, payload), oldest first. Each row moves with
    an UPDATE that names its old owner and lease, so two replicas taking over at once take each
    row only once."""
    found = conn.execute(
        select(T.c.id, T.c.owner, T.c.lease_until)
        .where(T.c.owner != PROCESS)
        .order_by(T.c.accepted_at)
    ).all()
    taken: list[str] = []
    for key, owner, lease_until in found:
        if not claimable(owner, lease_until, now):
            continue
        moved = conn.execute(
            update(T)
            .where(T.c.id == key, T.c.owner == owner, T.c.lease_until == lease_until)
            .values(owner=PROCESS, lease_until=until)
        )
        if moved.rowcount == 1:
            taken.append(key)
    if not taken:
        return []
    payloads = dict(conn.execute(select(T.c.id, T.c.payload).where(T.c.id.in_(taken))).all())
    return [(key, json.loads(payloads[key])) for key in taken if key in payloads]


def forget_user(conn: Connection, user_id: str) -> int:
    """A person asked to be forgotten: their messages waiting here go too (never handled)."""
    result = conn.execute(delete(T).where(T.c.user_id == user_id))
    return int(result.rowcount or 0)


def holding(conn: Connection, text: str) -> int:
    """How many rows hold `text` (the forget checks look in every place text is kept)."""
    return len(conn.execute(select(T.c.id).where(T.c.payload.contains(text))).all())
