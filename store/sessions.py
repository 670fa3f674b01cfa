"""Sessions and their transcript. Every state change is a compare-and-set UPDATE.

`open → closing → reflecting → reflected | deferred | skipped | failed`; a row moves only when its
current state is one the caller expected, so `/done`, the idle sweep, a restart and a second
replica can race and exactly one of them wins.
"""

from __future__ import annotations

import functools
import json
import os
import re
import uuid
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import (
    ColumnElement,
    Connection,
    Table,
    Text,
    and_,
    bindparam,
    exists,
    func,
    literal,
    select,
    update,
)
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.orm import Session

from store.clock import as_utc
from store.db import Prepared, dialect_of, insert_ignore
from store.leases import PROCESS, claimable
from store.models import (
    AuditEvent,
    ChatSession,
    FactScopeVersion,
    MemoryEntry,
    Message,
    Observation,
    ReplyState,
    SessionEvent,
    SessionState,
    row_copy,
)

# A lone UTF-16 surrogate (e.g. from a JSON "\ud800" escape) cannot be encoded as UTF-8: the
# database would refuse the whole row. It becomes U+FFFD, the replacement character.
_SURROGATE = re.compile("[\ud800-\udfff]")


def storable(text: str) -> str:
    """Text any database accepts: no NUL bytes, no lone surrogates."""
    return _SURROGATE.sub("\ufffd", text.replace("\x00", ""))


@dataclass(frozen=True)
class SessionKey:
    """What identifies a conversation: (team, channel, thread root or "", user)."""

    team: str
    channel: str
    thread_ts: str
    user_id: str

    def as_open_key(self) -> str:
        """The unique value held in `sessions.open_key` while the session is open."""
        return f"{self.team}|{self.channel}|{self.thread_ts}|{self.user_id}"


def find_open(db: Session, key: SessionKey) -> ChatSession | None:
    """The open session for `key`, if any."""
    return db.scalars(select(ChatSession).where(ChatSession.open_key == key.as_open_key())).first()


def is_open(db: Session | Connection, key: SessionKey) -> bool:
    """Whether `key` has an open session (one prepared statement, no ORM object)."""
    return bool(_IS_OPEN.run(db, {"open_key_": key.as_open_key()}))


def open_holds(db: Session | Connection, key: SessionKey, ts: str) -> bool:
    """Whether `key`'s open session holds a message with Slack ts `ts` (one prepared
    statement, no ORM object: the intake's route asks it of a DM's thread replies)."""
    return bool(_OPEN_HOLDS.run(db, {"open_key_": key.as_open_key(), "ts_": ts}))


def get_or_open(db: Session, key: SessionKey, *, now: datetime) -> tuple[ChatSession, bool]:
    """Return the open session for `key`, opening one if needed; (session, created)."""
    session_id, created = open_id(db, key, now=now)
    opened = db.get(ChatSession, session_id)
    if opened is None:
        raise RuntimeError(f"no open session for {key.as_open_key()} after opening one")
    return opened, created


def open_id(db: Session, key: SessionKey, *, now: datetime) -> tuple[str, bool]:
    """`get_or_open` for the id alone (no row is loaded)."""
    by_key = select(ChatSession.id).where(ChatSession.open_key == key.as_open_key())
    existing = db.scalar(by_key)
    if existing is not None:
        return existing, False
    return _open(db, key, now=now, again=lambda: db.scalar(by_key))


@dataclass(frozen=True)
class ContextMarks:
    """What decides whether a session's learned context needs any read, as of the intake's
    statement (the snapshot its message was stored in): the audit log's greatest id (the lesson
    library's mark), the versions of the fact scopes of `user_id` and `channel` (0 for a scope
    never written), whether each scope holds any fact row, and whether the user has any active
    notes. `writers.selector.select_context` reads only what these say changed."""

    user_id: str
    channel: str
    audit_top: int
    user_version: int
    channel_version: int
    user_facts: bool
    channel_facts: bool
    user_notes: bool


@dataclass(frozen=True)
class Opened:
    """The intake's session, with what its reply needs to know of it, read by the statement
    that found (or opened) it: its row (detached), whether it was just opened, how many of its
    messages were owed a reply, the (count, greatest id) of its messages, and how many session
    events it has (all as they were before the message being stored), and the marks its
    learned context is chosen by (`ContextMarks`)."""

    session: ChatSession
    created: bool
    owing: int
    stamp: tuple[int, int]
    events: int
    marks: ContextMarks


