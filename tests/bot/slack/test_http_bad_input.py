"""HTTP mode under bad input: the real daemon's Bolt app behind the real waitress server, real
sockets, real Slack signatures. Every bad request gets a status Slack will not retry pointlessly,
at most one log line and no traceback, and the daemon keeps answering."""

from __future__ import annotations

import hashlib
import hmac
import http.client
import json
import logging
import time
from collections.abc import Iterator
from typing import Any
from urllib.parse import urlencode, urlsplit

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.doubles.stack import LocalStack
from bot.slack.http_server import HttpServer

ALICE = "U0ALICE"
JSON_TYPE = "application/json"
FORM_TYPE = "application/x-www-form-urlencoded"


@pytest.fixture(scope="module")
def stack(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LocalStack]:
    """One real daemon in HTTP mode for the module (its Bolt app, listeners and store)."""
    with LocalStack(tmp_path_factory.mktemp("http") / "data", mode="http") as s:
        s.slack.add_user(ALICE, "alice")
        yield s


@pytest.fixture
def server(stack: LocalStack) -> Iterator[HttpServer]:
    """A fresh HTTP server over the daemon's Bolt app, built as the daemon builds it, so each test
    starts with its own refusal-log state."""
    srv = HttpServer(stack.bot.bolt, host="127.0.0.1", port=0, threads=2)
    srv.start()
    yield srv
    srv.stop()


@pytest.fixture
def secret(stack: LocalStack) -> str:
    return stack.slack.signing_secret


@pytest.fixture
def logs(caplog: pytest.LogCaptureFixture) -> pytest.LogCaptureFixture:
    caplog.set_level(logging.INFO)
    return caplog


# -- helpers -------------------------------------------------------------------------------------


def signature(secret: str, timestamp: str, body: bytes) -> str:
    base = b"v0:" + timestamp.encode() + b":" + body
    return "v0=" + hmac.new(secret.encode(), base, hashlib.sha256).hexdigest()


def request(
    url: str,
    method: str = "POST",
    body: bytes = b"",
    headers: dict[str, str] | None = None,
) -> tuple[int, bytes]:
    parts = urlsplit(url)
    conn = http.client.HTTPConnection(parts.hostname, parts.port, timeout=5)
    try:
        conn.request(method, parts.path, body=body, headers=headers or {})
        response = conn.getresponse()
        return response.status, response.read()
    finally:
        conn.close()


def post(
    server: HttpServer,
    body: bytes,
    secret: str,
    *,
    content_type: str = JSON_TYPE,
    timestamp: str | None = None,
    sig: str | None = None,
    drop: tuple[str, ...] = (),
) -> tuple[int, bytes]:
    """POST `body` signed with `secret` (or with the given timestamp / signature)."""
    ts = timestamp if timestamp is not None else str(int(time.time()))
    headers = {
        "Content-Type": content_type,
        "X-Slack-Request-Timestamp": ts,
        "X-Slack-Signature": sig if sig is not None else signature(secret, ts, body),
    }
    for name in drop:
        del headers[name]
    return request(server.url, body=body, headers=headers)


def form(**fields: str) -> bytes:
    return urlencode(fields).encode()


def assert_alive(server: HttpServer, secret: str) -> None:
    """The server still answers its health check and a correctly signed Slack request."""
    base = server.url.rsplit("/slack/events", 1)[0]
    assert request(f"{base}/healthz", method="GET") == (200, b"ok")
    challenge = json.dumps({"type": "url_verification", "challenge": "still-here"}).encode()
    status, body = post(server, challenge, secret)
    assert status == 200 and json.loads(body) == {"challenge": "still-here"}


def edge_lines(logs: pytest.LogCaptureFixture) -> list[logging.LogRecord]:
    return [
        r
        for r in logs.records
        if r.name == "bot.slack.http_server" and r.levelno >= logging.WARNING
    ]


