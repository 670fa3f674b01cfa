"""Slack's agent messaging experience in the local workspace: agent sessions and their events.

What Slack documents (docs.slack.dev/ai/agent-sessions, …/migrating-to-agent-messaging, the
`agent_session_stopped` and `app_context_changed` event pages), and this double does:

- An app with `features.agent_view` has no assistant container: a person opening its DM sends
  `app_home_opened` with `tab: "messages"`; what the person is viewing arrives as
  `app_context_changed` (`{user, channel, context: {entities: [{type:
  "slack#/types/channel_id", value, team_id}]}}`, an empty `context` when nothing is viewed).
- `agents.sessions.setStatus` (channel_id, thread_ts, status: processing | active | suspended |
  closed, title ≤ 200 characters, used only when the call creates the session) creates or
  updates the session of one thread; `agents.sessions.rename` (channel_id, thread_ts, title)
  renames it. Slack never changes a status by itself, except through `chat.stopStream`'s
  `session_status`.
- While a session is `processing` the person sees a stop button. Pressing it stops the app's
  streams in that thread (they take no more appends) and sends `agent_session_stopped`
  (`{channel, thread_ts, user, streaming_message_ts: [...], event_ts}`); the status stays
  `processing` until the app moves it.

Errors: `channel_not_found`, `invalid_thread_ts` (not a thread root), `invalid_status`,
`invalid_arguments` (a title too long or empty), `session_not_found` (rename of no session).
Slack's pages name no error for an app that is not an agent (one still on `assistant_view`):
the double answers `app_not_agent` there (designed here; docs/design.md, "Agent sessions and
assistant threads"). Every change is
recorded on the session, so a test reads the statuses in order.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Literal

from bot.doubles.slack_api import SlackError, WorkspaceState
from bot.doubles.slack_payloads import JSON

EmitEvent = Callable[[JSON], object]
Experience = Literal["agent", "assistant"]
STATUSES = ("processing", "active", "suspended", "closed")
TITLE_LIMIT = 200
NOT_AN_AGENT = "app_not_agent"


@dataclass
class AgentSession:
    """One thread's agent session as the double keeps it."""

    channel: str
    thread_ts: str
    status: str
    title: str
    initiator: str | None
    history: list[JSON] = field(default_factory=list)


