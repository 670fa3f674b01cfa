"""The delivery journal: a message event (Socket Mode, and HTTP mode on SQLite) is written to
disk (fsync) and acked at once; the message is then stored and answered, and an event whose
handling did not finish is handled again from the journal — after a crash, by the next start on
this host. HTTP mode on PostgreSQL, whose replicas may run on several hosts, journals to a table
of the database instead (`DbJournal`): a dead replica's rows are handled by another one.

Why: Slack wants its ack within 3 s, and storing a message (dedupe, session, redaction, one
database transaction) takes milliseconds that queue behind each other in a burst. Appending a
line to a file is microseconds; concurrent appends share one fsync (group commit). A crash after
the ack loses nothing: the event is in the journal, and intake's dedupe makes a second handling
harmless.

One file per process (`<data>/journal/<pid>-<start>.jsonl`), held under an exclusive `flock`
for the process's lifetime, so another process can tell a dead one's journal (the lock is free)
from a live one's. Lines are `{"seq": n, "payload": {...}}` and `{"done": n}`; a torn last line
(a crash mid-write) is skipped. The file is emptied whenever every event in it is done.

The payloads are written as given: `JournalledIntake.accept`, which both modes go through,
journals each event with its text already redacted (`bot.slack.inbound.journal_copy`), so
nothing unredacted is written to this file — not even to disk blocks a truncate frees, or to a
backup of the data dir taken while an event waits here.
"""

from __future__ import annotations

import fcntl
import json
import logging
import os
import queue
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any, Protocol

from slack_bolt import App
from slack_bolt.request import BoltRequest
from sqlalchemy import Engine
from sqlalchemy.exc import SQLAlchemyError

from bot.slack.inbound import journal_copy
from store import intake_journal
from store.db import Store, make_engine
from store.leases import PROCESS

log = logging.getLogger(__name__)
# Handlers of acked events at once (CPU work on the interpreter lock, writes on one SQLite
# writer: more would only add threads competing for the lock the acks need).
DISPATCHERS = 4
# Acks before handling: in a burst, a dispatcher holds an acked event while later deliveries
# keep arriving, until none has arrived for QUIET_SECONDS or it has waited HOLD_SECONDS (a
# steady stream is not a burst); a lone message is handled at once. Acking is a little Python and
# a shared fsync; handling is Bolt and a database transaction, and both need the one
# interpreter lock: handled at once, a burst of 200 HTTP deliveries made each ack wait behind
# the handling of those before it (p99 ~1.7 s on the 2-core VM; held, ~0.2 s: measured.md).
QUIET_SECONDS = 0.05
HOLD_SECONDS = 1.0
JOURNALLED_EVENTS = ("message", "app_mention")
# One encoder for every line: `json.dumps` with separators builds a new JSONEncoder per call
# (what `dumps` itself does only for its default arguments); the lines are the same bytes.
_ENCODE = json.JSONEncoder(separators=(",", ":")).encode
# How long a replica holds its journal rows in the database before another may take them over
# (it renews them every JOURNAL_RETRY_SECONDS of bot/daemon.py while it runs; a process gone
# from this host is taken over at once).
JOURNAL_LEASE = timedelta(seconds=120)
# The database journal deletes handled rows in groups, this long after the first of a group was
# stored: a burst's rows go in a few DELETEs, not one transaction per message.
DELETE_AFTER_SECONDS = 0.5
# Events about the bot itself that Bolt still hands to listeners (its IgnoringSelfEvents rule).
SELF_EVENTS_KEPT = ("member_joined_channel", "member_left_channel")


def own_event(event: dict[str, Any], own: tuple[str | None, str | None]) -> bool:
    """Is this event the bot's own doing (`own`: its user id and bot id)?"""
    user_id, bot_id = own
    return (user_id is not None and event.get("user") == user_id) or (
        bot_id is not None and event.get("bot_id") == bot_id
    )


def journalled(payload: Any, own: tuple[str | None, str | None] = (None, None)) -> bool:
    """Is this an Events API payload whose message we store (and so journal)? Not the bot's
    own posts, which come back as events and are dropped."""
    if not isinstance(payload, dict):
        return False
    event = payload.get("event")
    if not isinstance(event, dict) or event.get("type") not in JOURNALLED_EVENTS:
        return False
    return not own_event(event, own)


