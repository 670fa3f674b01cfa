"""Slack's agent messaging experience (`features.agent_view`): which experience this app has,
the greeting when a person opens the DM, the agent session status of each thread, what the
person is viewing, and the learning shown as task cards when a session ends.

Under `agent_view` (docs.slack.dev/ai/migrating-to-agent-messaging, …/agent-sessions):

- there is no `assistant_thread_started`: a person opening the app's DM is `app_home_opened` with
  `tab == "messages"`. They are greeted there (a top-level DM message) with suggested prompts set
  on the DM, at most once per `AGENT_GREETING_HOURS` (the claim is a `processed_events` row, so a
  redelivered event or another replica greets nobody twice);
- each top-level DM message is a thread root and its own Seshat session (bot/chat/intake.py);
- each thread's agent session shows `processing` while Seshat answers, `active` between turns,
  and `closed` when the Seshat session ends (`/done`, idle, the Done button), titled after its
  first message (redacted, short). This replaces the ⏳ and the assistant thread's status;
- the person's stop button (`agent_session_stopped`) stops the reply being written
  (bot/chat/engine.py `stop_reply`);
- `app_context_changed` says what the person is viewing: kept in memory as a channel id only
  (never text, never an instruction to the model), `viewing(user)`.

When a session ends under agent_view its thread shows what was learned as a task card
(`LearningCards`: "reflecting", then one row per outcome). Status changes are paced as Tier 3:
a `processing` pays for itself and its `active`, and past the pace it is skipped, never waited
for (a reply thread never waits: the answer comes first); `closed` waits (after the ack).

Which experience: `SLACK_EXPERIENCE=agent|assistant`, or `auto` (the default): agent until a sign
of `assistant_view` arrives (an `assistant_thread_started` event, or Slack refusing
`agents.sessions.setStatus` because the app is not an agent), assistant from then on. What was
found is kept in `<data dir>/slack_experience`, so a restart does not ask again.
"""

from __future__ import annotations

import logging
import threading
import time
from collections import Counter, OrderedDict
from collections.abc import Callable
from datetime import timedelta
from pathlib import Path
from typing import Any, Literal

from slack_sdk import WebClient
from slack_sdk.errors import SlackApiError
from sqlalchemy import select, update
from sqlalchemy.orm import Session

from bot.chat.working import Working
from bot.slack.web import slack_error
from bot.surfaces.assistant import (
    MEMORY_PROMPT,
    PROMPTS_TITLE,
    SKILL_PROMPTS,
    suggested_prompts,
    thread_title,
)
from store import events
from store.clock import Clock
from store.db import Store
from store.models import (
    ChatSession,
    Message,
    ProcessedEvent,
    ReflectionRow,
    ReviewItem,
    SessionState,
)
from writers.skills.matching import most_used

log = logging.getLogger(__name__)

Kind = Literal["agent", "assistant"]
# Errors meaning "this app is not an agent" (still on assistant_view, or without the scope).
NOT_AN_AGENT = frozenset(
    {"app_not_agent", "not_allowed", "not_allowed_token_type", "missing_scope", "unknown_method"}
)
SKILL_WINDOW = timedelta(days=30)
READABLE_WITHIN = timedelta(days=30)
AGENT_GREETING = (
    "Hi <@{user}>! Each message you send me here starts its own conversation (a thread). When "
    "we're done (`/done`, or after a while), I reflect on it and keep what is worth learning; "
    "anything that would change how I behave waits for an owner's approval. Ask *{memory}* to "
    "see what I keep about you."
)
KNOWN_THREADS = 4096
# agents.sessions.setStatus is not in Slack's published tier list yet; paced as Tier 3.
STATUS_PER_MINUTE = 50
STATUS_BURST = 20


