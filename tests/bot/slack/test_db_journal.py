"""The delivery journal in the database (bot/slack/journal.py `DbJournal`, HTTP mode on
PostgreSQL): the ack follows one committed INSERT and comes before the handling; a process that
dies between its ack and the store loses nothing (another one takes its rows over and stores the
message); each message is stored once. On SQLite and PostgreSQL (skipped, saying why, when no
server answers)."""

from __future__ import annotations

import subprocess
import sys
import threading
import time
from datetime import UTC, datetime, timedelta
from typing import Any

from slack_bolt import App
from slack_bolt.authorization import AuthorizeResult
from slack_sdk import WebClient
from sqlalchemy import func, select

from bot.chat.intake import Intake
from bot.slack.inbound import journal_copy, normalise_message
from bot.slack.journal import DbJournal, JournalledIntake
from store import intake_journal
from store.clock import FakeClock
from store.db import Store
from store.leases import PROCESS
from store.models import IntakeJournalRow, Message


def _message(ts: str, user: str = "U1", text: str = "hi there") -> dict[str, Any]:
    return {
        "type": "event_callback",
        "team_id": "T1",
        "event_id": f"Ev{ts.replace('.', '')}",
        "event": {
            "type": "message",
            "channel_type": "im",
            "user": user,
            "text": text,
            "channel": "D1",
            "ts": ts,
            "team": "T1",
        },
    }


def _app(listener: Any) -> App:
    app = App(
        signing_secret="unused",
        client=WebClient(token="xoxb-test", base_url="http://127.0.0.1:9/"),
        authorize=lambda **_: AuthorizeResult(
            enterprise_id=None, team_id="T1", bot_token="xoxb-test", bot_user_id="UBOT"
        ),
        process_before_response=True,
        request_verification_enabled=False,
    )
    app.event("message")(listener)
    return app


def _storing_app(store: Store, stored: list[str | None]) -> App:
    """A real Bolt app whose listener runs Seshat's intake (dedupe, session, message row)."""
    intake = Intake(store, FakeClock())

    def listener(event: dict[str, Any], body: dict[str, Any]) -> None:
        message = normalise_message(event, body, bot_user_id="UBOT", bot_id=None)
        assert message is not None
        stored.append(intake.intake(message))

    return _app(listener)


def _rows(store: Store) -> list[tuple[str, str]]:
    with store.engine.connect() as conn:
        t = IntakeJournalRow.__table__
        return [(r.owner, r.payload) for r in conn.execute(select(t.c.owner, t.c.payload))]


def _messages(store: Store, ts: str) -> int:
    with store.sessions() as db:
        return int(db.scalar(select(func.count()).where(Message.ts == ts)) or 0)


def test_the_ack_follows_the_commit_and_comes_before_the_handling(store: Store) -> None:
    release = threading.Event()
    handled: list[str] = []

    def listener(event: dict[str, Any]) -> None:
        release.wait(10)
        handled.append(event["ts"])

    intake = JournalledIntake(_app(listener), DbJournal.for_store(store))
    try:
        entries = intake.accept([_message("1.1", text="call me at +1 415 555 0100")])
        # accept() returned: this is where the HTTP edge acks. The row is committed (another
        # connection sees it, its text redacted), and nothing was handled yet.
        rows = _rows(store)
        assert [owner for owner, _ in rows] == [PROCESS]
        assert "555 0100" not in rows[0][1]
        intake.handle_later(entries)
        time.sleep(0.2)
        assert handled == []
        release.set()
        deadline = time.monotonic() + 10
        while (_rows(store) or not handled) and time.monotonic() < deadline:
            time.sleep(0.02)
        assert handled == ["1.1"]
        assert _rows(store) == []  # handled: the row is gone
    finally:
        release.set()
        intake.drain()


# A process that journals (and so would ack) a message, then dies before handling it.
DIES_AFTER_THE_ACK = """
import os, sys
from bot.slack.inbound import journal_copy
from bot.slack.journal import DbJournal
from store.db import Store
store = Store.open(sys.argv[1])
payload = {"type": "event_callback", "team_id": "T1", "event_id": "Ev77",
           "event": {"type": "message", "channel_type": "im", "user": "U1",
                     "text": "left behind", "channel": "D1", "ts": "7.7", "team": "T1"}}
DbJournal.for_store(store).append_many([journal_copy(payload)])
os._exit(0)
"""


