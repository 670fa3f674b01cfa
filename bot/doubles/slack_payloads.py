"""Slack payload shapes for the local workspace: event callbacks, envelopes, commands, actions.

Pure functions, so the shapes are easy to compare with Slack's documentation. Everything that
varies per delivery (ids, times) is passed in or drawn here from `secrets`.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import secrets
import string
import threading
import time
import uuid
from dataclasses import dataclass
from typing import Any

JSON = dict[str, Any]

_ALNUM = string.ascii_uppercase + string.digits


def slack_id(prefix: str, length: int = 10) -> str:
    """Return a Slack-style id such as `Ev0123ABCDEF` or `D07ABCDEF12`."""
    return prefix + "".join(secrets.choice(_ALNUM) for _ in range(length))


class TsClock:
    """Hands out unique, strictly increasing Slack `ts` strings ("1700000000.000100")."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._last_micros = 0

    def next(self) -> str:
        """Return a `ts` greater than every one returned before."""
        with self._lock:
            # Seconds.microseconds; bump by one micro when the wall clock has not moved.
            self._last_micros = max(int(time.time() * 1_000_000), self._last_micros + 1)
            secs, micros = divmod(self._last_micros, 1_000_000)
            return f"{secs}.{micros:06d}"


@dataclass(frozen=True)
class Identity:
    """Who the app is in the workspace."""

    team_id: str
    team_domain: str
    api_app_id: str
    bot_user_id: str
    bot_id: str
    verification_token: str


def rich_text_blocks(text: str) -> list[JSON]:
    """Return the `rich_text` block Slack attaches to a message typed by a person."""
    return [
        {
            "type": "rich_text",
            "block_id": slack_id("", 5).lower(),
            "elements": [
                {"type": "rich_text_section", "elements": [{"type": "text", "text": text}]}
            ],
        }
    ]


def event_callback(ident: Identity, event: JSON, *, event_id: str | None = None) -> JSON:
    """Wrap an inner event as the Events API `event_callback` body."""
    return {
        "token": ident.verification_token,
        "team_id": ident.team_id,
        "context_team_id": ident.team_id,
        "context_enterprise_id": None,
        "api_app_id": ident.api_app_id,
        "event": event,
        "type": "event_callback",
        "event_id": event_id or slack_id("Ev", 11),
        "event_time": int(time.time()),
        "authorizations": [
            {
                "enterprise_id": None,
                "team_id": ident.team_id,
                "user_id": ident.bot_user_id,
                "is_bot": True,
                "is_enterprise_install": False,
            }
        ],
        "is_ext_shared_channel": False,
        "event_context": "4-" + slack_id("", 40),
    }


def message_event(message: JSON, *, channel: str, channel_type: str) -> JSON:
    """Return the `message` event for a stored message, as Slack delivers it."""
    event = {k: v for k, v in message.items() if k not in ("reactions", "reply_users")}
    event.update({"type": "message", "channel": channel, "event_ts": message["ts"]})
    event["channel_type"] = channel_type
    return event


def app_mention_event(message: JSON, *, channel: str) -> JSON:
    """Return the `app_mention` event that accompanies a channel message naming the bot."""
    event: JSON = {
        "type": "app_mention",
        "user": message["user"],
        "text": message["text"],
        "ts": message["ts"],
        "channel": channel,
        "event_ts": message["ts"],
        "team": message.get("team"),
        "blocks": message.get("blocks", []),
    }
    for key in ("thread_ts", "client_msg_id", "bot_id", "bot_profile", "files"):
        if key in message:
            event[key] = message[key]
    return event


def reaction_event(
    kind: str,
    *,
    user: str,
    reaction: str,
    channel: str,
    ts: str,
    item_user: str | None,
    now_ts: str,
) -> JSON:
    """Return a `reaction_added` / `reaction_removed` event on a message."""
    event: JSON = {
        "type": kind,
        "user": user,
        "reaction": reaction,
        "item": {"type": "message", "channel": channel, "ts": ts},
        "event_ts": now_ts,
    }
    if item_user is not None:
        event["item_user"] = item_user
    return event


def envelope(kind: str, payload: JSON, *, retry_attempt: int = 0, retry_reason: str = "") -> JSON:
    """Wrap a payload in a Socket Mode envelope (`events_api`, `slash_commands`, `interactive`)."""
    env: JSON = {
        "envelope_id": str(uuid.uuid4()),
        "payload": payload,
        "type": kind,
        # Slack lets the app answer commands, view submissions and option loads through the ack.
        "accepts_response_payload": kind == "slash_commands"
        or payload.get("type") in ("view_submission", "block_suggestion"),
    }
    if kind == "events_api":
        env["retry_attempt"] = retry_attempt
        env["retry_reason"] = retry_reason
    return env


