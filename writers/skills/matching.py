"""Approved skills in use: which ones may be offered, matching a message to one, the index shown
in every prompt, the invocation log and per-skill counts (the outcome is attached by the skill
writer, `writers.skills.drafts.attach_outcome`, when the session's reflection fans out).

A skill is approved when its SKILL.md is committed in the skills repository; its standing
(`skill_states`: active, stale, quarantined, retired; pinned) is kept by the governor and the
owner. Quarantined and retired skills are never offered. A stale skill is demoted: it stays in the
index but a match only names it, its body is not loaded.

Matching scores a message against each usable skill: the cosine between the message and the
skill's "slug words: description" (vectors cached by that text), plus a weighted lexical score (the
share of the message's informative words, weighted by their rarity among the skills, that the
skill's slug and description contain). The best skill's body is loaded into the session tail when
its score is at or above `inject` and beats the runner-up by `margin` (an ambiguous match would
put a possibly wrong procedure in front of the model); otherwise a score at or above `listed` only
names it there. Both are invocations.

Two descriptions are the same skill when their cosine plus a weighted word overlap (Dice over
content words, slug words included when both sides have a slug) reaches `duplicate`.
"""

from __future__ import annotations

import math
import re
import threading
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from collections.abc import Set as AbstractSet
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

import numpy as np
from sqlalchemy import Connection, Table, bindparam, exists, insert, select
from sqlalchemy.orm import Session

from store.clock import as_utc
from store.db import Prepared
from store.models import SkillInvocation, SkillState
from writers.embed import Embedder, Matrix, content_words
from writers.skills.files import approved_index
from writers.tokens import estimate_tokens, record_cut

OFFERED = ("active", "stale")  # statuses a skill may be offered in (stale: by name only)


@dataclass(frozen=True)
class SkillThresholds:
    """Cut-offs on the match score (cosine + `lexical` x word coverage): `inject` loads the body
    when the best skill also leads the runner-up by `margin`, `listed` names it. `duplicate` is
    the cut-off on cosine + `duplicate_lexical` x word overlap of two descriptions (same skill).
    `topic_shift`: a later message whose cosine with the text the session's skill was chosen for
    is below this has moved to another topic (bot/chat/prompting.py then re-matches)."""

    inject: float
    listed: float
    margin: float
    lexical: float
    duplicate: float
    duplicate_lexical: float
    topic_shift: float


