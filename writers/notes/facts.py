"""Facts: scoped episodic memory — fields, relevance-first hybrid retrieval and ageing.

A fact is a `MemoryEntry` whose scope is `user` (seen only in that user's DMs) or `channel` (seen
only in that channel, and there only by its author until the owner shares it: the trust rule).
Retrieval is relevance first: BM25 and embedding similarity fused by reciprocal rank, tilted by
a prior — the confidence faded exponentially (≈ 14-day half-life) since the fact was written or
last *used* (`reinforce_facts`; being retrieved is not use). Ageing ranks, it never hides: an
active or decayed fact a question names is found; only archiving after long disuse removes it.
"""

from __future__ import annotations

import functools
import math
import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from datetime import date, datetime
from typing import NamedTuple, TypedDict, Unpack

import numpy as np
from sqlalchemy import BindParameter, ColumnElement, Connection, bindparam, or_, select
from sqlalchemy.orm import Session, load_only
from sqlalchemy.sql.visitors import ExternallyTraversible, replacement_traverse

from store.clock import as_utc
from store.models import MemoryEntry
from writers.embed import Embedder, Matrix, forget_features, row_dots
from writers.guard.reach import View, fact_condition, is_dm_channel
from writers.recall import categories, expand, factindex, lexical, supersede
from writers.tokens import quoted_line_tokens

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


# --- ageing: one rule for the retriever and the decay job --------------------------------------

DECAYED_BELOW = 0.1  # active → decayed (a label: a decayed fact is still found when named)
ARCHIVE_AFTER_DAYS = 90.0  # decayed/low → archived after this long without use …
ARCHIVE_BELOW = 0.2  # … and below this prior
FACT_SCOPES = ("user", "channel")
RETRIEVABLE = ("active", "decayed")
_NO_FLAGS = (None, "", "[]", "null")
_VEC_CACHE: dict[tuple[str, str], Matrix] = {}
_VEC_CACHE_MAX = 50_000


def _days(now: datetime, then: datetime | None) -> float:
    return 0.0 if then is None else max(0.0, (now - as_utc(then)).total_seconds() / 86400)


def _last_use(fact: MemoryEntry) -> datetime:
    return fact.last_accessed_at or fact.created_at


def fact_prior(confidence: float, decay_rate: float, last_use: datetime, now: datetime) -> float:
    """A fact's prior: its confidence faded by the days since it was written or last *used*
    (never since it was merely retrieved). The retriever tilts relevance by it; the decay job
    labels (`decayed`) and archives by it. The only thing that takes a fact out of reach is
    archiving, after `ARCHIVE_AFTER_DAYS` without use."""
    return effective_confidence(confidence, decay_rate, _days(now, last_use))


def scope_filter(*, user_id: str, channel: str, is_dm: bool) -> ColumnElement[bool]:
    """SQL condition for the facts a session may be shown: the read-side trust rule
    (`writers.guard.reach`), which decides it for every reader. `is_dm` must agree with the
    channel id (a DM's id starts with D); the rule reads the channel itself. A DM given a channel
    id (agent_view: the channel the person is looking at, `bot.surfaces.agent`) shows the person's
    own facts and what that channel's sessions may show this person."""
    if is_dm and not is_dm_channel(channel):
        # What a DM shows depends only on the person, whatever its id: any DM id says "a DM".
        return or_(
            fact_condition(View.session(user_id=user_id, channel="D")),
            fact_condition(View.session(user_id=user_id, channel=channel)),
        )
    if is_dm != is_dm_channel(channel):
        raise ValueError(f"is_dm={is_dm} does not match channel {channel!r}")
    return fact_condition(View.session(user_id=user_id, channel=channel))


# Stand-ins for the person and the channel in `bound_filter`'s template (no Slack id holds a NUL).
_PERSON, _PLACE = "\x00person", "\x00channel"


