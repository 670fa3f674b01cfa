"""`LearnedContext.warm` and `Intake.warm`: start-up pays a first message's and a first context's
one-off costs (their statements built and compiled), so the first messages of a burst do not pay
them while later ones wait to be acked; and the warm-ups leave nothing of their made-up person
behind."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from sqlalchemy import event, func, select
from sqlalchemy.engine.default import CACHE_MISS

from bot.chat.intake import Intake
from bot.chat.prompting import WARM_DM, WARM_USER, LearnedContext
from bot.runtime import Runtime
from bot.slack.inbound import normalise_message
from store.clock import FakeClock
from store.config import Settings
from store.db import Prepared
from store.models import AuditEvent, ChatSession, MemoryEntry, Message, ProcessedEvent
from store.sessions import ContextMarks
from tests.support.fakes import FakeLLM
from tests.support.lesson_helpers import add_fact
from writers.notes.facts import read_ahead
from writers.recall import factindex


def _runtime(data_dir: Path, clock: FakeClock) -> Runtime:
    settings = Settings(_env_file=None, SESHAT_DATA_DIR=str(data_dir), SLACK_OWNER_IDS="UOWNER0001")
    rt = Runtime(settings, clock=clock, reflection_llm=FakeLLM(model="claude-haiku-4-5"))
    with rt.store.sessions.begin() as db:
        for n in range(3):
            for text in ("deploys the billing service on Tuesdays", "owns the search index"):
                add_fact(
                    db,
                    f"{text} ({n})",
                    scope_kind="user",
                    scope_id=f"UPERSON00{n}",
                    now=clock.now(),
                    author_id=f"UPERSON00{n}",
                )
    return rt


@contextmanager
def _compiled(rt: Runtime) -> Iterator[list[str]]:
    """The statements SQLAlchemy compiled (found in none of its caches) while inside, and one
    line for each prepared statement compiled (`store.db.Prepared`)."""
    misses: list[str] = []
    prepared = Prepared.compiles

    def after(conn: Any, _cursor: Any, statement: str, _p: Any, context: Any, _m: Any) -> None:
        if context is not None and context.cache_hit == CACHE_MISS:
            misses.append(statement)

    event.listen(rt.store.engine, "after_cursor_execute", after)
    try:
        yield misses
    finally:
        event.remove(rt.store.engine, "after_cursor_execute", after)
        misses.extend(["(a prepared statement)"] * (Prepared.compiles - prepared))


def _first_context(rt: Runtime, context: LearnedContext, n: int) -> None:
    """A person's first context, and the intake's read-ahead of their shelf before it."""
    user, dm = f"UPERSON00{n}", f"DPERSON00{n}"
    scopes = factindex.scopes_of(user_id=user, channel=dm, is_dm=True)
    with rt.store.engine.begin() as conn:
        read_ahead(
            conn,
            user_id=user,
            channel=dm,
            is_dm=True,
            known=factindex.Known((1,) * len(scopes), True),
        )
    context.assemble(user_id=user, channel=dm, first_text="who deploys billing?", session_id=None)


def test_after_the_warm_up_a_first_context_compiles_nothing(
    tmp_path: Path, clock: FakeClock
) -> None:
    rt = _runtime(tmp_path, clock)
    try:
        factindex.clear()
        context = LearnedContext(rt, clock=clock)
        context.warm()
        with _compiled(rt) as misses:
            _first_context(rt, context, 0)
        assert misses == []
    finally:
        factindex.clear()
        rt.close()


def test_without_it_the_first_context_compiles_its_statements(
    tmp_path: Path, clock: FakeClock
) -> None:
    """The check above can fail: a first context on a cold engine compiles, a second does not."""
    rt = _runtime(tmp_path, clock)
    try:
        factindex.clear()
        context = LearnedContext(rt, clock=clock)
        with _compiled(rt) as first:
            _first_context(rt, context, 0)
        with _compiled(rt) as second:
            _first_context(rt, context, 1)
        assert len(first) >= 3
        assert second == []
    finally:
        factindex.clear()
        rt.close()


def test_the_warm_up_keeps_and_writes_nothing_of_its_person(
    tmp_path: Path, clock: FakeClock
) -> None:
    rt = _runtime(tmp_path, clock)
    try:
        factindex.clear()
        with rt.store.sessions() as db:
            facts_before = db.scalar(select(func.count()).select_from(MemoryEntry))
        LearnedContext(rt, clock=clock).warm()
        assert factindex.hashes() == set()
        with rt.store.sessions() as db:
            assert db.scalar(select(func.count()).select_from(MemoryEntry)) == facts_before
            assert db.scalar(select(func.count()).select_from(Message)) == 0
            assert not db.scalar(
                select(func.count())
                .select_from(MemoryEntry)
                .where(MemoryEntry.scope_id.in_([WARM_USER, WARM_DM]))
            )
    finally:
        factindex.clear()
        rt.close()


def _a_first_message(intake: Intake, n: int) -> str | None:
    body = {"team_id": "T1", "event_id": f"Ev{n}"}
    event = {
        "type": "message",
        "channel": f"DPERSON00{n}",
        "channel_type": "im",
        "user": f"UPERSON00{n}",
        "text": "who deploys billing?",
        "ts": f"1700000000.00000{n}",
    }
    message = normalise_message(event, body, bot_user_id="UBOT", bot_id=None)
    assert message is not None
    return intake.intake(message)


def test_after_the_intake_warm_up_a_first_message_compiles_nothing_and_it_stored_nothing(
    tmp_path: Path, clock: FakeClock
) -> None:
    rt = _runtime(tmp_path, clock)
    try:
        intake = Intake(rt.store, clock)
        with rt.store.sessions() as db:
            before = [
                db.scalar(select(func.count()).select_from(t))
                for t in (Message, ChatSession, ProcessedEvent)
            ]
        intake.warm()
        with rt.store.sessions() as db:
            after = [
                db.scalar(select(func.count()).select_from(t))
                for t in (Message, ChatSession, ProcessedEvent)
            ]
        assert after == before
        with _compiled(rt) as misses:
            assert _a_first_message(intake, 0) is not None
        assert misses == []
    finally:
        rt.close()


def test_without_it_a_first_message_compiles_the_intake_statements(
    tmp_path: Path, clock: FakeClock
) -> None:
    rt = _runtime(tmp_path, clock)
    try:
        intake = Intake(rt.store, clock)
        with _compiled(rt) as first:
            assert _a_first_message(intake, 0) is not None
        with _compiled(rt) as second:
            assert _a_first_message(intake, 1) is not None
        assert len(first) >= 3
        assert second == []
    finally:
        rt.close()


def test_a_first_context_opens_no_transaction_when_it_reads_nothing_and_commits_what_it_writes(
    tmp_path: Path, clock: FakeClock
) -> None:
    """`assemble` begins an ORM transaction only when it reads or writes: with the intake's
    marks (nothing changed) and the rows read ahead, none (its begin and commit cost more than
    the selection's reads); a person's MEMORY.md edit, noticed at a session's start, is still
    audited and committed."""
    rt = _runtime(tmp_path, clock)
    begun: list[object] = []

    def on_begin(_session: object, transaction: object) -> None:
        begun.append(transaction)

    event.listen(rt.store.sessions, "after_transaction_create", on_begin)
    try:
        factindex.clear()
        context = LearnedContext(rt, clock=clock)
        user, dm = "UPERSON000", "DPERSON000"
        scopes = factindex.scopes_of(user_id=user, channel=dm, is_dm=True)
        with rt.store.engine.begin() as conn:
            read_ahead(
                conn, user_id=user, channel=dm, is_dm=True, known=factindex.Known((1, 0), True)
            )
            top = conn.scalar(select(func.max(AuditEvent.id))) or 0
        with rt.store.sessions() as db:
            rt.library.sync(db)  # the library as of now: the marks below show nothing newer
        marks = ContextMarks(
            user_id=user,
            channel=dm,
            audit_top=top,
            user_version=1,
            channel_version=0,
            user_facts=True,
            channel_facts=False,
            user_notes=False,
        )
        context.assemble(  # the fingerprint of MEMORY.md is recorded (a file, no row)
            user_id=user, channel=dm, first_text="hello", session_id="s0", marks=marks
        )
        begun.clear()
        got = context.assemble(
            user_id=user,
            channel=dm,
            first_text="who deploys billing?",
            session_id="s1",
            marks=marks,
        )
        assert begun == []  # nothing read, nothing written: no transaction
        assert got.selection.tail  # the person's facts, from the rows read ahead
        assert len(scopes) == 2
        (tmp_path / "MEMORY.md").write_text("- a person added this\n", encoding="utf-8")
        context.assemble(user_id=user, channel=dm, first_text="hi", session_id="s2", marks=marks)
        with rt.store.sessions() as db:
            edits = db.scalars(
                select(AuditEvent).where(AuditEvent.action == "memory.external_edit")
            ).all()
        assert len(edits) == 1
    finally:
        event.remove(rt.store.sessions, "after_transaction_create", on_begin)
        factindex.clear()
        rt.close()