# Calibrated with bench/skill_calibrate.py on the dev sets tests/support/data/skill_match_dev.json,
# skill_duplicates_dev.json and the larger ones written by a helper who never saw the code
# (tests/support/data/skill_*_dev_large.json); figures in bench/results/skill_match.md. Frozen
# before the
# held-out run.
_THRESHOLDS: dict[str, SkillThresholds] = {
    "wordllama": SkillThresholds(
        inject=0.40,
        listed=0.38,
        margin=0.06,
        lexical=0.4,
        duplicate=0.55,
        duplicate_lexical=0.5,
        topic_shift=0.16,
    ),
    "hashing": SkillThresholds(
        inject=0.29,
        listed=0.29,
        margin=0.08,
        lexical=0.5,
        duplicate=0.38,
        duplicate_lexical=0.4,
        topic_shift=0.13,
    ),
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
    known = {s.slug: (s.status, bool(s.pinned)) for s in states(db).values()}
    return usable_of(known, approved_index(skills_dir))


# What `usable_skills` reads of the skill states, on a Core connection (`state_marks`).
_STATE_MARKS = Prepared(select(SkillState.slug, SkillState.status, SkillState.pinned))


def state_marks(conn: Connection) -> dict[str, tuple[str, bool]]:
    """Every recorded standing's (status, pinned), by slug: all `usable_skills` reads of the
    skill states, in one prepared statement (`bot.chat.prompting`'s shared part compares them
    with what it was built from, every SHARED_SECONDS)."""
    return {slug: (status, bool(pinned)) for slug, status, pinned in _STATE_MARKS.run(conn, {})}


def usable_of(
    known: Mapping[str, tuple[str, bool]], index: Sequence[tuple[str, str]]
) -> list[UsableSkill]:
    """`usable_skills` from the standings' (status, pinned) by slug and the approved index."""
    out = []
    for slug, desc in index:
        status, pinned = known.get(slug, ("active", False))
        if status in OFFERED:
            out.append(UsableSkill(slug, desc, status, pinned))
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
        # Loud, like every cut to a cap: the log and the owner's App Home (writers.tokens).
        whole = sum(estimate_tokens(f"- {s.slug}: {s.description}") + 1 for s in skills)
        record_cut(
            "approved skills index",
            kept=len(lines),
            of=len(skills),
            tokens=whole,
            cap=max_tokens,
            what=f"approved skills index (SKILL_INDEX_MAX {max_count})",
        )
        lines.append(
            f"({left} more approved skill{'s' if left != 1 else ''} not listed here; "
            "a skill matching this conversation is named below when there is one.)"
        )
    return "\n".join(lines)


# "Use when ..." / "Use to ..." opens most descriptions and says nothing about the topic.
_USE = re.compile(r"^\s*use\s+(?:it\s+|this\s+)?(?:when|to|after|for|before|if|during)\b\s*", re.I)
_SENTENCE = re.compile(r"(?<=[.;:!?])\s+")


def topic(description: str) -> str:
    """A description without its "Use when ..." opening."""
    return _USE.sub("", description.strip())


def skill_text(slug: str, description: str) -> str:
    """A skill as one text: its slug read as words, then its description's topic."""
    return f"{slug.replace('-', ' ')}: {topic(description)}"


def skill_texts(slug: str, description: str) -> list[str]:
    """What a skill is indexed by: the whole text, then each sentence or clause of the
    description. A message usually matches one clause, and an average-pooled embedding of a long
    description dilutes it; the skill's cosine is the best over these texts."""
    parts = [p.strip() for p in _SENTENCE.split(topic(description)) if p.strip()]
    return [skill_text(slug, description)] + (parts if len(parts) > 1 else [])


def _idf(df: int, n: int) -> float:
    # A word only one skill has weighs more than one every skill shares, a word no skill has the
    # most; unlike BM25's idf, a word all skills share still counts (with one approved skill,
    # every word of it is shared by all skills).
    return math.log(1.0 + n / (df + 0.5))


def coverage(
    text: str, docs: Sequence[str], *, words: Callable[[str], list[str]] = content_words
) -> list[float]:
    """For each doc, the idf-weighted share of `text`'s distinct content words it contains
    (idf over `docs`; a word no doc has weighs the most, so an off-topic message scores low)."""
    sets = [frozenset(words(d)) for d in docs]
    return covered(set(words(text)), sets, Counter(w for d in sets for w in d), len(sets))


def covered(
    own: AbstractSet[str], sets: Sequence[AbstractSet[str]], df: Mapping[str, int], n: int
) -> list[float]:
    """For each word set, the idf-weighted share of `own` it contains, the idf from `df`
    (documents holding each word) over `n` documents (`coverage` when they are `sets`)."""
    if not own or not sets or not n:
        return [0.0] * len(sets)
    weight = {w: _idf(df.get(w, 0), n) for w in own}
    total = sum(weight.values())
    return [sum(weight[w] for w in own & d) / total for d in sets]


def overlap(a: str, b: str) -> float:
    """Dice coefficient of the distinct content words of two texts."""
    wa, wb = set(content_words(a)), set(content_words(b))
    if not wa or not wb:
        return 0.0
    return 2 * len(wa & wb) / (len(wa) + len(wb))


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
        """The match score of `text` against each skill: cosine with its indexed text plus the
        weighted lexical coverage."""
        if not skills or not text.strip():
            return [0.0] * len(skills)
        query = self.embedder.embed([text])[0]
        texts = [skill_texts(s.slug, s.description) for s in skills]
        flat = self._matrix([t for group in texts for t in group]) @ query
        cosines, at = [], 0
        for group in texts:
            cosines.append(float(np.max(flat[at : at + len(group)])))
            at += len(group)
        weight = self.thresholds.lexical
        docs = [group[0] for group in texts]
        lexical = coverage(text, docs) if weight else [0.0] * len(docs)
        return [c + weight * x for c, x in zip(cosines, lexical, strict=True)]

    def match(self, text: str, skills: Sequence[UsableSkill]) -> Match | None:
        """The best skill above the `listed` threshold; injected when at or above `inject`,
        ahead of the runner-up by `margin`, and not stale; else None."""
        scores = self.scores(text, skills)
        if not scores:
            return None
        order = np.argsort(scores)[::-1]
        best = int(order[0])
        score, skill = scores[best], skills[best]
        runner_up = scores[int(order[1])] if len(scores) > 1 else 0.0
        t = self.thresholds
        if score >= t.inject and score - runner_up >= t.margin and skill.status == "active":
            return Match(skill.slug, score, "injected")
        if score >= t.listed:
            return Match(skill.slug, score, "listed")
        return None

    def topic_similarity(self, a: str, b: str) -> float:
        """Cosine between two messages (is a later message still on the session's topic?)."""
        if not a.strip() or not b.strip():
            return 0.0
        vecs = self.embedder.embed([a, b])
        return float(vecs[0] @ vecs[1])

    def moved(self, latest: str, anchor: str) -> bool:
        """Whether `latest` is far from `anchor` (cosine below `topic_shift`)."""
        if not latest.strip() or latest.strip() == anchor.strip():
            return False
        return self.topic_similarity(latest, anchor) < self.thresholds.topic_shift

    def rematch(
        self, latest: str, anchor: str, current: str | None, skills: Sequence[UsableSkill]
    ) -> Match | None:
        """The skill to move a session to when its topic changed markedly, else None: `latest`
        is far from `anchor` (the text the current skill section was chosen for: cosine below
        `topic_shift`), its best match is another skill whose body would be injected, and it no
        longer scores `listed` against the `current` skill. A short follow-up ("ok, do it") or a
        message still about the current skill keeps it."""
        if not self.moved(latest, anchor):
            return None
        scores = self.scores(latest, skills)
        match = self.match(latest, skills)
        if match is None or match.mode != "injected" or match.slug == current:
            return None
        for skill, score in zip(skills, scores, strict=True):
            if skill.slug == current and score >= self.thresholds.listed:
                return None
        return match

    def nearest_description(
        self, description: str, candidates: Sequence[tuple[str, str]], *, slug: str | None = None
    ) -> tuple[str, float] | None:
        """(slug, duplicate score) of the candidate (slug, description) most like
        `description`: cosine plus the weighted word overlap (of the slugs' words too, when
        `description`'s own slug is given)."""
        if not candidates or not description.strip():
            return None
        vecs = self.embedder.embed([topic(description)] + [topic(d) for _, d in candidates])
        weight = self.thresholds.duplicate_lexical
        best: tuple[str, float] | None = None
        for (other, text), cosine in zip(candidates, vecs[1:] @ vecs[0], strict=True):
            a, b = topic(description), topic(text)
            if slug is not None:
                a, b = skill_text(slug, description), skill_text(other, text)
            score = float(cosine) + (weight * overlap(a, b) if weight else 0.0)
            if best is None or score > best[1]:
                best = (other, score)
        return best

    def is_duplicate(self, score: float) -> bool:
        """Whether two descriptions this alike (`duplicate_score`) describe the same skill."""
        return score >= self.thresholds.duplicate


def record_invocation(
    db: Session | Connection, *, session_id: str, match: Match, now: datetime
) -> bool:
    """Log that `session_id` was offered `match`; once per (session, skill). True when new.
    One prebuilt `INSERT … SELECT … WHERE NOT EXISTS` (it runs in the transaction that stores
    a reply's answer, bot/chat/engine.py)."""
    done = _INVOKED_PREPARED.run(
        db,
        {
            "slug": match.slug,
            "session_id": session_id,
            "mode": match.mode,
            "similarity": round(match.similarity, 4),
            "at": now,
        },
    )
    return bool(done)  # RETURNING: psycopg reports no rowcount for it


_INVOCATIONS: Table = SkillInvocation.__table__  # type: ignore[assignment]
_INVOKED = (
    insert(_INVOCATIONS)
    .from_select(
        ["skill_slug", "session_id", "mode", "similarity", "at"],
        select(
            *(
                bindparam(name, type_=_INVOCATIONS.c[column].type)
                for name, column in (
                    ("slug", "skill_slug"),
                    ("session_id", "session_id"),
                    ("mode", "mode"),
                    ("similarity", "similarity"),
                    ("at", "at"),
                )
            )
        ).where(
            ~exists().where(
                _INVOCATIONS.c.session_id == bindparam("session_id"),
                _INVOCATIONS.c.skill_slug == bindparam("slug"),
            )
        ),
    )
    .returning(_INVOCATIONS.c.id)
)
# Prepared (`store.db.Prepared`): it runs in the hot write storing an answer, whose transaction
# on SQLite is the driver's own (`store.db.Writers`), where `Connection.execute` would begin
# SQLAlchemy's as well.
_INVOKED_PREPARED = Prepared(_INVOKED)


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


def most_used(db: Session, skills_dir: Path, *, since: datetime, limit: int) -> list[UsableSkill]:
    """Active approved skills, the most used since `since` first (then the most recently used,
    then pinned, then by slug): what to suggest to someone starting a conversation."""
    counts: dict[str, tuple[int, datetime]] = {}
    for slug, at in db.execute(
        select(SkillInvocation.skill_slug, SkillInvocation.at).where(SkillInvocation.at >= since)
    ):
        uses, last = counts.get(slug, (0, as_utc(at)))
        counts[slug] = (uses + 1, max(last, as_utc(at)))
    active = [s for s in usable_skills(db, skills_dir) if s.status == "active"]
    floor = as_utc(since)

    def rank(skill: UsableSkill) -> tuple[int, float, bool, str]:
        uses, last = counts.get(skill.slug, (0, floor))
        return (-uses, -last.timestamp(), not skill.pinned, skill.slug)

    return sorted(active, key=rank)[:limit]
