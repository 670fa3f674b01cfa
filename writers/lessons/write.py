"""Lessons from failure: the write path (dedupe, contradiction, quarantine, promotion, efficacy).

For each reflection lesson: redact → safety check → embed `condition\\naction` → match against the
in-memory library. A near-duplicate (≥ the embedder's duplicate threshold, compatible task type,
same polarity) reinforces the existing lesson; a lesson whose condition matches an existing live
one but whose action differs or is negated is stored and both are flagged `contradiction` for the
owner; anything else is a new `provisional` lesson with a review card. A flagged text is stored
`quarantined` with its reasons and never merged into a clean lesson.

Promotion to `canonical`: the owner approves the card, or the rule — seen in ≥ 3 distinct sessions
from ≥ 2 distinct session users (each counted once) with no blocking flag, ≥ 2 of whom count as
independent (`Guard.corroborating`: owners and LESSON_TRUSTED_USERS; a second account nobody
vouched for is not evidence) — *and* the stricter promotion-time check (`writers.guard.promotion`).
A lesson that falls short stays provisional, flagged `held:<reason>`, on the owner's card
(`held:uncorroborated` is looked at again when it recurs). Why it was promoted (sessions, users,
the corroborating ones) is kept on the lesson.
Efficacy (`writers.lessons.efficacy`): when a session that had lessons injected yields a lesson
matching one of them, or a reply after the injection got 👎 (`writers.lessons.feedback`), the
injected
lesson's `times_recurred` grows, once per injection; at ≥ 2 in ≥ half of its injections it is
flagged `ineffective` and sent for review. Ageing and caps live in `writers.lessons.upkeep`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from reflection.schema import Lesson, Reflection, lesson_source_text
from store.ledger import audit
from store.models import AuditEvent, LessonInjection, LessonRow
from writers.base import WriteContext, WriterResult
from writers.embed import Matrix
from writers.guard.attribution import for_item
from writers.guard.gate import Guard
from writers.guard.promotion import promotion_check
from writers.lessons import feedback as feedback_efficacy  # a module: it imports lessons.efficacy
from writers.lessons.efficacy import RECURRED, count_failure, flag_if_ineffective
from writers.lessons.index import (
    CLEARED_PREFIX,
    LIVE,
    LessonLibrary,
    LessonMeta,
    blocking_flags,
    lesson_text,
    locked,
    serialise_writes,
    to_blob,
)
from writers.lessons.review import add_flag, audit_lesson, stage_review

PROMOTE_MIN_SESSIONS = 3
PROMOTE_MIN_AUTHORS = 2
PROMOTION_CHECK = "promotion-check/1"  # recorded with every promotion by recurrence
HELD_PREFIX = "held:"  # a flag per promotion-check reason; blocks auto-promotion
# Recurred, but fewer than PROMOTE_MIN_AUTHORS of its users count as independent (see
# `Guard.corroborating`). Unlike the other held flags it is looked at again at each recurrence:
# a trusted user seeing the same lesson lifts it.
UNCORROBORATED = HELD_PREFIX + "uncorroborated"
_WRITTEN_MARK = "lessons.written"

_NEGATION = re.compile(
    r"\b(don'?t|do not|never|avoid|stop|refrain from|must not|mustn'?t|should not|shouldn'?t|"
    r"no longer|instead of)\b",
    re.I,
)


def negated(action: str) -> bool:
    """True when an action tells the reader not to do something."""
    return _NEGATION.search(action) is not None


def normalise_task_type(task_type: str) -> str:
    """Lower-case, hyphenated task type; empty becomes "general"."""
    slug = re.sub(r"[^a-z0-9]+", "-", task_type.lower()).strip("-")
    return slug[:64] or "general"


def session_users(row: LessonRow) -> list[str]:
    """The distinct session users behind a lesson, each counted once (older provenance entries
    without `user_id` count their first author)."""
    users: list[str] = []
    for p in row.provenance:
        if not isinstance(p, dict):
            continue
        user = p.get("user_id") or next(iter(p.get("author_ids") or []), None)
        if user and user not in users:
            users.append(str(user))
    return users


def promotable(row: LessonRow) -> bool:
    """The automatic rule: provisional, ≥3 sessions, ≥2 distinct session users, no flag (a held
    flag from the promotion check included), no contradiction. The promotion check comes next."""
    return (
        row.status == "provisional"
        and len(set(row.session_ids)) >= PROMOTE_MIN_SESSIONS
        and len(session_users(row)) >= PROMOTE_MIN_AUTHORS
        and not [f for f in blocking_flags(row.flags) if f != UNCORROBORATED]
        and not any(str(f).startswith(CLEARED_PREFIX + "safety:") for f in row.flags)
        and not row.contradicts
    )


@dataclass
class _Batch:
    """State shared by the lessons of one reflection."""

    ctx: WriteContext
    entry: dict[str, Any]
    injected: set[int]
    recurred: set[int]
    result: WriterResult
    touched: set[int]
    audit_ids: list[int]
    reflection: Reflection | None = None  # for the turns each lesson cites


class LessonWriter:
    """The `lessons` writer (satisfies `writers.base.Writer`)."""

    def __init__(self, library: LessonLibrary, *, guard: Guard | None = None) -> None:
        self.library = library
        self.guard = guard or Guard()

    @property
    def name(self) -> str:
        """Stable key in writer_results."""
        return "lessons"

    def write(self, db: Session, ctx: WriteContext, reflection: Reflection) -> WriterResult:
        """Merge this reflection's lessons into the library; idempotent per reflection id."""
        rid = ctx.provenance.reflection_id
        serialise_writes(db)  # then `sync` below sees every lesson committed before this one
        done = db.scalar(
            select(AuditEvent.id).where(
                AuditEvent.target_id == rid, AuditEvent.action == _WRITTEN_MARK
            )
        )
        if done is not None:
            return WriterResult("skipped", detail=["lessons already written for this reflection"])
        self.library.sync(db)
        injected = set(
            db.scalars(
                select(LessonInjection.lesson_id).where(
                    LessonInjection.session_id == ctx.provenance.session_id
                )
            )
        )
        # `user_id` is the one author recurrence counts (once per lesson): the session's user,
        # or the least trusted person who wrote in it (a member's words in an owner's thread
        # are not the owner's corroboration).
        entry = {
            **ctx.provenance.as_json(),
            "user_id": self.guard.least_trusted(ctx),
            "outcome": ctx.outcome,
            "at": ctx.now.isoformat(),
        }
        batch = _Batch(ctx, entry, injected, set(), WriterResult("nothing"), set(), [], reflection)
        for lesson in reflection.lessons:
            self._one(db, batch, lesson)
        self._feedback(db, batch)
        if ctx.outcome == "success":
            self._reinforce_injected(db, batch)
        if not reflection.lessons:
            # Nothing to count twice on a re-run (reinforcement just sets last-seen again).
            self.library.track(db, batch.touched, batch.audit_ids)
            return batch.result
        batch.audit_ids.append(
            audit(
                db,
                actor="reflection",
                action=_WRITTEN_MARK,
                target_kind="reflection",
                target_id=rid,
                now=ctx.now,
                lessons=sorted(batch.touched),
            ).id
        )
        self.library.track(db, batch.touched, batch.audit_ids)
        res = batch.result
        if res.written or res.staged or res.quarantined:
            res.status = "staged" if res.staged or res.quarantined else "written"
        return res

    # --- one lesson ---------------------------------------------------------------------------

    def _one(self, db: Session, b: _Batch, lesson: Lesson) -> None:
        # Whose words this lesson rests on (the turns it cites, checked): its recurrence author
        # is the least trusted of them, so an owner's lesson in a thread a member joined counts
        # as the owner's, and a member's as the member's.
        text = lesson_source_text(lesson.condition, lesson.action)
        ctx = for_item(b.ctx, text, b.reflection.cited("lessons", text) if b.reflection else None)
        if ctx is not b.ctx:
            entry = {
                **b.entry,
                **ctx.provenance.as_json(),
                "user_id": self.guard.least_trusted(ctx),
            }
            b = replace(b, ctx=ctx, entry=entry)
        admitted = [
            self.guard.admit(b.ctx, text, kind="lesson", situation=i == 0)
            for i, text in enumerate((lesson.condition, lesson.action, lesson.rationale))
        ]
        if any(a.redactions for a in admitted):
            b.result.redacted += 1
        cond, act, why = (a.text for a in admitted)
        task_type = normalise_task_type(self.guard.redact(lesson.task_type).text)
        held = [a for a in admitted if a.quarantined]
        flagged = bool(held)
        reasons = list(dict.fromkeys(f for a in held for f in a.flags))
        summary = "; ".join(dict.fromkeys(a.reason or "" for a in held if a.reason))
        lib = self.library
        vec = lib.embed([lesson_text(cond, act)])[0]
        near = lib.nearest(vec, k=8)
        dup_t = lib.thresholds.duplicate
        neg = negated(act)

        if flagged:
            # A flagged text only ever joins another quarantined lesson, never a clean one.
            same = next(
                (m for m, s in near if s >= dup_t and m.status == "quarantined"),
                None,
            )
            b.result.quarantined += 1
            if same is not None:
                self._reinforce(db, b, same.id)
                return
            flags = [f"safety:{r}" for r in reasons]
            row = self._create(db, b, (cond, act, why, task_type), vec, "quarantined", flags, [])
            self._card(db, b, row, summary)
            return

        self._efficacy(db, b, vec)
        contra, dup = self._classify(near, cond, act, task_type, neg)
        if dup is not None:
            self._reinforce(db, b, dup.id)
            b.result.written += 1
            for other in contra:
                self._flag_contradiction(db, b, dup.id, other.id)
            return
        row = self._create(
            db,
            b,
            (cond, act, why, task_type),
            vec,
            "provisional",
            ["contradiction"] if contra else [],
            [m.id for m in contra],
        )
        for other in contra:
            self._flag_contradiction(db, b, row.id, other.id)
        reason = (
            "contradicts lesson(s) " + ", ".join(f"#{m.id}" for m in contra) if contra else None
        )
        self._card(db, b, row, reason)
        b.result.staged += 1

    def _classify(
        self,
        near: list[tuple[LessonMeta, float]],
        cond: str,
        act: str,
        task_type: str,
        neg: bool,
    ) -> tuple[list[LessonMeta], LessonMeta | None]:
        """Contradicted live lessons, and the duplicate to reinforce (if any)."""
        th = self.library.thresholds
        # Only lessons on a related topic can share a condition; skip embedding the rest.
        cands = [m for m, s in near if s >= th.related and m.status != "quarantined"]
        contra: list[LessonMeta] = []
        if cands:
            vecs = self.library.embed(
                [cond, act, *[m.condition for m in cands], *[m.action for m in cands]]
            )
            n = len(cands)
            cond_sims = vecs[2 : 2 + n] @ vecs[0]
            act_sims = vecs[2 + n :] @ vecs[1]
            for i, m in enumerate(cands):
                if m.status not in LIVE or float(cond_sims[i]) < th.duplicate:
                    continue
                if negated(m.action) != neg or float(act_sims[i]) < th.related:
                    contra.append(m)
        contra_ids = {m.id for m in contra}
        dup = next(
            (
                m
                for m, s in near
                if s >= th.duplicate
                and m.status != "quarantined"
                and m.id not in contra_ids
                and negated(m.action) == neg
                and (m.task_type == task_type or "general" in (m.task_type, task_type))
            ),
            None,
        )
        return contra, dup

    # --- mutations ----------------------------------------------------------------------------

    @staticmethod
    def _card(db: Session, b: _Batch, row: LessonRow, reason: str | None) -> None:
        """A review card for `row`, with this reflection's provenance."""
        stage_review(
            db,
            row,
            reason=reason,
            reflection_id=b.ctx.provenance.reflection_id,
            provenance=b.entry,
            now=b.ctx.now,
        )

    def _create(
        self,
        db: Session,
        b: _Batch,
        fields: tuple[str, str, str, str],
        vec: Matrix,
        status: str,
        flags: list[str],
        contradicts: list[int],
    ) -> LessonRow:
        cond, act, why, task_type = fields
        ctx = b.ctx
        row = LessonRow(
            condition=cond,
            action=act,
            rationale=why,
            task_type=task_type,
            status=status,
            seen_count=1,
            session_ids=[ctx.provenance.session_id],
            author_ids=sorted(set(ctx.provenance.author_ids)),
            provenance=[b.entry],
            flags=flags,
            contradicts=contradicts,
            times_injected=0,
            times_recurred=0,
            embedding=to_blob(vec),
            embedder=self.library.embedder.name,
            created_at=ctx.now,
            last_seen_at=ctx.now,
        )
        db.add(row)
        db.flush()
        b.audit_ids.append(
            audit_lesson(
                db,
                row.id,
                "lesson.created",
                "reflection",
                ctx.now,
                status=status,
                reflection_id=ctx.provenance.reflection_id,
            )
        )
        self._touch(b, row, vec)
        return row

    def _reinforce(self, db: Session, b: _Batch, lesson_id: int) -> None:
        # Under the row's lock: a concurrent reflection's +1 and provenance entry stay.
        row = locked(db, lesson_id)
        ctx = b.ctx
        if row is None or any(
            isinstance(p, dict) and p.get("reflection_id") == ctx.provenance.reflection_id
            for p in row.provenance
        ):
            return  # a re-run of the same reflection must not count twice
        row.seen_count += 1
        row.provenance = [*row.provenance, b.entry]
        if ctx.provenance.session_id not in row.session_ids:
            row.session_ids = [*row.session_ids, ctx.provenance.session_id]
        new_authors = [a for a in ctx.provenance.author_ids if a not in row.author_ids]
        if new_authors:
            row.author_ids = [*row.author_ids, *new_authors]
        row.last_seen_at = ctx.now
        action = "lesson.reinforced"
        if row.status == "archived":
            row.status = "provisional"  # it recurred after all: back in play, via the rules
            action = "lesson.revived"
        b.audit_ids.append(
            audit_lesson(
                db,
                row.id,
                action,
                "reflection",
                ctx.now,
                seen_count=row.seen_count,
                reflection_id=ctx.provenance.reflection_id,
            )
        )
        if promotable(row):
            self._promote_or_hold(db, b, row)
        self._touch(b, row, None)

    def _promote_or_hold(self, db: Session, b: _Batch, row: LessonRow) -> None:
        """Recurrence reached: promote if the stricter promotion check passes, else hold it."""
        now = b.ctx.now
        users = session_users(row)
        corroborating = self.guard.corroborating(users, b.ctx.owner_ids)
        evidence = {
            "rule": "recurrence",
            "sessions": sorted(set(row.session_ids)),
            "users": users,
            "corroborating": corroborating,
            "corroborators": self.guard.corroborators,
            "check": PROMOTION_CHECK,
        }
        if len(corroborating) < PROMOTE_MIN_AUTHORS:
            if add_flag(row, UNCORROBORATED):
                why = (
                    f"recurred in {len(evidence['sessions'])} sessions from {len(users)} users, "
                    f"but {len(corroborating)} of them are owners or on LESSON_TRUSTED_USERS; "
                    "a second account counts for nothing until someone vouches for it"
                )
                b.audit_ids.append(
                    audit_lesson(db, row.id, "lesson.held", "rule", now, **evidence, why=why)
                )
                self._card(db, b, row, f"{why}. ✅ shares it with everyone.")
            return
        if UNCORROBORATED in row.flags:
            row.flags = [f for f in row.flags if f != UNCORROBORATED]
        verdict = promotion_check(
            row.condition,
            row.action,
            row.rationale,
            allow_domains=self.guard.allow_domains,
            allow_emails=self.guard.allow_emails,
        )
        if verdict.flagged:
            # Stays provisional; the flag stops it recurring into canonical without the owner.
            for code in verdict.reasons:
                add_flag(row, f"{HELD_PREFIX}{code}")
            b.audit_ids.append(
                audit_lesson(
                    db, row.id, "lesson.held", "rule", now, **evidence, why=verdict.summary
                )
            )
            self._card(
                db,
                b,
                row,
                (
                    f"recurred in {len(evidence['sessions'])} sessions from "
                    f"{len(evidence['users'])} users but needs the owner: {verdict.summary}"
                ),
            )
            return
        row.status = "canonical"
        row.promoted_at = now
        row.promotion = evidence
        b.audit_ids.append(audit_lesson(db, row.id, "lesson.promoted", "rule", now, **evidence))

    def _flag_contradiction(self, db: Session, b: _Batch, a_id: int, b_id: int) -> None:
        now = b.ctx.now
        success = b.ctx.outcome == "success"
        for me, other in ((a_id, b_id), (b_id, a_id)):
            row = db.get(LessonRow, me)
            if row is None:
                continue
            changed = add_flag(row, "contradiction")
            if other not in row.contradicts:
                row.contradicts = [*row.contradicts, other]
                changed = True
            if changed:
                b.audit_ids.append(
                    audit_lesson(db, me, "lesson.contradiction", "reflection", now, other=other)
                )
                self._touch(b, row, None)
        existing = db.get(LessonRow, b_id)
        if existing is not None:
            reason = f"contradicted by lesson #{a_id}"
            if success and add_flag(existing, "contradicted_by_success"):
                reason += " from a successful session"
            self._card(db, b, existing, reason)

    def _efficacy(self, db: Session, b: _Batch, vec: Matrix) -> None:
        if not b.injected:
            return
        dup_t = self.library.thresholds.duplicate
        session_id = b.ctx.provenance.session_id
        for lesson_id, score in self.library.similar_among(vec, b.injected, k=4):
            if score < dup_t or lesson_id in b.recurred:
                continue
            b.recurred.add(lesson_id)
            row = db.get(LessonRow, lesson_id)
            if row is None or not count_failure(db, session_id, lesson_id, RECURRED):
                continue  # gone, or this session's failure was counted already (a 👎, a re-run)
            b.audit_ids.append(
                audit_lesson(
                    db,
                    row.id,
                    "lesson.recurred",
                    "reflection",
                    b.ctx.now,
                    times_recurred=row.times_recurred,
                    times_injected=row.times_injected,
                )
            )
            flag_if_ineffective(
                db,
                row,
                now=b.ctx.now,
                reflection_id=b.ctx.provenance.reflection_id,
                provenance=b.entry,
            )
            self._touch(b, row, None)

    def _feedback(self, db: Session, b: _Batch) -> None:
        """The session's 👍/👎 as they stand now, in the injected lessons' efficacy (each click
        already counted when it was made; this catches lessons injected after a click)."""
        settled = feedback_efficacy.settle(
            db,
            b.ctx.provenance.session_id,
            now=b.ctx.now,
            reflection_id=b.ctx.provenance.reflection_id,
            provenance=b.entry,
        )
        b.audit_ids += settled.audit_ids
        for lesson_id in settled.lessons:
            row = db.get(LessonRow, lesson_id)
            if row is not None:
                self._touch(b, row, None)

    def _reinforce_injected(self, db: Session, b: _Batch) -> None:
        # A session that had a lesson injected and succeeded counts as reinforcing it (decay).
        for lesson_id in sorted(b.injected - b.recurred):
            row = db.get(LessonRow, lesson_id)
            if row is not None and row.status == "canonical":
                row.last_seen_at = b.ctx.now
                self._touch(b, row, None)

    def _touch(self, b: _Batch, row: LessonRow, vec: Matrix | None) -> None:
        self.library.upsert(row, vec)
        b.touched.add(row.id)
