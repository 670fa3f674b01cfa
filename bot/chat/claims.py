"""A reply's rows: claiming the next owed message (with all that answering it needs, in one
transaction), giving a claim back, recording the posted reply, and putting a refused post off.

Each reply is claimed with a lease (compare-and-set on the row), so exactly one process answers
it; a process that dies mid-reply leaves a claim that the next start takes over at once.

The usual message needs no claim transaction at all: the intake stores it claimed by this
process, and when it is the only message its session owes, the intake hands over its turn
(`hand_over`), built from what the intake's statement returned and this process's copy of the
session's transcript (`Transcripts`), which is used only while the database says it is whole.
"""

from __future__ import annotations

import logging
import threading
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass, replace
from datetime import timedelta
from typing import Any, Protocol

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
# The intake's context marks kept for sessions whose context is not built yet.
_MAX_MARKS = 1024


def unclaimed(message_id: int, **values: Any) -> Update:
    """The update that gives a reply claim back (no owner, no lease, no ⏳) with `values`."""
    return (
        update(Message)
        .where(Message.id == message_id)
        .values(reply_owner=None, reply_lease_until=None, working_reaction=False, **values)
    )


class Line(Protocol):
    """A transcript line as `answering_lines` reads it (a `Message` row, or a `Kept` copy)."""

    @property
    def id(self) -> int: ...
    @property
    def ts(self) -> str: ...
    @property
    def is_bot(self) -> bool: ...
    @property
    def text(self) -> str: ...
    @property
    def reply_ts(self) -> str | None: ...


@dataclass(frozen=True, slots=True)
class Kept:
    """A transcript line as this process keeps it (the columns `answering_lines` reads)."""

    id: int
    ts: str
    is_bot: bool
    text: str
    reply_ts: str | None = None


@dataclass
class _Kept:
    stamp: tuple[int, int]  # (how many messages, greatest id), as the database counts them
    lines: list[Kept]  # in id order
    chars: int


# Transcripts kept: sessions, and their text in characters all together (the oldest used go
# first); a session longer than TRANSCRIPT_CHARS is read from the database each time.
TRANSCRIPT_SESSIONS = 512
TRANSCRIPTS_CHARS = 4_000_000
TRANSCRIPT_CHARS = 64_000


class Transcripts:
    """This process's copy of recent sessions' transcripts, so a later message of a session needs
    no read of it.

    Invalidation: a copy is used only when the database says, in the statement that stores the
    next message (`sessions.open_or_touch`), that the session has exactly the copy's number of
    messages and the same greatest id, and every change to a copy is a compare-and-set on that
    stamp with what the changing statement returned. Rows are only added (ids grow) while a
    session is open, and a user's message changes only when it is answered, which adds the
    bot's reply in the same transaction; so a stamp that matches means the same rows. Any
    mismatch (another replica wrote, a write this process has not applied yet) drops the copy,
    and the next claim reads the transcript and keeps it again. A forget drops every copy
    (`clear`), as it does the cached contexts.
    """

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._kept: OrderedDict[str, _Kept] = OrderedDict()
        self._chars = 0

    def keep(self, session_id: str, lines: Sequence[Line], stamp: tuple[int, int]) -> None:
        """Keep the session's transcript as read (in id order) with its stamp."""
        kept = [Kept(m.id, m.ts, m.is_bot, m.text, m.reply_ts) for m in lines]
        self._put(session_id, _Kept(stamp, kept, sum(len(k.text) for k in kept)))

    def added(
        self, session_id: str, before: tuple[int, int], line: Kept, answered: int | None = None
    ) -> list[Kept] | None:
        """`line` was stored when the session's stamp was `before` (and with `answered`, that
        message got `line` as its reply): the copy moves on, and its lines before `line` are
        returned. None (and no copy kept) when the copy was not at `before`."""
        with self._lock:
            kept = self._kept.pop(session_id, None)
            if kept is not None:
                self._chars -= kept.chars
        if kept is None or kept.stamp != before:
            return None
        lines = kept.lines
        if answered is not None:
            lines = [replace(k, reply_ts=line.ts) if k.id == answered else k for k in lines]
        count, greatest = before
        self._put(
            session_id,
            _Kept((count + 1, max(greatest, line.id)), [*lines, line], kept.chars + len(line.text)),
        )
        return lines

    def _put(self, session_id: str, kept: _Kept) -> None:
        if kept.chars > TRANSCRIPT_CHARS:
            return
        with self._lock:
            old = self._kept.pop(session_id, None)
            if old is not None:
                self._chars -= old.chars
            self._kept[session_id] = kept
            self._chars += kept.chars
            while len(self._kept) > TRANSCRIPT_SESSIONS or self._chars > TRANSCRIPTS_CHARS:
                _, gone = self._kept.popitem(last=False)
                self._chars -= gone.chars

    def drop(self, session_id: str) -> None:
        with self._lock:
            kept = self._kept.pop(session_id, None)
            if kept is not None:
                self._chars -= kept.chars

    def clear(self) -> None:
        """Forget every copy (after a forget: a transcript may have lost lines)."""
        with self._lock:
            self._kept.clear()
            self._chars = 0


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


