"""chat.startStream / appendStream / stopStream of the local Slack workspace.

As Slack documents them (docs.slack.dev/reference/methods/chat.startStream, …appendStream,
…stopStream): a streamed message is the app's reply in a thread (`thread_ts` is required;
outside a DM `recipient_team_id` and `recipient_user_id` too, else `missing_recipient_team_id` /
`missing_recipient_user_id`). Text comes as `markdown_text` or as `chunks` (`markdown_text`
chunks carry text; `task_update` / `plan_update` chunks are accepted and shown as no text), at
most 12,000 characters a call (`msg_too_long`). `chat.stopStream` may add `blocks`, rendered
after the text (at most 50), and `metadata`; appending to or stopping a message that is not
streaming answers `message_not_in_streaming_state`. A stream nobody appends to for
`idle_timeout` seconds ends by itself, with the text it has, as Slack expires streams.

A `task_update` chunk needs an `id`, a `title` and a `status` (pending | in_progress | complete |
error), a `plan_update` a `title`; others answer `invalid_chunks`. `task_display_mode` is
`timeline` or `plan`. `chat.stopStream`'s `session_status` moves the thread's agent session. The
stop button of an agent session stops the app's streams in its thread (`stop_all_in_thread`).

Streaming starts with a `message` event (like a post) and ends with `message_changed`; the
appends in between send no event. `refusal` makes the workspace refuse to start streams with
that error (an app or workspace without Slack's AI-app surface), for fallback tests.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from bot.doubles.slack_api import SlackError, WebApi, changed_event
from bot.doubles.slack_payloads import JSON

MARKDOWN_TEXT_LIMIT = 12_000
STOP_BLOCKS_LIMIT = 50
IDLE_TIMEOUT = 300.0
TASK_STATUSES = ("pending", "in_progress", "complete", "error")


class Streams:
    """The streaming methods over a `WebApi`'s state (called with the state lock held)."""

    def __init__(self, api: WebApi) -> None:
        self.api = api
        self.idle_timeout = IDLE_TIMEOUT
        self.refusal: str | None = None
        # Every chunk sent, by message ts (task cards are read back from here by tests).
        self.chunks: dict[str, list[JSON]] = {}
        # (channel, thread_ts, status, by): chat.stopStream's `session_status` moves the
        # thread's agent session (bot/doubles/slack_agents.py).
        self.on_session_status: Callable[..., None] | None = None
        # (channel, ts) → monotonic time of the last start/append: the messages streaming now.
        self.live: dict[tuple[str, str], float] = {}

    def methods(self) -> dict[str, Callable[[JSON], JSON]]:
        """The Web API methods this serves, by name."""
        return {
            "chat.startStream": self.start,
            "chat.appendStream": self.append,
            "chat.stopStream": self.stop,
        }

    def streaming(self, channel: str, ts: str) -> bool:
        """Whether the message is still streaming (an idle one has expired by now)."""
        started = self.live.get((channel, ts))
        if started is None:
            return False
        if time.monotonic() - started > self.idle_timeout:
            del self.live[(channel, ts)]
            return False
        return True

    def start(self, params: JSON) -> JSON:
        """chat.startStream: a new bot message in the thread, streaming its first text."""
        if self.refusal:
            raise SlackError(self.refusal)
        api = self.api
        channel = api._channel(params)
        thread_ts = str(params.get("thread_ts") or "")
        if not thread_ts:
            raise SlackError("invalid_arguments", ["[ERROR] missing required field: thread_ts"])
        if not api.state.channels[channel].get("is_im"):
            if not params.get("recipient_team_id"):
                raise SlackError("missing_recipient_team_id")
            if not params.get("recipient_user_id"):
                raise SlackError("missing_recipient_user_id")
        text = _text(params)
        fields: JSON = {"text": text, "thread_ts": thread_ts, **api.bot_fields()}
        mode = params.get("task_display_mode")
        if mode is not None and mode not in ("timeline", "plan"):
            raise SlackError("invalid_arguments", ["[ERROR] task_display_mode: timeline | plan"])
        message = api.state.add_message(channel, fields)
        self._keep_chunks(message["ts"], params)
        self.live[(channel, message["ts"])] = time.monotonic()
        api.emit_message(channel, message)
        return {"channel": channel, "ts": message["ts"]}

    def append(self, params: JSON) -> JSON:
        """chat.appendStream: add text to a streaming message."""
        channel, message = self._streaming_message(params)
        if not params.get("markdown_text") and not params.get("chunks"):
            raise SlackError("no_text")
        message["text"] = message.get("text", "") + _text(params)
        self._keep_chunks(message["ts"], params)
        self.live[(channel, message["ts"])] = time.monotonic()
        return {"channel": channel, "ts": message["ts"]}

    def stop(self, params: JSON) -> JSON:
        """chat.stopStream: the last text, blocks after it, metadata; the message is final."""
        channel, message = self._streaming_message(params)
        extra = params.get("blocks") or []
        if not isinstance(extra, list) or len(extra) > STOP_BLOCKS_LIMIT:
            raise SlackError("invalid_blocks")
        status = params.get("session_status")
        if status is not None and status not in ("processing", "active", "suspended", "closed"):
            raise SlackError("invalid_status")
        previous = dict(message)
        message["text"] = message.get("text", "") + _text(params)
        self._keep_chunks(message["ts"], params)
        text = message["text"]
        sections = [
            {"type": "markdown", "text": text[i : i + MARKDOWN_TEXT_LIMIT]}
            for i in range(0, len(text), MARKDOWN_TEXT_LIMIT)
        ]
        message["blocks"] = sections + extra
        if params.get("metadata"):
            message["metadata"] = params["metadata"]
        del self.live[(channel, message["ts"])]
        if status is not None and self.on_session_status is not None:
            self.on_session_status(channel, str(message["thread_ts"]), str(status), "stop_stream")
        now = self.api.state.ts.next()
        self.api.emit(changed_event(self.api.state, channel, message, previous, now))
        return {"channel": channel, "ts": message["ts"], "message": dict(message)}

    def stop_all_in_thread(self, channel: str, thread_ts: str) -> list[str]:
        """Slack stops the app's live streams in a thread (the agent session's stop button):
        they keep the text they have and take no more appends. Their ts."""
        stopped = []
        for c, ts in list(self.live):
            if c != channel or not self.streaming(c, ts):
                continue
            message = self.api.state.find_message(c, ts)
            if message.get("thread_ts") == thread_ts:
                del self.live[(c, ts)]
                stopped.append(ts)
        return stopped

    def _keep_chunks(self, ts: str, params: JSON) -> None:
        chunks = params.get("chunks")
        if isinstance(chunks, list):
            self.chunks.setdefault(ts, []).extend(c for c in chunks if isinstance(c, dict))

    def _streaming_message(self, params: JSON) -> tuple[str, JSON]:
        channel = self.api._channel(params)
        message = self.api.state.find_message(channel, str(params.get("ts", "")))
        if not self.streaming(channel, message["ts"]):
            raise SlackError("message_not_in_streaming_state")
        return channel, message


def _text(params: JSON) -> str:
    """The text a call adds: `markdown_text`, then its `markdown_text` chunks."""
    parts: list[str] = []
    if params.get("markdown_text"):
        parts.append(str(params["markdown_text"]))
    chunks = params.get("chunks") or []
    if not isinstance(chunks, list):
        raise SlackError("invalid_chunks")
    for chunk in chunks:
        if not isinstance(chunk, dict) or not isinstance(chunk.get("type"), str):
            raise SlackError("invalid_chunks")
        if chunk["type"] == "markdown_text":
            parts.append(str(chunk.get("text", "")))
        elif chunk["type"] == "task_update" and (
            not all(isinstance(chunk.get(k), str) and chunk[k] for k in ("id", "title"))
            or chunk.get("status") not in TASK_STATUSES
        ):
            raise SlackError("invalid_chunks")
        elif chunk["type"] == "plan_update" and not (
            isinstance(chunk.get("title"), str) and chunk["title"]
        ):
            raise SlackError("invalid_chunks")
    if any(len(part) > MARKDOWN_TEXT_LIMIT for part in parts):
        raise SlackError("msg_too_long")
    return "".join(parts)
