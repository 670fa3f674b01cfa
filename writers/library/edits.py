"""Versioned edits of the library: an owner corrects a lesson, fact, note, skill or user note.

An edit never overwrites: the text the item had is kept in `item_versions` (version 1 is the text
as it was learned, recorded by the first edit) and the new text becomes the next version. The new
text passes the same screening as learned text (`Guard.screen`: hidden characters decoded,
secrets redacted, the poisoning check) plus the reflection's banned keywords; a text the check
flags is refused with the reason and nothing changes. The item keeps its place (scope, reach,
status): an edit corrects wording, it does not share or promote. A global note's MEMORY.md line
and an approved skill's SKILL.md follow the edit (the skill in a commit). Restoring an earlier
version is itself an edit, so it is audited and can be undone the same way.

Kinds: `lesson` (written "condition → action"; without an arrow only the action changes),
`note` (a global memory note, a MEMORY.md line), `fact` (a user- or channel-scoped memory entry),
`skill` (its description; the id is the skill row's or the slug), `user-note` (a user-model
observation).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

from sqlalchemy import func, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from reflection.banned import find_banned_keyword, parse_banned_keywords
from store.config import Settings
from store.ledger import audit
from store.models import ItemVersion, LessonRow, MemoryEntry, Observation, ReviewItem, Skill
from writers import review
from writers.base import content_hash
from writers.guard.gate import Guard
from writers.lessons.review import audit_lesson, card_text
from writers.notes.facts import forget_vectors
from writers.notes.memory import MEMORY_FILE, memory_line, record_fingerprint, replace_marked_line
from writers.skills import gitrepo
from writers.skills.files import SKILL_FILE, draft_path, parse_skill, render_skill

KINDS = ("lesson", "fact", "note", "skill", "user-note")
ARROWS = ("→", "->")
_SCREEN_KIND = {
    "lesson": "lesson",
    "fact": "memory_note",
    "note": "memory_note",
    "skill": "skill",
    "user-note": "user_observation",
}
DEFAULT_BANNED = parse_banned_keywords(
    str(Settings.model_fields["reflection_banned_keywords"].default)
)


@dataclass(frozen=True)
class EditResult:
    """What an edit did: the new version, or why it was refused (nothing changed then)."""

    ok: bool
    version: int | None
    reason: str | None
    redactions: int = 0


@dataclass(frozen=True)
class Place:
    """Where the library's files live, and how edited text is screened."""

    data_dir: Path | None = None
    skills_dir: Path | None = None
    guard: Guard | None = None
    banned_keywords: Sequence[str] = DEFAULT_BANNED

    @classmethod
    def from_settings(cls, settings: Settings) -> Place:
        """The daemon's or the CLI's files and guard."""
        from writers.registry import guard_from_settings

        return cls(
            data_dir=settings.data_dir,
            skills_dir=settings.effective_skills_dir,
            guard=guard_from_settings(settings),
            banned_keywords=settings.banned_keywords,
        )


def load_item(db: Session, kind: str, item_id: int | str) -> Any | None:
    """The row behind (`kind`, `item_id`), or None (also when the kind does not match)."""
    key = str(item_id).lstrip("#")
    if kind == "skill" and not key.isdigit():
        return db.scalars(
            select(Skill)
            .where(Skill.slug == key)
            .order_by((Skill.status == "approved").desc(), Skill.id.desc())
        ).first()
    if not key.isdigit():
        return None
    if kind == "lesson":
        return db.get(LessonRow, int(key))
    if kind in ("fact", "note"):
        entry = db.get(MemoryEntry, int(key))
        if entry is None or (entry.scope_kind == "global") != (kind == "note"):
            return None
        return entry
    if kind == "skill":
        return db.get(Skill, int(key))
    if kind == "user-note":
        obs = db.get(Observation, int(key))
        return obs if obs is not None and obs.kind == "user" else None
    return None


def current_text(kind: str, row: Any) -> str:
    """The editable text of an item (a lesson as "condition → action")."""
    if kind == "lesson":
        return f"{row.condition} → {row.action}"
    if kind == "skill":
        return str(row.description)
    return str(row.text)


def item_history(db: Session, kind: str, item_id: int | str) -> list[ItemVersion]:
    """Every version of an item, oldest first; an item never edited has its text as version 1
    (not stored). Empty for an unknown item."""
    row = load_item(db, kind, item_id)
    if row is None:
        return []
    stored = list(
        db.scalars(
            select(ItemVersion)
            .where(ItemVersion.kind == kind, ItemVersion.item_id == str(row.id))
            .order_by(ItemVersion.version)
        )
    )
    return stored or [_first_version(kind, row)]