# A random (version 4) UUID's bits: its version and variant fields cleared, then set.
_UUID4_CLEAR = ~((0xF000 << 64) | (0xC000 << 48))
_UUID4_SET = (0x4000 << 64) | (0x8000 << 48)


def new_session_id() -> str:
    """`str(uuid.uuid4())`: the same 16 random bytes of `os.urandom` with the same version
    and variant bits, written in the same form, without `uuid.UUID`'s checks and properties
    (~15 K instructions an intake, which makes one for every message: used when it opens)."""
    value = (int.from_bytes(os.urandom(16)) & _UUID4_CLEAR) | _UUID4_SET
    text = f"{value:032x}"
    return f"{text[:8]}-{text[8:12]}-{text[12:16]}-{text[16:20]}-{text[20:]}"


def open_or_touch(db: Session | Connection, key: SessionKey, *, now: datetime) -> Opened:
    """The intake's session before every ack, in one prebuilt statement: the open session for
    `key` with its activity time set to `now`, or a new one opened (`INSERT … ON CONFLICT
    (open_key) DO UPDATE … RETURNING`, so two replicas opening the same key get the same row)."""
    session_id = new_session_id()
    row: dict[str, Any] = dict(_SESSION_NONE)
    row.update(
        id_=session_id,
        team_=key.team,
        channel_=key.channel,
        thread_ts_=key.thread_ts,
        user_id_=key.user_id,
        open_key_=key.as_open_key(),
        state_=SessionState.OPEN,
        opened_at_=now,
        last_activity_at_=now,
        pending_replies_=0,
    )
    (found,) = _open_or_touch_prepared(dialect_of(db)).rows(db, row)
    width = len(_SESSION_COLUMNS)
    session = row_copy(ChatSession, dict(zip(_SESSION_COLUMNS, found[:width], strict=True)))
    owing, count, greatest, events_, top, user_v, channel_v, user_f, channel_f, notes = found[
        width:
    ]
    return Opened(
        session=session,
        created=session.id == session_id,
        owing=int(owing or 0),
        stamp=(int(count or 0), int(greatest or 0)),
        events=int(events_ or 0),
        marks=ContextMarks(
            user_id=key.user_id,
            channel=key.channel,
            audit_top=int(top or 0),
            user_version=int(user_v or 0),
            channel_version=int(channel_v or 0),
            user_facts=bool(user_f),
            channel_facts=bool(channel_f),
            user_notes=bool(notes),
        ),
    )


def _open(
    db: Session | Connection, key: SessionKey, *, now: datetime, again: Callable[[], Any]
) -> tuple[str, bool]:
    session_id = str(uuid.uuid4())
    row = {
        "id": session_id,
        "team": key.team,
        "channel": key.channel,
        "thread_ts": key.thread_ts,
        "user_id": key.user_id,
        "open_key": key.as_open_key(),
        "state": SessionState.OPEN,
        "opened_at": now,
        "last_activity_at": now,
        "pending_replies": 0,
    }
    # Another worker or replica may open it first: then theirs is the one.
    if insert_ignore(db, ChatSession, [row]) == 1:
        return session_id, True
    theirs = again()
    if theirs is None:
        raise RuntimeError(f"no open session for {key.as_open_key()} after opening one")
    return theirs, False


# How SQLite keeps a `DateTime` (the text the ORM would write), for the trigger's JSON.
_SQLITE_TIME = sqlite.DATETIME().bind_processor(sqlite.dialect()) or str  # type: ignore[no-untyped-call]


# The hot path's statements, built once on the tables (Core: no ORM compile step per call).
_SESSIONS: Table = ChatSession.__table__  # type: ignore[assignment]
_MESSAGES: Table = Message.__table__  # type: ignore[assignment]
_EVENTS: Table = SessionEvent.__table__  # type: ignore[assignment]
# The columns of a session, in table order (what `open_or_touch` returns first).
_SESSION_COLUMNS = tuple(c.name for c in _SESSIONS.c)
# `open_or_touch`'s parameters, each None until given.
_SESSION_NONE: dict[str, Any] = {f"{c}_": None for c in _SESSION_COLUMNS}
_OPEN_SESSION = _SESSIONS.alias("open_session")
_REPLYING = _MESSAGES.alias("replying")


