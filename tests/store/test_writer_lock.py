"""SQLite writers queue on a file lock across processes (`seshat run --workers N`): while one
process is in a write transaction, another cannot take the lock; at commit it can."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from sqlalchemy import text

from store.db import WRITER_LOCK_SUFFIX, Store

PROBE = """
import fcntl, os, sys
fd = os.open(sys.argv[1], os.O_RDWR | os.O_CREAT, 0o600)
try:
    fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
except BlockingIOError:
    print("held")
else:
    print("free")
"""


def _probe(lock: Path) -> str:
    out = subprocess.run(
        [sys.executable, "-c", PROBE, str(lock)], capture_output=True, text=True, timeout=30
    )
    return out.stdout.strip()


def test_a_write_transaction_holds_the_lock_across_processes(tmp_path: Path) -> None:
    db = tmp_path / "seshat.db"
    store = Store.open(f"sqlite:///{db}")
    lock = db.with_name(db.name + WRITER_LOCK_SUFFIX)
    try:
        assert _probe(lock) == "free"
        with store.engine.connect() as conn:
            conn.execute(text("SELECT 1"))
            assert _probe(lock) == "free"  # reads take no lock
            conn.execute(
                text("INSERT INTO processed_events (key, received_at) VALUES ('k', '2026-01-01')")
            )
            assert _probe(lock) == "held"  # another process would queue here
            conn.commit()
            assert _probe(lock) == "free"
            conn.execute(
                text("INSERT INTO processed_events (key, received_at) VALUES ('j', '2026-01-01')")
            )
            assert _probe(lock) == "held"
            conn.rollback()
            assert _probe(lock) == "free"
    finally:
        store.close()
