"""Delivery of events, commands and interactions to the app: Socket Mode or signed HTTP POSTs.

Every delivery is an asyncio task on the workspace's loop. Over Socket Mode it is sent as an
envelope to the newest live connection and waits `ack_timeout` for the ack; an `events_api`
envelope that is not acked goes out again (new envelope id, `retry_attempt` + 1,
`retry_reason: "timeout"`) up to `max_retries` times, as Slack does. Commands and interactions are
not retried: Slack shows the user an error instead. HTTP mode does the same with signed POSTs and
`X-Slack-Retry-Num` / `X-Slack-Retry-Reason`.
"""

from __future__ import annotations

import asyncio
import json
import socket
import struct
import time
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlencode

import aiohttp
from aiohttp import web

from bot.doubles.slack_api import WorkspaceState
from bot.doubles.slack_payloads import JSON, dumps, envelope, hello_message, sign, slack_id


@dataclass
class Delivery:
    """One thing handed to the app, with every attempt and the ack it got (if any)."""

    kind: str
    payload: JSON
    envelope_ids: list[str] = field(default_factory=list)
    attempts: int = 0
    acked: bool = False
    ack_payload: JSON | None = None
    done: bool = False
    retry_reasons: list[str] = field(default_factory=list)
    # time.monotonic() of each envelope sent and of the ack (ack latency in load benchmarks).
    # `sent_at` is when the attempt began; `written_at` when its bytes went to the app's socket.
    # Over HTTP the two differ by the client's own wait for a connection (a free one of its
    # pool, or a new one's handshake handled by this process's loop): time the app never saw.
    sent_at: list[float] = field(default_factory=list)
    written_at: list[float] = field(default_factory=list)
    acked_at: float | None = None

    @property
    def event_id(self) -> str | None:
        """The Events API event_id, for `events_api` deliveries."""
        value = self.payload.get("event_id")
        return str(value) if value is not None else None


@dataclass
class HttpTarget:
    """Where and how to sign deliveries in HTTP mode."""

    url: str
    signing_secret: str


