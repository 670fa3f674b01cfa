"""The local Slack workspace against the real slack_sdk WebClient and the real Bolt app."""

from __future__ import annotations

import json
import socket
import threading
import time
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import pytest
from slack_bolt import App, Assistant
from slack_bolt.adapter.socket_mode import SocketModeHandler
from slack_bolt.request import BoltRequest
from slack_sdk import WebClient
from slack_sdk.errors import SlackApiError
from slack_sdk.http_retry import RateLimitErrorRetryHandler

from bot.doubles.slack_payloads import sign
from bot.doubles.slack_workspace import LocalSlackWorkspace, SlackError

BUTTONS = [
    {
        "type": "actions",
        "block_id": "review",
        "elements": [
            {
                "type": "button",
                "action_id": "approve",
                "value": "card-1",
                "text": {"type": "plain_text", "text": "Approve"},
            }
        ],
    }
]


@pytest.fixture
def ws() -> Iterator[LocalSlackWorkspace]:
    with LocalSlackWorkspace(ack_timeout=1.0, ping_interval=0.2) as workspace:
        workspace.add_user("U1", "ada")
        workspace.add_user("U2", "bob")
        yield workspace


@pytest.fixture
def client(ws: LocalSlackWorkspace) -> WebClient:
    return WebClient(base_url=ws.api_url, token=ws.bot_token)


# -- Web API with the real WebClient -------------------------------------------------------------


def test_auth_test_names_the_bot(ws: LocalSlackWorkspace, client: WebClient) -> None:
    me = client.auth_test()
    assert (me["user_id"], me["bot_id"], me["team_id"]) == (ws.bot_user_id, ws.bot_id, ws.team_id)
    assert ws.api_url.endswith("/api/")
    assert ws.bot_token.startswith("xoxb-") and ws.app_token.startswith("xapp-")


def test_bad_token_and_unknown_method(ws: LocalSlackWorkspace, client: WebClient) -> None:
    with pytest.raises(SlackApiError) as bad:
        WebClient(base_url=ws.api_url, token="xoxb-nope").auth_test()
    assert bad.value.response["error"] == "invalid_auth"
    with pytest.raises(SlackApiError) as unknown:
        client.api_call("chat.frobnicate")
    assert unknown.value.response["error"] == "unknown_method"
    with pytest.raises(SlackApiError) as wrong_kind:
        client.apps_connections_open(app_token=ws.bot_token)
    assert wrong_kind.value.response["error"] == "not_allowed_token_type"
    assert [c.method for c in ws.calls] == [
        "auth.test",
        "chat.frobnicate",
        "apps.connections.open",
    ]


def test_post_thread_history_and_replies(ws: LocalSlackWorkspace, client: WebClient) -> None:
    dm = client.conversations_open(users="U1")["channel"]["id"]
    assert dm.startswith("D") and dm == ws.dm_channel("U1")
    root = client.chat_postMessage(channel=dm, text="root", blocks=BUTTONS)
    reply = client.chat_postMessage(channel=dm, text="in thread", thread_ts=root["ts"])
    later = client.chat_postMessage(channel=dm, text="later")
    assert float(root["ts"]) < float(reply["ts"]) < float(later["ts"])
    assert root["message"]["bot_id"] == ws.bot_id
    assert root["message"]["user"] == ws.bot_user_id

    history = client.conversations_history(channel=dm)["messages"]
    assert [m["text"] for m in history] == ["later", "root"]
    assert history[1]["reply_count"] == 1
    thread = client.conversations_replies(channel=dm, ts=root["ts"])["messages"]
    assert [m["text"] for m in thread] == ["root", "in thread"]
    assert thread[1]["thread_ts"] == root["ts"]

    client.chat_update(channel=dm, ts=root["ts"], text="edited")
    assert ws.message(dm, root["ts"])["text"] == "edited"
    call = ws.wait_for_call("chat.postMessage", lambda c: c.params.get("text") == "later")
    assert call.params["channel"] == dm and call.headers["Authorization"].startswith("Bearer ")


