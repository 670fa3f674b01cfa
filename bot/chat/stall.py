"""Stagnation and loop breaking (seed 002): measure how much a reply repeats the bot's recent
replies, and break the loop with a ladder of interventions.

The engine calls two things and nothing else:

- `StallGuard.plan(session_id)` before it builds a request: what this call must do differently
  (a cue in the session tail, a temperature, a pivot, a fixed stop message instead of a model
  call, or silence for a capped or stopped bot-to-bot exchange);
- `StallGuard.observe(session_id, reply)` after a model reply is stored: measure it and, on a
  persistent stall, record the next step of the ladder as a session event.

The firing rule (`next_step`): a reply is stalled when it repeats one of the bot's recent replies
(`Detector`); the ladder takes its first step only after PERSIST stalled replies in a row, one
more step per further stalled reply in a row, and stands down (a `stall_clear` event) after a
reply that moves on, so the next stall starts again from the cue and a stop needs
PERSIST + STALL_MAX_INTERVENTIONS stalled replies in a row. A stall in a long same-topic
conversation that comes and goes never escalates.

The ladder: (1) a novelty cue; (2) a temperature lift for the next replies, decaying back to
CHAT_TEMPERATURE over STALL_DECAY_TURNS replies (standing down does not cut it short); (3) a pivot
(summarise, restate the goal, the repeated replies left out of the call); further steps cycle; after
STALL_MAX_INTERVENTIONS the bot stops, asks the user how to proceed and tells the owner. Every step
is a session event (`store.events.record`), which the reflection reads. The identity block is
never touched: cues and pivots are a separate, last system block, after the learned context.

State lives only in `session_events` and `messages` (no process memory is needed for
correctness), so replicas and restarts agree. The only cache is of reply embeddings, so each
reply is embedded once.
"""

from __future__ import annotations

import hashlib
import logging
import re
import threading
from collections import OrderedDict
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta

import numpy as np
from sqlalchemy import func, select
from sqlalchemy.orm import Session

from store import events
from store.clock import Clock
from store.config import Settings
from store.db import Store
from store.models import ChatSession, Message, SessionEvent
from writers.embed import Embedder, Matrix

log = logging.getLogger(__name__)

CUE, LIFT, PIVOT, STOP = "stall_cue", "stall_lift", "stall_pivot", "stall_stop"
CLEAR = "stall_clear"
STEPS = (CUE, LIFT, PIVOT)
PEER_BOT, RESET, CAPPED = "peer_bot", "stall_reset", "bot_capped"
LADDER_KINDS = frozenset({CUE, LIFT, PIVOT, STOP})

CUE_TEXT = (
    "# About this conversation (from Seshat, not learned)\n"
    "You have answered this way {n} times in this conversation. Take a different approach, "
    "or ask the user what is missing, instead of repeating yourself."
)
PIVOT_TEXT = (
    "# About this conversation (from Seshat, not learned)\n"
    "This conversation is going round in circles (your earlier similar answers are left out "
    "here). Start again: summarise in a few lines what is known so far, restate the user's "
    "goal, then take a clearly different approach or ask the one question that would unblock it."
)
STOP_TEXT = (
    "I seem to be going round in circles: I have given essentially the same answer {n} times. "
    "How would you like to proceed? You could tell me what is missing, restate the goal, or "
    "end the session with /done. (I have let the owner know.)"
)

# Cut-offs per embedder family, frozen after calibrating on bench/stall_dev.json and
# bench/stall_dev_large.json (82 sessions, 393 replies; `bench/stall_eval.py --calibrate`): the
# 95th percentile, on productive (non-repeat) replies, of the best cosine with the previous
# LOOKBACK replies (wordllama 0.788, hashing 0.663), and the 99th of the best word-bigram Jaccard
# with the last WINDOW (0.695: a legitimate re-send on request goes higher, so a single near-copy
# is never enough on its own; see PERSIST).
_COSINE: dict[str, float] = {"wordllama": 0.79, "hashing": 0.66}
NEAR_EXACT = 0.7
# How many of the bot's recent replies a new one is compared with: by meaning (cosine) the last
# LOOKBACK (a long same-topic conversation keeps older answers close in meaning), near-verbatim
# the last WINDOW.
LOOKBACK = 2
WINDOW = 4
# The firing rule: the ladder takes its first step only once PERSIST replies in a row repeated
# the ones before them, escalates one step per further repeat in a row, and stands down (a
# `stall_clear` event) after a reply that moves on.
PERSIST = 2


