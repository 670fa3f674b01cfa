"""The library as uniform rows (CLI lists, exports, dashboards), and archive/restore for notes.

Every kind is described with the same field names — `id`, `kind`, `text`, `status`, `scope`,
`author`, `session`, `reflection`, `created_at`, `flags`, `provenance` — plus its own extras, so a
`--json` consumer reads facts, notes, user notes, skills and lessons alike. Archiving keeps the
row (ageing and the owner archive; only forgetting deletes): a global note's MEMORY.md line is
removed on archive and written again on restore. Restore brings back only what was archived — a
quarantined item leaves quarantine through the owner's review card, not here.
"""

from __future__ import annotations

from datetime import datetime
from pathlib import Path
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from store.ledger import audit
from store.models import LessonRow, MemoryEntry, Observation, Skill
from writers.notes.memory import MEMORY_FILE, append_note, record_fingerprint, remove_marked_lines


def _iso(value: datetime | None) -> str | None:
    return value.isoformat() if value is not None else None


def memory_row(entry: MemoryEntry) -> dict[str, Any]:
    """A memory entry (global note or scoped fact) as a uniform row."""
    kind = "note" if entry.scope_kind == "global" else "fact"
    scope = "global" if kind == "note" else f"{entry.scope_kind}:{entry.scope_id}"
    return {
        "id": entry.id,
        "kind": kind,
        "text": entry.text,
        "status": entry.status,
        "scope": scope,
        "reach": entry.reach,
        "author": entry.author_id,
        "session": entry.session_id,
        "reflection": entry.reflection_id,
        "created_at": _iso(entry.created_at),
        "updated_at": _iso(entry.updated_at),
        "category": entry.category,
        "confidence": entry.confidence,
        "flags": list(entry.flags),
        "provenance": dict(entry.provenance),
    }


def observation_row(obs: Observation) -> dict[str, Any]:
    """A user-model observation as a uniform row (`scope` is the person it is about)."""
    return {
        "id": obs.id,
        "kind": "user-note" if obs.kind == "user" else "persona",
        "text": obs.text,
        "status": obs.status,
        "scope": f"user:{obs.subject}" if obs.kind == "user" else "global",
        "author": obs.author_id,
        "session": obs.session_id,
        "reflection": obs.reflection_id,
        "created_at": _iso(obs.created_at),
        "subject": obs.subject,
        "flags": list(obs.flags),
        "provenance": dict(obs.provenance),
    }


def skill_row(skill: Skill) -> dict[str, Any]:
    """A skill row (its description is the text) as a uniform row."""
    return {
        "id": skill.id,
        "kind": "skill",
        "text": skill.description,
        "status": skill.status,
        "scope": "global",
        "author": skill.author_id,
        "session": skill.session_id,
        "reflection": skill.reflection_id,
        "created_at": _iso(skill.created_at),
        "slug": skill.slug,
        "flags": list(skill.flags),
        "provenance": dict(skill.provenance),
    }


def lesson_fields(row: LessonRow) -> dict[str, Any]:
    """The uniform fields of a lesson (the lesson CLI adds its own)."""
    return {
        "id": row.id,
        "kind": "lesson",
        "text": f"{row.condition} → {row.action}",
        "status": row.status,
        "scope": "global",
        "author": row.author_ids[0] if row.author_ids else None,
        "session": row.session_ids[0] if row.session_ids else None,
        "reflection": next(
            (p.get("reflection_id") for p in row.provenance if isinstance(p, dict)), None
        ),
        "created_at": _iso(row.created_at),
    }


def memory_entries(db: Session, *, kind: str, status: str | None = None) -> list[MemoryEntry]:
    """Global notes (`note`) or scoped facts (`fact`), newest first."""
    glob = MemoryEntry.scope_kind == "global"
    stmt = select(MemoryEntry).where(glob if kind == "note" else ~glob)
    if status is not None:
        stmt = stmt.where(MemoryEntry.status == status)
    return list(db.scalars(stmt.order_by(MemoryEntry.id.desc())))


def user_notes(db: Session, *, status: str | None = None) -> list[Observation]:
    """User-model observations, newest first."""
    stmt = select(Observation).where(Observation.kind == "user")
    if status is not None:
        stmt = stmt.where(Observation.status == status)
    return list(db.scalars(stmt.order_by(Observation.id.desc())))


def set_status(
    db: Session,
    kind: str,
    row: MemoryEntry | Observation,
    status: str,
    *,
    actor: str,
    now: datetime,
    data_dir: Path,
) -> str | None:
    """Archive (`archived`) or restore (`active`) a note, fact or user note; None when done,
    else why not. Audited as `<target>.archived` / `<target>.restored`."""
    if row.status == status:
        return f"{kind} {row.id} is already {status}"
    if status == "active" and row.status not in ("archived", "decayed"):
        return (
            f"{kind} {row.id} is {row.status}: only archived items are restored "
            "(a quarantined one is released by the owner's review)"
        )
    if status == "archived" and row.status == "quarantined":
        return f"{kind} {row.id} is quarantined: reject its review card instead"
    before = row.status
    row.status = status
    target = "observation" if isinstance(row, Observation) else "memory_entry"
    if isinstance(row, MemoryEntry):
        row.updated_at = now
        if row.scope_kind == "global":
            if status == "archived":
                if remove_marked_lines(data_dir / MEMORY_FILE, "m", [row.id]):
                    record_fingerprint(data_dir)
            elif row.reach == "scope":
                append_note(data_dir, row)
    audit(
        db,
        actor=actor,
        action=f"{target}.{'archived' if status == 'archived' else 'restored'}",
        target_kind=target,
        target_id=str(row.id),
        now=now,
        kind=kind,
        before=before,
    )
    return None
