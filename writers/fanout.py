"""The fan-out: a validated reflection goes to each writer in turn, once.

Each writer runs in its own transaction together with the update of the reflection's
`writer_results`, so a writer that ran is never run again for that reflection (idempotent by
reflection id), a writer that raised is recorded as failed and the others still run, and a
re-run after a crash picks up exactly the writers that did not finish.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from datetime import datetime
from pathlib import Path
from typing import Any

from sqlalchemy.exc import OperationalError
from sqlalchemy.orm import Session

from reflection.schema import Reflection
from store import sessions as S
from store.db import Store
from store.models import ReflectionRow
from writers.base import Provenance, Turn, WriteContext, Writer, WriterResult
from writers.guard.gate import Guard
from writers.guard.joint import together_reason
from writers.library.forgotten import drop_forgotten, is_forgotten

log = logging.getLogger(__name__)
DONE = {"written", "staged", "nothing", "rejected", "skipped"}
WRITER_ATTEMPTS = 3  # a writer rolled back by a lock conflict runs again, this many times in all


def context_for(
    db: Session,
    row: ReflectionRow,
    *,
    owner_ids: Sequence[str],
    data_dir: Path,
    now: datetime,
    together: str = "",
) -> WriteContext:
    """The write context of a reflection row: its session, transcript authors and provenance."""
    session = S.get(db, row.session_id)
    if session is None:
        raise LookupError(f"reflection {row.id} points at missing session {row.session_id}")
    said = S.transcript(db, session.id)
    human = [m for m in said if not m.is_bot]
    authors = tuple(sorted({m.user_id for m in human if m.user_id}))
    return WriteContext(
        provenance=Provenance(
            reflection_id=row.id,
            session_id=session.id,
            source_ts=tuple(m.ts for m in human),
            author_ids=authors or (session.user_id,),
            model=row.model,
            prompt_version=row.prompt_version,
        ),
        team=session.team,
        channel=session.channel,
        user_id=session.user_id,
        is_dm=session.channel.startswith("D"),
        owner_ids=tuple(owner_ids),
        data_dir=data_dir,
        now=now,
        outcome=row.outcome or "partial",
        together=together,
        # Numbered as the reflection prompt numbered them (`reflection.runner.transcript_lines`).
        turns=tuple(
            Turn(n, None if m.is_bot else m.user_id, m.text) for n, m in enumerate(said, start=1)
        ),
    )


def _lost_a_race(exc: OperationalError) -> bool:
    """A deadlock or serialization failure (PostgreSQL SQLSTATE 40P01 / 40001)."""
    return getattr(exc.orig, "sqlstate", None) in {"40P01", "40001"}


def _done(results: dict[str, Any], name: str) -> bool:
    entry = results.get(name)
    return isinstance(entry, dict) and entry.get("status") in DONE


def fan_out(
    store: Store,
    *,
    reflection_id: str,
    reflection: Reflection,
    writers: Sequence[Writer],
    owner_ids: Sequence[str],
    data_dir: Path,
    now: datetime,
    guard: Guard | None = None,
) -> dict[str, Any]:
    """Run every writer not yet done for this reflection; returns the ledger's writer_results.

    First the guard looks at the reflection as a whole (`together_reason`); its answer goes to
    every writer in the write context, so one flagged item holds all of them for the owner.
    """
    guard = guard or Guard()
    dropped = 0
    with store.sessions() as db:
        row = db.get(ReflectionRow, reflection_id)
        session = S.get(db, row.session_id) if row is not None else None
        if row is not None and (session is None or is_forgotten(db, "session", row.session_id)):
            # Its person had the session forgotten: nothing from it may be learned.
            log.warning("fan-out skipped: session forgotten", extra={"reflection": reflection_id})
            return {}
        if session is not None:
            reflection, dropped = drop_forgotten(
                db,
                reflection,
                session_opened_at=session.opened_at,
                redact=lambda text: guard.redact(text).text,
            )
    if dropped:
        _forget_in_ledger(store, reflection_id, reflection)
        log.info(
            "fan-out: forgotten items dropped",
            extra={"reflection": reflection_id, "dropped": dropped},
        )
    together = _together(store, reflection_id, reflection, guard)
    for writer in writers:
        try:
            for attempt in range(1, WRITER_ATTEMPTS + 1):
                try:
                    with store.sessions.begin() as db:
                        row = db.get(ReflectionRow, reflection_id, with_for_update=True)
                        if row is None:
                            raise LookupError(f"no reflection {reflection_id}")
                        if _done(row.writer_results, writer.name):
                            break
                        ctx = context_for(
                            db,
                            row,
                            owner_ids=owner_ids,
                            data_dir=data_dir,
                            now=now,
                            together=together,
                        )
                        result = writer.write(db, ctx, reflection)
                        # Reassign (not mutate) so SQLAlchemy sees the JSON change.
                        row.writer_results = {**row.writer_results, writer.name: result.as_json()}
                    break
                except OperationalError as exc:
                    if attempt == WRITER_ATTEMPTS or not _lost_a_race(exc):
                        raise
                    # Two reflections locking the same lessons in another order: PostgreSQL
                    # rolled this one back; it is idempotent, so it simply runs again.
                    log.warning(
                        "writer rolled back by a lock conflict; running it again",
                        extra={"writer": writer.name, "reflection": reflection_id},
                    )
        except Exception as exc:  # one writer failing must not stop the others
            log.exception(
                "writer failed", extra={"writer": writer.name, "reflection": reflection_id}
            )
            _record_failure(store, reflection_id, writer.name, exc)
    with store.sessions.begin() as db:
        row = db.get(ReflectionRow, reflection_id)
        assert row is not None
        if all(_done(row.writer_results, w.name) for w in writers) and row.applied_at is None:
            row.applied_at = now
        return dict(row.writer_results)


def _forget_in_ledger(store: Store, reflection_id: str, kept: Reflection) -> None:
    """The ledger row keeps only what may be learned: the raw output (which quoted forgotten
    items) goes, the parsed JSON becomes the filtered reflection, and the SQLite WAL is folded
    back so the old page versions leave the disk."""
    with store.sessions.begin() as db:
        row = db.get(ReflectionRow, reflection_id, with_for_update=True)
        if row is not None:
            row.parsed = kept.model_dump(mode="json")
            row.raw_output = None
    store.scrub()


def _together(store: Store, reflection_id: str, reflection: Reflection, guard: Guard) -> str:
    with store.sessions() as db:
        row = db.get(ReflectionRow, reflection_id)
        session = S.get(db, row.session_id) if row is not None else None
        if row is None or session is None:
            return ""
        why = together_reason(
            db,
            reflection,
            author=session.user_id,
            reflection_id=reflection_id,
            now=row.created_at,
            allow_domains=guard.allow_domains,
            allow_emails=guard.allow_emails,
        )
        # It quotes the raw reflection; redact it like everything else that is kept.
        return guard.redact(why).text if why else ""


def _record_failure(store: Store, reflection_id: str, name: str, exc: Exception) -> None:
    with store.sessions.begin() as db:
        row = db.get(ReflectionRow, reflection_id, with_for_update=True)
        if row is None or _done(row.writer_results, name):
            return  # a concurrent run finished this writer; keep its result
        failed = WriterResult(status="failed", error=f"{exc.__class__.__name__}: {exc}")
        row.writer_results = {**row.writer_results, name: failed.as_json()}
