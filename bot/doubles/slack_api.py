"""Workspace state and the Web API of the local Slack workspace.

`WorkspaceState` is the single source of truth (users, channels, messages, reactions, views, the
record of calls) behind one re-entrant lock; `WebApi` serves `/api/{method}` over aiohttp from it.
Handlers never await while holding the lock, so drivers on other threads see consistent state.
"""

from __future__ import annotations

import asyncio
import json
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import parse_qsl

from aiohttp import web

from bot.doubles.slack_payloads import (
    JSON,
    Identity,
    TsClock,
    message_event,
    reaction_event,
    slack_id,
)
from bot.doubles.slack_views import message_block_problems, view_problems
from bot.slack.scopes import BOT_SCOPES

EmitEvent = Callable[[JSON], object]


class SlackError(Exception):
    """A Web API error answered as `{"ok": false, "error": code}`."""

    def __init__(self, code: str, messages: list[str] | None = None) -> None:
        super().__init__(code)
        self.code = code
        self.messages = messages or []


@dataclass(frozen=True)
class Call:
    """One Web API (or response_url) request the workspace received, with its answer."""

    seq: int
    method: str
    params: JSON
    headers: dict[str, str]
    time: float
    status: int
    response: JSON


@dataclass
class Fault:
    """An injected failure: the next `times` calls of `method` get this answer instead.

    `after=True` does the call first and then fails it (Slack's `fatal_error`: "it's possible
    some aspect of the operation succeeded"), what makes a client's blind retry do it twice;
    status 0 cuts the connection instead of answering."""

    method: str
    status: int = 500
    retry_after: int | None = None
    error: str | None = None
    times: int = 1
    after: bool = False


