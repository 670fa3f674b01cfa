"""Paths a new user, a person or an owner hits (walk14): each ends in one clear line naming the
fix, never a traceback or a silent success."""

from __future__ import annotations

import json
import socket
from collections.abc import Iterator
from pathlib import Path

import psycopg
import pytest
from sqlalchemy import select
from sqlalchemy.engine import make_url

from bot.doubles.stack import LocalStack
from bot.home.user import MEMORY_PAGE, MESSAGE_PAGE
from store.models import ReviewItem
from tests.bot.learning.test_e2e_forget import ALICE, OWNER, chat, plain_reflection, seed, start
from tests.conftest import PG_DSN
from tests.support.cli import one_error, seshat

# -- `reflect --transcript` of a chat export that is not Slack's ----------------------------------


def test_a_transcript_whose_messages_have_no_text_is_refused_naming_slacks_shape(
    tmp_path: Path,
) -> None:
    transcript = {
        "team": "T0TEAM",
        "channel": "C0CHAN",
        "user": "U0ALICE",
        "messages": [
            {"role": "user", "content": "Deploys fail when the VPN is down."},
            {"role": "assistant", "content": "Connect to the VPN first."},
        ],
    }
    result = seshat("reflect", "--transcript", "-", cwd=tmp_path, stdin=json.dumps(transcript))
    # Before: exit 0, "reflection … ok" on a session where nobody had said anything.
    one_error(
        result,
        1,
        'message 0 has no "text" (its keys: content, role)',
        '{"user": "U0123ABCD", "text": "…"}',
    )
    assert not (tmp_path / "data" / "seshat.db").exists()
    # A Slack file share (files, no text) is still a message.
    transcript["messages"] = [{"user": "U0ALICE", "files": [{"name": "notes.txt"}]}]
    shared = seshat("reflect", "--transcript", "-", cwd=tmp_path, stdin=json.dumps(transcript))
    assert shared.returncode == 0, shared.stderr


# -- HTTP mode's settings as people write them -----------------------------------------------------

HTTP = {
    "SLACK_BOT_TOKEN": "xoxb-1-2-abc",
    "SLACK_SIGNING_SECRET": "8f742231b10e8888abcd99yyyzzz85a5",
    "SLACK_MODE": "http",
    "SLACK_OWNER_IDS": "U0123ABCD",
}


@pytest.mark.parametrize(
    ("host", "parts"),
    [
        ("localhost:3000", ["holds a port", "SESHAT_HTTP_HOST=localhost", "SESHAT_HTTP_PORT=3000"]),
        # An IPv6 address with its port, as a URL writes it (before: "not an address of this host").
        ("[::1]:3000", ["holds a port", "SESHAT_HTTP_HOST=::1", "SESHAT_HTTP_PORT=3000"]),
        (
            "https://bot.example.com/slack/events",
            ["is a URL", "0.0.0.0: every interface", "goes in the app's Request URLs"],
        ),
    ],
)
def test_a_listen_address_written_as_a_url_or_with_its_port_says_where_each_goes(
    tmp_path: Path, host: str, parts: list[str]
) -> None:
    result = seshat("check-config", cwd=tmp_path, env={**HTTP, "SESHAT_HTTP_HOST": host})
    # Before: "Slack settings look complete for http mode."; then `seshat run` said the host
    # "is not an address of this host", which does not say the port is the trouble.
    one_error(result, 2, "SESHAT_HTTP_HOST", *parts)


def test_empty_http_settings_are_the_defaults_and_the_mode_is_read_as_typed(
    tmp_path: Path,
) -> None:
    from store.config import Settings

    dotenv = tmp_path / ".env"
    dotenv.write_text("SLACK_MODE= HTTP\nSESHAT_HTTP_HOST=\nSESHAT_HTTP_PORT=\n")
    settings = Settings(_env_file=str(dotenv))  # type: ignore[call-arg]
    # Before: an empty host passed every check, then waitress stopped `seshat run` with a
    # traceback ("Invalid host/port specified"); an empty port and "HTTP" were refused.
    assert (settings.slack_mode, settings.http_host, settings.http_port) == (
        "http",
        "0.0.0.0",
        3000,
    )
    # An IPv6 address in brackets, as URLs write it, is the address inside them.
    dotenv.write_text("SESHAT_HTTP_HOST=[::1]\n")
    assert Settings(_env_file=str(dotenv)).http_host == "::1"  # type: ignore[call-arg]


