"""Feedback buttons → efficacy (writers/lessons/feedback.py) on SQLite and PostgreSQL: a 👎 after a
lesson's
injection counts once, is taken back with the 👎, never doubles a recurrence; an ineffective
lesson is flagged; skill uses get the user's verdict and the governor counts it."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import timedelta
from pathlib import Path

import pytest
from sqlalchemy import select

from store import feedback
from store import sessions as S
from store.clock import FakeClock
from store.db import Store
from store.models import LessonInjection, LessonRow, ReviewItem, SkillInvocation
from tests.writers.skills.test_skill_use import MATCHING, World
from writers.lessons import record_injection
from writers.lessons.efficacy import RECURRED, count_failure
from writers.lessons.feedback import settle
from writers.skills.governor import failed_use

USER = "U1"


class Session:
    """One session of USER in a DM, with the bot's replies posted at the clock's time."""

    def __init__(self, store: Store, clock: FakeClock, thread: str) -> None:
        self.store, self.clock = store, clock
        with store.sessions.begin() as db:
            row, _ = S.get_or_open(db, S.SessionKey("T1", "D1", thread, USER), now=clock.now())
            self.id = row.id
        self.n = 0
        self.clicks = 0

    def reply(self) -> str:
        """The bot answers (one second later); returns the reply's ts."""
        self.clock.advance(timedelta(seconds=1))
        self.n += 1
        ts = f"{1000 + self.n}.000001"
        with self.store.sessions.begin() as db:
            S.add_message(
                db,
                session_id=self.id,
                channel="D1",
                ts=ts,
                user_id="UBOT",
                is_bot=True,
                text=f"answer {self.n}",
                now=self.clock.now(),
            )
        return ts

    def inject(self, lesson_id: int) -> None:
        self.clock.advance(timedelta(seconds=1))
        with self.store.sessions.begin() as db:
            record_injection(db, self.id, [lesson_id], self.clock.now())

    def rate(self, reply_ts: str, rating: str) -> None:
        """USER clicks, then the click is settled (as bot/surfaces/feedback.py does)."""
        self.clicks += 1
        with self.store.sessions.begin() as db:
            feedback.record(
                db,
                session_id=self.id,
                channel="D1",
                reply_ts=reply_ts,
                answers_ts=None,
                user_id=USER,
                rating=rating,
                action_ts=f"2000.{self.clicks:06d}",
                now=self.clock.now(),
            )
            settle(db, self.id, now=self.clock.now())

    def failure(self, lesson_id: int) -> str | None:
        with self.store.sessions() as db:
            return db.scalar(
                select(LessonInjection.failure).where(
                    LessonInjection.session_id == self.id, LessonInjection.lesson_id == lesson_id
                )
            )


def new_lesson(store: Store, clock: FakeClock) -> int:
    with store.sessions.begin() as db:
        row = LessonRow(
            condition="When asked to deploy",
            action="Check the freeze calendar first.",
            status="canonical",
            created_at=clock.now(),
            last_seen_at=clock.now(),
        )
        db.add(row)
        db.flush()
        return row.id


def recurred(store: Store, lesson_id: int) -> tuple[int, int]:
    with store.sessions() as db:
        row = db.get(LessonRow, lesson_id)
        assert row is not None
        return row.times_injected, row.times_recurred


def test_a_thumbs_down_counts_once_for_lessons_injected_before_its_reply(
    store: Store, clock: FakeClock
) -> None:
    lesson = new_lesson(store, clock)
    s = Session(store, clock, "t1")
    early = s.reply()
    s.inject(lesson)  # the lesson came in only for the second answer
    s.rate(early, "negative")
    assert recurred(store, lesson) == (1, 0) and s.failure(lesson) is None
    late = s.reply()
    s.rate(late, "negative")
    assert recurred(store, lesson) == (1, 1) and s.failure(lesson) == "feedback"
    for _ in range(3):  # a resumed fan-out, a re-run, another click: still one
        with store.sessions.begin() as db:
            assert settle(db, s.id, now=clock.now()).lessons == []
    s.rate(late, "negative")
    assert recurred(store, lesson) == (1, 1)
    # Taken back when no 👎 after the injection is left.
    s.rate(late, "positive")
    assert recurred(store, lesson) == (1, 0) and s.failure(lesson) is None


