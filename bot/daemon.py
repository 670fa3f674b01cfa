"""The daemon: wires settings, runtime, Slack clients, Bolt, Socket Mode or HTTP, the scheduler.

Built inside `main()` (never at import time). Tests and the demo construct it with the loopback
doubles' URLs and tokens; nothing here can tell them from Slack and Anthropic.
"""

from __future__ import annotations

import gc
import logging
import os
import signal
import sys
import threading
import time
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor, wait
from dataclasses import dataclass
from datetime import timedelta
from pathlib import Path
from types import FrameType
from typing import Any

from apscheduler.schedulers.background import BackgroundScheduler
from slack_sdk import WebClient
from slack_sdk.errors import SlackApiError
from sqlalchemy import select

from bot import jobs
from bot.chat.answer import ChatConfig
from bot.chat.budget import ChatBudget, ChatCaps
from bot.chat.context import ensure_identity
from bot.chat.engine import Engine
from bot.chat.prompting import LearnedContext
from bot.chat.stall import Detector, StallConfig, StallGuard
from bot.chat.working import AssistantStatus, WorkingSignal
from bot.dispatch import SeshatService
from bot.home.owner import OwnerHome
from bot.home.user import UserHome
from bot.learning.cards import ReviewCards
from bot.learning.checkins import POLL_SECONDS, CheckinService
from bot.learning.forgetting import Forgetting
from bot.learning.notices import LearningNotices
from bot.learning.upkeep import Upkeep
from bot.malloc import cap_arenas
from bot.providers import check_anthropic, make_chat_llm
from bot.runtime import Runtime
from bot.slack.app import build_bolt_app
from bot.slack.check import check_app_token, check_bot_token, check_owners, offline_problems
from bot.slack.http_server import HttpServer, cannot_listen, probe_listen
from bot.slack.journal import DbJournal, Journal, JournalledIntake, JournalStore
from bot.slack.socket_intake import JournalledSocketModeHandler
from bot.slack.web import dm, make_web_client, slack_error
from bot.surfaces.agent import AgentSessions, Experience, LearningCards
from bot.surfaces.assistant import AssistantThreads, MemoryAnswer
from bot.surfaces.feedback import FeedbackRecorder
from bot.workers import SUPERVISED
from reflection.llm import LLM
from store import events, retention, sessions
from store.clock import Clock, SystemClock, as_utc
from store.config import ConfigError, Settings
from store.db import Store, sqlite_file
from store.filelock import LOCK_FILE, DataDirLock
from store.leases import PROCESS
from store.models import ReflectionRow, SessionState
from writers.redact.redactor import redact_text
from writers.registry import honcho_deleter
from writers.skills.gitrepo import SKILLS_FIX, unusable

log = logging.getLogger(__name__)


@dataclass
class BotIdentity:
    """Who the bot is in this workspace (from auth.test)."""

    user_id: str
    bot_id: str | None
    team_id: str


SOCKET_PING_SECONDS = 5.0
# How often replies Slack refused, or that a dead process held, are looked at again.
REPLY_RECOVERY_SECONDS = 30
# Acked messages whose handling failed are handled again from the journal this often.
JOURNAL_RETRY_SECONDS = 30
SWITCH_INTERVAL = 0.001


