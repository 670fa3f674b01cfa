"""Learning notices through the local Slack workspace: one line after a reflection, Undo from it
rolls the reflection back, a crafted Undo from a non-owner changes nothing and is audited, and a
resumed fan-out sends no second notice."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import select

from bot.doubles.slack_workspace import Call
from bot.doubles.stack import LocalStack
from bot.learning.notices import UNDO_ACTION
from store.models import (
    AuditEvent,
    ChatSession,
    LearningNotice,
    MemoryEntry,
    Observation,
    ReflectionRow,
    ReviewItem,
)

OWNER = "U0OWNER"
ALICE = "U0ALICE"
BOB = "U0BOB"


def reflection() -> str:
    return json.dumps(
        {
            "outcome": "success",
            "what_worked": "Walked through log rotation step by step.",
            "what_didnt": "",
            "should_skill": True,
            "skill_slug": "rotate-logs",
            "skill_description": "Rotate application logs with logrotate.",
            "skill_body": "1. Edit /etc/logrotate.d/app.\n2. Run `logrotate -d` to check.",
            "memory_notes": ["The team keeps logs for 7 days."],
            "persona_observations": [],
            "next_check_at": None,
            "user_model_updates": [{"user_id": ALICE, "observations": ["Runs the app servers."]}],
            "lessons": [],
        }
    )


def run_session(stack: LocalStack) -> dict[str, str]:
    stack.anthropic.script("Use logrotate with `rotate 7`.", reflection())
    mark = stack.slack.mark()
    msg = stack.slack.user_dm(ALICE, "How do I rotate logs?")
    stack.slack.wait_for_call(
        "chat.postMessage", lambda c: c.params.get("thread_ts") == msg["ts"], timeout=15, after=mark
    )
    stack.slack.slash_command(ALICE, msg["channel"], "/done")
    assert stack.bot.wait_idle(60)
    return msg


def notices(stack: LocalStack) -> list[Call]:
    return [
        c
        for c in stack.slack.calls
        if c.method == "chat.postMessage" and UNDO_ACTION in json.dumps(c.params.get("blocks"))
    ]


def state(stack: LocalStack) -> dict[str, object]:
    store = stack.bot.store
    assert store is not None
    with store.sessions() as db:
        return {
            "memory": sorted((m.text, m.status) for m in db.scalars(select(MemoryEntry))),
            "obs": sorted((o.text, o.status) for o in db.scalars(select(Observation))),
            "cards": sorted((r.kind, r.status) for r in db.scalars(select(ReviewItem))),
            "notice": [(n.state, n.undone_by) for n in db.scalars(select(LearningNotice))],
        }


@pytest.fixture
def stack(tmp_path: Path) -> Iterator[LocalStack]:
    with LocalStack(tmp_path / "data", owner=OWNER) as s:
        s.slack.add_user(ALICE, "alice")
        yield s


def test_notice_and_undo_by_the_owner(stack: LocalStack) -> None:
    msg = run_session(stack)
    owner_dm = stack.slack.dm_channel(OWNER)
    # By default (`both`) the owner gets it by DM and the person in the session's own DM.
    [notice] = [n for n in notices(stack) if n.params["channel"] == owner_dm]
    [theirs] = [n for n in notices(stack) if n.params["channel"] == msg["channel"]]
    assert str(theirs.params["text"]).startswith("From this session:")
    text = str(notice.params["text"])
    assert "learned 1 note, 1 note about a person" in text
    assert "waiting for an owner's approval: 1 skill draft" in text
    assert "The team keeps logs" not in text  # counts and kinds, never the learned text
    ts = str(notice.response["ts"])
    before = state(stack)
    assert ("The team keeps logs for 7 days.", "active") in before["memory"]  # type: ignore[operator]

    # A crafted click from someone who is neither an owner nor the session's person: nothing
    # changes, it is audited and told. (The session's person may undo what is only theirs.)
    stack.slack.add_user(BOB, "bob")
    mark = stack.slack.mark()
    stack.slack.click_button(BOB, owner_dm, ts, UNDO_ACTION)
    told = stack.slack.wait_for_call("chat.postEphemeral", timeout=15, after=mark)
    assert told.params["user"] == BOB and "Only an owner" in str(told.params["text"])
    assert state(stack) == before
    store = stack.bot.store
    assert store is not None
    with store.sessions() as db:
        refused = db.scalars(
            select(AuditEvent).where(AuditEvent.action == "notice.undo_refused")
        ).all()
        assert [(e.actor, e.target_kind) for e in refused] == [(BOB, "reflection")]

    # The owner's click rolls the reflection back (the same rollback as the CLI).
    mark = stack.slack.mark()
    stack.slack.click_button(OWNER, owner_dm, ts, UNDO_ACTION)
    updated = stack.slack.wait_for_call(
        "chat.update", lambda c: c.params.get("ts") == ts, timeout=15, after=mark
    )
    assert "Undone by" in json.dumps(updated.params.get("blocks"))
    assert UNDO_ACTION not in json.dumps(updated.params.get("blocks"))
    after = state(stack)
    assert ("The team keeps logs for 7 days.", "archived") in after["memory"]  # type: ignore[operator]
    assert ("Runs the app servers.", "archived") in after["obs"]  # type: ignore[operator]
    assert all(status == "rejected" for _, status in after["cards"])  # type: ignore[attr-defined]
    assert after["notice"] == [("undone", OWNER)]
    with store.sessions() as db:
        actions = {e.action for e in db.scalars(select(AuditEvent))}
    assert {"notice.undo", "rollback.fact", "rollback.user_observation"} <= actions


def test_notice_is_sent_once_per_reflection(stack: LocalStack) -> None:
    run_session(stack)
    assert len(notices(stack)) == 2  # the owner's and the person's
    store = stack.bot.store
    assert store is not None
    with store.sessions() as db:
        [rid] = db.scalars(select(LearningNotice.reflection_id)).all()
    # A resumed fan-out (a restart, another replica) runs the same hook again: no second notice.
    assert stack.bot.notices.post(rid) is False
    assert stack.bot.runtime is not None
    stack.bot.runtime.applied(rid)
    assert len(notices(stack)) == 2


def test_thread_mode_posts_in_the_session_conversation(tmp_path: Path) -> None:
    with LocalStack(tmp_path / "data", owner=OWNER, LEARNING_NOTICES="thread") as s:
        s.slack.add_user(ALICE, "alice")
        msg = run_session(s)
        [notice] = notices(s)
        # A DM session is the whole DM (its key has no thread root): the notice goes there.
        assert notice.params["channel"] == msg["channel"]
        assert notice.params.get("thread_ts") is None
        assert str(notice.params["text"]).startswith("From this session:")

        # A session in a channel thread gets its notice in that thread. Its person's Undo rolls
        # back what concerns only them (issue 24: it used to be refused); the skill draft, which
        # would reach everyone, stays the owner's to decide.
        s.slack.add_channel("C0GENERAL", "general")
        s.anthropic.script("Keep 7 days.", reflection())
        root = s.slack.user_posts(ALICE, "C0GENERAL", f"<@{s.slack.bot_user_id}> log rotation?")
        s.slack.wait_for_call(
            "chat.postMessage",
            lambda c: c.params.get("thread_ts") == root["ts"],
            timeout=15,
        )
        s.slack.slash_command(ALICE, "C0GENERAL", "/done")
        assert s.bot.wait_idle(60)
        in_channel = [n for n in notices(s) if n.params["channel"] == "C0GENERAL"]
        assert [n.params.get("thread_ts") for n in in_channel] == [root["ts"]]
        mark = s.slack.mark()
        s.slack.click_button(ALICE, "C0GENERAL", str(in_channel[0].response["ts"]), UNDO_ACTION)
        told = s.slack.wait_for_call("chat.postEphemeral", timeout=15, after=mark)
        assert told.params["user"] == ALICE
        assert "concerned only you" in str(told.params["text"])
        assert [n for n in state(s)["notice"] if n[0] == "undone"] == []  # type: ignore[attr-defined]
        store = s.bot.store
        assert store is not None
        with store.sessions() as db:
            channel_sessions = [
                r.id
                for r in db.scalars(select(ReflectionRow))
                if r.session_id
                in {x.id for x in db.scalars(select(ChatSession)) if x.channel == "C0GENERAL"}
            ]
            (rid,) = channel_sessions
            facts = db.scalars(select(MemoryEntry).where(MemoryEntry.reflection_id == rid)).all()
            notes = db.scalars(select(Observation).where(Observation.reflection_id == rid)).all()
            skill_cards = db.scalars(
                select(ReviewItem).where(
                    ReviewItem.reflection_id == rid, ReviewItem.kind == "skill"
                )
            ).all()
            events = [e.action for e in db.scalars(select(AuditEvent))]
        assert facts and all(f.status == "archived" for f in facts)
        assert notes and all(o.status == "archived" for o in notes)
        assert [c.status for c in skill_cards] == ["pending"]
        assert "notice.undo_own" in events


def test_off_sends_nothing(tmp_path: Path) -> None:
    with LocalStack(tmp_path / "data", owner=OWNER, LEARNING_NOTICES="off") as s:
        s.slack.add_user(ALICE, "alice")
        run_session(s)
        assert notices(s) == []


def test_an_owner_rolls_back_by_author_in_slack(stack: LocalStack) -> None:
    """Issue 24: rollback by session and by author was CLI-only."""
    run_session(stack)
    owner_dm = stack.slack.dm_channel(OWNER)
    refused = stack.slack.slash_command(ALICE, owner_dm, "/seshat", f"rollback author <@{ALICE}>")
    assert "Only the bot's owners" in json.dumps(refused)
    listed = stack.slack.slash_command(OWNER, owner_dm, "/seshat", f"rollback author <@{ALICE}>")
    assert "would change" in json.dumps(listed) and "confirm" in json.dumps(listed)
    assert ("The team keeps logs for 7 days.", "active") in state(stack)["memory"]  # type: ignore[operator]
    done = stack.slack.slash_command(
        OWNER, owner_dm, "/seshat", f"rollback author <@{ALICE}> confirm"
    )
    assert "Rolled back" in json.dumps(done)
    assert ("The team keeps logs for 7 days.", "archived") in state(stack)["memory"]  # type: ignore[operator]
    store = stack.bot.store
    assert store is not None
    with store.sessions() as db:
        (sid,) = db.scalars(select(ChatSession.id).where(ChatSession.user_id == ALICE)).all()
    again = stack.slack.slash_command(OWNER, owner_dm, "/seshat", f"rollback session {sid[:8]}")
    assert "Nothing learned from session" in json.dumps(again)  # the author's rollback took it
