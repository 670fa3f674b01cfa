"""Paths a new user, a person or an owner hits (walk13): each ends in one clear line naming the
fix, never a traceback, and changes nothing it should not."""

from __future__ import annotations

import json
import re
import socket
import time
import uuid
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import psycopg
import pytest

from bot.doubles.slack_workspace import LocalSlackWorkspace
from bot.doubles.stack import LocalStack
from bot.home.user import FORGET_ALL
from bot.learning.notices import UNDO_ACTION
from store.clock import FakeClock
from store.config import Settings
from tests.bot.commands.learned.test_library_cli import _world
from tests.bot.learning.test_e2e_forget import ALICE, BOB, seed, start
from tests.conftest import PG_DSN
from tests.support.cli import one_error, seshat
from tests.support.writers import OTHER

# -- a read-only SQLite URL used for writing ----------------------------------------------------


@pytest.mark.parametrize("flags", ["mode=ro", "immutable=1"])
def test_a_read_only_url_used_for_writing_names_the_flag_to_drop(
    tmp_path: Path, flags: str
) -> None:
    assert seshat("db", "upgrade", cwd=tmp_path).returncode == 0
    database = tmp_path / "data" / "seshat.db"
    url = f"sqlite:///file:{database}?{flags}&uri=true"
    before = database.read_bytes()
    result = seshat("lessons", "archive", "1", cwd=tmp_path, env={"DATABASE_URL": url})
    # Before: "DATABASE_URL sqlite:///file%3A/…: attempt to write a readonly database".
    one_error(
        result,
        2,
        f"DATABASE_URL {url}:",
        f"the URL opens it read-only with {flags}: drop that from DATABASE_URL",
    )
    assert database.read_bytes() == before


# -- `lessons edit 1 in/bin`: a file's name given as the text ----------------------------------


def test_an_edit_whose_text_is_a_files_name_says_how_to_read_the_file(tmp_path: Path) -> None:
    assert seshat("db", "upgrade", cwd=tmp_path).returncode == 0
    (tmp_path / "in").mkdir()
    (tmp_path / "in" / "bin").write_text("When a deploy fails → check the VPN first\n")
    result = seshat("lessons", "edit", "1", "in/bin", cwd=tmp_path)
    # Before: the lesson's text became the two words "in/bin" (when lesson 1 existed).
    one_error(result, 2, "'in/bin' is the name of a file here", "seshat lessons edit 1 - < in/bin")
    folder = seshat("memory", "edit", "1", "in", cwd=tmp_path)
    one_error(folder, 2, "'in' is the name of a folder here", "write more than a file name")
    # Words that name no file are text, as before: the answer is about the missing lesson.
    words = seshat("lessons", "edit", "1", "out/bin", cwd=tmp_path)
    one_error(words, 1, "no lesson 1")


# -- PostgreSQL: a schema holding another application's tables ----------------------------------


@pytest.fixture
def pg_schema() -> Iterator[tuple[str, str]]:
    """A fresh PostgreSQL schema (its name, and a URL whose search_path is it), dropped after."""
    try:
        psycopg.connect(PG_DSN, connect_timeout=2).close()
    except psycopg.Error as exc:
        pytest.skip(f"no PostgreSQL server answers at {PG_DSN} ({exc.__class__.__name__})")
    schema = f"w13_{uuid.uuid4().hex[:10]}"
    with psycopg.connect(PG_DSN, autocommit=True) as conn:
        conn.execute(f'CREATE SCHEMA "{schema}"')
    sep = "&" if "?" in PG_DSN else "?"
    yield schema, f"{PG_DSN}{sep}options=-csearch_path%3D{schema}"
    with psycopg.connect(PG_DSN, autocommit=True) as conn:
        conn.execute(f'DROP SCHEMA IF EXISTS "{schema}" CASCADE')


def _tables(schema: str) -> list[str]:
    with psycopg.connect(PG_DSN) as conn:
        rows = conn.execute(
            "SELECT table_name FROM information_schema.tables WHERE table_schema = %s "
            "ORDER BY table_name",
            (schema,),
        ).fetchall()
    return [str(name) for (name,) in rows]


