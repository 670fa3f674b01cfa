"""What Seshat remembers about a person, and a real forget, through the local Slack workspace.

The daemon runs against the Slack and Anthropic doubles; everything is real below that (Bolt,
slack_sdk, SQLite files, the writers). A unique canary word in one person's messages and in
what was learned from them must be findable before the forget and nowhere afterwards: not in
the database rows, the raw SQLite file and its WAL, MEMORY.md/USER.md, the lesson matrix, the
next session's context, any file under the data dir, after a restart, or after a reflection of
an older session.
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import select

from bot.doubles.stack import LocalStack
from bot.home.user import FORGET_ALL, FORGET_ITEM, MEMORY_PAGE
from store.models import AuditEvent, MemoryEntry, Observation, ReviewItem, Tombstone
from writers.notes import facts

OWNER = "U0OWNER"
ALICE = "U0ALICE"
BOB = "U0BOB"
CANARY = "quokkaledger"
WALRUS = "walrusbook"
ALICE_FACT = f"Keeps the {CANARY} budget sheet."


def alice_reflection() -> str:
    return json.dumps(
        {
            "outcome": "failure",
            "what_worked": "",
            "what_didnt": "The export kept failing.",
            "should_skill": False,
            "memory_notes": [ALICE_FACT],
            "persona_observations": [f"Likes {CANARY} summaries."],
            "next_check_at": None,
            "user_model_updates": [
                {"user_id": ALICE, "observations": [f"Works {CANARY} night shifts."]}
            ],
            "lessons": [
                {
                    "condition": f"When the {CANARY} export fails halfway",
                    "action": "Re-run it with the resume flag.",
                    "rationale": "The export is resumable.",
                    "task_type": "general",
                }
            ],
        }
    )


def plain_reflection(notes: list[str], about: dict[str, list[str]]) -> str:
    return json.dumps(
        {
            "outcome": "success",
            "what_worked": "Answered.",
            "what_didnt": "",
            "should_skill": False,
            "memory_notes": notes,
            "persona_observations": [],
            "next_check_at": None,
            "user_model_updates": [{"user_id": u, "observations": o} for u, o in about.items()],
            "lessons": [],
        }
    )


def start(data: Path) -> LocalStack:
    stack = LocalStack(data, owner=OWNER).start()
    stack.slack.add_user(ALICE, "alice")
    stack.slack.add_user(BOB, "bob")
    return stack


@pytest.fixture
def stack(tmp_path: Path) -> Iterator[LocalStack]:
    s = start(tmp_path / "data")
    try:
        yield s
    finally:
        s.stop()


def chat(stack: LocalStack, user: str, text: str, reflection: str | None) -> str:
    """A DM session; ended with /done (and reflected) when `reflection` is given. Its channel."""
    stack.anthropic.script("Noted.", *([reflection] if reflection else []))
    mark = stack.slack.mark()
    msg = stack.slack.user_dm(user, text)
    stack.slack.wait_for_call(
        "chat.postMessage", lambda c: c.params.get("thread_ts") == msg["ts"], timeout=15, after=mark
    )
    if reflection:
        stack.slack.slash_command(user, msg["channel"], "/done")
    assert stack.bot.wait_idle(60)
    return str(msg["channel"])


def seed(stack: LocalStack) -> None:
    """Alice and Bob each have a reflected session; the owner saves Alice's persona line."""
    chat(stack, ALICE, f"How do I fix the {CANARY} export?", alice_reflection())
    chat(stack, BOB, f"Where are the {WALRUS} notes?", plain_reflection([f"Uses {WALRUS}."], {}))
    store = stack.bot.store
    assert store is not None
    with store.sessions() as db:
        persona = db.scalars(select(ReviewItem).where(ReviewItem.kind == "persona")).one()
    mark = stack.slack.mark()
    stack.slack.user_reacts(OWNER, str(persona.card_channel), str(persona.card_ts), "brain")
    stack.slack.wait_for_call(
        "chat.update", lambda c: c.params.get("ts") == persona.card_ts, timeout=15, after=mark
    )
    assert CANARY in (stack.bot.settings.data_dir / "USER.md").read_text()


