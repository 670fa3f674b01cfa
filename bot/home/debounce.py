"""Per-user debouncing of App Home publishes, shared by the owner's dashboard and everyone's view.

`views.publish` is rate-limited per user, and a burst of clicks or tab opens would otherwise
publish once each. The first request for a user publishes at once; requests within `seconds` of
that publish coalesce into one more, fired when the interval has passed, which reads the state at
that moment (so nothing shown is older than the last request). `publish_home` is the publish
both use: a view that cannot be built or that Slack refuses becomes a short one saying why.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable
from typing import Any

from slack_sdk import WebClient
from slack_sdk.errors import SlackApiError

log = logging.getLogger(__name__)


class Debounced:
    """`request(user)` runs `publish(user)` now, or once `seconds` after its previous run."""

    def __init__(self, publish: Callable[[str], None], seconds: float, *, what: str) -> None:
        self._publish = publish
        self.seconds = seconds
        self._what = what
        self._lock = threading.Lock()
        self._last: dict[str, float] = {}
        self._timers: dict[str, threading.Timer] = {}
        self._closed = False

    def request(self, user: str) -> None:
        """Publish for `user` now, or join the one publish already waiting for the interval."""
        with self._lock:
            if self._closed or user in self._timers:
                return
            wait = self._last.get(user, float("-inf")) + self.seconds - time.monotonic()
            if wait > 0:
                timer = threading.Timer(wait, self._fire, (user,))
                timer.daemon = True
                self._timers[user] = timer
                timer.start()
                return
            self._last[user] = time.monotonic()
        self._publish(user)

    def _fire(self, user: str) -> None:
        with self._lock:
            self._timers.pop(user, None)
            if self._closed:
                return
            self._last[user] = time.monotonic()
        try:
            self._publish(user)
        except Exception:  # a timer thread has nobody to raise to
            log.exception("could not refresh %s", self._what)

    def close(self) -> None:
        """Cancel waiting publishes (the daemon is stopping); later requests do nothing."""
        with self._lock:
            self._closed = True
            timers = list(self._timers.values())
            self._timers.clear()
        for timer in timers:
            timer.cancel()


def publish_home(
    slack: WebClient,
    user: str,
    build: Callable[[], dict[str, Any]],
    fallback: Callable[[str], list[dict[str, Any]]],
    *,
    what: str,
) -> None:
    """Publish `user`'s App Home from `build()`; if it cannot be built (`fallback` gets a reason
    a person can read) or Slack refuses it, a short view from `fallback`, never none."""
    try:
        view: dict[str, Any] | None = build()
    except Exception:  # a database hiccup must not leave the tab empty
        log.exception("could not build %s", what)
        view, problem = None, "it could not be read just now; see the log"
    if view is not None:
        try:
            slack.views_publish(user_id=user, view=view)
            return
        except (SlackApiError, OSError) as exc:
            if isinstance(exc, SlackApiError):
                problem = str(exc.response.get("error") or exc)
            else:
                problem = f"{exc.__class__.__name__}: {exc}"
            log.warning("could not publish %s: %s", what, problem)
    try:
        slack.views_publish(user_id=user, view={"type": "home", "blocks": fallback(problem)})
    except (SlackApiError, OSError) as exc:
        log.warning("could not publish the fallback of %s: %s", what, exc)
