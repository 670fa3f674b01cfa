"""Assistant threads on SQLite and PostgreSQL: recorded once, titled once, forgotten."""

from __future__ import annotations

import threading

from store import assistant_threads as A
from store.clock import FakeClock
from store.db import Store


def test_a_thread_is_recorded_once_and_titled_once(store: Store, clock: FakeClock) -> None:
    where = {"channel": "D1", "thread_ts": "1700000000.000100"}
    with store.sessions.begin() as db:
        assert A.record(db, team="T1", user_id="U1", now=clock.now(), **where)
        assert not A.record(db, team="T1", user_id="U1", now=clock.now(), **where)
    with store.sessions() as db:
        assert A.is_assistant_thread(db, **where)
        assert not A.is_assistant_thread(db, channel="D1", thread_ts="1700000000.000200")
    with store.sessions.begin() as db:  # only the thread's own person titles it
        assert not A.claim_title(db, user_id="U2", now=clock.now(), **where)
    won: list[bool] = []

    def claim() -> None:
        with store.sessions.begin() as db:
            won.append(A.claim_title(db, user_id="U1", now=clock.now(), **where))

    threads = [threading.Thread(target=claim) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(won) == [False, False, False, True]
    with store.sessions.begin() as db:
        A.release_title(db, **where)
        assert A.claim_title(db, user_id="U1", now=clock.now(), **where)
        assert A.forget_user(db, "U1") == 1
    with store.sessions() as db:
        assert not A.is_assistant_thread(db, **where)
