"""The cost ledger (one row per model call) and the audit log (who did what, when)."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import Connection, Table, bindparam, func, insert, select
from sqlalchemy.orm import Session

from store.db import Prepared
from store.models import AuditEvent, LLMCall

_LLM_CALLS: Table = LLMCall.__table__  # type: ignore[assignment]
# The columns a ledger row is written with (its id is the database's).
_LLM_CALL_COLUMNS = (
    "purpose",
    "session_id",
    "provider",
    "model",
    "input_tokens",
    "output_tokens",
    "cache_write_tokens",
    "cache_read_tokens",
    "cost_usd",
    "duration_ms",
    "ok",
    "error",
    "created_at",
)
# Prepared (`store.db.Prepared`): every reply writes one, in the transaction storing its answer.
_INSERT_LLM_CALL = Prepared(insert(_LLM_CALLS).values({c: bindparam(c) for c in _LLM_CALL_COLUMNS}))


def record_llm_call(
    db: Session | Connection,
    *,
    purpose: str,
    session_id: str | None,
    provider: str,
    model: str,
    input_tokens: int = 0,
    output_tokens: int = 0,
    cache_write_tokens: int = 0,
    cache_read_tokens: int = 0,
    cost_usd: float = 0.0,
    duration_ms: int = 0,
    ok: bool = True,
    error: str | None = None,
    now: datetime,
) -> None:
    """Append one model call to the ledger: one prepared INSERT (no ORM object, no flush), on
    a Session or, on the reply path, the Connection of the transaction storing the answer."""
    _INSERT_LLM_CALL.run(
        db,
        {
            "purpose": purpose,
            "session_id": session_id,
            "provider": provider,
            "model": model,
            "input_tokens": input_tokens,
            "output_tokens": output_tokens,
            "cache_write_tokens": cache_write_tokens,
            "cache_read_tokens": cache_read_tokens,
            "cost_usd": cost_usd,
            "duration_ms": duration_ms,
            "ok": ok,
            "error": error,
            "created_at": now,
        },
    )


def spent_since(db: Session, *, purpose: str, since: datetime) -> float:
    """USD spent on calls of `purpose` since `since`."""
    total = db.scalar(
        select(func.coalesce(func.sum(LLMCall.cost_usd), 0.0)).where(
            LLMCall.purpose == purpose, LLMCall.created_at >= since
        )
    )
    return float(total or 0.0)


def audit(
    db: Session,
    *,
    actor: str,
    action: str,
    target_kind: str,
    target_id: str,
    now: datetime,
    **detail: Any,
) -> AuditEvent:
    """Append an audit event."""
    row = AuditEvent(
        at=now,
        actor=actor,
        action=action,
        target_kind=target_kind,
        target_id=str(target_id),
        detail=detail,
    )
    db.add(row)
    db.flush()
    return row


def audit_trail(db: Session, *, target_id: str | None = None, limit: int = 200) -> list[AuditEvent]:
    """Recent audit events, newest first (optionally for one target)."""
    stmt = select(AuditEvent).order_by(AuditEvent.id.desc()).limit(limit)
    if target_id is not None:
        stmt = stmt.where(AuditEvent.target_id == target_id)
    return list(db.scalars(stmt))
