"""Check-ins sent at their time, once: APScheduler's SQLAlchemy job store, claimed by a poller.

A reflection's `next_check_at` becomes a `checkins` row (`writers.notes.checkins`). Here it is
*armed*:
added as an APScheduler job (a date trigger at the due time) to a `SQLAlchemyJobStore` on the
project's database (`checkin_jobs`), so it survives restarts and lives in PostgreSQL when the
replicas share one. Who runs it:

- Not APScheduler's own loop. It fires on the wall clock, which a test cannot move, and every
  replica's scheduler would fire the same stored job (APScheduler 3 does not support job stores
  shared between schedulers). The scheduler that owns the job store here is only ever paused.
- A poller (`CheckinService.tick`, every `POLL_SECONDS` in every replica) asks the job store for
  the jobs due at the project `Clock`'s time and *deletes* each job's row before sending: the
  delete succeeds in exactly one process (a row-count of 1), so the row is the claim, on SQLite
  and PostgreSQL alike. The check-in row's compare-and-set `scheduled → sending` guards the send
  once more (a job re-armed by a slow replica finds it already sent).

So a test with a `FakeClock` is real: the due time sits in APScheduler's row, and moving the clock
past it is what makes the next tick send. Sending is at most once: a process that dies between
the claim and Slack's answer leaves the check-in `sending` (listed by `seshat checkins list`),
never sent twice. A check-in found more than `LATE_GRACE` after its time (the bot was down) is
skipped instead of arriving out of context.

Cancelled if the user starts a session on the same topic first (`same_topic`): a later session of
the same user in the same Slack thread, or one whose opening messages are close to the check-in's
topic (the first messages of the session it came from, plus what was left open) by embedding
cosine ≥ the calibrated `TOPIC_THRESHOLDS` (bench/checkin_topic.py).
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

from apscheduler.jobstores.base import JobLookupError
from apscheduler.jobstores.sqlalchemy import SQLAlchemyJobStore
from apscheduler.schedulers.base import BaseScheduler
from slack_sdk import WebClient
from slack_sdk.errors import SlackApiError
from sqlalchemy import select, update

from bot.slack.web import dm_channel
from store.clock import Clock, as_utc
from store.db import Store
from store.leases import PROCESS
from store.ledger import audit
from store.models import CHECKIN_JOBS_TABLE, ChatSession, Checkin, CheckinState
from writers.embed import Embedder
from writers.notes.checkins import count_on_day, opening_text, utc_day

log = logging.getLogger(__name__)

JOBSTORE = "checkins"
POLL_SECONDS = 30
LATE_GRACE = timedelta(hours=12)
# Sessions opened this long before the last topic check are looked at again (a session whose
# first message was committed just after a check ran is not missed).
TOPIC_MARGIN = timedelta(minutes=5)
# Cosine between a check-in's topic and a later session's opening at or above which the session
# is "on the same topic". Calibrated on tests/support/data/checkin_topic_dev.json
# (bench/checkin_topic.py):
# the midpoint of the gap for WordLlama (unrelated ≤ 0.38, same ≥ 0.54); for the hashing fallback
# just above the highest unrelated pair (0.40), since a wrong cancel loses the check-in while a
# missed one only sends a DM the user may not need.
TOPIC_THRESHOLDS = {"wordllama": 0.46, "hashing": 0.42}
METADATA_EVENT = "seshat_checkin"


def checkin_due(checkin_id: str) -> None:
    """The callable a check-in's job names in the job store.

    The poller claims the job and sends the check-in itself (see the module docstring); this
    runs only if some other scheduler was pointed at `checkin_jobs`, and then sends nothing.
    """
    log.warning("a check-in job was run outside the poller", extra={"checkin": checkin_id})


class _PausedScheduler(BaseScheduler):  # type: ignore[misc]
    """An APScheduler scheduler that keeps jobs in its stores and never runs them itself."""

    def shutdown(self, wait: bool = True) -> None:
        """Stop the job stores."""
        super().shutdown(wait)

    def wakeup(self) -> None:
        """Nothing to wake: the scheduler is always paused."""


class CheckinJobs:
    """The check-ins' APScheduler job store (`checkin_jobs`) on the project's database."""

    def __init__(self, store: Store) -> None:
        self._jobstore = SQLAlchemyJobStore(engine=store.engine, tablename=CHECKIN_JOBS_TABLE)
        self._scheduler = _PausedScheduler(timezone=UTC, jobstores={JOBSTORE: self._jobstore})
        self._scheduler.start(paused=True)

    def add(self, checkin_id: str, due: datetime) -> None:
        """Store the check-in's job, due at `due` (replacing one already stored)."""
        self._scheduler.add_job(
            checkin_due,
            "date",
            run_date=as_utc(due),
            args=[checkin_id],
            id=checkin_id,
            name=f"check-in {checkin_id[:8]}",
            jobstore=JOBSTORE,
            replace_existing=True,
        )

    def due(self, now: datetime) -> list[str]:
        """Ids of the jobs due at `now`, earliest first."""
        return [str(job.id) for job in self._jobstore.get_due_jobs(now)]

    def pending(self) -> dict[str, datetime]:
        """Every stored job: check-in id → due time."""
        return {str(j.id): j.next_run_time for j in self._jobstore.get_all_jobs()}

    def claim(self, checkin_id: str) -> bool:
        """Delete the job's row: True in exactly one process, False if it was gone already."""
        try:
            self._jobstore.remove_job(checkin_id)
        except JobLookupError:
            return False
        return True

    def close(self) -> None:
        """Stop the paused scheduler (its job store keeps nothing in memory)."""
        if self._scheduler.running:
            # The job store disposes of the engine's pooled connections; the engine stays usable.
            self._scheduler.shutdown(wait=False)