def test_a_token_pasted_as_the_signing_secret_is_named(tmp_path: Path) -> None:
    env = {**HTTP, "SLACK_SIGNING_SECRET": "xoxb-1-2-abc"}
    result = seshat("check-config", cwd=tmp_path, env=env)
    # Before: "Slack settings look complete", then every request from Slack refused (401).
    line = one_error(
        result, 1, "SLACK_SIGNING_SECRET holds a xoxb- token, not the signing secret", "Show"
    )
    assert "1-2-abc" not in line


# -- DATABASE_URL: PostgreSQL as people write it -----------------------------------------------


def test_a_password_holding_an_at_sign_is_named_and_none_of_it_printed(tmp_path: Path) -> None:
    url = "postgresql://seshat:hunter@2leaky@127.0.0.1:5432/seshat"
    for argv in (["lessons", "list"], ["db", "upgrade"], ["doctor", "--offline"]):
        result = seshat(*argv, cwd=tmp_path, env={"DATABASE_URL": url})
        # Before: "DATABASE_URL postgresql://seshat:***@2leaky@127.0.0.1/…: failed to resolve
        # host '2leaky@127.0.0.1'": a part of the password, twice, and no fix.
        assert "2leaky" not in result.stdout + result.stderr, argv
        said = result.stdout + result.stderr
        assert "postgresql://seshat:***@127.0.0.1:5432/seshat" in said, said
        assert "percent-encode those characters in DATABASE_URL (@ as %40" in said, said
    one_error(seshat("lessons", "list", cwd=tmp_path, env={"DATABASE_URL": url}), 2)


def test_a_postgresql_port_where_nothing_listens_says_so(tmp_path: Path) -> None:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    url = f"postgresql://postgres@127.0.0.1:{port}/seshat"
    result = seshat("lessons", "list", cwd=tmp_path, env={"DATABASE_URL": url})
    # Before: "… failed: Connection refused", and nothing about what to do.
    one_error(result, 2, f"nothing listens on port {port} there: start PostgreSQL")


@pytest.fixture
def pg_server() -> Iterator[str]:
    try:
        psycopg.connect(PG_DSN, connect_timeout=2).close()
    except psycopg.Error as exc:
        pytest.skip(f"no PostgreSQL server answers at {PG_DSN} ({exc.__class__.__name__})")
    yield PG_DSN


def test_a_postgresql_database_or_role_that_does_not_exist_names_the_statement(
    tmp_path: Path, pg_server: str
) -> None:
    missing_db = make_url(pg_server).set(database="walk14_nosuchdb").render_as_string(False)
    result = seshat("lessons", "list", cwd=tmp_path, env={"DATABASE_URL": missing_db})
    one_error(result, 2, "create it with CREATE DATABASE walk14_nosuchdb")
    missing_role = make_url(pg_server).set(username="walk14_nobody").render_as_string(False)
    result = seshat("lessons", "list", cwd=tmp_path, env={"DATABASE_URL": missing_role})
    one_error(result, 2, "or create it with CREATE ROLE walk14_nobody LOGIN")


# -- a person's /seshat ----------------------------------------------------------------------------


@pytest.fixture
def people(tmp_path: Path) -> Iterator[LocalStack]:
    """The daemon on the local Slack workspace, with Alice's and Bob's sessions reflected."""
    stack = start(tmp_path / "data")
    try:
        seed(stack)
        yield stack
    finally:
        stack.stop()


def test_forget_all_everything_or_me_asks_to_forget_everything(people: LocalStack) -> None:
    dm = people.slack.dm_channel(ALICE)
    everything = people.slack.slash_command(ALICE, dm, "/seshat", "forget")
    assert everything is not None and "Forget everything" in everything["text"]
    for typed in ("forget all", "forget everything", "Forget everything about me!", "forget me"):
        # Before: "`all` is not something I keep about you, so there is nothing to forget".
        assert people.slack.slash_command(ALICE, dm, "/seshat", typed) == everything, typed


