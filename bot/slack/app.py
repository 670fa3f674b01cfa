"""The Bolt app: thin listeners that normalise a payload and hand it on.

Bolt answers Slack (the ack) only when a listener returns (`process_before_response`): a message
is stored durably first, which takes milliseconds, so a crash before that commit leaves the
delivery unacked and Slack redelivers it. Everything slower than that (reactions that decide
review cards, button clicks, App Home) runs on `background` after the ack.

Every event the manifest subscribes to has a listener, so Slack never retries for lack of one.
The assistant container's events go through Bolt's `Assistant` middleware, which also takes every
person's message in a DM thread (see `assistant_message`). Under `agent_view`
(bot/surfaces/agent.py)
a person opening the DM is `app_home_opened` with tab `messages`, what they view arrives as
`app_context_changed`, and the agent session's stop button as `agent_session_stopped`.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Callable
from concurrent.futures import Executor
from typing import Any, Protocol

from slack_bolt import Ack, App, Assistant, BoltRequest, BoltResponse
from slack_bolt.listener import CustomListener
from slack_bolt.listener_matcher.builtins import BuiltinListenerMatcher
from slack_bolt.request.payload_utils import (
    is_assistant_event,
    is_other_message_sub_event_in_assistant_thread,
    to_event,
)
from slack_sdk import WebClient

from bot.slack.inbound import (
    AllowBots,
    InboundAction,
    InboundAssistantThread,
    InboundCommand,
    InboundFeedback,
    InboundMessage,
    InboundReaction,
    InboundSessionStop,
    InboundSubmission,
    InboundViewing,
    MalformedPayload,
    normalise_action,
    normalise_assistant_thread,
    normalise_command,
    normalise_feedback,
    normalise_message,
    normalise_reaction,
    normalise_session_stop,
    normalise_submission,
    normalise_viewing,
)

log = logging.getLogger(__name__)

# Events the manifest subscribes to; each gets a listener.
SUBSCRIBED_EVENTS = (
    "message",
    "app_mention",
    "reaction_added",
    "reaction_removed",
    "app_home_opened",
    "app_context_changed",
    "agent_session_stopped",
)
# Subscribed by apps installed with the older `assistant_view` (their manifest): still listened.
ASSISTANT_VIEW_EVENTS = ("assistant_thread_started", "assistant_thread_context_changed")


class Dispatcher(Protocol):
    """What the listeners hand normalised records to."""

    def on_message(self, message: InboundMessage) -> None:
        """A human message (DM, mention, or in a session thread): store it durably and return
        (runs before the ack)."""
        ...

    def on_command(self, command: InboundCommand) -> str | dict[str, Any]:
        """A slash command; the returned text (or `{"text", "blocks"}`) is the ephemeral
        answer."""
        ...

    def on_reaction(self, reaction: InboundReaction) -> None:
        """A reaction added to or removed from a message."""
        ...

    def on_action(self, action: InboundAction) -> None:
        """A Block Kit button click."""
        ...

    def on_feedback(self, feedback: InboundFeedback) -> None:
        """A 👍 or 👎 on one of the bot's replies."""
        ...

    def on_home_opened(self, user: str) -> None:
        """A user opened the App Home tab."""
        ...

    def on_assistant_thread(self, thread: InboundAssistantThread) -> None:
        """A person opened the assistant container: a new thread (runs after the ack)."""
        ...

    def on_assistant_message(self, message: InboundMessage) -> None:
        """A person's message in a DM thread was stored (runs after the ack)."""
        ...

    def on_messages_opened(self, team: str, user: str, channel: str) -> None:
        """A person opened the app's DM (`app_home_opened`, tab `messages`; after the ack)."""
        ...

    def on_viewing(self, viewing: InboundViewing) -> None:
        """What a person views with the app open changed (`app_context_changed`)."""
        ...

    def on_session_stop(self, stop: InboundSessionStop) -> None:
        """The stop button of an agent session was pressed (`agent_session_stopped`)."""
        ...

    def on_submission(self, submission: InboundSubmission) -> dict[str, Any] | None:
        """A modal was submitted; the returned dict is the ack (`response_action` …), None
        closes the modal. Runs before the ack, so it must answer within Slack's 3 seconds."""
        ...


def _drop_token_notice(record: logging.LogRecord) -> bool:
    # Bolt reads SLACK_BOT_TOKEN from the environment by itself and then warns, at every start,
    # that the client we hand it wins: true, intended, and noise in a user's log.
    return not (isinstance(record.msg, str) and record.msg.startswith("As you gave `client`"))


