"""Skill drafts: `should_skill` → a draft SKILL.md and a review card; ✅ commits it to the repo.

A draft lives at `data_dir/skills-drafts/<slug>/SKILL.md` (Agent Skills format: YAML front matter
with `name` and `description`, a blank line, the body). Approval writes the reviewed content (from
the database row the card's hash binds to, not the editable draft) into `skills_dir/<slug>/` and
commits it with the provenance in the message. A slug that already exists is an update shown as a
unified diff; it is never overwritten silently. So is a draft under a new slug whose description
nearly matches an approved skill's (embedding similarity at the calibrated `duplicate` threshold):
it is staged as an update of that skill, and ✅ commits it on that skill's slug.
"""

from __future__ import annotations

import difflib
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING

from sqlalchemy import select, update
from sqlalchemy.orm import Session

from reflection.schema import Reflection
from store.ledger import audit
from store.models import ReviewItem, Skill, SkillInvocation
from writers.base import WriteContext, WriterResult, content_hash
from writers.guard.attribution import for_item
from writers.guard.gate import Guard
from writers.review import create_item
from writers.skills import gitrepo
from writers.skills.files import (
    SKILL_FILE,
    approved_index,
    checked_slug,
    draft_path,
    render_skill,
)

if TYPE_CHECKING:
    from writers.skills.matching import SkillMatcher


def _diff(old: str, new: str, slug: str) -> str:
    return "".join(
        difflib.unified_diff(
            old.splitlines(keepends=True),
            new.splitlines(keepends=True),
            fromfile=f"a/{slug}/{SKILL_FILE}",
            tofile=f"b/{slug}/{SKILL_FILE}",
        )
    )


def attach_outcome(db: Session, ctx: WriteContext, reflection: Reflection) -> int:
    """Set the reflection's outcome on the session's skill invocations (a re-run overwrites);
    returns how many rows. The governor reads these outcomes."""
    p = ctx.provenance
    done = db.execute(
        update(SkillInvocation)
        .where(SkillInvocation.session_id == p.session_id)
        .values(outcome=reflection.outcome, reflection_id=p.reflection_id)
        .execution_options(synchronize_session=False)
    )
    return int(getattr(done, "rowcount", 0) or 0)


class SkillWriter:
    """Writes a skill draft and stages it for the owner's review."""

    name = "skills"

    def __init__(
        self,
        *,
        skills_dir: Path,
        guard: Guard | None = None,
        matcher: SkillMatcher | None = None,
    ) -> None:
        self.skills_dir = skills_dir
        self.guard = guard or Guard()
        self.matcher = matcher

    def _same_skill(self, slug: str, description: str) -> tuple[str, float] | None:
        """The approved skill (another slug) this description nearly matches, if any."""
        if self.matcher is None or (self.skills_dir / slug / SKILL_FILE).exists():
            return None
        others = [(s, d) for s, d in approved_index(self.skills_dir) if s != slug]
        near = self.matcher.nearest_description(description, others, slug=slug)
        return near if near is not None and self.matcher.is_duplicate(near[1]) else None

    def write(self, db: Session, ctx: WriteContext, reflection: Reflection) -> WriterResult:
        """Attach the session's outcome to its skill uses, then draft the proposed skill
        (redacted, safety-checked); idempotent per reflection."""
        result = WriterResult(status="nothing")
        used = attach_outcome(db, ctx, reflection)
        if used:
            result.detail.append(f"{used} skill use(s) of this session: {reflection.outcome}")
        if not (reflection.should_skill and reflection.skill_slug):
            return result
        if db.scalars(
            select(Skill.id).where(Skill.reflection_id == ctx.provenance.reflection_id)
        ).first():
            return result
        # Whose words the procedure rests on, for its provenance (a skill always waits for the
        # owner, whoever wrote it).
        whole = f"{reflection.skill_description or ''}\n{reflection.skill_body or ''}"
        ctx = for_item(ctx, whole, reflection.cited("skill", reflection.skill_slug))
        p = ctx.provenance
        slug = checked_slug(reflection.skill_slug)
        desc = self.guard.admit(ctx, reflection.skill_description or "", kind="skill")
        body = self.guard.admit(ctx, reflection.skill_body or "", kind="skill", multiline=True)
        result.redacted += desc.redactions + body.redactions
        proposed = slug
        same = self._same_skill(slug, desc.text)
        if same is not None:
            slug = same[0]
            result.detail.append(f"skill {proposed}: same as approved {slug} ({same[1]:.2f})")
        text = render_skill(slug, desc.text, body.text)
        flagged = desc.quarantined or body.quarantined
        flags = list(dict.fromkeys(desc.flags + body.flags))
        reason = "; ".join(r for r in (desc.reason, body.reason) if r) if flagged else None
        current = self.skills_dir / slug / SKILL_FILE
        old = current.read_text(encoding="utf-8") if current.exists() else None
        if old is not None and old == text:
            result.detail.append(f"skill {slug}: identical to the approved version")
            return result
        diff = _diff(old, text, slug) if old is not None else None
        skill = Skill(
            slug=slug,
            description=desc.text,
            body=body.text,
            content_hash=content_hash(text),
            status="quarantined" if flagged else "draft",
            is_update=old is not None,
            diff=diff,
            flags=flags,
            provenance=p.as_json(),
            reflection_id=p.reflection_id,
            session_id=p.session_id,
            author_id=ctx.user_id,
            created_at=ctx.now,
        )
        db.add(skill)
        db.flush()
        if not flagged:
            # Quarantined content stays in the database only, never on disk as a draft.
            path = draft_path(ctx.data_dir, slug)
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")
        content = text if diff is None else f"{diff}\n---- proposed {SKILL_FILE} ----\n{text}"
        title = f"{'Skill update' if diff is not None else 'New skill'}: {slug}"
        if same is not None:
            title += f" (proposed as {proposed})"
            content = (
                f"Proposed as `{proposed}`; its description is {same[1]:.2f} similar to the "
                f"approved `{slug}`, so it is shown as an update of it.\n{content}"
            )
        create_item(
            db,
            kind="skill",
            target_id=str(skill.id),
            title=title,
            content=content,
            choices=["approve", "reject"],
            reason=reason,
            reflection_id=p.reflection_id,
            provenance=p.as_json(),
            now=ctx.now,
        )
        result.staged = 1
        result.quarantined = int(flagged)
        result.status = "staged"
        return result


