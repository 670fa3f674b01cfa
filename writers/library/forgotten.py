"""What a reflection may no longer bring back: items a person had forgotten.

The fan-out passes every reflection through `drop_forgotten` before any writer sees it: an item
whose text (raw or redacted) matches a `text` tombstone is dropped, and so is every observation
about a person from a session opened before they had everything forgotten. An import asks
`may_import` for each item it would add (or `is_forgotten`, re-exported here, for one key).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import datetime

from sqlalchemy.orm import Session

from reflection.schema import Reflection
from store.clock import as_utc
from store.tombstones import (
    forgotten_at,
    forgotten_texts,
    forgotten_users,
    is_forgotten,
    text_key,
)
from writers.lessons.index import lesson_text

__all__ = ["drop_forgotten", "is_forgotten", "may_import", "text_key"]


def may_import(
    db: Session, *, texts: Sequence[str], people: Sequence[str], created_at: datetime
) -> bool:
    """False when importing an item would bring back something forgotten: one of its `texts`
    was forgotten, or one of `people` (its author, subject or session user) had everything
    forgotten after it was made (`created_at`). Items made after that purge may come in."""
    if any(is_forgotten(db, "text", text_key(t)) for t in texts if t):
        return False
    made = as_utc(created_at)
    for person in people:
        at = forgotten_at(db, person) if person else None
        if at is not None and made <= at:
            return False
    return True


def drop_forgotten(
    db: Session,
    reflection: Reflection,
    *,
    session_opened_at: datetime,
    redact: Callable[[str], str],
) -> tuple[Reflection, int]:
    """`reflection` without anything forgotten, and how many items were dropped."""
    texts = forgotten_texts(db)
    users = {uid: at for uid, at in forgotten_users(db).items() if as_utc(session_opened_at) <= at}
    if not texts and not users:
        return reflection, 0

    def gone(*parts: str) -> bool:
        if not texts:
            return False
        raw = "\n".join(parts)
        clean = "\n".join(redact(p) for p in parts)
        return text_key(raw) in texts or text_key(clean) in texts

    dropped = 0

    def keep(items: list[str]) -> list[str]:
        nonlocal dropped
        out = [t for t in items if not gone(t)]
        dropped += len(items) - len(out)
        return out

    updates: dict[str, list[str]] = {}
    for uid, notes in reflection.user_model_updates.items():
        if uid in users:
            dropped += len(notes)
            continue
        if kept := keep(list(notes)):
            updates[uid] = kept
    lessons = [
        lesson
        for lesson in reflection.lessons
        if not gone(lesson_text(lesson.condition, lesson.action))
    ]
    dropped += len(reflection.lessons) - len(lessons)
    changes: dict[str, object] = {
        "memory_notes": keep(list(reflection.memory_notes)),
        "persona_observations": keep(list(reflection.persona_observations)),
        "user_model_updates": updates,
        "lessons": lessons,
    }
    if (
        reflection.should_skill
        and reflection.skill_description
        and gone(reflection.skill_description)
    ):
        changes.update(should_skill=False, skill_slug=None, skill_description=None, skill_body=None)
        dropped += 1
    return reflection.model_copy(update=changes), dropped
