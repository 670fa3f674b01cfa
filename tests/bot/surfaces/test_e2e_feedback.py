"""Feedback buttons through the local Slack workspace and the real Bolt app: a 👎 on a reply
reaches the reflection's input and outcome and counts against the lessons injected into the
session; someone else's click is ignored; 👍, a change of mind and a redelivered click; the
forget purge; `seshat stats` and the owner's App Home."""

from __future__ import annotations

import json
import logging
import time
from collections.abc import Callable, Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import select
from typer.testing import CliRunner

from bot.cli import app
from bot.doubles.stack import LocalStack
from bot.home.user import FORGET_ALL
from bot.slack.feedback_blocks import FEEDBACK_ACTION
from bot.surfaces.feedback import DENIED, NOTED_WRONG
from store.db import Store
from store.models import (
    AuditEvent,
    LessonInjection,
    LessonRow,
    Message,
    ReflectionRow,
    ReplyFeedback,
)
from writers.lessons.review import audit_lesson

OWNER = "U0OWNER"
ALICE = "U0ALICE"
BOB = "U0BOB"
CHANNEL = "C0DEPLOYS"
ANSWER = "Just push to main; the pipeline deploys it."


def reflection(outcome: str) -> str:
    return json.dumps(
        {
            "outcome": outcome,
            "what_worked": "Answered quickly.",
            "what_didnt": "",
            "should_skill": False,
            "memory_notes": [],
            "persona_observations": [],
            "next_check_at": None,
            "user_model_updates": [],
            "lessons": [],
        }
    )


def start(data: Path, **kwargs: Any) -> LocalStack:
    stack = LocalStack(data, owner=OWNER, **kwargs).start()
    stack.slack.add_user(ALICE, "alice")
    stack.slack.add_user(BOB, "bob")
    return stack


@pytest.fixture
def stack(tmp_path: Path) -> Iterator[LocalStack]:
    s = start(tmp_path / "data")
    try:
        yield s
    finally:
        s.stop()


def store_of(stack: LocalStack) -> Store:
    store = stack.bot.store
    assert store is not None
    return store


def seed_lesson(stack: LocalStack) -> int:
    """A canonical lesson every session gets (audited, so the running library loads it)."""
    now = datetime.now(UTC)
    with store_of(stack).sessions.begin() as db:
        row = LessonRow(
            condition="When someone asks how to deploy",
            action="Check the release freeze calendar before suggesting a deploy.",
            rationale="Deploys during a freeze get rolled back.",
            task_type="deploy",
            status="canonical",
            session_ids=["s-old"],
            author_ids=[OWNER],
            provenance=[],
            created_at=now,
            last_seen_at=now,
        )
        db.add(row)
        db.flush()
        audit_lesson(db, row.id, "lesson.canonical", OWNER, now, why="seeded by the test")
        return row.id


def ask(stack: LocalStack, user: str, text: str, *, channel: str | None = None) -> dict[str, Any]:
    """`user` asks (in their DM, or mentioning the bot in `channel`); returns the bot's reply."""
    mark = stack.slack.mark()
    if channel is None:
        msg = stack.slack.user_dm(user, text)
    else:
        msg = stack.slack.user_posts(user, channel, f"<@{stack.slack.bot_user_id}> {text}")
    call = stack.slack.wait_for_call(
        "chat.postMessage", lambda c: c.params.get("thread_ts") == msg["ts"], timeout=15, after=mark
    )
    assert stack.bot.wait_idle(30)
    return {"channel": call.response["channel"], "ts": call.response["ts"], "asked": msg}


def eventually(check: Callable[[], bool], timeout: float = 15.0) -> None:
    deadline = time.monotonic() + timeout
    while not check():
        if time.monotonic() > deadline:
            raise AssertionError("condition not reached in time")
        time.sleep(0.05)


