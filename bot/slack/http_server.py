"""HTTP mode: Bolt behind an edge of our own, served by waitress (a production WSGI server).

The edge answers everything Bolt would get wrong, before Bolt sees it:

- 401 for a request without a valid Slack signature (missing headers, a timestamp that is not a
  number or is outside Slack's five-minute window, a forged signature), logged at most once per
  reason per interval with a count of the ones held back, so a flood cannot flood the log;
- 400 for a signed body that is not a JSON object (truncated JSON, an array, bytes that are not
  UTF-8, a form whose `payload` is not JSON), or that Bolt itself chokes on (an id of the wrong
  type): one log line, no traceback;
- 200 for a signed message event as soon as it is journalled (given an `intake`: the journal of
  bot/slack/journal.py — a file on SQLite, one fsync shared by the requests waiting at once; a
  table on PostgreSQL, one INSERT shared the same way), as Socket Mode does; Bolt stores it
  afterwards on the intake's dispatchers. Without an intake, or when the journal cannot be
  written, the answer waits until Bolt's listener has stored the message;
- 200 for a signed delivery Seshat has no use for (an `event_callback` whose `event` is missing or
  not an object, and, after Bolt, anything Bolt has no listener for): one log line. Slack retries
  every answer that is not 2xx, and these would fail the same way each time.

A connection is written by the thread answering on it, not also offered to waitress's loop
meanwhile (`_OwnFlushChannel`): in a burst the loop spun on such connections, on the interpreter
lock the acks need.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import logging
import socket
import threading
import time
import traceback
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any
from urllib.parse import parse_qsl

from slack_bolt import App, BoltContext, BoltRequest
from slack_bolt.adapter.wsgi.http_request import WsgiHttpRequest
from slack_bolt.adapter.wsgi.http_response import WsgiHttpResponse
from slack_bolt.request.internals import build_context
from waitress import wasyncore
from waitress.channel import HTTPChannel
from waitress.server import create_server

from bot.slack.journal import JournalledIntake, ignored_self_event, journalled

log = logging.getLogger(__name__)
StartResponse = Callable[..., Any]

EVENTS_PATH = "/slack/events"
# Slack's replay window: a signed request older (or newer) than this is refused.
MAX_CLOCK_SKEW_SECONDS = 5 * 60
REFUSAL_LOG_SECONDS = 60.0


class RefusalLog:
    """Logs refused requests at most once per reason per `interval`, counting the rest."""

    def __init__(self, interval: float, clock: Callable[[], float] = time.monotonic) -> None:
        self._interval = interval
        self._clock = clock
        self._lock = threading.Lock()
        # reason -> (when last logged, refusals held back since)
        self._last: dict[str, tuple[float, int]] = {}

    def refused(self, reason: str, remote: str) -> None:
        """Record one refusal; log it unless this reason was logged within the interval."""
        now = self._clock()
        with self._lock:
            last = self._last.get(reason)
            if last is not None and now - last[0] < self._interval:
                self._last[reason] = (last[0], last[1] + 1)
                return
            held_back = last[1] if last is not None else 0
            self._last[reason] = (now, 0)
        log.warning(
            "refused a Slack request without a valid signature (%s) from %s; %d like it held back",
            reason,
            remote,
            held_back,
            extra={"reason": reason, "remote": remote, "suppressed": held_back},
        )


class _Unsigned(Exception):
    """A request without a valid Slack signature; `reason` is logged, never the body."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class _Malformed(ValueError):
    """A signed body Bolt cannot read."""


def _drop_unhandled_warning(record: logging.LogRecord) -> bool:
    # Bolt's many-line "Unhandled request … [Suggestion] @app.event(...)" warning; the edge logs
    # one line of its own for these instead.
    return not (isinstance(record.msg, str) and record.msg.startswith("Unhandled request"))


