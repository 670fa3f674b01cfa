"""`seshat checkins …`: list the check-ins a reflection asked for, and cancel one."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Annotated, Any

import typer

from bot.commands.console import fail, load_settings, say
from bot.commands.store_cli import open_store

if TYPE_CHECKING:
    from store.db import Store
    from store.models import Checkin

STATES = ("scheduled", "sending", "sent", "cancelled", "skipped", "held")


def _open_store(*, write: bool = True) -> Store:
    return open_store(load_settings(), write=write)


def checkin_json(row: Checkin) -> dict[str, Any]:
    """A check-in as the JSON row the CLI prints."""
    return {
        "id": row.id,
        "kind": "checkin",
        "status": row.state,  # the name every list's --json shares; `state` as before
        "state": row.state,
        "user": row.user_id,
        "due_at": row.due_at.isoformat(),
        "reason": row.reason,
        "text": row.text,
        "session": row.session_id,
        "reflection": row.reflection_id,
        "created_at": row.created_at.isoformat(),
        "sent_at": row.sent_at.isoformat() if row.sent_at else None,
    }


def list_checkins(
    state: Annotated[
        str | None, typer.Option("--state", help=f"Only this state ({', '.join(STATES)}).")
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="One JSON array of check-ins.")] = False,
) -> None:
    """List check-ins, the next one due first."""
    if state is not None and state not in STATES:
        raise fail(f"unknown state {state!r}; one of {', '.join(STATES)}", code=2)
    from sqlalchemy import select

    from store.models import Checkin

    store = _open_store(write=False)
    try:
        with store.sessions() as db:
            stmt = select(Checkin).order_by(Checkin.due_at, Checkin.id)
            if state is not None:
                stmt = stmt.where(Checkin.state == state)
            rows = [checkin_json(r) for r in db.scalars(stmt)]
    finally:
        store.close()
    if as_json:
        typer.echo(json.dumps(rows, ensure_ascii=False, indent=2))
        return
    for r in rows:
        why = f" ({r['reason']})" if r["reason"] else ""
        first = r["text"].splitlines()[0] if r["text"] else ""
        say(f"{r['id'][:8]} {r['state']:<9} {r['due_at']} to {r['user']}: {first}{why}")
    if not rows:
        say("no check-ins")


def cancel_checkin(
    checkin_id: Annotated[str, typer.Argument(help="Check-in id (or a unique prefix).")],
    as_json: Annotated[bool, typer.Option("--json", help="Print the check-in as JSON.")] = False,
) -> None:
    """Cancel a scheduled check-in: it is not sent (kept, with who cancelled it)."""
    from sqlalchemy import select

    from bot.learning.checkins import CheckinJobs, cancel
    from store.models import Checkin

    store = _open_store()
    try:
        with store.sessions() as db:
            matches = list(db.scalars(select(Checkin).where(Checkin.id.startswith(checkin_id))))
        if not checkin_id.strip() or not matches:
            raise fail(f"no check-in {checkin_id!r} (see `seshat checkins list`)", code=1)
        if len(matches) > 1:
            raise fail(f"{checkin_id!r} matches {len(matches)} check-ins; give more of it", code=1)
        row = matches[0]
        if row.state != "scheduled":
            raise fail(f"check-in {row.id[:8]} is {row.state}, not scheduled", code=2)
        jobs = CheckinJobs(store)
        try:
            done = cancel(
                store,
                jobs,
                row.id,
                actor="cli",
                reason="cancelled from the command line",
                now=datetime.now(UTC),
            )
        finally:
            jobs.close()
        if not done:
            raise fail(f"check-in {row.id[:8]} was taken or sent meanwhile", code=2)
        with store.sessions() as db:
            final = db.get(Checkin, row.id)
            assert final is not None
            data = checkin_json(final)
    finally:
        store.close()
    if as_json:
        typer.echo(json.dumps(data, ensure_ascii=False, indent=2))
    else:
        say(f"check-in {data['id'][:8]}: cancelled")


def register(app: typer.Typer) -> None:
    """Add the check-in commands to `app` (mounted as `seshat checkins`)."""
    app.command("list")(list_checkins)
    app.command("cancel")(cancel_checkin)
