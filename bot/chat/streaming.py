"""Showing a reply while the model writes it.

A `LiveReply` takes the model's text as it arrives and shows it in the thread, one of two ways:

- `stream`: Slack's streaming methods through slack_sdk's `chat_stream` helper: chat.startStream
  with the first words, chat.appendStream as more arrive, chat.stopStream with the reply's
  trailing blocks and the metadata naming the message answered (what crash recovery looks for);
- `edit`, where Slack will not stream (chat.startStream refused, or REPLY_STREAMING=edit): a post
  with the first words (metadata included), then chat.update with the text so far.

Calls are paced: one message gets at most one append (or edit) per `interval`, and all messages
together stay inside the method's rate tier (`Budget`, shared), so text arriving faster is
buffered and sent in fewer, larger calls, each within Slack's 12,000 characters.

Nothing is sent twice. These calls go through a client that retries only rate-limit answers
(Slack did nothing), never a 5xx or a dropped connection, after which Slack may have done the
call: an append retried shows its text twice, a start retried opens a second message. A failed
call ends the live display instead, and the message then gets, in one chat.update, exactly the
text the reply is stored with: what the user saw, and a note that the answer was cut off.
"""

from __future__ import annotations

import copy
import logging
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Literal

from slack_sdk import WebClient
from slack_sdk.errors import SlackApiError, SlackRequestError
from slack_sdk.http_retry.builtin_handlers import RateLimitErrorRetryHandler
from slack_sdk.web.chat_stream import ChatStream

from reflection.errors import LLMError, LLMInterrupted
from reflection.llm import LLMResponse, TextStream

log = logging.getLogger(__name__)

Mode = Literal["auto", "edit", "off"]
Blocks = list[dict[str, Any]]
# Characters one markdown_text may carry (chat.startStream / appendStream / stopStream).
MARKDOWN_LIMIT = 12_000
# Slack's rate tiers are per workspace and method: chat.appendStream is Tier 4 (100+ a minute),
# chat.update Tier 3 (50+ a minute). Every reply streaming at once draws on the same budget.
APPEND_PER_MINUTE = 100
UPDATE_PER_MINUTE = 50
BURST = 10
# A workspace that refused to stream is not asked again for this long (each reply would pay
# one refused call before its first words).
REFUSAL_MEMORY = 600.0
# A rate-limited chat.startStream (HTTP 429 or `ok: false, ratelimited`) is not a refusal: only
# the calls inside Slack's Retry-After (this long when it names none) go without streaming.
RATE_LIMIT_PAUSE = 5.0
CUT_NOTE = "\n\n_… (the answer was cut off: {reason})_"
# The person pressed the stop button of their agent session (bot/surfaces/agent.py).
STOPPED = "you pressed Stop"
# What Slack answers an append to a stream it stopped (the stop button stops them first).
NOT_STREAMING = "message_not_in_streaming_state"


def cut_note(reason: str) -> str:
    """The visible line that ends an answer broken off midway."""
    return CUT_NOTE.format(reason=reason)


def single_shot(slack: WebClient) -> WebClient:
    """A copy of `slack` that retries only rate-limit answers (429: Slack did nothing), for
    calls that must not happen twice (a post, a stream start or append, an edit)."""
    client = copy.copy(slack)
    client.retry_handlers = [
        h for h in slack.retry_handlers if isinstance(h, RateLimitErrorRetryHandler)
    ]
    return client


def ambiguous(exc: Exception) -> bool:
    """Whether Slack may have done a call that failed (a 5xx, a dropped connection) rather
    than refused it (an `ok: false` answer, a 429)."""
    if isinstance(exc, SlackApiError):
        return int(getattr(exc.response, "status_code", 200) or 200) >= 500
    return isinstance(exc, OSError)


def rate_limited(exc: Exception) -> float | None:
    """Seconds to wait when `exc` is Slack's rate limit (Retry-After, or RATE_LIMIT_PAUSE),
    else None."""
    if not isinstance(exc, SlackApiError):
        return None
    response = exc.response
    if response.status_code != 429 and response.get("error") != "ratelimited":
        return None
    try:
        return float((response.headers or {}).get("Retry-After") or RATE_LIMIT_PAUSE)
    except (TypeError, ValueError):
        return RATE_LIMIT_PAUSE


