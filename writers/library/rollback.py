"""Rollback: undo everything derived from a reflection, a session or an author.

A rollback also cancels the check-ins it scheduled; `concerning=<person>` narrows it to what
concerns that person alone (the undo a person may do from their own learning notice).

Memory notes and facts are archived (and only the bot's own marked MEMORY.md lines removed),
approved skills get a `git revert` commit and drafts are deleted, applied persona lines are
removed from USER.md, user-model observations are archived, lessons lose the matching provenance
entries (archived when none is left), and pending review cards for undone artifacts are
rejected. Every change is audited as `rollback.<kind>`; a dry run only lists them.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any

from sqlalchemy import ColumnElement, select
from sqlalchemy.orm import Session

from store.ledger import audit
from store.models import (
    Checkin,
    CheckinState,
    LessonRow,
    MemoryEntry,
    Observation,
    ReviewItem,
    Skill,
)
from writers.notes import uses
from writers.notes.facts import forget_vectors
from writers.notes.memory import MEMORY_FILE, marked_lines, record_fingerprint, remove_marked_lines
from writers.notes.persona import USER_FILE
from writers.skills import gitrepo
from writers.skills.drafts import remove_draft_for


@dataclass
class Change:
    """One thing rollback changes (or would change, in a dry run)."""

    kind: str
    id: str
    action: str
    detail: str = ""
    apply: Callable[[], None] | None = field(default=None, repr=False, compare=False)

    def as_json(self) -> dict[str, Any]:
        """A JSON-ready dict (without the callback)."""
        data = asdict(self)
        data.pop("apply", None)
        return data


@dataclass(frozen=True)
class _Key:
    reflection_id: str | None
    session_id: str | None
    author_id: str | None

    def where(self, model: Any) -> list[ColumnElement[bool]]:
        """Column filters for an artifact table with reflection/session/author columns."""
        out: list[ColumnElement[bool]] = []
        if self.reflection_id:
            out.append(model.reflection_id == self.reflection_id)
        if self.session_id:
            out.append(model.session_id == self.session_id)
        if self.author_id:
            out.append(model.author_id == self.author_id)
        return out

    def matches(self, prov: dict[str, Any]) -> bool:
        """True when one provenance entry (lessons) belongs to this key."""
        if self.reflection_id and prov.get("reflection_id") != self.reflection_id:
            return False
        if self.session_id and prov.get("session_id") != self.session_id:
            return False
        if self.author_id:
            authors = set(prov.get("author_ids") or []) | {prov.get("author_id")}
            if self.author_id not in authors:
                return False
        return True


def rollback(
    db: Session,
    *,
    reflection_id: str | None = None,
    session_id: str | None = None,
    author_id: str | None = None,
    dry_run: bool,
    actor: str,
    now: datetime,
    data_dir: Path,
    skills_dir: Path,
    concerning: str | None = None,
) -> list[Change]:
    """Undo (or with `dry_run` only list) everything derived from the given key(s), and cancel
    the check-ins it scheduled. `concerning`: only what concerns that one person alone (their
    own facts, notes about them, their check-ins): the undo a person may do themselves; what
    reaches others stays the owner's to decide."""
    key = _Key(reflection_id, session_id, author_id)
    if not (reflection_id or session_id or author_id):
        raise ValueError("rollback needs a reflection id, a session id or an author id")
    changes: list[Change] = []
    undone: set[tuple[str, str]] = set()
    changes += _memory(db, key, now, data_dir, undone)
    changes += _skills(db, key, now, actor, data_dir, skills_dir, undone)
    changes += _observations(db, key, data_dir, undone)
    changes += _lessons(db, key, undone)
    changes += _checkins(db, key, actor)
    changes += _fact_uses(db, key)
    if concerning is not None:
        changes = _only_theirs(db, changes, concerning)
        undone = {(c.kind, c.id) for c in changes}
    changes += _reviews(db, key, now, actor, undone, by_reflection=concerning is None)
    if dry_run:
        return changes
    for change in changes:
        if change.apply is not None:
            change.apply()
        audit(
            db,
            actor=actor,
            action=f"rollback.{change.kind}",
            target_kind=change.kind,
            target_id=change.id,
            now=now,
            change=change.action,
            detail=change.detail,
            reflection_id=reflection_id,
            session_id=session_id,
            author_id=author_id,
        )
    if any(c.kind == "memory" and c.action == "remove_line" for c in changes):
        record_fingerprint(data_dir)  # the bot's own edit, not an external one
    return changes


