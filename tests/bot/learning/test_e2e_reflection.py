"""Session end and reflection, end to end: /done, button, ✅, idle; races; model failures."""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from bot.doubles.anthropic_api import Fault, Garbage, Slow
from bot.doubles.slack_workspace import Call
from bot.doubles.stack import LocalStack
from store import sessions as S
from store.clock import FakeClock
from store.models import AuditEvent, ChatSession, ReflectionRow, SessionState

ALICE = "U0ALICE"
GOOD = {
    "outcome": "success",
    "what_worked": "Explained log rotation.",
    "what_didnt": "",
    "should_skill": False,
    "skill_slug": None,
    "skill_description": None,
    "skill_body": None,
    "memory_notes": [],
    "persona_observations": [],
    "next_check_at": None,
    "user_model_updates": [],
    "lessons": [],
}


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def stack(tmp_path: Path, clock: FakeClock) -> Iterator[LocalStack]:
    with LocalStack(tmp_path / "data", clock=clock) as s:
        s.slack.add_user(ALICE, "alice")
        yield s


def chat(stack: LocalStack, text: str, thread_ts: str | None = None) -> tuple[dict, Call]:
    mark = stack.slack.mark()
    msg = stack.slack.user_dm(ALICE, text, thread_ts=thread_ts)
    root = thread_ts or msg["ts"]
    call = stack.slack.wait_for_call(
        "chat.postMessage",
        lambda c: c.params.get("channel") == msg["channel"] and c.params.get("thread_ts") == root,
        timeout=15,
        after=mark,
    )
    return msg, call


def eventually(check: Callable[[], bool], timeout: float = 15.0) -> None:
    """Poll a database condition that a background thread will make true."""
    deadline = time.monotonic() + timeout
    while not check():
        if time.monotonic() > deadline:
            raise AssertionError("condition not reached in time")
        time.sleep(0.02)


def sessions(stack: LocalStack) -> list[ChatSession]:
    store = stack.bot.store
    assert store is not None
    with store.sessions() as db:
        return list(db.query(ChatSession).order_by(ChatSession.opened_at))


def last_bot_ts(stack: LocalStack) -> str | None:
    """The bot's last reply in the (only) session: the one a ✅ closes it on."""
    store = stack.bot.store
    assert store is not None
    with store.sessions() as db:
        return S.last_bot_ts(db, sessions(stack)[0].id)


def reflections(stack: LocalStack) -> list[ReflectionRow]:
    store = stack.bot.store
    assert store is not None
    with store.sessions() as db:
        return list(db.query(ReflectionRow).order_by(ReflectionRow.created_at))


def closes(stack: LocalStack) -> list[AuditEvent]:
    store = stack.bot.store
    assert store is not None
    with store.sessions() as db:
        return list(db.query(AuditEvent).filter_by(action="session.close"))


def settle(stack: LocalStack) -> None:
    # Replies and reflections both finished (a reply being stored can queue a reflection).
    assert stack.bot.wait_idle(60)


def test_done_closes_once_reflects_once_and_says_so(stack: LocalStack) -> None:
    msg, _ = chat(stack, "how do I rotate logs?")
    ack = stack.slack.slash_command(ALICE, msg["channel"], "/done")
    assert ack is not None and "Session ended" in str(ack.get("text"))
    settle(stack)
    [session] = sessions(stack)
    assert session.state == SessionState.REFLECTED and session.close_reason == "done"
    [row] = reflections(stack)
    assert row.status == "ok" and row.provider == "anthropic"
    again = stack.slack.slash_command(ALICE, msg["channel"], "/done")
    assert again is not None and "no open session" in str(again.get("text"))
    settle(stack)
    assert len(reflections(stack)) == 1 and len(closes(stack)) == 1
    # A new message after close opens a new session.
    chat(stack, "one more thing")
    assert [s.state for s in sessions(stack)] == [SessionState.REFLECTED, SessionState.OPEN]


