"""An in-process index of the facts a session may see, kept current by the database's versions.

One `Shelf` per set of scopes a session reads (a channel; or a DM user's scope with its DM
channel): the retrievable, unflagged facts' ids, numbers (confidence, decay, dates, line lengths),
BM25 postings over salted term hashes and, per embedder, their vectors; a shelf of at most
`TEXTS_MAX` facts also keeps their texts, so the lines a selection shows need no read of their own
(`line`), and makes its postings and vectors only when first read (`Shelf.indexed`, `Vectors`: a
context whose facts all fit ranks nothing). Each selection reads the scopes' versions
(`fact_scope_versions`, bumped by triggers on every insert, update and delete; migration 0014) and
rebuilds a shelf only when one moved, so a fact written, edited, rolled back or forgotten by any
process is seen by the next selection in every process. Which facts of a shelf a given user may see
is asked of `facts.scope_filter` itself (ids only, once per user and shelf version), never
re-implemented here: for the user whose selection builds a shelf, by the building statement itself
(`shelf`'s `visible_to`). A fact's vector is the one kept with it when its embedder wrote it
(migration 0021); only the others are embedded. The building statement may run ahead, in the
transaction that opened the session (`read_ahead`: the intake's), so the selection reads nothing.

What a shelf holds goes with the texts it came from: `forget` drops every shelf (and every rows
read ahead) holding a forgotten or rolled-back text's hash (its terms, vectors and text alike),
and a shelf is rebuilt when its scopes' versions moved (an edit, or a forget by another
process).
"""

from __future__ import annotations

import functools
import math
import operator
import threading
import weakref
from collections import OrderedDict
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import datetime
from typing import Any

import numpy as np
from sqlalchemy import ColumnElement, Select, String, and_, bindparam, case, cast, or_, select
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.orm import Session

from store.db import Prepared
from store.models import FactScopeVersion, MemoryEntry
from writers.embed import Matrix
from writers.recall import lexical
from writers.tokens import quoted_line_tokens

Scope = tuple[str, str]
_NO_FLAGS = (None, "", "[]", "null")
_MAX_SHELVES = 64
_MAX_BYTES = 512 * 2**20  # vectors and postings of all shelves together (least recent go first)
_MAX_MASKS = 256
# A shelf of at most this many facts keeps their texts (a few hundred kB at most): the lines a
# selection shows come from it. A larger one drops them; its chosen lines are read.
TEXTS_MAX = 4096


_EPOCH = datetime(1970, 1, 1)


def epoch(when: datetime) -> float:
    """Seconds since 1970 (a naive datetime is UTC, as SQLite returns them)."""
    if when.tzinfo is not None:
        return when.timestamp()
    # The same float as `when.replace(tzinfo=UTC).timestamp()` (CPython takes the difference
    # from the epoch and its `total_seconds()` too), without `replace`'s keyword parsing: a
    # tenth of a new person's shelf's build was making those two aware copies of each fact's
    # dates (issue 27, fourteenth round).
    return (when - _EPOCH).total_seconds()