def test_a_crash_between_the_ack_and_the_store_loses_nothing_and_stores_once(
    store: Store, db_url: str
) -> None:
    subprocess.run([sys.executable, "-c", DIES_AFTER_THE_ACK, db_url], check=True, timeout=120)
    assert len(_rows(store)) == 1 and _messages(store, "7.7") == 0
    stored: list[str | None] = []
    intake = JournalledIntake(_storing_app(store, stored), DbJournal.for_store(store))
    try:
        # Its owner's pid is gone from this host: taken over at once, stored, the row deleted.
        assert intake.replay_orphans() == 1
        assert _messages(store, "7.7") == 1 and _rows(store) == []
        assert intake.replay_orphans() == 0
        # Slack delivers it again (it may: the dead process's ack may not have reached it):
        # acked and handled, and intake's dedupe on the event id stores nothing twice.
        intake.handle_later(intake.accept([_message("7.7", text="left behind")]))
        deadline = time.monotonic() + 10
        while len(stored) < 2 and time.monotonic() < deadline:
            time.sleep(0.02)
        assert stored[1] is None  # the duplicate
        assert _messages(store, "7.7") == 1
        while _rows(store) and time.monotonic() < deadline:
            time.sleep(0.02)  # handled rows go in groups, within DELETE_AFTER_SECONDS
        assert _rows(store) == []
    finally:
        intake.drain()


def test_a_live_replicas_rows_wait_for_its_lease_and_are_then_taken_once(store: Store) -> None:
    now = datetime.now(UTC)
    other = "another-host:4242:feedbeef"  # another host: judged by its lease only
    row = intake_journal.row(
        "another-host/1", journal_copy(_message("8.8")), now=now, until=now + timedelta(minutes=2)
    )
    row["owner"] = other
    with store.engine.begin() as conn:
        intake_journal.append(conn, [row])
    stored: list[str | None] = []
    early = DbJournal(store.engine)
    intake = JournalledIntake(_storing_app(store, stored), early)
    try:
        assert intake.replay_orphans() == 0  # its lease holds
        assert [owner for owner, _ in _rows(store)] == [other]
        late = DbJournal(store.engine, wall=lambda: now + timedelta(minutes=3))
        # Two takers at once (as two replicas would): the row moves to exactly one.
        with store.engine.begin() as conn:
            taken = intake_journal.take_over(
                conn, now=now + timedelta(minutes=3), until=now + timedelta(minutes=5)
            )
        with store.engine.begin() as conn:
            again = intake_journal.take_over(
                conn, now=now + timedelta(minutes=3), until=now + timedelta(minutes=5)
            )
        assert [k for k, _ in taken] == ["another-host/1"] and again == []
        # Now held by this process: its own leases are renewed, not taken over.
        assert list(late.orphans()) == []
    finally:
        intake.drain()


def test_forget_deletes_a_persons_waiting_rows(store: Store) -> None:
    journal = DbJournal.for_store(store)
    journal.append_many([journal_copy(_message("9.1", user="U0ALICE", text="CANARY-7"))])
    journal.append_many([journal_copy(_message("9.2", user="U0BOB", text="bob's"))])
    with store.engine.begin() as conn:
        assert intake_journal.holding(conn, "CANARY-7") == 1
        assert intake_journal.forget_user(conn, "U0ALICE") == 1
    with store.engine.connect() as conn:
        assert intake_journal.holding(conn, "CANARY-7") == 0
        assert intake_journal.holding(conn, "bob's") == 1
    journal.close()


def test_a_bursts_acks_share_an_insert_and_its_handled_rows_share_a_delete(store: Store) -> None:
    from sqlalchemy import event

    journal = DbJournal(store.engine, delete_after=1.0)
    statements: list[str] = []

    def seen(_conn: Any, _cursor: Any, sql: str, *_: Any) -> None:
        statements.append(sql.split(" ", 1)[0])

    event.listen(store.engine, "before_cursor_execute", seen)
    try:
        seqs = journal.append_many([journal_copy(_message(f"5.{i}")) for i in range(5)])
        assert statements.count("INSERT") == 1 and len(_rows(store)) == 5
        for seq in seqs:
            journal.done(seq)
        assert len(_rows(store)) == 5  # not yet: the group's DELETE comes a moment later
        deadline = time.monotonic() + 5
        while _rows(store) and time.monotonic() < deadline:
            time.sleep(0.02)
        assert _rows(store) == [] and statements.count("DELETE") == 1
    finally:
        event.remove(store.engine, "before_cursor_execute", seen)
        journal.close()
