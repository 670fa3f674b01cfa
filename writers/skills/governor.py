"""The skill governor: a daily look at the invocation log that takes failing skills out of use and
marks unused ones stale, each on an owner card to confirm, restore or retire.

- Quarantine: among an active skill's last `window` injected uses that have an outcome or the
  user's feedback (counted from its last restore), at least `min_uses`, and the failed share
  reaches `ratio`. A use failed when a reply after it got 👎, or when its session's outcome was
  failure and no 👍 said otherwise (writers/lessons/feedback.py). Failure rate is the primary signal
  (seed 001: "a skill is stale because it fails, not because it's old").
- Stale: an active, unpinned skill with no use (injected or listed) for `stale_days`, counted
  from its last use, else its approval or its last restore.
- The owner decides on a `skill_state` card: ✅ confirm keeps the governor's call, ↩️ restore
  makes it active again (the counts start afresh), 🗑 retire removes the SKILL.md from the skills
  repository in a commit that says why. Nothing is deleted: history keeps it and restore brings
  a retired skill back from there.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime, timedelta
from pathlib import Path

from sqlalchemy import func, or_, select
from sqlalchemy.orm import Session

from store.clock import as_utc
from store.ledger import audit
from store.models import ReviewItem, Skill, SkillInvocation, SkillState
from writers.review import create_item
from writers.skills import gitrepo
from writers.skills.files import SKILL_FILE, approved_index
from writers.skills.matching import usable_skills

KIND = "skill_state"
CHOICES = ("approve", "restore", "retire")  # ✅ confirm · ↩️ restore · 🗑 retire


class UnknownSkill(LookupError):
    """No approved (or retired) skill has this slug."""


@dataclass(frozen=True)
class GovernorPolicy:
    """The governor's knobs (SKILL_FAILURE_WINDOW, SKILL_FAILURE_RATIO, SKILL_FAILURE_MIN_USES,
    SKILL_STALE_DAYS)."""

    window: int = 5
    ratio: float = 0.6
    min_uses: int = 3
    stale_days: float = 60


@dataclass
class GovernorReport:
    """What one run changed, by slug."""

    quarantined: list[str] = field(default_factory=list)
    stale: list[str] = field(default_factory=list)


def _state(db: Session, slug: str, now: datetime) -> SkillState:
    state = db.get(SkillState, slug)
    if state is None:
        state = SkillState(slug=slug, status="active", pinned=False, changed_at=now)
        db.add(state)
    return state


def _approved_at(db: Session, slug: str) -> datetime | None:
    when = db.scalar(
        select(func.max(Skill.decided_at)).where(Skill.slug == slug, Skill.status == "approved")
    )
    return as_utc(when) if when is not None else None


def govern(
    db: Session, *, skills_dir: Path, now: datetime, policy: GovernorPolicy
) -> GovernorReport:
    """One governor pass over the active skills; stages a card for each change."""
    report = GovernorReport()
    for skill in usable_skills(db, skills_dir):
        if skill.status != "active":
            continue
        state = db.get(SkillState, skill.slug)
        since = as_utc(state.changed_at) if state is not None else None
        failing = _failing(db, skill.slug, since, policy)
        if failing is not None:
            _set(db, skill.slug, "quarantined", failing, actor="governor", now=now)
            report.quarantined.append(skill.slug)
            continue
        if skill.pinned:
            continue
        last = db.scalar(
            select(func.max(SkillInvocation.at)).where(SkillInvocation.skill_slug == skill.slug)
        )
        marks = [as_utc(t) for t in (last, _approved_at(db, skill.slug), since) if t is not None]
        if not marks:
            continue  # committed by hand and never seen: the clock starts at its first use
        idle = now - max(marks)
        if idle >= timedelta(days=policy.stale_days):
            why = f"unused for {idle.days} days (SKILL_STALE_DAYS={policy.stale_days:g})"
            _set(db, skill.slug, "stale", why, actor="governor", now=now)
            report.stale.append(skill.slug)
    return report


def _failing(db: Session, slug: str, since: datetime | None, policy: GovernorPolicy) -> str | None:
    query = select(SkillInvocation.outcome, SkillInvocation.feedback).where(
        SkillInvocation.skill_slug == slug,
        SkillInvocation.mode == "injected",
        or_(SkillInvocation.outcome.isnot(None), SkillInvocation.feedback.isnot(None)),
    )
    if since is not None:
        query = query.where(SkillInvocation.at >= since)
    recent = db.execute(
        query.order_by(SkillInvocation.at.desc(), SkillInvocation.id.desc()).limit(policy.window)
    ).all()
    if len(recent) < policy.min_uses:
        return None
    failed = sum(1 for outcome, verdict in recent if failed_use(outcome, verdict))
    if failed / len(recent) < policy.ratio:
        return None
    return f"{failed} of its last {len(recent)} uses ended in failure"


def failed_use(outcome: str | None, feedback: str | None) -> bool:
    """A use failed when the user said so (👎 on a reply after it), or when the reflection
    said so and the user did not say otherwise (👍)."""
    if feedback is not None:
        return feedback == "negative"
    return outcome == "failure"


def _set(db: Session, slug: str, status: str, reason: str, *, actor: str, now: datetime) -> None:
    state = _state(db, slug, now)
    state.status, state.reason, state.changed_by, state.changed_at = status, reason, actor, now
    audit(
        db,
        actor=actor,
        action=f"skill.{status}",
        target_kind="skill",
        target_id=slug,
        now=now,
        reason=reason,
    )
    if actor != "governor":
        return
    verb = "Quarantined" if status == "quarantined" else "Marked stale"
    effect = (
        "It is not offered to any session until restored."
        if status == "quarantined"
        else "It stays in the index but its body is no longer loaded."
    )
    create_item(
        db,
        kind=KIND,
        target_id=slug,
        title=f"{verb}: skill {slug}",
        content=(
            f"{verb} skill `{slug}` on {now:%Y-%m-%d}: {reason}. {effect}\n"
            "✅ confirm · ↩️ restore · 🗑 retire (reverted in the skills repository)"
        ),
        choices=list(CHOICES),
        reason=None,
        reflection_id=None,
        provenance={"governor": status, "slug": slug},
        now=now,
    )


def _known(db: Session, skills_dir: Path, slug: str) -> SkillState | None:
    state = db.get(SkillState, slug)
    on_disk = any(s == slug for s, _ in approved_index(skills_dir))
    if not on_disk and (state is None or state.status != "retired"):
        raise UnknownSkill(slug)
    return state


def retire(
    db: Session, *, skills_dir: Path, slug: str, actor: str, now: datetime, reason: str
) -> str:
    """Remove the SKILL.md in a commit that says why; returns that commit's sha."""
    state = _known(db, skills_dir, slug)
    if state is not None and state.status == "retired":
        return state.retired_sha or ""
    message = (
        f"Retire skill {slug}\n\nReason: {reason}\nRetired-by: {actor}\n"
        "Restore: seshat skills restore " + slug + "\n"
    )
    sha = gitrepo.remove(skills_dir, [f"{slug}/{SKILL_FILE}"], message)
    _set(db, slug, "retired", reason, actor=actor, now=now)
    _state(db, slug, now).retired_sha = sha
    return sha


