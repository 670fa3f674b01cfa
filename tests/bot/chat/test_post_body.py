"""A reply's post sends the bytes slack_sdk's own `chat_postMessage` sends for it (the poster
builds the body itself and calls `api_call`, skipping the SDK's Block Kit parsing): both are
read off the wire by a loopback HTTP server."""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest
from slack_sdk import WebClient

from bot.chat.cpu_slots import CpuSlots
from bot.chat.posting import Poster, post_body, reply_blocks, reply_metadata
from bot.chat.streaming import Streamer
from store.models import Message

SESSION = "6f1c1d1e-0000-4000-8000-000000000001"
TEXTS = [
    "short",
    "Ünïcödé — “quotes”, emoji 🎉, <@U123> & *mrkdwn* `code`\n> quoted\n",
    "x" * 3000 + "y" * 3000 + "z" * 17,  # three sections
]


class Wire:
    """A Slack Web API stand-in that keeps every request's path, headers and raw body."""

    def __init__(self) -> None:
        self.requests: list[tuple[str, dict[str, str], bytes]] = []
        wire = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                body = self.rfile.read(int(self.headers["Content-Length"]))
                wire.requests.append((self.path, dict(self.headers.items()), body))
                answer = json.dumps({"ok": True, "ts": "1700000000.000200"}).encode()
                self.send_response(200)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(answer)))
                self.end_headers()
                self.wfile.write(answer)

            def log_message(self, *_args: object) -> None:
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/api/"


@pytest.fixture
def wire() -> Iterator[Wire]:
    w = Wire()
    thread = threading.Thread(target=w.server.serve_forever, daemon=True)
    thread.start()
    try:
        yield w
    finally:
        w.server.shutdown()
        w.server.server_close()


def owed_message(message_id: int) -> Message:
    return Message(id=message_id, session_id=SESSION, channel="D1", ts="1700000000.000100")


@pytest.mark.parametrize("text", TEXTS)
def test_the_poster_sends_the_sdks_bytes(wire: Wire, text: str) -> None:
    client = WebClient(token="xoxb-test", base_url=wire.url)
    owed = owed_message(42)
    client.chat_postMessage(
        channel="D1",
        thread_ts=owed.ts,
        text=text,
        blocks=reply_blocks(text, SESSION),
        metadata=reply_metadata(owed),
    )
    poster = Poster(client, Streamer(client, mode="off", interval=1.0), CpuSlots(1))
    assert poster.post("D1", owed.ts, text, owed) == ("1700000000.000200", None)
    (sdk_path, sdk_headers, sdk_body), (path, headers, body) = wire.requests
    assert (path, body) == (sdk_path, sdk_body)
    assert path.endswith("/chat.postMessage")
    assert headers == sdk_headers
    sent = json.loads(body)
    assert sent["blocks"][-2:] == reply_blocks(text, SESSION)[-2:]
    assert sent["metadata"] == {"event_type": "seshat_reply", "event_payload": {"message_id": 42}}


def test_the_body_is_the_sdks_for_the_same_arguments(wire: Wire) -> None:
    """Held to the SDK's own serialisation (its key order, no None): a new slack_sdk that
    changes its body fails here rather than on Slack."""
    client = WebClient(token="xoxb-test", base_url=wire.url)
    owed = owed_message(7)
    args = ("C1", "1.000001", "an answer", reply_blocks("an answer", SESSION), reply_metadata(owed))
    client.chat_postMessage(
        channel=args[0], thread_ts=args[1], text=args[2], blocks=args[3], metadata=args[4]
    )
    client.api_call("chat.postMessage", json=post_body(*args))
    (_, _, sdk_body), (_, _, body) = wire.requests
    assert body == sdk_body