# The route's reads (`is_open`, `open_holds`), prepared: a thread reply's intake asks one.
_IS_OPEN = Prepared(
    select(literal(1)).where(_SESSIONS.c.open_key == bindparam("open_key_")).limit(1)
)
_OPEN_HOLDS = Prepared(
    select(literal(1))
    .select_from(_SESSIONS.join(_MESSAGES, _MESSAGES.c.session_id == _SESSIONS.c.id))
    .where(_SESSIONS.c.open_key == bindparam("open_key_"), _MESSAGES.c.ts == bindparam("ts_"))
    .limit(1)
)


def _unanswered(reply_state: ColumnElement[Any]) -> ColumnElement[bool]:
    """`reply_state IN ('pending', 'generated')` with each state a plain bound parameter: the
    hot statements are prebuilt, and an expanding `IN` list would be rendered into their SQL
    again at every run."""
    return reply_state.in_([literal(s) for s in ReplyState.UNANSWERED])


@functools.lru_cache(maxsize=4)
def _open_or_touch(dialect: str) -> Any:
    """`open_or_touch`'s statement for a dialect, built once. Its RETURNING reads what the
    reply needs about the session's other messages (scalar subqueries on the key: the new row
    is not seen by them, and a new session has no messages), and the marks the session's
    learned context is chosen by (`ContextMarks`: indexed scalar subqueries, read in the
    same snapshot as the message is stored in)."""
    insert = sqlite.insert if dialect == "sqlite" else postgresql.insert
    statement = insert(_SESSIONS).values({c: bindparam(f"{c}_") for c in _SESSION_COLUMNS})
    by_key = (
        select(_OPEN_SESSION.c.id)
        .where(_OPEN_SESSION.c.open_key == bindparam("open_key_"))
        .scalar_subquery()
    )
    mine = _MESSAGES.c.session_id == by_key
    return statement.on_conflict_do_update(
        index_elements=[_SESSIONS.c.open_key],
        set_={"last_activity_at": statement.excluded.last_activity_at},
    ).returning(
        *_SESSIONS.c,
        select(func.count(_MESSAGES.c.id))
        .where(mine, _unanswered(_MESSAGES.c.reply_state))
        .scalar_subquery(),
        select(func.count(_MESSAGES.c.id)).where(mine).scalar_subquery(),
        select(func.max(_MESSAGES.c.id)).where(mine).scalar_subquery(),
        select(func.count(_EVENTS.c.id)).where(_EVENTS.c.session_id == by_key).scalar_subquery(),
        select(func.max(AuditEvent.id)).scalar_subquery(),
        _scope_version("user", "user_id_"),
        _scope_version("channel", "channel_"),
        _scope_has_facts("user", "user_id_"),
        _scope_has_facts("channel", "channel_"),
        exists().where(
            Observation.kind == "user",
            Observation.subject == bindparam("user_id_"),
            Observation.status == "active",
        ),
    )


@functools.lru_cache(maxsize=2)
def _open_or_touch_prepared(dialect: str) -> Prepared:
    """`_open_or_touch`, prepared (`store.db.Prepared`: its rows as `Connection.execute`
    reads them, without SQLAlchemy's execution and result set-up at every message)."""
    return Prepared(_open_or_touch(dialect))


def _scope_version(kind: str, param: str) -> Any:
    v = FactScopeVersion
    return (
        select(v.version)
        .where(v.scope_kind == kind, v.scope_id == bindparam(param))
        .scalar_subquery()
    )


def _scope_has_facts(kind: str, param: str) -> Any:
    m = MemoryEntry
    return exists().where(m.scope_kind == kind, m.scope_id == bindparam(param))


