"""Export the whole library as versioned JSON, and read such a file back (`writers.library.importer`
merges it).

The file: `{"format": "seshat-export", "version": 2, "lessons", "memory", "observations",
"skills", "skill_states", "skill_files", "files", "versions", "history", "tombstones"}` — every
row with its provenance, the approved SKILL.md files, MEMORY.md and USER.md, the edit versions,
the audit trail of library items, and the tombstones (`store.tombstones`: what people had
forgotten, as kind, id or text hash, whose forget and when — never content), so a forget holds
wherever the library is imported. Not exported: lesson and fact embeddings (recomputed) and
skills' commit shas (they name commits of one repository; an import commits the files anew).
Keys are sorted, so two exports of the same library are byte-for-byte equal.

Version 1 (before tombstones travelled) is still read: it is version 2 without tombstones.
"""

from __future__ import annotations

import json
from datetime import datetime
from pathlib import Path
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from store.clock import as_utc
from store.models import (
    AuditEvent,
    ItemVersion,
    LessonRow,
    MemoryEntry,
    Observation,
    Skill,
    SkillState,
)
from store.tombstones import Stone, all_stones
from writers.notes.memory import MEMORY_FILE
from writers.notes.persona import USER_FILE
from writers.skills.files import SKILL_FILE, approved_index

FORMAT = "seshat-export"
VERSION = 2
READABLE = (1, 2)  # 1: no "tombstones" section
# A tombstone's fields in the file: ids, a hash and a time; its row id stays home.
TOMBSTONE_FIELDS = ("kind", "key", "user_id", "at")
EXCLUDED = {
    "lessons": {"embedding", "embedder"},
    "memory": {"embedding", "embedder"},
    "skills": {"commit_sha"},
}
# Audit targets that belong to the library (its history travels with it). An import's own
# receipt (`lesson.imported`, which tells running daemons to load the lesson) belongs to the
# importing library only, so exports leave it out.
HISTORY_TARGETS = ("lesson", "memory_entry", "observation", "skill", "skill_state")
IMPORT_RECEIPT = "lesson.imported"
# Per section: model, text fields screened on import, the screening kind, the review card kind.
SECTIONS: dict[str, tuple[type[Any], tuple[str, ...], str]] = {
    "lessons": (LessonRow, ("condition", "action", "rationale"), "lesson"),
    "memory": (MemoryEntry, ("text",), "memory_note"),
    "observations": (Observation, ("text",), "user_observation"),
    "skills": (Skill, ("description", "body"), "skill"),
}


class ExchangeError(ValueError):
    """The file is not a Seshat export this version can read; the message says what is wrong."""


# --- export -------------------------------------------------------------------------------------


def _plain(value: Any) -> Any:
    # Always UTC with its offset: SQLite gives naive datetimes, PostgreSQL aware ones, and an
    # export must not depend on the backend it came from.
    return as_utc(value).isoformat() if isinstance(value, datetime) else value


def row_data(row: Any, section: str | None = None) -> dict[str, Any]:
    """A table row as JSON-ready data (every column but the excluded ones)."""
    skip = EXCLUDED.get(section or "", set())
    return {c.key: _plain(getattr(row, c.key)) for c in row.__table__.columns if c.key not in skip}


def export_library(db: Session, *, data_dir: Path, skills_dir: Path) -> dict[str, Any]:
    """The whole library as one JSON-ready dict (stable order: by id)."""
    data: dict[str, Any] = {"format": FORMAT, "version": VERSION}
    for section, (model, _fields, _kind) in SECTIONS.items():
        rows = db.scalars(select(model).order_by(model.id))
        data[section] = [row_data(r, section) for r in rows]
    data["skill_states"] = [
        row_data(s) for s in db.scalars(select(SkillState).order_by(SkillState.slug))
    ]
    data["skill_files"] = {
        slug: (skills_dir / slug / SKILL_FILE).read_text(encoding="utf-8")
        for slug, _ in approved_index(skills_dir)
    }
    data["files"] = {
        name: (data_dir / name).read_text(encoding="utf-8")
        for name in (MEMORY_FILE, USER_FILE)
        if (data_dir / name).exists()
    }
    versions = db.scalars(select(ItemVersion).order_by(ItemVersion.id))
    data["versions"] = [{k: v for k, v in row_data(r).items() if k != "id"} for r in versions]
    events = db.scalars(
        select(AuditEvent)
        .where(AuditEvent.target_kind.in_(HISTORY_TARGETS), AuditEvent.action != IMPORT_RECEIPT)
        .order_by(AuditEvent.id)
    )
    data["history"] = [{k: v for k, v in row_data(e).items() if k != "id"} for e in events]
    data["tombstones"] = [stone_data(t) for t in all_stones(db)]
    return data


def stone_data(stone: Stone) -> dict[str, Any]:
    """A tombstone as JSON-ready data (its fields hold no content: see `Stone.problem`)."""
    return {name: _plain(getattr(stone, name)) for name in TOMBSTONE_FIELDS}


def dumps(data: dict[str, Any]) -> str:
    """The export as text (sorted keys, so two exports compare byte for byte)."""
    return json.dumps(data, ensure_ascii=False, indent=2, sort_keys=True) + "\n"


# --- reading ------------------------------------------------------------------------------------


def load(text: str) -> dict[str, Any]:
    """Parse and check an export's shape; ExchangeError (one line) when it is not one. Its
    "tombstones" come back as checked `Stone`s (an empty list for version 1)."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise ExchangeError(f"not JSON ({exc.msg} at line {exc.lineno})") from exc
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise ExchangeError(f'not a Seshat export (expected "format": "{FORMAT}")')
    version = data.get("version")
    if isinstance(version, int) and not isinstance(version, bool) and version > VERSION:
        raise ExchangeError(
            f"a newer Seshat wrote it (export version {version}; this one reads "
            f"{', '.join(map(str, READABLE))}): upgrade this Seshat (`git pull`, then `bash "
            "scripts/run` reinstalls) and import it again"
        )
    if version not in READABLE:
        raise ExchangeError(
            f"export version {version!r} is not supported"
            f" (this Seshat reads {', '.join(map(str, READABLE))})"
        )
    for section in (*SECTIONS, "skill_states", "versions", "history", "tombstones"):
        value = data.setdefault(section, [])
        if not isinstance(value, list) or not all(isinstance(r, dict) for r in value):
            raise ExchangeError(f'"{section}" must be a list of objects')
    for section in ("skill_files", "files"):
        value = data.setdefault(section, {})
        if not isinstance(value, dict) or not all(isinstance(v, str) for v in value.values()):
            raise ExchangeError(f'"{section}" must map names to text')
    data["tombstones"] = [_stone(i, row) for i, row in enumerate(data["tombstones"])]
    return data


def _stone(index: int, row: dict[str, Any]) -> Stone:
    """One tombstone of the file, checked: only ids, a hash and a time (never text) get in."""
    where = f'"tombstones"[{index}]'
    if set(row) != set(TOMBSTONE_FIELDS):
        raise ExchangeError(f"{where} must have exactly the fields {', '.join(TOMBSTONE_FIELDS)}")
    try:
        at = as_utc(datetime.fromisoformat(str(row["at"])))
    except ValueError as exc:
        raise ExchangeError(f'{where}: "at" is not an ISO 8601 time') from exc
    stone = Stone(row["kind"], row["key"], row["user_id"], at)
    problem = stone.problem()
    if problem is not None:
        raise ExchangeError(f"{where}: {problem}")
    return stone
