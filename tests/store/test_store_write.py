"""`Store.write`, the hot path's write transaction: on SQLite it takes the writer lock before it
begins and runs on one connection kept for it (no checkout, checkin or reset on return), so
writers queueing for the lock hold no connection and a burst opens none; a connection whose
transaction did not end cleanly is given back to the pool and replaced. On PostgreSQL it is
`engine.begin()`. Either way it commits, or rolls back on an exception."""

from __future__ import annotations

import threading
import time
from datetime import UTC, datetime
from pathlib import Path

import pytest
from sqlalchemy import Connection, event, text
from sqlalchemy.exc import IntegrityError

from bot.chat.intake import Intake
from bot.slack.inbound import InboundMessage
from store import sessions as S
from store.clock import FakeClock
from store.db import WRITER_LOCK_SUFFIX, Store, make_engine
from store.models import Message
from tests.store.test_writer_lock import _probe

INSERT = "INSERT INTO processed_events (key, received_at) VALUES (:k, '2026-01-01')"


def _keys(store: Store) -> list[str]:
    with store.engine.connect() as conn:
        return [k for (k,) in conn.execute(text("SELECT key FROM processed_events ORDER BY key"))]


def test_a_hot_write_commits_and_rolls_back_as_engine_begin(store: Store) -> None:
    with store.write() as conn:
        conn.execute(text(INSERT), {"k": "a"})
    with pytest.raises(RuntimeError), store.write() as conn:
        conn.execute(text(INSERT), {"k": "b"})
        raise RuntimeError("after a statement")
    with pytest.raises(IntegrityError), store.write() as conn:
        conn.execute(text(INSERT), {"k": "c"})
        conn.execute(text("INSERT INTO processed_events (key, received_at) VALUES ('a', NULL)"))
    with store.write() as conn:  # the connection is usable after both
        conn.execute(text(INSERT), {"k": "d"})
    assert _keys(store) == ["a", "d"]


def test_a_hot_write_takes_the_lock_before_it_begins(sqlite_store: Store, tmp_path: Path) -> None:
    lock = tmp_path / f"seshat.db{WRITER_LOCK_SUFFIX}"
    assert _probe(lock) == "free"
    with sqlite_store.write():
        assert _probe(lock) == "held"  # before any statement: writers queue outside
    assert _probe(lock) == "free"
    with pytest.raises(RuntimeError), sqlite_store.write():
        raise RuntimeError("nothing written")
    assert _probe(lock) == "free"


def test_hot_writes_share_one_connection_and_a_broken_one_is_replaced(
    sqlite_store: Store,
) -> None:
    engine = sqlite_store.engine
    checkins: list[object] = []
    event.listen(engine.pool, "checkin", lambda *_args: checkins.append(1))
    drivers = []
    for k in ("a", "b", "c"):
        with sqlite_store.write() as conn:
            conn.execute(text(INSERT), {"k": k})
            drivers.append(conn.connection.dbapi_connection)
    assert drivers[0] is drivers[1] is drivers[2]
    assert checkins == []  # no checkin (nor its reset) between them
    with pytest.raises(RuntimeError), sqlite_store.write() as conn:
        conn.execute(text(INSERT), {"k": "lost"})
        conn.invalidate()  # as a lost connection is (`Connection._handle_dbapi_exception`)
        raise RuntimeError("the connection broke")
    with sqlite_store.write() as conn:
        conn.execute(text(INSERT), {"k": "d"})
        assert conn.connection.dbapi_connection is not drivers[0]
    assert _keys(sqlite_store) == ["a", "b", "c", "d"]
    sqlite_store.close()
    assert engine.pool.checkedout() == 0  # the kept connection went back at close


def test_a_writer_never_waits_for_the_pool_while_holding_the_lock(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'seshat.db'}"
    Store.open(url).close()
    # One connection in all: the reader below holds it, then writes (so it needs the lock).
    store = Store(make_engine(url, pool_size=1, max_overflow=0, pool_timeout=3))
    failed: list[BaseException] = []

    def hot_write() -> None:
        try:
            with store.write() as conn:
                conn.execute(text(INSERT), {"k": "hot"})
        except BaseException as exc:
            failed.append(exc)

    try:
        with store.engine.connect() as reader:
            reader.execute(text("SELECT 1"))
            writer = threading.Thread(target=hot_write)
            writer.start()
            time.sleep(0.3)  # the hot write is waiting (for the pool, not with the lock)
            reader.execute(text(INSERT), {"k": "reader"})  # takes the writer lock
            reader.commit()
        writer.join(timeout=10)
        assert not failed  # it got the reader's connection once returned, within the timeout
        with store.write() as conn:  # the pool's one connection is the hot path's now
            keys = conn.execute(text("SELECT key FROM processed_events ORDER BY key")).all()
        assert [k for (k,) in keys] == ["hot", "reader"]
    finally:
        store.close()


def _message(i: int) -> InboundMessage:
    return InboundMessage(
        team="T1",
        channel=f"D{i}",
        channel_type="im",
        user=f"U{i}",
        text=f"hello {i}",
        ts=f"{1000 + i}.000100",
        thread_ts=None,
        mentions_bot=False,
        event_id=f"Ev{i}",
    )