def home(stack: LocalStack, user: str) -> dict[str, Any]:
    mark = stack.slack.mark()
    stack.slack.open_app_home(user)
    call = stack.slack.wait_for_call(
        "views.publish", lambda c: c.params.get("user_id") == user, timeout=15, after=mark
    )
    view = call.params["view"]
    return view if isinstance(view, dict) else json.loads(view)


def assert_within_limits(view: dict[str, Any]) -> None:
    blocks = view["blocks"]
    assert len(blocks) <= 100 and len(json.dumps(view)) < 250_000
    for block in blocks:
        if block.get("type") == "section":
            assert len(block["text"]["text"]) <= 3000
        accessory = block.get("accessory")
        if accessory and accessory.get("action_id") == FORGET_ITEM:
            assert set(accessory["confirm"]) >= {"title", "text", "confirm", "deny"}


def on_disk(data: Path, needle: str) -> list[str]:
    """Every file under `data` whose bytes hold `needle` (SQLite file and WAL included)."""
    return [
        str(p.relative_to(data))
        for p in data.rglob("*")
        if p.is_file() and needle.encode() in p.read_bytes()
    ]


def context_text(stack: LocalStack, channel: str) -> str:
    built = stack.bot.context.assemble(
        user_id=ALICE, channel=channel, first_text=f"the {CANARY} export", session_id=None
    )
    return repr(built.parts)


def test_everyone_sees_only_their_own_and_forgets_one_item(stack: LocalStack) -> None:
    seed(stack)
    alice, bob = home(stack, ALICE), home(stack, BOB)
    for view in (alice, bob):
        assert_within_limits(view)
    text_a, text_b = json.dumps(alice), json.dumps(bob)
    assert CANARY in text_a and WALRUS not in text_a
    assert WALRUS in text_b and CANARY not in text_b
    assert FORGET_ALL in text_a and "What Seshat remembers" in text_a
    store = stack.bot.store
    assert store is not None
    with store.sessions() as db:
        fact = db.scalars(
            select(MemoryEntry).where(
                MemoryEntry.author_id == ALICE, MemoryEntry.category != "episode"
            )
        ).one()
    assert f"fact:{fact.id}" in text_a and "from session" in text_a

    # Bob crafts a click on his own Home forgetting Alice's fact: nothing changes, it is audited.
    mark = stack.slack.mark()
    stack.slack.click_home_button(BOB, FORGET_ITEM, value=f"fact:{fact.id}")
    # Bob's Home is refreshed after the refusal is audited (the click runs after the ack).
    stack.slack.wait_for_call(
        "views.publish", lambda c: c.params.get("user_id") == BOB, timeout=15, after=mark
    )
    with store.sessions() as db:
        assert db.get(MemoryEntry, fact.id) is not None
        refused = db.scalars(select(AuditEvent).where(AuditEvent.action == "forget.refused")).one()
    assert refused.actor == BOB and refused.target_id == f"fact:{fact.id}"

    # Alice forgets that one fact from her Home: gone, a DM receipt, her Home refreshed.
    mark = stack.slack.mark()
    stack.slack.click_home_button(ALICE, FORGET_ITEM, value=f"fact:{fact.id}")
    receipt = stack.slack.wait_for_call(
        "chat.postMessage", lambda c: "I forgot" in str(c.params.get("text")), after=mark
    )
    refreshed = stack.slack.wait_for_call(
        "views.publish", lambda c: c.params.get("user_id") == ALICE, after=mark
    )
    assert CANARY not in str(receipt.params.get("text"))
    assert receipt.params["channel"] == stack.slack.dm_channel(ALICE)
    assert f"fact:{fact.id}" not in json.dumps(refreshed.params["view"])
    with store.sessions() as db:
        assert db.get(MemoryEntry, fact.id) is None
        assert db.scalars(select(Observation).where(Observation.subject == ALICE)).all()