def ratings(stack: LocalStack) -> list[tuple[str, str]]:
    with store_of(stack).sessions() as db:
        rows = db.scalars(select(ReplyFeedback).order_by(ReplyFeedback.id))
        return [(r.user_id, r.rating) for r in rows]


def lesson(stack: LocalStack, lesson_id: int) -> LessonRow:
    with store_of(stack).sessions() as db:
        row = db.get(LessonRow, lesson_id)
        assert row is not None
        return row


def audits(stack: LocalStack, action: str) -> list[AuditEvent]:
    with store_of(stack).sessions() as db:
        return list(db.scalars(select(AuditEvent).where(AuditEvent.action == action)))


def note_for(stack: LocalStack, user: str, mark: int) -> dict[str, Any]:
    call = stack.slack.wait_for_call(
        "chat.postEphemeral", lambda c: c.params.get("user") == user, timeout=15, after=mark
    )
    return call.params


def reflection_input(stack: LocalStack) -> str:
    sent = [r.body for r in stack.anthropic.requests if r.body.get("output_config")]
    assert sent, "no reflection request reached the model"
    content = sent[-1]["messages"][0]["content"]
    return content if isinstance(content, str) else json.dumps(content, ensure_ascii=False)


def test_a_thumbs_down_reaches_the_reflection_its_outcome_and_the_injected_lessons(
    stack: LocalStack,
) -> None:
    lesson_id = seed_lesson(stack)
    # The model thinks the session went well: the user's 👎 must outrank it.
    stack.anthropic.script(ANSWER, "Use the deploy script.", reflection("success"))
    reply = ask(stack, ALICE, "How do I deploy the API?")
    posted = stack.slack.message(reply["channel"], reply["ts"])
    [buttons] = [b for b in posted["blocks"] if b["type"] == "context_actions"]
    assert buttons["elements"][0]["action_id"] == FEEDBACK_ACTION
    with store_of(stack).sessions() as db:
        [injection] = db.scalars(select(LessonInjection)).all()
    assert injection.lesson_id == lesson_id and injection.failure is None

    mark = stack.slack.mark()
    assert stack.slack.click_feedback(ALICE, reply["channel"], reply["ts"], "negative") is None
    assert note_for(stack, ALICE, mark)["text"] == NOTED_WRONG
    assert ratings(stack) == [(ALICE, "negative")]
    # Counted at once against the lesson the answer was written with.
    assert (lesson(stack, lesson_id).times_injected, lesson(stack, lesson_id).times_recurred) == (
        1,
        1,
    )
    [counted] = audits(stack, "lesson.failed_after_injection")
    assert counted.target_id == str(lesson_id) and counted.detail["times_recurred"] == 1
    with store_of(stack).sessions() as db:
        row = db.scalars(select(ReplyFeedback)).one()
        answered = db.scalars(select(Message).where(Message.reply_ts == reply["ts"])).one()
    assert row.reply_ts == reply["ts"] and row.answers_ts == answered.ts == reply["asked"]["ts"]

    # A later answer in the same session is fine; then the session ends and is reflected.
    later = ask(stack, ALICE, "And the worker?")
    stack.slack.slash_command(ALICE, reply["channel"], "/done")
    assert stack.bot.wait_idle(60)

    said = reflection_input(stack)
    wrong = "[feedback button, not said in the chat] the user marked this answer as wrong (👎)"
    assert f"[assistant, turn 2] {ANSWER}\n{wrong}" in said
    assert said.count("marked this answer") == 1  # the later reply carries no rating
    assert later["ts"] != reply["ts"]
    with store_of(stack).sessions() as db:
        [row] = db.scalars(select(ReflectionRow).where(ReflectionRow.status == "ok")).all()
    assert row.outcome == "partial" and row.parsed and row.parsed["outcome"] == "partial"
    assert '"outcome": "success"' in (row.raw_output or "")  # what the model said is kept
    [clamp] = audits(stack, "reflection.outcome_clamped")
    assert clamp.target_id == row.id
    assert clamp.detail["from"] == "success" and clamp.detail["to"] == "partial"
    assert clamp.detail["negative_feedback"] == 1
    # The fan-out settled the feedback again without counting it twice.
    assert lesson(stack, lesson_id).times_recurred == 1
    with store_of(stack).sessions() as db:
        assert db.scalars(select(LessonInjection.failure)).one() == "feedback"


