"""How long transcripts are kept: TRANSCRIPT_RETENTION_DAYS after a session closed and was
reflected (or skipped), its messages are deleted; the session row, what was learned from it and
the ledger stay (0 = kept until the person is forgotten).

Only finished sessions lose their transcript: an open, closing, reflecting, deferred or failed
session keeps it, so a reflection still to run (or to retry) has its input.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from sqlalchemy import delete, select
from sqlalchemy.orm import Session

from store.models import ChatSession, Message, SessionState

FINISHED = (SessionState.REFLECTED, SessionState.SKIPPED)


def expire_transcripts(db: Session, *, now: datetime, days: float) -> int:
    """Delete the messages of sessions finished more than `days` ago; how many were deleted."""
    if days <= 0:
        return 0
    cutoff = now - timedelta(days=days)
    finished = (
        select(ChatSession.id)
        .where(ChatSession.state.in_(FINISHED), ChatSession.closed_at.isnot(None))
        .where(ChatSession.closed_at < cutoff)
    )
    result = db.execute(
        delete(Message)
        .where(Message.session_id.in_(finished))
        .execution_options(synchronize_session=False)
    )
    return int(getattr(result, "rowcount", 0) or 0)
