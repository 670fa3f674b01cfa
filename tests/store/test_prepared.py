"""`store.db.Prepared` reads rows as `Connection.execute` reads them, and `models.row_copy`
builds the object `cls(**values)` builds: the hot path's statements and copies rely on both,
on SQLite (datetimes kept as text, binaries, booleans as integers) and on PostgreSQL."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from sqlalchemy import Boolean, DateTime, String, bindparam, case, cast, inspect, literal, select
from sqlalchemy.exc import InvalidRequestError

from store import sessions as S
from store.clock import FakeClock
from store.db import Prepared, Store, _bind_processor
from store.models import ChatSession, MemoryEntry, Message, ReplyState, row_copy
from tests.support.lesson_helpers import add_fact

KEY = S.SessionKey(team="T1", channel="D1", thread_ts="", user_id="U1")


def _typed(rows: list[Any]) -> list[list[tuple[type, Any]]]:
    return [[(type(v), v) for v in row] for row in rows]


def test_prepared_rows_are_read_as_execute_reads_them(store: Store, clock: FakeClock) -> None:
    with store.sessions.begin() as db:
        used = add_fact(
            db, "Alice ships on Fridays", scope_kind="user", scope_id="U1", now=clock.now()
        )
        used.last_accessed_at = clock.now() + timedelta(hours=1)
        used.embedding = b"\x00\x01\x02\xff"
        used.embedder = "hashing"
        used.flags = ["checked"]
        add_fact(db, "Alice reviews billing", scope_kind="user", scope_id="U1", now=clock.now())
        add_fact(db, "Bob's fact", scope_kind="user", scope_id="U2", now=clock.now())
    m = MemoryEntry
    # Every kind of column the read-ahead returns: integers, text, floats, a nullable datetime,
    # a datetime, a JSON column cast to text, a binary, a CASE.
    statement = (
        select(
            m.id,
            m.text,
            m.confidence,
            m.last_accessed_at,
            m.created_at,
            cast(m.flags, String).label("flags"),
            m.embedding,
            m.embedder,
            case((m.text.like(bindparam("like")), 1), else_=0).label("admits"),
        )
        .where(m.scope_kind == "user", m.scope_id == bindparam("who"))
        .order_by(m.id)
        .limit(10)
    )
    params = {"who": "U1", "like": "%Fridays%"}
    with store.engine.connect() as conn:
        expected = [tuple(r) for r in conn.execute(statement, params).all()]
        got = Prepared(statement).rows(conn, params)
        assert Prepared(statement).rows(conn, {"who": "nobody", "like": "%"}) == []
    assert len(got) == 2
    assert _typed(got) == _typed(expected)
    assert got[0][3] is not None and got[1][3] is None  # the datetime, read and NULL


def test_the_session_upsert_returns_the_session_as_the_orm_reads_it(
    store: Store, clock: FakeClock
) -> None:
    with store.engine.begin() as conn:
        opened = S.open_or_touch(conn, KEY, now=clock.now())
        S.add_message(
            conn,
            session_id=opened.session.id,
            channel="D1",
            ts="1.0",
            user_id="U1",
            is_bot=False,
            text="hello",
            now=clock.now(),
            reply_state=ReplyState.PENDING,
        )
    clock.advance(timedelta(minutes=2))
    with store.engine.begin() as conn:
        again = S.open_or_touch(conn, KEY, now=clock.now())
    assert not again.created and again.owing == 1 and again.stamp[0] == 1
    with store.sessions() as db:
        loaded = db.get(ChatSession, opened.session.id)
        assert loaded is not None
        for column in S._SESSION_COLUMNS:
            value = getattr(again.session, column)
            assert (type(value), value) == (
                type(getattr(loaded, column)),
                getattr(loaded, column),
            ), column
    # A copy in no ORM session, as the object `ChatSession(**columns)` was.
    assert inspect(again.session).transient


def test_a_row_copy_is_the_object_its_constructor_builds(clock: FakeClock) -> None:
    values = {
        "id": 7,
        "session_id": "s1",
        "channel": "D1",
        "ts": "1.0",
        "user_id": "U1",
        "is_bot": False,
        "text": "hello",
        "created_at": clock.now(),
        "reply_state": ReplyState.PENDING,
        "reply_attempts": 1,
    }
    copy, built = row_copy(Message, values), Message(**values)
    for column in Message.__table__.columns.keys():
        assert getattr(copy, column) == getattr(built, column), column
    assert copy.reply_text is None and copy.reply_owner is None  # not given: None, as built
    state = inspect(copy)
    assert state.transient and state.session is None
    copy.reply_attempts -= 1  # a change afterwards is an ordinary attribute change
    assert copy.reply_attempts == 0
    assert state.attrs.reply_attempts.history.added == [0]


def test_a_prepared_statement_fires_the_engines_events_and_raises_as_execute_does(
    store: Store, clock: FakeClock
) -> None:
    from sqlalchemy import event, insert
    from sqlalchemy.exc import IntegrityError

    seen: list[tuple[str, str]] = []

    def before(_conn: Any, _cursor: Any, sql: str, *_args: Any) -> None:
        seen.append(("before", sql.split()[0]))

    def after(_conn: Any, _cursor: Any, sql: str, *_args: Any) -> None:
        seen.append(("after", sql.split()[0]))

    sessions: Any = ChatSession.__table__
    add = Prepared(
        insert(sessions).values(
            id=bindparam("id"),
            team="T1",
            channel="D1",
            thread_ts="",
            user_id="U1",
            state="open",
            opened_at=clock.now(),
            last_activity_at=clock.now(),
            pending_replies=0,
        )
    )
    event.listen(store.engine, "before_cursor_execute", before)
    event.listen(store.engine, "after_cursor_execute", after)
    try:
        with store.engine.begin() as conn:
            assert add.run(conn, {"id": "s1"}) == []
        assert seen == [("before", "INSERT"), ("after", "INSERT")]
        with store.engine.begin() as conn:
            try:
                add.run(conn, {"id": "s1"})  # the same primary key again
            except IntegrityError:
                conn.rollback()
            else:
                raise AssertionError("a duplicate key was not refused")
        # Outside a transaction it begins one, as `Connection.execute` does (autobegin).
        with store.engine.connect() as conn:
            add.run(conn, {"id": "s2"})
            assert conn.in_transaction()
            conn.commit()
    finally:
        event.remove(store.engine, "before_cursor_execute", before)
        event.remove(store.engine, "after_cursor_execute", after)
    with store.sessions() as db:
        assert {s.id for s in db.query(ChatSession)} == {"s1", "s2"}
    # A column left to its Python default would reach the driver as NULL: refused.
    with store.engine.connect() as conn, pytest.raises(ValueError, match="default"):
        Prepared(insert(sessions).values(id=bindparam("id"), team="T1")).run(conn, {"id": "s3"})


def test_a_row_copy_needs_no_earlier_use_of_the_orm() -> None:
    # In a fresh process, a row copy may be the first ORM object built (mappers configured
    # on demand), and its attributes read.
    import subprocess
    import sys

    code = (
        "from store.models import ChatSession, row_copy\n"
        "s = row_copy(ChatSession, {'id': 's1', 'team': 'T1'})\n"
        "assert (s.id, s.team, s.state) == ('s1', 'T1', None)\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True, timeout=120)


def test_on_an_orm_session_a_prepared_statement_sees_what_is_pending(
    store: Store, clock: FakeClock
) -> None:
    # As `Session.execute` autoflushes first, and does not inside `no_autoflush`.
    statement = select(ChatSession.id).where(ChatSession.id == bindparam("id"))
    with store.sessions() as db:
        db.add(row_copy(ChatSession, _session_values("s9", clock)))
        with db.no_autoflush:
            assert Prepared(statement).rows(db, {"id": "s9"}) == []
        assert Prepared(statement).rows(db, {"id": "s9"}) == [("s9",)]
        db.rollback()


def _session_values(session_id: str, clock: FakeClock) -> dict[str, Any]:
    return {
        "id": session_id,
        "team": "T1",
        "channel": "D1",
        "thread_ts": "",
        "user_id": "U1",
        "state": "open",
        "opened_at": clock.now(),
        "last_activity_at": clock.now(),
        "pending_replies": 0,
    }


def test_prepared_parameters_are_what_execute_binds(store: Store, clock: FakeClock) -> None:
    """A call's values, the statement's own (a literal, a value in `.values()`, overridden by a
    call or not), a name used twice, processed values (datetimes, booleans, an enum) and None:
    the driver gets from `Prepared` what it gets from `Connection.execute`."""
    when = clock.now()
    statement = select(
        bindparam("a", type_=String),
        bindparam("a", type_=String).label("again"),
        literal(5).label("five"),
        bindparam("own", "its own", type_=String).label("own"),
        bindparam("at", type_=DateTime),
        bindparam("naive", type_=DateTime),
        bindparam("flag", type_=Boolean),
        bindparam("state", type_=ChatSession.__table__.c.state.type),
        bindparam("nothing", type_=DateTime),
    )
    cases: list[dict[str, Any]] = [
        {"a": "x", "at": when, "naive": when.replace(tzinfo=None), "flag": True},
        {"a": "y", "own": "overridden", "at": when, "naive": when, "flag": False},
    ]
    with store.engine.connect() as conn:
        for params in cases:
            params = {**params, "state": S.SessionState.OPEN, "nothing": None}
            expected = [tuple(r) for r in conn.execute(statement, params).all()]
            assert Prepared(statement).rows(conn, params) == expected
        with pytest.raises(InvalidRequestError, match="bind parameter 'a'"):
            Prepared(statement).rows(conn, {"at": when})


def test_prepared_statements_of_one_parameter_or_none_and_nulls(store: Store) -> None:
    """The positional parameters taken in one call (`_Compiled.parameters`) for a statement of
    one name, of none and of several, None bound as SQL NULL in each place (on SQLite by its
    own adapter), and a required one missing raising SQLAlchemy's error."""
    one = select(bindparam("a", type_=String).is_(None).label("null"))
    none = select(literal(1).label("one"))
    several = select(
        bindparam("a", type_=String).is_(None),
        bindparam("b", type_=DateTime).is_(None),
        bindparam("c", type_=Boolean),
        bindparam("a", type_=String),
    )
    with store.engine.connect() as conn:
        assert Prepared(one).rows(conn, {"a": None}) == [
            tuple(conn.execute(one, {"a": None}).one())
        ]
        assert Prepared(one).rows(conn, {"a": "x"}) == [(False,)]
        assert Prepared(none).rows(conn, {}) == [(1,)]
        params: dict[str, Any] = {"a": None, "b": None, "c": None}
        assert Prepared(several).rows(conn, params) == [tuple(conn.execute(several, params).one())]
        assert Prepared(several).rows(conn, params) == [(True, True, None, None)]
        with pytest.raises(InvalidRequestError, match="bind parameter 'a'"):
            Prepared(one).rows(conn, {})
        with pytest.raises(InvalidRequestError, match="bind parameter 'c'"):
            Prepared(several).rows(conn, {"a": "x", "b": None})


