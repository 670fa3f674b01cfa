"""The Bolt app's listeners (bot/slack/app.py): the Assistant middleware, entered only by the
events it acts on, hands every delivery to the same listener as Bolt's own `Assistant`."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from concurrent.futures import Executor, Future
from typing import Any

import pytest
from slack_bolt import App, Assistant, BoltRequest, BoltResponse
from slack_bolt.listener import CustomListener
from slack_bolt.middleware import Middleware
from slack_bolt.middleware.attaching_conversation_kwargs import AttachingConversationKwargs
from slack_bolt.middleware.attaching_function_token import AttachingFunctionToken
from slack_bolt.request.payload_utils import (
    is_assistant_event,
    is_other_message_sub_event_in_assistant_thread,
)
from slack_sdk import WebClient

from bot.doubles.slack_payloads import Identity, event_callback
from bot.doubles.slack_workspace import LocalSlackWorkspace
from bot.slack.app import (
    AssistantEvents,
    DirectListener,
    _maybe_assistant,
    build_bolt_app,
    direct_listeners,
)

PERSON = "U0PERSON1"
OTHER_BOT = ("U0OTHERBOT", "B0OTHERBOT")
DM = "D0PERSON01"
CHANNEL = "C0GENERAL1"


class Inline(Executor):
    """Runs what the listeners hand to the background at once (so the test sees it)."""

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        done: Future[Any] = Future()
        done.set_result(fn(*args, **kwargs))
        return done


class Recorder:
    """The listeners' dispatcher: records what each was handed."""

    def __init__(self) -> None:
        self.calls: list[tuple[str, Any]] = []

    def __getattr__(self, name: str) -> Callable[..., Any]:
        if not name.startswith("on_"):
            raise AttributeError(name)

        def record(*args: Any) -> None:
            self.calls.append((name, args))

        return record


@pytest.fixture(scope="module")
def slack() -> Iterator[LocalSlackWorkspace]:
    with LocalSlackWorkspace() as workspace:
        yield workspace


def _app(slack: LocalSlackWorkspace, dispatcher: Recorder) -> App:
    client = WebClient(token=slack.bot_token, base_url=slack.api_url)
    return build_bolt_app(
        client=client,
        dispatcher=dispatcher,  # type: ignore[arg-type]
        bot_user_id=slack.bot_user_id,
        bot_id=slack.bot_id,
        signing_secret=None,
        background=Inline(),
    )


def _deliveries(ident: Identity) -> list[dict[str, Any]]:
    """Events a DM, a channel and the assistant container send, the assistant's own among them
    (its thread's messages from a person and from another bot, edits and deletions there)."""

    def message(channel: str, ts: str, **fields: Any) -> dict[str, Any]:
        kind = "im" if channel.startswith("D") else "channel"
        event = {"type": "message", "channel": channel, "channel_type": kind, "ts": ts}
        return event | {"user": PERSON, "text": "hello", "event_ts": ts} | fields

    thread = {"thread_ts": "1700000000.000100"}
    assistant_thread = {"user_id": PERSON, "channel_id": DM, "thread_ts": "1700000000.000100"}
    assistant_thread["context"] = {"channel_id": CHANNEL}  # type: ignore[assignment]
    events: list[dict[str, Any]] = [
        message(DM, "1700000001.000001"),  # a top-level DM message
        message(DM, "1700000001.000002", **thread),  # in a DM thread: the Assistant's
        message(DM, "1700000001.000003", subtype="file_share", files=[], **thread),
        message(DM, "1700000001.000004", bot_id=OTHER_BOT[1], user=OTHER_BOT[0], **thread),
        message(
            DM,
            "1700000001.000005",
            subtype="message_changed",
            message={"type": "message", "user": PERSON, "text": "edited", **thread},
        ),
        message(
            DM,
            "1700000001.000006",
            subtype="message_deleted",
            previous_message={"type": "message", "user": PERSON, "text": "gone", **thread},
        ),
        message(DM, "1700000001.000007", subtype="message_changed", message={"text": "x"}),
        message(CHANNEL, "1700000001.000008", text=f"<@{ident.bot_user_id}> hi"),
        message(CHANNEL, "1700000001.000009", **thread),
        {
            "type": "app_mention",
            "channel": CHANNEL,
            "user": PERSON,
            "text": f"<@{ident.bot_user_id}> hi",
            "ts": "1700000001.000008",
            "event_ts": "1700000001.000008",
        },
        {"type": "assistant_thread_started", "assistant_thread": assistant_thread},
        {"type": "assistant_thread_context_changed", "assistant_thread": assistant_thread},
        {
            "type": "reaction_added",
            "user": PERSON,
            "reaction": "white_check_mark",
            "item": {"type": "message", "channel": DM, "ts": "1700000001.000001"},
            "event_ts": "1700000001.000010",
        },
        {"type": "app_home_opened", "user": PERSON, "channel": DM, "tab": "messages"},
    ]
    return [event_callback(ident, event, event_id=f"Ev{i:09d}") for i, event in enumerate(events)]


