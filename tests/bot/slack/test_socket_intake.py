"""Socket Mode intake (bot/slack/socket_intake.py): the thread reading the socket takes messages and
the bot's own events off it, one acking thread journals a batch with one fsync and acks it, the
dispatchers hand messages to Bolt; everything else goes through slack_sdk and Bolt as before."""

from __future__ import annotations

import time
from pathlib import Path

from slack_sdk.socket_mode.builtin import SocketModeClient
from slack_sdk.socket_mode.response import SocketModeResponse

from bot.doubles.stack import LocalStack
from bot.slack.journal import Journal, read_entries
from bot.slack.socket_intake import ack_text, ignored_self_event

ALICE = "U0ALICE01"


def test_a_batch_is_one_write_on_disk_in_order_when_append_many_returns(tmp_path: Path) -> None:
    journal = Journal(tmp_path, "me")
    seqs = journal.append_many([{"event": {"text": str(i)}} for i in range(5)])
    assert seqs == [1, 2, 3, 4, 5]
    assert [e.payload["event"]["text"] for e in read_entries(journal.path)] == list("01234")
    assert journal.append_many([]) == []
    for seq in seqs:
        journal.done(seq)
    assert journal.path.stat().st_size == 0
    journal.close()


def test_only_events_about_the_bot_itself_that_bolt_ignores_are_dropped() -> None:
    own = ("U0BOT", "B0BOT")
    assert ignored_self_event({"event": {"type": "message", "bot_id": "B0BOT"}}, own)
    assert ignored_self_event({"event": {"type": "reaction_added", "user": "U0BOT"}}, own)
    # Bolt hands these to listeners even when they are the bot's own.
    assert not ignored_self_event(
        {"event": {"type": "member_joined_channel", "user": "U0BOT"}}, own
    )
    assert not ignored_self_event({"event": {"type": "reaction_added", "user": "U0ALICE"}}, own)
    assert not ignored_self_event({"event": "a string"}, own)
    assert not ignored_self_event(None, own)


def test_every_delivery_of_a_conversation_is_acked_once_and_the_journal_empties(
    tmp_path: Path,
) -> None:
    # A DM, the bot's reply coming back as an event, a slash command (acked by Bolt with its
    # answer), a reaction: each acked exactly once, on its first attempt; the message stored
    # and answered once; nothing left in the journal.
    with LocalStack(tmp_path / "data", mode="socket") as stack:
        stack.slack.add_user(ALICE, "alice")
        msg = stack.slack.user_dm(ALICE, "hello there")
        reply = stack.slack.wait_for_call(
            "chat.postMessage", lambda c: c.params.get("thread_ts") == msg["ts"], timeout=20
        )
        own_ts = reply.response["ts"]
        stack.slack.wait_for_delivery(
            lambda d: (d.payload.get("event") or {}).get("ts") == own_ts, timeout=10
        )
        answer = stack.slack.slash_command(ALICE, msg["channel"], "/done")
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            if all(d.acked for d in stack.slack.deliveries):
                break
            time.sleep(0.05)
        deliveries = stack.slack.deliveries
        kinds = {
            (d.kind, (d.payload.get("event") or {}).get("type") or d.payload.get("command"))
            for d in deliveries
        }
        assert ("events_api", "message") in kinds and ("slash_commands", "/done") in kinds
        assert all(d.acked and d.attempts == 1 for d in deliveries), [
            (d.kind, d.attempts, d.acked) for d in deliveries
        ]
        # The slash command's ack carries Bolt's answer (it went through Bolt, not the taker).
        assert answer
        answers = [
            c
            for c in stack.slack.calls
            if c.method == "chat.postMessage" and c.params.get("thread_ts") == msg["ts"]
        ]
        assert len(answers) == 1
        journals = list((tmp_path / "data" / "journal").glob("*.jsonl"))
        assert journals and all(p.stat().st_size == 0 for p in journals)


def test_an_ack_is_the_text_slack_sdk_sends_for_it() -> None:
    class Sent(SocketModeClient):
        def send_message(self, message: str) -> None:
            self.sent.append(message)

    client = Sent(app_token="xapp-1-test", auto_reconnect_enabled=False)
    client.sent = []  # type: ignore[attr-defined]
    ids = ["1d3c5d5e-2b7a-4f0e-9e8a-3a3f9a1b2c3d", "", "é", 'a"b\\c', "\u2028x\x00"]
    try:
        for envelope_id in ids:
            client.send_socket_mode_response(SocketModeResponse(envelope_id=envelope_id))
    finally:
        client.close()
    assert [ack_text(envelope_id) for envelope_id in ids] == client.sent  # type: ignore[attr-defined]