def reason_of(exc: Exception) -> str:
    """A few words for a Slack failure."""
    if isinstance(exc, SlackApiError):
        return str(exc.response.get("error") or exc.response.status_code)
    return exc.__class__.__name__


class Budget:
    """A token bucket: `per_minute` calls a minute on average, `burst` at once."""

    def __init__(self, per_minute: float, burst: int = BURST) -> None:
        self._rate = per_minute / 60.0
        self._burst = float(burst)
        self._tokens = float(burst)
        self._at = time.monotonic()
        self._lock = threading.Lock()

    def take(self) -> bool:
        """Spend one call if the budget has it; False means "not now, keep buffering"."""
        with self._lock:
            now = time.monotonic()
            self._tokens = min(self._burst, self._tokens + (now - self._at) * self._rate)
            self._at = now
            if self._tokens < 1:
                return False
            self._tokens -= 1
            return True


@dataclass(frozen=True)
class ReplyTarget:
    """Where and for whom a reply is shown, and what it carries besides its text."""

    channel: str
    thread_ts: str
    after_ts: str  # the message answered: the reply is newer
    team: str
    user: str
    metadata: dict[str, Any]
    render: Callable[[str], Blocks]  # the whole message's blocks for a text
    footer: Blocks  # the blocks after the text (chat.stopStream's `blocks`)
    # An agent session's thread: its stop button stops the stream in Slack, so a stream found
    # stopped midway was (most likely) the person's Stop, not a failure.
    stoppable: bool = False


@dataclass(frozen=True)
class Outcome:
    """A streamed answer: the model's `response` (usage), the `text` the reply ends with (the
    whole answer, or what was shown and the cut-off note) and the model's `error`, if any."""

    response: LLMResponse
    text: str
    error: str | None


class Streamer:
    """Opens live replies; holds what every reply shares (client, mode, pace, budgets)."""

    def __init__(self, slack: WebClient, *, mode: Mode, interval: float) -> None:
        self.slack = single_shot(slack)
        self.mode = mode
        self.interval = interval
        self.appends = Budget(APPEND_PER_MINUTE)
        self.updates = Budget(UPDATE_PER_MINUTE)
        self._refused_until = 0.0

    @property
    def live(self) -> bool:
        """Whether replies are shown while written at all (REPLY_STREAMING is not `off`)."""
        return self.mode != "off"

    def open(
        self,
        target: ReplyTarget,
        *,
        on_ts: Callable[[str], None],
        on_visible: Callable[[], None],
    ) -> LiveReply:
        """A live reply to `target`; `on_ts` gets its message's ts the moment Slack returns it,
        `on_visible` is called once its first words show."""
        streams = self.mode == "auto" and time.monotonic() >= self._refused_until
        return LiveReply(self, target, stream=streams, on_ts=on_ts, on_visible=on_visible)

    def refused(self, exc: Exception) -> None:
        """chat.startStream was refused: edit replies into place for a while instead (for a
        rate limit, only until Slack's Retry-After has passed)."""
        wait = rate_limited(exc)
        if wait is not None:
            log.warning(
                "chat.startStream rate-limited; this reply is posted and edited into place, "
                "replies starting in the next %.0fs too, then streaming is tried again",
                wait,
            )
            self._refused_until = max(self._refused_until, time.monotonic() + wait)
            return
        log.warning(
            "Slack refused to stream a reply (%s); replies are edited into place for %.0f min",
            reason_of(exc),
            REFUSAL_MEMORY / 60,
        )
        self._refused_until = time.monotonic() + REFUSAL_MEMORY

    def replace(
        self, channel: str, ts: str, text: str, blocks: Blocks, meta: dict[str, Any]
    ) -> bool:
        """Make a reply message left unfinished (a dead process's, a broken display) say `text`:
        its stream stopped (if it still runs), then one edit. False if the message is gone."""
        try:
            self.slack.chat_stopStream(channel=channel, ts=ts, metadata=meta)
        except (SlackApiError, OSError) as exc:
            log.debug("stopping a stream before its edit: %s", reason_of(exc))
        try:
            self.slack.chat_update(channel=channel, ts=ts, text=text, blocks=blocks, metadata=meta)
        except (SlackApiError, OSError) as exc:
            log.warning("could not finish reply %s: %s", ts, reason_of(exc))
            return not (isinstance(exc, SlackApiError) and reason_of(exc) == "message_not_found")
        return True


