"""Paths a new user or a careless operator hits (cli-walk10): each ends in one clear line (or
works), never a traceback, and changes nothing it should not."""

from __future__ import annotations

import json
import os
import shutil
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest
import typer

from tests.support.cli import REPO_ROOT, STRIPPED, one_error, seshat

WRITES_ON_AN_ID = (
    ["lessons", "approve", "1"],
    ["review", "approve", "5"],
    ["facts", "archive", "3"],
    ["notes", "edit", "abc", "new text"],
    ["skills", "retire", "some-skill"],
    ["checkins", "cancel", "3"],
    ["forget", "--user", "U0NOBODY1"],
    ["rollback", "--author", "U0NOBODY1"],
    ["reflection", "retry", "abc123"],
)


def test_a_write_on_an_id_without_a_database_says_so_and_makes_none(tmp_path: Path) -> None:
    data = tmp_path / "typo"
    for args in WRITES_ON_AN_ID:
        result = seshat(*args, cwd=tmp_path, env={"SESHAT_DATA_DIR": str(data)})
        one_error(result, 2, f"no database at {data / 'seshat.db'}", f"SESHAT_DATA_DIR={data}")
        assert not data.exists(), args
    elsewhere = tmp_path / "elsewhere.db"
    result = seshat(
        "lessons", "approve", "1", cwd=tmp_path, env={"DATABASE_URL": f"sqlite:///{elsewhere}"}
    )
    one_error(result, 2, f"no database at {elsewhere}", "DATABASE_URL")
    assert not elsewhere.exists()


def test_a_write_on_an_id_in_an_empty_postgres_database_creates_no_tables(
    pg_url: str, tmp_path: Path
) -> None:
    result = seshat("lessons", "approve", "1", cwd=tmp_path, env={"DATABASE_URL": pg_url})
    one_error(result, 2, "DATABASE_URL", "no Seshat database")
    # Still empty: a listing reads no revision, and a second refusal says the same.
    again = seshat("review", "approve", "1", cwd=tmp_path, env={"DATABASE_URL": pg_url})
    one_error(again, 2, "no Seshat database")


def test_import_and_db_upgrade_still_make_a_new_database(tmp_path: Path) -> None:
    source = tmp_path / "source"
    assert (
        seshat("db", "upgrade", cwd=tmp_path, env={"SESHAT_DATA_DIR": str(source)}).returncode == 0
    )
    exported = seshat("export", cwd=tmp_path, env={"SESHAT_DATA_DIR": str(source)})
    (tmp_path / "library.json").write_text(exported.stdout, encoding="utf-8")
    fresh = tmp_path / "fresh"
    result = seshat(
        "import", str(tmp_path / "library.json"), cwd=tmp_path, env={"SESHAT_DATA_DIR": str(fresh)}
    )
    assert result.returncode == 0, result.stderr
    assert (fresh / "seshat.db").is_file()
    # And once it is there, a write on an unknown id says the id is unknown.
    one_error(
        seshat("lessons", "approve", "1", cwd=tmp_path, env={"SESHAT_DATA_DIR": str(fresh)}),
        1,
        "no lesson 1",
    )


def _read_only_runner() -> list[str] | None:
    """A prefix that runs a command as a user file modes bind: root without the capabilities
    that write through `chmod a-w` (None where that cannot be had)."""
    if os.geteuid() != 0:
        return []
    setpriv = shutil.which("setpriv")
    if setpriv is None:
        return None
    drop = "-dac_override,-dac_read_search,-fowner"
    return [setpriv, "--bounding-set", drop, "--inh-caps=-all"]


