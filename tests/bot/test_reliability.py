"""Nothing lost, nothing doubled: the ack follows a durable write (the journal), replies survive
a crash and a Slack that refuses posts, and a restart takes a stale ⏳ off.

Real components over loopback (the Bolt app, slack_sdk, the anthropic SDK, SQLite); a crash is a
real SIGKILL of a real `seshat run` process, or — where timing would make the test flaky — the
exact state a crash leaves behind, written into the database, then a real restart.
"""

from __future__ import annotations

import signal
import socket
import sqlite3
import subprocess
import sys
import threading
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from sqlalchemy import update

from bot.chat.answer import RESTARTED
from bot.chat.posting import WORKING_REACTION
from bot.doubles.anthropic_api import LocalAnthropicAPI, Slow
from bot.doubles.slack_workspace import Call, LocalSlackWorkspace
from bot.doubles.stack import LocalStack, process_env, start_process, stop_process
from store import sessions as S
from store.db import Store
from store.models import Message, ReplyState

ALICE = "U0ALICE"
SECRET = "xoxb-2024061100-9988776655-Zq8wLmT3vKs1PfRa0bYcNdXe"


def _replies(slack: LocalSlackWorkspace, channel: str, ts: str) -> list[Call]:
    return [
        c
        for c in slack.calls
        if c.method == "chat.postMessage"
        and c.params.get("channel") == channel
        and c.params.get("thread_ts") == ts
        and c.response.get("ok")
    ]


@pytest.mark.parametrize("mode", ["socket", "http"])
def test_a_message_is_durable_before_its_ack(tmp_path: Path, mode: str) -> None:
    # The database is locked by someone else for longer than Slack waits for an ack. In either
    # mode the message is journalled (on disk) and acked at once, stored when the lock goes, and
    # Slack never delivers it again. Never acked with the message in memory only.
    with LocalStack(tmp_path / "data", mode=mode, ack_timeout=1.0) as stack:
        stack.slack.add_user(ALICE, "alice")
        warm = stack.slack.user_dm(ALICE, "first message")
        stack.slack.wait_for_call(
            "chat.postMessage", lambda c: c.params.get("thread_ts") == warm["ts"], timeout=15
        )
        lock = sqlite3.connect(tmp_path / "data" / "seshat.db", timeout=5, check_same_thread=False)
        lock.execute("BEGIN EXCLUSIVE")
        released = threading.Event()

        def release_later() -> None:
            time.sleep(2.5)
            lock.rollback()
            lock.close()
            released.set()

        threading.Thread(target=release_later, daemon=True).start()
        msg = stack.slack.user_dm(ALICE, "sent while the database is busy")
        delivery = stack.slack.wait_for_delivery(
            lambda d: (d.payload.get("event") or {}).get("ts") == msg["ts"], timeout=5
        )
        deadline = time.monotonic() + 2
        while not delivery.acked and time.monotonic() < deadline:
            time.sleep(0.02)
        assert delivery.acked and not released.is_set()  # acked while the store waits
        journal = list((tmp_path / "data" / "journal").glob("*.jsonl"))
        assert any(msg["ts"] in p.read_text() for p in journal)  # because it is on disk
        stack.slack.wait_for_call(
            "chat.postMessage", lambda c: c.params.get("thread_ts") == msg["ts"], timeout=30
        )
        assert released.is_set()
        assert delivery.attempts == 1
        time.sleep(0.5)
        assert len(_replies(stack.slack, msg["channel"], msg["ts"])) == 1
        store = stack.bot.store
        assert store is not None
        with store.sessions() as db:
            stored = db.query(Message).filter(Message.ts == msg["ts"]).all()
            assert len(stored) == 1 and stored[0].reply_state == ReplyState.ANSWERED