@dataclass
class Shelf:
    """The facts of some scopes, as arrays (see the module docstring)."""

    versions: tuple[int, ...]
    ids: np.ndarray
    categories: list[str]
    created: list[datetime]
    created_s: np.ndarray
    last_use_s: np.ndarray
    confidence: np.ndarray
    decay: np.ndarray
    line_tokens: np.ndarray
    hashes: list[str]
    # Each fact's text, status and context line while building (for the vectors); kept only
    # when the shelf has at most TEXTS_MAX facts (`line`, `shown`), emptied otherwise.
    texts: list[str]
    statuses: list[str]
    lines: list[str]
    # The lexical index (`terms`, `postings`, `doc_len`): made by the build for a shelf that
    # keeps no texts, else on first use, from the texts (`_index`): a context whose facts all
    # fit its budget ranks nothing (`facts._scored`), and its shelf never needs one.
    index: _Lexical | None = None
    vectors: Vectors = field(default_factory=lambda: Vectors())
    masks: OrderedDict[str, np.ndarray] = field(default_factory=OrderedDict)
    # Whether each fact is of a channel scope (else a person's): a shelf holds at most one scope
    # of each kind (`scopes_of`), so this tells its facts' scopes apart (`supersede`).
    in_channel: np.ndarray = field(default_factory=lambda: np.zeros(0, dtype=bool))
    # Worked out once per shelf for a reader (`expand`: which word pieces its postings hold);
    # dropped with the shelf, like the postings.
    derived: dict[str, np.ndarray] = field(default_factory=dict)

    def __len__(self) -> int:
        return len(self.ids)

    @property
    def indexed(self) -> _Lexical:
        """The shelf's lexical index, made from its texts on first use (see `index`)."""
        got = self.index
        if got is None:
            # Two readers may make it at once: the same index, either one kept.
            got = self.index = _index(
                [lexical.cached_terms(h, t) for h, t in zip(self.hashes, self.texts, strict=True)]
            )
        return got

    @property
    def terms(self) -> list[tuple[int, ...]]:
        """Each fact's term hashes, in its text's order."""
        return self.indexed.terms

    @property
    def postings(self) -> dict[int, tuple[np.ndarray, np.ndarray]]:
        """Each term's facts (positions) and counts in them."""
        return self.indexed.postings

    @postings.setter
    def postings(self, value: dict[int, tuple[np.ndarray, np.ndarray]]) -> None:
        self.index = replace(self.indexed, postings=value)

    @property
    def doc_len(self) -> np.ndarray:
        """Each fact's number of terms."""
        return self.indexed.doc_len

    @functools.cached_property
    def norm(self) -> np.ndarray:
        """BM25's length normalisation of every fact (computed once per shelf)."""
        n = len(self.doc_len)
        # `doc_len.mean()`: the sum `_methods._mean` takes, divided by the count, as it does.
        avg = float(np.add.reduce(self.doc_len) / n) if n else 1.0
        return lexical.K1 * (1 - lexical.B + lexical.B * self.doc_len / (avg or 1.0))

    @property
    def nbytes(self) -> int:
        """Roughly what the shelf holds in memory."""
        return self.fixed_nbytes + self.derived_nbytes

    @property
    def fixed_nbytes(self) -> int:
        """What the shelf holds that does not change once it is kept: its postings, texts and
        ids, and its vectors (made before it is kept, `shelf`)."""
        return self.vectors.nbytes + self._fixed_nbytes

    @property
    def derived_nbytes(self) -> int:
        """What its readers worked out and keep with it (`derived`: may grow once kept)."""
        return sum(int(v.nbytes) for v in self.derived.values())

    @functools.cached_property
    def _fixed_nbytes(self) -> int:
        """The postings, texts and ids: fixed once the shelf is kept (`shelf` empties a large
        shelf's texts before). Summed once: walking each kept shelf's postings and texts again
        whenever one was kept cost ~0.5 ms per session start with 200 people's shelves kept (a
        person's own facts are a scope of their own). A shelf whose index is not made yet counts
        what it will hold at most (a term's posting is 16 bytes, and each term is at least one
        character and a separator of its text), so its size does not change once kept."""
        index = self.index
        chars = sum(map(len, self.texts))
        if index is None:
            posts = 8 * chars
        else:
            posts = sum(int(d.nbytes + c.nbytes) for d, c in index.postings.values())
        texts = 2 * chars + 98 * len(self.texts)  # each text and its line
        return posts + texts + 64 * len(self.ids)

    @functools.cached_property
    def position(self) -> dict[int, int]:
        """Each fact's position by its id."""
        return {int(i): n for n, i in enumerate(self.ids.tolist())}

    def line(self, fact_id: int) -> tuple[str, str, datetime, str] | None:
        """The fact's text, category, creation time and status as of the shelf's versions, or
        None when the shelf keeps no texts (or not this fact)."""
        n = self.position.get(fact_id) if self.texts else None
        if n is None:
            return None
        return self.texts[n], self.categories[n], self.created[n], self.statuses[n]

    def shown(self, fact_id: int) -> tuple[str, int, str] | None:
        """The fact's context line (rendered when the shelf was built), its tokens and status,
        or None when the shelf keeps no texts (or not this fact)."""
        n = self.position.get(fact_id) if self.lines else None
        if n is None:
            return None
        return self.lines[n], int(self.line_tokens[n]), self.statuses[n]

    def bm25(self, q: set[int] | dict[int, float]) -> np.ndarray:
        """BM25 of every fact for the term hashes `q` (zeros where none matches); a dict gives
        each term a weight. A term every fact holds is skipped: it tells no fact from another
        (its IDF is log(1 + 0.5 / (n + 0.5)), next to nothing), and its postings are the
        longest there are (a year that every dated fact of a large scope carries)."""
        n = len(self.ids)
        out = np.zeros(n, dtype=np.float64)
        if not n:
            return out
        norm = self.norm
        for t in q:
            hit = self.postings.get(t)
            if hit is None:
                continue
            docs, tf = hit
            if docs.size == n:
                continue
            idf = math.log(1 + (n - len(docs) + 0.5) / (len(docs) + 0.5))
            if isinstance(q, dict):
                idf *= q[t]
            out[docs] += idf * tf * (lexical.K1 + 1) / (tf + norm[docs])
        return out

    def bm25_feedback(
        self, query: str, *, max_postings: int = lexical.PRF_MAX_POSTINGS
    ) -> np.ndarray:
        """BM25 plus one round of pseudo-relevance feedback (`lexical.PRF_DOCS`, `PRF_WEIGHT`;
        terms held by more than `max_postings` facts left out of the round)."""
        first = self.bm25(set(lexical.hashed(query)))
        if not np.logical_or.reduce(first):  # `first.any()`, without `_methods`' layer
            return first
        # The PRF_DOCS best, ties to the older fact (as a stable sort would), without sorting all.
        # Selected among the matches only: partitioning all, mostly zeros, is slow (introselect
        # on many equal values).
        hits = np.flatnonzero(first > 0)
        k = min(lexical.PRF_DOCS, hits.size)
        vals = first[hits]
        kth = np.partition(vals, vals.size - k)[vals.size - k]
        near = hits[vals >= kth]
        top = near[np.lexsort((near, -first[near]))][:k]
        extra = {
            t
            for i in top
            if first[i] > 0
            for t in self.terms[i]
            if self.postings[t][0].size <= max_postings
        }
        return first + lexical.PRF_WEIGHT * self.bm25(extra)


