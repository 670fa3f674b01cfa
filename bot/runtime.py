"""Everything below Slack, built in one place: store, providers, reflection runner, writers.

The daemon, the CLI (`seshat reflect`, `seshat reflection retry`) and the demo all use this, so a
transcript reflected from the command line fans out exactly as a live session would.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass
from datetime import timedelta
from typing import Any

from sqlalchemy import select

from bot.learning.worker import ReflectionWorker
from bot.providers import make_reflection_llm, reflection_policy
from reflection.heuristic import HeuristicReflector
from reflection.llm import LLM
from reflection.pricing import PriceTable
from reflection.runner import Outcome, ReflectionRunner
from reflection.schema import Reflection
from store import sessions as S
from store.clock import Clock, SystemClock
from store.config import Settings
from store.db import Store
from store.models import ReflectionRow, ReflectionStatus
from writers.embed import Embedder, HashingEmbedder, WordLlamaEmbedder, default_embedder
from writers.fanout import fan_out
from writers.lessons import LessonWriter
from writers.lessons.index import LessonLibrary
from writers.lessons.review import apply_lesson_decision
from writers.redact.redactor import redact_json, redact_text
from writers.registry import appliers_from_settings, guard_from_settings, writers_from_settings

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class TranscriptMessage:
    """One message of a transcript file (as conversations.history returns it)."""

    ts: str
    user: str | None
    is_bot: bool
    text: str


def make_embedder(choice: str) -> Embedder:
    """SESHAT_EMBEDDER: wordllama, hashing, or auto (wordllama when it loads offline)."""
    if choice == "hashing":
        return HashingEmbedder()
    if choice == "wordllama":
        return WordLlamaEmbedder()
    return default_embedder()


class Runtime:
    """Store, providers, runner, writers and the reflection worker for one process."""

    def __init__(
        self,
        settings: Settings,
        *,
        clock: Clock | None = None,
        store: Store | None = None,
        reflection_llm: LLM | None = None,
        on_cap_hit: Callable[[str, float], None] | None = None,
        read_only: bool = False,
    ) -> None:
        self.settings = settings
        self.clock = clock or SystemClock()
        # A preview (`seshat context`) reads what is there, through a store opened for reading:
        # it makes no data dir, so it works on a read-only copy.
        self.data_dir = settings.data_dir if read_only else settings.ensure_data_dir()
        self.store = store or Store.open(
            settings.effective_database_url, where=settings.database_where
        )
        self.prices = PriceTable.from_json(settings.llm_prices)
        self.reflection_llm = reflection_llm or make_reflection_llm(settings, self.prices)
        self.runner = ReflectionRunner(
            store=self.store,
            llm=self.reflection_llm,
            fallback=HeuristicReflector(),
            prices=self.prices,
            clock=self.clock,
            policy=reflection_policy(settings),
            redact=redact_text,
            redact_json=redact_json,
            on_cap_hit=on_cap_hit,
        )
        self.embedder = make_embedder(settings.embedder)
        # The lesson library's vectors live in memory, built once here, updated incrementally.
        if read_only:
            # Lessons embedded by another embedder get their new vectors in memory only: a flush
            # of them would fail on a store opened for reading.
            with self.store.sessions() as db, db.no_autoflush:
                self.library = LessonLibrary.build(db, self.embedder)
        else:
            # Committed: the vectors of lessons re-embedded for a new embedder are written back
            # once, not redone by every process that starts.
            with self.store.sessions.begin() as db:
                self.library = LessonLibrary.build(db, self.embedder)
        self.guard = guard_from_settings(settings)
        self.lessons = LessonWriter(self.library, guard=self.guard)
        self.writers = writers_from_settings(
            settings, guard=self.guard, lessons_writer=self.lessons, embedder=self.embedder
        )
        self.appliers = appliers_from_settings(settings, lessons_applier=apply_lesson_decision)
        self.worker = ReflectionWorker(
            store=self.store, runner=self.runner, clock=self.clock, after=self.apply
        )
        # The learning chain's two moments, as ordered hooks the daemon registers once:
        # after a session closes (/done, idle, the Done button, a reply landing in a session
        # closed meanwhile) its reflection is queued, then the rest; after a reflection is
        # applied (fan-out done) its cards, notices, App Home and check-ins follow.
        self.after_close: list[Callable[[str], object]] = [self.worker.enqueue]
        self.after_apply: list[Callable[[str], object]] = []

    def applied(self, reflection_id: str) -> None:
        """A reflection's fan-out is done: run the `after_apply` hooks (cards, notices, ...)."""
        for hook in self.after_apply:
            hook(reflection_id)

    def session_closed(self, session_id: str) -> None:
        """A session closed: queue its reflection, then run the other `after_close` hooks."""
        for hook in self.after_close:
            hook(session_id)

    def apply(self, outcome: Outcome) -> dict[str, Any]:
        """Fan a successful reflection out to the writers (idempotent), then notify."""
        if outcome.reflection is None or outcome.reflection_id is None:
            return {}
        results = fan_out(
            self.store,
            reflection_id=outcome.reflection_id,
            reflection=outcome.reflection,
            writers=self.writers,
            owner_ids=self.settings.owner_ids,
            data_dir=self.data_dir,
            now=self.clock.now(),
            guard=self.guard,
        )
        self.applied(outcome.reflection_id)
        return results

    def resume_fan_outs(
        self, *, min_age: timedelta = timedelta(0), max_age: timedelta = timedelta(days=7)
    ) -> int:
        """Finish fan-outs a crash interrupted: reflections that are `ok` but not applied, with
        writers that have no result yet. Only those writers run (each is idempotent); writers
        that failed wait for `seshat reflection retry`. Returns how many were resumed."""
        writer_names = {w.name for w in self.writers}
        now = self.clock.now()
        with self.store.sessions() as db:
            rows = db.scalars(
                select(ReflectionRow).where(
                    ReflectionRow.status == ReflectionStatus.OK,
                    ReflectionRow.applied_at.is_(None),
                    ReflectionRow.created_at >= now - max_age,
                    ReflectionRow.created_at <= now - min_age,
                )
            ).all()
            todo = [
                (r.id, r.session_id, r.parsed)
                for r in rows
                if r.parsed and writer_names - set(r.writer_results or {})
            ]
        resumed = 0
        for reflection_id, session_id, parsed in todo:
            log.warning("resuming an interrupted fan-out", extra={"reflection": reflection_id})
            try:
                self.resume(reflection_id, session_id, parsed)
            except ValueError:
                log.error("cannot resume fan-out: stored reflection no longer validates")
                continue
            resumed += 1
        return resumed

    def resume(self, reflection_id: str, session_id: str, parsed: dict[str, Any]) -> dict[str, Any]:
        """Fan a stored `ok` reflection out again: the writers not done run (ValueError when
        the stored JSON no longer validates)."""
        reflection = Reflection.model_validate(parsed)
        return self.apply(
            Outcome("ok", session_id, reflection_id=reflection_id, reflection=reflection)
        )

    def reflect_transcript(
        self, *, team: str, channel: str, user: str, messages: list[TranscriptMessage]
    ) -> tuple[Outcome, dict[str, Any]]:
        """Store a transcript as a closed session and reflect on it like a live one."""
        session_id = self.store_transcript(team=team, channel=channel, user=user, messages=messages)
        return self.reflect_stored(session_id)

    def store_transcript(
        self,
        *,
        team: str,
        channel: str,
        user: str,
        messages: list[TranscriptMessage],
        progress: Callable[[int], None] | None = None,
    ) -> str:
        """Store a transcript as a closed session (redacted, as intake stores a live one); its
        id. `progress` hears how many messages are stored so far, now and then."""
        now = self.clock.now()
        key = S.SessionKey(team, channel, f"cli-{now.timestamp():.6f}", user)
        with self.store.sessions.begin() as db:
            session, _ = S.get_or_open(db, key, now=now)
            for done, m in enumerate(messages, 1):
                if progress is not None and done % 100 == 0:
                    progress(done)
                S.add_message(
                    db,
                    session_id=session.id,
                    channel=channel,
                    ts=m.ts,
                    user_id=m.user,
                    is_bot=m.is_bot,
                    # Stored redacted, exactly as intake stores a live message.
                    text=redact_text(m.text),
                    now=now,
                )
            S.close(db, session.id, now=now, reason="cli")
        if progress is not None:
            progress(len(messages))
        return session.id

    def reflect_stored(self, session_id: str) -> tuple[Outcome, dict[str, Any]]:
        """Reflect on a stored, closed session and apply what it found, like a live one."""
        outcome = self.runner.reflect(session_id)
        writes = self.apply(outcome) if outcome.status == "ok" else {}
        return outcome, writes

    def close(self) -> None:
        """Stop the worker, close model clients, release the database."""
        self.worker.shutdown()
        close = getattr(self.reflection_llm, "close", None)
        if callable(close):
            close()
        self.store.close()