def test_forget_with_a_tab_or_several_ids_is_read_as_meant(people: LocalStack) -> None:
    dm = people.slack.dm_channel(ALICE)
    one = people.slack.slash_command(ALICE, dm, "/seshat", "forget fact:1")
    assert one is not None and "Forget `fact:1`?" in one["text"], one
    # Before: the help, as if `forget\tfact:1` were an unknown word.
    for typed in ("forget\tfact:1", "forget\nfact:1", "\u200bforget fact:1"):
        assert people.slack.slash_command(ALICE, dm, "/seshat", typed) == one, repr(typed)
    # Before: "`fact:1 fact:2` is not something I keep about you", though fact:1 was.
    several = people.slack.slash_command(ALICE, dm, "/seshat", "forget fact:1, fact:2")
    assert several is not None and "blocks" not in several, several
    assert several["text"].startswith("One item at a time: `/seshat forget fact:1`")


def test_a_long_memory_in_a_message_says_the_rest_are_in_the_home_tab(
    people: LocalStack,
) -> None:
    chat(
        people,
        ALICE,
        "Note these.",
        plain_reflection([f"Alice's fact {i}." for i in range(30)], {}),
    )
    dm = people.slack.dm_channel(ALICE)
    answer = people.slack.slash_command(ALICE, dm, "/seshat", "memory")
    assert answer is not None
    total = int(answer["text"].split(": ")[1].split(" ")[0])
    assert total > MESSAGE_PAGE, answer["text"]
    # Before: a "More" button, whose click paged the Home tab and left this message as it was.
    pager = [
        e
        for b in answer["blocks"]
        if b["type"] == "actions"
        for e in b["elements"]
        if e.get("action_id") == MEMORY_PAGE
    ]
    assert pager == []
    last = answer["blocks"][-1]["text"]["text"]
    assert f"…and {total - MESSAGE_PAGE} more: all of them are in my *Home* tab" in last


def test_a_reaction_a_card_does_not_take_names_the_ones_it_does(people: LocalStack) -> None:
    store = people.bot.store
    assert store is not None
    with store.sessions() as db:
        lesson = db.scalars(select(ReviewItem).where(ReviewItem.kind == "lesson")).one()
    mark = people.slack.mark()
    people.slack.user_reacts(OWNER, str(lesson.card_channel), str(lesson.card_ts), "brain")
    told = people.slack.wait_for_call(
        "chat.postEphemeral", lambda c: c.params.get("user") == OWNER, timeout=15, after=mark
    )
    # Before: "`save` is not one of: approve, reject." (the choice's inner name, no emoji).
    assert told.params["text"] == (
        ":brain: does not decide a lesson card; react :white_check_mark: to approve or :x: to "
        "reject."
    )
    with store.sessions() as db:
        assert db.get(ReviewItem, lesson.id).status == "pending"  # type: ignore[union-attr]


# -- `lessons edit 1 notes.txt` where notes.txt is not here (walk13's leftover) ------------------


def test_an_edit_whose_text_is_a_missing_files_name_says_how_to_read_a_file(
    tmp_path: Path,
) -> None:
    assert seshat("db", "upgrade", cwd=tmp_path).returncode == 0
    for group in ("lessons", "notes"):
        result = seshat(group, "edit", "1", "notes.txt", cwd=tmp_path)
        # Before: the lesson's text became the word "notes.txt" (when lesson 1 existed).
        one_error(
            result,
            2,
            "'notes.txt' looks like a file's name, but there is no such file here",
            f"seshat {group} edit 1 - < PATH",
        )
    # A word with no file's ending is text, as before: the answer is about the missing lesson.
    one_error(seshat("lessons", "edit", "1", "deploy.sh", cwd=tmp_path), 1, "no lesson 1")


# -- doctor in HTTP mode (walk13's leftover) ----------------------------------------------------


