"""The JSON log line keeps its own time even when a caller passes a Slack `ts` in `extra=`."""

from __future__ import annotations

import io
import json
import logging
from collections.abc import Iterator
from datetime import UTC, datetime

import pytest

from bot.logs import JsonFormatter, configure


@pytest.fixture
def lines() -> Iterator[tuple[logging.Logger, io.StringIO]]:
    out = io.StringIO()
    handler = logging.StreamHandler(out)
    handler.setFormatter(JsonFormatter())
    logger = logging.getLogger("tests.logs")
    logger.addHandler(handler)
    logger.propagate = False
    logger.setLevel(logging.INFO)
    yield logger, out
    logger.removeHandler(handler)
    logger.propagate = True


def test_slack_ts_goes_under_slack_ts_and_the_record_keeps_its_time(
    lines: tuple[logging.Logger, io.StringIO],
) -> None:
    logger, out = lines
    before = datetime.now(UTC)
    # As bot/chat/engine.py logs a failed message.
    logger.error("failed to handle message", extra={"channel": "D0X", "ts": "1700000000.000100"})
    [line] = out.getvalue().splitlines()
    record = json.loads(line)
    logged_at = datetime.fromisoformat(record["ts"])
    assert abs((logged_at - before).total_seconds()) < 5
    assert record["slack_ts"] == "1700000000.000100"
    assert record["channel"] == "D0X"
    assert (record["level"], record["logger"]) == ("error", "tests.logs")


def test_other_extras_named_like_the_formatters_fields_are_kept_aside(
    lines: tuple[logging.Logger, io.StringIO],
) -> None:
    logger, out = lines
    logger.info("hello", extra={"level": "custom", "logger": "someone", "exc": "nope"})
    record = json.loads(out.getvalue())
    assert (record["level"], record["logger"], record["msg"]) == ("info", "tests.logs", "hello")
    assert "exc" not in record
    assert (record["extra_level"], record["extra_logger"], record["extra_exc"]) == (
        "custom",
        "someone",
        "nope",
    )


def test_redaction_logs_nothing_at_info() -> None:
    # presidio logged "Fetching all recognizers" at INFO on every redaction: 403 of 1,041 lines
    # in one burst of the daemon's log.
    from writers.redact.redactor import redact_text

    root = logging.getLogger()
    saved = (root.handlers[:], root.level)
    seen: list[logging.LogRecord] = []

    class Keep(logging.Handler):
        def emit(self, record: logging.LogRecord) -> None:
            seen.append(record)

    try:
        configure("INFO", "json")
        root.addHandler(Keep())
        redact_text("call +1 415 555 0100 or mail ops@example.com")
        redact_text("nothing secret here")
        assert [r.getMessage() for r in seen if r.name.startswith("presidio")] == []
        logging.getLogger("seshat.test").info("our own INFO lines still show")
        assert [r.getMessage() for r in seen] == ["our own INFO lines still show"]
    finally:
        root.handlers[:] = saved[0]
        root.setLevel(saved[1])


@pytest.fixture
def configured() -> Iterator[None]:
    """`configure` may be called: the root's handlers and the levels it sets are put back."""
    from bot.logs import OWN_LEVEL_LIBRARIES, QUIET_LIBRARIES

    root = logging.getLogger()
    names = ("slack_sdk", *OWN_LEVEL_LIBRARIES, *QUIET_LIBRARIES)
    saved = (root.handlers[:], root.level, {n: logging.getLogger(n).level for n in names})
    try:
        yield
    finally:
        root.handlers[:] = saved[0]
        root.setLevel(saved[1])
        for name, level in saved[2].items():
            logging.getLogger(name).setLevel(level)


class Spy(str):
    """A text that counts how often it is rendered with repr (a debug line's f-string)."""

    shown = 0

    def __repr__(self) -> str:
        Spy.shown += 1
        return super().__repr__()


def test_the_slack_client_builds_no_debug_text_unless_debug_is_on(
    configured: None,
) -> None:
    # slack_sdk's Web API client formats each request's JSON body and each response for a debug
    # line when its logger's *own* level is NOTSET or DEBUG, whatever the level in effect.
    from slack_sdk import WebClient

    from bot.doubles.slack_workspace import LocalSlackWorkspace

    with LocalSlackWorkspace() as slack:
        slack.add_user("U0PERSON1", "person")
        root = slack.user_dm("U0PERSON1", "hello")
        client = WebClient(token=slack.bot_token, base_url=slack.api_url)
        shown = []
        for level in ("WARNING", "INFO", "DEBUG"):
            configure(level, "json")
            Spy.shown = 0
            client.chat_postMessage(channel=root["channel"], thread_ts=root["ts"], text=Spy("hi"))
            shown.append(Spy.shown)
    assert shown[:2] == [0, 0]
    assert shown[2] > 0  # at DEBUG the line is built (and logged) as before


def test_the_start_up_checks_keep_the_slack_clients_failures_to_themselves(
    configured: None,
) -> None:
    # bot/slack/check.py turns a failed call into one message of its own; the client's own
    # logger (which `configure` gives a level) says nothing either.
    from bot.slack.check import check_bot_token
    from store.config import ConfigError

    configure("INFO", "json")
    seen: list[logging.LogRecord] = []

    class Keep(logging.Handler):
        def emit(self, record: logging.LogRecord) -> None:
            seen.append(record)

    logging.getLogger().addHandler(Keep())
    with pytest.raises(ConfigError):
        check_bot_token("xoxb-not-checked", "http://127.0.0.1:9/api/")
    assert [r.name for r in seen if r.name.startswith("slack_sdk")] == []
