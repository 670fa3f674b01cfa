"""The delivery journal (bot/slack/journal.py): durable before the ack, emptied when handled, and a
dead process's journal is found and read by the next one; a live one's never is."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path

from slack_bolt import App
from slack_bolt.authorization import AuthorizeResult
from slack_sdk import WebClient

from bot.doubles.slack_payloads import Identity, event_callback, message_event, rich_text_blocks
from bot.slack.inbound import journal_copy, normalise_message
from bot.slack.journal import QUIET_SECONDS, Journal, JournalledIntake, read_entries
from writers.redact.redactor import redact_text


def test_entries_are_on_disk_when_append_returns_and_the_file_empties_when_all_are_done(
    tmp_path: Path,
) -> None:
    journal = Journal(tmp_path, "me")
    first = journal.append({"event": {"type": "message", "text": "one"}})
    second = journal.append({"event": {"type": "message", "text": "two"}})
    assert [e.payload["event"]["text"] for e in read_entries(journal.path)] == ["one", "two"]
    journal.done(first)
    assert journal.path.stat().st_size > 0  # "two" is not handled yet
    journal.done(second)
    assert journal.path.stat().st_size == 0  # no raw text stays behind
    third = journal.append({"event": {"type": "message", "text": "three"}})
    assert [e.seq for e in read_entries(journal.path)] == [third]
    journal.done(third)
    journal.close()
    assert not journal.path.exists()


def _appending(journal: Journal, texts: list[str]) -> tuple[list[threading.Thread], list[object]]:
    """One thread per text appending it; what each returned (a seq) or raised, in order."""
    out: list[object] = [None] * len(texts)

    def append(i: int, text: str) -> None:
        try:
            out[i] = journal.append({"event": {"type": "message", "text": text}})
        except OSError as exc:
            out[i] = exc

    threads = [
        threading.Thread(target=append, args=(i, t), daemon=True) for i, t in enumerate(texts)
    ]
    for thread in threads:
        thread.start()
    return threads, out


def _until(probe: Callable[[], bool]) -> None:
    deadline = time.monotonic() + 5
    while not probe():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.005)


def test_appends_waiting_on_one_write_all_return_once_it_is_on_disk(tmp_path: Path) -> None:
    journal = Journal(tmp_path, "me")
    texts = [f"m{i}" for i in range(10)]
    with journal._flush:  # the first appender to lead the write waits here
        threads, out = _appending(journal, texts)
        _until(lambda: journal._next == 11)  # every line is buffered; none is written yet
        time.sleep(0.05)
        assert all(thread.is_alive() for thread in threads)  # nobody acked before the fsync
        assert read_entries(journal.path) == []
    for thread in threads:
        thread.join(timeout=5)
    # Every waiter was woken (a waiter left asleep would still be alive) and its line is on disk.
    assert not any(thread.is_alive() for thread in threads)
    assert sorted(out) == list(range(1, 11))  # type: ignore[type-var]
    assert sorted(e.payload["event"]["text"] for e in read_entries(journal.path)) == texts
    journal.close()


def test_a_failed_write_fails_every_append_whose_line_it_held(tmp_path: Path) -> None:
    journal = Journal(tmp_path, "me")
    good = journal._fd
    read_only = os.open(journal.path, os.O_RDONLY)
    try:
        with journal._flush:
            threads, out = _appending(journal, ["lost one", "lost two"])
            _until(lambda: journal._next == 3)
            journal._fd = read_only  # the leader's write fails (as on a full disk)
        for thread in threads:
            thread.join(timeout=5)
        # Neither may be acked as written: both callers fall back to acking after the store.
        assert all(isinstance(result, OSError) for result in out), out
    finally:
        journal._fd = good
        os.close(read_only)
    seq = journal.append({"event": {"type": "message", "text": "next"}})  # the journal goes on
    assert [(e.seq, e.payload["event"]["text"]) for e in read_entries(journal.path)] == [
        (seq, "next")
    ]
    journal.close()


def test_stale_lists_only_what_was_not_handled_in_time(tmp_path: Path) -> None:
    journal = Journal(tmp_path, "me")
    seq = journal.append({"event": {"type": "message"}})
    assert [e.seq for e in journal.stale(older_than=0)] == [seq]
    assert journal.stale(older_than=60) == []
    journal.done(seq)
    assert journal.stale(older_than=0) == []
    journal.close()


def test_a_torn_last_line_and_done_marks_are_read_right(tmp_path: Path) -> None:
    path = tmp_path / "dead.jsonl"
    lines = [
        json.dumps({"seq": 1, "payload": {"n": 1}}),
        json.dumps({"seq": 2, "payload": {"n": 2}}),
        json.dumps({"done": 1}),
        '{"seq": 3, "payl',  # the process died mid-write
    ]
    path.write_text("\n".join(lines))
    assert [(e.seq, e.payload) for e in read_entries(path)] == [(2, {"n": 2})]


def test_a_dead_processes_journal_is_an_orphan_and_a_live_ones_is_not(tmp_path: Path) -> None:
    # A real process journals an event and dies without closing its journal.
    code = (
        "import os, sys; from pathlib import Path; from bot.slack.journal import Journal; "
        "j = Journal(Path(sys.argv[1]), 'dead'); j.append({'event': {'text': 'left behind'}}); "
        "os._exit(0)"
    )
    subprocess.run([sys.executable, "-c", code, str(tmp_path)], check=True)
    live = Journal(tmp_path, "live")  # held by this process
    live.append({"event": {"text": "in flight"}})
    me = Journal(tmp_path, "me")
    found = {path.name: [e.payload for e in entries] for path, entries in me.orphans()}
    assert found == {"dead.jsonl": [{"event": {"text": "left behind"}}]}
    me.forget(tmp_path / "dead.jsonl")
    assert not (tmp_path / "dead.jsonl").exists()
    assert dict(me.orphans()) == {}
    live.close()  # kept: its event was never marked done
    assert live.path.exists()
    me.close()


def test_only_other_peoples_messages_are_journalled() -> None:
    from bot.slack.socket_intake import journalled

    own = ("U0BOT", "B0BOT")
    assert journalled({"event": {"type": "message", "user": "U0ALICE", "text": "hi"}}, own)
    assert journalled({"event": {"type": "app_mention", "user": "U0ALICE"}}, own)
    assert not journalled({"event": {"type": "message", "user": "U0BOT"}}, own)
    assert not journalled({"event": {"type": "message", "bot_id": "B0BOT"}}, own)
    assert journalled({"event": {"type": "message", "bot_id": "B0OTHER", "user": "U0X"}}, own)
    assert not journalled({"event": {"type": "reaction_added", "user": "U0ALICE"}}, own)
    assert not journalled({"event": "a string"}, own)
    assert not journalled(["not", "a", "dict"], own)


# A message as Slack delivers it, with a secret in its text (and so in its blocks), a file whose
# preview quotes its content, and the app's verification token in the body.
SECRET = "xoxb-2024061100-9988776655-Zq8wLmT3vKs1PfRa0bYcNdXe"
FILE_CONTENT = "DATABASE_PASSWORD=hunter2-correct-horse"


def _delivered(text: str) -> dict[str, object]:
    ident = Identity(
        team_id="T0TEAM", team_domain="team", api_app_id="A0APP", bot_user_id="U0BOT",
        bot_id="B0BOT", verification_token="vErIfIcAtIoN42",
    )  # fmt: skip
    message = {
        "type": "message",
        "subtype": "file_share",
        "user": "U0ALICE",
        "text": text,
        "ts": "1700000000.000100",
        "thread_ts": "1699999999.000100",
        "team": "T0TEAM",
        "client_msg_id": "4f1c1c1e-0000-4000-8000-000000000001",
        "blocks": rich_text_blocks(text),
        "attachments": [{"fallback": text, "text": text}],
        "files": [
            {
                "id": "F0FILE",
                "name": "prod.env",
                "title": "prod.env",
                "mimetype": "text/plain",
                "filetype": "text",
                "size": 120,
                "preview": FILE_CONTENT,
                "url_private": "https://files.slack.com/files-pri/T0TEAM-F0FILE/prod.env",
            }
        ],
    }
    event = message_event(message, channel="D0ALICE", channel_type="im")
    return event_callback(ident, event, event_id="Ev0JOURNAL1")


def test_the_journal_copy_holds_no_secret_and_is_handled_as_the_delivery_is() -> None:
    payload = _delivered(f"deploy with {SECRET} please, then tell bob@example.com")
    copy = journal_copy(payload)
    written = json.dumps(copy).encode()
    for plain in (SECRET, "bob@example.com", FILE_CONTENT, "vErIfIcAtIoN42", "files-pri"):
        assert plain.encode() not in written, plain
    # What intake reads is all there, and it stores the same: the delivery's text redacted.
    event, body = payload["event"], payload
    assert isinstance(event, dict)
    live = normalise_message(event, body, bot_user_id="U0BOT", bot_id="B0BOT")
    replayed = normalise_message(copy["event"], copy, bot_user_id="U0BOT", bot_id="B0BOT")
    assert live is not None and replayed is not None
    assert replayed.text == redact_text(live.text) == redact_text(replayed.text)
    assert "[REDACTED:slack_token]" in replayed.text and "[REDACTED:email]" in replayed.text
    assert replayed.stored_text() == redact_text(live.stored_text())
    assert (replayed.ts, replayed.thread_ts, replayed.event_id, replayed.user, replayed.is_dm) == (
        live.ts,
        live.thread_ts,
        live.event_id,
        live.user,
        live.is_dm,
    )


def _bolt_app(handled: list[float]) -> App:
    """A real Bolt app whose message listener notes when it ran (no Slack needed: the
    authorization is given, and journalled events carry no signature)."""
    app = App(
        signing_secret="unused",
        client=WebClient(token="xoxb-test", base_url="http://127.0.0.1:9/"),
        authorize=lambda **_: AuthorizeResult(
            enterprise_id=None, team_id="T1", bot_token="xoxb-test", bot_user_id="UBOT"
        ),
        process_before_response=True,
        request_verification_enabled=False,
    )
    app.event("message")(lambda event: handled.append(time.monotonic()))
    return app


def _message(ts: str) -> dict[str, object]:
    return {
        "type": "event_callback",
        "team_id": "T1",
        "event_id": f"Ev{ts}",
        "event": {"type": "message", "user": "U1", "text": "hi", "channel": "D1", "ts": ts},
    }


def test_a_lone_message_is_handled_at_once_and_a_burst_is_acked_before_it_is_handled(
    tmp_path: Path,
) -> None:
    handled: list[float] = []
    intake = JournalledIntake(_bolt_app(handled), Journal(tmp_path, "me"))
    try:
        deadline = time.monotonic() + 5
        for ts in ("0.1", "1.1"):  # the first warms Bolt up; the second is timed
            handled.clear()
            accepted = time.monotonic()
            intake.handle_later(intake.accept([_message(ts)]))
            while not handled and time.monotonic() < deadline:
                time.sleep(0.005)
        assert handled and handled[0] - accepted < QUIET_SECONDS  # nothing waited for
        # A burst: deliveries keep arriving for 0.4 s after this one was acked. It is handled
        # only once they stop (the acks of a burst never wait behind its handling).
        handled.clear()
        entries = intake.accept([_message("2.1")])
        intake.arrived()  # the next delivery came in while this one was journalled
        intake.handle_later(entries)
        for _ in range(40):
            time.sleep(0.01)
            intake.arrived()
        last = time.monotonic()
        assert not handled
        while not handled and time.monotonic() < deadline + 5:
            time.sleep(0.005)
        assert handled and last <= handled[0] < last + QUIET_SECONDS + 0.5
        # Both stored: done in the journal. The entry is marked done once the listener has
        # returned, a moment after it recorded the time (later still on a loaded machine).
        while read_entries(intake.journal.path) and time.monotonic() < deadline + 10:
            time.sleep(0.005)
        assert read_entries(intake.journal.path) == []
    finally:
        intake.drain()
