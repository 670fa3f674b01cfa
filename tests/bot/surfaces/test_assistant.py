"""The parts of assistant threads that need no running daemon: titles, prompts, the memory
answer, the event's normalisation, and the status signal against the local Slack workspace."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime

import pytest
from slack_sdk import WebClient

from bot.chat.working import STATUS, AssistantStatus
from bot.doubles.slack_workspace import LocalSlackWorkspace
from bot.slack.inbound import MalformedPayload, normalise_assistant_thread
from bot.surfaces.assistant import (
    MEMORY_PROMPT,
    memory_text,
    prompt_for,
    suggested_prompts,
    thread_title,
)
from writers.notes.about import KeptItem
from writers.skills.matching import UsableSkill

BOT = "U0SESHATBOT"


def test_a_title_is_redacted_plain_and_short() -> None:
    secret = "sk-ant-api03-" + "x7Qp2Lm9" * 6
    title = thread_title(f"<@{BOT}> my key {secret} fails in <#C01|deploys>", BOT)
    assert secret not in title and "x7Qp2Lm9" not in title
    assert title.startswith("my key [REDACTED") and title.endswith("fails in #deploys")
    long = thread_title("Please explain " + "very " * 30 + "carefully\nsecond line", BOT)
    assert len(long) <= 60 and long.endswith("very…") and "second" not in long
    assert thread_title("see <https://example.com/a|the runbook> now", BOT) == "see the runbook now"
    assert thread_title(f"<@{BOT}>  \n", BOT) == ""


def test_prompts_name_the_skills_then_ask_what_is_remembered() -> None:
    skills = [UsableSkill(f"skill-{i}", f"Use when doing thing {i}.") for i in range(5)]
    prompts = suggested_prompts(skills)
    assert len(prompts) == 4  # Slack's limit
    assert prompts[0] == {"title": "Skill 0", "message": "Doing thing 0."}
    assert prompts[-1] == {"title": MEMORY_PROMPT, "message": MEMORY_PROMPT}
    long = prompt_for(UsableSkill("a-" + "b" * 80, "x" * 500))
    assert len(long["title"]) <= 40 and len(long["message"]) <= 200


def test_the_memory_answer_lists_facts_and_notes_escaped() -> None:
    at = datetime(2026, 1, 5, tzinfo=UTC)
    items = [
        KeptItem("fact:1", "fact", "Prefers <b>short</b> answers", "abcdef123", at, "active"),
        KeptItem("note:2", "note", "Works on billing", None, at, "active"),
        KeptItem("session:s", "session", "deploy question", "s", at, "reflected"),
    ]
    text = memory_text(items)
    assert (
        "Prefers &lt;b&gt;short&lt;/b&gt; answers _(from session abcdef12 on 2026-01-05)_" in text
    )
    assert "*Notes about you* (1)" in text and "1 recent conversation(s)" in text
    assert "keep no facts" in memory_text(items[2:])


def test_assistant_events_normalise_or_are_refused() -> None:
    event = {
        "type": "assistant_thread_started",
        "assistant_thread": {
            "user_id": "U1",
            "context": {"channel_id": "C1", "team_id": "T9", "enterprise_id": None},
            "channel_id": "D1",
            "thread_ts": "1700000000.000100",
        },
        "event_ts": "1700000000.000200",
    }
    thread = normalise_assistant_thread(event, {"team_id": "T1", "event_id": "Ev1"})
    assert (thread.team, thread.channel, thread.thread_ts, thread.user) == (
        "T1",
        "D1",
        "1700000000.000100",
        "U1",
    )
    assert thread.context_channel == "C1" and thread.event_id == "Ev1"
    with pytest.raises(MalformedPayload):
        normalise_assistant_thread({"type": "assistant_thread_started"}, {})
    with pytest.raises(MalformedPayload):
        normalise_assistant_thread({"assistant_thread": {"user_id": "U1"}}, {})


@pytest.fixture
def ws() -> Iterator[LocalSlackWorkspace]:
    with LocalSlackWorkspace() as workspace:
        workspace.add_user("U1", "ada")
        yield workspace


def test_the_status_is_set_cleared_only_without_a_reply_and_never_raises(
    ws: LocalSlackWorkspace,
) -> None:
    client = WebClient(base_url=ws.api_url, token=ws.bot_token)
    thread = ws.user_opens_assistant("U1")
    channel, root = thread["channel"], thread["thread_ts"]
    status = AssistantStatus(client, applies=lambda c, t: (c, t) == (channel, root))
    assert status.applies(channel, root) and not status.applies(channel, "")
    status.start(1, channel, "1.1", root)
    assert ws.assistant_thread(channel, root)["status"] == STATUS
    client.chat_postMessage(channel=channel, thread_ts=root, text="the answer")
    status.stop(1, channel, "1.1", root, replied=True)  # the reply cleared it: no call
    assert ws.count_calls("assistant.threads.setStatus") == 1
    status.start(2, channel, "1.2", root)
    status.stop(2, channel, "1.2", root, replied=False)  # no reply (Slack refused it)
    assert ws.assistant_thread(channel, root)["status"] == ""
    assert ws.count_calls("assistant.threads.setStatus") == 3
    status.start(3, "D0NOPE", "1.3", root)  # Slack refuses: logged, the answer goes on
    assert ws.calls[-1].response == {"ok": False, "error": "channel_not_found"}