def next_step(
    streak: int, done: int, *, max_interventions: int, persist: int = PERSIST
) -> str | None:
    """The ladder's move after a reply: `streak` is how many replies in a row (this one last)
    repeated the ones before them (0: this one moved on), `done` how many steps the ladder has
    taken since it last started afresh. None: nothing to do."""
    if streak == 0:
        return CLEAR if done else None
    if streak < persist:
        return None
    if done >= max_interventions:
        return STOP
    return STEPS[done % len(STEPS)]


@dataclass(frozen=True)
class StallConfig:
    """The guard's knobs, taken from Settings."""

    enabled: bool = True
    max_interventions: int = 3
    baseline_temperature: float | None = None
    lift: float = 0.3
    max_temperature: float = 1.0
    decay_turns: int = 3
    bot_replies_per_minute: int = 4

    @classmethod
    def from_settings(cls, s: Settings) -> StallConfig:
        """STALL_*, CHAT_TEMPERATURE and BOT_REPLIES_PER_THREAD_PER_MINUTE."""
        return cls(
            enabled=s.stall_detection,
            max_interventions=s.stall_max_interventions,
            baseline_temperature=s.chat_temperature,
            lift=s.stall_temperature_lift,
            max_temperature=s.stall_temperature_max,
            decay_turns=s.stall_decay_turns,
            bot_replies_per_minute=s.bot_replies_per_thread_per_minute,
        )


@dataclass(frozen=True)
class Plan:
    """What the next call does differently; the default plan changes nothing."""

    note: str = ""
    temperature: float | None = None
    pivot: bool = False
    stop: str | None = None
    silent: bool = False


NO_PLAN = Plan()


@dataclass(frozen=True)
class Score:
    """How much a reply repeats recent ones: best cosine, best near-exact overlap, how many."""

    cosine: float
    overlap: float
    similar: int
    stalled: bool


def _words(text: str) -> list[str]:
    return re.findall(r"[a-z0-9]+", text.lower())


def overlap(a: str, b: str) -> float:
    """Jaccard similarity of word bigrams: near 1 for (near-)verbatim repetition."""
    wa, wb = _words(a), _words(b)
    # Bigrams, or the single word of a one-word text.
    sa = {f"{x} {y}" for x, y in zip(wa, wa[1:], strict=False)} or set(wa)
    sb = {f"{x} {y}" for x, y in zip(wb, wb[1:], strict=False)} or set(wb)
    if not sa or not sb:
        return 0.0
    return len(sa & sb) / len(sa | sb)


class Detector:
    """Compares a reply with the previous ones; embeddings are cached by text, so each reply
    is embedded once (after a restart, the previous few once more)."""

    def __init__(
        self,
        embedder: Embedder,
        *,
        cosine: float | None = None,
        near_exact: float = NEAR_EXACT,
        lookback: int = LOOKBACK,
        cache_size: int = 4096,
    ) -> None:
        self.embedder = embedder
        family = embedder.name.split("-", 1)[0]
        self.cosine = cosine if cosine is not None else _COSINE.get(family, 0.95)
        self.near_exact = near_exact
        self.lookback = lookback
        self._cache: OrderedDict[str, Matrix] = OrderedDict()
        self._cache_size = cache_size
        self._lock = threading.Lock()

    def clear(self) -> None:
        """Drop every cached vector (after a forget: they were embedded from people's words)."""
        with self._lock:
            self._cache.clear()

    def _vectors(self, texts: Sequence[str]) -> Matrix:
        keys = [hashlib.sha1(t.encode("utf-8")).hexdigest() for t in texts]
        with self._lock:
            missing = [i for i, k in enumerate(keys) if k not in self._cache]
        if missing:
            fresh = self.embedder.embed([texts[i] for i in missing])
            with self._lock:
                for row, i in enumerate(missing):
                    self._cache[keys[i]] = fresh[row]
                while len(self._cache) > self._cache_size:
                    self._cache.popitem(last=False)
        with self._lock:
            rows = [self._cache.get(k) for k in keys]
        if any(r is None for r in rows):  # evicted meanwhile by another session: embed again
            return self.embedder.embed(list(texts))
        return np.stack([r for r in rows if r is not None])

    def score(self, previous: Sequence[str], reply: str) -> Score:
        """How much `reply` repeats the bot's recent replies `previous` (oldest first): by
        meaning, the last `lookback` of them; near-verbatim, the last WINDOW."""
        recent = [p for p in previous[-WINDOW:] if p.strip()]
        if not recent or not reply.strip():
            return Score(0.0, 0.0, 0, False)
        vectors = self._vectors([*recent, reply])
        cosines = [float(c) for c in vectors[:-1] @ vectors[-1]]
        overlaps = [overlap(p, reply) for p in recent]
        near = len(recent) - min(self.lookback, len(recent))
        similar = sum(
            1
            for k, (c, o) in enumerate(zip(cosines, overlaps, strict=True))
            if (k >= near and c >= self.cosine) or o >= self.near_exact
        )
        return Score(max(cosines[near:]), max(overlaps), similar, similar > 0)