@pytest.mark.parametrize("mode", ["socket", "http"])
def test_sigkill_after_the_ack_before_the_store_loses_nothing(tmp_path: Path, mode: str) -> None:
    # The message is journalled and acked, the store waits on a locked database, the process
    # is killed. Slack will not deliver it again (it was acked); the next start handles it from
    # the dead process's journal, and it is answered exactly once.
    port = _free_port()
    with LocalSlackWorkspace() as slack, LocalAnthropicAPI() as anthropic:
        env = process_env(
            slack,
            anthropic,
            tmp_path / "data",
            SLACK_MODE=mode,
            SESHAT_HTTP_HOST="127.0.0.1",
            SESHAT_HTTP_PORT=str(port),
        )
        first = start_process(env, tmp_path)
        try:
            _wait_listening(slack, mode, port)
            time.sleep(1.0)  # start-up work done
            lock = sqlite3.connect(tmp_path / "data" / "seshat.db", timeout=5)
            lock.execute("BEGIN EXCLUSIVE")
            msg = slack.user_dm(ALICE, f"acked, then the process dies; the token is {SECRET}")
            delivery = slack.wait_for_delivery(
                lambda d: (d.payload.get("event") or {}).get("ts") == msg["ts"], timeout=5
            )
            deadline = time.monotonic() + 5
            while not delivery.acked and time.monotonic() < deadline:
                time.sleep(0.02)
            assert delivery.acked
            first.send_signal(signal.SIGKILL)
            first.wait(timeout=10)
            lock.rollback()
            lock.close()
        finally:
            if first.poll() is None:
                first.kill()
        store = Store.open(f"sqlite:///{tmp_path / 'data' / 'seshat.db'}")
        try:
            with store.sessions() as db:
                assert db.query(Message).filter(Message.ts == msg["ts"]).count() == 0
        finally:
            store.close()
        # What rests on disk until the next start: the event, its secret already redacted (not
        # in the text, the blocks or anywhere else in the file's bytes).
        left = b"".join(p.read_bytes() for p in (tmp_path / "data" / "journal").glob("*.jsonl"))
        assert msg["ts"].encode() in left and b"[REDACTED:slack_token]" in left
        assert SECRET.encode() not in left and SECRET[12:].encode() not in left
        second = start_process(env, tmp_path)
        try:
            _wait_listening(slack, mode, port)
            slack.wait_for_call(
                "chat.postMessage", lambda c: c.params.get("thread_ts") == msg["ts"], timeout=60
            )
            time.sleep(1.0)
            assert len(_replies(slack, msg["channel"], msg["ts"])) == 1
            assert delivery.attempts == 1  # nothing came from Slack again: it was the journal
        finally:
            stop_process(second, timeout=30)
        assert not list((tmp_path / "data" / "journal").glob("*.jsonl"))  # all handled
        store = Store.open(f"sqlite:///{tmp_path / 'data' / 'seshat.db'}")
        try:
            with store.sessions() as db:
                rows = db.query(Message).filter(Message.ts == msg["ts"]).all()
                assert len(rows) == 1 and rows[0].reply_state == ReplyState.ANSWERED
                assert rows[0].text.endswith("the token is [REDACTED:slack_token]")
        finally:
            store.close()


