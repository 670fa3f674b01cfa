"""A cap on the reply threads running Python at once.

Replies spend most of their time waiting (for the model, for Slack), and there may be hundreds
of them at once; but every runnable thread competes for the one interpreter lock, and the
threads that ack Slack's deliveries wait behind all of them. A reply thread holds a slot while it
works and gives it back while it waits on the network, so at most a few compete with the acks and
the others queue on a semaphore, which costs nothing while they wait.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager


class CpuSlots:
    """At most `n` threads inside `held()` at once, minus those inside `waiting()`."""

    def __init__(self, n: int) -> None:
        self._slots = threading.BoundedSemaphore(n)
        self._mine = threading.local()

    def _holding(self) -> bool:
        return bool(getattr(self._mine, "held", False))

    @contextmanager
    def held(self) -> Iterator[None]:
        """Run with a slot (re-entrant: a thread that holds one keeps it)."""
        if self._holding():
            yield
            return
        self._slots.acquire()
        self._mine.held = True
        try:
            yield
        finally:
            self._mine.held = False
            self._slots.release()

    @contextmanager
    def waiting(self) -> Iterator[None]:
        """Give the slot back while blocked on I/O (nothing to do for a thread without one)."""
        if not self._holding():
            yield
            return
        self._mine.held = False
        self._slots.release()
        try:
            yield
        finally:
            self._slots.acquire()
            self._mine.held = True