class Experience:
    """Which AI surface the app has: the setting, or what `auto` found out."""

    def __init__(self, setting: str, path: Path | None = None) -> None:
        self.setting = setting
        self.path = path
        self._found: Kind | None = None
        if setting == "auto" and path is not None and path.exists():
            text = path.read_text(encoding="utf-8").strip()
            self._found = text if text in ("agent", "assistant") else None  # type: ignore[assignment]

    @property
    def kind(self) -> Kind:
        """`agent` or `assistant` (auto without a sign yet: agent, what the manifest makes)."""
        if self.setting in ("agent", "assistant"):
            return self.setting  # type: ignore[return-value]
        return self._found or "agent"

    @property
    def agent(self) -> bool:
        """Whether agent sessions are used."""
        return self.kind == "agent"

    def seen(self, kind: Kind, why: str) -> None:
        """A sign of `kind` arrived; under `auto` it decides from now on."""
        if self.setting != "auto" or self._found == kind:
            return
        self._found = kind
        log.info("slack experience: %s (%s)", kind, why)
        if self.path is not None:
            try:
                self.path.write_text(kind + "\n", encoding="utf-8")
            except OSError as exc:
                log.warning("could not keep the slack experience: %s", exc)


class _Pace:
    """A token bucket that waits (status changes must not be dropped, only spaced)."""

    def __init__(self, per_minute: float, burst: int) -> None:
        self._rate = per_minute / 60.0
        self._burst = float(burst)
        self._tokens = float(burst)
        self._at = time.monotonic()
        self._lock = threading.Lock()

    def try_take(self, calls: int = 1) -> bool:
        """Spend `calls` calls if there are that many now; False: not now."""
        with self._lock:
            now = time.monotonic()
            self._tokens = min(self._burst, self._tokens + (now - self._at) * self._rate)
            self._at = now
            if self._tokens < calls:
                return False
            self._tokens -= calls
            return True

    def take(self, timeout: float = 10.0) -> None:
        """Spend one call, waiting up to `timeout` for it (then spend it anyway)."""
        deadline = time.monotonic() + timeout
        while True:
            with self._lock:
                now = time.monotonic()
                self._tokens = min(self._burst, self._tokens + (now - self._at) * self._rate)
                self._at = now
                if self._tokens >= 1 or now >= deadline:
                    self._tokens = max(0.0, self._tokens - 1)
                    return
                wait = (1 - self._tokens) / self._rate
            time.sleep(min(wait, max(0.0, deadline - time.monotonic())))


