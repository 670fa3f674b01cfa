"""Forgetting: a real purge of everything derived from one person (or one of their items).

Unlike ageing and rollback, which archive, this deletes: memory entries by or about them, user
observations about them and persona observations by them, their sessions with messages,
reflections, events, skill uses, lesson injections, feedback-button ratings and check-ins, their
words in other people's sessions, their 👍/👎 on other people's replies, skill drafts they
authored, review items showing any of it, the marked lines of MEMORY.md/USER.md, the lesson
vectors in memory, and (`delete_mirrored`, after the commit) the Honcho mirror. Lessons they
contributed to stay only when other people's sessions support them too, without their
provenance. Audit events about purged artifacts lose their detail (which may quote content).
What is left is a receipt (counts and ids, never content) and tombstones
(`store.tombstones`) so nothing comes back.

A skill rests on the one session it was learned in, so a skill learned from them goes like a
lesson only they supported: drafts are deleted, and an approved skill leaves the skills repo with
its whole history (`writers.skills.gitrepo.forget_paths` rewrites every commit without its file
and prunes the old objects), with every version other sessions approved on the same slug (they
were written over theirs). The other skills' commits get new shas; the shas the database keeps
(`Skill.commit_sha`, `SkillState.retired_sha`) follow in the same transaction.

`Purge.run` is one database transaction; the caller then scrubs the SQLite file
(`Store.scrub`) and clears whatever process caches hold rendered context.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any

from sqlalchemy import ColumnElement, delete, or_, select, update
from sqlalchemy.orm import Session

from store import intake_journal
from store.assistant_threads import forget_user as forget_assistant_threads
from store.clock import as_utc
from store.ledger import audit
from store.models import (
    AuditEvent,
    ChatSession,
    Checkin,
    FactInjection,
    FactScopeVersion,
    LessonInjection,
    LessonRow,
    LLMCall,
    MemoryEntry,
    Message,
    Observation,
    ReflectionRow,
    ReplyFeedback,
    ReviewItem,
    SessionEvent,
    Skill,
    SkillInvocation,
    SkillState,
    checkin_jobs,
)
from store.tombstones import buried_by, bury, text_key
from writers.lessons.feedback import settle as settle_feedback
from writers.lessons.index import LessonLibrary, lesson_text
from writers.library.edits import drop_history
from writers.notes import facts, uses
from writers.notes.memory import MEMORY_FILE, record_fingerprint, remove_marked_lines
from writers.notes.persona import USER_FILE
from writers.skills import gitrepo
from writers.skills.drafts import remove_draft_for
from writers.skills.files import SKILL_FILE
from writers.skills.governor import KIND as SKILL_STATE_KIND

log = logging.getLogger(__name__)

# (slack user id, reflection ids whose observations about them were mirrored) → None; raises.
MirrorDeleter = Callable[[str, list[str]], None]
ITEM_KINDS = ("fact", "note", "session")


class UnknownItem(LookupError):
    """The item is not one of this person's (or does not exist)."""


@dataclass
class Receipt:
    """What a forget removed: counts and ids, never content."""

    user_id: str
    item: str | None
    dry_run: bool
    counts: dict[str, int] = field(default_factory=dict)
    ids: dict[str, list[str]] = field(default_factory=dict)
    cards: list[tuple[str, str]] = field(default_factory=list)  # review cards to delete in Slack
    mirrored: list[str] = field(default_factory=list)  # reflections mirrored to Honcho
    mirror: str = "not configured"

    def add(self, kind: str, ident: object) -> None:
        """Count one removed (or shrunk) thing."""
        self.counts[kind] = self.counts.get(kind, 0) + 1
        self.ids.setdefault(kind, []).append(str(ident))

    @property
    def total(self) -> int:
        """How many things were (or would be) removed."""
        return sum(self.counts.values())

    def as_json(self) -> dict[str, Any]:
        """JSON for the audit log, the CLI and the DM."""
        return {
            "user": self.user_id,
            "item": self.item,
            "dry_run": self.dry_run,
            "counts": dict(sorted(self.counts.items())),
            "ids": dict(sorted(self.ids.items())),
            "mirror": self.mirror,
        }


