"""A local Slack workspace: a faithful loopback double of Slack for tests and the demo.

The real `slack_sdk.WebClient(base_url=ws.api_url)`, the real Socket Mode client and the real Bolt
app talk to it over sockets on 127.0.0.1. It runs aiohttp (Web API, response URLs and the Socket
Mode WebSocket on one port) on its own event loop in a daemon thread; this class is the
synchronous, thread-safe face: lifecycle, drivers that play the people, and waits.

    with LocalSlackWorkspace() as ws:
        ws.add_user("U1", "ada")
        app = App(client=WebClient(base_url=ws.api_url, token=ws.bot_token))
        SocketModeHandler(app, ws.app_token, web_client=WebClient(base_url=ws.api_url)).connect()
        ws.wait_for_connection()
        ws.user_dm("U1", "hello")
        reply = ws.wait_for_call("chat.postMessage")
"""

from __future__ import annotations

import asyncio
import secrets
import threading
import time
import uuid
from collections.abc import Callable
from types import TracebackType
from typing import Any, Literal, TypeVar

from aiohttp import web

from bot.doubles.slack_agents import AgentApi, Experience
from bot.doubles.slack_api import (
    Call,
    Faults,
    SlackError,
    WebApi,
    WorkspaceState,
    apply_reaction,
    changed_event,
    deleted_event,
)
from bot.doubles.slack_assistant import AssistantApi
from bot.doubles.slack_payloads import (
    JSON,
    Identity,
    app_mention_event,
    block_actions_payload,
    event_callback,
    feedback_action,
    find_action_element,
    find_feedback_buttons,
    rich_text_blocks,
    slash_command_payload,
)
from bot.doubles.slack_socket import Deliverer, Delivery, HttpTarget
from bot.doubles.slack_streams import Streams
from bot.doubles.slack_views import input_values, view_problems, view_submission_payload

T = TypeVar("T")

__all__ = ["Call", "Delivery", "LocalSlackWorkspace", "SlackError"]