@pytest.mark.postgres
def test_http_on_postgresql_a_replica_killed_after_the_ack_loses_nothing(
    tmp_path: Path, pg_url: str
) -> None:
    # HTTP mode on PostgreSQL: the message is committed to the database's journal and acked;
    # its store waits on a locked table; the process is killed. Another process (here on the
    # same host, so the dead one's rows are taken over at once; on another host, once their
    # lease runs out) stores and answers it, exactly once, and the row goes.
    import psycopg

    from store import intake_journal

    port = _free_port()
    with LocalSlackWorkspace() as slack, LocalAnthropicAPI() as anthropic:
        env = process_env(
            slack,
            anthropic,
            tmp_path / "data",
            SLACK_MODE="http",
            SESHAT_HTTP_HOST="127.0.0.1",
            SESHAT_HTTP_PORT=str(port),
            DATABASE_URL=pg_url,
        )
        first = start_process(env, tmp_path)
        schema = pg_url.rsplit("%3D", 1)[1]
        from tests.conftest import PG_DSN

        lock = psycopg.connect(PG_DSN)
        try:
            _wait_listening(slack, "http", port)
            time.sleep(1.0)  # start-up work done
            lock.execute(f'LOCK TABLE "{schema}".processed_events IN ACCESS EXCLUSIVE MODE')
            msg = slack.user_dm(ALICE, f"acked, then the replica dies; the token is {SECRET}")
            delivery = slack.wait_for_delivery(
                lambda d: (d.payload.get("event") or {}).get("ts") == msg["ts"], timeout=5
            )
            deadline = time.monotonic() + 5
            while not delivery.acked and time.monotonic() < deadline:
                time.sleep(0.02)
            assert delivery.acked  # acked while its store waits on the lock
            first.send_signal(signal.SIGKILL)
            first.wait(timeout=10)
        finally:
            lock.rollback()
            lock.close()
            if first.poll() is None:
                first.kill()
        store = Store.open(pg_url)
        try:
            with store.sessions() as db:
                assert db.query(Message).filter(Message.ts == msg["ts"]).count() == 0
            with store.engine.connect() as conn:
                # What waits in the database: the event, its secret already redacted.
                assert intake_journal.holding(conn, msg["ts"]) == 1
                assert intake_journal.holding(conn, "[REDACTED:slack_token]") == 1
                assert intake_journal.holding(conn, SECRET[12:]) == 0
        finally:
            store.close()
        second = start_process(env, tmp_path)
        try:
            _wait_listening(slack, "http", port)
            slack.wait_for_call(
                "chat.postMessage", lambda c: c.params.get("thread_ts") == msg["ts"], timeout=60
            )
            time.sleep(1.0)
            assert len(_replies(slack, msg["channel"], msg["ts"])) == 1
            assert delivery.attempts == 1  # nothing came from Slack again: it was the journal
        finally:
            stop_process(second, timeout=30)
        store = Store.open(pg_url)
        try:
            with store.sessions() as db:
                rows = db.query(Message).filter(Message.ts == msg["ts"]).all()
                assert len(rows) == 1 and rows[0].reply_state == ReplyState.ANSWERED
                assert rows[0].text.endswith("the token is [REDACTED:slack_token]")
            with store.engine.connect() as conn:
                assert intake_journal.holding(conn, msg["ts"]) == 0  # handled: the row went
        finally:
            store.close()


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _wait_listening(slack: LocalSlackWorkspace, mode: str, port: int) -> None:
    """Socket Mode: connected; HTTP: the port accepts, and deliveries go there."""
    if mode == "socket":
        slack.wait_for_connection(timeout=60)
        return
    deadline = time.monotonic() + 60
    while True:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            break
        except OSError:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.1)
    slack.deliver_over_http(f"http://127.0.0.1:{port}/slack/events", slack.signing_secret)


def _dead_owner() -> str:
    """An owner string for a process on this host that no longer exists."""
    proc = subprocess.Popen([sys.executable, "-c", "pass"])
    proc.wait()
    from store.leases import HOST

    return f"{HOST}:{proc.pid}:deadbeef"


def test_a_restart_answers_what_a_crash_left_unanswered_once_and_clears_the_hourglass(
    tmp_path: Path,
) -> None:
    data = tmp_path / "data"
    with LocalStack(data, mode="socket") as stack:
        stack.slack.add_user(ALICE, "alice")
        first = stack.slack.user_dm(ALICE, "hello")
        stack.slack.wait_for_call(
            "chat.postMessage", lambda c: c.params.get("thread_ts") == first["ts"], timeout=15
        )
        stack.bot.wait_idle(10)
        channel = first["channel"]
        # The state a SIGKILL during the model call leaves: the message stored and claimed by a
        # process that is gone, its ⏳ still on the user's message in Slack.
        orphan = stack.slack.user_dm(ALICE, "the question asked just before the crash")
        stack.slack.wait_for_call(
            "chat.postMessage", lambda c: c.params.get("thread_ts") == orphan["ts"], timeout=15
        )
        stack.bot.wait_idle(10)
        store = stack.bot.store
        assert store is not None
        with store.sessions.begin() as db:
            row = db.query(Message).filter(Message.ts == orphan["ts"]).one()
            bot_line = db.query(Message).filter(Message.ts == row.reply_ts).one()
            db.delete(bot_line)
            db.execute(
                update(Message)
                .where(Message.id == row.id)
                .values(
                    reply_state=ReplyState.PENDING,
                    reply_ts=None,
                    reply_owner=_dead_owner(),
                    reply_lease_until=datetime.now(UTC) + timedelta(minutes=5),
                    working_reaction=True,
                )
            )
        stack.slack.user_reacts(stack.slack.bot_user_id, channel, orphan["ts"], WORKING_REACTION)
        posted_before = len(_replies(stack.slack, channel, orphan["ts"]))
        # Restart on the same data dir and the same workspace.
        stack.bot.stop(timeout=10)
        mark = stack.slack.mark()
        stack.daemon = None
        from bot.daemon import Daemon

        stack.daemon = Daemon(stack.settings(), start_scheduler=False)
        stack.daemon.start()
        call = stack.slack.wait_for_call(
            "chat.postMessage",
            lambda c: c.params.get("thread_ts") == orphan["ts"],
            after=mark,
            timeout=20,
        )
        assert str(call.params.get("text")).startswith(RESTARTED)
        stack.slack.wait_for_call("reactions.remove", after=mark, timeout=10)
        stack.bot.wait_idle(10)
        assert len(_replies(stack.slack, channel, orphan["ts"])) == posted_before + 1
        reactions = stack.slack.message(channel, orphan["ts"]).get("reactions", [])
        assert WORKING_REACTION not in {r["name"] for r in reactions}
        store = stack.bot.store
        assert store is not None
        with store.sessions() as db:
            row = db.query(Message).filter(Message.ts == orphan["ts"]).one()
            assert row.reply_state == ReplyState.ANSWERED and not row.working_reaction
            assert S.unanswered_count(db, row.session_id) == 0