def _slack_order(line: Line) -> tuple[float, int]:
    """Slack order (as `sessions.transcript` sorts): ts as a number, then insert order."""
    return float(line.ts), line.id


def answering_lines(messages: Sequence[Line], owed: Line) -> list[tuple[bool, str]]:
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
    replies: dict[int, list[Line]] = {}
    spine: list[Line] = []
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
        self.transcripts = Transcripts()
        # Turns the intake handed over (`hand_over`), by session, until its drain takes them.
        self._handed: dict[str, Turn] = {}
        self._handed_lock = threading.Lock()
        # The intake's context marks of a handed-over turn, by session, until the context is
        # built for it (`marks`); only a handed turn's, so they are always that message's own
        # intake's. One never built (a direct answer) is dropped at the session's next claim
        # or pushed out by newer ones.
        self._marks: OrderedDict[str, S.ContextMarks] = OrderedDict()

    def stored(self, opened: S.Opened, owed: Message, *, hand: bool = True) -> None:
        """The intake stored `owed` (claimed by this process) in `opened`'s session: when it is
        the only message the session owes, has no stall history and its transcript is known
        (a new session, or this process's copy is whole), its turn is handed to the drain, which
        then reads nothing. Otherwise the drain claims from the database as usual."""
        session_id = opened.session.id
        line = Kept(owed.id, owed.ts, False, owed.text)
        if opened.created:
            self.transcripts.keep(session_id, [line], (1, owed.id))
            before: list[Kept] | None = []
        else:
            before = self.transcripts.added(session_id, opened.stamp, line)
        with self._handed_lock:
            if before is None or opened.owing or opened.events or not hand:
                # Another message is owed first (or may be): the drain reads them in order.
                self._handed.pop(session_id, None)
                self._marks.pop(session_id, None)
                return
            # Kept with the turn: the context built for this message reads by them.
            self._marks[session_id] = opened.marks
            self._marks.move_to_end(session_id)
            while len(self._marks) > _MAX_MARKS:
                self._marks.popitem(last=False)
            lines = sorted([*before, line], key=_slack_order)
            self._handed[session_id] = Turn(
                owed=owed,
                took_over=False,
                session=opened.session,
                lines=answering_lines(lines, line),
                bot_lines=[(k.id, k.text) for k in sorted(before, key=lambda k: k.id) if k.is_bot],
                history=[],
            )

    def marks(self, session_id: str) -> S.ContextMarks | None:
        """The marks the intake read with the message whose turn it handed over (taken: used
        once, by the context built for it; see `writers.selector.select_context`)."""
        with self._handed_lock:
            return self._marks.pop(session_id, None)

    def forget_handed(self, session_id: str) -> None:
        """The drain will not run (the engine is stopping): nothing is kept for it."""
        with self._handed_lock:
            self._handed.pop(session_id, None)
            self._marks.pop(session_id, None)

    def claim_next(self, session_id: str, *, with_history: bool) -> Turn | None:
        """Claim the session's next owed message, reading in the same transaction all that
        answering it needs (session, transcript, the stall guard's events): one round trip; or
        none, for the turn the intake handed over."""
        with self._handed_lock:
            handed = self._handed.pop(session_id, None)
            if handed is None:
                # Read from the database: an earlier intake's marks are not this turn's.
                self._marks.pop(session_id, None)
        if handed is not None:
            return handed
        now = self.clock.now()
        with self.store.sessions.begin() as db:
            session = S.get(db, session_id)
            if session is None:
                return None
            messages = S.transcript(db, session_id)
            by_id = sorted(messages, key=lambda m: m.id)
            if by_id:
                self.transcripts.keep(session_id, by_id, (len(by_id), by_id[-1].id))
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
        # Two prepared statements on the connection (no ORM session, `store.db.Prepared`).
        with self.store.write() as conn:
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
            # The session's state, and whether more is owed: asked here rather than in a
            # transaction of its own, as a message stored after this commit is submitted by its
            # own intake, so nothing is missed.
            returned = S.ANSWERED_PREPARED.run(
                conn,
                {
                    "id_": owed.id,
                    "reply_ts_": ts,
                    "session_": owed.session_id,
                    "reply_id_": reply_id or 0,
                },
            )
            row = returned[0] if returned else None
        if row is None or reply_id is None:  # an unknown message, or a reply recorded before
            self.transcripts.drop(owed.session_id)
            return Delivered(row[0] if row is not None else None, reply_id, bool(row and row[1]))
        state, owing, count, greatest = row
        # This process's copy of the transcript moves on only if it was whole just before (a
        # mismatch drops it).
        line = Kept(reply_id, ts, True, S.storable(stored))
        self.transcripts.added(
            owed.session_id, (int(count or 0), int(greatest or 0)), line, answered=owed.id
        )
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