def hello_message(app_id: str, num_connections: int) -> JSON:
    """Return the `hello` Slack sends first on a new Socket Mode connection."""
    return {
        "type": "hello",
        "num_connections": num_connections,
        "debug_info": {
            "host": "applink-local-1",
            "build_number": 1,
            "approximate_connection_time": 18060,
        },
        "connection_info": {"app_id": app_id},
    }


def slash_command_payload(
    ident: Identity,
    *,
    user_id: str,
    user_name: str,
    channel_id: str,
    channel_name: str,
    command: str,
    text: str,
    response_url: str,
    trigger_id: str,
) -> dict[str, str]:
    """Return the form fields of a slash command invocation (all strings, as Slack posts them)."""
    return {
        "token": ident.verification_token,
        "team_id": ident.team_id,
        "team_domain": ident.team_domain,
        "channel_id": channel_id,
        "channel_name": channel_name,
        "user_id": user_id,
        "user_name": user_name,
        "command": command,
        "text": text,
        "api_app_id": ident.api_app_id,
        "is_enterprise_install": "false",
        "response_url": response_url,
        "trigger_id": trigger_id,
    }


def block_actions_payload(
    ident: Identity,
    *,
    user_id: str,
    user_name: str,
    container: JSON,
    channel: JSON | None,
    message: JSON | None,
    view: JSON | None,
    action: JSON,
    response_url: str | None,
    trigger_id: str,
) -> JSON:
    """Return the interactive `block_actions` payload for one clicked element."""
    payload: JSON = {
        "type": "block_actions",
        "user": {
            "id": user_id,
            "username": user_name,
            "name": user_name,
            "team_id": ident.team_id,
        },
        "api_app_id": ident.api_app_id,
        "token": ident.verification_token,
        "container": container,
        "trigger_id": trigger_id,
        "team": {"id": ident.team_id, "domain": ident.team_domain},
        "enterprise": None,
        "is_enterprise_install": False,
        "state": {"values": {}},
        "actions": [action],
    }
    if channel is not None:
        payload["channel"] = channel
    if message is not None:
        payload["message"] = message
    if view is not None:
        payload["view"] = view
    if response_url is not None:
        payload["response_url"] = response_url
    return payload


def find_action_element(blocks: list[JSON], action_id: str) -> tuple[JSON, str] | None:
    """Find an interactive element by `action_id` in blocks; return it with its block_id."""
    for block in blocks:
        candidates: list[JSON] = []
        if block.get("type") == "actions":
            candidates.extend(block.get("elements", []))
        if isinstance(block.get("accessory"), dict):
            candidates.append(block["accessory"])
        for element in candidates:
            if element.get("action_id") == action_id:
                return element, str(block.get("block_id", ""))
    return None


def find_feedback_buttons(blocks: list[JSON]) -> tuple[JSON, str] | None:
    """The first `feedback_buttons` element of a message's `context_actions` blocks, with its
    block_id."""
    for block in blocks:
        if block.get("type") != "context_actions":
            continue
        for element in block.get("elements", []):
            if element.get("type") == "feedback_buttons":
                return element, str(block.get("block_id", ""))
    return None


def feedback_action(
    element: JSON, block_id: str, side: str, *, action_ts: str, value: str | None = None
) -> JSON:
    """The `actions[0]` of a click on one of the feedback buttons (`side`: positive|negative):
    the element's action_id and type, the clicked button's text and value."""
    button = element.get(f"{side}_button") or {}
    action: JSON = {
        "type": "feedback_buttons",
        "action_id": element.get("action_id", ""),
        "block_id": block_id,
        "action_ts": action_ts,
        "text": button.get("text"),
        "value": value if value is not None else button.get("value"),
    }
    return action


def sign(signing_secret: str, timestamp: str, body: str) -> str:
    """Return the `X-Slack-Signature` (v0, HMAC-SHA256 over `v0:{timestamp}:{body}`)."""
    base = f"v0:{timestamp}:{body}".encode()
    return "v0=" + hmac.new(signing_secret.encode(), base, hashlib.sha256).hexdigest()


def dumps(data: JSON) -> str:
    """Serialise compactly, as Slack does on the wire."""
    return json.dumps(data, separators=(",", ":"))