class AgentSessions:
    """Agent sessions: greeting, status (a `Working`), stop, context, closing."""

    # The status stays `processing` while a reply streams (bot/chat/engine.py reads this).
    held_while_streaming = True

    def __init__(
        self,
        *,
        store: Store,
        slack: WebClient,
        clock: Clock,
        experience: Experience,
        skills_dir: Path,
        greeting_hours: float,
        fallback: Callable[[], Working],
    ) -> None:
        self.store, self.slack, self.clock = store, slack, clock
        self.experience = experience
        self.skills_dir = skills_dir
        self.greeting_hours = greeting_hours
        self._fallback = fallback
        self._lock = threading.Lock()
        self._created: OrderedDict[tuple[str, str], None] = OrderedDict()
        self._fell_back: dict[int, Working] = {}
        self._processing: set[int] = set()  # messages whose `processing` was shown
        self._viewing: dict[str, str] = {}
        self._pace = _Pace(STATUS_PER_MINUTE, STATUS_BURST)

    # -- the experience ---------------------------------------------------------------------

    def applies(self, channel: str, thread_ts: str) -> bool:  # noqa: ARG002
        """Does this thread show an agent session status (instead of the ⏳)?"""
        return self.experience.agent and bool(thread_ts)

    # -- greeting ----------------------------------------------------------------------------

    def messages_opened(self, *, team: str, user: str, channel: str) -> bool:
        """A person opened the app's DM (`app_home_opened`, tab `messages`): greet them and set
        the DM's suggested prompts, unless they were greeted within `greeting_hours`. True when
        this call greeted."""
        if not self.experience.agent or not channel.startswith("D"):
            return False
        now = self.clock.now()
        key = f"agent-greet:{team}:{user}"
        with self.store.sessions.begin() as db:
            won = events.claim(db, key, now=now)
            if not won:  # greeted before: again only once the window passed (compare-and-set)
                done = db.execute(
                    update(ProcessedEvent)
                    .where(
                        ProcessedEvent.key == key,
                        ProcessedEvent.received_at < now - timedelta(hours=self.greeting_hours),
                    )
                    .values(received_at=now)
                    .execution_options(synchronize_session=False)
                )
                won = bool(getattr(done, "rowcount", 0))
        if not won:
            return False
        with self.store.sessions() as db:
            skills = most_used(db, self.skills_dir, since=now - SKILL_WINDOW, limit=SKILL_PROMPTS)
        ok = self._call(
            "greeting",
            lambda: self.slack.chat_postMessage(
                channel=channel, text=AGENT_GREETING.format(user=user, memory=MEMORY_PROMPT)
            ),
        )
        if not ok:
            with self.store.sessions.begin() as db:
                events.release(db, [key])  # the next opening tries again
            return False
        self._call(
            "suggested prompts",
            lambda: self.slack.assistant_threads_setSuggestedPrompts(
                channel_id=channel, prompts=suggested_prompts(skills), title=PROMPTS_TITLE
            ),
        )
        return True

    # -- what the person is viewing ------------------------------------------------------------

    def context_changed(self, user: str, channel: str | None) -> None:
        """`app_context_changed`: keep only the id of the channel the person views (a C…/G…
        id; nothing else of the payload is kept, and nothing of it reaches the model as text)."""
        with self._lock:
            if channel and channel[:1] in ("C", "G") and channel.isalnum() and len(channel) < 24:
                self._viewing[user] = channel
            else:
                self._viewing.pop(user, None)

    def viewing(self, user: str) -> str | None:
        """The channel the person last viewed with the app open, if Slack said."""
        with self._lock:
            return self._viewing.get(user)

    def facts_channel(self, user: str) -> str | None:
        """The channel whose facts a DM with `user` may use: the one they are viewing, only if
        they may read it. Seshat asks Slack nothing (no `channels:read` scope): it counts as
        readable when the person spoke with Seshat there within `READABLE_WITHIN` (they were
        a member then); otherwise None, and the DM keeps to the person's own facts."""
        channel = self.viewing(user)
        if channel is None:
            return None
        since = self.clock.now() - READABLE_WITHIN
        with self.store.sessions() as db:
            spoke = db.scalar(
                select(Message.id)
                .where(
                    Message.channel == channel,
                    Message.user_id == user,
                    Message.is_bot.is_(False),
                    Message.created_at >= since,
                )
                .limit(1)
            )
        return channel if spoke is not None else None

    # -- status (the `Working` protocol) ----------------------------------------------------

    def start(self, key: int, channel: str, ts: str, thread_ts: str) -> None:
        """`processing` while message `key` is answered (titled when this creates it). Under a
        burst beyond the pace the status is skipped, never waited for: the answer goes first."""
        title = None
        with self._lock:
            new = (channel, thread_ts) not in self._created
        if new:
            title = self._title(key)
        # Two calls' worth: this `processing` and the `active` that must follow it, which is
        # then sent without waiting (a reply thread never waits for the pace).
        if self.experience.agent and not self._pace.try_take(2):
            log.info("agent session status skipped: over the pace", extra={"slack_ts": ts})
            return
        if self.set_status(channel, thread_ts, "processing", title=title, paced=False):
            with self._lock:
                self._processing.add(key)
            return
        if not self.experience.agent:  # Slack says this app is no agent: the ⏳ instead
            fallback = self._fallback()
            with self._lock:
                self._fell_back[key] = fallback
            fallback.start(key, channel, ts, thread_ts)

    def ready(self, key: int) -> None:
        """Nothing: the status shows until the reply is out."""
        with self._lock:
            fallback = self._fell_back.get(key)
        if fallback is not None:
            fallback.ready(key)

    def stop(self, key: int, channel: str, ts: str, thread_ts: str, *, replied: bool) -> None:
        """`active` again between turns (unless the session is closing: `closed` follows)."""
        with self._lock:
            fallback = self._fell_back.pop(key, None)
        if fallback is not None:
            fallback.stop(key, channel, ts, thread_ts, replied=replied)
            return
        with self._lock:
            if key not in self._processing:
                return  # never shown (skipped under a burst): nothing to move back
            self._processing.discard(key)
        with self.store.sessions() as db:
            message = db.get(Message, key)
            session = db.get(ChatSession, message.session_id) if message is not None else None
            state = session.state if session is not None else None
        if state is not None and state != SessionState.OPEN:
            return  # ended while answering: `closed` was (or is being) set by the close
        self.set_status(channel, thread_ts, "active", paced=False)  # paid for by `start`

    def set_status(
        self,
        channel: str,
        thread_ts: str,
        status: str,
        *,
        title: str | None = None,
        paced: bool = True,
    ) -> bool:
        """One agents.sessions.setStatus (waiting for the pace unless the caller spent it);
        False when it failed (logged; an app that is no agent switches `auto` to the assistant
        experience)."""
        if not self.experience.agent or not thread_ts:
            return False
        if paced:
            self._pace.take()
        try:
            self.slack.agents_sessions_setStatus(
                channel_id=channel, thread_ts=thread_ts, status=status, title=title or None
            )
        except (SlackApiError, OSError) as exc:
            error = slack_error(exc)
            if isinstance(exc, SlackApiError) and error in NOT_AN_AGENT:
                self.experience.seen("assistant", f"agents.sessions.setStatus: {error}")
            else:
                log.warning("could not set the agent session status: %s", error)
            return False
        with self._lock:
            self._created[(channel, thread_ts)] = None
            self._created.move_to_end((channel, thread_ts))
            while len(self._created) > KNOWN_THREADS:
                self._created.popitem(last=False)
        return True

    def _title(self, key: int) -> str | None:
        with self.store.sessions() as db:
            message = db.get(Message, key)
            text = message.text if message is not None else ""
        # Stored redacted already; thread_title redacts again and reads Slack markup as text.
        return thread_title(text, "") or None

    # -- closing -----------------------------------------------------------------------------

    def threads_of(self, session: ChatSession, db: Session) -> list[str]:
        """The threads a session's replies went to: its own, or (a DM's top-level session
        from before agent_view) each of the person's messages."""
        if session.thread_ts:
            return [session.thread_ts]
        return list(
            db.scalars(
                select(Message.ts)
                .where(Message.session_id == session.id, Message.is_bot.is_(False))
                .order_by(Message.id.desc())
                .limit(5)
            )
        )

    def closed(self, session_id: str) -> list[tuple[str, str]]:
        """The Seshat session ended: its agent sessions are `closed`. Returns the threads."""
        if not self.experience.agent:
            return []
        with self.store.sessions() as db:
            session = db.get(ChatSession, session_id)
            if session is None:
                return []
            channel, threads = session.channel, self.threads_of(session, db)
        for thread_ts in threads:
            self.set_status(channel, thread_ts, "closed")
        return [(channel, t) for t in threads]

    @staticmethod
    def _call(what: str, call: Callable[[], object]) -> bool:
        try:
            call()
        except (SlackApiError, OSError) as exc:
            log.warning("agent view: could not send the %s: %s", what, slack_error(exc))
            return False
        return True


