"""A reply streaming when its process dies: a real SIGKILL of a real `seshat run` mid-stream, and
the state a kill leaves after the answer was stored but before the stream stopped. The restarted
process finishes the message that was streaming, once: never a second reply."""

from __future__ import annotations

import signal
import time
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from sqlalchemy import update

from bot.chat.answer import RESTARTED
from bot.daemon import Daemon
from bot.doubles.anthropic_api import LocalAnthropicAPI
from bot.doubles.slack_workspace import LocalSlackWorkspace
from bot.doubles.stack import LocalStack, process_env, start_process, stop_process
from store.db import Store
from store.leases import HOST
from store.models import Message, ReplyState

ALICE = "U0ALICE"
LONG = " ".join(f"step{i}" for i in range(200))  # ~1,400 characters: ~12 s at 30 tokens a second
AFTER = "The whole answer, after the restart."


def _wait(what: str, check: Callable[[], Any], timeout: float) -> Any:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if found := check():
            return found
        time.sleep(0.1)
    raise TimeoutError(f"timed out waiting for {what}")


def _bot_replies(slack: LocalSlackWorkspace, channel: str, ts: str) -> list[dict[str, Any]]:
    return [
        m
        for m in slack.messages(channel)
        if m.get("thread_ts") == ts and m.get("bot_id") and m["ts"] != ts
    ]


def _row(store: Store, ts: str) -> Message:
    with store.sessions() as db:
        row = db.query(Message).filter(Message.ts == ts).one()
        db.expunge(row)
        return row


def _bot_lines(store: Store) -> list[Message]:
    with store.sessions() as db:
        lines = list(db.query(Message).filter(Message.is_bot.is_(True)))
        for m in lines:
            db.expunge(m)
        return lines


def test_sigkill_mid_stream_then_restart_finishes_that_message_once(
    tmp_path: Path, db_url: str
) -> None:
    with (
        LocalSlackWorkspace() as slack,
        LocalAnthropicAPI(tokens_per_second=30) as anthropic,
    ):
        env = process_env(
            slack,
            anthropic,
            tmp_path / "data",
            DATABASE_URL=db_url,
            REPLY_STREAMING="auto",
            REPLY_STREAM_INTERVAL_SECONDS="0.3",
        )
        anthropic.script(LONG, AFTER)
        first = start_process(env, tmp_path)
        try:
            slack.wait_for_connection(timeout=60)
            asked = slack.user_dm(ALICE, "walk me through it")
            start = slack.wait_for_call("chat.startStream", timeout=60)
            slack.wait_for_call("chat.appendStream", timeout=30)  # well into the stream
            first.send_signal(signal.SIGKILL)
            first.wait(timeout=10)
        finally:
            if first.poll() is None:
                first.kill()
        channel, ts = asked["channel"], str(start.response["ts"])
        # What the kill left: a half-written message still streaming in Slack, its ts on the
        # row (recorded as soon as Slack returned it), the reply claimed by a dead process.
        assert slack.streaming(channel, ts)
        half = slack.message(channel, ts)["text"]
        assert half.startswith("step0") and len(half) < len(LONG)
        store = Store.open(db_url)
        try:
            row = _row(store, asked["ts"])
            assert (row.reply_state, row.reply_stream_ts) == (ReplyState.PENDING, ts)
            assert row.reply_owner is not None
            anthropic.tokens_per_second = 0
            second = start_process(env, tmp_path)
            try:
                _wait(
                    "the restarted process to answer",
                    lambda: _row(store, asked["ts"]).reply_state == ReplyState.ANSWERED,
                    timeout=90,
                )
                time.sleep(1.0)  # a second reply would be on its way by now
            finally:
                stop_process(second, timeout=30)
            [reply] = _bot_replies(slack, channel, asked["ts"])
            assert reply["ts"] == ts and not slack.streaming(channel, ts)
            assert reply["text"] == RESTARTED + AFTER
            assert reply["metadata"]["event_payload"]["message_id"] == row.id
            assert not [c for c in slack.calls if c.method == "chat.postMessage"]
            [line] = _bot_lines(store)
            assert (line.text, line.ts) == (RESTARTED + AFTER, ts)
            assert _row(store, asked["ts"]).reply_ts == ts
        finally:
            store.close()


def test_a_stored_answer_whose_stream_never_stopped_is_finished_in_that_message(
    tmp_path: Path,
) -> None:
    data = tmp_path / "data"
    with LocalStack(data, REPLY_STREAMING="auto") as stack:
        stack.slack.add_user(ALICE, "alice")
        stack.anthropic.script("Short and whole.")
        asked = stack.slack.user_dm(ALICE, "a question")
        stack.slack.wait_for_call("chat.stopStream", timeout=20)
        assert stack.bot.wait_idle(10)
        channel = asked["channel"]
        [done] = _bot_replies(stack.slack, channel, asked["ts"])
        # The state a kill after the answer was stored, before chat.stopStream, leaves: the
        # answer GENERATED on the row with the stream's ts, the stream still open in Slack.
        store = stack.bot.store
        assert store is not None
        stored = "The answer as stored, longer than what the stream showed."
        with store.sessions.begin() as db:
            db.query(Message).filter(Message.ts == done["ts"]).delete()
            db.execute(
                update(Message)
                .where(Message.ts == asked["ts"])
                .values(
                    reply_state=ReplyState.GENERATED,
                    reply_text=stored,
                    reply_ts=None,
                    reply_stream_ts=done["ts"],
                    reply_owner=f"{HOST}:999999:deadbeef",  # a pid that does not exist
                    reply_lease_until=datetime.now(UTC) + timedelta(minutes=5),
                )
            )
        stack.slack.streams.live[(channel, done["ts"])] = time.monotonic()  # streaming again
        stack.bot.stop(timeout=10)
        mark = stack.slack.mark()
        stack.daemon = Daemon(stack.settings(), start_scheduler=False)
        stack.daemon.start()
        stack.slack.wait_for_call("chat.update", after=mark, timeout=20)
        assert stack.bot.wait_idle(10)
        [reply] = _bot_replies(stack.slack, channel, asked["ts"])
        assert (reply["ts"], reply["text"]) == (done["ts"], stored)
        assert not stack.slack.streaming(channel, done["ts"])
        assert not [c for c in stack.slack.calls[mark:] if c.method == "chat.postMessage"]
        store = stack.bot.store
        assert store is not None
        assert [(m.text, m.ts) for m in _bot_lines(store)] == [(stored, done["ts"])]
