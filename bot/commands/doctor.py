"""`seshat doctor`: everything a first real run needs, checked, one line per check with its fix.

Each check runs whatever the others found (a wrong bot token does not hide a missing owner), in
the order a first run meets them: the settings file, the Slack tokens, the owner, the scopes the
app was granted against the ones the code calls, the Anthropic key and models, the data dir, the
skills repository and the database. Nothing is changed: no data dir or database is made, no
migration applied.
Exit 0 when a run would start, 1 otherwise.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

import typer

from bot.commands.console import load_settings, say

if TYPE_CHECKING:
    from store.config import Settings

OK, WARN, FAIL = "ok", "warn", "fail"
MARK = {OK: "✓", WARN: "!", FAIL: "✗"}
STYLE = {OK: "green", WARN: "yellow", FAIL: "red"}


@dataclass(frozen=True)
class Line:
    """One check's result: its name, its state and what it found (and the fix)."""

    name: str
    state: str
    text: str

    def __post_init__(self) -> None:
        # A message that names its variable first reads "NAME: NAME: …" after the check's name.
        object.__setattr__(self, "text", self.text.removeprefix(f"{self.name}: "))


class _Stop(Exception):
    """A check that cannot go on (its message is the line)."""


def _run(name: str, check: Callable[[], tuple[str, str]]) -> Line:
    from store.config import ConfigError

    try:
        state, text = check()
    except (ConfigError, _Stop) as exc:
        return Line(name, FAIL, " ".join(str(exc).split()))
    except PermissionError as exc:
        # A data dir this user may not enter: the checks' exists()/is_file() raise this.
        if not exc.filename:
            raise
        from pathlib import Path

        from store.config import denied

        return Line(name, FAIL, f"{exc.filename}: {denied(Path(exc.filename))}")
    return Line(name, state, text)


def checks(settings: Settings, *, online: bool) -> list[Line]:
    """Every check, in the order a first run meets them."""
    from bot.slack import check as slack
    from store.config import WHERE_TO_GET, env_file

    lines: list[Line] = []
    path = env_file().resolve()
    lines.append(
        Line(
            "settings",
            OK if path.is_file() else WARN,
            f"read from {path}"
            if path.is_file()
            else f"{path} does not exist: only the environment is read (copy .env.example)",
        )
    )
    token_ok: dict[str, bool] = {}
    for name in settings.required_slack_secrets():
        value = settings.secret(name)
        if value is None:
            lines.append(Line(name, FAIL, f"not set: {WHERE_TO_GET[name]}"))
            continue
        want = slack.TOKEN_PREFIXES.get(name)
        stray = slack.stray_characters(name, value)
        if stray:
            lines.append(Line(name, FAIL, stray.removeprefix(f"{name} ")))
            continue
        if want and not value.startswith(want):
            lines.append(Line(name, FAIL, f"holds {slack.token_kind(value)}: {WHERE_TO_GET[name]}"))
            continue
        misplaced = slack.not_the_signing_secret(value) if not want else None
        if misplaced:
            lines.append(Line(name, FAIL, misplaced))
            continue
        token_ok[name] = True
        if not online:
            lines.append(Line(name, OK, "set (not tried: --offline)"))
            continue
        if name == "SLACK_BOT_TOKEN":

            def bot(value: str = value) -> tuple[str, str]:
                auth = slack.check_bot_token(value, settings.slack_api_url)
                return OK, f"auth.test: bot {auth.get('user')} in {auth.get('team')}"

            lines.append(_run(name, bot))
            token_ok[name] = lines[-1].state == OK
        elif name == "SLACK_APP_TOKEN":

            def app(value: str = value) -> tuple[str, str]:
                slack.check_app_token(value, settings.slack_api_url)
                return OK, "apps.connections.open: Socket Mode can connect"

            lines.append(_run(name, app))
        else:
            lines.append(Line(name, OK, "set (Slack signs each request with it; not tried)"))
    bot_token = settings.secret("SLACK_BOT_TOKEN") if token_ok.get("SLACK_BOT_TOKEN") else None
    lines.append(_owner_line(settings, bot_token if online else None))
    if online and bot_token:
        lines.append(_run("Slack scopes", lambda: _scopes(bot_token, settings.slack_api_url)))
    else:
        lines.append(Line("Slack scopes", WARN, "not checked (needs a working SLACK_BOT_TOKEN)"))
    lines.append(_run("ANTHROPIC_API_KEY", lambda: _anthropic(settings, online=online)))
    if settings.slack_mode == "http":
        lines.append(_listen_line(settings))
    lines.append(_run("SESHAT_DATA_DIR", lambda: _data_dir(settings)))
    lines.append(_run("SKILLS_DIR", lambda: _skills_dir(settings)))
    lines.append(_run("DATABASE_URL", lambda: _database(settings)))
    return lines


