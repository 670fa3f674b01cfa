"""The fault suite: users writing while the daemon is stopped and started again; writes
bench/results/faults.md.

Run: `python bench/faults.py [--users 20] [--restarts 5] [--scenarios storm,kills,replicas]`
(a few minutes). The real daemon (`seshat run`, HTTP mode, its own process) runs against the local
Slack workspace and the local Anthropic API (each chat call answered after `--latency` seconds).
`--users` people each DM the bot every 1–3 s the whole time, and Slack delivers like Slack: an
event not acked with a 2xx is retried three times, after `--retry-delays` seconds (Slack: at
once, ~1 min, ~5 min; 1, 10 and 90 s here so a run stays short), which delivers some messages
late, after dozens of newer lines of the same conversation. Scenarios:

- `storm`: one daemon on SQLite stopped with SIGTERM and started again `--restarts` times;
- `kills`: the same with SIGKILL (no clean stop at all);
- `replicas`: two replicas on one PostgreSQL database behind a balancer that sends a delivery to
  a live replica and ~30% of them to both, each replica restarted (SIGTERM) in turn.

Measured per message a user wrote: acked (Slack got a 2xx for its delivery), answered once (one
reply in its thread, not an apology), apologised (a reply saying the model could not be reached),
doubled (more than one reply), lost (acked, no reply when the run ends); the time from the last
restart (the daemon answering /healthz again) until every message acked by then had its reply
(the backlog), and for messages Slack delivered only after it (late retries) the slowest answer
from their delivery on; the chat calls whose last turn is not the user's (a prefill).
Targets (issue 28): 0 lost, 0 doubled, backlog drained within a minute of the last restart.
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request
import uuid
from dataclasses import dataclass, field
from datetime import UTC, datetime
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from math import inf
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bot.chat.answer import APOLOGY_START  # noqa: E402
from bot.doubles.anthropic_api import LocalAnthropicAPI  # noqa: E402
from bot.doubles.slack_workspace import LocalSlackWorkspace  # noqa: E402
from bot.doubles.stack import process_env, start_process  # noqa: E402
from store.db import Store  # noqa: E402
from store.models import Message  # noqa: E402

PG_DSN = os.environ.get("SESHAT_TEST_PG", "postgresql://postgres@127.0.0.1:5432/test")


TOPICS = [
    "how do I rotate the nginx logs",
    "what is a good retention for audit events",
    "why does the deploy job time out",
    "can you explain the difference between a mutex and a semaphore",
    "draft a short note to the team about Friday's maintenance",
    "which timezone should the report use",
    "how do I list the open ports on a linux host",
    "summarise what a write-ahead log is for",
]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Replica:
    """One `seshat run` in HTTP mode on a fixed port, started and stopped at will."""

    def __init__(
        self, name: str, root: Path, db: str, slack: LocalSlackWorkspace, anth: LocalAnthropicAPI
    ) -> None:
        self.name = name
        self.port = free_port()
        self.data = root / name
        self.data.mkdir(parents=True)
        self.env = process_env(
            slack,
            anth,
            self.data,
            DATABASE_URL=db,
            SLACK_MODE="http",
            SESHAT_HTTP_HOST="127.0.0.1",
            SESHAT_HTTP_PORT=str(self.port),
            SLACK_OWNER_IDS="U0OWNER",
            LOG_LEVEL="WARNING",
            SESSION_IDLE_MINUTES="600",
        )
        self.proc: subprocess.Popen[str] | None = None
        self.log = (self.data / "stderr.log").open("a")

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}/slack/events"

    def start(self) -> None:
        self.proc = start_process(self.env, self.data, stderr=self.log)

    def healthy(self, timeout: float = 120) -> float:
        """Wait for /healthz; the time.monotonic() it answered."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            try:
                url = f"http://127.0.0.1:{self.port}/healthz"
                with urllib.request.urlopen(url, timeout=2) as r:
                    if r.status == 200:
                        return time.monotonic()
            except OSError:
                time.sleep(0.1)
        raise TimeoutError(f"{self.name} did not come up")

    def stop(self, sig: int) -> None:
        assert self.proc is not None
        self.proc.send_signal(sig)
        try:
            self.proc.wait(timeout=60)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()


