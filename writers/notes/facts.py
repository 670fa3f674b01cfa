"""Facts: scoped episodic memory (seed 003) — fields, 4-factor retrieval and confidence decay.

A fact is a `MemoryEntry` whose scope is `user` (seen only in that user's DMs) or `channel` (seen
only in that channel, and there only by its author until the owner shares it: the trust rule). Its
effective confidence fades exponentially with the days since it was last accessed (`confidence *
exp(-decay_rate * days)`, ≈ 14-day half-life); retrieval refreshes the access time of what it
returns, so facts that keep being relevant stay fresh.
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

import numpy as np
from sqlalchemy import ColumnElement, select
from sqlalchemy.orm import Session

from store.clock import as_utc
from store.models import MemoryEntry
from writers.embed import Embedder, Matrix
from writers.guard.reach import View, fact_condition, is_dm_channel
from writers.lessons.index import tokens_of

# ln 2 / 14: a fact nobody retrieves loses half its confidence in two weeks (seed 003).
HALF_LIFE_DAYS = 14.0
DEFAULT_DECAY_RATE = math.log(2) / HALF_LIFE_DAYS

# Explicit statements are likelier to be right than inferred ones (seed 003 starts facts at 0.7,
# patterns at 0.5, preferences at 0.6); decisions are stated on purpose, so they start highest.
CATEGORY_CONFIDENCE: dict[str, float] = {
    "decision": 0.8,
    "environment": 0.7,
    "project": 0.7,
    "person": 0.65,
    "preference": 0.6,
    "general": 0.5,
}

# Checked in order: the first category whose pattern matches wins.
_CATEGORY_RULES: tuple[tuple[str, re.Pattern[str]], ...] = (
    (
        "decision",
        re.compile(
            r"\b(decided|decision|agreed|we chose|chose to|settled on|going with|will use|"
            r"switched to|standardi[sz]ed on)\b",
            re.I,
        ),
    ),
    (
        "preference",
        re.compile(
            r"\b(prefers?|preferred|preference|likes?|dislikes?|loves?|hates?|wants?|"
            r"rather|favou?rite|please always|does not like|doesn't like)\b",
            re.I,
        ),
    ),
    (
        "environment",
        re.compile(
            r"\b(server|host(name)?|staging|production|prod|database|db|port|version|"
            r"runs on|deployed|cluster|os|linux|macos|windows|python|node|docker|kubernetes|"
            r"k8s|postgres(ql)?|redis|endpoint|env|environment|path|directory|config)\b",
            re.I,
        ),
    ),
    (
        "person",
        re.compile(
            r"\b(manager|lead|works on|works at|is responsible|owner of|reports to|"
            r"colleague|teammate|team|role|timezone|time zone|on call|on-call)\b",
            re.I,
        ),
    ),
    (
        "project",
        re.compile(
            r"\b(project|repo(sitory)?|deadline|milestone|release|sprint|roadmap|launch|"
            r"ticket|issue|feature|backlog|due)\b",
            re.I,
        ),
    ),
)

# Technical-looking tokens: dotted/slashed/underscored names, versions, or mixed letters+digits.
_TECH_TOKEN = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.:/-]*[A-Za-z0-9]")
_WORD = re.compile(r"[a-z0-9]+")
_TAG_STOP = frozenset(
    "the a an and or but is are was were be to of in on at by for with from this that it its "
    "we our you your they their he she his her i my me not no yes has have had will would can "
    "should must do does did just also about into than then when while".split()
)
MAX_TAGS = 8


@dataclass(frozen=True)
class FactFields:
    """Derived fields of a new fact: category, tags, initial confidence and decay rate per day."""

    category: str
    tags: list[str]
    confidence: float
    decay_rate: float


def categorise(text: str) -> str:
    """The first rule-based category that matches `text`, else "general"."""
    for category, pattern in _CATEGORY_RULES:
        if pattern.search(text):
            return category
    return "general"


def extract_tags(text: str, limit: int = MAX_TAGS) -> list[str]:
    """Lower-case tags: technical tokens (with . / _ - or digits), names, then longer words."""
    tags: list[str] = []

    def add(tag: str) -> None:
        tag = tag.strip(".:/-_").lower()
        if len(tag) >= 3 and tag not in _TAG_STOP and tag not in tags:
            tags.append(tag)

    for tok in _TECH_TOKEN.findall(text):
        if any(c in tok for c in "._/:-") or (
            any(c.isdigit() for c in tok) and any(c.isalpha() for c in tok)
        ):
            add(tok)
    # Capitalised words mid-sentence are usually names (tools, people, services).
    for m in re.finditer(r"(?<=[a-z,;] )([A-Z][a-zA-Z0-9]+)", text):
        add(m.group(1))
    for word in _WORD.findall(text.lower()):
        if len(tags) >= limit:
            break
        if len(word) >= 5:
            add(word)
    return tags[:limit]


def fact_fields(text: str) -> FactFields:
    """Category (rule-based), tags, confidence by category and a ≈14-day half-life decay rate."""
    category = categorise(text)
    return FactFields(
        category=category,
        tags=extract_tags(text),
        confidence=CATEGORY_CONFIDENCE[category],
        decay_rate=DEFAULT_DECAY_RATE,
    )


def effective_confidence(confidence: float, decay_rate: float, days_since_access: float) -> float:
    """Confidence after `days_since_access` days without retrieval (exponential decay)."""
    return confidence * math.exp(-decay_rate * max(0.0, days_since_access))


# --- retrieval (seed 003's four factors) --------------------------------------------------------

W_CONFIDENCE, W_RECENCY, W_TAGS, W_CONTENT = 0.30, 0.20, 0.25, 0.25
RECENCY_RATE = 0.05  # recency factor exp(-0.05 · days since last access), as in seed 003
MIN_CONFIDENCE = 0.3  # below this effective confidence a fact is not retrieved (seed 003)
DECAYED_BELOW = 0.1  # active → decayed
ARCHIVE_AFTER_DAYS = 90.0  # decayed/low → archived after this long without access …
ARCHIVE_BELOW = 0.2  # … and below this effective confidence
FACT_SCOPES = ("user", "channel")
_VEC_CACHE: dict[tuple[str, str], Matrix] = {}
_VEC_CACHE_MAX = 50_000


def _days(now: datetime, then: datetime | None) -> float:
    return 0.0 if then is None else max(0.0, (now - as_utc(then)).total_seconds() / 86400)


def _last_access(fact: MemoryEntry) -> datetime:
    return fact.last_accessed_at or fact.created_at


def scope_filter(*, user_id: str, channel: str, is_dm: bool) -> ColumnElement[bool]:
    """SQL condition for the facts a session may be shown: the read-side trust rule
    (`writers.guard.reach`), which decides it for every reader. `is_dm` must agree with the
    channel id (a DM's id starts with D); the rule reads the channel itself."""
    if is_dm != is_dm_channel(channel):
        raise ValueError(f"is_dm={is_dm} does not match channel {channel!r}")
    return fact_condition(View.session(user_id=user_id, channel=channel))


def _vectors(embedder: Embedder, facts: Sequence[tuple[str, str]]) -> Matrix:
    # Facts have no stored vectors; cache by text hash so repeat sessions embed nothing new.
    name = embedder.name
    missing = [(h, t) for h, t in facts if (name, h) not in _VEC_CACHE]
    if missing:
        if len(_VEC_CACHE) + len(missing) > _VEC_CACHE_MAX:
            _VEC_CACHE.clear()
        for (h, _t), vec in zip(missing, embedder.embed([t for _h, t in missing]), strict=True):
            _VEC_CACHE[(name, h)] = vec
    return np.stack([_VEC_CACHE[(name, h)] for h, _t in facts])


def forget_vectors(text_hashes: Sequence[str]) -> None:
    """Drop forgotten facts' vectors from the in-process cache (every embedder's)."""
    gone = set(text_hashes)
    for key in [k for k in _VEC_CACHE if k[1] in gone]:
        _VEC_CACHE.pop(key, None)


def fact_line(category: str, text: str) -> str:
    """One context line for a fact: `- (<category>) <text>`, whitespace collapsed."""
    return f"- ({category}) {' '.join(text.split())}"


def render_fact(fact: MemoryEntry) -> str:
    """One line for the context: the fact's category and text."""
    return fact_line(fact.category, fact.text)


def retrieve_facts(
    db: Session,
    *,
    user_id: str,
    channel: str,
    is_dm: bool,
    query_text: str = "",
    query_vec: Matrix | None = None,
    embedder: Embedder | None = None,
    now: datetime,
    limit: int = 10,
    token_budget: int | None = None,
) -> list[MemoryEntry]:
    """Active in-scope facts by the 4-factor score; refreshes access time/count of those returned.

    Content similarity is the cosine to the query when an embedder is given, else word overlap
    (seed 003: overlapping words / 5, capped at 1). Tag overlap scores 0.25 when any query tag
    matches (seed 003's all-or-nothing factor).
    """
    # Plain column rows for scoring (no ORM objects, no provenance JSON); only the winners are
    # loaded as entities, to refresh their access time and count.
    cols = (
        MemoryEntry.id,
        MemoryEntry.text,
        MemoryEntry.text_hash,
        MemoryEntry.category,
        MemoryEntry.tags,
        MemoryEntry.confidence,
        MemoryEntry.decay_rate,
        MemoryEntry.last_accessed_at,
        MemoryEntry.created_at,
        MemoryEntry.flags,
    )
    rows = db.execute(
        select(*cols).where(
            MemoryEntry.status == "active",
            MemoryEntry.scope_kind.in_(FACT_SCOPES),
            scope_filter(user_id=user_id, channel=channel, is_dm=is_dm),
        )
    ).all()
    cands = []
    for r in rows:
        days = _days(now, r.last_accessed_at or r.created_at)
        conf = effective_confidence(r.confidence, r.decay_rate, days)
        if not r.flags and conf >= MIN_CONFIDENCE:
            cands.append((r, days, conf))
    if not cands or limit <= 0:
        return []
    query_tags = set(extract_tags(query_text))
    query_words = set(_WORD.findall(query_text.lower())) - _TAG_STOP
    content: list[float]
    if embedder is not None and (query_vec is not None or query_text.strip()):
        q = query_vec if query_vec is not None else embedder.embed([query_text])[0]
        vecs = _vectors(embedder, [(r.text_hash, r.text) for r, _d, _c in cands])
        content = [max(0.0, float(x)) for x in vecs @ q]
    else:
        content = [
            min(len(query_words & set(_WORD.findall(r.text.lower()))) / 5.0, 1.0)
            for r, _d, _c in cands
        ]
    scored = []
    for (r, days, conf), sim in zip(cands, content, strict=True):
        score = (
            W_CONFIDENCE * conf
            + W_RECENCY * math.exp(-RECENCY_RATE * days)
            + (W_TAGS if query_tags & {str(t) for t in r.tags} else 0.0)
            + W_CONTENT * sim
        )
        scored.append((score, r.id, r))
    scored.sort(key=lambda t: (-t[0], t[1]))
    chosen: list[int] = []
    used = 0
    for _score, fact_id, r in scored:
        cost = tokens_of(fact_line(r.category, r.text))
        if token_budget is not None and used + cost > token_budget:
            continue
        chosen.append(fact_id)
        used += cost
        if len(chosen) >= limit:
            break
    if not chosen:
        return []
    found = {f.id: f for f in db.scalars(select(MemoryEntry).where(MemoryEntry.id.in_(chosen)))}
    out = [found[i] for i in chosen if i in found]
    for fact in out:
        fact.last_accessed_at = now
        fact.access_count += 1
    db.flush()
    return out


def decay_facts(db: Session, now: datetime) -> tuple[int, int]:
    """Move faded facts active → decayed → archived (never deleted); return (decayed, archived)."""
    decayed = archived = 0
    rows = db.scalars(
        select(MemoryEntry).where(
            MemoryEntry.scope_kind.in_(FACT_SCOPES),
            MemoryEntry.status.in_(("active", "decayed")),
        )
    )
    for fact in rows:
        days = _days(now, _last_access(fact))
        conf = effective_confidence(fact.confidence, fact.decay_rate, days)
        if days > ARCHIVE_AFTER_DAYS and conf < ARCHIVE_BELOW:
            fact.status, fact.updated_at = "archived", now
            archived += 1
        elif fact.status == "active" and conf < DECAYED_BELOW:
            fact.status, fact.updated_at = "decayed", now
            decayed += 1
    db.flush()
    return decayed, archived