# -- learning shown as task cards ---------------------------------------------------------------

REFLECTING = "Reflecting on this conversation"
NOTHING = "Nothing to keep from this conversation"
HOME_HINT = "See it (and forget it) in my Home tab."
# writer → (one, many) of what it keeps, said to the person the session was with
KEPT = {
    "memory": ("fact kept for you", "facts kept for you"),
    "user_model": ("note about you kept", "notes about you kept"),
    "persona": ("note on how I should work kept", "notes on how I should work kept"),
    "lessons": ("lesson recorded", "lessons recorded"),
    "checkins": ("check-in planned", "check-ins planned"),
}
PENDING = {
    "skill": ("skill draft sent for review", "skill drafts sent for review"),
    "skill_state": ("skill change sent for review", "skill changes sent for review"),
}
WAITING_FOR_OWNER = "waiting for the owner's ✅"
# review item kind → (one, many), for the rows "N … waiting for the owner's ✅"
WAITING = {
    "lesson": ("lesson", "lessons"),
    "persona": ("persona note", "persona notes"),
    "memory": ("memory note", "memory notes"),
    "fact": ("fact", "facts"),
    "user_observation": ("note about a person", "notes about people"),
}


def _n(n: int, names: tuple[str, str]) -> str:
    return f"{n} {names[0] if n == 1 else names[1]}"


