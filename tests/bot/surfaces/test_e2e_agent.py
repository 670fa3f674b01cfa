"""Slack's agent messaging experience end to end: the real Bolt app, slack_sdk and the anthropic
SDK over loopback to the local Slack workspace (an `agent_view` app, or one still on
`assistant_view`) and the local Anthropic API; SLACK_EXPERIENCE=auto decides which it is."""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import select

from bot.chat.streaming import STOPPED
from bot.doubles.slack_workspace import Call
from bot.doubles.stack import LocalStack
from bot.surfaces.agent import NOTHING, REFLECTING
from bot.surfaces.assistant import MEMORY_PROMPT
from bot.surfaces.feedback import NOTED_WRONG
from store import sessions as S
from store.db import Store
from store.models import ChatSession, MemoryEntry, Message, ReplyFeedback, ReplyState

ALICE = "U0ALICE"


def reflection(memory_notes: list[str]) -> str:
    return json.dumps(
        {
            "outcome": "success",
            "what_worked": "Answered quickly.",
            "what_didnt": "",
            "should_skill": False,
            "memory_notes": memory_notes,
            "persona_observations": [],
            "next_check_at": None,
            "user_model_updates": [],
            "lessons": [],
        }
    )


def agent_stack(data: Path, **settings: Any) -> LocalStack:
    settings.setdefault("SLACK_EXPERIENCE", "auto")
    stack = LocalStack(data, experience="agent", **settings).start()
    stack.slack.add_user(ALICE, "alice")
    return stack


@pytest.fixture
def stack(tmp_path: Path) -> Iterator[LocalStack]:
    s = agent_stack(tmp_path / "data", working_signal_delay_seconds=0)
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


def in_thread(thread_ts: str) -> Callable[[Call], bool]:
    return lambda c: c.params.get("thread_ts") == thread_ts


def statuses(stack: LocalStack, channel: str, thread_ts: str) -> list[str]:
    found = stack.slack.agent_session(channel, thread_ts)
    return list(found["statuses"]) if found else []


def test_a_new_dm_is_greeted_once_with_prompts_and_each_message_is_its_own_thread(
    stack: LocalStack,
) -> None:
    event = stack.slack.user_opens_messages(ALICE)
    channel = event["channel"]
    greeting = stack.slack.wait_for_call("chat.postMessage", timeout=10)
    assert greeting.params["channel"] == channel and "thread_ts" not in greeting.params
    assert f"<@{ALICE}>" in greeting.params["text"] and MEMORY_PROMPT in greeting.params["text"]
    stack.slack.wait_for_call("assistant.threads.setSuggestedPrompts", timeout=10)
    assert [p["title"] for p in stack.slack.dm_prompts(ALICE)] == [MEMORY_PROMPT]

    # Opened again, and the same event delivered again: nobody is greeted twice.
    stack.slack.user_opens_messages(ALICE)
    event_id = next(
        eid
        for eid, body in stack.slack.events.items()
        if body["event"]["type"] == "app_home_opened"
    )
    stack.slack.deliver_again(event_id, retry_attempt=1, retry_reason="timeout")
    stack.slack.wait_for_acks(timeout=10)
    time.sleep(0.8)  # handled after the ack: give a second greeting time to show
    assert stack.slack.count_calls("chat.postMessage") == 1
    assert stack.slack.count_calls("assistant.threads.setSuggestedPrompts") == 1

    # A clicked prompt and a second message: two top-level messages, two threads, two sessions.
    first = stack.slack.click_dm_prompt(ALICE, 0)
    stack.slack.wait_for_call("chat.postMessage", in_thread(first["ts"]), timeout=10)
    assert stack.bot.wait_idle(10)
    second = stack.slack.user_dm(ALICE, "Another topic entirely")
    stack.slack.wait_for_call("chat.postMessage", in_thread(second["ts"]), timeout=10)
    assert stack.bot.wait_idle(10)
    with store_of(stack).sessions() as db:
        threads = sorted(s.thread_ts for s in db.scalars(select(ChatSession)))
    assert threads == sorted([first["ts"], second["ts"]])
    # The status replaced the ⏳ (which would show at once here): no reaction at all.
    assert stack.slack.count_calls("reactions.add") == 0
    assert statuses(stack, channel, second["ts"]) == ["processing", "active"]


