"""Socket Mode with journal-then-ack for messages (bot/slack/journal.py).

A `message` or `app_mention` envelope is taken off the socket by the thread that read it (not
slack_sdk's queue and worker pool: every hand-off between threads waits for the interpreter lock
behind the reply threads), and one acking thread appends everything taken since its last turn to
this process's journal with one write and one fsync, then acks each. What is journalled is the
event as handling reads it, its text redacted first (`inbound.journal_copy`, in
`JournalledIntake.accept`): no raw text is ever written to disk. The event is then handed
to Bolt on a small pool (`journal.JournalledIntake`, which HTTP mode on SQLite uses too), where
the listener stores it and queues its answer. The bot's own posts
and reactions, which come back as events Bolt ignores anyway, are acked the same way and go no
further. An event whose handling fails stays in the
journal and is handled again by `retry` (a periodic job); a dead process's journal is handled by
the next start on the host (`replay_orphans`), before it connects. Intake's dedupe (event id,
channel+ts) makes any second handling a no-op, so each message is stored and answered once.

Everything else (slash commands, buttons, reactions, App Home) goes through Bolt's handler as
before: its ack can carry a response body, and it is acked after the listener ran.
"""

from __future__ import annotations

import json
import logging
import queue
import threading
from collections.abc import Callable
from typing import Any

from slack_bolt import App
from slack_bolt.adapter.socket_mode import SocketModeHandler
from slack_sdk.socket_mode.builtin import SocketModeClient
from slack_sdk.socket_mode.request import SocketModeRequest

from bot.slack.journal import (
    JournalledIntake,
    JournalStore,
    ignored_self_event,
    journalled,
    own_event,
)

log = logging.getLogger(__name__)
RECEIVE_BUFFER_BYTES = 16 * 1024
__all__ = ["JournalledSocketModeHandler", "ignored_self_event", "journalled", "own_event"]


def ack_text(envelope_id: str) -> str:
    """The ack slack_sdk's `send_socket_mode_response(SocketModeResponse(envelope_id))` sends
    (`json.dumps` of `{"envelope_id": …}`), without building the response object and its dict
    (~15 k instructions an ack; tests/bot/slack/test_socket_intake.py holds it to the SDK's)."""
    return '{"envelope_id": ' + json.dumps(envelope_id) + "}"


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
        journal: JournalStore,
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
        self.intake = JournalledIntake(app, journal)
        self.journal = journal
        self.own = own  # the bot's user id and bot id: its own posts are not journalled
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
            events = [(envelope_id, p, raw) for envelope_id, p, raw in batch if p is not None]
            try:
                entries = self.intake.accept([p for _, p, _ in events])
            except OSError as exc:  # a full or read-only disk: ack only after the store
                log.error("journal write failed (%s); acking after the store instead", exc)
                for _, _, raw in events:
                    SocketModeClient.enqueue_message(self.client, raw)
                batch = [item for item in batch if item[1] is None]
                entries = []
            for envelope_id, _, _ in batch:
                self._ack(envelope_id)
            self.intake.handle_later(entries)

    def _ack(self, envelope_id: str) -> None:
        try:
            self.client.send_message(ack_text(envelope_id))
        except Exception as exc:  # the connection dropped: Slack redelivers what it did not get
            log.warning("could not ack an envelope: %s", exc)

    def handle(self, client: SocketModeClient, req: SocketModeRequest) -> None:  # type: ignore[override]
        """Everything `take` left (and messages the journal could not hold): as Bolt does it."""
        super().handle(client, req)

    def retry(self, older_than: float = 30.0) -> int:
        """Handle again this process's events whose handling failed; how many are now done."""
        return self.intake.retry(older_than)

    def replay_orphans(self) -> int:
        """Handle the events in journals of processes that died (same host); how many."""
        return self.intake.replay_orphans()

    def drain(self) -> None:
        """At stop: let acked events finish their handling, then close the journal."""
        self._taken.put(None)
        self._acker.join(timeout=10)
        self.intake.drain()
