"""Persona observations: staged as owner cards, 🧠 appends them to USER.md, ❌ dismisses them.

Never applied without the owner: one bad reflection must not rewrite how the bot works with
people. Applied lines carry a marker (`<!-- seshat:p<id> -->`) so rollback removes exactly them.
"""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

from sqlalchemy.orm import Session

from reflection.schema import Reflection
from store.ledger import audit
from store.models import Observation, ReviewItem
from writers.base import WriteContext, WriterResult
from writers.guard.gate import Guard
from writers.notes.memory import append_marked_line, marker, strip_markers
from writers.notes.observations import stage_observation
from writers.review import create_item
from writers.tokens import cap_lines

USER_FILE = "USER.md"


def user_md_for_prompt(data_dir: Path, max_tokens: int | None = None) -> str:
    """USER.md as the next session sees it (markers stripped; cut to `max_tokens`, newest lines
    kept and the cut logged); "" when absent."""
    path = data_dir / USER_FILE
    text = strip_markers(path.read_text(encoding="utf-8")).strip() if path.exists() else ""
    return text if max_tokens is None else cap_lines(text, max_tokens, what=USER_FILE)


class PersonaWriter:
    """Stages each persona observation for the owner's decision."""

    name = "persona"

    def __init__(self, *, guard: Guard | None = None) -> None:
        self.guard = guard or Guard()

    def write(self, db: Session, ctx: WriteContext, reflection: Reflection) -> WriterResult:
        """Store observations as pending (or quarantined) with a review card each; idempotent."""
        result = WriterResult(status="nothing")
        p = ctx.provenance
        for ordinal, raw in enumerate(reflection.persona_observations):
            staged = stage_observation(
                db,
                ctx,
                result,
                self.guard,
                kind="persona",
                subject="",
                raw=raw,
                ordinal=ordinal,
                ok_status="pending",
                cited=reflection.cited("persona_observations", raw),
            )
            if staged is None:
                continue
            obs, admitted = staged
            create_item(
                db,
                kind="persona",
                target_id=str(obs.id),
                title="Persona observation",
                content=obs.text,
                choices=["save", "reject"],
                reason=admitted.reason if admitted.quarantined else None,
                reflection_id=p.reflection_id,
                provenance=p.as_json(),
                now=ctx.now,
            )
            result.staged += 1
            result.quarantined += int(admitted.quarantined)
        if result.staged:
            result.status = "staged"
        return result


def append_persona_line(data_dir: Path, obs: Observation) -> bool:
    """Append an applied persona observation to USER.md as a marked bullet (once)."""
    line = f"- {obs.text} {marker('p', obs.id)}"
    return append_marked_line(data_dir / USER_FILE, line, compare=obs.text)


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
        append_persona_line(data_dir, obs)
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