@settings(max_examples=300, deadline=None)
@given(
    value=st.one_of(
        st.datetimes(),
        st.datetimes(timezones=st.timezones()),
        st.dates(),
        st.none(),
    )
)
def test_sqlite_datetimes_are_written_as_sqlalchemy_writes_them(value: Any) -> None:
    from sqlalchemy.dialects import sqlite

    dialect = sqlite.dialect()  # type: ignore[no-untyped-call]
    impl = DateTime().dialect_impl(dialect)
    assert _bind_processor(impl, dialect)(value) == impl.bind_processor(dialect)(value)


@settings(max_examples=200, deadline=None)
@given(
    values=st.lists(
        st.one_of(st.datetimes(), st.datetimes(timezones=st.timezones())), min_size=1, max_size=6
    ),
    order=st.lists(st.integers(min_value=0, max_value=5), max_size=12),
)
def test_sqlite_datetimes_written_again_keep_their_own_text(
    values: list[Any], order: list[int]
) -> None:
    """The processor gives the same object written just before its text again: any sequence
    of datetimes, the same objects repeated or not (equal instants at other offsets, which
    compare equal but are other text, included), is written as SQLAlchemy writes each."""
    from datetime import UTC, datetime, timezone

    from sqlalchemy.dialects import sqlite

    dialect = sqlite.dialect()  # type: ignore[no-untyped-call]
    impl = DateTime().dialect_impl(dialect)
    ours, theirs = _bind_processor(impl, dialect), impl.bind_processor(dialect)
    same = datetime(2026, 1, 5, 9, 0, tzinfo=UTC)
    shifted = same.astimezone(timezone(timedelta(hours=2)))  # == same, another text
    picks = [*values, same, shifted]
    for n in [*order, *range(len(picks)), 0, 0, len(picks) - 1, len(picks) - 2]:
        value = picks[n % len(picks)]
        assert ours(value) == theirs(value)