def test_a_recurrence_and_a_thumbs_down_are_one_failure(store: Store, clock: FakeClock) -> None:
    lesson = new_lesson(store, clock)
    first = Session(store, clock, "t1")
    first.inject(lesson)
    with store.sessions.begin() as db:
        assert count_failure(db, first.id, lesson, RECURRED)
    first.rate(first.reply(), "negative")
    assert recurred(store, lesson) == (1, 1) and first.failure(lesson) == RECURRED
    first.rate("1001." + "0" * 6, "positive")  # a rating of a reply it never posted
    first.rate(first.reply(), "positive")
    assert recurred(store, lesson) == (1, 1)  # the recurrence stays whatever the clicks say

    second = Session(store, clock, "t2")
    second.inject(lesson)
    reply = second.reply()
    second.rate(reply, "negative")
    assert recurred(store, lesson) == (2, 2) and second.failure(lesson) == "feedback"
    with store.sessions.begin() as db:  # the reflection then finds the same failure
        assert not count_failure(db, second.id, lesson, RECURRED)
    assert recurred(store, lesson) == (2, 2) and second.failure(lesson) == RECURRED
    second.rate(reply, "positive")
    assert recurred(store, lesson) == (2, 2)


def test_thumbs_down_in_half_its_sessions_flags_a_lesson_ineffective(
    store: Store, clock: FakeClock
) -> None:
    lesson = new_lesson(store, clock)
    sessions = [Session(store, clock, f"t{i}") for i in range(3)]
    for s in sessions:
        s.inject(lesson)
    sessions[0].rate(sessions[0].reply(), "negative")
    sessions[1].rate(sessions[1].reply(), "positive")
    with store.sessions() as db:
        row = db.get(LessonRow, lesson)
        assert row is not None and "ineffective" not in row.flags
    sessions[2].rate(sessions[2].reply(), "negative")
    assert recurred(store, lesson) == (3, 2)
    with store.sessions() as db:
        row = db.get(LessonRow, lesson)
        assert row is not None and "ineffective" in row.flags
        [card] = db.scalars(select(ReviewItem).where(ReviewItem.target_id == str(lesson))).all()
    assert "ineffective: the failure recurred in 2 of 3" in (card.reason or "")


def test_skill_uses_get_the_users_verdict(store: Store, clock: FakeClock) -> None:
    s = Session(store, clock, "t1")
    before = s.reply()
    clock.advance(timedelta(seconds=1))
    with store.sessions.begin() as db:
        db.add(SkillInvocation(skill_slug="deploy", session_id=s.id, at=clock.now()))
    after = s.reply()

    def verdict() -> str | None:
        with store.sessions() as db:
            return db.scalar(select(SkillInvocation.feedback))

    s.rate(before, "negative")  # on an answer written before the skill was used
    assert verdict() is None
    s.rate(after, "positive")
    assert verdict() == "positive"
    s.rate(after, "negative")
    assert verdict() == "negative"


def test_the_governor_counts_the_users_verdict_over_the_reflections() -> None:
    assert failed_use("success", "negative") and failed_use("failure", None)
    assert not failed_use("failure", "positive") and not failed_use(None, None)
    assert not failed_use("partial", None)


@pytest.fixture
def world(tmp_path: Path) -> Iterator[World]:
    w = World(tmp_path / "data")
    yield w
    w.runtime.close()


def test_a_skill_whose_answers_get_thumbs_down_is_quarantined(world: World) -> None:
    world.approve_skill()
    store = world.runtime.store
    for _ in range(3):
        # The model calls each session a success; the user's 👎 on the answer says otherwise.
        sid, _prompt = world.session(MATCHING)
        world.clock.advance(timedelta(seconds=5))
        with store.sessions.begin() as db:
            S.add_message(
                db,
                session_id=sid,
                channel="DUSER0002",
                ts=f"{world.clock.now().timestamp():.6f}",
                user_id="UBOT",
                is_bot=True,
                text="Run make rollout.",
                now=world.clock.now(),
            )
            reply_ts = f"{world.clock.now().timestamp():.6f}"
            feedback.record(
                db,
                session_id=sid,
                channel="DUSER0002",
                reply_ts=reply_ts,
                answers_ts=None,
                user_id="UUSER00002",
                rating="negative",
                action_ts=reply_ts,
                now=world.clock.now(),
            )
            settle(db, sid, now=world.clock.now())
            S.close(db, sid, now=world.clock.now(), reason="done")
        world.llm.enqueue('{"outcome": "success"}')
        reflected = world.runtime.runner.reflect(sid)
        assert reflected.reflection is not None and reflected.reflection.outcome == "partial"
        world.runtime.apply(reflected)
    uses = world.invocations()
    assert [(u.outcome, u.feedback) for u in uses] == [("partial", "negative")] * 3
    assert world.govern().quarantined == ["deploy-service"]
    assert world.state("deploy-service") == "quarantined"
