"""Paths a careless operator hits (cli-walk9): each ends in one `error:` line and an exit code,
never a traceback, and changes nothing."""

from __future__ import annotations

import json
import os
import pty
import signal
import subprocess
import sys
from pathlib import Path

from tests.support.cli import REPO_ROOT, STRIPPED, one_error, seshat


def test_a_number_too_large_for_the_database_is_one_line(tmp_path: Path) -> None:
    huge = "9" * 25
    assert seshat("db", "upgrade", cwd=tmp_path).returncode == 0
    for args in (
        ["lessons", "show", huge],
        ["review", "approve", huge],
        ["facts", "archive", huge],
        ["reflections", "list", "--limit", huge],
    ):
        one_error(seshat(*args, cwd=tmp_path), 2, "too large", str(2**63 - 1))


def test_a_database_url_seshat_cannot_use_says_what_to_write(tmp_path: Path) -> None:
    for url in ("sqlite://", "mysql://db/x", "http://example.com/db"):
        env = {"DATABASE_URL": url}
        for args in (["lessons", "list"], ["lessons", "approve", "1"], ["db", "upgrade"]):
            one_error(seshat(*args, cwd=tmp_path, env=env), 2, "DATABASE_URL", "sqlite:///")
        doctor = seshat("doctor", "--offline", cwd=tmp_path, env=env)
        assert "Traceback" not in doctor.stderr and doctor.returncode == 1, doctor.stderr
        assert "✗ DATABASE_URL" in doctor.stdout and "postgresql://" in doctor.stdout


def test_a_damaged_database_file_is_one_line_and_left_as_it_was(tmp_path: Path) -> None:
    data = tmp_path / "data"
    data.mkdir()
    damaged = data / "seshat.db"
    damaged.write_bytes(b"not a database at all, " * 400)
    before = damaged.read_bytes()
    for args in (["lessons", "list"], ["lessons", "approve", "1"], ["db", "upgrade"]):
        one_error(seshat(*args, cwd=tmp_path), 2, str(damaged), "backup")
    assert damaged.read_bytes() == before


def test_a_database_that_refuses_writes_is_one_line(tmp_path: Path) -> None:
    assert seshat("db", "upgrade", cwd=tmp_path).returncode == 0
    database = tmp_path / "data" / "seshat.db"
    # Read-only at SQLite's level, which holds for root too (a file mode would not).
    env = {"DATABASE_URL": f"sqlite:///file:{database}?mode=ro&uri=true"}
    one_error(seshat("lessons", "approve", "1", cwd=tmp_path, env=env), 2, "readonly")


def test_settings_that_cannot_work_are_named_before_anything_runs(tmp_path: Path) -> None:
    tokens = {
        "SLACK_BOT_TOKEN": "xoxb-1234-5678-abcdefABCDEF",
        "SLACK_APP_TOKEN": "xapp-1-A1-1-abcdef",
        "SLACK_OWNER_IDS": "U0ALICE",
    }
    not_a_url = {**tokens, "SLACK_API_URL": "slack.com/api"}
    one_error(seshat("check-config", "--online", cwd=tmp_path, env=not_a_url), 2, "SLACK_API_URL")
    for port in ("70000", "-1"):
        env = {**tokens, "SESHAT_HTTP_PORT": port}
        one_error(seshat("doctor", "--offline", cwd=tmp_path, env=env), 2, "SESHAT_HTTP_PORT")


def test_an_empty_data_dir_setting_is_the_default_not_the_working_dir(tmp_path: Path) -> None:
    result = seshat("db", "upgrade", cwd=tmp_path, env={"SESHAT_DATA_DIR": ""})
    assert result.returncode == 0, result.stderr
    assert (tmp_path / "data" / "seshat.db").is_file()
    assert not (tmp_path / "seshat.db").exists()


def _export(tmp_path: Path) -> dict[str, object]:
    assert seshat("db", "upgrade", cwd=tmp_path).returncode == 0
    exported = seshat("export", cwd=tmp_path)
    assert exported.returncode == 0, exported.stderr
    data = json.loads(exported.stdout)
    assert isinstance(data, dict)
    return data


def test_an_export_with_a_malformed_item_names_it_and_imports_nothing(tmp_path: Path) -> None:
    data = _export(tmp_path)
    broken = {
        "lessons": [{"id": "x"}],
        "memory": [{"text": "a fact", "created_at": "yesterday"}],
        "history": [{"target_kind": "lesson", "at": "not a time"}],
    }
    for section, rows in broken.items():
        file = tmp_path / f"{section}.json"
        file.write_text(json.dumps({**data, section: rows}), encoding="utf-8")
        result = seshat("import", str(file), cwd=tmp_path)
        one_error(result, 1, str(file), "nothing was imported")
        if section != "history":
            assert f'"{section}"[0]' in result.stderr
    assert _export(tmp_path) == data


def test_import_forget_for_a_file_without_tombstones_says_it_holds_none(tmp_path: Path) -> None:
    file = tmp_path / "library.json"
    file.write_text(json.dumps(_export(tmp_path)), encoding="utf-8")
    result = seshat("import", "--dry-run", "--forget", "U0NOBODY", str(file), cwd=tmp_path)
    one_error(result, 1, "holds no tombstone for U0NOBODY (it holds none)")


def test_transcript_and_raw_output_files_that_cannot_be_read_are_one_line(tmp_path: Path) -> None:
    binary = tmp_path / "binary.json"
    binary.write_bytes(bytes(range(128, 256)))
    (tmp_path / "folder").mkdir()
    cases = {
        "": "is empty",
        str(binary): "not UTF-8 text",
        str(tmp_path / "folder"): "is a folder",
        str(tmp_path / "missing.json"): "no such file",
    }
    for path, expected in cases.items():
        one_error(seshat("reflect", "--transcript", path, cwd=tmp_path), 1, expected)
        one_error(seshat("reflection", "parse", path, cwd=tmp_path), 1, expected)


