"""Paths a new user or a careless operator hits (cli-walk11): each ends in one clear line (or
works), never a traceback, loses no Ctrl-C, echoes no secret, and changes nothing it should not."""

from __future__ import annotations

import json
import os
import shutil
import signal
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from tests.support.cli import REPO_ROOT, STRIPPED, one_error, seshat


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


def _process(
    *args: str, cwd: Path, env: dict[str, str], prefix: list[str] | None = None, module: str
) -> subprocess.CompletedProcess[str]:
    full = {k: v for k, v in os.environ.items() if not k.startswith(STRIPPED)}
    full.update({"PYTHONPATH": str(REPO_ROOT), "SESHAT_EMBEDDER": "hashing"})
    full.update(env)
    return subprocess.run(
        [*(prefix or []), sys.executable, "-m", module, *args],
        cwd=cwd,
        env=full,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
        # A terminal's Ctrl-C reaches a command whose SIGINT is at its default; a test run
        # started in the background (SIGINT ignored, inherited across exec) must not decide it.
        preexec_fn=_sigint_at_default,
    )


def _sigint_at_default() -> None:
    signal.signal(signal.SIGINT, signal.SIG_DFL)


# A Ctrl-C delivered while an object's `__del__` runs, as the cyclic collector runs `regex`'s
# while presidio and the anthropic SDK are imported (where `seshat run` lost 2 of 12 Ctrl-Cs
# pressed 1.6–2.7 s after it started, and went on to start the daemon).
CTRL_C_IN_A_FINALISER = """
import os, signal, sys


class CtrlCInAFinaliser:
    def find_spec(self, name, path=None, target=None):
        if name == "typer":
            sys.meta_path.remove(self)

            class Collected:
                def __del__(self):
                    os.kill(os.getpid(), signal.SIGINT)
                    for _ in range(10000):  # the handler runs at one of these bytecodes
                        pass

            Collected()
        return None


sys.meta_path.insert(0, CtrlCInAFinaliser())
"""

# Ctrl-C pressed while `python -m bot.cli` is still importing its libraries.
CTRL_C_WHILE_IMPORTING = """
import sys


class CtrlCWhileImporting:
    def find_spec(self, name, path=None, target=None):
        if name == "typer":
            raise KeyboardInterrupt
        return None


sys.meta_path.insert(0, CtrlCWhileImporting())
"""


@pytest.mark.parametrize("module", ["bot.entry", "bot.cli"])
@pytest.mark.parametrize("hook", [CTRL_C_IN_A_FINALISER, CTRL_C_WHILE_IMPORTING])
def test_a_ctrl_c_at_start_ends_the_command_quietly(tmp_path: Path, module: str, hook: str) -> None:
    hooks = tmp_path / "hooks"
    hooks.mkdir()
    (hooks / "sitecustomize.py").write_text(hook, encoding="utf-8")
    result = _process(
        "lessons",
        "list",
        cwd=tmp_path,
        env={
            "PYTHONPATH": f"{hooks}{os.pathsep}{REPO_ROOT}",
            "SESHAT_DATA_DIR": str(tmp_path / "data"),
        },
        module=module,
    )
    # Before: the finaliser's Ctrl-C printed "Exception ignored in …" and the listing ran to
    # the end (exit 0); `python -m bot.cli` printed a KeyboardInterrupt traceback.
    assert result.returncode == 130, (result.returncode, result.stdout, result.stderr)
    assert result.stderr == "" and result.stdout == ""


