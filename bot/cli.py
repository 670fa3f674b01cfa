"""The `seshat` command line. Errors become one readable message here, at the edge."""

from __future__ import annotations

import sys

if __name__ == "__main__":
    # `python -m bot.cli`: run as `python -m bot.entry` before importing anything else here, so a
    # Ctrl-C during those imports ends quietly, as it does for the `seshat` command. (Run, not
    # imported: bot.entry imports this module.)
    import runpy

    runpy.run_module("bot.entry", run_name="__main__")
    sys.exit(0)

import errno
import logging
import os
from typing import Any

import typer
from typer.core import TyperGroup, TyperOption

from bot.commands import checkins, context, doctor, reflection_parse, reflections, stats
from bot.commands import redact as redact_cmd
from bot.commands.console import fail, load_settings, say, use_env_file, warn
from bot.commands.learned import edits as library
from bot.commands.learned import exchange, forget, lessons, review, rollback, skills


class _Edge(TyperGroup):
    """Every command runs inside this: a setting the user can fix (a data dir that cannot be made,
    a database that cannot be opened, a missing value) or a number too large to store ends in one
    line and exit 2, whichever command met it first. Anything else still shows its traceback:
    that is a bug to report."""

    def invoke(self, ctx: Any) -> Any:
        try:
            return super().invoke(ctx)
        except OverflowError as exc:
            # An id or a count past what the database stores (`lessons show 1e30`'s digits, or a
            # file's): SQLite's driver refuses to bind it before any query runs.
            raise fail(
                f"a number in the input is too large for the database (at most {2**63 - 1})",
                code=2,
            ) from exc
        except PermissionError as exc:
            # A data dir (or a file given) this user may not enter or read: Path.exists() and
            # is_file() raise this one instead of answering.
            if not exc.filename:
                raise
            from pathlib import Path

            from store.config import denied

            raise fail(f"{exc.filename}: {denied(Path(exc.filename))}", code=2) from exc
        except OSError as exc:
            if exc.errno != errno.ENAMETOOLONG:
                raise
            # Text pasted where a file name goes (`reflection parse "$(cat out.json)"`): Path's
            # is_dir()/is_file() raise this one instead of answering False.
            name = str(exc.filename or "")
            raise fail(
                f"the path {name[:40]}… ({len(name)} characters) is too long for this system (at "
                "most 255 a name, 4096 a path): name a shorter one (a file argument, --env-file, "
                "SESHAT_DATA_DIR or DATABASE_URL, whichever holds it)",
                code=2,
            ) from exc
        except Exception as exc:
            # Only code that imported store.config can raise its ConfigError; looking it up
            # instead of importing it keeps `seshat --help` free of pydantic (bench/cli_startup).
            config = sys.modules.get("store.config")
            if config is None or not isinstance(exc, config.ConfigError):
                raise
            raise fail(str(exc), code=2) from exc


_type_column = TyperOption.display_type_rich


def _flags_take_no_value(self: TyperOption, ctx: Any) -> str | None:
    """Help lists a flag (`--json`) without the `<bool>` typer gives it, which read as if the
    flag took a value."""
    return None if self.is_flag else _type_column(self, ctx)


TyperOption.display_type_rich = _flags_take_no_value  # type: ignore[method-assign]


app = typer.Typer(
    help="Seshat: a Slack bot that learns across sessions.", no_args_is_help=True, cls=_Edge
)
db_app = typer.Typer(help="Database maintenance.", no_args_is_help=True)
app.add_typer(db_app, name="db")

# Sub-command groups; each module exposes `register(app)` and is registered here, in one place.
reflection_app = typer.Typer(help="Debug and re-run reflections.", no_args_is_help=True)
reflections_app = typer.Typer(help="The reflection ledger.", no_args_is_help=True)
review_app = typer.Typer(help="Decide learned changes without Slack.", no_args_is_help=True)
lessons_app = typer.Typer(help="The lesson library.", no_args_is_help=True)
checkins_app = typer.Typer(help="Check-ins planned by reflections.", no_args_is_help=True)
skills_app = typer.Typer(help="Approved skills: uses, outcomes, standing.", no_args_is_help=True)
app.add_typer(reflection_app, name="reflection")
app.add_typer(reflections_app, name="reflections")
app.add_typer(review_app, name="review")
app.add_typer(lessons_app, name="lessons")
app.add_typer(checkins_app, name="checkins")
app.add_typer(skills_app, name="skills")
for _group in library.GROUPS.values():
    _sub = typer.Typer(help=f"The library's {_group.noun}s.", no_args_is_help=True)
    library.register(_sub, _group)
    app.add_typer(_sub, name=_group.name)
