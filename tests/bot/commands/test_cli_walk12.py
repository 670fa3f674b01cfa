"""Paths a new user or a careless operator hits (cli-walk12): each ends in one clear line (or
works, saying how far it got), never a traceback, and changes nothing it should not."""

from __future__ import annotations

import hashlib
import json
import socket
import sqlite3
from pathlib import Path

import pytest

from tests.support.cli import one_error, seshat


def _transcript(path: Path, count: int) -> Path:
    messages = [
        {
            "ts": f"{1_700_000_000 + i}.000100",
            "user": "U0123ABCD" if i % 2 == 0 else None,
            "bot_id": None if i % 2 == 0 else "B0123ABCD",
            "text": f"step {i}: the deploy failed until the config was rolled back",
        }
        for i in range(count)
    ]
    data = {"team": "T0123ABCD", "channel": "C0123ABCD", "user": "U0123ABCD"}
    path.write_text(json.dumps({**data, "messages": messages}), encoding="utf-8")
    return path


# -- long work shows progress ------------------------------------------------------------------


def test_a_long_transcript_says_how_far_it_got(tmp_path: Path) -> None:
    long = seshat(
        "reflect", "--transcript", str(_transcript(tmp_path / "long.json", 1000)), cwd=tmp_path
    )
    assert long.returncode == 0, long.stderr
    assert "Traceback" not in long.stderr
    # Before: nothing at all on stderr until the result (minutes for 200,000 messages).
    said = long.stderr.splitlines()
    assert said[0] == "storing messages (each redacted first): 1,000 in all…", said
    assert "storing messages (each redacted first): 500 of 1,000 (50%)" in said
    assert "storing messages (each redacted first): 1,000 of 1,000 (100%)" in said
    assert said[-1].startswith("reflecting on 1,000 messages"), said
    assert "reflection " in long.stdout
    # Short work ends before anyone wonders: nothing is said.
    short = seshat(
        "reflect", "--transcript", str(_transcript(tmp_path / "short.json", 20)), cwd=tmp_path
    )
    assert short.returncode == 0 and short.stderr == "", short.stderr


# -- another application's SQLite file -----------------------------------------------------------


def _foreign(path: Path) -> str:
    with sqlite3.connect(path) as conn:
        conn.execute("CREATE TABLE users (id INTEGER PRIMARY KEY, email TEXT)")
        conn.execute("CREATE TABLE orders (id INTEGER PRIMARY KEY)")
        conn.execute("INSERT INTO users (email) VALUES ('a@example.com')")
    conn.close()
    return hashlib.sha256(path.read_bytes()).hexdigest()


@pytest.mark.parametrize(
    "argv", [["lessons", "list"], ["lessons", "approve", "1"], ["db", "upgrade"], ["stats"]]
)
def test_another_applications_sqlite_file_gets_no_tables(tmp_path: Path, argv: list[str]) -> None:
    app_db = tmp_path / "app.db"
    before = _foreign(app_db)
    result = seshat(*argv, cwd=tmp_path, env={"DATABASE_URL": f"sqlite:///{app_db}"})
    # Before: a write and `db upgrade` added Seshat's 40-odd tables to it; a listing said
    # "schema revision none … run `seshat db upgrade`", which would have done the same.
    one_error(
        result,
        2,
        f"DATABASE_URL sqlite:///{app_db}: holds another application's tables (orders, users)",
        "point DATABASE_URL at a new file",
    )
    assert hashlib.sha256(app_db.read_bytes()).hexdigest() == before
    assert not app_db.with_name("app.db-wal").exists()  # not even switched to WAL
    with sqlite3.connect(app_db) as conn:
        tables = {name for (name,) in conn.execute("SELECT name FROM sqlite_master")}
    conn.close()
    assert tables == {"users", "orders"}


def test_another_applications_file_as_seshat_db_names_the_data_dir(tmp_path: Path) -> None:
    data = tmp_path / "data"
    data.mkdir()
    _foreign(data / "seshat.db")
    result = seshat("lessons", "approve", "1", cwd=tmp_path)
    one_error(
        result,
        2,
        f"database {data / 'seshat.db'} (SESHAT_DATA_DIR={data})",
        "move that file aside, or point SESHAT_DATA_DIR at another folder",
    )
    assert "DATABASE_URL" not in result.stderr
    export = tmp_path / "library.json"
    export.write_text(json.dumps({"format": "seshat-export", "version": 2}), encoding="utf-8")
    dry = seshat("import", "--dry-run", str(export), cwd=tmp_path)
    one_error(dry, 2, f"database {data / 'seshat.db'} (SESHAT_DATA_DIR={data})", "move that")
    doctor = seshat("doctor", "--offline", cwd=tmp_path)
    assert doctor.returncode == 1
    # Before: "✓ DATABASE_URL: … at schema none: upgraded to 0022 at start".
    assert f"✗ DATABASE_URL: database {data / 'seshat.db'}" in doctor.stdout, doctor.stdout
    assert "holds another application's tables" in doctor.stdout


