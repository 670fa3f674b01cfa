"""Structured logging: one JSON object per line (or plain text for a terminal)."""

from __future__ import annotations

import json
import logging
import sys
from datetime import UTC, datetime
from typing import Any

_STANDARD = set(logging.makeLogRecord({}).__dict__) | {"message", "asctime"}
# `extra=` fields named like one the formatter writes itself keep their value under another key:
# callers pass a Slack message's `ts`, which must not replace the time the record was logged.
_OWN = {"ts", "level", "logger", "msg", "exc"}
_RENAMED = {"ts": "slack_ts"}
# Loggers kept at WARNING by `configure` (below DEBUG): they log at INFO on every call.
QUIET_LIBRARIES = ("presidio-analyzer", "presidio-anonymizer")
# Loggers whose library decides to format a debug line by the logger's own level
# (`logger.level <= logging.DEBUG`), not by the level in effect: at NOTSET (0) it is always
# true. slack_sdk's Web API client then renders every request (its JSON body: a reply's
# blocks) and every response (its headers and body) as text for a debug line that is dropped
# (~0.2 M instructions a post, a seventh of it: 27-hot14-bolt); Bolt names each middleware it
# applies. `configure` gives them the root's level, which they inherit anyway: the same lines
# are logged, and none is built for nothing.
OWN_LEVEL_LIBRARIES = ("slack_sdk.web.base_client", "slack_bolt")


class JsonFormatter(logging.Formatter):
    """Formats records as JSON with any `extra=` fields included."""

    def format(self, record: logging.LogRecord) -> str:
        """Render one record."""
        payload: dict[str, Any] = {
            "ts": datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds"),
            "level": record.levelname.lower(),
            "logger": record.name,
            "msg": record.getMessage(),
        }
        for key, value in record.__dict__.items():
            if key not in _STANDARD:
                payload[_RENAMED.get(key, f"extra_{key}") if key in _OWN else key] = value
        if record.exc_info:
            payload["exc"] = self.formatException(record.exc_info)
        return json.dumps(payload, default=str)


class TextFormatter(logging.Formatter):
    """`time LEVEL logger: message key=value …`: the `extra=` fields too (the start-up line's
    mode, bot user and providers), as the JSON lines carry them."""

    def __init__(self) -> None:
        super().__init__("%(asctime)s %(levelname)s %(name)s: %(message)s")

    def format(self, record: logging.LogRecord) -> str:
        """Render one record with its extra fields appended."""
        line = super().format(record)
        extras = [
            f"{_RENAMED.get(k, k)}={v}" for k, v in record.__dict__.items() if k not in _STANDARD
        ]
        if not extras:
            return line
        head, _, rest = line.partition("\n")  # a traceback stays below the fields
        return f"{head} {' '.join(extras)}" + (f"\n{rest}" if rest else "")


def configure(level: str = "INFO", fmt: str = "json") -> None:
    """Send logs to stderr in the chosen format (idempotent)."""
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(JsonFormatter() if fmt == "json" else TextFormatter())
    root = logging.getLogger()
    root.handlers[:] = [handler]
    root.setLevel(level.upper())
    # Libraries on the hot path that log at INFO per call (presidio: a line per redaction,
    # 403 of 1,041 lines in one burst) say only warnings, unless DEBUG asks for everything.
    quiet = logging.DEBUG if root.level <= logging.DEBUG else logging.WARNING
    for name in QUIET_LIBRARIES:
        logging.getLogger(name).setLevel(quiet)
    for name in OWN_LEVEL_LIBRARIES:
        logging.getLogger(name).setLevel(root.level)
