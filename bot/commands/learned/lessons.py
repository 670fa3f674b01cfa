"""`seshat lessons …`: list, show and decide lessons from the terminal (the operator's review)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Annotated, Any

import typer

from bot.commands.learned.edits import TextArg, ToVersion, run_edit
from bot.commands.store_cli import open_db

if TYPE_CHECKING:
    from sqlalchemy.orm import Session

    from store.models import LessonRow

STATUSES = ("provisional", "canonical", "archived", "quarantined", "rejected")


@contextmanager
def _db(*, write: bool = True) -> Iterator[Session]:
    with open_db(write=write) as (db, _settings):
        yield db


def lesson_json(row: LessonRow) -> dict[str, Any]:
    """A lesson as the JSON row the CLI prints (the library's shared fields first)."""
    from writers.library.catalog import lesson_fields

    return {
        **lesson_fields(row),
        "condition": row.condition,
        "action": row.action,
        "rationale": row.rationale,
        "task_type": row.task_type,
        "seen_count": row.seen_count,
        "sessions": len(row.session_ids),
        "authors": len(row.author_ids),
        "flags": list(row.flags),
        "contradicts": list(row.contradicts),
        "times_injected": row.times_injected,
        "times_recurred": row.times_recurred,
        "created_at": row.created_at.isoformat(),
        "last_seen_at": row.last_seen_at.isoformat(),
        "promoted_at": row.promoted_at.isoformat() if row.promoted_at else None,
        "provenance": list(row.provenance),
    }


def _get(db: Session, lesson_id: int) -> LessonRow:
    from store.models import LessonRow

    row = db.get(LessonRow, lesson_id)
    if row is None:
        typer.echo(f"error: no lesson {lesson_id}", err=True)
        raise typer.Exit(1)
    return row


def list_lessons(
    status: Annotated[
        str | None, typer.Option("--status", help=f"Only this status ({', '.join(STATUSES)}).")
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="One JSON array of lesson rows.")] = False,
) -> None:
    """List lessons, newest first."""
    if status is not None and status not in STATUSES:
        typer.echo(f"error: unknown status {status!r}; one of {', '.join(STATUSES)}", err=True)
        raise typer.Exit(2)
    from sqlalchemy import select

    from store.models import LessonRow

    with _db(write=False) as db:
        stmt = select(LessonRow).order_by(LessonRow.id.desc())
        if status is not None:
            stmt = stmt.where(LessonRow.status == status)
        rows = list(db.scalars(stmt))
        if as_json:
            typer.echo(json.dumps([lesson_json(r) for r in rows], ensure_ascii=False, indent=2))
            return
        for r in rows:
            flags = f" [{', '.join(r.flags)}]" if r.flags else ""
            typer.echo(
                f"#{r.id} {r.status:<11} seen {r.seen_count:>3}× {r.task_type}: "
                f"{r.condition} → {r.action}{flags}"
            )
        if not rows:
            typer.echo("no lessons")


def show(
    lesson_id: Annotated[int, typer.Argument(help="Lesson id.")],
    as_json: Annotated[
        bool, typer.Option("--json", help="As JSON (what `show` prints anyway).")
    ] = False,
) -> None:
    """Show one lesson with its provenance and versions, as JSON."""
    del as_json  # taken as `facts show --json` takes it, so one habit works on every library
    from bot.commands.learned.edits import history_rows

    with _db(write=False) as db:
        data = lesson_json(_get(db, lesson_id))
        data["versions"] = history_rows(db, "lesson", lesson_id)
        typer.echo(json.dumps(data, ensure_ascii=False, indent=2))


def edit(
    lesson_id: Annotated[int, typer.Argument(help="Lesson id.")],
    text: TextArg = None,
    to_version: ToVersion = None,
) -> None:
    """Edit a lesson ('condition → action', or only the action): a new version, redacted and
    safety-checked (re-embedded)."""
    run_edit("lesson", str(lesson_id), text, "lesson", to_version)


def _decide(lesson_id: int, decision: str) -> None:
    from writers.lessons.review import decide_lesson

    with _db() as db:
        _get(db, lesson_id)
        status = decide_lesson(db, lesson_id, decision, actor="cli", now=datetime.now(UTC))
    typer.echo(f"lesson #{lesson_id}: {status}")


def approve(lesson_id: Annotated[int, typer.Argument(help="Lesson id.")]) -> None:
    """Approve a lesson: it becomes canonical (its flags are kept as cleared history)."""
    _decide(lesson_id, "approve")


def reject(lesson_id: Annotated[int, typer.Argument(help="Lesson id.")]) -> None:
    """Reject a lesson: never injected, never promoted; kept for the record."""
    _decide(lesson_id, "reject")


def _move(lesson_id: int, status: str, why: str) -> None:
    from writers.lessons.review import set_status

    with _db() as db:
        row = _get(db, lesson_id)
        set_status(db, row, status, actor="cli", now=datetime.now(UTC), why=why)
        final = row.status
    typer.echo(f"lesson #{lesson_id}: {final}")


def archive(lesson_id: Annotated[int, typer.Argument(help="Lesson id.")]) -> None:
    """Archive a lesson (nothing is ever deleted)."""
    _move(lesson_id, "archived", "operator archive")


def restore(lesson_id: Annotated[int, typer.Argument(help="Lesson id.")]) -> None:
    """Restore an archived or rejected lesson to provisional (promotion rules apply again)."""
    _move(lesson_id, "provisional", "operator restore")


def register(app: typer.Typer) -> None:
    """Add the lesson commands to `app` (mounted as `seshat lessons`)."""
    app.command("list")(list_lessons)
    app.command("show")(show)
    app.command("edit")(edit)
    app.command("approve")(approve)
    app.command("reject")(reject)
    app.command("archive")(archive)
    app.command("restore")(restore)