def assert_no_traceback(logs: pytest.LogCaptureFixture) -> None:
    assert [r for r in logs.records if r.exc_info] == []
    assert "Traceback" not in logs.text
    assert [r.getMessage() for r in logs.records if r.levelno >= logging.ERROR] == []
    # Bolt's own many-line "Unhandled request … [Suggestion]" warning is replaced by ours.
    assert [r for r in logs.records if "Unhandled request" in r.getMessage()] == []
    assert all(
        "\n" not in r.getMessage() for r in logs.records if r.name == "bot.slack.http_server"
    )


# -- 1. malformed bodies: 400 ------------------------------------------------------------------


MALFORMED = {
    "truncated JSON": (b'{"type":"event_callback","event":{"type":"message"', JSON_TYPE),
    "JSON array": (b'[{"type":"event_callback"}]', JSON_TYPE),
    "JSON string": (b'"event_callback"', JSON_TYPE),
    "invalid UTF-8": (b'{"type":"event_callback","event":{"text":"\xff\xfe"}}', JSON_TYPE),
    "form payload not JSON": (form(payload='{"type":"block_actions",'), FORM_TYPE),
    "form payload a JSON list": (form(payload="[1, 2]"), FORM_TYPE),
    "empty body": (b"", JSON_TYPE),
    "nested past the recursion limit": (b'{"a":' + b"[" * 100_000 + b"]" * 100_000 + b"}", ""),
    # Bolt reads ids out of these without checking their types.
    "authorizations not a list": (
        json.dumps({"type": "event_callback", "authorizations": "x", "event": {"type": "x"}}),
        JSON_TYPE,
    ),
    "channel id not a string": (
        form(payload=json.dumps({"type": "block_actions", "actions": [], "channel": 5})),
        FORM_TYPE,
    ),
    "block_actions with no actions": (
        form(payload=json.dumps({"type": "block_actions", "actions": []})),
        FORM_TYPE,
    ),
}


@pytest.mark.parametrize("case", list(MALFORMED))
def test_malformed_signed_body_is_400_with_one_line(
    case: str, server: HttpServer, secret: str, logs: pytest.LogCaptureFixture
) -> None:
    body, content_type = MALFORMED[case]
    raw = body.encode() if isinstance(body, str) else body
    status, _ = post(server, raw, secret, content_type=content_type)
    assert status == 400
    assert len(edge_lines(logs)) == 1, logs.text
    assert_no_traceback(logs)
    assert_alive(server, secret)


# -- 2 and 4. deliveries nothing listens for: 200 ------------------------------------------------


UNHANDLED = {
    "unknown event type": {"type": "event_callback", "event": {"type": "channel_created"}},
    "event_callback without event": {"type": "event_callback", "event_id": "Ev0NONE"},
    "unknown outer type": {"type": "something_new", "event_id": "Ev0NEW"},
    "app_rate_limited": {"type": "app_rate_limited", "minute_rate_limited": 1518467820},
    "event is a string": {"type": "event_callback", "event": "message"},
    "event is a string naming a reaction": {"type": "event_callback", "event": "reaction_added"},
    "event is a list": {"type": "event_callback", "event": [{"type": "message"}]},
    "event type is not a string": {"type": "event_callback", "event": {"type": ["message"]}},
}


@pytest.mark.parametrize("case", list(UNHANDLED))
def test_delivery_without_a_listener_is_acknowledged_with_one_line(
    case: str, server: HttpServer, secret: str, logs: pytest.LogCaptureFixture
) -> None:
    payload: dict[str, Any] = {"team_id": "T0TEST", "event_id": "Ev0TEST", **UNHANDLED[case]}
    status, body = post(server, json.dumps(payload).encode(), secret)
    assert (status, body) == (200, b"")
    [line] = edge_lines(logs)
    assert "acknowledged" in line.getMessage()
    # Nothing reached a listener to fail there.
    assert [r.getMessage() for r in logs.records if r.name == "bot.slack.app"] == []
    assert_no_traceback(logs)
    assert_alive(server, secret)


# -- 3 and 5. unsigned requests: 401, logged, rate-limited --------------------------------------

