"""The per-reply checks `Engine._answer` runs around the model call, kept cheap without changing
what they decide (issue 27, hot18-answer): the stall guard's first reply, the daily budget's day,
the memory prompt's match. Real store, real embedder, a fake clock."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from bot.chat.budget import ChatBudget, ChatCaps
from bot.chat.stall import CLEAR, CUE, Detector, Score, StallConfig, StallGuard
from bot.surfaces.assistant import MEMORY_PROMPT, _same_prompt
from store import events
from store import sessions as S
from store.clock import FakeClock
from store.db import Store
from store.models import ChatSession
from writers.embed import HashingEmbedder

REPLY = "Restart the service with `systemctl restart app`, then read its logs again."


def _session(store: Store, clock: FakeClock, user: str = "U0ALICE") -> ChatSession:
    with store.engine.connect() as conn, conn.begin():
        got = S.open_or_touch(conn, S.SessionKey("T1", "D" + user[1:], "", user), now=clock.now())
    return got.session


def _guard(store: Store, clock: FakeClock) -> StallGuard:
    return StallGuard(
        store=store, clock=clock, detector=Detector(HashingEmbedder()), config=StallConfig()
    )


def _kinds(store: Store, session_id: str) -> list[str]:
    with store.sessions() as db:
        return [e.kind for e in events.of_session(db, session_id)]


def test_a_first_reply_without_events_scores_as_the_detector_and_records_nothing(
    sqlite_store: Store, clock: FakeClock
) -> None:
    session = _session(sqlite_store, clock)
    guard = _guard(sqlite_store, clock)
    got = guard.observe(session.id, REPLY, ([(7, REPLY)], []))
    assert got == guard.detector.score([], REPLY) == Score(0.0, 0.0, 0, False)
    assert _kinds(sqlite_store, session.id) == []
    # No event and nothing read: the plan is the default one.
    assert guard.plan(session.id, []) == guard.plan(session.id, None)


def test_a_first_reply_after_a_ladder_step_still_stands_the_ladder_down(
    sqlite_store: Store, clock: FakeClock
) -> None:
    """Only a reply with no event before it skips the guard's steps: one after a cue (a session
    whose earlier replies are out of the window) moved on, so the ladder stands down."""
    session = _session(sqlite_store, clock)
    with sqlite_store.sessions.begin() as db:
        events.record(db, session.id, CUE, now=clock.now(), detail={"after_message_id": 0})
    with sqlite_store.sessions() as db:
        history = events.of_session(db, session.id)
    guard = _guard(sqlite_store, clock)
    got = guard.observe(session.id, REPLY, ([(7, REPLY)], history))
    assert got == Score(0.0, 0.0, 0, False)
    assert _kinds(sqlite_store, session.id) == [CUE, CLEAR]


def test_the_budget_day_turns_at_midnight_utc(sqlite_store: Store) -> None:
    """A person over their daily cap is refused until 00:00 UTC and answered from then on (the
    day the spend is kept under is worked out once a day, not per reply)."""
    clock = FakeClock(datetime(2026, 1, 15, 23, 59, 58, tzinfo=UTC))
    session = _session(sqlite_store, clock)
    budget = ChatBudget(store=sqlite_store, clock=clock, caps=ChatCaps(user_usd=1.0))
    assert budget.refusal(session) is None
    budget.spent(session.id, 2.0)
    assert budget.refusal(session) is not None
    clock.advance(timedelta(seconds=1, microseconds=999_999))  # 23:59:59.999999
    assert budget.refusal(session) is not None
    clock.advance(timedelta(microseconds=1))  # 00:00 the next day
    assert budget.refusal(session) is None
    budget.spent(session.id, 2.0)
    clock.advance(timedelta(hours=23, minutes=59))
    assert budget.refusal(session) is not None


@pytest.mark.parametrize(
    ("text", "same"),
    [
        (MEMORY_PROMPT, True),
        ("what do you remember about me", True),
        ("  WHAT do you\n\tREMEMBER   about me?!  ", True),
        ("What do you Remember about me...", True),
        ("What do you remember about me, please?", False),
        ("What do you re member about me?", False),
        ("What do you recall about me?", False),
        ("turn 0 from U0ALICE", False),
        ("", False),
    ],
)
def test_the_memory_prompt_matches_as_its_normal_form(text: str, same: bool) -> None:
    def norm(t: str) -> str:
        return " ".join(t.split()).rstrip("?!. ").lower()

    assert norm(text) == norm(MEMORY_PROMPT) if same else norm(text) != norm(MEMORY_PROMPT)
    assert _same_prompt(text) is same
