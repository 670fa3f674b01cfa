"""What a new session's system prompt holds, assembled from the writers' read paths.

Fixed order, so the prefix is byte-stable while nothing was learned: identity → USER.md →
canonical lessons (stable order) → approved skills index → MEMORY.md ‖ cache breakpoint ‖ the
session tail: relevant lessons, facts in scope, notes about this user, the matching skill body.
A session's context is chosen once, at its first message, and reused for its later replies.
"""

from __future__ import annotations

import logging
import threading
from collections import OrderedDict
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np

from bot.context import PromptParts, Section, default_identity
from store.clock import Clock
from store.models import ChatSession
from writers import memory, persona, skills
from writers.embed import thresholds
from writers.facts import decay_facts
from writers.lessons import record_injection
from writers.lessons import upkeep as lesson_upkeep
from writers.selector import Selection, select_context

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
    memory_fingerprint: str = ""
    item_ids: dict[str, list[int]] = field(default_factory=dict)


class LearnedContext:
    """The context provider used by the engine (and by `seshat context`)."""

    def __init__(self, runtime: Runtime, *, clock: Clock, cache_size: int = 512) -> None:
        self.runtime = runtime
        self.clock = clock
        self._cache: OrderedDict[str, PromptParts] = OrderedDict()
        self._cache_size = cache_size
        self._lock = threading.Lock()

    def build(self, session: ChatSession, first_text: str) -> PromptParts:
        """The session's prompt parts, chosen once per session and cached."""
        with self._lock:
            if session.id in self._cache:
                self._cache.move_to_end(session.id)
                return self._cache[session.id]
        assembled = self.assemble(
            user_id=session.user_id,
            channel=session.channel,
            first_text=first_text,
            session_id=session.id,
        )
        with self._lock:
            self._cache[session.id] = assembled.parts
            while len(self._cache) > self._cache_size:
                self._cache.popitem(last=False)
        return assembled.parts

    def assemble(
        self, *, user_id: str, channel: str, first_text: str, session_id: str | None
    ) -> Assembled:
        """Select and render; records lesson injections when `session_id` is given."""
        rt = self.runtime
        data_dir = rt.data_dir
        now = self.clock.now()
        is_dm = channel.startswith("D")
        with rt.store.sessions.begin() as db:
            # Selecting reads (and embeds); what it changes (facts' access times) is flushed
            # with the writes below at the end, so the database's one writer slot is held for
            # milliseconds, not for the whole selection.
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
        snapshot = memory.memory_for_prompt(data_dir)
        skills_dir = rt.settings.effective_skills_dir
        index = skills.approved_index(skills_dir)
        identity = read_text(data_dir / "IDENTITY.md") or default_identity()
        stable = [
            Section("About the owner (USER.md)", persona.user_md_for_prompt(data_dir)),
            Section("Lessons", selection.render_stable(), raw=True),
            Section("Approved skills", "\n".join(f"- {slug}: {desc}" for slug, desc in index)),
            Section("Memory (MEMORY.md)", snapshot.text),
        ]
        skill = self._matching_skill(first_text, index)
        tail = [Section("Notes", selection.render_tail(), raw=True)]
        if skill is not None:
            body = skills.skill_body(skills_dir, skill) or ""
            tail.append(Section(f"Skill that may help: {skill}", body))
        parts = PromptParts(
            identity=identity,
            stable=[s for s in stable if s.body.strip()],
            tail=[s for s in tail if s.body.strip()],
        )
        ids: dict[str, list[int]] = {}
        for item in selection.stable + selection.tail:
            ids.setdefault(item.kind, []).append(item.id)
        return Assembled(parts, selection, skill, snapshot.fingerprint, ids)

    def _matching_skill(self, text: str, index: list[tuple[str, str]]) -> str | None:
        """The approved skill whose description is most related to the first message."""
        if not index or not text.strip():
            return None
        embedder = self.runtime.library.embedder
        vectors = embedder.embed([text] + [f"{slug} {desc}" for slug, desc in index])
        scores = vectors[1:] @ vectors[0]
        best = int(np.argmax(scores))
        return index[best][0] if float(scores[best]) >= thresholds(embedder).related else None

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
        rt.store.optimize()  # the planner's statistics follow the tables' growth
        with self._lock:
            self._cache.clear()
        log.info(
            "daily upkeep done",
            extra={"lessons": str(report), "facts_decayed": decayed, "facts_archived": archived},
        )
