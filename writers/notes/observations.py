"""What persona and user-model observations share: one idempotent row, admitted by the guard."""

from __future__ import annotations

from collections.abc import Sequence

from sqlalchemy import select
from sqlalchemy.orm import Session

from store.models import Observation
from writers.base import WriteContext, WriterResult
from writers.guard.attribution import for_item
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
    cited: Sequence[int] | None = None,
) -> tuple[Observation, Admitted] | None:
    """Store one observation as the guard admits it; None when this reflection already did.

    Status: `quarantined` when the guard holds it, `ok_status` when the trust rule lets it reach
    someone now, else `pending` (it waits for the owner's card). `cited`: the turns the
    reflection says it rests on; checked, they decide whose words it is (`guard.attribution`).
    """
    ctx = for_item(ctx, raw, cited)
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