class Balancer:
    """Forwards each POST to a live replica (the other one when the first refuses the
    connection) and an event delivery to both with probability `both`."""

    def __init__(self, replicas: list[Replica], both: float, seed: int = 28) -> None:
        self.replicas = replicas
        self.both = both
        self.rng = random.Random(seed)
        self.lock = threading.Lock()
        lb = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *_args: object) -> None:
                return

            def do_POST(self) -> None:  # noqa: N802 (http.server's naming)
                body = self.rfile.read(int(self.headers.get("Content-Length", "0")))
                headers = {
                    k: v for k, v in self.headers.items() if k.lower() not in {"host", "connection"}
                }
                with lb.lock:
                    order = list(lb.replicas)
                    lb.rng.shuffle(order)
                    twice = lb.rng.random() < lb.both
                if twice and self.headers.get("Content-Type", "").startswith("application/json"):
                    threading.Thread(
                        target=lb.forward, args=(order[1].url, body, headers), daemon=True
                    ).start()
                status, answer = 503, b""
                for replica in order:
                    status, answer = lb.forward(replica.url, body, headers)
                    if status != 599:
                        break
                self.send_response(503 if status == 599 else status)
                self.send_header("Content-Length", str(len(answer)))
                self.end_headers()
                self.wfile.write(answer)

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    @staticmethod
    def forward(url: str, body: bytes, headers: dict[str, str]) -> tuple[int, bytes]:
        request = urllib.request.Request(url, data=body, headers=headers, method="POST")
        try:
            with urllib.request.urlopen(request, timeout=10) as response:
                return int(response.status), response.read()
        except urllib.error.HTTPError as exc:
            return int(exc.code), exc.read()
        except OSError:
            return 599, b""  # nobody listening: try the other replica

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.server.server_address[1]}/slack/events"

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()


@dataclass
class Written:
    user: str
    channel: str
    ts: str
    text: str


@dataclass
class Users:
    """People writing to the bot, each every 1–3 s, until told to stop."""

    slack: LocalSlackWorkspace
    ids: list[str]
    written: list[Written] = field(default_factory=list)
    stop: threading.Event = field(default_factory=threading.Event)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def run(self) -> list[threading.Thread]:
        threads = [
            threading.Thread(target=self._write, args=(u, random.Random(i)), daemon=True)
            for i, u in enumerate(self.ids)
        ]
        for t in threads:
            t.start()
        return threads

    def _write(self, user: str, rng: random.Random) -> None:
        n = 0
        time.sleep(rng.uniform(0, 1.5))
        while not self.stop.is_set():
            n += 1
            topic = rng.choice(TOPICS)
            text = f"question {n} from {user}: {topic} (case {rng.randint(1, 99999)})"
            m = self.slack.user_dm(user, text)
            with self.lock:
                self.written.append(Written(user, str(m["channel"]), str(m["ts"]), text))
            self.stop.wait(rng.uniform(1.0, 3.0))


def replies(slack: LocalSlackWorkspace) -> dict[str, list[str]]:
    """Reply texts by the ts they answer (the bot's successful posts in a thread)."""
    out: dict[str, list[str]] = {}
    for c in slack.calls:
        if c.method == "chat.postMessage" and c.response.get("ok") and c.params.get("thread_ts"):
            out.setdefault(str(c.params["thread_ts"]), []).append(str(c.params.get("text")))
    return out


def acked_ts(slack: LocalSlackWorkspace, offset: float = 0.0) -> dict[str, float]:
    """The ts of every message event Slack got a 2xx for, with when (time.monotonic() +
    `offset`)."""
    out: dict[str, float] = {}
    for d in slack.deliveries:
        event = d.payload.get("event", {})
        if d.kind == "events_api" and d.acked and event.get("type") == "message":
            ts = str(event.get("ts"))
            out[ts] = min(out.get(ts, inf), (d.acked_at or inf) + offset)
    return out


def reply_times(slack: LocalSlackWorkspace) -> dict[str, float]:
    """When (time.time()) each message's first reply was posted."""
    out: dict[str, float] = {}
    for c in slack.calls:
        if c.method == "chat.postMessage" and c.response.get("ok") and c.params.get("thread_ts"):
            ts = str(c.params["thread_ts"])
            out[ts] = min(out.get(ts, inf), c.time)
    return out


def pg_schema() -> tuple[str, str]:
    import psycopg

    schema = f"faults_{uuid.uuid4().hex[:10]}"
    with psycopg.connect(PG_DSN, autocommit=True) as conn:
        conn.execute(f'CREATE SCHEMA "{schema}"')
    sep = "&" if "?" in PG_DSN else "?"
    return schema, f"{PG_DSN}{sep}options=-csearch_path%3D{schema}"