def test_someone_elses_thumbs_down_is_ignored_and_an_owners_counts(stack: LocalStack) -> None:
    lesson_id = seed_lesson(stack)
    stack.anthropic.script(ANSWER, reflection("success"))
    reply = ask(stack, ALICE, "How do I deploy the API?", channel=CHANNEL)

    mark = stack.slack.mark()
    stack.slack.click_feedback(BOB, reply["channel"], reply["ts"], "negative")
    told = note_for(stack, BOB, mark)
    assert told["text"] == DENIED and told["thread_ts"] == reply["asked"]["ts"]
    [ignored] = audits(stack, "feedback.ignored")
    assert ignored.actor == BOB and ignored.detail["reason"].startswith("not the session's user")
    assert ratings(stack) == [] and lesson(stack, lesson_id).times_recurred == 0

    # A crafted value naming another session, from the session's own user: no such reply there.
    mark = stack.slack.mark()
    stack.slack.click_feedback(
        ALICE, reply["channel"], reply["ts"], "negative", value="negative:not-a-session"
    )
    assert "can't find that answer" in note_for(stack, ALICE, mark)["text"]
    assert ratings(stack) == [] and len(audits(stack, "feedback.ignored")) == 2

    # An owner's 👎 counts, and the reflection says whose it was.
    stack.slack.click_feedback(OWNER, reply["channel"], reply["ts"], "negative")
    eventually(lambda: ratings(stack) == [(OWNER, "negative")])
    assert lesson(stack, lesson_id).times_recurred == 1
    stack.slack.slash_command(ALICE, CHANNEL, "/done")
    assert stack.bot.wait_idle(60)
    assert f"an owner ({OWNER}) marked this answer as wrong (👎)" in reflection_input(stack)


def test_thumbs_up_changing_ones_mind_and_a_redelivered_click_over_http(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO, logger="bot.surfaces.feedback")
    stack = start(tmp_path / "data", mode="http")
    try:
        lesson_id = seed_lesson(stack)
        stack.anthropic.script(ANSWER, reflection("success"))
        reply = ask(stack, ALICE, "How do I deploy the API?")
        channel, ts = reply["channel"], reply["ts"]

        stack.slack.click_feedback(ALICE, channel, ts, "positive")
        eventually(lambda: ratings(stack) == [(ALICE, "positive")])
        assert lesson(stack, lesson_id).times_recurred == 0

        # She changes her mind: the 👎 replaces the 👍 and counts against the lesson…
        stack.slack.click_feedback(ALICE, channel, ts, "negative")
        eventually(lambda: ratings(stack) == [(ALICE, "negative")])
        assert lesson(stack, lesson_id).times_recurred == 1
        with store_of(stack).sessions() as db:
            first_click = db.scalars(select(ReplyFeedback.action_ts)).one()
        # …and back: the count is taken back.
        stack.slack.click_feedback(ALICE, channel, ts, "positive")
        eventually(lambda: ratings(stack) == [(ALICE, "positive")])
        eventually(lambda: lesson(stack, lesson_id).times_recurred == 0)
        # The 👎 click delivered again late changes nothing: a newer click is stored.
        stack.slack.click_feedback(ALICE, channel, ts, "negative", action_ts=first_click)
        eventually(lambda: any(r.getMessage() == "feedback stale" for r in caplog.records))
        assert ratings(stack) == [(ALICE, "positive")]
        assert lesson(stack, lesson_id).times_recurred == 0
        assert len(audits(stack, "lesson.failed_after_injection")) == 1
        assert len(audits(stack, "lesson.failure_withdrawn")) == 1

        stack.slack.slash_command(ALICE, channel, "/done")
        assert stack.bot.wait_idle(60)
        said = reflection_input(stack)
        assert "the user marked this answer as helpful (👍)" in said and "👎" not in said
        with store_of(stack).sessions() as db:
            row = db.scalars(select(ReflectionRow).where(ReflectionRow.status == "ok")).one()
        assert row.outcome == "success" and not audits(stack, "reflection.outcome_clamped")
    finally:
        stack.stop()