def test_done_button_closes_that_session(stack: LocalStack) -> None:
    msg, reply = chat(stack, "hello")
    stack.slack.click_button(ALICE, msg["channel"], str(reply.response["ts"]), "seshat_done")
    eventually(lambda: sessions(stack)[0].state != SessionState.OPEN)
    settle(stack)
    [session] = sessions(stack)
    assert session.close_reason == "button" and session.state == SessionState.REFLECTED
    # Clicking again does nothing more.
    mark = stack.slack.mark()
    stack.slack.click_button(ALICE, msg["channel"], str(reply.response["ts"]), "seshat_done")
    note = stack.slack.wait_for_call("chat.postEphemeral", timeout=10, after=mark)
    assert "already ended" in str(note.params.get("text"))
    settle(stack)
    assert len(reflections(stack)) == 1 and len(closes(stack)) == 1


def test_check_reaction_on_last_reply_closes_but_not_on_older_ones(stack: LocalStack) -> None:
    msg, first = chat(stack, "question one")
    _, second = chat(stack, "question two")
    eventually(lambda: last_bot_ts(stack) == second.response["ts"])
    stack.slack.user_reacts(ALICE, msg["channel"], str(first.response["ts"]), "white_check_mark")
    # Another user's ✅ on the last reply doesn't close Alice's session either.
    stack.slack.add_user("U0BOB", "bob")
    stack.slack.user_reacts("U0BOB", msg["channel"], str(second.response["ts"]), "white_check_mark")
    stack.slack.wait_for_acks(timeout=10)
    _, third = chat(stack, "question three")  # a sync point after those reactions
    assert sessions(stack)[0].state == SessionState.OPEN
    # The reply is stored just after Slack accepted it; a person cannot react faster than that.
    eventually(lambda: last_bot_ts(stack) == third.response["ts"])
    stack.slack.user_reacts(
        ALICE, msg["channel"], str(third.response["ts"]), "white_check_mark::skin-tone-4"
    )
    eventually(lambda: sessions(stack)[0].state != SessionState.OPEN)
    settle(stack)
    [session] = sessions(stack)
    assert session.close_reason == "reaction"
    assert session.state == SessionState.REFLECTED and len(closes(stack)) == 1


def test_idle_sweep_closes_once(stack: LocalStack, clock: FakeClock) -> None:
    chat(stack, "something")
    stack.bot.sweep()
    assert sessions(stack)[0].state == SessionState.OPEN
    clock.advance(minutes=31)
    stack.bot.sweep()
    stack.bot.sweep()
    settle(stack)
    [session] = sessions(stack)
    assert session.close_reason == "idle" and session.state == SessionState.REFLECTED
    assert len(reflections(stack)) == 1 and len(closes(stack)) == 1