@dataclass(frozen=True)
class _Lexical:
    """A shelf's lexical index: each fact's term hashes, each term's postings (the facts holding
    it and how often), each fact's number of terms."""

    terms: list[tuple[int, ...]]
    postings: dict[int, tuple[np.ndarray, np.ndarray]]
    doc_len: np.ndarray


def _index(terms: list[tuple[int, ...]]) -> _Lexical:
    """The lexical index of facts with these term hashes."""
    postings: dict[int, tuple[list[int], list[int]]] = {}
    for i, doc in enumerate(terms):
        counts: dict[int, int] = {}
        for t in doc:
            counts[t] = counts.get(t, 0) + 1
        for t, c in counts.items():
            p = postings.setdefault(t, ([], []))
            p[0].append(i)
            p[1].append(c)
    return _Lexical(terms, _postings(postings), np.array([len(d) for d in terms], dtype=np.float64))


class Vectors(Mapping[str, Matrix]):
    """A shelf's vectors by embedder name. One may wait as the bytes its facts' rows kept
    (`wait`), joined into the matrix on first read: a context whose facts all fit needs none
    unless a chosen fact says it changed something (`supersede`). Its size is the same waiting
    or made (the blobs are the matrix's rows)."""

    def __init__(self) -> None:
        self._made: dict[str, Matrix] = {}
        self._blobs: dict[str, list[bytes]] = {}

    def __getitem__(self, name: str) -> Matrix:
        got = self._made.get(name)
        if got is None:
            blobs = self._blobs.get(name)
            if blobs is None:
                raise KeyError(name)
            # Copied into numpy's own aligned, writable memory, as `np.stack` made it.
            got = np.frombuffer(b"".join(blobs), dtype="<f4").reshape(len(blobs), -1).copy()
            self._made[name] = got
            self._blobs.pop(name, None)
        return got

    def __setitem__(self, name: str, vectors: Matrix) -> None:
        self._made[name] = vectors
        self._blobs.pop(name, None)

    def wait(self, name: str, blobs: list[bytes]) -> None:
        """The vectors of `name` are these rows' bytes (one per fact, all of one length)."""
        self._made.pop(name, None)
        self._blobs[name] = blobs

    def waiting(self, name: str) -> bool:
        """Whether the vectors of `name` still wait as their rows' bytes (none made)."""
        return name in self._blobs

    def __contains__(self, name: object) -> bool:
        return name in self._made or name in self._blobs

    def __iter__(self) -> Iterator[str]:
        return iter([*self._made, *self._blobs])

    def __len__(self) -> int:
        return len(self._made) + len(self._blobs)

    @property
    def nbytes(self) -> int:
        """What the vectors hold, made or waiting."""
        made = sum(int(v.nbytes) for v in list(self._made.values()))
        return made + sum(sum(map(len, bs)) for bs in list(self._blobs.values()))


@dataclass(frozen=True)
class Known:
    """What a caller already read of some scopes in an earlier snapshot of this transaction's
    caller (the intake's statement, `store.sessions.ContextMarks`): their versions, in the
    order of the scopes, and whether any of them holds a fact row."""

    versions: tuple[int, ...]
    any_facts: bool


