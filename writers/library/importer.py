"""Import a Seshat export (`writers.library.export`): merge it into the library.

Import rules (an import is not a way around the review gate):
- Every text is redacted and screened exactly like learned text (`Guard.screen`, the banned
  keywords). A flagged item is stored `quarantined`, whatever its status in the file, with a
  pending review card for the owner; a canonical lesson, an approved skill or an active note from
  the file keeps its status only when its text passes.
- Statuses that need nobody's approval, or record one already given (provisional, canonical,
  active, decayed, archived, rejected, approved, applied, dismissed…), are kept otherwise: running
  `seshat import` is an operator's action, audited like `seshat review approve`.
- Merging is idempotent: an item already present (by content: a lesson's condition and action, a
  memory entry's scope, author and text, an observation's kind, subject and text, a skill's slug
  and content) is skipped, so a second import changes nothing. Ids are kept when free (an empty
  data dir round-trips exactly) and remapped otherwise.
- Forgetting travels, but only by an owner's decision: a file's tombstones are applied only
  for the people the owner named (`forget`, `seshat import FILE --forget U`); the others are
  withheld and reported with what they would delete here. The named ones are merged first
  (`writers.library.tombstone_import`), and
  what this library still holds of what they cover is purged through the forget path (or the
  import is refused, naming `seshat forget --user U`, when that would be a guess). Then
  `excluded_by_forget` is called once per item before it is written: the place where forgotten
  people's data is refused, in this import and every later one.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Collection
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from sqlalchemy import DateTime, false, or_, select, text, true
from sqlalchemy.exc import StatementError
from sqlalchemy.orm import Session

from store.clock import as_utc
from store.ledger import audit
from store.models import (
    AuditEvent,
    ItemVersion,
    LessonRow,
    MemoryEntry,
    Observation,
    Skill,
    SkillState,
)
from writers.base import content_hash
from writers.guard.gate import Guard
from writers.lessons.review import audit_lesson
from writers.library.edits import DEFAULT_BANNED
from writers.library.export import (
    EXCLUDED,
    HISTORY_TARGETS,
    IMPORT_RECEIPT,
    SECTIONS,
    ExchangeError,
)
from writers.library.forgotten import may_import
from writers.library.purge import Receipt
from writers.library.tombstone_import import apply_tombstones, would_delete
from writers.notes.memory import (
    MEMORY_FILE,
    append_note,
    marker_ids,
    record_fingerprint,
    remove_marked_lines,
)
from writers.notes.persona import USER_FILE, append_persona_line
from writers.review import create_item
from writers.skills import gitrepo
from writers.skills.files import SKILL_FILE, render_skill


@dataclass
class ImportReport:
    """What an import did, per section."""

    added: dict[str, int] = field(default_factory=dict)
    skipped: dict[str, int] = field(default_factory=dict)
    quarantined: int = 0
    redacted: int = 0
    refused: int = 0  # excluded by forget
    tombstones: int = 0  # new (or a person's line moved later)
    purged: list[Receipt] = field(default_factory=list)  # forgets the tombstones asked for
    # Tombstones not applied because nobody confirmed their person by name: person → how many
    # things held here they would delete (-1: their data here spans the tombstone).
    withheld: dict[str, int] = field(default_factory=dict)

    def count(self, section: str, added: bool) -> None:
        """Count one item of `section` as added or as already present."""
        into = self.added if added else self.skipped
        into[section] = into.get(section, 0) + 1


def excluded_by_forget(db: Session, section: str, item: dict[str, Any]) -> bool:
    """True when `item` (a row of `section`) must not come back because its person asked to
    be
    forgotten (writers/library/forgotten.py): a forgotten text, or an author, subject or session
    user
    whose everything was forgotten after the item was made. A lesson other people's sessions
    also support comes in without the forgotten people's provenance (as the purge left it)."""
    _model, fields, _kind = SECTIONS[section]
    texts = [str(item.get(f) or "") for f in fields]
    try:
        made = as_utc(datetime.fromisoformat(str(item.get("created_at"))))
    except ValueError:
        made = datetime.max.replace(tzinfo=UTC)  # undated: only text tombstones apply
    if section == "lessons":
        authors = [str(a) for a in item.get("author_ids") or []]
        gone = {a for a in authors if not may_import(db, texts=[], people=[a], created_at=made)}
        if gone:
            if len(gone) == len(authors):
                return True
            item["author_ids"] = [a for a in authors if a not in gone]
            item["provenance"] = [p for p in item.get("provenance") or [] if not _names(p, gone)]
        return not may_import(db, texts=texts, people=[], created_at=made)
    people = [item.get("author_id"), item.get("subject")]
    if item.get("scope_kind") == "user":
        people.append(item.get("scope_id"))
    return not may_import(db, texts=texts, people=[str(p) for p in people if p], created_at=made)