@pytest.mark.parametrize("backend", ["sqlite", "postgres"])
def test_done_racing_idle_sweep_reflects_once(
    tmp_path: Path, clock: FakeClock, backend: str, request: pytest.FixtureRequest
) -> None:
    url = None if backend == "sqlite" else str(request.getfixturevalue("pg_url"))
    with LocalStack(tmp_path / "data", clock=clock, database_url=url) as stack:
        stack.slack.add_user(ALICE, "alice")
        msg, _ = chat(stack, "race me")
        clock.advance(minutes=45)
        barrier = threading.Barrier(3)
        acks: list[object] = []

        def done() -> None:
            barrier.wait()
            acks.append(stack.slack.slash_command(ALICE, msg["channel"], "/done"))

        def sweep() -> None:
            barrier.wait()
            stack.bot.sweep()

        threads = [threading.Thread(target=f) for f in (done, sweep, sweep)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        settle(stack)
        stack.bot.sweep()  # recovery finds nothing left to do
        settle(stack)
        assert len(closes(stack)) == 1
        assert [r.status for r in reflections(stack)] == ["ok"]
        assert sessions(stack)[0].state == SessionState.REFLECTED


def test_reflection_survives_529s_then_succeeds(stack: LocalStack) -> None:
    msg, _ = chat(stack, "rotate logs?")
    stack.anthropic.script(Fault(status=529, retry_after=0.01, times=2), json.dumps(GOOD))
    stack.slack.slash_command(ALICE, msg["channel"], "/done")
    settle(stack)
    [row] = reflections(stack)
    assert row.status == "ok" and row.outcome == "success"


def test_reflection_garbage_fails_visibly_and_can_be_retried(stack: LocalStack) -> None:
    msg, _ = chat(stack, "rotate logs?")
    # Every attempt (and every SDK retry) gets a non-JSON 200.
    stack.anthropic.script(*[Garbage(b"<html>proxy error</html>") for _ in range(3)])
    stack.slack.slash_command(ALICE, msg["channel"], "/done")
    settle(stack)
    rows = reflections(stack)
    assert rows and all(r.status == "failed" for r in rows)
    [session] = sessions(stack)
    assert session.state == SessionState.FAILED
    runtime = stack.bot.runtime
    assert runtime is not None
    with runtime.store.sessions() as db:
        assert [m.text for m in S.transcript(db, session.id)][0] == "rotate logs?"
    stack.anthropic.script(json.dumps(GOOD))
    outcome = runtime.worker.run_now(session.id, retry_failed=True)
    assert outcome.status == "ok"


def test_reflection_prose_is_rejected_and_nothing_written(stack: LocalStack) -> None:
    msg, _ = chat(stack, "rotate logs?")
    stack.anthropic.script("I think the conversation went fine overall!")
    stack.slack.slash_command(ALICE, msg["channel"], "/done")
    settle(stack)
    [row] = reflections(stack)
    assert row.status == "rejected" and row.writer_results == {}
    assert sessions(stack)[0].state == SessionState.REFLECTED


def test_reflection_slower_than_timeout_fails(tmp_path: Path, clock: FakeClock) -> None:
    with LocalStack(
        tmp_path / "data",
        clock=clock,
        LLM_TIMEOUT_SECONDS=0.5,
        LLM_MAX_RETRIES=0,
        REFLECTION_MAX_ATTEMPTS=2,
    ) as stack:
        stack.slack.add_user(ALICE, "alice")
        msg, _ = chat(stack, "rotate logs?")
        stack.anthropic.script(Slow(3.0, then=json.dumps(GOOD)), Slow(3.0, then=json.dumps(GOOD)))
        stack.slack.slash_command(ALICE, msg["channel"], "/done")
        settle(stack)
        rows = reflections(stack)
        assert [r.status for r in rows] == ["failed", "failed"]
        assert (
            "timed out" in (rows[0].error or "").lower()
            or "timeout" in (rows[0].error or "").lower()
        )


def test_daily_cap_defers_and_tells_the_owner_once(tmp_path: Path, clock: FakeClock) -> None:
    with LocalStack(
        tmp_path / "data", clock=clock, owner="U0OWNER", REFLECTION_DAILY_CAP_USD=0
    ) as stack:
        stack.slack.add_user(ALICE, "alice")
        owner_dm = stack.slack.dm_channel("U0OWNER")
        for text in ("first session", "second session"):
            msg, _ = chat(stack, text)
            stack.slack.slash_command(ALICE, msg["channel"], "/done")
            settle(stack)
        assert [s.state for s in sessions(stack)] == [SessionState.DEFERRED] * 2
        notices = [
            c
            for c in stack.slack.calls
            if c.method == "chat.postMessage"
            and c.params.get("channel") == owner_dm
            and "reflection budget" in str(c.params.get("text"))
        ]
        assert len(notices) == 1
        # After midnight UTC with budget available, the deferred job reflects them.
        assert all(r.status == "deferred" for r in reflections(stack))


def test_done_while_a_reply_is_generated_reflects_once_after_the_reply(
    stack: LocalStack,
) -> None:
    # The reply lands in a session already closing: the session is reflected then, once, with
    # the reply in its transcript (the engine reports the state it read with the reply).
    stack.anthropic.script(Slow(2.0, then="Use logrotate with rotate 7."), json.dumps(GOOD))
    msg = stack.slack.user_dm(ALICE, "how do I rotate logs?")
    stack.anthropic.wait_for_requests(1, timeout=10)  # the model is thinking
    stack.slack.slash_command(ALICE, msg["channel"], "/done")
    settle(stack)
    [session] = sessions(stack)
    assert session.state == SessionState.REFLECTED
    [row] = reflections(stack)
    assert row.status == "ok"
    reflection_request = stack.anthropic.requests[-1].body
    assert "Use logrotate with rotate 7." in json.dumps(reflection_request)