def parse_item(item: str) -> tuple[str, str]:
    """`fact:12` → ("fact", "12"); ValueError naming the accepted forms."""
    kind, _, ident = item.partition(":")
    if kind not in ITEM_KINDS or not ident:
        raise ValueError(f"unknown item {item!r}: use fact:<id>, note:<id> or session:<id>")
    return kind, ident


def known_user(db: Session, user_id: str) -> bool:
    """True when anything at all is kept about or by `user_id`."""
    probes: list[Any] = [
        select(ChatSession.id).where(ChatSession.user_id == user_id),
        select(Message.id).where(Message.user_id == user_id),
        select(MemoryEntry.id).where(_entries_of(user_id)),
        select(Observation.id).where(_observations_of(user_id)),
        select(Skill.id).where(Skill.author_id == user_id),
        select(ReplyFeedback.id).where(ReplyFeedback.user_id == user_id),
    ]
    return any(db.scalars(p.limit(1)).first() is not None for p in probes)


def held_around(db: Session, user_id: str, at: datetime) -> tuple[bool, bool]:
    """(anything a whole forget of `user_id` would purge was made at or before `at`, anything
    was made after it): what an imported "forgotten at `at`" covers here, and what it does not.
    A lesson counts by when it was made, as `writers.library.importer` judges one."""
    probes: list[tuple[Any, ColumnElement[bool]]] = [
        (ChatSession.opened_at, ChatSession.user_id == user_id),
        (Message.created_at, Message.user_id == user_id),
        (MemoryEntry.created_at, _entries_of(user_id)),
        (Observation.created_at, _observations_of(user_id)),
        (Skill.created_at, Skill.author_id == user_id),
        (ReplyFeedback.created_at, ReplyFeedback.user_id == user_id),
    ]
    before = after = False
    for made, whose in probes:
        before = before or _any(db, made, whose, made <= at)
        after = after or _any(db, made, whose, made > at)
    for lesson in db.scalars(select(LessonRow)):
        if _names_author(lesson, user_id):
            made_at = as_utc(lesson.created_at)
            before, after = before or made_at <= at, after or made_at > at
    return before, after


def _any(db: Session, column: Any, *where: ColumnElement[bool]) -> bool:
    return db.scalars(select(column).where(*where).limit(1)).first() is not None


def _names_author(lesson: LessonRow, user_id: str) -> bool:
    """Does a lesson count `user_id` among its authors (its list or a provenance entry)?"""
    if user_id in (lesson.author_ids or []):
        return True
    for p in lesson.provenance or []:
        if isinstance(p, dict) and (
            user_id in (p.get("author_ids") or []) or p.get("author_id") == user_id
        ):
            return True
    return False


def _entries_of(user_id: str) -> ColumnElement[bool]:
    return or_(
        MemoryEntry.author_id == user_id,
        (MemoryEntry.scope_kind == "user") & (MemoryEntry.scope_id == user_id),
    )


def _observations_of(user_id: str) -> ColumnElement[bool]:
    return or_(
        (Observation.kind == "user") & (Observation.subject == user_id),
        Observation.author_id == user_id,
    )


