"""Sessions and their transcript. Every state change is a compare-and-set UPDATE.

`open → closing → reflecting → reflected | deferred | skipped | failed`; a row moves only when its
current state is one the caller expected, so `/done`, the idle sweep, a restart and a second
replica can race and exactly one of them wins.
"""

from __future__ import annotations

import re
import uuid
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import Connection, Table, bindparam, func, select, update
from sqlalchemy.orm import Session

from store.clock import as_utc
from store.db import insert_ignore, insert_ignore_keys
from store.leases import PROCESS, claimable
from store.models import ChatSession, Message, ReplyState, SessionState

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


def touch_or_open(db: Session | Connection, key: SessionKey, *, now: datetime) -> tuple[str, bool]:
    """The intake's `open_id`, before every ack: the open session's activity time set to `now`
    (one prebuilt UPDATE … RETURNING finds and touches it), or a new one opened with it;
    (session id, created)."""
    touch = {"open_key_": key.as_open_key(), "at_": now}
    existing = db.execute(TOUCH_OPEN, touch).scalar()
    if existing is not None:
        return str(existing), False
    return _open(db, key, now=now, again=lambda: db.execute(TOUCH_OPEN, touch).scalar())


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


# The hot path's statements, built once on the tables (Core: no ORM compile step per call).
_SESSIONS: Table = ChatSession.__table__  # type: ignore[assignment]
_MESSAGES: Table = Message.__table__  # type: ignore[assignment]
# Activity on the open session for a key, returning its id (none when no session is open).
TOUCH_OPEN = (
    update(_SESSIONS)
    .where(_SESSIONS.c.open_key == bindparam("open_key_"))
    .values(last_activity_at=bindparam("at_"))
    .returning(_SESSIONS.c.id)
)
# A claimed reply recorded: the message answered and its claim given back.
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
    )
)
# The answer stored before it is posted.
GENERATED = (
    update(_MESSAGES)
    .where(_MESSAGES.c.id == bindparam("id_"))
    .values(reply_state=ReplyState.GENERATED, reply_text=bindparam("reply_text_"))
)
# The session after a reply: its newest bot ts and activity; returns its state and how many
# of its messages are still owed a reply (one statement instead of two).
REPLIED = (
    update(_SESSIONS)
    .where(_SESSIONS.c.id == bindparam("id_"))
    .values(last_bot_ts=bindparam("bot_ts_"), last_activity_at=bindparam("at_"))
    .returning(
        _SESSIONS.c.state,
        select(func.count(_MESSAGES.c.id))
        .where(
            _MESSAGES.c.session_id == bindparam("id_"),
            _MESSAGES.c.reply_state.in_(ReplyState.UNANSWERED),
        )
        .scalar_subquery(),
    )
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
    row: dict[str, Any] = {
        "session_id": session_id,
        "channel": channel,
        "ts": ts,
        "user_id": user_id,
        "is_bot": is_bot,
        "text": storable(text),
        "created_at": now,
        "reply_state": reply_state,
    }
    if claim_until is not None:
        row.update(
            reply_owner=PROCESS,
            reply_lease_until=claim_until,
            reply_attempts=1,
            working_reaction=True,
        )
    keys = insert_ignore_keys(db, Message, [row])
    return int(keys[0]) if keys else None


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


def set_last_bot_ts(db: Session, session_id: str, bot_ts: str) -> None:
    """Remember the bot's newest reply (a ✅ on it closes the session)."""
    db.execute(update(ChatSession).where(ChatSession.id == session_id).values(last_bot_ts=bot_ts))


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