DONE = form(
    command="/done", text="", user_id=ALICE, channel_id="D0ALICE", team_id="T0TEST"
)  # would be answered with text if it reached the listener


def _old() -> str:
    return str(int(time.time()) - 6 * 60)


UNSIGNED: dict[str, dict[str, Any]] = {
    "timestamp not a number": {"timestamp": "abc"},
    "timestamp negative": {"timestamp": "-5"},
    "timestamp with spaces": {"timestamp": " 1700000000"},
    "timestamp huge": {"timestamp": "9" * 5000},
    "no timestamp header": {"drop": ("X-Slack-Request-Timestamp",)},
    "no signature header": {"drop": ("X-Slack-Signature",)},
    "no signature headers": {"drop": ("X-Slack-Request-Timestamp", "X-Slack-Signature")},
    "forged signature": {"sig": "v0=" + "0" * 64},
    "signature not hex": {"sig": "v0=ünïcode"},
    "signed with another secret": {"secret": "not-the-signing-secret"},
    "replayed (too old)": {"timestamp": "old"},
    "too far in the future": {"timestamp": "future"},
}


@pytest.mark.parametrize("case", list(UNSIGNED))
def test_unsigned_request_is_401_before_any_listener_and_logged(
    case: str, server: HttpServer, secret: str, logs: pytest.LogCaptureFixture
) -> None:
    options = dict(UNSIGNED[case])
    key = options.pop("secret", secret)
    now = int(time.time())
    if options.get("timestamp") == "old":
        options["timestamp"] = str(now - 6 * 60)
    elif options.get("timestamp") == "future":
        options["timestamp"] = str(now + 6 * 60)
    if "timestamp" in options and "sig" not in options:
        # Correctly signed over the bad timestamp: only the timestamp is wrong.
        options["sig"] = signature(key, options["timestamp"], DONE)
    status, body = post(server, DONE, key, content_type=FORM_TYPE, **options)
    assert status == 401 and b"session" not in body
    [line] = edge_lines(logs)
    assert "without a valid signature" in line.getMessage()
    assert "/done" not in logs.text  # the body of an unsigned request is never logged
    assert [r.getMessage() for r in logs.records if r.name == "bot.slack.app"] == []
    assert_no_traceback(logs)
    assert_alive(server, secret)


def test_refusals_are_logged_once_per_interval_per_reason_with_a_count(
    stack: LocalStack, secret: str, logs: pytest.LogCaptureFixture
) -> None:
    server = HttpServer(stack.bot.bolt, host="127.0.0.1", port=0, refusal_log_seconds=0.5)
    server.start()
    try:
        for _ in range(5):
            assert post(server, DONE, secret, sig="v0=" + "1" * 64)[0] == 401
        for _ in range(3):
            assert post(server, DONE, secret, timestamp=_old())[0] == 401
        first = [(r.reason, r.suppressed) for r in edge_lines(logs)]  # type: ignore[attr-defined]
        assert first == [("bad signature", 0), ("timestamp outside the replay window", 0)]
        time.sleep(0.6)
        logs.clear()
        assert post(server, DONE, secret, sig="v0=" + "2" * 64)[0] == 401
        [line] = edge_lines(logs)
        assert (line.reason, line.suppressed) == ("bad signature", 4)  # type: ignore[attr-defined]
        assert "4 like it held back" in line.getMessage()
        assert_no_traceback(logs)
        assert_alive(server, secret)
    finally:
        server.stop()


# -- what still works ------------------------------------------------------------------------


def test_slash_command_whose_text_says_payload_reaches_its_listener(
    server: HttpServer, secret: str, logs: pytest.LogCaptureFixture
) -> None:
    # Bolt alone parses any form containing "payload" as an interactivity payload and gets {}.
    body = form(
        command="/done", text="the payload", user_id=ALICE, channel_id="D0X", team_id="T0TEST"
    )
    status, answer = post(server, body, secret, content_type=FORM_TYPE)
    assert status == 200 and b"no open session" in answer
    assert edge_lines(logs) == []
    assert_no_traceback(logs)


