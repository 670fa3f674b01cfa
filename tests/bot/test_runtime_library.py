"""The lesson library a process builds at start: lessons stored with another embedder are
re-embedded once and written back, so the next process to start finds them current."""

from __future__ import annotations

from pathlib import Path

from bot.runtime import Runtime, make_embedder
from store.clock import FakeClock
from store.config import Settings
from tests.support.fakes import FakeLLM
from tests.support.lesson_helpers import ctx, lessons, write
from writers.embed import HashingEmbedder
from writers.lessons import LessonWriter
from writers.lessons.index import LessonLibrary

LESSON = ("a spreadsheet formula returns #REF", "check for deleted rows the formula referenced")


def test_a_lesson_reembedded_at_start_is_written_back(tmp_path: Path) -> None:
    clock = FakeClock()
    settings = Settings(_env_file=None, SESHAT_DATA_DIR=str(tmp_path), SLACK_OWNER_IDS="UOWNER0001")
    first = Runtime(settings, clock=clock, reflection_llm=FakeLLM(model="claude-haiku-4-5"))
    hashing = HashingEmbedder()
    write(
        first.store, LessonWriter(LessonLibrary(hashing)), ctx("s1", "UA", now=clock.now()), LESSON
    )
    (row,) = lessons(first.store)
    assert row.embedder == hashing.name  # stored with another embedder than the daemon's
    first.store.engine.dispose()

    Runtime(settings, clock=clock, reflection_llm=FakeLLM(model="claude-haiku-4-5"))

    current = make_embedder(settings.embedder)
    assert current.name != hashing.name
    (row,) = lessons(first.store)
    assert row.embedder == current.name
    assert len(row.embedding or b"") == current.dim * 4