# The session's messages other than the bot's reply being recorded.
_BEFORE_REPLY = and_(
    _REPLYING.c.session_id == bindparam("session_"), _REPLYING.c.id != bindparam("reply_id_")
)
# A claimed reply recorded: the message answered and its claim given back. Returns the
# session's state, how many of its other messages are still owed a reply, and the (count,
# greatest id) of its messages before the bot's reply (stored just before): one statement
# where there were two (the session's row is not touched: its activity time is the intake's,
# and the bot's last reply is read from the messages, `last_bot_ts`).
ANSWERED = (
    update(_MESSAGES)
    .where(_MESSAGES.c.id == bindparam("id_"))
    .values(
        reply_owner=None,
        reply_lease_until=None,
        working_reaction=False,
        reply_state=ReplyState.ANSWERED,
        reply_ts=bindparam("reply_ts_"),
        reply_text=None,
        reply_next_at=None,
        context_uses=None,
    )
    .returning(
        select(_SESSIONS.c.state).where(_SESSIONS.c.id == bindparam("session_")).scalar_subquery(),
        select(func.count(_REPLYING.c.id))
        .where(
            _REPLYING.c.session_id == bindparam("session_"),
            _REPLYING.c.id != bindparam("id_"),
            _unanswered(_REPLYING.c.reply_state),
        )
        .scalar_subquery(),
        select(func.count(_REPLYING.c.id)).where(_BEFORE_REPLY).scalar_subquery(),
        select(func.max(_REPLYING.c.id)).where(_BEFORE_REPLY).scalar_subquery(),
    )
)
# `ANSWERED` prepared (`store.db.Prepared`), as recording a posted reply runs it.
ANSWERED_PREPARED = Prepared(ANSWERED)
# The answer stored before it is posted, with what its context used (`context_uses_`: None,
# the default, or what `uses_json` made; the database's trigger records it, migration 0020).
GENERATED = (
    update(_MESSAGES)
    .where(_MESSAGES.c.id == bindparam("id_"))
    .values(
        reply_state=ReplyState.GENERATED,
        reply_text=bindparam("reply_text_"),
        context_uses=bindparam("context_uses_", None, type_=Text(), required=False),
    )
)
# `GENERATED` prepared, as the engine stores an answer before posting it.
GENERATED_PREPARED = Prepared(GENERATED)


def uses_json(
    db: Session | Connection, at: datetime, lesson_ids: Sequence[int], fact_ids: Sequence[int]
) -> str | None:
    """`GENERATED`'s `context_uses`: the lessons and facts a session's context used and when,
    as the database's trigger reads them (the time as the dialect stores a `DateTime`); None
    when it used neither."""
    if not lesson_ids and not fact_ids:
        return None
    dialect = db.get_bind().dialect if isinstance(db, Session) else db.dialect
    if dialect.name == "sqlite":
        stamp = _SQLITE_TIME(at)
    else:
        stamp = as_utc(at).isoformat()
    return json.dumps(
        {"at": stamp, "lessons": sorted(set(lesson_ids)), "facts": sorted(set(fact_ids))}
    )


def add_message(
    db: Session | Connection,
    *,
    session_id: str,
    channel: str,
    ts: str,
    user_id: str | None,
    is_bot: bool,
    text: str,
    now: datetime,
    reply_state: str | None = None,
    claim_until: datetime | None = None,
) -> int | None:
    """Append a transcript line: its id, or None when that (session, ts) was already stored.

    A user message that must be answered is stored with `reply_state=ReplyState.PENDING`, in the
    same transaction as the delivery's dedupe claim: from then on it is answered exactly once,
    by this process or, after a crash, by whichever process recovers it. With `claim_until` it is
    stored already claimed by this process (`claim_reply`'s columns, one attempt) until then: the
    intake's process answers it, with no claim UPDATE of its own (`fresh_claim`).
    """
    claimed = claim_until is not None
    row: dict[str, Any] = {
        "session_id": session_id,
        "channel": channel,
        "ts": ts,
        "user_id": user_id,
        "is_bot": is_bot,
        "text": storable(text),
        "created_at": now,
        "reply_state": reply_state,
        # Unclaimed: the columns' defaults, as an insert without them wrote.
        "reply_owner": PROCESS if claimed else None,
        "reply_lease_until": claim_until,
        "reply_attempts": 1 if claimed else 0,
        "working_reaction": claimed,
    }
    dialect = dialect_of(db)
    if dialect == "sqlite":
        # No RETURNING (`Prepared.changed`): the id is the rowid the driver reports, when the
        # row was inserted (`lastrowid` is the connection's last insert's, so not otherwise).
        inserted, rowid = _add_message(dialect).changed(db, row)
        return int(rowid) if inserted == 1 else None
    keys = _add_message(dialect).run(db, row)
    return int(keys[0][0]) if keys else None


