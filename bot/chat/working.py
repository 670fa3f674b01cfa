"""The "working on it" signal while a message is answered, chosen per message by the engine.

Two implementations of one protocol:

- the ⏳ reaction on the person's message (`WorkingSignal`, here), everywhere but
assistant
  threads: shown only once an answer takes longer than a delay, because each one costs two Web
  API calls plus the two `reaction_*` events Slack sends back for it;
- the assistant thread's status line (`AssistantStatus`, here): shown at once, since it costs
  one Web API call and no event at all. Slack clears it when the app replies in the thread, so a
  posted reply needs no second call; without a reply (Slack refused the post, a crash in
  between) it is cleared with an empty status, and Slack drops it after two minutes anyway.
"""

from __future__ import annotations

import heapq
import itertools
import logging
import threading
import time
from collections.abc import Callable
from typing import Protocol

from slack_sdk import WebClient
from slack_sdk.errors import SlackApiError

log = logging.getLogger(__name__)

# Slack shows "<App name> is thinking…", and rotates the loading messages in the thread.
STATUS = "is thinking…"
LOADING_MESSAGES = (
    "Reading the conversation…",
    "Looking at what I have learned…",
    "Thinking it through…",
    "Writing the answer…",
)


class Working(Protocol):
    """Shows that the answer to one message is being worked on."""

    def start(self, key: int, channel: str, ts: str, thread_ts: str) -> None:
        """Message `key` (`ts` in `channel`, answered in thread `thread_ts`) is being answered."""
        ...

    def ready(self, key: int) -> None:
        """The answer to message `key` exists and is about to be posted."""
        ...

    def stop(self, key: int, channel: str, ts: str, thread_ts: str, *, replied: bool) -> None:
        """The work on it is over; `replied`: the answer was posted in the thread just now."""
        ...


class AssistantStatus:
    """The assistant thread's status while the model works (one Web API call, no events)."""

    def __init__(self, slack: WebClient, *, applies: Callable[[str, str], bool]) -> None:
        self.slack = slack
        self._applies = applies

    def applies(self, channel: str, thread_ts: str) -> bool:
        """Is this thread an assistant thread (where a status is shown instead of the ⏳)?"""
        return bool(thread_ts) and self._applies(channel, thread_ts)

    def ready(self, key: int) -> None:
        """Nothing to do: the status was shown at once, and the reply clears it."""

    def start(self, key: int, channel: str, ts: str, thread_ts: str) -> None:  # noqa: ARG002
        """Show the status with its rotating loading messages."""
        self._set(channel, thread_ts, STATUS, list(LOADING_MESSAGES))

    def stop(self, key: int, channel: str, ts: str, thread_ts: str, *, replied: bool) -> None:  # noqa: ARG002
        """Clear it, unless the reply posted just now already did (Slack clears it then)."""
        if not replied:
            self._set(channel, thread_ts, "", None)

    def _set(self, channel: str, thread_ts: str, status: str, loading: list[str] | None) -> None:
        """Failures are logged, never raised: a missing status must not cost the answer."""
        try:
            self.slack.assistant_threads_setStatus(
                channel_id=channel, thread_ts=thread_ts, status=status, loading_messages=loading
            )
        except (SlackApiError, OSError) as exc:
            error = exc.response.get("error") if isinstance(exc, SlackApiError) else exc
            log.warning("could not set the assistant status: %s", error)


class WorkingSignal:
    """The ⏳ on a message being answered, shown only once the answer takes longer than `delay`
    (a `Working`; assistant threads show their status line instead).

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
