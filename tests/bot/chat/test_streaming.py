"""Streamed replies end to end: the anthropic SDK streaming from the local Messages API, the reply
streamed into the local workspace through slack_sdk's `chat_stream`, stored once when it stops;
breaks on either side, a workspace that will not stream, calls Slack did before failing."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any, TypeVar

import pytest

from bot.chat.posting import DONE_ACTION, REPLY_METADATA, WORKING_REACTION
from bot.doubles.anthropic_api import MidStream, Slow
from bot.doubles.slack_workspace import Call, LocalSlackWorkspace
from bot.doubles.stack import LocalStack
from store.models import LLMCall, Message, ReplyState

ALICE = "U0ALICE"
T = TypeVar("T")
ANSWER = " ".join(f"word{i}" for i in range(120))  # ~700 characters, ~175 tokens
STREAM_METHODS = ("chat.startStream", "chat.appendStream", "chat.stopStream")


@pytest.fixture
def stack(tmp_path: Path) -> Iterator[LocalStack]:
    with LocalStack(
        tmp_path / "data", REPLY_STREAMING="auto", REPLY_STREAM_INTERVAL_SECONDS=0.2
    ) as s:
        s.anthropic.tokens_per_second = 150  # ~1.2 s for ANSWER
        s.slack.add_user(ALICE, "alice")
        yield s


def _all(stack: LocalStack, entity: type[T]) -> list[T]:
    """Every row of `entity`, oldest first, detached from the session."""
    store = stack.bot.store
    assert store is not None
    with store.sessions() as db:
        found = list(db.query(entity).order_by(entity.id))  # type: ignore[attr-defined]
        db.expunge_all()
        return found


def rows(stack: LocalStack) -> list[Message]:
    return _all(stack, Message)


def llm_calls(stack: LocalStack) -> list[LLMCall]:
    return _all(stack, LLMCall)


def replies(slack: LocalSlackWorkspace, asked: dict[str, Any]) -> list[dict[str, Any]]:
    """The bot's messages in the thread of `asked`."""
    return [
        m
        for m in slack.messages(asked["channel"])
        if m.get("thread_ts") == asked["ts"] and m.get("bot_id") and m["ts"] != asked["ts"]
    ]


def calls(slack: LocalSlackWorkspace, *methods: str) -> list[Call]:
    return [c for c in slack.calls if c.method in methods]


def finished(stack: LocalStack, method: str = "chat.stopStream", timeout: float = 20) -> Call:
    call = stack.slack.wait_for_call(method, timeout=timeout)
    assert stack.bot.wait_idle(20)
    return call


def test_a_reply_streams_in_several_appends_and_is_stored_once(stack: LocalStack) -> None:
    stack.anthropic.script(ANSWER)
    asked = stack.slack.user_dm(ALICE, "Tell me a long story")
    finished(stack)
    start, *appends, stop = calls(stack.slack, *STREAM_METHODS)
    assert start.method == "chat.startStream" and stop.method == "chat.stopStream"
    assert len(appends) >= 2 and {c.method for c in appends} == {"chat.appendStream"}
    # The first words went at once, in the start; then appends no closer than the interval.
    assert start.params["chunks"][0]["text"].startswith("word0")
    assert start.params["thread_ts"] == asked["ts"]
    times = [c.time for c in [start, *appends]]
    assert all(b - a >= 0.18 for a, b in zip(times, times[1:], strict=False))
    # One message, the whole answer, the Done button after it, the metadata naming the message.
    [reply] = replies(stack.slack, asked)
    assert reply["text"] == ANSWER and reply["ts"] == start.response["ts"]
    assert reply["blocks"][-1]["elements"][0]["action_id"] == DONE_ACTION
    assert reply["metadata"]["event_type"] == REPLY_METADATA
    assert not calls(stack.slack, "chat.postMessage")
    # Stored once, complete, when the stream stopped.
    user, bot = rows(stack)
    assert (bot.is_bot, bot.text, bot.ts) == (True, ANSWER, reply["ts"])
    assert (user.reply_state, user.reply_ts, user.reply_stream_ts) == (
        ReplyState.ANSWERED,
        reply["ts"],
        reply["ts"],
    )
    [call] = llm_calls(stack)
    assert call.ok and call.input_tokens > 0 and call.output_tokens == (len(ANSWER) + 3) // 4
    assert stack.anthropic.requests[0].body["stream"] is True


def test_the_working_signal_goes_when_the_first_words_show(stack: LocalStack) -> None:
    # The model thinks longer than WORKING_SIGNAL_DELAY_SECONDS (2 s): the ⏳ goes on, and comes
    # off as soon as the first words are in the thread, not when the answer is complete.
    stack.anthropic.script(Slow(2.5, ANSWER))
    asked = stack.slack.user_dm(ALICE, "Think hard")
    added = stack.slack.wait_for_call("reactions.add", timeout=10)
    assert (added.params["name"], added.params["timestamp"]) == (WORKING_REACTION, asked["ts"])
    stop = finished(stack)
    [start] = calls(stack.slack, "chat.startStream")
    [removed] = calls(stack.slack, "reactions.remove")
    assert start.time <= removed.time < stop.time


def test_a_channel_stream_names_its_recipient(stack: LocalStack) -> None:
    stack.slack.add_channel("C0GENERAL", "general")
    stack.anthropic.script(ANSWER)
    asked = stack.slack.user_posts(ALICE, "C0GENERAL", f"<@{stack.slack.bot_user_id}> story?")
    start = stack.slack.wait_for_call("chat.startStream", timeout=20)
    assert (start.params["recipient_user_id"], start.params["recipient_team_id"]) == (
        ALICE,
        stack.slack.team_id,
    )
    finished(stack)
    [reply] = replies(stack.slack, asked)
    assert reply["text"] == ANSWER


