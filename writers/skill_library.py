"""Approved skills in use: which ones may be offered, matching a message to one, the index shown
in every prompt, the invocation log and per-skill counts (the outcome is attached by the skill
writer, `writers.skills.attach_outcome`, when the session's reflection fans out).

A skill is approved when its SKILL.md is committed in the skills repository; its standing
(`skill_states`: active, stale, quarantined, retired; pinned) is kept by the governor and the
owner. Quarantined and retired skills are never offered. A stale skill is demoted: it stays in the
index but a match only names it, its body is not loaded.

Matching embeds "slug description" of each usable skill (vectors cached by that text) and the
session's first message; the best score at or above `inject` loads the body into the session
tail, a score at or above `listed` only names the skill there. Both are invocations.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

import numpy as np
from sqlalchemy import select
from sqlalchemy.orm import Session

from reflection.prompt_cache import estimate_tokens
from store.clock import as_utc
from store.models import SkillInvocation, SkillState
from writers.embed import Embedder, Matrix
from writers.skills import approved_index

OFFERED = ("active", "stale")  # statuses a skill may be offered in (stale: by name only)


@dataclass(frozen=True)
class SkillThresholds:
    """Cosine cut-offs: `inject` loads the body, `listed` names it, `duplicate` = same skill."""

    inject: float
    listed: float
    duplicate: float


# Calibrated on tests/data/skill_match_dev.json and skill_duplicates_dev.json with
# bench/skill_match.py (figures in bench/results/skill_match.md); frozen before the held-out run.
_THRESHOLDS: dict[str, SkillThresholds] = {
    "wordllama": SkillThresholds(inject=0.26, listed=0.20, duplicate=0.55),
    "hashing": SkillThresholds(inject=0.20, listed=0.12, duplicate=0.45),
}


def skill_thresholds(embedder: Embedder) -> SkillThresholds:
    """The skill thresholds calibrated for this embedder family."""
    family = embedder.name.split("-", 1)[0]
    try:
        return _THRESHOLDS[family]
    except KeyError:
        raise ValueError(f"no calibrated skill thresholds for embedder {embedder.name!r}") from None


@dataclass(frozen=True)
class UsableSkill:
    """An approved skill that may be offered, with its standing."""

    slug: str
    description: str
    status: str = "active"
    pinned: bool = False


@dataclass(frozen=True)
class Match:
    """The best skill for a text: `mode` is "injected" (body loaded) or "listed" (named)."""

    slug: str
    similarity: float
    mode: str


def states(db: Session) -> dict[str, SkillState]:
    """Every recorded standing, by slug."""
    return {s.slug: s for s in db.scalars(select(SkillState))}


def usable_skills(db: Session, skills_dir: Path) -> list[UsableSkill]:
    """Approved skills that may be offered: pinned first, then by slug (a stable prompt prefix)."""
    known = states(db)
    out = []
    for slug, desc in approved_index(skills_dir):
        state = known.get(slug)
        status = state.status if state is not None else "active"
        if status in OFFERED:
            out.append(UsableSkill(slug, desc, status, bool(state and state.pinned)))
    return sorted(out, key=lambda s: (not s.pinned, s.slug))


def render_index(skills: Sequence[UsableSkill], *, max_count: int, max_tokens: int) -> str:
    """The approved-skills index for the stable prefix, bounded by count and tokens; it says so
    when skills were left out (they can still be matched)."""
    lines: list[str] = []
    used = 0
    for skill in skills:
        line = f"- {skill.slug}: {skill.description}"
        cost = estimate_tokens(line) + 1
        if len(lines) >= max_count or used + cost > max_tokens:
            break
        lines.append(line)
        used += cost
    left = len(skills) - len(lines)
    if left:
        lines.append(
            f"({left} more approved skill{'s' if left != 1 else ''} not listed here; "
            "a skill matching this conversation is named below when there is one.)"
        )
    return "\n".join(lines)


class SkillMatcher:
    """Scores texts against usable skills; skill vectors are cached by their indexed text."""

    def __init__(self, embedder: Embedder) -> None:
        self.embedder = embedder
        self.thresholds = skill_thresholds(embedder)
        self._vectors: dict[str, Matrix] = {}
        self._lock = threading.Lock()

    def _matrix(self, texts: Sequence[str]) -> Matrix:
        with self._lock:
            missing = [t for t in dict.fromkeys(texts) if t not in self._vectors]
        if missing:
            vecs = self.embedder.embed(missing)
            with self._lock:
                if len(self._vectors) > 10_000:
                    self._vectors.clear()  # descriptions changed many times over: start again
                self._vectors.update(zip(missing, vecs, strict=True))
        with self._lock:
            return np.stack([self._vectors[t] for t in texts])

    def scores(self, text: str, skills: Sequence[UsableSkill]) -> list[float]:
        """Cosine of `text` against each skill's "slug description"."""
        if not skills or not text.strip():
            return [0.0] * len(skills)
        query = self.embedder.embed([text])[0]
        mat = self._matrix([f"{s.slug} {s.description}" for s in skills])
        return [float(x) for x in mat @ query]

    def match(self, text: str, skills: Sequence[UsableSkill]) -> Match | None:
        """The best skill above the `listed` threshold, injected when above `inject` (and not
        stale), else None."""
        scores = self.scores(text, skills)
        if not scores:
            return None
        best = int(np.argmax(scores))
        score, skill = scores[best], skills[best]
        if score >= self.thresholds.inject and skill.status == "active":
            return Match(skill.slug, score, "injected")
        if score >= self.thresholds.listed:
            return Match(skill.slug, score, "listed")
        return None

    def nearest_description(
        self, description: str, candidates: Sequence[tuple[str, str]]
    ) -> tuple[str, float] | None:
        """(slug, cosine) of the candidate whose description is closest to `description`."""
        if not candidates or not description.strip():
            return None
        vecs = self.embedder.embed([description] + [d for _, d in candidates])
        scores = vecs[1:] @ vecs[0]
        best = int(np.argmax(scores))
        return candidates[best][0], float(scores[best])

    def is_duplicate(self, similarity: float) -> bool:
        """Whether two descriptions this similar describe the same skill."""
        return similarity >= self.thresholds.duplicate