def test_the_assistant_middleware_hands_every_event_where_bolts_own_would(
    slack: LocalSlackWorkspace,
) -> None:
    # Each delivery through the app as built (the gate in front of Bolt's Assistant), then
    # through the same app with Bolt's Assistant itself (the gate's class taken away): the
    # same listeners get the same records, and Slack gets the same answers.
    outcomes: dict[str, list[tuple[int, str, list[str]]]] = {}
    for kind in ("gated", "bolt"):
        dispatcher = Recorder()
        app = _app(slack, dispatcher)
        gates = [m for m in app._middleware_list if isinstance(m, AssistantEvents)]
        assert len(gates) == 1  # the app's Assistant is the gated one
        if kind == "bolt":
            gates[0].__class__ = Assistant
        seen: list[tuple[int, str, list[str]]] = []
        for body in _deliveries(slack.ident):
            dispatcher.calls.clear()
            response = app.dispatch(BoltRequest(mode="socket_mode", body=body))
            seen.append((response.status, response.body, [name for name, _ in dispatcher.calls]))
        outcomes[kind] = seen
    assert outcomes["gated"] == outcomes["bolt"]
    # The corpus reaches the Assistant's listeners and the app's own alike.
    stored, in_thread = ["on_message"], ["on_message", "on_assistant_message"]
    assert [handed for _, _, handed in outcomes["gated"]] == [
        stored,  # a top-level DM message
        in_thread,  # a person's message in a DM thread (the Assistant's listener)
        in_thread,  # a file shared there
        [],  # another bot's message there
        [],  # an edit there
        [],  # a deletion there
        [],  # an edit of a top-level DM message
        stored,  # a channel message mentioning the bot
        stored,  # a channel thread's message (intake decides whether it is a session's)
        stored,  # app_mention
        ["on_assistant_thread"],
        [],  # assistant_thread_context_changed: acked and dropped
        ["on_reaction"],
        ["on_messages_opened"],
    ]
    assert {status for status, _, _ in outcomes["gated"]} == {200}


def test_the_assistant_gate_skips_only_what_bolts_tests_refuse(
    slack: LocalSlackWorkspace,
) -> None:
    # `_maybe_assistant` is a cheap pre-test: it may say True where Bolt's two tests say False
    # (they then decide), never False where either says True.
    ident = slack.ident
    bodies = _deliveries(ident)
    dm = {"type": "message", "channel": DM, "channel_type": "im", "user": PERSON, "ts": "1.2"}
    odd_events: list[dict[str, Any]] = [
        dm | {"thread_ts": None},
        dm | {"message": None},
        dm | {"previous_message": {"type": "message", "subtype": "assistant_app_thread"}},
        dm | {"message": {"type": "message", "thread_ts": "1.1"}, "subtype": "message_changed"},
        dm | {"bot_id": OTHER_BOT[1], "thread_ts": "1.1"},
        dm | {"subtype": "file_share", "thread_ts": "1.1"},
        {k: v for k, v in dm.items() if k != "channel_type"} | {"thread_ts": "1.1"},
        dm | {"channel_type": "channel", "thread_ts": "1.1"},
        {"type": ["message"], "channel": DM},
        {"channel": DM, "channel_type": "im", "thread_ts": "1.1"},
        {"type": "assistant_thread_started", "assistant_thread": {}},
        {"type": "assistant_thread_context_changed"},
        {"type": "app_home_opened", "user": PERSON, "tab": "messages"},
    ]
    bodies += [event_callback(ident, event) for event in odd_events]
    bodies += [
        {"type": "block_actions", "actions": []},
        {"type": "url_verification", "challenge": "x"},
        {"type": "event_callback", "event": "not an object"},
        event_callback(ident, dm | {"thread_ts": "1.1"}) | {"type": "app_rate_limited"},
    ]
    taken = 0
    for body in bodies:
        bolt = is_assistant_event(body) or is_other_message_sub_event_in_assistant_thread(body)
        if bolt:
            taken += 1
            assert _maybe_assistant(body), body
    assert taken >= 8  # the corpus does reach Bolt's tests
    assert not _maybe_assistant(bodies[0])  # a top-level DM message skips them


CONVERSATION_KWARGS = {
    "say",
    "say_stream",
    "set_status",
    "set_suggested_prompts",
    "set_title",
    "get_thread_context",
    "save_thread_context",
}


def test_no_listener_of_the_app_takes_what_the_conversation_kwargs_give(
    slack: LocalSlackWorkspace,
) -> None:
    # The app is built without Bolt's conversation-kwargs middleware: a listener that took
    # `say`, `set_status` … would get Bolt's plain ones (or None) instead of its. None does,
    # outside the Assistant's own listeners (which keep the middleware).
    app = _app(slack, Recorder())
    listeners = [listener for listener in app._listeners if isinstance(listener, CustomListener)]
    assert len(listeners) == len(app._listeners)
    taken = {name for listener in listeners for name in listener.arg_names}
    assert taken and not taken & CONVERSATION_KWARGS
    gates = [m for m in app._middleware_list if isinstance(m, AssistantEvents)]
    kinds = ("thread_started", "user_message", "thread_context_changed")
    own = [listener for kind in kinds for listener in getattr(gates[0], f"_{kind}_listeners")]
    assert len(own) == 3
    for listener in own:
        assert any(isinstance(m, AttachingConversationKwargs) for m in listener.middleware)