@pytest.mark.parametrize(
    "argv", [["lessons", "list"], ["db", "upgrade"], ["lessons", "approve", "1"]]
)
def test_another_applications_postgresql_schema_gets_no_tables(
    tmp_path: Path, pg_schema: tuple[str, str], argv: list[str]
) -> None:
    schema, url = pg_schema
    with psycopg.connect(PG_DSN, autocommit=True) as conn:
        conn.execute(f'CREATE TABLE "{schema}".users (id int)')
        # Another application's Alembic: before, read as Seshat's ("a newer Seshat wrote it").
        conn.execute(f'CREATE TABLE "{schema}".alembic_version (version_num varchar(32))')
        conn.execute(f"INSERT INTO \"{schema}\".alembic_version VALUES ('3f2a9c1b7d00')")
    result = seshat(*argv, cwd=tmp_path, env={"DATABASE_URL": url})
    # Before: `lessons list` and `db upgrade` said a newer Seshat wrote it; without the
    # alembic_version, every command added Seshat's tables to the schema.
    one_error(
        result,
        2,
        f"DATABASE_URL {url}: schema {schema} holds another application's tables (users)",
        "give Seshat a schema of its own",
        "nothing was changed",
    )
    assert "DATABASE_URL DATABASE_URL" not in result.stderr
    assert _tables(schema) == ["alembic_version", "users"]
    doctor = seshat("doctor", "--offline", cwd=tmp_path, env={"DATABASE_URL": url})
    assert f"✗ DATABASE_URL: {url}: schema {schema} holds" in doctor.stdout, doctor.stdout


def test_a_postgresql_schema_of_seshats_own_or_empty_is_still_taken(
    tmp_path: Path, pg_schema: tuple[str, str]
) -> None:
    schema, url = pg_schema
    assert seshat("db", "upgrade", cwd=tmp_path, env={"DATABASE_URL": url}).returncode == 0
    with psycopg.connect(PG_DSN, autocommit=True) as conn:
        conn.execute(f'CREATE TABLE "{schema}".our_own_report (id int)')  # an owner's extra
    listed = seshat("lessons", "list", cwd=tmp_path, env={"DATABASE_URL": url})
    assert listed.returncode == 0 and "no lessons" in listed.stderr + listed.stdout


def test_a_search_path_schema_that_does_not_exist_is_named(
    tmp_path: Path, pg_schema: tuple[str, str]
) -> None:
    _schema, url = pg_schema
    missing = url.rsplit("%3D", 1)[0] + "%3Dno_such_schema_w13"
    result = seshat("db", "upgrade", cwd=tmp_path, env={"DATABASE_URL": missing})
    # Before: "no schema has been selected to create in".
    one_error(result, 2, "no schema of its search_path (no_such_schema_w13) exists")
    assert "CREATE SCHEMA no_such_schema_w13" in result.stderr


# -- a person (not an owner): what is kept about me, forget one item, undo ------------------------


@pytest.fixture
def people(tmp_path: Path) -> Iterator[LocalStack]:
    """The daemon on the local Slack workspace, with Alice's and Bob's sessions reflected."""
    stack = start(tmp_path / "data")
    try:
        seed(stack)
        yield stack
    finally:
        stack.stop()


def _refs(answer: object) -> list[str]:
    return re.findall(r"`((?:fact|note|session):[^`]+)`", json.dumps(answer))


def test_a_persons_memory_shows_the_ids_forget_takes_and_a_wrong_one_is_named(
    people: LocalStack,
) -> None:
    dm = people.slack.dm_channel(ALICE)
    # Before: help said "ids are in /seshat memory", and the memory showed none.
    mine = _refs(people.slack.slash_command(ALICE, dm, "/seshat", "memory"))
    assert any(ref.startswith("fact:") for ref in mine), mine
    theirs = _refs(
        people.slack.slash_command(BOB, people.slack.dm_channel(BOB), "/seshat", "memory")
    )
    fact = next(ref for ref in mine if ref.startswith("fact:"))
    # As typed: another case, in backticks. The confirmation shows what would be forgotten.
    for typed in (fact.upper(), f"`{fact}`"):
        confirm = people.slack.slash_command(ALICE, dm, "/seshat", f"forget {typed}")
        assert confirm is not None and f"Forget `{fact}`?" in confirm["text"], confirm
        [button] = [e for b in confirm["blocks"] if b["type"] == "actions" for e in b["elements"]]
        assert button["value"] == fact
    # Before: a Forget button for any text, and only its click said "not something I keep".
    for wrong in ("bogus", theirs[0]):
        answer = people.slack.slash_command(ALICE, dm, "/seshat", f"forget {wrong}")
        assert answer is not None and "blocks" not in answer, answer
        assert f"`{wrong}` is not something I keep about you" in answer["text"]
        assert "`/seshat memory` lists what I keep" in answer["text"]


