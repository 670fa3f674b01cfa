"""What a new session's system prompt holds, assembled from the writers' read paths.

Fixed order, so the prefix is byte-stable while nothing was learned: identity → USER.md →
canonical lessons (stable order) → approved skills index (bounded) → MEMORY.md ‖ cache
breakpoint ‖ the session tail: relevant lessons, facts in scope, notes about this user, the
matching skill (its body when the match is strong, its name when weaker; either is logged as an
invocation). A session's context is chosen once, at its first message, and reused for its later
replies; when a later message moves markedly away from the topic its skill was chosen for and
matches another skill strongly, only the skill section of the tail is rebuilt (the stable prefix
is the same objects, byte for byte) and the new use is logged as an invocation.
"""

from __future__ import annotations

import logging
import threading
from collections import OrderedDict
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING

from bot.chat.context import PromptParts, Section, default_identity
from store.clock import Clock
from store.models import ChatSession
from writers.lessons import record_injection
from writers.lessons import upkeep as lesson_upkeep
from writers.notes import memory, persona
from writers.notes.facts import decay_facts
from writers.selector import Selection, select_context
from writers.skills import drafts as skills
from writers.skills.governor import GovernorPolicy, GovernorReport, govern
from writers.skills.matching import (
    Match,
    SkillMatcher,
    UsableSkill,
    record_invocation,
    render_index,
    usable_skills,
)

if TYPE_CHECKING:
    from bot.runtime import Runtime

log = logging.getLogger(__name__)


def read_text(path: Path) -> str:
    """A file's text, or "" when it does not exist."""
    try:
        return path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return ""


@dataclass
class Assembled:
    """A session's prompt parts plus what was selected (for `seshat context --json`)."""

    parts: PromptParts
    selection: Selection
    skill: str | None = None
    skill_match: Match | None = None
    memory_fingerprint: str = ""
    item_ids: dict[str, list[int]] = field(default_factory=dict)
    notes: list[Section] = field(default_factory=list)  # the tail without its skill section


@dataclass
class _Live:
    """A session's cached context and the topic its skill section was chosen for."""

    parts: PromptParts
    notes: list[Section]  # the tail without its skill section
    anchor: str  # the text the skill section was chosen for (first message, or a re-match)
    match: Match | None


def skill_section(
    match: Match | None, body: str | None, usable: list[UsableSkill]
) -> list[Section]:
    """The tail's skill section: the body for a strong match, the name for a weaker one."""
    if match is None:
        return []
    if match.mode == "injected":
        return [Section(f"Skill that may help: {match.slug}", body or "")]
    desc = next((s.description for s in usable if s.slug == match.slug), "")
    return [
        Section(
            "A skill that might be related (weak match, body not loaded)",
            f"- {match.slug}: {desc}",
        )
    ]