def test_intakes_queued_for_the_writer_lock_open_no_connection(tmp_path: Path) -> None:
    store = Store.open(f"sqlite:///{tmp_path / 'seshat.db'}")
    intake = Intake(store, FakeClock(datetime(2026, 1, 5, 9, 0, tzinfo=UTC)))
    intake.warm()  # as `seshat run` does before it listens
    opened: list[object] = []
    threads = [threading.Thread(target=intake.intake, args=(_message(i),)) for i in range(6)]
    try:
        holder: Connection
        with store.engine.connect() as holder:
            holder.execute(text(INSERT), {"k": "held"})  # another writer holds the lock
            event.listen(store.engine, "connect", lambda *_args: opened.append(1))
            for thread in threads:
                thread.start()
            time.sleep(0.5)  # every intake is queued behind it by now
            busy = store.engine.pool.checkedout()
            holder.commit()
        for thread in threads:
            thread.join(timeout=30)
        # Queued without a connection: only the holder's and the hot path's kept one are out,
        # and the six intakes ran on the kept one (before, each checked one out to wait on,
        # and the pool opened them).
        assert busy <= 2
        assert opened == []
        with store.sessions() as db:
            assert db.query(Message).count() == 6
    finally:
        store.close()


def test_a_hot_write_on_sqlite_is_the_drivers_transaction(sqlite_store: Store) -> None:
    """The hot path's statements (`Prepared`) run in the driver's own transaction: no
    SQLAlchemy `Transaction` is begun on the held connection, yet its `begin` and `commit`
    events fire once each (the statement counters and the writer lock listen to them)."""
    from store import events as store_events

    fired: list[str] = []
    for name in ("begin", "commit", "rollback"):
        event.listen(sqlite_store.engine, name, lambda _conn, name=name: fired.append(name))
    at = datetime(2026, 1, 5, 9, 0, tzinfo=UTC)
    with sqlite_store.write() as conn:
        assert store_events.claim_new(conn, ["k1", "k2"], now=at)
        assert conn.get_transaction() is None  # before: the Transaction `Writers` began
        assert conn.connection.dbapi_connection.in_transaction  # type: ignore[union-attr]
    assert fired == ["begin", "commit"]
    assert not conn.connection.dbapi_connection.in_transaction  # type: ignore[union-attr]
    with pytest.raises(RuntimeError), sqlite_store.write() as conn:
        store_events.claim_new(conn, ["k3"], now=at)
        raise RuntimeError("rolled back")
    assert fired == ["begin", "commit", "begin", "rollback"]
    assert _keys(sqlite_store) == ["k1", "k2"]


def test_a_failed_statement_in_a_hot_write_undoes_only_itself(store: Store) -> None:
    """As in any transaction: a caller that catches a failed statement goes on, and what it
    wrote before and after is committed (SQLAlchemy rolls back a connection outside any
    `Transaction` of its own when a statement fails; `Prepared` begins one first)."""
    from store import events as store_events

    at = datetime(2026, 1, 5, 9, 0, tzinfo=UTC)
    with store.write() as conn:
        store_events.claim_new(conn, ["a"], now=at)
    with store.write() as conn:
        store_events.claim_new(conn, ["b"], now=at)
        if store.is_sqlite:  # PostgreSQL aborts the whole transaction: SQLite only
            with pytest.raises(IntegrityError):
                S._add_message("sqlite").run(conn, dict.fromkeys(S._MESSAGE_COLUMNS))
            store_events.claim_new(conn, ["c"], now=at)
    assert _keys(store) == (["a", "b", "c"] if store.is_sqlite else ["a", "b"])


def test_the_intakes_warm_up_leaves_nothing(store: Store) -> None:
    Intake(store, FakeClock(datetime(2026, 1, 5, 9, 0, tzinfo=UTC))).warm()
    Intake(store, FakeClock(datetime(2026, 1, 5, 9, 0, tzinfo=UTC))).warm()  # and again
    with store.engine.connect() as conn:
        for table in ("processed_events", "sessions", "messages"):
            assert conn.execute(text(f"SELECT count(*) FROM {table}")).scalar() == 0, table


def test_the_answers_write_with_a_skill_used_is_one_transaction(store: Store) -> None:
    """The skill a context used is recorded in the answer's write (`ContextUses.write_skills`)
    by a prepared statement: one transaction for the counters (a `Connection.execute` there
    would begin SQLAlchemy's own inside the driver's on SQLite, a second `begin`), recorded
    once per session and skill."""
    from writers.skills.matching import Match, record_invocation

    at = datetime(2026, 1, 5, 9, 0, tzinfo=UTC)
    begun: list[object] = []
    event.listen(store.engine, "begin", lambda conn: begun.append(conn))
    match = Match("deploys", 0.8123456, "injected")
    with store.write() as conn:
        assert record_invocation(conn, session_id="s1", match=match, now=at)
        assert not record_invocation(conn, session_id="s1", match=match, now=at)
    with store.write() as conn:
        assert not record_invocation(conn, session_id="s1", match=match, now=at)
        assert record_invocation(conn, session_id="s2", match=match, now=at)
    assert len(begun) == 2
    with store.engine.connect() as conn:
        rows = conn.execute(
            text("SELECT session_id, skill_slug, mode, similarity FROM skill_invocations")
        ).all()
    assert sorted(tuple(r) for r in rows) == [
        ("s1", "deploys", "injected", 0.8123),
        ("s2", "deploys", "injected", 0.8123),
    ]


def test_a_hot_write_whose_connection_was_lost_does_not_end_as_committed(store: Store) -> None:
    """A write that goes on after its connection was invalidated (a lost one, the error
    caught) raises at its end rather than end as if committed: the intake's ack must follow a
    durable store."""
    from store import events as store_events

    at = datetime(2026, 1, 5, 9, 0, tzinfo=UTC)
    with pytest.raises(Exception), store.write() as conn:  # noqa: B017,PT011
        store_events.claim_new(conn, ["lost"], now=at)  # prepared: no SQLAlchemy Transaction
        conn.invalidate()
    with store.write() as conn:
        conn.execute(text(INSERT), {"k": "after"})
    assert _keys(store) == ["after"]
