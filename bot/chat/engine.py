"""The chat engine: inbound message → session → context + model → threaded reply.

Two steps, so nothing is lost between Slack and the answer:

1. `intake` (in the listener, before Slack gets its ack; `bot.chat.intake`) claims the delivery,
   opens the session and stores the message with its reply obligation in one transaction.
2. `submit(session_id)` answers the session's owed messages oldest first, on a pool sized for
   I/O: claim the next one (`bot.chat.claims`), answer it (`bot.chat.answer`), store the
   answer, then post it (`bot.chat.posting`). The answer is stored before it is posted, so a
   Slack that refuses the post gets it again later (`recover`, also run at start and
   periodically), and a process that dies mid-reply leaves a claim the next start takes over.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable
from concurrent.futures import Future, wait
from typing import Any

from slack_sdk import WebClient

from bot.chat.answer import (
    APOLOGY_START,
    RESTARTED,
    Answerer,
    ChatConfig,
    ContextProvider,
    DirectAnswers,
)
from bot.chat.budget import ChatBudget
from bot.chat.claims import Delivered, ReplyClaims, Turn
from bot.chat.cpu_slots import CpuSlots, ElasticPool, KeyedLocks
from bot.chat.intake import Intake
from bot.chat.posting import Poster, reply_blocks, reply_metadata
from bot.chat.stall import NO_PLAN, StallGuard
from bot.chat.streaming import STOPPED, LiveReply, Mode, ReplyTarget, Streamer, cut_note
from bot.chat.working import AssistantStatus, Working, WorkingSignal
from bot.slack.inbound import InboundMessage
from reflection.llm import LLM
from reflection.pricing import PriceTable
from store import sessions as S
from store.clock import Clock
from store.db import Store
from store.models import ChatSession, Message, ReplyState, SessionState
from writers.redact.redactor import redact_text

log = logging.getLogger(__name__)
# Reply threads running Python at once (everything but waiting for the model or for Slack).
CPU_SLOTS = 2


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
        agent: Working | None = None,
        dm_threads: Callable[[], bool] = lambda: False,
        budget: ChatBudget | None = None,
        on_key_refused: Callable[[str], None] | None = None,
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
        # Agent sessions (bot/surfaces/agent.py): their status instead of the ⏳ where they apply.
        self.agent = agent
        # Replies being written, by (channel, reply thread): (message id, asker, live reply);
        # the stop button of the thread's agent session stops it (`stop_reply`).
        self._replying: dict[tuple[str, str], tuple[int, str, LiveReply | None]] = {}
        self._stops: set[int] = set()
        self._replying_lock = threading.Lock()
        # Replies shown while written (bot/chat/streaming.py); its client never retries a call
        # Slack may have done, so posts go through it too.
        self.streamer = Streamer(slack, mode=reply_streaming, interval=stream_interval)
        self._cpu = CpuSlots(CPU_SLOTS)
        self.claims = ReplyClaims(store, clock, bot_user_id)
        self.intake_ = Intake(store, clock, stall, dm_threads, self.claims)
        self.answerer = Answerer(
            llm=llm,
            context=context,
            chat=chat,
            prices=prices,
            clock=clock,
            bot_user_id=bot_user_id,
            cpu=self._cpu,
            direct=direct,
            budget=budget,
            on_key_refused=on_key_refused,
        )
        self.poster = Poster(slack, self.streamer, self._cpu)
        # Sized for a burst, shrunk after it (bot/chat/cpu_slots.py).
        self._pool = ElasticPool(workers, name="seshat-chat")
        self._locks = KeyedLocks()
        self._inflight: set[Future[None]] = set()
        self._inflight_lock = threading.Lock()
        self._closed = False
        self._working = WorkingSignal(
            lambda channel, ts, add: self.poster.react(channel, ts, add=add), working_signal_after
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
            self.claims.forget_handed(session_id)
            return
        try:
            future = self._pool.submit(self._guarded, session_id)
        except RuntimeError:  # the pool shut down between the check and the submit
            self.claims.forget_handed(session_id)
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
        return self.intake_.route(message)

    def intake(self, message: InboundMessage) -> str | None:
        """Store the message owed a reply (`bot.chat.intake.Intake.intake`)."""
        return self.intake_.intake(message)

    # Answering --------------------------------------------------------------------------------

    def drain(self, session_id: str) -> None:
        """Answer every message of the session this process may answer now, oldest first."""
        self._locks.acquire(session_id)
        try:
            with self._cpu.held():
                while not self._closed:
                    turn = self.claims.claim_next(session_id, with_history=self.stall is not None)
                    if turn is None:
                        return
                    try:
                        more = self._answer(turn)
                    except Exception:
                        self.claims.release(
                            turn.owed
                        )  # someone (recovery, this process) tries again soon
                        raise
                    if not more:
                        return
        finally:
            self._locks.release(session_id)

    def _answer(self, turn: Turn) -> bool:
        """Answer one claimed message: generate (unless an answer is stored), store, post.
        False when the session is known to owe nothing more."""
        owed, session, took_over = turn.owed, turn.session, turn.took_over
        # The row's columns read once (each read of a mapped attribute is a Python call, ~4 k
        # instructions; these do not change while it is answered).
        key, channel, owed_ts = owed.id, owed.channel, owed.ts
        session_id, session_thread = owed.session_id, session.thread_ts
        thread_ts = session_thread or owed_ts
        text = stored = owed.reply_text
        generated = owed.reply_state == ReplyState.GENERATED
        plan = NO_PLAN
        if self.stall is not None and (not generated or text is None):
            # bot/chat/stall.py: cue, lift, pivot, stop or silence
            plan = self.stall.plan(session_id, turn.history)
            if plan.silent:  # a bot-to-bot exchange that was stopped or capped
                self.claims.settle_unanswered(owed)
                return True
        # The claim recorded the ⏳ (working_reaction: it may be shown); the transaction that
        # records the outcome clears it, after the reaction came off.
        working = self._signal(channel, session_thread, thread_ts)
        working.start(key, channel, owed_ts, thread_ts)
        where = (channel, thread_ts)
        person = owed.user_id or session.user_id
        with self._replying_lock:
            self._replying[where] = (key, person, None)
        settled = False
        done: Delivered | None = None
        live: LiveReply | None = None
        try:
            # `stored` is the answer as kept (redacted once, ~3-7 ms); `text` what is posted.
            observe = False
            if not generated or text is None:
                observe = plan.stop is None
                if took_over and self.streamer.live and owed.reply_stream_ts is None:
                    # A reply edited into place was posted with its metadata before its ts
                    # could be recorded: that message is finished, not posted again.
                    owed.reply_stream_ts = self.poster.already_posted(owed, thread_ts)
                if plan.stop is None and not took_over and self.streamer.live:
                    live = self._live(session, owed, thread_ts, working)
                    with self._replying_lock:
                        self._replying[where] = (key, person, live)
                        if key in self._stops:
                            live.stop()
                text, record = (
                    (plan.stop, None)
                    if plan.stop
                    else self.answerer.generate(session, owed, turn.lines, plan, live)
                )
                with self._replying_lock:
                    stopped_whole = live is None and key in self._stops
                if stopped_whole:
                    # Stop pressed while a whole answer was written: the note instead of it.
                    text = cut_note(STOPPED).lstrip()
                working.ready(key)
                observe = observe and not text.startswith(APOLOGY_START)
                if took_over:
                    text = RESTARTED + text
                stored = redact_text(text)
                # Stored before it is posted, in one transaction of prebuilt statements: the
                # model call's ledger row, the answer with what the context used (a session's
                # first answer: its lessons and facts, recorded by the database's trigger on
                # that statement; a skill by one of its own).
                used = self.context.unrecorded(session_id)
                with self.store.write() as conn:
                    if record is not None:
                        record(conn)
                    if used is not None:
                        used.write_skills(conn)
                    S.GENERATED_PREPARED.run(
                        conn,
                        {
                            "id_": owed.id,
                            "reply_text_": stored,
                            "context_uses_": None if used is None else used.injections(conn),
                        },
                    )
                if used is not None:
                    self.context.recorded(used)
            elif (
                took_over
                and owed.reply_stream_ts is None
                and (posted := self.poster.already_posted(owed, thread_ts)) is not None
            ):
                # The process before us posted it and died before recording that: record it.
                settled = True
                working.stop(key, channel, owed_ts, thread_ts, replied=False)
                if self.claims.delivered(owed, posted, text).state == SessionState.CLOSING:
                    self._closing_reply(session_id)
                return True
            assert stored is not None
            ts, retry_after = self.poster.show(owed, thread_ts, text, live)
            settled = True
            working.stop(key, channel, owed_ts, thread_ts, replied=ts is not None)
            if ts is None:
                delay = self.claims.redeliver_later(owed, retry_after)
                if delay is not None:
                    self._again_in(delay, session_id)
                return True
            # The answer is out; recording it and measuring it can wait for the replies other
            # people are waiting for (bot/chat/cpu_slots.py).
            with self._cpu.later():
                done = self.claims.delivered(owed, ts, stored)
                if observe and self.stall is not None:
                    # What the guard would read back, known already (None: let it read).
                    known = (
                        ([*turn.bot_lines, (done.reply_id, stored)], turn.history)
                        if done.reply_id is not None
                        else None
                    )
                    self.stall.observe(session_id, stored, known)
        finally:
            with self._replying_lock:
                if self._replying.get(where, (None,))[0] == key:
                    del self._replying[where]
                self._stops.discard(key)
            if not settled:
                working.stop(key, channel, owed_ts, thread_ts, replied=False)
        assert done is not None  # every path that returns no earlier recorded the reply
        if done.state == SessionState.CLOSING:
            self._closing_reply(session_id)
        return done.more

    def _again_in(self, delay: float, session_id: str) -> None:
        """Answer the session again once a refused post is due (what the log promised); the
        recovery job is the net under it (a restart in between, another replica)."""
        timer = threading.Timer(delay + 0.05, self.submit, args=(session_id,))
        timer.daemon = True
        timer.start()

    def _signal(self, channel: str, thread_ts: str, reply_thread: str = "") -> Working:
        """The ⏳ reaction, in an assistant thread its status line (bot/chat/working.py), under
        agent_view the thread's agent session status (bot/surfaces/agent.py)."""
        if self.status is not None and self.status.applies(channel, thread_ts):
            return self.status
        agent = self.agent
        if agent is not None and getattr(agent, "applies", lambda _c, _t: False)(
            channel, reply_thread
        ):
            return agent
        return self._working

    def stop_reply(self, channel: str, thread_ts: str, user: str) -> bool:
        """The stop button of the agent session in this thread: the reply being written there
        stops (what showed stays, with a note; the transcript says so). Only the person it
        answers may stop it. True when a reply was stopped."""
        with self._replying_lock:
            found = self._replying.get((channel, thread_ts))
            if found is None or found[1] != user:
                return False
            key, _, live = found
            self._stops.add(key)
        if live is not None:
            live.stop()
        log.info("reply stopped by its person", extra={"slack_ts": thread_ts})
        return True

    def _live(
        self, session: ChatSession, owed: Message, thread_ts: str, working: Working
    ) -> LiveReply:
        """The reply shown while the model writes it (bot/chat/streaming.py)."""

        def render(text: str) -> list[dict[str, Any]]:
            return reply_blocks(text, owed.session_id)

        target = ReplyTarget(
            channel=owed.channel,
            thread_ts=thread_ts,
            after_ts=owed.ts,
            team=session.team,
            user=owed.user_id or session.user_id,
            metadata=reply_metadata(owed),
            render=render,
            # What follows the text in a posted reply (the buttons), after a streamed one.
            footer=[b for b in reply_blocks("", owed.session_id) if b.get("type") != "section"],
            stoppable=getattr(working, "held_while_streaming", False),
        )
        return self.streamer.open(
            target,
            on_ts=lambda ts: self.claims.record_stream_ts(owed, ts),
            on_visible=lambda: (
                None
                if getattr(working, "held_while_streaming", False)  # processing until done
                else working.stop(owed.id, owed.channel, owed.ts, thread_ts, replied=True)
            ),
        )

    def _closing_reply(self, session_id: str) -> None:
        """A reply landed in a session closed while it was being generated: reflect it now."""
        if self.on_closing_reply is not None:
            self.on_closing_reply(session_id)

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
            self.poster.react(m.channel, m.ts, add=False)
            self.claims.set_working_flag(m.id, False)
        for session_id in owing:
            self.submit(session_id)
        if stale or owing:
            log.info(
                "recovered replies", extra={"sessions": len(owing), "working_signals": len(stale)}
            )
        return len(owing)