def test_a_reply_slack_refuses_is_kept_and_posted_later(tmp_path: Path) -> None:
    with LocalStack(tmp_path / "data", mode="socket") as stack:
        stack.slack.add_user(ALICE, "alice")
        # Slack answers 200 with ok:false "ratelimited" (which the SDK does not retry): the
        # generated answer is kept, with a time to post it again.
        stack.slack.faults.add(method="chat.postMessage", status=200, error="ratelimited", times=50)
        msg = stack.slack.user_dm(ALICE, "answer me when Slack lets you")
        store = stack.bot.store
        assert store is not None

        def kept() -> Message | None:
            with store.sessions() as db:
                row = db.query(Message).filter(Message.ts == msg["ts"]).first()
                refused = row is not None and row.reply_state == "generated" and row.reply_next_at
                return row if refused else None  # generated, then refused and kept for later

        deadline = time.monotonic() + 20
        while kept() is None and time.monotonic() < deadline:
            time.sleep(0.1)
        row = kept()
        assert row is not None and row.reply_text and row.reply_next_at is not None
        assert not _replies(stack.slack, msg["channel"], msg["ts"])
        # Later (here: the retry time is brought forward) recovery posts the stored answer once.
        with store.sessions.begin() as db:
            db.execute(
                update(Message)
                .where(Message.id == row.id)
                .values(reply_next_at=datetime.now(UTC) - timedelta(seconds=1))
            )
        stack.slack.faults.clear()
        stack.bot.engine.recover()
        stack.bot.wait_idle(10)
        assert len(_replies(stack.slack, msg["channel"], msg["ts"])) == 1
        with store.sessions() as db:
            done = db.query(Message).filter(Message.ts == msg["ts"]).one()
            assert done.reply_state == ReplyState.ANSWERED and done.reply_text is None


def test_sigkill_during_a_reply_then_restart_answers_exactly_once(tmp_path: Path) -> None:
    with LocalSlackWorkspace() as slack, LocalAnthropicAPI() as anthropic:
        env = process_env(slack, anthropic, tmp_path / "data")

        def start() -> subprocess.Popen[str]:
            return start_process(env, tmp_path)

        anthropic.script(Slow(60, "never sent: the process dies first"), "the answer after all")
        first = start()
        try:
            slack.wait_for_connection(timeout=60)
            msg = slack.user_dm(ALICE, "a question the crash interrupts")
            anthropic.wait_for_requests(1, timeout=30)  # stored, acked, the model is thinking
            first.send_signal(signal.SIGKILL)
            first.wait(timeout=10)
        finally:
            if first.poll() is None:
                first.kill()
        delivery = slack.wait_for_delivery(
            lambda d: (d.payload.get("event") or {}).get("ts") == msg["ts"], timeout=5
        )
        assert delivery.acked  # acked after the store, before the model answered
        second = start()
        try:
            slack.wait_for_call(
                "chat.postMessage", lambda c: c.params.get("thread_ts") == msg["ts"], timeout=60
            )
            time.sleep(1.0)
            replies = _replies(slack, msg["channel"], msg["ts"])
            assert len(replies) == 1
            assert "the answer after all" in str(replies[0].params.get("text"))
        finally:
            stop_process(second, timeout=30)
        store = Store.open(f"sqlite:///{tmp_path / 'data' / 'seshat.db'}")
        try:
            with store.sessions() as db:
                rows = db.query(Message).filter(Message.ts == msg["ts"]).all()
                assert len(rows) == 1 and rows[0].reply_state == ReplyState.ANSWERED
                assert not rows[0].working_reaction
        finally:
            store.close()


