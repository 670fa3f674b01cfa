"""`seshat forget --user U [--item fact:12] [--dry-run] [--json]`: a person's real purge."""

from __future__ import annotations

import json
from typing import Annotated

import typer

from bot.commands.console import err, fail, out, say


def forget_command(
    user: Annotated[str, typer.Option("--user", help="The Slack user id to forget (U…).")],
    item: Annotated[
        str | None,
        typer.Option(
            "--item", help="Only this item of theirs: fact:<id>, note:<id>, session:<id>."
        ),
    ] = None,
    dry_run: Annotated[
        bool, typer.Option("--dry-run", help="Count what would be deleted; change nothing.")
    ] = False,
    as_json: Annotated[bool, typer.Option("--json", help="Print the receipt as JSON.")] = False,
) -> None:
    """Delete (not archive) everything kept about a person, leaving a receipt without content."""
    from rich.table import Table

    from bot.commands.console import load_settings
    from bot.commands.ids import UnknownId, resolve, slack_id
    from bot.commands.learned.review import cli_actor
    from bot.commands.store_cli import open_store
    from bot.learning.forgetting import Forgetting
    from store.clock import SystemClock
    from writers.library.purge import Purge, UnknownItem, known_user, parse_item
    from writers.registry import honcho_deleter

    user = slack_id(user, "user")  # `<@U0123ABCD>` as pasted from Slack, or `u0123abcd`
    if item is not None:
        try:
            parse_item(item)
        except ValueError as exc:
            raise fail(str(exc), code=2) from exc
    settings = load_settings()
    # A dry run only counts: it reads, so it works on a read-only copy and makes nothing.
    store = open_store(settings, write=not dry_run)
    clock = SystemClock()
    try:
        with store.sessions() as db:
            if not known_user(db, user):
                from store.tombstones import forgotten_at

                gone = forgotten_at(db, user)
                if gone is not None:
                    # Asked again: say it was done, not that the id may be wrong.
                    say(
                        f"{user} was already forgotten on {gone:%Y-%m-%d %H:%M} UTC; nothing "
                        "about them is kept since."
                    )
                    return
                raise fail(
                    f"nothing is kept about {user}: check the Slack user id (e.g. U0123ABCD)"
                )
            if item is not None and item.startswith("session:"):
                # The 8-character prefixes `seshat reflections list` prints work here too.
                item = "session:" + resolve(db, "session", item.removeprefix("session:"))
        with err.status("Forgetting…" if not dry_run else "Counting…"):
            if dry_run:
                with store.sessions() as db:
                    receipt = Purge(
                        db,
                        user_id=user,
                        item=item,
                        data_dir=settings.data_dir,
                        now=clock.now(),
                        actor=cli_actor(),
                        skills_dir=settings.effective_skills_dir,
                    ).run(dry_run=True)
                    db.rollback()
            else:
                receipt = Forgetting(
                    store=store,
                    slack=None,
                    clock=clock,
                    data_dir=settings.data_dir,
                    library=None,
                    mirror=honcho_deleter(settings),
                    skills_dir=settings.effective_skills_dir,
                ).forget(user, item, actor=cli_actor())
    except UnknownId as exc:
        raise fail(str(exc)) from exc
    except UnknownItem as exc:
        raise fail(f"{exc}; list their items with the App Home or `/seshat memory`") from exc
    finally:
        store.close()
    if as_json:
        typer.echo(json.dumps(receipt.as_json(), indent=2))
        return
    table = Table(title=("Would delete" if dry_run else "Deleted") + f" for {user}")
    table.add_column("kind")
    table.add_column("count", justify="right")
    for kind, n in sorted(receipt.counts.items()):
        table.add_row(kind, str(n))
    out.print(table)
    if not dry_run:
        say(f"Honcho mirror: {receipt.mirror}. The audit log holds the receipt (no content).")
        if not store.is_sqlite:
            say("PostgreSQL: run VACUUM to reclaim the deleted rows' space on disk.")


def register(app: typer.Typer) -> None:
    """Add the `forget` command to `app`."""
    app.command("forget")(forget_command)
