"""`seshat reflection parse FILE`: run raw model output through the forgiving parser and guards.

Prints the normalised reflection JSON (exit 0) or one line with the reason on stderr (exit 1).
With `--jsonl`, every input line is one JSON-encoded raw output and every output line is
`{"ok": true, "reflection": {...}}` or `{"ok": false, "error": "..."}`; exit 0 once all lines
were processed, whatever their verdicts.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Annotated, Any, NoReturn

import typer

from bot.commands.console import fail, read_input
from reflection.banned import DEFAULT_BANNED_KEYWORDS, parse_banned_keywords
from reflection.errors import GuardRejected, ParseError

if TYPE_CHECKING:
    from reflection.schema import Reflection


def register(app: typer.Typer) -> None:
    """Add the `parse` command to `app` (mounted as `seshat reflection`)."""

    @app.command("parse")
    def parse(
        file: Annotated[
            str | None,
            typer.Argument(
                metavar="[FILE]",
                help="File with the raw model output; - for stdin (implied with --jsonl).",
            ),
        ] = None,
        jsonl: Annotated[
            bool, typer.Option("--jsonl", help="One JSON-encoded raw output string per line.")
        ] = False,
        banned: Annotated[
            str | None,
            typer.Option(
                "--banned",
                help="Comma-separated banned keywords (default: "
                + ",".join(DEFAULT_BANNED_KEYWORDS)
                + '; "" disables the guard).',
            ),
        ] = None,
        canary: Annotated[
            str | None, typer.Option("--canary", help="Reject output containing this canary.")
        ] = None,
    ) -> None:
        """Parse raw reflection output into normalised reflection JSON."""
        keywords = DEFAULT_BANNED_KEYWORDS if banned is None else parse_banned_keywords(banned)
        if file is None:
            if not jsonl:
                _fail("give the FILE with the raw model output, or - for stdin")
            file = "-"
        text = read_input(file)
        if not jsonl:
            try:
                reflection = _parse_and_guard(text, keywords, canary)
            except (ParseError, GuardRejected) as exc:
                _fail(_reason(exc))
            from reflection.parse import reflection_to_json

            typer.echo(reflection_to_json(reflection, indent=2))
            return
        for line in text.splitlines():
            if line.strip():
                typer.echo(json.dumps(_jsonl_verdict(line, keywords, canary), ensure_ascii=False))


def _jsonl_verdict(line: str, keywords: tuple[str, ...], canary: str | None) -> dict[str, Any]:
    try:
        decoded = json.loads(line)
    except json.JSONDecodeError as exc:
        return {"ok": False, "error": f"line is not JSON: {exc.msg}"}
    # A bare object/array line is taken as the raw output itself, not as an encoded string.
    raw = decoded if isinstance(decoded, str) else line
    try:
        reflection = _parse_and_guard(raw, keywords, canary)
    except (ParseError, GuardRejected) as exc:
        return {"ok": False, "error": _reason(exc)}
    from reflection.parse import reflection_to_json

    return {"ok": True, "reflection": json.loads(reflection_to_json(reflection))}


def _parse_and_guard(raw: str, keywords: tuple[str, ...], canary: str | None) -> Reflection:
    from reflection.banned import check_guards
    from reflection.parse import parse_reflection

    reflection = parse_reflection(raw)
    check_guards(raw, reflection, banned_keywords=keywords, canary=canary)
    return reflection


def _reason(exc: Exception) -> str:
    kind = "rejected" if isinstance(exc, GuardRejected) else "parse error"
    return " ".join(f"{kind}: {exc}".split())


def _fail(message: str) -> NoReturn:
    raise fail(" ".join(message.split()))