def record_invocation(db: Session, *, session_id: str, match: Match, now: datetime) -> bool:
    """Log that `session_id` was offered `match`; once per (session, skill). True when new."""
    exists = db.scalars(
        select(SkillInvocation.id).where(
            SkillInvocation.session_id == session_id, SkillInvocation.skill_slug == match.slug
        )
    ).first()
    if exists is not None:
        return False
    db.add(
        SkillInvocation(
            skill_slug=match.slug,
            session_id=session_id,
            mode=match.mode,
            similarity=round(match.similarity, 4),
            at=now,
        )
    )
    return True


@dataclass
class SkillStats:
    """Per-skill use counts for the CLI and the governor."""

    uses: int = 0
    injected: int = 0
    listed: int = 0
    success: int = 0
    partial: int = 0
    failure: int = 0
    last_used: datetime | None = None


def usage(db: Session) -> dict[str, SkillStats]:
    """Counts over the whole invocation log, by slug."""
    out: dict[str, SkillStats] = {}
    for inv in db.scalars(select(SkillInvocation)):
        st = out.setdefault(inv.skill_slug, SkillStats())
        st.uses += 1
        if inv.mode == "listed":
            st.listed += 1
        else:
            st.injected += 1
        if inv.outcome in ("success", "partial", "failure"):
            setattr(st, inv.outcome, getattr(st, inv.outcome) + 1)
        if st.last_used is None or as_utc(inv.at) > as_utc(st.last_used):
            st.last_used = inv.at
    return out
