"""What a chat call asks (issue 28): it always ends with the user's turn(s) it answers, in the
order they were written, however late the message arrived and whenever the bot's own replies
were posted. Checked on the request body the Anthropic double received."""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from bot.chat.answer import APOLOGY_START
from bot.doubles.slack_workspace import Call
from bot.doubles.stack import LocalStack
from store.models import Message, ReplyState

ALICE = "U0ALICE"


@pytest.fixture
def stack(tmp_path: Path) -> Iterator[LocalStack]:
    with LocalStack(tmp_path / "data", mode="http") as s:
        s.slack.add_user(ALICE, "alice")
        yield s


def reply_to(ts: str, channel: str) -> Any:
    def match(call: Call) -> bool:
        return call.params.get("channel") == channel and call.params.get("thread_ts") == ts

    return match


def texts(turn: dict[str, Any]) -> str:
    content = turn["content"]
    if isinstance(content, str):
        return content
    return "\n\n".join(block["text"] for block in content if block.get("type") == "text")


def request_answering(stack: LocalStack, text: str) -> dict[str, Any]:
    """The body of the (last) chat request whose final turn carries `text`."""
    found = [
        r.body
        for r in stack.anthropic.requests
        if r.body.get("messages") and text in texts(r.body["messages"][-1])
    ]
    assert found, f"no chat request ended with {text!r}"
    return found[-1]


def test_a_late_retry_after_40_newer_lines_is_answered_not_apologised_for(
    stack: LocalStack,
) -> None:
    channel = stack.slack.state.open_dm(ALICE)
    # Written first, delivered last: Slack's retry of a delivery that failed during an outage.
    late = stack.slack.state.add_message(
        channel,
        {
            "user": ALICE,
            "text": "the late question about tides",
            "client_msg_id": str(uuid.uuid4()),
        },
    )
    for i in range(21):  # 21 answered DMs: 42 newer lines, more than the 40-line window
        msg = stack.slack.user_dm(ALICE, f"message number {i}")
        stack.slack.wait_for_call("chat.postMessage", reply_to(msg["ts"], channel), timeout=10)
    assert stack.bot.wait_idle(10)
    stack.slack.api.emit_message(channel, late)
    call = stack.slack.wait_for_call("chat.postMessage", reply_to(late["ts"], channel), timeout=10)
    assert not str(call.params.get("text")).startswith(APOLOGY_START)
    assert stack.bot.wait_idle(10)
    body = request_answering(stack, "the late question about tides")
    assert body["messages"][-1]["role"] == "user"
    # Answered in the conversation it was written in: nothing newer comes before it.
    assert not any("message number" in texts(m) for m in body["messages"])
    store = stack.bot.store
    assert store is not None
    with store.sessions() as db:
        row = db.query(Message).filter(Message.ts == late["ts"]).one()
        assert row.reply_state == ReplyState.ANSWERED


def test_a_reply_posted_after_newer_messages_never_ends_the_request(stack: LocalStack) -> None:
    # The first answer takes a while: the next two messages arrive before it is posted, so the
    # bot's reply to the first has a later ts than both.
    stack.anthropic.latency = 1.5
    channel = stack.slack.state.open_dm(ALICE)
    first = stack.slack.user_dm(ALICE, "first: what is a tide table")
    stack.anthropic.wait_for_requests(1, timeout=10)
    stack.anthropic.latency = 0.0
    second = stack.slack.user_dm(ALICE, "second: and spring tides")
    third = stack.slack.user_dm(ALICE, "third: and neap tides")
    for msg in (first, second, third):
        stack.slack.wait_for_call("chat.postMessage", reply_to(msg["ts"], channel), timeout=15)
    assert stack.bot.wait_idle(10)
    for text in ("second: and spring tides", "third: and neap tides"):
        body = request_answering(stack, text)
        turns = [(m["role"], texts(m)) for m in body["messages"]]
        assert turns[-1][0] == "user" and turns[-1][1].endswith(text)
        # In the order written, each reply right after the message it answered.
        assert turns[0] == ("user", "first: what is a tide table")
        assert turns[1][0] == "assistant" and "tide table" in turns[1][1]
    body = request_answering(stack, "third: and neap tides")
    roles = [m["role"] for m in body["messages"]]
    assert roles == ["user", "assistant", "user", "assistant", "user"]
    assert texts(body["messages"][2]) == "second: and spring tides"
