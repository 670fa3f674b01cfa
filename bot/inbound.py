"""Slack payloads normalised into small inbound records. Nothing above the listeners sees a payload.

Each `normalise_*` function returns a record, or None for something Seshat deliberately ignores
(its own messages, edits, deletes, joins and other subtypes, events without a user).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

# Messages larger than this are cut (with a marker) before storage; Slack's own limit is 40k chars.
MAX_TEXT_CHARS = 40_000
_MENTION = re.compile(r"<@([UW][A-Z0-9]+)(?:\|[^>]*)?>")


@dataclass(frozen=True)
class InboundMessage:
    """A human message the bot may answer."""

    team: str
    channel: str
    channel_type: str
    user: str
    text: str
    ts: str
    thread_ts: str | None
    event_id: str | None
    mentions_bot: bool

    @property
    def is_dm(self) -> bool:
        """True for direct messages (channel type im, or a D… channel id)."""
        return self.channel_type == "im" or self.channel.startswith("D")


@dataclass(frozen=True)
class InboundCommand:
    """A slash command (e.g. /done)."""

    team: str
    channel: str
    user: str
    command: str
    text: str


@dataclass(frozen=True)
class InboundReaction:
    """A reaction added to (or removed from) a message."""

    team: str
    channel: str
    item_ts: str
    item_user: str | None
    user: str
    name: str
    added: bool
    event_id: str | None


@dataclass(frozen=True)
class InboundAction:
    """A Block Kit button click."""

    team: str
    channel: str
    user: str
    action_id: str
    value: str
    message_ts: str
    thread_ts: str | None


class MalformedPayload(ValueError):
    """A payload lacks a field Slack always sends: logged and dropped, never crashes intake."""


def _str(value: Any) -> str:
    return value if isinstance(value, str) else ""


def _require(source: dict[str, Any], *names: str) -> None:
    missing = [name for name in names if not _str(source.get(name))]
    if missing:
        raise MalformedPayload(f"missing {', '.join(missing)}")


def clean_text(text: str) -> str:
    """Bound the size and drop NUL bytes (PostgreSQL refuses them in text)."""
    text = text.replace("\x00", "")
    if len(text) > MAX_TEXT_CHARS:
        text = text[:MAX_TEXT_CHARS] + "\n…[message truncated by Seshat]"
    return text


def normalise_message(
    event: dict[str, Any], body: dict[str, Any], *, bot_user_id: str, bot_id: str | None
) -> InboundMessage | None:
    """A `message` or `app_mention` event → InboundMessage, or None when it is not for us."""
    if not isinstance(event, dict):
        raise MalformedPayload("event is not an object")
    if event.get("subtype") is not None:
        # Edits, deletes, joins, bot_message, file_share… none of them start or extend a chat.
        return None
    user = _str(event.get("user"))
    if event.get("bot_id") or (bot_id and event.get("bot_id") == bot_id) or user == bot_user_id:
        return None
    if not user:
        return None
    _require(event, "channel", "ts")
    text = clean_text(_str(event.get("text")))
    mentioned = {m.group(1) for m in _MENTION.finditer(text)}
    thread_ts = _str(event.get("thread_ts")) or None
    return InboundMessage(
        team=_str(event.get("team")) or _str(body.get("team_id")),
        channel=_str(event["channel"]),
        channel_type=_str(event.get("channel_type"))
        or ("im" if _str(event["channel"])[:1] == "D" else "channel"),
        user=user,
        text=text,
        ts=_str(event["ts"]),
        thread_ts=thread_ts if thread_ts != _str(event["ts"]) else None,
        event_id=_str(body.get("event_id")) or None,
        mentions_bot=event.get("type") == "app_mention" or bot_user_id in mentioned,
    )


def strip_bot_mention(text: str, bot_user_id: str) -> str:
    """Remove `<@BOT>` from a mention so the model sees what the user asked."""
    return re.sub(rf"<@{re.escape(bot_user_id)}(?:\|[^>]*)?>\s*", "", text).strip()


def normalise_command(body: dict[str, Any]) -> InboundCommand:
    """A slash-command payload → InboundCommand."""
    _require(body, "user_id", "channel_id", "command")
    return InboundCommand(
        team=_str(body.get("team_id")),
        channel=_str(body["channel_id"]),
        user=_str(body["user_id"]),
        command=_str(body["command"]),
        text=_str(body.get("text")).strip(),
    )


def normalise_reaction(
    event: dict[str, Any], body: dict[str, Any], *, added: bool
) -> InboundReaction | None:
    """A `reaction_added`/`reaction_removed` event on a message → InboundReaction."""
    item = event.get("item")
    if not isinstance(item, dict) or item.get("type") != "message":
        return None
    _require(event, "user", "reaction")
    _require(item, "channel", "ts")
    return InboundReaction(
        team=_str(body.get("team_id")),
        channel=_str(item["channel"]),
        item_ts=_str(item["ts"]),
        item_user=_str(event.get("item_user")) or None,
        user=_str(event["user"]),
        name=_str(event["reaction"]),
        added=added,
        event_id=_str(body.get("event_id")) or None,
    )


def normalise_action(body: dict[str, Any]) -> InboundAction | None:
    """A `block_actions` payload → InboundAction for its first button."""
    actions = body.get("actions")
    if not isinstance(actions, list) or not actions or not isinstance(actions[0], dict):
        return None
    action = actions[0]
    user = body.get("user") if isinstance(body.get("user"), dict) else {}
    channel = body.get("channel") if isinstance(body.get("channel"), dict) else {}
    container = body.get("container") if isinstance(body.get("container"), dict) else {}
    message = body.get("message") if isinstance(body.get("message"), dict) else {}
    assert isinstance(user, dict) and isinstance(channel, dict)
    assert isinstance(container, dict) and isinstance(message, dict)
    user_id = _str(user.get("id"))
    channel_id = _str(channel.get("id")) or _str(container.get("channel_id"))
    if not user_id or not channel_id:
        raise MalformedPayload("block action without user or channel")
    team = body.get("team") if isinstance(body.get("team"), dict) else {}
    assert isinstance(team, dict)
    return InboundAction(
        team=_str(team.get("id")),
        channel=channel_id,
        user=user_id,
        action_id=_str(action.get("action_id")),
        value=_str(action.get("value")),
        message_ts=_str(container.get("message_ts")) or _str(message.get("ts")),
        thread_ts=_str(message.get("thread_ts")) or None,
    )
