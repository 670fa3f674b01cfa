"""A burst of streamed replies against Slack's rate tiers; writes bench/results/stream_burst.md.

Run: `python bench/stream_burst.py [--people 50] [--tokens 300] [--rate 50] [--first-token 0.5]`
(about a minute). The real daemon (`seshat run`, its own process) runs against the local Slack
workspace (an `agent_view` app) in Socket Mode and the local Anthropic API, which streams every
answer (`--tokens` tokens at `--rate` tokens a second after `--first-token` seconds). `--people`
people each DM one question at the same moment; every reply streams (REPLY_STREAMING=auto) in
its own thread with its agent session's status.

Measured from the Web API calls the workspace received: per method, how many in all, the most in
any 60-second window and in any 1-second window, against the method's tier (per workspace and
method: Tier 3 = 50+ a minute, Tier 4 = 100+ a minute, both allowing short bursts); and per
reply, the time to its first text and to its whole text.

Tiers used: chat.appendStream Tier 4 and chat.update Tier 3 (Slack's method pages, as
bot/chat/streaming.py paces them); chat.startStream / chat.stopStream open and close one message
each, like chat.postMessage ("special": about one a second per channel; here every reply is in
its own DM); agents.sessions.setStatus is not in Slack's published list and is paced as Tier 3
(bot/surfaces/agent.py).
"""

from __future__ import annotations

import argparse
import platform
import statistics
import sys
import tempfile
import threading
import time
from datetime import UTC, datetime
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bot.doubles.anthropic_api import LocalAnthropicAPI  # noqa: E402
from bot.doubles.slack_workspace import Call, LocalSlackWorkspace  # noqa: E402
from bot.doubles.stack import process_env, start_process, stop_process  # noqa: E402

# method → (tier name, calls a minute the tier allows on average, or None: per channel)
TIERS: dict[str, tuple[str, int | None]] = {
    "chat.startStream": ("one message each (per channel)", None),
    "chat.appendStream": ("Tier 4", 100),
    "chat.stopStream": ("one message each (per channel)", None),
    "chat.update": ("Tier 3", 50),
    "chat.postMessage": ("special (per channel)", None),
    "agents.sessions.setStatus": ("Tier 3 (assumed)", 50),
}


def answer(tokens: int) -> str:
    """A `tokens`-token answer (the double counts ~4 characters a token)."""
    return " ".join(f"w{i:03d}" for i in range(tokens))[: tokens * 4].strip()


def most_in(times: list[float], window: float) -> int:
    """The most calls in any `window` seconds."""
    times = sorted(times)
    best, start = 0, 0
    for end, t in enumerate(times):
        while t - times[start] > window:
            start += 1
        best = max(best, end - start + 1)
    return best


