"""Time to first visible text of a reply, streamed and not; writes bench/results/first_text.md.

Run: `python bench/first_text.py [--replies 5] [--tokens 300] [--rate 50] [--first-token 0.5]`
(about two minutes). The real daemon (`seshat run`, its own process) runs against the local Slack
workspace in Socket Mode and the local Anthropic API, which streams every chat answer
(`--tokens` tokens) at `--rate` tokens a second after `--first-token` seconds, as a model does.
For each REPLY_STREAMING mode, `--replies` people each ask one question, one after the other.

Measured, from the user's message posted in the workspace:

- first text: the first Web API call that puts words of the reply in the thread (chat.startStream
  when streaming, the first chat.postMessage when edited into place or posted whole);
- whole reply: the call after which the thread shows all of it (chat.stopStream, the last
  chat.update, the post);
- the Web API calls one reply costs.

Target (issue 13): the first words within about a second of the model's first token.
"""

from __future__ import annotations

import argparse
import platform
import statistics
import sys
import tempfile
import time
from datetime import UTC, datetime
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bot.doubles.anthropic_api import LocalAnthropicAPI  # noqa: E402
from bot.doubles.slack_workspace import Call, LocalSlackWorkspace  # noqa: E402
from bot.doubles.stack import process_env, start_process, stop_process  # noqa: E402

# (REPLY_STREAMING, the app's experience): streamed under both of Slack's AI experiences.
MODES = (("auto", "assistant"), ("auto", "agent"), ("edit", "assistant"), ("off", "assistant"))
WRITES = {"chat.startStream", "chat.appendStream", "chat.stopStream", "chat.postMessage",
          "chat.update"}  # fmt: skip


def answer(tokens: int) -> str:
    """A `tokens`-token answer (the double counts ~4 characters a token)."""
    words = [f"w{i:03d}" for i in range(tokens)]  # 4 characters + a space ≈ 1.25 tokens
    return " ".join(words)[: tokens * 4].strip()


def measure(mode: str, experience: str, args: argparse.Namespace) -> dict[str, float]:
    """Ask `args.replies` questions with REPLY_STREAMING=`mode` in an app with `experience`
    (`agent`: agent sessions, processing → active around each reply); one row's figures."""
    with (
        tempfile.TemporaryDirectory() as tmp,
        LocalSlackWorkspace(experience="agent" if experience == "agent" else "assistant") as slack,
        LocalAnthropicAPI(latency=args.first_token, tokens_per_second=args.rate) as anthropic,
    ):
        text = answer(args.tokens)
        anthropic.responder = lambda _body: text
        data = Path(tmp) / "data"
        env = process_env(
            slack,
            anthropic,
            data,
            REPLY_STREAMING=mode,
            SLACK_EXPERIENCE=experience,
            LOG_LEVEL="WARNING",
            WORKING_SIGNAL_DELAY_SECONDS="30",  # the ⏳ is not what is measured
        )
        daemon = start_process(env, data.parent, stderr=sys.stderr)
        first: list[float] = []
        whole: list[float] = []
        writes: list[int] = []
        try:
            slack.wait_for_connection(timeout=120)
            time.sleep(2.0)  # start-up work (recovery, warm-up) is not what is measured
            for i in range(args.replies):
                user = f"U0FIRST{i:03d}"
                slack.add_user(user, user.lower())
                mark = slack.mark()
                posted = time.time()
                asked = slack.user_dm(user, f"question {i}: tell me about the release")

                def ours(c: Call, ts: str = asked["ts"]) -> bool:
                    return c.params.get("thread_ts") == ts

                opens = "chat.startStream" if mode == "auto" else "chat.postMessage"
                if experience == "agent":
                    # Under agent_view a reply's first text follows its `processing` status.
                    slack.wait_for_call("agents.sessions.setStatus", ours, after=mark, timeout=120)
                shown = slack.wait_for_call(opens, ours, after=mark, timeout=120)
                deadline = time.monotonic() + 120
                while time.monotonic() < deadline:
                    m = slack.message(asked["channel"], str(shown.response["ts"]))
                    if m.get("text") == text and not slack.streaming(asked["channel"], m["ts"]):
                        break
                    time.sleep(0.02)
                done = max(c.time for c in slack.calls[mark:] if c.method in WRITES)
                first.append(shown.time - posted)
                whole.append(done - posted)
                writes.append(sum(1 for c in slack.calls[mark:] if c.method in WRITES))
                time.sleep(0.5)
        finally:
            stop_process(daemon)
    return {
        "first_p50": statistics.median(first),
        "first_max": max(first),
        "whole_p50": statistics.median(whole),
        "whole_max": max(whole),
        "writes": statistics.median(writes),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--replies", type=int, default=5)
    parser.add_argument("--tokens", type=int, default=300)
    parser.add_argument("--rate", type=float, default=50.0, help="tokens a second")
    parser.add_argument("--first-token", type=float, default=0.5, help="seconds")
    parser.add_argument("--out", type=Path, default=ROOT / "bench" / "results" / "first_text.md")
    args = parser.parse_args()
    rows = {f"{mode}/{exp}": measure(mode, exp, args) for mode, exp in MODES}
    generation = args.first_token + args.tokens / args.rate
    label = {"auto/assistant": "streamed (`auto`)",
             "auto/agent": "streamed (`auto`), agent_view: status processing → active",
             "edit/assistant": "post, then edits (`edit`)",
             "off/assistant": "one post (`off`)"}  # fmt: skip
    lines = [
        "# Time to first visible text of a reply",
        "",
        f"Generated by `python bench/first_text.py --replies {args.replies} --tokens "
        f"{args.tokens} --rate {args.rate:g} --first-token {args.first_token:g}` on "
        f"{platform.machine()} {platform.system()}, Python {platform.python_version()}, SQLite, "
        f"{datetime.now(UTC):%Y-%m-%d}. The real daemon in Socket Mode against the local Slack "
        f"workspace; the local Anthropic API streams each {args.tokens}-token answer at "
        f"{args.rate:g} tokens/s after {args.first_token:g} s (the whole answer takes "
        f"{generation:.1f} s to generate). REPLY_STREAM_INTERVAL_SECONDS = 1. Times from the "
        "user's message posted in the workspace; p50 / max over the replies.",
        "",
        "| REPLY_STREAMING | first text | whole reply | Web API writes per reply |",
        "|---|---:|---:|---:|",
    ]
    for mode, r in rows.items():
        lines.append(
            f"| {label[mode]} | {r['first_p50']:.2f} / {r['first_max']:.2f} s "
            f"| {r['whole_p50']:.2f} / {r['whole_max']:.2f} s | {r['writes']:.0f} |"
        )
    streamed = max(rows["auto/assistant"]["first_p50"], rows["auto/agent"]["first_p50"])
    lines += [
        "",
        f"Target: the first words within about a second of the user's message. Streamed: "
        f"{streamed:.2f} s ({streamed - args.first_token:.2f} s after the model's first token) "
        f"{'✓' if streamed <= 1.0 else '✗'}; posted whole: "
        f"{rows['off/assistant']['first_p50']:.2f} s, "
        "the whole generation.",
        "",
    ]
    args.out.write_text("\n".join(lines))
    print("\n".join(lines))  # noqa: T201


if __name__ == "__main__":
    main()
