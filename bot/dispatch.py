"""Seshat's Slack-facing behaviour: the `Dispatcher` the Bolt listeners hand records to."""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from datetime import timedelta
from typing import Any, Protocol

from slack_sdk import WebClient
from slack_sdk.errors import SlackApiError

from bot.chat.engine import Engine
from bot.chat.posting import DONE_ACTION
from bot.home.user import UserHome
from bot.slack.inbound import (
    InboundAction,
    InboundAssistantThread,
    InboundCommand,
    InboundFeedback,
    InboundMessage,
    InboundReaction,
    InboundSessionStop,
    InboundSubmission,
    InboundViewing,
)
from bot.slack.reactions import normalise_reaction_name
from bot.slack.web import slack_error
from bot.surfaces.agent import AgentSessions
from bot.surfaces.assistant import AssistantThreads
from store import events, ledger
from store import sessions as S
from store.clock import Clock
from store.db import Store

log = logging.getLogger(__name__)
DONE_REACTIONS = frozenset({"white_check_mark"})


class ReviewHandler(Protocol):
    """Receives reactions and clicks that are not session controls (the review gate)."""

    def on_reaction(self, reaction: InboundReaction) -> bool:
        """Handle a reaction on a review card; True when it was one."""
        ...

    def on_action(self, action: InboundAction) -> bool:
        """Handle a button on a review card; True when it was one."""
        ...

    def home_blocks(self, user: str) -> list[dict[str, Any]]:
        """Extra App Home blocks for `user`."""
        ...


class ActionHandler(Protocol):
    """Receives button clicks of one kind (e.g. a learning notice's Undo)."""

    def on_action(self, action: InboundAction) -> bool:
        """Handle the click; True when it was one of this handler's (whoever clicked)."""
        ...


class NoReview:
    """The review gate when none is wired (tests of the chat path)."""

    def on_reaction(self, reaction: InboundReaction) -> bool:  # noqa: ARG002
        """Not a card."""
        return False

    def on_action(self, action: InboundAction) -> bool:  # noqa: ARG002
        """Not a card."""
        return False

    def home_blocks(self, user: str) -> list[dict[str, Any]]:  # noqa: ARG002
        """Nothing to add."""
        return []


class FeedbackHandler(Protocol):
    """Receives clicks on the replies' 👍 / 👎 (bot/surfaces/feedback.py)."""

    def on_feedback(self, click: InboundFeedback) -> str:
        """Record the click if it counts; returns what happened (`new`, `changed`, …)."""
        ...


class OwnerHomeHandler(Protocol):
    """The owners' App Home (bot/home/owner.py): published, refreshed, and acted on."""

    def is_owner(self, user: str) -> bool:
        """True for a configured owner."""
        ...

    def opened(self, user: str) -> None:
        """An owner opened the tab."""
        ...

    def changed(self) -> None:
        """Something the dashboard shows changed."""
        ...

    def on_action(self, action: InboundAction) -> bool:
        """A `home:` button; True when it was one."""
        ...

    def rollback_command(self, user: str, text: str) -> str:
        """`/seshat rollback session|author …`: an owner's rollback in Slack; the reply."""
        ...

    def on_submission(self, sub: InboundSubmission) -> dict[str, Any] | None:
        """A dashboard modal's Submit; the ack."""
        ...


HOME_CALLBACK_PREFIX = "home:"


