"""A rate-limited chat.startStream (issue 28): that reply is posted and edited into place, and
streaming comes back once Slack's Retry-After has passed, not ten minutes later for the whole
process. A real refusal (`not_allowed`) is still remembered (tests/bot/chat/test_streaming.py)."""

from __future__ import annotations

import logging
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from bot.doubles.stack import LocalStack

ALICE = "U0ALICE"
ANSWER = " ".join(f"word{i}" for i in range(60))


@pytest.fixture
def stack(tmp_path: Path) -> Iterator[LocalStack]:
    with LocalStack(
        tmp_path / "data", REPLY_STREAMING="auto", REPLY_STREAM_INTERVAL_SECONDS=0.2
    ) as s:
        s.anthropic.tokens_per_second = 150
        s.slack.add_user(ALICE, "alice")
        yield s


@pytest.mark.parametrize("answer", ["http-429", "ok-false"])
def test_a_rate_limited_stream_start_backs_off_that_call_only(
    stack: LocalStack, answer: str, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.WARNING, logger="bot.chat.streaming")
    # The client retries an HTTP 429 three times after Retry-After; an `ok: false` answer is
    # not retried. Either way the start ends refused for this reply.
    if answer == "http-429":
        stack.slack.faults.add("chat.startStream", status=429, retry_after=1, times=4)
    else:
        stack.slack.faults.add("chat.startStream", status=200, error="ratelimited", retry_after=1)
    stack.anthropic.script(ANSWER, ANSWER + " again")
    first = stack.slack.user_dm(ALICE, "Tell me a story")
    stack.slack.wait_for_call("chat.update", timeout=20)
    assert stack.bot.wait_idle(20)
    [post] = [
        c
        for c in stack.slack.calls
        if c.method == "chat.postMessage" and c.params.get("thread_ts") == first["ts"]
    ]
    assert post.params["text"].startswith("word0")  # shown while written, by edits
    assert "rate-limited" in caplog.text and "refused" not in caplog.text
    time.sleep(1.5)  # Slack's Retry-After
    again = stack.slack.user_dm(ALICE, "And another?")
    stop = stack.slack.wait_for_call("chat.stopStream", timeout=20)
    assert stack.bot.wait_idle(20)
    assert stop.params["channel"] == again["channel"]
    starts = [c for c in stack.slack.calls if c.method == "chat.startStream"]
    assert starts[-1].status == 200 and len(starts) == (5 if answer == "http-429" else 2)


def test_a_rate_limited_post_is_posted_again_when_the_log_says(tmp_path: Path) -> None:
    # The log says "reply kept; posting again in 10s": it is, not at the next recovery pass.
    # No scheduler here: nothing but the engine itself would post the kept answer again.
    with LocalStack(tmp_path / "data") as stack:
        stack.slack.add_user(ALICE, "alice")
        stack.slack.faults.add("chat.postMessage", status=200, error="ratelimited", retry_after=1)
        asked = stack.slack.user_dm(ALICE, "hello?")
        refused_at = time.monotonic()
        stack.slack.wait_for_call(
            "chat.postMessage",
            lambda c: c.params.get("thread_ts") == asked["ts"] and c.response.get("ok") is True,
            timeout=20,
        )
        waited = time.monotonic() - refused_at
        assert 9 < waited < 15
        assert stack.bot.wait_idle(10)
        replies = [
            c
            for c in stack.slack.calls
            if c.method == "chat.postMessage" and c.params.get("thread_ts") == asked["ts"]
        ]
        assert [c.response.get("ok") for c in replies] == [False, True]
