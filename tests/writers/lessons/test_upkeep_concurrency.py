"""Two lesson-upkeep runs at once (PostgreSQL, real row locks): each archive is audited once."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator
from datetime import UTC, datetime, timedelta

import pytest
from sqlalchemy import func, select
from sqlalchemy.orm import Session

from store.db import Store
from store.models import AuditEvent, LessonRow
from writers.lessons.upkeep import decay_lessons, enforce_caps

NOW = datetime(2026, 11, 23, 3, 17, tzinfo=UTC)


@pytest.fixture
def pg_store(pg_url: str) -> Iterator[Store]:
    s = Store.open(pg_url)
    yield s
    s.close()


def decay(db: Session) -> list[int]:
    return decay_lessons(db, NOW, decay_days=30).archived


def caps(db: Session) -> list[int]:
    return enforce_caps(db, canonical_cap=10, provisional_cap=50, now=NOW)


@pytest.mark.postgres
@pytest.mark.parametrize("step", [decay, caps], ids=["decay", "caps"])
def test_a_second_concurrent_run_archives_and_audits_nothing(
    pg_store: Store, step: Callable[[Session], list[int]]
) -> None:
    with pg_store.sessions.begin() as db:
        for i in range(200):
            seen = NOW - timedelta(days=60 if step is decay else i / 100)
            db.add(LessonRow(condition=f"c{i}", action=f"a{i}", created_at=seen, last_seen_at=seen))
    first = pg_store.sessions()
    first.begin()
    won = step(first)  # archived, not committed: the rows stay locked
    assert len(won) == (200 if step is decay else 150)
    second: list[object] = []

    def other_replica() -> None:
        try:
            with pg_store.sessions.begin() as db:
                second.append(step(db))  # read the lessons as live; its first write waits
        except BaseException as exc:
            second.append(exc)

    t = threading.Thread(target=other_replica)
    t.start()
    time.sleep(0.5)
    assert t.is_alive(), second
    first.commit()
    first.close()
    t.join(60)
    assert second == [[]]
    with pg_store.sessions() as db:
        audits = db.execute(
            select(AuditEvent.target_id, func.count())
            .where(AuditEvent.action == "lesson.archived")
            .group_by(AuditEvent.target_id)
        ).all()
        archived = db.scalar(
            select(func.count()).select_from(LessonRow).where(LessonRow.status == "archived")
        )
    assert archived == len(won) == len(audits)
    assert {n for _, n in audits} == {1}
