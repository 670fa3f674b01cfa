"""`seshat review list|approve|reject|save`: decide pending review items without Slack.

The CLI runs as `cli:<os user>` and counts as an owner: whoever can run commands against the
bot's database and data directory already controls everything the review gate protects. Every
decision still goes through `writers.review.decide` (hash binding, first-decision-wins, audit).
"""

from __future__ import annotations

import getpass
import json
from typing import TYPE_CHECKING, Annotated, Any

import typer

from bot.commands.console import fail, load_settings
from bot.commands.store_cli import open_store

if TYPE_CHECKING:
    from store.models import ReviewItem


def cli_actor() -> str:
    """The audit actor for CLI decisions: `cli:<os user>`."""
    return f"cli:{getpass.getuser()}"[:32]


def _as_json(item: ReviewItem) -> dict[str, Any]:
    from writers.review import short_hash

    return {
        "id": item.id,
        "kind": item.kind,
        "title": item.title,
        "hash": short_hash(item.content_hash),
        "choices": list(item.choices),
        "reason": item.reason,
        "status": item.status,
        "text": item.content,
        "target": item.target_id,
        "reflection": item.reflection_id,  # the name every list's --json shares
        "reflection_id": item.reflection_id,
        "created_at": item.created_at.isoformat(),
        "content": item.content,
    }


def list_items(
    as_json: Annotated[bool, typer.Option("--json", help="Print a JSON array.")] = False,
) -> None:
    """List review items waiting for a decision."""
    from store.models import LessonRow
    from writers.review import pending

    store = open_store(load_settings(), write=False)
    try:
        with store.sessions() as db:
            items = [_as_json(i) for i in pending(db)]
            # A lesson can move on while its card waits (promoted by recurrence, archived): the
            # card's title says what it was then, so say what it is now.
            for i in items:
                if i["kind"] == "lesson" and str(i["target"] or "").isdigit():
                    row = db.get(LessonRow, int(i["target"]))
                    i["lesson_status"] = row.status if row is not None else "deleted"
    finally:
        store.close()
    if as_json:
        typer.echo(json.dumps(items, ensure_ascii=False, indent=2))
        return
    if not items:
        typer.echo("Nothing waiting for review.")
        return
    for i in items:
        flag = f"  ⚠ {i['reason']}" if i["reason"] else ""
        if i.get("lesson_status") not in (None, "provisional"):
            flag += f"  (the lesson is {i['lesson_status']} now)"
        choices = "/".join(i["choices"])
        typer.echo(f"#{i['id']:<5} {i['kind']:<16} {i['hash']}  {i['title']}  [{choices}]{flag}")


def _decide(item_id: int, decision: str, shown_hash: str | None) -> None:
    from store.clock import SystemClock
    from writers.lessons.review import apply_lesson_decision
    from writers.registry import appliers_from_settings
    from writers.review import decide
    from writers.skills.gitrepo import GitError

    settings = load_settings()
    store = open_store(settings)
    actor = cli_actor()
    try:
        with store.sessions.begin() as db:
            result = decide(
                db,
                item_id,
                decision=decision,
                actor=actor,
                owner_ids=[*settings.owner_ids, actor],
                shown_hash=shown_hash,
                now=SystemClock().now(),
                appliers=appliers_from_settings(settings, lessons_applier=apply_lesson_decision),
            )
    except GitError as exc:
        # The commit failed, so the decision was rolled back with it: the item stays pending.
        typer.echo(f"Not applied, item still pending: {exc}", err=True)
        raise typer.Exit(1) from exc
    finally:
        store.close()
    if not result.applied:
        # Not found, already decided, a stale --hash: said as an error, with where to look.
        hint = " (see `seshat review list`)" if result.status == "not_found" else ""
        raise fail(result.message.rstrip(".") + hint)
    typer.echo(result.message)


ItemId = Annotated[int, typer.Argument(metavar="ID", help="Review item id (see `review list`).")]
Hash = Annotated[
    str | None, typer.Option("--hash", help="Only decide if the content hash still starts so.")
]


def approve(item_id: ItemId, shown_hash: Hash = None) -> None:
    """Approve a review item (commit a skill, release a quarantined note, …)."""
    _decide(item_id, "approve", shown_hash)


def reject(item_id: ItemId, shown_hash: Hash = None) -> None:
    """Reject a review item (delete a skill draft, dismiss an observation, …)."""
    _decide(item_id, "reject", shown_hash)


def save(item_id: ItemId, shown_hash: Hash = None) -> None:
    """Save a persona observation to USER.md."""
    _decide(item_id, "save", shown_hash)


def register(app: typer.Typer) -> None:
    """Add `list`, `approve`, `reject` and `save` to `app` (mounted as `seshat review`)."""
    app.command("list")(list_items)
    app.command("approve")(approve)
    app.command("reject")(reject)
    app.command("save")(save)
