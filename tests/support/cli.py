"""Running the `seshat` command in a test: in this process through typer's runner (fast), or as a
real process where the process boundary is the point (the daemon, the demo, signals, start-up
imports, terminal width)."""

from __future__ import annotations

import logging
import os
import subprocess
import sys
import traceback
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from typer.testing import CliRunner

REPO_ROOT = Path(__file__).resolve().parents[2]
STRIPPED = ("SLACK_", "ANTHROPIC_", "SESHAT_", "DATABASE_URL", "REFLECTION_")
# Commands that start the daemon or the demo (threads, log handlers, signals): a real process.
PROCESS_COMMANDS = {"run", "demo"}


def _environment(cwd: Path, env: dict[str, str] | None) -> dict[str, str]:
    base = {k: v for k, v in os.environ.items() if not k.startswith(STRIPPED)}
    base.update(
        {
            "SESHAT_DATA_DIR": str(cwd / "data"),
            "PYTHONPATH": str(REPO_ROOT),
            "SESHAT_EMBEDDER": "hashing",
            "LOG_FORMAT": "text",
        }
    )
    base.update(env or {})
    return base


def seshat(
    *args: str,
    cwd: Path,
    env: dict[str, str] | None = None,
    stdin: str | None = None,
    timeout: float = 120,
    process: bool | None = None,
) -> subprocess.CompletedProcess[str]:
    """Run `seshat *args` in `cwd` with a clean Slack/Anthropic/Seshat environment plus `env`."""
    full = _environment(cwd, env)
    if process is None:
        process = bool(PROCESS_COMMANDS & set(args)) or "COLUMNS" in (env or {})
    if process:
        return subprocess.run(
            [sys.executable, "-m", "bot.cli", *args],
            cwd=cwd,
            env=full,
            input=stdin,
            capture_output=True,
            text=True,
            timeout=timeout,
            check=False,
        )
    return _in_process(list(args), cwd, full, stdin)


@contextmanager
def kept_logging() -> Iterator[None]:
    """Put the logging back as it was after an in-process command: `seshat run` (and the CLI's
    callback) set the root's handlers and levels; the handler left on the runner's stderr, a
    stream closed when the command ends, made every later record print "--- Logging error ---"
    (the next tests' Socket Mode threads among them)."""
    from bot.logs import OWN_LEVEL_LIBRARIES, QUIET_LIBRARIES

    root = logging.getLogger()
    libraries = [logging.getLogger(name) for name in OWN_LEVEL_LIBRARIES + QUIET_LIBRARIES]
    handlers, level = root.handlers[:], root.level
    levels = [library.level for library in libraries]
    try:
        yield
    finally:
        root.handlers[:] = handlers
        root.setLevel(level)
        for library, was in zip(libraries, levels, strict=True):
            library.setLevel(was)


def _in_process(
    args: list[str], cwd: Path, full: dict[str, str], stdin: str | None
) -> subprocess.CompletedProcess[str]:
    from bot.cli import app

    # Every variable this run must not see is unset for it, and restored after (the runner
    # restores what it was given, including SESHAT_ENV_FILE that `--env-file` sets).
    overrides: dict[str, str | None] = {k: None for k in os.environ if k not in full}
    overrides.update(full)
    overrides.setdefault("SESHAT_ENV_FILE", None)
    previous = Path.cwd()
    os.chdir(cwd)
    try:
        with kept_logging():
            result = CliRunner().invoke(app, args, input=stdin, env=overrides)
    finally:
        os.chdir(previous)
    stderr = result.stderr
    code = result.exit_code
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        # What a process would have printed: the traceback, exit status 1.
        exc = result.exception
        stderr += "".join(traceback.format_exception(type(exc), exc, exc.__traceback__))
        code = 1
    return subprocess.CompletedProcess(["seshat", *args], code, result.stdout, stderr)


def one_error(result: subprocess.CompletedProcess[str], code: int, *parts: str) -> str:
    """The one `error: …` line a failing command printed, checked: no traceback, exit `code`,
    nothing else on stderr, and each of `parts` in the line."""
    assert "Traceback" not in result.stderr, result.stderr
    assert result.returncode == code, (result.returncode, result.stdout, result.stderr)
    lines = [line for line in result.stderr.splitlines() if line.strip()]
    assert len(lines) == 1 and lines[0].startswith("error: "), result.stderr
    for part in parts:
        assert part in lines[0], (part, lines[0])
    return lines[0]