def test_the_model_failing_midway_leaves_a_note_and_says_so_in_the_transcript(
    stack: LocalStack,
) -> None:
    stack.anthropic.script(MidStream(ANSWER, 300, error="overloaded_error"))
    asked = stack.slack.user_dm(ALICE, "Tell me a long story")
    finished(stack)
    [reply] = replies(stack.slack, asked)
    seen = ANSWER[:300].strip()
    assert reply["text"] == seen + "\n\n_… (the answer was cut off: overloaded_error)_"
    assert rows(stack)[1].text == reply["text"]
    [call] = llm_calls(stack)
    assert not call.ok and "overloaded_error" in (call.error or "")
    assert call.input_tokens > 0 and call.output_tokens == (300 + 3) // 4


def test_slack_failing_midway_leaves_a_note_and_says_so_in_the_transcript(
    stack: LocalStack,
) -> None:
    stack.anthropic.script(ANSWER)
    stack.slack.faults.add("chat.appendStream", status=200, error="message_not_in_streaming_state")
    asked = stack.slack.user_dm(ALICE, "Tell me a long story")
    finished(stack, "chat.update")
    [reply] = replies(stack.slack, asked)
    [start, append] = calls(stack.slack, "chat.startStream", "chat.appendStream")
    seen = start.params["chunks"][0]["text"].rstrip()
    note = (
        "\n\n_… (the answer was cut off: Slack stopped taking it: message_not_in_streaming_state)_"
    )
    assert reply["text"] == seen + note and append.status == 200
    assert reply["metadata"]["event_type"] == REPLY_METADATA
    assert rows(stack)[1].text == reply["text"]
    # Reading the model stopped with the display: the rest was never paid for as a whole.
    assert llm_calls(stack)[0].output_tokens < (len(ANSWER) + 3) // 4


def test_a_workspace_without_streaming_gets_a_post_edited_into_place(stack: LocalStack) -> None:
    stack.slack.refuse_streaming("not_allowed")
    stack.anthropic.script(ANSWER, ANSWER + " again")
    asked = stack.slack.user_dm(ALICE, "Tell me a long story")
    finished(stack, "chat.update")
    post = stack.slack.wait_for_call("chat.postMessage")
    updates = calls(stack.slack, "chat.update")
    assert post.params["text"].startswith("word0") and len(post.params["text"]) < len(ANSWER)
    assert post.params["metadata"]["event_type"] == REPLY_METADATA  # from the first words on
    assert len(updates) >= 2
    [reply] = replies(stack.slack, asked)
    assert reply["text"] == ANSWER and rows(stack)[1].text == ANSWER
    # The refusal is remembered: the next reply does not ask to stream first.
    again = stack.slack.user_dm(ALICE, "And another?")
    stack.slack.wait_for_call(
        "chat.postMessage", lambda c: c.params.get("thread_ts") == again["ts"]
    )
    assert stack.bot.wait_idle(20)
    assert len(calls(stack.slack, "chat.startStream")) == 1
    assert [r["text"] for r in replies(stack.slack, again)] == [ANSWER + " again"]


@pytest.mark.parametrize("method", ["chat.startStream", "chat.appendStream", "chat.stopStream"])
def test_a_stream_call_slack_did_before_failing_is_not_done_twice(
    stack: LocalStack, method: str
) -> None:
    # The daemon's client retries 5xx and dropped connections; none of these calls may be
    # retried blindly (the text would show twice, or a second message open).
    stack.anthropic.script(ANSWER)
    stack.slack.faults.add(method, status=500, after=True)
    asked = stack.slack.user_dm(ALICE, "Tell me a long story")
    stack.slack.wait_for_call(method, timeout=20)
    assert stack.bot.wait_idle(20)
    [reply] = replies(stack.slack, asked)
    # Done once (the faulty call); any later call of the method did nothing (a stop of a
    # message no longer streaming, made to be sure before the closing edit).
    done = [c for c in calls(stack.slack, method) if c.status >= 500 or c.response.get("ok")]
    assert len(done) == 1
    [bot] = [m for m in rows(stack) if m.is_bot]
    assert reply["text"] == bot.text and reply["text"].startswith("word0")
    words = reply["text"].split("\n\n_…")[0].split()
    assert len(words) == len(set(words))  # nothing shown twice
    assert reply["metadata"]["event_type"] == REPLY_METADATA
    assert not calls(stack.slack, "chat.postMessage")
    if method != "chat.appendStream":  # a failed append cuts the reply; the others recover
        assert reply["text"] == ANSWER


def test_a_post_slack_did_before_failing_is_not_posted_twice(tmp_path: Path) -> None:
    with LocalStack(tmp_path / "data") as stack:  # REPLY_STREAMING=off: one post per reply
        stack.slack.add_user(ALICE, "alice")
        stack.slack.faults.add("chat.postMessage", status=0, after=True)  # done, then cut
        asked = stack.slack.user_dm(ALICE, "hello")
        stack.slack.wait_for_call("chat.postMessage", timeout=20)
        assert stack.bot.wait_idle(20)
        [reply] = replies(stack.slack, asked)
        assert len(calls(stack.slack, "chat.postMessage")) == 1
        [user, bot] = rows(stack)
        assert user.reply_state == ReplyState.ANSWERED and bot.ts == reply["ts"]
