"""`seshat skills …`: approved skills with their use counts and standing; retire, restore, pin."""

from __future__ import annotations

import getpass
import json
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Annotated, Any

import typer

from bot.commands.console import fail, say
from bot.commands.learned.edits import TextArg, ToVersion, run_edit
from bot.commands.store_cli import open_db

if TYPE_CHECKING:
    from pathlib import Path

    from sqlalchemy.orm import Session

STATUSES = ("active", "stale", "quarantined", "retired")


def _actor() -> str:
    return f"cli:{getpass.getuser()}"[:32]


@contextmanager
def _db(*, write: bool = True) -> Iterator[tuple[Session, Path]]:
    with open_db(write=write) as (db, settings):
        yield db, settings.effective_skills_dir


def skill_rows(db: Session, skills_dir: Path) -> list[dict[str, Any]]:
    """Every approved or retired skill as the JSON row the CLI prints, by slug."""
    from writers.library.catalog import skill_row
    from writers.library.edits import load_item
    from writers.skills.files import approved_index
    from writers.skills.matching import SkillStats, states, usage

    known = states(db)
    counts = usage(db)
    described = dict(approved_index(skills_dir))
    slugs = sorted(set(described) | {s for s, st in known.items() if st.status == "retired"})
    rows = []
    for slug in slugs:
        state = known.get(slug)
        st = counts.get(slug, SkillStats())
        skill = load_item(db, "skill", slug)
        shared = skill_row(skill) if skill is not None else {"id": None, "kind": "skill"}
        rows.append(
            {
                **shared,
                "text": described.get(slug, ""),
                "slug": slug,
                "description": described.get(slug, ""),
                "status": state.status if state is not None else "active",
                "pinned": bool(state and state.pinned),
                "reason": state.reason if state is not None else None,
                "uses": st.uses,
                "injected": st.injected,
                "listed": st.listed,
                "success": st.success,
                "partial": st.partial,
                "failure": st.failure,
                "last_used": st.last_used.isoformat() if st.last_used else None,
            }
        )
    return rows


def _row(db: Session, skills_dir: Path, slug: str) -> dict[str, Any]:
    found = [r for r in skill_rows(db, skills_dir) if r["slug"] == slug]
    if not found:
        raise fail(f"no approved skill {slug!r} (see `seshat skills list`)", code=1)
    return found[0]


def skill_line(r: dict[str, Any]) -> str:
    pin = " pinned" if r["pinned"] else ""
    last = (r["last_used"] or "never")[:16]
    return (
        f"{r['slug']:<28} {r['status']:<11}{pin} uses {r['uses']:>3} "
        f"(✓{r['success']} ~{r['partial']} ✗{r['failure']}) last {last}"
    )


def list_skills(
    status: Annotated[
        str | None, typer.Option("--status", help=f"Only this status ({', '.join(STATUSES)}).")
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="One JSON array of skill rows.")] = False,
) -> None:
    """List approved (and retired) skills with uses, outcomes, last use and status."""
    if status is not None and status not in STATUSES:
        raise fail(f"unknown status {status!r}; one of {', '.join(STATUSES)}", code=2)
    with _db(write=False) as (db, skills_dir):
        rows = [r for r in skill_rows(db, skills_dir) if status in (None, r["status"])]
    if as_json:
        typer.echo(json.dumps(rows, ensure_ascii=False, indent=2))
        return
    for r in rows:
        say(skill_line(r))
    if not rows:
        say("no skills")


