"""Builders shared by the lesson, selector and poisoning tests (real components, no mocks)."""

from __future__ import annotations

import itertools
from datetime import datetime
from pathlib import Path

from sqlalchemy.orm import Session

from reflection.schema import Lesson, Reflection
from store.db import Store
from store.models import LessonRow, MemoryEntry
from writers.base import Provenance, WriteContext, WriterResult, content_hash
from writers.embed import default_embedder
from writers.lessons import LessonWriter
from writers.lessons.index import LessonLibrary
from writers.review import decide

OWNER = "UOWNER1"
_ids = itertools.count(1)


def ctx(
    session_id: str,
    *authors: str,
    now: datetime,
    outcome: str = "failure",
    channel: str = "C1",
    reflection_id: str | None = None,
) -> WriteContext:
    """A write context for one reflected session."""
    rid = reflection_id or f"r-{next(_ids)}"
    return WriteContext(
        provenance=Provenance(
            reflection_id=rid,
            session_id=session_id,
            source_ts=("1.0",),
            author_ids=tuple(authors),
            model="fake-model",
            prompt_version="v1",
        ),
        team="T1",
        channel=channel,
        user_id=authors[0],
        is_dm=channel.startswith("D"),
        owner_ids=(OWNER,),
        data_dir=Path("."),
        now=now,
        outcome=outcome,
    )


def reflection(*lessons: tuple[str, str], task_type: str = "general", outcome: str = "failure"):
    """A reflection carrying the given (condition, action) lessons."""
    return Reflection(
        outcome=outcome,  # type: ignore[arg-type]
        lessons=[Lesson(condition=c, action=a, task_type=task_type) for c, a in lessons],
    )


def new_library(store: Store) -> LessonLibrary:
    """A library built from the store (cold start)."""
    with store.sessions.begin() as db:
        return LessonLibrary.build(db, default_embedder())


def write(
    store: Store,
    writer: LessonWriter,
    context: WriteContext,
    *lessons: tuple[str, str],
    task_type: str = "general",
) -> WriterResult:
    """Run the writer in its own committed transaction, like the fan-out does."""
    with store.sessions.begin() as db:
        return writer.write(db, context, reflection(*lessons, task_type=task_type))


def lessons(store: Store) -> list[LessonRow]:
    """Every lesson row, by id."""
    with store.sessions() as db:
        return list(db.query(LessonRow).order_by(LessonRow.id))


def approve(db: Session, item_id: int, now: datetime, decision: str = "approve") -> None:
    """The owner decides a review card through the shared decision path."""
    from writers.lessons import apply_lesson_decision

    res = decide(
        db,
        item_id,
        decision=decision,
        actor=OWNER,
        owner_ids=(OWNER,),
        now=now,
        appliers={"lesson": apply_lesson_decision},
    )
    assert res.applied, res.message


def add_fact(
    db: Session,
    text: str,
    *,
    scope_kind: str,
    scope_id: str,
    now: datetime,
    status: str = "active",
    flags: list[str] | None = None,
    confidence: float = 0.7,
    reach: str = "scope",
    author_id: str | None = None,
) -> MemoryEntry:
    """Insert a fact row directly (the memory writer is another module's job); by default one
    already shared with its scope, as after an owner's decision."""
    from writers.notes.facts import fact_fields

    fields = fact_fields(text)
    row = MemoryEntry(
        text=text,
        text_hash=content_hash(text),
        category=fields.category,
        tags=fields.tags,
        scope_kind=scope_kind,
        scope_id=scope_id,
        reach=reach,
        author_id=author_id,
        status=status,
        confidence=confidence,
        decay_rate=fields.decay_rate,
        access_count=0,
        flags=flags or [],
        provenance={},
        ordinal=next(_ids),
        created_at=now,
        updated_at=now,
    )
    db.add(row)
    db.flush()
    return row
