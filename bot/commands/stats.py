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
    from store.stats import stats, today_against_caps

    now = datetime.now(UTC)
    with open_db(write=False) as (db, settings):
        data = stats(db, now=now, days=days)
        data["today"] = today_against_caps(
            db,
            now=now,
            chat_cap=settings.chat_daily_cap_usd,
            user_cap=settings.chat_user_daily_cap_usd,
            reflection_cap=settings.reflection_daily_cap_usd,
        )
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
    for line in cap_lines(data["today"]):
        say(line)
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


def cap_lines(today: dict[str, Any]) -> list[str]:
    """Today's spend by purpose against each daily cap, one line each."""

    def against(spent: float, cap: float, variable: str) -> str:
        if cap <= 0:
            return f"${spent:.4f} (no cap: {variable}=0)"
        return f"${spent:.4f} of ${cap:.2f} ({spent / cap:.0%}, {variable})"

    chat, reflection = today["chat"], today["reflection"]
    lines = [
        f"today (UTC {today['day']}): chat "
        + against(chat["spent_usd"], chat["cap_usd"], "CHAT_DAILY_CAP_USD"),
        f"today (UTC {today['day']}): reflection "
        + against(reflection["spent_usd"], reflection["cap_usd"], "REFLECTION_DAILY_CAP_USD"),
    ]
    for row in today["chat_by_user"]:
        lines.append(
            f"today: chat by {row['user']} "
            + against(row["spent_usd"], row["cap_usd"], "CHAT_USER_DAILY_CAP_USD")
        )
    return lines


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
