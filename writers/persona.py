"""Persona observations: staged as owner cards, 🧠 appends them to USER.md, ❌ dismisses them.

Never applied without the owner: one bad reflection must not rewrite how the bot works with
people. Applied lines carry a marker (`<!-- seshat:p<id> -->`) so rollback removes exactly them.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from pathlib import Path

from sqlalchemy import select
from sqlalchemy.orm import Session

from reflection.schema import Reflection
from store.ledger import audit
from store.models import Observation, ReviewItem
from writers import safety
from writers.base import WriteContext, WriterResult
from writers.memory import append_marked_line, marker, one_line, strip_markers
from writers.redact import get_redactor
from writers.review import create_item

USER_FILE = "USER.md"


def user_md_for_prompt(data_dir: Path) -> str:
    """USER.md as the next session sees it (markers stripped); "" when absent."""
    path = data_dir / USER_FILE
    return strip_markers(path.read_text(encoding="utf-8")).strip() if path.exists() else ""


class PersonaWriter:
    """Stages each persona observation for the owner's decision."""

    name = "persona"

    def __init__(self, *, allow_domains: Sequence[str] = ()) -> None:
        self.allow_domains = tuple(allow_domains)

    def write(self, db: Session, ctx: WriteContext, reflection: Reflection) -> WriterResult:
        """Store observations as pending (or quarantined) with a review card each; idempotent."""
        result = WriterResult(status="nothing")
        p = ctx.provenance
        for ordinal, raw in enumerate(reflection.persona_observations):
            exists = db.scalars(
                select(Observation.id).where(
                    Observation.reflection_id == p.reflection_id,
                    Observation.kind == "persona",
                    Observation.subject == "",
                    Observation.ordinal == ordinal,
                )
            ).first()
            if exists is not None:
                continue
            redacted = get_redactor().redact(raw)
            result.redacted += len(redacted.findings)
            text = one_line(redacted.text)
            verdict = safety.check(text, kind="persona", allow_domains=self.allow_domains)
            obs = Observation(
                kind="persona",
                subject="",
                text=text,
                source="reflection",
                status="quarantined" if verdict.flagged else "pending",
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
            create_item(
                db,
                kind="persona",
                target_id=str(obs.id),
                title="Persona observation",
                content=text,
                choices=["save", "reject"],
                reason=verdict.summary if verdict.flagged else None,
                reflection_id=p.reflection_id,
                provenance=p.as_json(),
                now=ctx.now,
            )
            result.staged += 1
            result.quarantined += int(verdict.flagged)
        if result.staged:
            result.status = "staged"
        return result


def apply_persona_decision(
    db: Session,
    item: ReviewItem,
    decision: str,
    actor: str,
    now: datetime,
    *,
    data_dir: Path,
) -> None:
    """🧠/save appends the observation to USER.md as a marked bullet; reject dismisses it."""
    obs = db.get(Observation, int(item.target_id))
    if obs is None:
        return
    if decision in ("save", "approve"):
        line = f"- {obs.text} {marker('p', obs.id)}"
        append_marked_line(data_dir / USER_FILE, line, compare=obs.text)
        obs.status = "applied"
        obs.applied_at = now
    else:
        obs.status = "dismissed"
    audit(
        db,
        actor=actor,
        action=f"persona.{obs.status}",
        target_kind="observation",
        target_id=str(obs.id),
        now=now,
    )
