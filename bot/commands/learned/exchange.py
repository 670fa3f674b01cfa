"""`seshat export [FILE]` and `seshat import FILE`: the whole library as versioned JSON."""

from __future__ import annotations

import getpass
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from bot.commands.console import err, fail, load_settings, say, warn
from bot.commands.store_cli import looked_at, open_db

if TYPE_CHECKING:
    from sqlalchemy.orm import Session

    from store.config import Settings
    from writers.library.purge import Receipt


def export(
    file: Annotated[
        str | None, typer.Argument(help="Write here (default: standard output).")
    ] = None,
) -> None:
    """Export lessons, facts, notes, skills, persona and user observations with provenance,
    versions and history."""
    from writers.library.export import dumps, export_library

    # Checked before the work, so a wrong path fails at once, in one line.
    target = None if file is None or file == "-" else _writable(file)
    with open_db(write=False) as (db, settings):
        with err.status("exporting the library…"):
            data = export_library(
                db, data_dir=settings.data_dir, skills_dir=settings.effective_skills_dir
            )
    text = dumps(data)
    if target is None:
        typer.echo(text, nl=False)
        return
    kept = "; the file there is as it was" if target.is_file() else ""
    try:
        _write_whole(target, text)
    except OSError as exc:
        import errno

        why = exc.strerror or exc.__class__.__name__
        fix = (
            ": name a file in a folder this user may write"
            if exc.errno in (errno.EACCES, errno.EPERM, errno.EROFS)
            else ""
        )
        raise fail(f"{file}: cannot be written ({why}){kept}{fix}") from exc
    counts = ", ".join(
        f"{len(data[k])} {k}" for k in ("lessons", "memory", "observations", "skills")
    )
    say(f"exported {counts} to {target}")


def _write_whole(target: Path, text: str) -> None:
    """Write `text` to `target` so that a failure (a full disk, a Ctrl-C) leaves the file that
    was there whole: an earlier export is often the only backup. A regular file (or none yet)
    is written beside it and renamed over it; anything else (/dev/stdout, a pipe) directly."""
    import os

    if target.exists() and (not target.is_file() or target.is_symlink()):
        target.write_text(text, encoding="utf-8")
        return
    partial = target.with_name(f".{target.name}.{os.getpid()}.partial")
    try:
        partial.write_text(text, encoding="utf-8")
        os.replace(partial, target)
    finally:
        partial.unlink(missing_ok=True)


def _writable(file: str) -> Path:
    """The export's target path, or exit 1 saying why it cannot be one."""
    target = Path(file).expanduser()
    if not file.strip():
        raise fail("FILE is empty: name the file to write, or leave it out for standard output")
    if target.is_dir():
        raise fail(f"{file}: is a folder; name the file to write, e.g. {target / 'library.json'}")
    if not target.parent.is_dir():
        raise fail(f"{file}: the folder {target.parent} does not exist")
    if target.is_file() and not target.is_symlink() and not _an_export(target):
        # Before: `seshat export .env` replaced the settings with the library, silently.
        raise fail(
            f"{file}: holds something other than a Seshat export, so it is not overwritten: "
            "name a new file, or move that one aside"
        )
    return target


def _an_export(path: Path) -> bool:
    """Is the regular file at `path` empty or an earlier export (which a new one replaces)?"""
    import json

    from writers.library.export import FORMAT

    try:
        if path.stat().st_size == 0:
            return True
        data = json.loads(path.read_bytes())
    except (OSError, ValueError):
        return False  # unreadable or not JSON: not an export to replace
    return isinstance(data, dict) and data.get("format") == FORMAT


class _DryRun(Exception):
    """Raised inside the import's transaction to roll it back after a dry run."""


@contextmanager
def _target(dry_run: bool, scratch: Path) -> Iterator[tuple[Session, Settings]]:
    """(session, settings) the import writes through. A dry run on SQLite imports into a copy
    of the database in `scratch`: the real one is only read, so a read-only copy can be tried,
    a missing one is not created, an older schema is not upgraded, and the daemon's writes do
    not wait behind the dry run's transaction. (On PostgreSQL the import's transaction is
    rolled back, as before.)"""
    from store.db import (
        Store,
        StoreUnavailable,
        copy_sqlite,
        foreign_tables,
        not_ours,
        shown_url,
        sqlite_file,
    )

    settings = load_settings()
    source = sqlite_file(settings.effective_database_url) if dry_run else None
    if source is None:
        with open_db(create=True) as pair:
            yield pair
        return
    copy = scratch / "seshat.db"
    where = looked_at(settings)
    foreign = foreign_tables(source)
    if foreign:
        # Said of the real file, with the fix for the setting that chose it (not the copy's).
        url = settings.effective_database_url
        label = f"database {source}{where}" if where else f"DATABASE_URL {shown_url(url)}"
        raise StoreUnavailable(not_ours(foreign, label))
    if source.is_file():
        copy_sqlite(source, copy)
    else:
        warn(f"no database at {source}{where} yet: the import would create it")
    try:
        store = Store.open(f"sqlite:///{copy}")
    except StoreUnavailable as exc:
        # Named as the database it copies, not the scratch file.
        raise StoreUnavailable(
            str(exc).replace(f"DATABASE_URL sqlite:///{copy}", f"database {source}{where}")
        ) from exc
    try:
        with store.sessions.begin() as db:
            yield db, settings
    finally:
        store.close()


