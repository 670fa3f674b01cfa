"""Scheduled-job leases: one process per (job, period), across threads, processes and replicas.

Real SQLite files and a real PostgreSQL schema (the `store` fixture runs each test on both).
"""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
import threading
import time
from datetime import UTC, datetime
from pathlib import Path

from sqlalchemy import select

from store.db import Store
from store.leases import run_once
from store.models import JobLease

ROOT = Path(__file__).resolve().parents[2]
NOW = datetime(2026, 11, 23, 3, 17, tzinfo=UTC)
PERIODS = [f"2026-11-{day:02d}" for day in range(1, 21)]


def take(store: Store, job: str, period: str) -> bool:
    """run_once in its own committed transaction, as the scheduler wrapper does."""
    with store.sessions.begin() as db:
        return run_once(db, job, period, now=NOW)


def test_a_period_is_taken_once_and_a_new_period_once_again(store: Store) -> None:
    assert take(store, "decay", "2026-11-23")  # the first row for this job
    assert not take(store, "decay", "2026-11-23")
    assert take(store, "decay", "2026-11-24")  # the next day: the row moves once
    assert not take(store, "decay", "2026-11-24")
    # Jobs are independent.
    assert take(store, "dedupe", "2026-11-24")
    # A replica whose timer fired late (or whose clock lags) does not repeat an earlier period
    # that another replica already ran and moved past.
    assert not take(store, "decay", "2026-11-23")
    assert take(store, "decay", "2026-11-25")
    with store.sessions() as db:
        rows = {r.job: r.period for r in db.scalars(select(JobLease))}
    assert rows == {"decay": "2026-11-25", "dedupe": "2026-11-24"}


def test_two_threads_one_winner_per_period(store: Store) -> None:
    wins: dict[str, list[str]] = {p: [] for p in PERIODS}
    errors: list[BaseException] = []

    def replica(name: str, barrier: threading.Barrier) -> None:
        try:
            for period in PERIODS:
                barrier.wait(timeout=30)
                if take(store, "sweep", period):
                    wins[period].append(name)
        except BaseException as exc:  # reported below, not lost in the thread
            errors.append(exc)
            barrier.abort()

    barrier = threading.Barrier(2)
    threads = [threading.Thread(target=replica, args=(n, barrier)) for n in ("a", "b")]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    assert not errors
    assert all(len(names) == 1 for names in wins.values()), wins


def test_the_first_insert_race_has_one_winner_and_leaves_the_loser_usable(store: Store) -> None:
    first = store.sessions()
    first.begin()
    assert run_once(first, "deferred", "2026-11-23", now=NOW)  # not committed yet
    result: list[object] = []

    def second() -> None:
        try:
            with store.sessions.begin() as db:
                result.append(run_once(db, "deferred", "2026-11-23", now=NOW))
                # The session is still usable after losing (the savepoint, not the transaction,
                # was rolled back), and commits.
                result.append(db.scalars(select(JobLease.owner)).all())
        except BaseException as exc:
            result.append(exc)

    t = threading.Thread(target=second)
    t.start()
    time.sleep(0.5)
    assert t.is_alive(), result  # waits for the first replica's transaction
    first.commit()
    first.close()
    t.join(30)
    assert result[0] is False and len(result[1]) == 1  # type: ignore[arg-type]


SCRIPT = textwrap.dedent(
    """
    import json, sys, time
    from datetime import UTC, datetime
    from pathlib import Path
    from store.db import Store
    from store.leases import run_once

    url, go, periods = sys.argv[1], Path(sys.argv[2]), json.loads(sys.argv[3])
    store = Store.open(url, migrate=False)
    now = datetime(2026, 11, 23, 3, 17, tzinfo=UTC)
    while not go.exists():
        time.sleep(0.005)
    won = []
    for period in periods:
        with store.sessions.begin() as db:
            if run_once(db, "decay", period, now=now):
                won.append(period)
    store.close()
    print(json.dumps(won))
    """
)


def test_two_processes_one_winner_per_period(store: Store, tmp_path: Path) -> None:
    import json

    url = store.engine.url.render_as_string(hide_password=False)
    url = url.replace("postgresql+psycopg://", "postgresql://")
    go = tmp_path / "go"
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    procs = [
        subprocess.Popen(
            [sys.executable, "-c", SCRIPT, url, str(go), json.dumps(PERIODS)],
            cwd=ROOT,
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for _ in range(2)
    ]
    time.sleep(1.0)  # both imported and connected, waiting for the go file
    go.touch()
    won: list[str] = []
    for proc in procs:
        out, err = proc.communicate(timeout=120)
        assert proc.returncode == 0, err
        won += json.loads(out.strip().splitlines()[-1])
    assert sorted(won) == sorted(PERIODS)  # every period exactly once across both processes