def ignored_self_event(payload: Any, own: tuple[str | None, str | None]) -> bool:
    """An event about the bot's own post or reaction, which no listener handles."""
    event = payload.get("event") if isinstance(payload, dict) else None
    return (
        isinstance(event, dict)
        and event.get("type") not in SELF_EVENTS_KEPT
        and own_event(event, own)
    )


@dataclass(frozen=True)
class Entry:
    """One journalled delivery."""

    seq: int
    payload: dict[str, Any]
    # time.monotonic() when it was accepted (for the dispatchers' hold; 0 when read back).
    accepted: float = field(default=0.0, compare=False)


class Journal:
    """This process's journal (see the module docstring)."""

    shared = False  # a dead process's file is handled at the next start on this host

    def __init__(self, directory: Path, name: str) -> None:
        directory.mkdir(parents=True, exist_ok=True)
        self.directory = directory
        self.path = directory / f"{name}.jsonl"
        fd = os.open(self.path, os.O_RDWR | os.O_CREAT | os.O_APPEND, 0o600)
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        self._fd = fd
        self._lock = threading.Lock()  # the buffer, the counters, the pending set
        self._flush = threading.Lock()  # one writer+fsync at a time (and truncate, close)
        # Group commit: one appender (the leader) writes and fsyncs everything buffered; the
        # others wait on `_synced_cond` and are all woken at once when it is on disk. (Waiting
        # in line for `_flush` instead woke them one at a time, each needing the interpreter
        # lock before it could let the next one go: a 32-thread burst's last ack waited for
        # the whole chain, 0.1-1 s behind CPU-bound threads: docs/notes/27-ack12.md.)
        self._synced_cond = threading.Condition(threading.Lock())
        self._leading = False  # an appender is writing and fsyncing (under `_synced_cond`)
        self._failed = 0  # the highest seq a failed write took out of the buffer
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
        bodies = [_ENCODE(p) for p in payloads]
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
        first = seqs[0] if seqs else 0
        with self._synced_cond:
            while True:
                if self._synced >= last:
                    return seqs  # an fsync that ran while we waited covered these lines
                if self._failed >= first:
                    raise OSError("the journal write holding these events failed")
                if not self._leading:
                    self._leading = True
                    break
                self._synced_cond.wait()
        upto = 0
        try:
            with self._flush:
                with self._lock:
                    lines, self._buffer = self._buffer, []
                    upto = self._next - 1
                os.write(self._fd, b"".join(lines))
                os.fdatasync(self._fd)
        except BaseException:
            with self._synced_cond:
                # Every line taken out of the buffer is lost: their appenders fail too (their
                # callers ack only after storing), rather than count as written.
                self._failed = max(self._failed, upto)
                self._leading = False
                self._synced_cond.notify_all()
            raise
        with self._synced_cond:
            self._synced = max(self._synced, upto)
            self._leading = False
            self._synced_cond.notify_all()
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


def _utcnow() -> datetime:
    return datetime.now(UTC)


class JournalStore(Protocol):
    """What `JournalledIntake` needs of a journal: the file one (`Journal`) or the database's
    (`DbJournal`)."""

    shared: bool

    def append_many(self, payloads: list[dict[str, Any]]) -> list[int]: ...
    def done(self, seq: int) -> None: ...
    def stale(self, older_than: float) -> list[Entry]: ...
    def orphans(self) -> Iterator[tuple[Any, list[Entry]]]: ...
    def forget(self, where: Any) -> None: ...
    def close(self) -> None: ...