def _empty(versions: tuple[int, ...]) -> Shelf:
    """A shelf of no facts (scopes that hold none)."""
    none = np.zeros(0, dtype=np.float64)
    return Shelf(
        versions=versions,
        ids=np.zeros(0, dtype=np.int64),
        categories=[],
        created=[],
        created_s=none,
        last_use_s=none,
        confidence=none,
        decay=none,
        line_tokens=np.zeros(0, dtype=np.int64),
        hashes=[],
        texts=[],
        statuses=[],
        lines=[],
        index=_Lexical([], {}, none),
    )


# How a rebuilt shelf that keeps its texts takes over work from the shelf it replaces, for what
# its readers keep in `Shelf.derived` (the soft match's word vectors: `expand`). Each takes
# (old, new) and may copy only what the new shelf's own texts still need.
CARRIERS: list[Callable[[Shelf, Shelf], None]] = []
# Kept shelves, least recently used first. A plain dict (ordered too): iterating an `OrderedDict`
# hashes each key again (a tuple of the engine's name and the scopes, whose hash is not kept),
# and `_kept_bytes` walks them all at every keep: ~45 k instructions a person's first context
# with 40 shelves kept, ~3 k over a dict (issue 27, eighteenth round).
_SHELVES: dict[tuple[str, tuple[Scope, ...]], Shelf] = {}
# Each kept shelf's `fixed_nbytes` as it was kept, and their total (`_keep`, `_drop`).
_SIZES: dict[tuple[str, tuple[Scope, ...]], int] = {}


class _Total:
    fixed = 0


_KEPT = _Total()
_LOCK = threading.Lock()
# Rows read ahead of a build by a transaction opened for other work (`read_ahead`), by shelf
# key: the versions they were read at, whose visibility they answer, the rows. Taken by the
# build that needs them; dropped by `forget` like a shelf.
_AHEAD: OrderedDict[
    tuple[str, tuple[Scope, ...]], tuple[tuple[int, ...], str | None, list[Any]]
] = OrderedDict()
_MAX_AHEAD = 256
# At most this many rows are read ahead (the reading transaction is the intake's, which holds
# the writer lock on SQLite); scopes holding more are read by their build, as before.
AHEAD_ROWS = 256


@dataclass(frozen=True)
class Viewer:
    """Whose visibility a build answers (`key`, the masks' key) and by what condition: `where()`
    builds it for this viewer; `bound`, when given, is the same condition built once with the
    viewer as bound parameters (`params`), so the building statement is built once too."""

    key: str
    where: Callable[[], ColumnElement[bool]]
    bound: ColumnElement[bool] | None = None
    params: tuple[tuple[str, str], ...] = ()


def scopes_of(*, user_id: str, channel: str, is_dm: bool) -> tuple[Scope, ...]:
    """The scopes a session's facts can come from (`facts.scope_filter` narrows within them)."""
    if is_dm:
        return (("user", user_id), ("channel", channel))
    return (("channel", channel),)


def _in(scopes: Sequence[Scope]) -> ColumnElement[bool]:
    return or_(*(and_(MemoryEntry.scope_kind == k, MemoryEntry.scope_id == i) for k, i in scopes))


def versions(db: Session, scopes: Sequence[Scope]) -> tuple[int, ...]:
    """The scopes' current versions (0 for a scope never written)."""
    rows = db.execute(
        _versions_query(len(scopes)),
        {f"{p}{n}": v for n, scope in enumerate(scopes) for p, v in zip("ki", scope, strict=True)},
    ).all()
    got = {(r.scope_kind, r.scope_id): int(r.version) for r in rows}
    return tuple(got.get(s, 0) for s in scopes)


@functools.cache
def _versions_query(n: int) -> Select[str, str, int]:
    # Built once per number of scopes, with parameters: every selection asks it, and building
    # the expression each time cost more than running it.
    v = FactScopeVersion
    return select(v.scope_kind, v.scope_id, v.version).where(
        or_(
            *(
                and_(v.scope_kind == bindparam(f"k{n}"), v.scope_id == bindparam(f"i{n}"))
                for n in range(n)
            )
        )
    )


