"""Recording a model call (chat or reflection) in the cost ledger, from its `Usage`."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import Connection
from sqlalchemy.orm import Session

from reflection.llm import Usage
from store import ledger


def record_call(
    db: Session | Connection,
    *,
    purpose: str,
    session_id: str | None,
    provider: str,
    model: str,
    usage: Usage | None,
    cost_usd: float,
    duration_ms: int,
    error: str | None,
    now: datetime,
) -> None:
    """One ledger row (a prebuilt INSERT: a reply writes one); `usage=None` with an `error`
    records a call that produced nothing."""
    u = usage or Usage()
    ledger.record_llm_call(
        db,
        purpose=purpose,
        session_id=session_id,
        provider=provider,
        model=model,
        input_tokens=u.input_tokens,
        output_tokens=u.output_tokens,
        cache_write_tokens=u.cache_write_tokens,
        cache_read_tokens=u.cache_read_tokens,
        cost_usd=cost_usd,
        duration_ms=duration_ms,
        ok=error is None,
        error=error,
        now=now,
    )
