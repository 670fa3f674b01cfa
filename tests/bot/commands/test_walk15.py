"""Paths a new user, a person or an owner hits (walk15): each ends in one clear line naming the
fix, never a traceback or a silent success."""

from __future__ import annotations

import logging
from collections.abc import Iterator
from pathlib import Path

import pytest

from bot.doubles.stack import LocalStack
from tests.bot.learning.test_e2e_forget import ALICE, home, seed, start
from tests.support.cli import one_error, seshat

# -- Settings as the environment delivers them ------------------------------------------------

TOKENS = {
    "SLACK_BOT_TOKEN": "xoxb-1111-2222-abcdefghijklmnop",
    "SLACK_APP_TOKEN": "xapp-1-A1-2-abcdef",
    "SLACK_OWNER_IDS": "U0123ABCD",
}


@pytest.mark.parametrize(
    "quotes", [('"', '"'), ("'", "'"), ("\u201c", "\u201d")], ids=["double", "single", "curly"]
)
def test_settings_wrapped_in_quotes_the_environment_kept_are_read_without_them(
    tmp_path: Path, quotes: tuple[str, str]
) -> None:
    first, last = quotes
    # `docker run --env-file` and Kubernetes keep a .env's quotes as part of the value.
    env = {name: f"{first}{value}{last}" for name, value in TOKENS.items()}
    env["DATABASE_URL"] = f"{first}sqlite:///{tmp_path / 'q.db'}{last}"
    result = seshat("check-config", cwd=tmp_path, env=env)
    # Before: "SLACK_BOT_TOKEN holds a value that is not a Slack token; it needs the xoxb-… one",
    # of a good token, and the same of the app token and the owner id.
    assert result.returncode == 0, result.stderr
    assert "look complete" in result.stdout
    upgrade = seshat("db", "upgrade", cwd=tmp_path, env=env)
    # Before: `'"sqlite:///…"': Seshat stores in SQLite (…) or PostgreSQL (…)`.
    assert upgrade.returncode == 0, upgrade.stderr
    assert (tmp_path / "q.db").is_file()


@pytest.mark.parametrize(
    "owners",
    ["U0123ABCD U0456EFGH", "U0123ABCD; U0456EFGH", '["U0123ABCD", "U0456EFGH"]'],
    ids=["spaces", "semicolons", "json"],
)
def test_owner_ids_listed_with_spaces_semicolons_or_as_json_are_each_an_owner(
    tmp_path: Path, owners: str
) -> None:
    env = {**TOKENS, "SLACK_OWNER_IDS": owners}
    result = seshat("doctor", "--offline", cwd=tmp_path, env=env)
    # Before: "SLACK_OWNER_IDS: 'U0123ABCD U0456EFGH' is not a Slack member id", of two.
    assert "✓ SLACK_OWNER_IDS: U0123ABCD, U0456EFGH" in result.stdout, result.stdout
    assert seshat("check-config", cwd=tmp_path, env=env).returncode == 0


@pytest.mark.parametrize(
    ("token", "named"),
    [
        ("xoxb-1111-2222-abcdefghijklmnop # the bot", "holds a space and '#'"),
        ("xoxb-1111-2222-abcdefghijklmnop;", "holds ';'"),
    ],
    ids=["comment-in-quotes", "semicolon"],
)
def test_a_token_with_a_comment_or_semicolon_pasted_into_it_names_them_and_not_the_token(
    tmp_path: Path, token: str, named: str
) -> None:
    (tmp_path / ".env").write_text(
        f'SLACK_BOT_TOKEN="{token}"\nSLACK_APP_TOKEN={TOKENS["SLACK_APP_TOKEN"]}\n'
        "SLACK_OWNER_IDS=U0123ABCD\n"
    )
    result = seshat("check-config", cwd=tmp_path)
    # Before: "Slack settings look complete", then Slack refused the token at `seshat run`
    # (invalid_auth) with the fix "reinstall the app".
    said = one_error(result, 1, f"SLACK_BOT_TOKEN {named}", "after the closing quote")
    assert "abcdefghijklmnop" not in said
    doctor = seshat("doctor", "--offline", cwd=tmp_path)
    assert f"✗ SLACK_BOT_TOKEN: {named}" in doctor.stdout, doctor.stdout


def test_a_name_with_a_character_that_does_not_show_is_named_not_reported_missing(
    tmp_path: Path,
) -> None:
    (tmp_path / ".env").write_text(
        f"SLACK_OWNER_IDS=U0123ABCD\n\u200bSLACK_BOT_TOKEN={TOKENS['SLACK_BOT_TOKEN']}\n"
        f"SLACK_APP_TOKEN={TOKENS['SLACK_APP_TOKEN']}\n",
        encoding="utf-8",
    )
    result = seshat("check-config", cwd=tmp_path)
    # Before: "Missing or placeholder setting(s) … SLACK_BOT_TOKEN", of a file that held it.
    said = one_error(result, 2, ".env, line 2: the name SLACK_BOT_TOKEN holds U+200B")
    assert "abcdefghijklmnop" not in said


