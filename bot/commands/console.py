"""What every command prints through, and how every command reads its settings.

Text that came from a user, a model or Slack is escaped before it reaches Rich, so `[lesson]` or
`[/]` in learned text is printed as written instead of being read as markup. Only typer, rich and
the standard library are imported here at module level: `seshat --help` must not pay for the
database, the redactor or the model SDK (bench/cli_startup.py measures it).
"""

from __future__ import annotations

import os
import sys
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


def read_input(path: str, *, what: str = "FILE") -> str:
    """The text of `path` (`-`: standard input), or exit 1 with one line saying why not."""
    if path == "-":
        return sys.stdin.read()
    if not path.strip():
        raise fail(f"{what} is empty: name a file, or - for standard input")
    file = Path(path).expanduser()
    if file.is_dir():
        raise fail(f"{path}: is a folder; name a file, or - for standard input")
    try:
        return file.read_text(encoding="utf-8")
    except FileNotFoundError as exc:
        raise fail(f"{path}: no such file") from exc
    except OSError as exc:
        raise fail(f"{path}: cannot be read ({exc.strerror or type(exc).__name__})") from exc
    except UnicodeDecodeError as exc:
        raise fail(
            f"{path}: not UTF-8 text (byte 0x{exc.object[exc.start]:02x} at offset {exc.start}; "
            "a binary file?)"
        ) from exc


def use_env_file(path: str) -> None:
    """Read settings from `path` instead of ./.env, for this command and everything it starts."""
    file = Path(path).expanduser()
    if not path.strip():
        # `--env-file "$UNSET"` in a script: not silently ./.env instead.
        raise fail("--env-file is empty: name the settings file (e.g. --env-file .env)", code=2)
    if file.is_dir():
        raise fail(f"--env-file {path}: is a folder; name the settings file in it", code=2)
    if not file.exists():
        raise fail(f"--env-file {path}: no such file", code=2)
    from store.config import ENV_FILE_VARIABLE, kind_of

    if not file.is_file():
        # `--env-file <(pass show seshat)`: a pipe can be read once, and the settings are read
        # again (by each command, each worker); said as what it is, not as "no such file".
        raise fail(
            f"--env-file {path}: is {kind_of(file)}, which can be read only once (Seshat reads "
            "its settings more than once); name a regular file",
            code=2,
        )

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