def _names(value: Any, people: set[str]) -> bool:
    """Does a provenance entry name one of `people`?"""
    return any(f'"{p}"' in json.dumps(value) for p in people)


# --- import -------------------------------------------------------------------------------------


@dataclass
class _Importer:
    db: Session
    guard: Guard
    banned: tuple[str, ...]
    data_dir: Path
    skills_dir: Path
    actor: str
    now: datetime
    report: ImportReport = field(default_factory=ImportReport)
    ids: dict[tuple[str, str], str] = field(default_factory=dict)  # (section, old) → new
    remapped: set[str] = field(default_factory=set)

    def screen(self, kind: str, value: str, *, situation: bool = False) -> tuple[str, list[str]]:
        from reflection.banned import find_banned_keyword

        multiline = "\n" in value
        cleaned, found, verdict, secret = self.guard.screen(
            value, kind=kind, multiline=multiline, situation=situation
        )
        self.report.redacted += found
        flags = list(verdict.reasons)
        if secret is not None:
            flags.append("invisible_unicode")
        word = find_banned_keyword(value, self.banned)
        if word is not None:
            flags.append("banned_keyword")
        # One-line texts were stored one-lined by the writers; keep their exact form.
        return (cleaned if multiline or cleaned != " ".join(value.split()) else value), flags

    def row(self, section: str, item: dict[str, Any]) -> Any | None:
        model, fields, kind = SECTIONS[section]
        values = _columns(model, item, EXCLUDED.get(section, set()))
        flags: list[str] = []
        for name in fields:
            if isinstance(values.get(name), str) and values[name]:
                screened, found = self.screen(
                    kind
                    if section != "observations" or values.get("kind") == "user"
                    else "persona",
                    values[name],
                    situation=name == "condition",
                )
                values[name] = screened
                flags += found
        if section == "memory":
            values["text_hash"] = content_hash(values.get("text", ""))
        existing = self.find(section, values)
        if existing is not None:
            self.ids[(section, str(item.get("id")))] = str(existing)
            self.report.count(section, added=False)
            return None
        old = values.pop("id", None)
        if old is not None and self.db.get(model, old) is None:
            values["id"] = old
        elif old is not None:
            self.remapped.add(section)
        row = model(**values)
        if flags:
            # Held by this import: marked, so the owner's card says why it is not in use.
            marks = [] if row.status == "quarantined" else ["imported"]
            row.status = "quarantined"
            row.flags = list(dict.fromkeys([*(row.flags or []), *flags, *marks]))
        self.db.add(row)
        self.db.flush()
        self.ids[(section, str(old))] = str(row.id)
        self.report.count(section, added=True)
        if flags:
            self.report.quarantined += 1
        if section == "lessons":
            # Running daemons follow lesson audit events into their in-memory library.
            audit_lesson(self.db, row.id, IMPORT_RECEIPT, self.actor, self.now)
        # Review cards are not exported: what waited for the owner waits again here.
        if row.status in ("quarantined", "pending", "draft"):
            self.hold(section, row, flags or list(row.flags or []))
        return row

    def find(self, section: str, v: dict[str, Any]) -> int | None:
        db = self.db
        stmt: Any
        # Besides the content, the writers' own unique keys (reflection, ordinal): the same
        # learned item edited since is still the same item.
        rid = v.get("reflection_id")
        # (reflection_id IS NULL would match every hand-made row)
        same_source = true() if rid is not None else false()
        if section == "memory":
            stmt = select(MemoryEntry.id).where(
                or_(
                    (MemoryEntry.scope_kind == v.get("scope_kind"))
                    & (MemoryEntry.scope_id == v.get("scope_id", ""))
                    & (MemoryEntry.author_id == v.get("author_id"))
                    & (MemoryEntry.text_hash == v["text_hash"]),
                    same_source
                    & (MemoryEntry.reflection_id == rid)
                    & (MemoryEntry.ordinal == v.get("ordinal")),
                )
            )
        elif section == "observations":
            stmt = select(Observation.id).where(
                or_(
                    (Observation.kind == v.get("kind"))
                    & (Observation.subject == v.get("subject", ""))
                    & (Observation.text == v.get("text")),
                    same_source
                    & (Observation.reflection_id == rid)
                    & (Observation.kind == v.get("kind"))
                    & (Observation.subject == v.get("subject", ""))
                    & (Observation.ordinal == v.get("ordinal")),
                )
            )
        elif section == "skills":
            stmt = select(Skill.id).where(
                or_(
                    (Skill.slug == v.get("slug")) & (Skill.content_hash == v.get("content_hash")),
                    same_source & (Skill.reflection_id == rid),
                )
            )
        else:
            stmt = select(LessonRow.id).where(
                LessonRow.condition == v.get("condition"), LessonRow.action == v.get("action")
            )
        found = db.scalars(stmt).first()
        return int(found) if found is not None else None

    def hold(self, section: str, row: Any, flags: list[str]) -> None:
        if section == "memory":
            card = "memory" if row.scope_kind == "global" else "fact"
            content = row.text
        elif section == "observations":
            card = "persona" if row.kind == "persona" else "user_observation"
            content = row.text
        elif section == "skills":
            card, content = "skill", render_skill(row.slug, row.description, row.body)
        else:
            card, content = "lesson", f"When: {row.condition}\nDo: {row.action}"
        create_item(
            self.db,
            kind=card,
            target_id=str(row.id),
            title=f"Imported {card} held: {content.splitlines()[0]}"[:200],
            content=content,
            choices=["save", "reject"] if card == "persona" else ["approve", "reject"],
            reason=("flagged: " + ", ".join(flags)) if flags else "imported, waiting for review",
            reflection_id=row.reflection_id if section != "lessons" else None,
            provenance={"import": True},
            now=self.now,
        )