def _owner_line(settings: Settings, bot_token: str | None) -> Line:
    from bot.slack.check import check_owners, owner_problems

    problems = owner_problems(settings)
    if problems:
        # The line already starts with the variable's name.
        problem = problems[0].removeprefix("SLACK_OWNER_IDS: ").removeprefix("SLACK_OWNER_IDS is ")
        return Line("SLACK_OWNER_IDS", FAIL, problem)
    if not settings.owner_ids:
        return Line(
            "SLACK_OWNER_IDS",
            WARN,
            "empty, with SLACK_OWNER_OPTIONAL=true: review cards wait for `seshat review`",
        )
    if bot_token is None:
        return Line("SLACK_OWNER_IDS", OK, f"{', '.join(settings.owner_ids)} (not looked up)")

    def look_up() -> tuple[str, str]:
        names = check_owners(bot_token, settings.slack_api_url, settings.owner_ids)
        pairs = ", ".join(f"{i} ({n})" for i, n in zip(settings.owner_ids, names, strict=True))
        return OK, f"users.info: {pairs}"

    return _run("SLACK_OWNER_IDS", look_up)


def _scopes(token: str, api_url: str) -> tuple[str, str]:
    from bot.slack.check import granted_scopes
    from bot.slack.scopes import BOT_SCOPES

    granted = granted_scopes(token, api_url)
    if granted is None:
        return WARN, "Slack sent no x-oauth-scopes header: the granted scopes are unknown"
    missing = [scope for scope in BOT_SCOPES if scope not in granted]
    if missing:
        raise _Stop(
            f"the installed app lacks {', '.join(missing)}: update the app from manifest.yaml "
            "(api.slack.com/apps → your app → App Manifest) and reinstall it (Install App)"
        )
    return OK, f"all {len(BOT_SCOPES)} scopes manifest.yaml asks for are granted"


def _anthropic(settings: Settings, *, online: bool) -> tuple[str, str]:
    from bot.providers import chat_uses_anthropic, check_anthropic, reflection_uses_anthropic

    if not chat_uses_anthropic(settings) and not reflection_uses_anthropic(settings):
        return WARN, (
            "not set: replies come from the offline stand-in model and reflections from the "
            "heuristic; set it for real answers (console.anthropic.com → Settings → API Keys)"
        )
    settings.require("ANTHROPIC_API_KEY")
    if not online:
        return OK, "set (not tried: --offline)"
    found, warnings = check_anthropic(settings)
    if warnings:
        return WARN, warnings[0]
    return OK, "; ".join(found)


def _listen_line(settings: Settings) -> Line:
    """HTTP mode's address and port, bound and let go as `seshat run` does first. A port in
    use is `!`, not `✗`: the program holding it may be this Seshat's own `seshat run`."""
    import errno

    from bot.slack.http_server import cannot_listen, probe_listen

    host, port = settings.http_host, settings.http_port
    name = "SESHAT_HTTP_PORT"
    try:
        probe_listen(host, port, reuse_port=settings.workers > 1)
    except OSError as exc:
        said = cannot_listen(host, port, exc).split(": ", 1)[1]
        if f"{host} is not an address of this host" in said:
            return Line("SESHAT_HTTP_HOST", FAIL, said)
        if exc.errno == errno.EADDRINUSE:
            return Line(name, WARN, f"{said} (expected if it is this Seshat's `seshat run`)")
        return Line(name, FAIL, said)
    if port == 0:
        return Line(name, WARN, "0: a new port at each start, which Slack cannot be told; set one")
    return Line(
        name,
        OK,
        f"{f'[{host}]' if ':' in host else host}:{port} is free to listen on "
        "(Slack's Request URLs: https://YOUR-HOST/slack/events)",
    )


def _data_dir(settings: Settings) -> tuple[str, str]:
    import os

    from store.config import kind_of
    from store.db import sqlite_file
    from store.filelock import LOCK_FILE, DataDirLock

    where = settings.data_dir
    if where.is_symlink() and not where.exists():
        # mkdir cannot follow it ("File exists"): `seshat run` would stop here.
        raise _Stop(
            f"{where} is a link to {os.readlink(where)}, which does not exist; make that folder, "
            "or point SESHAT_DATA_DIR elsewhere"
        )
    existing = next((p for p in (where, *where.parents) if p.exists()), None)
    if existing is not None and not existing.is_dir():
        raise _Stop(
            f"{where}: {existing} is {kind_of(existing)}, not a directory; point it elsewhere"
        )
    if existing is not None and not os.access(existing, os.W_OK | os.X_OK):
        raise _Stop(
            f"{where}: this user may not write in {existing}; chown it to the user Seshat runs "
            "as, or point SESHAT_DATA_DIR elsewhere"
        )
    if not where.exists():
        return OK, f"{where.resolve()} will be created at start"
    database = sqlite_file(settings.effective_database_url)
    if database is not None and (where / LOCK_FILE).exists():
        lock = DataDirLock(where / LOCK_FILE)
        lock.acquire(f"SESHAT_DATA_DIR {where}")
        lock.release()
    return OK, f"{where.resolve()} is writable" + (
        "; no other `seshat run` holds it" if database is not None else ""
    )


