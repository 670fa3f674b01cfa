"""The feedback buttons' block, as slack_sdk and the local Slack workspace see it."""

from __future__ import annotations

import copy
import threading
from collections.abc import Iterator
from typing import Any

import pytest
from slack_bolt import App
from slack_bolt.adapter.socket_mode import SocketModeHandler
from slack_sdk import WebClient
from slack_sdk.errors import SlackApiError
from slack_sdk.models.blocks import Block, ContextActionsBlock, FeedbackButtonsElement

from bot.chat.posting import reply_blocks, reply_controls
from bot.doubles.slack_views import message_block_problems
from bot.doubles.slack_workspace import LocalSlackWorkspace
from bot.slack.feedback_blocks import FEEDBACK_ACTION, feedback_block, parse_value

SESSION = "6f1c1d1e-0000-4000-8000-000000000001"


def test_slack_sdk_reads_the_block_back_unchanged() -> None:
    block = feedback_block(SESSION)
    parsed = Block.parse(copy.deepcopy(block))
    assert isinstance(parsed, ContextActionsBlock)
    assert isinstance(parsed.elements[0], FeedbackButtonsElement)
    assert parsed.to_dict() == block  # its validators (text ≤ 75, value ≤ 2000) passed too


def test_every_reply_carries_the_buttons_within_slacks_limits() -> None:
    for text in ("short", "x" * 3000 * 50):  # the longest reply is cut to 45 sections
        blocks = reply_blocks(text, SESSION)
        assert message_block_problems(blocks) == []
        assert blocks[-2:] == reply_controls(SESSION)
    buttons = feedback_block(SESSION)["elements"][0]
    assert parse_value(buttons["positive_button"]["value"]) == ("positive", SESSION)
    assert parse_value(buttons["negative_button"]["value"]) == ("negative", SESSION)
    assert parse_value("sideways:" + SESSION) is None and parse_value("negative:") is None


@pytest.fixture
def ws() -> Iterator[LocalSlackWorkspace]:
    with LocalSlackWorkspace(ack_timeout=1.0, ping_interval=0.2) as workspace:
        workspace.add_user("U1", "ada")
        yield workspace


def broken(mutate: Any) -> list[dict[str, Any]]:
    block = feedback_block(SESSION)
    mutate(block)
    return [{"type": "section", "text": {"type": "mrkdwn", "text": "answer"}}, block]


@pytest.mark.parametrize(
    ("blocks", "pointer"),
    [
        (broken(lambda b: b["elements"][0].pop("negative_button")), "/negative_button"),
        (
            broken(lambda b: b["elements"][0]["positive_button"].update(value="v" * 2001)),
            "/positive_button/value",
        ),
        (
            broken(lambda b: b["elements"][0]["positive_button"]["text"].update(type="mrkdwn")),
            "/positive_button/text/type",
        ),
        (broken(lambda b: b.update(elements=b["elements"] * 6)), "/blocks/1/elements"),
        (broken(lambda b: b["elements"][0].update(type="button")), "/elements/0/type"),
        ([{"type": "context_actions", "elements": []}], "/blocks/0/elements"),
    ],
)
def test_a_malformed_block_is_refused_like_slack_does(
    ws: LocalSlackWorkspace, blocks: list[dict[str, Any]], pointer: str
) -> None:
    client = WebClient(base_url=ws.api_url, token=ws.bot_token)
    with pytest.raises(SlackApiError) as refused:
        client.chat_postMessage(channel="U1", text="answer", blocks=blocks)
    body = refused.value.response.data
    assert isinstance(body, dict) and body["error"] == "invalid_blocks"
    messages = body["response_metadata"]["messages"]
    assert any(pointer in m and m.startswith("[ERROR]") for m in messages), messages
    assert ws.messages(ws.dm_channel("U1")) == []  # nothing was posted
    posted = client.chat_postMessage(channel="U1", text="ok", blocks=reply_blocks("ok", SESSION))
    with pytest.raises(SlackApiError, match="invalid_blocks"):
        client.chat_update(channel=posted["channel"], ts=posted["ts"], text="x", blocks=blocks)


def test_a_click_reaches_bolt_with_the_payload_slack_documents(ws: LocalSlackWorkspace) -> None:
    client = WebClient(base_url=ws.api_url, token=ws.bot_token)
    app = App(client=client)
    clicks: list[dict[str, Any]] = []
    got = threading.Event()

    @app.action(FEEDBACK_ACTION)
    def on_feedback(ack: Any, body: dict[str, Any]) -> None:
        ack()
        clicks.append(body)
        got.set()

    handler = SocketModeHandler(app, ws.app_token, web_client=WebClient(base_url=ws.api_url))
    handler.connect()
    try:
        ws.wait_for_connection()
        reply = client.chat_postMessage(
            channel="U1", text="answer", blocks=reply_blocks("answer", SESSION)
        )
        assert ws.click_feedback("U1", reply["channel"], reply["ts"], "negative") is None
        assert got.wait(5)
    finally:
        ws.wait_for_connection(live=1)
        handler.close()
    body = clicks[0]
    action = body["actions"][0]
    assert body["type"] == "block_actions" and body["user"]["id"] == "U1"
    assert body["container"] == {
        "type": "message",
        "message_ts": reply["ts"],
        "channel_id": reply["channel"],
        "is_ephemeral": False,
    }
    assert body["message"]["ts"] == reply["ts"] and body["channel"]["id"] == reply["channel"]
    assert set(action) == {"type", "action_id", "block_id", "action_ts", "text", "value"}
    assert action["type"] == "feedback_buttons" and action["action_id"] == FEEDBACK_ACTION
    assert action["value"] == f"negative:{SESSION}"
    assert action["text"] == {"type": "plain_text", "text": "👎"}
    with pytest.raises(LookupError):
        plain = client.chat_postMessage(channel="U1", text="no buttons")
        ws.click_feedback("U1", plain["channel"], plain["ts"], "positive")