def test_slash_commands(stack: LocalStack) -> None:
    seed(stack)
    dm = stack.slack.dm_channel(ALICE)
    helped = stack.slack.slash_command(ALICE, dm, "/seshat", "help")
    assert helped is not None and "/seshat memory" in json.dumps(helped)
    mine = stack.slack.slash_command(ALICE, dm, "/seshat", "memory")
    theirs = stack.slack.slash_command(BOB, stack.slack.dm_channel(BOB), "/seshat", "memory")
    assert CANARY in json.dumps(mine) and WALRUS not in json.dumps(mine)
    assert CANARY not in json.dumps(theirs)
    assert mine is not None and len(mine["blocks"]) <= 50
    confirm = stack.slack.slash_command(ALICE, dm, "/seshat", "forget")
    assert confirm is not None
    [button] = [e for b in confirm["blocks"] if b["type"] == "actions" for e in b["elements"]]
    assert button["action_id"] == FORGET_ALL and "confirm" in button
    one = stack.slack.slash_command(ALICE, dm, "/seshat", "forget note:999999")
    assert one is not None and "note:999999" in json.dumps(one)
    # Confirming in the ephemeral message forgets everything about the clicker only.
    mark = stack.slack.mark()
    stack.slack.click_ephemeral_button(ALICE, dm, confirm["blocks"], FORGET_ALL)
    told = stack.slack.wait_for_call(
        "chat.postEphemeral", lambda c: c.params.get("user") == ALICE, timeout=15, after=mark
    )
    assert "everything" in str(told.params.get("text"))
    assert "I keep nothing" in json.dumps(stack.slack.slash_command(ALICE, dm, "/seshat", "memory"))
    assert WALRUS in json.dumps(
        stack.slack.slash_command(BOB, stack.slack.dm_channel(BOB), "/seshat", "memory")
    )
    # /done still works; an unknown command names the ones that exist.
    assert "nothing to end" in json.dumps(stack.slack.slash_command(ALICE, dm, "/done"))
    assert "/seshat help" in json.dumps(stack.slack.slash_command(ALICE, dm, "/nope"))


def test_forget_everything_leaves_no_trace_and_stays_gone(tmp_path: Path) -> None:
    data = tmp_path / "data"
    stack = start(data)
    try:
        seed(stack)
        alice_dm = stack.slack.dm_channel(ALICE)
        runtime = stack.bot.runtime
        assert runtime is not None and stack.bot.store is not None
        store = stack.bot.store
        with store.sessions() as db:
            alices = (MemoryEntry.author_id == ALICE, MemoryEntry.category != "episode")
            old = db.scalars(select(MemoryEntry.session_id).where(*alices))
            old_session = str(old.one())
            fact_hash = db.scalars(select(MemoryEntry.text_hash).where(*alices)).one()
        lesson_ids = [i for i, m in runtime.library.meta.items() if CANARY in m.condition]
        assert lesson_ids and all(i in runtime.library.index for i in lesson_ids)
        assert CANARY in context_text(stack, alice_dm)
        # Her fact is held in this process (its vector and terms, by a shelf or the caches).
        assert fact_hash in facts.cached_texts()
        assert on_disk(data, CANARY)

        # The owner's session starts before the forget and is reflected after it.
        chat(stack, OWNER, "Let's plan the week.", None)
        assert FORGET_ALL in json.dumps(home(stack, ALICE))
        mark = stack.slack.mark()
        stack.slack.click_home_button(ALICE, FORGET_ALL)
        receipt = stack.slack.wait_for_call(
            "chat.postMessage", lambda c: "everything" in str(c.params.get("text")), after=mark
        )
        assert stack.bot.wait_idle(30)
        assert CANARY not in str(receipt.params.get("text"))
        stack.anthropic.script(
            plain_reflection([ALICE_FACT], {ALICE: [f"Said more about {CANARY} shifts."]})
        )
        stack.slack.slash_command(OWNER, stack.slack.dm_channel(OWNER), "/done")
        assert stack.bot.wait_idle(60)
        late = runtime.runner.reflect(old_session, retry_failed=True)
        assert late.status == "skipped"

        # Deleting the learning cards sends Slack events of their own, which the delivery
        # journal holds (with the deleted card's text) until they are handled, up to its burst
        # hold (bot/slack/journal.py); then the file is emptied. Not idle work, so waited here.
        deadline = time.monotonic() + 10
        while on_disk(data, CANARY) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert on_disk(data, CANARY) == []
        assert CANARY not in context_text(stack, alice_dm)
        assert not any(i in runtime.library.index for i in lesson_ids)
        assert fact_hash not in facts.cached_texts()
        assert CANARY not in (data / "USER.md").read_text()
        owner_dm = stack.slack.dm_channel(OWNER)
        cards = [m for m in stack.slack.messages(owner_dm) if CANARY in json.dumps(m)]
        assert cards == [], "the review cards showing her items are deleted"
        with store.sessions() as db:
            assert not db.scalars(select(Observation).where(Observation.subject == ALICE)).all()
            kinds = {t.kind for t in db.scalars(select(Tombstone))}
            assert kinds == {"user", "session", "text"}
        assert "I keep nothing about you" in json.dumps(home(stack, ALICE))
    finally:
        stack.stop()

    # After a restart: still gone, from the files, the matrix, the context and her Home.
    again = start(data)
    try:
        assert on_disk(data, CANARY) == []
        runtime = again.bot.runtime
        assert runtime is not None
        assert not any(CANARY in m.condition for m in runtime.library.meta.values())
        assert CANARY not in context_text(again, again.slack.dm_channel(ALICE))
        assert "I keep nothing about you" in json.dumps(home(again, ALICE))
    finally:
        again.stop()