@functools.cache
def bound_filter(is_dm: bool) -> ColumnElement[bool]:
    """`scope_filter` for a DM (`is_dm`) or a channel session, built once with the person and
    the channel as bound parameters `viewer` and `view_channel` (`viewer_params`): the rule's
    own condition, built from stand-ins that are then made parameters, never restated here.
    Not for a DM given a channel id (agent_view: `scope_filter` joins two views)."""
    person, place = _PERSON, ("D" if is_dm else "C") + _PLACE
    names = {person: "viewer", place: "view_channel"}

    def bind(element: ExternallyTraversible, **_kw: object) -> ExternallyTraversible | None:
        if isinstance(element, BindParameter) and element.value in names:
            return bindparam(names[element.value], type_=element.type)
        return None

    opts: dict[str, object] = {}
    return replacement_traverse(
        scope_filter(user_id=person, channel=place, is_dm=is_dm), opts, bind
    )


def viewer_params(user_id: str, channel: str) -> tuple[tuple[str, str], ...]:
    """`bound_filter`'s parameters for a person in a channel."""
    return (("viewer", user_id), ("view_channel", channel))


def _vectors(embedder: Embedder, facts: Sequence[tuple[str, str]]) -> Matrix:
    # A fact without its own vector (migration 0021: imported, older, another embedder) is
    # embedded here; cached by text hash so repeat sessions embed nothing new.
    name = embedder.name
    missing = [(h, t) for h, t in facts if (name, h) not in _VEC_CACHE]
    if missing:
        if len(_VEC_CACHE) + len(missing) > _VEC_CACHE_MAX:
            _VEC_CACHE.clear()
        for (h, _t), vec in zip(missing, embedder.embed([t for _h, t in missing]), strict=True):
            _VEC_CACHE[(name, h)] = vec
    return np.stack([_VEC_CACHE[(name, h)] for h, _t in facts])


def forget_vectors(text_hashes: Sequence[str]) -> None:
    """Drop forgotten facts' vectors and lexical terms from the in-process caches."""
    gone = set(text_hashes)
    for key in [k for k in _VEC_CACHE if k[1] in gone]:
        _VEC_CACHE.pop(key, None)
    lexical.forget(list(gone))
    factindex.forget(list(gone))
    forget_features()


def cached_texts() -> set[str]:
    """Text hashes with a cached vector, term list or index entry (what forget must drop)."""
    return {k[1] for k in _VEC_CACHE} | set(lexical._CACHE) | factindex.hashes()


_DATED = re.compile(r"^\[[^\]]{4,40}\]")


def day_label(when: datetime) -> str:
    """A session's date as facts carry it: `8 May 2023` (its own date: a naive time is UTC)."""
    return _day_label(when.year, when.month, when.day)


@functools.lru_cache(maxsize=4096)
def _day_label(year: int, month: int, day: int) -> str:
    # Per day, not per fact: formatting the month's name was most of rendering a fact's line.
    return f"{day} {date(year, month, day):%B %Y}"


def fact_line(category: str, text: str, when: datetime | None = None) -> str:
    """One context line for a fact: `- (<category>) [<date>] <text>`, whitespace collapsed; the
    date (of the session it comes from) is left out when the text already starts with one, and
    the label when it says nothing (`general`: 3 tokens a line, +0.007 LoCoMo recall)."""
    body = " ".join(text.split())
    if when is not None and not _DATED.match(body):
        body = f"[{day_label(when)}] {body}"
    return f"- {body}" if category == "general" else f"- ({category}) {body}"


def render_fact(fact: MemoryEntry) -> str:
    """One line for the context: the fact's category, its session's date and its text."""
    return fact_line(fact.category, fact.text, fact.created_at)


# --- retrieval: relevance first -----------------------------------------------------------------

# Relevance = W_LEXICAL · BM25 + (1 − W_LEXICAL) · cosine, each min-max scaled over the scope's
# candidates. Score fusion rather than reciprocal rank fusion: equal on the LoCoMo dev set (0.686
# vs 0.687), and it keeps the margin by which a fact a question names beats the rest, so the
# prior can only reorder near-ties.
W_LEXICAL = 0.6
PRIOR_TILT = 0.3  # the prior moves a fused score by at most ±15%: it reorders near-ties only