def _skills_dir(settings: Settings) -> tuple[str, str]:
    from writers.skills.gitrepo import SKILLS_FIX, unusable

    where = settings.effective_skills_dir
    if not settings.skills_dir and not settings.data_dir.is_dir():
        # The default, in a data dir not made yet: the SESHAT_DATA_DIR line says whether it can be.
        return OK, f"{where} (SESHAT_DATA_DIR/skills) will be made with the data dir"
    why = unusable(where)
    if why is not None:
        raise _Stop(f"{where}: {why}; {SKILLS_FIX}")
    default = "" if settings.skills_dir else " (SESHAT_DATA_DIR/skills)"
    if not where.exists():
        return OK, f"{where}{default} will be made a git repository at the first approved skill"
    if (where / ".git").exists():
        return OK, f"{where}{default} is a git repository this user may write"
    if any(where.iterdir()):
        return WARN, (
            f"{where} holds files but is not a git repository: the first approved skill runs "
            "`git init` in it and commits only the skills; point SKILLS_DIR at a new folder if "
            "this one is for something else"
        )
    return OK, f"{where}{default} will be made a git repository at the first approved skill"


def _database(settings: Settings) -> tuple[str, str]:
    import os

    from store.config import kind_of
    from store.db import (
        Store,
        StoreUnavailable,
        head_revision,
        peek_revision,
        shown_url,
        sqlite_file,
        unknown_revision,
    )

    url = settings.effective_database_url
    database = sqlite_file(url)
    head = head_revision()
    if database is not None and not database.exists():
        # Said as `seshat run` would meet it: a file in the way, or a folder it may not write.
        # The URL is made from the link's target: a data dir linked to a missing folder is
        # seen only by its own name.
        link = settings.data_dir
        if link.is_symlink() and not link.exists() and database.is_relative_to(link.resolve()):
            raise _Stop(
                f"{database} cannot be created: {link} is a link to {os.readlink(link)}, which "
                "does not exist"
            )
        existing = next((p for p in database.parents if p.exists()), None)
        if existing is not None and not existing.is_dir():
            raise _Stop(
                f"{database} cannot be created: {existing} is {kind_of(existing)}, not a directory"
            )
        if existing is not None and not os.access(existing, os.W_OK | os.X_OK):
            raise _Stop(f"{database} cannot be created: this user may not write in {existing}")
        return OK, f"{database} will be created at start (schema {head})"
    try:
        revision = peek_revision(url, where=settings.database_where)
    except StoreUnavailable as exc:
        raise _Stop(str(exc).removeprefix("DATABASE_URL ")) from exc
    newer = unknown_revision(revision)
    if newer is not None:
        raise _Stop(f"{shown_url(url)}: {newer}")
    # A file this user may read but not write: `seshat run` would stop at its first write.
    try:
        Store.check_writable(url)
    except StoreUnavailable as exc:
        raise _Stop(str(exc).removeprefix("DATABASE_URL ")) from exc
    if revision == head:
        return OK, f"{shown_url(url)} at schema {head}"
    return OK, f"{shown_url(url)} at schema {revision or 'none'}: upgraded to {head} at start"


def register(app: typer.Typer) -> None:
    """Add `seshat doctor`."""

    @app.command()
    def doctor(
        offline: bool = typer.Option(
            False, "--offline", help="Do not call Slack or Anthropic (only what is set)."
        ),
    ) -> None:
        """Check everything a first real run needs, one line per check with its fix."""
        settings = load_settings()
        lines = checks(settings, online=not offline)
        for line in lines:
            say(f"{MARK[line.state]} {line.name}: {line.text}", STYLE[line.state])
        failed = [line.name for line in lines if line.state == FAIL]
        if failed:
            say(f"{len(failed)} problem(s): {', '.join(failed)} (docs/operating.md has each fix)")
            raise typer.Exit(1)
        say("Ready: `seshat run` (or scripts/run) should start.")