class DbJournal:
    """The journal as rows of the database (HTTP mode on PostgreSQL, whose replicas may run on
    several hosts: a dead host's file journal would be out of reach, its rows are not).

    `append_many` commits one INSERT of the journal copies in its own short transaction on a
    small pool of its own (concurrent callers share one INSERT and commit, as they share the
    file journal's fsync); `done` deletes the row once the message is stored. `orphans` takes
    over rows whose owner is gone (this host, pid dead) or whose lease ran out, and renews this
    process's own leases first, so a live replica's rows are not taken while it works on them.
    Every replica runs it periodically (`shared`), not only at start.
    """

    shared = True  # other processes' rows are taken over while running, not only at start

    def __init__(
        self,
        engine: Engine,
        *,
        lease: timedelta = JOURNAL_LEASE,
        owns_engine: bool = False,
        wall: Callable[[], datetime] = _utcnow,
        delete_after: float = DELETE_AFTER_SECONDS,
    ) -> None:
        self._engine = engine
        self._owns_engine = owns_engine
        self._lease = lease
        self._wall = wall
        self._lock = threading.Lock()  # the buffer, the counters, the pending set
        self._flush = threading.Lock()  # one INSERT at a time; others share its commit
        self._deleting = threading.Lock()
        self._buffer: list[dict[str, Any]] = []
        self._next = 1
        self._synced = 0
        self._failed: set[int] = set()
        self._done: list[str] = []
        self._delete_after = delete_after
        self._timer: threading.Timer | None = None
        # seq -> (monotonic time accepted, payload, row id)
        self._pending: dict[int, tuple[float, dict[str, Any], str]] = {}
        self._closed = False

    @classmethod
    def for_store(cls, store: Store) -> DbJournal:
        """On PostgreSQL, a pool of its own (2 connections, +4 in a burst; autocommit; no
        pre-ping round trip: a dead connection fails the INSERT, and the caller then acks after
        the store);
        on SQLite (tests), the store's engine and its writer lock."""
        if store.is_sqlite:
            return cls(store.engine)
        url = store.engine.url.render_as_string(hide_password=False)
        # Autocommit: the group's one INSERT is its own transaction, one round trip (BEGIN,
        # INSERT, COMMIT were three, each giving the interpreter lock away and waiting for it
        # again behind the burst's other threads: ~17 ms per group under load, docs/measured.md).
        engine = make_engine(
            url,
            pool_size=2,
            max_overflow=4,
            pool_timeout=5,
            pool_pre_ping=False,
            isolation_level="AUTOCOMMIT",
        )
        with engine.connect():
            pass  # connected now, not inside the first ack of a burst
        return cls(engine, owns_engine=True)

    def _key(self, seq: int) -> str:
        return f"{PROCESS}/{seq}"

    def append_many(self, payloads: list[dict[str, Any]]) -> list[int]:
        """Commit `payloads` (one INSERT, shared with concurrent callers); their sequence
        numbers once committed. OSError when the database would not take them."""
        now = self._wall()
        until = now + self._lease
        rows = [intake_journal.row("", p, now=now, until=until) for p in payloads]
        seqs: list[int] = []
        with self._lock:
            started = time.monotonic()
            for payload, row in zip(payloads, rows, strict=True):
                seq = self._next
                self._next += 1
                row["id"] = self._key(seq)
                row["seq"] = seq
                self._buffer.append(row)
                self._pending[seq] = (started, payload, row["id"])
                seqs.append(seq)
        last = seqs[-1] if seqs else 0
        with self._flush:
            if self._synced < last:
                with self._lock:
                    batch, self._buffer = self._buffer, []
                    upto = self._next - 1
                try:
                    with self._engine.begin() as conn:
                        intake_journal.append(
                            conn, [{k: v for k, v in r.items() if k != "seq"} for r in batch]
                        )
                except SQLAlchemyError as exc:
                    log.error("journal INSERT failed: %s", type(exc).__name__)
                    with self._lock:
                        for r in batch:
                            self._failed.add(r["seq"])
                            self._pending.pop(r["seq"], None)
                self._synced = upto
        with self._lock:
            if any(seq in self._failed for seq in seqs):
                self._failed.difference_update(seqs)
                for seq in seqs:
                    self._pending.pop(seq, None)
                raise OSError("the journal's INSERT failed")
        return seqs

    def done(self, seq: int) -> None:
        """The event `seq` was stored: its row goes, with the others stored within
        DELETE_AFTER_SECONDS, in one DELETE (a row left by a crash before it is handled again
        from the journal, which intake's dedupe makes a no-op)."""
        with self._lock:
            entry = self._pending.pop(seq, None)
            if entry is None:
                return
            self._done.append(entry[2])
            if self._timer is not None or self._closed:
                return
            self._timer = threading.Timer(self._delete_after, self._delete_later)
            self._timer.daemon = True
            self._timer.start()

    def _delete_later(self) -> None:
        with self._lock:
            self._timer = None
        self._delete_done()

    def _delete_done(self) -> None:
        with self._deleting:
            with self._lock:
                keys, self._done = self._done, []
            if not keys:
                return
            try:
                with self._engine.begin() as conn:
                    intake_journal.remove(conn, keys)
            except SQLAlchemyError as exc:  # handled already: the rows go at the next try
                log.warning("journal DELETE failed (%s); tried again later", type(exc).__name__)
                with self._lock:
                    self._done.extend(keys)

    def stale(self, older_than: float) -> list[Entry]:
        """This process's events not handled `older_than` seconds after they were acked."""
        self._delete_done()
        cutoff = time.monotonic() - older_than
        with self._lock:
            return [Entry(seq, p) for seq, (at, p, _) in self._pending.items() if at < cutoff]

    def orphans(self) -> Iterator[tuple[Any, list[Entry]]]:
        """Renew this process's leases, then take over the rows of processes that are gone
        (or silent past their lease): one batch, to handle and then `forget`."""
        now = self._wall()
        until = now + self._lease
        with self._lock:
            mine = [key for _, _, key in self._pending.values()]
        with self._engine.begin() as conn:
            intake_journal.renew(conn, mine, until=until)
            taken = intake_journal.take_over(conn, now=now, until=until)
        if not taken:
            return
        entries: list[Entry] = []
        with self._lock:
            for key, payload in taken:
                seq = self._next
                self._next += 1
                # Accepted long ago as far as `stale` is concerned: a failed handling is
                # retried by the next `retry`.
                self._pending[seq] = (0.0, payload, key)
                entries.append(Entry(seq, payload))
        yield [e.seq for e in entries], entries

    def forget(self, where: object) -> None:
        """Every entry of a batch from `orphans` was handled: their rows go."""
        seqs = where if isinstance(where, list) else []
        with self._lock:
            for seq in seqs:
                entry = self._pending.pop(seq, None)
                if entry is not None:
                    self._done.append(entry[2])
        self._delete_done()

    def close(self) -> None:
        """At a clean stop: handled rows go; unhandled ones stay for another replica."""
        with self._lock:
            if self._closed:
                return
            self._closed = True
            timer, self._timer = self._timer, None
        if timer is not None:
            timer.cancel()
        self._delete_done()
        with self._lock:
            left = len(self._pending)
        if left:
            log.warning("journal rows kept: deliveries not handled yet", extra={"left": left})
        if self._owns_engine:
            self._engine.dispose()