def restore(db: Session, *, skills_dir: Path, slug: str, actor: str, now: datetime) -> str:
    """Back in use: a retired skill's file comes back from history; counts start afresh."""
    state = _known(db, skills_dir, slug)
    if state is not None and state.status == "retired" and state.retired_sha:
        gitrepo.bring_back(
            skills_dir,
            state.retired_sha,
            [f"{slug}/{SKILL_FILE}"],
            f"Restore skill {slug}\n\nRestored-by: {actor}\nReverts: {state.retired_sha}\n",
        )
    previous = state.status if state is not None else "active"
    _set(db, slug, "active", f"restored by {actor} (was {previous})", actor=actor, now=now)
    _state(db, slug, now).retired_sha = None
    return previous


def pin(
    db: Session, *, skills_dir: Path, slug: str, pinned: bool, actor: str, now: datetime
) -> None:
    """Pin (never marked stale, listed first in the index) or unpin a skill."""
    _known(db, skills_dir, slug)
    state = _state(db, slug, now)
    state.pinned = pinned
    audit(
        db,
        actor=actor,
        action="skill.pinned" if pinned else "skill.unpinned",
        target_kind="skill",
        target_id=slug,
        now=now,
    )


def apply_state_decision(
    db: Session,
    item: ReviewItem,
    decision: str,
    actor: str,
    now: datetime,
    *,
    skills_dir: Path,
) -> None:
    """✅ confirms the governor's call, ↩️ restores, 🗑 retires."""
    slug = item.target_id
    if decision == "restore":
        restore(db, skills_dir=skills_dir, slug=slug, actor=actor, now=now)
    elif decision == "retire":
        state = db.get(SkillState, slug)
        why = f"{state.status}: {state.reason}" if state is not None else "owner decision"
        retire(db, skills_dir=skills_dir, slug=slug, actor=actor, now=now, reason=why)
    else:
        audit(
            db,
            actor=actor,
            action="skill.governor_confirmed",
            target_kind="skill",
            target_id=slug,
            now=now,
        )
