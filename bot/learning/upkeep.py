"""The daily upkeep of what was learned: lessons and facts decay and are capped (archived, never
deleted), the skill governor quarantines failing skills and marks unused ones stale."""

from __future__ import annotations

import logging
from collections.abc import Callable

from store.clock import Clock
from store.config import Settings
from store.db import Store
from writers.lessons import upkeep as lesson_upkeep
from writers.notes.facts import decay_facts
from writers.skills.governor import GovernorPolicy, GovernorReport, govern

log = logging.getLogger(__name__)


def governor_policy(s: Settings) -> GovernorPolicy:
    """The skill governor's thresholds from the settings."""
    return GovernorPolicy(
        window=s.skill_failure_window,
        ratio=s.skill_failure_ratio,
        min_uses=s.skill_failure_min_uses,
        stale_days=s.skill_stale_days,
    )


class Upkeep:
    """The daily pass, run by the scheduler (one replica per day, `bot.jobs`)."""

    def __init__(
        self,
        *,
        settings: Settings,
        store: Store,
        clock: Clock,
        on_change: Callable[[], None] = lambda: None,
    ) -> None:
        self.settings = settings
        self.store = store
        self.clock = clock
        # What to drop when something injected may have changed (the cached session contexts).
        self.on_change = on_change

    def daily(self) -> None:
        """Decay lessons and facts, enforce the lesson caps, govern skills."""
        s = self.settings
        now = self.clock.now()
        with self.store.sessions.begin() as db:
            report = lesson_upkeep.decay_lessons(db, now, s.lesson_decay_days)
            lesson_upkeep.enforce_caps(
                db,
                canonical_cap=s.lesson_cap_canonical,
                provisional_cap=s.lesson_cap_provisional,
                now=now,
            )
            decayed, archived = decay_facts(db, now)
        governed = self.govern_skills()
        self.store.optimize()  # the planner's statistics follow the tables' growth
        self.on_change()
        log.info(
            "daily upkeep done",
            extra={
                "lessons": str(report),
                "facts_decayed": decayed,
                "facts_archived": archived,
                "skills": str(governed),
            },
        )

    def govern_skills(self) -> GovernorReport:
        """The skill governor's daily pass (quarantine failing, mark unused stale)."""
        with self.store.sessions.begin() as db:
            report = govern(
                db,
                skills_dir=self.settings.effective_skills_dir,
                now=self.clock.now(),
                policy=governor_policy(self.settings),
            )
        if report.quarantined or report.stale:
            self.on_change()  # a quarantined skill must leave sessions already cached
        return report
