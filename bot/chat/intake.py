"""Intake: which session an inbound message belongs to, and storing it owed a reply.

Runs in the listener, before Slack gets its ack: the delivery is claimed, the session opened and
the message stored (redacted) with its reply obligation in one transaction of three prebuilt
statements. A crash before that commit leaves the delivery unacked, so Slack redelivers it. What
the statements returned lets the usual message's reply start with no read (`ReplyClaims.stored`).
"""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Callable

from sqlalchemy import Connection

from bot.chat.claims import REPLY_LEASE, ReplyClaims
from bot.chat.stall import StallGuard
from bot.slack.inbound import InboundMessage
from store import events
from store import sessions as S
from store.clock import Clock
from store.db import Store
from store.leases import PROCESS
from store.models import Message, ReplyState, row_copy
from writers.redact.redactor import redact_text

log = logging.getLogger(__name__)
NO_TEXT = "(a message with no text, e.g. only a file)"


class Intake:
    """Routes and stores inbound messages."""

    def __init__(
        self,
        store: Store,
        clock: Clock,
        stall: StallGuard | None = None,
        dm_threads: Callable[[], bool] = lambda: False,
        claims: ReplyClaims | None = None,
    ) -> None:
        self.store = store
        # Told of each message stored, to hand its turn over when nothing needs reading.
        self.claims = claims
        self.clock = clock
        self.stall = stall
        # Under agent_view each top-level DM message is a thread root: its own session.
        self.dm_threads = dm_threads
        # Told of a session opened by a person's message, in the transaction that opened it:
        # what its first context will read may be read there (`LearnedContext.read_ahead`),
        # so choosing it needs no transaction of its own. Set by the daemon.
        self.opened: Callable[[Connection, S.Opened], None] = lambda _conn, _opened: None

    def warm(self) -> None:
        """Compile the intake transaction's statements at start-up (`seshat run`, before it
        listens), not in the first message's handling: SQLAlchemy compiles each INSERT …
        RETURNING on its first run, most of a first handling's ~25 ms of CPU (profiled,
        `docs/notes/27-ack10.md`), paid on the interpreter lock while a burst's later
        deliveries wait to be acked. The three statements run for a made-up delivery, session
        and message in a transaction that is rolled back: nothing stays. On SQLite this also
        opens the writer's connection (`Store.write`) and has SQLite prepare the statements on
        it, once for the process's life (a new connection reads the schema, ~1.4 M
        instructions, and prepares each statement on its first run)."""
        now = self.clock.now()
        key = S.SessionKey("T-warm-up", "D-warm-up", "", "U-warm-up")
        with contextlib.suppress(_Duplicate), self.store.write() as conn:
            events.claim_new(conn, ["msg:D-warm-up:0.0", "event:Ev-warm-up"], now=now)
            opened = S.open_or_touch(conn, key, now=now)
            S.add_message(
                conn,
                session_id=opened.session.id,
                channel=key.channel,
                ts="0.0",
                user_id=key.user_id,
                is_bot=False,
                text="warm-up",
                now=now,
                reply_state=ReplyState.PENDING,
                claim_until=now + REPLY_LEASE,
            )
            # Rolled back by the exception (`conn.rollback()` would end only a transaction
            # SQLAlchemy began; on SQLite the hot write's is the driver's own, `store.db.Writers`).
            raise _Duplicate

    def route(self, message: InboundMessage) -> S.SessionKey | None:
        """Which session a message belongs to, or None when the bot should stay quiet."""

        def key(thread: str) -> S.SessionKey:
            return S.SessionKey(message.team, message.channel, thread, message.user)

        thread = message.thread_ts
        if thread is None:
            # A top-level message is decided without a read (and no ORM session is opened).
            if message.is_dm:
                return key(message.ts) if self.dm_threads() else key("")
            return key(message.ts) if message.mentions_bot else None
        if not message.is_dm and message.mentions_bot:
            return key(thread)
        # A thread reply: one prepared read on a Core connection (no ORM session or object).
        with self.store.engine.connect() as conn:
            if message.is_dm:
                # A reply in a thread of the DM's own session continues it.
                return key("") if S.open_holds(conn, key(""), thread) else key(thread)
            return key(thread) if S.is_open(conn, key(thread)) else None

    def intake(self, message: InboundMessage) -> str | None:
        """Claim the delivery, open the session, store the message owed a reply: one
        transaction. Returns the session id, or None for a duplicate or a message to ignore."""
        if self.stall is not None and not message.from_bot and message.thread_ts:
            # A person in the thread resets any bot-to-bot exchange there (bot/chat/stall.py).
            self.stall.human_spoke(message.channel, message.thread_ts, message.user)
        key = self.route(message)
        if key is None:
            return None
        now = self.clock.now()
        dedupe = [f"msg:{message.channel}:{message.ts}"]
        if message.event_id:
            dedupe.append(f"event:{message.event_id}")
        # The transcript is stored redacted: secrets pasted into a chat never reach the database,
        # the model, or anything learned from the session. Redacted first (1-5 ms of CPU): on
        # SQLite the transaction below holds the process's writer lock from its first statement.
        stored = message.stored_text()
        text = redact_text(stored) if stored.strip() else NO_TEXT
        stored_text = S.storable(text)

        def store(conn: Connection) -> tuple[S.Opened, int | None]:
            # Prebuilt Core statements: the dedupe claim, the session found and touched or
            # opened (one upsert, which also returns what the reply needs to know of the
            # session), the message stored claimed by this process for its reply
            # (bot/chat/claims.py answers it with no claim UPDATE).
            if not events.claim_new(conn, dedupe, now=now):
                raise _Duplicate
            opened = S.open_or_touch(conn, key, now=now)
            if opened.created and not message.from_bot:
                self.opened(conn, opened)
            message_id = S.add_message(
                conn,
                session_id=opened.session.id,
                channel=message.channel,
                ts=message.ts,
                user_id=message.user,
                is_bot=False,
                text=stored_text,
                now=now,
                reply_state=ReplyState.PENDING,
                claim_until=now + REPLY_LEASE,
            )
            return opened, message_id

        try:
            if message.from_bot and self.stall is not None:
                with self.store.sessions.begin() as db:
                    opened, message_id = store(db.connection())
                    self.stall.bot_message(db, opened.session.id, now=now)
            else:
                # A person's message: on a Core connection, without an ORM session around it
                # (its begin and commit cost a third more than the Core transaction's), and on
                # SQLite on the writer's own connection (`Store.write`).
                with self.store.write() as conn:
                    opened, message_id = store(conn)
            session_id, created = opened.session.id, opened.created
        except _Duplicate:  # rolled back: the keys it did insert were claimed before, too
            log.info("duplicate delivery ignored", extra={"slack_ts": message.ts})
            return None
        if self.claims is not None and message_id is not None:
            # The row as stored, read as before its claim (as `ReplyClaims.claim_next` does).
            owed = row_copy(
                Message,
                {
                    "id": message_id,
                    "session_id": session_id,
                    "channel": message.channel,
                    "ts": message.ts,
                    "user_id": message.user,
                    "is_bot": False,
                    "text": stored_text,
                    "created_at": now,
                    "reply_state": ReplyState.PENDING,
                    "reply_owner": PROCESS,
                    "reply_lease_until": now + REPLY_LEASE,
                    "reply_attempts": 0,
                    "working_reaction": True,
                },
            )
            # A bot's message (the stall guard's business) is answered after a read.
            self.claims.stored(opened, owed, hand=not message.from_bot)
        log.info("message stored", extra={"session": session_id, "new_session": created})
        return session_id


class _Duplicate(Exception):
    """A delivery seen before: the intake's transaction is rolled back."""
