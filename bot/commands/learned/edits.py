"""`seshat memory|facts|notes list|show|edit|archive|restore`: the library's notes by hand.

`memory` is the global notes (MEMORY.md lines), `facts` the user- and channel-scoped memory
entries, `notes` the user-model observations. Rows carry the field names every library kind shares
(`writers/library/catalog.py`); `--json` prints them, otherwise a table. An edit is a new version
(`writers/library/edits.py`); `show` lists the versions.
"""

# No `from __future__ import annotations`: the commands built in `register` use the group
# in their option help, which typer reads from the evaluated annotations.

import getpass
import json
import sys
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Annotated, Any

import typer

from bot.commands.console import fail, out, say, warn
from bot.commands.store_cli import open_db

if TYPE_CHECKING:
    from sqlalchemy.orm import Session

    from store.models import MemoryEntry, Observation


@dataclass(frozen=True)
class Group:
    """One CLI group over one library kind."""

    name: str  # the command group (memory, facts, notes)
    kind: str  # the edit kind (note, fact, user-note)
    noun: str
    statuses: tuple[str, ...]


GROUPS = {
    "memory": Group(
        "memory", "note", "memory note", ("active", "decayed", "archived", "quarantined")
    ),
    "facts": Group("facts", "fact", "fact", ("active", "decayed", "archived", "quarantined")),
    "notes": Group("notes", "user-note", "user note", ("active", "archived", "quarantined")),
}


# The command group of each edit kind, for the commands a message suggests.
GROUP_OF = {"lesson": "lessons", "skill": "skills"} | {g.kind: g.name for g in GROUPS.values()}


def actor() -> str:
    """The actor recorded for changes made from the command line."""
    return f"cli:{getpass.getuser()}"[:64]


def print_rows(rows: list[dict[str, Any]], as_json: bool, *, empty: str) -> None:
    """`--json`: one JSON array; otherwise a table of the shared fields."""
    if as_json:
        typer.echo(json.dumps(rows, ensure_ascii=False, indent=2))
        return
    if not rows:
        say(empty)
        return
    from rich.table import Table
    from rich.text import Text

    table = Table(show_lines=False)
    for column in ("id", "status", "scope", "author", "created", "text"):
        table.add_column(column, overflow="fold")
    for r in rows:
        table.add_row(
            *(
                Text(str(v if v is not None else ""))
                for v in (
                    r["id"],
                    r["status"],
                    r["scope"],
                    r["author"],
                    (r["created_at"] or "")[:16],
                    r["text"],
                )
            )
        )
    out.print(table)


def history_rows(db: "Session", kind: str, item_id: int | str) -> list[dict[str, Any]]:
    """An item's versions as JSON rows, oldest first."""
    from writers.library.edits import item_history

    return [
        {
            "version": v.version,
            "text": v.text,
            "actor": v.actor,
            "at": v.at.isoformat(),
            "reason": v.reason,
        }
        for v in item_history(db, kind, item_id)
    ]


def print_history(versions: list[dict[str, Any]]) -> None:
    """The versions, one line each (newest last)."""
    say("versions:")
    for v in versions:
        say(f"  v{v['version']} {v['at'][:16]} {v['actor']} ({v['reason']}): {v['text']}")


def read_text(text: str) -> str:
    """The TEXT argument, or stdin when it is `-`."""
    return sys.stdin.read() if text == "-" else text


# Endings that make one word a file's name rather than a lesson's or a note's text.
FILE_SUFFIXES = frozenset({".txt", ".md", ".markdown", ".json", ".yaml", ".yml", ".csv", ".log"})


def names_a_file(text: str, group: str, item_id: str) -> str | None:
    """Why TEXT is refused when it is one word naming an existing file or folder (`in/bin`),
    or a file's name that is not here (`notes.txt`): TEXT is the new text itself, and a
    one-word lesson or note that is a path is a file they meant to read, not text to keep."""
    from pathlib import Path

    word = text.strip()
    if text == "-" or not word or any(c.isspace() for c in word):
        return None
    try:
        path = Path(word).expanduser()
        folder, exists = path.is_dir(), path.exists()
    except (OSError, ValueError):
        return None
    keep = "to keep the words, write more than a file name"
    if not exists:
        if path.suffix.lower() not in FILE_SUFFIXES:
            return None
        # `lessons edit 1 notes.txt` with no notes.txt here (a typo, another folder): no
        # lesson is the word "notes.txt", and before, that became its text.
        return (
            f"{word!r} looks like a file's name, but there is no such file here; TEXT is the "
            f"new text itself: to use a file's contents, `seshat {group} edit {item_id} - < "
            f"PATH`; {keep}"
        )
    if folder:
        return f"{word!r} is the name of a folder here, and TEXT is the new text itself: {keep}"
    return (
        f"{word!r} is the name of a file here, and TEXT is the new text itself: to use the "
        f"file's contents, `seshat {group} edit {item_id} - < {word}`; {keep}"
    )


TextArg = Annotated[
    str | None, typer.Argument(help="The new text (`-` reads stdin); omit with --to-version.")
]
ToVersion = Annotated[
    int | None,
    typer.Option("--to-version", help="Bring back this version's text (as a new version)."),
]


