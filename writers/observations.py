"""What persona and user-model observations share: one idempotent, redacted, checked row."""

from __future__ import annotations

from collections.abc import Sequence

from sqlalchemy import select
from sqlalchemy.orm import Session

from store.models import Observation
from writers.base import WriteContext, WriterResult
from writers.guard import safety
from writers.guard.redact import get_redactor
from writers.guard.safety import SafetyVerdict
from writers.memory import one_line


def stage_observation(
    db: Session,
    ctx: WriteContext,
    result: WriterResult,
    *,
    kind: str,
    subject: str,
    raw: str,
    ordinal: int,
    safety_kind: str,
    ok_status: str,
    allow_domains: Sequence[str],
) -> tuple[Observation, SafetyVerdict] | None:
    """Store one observation (redacted, safety-checked); None when this reflection already did."""
    p = ctx.provenance
    exists = db.scalars(
        select(Observation.id).where(
            Observation.reflection_id == p.reflection_id,
            Observation.kind == kind,
            Observation.subject == subject,
            Observation.ordinal == ordinal,
        )
    ).first()
    if exists is not None:
        return None
    redacted = get_redactor().redact(raw)
    result.redacted += len(redacted.findings)
    text = one_line(redacted.text)
    verdict = safety.check(text, kind=safety_kind, allow_domains=allow_domains)
    obs = Observation(
        kind=kind,
        subject=subject,
        text=text,
        source="reflection",
        status="quarantined" if verdict.flagged else ok_status,
        flags=list(verdict.reasons),
        provenance=p.as_json(),
        reflection_id=p.reflection_id,
        session_id=p.session_id,
        author_id=ctx.user_id,
        ordinal=ordinal,
        created_at=ctx.now,
    )
    db.add(obs)
    db.flush()
    return obs, verdict