class Faults:
    """Thread-safe list of pending injected Web API failures."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._faults: list[Fault] = []
        self._delays: list[list[Any]] = []

    def add(
        self,
        method: str,
        status: int = 500,
        retry_after: int | None = None,
        error: str | None = None,
        times: int = 1,
        after: bool = False,
    ) -> Fault:
        """Fail the next `times` calls of `method` with `status` (and `error` for status 200;
        0 cuts the connection), before doing the call or, with `after`, once it is done."""
        fault = Fault(method, status, retry_after, error, times, after)
        with self._lock:
            self._faults.append(fault)
        return fault

    def clear(self) -> None:
        """Drop every pending fault."""
        with self._lock:
            self._faults.clear()

    def delay(
        self,
        method: str,
        seconds: float,
        *,
        times: int = 1,
        match: Callable[[JSON], bool] | None = None,
    ) -> None:
        """Hold the next `times` calls of `method` (those `match` accepts) for `seconds` before
        answering them; a caller that hangs up meanwhile (a killed process) leaves the call
        undone, as a request Slack never finished reading."""
        with self._lock:
            self._delays.append([method, seconds, times, match])

    def take_delay(self, method: str, params: JSON) -> float:
        """Consume one use of the first delay matching this call; its seconds (0: none)."""
        with self._lock:
            for entry in self._delays:
                m, seconds, times, match = entry
                if m == method and times > 0 and (match is None or match(params)):
                    entry[2] = times - 1
                    if entry[2] == 0:
                        self._delays.remove(entry)
                    return float(seconds)
        return 0.0

    def take(self, method: str) -> Fault | None:
        """Consume one use of the first fault matching `method`, if any."""
        with self._lock:
            for fault in self._faults:
                if fault.method == method and fault.times > 0:
                    fault.times -= 1
                    if fault.times == 0:
                        self._faults.remove(fault)
                    return fault
        return None


@dataclass
class WorkspaceState:
    """Everything the fake Slack remembers; guard every access with `cond`."""

    ident: Identity
    bot_name: str = "seshat"
    cond: threading.Condition = field(
        default_factory=lambda: threading.Condition(threading.RLock())
    )
    ts: TsClock = field(default_factory=TsClock)
    users: dict[str, JSON] = field(default_factory=dict)
    channels: dict[str, JSON] = field(default_factory=dict)
    dm_by_user: dict[str, str] = field(default_factory=dict)
    messages: dict[str, list[JSON]] = field(default_factory=dict)
    ephemerals: list[JSON] = field(default_factory=list)
    views: dict[str, JSON] = field(default_factory=dict)
    home_view_by_user: dict[str, str] = field(default_factory=dict)
    triggers: set[str] = field(default_factory=set)
    trigger_users: dict[str, str] = field(default_factory=dict)
    # Each user's open modals, bottom first (views.open starts a stack, views.push adds to it).
    modal_stacks: dict[str, list[str]] = field(default_factory=dict)
    response_targets: dict[str, JSON] = field(default_factory=dict)
    calls: list[Call] = field(default_factory=list)
    # Called (under the lock) with (channel, message) for every message stored, e.g. so a reply
    # clears its thread's assistant status (bot/doubles/slack_assistant.py).
    message_hooks: list[Callable[[str, JSON], None]] = field(default_factory=list)

    def add_user(self, user_id: str, name: str, *, is_bot: bool = False) -> JSON:
        """Create or replace a user and return its `users.info` record."""
        user: JSON = {
            "id": user_id,
            "team_id": self.ident.team_id,
            "name": name,
            "real_name": name,
            "deleted": False,
            "is_bot": is_bot,
            "is_admin": False,
            "tz": "UTC",
            "tz_offset": 0,
            "profile": {"real_name": name, "display_name": name, "team": self.ident.team_id},
        }
        with self.cond:
            self.users[user_id] = user
        return user

    def user(self, user_id: str) -> JSON:
        """Return a user, creating a plain one on first sight so drivers stay terse."""
        with self.cond:
            if user_id not in self.users:
                self.add_user(user_id, user_id.lower())
            return self.users[user_id]

    def open_dm(self, user_id: str) -> str:
        """Return the user's DM channel with the bot (stable per user)."""
        with self.cond:
            self.user(user_id)
            if user_id not in self.dm_by_user:
                channel_id = slack_id("D")
                self.dm_by_user[user_id] = channel_id
                self.channels[channel_id] = {
                    "id": channel_id,
                    "is_im": True,
                    "user": user_id,
                    "created": int(time.time()),
                }
                self.messages[channel_id] = []
            return self.dm_by_user[user_id]

    def ensure_channel(self, channel_id: str, name: str | None = None) -> JSON:
        """Return a public channel, creating it when a driver first uses it."""
        with self.cond:
            if channel_id not in self.channels:
                self.channels[channel_id] = {
                    "id": channel_id,
                    "name": name or channel_id.lower(),
                    "is_channel": True,
                    "is_im": False,
                    "is_member": True,
                    "created": int(time.time()),
                }
                self.messages[channel_id] = []
            return self.channels[channel_id]

    def channel_type(self, channel_id: str) -> str:
        """Return the `channel_type` Slack puts on message events."""
        with self.cond:
            if self.channels.get(channel_id, {}).get("is_im"):
                return "im"
        return "group" if channel_id.startswith("G") else "channel"

    def find_message(self, channel_id: str, ts: str) -> JSON:
        """Return the stored message (or reply) with this ts, else raise `message_not_found`."""
        with self.cond:
            for message in self.messages.get(channel_id, []):
                if message["ts"] == ts:
                    return message
        raise SlackError("message_not_found")

    def add_message(self, channel_id: str, fields: JSON) -> JSON:
        """Store a new message (assigning its ts) and keep the thread parent's summary current."""
        with self.cond:
            if channel_id not in self.channels:
                raise SlackError("channel_not_found")
            message: JSON = {"type": "message", **fields, "ts": self.ts.next()}
            message["team"] = self.ident.team_id
            thread_ts = message.get("thread_ts")
            if thread_ts:
                parent = self.find_message(channel_id, thread_ts)
                if parent.get("thread_ts", parent["ts"]) != parent["ts"]:
                    # Slack threads are one level deep: a reply to a reply joins the root's thread.
                    thread_ts = message["thread_ts"] = parent["thread_ts"]
                    parent = self.find_message(channel_id, thread_ts)
                message["parent_user_id"] = parent.get("user")
                users = parent.setdefault("reply_users", [])
                if message.get("user") and message["user"] not in users:
                    users.append(message["user"])
                parent.update(
                    thread_ts=parent["ts"],
                    reply_count=parent.get("reply_count", 0) + 1,
                    reply_users_count=len(users),
                    latest_reply=message["ts"],
                )
            self.messages[channel_id].append(message)
            for hook in self.message_hooks:
                hook(channel_id, message)
            self.cond.notify_all()
            return message

    def record(self, call: Call) -> None:
        """Append a call and wake every waiter."""
        with self.cond:
            self.calls.append(call)
            self.cond.notify_all()

    def next_seq(self) -> int:
        """Return the sequence number the next recorded call will get."""
        with self.cond:
            return len(self.calls) + 1


