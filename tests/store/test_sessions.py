"""Storage on SQLite and PostgreSQL: migrations, sessions, compare-and-set, dedupe, ledger."""

from __future__ import annotations

import threading
from datetime import timedelta
from typing import Any

from sqlalchemy import inspect, select, update

from store import events, ledger
from store import sessions as S
from store.clock import FakeClock, as_utc
from store.db import Store, current_revision, upgrade
from store.leases import claimable
from store.models import (
    FactInjection,
    LessonInjection,
    LessonRow,
    Message,
    Observation,
    ReplyState,
    SessionState,
)
from tests.support.lesson_helpers import add_fact

KEY = S.SessionKey(team="T1", channel="D1", thread_ts="", user_id="U1")


def test_migrations_reach_head_and_are_idempotent(store: Store) -> None:
    upgrade(store.engine)  # a second start changes nothing
    assert current_revision(store.engine) is not None
    tables = set(inspect(store.engine).get_table_names())
    assert {"sessions", "messages", "processed_events", "llm_calls", "audit_events"} <= tables


def test_one_open_session_per_key_and_transcript_order(store: Store, clock: FakeClock) -> None:
    with store.sessions.begin() as db:
        first, created = S.get_or_open(db, KEY, now=clock.now())
        assert created
    with store.sessions.begin() as db:
        again, created = S.get_or_open(db, KEY, now=clock.now())
        assert not created and again.id == first.id
        for ts, text in [("10.000001", "later"), ("9.000001", "earlier")]:
            assert S.add_message(
                db,
                session_id=first.id,
                channel="D1",
                ts=ts,
                user_id="U1",
                is_bot=False,
                text=text,
                now=clock.now(),
            )
        # The same ts twice is stored once.
        assert not S.add_message(
            db,
            session_id=first.id,
            channel="D1",
            ts="9.000001",
            user_id="U1",
            is_bot=False,
            text="dup",
            now=clock.now(),
        )
    with store.sessions() as db:
        assert [m.text for m in S.transcript(db, first.id)] == ["earlier", "later"]


def test_close_is_compare_and_set_and_reopens_fresh(store: Store, clock: FakeClock) -> None:
    with store.sessions.begin() as db:
        session, _ = S.get_or_open(db, KEY, now=clock.now())
    with store.sessions.begin() as db:
        assert S.close(db, session.id, now=clock.now(), reason="done")
    with store.sessions.begin() as db:
        assert not S.close(db, session.id, now=clock.now(), reason="idle")
        row = S.get(db, session.id)
        assert row is not None and row.state == SessionState.CLOSING and row.close_reason == "done"
        fresh, created = S.get_or_open(db, KEY, now=clock.now())
        assert created and fresh.id != session.id


