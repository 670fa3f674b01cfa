"""What Seshat keeps about one person, in plain words with provenance (their App Home, `/seshat
memory`): the facts by or about them, the user-model notes about them, their recent sessions.

Each item carries the ref a forget takes (`fact:<id>`, `note:<id>`, `session:<id>`, see
`writers.library.purge.parse_item`).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import func, or_, select
from sqlalchemy.orm import Session

from store.clock import as_utc
from store.models import ChatSession, MemoryEntry, Message, Observation
from writers.guard.reach import View, fact_scope, observation_scope, visible

RECENT_SESSIONS = 20


@dataclass(frozen=True)
class KeptItem:
    """One thing kept about a person."""

    ref: str  # what a forget takes
    kind: str  # fact | note | session
    text: str
    session_id: str | None
    at: datetime
    status: str
    where: str = ""  # a channel id for sessions and channel facts

    @property
    def provenance(self) -> str:
        """ "from session abcd1234 on 2026-11-20" (or "added on …")."""
        day = self.at.date().isoformat()
        if self.session_id:
            return f"from session {self.session_id[:8]} on {day}"
        return f"added on {day}"


def kept_about(db: Session, user_id: str, *, sessions: int = RECENT_SESSIONS) -> list[KeptItem]:
    """Facts, notes, then recent sessions about `user_id`, newest first within each kind.

    Only what the read-side trust rule shows on a person's own record (`writers.guard.reach`):
    their own words, and what is about them once released. A note about them still held for an
    owner's decision is someone else's words until the owner decides.
    """
    view = View.own_record(user_id)
    facts = db.scalars(
        select(MemoryEntry)
        .where(
            or_(
                MemoryEntry.author_id == user_id,
                (MemoryEntry.scope_kind == "user") & (MemoryEntry.scope_id == user_id),
            )
        )
        .order_by(MemoryEntry.created_at.desc(), MemoryEntry.id.desc())
    )
    out = [
        KeptItem(
            f"fact:{f.id}",
            "fact",
            f.text,
            f.session_id,
            as_utc(f.created_at),
            f.status,
            f.scope_id if f.scope_kind == "channel" else "",
        )
        for f in facts
        if visible(fact_scope(f, None), view)
    ]
    notes = db.scalars(
        select(Observation)
        .where(Observation.kind == "user", Observation.subject == user_id)
        .order_by(Observation.created_at.desc(), Observation.id.desc())
    )
    out += [
        KeptItem(f"note:{o.id}", "note", o.text, o.session_id, as_utc(o.created_at), o.status)
        for o in notes
        if visible(
            observation_scope(subject=o.subject, author=o.author_id, status=o.status, origin=None),
            view,
        )
    ]
    counts = (
        select(Message.session_id, func.count(Message.id).label("n"))
        .group_by(Message.session_id)
        .subquery()
    )
    rows = db.execute(
        select(ChatSession, func.coalesce(counts.c.n, 0))
        .outerjoin(counts, counts.c.session_id == ChatSession.id)
        .where(ChatSession.user_id == user_id)
        .order_by(ChatSession.opened_at.desc())
        .limit(sessions)
    ).all()
    out += [
        KeptItem(
            f"session:{s.id}",
            "session",
            f"{n} message(s), state {s.state}",
            s.id,
            as_utc(s.opened_at),
            s.state,
            s.channel,
        )
        for s, n in rows
    ]
    return out
