"""The chat engine: inbound message → session → context + model → threaded reply.

Two steps, so nothing is lost between Slack and the answer:

1. `intake` (in the listener, before Slack gets its ack) claims the delivery, opens the session
   and stores the message with its reply obligation (`reply_state="pending"`) in one
   transaction. A crash before that commit leaves the delivery unacked, so Slack redelivers it.
2. `submit(session_id)` answers the session's owed messages oldest first, on a pool sized for
   I/O. Each reply is claimed with a lease (compare-and-set on the row), so exactly one process
   answers it; the generated answer is stored before it is posted, so a Slack that refuses the
   post gets it again later (`recover`, also run at start and periodically), and a process that
   dies mid-reply leaves a claim that the next start takes over at once.
"""

from __future__ import annotations

import heapq
import itertools
import logging
import threading
import time
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor, wait
from dataclasses import dataclass
from datetime import timedelta
from typing import Any, Protocol

from slack_sdk import WebClient
from slack_sdk.errors import SlackApiError
from sqlalchemy import Update, update
from sqlalchemy.orm import Session

from bot.context import PromptParts, conversation
from bot.cpu_slots import CpuSlots
from bot.feedback_blocks import feedback_block
from bot.inbound import InboundMessage, strip_bot_mention
from bot.stall import NO_PLAN, Plan, StallGuard
from bot.streaming import LiveReply, Mode, ReplyTarget, Streamer, ambiguous
from bot.working import AssistantStatus, Working
from reflection.calls import record_call
from reflection.errors import LLMError
from reflection.llm import LLM, LLMRequest, LLMResponse
from reflection.pricing import PriceTable
from store import events
from store import sessions as S
from store.clock import Clock
from store.db import Store
from store.leases import PROCESS
from store.models import ChatSession, Message, ReplyState, SessionEvent, SessionState
from writers.guard.redact import redact_text

log = logging.getLogger(__name__)
WORKING_REACTION = "hourglass_flowing_sand"
DONE_ACTION = "seshat_done"
APOLOGY = (
    "Sorry — I can't reach the language model right now ({reason}). Your message is saved; "
    "please try again in a minute."
)
APOLOGY_START = APOLOGY.split("(", 1)[0]
RESTARTED = "_(I was restarted while answering this; here is my answer.)_\n\n"
NO_TEXT = "(a message with no text, e.g. only a file)"
REPLY_METADATA = "seshat_reply"
# A claim on a reply outlives any model call plus the post; a process that dies holding one is
# taken over at once by the next start on the same host, elsewhere when the lease runs out.
REPLY_LEASE = timedelta(minutes=5)
# Slack refusing a post: try again after these delays (Retry-After wins when longer), then give up.
# Reply threads running Python at once (everything but waiting for the model or for Slack).
CPU_SLOTS = 2
REDELIVERY_DELAYS = (10, 30, 60, 120, 300, 600, 900, 1800, 3600)


def reply_controls(session_id: str) -> list[dict[str, Any]]:
    """What goes under a reply's text: the 👍 / 👎 feedback buttons and a "Done" button (also
    for a streamed reply, whose text the stream carries)."""
    return [
        feedback_block(session_id),
        {
            "type": "actions",
            "block_id": "seshat_session",
            "elements": [
                {
                    "type": "button",
                    "action_id": DONE_ACTION,
                    "value": session_id,
                    "text": {"type": "plain_text", "text": "Done"},
                }
            ],
        },
    ]


def reply_blocks(text: str, session_id: str) -> list[dict[str, Any]]:
    """The reply as mrkdwn sections (≤ 3000 chars each, Slack's limit) plus its controls."""
    chunks = [text[i : i + 3000] for i in range(0, len(text), 3000)][:45] or [" "]
    blocks: list[dict[str, Any]] = [
        {"type": "section", "text": {"type": "mrkdwn", "text": chunk}} for chunk in chunks
    ]
    return blocks + reply_controls(session_id)