def shelf(
    db: Session,
    scopes: tuple[Scope, ...],
    *,
    statuses: Sequence[str],
    render: Callable[[str, str, datetime], str],
    embed: Callable[[Sequence[tuple[str, str]]], Matrix] | None,
    embedder_name: str,
    known: Known | None = None,
    visible_to: Viewer | None = None,
) -> Shelf:
    """The current shelf of `scopes`, rebuilt only when one of their versions moved (or it has
    no vectors from this embedder). With `known` (the versions read in an earlier snapshot),
    nothing is read for scopes that held no fact then, nor for a kept shelf at least as new as
    those versions (versions only grow): such a shelf has every change committed before it.
    With `visible_to` (a viewer and its `visible` condition), a rebuild also answers which of
    its facts that condition admits, in the same statement (`visible` then reads nothing)."""
    if known is not None and not known.any_facts:
        return _empty(known.versions)
    key = _key(db, scopes)
    now_versions = known.versions if known is not None else versions(db, scopes)
    with _LOCK:
        got = _SHELVES.get(key)
        if (
            got is not None
            and _current(got, now_versions, known is not None)
            and (embed is None or embedder_name in got.vectors)
        ):
            _SHELVES[key] = _SHELVES.pop(key)  # now the most recently used
            return got
        ahead = _AHEAD.pop(key, None)
    viewer = None if visible_to is None else visible_to.key
    rows = (
        ahead[2]
        if ahead is not None and ahead[0] == now_versions and ahead[1] == viewer
        else _rows(db, scopes, statuses, visible_to)
    )
    built = _build(rows, now_versions, render, viewer, None if embed is None else embedder_name)
    if embed is not None and embedder_name not in built.vectors:
        built.vectors[embedder_name] = _vectors(rows, built, embed, embedder_name)
    if len(built) > TEXTS_MAX:
        # The vectors are made; a large shelf keeps no text.
        built.texts, built.statuses, built.lines = [], [], []
    elif got is not None:
        for carry in CARRIERS:
            carry(got, built)
    with _LOCK:
        _keep(key, built)
        while len(_SHELVES) > 1 and (len(_SHELVES) > _MAX_SHELVES or _kept_bytes() > _MAX_BYTES):
            _drop(next(iter(_SHELVES)))
    return built


def _keep(key: tuple[str, tuple[Scope, ...]], sh: Shelf) -> None:
    """With `_LOCK` held: keep `sh` as the newest shelf of `key` (replacing one kept before),
    its fixed size added to the kept total."""
    if key in _SHELVES:
        _drop(key)
    _SHELVES[key] = sh
    _SIZES[key] = size = sh.fixed_nbytes
    _KEPT.fixed += size


def _drop(key: tuple[str, tuple[Scope, ...]]) -> None:
    """With `_LOCK` held: stop keeping the shelf of `key`."""
    del _SHELVES[key]
    _KEPT.fixed -= _SIZES.pop(key)


def _kept_bytes() -> int:
    """With `_LOCK` held: what every kept shelf holds (each one's `nbytes`, added up): the fixed
    part as kept, plus what their readers worked out since (`Shelf.derived`), which only the
    few shelves that hold any are asked for. Summing every kept shelf's size at each keep cost
    ~0.15 ms a person's first session with the 64 shelves kept (issue 27, tenth round)."""
    # The shelves holding any found by `filter` (in C): none, in the usual case.
    return _KEPT.fixed + sum(sh.derived_nbytes for sh in filter(_holds_derived, _SHELVES.values()))


_holds_derived = operator.attrgetter("derived")


# Each engine's part of a shelf's key, made once per engine: rendering its URL (quoting each
# part) at every selection and read-ahead cost more than the rest of finding a kept shelf.
_ENGINE_KEYS: weakref.WeakKeyDictionary[Engine, str] = weakref.WeakKeyDictionary()


def _key(db: Session | Connection, scopes: tuple[Scope, ...]) -> tuple[str, tuple[Scope, ...]]:
    bind = db.get_bind() if isinstance(db, Session) else db
    engine = bind.engine if isinstance(bind, Connection) else bind
    name = _ENGINE_KEYS.get(engine)
    if name is None:
        name = _ENGINE_KEYS[engine] = f"{engine.url}#{id(engine)}"
    return (name, scopes)


def _current(got: Shelf, now_versions: tuple[int, ...], known: bool) -> bool:
    """Whether a kept shelf has every change up to `now_versions` (with `known`, versions
    read in an earlier snapshot: a newer shelf has them too, versions only grow)."""
    return got.versions == now_versions or (
        known and all(h >= k for h, k in zip(got.versions, now_versions, strict=True))
    )