# Reflections: a crash mid-call, mid-fan-out, and cards Slack did not take ----------------------

OWNER = "U0OWNER"


def _reflection_json() -> str:
    import json

    return json.dumps(
        {
            "outcome": "success",
            "what_worked": "Walked through log rotation step by step.",
            "what_didnt": "",
            "should_skill": True,
            "skill_slug": "rotate-logs",
            "skill_description": "Rotate application logs with logrotate.",
            "skill_body": "1. Edit /etc/logrotate.d/app.\n2. Set `rotate 7` and `daily`.",
            "memory_notes": ["The team keeps logs for 7 days."],
            "persona_observations": ["Prefers numbered steps."],
            "next_check_at": None,
            "user_model_updates": [{"user_id": ALICE, "observations": ["Runs the app servers."]}],
            "lessons": [],
        }
    )


def _chat_and_close(stack: LocalStack, *scripted: object) -> str:
    stack.anthropic.script(*scripted)  # type: ignore[arg-type]
    mark = stack.slack.mark()
    msg = stack.slack.user_dm(ALICE, "How do I rotate logs?")
    stack.slack.wait_for_call(
        "chat.postMessage", lambda c: c.params.get("thread_ts") == msg["ts"], timeout=15, after=mark
    )
    stack.bot.wait_idle(30)
    store = stack.bot.store
    assert store is not None
    with store.sessions() as db:
        return str(db.query(Message).filter(Message.ts == msg["ts"]).one().session_id)


def _restart(stack: LocalStack) -> None:
    from bot.daemon import Daemon

    stack.bot.stop(timeout=10)
    stack.daemon = Daemon(stack.settings(), start_scheduler=False)
    stack.daemon.start()
    stack.slack.wait_for_connection(timeout=10, live=1)


def test_a_reflection_whose_process_died_is_reclaimed_with_its_budget_at_restart(
    tmp_path: Path,
) -> None:
    from store import budget
    from store.models import BudgetDay, ReflectionRow, ReflectionStatus, SessionState

    with LocalStack(tmp_path / "data", owner=OWNER) as stack:
        stack.slack.add_user(ALICE, "alice")
        sid = _chat_and_close(stack, "Use logrotate.")
        store = stack.bot.store
        assert store is not None
        now = datetime.now(UTC)
        day = now.date().isoformat()
        # What a SIGKILL during the reflection call leaves: the session `reflecting`, the claim
        # of a dead process with its reservation, the reservation counted against the day.
        with store.sessions.begin() as db:
            S.close(db, sid, now=now, reason="done")
            assert S.transition(db, sid, expected=SessionState.CLOSING, to=SessionState.REFLECTING)
            assert budget.reserve(db, day=day, amount=0.25, cap=5.0)
            db.add(
                ReflectionRow(
                    id="claim-of-a-dead-process",
                    session_id=sid,
                    attempt=0,
                    provider="-",
                    model="-",
                    prompt_version="-",
                    prompt_hash="-",
                    status=ReflectionStatus.RUNNING,
                    reserved_usd=0.25,
                    writer_results={},
                    created_at=now,
                    owner=_dead_owner(),
                    lease_until=now + timedelta(minutes=30),
                )
            )
        stack.anthropic.script(_reflection_json())
        _restart(stack)
        assert stack.bot.wait_idle(60)
        store = stack.bot.store
        assert store is not None
        with store.sessions() as db:
            session = S.get(db, sid)
            assert session is not None and session.state == SessionState.REFLECTED
            rows = db.query(ReflectionRow).filter(ReflectionRow.session_id == sid).all()
            assert [r.status for r in rows] == [ReflectionStatus.OK]
            spent = rows[0].cost_usd
            today = db.get(BudgetDay, day)
            assert today is not None
            # The dead reservation is given back; only the real reflection's cost remains.
            assert abs(today.committed_usd - spent) < 1e-9


