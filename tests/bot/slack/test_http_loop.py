"""HTTP mode's server loop while app threads answer: the real waitress server, real connections.

A connection whose task (a thread running the app) is writing its response is left to that thread:
offered to the loop for writing, it made the loop spin (select returning at once, the output lock
taken) for as long as the thread waited for the interpreter lock after its send, scanning every
open connection each turn (docs/notes/27-ack5.md)."""

from __future__ import annotations

import socket
import time
from collections.abc import Iterator
from typing import Any

import pytest
from slack_bolt import App

from bot.slack.http_server import HttpServer


@pytest.fixture
def server() -> Iterator[HttpServer]:
    app = App(token="xoxb-test", signing_secret="secret", token_verification_enabled=False)
    srv = HttpServer(app, host="127.0.0.1", port=0, threads=4)
    srv.start()
    yield srv
    srv.stop()


def _channel(server: HttpServer, conn: socket.socket) -> Any:
    """The server's channel for the client socket `conn`."""
    local = conn.getsockname()
    deadline = time.monotonic() + 5
    while time.monotonic() < deadline:
        for dispatcher in list(server._server._map.values()):
            if getattr(dispatcher, "addr", None) == local:
                return dispatcher
        time.sleep(0.01)
    raise AssertionError("the server never accepted the connection")


def test_a_connection_is_not_offered_for_writing_while_its_task_writes(
    server: HttpServer,
) -> None:
    with socket.create_connection(("127.0.0.1", server.port)) as conn:
        channel = _channel(server, conn)
        with channel.outbuf_lock:  # as waitress's task thread holds it while it sends
            channel.requests.append(object())  # a request being served
            channel.outbufs[-1].append(b"HTTP/1.1 200 OK\r\n")
            channel.total_outbufs_len += 17
            assert not channel.writable()  # the task's thread sends it
            channel.will_close = True
            assert channel.writable()  # closing is the loop's job, as before
            channel.will_close = False
            channel.total_outbufs_len += channel.adj.outbuf_high_watermark
            # Past the high-water mark the task waits for the loop to drain the buffer.
            assert channel.writable()
            channel.total_outbufs_len -= channel.adj.outbuf_high_watermark
            channel.requests.clear()  # the task is done: what it left, the loop sends
            assert channel.writable()