def test_every_delivery_hands_the_same_records_as_with_bolts_defaults(
    slack: LocalSlackWorkspace,
) -> None:
    # The app as built, then the same app given back what Bolt's defaults add (its own
    # listener class, which injects each argument; the conversation kwargs before each event
    # listener; the function token middleware; Bolt's Assistant instead of the gated one):
    # every listener gets equal records, Slack the same answers.
    outcomes: dict[str, list[tuple[int, str, list[tuple[str, Any]]]]] = {}
    for kind in ("built", "defaults"):
        dispatcher = Recorder()
        app = _app(slack, dispatcher)
        if kind == "defaults":
            for listener in app._listeners:
                assert isinstance(listener, DirectListener)
                listener.__class__ = CustomListener  # Bolt's argument injection
                if listener.arg_names == ["event", "body"]:
                    listener.middleware = [AttachingConversationKwargs(), *listener.middleware]
            app._middleware_list.insert(-1, AttachingFunctionToken())
            gates: list[Middleware] = [
                m for m in app._middleware_list if isinstance(m, AssistantEvents)
            ]
            gates[0].__class__ = Assistant
        seen: list[tuple[int, str, list[tuple[str, Any]]]] = []
        for body in _deliveries(slack.ident):
            dispatcher.calls.clear()
            response = app.dispatch(BoltRequest(mode="socket_mode", body=body))
            seen.append((response.status, response.body, list(dispatcher.calls)))
        outcomes[kind] = seen
    assert outcomes["built"] == outcomes["defaults"]
    assert sum(len(calls) for _, _, calls in outcomes["built"]) >= 10


def test_every_listener_runs_direct_with_the_arguments_bolt_injects(
    slack: LocalSlackWorkspace,
) -> None:
    # Every listener of the app is a DirectListener (each takes `event`, `body` or `ack`, and
    # is matched by Bolt's built-in matchers), and for every delivery each matcher answers and
    # each listener gets what Bolt's own `CustomListener` computes for it.
    app = _app(slack, Recorder())
    assert len(app._listeners) == 10
    assert all(type(listener) is DirectListener for listener in app._listeners)
    bodies = _deliveries(slack.ident)
    bodies += [
        {"type": "block_actions", "actions": [{"action_id": "x", "type": "button"}]},
        {"type": "view_submission", "view": {"callback_id": "x", "type": "modal"}},
        {"type": "view_submission", "view": {"callback_id": "x"}},  # Bolt raises: so here
        {"command": "/seshat", "text": "help", "user_id": PERSON, "channel_id": DM},
        {"type": "event_callback", "event": "not an object"},
        {"type": "event_callback", "event": {"type": ["message"]}},
        {"type": "event_callback", "event": {"type": "message"}, "command": "/x"},
    ]
    matched = 0
    for body in bodies:
        for listener in app._listeners:
            got: dict[str, list[dict[str, Any]]] = {}
            function = listener.ack_function
            for kind in (DirectListener, CustomListener):
                req = BoltRequest(mode="socket_mode", body=body)
                resp = BoltResponse(status=200, body="")
                listener.__class__ = kind
                seen: list[dict[str, Any]] = []
                try:
                    seen.append({"matches": listener.matches(req=req, resp=resp)})
                except Exception as exc:  # a malformed body fails Bolt's matching: so here
                    seen.append({"matches": False, "raised": type(exc)})
                listener.ack_function = lambda **kwargs: seen.append(kwargs)  # noqa: B023
                try:
                    listener.run_ack_function(request=req, response=resp)
                except Exception as exc:
                    seen.append({"raised": type(exc)})
                listener.ack_function = function
                got[kind.__name__] = seen
            listener.__class__ = DirectListener
            direct, bolt = got["DirectListener"], got["CustomListener"]
            assert [{**k, "ack": type(k["ack"])} if "ack" in k else k for k in direct] == [
                {**k, "ack": type(k["ack"])} if "ack" in k else k for k in bolt
            ]
            matched += direct[0]["matches"]
    assert matched >= len(bodies) - 4


def test_a_listener_bolt_injects_more_into_is_left_to_bolt(slack: LocalSlackWorkspace) -> None:
    app = _app(slack, Recorder())

    @app.event("member_joined_channel")
    def takes_say(event: dict[str, Any], say: Any) -> None: ...

    @app.event("member_left_channel", matchers=[lambda body: True])
    def custom_matcher(event: dict[str, Any]) -> None: ...

    assert direct_listeners(app) == 0  # the ten are direct already; these two stay Bolt's
    assert [type(listener) for listener in app._listeners[-2:]] == [CustomListener] * 2
