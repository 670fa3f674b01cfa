"""The ack floor of HTTP mode on this machine: waitress answering 200 at once, nothing else.

Run: `python bench/ack_floor.py [--sessions 200] [--rounds 3]`. A waitress app in its own process
(8 threads and waitress's default 100 connections, as bench/floor_app.py; `seshat run` has 32
and 1,000) reads each request's body and answers 200; the local Slack workspace (this process)
delivers `--sessions` users' DMs at once as signed POSTs, as bench/load.py does, and reports ack
p50/p99/max per round. No Bolt, no store, no reply: what
the HTTP stack and the load generator cost on the shared cores, the lowest ack any app reaches.
"""

from __future__ import annotations

import argparse
import socket
import statistics
import subprocess
import sys
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


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def main() -> None:
    sys.setswitchinterval(0.001)  # as bench/load.py: the workspace's loop reads acks on time
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sessions", type=int, default=200)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = int(s.getsockname()[1])
    server = subprocess.Popen([sys.executable, "-c", APP, str(port)], stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                time.sleep(0.1)
        with LocalSlackWorkspace() as slack:
            slack.deliver_over_http(f"http://127.0.0.1:{port}/slack/events", slack.signing_secret)
            users = [f"U0ACK{i:04d}" for i in range(args.sessions)]
            for user in users:
                slack.add_user(user, user.lower())
            for round_ in range(args.rounds):
                first = len(slack.deliveries)
                with ThreadPoolExecutor(max_workers=32) as pool:
                    list(pool.map(lambda u, r=round_: slack.user_dm(u, f"round {r}"), users))
                time.sleep(4.0)  # every ack (or the 3 s timeout and its retry) is in
                acks = [
                    d.acked_at - d.sent_at[0]
                    for d in slack.deliveries[first:]
                    if d.acked_at is not None and d.sent_at
                ]
                print(
                    f"round {round_ + 1}: {len(acks)} acked, ack p50 "
                    f"{statistics.median(acks) * 1000:.0f} ms, p99 {pct(acks, 0.99) * 1000:.0f} ms,"
                    f" max {max(acks) * 1000:.0f} ms"
                )
    finally:
        server.kill()
        server.wait()


if __name__ == "__main__":
    main()