def test_an_interrupted_fan_out_is_finished_at_restart_and_nothing_is_written_twice(
    tmp_path: Path,
) -> None:
    from store.models import MemoryEntry, Observation, ReflectionRow, ReviewItem

    with LocalStack(tmp_path / "data", owner=OWNER) as stack:
        stack.slack.add_user(ALICE, "alice")
        sid = _chat_and_close(stack, "Use logrotate.", _reflection_json())
        stack.slack.slash_command(ALICE, stack.slack.dm_channel(ALICE), "/done")
        assert stack.bot.wait_idle(60)
        store = stack.bot.store
        assert store is not None

        def counts() -> tuple[int, int, int]:
            with store.sessions() as db:
                return (
                    db.query(MemoryEntry).count(),
                    db.query(Observation).count(),
                    db.query(ReviewItem).count(),
                )

        before = counts()
        cards_before = stack.slack.count_calls("chat.postMessage")
        with store.sessions.begin() as db:
            row = db.query(ReflectionRow).filter(ReflectionRow.session_id == sid).one()
            full = set(row.writer_results)
            assert {"memory", "skills", "persona", "user_model"} <= full
            # Killed after the memory writer committed: only its result is recorded.
            row.writer_results = {"memory": row.writer_results["memory"]}
            row.applied_at = None
            reflection_id = row.id
        _restart(stack)
        assert stack.bot.wait_idle(30)
        store = stack.bot.store
        assert store is not None
        with store.sessions() as db:
            row = db.get(ReflectionRow, reflection_id)
            assert row is not None and row.applied_at is not None
            assert set(row.writer_results) == full
        assert counts() == before  # each writer is idempotent: nothing doubled
        # Its cards were posted already; the resumed fan-out posts none twice.
        assert stack.slack.count_calls("chat.postMessage") == cards_before


def test_cards_slack_did_not_take_are_posted_later_exactly_once(tmp_path: Path) -> None:
    from datetime import timedelta as td

    from store.models import ReviewItem

    with LocalStack(tmp_path / "data", owner=OWNER) as stack:
        stack.slack.add_user(ALICE, "alice")
        stack.slack.faults.add(method="conversations.open", status=200, error="fatal_error")
        _chat_and_close(stack, "Use logrotate.", _reflection_json())
        stack.slack.slash_command(ALICE, stack.slack.dm_channel(ALICE), "/done")
        assert stack.bot.wait_idle(60)
        store = stack.bot.store
        assert store is not None
        with store.sessions() as db:
            waiting = db.query(ReviewItem).filter(ReviewItem.card_ts.is_(None)).count()
        assert waiting >= 2
        assert stack.bot.cards.post_pending(min_age=td(0)) == waiting
        assert stack.bot.cards.post_pending(min_age=td(0)) == 0
        with store.sessions() as db:
            cards = [i.card_ts for i in db.query(ReviewItem)]
        assert None not in cards and len(set(cards)) == len(cards)


def test_a_failed_reflection_is_told_to_the_owner_once(tmp_path: Path) -> None:
    from bot.doubles.anthropic_api import Fault

    with LocalStack(tmp_path / "data", owner=OWNER) as stack:
        stack.slack.add_user(ALICE, "alice")
        _chat_and_close(stack, "Use logrotate.", Fault(status=400, times=5))
        stack.slack.slash_command(ALICE, stack.slack.dm_channel(ALICE), "/done")
        assert stack.bot.wait_idle(60)
        owner_dm = stack.slack.dm_channel(OWNER)
        assert stack.bot.tell_failed_reflections() == 1
        assert stack.bot.tell_failed_reflections() == 0
        told = [
            m for m in stack.slack.messages(owner_dm) if "reflection failed" in m.get("text", "")
        ]
        assert len(told) == 1 and "seshat reflection retry" in told[0]["text"]