class Deliverer:
    """Owns the Socket Mode connections and the delivery tasks; runs on the workspace loop."""

    def __init__(
        self,
        state: WorkspaceState,
        *,
        ack_timeout: float,
        max_retries: int = 3,
        ping_interval: float | None = None,
    ) -> None:
        self.state = state
        self.ping_interval = ping_interval
        self.ack_timeout = ack_timeout
        self.max_retries = max_retries
        # Seconds before each retry of an unacked event (Slack: at once, ~1 min, ~5 min); by
        # default all at once, so tests need not wait.
        self.retry_delays: tuple[float, ...] = ()
        self.loop: asyncio.AbstractEventLoop | None = None
        self.connections: list[web.WebSocketResponse] = []
        self._transports: dict[web.WebSocketResponse, asyncio.Transport] = {}
        self.connection_count = 0
        self.tickets: set[str] = set()
        self.http_target: HttpTarget | None = None
        # Slack spreads an app's events over its open connections (up to ten: several
        # processes); False sends each to the newest one, as a single process sees it.
        self.spread = False
        self._turn = 0
        self.deliveries: list[Delivery] = []
        self._by_envelope: dict[str, tuple[Delivery, asyncio.Event]] = {}
        self._tasks: set[asyncio.Task[None]] = set()
        self._live: asyncio.Event | None = None
        self._session: aiohttp.ClientSession | None = None

    def bind(self, loop: asyncio.AbstractEventLoop) -> None:
        """Attach to the running loop (called on it)."""
        self.loop = loop
        self._live = asyncio.Event()

    def new_ticket(self) -> str:
        """Issue a one-time Socket Mode ticket."""
        ticket = slack_id("", 32).lower()
        with self.state.cond:
            self.tickets.add(ticket)
        return ticket

    # -- the WebSocket endpoint ---------------------------------------------------------------

    async def handle_socket(self, request: web.Request) -> web.StreamResponse:
        """Serve `/link/`: hello, then read acks until the socket closes."""
        ticket = request.query.get("ticket", "")
        with self.state.cond:
            valid = ticket in self.tickets
            self.tickets.discard(ticket)
        if not valid:
            return web.Response(status=401, text="invalid_ticket")
        ws = web.WebSocketResponse(autoping=True)
        await ws.prepare(request)
        with self.state.cond:
            self.connections.append(ws)
            num = len(self.connections)
        if request.transport is not None:
            self._transports[ws] = request.transport
        await ws.send_str(dumps(hello_message(self.state.ident.api_app_id, num)))
        with self.state.cond:
            self.connection_count += 1
            self.state.cond.notify_all()
        assert self._live is not None
        self._live.set()
        pinger = asyncio.create_task(self._ping(ws))
        try:
            async for msg in ws:
                if msg.type == aiohttp.WSMsgType.TEXT:
                    self._on_ack(json.loads(msg.data))
        finally:
            pinger.cancel()
            with self.state.cond:
                if ws in self.connections:
                    self.connections.remove(ws)
                self._transports.pop(ws, None)
                if not self.connections:
                    self._live.clear()
                self.state.cond.notify_all()
        return ws

    async def _ping(self, ws: web.WebSocketResponse) -> None:
        """Ping like Slack does; this also wakes a client's blocking recv() when it shuts down.

        aiohttp's own heartbeat would drop a client whose pong is late by half an interval,
        which a busy test machine hits; Slack is not that strict.
        """
        if not self.ping_interval:
            return
        while not ws.closed:
            await asyncio.sleep(self.ping_interval)
            try:
                await ws.ping(b"ping")
            except ConnectionError:
                return

    def _on_ack(self, message: JSON) -> None:
        entry = self._by_envelope.get(str(message.get("envelope_id", "")))
        if entry is None:
            return
        delivery, acked = entry
        with self.state.cond:
            if not delivery.acked:
                delivery.acked = True
                delivery.acked_at = time.monotonic()
                payload = message.get("payload")
                delivery.ack_payload = payload if isinstance(payload, dict) else None
            self.state.cond.notify_all()
        acked.set()

    async def drop_all(self) -> None:
        """Cut every connection without a close frame (RST), as a network failure would."""
        for ws in list(self.connections):
            transport = self._transports.get(ws)
            if transport is None or transport.is_closing():
                continue
            sock = transport.get_extra_info("socket")
            if sock is not None:
                # Linger 0 makes close() send RST, so the client sees a reset, not a clean EOF.
                sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
            transport.abort()
            with self.state.cond:
                # Forget it now, so nothing is sent to (or waited on) a socket known to be dead.
                if ws in self.connections:
                    self.connections.remove(ws)
                if not self.connections and self._live is not None:
                    self._live.clear()
                self.state.cond.notify_all()

    async def send_disconnect(self, reason: str) -> None:
        """Ask every client to reconnect, as Slack does before rotating a socket."""
        message = {"type": "disconnect", "reason": reason, "debug_info": {"host": "applink-1"}}
        for ws in list(self.connections):
            if not ws.closed:
                await ws.send_str(dumps(message))

    async def close(self) -> None:
        """Stop every task, close sockets and the HTTP client session."""
        for task in list(self._tasks):
            task.cancel()
        if self._tasks:
            await asyncio.gather(*self._tasks, return_exceptions=True)
        for ws in list(self.connections):
            await ws.close(code=1001, message=b"server shutdown")
        if self._session is not None:
            await self._session.close()

    # -- delivering ---------------------------------------------------------------------------

    def submit(
        self, kind: str, payload: JSON, retry_attempt: int = 0, retry_reason: str = ""
    ) -> Delivery:
        """Queue a delivery from any thread; returns it at once (watch `done`)."""
        delivery = Delivery(kind, payload)
        with self.state.cond:
            self.deliveries.append(delivery)
        assert self.loop is not None
        self.loop.call_soon_threadsafe(self._start, delivery, retry_attempt, retry_reason)
        return delivery

    def _start(self, delivery: Delivery, attempt: int, reason: str) -> None:
        task = asyncio.get_running_loop().create_task(self._run(delivery, attempt, reason))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _run(self, delivery: Delivery, attempt: int, reason: str) -> None:
        try:
            while True:
                with self.state.cond:
                    delivery.attempts += 1
                    delivery.retry_reasons.append(reason)
                if self.http_target is not None:
                    reason = await self._post(delivery, attempt, reason)
                else:
                    reason = await self._send(delivery, attempt, reason)
                if not reason or delivery.kind != "events_api" or attempt >= self.max_retries:
                    return
                if self.retry_delays:
                    await asyncio.sleep(self.retry_delays[min(attempt, len(self.retry_delays) - 1)])
                attempt += 1
        finally:
            with self.state.cond:
                delivery.done = True
                self.state.cond.notify_all()

    async def _send(self, delivery: Delivery, attempt: int, reason: str) -> str:
        """Send one envelope; return "" when acked, else the retry reason."""
        assert self._live is not None
        await self._live.wait()
        env = envelope(delivery.kind, delivery.payload, retry_attempt=attempt, retry_reason=reason)
        acked = asyncio.Event()
        self._by_envelope[env["envelope_id"]] = (delivery, acked)
        with self.state.cond:
            delivery.envelope_ids.append(env["envelope_id"])
            delivery.sent_at.append(time.monotonic())
            delivery.written_at.append(delivery.sent_at[-1])  # the socket is already open
            open_ = [c for c in self.connections if not c.closed]
            if self.spread and open_:
                self._turn += 1
                ws: web.WebSocketResponse | None = open_[self._turn % len(open_)]
            else:
                ws = open_[-1] if open_ else None
        if ws is not None and not ws.closed:
            try:
                await ws.send_str(dumps(env))
            except ConnectionError:
                pass  # the socket died under us; the ack timeout below retries elsewhere
        try:
            await asyncio.wait_for(acked.wait(), self.ack_timeout)
        except TimeoutError:
            return "timeout"
        return ""

    async def _post(self, delivery: Delivery, attempt: int, reason: str) -> str:
        """POST one signed request; return "" on 2xx, else the retry reason."""
        target = self.http_target
        assert target is not None
        if delivery.kind == "events_api":
            body, ctype = dumps(delivery.payload), "application/json"
        elif delivery.kind == "interactive":
            body, ctype = urlencode({"payload": dumps(delivery.payload)}), _FORM
        else:
            body, ctype = urlencode(delivery.payload), _FORM
        headers = signed_headers(target.signing_secret, body, ctype)
        if attempt:
            headers["X-Slack-Retry-Num"] = str(attempt)
            headers["X-Slack-Retry-Reason"] = reason
        with self.state.cond:
            delivery.sent_at.append(time.monotonic())
        try:
            status, text, rtype = await self.post(target.url, body, headers, delivery=delivery)
        except TimeoutError:
            return "http_timeout"
        except aiohttp.ClientError:
            return "connection_failed"
        if not 200 <= status < 300:
            return "http_error"
        with self.state.cond:
            delivery.acked = True
            delivery.acked_at = time.monotonic()
            delivery.ack_payload = _ack_body(text, rtype)
            self.state.cond.notify_all()
        return ""

    async def post(
        self, url: str, body: str, headers: dict[str, str], delivery: Delivery | None = None
    ) -> tuple[int, str, str]:
        """POST raw bytes; return status, body text and content type. With `delivery`, the
        moment the request is written is added to its `written_at`."""
        if self._session is None:
            self._session = aiohttp.ClientSession(trace_configs=[_written_trace()])
        timeout = aiohttp.ClientTimeout(total=self.ack_timeout)
        async with self._session.post(
            url, data=body.encode(), headers=headers, timeout=timeout, trace_request_ctx=delivery
        ) as resp:
            return resp.status, await resp.text(), resp.content_type


