"""Scheduled jobs run once per period across replicas: two real daemons on one database."""

from __future__ import annotations

import threading
from collections import Counter
from collections.abc import Callable, Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from sqlalchemy import select

from bot import jobs
from bot.doubles.stack import LocalStack
from store.clock import FakeClock
from store.db import Store
from store.models import AuditEvent, LessonRow

START = datetime(2026, 11, 23, 3, 17, tzinfo=UTC)


def add_stale_lessons(store: Store, n: int, now: datetime) -> list[int]:
    """`n` provisional lessons last seen 60 days before `now` (the decay job archives them)."""
    seen = now - timedelta(days=60)
    rows = [
        LessonRow(
            condition=f"case {now:%j}-{i}",
            action=f"do thing {i}",
            created_at=seen,
            last_seen_at=seen,
        )
        for i in range(n)
    ]
    with store.sessions.begin() as db:
        db.add_all(rows)
        db.flush()
        return [r.id for r in rows]


def archived_audits(store: Store) -> Counter[str]:
    with store.sessions() as db:
        rows = db.scalars(select(AuditEvent).where(AuditEvent.action == "lesson.archived"))
        return Counter(r.target_id for r in rows)


def statuses(store: Store) -> Counter[str]:
    with store.sessions() as db:
        return Counter(db.scalars(select(LessonRow.status)))


def at_once(*calls: Callable[[], bool]) -> list[bool]:
    """Run the calls in threads released together; their results in call order."""
    barrier = threading.Barrier(len(calls))
    results: list[bool | BaseException] = [False] * len(calls)

    def run(i: int) -> None:
        barrier.wait(timeout=30)
        try:
            results[i] = calls[i]()
        except BaseException as exc:
            results[i] = exc

    threads = [threading.Thread(target=run, args=(i,)) for i in range(len(calls))]
    for t in threads:
        t.start()
    for t in threads:
        t.join(120)
    for r in results:
        if isinstance(r, BaseException):
            raise r
    return [bool(r) for r in results]


@pytest.fixture
def replicas(tmp_path: Path, db_url: str) -> Iterator[tuple[LocalStack, LocalStack, FakeClock]]:
    """Two daemons (own runtime, own Store) on one database, sharing a fake clock."""
    clock = FakeClock(START)
    with (
        LocalStack(tmp_path / "a", clock=clock, database_url=db_url, start_scheduler=True) as a,
        LocalStack(tmp_path / "b", clock=clock, database_url=db_url, start_scheduler=True) as b,
    ):
        for stack in (a, b):
            # The test fires the jobs itself; the real timers must not (03:17 UTC can happen).
            assert stack.bot.scheduler is not None
            stack.bot.scheduler.pause()
        yield a, b, clock


def scheduled(stack: LocalStack) -> dict[str, Callable[[], bool]]:
    assert stack.bot.scheduler is not None
    return {job.id: job.func for job in stack.bot.scheduler.get_jobs()}


def test_two_daemons_run_the_daily_job_once_and_audit_each_archive_once(
    replicas: tuple[LocalStack, LocalStack, FakeClock],
) -> None:
    a, b, clock = replicas
    assert a.bot.store is not None and b.bot.store is not None
    first = add_stale_lessons(a.bot.store, 200, clock.now())
    job_a, job_b = scheduled(a), scheduled(b)
    leased = {"sweep", "deferred", "dedupe", "decay", "retention", "replies", "follow-up"}
    # Not behind a lease: the check-in poller (deleting a job's row is its claim) and this
    # process's own delivery journal.
    assert set(job_a) == set(job_b) == leased | {"checkins", "journal"}

    assert sorted(at_once(job_a["decay"], job_b["decay"])) == [False, True]
    audits = archived_audits(a.bot.store)
    assert set(audits) == {str(i) for i in first} and set(audits.values()) == {1}
    assert statuses(b.bot.store) == {"archived": 200}

    # Later the same day neither replica runs it again (new stale lessons stay live) …
    clock.advance(hours=20)
    later = add_stale_lessons(b.bot.store, 30, clock.now())
    assert at_once(job_a["decay"], job_b["decay"]) == [False, False]
    assert statuses(a.bot.store) == {"archived": 200, "provisional": 30}
    # … the next day exactly one does.
    clock.advance(hours=4)
    assert sorted(at_once(job_b["decay"], job_a["decay"])) == [False, True]
    audits = archived_audits(b.bot.store)
    assert set(audits) == {str(i) for i in first + later} and set(audits.values()) == {1}


def test_every_scheduled_job_runs_in_one_daemon_per_period(
    replicas: tuple[LocalStack, LocalStack, FakeClock],
) -> None:
    a, b, clock = replicas
    job_a, job_b = scheduled(a), scheduled(b)
    for job in ("sweep", "deferred", "dedupe"):
        assert job_a[job]() is True, job
        assert job_b[job]() is False, job
    clock.advance(minutes=1)  # the next idle-sweep bucket (IDLE_SWEEP_SECONDS=60), same hour
    assert job_b["sweep"]() is True and job_a["sweep"]() is False
    assert job_a["dedupe"]() is False and job_b["dedupe"]() is False
    clock.advance(hours=1)
    assert job_b["dedupe"]() is True and job_a["dedupe"]() is False
    assert job_a["deferred"]() is False  # still the same UTC day
    clock.advance(days=1)
    assert job_b["deferred"]() is True and job_a["deferred"]() is False


def test_periods_are_time_buckets_that_sort_in_time_order() -> None:
    assert jobs.daily(datetime(2026, 11, 23, 23, 59, tzinfo=UTC)) == "2026-11-23"
    hourly, minute = jobs.every(3600), jobs.every(60)
    assert hourly(datetime(2026, 11, 23, 14, 59, 59, tzinfo=UTC)) == "2026-11-23T14:00:00"
    times = [START + timedelta(seconds=37 * k) for k in range(400)]
    for period in (jobs.daily, hourly, minute, jobs.every(0.5), jobs.every(86400 * 7)):
        buckets = [period(t) for t in times]
        assert buckets == sorted(buckets)
    # Changing an interval setting between restarts never moves a job's period backwards.
    assert minute(START + timedelta(seconds=1)) >= hourly(START)
    with pytest.raises(ValueError):
        jobs.every(0)