@dataclass
class TickReport:
    """What one poll did."""

    armed: int = 0
    cancelled: int = 0
    sent: int = 0
    skipped: int = 0


def cancel(
    store: Store, jobs: CheckinJobs, checkin_id: str, *, actor: str, reason: str, now: datetime
) -> bool:
    """Cancel a scheduled check-in (and drop its job); False when it was not scheduled."""
    with store.sessions.begin() as db:
        moved = db.execute(
            update(Checkin)
            .where(Checkin.id == checkin_id, Checkin.state == CheckinState.SCHEDULED)
            .values(state=CheckinState.CANCELLED, reason=reason)
        )
        if getattr(moved, "rowcount", 0) != 1:
            return False
        audit(
            db,
            actor=actor,
            action="checkin.cancelled",
            target_kind="checkin",
            target_id=checkin_id,
            now=now,
            reason=reason,
        )
    jobs.claim(checkin_id)
    return True


class CheckinService:
    """Arms, cancels and sends check-ins; `tick()` is run every `POLL_SECONDS` by the daemon."""

    def __init__(
        self,
        *,
        store: Store,
        slack: WebClient,
        clock: Clock,
        embedder: Embedder,
        per_day: int,
    ) -> None:
        self.store = store
        self.slack = slack
        self.clock = clock
        self.embedder = embedder
        self.per_day = per_day
        self.jobs = CheckinJobs(store)

    def close(self) -> None:
        """Release the job store."""
        self.jobs.close()

    def tick(self) -> TickReport:
        """Arm new check-ins, cancel superseded ones, then send those due (in that order)."""
        report = TickReport()
        report.armed = self.arm()
        report.cancelled = self.cancel_superseded()
        sent, skipped = self.deliver_due()
        report.sent, report.skipped = sent, skipped
        return report

    # Arming ------------------------------------------------------------------------------------

    def arm(self) -> int:
        """Put every scheduled check-in not yet in the job store into it; returns how many."""
        with self.store.sessions() as db:
            todo = db.execute(
                select(Checkin.id, Checkin.due_at).where(
                    Checkin.state == CheckinState.SCHEDULED, Checkin.armed.is_(False)
                )
            ).all()
        for checkin_id, due in todo:
            self.jobs.add(checkin_id, due)
            with self.store.sessions.begin() as db:
                db.execute(update(Checkin).where(Checkin.id == checkin_id).values(armed=True))
        return len(todo)

    # Cancelling on a session about the same topic ----------------------------------------------

    def threshold(self) -> float:
        """The topic threshold for this process's embedder family."""
        family = self.embedder.name.split("-", 1)[0]
        return TOPIC_THRESHOLDS.get(family, TOPIC_THRESHOLDS["hashing"])

    def similarity(self, topic: str, opening: str) -> float:
        """Cosine between a check-in's topic and a session's opening."""
        vectors = self.embedder.embed([topic, opening])
        return float(vectors[0] @ vectors[1])

    def cancel_superseded(self) -> int:
        """Cancel check-ins whose user started a session on the same topic; returns how many."""
        now = self.clock.now()
        found: list[tuple[str, str]] = []
        with self.store.sessions() as db:
            scheduled = db.scalars(
                select(Checkin).where(Checkin.state == CheckinState.SCHEDULED)
            ).all()
            for c in scheduled:
                since = as_utc(c.topic_checked_at) - TOPIC_MARGIN
                later = db.scalars(
                    select(ChatSession)
                    .where(
                        ChatSession.team == c.team,
                        ChatSession.user_id == c.user_id,
                        ChatSession.id != c.session_id,
                        ChatSession.opened_at > since,
                    )
                    .order_by(ChatSession.opened_at)
                ).all()
                for s in later:
                    why = self._same_topic(c, s, opening_text(db, s.id))
                    if why:
                        found.append((c.id, why))
                        break
            checked = [c.id for c in scheduled]
        if checked:
            with self.store.sessions.begin() as db:
                db.execute(
                    update(Checkin).where(Checkin.id.in_(checked)).values(topic_checked_at=now)
                )
        cancelled = 0
        for checkin_id, why in found:
            cancelled += cancel(
                self.store, self.jobs, checkin_id, actor="seshat", reason=why, now=now
            )
        return cancelled

    def _same_topic(self, c: Checkin, s: ChatSession, opening: str) -> str:
        """Why session `s` is on `c`'s topic, or "" when it is not."""
        if c.thread_ts and s.channel == c.channel and s.thread_ts == c.thread_ts:
            return f"the user came back to the same thread (session {s.id[:8]})"
        if not opening.strip() or not c.topic.strip():
            return ""
        score = self.similarity(c.topic, opening)
        if score >= self.threshold():
            return f"the user started session {s.id[:8]} on the same topic (similarity {score:.2f})"
        return ""

    # Sending -----------------------------------------------------------------------------------

    def deliver_due(self) -> tuple[int, int]:
        """Claim and send every check-in due now; returns (sent, skipped)."""
        now = self.clock.now()
        sent = skipped = 0
        for checkin_id in self.jobs.due(now):
            if not self.jobs.claim(checkin_id):
                continue  # another replica deleted the row first: it sends this one
            outcome = self._deliver(checkin_id, now)
            sent += outcome == CheckinState.SENT
            skipped += outcome == CheckinState.SKIPPED
        return sent, skipped

    def _take(self, checkin_id: str, now: datetime) -> tuple[Checkin | None, str | None]:
        """Move the check-in to `sending` (or `skipped`); the row to send, or None and why."""
        with self.store.sessions.begin() as db:
            row = db.get(Checkin, checkin_id)
            if row is None or row.state != CheckinState.SCHEDULED:
                return None, None
            # One user's deliveries on one day queue here, so the cap is counted after the other
            # one committed (PostgreSQL); SQLite has one writer anyway.
            start, end = utc_day(row.due_at)
            db.execute(
                select(Checkin.id)
                .where(
                    Checkin.user_id == row.user_id,
                    Checkin.due_at >= start,
                    Checkin.due_at < end,
                )
                .with_for_update()
            ).all()
            moved = db.execute(
                update(Checkin)
                .where(Checkin.id == checkin_id, Checkin.state == CheckinState.SCHEDULED)
                .values(state=CheckinState.SENDING, owner=PROCESS)
            )
            if getattr(moved, "rowcount", 0) != 1:
                return None, None
            late = now - as_utc(row.due_at)
            taken = count_on_day(
                db, row.user_id, row.due_at, (CheckinState.SENDING, CheckinState.SENT)
            )
            why = None
            if late > LATE_GRACE:
                why = f"found {late.total_seconds() / 3600:.0f} h after its time (bot not running)"
            elif taken > self.per_day:  # `taken` counts this one
                why = f"{self.per_day} check-ins already sent to this person that day"
            if why is not None:
                db.execute(
                    update(Checkin)
                    .where(Checkin.id == checkin_id)
                    .values(state=CheckinState.SKIPPED, reason=why)
                )
                return None, why
            db.refresh(row)
            return row, None

    def _deliver(self, checkin_id: str, now: datetime) -> str | None:
        row, why = self._take(checkin_id, now)
        if row is None:
            if why:
                log.info("check-in skipped", extra={"checkin": checkin_id, "why": why})
                return CheckinState.SKIPPED
            return None
        try:
            # Only ever the session's own user: a DM opened with that one person.
            channel = dm_channel(self.slack, row.user_id)
            metadata: dict[str, Any] = {
                "event_type": METADATA_EVENT,
                "event_payload": {"checkin": row.id, "session": row.session_id},
            }
            posted = self.slack.chat_postMessage(channel=channel, text=row.text, metadata=metadata)
        except (SlackApiError, OSError) as exc:
            log.warning("check-in not sent, retried at the next poll: %s", exc)
            with self.store.sessions.begin() as db:
                db.execute(
                    update(Checkin)
                    .where(Checkin.id == checkin_id, Checkin.state == CheckinState.SENDING)
                    .values(state=CheckinState.SCHEDULED, armed=False, owner=None)
                )
            return None
        with self.store.sessions.begin() as db:
            db.execute(
                update(Checkin)
                .where(Checkin.id == checkin_id)
                .values(
                    state=CheckinState.SENT,
                    sent_at=self.clock.now(),
                    sent_ts=str(posted.get("ts") or ""),
                )
            )
            audit(
                db,
                actor="seshat",
                action="checkin.sent",
                target_kind="checkin",
                target_id=checkin_id,
                now=now,
                user=row.user_id,
            )
        log.info("check-in sent", extra={"checkin": checkin_id})
        return CheckinState.SENT
