"""`seshat redact`: redact stdin, as text, one JSON object, or JSON lines for bulk checks."""

from __future__ import annotations

import json
import sys
from typing import TYPE_CHECKING, Annotated, Any

import typer

from bot.commands.console import err, fail

if TYPE_CHECKING:
    from writers.redact.redactor import RedactionResult


def _as_json(result: RedactionResult) -> dict[str, Any]:
    return {
        "text": result.text,
        "findings": [{"kind": f.kind, "start": f.start, "end": f.end} for f in result.findings],
    }


def _jsonl(lines: list[str]) -> int:
    """Redact one JSON-encoded string per line; return how many lines were malformed."""
    from writers.redact.redactor import get_redactor

    redactor = get_redactor()
    bad = 0
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        try:
            value = json.loads(line)
            if not isinstance(value, str):
                raise ValueError(f"expected a JSON string, got {type(value).__name__}")
            out: dict[str, Any] = _as_json(redactor.redact(value))
        except ValueError as exc:  # json.JSONDecodeError is a ValueError
            bad += 1
            out = {"error": f"line {number}: {exc}"}
        typer.echo(json.dumps(out, ensure_ascii=False))
    return bad


def redact(
    as_json: Annotated[
        bool, typer.Option("--json", help="Print {text, findings} as one JSON object.")
    ] = False,
    jsonl: Annotated[
        bool,
        typer.Option(
            "--jsonl", help="Each input line is a JSON string; print one object per line."
        ),
    ] = False,
) -> None:
    """Read text on stdin and print it with secrets and PII replaced by [REDACTED:<kind>].

    Documented example values (AWS's AKIAIOSFODNN7EXAMPLE, `xoxb-your-token`, `sk-...`,
    `<your key>`) are left as written: they are placeholders, not secrets, and docs quote them."""
    from writers.redact.redactor import get_redactor

    if as_json and jsonl:
        raise fail(
            "give --json (the whole input as one text) or --jsonl (one per line), not both", code=2
        )
    if sys.stdin.isatty():
        # Typed by hand: say what it waits for instead of sitting silent.
        err.print("Reading the text to redact; end it with Ctrl-D.")
    if jsonl:
        bad = _jsonl(sys.stdin.read().splitlines())
        if bad:
            typer.echo(f"{bad} malformed line(s)", err=True)
            raise typer.Exit(code=1)
        return
    result = get_redactor().redact(sys.stdin.read())
    if as_json:
        typer.echo(json.dumps(_as_json(result), ensure_ascii=False))
    else:
        typer.echo(result.text, nl=False)


def register(app: typer.Typer) -> None:
    """Add the `redact` command to `app`."""
    app.command("redact")(redact)
