"""Assistant threads in the local Slack workspace: the events and the `assistant.threads.*` methods.

What Slack documents, and this double does:

- A person opens the app's assistant container: Slack creates the thread's root in their DM with
  the app (a message of subtype `assistant_app_thread`, written as that person, "Chats from …",
  which Slack sends no `message` event for) and sends `assistant_thread_started` with
  `assistant_thread: {user_id, context: {channel_id, team_id, enterprise_id}, channel_id,
  thread_ts}`. Viewing another channel with the container open sends
  `assistant_thread_context_changed` with the same shape. The person's messages in the thread
  are plain `message.im` events (`channel_type: im`, a `thread_ts`, no subtype, no `bot_id`):
  the shape Bolt's `Assistant` middleware recognises them by.
- `assistant.threads.setStatus` (channel_id, thread_ts, status, loading_messages ≤ 10): shown
  until the app replies in the thread, an empty status is set, or two minutes pass.
- `assistant.threads.setSuggestedPrompts` (channel_id, thread_ts, prompts: 1–4 of
  `{title, message}`, title); clicking one posts its `message` as the person.
- `assistant.threads.setTitle` (channel_id, thread_ts, title): the root message is edited (a
  `message_changed` event whose `message.subtype` is `assistant_app_thread`).

Errors: `channel_not_found`, `invalid_thread_ts` (no such thread; for prompts and titles, no such
assistant thread), `invalid_arguments` (a required argument missing or malformed). Every change
is recorded on the thread, so a test reads what was set and when.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from bot.doubles.slack_api import SlackError, WorkspaceState, changed_event
from bot.doubles.slack_payloads import JSON

EmitEvent = Callable[[JSON], object]

STATUS_TIMEOUT = 120.0  # seconds a status lasts without a reply (Slack's documented two minutes)
MAX_LOADING_MESSAGES = 10
MAX_PROMPTS = 4


@dataclass
class ThreadStatus:
    """The status line of one thread and every change to it (`by`: set | reply | timeout)."""

    status: str = ""
    loading_messages: list[str] = field(default_factory=list)
    set_at: float = 0.0
    history: list[JSON] = field(default_factory=list)

    def change(self, status: str, loading: list[str], by: str, at: float) -> None:
        """Set (or clear, with "") the status and record it."""
        self.status, self.loading_messages, self.set_at = status, loading, at
        self.history.append({"status": status, "loading_messages": loading, "by": by, "at": at})


@dataclass
class AssistantThread:
    """An assistant thread as the double keeps it."""

    channel: str
    thread_ts: str
    user: str
    context: JSON
    title: str | None = None
    prompts: list[JSON] = field(default_factory=list)
    prompts_title: str | None = None
    titles: list[str] = field(default_factory=list)


class AssistantApi:
    """The assistant threads of a workspace and the three `assistant.threads.*` methods."""

    def __init__(self, state: WorkspaceState, emit: EmitEvent) -> None:
        self.state = state
        self.emit = emit
        self.status_timeout = STATUS_TIMEOUT
        self.threads: dict[tuple[str, str], AssistantThread] = {}
        self.statuses: dict[tuple[str, str], ThreadStatus] = {}
        # Under agent_view (no assistant threads) prompts set without a thread_ts are the DM's.
        self.experience = "assistant"
        self.channel_prompts: dict[str, list[JSON]] = {}
        # Slack clears a thread's status when the app replies in it.
        state.message_hooks.append(self._on_message)

    def methods(self) -> dict[str, Callable[[JSON], JSON]]:
        """The Web API methods, by name."""
        return {
            "assistant.threads.setStatus": self.set_status,
            "assistant.threads.setSuggestedPrompts": self.set_suggested_prompts,
            "assistant.threads.setTitle": self.set_title,
        }

    # -- people -------------------------------------------------------------------------------

    def open(self, user: str, context_channel: str | None) -> AssistantThread:
        """`user` opens the assistant container: the root message, the thread, its event."""
        with self.state.cond:
            channel = self.state.open_dm(user)
            title = f"Chats from {datetime.now(UTC).isoformat(timespec='milliseconds')}"
            root = self.state.add_message(
                channel,
                {
                    "subtype": "assistant_app_thread",
                    "user": user,
                    "text": title,
                    "assistant_app_thread": {"title": title, "title_blocks": [], "artifacts": []},
                },
            )
            thread = AssistantThread(channel, root["ts"], user, self._context(context_channel))
            self.threads[(channel, root["ts"])] = thread
        self.emit(self._event("assistant_thread_started", thread))
        return thread

    def change_context(self, channel: str, thread_ts: str, context_channel: str | None) -> JSON:
        """The person views another channel with the container open."""
        with self.state.cond:
            thread = self._thread(channel, thread_ts)
            thread.context = self._context(context_channel)
            event = self._event("assistant_thread_context_changed", thread)
        self.emit(event)
        return event

    def prompt(self, channel: str, thread_ts: str, index: int) -> tuple[str, str]:
        """The (user, message) a click on suggested prompt `index` sends."""
        with self.state.cond:
            thread = self._thread(channel, thread_ts)
            return thread.user, str(thread.prompts[index]["message"])

    def snapshot(self, channel: str, thread_ts: str) -> JSON:
        """What is set on a thread now: status (a lapsed one is cleared), prompts, title."""
        with self.state.cond:
            status = self._status(channel, thread_ts)
            thread = self.threads.get((channel, thread_ts))
            out: JSON = {
                "status": status.status,
                "loading_messages": list(status.loading_messages),
                "status_history": [dict(h) for h in status.history],
            }
            if thread is not None:
                out.update(
                    user=thread.user,
                    context=dict(thread.context),
                    prompts=[dict(p) for p in thread.prompts],
                    prompts_title=thread.prompts_title,
                    title=thread.title,
                    titles=list(thread.titles),
                )
            return out

    # -- methods ------------------------------------------------------------------------------

    def set_status(self, params: JSON) -> JSON:
        """assistant.threads.setStatus: show (or, with "", clear) the thread's status."""
        channel, thread_ts = self._where(params, assistant_only=False)
        status = params.get("status")
        if not isinstance(status, str):
            raise SlackError("invalid_arguments", ["[ERROR] missing required field: status"])
        loading = _list(params.get("loading_messages"))
        if loading is None or len(loading) > MAX_LOADING_MESSAGES:
            raise SlackError(
                "invalid_arguments",
                [f"[ERROR] loading_messages must be at most {MAX_LOADING_MESSAGES} strings"],
            )
        if not all(isinstance(m, str) and m for m in loading):
            raise SlackError("invalid_arguments", ["[ERROR] loading_messages must be strings"])
        self._status(channel, thread_ts).change(
            status, loading if status else [], "set", time.monotonic()
        )
        self.state.cond.notify_all()
        return {}

    def set_suggested_prompts(self, params: JSON) -> JSON:
        """assistant.threads.setSuggestedPrompts: up to four prompts (title and message)."""
        channel = self._channel(params)
        if params.get("thread_ts"):
            _, thread_ts = self._where(params, assistant_only=True)
        elif self.experience == "agent":
            thread_ts = ""  # the DM's own prompts (agent_view has no assistant threads)
        else:  # Slack: "the prompts will be set for the latest message in the channel"
            latest = [t for (c, t) in self.threads if c == channel]
            if not latest:
                raise SlackError("invalid_thread_ts")
            thread_ts = max(latest, key=float)
        prompts = _list(params.get("prompts"))
        if (
            not prompts
            or len(prompts) > MAX_PROMPTS
            or not all(
                isinstance(p, dict)
                and isinstance(p.get("title"), str)
                and p["title"]
                and isinstance(p.get("message"), str)
                and p["message"]
                for p in prompts
            )
        ):
            raise SlackError(
                "invalid_arguments",
                [f"[ERROR] prompts: 1 to {MAX_PROMPTS} objects with a title and a message"],
            )
        if not thread_ts:
            self.channel_prompts[channel] = [
                {"title": p["title"], "message": p["message"]} for p in prompts
            ]
            self.state.cond.notify_all()
            return {}
        thread = self.threads[(channel, thread_ts)]
        thread.prompts = [{"title": p["title"], "message": p["message"]} for p in prompts]
        title = params.get("title")
        thread.prompts_title = title if isinstance(title, str) and title else None
        self.state.cond.notify_all()
        return {}

    def set_title(self, params: JSON) -> JSON:
        """assistant.threads.setTitle: rename the thread (its root message is edited)."""
        channel, thread_ts = self._where(params, assistant_only=True)
        title = params.get("title")
        if not isinstance(title, str) or not title.strip():
            raise SlackError("invalid_arguments", ["[ERROR] missing required field: title"])
        thread = self.threads[(channel, thread_ts)]
        thread.title = title
        thread.titles.append(title)
        root = self.state.find_message(channel, thread_ts)
        previous = {**root, "assistant_app_thread": dict(root.get("assistant_app_thread") or {})}
        now = self.state.ts.next()
        root["text"] = title
        root["assistant_app_thread"] = {**previous["assistant_app_thread"], "title": title}
        root["edited"] = {"user": thread.user, "ts": now}
        self.emit(changed_event(self.state, channel, root, previous, now))
        return {}

    # -- helpers ------------------------------------------------------------------------------

    def _channel(self, params: JSON) -> str:
        channel = str(params.get("channel_id") or "")
        if channel not in self.state.channels:
            raise SlackError("channel_not_found")
        return channel

    def _where(self, params: JSON, *, assistant_only: bool) -> tuple[str, str]:
        """(channel_id, thread_ts) of an existing thread root, else Slack's error."""
        channel = self._channel(params)
        thread_ts = str(params.get("thread_ts") or "")
        if assistant_only:
            if (channel, thread_ts) not in self.threads:
                raise SlackError("invalid_thread_ts")
            return channel, thread_ts
        try:
            message = self.state.find_message(channel, thread_ts)
        except SlackError:
            raise SlackError("invalid_thread_ts") from None
        if message.get("thread_ts", thread_ts) != thread_ts:
            raise SlackError("invalid_thread_ts")  # a reply, not a thread's root
        return channel, thread_ts

    def _thread(self, channel: str, thread_ts: str) -> AssistantThread:
        thread = self.threads.get((channel, thread_ts))
        if thread is None:
            raise LookupError(f"no assistant thread {channel}/{thread_ts}")
        return thread

    def _status(self, channel: str, thread_ts: str) -> ThreadStatus:
        status = self.statuses.setdefault((channel, thread_ts), ThreadStatus())
        if status.status and time.monotonic() - status.set_at > self.status_timeout:
            status.change("", [], "timeout", status.set_at + self.status_timeout)
        return status

    def _on_message(self, channel: str, message: JSON) -> None:
        thread_ts = message.get("thread_ts")
        if not thread_ts or message.get("bot_id") != self.state.ident.bot_id:
            return
        status = self._status(channel, str(thread_ts))
        if status.status:
            status.change("", [], "reply", time.monotonic())

    def _context(self, context_channel: str | None) -> JSON:
        context: JSON = {"team_id": self.state.ident.team_id, "enterprise_id": None}
        if context_channel:
            context["channel_id"] = context_channel
        return context

    def _event(self, kind: str, thread: AssistantThread) -> JSON:
        return {
            "type": kind,
            "assistant_thread": {
                "user_id": thread.user,
                "context": dict(thread.context),
                "channel_id": thread.channel,
                "thread_ts": thread.thread_ts,
            },
            "event_ts": self.state.ts.next(),
        }


def _list(value: Any) -> list[Any] | None:
    """A JSON array argument: as sent in a JSON body, or as a JSON string in a form post."""
    if value is None:
        return []
    if isinstance(value, str):
        try:
            value = json.loads(value)
        except ValueError:
            return None
    return value if isinstance(value, list) else None
