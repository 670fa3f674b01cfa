"""Stagnation and loops (seed 002), end to end over the loopback doubles: the real Bolt app,
slack_sdk and anthropic SDK. The model is the local Anthropic double answering from a responder.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from bot.chat.stall import CLEAR, CUE, LIFT, PERSIST, PIVOT, STOP, next_step
from bot.doubles.slack_workspace import Call
from bot.doubles.stack import LocalStack
from reflection.runner import transcript_lines
from store import events
from store.models import Message

ALICE = "U0ALICE"
BOB = "U0BOB"
OTHER_BOT, OTHER_BOT_ID = "U0OTHERBOT", "B0OTHER"
SECRET_TAIL = "Zq81vLx0PmT4sK9wY2nB7cR5dF3gH6jA1eU8iO0pQ"
SAME = "Try restarting the service with `systemctl restart app`, then check the logs again."


def reply_to(ts: str, channel: str) -> Any:
    def match(call: Call) -> bool:
        return call.params.get("channel") == channel and call.params.get("thread_ts") == ts

    return match


@pytest.fixture
def stack(tmp_path: Path) -> Iterator[LocalStack]:
    with LocalStack(
        tmp_path / "data",
        CHAT_TEMPERATURE=0.5,
        STALL_MAX_INTERVENTIONS=3,
        STALL_TEMPERATURE_LIFT=0.3,
        STALL_DECAY_TURNS=3,
    ) as s:
        s.slack.add_user(ALICE, "alice")
        s.slack.add_user(BOB, "bob")
        s.slack.add_user(OTHER_BOT, "otherbot", is_bot=True)
        yield s


def ask(stack: LocalStack, text: str) -> str:
    """Alice DMs the bot and waits for the answer; returns the answer's text."""
    mark = stack.slack.mark()
    msg = stack.slack.user_dm(ALICE, text)
    call = stack.slack.wait_for_call(
        "chat.postMessage", reply_to(msg["ts"], msg["channel"]), after=mark, timeout=15
    )
    assert stack.bot.wait_idle(10)
    return str(call.params.get("text"))


def session_events(stack: LocalStack) -> list[tuple[str, dict[str, Any]]]:
    store = stack.bot.store
    assert store is not None
    with store.sessions() as db:
        [session_id] = {m.session_id for m in db.query(Message)}
        return [(e.kind, dict(e.detail)) for e in events.of_session(db, session_id)]


def system_text(body: dict[str, Any]) -> str:
    return "\n".join(block["text"] for block in body["system"])


def test_repeating_model_climbs_the_ladder_in_order_then_stops_and_tells_the_owner(
    stack: LocalStack,
) -> None:
    stack.anthropic.responder = lambda _body: SAME
    questions = [
        "The app won't start after the upgrade.",
        "I did that, it still fails.",
        "Still failing, same error.",
        "No change. What else?",
        "It is still broken.",
        "Anything at all?",
        "Hello?",
    ]
    answers = [ask(stack, q) for q in questions]
    requests = [r for r in stack.anthropic.requests if r.path == "/v1/messages"]
    # The ladder's first step needs PERSIST (2) repeats in a row: the 2nd answer repeats the
    # 1st, the 3rd repeats again and gets the cue. Six model calls: the seventh message got the
    # stop message instead of a seventh call.
    assert PERSIST == 2
    assert len(requests) == 6
    assert answers[:6] == [SAME] * 6
    assert "going round in circles" in answers[6] and "How would you like to proceed" in answers[6]

    kinds = [kind for kind, _ in session_events(stack)]
    assert kinds == [CUE, LIFT, PIVOT, STOP]

    bodies = [r.body for r in requests]
    # Baseline (CHAT_TEMPERATURE) before the lift; the lift (0.5 + 0.3) on the call after it,
    # decaying towards the baseline on the next ones.
    assert [b.get("temperature") for b in bodies] == [0.5, 0.5, 0.5, 0.5, 0.8, 0.7]
    # A temperature is only accepted on the API version that takes it (the double checks).
    assert all(r.headers["anthropic-version"] == "2023-06-01" for r in requests)
    # Step 1: the novelty cue, as the last system block; identity untouched.
    assert not any("answered this way" in system_text(b) for b in bodies[:3])
    assert "You have answered this way 3 times" in bodies[3]["system"][-1]["text"]
    assert bodies[3]["system"][0]["text"] == bodies[0]["system"][0]["text"]
    assert "answered this way" not in system_text(bodies[4])
    # Step 3: the pivot: restart the framing, the repeated answers left out but the last one.
    assert "Start again: summarise" in bodies[5]["system"][-1]["text"]
    assert [m["role"] for m in bodies[5]["messages"]].count("assistant") == 1
    # Step 4: the owner is told.
    owner_dm = stack.slack.dm_channel(stack.owner)
    told = stack.slack.wait_for_message(owner_dm, lambda m: "going round in circles" in m["text"])
    assert "3 interventions" in told["text"]

    # The reflection sees every step, after the reply that caused it.
    store = stack.bot.store
    assert store is not None
    with store.sessions() as db:
        [session_id] = {m.session_id for m in db.query(Message)}
        lines = transcript_lines(db, session_id)
    shown = [line.text for line in lines if line.speaker.startswith("seshat event")]
    assert len(shown) == 4
    assert "take a different approach" in shown[0] and "temperature lifted to 0.8" in shown[1]
    assert "restarted the framing" in shown[2] and "stopped" in shown[3]
    first_event = next(i for i, line in enumerate(lines) if line.speaker.startswith("seshat"))
    assert lines[first_event - 1].speaker == "assistant"

    # The user's next message starts afresh: the model is asked again, with no cue.
    ask(stack, "OK, here is the exact error: permission denied on /var/run/app.sock")
    last = stack.anthropic.requests[-1].body
    assert "answered this way" not in system_text(last) and last.get("temperature") == 0.5