def test_a_streamed_reply_is_processing_then_active_and_done_closes_with_task_cards(
    tmp_path: Path,
) -> None:
    stack = agent_stack(
        tmp_path / "data", REPLY_STREAMING="auto", REPLY_STREAM_INTERVAL_SECONDS=0.2
    )
    try:
        stack.anthropic.tokens_per_second = 150
        stack.anthropic.script(
            " ".join(f"word{i}" for i in range(40)),
            reflection(["Alice deploys the billing service on Tuesdays."]),
        )
        asked = stack.slack.user_dm(ALICE, "How do I deploy the billing service?")
        channel, root = asked["channel"], asked["ts"]
        start = stack.slack.wait_for_call("chat.startStream", in_thread(root), timeout=10)
        # While the words stream in, the session is processing; titled after the question.
        session = stack.slack.agent_session(channel, root)
        assert session is not None and session["status"] == "processing"
        assert session["title"] == "How do I deploy the billing service?"
        stack.slack.wait_for_call(
            "chat.stopStream", lambda c: c.params.get("ts") == start.response["ts"], timeout=20
        )
        assert stack.bot.wait_idle(10)
        eventually(lambda: statuses(stack, channel, root) == ["processing", "active"])
        assert stack.slack.count_calls("reactions.add") == 0
        reply = stack.slack.message(channel, start.response["ts"])
        assert reply["text"].startswith("word0 word1")

        mark = stack.slack.mark()
        answer = stack.slack.slash_command(ALICE, channel, "/done")
        assert answer is not None and "Session ended" in answer["text"]
        eventually(lambda: statuses(stack, channel, root)[-1:] == ["closed"])
        card = stack.slack.wait_for_call("chat.startStream", in_thread(root), after=mark)
        assert card.params["task_display_mode"] == "plan"
        first_rows = [c for c in card.params["chunks"] if c["type"] == "task_update"]
        assert [(r["title"], r["status"]) for r in first_rows] == [(REFLECTING, "in_progress")]
        done = stack.slack.wait_for_call(
            "chat.stopStream", lambda c: c.params.get("ts") == card.response["ts"], timeout=30
        )
        rows = [(r["title"], r["status"]) for r in done.params["chunks"]]
        assert rows[0] == (REFLECTING, "complete")
        # The memory note became a fact about her: one row says so.
        assert rows == [(REFLECTING, "complete"), ("1 fact kept for you", "complete")]
        # The card is in the session's own thread, where its person reads it.
        assert stack.slack.message(channel, card.response["ts"])["thread_ts"] == root
        assert stack.slack.count_calls("agents.sessions.setStatus") == 3
    finally:
        stack.stop()


def test_a_session_with_nothing_to_keep_says_so(stack: LocalStack) -> None:
    stack.anthropic.script("Sure.", reflection([]))
    asked = stack.slack.user_dm(ALICE, "Just saying hi")
    channel = asked["channel"]
    stack.slack.wait_for_call("chat.postMessage", in_thread(asked["ts"]), timeout=10)
    assert stack.bot.wait_idle(10)
    mark = stack.slack.mark()
    stack.slack.slash_command(ALICE, channel, "/done")
    card = stack.slack.wait_for_call("chat.startStream", after=mark, timeout=10)
    done = stack.slack.wait_for_call(
        "chat.stopStream", lambda c: c.params.get("ts") == card.response["ts"], timeout=30
    )
    assert [(r["title"], r["status"]) for r in done.params["chunks"]] == [
        (REFLECTING, "complete"),
        (NOTHING, "complete"),
    ]


def test_the_stop_button_stops_the_reply_midway_and_keeps_the_message(tmp_path: Path) -> None:
    stack = agent_stack(
        tmp_path / "data", REPLY_STREAMING="auto", REPLY_STREAM_INTERVAL_SECONDS=0.1
    )
    try:
        stack.anthropic.tokens_per_second = 20
        stack.anthropic.script(" ".join(f"word{i}" for i in range(400)))
        asked = stack.slack.user_dm(ALICE, "Tell me a very long story")
        channel, root = asked["channel"], asked["ts"]
        start = stack.slack.wait_for_call("chat.startStream", in_thread(root), timeout=10)
        stack.slack.wait_for_call("chat.appendStream", timeout=10)
        stack.slack.press_stop(ALICE, channel, root)
        assert stack.bot.wait_idle(20)
        reply = stack.slack.message(channel, start.response["ts"])
        assert reply["text"].rstrip().endswith(f"(the answer was cut off: {STOPPED})_")
        assert "word399" not in reply["text"]
        assert not stack.slack.streaming(channel, reply["ts"])
        eventually(lambda: statuses(stack, channel, root) == ["processing", "active"])
        with store_of(stack).sessions() as db:
            said = list(db.scalars(select(Message).order_by(Message.id)))
        # Her message is kept, and the transcript says the answer was stopped.
        assert [(m.is_bot, m.ts) for m in said][0] == (False, root)
        assert said[0].reply_state == ReplyState.ANSWERED and said[0].reply_ts == reply["ts"]
        assert said[-1].is_bot and STOPPED in said[-1].text
        # The model's stream was closed, not read to its end.
        assert len(stack.anthropic.requests) == 1
    finally:
        stack.stop()


