"""`seshat rollback --reflection ID | --session ID | --author USER_ID [--dry-run] [--json]`."""

from __future__ import annotations

import json
from typing import Annotated

import typer

from bot.commands.console import fail, load_settings
from bot.commands.store_cli import open_store


def rollback_command(
    reflection: Annotated[
        str | None, typer.Option("--reflection", help="Undo what this reflection wrote.")
    ] = None,
    session: Annotated[
        str | None, typer.Option("--session", help="Undo what this session's reflections wrote.")
    ] = None,
    author: Annotated[
        str | None,
        typer.Option("--author", help="Undo what sessions of this Slack user id produced."),
    ] = None,
    dry_run: Annotated[
        bool, typer.Option("--dry-run", help="List what would change; change nothing.")
    ] = False,
    as_json: Annotated[bool, typer.Option("--json", help="Print the changes as JSON.")] = False,
) -> None:
    """Remove or archive everything derived from a reflection, a session or an author."""
    given = [
        name
        for name, v in (("--reflection", reflection), ("--session", session), ("--author", author))
        if v
    ]
    if len(given) != 1:
        raise fail("give exactly one of --reflection, --session or --author", code=2)
    from bot.commands.ids import UnknownId, not_a_slack_id, resolve, slack_id
    from bot.commands.learned.review import cli_actor
    from store.clock import SystemClock
    from writers.library.rollback import rollback
    from writers.skills.gitrepo import GitError

    if author:
        author = slack_id(author, "user")  # as pasted from Slack (`<@U0123ABCD>`)
    settings = load_settings()
    # A dry run only lists: it reads, so it works on a read-only copy and makes nothing.
    store = open_store(settings, write=not dry_run)
    try:
        with store.sessions.begin() as db:
            if reflection:
                reflection = resolve(db, "reflection", reflection)
            if session:
                session = resolve(db, "session", session)
            changes = rollback(
                db,
                reflection_id=reflection,
                session_id=session,
                author_id=author,
                dry_run=dry_run,
                actor=cli_actor(),
                now=SystemClock().now(),
                data_dir=settings.data_dir,
                skills_dir=settings.effective_skills_dir,
            )
    except UnknownId as exc:
        raise fail(str(exc)) from exc
    except GitError as exc:
        # e.g. a later skill commit conflicts with the revert: nothing in the database changed.
        typer.echo(f"Rollback stopped, database unchanged: {exc}", err=True)
        raise typer.Exit(1) from exc
    finally:
        store.close()
    if as_json:
        typer.echo(json.dumps([c.as_json() for c in changes], ensure_ascii=False, indent=2))
        return
    if not changes:
        # An author id of the wrong shape matches nothing: say why, not only "nothing".
        wrong = not_a_slack_id(author, "user") if author else None
        if wrong is not None:
            raise fail(f"nothing to roll back for --author {author!r}: {wrong}")
        typer.echo("Nothing to roll back.")
        return
    verb = "Would change" if dry_run else "Changed"
    typer.echo(f"{verb} {len(changes)} item(s):")
    for c in changes:
        typer.echo(f"  {c.kind:<16} {c.id:<8} {c.action:<16} {c.detail}")


def register(app: typer.Typer) -> None:
    """Add the `rollback` command to `app`."""
    app.command("rollback")(rollback_command)