class LearnedContext:
    """The context provider used by the engine (and by `seshat context`)."""

    def __init__(self, runtime: Runtime, *, clock: Clock, cache_size: int = 512) -> None:
        self.runtime = runtime
        self.clock = clock
        self._cache: OrderedDict[str, _Live] = OrderedDict()
        self._cache_size = cache_size
        self._lock = threading.Lock()
        self.skills = SkillMatcher(runtime.library.embedder)

    def build(
        self, session: ChatSession, first_text: str, latest_text: str | None = None
    ) -> PromptParts:
        """The session's prompt parts, chosen once per session and cached; the skill section of
        the tail is re-matched when `latest_text` moved markedly to another skill's topic."""
        with self._lock:
            live = self._cache.get(session.id)
            if live is not None:
                self._cache.move_to_end(session.id)
        if live is None:
            assembled = self.assemble(
                user_id=session.user_id,
                channel=session.channel,
                first_text=first_text,
                session_id=session.id,
            )
            live = _Live(assembled.parts, assembled.notes, first_text, assembled.skill_match)
            with self._lock:
                self._cache[session.id] = live
                while len(self._cache) > self._cache_size:
                    self._cache.popitem(last=False)
        if latest_text is not None:
            self._rematch(session.id, live, latest_text)
        return live.parts

    def clear(self) -> None:
        """Drop every cached session context (after a forget: it may quote what is gone)."""
        with self._lock:
            self._cache.clear()

    def _rematch(self, session_id: str, live: _Live, latest: str) -> None:
        """Move the skill section to the skill `latest` is about, when the topic changed
        markedly: `latest` is far from the text the current section was chosen for, matches
        another skill strongly (its body would be injected), and is not about the current skill.
        Nothing changes otherwise (a short follow-up such as "ok, do it" keeps the skill)."""
        if not self.skills.moved(latest, live.anchor):
            return  # the usual case, decided before reading the skills
        rt = self.runtime
        skills_dir = rt.settings.effective_skills_dir
        with rt.store.sessions() as db:
            usable = usable_skills(db, skills_dir)
        current = live.match
        match = self.skills.rematch(
            latest, live.anchor, current.slug if current is not None else None, usable
        )
        if match is None:
            return
        body = skills.skill_body(skills_dir, match.slug)
        if body is None:
            return
        with rt.store.sessions.begin() as db:
            record_invocation(db, session_id=session_id, match=match, now=self.clock.now())
        tail = [*live.notes, *skill_section(match, body, usable)]
        with self._lock:
            live.parts = replace(live.parts, tail=[s for s in tail if s.body.strip()])
            live.anchor = latest
            live.match = match
        log.info(
            "skill re-matched on a topic change",
            extra={"session": session_id, "skill": match.slug, "was": current and current.slug},
        )

    def assemble(
        self, *, user_id: str, channel: str, first_text: str, session_id: str | None
    ) -> Assembled:
        """Select and render; records lesson injections when `session_id` is given."""
        rt = self.runtime
        data_dir = rt.data_dir
        now = self.clock.now()
        is_dm = channel.startswith("D")
        with rt.store.sessions.begin() as db:
            # Selecting only reads (and embeds): being selected is not evidence of use, so a
            # preview and a session start leave every fact as it was (issue 23).
            with db.no_autoflush:
                selection = select_context(
                    db,
                    rt.library,
                    user_id=user_id,
                    channel=channel,
                    is_dm=is_dm,
                    first_text=first_text,
                    token_budget=rt.settings.context_lesson_tokens,
                    now=now,
                )
            # MEMORY.md is fingerprinted at session start; a person's edit is noticed and audited.
            memory.check_external_edit(db, data_dir, now)
            if session_id is not None:
                record_injection(db, session_id, selection.lesson_ids, now)
            skills_dir = rt.settings.effective_skills_dir
            usable = usable_skills(db, skills_dir)
        snapshot = memory.memory_for_prompt(data_dir)
        identity = read_text(data_dir / "IDENTITY.md") or default_identity()
        index = render_index(
            usable,
            max_count=rt.settings.skill_index_max,
            max_tokens=rt.settings.skill_index_tokens,
        )
        stable = [
            Section("About the owner (USER.md)", persona.user_md_for_prompt(data_dir)),
            Section("Lessons", selection.render_stable(), raw=True),
            Section("Approved skills", index),
            Section("Memory (MEMORY.md)", snapshot.text),
        ]
        match = self.skills.match(first_text, usable)
        body = skills.skill_body(skills_dir, match.slug) if match is not None else None
        if match is not None and match.mode == "injected" and body is None:
            match = None  # retired between the read and now: offer nothing rather than a name
        notes = [Section("Notes", selection.render_tail(), raw=True)]
        tail = [*notes, *skill_section(match, body, usable)]
        if match is not None and session_id is not None:
            with rt.store.sessions.begin() as db:
                record_invocation(db, session_id=session_id, match=match, now=now)
        parts = PromptParts(
            identity=identity,
            stable=[s for s in stable if s.body.strip()],
            tail=[s for s in tail if s.body.strip()],
        )
        ids: dict[str, list[int]] = {}
        for item in selection.stable + selection.tail:
            ids.setdefault(item.kind, []).append(item.id)
        injected = match.slug if match is not None and match.mode == "injected" else None
        return Assembled(parts, selection, injected, match, snapshot.fingerprint, ids, notes)

    def daily(self) -> None:
        """Scheduled upkeep: decay lessons and facts, enforce the lesson caps."""
        rt = self.runtime
        now = self.clock.now()
        with rt.store.sessions.begin() as db:
            report = lesson_upkeep.decay_lessons(db, now, rt.settings.lesson_decay_days)
            lesson_upkeep.enforce_caps(
                db,
                canonical_cap=rt.settings.lesson_cap_canonical,
                provisional_cap=rt.settings.lesson_cap_provisional,
                now=now,
            )
            decayed, archived = decay_facts(db, now)
        governed = self.govern_skills()
        rt.store.optimize()  # the planner's statistics follow the tables' growth
        with self._lock:
            self._cache.clear()
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
        rt = self.runtime
        s = rt.settings
        policy = GovernorPolicy(
            window=s.skill_failure_window,
            ratio=s.skill_failure_ratio,
            min_uses=s.skill_failure_min_uses,
            stale_days=s.skill_stale_days,
        )
        with rt.store.sessions.begin() as db:
            report = govern(
                db, skills_dir=s.effective_skills_dir, now=self.clock.now(), policy=policy
            )
        if report.quarantined or report.stale:
            with self._lock:
                self._cache.clear()  # a quarantined skill must leave sessions already cached
        return report
