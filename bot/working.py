"""The "working on it" signal while a message is answered, chosen per message by the engine.

Two implementations of one protocol:

- the ⏳ reaction on the person's message (`bot.engine.WorkingSignal`), everywhere but assistant
  threads: shown only once an answer takes longer than a delay, because each one costs two Web
  API calls plus the two `reaction_*` events Slack sends back for it;
- the assistant thread's status line (`AssistantStatus`, here): shown at once, since it costs
  one Web API call and no event at all. Slack clears it when the app replies in the thread, so a
  posted reply needs no second call; without a reply (Slack refused the post, a crash in
  between) it is cleared with an empty status, and Slack drops it after two minutes anyway.
"""

from __future__ import annotations

import logging
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