def test_home_pages_many_items_within_limits(stack: LocalStack) -> None:
    store = stack.bot.store
    assert store is not None
    chat(stack, ALICE, "hello", None)
    now = stack.bot.clock.now()
    with store.sessions.begin() as db:
        for i in range(120):
            db.add(
                MemoryEntry(
                    text=f"Fact number {i} " + "x" * 900,
                    text_hash=f"{i:064d}",
                    scope_kind="user",
                    scope_id=ALICE,
                    author_id=ALICE,
                    created_at=now,
                    updated_at=now,
                )
            )
    first = home(stack, ALICE)
    assert_within_limits(first)
    assert MEMORY_PAGE in json.dumps(first)
    mark = stack.slack.mark()
    stack.slack.click_home_button(ALICE, MEMORY_PAGE)
    second = stack.slack.wait_for_call(
        "views.publish", lambda c: c.params.get("user_id") == ALICE, after=mark
    ).params["view"]
    assert_within_limits(second)
    assert "Previous" in json.dumps(second)


def test_a_persons_home_is_debounced_and_a_refused_view_still_publishes(
    stack: LocalStack,
) -> None:
    """`views.publish` is rate-limited: a burst of opens and page clicks within the interval
    ends in one publish; a view Slack refuses is replaced by a short one that says why."""
    store = stack.bot.store
    assert store is not None
    chat(stack, ALICE, "hello", None)
    now = stack.bot.clock.now()
    with store.sessions.begin() as db:
        for i in range(40):
            db.add(
                MemoryEntry(
                    text=f"Fact number {i}",
                    text_hash=f"{i:064d}",
                    scope_kind="user",
                    scope_id=ALICE,
                    author_id=ALICE,
                    created_at=now,
                    updated_at=now,
                )
            )
    assert "Previous" not in json.dumps(home(stack, ALICE))
    mark = stack.slack.mark()
    for _ in range(4):
        stack.slack.open_app_home(ALICE)
    stack.slack.click_home_button(ALICE, MEMORY_PAGE)  # "More", in the same burst
    stack.slack.wait_for_acks()
    stack.slack.wait_for_call(
        "views.publish", lambda c: c.params.get("user_id") == ALICE, timeout=15, after=mark
    )
    time.sleep(1.5)
    assert stack.slack.count_calls("views.publish", lambda c: c.seq > mark) == 1

    time.sleep(1.1)
    stack.slack.faults.add("views.publish", status=200, error="invalid_arguments")
    mark = stack.slack.mark()
    stack.slack.open_app_home(ALICE)
    refused = stack.slack.wait_for_call("views.publish", timeout=15, after=mark)
    assert refused.response["error"] == "invalid_arguments"
    fallback = stack.slack.wait_for_call("views.publish", timeout=15, after=refused.seq)
    assert fallback.response.get("ok") and fallback.params["user_id"] == ALICE
    shown = json.dumps(fallback.params["view"])
    assert "could not be shown here (invalid_arguments)" in shown and "/seshat memory" in shown