def import_(
    file: Annotated[str, typer.Argument(help="An export written by `seshat export` (`-`: stdin).")],
    forget: Annotated[
        list[str] | None,
        typer.Option(
            "--forget",
            metavar="USER",
            help="Apply the file's tombstones for USER (repeat per person): deletes here what "
            "they cover. Without it a file's tombstones are only listed.",
        ),
    ] = None,
    dry_run: Annotated[
        bool,
        typer.Option("--dry-run", help="Say what would be added, held and purged; change nothing."),
    ] = False,
) -> None:
    """Merge an export into the library: idempotent, redacted, flagged items held for review.
    A file deletes nothing here unless its people are named with --forget."""
    import sys
    import tempfile

    from rich.progress import Progress

    from writers.library.edits import Place
    from writers.library.export import ExchangeError, load
    from writers.library.importer import MALFORMED, import_library, total_items, why
    from writers.library.tombstone_import import ForgetFirst

    if file == "-":
        text = sys.stdin.read()
    else:
        path = Path(file).expanduser()
        if path.is_dir():
            raise fail(f"{file}: is a folder; name the export file (written by `seshat export`)")
        if not path.exists():
            # Only then: a pipe (`seshat import <(zcat library.json.gz)`) is read as it is.
            raise fail(f"{file}: no such file (write one with `seshat export FILE`)")
        try:
            text = path.read_text(encoding="utf-8")
        except OSError as exc:
            raise fail(f"{file}: cannot be read ({exc.strerror or type(exc).__name__})") from exc
        except UnicodeDecodeError as exc:
            # Worded as `reflect` and `reflection parse` word it (console.read_input).
            raise fail(
                f"{file}: not UTF-8 text (byte 0x{exc.object[exc.start]:02x} at offset "
                f"{exc.start}; a binary file? `seshat export` writes UTF-8 JSON)"
            ) from exc
    try:
        data = load(text)
    except ExchangeError as exc:
        raise fail(f"{file}: {exc}") from exc
    actor = f"cli:{getpass.getuser()}"[:64]
    named = sorted({s.user_id for s in data.get("tombstones", [])})
    unknown = sorted(set(forget or ()) - set(named))
    if unknown:
        raise fail(
            f"{file}: holds no tombstone for {', '.join(unknown)} ("
            + (f"it names: {', '.join(named)})" if named else "it holds none)")
        )
    report = None
    try:
        with (
            tempfile.TemporaryDirectory(prefix="seshat-dry-run-") as scratch,
            _target(dry_run, Path(scratch)) as (db, settings),
        ):
            place = Place.from_settings(settings)
            # Not on a pipe or a file: there the bar's last refresh leaves a blank line
            # before any error message.
            bar = Progress(console=err, transient=True, disable=not err.is_terminal)
            with bar as progress:
                task = progress.add_task("importing", total=total_items(data))
                # A dry run writes its files into a scratch folder and rolls the database back.
                report = import_library(
                    db,
                    data,
                    data_dir=Path(scratch) / "data" if dry_run else settings.data_dir,
                    skills_dir=Path(scratch) / "skills"
                    if dry_run
                    else settings.effective_skills_dir,
                    actor=actor,
                    now=datetime.now(UTC),
                    guard=place.guard,
                    banned_keywords=tuple(place.banned_keywords),
                    progress=lambda _section, n: progress.advance(task, n),
                    forget=tuple(forget or ()),
                )
            if dry_run:
                raise _DryRun
    except (ForgetFirst, ExchangeError) as exc:
        raise fail(f"{file}: {exc}; nothing was imported") from exc
    except MALFORMED as exc:
        # Past the library's items (versions, history, skill states): the same, without an index.
        raise fail(f"{file}: cannot be imported ({why(exc)}); nothing was imported") from exc
    except _DryRun:
        pass
    assert report is not None
    if dry_run:
        say("dry run: nothing was changed. The import would do this:")
    elif report.purged:
        _finish_forgets(settings, report.purged, actor)
    added = ", ".join(f"{n} {k}" for k, n in report.added.items()) or "nothing new"
    say(f"imported: {added}")
    skipped = sum(report.skipped.values())
    if skipped:
        say(f"already present: {skipped} item(s)")
    if report.quarantined:
        say(f"held for review (flagged): {report.quarantined} — see `seshat review list`")
    if report.refused:
        say(f"not imported (forgotten): {report.refused}")
    if report.tombstones:
        say(f"forgotten elsewhere, now here too: {report.tombstones} tombstone(s)")
    for receipt in report.purged:
        what = "everything" if receipt.item is None else receipt.item
        say(
            f"forgot {what} of {receipt.user_id} here ({receipt.total} thing(s) deleted;"
            f" Honcho mirror: {receipt.mirror}); the audit log holds the receipt"
        )
    for user_id, count in report.withheld.items():
        here = (
            "their data here spans the tombstone: forget them first (`seshat forget --user "
            f"{user_id}`)"
            if count < 0
            else f"would delete {count} thing(s) held here"
        )
        say(
            f"not applied: the file says {user_id} asked to be forgotten ({here}); to apply it,"
            f" import again with --forget {user_id}"
        )


def _finish_forgets(settings: Settings, receipts: list[Receipt], actor: str) -> None:
    """After the import's commit: what follows a forget (the SQLite scrub, the Honcho mirror)."""
    from bot.learning.forgetting import Forgetting
    from store.clock import SystemClock
    from store.db import Store
    from writers.registry import honcho_deleter

    store = Store.open(settings.effective_database_url, where=settings.database_where)
    try:
        Forgetting(
            store=store,
            slack=None,
            clock=SystemClock(),
            data_dir=settings.data_dir,
            library=None,
            mirror=honcho_deleter(settings),
        ).finish(receipts, actor=actor)
    finally:
        store.close()


def register(app: typer.Typer) -> None:
    """Add `seshat export` and `seshat import`."""
    app.command("export")(export)
    app.command("import")(import_)