def test_concurrent_closes_have_exactly_one_winner(store: Store, clock: FakeClock) -> None:
    with store.sessions.begin() as db:
        session, _ = S.get_or_open(db, KEY, now=clock.now())
    barrier = threading.Barrier(8)
    wins: list[bool] = []
    lock = threading.Lock()

    def racer(reason: str) -> None:
        barrier.wait()
        with store.sessions.begin() as db:
            won = S.close(db, session.id, now=clock.now(), reason=reason)
        with lock:
            wins.append(won)

    threads = [threading.Thread(target=racer, args=(f"r{i}",)) for i in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(wins) == [False] * 7 + [True]


def test_concurrent_opens_share_one_session(store: Store, clock: FakeClock) -> None:
    barrier = threading.Barrier(6)
    ids: list[str] = []
    lock = threading.Lock()

    def opener() -> None:
        barrier.wait()
        with store.sessions.begin() as db:
            row, _ = S.get_or_open(db, KEY, now=clock.now())
        with lock:
            ids.append(row.id)

    threads = [threading.Thread(target=opener) for _ in range(6)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(set(ids)) == 1


def test_idle_sessions_and_replies_owed(store: Store, clock: FakeClock) -> None:
    from store.models import Message, ReplyState

    with store.sessions.begin() as db:
        session, _ = S.get_or_open(db, KEY, now=clock.now())
        for ts in ("10.000001", "9.000001"):  # stored out of order; owed oldest first
            S.add_message(
                db,
                session_id=session.id,
                channel="D1",
                ts=ts,
                user_id="U1",
                is_bot=False,
                text="hi \ud800 \x00there",  # a lone surrogate and a NUL are made storable
                now=clock.now(),
                reply_state=ReplyState.PENDING,
            )
    clock.advance(minutes=31)
    with store.sessions.begin() as db:
        assert S.idle_open_sessions(db, cutoff=clock.now() - timedelta(minutes=30)) == [session.id]
        S.touch(db, session.id, now=clock.now())
        assert S.idle_open_sessions(db, cutoff=clock.now() - timedelta(minutes=30)) == []
        owed = S.next_reply(db, session.id, now=clock.now())
        assert owed is not None and owed.ts == "9.000001" and owed.text == "hi \ufffd there"
        assert S.unanswered_count(db, session.id) == 2
        assert S.sessions_owing_replies(db, now=clock.now()) == [session.id]
        # Exactly one claimant wins the compare-and-set on a reply.
        assert S.claim_reply(db, owed, now=clock.now(), lease=timedelta(minutes=5))
        assert not S.claim_reply(db, owed, now=clock.now(), lease=timedelta(minutes=5))
        db.execute(
            update(Message).where(Message.id == owed.id).values(reply_state=ReplyState.ANSWERED)
        )
        for ts in ("11.000001", "10.500001"):  # the last recorded is the last reply
            S.add_message(
                db,
                session_id=session.id,
                channel="D1",
                ts=ts,
                user_id="B1",
                is_bot=True,
                text="reply",
                now=clock.now(),
            )
    with store.sessions() as db:
        assert S.unanswered_count(db, session.id) == 1
        assert S.last_bot_ts(db, session.id) == "10.500001"


def test_event_dedupe_and_ledger(store: Store, clock: FakeClock) -> None:
    with store.sessions.begin() as db:
        assert events.claim(db, "event:Ev1", now=clock.now())
        assert not events.claim(db, "event:Ev1", now=clock.now())
        assert events.claim_all(db, ["event:Ev2", "msg:C1:1.1"], now=clock.now())
        assert not events.claim_all(db, ["event:Ev3", "msg:C1:1.1"], now=clock.now())
        # The failed batch claimed nothing, so Ev3 is still free.
        assert events.claim(db, "event:Ev3", now=clock.now())
        ledger.record_llm_call(
            db,
            purpose="chat",
            session_id=None,
            provider="anthropic",
            model="m",
            input_tokens=10,
            output_tokens=5,
            cost_usd=0.25,
            now=clock.now(),
        )
        ledger.audit(
            db,
            actor="U1",
            action="test",
            target_kind="session",
            target_id="s1",
            now=clock.now(),
            note="hi",
        )
    with store.sessions() as db:
        assert ledger.spent_since(db, purpose="chat", since=clock.now()) == 0.25
        trail = ledger.audit_trail(db, target_id="s1")
        assert trail[0].detail == {"note": "hi"}


def test_migrations_match_the_models(store: Store) -> None:
    from alembic.autogenerate import compare_metadata
    from alembic.runtime.migration import MigrationContext

    from store.models import Base

    with store.engine.connect() as conn:
        diffs = compare_metadata(MigrationContext.configure(conn), Base.metadata)
    assert diffs == []


def test_the_intake_statements_open_touch_and_claim(store: Store, clock: FakeClock) -> None:
    # The hot path's prebuilt statements on a bare connection (no ORM session).
    with store.engine.begin() as conn:
        assert events.claim_new(conn, ["msg:D1:1.0", "event:Ev1"], now=clock.now())
        opened = S.open_or_touch(conn, KEY, now=clock.now())
        first = opened.session.id
        assert opened.created and opened.owing == 0 and opened.stamp == (0, 0)
        message_id = S.add_message(
            conn,
            session_id=first,
            channel="D1",
            ts="1.0",
            user_id="U1",
            is_bot=False,
            text="hello",
            now=clock.now(),
            reply_state="pending",
            claim_until=clock.now() + timedelta(minutes=5),
        )
    clock.advance(timedelta(minutes=3))
    with store.engine.begin() as conn:
        # A delivery with one key seen before claims none of its keys.
        assert not events.claim_new(conn, ["msg:D1:2.0", "event:Ev1"], now=clock.now())
        conn.rollback()
    with store.engine.begin() as conn:
        assert events.claim_new(conn, ["msg:D1:2.0"], now=clock.now())
        again = S.open_or_touch(conn, KEY, now=clock.now())
        # The same session, with what its next reply needs to know: one message owed, and
        # the transcript's stamp (one message, its id).
        assert again.session.id == first and not again.created
        assert again.owing == 1 and again.stamp == (1, message_id) and again.events == 0
    with store.sessions() as db:
        session = S.get(db, first)
        assert session is not None
        assert abs((as_utc(session.last_activity_at) - clock.now()).total_seconds()) < 1
        [owed] = S.unanswered(db, first)
        # Stored claimed by this process for its reply: it needs no claim of its own.
        assert owed.id == message_id and S.fresh_claim(owed)
        assert S.first_answerable([owed], now=clock.now()) is owed
        # Another process sees a live claim it may not take.
        assert owed.reply_owner is not None
        assert not claimable(owed.reply_owner, owed.reply_lease_until, clock.now())


def test_a_recorded_reply_says_the_state_and_what_is_still_owed(
    store: Store, clock: FakeClock
) -> None:
    with store.sessions.begin() as db:
        session, _ = S.get_or_open(db, KEY, now=clock.now())
        ids = [
            S.add_message(
                db,
                session_id=session.id,
                channel="D1",
                ts=ts,
                user_id="U1",
                is_bot=False,
                text=ts,
                now=clock.now(),
                reply_state="pending",
            )
            for ts in ("1.0", "2.0")
        ]

    def record(message_id: int | None, ts: str) -> tuple[str, int, int, int]:
        with store.engine.begin() as conn:
            reply_id = S.add_message(
                conn,
                session_id=session.id,
                channel="D1",
                ts=ts,
                user_id="B1",
                is_bot=True,
                text="answer",
                now=clock.now(),
            )
            state, owing, count, greatest = conn.execute(
                S.ANSWERED,
                {"id_": message_id, "reply_ts_": ts, "session_": session.id, "reply_id_": reply_id},
            ).one()
        return state, owing, count, greatest

    with store.engine.begin() as conn:
        conn.execute(S.GENERATED, {"id_": ids[0], "reply_text_": "answer"})
    # The session's messages before the reply are counted (the stamp of the transcript kept in
    # memory): the two people's messages, the greatest of them the second.
    assert record(ids[0], "1.5") == (SessionState.OPEN, 1, 2, ids[1])
    _, owing, count, _ = record(ids[1], "2.5")
    assert owing == 0 and count == 3
    with store.sessions() as db:
        first = db.get(Message, ids[0])
        assert first is not None and first.reply_state == "answered" and first.reply_text is None
        assert first.reply_ts == "1.5" and first.reply_owner is None
        assert S.last_bot_ts(db, session.id) == "2.5"


def test_the_intake_reads_what_the_first_context_needs(store: Store, clock: FakeClock) -> None:
    # The upsert returns, in its own snapshot, the marks the session's learned context is chosen
    # by (writers/selector.py reads only what they show changed or present).
    with store.engine.begin() as conn:
        marks = S.open_or_touch(conn, KEY, now=clock.now()).marks
    assert (marks.user_id, marks.channel) == ("U1", "D1")
    assert (marks.audit_top, marks.user_version, marks.channel_version) == (0, 0, 0)
    assert not (marks.user_facts or marks.channel_facts or marks.user_notes)
    with store.sessions.begin() as db:
        add_fact(db, "U1's desk is 4B", scope_kind="user", scope_id="U1", now=clock.now())
        db.add(
            Observation(
                kind="user", subject="U1", text="likes tea", status="active", created_at=clock.now()
            )
        )
        db.add(
            Observation(
                kind="user",
                subject="U2",
                text="likes coffee",
                status="active",
                created_at=clock.now(),
            )
        )
        event = ledger.audit(
            db, actor="U1", action="test", target_kind="lesson", target_id="1", now=clock.now()
        )
        db.flush()
        top = event.id
    with store.engine.begin() as conn:
        marks = S.open_or_touch(conn, KEY, now=clock.now()).marks
    assert marks.audit_top == top and marks.user_version > 0 and marks.channel_version == 0
    assert marks.user_facts and not marks.channel_facts and marks.user_notes
    other = S.SessionKey(team="T1", channel="C9", thread_ts="", user_id="U3")
    with store.engine.begin() as conn:
        marks = S.open_or_touch(conn, other, now=clock.now()).marks
    assert not (marks.user_facts or marks.channel_facts or marks.user_notes)


def test_the_stored_answer_records_what_its_context_used_once(
    store: Store, clock: FakeClock
) -> None:
    # `GENERATED` carries the lessons and facts a first context used; the database's trigger
    # records those that still exist, once per session, and counts each lesson's injection.
    now = clock.now()
    with store.sessions.begin() as db:
        session, _ = S.get_or_open(db, KEY, now=now)
        message_id = S.add_message(
            db, session_id=session.id, channel="D1", ts="1.000001", user_id="U1",
            is_bot=False, text="hi", now=now, reply_state=ReplyState.PENDING,
        )  # fmt: skip
        lesson = LessonRow(
            condition="c", action="a", status="canonical", created_at=now, last_seen_at=now
        )
        db.add(lesson)
        db.flush()
        lesson_id = lesson.id
        fact_id = add_fact(
            db, "Alice deploys on Tuesdays", scope_kind="user", scope_id="U1", now=now
        ).id
    for _ in range(2):  # a second store of the answer (a retry) records nothing again
        with store.engine.begin() as conn:
            uses = S.uses_json(conn, now, [lesson_id, 999_999], [fact_id, 888_888])
            conn.execute(
                S.GENERATED, {"id_": message_id, "reply_text_": "ok", "context_uses_": uses}
            )
    with store.sessions() as db:
        lessons = db.execute(select(LessonInjection.lesson_id, LessonInjection.at)).all()
        facts = db.execute(select(FactInjection.fact_id, FactInjection.at)).all()
        assert [(i, as_utc(at)) for i, at in lessons] == [(lesson_id, now)]
        assert [(i, as_utc(at)) for i, at in facts] == [(fact_id, now)]
        assert db.get(LessonRow, lesson_id).times_injected == 1  # type: ignore[union-attr]
    with store.engine.connect() as conn:
        assert S.uses_json(conn, now, [], []) is None


def test_the_intakes_statement_is_built_once_per_dialect() -> None:
    # Built per message, SQLAlchemy walks a new statement's cache key and adapts its result
    # every time: a message's intake cost twice its CPU (issue 27, tenth round, caught by the
    # load pair). The statement has no expanding parameter left to render at each run either.
    for dialect in ("sqlite", "postgresql"):
        built = S._open_or_touch(dialect)
        assert S._open_or_touch(dialect) is built
        assert not built.compile(dialect=_dialect(dialect)).post_compile_params


def _dialect(name: str) -> Any:
    from sqlalchemy.dialects import postgresql, sqlite

    return sqlite.dialect() if name == "sqlite" else postgresql.dialect()