class StallGuard:
    """The detector, the ladder and the per-thread cap for bot-to-bot exchanges."""

    def __init__(
        self,
        *,
        store: Store,
        clock: Clock,
        detector: Detector,
        config: StallConfig,
        tell_owner: Callable[[str], None] | None = None,
    ) -> None:
        self.store = store
        self.clock = clock
        self.detector = detector
        self.config = config
        self.tell_owner = tell_owner

    # Intake -----------------------------------------------------------------------------------

    def bot_message(self, db: Session, session_id: str, *, now: datetime) -> None:
        """Mark the session as a conversation with another bot (once)."""
        seen = db.scalar(
            select(SessionEvent.id).where(
                SessionEvent.session_id == session_id, SessionEvent.kind == PEER_BOT
            )
        )
        if seen is None:
            events.record(db, session_id, PEER_BOT, now=now)

    def human_spoke(self, channel: str, thread_ts: str, user: str) -> int:
        """A person wrote in a thread: every bot-to-bot exchange there starts afresh.
        Returns how many sessions were reset."""
        with self.store.sessions.begin() as db:
            peers = db.scalars(
                select(ChatSession.id)
                .join(SessionEvent, SessionEvent.session_id == ChatSession.id)
                .where(
                    ChatSession.channel == channel,
                    ChatSession.thread_ts == thread_ts,
                    ChatSession.open_key.is_not(None),
                    ChatSession.user_id != user,
                    SessionEvent.kind == PEER_BOT,
                )
            ).all()
            if not peers:
                return 0
            last = db.scalar(select(func.max(Message.id))) or 0
            for session_id in peers:
                events.record(
                    db,
                    session_id,
                    RESET,
                    now=self.clock.now(),
                    detail={"by": user, "after_message_id": last},
                )
        return len(peers)

    # Before a call -----------------------------------------------------------------------------

    def plan(self, session_id: str, history: list[SessionEvent] | None = None) -> Plan:
        """What the next reply in `session_id` must do differently (usually nothing).

        `history`: the session's events, when the caller read them in its own transaction (the
        engine does, with the claim): a session without another bot in it and without ladder
        steps, the usual case, is then decided without a read of its own."""
        if not self.config.enabled:
            return NO_PLAN
        if history is not None and (not history or not _needs_read(history)):
            return NO_PLAN  # (no event at all, the usual case, needs no look)
        now = self.clock.now()
        with self.store.sessions.begin() as db:
            session = db.get(ChatSession, session_id)
            if session is None:
                return NO_PLAN
            history = events.of_session(db, session_id)
            peer = any(e.kind == PEER_BOT for e in history)
            epoch = _epoch(history, peer=peer)
            if peer:
                silent = self._bot_exchange_over(db, session, history, epoch, now=now)
                if silent:
                    return Plan(silent=True)
            steps = [e for e in epoch if e.kind in LADDER_KINDS]
            if not steps:
                return NO_PLAN
            replies_after = self._replies_after(db, session_id, steps)
        return self._plan_from(steps, replies_after)

    def _bot_exchange_over(
        self,
        db: Session,
        session: ChatSession,
        history: list[SessionEvent],
        epoch: list[SessionEvent],
        *,
        now: datetime,
    ) -> bool:
        """True when another bot's message must go unanswered (stopped, or over the cap)."""
        resets = [e for e in history if e.kind == RESET]
        stopped = any(e.kind == STOP for e in epoch) and self._stop_delivered(db, session.id, epoch)
        if stopped:
            return True
        since_id = int(resets[-1].detail.get("after_message_id", 0)) if resets else 0
        recent = db.scalar(
            select(func.count(Message.id))
            .join(ChatSession, ChatSession.id == Message.session_id)
            .where(
                ChatSession.channel == session.channel,
                ChatSession.thread_ts == session.thread_ts,
                Message.is_bot.is_(True),
                Message.id > since_id,
                Message.created_at > now - timedelta(minutes=1),
            )
        )
        if int(recent or 0) < self.config.bot_replies_per_minute:
            return False
        events.record(
            db, session.id, CAPPED, now=now, detail={"replies_last_minute": int(recent or 0)}
        )
        log.info("bot-to-bot exchange capped", extra={"session": session.id})
        return True

    def _stop_delivered(self, db: Session, session_id: str, epoch: list[SessionEvent]) -> bool:
        stop = next(e for e in reversed(epoch) if e.kind == STOP)
        after = int(stop.detail.get("after_message_id", 0))
        return bool(
            db.scalar(
                select(func.count(Message.id)).where(
                    Message.session_id == session_id,
                    Message.is_bot.is_(True),
                    Message.id > after,
                )
            )
        )

    def _replies_after(
        self, db: Session, session_id: str, steps: list[SessionEvent]
    ) -> dict[int, int]:
        """For each step event: how many bot replies were stored after it."""
        ids = list(
            db.scalars(
                select(Message.id).where(Message.session_id == session_id, Message.is_bot.is_(True))
            )
        )
        out: dict[int, int] = {}
        for e in steps:
            after = int(e.detail.get("after_message_id", 0))
            out[e.id] = sum(1 for i in ids if i > after)
        return out

    def _plan_from(self, steps: list[SessionEvent], replies_after: dict[int, int]) -> Plan:
        latest = steps[-1]
        fresh = replies_after[latest.id] == 0
        n = int(latest.detail.get("times", 2))
        if latest.kind == STOP:
            return Plan(stop=STOP_TEXT.format(n=n)) if fresh else NO_PLAN
        temperature = self._temperature(steps, replies_after)
        if not fresh:
            return Plan(temperature=temperature)
        if latest.kind == CUE:
            return Plan(note=CUE_TEXT.format(n=n), temperature=temperature)
        if latest.kind == PIVOT:
            return Plan(note=PIVOT_TEXT, temperature=temperature, pivot=True)
        return Plan(temperature=temperature)

    def _temperature(
        self, steps: list[SessionEvent], replies_after: dict[int, int]
    ) -> float | None:
        """The lifted temperature, decaying linearly back to the baseline; None: baseline."""
        lifts = [e for e in steps if e.kind == LIFT]
        if not lifts:
            return None
        k = replies_after[lifts[-1].id]
        turns = self.config.decay_turns
        if k >= turns:
            return None
        peak = float(lifts[-1].detail.get("temperature", self.config.max_temperature))
        base = self._baseline()
        if peak <= base:  # no headroom (see observe): nothing to send
            return None
        return round(peak - (peak - base) * k / turns, 3)

    def _baseline(self) -> float:
        # Unset means "the model's default"; Anthropic's documented default is 1.0.
        b = self.config.baseline_temperature
        return 1.0 if b is None else b

    # After a reply ------------------------------------------------------------------------------

    def observe(
        self,
        session_id: str,
        reply: str,
        known: tuple[list[tuple[int, str]], list[SessionEvent]] | None = None,
    ) -> Score | None:
        """Measure a stored model reply; record the ladder's next step on a persistent stall,
        or its standing down once a reply moves on.

        `known`: the session's bot lines (id, text; oldest first, this reply last) and events,
        when the caller has them already (the engine read them with its claim)."""
        if not self.config.enabled:
            return None
        if known is not None:
            bot_lines, history = list(known[0][-(WINDOW + PERSIST) :]), known[1]
        else:
            with self.store.sessions() as db:
                bot_lines = list(
                    db.execute(
                        select(Message.id, Message.text)
                        .where(Message.session_id == session_id, Message.is_bot.is_(True))
                        .order_by(Message.id.desc())
                        .limit(WINDOW + PERSIST)
                    )
                )
                history = events.of_session(db, session_id)
            bot_lines.reverse()
        if not bot_lines:
            return None
        if len(bot_lines) == 1 and not history:
            # The session's first reply and no event (the usual case): nothing to compare it
            # with, no ladder to stand down, so nothing to record (what the steps below give).
            return _FIRST
        reply_id = int(bot_lines[-1][0])
        peer = any(e.kind == PEER_BOT for e in history)
        epoch = _epoch(history, peer=peer)
        # Replies from before the epoch (before a stop or a person's reset) do not count.
        marks = _epoch_marks(history, peer)
        start = max((int(e.detail.get("after_message_id", 0)) for e in marks), default=0)
        # The reply as given (it is the last stored bot line) after the earlier ones.
        texts = [str(t) for i, t in bot_lines[:-1] if int(i) > start] + [reply]
        # This reply and the PERSIST - 1 before it, each against the replies before it: the
        # streak is recomputed from the messages (embeddings are cached), so no state is kept.
        scores = [
            self.detector.score(texts[:k], texts[k])
            for k in range(max(0, len(texts) - PERSIST), len(texts))
        ]
        score = scores[-1]
        streak = 0
        for s in reversed(scores):
            if not s.stalled:
                break
            streak += 1
        # The ladder's steps since it last started afresh (a stop, a reset, or standing down).
        cleared = max((e.id for e in epoch if e.kind == CLEAR), default=0)
        done = sum(1 for e in epoch if e.kind in STEPS and e.id > cleared)
        kind = next_step(streak, done, max_interventions=self.config.max_interventions)
        if kind is None:
            return score
        # Escalation needs repeats in a row, so this many answers in a row were alike.
        times = streak + done + 1
        detail: dict[str, object] = {
            "after_message_id": reply_id,
            "times": times,
            "cosine": round(score.cosine, 3),
            "overlap": round(score.overlap, 3),
            "step": done + 1,
        }
        if kind == CLEAR:
            detail = {"after_message_id": reply_id, "after_steps": done}
        if kind == LIFT:
            base = self._baseline()
            lifted = round(min(self.config.max_temperature, base + self.config.lift), 3)
            detail["temperature"] = lifted
            detail["baseline"] = self.config.baseline_temperature
            if lifted <= base:
                detail["note"] = (
                    "no headroom: the baseline is already at STALL_TEMPERATURE_MAX "
                    "(set CHAT_TEMPERATURE below it)"
                )
        with self.store.sessions.begin() as db:
            events.record(db, session_id, kind, now=self.clock.now(), detail=detail)
            session = db.get(ChatSession, session_id)
            where = f"<#{session.channel}>" if session is not None else "?"
            who = f"<@{session.user_id}>" if session is not None else "?"
        log.info("stall ladder: %s", kind, extra={"session": session_id, "times": times})
        if kind == STOP and self.tell_owner is not None:
            self.tell_owner(
                f"I stopped a conversation going round in circles: session `{session_id[:8]}` "
                f"with {who} in {where}, after {done} interventions (the same answer {times} "
                "times). I asked how to proceed"
                + (
                    " and will not answer that bot again until a person writes in the thread."
                    if peer
                    else "."
                )
            )
        return score