def slack_error(exc: Exception) -> str:
    """A short description of a Slack failure (API error code or transport error)."""
    if isinstance(exc, SlackApiError):
        return str(exc.response.get("error") or exc)
    return f"{exc.__class__.__name__}: {exc}"


def _unclaimed(message_id: int, **values: Any) -> Update:
    """The update that gives a reply claim back (no owner, no lease, no ⏳) with `values`."""
    return (
        update(Message)
        .where(Message.id == message_id)
        .values(reply_owner=None, reply_lease_until=None, working_reaction=False, **values)
    )


@dataclass(frozen=True)
class _Turn:
    """A claimed message and what answering it needs, read in the claim's transaction."""

    owed: Message
    took_over: bool
    session: ChatSession
    lines: list[tuple[bool, str]]  # the transcript up to the owed message, and every bot line
    bot_lines: list[tuple[int, str]]  # the bot's lines (id, text), oldest first
    history: list[SessionEvent]  # the session's events (the stall guard's)


@dataclass(frozen=True)
class _Delivered:
    """A reply recorded: the session's state, the reply's row id, and whether more is owed."""

    state: str | None
    reply_id: int | None
    more: bool


class DirectAnswers(Protocol):
    """Answers some messages without the model (bot/assistant.py: "What do you remember
    about me?" gets what `/seshat memory` shows)."""

    def answer(self, session: ChatSession, text: str) -> str | None:
        """The answer to `text` (the stored, redacted message) in `session`, or None."""
        ...


class ContextProvider(Protocol):
    """Builds the system prompt for a session (identity, learned context)."""

    def build(
        self, session: ChatSession, first_text: str, latest_text: str | None = None
    ) -> PromptParts:
        """The prompt parts for `session`; `first_text` is the session's first user message,
        `latest_text` the one being answered (a provider may re-match its tail on it)."""
        ...


@dataclass(frozen=True)
class ChatConfig:
    """The chat model's knobs, taken from Settings."""

    model: str
    max_tokens: int
    max_messages: int
    temperature: float | None = None


class KeyedLocks:
    """One lock per key, dropped when nobody holds or waits for it."""

    def __init__(self) -> None:
        self._guard = threading.Lock()
        self._locks: dict[str, tuple[threading.Lock, int]] = {}

    def acquire(self, key: str) -> None:
        """Block until `key` is ours."""
        with self._guard:
            lock, users = self._locks.get(key, (threading.Lock(), 0))
            self._locks[key] = (lock, users + 1)
        lock.acquire()

    def release(self, key: str) -> None:
        """Give `key` back."""
        with self._guard:
            lock, users = self._locks[key]
            if users == 1:
                del self._locks[key]
            else:
                self._locks[key] = (lock, users - 1)
        lock.release()