VARIED = [
    "Paris is the capital of France; it sits on the Seine.",
    "To rotate logs, configure logrotate with a weekly schedule and keep 7 files.",
    "A Python virtual environment isolates packages: python -m venv .venv, then activate it.",
    "PostgreSQL's EXPLAIN ANALYZE runs the query and shows the real timings of each node.",
    "For a 2-hour meeting across Tokyo and Berlin, 16:00 JST is 09:00 CET.",
    "Git rebase replays your commits on top of another branch; merge records both histories.",
]


def test_a_varied_conversation_triggers_nothing(stack: LocalStack) -> None:
    answers = iter(VARIED)
    stack.anthropic.responder = lambda _body: next(answers)
    for q in [
        "capital of France?",
        "how do I rotate logs?",
        "what is a venv?",
        "how do I see why a query is slow?",
        "meeting time Tokyo/Berlin?",
        "rebase vs merge?",
    ]:
        ask(stack, q)
    assert session_events(stack) == []
    bodies = [r.body for r in stack.anthropic.requests]
    assert all(b.get("temperature") == 0.5 for b in bodies)
    assert not any("answered this way" in system_text(b) for b in bodies)


def test_a_single_repeat_is_not_a_stall_and_the_ladder_stands_down_once_a_reply_moves_on(
    stack: LocalStack,
) -> None:
    # One repeat, then the model moves on: no step (a stall must persist).
    script = iter([SAME, SAME, VARIED[0], SAME, SAME, VARIED[1], VARIED[2], SAME, SAME])
    stack.anthropic.responder = lambda _body: next(script)
    for q in ["won't start", "still", "ok what's the capital of France?", "back to the app"]:
        ask(stack, q)
    assert session_events(stack) == []
    # A second repeat in a row (of the earlier answers): the cue. The next reply moves on: the
    # ladder stands down instead of climbing, so the next stall starts again from the cue.
    for q in ["still", "logs?", "meeting time?", "and the app?", "still broken"]:
        ask(stack, q)
    happened = session_events(stack)
    assert [kind for kind, _ in happened] == [CUE, CLEAR, CUE]
    assert happened[1][1]["after_steps"] == 1
    bodies = [r.body for r in stack.anthropic.requests if r.path == "/v1/messages"]
    assert len(bodies) == 9 and all(b.get("temperature") == 0.5 for b in bodies)
    # The reflection sees the standing down too.
    store = stack.bot.store
    assert store is not None
    with store.sessions() as db:
        [session_id] = {m.session_id for m in db.query(Message)}
        shown = [x.text for x in transcript_lines(db, session_id) if x.speaker.startswith("seshat")]
    assert "stood down after 1 step" in shown[1]


def test_the_firing_rule() -> None:
    rule = lambda streak, done: next_step(streak, done, max_interventions=3, persist=2)  # noqa: E731
    assert rule(0, 0) is None and rule(1, 0) is None  # nothing yet; one repeat is not a stall
    assert [rule(2 + k, k) for k in range(5)] == [CUE, LIFT, PIVOT, STOP, STOP]
    assert rule(0, 2) == CLEAR  # a reply that moves on: stand down
    assert next_step(1, 0, max_interventions=0, persist=1) == STOP


def bot_replies_in(stack: LocalStack, channel: str, root: str) -> int:
    return stack.slack.count_calls(
        "chat.postMessage",
        lambda c: (
            c.params.get("channel") == channel
            and c.params.get("thread_ts") == root
            and c.response.get("ok") is True
        ),
    )