# `observe`'s score of a reply with no earlier one to repeat (`Detector.score` of none).
_FIRST = Score(0.0, 0.0, 0, False)


def _needs_read(history: list[SessionEvent]) -> bool:
    """Whether planning needs the database: another bot in the session, or ladder steps."""
    if any(e.kind == PEER_BOT for e in history):
        return True
    return any(e.kind in LADDER_KINDS for e in _epoch(history, peer=False))


def _epoch_marks(history: list[SessionEvent], peer: bool) -> list[SessionEvent]:
    """Events that start a new epoch: a stop (for a person), a person's reset (for a bot)."""
    return [e for e in history if e.kind == RESET or (e.kind == STOP and not peer)]


def _epoch(history: list[SessionEvent], *, peer: bool) -> list[SessionEvent]:
    """The events since the ladder last started afresh.

    With a person, a stop ends the ladder: their next message starts a new one. With another
    bot, only a person writing in the thread does.
    """
    marks = _epoch_marks(history, peer)
    if not marks:
        return history
    last = marks[-1]
    # A stop belongs to the epoch it ended until it has been delivered (its reply is the stop
    # message), so the epoch after a person's stop starts once that reply exists.
    if last.kind == STOP:
        return [e for e in history if e.id >= last.id]
    return [e for e in history if e.id > last.id]
