"""`seshat reflect`, `seshat reflections list|show` and `seshat reflection retry`."""

from __future__ import annotations

import json
import math
from typing import TYPE_CHECKING, Any

import typer
from rich.markup import escape

from bot.commands.console import err, load_settings, out, read_input, say
from bot.commands.console import fail as _fail
from bot.commands.progress import steps
from bot.commands.store_cli import open_store

if TYPE_CHECKING:
    from bot.runtime import TranscriptMessage
    from store.models import ReflectionRow


def _read_transcript(path: str) -> dict[str, Any]:
    raw = read_input(path, what="--transcript")
    try:
        data = json.loads(raw)
    except json.JSONDecodeError as exc:
        raise _fail(f"{path} is not JSON: {exc}") from exc
    if not isinstance(data, dict):
        raise _fail(f"{path}: expected an object with team, channel, user and messages")
    missing = [k for k in ("team", "channel", "user", "messages") if k not in data]
    if missing or not isinstance(data["messages"], list):
        raise _fail(f"{path}: missing {', '.join(missing) or 'a messages list'}")
    # Stored as given: a null would become the id "None", and what was learned would belong to
    # a person (or a workspace) called that.
    for key, like in (("team", "T0123ABCD"), ("channel", "C0123ABCD"), ("user", "U0123ABCD")):
        value = data[key]
        if not isinstance(value, str) or not value.strip():
            shown = "empty" if isinstance(value, str) else json.dumps(value)[:40]
            raise _fail(f'{path}: "{key}" is {shown}; give its Slack id as a string, like "{like}"')
    return data


def _messages(items: list[Any]) -> list[TranscriptMessage]:
    from bot.runtime import TranscriptMessage

    messages = []
    for i, m in enumerate(items):
        if not isinstance(m, dict) or not isinstance(m.get("text", ""), str):
            raise _fail(f"message {i} is not a Slack message object with text")
        if "text" not in m and not any(k in m for k in ("files", "blocks", "attachments")):
            # A chat export's {"role", "content"} was read as empty messages and reflected on
            # as a session where nobody said anything.
            raise _fail(
                f'message {i} has no "text" (its keys: {", ".join(sorted(m)[:6]) or "none"}): '
                'a transcript\'s messages are Slack message objects, {"user": "U0123ABCD", '
                '"text": "…"}, with "bot_id" on the bot\'s replies'
            )
        ts = str(m.get("ts") or f"{1_700_000_000 + i}.000000")
        try:
            seconds = float(ts)
        except ValueError:
            seconds = math.nan
        if not math.isfinite(seconds) or seconds < 0:
            raise _fail(f"message {i}: ts {ts!r} is not a Slack timestamp (like 1700000000.000100)")
        is_bot = bool(m.get("bot_id")) or m.get("subtype") == "bot_message"
        messages.append(
            TranscriptMessage(ts=ts, user=m.get("user"), is_bot=is_bot, text=str(m.get("text", "")))
        )
    return messages


def _row_json(row: ReflectionRow) -> dict[str, Any]:
    # `id`, `kind`, `session`, `status`, `created_at`: the names every list's --json shares
    # (writers/library/catalog.py); `reflection_id`/`session_id` stay for what already reads them.
    return {
        "id": row.id,
        "kind": "reflection",
        "session": row.session_id,
        "reflection_id": row.id,
        "session_id": row.session_id,
        "attempt": row.attempt,
        "status": row.status,
        "outcome": row.outcome,
        "provider": row.provider,
        "model": row.model,
        "prompt_version": row.prompt_version,
        "prompt_hash": row.prompt_hash,
        "error": row.error,
        "cost_usd": round(row.cost_usd, 6),
        "tokens": {
            "input": row.input_tokens,
            "output": row.output_tokens,
            "cache_write": row.cache_write_tokens,
            "cache_read": row.cache_read_tokens,
        },
        "duration_ms": row.duration_ms,
        "created_at": row.created_at.isoformat(),
        "writes": row.writer_results,
    }