def test_daemon_answers_a_dm_after_a_barrage_of_bad_requests(
    stack: LocalStack, secret: str, logs: pytest.LogCaptureFixture
) -> None:
    assert stack.bot.http is not None
    server = stack.bot.http  # the daemon's own server, as Slack reaches it
    bad = [
        post(server, MALFORMED["truncated JSON"][0], secret)[0],
        post(server, MALFORMED["JSON array"][0], secret)[0],
        post(server, json.dumps(UNHANDLED["event is a string"]).encode(), secret)[0],
        post(server, DONE, secret, content_type=FORM_TYPE, timestamp="abc")[0],
        post(server, DONE, secret, content_type=FORM_TYPE, sig="v0=x")[0],
    ]
    assert bad == [400, 400, 200, 401, 401]
    msg = stack.slack.user_dm(ALICE, "still there after all that?")
    call = stack.slack.wait_for_call(
        "chat.postMessage",
        lambda c: c.params.get("thread_ts") == msg["ts"],
        timeout=10,
    )
    assert "still there" in str(call.params.get("text"))
    assert_no_traceback(logs)


# -- anything signed: never a 5xx, never a traceback -------------------------------------------

_KEYS = st.sampled_from(
    [
        "type", "event", "event_id", "team_id", "team", "user", "channel", "channel_type", "text",
        "subtype", "bot_id", "thread_ts", "item", "reaction", "actions", "action_id", "value",
        "container", "message", "authorizations", "enterprise", "enterprise_id", "view",
        "is_ext_shared_channel", "id", "challenge", "tab", "command", "user_id", "channel_id",
    ]
)  # fmt: skip
_NAMES = st.sampled_from(
    [
        "event_callback", "url_verification", "block_actions", "message", "app_mention",
        "reaction_added", "reaction_removed", "app_home_opened", "view_submission", "shortcut",
        "home", "U0ALICE", "C0CHAN", "D0ALICE", "T0TEST", "approve", "",
    ]
)  # fmt: skip
_LEAF = st.one_of(
    st.none(), st.booleans(), st.integers(-3, 3), _NAMES, st.text(max_size=8)
)  # no "ts" key: nothing here is a storable message, so no chat reply is started
_VALUE = st.recursive(
    _LEAF,
    lambda inner: st.one_of(st.lists(inner, max_size=3), st.dictionaries(_KEYS, inner, max_size=4)),
    max_leaves=12,
)
_BODY = st.dictionaries(_KEYS, _VALUE, max_size=6)


@settings(
    max_examples=120,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(payload=_BODY, as_form=st.booleans())
def test_any_signed_object_is_answered_without_5xx_or_traceback(
    payload: dict[str, Any],
    as_form: bool,
    stack: LocalStack,
    secret: str,
    logs: pytest.LogCaptureFixture,
) -> None:
    logs.clear()
    server = stack.bot.http
    assert server is not None
    if as_form:
        status, _ = post(server, form(payload=json.dumps(payload)), secret, content_type=FORM_TYPE)
    else:
        status, _ = post(server, json.dumps(payload).encode(), secret)
    assert status in (200, 400), payload
    assert len(edge_lines(logs)) <= 1
    assert [r for r in logs.records if r.exc_info] == []
    assert [r for r in logs.records if r.name.startswith("waitress")] == []


def test_bad_paths_and_methods_are_404_and_healthz_answers(
    server: HttpServer, secret: str, logs: pytest.LogCaptureFixture
) -> None:
    base = server.url.rsplit("/slack/events", 1)[0]
    assert request(server.url, method="GET")[0] == 404
    assert request(f"{base}/elsewhere", body=b"{}")[0] == 404
    assert_no_traceback(logs)
    assert_alive(server, secret)


def test_http_server_refuses_to_run_without_a_signing_secret(stack: LocalStack) -> None:
    with pytest.raises(ValueError, match="signing secret"):
        HttpServer(stack.bot.bolt, host="127.0.0.1", port=0, signing_secret="")