def _undo(stack: LocalStack, user: str, channel: str, ts: str) -> str:
    mark = stack.slack.mark()
    stack.slack.click_button(user, channel, ts, UNDO_ACTION)
    told = stack.slack.wait_for_call(
        "chat.postEphemeral", lambda c: c.params.get("user") == user, timeout=15, after=mark
    )
    return str(told.params.get("text"))


def test_a_persons_second_undo_and_an_undo_after_forget_say_what_happened(
    people: LocalStack,
) -> None:
    dm = people.slack.dm_channel(ALICE)
    [notice] = [
        c
        for c in people.slack.calls
        if c.method == "chat.postMessage"
        and c.params.get("channel") == dm
        and UNDO_ACTION in json.dumps(c.params)
    ]
    ts = str(notice.response["ts"])
    assert _undo(people, ALICE, dm, ts).startswith("Undone what concerned only you:")
    # Before: "Nothing from this session concerns only you".
    assert _undo(people, ALICE, dm, ts).startswith("What concerned only you was undone already")
    confirm = people.slack.slash_command(ALICE, dm, "/seshat", "forget")
    assert confirm is not None
    mark = people.slack.mark()
    people.slack.click_ephemeral_button(ALICE, dm, confirm["blocks"], FORGET_ALL)
    people.slack.wait_for_call(
        "chat.postEphemeral", lambda c: c.params.get("user") == ALICE, timeout=15, after=mark
    )
    # Before: "Only an owner can undo what Seshat learned", to the person it was about.
    assert _undo(people, ALICE, dm, ts).startswith("There is nothing left to undo")


# -- import: what a file's tombstones would delete, said once ------------------------------------


def _counts_of_newer_over_older(
    tmp_path: Path, env: dict[str, str], older: Path, newer: Path
) -> tuple[str, str]:
    """Import `older` into a new library, then `newer`: what its dry run says the tombstones
    would delete, and what the import's forget deletes (also a dry run)."""
    here = {**env, "DATABASE_URL": f"sqlite:///{tmp_path / 'c' / 'seshat.db'}"}
    (tmp_path / "c").mkdir()
    assert seshat("import", str(older), cwd=tmp_path, env=here).returncode == 0
    listed = seshat("import", str(newer), "--dry-run", cwd=tmp_path, env=here).stdout
    tried = seshat("import", str(newer), "--forget", OTHER, "--dry-run", cwd=tmp_path, env=here)
    would = re.search(r"would delete (\d+) thing", listed)
    deleted = re.search(r"\((\d+) thing\(s\) deleted", tried.stdout)
    assert would and deleted, (listed, tried.stdout)
    return would.group(1), deleted.group(1)


def test_an_imports_tombstones_count_what_the_forget_deletes(tmp_path: Path) -> None:
    clock = FakeClock(datetime.now(UTC) - timedelta(days=30))
    _lib, env = _world(tmp_path / "a", clock)
    older, newer = tmp_path / "older.json", tmp_path / "newer.json"
    for argv in (["export", str(older)], ["forget", "--user", OTHER], ["export", str(newer)]):
        assert seshat(*argv, cwd=tmp_path, env=env).returncode == 0
    would, deleted = _counts_of_newer_over_older(tmp_path, env, older, newer)
    # Before: the person's whole forget, then each of their sessions and items again (in the
    # demo's data: "would delete 15", where the import deletes 7).
    assert would == deleted


