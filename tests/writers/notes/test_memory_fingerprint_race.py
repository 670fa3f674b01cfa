"""Two threads recording MEMORY.md's fingerprint at once (a fresh data dir, a burst of first
messages) must not trip over each other's temporary file."""

from __future__ import annotations

import threading
from pathlib import Path

from writers.notes import memory


def test_concurrent_fingerprint_writes_never_collide(tmp_path: Path) -> None:
    (tmp_path / memory.MEMORY_FILE).write_text("- a note\n", encoding="utf-8")
    errors: list[BaseException] = []
    start = threading.Barrier(8)

    def record() -> None:
        start.wait()
        try:
            for _ in range(50):
                memory.record_fingerprint(tmp_path)
        except BaseException as exc:  # any failure fails the test
            errors.append(exc)

    threads = [threading.Thread(target=record) for _ in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    assert (tmp_path / memory.FINGERPRINT_FILE).read_text() == memory.fingerprint(tmp_path)
    assert not list(tmp_path.glob(".*.tmp"))
