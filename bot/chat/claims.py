"""A reply's rows: claiming the next owed message (with all that answering it needs, in one
transaction), giving a claim back, recording the posted reply, and putting a refused post off.

Each reply is claimed with a lease (compare-and-set on the row), so exactly one process answers
it; a process that dies mid-reply leaves a claim that the next start takes over at once.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from datetime import timedelta
from typing import Any

from sqlalchemy import Update, update

from store import events
from store import sessions as S
from store.clock import Clock
from store.db import Store
from store.leases import PROCESS
from store.models import ChatSession, Message, ReplyState, SessionEvent

log = logging.getLogger(__name__)
# A claim on a reply outlives any model call plus the post; a process that dies holding one is
# taken over at once by the next start on the same host, elsewhere when the lease runs out.
REPLY_LEASE = timedelta(minutes=5)
# Slack refusing a post: try again after these delays (Retry-After wins when longer), then give up.
REDELIVERY_DELAYS = (10, 30, 60, 120, 300, 600, 900, 1800, 3600)


def unclaimed(message_id: int, **values: Any) -> Update:
    """The update that gives a reply claim back (no owner, no lease, no ⏳) with `values`."""
    return (
        update(Message)
        .where(Message.id == message_id)
        .values(reply_owner=None, reply_lease_until=None, working_reaction=False, **values)
    )


@dataclass(frozen=True)
class Turn:
    """A claimed message and what answering it needs, read in the claim's transaction."""

    owed: Message
    took_over: bool
    session: ChatSession
    lines: list[tuple[bool, str]]  # the conversation up to the owed message (`answering_lines`)
    bot_lines: list[tuple[int, str]]  # the bot's lines (id, text), oldest first
    history: list[SessionEvent]  # the session's events (the stall guard's)


@dataclass(frozen=True)
class Delivered:
    """A reply recorded: the session's state, the reply's row id, and whether more is owed."""

    state: str | None
    reply_id: int | None
    more: bool


def answering_lines(messages: list[Message], owed: Message) -> list[tuple[bool, str]]:
    """The conversation as (is_bot, text) lines that end with the message being answered.

    People's messages keep the order they were written in (Slack ts); each of the bot's replies
    goes right after the message it answered (`reply_ts`), wherever its own ts falls: a reply
    posted after newer messages arrived (a busy session, a restart, a redelivered post) would
    otherwise come after them and end the request with an assistant turn, which the Messages
    API reads as a prefill to continue. The bot's lines that answer nothing (none today) keep
    their ts place. Everything after the owed message is left out, so a late delivery (a
    Slack retry after an outage) is answered in the conversation it was written in, and the
    model is always asked about it, however many newer lines the session has.
    """
    answered_by = {m.reply_ts: m.id for m in messages if not m.is_bot and m.reply_ts}
    replies: dict[int, list[Message]] = {}
    spine: list[Message] = []
    for m in messages:  # in Slack order
        asked = answered_by.get(m.ts) if m.is_bot else None
        if asked is None:
            spine.append(m)
        else:
            replies.setdefault(asked, []).append(m)
    lines: list[tuple[bool, str]] = []
    for m in spine:
        if m.id == owed.id:
            break
        lines.append((m.is_bot, m.text))
        lines += [(True, r.text) for r in replies.get(m.id, [])]
    lines.append((False, owed.text))
    return lines