class AgentApi:
    """Agent sessions of a workspace, the `agents.sessions.*` methods, and the person's side."""

    def __init__(self, state: WorkspaceState, emit: EmitEvent, experience: Experience) -> None:
        self.state = state
        self.emit = emit
        self.experience: Experience = experience
        self.sessions: dict[tuple[str, str], AgentSession] = {}
        # Set by the workspace: stops the app's live streams in a thread, returns their ts.
        self.stop_streams: Callable[[str, str], list[str]] = lambda _c, _t: []

    def methods(self) -> dict[str, Callable[[JSON], JSON]]:
        """The Web API methods, by name."""
        return {
            "agents.sessions.setStatus": self.set_status,
            "agents.sessions.rename": self.rename,
        }

    # -- methods ------------------------------------------------------------------------------

    def set_status(self, params: JSON) -> JSON:
        """agents.sessions.setStatus: create the thread's session or change its status."""
        channel, thread_ts = self._where(params)
        status = params.get("status")
        if status not in STATUSES:
            raise SlackError("invalid_status")
        title = params.get("title")
        if title is not None and (not isinstance(title, str) or len(title) > TITLE_LIMIT):
            raise SlackError("invalid_arguments", [f"[ERROR] title: at most {TITLE_LIMIT} chars"])
        self.change(channel, thread_ts, str(status), "set", title=title, params=params)
        session = self.sessions[(channel, thread_ts)]
        return {"status": session.status, "title": session.title}

    def rename(self, params: JSON) -> JSON:
        """agents.sessions.rename: a new title for an existing session."""
        channel, thread_ts = self._where(params)
        title = params.get("title")
        if not isinstance(title, str) or not title.strip() or len(title) > TITLE_LIMIT:
            raise SlackError("invalid_arguments", [f"[ERROR] title: 1 to {TITLE_LIMIT} chars"])
        session = self.sessions.get((channel, thread_ts))
        if session is None:
            raise SlackError("session_not_found")
        session.title = title
        session.history.append({"status": session.status, "title": title, "by": "rename"})
        self.state.cond.notify_all()
        return {"status": session.status, "title": title}

    def change(
        self,
        channel: str,
        thread_ts: str,
        status: str,
        by: str,
        *,
        title: object = None,
        params: JSON | None = None,
    ) -> None:
        """Set a session's status (creating it, with `title`, if new) and record it."""
        with self.state.cond:
            session = self.sessions.get((channel, thread_ts))
            if session is None:
                initiator = (params or {}).get("initiator_user_id")
                session = AgentSession(
                    channel,
                    thread_ts,
                    status,
                    title if isinstance(title, str) else "",
                    initiator if isinstance(initiator, str) else None,
                )
                self.sessions[(channel, thread_ts)] = session
            session.status = status
            session.history.append({"status": status, "title": session.title, "by": by})
            self.state.cond.notify_all()

    # -- people -------------------------------------------------------------------------------

    def open_messages(self, user: str) -> JSON:
        """`user` opens the app's DM (its Messages tab): `app_home_opened`, tab `messages`."""
        event: JSON = {
            "type": "app_home_opened",
            "user": user,
            "channel": self.state.open_dm(user),
            "tab": "messages",
            "event_ts": self.state.ts.next(),
        }
        self.emit(event)
        return event

    def context_changed(self, user: str, channel: str | None) -> JSON:
        """`user`, with the app open, now views `channel` (None: nothing Slack names)."""
        self._agent_only("app_context_changed")
        context: JSON = {}
        if channel:
            context = {
                "entities": [
                    {
                        "type": "slack#/types/channel_id",
                        "value": channel,
                        "team_id": self.state.ident.team_id,
                    }
                ]
            }
        event: JSON = {
            "type": "app_context_changed",
            "user": user,
            "channel": self.state.open_dm(user),
            "context": context,
            "event_ts": self.state.ts.next(),
        }
        self.emit(event)
        return event

    def press_stop(self, user: str, channel: str, thread_ts: str) -> JSON:
        """`user` presses the stop button of a processing session: its streams stop, and
        `agent_session_stopped` is sent. LookupError when no stop button shows."""
        self._agent_only("agent_session_stopped")
        with self.state.cond:
            session = self.sessions.get((channel, thread_ts))
            if session is None or session.status != "processing":
                raise LookupError(f"no processing agent session in {channel}/{thread_ts}")
            stopped = self.stop_streams(channel, thread_ts)
            event: JSON = {
                "type": "agent_session_stopped",
                "user": user,
                "channel": channel,
                "thread_ts": thread_ts,
                "streaming_message_ts": stopped,
                "event_ts": self.state.ts.next(),
            }
        self.emit(event)
        return event

    def snapshot(self, channel: str, thread_ts: str) -> JSON | None:
        """A session's status, title, initiator and history (None: no session)."""
        with self.state.cond:
            session = self.sessions.get((channel, thread_ts))
            if session is None:
                return None
            return {
                "status": session.status,
                "title": session.title,
                "initiator": session.initiator,
                "history": [dict(h) for h in session.history],
                "statuses": [str(h["status"]) for h in session.history if h["by"] != "rename"],
            }

    # -- helpers ------------------------------------------------------------------------------

    def _agent_only(self, what: str) -> None:
        if self.experience != "agent":
            raise LookupError(f"{what} exists only for apps with agent_view")

    def _where(self, params: JSON) -> tuple[str, str]:
        if self.experience != "agent":
            raise SlackError(NOT_AN_AGENT)
        channel = str(params.get("channel_id") or "")
        if channel not in self.state.channels:
            raise SlackError("channel_not_found")
        thread_ts = str(params.get("thread_ts") or "")
        try:
            message = self.state.find_message(channel, thread_ts)
        except SlackError:
            raise SlackError("invalid_thread_ts") from None
        if message.get("thread_ts", thread_ts) != thread_ts:
            raise SlackError("invalid_thread_ts")  # a reply, not a thread's root
        return channel, thread_ts
