"""The `seshat` command line as a user runs it: in this process where nothing depends on the
process (tests/support/cli.py), as a real process for the daemon, the demo, signals and imports."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from bot.doubles.anthropic_api import LocalAnthropicAPI
from bot.doubles.slack_workspace import LocalSlackWorkspace
from tests.support.cli import seshat

ROOT = Path(__file__).resolve().parents[2]


def test_run_without_tokens_names_the_variables_and_points_at_the_demo(tmp_path: Path) -> None:
    result = seshat("run", cwd=tmp_path)
    assert result.returncode != 0
    assert "SLACK_BOT_TOKEN" in result.stderr and "SLACK_APP_TOKEN" in result.stderr
    assert "seshat demo" in result.stderr
    # It says where it looked for .env, and logs no "stopped" for a daemon that never started.
    assert str(tmp_path / ".env") in result.stderr and "(no such file)" in result.stderr
    assert "seshat stopped" not in result.stdout + result.stderr
    http = seshat("run", cwd=tmp_path, env={"SLACK_MODE": "http", "SLACK_BOT_TOKEN": "xoxb-1-2-3"})
    assert http.returncode != 0 and "SLACK_SIGNING_SECRET" in http.stderr
    assert "SLACK_BOT_TOKEN" not in http.stderr.split("\n", 2)[1]


def test_bad_setting_is_named(tmp_path: Path) -> None:
    result = seshat("db", "upgrade", cwd=tmp_path, env={"SLACK_MODE": "carrier-pigeon"})
    assert result.returncode == 2 and "SLACK_MODE" in result.stderr


def test_reflect_a_transcript_file_then_list_and_show(tmp_path: Path) -> None:
    transcript = {
        "team": "T0TEAM",
        "channel": "D0ALICE",
        "user": "U0ALICE",
        "messages": [
            {
                "ts": "1700000000.000100",
                "user": "U0ALICE",
                "text": "We use Postgres 16 in production. How do I add an index concurrently?",
            },
            {
                "ts": "1700000001.000100",
                "bot_id": "B0SESHAT",
                "text": "Use CREATE INDEX CONCURRENTLY ...",
            },
            {"ts": "1700000002.000100", "user": "U0ALICE", "text": "Thanks, that works!"},
        ],
    }
    path = tmp_path / "t.json"
    path.write_text(json.dumps(transcript))
    result = seshat("reflect", "--transcript", str(path), "--json", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert "INFO" not in result.stderr  # library logs stay out of a CLI user's terminal
    out = json.loads(result.stdout)
    assert out["status"] == "ok" and out["outcome"] == "success" and out["cost_usd"] == 0
    assert set(out["writes"]) >= {"memory", "lessons", "skills", "persona", "user_model"}
    listing = json.loads(seshat("reflections", "list", "--json", cwd=tmp_path).stdout)
    assert [r["reflection_id"] for r in listing] == [out["reflection_id"]]
    assert listing[0]["provider"] == "heuristic"
    shown = json.loads(seshat("reflections", "show", out["reflection_id"][:8], cwd=tmp_path).stdout)
    assert shown["parsed"]["outcome"] == "success"
    retried = seshat("reflection", "retry", out["reflection_id"][:8], cwd=tmp_path)
    assert retried.returncode == 0 and "nothing to retry" in retried.stdout, retried.stderr
    unknown = seshat("reflection", "retry", "ffffffff", cwd=tmp_path)
    assert unknown.returncode == 1 and "seshat reflections list" in unknown.stderr
    bad = seshat("reflect", "--transcript", "-", cwd=tmp_path, stdin="not json")
    assert bad.returncode == 1 and "not JSON" in bad.stderr
    # A missing file and a directory: one line each, naming the path, no traceback.
    for target, says in ((tmp_path / "missing.json", "no such file"), (tmp_path, "is a folder")):
        result = seshat("reflect", "--transcript", str(target), cwd=tmp_path)
        assert result.returncode == 1 and says in result.stderr and str(target) in result.stderr
        assert "Traceback" not in result.stderr and len(result.stderr.strip().splitlines()) == 1


def test_context_prints_the_system_prompt(tmp_path: Path) -> None:
    (tmp_path / "data").mkdir()
    (tmp_path / "data" / "MEMORY.md").write_text("- The office is in Lisbon.\n")
    text = seshat("context", "--user", "U0ALICE", "--channel", "D0ALICE", cwd=tmp_path)
    assert text.returncode == 0, text.stderr
    assert text.stdout.startswith("# Identity") and "> - The office is in Lisbon." in text.stdout
    as_json = json.loads(
        seshat(
            "context",
            "--user",
            "U0ALICE",
            "--channel",
            "D0ALICE",
            "--text",
            "hi",
            "--json",
            cwd=tmp_path,
        ).stdout
    )
    assert as_json["system_prompt"] == text.stdout.rstrip("\n")
    assert as_json["tokens"]["budget"] == 1000
    # A prompt this short is below the chat model's minimum cacheable length: no breakpoint sent.
    assert [b["cache_breakpoint"] for b in as_json["blocks"]] == [False] * len(as_json["blocks"])


@pytest.mark.timeout(300)
def test_demo_runs_the_loop_and_exits_zero(tmp_path: Path) -> None:
    kept = tmp_path / "kept"
    result = seshat("demo", "--data-dir", str(kept), cwd=tmp_path, timeout=280)
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-3000:]
    assert "offline" in result.stdout and "Demo finished" in result.stdout
    assert "reflection" in result.stdout and "status=ok" in result.stdout
    # Each card says what it is: learned text and kinds are printed as written, not as markup.
    assert "[lesson]" in result.stdout and "simulated cost" in result.stdout
    assert "waiting for your approval" in result.stdout and "staged" not in result.stdout
    # Each card shows what is being approved and why it was not applied on its own.
    out = " ".join(result.stdout.split())  # Rich wraps long lines at the terminal width
    assert "Do: Say to connect to the VPN first" in out
    assert "description: Deploy the API service to production" in out
    assert "1. Connect to the VPN" in out
    assert "Alice prefers short answers" in out
    assert out.count("why it waits for Alice:") == 4
    assert "saved without asking: an owner's notes go to MEMORY.md" in out
    # Three sessions, each beat narrated.
    for title in ("Session 1 · Alice", "Session 2 · Bob", "Session 3 · Carol"):
        assert title in out
    assert "skill deploy-api matched" in out and "its body went into the session tail" in out
    assert "carried the skill's body and Alice's approved lesson" in out
    assert "stall step 1: novelty cue" in out and "stall step 2: temperature lift" in out
    # The cue and the lifted temperature are read off the requests the SDK sent.
    # (No request numbers: how many repeats each step takes is bot/chat/stall.py's to calibrate.)
    assert "temperature=0.5, novelty cue in the session tail" in out
    assert "the stall is broken" in out
    assert "deploy-api active uses 1 (✓1 ~0 ✗0)" in out  # the `seshat skills list` line
    assert "promoted by the recurrence rule: 3 sessions from Alice, Bob, Carol" in out
    assert "When a user says a suggested fix did not work" in out  # in the next context
    assert "Seshat → Alice (DM): Checking in on our conversation" in out
    # Under agent_view (the manifest's): each session's status, and what it taught as a card
    # in its thread.
    assert "agent session “How do I deploy the API?”: processing → active" in out
    assert "agent session “How do I deploy the API?”: closed; in its thread, the card:" in out
    assert "✔ 2 lessons waiting for the owner's ✅" in out and "✔ 1 fact kept for you" in out
    assert "✔ 1 skill draft sent for review" in out
    assert "✗ " not in out and out.count("✓ ") == 10
    # The stack stops taking work, drains, then closes the socket: nothing on stderr at exit.
    assert result.stderr.strip() == "", result.stderr[-3000:]
    # --data-dir X keeps the data in X itself.
    assert (kept / "seshat.db").is_file() and not (kept / "data").exists()

    # The data says the same as the narration.
    from sqlalchemy import create_engine, text

    engine = create_engine(f"sqlite:///{kept / 'seshat.db'}")
    try:
        with engine.connect() as db:
            decided = db.execute(
                text("SELECT kind, decided_by FROM review_items WHERE status = 'approved'")
            ).all()
            [invocation] = db.execute(
                text("SELECT skill_slug, mode, outcome, reflection_id FROM skill_invocations")
            ).all()
            ladder = db.execute(
                text(
                    "SELECT kind, detail FROM session_events WHERE kind LIKE 'stall_%' ORDER BY id"
                )
            ).all()
            lessons = db.execute(text("SELECT status, promotion FROM lessons ORDER BY id")).all()
            checkins = db.execute(text("SELECT state, user_id, sent_ts FROM checkins")).all()
    finally:
        engine.dispose()
    assert sorted(decided) == [
        ("lesson", "U0ALICE"),
        ("persona", "U0ALICE"),
        ("skill", "U0ALICE"),
    ]
    assert invocation[:3] == ("deploy-api", "injected", "success") and invocation[3]
    kinds = [kind for kind, _ in ladder]
    # The cue, then the lift; the changed reply then stands the ladder down (stall_clear).
    assert kinds[:2] == ["stall_cue", "stall_lift"] and set(kinds[2:]) <= {"stall_clear"}
    lifted = json.loads(ladder[1][1])["temperature"]
    assert lifted > 0.5 and f"temperature={lifted}" in out  # the lift is on the SDK's request
    # Lesson 1: approved by Alice; lesson 2: promoted by recurrence.
    assert [status for status, _ in lessons] == ["canonical", "canonical"]
    assert json.loads(lessons[0][1])["rule"] == "owner"
    evidence = json.loads(lessons[1][1])
    assert evidence["rule"] == "recurrence"
    assert sorted(evidence["users"]) == ["U0ALICE", "U0BOB", "U0CAROL"]
    [(state, user, sent_ts)] = checkins
    assert (state, user) == ("sent", "U0ALICE") and sent_ts


def test_demo_with_an_api_key_uses_that_api(tmp_path: Path) -> None:
    # ANTHROPIC_API_KEY set: the demo talks to the API at ANTHROPIC_BASE_URL (here a local one)
    # instead of its own double. A model that does not repeat itself or plan a check-in (this
    # one echoes, and answers reflections with the minimal valid JSON) is reported as such: the
    # demo does not fake the beats it did not produce.
    api = LocalAnthropicAPI().start()
    try:
        env = {"ANTHROPIC_API_KEY": api.api_key, "ANTHROPIC_BASE_URL": api.base_url}
        result = seshat("demo", cwd=tmp_path, env=env, timeout=280)
    finally:
        api.stop()
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-3000:]
    out = " ".join(result.stdout.split())
    assert f"the Anthropic API at {api.base_url}" in out
    assert "Demo finished" in out and "simulated" not in out
    assert "The offline model is scripted" not in out
    assert "You said: How do I deploy the API?" in out  # the API's answer, not the script's
    assert "no stall: the model did not repeat itself" in out
    assert "✗ a stall broken by the ladder" in out
    assert "✗ a check-in scheduled and sent: no check-in was scheduled" in out
    assert "✗ a recurring lesson promoted" in out
    assert len(api.requests) >= 7 and result.stderr.strip() == ""


def test_demo_with_a_wrong_key_stops_with_one_message(tmp_path: Path) -> None:
    api = LocalAnthropicAPI().start()
    try:
        env = {"ANTHROPIC_API_KEY": "sk-ant-wrong", "ANTHROPIC_BASE_URL": api.base_url}
        result = seshat("demo", cwd=tmp_path, env=env, timeout=280)
    finally:
        api.stop()
    out = " ".join(result.stdout.split())
    assert result.returncode == 1, out[-3000:]
    # The key is checked when the daemon starts, before any session: the variable is named.
    assert "The demo stopped: ANTHROPIC_API_KEY was refused" in out and "invalid x-api-key" in out
    assert "Traceback" not in result.stdout + result.stderr and "Demo finished" not in out


def test_run_serves_slack_and_stops_cleanly_on_sigterm(tmp_path: Path) -> None:
    import signal

    from bot.doubles.anthropic_api import LocalAnthropicAPI
    from bot.doubles.slack_workspace import LocalSlackWorkspace
    from bot.doubles.stack import process_env

    with LocalSlackWorkspace() as slack, LocalAnthropicAPI() as anthropic:
        env = process_env(slack, anthropic, tmp_path / "data", LOG_FORMAT="json")
        proc = subprocess.Popen(
            [sys.executable, "-m", "bot.cli", "run"],
            cwd=tmp_path,
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        try:
            slack.wait_for_connection(timeout=60)
            msg = slack.user_dm("U0ALICE", "ping from a real process")
            slack.wait_for_call(
                "chat.postMessage", lambda c: c.params.get("thread_ts") == msg["ts"], timeout=30
            )
            proc.send_signal(signal.SIGTERM)
            _, stderr = proc.communicate(timeout=60)
        finally:
            if proc.poll() is None:
                proc.kill()
        assert proc.returncode == 0, stderr[-2000:]
        lines = [json.loads(line) for line in stderr.splitlines() if line.startswith("{")]
        messages = [line["msg"] for line in lines]
        assert "seshat started" in messages and "seshat stopped" in messages
        assert any(m == "signal received, shutting down" for m in messages)


def test_a_first_real_run_with_wrong_tokens_is_one_message(tmp_path: Path) -> None:
    with LocalSlackWorkspace() as slack:
        slack.add_user("U0OWNER", "owner")  # the owner is looked up (users.info) once connected
        good = {
            "SLACK_API_URL": slack.api_url,
            "SLACK_BOT_TOKEN": slack.bot_token,
            "SLACK_APP_TOKEN": slack.app_token,
            "SLACK_OWNER_IDS": "U0OWNER",
        }
        cases = [
            ({"SLACK_BOT_TOKEN": "xoxb-1-2-wrongwrongwrong"}, "SLACK_BOT_TOKEN was refused"),
            ({"SLACK_APP_TOKEN": "xapp-1-A1-2-wrongwrongwrong"}, "SLACK_APP_TOKEN was refused"),
            ({"SLACK_APP_TOKEN": slack.bot_token}, "SLACK_APP_TOKEN holds a xoxb- token"),
            ({"SLACK_API_URL": "http://127.0.0.1:9/api/"}, "Could not reach Slack"),
        ]
        for change, says in cases:
            result = seshat("run", cwd=tmp_path, env={**good, **change}, timeout=60)
            assert result.returncode == 2, (change, result.stderr[-2000:])
            assert says in result.stderr and "Traceback" not in result.stderr, result.stderr
            assert len(result.stderr.strip().splitlines()) <= 2, result.stderr
        online = seshat("check-config", "--online", cwd=tmp_path, env=good)
        assert online.returncode == 0, online.stderr
        assert "auth.test: ok" in online.stdout and "apps.connections.open: ok" in online.stdout
        refused = seshat("check-config", "--online", cwd=tmp_path, env={**good, **cases[1][0]})
        assert refused.returncode == 1 and "SLACK_APP_TOKEN was refused" in refused.stderr
    no_owner = {**good, "SLACK_OWNER_IDS": "", "SLACK_OWNER_OPTIONAL": "true"}
    offline = seshat("check-config", cwd=tmp_path, env=no_owner)
    assert offline.returncode == 0 and "nobody can approve" in offline.stderr


HEAVY_MODULES = ("presidio_analyzer", "anthropic", "wordllama", "spacy", "slack_bolt")


def _modules_loaded_by(argv: list[str], tmp_path: Path) -> list[str]:
    """Run the CLI in-process in a fresh interpreter and list which heavy libraries it imported."""
    code = (
        "import sys\n"
        "from bot.cli import app\n"
        f"try:\n    app({argv!r})\nexcept SystemExit as exc:\n    assert not exc.code, exc.code\n"
        f"print(sorted(m for m in {HEAVY_MODULES!r} if m in sys.modules))\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code],
        cwd=tmp_path,
        env={**os.environ, "SESHAT_DATA_DIR": str(tmp_path / "data"), "PYTHONPATH": str(ROOT)},
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    loaded: list[str] = json.loads(result.stdout.strip().splitlines()[-1].replace("'", '"'))
    return loaded


def test_help_and_listings_do_not_import_the_heavy_libraries(tmp_path: Path) -> None:
    # The speed itself is measured by bench/cli_startup.py; this keeps the cause from coming back.
    listings = (
        ["lessons", "list"],
        ["reflections", "list"],
        ["review", "list"],
        ["checkins", "list"],
    )
    for argv in (["--help"], *listings):
        assert _modules_loaded_by(argv, tmp_path) == [], argv


def test_env_file_option_reads_that_file_and_names_it(tmp_path: Path) -> None:
    other = tmp_path / "staging.env"
    other.write_text("SLACK_BOT_TOKEN=xoxb-only-the-bot\nSLACK_OWNER_IDS=U0OWNER\n")
    result = seshat("--env-file", str(other), "check-config", cwd=tmp_path)
    # The bot token came from staging.env, so only the app token is missing, and the message
    # names the file that was read.
    assert result.returncode == 1, result.stderr
    assert "SLACK_APP_TOKEN" in result.stderr and "SLACK_BOT_TOKEN" not in result.stderr
    assert str(other) in result.stderr
    missing = seshat("--env-file", str(tmp_path / "nope.env"), "check-config", cwd=tmp_path)
    assert missing.returncode == 2 and "nope.env: no such file" in missing.stderr
    assert "Traceback" not in missing.stderr
    # A bad value in it is named by every command, not only by `run`.
    other.write_text("SLACK_MODE=carrier-pigeon\n")
    for argv in (("lessons", "list"), ("review", "list"), ("reflections", "list")):
        bad = seshat("--env-file", str(other), *argv, cwd=tmp_path)
        assert bad.returncode == 2 and "SLACK_MODE" in bad.stderr, argv
        assert "Traceback" not in bad.stderr


def test_learned_and_user_text_is_printed_literally(tmp_path: Path) -> None:
    from datetime import UTC, datetime

    from store.db import Store
    from store.models import ChatSession, ReflectionRow

    (tmp_path / "data").mkdir()
    store = Store.open(f"sqlite:///{tmp_path / 'data' / 'seshat.db'}")
    now = datetime.now(UTC)
    with store.sessions.begin() as db:
        db.add(
            ChatSession(
                id="s-markup",
                team="T1",
                channel="D1",
                user_id="U1",
                opened_at=now,
                last_activity_at=now,
            )
        )
        db.flush()
        db.add(
            ReflectionRow(
                id="r-markup-0001",
                session_id="s-markup",
                attempt=1,
                status="failed",
                provider="heuristic",
                model="h",
                prompt_version="v",
                prompt_hash="h",
                error="[lesson] [bold]kept[/bold] [/]",
                created_at=now,
            )
        )
    store.close()
    listing = seshat("reflections", "list", cwd=tmp_path, env={"COLUMNS": "200"})
    assert listing.returncode == 0, listing.stderr
    assert "[lesson] [bold]kept[/bold] [/]" in listing.stdout
    odd = tmp_path / "[lesson] x.json"
    result = seshat("reflect", "--transcript", str(odd), cwd=tmp_path)
    assert result.returncode == 1 and "[lesson] x.json" in result.stderr
