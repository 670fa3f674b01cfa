"""Runs reflections off the Slack threads: close → (reply stored) → reflect → fan out → cards.

Work is queued on a small pool; every step is guarded by the database's compare-and-set, so the
same session queued twice (the /done path and the recovery sweep, two replicas) reflects once.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor, wait
from datetime import timedelta

from sqlalchemy import select

from reflection.runner import Outcome, ReflectionRunner, reclaim_abandoned
from store import sessions as S
from store.clock import Clock, as_utc
from store.db import Store
from store.models import ChatSession, ReflectionRow, SessionState

log = logging.getLogger(__name__)
# A `reflecting` session this old was abandoned by a crash: hand it back to the queue.
STALE_REFLECTING = timedelta(minutes=15)


class ReflectionWorker:
    """Queues and runs session reflections and their fan-out."""

    def __init__(
        self,
        *,
        store: Store,
        runner: ReflectionRunner,
        clock: Clock,
        after: Callable[[Outcome], object],
        workers: int = 2,
    ) -> None:
        self.store = store
        self.runner = runner
        self.clock = clock
        self.after = after
        self._pool = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="seshat-reflect")
        self._lock = threading.RLock()
        self._inflight: dict[str, Future[Outcome | None]] = {}
        self._again: set[str] = set()
        self._closed = False
        # Told every finished reflection (after the fan-out), e.g. for the agent view's task
        # cards (bot/surfaces/agent.py); failures are logged.
        self.on_finished: Callable[[Outcome], object] | None = None

    def enqueue(self, session_id: str) -> Future[Outcome | None] | None:
        """Queue a session's reflection; if it is running here now, run it once more after."""
        with self._lock:
            if self._closed:
                return None
            if session_id in self._inflight:
                # The running attempt may have found the session not ready (a reply in flight);
                # the caller has news, so look again when it ends rather than dropping this.
                self._again.add(session_id)
                return self._inflight[session_id]
            return self._submit(session_id)

    def _submit(self, session_id: str) -> Future[Outcome | None]:
        # Called with self._lock held (an RLock: a finished future runs its callback at once).
        future = self._pool.submit(self._run, session_id)
        self._inflight[session_id] = future
        future.add_done_callback(lambda f: self._forget(session_id, f))
        return future

    def _forget(self, session_id: str, future: Future[Outcome | None]) -> None:
        with self._lock:
            if self._inflight.get(session_id) is future:
                del self._inflight[session_id]
            if session_id in self._again and not self._closed:
                self._again.discard(session_id)
                self._submit(session_id)

    def run_now(self, session_id: str, *, retry_failed: bool = False) -> Outcome:
        """Reflect in the calling thread (CLI), with fan-out."""
        outcome = self.runner.reflect(session_id, retry_failed=retry_failed)
        self._after(outcome)
        return outcome

    def _run(self, session_id: str) -> Outcome | None:
        try:
            outcome = self.runner.reflect(session_id)
        except Exception:
            log.exception("reflection crashed", extra={"session": session_id})
            return None
        self._after(outcome)
        return outcome

    def _after(self, outcome: Outcome) -> None:
        log.info(
            "reflection finished",
            extra={
                "session": outcome.session_id,
                "status": outcome.status,
                "reflection": outcome.reflection_id,
                "error": outcome.error,
            },
        )
        if outcome.status == "ok":
            try:
                self.after(outcome)
            except Exception:  # fan-out records per-writer failures itself; this is a last net
                log.exception("fan-out failed", extra={"reflection": outcome.reflection_id})
        if self.on_finished is not None:
            try:
                self.on_finished(outcome)
            except Exception:
                log.exception("after a reflection", extra={"session": outcome.session_id})

    def recover(self) -> int:
        """Queue sessions left behind: closing (e.g. after a restart), reflecting in a process
        that is gone (its budget reservation is given back), stale reflecting."""
        now = self.clock.now()
        queued = 0
        with self.store.sessions.begin() as db:
            reclaimed = reclaim_abandoned(db, now=now)
        if reclaimed:
            log.warning(
                "reclaimed reflections of a process that is gone", extra={"sessions": reclaimed}
            )
        with self.store.sessions.begin() as db:
            stale = db.scalars(
                select(ChatSession).where(ChatSession.state == SessionState.REFLECTING)
            ).all()
            for session in stale:
                last = db.scalars(
                    select(ReflectionRow.created_at)
                    .where(ReflectionRow.session_id == session.id)
                    .order_by(ReflectionRow.created_at.desc())
                ).first()
                since = as_utc(last or session.closed_at or now)
                if now - since > STALE_REFLECTING:
                    S.transition(
                        db, session.id, expected=SessionState.REFLECTING, to=SessionState.CLOSING
                    )
        with self.store.sessions() as db:
            ready = [s.id for s in S.in_states(db, [SessionState.CLOSING])]
        for session_id in ready:
            queued += self.enqueue(session_id) is not None
        return queued

    def run_deferred(self) -> int:
        """Queue sessions deferred by the daily cap (scheduled just after 00:00 UTC)."""
        with self.store.sessions() as db:
            deferred = [s.id for s in S.in_states(db, [SessionState.DEFERRED])]
        return sum(self.enqueue(sid) is not None for sid in deferred)

    def wait_idle(self, timeout: float = 30.0) -> bool:
        """Block until nothing is queued or running here (tests, the demo); True if idle."""
        deadline = time.monotonic() + timeout
        while True:
            with self._lock:
                pending = list(self._inflight.values())
            if not pending:
                return True
            left = deadline - time.monotonic()
            if left <= 0:
                return False
            wait(pending, timeout=left)

    def shutdown(self, timeout: float = 30.0) -> None:
        """Stop taking work; wait up to `timeout` for running reflections."""
        with self._lock:
            self._closed = True
            pending = list(self._inflight.values())
        # Queued-but-unstarted sessions stay `closing` in the database; recover() picks them up.
        self._pool.shutdown(wait=False, cancel_futures=True)
        for future in pending:
            try:
                future.result(timeout=timeout)
            except Exception:  # already logged in _run; shutting down regardless
                log.debug("reflection ended with an error during shutdown")
