"""Socket Mode with journal-then-ack for messages (bot/journal.py).

A `message` or `app_mention` envelope is appended to this process's journal (fsync'd, shared
with concurrent appends), acked at once, and then handed to Bolt on a small pool, where the
listener stores it and queues its answer. An event whose handling fails stays in the journal and
is handled again by `retry` (a periodic job); a dead process's journal is handled by the next
start on the host (`replay_orphans`), before it connects. Intake's dedupe (event id, channel+ts)
makes any second handling a no-op, so each message is stored and answered once.

Everything else (slash commands, buttons, reactions, App Home) goes through Bolt's handler as
before: its ack can carry a response body, and it is acked after the listener ran.
"""

from __future__ import annotations

import logging
import time
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from slack_bolt import App
from slack_bolt.adapter.socket_mode import SocketModeHandler
from slack_bolt.request import BoltRequest
from slack_sdk.socket_mode.builtin import SocketModeClient
from slack_sdk.socket_mode.request import SocketModeRequest
from slack_sdk.socket_mode.response import SocketModeResponse

from bot.journal import Entry, Journal

log = logging.getLogger(__name__)
JOURNALLED_EVENTS = ("message", "app_mention")
# Handlers of acked events at once (CPU work on the interpreter lock: more would not help).
DISPATCHERS = 8


def journalled(payload: Any, own: tuple[str | None, str | None] = (None, None)) -> bool:
    """Is this an Events API payload whose message we store (and so journal)? Not the bot's
    own posts (`own`: its user id and bot id), which come back as events and are dropped."""
    if not isinstance(payload, dict):
        return False
    event = payload.get("event")
    if not isinstance(event, dict) or event.get("type") not in JOURNALLED_EVENTS:
        return False
    user_id, bot_id = own
    return not (
        (user_id is not None and event.get("user") == user_id)
        or (bot_id is not None and event.get("bot_id") == bot_id)
    )


class JournalledSocketModeHandler(SocketModeHandler):
    """Bolt's Socket Mode handler, acking messages once they are journalled."""

    def __init__(
        self,
        app: App,
        app_token: str,
        *,
        journal: Journal,
        ping_interval: float,
        own: tuple[str | None, str | None] = (None, None),
    ) -> None:
        super().__init__(app, app_token, ping_interval=ping_interval)
        self.journal = journal
        self.own = own  # the bot's user id and bot id: its own posts are not journalled
        self._pool = ThreadPoolExecutor(DISPATCHERS, thread_name_prefix="seshat-intake")

    def handle(self, client: SocketModeClient, req: SocketModeRequest) -> None:  # type: ignore[override]
        """Journal and ack a message at once; anything else as Bolt does it."""
        if req.type != "events_api" or not journalled(req.payload, self.own):
            super().handle(client, req)
            return
        try:
            seq = self.journal.append(req.payload)
        except OSError as exc:  # a full or read-only disk: ack only after the store, as before
            log.error("journal write failed (%s); acking after the store instead", exc)
            super().handle(client, req)
            return
        client.send_socket_mode_response(SocketModeResponse(envelope_id=req.envelope_id))
        self._pool.submit(self._dispatch, Entry(seq, req.payload))

    def _dispatch(self, entry: Entry) -> bool:
        """Hand a journalled event to Bolt; done in the journal once the listener stored it."""
        if not self._handled(entry.payload):
            return False
        self.journal.done(entry.seq)
        return True

    def _handled(self, payload: dict[str, Any]) -> bool:
        """Run Bolt on an event; True when its listener stored it (False: handle it again)."""
        try:
            response = self.app.dispatch(BoltRequest(mode="socket_mode", body=payload))
        except Exception:
            log.exception("handling a journalled event failed; it is retried")
            return False
        if response.status >= 300:
            log.warning(
                "a journalled event was not stored (status %s); it is retried", response.status
            )
            return False
        return True

    def retry(self, older_than: float = 30.0) -> int:
        """Handle again this process's events whose handling failed; how many are now done."""
        return sum(self._dispatch(entry) for entry in self.journal.stale(older_than))

    def replay_orphans(self) -> int:
        """Handle the events in journals of processes that died (same host); how many."""
        handled = 0
        for path, entries in self.journal.orphans():
            started = time.monotonic()
            ok = sum(self._handled(entry.payload) for entry in entries)
            if ok == len(entries):
                self.journal.forget(path)
            else:
                log.error(
                    "a dead process's journal was not handled in full; kept for the next start",
                    extra={"path": str(path), "left": len(entries) - ok},
                )
            handled += ok
            log.info(
                "replayed a dead process's journal",
                extra={
                    "path": str(path),
                    "events": len(entries),
                    "seconds": time.monotonic() - started,
                },
            )
        return handled

    def drain(self) -> None:
        """At stop: let acked events finish their handling, then close the journal."""
        self._pool.shutdown(wait=True)
        self.journal.close()