@dataclass(frozen=True)
class Ranked:
    """A candidate with its fused relevance and prior (for the retriever and the bench)."""

    id: int
    score: float
    relevance: float
    prior: float
    tokens: int  # what its context line costs


def _shelf(
    db: Session,
    *,
    user_id: str,
    channel: str,
    is_dm: bool,
    embedder: Embedder | None,
    known: factindex.Known | None = None,
) -> factindex.Shelf:
    """The session's scopes' shelf; built (when it must be) by a statement that also answers
    which of its facts this session may see."""
    return factindex.shelf(
        db,
        factindex.scopes_of(user_id=user_id, channel=channel, is_dm=is_dm),
        statuses=RETRIEVABLE,
        # A line's cost is counted per script like every budget (characters ÷ 4 under-counted
        # CJK facts ~4×), as the quoted line the context shows.
        render=fact_line,
        embed=None if embedder is None else (lambda pairs: _vectors(embedder, pairs)),
        embedder_name="" if embedder is None else embedder.name,
        known=known,
        visible_to=_viewer(user_id, channel, is_dm),
    )


def read_ahead(
    db: Session | Connection, *, user_id: str, channel: str, is_dm: bool, known: factindex.Known
) -> bool:
    """In the intake's transaction, which read `known`: the rows a build of the session's
    shelf will need, when this process keeps none as new (`factindex.read_ahead`)."""
    return factindex.read_ahead(
        db,
        factindex.scopes_of(user_id=user_id, channel=channel, is_dm=is_dm),
        statuses=RETRIEVABLE,
        known=known,
        visible_to=_viewer(user_id, channel, is_dm),
    )


def _viewer(user_id: str, channel: str, is_dm: bool) -> factindex.Viewer:
    """The session's reader for a shelf's build: `scope_filter`, prebuilt (`bound_filter`)
    unless a DM reads a channel's facts (agent_view)."""
    prebuilt = is_dm == is_dm_channel(channel)
    return factindex.Viewer(
        _viewer_key(user_id, channel, is_dm),
        lambda: scope_filter(user_id=user_id, channel=channel, is_dm=is_dm),
        bound_filter(is_dm) if prebuilt else None,
        viewer_params(user_id, channel) if prebuilt else (),
    )


def _viewer_key(user_id: str, channel: str, is_dm: bool) -> str:
    return f"{user_id}|{channel}|{is_dm}"


def _ranked(
    db: Session,
    sh: factindex.Shelf,
    *,
    user_id: str,
    channel: str,
    is_dm: bool,
    query_text: str,
    query_vec: Matrix | None,
    embedder: Embedder | None,
    now: datetime,
) -> Iterator[Ranked]:
    got = _scored(
        db,
        sh,
        user_id=user_id,
        channel=channel,
        is_dm=is_dm,
        query_text=query_text,
        query_vec=query_vec,
        embedder=embedder,
        now=now,
    )
    if got is None:
        return
    idx, score, relevance, prior = got
    ids = sh.ids[idx]
    for j in _best_first(score, ids):
        yield Ranked(
            int(ids[j]),
            float(score[j]),
            float(relevance[j]),
            float(prior[j]),
            int(sh.line_tokens[idx[j]]),
        )