def test_reactions_errors_match_slack(ws: LocalSlackWorkspace, client: WebClient) -> None:
    posted = ws.user_posts("U1", "C1", "hello")
    client.reactions_add(channel="C1", timestamp=posted["ts"], name="white_check_mark")
    with pytest.raises(SlackApiError) as again:
        client.reactions_add(channel="C1", timestamp=posted["ts"], name="white_check_mark")
    assert again.value.response["error"] == "already_reacted"
    client.reactions_remove(channel="C1", timestamp=posted["ts"], name="white_check_mark")
    with pytest.raises(SlackApiError) as gone:
        client.reactions_remove(channel="C1", timestamp=posted["ts"], name="white_check_mark")
    assert gone.value.response["error"] == "no_reaction"
    with pytest.raises(SlackApiError) as missing:
        client.reactions_add(channel="C1", timestamp="1.000001", name="x")
    assert missing.value.response["error"] == "message_not_found"
    ws.user_reacts("U2", "C1", posted["ts"], "eyes")
    with pytest.raises(SlackError, match="already_reacted"):
        ws.user_reacts("U2", "C1", posted["ts"], "eyes")
    assert ws.message("C1", posted["ts"])["reactions"] == [
        {"name": "eyes", "users": ["U2"], "count": 1}
    ]


def test_rate_limit_is_retried_by_the_sdk_handler(ws: LocalSlackWorkspace) -> None:
    ws.faults.add(method="chat.postMessage", status=429, retry_after=0, times=1)
    client = WebClient(
        base_url=ws.api_url, token=ws.bot_token, retry_handlers=[RateLimitErrorRetryHandler(1)]
    )
    posted = client.chat_postMessage(channel="U1", text="after a 429")
    assert posted["ok"]
    statuses = [c.status for c in ws.calls if c.method == "chat.postMessage"]
    assert statuses == [429, 200]
    assert ws.calls[0].response == {"ok": False, "error": "ratelimited"}


def test_server_error_fault_surfaces(ws: LocalSlackWorkspace, client: WebClient) -> None:
    ws.faults.add(method="users.info", status=503)
    with pytest.raises(SlackApiError):
        client.users_info(user="U1")
    assert client.users_info(user="U1")["user"]["name"] == "ada"
    assert ws.count_calls("users.info") == 2


def test_wait_for_call_timeout_lists_calls(ws: LocalSlackWorkspace, client: WebClient) -> None:
    client.auth_test()
    with pytest.raises(TimeoutError, match=r"#1 auth\.test"):
        ws.wait_for_call("chat.postMessage", timeout=0.05)


def test_stop_leaves_no_thread_or_listener() -> None:
    ws = LocalSlackWorkspace().start()
    port = ws.port
    ws.stop()
    assert not any(t.name == "local-slack-workspace" for t in threading.enumerate())
    with pytest.raises(ConnectionRefusedError), socket.create_connection(("127.0.0.1", port)):
        pass


# -- Socket Mode with the real Bolt app ----------------------------------------------------------


class BoltRig:
    """A real Bolt app connected to the workspace over the builtin Socket Mode client."""

    def __init__(self, ws: LocalSlackWorkspace) -> None:
        self.ws = ws
        self.client = WebClient(base_url=ws.api_url, token=ws.bot_token)
        self.app = App(client=self.client)
        self.seen: list[tuple[str | None, str | None, str | None]] = []

        @self.app.middleware
        def record(req: BoltRequest, next: Any) -> Any:
            event = req.body.get("event", {})
            retry = req.headers.get("x-slack-retry-num", [None])[0]
            self.seen.append((req.body.get("event_id"), event.get("type"), retry))
            return next()

        self.handler = SocketModeHandler(
            self.app, ws.app_token, web_client=WebClient(base_url=ws.api_url), ping_interval=0.2
        )

    def connect(self) -> None:
        self.handler.connect()
        self.ws.wait_for_connection()

    def close(self) -> None:
        # Let any reconnect finish first: closing mid-switch trips a race inside slack_sdk.
        self.ws.wait_for_connection(live=1)
        self.handler.close()


@pytest.fixture
def rig(ws: LocalSlackWorkspace) -> Iterator[BoltRig]:
    rig = BoltRig(ws)
    yield rig
    rig.close()