def _logged(handler: Any, record: Any) -> None:
    """Run a handler after the ack; a failure is logged with the record, never lost silently."""
    try:
        handler(record)
    except Exception:
        log.exception("handler failed", extra={"record": type(record).__name__})


def _logged_args(handler: Any, *args: Any) -> None:
    """`_logged` for a handler taking several arguments."""
    try:
        handler(*args)
    except Exception:
        log.exception("handler failed", extra={"record": getattr(handler, "__name__", "")})


class AssistantEvents(Assistant):
    """Bolt's `Assistant` middleware, entered only by the events it acts on.

    Bolt runs it for every request, and it asks each of its listeners' matchers in turn, each
    through Bolt's argument injection (~0.1 M instructions a matcher, three for every message:
    a third of Bolt's dispatch of one). Each of its listeners matches with one of Bolt's payload
    tests first (assistant thread started, context changed, a person's or a bot's message in an
    assistant thread: their union is `is_assistant_event`; matchers a listener adds only narrow
    it), and when none matches it acks an edit or deletion in such a thread
    (`is_other_message_sub_event_in_assistant_thread`) or calls `next()`. So any other request
    goes to `next()` at once, as it would have after asking them all.
    """

    def process(
        self, *, req: BoltRequest, resp: BoltResponse, next: Callable[[], BoltResponse]
    ) -> BoltResponse | None:
        body = req.body
        if _maybe_assistant(body) and (
            is_assistant_event(body) or is_other_message_sub_event_in_assistant_thread(body)
        ):
            return super().process(req=req, resp=resp, next=next)
        next()
        return None


def _maybe_assistant(body: Any) -> bool:
    """False only for a request neither of Bolt's tests in `AssistantEvents.process` can take:
    not an event, or an event of another type than the assistant thread's two and `message`,
    or a message outside a DM, or a DM message with no `thread_ts` and no inner `message` or
    `previous_message` (both tests need one of the three: `is_assistant_event` a thread_ts for
    a message, `is_other_message_sub_event_in_assistant_thread` an inner message). A few dict
    reads where the two tests are ~15 Python calls (most deliveries are top-level DMs or channel
    messages); anything else is left to them."""
    event = body.get("event") if isinstance(body, dict) else None
    if not isinstance(event, dict):
        return False
    kind = event.get("type")
    if kind != "message":
        return kind in ASSISTANT_VIEW_EVENTS  # a tuple: `in` compares, as Bolt's tests do
    if event.get("channel_type") != "im":
        return False
    return event.get("thread_ts") is not None or "message" in event or "previous_message" in event


# The arguments a `DirectListener` hands over, as Bolt's `build_required_kwargs` computes them.
DIRECT_ARGS = ("event", "body", "ack")


class DirectListener(CustomListener):
    """Bolt's `CustomListener` for a listener that takes only `event`, `body` and `ack`, matched
    only by Bolt's built-in matchers of the body: the same functions called with the same
    arguments, without Bolt's argument injection.

    Bolt calls each matcher and the listener with `build_required_kwargs`, which builds every
    argument any listener could ask for (the payload seen as an option, shortcut, action, view,
    command, event, message and step, `say`, `respond` …) and then keeps the ones named: ~0.08 M
    instructions each time, twice for every message. What is kept here is computed as it does
    (`body` is `request.body`, `event` is `to_event(request.body)`, `ack` is
    `request.context.ack`, a matcher's `body` is `req.body`); everything else of Bolt's run (its
    listener middleware, the runner, the ack, the error handler) is the base class's.

    Only for an Events API body whose `event` is an object with a string `type`: on such a body
    none of the arguments Bolt builds and drops can raise (each of its payload tests compares
    the body's `type` first, or reads the event's `type`), so skipping them changes nothing.
    Any other body (a command, a button, a view, anything malformed: Bolt's building raises a
    KeyError for a view with no `type`, and the request then fails as before) goes to Bolt's
    own `CustomListener` code. (The arguments it builds and drops leave `say` and `respond`
    made in the request's context, which nothing after the listener reads.)
    """

    def matches(self, *, req: BoltRequest, resp: BoltResponse) -> bool:
        if not _plain_event(req.body):
            return super().matches(req=req, resp=resp)
        is_matched = False
        for matcher in self.matchers:
            is_matched = bool(matcher.func(body=req.body))  # type: ignore[attr-defined]
            if not is_matched:
                return is_matched
        return is_matched

    def run_ack_function(
        self,
        *,
        request: BoltRequest,
        response: BoltResponse,
    ) -> BoltResponse | None:
        body = request.body
        if not _plain_event(body):
            return super().run_ack_function(request=request, response=response)
        kwargs: dict[str, Any] = {}
        for name in self.arg_names:
            if name == "body":
                kwargs[name] = body
            elif name == "event":
                kwargs[name] = to_event(body)
            else:
                kwargs[name] = request.context.ack
        return self.ack_function(**kwargs)