def test_a_transcript_with_a_timestamp_that_is_not_one_is_one_line(tmp_path: Path) -> None:
    transcript = tmp_path / "t.json"
    for ts in ("yesterday", "nan", "-5"):
        message = {"user": "U0BOB", "text": "how do I reset my password?", "ts": ts}
        body = {"team": "T1", "channel": "D1", "user": "U0BOB", "messages": [message]}
        transcript.write_text(json.dumps(body), encoding="utf-8")
        result = seshat("reflect", "--transcript", str(transcript), cwd=tmp_path)
        one_error(result, 1, "message 0", "not a Slack timestamp")


def test_a_transcript_with_nothing_to_reflect_does_not_print_a_missing_id(tmp_path: Path) -> None:
    transcript = tmp_path / "t.json"
    body = {"team": "T1", "channel": "D1", "user": "U0BOB", "messages": []}
    transcript.write_text(json.dumps(body), encoding="utf-8")
    result = seshat("reflect", "--transcript", str(transcript), cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert "None" not in result.stdout and "not reflected: skipped" in result.stdout


def test_review_and_rollback_refusals_are_errors_with_where_to_look(tmp_path: Path) -> None:
    assert seshat("db", "upgrade", cwd=tmp_path).returncode == 0
    one_error(seshat("review", "approve", "99", cwd=tmp_path), 1, "99", "seshat review list")
    for args in ([], ["--reflection", "a", "--session", "b"]):
        one_error(seshat("rollback", *args, cwd=tmp_path), 2, "exactly one of --reflection")


def test_a_data_dir_that_is_a_file_is_named_by_every_writing_command(tmp_path: Path) -> None:
    in_the_way = tmp_path / "afile"
    in_the_way.write_text("")
    env = {"SESHAT_DATA_DIR": str(in_the_way)}
    for args in (
        ["review", "approve", "1"],
        ["forget", "--user", "U0NOBODY1"],
        ["rollback", "--author", "U0NOBODY1"],
    ):
        one_error(seshat(*args, cwd=tmp_path, env=env), 2, f"SESHAT_DATA_DIR {in_the_way}")
    assert in_the_way.read_text() == ""


def test_redact_refuses_json_and_jsonl_together(tmp_path: Path) -> None:
    result = seshat("redact", "--json", "--jsonl", cwd=tmp_path, stdin='"a"\n')
    one_error(result, 2, "--json", "--jsonl", "not both")
    assert result.stdout == ""


def test_redact_at_a_terminal_says_what_it_waits_for(tmp_path: Path) -> None:
    main, terminal = pty.openpty()
    env = {**os.environ, "PYTHONPATH": str(REPO_ROOT), "SESHAT_DATA_DIR": str(tmp_path)}
    process = subprocess.Popen(
        [sys.executable, "-m", "bot.cli", "redact"],
        stdin=terminal,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        cwd=tmp_path,
        env=env,
    )
    try:
        os.write(main, b"hello\n\x04")
        out, said = process.communicate(timeout=120)
    finally:
        os.close(main)
        os.close(terminal)
    assert process.returncode == 0, said
    assert b"Ctrl-D" in said and out == b"hello\n"


def test_an_edit_of_an_unknown_item_names_it_once(tmp_path: Path) -> None:
    assert seshat("db", "upgrade", cwd=tmp_path).returncode == 0
    for args, said in (
        (["lessons", "edit", "99", "a → b"], "error: no lesson 99"),
        (["notes", "edit", "abc", "hi"], "error: no user note abc"),
        (["facts", "edit", "99", "--to-version", "2"], "error: no fact 99"),
    ):
        result = seshat(*args, cwd=tmp_path)
        one_error(result, 1)
        assert result.stderr.strip() == said, result.stderr


def _default_sigint() -> None:
    # A shell's background job starts with Ctrl-C ignored; the demo must get it as a person would.
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def test_ctrl_c_during_the_demo_says_so_and_exits_130(tmp_path: Path) -> None:
    env = {key: value for key, value in os.environ.items() if not key.startswith(STRIPPED)}
    env.update({"PYTHONPATH": str(REPO_ROOT), "SESHAT_EMBEDDER": "hashing", "COLUMNS": "200"})
    process = subprocess.Popen(
        [sys.executable, "-m", "bot.cli", "demo"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        stdin=subprocess.DEVNULL,
        cwd=tmp_path,
        env=env,
        text=True,
        preexec_fn=_default_sigint,
    )
    assert process.stdout is not None
    seen = []
    for line in process.stdout:
        seen.append(line)
        if "Session 1" in line:
            break
    process.send_signal(signal.SIGINT)
    rest, said = process.communicate(timeout=120)
    shown = "".join(seen) + rest
    assert process.returncode == 130, (shown, said)
    assert "The demo was interrupted (Ctrl-C); its temporary data is removed." in shown, shown
    assert "PendingRollbackError" not in said


def test_an_env_file_option_that_is_empty_or_a_folder_is_refused(tmp_path: Path) -> None:
    (tmp_path / ".env").write_text("SESHAT_EMBEDDER=hashing\n", encoding="utf-8")
    empty = seshat("--env-file", "", "lessons", "list", cwd=tmp_path)
    one_error(empty, 2, "--env-file is empty")
    folder = seshat("--env-file", str(tmp_path), "lessons", "list", cwd=tmp_path)
    one_error(folder, 2, "is a folder")