redact_cmd.register(app)
reflection_parse.register(reflection_app)
reflections.register(app, reflection_app, reflections_app)
review.register(review_app)
rollback.register(app)
lessons.register(lessons_app)
checkins.register(checkins_app)
skills.register(skills_app)
context.register(app)
forget.register(app)
stats.register(app)
exchange.register(app)
doctor.register(app)


def _unwrap_help(group: typer.Typer) -> None:
    """Typer joins the source's line breaks in a command's first help paragraph but prints those
    of the later ones as written, which read as stray wraps beside the terminal's own: join
    them too (a paragraph that starts with \\b keeps its lines, as in click)."""
    import inspect

    for command in group.registered_commands:
        doc = command.help or (inspect.getdoc(command.callback) if command.callback else None)
        if doc:
            command.help = "\n\n".join(
                p if p.startswith("\b") else " ".join(p.split("\n")) for p in doc.split("\n\n")
            )
    for sub in group.registered_groups:
        if sub.typer_instance is not None:
            _unwrap_help(sub.typer_instance)


@app.callback()
def _quiet_libraries(
    verbose: bool = typer.Option(
        False, "--verbose", "-v", help="Show INFO logs (Seshat's and its libraries')."
    ),
    env_file: str | None = typer.Option(
        None,
        "--env-file",
        metavar="PATH",
        help="Read settings from PATH instead of ./.env (also: SESHAT_ENV_FILE).",
    ),
) -> None:
    """Keep library INFO logs out of a CLI user's terminal; pick the env file.

    wordllama calls `logging.basicConfig(level=INFO)` when imported, which would print every
    presidio and embedder INFO line; with a root handler in place first, that call does nothing.
    `--verbose` or an explicit LOG_LEVEL shows them; `seshat run` configures the daemon's own
    JSON logs.
    """
    level = "INFO" if verbose else os.environ.get("LOG_LEVEL", "WARNING").strip().upper()
    root = logging.getLogger()
    if not root.handlers:
        handler = logging.StreamHandler(sys.stderr)
        handler.setFormatter(logging.Formatter("%(levelname)s %(name)s: %(message)s"))
        root.addHandler(handler)
    # An invalid LOG_LEVEL is named when the settings are read (store/config.py), not here as a
    # traceback from `logging`; until then the CLI's own default stands.
    names = logging.getLevelNamesMapping()
    root.setLevel(names.get(level, logging.WARNING))
    if env_file is not None:
        use_env_file(env_file)


@app.command()
def run(
    workers: int = typer.Option(
        0,
        "--workers",
        min=0,
        max=10,
        metavar="N",
        help="Processes sharing the load on this host (default: SESHAT_WORKERS, else 1).",
    ),
) -> None:
    """Run the daemon against Slack (tokens from .env)."""
    from bot import logs
    from store.config import ConfigError

    settings = load_settings()
    count = workers or settings.workers
    if count > 1:
        from bot.workers import supervise  # imports no daemon: the supervisor stays small
        from store.filelock import LOCK_FILE, DataDirLock

        logs.configure(settings.log_level, settings.log_format)
        # The supervisor holds the one-daemon lock of a SQLite data dir for its workers, which
        # then share it (bot/workers.py: they queue on the database's writer lock).
        if settings.effective_database_url.startswith("sqlite:///"):
            data_dir = settings.ensure_data_dir()
            try:
                DataDirLock(data_dir / LOCK_FILE).acquire(f"SESHAT_DATA_DIR {data_dir}")
            except ConfigError as exc:
                raise fail(str(exc), code=2) from exc
        sys.exit(supervise(count))
    # Imported before the logs are configured, as always: in the other order a first run with
    # a wrong token printed alembic's INFO lines before its one message (tests/bot/test_cli.py).
    from bot.daemon import Daemon

    logs.configure(settings.log_level, settings.log_format)
    try:
        Daemon(settings).run_forever()
    except ConfigError as exc:
        raise fail(str(exc), code=2) from exc


