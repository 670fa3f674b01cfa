"""The local workspace's chat.startStream / appendStream / stopStream, driven by slack_sdk's own
`chat_stream` helper and its method wrappers."""

from __future__ import annotations

import time
from collections.abc import Iterator

import pytest
from slack_sdk import WebClient
from slack_sdk.errors import SlackApiError
from slack_sdk.http_retry.builtin_handlers import (
    ConnectionErrorRetryHandler,
    ServerErrorRetryHandler,
)

from bot.doubles.slack_workspace import LocalSlackWorkspace

DONE = {"type": "button", "action_id": "done", "text": {"type": "plain_text", "text": "Done"}}
FOOTER = [{"type": "actions", "elements": [DONE]}]
META = {"event_type": "seshat_reply", "event_payload": {"message_id": 7}}


@pytest.fixture
def ws() -> Iterator[LocalSlackWorkspace]:
    with LocalSlackWorkspace() as workspace:
        workspace.add_user("U1", "ada")
        yield workspace


@pytest.fixture
def client(ws: LocalSlackWorkspace) -> WebClient:
    return WebClient(base_url=ws.api_url, token=ws.bot_token)


def test_the_sdk_helper_streams_a_reply_into_a_dm_thread(
    ws: LocalSlackWorkspace, client: WebClient
) -> None:
    asked = ws.user_dm("U1", "explain streams")
    channel = asked["channel"]
    stream = client.chat_stream(channel=channel, thread_ts=asked["ts"], buffer_size=1)
    started = stream.append(markdown_text="Streams ")
    assert started is not None and stream.ts == started["ts"]
    assert ws.streaming(channel, started["ts"])
    assert ws.message(channel, started["ts"])["text"] == "Streams "
    stream.append(markdown_text="arrive in ")
    stopped = stream.stop(markdown_text="pieces.", blocks=FOOTER, metadata=META)
    message = ws.message(channel, started["ts"])
    assert message["text"] == "Streams arrive in pieces."
    assert message["thread_ts"] == asked["ts"] and message["bot_id"] == ws.bot_id
    assert message["blocks"] == [{"type": "markdown", "text": message["text"]}, *FOOTER]
    assert message["metadata"] == META and stopped["message"]["metadata"] == META
    assert not ws.streaming(channel, started["ts"])
    # What the helper sent: chunks of markdown_text, start → append → stop.
    calls = [c for c in ws.calls if c.method.startswith("chat.") and "Stream" in c.method]
    assert [c.method for c in calls] == ["chat.startStream", "chat.appendStream", "chat.stopStream"]
    assert calls[1].params["chunks"] == [{"type": "markdown_text", "text": "arrive in "}]
    # A post's event at the start, message_changed at the stop, nothing for the appends.
    kinds = [d.payload.get("event", {}) for d in ws.deliveries]
    ours = [e for e in kinds if e.get("ts") == started["ts"] or e.get("message", {}).get("ts")
            == started["ts"]]  # fmt: skip
    assert [e.get("subtype") for e in ours] == [None, "message_changed"]
    # Once stopped, the message is final.
    with pytest.raises(SlackApiError, match="message_not_in_streaming_state"):
        client.chat_appendStream(channel=channel, ts=started["ts"], markdown_text="more")
    with pytest.raises(SlackApiError, match="message_not_in_streaming_state"):
        client.chat_stopStream(channel=channel, ts=started["ts"])


def test_a_channel_stream_names_its_recipient(ws: LocalSlackWorkspace, client: WebClient) -> None:
    asked = ws.user_posts("U1", "C1", f"<@{ws.bot_user_id}> hi")
    with pytest.raises(SlackApiError, match="missing_recipient_team_id"):
        client.chat_startStream(channel="C1", thread_ts=asked["ts"], markdown_text="x")
    with pytest.raises(SlackApiError, match="missing_recipient_user_id"):
        client.chat_startStream(
            channel="C1", thread_ts=asked["ts"], markdown_text="x", recipient_team_id=ws.team_id
        )
    started = client.chat_startStream(
        channel="C1",
        thread_ts=asked["ts"],
        markdown_text="hello",
        recipient_team_id=ws.team_id,
        recipient_user_id="U1",
    )
    assert ws.message("C1", started["ts"])["text"] == "hello"


