"""Concurrent reflections reinforcing one lesson from separate processes (issue 28): every
reinforcement counts once and leaves its provenance entry, on SQLite and on PostgreSQL."""

from __future__ import annotations

import multiprocessing
from datetime import UTC, datetime
from typing import Any

from store.db import Store
from tests.support.lesson_helpers import ctx, lessons, new_library, write
from writers.lessons import LessonWriter

NOW = datetime(2026, 11, 25, 12, 0, tzinfo=UTC)
LESSON = (
    "when the user asks for a date range in a report",
    "ask which time zone the dates are in before computing the range",
)
PROCESSES = 4
EACH = 10


def reflect_many(url: str, worker: int, start: Any) -> None:
    """One process (a replica, a reflection worker) reflecting EACH sessions that all teach
    the same lesson, each in its own transaction as the fan-out does."""
    store = Store.open(url, migrate=False)
    try:
        writer = LessonWriter(new_library(store))
        start.wait(120)  # all processes start writing together
        for i in range(EACH):
            user = f"U{worker}X{i}"
            context = ctx(f"s-{worker}-{i}", user, now=NOW, reflection_id=f"r-{worker}-{i}")
            write(store, writer, context, LESSON)
    finally:
        store.close()


def test_concurrent_reinforcements_in_separate_processes_are_all_kept(db_url: str) -> None:
    store = Store.open(db_url)
    try:
        write(store, LessonWriter(new_library(store)), ctx("s-seed", "U0SEED", now=NOW), LESSON)
        spawn = multiprocessing.get_context("spawn")
        start = spawn.Barrier(PROCESSES)  # once each loaded its embedder and library
        procs = [
            spawn.Process(target=reflect_many, args=(db_url, w, start)) for w in range(PROCESSES)
        ]
        for p in procs:
            p.start()
        for p in procs:
            p.join(180)
        assert [p.exitcode for p in procs] == [0] * PROCESSES
        [row] = lessons(store)
        expected = {f"r-{w}-{i}" for w in range(PROCESSES) for i in range(EACH)}
        got = [p["reflection_id"] for p in row.provenance][1:]
        assert sorted(got) == sorted(expected)  # each reflection's entry, once
        assert row.seen_count == 1 + PROCESSES * EACH
        assert len(row.session_ids) == 1 + PROCESSES * EACH
    finally:
        store.close()


OTHER_LESSON = (
    "when a deploy fails on a missing secret",
    "check the secret store entry before re-running the pipeline",
)


def fan_out_many(url: str, worker: int, start: Any, data_dir: str) -> None:
    """Reflections that each reinforce both lessons, through the fan-out; even workers name
    them in one order, odd ones in the other (so their row locks are taken in both orders)."""
    from pathlib import Path

    from tests.support.lesson_helpers import reflection
    from tests.support.writers import seed
    from writers.fanout import fan_out

    store = Store.open(url, migrate=False)
    try:
        writer = LessonWriter(new_library(store))
        pair = (LESSON, OTHER_LESSON) if worker % 2 == 0 else (OTHER_LESSON, LESSON)
        rows = [
            seed(store, NOW, user=f"U{worker}Y{i}", channel=f"D{worker}Y{i}")[1]
            for i in range(EACH)
        ]
        start.wait(120)
        for rid in rows:
            fan_out(
                store,
                reflection_id=rid,
                reflection=reflection(*pair),
                writers=(writer,),
                owner_ids=["UOWNER1"],
                data_dir=Path(data_dir),
                now=NOW,
            )
    finally:
        store.close()


def test_reflections_reinforcing_two_lessons_in_either_order_all_land(
    db_url: str, tmp_path: Any
) -> None:
    # Row locks taken in both orders can deadlock on PostgreSQL: the loser is rolled back and
    # the fan-out runs the (idempotent) writer again, so nothing is lost or left failed.
    store = Store.open(db_url)
    try:
        write(
            store,
            LessonWriter(new_library(store)),
            ctx("s-seed", "U0SEED", now=NOW),
            LESSON,
            OTHER_LESSON,
        )
        spawn = multiprocessing.get_context("spawn")
        start = spawn.Barrier(PROCESSES)
        procs = [
            spawn.Process(target=fan_out_many, args=(db_url, w, start, str(tmp_path)))
            for w in range(PROCESSES)
        ]
        for p in procs:
            p.start()
        for p in procs:
            p.join(180)
        assert [p.exitcode for p in procs] == [0] * PROCESSES
        from store.models import ReflectionRow

        with store.sessions() as db:
            results = [r.writer_results.get("lessons", {}) for r in db.query(ReflectionRow)]
        assert len(results) == PROCESSES * EACH
        assert {r.get("status") for r in results} == {"written"}
        assert [row.seen_count for row in lessons(store)] == [1 + PROCESSES * EACH] * 2
    finally:
        store.close()