def test_two_bots_looping_in_a_thread_are_stopped_and_a_person_resets_it(
    stack: LocalStack,
) -> None:
    channel = "C0LOOP"
    stack.slack.add_channel(channel, "loop")
    me = stack.slack.bot_user_id
    # The other bot answers everything with the same request; our model echoes it.
    mark = stack.slack.mark()
    root = stack.slack.bot_posts(OTHER_BOT, OTHER_BOT_ID, channel, f"<@{me}> please confirm")
    ts = root["ts"]
    for _ in range(10):
        try:
            stack.slack.wait_for_call(
                "chat.postMessage",
                lambda c: c.params.get("thread_ts") == ts,
                after=mark,
                timeout=4,
            )
        except TimeoutError:
            break
        mark = stack.slack.mark()
        stack.slack.bot_posts(OTHER_BOT, OTHER_BOT_ID, channel, f"<@{me}> please confirm", ts)
    assert stack.bot.wait_idle(10)
    stopped_at = bot_replies_in(stack, channel, ts)
    # The per-thread cap (4 a minute by default) and the stall ladder end it well before 10.
    assert 2 <= stopped_at <= 4
    stack.slack.bot_posts(OTHER_BOT, OTHER_BOT_ID, channel, f"<@{me}> please confirm?", ts)
    time.sleep(1.0)
    assert stack.bot.wait_idle(10)
    assert bot_replies_in(stack, channel, ts) == stopped_at  # still silent

    # A person writes in the thread (without mentioning the bot): the exchange starts afresh.
    stack.slack.user_posts(BOB, channel, "bots, what are you two doing?", thread_ts=ts)
    time.sleep(0.5)
    mark = stack.slack.mark()
    stack.slack.bot_posts(OTHER_BOT, OTHER_BOT_ID, channel, f"<@{me}> status report?", ts)
    stack.slack.wait_for_call(
        "chat.postMessage", lambda c: c.params.get("thread_ts") == ts, after=mark, timeout=10
    )
    assert bot_replies_in(stack, channel, ts) == stopped_at + 1


def test_other_bots_are_ignored_unless_they_mention_us_and_never_ourselves(
    tmp_path: Path,
) -> None:
    with LocalStack(tmp_path / "data", SLACK_ALLOW_BOTS="mentions") as stack:
        stack.slack.add_user(OTHER_BOT, "otherbot", is_bot=True)
        stack.slack.add_channel("C0BOTS", "bots")
        me = stack.slack.bot_user_id
        stack.slack.bot_posts(OTHER_BOT, OTHER_BOT_ID, "C0BOTS", "deploy finished")  # no mention
        mentioned = stack.slack.bot_posts(OTHER_BOT, OTHER_BOT_ID, "C0BOTS", f"<@{me}> hi")
        stack.slack.wait_for_call(
            "chat.postMessage", reply_to(mentioned["ts"], "C0BOTS"), timeout=10
        )
        assert stack.bot.wait_idle(10)
        assert stack.slack.count_calls("chat.postMessage") == 1
        # Our own post (the reply) came back as an event and was not answered.
        assert len([r for r in stack.anthropic.requests if r.path == "/v1/messages"]) == 1


def test_slack_allow_bots_none_ignores_even_mentions(tmp_path: Path) -> None:
    with LocalStack(tmp_path / "data", SLACK_ALLOW_BOTS="none") as stack:
        stack.slack.add_user(OTHER_BOT, "otherbot", is_bot=True)
        stack.slack.add_channel("C0BOTS", "bots")
        me = stack.slack.bot_user_id
        stack.slack.bot_posts(OTHER_BOT, OTHER_BOT_ID, "C0BOTS", f"<@{me}> hi")
        stack.slack.wait_for_acks()
        time.sleep(0.5)
        assert stack.bot.wait_idle(10)
        assert stack.slack.count_calls("chat.postMessage") == 0


def test_a_file_with_text_is_answered_and_its_metadata_is_in_the_transcript(
    stack: LocalStack,
) -> None:
    dm = stack.slack.dm_channel(ALICE)
    msg = stack.slack.user_shares_file(
        ALICE,
        dm,
        "why does this crash? token sk-ant-api03-" + SECRET_TAIL,
        [{"name": "crash.log", "mimetype": "text/plain", "size": 2048, "title": "crash.log"}],
    )
    call = stack.slack.wait_for_call("chat.postMessage", reply_to(msg["ts"], dm), timeout=10)
    assert "why does this crash?" in str(call.params.get("text"))  # the echo double
    assert stack.bot.wait_idle(10)
    store = stack.bot.store
    assert store is not None
    with store.sessions() as db:
        [user_line] = [m.text for m in db.query(Message) if not m.is_bot]
    assert "why does this crash?" in user_line
    assert "[file: crash.log (text/plain, 2.0 KB)]" in user_line
    assert SECRET_TAIL not in user_line  # redacted like any text
    # The model saw the file's metadata, never its content (no files:read, nothing fetched).
    said = stack.anthropic.requests[0].body["messages"][-1]["content"][0]["text"]
    assert "crash.log" in said
    assert not any(c.method.startswith("files.") for c in stack.slack.calls)

    # A file with no text is answered too.
    mark = stack.slack.mark()
    only = stack.slack.user_shares_file(
        ALICE, dm, "", [{"name": "diagram.png", "mimetype": "image/png", "size": 1_500_000}]
    )
    stack.slack.wait_for_call("chat.postMessage", reply_to(only["ts"], dm), after=mark, timeout=10)
    assert stack.bot.wait_idle(10)
    with store.sessions() as db:
        texts = [m.text for m in db.query(Message).order_by(Message.id) if not m.is_bot]
    assert texts[-1] == "[file: diagram.png (image/png, 1.5 MB)]"