_JSON_FIELDS = ("blocks", "attachments", "view", "metadata", "chunks")
_APP_TOKEN_METHODS = {"apps.connections.open"}


def _decode_fields(params: JSON) -> JSON:
    """Form posts carry blocks/views as JSON strings; decode them as Slack does."""
    out = dict(params)
    for key in _JSON_FIELDS:
        value = out.get(key)
        if isinstance(value, str) and value[:1] in "[{":
            out[key] = json.loads(value)
    return out


class WebApi:
    """Serves the Web API methods over aiohttp from a `WorkspaceState`."""

    def __init__(
        self,
        state: WorkspaceState,
        faults: Faults,
        *,
        bot_token: str,
        app_token: str,
        emit: EmitEvent,
        base_url: Callable[[], str],
        socket_url: Callable[[], str],
    ) -> None:
        self.state = state
        self.faults = faults
        self.bot_token = bot_token
        self.app_token = app_token
        self.emit = emit
        self.base_url = base_url
        self.socket_url = socket_url
        # What the installed app was granted, sent as Slack does in `x-oauth-scopes` on every
        # bot-token call (a test drops one to see `seshat doctor` name it).
        self.scopes: tuple[str, ...] = BOT_SCOPES
        self.methods: dict[str, Callable[[JSON], JSON]] = {
            "auth.test": lambda _params: self.auth_test(),
            "chat.postMessage": self.chat_post_message,
            "chat.update": self.chat_update,
            "chat.delete": self.chat_delete,
            "chat.postEphemeral": self.chat_post_ephemeral,
            "chat.getPermalink": self.chat_get_permalink,
            "reactions.add": lambda p: self.reaction(p, add=True),
            "reactions.remove": lambda p: self.reaction(p, add=False),
            "reactions.get": self.reactions_get,
            "conversations.open": self.conversations_open,
            "conversations.info": self.conversations_info,
            "conversations.history": self.conversations_history,
            "conversations.replies": self.conversations_replies,
            "users.info": self.users_info,
            "views.publish": self.views_publish,
            "views.open": self.views_open,
            "views.update": self.views_update,
            "views.push": self.views_push,
            "apps.connections.open": lambda _params: self.apps_connections_open(),
        }

    async def handle(self, request: web.Request) -> web.Response:
        """Answer one `/api/{method}` request and record it."""
        method = request.match_info["method"]
        params: JSON = dict(request.query)
        raw = await request.text()
        if request.content_type == "application/json" and raw:
            params.update(json.loads(raw))
        elif raw:
            params.update(parse_qsl(raw, keep_blank_values=True))
        params = _decode_fields(params)
        headers = dict(request.headers)
        pause = self.faults.take_delay(method, params)
        if pause:
            await asyncio.sleep(pause)
            if request.transport is None or request.transport.is_closing():
                return web.Response(status=499)  # the caller is gone: nothing was done
        status, body, extra = self._answer(method, params, headers)
        self.state.record(
            Call(self.state.next_seq(), method, params, headers, time.time(), status, body)
        )
        if status == 0 and request.transport is not None:  # an injected cut connection
            request.transport.abort()
        return web.json_response(body, status=status or 500, headers=extra)

    async def handle_response_url(self, request: web.Request) -> web.Response:
        """Answer a POST to a `response_url` the workspace handed out, and record it."""
        raw = await request.text()
        body: JSON = json.loads(raw) if raw.strip().startswith("{") else {}
        params = _decode_fields({**body, "response_url": str(request.url)})
        with self.state.cond:
            target = self.state.response_targets.get(request.match_info["key"])
            answer: JSON = {"ok": True}
            if target is None:
                answer = {"ok": False, "error": "expired_url"}
            else:
                try:
                    self._respond(target, body)
                except SlackError as e:
                    answer = {"ok": False, "error": e.code}
        self.state.record(
            Call(
                self.state.next_seq(),
                "response_url",
                params,
                dict(request.headers),
                time.time(),
                200,
                answer,
            )
        )
        return web.json_response(answer)

    def _respond(self, target: JSON, body: JSON) -> None:
        """Apply a response_url message: replace/delete the source message, post, or whisper."""
        channel, source_ts = target["channel"], target.get("message_ts")
        if source_ts and body.get("delete_original"):
            self.emit(
                deleted_event(self.state, channel, self.state.find_message(channel, source_ts))
            )
        elif source_ts and body.get("replace_original"):
            message = self.state.find_message(channel, source_ts)
            previous = dict(message)
            for key in ("text", "blocks"):
                if key in body:
                    message[key] = body[key]
            now = self.state.ts.next()
            message["edited"] = {"user": self.state.ident.bot_user_id, "ts": now}
            self.emit(changed_event(self.state, channel, message, previous, now))
        elif body.get("response_type") == "in_channel":
            fields: JSON = {"text": str(body.get("text", "")), **self.bot_fields()}
            for key in ("blocks", "thread_ts"):
                if body.get(key):
                    fields[key] = body[key]
            self.emit_message(channel, self.state.add_message(channel, fields))
        else:
            ephemeral = {"channel": channel, "user": target["user"], "ts": self.state.ts.next()}
            ephemeral.update({k: body[k] for k in ("text", "blocks", "thread_ts") if k in body})
            self.state.ephemerals.append(ephemeral)
            self.state.cond.notify_all()

    def _answer(
        self, method: str, params: JSON, headers: dict[str, str]
    ) -> tuple[int, JSON, dict[str, str]]:
        fault = self.faults.take(method)
        if fault is not None:
            if fault.after:
                self._dispatch(method, params, headers)
            extra = {"Retry-After": str(fault.retry_after)} if fault.retry_after is not None else {}
            if fault.status == 429:
                return 429, {"ok": False, "error": "ratelimited"}, extra
            if fault.status >= 500 or fault.status == 0:
                return fault.status, {"ok": False, "error": "fatal_error"}, extra
            return fault.status, {"ok": False, "error": fault.error or "fatal_error"}, extra
        return self._dispatch(method, params, headers)

    def _dispatch(
        self, method: str, params: JSON, headers: dict[str, str]
    ) -> tuple[int, JSON, dict[str, str]]:
        """Check the token and run the method."""
        auth = headers.get("Authorization", "")
        token = auth.removeprefix("Bearer ").strip() if auth else str(params.pop("token", ""))
        params.pop("token", None)
        if not token:
            return 200, {"ok": False, "error": "not_authed"}, {}
        if token not in (self.bot_token, self.app_token):
            return 200, {"ok": False, "error": "invalid_auth"}, {}
        handler = self.methods.get(method)
        if handler is None:
            return 200, {"ok": False, "error": "unknown_method"}, {}
        if (token == self.app_token) != (method in _APP_TOKEN_METHODS):
            return 200, {"ok": False, "error": "not_allowed_token_type"}, {}
        try:
            with self.state.cond:
                body = handler(params)
        except SlackError as e:
            failed: JSON = {"ok": False, "error": e.code}
            if e.messages:
                failed["response_metadata"] = {"messages": e.messages}
                if e.code == "invalid_blocks":  # chat.* also list them at the top level
                    failed["errors"] = [m.removeprefix("[ERROR] ") for m in e.messages]
            return 200, failed, {}
        granted = {"x-oauth-scopes": ",".join(self.scopes)} if token == self.bot_token else {}
        return 200, {"ok": True, **body}, granted

    # -- helpers ------------------------------------------------------------------------------

    def _channel(self, params: JSON, key: str = "channel") -> str:
        channel = str(params.get(key) or "")
        if not channel:
            raise SlackError("channel_not_found")
        if channel[0] in "UW" and channel in self.state.users:
            # Posting to a user id lands in the app's DM with that user, as on Slack.
            return self.state.open_dm(channel)
        if channel not in self.state.channels:
            raise SlackError("channel_not_found")
        return channel

    @staticmethod
    def _check_blocks(params: JSON) -> None:
        """Refuse message blocks Slack would refuse (`invalid_blocks`, one message each)."""
        if "blocks" in params and params["blocks"] not in (None, ""):
            problems = message_block_problems(params["blocks"])
            if problems:
                raise SlackError("invalid_blocks", problems)

    def bot_fields(self) -> JSON:
        """Return the fields Slack stamps on a message the bot posts."""
        ident = self.state.ident
        return {
            "user": ident.bot_user_id,
            "bot_id": ident.bot_id,
            "app_id": ident.api_app_id,
            "bot_profile": {
                "id": ident.bot_id,
                "app_id": ident.api_app_id,
                "name": self.state.bot_name,
                "team_id": ident.team_id,
                "deleted": False,
            },
        }

    def emit_message(self, channel: str, message: JSON) -> None:
        """Deliver a `message` event for a stored message."""
        self.emit(
            message_event(message, channel=channel, channel_type=self.state.channel_type(channel))
        )

    # -- methods ------------------------------------------------------------------------------

    def auth_test(self) -> JSON:
        """auth.test: who the bot is."""
        ident = self.state.ident
        return {
            "url": f"https://{ident.team_domain}.slack.com/",
            "team": ident.team_domain,
            "user": self.state.bot_name,
            "team_id": ident.team_id,
            "user_id": ident.bot_user_id,
            "bot_id": ident.bot_id,
            "is_enterprise_install": False,
        }

    def chat_post_message(self, params: JSON) -> JSON:
        """chat.postMessage: store and echo the bot's message as an event."""
        channel = self._channel(params)
        if not params.get("text") and not params.get("blocks") and not params.get("attachments"):
            raise SlackError("no_text")
        self._check_blocks(params)
        fields: JSON = {"text": str(params.get("text", "")), **self.bot_fields()}
        for key in ("blocks", "attachments", "metadata"):
            if params.get(key):
                fields[key] = params[key]
        if params.get("thread_ts"):
            fields["thread_ts"] = str(params["thread_ts"])
        message = self.state.add_message(channel, fields)
        self.emit_message(channel, message)
        return {"channel": channel, "ts": message["ts"], "message": dict(message)}

    def chat_update(self, params: JSON) -> JSON:
        """chat.update: edit the bot's own message and emit `message_changed`."""
        channel = self._channel(params)
        message = self.state.find_message(channel, str(params.get("ts", "")))
        if message.get("bot_id") != self.state.ident.bot_id:
            raise SlackError("cant_update_message")
        self._check_blocks(params)
        previous = dict(message)
        if "text" in params:
            message["text"] = str(params["text"])
        if "blocks" in params:
            message["blocks"] = params["blocks"]
        if params.get("metadata"):
            message["metadata"] = params["metadata"]
        now = self.state.ts.next()
        message["edited"] = {"user": self.state.ident.bot_user_id, "ts": now}
        self.emit(changed_event(self.state, channel, message, previous, now))
        return {
            "channel": channel,
            "ts": message["ts"],
            "text": message["text"],
            "message": dict(message),
        }

    def chat_delete(self, params: JSON) -> JSON:
        """chat.delete: remove the bot's own message and emit `message_deleted`."""
        channel = self._channel(params)
        message = self.state.find_message(channel, str(params.get("ts", "")))
        if message.get("bot_id") != self.state.ident.bot_id:
            raise SlackError("cant_delete_message")
        self.emit(deleted_event(self.state, channel, message))
        return {"channel": channel, "ts": message["ts"]}

    def chat_post_ephemeral(self, params: JSON) -> JSON:
        """chat.postEphemeral: record a message only `user` would see; no event."""
        channel = self._channel(params)
        user = str(params.get("user", ""))
        if user not in self.state.users:
            raise SlackError("user_not_found")
        self._check_blocks(params)
        ts = self.state.ts.next()
        ephemeral: JSON = {"channel": channel, "user": user, "ts": ts}
        for key in ("text", "blocks", "thread_ts"):
            if key in params:
                ephemeral[key] = params[key]
        self.state.ephemerals.append(ephemeral)
        self.state.cond.notify_all()
        return {"message_ts": ts}

    def chat_get_permalink(self, params: JSON) -> JSON:
        """chat.getPermalink: a stable archive link for a message."""
        channel = self._channel(params)
        message = self.state.find_message(channel, str(params.get("message_ts", "")))
        ts = message["ts"]
        domain = self.state.ident.team_domain
        link = f"https://{domain}.slack.com/archives/{channel}/p{ts.replace('.', '')}"
        root = message.get("thread_ts")
        if root and root != ts:  # a reply's link names its thread, as Slack's does
            link += f"?thread_ts={root}&cid={channel}"
        return {"channel": channel, "permalink": link}

    def reaction(self, params: JSON, *, add: bool) -> JSON:
        """reactions.add / reactions.remove by the bot."""
        channel = self._channel(params)
        apply_reaction(
            self.state,
            self.emit,
            user=self.state.ident.bot_user_id,
            channel=channel,
            ts=str(params.get("timestamp", "")),
            name=str(params.get("name", "")),
            add=add,
        )
        return {}

    def reactions_get(self, params: JSON) -> JSON:
        """reactions.get: the message with its reactions."""
        channel = self._channel(params)
        message = self.state.find_message(channel, str(params.get("timestamp", "")))
        return {"type": "message", "channel": channel, "message": dict(message)}

    def conversations_open(self, params: JSON) -> JSON:
        """conversations.open: the DM channel with one user."""
        users = params.get("users", "")
        ids = users if isinstance(users, list) else str(users).split(",")
        ids = [u.strip() for u in ids if u.strip()]
        if len(ids) != 1:
            raise SlackError("users_list_not_supplied" if not ids else "not_implemented")
        if ids[0] not in self.state.users:
            raise SlackError("user_not_found")
        return {"channel": {"id": self.state.open_dm(ids[0])}}

    def conversations_info(self, params: JSON) -> JSON:
        """conversations.info: the stored channel record."""
        return {"channel": dict(self.state.channels[self._channel(params)])}

    def conversations_history(self, params: JSON) -> JSON:
        """conversations.history: top-level messages, newest first."""
        channel = self._channel(params)
        oldest = float(params.get("oldest") or 0)
        latest = float(params.get("latest") or 1e12)
        inclusive = str(params.get("inclusive", "")).lower() in ("1", "true")
        picked = [
            dict(m)
            for m in self.state.messages[channel]
            if m.get("thread_ts", m["ts"]) == m["ts"]
            and (
                oldest <= float(m["ts"]) <= latest
                if inclusive
                else oldest < float(m["ts"]) < latest
            )
        ]
        picked.reverse()
        return _page(picked, params, "messages")

    def conversations_replies(self, params: JSON) -> JSON:
        """conversations.replies: a thread root then its replies, oldest first."""
        channel = self._channel(params)
        try:
            root = self.state.find_message(channel, str(params.get("ts", "")))
        except SlackError:
            raise SlackError("thread_not_found") from None
        root_ts = root.get("thread_ts", root["ts"])
        thread = [
            dict(m)
            for m in self.state.messages[channel]
            if m["ts"] == root_ts or m.get("thread_ts") == root_ts
        ]
        return _page(thread, params, "messages")

    def users_info(self, params: JSON) -> JSON:
        """users.info: a stored user."""
        user = self.state.users.get(str(params.get("user", "")))
        if user is None:
            raise SlackError("user_not_found")
        return {"user": dict(user)}

    def store_view(self, view: JSON, **extra: Any) -> JSON:
        """Validate a view against Slack's limits and store it (new id unless `view_id`)."""
        if not isinstance(view, dict) or "type" not in view:
            raise SlackError("invalid_arguments")
        problems = view_problems(view)
        if problems:
            raise SlackError("invalid_arguments", problems)
        view_id = str(extra.pop("view_id", None) or slack_id("V"))
        previous = self.state.views.get(view_id, {})
        stored: JSON = {
            "id": view_id,
            "team_id": self.state.ident.team_id,
            "app_id": self.state.ident.api_app_id,
            "bot_id": self.state.ident.bot_id,
            "hash": slack_id("", 16),
            "state": {"values": {}},
            "private_metadata": "",
            "callback_id": "",
            "external_id": "",
            "root_view_id": previous.get("root_view_id", view_id),
            "previous_view_id": previous.get("previous_view_id"),
            **view,
            **extra,
        }
        self.state.views[view_id] = stored
        self.state.cond.notify_all()
        return {"view": dict(stored)}

    def _trigger_user(self, params: JSON) -> str:
        """Consume a trigger_id this workspace issued (once, as Slack does); return its user."""
        trigger = str(params.get("trigger_id", ""))
        if trigger not in self.state.triggers:
            raise SlackError("invalid_trigger_id")
        self.state.triggers.discard(trigger)
        return self.state.trigger_users.pop(trigger, "")

    def views_publish(self, params: JSON) -> JSON:
        """views.publish: set a user's App Home view."""
        user = str(params.get("user_id", ""))
        if user not in self.state.users:
            raise SlackError("user_not_found")
        view = params.get("view", {})
        if isinstance(view, dict) and view.get("type") != "home":
            raise SlackError(
                "invalid_arguments", ["[ERROR] must be `home` [json-pointer:/view/type]"]
            )
        view_id = self.state.home_view_by_user.get(user)
        answer = self.store_view(view, view_id=view_id, user_id=user)
        self.state.home_view_by_user[user] = answer["view"]["id"]
        return answer

    def views_open(self, params: JSON) -> JSON:
        """views.open: open a modal; needs a trigger_id this workspace issued."""
        user = self._trigger_user(params)
        answer = self.store_view(params.get("view", {}))
        self.state.modal_stacks[user] = [answer["view"]["id"]]
        return answer

    def views_push(self, params: JSON) -> JSON:
        """views.push: put a modal on top of the user's open one (at most 3 deep)."""
        user = self._trigger_user(params)
        stack = self.state.modal_stacks.get(user, [])
        if not stack:
            raise SlackError("not_found")
        if len(stack) >= 3:
            raise SlackError("push_limit_reached")
        answer = self.store_view(params.get("view", {}))
        view = self.state.views[answer["view"]["id"]]
        view.update(root_view_id=stack[0], previous_view_id=stack[-1])
        stack.append(view["id"])
        return {"view": dict(view)}

    def views_update(self, params: JSON) -> JSON:
        """views.update: replace a stored view, by view_id or external_id (and hash, if given)."""
        view_id = str(params.get("view_id", ""))
        external = str(params.get("external_id", ""))
        if not view_id and external:
            view_id = next(
                (k for k, v in self.state.views.items() if v.get("external_id") == external), ""
            )
        if view_id not in self.state.views:
            raise SlackError("not_found")
        given_hash = params.get("hash")
        if given_hash and given_hash != self.state.views[view_id].get("hash"):
            raise SlackError("hash_conflict")
        return self.store_view(params.get("view", {}), view_id=view_id)

    def apps_connections_open(self) -> JSON:
        """apps.connections.open: a one-time WebSocket URL."""
        return {"url": self.socket_url()}