def test_forget_purges_feedback_and_stats_and_home_show_the_rates(stack: LocalStack) -> None:
    stack.anthropic.script(ANSWER, "Ask the on-call.", "Use the script.")
    alice = ask(stack, ALICE, "How do I deploy the API?")
    second = ask(stack, ALICE, "Who approves it?")
    bob = ask(stack, BOB, "Where are the runbooks?")
    stack.slack.click_feedback(ALICE, alice["channel"], alice["ts"], "negative")
    stack.slack.click_feedback(ALICE, second["channel"], second["ts"], "positive")
    stack.slack.click_feedback(BOB, bob["channel"], bob["ts"], "positive")
    stack.slack.click_feedback(OWNER, bob["channel"], bob["ts"], "positive")
    eventually(lambda: len(ratings(stack)) == 4)

    # The owner's dashboard shows the week's rates.
    mark = stack.slack.mark()
    stack.slack.open_app_home(OWNER)
    home = stack.slack.wait_for_call(
        "views.publish", lambda c: c.params.get("user_id") == OWNER, timeout=15, after=mark
    )
    shown = json.dumps(home.params["view"], ensure_ascii=False)
    assert "*Feedback, last 7 days:* 👍 3 · 👎 1 — 75% helpful" in shown

    # `seshat stats` reads the same numbers from the database.
    env = {
        "SESHAT_DATA_DIR": str(stack.bot.settings.data_dir),
        "DATABASE_URL": stack.bot.settings.effective_database_url,
        "SESHAT_ENV_FILE": str(stack.data_dir / "none.env"),
        "COLUMNS": "200",
    }
    run = CliRunner()
    data = json.loads(run.invoke(app, ["stats", "--json"], env=env).stdout)
    assert data["feedback"] == {
        "positive": 3,
        "negative": 1,
        "total": 4,
        "positive_share": 0.75,
        "sessions": 2,
        "people": 3,
    }
    table = run.invoke(app, ["stats"], env=env)
    assert table.exit_code == 0
    assert "replies rated: 👍 3 · 👎 1 (75% 👍), from 2 session(s) by 3 people" in table.stdout

    # Alice forgets everything: her ratings go, Bob's and the owner's on Bob's reply stay.
    dm = alice["channel"]
    confirm = stack.slack.slash_command(ALICE, dm, "/seshat", "forget")
    assert confirm is not None
    mark = stack.slack.mark()
    stack.slack.click_ephemeral_button(ALICE, dm, confirm["blocks"], FORGET_ALL)
    note_for(stack, ALICE, mark)
    # Bob's and the owner's clicks are handled concurrently after their acks: either row first.
    assert sorted(ratings(stack)) == sorted([(BOB, "positive"), (OWNER, "positive")])
    [receipt] = audits(stack, "forget.receipt")
    assert receipt.detail["counts"]["feedback"] == 2

    # The owner forgets everything too: their rating of Bob's reply goes, Bob's stays.
    confirm = stack.slack.slash_command(OWNER, stack.slack.dm_channel(OWNER), "/seshat", "forget")
    assert confirm is not None
    mark = stack.slack.mark()
    stack.slack.click_ephemeral_button(
        OWNER, stack.slack.dm_channel(OWNER), confirm["blocks"], FORGET_ALL
    )
    note_for(stack, OWNER, mark)
    assert ratings(stack) == [(BOB, "positive")]