def drop_history(db: Session, kind: str, item_ids: Sequence[int | str]) -> int:
    """Delete the stored versions of items (a purge must take their old texts too)."""
    from sqlalchemy import delete

    ids = [str(i) for i in item_ids]
    if not ids:
        return 0
    done = db.execute(
        delete(ItemVersion).where(ItemVersion.kind == kind, ItemVersion.item_id.in_(ids))
    )
    return int(getattr(done, "rowcount", 0) or 0)


def _first_version(kind: str, row: Any) -> ItemVersion:
    author = getattr(row, "author_id", None) or "reflection"
    return ItemVersion(
        kind=kind,
        item_id=str(row.id),
        version=1,
        text=current_text(kind, row),
        actor=f"learned:{author}"[:64],
        at=row.created_at,
        reason="as learned",
    )


def edit_item(
    db: Session,
    kind: str,
    item_id: int | str,
    new_text: str,
    actor: str,
    now: datetime,
    *,
    place: Place | None = None,
    reason: str | None = None,
) -> EditResult:
    """Make `new_text` the item's next version (redacted and checked first); refused with the
    reason, changing nothing, when the item is unknown or the text is flagged."""
    place = place or Place()
    if kind not in KINDS:
        return EditResult(False, None, f"unknown kind {kind!r}; one of {', '.join(KINDS)}")
    row = load_item(db, kind, item_id)
    if row is None:
        return EditResult(False, None, f"no {kind} {item_id}")
    screened = _screen(kind, new_text, place)
    if isinstance(screened, str):
        audit(
            db,
            actor=actor,
            action="edit.refused",
            target_kind=_target_kind(kind),
            target_id=str(row.id),
            now=now,
            kind=kind,
            reason=screened,
        )
        return EditResult(False, None, screened)
    text, redactions = screened
    if kind == "lesson" and " → " not in text:
        text = f"{row.condition} → {text}"  # only the action given: versions hold both
    if text == current_text(kind, row):
        return EditResult(True, _latest(db, kind, row), "unchanged", redactions)
    problem = _needs(kind, row, place)
    if problem is not None:
        return EditResult(False, None, problem)
    history = item_history(db, kind, row.id)
    version = history[-1].version + 1
    try:
        # The version rows first, in a savepoint: a concurrent edit that took this version
        # number fails here, before any file is rewritten.
        with db.begin_nested():
            if history[0].id is None:  # the learned text, recorded now that it changes
                db.add(history[0])
            db.add(
                ItemVersion(
                    kind=kind,
                    item_id=str(row.id),
                    version=version,
                    text=text,
                    actor=actor[:64],
                    at=now,
                    reason=reason or "edit",
                )
            )
    except IntegrityError:
        return EditResult(False, None, f"{kind} {item_id} was edited at the same time; try again")
    _apply(kind, row, text, actor, now, place)
    # A card waiting for a decision on this item must show the new text: an approval binds to
    # what the owner saw (`writers.review.reissue`).
    review.reissue(
        db,
        kinds=_REVIEW_KINDS[kind],
        target_id=str(row.id),
        content=lambda item: card_content(kind, row, item),
        actor=actor,
        now=now,
    )
    detail = {"kind": kind, "version": version, "redactions": redactions, "why": reason or "edit"}
    if kind == "lesson":
        audit_lesson(db, row.id, "lesson.edited", actor, now, **detail)
    else:
        audit(
            db,
            actor=actor,
            action=f"{_target_kind(kind)}.edited",
            target_kind=_target_kind(kind),
            target_id=str(row.id),
            now=now,
            **detail,
        )
    db.flush()
    return EditResult(True, version, None, redactions)


def restore_version(
    db: Session,
    kind: str,
    item_id: int | str,
    version: int,
    actor: str,
    now: datetime,
    *,
    place: Place | None = None,
) -> EditResult:
    """Bring back an earlier version's text, as a new version (re-checked like any edit)."""
    if kind not in KINDS or load_item(db, kind, item_id) is None:
        return EditResult(False, None, f"no {kind} {item_id}")
    old = next((v for v in item_history(db, kind, item_id) if v.version == version), None)
    if old is None:
        return EditResult(False, None, f"{kind} {item_id} has no version {version}")
    return edit_item(
        db, kind, item_id, old.text, actor, now, place=place, reason=f"restore of v{version}"
    )


# The review cards that show each editable kind (see the writers' `create_item` calls).
_REVIEW_KINDS: dict[str, tuple[str, ...]] = {
    "lesson": ("lesson",),
    "fact": ("fact", "memory"),
    "note": ("memory", "fact"),
    "skill": ("skill",),
    "user-note": ("user_observation",),
}