def test_dm_event_reaches_bolt_and_reply_lands(ws: LocalSlackWorkspace, rig: BoltRig) -> None:
    @rig.app.message("")
    def echo(message: dict[str, Any], say: Any) -> None:
        say(text=f"echo {message['text']}", thread_ts=message["ts"])

    rig.connect()
    sent = ws.user_dm("U1", "hello")
    reply = ws.wait_for_message(sent["channel"], lambda m: m.get("parent_user_id") == "U1")
    assert reply["text"] == "echo hello" and reply["bot_id"] == ws.bot_id
    deliveries = ws.wait_for_acks()
    # The user's message and the bot's own reply were both delivered and acked; Bolt dropped
    # the self event, so it did not echo itself.
    assert len(deliveries) == 2 and all(d.acked and d.attempts == 1 for d in deliveries)
    assert ws.count_calls("chat.postMessage") == 1
    event = deliveries[0].payload
    assert event["type"] == "event_callback" and event["authorizations"][0]["is_bot"]
    assert event["event"]["channel_type"] == "im" and event["event"]["user"] == "U1"


def test_mention_yields_message_and_app_mention(ws: LocalSlackWorkspace, rig: BoltRig) -> None:
    rig.app.event("message")(lambda: None)
    rig.app.event("app_mention")(lambda: None)
    rig.connect()
    ws.user_posts("U1", "C1", f"<@{ws.bot_user_id}> hi")
    deliveries = ws.wait_for_acks()
    types = sorted(d.payload["event"]["type"] for d in deliveries)
    assert types == ["app_mention", "message"]
    assert len({d.event_id for d in deliveries}) == 2


def test_unacked_envelope_is_redelivered(ws: LocalSlackWorkspace, rig: BoltRig) -> None:
    ws.ack_timeout = 0.2  # short, so three retries stay fast
    rig.connect()  # no listener for reaction_added: Bolt answers 404 and never acks
    posted = ws.user_posts("U1", "C1", "react to me")
    ws.user_reacts("U2", "C1", posted["ts"], "eyes")
    delivery = ws.wait_for_delivery(lambda d: d.done and d.payload["event"]["type"] != "message")
    assert delivery.attempts == 4 and not delivery.acked
    assert delivery.retry_reasons == ["", "timeout", "timeout", "timeout"]
    assert len(set(delivery.envelope_ids)) == 4
    retries = [r for eid, _, r in rig.seen if eid == delivery.event_id]
    assert retries == ["0", "1", "2", "3"]
    event = delivery.payload["event"]
    assert event["item"] == {"type": "message", "channel": "C1", "ts": posted["ts"]}
    assert event["item_user"] == "U1" and event["reaction"] == "eyes"


def test_deliver_again_repeats_the_event_id(ws: LocalSlackWorkspace, rig: BoltRig) -> None:
    rig.app.event("message")(lambda: None)
    rig.connect()
    ws.user_dm("U1", "once")
    first = ws.wait_for_acks()[0]
    assert first.event_id is not None
    ws.deliver_again(first.event_id)
    ws.wait_for_acks()
    assert [eid for eid, _, _ in rig.seen].count(first.event_id) == 2


def test_dropped_socket_reconnects_and_events_flow(ws: LocalSlackWorkspace, rig: BoltRig) -> None:
    got: list[str] = []
    rig.app.message("")(lambda message: got.append(message["text"]))
    rig.connect()
    before = ws.connection_count
    opens = ws.count_calls("apps.connections.open")
    ws.drop_socket_connections()
    ws.wait_for_connection(after=before, timeout=10)
    assert ws.count_calls("apps.connections.open") == opens + 1
    ws.user_dm("U1", "after the drop")
    ws.wait_for_acks()
    assert got == ["after the drop"]

    before = ws.connection_count
    ws.disconnect_socket("refresh_requested")
    ws.wait_for_connection(after=before, live=1)
    ws.user_dm("U1", "after the refresh")
    ws.wait_for_acks()
    assert got == ["after the drop", "after the refresh"]


def test_slash_command_ack_body_returns_to_driver(ws: LocalSlackWorkspace, rig: BoltRig) -> None:
    @rig.app.command("/done")
    def done(ack: Any, command: dict[str, Any], respond: Any) -> None:
        ack(f"closing {command['text']} for {command['user_id']}")
        respond(text="closed", response_type="in_channel")

    rig.connect()
    dm = ws.dm_channel("U1")
    assert ws.slash_command("U1", dm, "/done", "now") == {"text": "closing now for U1"}
    said = ws.wait_for_call("response_url")
    assert said.params["text"] == "closed"
    assert ws.wait_for_message(dm, lambda m: m["text"] == "closed")["bot_id"] == ws.bot_id