def read_ahead(
    db: Session | Connection,
    scopes: tuple[Scope, ...],
    *,
    statuses: Sequence[str],
    known: Known,
    visible_to: Viewer | None = None,
) -> bool:
    """In a transaction opened for other work that read `known` (the intake's, which stores a
    session's first message): read the rows the shelf's build will need, when this process
    keeps no shelf of `scopes` as new as `known` and they hold at most `AHEAD_ROWS` facts, so
    the selection that follows reads nothing and needs no transaction of its own. Only the
    statement runs here; the shelf is built by `shelf`, outside the reading transaction.
    True when rows were kept."""
    if not known.any_facts:
        return False
    key = _key(db, scopes)
    with _LOCK:
        got = _SHELVES.get(key)
        if got is not None and _current(got, known.versions, True):
            return False
    rows = _rows(db, scopes, statuses, visible_to, limit=AHEAD_ROWS + 1)
    if len(rows) > AHEAD_ROWS:
        return False
    with _LOCK:
        _AHEAD[key] = (known.versions, None if visible_to is None else visible_to.key, rows)
        _AHEAD.move_to_end(key)
        while len(_AHEAD) > _MAX_AHEAD:
            _AHEAD.popitem(last=False)
    return True


def _rows(
    db: Session | Connection,
    scopes: tuple[Scope, ...],
    statuses: Sequence[str],
    visible_to: Viewer | None = None,
    *,
    limit: int | None = None,
) -> list[Any]:
    if visible_to is None or visible_to.bound is not None:
        # Built once per shape and run with the scopes and the viewer as parameters: building
        # it per person (and SQLAlchemy adapting each new statement's result) cost more than
        # running it.
        # Prepared (`store.db.Prepared`): compiled once, each run handed to the driver, its
        # rows' values as `Connection.execute` gives them (SQLite's datetimes read from text).
        prepared = _prepared(
            tuple(k for k, _i in scopes),
            tuple(statuses),
            None if visible_to is None else visible_to.bound,
            limit,
        )
        params = {f"i{n}": i for n, (_k, i) in enumerate(scopes)}
        params.update((f"s{n}", s) for n, s in enumerate(statuses))
        params.update(() if visible_to is None else visible_to.params)
        got: list[Any] = prepared.rows(db, params)
    else:
        where = and_(MemoryEntry.status.in_(list(statuses)), _in(scopes))
        got = list(db.execute(_statement(where, visible_to.where(), limit)).all())
    # In id order, sorted here (`_statement` has no ORDER BY).
    got.sort(key=_by_id)
    return got


_by_id = operator.itemgetter(0)  # a row's id (`_COLUMNS`' first)


@functools.cache
def _prepared(
    kinds: tuple[str, ...],
    statuses: tuple[str, ...],
    admits: ColumnElement[bool] | None,
    limit: int | None,
) -> Prepared:
    return Prepared(_prebuilt(kinds, statuses, admits, limit))


@functools.cache
def _prebuilt(
    kinds: tuple[str, ...],
    statuses: tuple[str, ...],
    admits: ColumnElement[bool] | None,
    limit: int | None,
) -> Select[*tuple[Any, ...]]:
    """The building statement for scopes of these kinds, their ids as parameters `i0`, `i1`…
    and the statuses as `s0`, `s1`… (one plain parameter each: an expanding `IN` list is
    rendered into the SQL again at every run, and a read-ahead took about twice as long with
    it: `python bench/first_context.py read-ahead`)."""
    scoped = or_(
        *(
            and_(MemoryEntry.scope_kind == k, MemoryEntry.scope_id == bindparam(f"i{n}"))
            for n, k in enumerate(kinds)
        )
    )
    status = MemoryEntry.status.in_([bindparam(f"s{n}") for n in range(len(statuses))])
    return _statement(and_(status, scoped), admits, limit)


def _statement(
    where: ColumnElement[bool], admits: ColumnElement[bool] | None, limit: int | None
) -> Select[*tuple[Any, ...]]:
    """The building statement. Its rows are put in id order by `_rows`, not by an ORDER BY:
    on SQLite the two scopes' index searches are merged by a sorter that copies every whole
    row (each with its vector, 4 KB) into a temporary B-tree, ~0.2 M instructions of a
    read-ahead's 0.5 M (issue 27, sixteenth round), where sorting the rows read costs a few µs.
    With `limit` (the read-ahead's: it keeps the rows only when fewer came back), which rows
    fill it is left to the database."""
    # Which facts the building user may see, answered by the same statement.
    shown = [] if admits is None else [case((admits, 1), else_=0).label("admits")]
    statement = select(
        *(getattr(MemoryEntry, name) for name in _COLUMNS[:_FLAGS]),
        cast(MemoryEntry.flags, String).label("flags"),
        *(getattr(MemoryEntry, name) for name in _COLUMNS[_FLAGS + 1 : _ADMITS]),
        *shown,
    ).where(where)
    return statement if limit is None else statement.limit(limit)


