"""A first real run says what is wrong (issue 26): scripts/run, the owner, the Anthropic key,
what Slack answered, settings that used to end in a traceback, and path settings with `~`.

`scripts/run` runs as a subprocess (the process boundary and the shell are the point); the
`seshat` commands run in-process through typer's CliRunner, against the loopback doubles.
"""

from __future__ import annotations

import codecs
import os
import subprocess
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest
from typer.testing import CliRunner, Result

from bot.cli import app
from bot.doubles.anthropic_api import LocalAnthropicAPI
from bot.doubles.slack_workspace import LocalSlackWorkspace
from tests.support.cli import kept_logging

ROOT = Path(__file__).resolve().parents[2]
OWN = ("SLACK_", "ANTHROPIC_", "SESHAT_", "DATABASE_URL", "REFLECTION_", "CHAT_", "LOG_")


@pytest.fixture(autouse=True)
def _clean_env(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """No setting of the developer's leaks in; every command reads tmp_path's .env."""
    for key in list(os.environ):
        if key.startswith(OWN):
            monkeypatch.delenv(key)
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("SESHAT_ENV_FILE", str(tmp_path / ".env"))
    monkeypatch.setenv("SESHAT_EMBEDDER", "hashing")


def seshat(*args: str, env: dict[str, str] | None = None) -> Result:
    """The real `seshat` command, in-process (the logging put back as it was after)."""
    with kept_logging():
        return CliRunner().invoke(app, list(args), env=env or {})


def no_traceback(result: Result) -> None:
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    assert "Traceback" not in result.output + result.stderr


@pytest.fixture
def slack() -> Iterator[LocalSlackWorkspace]:
    with LocalSlackWorkspace() as workspace:
        workspace.add_user("U0OWNER", "owner")
        yield workspace


def good_env(slack: LocalSlackWorkspace, **extra: str) -> dict[str, str]:
    return {
        "SLACK_API_URL": slack.api_url,
        "SLACK_BOT_TOKEN": slack.bot_token,
        "SLACK_APP_TOKEN": slack.app_token,
        "SLACK_OWNER_IDS": "U0OWNER",
        **extra,
    }


# -- scripts/run -------------------------------------------------------------------------------


def run_script(tmp_path: Path, dotenv: str, *args: str) -> subprocess.CompletedProcess[str]:
    """`bash scripts/run` with SESHAT_ENV_FILE pointing at a crafted .env; its venv is this
    interpreter (a wrapper), already installed, so nothing is downloaded."""
    (tmp_path / ".env").write_text(dotenv, encoding="utf-8")
    venv = tmp_path / "venv"
    (venv / "bin").mkdir(parents=True, exist_ok=True)
    python = venv / "bin" / "python"
    python.write_text(f'#!/bin/sh\nexec "{sys.executable}" "$@"\n')
    python.chmod(0o755)
    (venv / ".seshat-installed").touch()
    env = {k: v for k, v in os.environ.items() if not k.startswith(OWN)}
    env.update(
        {
            "SESHAT_VENV": str(venv),
            "SESHAT_ENV_FILE": str(tmp_path / ".env"),
            "SESHAT_DATA_DIR": str(tmp_path / "data"),
            "PYTHONPATH": str(ROOT),
        }
    )
    return subprocess.run(
        ["bash", str(ROOT / "scripts" / "run"), *args],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


@pytest.mark.parametrize(
    ("dotenv", "named"),
    [
        # Tokens in place, one setting wrong: what check-config finds, not the demo.
        (
            "SLACK_BOT_TOKEN=xoxb-1-2-abc\nSLACK_APP_TOKEN=xapp-1-A-2-f\nSLACK_OWNER_IDS=U0OWNER\n"
            "REPLY_STREAMING=bogus\n",
            "REPLY_STREAMING",
        ),
        (
            "SLACK_BOT_TOKEN=xoxb-1-2-abc\nSLACK_APP_TOKEN=xoxb-1-2-abc\nSLACK_OWNER_IDS=U0OWNER\n",
            "SLACK_APP_TOKEN holds a xoxb- token",
        ),
        (
            "SLACK_MODE=http\nSLACK_BOT_TOKEN=xoxb-1-2-abc\nSLACK_OWNER_IDS=U0OWNER\n",
            "SLACK_SIGNING_SECRET",
        ),
        ("SLACK_BOT_TOKEN=xoxb-1-2-abc\nSLACK_APP_TOKEN=xapp-1-A-2-f\n", "SLACK_OWNER_IDS"),
    ],
)
def test_scripts_run_with_a_wrong_setting_says_what_and_stops(
    tmp_path: Path, dotenv: str, named: str
) -> None:
    result = run_script(tmp_path, dotenv)
    assert result.returncode != 0, result.stdout + result.stderr
    assert named in result.stderr, result.stderr
    assert "demo" not in result.stdout.lower(), result.stdout
    assert "Traceback" not in result.stderr


def test_scripts_run_plays_the_demo_only_without_any_slack_token(tmp_path: Path) -> None:
    # `--help` reaches `seshat demo --help`: the branch taken, without the demo's minute.
    result = run_script(tmp_path, "# nothing set\nSLACK_BOT_TOKEN=xoxb-your-bot-token\n", "--help")
    assert result.returncode == 0, result.stderr
    assert "running the demo" in result.stdout and "narrated sessions" in result.stdout


# -- the owner ---------------------------------------------------------------------------------


def test_no_owner_or_a_handle_refuses_to_start_naming_the_variable(
    slack: LocalSlackWorkspace,
) -> None:
    for owners, says in [("", "SLACK_OWNER_IDS is empty"), ("@alice", "'@alice' is not")]:
        for command in (["run"], ["check-config"]):
            result = seshat(*command, env=good_env(slack, SLACK_OWNER_IDS=owners))
            no_traceback(result)
            assert result.exit_code in (1, 2), (command, result.output)
            assert says in result.stderr and "SLACK_OWNER_IDS" in result.stderr, result.stderr
    assert not slack.calls, "nothing connects before the owner is checked"
    # The explicit opt-out starts without one (a warning, not an error).
    optional = seshat(
        "check-config", env=good_env(slack, SLACK_OWNER_IDS="", SLACK_OWNER_OPTIONAL="true")
    )
    assert optional.exit_code == 0 and "nobody can approve" in optional.stderr


def test_an_owner_who_is_not_in_the_workspace_is_named_once_connected(
    slack: LocalSlackWorkspace,
) -> None:
    result = seshat("run", env=good_env(slack, SLACK_OWNER_IDS="U0NOBODY"))
    no_traceback(result)
    assert result.exit_code == 2
    assert "SLACK_OWNER_IDS: U0NOBODY is not a member of this workspace" in result.stderr
    online = seshat("check-config", "--online", env=good_env(slack, SLACK_OWNER_IDS="U0NOBODY"))
    assert online.exit_code == 1 and "U0NOBODY" in online.stderr
    assert any(c.method == "users.info" for c in slack.calls)
    ok = seshat("check-config", "--online", env=good_env(slack))
    assert ok.exit_code == 0 and "owner(s) owner" in ok.output


# -- the Anthropic key -------------------------------------------------------------------------


def test_a_wrong_anthropic_key_or_model_is_named_at_start(slack: LocalSlackWorkspace) -> None:
    with LocalAnthropicAPI() as api:
        wrong = good_env(slack, ANTHROPIC_API_KEY="sk-ant-wrong", ANTHROPIC_BASE_URL=api.base_url)
        result = seshat("run", env=wrong)
        no_traceback(result)
        assert result.exit_code == 2
        assert "ANTHROPIC_API_KEY was refused" in result.stderr, result.stderr
        online = seshat("check-config", "--online", env=wrong)
        assert online.exit_code == 1 and "ANTHROPIC_API_KEY was refused" in online.stderr
        model = good_env(
            slack,
            ANTHROPIC_API_KEY=api.api_key,
            ANTHROPIC_BASE_URL=api.base_url,
            CHAT_MODEL="gpt-4o",
        )
        result = seshat("check-config", "--online", env=model)
        assert result.exit_code == 1 and "CHAT_MODEL=gpt-4o" in result.stderr
        fine = {**model, "CHAT_MODEL": "claude-sonnet-4-6"}
        result = seshat("check-config", "--online", env=fine)
        assert result.exit_code == 0, result.stderr
        assert "Anthropic API: ok — CHAT_MODEL=claude-sonnet-4-6" in result.output
        # The check is the API's free model lookup, not a paid message.
        assert api.model_lookups and not api.requests


def test_a_refused_key_while_running_tells_the_user_the_truth(tmp_path: Path) -> None:
    from bot.chat.answer import APOLOGY_START
    from bot.doubles.anthropic_api import Fault
    from bot.doubles.stack import LocalStack

    with LocalStack(tmp_path / "data") as stack:
        stack.slack.add_user("U0ALICE", "alice")
        stack.anthropic.script(Fault(status=401, message="invalid x-api-key"))
        msg = stack.slack.user_dm("U0ALICE", "hello?")
        call = stack.slack.wait_for_call(
            "chat.postMessage", lambda c: c.params.get("thread_ts") == msg["ts"], timeout=20
        )
        assert stack.bot.wait_idle(20)
        told = [t for t in _owner_dms(stack) if "refuses ANTHROPIC_API_KEY" in t]
    text = str(call.params.get("text"))
    assert text.startswith(APOLOGY_START)
    assert "API key" in text and "try again in a minute" not in text
    assert "LLMRejected" not in text
    assert len(told) == 1 and "invalid x-api-key" in told[0], told


# -- what Slack answered -----------------------------------------------------------------------


class _HtmlPage(BaseHTTPRequestHandler):
    def do_POST(self) -> None:  # noqa: N802 (http.server's name)
        body = b"<html><body>Proxy says no</body></html>"
        self.send_response(502)
        self.send_header("Content-Type", "text/html")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *_args: object) -> None:
        pass


def test_a_page_that_is_not_slack_is_reported_as_such_not_as_a_bad_token() -> None:
    server = ThreadingHTTPServer(("127.0.0.1", 0), _HtmlPage)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        url = f"http://127.0.0.1:{server.server_address[1]}/api/"
        env = {
            "SLACK_API_URL": url,
            "SLACK_BOT_TOKEN": "xoxb-1-2-abc",
            "SLACK_APP_TOKEN": "xapp-1-A-2-f",
            "SLACK_OWNER_IDS": "U0OWNER",
        }
        result = seshat("run", env=env)
    finally:
        server.shutdown()
        server.server_close()
    no_traceback(result)
    assert result.exit_code == 2
    err = " ".join(result.stderr.split())
    assert "was refused" not in err and "Reinstall" not in err
    assert "HTTP 502" in err and "text/html" in err and url in err, err


# -- settings that used to end in a traceback ---------------------------------------------------


def test_an_unknown_log_level_is_named(tmp_path: Path) -> None:
    for env in ({"LOG_LEVEL": "LOUD"}, {}):
        if not env:
            (tmp_path / ".env").write_text("LOG_LEVEL=LOUD\n")
        result = seshat("lessons", "list", env=env)
        no_traceback(result)
        assert result.exit_code == 2 and "LOG_LEVEL" in result.stderr, result.stderr


@pytest.mark.parametrize(
    "content",
    [
        "# café au lait\nSESHAT_DATA_DIR=./elsewhere\n".encode("latin-1"),
        codecs.BOM_UTF16_LE + "SESHAT_DATA_DIR=./elsewhere\n".encode("utf-16-le"),
        codecs.BOM_UTF8 + b"SESHAT_DATA_DIR=./elsewhere\n",
    ],
    ids=["latin-1", "utf-16-bom", "utf-8-bom"],
)
def test_an_env_file_not_in_utf8_is_read_or_refused_naming_the_line(
    tmp_path: Path, content: bytes
) -> None:
    (tmp_path / ".env").write_bytes(content)
    result = seshat("db", "upgrade")
    no_traceback(result)
    if content.startswith(b"#"):  # Latin-1: refused, naming the file and line
        assert result.exit_code == 2
        assert ".env, line 1: not UTF-8" in result.stderr, result.stderr
        assert not (tmp_path / "data").exists() and not (tmp_path / "elsewhere").exists()
    else:  # a byte-order mark says what it is: read
        assert result.exit_code == 0, result.stderr
        assert (tmp_path / "elsewhere" / "seshat.db").is_file()


def test_an_unparsable_env_line_is_refused_not_dropped(tmp_path: Path) -> None:
    (tmp_path / ".env").write_text(
        'SLACK_MODE=socket\nDATABASE_URL="postgresql://u:secret@db/seshat\nLOG_FORMAT=text\n'
    )
    result = seshat("lessons", "list")
    no_traceback(result)
    assert result.exit_code == 2
    assert ".env, line 2" in result.stderr and "DATABASE_URL" in result.stderr
    assert "secret" not in result.stderr  # the value is not echoed
    assert not (tmp_path / "data").exists(), "no SQLite file made in its place"


# -- paths -------------------------------------------------------------------------------------


def test_tilde_and_variables_are_expanded_in_path_settings(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    home = tmp_path / "home"
    home.mkdir()
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.setenv("SPOT", "here")
    for value, where in [("~/seshat-data", home / "seshat-data"), ("$HOME/${SPOT}", home / "here")]:
        result = seshat("db", "upgrade", env={"SESHAT_DATA_DIR": value})
        assert result.exit_code == 0, result.stderr
        assert (where / "seshat.db").is_file()
    assert not (tmp_path / "~").exists() and not (tmp_path / "$HOME").exists()
    unset = seshat("db", "upgrade", env={"SESHAT_DATA_DIR": "$NO_SUCH_VARIABLE/data"})
    no_traceback(unset)
    assert unset.exit_code == 2 and "$NO_SUCH_VARIABLE, which is not set" in unset.stderr
    skills = seshat("db", "upgrade", env={"SKILLS_DIR": "~/skills", "SESHAT_DATA_DIR": "~/d"})
    assert skills.exit_code == 0
    from store.config import Settings

    monkeypatch.setenv("SKILLS_DIR", "~/skills")
    assert Settings().effective_skills_dir == home / "skills"


# -- the data dir ------------------------------------------------------------------------------


@contextmanager
def immutable(*paths: Path) -> Iterator[None]:
    """`chattr +i`: what even root may not write (tests run as root here, where chmod does not
    bind); the attribute is taken off again whatever happens."""
    done: list[Path] = []
    try:
        for path in paths:
            if subprocess.run(["chattr", "+i", str(path)], capture_output=True).returncode:
                pytest.skip("chattr +i is not available on this filesystem")
            done.append(path)
        yield
    finally:
        for path in reversed(done):
            subprocess.run(["chattr", "-i", str(path)], capture_output=True, check=False)


def test_listing_commands_create_nothing(tmp_path: Path) -> None:
    for argv in (["lessons", "list"], ["stats"], ["reflections", "list"], ["export"]):
        result = seshat(*argv)
        no_traceback(result)
        assert result.exit_code == 0, (argv, result.stderr)
        assert "no database at" in result.stderr and str(tmp_path / "data") in result.stderr
    assert not (tmp_path / "data").exists()


def test_a_read_only_copy_can_be_listed(tmp_path: Path) -> None:
    assert seshat("db", "upgrade", env={"SESHAT_DATA_DIR": str(tmp_path / "live")}).exit_code == 0
    copy = tmp_path / "copy"
    copy.mkdir()
    (copy / "seshat.db").write_bytes((tmp_path / "live" / "seshat.db").read_bytes())
    with immutable(copy / "seshat.db", copy):
        for argv in (["lessons", "list"], ["review", "list"], ["stats"], ["skills", "list"]):
            result = seshat(*argv, env={"SESHAT_DATA_DIR": str(copy)})
            no_traceback(result)
            assert result.exit_code == 0, (argv, result.stderr)
            assert "readonly" not in result.stderr


def test_an_unwritable_data_dir_is_named_as_such(tmp_path: Path) -> None:
    data = tmp_path / "locked"
    data.mkdir()
    with immutable(data):
        result = seshat("db", "upgrade", env={"SESHAT_DATA_DIR": str(data)})
    no_traceback(result)
    assert result.exit_code == 2
    assert f"SESHAT_DATA_DIR {data}: this user may not write in it" in result.stderr
    assert "DATABASE_URL" not in result.stderr


def test_a_second_daemon_on_the_same_sqlite_data_dir_is_refused(tmp_path: Path) -> None:
    from bot.doubles.stack import LocalStack

    with LocalStack(tmp_path / "data") as stack:
        env = {
            "SESHAT_DATA_DIR": str(tmp_path / "data"),
            "SLACK_API_URL": stack.slack.api_url,
            "SLACK_BOT_TOKEN": stack.slack.bot_token,
            "SLACK_APP_TOKEN": stack.slack.app_token,
            "SLACK_OWNER_IDS": stack.owner,
            "CHAT_PROVIDER": "offline",
            "REFLECTION_PROVIDER": "heuristic",
        }
        result = seshat("run", env=env)
        no_traceback(result)
        assert result.exit_code == 2, result.stderr
        err = " ".join(result.stderr.split())
        assert "is in use by another `seshat run`" in err and f"pid {os.getpid()}" in err
    # Once the first has stopped, the lock is free again.
    from store.filelock import DataDirLock

    DataDirLock(tmp_path / "data" / "seshat.lock").acquire("the data dir").release()


# -- the chat spend cap ------------------------------------------------------------------------


def _reply(stack: object, user: str, text: str) -> str:
    slack = stack.slack  # type: ignore[attr-defined]
    msg = slack.user_dm(user, text)
    call = slack.wait_for_call(
        "chat.postMessage", lambda c: c.params.get("thread_ts") == msg["ts"], timeout=20
    )
    return str(call.params.get("text"))


def _owner_dms(stack: object) -> list[str]:
    slack = stack.slack  # type: ignore[attr-defined]
    channel = slack.dm_channel(stack.owner)  # type: ignore[attr-defined]
    return [str(m.get("text")) for m in slack.messages(channel) if m.get("bot_id")]


def test_chat_stops_at_the_users_daily_cap_and_says_so(tmp_path: Path) -> None:
    from bot.doubles.stack import LocalStack

    # Any reply costs more than a millionth of a dollar: the first goes through, then the cap.
    with LocalStack(
        tmp_path / "data", CHAT_USER_DAILY_CAP_USD=0.000001, CHAT_DAILY_CAP_USD=100
    ) as stack:
        stack.slack.add_user("U0ALICE", "alice")
        stack.slack.add_user("U0BOB", "bob")
        assert "You said" in _reply(stack, "U0ALICE", "first question")
        asked = len(stack.anthropic.requests)
        refused = _reply(stack, "U0ALICE", "second question")
        assert "daily share of the chat budget" in refused and "00:00 UTC" in refused
        assert len(stack.anthropic.requests) == asked, "no model call past the cap"
        _reply(stack, "U0ALICE", "third question")
        assert "You said" in _reply(stack, "U0BOB", "bob is not capped by alice")
        assert stack.bot.wait_idle(20)
        told = [t for t in _owner_dms(stack) if "CHAT_USER_DAILY_CAP_USD" in t]
        assert len(told) == 1 and "U0ALICE" in told[0], told
        data = str(tmp_path / "data")
        env = {"SESHAT_DATA_DIR": data, "CHAT_USER_DAILY_CAP_USD": "0.000001"}
        result = seshat("stats", env=env)
        assert result.exit_code == 0, result.stderr
        out = " ".join(result.output.split())
        assert "chat $" in out and "of $25.00" in out  # the default workspace cap
        assert "CHAT_DAILY_CAP_USD" in out and "REFLECTION_DAILY_CAP_USD" in out
        assert "chat by U0ALICE" in out and "CHAT_USER_DAILY_CAP_USD" in out


def test_chat_stops_at_the_workspace_daily_cap_and_tells_the_owner(tmp_path: Path) -> None:
    from bot.doubles.stack import LocalStack

    with LocalStack(tmp_path / "data", CHAT_DAILY_CAP_USD=0.000001) as stack:
        stack.slack.add_user("U0ALICE", "alice")
        stack.slack.add_user("U0BOB", "bob")
        assert "You said" in _reply(stack, "U0ALICE", "first question")
        refused = _reply(stack, "U0BOB", "a question from someone else")
        assert "this workspace's daily chat budget" in refused
        assert stack.bot.wait_idle(20)
        told = [t for t in _owner_dms(stack) if "CHAT_DAILY_CAP_USD" in t]
        assert len(told) == 1, told


# -- seshat doctor -----------------------------------------------------------------------------


def test_doctor_checks_everything_a_first_run_needs_one_line_each(
    slack: LocalSlackWorkspace, tmp_path: Path
) -> None:
    with LocalAnthropicAPI() as api:
        env = good_env(
            slack,
            ANTHROPIC_API_KEY=api.api_key,
            ANTHROPIC_BASE_URL=api.base_url,
            SESHAT_DATA_DIR=str(tmp_path / "data"),
        )
        ready = seshat("doctor", env=env)
        no_traceback(ready)
        assert ready.exit_code == 0, ready.output
        names = [line.split(":", 1)[0] for line in ready.output.splitlines() if line[:1] in "✓!✗"]
        assert names == [
            "✓ settings" if (tmp_path / ".env").exists() else "! settings",
            "✓ SLACK_BOT_TOKEN",
            "✓ SLACK_APP_TOKEN",
            "✓ SLACK_OWNER_IDS",
            "✓ Slack scopes",
            "✓ ANTHROPIC_API_KEY",
            "✓ SESHAT_DATA_DIR",
            "✓ SKILLS_DIR",
            "✓ DATABASE_URL",
        ], ready.output
        assert not (tmp_path / "data").exists(), "the doctor changes nothing"
        # Several things wrong at once: each is its own line with its fix, exit 1.
        slack.api.scopes = tuple(s for s in slack.api.scopes if s != "users:read")
        broken = {**env, "SLACK_OWNER_IDS": "@alice", "ANTHROPIC_API_KEY": "sk-ant-wrong"}
        result = seshat("doctor", env=broken)
        no_traceback(result)
        assert result.exit_code == 1
        out = result.output
        assert "✗ SLACK_OWNER_IDS: '@alice' is not a Slack member id" in out
        assert "✗ Slack scopes: the installed app lacks users:read" in out
        assert "manifest.yaml" in out
        assert "✗ ANTHROPIC_API_KEY: ANTHROPIC_API_KEY was refused" in out
        assert "3 problem(s)" in out


def test_the_scopes_the_doctor_expects_are_the_manifests() -> None:
    import yaml

    from bot.slack.scopes import BOT_SCOPES

    manifest = yaml.safe_load((ROOT / "manifest.yaml").read_text(encoding="utf-8"))
    assert sorted(manifest["oauth_config"]["scopes"]["bot"]) == sorted(BOT_SCOPES)


def test_an_unknown_checkin_id_exits_1_as_the_readme_says(tmp_path: Path) -> None:
    assert seshat("db", "upgrade").exit_code == 0
    result = seshat("checkins", "cancel", "deadbeef")
    no_traceback(result)
    assert result.exit_code == 1 and "no check-in 'deadbeef'" in result.stderr


# -- smaller things ------------------------------------------------------------------------------


def test_text_logs_keep_the_start_up_fields(capsys: pytest.CaptureFixture[str]) -> None:
    import logging

    from bot import logs

    root = logging.getLogger()
    before, level = root.handlers[:], root.level
    libraries = [logging.getLogger(n) for n in logs.OWN_LEVEL_LIBRARIES + logs.QUIET_LIBRARIES]
    levels = [library.level for library in libraries]
    try:
        logs.configure("INFO", "text")
        logging.getLogger("bot.daemon").info(
            "seshat started", extra={"mode": "socket", "bot_user": "U0BOT", "ts": "1.2"}
        )
    finally:
        root.handlers[:] = before
        root.setLevel(level)
        for library, was in zip(libraries, levels, strict=True):
            library.setLevel(was)
    line = capsys.readouterr().err.strip()
    assert "seshat started" in line and "mode=socket" in line and "bot_user=U0BOT" in line
    assert "slack_ts=1.2" in line


def test_help_shows_flags_without_a_value_and_redact_names_its_placeholders() -> None:
    listing = seshat("lessons", "list", "--help")
    assert "--json" in listing.output and "<bool>" not in listing.output
    redact = " ".join(seshat("redact", "--help").output.split())
    assert "AKIAIOSFODNN7EXAMPLE" in redact and "placeholders" in redact


def test_a_postgres_scheme_url_is_read_as_postgresql(monkeypatch: pytest.MonkeyPatch) -> None:
    from store.config import Settings

    monkeypatch.setenv("DATABASE_URL", "postgres://u:p@db:5432/seshat")
    assert Settings().effective_database_url == "postgresql://u:p@db:5432/seshat"


def test_an_explicit_python_too_old_is_refused_before_a_venv_is_made(tmp_path: Path) -> None:
    candidates = [Path("/root/.pyenv/versions/3.10.13/bin/python3.10"), Path("/usr/bin/python3.10")]
    python = next((p for p in candidates if p.exists()), None)
    if python is None:
        pytest.skip("no Python 3.10 on this machine")
    env = {k: v for k, v in os.environ.items() if not k.startswith(OWN)}
    env.update({"PYTHON": str(python), "SESHAT_VENV": str(tmp_path / "venv")})
    result = subprocess.run(
        ["bash", str(ROOT / "scripts" / "run"), "--help"],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert result.returncode == 1
    assert f"PYTHON={python} is Python 3.10; Seshat needs >= 3.11" in result.stderr
    assert not (tmp_path / "venv").exists()


# -- transcript retention ----------------------------------------------------------------------


def test_finished_transcripts_are_deleted_after_the_retention_days(tmp_path: Path) -> None:
    from sqlalchemy import select

    from bot.doubles.stack import LocalStack
    from store.clock import FakeClock
    from store.models import ChatSession, Message, SessionState

    clock = FakeClock()
    with LocalStack(tmp_path / "data", clock=clock, TRANSCRIPT_RETENTION_DAYS=1) as stack:
        stack.slack.add_user("U0ALICE", "alice")
        stack.slack.add_user("U0BOB", "bob")
        first = stack.slack.user_dm("U0ALICE", "the old quokkaphrase question")
        stack.slack.wait_for_call(
            "chat.postMessage", lambda c: c.params.get("thread_ts") == first["ts"], timeout=20
        )
        stack.slack.slash_command("U0ALICE", first["channel"], "/done")
        assert stack.bot.wait_idle(60)
        clock.advance(hours=25)
        later = _reply(stack, "U0BOB", "a session still open")
        assert later
        assert stack.bot.expire_transcripts() > 0
        assert stack.bot.expire_transcripts() == 0
        store = stack.bot.store
        assert store is not None
        with store.sessions() as db:
            by_state = {
                s.user_id: (
                    s.state,
                    len(db.scalars(select(Message.id).where(Message.session_id == s.id)).all()),
                )
                for s in db.scalars(select(ChatSession))
            }
    assert by_state["U0ALICE"] == (SessionState.REFLECTED, 0), by_state
    assert by_state["U0BOB"][0] == SessionState.OPEN and by_state["U0BOB"][1] >= 1
    for path in (tmp_path / "data").glob("seshat.db*"):
        assert b"quokkaphrase" not in path.read_bytes(), path