# -- export over a file that is not an export ----------------------------------------------------


def test_export_does_not_overwrite_a_file_that_is_not_an_export(tmp_path: Path) -> None:
    assert seshat("db", "upgrade", cwd=tmp_path).returncode == 0
    settings = tmp_path / ".env.local"
    settings.write_text("SLACK_BOT_TOKEN=xoxb-keep-me\n")
    # Before: replaced by the library, exit 0.
    one_error(
        seshat("export", str(settings), cwd=tmp_path),
        1,
        "holds something other than a Seshat export, so it is not overwritten",
    )
    assert settings.read_text() == "SLACK_BOT_TOKEN=xoxb-keep-me\n"
    # An earlier export, or an empty file, is replaced as before.
    library = tmp_path / "library.json"
    library.write_text("")
    for _ in range(2):
        result = seshat("export", str(library), cwd=tmp_path)
        assert result.returncode == 0, result.stderr
        assert json.loads(library.read_text())["format"] == "seshat-export"


# -- ids pasted from Slack ------------------------------------------------------------------------


def test_ids_pasted_from_slack_are_read_as_the_ids_they_name(tmp_path: Path) -> None:
    _lib, env = _world(tmp_path / "a", FakeClock(datetime.now(UTC) - timedelta(days=3)))

    def context(user: str, channel: str) -> tuple[object, str]:
        result = seshat(
            "context", "--user", user, "--channel", channel, "--json", cwd=tmp_path, env=env
        )
        assert result.returncode == 0, result.stderr
        return json.loads(result.stdout)["item_ids"], result.stderr

    plain, said = context(OTHER, "CENG0001")
    assert plain and said == "", (plain, said)
    # Before: a warning ("not a Slack user id"), then the context of nobody.
    for user, channel in ((f"<@{OTHER}|bob>", "<#CENG0001|eng>"), (OTHER.lower(), "ceng0001")):
        assert context(user, channel) == (plain, ""), (user, channel)
    # Before: "nothing is kept about <@U…>: check the Slack user id".
    counted = seshat("forget", "--user", f"<@{OTHER}>", "--dry-run", cwd=tmp_path, env=env)
    assert counted.returncode == 0 and f"Would delete for {OTHER}" in counted.stdout, counted


# -- HTTP mode: a port another program holds ------------------------------------------------------


@pytest.fixture
def workspace() -> Iterator[LocalSlackWorkspace]:
    with LocalSlackWorkspace() as slack:
        slack.add_user("U0OWNER", "owner")
        yield slack


def _http_env(slack: LocalSlackWorkspace, port: int, **extra: str) -> dict[str, str]:
    return {
        "SLACK_API_URL": slack.api_url,
        "SLACK_BOT_TOKEN": slack.bot_token,
        "SLACK_SIGNING_SECRET": "s3cret-signing",
        "SLACK_MODE": "http",
        "SLACK_OWNER_IDS": "U0OWNER",
        "SESHAT_HTTP_HOST": "127.0.0.1",
        "SESHAT_HTTP_PORT": str(port),
        **extra,
    }


def test_http_mode_on_a_port_in_use_or_a_host_not_here_says_which_setting(
    tmp_path: Path, workspace: LocalSlackWorkspace
) -> None:
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        result = seshat("run", cwd=tmp_path, env=_http_env(workspace, port), timeout=90)
        # Before: a page of start-up logs, then a traceback ending in "Address already in use".
        one_error(result, 2, f"SESHAT_HTTP_PORT {port}: the port is in use by another program")
        assert "set SESHAT_HTTP_PORT to a free port" in result.stderr
    host = seshat(
        "run",
        cwd=tmp_path,
        env=_http_env(workspace, port, SESHAT_HTTP_HOST="nohost.invalid"),
        timeout=90,
    )
    # Before: a traceback ending in waitress's "ValueError: Invalid host/port specified."
    one_error(
        host, 2, "nohost.invalid is not an address of this host", "SESHAT_HTTP_HOST to 0.0.0.0"
    )


# -- a secret pasted with a space or a newline ----------------------------------------------------