def _supervised() -> bool:
    """Started as a worker by `seshat run --workers N` whose supervisor is still alive."""
    pid = os.environ.get(SUPERVISED, "")
    if not pid.isdigit():
        return False
    try:
        os.kill(int(pid), 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


class Daemon:
    """One Seshat process: start(), then stop() (or run_forever() with signal handling)."""

    def __init__(
        self,
        settings: Settings,
        *,
        clock: Clock | None = None,
        chat_llm: LLM | None = None,
        reflection_llm: LLM | None = None,
        start_scheduler: bool = True,
    ) -> None:
        self.settings = settings
        self.clock = clock or SystemClock()
        self._chat_llm = chat_llm
        self._reflection_llm = reflection_llm
        self._start_scheduler = start_scheduler
        self._stop = threading.Event()
        self.runtime: Runtime | None = None
        self.store: Store | None = None
        self.socket: JournalledSocketModeHandler | None = None
        self.http: HttpServer | None = None
        self.intake: JournalledIntake | None = None
        self.background: ThreadPoolExecutor | None = None
        self.closer: ThreadPoolExecutor | None = None
        self.scheduler: BackgroundScheduler | None = None
        self.checkins: CheckinService | None = None
        # Agent sessions being closed after the ack, before their reflection is queued.
        self._closing: set[Future[None]] = set()
        self._closing_lock = threading.Lock()
        self._lock: DataDirLock | None = None

    def start(self) -> None:
        """Connect everything; returns once the bot is listening."""
        s = self.settings
        secrets = s.require(*s.required_slack_secrets())
        errors, _warnings = offline_problems(s)
        if errors:
            raise ConfigError("\n".join(errors))
        # (The default, under a data dir not made yet, is named by the data dir's own check.)
        why = unusable(s.effective_skills_dir) if s.skills_dir or s.data_dir.is_dir() else None
        if why is not None:
            # Met otherwise at the first approved skill, as a card that cannot be applied.
            raise ConfigError(f"SKILLS_DIR {s.effective_skills_dir}: {why}; {SKILLS_FIX}")
        try:
            self._checked_start(s, secrets)
        except BaseException:
            if self._lock is not None:
                self._lock.release()
                self._lock = None
            raise

    def _one_daemon(self, data_dir: Path) -> None:
        """Take the data dir's one-daemon lock (SQLite), unless held already or by a supervisor."""
        s = self.settings
        if self._lock is None and sqlite_file(s.effective_database_url) and not _supervised():
            # One daemon per data dir on SQLite (replicas take PostgreSQL, or a dir each); the
            # workers of one `seshat run --workers N` share it, their supervisor holds it.
            self._lock = DataDirLock(data_dir / LOCK_FILE)
            self._lock.acquire(f"SESHAT_DATA_DIR {data_dir}")

    def _checked_start(self, s: Settings, secrets: dict[str, str]) -> None:
        """The rest of `start`, after the offline checks (`start` lets the lock go on failure)."""
        if s.data_dir.is_dir():
            # A second `seshat run` on this data dir says so first, before the Slack checks
            # (seconds against real Slack). A data dir that is not there yet is made after them,
            # so a first run with a wrong token leaves nothing behind.
            self._one_daemon(s.ensure_data_dir())
        # Both tokens are tried before anything starts, so a first run with a wrong one ends
        # in one message that names it, not in a traceback from deep inside the SDK.
        auth = check_bot_token(secrets["SLACK_BOT_TOKEN"], s.slack_api_url)
        if s.slack_mode == "socket":
            check_app_token(secrets["SLACK_APP_TOKEN"], s.slack_api_url)
        # The owners are people in this workspace (users.info, users:read), and the model key
        # and names are accepted: each a ConfigError naming its variable, before anything runs.
        check_owners(secrets["SLACK_BOT_TOKEN"], s.slack_api_url, s.owner_ids)
        _found, model_warnings = check_anthropic(
            s, chat=self._chat_llm is None, reflection=self._reflection_llm is None
        )
        for warning in model_warnings:
            log.warning(warning)
        if s.slack_mode == "http":
            # Before the store and the scheduler start (and log): a port another program
            # holds is one line, not a traceback after a page of start-up logs.
            try:
                probe_listen(s.http_host, s.http_port, reuse_port=s.workers > 1)
            except OSError as exc:
                raise ConfigError(cannot_listen(s.http_host, s.http_port, exc)) from exc
        data_dir = s.ensure_data_dir()
        self._one_daemon(data_dir)
        ensure_identity(data_dir)
        self.slack: WebClient = make_web_client(secrets["SLACK_BOT_TOKEN"], s.slack_api_url)
        self.identity = BotIdentity(
            user_id=str(auth["user_id"]),
            bot_id=auth.get("bot_id"),
            team_id=str(auth.get("team_id") or ""),
        )
        self.runtime = runtime = Runtime(
            s, clock=self.clock, reflection_llm=self._reflection_llm, on_cap_hit=self._cap_hit
        )
        self.store = store = runtime.store
        self.chat_llm = self._chat_llm or make_chat_llm(s, runtime.prices)
        self.cards = ReviewCards(
            store=store, slack=self.slack, clock=self.clock, settings=s, appliers=runtime.appliers
        )
        self.notices = LearningNotices(store=store, slack=self.slack, clock=self.clock, settings=s)
        self.checkins = CheckinService(
            store=store,
            slack=self.slack,
            clock=self.clock,
            embedder=runtime.library.embedder,
            per_day=s.checkins_per_user_per_day,
        )
        self.context = LearnedContext(runtime, clock=self.clock)
        self.upkeep = Upkeep(
            settings=s, store=store, clock=self.clock, on_change=self.context.clear
        )
        self.detector = Detector(runtime.library.embedder)
        self.forgetting = Forgetting(
            store=store,
            slack=self.slack,
            clock=self.clock,
            data_dir=data_dir,
            library=runtime.library,
            mirror=honcho_deleter(s),
            clear_caches=self._forgotten,
            skills_dir=s.effective_skills_dir,
        )
        self.people = UserHome(store=store, slack=self.slack, forgetting=self.forgetting)
        self.assistant = AssistantThreads(
            store=store,
            slack=self.slack,
            clock=self.clock,
            skills_dir=s.effective_skills_dir,
            bot_user_id=self.identity.user_id,
        )
        self.experience = Experience(s.slack_experience, data_dir / "slack_experience")
        self.agent = AgentSessions(
            store=store,
            slack=self.slack,
            clock=self.clock,
            experience=self.experience,
            skills_dir=s.effective_skills_dir,
            greeting_hours=s.agent_greeting_hours,
            # Slack refused agent sessions (no agent): the message gets the ⏳ after all.
            fallback=lambda: self._hourglass(),
        )
        self.engine = Engine(
            store=store,
            slack=self.slack,
            llm=self.chat_llm,
            clock=self.clock,
            prices=runtime.prices,
            context=self.context,
            chat=ChatConfig.from_settings(s),
            bot_user_id=self.identity.user_id,
            workers=s.worker_threads,
            working_signal_after=s.working_signal_delay_seconds,
            on_closing_reply=runtime.session_closed,
            reply_streaming=s.reply_streaming,
            stream_interval=s.reply_stream_interval_seconds,
            stall=StallGuard(
                store=store,
                clock=self.clock,
                detector=self.detector,
                config=StallConfig.from_settings(s),
                tell_owner=self._tell_owner,
            ),
            status=AssistantStatus(self.slack, applies=self.assistant.is_assistant_thread),
            direct=MemoryAnswer(self.people),
            agent=self.agent,
            dm_threads=lambda: self.experience.agent,
            budget=ChatBudget(
                store=store,
                clock=self.clock,
                caps=ChatCaps(s.chat_daily_cap_usd, s.chat_user_daily_cap_usd),
                tell_owner=self._tell_owner,
            ),
            on_key_refused=self._key_refused,
        )
        self.learning_cards = LearningCards(
            store=store,
            slack=self.slack,
            agent=self.agent,
            take=self.engine.streamer.appends.take,
        )
        runtime.worker.on_finished = self._reflection_finished
        # After a session closes: under agent_view its agent session is closed and its task card
        # opened before the reflection is queued (`_on_closed`), else the reflection is queued.
        runtime.after_close[:] = [self._on_closed]
        self.context.viewed_channel = self.agent.facts_channel
        self.context.marks_of = self.engine.claims.marks
        self.engine.intake_.opened = self.context.read_ahead
        self.owner_home = OwnerHome(
            store=store, slack=self.slack, clock=self.clock, settings=s, cards=self.cards
        )
        self.service = SeshatService(
            engine=self.engine,
            store=store,
            slack=self.slack,
            clock=self.clock,
            idle_minutes=s.session_idle_minutes,
            on_closed=runtime.session_closed,
            review=self.cards,
            people=self.people,
            owner_ids=s.owner_ids,
            actions=(self.notices,),
            owner_home=self.owner_home,
            assistant=self.assistant,
            feedback=FeedbackRecorder(
                store=store, slack=self.slack, clock=self.clock, owner_ids=s.owner_ids
            ),
            agent=self.agent,
        )
        # After a reflection is applied, in this order: its review cards, the learning notice,
        # the owner's App Home, the check-in it scheduled (into the job store at once).
        runtime.after_apply += [
            self.cards.post_for_reflection,
            self.notices.post,
            lambda _reflection_id: self.owner_home.changed(),
            lambda _reflection_id: self.checkins.arm() if self.checkins is not None else None,
        ]
        self.background = ThreadPoolExecutor(max_workers=4, thread_name_prefix="seshat-after-ack")
        # Closing agent sessions, one at a time at the status pace (a sweep closing many must
        # not hold the after-ack pool, which takes clicks and reactions).
        self.closer = ThreadPoolExecutor(max_workers=1, thread_name_prefix="seshat-agent-close")
        self.bolt = build_bolt_app(
            client=self.slack,
            dispatcher=self.service,
            bot_user_id=self.identity.user_id,
            bot_id=self.identity.bot_id,
            allow_bots=s.slack_allow_bots,
            signing_secret=secrets.get("SLACK_SIGNING_SECRET") if s.slack_mode == "http" else None,
            background=self.background,
        )
        # Pay the one-off costs (the redactor's recognizers, the embedder, the model SDK's reply
        # models, the learned context's statements) before the first delivery, not inside it:
        # the first burst of messages would wait for them to be acked.
        redact_text("warm-up: call +1 415 555 0100 or mail ops@example.com")
        runtime.library.embedder.embed(["warm-up"])
        for llm in (self.chat_llm, runtime.reflection_llm):
            warm = getattr(llm, "warm", None)  # the SDK's reply models (AnthropicLLM.warm)
            if callable(warm):
                warm()
        # The intake's statements, and with a library a first context's and a first
        # read-ahead's (built, then compiled by SQLAlchemy) and the lessons' ranking: tens of ms
        # of CPU the first messages of a burst paid on the interpreter lock while the rest of
        # the burst waited to be acked.
        self.context.warm()
        self.engine.intake_.warm()
        # Messages stored but not answered before a restart are answered now (a stale ⏳ comes
        # off); sessions closed before it are reflected.
        self.engine.recover()
        runtime.worker.recover()
        # Fan-outs a crash interrupted are finished (their cards posted with them); cards and
        # notices a crash left unposted after its fan-out are posted (a dead process's hold on
        # a card is taken over at once).
        runtime.resume_fan_outs()
        self.cards.post_pending(min_age=timedelta(0))
        self.notices.post_missing()
        # What start-up built (the recognizers, the embedder's table, the models, SQLAlchemy's
        # compiled statements) lives as long as the process: moved out of the collector's
        # generations, so the full collections a burst triggers do not walk it again (each one
        # holds the interpreter lock, the acking thread's too).
        gc.collect()
        gc.freeze()
        # Messages are journalled and acked at once (bot/slack/journal.py); what a process that
        # died on this host had acked but not stored is handled before any new delivery arrives.
        # Socket Mode and HTTP mode on SQLite journal to a file of this host (SQLite's database
        # is on this host's disk too). HTTP mode on PostgreSQL (replicas on several hosts behind
        # a balancer, where a dead host's disk is out of reach) journals to a table of the
        # database, whose rows a surviving replica takes over.
        journal: JournalStore
        if s.slack_mode == "http" and not runtime.store.is_sqlite:
            journal = DbJournal.for_store(runtime.store)
        else:
            journal = Journal(s.data_dir / "journal", PROCESS.replace(":", "-"))
        own = (self.identity.user_id, self.identity.bot_id)
        if s.slack_mode == "socket":
            # slack_sdk gives up on a silently dead connection after 4 ping intervals without a
            # pong (or 5 failed pings); at its default of 10 s that is 40–50 s of deafness, at 5 s
            # a dropped socket is replaced within ~25 s.
            self.socket = JournalledSocketModeHandler(
                self.bolt,
                secrets["SLACK_APP_TOKEN"],
                journal=journal,
                ping_interval=SOCKET_PING_SECONDS,
                own=own,
            )
            self.intake = self.socket.intake
            self.intake.replay_orphans()
            self.socket.connect()  # type: ignore[no-untyped-call]
        else:
            self.intake = JournalledIntake(self.bolt, journal)
            self.intake.replay_orphans()  # journals (or rows) left by processes that died
            try:
                self.http = HttpServer(
                    self.bolt,
                    host=s.http_host,
                    port=s.http_port,
                    signing_secret=secrets["SLACK_SIGNING_SECRET"],
                    reuse_port=s.workers > 1,
                    intake=self.intake,
                    own=own,
                )
            except OSError as exc:
                raise ConfigError(cannot_listen(s.http_host, s.http_port, exc)) from exc
            self.http.start()
        if self._start_scheduler:
            self.scheduler = self._schedule(runtime)
        log.info(
            "seshat started",
            extra={
                "mode": s.slack_mode,
                "bot_user": self.identity.user_id,
                "chat_provider": self.chat_llm.name,
                "reflection_provider": runtime.reflection_llm.name,
            },
        )

    def _schedule(self, runtime: Runtime) -> BackgroundScheduler:
        scheduler = BackgroundScheduler(timezone="UTC")
        every = {"max_instances": 1, "coalesce": True}

        def add(
            job: str, period: jobs.Period, work: Callable[[], object], trigger: str, **at: Any
        ) -> None:
            # Every replica schedules every job; only the one taking the period's lease runs it.
            run = jobs.once_per_period(runtime.store, self.clock, job, period, work)
            scheduler.add_job(run, trigger, id=job, **at, **every)

        sweep = self.settings.idle_sweep_seconds
        add("sweep", jobs.every(sweep), self.sweep, "interval", seconds=sweep)
        add("deferred", jobs.daily, runtime.worker.run_deferred, "cron", hour=0, minute=1)
        add("dedupe", jobs.every(3600), self.service.forget_old_events, "interval", hours=1)
        add("decay", jobs.daily, self.upkeep.daily, "cron", hour=3, minute=17)
        add("retention", jobs.daily, self.expire_transcripts, "cron", hour=3, minute=47)
        recovery = REPLY_RECOVERY_SECONDS
        add("replies", jobs.every(recovery), self.engine.recover, "interval", seconds=recovery)
        add("follow-up", jobs.every(300), self.follow_up, "interval", minutes=5)
        # Not behind a lease: every replica polls, and deleting a check-in's job row is the claim
        # that makes exactly one of them send it (bot/learning/checkins.py).
        if self.intake is not None:  # this process's own journal: not behind a lease
            scheduler.add_job(
                self.intake.retry, "interval", seconds=JOURNAL_RETRY_SECONDS, id="journal", **every
            )
        assert self.checkins is not None
        scheduler.add_job(
            self.checkins.tick, "interval", seconds=POLL_SECONDS, id="checkins", **every
        )
        scheduler.start()
        return scheduler

    def sweep(self) -> None:
        """Close idle sessions and queue any reflection left behind (restart, crash)."""
        assert self.runtime is not None
        self.service.sweep_idle()
        self.runtime.worker.recover()

    def expire_transcripts(self) -> int:
        """Delete the transcripts of sessions finished more than TRANSCRIPT_RETENTION_DAYS ago
        (SQLite's secure_delete zeroes them; the WAL is folded in after)."""
        days = self.settings.transcript_retention_days
        if days <= 0 or self.store is None:
            return 0
        with self.store.sessions.begin() as db:
            deleted = retention.expire_transcripts(db, now=self.clock.now(), days=days)
        if deleted:
            self.store.scrub()
            log.info("transcripts expired", extra={"messages": deleted, "days": days})
        return deleted

    def follow_up(self) -> None:
        """Finish what a failure left half done: fan-outs a crash interrupted, cards Slack did
        not take, and failed reflections the owner has not heard about."""
        assert self.runtime is not None
        self.runtime.resume_fan_outs(min_age=timedelta(minutes=5))
        self.cards.post_pending()
        self.notices.post_missing(min_age=timedelta(minutes=5))
        self.tell_failed_reflections()

    def tell_failed_reflections(self) -> int:
        """DM the owner once per session whose reflection failed; returns how many were told."""
        owners = self.settings.owner_ids
        if not owners or self.store is None:
            return 0
        since = self.clock.now() - timedelta(days=2)
        with self.store.sessions() as db:
            failed = [
                s.id
                for s in sessions.in_states(db, [SessionState.FAILED])
                if s.closed_at is None or as_utc(s.closed_at) >= since
            ]
        told = 0
        for session_id in failed:
            with self.store.sessions.begin() as db:
                if not events.claim(db, f"failed-notice:{session_id}", now=self.clock.now()):
                    continue
                error = db.scalars(
                    select(ReflectionRow.error)
                    .where(ReflectionRow.session_id == session_id)
                    .order_by(ReflectionRow.created_at.desc())
                ).first()
            text = (
                f"A reflection failed and nothing was learned from session `{session_id[:8]}`"
                f" ({error or 'no error recorded'}). Retry it with "
                f"`seshat reflection retry {session_id[:8]}`."
            )
            try:
                dm(self.slack, owners[0], text)
                told += 1
            except (SlackApiError, OSError) as exc:
                log.warning("could not tell the owner about a failed reflection: %s", exc)
                with self.store.sessions.begin() as db:
                    events.release(db, [f"failed-notice:{session_id}"])
        return told

    def _forgotten(self) -> None:
        # What this process holds rendered or embedded from people's words goes with them.
        self.context.clear()
        self.detector.clear()
        self.engine.claims.transcripts.clear()

    def _on_closed(self, session_id: str) -> None:
        assert self.runtime is not None
        if self.experience.agent and self.closer is not None:
            # Under agent_view: the thread's agent session is closed and shows "reflecting…",
            # then the reflection runs. After the ack (a /done must answer within 3 s), and the
            # card first, so the reflection's rows always find it.
            future = self.closer.submit(self._close_then_reflect, session_id)
            with self._closing_lock:
                self._closing.add(future)
            future.add_done_callback(self._closed_done)
            return
        self.runtime.worker.enqueue(session_id)

    def _closed_done(self, future: Future[None]) -> None:
        with self._closing_lock:
            self._closing.discard(future)

    def _close_then_reflect(self, session_id: str) -> None:
        assert self.runtime is not None
        try:
            threads = self.agent.closed(session_id)
            if threads:
                self.learning_cards.reflecting(session_id, threads[0])
        except Exception:  # the reflection must run whatever Slack did
            log.exception("closing the agent session failed", extra={"session": session_id})
        finally:
            self.runtime.worker.enqueue(session_id)

    def _reflection_finished(self, outcome: Any) -> None:
        # The task card's rows (one per outcome), when the session's thread has a card open.
        if outcome.status in ("ok", "skipped", "rejected", "failed", "deferred"):
            self.learning_cards.finished(outcome.session_id, outcome.status, outcome.reflection_id)

    def _hourglass(self) -> WorkingSignal:
        return self.engine._working

    def _tell_owner(self, text: str) -> None:
        """A DM to the first owner; failures are logged, never raised."""
        owners = self.settings.owner_ids
        if not owners:
            log.warning("no SLACK_OWNER_IDS to tell: %s", text)
            return
        try:
            dm(self.slack, owners[0], text)
        except (SlackApiError, OSError) as exc:
            log.warning("could not tell the owner: %s", slack_error(exc))

    def _key_refused(self, detail: str) -> None:
        """Tell the owner once per UTC day that the Anthropic API refuses the key."""
        if self.store is None:
            return
        now = self.clock.now()
        with self.store.sessions.begin() as db:
            first = events.claim(db, f"key-refused:{now.date().isoformat()}", now=now)
        if first:
            self._tell_owner(
                "Heads-up: the Anthropic API refuses ANTHROPIC_API_KEY, so every reply fails "
                f"({detail}). Set a valid key (console.anthropic.com → Settings → API Keys) and "
                "restart; users are told the key is refused."
            )

    def _cap_hit(self, day: str, cap: float) -> None:
        """Tell the owner once per UTC day that the reflection cap was reached."""
        owners = self.settings.owner_ids
        if not owners or self.store is None:
            return
        with self.store.sessions.begin() as db:
            first = events.claim(db, f"cap-notice:{day}", now=self.clock.now())
        if not first:
            return
        text = (
            f"Heads-up: today's reflection budget (${cap:.2f}, UTC day {day}) is used up. "
            f"Further reflections follow REFLECTION_OVER_CAP={self.settings.reflection_over_cap} "
            "until 00:00 UTC."
        )
        try:
            dm(self.slack, owners[0], text)
        except (SlackApiError, OSError) as exc:
            log.warning("could not tell the owner about the cap: %s", slack_error(exc))

    def stop(self, timeout: float = 30.0) -> None:
        """Stop taking work, finish in-flight replies, close the socket and the database."""
        if self.scheduler is not None:
            self.scheduler.shutdown(wait=False)
            self.scheduler = None
        if self.socket is not None:
            self._drain_socket(self.socket.client)
            self.socket.drain()
            self.socket.close()  # type: ignore[no-untyped-call]
            self.socket = None
        if self.http is not None:
            self.http.stop()
            self.http = None
            if self.intake is not None:
                self.intake.drain()
        self.intake = None
        if hasattr(self, "owner_home"):
            self.owner_home.close()
        if hasattr(self, "people"):
            self.people.close()
        if self.background is not None:
            self.background.shutdown(wait=True)
            self.background = None
        if self.closer is not None:
            self.closer.shutdown(wait=True)
            self.closer = None
        if hasattr(self, "engine"):
            self.engine.shutdown(timeout)
            close = getattr(self.chat_llm, "close", None)
            if callable(close) and self._chat_llm is None:
                close()
        if self.checkins is not None:
            self.checkins.close()
            self.checkins = None
        started = self.runtime is not None
        if self.runtime is not None:
            self.runtime.close()
            self.runtime = None
            self.store = None
        if self._lock is not None:
            self._lock.release()
            self._lock = None
        if started:
            log.info("seshat stopped")

    @staticmethod
    def _drain_socket(client: Any) -> None:
        """Stop taking deliveries, let the ones being handled finish (and ack), in that order.

        New deliveries find no listener and go unacked, so Slack redelivers them to whoever
        runs next; the message processor stops; the workers already running a listener finish,
        acking over the still-open socket. Only then may the socket close — closing it first made
        every in-flight ack fail with a traceback.
        """
        client.socket_mode_request_listeners = []
        client.message_listeners = []
        client.closed = True  # the processor loop ends after its current (≤ 1 s) wait
        processor = getattr(client, "message_processor", None)
        if processor is not None and processor.is_alive():
            processor.shutdown()
        workers = getattr(client, "message_workers", None)
        if workers is not None:
            workers.shutdown(wait=True)

    def run_forever(self) -> None:
        """Start, then block until SIGTERM/SIGINT, then stop cleanly."""

        def _signal(signum: int, _frame: FrameType | None) -> None:
            log.info("signal received, shutting down", extra={"signal": signum})
            self._stop.set()

        previous: dict[signal.Signals, Any] = {}
        for sig in (signal.SIGTERM, signal.SIGINT):
            previous[sig] = signal.signal(sig, _signal)
        # The socket's threads (receive, ack) wait on the interpreter lock behind the reply
        # workers' CPU work; a shorter switch interval (5 ms by default) lets them in sooner.
        sys.setswitchinterval(SWITCH_INTERVAL)
        cap_arenas()  # hundreds of reply threads, a few malloc arenas (bot/malloc.py)
        try:
            self.start()
            self._stop.wait()
        finally:
            self.stop()
            for sig, handler in previous.items():
                signal.signal(sig, handler)

    def wait_idle(self, timeout: float = 60.0) -> bool:
        """Block until no reply and no reflection is in progress (tests, the demo)."""
        assert self.runtime is not None
        deadline = time.monotonic() + timeout
        # A reply finishing can queue a reflection, so check both until both are quiet.
        while time.monotonic() < deadline:
            with self._closing_lock:
                closing = list(self._closing)
            if closing:
                wait(closing, timeout=max(0.0, deadline - time.monotonic()))
            left = deadline - time.monotonic()
            if self.engine.wait_idle(left) and self.runtime.worker.wait_idle(left):
                with self._closing_lock:
                    quiet = not self._closing
                if quiet and self.engine.wait_idle(0) and self.runtime.worker.wait_idle(0):
                    return True
        return False

    def request_stop(self) -> None:
        """Ask run_forever() to return (used by tests and the demo)."""
        self._stop.set()