def _memory(
    db: Session, key: _Key, now: datetime, data_dir: Path, undone: set[tuple[str, str]]
) -> list[Change]:
    out: list[Change] = []
    rows = db.scalars(
        select(MemoryEntry).where(*key.where(MemoryEntry), MemoryEntry.status != "archived")
    ).all()
    path = data_dir / MEMORY_FILE
    for row in rows:
        kind = "memory" if row.scope_kind == "global" else "fact"
        undone.add((kind, str(row.id)))

        def archive(row: MemoryEntry = row) -> None:
            row.status = "archived"
            row.updated_at = now
            forget_vectors([row.text_hash])  # the retriever's in-process copies go with it
            uses.forget_facts(db, [row.id])  # and the records of the contexts it was put into

        out.append(Change(kind, str(row.id), "archive", row.text[:80], archive))
        for line in marked_lines(path, "m", [row.id]) if kind == "memory" else []:

            def remove(row: MemoryEntry = row) -> None:
                remove_marked_lines(path, "m", [row.id])

            out.append(Change("memory", str(row.id), "remove_line", line, remove))
    return out


def _skills(
    db: Session,
    key: _Key,
    now: datetime,
    actor: str,
    data_dir: Path,
    skills_dir: Path,
    undone: set[tuple[str, str]],
) -> list[Change]:
    out: list[Change] = []
    rows = db.scalars(select(Skill).where(*key.where(Skill), Skill.status != "rejected")).all()
    for skill in rows:
        undone.add(("skill", str(skill.id)))
        if skill.status == "approved" and skill.commit_sha:

            def revert(skill: Skill = skill) -> None:
                message = (
                    f"Revert skill {skill.slug} (rollback)\n\nRolled-back-by: {actor}\n"
                    f"Reverts: {skill.commit_sha}\nReflection: {skill.reflection_id}\n"
                )
                gitrepo.revert(skills_dir, skill.commit_sha or "", message)
                skill.status = "rejected"
                skill.decided_at = now

            out.append(Change("skill", str(skill.id), "revert", skill.commit_sha, revert))
        else:

            def drop(skill: Skill = skill) -> None:
                remove_draft_for(skill, data_dir)
                skill.status = "rejected"
                skill.decided_at = now

            out.append(Change("skill", str(skill.id), "delete_draft", skill.slug, drop))
    return out


def _observations(
    db: Session, key: _Key, data_dir: Path, undone: set[tuple[str, str]]
) -> list[Change]:
    out: list[Change] = []
    rows = db.scalars(
        select(Observation).where(
            *key.where(Observation), Observation.status.not_in(("archived", "dismissed"))
        )
    ).all()
    path = data_dir / USER_FILE
    for obs in rows:
        kind = "persona" if obs.kind == "persona" else "user_observation"
        undone.add((kind, str(obs.id)))
        status = "dismissed" if obs.kind == "persona" else "archived"

        def settle(obs: Observation = obs, status: str = status) -> None:
            obs.status = status

        action = "dismiss" if status == "dismissed" else "archive"
        out.append(Change(kind, str(obs.id), action, obs.text[:80], settle))
        if obs.kind == "persona":
            for line in marked_lines(path, "p", [obs.id]):

                def remove(obs: Observation = obs) -> None:
                    remove_marked_lines(path, "p", [obs.id])

                out.append(Change("persona", str(obs.id), "remove_line", line, remove))
    return out


def _lessons(db: Session, key: _Key, undone: set[tuple[str, str]]) -> list[Change]:
    out: list[Change] = []
    rows = db.scalars(select(LessonRow).where(LessonRow.status != "archived")).all()
    for lesson in rows:
        entries = [p for p in lesson.provenance if isinstance(p, dict)]
        drop = [p for p in entries if key.matches(p)]
        if not drop:
            continue
        keep = [p for p in entries if not key.matches(p)]
        if not keep:
            undone.add(("lesson", str(lesson.id)))
        # A lesson the recurrence rule promoted goes back to provisional when what is left no
        # longer meets the rule (an owner's approval is not undone by this).
        demote = bool(keep) and _promoted_by_recurrence_without(lesson, keep)

        def shrink(
            lesson: LessonRow = lesson, keep: list[dict[str, Any]] = keep, demote: bool = demote
        ) -> None:
            removed = len(lesson.provenance) - len(keep)
            lesson.provenance = keep
            lesson.seen_count = max(0, lesson.seen_count - removed)
            lesson.session_ids = sorted({str(p.get("session_id")) for p in keep})
            lesson.author_ids = sorted({a for p in keep for a in p.get("author_ids") or []})
            if not keep:
                lesson.status = "archived"
            elif demote:
                lesson.status = "provisional"
                lesson.promoted_at = None
                lesson.promotion = None

        action = "archive" if not keep else "demote" if demote else "drop_provenance"
        out.append(Change("lesson", str(lesson.id), action, f"-{len(drop)} provenance", shrink))
    return out