def _scored(
    db: Session,
    sh: factindex.Shelf,
    *,
    user_id: str,
    channel: str,
    is_dm: bool,
    query_text: str,
    query_vec: Matrix | None,
    embedder: Embedder | None,
    now: datetime,
    fits: int | None = None,
) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray] | None:
    """The shelf positions of the facts this session may see, with their fused score,
    relevance and prior (`rank_facts`); None when it may see none. With `fits` (a token
    budget), when every fact it may see fits it, there is nothing to rank: the prior alone
    orders them, as with no question, and the question is neither embedded nor matched."""
    if not len(sh):
        return None
    mask = factindex.visible(
        db,
        sh,
        factindex.scopes_of(user_id=user_id, channel=channel, is_dm=is_dm),
        _viewer_key(user_id, channel, is_dm),
        lambda: scope_filter(user_id=user_id, channel=channel, is_dm=is_dm),
        RETRIEVABLE,
    )
    idx = mask.nonzero()[0]  # `np.flatnonzero` of the 1-d mask, without its two Python layers
    if not idx.size:
        return None
    # Every fact visible (a person's own shelf, the usual case): the shelf's arrays are read as
    # they are rather than copied through `idx` (the same values, nothing written to them).
    whole = idx.size == len(sh)
    if (
        fits is not None
        and int(np.add.reduce(sh.line_tokens if whole else sh.line_tokens[idx])) <= fits
    ):
        query_text = ""
    relevance = np.zeros(idx.size, dtype=np.float64)
    lists: list[np.ndarray] = []
    if query_text.strip():
        lex = sh.bm25_feedback(query_text)
        # A class word brings the class's members the scope holds ("activities" → pottery); off
        # (WEIGHT 0: measured, not adopted, issue 23 recall11), when the lexicon is not read.
        held = categories.held_members(sh, query_text) if categories.WEIGHT else []
        if held:
            lex = lex + categories.member_scores(sh, held, categories.WEIGHT)
        table = expand.word_table(embedder)
        if table is not None:
            extra = expand.extra_lexical(sh, query_text, table)
            if extra is not None:
                lex = lex + extra
        lex = lex if whole else lex[idx]
        lists = [lex]
        if embedder is not None:
            q = query_vec if query_vec is not None else embedder.embed([query_text])[0]
            if held and categories.DENSE:
                words = [h.member.text for h in held]
                q = categories.nudge(q, embedder.embed(words), categories.WEIGHT)
            viewer = _viewer_key(user_id, channel, is_dm)
            newest = _newest(sh, viewer, idx) if idx.size > DENSE_ALL_MAX else None
            lists.append(
                cosines(sh.vectors[embedder.name], q, idx, lex, sh.created_s, newest=newest)
            )
        elif not lex.any():
            lists = []
        for w, scores in zip((W_LEXICAL, 1 - W_LEXICAL), lists, strict=False):
            # `scores.min()` and `.max()`: the reductions they run, without `_methods`' layer.
            lo, hi = float(np.minimum.reduce(scores)), float(np.maximum.reduce(scores))
            if hi > lo:
                relevance += w * (scores - lo) / (hi - lo)
    last, confidence, decay = (
        (sh.last_use_s, sh.confidence, sh.decay)
        if whole
        else (sh.last_use_s[idx], sh.confidence[idx], sh.decay[idx])
    )
    days = np.maximum(0.0, (factindex.epoch(now) - last) / 86400)
    prior = confidence * np.exp(-decay * days)  # fact_prior, vectorised
    tilt = 1 + PRIOR_TILT * (np.minimum(prior, 1.0) - 0.5)
    # Nothing ranked: the tilt is the score (what multiplying it by ones gave, bit for bit).
    score = relevance * tilt if lists else tilt
    return idx, score, relevance, prior


DENSE_ALL_MAX = 20_000  # above this many visible facts, the cosine is taken on a short list …
DENSE_SHORTLIST = 2_000  # … of the lexical best and the newest this many each


def _newest(sh: factindex.Shelf, key: str, idx: np.ndarray) -> np.ndarray:
    """Positions in `idx` of the `DENSE_SHORTLIST` newest visible facts: the same for every
    question a reader asks of this shelf, so worked out once (kept with the shelf)."""
    name = f"newest:{key}"
    got = sh.derived.get(name)
    if got is None or got.size != min(DENSE_SHORTLIST, idx.size - 1):
        got = sh.derived[name] = newest_of(sh.created_s[idx], DENSE_SHORTLIST)
    return got