@app.command("check-config")
def check_config(
    quiet: bool = typer.Option(False, "--quiet", help="Exit status only."),
    online: bool = typer.Option(
        False,
        "--online",
        help="Also ask Slack (auth.test, apps.connections.open, users.info for the owners) "
        "and the Anthropic API (the key and the models).",
    ),
) -> None:
    """Check the settings a real run needs (offline; --online asks Slack and Anthropic too).

    Exit status: 0 fine, 1 a problem (named), 2 an invalid setting, 3 no Slack token set at all
    (scripts/run plays the demo then, and only then)."""
    from bot.slack.check import SLACK_SECRETS, check_app_token, check_bot_token, offline_problems
    from store.config import ConfigError

    settings = load_settings()
    nothing = not any(settings.secret(name) for name in SLACK_SECRETS)
    try:
        secrets = settings.require(*settings.required_slack_secrets())
        errors, warnings = offline_problems(settings)
        if errors:
            raise ConfigError("\n".join(errors))
    except ConfigError as exc:
        if quiet:
            raise typer.Exit(3 if nothing else 1) from exc
        raise fail(str(exc), code=3 if nothing else 1) from exc

    def report(line: str) -> None:
        if not quiet:
            say(line)

    for warning in [] if quiet else warnings:
        warn(warning)
    if online:
        from bot.providers import check_anthropic
        from bot.slack.check import check_owners

        try:
            auth = check_bot_token(secrets["SLACK_BOT_TOKEN"], settings.slack_api_url)
            report(f"auth.test: ok — bot {auth.get('user')} in {auth.get('team')}")
            if settings.slack_mode == "socket":
                check_app_token(secrets["SLACK_APP_TOKEN"], settings.slack_api_url)
                report("apps.connections.open: ok — Socket Mode can connect")
            names = check_owners(
                secrets["SLACK_BOT_TOKEN"], settings.slack_api_url, settings.owner_ids
            )
            if names:
                report(f"users.info: ok — owner(s) {', '.join(names)}")
            found, model_warnings = check_anthropic(settings)
            for line in found:
                report(f"Anthropic API: ok — {line}")
            for warning in [] if quiet else model_warnings:
                warn(warning)
        except ConfigError as exc:
            if quiet:
                raise typer.Exit(1) from exc
            raise fail(str(exc), code=1) from exc
    report(f"Slack settings look complete for {settings.slack_mode} mode.")


@app.command()
def demo(
    data_dir: str = typer.Option("", help="Keep the demo's data here (default: a temp dir)."),
) -> None:
    """Play three narrated sessions through the whole loop on the local Slack workspace."""
    from pathlib import Path

    from bot.demo.run import run_demo
    from store.config import kind_of

    where = Path(data_dir).expanduser()
    if data_dir and where.exists() and not where.is_dir():
        raise fail(
            f"--data-dir {data_dir}: is {kind_of(where)}; name a new folder for the demo's data", 2
        )
    existing = next((p for p in (where, *where.absolute().parents) if p.exists()), None)
    if data_dir and existing is not None and not existing.is_dir():
        raise fail(
            f"--data-dir {data_dir}: {existing} is {kind_of(existing)}, not a folder; name a new "
            "folder for the demo's data",
            code=2,
        )
    need = os.W_OK | os.X_OK | (os.R_OK if existing == where else 0)
    if data_dir and existing is not None and not os.access(existing, need):
        # Said here, naming the option: the demo's own check would name SESHAT_DATA_DIR, which
        # nobody set.
        raise fail(
            f"--data-dir {data_dir}: this user may not write in {existing}; name a folder you "
            "may write (or leave --data-dir out for a temporary one)",
            code=2,
        )
    if data_dir and where.is_dir() and any(where.iterdir()):
        # An earlier demo's data holds cards of a workspace that is gone (its replay failed on
        # them), and real data must not get the demo's sessions mixed in.
        raise fail(
            f"--data-dir {data_dir}: already holds files (an earlier demo's, or real data); the "
            "demo starts from an empty folder: name a new one, or remove this one",
            code=2,
        )

    sys.exit(run_demo(str(where) if data_dir else None))


@db_app.command("upgrade")
def db_upgrade() -> None:
    """Apply database migrations (also done automatically at start)."""
    from store.db import Store, current_revision

    settings = load_settings()
    settings.ensure_data_dir()
    store = Store.open(settings.effective_database_url, where=settings.database_where)
    say(f"database at revision {current_revision(store.engine)}")
    store.close()


# Every command is registered by now (this module's own included).
_unwrap_help(app)
