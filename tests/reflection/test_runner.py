"""The reflection runner: budgets, caps, retries, guards, ledger rows and session states."""

from __future__ import annotations

import json
import re
import threading
from typing import Any

import pytest

from reflection.errors import LLMRejected, LLMUnavailable
from reflection.heuristic import HeuristicReflector
from reflection.llm import LLMRequest, LLMResponse, Usage
from reflection.pricing import PriceTable
from reflection.prompt import Line, RenderedLines, render_lines, shorten_middle
from reflection.runner import ReflectionPolicy, ReflectionRunner
from store import budget, feedback
from store import sessions as S
from store.clock import FakeClock
from store.db import Store
from store.models import AuditEvent, ReflectionRow, SessionState
from tests.support.fakes import FakeLLM

GOOD = json.dumps(
    {
        "outcome": "success",
        "what_worked": "Answered the deploy question.",
        "what_didnt": "",
        "should_skill": False,
        "memory_notes": ["The team deploys with `make ship`."],
        "persona_observations": [],
        "user_model_updates": {},
        "lessons": [],
        "next_check_at": None,
    }
)


def _identity(text: str) -> str:
    return text


def _identity_json(value: Any) -> Any:
    return value


def make_runner(store: Store, clock: FakeClock, llm: Any, **policy: Any) -> ReflectionRunner:
    return ReflectionRunner(
        store=store,
        llm=llm,
        fallback=HeuristicReflector(),
        prices=PriceTable(),
        clock=clock,
        policy=ReflectionPolicy(backoff_seconds=0, **policy),
        redact=_identity,
        redact_json=_identity_json,
        sleep=lambda _s: None,
    )


def closed_session(
    store: Store, clock: FakeClock, texts: list[str] | None = None, user: str = "U1"
) -> str:
    with store.sessions.begin() as db:
        key = S.SessionKey("T1", "D1", "", user)
        session, _ = S.get_or_open(db, key, now=clock.now())
        for i, text in enumerate(texts or ["how do I deploy?", "Use make ship.", "thanks, works"]):
            S.add_message(
                db,
                session_id=session.id,
                channel="D1",
                ts=f"{100 + i}.000001",
                user_id=None if i % 2 else user,
                is_bot=bool(i % 2),
                text=text,
                now=clock.now(),
            )
        assert S.close(db, session.id, now=clock.now(), reason="done")
    return session.id


def rows(store: Store, session_id: str) -> list[ReflectionRow]:
    with store.sessions() as db:
        return list(
            db.query(ReflectionRow).filter_by(session_id=session_id).order_by(ReflectionRow.attempt)
        )


def state(store: Store, session_id: str) -> str:
    with store.sessions() as db:
        row = S.get(db, session_id)
        assert row is not None
        return row.state


def test_ok_reflection_is_recorded_once(store: Store, clock: FakeClock) -> None:
    llm = FakeLLM(name="anthropic", model="claude-haiku-4-5").enqueue(GOOD)
    runner = make_runner(store, clock, llm)
    sid = closed_session(store, clock)
    outcome = runner.reflect(sid)
    assert outcome.status == "ok" and outcome.reflection is not None
    assert outcome.reflection.memory_notes == ["The team deploys with `make ship`."]
    assert state(store, sid) == SessionState.REFLECTED
    # A second attempt (idle sweep, second replica) finds nothing to do.
    assert runner.reflect(sid).status == "busy"
    [row] = rows(store, sid)
    assert row.status == "ok" and row.outcome == "success" and row.prompt_hash
    request = llm.history[0]
    assert request.purpose == "reflection" and request.json_schema is not None
    user_text = request.messages[0].content
    assert "<transcript>" in user_text and "[user U1, turn 1] how do I deploy?" in user_text


