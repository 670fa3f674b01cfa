"""HTTP mode: Bolt's WSGI adapter served by waitress (a production WSGI server), in a thread."""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable, Iterable
from typing import Any

from slack_bolt import App
from slack_bolt.adapter.wsgi import SlackRequestHandler
from waitress import wasyncore
from waitress.server import create_server

log = logging.getLogger(__name__)
StartResponse = Callable[..., Any]


class HttpServer:
    """Serves `POST /slack/events` (events, commands, interactivity) and `GET /healthz`."""

    def __init__(self, app: App, *, host: str, port: int, threads: int = 8) -> None:
        self._bolt = SlackRequestHandler(app, path="/slack/events")
        self._server = create_server(
            self._wsgi, host=host, port=port, threads=threads, ident="seshat"
        )
        self._thread: threading.Thread | None = None

    @property
    def port(self) -> int:
        """The bound port (useful when started on port 0)."""
        return int(self._server.effective_port)

    @property
    def url(self) -> str:
        """The events URL to give Slack."""
        return f"http://{self._server.effective_host}:{self.port}/slack/events"

    def _wsgi(self, environ: dict[str, Any], start_response: StartResponse) -> Iterable[bytes]:
        if environ.get("PATH_INFO") == "/healthz":
            start_response("200 OK", [("Content-Type", "text/plain")])
            return [b"ok"]
        result: Iterable[bytes] = self._bolt(environ, start_response)
        return result

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
        # Close the sockets from inside the server's own loop (closing them from this thread
        # races its select() and raises); with its map empty the loop returns by itself.
        server.trigger.pull_trigger(lambda: wasyncore.close_all(server._map))
        self._thread.join(timeout=10)
        server.task_dispatcher.shutdown()