def show(
    slug: Annotated[str, typer.Argument(help="Skill slug.")],
    as_json: Annotated[bool, typer.Option("--json", help="The row as JSON.")] = False,
) -> None:
    """Show one skill: its row, its recent invocations and its SKILL.md body."""
    from sqlalchemy import select

    from bot.commands.learned.edits import history_rows
    from store.models import SkillInvocation
    from writers.skills.files import skill_body

    with _db(write=False) as (db, skills_dir):
        row = _row(db, skills_dir, slug)
        recent = db.scalars(
            select(SkillInvocation)
            .where(SkillInvocation.skill_slug == slug)
            .order_by(SkillInvocation.at.desc(), SkillInvocation.id.desc())
            .limit(10)
        )
        row["recent"] = [
            {
                "session": i.session_id,
                "at": i.at.isoformat(),
                "mode": i.mode,
                "similarity": i.similarity,
                "outcome": i.outcome,
            }
            for i in recent
        ]
        row["body"] = skill_body(skills_dir, slug)
        row["versions"] = history_rows(db, "skill", slug)
    if as_json:
        typer.echo(json.dumps(row, ensure_ascii=False, indent=2))
        return
    say(skill_line(row))
    say(row["description"])
    if row["reason"]:
        say(f"reason: {row['reason']}")
    for i in row["recent"]:
        say(f"  {i['at'][:16]} {i['mode']:<8} {i['similarity'] or 0:.2f} {i['outcome'] or '…'}")
    if row["body"]:
        say("")
        say(row["body"].rstrip())
    from bot.commands.learned.edits import print_history

    print_history(row["versions"])


def edit(
    slug: Annotated[str, typer.Argument(help="Skill slug.")],
    text: TextArg = None,
    to_version: ToVersion = None,
) -> None:
    """Edit a skill's description: a new version, checked, committed to the skills repo."""
    run_edit("skill", slug, text, "skill", to_version)


def _change(slug: str, as_json: bool, action: str, **kw: Any) -> None:
    from writers.skills import governor as gov
    from writers.skills.gitrepo import GitError

    now = datetime.now(UTC)
    with _db() as (db, skills_dir):
        _row(db, skills_dir, slug)
        try:
            if action == "retire":
                gov.retire(db, skills_dir=skills_dir, slug=slug, actor=_actor(), now=now, **kw)
            elif action == "restore":
                gov.restore(db, skills_dir=skills_dir, slug=slug, actor=_actor(), now=now)
            else:
                gov.pin(db, skills_dir=skills_dir, slug=slug, actor=_actor(), now=now, **kw)
        except GitError as exc:
            raise fail(f"skills repository: {exc}") from exc
        db.flush()
        row = _row(db, skills_dir, slug)
    if as_json:
        typer.echo(json.dumps(row, ensure_ascii=False, indent=2))
    else:
        say(skill_line(row))


def retire(
    slug: Annotated[str, typer.Argument(help="Skill slug.")],
    reason: Annotated[str, typer.Option("--reason", help="Why (goes in the commit).")] = (
        "retired by the operator"
    ),
    as_json: Annotated[bool, typer.Option("--json", help="The row as JSON.")] = False,
) -> None:
    """Retire a skill: its SKILL.md is removed in a commit that says why (history keeps it)."""
    _change(slug, as_json, "retire", reason=reason)


def restore(
    slug: Annotated[str, typer.Argument(help="Skill slug.")],
    as_json: Annotated[bool, typer.Option("--json", help="The row as JSON.")] = False,
) -> None:
    """Back in use: a quarantined or stale skill becomes active, a retired one comes back."""
    _change(slug, as_json, "restore")


def pin(
    slug: Annotated[str, typer.Argument(help="Skill slug.")],
    unpin: Annotated[bool, typer.Option("--unpin", help="Remove the pin.")] = False,
    as_json: Annotated[bool, typer.Option("--json", help="The row as JSON.")] = False,
) -> None:
    """Pin a skill: listed first in the index and never marked stale."""
    _change(slug, as_json, "pin", pinned=not unpin)


def register(app: typer.Typer) -> None:
    """Add the skill commands to `app` (mounted as `seshat skills`)."""
    app.command("list")(list_skills)
    app.command("show")(show)
    app.command("edit")(edit)
    app.command("retire")(retire)
    # `archive` as the other library kinds call it (memory|facts|notes|lessons archive).
    app.command("archive", help="The same as `retire` (the name the other kinds use).")(retire)
    app.command("restore")(restore)
    app.command("pin")(pin)