class Purge:
    """One forget: collect what goes, then (unless a dry run) delete it and leave tombstones."""

    def __init__(
        self,
        db: Session,
        *,
        user_id: str,
        item: str | None,
        data_dir: Path,
        now: datetime,
        actor: str,
        library: LessonLibrary | None = None,
        skills_dir: Path | None = None,
    ) -> None:
        self.db, self.user_id, self.item, self.now = db, user_id, item, now
        self.data_dir, self.actor, self.library = data_dir, actor, library
        # The settings' SKILLS_DIR, or its default under the data dir.
        self.skills_dir = skills_dir or data_dir / "skills"
        self._lesson_rows: list[tuple[LessonRow, list[dict[str, Any]]]] = []

    def run(self, *, dry_run: bool) -> Receipt:
        """Forget (or with `dry_run` only count); raises UnknownItem for an item not theirs."""
        db, uid = self.db, self.user_id
        receipt = Receipt(uid, self.item, dry_run)
        entries, observations, sessions, session_ids = self._targets()
        skills = list(
            db.scalars(
                select(Skill).where(
                    or_(Skill.author_id == uid, Skill.session_id.in_(session_ids))
                    if self.item is None
                    else Skill.session_id.in_(session_ids)
                )
            )
        )
        # An approved skill of theirs goes with every other version on its slug: each approved
        # one was written over theirs (its file in the repo is one history), and a draft of an
        # update carries their text in its diff.
        slugs = sorted({s.slug for s in skills if s.status == "approved"})
        mine = {s.id for s in skills}
        skills += [
            s for s in db.scalars(select(Skill).where(Skill.slug.in_(slugs))) if s.id not in mine
        ]
        reflections = list(
            db.scalars(select(ReflectionRow).where(ReflectionRow.session_id.in_(session_ids)))
        )
        for kind, rows in (("fact", entries), ("note", observations), ("session", sessions)):
            for row in rows:
                receipt.add(kind, row.id)
        for r in reflections:
            receipt.add("reflection", r.id)
        self._lessons(session_ids, receipt)
        targets = {("fact", str(e.id)) for e in entries} | {("memory", str(e.id)) for e in entries}
        targets |= {(k, str(o.id)) for o in observations for k in ("persona", "user_observation")}
        targets |= {("skill", str(s.id)) for s in skills}
        targets |= {(SKILL_STATE_KIND, slug) for slug in slugs}
        targets |= {("lesson", i) for i in receipt.ids.get("lesson", [])}
        refl_ids = {r.id for r in reflections}
        items = [
            i
            for i in db.scalars(select(ReviewItem))
            if (i.kind, i.target_id) in targets or i.reflection_id in refl_ids
        ]
        for i in items:
            receipt.add("review_item", i.id)
            if i.card_channel and i.card_ts:
                receipt.cards.append((i.card_channel, i.card_ts))
        for s in skills:
            receipt.add("skill", s.id)
        if self.item is None or self.item.startswith("session:"):
            self._count_session_rows(session_ids, receipt)
        if dry_run:
            return receipt
        # The skills repo is rewritten first, before this transaction's first write: the git work
        # (~25 ms a commit) holds no database lock (SQLite's writer lock is taken at the first
        # write). If the transaction then fails, the skill is gone from the repo only.
        moved = self._rewrite_skills(slugs)
        self._delete_files(entries, observations, skills)
        self._bury(entries, observations, skills, session_ids)
        self._delete_rows(entries, observations, session_ids, skills, items)
        self._forget_skills(slugs, moved)
        self._scrub_audit(receipt, slugs)
        self._scrub_other_reflections()
        receipt.mirrored = sorted(
            {o.reflection_id for o in observations if o.kind == "user" and o.reflection_id}
        )
        audit(
            db,
            actor=self.actor,
            action="forget.receipt",
            target_kind="user",
            target_id=uid,
            now=self.now,
            **receipt.as_json(),
        )
        return receipt

    # --- what goes ----------------------------------------------------------------------------

    def _targets(
        self,
    ) -> tuple[list[MemoryEntry], list[Observation], list[ChatSession], list[str]]:
        """(entries, observations, session rows, the ids of every session that goes)."""
        db, uid = self.db, self.user_id
        if self.item is None:
            entries = list(db.scalars(select(MemoryEntry).where(_entries_of(uid))))
            obs = list(db.scalars(select(Observation).where(_observations_of(uid))))
            sessions = list(db.scalars(select(ChatSession).where(ChatSession.user_id == uid)))
            return entries, obs, sessions, [s.id for s in sessions]
        kind, ident = parse_item(self.item)
        if kind == "session":
            session = db.get(ChatSession, ident)
            rows = [session] if session is not None and session.user_id == uid else []
            # A session of theirs forgotten in another library (its tombstone came with an
            # import): the row never came here, but what was learned from it may have.
            if not rows and (session is not None or buried_by(db, "session", ident) != uid):
                raise UnknownItem(f"no session {ident} of yours")
            entries = list(db.scalars(select(MemoryEntry).where(MemoryEntry.session_id == ident)))
            obs = list(db.scalars(select(Observation).where(Observation.session_id == ident)))
            return entries, obs, rows, [ident]
        # Row ids are ASCII and fit the database's 64 bits: `fact:١` (an Arabic-Indic one,
        # which int() reads as 1) or a 30-digit id is nobody's item; the second stopped a
        # Forget click with the database's overflow and no answer.
        if not (ident.isascii() and ident.isdigit()) or int(ident) >= 2**63:
            raise UnknownItem(f"no {kind} {ident} of yours")
        if kind == "fact":
            entry = db.get(MemoryEntry, int(ident))
            mine = entry is not None and db.scalar(
                select(MemoryEntry.id).where(MemoryEntry.id == entry.id, _entries_of(uid))
            )
            if entry is None or not mine:
                raise UnknownItem(f"no fact {ident} of yours")
            return [entry], [], [], []
        obs_row = db.get(Observation, int(ident))
        mine = obs_row is not None and db.scalar(
            select(Observation.id).where(Observation.id == obs_row.id, _observations_of(uid))
        )
        if obs_row is None or not mine:
            raise UnknownItem(f"no note {ident} of yours")
        return [], [obs_row], [], []

    def _lessons(self, session_ids: list[str], receipt: Receipt) -> None:
        """Lessons from the forgotten sessions (whole forget: any with this author), each with
        the provenance entries that stay."""
        if self.item is not None and not self.item.startswith("session:"):
            return
        sids, uid = set(session_ids), self.user_id
        whole = self.item is None

        def theirs(p: dict[str, Any]) -> bool:
            authors = set(p.get("author_ids") or []) | {p.get("author_id")}
            return p.get("session_id") in sids or (whole and uid in authors)

        for lesson in self.db.scalars(select(LessonRow)):
            entries = [p for p in lesson.provenance if isinstance(p, dict)]
            if not any(theirs(p) for p in entries) and not (whole and uid in lesson.author_ids):
                continue
            keep = [p for p in entries if not theirs(p)]
            receipt.add("lesson" if not keep else "lesson_provenance", lesson.id)
            self._lesson_rows.append((lesson, keep))

    def _count_session_rows(self, session_ids: list[str], receipt: Receipt) -> None:
        db = self.db
        msgs = select(Message.id).where(Message.session_id.in_(session_ids))
        if self.item is None:
            msgs = select(Message.id).where(
                or_(Message.session_id.in_(session_ids), Message.user_id == self.user_id)
            )
        receipt.counts["message"] = len(db.scalars(msgs).all())
        for name, model in (
            ("checkin", Checkin),
            ("session_event", SessionEvent),
            ("skill_invocation", SkillInvocation),
            ("lesson_injection", LessonInjection),
            ("fact_injection", FactInjection),
        ):
            n = len(db.scalars(select(model.id).where(model.session_id.in_(session_ids))).all())
            if n:
                receipt.counts[name] = n
        rated: ColumnElement[bool] = ReplyFeedback.session_id.in_(session_ids)
        if self.item is None:  # their 👍/👎 on other people's sessions too
            rated = or_(rated, ReplyFeedback.user_id == self.user_id)
        n = len(db.scalars(select(ReplyFeedback.id).where(rated)).all())
        if n:
            receipt.counts["feedback"] = n

    # --- deleting -----------------------------------------------------------------------------

    def _delete_files(
        self, entries: list[MemoryEntry], observations: list[Observation], skills: list[Skill]
    ) -> None:
        memory_ids = [e.id for e in entries if e.scope_kind == "global"]
        if remove_marked_lines(self.data_dir / MEMORY_FILE, "m", memory_ids):
            record_fingerprint(self.data_dir)  # the bot's own edit, not a person's
        persona_ids = [o.id for o in observations if o.kind == "persona"]
        remove_marked_lines(self.data_dir / USER_FILE, "p", persona_ids)
        for skill in skills:
            if skill.status != "approved":
                remove_draft_for(skill, self.data_dir)

    def _bury(
        self,
        entries: list[MemoryEntry],
        observations: list[Observation],
        skills: list[Skill],
        session_ids: list[str],
    ) -> None:
        db, uid, now = self.db, self.user_id, self.now
        if self.item is None:
            bury(db, kind="user", key=uid, user_id=uid, now=now)
        for sid in session_ids:
            bury(db, kind="session", key=sid, user_id=uid, now=now)
        texts = [e.text for e in entries] + [o.text for o in observations]
        texts += [s.description for s in skills]
        texts += [lesson_text(r.condition, r.action) for r, keep in self._lesson_rows if not keep]
        for text in texts:
            bury(db, kind="text", key=text_key(text), user_id=uid, now=now)

    def _delete_rows(
        self,
        entries: list[MemoryEntry],
        observations: list[Observation],
        session_ids: list[str],
        skills: list[Skill],
        items: list[ReviewItem],
    ) -> None:
        db, uid = self.db, self.user_id
        for row in [*entries, *observations, *items]:
            db.delete(row)
        facts.forget_vectors([e.text_hash for e in entries])
        # Which sessions they were put into (and the reinforcements their 👍 made) go too.
        uses.forget_facts(db, [e.id for e in entries])
        if self.item is None:
            # Their own scope's version counter (migration 0014) names them: it goes too. The
            # retriever's index sees a version it did not build and reads the scope again.
            db.flush()
            db.execute(
                delete(FactScopeVersion).where(
                    FactScopeVersion.scope_kind == "user", FactScopeVersion.scope_id == uid
                )
            )
        # Their edited items' earlier texts (writers/library/edits.py) go with them.
        drop_history(db, "fact", [e.id for e in entries])
        drop_history(db, "note", [e.id for e in entries])
        drop_history(db, "user-note", [o.id for o in observations])
        drop_history(db, "skill", [s.id for s in skills])
        for skill in skills:
            db.delete(skill)
        self._shrink_lessons()
        checkins = list(db.scalars(select(Checkin.id).where(Checkin.session_id.in_(session_ids))))
        if checkins:
            db.execute(delete(checkin_jobs).where(checkin_jobs.c.id.in_(checkins)))
        uses.drop_sessions(db, session_ids)
        for model in (Checkin, SessionEvent, SkillInvocation, LessonInjection, ReplyFeedback):
            db.execute(delete(model).where(model.session_id.in_(session_ids)))
        if self.item is None:
            # Their 👍/👎 on other people's replies go too, and those sessions' efficacy counts
            # are settled again without them.
            others = list(
                db.scalars(
                    select(ReplyFeedback.session_id).where(ReplyFeedback.user_id == uid).distinct()
                )
            )
            db.execute(delete(ReplyFeedback).where(ReplyFeedback.user_id == uid))
            for sid in others:
                settle_feedback(db, sid, now=self.now)
                uses.settle(db, sid, now=self.now, actor="forget")
        db.execute(
            update(LLMCall).where(LLMCall.session_id.in_(session_ids)).values(session_id=None)
        )
        db.execute(delete(Message).where(Message.session_id.in_(session_ids)))
        if self.item is None:  # their words in other people's sessions, and raw outputs
            # of those sessions' reflections, which may quote them (the parsed JSON stays)
            shared = select(Message.session_id).where(Message.user_id == uid).distinct()
            db.execute(
                update(ReflectionRow)
                .where(ReflectionRow.session_id.in_(shared))
                .values(raw_output=None)
            )
            db.execute(delete(Message).where(Message.user_id == uid))
            forget_assistant_threads(db, uid)  # where their assistant threads were (no text)
            # Their messages acked but not yet handled (HTTP mode on PostgreSQL journals them in
            # the database, store/intake_journal.py): never handled now.
            intake_journal.forget_user(db.connection(), uid)
        db.execute(delete(ReflectionRow).where(ReflectionRow.session_id.in_(session_ids)))
        db.execute(delete(ChatSession).where(ChatSession.id.in_(session_ids)))
        db.flush()

    def _shrink_lessons(self) -> None:
        db, uid = self.db, self.user_id
        if self.library is not None and self._lesson_rows:
            self.library.memo.clear()  # the selector's rendered stable lessons
        for lesson, keep in self._lesson_rows:
            if not keep:
                db.execute(delete(LessonInjection).where(LessonInjection.lesson_id == lesson.id))
                db.delete(lesson)
                drop_history(db, "lesson", [lesson.id])
                if self.library is not None:
                    self.library.remove(lesson.id)
            else:
                lesson.provenance = keep
                lesson.seen_count = len(keep)
                lesson.session_ids = sorted({str(p.get("session_id")) for p in keep})
                lesson.author_ids = sorted({a for p in keep for a in p.get("author_ids") or []})
                if lesson.promotion:
                    lesson.promotion = {
                        k: [x for x in v if x != uid] if isinstance(v, list) else v
                        for k, v in lesson.promotion.items()
                    }
                if self.library is not None:
                    db.flush()
                    self.library.upsert(lesson)
            # Other replicas' libraries follow lesson changes through the audit log.
            audit(
                db,
                actor=self.actor,
                action="forget.lesson",
                target_kind="lesson",
                target_id=str(lesson.id),
                now=self.now,
                kept_provenance=len(keep),
            )

    def _rewrite_skills(self, slugs: list[str]) -> dict[str, str | None]:
        """Their approved skills leave the repo and its history (see the module docstring):
        {old sha: new sha} of the commits that changed."""
        if not slugs:
            return {}
        moved = gitrepo.forget_paths(self.skills_dir, [f"{slug}/{SKILL_FILE}" for slug in slugs])
        return {old: new for old, new in moved.items() if new != old}

    def _forget_skills(self, slugs: list[str], moved: dict[str, str | None]) -> None:
        """The governor's state and the uses of the forgotten slugs go, and the shas the
        database keeps for the other skills follow the rewritten commits."""
        if not slugs:
            return
        db = self.db
        db.execute(delete(SkillState).where(SkillState.slug.in_(slugs)))
        db.execute(delete(SkillInvocation).where(SkillInvocation.skill_slug.in_(slugs)))
        if not moved:
            return
        for skill in db.scalars(select(Skill).where(Skill.commit_sha.in_(list(moved)))):
            skill.commit_sha = moved[skill.commit_sha or ""]
        for state in db.scalars(select(SkillState).where(SkillState.retired_sha.in_(list(moved)))):
            state.retired_sha = moved[state.retired_sha or ""]
        db.flush()

    def _scrub_audit(self, receipt: Receipt, slugs: list[str]) -> None:
        """Audit events about purged artifacts keep who/what/when but lose their detail."""
        kinds = {
            "fact": ("memory_entry", "memory", "fact"),
            "note": ("observation", "persona", "user_observation"),
            "session": ("session",),
            "review_item": ("review_item",),
            "skill": ("skill",),
            "lesson": ("lesson",),
        }
        receipt.ids.setdefault("skill", [])
        ids_of = {kind: receipt.ids.get(kind, []) for kind in kinds}
        ids_of["skill"] = ids_of["skill"] + slugs  # the governor's events name the slug
        for kind, target_kinds in kinds.items():
            ids = ids_of[kind]
            for start in range(0, len(ids), 500):
                self.db.execute(
                    update(AuditEvent)
                    .where(
                        AuditEvent.target_kind.in_(target_kinds),
                        AuditEvent.target_id.in_(ids[start : start + 500]),
                    )
                    .values(detail={"scrubbed": "forget"})
                )

    def _scrub_other_reflections(self) -> None:
        """Other sessions' reflections that said something about this person lose it."""
        if self.item is not None:
            return
        uid = self.user_id
        for row in self.db.scalars(select(ReflectionRow).where(ReflectionRow.parsed.is_not(None))):
            parsed = row.parsed or {}
            updates = parsed.get("user_model_updates")
            if isinstance(updates, dict) and uid in updates:
                row.parsed = {
                    **parsed,
                    "user_model_updates": {k: v for k, v in updates.items() if k != uid},
                }
                row.raw_output = None  # it quoted them; the parsed JSON is what rollback needs


def delete_mirrored(receipt: Receipt, mirror: MirrorDeleter | None) -> str:
    """Ask the Honcho mirror to delete what it got about the person (outside the transaction:
    it is a remote call); the outcome in words, also set on the receipt."""
    if mirror is None:
        receipt.mirror = "not configured"
    elif receipt.mirrored:
        try:
            mirror(receipt.user_id, list(receipt.mirrored))
            receipt.mirror = "deleted"
        except Exception as exc:  # the mirror is remote: say so, the local purge stands
            log.error(
                "Honcho mirror did not delete %s's observations (%s); delete them there by hand",
                receipt.user_id,
                exc.__class__.__name__,
            )
            receipt.mirror = f"failed ({exc.__class__.__name__})"
    else:
        receipt.mirror = "nothing mirrored"
    return receipt.mirror