class HttpServer:
    """Serves `POST /slack/events` (events, commands, interactivity) and `GET /healthz`."""

    def __init__(
        self,
        app: App,
        *,
        host: str,
        port: int,
        threads: int = 32,
        signing_secret: str | None = None,
        refusal_log_seconds: float = REFUSAL_LOG_SECONDS,
        reuse_port: bool = False,
        intake: JournalledIntake | None = None,
        own: tuple[str | None, str | None] = (None, None),
    ) -> None:
        # Bolt keeps the secret it was built with; the edge checks signatures with the same one
        # before anything is parsed (Bolt parses first and checks after).
        secret = signing_secret if signing_secret is not None else _bolt_signing_secret(app)
        if not secret:
            raise ValueError("HTTP mode needs the Slack signing secret")
        self._app = app
        self._secret = secret.encode()
        self._refusals = RefusalLog(refusal_log_seconds)
        self._intake = intake
        self._own = own  # the bot's user id and bot id: its own posts are acked and dropped
        app.logger.addFilter(_drop_unhandled_warning)
        # With `reuse_port`, several processes listen on one port and the kernel spreads the
        # connections over them (`seshat run --workers N`).
        where: dict[str, Any] = (
            {"sockets": [_reusable_socket(host, port)]}
            if reuse_port
            else {"host": host, "port": port}
        )
        # 32 threads: a journalled message waits in its thread for the shared fsync, so more
        # threads make bigger groups (8 gave ~1.9 ms per ack in a 200-message burst). 1,000
        # connections: at waitress's default of 100, a burst's 101st delivery waited for a free
        # one past Slack's 3 s and was delivered again.
        self._server = create_server(
            self._wsgi, threads=threads, connection_limit=1000, ident="seshat", **where
        )
        for dispatcher in list(getattr(self._server, "_map", {}).values()):
            if hasattr(dispatcher, "channel_class"):
                dispatcher.channel_class = _OwnFlushChannel
        self._thread: threading.Thread | None = None

    @property
    def port(self) -> int:
        """The bound port (useful when started on port 0)."""
        return int(self._server.effective_port)

    @property
    def url(self) -> str:
        """The events URL to give Slack."""
        return f"http://{self._server.effective_host}:{self.port}{EVENTS_PATH}"

    def _wsgi(self, environ: dict[str, Any], start_response: StartResponse) -> Iterable[bytes]:
        path, method = environ.get("PATH_INFO"), environ.get("REQUEST_METHOD")
        if path == "/healthz":
            start_response("200 OK", [("Content-Type", "text/plain")])
            return [b"ok"]
        if path != EVENTS_PATH or method != "POST":
            response = WsgiHttpResponse(status=404, body="Not Found")
        else:
            try:
                response = self._events(environ)
            except Exception:
                # A bug of ours, not bad input: one record with its traceback, in our log format.
                log.exception("HTTP request failed")
                response = WsgiHttpResponse(status=500, body="Internal Server Error")
        start_response(response.status, response.get_headers())
        return response.get_body()

    def _events(self, environ: dict[str, Any]) -> WsgiHttpResponse:
        raw = _read_body(environ)
        remote = str(environ.get("REMOTE_ADDR", "?"))
        try:
            self._verify(environ, raw)
        except _Unsigned as refusal:
            self._refusals.refused(refusal.reason, remote)
            return WsgiHttpResponse(status=401, body="invalid request")
        try:
            text = raw.decode("utf-8")
            body = _parse(text, environ.get("CONTENT_TYPE"))
        except (ValueError, RecursionError) as exc:  # bad UTF-8, bad JSON, not an object
            log.warning("malformed Slack request refused (400): %s", _describe(exc))
            return WsgiHttpResponse(status=400, body="malformed request body")
        if body.get("type") == "event_callback":
            event = body.get("event")
            if not isinstance(event, dict) or not isinstance(event.get("type"), str):
                log.warning(
                    "event_callback without a usable event acknowledged and dropped: event=%s",
                    _short(event),
                    extra={"event_id": _short(body.get("event_id"))},
                )
                return WsgiHttpResponse(status=200)
            if self._intake is not None and self._journalled(body):
                return WsgiHttpResponse(status=200)
        try:
            request = _bolt_request(environ, text, body)
        except Exception as exc:  # Bolt reads ids out of the body without checking their types
            log.warning(
                "malformed Slack request refused (400): Bolt cannot read it: %s", _where(exc)
            )
            return WsgiHttpResponse(status=400, body="malformed request body")
        try:
            answer = self._app.dispatch(request)
        except Exception as exc:
            # Listener errors end in on_error; what escapes is Bolt's own matching choking on a
            # field of the wrong type. A retry would choke the same way.
            log.warning("Bolt failed on a signed request (400): %s", _where(exc))
            return WsgiHttpResponse(status=400, body="malformed request body")
        if answer.status == 404:
            # No listener for it: acknowledge, or Slack would retry it three times.
            log.warning(
                "unhandled Slack request acknowledged: type=%s event=%s",
                _short(body.get("type")),
                _short(_event_type(body)),
                extra={"event_id": _short(body.get("event_id"))},
            )
            return WsgiHttpResponse(status=200)
        return WsgiHttpResponse(status=answer.status, headers=answer.headers, body=answer.body)

    def _journalled(self, body: dict[str, Any]) -> bool:
        """An event to ack now: the bot's own (dropped) or a message, once it is on disk."""
        assert self._intake is not None
        if ignored_self_event(body, self._own):
            return True
        if not journalled(body, self._own):
            return False
        try:
            entries = self._intake.accept([body])
        except OSError as exc:  # a full disk, a database that refused: ack after the store
            log.error("journal write failed (%s); acking after the store instead", exc)
            return False
        self._intake.handle_later(entries)
        return True

    def _verify(self, environ: dict[str, Any], raw: bytes) -> None:
        """Raise `_Unsigned` unless the request carries a fresh, valid Slack signature."""
        timestamp = environ.get("HTTP_X_SLACK_REQUEST_TIMESTAMP")
        signature = environ.get("HTTP_X_SLACK_SIGNATURE")
        if not timestamp or not signature:
            raise _Unsigned("missing signature headers")
        if not (timestamp.isascii() and timestamp.isdigit() and len(timestamp) <= 12):
            raise _Unsigned("timestamp is not a number")
        if abs(time.time() - int(timestamp)) > MAX_CLOCK_SKEW_SECONDS:
            raise _Unsigned("timestamp outside the replay window")
        base = b"v0:" + timestamp.encode() + b":" + raw
        expected = b"v0=" + hmac.new(self._secret, base, hashlib.sha256).hexdigest().encode()
        # WSGI header values are latin-1 decoded bytes, so this gives back what was sent.
        if not hmac.compare_digest(expected, signature.encode("latin-1", "replace")):
            raise _Unsigned("bad signature")

    def start(self) -> None:
        """Serve in a background thread."""
        self._thread = threading.Thread(target=self._server.run, name="seshat-http", daemon=True)
        self._thread.start()
        log.info("HTTP mode listening", extra={"url": self.url})

    def stop(self) -> None:
        """Stop accepting requests, close every socket, and let in-flight requests finish."""
        server = self._server
        if self._thread is None:
            server.close()
            return
        trigger = server.trigger
        # Close the sockets from inside the server's own loop (closing them from this thread
        # races its select() and raises); with its map empty the loop returns by itself. The
        # thunk also closes the trigger, and a worker's pull can wake the loop at any moment: hold
        # the trigger's lock (the loop takes it to run thunks) until our own pull is written.
        with trigger.lock:
            trigger.thunks.append(lambda: wasyncore.close_all(server._map))
            trigger.pull_trigger()
        self._thread.join(timeout=10)
        server.task_dispatcher.shutdown()