def test_a_burst_of_sessions_is_answered_once_each_and_reflected_once_each(tmp_path: Path) -> None:
    # The CI-sized variant of bench/load.py (which measures latencies at 200 sessions): many
    # users at once, the model taking its time; nothing lost, nothing doubled.
    from concurrent.futures import ThreadPoolExecutor

    from store.models import ReflectionRow

    users = [f"U0BURST{i:02d}" for i in range(30)]
    with LocalStack(tmp_path / "data", owner=OWNER) as stack:
        stack.anthropic.latency = 0.3
        for user in users:
            stack.slack.add_user(user, user.lower())
        with ThreadPoolExecutor(max_workers=16) as pool:
            sent = list(pool.map(lambda u: stack.slack.user_dm(u, f"hello from {u}"), users))
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            if all(_replies(stack.slack, m["channel"], m["ts"]) for m in sent):
                break
            time.sleep(0.1)
        for user in users:
            stack.slack.slash_command(user, stack.slack.dm_channel(user), "/done")
        assert stack.bot.wait_idle(120)
        assert [len(_replies(stack.slack, m["channel"], m["ts"])) for m in sent] == [1] * 30
        store = stack.bot.store
        assert store is not None
        with store.sessions() as db:
            ok = [r.session_id for r in db.query(ReflectionRow).filter_by(status="ok")]
            assert len(ok) == 30 and len(set(ok)) == 30
            assert db.query(Message).filter(Message.is_bot.is_(False)).count() == 30


def test_odd_messages_are_stored_and_answered(tmp_path: Path) -> None:
    # A lone surrogate (from a JSON "\ud800" escape) used to fail the insert after the ack; an
    # empty text (a message that only carried a file) used to send the model an empty turn.
    with LocalStack(tmp_path / "data") as stack:
        stack.slack.add_user(ALICE, "alice")
        for text in ("broken \ud800 surrogate", ""):
            msg = stack.slack.user_dm(ALICE, text)
            stack.slack.wait_for_call(
                "chat.postMessage", lambda c, ts=msg["ts"]: c.params.get("thread_ts") == ts
            )
        stack.bot.wait_idle(10)
        last_turn = stack.anthropic.requests[-1].body["messages"][-1]
        content = last_turn["content"]
        text = content if isinstance(content, str) else "".join(b.get("text", "") for b in content)
        assert text.strip(), last_turn
        store = stack.bot.store
        assert store is not None
        with store.sessions() as db:
            users = db.query(Message).filter(Message.is_bot.is_(False)).order_by(Message.id).all()
            assert [m.reply_state for m in users] == [ReplyState.ANSWERED] * 2
            assert "\ufffd" in users[0].text


@pytest.mark.postgres
def test_the_postgresql_connection_dropped_and_back_loses_nothing(
    tmp_path: Path, pg_url: str
) -> None:
    import psycopg

    from tests.conftest import PG_DSN

    with LocalStack(tmp_path / "data", database_url=pg_url) as stack:
        stack.slack.add_user(ALICE, "alice")
        first = stack.slack.user_dm(ALICE, "before the database restart")
        stack.slack.wait_for_call(
            "chat.postMessage", lambda c: c.params.get("thread_ts") == first["ts"], timeout=15
        )
        assert stack.bot.wait_idle(10)
        # Every server-side connection of the daemon is killed, as a database restart would.
        with psycopg.connect(PG_DSN, autocommit=True) as admin:
            killed = admin.execute(
                "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity "
                "WHERE datname = current_database() AND pid <> pg_backend_pid() "
                "AND application_name NOT LIKE 'psql%'"
            ).fetchone()
        assert killed is not None and killed[0] >= 1
        later = stack.slack.user_dm(ALICE, "after the database restart")
        stack.slack.wait_for_call(
            "chat.postMessage", lambda c: c.params.get("thread_ts") == later["ts"], timeout=30
        )
        assert stack.bot.wait_idle(10)
        store = stack.bot.store
        assert store is not None
        with store.sessions() as db:
            states = [m.reply_state for m in db.query(Message).filter(Message.is_bot.is_(False))]
        assert states == [ReplyState.ANSWERED, ReplyState.ANSWERED]


