"""The in-memory lesson library: one vector matrix plus the metadata ranking needs.

Built once at start from the `lessons` table (stored float32 embeddings; rows embedded by another
embedder are re-embedded and written back), then updated incrementally by whoever changes a
lesson in this process. Queries never re-read the lesson table. Changes made elsewhere (the CLI,
another replica) are picked up by `sync`, which follows the audit log: every lesson mutation is
audited with `target_kind="lesson"`, so one indexed `max(id)` tells whether anything changed.
Changes from a transaction that rolls back are undone lazily: touched ids are marked dirty and
reloaded from the database on the next `sync`.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

import numpy as np
from sqlalchemy import event, func, select, update
from sqlalchemy.orm import Session, SessionTransaction

from store.clock import as_utc
from store.models import AuditEvent, LessonRow
from writers.embed import Embedder, Matrix, Thresholds, VectorIndex, thresholds
from writers.tokens import estimate_tokens

log = logging.getLogger(__name__)

LIVE = frozenset({"provisional", "canonical"})
# A flag blocks injection until the owner clears it; cleared flags keep their history this way.
CLEARED_PREFIX = "cleared:"
# Audit events re-read behind the high-water mark, for transactions that commit out of id order.
_AUDIT_SLACK = 200


def lesson_text(condition: str, action: str) -> str:
    """The text a lesson is embedded and de-duplicated by."""
    return f"{condition}\n{action}"


def tokens_of(text: str) -> int:
    """Token estimate used for budgets, per script (`writers.tokens.estimate_tokens`)."""
    return estimate_tokens(text)


def blocking_flags(flags: Iterable[str]) -> list[str]:
    """Flags that keep a lesson out of any context (all but those the owner cleared)."""
    return [f for f in flags if not str(f).startswith(CLEARED_PREFIX)]


# PostgreSQL advisory lock key of the lesson writes (any fixed 64-bit number; "SESHATLS").
_LESSON_WRITES = 0x5345534841544C53


def serialise_writes(db: Session) -> None:
    """Hold the lesson library's write lock until `db`'s transaction ends.

    One reflection's lessons at a time, across workers and replicas: each then reads (`sync`)
    every lesson committed before it, so two sessions teaching the same new lesson at once
    reinforce one row instead of creating two, and reflections reinforcing the same lessons in
    different orders cannot deadlock on their row locks. A lesson write takes milliseconds.
    PostgreSQL: a transaction advisory lock; SQLite: the database's write lock, taken by an
    UPDATE that changes nothing.
    """
    if db.get_bind().dialect.name == "sqlite":
        db.execute(
            update(LessonRow)
            .where(LessonRow.id == -1)
            .values(seen_count=LessonRow.seen_count)
            .execution_options(synchronize_session=False)
        )
    else:
        db.execute(select(func.pg_advisory_xact_lock(_LESSON_WRITES)))


def locked(db: Session, lesson_id: int) -> LessonRow | None:
    """The lesson's row as last committed, locked until `db`'s transaction ends.

    Reinforcement reads the seen-count and the provenance list and writes them back; two
    reflections doing that at once (two workers, two replicas) each wrote their own +1 and
    entry over the other's. PostgreSQL: `SELECT … FOR UPDATE`. SQLite has no row locks and
    pysqlite runs a SELECT outside any transaction: a no-op UPDATE of the row first opens the
    write transaction (the database's write lock, and this process's writer lock in
    store/db.py), so the read that follows sees the last commit and nobody commits in between.
    """
    if db.get_bind().dialect.name == "sqlite":
        db.execute(
            update(LessonRow)
            .where(LessonRow.id == lesson_id)
            .values(seen_count=LessonRow.seen_count)
            .execution_options(synchronize_session=False)
        )
    return db.scalars(
        select(LessonRow)
        .where(LessonRow.id == lesson_id)
        .with_for_update()
        .execution_options(populate_existing=True)
    ).first()


def to_blob(vec: Matrix) -> bytes:
    """A vector as little-endian float32 bytes (the `embedding` column)."""
    return np.asarray(vec, dtype="<f4").reshape(-1).tobytes()


@dataclass(slots=True)
class LessonMeta:
    """What ranking and de-duplication need about one lesson, kept in memory."""

    id: int
    status: str
    task_type: str
    condition: str
    action: str
    seen_count: int
    last_seen: float  # epoch seconds
    flags: tuple[str, ...]
    times_injected: int = 0
    times_recurred: int = 0

    @property
    def injectable(self) -> bool:
        """Canonical and carrying no blocking flag."""
        return self.status == "canonical" and not blocking_flags(self.flags)


def meta_of(row: LessonRow) -> LessonMeta:
    """Metadata of a lesson row."""
    return LessonMeta(
        id=row.id,
        status=row.status,
        task_type=row.task_type,
        condition=row.condition,
        action=row.action,
        seen_count=row.seen_count,
        last_seen=as_utc(row.last_seen_at).timestamp(),
        flags=tuple(str(f) for f in (row.flags or [])),
        times_injected=row.times_injected,
        times_recurred=row.times_recurred,
    )


class LessonLibrary:
    """Every lesson's vector (for dedupe), the injectable ones' (for selection), and metadata."""

    def __init__(self, embedder: Embedder) -> None:
        self.embedder = embedder
        self.thresholds: Thresholds = thresholds(embedder)
        self.index: VectorIndex[int] = VectorIndex(embedder.dim)
        self.injectable: VectorIndex[int] = VectorIndex(embedder.dim)
        self.meta: dict[int, LessonMeta] = {}
        self.injectable_ids: set[int] = set()
        self.version = 0  # bumped on every change that could alter a selection
        # The selector's stable part, keyed by (version, budget): computed once per change.
        self.memo: dict[tuple[int, int], Any] = {}
        self._dirty: set[int] = set()
        self._audit_mark = 0
        self._seen_audit: set[int] = set()
        self._lock = threading.RLock()

    # --- building -----------------------------------------------------------------------------

    @classmethod
    def build(cls, db: Session, embedder: Embedder, *, batch: int = 2000) -> LessonLibrary:
        """Load every lesson; re-embed (and write back) rows stored with another embedder."""
        lib = cls(embedder)
        lib._audit_mark = db.scalar(select(func.max(AuditEvent.id))) or 0
        cols = (
            LessonRow.id,
            LessonRow.status,
            LessonRow.task_type,
            LessonRow.condition,
            LessonRow.action,
            LessonRow.seen_count,
            LessonRow.last_seen_at,
            LessonRow.flags,
            LessonRow.times_injected,
            LessonRow.times_recurred,
            LessonRow.embedding,
            LessonRow.embedder,
        )
        stale: list[LessonMeta] = []
        width = embedder.dim * 4
        for r in db.execute(select(*cols).order_by(LessonRow.id)).yield_per(batch):
            meta = LessonMeta(
                id=r.id,
                status=r.status,
                task_type=r.task_type,
                condition=r.condition,
                action=r.action,
                seen_count=r.seen_count,
                last_seen=as_utc(r.last_seen_at).timestamp(),
                flags=tuple(str(f) for f in (r.flags or [])),
                times_injected=r.times_injected,
                times_recurred=r.times_recurred,
            )
            if (
                r.embedder == embedder.name
                and r.embedding is not None
                and len(r.embedding) == width
            ):
                lib._put(meta, np.frombuffer(r.embedding, dtype="<f4"))
            else:
                stale.append(meta)
        if stale:  # a new embedder: minutes for a large library, so say how far it is
            log.info("lesson library: re-embedding %d lesson(s) with %s", len(stale), embedder.name)
        for start in range(0, len(stale), batch):
            chunk = stale[start : start + batch]
            vecs = embedder.embed([lesson_text(m.condition, m.action) for m in chunk])
            for meta, vec in zip(chunk, vecs, strict=True):
                lib._put(meta, vec)
                row = db.get(LessonRow, meta.id)
                if row is not None:
                    row.embedding = to_blob(vec)
                    row.embedder = embedder.name
            log.info("lesson library: re-embedded %d/%d", start + len(chunk), len(stale))
        return lib

    # --- changes ------------------------------------------------------------------------------

    def _put(self, meta: LessonMeta, vec: Matrix | None) -> None:
        if vec is not None:
            self.index.upsert(meta.id, vec)
        self.meta[meta.id] = meta
        if meta.injectable:
            if vec is None and meta.id not in self.injectable:
                vec = self.embed([lesson_text(meta.condition, meta.action)])[0]
            if vec is not None:
                self.injectable.upsert(meta.id, vec)
            self.injectable_ids.add(meta.id)
        elif meta.id in self.injectable:
            self.injectable.remove(meta.id)
            self.injectable_ids.discard(meta.id)

    def upsert(self, row: LessonRow, vec: Matrix | None = None) -> None:
        """Reflect `row` (new or changed) in memory; `vec` is its embedding when (re)computed."""
        with self._lock:
            if vec is None and row.id not in self.index:
                vec = self.embed([lesson_text(row.condition, row.action)])[0]
            self._put(meta_of(row), vec)
            self.version += 1

    def remove(self, lesson_id: int) -> None:
        """Forget a lesson (used when a rolled-back insert is discovered)."""
        with self._lock:
            self.meta.pop(lesson_id, None)
            self.injectable_ids.discard(lesson_id)
            for idx in (self.index, self.injectable):
                if lesson_id in idx:
                    idx.remove(lesson_id)
            self.version += 1

    def track(self, db: Session, ids: Iterable[int], audit_ids: Iterable[int] = ()) -> None:
        """Mark `ids` for reload unless `db`'s transaction commits (memory was updated eagerly).

        `audit_ids` are this process's own audit events, which `sync` then need not replay.
        """
        touched: set[int] = db.info.setdefault("lesson_library_touched", set())
        touched.update(ids)
        with self._lock:
            self._seen_audit.update(audit_ids)
        if db.info.get("lesson_library_hooked") is self:
            return
        db.info["lesson_library_hooked"] = self

        def on_commit(session: Session) -> None:
            session.info.get("lesson_library_touched", set()).clear()

        def on_end(session: Session, transaction: SessionTransaction) -> None:
            # Runs after on_commit for a commit; anything still touched was rolled back/closed.
            if transaction.parent is None:
                left: set[int] = session.info.get("lesson_library_touched", set())
                if left:
                    with self._lock:
                        self._dirty.update(left)
                    left.clear()

        event.listen(db, "after_commit", on_commit)
        event.listen(db, "after_transaction_end", on_end)

    def sync(self, db: Session, *, top: int | None = None) -> int:
        """Reload lessons changed elsewhere (audit log) or rolled back here; return how many.
        `top` is the audit log's greatest id as read in an earlier snapshot (the intake's
        statement): when the library is at least that far, nothing is read."""
        with self._lock:
            ids = set(self._dirty)
            self._dirty.clear()
            if top is None:
                top = db.scalar(select(func.max(AuditEvent.id))) or 0
            elif top < self._audit_mark:
                top = self._audit_mark  # every change committed before that snapshot is in
            if top != self._audit_mark:
                rows = db.execute(
                    select(AuditEvent.id, AuditEvent.target_id).where(
                        AuditEvent.id > self._audit_mark - _AUDIT_SLACK,
                        AuditEvent.target_kind == "lesson",
                    )
                ).all()
                for audit_id, target in rows:
                    if audit_id not in self._seen_audit and target.isdigit():
                        ids.add(int(target))
                    self._seen_audit.add(audit_id)
                self._audit_mark = top
                floor = top - 4 * _AUDIT_SLACK
                self._seen_audit = {a for a in self._seen_audit if a > floor}
            if not ids:
                return 0
            found = {r.id: r for r in db.scalars(select(LessonRow).where(LessonRow.id.in_(ids)))}
            for lesson_id in ids:
                row = found.get(lesson_id)
                if row is None:
                    self.remove(lesson_id)
                else:
                    vec = None
                    if row.embedding is not None and row.embedder == self.embedder.name:
                        vec = np.frombuffer(row.embedding, dtype="<f4")
                    elif lesson_id in self.index:
                        vec = self.embed([lesson_text(row.condition, row.action)])[0]
                    self.upsert(row, vec)
            return len(ids)

    # --- queries ------------------------------------------------------------------------------

    def embed(self, texts: Sequence[str]) -> Matrix:
        """Embed with the library's embedder."""
        return self.embedder.embed(list(texts))

    def nearest(self, vec: Matrix, k: int = 8) -> list[tuple[LessonMeta, float]]:
        """The k most similar lessons of any status, best first."""
        with self._lock:
            hits = self.index.search(vec, k)
            return [(self.meta[i], s) for i, s in hits if i in self.meta]

    def similar_among(self, vec: Matrix, ids: set[int], k: int = 8) -> list[tuple[int, float]]:
        """Similarity of `vec` to the given lessons only."""
        with self._lock:
            return self.index.search(vec, k, allowed_ids={i for i in ids if i in self.index})

    def search_injectable(
        self, vec: Matrix, k: int, task_type: str | None = None, *, at_least: float | None = None
    ) -> list[tuple[LessonMeta, float]]:
        """Top-k injectable lessons by similarity, restricted to `task_type` or "general".

        With `at_least`, those of them at least that similar: the top-k filtered by it, but for
        the order of equal similarities (which lessons are there is the same: the first rows
        scoring less end the search, and every row after them scores less too). The selection's
        tail lessons ask this way (`related`): most of a library's lessons are unrelated to a
        message, and no tuple is made for them (issue 27, eighteenth round)."""
        with self._lock:
            n = len(self.injectable)
            fetch = min(n, max(k, 1) * 4)
            while True:
                hits = self.injectable.search(vec, fetch, at_least=at_least)
                out = [
                    (self.meta[i], s)
                    for i, s in hits
                    if task_type is None or self.meta[i].task_type in (task_type, "general")
                ]
                if len(out) >= k or fetch >= n or len(hits) < fetch:
                    return out[:k]
                fetch = min(n, fetch * 4)

    def __len__(self) -> int:
        return len(self.meta)


def stamp(now: datetime) -> float:
    """Epoch seconds of an aware or naive-UTC datetime."""
    return as_utc(now).timestamp()
