"""What one answered message costs the database, counted by SQLAlchemy event hooks on the real
daemon (Bolt, slack_sdk and the anthropic SDK over loopback, SQLite): a handful of prebuilt
statements in three writing transactions (the store before the ack, the answer before its post,
the posted reply), and the claim only reads."""

from __future__ import annotations

import threading
import time
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import event

from bot.doubles.stack import LocalStack
from store.models import Message, ReplyState

ALICE = "U0ALICE"


class Counts:
    """Statements and transactions (writing ones apart) on an engine, while `on`."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.on = False
        self.statements: list[str] = []
        self.transactions = 0
        self.writing = 0

    def begin(self, conn: Any) -> None:
        conn.info["test_wrote"] = False
        if self.on:
            with self.lock:
                self.transactions += 1

    def statement(self, conn: Any, _cursor: Any, sql: str, *_args: Any) -> None:
        if not self.on:
            return
        with self.lock:
            self.statements.append(" ".join(sql.split()[:4]))
            if sql.lstrip()[:6].upper() in ("INSERT", "UPDATE", "DELETE"):
                if not conn.info.get("test_wrote"):
                    conn.info["test_wrote"] = True
                    self.writing += 1


@pytest.mark.parametrize("mode", ["socket", "http"])
def test_an_answered_message_costs_few_statements_in_three_writes(
    tmp_path: Path, mode: str
) -> None:
    with LocalStack(tmp_path / "data", mode=mode) as stack:
        stack.slack.add_user(ALICE, "alice")
        first = stack.slack.user_dm(ALICE, "hello there")
        stack.slack.wait_for_call(
            "chat.postMessage", lambda c: c.params.get("thread_ts") == first["ts"], timeout=15
        )
        assert stack.bot.engine.wait_idle(10)
        time.sleep(0.3)
        store = stack.bot.store
        assert store is not None
        counts = Counts()
        event.listen(store.engine, "begin", counts.begin)
        event.listen(store.engine, "before_cursor_execute", counts.statement)
        counts.on = True
        second = stack.slack.user_dm(ALICE, "and a second question, please")
        stack.slack.wait_for_call(
            "chat.postMessage", lambda c: c.params.get("thread_ts") == second["ts"], timeout=15
        )
        assert stack.bot.engine.wait_idle(10)
        time.sleep(0.3)
        counts.on = False
        with store.sessions() as db:
            row = db.query(Message).filter(Message.ts == second["ts"]).one()
            assert row.reply_state == ReplyState.ANSWERED and row.reply_owner is None
            assert row.reply_attempts == 1  # claimed once, at the intake
        # The intake (dedupe, session, message), the claim's reads (session, transcript, the
        # stall guard's events), the answer stored (ledger, message), the reply recorded
        # (reply, message, session): 12. The session's context is cached after its first reply.
        assert counts.writing == 3, counts.statements
        assert len(counts.statements) <= 12, counts.statements
        assert counts.transactions <= 4, "\n".join([str(counts.transactions), *counts.statements])