def commit_message(skill: Skill, actor: str) -> str:
    """Title line plus the provenance, one `Key: value` per line.

    No author ids or message timestamps: who a skill came from is the database's to say. (A
    forget rewrites the history of that person's skills out of the repo, `gitrepo.forget_paths`;
    the other commits keep their messages, so those must name nobody.)"""
    p = skill.provenance
    verb = "Update" if skill.is_update else "Add"
    lines = [
        f"{verb} skill {skill.slug}",
        "",
        f"Approved-by: {actor}",
        f"Reflection: {p.get('reflection_id', skill.reflection_id)}",
        f"Session: {p.get('session_id', skill.session_id)}",
        f"Model: {p.get('model', '')}",
        f"Prompt-version: {p.get('prompt_version', '')}",
    ]
    return "\n".join(lines) + "\n"


def apply_skill_decision(
    db: Session,
    item: ReviewItem,
    decision: str,
    actor: str,
    now: datetime,
    *,
    skills_dir: Path,
    data_dir: Path,
) -> None:
    """✅ writes the reviewed SKILL.md into the skills repo and commits it; ❌ deletes the draft."""
    skill = db.get(Skill, int(item.target_id))
    if skill is None:
        return
    draft = draft_path(data_dir, skill.slug)
    text = render_skill(skill.slug, skill.description, skill.body)
    if decision == "approve":
        target = skills_dir / skill.slug / SKILL_FILE
        gitrepo.ensure_repo(skills_dir)
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text, encoding="utf-8")
        skill.commit_sha = gitrepo.commit(
            skills_dir, [f"{skill.slug}/{SKILL_FILE}"], commit_message(skill, actor)
        )
        skill.status = "approved"
    else:
        skill.status = "rejected"
    _remove_draft(draft, text)
    skill.decided_at = now
    audit(
        db,
        actor=actor,
        action=f"skill.{skill.status}",
        target_kind="skill",
        target_id=str(skill.id),
        now=now,
        slug=skill.slug,
        commit=skill.commit_sha,
    )


def _remove_draft(path: Path, text: str) -> bool:
    """Delete a draft if it still holds `text` (a newer draft for the same slug stays)."""
    if path.exists() and path.read_text(encoding="utf-8") == text:
        path.unlink()
        try:
            path.parent.rmdir()
        except OSError:
            pass  # not empty: someone put other files there
        return True
    return False


def remove_draft_for(skill: Skill, data_dir: Path) -> bool:
    """Delete `skill`'s draft file (rollback); True when a file was removed."""
    return _remove_draft(
        draft_path(data_dir, skill.slug), render_skill(skill.slug, skill.description, skill.body)
    )
