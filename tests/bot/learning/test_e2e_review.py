"""The review gate through the local Slack workspace: grouped cards, reactions and buttons."""

from __future__ import annotations

import json
import subprocess
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from bot.doubles.slack_workspace import Call
from bot.doubles.stack import LocalStack
from bot.learning.notices import UNDO_ACTION
from store.models import AuditEvent, Observation, ReviewItem, Skill

OWNER = "U0OWNER"
ALICE = "U0ALICE"


def reflection(slug: str = "rotate-logs") -> str:
    return json.dumps(
        {
            "outcome": "success",
            "what_worked": "Walked through log rotation step by step.",
            "what_didnt": "",
            "should_skill": True,
            "skill_slug": slug,
            "skill_description": "Rotate application logs with logrotate.",
            "skill_body": "1. Edit /etc/logrotate.d/app.\n2. Set `rotate 7` and `daily`.\n"
            "3. Run `logrotate -d` to check.",
            "memory_notes": ["The team keeps logs for 7 days."],
            "persona_observations": ["Prefers numbered steps."],
            "next_check_at": None,
            "user_model_updates": [{"user_id": ALICE, "observations": ["Runs the app servers."]}],
            "lessons": [],
        }
    )


@pytest.fixture
def stack(tmp_path: Path) -> Iterator[LocalStack]:
    with LocalStack(tmp_path / "data", owner=OWNER) as s:
        s.slack.add_user(ALICE, "alice")
        yield s


def session_with_reflection(stack: LocalStack, raw: str) -> None:
    stack.anthropic.script("Use logrotate with `rotate 7`.", raw)
    mark = stack.slack.mark()
    msg = stack.slack.user_dm(ALICE, "How do I rotate logs?")
    stack.slack.wait_for_call(
        "chat.postMessage", lambda c: c.params.get("thread_ts") == msg["ts"], timeout=15, after=mark
    )
    stack.slack.slash_command(ALICE, msg["channel"], "/done")
    assert stack.bot.wait_idle(60)


def items(stack: LocalStack) -> dict[str, ReviewItem]:
    store = stack.bot.store
    assert store is not None
    with store.sessions() as db:
        return {i.kind: i for i in db.query(ReviewItem).order_by(ReviewItem.id)}


def card_updated(stack: LocalStack, ts: str | None, after: int) -> Call:
    return stack.slack.wait_for_call(
        "chat.update", lambda c: c.params.get("ts") == ts, timeout=15, after=after
    )


def commits(skills_dir: Path) -> int:
    if not (skills_dir / ".git").exists():
        return 0
    out = subprocess.run(
        ["git", "-C", str(skills_dir), "rev-list", "--count", "HEAD"],
        capture_output=True,
        text=True,
        check=False,
    )
    return int(out.stdout.strip() or 0) if out.returncode == 0 else 0


