"""One daemon per data dir on SQLite: an exclusive `flock` on `seshat.lock` in it, held while
running.

Two `seshat run` started on one data dir (the same `.env` twice, a unit and a terminal) would
both answer every message and share one journal directory and skills repository. PostgreSQL
replicas are supported (leases in the database) and take no lock. The lock goes with the
process (a crash frees it).
"""

from __future__ import annotations

import fcntl
import os
from pathlib import Path
from typing import IO

from store.config import ConfigError

LOCK_FILE = "seshat.lock"


class DataDirLock:
    """Hold `path` locked for this process; `release()` (or exit) frees it."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._file: IO[str] | None = None

    def acquire(self, what: str) -> DataDirLock:
        """Take the lock, or raise a ConfigError naming the process that holds it."""
        handle = self.path.open("a+", encoding="utf-8")
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError as exc:
            handle.seek(0)
            holder = handle.read().strip() or "another process"
            handle.close()
            raise ConfigError(
                f"{what} is in use by another `seshat run` ({holder}, lock {self.path}). "
                "Stop that one first: two daemons on one data dir would both answer every "
                "message. To run several, use PostgreSQL (DATABASE_URL), a data dir each."
            ) from exc
        handle.seek(0)
        handle.truncate()
        handle.write(f"pid {os.getpid()} on {os.uname().nodename}\n")
        handle.flush()
        self._file = handle
        return self

    def release(self) -> None:
        """Free the lock (idempotent)."""
        if self._file is not None:
            fcntl.flock(self._file, fcntl.LOCK_UN)
            self._file.close()
            self._file = None
