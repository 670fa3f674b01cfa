"""A cap on the reply threads running Python at once, with replies before bookkeeping.

Replies spend most of their time waiting (for the model, for Slack), and there may be hundreds
of them at once; but every runnable thread competes for the one interpreter lock, and the
threads that ack Slack's deliveries wait behind all of them. A reply thread holds a slot while it
works and gives it back while it waits on the network, so at most a few compete with the acks and
the others queue, which costs nothing while they wait.

Work a person waits for (building a context, posting an answer) goes before work nobody waits
for (recording a posted reply, the stall guard's measurement): a thread inside `later()` gets a
slot only when no thread waits for one to get on with a reply, or once it has waited `patience`
seconds (so bookkeeping is delayed under a burst, never starved). In a burst of 200 messages this
moves every reply's bookkeeping after the last reply instead of before it.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager


class CpuSlots:
    """At most `n` threads inside `held()` at once, minus those inside `waiting()`."""

    def __init__(self, n: int, *, patience: float = 2.0) -> None:
        self._free = n
        self._eager = 0  # threads waiting for a slot to get on with a reply
        self._patience = patience
        lock = threading.Lock()
        # Two queues on one lock, so a freed slot wakes one thread, not every waiting one.
        self._eager_turn = threading.Condition(lock)
        self._lazy_turn = threading.Condition(lock)
        self._mine = threading.local()

    def _holding(self) -> bool:
        return bool(getattr(self._mine, "held", False))

    def _acquire(self, *, eager: bool) -> None:
        with self._eager_turn:
            if not eager:  # bookkeeping: step aside for replies, for `patience` at most
                deadline = time.monotonic() + self._patience
                while (self._free == 0 or self._eager) and (
                    left := deadline - time.monotonic()
                ) > 0:
                    self._lazy_turn.wait(left)
            # Then (and for replies at once) queue for the next free slot.
            self._eager += 1
            try:
                while self._free == 0:
                    self._eager_turn.wait()
            finally:
                self._eager -= 1
            self._free -= 1
            if self._free and not self._eager:
                self._lazy_turn.notify()  # a slot is still free and no reply wants it
        self._mine.held = True

    def _release(self) -> None:
        self._mine.held = False
        with self._eager_turn:
            self._free += 1
            if self._eager:
                self._eager_turn.notify()
            else:
                self._lazy_turn.notify()

    @contextmanager
    def held(self) -> Iterator[None]:
        """Run with a slot (re-entrant: a thread that holds one keeps it)."""
        if self._holding():
            yield
            return
        self._acquire(eager=True)
        try:
            yield
        finally:
            self._release()

    @contextmanager
    def waiting(self) -> Iterator[None]:
        """Give the slot back while blocked on I/O (nothing to do for a thread without one)."""
        if not self._holding():
            yield
            return
        self._release()
        try:
            yield
        finally:
            self._acquire(eager=True)

    @contextmanager
    def later(self) -> Iterator[None]:
        """Run work nobody is waiting for: behind every thread waiting to get on with a reply
        (at most `patience` seconds), then back to a normal slot."""
        if not self._holding():
            yield
            return
        self._release()
        self._acquire(eager=False)
        yield  # still holding a slot: the caller's `held()` gives it back