def card_content(kind: str, row: Any, item: ReviewItem) -> str:
    """What a pending card for an edited item shows now (the text its hash binds to)."""
    if kind == "lesson":
        return card_text(row) + (f"\nReason: {item.reason}" if item.reason else "")
    if kind == "skill":
        return "Edited after it was proposed.\n" + render_skill(row.slug, row.description, row.body)
    return str(row.text)


def _latest(db: Session, kind: str, row: Any) -> int:
    top = db.scalar(
        select(func.max(ItemVersion.version)).where(
            ItemVersion.kind == kind, ItemVersion.item_id == str(row.id)
        )
    )
    return int(top or 1)


def _target_kind(kind: str) -> str:
    return {"fact": "memory_entry", "note": "memory_entry", "user-note": "observation"}.get(
        kind, kind
    )


def _screen(kind: str, raw: str, place: Place) -> tuple[str, int] | str:
    """(text to store, redactions), or why it is refused."""
    if not raw.strip():
        return "the new text is empty"
    guard = place.guard or Guard()
    word = find_banned_keyword(raw, place.banned_keywords)
    if word is not None:
        return f"refused: banned keyword {word!r}"
    parts: list[tuple[str, bool]] = [(raw, False)]
    if kind == "lesson":
        arrow = next((a for a in ARROWS if a in raw), None)
        if arrow is not None:
            condition, _, action = raw.partition(arrow)
            if not condition.strip() or not action.strip():
                return "a lesson is written 'condition → action' (both sides non-empty)"
            parts = [(condition, True), (action, False)]
    texts: list[str] = []
    redactions = 0
    for part, situation in parts:
        text, found, verdict, secret = guard.screen(
            part, kind=_SCREEN_KIND[kind], situation=situation
        )
        if verdict.flagged or secret is not None:
            why = verdict.summary if verdict.flagged else secret.describe() if secret else ""
            return "refused by the safety check: " + guard.redact(why).text
        texts.append(text)
        redactions += found
    return " → ".join(texts), redactions


def _needs(kind: str, row: Any, place: Place) -> str | None:
    """Why an edit cannot be written (a file it must rewrite is out of reach), or None."""
    if kind == "note" and row.status == "active" and place.data_dir is None:
        return f"editing a global note rewrites {MEMORY_FILE}: the data directory is needed"
    if kind == "skill" and row.status == "approved" and place.skills_dir is None:
        return "editing an approved skill commits its SKILL.md: the skills directory is needed"
    return None


def _apply(kind: str, row: Any, text: str, actor: str, now: datetime, place: Place) -> None:
    if kind == "lesson":
        row.condition, _, row.action = text.partition(" → ")
        # Re-embedded by the lesson library when it follows the audit event.
        row.embedding = None
        row.embedder = None
    elif kind in ("fact", "note"):
        forget_vectors([row.text_hash])  # no in-process copy of the earlier text stays behind
        row.text = text
        row.text_hash = content_hash(text)
        row.updated_at = now
        if kind == "fact":
            # Embedded again when next read (the database clears it too: migration 0021).
            row.embedding = None
            row.embedder = None
        if kind == "note" and place.data_dir is not None:
            path = place.data_dir / MEMORY_FILE
            if replace_marked_line(path, "m", row.id, memory_line(row)):
                record_fingerprint(place.data_dir)
    elif kind == "user-note":
        row.text = text
    elif kind == "skill":
        _edit_skill(row, text, actor, place)


def _edit_skill(skill: Skill, description: str, actor: str, place: Place) -> None:
    old = render_skill(skill.slug, skill.description, skill.body)
    skill.description = description
    new = render_skill(skill.slug, description, skill.body)
    skill.content_hash = content_hash(new)
    if place.data_dir is not None:
        draft = draft_path(place.data_dir, skill.slug)
        if draft.exists() and draft.read_text(encoding="utf-8") == old:
            draft.write_text(new, encoding="utf-8")
    if skill.status != "approved" or place.skills_dir is None:
        return
    path = place.skills_dir / skill.slug / SKILL_FILE
    if not path.exists():
        return
    meta, body = parse_skill(path.read_text(encoding="utf-8"))
    path.write_text(render_skill(skill.slug, description, body), encoding="utf-8")
    message = (
        f"Edit skill {skill.slug} description\n\nEdited-by: {actor}\n"
        f"Previous-description: {meta.get('description', '')}\n"
    )
    # `commit_sha` stays the approval commit: rollback reverts what was learned, and an edit's
    # commit is undone by restoring the earlier version (another edit).
    gitrepo.commit(place.skills_dir, [f"{skill.slug}/{SKILL_FILE}"], message)