def test_cards_are_grouped_and_decided_by_reactions(stack: LocalStack) -> None:
    session_with_reflection(stack, reflection())
    cards = items(stack)
    assert set(cards) == {"skill", "persona"}
    owner_dm = stack.slack.dm_channel(OWNER)
    summary = [
        c
        for c in stack.slack.calls
        if c.method == "chat.postMessage"
        and c.params.get("channel") == owner_dm
        and not c.params.get("thread_ts")
        # the learning notice (LEARNING_NOTICES=owner) is the other top-level DM
        and UNDO_ACTION not in json.dumps(c.params.get("blocks"))
    ]
    assert len(summary) == 1
    group_ts = summary[0].response["ts"]
    for item in cards.values():
        assert item.card_channel == owner_dm and item.group_ts == group_ts
        card = stack.slack.message(owner_dm, str(item.card_ts))
        assert item.content_hash[:8] in json.dumps(card.get("blocks"))
        # The card says why it is waiting for the owner, in the words of the trust rule.
        assert "Why you are asked" in json.dumps(card.get("blocks"), ensure_ascii=False)
        names = {r["name"] for r in card.get("reactions", [])}
        assert "x" in names and ({"white_check_mark", "brain"} & names)
    skill, persona = cards["skill"], cards["persona"]
    skills_dir = stack.bot.settings.effective_skills_dir

    # App Home shows the owner what is waiting.
    mark = stack.slack.mark()
    stack.slack.open_app_home(OWNER)
    home = stack.slack.wait_for_call("views.publish", timeout=15, after=mark)
    assert "Waiting for your decision:* 2 item(s)" in json.dumps(home.params.get("view"))

    # A non-owner's ✅ changes nothing and is told so privately.
    mark = stack.slack.mark()
    stack.slack.user_reacts(ALICE, owner_dm, str(skill.card_ts), "white_check_mark")
    note = stack.slack.wait_for_call("chat.postEphemeral", timeout=15, after=mark)
    assert note.params.get("user") == ALICE
    assert commits(skills_dir) == 0

    # The owner's skin-toned ✅ commits the skill: a real git commit carrying the provenance.
    mark = stack.slack.mark()
    stack.slack.user_reacts(OWNER, owner_dm, str(skill.card_ts), "white_check_mark::skin-tone-2")
    updated = card_updated(stack, skill.card_ts, mark)
    assert "Approved" in str(updated.params.get("text"))
    assert commits(skills_dir) == 1
    assert (
        (skills_dir / "rotate-logs" / "SKILL.md").read_text().startswith("---\nname: rotate-logs")
    )
    message = subprocess.run(
        ["git", "-C", str(skills_dir), "log", "-1", "--format=%B"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    assert skill.reflection_id and skill.reflection_id in message

    # 🧠 on the persona card appends it to USER.md.
    mark = stack.slack.mark()
    stack.slack.user_reacts(OWNER, owner_dm, str(persona.card_ts), "brain")
    card_updated(stack, persona.card_ts, mark)
    assert "Prefers numbered steps." in (stack.bot.settings.data_dir / "USER.md").read_text()

    # The user-model update was stored for Alice's next session, no card needed.
    store = stack.bot.store
    assert store is not None
    with store.sessions() as db:
        [obs] = db.query(Observation).filter_by(kind="user", subject=ALICE).all()
        assert obs.status == "active" and obs.provenance["reflection_id"] == skill.reflection_id


def test_reject_deletes_the_draft_and_two_fast_approvals_apply_once(stack: LocalStack) -> None:
    session_with_reflection(stack, reflection("first-skill"))
    first = items(stack)["skill"]
    owner_dm = stack.slack.dm_channel(OWNER)
    data_dir = stack.bot.settings.data_dir
    drafts = list((data_dir / "skills-drafts").rglob("SKILL.md"))
    assert drafts
    mark = stack.slack.mark()
    stack.slack.user_reacts(OWNER, owner_dm, str(first.card_ts), "x")
    card_updated(stack, first.card_ts, mark)
    assert not any(p.exists() for p in drafts)
    store = stack.bot.store
    assert store is not None
    with store.sessions() as db:
        assert db.query(Skill).filter_by(slug="first-skill").one().status == "rejected"

    session_with_reflection(stack, reflection("second-skill"))
    with store.sessions() as db:
        second = db.query(ReviewItem).filter_by(kind="skill", status="pending").one()
    skills_dir = stack.bot.settings.effective_skills_dir
    mark = stack.slack.mark()
    barrier = threading.Barrier(2)

    def react() -> None:
        barrier.wait()
        stack.slack.user_reacts(OWNER, owner_dm, str(second.card_ts), "white_check_mark")

    def click() -> None:
        barrier.wait()
        stack.slack.click_button(OWNER, owner_dm, str(second.card_ts), "review:approve")

    threads = [threading.Thread(target=react), threading.Thread(target=click)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    card_updated(stack, second.card_ts, mark)
    stack.slack.wait_for_acks(timeout=15)
    stack.slack.wait_for_call(
        "chat.update", lambda c: c.params.get("ts") == second.card_ts, timeout=15
    )
    with store.sessions() as db:
        decided = db.query(ReviewItem).filter_by(id=second.id).one()
        actions = [a.action for a in db.query(AuditEvent).filter_by(target_id=str(second.id))]
    assert decided.status == "approved" and commits(skills_dir) == 1
    assert actions.count("review.decided") == 1
