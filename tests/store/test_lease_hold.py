"""Holding a piece of work (a review card being posted, issue 28): taken over at once from a
dead process on this host, from another host only when its lease ran out; one winner."""

from __future__ import annotations

import subprocess
import sys
from datetime import timedelta

from store.clock import FakeClock
from store.db import Store
from store.leases import HOST, PROCESS, hold, let_go
from store.models import JobLease

LEASE = timedelta(minutes=2)


def _set_owner(store: Store, name: str, owner: str, clock: FakeClock) -> None:
    with store.sessions.begin() as db:
        row = db.get(JobLease, name)
        assert row is not None
        row.owner, row.acquired_at = owner, clock.now()


def test_one_holder_and_let_go(store: Store, clock: FakeClock) -> None:
    with store.sessions.begin() as db:
        assert hold(db, "card:1", now=clock.now(), lease=LEASE)
    with store.sessions.begin() as db:
        assert hold(db, "card:1", now=clock.now(), lease=LEASE)  # this process again: its own
    _set_owner(store, "card:1", "otherhost:123:abcd", clock)
    with store.sessions.begin() as db:
        assert not hold(db, "card:1", now=clock.now(), lease=LEASE)
        let_go(db, ["card:1"])  # not ours: stays
    with store.sessions() as db:
        assert db.get(JobLease, "card:1") is not None


def test_another_host_is_waited_for_until_its_lease_ran_out(store: Store, clock: FakeClock) -> None:
    with store.sessions.begin() as db:
        assert hold(db, "card:2", now=clock.now(), lease=LEASE)
    _set_owner(store, "card:2", "otherhost:123:abcd", clock)
    clock.advance(LEASE - timedelta(seconds=1))
    with store.sessions.begin() as db:
        assert not hold(db, "card:2", now=clock.now(), lease=LEASE)
    clock.advance(timedelta(seconds=2))
    with store.sessions.begin() as db:
        assert hold(db, "card:2", now=clock.now(), lease=LEASE)
    with store.sessions() as db:
        row = db.get(JobLease, "card:2")
        assert row is not None and row.owner == PROCESS


def test_a_dead_process_on_this_host_is_taken_over_at_once(store: Store, clock: FakeClock) -> None:
    dead = subprocess.Popen([sys.executable, "-c", "pass"])
    dead.wait()
    with store.sessions.begin() as db:
        assert hold(db, "card:3", now=clock.now(), lease=LEASE)
    _set_owner(store, "card:3", f"{HOST}:{dead.pid}:dead0001", clock)
    with store.sessions.begin() as db:
        assert hold(db, "card:3", now=clock.now(), lease=LEASE)
