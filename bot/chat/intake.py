"""Intake: which session an inbound message belongs to, and storing it owed a reply.

Runs in the listener, before Slack gets its ack: the delivery is claimed, the session opened and
the message stored (redacted) with its reply obligation in one transaction. A crash before that
commit leaves the delivery unacked, so Slack redelivers it.
"""

from __future__ import annotations

import logging
from collections.abc import Callable

from bot.chat.stall import StallGuard
from bot.slack.inbound import InboundMessage
from store import events
from store import sessions as S
from store.clock import Clock
from store.db import Store
from store.models import ReplyState
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
    ) -> None:
        self.store = store
        self.clock = clock
        self.stall = stall
        # Under agent_view each top-level DM message is a thread root: its own session.
        self.dm_threads = dm_threads

    def route(self, message: InboundMessage) -> S.SessionKey | None:
        """Which session a message belongs to, or None when the bot should stay quiet."""

        def key(thread: str) -> S.SessionKey:
            return S.SessionKey(message.team, message.channel, thread, message.user)

        with self.store.sessions() as db:
            if message.is_dm:
                if message.thread_ts is None:
                    return key(message.ts) if self.dm_threads() else key("")
                dm = S.find_open(db, key(""))
                if dm is not None and any(
                    m.ts == message.thread_ts for m in S.transcript(db, dm.id)
                ):
                    return key("")
                return key(message.thread_ts)
            if message.thread_ts is not None:
                if S.find_open(db, key(message.thread_ts)) is not None or message.mentions_bot:
                    return key(message.thread_ts)
                return None
            return key(message.ts) if message.mentions_bot else None

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
        with self.store.sessions.begin() as db:
            if not events.claim_all(db, dedupe, now=now):
                log.info("duplicate delivery ignored", extra={"slack_ts": message.ts})
                return None
            session_id, created = S.open_id(db, key, now=now)
            # The transcript is stored redacted: secrets pasted into a chat never reach the
            # database, the model, or anything learned from the session.
            S.add_message(
                db,
                session_id=session_id,
                channel=message.channel,
                ts=message.ts,
                user_id=message.user,
                is_bot=False,
                text=redact_text(stored) if (stored := message.stored_text()).strip() else NO_TEXT,
                now=now,
                reply_state=ReplyState.PENDING,
            )
            if not created:  # a new session was opened with this activity time
                S.touch(db, session_id, now=now)
            if message.from_bot and self.stall is not None:
                self.stall.bot_message(db, session_id, now=now)
        log.info("message stored", extra={"session": session_id, "new_session": created})
        return session_id