# The columns `add_message` writes (the others are NULL in a new row, as they have no default).
_MESSAGE_COLUMNS = (
    "session_id",
    "channel",
    "ts",
    "user_id",
    "is_bot",
    "text",
    "created_at",
    "reply_state",
    "reply_owner",
    "reply_lease_until",
    "reply_attempts",
    "working_reaction",
)


@functools.lru_cache(maxsize=2)
def _add_message(dialect: str) -> Prepared:
    """`add_message`'s statement, prepared (`store.db.Prepared`): `INSERT INTO messages …
    ON CONFLICT DO NOTHING RETURNING id` (on SQLite without the RETURNING: the driver's
    `lastrowid` is the id, `messages.id` being the rowid)."""
    insert = sqlite.insert if dialect == "sqlite" else postgresql.insert
    statement = insert(_MESSAGES).values({c: bindparam(c) for c in _MESSAGE_COLUMNS})
    statement = statement.on_conflict_do_nothing()
    return Prepared(statement if dialect == "sqlite" else statement.returning(_MESSAGES.c.id))


def fresh_claim(message: Message) -> bool:
    """True for a message this process claimed when it stored it (`add_message(claim_until=…)`)
    and has not worked on since: answering it needs no claim of its own."""
    return (
        message.reply_owner == PROCESS
        and message.reply_attempts == 1
        and message.reply_state == ReplyState.PENDING
        and message.reply_stream_ts is None
    )


def ts_key(message: Message) -> tuple[float, int]:
    """Slack order: ts strings are "seconds.micros", compared as numbers, then insert order."""
    try:
        return float(message.ts), message.id
    except ValueError:
        return 0.0, message.id


def unanswered(db: Session, session_id: str) -> list[Message]:
    """The session's user messages still owed a reply, oldest first."""
    rows = db.scalars(
        select(Message).where(
            Message.session_id == session_id, Message.reply_state.in_(ReplyState.UNANSWERED)
        )
    ).all()
    return sorted(rows, key=ts_key)


def unanswered_count(db: Session, session_id: str) -> int:
    """How many of the session's user messages are still owed a reply."""
    count = db.scalar(
        select(func.count(Message.id)).where(
            Message.session_id == session_id, Message.reply_state.in_(ReplyState.UNANSWERED)
        )
    )
    return int(count or 0)


def claim_reply(db: Session, message: Message, *, now: datetime, lease: timedelta) -> bool:
    """Take `message`'s reply for this process until `now + lease`; True for exactly one
    claimant. `reply_attempts` is the version the compare-and-set checks."""
    result = db.execute(
        update(Message)
        .where(Message.id == message.id, Message.reply_attempts == message.reply_attempts)
        .values(
            reply_owner=PROCESS,
            reply_lease_until=now + lease,
            reply_attempts=message.reply_attempts + 1,
            # The ⏳ goes on next; recorded first so a crash at any later point lets
            # recovery take it off.
            working_reaction=True,
        )
        .execution_options(synchronize_session=False)
    )
    return bool(getattr(result, "rowcount", 0) == 1)


def next_reply(db: Session, session_id: str, *, now: datetime) -> Message | None:
    """The oldest message of the session owed a reply, if this process may work on it now.

    Order is kept: when the oldest one is another live process's, or waits for Slack to take
    its delivery again, nothing newer is answered before it.
    """
    return first_answerable(unanswered(db, session_id), now=now)


def first_answerable(owed: Sequence[Message], *, now: datetime) -> Message | None:
    """`next_reply` over the session's owed messages (oldest first) already read."""
    if not owed:
        return None
    first = owed[0]
    if first.reply_owner != PROCESS and not claimable(
        first.reply_owner, first.reply_lease_until, now
    ):
        return None
    if first.reply_next_at is not None and as_utc(first.reply_next_at) > now:
        return None
    return first


def sessions_owing_replies(db: Session, *, now: datetime, limit: int = 500) -> list[str]:
    """Sessions with a reply this process could take over now (recovery after a crash)."""
    rows = db.scalars(
        select(Message).where(Message.reply_state.in_(ReplyState.UNANSWERED)).limit(limit * 4)
    ).all()
    found: list[str] = []
    for m in rows:
        if m.reply_next_at is not None and as_utc(m.reply_next_at) > now:
            continue
        if claimable(m.reply_owner, m.reply_lease_until, now) and m.session_id not in found:
            found.append(m.session_id)
    return found[:limit]


