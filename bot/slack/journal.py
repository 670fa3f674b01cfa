"""The delivery journal: a Socket Mode event is written to disk (fsync) and acked at once; the
message is then stored and answered, and an event whose handling did not finish is handled again
from the journal — after a crash, by the next start on this host.

Why: Slack wants its ack within 3 s, and storing a message (dedupe, session, redaction, one
database transaction) takes milliseconds that queue behind each other in a burst. Appending a
line to a file is microseconds; concurrent appends share one fsync (group commit). A crash after
the ack loses nothing: the event is in the journal, and intake's dedupe makes a second handling
harmless.

One file per process (`<data>/journal/<pid>-<start>.jsonl`), held under an exclusive `flock`
for the process's lifetime, so another process can tell a dead one's journal (the lock is free)
from a live one's. Lines are `{"seq": n, "payload": {...}}` and `{"done": n}`; a torn last line
(a crash mid-write) is skipped. The file is emptied whenever every event in it is done.

The payloads are written as given: Socket Mode journals each event with its text already redacted
(`bot.slack.inbound.journal_copy`), so nothing unredacted is written to this file — not even to
disk blocks a truncate frees, or to a backup of the data dir taken while an event waits here.
"""

from __future__ import annotations

import fcntl
import json
import logging
import os
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Entry:
    """One journalled delivery."""

    seq: int
    payload: dict[str, Any]


class Journal:
    """This process's journal (see the module docstring)."""

    def __init__(self, directory: Path, name: str) -> None:
        directory.mkdir(parents=True, exist_ok=True)
        self.directory = directory
        self.path = directory / f"{name}.jsonl"
        fd = os.open(self.path, os.O_RDWR | os.O_CREAT | os.O_APPEND, 0o600)
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        self._fd = fd
        self._lock = threading.Lock()  # the buffer, the counters, the pending set
        self._flush = threading.Lock()  # one writer+fsync at a time; others share its fsync
        self._buffer: list[bytes] = []
        self._next = 1
        self._synced = 0
        self._pending: dict[int, tuple[float, dict[str, Any]]] = {}
        self._closed = False

    # Writing ----------------------------------------------------------------------------------

    def append(self, payload: dict[str, Any]) -> int:
        """Write `payload` durably; returns its sequence number once it is on disk."""
        return self.append_many([payload])[0]

    def append_many(self, payloads: list[dict[str, Any]]) -> list[int]:
        """Write `payloads` durably (one write and one fsync, shared with concurrent appends);
        returns their sequence numbers once they are on disk."""
        # Serialising is the costly part: outside the lock.
        bodies = [json.dumps(p, separators=(",", ":")) for p in payloads]
        seqs: list[int] = []
        with self._lock:
            # The numbers and the lines go into the buffer together: a flush covers every
            # number below `_next`, so none may be handed out before its line is buffered.
            now = time.monotonic()
            for payload, body in zip(payloads, bodies, strict=True):
                seq = self._next
                self._next += 1
                self._buffer.append(f'{{"seq":{seq},"payload":{body}}}\n'.encode())
                self._pending[seq] = (now, payload)
                seqs.append(seq)
        last = seqs[-1] if seqs else 0
        with self._flush:
            if self._synced >= last:
                return seqs  # an fsync that ran while we waited covered these lines
            with self._lock:
                lines, self._buffer = self._buffer, []
                upto = self._next - 1
            os.write(self._fd, b"".join(lines))
            os.fdatasync(self._fd)
            self._synced = upto
        return seqs

    def done(self, seq: int) -> None:
        """The event `seq` was handled (its message stored); no need to handle it again."""
        with self._lock:
            self._pending.pop(seq, None)
            empty = not self._pending
            if empty:
                self._buffer = []  # only "done" lines can be waiting: nothing is pending
            else:
                self._buffer.append(f'{{"done":{seq}}}\n'.encode())
        if empty:
            self._truncate()

    def _truncate(self) -> None:
        """Everything written is handled: empty the file (no raw text stays in it)."""
        with self._flush, self._lock:
            if self._pending or self._buffer or self._closed:
                return
            os.ftruncate(self._fd, 0)
            self._synced = self._next - 1

    def stale(self, older_than: float) -> list[Entry]:
        """This process's events not handled `older_than` seconds after they were acked."""
        cutoff = time.monotonic() - older_than
        with self._lock:
            return [Entry(seq, p) for seq, (at, p) in self._pending.items() if at < cutoff]

    def close(self) -> None:
        """At a clean stop: the file goes if everything in it was handled."""
        with self._flush, self._lock:
            if self._closed:
                return
            self._closed = True
            if self._buffer:
                os.write(self._fd, b"".join(self._buffer))
                self._buffer = []
            left = bool(self._pending)
            if not left:
                self.path.unlink(missing_ok=True)
            os.close(self._fd)
        if left:
            log.warning("journal kept: deliveries not handled yet", extra={"path": str(self.path)})

    # Reading others' journals ----------------------------------------------------------------

    def orphans(self) -> Iterator[tuple[Path, list[Entry]]]:
        """Journals of processes that are gone (their lock is free): each file with its
        unhandled entries. The caller handles them, then calls `forget(path)`."""
        for path in sorted(self.directory.glob("*.jsonl")):
            if path == self.path:
                continue
            try:
                fd = os.open(path, os.O_RDWR)
            except FileNotFoundError:
                continue  # another process took it a moment ago
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except OSError:
                os.close(fd)
                continue  # its process is alive
            try:
                yield path, read_entries(path)
            finally:
                os.close(fd)

    @staticmethod
    def forget(path: Path) -> None:
        """A dead process's journal whose entries were all handled."""
        path.unlink(missing_ok=True)


def read_entries(path: Path) -> list[Entry]:
    """The entries of a journal file not marked done (a torn last line is skipped)."""
    entries: dict[int, dict[str, Any]] = {}
    with path.open("rb") as f:
        for raw in f:
            try:
                record = json.loads(raw)
            except ValueError:
                continue
            if not isinstance(record, dict):
                continue
            if "done" in record:
                entries.pop(int(record["done"]), None)
            elif isinstance(record.get("payload"), dict):
                entries[int(record.get("seq", 0))] = record["payload"]
    return [Entry(seq, payload) for seq, payload in sorted(entries.items())]
