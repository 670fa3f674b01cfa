"""Assistant threads end to end: the real Bolt app (its Assistant middleware), slack_sdk and the
anthropic SDK over loopback to the local Slack workspace and the local Anthropic API."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from bot.chat.working import LOADING_MESSAGES, STATUS
from bot.doubles.slack_workspace import Call
from bot.doubles.stack import LocalStack
from bot.surfaces.assistant import MEMORY_PROMPT, PROMPTS_TITLE
from store import sessions as S
from store.models import MemoryEntry, Message, SkillInvocation
from writers.skills.files import SKILL_FILE, render_skill

ALICE = "U0ALICE"
DEPLOY = (
    "deploy-api",
    "Use when deploying the API: run the tests, build the image, roll it out and watch errors.",
)


@pytest.fixture(params=["socket", "http"])
def stack(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[LocalStack]:
    # A ⏳ would show at once, so its absence in assistant threads is the status's doing.
    with LocalStack(tmp_path / "data", mode=request.param, working_signal_delay_seconds=0) as s:
        s.slack.add_user(ALICE, "alice")
        yield s


def approve_skill(stack: LocalStack, slug: str, description: str, uses: int) -> None:
    """An approved skill (committed SKILL.md in the skills directory) and its recent uses."""
    skills = stack.bot.settings.effective_skills_dir / slug
    skills.mkdir(parents=True)
    (skills / SKILL_FILE).write_text(render_skill(slug, description, "1. `make deploy`."))
    store = stack.bot.store
    assert store is not None
    with store.sessions.begin() as db:
        for i in range(uses):
            db.add(
                SkillInvocation(skill_slug=slug, session_id=f"old-{i}", at=stack.bot.clock.now())
            )


def in_thread(channel: str, thread_ts: str) -> object:
    def match(call: Call) -> bool:
        return call.params.get("channel") == channel and call.params.get("thread_ts") == thread_ts

    return match


def test_a_thread_is_greeted_offered_prompts_titled_and_shows_a_status(stack: LocalStack) -> None:
    approve_skill(stack, *DEPLOY, uses=2)
    approve_skill(stack, "write-haiku", "Use when someone wants a haiku.", uses=0)
    thread = stack.slack.user_opens_assistant(ALICE, context_channel="C0GENERAL")
    channel, root = thread["channel"], thread["thread_ts"]

    greeting = stack.slack.wait_for_call("chat.postMessage", in_thread(channel, root), timeout=10)
    assert f"<@{ALICE}>" in greeting.params["text"] and MEMORY_PROMPT in greeting.params["text"]
    stack.slack.wait_for_call("assistant.threads.setSuggestedPrompts", timeout=10)
    offered = stack.slack.assistant_thread(channel, root)
    assert offered["prompts_title"] == PROMPTS_TITLE
    # The most used approved skill first, then the others, then "what do you remember".
    assert [p["title"] for p in offered["prompts"]] == [
        "Deploy api",
        "Write haiku",
        MEMORY_PROMPT,
    ]
    assert offered["prompts"][0]["message"].startswith("Deploying the API: run the tests")

    stack.anthropic.latency = 1.0
    mark = stack.slack.mark()
    asked = stack.slack.click_suggested_prompt(channel, root, 0)
    status = stack.slack.wait_for_call("assistant.threads.setStatus", after=mark, timeout=10)
    assert status.params["thread_ts"] == root and status.params["status"] == STATUS
    assert status.params["loading_messages"] == list(LOADING_MESSAGES)
    # While the model works, the thread shows it (and no answer is there yet).
    assert stack.slack.assistant_thread(channel, root)["status"] == STATUS
    assert stack.slack.count_calls("chat.postMessage", in_thread(channel, root)) == 1
    reply = stack.slack.wait_for_call(
        "chat.postMessage", in_thread(channel, root), after=mark, timeout=10
    )
    assert "Deploying the API" in reply.params["text"]  # the offline echo double
    assert stack.bot.wait_idle(10)
    # The reply cleared the status, as Slack does: no second setStatus call was needed.
    now = stack.slack.assistant_thread(channel, root)
    assert now["status"] == ""
    assert [h["by"] for h in now["status_history"]] == ["set", "reply"]
    assert stack.slack.count_calls("assistant.threads.setStatus") == 1
    assert stack.slack.count_calls("reactions.add") == 0  # no ⏳ in an assistant thread
    # The thread is named after its first message: short, at a word boundary.
    title = stack.slack.wait_for_call("assistant.threads.setTitle", timeout=10)
    assert title.params["thread_ts"] == root
    assert now["title"] == "Deploying the API: run the tests, build the image, roll it…"
    assert len(now["title"]) <= 60

    # A second message: answered once, no second title, a status again.
    second = stack.slack.user_dm(ALICE, "and roll back?", thread_ts=root)
    stack.slack.wait_for_call("chat.postMessage", in_thread(channel, root), after=reply, timeout=10)
    assert stack.bot.wait_idle(10)
    assert stack.slack.count_calls("assistant.threads.setTitle") == 1
    assert stack.slack.count_calls("assistant.threads.setStatus") == 2
    # Every message in the thread is stored and answered exactly once (the Assistant middleware
    # took them; the plain message listener never saw them).
    assert stack.slack.count_calls("chat.postMessage", in_thread(channel, root)) == 3
    assert len(stack.anthropic.requests) == 2
    store = stack.bot.store
    assert store is not None
    with store.sessions() as db:
        session = S.find_open(db, S.SessionKey(stack.slack.team_id, channel, root, ALICE))
        assert session is not None
        said = [(m.ts, m.is_bot) for m in S.transcript(db, session.id)]
        assert [ts for ts, is_bot in said if not is_bot] == [asked["ts"], second["ts"]]
        assert [is_bot for _, is_bot in said] == [False, True, False, True]
    assert all(d.acked for d in stack.slack.wait_for_acks(timeout=10))
    if stack.mode == "socket":
        # The thread's messages (and the title's edit of its root, which the Assistant
        # middleware acks) were journalled before the ack and handled: the journal empties.
        journals = list((stack.data_dir / "journal").glob("*.jsonl"))
        deadline = time.monotonic() + 5
        while any(p.stat().st_size for p in journals) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert journals and all(p.stat().st_size == 0 for p in journals)


def test_what_do_you_remember_is_answered_from_what_is_kept(stack: LocalStack) -> None:
    store = stack.bot.store
    assert store is not None
    now = stack.bot.clock.now()
    with store.sessions.begin() as db:
        db.add(
            MemoryEntry(
                text="Alice deploys the billing service on Tuesdays.",
                text_hash="h1",
                scope_kind="user",
                scope_id=ALICE,
                author_id=ALICE,
                created_at=now,
                updated_at=now,
            )
        )
    thread = stack.slack.user_opens_assistant(ALICE)
    channel, root = thread["channel"], thread["thread_ts"]
    stack.slack.wait_for_call("assistant.threads.setSuggestedPrompts", timeout=10)
    prompts = stack.slack.assistant_thread(channel, root)["prompts"]
    assert [p["title"] for p in prompts] == [MEMORY_PROMPT]  # no approved skill yet
    mark = stack.slack.mark()
    stack.slack.click_suggested_prompt(channel, root, 0)
    reply = stack.slack.wait_for_call(
        "chat.postMessage", in_thread(channel, root), after=mark, timeout=10
    )
    assert "Alice deploys the billing service on Tuesdays." in reply.params["text"]
    assert "Home tab" in reply.params["text"]
    assert stack.anthropic.requests == []  # answered from the store, not by the model
    assert stack.bot.wait_idle(10)
    assert stack.slack.assistant_thread(channel, root)["status"] == ""


def test_context_changes_are_acked_and_change_nothing(stack: LocalStack) -> None:
    thread = stack.slack.user_opens_assistant(ALICE, context_channel="C0ONE")
    channel, root = thread["channel"], thread["thread_ts"]
    stack.slack.wait_for_call("assistant.threads.setSuggestedPrompts", timeout=10)
    mark = stack.slack.mark()
    event = stack.slack.assistant_context_changes(channel, root, "C0TWO")
    assert event["assistant_thread"]["context"]["channel_id"] == "C0TWO"
    deliveries = stack.slack.wait_for_acks(timeout=10)
    changed = [
        d for d in deliveries if d.payload["event"]["type"] == "assistant_thread_context_changed"
    ]
    assert len(changed) == 1 and changed[0].acked and changed[0].attempts == 1
    time.sleep(0.3)
    # Bolt's default would have read the thread and edited the first bot message; ours drops it.
    assert [c.method for c in stack.slack.calls if c.seq > mark] == []


def test_a_redelivered_start_greets_once(stack: LocalStack) -> None:
    thread = stack.slack.user_opens_assistant(ALICE)
    channel, root = thread["channel"], thread["thread_ts"]
    stack.slack.wait_for_call("assistant.threads.setSuggestedPrompts", timeout=10)
    event_id = next(
        eid
        for eid, body in stack.slack.events.items()
        if body["event"]["type"] == "assistant_thread_started"
    )
    stack.slack.deliver_again(event_id, retry_attempt=1, retry_reason="timeout")
    stack.slack.wait_for_acks(timeout=10)
    assert stack.bot.wait_idle(10)
    time.sleep(1.0)  # the start is handled after the ack: give a second greeting time to show
    assert stack.slack.count_calls("chat.postMessage", in_thread(channel, root)) == 1
    assert stack.slack.count_calls("assistant.threads.setSuggestedPrompts") == 1


def test_a_plain_dm_thread_keeps_the_hourglass_and_gets_no_title(stack: LocalStack) -> None:
    first = stack.slack.user_dm(ALICE, "a question")
    channel = first["channel"]
    stack.slack.wait_for_call("chat.postMessage", in_thread(channel, first["ts"]), timeout=10)
    assert stack.bot.wait_idle(10)
    mark = stack.slack.mark()
    # A reply in the DM thread: the Assistant middleware takes it (it looks like an assistant
    # thread message), and it is answered once, with the ⏳ since this is no assistant thread.
    stack.slack.user_dm(ALICE, "a follow-up in the thread", thread_ts=first["ts"])
    reply = stack.slack.wait_for_call("chat.postMessage", after=mark, timeout=10)
    assert stack.bot.wait_idle(10)
    assert stack.slack.message(channel, reply.response["ts"])["thread_ts"] == first["ts"]
    assert stack.slack.count_calls("chat.postMessage") == 2
    assert stack.slack.count_calls("reactions.add") == 2
    assert stack.slack.count_calls("assistant.threads.setStatus") == 0
    assert stack.slack.count_calls("assistant.threads.setTitle") == 0
    store = stack.bot.store
    assert store is not None
    with store.sessions() as db:
        assert db.query(Message).filter(Message.is_bot.is_(False)).count() == 2


def test_a_streamed_reply_in_an_assistant_thread_clears_its_status(tmp_path: Path) -> None:
    with LocalStack(
        tmp_path / "data", REPLY_STREAMING="auto", REPLY_STREAM_INTERVAL_SECONDS=0.2
    ) as stack:
        stack.slack.add_user(ALICE, "alice")
        stack.anthropic.tokens_per_second = 150
        stack.anthropic.script(" ".join(f"word{i}" for i in range(60)))
        thread = stack.slack.user_opens_assistant(ALICE)
        channel, root = thread["channel"], thread["thread_ts"]
        stack.slack.wait_for_call("assistant.threads.setSuggestedPrompts", timeout=10)
        mark = stack.slack.mark()
        stack.slack.user_dm(ALICE, "Tell me a story", thread_ts=root)
        stack.slack.wait_for_call("assistant.threads.setStatus", after=mark, timeout=10)
        start = stack.slack.wait_for_call("chat.startStream", after=mark, timeout=10)
        stack.slack.wait_for_call("chat.stopStream", after=mark, timeout=20)
        assert stack.bot.wait_idle(10)
        assert start.params["thread_ts"] == root
        # The streamed reply cleared the status as a posted one does; no ⏳, no second call.
        now = stack.slack.assistant_thread(channel, root)
        assert now["status"] == ""
        assert stack.slack.count_calls("assistant.threads.setStatus") == 1
        assert stack.slack.count_calls("reactions.add") == 0