def drop_schema(schema: str) -> None:
    import psycopg

    with psycopg.connect(PG_DSN, autocommit=True) as conn:
        conn.execute(f'DROP SCHEMA "{schema}" CASCADE')


def scenario(name: str, args: argparse.Namespace) -> dict[str, Any]:
    """Run one scenario; its figures."""
    tmp = Path(tempfile.mkdtemp(prefix=f"seshat-faults-{name}-"))
    schema = None
    if name == "replicas":
        schema, db = pg_schema()
    else:
        db = f"sqlite:///{tmp / 'seshat.db'}"
    sig = signal.SIGKILL if name == "kills" else signal.SIGTERM
    users = [f"U0F{i:03d}" for i in range(args.users)]
    with (
        LocalSlackWorkspace(ack_timeout=3.0) as slack,
        LocalAnthropicAPI(latency=args.latency) as anth,
    ):
        slack.deliverer.retry_delays = tuple(args.retry_delays)
        slack.add_user("U0OWNER", "owner")
        for u in users:
            slack.add_user(u, u.lower())
        count = 2 if name == "replicas" else 1
        replicas = [Replica(f"r{i}", tmp, db, slack, anth) for i in range(count)]
        balancer = Balancer(replicas, both=0.3) if count > 1 else None
        try:
            for r in replicas:
                r.start()
            for r in replicas:
                r.healthy()
            slack.deliver_over_http(balancer.url if balancer else replicas[0].url)
            people = Users(slack, users)
            threads = people.run()
            rng = random.Random(5)
            last_up = time.monotonic()
            downtime: list[float] = []
            stopping: list[float] = []
            for k in range(args.restarts):
                time.sleep(rng.uniform(args.uptime * 0.6, args.uptime * 1.4))
                r = replicas[k % count]
                down = time.monotonic()
                r.stop(sig)
                stopped = time.monotonic()
                r.start()
                last_up = r.healthy()
                downtime.append(last_up - down)
                stopping.append(stopped - down)
            time.sleep(args.after)  # people keep writing a little after the last restart
            people.stop.set()
            for t in threads:
                t.join(10)
            written = list(people.written)
            deadline = last_up + args.drain_limit
            drained_at: float | None = None
            while time.monotonic() < deadline:
                got = replies(slack)
                acked = acked_ts(slack)
                pending_deliveries = any(not d.done for d in slack.deliveries)
                if not pending_deliveries and all(m.ts in got for m in written if m.ts in acked):
                    drained_at = time.monotonic()
                    break
                time.sleep(0.25)
            time.sleep(2.0)  # a doubled reply would land by now
            offset = time.time() - time.monotonic()
            up = last_up + offset
            mine = {m.ts for m in people.written}
            answered_at = reply_times(slack)
            acks = {ts: at for ts, at in acked_ts(slack, offset).items() if ts in mine}
            # The backlog: what was acked by the time the last restart was up; then the
            # messages Slack delivered late (retried after it), from their delivery on.
            backlog = [answered_at.get(ts, inf) for ts, at in acks.items() if at <= up]
            late = [
                answered_at.get(ts, inf) - at
                for ts, at in acks.items()
                if at > up and float(ts) < up
            ]
            got, acked = replies(slack), acked_ts(slack)
            deliveries = list(slack.deliveries)
            chats = [
                r.body
                for r in anth.requests
                if r.body.get("messages") is not None and not r.body.get("output_config")
            ]
            store = Store.open(db, migrate=False)
            try:
                with store.sessions() as s:
                    stored = {
                        ts for (ts,) in s.query(Message.ts).filter(Message.is_bot.is_(False)).all()
                    }
            finally:
                store.close()
        finally:
            for r in replicas:
                if r.proc is not None and r.proc.poll() is None:
                    r.stop(signal.SIGTERM)
            if balancer is not None:
                balancer.close()
    once = [m for m in written if len(got.get(m.ts, [])) == 1]
    apologised = [m for m in written if any(t.startswith(APOLOGY_START) for t in got.get(m.ts, []))]
    doubled = [m for m in written if len(got.get(m.ts, [])) > 1]
    lost = [m for m in written if m.ts in acked and not got.get(m.ts)]
    never_acked = [m for m in written if m.ts not in acked]
    reasons: dict[str, int] = {}
    unacked = {m.ts for m in never_acked}
    for d in deliveries:
        if d.payload.get("event", {}).get("ts") in unacked:
            key = ",".join(r or "-" for r in d.retry_reasons)
            reasons[key] = reasons.get(key, 0) + 1
    result = {
        "scenario": name,
        "written": len(written),
        "acked": sum(1 for m in written if m.ts in acked),
        "never_acked": len(never_acked),
        "stored": sum(1 for m in written if m.ts in stored),
        "answered_once": len(once) - len([m for m in apologised if m in once]),
        "apologised": len(apologised),
        "doubled": len(doubled),
        "lost": len(lost),
        # 0: everything acked before the last restart was answered before it went down.
        "drain_s": None
        if drained_at is None
        else round(max(0.0, max(backlog, default=up) - up), 1),
        "late": len(late),
        "late_answer_s": round(max(late, default=0.0), 1),
        "downtime_s": round(sum(downtime) / max(1, len(downtime)), 1),
        "stopping_s": round(sum(stopping) / max(1, len(stopping)), 1),
        "chat_calls": len(chats),
        "prefill_calls": sum(
            1 for b in chats if not b["messages"] or b["messages"][-1]["role"] != "user"
        ),
        "lost_examples": [m.text for m in lost[:5]],
        "unacked_reasons": reasons,
    }
    if schema is not None:
        drop_schema(schema)
    shutil.rmtree(tmp, ignore_errors=True)
    return result