def test_an_empty_file_or_seshats_own_database_is_still_taken(tmp_path: Path) -> None:
    empty = tmp_path / "empty.db"
    empty.touch()
    url = {"DATABASE_URL": f"sqlite:///{empty}"}
    made = seshat("db", "upgrade", cwd=tmp_path, env=url)
    assert made.returncode == 0 and "database at revision" in made.stdout, made.stderr
    # Now Seshat's own: taken as it is.
    one_error(seshat("lessons", "approve", "1", cwd=tmp_path, env=url), 1, "no lesson 1")


# -- SKILLS_DIR --------------------------------------------------------------------------------


def _doctor_line(tmp_path: Path, skills_dir: str) -> str:
    result = seshat("doctor", "--offline", cwd=tmp_path, env={"SKILLS_DIR": skills_dir})
    assert "Traceback" not in result.stderr, result.stderr
    [line] = [x for x in result.stdout.splitlines() if " SKILLS_DIR: " in x]
    return line


def test_doctor_checks_the_skills_dir(tmp_path: Path) -> None:
    # Before: no SKILLS_DIR line at all; `seshat run` started, and the first ✅ on a skill
    # card could not be applied.
    assert _doctor_line(tmp_path, "/dev/null") == (
        "✗ SKILLS_DIR: /dev/null: it is a device, not a directory; point SKILLS_DIR (.env or the "
        "environment) at a folder this user may write, or leave it empty for "
        "SESHAT_DATA_DIR/skills"
    )
    a_file = tmp_path / "notes.txt"
    a_file.write_text("x", encoding="utf-8")
    assert f"{a_file} is a file, not a directory" in _doctor_line(tmp_path, str(a_file / "s"))
    broken = tmp_path / "broken"
    (broken / ".git").mkdir(parents=True)
    line = _doctor_line(tmp_path, str(broken))
    assert line.startswith("✗ SKILLS_DIR: ") and "is not a working git repository" in line
    other = tmp_path / "other"
    other.mkdir()
    (other / "README").write_text("someone's folder", encoding="utf-8")
    line = _doctor_line(tmp_path, str(other))
    assert line.startswith("! SKILLS_DIR: ") and "is not a git repository" in line
    assert _doctor_line(tmp_path, "").startswith(
        f"✓ SKILLS_DIR: {tmp_path / 'data' / 'skills'} (SESHAT_DATA_DIR/skills) will be made"
    )
    (tmp_path / "data").mkdir()
    assert _doctor_line(tmp_path, "").startswith(
        f"✓ SKILLS_DIR: {tmp_path / 'data' / 'skills'} (SESHAT_DATA_DIR/skills) will be made a git"
    )


def test_a_skills_dir_that_cannot_be_made_is_a_git_error_naming_it() -> None:
    from writers.skills.gitrepo import GitError, ensure_repo

    # Before: FileExistsError, a traceback in `seshat review approve` of a skill card.
    with pytest.raises(GitError, match="SKILLS_DIR /dev/null: cannot be made .it is a device"):
        ensure_repo(Path("/dev/null"))


def _closed_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _unreachable_slack(tmp_path: Path) -> dict[str, str]:
    return {
        "SLACK_API_URL": f"http://127.0.0.1:{_closed_port()}/api/",
        "SLACK_BOT_TOKEN": "xoxb-1-2-walk12",
        "SLACK_APP_TOKEN": "xapp-1-A1-1-walk12",
        "SLACK_OWNER_IDS": "U0123ABCD",
        "SESHAT_DATA_DIR": str(tmp_path / "data"),
    }


def test_run_refuses_a_skills_dir_it_cannot_use_before_slack(tmp_path: Path) -> None:
    env = {**_unreachable_slack(tmp_path), "SKILLS_DIR": "/dev/null"}
    result = seshat("run", cwd=tmp_path, env=env, timeout=60)
    one_error(result, 2, "SKILLS_DIR /dev/null: it is a device, not a directory")


# -- a second daemon ---------------------------------------------------------------------------


