"""A 👍 reinforces the facts a reply used (writers/notes/uses.py), on SQLite and PostgreSQL: only
those the reply repeats beyond what was asked, once, never for a 👎, taken back with the 👍; a
forget or a rollback leaves no record of which contexts a fact was in."""

from __future__ import annotations

from datetime import datetime, timedelta
from pathlib import Path

import pytest
from sqlalchemy import func, select

from store import feedback
from store import sessions as S
from store.clock import FakeClock, as_utc
from store.db import Store
from store.models import FactInjection, MemoryEntry
from tests.support.lesson_helpers import add_fact
from writers.library.purge import Purge
from writers.library.rollback import rollback
from writers.notes import uses

USER, OWNER, THIRD = "U0USER", "U0OWNER", "U0THIRD"
ASKED = "Which Postgres version does staging run, and on which host?"
REPLY = "Staging runs Postgres 15, on the host pgstage-east."
USED = "The staging database runs Postgres 15 on host pgstage-east."
# Named by the question and echoed by the reply only in the question's own words.
NAMED = "Staging Postgres upgrades need a ticket for the change advisory board."
UNRELATED = "The design team prefers Figma for mock-ups."


@pytest.mark.parametrize(
    ("fact", "reply", "said", "expected"),
    [
        # Repeats the fact's own words beyond the question: a number, a host name.
        (USED, REPLY, ASKED, True),
        # Shares only the question's words ("staging", "postgres"): retrieval, not use.
        (NAMED, REPLY, ASKED, False),
        (UNRELATED, REPLY, ASKED, False),
        # One shared distinctive word is not enough when the fact has more to give, two are…
        ("Freezes start on 2026-12-18 and end after New Year.", "From 18 December.", "", False),
        (USED, "It's on pgstage-east.", ASKED + " Is it Postgres 15?", True),
        # …but a fact with one word beyond the question needs only that one.
        ("Postgres on staging is version 15.", "It runs 15.", ASKED, True),
        # Words the person said earlier in the session count as said, not as the fact's.
        (USED, REPLY, ASKED + " I think it's pgstage-east with Postgres 15?", False),
        # Stop words and one-letter tokens never count.
        ("It is what it is.", "It is what it is.", "", False),
        ("", REPLY, ASKED, False),
    ],
)
def test_the_used_rule(fact: str, reply: str, said: str, expected: bool) -> None:
    assert uses.used(fact, reply, said) is expected


class World:
    """USER's DM session with three facts in its context and one answered question."""

    def __init__(self, store: Store, clock: FakeClock) -> None:
        self.store, self.clock, self.clicks = store, clock, 0
        now = clock.now()
        with store.sessions.begin() as db:
            row, _ = S.get_or_open(db, S.SessionKey("T1", "D1", "t1", USER), now=now)
            self.sid = row.id
            self.facts = [
                add_fact(db, t, scope_kind="user", scope_id=USER, now=now, author_id=USER).id
                for t in (USED, NAMED)
            ]
            self.facts.append(
                add_fact(
                    db, UNRELATED, scope_kind="channel", scope_id="C1", now=now, author_id=THIRD
                ).id
            )
            uses.record(db, self.sid, self.facts, now)
            uses.record(db, self.sid, self.facts, now)  # a rebuilt context: still once each
        self.reply_ts = self.exchange(ASKED, REPLY)

    def exchange(self, asked: str, reply: str) -> str:
        self.clock.advance(timedelta(seconds=1))
        n = self.clock.now().timestamp()
        with self.store.sessions.begin() as db:
            for ts, is_bot, text in ((f"{n:.6f}", False, asked), (f"{n + 0.5:.6f}", True, reply)):
                S.add_message(
                    db,
                    session_id=self.sid,
                    channel="D1",
                    ts=ts,
                    user_id="UBOT" if is_bot else USER,
                    is_bot=is_bot,
                    text=text,
                    now=self.clock.now(),
                )
        return f"{n + 0.5:.6f}"

    def rate(self, rating: str, *, by: str = USER, reply_ts: str | None = None) -> uses.Settled:
        """A click, then the settle (as bot/surfaces/feedback.py does)."""
        self.clicks += 1
        self.clock.advance(timedelta(minutes=1))
        with self.store.sessions.begin() as db:
            feedback.record(
                db,
                session_id=self.sid,
                channel="D1",
                reply_ts=reply_ts or self.reply_ts,
                answers_ts=None,
                user_id=by,
                rating=rating,
                action_ts=f"3000.{self.clicks:06d}",
                now=self.clock.now(),
            )
            return uses.settle(db, self.sid, now=self.clock.now())

    def fact(self, i: int) -> tuple[int, datetime | None]:
        with self.store.sessions() as db:
            row = db.get(MemoryEntry, self.facts[i])
            assert row is not None
            last = row.last_accessed_at
            return row.access_count, as_utc(last) if last is not None else None

    def rows(self) -> int:
        with self.store.sessions() as db:
            return int(db.scalar(select(func.count()).select_from(FactInjection)) or 0)


@pytest.fixture
def world(store: Store, clock: FakeClock) -> World:
    return World(store, clock)