def test_transient_failures_retry_then_fail_and_retry_command_recovers(
    store: Store, clock: FakeClock
) -> None:
    llm = FakeLLM(name="anthropic").enqueue(*(LLMUnavailable("529 overloaded") for _ in range(3)))
    runner = make_runner(store, clock, llm, max_attempts=3)
    sid = closed_session(store, clock)
    outcome = runner.reflect(sid)
    assert outcome.status == "failed" and len(outcome.attempts) == 3
    assert state(store, sid) == SessionState.FAILED
    assert [r.status for r in rows(store, sid)] == ["failed"] * 3
    # The transcript is intact and the reflection can be re-run.
    llm.enqueue(GOOD)
    assert runner.reflect(sid).status == "busy"  # not without asking for a retry
    assert runner.reflect(sid, retry_failed=True).status == "ok"
    with store.sessions() as db:
        assert len(S.transcript(db, sid)) == 3
        assert budget.day_totals(db, clock.now().date().isoformat())[0] == pytest.approx(
            sum(r.cost_usd for r in rows(store, sid))
        )


def test_rejected_request_is_not_retried(store: Store, clock: FakeClock) -> None:
    llm = FakeLLM(name="anthropic").enqueue(LLMRejected("401 bad key"))
    outcome = make_runner(store, clock, llm).reflect(closed_session(store, clock))
    assert outcome.status == "failed" and len(llm.history) == 1


def test_banned_keyword_rejects_whole_reflection(store: Store, clock: FakeClock) -> None:
    bad = GOOD.replace("make ship", "the Claw tool")
    llm = FakeLLM(name="anthropic").enqueue(bad)
    sid = closed_session(store, clock)
    outcome = make_runner(store, clock, llm).reflect(sid)
    assert outcome.status == "rejected" and "banned keyword" in (outcome.error or "")
    assert outcome.reflection is None
    assert state(store, sid) == SessionState.REFLECTED  # still closed
    [row] = rows(store, sid)
    assert row.raw_output == bad and row.parsed is None


class CanaryLeaker:
    """A model that obeys an injection and echoes the prompt's canary."""

    name = "anthropic"

    def complete(self, request: LLMRequest) -> LLMResponse:
        canary = re.search(r"CANARY-[0-9a-f]+", request.system[0].text)
        assert canary is not None
        text = GOOD.replace("make ship", f"make ship {canary.group(0)}")
        return LLMResponse(
            text=text, model=request.model, provider="anthropic", usage=Usage(10, 10)
        )


def test_canary_in_output_rejects(store: Store, clock: FakeClock) -> None:
    outcome = make_runner(store, clock, CanaryLeaker()).reflect(closed_session(store, clock))
    assert outcome.status == "rejected" and "canary" in (outcome.error or "")


def test_garbage_output_is_rejected_with_reason(store: Store, clock: FakeClock) -> None:
    llm = FakeLLM(name="anthropic").enqueue("I'm sorry, I can't help with that.")
    outcome = make_runner(store, clock, llm).reflect(closed_session(store, clock))
    assert outcome.status == "rejected" and outcome.error


def test_waits_for_reply_in_flight(store: Store, clock: FakeClock) -> None:
    from sqlalchemy import update

    from store.models import Message, ReplyState

    sid = closed_session(store, clock)
    with store.sessions.begin() as db:
        S.add_message(
            db,
            session_id=sid,
            channel="D1",
            ts="199.000001",
            user_id="U1",
            is_bot=False,
            text="one more thing",
            now=clock.now(),
            reply_state=ReplyState.PENDING,
        )
    runner = make_runner(store, clock, FakeLLM(name="anthropic").enqueue(GOOD))
    assert runner.reflect(sid).status == "waiting"
    with store.sessions.begin() as db:
        db.execute(update(Message).where(Message.ts == "199.000001").values(reply_state="answered"))
    assert runner.reflect(sid).status == "ok"