def test_a_settings_file_in_utf16_without_a_byte_order_mark_says_how_to_convert_it(
    tmp_path: Path,
) -> None:
    text = "".join(f"{name}={value}\n" for name, value in TOKENS.items())
    (tmp_path / ".env").write_bytes(text.encode("utf-16-le"))
    result = seshat("check-config", cwd=tmp_path)
    # Before: every setting reported missing (each name was read with a NUL after each letter).
    one_error(result, 2, ".env, line 1: holds NUL bytes", "iconv -f utf-16le -t utf-8")


# -- a person's /seshat forget, typed as a sentence -------------------------------------------


@pytest.fixture
def people(tmp_path: Path) -> Iterator[LocalStack]:
    """The daemon on the local Slack workspace, with Alice's and Bob's sessions reflected."""
    stack = start(tmp_path / "data")
    try:
        seed(stack)
        yield stack
    finally:
        stack.stop()


def test_forget_an_id_ending_a_sentence_or_in_bold_asks_to_forget_it(people: LocalStack) -> None:
    dm = people.slack.dm_channel(ALICE)
    one = people.slack.slash_command(ALICE, dm, "/seshat", "forget fact:1")
    assert one is not None and "Forget `fact:1`?" in one["text"], one
    # Before: "`fact:1.` is not something I keep about you, so there is nothing to forget".
    for typed in ("forget fact:1.", "forget fact:1?", "forget *fact:1*", "forget _fact:1_!"):
        assert people.slack.slash_command(ALICE, dm, "/seshat", typed) == one, typed
    other = people.slack.slash_command(ALICE, dm, "/seshat", "forget fact:10.")
    assert other is not None and "`fact:10.` is not something I keep" in other["text"]


# -- "--- Logging error ---" in a test run ------------------------------------------------------


def test_an_in_process_seshat_run_leaves_the_logging_as_it_found_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from tests.bot.test_first_run import seshat as first_run_seshat

    root = logging.getLogger()
    before = root.handlers[:]
    env = {
        **TOKENS,
        "SESHAT_ENV_FILE": str(tmp_path / ".env"),
        "SESHAT_DATA_DIR": str(tmp_path / "data"),
        "SESHAT_EMBEDDER": "hashing",
        "SLACK_API_URL": "http://127.0.0.1:9/api/",  # nothing listens: `run` stops at its check
    }
    result = first_run_seshat("run", env=env)
    assert result.exit_code == 2 and "SLACK_BOT_TOKEN" in result.stderr, result.stderr
    # Before: `seshat run` put a handler on the runner's stderr in the root logger and left it
    # there; once the runner closed that stream, every later record (the Socket Mode threads of
    # the next tests' daemons among them) printed "--- Logging error ---" and a traceback, and
    # tests/bot/test_first_run.py's second-daemon test failed on it.
    assert root.handlers == before
    logging.getLogger("tests.walk15").warning("a record after the run")
    assert "Logging error" not in capsys.readouterr().err


def test_a_forget_click_carrying_an_id_past_the_databases_range_is_answered(
    people: LocalStack,
) -> None:
    from bot.home.user import FORGET_ITEM

    home(people, ALICE)
    for value in ("fact:" + "9" * 30, "note:" + "9" * 20, "fact:\u0661"):
        mark = people.slack.mark()
        people.slack.click_home_button(ALICE, FORGET_ITEM, value)
        # A refused item is audited and the Home published again, as it is for `fact:999`.
        # Before: the database's overflow stopped the handler ("handler failed" and a traceback
        # in the log) with nothing published; and `fact:١` (int() reads it as 1) forgot fact:1.
        people.slack.wait_for_call(
            "views.publish", lambda c: c.params.get("user_id") == ALICE, timeout=15, after=mark
        )
    kept = people.slack.slash_command(ALICE, people.slack.dm_channel(ALICE), "/seshat", "memory")
    assert kept is not None and "'value': 'fact:1'" in str(kept["blocks"]), kept


def test_a_setting_that_is_one_of_a_few_words_is_read_in_any_case(tmp_path: Path) -> None:
    from store.config import Settings

    typed = {
        "LOG_FORMAT": "JSON",
        "CHAT_PROVIDER": "Anthropic",
        "SLACK_EXPERIENCE": "Agent",
        "SESHAT_EMBEDDER": "HASHING",
        "REFLECTION_PROVIDER": " Heuristic",
        "LEARNING_NOTICES": "Owner",
        "SLACK_ALLOW_BOTS": "None",
    }
    result = seshat("check-config", cwd=tmp_path, env={**TOKENS, **typed})
    # Before: "LOG_FORMAT: Input should be 'json' or 'text'" (SLACK_MODE=HTTP was read as http).
    assert result.returncode == 0, result.stderr
    settings = Settings(_env_file=None, **typed)
    assert (settings.log_format, settings.chat_provider, settings.slack_allow_bots) == (
        "json",
        "anthropic",
        "none",
    )
