"""A real SIGKILL while the owner's review cards are being posted (issue 28): the writers have
committed and the reflection is applied, one card is out, the next is on its way. The restart
posts the rest at once, into the same thread, each card once, and the learning notice follows."""

from __future__ import annotations

import json
import signal
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from bot.doubles.anthropic_api import LocalAnthropicAPI
from bot.doubles.slack_workspace import LocalSlackWorkspace
from bot.doubles.stack import process_env, start_process, stop_process
from store.db import Store
from store.models import LearningNotice, ReflectionRow, ReviewItem

ALICE = "U0ALICE"
OWNER = "U0OWNER"
REFLECTION = json.dumps(
    {
        "outcome": "failure",
        "what_worked": "",
        "what_didnt": "Gave the wrong logrotate path first.",
        "should_skill": False,
        "memory_notes": ["The team keeps application logs for 7 days."],
        "persona_observations": ["Prefers numbered steps.", "Likes a one-line summary first."],
        "next_check_at": None,
        "user_model_updates": [],
        "lessons": [
            {
                "condition": "when asked where logrotate rules for the app live",
                "action": "point to /etc/logrotate.d/app, not /etc/logrotate.conf",
                "rationale": "the app ships its own rule file",
                "task_type": "ops",
            }
        ],
    }
)


def _wait(what: str, check: Callable[[], bool], timeout: float) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if check():
            return
        time.sleep(0.2)
    raise TimeoutError(f"timed out waiting for {what}")


def _items(store: Store) -> list[ReviewItem]:
    with store.sessions() as db:
        rows = db.query(ReviewItem).order_by(ReviewItem.id).all()
        db.expunge_all()
        return rows


def test_sigkill_while_posting_cards_then_restart_posts_the_rest_and_the_notice(
    tmp_path: Path,
) -> None:
    with LocalSlackWorkspace() as slack, LocalAnthropicAPI() as anthropic:
        slack.add_user(OWNER, "owner")
        slack.add_user(ALICE, "alice")
        owner_dm = slack.dm_channel(OWNER)
        env = process_env(slack, anthropic, tmp_path / "data", SLACK_OWNER_IDS=OWNER)
        anthropic.script("Edit /etc/logrotate.d/app.", REFLECTION)
        cards_seen: list[str] = []

        def second_card(params: dict[str, Any]) -> bool:
            if params.get("channel") == owner_dm and params.get("thread_ts"):
                cards_seen.append(str(params.get("text")))
                return len(cards_seen) == 2
            return False

        # The second card's post hangs: the process is killed while it waits for Slack.
        slack.faults.delay("chat.postMessage", 120, match=second_card)
        first = start_process(env, tmp_path)
        store: Store | None = None
        try:
            slack.wait_for_connection(timeout=60)
            msg = slack.user_dm(ALICE, "Where do logrotate rules for the app live?")
            slack.wait_for_call(
                "chat.postMessage", lambda c: c.params.get("thread_ts") == msg["ts"], timeout=60
            )
            time.sleep(0.5)  # the reply is recorded right after it is posted
            slack.slash_command(ALICE, slack.dm_channel(ALICE), "/done")
            _wait("the second card's post", lambda: len(cards_seen) >= 2, timeout=90)
            first.send_signal(signal.SIGKILL)
            first.wait(timeout=10)
        finally:
            if first.poll() is None:
                first.kill()
        store = Store.open(f"sqlite:///{tmp_path / 'data' / 'seshat.db'}")
        try:
            items = _items(store)
            assert len(items) == 3
            assert [i.card_ts is not None for i in items] == [True, False, False]
            with store.sessions() as db:
                [reflection] = db.query(ReflectionRow).all()
                assert reflection.applied_at is not None  # not a fan-out to resume
                assert db.query(LearningNotice).count() == 0
            restarted = time.monotonic()
            second = start_process(env, tmp_path)
            try:
                _wait(
                    "every card posted after the restart",
                    lambda: all(i.card_ts is not None for i in _items(store)),
                    timeout=60,
                )

                def notice_sent() -> bool:
                    with store.sessions() as db:
                        return db.query(LearningNotice).filter_by(state="sent").count() == 1

                _wait("the learning notice", notice_sent, timeout=30)
                took = time.monotonic() - restarted
                time.sleep(1.0)  # a duplicate would be on its way by now
            finally:
                stop_process(second, timeout=30)
            items = _items(store)
            # One summary; its three cards in its thread, each once.
            assert len({i.group_ts for i in items}) == 1
            in_dm = [m for m in slack.messages(owner_dm) if m.get("bot_id")]
            summaries = [m for m in in_dm if "needs your decision" in str(m.get("text"))]
            cards = [m for m in in_dm if m.get("thread_ts") == items[0].group_ts]
            cards = [m for m in cards if m["ts"] != items[0].group_ts]
            assert len(summaries) == 1
            assert sorted(m["ts"] for m in cards) == sorted(str(i.card_ts) for i in items)
            notices = [m for m in in_dm if str(m.get("text")).startswith("From ")]
            assert len(notices) == 1 and "waiting for an owner's approval" in notices[0]["text"]
            assert took < 60
        finally:
            store.close()