def run_edit(
    kind: str, item_id: str, text: str | None, noun: str, to_version: int | None = None
) -> None:
    """Edit one item (or restore one of its versions) and print its new version, or fail with
    the refusal (exit 1)."""
    from writers.library.edits import Place, edit_item, restore_version

    if not item_id.strip():
        raise fail(f"an empty {noun} id: name the {noun} to edit", code=2)
    if (text is None) == (to_version is None):
        raise fail("give either the new TEXT or --to-version N", code=2)
    refused = names_a_file(text or "", GROUP_OF.get(kind, kind), item_id)
    if refused:
        raise fail(refused, code=2)
    new_text = None if to_version is not None else read_text(text or "")
    with open_db() as (db, settings):
        place = Place.from_settings(settings)
        now = datetime.now(UTC)
        if new_text is None:
            result = restore_version(db, kind, item_id, to_version or 0, actor(), now, place=place)
        else:
            result = edit_item(db, kind, item_id, new_text, actor(), now, place=place)
        budget = settings.context_lesson_tokens
    if not result.ok:
        reason = result.reason or "refused"
        # "no lesson 9", "lesson 9 has no version 4" name the item already: said once.
        named = reason.startswith((f"no {kind} ", f"{kind} {item_id} "))
        raise fail(reason.replace(kind, noun, 1) if named else f"{noun} {item_id}: {reason}")
    note = f" ({result.reason})" if result.reason else ""
    red = f", {result.redactions} redaction(s)" if result.redactions else ""
    say(f"{noun} #{item_id}: version {result.version}{note}{red}")
    if kind == "lesson" and new_text is not None:
        _past_the_budget(noun, new_text, budget)


def _past_the_budget(noun: str, text: str, budget: int) -> None:
    """Warn when one lesson's line is longer than a session's whole lesson budget: the selector
    never picks it (it logs the cut; before, the edit said nothing of it)."""
    from writers.tokens import quoted_line_tokens

    tokens = quoted_line_tokens("- " + " ".join(text.split()))
    if tokens > budget:
        warn(
            f"this {noun} is about {tokens:,} tokens, more than a session's whole lesson budget "
            f"({budget:,}, CONTEXT_LESSON_TOKENS): no session will be shown it; shorten it"
        )


def register(app: typer.Typer, group: Group) -> None:
    """Add list/show/edit/archive/restore for `group` to `app`."""

    def _rows(db: "Session", status: str | None) -> list[dict[str, Any]]:
        from writers.library import catalog

        if group.kind == "user-note":
            return [catalog.observation_row(o) for o in catalog.user_notes(db, status=status)]
        entries = catalog.memory_entries(db, kind=group.kind, status=status)
        return [catalog.memory_row(e) for e in entries]

    def _get(db: "Session", item_id: str) -> "MemoryEntry | Observation":
        from writers.library.edits import load_item

        if not item_id.strip():
            raise fail(f"an empty {group.noun} id (see `seshat {group.name} list`)", code=2)
        row = load_item(db, group.kind, item_id)
        if row is None:
            raise fail(f"no {group.noun} {item_id} (see `seshat {group.name} list`)")
        return row  # type: ignore[no-any-return]

    def list_items(
        status: Annotated[
            str | None,
            typer.Option("--status", help=f"Only this status ({', '.join(group.statuses)})."),
        ] = None,
        as_json: Annotated[bool, typer.Option("--json", help="One JSON array of rows.")] = False,
    ) -> None:
        if status is not None and status not in group.statuses:
            raise fail(f"unknown status {status!r}; one of {', '.join(group.statuses)}", code=2)
        with open_db(write=False) as (db, _settings):
            rows = _rows(db, status)
        print_rows(rows, as_json, empty=f"no {group.noun}s")

    def show(
        item_id: Annotated[str, typer.Argument(help="Id.")],
        as_json: Annotated[bool, typer.Option("--json", help="The row as JSON.")] = False,
    ) -> None:
        from writers.library import catalog

        with open_db(write=False) as (db, _settings):
            row = _get(db, item_id)
            data = (
                catalog.observation_row(row)  # type: ignore[arg-type]
                if group.kind == "user-note"
                else catalog.memory_row(row)  # type: ignore[arg-type]
            )
            data["versions"] = history_rows(db, group.kind, item_id)
        if as_json:
            typer.echo(json.dumps(data, ensure_ascii=False, indent=2))
            return
        print_rows([data], False, empty="")
        print_history(data["versions"])

    def edit(
        item_id: Annotated[str, typer.Argument(help="Id.")],
        text: TextArg = None,
        to_version: ToVersion = None,
    ) -> None:
        run_edit(group.kind, item_id, text, group.noun, to_version)

    def _move(item_id: str, status: str) -> None:
        from writers.library.catalog import set_status

        with open_db() as (db, settings):
            row = _get(db, item_id)
            why = set_status(
                db,
                group.kind,
                row,
                status,
                actor=actor(),
                now=datetime.now(UTC),
                data_dir=settings.data_dir,
            )
        if why is not None:
            raise fail(why)
        say(f"{group.noun} #{item_id}: {status}")

    def archive(item_id: Annotated[str, typer.Argument(help="Id.")]) -> None:
        _move(item_id, "archived")

    def restore(item_id: Annotated[str, typer.Argument(help="Id.")]) -> None:
        _move(item_id, "active")

    list_items.__doc__ = f"List {group.noun}s, newest first."
    show.__doc__ = f"Show one {group.noun} with its versions."
    edit.__doc__ = f"Edit a {group.noun}: a new version, redacted and safety-checked."
    archive.__doc__ = f"Archive a {group.noun} (kept, no longer used)."
    restore.__doc__ = f"Restore an archived {group.noun}."
    app.command("list")(list_items)
    app.command("show")(show)
    app.command("edit")(edit)
    app.command("archive")(archive)
    app.command("restore")(restore)
