"""Socket Mode with journal-then-ack for messages (bot/slack/journal.py).

A `message` or `app_mention` envelope is taken off the socket by the thread that read it (not
slack_sdk's queue and worker pool: every hand-off between threads waits for the interpreter lock
behind the reply threads), and one acking thread appends everything taken since its last turn to
this process's journal with one write and one fsync, then acks each. What is journalled is the
event as handling reads it, its text redacted first (`inbound.journal_copy`, ~0.1-0.3 ms for a
chat message, ~7 ms for 4,000 characters): no raw text is ever written to disk. The event is
then handed to Bolt on a small pool, where the listener stores it and queues its answer. The
bot's own posts and reactions, which come back as events Bolt ignores anyway, are acked the same
way and go no further. An event whose handling fails stays in the journal and is handled again
by `retry` (a periodic job); a dead process's journal is handled by the next start on the host
(`replay_orphans`), before it connects. Intake's dedupe (event id, channel+ts) makes any second
handling a no-op, so each message is stored and answered once.

Everything else (slash commands, buttons, reactions, App Home) goes through Bolt's handler as
before: its ack can carry a response body, and it is acked after the listener ran.
"""

from __future__ import annotations

import json
import logging
import queue
import threading
import time
from collections.abc import Callable
from typing import Any

from slack_bolt import App
from slack_bolt.adapter.socket_mode import SocketModeHandler
from slack_bolt.request import BoltRequest
from slack_sdk.socket_mode.builtin import SocketModeClient
from slack_sdk.socket_mode.request import SocketModeRequest
from slack_sdk.socket_mode.response import SocketModeResponse

from bot.slack.inbound import journal_copy
from bot.slack.journal import Entry, Journal

log = logging.getLogger(__name__)
JOURNALLED_EVENTS = ("message", "app_mention")
# Handlers of acked events at once (CPU work on the interpreter lock, writes on one SQLite
# writer: more would only add threads competing for the lock the acks need).
DISPATCHERS = 4
RECEIVE_BUFFER_BYTES = 16 * 1024
# Events about the bot itself that Bolt still hands to listeners (its IgnoringSelfEvents rule).
SELF_EVENTS_KEPT = ("member_joined_channel", "member_left_channel")


def own_event(event: dict[str, Any], own: tuple[str | None, str | None]) -> bool:
    """Is this event the bot's own doing (`own`: its user id and bot id)?"""
    user_id, bot_id = own
    return (user_id is not None and event.get("user") == user_id) or (
        bot_id is not None and event.get("bot_id") == bot_id
    )


def journalled(payload: Any, own: tuple[str | None, str | None] = (None, None)) -> bool:
    """Is this an Events API payload whose message we store (and so journal)? Not the bot's
    own posts, which come back as events and are dropped."""
    if not isinstance(payload, dict):
        return False
    event = payload.get("event")
    if not isinstance(event, dict) or event.get("type") not in JOURNALLED_EVENTS:
        return False
    return not own_event(event, own)


def ignored_self_event(payload: Any, own: tuple[str | None, str | None]) -> bool:
    """An event about the bot's own post or reaction, which no listener handles."""
    event = payload.get("event") if isinstance(payload, dict) else None
    return (
        isinstance(event, dict)
        and event.get("type") not in SELF_EVENTS_KEPT
        and own_event(event, own)
    )