def _checkins(db: Session, key: _Key, actor: str) -> list[Change]:
    """A rolled-back reflection's check-ins do not go out (cancelled, never deleted)."""
    where: list[ColumnElement[bool]] = []
    if key.reflection_id:
        where.append(Checkin.reflection_id == key.reflection_id)
    if key.session_id:
        where.append(Checkin.session_id == key.session_id)
    if key.author_id:
        where.append(Checkin.user_id == key.author_id)
    rows = db.scalars(
        select(Checkin).where(
            *where, Checkin.state.in_((CheckinState.SCHEDULED, CheckinState.HELD))
        )
    ).all()
    out: list[Change] = []
    for row in rows:

        def cancel(row: Checkin = row) -> None:
            # The send path claims only scheduled rows, so its job finds nothing to send.
            row.state, row.reason = CheckinState.CANCELLED, f"rolled back by {actor}"

        out.append(Change("checkin", row.id, "cancel", row.due_at.isoformat(), cancel))
    return out


def _fact_uses(db: Session, key: _Key) -> list[Change]:
    """A session's rollback also takes back what its 👍 reinforced and drops its records of
    the facts its context carried (writers/notes/uses.py)."""
    sid = key.session_id
    if not sid:
        return []
    rows = uses.of_session(db, sid)
    if not rows:
        return []
    used = sum(1 for r in rows if r.used_at is not None)

    def drop() -> None:
        uses.drop_sessions(db, [sid])

    detail = f"{len(rows)} fact(s) in its context, {used} reinforced by a 👍"
    return [Change("fact_use", sid, "drop", detail, drop)]


def _only_theirs(db: Session, changes: list[Change], person: str) -> list[Change]:
    """The changes that concern `person` alone: facts about them or by them that reach nobody
    else, user notes about them, their check-ins."""
    out: list[Change] = []
    for change in changes:
        if change.kind == "fact":
            entry = db.get(MemoryEntry, int(change.id))
            mine = entry is not None and (
                (entry.scope_kind == "user" and entry.scope_id == person)
                or (entry.author_id == person and entry.reach == "author")
            )
        elif change.kind == "user_observation":
            obs = db.get(Observation, int(change.id))
            mine = obs is not None and obs.subject == person
        elif change.kind == "checkin":
            checkin = db.get(Checkin, change.id)
            mine = checkin is not None and checkin.user_id == person
        else:
            mine = False
        if mine:
            out.append(change)
    return out


def _promoted_by_recurrence_without(lesson: LessonRow, keep: list[dict[str, Any]]) -> bool:
    """True when `lesson` is canonical by the recurrence rule and `keep` no longer meets it."""
    from writers.lessons.write import PROMOTE_MIN_AUTHORS, PROMOTE_MIN_SESSIONS

    if lesson.status != "canonical" or (lesson.promotion or {}).get("rule") != "recurrence":
        return False
    sessions = {str(p.get("session_id")) for p in keep}
    users = {p.get("user_id") or next(iter(p.get("author_ids") or []), None) for p in keep}
    users.discard(None)
    return len(sessions) < PROMOTE_MIN_SESSIONS or len(users) < PROMOTE_MIN_AUTHORS


def _reviews(
    db: Session,
    key: _Key,
    now: datetime,
    actor: str,
    undone: set[tuple[str, str]],
    *,
    by_reflection: bool = True,
) -> list[Change]:
    out: list[Change] = []
    items = db.scalars(select(ReviewItem).where(ReviewItem.status == "pending")).all()
    for item in items:
        if not by_reflection:
            if (item.kind, item.target_id) not in undone:
                continue
        elif (item.kind, item.target_id) not in undone and not (
            bool(key.reflection_id) and item.reflection_id == key.reflection_id
        ):
            continue

        def reject(item: ReviewItem = item) -> None:
            item.status = "rejected"
            item.decision = "reject"
            item.decided_by = actor[:32]
            item.decided_at = now

        out.append(Change("review_item", str(item.id), "reject", item.title, reject))
    return out
