"""Facts: scoped episodic memory (seed 003) — fields, 4-factor retrieval and confidence decay.

A fact is a `MemoryEntry` whose scope is `user` (seen only in that user's DMs) or `channel` (seen
only in that channel). Its effective confidence fades exponentially with the days since it was
last accessed (`confidence * exp(-decay_rate * days)`, ≈ 14-day half-life); retrieval refreshes
the access time of what it returns, so facts that keep being relevant stay fresh.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass

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