def test_block_action_and_response_url_replace(
    ws: LocalSlackWorkspace, rig: BoltRig, client: WebClient
) -> None:
    clicks: list[dict[str, Any]] = []

    @rig.app.action("approve")
    def approve(ack: Any, body: dict[str, Any], respond: Any) -> None:
        ack()
        clicks.append(body)
        respond(text="Approved", replace_original=True)

    rig.connect()
    card = client.chat_postMessage(channel="U1", text="Review", blocks=BUTTONS)
    assert ws.click_button("U1", card["channel"], card["ts"], "approve") is None
    ws.wait_for_message(card["channel"], lambda m: m["text"] == "Approved")
    body = clicks[0]
    assert body["type"] == "block_actions" and body["user"]["id"] == "U1"
    assert body["actions"][0]["value"] == "card-1" and body["actions"][0]["block_id"] == "review"
    assert body["container"]["message_ts"] == card["ts"]
    assert body["message"]["blocks"] == BUTTONS
    with pytest.raises(LookupError):
        ws.click_button("U1", card["channel"], card["ts"], "missing")


# -- HTTP delivery to the real Bolt app ----------------------------------------------------------


@pytest.fixture
def http_app(ws: LocalSlackWorkspace) -> Iterator[tuple[App, str, list[int]]]:
    """A real Bolt app (signature checks on) behind a tiny loopback HTTP server."""
    app = App(
        client=WebClient(base_url=ws.api_url, token=ws.bot_token),
        signing_secret=ws.signing_secret,
    )
    statuses: list[int] = []

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self) -> None:
            body = self.rfile.read(int(self.headers["Content-Length"])).decode()
            resp = app.dispatch(BoltRequest(body=body, headers=dict(self.headers)))
            statuses.append(resp.status)
            self.send_response(resp.status)
            for key, values in resp.headers.items():
                for value in values:
                    self.send_header(key, value)
            self.end_headers()
            self.wfile.write(resp.body.encode())

        def log_message(self, *args: Any) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    url = f"http://127.0.0.1:{server.server_address[1]}/slack/events"
    ws.deliver_over_http(url)
    yield app, url, statuses
    server.shutdown()
    server.server_close()
    thread.join()


def test_http_mode_signs_and_retries(
    ws: LocalSlackWorkspace, http_app: tuple[App, str, list[int]]
) -> None:
    app, url, statuses = http_app
    ws.ack_timeout = 0.5
    app.command("/done")(lambda ack: ack({"text": "ok over http"}))
    assert ws.slash_command("U1", "C1", "/done") == {"text": "ok over http"}

    ws.user_dm("U1", "no listener for messages")  # Bolt answers 404: Slack retries
    delivery = ws.wait_for_acks()[-1]
    assert delivery.attempts == 4 and delivery.retry_reasons[1:] == ["http_error"] * 3
    # Each attempt's request is written once, after the attempt began (load benches time the
    # ack from there: bench/load.py).
    assert len(delivery.written_at) == 4
    assert all(s <= w for s, w in zip(delivery.sent_at, delivery.written_at, strict=True))
    assert delivery.written_at == sorted(delivery.written_at)
    assert statuses == [200, 404, 404, 404, 404]

    body = json.dumps({"type": "event_callback", "event": {"type": "message"}})
    status, _ = ws.post_raw(
        url,
        body,
        {
            "Content-Type": "application/json",
            "X-Slack-Request-Timestamp": "1700000000",
            "X-Slack-Signature": sign("wrong-secret", "1700000000", body),
        },
    )
    assert status == 401