def newest_of(created: np.ndarray, shortlist: int) -> np.ndarray:
    """Positions of the `shortlist` newest of `created` (fewer than all)."""
    k = min(shortlist, created.size - 1)
    out: np.ndarray = np.argpartition(-created, k)[:k]
    return out


def cosines(
    mat: Matrix,
    q: Matrix,
    idx: np.ndarray,
    lex: np.ndarray,
    created: np.ndarray,
    *,
    all_max: int = DENSE_ALL_MAX,
    shortlist: int = DENSE_SHORTLIST,
    newest: np.ndarray | None = None,
) -> np.ndarray:
    """The cosine of each visible fact (`idx`: their positions in `mat`, ascending, as a mask's
    `nonzero` gives them) to the query. In a very large scope only the lexical
    best (among the facts BM25 matched at all) and the newest get theirs computed; the rest get
    the lowest of those (so min-max scaling puts them at 0), which keeps a selection's cost
    from growing with every fact. `newest` is `newest_of(created[idx], shortlist)` if the
    caller kept it."""
    if idx.size <= all_max:
        # The whole matrix times the query, then the visible rows (all of them: no copy
        # through `idx`): indexing the matrix first would copy it on every selection.
        dots = row_dots(mat, q)
        full: np.ndarray = (dots if idx.size == dots.shape[0] else dots[idx]).astype(np.float64)
        return full
    k = min(shortlist, idx.size - 1)
    hits = np.flatnonzero(lex > 0)
    if hits.size > k:  # partitioning only the matches: most of a large scope matches nothing
        hits = hits[np.argpartition(-lex[hits], k)[:k]]
    if newest is None:
        newest = newest_of(created[idx], shortlist)
    short = np.union1d(hits, newest)
    part = row_dots(mat[idx[short]], q).astype(np.float64)
    out = np.full(idx.size, float(part.min()), dtype=np.float64)
    out[short] = part
    return out


def _best_first(score: np.ndarray, ids: np.ndarray, head: int = 1000) -> Iterator[int]:
    """Positions by score (then newer id) descending; only the first `head` are sorted unless
    more are asked for (a budget is usually full after a few dozen)."""
    n = score.size
    if n <= head:
        yield from np.lexsort((-ids, -score)).tolist()
        return
    part = np.argpartition(-score, head)
    top, rest = part[:head], part[head:]
    yield from top[np.lexsort((-ids[top], -score[top]))].tolist()
    yield from rest[np.lexsort((-ids[rest], -score[rest]))].tolist()


def rank_facts(
    db: Session,
    *,
    user_id: str,
    channel: str,
    is_dm: bool,
    query_text: str = "",
    query_vec: Matrix | None = None,
    embedder: Embedder | None = None,
    now: datetime,
) -> list[Ranked]:
    """Every retrievable in-scope fact, best first (reads only; changes nothing).

    Relevance fuses BM25 over the texts (with one round of pseudo-relevance feedback, and the
    question's words' nearest words in the embedder's table when it has one: `expand`) and the
    cosine of their embeddings to the query (when an embedder is given), each scaled to 0..1.
    The prior (`fact_prior`: confidence faded since last use) multiplies it by 1 ± PRIOR_TILT/2,
    so it reorders near-ties only: an old fact the question names outranks a fresh one it does
    not. No candidate is dropped for its age; with no query the prior alone orders them (a
    context then sinks a superseded fact below its replacement: `retrieve_facts`). The
    scope's facts come from the in-process index (`writers.recall.factindex`), current by the
    database's versions; who may see which is `scope_filter`'s answer.
    """
    sh = _shelf(db, user_id=user_id, channel=channel, is_dm=is_dm, embedder=embedder)
    return list(
        _ranked(
            db,
            sh,
            user_id=user_id,
            channel=channel,
            is_dm=is_dm,
            query_text=query_text,
            query_vec=query_vec,
            embedder=embedder,
            now=now,
        )
    )


