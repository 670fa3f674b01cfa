"""Sessions and their transcript. Every state change is a compare-and-set UPDATE.

`open → closing → reflecting → reflected | deferred | skipped | failed`; a row moves only when its
current state is one the caller expected, so `/done`, the idle sweep, a restart and a second
replica can race and exactly one of them wins.
"""

from __future__ import annotations

import uuid
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from store.models import ChatSession, Message, SessionState


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
    existing = find_open(db, key)
    if existing is not None:
        return existing, False
    row = ChatSession(
        id=str(uuid.uuid4()),
        team=key.team,
        channel=key.channel,
        thread_ts=key.thread_ts,
        user_id=key.user_id,
        open_key=key.as_open_key(),
        state=SessionState.OPEN,
        opened_at=now,
        last_activity_at=now,
        pending_replies=0,
    )
    try:
        with db.begin_nested():
            db.add(row)
    except IntegrityError:
        # Another worker or replica opened it first: use theirs.
        winner = find_open(db, key)
        if winner is None:
            raise
        return winner, False
    return row, True


def add_message(
    db: Session,
    *,
    session_id: str,
    channel: str,
    ts: str,
    user_id: str | None,
    is_bot: bool,
    text: str,
    now: datetime,
) -> bool:
    """Append a transcript line; False when that (session, ts) was already stored."""
    try:
        with db.begin_nested():
            db.add(
                Message(
                    session_id=session_id,
                    channel=channel,
                    ts=ts,
                    user_id=user_id,
                    is_bot=is_bot,
                    text=text,
                    created_at=now,
                )
            )
    except IntegrityError:
        return False
    return True


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


def reply_started(db: Session, session_id: str) -> None:
    """Count a reply in flight, so reflection waits for it to be stored."""
    db.execute(
        update(ChatSession)
        .where(ChatSession.id == session_id)
        .values(pending_replies=ChatSession.pending_replies + 1)
    )


def reply_finished(db: Session, session_id: str, *, bot_ts: str | None) -> None:
    """A reply in flight was stored (or given up on)."""
    values: dict[str, Any] = {"pending_replies": ChatSession.pending_replies - 1}
    if bot_ts is not None:
        values["last_bot_ts"] = bot_ts
    db.execute(update(ChatSession).where(ChatSession.id == session_id).values(**values))


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
