"""A cap on the reply threads running Python at once, with replies before bookkeeping.

Replies spend most of their time waiting (for the model, for Slack), and there may be hundreds
of them at once; but every runnable thread competes for the one interpreter lock, and the
threads that ack Slack's deliveries wait behind all of them. A reply thread holds a slot while it
works and gives it back while it waits on the network, so at most a few compete with the acks and
the others queue, which costs nothing while they wait.

Under a burst, the order in which waiting threads get a slot decides the slowest reply. Starting
a reply (building its context, sending the model call) goes first, so every model call is on its
way as early as possible and the model's waits overlap; finishing one (posting the answer) next;
bookkeeping nobody waits for (recording a posted reply, the stall guard's measurement) last. A
thread waits behind more urgent ones for `patience` seconds at most, then queues like the most
urgent, so nothing is starved under sustained load.

`ElasticPool`: the reply threads themselves, grown to a burst and shrunk after it.
`concurrent.futures.ThreadPoolExecutor` keeps every thread it started for the life of the
process: after one burst of 200 replies the daemon held 200 idle threads (~0.11 MB each) for good.
Here a thread that found no work for `idle_seconds` ends; the next burst starts threads again.
"""

from __future__ import annotations

import threading
import time
from collections import deque
from collections.abc import Callable
from concurrent.futures import Future
from contextlib import AbstractContextManager, nullcontext
from typing import Any

# What a slot is wanted for, most urgent first: starting a reply (its context and model call:
# under a burst every model call should be on its way before anyone's answer is finished, since
# the model's wait is the long one and overlaps), finishing one (posting the answer the model
# gave), bookkeeping (recording a posted reply, measuring it).
START, FINISH, BOOKKEEPING = 0, 1, 2


class CpuSlots:
    """At most `n` threads inside `held()` at once, minus those inside `waiting()`."""

    def __init__(self, n: int, *, patience: float = 2.0) -> None:
        self._free = n
        self._patience = patience
        # Taken directly (`with self._lock`: a `Condition`'s own `with` is two Python calls).
        self._lock = lock = threading.Lock()
        self._waiting = [0, 0, 0]  # threads waiting for a slot, by what for
        # One queue per kind of work on one lock, so a freed slot wakes one thread, not all.
        self._turns = [threading.Condition(lock) for _ in self._waiting]
        self._mine = threading.local()

    @property
    def _eager(self) -> int:
        """Threads waiting to start a reply (tests read it)."""
        return self._waiting[START]

    def _holding(self) -> bool:
        return bool(getattr(self._mine, "held", False))

    def _acquire(self, level: int) -> None:
        """Wait for a slot behind every thread waiting for more urgent work, for `patience`
        seconds at most; after that, queue like the most urgent (delayed, never starved)."""
        with self._lock:
            deadline = time.monotonic() + self._patience
            self._waiting[level] += 1
            try:
                while not (self._free and not any(self._waiting[:level])):
                    left = deadline - time.monotonic()
                    if level and left <= 0:
                        self._waiting[level] -= 1
                        level = START
                        self._waiting[level] += 1
                        continue
                    self._turns[level].wait(left if level else None)
            finally:
                self._waiting[level] -= 1
            self._free -= 1
            self._wake()
        self._mine.held = True

    def _wake(self) -> None:
        """With the lock held: a free slot goes to the most urgent waiting kind of work."""
        if self._free:
            for level, count in enumerate(self._waiting):
                if count:
                    self._turns[level].notify()
                    return

    def _release(self) -> None:
        self._mine.held = False
        with self._lock:
            self._free += 1
            self._wake()

    def held(self) -> AbstractContextManager[None]:
        """Run with a slot (re-entrant: a thread that holds one keeps it); to start a reply."""
        return _AS_IS if self._holding() else _Held(self)

    def waiting(self) -> AbstractContextManager[None]:
        """Give the slot back while blocked on I/O (nothing to do for a thread without one);
        the slot taken again afterwards is for finishing the reply."""
        return _Waiting(self) if self._holding() else _AS_IS

    def later(self) -> AbstractContextManager[None]:
        """Run work nobody is waiting for: behind every thread waiting to start or finish a
        reply (at most `patience` seconds), then back to a normal slot."""
        if not self._holding():
            return _AS_IS
        with self._lock:
            # Nobody waits for a slot: giving it back and taking it again would end where it
            # started (the same slot, nobody woken), at ~30 k instructions a reply.
            queued = any(self._waiting)
        if queued:
            self._release()
            self._acquire(BOOKKEEPING)
        return _AS_IS  # still holding a slot: the caller's `held()` gives it back


