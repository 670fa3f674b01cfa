"""The ack floor of HTTP mode on this machine: waitress answering 200 at once, nothing else.

Run: `python bench/ack_floor.py [--sessions 200] [--rounds 3] [--app waitress|seshat]`. A waitress
app in its own process (8 threads and waitress's default 100 connections, as bench/floor_app.py;
`seshat run` has 32 and 1,000) reads each request's body and answers 200; the local Slack
workspace (this process) delivers `--sessions` users' DMs at once as signed POSTs, as
bench/load.py does, and reports ack p50/p99/max per round. No Bolt, no store, no reply: what
the HTTP stack and the load generator cost on the shared cores, the lowest ack any app reaches.

`--app seshat` serves Seshat's own ack path instead: `HttpServer` as the daemon builds it (32
threads, 1,000 connections), checking each signature, redacting and journalling each message in
its file journal (fsync shared) before the 200; nothing is handled after the ack. Each round also
reports the server's CPU per ack and its loop's turns per request (each turn asks every open
connection whether it is readable or writable): what the ack costs, without the handling.
"""

from __future__ import annotations

import argparse
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bot.doubles.slack_workspace import LocalSlackWorkspace  # noqa: E402

APP = """
import sys
from waitress.server import create_server
def app(environ, start_response):
    environ["wsgi.input"].read(int(environ.get("CONTENT_LENGTH") or 0))
    start_response("200 OK", [("Content-Type", "text/plain")])
    return [b""]
create_server(app, host="127.0.0.1", port=int(sys.argv[1]), threads=8).run()
"""

SESHAT = """
import os, sys, threading
from pathlib import Path
sys.path.insert(0, sys.argv[2])
sys.setswitchinterval(0.001)  # as `seshat run`
from slack_bolt import App
from waitress import wasyncore
from bot.slack.http_server import HttpServer
from bot.slack.journal import Journal, JournalledIntake

class AckOnly(JournalledIntake):
    def handle_later(self, entries):  # journalled and acked; handling is not measured here
        pass

app = App(token="xoxb-bench", signing_secret=sys.argv[3], token_verification_enabled=False)
intake = AckOnly(app, Journal(Path(sys.argv[4]), "bench"), dispatchers=0)
turns = [0]
poll = wasyncore.poll
def counted(timeout=0.0, map=None):
    turns[0] += 1
    return poll(timeout, map)
wasyncore.poll = counted
server = HttpServer(app, host="127.0.0.1", port=int(sys.argv[1]), intake=intake)
threading.Thread(target=server._server.run, daemon=True).start()
for line in sys.stdin:  # "mark": CPU seconds and loop turns so far
    t = os.times()
    print(t.user + t.system, turns[0], flush=True)
"""


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def main() -> None:
    sys.setswitchinterval(0.001)  # as bench/load.py: the workspace's loop reads acks on time
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sessions", type=int, default=200)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--app", choices=["waitress", "seshat"], default="waitress")
    args = parser.parse_args()
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = int(s.getsockname()[1])
    secret = "bench-signing-secret"
    seshat = args.app == "seshat"
    journal = tempfile.TemporaryDirectory()  # the journal's copies (redacted) go with it
    server = subprocess.Popen(
        [
            sys.executable,
            "-c",
            SESHAT if seshat else APP,
            str(port),
            str(ROOT),
            secret,
            journal.name,
        ],
        stdin=subprocess.PIPE if seshat else None,
        stdout=subprocess.PIPE if seshat else None,
        stderr=subprocess.DEVNULL,
        text=True,
    )

    def mark() -> tuple[float, int]:
        assert server.stdin is not None and server.stdout is not None
        server.stdin.write("mark\n")
        server.stdin.flush()
        cpu, turns = server.stdout.readline().split()
        return float(cpu), int(turns)

    try:
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                time.sleep(0.1)
        with LocalSlackWorkspace() as slack:
            slack.deliver_over_http(f"http://127.0.0.1:{port}/slack/events", secret)
            users = [f"U0ACK{i:04d}" for i in range(args.sessions)]
            for user in users:
                slack.add_user(user, user.lower())
            for round_ in range(args.rounds):
                first = len(slack.deliveries)
                before = mark() if seshat else (0.0, 0)
                with ThreadPoolExecutor(max_workers=32) as pool:
                    list(
                        pool.map(lambda u, r=round_: slack.user_dm(u, f"turn {r} from {u}"), users)
                    )
                time.sleep(4.0)  # every ack (or the 3 s timeout and its retry) is in
                after = mark() if seshat else (0.0, 0)
                cost = (
                    f", server CPU {(after[0] - before[0]) / len(users) * 1000:.2f} ms per ack, "
                    f"{(after[1] - before[1]) / len(users):.1f} loop turns per request"
                    if seshat
                    else ""
                )
                done = [
                    d
                    for d in slack.deliveries[first:]
                    if d.acked_at is not None and d.sent_at and d.written_at
                ]
                # From the request written (as bench/load.py); in brackets from the attempt's
                # start, with the client's own wait for a connection.
                acks = [d.acked_at - d.written_at[0] for d in done if d.acked_at is not None]
                waited = [d.acked_at - d.sent_at[0] for d in done if d.acked_at is not None]
                print(
                    f"round {round_ + 1}: {len(acks)} acked, ack p50 "
                    f"{statistics.median(acks) * 1000:.0f} ms, p99 {pct(acks, 0.99) * 1000:.0f} ms,"
                    f" max {max(acks) * 1000:.0f} ms (p99 {pct(waited, 0.99) * 1000:.0f} ms with"
                    f" the client's wait){cost}"
                )
    finally:
        server.kill()
        server.wait()
        journal.cleanup()


if __name__ == "__main__":
    main()
