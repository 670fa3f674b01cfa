"""Time as an injectable dependency, so tests move it instead of sleeping."""

from __future__ import annotations

import threading
from datetime import UTC, datetime, timedelta
from typing import Protocol


class Clock(Protocol):
    """Something that tells the current time."""

    def now(self) -> datetime:
        """Return the current time as an aware UTC datetime."""
        ...


class SystemClock:
    """The wall clock."""

    def now(self) -> datetime:
        """Return the current time as an aware UTC datetime."""
        return datetime.now(UTC)


class FakeClock:
    """A clock that only moves when told to (tests and benchmarks)."""

    def __init__(self, start: datetime | None = None) -> None:
        self._now = start or datetime(2026, 1, 15, 12, 0, tzinfo=UTC)
        self._lock = threading.Lock()

    def now(self) -> datetime:
        """Return the frozen time."""
        with self._lock:
            return self._now

    def advance(self, delta: timedelta | None = None, **kwargs: float) -> datetime:
        """Move the clock forward by `delta` (or timedelta(**kwargs)) and return the new time."""
        step = delta if delta is not None else timedelta(**kwargs)
        with self._lock:
            self._now += step
            return self._now

    def set(self, when: datetime) -> None:
        """Jump to `when`."""
        with self._lock:
            self._now = when


def as_utc(value: datetime) -> datetime:
    """Treat a naive datetime (SQLite hands them back) as UTC."""
    return value if value.tzinfo is not None else value.replace(tzinfo=UTC)