class JournalledIntake:
    """Acked, journalled events handed to Bolt on a few dispatcher threads (Socket Mode's and
    HTTP mode's intake alike).

    Whoever acks appends to `journal` first (`accept`); the dispatchers run Bolt on each event,
    whose listener stores the message, and mark it done. An event whose handling failed stays
    in the journal and is handled again by `retry` (a periodic job); a dead process's journal
    is handled by `replay_orphans` at the next start on the host. Intake's dedupe (event id,
    channel+ts) makes a second handling a no-op.
    """

    def __init__(self, app: App, journal: JournalStore, dispatchers: int = DISPATCHERS) -> None:
        self.app = app
        self.journal = journal
        # Acked events wait here for a dispatcher (a C-level queue: handing one over never
        # blocks the acking thread, unlike an executor's submit). None stops a dispatcher.
        self._acked: queue.SimpleQueue[Entry | None] = queue.SimpleQueue()
        self._last_arrival = 0.0  # time.monotonic() of the last delivery (a float: no lock)
        self._dispatchers = [
            threading.Thread(target=self._dispatch_loop, name=f"seshat-intake_{i}", daemon=True)
            for i in range(dispatchers)
        ]
        for thread in self._dispatchers:
            thread.start()

    def arrived(self) -> None:
        """A message came in (`accept` notes its own): handling waits until messages pause.

        Only people's messages count: the bot's own posts and reactions come back as events
        while a burst is handled, and counting them made the handling hold itself up."""
        self._last_arrival = time.monotonic()

    def accept(self, payloads: list[dict[str, Any]]) -> list[Entry]:
        """Journal `payloads` (one write and fsync, shared with concurrent callers); when this
        returns they may be acked, then handed over with `handle_later`. Raises OSError when the
        journal cannot be written (the caller then acks only after storing)."""
        self.arrived()
        now = self._last_arrival
        # What is journalled (and then handled) is the event with its text redacted
        # (`journal_copy`): raw text never reaches the disk, in either mode. It is also what
        # intake would store, so a replay after a crash stores and answers the same.
        payloads = [journal_copy(p) for p in payloads]
        seqs = self.journal.append_many(payloads)
        return [Entry(seq, payload, now) for payload, seq in zip(payloads, seqs, strict=True)]

    def handle_later(self, entries: list[Entry]) -> None:
        """Queue accepted entries for the dispatchers."""
        for entry in entries:
            self._acked.put(entry)

    def _dispatch_loop(self) -> None:
        while (entry := self._acked.get()) is not None:
            self._hold(entry.accepted)
            try:
                self._dispatch(entry)
            except Exception:  # _handled logs its own failures; this is a bug: keep going
                log.exception("dispatching a journalled event failed; it is retried")

    def _hold(self, accepted: float) -> None:
        """While deliveries arrived after this one was accepted and keep arriving, wait
        (asleep, off the interpreter lock), at most until HOLD_SECONDS after `accepted`."""
        while True:
            now, last = time.monotonic(), self._last_arrival
            if last <= accepted or now >= last + QUIET_SECONDS or now >= accepted + HOLD_SECONDS:
                return
            time.sleep(min(last + QUIET_SECONDS, accepted + HOLD_SECONDS) - now)

    def _dispatch(self, entry: Entry) -> bool:
        """Hand a journalled event to Bolt; done in the journal once the listener stored it."""
        if not self.handled(entry.payload):
            return False
        self.journal.done(entry.seq)
        return True

    def handled(self, payload: dict[str, Any]) -> bool:
        """Run Bolt on an event; True when its listener stored it (False: handle it again).

        Dispatched as a Socket Mode request in either mode: an HTTP delivery's signature was
        checked before it was journalled, and there is none to check again."""
        try:
            response = self.app.dispatch(BoltRequest(mode="socket_mode", body=payload))
        except Exception:
            log.exception("handling a journalled event failed; it is retried")
            return False
        if response.status >= 300:
            log.warning(
                "a journalled event was not stored (status %s); it is retried", response.status
            )
            return False
        return True

    def retry(self, older_than: float = 30.0) -> int:
        """Handle again this process's events whose handling failed; how many are now done. A
        journal shared across replicas (`DbJournal`) also takes over dead replicas' rows here."""
        done = sum(self._dispatch(entry) for entry in self.journal.stale(older_than))
        if self.journal.shared:
            done += self.replay_orphans()
        return done

    def replay_orphans(self) -> int:
        """Handle the events in journals of processes that died (same host); how many."""
        handled = 0
        for path, entries in self.journal.orphans():
            started = time.monotonic()
            ok = sum(self.handled(entry.payload) for entry in entries)
            if ok == len(entries):
                self.journal.forget(path)
            else:
                log.error(
                    "a dead process's journal was not handled in full; kept for the next start",
                    extra={"path": str(path), "left": len(entries) - ok},
                )
            handled += ok
            log.info(
                "replayed a dead process's journal",
                extra={
                    "path": str(path),
                    "events": len(entries),
                    "seconds": time.monotonic() - started,
                },
            )
        return handled

    def drain(self) -> None:
        """At stop, once nothing is acked any more: let acked events finish their handling,
        then close the journal."""
        for _ in self._dispatchers:
            self._acked.put(None)
        for thread in self._dispatchers:
            thread.join(timeout=30)
        self.journal.close()