class AckingSocketModeClient(SocketModeClient):
    """slack_sdk's Socket Mode client whose receiving thread may take a message itself: `take`
    returns True when it handled (and acked) the raw frame, which then skips the queue."""

    take: Callable[[str], bool] | None = None

    def enqueue_message(self, message: str) -> None:
        if self.take is not None and self.take(message):
            return
        super().enqueue_message(message)


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
        # Bolt's handler, with the client built here (the same arguments Bolt passes) so that
        # its receiving thread can ack messages itself.
        self.app = app
        self.app_token = app_token
        self.client = AckingSocketModeClient(
            app_token=app_token,
            logger=app.logger,
            web_client=app.client,
            proxy=app.client.proxy,
            ping_interval=ping_interval,
            # slack_sdk reads 1 KB per recv by default: an event took two or three, each one
            # giving the interpreter lock away and waiting for it again behind the reply
            # threads. 16 KB takes a burst of events in a few reads (frames in one read are
            # parsed recursively, so not much more).
            receive_buffer_size=RECEIVE_BUFFER_BYTES,
        )
        self.client.socket_mode_request_listeners.append(self.handle)  # type: ignore[arg-type]
        self.client.take = self.take
        self.journal = journal
        self.own = own  # the bot's user id and bot id: its own posts are not journalled
        # Acked events wait here for a dispatcher (a C-level queue: handing one over never
        # blocks the acking thread, unlike an executor's submit). None stops a dispatcher.
        self._acked: queue.SimpleQueue[Entry | None] = queue.SimpleQueue()
        self._dispatchers = [
            threading.Thread(target=self._dispatch_loop, name=f"seshat-intake_{i}", daemon=True)
            for i in range(DISPATCHERS)
        ]
        for thread in self._dispatchers:
            thread.start()
        # (envelope id, payload or None for an ack only, the raw frame); None stops the acker.
        self._taken: queue.SimpleQueue[tuple[str, dict[str, Any] | None, str] | None]
        self._taken = queue.SimpleQueue()
        self._acker = threading.Thread(target=self._ack_loop, name="seshat-ack", daemon=True)
        self._acker.start()

    def take(self, raw: str) -> bool:
        """On the receiving thread: take a message (to journal and ack) or an event about the
        bot itself (to ack and drop); False for everything else (and anything odd), which goes
        through slack_sdk's queue to `handle`."""
        try:
            envelope = json.loads(raw) if raw.startswith("{") else None
        except ValueError:
            return False
        if not isinstance(envelope, dict) or envelope.get("type") != "events_api":
            return False
        envelope_id, payload = envelope.get("envelope_id"), envelope.get("payload")
        if not isinstance(envelope_id, str) or not isinstance(payload, dict):
            return False
        if ignored_self_event(payload, self.own):
            self._taken.put((envelope_id, None, raw))
            return True
        if not journalled(payload, self.own):
            return False
        self._taken.put((envelope_id, payload, raw))
        return True

    def _ack_loop(self) -> None:
        """Journal what was taken (one write, one fsync per turn), ack it, hand it to Bolt."""
        while True:
            first = self._taken.get()
            if first is None:
                return
            batch = [first]
            while True:
                try:
                    item = self._taken.get_nowait()
                except queue.Empty:
                    break
                if item is None:
                    self._taken.put(None)  # stop after this turn
                    break
                batch.append(item)
            # What is journalled (and then handled) is the event with its text redacted
            # (`journal_copy`): raw text never reaches the disk. It is also what intake would
            # store, so a replay after a crash stores and answers the same.
            events = [
                (envelope_id, journal_copy(p), raw)
                for envelope_id, p, raw in batch
                if p is not None
            ]
            try:
                seqs = self.journal.append_many([p for _, p, _ in events])
            except OSError as exc:  # a full or read-only disk: ack only after the store
                log.error("journal write failed (%s); acking after the store instead", exc)
                for _, _, raw in events:
                    SocketModeClient.enqueue_message(self.client, raw)
                batch = [item for item in batch if item[1] is None]
                events, seqs = [], []
            for envelope_id, _, _ in batch:
                self._ack(envelope_id)
            for (_, payload, _), seq in zip(events, seqs, strict=True):
                self._acked.put(Entry(seq, payload))

    def _dispatch_loop(self) -> None:
        while (entry := self._acked.get()) is not None:
            try:
                self._dispatch(entry)
            except Exception:  # _handled logs its own failures; this is a bug: keep going
                log.exception("dispatching a journalled event failed; it is retried")

    def _ack(self, envelope_id: str) -> None:
        try:
            self.client.send_socket_mode_response(SocketModeResponse(envelope_id=envelope_id))
        except Exception as exc:  # the connection dropped: Slack redelivers what it did not get
            log.warning("could not ack an envelope: %s", exc)

    def handle(self, client: SocketModeClient, req: SocketModeRequest) -> None:  # type: ignore[override]
        """Everything `take` left (and messages the journal could not hold): as Bolt does it."""
        super().handle(client, req)

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
        self._taken.put(None)
        self._acker.join(timeout=10)
        for _ in self._dispatchers:
            self._acked.put(None)
        for thread in self._dispatchers:
            thread.join(timeout=30)
        self.journal.close()