@pytest.mark.parametrize(
    "fault",
    ["429", "timeout", "garbage"],
)
def test_model_faults_on_chat_end_in_one_reply_each(tmp_path: Path, fault: str) -> None:
    from bot.chat.answer import APOLOGY
    from bot.doubles.anthropic_api import Fault, Garbage

    scripted: dict[str, list[object]] = {
        # A 429 with Retry-After is retried by the SDK, then answered.
        "429": [Fault(status=429, retry_after=0.05, times=1), "answered after the 429"],
        # Slower than LLM_TIMEOUT_SECONDS every time: the user gets the apology, once.
        "timeout": [Slow(5.0, "too late") for _ in range(4)],
        # A proxy's HTML page instead of a Messages response, every time: the apology, once.
        "garbage": [Garbage(b"<html>bad gateway</html>") for _ in range(4)],
    }
    with LocalStack(tmp_path / "data", LLM_TIMEOUT_SECONDS=1, LLM_MAX_RETRIES=1) as stack:
        stack.slack.add_user(ALICE, "alice")
        stack.anthropic.script(*scripted[fault])  # type: ignore[arg-type]
        msg = stack.slack.user_dm(ALICE, "are you there?")
        call = stack.slack.wait_for_call(
            "chat.postMessage", lambda c: c.params.get("thread_ts") == msg["ts"], timeout=30
        )
        assert stack.bot.wait_idle(20)
        text = str(call.params.get("text"))
        if fault == "429":
            assert text == "answered after the 429"
        else:
            assert text.startswith(APOLOGY.split("(")[0].strip())
        assert len(_replies(stack.slack, msg["channel"], msg["ts"])) == 1
        # The daemon still answers the next normal message.
        stack.anthropic.clear_script()
        stack.anthropic.script("back to normal")
        nxt = stack.slack.user_dm(ALICE, "and now?")
        done = stack.slack.wait_for_call(
            "chat.postMessage", lambda c: c.params.get("thread_ts") == nxt["ts"], timeout=30
        )
        assert done.params.get("text") == "back to normal"


def test_events_out_of_order_and_duplicated_are_answered_once_each(tmp_path: Path) -> None:
    with LocalStack(tmp_path / "data") as stack:
        stack.slack.add_user(ALICE, "alice")
        first = stack.slack.user_dm(ALICE, "first question")
        second = stack.slack.user_dm(ALICE, "second question")
        # Slack retries both, the second before the first (out of order, duplicated).
        for m in (second, first):
            delivery = stack.slack.wait_for_delivery(
                lambda d, ts=m["ts"]: (d.payload.get("event") or {}).get("ts") == ts, timeout=10
            )
            assert delivery.event_id is not None
            stack.slack.deliver_again(delivery.event_id, retry_attempt=1, retry_reason="timeout")
        for m in (first, second):
            stack.slack.wait_for_call(
                "chat.postMessage", lambda c, ts=m["ts"]: c.params.get("thread_ts") == ts
            )
        time.sleep(0.5)
        assert stack.bot.wait_idle(10)
        assert [len(_replies(stack.slack, m["channel"], m["ts"])) for m in (first, second)] == [
            1,
            1,
        ]


def test_huge_and_strange_messages_are_stored_bounded_and_answered(tmp_path: Path) -> None:
    from bot.slack.inbound import MAX_TEXT_CHARS

    strange = "مرحبا \u202eevil\u202c zero\u200bwidth NUL\x00byte 🧪 " * 3
    texts = [strange, "x" * 40_000, ("y" * 99 + "\n") * 4_000]  # the last ~400 KB
    with LocalStack(tmp_path / "data") as stack:
        stack.slack.add_user(ALICE, "alice")
        sent = []
        for text in texts:
            msg = stack.slack.user_dm(ALICE, text)
            sent.append(msg)
            stack.slack.wait_for_call(
                "chat.postMessage", lambda c, ts=msg["ts"]: c.params.get("thread_ts") == ts
            )
        assert stack.bot.wait_idle(20)
        store = stack.bot.store
        assert store is not None
        with store.sessions() as db:
            rows = db.query(Message).filter(Message.is_bot.is_(False)).order_by(Message.id).all()
        assert [r.reply_state for r in rows] == [ReplyState.ANSWERED] * 3
        assert "\x00" not in rows[0].text and "مرحبا" in rows[0].text
        assert all(len(r.text) <= MAX_TEXT_CHARS + 100 for r in rows)
        assert [len(_replies(stack.slack, m["channel"], m["ts"])) for m in sent] == [1, 1, 1]