def test_doctor_in_http_mode_checks_the_address_and_port_run_will_listen_on(
    tmp_path: Path,
) -> None:
    env = {**HTTP, "SESHAT_HTTP_HOST": "127.0.0.1"}
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        held = seshat(
            "doctor", "--offline", cwd=tmp_path, env={**env, "SESHAT_HTTP_PORT": str(port)}
        )
        # Before: no line about it; `seshat run` was the first to say the port was taken. A
        # `!`, not a `✗`: the program holding it may be this Seshat's own `seshat run`.
        assert held.returncode == 0, held.stdout + held.stderr
        assert (
            "! SESHAT_HTTP_PORT: the port is in use by another program" in held.stdout
            and "expected if it is this Seshat's `seshat run`" in held.stdout
        ), held.stdout
    free = seshat("doctor", "--offline", cwd=tmp_path, env={**env, "SESHAT_HTTP_PORT": str(port)})
    assert f"✓ SESHAT_HTTP_PORT: 127.0.0.1:{port} is free to listen on" in free.stdout
    elsewhere = seshat(
        "doctor", "--offline", cwd=tmp_path, env={**env, "SESHAT_HTTP_HOST": "nohost.invalid"}
    )
    assert elsewhere.returncode == 1
    assert "✗ SESHAT_HTTP_HOST: nohost.invalid is not an address of this host" in elsewhere.stdout
    token = seshat(
        "doctor", "--offline", cwd=tmp_path, env={**env, "SLACK_SIGNING_SECRET": "xoxp-1-2"}
    )
    assert "✗ SLACK_SIGNING_SECRET: holds a xoxp- token, not the signing secret" in token.stdout
    # Socket mode listens on nothing: no line.
    socket_mode = seshat("doctor", "--offline", cwd=tmp_path, env={"SLACK_MODE": "socket"})
    assert "SESHAT_HTTP" not in socket_mode.stdout


# -- a .env line without `=` --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("line", "shown"),
    [
        ("SLACK_BOT_TOKEN xoxb-1-2-leakysecret", "'SLACK_BOT_TOKEN …'"),
        ("SLACK_BOT_TOKEN: xoxb-1-2-leakysecret", "'SLACK_BOT_TOKEN …'"),
        ("export SLACK_BOT_TOKEN xoxb-1-2-leakysecret", "'export SLACK_BOT_TOKEN …'"),
    ],
)
def test_a_settings_line_without_an_equals_sign_shows_its_name_and_none_of_its_value(
    tmp_path: Path, line: str, shown: str
) -> None:
    (tmp_path / "bad.env").write_text(f"SLACK_MODE=socket\n{line}\n")
    result = seshat("--env-file", "bad.env", "check-config", cwd=tmp_path)
    # Before: "cannot be read ('SLACK_BOT_TOKEN xoxb-1-2-leakysec')": the first 40 characters
    # of the line, the token's among them, on the terminal and in the service's journal.
    said = one_error(
        result, 2, f"bad.env, line 2: cannot be read ({shown})", "(write SLACK_BOT_TOKEN=value)"
    )
    assert "leaky" not in said and "xoxb" not in said


# -- `bash scripts/run --env-file PATH` ---------------------------------------------------------


def test_scripts_run_reads_the_settings_file_it_is_given(tmp_path: Path) -> None:
    from tests.bot.test_first_run import run_script

    other = tmp_path / "prod.env"
    other.write_text(
        "SLACK_BOT_TOKEN=xoxb-1-2-abc\nSLACK_APP_TOKEN=xoxb-1-2-abc\nSLACK_OWNER_IDS=U0OWNER\n"
    )
    result = run_script(tmp_path, "# nothing set here\n", "--env-file", str(other))
    # Before: the check read the other file (no token: the demo's branch), then `seshat demo`
    # refused the option ("No such option: --env-file").
    assert result.returncode == 1, result.stdout + result.stderr
    assert "SLACK_APP_TOKEN holds a xoxb- token" in result.stderr, result.stderr
    assert "demo" not in result.stdout.lower()
    missing = run_script(tmp_path, "# nothing set here\n", f"--env-file={tmp_path / 'nope.env'}")
    assert missing.returncode == 2 and "nope.env: no such file" in missing.stderr, missing.stderr