# The columns `retrieve_facts` loads (what `render_fact` reads, and the status it checks); any
# other is loaded on first use.
_SHOWN = (
    MemoryEntry.id,
    MemoryEntry.text,
    MemoryEntry.category,
    MemoryEntry.created_at,
    MemoryEntry.status,
)


class FactLine(NamedTuple):
    """A chosen fact as the context shows it: its line and what the line costs. A named tuple
    (immutable, read by its fields' names), not a frozen dataclass: making one cost ~6 k
    instructions (a `object.__setattr__` per field), ~3 k as a tuple, for each fact of each
    context (issue 27, eighteenth round)."""

    id: int
    line: str
    tokens: int


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
    limit: int | None = None,
    token_budget: int | None = None,
    known: factindex.Known | None = None,
) -> list[MemoryEntry]:
    """The best in-scope facts (see `rank_facts`) that fit `token_budget` (and `limit`, if any).

    Reads only: being selected is not evidence of use, so nothing is refreshed here (a preview
    and a real session select alike); `reinforce_facts` records real use. Among the chosen, a
    superseded fact comes just below the newer one that replaced it (`supersede`).
    """
    sh, chosen, _costs = _chosen(
        db,
        user_id=user_id,
        channel=channel,
        is_dm=is_dm,
        query_text=query_text,
        query_vec=query_vec,
        embedder=embedder,
        now=now,
        limit=limit,
        token_budget=token_budget,
        known=known,
    )
    # A small shelf keeps its facts' texts as of its versions (the ones it was ranked on): the
    # lines come from it, read by no statement (transient rows, never added to a session).
    lines = [sh.line(i) for i in chosen]
    if all(line is not None for line in lines):
        return [
            MemoryEntry(id=i, text=text, category=category, created_at=created, status=status)
            for i, line in zip(chosen, lines, strict=True)
            if line is not None
            for text, category, created, status in [line]
            if status in RETRIEVABLE
        ]
    return _read_chosen(db, chosen)


class FactQuestion(TypedDict):
    """What a session's context asks of its facts (`fact_lines`; as `retrieve_facts`)."""

    user_id: str
    channel: str
    is_dm: bool
    query_text: str
    query_vec: Matrix | None
    embedder: Embedder | None
    now: datetime
    token_budget: int
    known: factindex.Known | None


def fact_lines(db: Session, **ask: Unpack[FactQuestion]) -> list[FactLine]:
    """`retrieve_facts`' choice as context lines (a session's context): a small shelf's lines
    and costs as its build rendered them, so nothing is rendered or counted again and no row
    object is made; a large shelf's chosen facts are read and rendered."""
    sh, chosen, costs = _chosen(db, limit=None, unranked_if_all_fit=True, **ask)
    # A shelf that keeps its lines: each chosen fact's line and status by its position, its cost
    # as `_chosen` read it for the budget (the same element of `line_tokens`: `Shelf.shown`,
    # without a numpy scalar per fact).
    position = sh.position if sh.lines else {}
    if all(i in position for i in chosen):
        lines, statuses = sh.lines, sh.statuses
        return [
            FactLine(i, lines[n], costs[i])
            for i in chosen
            for n in [position[i]]
            if statuses[n] in RETRIEVABLE
        ]
    return [
        FactLine(f.id, line, quoted_line_tokens(line))
        for f in _read_chosen(db, chosen)
        for line in [render_fact(f)]
    ]


