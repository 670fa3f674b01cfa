"""Two real `seshat run` processes in HTTP mode on one PostgreSQL database, behind a loopback
load balancer that sends each delivery to either replica and sometimes to both: every message is
answered once and every session reflected once."""

from __future__ import annotations

import random
import socket
import subprocess
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

from bot.doubles.anthropic_api import LocalAnthropicAPI
from bot.doubles.slack_workspace import LocalSlackWorkspace
from bot.doubles.stack import process_env, start_process, stop_process
from store.db import Store
from store.models import Message, ReflectionRow

USERS = [f"U0REP{i:03d}" for i in range(12)]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Balancer:
    """Forwards each POST to a random replica; an event delivery is sometimes sent to both
    (as a retry racing the first attempt would be), answering with the first reply."""

    def __init__(self, backends: list[str], both_ratio: float = 0.3) -> None:
        self.backends = backends
        self.both_ratio = both_ratio
        self.rng = random.Random(7)
        self.forwarded = 0
        self.duplicated = 0
        balancer = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *_args: object) -> None:
                return

            def do_POST(self) -> None:  # noqa: N802 (http.server's naming)
                body = self.rfile.read(int(self.headers.get("Content-Length", "0")))
                headers = {
                    k: v for k, v in self.headers.items() if k.lower() not in {"host", "connection"}
                }
                is_event = self.headers.get("Content-Type", "").startswith("application/json")
                targets = list(balancer.backends)
                balancer.rng.shuffle(targets)
                with_both = is_event and balancer.rng.random() < balancer.both_ratio
                if with_both:
                    balancer.duplicated += 1
                    threading.Thread(
                        target=balancer.forward, args=(targets[1], body, headers), daemon=True
                    ).start()
                balancer.forwarded += 1
                status, answer = balancer.forward(targets[0], body, headers)
                self.send_response(status)
                self.send_header("Content-Length", str(len(answer)))
                self.end_headers()
                self.wfile.write(answer)

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    def forward(self, backend: str, body: bytes, headers: dict[str, str]) -> tuple[int, bytes]:
        request = urllib.request.Request(backend, data=body, headers=headers, method="POST")
        try:
            with urllib.request.urlopen(request, timeout=10) as response:
                return int(response.status), response.read()
        except urllib.error.HTTPError as exc:
            return int(exc.code), exc.read()
        except OSError:
            return 503, b""

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.server.server_address[1]}/slack/events"

    def __enter__(self) -> Balancer:
        self.thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.server.shutdown()
        self.server.server_close()


@pytest.fixture
def doubles() -> Iterator[tuple[LocalSlackWorkspace, LocalAnthropicAPI]]:
    with LocalSlackWorkspace() as slack, LocalAnthropicAPI(latency=0.3) as anthropic:
        yield slack, anthropic


def _replica(
    tmp: Path,
    name: str,
    port: int,
    db: str,
    slack: LocalSlackWorkspace,
    anthropic: LocalAnthropicAPI,
) -> subprocess.Popen[str]:
    data = tmp / name
    data.mkdir()
    env = process_env(
        slack,
        anthropic,
        data,
        DATABASE_URL=db,
        SLACK_MODE="http",
        SESHAT_HTTP_HOST="127.0.0.1",
        SESHAT_HTTP_PORT=str(port),
        SLACK_OWNER_IDS="U0OWNER",
        LOG_LEVEL="WARNING",
    )
    return start_process(env, data, stderr=subprocess.PIPE)


def _healthy(port: int, timeout: float) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=2) as r:
                if r.status == 200:
                    return
        except OSError:
            time.sleep(0.2)
    raise TimeoutError(f"replica on port {port} did not come up")


@pytest.mark.postgres
@pytest.mark.timeout(400)
def test_two_replicas_answer_each_message_once_and_reflect_each_session_once(
    tmp_path: Path, pg_url: str, doubles: tuple[LocalSlackWorkspace, LocalAnthropicAPI]
) -> None:
    slack, anthropic = doubles
    slack.add_user("U0OWNER", "owner")
    for user in USERS:
        slack.add_user(user, user.lower())
    ports = [_free_port(), _free_port()]
    replicas = [
        _replica(tmp_path, f"r{i}", port, pg_url, slack, anthropic) for i, port in enumerate(ports)
    ]
    try:
        for port in ports:
            _healthy(port, timeout=120)
        backends = [f"http://127.0.0.1:{p}/slack/events" for p in ports]
        with Balancer(backends) as balancer:
            slack.deliver_over_http(balancer.url, slack.signing_secret)
            sent = []
            for turn in range(2):
                for user in USERS:
                    sent.append(slack.user_dm(user, f"question {turn} from {user}"))
                deadline = time.monotonic() + 90
                while time.monotonic() < deadline:
                    answered = {
                        c.params.get("thread_ts")
                        for c in slack.calls
                        if c.method == "chat.postMessage" and c.response.get("ok")
                    }
                    if all(m["ts"] in answered for m in sent):
                        break
                    time.sleep(0.2)
            for user in USERS:
                slack.slash_command(user, slack.dm_channel(user), "/done")
            store = Store.open(pg_url)
            try:
                deadline = time.monotonic() + 120
                while time.monotonic() < deadline:
                    with store.sessions() as db:
                        done = db.query(ReflectionRow).filter(ReflectionRow.status == "ok").count()
                    if done >= len(USERS):
                        break
                    time.sleep(0.5)
                time.sleep(2.0)  # a doubled reply or reflection would have landed by now
                with store.sessions() as db:
                    reflections = [
                        r.session_id
                        for r in db.query(ReflectionRow).filter(ReflectionRow.status == "ok")
                    ]
                    stored = db.query(Message).filter(Message.is_bot.is_(False)).count()
            finally:
                store.close()
            assert balancer.duplicated > 0  # the test did send some deliveries to both
    finally:
        errors = [stop_process(proc) for proc in replicas]
    for m in sent:
        posts = [
            c
            for c in slack.calls
            if c.method == "chat.postMessage"
            and c.params.get("thread_ts") == m["ts"]
            and c.response.get("ok")
        ]
        assert len(posts) == 1, (m["text"], len(posts))
    assert stored == len(sent)
    assert sorted(reflections) == sorted(set(reflections)) and len(reflections) == len(USERS)
    assert all("Traceback" not in e for e in errors), errors