def test_over_cap_defers_then_runs_after_midnight(store: Store, clock: FakeClock) -> None:
    clock.set(clock.now().replace(hour=23, minute=50))
    llm = FakeLLM(name="anthropic", model="claude-haiku-4-5")
    llm.default = GOOD
    runner = make_runner(store, clock, llm, daily_cap_usd=0.01, max_budget_usd=0.005)
    capped: list[str] = []
    runner.on_cap_hit = lambda day, cap: capped.append(day)
    day = clock.now().date().isoformat()
    with store.sessions.begin() as db:  # most of today's budget is already committed
        assert budget.reserve(db, day=day, amount=0.008, cap=0.01)
    sid = closed_session(store, clock)
    assert runner.reflect(sid).status == "deferred"
    assert state(store, sid) == SessionState.DEFERRED and capped == [day]
    assert llm.history == []
    clock.advance(minutes=15)  # 00:05 UTC next day
    assert runner.reflect(sid).status == "ok"
    assert state(store, sid) == SessionState.REFLECTED


def test_over_cap_heuristic_and_skip(store: Store, clock: FakeClock) -> None:
    llm = FakeLLM(name="anthropic")
    heuristic = make_runner(store, clock, llm, daily_cap_usd=0.0, over_cap="heuristic")
    out = heuristic.reflect(closed_session(store, clock, user="U1"))
    assert out.status == "ok" and llm.history == []
    assert rows(store, out.session_id)[0].provider == "heuristic"
    skip = make_runner(store, clock, llm, daily_cap_usd=0.0, over_cap="skip")
    sid = closed_session(store, clock, user="U2")
    assert skip.reflect(sid).status == "skipped" and state(store, sid) == SessionState.SKIPPED


def test_disabled_skips_but_closes(store: Store, clock: FakeClock) -> None:
    sid = closed_session(store, clock)
    out = make_runner(store, clock, FakeLLM(), disabled=True).reflect(sid)
    assert out.status == "skipped" and state(store, sid) == SessionState.SKIPPED


def test_parallel_reflections_at_the_cap_never_overshoot(store: Store, clock: FakeClock) -> None:
    class Priced:
        name = "anthropic"

        def complete(self, request: LLMRequest) -> LLMResponse:
            # Spend most of what was reservable: many input tokens, full output.
            return LLMResponse(
                text=GOOD,
                model=request.model,
                provider="anthropic",
                usage=Usage(input_tokens=800, output_tokens=request.max_tokens),
            )

    cap = 0.03
    runner = make_runner(
        store, clock, Priced(), daily_cap_usd=cap, max_budget_usd=0.01, max_tokens=1000
    )
    sids = [closed_session(store, clock, user=f"U{i}") for i in range(12)]
    barrier = threading.Barrier(len(sids))
    statuses: list[str] = []

    def go(sid: str) -> None:
        barrier.wait()
        statuses.append(runner.reflect(sid).status)

    threads = [threading.Thread(target=go, args=(sid,)) for sid in sids]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    with store.sessions() as db:
        committed, spent = budget.day_totals(db, clock.now().date().isoformat())
    assert statuses.count("ok") >= 1 and statuses.count("deferred") >= 1
    assert spent <= cap + 1e-9 and committed <= cap + 1e-9


def test_long_transcript_is_shortened_in_the_middle(store: Store, clock: FakeClock) -> None:
    texts = [f"message number {i} " + "x" * 400 for i in range(400)]
    llm = FakeLLM(name="anthropic").enqueue(GOOD)
    runner = make_runner(store, clock, llm, max_budget_usd=0.05)
    assert runner.reflect(closed_session(store, clock, texts)).status == "ok"
    sent = llm.history[0].messages[0].content
    assert "message number 0 " in sent and "message number 399 " in sent
    assert re.search(r"\[… \d+ messages omitted from the middle", sent)


def test_shorten_middle_keeps_both_ends() -> None:
    lines = [f"line {i}" for i in range(100)]
    packed, dropped = shorten_middle(lines, 200)
    assert packed[0] == "line 0" and packed[-1] == "line 99" and dropped > 0
    assert shorten_middle(lines, 10_000) == (lines, 0)
    [clipped], _ = shorten_middle(["a" * 5000], 300)
    assert clipped.startswith("aaa") and "omitted" in clipped and len(clipped) < 300