def report(results: list[dict[str, Any]], args: argparse.Namespace) -> str:
    lines = [
        "# Fault suite: restarts while people write (bench/faults.py)",
        "",
        f"Run {datetime.now(UTC):%Y-%m-%d %H:%M} UTC on {platform.machine()}, "
        f"{os.cpu_count()} CPU(s), Python {platform.python_version()}. "
        f"`python bench/faults.py --users {args.users} --restarts {args.restarts} "
        f"--uptime {args.uptime} --latency {args.latency} --retry-delays "
        f"{' '.join(str(d) for d in args.retry_delays)}`.",
        "",
        f"{args.users} users each DM the bot every 1–3 s while the daemon is restarted "
        f"{args.restarts} times (about every {args.uptime:.0f} s of uptime); a chat call takes "
        f"{args.latency} s; an unacked delivery is retried after "
        f"{', '.join(str(d) for d in args.retry_delays)} s. Targets: 0 lost, 0 doubled, "
        "backlog drained within 60 s of the last restart.",
        "",
        "| scenario | written | acked | never acked | stored | answered once | apologised "
        "| doubled | lost | backlog drained after last restart | late deliveries (slowest "
        "answer) | mean downtime (stopping) | chat calls not ending with the user |",
        "|---|---|---|---|---|---|---|---|---|---|---|---|---|",
    ]
    for r in results:
        drain = "not within the limit" if r["drain_s"] is None else f"{r['drain_s']} s"
        lines.append(
            f"| {r['scenario']} | {r['written']} | {r['acked']} | {r['never_acked']} | "
            f"{r['stored']} | {r['answered_once']} | {r['apologised']} | {r['doubled']} | "
            f"{r['lost']} | {drain} | {r['late']} ({r['late_answer_s']} s) | "
            f"{r['downtime_s']} s ({r['stopping_s']} s) | "
            f"{r['prefill_calls']} of {r['chat_calls']} |"
        )
    lines += [
        "",
        "- *never acked*: every delivery attempt of the message found no daemon listening (Slack "
        "gives up after three retries); Slack shows such a message as not delivered to the app.",
        "- *lost*: acked (Slack took it as delivered) and never answered: must be 0.",
        "",
    ]
    for r in results:
        if r["lost_examples"]:
            lines.append(f"Lost in {r['scenario']}: " + "; ".join(r["lost_examples"]))
    return "\n".join(lines) + "\n"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--users", type=int, default=20)
    parser.add_argument("--restarts", type=int, default=5)
    parser.add_argument("--uptime", type=float, default=12.0, help="seconds between restarts")
    parser.add_argument("--after", type=float, default=5.0, help="writing after the last one")
    parser.add_argument("--latency", type=float, default=0.5)
    parser.add_argument("--retry-delays", type=float, nargs="+", default=[1.0, 10.0, 90.0])
    parser.add_argument("--drain-limit", type=float, default=180.0)
    parser.add_argument("--scenarios", default="storm,kills,replicas")
    parser.add_argument("--out", type=Path, default=ROOT / "bench" / "results" / "faults.md")
    args = parser.parse_args()
    results = []
    for name in args.scenarios.split(","):
        result = scenario(name, args)
        print(result, flush=True)  # noqa: T201
        results.append(result)
    text = report(results, args)
    args.out.write_text(text, encoding="utf-8")
    print(text)  # noqa: T201


if __name__ == "__main__":
    main()