def _chosen(
    db: Session,
    *,
    user_id: str,
    channel: str,
    is_dm: bool,
    query_text: str,
    query_vec: Matrix | None,
    embedder: Embedder | None,
    now: datetime,
    limit: int | None,
    token_budget: int | None,
    known: factindex.Known | None,
    unranked_if_all_fit: bool = False,
) -> tuple[factindex.Shelf, list[int], dict[int, int]]:
    """The session's shelf, the ids of its best facts that fit the budget (best first), and
    what each chosen fact's line costs (its `line_tokens`), by id. With `unranked_if_all_fit`
    (a context: every fact it may see is shown when they all fit), such facts are not ranked
    by the question but ordered by their prior, as with no question (`_scored`'s `fits`)."""
    sh = _shelf(db, user_id=user_id, channel=channel, is_dm=is_dm, embedder=embedder, known=known)
    got = _scored(
        db,
        sh,
        user_id=user_id,
        channel=channel,
        is_dm=is_dm,
        query_text=query_text,
        query_vec=query_vec,
        embedder=embedder,
        now=now,
        fits=token_budget if unranked_if_all_fit and limit is None else None,
    )
    chosen: list[int] = []
    costs: dict[int, int] = {}
    used = misses = 0
    if got is not None:
        # `rank_facts`' order, read as plain ints: a `Ranked` and five numpy scalars made
        # for each candidate cost more than choosing among a person's few facts.
        idx, score, _relevance, _prior = got
        whole = idx.size == len(sh)  # every fact visible: the arrays as they are (`_scored`)
        ids = sh.ids if whole else sh.ids[idx]
        id_list: list[int] = ids.tolist()
        tokens: list[int] = (sh.line_tokens if whole else sh.line_tokens[idx]).tolist()
        for j in _best_first(score, ids):
            if limit is not None and len(chosen) >= limit:
                break
            cost = tokens[j]
            if token_budget is not None and used + cost > token_budget:
                misses += 1
                if misses >= 50:  # the budget is as full as the next lines allow
                    break
                continue
            chosen.append(id_list[j])
            costs[id_list[j]] = cost
            used += cost
    # A superseded fact sinks below its replacement among what the budget chose: the order
    # changes, never what is shown (`supersede`).
    if embedder is not None:
        chosen = supersede.sink_superseded(sh, chosen, embedder.name)
    return sh, chosen, costs


def _read_chosen(db: Session, chosen: list[int]) -> list[MemoryEntry]:
    """The chosen facts read (a shelf too large to keep texts), in their order."""
    if not chosen:
        return []
    # Only what a context line shows (and the status): loading every column of each chosen
    # fact (its JSON tags, flags, provenance) was a sixth of a selection's time at 100k facts.
    found = {
        f.id: f
        for f in db.scalars(
            select(MemoryEntry).options(load_only(*_SHOWN)).where(MemoryEntry.id.in_(chosen))
        )
    }
    # A fact changed since the index was read is left out rather than shown as it was.
    return [found[i] for i in chosen if i in found and found[i].status in RETRIEVABLE]


def reinforce_facts(db: Session, ids: Sequence[int], now: datetime) -> int:
    """Record that facts were *used* (a 👍 on the reply they informed, or the reflection citing
    them): their prior is refreshed and a decayed one is active again. Returns how many."""
    n = 0
    for fact in db.scalars(
        select(MemoryEntry).where(
            MemoryEntry.id.in_(list(ids)), MemoryEntry.status.in_(RETRIEVABLE)
        )
    ):
        fact.last_accessed_at = now
        fact.access_count += 1
        fact.status = "active"
        n += 1
    db.flush()
    return n


def decay_facts(db: Session, now: datetime) -> tuple[int, int]:
    """Label faded facts decayed and archive long-unused ones (never deleted), by `fact_prior`;
    return (decayed, archived). A decayed fact is still retrieved when a question names it."""
    decayed = archived = 0
    rows = db.scalars(
        select(MemoryEntry).where(
            MemoryEntry.scope_kind.in_(FACT_SCOPES),
            MemoryEntry.status.in_(RETRIEVABLE),
        )
    )
    for fact in rows:
        days = _days(now, _last_use(fact))
        prior = fact_prior(fact.confidence, fact.decay_rate, _last_use(fact), now)
        if days > ARCHIVE_AFTER_DAYS and prior < ARCHIVE_BELOW:
            fact.status, fact.updated_at = "archived", now
            archived += 1
        elif fact.status == "active" and prior < DECAYED_BELOW:
            fact.status, fact.updated_at = "decayed", now
            decayed += 1
    db.flush()
    return decayed, archived
