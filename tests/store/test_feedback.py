"""Feedback rows on SQLite and PostgreSQL: one per reply and person, the newest click wins."""

from __future__ import annotations

import threading
from datetime import timedelta

from alembic import command

from store import feedback
from store.clock import FakeClock
from store.db import Store, alembic_config, current_revision
from store.models import FeedbackRating, ReplyFeedback

UP, DOWN = FeedbackRating.POSITIVE, FeedbackRating.NEGATIVE


def click(store: Store, clock: FakeClock, user: str, rating: str, action_ts: str) -> str:
    with store.sessions.begin() as db:
        return feedback.record(
            db,
            session_id="s1",
            channel="D1",
            reply_ts="100.000002",
            answers_ts="100.000001",
            user_id=user,
            rating=rating,
            action_ts=action_ts,
            now=clock.now(),
        )


def test_a_second_click_replaces_the_first_and_older_clicks_never_win(
    store: Store, clock: FakeClock
) -> None:
    assert click(store, clock, "U1", DOWN, "200.000001") == "new"
    assert click(store, clock, "U1", DOWN, "200.000001") == "stale"  # the same delivery again
    clock.advance(timedelta(seconds=5))
    assert click(store, clock, "U1", UP, "205.000001") == "changed"
    # A redelivery of the first click, arriving late, does not bring the 👎 back.
    assert click(store, clock, "U1", DOWN, "200.000001") == "stale"
    assert click(store, clock, "U1", UP, "206.000001") == "same"
    assert click(store, clock, "U2", DOWN, "207.000001") == "new"
    with store.sessions() as db:
        rows = feedback.of_session(db, "s1")
        assert [(r.user_id, r.rating) for r in rows] == [("U1", UP), ("U2", DOWN)]
        assert feedback.negatives(db, "s1") == 1
        assert feedback.verdict([r.rating for r in rows]) == "negative"
        week = feedback.rates(db, since=clock.now() - timedelta(days=7))
    assert week == {
        "positive": 1,
        "negative": 1,
        "total": 2,
        "positive_share": 0.5,
        "sessions": 1,
        "people": 2,
    }


def test_racing_first_clicks_store_one_row(store: Store, clock: FakeClock) -> None:
    results: list[str] = []
    barrier = threading.Barrier(4)

    def go(i: int) -> None:
        barrier.wait()
        results.append(click(store, clock, "U1", DOWN if i % 2 else UP, f"300.00000{i}"))

    threads = [threading.Thread(target=go, args=(i,)) for i in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert results.count("new") == 1
    with store.sessions() as db:
        rows = db.query(ReplyFeedback).all()
    # Whatever the order, the stored rating is the one of the newest click.
    assert len(rows) == 1 and rows[0].action_ts == "300.000003" and rows[0].rating == DOWN


def test_migration_0012_goes_down_and_up_again(store: Store) -> None:
    config = alembic_config(store.engine)
    command.downgrade(config, "0011")
    assert current_revision(store.engine) == "0011"
    command.upgrade(config, "0012")
    assert current_revision(store.engine) == "0012"
    command.upgrade(config, "head")
