"""Scheduled jobs that run once per period across replicas sharing the database.

Every replica schedules the same jobs; each run first takes the job's lease for its period
(`store.leases.run_once`, in its own committed transaction) and does the work only when it got it.
A period is the job's time bucket at the daemon's clock: the UTC day for daily jobs, the start of
the interval for interval jobs. Periods of one job sort in time order (the lease only moves
forward), so a replica whose timer fires late never repeats a period another one already ran.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from datetime import UTC, datetime

from store.clock import Clock
from store.db import Store
from store.leases import run_once

log = logging.getLogger(__name__)

Period = Callable[[datetime], str]


def daily(now: datetime) -> str:
    """The UTC day, e.g. "2026-11-23"."""
    return now.astimezone(UTC).strftime("%Y-%m-%d")


def every(seconds: float) -> Period:
    """The start of the `seconds`-long bucket `now` falls in, e.g. "2026-11-23T14:05:00"."""
    if seconds <= 0:
        raise ValueError("an interval must be positive")

    def period(now: datetime) -> str:
        start = now.timestamp() // seconds * seconds
        return datetime.fromtimestamp(start, UTC).strftime("%Y-%m-%dT%H:%M:%S")

    return period


def once_per_period(
    store: Store, clock: Clock, job: str, period: Period, work: Callable[[], object]
) -> Callable[[], bool]:
    """`work` wrapped to run only in the replica that takes `job`'s lease for the current period.

    The wrapper returns whether it ran the work here.
    """

    def run() -> bool:
        now = clock.now()
        bucket = period(now)
        with store.sessions.begin() as db:
            mine = run_once(db, job, bucket, now=now)
        if not mine:
            log.debug("job already taken for this period", extra={"job": job, "period": bucket})
            return False
        work()
        return True

    run.__name__ = run.__qualname__ = f"{job}_once_per_period"
    return run