class _OwnFlushChannel(HTTPChannel):  # type: ignore[misc]
    """waitress's connection, not offered to the server's loop for writing while a task (a
    thread running the app) owns it.

    The thread writing a response sends it itself, holding the connection's output lock; the
    send gives the interpreter lock away, and until the thread has it back the connection
    counts as writable with its lock taken. waitress's loop then spun: select returned at once,
    the lock could not be had, and every turn asked each of the ~100 open connections whether
    it was readable or writable (~14 turns per request in a burst of 200, against ~1 for
    waitress alone with an app that answers at once: measured in docs/notes/27-ack5.md), on
    the interpreter lock the acks need. The task's thread flushes what it writes
    (waitress's `send_bytes` is 1); whatever a full socket leaves is sent by the loop once the
    task is done (waitress wakes it then), and past the high-water mark, where the thread waits
    for the loop to drain the buffer, the connection is offered as before, as it is when it is
    to be closed."""

    def writable(self) -> bool:
        if (
            self.requests
            and not (self.will_close or self.close_when_flushed)
            and self.total_outbufs_len <= self.adj.outbuf_high_watermark
        ):
            return False
        return bool(super().writable())


def probe_listen(host: str, port: int, *, reuse_port: bool = False) -> None:
    """Bind (host, port) as the server will, then let it go: OSError (socket.gaierror for a
    host that does not resolve) when it cannot be, before anything else starts."""
    infos = socket.getaddrinfo(host or None, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    family, kind, proto, _name, address = infos[0]
    sock = socket.socket(family, kind, proto)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as waitress does
        if reuse_port:
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEPORT, 1)
        sock.bind(address)
    finally:
        sock.close()


