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