class LiveReply:
    """One reply shown while the model writes it (see the module docstring)."""

    def __init__(
        self,
        streamer: Streamer,
        target: ReplyTarget,
        *,
        stream: bool,
        on_ts: Callable[[str], None],
        on_visible: Callable[[], None],
    ) -> None:
        self._s = streamer
        self.target = target
        self.streams = stream
        self._on_ts = on_ts
        self._on_visible = on_visible
        self._chat: ChatStream | None = None
        self._last = 0.0
        self.ts: str | None = None
        self.shown = ""  # what Slack confirmed the message says
        self.pending = ""  # text received, not sent yet
        self.failed: str | None = None  # why the display ended early
        # A start or first post failed in a way Slack may have done it: a message may exist.
        self.uncertain = False
        self.stopped = False  # the person pressed Stop: read no more, end with a note

    def stop(self) -> None:
        """The person pressed the stop button: the reply ends with what showed and a note."""
        self.stopped = True

    # -- while the model writes ------------------------------------------------------------

    def run(self, stream: TextStream) -> Outcome:
        """Read the model's answer into the thread. A model failure before anything showed is
        raised (the caller apologises, as for a whole answer); after, it ends the reply with a
        cut-off note. A Slack failure after something showed stops reading (nobody would see
        the rest) and does the same."""
        error: LLMError | None = None
        try:
            for piece in stream:
                if not self.feed(piece):
                    break
        except LLMError as exc:
            error = exc
        finally:
            stream.close()
        response = stream.response
        if error is not None and self.ts is None:
            raise error
        text = (self.shown + self.pending) if self.ts is not None else response.text
        text = text.strip()
        if self.stopped or (
            self.failed == NOT_STREAMING and self.ts is not None and self.target.stoppable
        ):
            # Slack stopped the stream when Stop was pressed (an append may fail first).
            self.stopped = True
            text = (self.shown if self.ts is not None else "").rstrip() + cut_note(STOPPED)
            return Outcome(response, text.lstrip(), None)
        if self.failed is not None and self.ts is not None:
            text = self.shown.rstrip() + cut_note(f"Slack stopped taking it: {self.failed}")
        elif error is not None:
            why = error.reason if isinstance(error, LLMInterrupted) else "the model failed"
            text = text + cut_note(why)
        return Outcome(response, text, str(error) if error is not None else None)

    def feed(self, piece: str) -> bool:
        """Take more text and show it when due; False once the display broke after showing
        something (reading on would only pay for text nobody sees)."""
        self.pending += piece
        if self.stopped:
            return False
        if self.failed is not None:
            return self.ts is None  # nothing shown: the whole answer is posted at the end
        if self.ts is None:
            self.pending = self.pending.lstrip()
            if self.pending:
                self._open()
        elif time.monotonic() - self._last >= self._s.interval:
            self._flush()
        return self.failed is None or self.ts is None

    def _open(self) -> None:
        """Show the first words: a stream's start, or a post."""
        t = self.target
        first = self.pending[:MARKDOWN_LIMIT]
        if self.streams:
            self._chat = self._s.slack.chat_stream(
                channel=t.channel,
                thread_ts=t.thread_ts,
                recipient_team_id=t.team,
                recipient_user_id=t.user,
                buffer_size=1,  # this class buffers and paces; every append is one call
            )
            try:
                started = self._chat.append(markdown_text=first)
            except (SlackApiError, OSError) as exc:
                self.streams, self._chat = False, None
                if not ambiguous(exc):
                    self._s.refused(exc)
                elif (found := self._started_anyway(first)) is not None:
                    # Slack opened the stream before failing: stop it there (a plain message
                    # from then on) and carry on in that message by edits.
                    try:
                        self._s.slack.chat_stopStream(channel=t.channel, ts=found)
                    except (SlackApiError, OSError) as stop_exc:
                        log.debug("stopping an adopted stream: %s", reason_of(stop_exc))
                    self._shown(found, first)
                    return
            else:
                self._shown(str(started.get("ts") if started is not None else ""), first)
                return
        try:
            posted = self._s.slack.chat_postMessage(
                channel=t.channel,
                thread_ts=t.thread_ts,
                text=first,
                blocks=t.render(first),
                metadata=t.metadata,
            )
        except (SlackApiError, OSError) as exc:
            self._fail(exc, uncertain=ambiguous(exc))
            return
        self._shown(str(posted.get("ts") or ""), first)

    def _started_anyway(self, first: str) -> str | None:
        """The ts of a stream Slack opened although its start failed (a 5xx, a dropped
        connection): the bot's newest message in the thread with exactly `first` and no
        metadata yet. None if there is none (then nothing shows yet; a post follows)."""
        t = self.target
        try:
            page = self._s.slack.conversations_replies(channel=t.channel, ts=t.thread_ts, limit=200)
        except (SlackApiError, OSError) as exc:
            log.warning("could not read the thread after a failed start: %s", reason_of(exc))
            return None
        for m in reversed(page.get("messages") or []):
            if (
                m.get("bot_id")
                and not m.get("metadata")
                and str(m.get("text")) == first
                and float(m.get("ts") or 0) > float(t.after_ts)
            ):
                return str(m["ts"])
        return None

    def _shown(self, ts: str, text: str) -> None:
        self.ts = ts
        self.shown, self.pending = text, self.pending[len(text) :]
        self._last = time.monotonic()
        try:
            self._on_ts(ts)
        except Exception:  # the reply goes on; only a crash from here would post it again
            log.exception("could not record the reply's ts")
        self._on_visible()

    def _flush(self) -> None:
        """Send what is pending, if the budget allows (else it waits for the next piece)."""
        if not self.pending or not (self._s.appends if self.streams else self._s.updates).take():
            return
        self._last = time.monotonic()
        try:
            self._send(self.pending[:MARKDOWN_LIMIT] if self.streams else self.pending)
        except (SlackApiError, SlackRequestError, OSError) as exc:
            self._fail(exc)

    def _send(self, text: str) -> None:
        """One append (or edit) carrying `text`; `shown` grows only once Slack took it."""
        t = self.target
        if self._chat is not None:
            self._chat.append(markdown_text=text)
            self.shown += text
        else:
            whole = self.shown + text
            assert self.ts is not None
            self._s.slack.chat_update(
                channel=t.channel, ts=self.ts, text=whole, blocks=t.render(whole)
            )
            self.shown = whole
        self.pending = self.pending[len(text) :]

    def _fail(self, exc: Exception, *, uncertain: bool = False) -> None:
        self.failed = reason_of(exc)
        self.uncertain = self.uncertain or (uncertain and self.ts is None)
        log.warning("a live reply stopped: %s", self.failed)

    # -- the end ---------------------------------------------------------------------------

    def finish(self, final: str) -> str | None:
        """Make the message say `final` (the stored reply) with its footer and metadata; its
        ts, or None when nothing was shown (the caller posts the reply whole)."""
        if self.ts is None:
            return None
        t = self.target
        rest: str | None = None
        if self.failed is None and not self.stopped:
            if final.startswith(self.shown):
                rest = final[len(self.shown) :]
            elif final == self.shown.rstrip():
                rest = ""
        if rest is not None:
            try:
                if self._chat is not None:
                    while len(rest) > MARKDOWN_LIMIT:
                        self._send(rest[:MARKDOWN_LIMIT])
                        rest = rest[MARKDOWN_LIMIT:]
                    self._chat.stop(markdown_text=rest, blocks=t.footer, metadata=t.metadata)
                else:
                    self._s.slack.chat_update(
                        channel=t.channel,
                        ts=self.ts,
                        text=final,
                        blocks=t.render(final),
                        metadata=t.metadata,
                    )
                return self.ts
            except (SlackApiError, SlackRequestError, OSError) as exc:
                self._fail(exc)
        # The display broke (now or before): one edit makes the message exactly `final`.
        self._s.replace(t.channel, self.ts, final, t.render(final), t.metadata)
        return self.ts