def _plain_event(body: Any) -> bool:
    """An Events API body whose `event` is an object with a string `type` (`DirectListener`)."""
    if type(body) is not dict or body.get("type") != "event_callback":
        return False
    event = body.get("event")
    return type(event) is dict and type(event.get("type")) is str


def direct_listeners(app: App) -> int:
    """Each of `app`'s listeners a `DirectListener` can run exactly as Bolt does (it takes only
    `event`, `body` and `ack`, and every matcher is one of Bolt's built-in ones taking only
    `body`) made one; how many."""
    made = 0
    for listener in app._listeners:
        if (
            type(listener) is CustomListener
            and listener.arg_names
            and all(name in DIRECT_ARGS for name in listener.arg_names)
            and len(set(listener.arg_names)) == len(listener.arg_names)
            and listener.matchers
            and all(
                type(m) is BuiltinListenerMatcher and m.arg_names == ["body"]
                for m in listener.matchers
            )
        ):
            listener.__class__ = DirectListener
            made += 1
    return made


def build_bolt_app(
    *,
    client: WebClient,
    dispatcher: Dispatcher,
    bot_user_id: str,
    bot_id: str | None,
    allow_bots: AllowBots = "mentions",
    signing_secret: str | None,
    background: Executor,
) -> App:
    """The Bolt app with every listener registered."""
    bolt_log = logging.getLogger("slack_bolt")
    if _drop_token_notice not in bolt_log.filters:
        bolt_log.addFilter(_drop_token_notice)
    app = App(
        client=client,
        signing_secret=signing_secret or "",
        # Ack when the listener returns: after the message is stored, not before.
        process_before_response=True,
        # HTTP mode verifies signatures; Socket Mode has no signature to check.
        request_verification_enabled=signing_secret is not None,
        # auth.test once here, not on the first event: Bolt's authorization would otherwise call
        # it from every listener thread of the first burst of events, each waiting for Slack
        # (that alone held the first acks of a 200-message burst ~0.35 s).
        token_verification_enabled=True,
        # Bolt puts a middleware before every `app.event` listener that builds `say_stream`,
        # `set_status` and `set_suggested_prompts` for it (and the assistant's `say`, `set_title`
        # and thread context for an assistant event): ~0.06 M instructions a message, for
        # arguments none of these listeners takes (they take `event` and `body`:
        # tests/bot/slack/test_app.py holds it). The `Assistant` middleware's own listeners
        # still get theirs (Bolt adds it to them regardless of this flag).
        attaching_conversation_kwargs_enabled=False,
        # The token of a `function_executed` event (a workflow step) put on the client: Seshat
        # registers no function listener.
        attaching_function_token_enabled=False,
        logger=bolt_log,
    )

    def store(
        event: dict[str, Any], body: dict[str, Any]
    ) -> tuple[InboundMessage | None, BoltResponse | None]:
        """(the stored message or None, the response when it could not be stored)."""
        try:
            message = normalise_message(
                event, body, bot_user_id=bot_user_id, bot_id=bot_id, allow_bots=allow_bots
            )
        except MalformedPayload as exc:
            log.warning("malformed message event dropped: %s", exc)
            return None, None
        if message is None:
            return None, None
        try:
            dispatcher.on_message(message)
        except Exception:
            # Not stored: HTTP answers 503 (Slack delivers it again); in Socket Mode the event
            # stays in the journal and is handled again (bot/slack/socket_intake.py).
            log.exception("message not stored; it will be delivered or handled again")
            return None, BoltResponse(status=503, body="")
        return message, None

    def message_listener(event: dict[str, Any], body: dict[str, Any]) -> BoltResponse | None:
        return store(event, body)[1]

    app.event("message")(message_listener)
    app.event("app_mention")(message_listener)

    assistant = AssistantEvents(logger=bolt_log)

    @assistant.thread_started
    def thread_started(event: dict[str, Any], body: dict[str, Any]) -> None:
        try:
            thread = normalise_assistant_thread(event, body)
        except MalformedPayload as exc:
            log.warning("malformed assistant_thread_started dropped: %s", exc)
            return
        background.submit(_logged, dispatcher.on_assistant_thread, thread)

    @assistant.user_message
    def assistant_message(event: dict[str, Any], body: dict[str, Any]) -> BoltResponse | None:
        # Bolt's middleware recognises these by shape (a DM message with a thread_ts, no
        # subtype but file_share, no bot_id): every person's message in any DM thread, assistant
        # thread or not. It does not pass them on, so the `message` listener never sees them:
        # each is stored (and answered) once, here, and may title its assistant thread.
        message, failed = store(event, body)
        if message is not None:
            background.submit(_logged, dispatcher.on_assistant_message, message)
        return failed

    @assistant.thread_context_changed
    def context_changed() -> None:
        # Acked and dropped: which channel the person is viewing changes no answer (Seshat
        # reads no channel it was not asked in). Without this listener Bolt would store the
        # context in the thread's first bot message (conversations.replies + chat.update).
        return None

    app.assistant(assistant)

    def reaction_listener(event: dict[str, Any], body: dict[str, Any]) -> None:
        try:
            reaction = normalise_reaction(event, body, added=event.get("type") == "reaction_added")
        except MalformedPayload as exc:
            log.warning("malformed reaction event dropped: %s", exc)
            return
        if reaction is not None and reaction.user != bot_user_id:
            background.submit(_logged, dispatcher.on_reaction, reaction)

    app.event("reaction_added")(reaction_listener)
    app.event("reaction_removed")(reaction_listener)

    @app.event("app_home_opened")
    def home_listener(event: dict[str, Any], body: dict[str, Any]) -> None:
        user = event.get("user")
        if not isinstance(user, str) or not user:
            return
        tab = event.get("tab", "home")
        if tab == "home":
            background.submit(_logged, dispatcher.on_home_opened, user)
        elif tab == "messages" and isinstance(event.get("channel"), str):
            team = str(body.get("team_id") or "")
            background.submit(
                _logged_args, dispatcher.on_messages_opened, team, user, event["channel"]
            )

    @app.event("app_context_changed")
    def viewing_listener(event: dict[str, Any], body: dict[str, Any]) -> None:
        try:
            viewing = normalise_viewing(event, body)
        except MalformedPayload as exc:
            log.warning("malformed app_context_changed dropped: %s", exc)
            return
        dispatcher.on_viewing(viewing)  # in memory only: fast enough before the ack

    @app.event("agent_session_stopped")
    def stop_listener(event: dict[str, Any], body: dict[str, Any]) -> None:
        try:
            stop = normalise_session_stop(event, body)
        except MalformedPayload as exc:
            log.warning("malformed agent_session_stopped dropped: %s", exc)
            return
        background.submit(_logged, dispatcher.on_session_stop, stop)

    @app.command(re.compile(r"^/.+"))
    def command_listener(ack: Ack, body: dict[str, Any]) -> None:
        try:
            command = normalise_command(body)
        except MalformedPayload as exc:
            ack(f"Seshat could not read that command ({exc}).")
            return
        reply = dispatcher.on_command(command)
        if isinstance(reply, dict):
            ack(text=str(reply.get("text", "")), blocks=reply.get("blocks"))
        else:
            ack(reply)

    @app.action(re.compile(r".*"))
    def action_listener(ack: Ack, body: dict[str, Any]) -> None:
        ack()
        try:
            feedback = normalise_feedback(body)
            action = normalise_action(body) if feedback is None else None
        except MalformedPayload as exc:
            log.warning("malformed block action dropped: %s", exc)
            return
        if feedback is not None:
            background.submit(_logged, dispatcher.on_feedback, feedback)
        elif action is not None:
            background.submit(_logged, dispatcher.on_action, action)

    @app.view(re.compile(r".*"))
    def view_listener(ack: Ack, body: dict[str, Any]) -> None:
        try:
            submission = normalise_submission(body)
        except MalformedPayload as exc:
            log.warning("malformed view submission dropped: %s", exc)
            ack()
            return
        answer = dispatcher.on_submission(submission)
        if answer:
            ack(**answer)
        else:
            ack()

    @app.error
    def on_error(error: Exception, body: dict[str, Any]) -> BoltResponse:
        # The edge where errors become messages: log with the delivery's identity, answer 200 so
        # Slack does not retry something that would fail again.
        log.error(
            "listener failed: %r",
            error,
            extra={"event_id": body.get("event_id"), "type": body.get("type")},
        )
        return BoltResponse(status=200, body="")

    direct_listeners(app)
    return app
