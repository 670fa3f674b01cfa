"""The b-trees the intake writes (migration 0023), on SQLite and PostgreSQL: messages are found
by session through their unique key's index (no index of their own on `session_id`); the idle
sweep finds open sessions by state (no index on the activity time every message moves); on
SQLite the dedupe claims live in a `WITHOUT ROWID` table; the migration goes down and up again
with the claims kept. And on SQLite the intake's claim and a stored message are INSERTs
without RETURNING (the driver's row count and rowid instead), giving the same answers."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from alembic import command
from sqlalchemy import ClauseElement, Connection, delete, event, func, inspect, select, text
from sqlalchemy.exc import OperationalError

from store import events
from store import sessions as S
from store.clock import FakeClock
from store.db import Store, alembic_config, current_revision
from store.models import ChatSession, Message, SessionState

KEY = S.SessionKey(team="T1", channel="D1", thread_ts="", user_id="U1")


def _message_indexes(store: Store) -> set[str]:
    found = inspect(store.engine)
    return {i["name"] for i in found.get_indexes("messages") if i["name"]}


def _has_rowid(store: Store) -> bool:
    """Whether `processed_events` is a rowid table (SQLite only)."""
    with store.engine.connect() as conn:
        try:
            conn.execute(text("SELECT rowid FROM processed_events LIMIT 1")).all()
        except OperationalError:  # "no such column: rowid": a WITHOUT ROWID table
            return False
    return True


# The lookups of messages by session the code makes (store/sessions.py's hot statements'
# subqueries, `transcript`, `last_bot_ts`; writers/library/purge.py; bot/home/owner.py).
LOOKUPS: list[ClauseElement] = [
    select(func.count(Message.id)).where(Message.session_id == "s1"),
    select(func.max(Message.id)).where(Message.session_id == "s1"),
    select(func.count(Message.id)).where(
        Message.session_id == "s1", Message.reply_state.in_(["pending", "generated"])
    ),
    select(Message).where(Message.session_id == "s1"),
    select(Message.ts)
    .where(Message.session_id == "s1", Message.is_bot.is_(True))
    .order_by(Message.id.desc())
    .limit(1),
    select(Message.ts).where(Message.session_id == "s1").order_by(Message.id),
    select(Message.id).where(Message.session_id.in_(["s1", "s2"])),
    delete(Message).where(Message.session_id.in_(["s1", "s2"])),
]


def _plan(conn: Connection, statement: ClauseElement) -> str:
    sql = str(statement.compile(conn, compile_kwargs={"literal_binds": True}))
    if conn.dialect.name == "postgresql":
        return " ".join(r[0] for r in conn.execute(text("EXPLAIN " + sql)))
    return " ".join(r[3] for r in conn.execute(text("EXPLAIN QUERY PLAN " + sql)))


def test_messages_are_found_by_session_through_the_unique_key(store: Store) -> None:
    assert "ix_messages_session_id" not in _message_indexes(store)
    with store.engine.begin() as conn:
        if conn.dialect.name == "postgresql":
            # Empty tables: make the planner show which index it would use.
            conn.execute(text("SET LOCAL enable_seqscan = off"))
        for statement in LOOKUPS:
            plan = _plan(conn, statement)
            if conn.dialect.name == "postgresql":
                assert "uq_messages_session_ts" in plan, plan
            else:
                assert "INDEX sqlite_autoindex_messages_1 (session_id=?" in plan, plan
        conn.rollback()


def test_the_idle_sweep_reads_the_open_sessions_by_state(store: Store, clock: FakeClock) -> None:
    # Many closed sessions, all idle long ago; a few open ones, some idle.
    start = clock.now() - timedelta(days=30)
    rows = []
    for i in range(2000):
        is_open = i % 100 == 0
        rows.append(
            {
                "id": f"s{i:05d}",
                "team": "T1",
                "channel": f"C{i % 40}",
                "thread_ts": "",
                "user_id": f"U{i % 50}",
                "open_key": f"T1|C{i % 40}|{i}|U{i % 50}" if is_open else None,
                "state": SessionState.OPEN if is_open else SessionState.REFLECTED,
                "opened_at": start,
                "last_activity_at": clock.now() if i % 200 == 0 else start,
                "pending_replies": 0,
            }
        )
    with store.engine.begin() as conn:
        conn.execute(ChatSession.__table__.insert(), rows)  # type: ignore[attr-defined]
        if conn.dialect.name == "postgresql":
            conn.execute(text("ANALYZE sessions"))
    store.optimize()  # SQLite's statistics, as at every start and daily
    assert "ix_sessions_last_activity_at" not in {
        i["name"] for i in inspect(store.engine).get_indexes("sessions")
    }
    cutoff = clock.now() - timedelta(minutes=30)
    sweep = (
        select(ChatSession.id)
        .where(ChatSession.state == SessionState.OPEN, ChatSession.last_activity_at < cutoff)
        .limit(500)
    )  # store/sessions.py's `idle_open_sessions`
    with store.engine.connect() as conn:
        assert "ix_sessions_state" in _plan(conn, sweep)
    with store.sessions() as db:
        idle = S.idle_open_sessions(db, cutoff=cutoff)
    assert sorted(idle) == [f"s{i:05d}" for i in range(100, 2000, 200)]


def test_the_dedupe_claims_are_kept_without_rowid_on_sqlite(store: Store) -> None:
    if store.engine.dialect.name != "sqlite":
        pytest.skip("a rowid is SQLite's")
    assert not _has_rowid(store)


def test_migration_0023_goes_down_and_up_again_keeping_the_claims(
    store: Store, clock: FakeClock
) -> None:
    sqlite = store.engine.dialect.name == "sqlite"
    with store.engine.begin() as conn:
        assert events.claim_new(conn, ["msg:D1:1.0", "event:Ev1"], now=clock.now())
    config = alembic_config(store.engine)
    command.downgrade(config, "0022")
    assert current_revision(store.engine) == "0022"
    assert "ix_messages_session_id" in _message_indexes(store)
    assert "ix_sessions_last_activity_at" in {
        i["name"] for i in inspect(store.engine).get_indexes("sessions")
    }
    if sqlite:
        assert _has_rowid(store)
    with store.engine.begin() as conn:
        # The claims came through the rebuild: the delivery is a duplicate, a new one is not.
        assert not events.claim_new(conn, ["event:Ev1"], now=clock.now())
        assert events.claim_new(conn, ["event:Ev2"], now=clock.now())
    command.upgrade(config, "0023")
    assert current_revision(store.engine) == "0023"
    assert "ix_messages_session_id" not in _message_indexes(store)
    if sqlite:
        assert not _has_rowid(store)
    assert {i["name"] for i in inspect(store.engine).get_indexes("processed_events")} == {
        "ix_processed_events_received_at"
    }
    with store.engine.begin() as conn:
        assert not events.claim_new(conn, ["msg:D1:1.0"], now=clock.now())
        assert not events.claim_new(conn, ["event:Ev2"], now=clock.now())
        assert events.claim_new(conn, ["event:Ev3"], now=clock.now())
    with store.sessions.begin() as db:
        # The retention's delete by age still finds them.
        assert events.forget_before(db, clock.now() + timedelta(seconds=1)) == 4
    command.upgrade(config, "head")


def _add(conn: Connection, session_id: str, ts: str, now: Any) -> int | None:
    return S.add_message(
        conn,
        session_id=session_id,
        channel="D1",
        ts=ts,
        user_id="U1",
        is_bot=False,
        text=f"message {ts}",
        now=now,
        reply_state="pending",
        claim_until=now + timedelta(minutes=5),
    )


def test_the_intakes_inserts_give_their_ids_and_duplicates(store: Store, clock: FakeClock) -> None:
    statements: list[str] = []

    def seen(_conn: Any, _cursor: Any, statement: str, *_args: Any) -> None:
        statements.append(statement)

    event.listen(store.engine, "before_cursor_execute", seen)
    try:
        with store.write() as conn:
            assert events.claim_new(conn, ["msg:D1:1.0", "event:Ev1"], now=clock.now())
            first = S.open_or_touch(conn, KEY, now=clock.now()).session.id
            a = _add(conn, first, "1.0", clock.now())
            b = _add(conn, first, "2.0", clock.now())
            # A duplicate right after another insert on the same connection: None, not the
            # other row's id (SQLite's last rowid is the connection's).
            assert _add(conn, first, "1.0", clock.now()) is None
        # One key of two seen before: a duplicate (rolled back, as the intake does).
        with pytest.raises(_RolledBack), store.write() as conn:
            assert not events.claim_new(conn, ["msg:D1:2.0", "event:Ev1"], now=clock.now())
            raise _RolledBack
        with store.write() as conn:
            assert events.claim_new(conn, ["msg:D1:2.0", "event:Ev2"], now=clock.now())
            c = _add(conn, first, "3.0", clock.now())
        with pytest.raises(_RolledBack), store.write() as conn:
            assert not events.claim_new(conn, ["event:Ev2"], now=clock.now())
            raise _RolledBack
    finally:
        event.remove(store.engine, "before_cursor_execute", seen)
    with store.engine.connect() as conn:
        ids = dict(conn.execute(select(Message.ts, Message.id)).all())
        claimed = {k for (k,) in conn.execute(text("SELECT key FROM processed_events")).all()}
    assert ids == {"1.0": a, "2.0": b, "3.0": c}
    assert claimed == {"msg:D1:1.0", "event:Ev1", "msg:D1:2.0", "event:Ev2"}
    inserts = [s for s in statements if s.lstrip().upper().startswith("INSERT INTO")]
    returning = [s for s in inserts if "RETURNING" in s.upper()]
    if store.engine.dialect.name == "sqlite":
        # Only the session's upsert returns rows (what the reply needs of the session).
        assert [s.split()[2] for s in returning] == ["sessions"], returning
    else:
        assert len(returning) == len(inserts)


class _RolledBack(Exception):
    """Ends a transaction by rolling it back."""
