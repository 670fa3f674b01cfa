"""Concurrent reflections reinforcing one lesson from separate processes (issue 28): every
reinforcement counts once and leaves its provenance entry, on SQLite and on PostgreSQL."""

from __future__ import annotations

import multiprocessing
from datetime import UTC, datetime
from typing import Any

from store.db import Store
from tests.writers.lesson_helpers import ctx, lessons, new_library, write
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
