"""The floor: a minimal Bolt app on Seshat's stack, for `bench/load.py --app both`.

Bolt in HTTP mode behind waitress (or Socket Mode), slack_sdk, the anthropic SDK and SQLite in WAL
mode: each user message is stored (committed) before Slack gets its ack, then answered in a
thread pool by one model call, posted in its thread and stored. Nothing else: no sessions, no
redaction, no learned context, no claims. Configured by the same environment `seshat run` reads
(SLACK_*, ANTHROPIC_*, SESHAT_DATA_DIR, SLACK_MODE, SESHAT_HTTP_PORT).
"""

from __future__ import annotations

import logging
import os
import signal
import sqlite3
import threading
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import anthropic
from slack_bolt import App
from slack_bolt.adapter.socket_mode import SocketModeHandler
from slack_bolt.adapter.wsgi import SlackRequestHandler
from slack_sdk import WebClient
from waitress.server import create_server

logging.basicConfig(level=logging.WARNING)
logging.getLogger("waitress.queue").setLevel(logging.ERROR)  # Seshat's HttpServer logs the same
env = os.environ
data = Path(env["SESHAT_DATA_DIR"])
data.mkdir(parents=True, exist_ok=True)
local = threading.local()
write_lock = threading.Lock()


def db() -> sqlite3.Connection:
    if not hasattr(local, "conn"):
        local.conn = sqlite3.connect(data / "floor.db", timeout=30, isolation_level=None)
        local.conn.execute("PRAGMA journal_mode=WAL")
        local.conn.execute("PRAGMA synchronous=NORMAL")
    return local.conn  # type: ignore[no-any-return]


db().execute("CREATE TABLE IF NOT EXISTS messages (ts TEXT, channel TEXT, user TEXT, text TEXT)")


def store(ts: str, channel: str, user: str, text: str) -> None:
    with write_lock:
        db().execute("INSERT INTO messages VALUES (?, ?, ?, ?)", (ts, channel, user, text))


client = WebClient(token=env["SLACK_BOT_TOKEN"], base_url=env["SLACK_API_URL"])

model = anthropic.Anthropic(api_key=env["ANTHROPIC_API_KEY"], base_url=env["ANTHROPIC_BASE_URL"])
pool = ThreadPoolExecutor(max_workers=int(env.get("SESHAT_WORKER_THREADS", "256")))
app = App(
    client=client,
    signing_secret=env["SLACK_SIGNING_SECRET"],
    process_before_response=True,  # the ack is sent when the listener returns: after the store
    token_verification_enabled=False,
)


def answer(event: dict[str, Any]) -> None:
    reply = model.messages.create(
        model=env.get("CHAT_MODEL", "claude-sonnet-4-6"),
        max_tokens=1024,
        messages=[{"role": "user", "content": event.get("text") or "(empty)"}],
    )
    text = "".join(b.text for b in reply.content if b.type == "text")
    posted = client.chat_postMessage(channel=event["channel"], thread_ts=event["ts"], text=text)
    store(str(posted["ts"]), event["channel"], "bot", text)


@app.event("message")
def on_message(event: dict[str, Any]) -> None:
    if event.get("bot_id") or event.get("subtype"):
        return
    store(event["ts"], event["channel"], event.get("user", ""), event.get("text") or "")
    pool.submit(answer, event)


def main() -> None:
    if env.get("SLACK_MODE", "socket") == "http":
        server = create_server(
            SlackRequestHandler(app), host="127.0.0.1", port=int(env["SESHAT_HTTP_PORT"]), threads=8
        )
        signal.signal(signal.SIGTERM, lambda *_: os._exit(0))
        server.run()
    else:
        handler = SocketModeHandler(app, env["SLACK_APP_TOKEN"], web_client=client)
        signal.signal(signal.SIGTERM, lambda *_: os._exit(0))
        handler.start()  # type: ignore[no-untyped-call]


# Started when run as a script; bench/callgrind_burst.py loads it under another name, wraps
# `store` and `answer` (its stages), then calls `main`.
if __name__ == "__main__":
    main()