def test_stream_calls_are_refused_as_slack_documents(
    ws: LocalSlackWorkspace, client: WebClient
) -> None:
    asked = ws.user_dm("U1", "hi")
    channel = asked["channel"]
    with pytest.raises(SlackApiError, match="invalid_arguments"):
        client.api_call("chat.startStream", json={"channel": channel, "markdown_text": "x"})
    with pytest.raises(SlackApiError, match="msg_too_long"):
        client.chat_startStream(channel=channel, thread_ts=asked["ts"], markdown_text="x" * 12_001)
    ts = client.chat_startStream(channel=channel, thread_ts=asked["ts"])["ts"]
    with pytest.raises(SlackApiError, match="no_text"):
        client.chat_appendStream(channel=channel, ts=ts)
    with pytest.raises(SlackApiError, match="invalid_chunks"):
        client.chat_appendStream(channel=channel, ts=ts, chunks=[{"text": "no type"}])
    with pytest.raises(SlackApiError, match="message_not_found"):
        client.chat_appendStream(channel=channel, ts="1.000001", markdown_text="x")
    with pytest.raises(SlackApiError, match="message_not_in_streaming_state"):  # a user's message
        client.chat_appendStream(channel=channel, ts=asked["ts"], markdown_text="x")
    client.chat_appendStream(channel=channel, ts=ts, markdown_text="x" * 12_000)
    with pytest.raises(SlackApiError, match="invalid_blocks"):
        client.chat_stopStream(channel=channel, ts=ts, blocks=FOOTER * 51)


def test_an_idle_stream_expires_with_its_text(ws: LocalSlackWorkspace, client: WebClient) -> None:
    asked = ws.user_dm("U1", "hi")
    ws.streams.idle_timeout = 0.2
    ts = client.chat_startStream(channel=asked["channel"], thread_ts=asked["ts"],
                                 markdown_text="half an ans")["ts"]  # fmt: skip
    time.sleep(0.3)
    with pytest.raises(SlackApiError, match="message_not_in_streaming_state"):
        client.chat_appendStream(channel=asked["channel"], ts=ts, markdown_text="wer")
    # chat.update still works on it (what the SDK suggests when a stream expired).
    client.chat_update(channel=asked["channel"], ts=ts, text="half an answer")
    assert ws.message(asked["channel"], ts)["text"] == "half an answer"


def test_a_workspace_can_refuse_to_stream(ws: LocalSlackWorkspace, client: WebClient) -> None:
    asked = ws.user_dm("U1", "hi")
    ws.refuse_streaming("not_allowed")
    stream = client.chat_stream(channel=asked["channel"], thread_ts=asked["ts"], buffer_size=1)
    with pytest.raises(SlackApiError, match="not_allowed"):
        stream.append(markdown_text="hello")
    assert [m["ts"] for m in ws.messages(asked["channel"])] == [asked["ts"]]
    ws.refuse_streaming(None)
    assert stream.append(markdown_text=" again") is not None


@pytest.mark.parametrize("status", [500, 0], ids=["server-error", "connection-cut"])
def test_a_call_done_then_failed_is_done_twice_by_a_blind_retry(
    ws: LocalSlackWorkspace, status: int
) -> None:
    # Why the reply path never lets the SDK retry these calls: Slack may have done the call
    # before failing ("fatal_error … some aspect of the operation succeeded"), and the retry
    # appends the same text again.
    asked = ws.user_dm("U1", "hi")
    blind = WebClient(
        base_url=ws.api_url,
        token=ws.bot_token,
        retry_handlers=[ServerErrorRetryHandler(1), ConnectionErrorRetryHandler(1)],
    )
    ts = blind.chat_startStream(channel=asked["channel"], thread_ts=asked["ts"],
                                markdown_text="one ")["ts"]  # fmt: skip
    ws.faults.add("chat.appendStream", status=status, after=True)
    blind.chat_appendStream(channel=asked["channel"], ts=ts, markdown_text="two ")
    assert ws.message(asked["channel"], ts)["text"] == "one two two "