def _written_trace() -> aiohttp.TraceConfig:
    """Notes on a request's `Delivery` (its trace context) when its bytes are written: aiohttp
    holds the headers back and sends them with the body's first chunk (the headers' own trace
    point can come tens of milliseconds earlier, on a busy loop)."""

    async def written(
        _session: aiohttp.ClientSession,
        context: Any,
        _params: aiohttp.TraceRequestChunkSentParams,
    ) -> None:
        delivery = context.trace_request_ctx
        if isinstance(delivery, Delivery) and not getattr(context, "written", False):
            context.written = True
            delivery.written_at.append(time.monotonic())

    trace = aiohttp.TraceConfig()
    trace.on_request_chunk_sent.append(written)
    return trace


_FORM = "application/x-www-form-urlencoded"


def signed_headers(signing_secret: str, body: str, content_type: str) -> dict[str, str]:
    """Return the headers of a request Slack signs with the app's signing secret."""
    timestamp = str(int(time.time()))
    return {
        "Content-Type": content_type,
        "X-Slack-Request-Timestamp": timestamp,
        "X-Slack-Signature": sign(signing_secret, timestamp, body),
        "User-Agent": "Slackbot 1.0 (+https://api.slack.com/robots)",
    }


def _ack_body(text: str, content_type: str) -> JSON | None:
    """Read an HTTP ack body as Slack does: JSON object, plain text as `text`, or nothing."""
    if not text.strip():
        return None
    if content_type == "application/json":
        parsed: Any = json.loads(text)
        return parsed if isinstance(parsed, dict) else None
    return {"text": text}