def test_a_transcript_past_the_budget_is_redacted_only_where_it_is_kept() -> None:
    seen: list[str] = []

    def redact(text: str) -> str:
        seen.append(text)
        return text.replace("secret", "[REDACTED]")

    lines = [Line("user U1", f"secret message {i} " + "x" * 80, turn=i + 1) for i in range(5000)]
    eager = shorten_middle(render_lines(lines, lambda t: t.replace("secret", "[REDACTED]")), 20_000)
    lazy = RenderedLines(lines, redact)
    # The same prompt as rendering every line first …
    assert shorten_middle(lazy, 20_000) == eager
    # … for which it redacted a few hundred lines, not 5,000 (a 200,000-message transcript
    # given to `seshat reflect` spent minutes here).
    assert len(seen) < 1000
    assert shorten_middle(lazy, 14_000) == shorten_middle(list(lazy), 14_000)
    assert all("secret" not in line for line in eager[0])
    assert lazy[-1] == lazy[4999] and lazy[1:3] == [lazy[1], lazy[2]]
    with pytest.raises(IndexError):
        lazy[5000]


def _rate(store: Store, clock: FakeClock, sid: str, user: str, reply_ts: str, rating: str) -> None:
    with store.sessions.begin() as db:
        feedback.record(
            db,
            session_id=sid,
            channel="D1",
            reply_ts=reply_ts,
            answers_ts=None,
            user_id=user,
            rating=rating,
            action_ts=f"{clock.now().timestamp():.6f}",
            now=clock.now(),
        )


def test_feedback_is_shown_after_its_reply_and_a_thumbs_down_clamps_success(
    store: Store, clock: FakeClock
) -> None:
    llm = FakeLLM(name="anthropic", model="claude-haiku-4-5").enqueue(GOOD)
    sid = closed_session(
        store, clock, ["how do I deploy?", "Use make ship.", "and then?", "Tag it.", "ok"]
    )
    _rate(store, clock, sid, "U1", "101.000001", "negative")
    _rate(store, clock, sid, "UOWNER", "103.000001", "positive")
    outcome = make_runner(store, clock, llm).reflect(sid)
    assert outcome.status == "ok" and outcome.reflection is not None
    assert outcome.reflection.outcome == "partial"  # the model said success
    sent = llm.history[0].messages[0].content
    assert (
        "[assistant, turn 2] Use make ship.\n"
        "[feedback button, not said in the chat] the user marked this answer as wrong (👎)\n"
        "[user U1, turn 3] and then?\n"
        "[assistant, turn 4] Tag it.\n"
        "[feedback button, not said in the chat] an owner (UOWNER) marked this answer as "
        "helpful (👍)\n"
    ) in sent
    [row] = rows(store, sid)
    assert (
        row.outcome == "partial" and row.parsed is not None and row.parsed["outcome"] == "partial"
    )
    with store.sessions() as db:
        [clamp] = db.query(AuditEvent).filter_by(action="reflection.outcome_clamped").all()
    assert clamp.target_id == row.id and clamp.detail["from"] == "success"


@pytest.mark.parametrize(("said", "rating"), [("failure", "negative"), ("success", "positive")])
def test_feedback_never_raises_an_outcome_and_a_thumbs_up_clamps_nothing(
    sqlite_store: Store, clock: FakeClock, said: str, rating: str
) -> None:
    raw = json.dumps({**json.loads(GOOD), "outcome": said})
    llm = FakeLLM(name="anthropic", model="claude-haiku-4-5").enqueue(raw)
    sid = closed_session(sqlite_store, clock)
    _rate(sqlite_store, clock, sid, "U1", "101.000001", rating)
    outcome = make_runner(sqlite_store, clock, llm).reflect(sid)
    assert outcome.reflection is not None and outcome.reflection.outcome == said
    with sqlite_store.sessions() as db:
        assert not db.query(AuditEvent).filter_by(action="reflection.outcome_clamped").all()