def _page(items: list[JSON], params: JSON, key: str) -> JSON:
    """Cursor pagination: the cursor is the offset, as opaque to clients as Slack's."""
    limit = int(params.get("limit") or 100)
    start = int(params.get("cursor") or 0)
    chunk = items[start : start + limit]
    more = start + limit < len(items)
    return {
        key: chunk,
        "has_more": more,
        "response_metadata": {"next_cursor": str(start + limit) if more else ""},
    }


def apply_reaction(
    state: WorkspaceState,
    emit: EmitEvent,
    *,
    user: str,
    channel: str,
    ts: str,
    name: str,
    add: bool,
) -> None:
    """Add or remove one user's reaction, with Slack's errors, and emit the event."""
    if not name:
        raise SlackError("invalid_name")
    with state.cond:
        message = state.find_message(channel, ts)
        reactions: list[JSON] = message.setdefault("reactions", [])
        entry = next((r for r in reactions if r["name"] == name), None)
        if add:
            if entry is not None and user in entry["users"]:
                raise SlackError("already_reacted")
            if entry is None:
                entry = {"name": name, "users": [], "count": 0}
                reactions.append(entry)
            entry["users"].append(user)
        else:
            if entry is None or user not in entry["users"]:
                raise SlackError("no_reaction")
            entry["users"].remove(user)
            if not entry["users"]:
                reactions.remove(entry)
        entry["count"] = len(entry["users"])
        if not reactions:
            message.pop("reactions")
        event = reaction_event(
            "reaction_added" if add else "reaction_removed",
            user=user,
            reaction=name,
            channel=channel,
            ts=ts,
            item_user=message.get("user"),
            now_ts=state.ts.next(),
        )
        state.cond.notify_all()
    emit(event)


def changed_event(
    state: WorkspaceState, channel: str, message: JSON, previous: JSON, now: str
) -> JSON:
    """Return the `message_changed` event for an edit."""
    return {
        "type": "message",
        "subtype": "message_changed",
        "hidden": True,
        "message": {k: v for k, v in message.items() if k != "reply_users"},
        "channel": channel,
        "previous_message": previous,
        "event_ts": now,
        "ts": now,
        "channel_type": state.channel_type(channel),
    }


def deleted_event(state: WorkspaceState, channel: str, message: JSON) -> JSON:
    """Remove a message from the store and return its `message_deleted` event."""
    with state.cond:
        state.messages[channel].remove(message)
        now = state.ts.next()
        state.cond.notify_all()
    return {
        "type": "message",
        "subtype": "message_deleted",
        "hidden": True,
        "channel": channel,
        "ts": now,
        "deleted_ts": message["ts"],
        "event_ts": now,
        "previous_message": message,
        "channel_type": state.channel_type(channel),
    }
