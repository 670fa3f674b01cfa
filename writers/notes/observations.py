"""What persona and user-model observations share: one idempotent row, admitted by the guard."""

from __future__ import annotations

from sqlalchemy import select
from sqlalchemy.orm import Session

from store.models import Observation
from writers.base import WriteContext, WriterResult
from writers.guard.gate import Admitted, Guard


def stage_observation(
    db: Session,
    ctx: WriteContext,
    result: WriterResult,
    guard: Guard,
    *,
    kind: str,
    subject: str,
    raw: str,
    ordinal: int,
    ok_status: str,
) -> tuple[Observation, Admitted] | None:
    """Store one observation as the guard admits it; None when this reflection already did.

    Status: `quarantined` when the guard holds it, `ok_status` when the trust rule lets it reach
    someone now, else `pending` (it waits for the owner's card).
    """
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
    item_kind = "user_observation" if kind == "user" else "persona"
    admitted = guard.admit(ctx, raw, kind=item_kind, subject=subject if kind == "user" else None)
    result.redacted += admitted.redactions
    if admitted.quarantined:
        status = "quarantined"
    elif admitted.placement.reach == "nobody":
        status = "pending"
    else:
        status = ok_status
    obs = Observation(
        kind=kind,
        subject=subject,
        text=admitted.text,
        source="reflection",
        status=status,
        flags=admitted.flags,
        provenance={**p.as_json(), "user_id": ctx.user_id, "channel": ctx.channel},
        reflection_id=p.reflection_id,
        session_id=p.session_id,
        author_id=ctx.user_id,
        ordinal=ordinal,
        created_at=ctx.now,
    )
    db.add(obs)
    db.flush()
    return obs, admitted