class SeshatService:
    """Routes normalised Slack input to the chat engine, session closing and the review gate."""

    def __init__(
        self,
        *,
        engine: Engine,
        store: Store,
        slack: WebClient,
        clock: Clock,
        idle_minutes: float,
        on_closed: Callable[[str], None],
        review: ReviewHandler | None = None,
        people: UserHome | None = None,
        owner_ids: Sequence[str] = (),
        actions: Sequence[ActionHandler] = (),
        owner_home: OwnerHomeHandler | None = None,
        assistant: AssistantThreads | None = None,
        feedback: FeedbackHandler | None = None,
        agent: AgentSessions | None = None,
    ) -> None:
        self.engine = engine
        self.store = store
        self.slack = slack
        self.clock = clock
        self.idle_minutes = idle_minutes
        self.on_closed = on_closed
        self.review: ReviewHandler = review or NoReview()
        # Everyone's own view and `/seshat` (bot/home/user.py); owners get the dashboard.
        self.people = people
        self.owner_ids = frozenset(owner_ids)
        self.actions = tuple(actions)
        self.owner_home = owner_home
        self.assistant = assistant  # Slack's assistant container (bot/surfaces/assistant.py)
        self.feedback = feedback
        self.agent = agent  # Slack's agent messaging experience (bot/surfaces/agent.py)

    # Dispatcher -------------------------------------------------------------------------------

    def on_message(self, message: InboundMessage) -> None:
        """Store the message durably (before the ack), then queue its answer."""
        self.engine.receive(message)

    def on_assistant_thread(self, thread: InboundAssistantThread) -> None:
        """A new assistant thread: recorded, greeted, offered prompts."""
        if self.agent is not None:  # only an assistant_view app sends this
            self.agent.experience.seen("assistant", "assistant_thread_started")
        if self.assistant is not None:
            self.assistant.started(thread)

    def on_assistant_message(self, message: InboundMessage) -> None:
        """A stored message in a DM thread: the first in an assistant thread titles it."""
        if self.assistant is not None:
            self.assistant.message_stored(message)

    def on_messages_opened(self, team: str, user: str, channel: str) -> None:
        """A person opened the app's DM: under agent_view, greeted (debounced)."""
        if self.agent is not None:
            self.agent.messages_opened(team=team, user=user, channel=channel)

    def on_viewing(self, viewing: InboundViewing) -> None:
        """What a person views changed (only agent_view apps get this event)."""
        if self.agent is not None:
            self.agent.experience.seen("agent", "app_context_changed")
            self.agent.context_changed(viewing.user, viewing.channel)

    def on_session_stop(self, stop: InboundSessionStop) -> None:
        """The stop button: the reply being written in that thread stops; with none, the
        session still leaves `processing` (Slack leaves that to the app)."""
        if self.agent is not None:
            self.agent.experience.seen("agent", "agent_session_stopped")
        if self.engine.stop_reply(stop.channel, stop.thread_ts, stop.user):
            return  # the reply ends with a note, then the status goes back to `active`
        if self.agent is not None:
            self.agent.set_status(stop.channel, stop.thread_ts, "active")

    def on_command(self, command: InboundCommand) -> str | dict[str, Any]:
        """`/done` closes the user's newest open session in this channel; `/seshat …` is the
        person's own memory (what is kept, forget, help)."""
        verb = next(iter(command.text.split(None, 1)), "").lower()
        if command.command == "/seshat" and verb == "rollback" and self.owner_home is not None:
            return self.owner_home.rollback_command(command.user, command.text)
        if command.command == "/seshat" and self.people is not None:
            return self.people.on_command(command)
        if command.command != "/done":
            return (
                f"Seshat doesn't know `{command.command}`. Try `/done` to end a session or "
                "`/seshat help`."
            )
        with self.store.sessions() as db:
            session = S.newest_open_for(
                db, team=command.team, channel=command.channel, user_id=command.user
            )
        if session is None:
            return "You have no open session with me in this channel, so there is nothing to end."
        if self.close(session.id, reason="done", actor=command.user):
            return "Session ended. I'll reflect on it and keep what's worth learning."
        return "That session was already ending."

    def on_reaction(self, reaction: InboundReaction) -> None:
        """✅ by the session's user on the bot's last reply closes that thread's session."""
        if not reaction.added:
            return
        if self.review.on_reaction(reaction):
            self._home_changed()
            return
        if normalise_reaction_name(reaction.name) not in DONE_REACTIONS:
            return
        with self.store.sessions() as db:
            candidates = [
                s
                for s in S.open_for_user_in_channel(
                    db, channel=reaction.channel, user_id=reaction.user
                )
                if S.last_bot_ts(db, s.id) == reaction.item_ts
            ]
        for session in candidates:
            self.close(session.id, reason="reaction", actor=reaction.user)

    def on_action(self, action: InboundAction) -> None:
        """The "Done" button closes the clicking user's session; other buttons go to review."""
        if action.action_id != DONE_ACTION:
            if self.people is not None and self.people.on_action(action):
                return
            if any(handler.on_action(action) for handler in self.actions):
                self._home_changed()
            elif self.review.on_action(action):
                self._home_changed()
            elif self.owner_home is not None:
                self.owner_home.on_action(action)
            return
        with self.store.sessions() as db:
            session = S.get(db, action.value)
        if session is None or session.user_id != action.user:
            self._ephemeral(
                action.channel, action.user, "Only the person who started this session can end it."
            )
            return
        if not self.close(session.id, reason="button", actor=action.user):
            self._ephemeral(action.channel, action.user, "That session has already ended.")

    def on_feedback(self, click: InboundFeedback) -> None:
        """A 👍 / 👎 on a reply: recorded against it when it counts (the dashboard shows rates)."""
        if self.feedback is None:
            log.info("feedback click ignored: no feedback handler is wired")
            return
        if self.feedback.on_feedback(click) in ("new", "changed"):
            self._home_changed()

    def on_submission(self, submission: InboundSubmission) -> dict[str, Any] | None:
        """A modal's Submit: the owner dashboard's modals go to it; anything else closes."""
        if submission.callback_id.startswith(HOME_CALLBACK_PREFIX) and self.owner_home:
            return self.owner_home.on_submission(submission)
        return None

    def _home_changed(self) -> None:
        if self.owner_home is not None:
            self.owner_home.changed()

    def on_home_opened(self, user: str) -> None:
        """Publish the App Home tab: owners get the dashboard, everyone else their own view
        (what Seshat remembers about them, bot/home/user.py)."""
        if self.owner_home is not None and self.owner_home.is_owner(user):
            self.owner_home.opened(user)
            return
        if self.people is not None:
            self.people.publish(user)
            return
        self._publish_guide(user)

    def _publish_guide(self, user: str) -> None:
        """The App Home when no per-person view is wired (tests, the demo)."""
        blocks: list[dict[str, Any]] = [
            {"type": "header", "text": {"type": "plain_text", "text": "Seshat"}},
            {
                "type": "section",
                "text": {
                    "type": "mrkdwn",
                    "text": (
                        "Chat with me in a DM or mention me in a channel. Type `/done` (or "
                        "react ✅ to my last reply) when you're finished, and I'll reflect on "
                        "what went well."
                    ),
                },
            },
        ]
        blocks += self.review.home_blocks(user)
        try:
            self.slack.views_publish(user_id=user, view={"type": "home", "blocks": blocks})
        except (SlackApiError, OSError) as exc:
            log.warning("could not publish App Home: %s", slack_error(exc))

    # Closing ----------------------------------------------------------------------------------

    def close(self, session_id: str, *, reason: str, actor: str) -> bool:
        """The single close path (compare-and-set); the winner schedules the reflection."""
        now = self.clock.now()
        with self.store.sessions.begin() as db:
            won = S.close(db, session_id, now=now, reason=reason)
            if won:
                ledger.audit(
                    db,
                    actor=actor,
                    action="session.close",
                    target_kind="session",
                    target_id=session_id,
                    now=now,
                    reason=reason,
                )
        if won:
            log.info("session closed", extra={"session": session_id, "reason": reason})
            self.on_closed(session_id)
        return won

    def sweep_idle(self) -> int:
        """Close every session idle for longer than SESSION_IDLE_MINUTES; returns how many."""
        cutoff = self.clock.now() - timedelta(minutes=self.idle_minutes)
        with self.store.sessions() as db:
            idle = S.idle_open_sessions(db, cutoff=cutoff)
        return sum(self.close(sid, reason="idle", actor="scheduler") for sid in idle)

    def forget_old_events(self) -> int:
        """Drop dedupe keys older than a day (Slack retries for minutes, not days)."""
        with self.store.sessions.begin() as db:
            return events.forget_before(db, self.clock.now() - timedelta(days=1))

    def _ephemeral(self, channel: str, user: str, text: str) -> None:
        try:
            self.slack.chat_postEphemeral(channel=channel, user=user, text=text)
        except (SlackApiError, OSError) as exc:
            log.warning("could not send ephemeral note: %s", slack_error(exc))
