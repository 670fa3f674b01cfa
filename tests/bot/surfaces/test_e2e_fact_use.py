"""A 👍 on a reply reinforces the facts that reply used, through the local Slack workspace and the
real Bolt app: the session records which facts its context carried, a preview records nothing, a
👎 reinforces nothing, a 👍 only the fact the answer repeats, a change of mind takes it back, and
forgetting everything leaves no record of the contexts."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from datetime import UTC, datetime
from pathlib import Path

import pytest
from sqlalchemy import select
from typer.testing import CliRunner

from bot.cli import app
from bot.doubles.stack import LocalStack
from bot.home.user import FORGET_ALL
from store.db import Store
from store.models import AuditEvent, FactInjection, MemoryEntry, ReplyFeedback
from tests.support.lesson_helpers import add_fact

OWNER = "U0OWNER"
ALICE = "U0ALICE"
QUESTION = "Which Postgres version does staging run?"
ANSWER = "Staging runs Postgres 15, on the host pgstage-east."
USED = "The staging database runs Postgres 15 on host pgstage-east."
NAMED = "Staging Postgres upgrades need a ticket for the change advisory board."


@pytest.fixture
def stack(tmp_path: Path) -> Iterator[LocalStack]:
    s = LocalStack(tmp_path / "data", owner=OWNER).start()
    s.slack.add_user(ALICE, "alice")
    try:
        yield s
    finally:
        s.stop()


def store_of(stack: LocalStack) -> Store:
    store = stack.bot.store
    assert store is not None
    return store


def eventually(check: Callable[[], bool], timeout: float = 15.0) -> None:
    deadline = time.monotonic() + timeout
    while not check():
        if time.monotonic() > deadline:
            raise AssertionError("condition not reached in time")
        time.sleep(0.05)


def injections(stack: LocalStack) -> list[tuple[int, str | None]]:
    with store_of(stack).sessions() as db:
        rows = db.scalars(select(FactInjection).order_by(FactInjection.fact_id))
        return [(r.fact_id, r.used_reply_ts) for r in rows]


def accesses(stack: LocalStack, fact_id: int) -> int:
    with store_of(stack).sessions() as db:
        row = db.get(MemoryEntry, fact_id)
        assert row is not None
        return row.access_count


def ratings(stack: LocalStack) -> list[str]:
    with store_of(stack).sessions() as db:
        return list(db.scalars(select(ReplyFeedback.rating)))


def audited(stack: LocalStack, action: str) -> int:
    with store_of(stack).sessions() as db:
        return len(db.scalars(select(AuditEvent).where(AuditEvent.action == action)).all())


def test_a_thumbs_up_reinforces_the_fact_the_reply_used_and_nothing_else(
    stack: LocalStack,
) -> None:
    now = datetime.now(UTC)
    with store_of(stack).sessions.begin() as db:
        used, named = (
            add_fact(db, t, scope_kind="user", scope_id=ALICE, now=now, author_id=ALICE).id
            for t in (USED, NAMED)
        )
    # A preview of the context Alice would get records nothing and touches no fact.
    env = {
        "SESHAT_DATA_DIR": str(stack.bot.settings.data_dir),
        "DATABASE_URL": stack.bot.settings.effective_database_url,
        "SESHAT_ENV_FILE": str(stack.data_dir / "none.env"),
    }
    dm = stack.slack.dm_channel(ALICE)
    shown = CliRunner().invoke(
        app, ["context", "--user", ALICE, "--channel", dm, "--text", QUESTION], env=env
    )
    assert shown.exit_code == 0 and "pgstage-east" in shown.stdout
    assert injections(stack) == [] and accesses(stack, used) == 0

    stack.anthropic.script(ANSWER)
    asked = stack.slack.user_dm(ALICE, QUESTION)
    call = stack.slack.wait_for_call(
        "chat.postMessage", lambda c: c.params.get("thread_ts") == asked["ts"], timeout=15
    )
    assert stack.bot.wait_idle(30)
    channel, ts = call.response["channel"], call.response["ts"]
    # The session's context carried both facts; being selected reinforced neither.
    assert injections(stack) == [(used, None), (named, None)]
    assert (accesses(stack, used), accesses(stack, named)) == (0, 0)

    stack.slack.click_feedback(ALICE, channel, ts, "negative")
    eventually(lambda: ratings(stack) == ["negative"])
    assert injections(stack) == [(used, None), (named, None)]  # a 👎 reinforces nothing

    # She changes her mind: the fact the answer repeats is reinforced, the one it only named
    # in the question's words is not.
    stack.slack.click_feedback(ALICE, channel, ts, "positive")
    eventually(lambda: injections(stack) == [(used, ts), (named, None)])
    assert (accesses(stack, used), accesses(stack, named)) == (1, 0)
    assert audited(stack, "fact.reinforced") == 1

    # And back: the reinforcement is taken back.
    stack.slack.click_feedback(ALICE, channel, ts, "negative")
    eventually(lambda: injections(stack) == [(used, None), (named, None)])
    assert accesses(stack, used) == 0
    assert audited(stack, "fact.reinforcement_withdrawn") == 1

    # Forgetting everything leaves no record of which contexts her facts were in.
    stack.slack.click_feedback(ALICE, channel, ts, "positive")
    eventually(lambda: injections(stack) == [(used, ts), (named, None)])
    confirm = stack.slack.slash_command(ALICE, dm, "/seshat", "forget")
    assert confirm is not None
    mark = stack.slack.mark()
    stack.slack.click_ephemeral_button(ALICE, dm, confirm["blocks"], FORGET_ALL)
    stack.slack.wait_for_call(
        "chat.postEphemeral", lambda c: c.params.get("user") == ALICE, timeout=15, after=mark
    )
    eventually(lambda: injections(stack) == [])
    with store_of(stack).sessions() as db:
        assert db.get(MemoryEntry, used) is None
        receipt = db.scalars(select(AuditEvent).where(AuditEvent.action == "forget.receipt")).one()
    assert receipt.detail["counts"]["fact_injection"] == 2
