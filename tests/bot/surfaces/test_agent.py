"""The agent view's pieces: which experience `auto` settles on, the task card rows, the inbound
records of its events, and the local workspace's agent-session methods with their errors
(slack_sdk over loopback)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from slack_sdk import WebClient
from slack_sdk.errors import SlackApiError

from bot.doubles.slack_workspace import LocalSlackWorkspace
from bot.slack.inbound import MalformedPayload, normalise_session_stop, normalise_viewing
from bot.surfaces.agent import NOTHING, Experience, outcome_rows


def test_auto_is_agent_until_a_sign_of_assistant_view_and_remembers_it(tmp_path: Path) -> None:
    path = tmp_path / "slack_experience"
    auto = Experience("auto", path)
    assert auto.agent and not path.exists()
    auto.seen("assistant", "assistant_thread_started")
    assert not auto.agent and path.read_text().strip() == "assistant"
    assert Experience("auto", path).kind == "assistant"  # after a restart
    # A setting is never overridden by what arrives.
    fixed = Experience("agent", path)
    fixed.seen("assistant", "test")
    assert fixed.kind == "agent" and Experience("assistant").kind == "assistant"
    path.write_text("garbage\n")
    assert Experience("auto", path).kind == "agent"


def test_outcome_rows_say_what_was_kept_and_what_waits() -> None:
    rows = outcome_rows(
        "ok",
        {"memory": {"written": 2}, "lessons": {"written": 0}, "skills": {"written": 1}},
        ["lesson", "skill", "fact"],
    )
    titles = [r["title"] for r in rows]
    assert titles == [
        "2 facts kept for you",
        "1 lesson waiting for the owner's ✅",
        "1 skill draft sent for review",
        "1 fact waiting for the owner's ✅",
    ]
    assert [r["id"] for r in rows] == ["r1", "r2", "r3", "r4"]
    assert all(r["type"] == "task_update" and r["status"] == "complete" for r in rows)
    assert "Home tab" in rows[0]["details"]
    assert [r["title"] for r in outcome_rows("skipped", {}, [])] == [NOTHING]
    assert outcome_rows("failed", {}, [])[0]["status"] == "error"
    assert outcome_rows("deferred", {}, [])[0]["status"] == "pending"


def test_the_events_are_normalised_and_malformed_ones_refused() -> None:
    body = {"team_id": "T1"}
    stop = normalise_session_stop(
        {
            "type": "agent_session_stopped",
            "channel": "D1",
            "thread_ts": "1.1",
            "user": "U1",
            "streaming_message_ts": ["1.2", 3],
        },
        body,
    )
    assert (stop.team, stop.channel, stop.thread_ts, stop.user) == ("T1", "D1", "1.1", "U1")
    assert stop.streaming_ts == ("1.2",)
    with pytest.raises(MalformedPayload):
        normalise_session_stop({"type": "agent_session_stopped", "channel": "D1"}, body)
    viewing = normalise_viewing(
        {
            "type": "app_context_changed",
            "user": "U1",
            "context": {
                "entities": [
                    {"type": "slack#/types/canvas_id", "value": "F1"},
                    {"type": "slack#/types/channel_id", "value": "C9", "team_id": "T1"},
                ]
            },
        },
        body,
    )
    assert viewing.channel == "C9"
    empty = normalise_viewing({"type": "app_context_changed", "user": "U1", "context": {}}, body)
    assert empty.channel is None
    with pytest.raises(MalformedPayload):
        normalise_viewing({"type": "app_context_changed", "context": {}}, body)


@pytest.fixture
def agent_ws() -> Iterator[tuple[LocalSlackWorkspace, WebClient]]:
    with LocalSlackWorkspace(experience="agent") as ws:
        ws.add_user("U1", "ada")
        yield ws, WebClient(base_url=ws.api_url, token=ws.bot_token)


def error_of(call: object) -> str:
    with pytest.raises(SlackApiError) as caught:
        call()  # type: ignore[operator]
    return str(caught.value.response["error"])


def test_agent_sessions_have_slacks_statuses_and_errors(
    agent_ws: tuple[LocalSlackWorkspace, WebClient],
) -> None:
    ws, client = agent_ws
    root = ws.user_dm("U1", "hello")
    channel, ts = root["channel"], root["ts"]
    answer = client.agents_sessions_setStatus(
        channel_id=channel, thread_ts=ts, status="processing", title="Hello"
    )
    assert answer["status"] == "processing" and answer["title"] == "Hello"
    # The title is used only when the call creates the session; rename changes it.
    client.agents_sessions_setStatus(channel_id=channel, thread_ts=ts, status="active", title="X")
    client.agents_sessions_rename(channel_id=channel, thread_ts=ts, title="Greetings")
    session = ws.agent_session(channel, ts)
    assert session is not None
    assert session["statuses"] == ["processing", "active"] and session["title"] == "Greetings"

    def set_status(**kw: str) -> object:
        return lambda: client.agents_sessions_setStatus(**{"channel_id": channel, **kw})

    assert error_of(set_status(thread_ts=ts, status="thinking")) == "invalid_status"
    assert error_of(set_status(thread_ts="9.9", status="active")) == "invalid_thread_ts"
    assert error_of(set_status(thread_ts=ts, status="active", title="x" * 201)) == (
        "invalid_arguments"
    )
    assert error_of(
        lambda: client.agents_sessions_setStatus(channel_id="D0NONE", thread_ts=ts, status="active")
    ) == ("channel_not_found")
    reply = ws.bot_posts("U0OTHER", "B0OTHER", channel, "a reply", thread_ts=ts)
    assert error_of(set_status(thread_ts=reply["ts"], status="active")) == "invalid_thread_ts"
    # No stop button unless processing; an assistant_view app has none of this.
    with pytest.raises(LookupError):
        ws.press_stop("U1", channel, ts)


def test_task_chunks_are_checked_and_stop_stream_moves_the_session(
    agent_ws: tuple[LocalSlackWorkspace, WebClient],
) -> None:
    ws, client = agent_ws
    root = ws.user_dm("U1", "hello")
    channel, ts = root["channel"], root["ts"]
    bad = [{"type": "task_update", "id": "t1", "title": "x", "status": "thinking"}]
    assert (
        error_of(lambda: client.chat_startStream(channel=channel, thread_ts=ts, chunks=bad))
        == "invalid_chunks"
    )
    assert (
        error_of(
            lambda: client.chat_startStream(
                channel=channel, thread_ts=ts, markdown_text="a", task_display_mode="list"
            )
        )
        == "invalid_arguments"
    )
    good = [{"type": "task_update", "id": "t1", "title": "Reflecting", "status": "in_progress"}]
    started = client.chat_startStream(
        channel=channel, thread_ts=ts, chunks=good, task_display_mode="plan"
    )
    client.agents_sessions_setStatus(channel_id=channel, thread_ts=ts, status="processing")
    client.chat_stopStream(channel=channel, ts=started["ts"], session_status="active")
    session = ws.agent_session(channel, ts)
    assert session is not None and session["statuses"] == ["processing", "active"]
    assert ws.streams.chunks[started["ts"]] == good


def test_an_assistant_view_app_is_no_agent() -> None:
    with LocalSlackWorkspace() as ws:
        ws.add_user("U1", "ada")
        client = WebClient(base_url=ws.api_url, token=ws.bot_token)
        root = ws.user_dm("U1", "hello")
        assert (
            error_of(
                lambda: client.agents_sessions_setStatus(
                    channel_id=root["channel"], thread_ts=root["ts"], status="processing"
                )
            )
            == "app_not_agent"
        )
        with pytest.raises(LookupError):
            ws.user_views("U1", "C1")