def test_ts_unique_and_increasing_across_threads(ws: LocalSlackWorkspace) -> None:
    def post(n: int) -> None:
        for i in range(25):
            ws.user_posts("U1", "C1", f"{n}-{i}")

    threads = [threading.Thread(target=post, args=(n,)) for n in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    stamps = [m["ts"] for m in ws.messages("C1")]
    assert len(set(stamps)) == 100
    assert stamps == sorted(stamps, key=float)


def test_home_modal_ephemeral_and_subtypes(
    ws: LocalSlackWorkspace, rig: BoltRig, client: WebClient
) -> None:
    home = {"type": "home", "blocks": BUTTONS}
    opened: list[str] = []

    @rig.app.event("app_home_opened")
    def publish(event: dict[str, Any], client: WebClient) -> None:
        client.views_publish(user_id=event["user"], view=home)

    @rig.app.command("/lessons")
    def lessons(ack: Any, command: dict[str, Any], client: WebClient) -> None:
        ack()
        view = {"type": "modal", "title": {"type": "plain_text", "text": "Lessons"}, "blocks": []}
        opened.append(client.views_open(trigger_id=command["trigger_id"], view=view)["view"]["id"])

    @rig.app.action("approve")
    def approve(ack: Any, body: dict[str, Any], client: WebClient) -> None:
        ack()
        client.chat_postEphemeral(channel="C1", user=body["user"]["id"], text="done")

    rig.app.event("message")(lambda: None)
    rig.app.event("member_joined_channel")(lambda: None)
    ws.add_channel("C1", "general")
    rig.connect()

    event = ws.open_app_home("U1")
    assert event["tab"] == "home" and event["channel"] == ws.dm_channel("U1")
    ws.wait_for_call("views.publish")
    assert ws.home_view("U1")["blocks"] == BUTTONS  # type: ignore[index]
    assert ws.click_home_button("U1", "approve") is None
    assert ws.wait_for_call("chat.postEphemeral").response["ok"]
    assert ws.ephemerals("U1")[0]["text"] == "done"

    assert ws.slash_command("U1", "C1", "/lessons") is None
    ws.wait_for_call("views.open")
    assert opened and opened[0].startswith("V")
    with pytest.raises(SlackApiError, match="invalid_trigger_id"):
        client.views_open(trigger_id="123.456.abc", view={"type": "modal", "blocks": []})

    joined = ws.user_joins("U2", "C1")
    posted = ws.user_posts("U2", "C1", "typo")
    ws.edit_message("U2", "C1", posted["ts"], "fixed")
    ws.delete_message("C1", posted["ts"])
    ws.wait_for_acks()
    events = [d.payload["event"] for d in ws.deliveries if d.kind == "events_api"]
    subtypes = [e.get("subtype") for e in events if e["type"] == "message"]
    assert subtypes == ["channel_join", None, "message_changed", "message_deleted"]
    changed = next(e for e in events if e.get("subtype") == "message_changed")
    assert changed["message"]["text"] == "fixed" and changed["previous_message"]["text"] == "typo"
    deleted = next(e for e in events if e.get("subtype") == "message_deleted")
    assert deleted["deleted_ts"] == posted["ts"]
    assert [m["ts"] for m in ws.messages("C1")] == [joined["ts"]]
    assert client.chat_getPermalink(channel="C1", message_ts=joined["ts"])["permalink"].endswith(
        "p" + joined["ts"].replace(".", "")
    )
    client.assistant_threads_setStatus(channel_id="C1", thread_ts=joined["ts"], status="thinking")
    assert ws.wait_for_call("assistant.threads.setStatus").params["status"] == "thinking"


# -- Assistant threads ---------------------------------------------------------------------------


def test_assistant_status_is_validated_and_cleared_like_slack(
    ws: LocalSlackWorkspace, client: WebClient
) -> None:
    thread = ws.user_opens_assistant("U1", context_channel="C9")
    channel, root = thread["channel"], thread["thread_ts"]
    assert ws.message(channel, root)["subtype"] == "assistant_app_thread"
    for args, error in [
        ({"channel_id": "D0NOPE", "thread_ts": root}, "channel_not_found"),
        ({"channel_id": channel, "thread_ts": "1.000001"}, "invalid_thread_ts"),
    ]:
        with pytest.raises(SlackApiError, match=error):
            client.assistant_threads_setStatus(status="is thinking…", **args)
    with pytest.raises(SlackApiError, match="invalid_arguments"):
        client.assistant_threads_setStatus(
            channel_id=channel, thread_ts=root, status="x", loading_messages=["a"] * 11
        )
    client.assistant_threads_setStatus(
        channel_id=channel, thread_ts=root, status="is thinking…", loading_messages=["a", "b"]
    )
    now = ws.assistant_thread(channel, root)
    assert (now["status"], now["loading_messages"]) == ("is thinking…", ["a", "b"])
    # A reply in the thread clears it (Slack: "cleared when the app sends a reply").
    client.chat_postMessage(channel=channel, thread_ts=root, text="here you go")
    assert ws.assistant_thread(channel, root)["status"] == ""
    # So does an empty status, and two minutes without a reply.
    client.assistant_threads_setStatus(channel_id=channel, thread_ts=root, status="is busy")
    client.assistant_threads_setStatus(channel_id=channel, thread_ts=root, status="")
    ws.assistant.status_timeout = 0.05
    client.assistant_threads_setStatus(channel_id=channel, thread_ts=root, status="is slow")
    threading.Event().wait(0.1)
    history = ws.assistant_thread(channel, root)["status_history"]
    assert [(h["status"], h["by"]) for h in history] == [
        ("is thinking…", "set"),
        ("", "reply"),
        ("is busy", "set"),
        ("", "set"),
        ("is slow", "set"),
        ("", "timeout"),
    ]


def test_suggested_prompts_and_title(ws: LocalSlackWorkspace, client: WebClient) -> None:
    thread = ws.user_opens_assistant("U1")
    channel, root = thread["channel"], thread["thread_ts"]
    prompts = [{"title": "Deploy", "message": "How do I deploy the API?"}]
    with pytest.raises(SlackApiError, match="invalid_arguments"):
        client.assistant_threads_setSuggestedPrompts(
            channel_id=channel, thread_ts=root, prompts=prompts * 5
        )
    with pytest.raises(SlackApiError, match="invalid_arguments"):
        client.assistant_threads_setSuggestedPrompts(
            channel_id=channel, thread_ts=root, prompts=[{"title": "no message"}]
        )
    plain = ws.user_dm("U1", "a plain DM")
    with pytest.raises(SlackApiError, match="invalid_thread_ts"):  # not an assistant thread
        client.assistant_threads_setTitle(channel_id=channel, thread_ts=plain["ts"], title="x")
    client.assistant_threads_setSuggestedPrompts(
        channel_id=channel, thread_ts=root, prompts=prompts, title="Try"
    )
    client.assistant_threads_setTitle(channel_id=channel, thread_ts=root, title="Deploying")
    now = ws.assistant_thread(channel, root)
    assert (now["prompts"], now["prompts_title"], now["title"]) == (prompts, "Try", "Deploying")
    assert ws.message(channel, root)["assistant_app_thread"]["title"] == "Deploying"
    clicked = ws.click_suggested_prompt(channel, root, 0)
    assert (clicked["user"], clicked["text"]) == ("U1", "How do I deploy the API?")
    assert clicked["thread_ts"] == root


def test_assistant_events_reach_bolts_assistant_middleware(
    ws: LocalSlackWorkspace, rig: BoltRig
) -> None:
    assistant = Assistant()
    seen: list[tuple[str, str]] = []

    @assistant.thread_started
    def started(say: Any, set_suggested_prompts: Any, payload: dict[str, Any]) -> None:
        seen.append(("started", payload["assistant_thread"]["context"].get("channel_id", "")))
        say("Hi!")
        set_suggested_prompts(prompts=["What can you do?"])

    @assistant.user_message
    def user_message(payload: dict[str, Any], set_status: Any, set_title: Any, say: Any) -> None:
        seen.append(("message", payload["text"]))
        set_title(payload["text"])
        set_status("is thinking…", loading_messages=["Reading…"])
        say(f"echo {payload['text']}")

    @assistant.thread_context_changed
    def changed(payload: dict[str, Any]) -> None:
        seen.append(("context", payload["assistant_thread"]["context"]["channel_id"]))

    rig.app.assistant(assistant)
    rig.app.event("message")(lambda: None)
    rig.connect()
    thread = ws.user_opens_assistant("U1", context_channel="C1")
    channel, root = thread["channel"], thread["thread_ts"]
    ws.wait_for_call("assistant.threads.setSuggestedPrompts")
    ws.click_suggested_prompt(channel, root)
    reply = ws.wait_for_message(channel, lambda m: m.get("text") == "echo What can you do?")
    assert reply["thread_ts"] == root
    ws.assistant_context_changes(channel, root, "C2")
    ws.wait_for_acks()
    deadline = time.monotonic() + 5  # this Bolt app acks first, then runs the listener
    while len(seen) < 3 and time.monotonic() < deadline:
        time.sleep(0.02)
    assert seen == [("started", "C1"), ("message", "What can you do?"), ("context", "C2")]
    now = ws.assistant_thread(channel, root)
    assert now["title"] == "What can you do?" and now["status"] == ""
    assert [h["by"] for h in now["status_history"]] == ["set", "reply"]
    # The title's edit of the root came back as message_changed; Bolt acked it like Slack's.
    deliveries = [d for d in ws.deliveries if d.kind == "events_api"]
    assert all(d.acked for d in deliveries)
    kinds = [d.payload["event"]["type"] for d in deliveries]
    assert kinds.count("assistant_thread_started") == 1
    assert kinds.count("assistant_thread_context_changed") == 1
