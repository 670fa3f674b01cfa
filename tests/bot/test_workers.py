"""`seshat run --workers 2`: two real worker processes under one supervisor share the load on one
SQLite database (Socket Mode: a connection each, Slack spreading the events; HTTP mode: one port)
and every message is answered exactly once; SIGTERM stops them all."""

from __future__ import annotations

import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

from bot.doubles.anthropic_api import LocalAnthropicAPI
from bot.doubles.slack_workspace import LocalSlackWorkspace
from bot.doubles.stack import process_env
from store.db import Store
from store.models import Message, ReplyState

USERS = [f"U0WRK{i:03d}" for i in range(10)]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _children(pid: int) -> list[int]:
    found: list[int] = []
    for task in Path(f"/proc/{pid}/task").iterdir():
        found += [int(c) for c in (task / "children").read_text().split()]
    return found


@pytest.mark.parametrize("mode", ["socket", "http"])
def test_two_workers_answer_every_message_once(tmp_path: Path, mode: str) -> None:
    port = _free_port()
    with LocalSlackWorkspace() as slack, LocalAnthropicAPI() as anthropic:
        slack.spread_over_connections()
        env = process_env(
            slack,
            anthropic,
            tmp_path / "data",
            SLACK_MODE=mode,
            SESHAT_HTTP_HOST="127.0.0.1",
            SESHAT_HTTP_PORT=str(port),
        )
        supervisor = subprocess.Popen(
            [sys.executable, "-m", "bot.cli", "run", "--workers", "2"],
            cwd=tmp_path,
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            text=True,
        )
        try:
            deadline = time.monotonic() + 90
            while len(_children(supervisor.pid)) < 2 and time.monotonic() < deadline:
                time.sleep(0.1)
            workers = _children(supervisor.pid)
            assert len(workers) == 2
            if mode == "socket":
                while slack.connection_count < 2 and time.monotonic() < deadline:
                    time.sleep(0.1)
                assert slack.connection_count == 2  # one connection per worker
            else:
                # Both workers listen on the one port (started, then bound: give them time).
                while time.monotonic() < deadline:
                    listening = Path("/proc/net/tcp").read_text().count(f":{port:04X} 00000000")
                    if listening >= 2:
                        break
                    time.sleep(0.2)
                assert listening == 2
                slack.deliver_over_http(
                    f"http://127.0.0.1:{port}/slack/events", slack.signing_secret
                )
            sent = []
            for user in USERS:
                slack.add_user(user, user.lower())
                sent.append(slack.user_dm(user, f"hello from {user}"))
            for msg in sent:
                slack.wait_for_call(
                    "chat.postMessage",
                    lambda c, ts=msg["ts"]: c.params.get("thread_ts") == ts,
                    timeout=60,
                )
            time.sleep(1.0)  # a second answer would show up by now
            for msg in sent:
                posts = [
                    c
                    for c in slack.calls
                    if c.method == "chat.postMessage"
                    and c.params.get("thread_ts") == msg["ts"]
                    and c.response.get("ok")
                ]
                assert len(posts) == 1
        finally:
            supervisor.send_signal(signal.SIGTERM)
            _, err = supervisor.communicate(timeout=90)
        assert supervisor.returncode == 0, err[-2000:]
        for pid in workers:
            assert not Path(f"/proc/{pid}").exists()  # every worker stopped with it
        store = Store.open(f"sqlite:///{tmp_path / 'data' / 'seshat.db'}")
        try:
            with store.sessions() as db:
                rows = db.query(Message).filter(Message.is_bot.is_(False)).all()
                assert len(rows) == len(USERS)
                assert all(m.reply_state == ReplyState.ANSWERED for m in rows)
        finally:
            store.close()