def burst(experience: str, args: argparse.Namespace) -> list[str]:
    """One burst against an app with `experience`; its section of the results."""
    text = answer(args.tokens)
    with (
        tempfile.TemporaryDirectory() as tmp,
        LocalSlackWorkspace(experience="agent" if experience == "agent" else "assistant") as slack,
        LocalAnthropicAPI(latency=args.first_token, tokens_per_second=args.rate) as anthropic,
    ):
        anthropic.responder = lambda _body: text
        data = Path(tmp) / "data"
        env = process_env(
            slack,
            anthropic,
            data,
            REPLY_STREAMING="auto",
            SLACK_EXPERIENCE=experience,
            LOG_LEVEL="WARNING",
        )
        daemon = start_process(env, data.parent, stderr=sys.stderr)
        try:
            slack.wait_for_connection(timeout=120)
            time.sleep(2.0)  # start-up work is not what is measured
            users = [f"U0BURST{i:03d}" for i in range(args.people)]
            for user in users:
                slack.add_user(user, user.lower())
                slack.dm_channel(user)
            mark = slack.mark()
            asked: dict[str, tuple[str, str, float]] = {}
            lock = threading.Lock()

            def ask(user: str) -> None:
                posted = time.time()
                m = slack.user_dm(user, "tell me about the release")
                with lock:
                    asked[user] = (m["channel"], m["ts"], posted)

            started = time.time()
            threads = [threading.Thread(target=ask, args=(u,)) for u in users]
            for t in threads:
                t.start()
            for t in threads:
                t.join()
            deadline = time.monotonic() + 300
            while time.monotonic() < deadline:
                calls = slack.calls[mark:]
                stops = [c for c in calls if c.method == "chat.stopStream"]
                actives = [
                    c
                    for c in calls
                    if c.method == "agents.sessions.setStatus"
                    and c.params.get("status") == "active"
                ]
                if len(stops) >= args.people and len(actives) >= len(  # all settled
                    [
                        c
                        for c in calls
                        if c.method == "agents.sessions.setStatus"
                        and c.params.get("status") == "processing"
                    ]
                ):
                    break
                time.sleep(0.2)
            time.sleep(1.0)
            calls = slack.calls[mark:]
        finally:
            stop_process(daemon)
    by_thread: dict[str, list[Call]] = {}
    for c in calls:
        thread = str(c.params.get("thread_ts") or "")
        by_thread.setdefault(thread, []).append(c)
    first: list[float] = []
    whole: list[float] = []
    stream_of = {
        str(c.response.get("ts")): str(c.params.get("thread_ts"))
        for c in calls
        if c.method == "chat.startStream"
    }
    stop_at = {
        stream_of.get(str(c.params.get("ts")), ""): c.time
        for c in calls
        if c.method == "chat.stopStream"
    }
    for _channel, ts, posted in asked.values():
        opened = [c.time for c in by_thread.get(ts, []) if c.method == "chat.startStream"]
        if opened:
            first.append(min(opened) - posted)
        if ts in stop_at:
            whole.append(stop_at[ts] - posted)
    span = max(c.time for c in calls) - started
    lines = [
        f"## SLACK_EXPERIENCE={experience}",
        "",
        f"Generated by `python bench/stream_burst.py --people {args.people} --tokens "
        f"{args.tokens} --rate {args.rate:g} --first-token {args.first_token:g} --experience "
        f"{experience}` on "
        f"{platform.machine()} {platform.system()}, Python {platform.python_version()}, SQLite, "
        f"{datetime.now(UTC):%Y-%m-%d}. The real daemon (Socket Mode, REPLY_STREAMING=auto, "
        f"REPLY_STREAM_INTERVAL_SECONDS=1, SLACK_EXPERIENCE={experience}) against the local "
        "Slack "
        f"workspace; {args.people} people DM one question each at the same moment; each answer "
        f"streams at {args.rate:g} tokens/s after {args.first_token:g} s "
        f"({args.first_token + args.tokens / args.rate:.1f} s to generate). The burst's calls "
        f"span {span:.1f} s.",
        "",
        "| method | calls | most in 60 s | most in 1 s | tier | within it |",
        "|---|---:|---:|---:|---|---|",
    ]
    methods = sorted({c.method for c in calls if c.method in TIERS})
    for method in methods:
        times = [c.time for c in calls if c.method == method]
        tier, per_minute = TIERS[method]
        peak = most_in(times, 60.0)
        ok = (
            "per channel: one per reply"
            if per_minute is None
            else ("✓" if peak <= per_minute else f"✗ ({peak} > {per_minute})")
        )
        lines.append(
            f"| {method} | {len(times)} | {peak} | {most_in(times, 1.0)} | {tier} | {ok} |"
        )
    statuses = [c.params.get("status") for c in calls if c.method == "agents.sessions.setStatus"]
    skipped = args.people - statuses.count("processing")
    lines += [
        "",
        f"Replies: {len(whole)} of {args.people} finished; first text p50 "
        f"{statistics.median(first):.2f} s / max {max(first):.2f} s, whole reply p50 "
        f"{statistics.median(whole):.2f} s / max {max(whole):.2f} s after the question.",
        "",
    ]
    if experience == "agent":
        lines[-1:-1] = [
            f"Agent session statuses: {statuses.count('processing')} processing, "
            f"{statuses.count('active')} active; {skipped} `processing` skipped by the pace "
            "(a status is never waited for before an answer; a skipped one needs no `active`).",
        ]
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--people", type=int, default=50)
    parser.add_argument("--tokens", type=int, default=300)
    parser.add_argument("--rate", type=float, default=50.0, help="tokens a second")
    parser.add_argument("--first-token", type=float, default=0.5, help="seconds")
    parser.add_argument("--experience", choices=("agent", "assistant", "both"), default="both")
    parser.add_argument("--out", type=Path, default=ROOT / "bench" / "results" / "stream_burst.md")
    args = parser.parse_args()
    kinds = ("agent", "assistant") if args.experience == "both" else (args.experience,)
    lines = ["# A burst of streamed replies against Slack's rate tiers", ""]
    for experience in kinds:
        lines += burst(experience, args)
    args.out.write_text("\n".join(lines))
    print("\n".join(lines))  # noqa: T201


if __name__ == "__main__":
    main()