class WorkingSignal:
    """The ⏳ on a message being answered, shown only once the answer takes longer than `delay`
    (a `bot.working.Working`; assistant threads show their status line instead).

    A fast reply needs no "working" signal, and each ⏳ costs two Web API calls plus the two
    `reaction_*` events Slack sends back for it. One thread adds the due signals; `stop` cancels
    a signal not yet shown, or takes a shown one off (also one being added as `stop` runs).
    """

    def __init__(self, react: Callable[[str, str, bool], None], delay: float) -> None:
        self._react = react
        self.delay = delay
        self._cv = threading.Condition()
        self._due: list[tuple[float, int, int, str, str]] = []
        self._order = itertools.count()
        self._state: dict[int, str] = {}  # message id → waiting | adding | cancelled | shown
        self._thread: threading.Thread | None = None

    def start(self, key: int, channel: str, ts: str, thread_ts: str = "") -> None:  # noqa: ARG002
        """The answer to message `key` (`channel`, `ts`) is being worked on."""
        if self.delay <= 0:
            with self._cv:
                self._state[key] = "shown"
            self._react(channel, ts, True)
            return
        with self._cv:
            self._state[key] = "waiting"
            due = time.monotonic() + self.delay
            heapq.heappush(self._due, (due, next(self._order), key, channel, ts))
            if self._thread is None:
                self._thread = threading.Thread(
                    target=self._run, name="seshat-working-signal", daemon=True
                )
                self._thread.start()
            if self._due[0][2] == key:  # due first: the thread waits for a later one, or none
                self._cv.notify()

    def stop(
        self,
        key: int,
        channel: str,
        ts: str,
        thread_ts: str = "",  # noqa: ARG002
        *,
        replied: bool = False,  # noqa: ARG002
    ) -> None:
        """The work on message `key` is over: no ⏳ any more (shown or not)."""
        with self._cv:
            state = self._state.pop(key, None)
            if state == "adding":
                self._state[key] = "cancelled"  # the adding thread takes it off again
                return
        if state == "shown":
            self._react(channel, ts, False)

    def ready(self, key: int) -> None:
        """The answer to message `key` exists and is about to be posted: a ⏳ not shown yet is
        not worth its two calls and two events any more (under a burst the post may still wait
        a moment for a CPU slot)."""
        with self._cv:
            if self._state.get(key) == "waiting":
                del self._state[key]  # its heap entry is skipped when due

    def _run(self) -> None:
        while True:
            with self._cv:
                while not self._due or self._due[0][0] > time.monotonic():
                    timeout = self._due[0][0] - time.monotonic() if self._due else None
                    self._cv.wait(timeout)
                _, _, key, channel, ts = heapq.heappop(self._due)
                if self._state.get(key) != "waiting":
                    continue  # answered before it was due
                self._state[key] = "adding"
            self._react(channel, ts, True)
            with self._cv:
                if self._state.get(key) == "adding":
                    self._state[key] = "shown"
                    continue
                self._state.pop(key, None)
            self._react(channel, ts, False)  # the answer was posted while it was being added


