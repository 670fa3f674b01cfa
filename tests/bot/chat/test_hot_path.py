"""What one answered message costs the database, counted by SQLAlchemy event hooks on the real
daemon (Bolt, slack_sdk and the anthropic SDK over loopback, SQLite): a handful of prebuilt
statements in three writing transactions (the store before the ack, the answer before its post,
the posted reply). A session's later message reads nothing else (the intake hands its turn
over); its first one reads only what its learned context is chosen from."""

from __future__ import annotations

import json
import threading
import time
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Literal

import pytest
from sqlalchemy import event, select

from bot.chat.claims import Kept, Transcripts
from bot.doubles.stack import LocalStack
from store import sessions as S
from store.models import FactInjection, LessonInjection, LessonRow, MemoryEntry, Message, ReplyState
from tests.support.lesson_helpers import add_fact
from writers.lessons.review import audit_lesson

ALICE = "U0ALICE"
BOB = "U0BOB"


class Counts:
    """Statements and transactions (writing ones apart) on an engine, while `on`."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.on = False
        self.statements: list[str] = []
        self.transactions = 0
        self.writing = 0

    def begin(self, conn: Any) -> None:
        conn.info["test_wrote"] = False
        if self.on:
            with self.lock:
                self.transactions += 1

    def statement(self, conn: Any, _cursor: Any, sql: str, *_args: Any) -> None:
        if not self.on:
            return
        with self.lock:
            self.statements.append(" ".join(sql.split()[:4]))
            if sql.lstrip()[:6].upper() in ("INSERT", "UPDATE", "DELETE"):
                if not conn.info.get("test_wrote"):
                    conn.info["test_wrote"] = True
                    self.writing += 1


def answered(
    stack: LocalStack,
    user: str,
    text: str,
    counts: Counts | None = None,
    *,
    channel: str | None = None,
) -> str:
    """`user` DMs `text` (or asks the bot in `channel`); returns its ts once the reply is
    posted and recorded (counted while `counts` is given)."""
    if counts is not None:
        counts.on = True
    sent = (
        stack.slack.user_dm(user, text)
        if channel is None
        else stack.slack.user_posts(user, channel, f"<@{stack.slack.bot_user_id}> {text}")
    )
    stack.slack.wait_for_call(
        "chat.postMessage", lambda c: c.params.get("thread_ts") == sent["ts"], timeout=15
    )
    assert stack.bot.engine.wait_idle(10)
    time.sleep(0.3)
    if counts is not None:
        counts.on = False
    return str(sent["ts"])


@pytest.mark.slow
@pytest.mark.parametrize("mode", ["socket", "http"])
def test_an_answered_message_costs_few_statements_in_three_writes(
    tmp_path: Path, mode: Literal["socket", "http"]
) -> None:
    with LocalStack(tmp_path / "data", mode=mode) as stack:
        stack.slack.add_user(ALICE, "alice")
        stack.slack.add_user(BOB, "bob")
        # Someone else's session first: what every session shares (skills, identity, the
        # workspace's spend today) is read once, not per session.
        answered(stack, BOB, "hello, I am Bob")
        store = stack.bot.store
        assert store is not None
        first, later = Counts(), Counts()
        for counts in (first, later):
            event.listen(store.engine, "begin", counts.begin)
            event.listen(store.engine, "before_cursor_execute", counts.statement)
        first_ts = answered(stack, ALICE, "hello there", first)
        later_ts = answered(stack, ALICE, "and a second question, please", later)
        with store.sessions() as db:
            for ts in (first_ts, later_ts):
                row = db.query(Message).filter(Message.ts == ts).one()
                assert row.reply_state == ReplyState.ANSWERED and row.reply_owner is None
                assert row.reply_attempts == 1  # claimed once, at the intake
        # A later message: the intake (dedupe, the session upserted, the message), the answer
        # stored (ledger, message), the reply recorded (reply, message): 7, in 3 transactions,
        # all writing. No claim read: the intake handed its turn over.
        assert later.writing == 3, later.statements
        assert len(later.statements) <= 7, later.statements
        assert later.transactions <= 3, "\n".join([str(later.transactions), *later.statements])
        # A session's first message costs the same: the intake's upsert also returned what its
        # learned context is chosen by (the library's audit mark, the fact scopes' versions,
        # whether they hold facts and Alice any notes), and nothing of it changed or exists,
        # so the context reads nothing.
        assert first.writing == 3, first.statements
        assert len(first.statements) <= 7, first.statements
        assert first.transactions <= 3, "\n".join([str(first.transactions), *first.statements])


@pytest.mark.slow
def test_what_a_first_context_uses_is_recorded_with_the_answer(tmp_path: Path) -> None:
    # The lessons, facts and skill a session's context put before the model are recorded by
    # the transaction that stores the answer, not by a transaction of their own.
    with LocalStack(tmp_path / "data") as stack:
        stack.slack.add_user(ALICE, "alice")
        stack.slack.add_user(BOB, "bob")
        store = stack.bot.store
        assert store is not None
        now = datetime.now(UTC)
        with store.sessions.begin() as db:
            lesson = LessonRow(
                condition="When someone asks how to deploy",
                action="Check the release freeze calendar before suggesting a deploy.",
                rationale="Deploys during a freeze get rolled back.",
                task_type="deploy",
                status="canonical",
                session_ids=["s-old"],
                author_ids=[BOB],
                provenance=[],
                created_at=now,
                last_seen_at=now,
            )
            db.add(lesson)
            db.flush()
            lesson_id = lesson.id
            audit_lesson(db, lesson_id, "lesson.canonical", BOB, now, why="seeded by the test")
        # Bob's session first: the library is loaded once for every session.
        answered(stack, BOB, "how do I deploy the billing service?")
        first = Counts()
        event.listen(store.engine, "begin", first.begin)
        event.listen(store.engine, "before_cursor_execute", first.statement)
        asked = "how do I deploy the billing service today?"
        ts = answered(stack, ALICE, asked, first)
        assert "freeze calendar" in _asked_with(stack, asked)

        def injected(ts: str) -> tuple[list[int], list[int]]:
            with store.sessions() as db:
                session_id = db.query(Message).filter(Message.ts == ts).one().session_id
                lessons = select(LessonInjection.lesson_id).where(
                    LessonInjection.session_id == session_id
                )
                facts = select(FactInjection.fact_id).where(FactInjection.session_id == session_id)
                return list(db.scalars(lessons)), list(db.scalars(facts))

        assert injected(ts) == ([lesson_id], [])
        with store.sessions() as db:
            stored = db.get(LessonRow, lesson_id)
            assert stored is not None and stored.times_injected == 2  # Bob's session, Alice's
        # The intake (3); the answer stored with its ledger row, the statement storing it
        # carrying the lesson's injection for the database's triggers to record and count (2);
        # the reply recorded (2). No transaction of the context's own.
        assert first.writing == 3, "\n".join(first.statements)
        assert first.transactions <= 3, "\n".join([str(first.transactions), *first.statements])
        assert len(first.statements) <= 7, "\n".join(first.statements)

        # A fact of Alice's, new since her last session, in her next one: its scopes' shelf is
        # read again, by one statement in the intake's transaction (which saw the scope's
        # version move) that also says which facts she may see and keeps their texts (no read
        # of the lines), and recorded with the answer: three transactions, all writing.
        with store.sessions.begin() as db:
            session = db.query(Message).filter(Message.ts == ts).one().session_id
            assert S.close(db, session, now=datetime.now(UTC), reason="test")
            fact_id = add_fact(
                db,
                "Alice deploys the billing service only with a second reviewer from payments",
                scope_kind="user",
                scope_id=ALICE,
                now=datetime.now(UTC),
                author_id=ALICE,
            ).id
        with_fact = Counts()
        event.listen(store.engine, "begin", with_fact.begin)
        event.listen(store.engine, "before_cursor_execute", with_fact.statement)
        asked = "who reviews my billing deploys?"
        ts = answered(stack, ALICE, asked, with_fact)
        assert "second reviewer" in _asked_with(stack, asked)
        assert injected(ts) == ([lesson_id], [fact_id])
        assert with_fact.writing == 3, "\n".join(with_fact.statements)
        assert with_fact.transactions <= 3, "\n".join(
            [str(with_fact.transactions), *with_fact.statements]
        )
        reads = [q for q in with_fact.statements if q.startswith("SELECT")]
        assert len(reads) == 1 and len(with_fact.statements) <= 8, "\n".join(with_fact.statements)


@pytest.mark.slow
def test_a_first_context_with_known_facts_costs_no_read(tmp_path: Path) -> None:
    # Alice's facts, unchanged since her last session: her next session's first context takes
    # them (their lines too) from the fact index, reads nothing, and records them with the
    # answer: 7 statements in 3 transactions, all writing.
    with LocalStack(tmp_path / "data") as stack:
        stack.slack.add_user(ALICE, "alice")
        store = stack.bot.store
        assert store is not None
        with store.sessions.begin() as db:
            fact_id = add_fact(
                db,
                "Alice deploys the billing service only with a second reviewer from payments",
                scope_kind="user",
                scope_id=ALICE,
                now=datetime.now(UTC),
                author_id=ALICE,
            ).id
        asked = "who reviews my billing deploys?"
        ts = answered(stack, ALICE, asked)
        assert "second reviewer" in _asked_with(stack, asked)
        with store.sessions.begin() as db:
            session = db.query(Message).filter(Message.ts == ts).one().session_id
            assert S.close(db, session, now=datetime.now(UTC), reason="test")
        again = Counts()
        event.listen(store.engine, "begin", again.begin)
        event.listen(store.engine, "before_cursor_execute", again.statement)
        asked = "and who reviews my billing deploys on Fridays?"
        ts = answered(stack, ALICE, asked, again)
        assert "second reviewer" in _asked_with(stack, asked)
        with store.sessions() as db:
            session = db.query(Message).filter(Message.ts == ts).one().session_id
            recorded = select(FactInjection.fact_id).where(FactInjection.session_id == session)
            assert list(db.scalars(recorded)) == [fact_id]
        # The intake (3); the answer with its ledger row, carrying the fact's record (2); the
        # reply recorded (2).
        assert again.writing == 3, "\n".join(again.statements)
        assert again.transactions <= 3, "\n".join([str(again.transactions), *again.statements])
        assert len(again.statements) <= 7, "\n".join(again.statements)


def _asked_with(stack: LocalStack, text: str) -> str:
    """The model request (as JSON) that asked about `text`."""
    for request in reversed(stack.anthropic.requests):
        body = json.dumps(request.body)
        if text in json.dumps(request.body["messages"]):
            return body
    raise AssertionError(f"no request asked about {text!r}")


def test_a_first_context_sees_facts_another_process_wrote_or_deleted(tmp_path: Path) -> None:
    # The intake's marks decide what a session's first context reads. A fact written or deleted
    # behind this process's back (no in-process cache told, as by another replica) before the
    # message is stored is in, or out of, that context.
    with LocalStack(tmp_path / "data") as stack:
        stack.slack.add_user(ALICE, "alice")
        answered(stack, ALICE, "hello")
        store = stack.bot.store
        assert store is not None

        def close_alices_session() -> None:
            with store.sessions.begin() as db:
                session = db.query(Message).filter(Message.user_id == ALICE).all()[-1].session_id
                assert S.close(db, session, now=datetime.now(UTC), reason="test")

        close_alices_session()
        with store.sessions.begin() as db:
            fact = add_fact(
                db,
                "Alice's locker code is 8812",
                scope_kind="user",
                scope_id=ALICE,
                now=datetime.now(UTC),
                author_id=ALICE,
            )
            fact_id = fact.id
        answered(stack, ALICE, "which locker code do I have?")
        assert "8812" in _asked_with(stack, "which locker code do I have?")
        close_alices_session()
        with store.sessions.begin() as db:
            db.delete(db.get(MemoryEntry, fact_id))
            add_fact(
                db,
                "Alice's new locker code is 9921",
                scope_kind="user",
                scope_id=ALICE,
                now=datetime.now(UTC),
                author_id=ALICE,
            )
        answered(stack, ALICE, "remind me of my locker code")
        asked = _asked_with(stack, "remind me of my locker code")
        assert "8812" not in asked and "9921" in asked


def test_a_transcript_another_process_wrote_to_is_read_again(tmp_path: Path) -> None:
    # The in-process copy of a transcript is used only while the database says it is whole: a
    # message and reply another replica stored in the session in between are in the next
    # request to the model.
    with LocalStack(tmp_path / "data") as stack:
        stack.slack.add_user(ALICE, "alice")
        first_ts = answered(stack, ALICE, "first question")
        store = stack.bot.store
        assert store is not None
        with store.sessions.begin() as db:
            row = db.query(Message).filter(Message.ts == first_ts).one()
            # After the first reply (posted more than 0.3 s ago), before the next message.
            now = time.time()
            for ts, is_bot, text, state in (
                (f"{now - 0.02:.6f}", False, "my locker is number 4711", ReplyState.ANSWERED),
                (f"{now - 0.01:.6f}", True, "noted, locker 4711", None),
            ):
                S.add_message(
                    db,
                    session_id=row.session_id,
                    channel=row.channel,
                    ts=ts,
                    user_id="B0BOT" if is_bot else ALICE,
                    is_bot=is_bot,
                    text=text,
                    now=row.created_at,
                    reply_state=state,
                )
        answered(stack, ALICE, "which locker was it?")
        sent = json.dumps(stack.anthropic.requests[-1].body["messages"])
        assert "my locker is number 4711" in sent and "noted, locker 4711" in sent


def test_a_kept_transcript_moves_only_from_the_stamp_it_was_at() -> None:
    kept = Transcripts()
    kept.keep("s", [Kept(1, "1.0", False, "hi")], (1, 1))
    # The reply to message 1, stored when the session had 1 message (greatest id 1).
    assert kept.added("s", (1, 1), Kept(2, "1.5", True, "hello"), answered=1) == [
        Kept(1, "1.0", False, "hi", "1.5")
    ]
    # The next message, stored at (2, 2): the lines before it, the first one answered.
    before = kept.added("s", (2, 2), Kept(3, "2.0", False, "more"))
    assert before == [Kept(1, "1.0", False, "hi", "1.5"), Kept(2, "1.5", True, "hello")]
    # Stored when the database had a row this copy lacks: not used, and dropped.
    assert kept.added("s", (4, 9), Kept(10, "3.0", False, "again")) is None
    assert kept.added("s", (3, 3), Kept(11, "4.0", False, "and again")) is None
