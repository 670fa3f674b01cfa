"""What every command prints through, and how every command reads its settings.

Text that came from a user, a model or Slack is escaped before it reaches Rich, so `[lesson]` or
`[/]` in learned text is printed as written instead of being read as markup. Only typer, rich and
the standard library are imported here at module level: `seshat --help` must not pay for the
database, the redactor or the model SDK (bench/cli_startup.py measures it).
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING

import typer
from rich.console import Console
from rich.markup import escape

if TYPE_CHECKING:
    from store.config import Settings

out = Console(soft_wrap=True, highlight=False)
err = Console(stderr=True, soft_wrap=True, highlight=False)


def fail(message: str, code: int = 1) -> typer.Exit:
    """Print `error: <message>` (taken literally) on stderr and return the Exit to raise."""
    err.print(f"[red]error:[/] {escape(message)}")
    return typer.Exit(code)


def warn(message: str) -> None:
    """Print `warning: <message>` (taken literally) on stderr."""
    err.print(f"[yellow]warning:[/] {escape(message)}")


def say(text: str, style: str = "") -> None:
    """Print one line of text taken literally, optionally in a Rich style."""
    out.print(f"[{style}]{escape(text)}[/]" if style else escape(text))


def use_env_file(path: str) -> None:
    """Read settings from `path` instead of ./.env, for this command and everything it starts."""
    file = Path(path).expanduser()
    if not file.is_file():
        raise fail(f"--env-file {path}: no such file", code=2)
    from store.config import ENV_FILE_VARIABLE

    os.environ[ENV_FILE_VARIABLE] = str(file.resolve())


def load_settings() -> Settings:
    """Settings from the environment and the env file, or exit 2 naming each invalid value."""
    from pydantic import ValidationError

    from store.config import Settings

    try:
        return Settings()
    except ValidationError as exc:
        for error in exc.errors():
            name = ".".join(str(p) for p in error["loc"]) or "settings"
            err.print(f"[red]error:[/] {escape(name.upper())}: {escape(error['msg'])}")
        raise typer.Exit(2) from exc