def test_a_stop_with_no_reply_in_progress_still_leaves_processing(stack: LocalStack) -> None:
    stack.anthropic.script("Short answer.")
    asked = stack.slack.user_dm(ALICE, "Quick one")
    channel, root = asked["channel"], asked["ts"]
    stack.slack.wait_for_call("chat.postMessage", in_thread(root), timeout=10)
    assert stack.bot.wait_idle(10)
    # The answer is out; Slack still shows a stop button only while processing, so set it back
    # the way a slow second turn would, and press it with nothing being written.
    stack.slack.agents.change(channel, root, "processing", "set")
    mark = stack.slack.mark()
    stack.slack.press_stop(ALICE, channel, root)
    eventually(lambda: statuses(stack, channel, root)[-1:] == ["active"])
    # Nothing was posted or edited: there was nothing to stop.
    assert [c.method for c in stack.slack.calls if c.seq > mark] == ["agents.sessions.setStatus"]


def test_a_repeated_thumbs_down_counts_once_and_is_noted_once(stack: LocalStack) -> None:
    stack.anthropic.script("Push to main.")
    asked = stack.slack.user_dm(ALICE, "How do I deploy?")
    call = stack.slack.wait_for_call("chat.postMessage", in_thread(asked["ts"]), timeout=10)
    assert stack.bot.wait_idle(10)
    channel, ts = call.response["channel"], call.response["ts"]
    for _ in range(3):  # Slack sends one event per click, selected already or not
        stack.slack.click_feedback(ALICE, channel, ts, "negative")
    eventually(lambda: len(stack.slack.ephemerals(ALICE)) >= 1)
    time.sleep(0.8)
    with store_of(stack).sessions() as db:
        rows = list(db.scalars(select(ReplyFeedback)))
    assert [(r.user_id, r.rating) for r in rows] == [(ALICE, "negative")]
    notes = [e for e in stack.slack.ephemerals(ALICE) if e.get("text") == NOTED_WRONG]
    assert len(notes) == 1
    # The latest click still wins: a 👍 after them replaces the 👎.
    stack.slack.click_feedback(ALICE, channel, ts, "positive")
    eventually(
        lambda: [r.rating for r in store_rows(stack)] == ["positive"],
    )


def store_rows(stack: LocalStack) -> list[ReplyFeedback]:
    with store_of(stack).sessions() as db:
        return list(db.scalars(select(ReplyFeedback)))


def test_an_assistant_view_install_still_works_under_auto(tmp_path: Path) -> None:
    with LocalStack(
        tmp_path / "data", SLACK_EXPERIENCE="auto", working_signal_delay_seconds=0
    ) as stack:
        stack.slack.add_user(ALICE, "alice")
        # A plain DM first: Slack refuses agent sessions for this app, so the ⏳ shows instead
        # and auto settles on the assistant experience.
        first = stack.slack.user_dm(ALICE, "a question")
        stack.slack.wait_for_call("chat.postMessage", in_thread(first["ts"]), timeout=10)
        assert stack.bot.wait_idle(10)
        refused = [c for c in stack.slack.calls if c.method == "agents.sessions.setStatus"]
        assert [c.response.get("error") for c in refused] == ["app_not_agent"]
        assert stack.slack.count_calls("reactions.add") == 1
        assert stack.bot.experience.kind == "assistant"
        assert (stack.data_dir / "slack_experience").read_text().strip() == "assistant"

        # The assistant container works as before: greeted in its thread, a status, a title.
        thread = stack.slack.user_opens_assistant(ALICE)
        channel, root = thread["channel"], thread["thread_ts"]
        stack.slack.wait_for_call("chat.postMessage", in_thread(root), timeout=10)
        stack.slack.wait_for_call("assistant.threads.setSuggestedPrompts", timeout=10)
        mark = stack.slack.mark()
        stack.slack.user_dm(ALICE, "How do I deploy?", thread_ts=root)
        stack.slack.wait_for_call("assistant.threads.setStatus", after=mark, timeout=10)
        stack.slack.wait_for_call("chat.postMessage", in_thread(root), after=mark, timeout=10)
        assert stack.bot.wait_idle(10)
        assert stack.slack.count_calls("agents.sessions.setStatus") == 1  # never asked again
        with store_of(stack).sessions() as db:
            session = S.find_open(db, S.SessionKey(stack.slack.team_id, channel, root, ALICE))
            assert session is not None