@pytest.fixture(scope="module")
def demo_data(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A data dir the demo filled (three sessions: U0ALICE, U0BOB, U0CAROL), made once."""
    where = tmp_path_factory.mktemp("demo")
    made = seshat("demo", "--data-dir", str(where / "data"), cwd=where)
    assert made.returncode == 0, made.stderr
    return where / "data"


def _demo_copy(demo_data: Path, tmp_path: Path) -> Path:
    data = tmp_path / "data"
    shutil.copytree(demo_data, data)
    return data


def test_context_previews_without_writing_anything(tmp_path: Path) -> None:
    missing = tmp_path / "not-yet"
    result = seshat(
        "context",
        "--user",
        "U0ALICE",
        "--channel",
        "D0ALICE",
        cwd=tmp_path,
        env={"SESHAT_DATA_DIR": str(missing)},
    )
    assert result.returncode == 0, result.stderr
    assert "# Identity" in result.stdout and "Traceback" not in result.stderr
    assert not missing.exists()


def test_context_reads_a_read_only_copy(demo_data: Path, tmp_path: Path) -> None:
    prefix = _read_only_runner()
    if prefix is None:
        pytest.skip("running as root without setpriv: file modes do not bind")
    data = _demo_copy(demo_data, tmp_path)
    before = {p: p.read_bytes() for p in data.rglob("*") if p.is_file()}
    for path in [data, *data.rglob("*")]:
        path.chmod(path.stat().st_mode & ~0o222)
    try:
        env = {k: v for k, v in os.environ.items() if not k.startswith(STRIPPED)}
        env.update(
            {
                "PYTHONPATH": str(REPO_ROOT),
                "SESHAT_EMBEDDER": "hashing",
                "SESHAT_DATA_DIR": str(data),
            }
        )
        result = subprocess.run(
            [
                *prefix,
                sys.executable,
                "-m",
                "bot.cli",
                "context",
                "--user",
                "U0ALICE",
                "--channel",
                "D0ALICE",
                "--text",
                "how do deploys work?",
                "--json",
            ],
            cwd=tmp_path,
            env=env,
            capture_output=True,
            text=True,
            timeout=120,
            check=False,
        )
    finally:
        for path in [data, *data.rglob("*")]:
            path.chmod(path.stat().st_mode | 0o200)
    assert result.returncode == 0, result.stderr
    assert "make ship" in json.loads(result.stdout)["system_prompt"]
    assert {p: p.read_bytes() for p in data.rglob("*") if p.is_file()} == before


def _doctor_line(result: subprocess.CompletedProcess[str], name: str) -> str:
    assert "Traceback" not in result.stderr, result.stderr
    lines = [line for line in result.stdout.splitlines() if f" {name}: " in line]
    assert len(lines) == 1, result.stdout
    return lines[0]


def test_doctor_fails_a_database_that_refuses_writes_as_run_would(tmp_path: Path) -> None:
    assert seshat("db", "upgrade", cwd=tmp_path).returncode == 0
    database = tmp_path / "data" / "seshat.db"
    before = database.read_bytes()
    # Read-only at SQLite's level, which binds root too (a file mode would not).
    env = {"DATABASE_URL": f"sqlite:///file:{database}?mode=ro&uri=true"}
    result = seshat("doctor", "--offline", cwd=tmp_path, env=env)
    line = _doctor_line(result, "DATABASE_URL")
    assert line.startswith("✗ DATABASE_URL: sqlite:///") and "readonly" in line, line
    assert result.returncode == 1
    assert database.read_bytes() == before
    # The same database, writable: ✓, and doctor wrote nothing into it.
    fine = _doctor_line(seshat("doctor", "--offline", cwd=tmp_path), "DATABASE_URL")
    assert fine.startswith("✓ DATABASE_URL") and "at schema" in fine, fine
    assert database.read_bytes() == before


def test_doctor_does_not_promise_a_database_under_a_data_dir_that_is_a_file(tmp_path: Path) -> None:
    in_the_way = tmp_path / "afile"
    in_the_way.write_text("")
    result = seshat("doctor", "--offline", cwd=tmp_path, env={"SESHAT_DATA_DIR": str(in_the_way)})
    assert result.returncode == 1
    assert _doctor_line(result, "SESHAT_DATA_DIR").startswith("✗")
    line = _doctor_line(result, "DATABASE_URL")
    assert line.startswith("✗") and "cannot be created" in line and "will be created" not in line


def test_a_sqlite_uri_url_is_read_where_it_points_and_makes_no_folder(tmp_path: Path) -> None:
    assert seshat("db", "upgrade", cwd=tmp_path).returncode == 0
    database = tmp_path / "data" / "seshat.db"
    env = {"DATABASE_URL": f"sqlite:///file:{database}?mode=ro&uri=true"}
    listed = seshat("lessons", "list", cwd=tmp_path, env=env)
    assert listed.returncode == 0 and "no database" not in listed.stderr, listed.stderr
    # `file:` was taken for a folder name: `./file:/…` was made beside the working dir.
    assert not (tmp_path / "file:").exists()


def test_an_id_that_cannot_be_a_slack_id_is_named_with_what_one_looks_like(
    tmp_path: Path,
) -> None:
    assert seshat("db", "upgrade", cwd=tmp_path).returncode == 0
    for name in ("alice", "@alice", "u0-alice"):
        one_error(seshat("rollback", "--author", name, cwd=tmp_path), 1, repr(name), "U0123ABCD")
    # Real ids of every shape still pass: nothing of theirs is kept, which is no error. An id in
    # lower case or pasted as a mention is read as the id (walk13).
    for real in ("U0ALICE1", "W0ENTERPRISE", "u0alice", "<@U0ALICE1>"):
        result = seshat("rollback", "--author", real, cwd=tmp_path)
        assert result.returncode == 0 and result.stderr == "", result.stderr
        assert "Nothing to roll back." in result.stdout
    preview = seshat("context", "--user", "alice", "--channel", "#general", cwd=tmp_path)
    assert preview.returncode == 0 and "# Identity" in preview.stdout
    warned = preview.stderr.splitlines()
    assert len(warned) == 2 and all(w.startswith("warning: ") for w in warned), warned
    assert "'alice' is not a Slack user id" in warned[0] and "'#general'" in warned[1]
    for user, channel in (("U0ALICE1", "C0GENERAL"), ("W0ALICE1", "G0SECRET"), ("U1", "D1")):
        fine = seshat("context", "--user", user, "--channel", channel, cwd=tmp_path)
        assert fine.returncode == 0 and fine.stderr == "", fine.stderr


def _commands(group: object, path: tuple[str, ...] = ()) -> list[tuple[str, ...]]:
    found: list[tuple[str, ...]] = []
    for name, command in getattr(group, "commands", {}).items():
        found.append((*path, name))
        found.extend(_commands(command, (*path, name)))
    return found


def test_no_help_text_keeps_the_source_s_line_breaks(tmp_path: Path) -> None:
    from bot.cli import app

    paths = _commands(typer.main.get_command(app))
    assert ("redact",) in paths and ("check-config",) in paths and ("db", "upgrade") in paths
    for path in paths:
        result = seshat(*path, "--help", cwd=tmp_path, env={"COLUMNS": "300"}, process=False)
        assert result.returncode == 0, (path, result.stderr)
        description = result.stdout.split("Usage:", 1)[1].split("╭", 1)[0]
        # At 300 columns no paragraph of these wraps: each is one line, blank lines between.
        lines = [line.strip() for line in description.splitlines()[1:]]
        paragraphs = [p for p in "\n".join(lines).split("\n\n") if p.strip()]
        for paragraph in paragraphs:
            assert "\n" not in paragraph.strip(), (path, paragraph)


SITECUSTOMIZE = """
import atexit


class Interrupted:
    def __del__(self):
        raise KeyboardInterrupt  # as when Ctrl-C lands while a collected client closes


class Broken:
    def __del__(self):
        raise ValueError("a real error in a __del__ is still shown")


def _collect():
    Interrupted()
    Broken()


atexit.register(_collect)
"""


def test_a_ctrl_c_inside_a_del_prints_nothing_more(tmp_path: Path) -> None:
    hooks = tmp_path / "hooks"
    hooks.mkdir()
    (hooks / "sitecustomize.py").write_text(SITECUSTOMIZE, encoding="utf-8")
    env = {k: v for k, v in os.environ.items() if not k.startswith(STRIPPED)}
    env.update(
        {
            "PYTHONPATH": f"{hooks}{os.pathsep}{REPO_ROOT}",
            "SESHAT_DATA_DIR": str(tmp_path / "data"),
        }
    )
    result = subprocess.run(
        [sys.executable, "-m", "bot.cli", "lessons", "list"],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    assert "KeyboardInterrupt" not in result.stderr and "Interrupted" not in result.stderr
    assert "ValueError: a real error in a __del__ is still shown" in result.stderr


def test_dry_runs_of_forget_and_rollback_read_a_read_only_copy(
    demo_data: Path, tmp_path: Path
) -> None:
    data = _demo_copy(demo_data, tmp_path)
    database = data / "seshat.db"
    before = database.read_bytes()
    # Read-only at SQLite's level, which binds root too (a file mode would not).
    env = {
        "SESHAT_DATA_DIR": str(data),
        "DATABASE_URL": f"sqlite:///file:{database}?mode=ro&uri=true",
    }
    counted = seshat("forget", "--user", "U0BOB", "--dry-run", "--json", cwd=tmp_path, env=env)
    assert counted.returncode == 0, counted.stderr
    assert json.loads(counted.stdout)["counts"]["session"] == 1
    listed = seshat("rollback", "--author", "U0BOB", "--dry-run", cwd=tmp_path, env=env)
    assert listed.returncode == 0, listed.stderr
    assert "Would change" in listed.stdout
    assert database.read_bytes() == before


def test_a_database_a_newer_seshat_migrated_is_one_line_and_left_as_it_was(
    tmp_path: Path,
) -> None:
    assert seshat("db", "upgrade", cwd=tmp_path).returncode == 0
    database = tmp_path / "data" / "seshat.db"
    with sqlite3.connect(database) as conn:
        conn.execute("UPDATE alembic_version SET version_num = '9999_from_the_future'")
    conn.close()
    before = database.read_bytes()
    for args in (["lessons", "approve", "1"], ["db", "upgrade"], ["lessons", "list"]):
        one_error(seshat(*args, cwd=tmp_path), 2, "9999_from_the_future", "a newer Seshat")
    doctor = seshat("doctor", "--offline", cwd=tmp_path)
    line = _doctor_line(doctor, "DATABASE_URL")
    assert line.startswith("✗") and "a newer Seshat" in line and "upgraded" not in line, line
    assert database.read_bytes() == before


def test_the_demo_refuses_a_data_dir_that_is_a_file_or_holds_data(
    demo_data: Path, tmp_path: Path
) -> None:
    in_the_way = tmp_path / "afile"
    in_the_way.write_text("")
    one_error(seshat("demo", "--data-dir", str(in_the_way), cwd=tmp_path), 2, "is a file")
    # A second demo into the first one's folder replayed against its cards and traced back.
    data = _demo_copy(demo_data, tmp_path)
    before = (data / "seshat.db").read_bytes()
    result = seshat("demo", "--data-dir", str(data), cwd=tmp_path)
    one_error(result, 2, f"--data-dir {data}", "already holds files", "empty folder")
    assert (data / "seshat.db").read_bytes() == before


def test_an_empty_id_is_named_as_empty(tmp_path: Path) -> None:
    assert seshat("db", "upgrade", cwd=tmp_path).returncode == 0
    for args, said in (
        (["facts", "show", ""], "an empty fact id (see `seshat facts list`)"),
        (["notes", "archive", " "], "an empty user note id (see `seshat notes list`)"),
        (["memory", "edit", "", "new text"], "an empty memory note id"),
        (["skills", "edit", "", "new text"], "an empty skill id"),
        (["reflection", "retry", ""], "an empty id: give a reflection or session id"),
    ):
        line = one_error(seshat(*args, cwd=tmp_path), 2 if args[0] != "reflection" else 1)
        assert said in line and "  " not in line, line


INTERRUPTED_IMPORT = '''
import sys


class CtrlCWhileImporting:
    """Ctrl-C pressed while the command's libraries are still being imported."""

    def find_spec(self, name, path=None, target=None):
        if name == "typer":
            raise KeyboardInterrupt
        return None


sys.meta_path.insert(0, CtrlCWhileImporting())
'''


def test_a_ctrl_c_while_the_command_starts_ends_quietly(tmp_path: Path) -> None:
    hooks = tmp_path / "hooks"
    hooks.mkdir()
    (hooks / "sitecustomize.py").write_text(INTERRUPTED_IMPORT, encoding="utf-8")
    env = {k: v for k, v in os.environ.items() if not k.startswith(STRIPPED)}
    env.update({"PYTHONPATH": f"{hooks}{os.pathsep}{REPO_ROOT}"})
    result = subprocess.run(
        [sys.executable, "-m", "bot.entry", "lessons", "list"],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert result.returncode == 130, result.stderr
    assert result.stderr == "" and result.stdout == ""
    assert "bot.entry:main" in (REPO_ROOT / "pyproject.toml").read_text(encoding="utf-8")


def test_an_unknown_session_names_where_session_ids_are_listed(tmp_path: Path) -> None:
    assert seshat("db", "upgrade", cwd=tmp_path).returncode == 0
    result = seshat("rollback", "--session", "abc", cwd=tmp_path)
    one_error(result, 1, "no session abc (see the session column of `seshat reflections list`)")