def test_a_second_daemon_hears_the_data_dir_is_in_use_first(tmp_path: Path) -> None:
    from store.filelock import LOCK_FILE, DataDirLock

    (tmp_path / "data").mkdir()
    held = DataDirLock(tmp_path / "data" / LOCK_FILE).acquire("the first daemon")
    try:
        result = seshat("run", cwd=tmp_path, env=_unreachable_slack(tmp_path), timeout=60)
    finally:
        held.release()
    # Before: "Slack … cannot be reached" (the Slack checks ran first; seconds against the
    # real Slack), and only after fixing that, "in use".
    one_error(result, 2, "is in use by another `seshat run`")
    assert "127.0.0.1" not in result.stderr


# -- newer than this Seshat --------------------------------------------------------------------


def test_an_export_from_a_newer_seshat_says_to_upgrade(tmp_path: Path) -> None:
    newer = tmp_path / "newer.json"
    newer.write_text(json.dumps({"format": "seshat-export", "version": 3}), encoding="utf-8")
    result = seshat("import", str(newer), cwd=tmp_path)
    # Before: "export version 3 is not supported (this Seshat reads 1, 2)".
    one_error(result, 1, "a newer Seshat wrote it", "upgrade this Seshat (`git pull`")


def test_an_import_into_a_newer_database_names_the_data_dir_and_the_upgrade(
    tmp_path: Path,
) -> None:
    assert seshat("db", "upgrade", cwd=tmp_path).returncode == 0
    export = tmp_path / "library.json"
    assert seshat("export", str(export), cwd=tmp_path).returncode == 0
    database = tmp_path / "data" / "seshat.db"
    with sqlite3.connect(database) as conn:
        conn.execute("UPDATE alembic_version SET version_num = '9999_from_the_future'")
    conn.close()
    result = seshat("import", str(export), cwd=tmp_path)
    # Before: "DATABASE_URL sqlite:///…: … Run that version on it" (nobody set DATABASE_URL).
    one_error(
        result,
        2,
        f"database {database} (SESHAT_DATA_DIR={tmp_path / 'data'})",
        "Upgrade this Seshat to that version (`git pull`",
    )
    assert "DATABASE_URL" not in result.stderr


# -- found on the walk -------------------------------------------------------------------------


def test_an_export_can_be_imported_from_a_pipe(tmp_path: Path) -> None:
    import os
    import threading

    assert seshat("db", "upgrade", cwd=tmp_path).returncode == 0
    export = seshat("export", cwd=tmp_path).stdout
    pipe = tmp_path / "library.pipe"  # what `seshat import <(zcat library.json.gz)` hands over
    os.mkfifo(pipe)

    def feed() -> None:
        with pipe.open("w", encoding="utf-8") as out:
            out.write(export)

    writer = threading.Thread(target=feed)
    writer.start()
    try:
        result = seshat("import", "--dry-run", str(pipe), cwd=tmp_path)
    finally:
        writer.join(timeout=30)
    # Before: "library.pipe: no such file (write one with `seshat export FILE`)".
    assert result.returncode == 0, result.stderr
    assert "dry run: nothing was changed" in result.stdout
    # /dev/null is read as the empty file it is, not called missing.
    one_error(seshat("import", "/dev/null", cwd=tmp_path), 1, "/dev/null: not JSON")


def test_a_settings_file_that_is_a_pipe_is_named_as_one(tmp_path: Path) -> None:
    import os

    pipe = tmp_path / "env.pipe"
    os.mkfifo(pipe)
    result = seshat("--env-file", str(pipe), "doctor", "--offline", cwd=tmp_path)
    # Before: "--env-file …/env.pipe: no such file" (as `--env-file <(pass show seshat)` got).
    one_error(result, 2, f"--env-file {pipe}: is a named pipe", "name a regular file")


@pytest.mark.parametrize("argv", [["lessons", "list"], ["db", "upgrade"], ["doctor", "--offline"]])
def test_a_database_url_naming_a_folder_or_a_device_says_so(
    tmp_path: Path, argv: list[str]
) -> None:
    for target, said in (
        (tmp_path, f"it is a folder; name the database file in it ({tmp_path / 'seshat.db'})"),
        (Path("/dev/null"), "it is a device, not a database file"),
    ):
        result = seshat(*argv, cwd=tmp_path, env={"DATABASE_URL": f"sqlite:///{target}"})
        # Before: "unable to open database file" (a folder), "disk I/O error" (/dev/null), and
        # doctor's "✓ DATABASE_URL: sqlite:////dev/null at schema none: upgraded … at start".
        if argv[0] == "doctor":
            assert f"✗ DATABASE_URL: sqlite:///{target}: {said}" in result.stdout, result.stdout
        else:
            one_error(result, 2, f"DATABASE_URL sqlite:///{target}: {said}")