def test_a_token_that_is_not_a_slack_token_is_not_echoed(tmp_path: Path) -> None:
    secret = "s3cr3tvalue0123456789"
    env = {
        "SLACK_BOT_TOKEN": secret,
        "SLACK_APP_TOKEN": f"mysecret-{secret}",
        "SLACK_OWNER_IDS": "U0123ABCD",
    }
    doctor = seshat("doctor", "--offline", cwd=tmp_path, env=env)
    assert doctor.returncode == 1
    # Before: "holds a s3cr3tvalue0123456789- token" and "holds a mysecret- token".
    assert secret not in doctor.stdout + doctor.stderr and "mysecret" not in doctor.stdout
    assert "✗ SLACK_BOT_TOKEN: holds a value that is not a Slack token" in doctor.stdout
    check = seshat("check-config", cwd=tmp_path, env=env)
    assert check.returncode == 1 and secret not in check.stderr + check.stdout
    # Before: "holds a an unknown kind token".
    assert "SLACK_BOT_TOKEN holds a value that is not a Slack token" in check.stderr
    # A known kind in the wrong place is still named.
    swapped = seshat(
        "check-config", cwd=tmp_path, env={**env, "SLACK_BOT_TOKEN": "xapp-1-A1-1-abc"}
    )
    assert "SLACK_BOT_TOKEN holds a xapp- token" in swapped.stderr


def test_owner_ids_are_worded_once_and_in_the_plural(tmp_path: Path) -> None:
    tokens = {"SLACK_BOT_TOKEN": "xoxb-1-2-abc", "SLACK_APP_TOKEN": "xapp-1-A1-1-abc"}
    two = seshat("check-config", cwd=tmp_path, env={**tokens, "SLACK_OWNER_IDS": "alice,bob"})
    assert "'alice', 'bob' are not Slack member ids" in two.stderr
    one = seshat("doctor", "--offline", cwd=tmp_path, env={**tokens, "SLACK_OWNER_IDS": "alice"})
    assert "✗ SLACK_OWNER_IDS: 'alice' is not a Slack member id" in one.stdout
    empty = seshat("doctor", "--offline", cwd=tmp_path, env=tokens)
    # Before: "✗ SLACK_OWNER_IDS: SLACK_OWNER_IDS is empty: …".
    assert "✗ SLACK_OWNER_IDS: empty: nobody could approve" in empty.stdout


def test_dev_null_as_the_data_dir_is_called_a_device(tmp_path: Path) -> None:
    env = {"SESHAT_DATA_DIR": "/dev/null"}
    listing = seshat("lessons", "list", cwd=tmp_path, env=env)
    one_error(listing, 2, "/dev/null is a device, not a directory", "SESHAT_DATA_DIR")
    upgrade = seshat("db", "upgrade", cwd=tmp_path, env=env)
    # And the fix: which variable, where.
    one_error(upgrade, 2, "/dev/null is a device, not a directory", "point SESHAT_DATA_DIR")
    doctor = seshat("doctor", "--offline", cwd=tmp_path, env=env)
    assert "✗ SESHAT_DATA_DIR: /dev/null: /dev/null is a device, not a directory" in doctor.stdout
    assert "is a file" not in doctor.stdout
    demo = seshat("demo", "--data-dir", "/dev/null", cwd=tmp_path)
    one_error(demo, 2, "--data-dir /dev/null: is a device")


def test_the_demo_names_its_option_for_a_folder_it_may_not_write(tmp_path: Path) -> None:
    prefix = _read_only_runner()
    if prefix is None:
        pytest.skip("running as root without setpriv: file modes do not bind")
    locked = tmp_path / "locked"
    locked.mkdir()
    locked.chmod(0o555)
    try:
        for target in (locked / "new", locked):
            result = _process(
                "demo",
                "--data-dir",
                str(target),
                cwd=tmp_path,
                env={},
                prefix=prefix,
                module="bot.cli",
            )
            # Before: the demo's banner, then "The demo stopped: SESHAT_DATA_DIR …", exit 1.
            one_error(result, 2, f"--data-dir {target}: this user may not write in {locked}")
            assert "SESHAT_DATA_DIR" not in result.stderr + result.stdout
    finally:
        locked.chmod(0o755)