def _reusable_socket(host: str, port: int) -> socket.socket:
    """A listening TCP socket with SO_REUSEPORT set, bound to (host, port)."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEPORT, 1)
    sock.bind((host, port))
    sock.listen(1024)
    return sock


def _bolt_signing_secret(app: App) -> str:
    # The daemon builds HttpServer(app, ...) from the app alone; Bolt has no public accessor.
    secret = getattr(app, "_signing_secret", "")
    return secret if isinstance(secret, str) else ""


def _bolt_request(environ: dict[str, Any], text: str, body: dict[str, Any]) -> BoltRequest:
    request = BoltRequest(
        body=text,
        query=environ.get("QUERY_STRING", ""),
        headers=WsgiHttpRequest(environ).get_headers(),
    )
    if request.body != body:
        # Bolt reads any form containing the letters "payload" (a slash command's text, say) as
        # an interactivity payload and gets {}; give it the body as Slack sent it.
        request.body = body
        request.context = build_context(BoltContext(), body)
    return request


def _read_body(environ: dict[str, Any]) -> bytes:
    stream = environ.get("wsgi.input")
    if stream is None:
        return b""
    length = environ.get("CONTENT_LENGTH")
    data = stream.read(int(length)) if length and length.isdigit() else stream.read()
    return bytes(data)


def _parse(text: str, content_type: str | None) -> dict[str, Any]:
    """The body as Bolt reads it (JSON, or a form with or without a JSON `payload`), strictly."""
    if not text:
        raise _Malformed("empty body")
    if (content_type or "").split(";")[0].strip() == "application/json" or text.startswith("{"):
        parsed: Any = json.loads(text)
    else:
        form = dict(parse_qsl(text, keep_blank_values=True))
        parsed = json.loads(form["payload"]) if "payload" in form else form
    if not isinstance(parsed, dict):
        raise _Malformed(f"body is a JSON {type(parsed).__name__}, not an object")
    return parsed


def _event_type(body: dict[str, Any]) -> Any:
    event = body.get("event")
    return event.get("type") if isinstance(event, dict) else None


def _short(value: Any, limit: int = 60) -> str | None:
    """A payload value fit for one log line (repr escapes newlines; long values are cut)."""
    if value is None:
        return None
    text = value if isinstance(value, str) and value.isprintable() else repr(value)
    return text if len(text) <= limit else text[:limit] + "…"


def _where(exc: BaseException) -> str:
    """`TypeError: … (internals.py:201 in extract_channel_id)`: a traceback's gist, one line."""
    gist = f"{type(exc).__name__}: {_short(str(exc))}"
    frames = traceback.extract_tb(exc.__traceback__)
    if not frames:
        return gist
    return f"{gist} ({Path(frames[-1].filename).name}:{frames[-1].lineno} in {frames[-1].name})"


def _describe(exc: Exception) -> str:
    if isinstance(exc, UnicodeDecodeError):
        return f"body is not UTF-8 (byte {exc.start})"
    if isinstance(exc, json.JSONDecodeError):
        return f"invalid JSON ({exc.msg} at char {exc.pos})"
    return _short(str(exc)) or type(exc).__name__


def cannot_listen(host: str, port: int, exc: OSError) -> str:
    """Why HTTP mode cannot listen on `host`:`port`, naming the setting to change (before: a
    traceback ending in `OSError: [Errno 98] Address already in use`)."""
    import errno

    where = f"SESHAT_HTTP_HOST {host}, SESHAT_HTTP_PORT {port}"
    if exc.errno == errno.EADDRINUSE:
        return (
            f"{where}: the port is in use by another program (another seshat run, or another "
            "server): stop it, or set SESHAT_HTTP_PORT to a free port"
        )
    if exc.errno == errno.EACCES:
        return (
            f"{where}: this user may not listen on that port (below 1024 needs privileges): "
            "set SESHAT_HTTP_PORT to 1024 or above (the default is 3000) behind your proxy"
        )
    if isinstance(exc, socket.gaierror) or exc.errno == errno.EADDRNOTAVAIL:
        return (
            f"{where}: {host} is not an address of this host ({exc.strerror or exc}): set "
            "SESHAT_HTTP_HOST to 0.0.0.0 (every interface) or 127.0.0.1 (behind a local proxy)"
        )
    return f"{where}: cannot listen there ({exc.strerror or exc})"
