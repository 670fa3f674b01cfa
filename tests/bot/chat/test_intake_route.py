"""Which session a thread reply belongs to (`Intake.route`), on SQLite and PostgreSQL: read on
a Core connection by prepared statements, as the ORM reads answered it before."""

from __future__ import annotations

from bot.chat.intake import Intake
from bot.slack.inbound import InboundMessage
from store import sessions as S
from store.clock import FakeClock
from store.db import Store


def _message(channel: str, ts: str, thread: str | None, *, mention: bool = False) -> InboundMessage:
    return InboundMessage(
        team="T1",
        channel=channel,
        channel_type="im" if channel.startswith("D") else "channel",
        user="U1",
        text="hello",
        ts=ts,
        thread_ts=thread,
        event_id=None,
        mentions_bot=mention,
    )


def test_a_thread_reply_is_routed_to_the_session_it_continues(
    store: Store, clock: FakeClock
) -> None:
    intake = Intake(store, clock)
    # A DM session holding the message 10.0; a channel thread session rooted at 20.0.
    assert intake.intake(_message("D1", "10.0", None)) is not None
    assert intake.intake(_message("C1", "20.0", None, mention=True)) is not None
    dm, thread = S.SessionKey("T1", "D1", "", "U1"), S.SessionKey("T1", "C1", "20.0", "U1")
    # In a DM: a reply under a message of its open session continues it; under another
    # message, it is a thread of its own.
    assert intake.route(_message("D1", "11.0", "10.0")) == dm
    assert intake.route(_message("D1", "12.0", "9.0")) == S.SessionKey("T1", "D1", "9.0", "U1")
    # In a channel: a reply in a thread with an open session continues it; in another thread,
    # only a mention starts one; otherwise the bot stays quiet.
    assert intake.route(_message("C1", "21.0", "20.0")) == thread
    assert intake.route(_message("C1", "31.0", "30.0")) is None
    assert intake.route(_message("C1", "32.0", "30.0", mention=True)) == S.SessionKey(
        "T1", "C1", "30.0", "U1"
    )
    # Once the thread's session is closed, a reply there without a mention is ignored.
    with store.sessions.begin() as db:
        found = S.find_open(db, thread)
        assert found is not None
        assert S.close(db, found.id, now=clock.now(), reason="test")
    assert intake.route(_message("C1", "22.0", "20.0")) is None
    with store.sessions.begin() as db:
        found = S.find_open(db, dm)
        assert found is not None
        assert S.close(db, found.id, now=clock.now(), reason="test")
    assert intake.route(_message("D1", "13.0", "10.0")) == S.SessionKey("T1", "D1", "10.0", "U1")
