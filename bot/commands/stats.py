"""`seshat stats [--days N] [--json]`: spend, reflections, library sizes, prompt-cache share,
feedback rates."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from typing import Annotated, Any

import typer

from bot.commands.console import fail, out, say
from bot.commands.store_cli import open_db

MAX_DAYS = 36500


def show_stats(
    days: Annotated[
        int, typer.Option("--days", help="UTC days to cover, today included (at most 36500).")
    ] = 7,
    as_json: Annotated[bool, typer.Option("--json", help="One JSON object.")] = False,
) -> None:
    """Spend by day and purpose, reflections by outcome, library sizes, cache-read share, and
    the 👍/👎 given on replies."""
    if not 1 <= days <= MAX_DAYS:  # past a century the start date leaves the calendar
        raise fail(f"--days must be between 1 and {MAX_DAYS}", code=2)
    from store.stats import stats

    with open_db(write=False) as (db, _settings):
        data = stats(db, now=datetime.now(UTC), days=days)
    if as_json:
        typer.echo(json.dumps(data, ensure_ascii=False, indent=2))
        return
    _print(data)


def _print(data: dict[str, Any]) -> None:
    from rich.table import Table

    spend = Table(title=f"Spend since {data['since'][:10]} (USD)")
    for column in ("day", "purpose", "calls", "input", "output", "cost"):
        spend.add_column(column, justify="right" if column not in ("day", "purpose") else "left")
    for r in data["spend"]:
        spend.add_row(
            r["day"],
            r["purpose"],
            str(r["calls"]),
            str(r["input_tokens"]),
            str(r["output_tokens"]),
            f"{r['cost_usd']:.4f}",
        )
    out.print(spend)
    refl = data["reflections"]
    say("reflections by status: " + _pairs(refl["by_status"]))
    say("reflections by outcome: " + _pairs(refl["by_outcome"]))
    library = Table(title="Library")
    library.add_column("kind")
    library.add_column("by status")
    for kind, counts in data["library"].items():
        library.add_row(kind, _pairs(counts))
    out.print(library)
    cache = data["chat_cache"]
    share = cache["cache_read_share"]
    say(
        "reply input served by the prompt cache: "
        + ("no replies recorded" if share is None else f"{share:.1%}")
        + f" (read {cache['cache_read_tokens']}, written {cache['cache_write_tokens']}, "
        f"uncached {cache['input_tokens']} tokens)"
    )
    say("replies rated: " + feedback_line(data["feedback"]))


def feedback_line(rates: dict[str, Any]) -> str:
    """`👍 3 · 👎 1 (75% 👍), from 2 session(s) by 2 people`, or that none were rated."""
    if not rates["total"]:
        return "no 👍/👎 given"
    return (
        f"👍 {rates['positive']} · 👎 {rates['negative']} ({rates['positive_share']:.0%} 👍), "
        f"from {rates['sessions']} session(s) by {rates['people']} people"
    )


def _pairs(counts: dict[str, int]) -> str:
    return ", ".join(f"{k} {v}" for k, v in counts.items()) or "none"


def register(app: typer.Typer) -> None:
    """Add `seshat stats`."""
    app.command("stats")(show_stats)