def _transcript(tmp_path: Path, **fields: object) -> Path:
    data: dict[str, object] = {
        "team": "T0TEAM",
        "channel": "D0ALICE",
        "user": "U0ALICE",
        "messages": [{"user": "U0ALICE", "text": "How do I deploy? That failed."}],
    }
    data.update(fields)
    path = tmp_path / "transcript.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


@pytest.mark.parametrize(
    ("field", "value", "shown"),
    [
        ("team", None, "null"),
        ("user", None, "null"),
        ("channel", "", "empty"),
        ("user", {"id": "U1"}, '{"id": "U1"}'),
        ("team", 5, "5"),
    ],
)
def test_a_transcript_needs_string_ids(
    tmp_path: Path, field: str, value: object, shown: str
) -> None:
    path = _transcript(tmp_path, **{field: value})
    result = seshat("reflect", "--transcript", str(path), cwd=tmp_path)
    # Before: stored with the team (or the person) "None".
    one_error(result, 1, f'"{field}" is {shown}; give its Slack id as a string')
    assert not (tmp_path / "data").exists()


def test_lessons_and_reflections_show_take_json(tmp_path: Path) -> None:
    path = _transcript(tmp_path)
    made = seshat("reflect", "--transcript", str(path), "--json", cwd=tmp_path)
    assert made.returncode == 0, made.stderr
    reflection = json.loads(made.stdout)["reflection_id"]
    shown = seshat("reflections", "show", reflection, "--json", cwd=tmp_path)
    assert shown.returncode == 0, shown.stderr
    assert json.loads(shown.stdout)["id"] == reflection
    # No lesson 1 here: the flag is taken, the id is what is refused.
    missing = seshat("lessons", "show", "1", "--json", cwd=tmp_path)
    one_error(missing, 1, "no lesson 1")