# What a field of the wrong type or shape raises on its way into a row (a text where a time
# goes, a list where a text goes, a missing required value when the row is written).
MALFORMED = (KeyError, TypeError, ValueError, AttributeError, StatementError)


def why(exc: Exception) -> str:
    """The first line of what refused a malformed item (no SQL, no parameters)."""
    cause = getattr(exc, "orig", None) or exc
    lines = str(cause).strip().splitlines()
    return f"{type(cause).__name__}: {lines[0] if lines else ''}".rstrip(": ")


def _columns(model: Any, item: dict[str, Any], skip: set[str]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for column in model.__table__.columns:
        if column.key in skip or column.key not in item:
            continue
        value = item[column.key]
        if isinstance(column.type, DateTime) and isinstance(value, str):
            value = datetime.fromisoformat(value)
        out[column.key] = value
    return out


def import_library(
    db: Session,
    data: dict[str, Any],
    *,
    data_dir: Path,
    skills_dir: Path,
    actor: str,
    now: datetime,
    guard: Guard | None = None,
    banned_keywords: tuple[str, ...] = DEFAULT_BANNED,
    progress: Callable[[str, int], None] | None = None,
    forget: Collection[str] = (),
) -> ImportReport:
    """Merge a loaded export (`writers.library.export.load`) into the library (see the module
    docstring for the rules); ForgetFirst, with nothing changed, when its tombstones cover a
    person this library also holds newer data of.

    A file never deletes here on its own say: only the tombstones of the people named in
    `forget` (an owner's decision, by name) are merged and applied; the others are withheld and
    reported with what they would delete (`ImportReport.withheld`)."""
    imp = _Importer(db, guard or Guard(), banned_keywords, data_dir, skills_dir, actor, now)
    tick = progress or (lambda _section, _n: None)
    stones = list(data.get("tombstones", []))
    confirmed = [s for s in stones if s.user_id in set(forget)]
    held = [s for s in stones if s.user_id not in set(forget)]
    if held:
        imp.report.withheld = would_delete(
            db, held, data_dir=data_dir, actor=actor, now=now, skills_dir=skills_dir
        )
    imp.report.tombstones, imp.report.purged = apply_tombstones(
        db, confirmed, data_dir=data_dir, actor=actor, now=now, skills_dir=skills_dir
    )
    for section in SECTIONS:
        for index, item in enumerate(data[section]):
            try:
                if excluded_by_forget(db, section, item):
                    imp.report.refused += 1
                else:
                    imp.row(section, item)
            except MALFORMED as exc:
                # A hand-edited or foreign file: say which item; the caller rolls back.
                raise ExchangeError(f'"{section}"[{index}] cannot be imported: {why(exc)}') from exc
            tick(section, 1)
    _states(imp, data["skill_states"])
    _versions(imp, data["versions"])
    _history(imp, data["history"])
    # Files last: a malformed version or event above rolls the database back before anything
    # was written to disk beside it.
    _skill_files(imp, data["skill_files"])
    _files(imp, data["files"])
    _fix_sequences(db)
    audit(
        db,
        actor=actor,
        action="library.imported",
        target_kind="library",
        target_id="import",
        now=now,
        added=imp.report.added,
        skipped=imp.report.skipped,
        quarantined=imp.report.quarantined,
        refused=imp.report.refused,
        tombstones=imp.report.tombstones,
        purged=[{"user": r.user_id, "item": r.item, "total": r.total} for r in imp.report.purged],
        withheld=imp.report.withheld,
    )
    return imp.report


def _states(imp: _Importer, states: list[dict[str, Any]]) -> None:
    for item in states:
        values = _columns(SkillState, item, set())
        if values.get("slug") and imp.db.get(SkillState, values["slug"]) is None:
            imp.db.add(SkillState(**values))
            imp.report.count("skill_states", added=True)
        else:
            imp.report.count("skill_states", added=False)


def _skill_files(imp: _Importer, files: dict[str, str]) -> None:
    approved = set(imp.db.scalars(select(Skill.slug).where(Skill.status == "approved")))
    for slug, content in sorted(files.items()):
        path = imp.skills_dir / slug / SKILL_FILE
        if slug not in approved or path.exists():
            continue
        _cleaned, flags = imp.screen("skill", content)
        if flags:
            imp.report.quarantined += 1
            continue  # a flagged file is not put where sessions read it
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(imp.guard.redact(content).text, encoding="utf-8")
        gitrepo.commit(
            imp.skills_dir,
            [f"{slug}/{SKILL_FILE}"],
            f"Import skill {slug}\n\nImported-by: {imp.actor}\n",
        )


def _files(imp: _Importer, files: dict[str, str]) -> None:
    """MEMORY.md / USER.md: into an empty data dir whose ids were kept, the file as exported
    (redacted; people's lines kept) minus the bot's lines for items not imported as in use
    (forgotten, or held by this import); otherwise only the imported items' lines are added."""
    for name, content in files.items():
        if name not in (MEMORY_FILE, USER_FILE):
            continue
        path = imp.data_dir / name
        fresh = not path.exists() or not path.read_text(encoding="utf-8").strip()
        section, prefix = ("memory", "m") if name == MEMORY_FILE else ("observations", "p")
        in_use = _in_use(imp, section)
        if fresh and section not in imp.remapped:
            imp.data_dir.mkdir(parents=True, exist_ok=True)
            path.write_text(imp.guard.redact(content).text, encoding="utf-8")
            remove_marked_lines(path, prefix, marker_ids(path, prefix) - {r.id for r in in_use})
        else:
            for row in in_use:
                if isinstance(row, MemoryEntry):
                    append_note(imp.data_dir, row)
                else:
                    append_persona_line(imp.data_dir, row)
        if name == MEMORY_FILE:
            record_fingerprint(imp.data_dir)


def _in_use(imp: _Importer, section: str) -> list[Any]:
    """Imported (or already present) rows whose line belongs in MEMORY.md / USER.md."""
    out: list[Any] = []
    for (sec, _old), new in imp.ids.items():
        if sec != section:
            continue
        if section == "memory":
            entry = imp.db.get(MemoryEntry, int(new))
            if entry and entry.scope_kind == "global" and entry.status == "active":
                out.append(entry)
        else:
            obs = imp.db.get(Observation, int(new))
            if obs and obs.kind == "persona" and obs.status == "applied":
                out.append(obs)
    return out


def _versions(imp: _Importer, versions: list[dict[str, Any]]) -> None:
    section_of = {
        "lesson": "lessons",
        "fact": "memory",
        "note": "memory",
        "user-note": "observations",
        "skill": "skills",
    }
    for item in versions:
        values = _columns(ItemVersion, item, {"id"})
        kind = str(values.get("kind", ""))
        new = imp.ids.get((section_of.get(kind, ""), str(values.get("item_id"))))
        if new is None:
            continue
        values["item_id"] = new
        values["text"] = imp.guard.redact(str(values.get("text", ""))).text
        exists = imp.db.scalars(
            select(ItemVersion.id).where(
                ItemVersion.kind == kind,
                ItemVersion.item_id == new,
                ItemVersion.version == values.get("version"),
            )
        ).first()
        if exists is None:
            imp.db.add(ItemVersion(**values))
        imp.report.count("versions", added=exists is None)


def _history(imp: _Importer, events: list[dict[str, Any]]) -> None:
    section_of = {
        "lesson": "lessons",
        "memory_entry": "memory",
        "observation": "observations",
        "skill": "skills",
    }
    for item in events:
        values = _columns(AuditEvent, item, {"id"})
        target = str(values.get("target_kind", ""))
        if target not in HISTORY_TARGETS or values.get("action") == IMPORT_RECEIPT:
            continue
        old = str(values.get("target_id", ""))
        values["target_id"] = imp.ids.get((section_of.get(target, ""), old), old)
        values["detail"] = _redacted_detail(imp.guard, values.get("detail"))
        exists = imp.db.scalars(
            select(AuditEvent.id).where(
                AuditEvent.at == values.get("at"),
                AuditEvent.actor == values.get("actor"),
                AuditEvent.action == values.get("action"),
                AuditEvent.target_kind == target,
                AuditEvent.target_id == values["target_id"],
            )
        ).first()
        if exists is None:
            imp.db.add(AuditEvent(**values))
        imp.report.count("history", added=exists is None)
    imp.db.flush()


def _redacted_detail(guard: Guard, detail: Any) -> dict[str, Any]:
    raw = json.dumps(detail if isinstance(detail, dict) else {}, ensure_ascii=False)
    cleaned = guard.redact(raw).text
    try:
        value = json.loads(cleaned)
    except json.JSONDecodeError:
        return {"redacted": cleaned}
    return value if isinstance(value, dict) else {"redacted": cleaned}


def _fix_sequences(db: Session) -> None:
    """After inserting explicit ids, PostgreSQL's sequences must move past them."""
    if db.get_bind().dialect.name != "postgresql":
        return
    for table in ("lessons", "memory_entries", "observations", "skills"):
        db.execute(
            text(
                f"SELECT setval(pg_get_serial_sequence('{table}', 'id'), "
                f"COALESCE((SELECT MAX(id) FROM {table}), 0) + 1, false)"
            )
        )


def total_items(data: dict[str, Any]) -> int:
    """How many items an import walks one by one (a progress bar's total)."""
    return sum(len(data[section]) for section in SECTIONS)
