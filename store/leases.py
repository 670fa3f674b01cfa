"""Who is working on what, across threads, processes and replicas.

A claim names its owner (`host:pid:token`, one token per process start) and holds until a time.
Another process may take the work over when the claim has expired, or at once when the owner ran
on this host and its process is gone (a restart after a crash does not wait for the lease).
"""

from __future__ import annotations

import os
import socket
import uuid
from datetime import datetime, timedelta

from sqlalchemy import delete, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from store.clock import as_utc
from store.models import JobLease

HOST = socket.gethostname()[:40]
PROCESS = f"{HOST}:{os.getpid()}:{uuid.uuid4().hex[:8]}"


def owner_is_gone(owner: str | None) -> bool:
    """True when `owner` certainly no longer runs: another start of this host's process, or a
    pid on this host that does not exist. Owners on other hosts are judged by their lease."""
    if not owner:
        return True
    if owner == PROCESS:
        return False
    parts = owner.split(":")
    if len(parts) < 3:
        return True
    host, pid_text = ":".join(parts[:-2]), parts[-2]
    if host != HOST:
        return False
    try:
        pid = int(pid_text)
    except ValueError:
        return True
    if pid == os.getpid():
        return True  # this pid, another token: an earlier start of a process with the same pid
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    except PermissionError:
        return False
    return False


def claimable(owner: str | None, lease_until: datetime | None, now: datetime) -> bool:
    """Whether work claimed by `owner` until `lease_until` may be taken over at `now`."""
    if owner is None or lease_until is None:
        return True
    return as_utc(lease_until) <= now or owner_is_gone(owner)


def run_once(db: Session, job: str, period: str, *, now: datetime) -> bool:
    """Take `job` for `period` (e.g. "2026-11-23" for a daily job): True in exactly one process
    across replicas sharing the database, False everywhere else. Commit before doing the work.

    A job's periods must sort in time order (fixed-width, most significant first): the row only
    moves forward, so a replica that comes late to a period — or to an earlier one, its timer
    late or its clock behind — finds it taken instead of running that period a second time.
    Call it first in its transaction: on SQLite the UPDATE takes the write lock before anything
    is read, on PostgreSQL a concurrent UPDATE waits and re-checks the moved row.
    """
    moved = db.execute(
        update(JobLease)
        .where(JobLease.job == job, JobLease.period < period)
        .values(period=period, owner=PROCESS, acquired_at=now)
    )
    if getattr(moved, "rowcount", 0) == 1:
        return True
    if db.scalars(select(JobLease.job).where(JobLease.job == job)).first() is not None:
        return False
    try:
        with db.begin_nested():
            db.add(JobLease(job=job, period=period, owner=PROCESS, acquired_at=now))
    except IntegrityError:
        return False  # another replica inserted the first row for this job at the same moment
    return True


def hold(db: Session, name: str, *, now: datetime, lease: timedelta) -> bool:
    """Take the piece of work called `name` (e.g. `card:42`) for this process: True for exactly
    one claimant while nobody holds it, its holder's `lease` ran out, or its holder is gone
    (this host, pid dead: a restart after a crash takes over at once). `let_go` when done.
    Rows live in `job_leases` beside the periodic jobs' (names never collide: they have a
    colon)."""
    row = db.scalars(select(JobLease).where(JobLease.job == name)).first()
    if row is None:
        try:
            with db.begin_nested():
                db.add(JobLease(job=name, period="held", owner=PROCESS, acquired_at=now))
        except IntegrityError:
            return False  # another claimant inserted it a moment ago
        return True
    if row.owner != PROCESS and not claimable(row.owner, row.acquired_at + lease, now):
        return False
    taken = db.execute(
        update(JobLease)
        .where(
            JobLease.job == name,
            JobLease.owner == row.owner,
            JobLease.acquired_at == row.acquired_at,
        )
        .values(owner=PROCESS, acquired_at=now)
        .execution_options(synchronize_session=False)
    )
    return getattr(taken, "rowcount", 0) == 1


def let_go(db: Session, names: list[str]) -> None:
    """Give up this process's holds on `names` (the work is done, or left for someone else)."""
    if names:
        db.execute(
            delete(JobLease)
            .where(JobLease.job.in_(names), JobLease.owner == PROCESS)
            .execution_options(synchronize_session=False)
        )