class Engine:
    """Turns inbound messages into stored transcripts and threaded replies."""

    def __init__(
        self,
        *,
        store: Store,
        slack: WebClient,
        llm: LLM,
        clock: Clock,
        prices: PriceTable,
        context: ContextProvider,
        chat: ChatConfig,
        bot_user_id: str,
        workers: int = 32,
        working_signal_after: float = 2.0,
        on_closing_reply: Callable[[str], None] | None = None,
        stall: StallGuard | None = None,
        status: AssistantStatus | None = None,
        direct: DirectAnswers | None = None,
        reply_streaming: Mode = "off",
        stream_interval: float = 1.0,
    ) -> None:
        self.store = store
        self.slack = slack
        self.llm = llm
        self.clock = clock
        self.prices = prices
        self.context = context
        self.chat = chat
        self.bot_user_id = bot_user_id
        self.on_closing_reply = on_closing_reply
        self.stall = stall
        self.status = status
        self.direct = direct
        # Replies shown while written (bot/streaming.py); its client never retries a call
        # Slack may have done, so posts go through it too.
        self.streamer = Streamer(slack, mode=reply_streaming, interval=stream_interval)
        self._pool = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="seshat-chat")
        self._locks = KeyedLocks()
        self._cpu = CpuSlots(CPU_SLOTS)
        self._inflight: set[Future[None]] = set()
        self._inflight_lock = threading.Lock()
        self._closed = False
        self._working = WorkingSignal(
            lambda channel, ts, add: self._react(channel, ts, add=add), working_signal_after
        )

    # Hand-off ---------------------------------------------------------------------------------

    def receive(self, message: InboundMessage) -> bool:
        """Store the message durably, then queue its answer; False if it needs none.

        Runs in the listener, before the ack: when this returns, the message survives a crash.
        """
        session_id = self.intake(message)
        if session_id is None:
            return False
        self.submit(session_id)
        return True

    def submit(self, session_id: str) -> None:
        """Answer the session's owed messages in the background (returns at once)."""
        if self._closed:
            log.info("engine stopping; %s is answered after the restart", session_id)
            return
        try:
            future = self._pool.submit(self._guarded, session_id)
        except RuntimeError:  # the pool shut down between the check and the submit
            return
        with self._inflight_lock:
            self._inflight.add(future)
        future.add_done_callback(self._forget)

    def _forget(self, future: Future[None]) -> None:
        with self._inflight_lock:
            self._inflight.discard(future)

    def _guarded(self, session_id: str) -> None:
        try:
            self.drain(session_id)
        except Exception:  # the pool would swallow it silently; log with context instead
            log.exception("failed to answer", extra={"session": session_id})

    def wait_idle(self, timeout: float = 30.0) -> bool:
        """Block until no message is being handled (tests, the demo); True if idle in time."""
        deadline = time.monotonic() + timeout
        while True:
            with self._inflight_lock:
                pending = list(self._inflight)
            if not pending:
                return True
            left = deadline - time.monotonic()
            if left <= 0:
                return False
            wait(pending, timeout=left)

    def shutdown(self, timeout: float = 30.0) -> bool:
        """Stop taking work and wait for in-flight replies; True if all finished in time."""
        self._closed = True
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            with self._inflight_lock:
                if not self._inflight:
                    break
            time.sleep(0.05)
        with self._inflight_lock:
            done = not self._inflight
        self._pool.shutdown(wait=done, cancel_futures=not done)
        return done

    # Intake -----------------------------------------------------------------------------------

    def route(self, message: InboundMessage) -> S.SessionKey | None:
        """Which session a message belongs to, or None when the bot should stay quiet."""

        def key(thread: str) -> S.SessionKey:
            return S.SessionKey(message.team, message.channel, thread, message.user)

        with self.store.sessions() as db:
            if message.is_dm:
                if message.thread_ts is None:
                    return key("")
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
            # A person in the thread resets any bot-to-bot exchange there (bot/stall.py).
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

    # Answering --------------------------------------------------------------------------------

    def drain(self, session_id: str) -> None:
        """Answer every message of the session this process may answer now, oldest first."""
        self._locks.acquire(session_id)
        try:
            with self._cpu.held():
                while not self._closed:
                    turn = self._claim_next(session_id)
                    if turn is None:
                        return
                    try:
                        more = self._answer(turn)
                    except Exception:
                        self._release(
                            turn.owed
                        )  # someone (recovery, this process) tries again soon
                        raise
                    if not more:
                        return
        finally:
            self._locks.release(session_id)

    def _claim_next(self, session_id: str) -> _Turn | None:
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
            if not S.claim_reply(db, owed, now=now, lease=REPLY_LEASE):
                return None  # another replica claimed it a moment ago; it answers in order
            history = events.of_session(db, session_id) if self.stall is not None else []
            db.expunge_all()
        owed_key = S.ts_key(owed)
        return _Turn(
            owed=owed,
            took_over=took_over,
            session=session,
            lines=[(m.is_bot, m.text) for m in messages if m.is_bot or S.ts_key(m) <= owed_key],
            bot_lines=[(m.id, m.text) for m in sorted(messages, key=lambda m: m.id) if m.is_bot],
            history=history,
        )

    def _release(self, owed: Message) -> None:
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

    def _answer(self, turn: _Turn) -> bool:
        """Answer one claimed message: generate (unless an answer is stored), store, post.
        False when the session is known to owe nothing more."""
        owed, session, took_over = turn.owed, turn.session, turn.took_over
        session_id = owed.session_id
        thread_ts = session.thread_ts or owed.ts
        plan = NO_PLAN
        if self.stall is not None and (
            owed.reply_state != ReplyState.GENERATED or owed.reply_text is None
        ):
            # bot/stall.py: cue, lift, pivot, stop or silence
            plan = self.stall.plan(session_id, turn.history)
            if plan.silent:  # a bot-to-bot exchange that was stopped or capped
                self._settle_unanswered(owed)
                return True
        # The claim recorded the ⏳ (working_reaction: it may be shown); the transaction that
        # records the outcome clears it, after the reaction came off.
        working = self._signal(owed.channel, session.thread_ts)
        working.start(owed.id, owed.channel, owed.ts, thread_ts)
        settled = False
        done: _Delivered | None = None
        live: LiveReply | None = None
        try:
            # `stored` is the answer as kept (redacted once, ~3-7 ms); `text` what is posted.
            text = stored = owed.reply_text
            observe = False
            if owed.reply_state != ReplyState.GENERATED or text is None:
                observe = plan.stop is None
                if took_over and self.streamer.live and owed.reply_stream_ts is None:
                    # A reply edited into place was posted with its metadata before its ts
                    # could be recorded: that message is finished, not posted again.
                    owed.reply_stream_ts = self._already_posted(owed, thread_ts)
                if plan.stop is None and not took_over and self.streamer.live:
                    live = self._live(session, owed, thread_ts, working)
                text, record = (
                    (plan.stop, None)
                    if plan.stop
                    else self._generate(session, owed, turn.lines, plan, live)
                )
                working.ready(owed.id)
                observe = observe and not text.startswith(APOLOGY_START)
                if took_over:
                    text = RESTARTED + text
                stored = redact_text(text)
                with self.store.sessions.begin() as db:
                    if record is not None:
                        record(db)
                    db.execute(
                        update(Message)
                        .where(Message.id == owed.id)
                        .values(reply_state=ReplyState.GENERATED, reply_text=stored)
                    )
            elif (
                took_over
                and owed.reply_stream_ts is None
                and (posted := self._already_posted(owed, thread_ts)) is not None
            ):
                # The process before us posted it and died before recording that: record it.
                settled = True
                working.stop(owed.id, owed.channel, owed.ts, thread_ts, replied=False)
                if self._delivered(owed, posted, text).state == SessionState.CLOSING:
                    self._closing_reply(session_id)
                return True
            assert stored is not None
            ts, retry_after = self._show(owed, thread_ts, text, live)
            settled = True
            working.stop(owed.id, owed.channel, owed.ts, thread_ts, replied=ts is not None)
            if ts is None:
                self._redeliver_later(owed, retry_after)
                return True
            # The answer is out; recording it and measuring it can wait for the replies other
            # people are waiting for (bot/cpu_slots.py).
            with self._cpu.later():
                done = self._delivered(owed, ts, stored)
                if observe and self.stall is not None:
                    # What the guard would read back, known already (None: let it read).
                    known = (
                        ([*turn.bot_lines, (done.reply_id, stored)], turn.history)
                        if done.reply_id is not None
                        else None
                    )
                    self.stall.observe(session_id, stored, known)
        finally:
            if not settled:
                working.stop(owed.id, owed.channel, owed.ts, thread_ts, replied=False)
        assert done is not None  # every path that returns no earlier recorded the reply
        if done.state == SessionState.CLOSING:
            self._closing_reply(session_id)
        return done.more

    def _signal(self, channel: str, thread_ts: str) -> Working:
        """The ⏳ reaction, or in an assistant thread its status line (bot/working.py)."""
        if self.status is not None and self.status.applies(channel, thread_ts):
            return self.status
        return self._working

    def _live(
        self, session: ChatSession, owed: Message, thread_ts: str, working: Working
    ) -> LiveReply:
        """The reply shown while the model writes it (bot/streaming.py)."""

        def render(text: str) -> list[dict[str, Any]]:
            return reply_blocks(text, owed.session_id)

        target = ReplyTarget(
            channel=owed.channel,
            thread_ts=thread_ts,
            after_ts=owed.ts,
            team=session.team,
            user=owed.user_id or session.user_id,
            metadata=self._reply_metadata(owed),
            render=render,
            # What follows the text in a posted reply (the buttons), after a streamed one.
            footer=[b for b in reply_blocks("", owed.session_id) if b.get("type") != "section"],
        )
        return self.streamer.open(
            target,
            on_ts=lambda ts: self._record_stream_ts(owed, ts),
            on_visible=lambda: working.stop(
                owed.id, owed.channel, owed.ts, thread_ts, replied=True
            ),
        )

    def _record_stream_ts(self, owed: Message, ts: str) -> None:
        """The reply's message exists: its ts on the row at once, in its own transaction, so a
        process taking over after a crash finishes that message rather than posting another."""
        owed.reply_stream_ts = ts
        with self.store.sessions.begin() as db:
            db.execute(update(Message).where(Message.id == owed.id).values(reply_stream_ts=ts))

    def _show(
        self, owed: Message, thread_ts: str, text: str, live: LiveReply | None
    ) -> tuple[str | None, float | None]:
        """Put the stored reply in the thread: finish the live message, or the one a dead process
        left, else post it; (its ts, None), or (None, Retry-After) when Slack refused."""
        if live is not None:
            ts = live.finish(text)
            if ts is not None:
                return ts, None
            if live.uncertain:  # a first post that may have reached Slack before failing
                owed.reply_stream_ts = self._already_posted(owed, thread_ts)
        if owed.reply_stream_ts:
            blocks = reply_blocks(text, owed.session_id)
            metadata = self._reply_metadata(owed)
            if self.streamer.replace(owed.channel, owed.reply_stream_ts, text, blocks, metadata):
                return owed.reply_stream_ts, None
        return self._post(owed.channel, thread_ts, text, owed)

    @staticmethod
    def _reply_metadata(owed: Message) -> dict[str, Any]:
        """Marks a post as the answer to this message, so a process taking over after a crash
        can tell whether it was already posted (`_already_posted`)."""
        return {"event_type": REPLY_METADATA, "event_payload": {"message_id": owed.id}}

    def _closing_reply(self, session_id: str) -> None:
        """A reply landed in a session closed while it was being generated: reflect it now."""
        if self.on_closing_reply is not None:
            self.on_closing_reply(session_id)

    def _generate(
        self,
        session: ChatSession,
        owed: Message,
        lines: list[tuple[bool, str]],
        plan: Plan,
        live: LiveReply | None = None,
    ) -> tuple[str, Callable[[Session], None] | None]:
        """The answer (and its model call's ledger row); any failure ends in an apology."""
        if self.direct is not None and (direct := self.direct.answer(session, owed.text)):
            return direct, None
        try:
            first_user_text = next((t for is_bot, t in lines if not is_bot), owed.text)
            # Building a context is CPU work (selection, embedding, rendering); a burst of
            # sessions doing it at once would starve the listeners of the GIL and delay
            # Slack's acks. A few at a time; waiting for the model needs no slot.
            with self._cpu.held():
                parts = self.context.build(
                    session,
                    strip_bot_mention(first_user_text, self.bot_user_id),
                    strip_bot_mention(owed.text, self.bot_user_id),
                )
        except Exception:
            log.exception("building the context failed", extra={"session": session.id})
            return APOLOGY.format(reason="internal error"), None
        return self._complete(session.id, parts.with_note(plan.note), lines, plan, live)

    def _delivered(self, owed: Message, ts: str, stored: str) -> _Delivered:
        """Record the posted reply (`stored`: its redacted text) and settle the message; what
        the session looks like afterwards."""
        now = self.clock.now()
        with self.store.sessions.begin() as db:
            reply_id = S.add_message(
                db,
                session_id=owed.session_id,
                channel=owed.channel,
                ts=ts,
                user_id=self.bot_user_id,
                is_bot=True,
                text=stored,
                now=now,
            )
            db.execute(
                _unclaimed(
                    owed.id,
                    reply_state=ReplyState.ANSWERED,
                    reply_ts=ts,
                    reply_text=None,
                    reply_next_at=None,
                )
            )
            state = db.scalar(
                update(ChatSession)
                .where(ChatSession.id == owed.session_id)
                .values(last_bot_ts=ts, last_activity_at=now)
                .returning(ChatSession.state)
            )
            # Asked here rather than in a transaction of its own: a message stored after this
            # commit is submitted by its own intake, so nothing is missed.
            more = S.unanswered_count(db, owed.session_id) > 0
        return _Delivered(state, reply_id, more)

    def _settle_unanswered(self, owed: Message) -> None:
        """Leave a message unanswered on purpose (a stopped or capped bot-to-bot exchange)."""
        with self.store.sessions.begin() as db:
            db.execute(_unclaimed(owed.id, reply_state=ReplyState.DROPPED, reply_next_at=None))

    def _redeliver_later(self, owed: Message, retry_after: float | None) -> None:
        """Slack kept refusing the post: keep the answer and try again later, or give up."""
        failures = owed.reply_attempts + 1  # one claim per post attempt
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
            db.execute(_unclaimed(owed.id, reply_state=state, reply_next_at=next_at))

    def _complete(
        self,
        session_id: str,
        parts: PromptParts,
        lines: list[tuple[bool, str]],
        plan: Plan = NO_PLAN,
        live: LiveReply | None = None,
    ) -> tuple[str, Callable[[Session], None]]:
        """Ask the model (the answer and its ledger row); on persistent failure the apology.
        With `live`, the answer is shown as it is written (and may end cut off)."""
        if plan.pivot:  # restart the framing: the bot's repeated answers are left out
            last_bot = max((i for i, (is_bot, _) in enumerate(lines) if is_bot), default=-1)
            lines = [line for i, line in enumerate(lines) if not line[0] or i == last_bot]
        cleaned = [
            (is_bot, text if is_bot else strip_bot_mention(text, self.bot_user_id) or text)
            for is_bot, text in lines
        ]
        request = LLMRequest(
            model=self.chat.model,
            system=parts.blocks(),
            messages=conversation(cleaned, max_messages=self.chat.max_messages),
            max_tokens=self.chat.max_tokens,
            purpose="chat",
            temperature=plan.temperature if plan.temperature is not None else self.chat.temperature,
        )
        started = time.monotonic()
        try:
            with self._cpu.waiting():
                if live is not None:
                    shown = live.run(self.llm.stream(request))
                    text = shown.text or "(the model returned an empty answer)"
                    return text, self._record(session_id, shown.response, started, shown.error)
                response = self.llm.complete(request)
        except LLMError as exc:
            log.warning("model call failed: %s", exc, extra={"session": session_id})
            return APOLOGY.format(reason=exc.__class__.__name__), self._record(
                session_id, None, started, error=str(exc)
            )
        except Exception as exc:  # a bug must still leave the user an answer, not silence
            log.exception("model call crashed", extra={"session": session_id})
            error = f"{exc.__class__.__name__}: {exc}"
            return APOLOGY.format(reason="internal error"), self._record(
                session_id, None, started, error=error
            )
        text = response.text.strip() or "(the model returned an empty answer)"
        return text, self._record(session_id, response, started)

    def _record(
        self,
        session_id: str,
        response: LLMResponse | None,
        started: float,
        error: str | None = None,
    ) -> Callable[[Session], None]:
        """The model call's ledger row, written by the caller in the transaction that stores
        the answer (one commit instead of two per reply)."""
        cost = (
            self.prices.cost(response.model, response.usage, response.provider) if response else 0
        )
        duration_ms = int((time.monotonic() - started) * 1000)
        now = self.clock.now()

        def write(db: Session) -> None:
            record_call(
                db,
                purpose="chat",
                session_id=session_id,
                provider=response.provider if response else self.llm.name,
                model=response.model if response else self.chat.model,
                usage=response.usage if response else None,
                cost_usd=cost,
                duration_ms=duration_ms,
                error=error,
                now=now,
            )

        return write

    def _post(
        self, channel: str, thread_ts: str, text: str, owed: Message
    ) -> tuple[str | None, float | None]:
        """Post the reply in the thread: (its ts, None), or (None, Retry-After if Slack said)."""
        try:
            with self._cpu.waiting():
                # Never retried blindly (a post that reached Slack before the error would be
                # posted twice): an unclear failure is checked in the thread instead.
                result = self.streamer.slack.chat_postMessage(
                    channel=channel,
                    thread_ts=thread_ts,
                    text=text,
                    blocks=reply_blocks(text, owed.session_id),
                    metadata=self._reply_metadata(owed),
                )
        except (SlackApiError, OSError) as exc:
            if ambiguous(exc) and (posted := self._already_posted(owed, thread_ts)) is not None:
                return posted, None
            log.error(
                "could not post reply: %s", slack_error(exc), extra={"session": owed.session_id}
            )
            retry_after = None
            if isinstance(exc, SlackApiError):
                header = (exc.response.headers or {}).get("retry-after") or (
                    exc.response.headers or {}
                ).get("Retry-After")
                try:
                    retry_after = float(header) if header else None
                except (TypeError, ValueError):
                    retry_after = None
            return None, retry_after
        return str(result.get("ts") or ""), None

    def _already_posted(self, owed: Message, thread_ts: str) -> str | None:
        """The ts of a reply to `owed` already in the thread (posted by a process that died
        before recording it), or None."""
        try:
            with self._cpu.waiting():
                page = self.slack.conversations_replies(
                    channel=owed.channel, ts=thread_ts, include_all_metadata=True, limit=200
                )
        except (SlackApiError, OSError) as exc:
            log.warning("could not read the thread: %s", slack_error(exc))
            return None
        for m in page.get("messages") or []:
            meta = m.get("metadata") or {}
            payload = meta.get("event_payload") or {}
            if meta.get("event_type") == REPLY_METADATA and payload.get("message_id") == owed.id:
                return str(m.get("ts"))
        return None

    def _set_working_flag(self, message_id: int, value: bool) -> None:
        with self.store.sessions.begin() as db:
            db.execute(
                update(Message).where(Message.id == message_id).values(working_reaction=value)
            )

    # Recovery ---------------------------------------------------------------------------------

    def recover(self) -> int:
        """After a restart, and periodically: take stale ⏳ off, and answer every message owed a
        reply that nobody live is working on (a crash mid-reply, a post Slack refused).
        Returns how many sessions were queued."""
        now = self.clock.now()
        with self.store.sessions() as db:
            stale = S.stale_working_reactions(db, now=now)
            owing = S.sessions_owing_replies(db, now=now)
            for m in stale:
                db.expunge(m)
        for m in stale:
            self._react(m.channel, m.ts, add=False)
            self._set_working_flag(m.id, False)
        for session_id in owing:
            self.submit(session_id)
        if stale or owing:
            log.info(
                "recovered replies", extra={"sessions": len(owing), "working_signals": len(stale)}
            )
        return len(owing)

    def _react(self, channel: str, ts: str, *, add: bool) -> None:
        """Add or remove the ⏳ reaction; failures are logged, never raised."""
        try:
            if add:
                self.slack.reactions_add(channel=channel, timestamp=ts, name=WORKING_REACTION)
            else:
                self.slack.reactions_remove(channel=channel, timestamp=ts, name=WORKING_REACTION)
        except (SlackApiError, OSError) as exc:
            log.debug(
                "working reaction %s failed: %s", "add" if add else "remove", slack_error(exc)
            )