def outcome_rows(
    status: str, writer_results: dict[str, Any], pending_kinds: list[str]
) -> list[dict[str, str]]:
    """One `task_update` row per outcome of a session's reflection (ids r1, r2, …)."""
    rows: list[tuple[str, str, str | None]] = []
    if status == "failed":
        rows.append(("The reflection failed; the owner was told", "error", None))
    elif status == "deferred":
        rows.append(("The reflection waits for tomorrow's budget", "pending", None))
    else:
        for writer, names in KEPT.items():
            result = (writer_results or {}).get(writer)
            written = int(result.get("written", 0)) if isinstance(result, dict) else 0
            if written:
                rows.append((_n(written, names), "complete", HOME_HINT))
        for kind, n in Counter(pending_kinds).items():
            if kind in PENDING:
                rows.append((_n(n, PENDING[kind]), "complete", "An owner decides on it."))
            else:
                label = kind.replace("_", " ")
                names = WAITING.get(kind, (label, f"{label}s"))
                rows.append((f"{_n(n, names)} {WAITING_FOR_OWNER}", "complete", None))
        if not rows:
            rows.append((NOTHING, "complete", None))
    out = []
    for i, (title, state, details) in enumerate(rows, start=1):
        row = {"type": "task_update", "id": f"r{i}", "title": title, "status": state}
        if details:
            row["details"] = details
        out.append(row)
    return out


class LearningCards:
    """When a session ends under agent_view, its thread shows the reflection as task cards: a
    "reflecting" row at once, then one row per outcome when the reflection is done."""

    def __init__(
        self, *, store: Store, slack: WebClient, agent: AgentSessions, take: Callable[[], bool]
    ) -> None:
        self.store, self.slack, self.agent = store, slack, agent
        self._take = take  # the streams' shared append budget (bot/chat/streaming.py)
        self._lock = threading.Lock()
        self._open: dict[str, tuple[str, str]] = {}  # session id → (channel, card ts)

    def reflecting(self, session_id: str, thread: tuple[str, str] | None) -> str | None:
        """Start the card in the session's thread: "reflecting…". Its ts, or None."""
        if thread is None:
            return None
        channel, thread_ts = thread
        with self.store.sessions() as db:
            session = db.get(ChatSession, session_id)
            if session is None:
                return None
            team, user = session.team, session.user_id
        try:
            started = self.slack.chat_startStream(
                channel=channel,
                thread_ts=thread_ts,
                recipient_team_id=team,
                recipient_user_id=user,
                task_display_mode="plan",
                chunks=[
                    {"type": "plan_update", "title": "What I learned from this conversation"},
                    {
                        "type": "task_update",
                        "id": "r0",
                        "title": REFLECTING,
                        "status": "in_progress",
                    },
                ],
            )
        except (SlackApiError, OSError) as exc:
            log.warning("could not show the reflection card: %s", slack_error(exc))
            return None
        ts = str(started.get("ts") or "")
        with self._lock:
            self._open[session_id] = (channel, ts)
        return ts

    def finished(self, session_id: str, status: str, reflection_id: str | None) -> bool:
        """The reflection ended (`ok`, `skipped`, `rejected`, `failed`, `deferred`): the
        card's rows, and the card stopped. False when no card was open (or Slack refused)."""
        with self._lock:
            card = self._open.pop(session_id, None)
        if card is None:
            return False
        channel, ts = card
        results: dict[str, Any] = {}
        pending: list[str] = []
        if reflection_id is not None:
            with self.store.sessions() as db:
                row = db.get(ReflectionRow, reflection_id)
                results = dict(row.writer_results or {}) if row is not None else {}
                pending = list(
                    db.scalars(
                        select(ReviewItem.kind).where(
                            ReviewItem.reflection_id == reflection_id,
                            ReviewItem.status == "pending",
                        )
                    )
                )
        done = "complete" if status != "failed" else "error"
        chunks = [{"type": "task_update", "id": "r0", "title": REFLECTING, "status": done}]
        chunks += outcome_rows(status, results, pending)
        self._take()
        try:
            self.slack.chat_stopStream(channel=channel, ts=ts, chunks=chunks)
        except (SlackApiError, OSError) as exc:
            log.warning("could not finish the reflection card: %s", slack_error(exc))
            return False
        return True