# The slots' context managers as plain classes: a reply enters four (its drain, its context,
# its model call, its post) and `contextlib.contextmanager`'s generator costs ~5 k instructions
# each.
_AS_IS: AbstractContextManager[None] = nullcontext()


class _Held:
    """`CpuSlots.held` for a thread holding no slot: one taken, given back at the end."""

    __slots__ = ("_slots",)

    def __init__(self, slots: CpuSlots) -> None:
        self._slots = slots

    def __enter__(self) -> None:
        self._slots._acquire(START)

    def __exit__(self, *_exc: object) -> None:
        self._slots._release()


class _Waiting:
    """`CpuSlots.waiting` for a thread holding a slot: given back, one taken again after."""

    __slots__ = ("_slots",)

    def __init__(self, slots: CpuSlots) -> None:
        self._slots = slots

    def __enter__(self) -> None:
        self._slots._release()

    def __exit__(self, *_exc: object) -> None:
        self._slots._acquire(FINISH)


class KeyedLocks:
    """One lock per key, dropped when nobody holds or waits for it."""

    def __init__(self) -> None:
        self._guard = threading.Lock()
        self._locks: dict[str, tuple[threading.Lock, int]] = {}

    def acquire(self, key: str) -> None:
        """Block until `key` is ours."""
        with self._guard:
            lock, users = self._locks.get(key, (threading.Lock(), 0))
            self._locks[key] = (lock, users + 1)
        lock.acquire()

    def release(self, key: str) -> None:
        """Give `key` back."""
        with self._guard:
            lock, users = self._locks[key]
            if users == 1:
                del self._locks[key]
            else:
                self._locks[key] = (lock, users - 1)
        lock.release()


# A reply thread idle this long ends (the next burst starts new ones: ~0.1 ms each).
IDLE_SECONDS = 10.0


class ElasticPool:
    """Runs submitted calls on up to `max_workers` threads, each ending when idle for long."""

    def __init__(
        self, max_workers: int, *, idle_seconds: float = IDLE_SECONDS, name: str = "pool"
    ) -> None:
        if max_workers < 1:
            raise ValueError("max_workers must be at least 1")
        self._max = max_workers
        self._idle_seconds = idle_seconds
        self._name = name
        self._cond = threading.Condition()
        self._queue: deque[tuple[Future[Any], Callable[..., Any], tuple[Any, ...]]] = deque()
        self._threads: set[threading.Thread] = set()
        self._idle = 0
        self._started = 0
        self._closed = False

    @property
    def size(self) -> int:
        """Threads alive now (working or waiting for work)."""
        with self._cond:
            return len(self._threads)

    def submit(self, fn: Callable[..., Any], /, *args: Any) -> Future[Any]:
        """Queue `fn(*args)`; RuntimeError after `shutdown`."""
        future: Future[Any] = Future()
        with self._cond:
            if self._closed:
                raise RuntimeError("cannot submit after shutdown")
            self._queue.append((future, fn, args))
            if len(self._queue) > self._idle and len(self._threads) < self._max:
                self._started += 1
                thread = threading.Thread(
                    target=self._work, name=f"{self._name}_{self._started}", daemon=True
                )
                self._threads.add(thread)
                thread.start()
            else:
                self._cond.notify()
        return future

    def _next(self) -> tuple[Future[Any], Callable[..., Any], tuple[Any, ...]] | None:
        """The next task, or None when this thread should end (idle too long, or shut down)."""
        with self._cond:
            while True:
                if self._queue:
                    return self._queue.popleft()
                if self._closed:
                    break
                self._idle += 1
                woke = self._cond.wait(self._idle_seconds)
                self._idle -= 1
                if not woke and not self._queue:
                    break
            self._threads.discard(threading.current_thread())
            return None

    def _work(self) -> None:
        while (task := self._next()) is not None:
            future, fn, args = task
            if not future.set_running_or_notify_cancel():
                continue
            try:
                result = fn(*args)
            except BaseException as exc:
                future.set_exception(exc)
            else:
                future.set_result(result)
            del future, fn, args, task  # nothing of the task outlives it while idle

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        """Take no more work; with `cancel_futures` cancel what has not started; with `wait`
        return when every thread has ended."""
        with self._cond:
            self._closed = True
            if cancel_futures:
                while self._queue:
                    self._queue.popleft()[0].cancel()
            threads = list(self._threads)
            self._cond.notify_all()
        if wait:
            for thread in threads:
                thread.join()
