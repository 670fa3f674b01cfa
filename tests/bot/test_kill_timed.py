"""A real SIGKILL of a real `seshat run`, timed by what the process is doing, then a restart:
during the reflection call (the model is thinking) and during the fan-out (a writer is blocked
on a PostgreSQL table lock after an earlier writer committed). Nothing lost, nothing doubled."""

from __future__ import annotations

import json
import signal
import subprocess
import time
from collections.abc import Callable
from pathlib import Path

import psycopg
import pytest

from bot.doubles.anthropic_api import LocalAnthropicAPI, Slow
from bot.doubles.slack_workspace import LocalSlackWorkspace
from bot.doubles.stack import process_env, start_process, stop_process
from store.db import Store
from store.models import (
    BudgetDay,
    ChatSession,
    MemoryEntry,
    Observation,
    ReflectionRow,
    ReflectionStatus,
    SessionState,
)

ALICE = "U0ALICE"
OWNER = "U0OWNER"
REFLECTION = json.dumps(
    {
        "outcome": "success",
        "what_worked": "Walked through log rotation step by step.",
        "what_didnt": "",
        "should_skill": False,
        "memory_notes": ["The team keeps application logs for 7 days."],
        "persona_observations": ["Prefers numbered steps."],
        "next_check_at": None,
        "user_model_updates": [{"user_id": ALICE, "observations": ["Runs the app servers."]}],
        "lessons": [],
    }
)


def _wait(what: str, check: Callable[[], bool], timeout: float) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if check():
            return
        time.sleep(0.2)
    raise TimeoutError(f"timed out waiting for {what}")


def _kill(proc: subprocess.Popen[str]) -> None:
    proc.send_signal(signal.SIGKILL)
    proc.wait(timeout=10)


def _chat_then_done(slack: LocalSlackWorkspace, anthropic: LocalAnthropicAPI) -> None:
    msg = slack.user_dm(ALICE, "How do I rotate logs?")
    slack.wait_for_call(
        "chat.postMessage", lambda c: c.params.get("thread_ts") == msg["ts"], timeout=60
    )
    time.sleep(0.5)  # the reply is recorded right after it is posted
    slack.slash_command(ALICE, slack.dm_channel(ALICE), "/done")


def _reflections(store: Store) -> list[ReflectionRow]:
    with store.sessions() as db:
        rows = db.query(ReflectionRow).all()
        for r in rows:
            db.expunge(r)
        return rows


def test_sigkill_during_the_reflection_call_then_restart_reflects_once(tmp_path: Path) -> None:
    with LocalSlackWorkspace() as slack, LocalAnthropicAPI() as anthropic:
        slack.add_user(OWNER, "owner")
        env = process_env(slack, anthropic, tmp_path / "data", SLACK_OWNER_IDS=OWNER)
        anthropic.script("Edit /etc/logrotate.d/app.", Slow(120, REFLECTION))
        first = start_process(env, tmp_path)
        try:
            slack.wait_for_connection(timeout=60)
            _chat_then_done(slack, anthropic)
            anthropic.wait_for_requests(2, timeout=60)  # the reflection call is in flight
            _kill(first)
        finally:
            if first.poll() is None:
                first.kill()
        store = Store.open(f"sqlite:///{tmp_path / 'data' / 'seshat.db'}")
        try:
            rows = _reflections(store)
            assert [r.status for r in rows] == [ReflectionStatus.RUNNING]  # the dead claim
            with store.sessions() as db:
                assert db.query(BudgetDay).one().committed_usd > 0  # its reservation
            anthropic.script(REFLECTION)
            second = start_process(env, tmp_path)
            try:
                _wait(
                    "the reflection to finish after the restart",
                    lambda: any(r.status == ReflectionStatus.OK for r in _reflections(store)),
                    timeout=90,
                )
                time.sleep(1.0)  # a second reflection would have started by now
            finally:
                stop_process(second, timeout=30)
            rows = _reflections(store)
            ok = [r for r in rows if r.status == ReflectionStatus.OK]
            assert len(ok) == 1 and ok[0].applied_at is not None
            assert not [r for r in rows if r.status == ReflectionStatus.RUNNING]
            with store.sessions() as db:
                session = db.query(ChatSession).one()
                assert session.state == SessionState.REFLECTED
                # The dead reservation was given back: the day holds what was really spent.
                day = db.query(BudgetDay).one()
                assert abs(day.committed_usd - sum(r.cost_usd for r in rows)) < 1e-9
                # The note, and the session's episode (issue 23), each once.
                kinds = sorted(m.category == "episode" for m in db.query(MemoryEntry))
                assert kinds == [False, True]
        finally:
            store.close()


@pytest.mark.postgres
def test_sigkill_during_the_fan_out_then_restart_finishes_it_once(
    tmp_path: Path, pg_url: str
) -> None:
    with LocalSlackWorkspace() as slack, LocalAnthropicAPI() as anthropic:
        slack.add_user(OWNER, "owner")
        env = process_env(
            slack, anthropic, tmp_path / "data", SLACK_OWNER_IDS=OWNER, DATABASE_URL=pg_url
        )
        anthropic.script("Edit /etc/logrotate.d/app.", REFLECTION)
        store = Store.open(pg_url)  # migrates, so the table to lock exists
        lock = psycopg.connect(pg_url)
        try:
            # Writes to observations (the persona writer, after memory) wait on this lock;
            # reads do not.
            lock.execute("LOCK TABLE observations IN EXCLUSIVE MODE")
            first = start_process(env, tmp_path)
            try:
                slack.wait_for_connection(timeout=60)
                _chat_then_done(slack, anthropic)

                def memory_written_persona_waiting() -> bool:
                    rows = _reflections(store)
                    return bool(rows) and "memory" in (rows[0].writer_results or {})

                _wait("the memory writer to commit", memory_written_persona_waiting, timeout=90)
                time.sleep(0.5)
                [row] = _reflections(store)
                assert row.applied_at is None and "persona" not in row.writer_results
                _kill(first)
            finally:
                if first.poll() is None:
                    first.kill()
            lock.rollback()  # the lock goes with the transaction
            second = start_process(env, tmp_path)
            try:
                _wait(
                    "the fan-out to be finished after the restart",
                    lambda: all(r.applied_at is not None for r in _reflections(store)),
                    timeout=90,
                )
                time.sleep(1.0)
            finally:
                stop_process(second, timeout=30)
            [row] = _reflections(store)
            assert row.status == ReflectionStatus.OK
            assert {"memory", "persona", "user_model"} <= set(row.writer_results)
            with store.sessions() as db:
                notes = [m.text for m in db.query(MemoryEntry) if m.category != "episode"]
                observations = [o.text for o in db.query(Observation)]
            assert len(notes) == 1  # the memory writer ran once, before the kill
            assert len(observations) == len(set(observations)) == 2  # persona + user model
        finally:
            lock.close()
            store.close()
