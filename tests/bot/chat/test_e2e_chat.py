"""End to end over the loopback doubles: the real Bolt app, slack_sdk and anthropic SDK."""

from __future__ import annotations

import hashlib
import hmac
import json
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from bot.chat.answer import APOLOGY
from bot.doubles.anthropic_api import Fault
from bot.doubles.slack_workspace import Call
from bot.doubles.stack import LocalStack
from store import sessions as S
from store.models import LLMCall, Message

ALICE = "U0ALICE"
BOB = "U0BOB"


@pytest.fixture(params=["socket", "http"])
def stack(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[LocalStack]:
    with LocalStack(tmp_path / "data", mode=request.param) as s:
        s.slack.add_user(ALICE, "alice")
        s.slack.add_user(BOB, "bob")
        yield s


def reply_to(ts: str, channel: str) -> object:
    def match(call: Call) -> bool:
        return call.params.get("channel") == channel and call.params.get("thread_ts") == ts

    return match


def transcript_texts(stack: LocalStack) -> list[tuple[bool, str]]:
    store = stack.bot.store
    assert store is not None
    with store.sessions() as db:
        return [(m.is_bot, m.text) for m in db.query(Message).order_by(Message.id)]


def test_dm_gets_a_threaded_reply_and_everything_is_stored(stack: LocalStack) -> None:
    msg = stack.slack.user_dm(ALICE, "What is the capital of France?")
    call = stack.slack.wait_for_call(
        "chat.postMessage", reply_to(msg["ts"], msg["channel"]), timeout=10
    )
    assert "capital of France" in str(call.params.get("text"))  # the offline echo double
    assert stack.bot.wait_idle(10)
    # A fast answer needs no "working" signal (WORKING_SIGNAL_DELAY_SECONDS, 2 s by default).
    assert stack.slack.count_calls("reactions.add") == 0
    texts = transcript_texts(stack)
    assert texts[0] == (False, "What is the capital of France?") and texts[1][0] is True
    # The request carried identity first. Its system prompt (~160 tokens) is below the chat
    # model's minimum cacheable length, so it has no breakpoint (it used to have one, which the
    # API ignored); the newest turn carries the conversation's breakpoint.
    body = stack.anthropic.requests[0].body
    assert "Seshat" in body["system"][0]["text"]
    assert not any("cache_control" in block for block in body["system"])
    assert body["messages"][-1]["content"] == [
        {
            "type": "text",
            "text": "What is the capital of France?",
            "cache_control": {"type": "ephemeral"},
        }
    ]
    store = stack.bot.store
    assert store is not None
    with store.sessions() as db:
        [llm_call] = db.query(LLMCall).all()
        assert llm_call.purpose == "chat" and llm_call.input_tokens > 0 and llm_call.cost_usd > 0


def test_mention_starts_a_thread_session_and_thread_continues_it(stack: LocalStack) -> None:
    stack.slack.add_channel("C0GENERAL", "general")
    bot = stack.slack.bot_user_id
    root = stack.slack.user_posts(ALICE, "C0GENERAL", f"<@{bot}> how do I rotate logs?")
    stack.slack.wait_for_call("chat.postMessage", reply_to(root["ts"], "C0GENERAL"), timeout=10)
    mark = stack.slack.mark()
    stack.slack.user_posts(ALICE, "C0GENERAL", "and keep 7 days?", thread_ts=root["ts"])
    stack.slack.wait_for_call(
        "chat.postMessage", reply_to(root["ts"], "C0GENERAL"), after=mark, timeout=10
    )
    # Bob's un-addressed chatter in the channel is not answered.
    stack.slack.user_posts(BOB, "C0GENERAL", "lunch anyone?")
    store = stack.bot.store
    assert store is not None
    with store.sessions() as db:
        session = S.find_open(db, S.SessionKey(stack.slack.team_id, "C0GENERAL", root["ts"], ALICE))
        assert session is not None
        assert [m.text for m in S.transcript(db, session.id) if not m.is_bot] == [
            f"<@{bot}> how do I rotate logs?",
            "and keep 7 days?",
        ]
    # The mention arrived as both `message` and `app_mention`: answered exactly twice in total.
    assert (
        stack.slack.count_calls(
            "chat.postMessage", lambda c: c.params.get("channel") == "C0GENERAL"
        )
        == 2
    )


def test_redelivered_event_is_answered_once_and_bot_never_answers_itself(
    stack: LocalStack,
) -> None:
    msg = stack.slack.user_dm(ALICE, "hello there")
    stack.slack.wait_for_call("chat.postMessage", reply_to(msg["ts"], msg["channel"]), timeout=10)
    event_id = next(
        eid
        for eid, env in stack.slack.events.items()
        if env.get("event", {}).get("ts") == msg["ts"]
    )
    stack.slack.deliver_again(event_id, retry_attempt=1, retry_reason="timeout")
    stack.slack.deliver_again(event_id, retry_attempt=2, retry_reason="timeout")
    # A later message proves the pipeline drained the redeliveries before it.
    second = stack.slack.user_dm(ALICE, "second question")
    stack.slack.wait_for_call(
        "chat.postMessage", reply_to(second["ts"], second["channel"]), timeout=10
    )
    assert stack.slack.count_calls("chat.postMessage", reply_to(msg["ts"], msg["channel"])) == 1
    # The bot's own replies came back as message events and were not answered.
    assert stack.slack.count_calls("chat.postMessage") == 2
    assert len(stack.anthropic.requests) == 2


def test_slack_429_is_retried(stack: LocalStack) -> None:
    stack.slack.faults.add(method="chat.postMessage", status=429, retry_after=1, times=1)
    msg = stack.slack.user_dm(ALICE, "rate limit me")
    stack.slack.wait_for_call(
        "chat.postMessage",
        lambda c: c.response.get("ok") is True and c.params.get("thread_ts") == msg["ts"],
        timeout=15,
    )
    assert stack.slack.count_calls("chat.postMessage", lambda c: c.response.get("ok") is False) == 1


def test_anthropic_529_then_success_still_answers(stack: LocalStack) -> None:
    stack.anthropic.script(Fault(status=529, times=1), "Paris.")
    msg = stack.slack.user_dm(ALICE, "capital of France?")
    call = stack.slack.wait_for_call(
        "chat.postMessage", reply_to(msg["ts"], msg["channel"]), timeout=15
    )
    assert call.params.get("text") == "Paris."


def test_persistent_anthropic_failure_apologises_and_keeps_transcript(stack: LocalStack) -> None:
    stack.anthropic.script(Fault(status=529, times=10))
    msg = stack.slack.user_dm(ALICE, "are you there?")
    call = stack.slack.wait_for_call(
        "chat.postMessage", reply_to(msg["ts"], msg["channel"]), timeout=20
    )
    assert str(call.params.get("text")).startswith(APOLOGY.split("(")[0])
    texts = transcript_texts(stack)
    assert texts[0] == (False, "are you there?")
    store = stack.bot.store
    assert store is not None
    with store.sessions() as db:
        [failed] = db.query(LLMCall).all()
        assert failed.ok is False and failed.error


def test_http_bad_signature_is_401_and_changes_nothing(tmp_path: Path) -> None:
    with LocalStack(tmp_path / "data", mode="http") as stack:
        assert stack.bot.http is not None
        body = json.dumps(
            {
                "type": "event_callback",
                "team_id": stack.slack.team_id,
                "event_id": "EvFORGED",
                "event": {
                    "type": "message",
                    "user": ALICE,
                    "channel": "D0FORGED",
                    "text": "forged",
                    "ts": "1.000001",
                },
            }
        )
        ts = str(int(time.time()))
        wrong = hmac.new(b"not-the-secret", f"v0:{ts}:{body}".encode(), hashlib.sha256)
        status, _ = stack.slack.post_raw(
            stack.bot.http.url,
            body,
            {
                "Content-Type": "application/json",
                "X-Slack-Request-Timestamp": ts,
                "X-Slack-Signature": "v0=" + wrong.hexdigest(),
            },
        )
        assert status == 401
        assert transcript_texts(stack) == []
        assert stack.slack.count_calls("chat.postMessage") == 0


def test_dropped_socket_reconnects_and_later_messages_are_answered(tmp_path: Path) -> None:
    with LocalStack(tmp_path / "data", mode="socket") as stack:
        stack.slack.add_user(ALICE, "alice")
        first = stack.slack.user_dm(ALICE, "before the drop")
        stack.slack.wait_for_call(
            "chat.postMessage", reply_to(first["ts"], first["channel"]), timeout=10
        )
        connections = stack.slack.connection_count
        mark = stack.slack.mark()
        stack.slack.drop_socket_connections()
        # The client notices on its next health check and reconnects via apps.connections.open.
        stack.slack.wait_for_call("apps.connections.open", after=mark, timeout=45)
        stack.slack.wait_for_connection(timeout=45, after=connections, live=1)
        later = stack.slack.user_dm(ALICE, "after the drop")
        stack.slack.wait_for_call(
            "chat.postMessage", reply_to(later["ts"], later["channel"]), timeout=20
        )


def test_a_slow_answer_shows_the_hourglass_until_it_is_posted(tmp_path: Path) -> None:
    with LocalStack(tmp_path / "data", working_signal_delay_seconds=0.3) as stack:
        stack.slack.add_user(ALICE, "alice")
        stack.anthropic.latency = 1.5
        msg = stack.slack.user_dm(ALICE, "Take your time with this one")
        added = stack.slack.wait_for_call("reactions.add", timeout=10)
        assert added.params.get("name") == "hourglass_flowing_sand"
        assert added.params.get("timestamp") == msg["ts"]
        reply = stack.slack.wait_for_call(
            "chat.postMessage", reply_to(msg["ts"], msg["channel"]), timeout=10
        )
        removed = stack.slack.wait_for_call("reactions.remove", timeout=5)
        assert added.time < reply.time <= removed.time
        assert stack.bot.wait_idle(10)
        assert stack.slack.count_calls("reactions.add") == 1
        assert stack.slack.count_calls("reactions.remove") == 1