class LocalSlackWorkspace:
    """A stateful fake Slack on an ephemeral loopback port; start() it or use it as a context."""

    def __init__(
        self,
        team_id: str = "T0SESHAT",
        *,
        ack_timeout: float = 3.0,
        max_retries: int = 3,
        ping_interval: float | None = 5.0,
        team_domain: str = "seshat",
        bot_user_id: str = "U0SESHATBOT",
        bot_id: str = "B0SESHAT",
        api_app_id: str = "A0SESHAT",
        bot_name: str = "seshat",
        experience: Experience = "assistant",
    ) -> None:
        self.ident = Identity(
            team_id=team_id,
            team_domain=team_domain,
            api_app_id=api_app_id,
            bot_user_id=bot_user_id,
            bot_id=bot_id,
            verification_token=secrets.token_hex(12),
        )
        self.bot_token = f"xoxb-{secrets.randbelow(10**12)}-{secrets.token_hex(12)}"
        self.app_token = f"xapp-1-{api_app_id}-{secrets.randbelow(10**12)}-{secrets.token_hex(32)}"
        self.signing_secret = secrets.token_hex(16)
        self.state = WorkspaceState(self.ident, bot_name=bot_name)
        self.state.add_user(bot_user_id, bot_name, is_bot=True)
        self.faults = Faults()
        self.deliverer = Deliverer(
            self.state,
            ack_timeout=ack_timeout,
            max_retries=max_retries,
            ping_interval=ping_interval,
        )
        self.api = WebApi(
            self.state,
            self.faults,
            bot_token=self.bot_token,
            app_token=self.app_token,
            emit=self._emit,
            base_url=lambda: self.base_url,
            socket_url=lambda: (
                f"ws://127.0.0.1:{self.port}/link/?ticket="
                + self.deliverer.new_ticket()
                + f"&app_id={api_app_id}"
            ),
        )
        self.assistant = AssistantApi(self.state, self._emit)
        self.api.methods.update(self.assistant.methods())
        self.streams = Streams(self.api)
        self.api.methods.update(self.streams.methods())
        # The app's AI surface: `assistant` (assistant_view) or `agent` (agent_view).
        self.agents = AgentApi(self.state, self._emit, experience)
        self.agents.stop_streams = self.streams.stop_all_in_thread
        self.streams.on_session_status = self.agents.change
        self.assistant.experience = experience
        self.api.methods.update(self.agents.methods())
        self.events: dict[str, JSON] = {}
        self.port = 0
        self._loop: asyncio.AbstractEventLoop | None = None
        self._thread: threading.Thread | None = None
        self._runner: web.AppRunner | None = None

    # -- lifecycle ----------------------------------------------------------------------------

    def start(self) -> LocalSlackWorkspace:
        """Bind an ephemeral port on 127.0.0.1 and serve in a daemon thread."""
        ready = threading.Event()
        failure: list[BaseException] = []
        self._loop = asyncio.new_event_loop()

        def serve() -> None:
            assert self._loop is not None
            asyncio.set_event_loop(self._loop)
            try:
                self._loop.run_until_complete(self._startup())
            except BaseException as e:  # surfaced to start()'s caller below
                failure.append(e)
                ready.set()
                self._loop.close()
                return
            ready.set()
            self._loop.run_forever()
            self._loop.run_until_complete(self._shutdown())
            self._loop.run_until_complete(self._loop.shutdown_asyncgens())
            self._loop.close()

        self._thread = threading.Thread(target=serve, name="local-slack-workspace", daemon=True)
        self._thread.start()
        ready.wait()
        if failure:
            self._thread.join()
            raise failure[0]
        return self

    async def _startup(self) -> None:
        app = web.Application()
        app.router.add_route("*", "/api/{method}", self.api.handle)
        app.router.add_post("/response/{key}", self.api.handle_response_url)
        app.router.add_get("/link/", self.deliverer.handle_socket)
        self.deliverer.bind(asyncio.get_running_loop())
        self._runner = web.AppRunner(
            app, handle_signals=False, access_log=None, shutdown_timeout=0.5
        )
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        self.port = int(self._runner.addresses[0][1])

    async def _shutdown(self) -> None:
        await self.deliverer.close()
        if self._runner is not None:
            await self._runner.cleanup()

    def stop(self) -> None:
        """Close every socket and task and join the server thread."""
        if self._loop is None or self._thread is None:
            return
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join(timeout=10)
        self._loop = self._thread = None

    def __enter__(self) -> LocalSlackWorkspace:
        return self.start()

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.stop()

    def _run(self, coro: Any, timeout: float = 10.0) -> Any:
        assert self._loop is not None, "start() the workspace first"
        return asyncio.run_coroutine_threadsafe(coro, self._loop).result(timeout)

    # -- identity and state -------------------------------------------------------------------

    @property
    def base_url(self) -> str:
        """`http://127.0.0.1:PORT`."""
        return f"http://127.0.0.1:{self.port}"

    @property
    def api_url(self) -> str:
        """The Web API base URL for `WebClient(base_url=...)`; ends with `/api/`."""
        return f"{self.base_url}/api/"

    @property
    def team_id(self) -> str:
        """The workspace's team id."""
        return self.ident.team_id

    @property
    def bot_user_id(self) -> str:
        """The bot's user id (what `<@...>` mentions name)."""
        return self.ident.bot_user_id

    @property
    def bot_id(self) -> str:
        """The bot's `B…` id, stamped on its messages."""
        return self.ident.bot_id

    @property
    def ack_timeout(self) -> float:
        """Seconds an envelope or HTTP delivery waits for its ack before Slack gives up/retries."""
        return self.deliverer.ack_timeout

    @ack_timeout.setter
    def ack_timeout(self, seconds: float) -> None:
        self.deliverer.ack_timeout = seconds

    @property
    def calls(self) -> list[Call]:
        """A snapshot of every recorded Web API / response_url call, oldest first."""
        with self.state.cond:
            return list(self.state.calls)

    @property
    def deliveries(self) -> list[Delivery]:
        """A snapshot of every delivery to the app, oldest first."""
        with self.state.cond:
            return list(self.deliverer.deliveries)

    @property
    def connection_count(self) -> int:
        """How many Socket Mode connections have been greeted so far."""
        with self.state.cond:
            return self.deliverer.connection_count

    def add_user(self, user_id: str, name: str, is_bot: bool = False) -> JSON:
        """Create a user (as `users.info` returns it)."""
        return self.state.add_user(user_id, name, is_bot=is_bot)

    def add_channel(self, channel_id: str, name: str | None = None) -> JSON:
        """Create a public channel the bot is a member of."""
        return dict(self.state.ensure_channel(channel_id, name))

    def dm_channel(self, user: str) -> str:
        """The D… channel between `user` and the bot (what conversations.open returns)."""
        return self.state.open_dm(user)

    def messages(self, channel: str) -> list[JSON]:
        """Copies of a channel's messages and replies, oldest first."""
        with self.state.cond:
            return [dict(m) for m in self.state.messages.get(channel, [])]

    def message(self, channel: str, ts: str) -> JSON:
        """A copy of one stored message."""
        with self.state.cond:
            return dict(self.state.find_message(channel, ts))

    def ephemerals(self, user: str | None = None) -> list[JSON]:
        """Ephemeral messages (chat.postEphemeral and response_url), optionally for one user."""
        with self.state.cond:
            return [dict(e) for e in self.state.ephemerals if user in (None, e["user"])]

    def home_view(self, user: str) -> JSON | None:
        """The App Home view published for `user`, if any."""
        with self.state.cond:
            view_id = self.state.home_view_by_user.get(user)
            return dict(self.state.views[view_id]) if view_id else None

    # -- delivery modes and faults ------------------------------------------------------------

    def refuse_streaming(self, error: str | None = "not_allowed") -> None:
        """Make chat.startStream answer `error` (a workspace without Slack's AI-app surface);
        None allows streaming again."""
        with self.state.cond:
            self.streams.refusal = error

    def streaming(self, channel: str, ts: str) -> bool:
        """Whether the message is a stream not stopped (nor expired) yet."""
        with self.state.cond:
            return self.streams.streaming(channel, ts)

    def deliver_over_http(self, url: str, signing_secret: str | None = None) -> None:
        """Deliver to the app as signed HTTP POSTs to `url` instead of over Socket Mode."""
        self.deliverer.http_target = HttpTarget(url, signing_secret or self.signing_secret)

    def spread_over_connections(self, spread: bool = True) -> None:
        """Send each event over the next open Socket Mode connection in turn, as Slack spreads
        an app's events over its connections (`seshat run --workers N`)."""
        self.deliverer.spread = spread

    def deliver_over_socket(self) -> None:
        """Go back to Socket Mode delivery."""
        self.deliverer.http_target = None

    def post_raw(self, url: str, body: str, headers: dict[str, str]) -> tuple[int, str]:
        """POST arbitrary bytes (e.g. a badly signed request); return status and body."""
        status, text, _ = self._run(self.deliverer.post(url, body, headers))
        return int(status), str(text)

    def drop_socket_connections(self) -> None:
        """Cut every Socket Mode connection abruptly (TCP reset, no close frame)."""
        self._run(self.deliverer.drop_all())

    def disconnect_socket(self, reason: str = "refresh_requested") -> None:
        """Send `{"type": "disconnect", "reason": reason}` on every connection."""
        self._run(self.deliverer.send_disconnect(reason))

    def deliver_again(self, event_id: str, retry_attempt: int = 0, retry_reason: str = "") -> None:
        """Deliver an already-delivered event again with the same event_id (dedupe tests)."""
        with self.state.cond:
            payload = self.events[event_id]
        self.deliverer.submit("events_api", payload, retry_attempt, retry_reason)

    def _emit(self, event: JSON) -> str:
        """Wrap an inner event as an event_callback, remember it and deliver it."""
        body = event_callback(self.ident, event)
        with self.state.cond:
            self.events[body["event_id"]] = body
        self.deliverer.submit("events_api", body)
        return str(body["event_id"])

    # -- drivers: people doing things in Slack ------------------------------------------------

    def _post_as(
        self, user: str, channel: str, text: str, thread_ts: str | None, extra: JSON | None = None
    ) -> JSON:
        self.state.user(user)
        fields: JSON = {
            "user": user,
            "text": text,
            "client_msg_id": str(uuid.uuid4()),
            "blocks": rich_text_blocks(text),
            **(extra or {}),
        }
        if thread_ts:
            fields["thread_ts"] = thread_ts
        message = self.state.add_message(channel, fields)
        self.api.emit_message(channel, message)
        return {**message, "channel": channel}

    def user_dm(self, user: str, text: str, thread_ts: str | None = None) -> JSON:
        """`user` writes to the bot in their DM; returns the stored message plus `channel`."""
        return self._post_as(user, self.state.open_dm(user), text, thread_ts)

    def user_posts(self, user: str, channel: str, text: str, thread_ts: str | None = None) -> JSON:
        """`user` posts in a channel; a `<@BOT>` mention also yields an `app_mention` event."""
        self.state.ensure_channel(channel)
        message = self._post_as(user, channel, text, thread_ts)
        if f"<@{self.bot_user_id}>" in text and not channel.startswith("D"):
            self._emit(app_mention_event(message, channel=channel))
        return message

    def bot_posts(
        self, bot_user: str, bot_id: str, channel: str, text: str, thread_ts: str | None = None
    ) -> JSON:
        """Another app's bot posts in a channel (a message with `bot_id`, as Slack sends it)."""
        self.state.ensure_channel(channel)
        extra: JSON = {"bot_id": bot_id, "bot_profile": {"id": bot_id, "name": bot_user.lower()}}
        message = self._post_as(bot_user, channel, text, thread_ts, extra)
        if f"<@{self.bot_user_id}>" in text and not channel.startswith("D"):
            self._emit(app_mention_event(message, channel=channel))
        return message

    def user_shares_file(
        self,
        user: str,
        channel: str,
        text: str,
        files: list[JSON],
        thread_ts: str | None = None,
    ) -> JSON:
        """`user` uploads files with a message: subtype `file_share` with file objects
        (`name`, `mimetype`, `size`, … as Slack sends them; `url_private` never fetched here)."""
        if not channel.startswith("D"):
            self.state.ensure_channel(channel)
        full = [
            {
                "id": f"F{uuid.uuid4().hex[:10].upper()}",
                "mode": "hosted",
                "url_private": "https://files.slack.com/files-pri/T/F/" + str(f.get("name")),
                **f,
            }
            for f in files
        ]
        message = self._post_as(
            user, channel, text, thread_ts, {"subtype": "file_share", "files": full, "upload": True}
        )
        if f"<@{self.bot_user_id}>" in text and not channel.startswith("D"):
            self._emit(app_mention_event(message, channel=channel))
        return message

    def user_opens_assistant(self, user: str, context_channel: str | None = None) -> JSON:
        """`user` opens the app's assistant container (while viewing `context_channel`): a new
        assistant thread in their DM and its `assistant_thread_started` event. Returns
        `{"channel", "thread_ts"}`; write in it with `user_dm(user, text, thread_ts=…)`.
        An agent_view app has no container: LookupError."""
        if self.agents.experience == "agent":
            raise LookupError("an agent_view app has no assistant container")
        thread = self.assistant.open(user, context_channel)
        return {"channel": thread.channel, "thread_ts": thread.thread_ts}

    def assistant_context_changes(
        self, channel: str, thread_ts: str, context_channel: str | None
    ) -> JSON:
        """The thread's person views another channel: `assistant_thread_context_changed`."""
        return self.assistant.change_context(channel, thread_ts, context_channel)

    def click_suggested_prompt(self, channel: str, thread_ts: str, index: int = 0) -> JSON:
        """The thread's person clicks suggested prompt `index`: its message, posted as them."""
        user, text = self.assistant.prompt(channel, thread_ts, index)
        return self.user_dm(user, text, thread_ts=thread_ts)

    def user_opens_messages(self, user: str) -> JSON:
        """`user` opens the app's DM (its Messages tab): `app_home_opened` with tab `messages`
        (under agent_view what replaces `assistant_thread_started`). Returns the event."""
        return self.agents.open_messages(user)

    def user_views(self, user: str, channel: str | None) -> JSON:
        """`user`, with the app open, now looks at `channel`: `app_context_changed` (agent_view
        only). Returns the event."""
        return self.agents.context_changed(user, channel)

    def press_stop(self, user: str, channel: str, thread_ts: str) -> JSON:
        """`user` presses the stop button of the agent session in a thread: Slack stops the
        app's streams there and sends `agent_session_stopped`. Returns the event."""
        return self.agents.press_stop(user, channel, thread_ts)

    def agent_session(self, channel: str, thread_ts: str) -> JSON | None:
        """The agent session of a thread (`status`, `title`, `statuses`, `history`), if any."""
        return self.agents.snapshot(channel, thread_ts)

    def click_dm_prompt(self, user: str, index: int = 0) -> JSON:
        """`user` clicks suggested prompt `index` set on their DM (agent_view): its message,
        posted as them at the top level (a new thread)."""
        channel = self.state.open_dm(user)
        with self.state.cond:
            prompts = self.assistant.channel_prompts[channel]
        return self.user_dm(user, str(prompts[index]["message"]))

    def dm_prompts(self, user: str) -> list[JSON]:
        """The suggested prompts set on `user`'s DM (agent_view), oldest call's replaced."""
        with self.state.cond:
            return [dict(p) for p in self.assistant.channel_prompts.get(self.dm_channel(user), [])]

    def assistant_thread(self, channel: str, thread_ts: str) -> JSON:
        """What the app set on a thread: `status`, `loading_messages`, `status_history` (each
        change: status, by set | reply | timeout), and for an assistant thread `prompts`,
        `prompts_title`, `title`, `titles`, `user`, `context`."""
        return self.assistant.snapshot(channel, thread_ts)

    def user_reacts(self, user: str, channel: str, ts: str, name: str) -> None:
        """`user` adds reaction `name`; raises SlackError("already_reacted") like Slack."""
        self.state.user(user)
        apply_reaction(
            self.state, self._emit, user=user, channel=channel, ts=ts, name=name, add=True
        )

    def user_unreacts(self, user: str, channel: str, ts: str, name: str) -> None:
        """`user` removes reaction `name`; raises SlackError("no_reaction") like Slack."""
        apply_reaction(
            self.state, self._emit, user=user, channel=channel, ts=ts, name=name, add=False
        )

    def edit_message(self, user: str, channel: str, ts: str, text: str) -> JSON:
        """`user` edits their message; emits `message_changed`."""
        with self.state.cond:
            message = self.state.find_message(channel, ts)
            if message.get("user") != user:
                raise SlackError("cant_update_message")
            previous = dict(message)
            now = self.state.ts.next()
            message.update(text=text, blocks=rich_text_blocks(text))
            message["edited"] = {"user": user, "ts": now}
            event = changed_event(self.state, channel, message, previous, now)
        self._emit(event)
        return dict(message)

    def delete_message(self, channel: str, ts: str) -> None:
        """Someone deletes a message; emits `message_deleted`."""
        with self.state.cond:
            event = deleted_event(self.state, channel, self.state.find_message(channel, ts))
        self._emit(event)

    def user_joins(self, user: str, channel: str) -> JSON:
        """`user` joins a channel: a `channel_join` message and `member_joined_channel`."""
        self.state.user(user)
        self.state.ensure_channel(channel)
        fields = {
            "subtype": "channel_join",
            "user": user,
            "text": f"<@{user}> has joined the channel",
        }
        message = self.state.add_message(channel, fields)
        self.api.emit_message(channel, message)
        self._emit(
            {
                "type": "member_joined_channel",
                "user": user,
                "channel": channel,
                "channel_type": "C",
                "team": self.team_id,
                "event_ts": message["ts"],
            }
        )
        return dict(message)

    def open_app_home(self, user: str) -> JSON:
        """`user` opens the bot's Home tab; returns the `app_home_opened` event."""
        event: JSON = {
            "type": "app_home_opened",
            "user": user,
            "channel": self.state.open_dm(user),
            "tab": "home",
            "event_ts": self.state.ts.next(),
        }
        view = self.home_view(user)
        if view is not None:
            event["view"] = view
        self._emit(event)
        return event

    def _trigger_id(self, user: str = "") -> str:
        trigger = f"{secrets.randbelow(10**11)}.{secrets.randbelow(10**9)}.{secrets.token_hex(16)}"
        with self.state.cond:
            self.state.triggers.add(trigger)
            self.state.trigger_users[trigger] = user
        return trigger

    def _response_url(self, target: JSON) -> str:
        key = secrets.token_hex(12)
        with self.state.cond:
            self.state.response_targets[key] = target
        return f"{self.base_url}/response/{key}"

    def slash_command(self, user: str, channel: str, command: str, text: str = "") -> JSON | None:
        """`user` runs `command text` in `channel`; returns the app's ack body (None if empty)."""
        name = self.state.user(user)["name"]
        if channel.startswith("D"):
            channel_name = "directmessage"
        else:
            channel_name = str(self.state.ensure_channel(channel)["name"])
        payload = slash_command_payload(
            self.ident,
            user_id=user,
            user_name=name,
            channel_id=channel,
            channel_name=channel_name,
            command=command,
            text=text,
            response_url=self._response_url({"channel": channel, "user": user}),
            trigger_id=self._trigger_id(user),
        )
        return self._deliver_and_wait("slash_commands", payload)

    def click_button(
        self, user: str, channel: str, message_ts: str, action_id: str, value: str | None = None
    ) -> JSON | None:
        """`user` clicks the button `action_id` on a stored message; returns the ack body."""
        with self.state.cond:
            message = dict(self.state.find_message(channel, message_ts))
        found = find_action_element(message.get("blocks", []), action_id)
        if found is None:
            raise LookupError(f"no element with action_id={action_id!r} on message {message_ts}")
        element, block_id = found
        action = self._action(element, block_id, action_id, value)
        return self._message_action(user, channel, message_ts, action)

    def click_feedback(
        self,
        user: str,
        channel: str,
        message_ts: str,
        side: Literal["positive", "negative"],
        value: str | None = None,
        action_ts: str | None = None,
    ) -> JSON | None:
        """`user` clicks 👍 (`positive`) or 👎 (`negative`) in the feedback buttons of a stored
        message; returns the ack body. A `value` different from the button's plays a crafted
        payload; an earlier click's `action_ts` plays that click delivered again."""
        with self.state.cond:
            message = dict(self.state.find_message(channel, message_ts))
        found = find_feedback_buttons(message.get("blocks", []))
        if found is None:
            raise LookupError(f"no feedback buttons on message {message_ts}")
        element, block_id = found
        action = feedback_action(
            element, block_id, side, action_ts=action_ts or self.state.ts.next(), value=value
        )
        return self._message_action(user, channel, message_ts, action)

    def _message_action(
        self, user: str, channel: str, message_ts: str, action: JSON
    ) -> JSON | None:
        """Deliver the `block_actions` payload of `action` clicked by `user` on a stored message."""
        name = self.state.user(user)["name"]
        with self.state.cond:
            message = dict(self.state.find_message(channel, message_ts))
            channel_name = self.state.channels[channel].get("name", "directmessage")
        payload = block_actions_payload(
            self.ident,
            user_id=user,
            user_name=name,
            container={
                "type": "message",
                "message_ts": message_ts,
                "channel_id": channel,
                "is_ephemeral": False,
            },
            channel={"id": channel, "name": channel_name},
            message=message,
            view=None,
            action=action,
            response_url=self._response_url(
                {"channel": channel, "user": user, "message_ts": message_ts}
            ),
            trigger_id=self._trigger_id(user),
        )
        return self._deliver_and_wait("interactive", payload)

    def click_ephemeral_button(
        self, user: str, channel: str, blocks: list[JSON], action_id: str
    ) -> JSON | None:
        """`user` clicks `action_id` in an ephemeral message showing `blocks` (e.g. a slash
        command's answer). Slack stores no such message: the payload names it through an
        ephemeral container and a response_url, without a `message` object."""
        found = find_action_element(blocks, action_id)
        if found is None:
            raise LookupError(f"no element with action_id={action_id!r} in those blocks")
        element, block_id = found
        with self.state.cond:
            channel_name = self.state.channels.get(channel, {}).get("name", "directmessage")
        message_ts = self.state.ts.next()
        payload = block_actions_payload(
            self.ident,
            user_id=user,
            user_name=self.state.user(user)["name"],
            container={
                "type": "message",
                "message_ts": message_ts,
                "channel_id": channel,
                "is_ephemeral": True,
            },
            channel={"id": channel, "name": channel_name},
            message=None,
            view=None,
            action=self._action(element, block_id, action_id, None),
            response_url=self._response_url({"channel": channel, "user": user}),
            trigger_id=self._trigger_id(),
        )
        return self._deliver_and_wait("interactive", payload)

    def click_home_button(self, user: str, action_id: str, value: str | None = None) -> JSON | None:
        """`user` clicks the button `action_id` in their App Home view; returns the ack body."""
        view = self.home_view(user)
        if view is None:
            raise LookupError(f"{user} has no App Home view")
        return self.click_view_button(user, str(view["id"]), action_id, value)

    def click_view_button(
        self, user: str, view_id: str, action_id: str, value: str | None = None
    ) -> JSON | None:
        """`user` clicks the element `action_id` in a view (App Home or a modal); returns the
        ack body. A `value` different from the element's plays a crafted payload."""
        with self.state.cond:
            view = dict(self.state.views.get(view_id) or {})
        found = find_action_element(view.get("blocks", []), action_id)
        if not view or found is None:
            raise LookupError(f"no element with action_id={action_id!r} in view {view_id}")
        element, block_id = found
        return self.send_view_action(user, view, self._action(element, block_id, action_id, value))

    def send_view_action(self, user: str, view: JSON, action: JSON) -> JSON | None:
        """Deliver a `block_actions` payload from `view` as `user` (also for crafted actions)."""
        payload = block_actions_payload(
            self.ident,
            user_id=user,
            user_name=self.state.user(user)["name"],
            container={"type": "view", "view_id": view.get("id", "")},
            channel=None,
            message=None,
            view=view,
            action=action,
            response_url=None,
            trigger_id=self._trigger_id(user),
        )
        return self._deliver_and_wait("interactive", payload)

    def modal(self, user: str) -> JSON | None:
        """The modal on top of `user`'s stack (what they see), if one is open."""
        with self.state.cond:
            stack = self.state.modal_stacks.get(user) or []
            return dict(self.state.views[stack[-1]]) if stack else None

    def submit_view(
        self, user: str, view_id: str, values: dict[str, str] | None = None
    ) -> JSON | None:
        """`user` presses Submit on a modal, having typed `values` (block_id → text) into its
        inputs; the app's `response_action` is applied as Slack does (`errors` keeps the modal
        open, `update` replaces it, `push` stacks a new one, `clear` closes them all, nothing
        closes this one). Returns the ack body."""
        with self.state.cond:
            view = dict(self.state.views[view_id])
        payload = view_submission_payload(
            ident=self.ident,
            user=self.state.user(user),
            view=view,
            values=input_values(view, values or {}),
            trigger_id=self._trigger_id(user),
        )
        ack = self._deliver_and_wait("interactive", payload)
        action = (ack or {}).get("response_action")
        with self.state.cond:
            stack = self.state.modal_stacks.setdefault(user, [])
            if action in ("update", "push"):
                new = (ack or {}).get("view")
                problems = view_problems(new)
                if problems:
                    raise SlackError("invalid_arguments", problems)
                if action == "update":
                    self.api.store_view(dict(new or {}), view_id=view_id)
                else:
                    pushed = self.api.store_view(dict(new or {}))["view"]["id"]
                    stack.append(pushed)
            elif action == "errors":
                inputs = {
                    b.get("block_id") for b in view.get("blocks", []) if b.get("type") == "input"
                }
                errors = (ack or {}).get("errors")
                if not isinstance(errors, dict) or not errors or set(errors) - inputs:
                    # Slack shows the person a generic failure when an error names no input.
                    raise SlackError(
                        "invalid_arguments", [f"[ERROR] errors must name input blocks: {errors}"]
                    )
            elif action == "clear":
                stack.clear()
            elif action != "errors" and view_id in stack:
                stack.remove(view_id)
        return ack

    def _action(self, element: JSON, block_id: str, action_id: str, value: str | None) -> JSON:
        action: JSON = {
            "action_id": action_id,
            "block_id": block_id,
            "type": element.get("type", "button"),
            "action_ts": self.state.ts.next(),
        }
        if "text" in element:
            action["text"] = element["text"]
        chosen = value if value is not None else element.get("value")
        if chosen is not None:
            action["value"] = chosen
        return action

    def _deliver_and_wait(self, kind: str, payload: JSON) -> JSON | None:
        delivery = self.deliverer.submit(kind, payload)
        # Slack gives up on an ack after its timeout; allow a little for the loop itself.
        self._wait(
            lambda: delivery if delivery.done else None, self.deliverer.ack_timeout + 2, kind
        )
        return delivery.ack_payload

    # -- waiting ------------------------------------------------------------------------------

    def _wait(self, probe: Callable[[], T | None], timeout: float, what: str) -> T:
        deadline = time.monotonic() + timeout
        with self.state.cond:
            while True:
                found = probe()
                if found is not None:
                    return found
                left = deadline - time.monotonic()
                if left <= 0:
                    raise TimeoutError(f"timed out after {timeout}s waiting for {what}")
                self.state.cond.wait(left)

    def wait_for_call(
        self,
        method: str,
        predicate: Callable[[Call], bool] | None = None,
        timeout: float = 5.0,
        after: Call | int | None = None,
    ) -> Call:
        """Wait for a call of `method` (matching `predicate`, newer than `after`'s seq)."""
        floor = after.seq if isinstance(after, Call) else (after or 0)

        def probe() -> Call | None:
            return next(
                (
                    c
                    for c in self.state.calls
                    if c.seq > floor and c.method == method and (predicate is None or predicate(c))
                ),
                None,
            )

        try:
            return self._wait(probe, timeout, f"a {method} call")
        except TimeoutError:
            summary = self._summary()
            raise TimeoutError(f"no matching {method} call within {timeout}s; {summary}") from None

    def _summary(self) -> str:
        seen = [
            f"#{c.seq} {c.method}" + ("" if c.response.get("ok") else f"!{c.response.get('error')}")
            for c in self.calls
        ]
        return f"calls seen: {', '.join(seen) or 'none'}"

    def mark(self) -> int:
        """The seq of the newest call so far, for `wait_for_call(after=...)`."""
        return self.state.next_seq() - 1

    def count_calls(self, method: str, predicate: Callable[[Call], bool] | None = None) -> int:
        """How many calls of `method` (matching `predicate`) were received."""
        return sum(
            1 for c in self.calls if c.method == method and (predicate is None or predicate(c))
        )

    def wait_for_message(
        self,
        channel: str,
        predicate: Callable[[JSON], bool] | None = None,
        timeout: float = 5.0,
    ) -> JSON:
        """Wait for a stored message in `channel` (threads included) matching `predicate`."""

        def probe() -> JSON | None:
            for message in self.state.messages.get(channel, []):
                if predicate is None or predicate(message):
                    return dict(message)
            return None

        return self._wait(probe, timeout, f"a message in {channel}")

    def wait_for_connection(
        self, timeout: float = 5.0, after: int = 0, live: int | None = None
    ) -> int:
        """Wait until more than `after` connections were greeted (and exactly `live` are open)."""

        def probe() -> int | None:
            count = self.deliverer.connection_count
            open_now = len(self.deliverer.connections)
            settled = open_now > 0 if live is None else open_now == live
            return count if count > after and settled else None

        return self._wait(probe, timeout, "a Socket Mode connection")

    def wait_for_acks(self, timeout: float = 5.0) -> list[Delivery]:
        """Wait until every delivery so far was acked or given up; return them all."""

        def probe() -> list[Delivery] | None:
            pending = [d for d in self.deliverer.deliveries if not d.done]
            return None if pending else list(self.deliverer.deliveries)

        return self._wait(probe, timeout, "every delivery to be acked")

    def wait_for_delivery(
        self, predicate: Callable[[Delivery], bool], timeout: float = 5.0
    ) -> Delivery:
        """Wait for a delivery matching `predicate` (e.g. `lambda d: d.acked`)."""

        def probe() -> Delivery | None:
            return next((d for d in self.deliverer.deliveries if predicate(d)), None)

        return self._wait(probe, timeout, "a matching delivery")