def test_a_secret_pasted_with_a_trailing_newline_is_read_without_it(tmp_path: Path) -> None:
    from slack_sdk.signature import SignatureVerifier

    dotenv = tmp_path / ".env"
    # CRLF endings, a BOM, quotes, and a `\n` inside double quotes (python-dotenv makes it a
    # newline): what a token copied from a password manager into Windows Notepad looks like.
    dotenv.write_bytes(
        b"\xef\xbb\xbfSLACK_BOT_TOKEN='xoxb-1-2-abc '\r\n"
        b'SLACK_SIGNING_SECRET="s3cret\\n"\r\nANTHROPIC_API_KEY=" sk-ant-x "\r\n'
    )
    settings = Settings(_env_file=str(dotenv))  # type: ignore[call-arg]
    assert settings.secret("SLACK_BOT_TOKEN") == "xoxb-1-2-abc"
    assert settings.secret("ANTHROPIC_API_KEY") == "sk-ant-x"
    # Before: "s3cret\n", and every request Slack signed with "s3cret" was refused (401).
    secret = settings.secret("SLACK_SIGNING_SECRET")
    assert secret == "s3cret"
    body, stamp = "token=x&command=%2Fdone", str(int(time.time()))
    signature = SignatureVerifier("s3cret").generate_signature(timestamp=stamp, body=body)
    assert SignatureVerifier(secret).is_valid(body=body, timestamp=stamp, signature=signature)


# -- a Ctrl-C while a command imports the SDK ----------------------------------------------------


def test_a_ctrl_c_wrapped_by_a_class_being_built_counts_as_a_ctrl_c() -> None:
    from bot.entry import interrupted

    class Pressed:
        def __set_name__(self, owner: type, name: str) -> None:
            raise KeyboardInterrupt  # where SIGINT landed: inside a class body being built

    try:
        type("Client", (), {"issuers": Pressed()})
    except BaseException as exc:  # which kind it arrives as is the point
        caught: BaseException = exc
    # Python 3.11 hands it over as "RuntimeError: Error calling __set_name__ …"; before, the
    # entry point let that through and `seshat demo` printed a traceback (exit 1, not 130).
    assert interrupted(caught)
    assert not interrupted(RuntimeError("a real bug"))


@pytest.mark.skipif(not Path("/sys/kernel").is_dir(), reason="needs Linux's sysfs")
def test_export_into_a_folder_nobody_may_write_names_the_fix(tmp_path: Path) -> None:
    assert seshat("db", "upgrade", cwd=tmp_path).returncode == 0
    # sysfs refuses a new file even to root, where a chmod'ed folder would not.
    one_error(
        seshat("export", "/sys/library.json", cwd=tmp_path),
        1,
        "/sys/library.json: cannot be written (Permission denied)",
        "name a file in a folder this user may write",
    )


def test_tombstones_for_a_session_and_an_item_in_it_count_the_item_once(tmp_path: Path) -> None:
    """Walk 14: a person forgot one fact, then the session it came from (not all of them).
    An import's dry run counts what the import's forget deletes: the fact once."""
    from sqlalchemy import select

    from store.db import Store
    from store.models import MemoryEntry

    clock = FakeClock(datetime.now(UTC) - timedelta(days=30))
    lib, env = _world(tmp_path / "a", clock)
    store = Store.open(env["DATABASE_URL"])
    try:
        with store.sessions.begin() as db:
            session = db.scalars(
                select(MemoryEntry.session_id).where(MemoryEntry.id == lib.fact)
            ).one()
    finally:
        store.close()
    older, newer = tmp_path / "older.json", tmp_path / "newer.json"
    for argv in (
        ["export", str(older)],
        ["forget", "--user", OTHER, "--item", f"fact:{lib.fact}"],
        ["forget", "--user", OTHER, "--item", f"session:{session}"],
        ["export", str(newer)],
    ):
        assert seshat(*argv, cwd=tmp_path, env=env).returncode == 0, argv
    would, deleted = _counts_of_newer_over_older(tmp_path, env, older, newer)
    # Before: 2 (a dry run, before the merge, found no person for the session, which held a
    # lesson's provenance); counting the session's would have counted the fact twice.
    assert would == deleted