@pytest.fixture(scope="module")
def library(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """(a data dir the demo filled, its export), made once."""
    where = tmp_path_factory.mktemp("demo")
    made = seshat("demo", "--data-dir", str(where / "data"), cwd=where)
    assert made.returncode == 0, made.stderr
    exported = where / "library.json"
    done = seshat("export", str(exported), cwd=where, env={"SESHAT_DATA_DIR": str(where / "data")})
    assert done.returncode == 0, done.stderr
    (where / "data" / "seshat.lock").unlink(missing_ok=True)
    return where / "data", exported


def _files(data: Path) -> dict[Path, bytes]:
    return {p: p.read_bytes() for p in data.rglob("*") if p.is_file()}


def test_an_import_dry_run_reads_a_read_only_copy(
    library: tuple[Path, Path], tmp_path: Path
) -> None:
    prefix = _read_only_runner()
    if prefix is None:
        pytest.skip("running as root without setpriv: file modes do not bind")
    source, exported = library
    data = tmp_path / "data"
    shutil.copytree(source, data)
    before = _files(data)
    for path in [data, *data.rglob("*")]:
        path.chmod(path.stat().st_mode & ~0o222)
    try:
        result = _process(
            "import",
            str(exported),
            "--dry-run",
            cwd=tmp_path,
            env={"SESHAT_DATA_DIR": str(data)},
            prefix=prefix,
            module="bot.cli",
        )
    finally:
        for path in [data, *data.rglob("*")]:
            path.chmod(path.stat().st_mode | 0o200)
    # Before: "SESHAT_DATA_DIR …: this user may not write in it", exit 2.
    assert result.returncode == 0, result.stderr
    assert "dry run: nothing was changed" in result.stdout
    assert "already present" in result.stdout
    assert _files(data) == before


def test_an_import_dry_run_creates_and_upgrades_nothing(
    library: tuple[Path, Path], tmp_path: Path
) -> None:
    _source, exported = library
    missing = tmp_path / "not-yet"
    result = seshat(
        "import", str(exported), "--dry-run", cwd=tmp_path, env={"SESHAT_DATA_DIR": str(missing)}
    )
    assert result.returncode == 0, result.stderr
    assert "no database at" in result.stderr and "the import would create it" in result.stderr
    assert "imported: " in result.stdout and "nothing new" not in result.stdout
    # Before: the dry run made the data dir and an empty database in it.
    assert not missing.exists()

    older = tmp_path / "older"
    older.mkdir()
    made = subprocess.run(
        [
            sys.executable,
            "-c",
            "import sys; from store.db import make_engine, upgrade; "
            "upgrade(make_engine(f'sqlite:///{sys.argv[1]}'), '0015')",
            str(older / "seshat.db"),
        ],
        env={**os.environ, "PYTHONPATH": str(REPO_ROOT)},
        capture_output=True,
        text=True,
        check=False,
    )
    assert made.returncode == 0, made.stderr
    dry = seshat(
        "import", str(exported), "--dry-run", cwd=tmp_path, env={"SESHAT_DATA_DIR": str(older)}
    )
    assert dry.returncode == 0, dry.stderr
    with sqlite3.connect(older / "seshat.db") as conn:
        revision = conn.execute("SELECT version_num FROM alembic_version").fetchone()[0]
    # Before: the dry run upgraded the database it said it did not change.
    assert revision == "0015"


@pytest.mark.parametrize(
    "url", ["postgresql://seshat:pw@127.0.0.1:abc/x", "postgresql://seshat:pw@[::1:5432/x"]
)
def test_a_database_url_with_a_bad_port_is_one_line_without_its_password(
    tmp_path: Path, url: str
) -> None:
    env = {"DATABASE_URL": url}
    for args in (("lessons", "list"), ("lessons", "approve", "1"), ("db", "upgrade")):
        result = seshat(*args, cwd=tmp_path, env=env)
        # Before: a traceback (ValueError: invalid literal for int()).
        line = one_error(result, 2, "DATABASE_URL", "not a valid URL")
        assert "pw" not in line and "***" in line
    doctor = seshat("doctor", "--offline", cwd=tmp_path, env=env)
    assert "✗ DATABASE_URL: " in doctor.stdout and "Traceback" not in doctor.stderr
    assert ":pw@" not in doctor.stdout


def test_text_pasted_where_a_path_goes_is_one_line(tmp_path: Path) -> None:
    pasted = "x" * 5000
    for args in (
        ("reflection", "parse", pasted),
        ("reflect", "--transcript", pasted),
        ("import", pasted),
        ("export", pasted),
        ("--env-file", pasted, "lessons", "list"),
    ):
        result = seshat(*args, cwd=tmp_path)
        # Before: a traceback (OSError: [Errno 36] File name too long).
        one_error(result, 2, "(5000 characters) is too long for this system")
    deep = f"/tmp/{'x' * 300}"
    result = seshat("lessons", "list", cwd=tmp_path, env={"SESHAT_DATA_DIR": deep})
    one_error(result, 2, "(305 characters) is too long", "SESHAT_DATA_DIR")


def test_a_binary_export_is_named_as_reflect_names_one(tmp_path: Path) -> None:
    binary = tmp_path / "library.json"
    binary.write_bytes(b"\x89PNG\r\n\x1a\n" + bytes(range(128, 256)))
    result = seshat("import", str(binary), cwd=tmp_path)
    # Before: "cannot be read (UnicodeDecodeError)".
    one_error(result, 1, "not UTF-8 text (byte 0x89 at offset 0; a binary file?")


def test_an_export_that_cannot_be_finished_leaves_the_earlier_one_whole(
    library: tuple[Path, Path], tmp_path: Path
) -> None:
    import resource
    import signal

    data = tmp_path / "data"
    shutil.copytree(library[0], data)
    # USER.md travels in the export: make it larger than SQLite's own files (its 32 KB -shm).
    with (data / "USER.md").open("a", encoding="utf-8") as user_md:
        user_md.writelines(f"- note {i}, padding the export past the limit\n" for i in range(3000))
    out = tmp_path / "out"
    out.mkdir()
    earlier = out / "backup.json"
    # An earlier export (a file that is not one is never overwritten: walk13).
    earlier.write_text('{"format": "seshat-export", "version": 2}\n', encoding="utf-8")
    before = earlier.read_bytes()

    def small_files() -> None:
        # A disk that fills up part-way through the export (about 150 KB): no file past 80 KB.
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
        resource.setrlimit(resource.RLIMIT_FSIZE, (80_000, 80_000))

    env = {k: v for k, v in os.environ.items() if not k.startswith(STRIPPED)}
    env.update(
        {"PYTHONPATH": str(REPO_ROOT), "SESHAT_EMBEDDER": "hashing", "SESHAT_DATA_DIR": str(data)}
    )
    result = subprocess.run(
        [sys.executable, "-m", "bot.cli", "export", str(earlier)],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
        preexec_fn=small_files,
    )
    one_error(result, 1, f"{earlier}: cannot be written (File too large)", "as it was")
    # Before: the earlier export was cut to the limit, half a JSON document.
    assert earlier.read_bytes() == before
    assert sorted(p.name for p in out.iterdir()) == ["backup.json"]
    done = seshat("export", str(earlier), cwd=tmp_path, env={"SESHAT_DATA_DIR": str(data)})
    assert done.returncode == 0, done.stderr
    assert json.loads(earlier.read_text(encoding="utf-8"))["format"] == "seshat-export"


def test_a_data_dir_this_user_may_not_enter_is_one_line(
    library: tuple[Path, Path], tmp_path: Path
) -> None:
    prefix = _read_only_runner()
    if prefix is None:
        pytest.skip("running as root without setpriv: file modes do not bind")
    data = tmp_path / "data"
    shutil.copytree(library[0], data)
    (data / "seshat.lock").unlink(missing_ok=True)
    env = {"SESHAT_DATA_DIR": str(data)}
    data.chmod(0)
    try:
        for args in (
            ("lessons", "list"),
            ("export",),
            ("lessons", "approve", "1"),
            ("context", "--user", "U0ALICE", "--channel", "D0ALICE"),
        ):
            result = _process(*args, cwd=tmp_path, env=env, prefix=prefix, module="bot.cli")
            # Before: a traceback (PermissionError from Path.exists()).
            one_error(result, 2, f"this user may not enter {data} (owner uid", "(chown)")
        doctor = _process(
            "doctor", "--offline", cwd=tmp_path, env=env, prefix=prefix, module="bot.cli"
        )
        assert "Traceback" not in doctor.stderr
        assert f"✗ DATABASE_URL: {data / 'seshat.db'}: this user may not enter" in doctor.stdout
    finally:
        data.chmod(0o755)
    database = data / "seshat.db"
    database.chmod(0)
    try:
        result = _process("lessons", "list", cwd=tmp_path, env=env, prefix=prefix, module="bot.cli")
        # Before: "unable to open database file", and no fix.
        one_error(result, 2, "unable to open database file", f"may not read {database}")
    finally:
        database.chmod(0o644)


def test_a_data_dir_linked_to_a_missing_folder_says_so(tmp_path: Path) -> None:
    link = tmp_path / "data"
    link.symlink_to(tmp_path / "gone")
    env = {"SESHAT_DATA_DIR": str(link)}
    result = seshat("db", "upgrade", cwd=tmp_path, env=env)
    # Before: "cannot be used (File exists)".
    one_error(result, 2, f"it is a link to {tmp_path / 'gone'}, which does not exist")
    doctor = seshat("doctor", "--offline", cwd=tmp_path, env=env)
    assert f"✗ SESHAT_DATA_DIR: {link} is a link to" in doctor.stdout
    # Before: "✓ DATABASE_URL: …/seshat.db will be created at start".
    assert "✗ DATABASE_URL: " in doctor.stdout and "will be created" not in doctor.stdout
    assert not (tmp_path / "gone").exists()