class ReplyClaims:
    """The reply rows of one process (claims are made in its name, `store.leases.PROCESS`)."""

    def __init__(self, store: Store, clock: Clock, bot_user_id: str) -> None:
        self.store = store
        self.clock = clock
        self.bot_user_id = bot_user_id

    def claim_next(self, session_id: str, *, with_history: bool) -> Turn | None:
        """Claim the session's next owed message, reading in the same transaction all that
        answering it needs (session, transcript, the stall guard's events): one round trip."""
        now = self.clock.now()
        with self.store.sessions.begin() as db:
            session = S.get(db, session_id)
            if session is None:
                return None
            messages = S.transcript(db, session_id)
            waiting = sorted(
                (m for m in messages if m.reply_state in ReplyState.UNANSWERED), key=S.ts_key
            )
            owed = S.first_answerable(waiting, now=now)
            if owed is None:
                return None
            took_over = owed.reply_owner is not None and owed.reply_owner != PROCESS
            # Claimed by this process's intake when it was stored: no UPDATE (and on SQLite no
            # writer lock) here.
            fresh = S.fresh_claim(owed)
            if not fresh and not S.claim_reply(db, owed, now=now, lease=REPLY_LEASE):
                return None  # another replica claimed it a moment ago; it answers in order
            history = events.of_session(db, session_id) if with_history else []
            db.expunge_all()
        if fresh:
            owed.reply_attempts -= 1  # detached: reads as it would before a claim, as above
        return Turn(
            owed=owed,
            took_over=took_over,
            session=session,
            lines=answering_lines(messages, owed),
            bot_lines=[(m.id, m.text) for m in sorted(messages, key=lambda m: m.id) if m.is_bot],
            history=history,
        )

    def release(self, owed: Message) -> None:
        """Give a claim back after an unexpected failure, so recovery retries it soon."""
        try:
            with self.store.sessions.begin() as db:
                db.execute(
                    update(Message)
                    .where(Message.id == owed.id, Message.reply_owner == PROCESS)
                    .values(
                        reply_owner=None,
                        reply_lease_until=None,
                        reply_next_at=self.clock.now() + timedelta(seconds=REDELIVERY_DELAYS[0]),
                        working_reaction=False,
                    )
                )
        except Exception:
            log.exception("could not release a reply claim; it expires with its lease")

    def delivered(self, owed: Message, ts: str, stored: str) -> Delivered:
        """Record the posted reply (`stored`: its redacted text) and settle the message; what
        the session looks like afterwards."""
        now = self.clock.now()
        # Three prebuilt statements on the connection (no ORM session).
        with self.store.engine.begin() as conn:
            reply_id = S.add_message(
                conn,
                session_id=owed.session_id,
                channel=owed.channel,
                ts=ts,
                user_id=self.bot_user_id,
                is_bot=True,
                text=stored,
                now=now,
            )
            conn.execute(S.ANSWERED, {"id_": owed.id, "reply_ts_": ts})
            # The session's state, and whether more is owed: asked here rather than in a
            # transaction of its own, as a message stored after this commit is submitted by its
            # own intake, so nothing is missed.
            row = conn.execute(
                S.REPLIED, {"id_": owed.session_id, "bot_ts_": ts, "at_": now}
            ).first()
        state, owing = (row[0], row[1]) if row is not None else (None, 0)
        return Delivered(state, reply_id, bool(owing))

    def settle_unanswered(self, owed: Message) -> None:
        """Leave a message unanswered on purpose (a stopped or capped bot-to-bot exchange)."""
        with self.store.sessions.begin() as db:
            db.execute(unclaimed(owed.id, reply_state=ReplyState.DROPPED, reply_next_at=None))

    def redeliver_later(self, owed: Message, retry_after: float | None) -> float | None:
        """Slack kept refusing the post: keep the answer and try again later (in how many
        seconds is returned, for the caller to do it then), or give up (None)."""
        failures = owed.reply_attempts + 1  # one claim per post attempt
        delay: float | None = None
        if failures > len(REDELIVERY_DELAYS):
            state, next_at = ReplyState.DROPPED, None
            log.error(
                "reply given up after %d refused posts",
                failures,
                extra={"session": owed.session_id},
            )
        else:
            delay = max(REDELIVERY_DELAYS[failures - 1], retry_after or 0)
            state, next_at = ReplyState.GENERATED, self.clock.now() + timedelta(seconds=delay)
            log.warning(
                "reply kept; posting again in %ds", delay, extra={"session": owed.session_id}
            )
        with self.store.sessions.begin() as db:
            db.execute(unclaimed(owed.id, reply_state=state, reply_next_at=next_at))
        return delay

    def record_stream_ts(self, owed: Message, ts: str) -> None:
        """The reply's message exists: its ts on the row at once, in its own transaction, so a
        process taking over after a crash finishes that message rather than posting another."""
        owed.reply_stream_ts = ts
        with self.store.sessions.begin() as db:
            db.execute(update(Message).where(Message.id == owed.id).values(reply_stream_ts=ts))

    def set_working_flag(self, message_id: int, value: bool) -> None:
        with self.store.sessions.begin() as db:
            db.execute(
                update(Message).where(Message.id == message_id).values(working_reaction=value)
            )
