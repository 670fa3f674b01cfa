"""The chat engine: inbound message → session → context + model → threaded reply.

Listeners hand records to `Engine.submit`, which returns at once; the work runs on a small thread
pool, one message at a time per session (a keyed lock), so replies stay in order.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor, wait
from dataclasses import dataclass
from typing import Any, Protocol

from slack_sdk import WebClient
from slack_sdk.errors import SlackApiError

from bot.context import PromptParts, conversation
from bot.inbound import InboundMessage, strip_bot_mention
from reflection.calls import record_call
from reflection.errors import LLMError
from reflection.llm import LLM, LLMRequest, LLMResponse
from reflection.pricing import PriceTable
from store import events
from store import sessions as S
from store.clock import Clock
from store.db import Store
from store.models import ChatSession
from writers.guard.redact import redact_text

log = logging.getLogger(__name__)
WORKING_REACTION = "hourglass_flowing_sand"
DONE_ACTION = "seshat_done"
APOLOGY = (
    "Sorry — I can't reach the language model right now ({reason}). Your message is saved; "
    "please try again in a minute."
)


def reply_blocks(text: str, session_id: str) -> list[dict[str, Any]]:
    """The reply as mrkdwn sections (≤ 3000 chars each, Slack's limit) plus a "Done" button."""
    chunks = [text[i : i + 3000] for i in range(0, len(text), 3000)][:45] or [" "]
    blocks: list[dict[str, Any]] = [
        {"type": "section", "text": {"type": "mrkdwn", "text": chunk}} for chunk in chunks
    ]
    blocks.append(
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
        }
    )
    return blocks


def slack_error(exc: Exception) -> str:
    """A short description of a Slack failure (API error code or transport error)."""
    if isinstance(exc, SlackApiError):
        return str(exc.response.get("error") or exc)
    return f"{exc.__class__.__name__}: {exc}"


class ContextProvider(Protocol):
    """Builds the system prompt for a session (identity, learned context)."""

    def build(self, session: ChatSession, first_text: str) -> PromptParts:
        """The prompt parts for `session`; `first_text` is the session's first user message."""
        ...