def test_a_thumbs_up_reinforces_only_the_facts_the_reply_used_and_only_once(
    world: World,
) -> None:
    assert world.rows() == 3
    done = world.rate("positive")
    assert done.reinforced == [world.facts[0]] and done.withdrawn == []
    assert world.fact(0) == (1, world.clock.now())
    assert world.fact(1) == (0, None) and world.fact(2) == (0, None)
    # Settled again (the fan-out, a redelivered click): counted once.
    with world.store.sessions.begin() as db:
        assert uses.settle(db, world.sid, now=world.clock.now()) == uses.Settled()
    # A second 👍'd reply using the same fact does not count it again.
    second = world.exchange("And the port?", "Port 5432 on pgstage-east, Postgres 15.")
    assert world.rate("positive", reply_ts=second).reinforced == []
    assert world.fact(0)[0] == 1


def test_a_thumbs_down_never_reinforces_and_taking_the_thumbs_up_back_undoes_it(
    world: World,
) -> None:
    assert world.rate("negative") == uses.Settled()
    assert world.fact(0) == (0, None)
    assert world.rate("positive").reinforced == [world.facts[0]]
    assert world.rate("negative").withdrawn == [world.facts[0]]
    assert world.fact(0) == (0, None)  # the time it had before is back
    assert world.rate("positive").reinforced == [world.facts[0]]
    # The session user's 👍 with an owner's 👎 on the same reply is a 👎.
    assert world.rate("negative", by=OWNER).withdrawn == [world.facts[0]]
    assert world.fact(0) == (0, None)


def test_a_fact_that_came_into_the_context_after_the_reply_was_not_used_by_it(
    store: Store, clock: FakeClock
) -> None:
    w = World.__new__(World)
    w.store, w.clock, w.clicks = store, clock, 0
    with store.sessions.begin() as db:
        row, _ = S.get_or_open(db, S.SessionKey("T1", "D1", "t2", USER), now=clock.now())
        w.sid = row.id
        w.facts = [add_fact(db, USED, scope_kind="user", scope_id=USER, now=clock.now()).id]
    w.reply_ts = w.exchange(ASKED, REPLY)
    with store.sessions.begin() as db:
        uses.record(db, w.sid, w.facts, clock.now() + timedelta(seconds=5))
    assert w.rate("positive") == uses.Settled()


def test_forgetting_a_fact_or_a_person_leaves_no_record_of_its_contexts(
    world: World, tmp_path: Path
) -> None:
    world.rate("positive")
    data = tmp_path / "data"
    data.mkdir()

    def purge(user: str, item: str | None = None) -> None:
        with world.store.sessions.begin() as db:
            Purge(
                db, user_id=user, item=item, data_dir=data, now=world.clock.now(), actor=user
            ).run(dry_run=False)

    purge(USER, f"fact:{world.facts[0]}")
    with world.store.sessions() as db:
        left = list(db.scalars(select(FactInjection.fact_id).order_by(FactInjection.fact_id)))
    assert left == world.facts[1:]
    # The owner's 👍 on another reply that used the channel fact reinforces it; the owner's
    # forget takes the 👍, and with it the reinforcement, away.
    other = world.exchange("Which tool for mock-ups?", "The design team uses Figma mock-ups.")
    assert world.rate("positive", by=OWNER, reply_ts=other).reinforced == [world.facts[2]]
    assert world.fact(2)[0] == 1
    purge(OWNER)
    assert world.fact(2) == (0, None)
    assert world.rows() == 2
    purge(USER)  # USER's session and their own fact go, and every record with them
    assert world.rows() == 0
    with world.store.sessions() as db:
        assert db.get(MemoryEntry, world.facts[2]) is not None  # THIRD's fact stays


def test_rollback_drops_the_records_and_what_the_sessions_thumbs_up_reinforced(
    world: World, tmp_path: Path
) -> None:
    world.rate("positive")
    with world.store.sessions.begin() as db:
        entry = db.get(MemoryEntry, world.facts[1])
        assert entry is not None
        entry.reflection_id = "r-named"
    kw = {
        "dry_run": False,
        "actor": OWNER,
        "now": world.clock.now(),
        "data_dir": tmp_path,
        "skills_dir": tmp_path / "skills",
    }
    # Rolling back the reflection that wrote a fact archives it and drops its records.
    with world.store.sessions.begin() as db:
        rollback(db, reflection_id="r-named", **kw)  # type: ignore[arg-type]
    assert world.rows() == 2
    # Rolling back the session takes back its 👍's reinforcement and drops its records.
    with world.store.sessions.begin() as db:
        dry = rollback(db, session_id=world.sid, **{**kw, "dry_run": True})  # type: ignore[arg-type]
    assert [(c.kind, c.action) for c in dry if c.kind == "fact_use"] == [("fact_use", "drop")]
    assert world.rows() == 2 and world.fact(0)[0] == 1  # a dry run changes nothing
    with world.store.sessions.begin() as db:
        rollback(db, session_id=world.sid, **kw)  # type: ignore[arg-type]
    assert world.rows() == 0
    assert world.fact(0) == (0, None)
