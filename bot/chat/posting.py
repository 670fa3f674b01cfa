"""Posting a reply: its blocks (text, feedback buttons, Done), the post itself, finishing a live
(streamed) message, finding a reply a dead process already posted, and the ⏳ reaction."""

from __future__ import annotations

import logging
from typing import Any

from slack_sdk import WebClient
from slack_sdk.errors import SlackApiError

from bot.chat.cpu_slots import CpuSlots
from bot.chat.streaming import LiveReply, Streamer, ambiguous
from bot.slack.feedback_blocks import feedback_block
from bot.slack.web import slack_error
from store.models import Message

log = logging.getLogger(__name__)
WORKING_REACTION = "hourglass_flowing_sand"
DONE_ACTION = "seshat_done"
REPLY_METADATA = "seshat_reply"


def reply_controls(session_id: str) -> list[dict[str, Any]]:
    """What goes under a reply's text: the 👍 / 👎 feedback buttons and a "Done" button (also
    for a streamed reply, whose text the stream carries)."""
    return [
        feedback_block(session_id),
        {
            "type": "actions",
            "block_id": "seshat_session",
            "elements": [
                {
                    "type": "button",
                    "action_id": DONE_ACTION,
                    "value": session_id,
                    "text": {"type": "plain_text", "text": "Done"},
                }
            ],
        },
    ]


def reply_blocks(text: str, session_id: str) -> list[dict[str, Any]]:
    """The reply as mrkdwn sections (≤ 3000 chars each, Slack's limit) plus its controls."""
    chunks = [text[i : i + 3000] for i in range(0, len(text), 3000)][:45] or [" "]
    blocks: list[dict[str, Any]] = [
        {"type": "section", "text": {"type": "mrkdwn", "text": chunk}} for chunk in chunks
    ]
    return blocks + reply_controls(session_id)


def reply_metadata(owed: Message) -> dict[str, Any]:
    """Marks a post as the answer to this message, so a process taking over after a crash
    can tell whether it was already posted (`Poster.already_posted`)."""
    return {"event_type": REPLY_METADATA, "event_payload": {"message_id": owed.id}}


def post_body(
    channel: str, thread_ts: str, text: str, blocks: list[dict[str, Any]], metadata: dict[str, Any]
) -> dict[str, Any]:
    """chat.postMessage's JSON body as slack_sdk's `chat_postMessage` builds it from these
    arguments: its keys in its order (none is None here), so the bytes sent are the same.

    Given to `WebClient.api_call` instead: `chat_postMessage` first runs every block and the
    metadata through `_parse_web_class_objects`, six ABC `isinstance` checks a block, to turn
    Block Kit objects into dicts (~58 k instructions a reply for dicts that are already so).
    tests/bot/chat/test_post_body.py holds it to the SDK's own body, byte for byte."""
    return {
        "channel": channel,
        "text": text,
        "blocks": blocks,
        "thread_ts": thread_ts,
        "metadata": metadata,
    }


class Poster:
    """Puts stored replies in their threads; never retries a post Slack may already have."""

    def __init__(self, slack: WebClient, streamer: Streamer, cpu: CpuSlots) -> None:
        self.slack = slack
        self.streamer = streamer
        self._cpu = cpu

    def show(
        self, owed: Message, thread_ts: str, text: str, live: LiveReply | None
    ) -> tuple[str | None, float | None]:
        """Put the stored reply in the thread: finish the live message, or the one a dead process
        left, else post it; (its ts, None), or (None, Retry-After) when Slack refused."""
        if live is not None:
            ts = live.finish(text)
            if ts is not None:
                return ts, None
            if live.uncertain:  # a first post that may have reached Slack before failing
                owed.reply_stream_ts = self.already_posted(owed, thread_ts)
        if owed.reply_stream_ts:
            blocks = reply_blocks(text, owed.session_id)
            metadata = reply_metadata(owed)
            if self.streamer.replace(owed.channel, owed.reply_stream_ts, text, blocks, metadata):
                return owed.reply_stream_ts, None
        return self.post(owed.channel, thread_ts, text, owed)

    def post(
        self, channel: str, thread_ts: str, text: str, owed: Message
    ) -> tuple[str | None, float | None]:
        """Post the reply in the thread: (its ts, None), or (None, Retry-After if Slack said)."""
        try:
            with self._cpu.waiting():
                # Never retried blindly (a post that reached Slack before the error would be
                # posted twice): an unclear failure is checked in the thread instead.
                blocks = reply_blocks(text, owed.session_id)
                body = post_body(channel, thread_ts, text, blocks, reply_metadata(owed))
                result = self.streamer.slack.api_call("chat.postMessage", json=body)
        except (SlackApiError, OSError) as exc:
            if ambiguous(exc) and (posted := self.already_posted(owed, thread_ts)) is not None:
                return posted, None
            log.error(
                "could not post reply: %s", slack_error(exc), extra={"session": owed.session_id}
            )
            retry_after = None
            if isinstance(exc, SlackApiError):
                header = (exc.response.headers or {}).get("retry-after") or (
                    exc.response.headers or {}
                ).get("Retry-After")
                try:
                    retry_after = float(header) if header else None
                except (TypeError, ValueError):
                    retry_after = None
            return None, retry_after
        return str(result.get("ts") or ""), None

    def already_posted(self, owed: Message, thread_ts: str) -> str | None:
        """The ts of a reply to `owed` already in the thread (posted by a process that died
        before recording it), or None."""
        try:
            with self._cpu.waiting():
                page = self.slack.conversations_replies(
                    channel=owed.channel, ts=thread_ts, include_all_metadata=True, limit=200
                )
        except (SlackApiError, OSError) as exc:
            log.warning("could not read the thread: %s", slack_error(exc))
            return None
        for m in page.get("messages") or []:
            meta = m.get("metadata") or {}
            payload = meta.get("event_payload") or {}
            if meta.get("event_type") == REPLY_METADATA and payload.get("message_id") == owed.id:
                return str(m.get("ts"))
        return None

    def react(self, channel: str, ts: str, *, add: bool) -> None:
        """Add or remove the ⏳ reaction; failures are logged, never raised."""
        try:
            if add:
                self.slack.reactions_add(channel=channel, timestamp=ts, name=WORKING_REACTION)
            else:
                self.slack.reactions_remove(channel=channel, timestamp=ts, name=WORKING_REACTION)
        except (SlackApiError, OSError) as exc:
            log.debug(
                "working reaction %s failed: %s", "add" if add else "remove", slack_error(exc)
            )