@dataclass(frozen=True)
class ChatConfig:
    """The chat model's knobs, taken from Settings."""

    model: str
    max_tokens: int
    max_messages: int


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
        workers: int = 4,
        on_reply_stored: Callable[[str], None] | None = None,
    ) -> None:
        self.store = store
        self.slack = slack
        self.llm = llm
        self.clock = clock
        self.prices = prices
        self.context = context
        self.chat = chat
        self.bot_user_id = bot_user_id
        self.on_reply_stored = on_reply_stored
        self._pool = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="seshat-chat")
        self._locks = KeyedLocks()
        self._inflight: set[Future[None]] = set()
        self._inflight_lock = threading.Lock()
        self._closed = False

    # Hand-off ---------------------------------------------------------------------------------

    def submit(self, message: InboundMessage) -> None:
        """Queue a message for handling and return immediately (listeners must ack fast)."""
        if self._closed:
            log.warning("engine stopping; dropping delivery %s so Slack redelivers it", message.ts)
            return
        future = self._pool.submit(self._guarded, message)
        with self._inflight_lock:
            self._inflight.add(future)
        future.add_done_callback(self._forget)

    def _forget(self, future: Future[None]) -> None:
        with self._inflight_lock:
            self._inflight.discard(future)

    def _guarded(self, message: InboundMessage) -> None:
        try:
            self.handle(message)
        except Exception:  # the pool would swallow it silently; log with context instead
            log.exception(
                "failed to handle message", extra={"channel": message.channel, "ts": message.ts}
            )

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

    # The work ---------------------------------------------------------------------------------

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

    def handle(self, message: InboundMessage) -> None:
        """Store the message, answer it in its thread, store the answer."""
        session_key = self.route(message)
        if session_key is None:
            return
        lock_key = session_key.as_open_key()
        self._locks.acquire(lock_key)
        try:
            self._answer(message, session_key)
        finally:
            self._locks.release(lock_key)

    def _answer(self, message: InboundMessage, key: S.SessionKey) -> None:
        now = self.clock.now()
        dedupe = [f"msg:{message.channel}:{message.ts}"]
        if message.event_id:
            dedupe.append(f"event:{message.event_id}")
        with self.store.sessions.begin() as db:
            # Claim, open and store in one transaction: a crash in between loses nothing and
            # lets Slack's redelivery try again.
            if not events.claim_all(db, dedupe, now=now):
                log.info("duplicate delivery ignored", extra={"ts": message.ts})
                return
            session, created = S.get_or_open(db, key, now=now)
            # The transcript is stored redacted: secrets pasted into a chat never reach the
            # database, the model, or anything learned from the session.
            S.add_message(
                db,
                session_id=session.id,
                channel=message.channel,
                ts=message.ts,
                user_id=message.user,
                is_bot=False,
                text=redact_text(message.text),
                now=now,
            )
            S.touch(db, session.id, now=now)
            S.reply_started(db, session.id)
            lines = [(m.is_bot, m.text) for m in S.transcript(db, session.id)]
        log.info("message stored", extra={"session": session.id, "new_session": created})
        thread_ts = message.thread_ts or message.ts
        self._react(message.channel, message.ts, add=True)
        bot_ts: str | None = None
        try:
            first_user_text = next((t for is_bot, t in lines if not is_bot), message.text)
            parts = self.context.build(
                session, strip_bot_mention(first_user_text, self.bot_user_id)
            )
            text = self._complete(session.id, parts, lines)
            bot_ts = self._post(message.channel, thread_ts, text, session.id)
        finally:
            with self.store.sessions.begin() as db:
                S.reply_finished(db, session.id, bot_ts=bot_ts)
            self._react(message.channel, message.ts, add=False)
        if self.on_reply_stored is not None:
            self.on_reply_stored(session.id)

    def _complete(self, session_id: str, parts: PromptParts, lines: list[tuple[bool, str]]) -> str:
        """Ask the model; on persistent failure return the apology instead."""
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
        )
        started = time.monotonic()
        try:
            response = self.llm.complete(request)
        except LLMError as exc:
            self._record(session_id, None, started, error=str(exc))
            log.warning("model call failed: %s", exc, extra={"session": session_id})
            return APOLOGY.format(reason=exc.__class__.__name__)
        except Exception as exc:  # a bug must still leave the user an answer, not silence
            self._record(session_id, None, started, error=f"{exc.__class__.__name__}: {exc}")
            log.exception("model call crashed", extra={"session": session_id})
            return APOLOGY.format(reason="internal error")
        self._record(session_id, response, started)
        return response.text.strip() or "(the model returned an empty answer)"

    def _record(
        self,
        session_id: str,
        response: LLMResponse | None,
        started: float,
        error: str | None = None,
    ) -> None:
        cost = (
            self.prices.cost(response.model, response.usage, response.provider) if response else 0
        )
        with self.store.sessions.begin() as db:
            record_call(
                db,
                purpose="chat",
                session_id=session_id,
                provider=response.provider if response else self.llm.name,
                model=response.model if response else self.chat.model,
                usage=response.usage if response else None,
                cost_usd=cost,
                duration_ms=int((time.monotonic() - started) * 1000),
                error=error,
                now=self.clock.now(),
            )

    def _post(self, channel: str, thread_ts: str, text: str, session_id: str) -> str | None:
        """Post the reply in the thread and store it; None if Slack kept failing."""
        try:
            result = self.slack.chat_postMessage(
                channel=channel,
                thread_ts=thread_ts,
                text=text,
                blocks=reply_blocks(text, session_id),
            )
        except (SlackApiError, OSError) as exc:
            log.error("could not post reply: %s", slack_error(exc), extra={"session": session_id})
            return None
        ts = str(result.get("ts") or "")
        with self.store.sessions.begin() as db:
            S.add_message(
                db,
                session_id=session_id,
                channel=channel,
                ts=ts,
                user_id=self.bot_user_id,
                is_bot=True,
                text=redact_text(text),
                now=self.clock.now(),
            )
            S.touch(db, session_id, now=self.clock.now())
        return ts

    def _react(self, channel: str, ts: str, *, add: bool) -> None:
        """The visible "working" signal; failing to show it never fails the reply."""
        try:
            if add:
                self.slack.reactions_add(channel=channel, timestamp=ts, name=WORKING_REACTION)
            else:
                self.slack.reactions_remove(channel=channel, timestamp=ts, name=WORKING_REACTION)
        except (SlackApiError, OSError) as exc:
            log.debug(
                "working reaction %s failed: %s", "add" if add else "remove", slack_error(exc)
            )