def test_an_assistant_thread_start_settles_auto_before_any_status(tmp_path: Path) -> None:
    with LocalStack(tmp_path / "data", SLACK_EXPERIENCE="auto") as stack:
        stack.slack.add_user(ALICE, "alice")
        thread = stack.slack.user_opens_assistant(ALICE)
        stack.slack.wait_for_call("assistant.threads.setSuggestedPrompts", timeout=10)
        assert stack.bot.experience.kind == "assistant"
        stack.slack.user_dm(ALICE, "hello", thread_ts=thread["thread_ts"])
        stack.slack.wait_for_call("assistant.threads.setStatus", timeout=10)
        assert stack.bot.wait_idle(10)
        assert stack.slack.count_calls("agents.sessions.setStatus") == 0


def test_what_a_person_views_is_kept_as_a_channel_id_only(stack: LocalStack) -> None:
    stack.slack.user_views(ALICE, "C0BILLING")
    eventually(lambda: stack.bot.agent.viewing(ALICE) == "C0BILLING")
    stack.slack.user_views(ALICE, None)
    eventually(lambda: stack.bot.agent.viewing(ALICE) is None)
    assert all(d.acked for d in stack.slack.wait_for_acks(timeout=10))


def test_the_viewed_channel_lends_its_facts_to_a_dm_only_to_someone_who_reads_it(
    stack: LocalStack,
) -> None:
    bob = "U0BOB"
    stack.slack.add_user(bob, "bob")
    now = stack.bot.clock.now()
    fact = "The billing channel freezes deploys on Fridays."
    with store_of(stack).sessions.begin() as db:
        db.add(
            MemoryEntry(
                text=fact,
                text_hash="h-billing",
                scope_kind="channel",
                scope_id="C0BILLING",
                reach="scope",  # shared with the channel by an owner
                author_id="U0OWNER",
                created_at=now,
                updated_at=now,
            )
        )
    # Alice talks with Seshat in #billing (so she reads it); Bob never did.
    said = stack.slack.user_posts(ALICE, "C0BILLING", f"<@{stack.slack.bot_user_id}> hi there")
    stack.slack.wait_for_call("chat.postMessage", in_thread(said["ts"]), timeout=10)
    assert stack.bot.wait_idle(10)

    def system_of_last_request() -> str:
        return json.dumps(stack.anthropic.requests[-1].body.get("system"))

    for user, sees in ((ALICE, True), (bob, False)):
        stack.slack.user_views(user, "C0BILLING")
        eventually(lambda u=user: stack.bot.agent.viewing(u) == "C0BILLING")  # type: ignore[misc]
        before = len(stack.anthropic.requests)
        asked = stack.slack.user_dm(user, "Can I deploy billing today?")
        stack.slack.wait_for_call("chat.postMessage", in_thread(asked["ts"]), timeout=10)
        assert stack.bot.wait_idle(10)
        assert len(stack.anthropic.requests) == before + 1, user  # the DM's own model call
        assert (fact in system_of_last_request()) is sees, user


def test_stop_before_a_whole_answer_is_posted_posts_the_note_instead(stack: LocalStack) -> None:
    # REPLY_STREAMING=off: the answer would be posted whole once written; Stop comes first.
    stack.anthropic.latency = 1.5  # (applies to unscripted answers: the offline echo)
    asked = stack.slack.user_dm(ALICE, "Write me an essay")
    channel, root = asked["channel"], asked["ts"]
    eventually(lambda: statuses(stack, channel, root) == ["processing"])
    stack.slack.press_stop(ALICE, channel, root)
    reply = stack.slack.wait_for_call("chat.postMessage", in_thread(root), timeout=10)
    assert stack.bot.wait_idle(10)
    assert STOPPED in reply.params["text"] and "essay" not in reply.params["text"]
    with store_of(stack).sessions() as db:
        said = list(db.scalars(select(Message).order_by(Message.id)))
    assert [m.is_bot for m in said] == [False, True] and STOPPED in said[1].text
    eventually(lambda: statuses(stack, channel, root) == ["processing", "active"])


def test_someone_elses_stop_does_not_suppress_an_answer(stack: LocalStack) -> None:
    stack.anthropic.latency = 1.5  # (applies to unscripted answers: the offline echo)
    asked = stack.slack.user_dm(ALICE, "Write me an essay")
    channel, root = asked["channel"], asked["ts"]
    eventually(lambda: statuses(stack, channel, root) == ["processing"])
    stack.slack.press_stop("U0MALLORY", channel, root)  # a crafted event, or another person
    stack.slack.wait_for_acks(timeout=10)
    assert stack.slack.count_calls("chat.postMessage") == 0  # the answer is still being written
    reply = stack.slack.wait_for_call("chat.postMessage", in_thread(root), timeout=10)
    assert "Write me an essay" in reply.params["text"] and STOPPED not in reply.params["text"]
    assert stack.bot.wait_idle(10)
