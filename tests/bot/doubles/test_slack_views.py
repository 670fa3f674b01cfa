"""The local workspace's views: Slack's limits, modal stacks, view_submission and its answers."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from slack_sdk import WebClient
from slack_sdk.errors import SlackApiError

from bot.doubles.slack_views import view_problems
from bot.doubles.slack_workspace import LocalSlackWorkspace
from tests.bot.doubles.test_slack_workspace import BoltRig

SECTION = {"type": "section", "text": {"type": "mrkdwn", "text": "hi"}}


def modal(title: str = "Test", **extra: Any) -> dict[str, Any]:
    return {"type": "modal", "title": {"type": "plain_text", "text": title}, **extra}


BOX = {
    "type": "input",
    "block_id": "box",
    "label": {"type": "plain_text", "text": "Text"},
    "element": {"type": "plain_text_input", "action_id": "t", "initial_value": "old"},
}
NEXT = {
    "type": "actions",
    "block_id": "a",
    "elements": [
        {
            "type": "button",
            "action_id": "next",
            "value": "v",
            "text": {"type": "plain_text", "text": "Next"},
        }
    ],
}


@pytest.fixture
def ws() -> Iterator[LocalSlackWorkspace]:
    with LocalSlackWorkspace(ack_timeout=2.0, ping_interval=0.2) as workspace:
        workspace.add_user("U1", "ada")
        yield workspace


def test_limits_are_those_slack_documents() -> None:
    assert view_problems({"type": "home", "blocks": [SECTION] * 100}) == []
    [too_many] = view_problems({"type": "home", "blocks": [SECTION] * 101})
    assert "at most 100" in too_many and "json-pointer:/view/blocks" in too_many
    long = {"type": "section", "text": {"type": "mrkdwn", "text": "x" * 3001}}
    assert (
        "json-pointer:/view/blocks/1/text/text"
        in view_problems({"type": "home", "blocks": [SECTION, long]})[0]
    )
    assert view_problems(modal("A title longer than 24 chars", blocks=[]))
    assert view_problems(modal(blocks=[BOX]))  # an input needs a submit button
    assert view_problems(modal(blocks=[BOX], submit={"type": "plain_text", "text": "Go"})) == []
    bad_button = {**NEXT, "elements": [{**NEXT["elements"][0], "value": "v" * 2001}]}
    assert view_problems({"type": "home", "blocks": [bad_button]})
    huge = [{"type": "section", "text": {"type": "mrkdwn", "text": "é" * 2990}}] * 99
    assert any("bytes" in p for p in view_problems({"type": "home", "blocks": huge}))


def test_publish_refuses_an_oversized_view_as_slack_does(ws: LocalSlackWorkspace) -> None:
    client = WebClient(base_url=ws.api_url, token=ws.bot_token)
    with pytest.raises(SlackApiError) as caught:
        client.views_publish(user_id="U1", view={"type": "home", "blocks": [SECTION] * 101})
    assert caught.value.response["error"] == "invalid_arguments"
    assert caught.value.response["response_metadata"]["messages"]
    assert ws.home_view("U1") is None
    with pytest.raises(SlackApiError, match="invalid_arguments"):
        client.views_publish(user_id="U1", view=modal(blocks=[]))


def test_modal_stack_submission_and_response_actions(ws: LocalSlackWorkspace) -> None:
    rig = BoltRig(ws)
    seen: list[dict[str, Any]] = []
    answers: list[dict[str, Any]] = []

    @rig.app.command("/open")
    def open_(ack: Any, command: dict[str, Any], client: WebClient) -> None:
        ack()
        view = modal(blocks=[BOX, NEXT], submit={"type": "plain_text", "text": "Save"})
        client.views_open(trigger_id=command["trigger_id"], view={**view, "callback_id": "cb"})

    @rig.app.action("next")
    def push(ack: Any, body: dict[str, Any], client: WebClient) -> None:
        ack()
        seen.append(body)
        client.views_push(trigger_id=body["trigger_id"], view=modal("Pushed", blocks=[SECTION]))

    @rig.app.view("cb")
    def submitted(ack: Any, body: dict[str, Any]) -> None:
        seen.append(body)
        ack(**answers.pop(0))

    try:
        rig.connect()
        ws.slash_command("U1", "C1", "/open")
        opened = ws.wait_for_call("views.open").response["view"]
        assert ws.modal("U1")["id"] == opened["id"]  # type: ignore[index]

        # A button in the modal: block_actions with a view container, no channel; push stacks.
        ws.click_view_button("U1", opened["id"], "next")
        pushed = ws.wait_for_call("views.push")
        assert pushed.response["ok"], pushed.response
        action = seen.pop(0)
        assert action["container"] == {"type": "view", "view_id": opened["id"]}
        assert "channel" not in action and action["view"]["id"] == opened["id"]
        top = ws.modal("U1")
        assert top is not None and top["previous_view_id"] == opened["id"]
        assert top["root_view_id"] == opened["id"]

        # Submit: state.values carry the typed text; `errors` keeps the modal open.
        answers.append({"response_action": "errors", "errors": {"box": "no"}})
        ack = ws.submit_view("U1", opened["id"], {"box": "new text"})
        assert ack == {"response_action": "errors", "errors": {"box": "no"}}
        body = seen.pop(0)
        assert body["type"] == "view_submission" and body["user"]["id"] == "U1"
        assert body["view"]["state"]["values"] == {
            "box": {"t": {"type": "plain_text_input", "value": "new text"}}
        }
        assert body["view"]["callback_id"] == "cb"

        answers.append({"response_action": "errors", "errors": {"no-such-input": "x"}})
        with pytest.raises(Exception, match="invalid_arguments"):
            ws.submit_view("U1", opened["id"])

        # `update` replaces the submitted view; an invalid one fails as Slack would refuse it.
        done = modal("Done", blocks=[SECTION], callback_id="cb")
        answers.append({"response_action": "update", "view": done})
        ws.submit_view("U1", opened["id"])
        assert ws.state.views[opened["id"]]["title"]["text"] == "Done"
        answers.append(
            {"response_action": "update", "view": modal("x" * 30, blocks=[], callback_id="cb")}
        )
        with pytest.raises(Exception, match="invalid_arguments"):
            ws.submit_view("U1", opened["id"])

        # `clear` closes every modal of the user.
        answers.append({"response_action": "clear"})
        ws.submit_view("U1", opened["id"])
        assert ws.modal("U1") is None
    finally:
        rig.close()


def test_push_needs_an_open_modal_and_a_fresh_trigger(ws: LocalSlackWorkspace) -> None:
    client = WebClient(base_url=ws.api_url, token=ws.bot_token)
    trigger = ws._trigger_id("U1")
    with pytest.raises(SlackApiError, match="not_found"):
        client.views_push(trigger_id=trigger, view=modal(blocks=[]))
    with pytest.raises(SlackApiError, match="invalid_trigger_id"):
        client.views_push(trigger_id=trigger, view=modal(blocks=[]))  # used up
    opened = client.views_open(trigger_id=ws._trigger_id("U1"), view=modal(blocks=[]))
    for _ in range(2):
        client.views_push(trigger_id=ws._trigger_id("U1"), view=modal(blocks=[]))
    with pytest.raises(SlackApiError, match="push_limit_reached"):
        client.views_push(trigger_id=ws._trigger_id("U1"), view=modal(blocks=[]))
    with pytest.raises(SlackApiError, match="hash_conflict"):
        client.views_update(view_id=opened["view"]["id"], hash="stale", view=modal(blocks=[]))