# The building statement's columns, in its order (`admits` only with a viewer). The build reads
# its rows by position: a Row's attribute costs ~10x its index (371 against 35 ns, SQLAlchemy
# 2.1), and a ten-fact shelf's build read ~170 of them (issue 27, thirteenth round).
_COLUMNS = (
    "id",
    "text",
    "text_hash",
    "scope_kind",
    "category",
    "confidence",
    "decay_rate",
    "last_accessed_at",
    "created_at",
    "status",
    "flags",
    "embedding",
    "embedder",
    "admits",
)
_ID, _TEXT, _HASH, _FLAGS, _EMBEDDING, _EMBEDDER, _ADMITS = (
    _COLUMNS.index(c)
    for c in ("id", "text", "text_hash", "flags", "embedding", "embedder", "admits")
)


def _vectors(
    read: list[Any],
    built: Shelf,
    embed: Callable[[Sequence[tuple[str, str]]], Matrix],
    embedder_name: str,
) -> Matrix:
    """The shelf's vectors: each fact's own, kept with it when this embedder wrote it
    (migration 0021), the rest embedded now (facts imported or written without one)."""
    if not len(built):
        return np.zeros((0, 1), dtype=np.float32)
    kept = {
        r[_ID]: r[_EMBEDDING]
        for r in read
        if r[_EMBEDDING] is not None and r[_EMBEDDER] == embedder_name
    }
    ids = built.ids.tolist()
    missing = [n for n, i in enumerate(ids) if i not in kept]
    if not missing:
        # The usual shelf: every vector kept with its fact, read as one array (copied into
        # numpy's own aligned, writable memory, as `np.stack` made) rather than one per fact.
        blobs = [kept[i] for i in ids]
        if len({len(b) for b in blobs}) == 1:
            return np.frombuffer(b"".join(blobs), dtype="<f4").reshape(len(ids), -1).copy()
    if len(missing) == len(ids):
        return embed(list(zip(built.hashes, built.texts, strict=True)))
    made = iter(embed([(built.hashes[n], built.texts[n]) for n in missing]) if missing else ())
    return np.stack(
        [
            np.frombuffer(kept[i], dtype="<f4")
            if i in kept
            else np.asarray(next(made), dtype=np.float32)
            for i in ids
        ]
    )


def _build(
    read: list[Any],
    now_versions: tuple[int, ...],
    render: Callable[[str, str, datetime], str],
    viewer: str | None = None,
    embedder_name: str | None = None,
) -> Shelf:
    """A shelf of the rows `read`. Its lexical index is made here only for a shelf that will
    keep no texts (more than `TEXTS_MAX` rows), else on first use (`Shelf.indexed`); with
    `embedder_name`, its vectors wait as their rows' bytes when every fact kept one of this
    embedder, all of one length (`Vectors.wait`), else `shelf` makes them."""
    # One pass over the rows, each read by position (`_COLUMNS`).
    ids: list[int] = []
    categories: list[str] = []
    created: list[datetime] = []
    created_s: list[float] = []
    last_use_s: list[float] = []
    confidence: list[float] = []
    decay: list[float] = []
    hashes: list[str] = []
    texts: list[str] = []
    statuses: list[str] = []
    lines: list[str] = []
    in_channel: list[bool] = []
    admits: list[bool] = []
    blobs: list[bytes] = []
    kept_all = embedder_name is not None
    for r in read:
        (id_, text, text_hash, scope_kind, category, conf, rate, used, made, status, flags) = r[
            :_EMBEDDING
        ]
        if flags not in _NO_FLAGS:
            continue
        ids.append(id_)
        texts.append(text)
        hashes.append(text_hash)
        categories.append(category)
        confidence.append(conf)
        decay.append(rate)
        created.append(made)
        made_s = epoch(made)
        created_s.append(made_s)
        last_use_s.append(made_s if used is None else epoch(used))
        statuses.append(status)
        in_channel.append(scope_kind == "channel")
        lines.append(render(category, text, made))
        if viewer is not None:
            admits.append(bool(r[_ADMITS]))
        if kept_all:
            blob = r[_EMBEDDING]
            if blob is None or r[_EMBEDDER] != embedder_name:
                kept_all = False
            else:
                blobs.append(blob)
    shelf = Shelf(
        versions=now_versions,
        ids=np.array(ids, dtype=np.int64),
        categories=categories,
        created=created,
        created_s=np.array(created_s, dtype=np.float64),
        last_use_s=np.array(last_use_s, dtype=np.float64),
        confidence=np.array(confidence, dtype=np.float64),
        decay=np.array(decay, dtype=np.float64),
        line_tokens=np.array([quoted_line_tokens(line) for line in lines], dtype=np.int64),
        hashes=hashes,
        texts=texts,
        statuses=statuses,
        lines=lines,
        in_channel=np.array(in_channel, dtype=bool),
    )
    if len(ids) > TEXTS_MAX:
        shelf.index = _index(
            [lexical.cached_terms(h, t) for h, t in zip(hashes, texts, strict=True)]
        )
    if kept_all and blobs and embedder_name is not None and len({len(b) for b in blobs}) == 1:
        shelf.vectors.wait(embedder_name, blobs)
    if viewer is not None:
        shelf.masks[viewer] = np.array(admits, dtype=bool)
    return shelf