def register(app: typer.Typer, reflection_app: typer.Typer, reflections_app: typer.Typer) -> None:
    """Add `reflect` to the app, `retry` to `reflection`, `list`/`show` to `reflections`."""

    @app.command()
    def reflect(
        transcript: str = typer.Option(..., "--transcript", help="JSON transcript file, or -."),
        as_json: bool = typer.Option(False, "--json", help="Print the result as JSON."),
    ) -> None:
        """Reflect a transcript file and fan it out exactly as a live session would."""
        from bot.runtime import Runtime
        from store.config import ConfigError

        data = _read_transcript(transcript)
        messages = _messages(data["messages"])  # a wrong file is refused before any database
        team, channel, user = (str(data[key]) for key in ("team", "channel", "user"))
        # The parsed file and then the messages are let go once used: kept, they sat beside the
        # reflection's own copy of the transcript (docs/notes/walk15.md: the peak memory).
        del data
        count = len(messages)
        try:
            runtime = Runtime(load_settings())
        except ConfigError as exc:
            raise _fail(str(exc)) from exc
        try:
            # A long transcript takes minutes (each message is redacted before it is stored):
            # said as it goes, not in silence.
            with steps("storing messages (each redacted first)", count) as counter:
                session_id = runtime.store_transcript(
                    team=team,
                    channel=channel,
                    user=user,
                    messages=messages,
                    progress=counter.advance,
                )
            del messages
            if counter.shown:
                err.print(
                    f"reflecting on {count:,} messages (those that fit the reflection "
                    "budget go to the model)…",
                    markup=False,
                )
            outcome, writes = runtime.reflect_stored(session_id)
        finally:
            runtime.close()
        result = {
            "reflection_id": outcome.reflection_id,
            "session_id": outcome.session_id,
            "status": outcome.status,
            "outcome": outcome.reflection.outcome if outcome.reflection else None,
            "cost_usd": round(outcome.cost_usd, 6),
            "writes": writes,
            "error": outcome.error,
        }
        if as_json:
            out.print_json(json.dumps(result))
        else:
            error = f" ({outcome.error})" if outcome.error else ""
            # A skipped transcript (no user messages) was never reflected: no reflection id.
            which = (
                f"reflection {outcome.reflection_id} for session {outcome.session_id}"
                if outcome.reflection_id
                else f"session {outcome.session_id}, not reflected"
            )
            out.print(f"{escape(which)}: [bold]{escape(outcome.status)}[/]{escape(error)}")
            for name, w in writes.items():
                say(f"  {name}: {w.get('status')} {w.get('detail') or ''}")
        if outcome.status not in {"ok", "skipped", "deferred"}:
            raise typer.Exit(1)

    @reflection_app.command("retry")
    def retry(reflection_id: str) -> None:
        """Re-run a failed reflection (by reflection id or session id)."""
        from bot.commands.ids import UnknownId, resolve
        from bot.runtime import Runtime
        from store.models import ReflectionRow

        if not reflection_id.strip():
            raise _fail(
                "an empty id: give a reflection or session id (see `seshat reflections list`)"
            )
        settings = load_settings()
        # An id names a reflection that is there: a database that is not is refused, not made.
        runtime = Runtime(settings, store=open_store(settings))
        try:
            with runtime.store.sessions() as db:
                try:
                    row = db.get(ReflectionRow, resolve(db, "reflection", reflection_id))
                    session_id = row.session_id if row else reflection_id
                except UnknownId:
                    try:
                        session_id = resolve(db, "session", reflection_id)
                    except UnknownId as exc:
                        raise _fail(
                            f"no reflection or session {reflection_id} "
                            "(see `seshat reflections list`)"
                        ) from exc
                    row = None
                if row is not None and row.status == "ok" and row.applied_at is not None:
                    say(f"reflection {row.id[:8]} succeeded; there is nothing to retry")
                    return
                if row is not None and row.status == "ok" and row.parsed:
                    # Its fan-out was interrupted or a writer failed: run the writers not done.
                    writes = runtime.resume(row.id, row.session_id, row.parsed)
                    say(f"reflection {row.id[:8]}: fan-out resumed")
                    for name, w in writes.items():
                        say(f"  {name}: {w.get('status')} {w.get('error') or ''}")
                    return
            outcome = runtime.worker.run_now(session_id, retry_failed=True)
        finally:
            runtime.close()
        say(
            f"session {session_id}: {outcome.status}"
            + (f" ({outcome.error})" if outcome.error else "")
        )
        if outcome.status not in {"ok", "deferred"}:
            raise typer.Exit(1)

    @reflections_app.command("list")
    def list_(
        as_json: bool = typer.Option(False, "--json"),
        limit: int = typer.Option(50, min=1, help="Newest first."),
    ) -> None:
        """The reflection ledger, newest first."""
        from rich.table import Table
        from sqlalchemy import select

        from store.models import ReflectionRow

        store = open_store(load_settings(), write=False)
        with store.sessions() as db:
            rows = list(
                db.scalars(
                    select(ReflectionRow).order_by(ReflectionRow.created_at.desc()).limit(limit)
                )
            )
        store.close()
        if as_json:
            out.print_json(json.dumps([_row_json(r) for r in rows]))
            return
        table = Table("id", "session", "status", "outcome", "provider", "cost $", "error")
        for r in rows:
            cells = (
                r.id[:8],
                r.session_id[:8],
                r.status,
                r.outcome or "",
                r.provider,
                f"{r.cost_usd:.4f}",
                (r.error or "")[:60],
            )
            table.add_row(*(escape(c) for c in cells))
        out.print(table)

    @reflections_app.command("show")
    def show(
        reflection_id: str,
        as_json: bool = typer.Option(False, "--json", help="As JSON (what `show` prints anyway)."),
    ) -> None:
        """One reflection with its raw output, parsed JSON and per-writer results."""
        del as_json  # taken as `facts show --json` takes it, so one habit works everywhere
        from bot.commands.ids import UnknownId, resolve
        from store.models import ReflectionRow

        store = open_store(load_settings(), write=False)
        try:
            with store.sessions() as db:
                row = db.get(ReflectionRow, resolve(db, "reflection", reflection_id))
        except UnknownId as exc:
            raise _fail(str(exc)) from exc
        finally:
            store.close()
        if row is None:
            raise _fail(f"no reflection {reflection_id} (see `seshat reflections list`)")
        out.print_json(
            json.dumps({**_row_json(row), "raw_output": row.raw_output, "parsed": row.parsed})
        )