def stale_working_reactions(db: Session, *, now: datetime, limit: int = 200) -> list[Message]:
    """User messages whose ⏳ is still on although nobody is (or will be) working on them."""
    rows = db.scalars(select(Message).where(Message.working_reaction.is_(True)).limit(limit)).all()
    return [
        m
        for m in rows
        if m.reply_state not in ReplyState.UNANSWERED
        or claimable(m.reply_owner, m.reply_lease_until, now)
    ]


def transcript(db: Session, session_id: str) -> list[Message]:
    """The session's messages in Slack order."""
    rows = db.scalars(select(Message).where(Message.session_id == session_id)).all()
    # ts strings are "seconds.micros"; compare numerically so "9.x" sorts before "10.x".
    return sorted(rows, key=lambda m: (float(m.ts), m.id))


def touch(db: Session, session_id: str, *, now: datetime) -> None:
    """Record activity (keeps the idle sweep away)."""
    db.execute(update(ChatSession).where(ChatSession.id == session_id).values(last_activity_at=now))


def transition(
    db: Session,
    session_id: str,
    *,
    expected: str | Sequence[str],
    to: str,
    **values: Any,
) -> bool:
    """Move a session from one of `expected` states to `to`; True only for the winner."""
    states = [expected] if isinstance(expected, str) else list(expected)
    changes: dict[str, Any] = {"state": to, **values}
    if to != SessionState.OPEN:
        changes["open_key"] = None
    result = db.execute(
        update(ChatSession)
        .where(ChatSession.id == session_id, ChatSession.state.in_(states))
        .values(**changes)
        .execution_options(synchronize_session=False)
    )
    return bool(getattr(result, "rowcount", 0) == 1)


def close(db: Session, session_id: str, *, now: datetime, reason: str) -> bool:
    """The one close transition (open → closing); exactly one caller wins."""
    return transition(
        db,
        session_id,
        expected=SessionState.OPEN,
        to=SessionState.CLOSING,
        closed_at=now,
        close_reason=reason,
    )


def last_bot_ts(db: Session, session_id: str) -> str | None:
    """The ts of the bot's newest reply in the session (a ✅ on it closes the session): the
    last one recorded."""
    return db.scalar(
        select(Message.ts)
        .where(Message.session_id == session_id, Message.is_bot.is_(True))
        .order_by(Message.id.desc())
        .limit(1)
    )


def idle_open_sessions(db: Session, *, cutoff: datetime, limit: int = 500) -> list[str]:
    """Ids of open sessions whose last activity is older than `cutoff`."""
    return list(
        db.scalars(
            select(ChatSession.id)
            .where(ChatSession.state == SessionState.OPEN, ChatSession.last_activity_at < cutoff)
            .limit(limit)
        )
    )


def newest_open_for(db: Session, *, team: str, channel: str, user_id: str) -> ChatSession | None:
    """The user's most recently active open session in a channel (for /done)."""
    return db.scalars(
        select(ChatSession)
        .where(
            ChatSession.team == team,
            ChatSession.channel == channel,
            ChatSession.user_id == user_id,
            ChatSession.state == SessionState.OPEN,
        )
        .order_by(ChatSession.last_activity_at.desc())
    ).first()


def open_for_user_in_channel(db: Session, *, channel: str, user_id: str) -> list[ChatSession]:
    """A user's open sessions in one channel (a ✅ on the bot's last reply closes one)."""
    return list(
        db.scalars(
            select(ChatSession).where(
                ChatSession.channel == channel,
                ChatSession.user_id == user_id,
                ChatSession.state == SessionState.OPEN,
            )
        )
    )


def in_states(db: Session, states: Iterable[str], *, limit: int = 500) -> list[ChatSession]:
    """Sessions in any of `states`, oldest close first (recovery after a restart)."""
    return list(
        db.scalars(
            select(ChatSession)
            .where(ChatSession.state.in_(list(states)))
            .order_by(ChatSession.closed_at)
            .limit(limit)
        )
    )


def get(db: Session, session_id: str) -> ChatSession | None:
    """A session by id."""
    return db.get(ChatSession, session_id)