def _postings(
    lists: dict[int, tuple[list[int], list[int]]],
) -> dict[int, tuple[np.ndarray, np.ndarray]]:
    """Each term's facts and counts as arrays: views of two arrays made for all terms at once
    (two arrays per term, for a person's few facts, cost more than the rest of the build)."""
    docs: list[int] = []
    counts: list[int] = []
    ends = []
    for d, c in lists.values():
        docs += d
        counts += c
        ends.append(len(docs))
    all_docs = np.array(docs, dtype=np.int64)
    all_counts = np.array(counts, dtype=np.float64)
    out = {}
    start = 0
    for t, end in zip(lists, ends, strict=True):
        out[t] = (all_docs[start:end], all_counts[start:end])
        start = end
    return out


def visible(
    db: Session,
    sh: Shelf,
    scopes: tuple[Scope, ...],
    user_key: str,
    where: Callable[[], ColumnElement[bool]],
    statuses: Sequence[str],
) -> np.ndarray:
    """Which of the shelf's facts `where()` (the session's `facts.scope_filter`) admits; asked
    of the database once per user and shelf version (the condition is only built then)."""
    got = sh.masks.get(user_key)
    if got is not None:
        return got
    ids = db.scalars(
        select(MemoryEntry.id).where(where(), _in(scopes), MemoryEntry.status.in_(list(statuses)))
    ).all()
    mask = np.isin(sh.ids, np.array(ids, dtype=np.int64))
    with _LOCK:
        sh.masks[user_key] = mask
        while len(sh.masks) > _MAX_MASKS:
            sh.masks.popitem(last=False)
    return mask


def forget(text_hashes: Sequence[str]) -> None:
    """Drop every shelf holding one of these texts' terms or vectors (forget, rollback, edits);
    other processes' shelves go at their next read, when the scope's version has moved."""
    gone = set(text_hashes)
    with _LOCK:
        for key in [k for k, sh in _SHELVES.items() if gone.intersection(sh.hashes)]:
            _drop(key)
        for key in [k for k, a in _AHEAD.items() if any(r[_HASH] in gone for r in a[2])]:
            del _AHEAD[key]


def kept_bytes() -> int:
    """What the kept shelves hold together, as the cache's byte cap counts it."""
    with _LOCK:
        return _kept_bytes()


def hashes() -> set[str]:
    """The text hashes every shelf and every read-ahead holds (what a forget must drop)."""
    with _LOCK:
        return {h for sh in _SHELVES.values() for h in sh.hashes} | {
            r[_HASH] for a in _AHEAD.values() for r in a[2]
        }


def holds(text_hash: str) -> bool:
    """Whether any shelf (or rows read ahead for one) still holds a text's terms or vectors
    (the forget tests look here)."""
    return text_hash in hashes()


def holds_text(text: str) -> bool:
    """Whether any shelf (or rows read ahead for one) still keeps this text, or a context line
    holding it (the forget and edit tests look here too)."""
    with _LOCK:
        return any(
            text in sh.texts or any(text in line for line in sh.lines) for sh in _SHELVES.values()
        ) or any(r[_TEXT] == text for a in _AHEAD.values() for r in a[2])


def derived(key: str) -> list[np.ndarray]:
    """What every kept shelf has worked out under `key` (`Shelf.derived`; the forget tests
    look here)."""
    with _LOCK:
        return [sh.derived[key] for sh in _SHELVES.values() if key in sh.derived]


def clear() -> None:
    """Drop every shelf (tests; a process that wants no derived copies left)."""
    with _LOCK:
        _SHELVES.clear()
        _SIZES.clear()
        _KEPT.fixed = 0
        _AHEAD.clear()
