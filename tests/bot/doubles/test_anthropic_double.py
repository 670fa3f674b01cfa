"""The local Anthropic Messages API double, spoken to over raw HTTP (no SDK in between)."""

from __future__ import annotations

import json
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from datetime import datetime
from enum import Enum
from typing import Any

import pytest
from pydantic import BaseModel

from bot.doubles.anthropic_api import (
    Fault,
    Garbage,
    LocalAnthropicAPI,
    MidStream,
    Reply,
    Slow,
    ToolUse,
    estimate_tokens,
    minimal_json,
)

KEY = "sk-ant-double"
HEADERS = {"x-api-key": KEY, "anthropic-version": "2023-06-01"}


@pytest.fixture
def api() -> Iterator[LocalAnthropicAPI]:
    with LocalAnthropicAPI(api_key=KEY) as server:
        yield server


def post(
    api: LocalAnthropicAPI,
    body: dict[str, Any],
    *,
    path: str = "/v1/messages",
    headers: dict[str, str] | None = None,
) -> tuple[int, dict[str, str], Any]:
    request = urllib.request.Request(
        api.base_url + path,
        data=json.dumps(body).encode(),
        headers={"content-type": "application/json", **(HEADERS if headers is None else headers)},
        method="POST",
    )
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            raw = response.read()
            return response.status, dict(response.headers), raw
    except urllib.error.HTTPError as err:
        with err:
            return err.code, dict(err.headers), json.loads(err.read())


def message(text: str = "hello", **extra: Any) -> dict[str, Any]:
    return {
        "model": "claude-sonnet-4-5",
        "max_tokens": 100,
        "messages": [{"role": "user", "content": text}],
        **extra,
    }


def test_message_has_the_real_shape(api: LocalAnthropicAPI) -> None:
    status, headers, raw = post(api, message("ping"))
    body = json.loads(raw)
    assert status == 200
    assert headers["request-id"].startswith("req_")
    assert body["id"].startswith("msg_")
    assert (body["type"], body["role"], body["model"]) == (
        "message",
        "assistant",
        "claude-sonnet-4-5",
    )
    assert body["content"] == [{"type": "text", "text": "(offline demo model) You said: ping"}]
    assert (body["stop_reason"], body["stop_sequence"]) == ("end_turn", None)
    assert body["usage"] == {
        "input_tokens": estimate_tokens("ping"),
        "output_tokens": estimate_tokens(body["content"][0]["text"]),
        "cache_creation_input_tokens": 0,
        "cache_read_input_tokens": 0,
    }
    assert api.requests[0].body == message("ping")
    assert api.requests[0].headers["x-api-key"] == KEY


@pytest.mark.parametrize(
    ("status", "kind"),
    [(429, "rate_limit_error"), (529, "overloaded_error"), (500, "api_error")],
)
def test_faults_have_real_error_shapes(api: LocalAnthropicAPI, status: int, kind: str) -> None:
    api.script(Fault(status, retry_after=2, times=2))
    for _ in range(2):
        code, headers, body = post(api, message())
        assert code == status
        assert body["type"] == "error"
        assert body["error"]["type"] == kind
        assert headers["retry-after"] == "2"
        assert headers["request-id"].startswith("req_")
    assert post(api, message())[0] == 200


@pytest.mark.parametrize(
    ("headers", "body", "status", "kind"),
    [
        (
            {"x-api-key": "nope", "anthropic-version": "2023-06-01"},
            message(),
            401,
            "authentication_error",
        ),
        (
            {"anthropic-version": "2023-06-01", "authorization": "Bearer nope"},
            message(),
            401,
            "authentication_error",
        ),
        ({"x-api-key": KEY}, message(), 400, "invalid_request_error"),
        (HEADERS, {"model": "m", "messages": []}, 400, "invalid_request_error"),
    ],
    ids=["wrong-key", "wrong-bearer", "no-version", "no-max-tokens"],
)
def test_refusals(
    api: LocalAnthropicAPI, headers: dict[str, str], body: dict[str, Any], status: int, kind: str
) -> None:
    code, _, error = post(api, body, headers=headers)
    assert (code, error["error"]["type"]) == (status, kind)


def test_bearer_key_is_accepted(api: LocalAnthropicAPI) -> None:
    headers = {"authorization": f"Bearer {KEY}", "anthropic-version": "2023-06-01"}
    assert post(api, message(), headers=headers)[0] == 200


def test_count_tokens(api: LocalAnthropicAPI) -> None:
    body = {"model": "m", "system": "abcdefgh", "messages": [{"role": "user", "content": "abcd"}]}
    status, _, raw = post(api, body, path="/v1/messages/count_tokens")
    assert (status, json.loads(raw)) == (200, {"input_tokens": 3})


def cached(system: list[str], marks: list[int], text: str = "q", **extra: Any) -> dict[str, Any]:
    blocks: list[dict[str, Any]] = [{"type": "text", "text": s} for s in system]
    for i in marks:
        blocks[i]["cache_control"] = {"type": "ephemeral"}
    return message(text, system=blocks, **extra)


def usage(api: LocalAnthropicAPI, body: dict[str, Any]) -> tuple[int, int, int]:
    u = json.loads(post(api, body)[2])["usage"]
    return u["input_tokens"], u["cache_creation_input_tokens"], u["cache_read_input_tokens"]


def test_prompt_cache_reads_the_longest_seen_prefix(api: LocalAnthropicAPI) -> None:
    # Blocks are sized past claude-sonnet-4-5's 1,024-token minimum (this test once used
    # 100-token blocks, when the double cached from 0 tokens, which the real API never does).
    a, b = "A" * 4800, "B" * 800  # 1,200 and 200 tokens
    assert usage(api, cached([a, b], [1])) == (1, 1400, 0)
    assert usage(api, cached([a, b], [1], text="other")) == (2, 0, 1400)
    # Changing the second block misses that prefix; the first block alone was never a breakpoint.
    assert usage(api, cached([a, "C" * 800], [0, 1])) == (1, 1400, 0)
    # ... but it is now, so a third variant reads 1,200 and writes the rest.
    assert usage(api, cached([a, "D" * 800], [1])) == (1, 200, 1200)
    # Caches are per model.
    assert usage(api, cached([a, b], [1], model="claude-sonnet-4")) == (1, 1400, 0)
    # A top-level cache_control marks the last block (the user message); the lookback still
    # finds the system prefix cached by the first call.
    top_level = cached([a, b], [], text="abcd", cache_control={"type": "ephemeral"})
    assert usage(api, top_level) == (0, 1, 1400)
    api.reset_cache()
    assert usage(api, cached([a, b], [1])) == (1, 1400, 0)


@pytest.mark.parametrize(
    ("model", "minimum"),
    [
        ("claude-sonnet-4-5", 1024),
        ("claude-sonnet-4-6", 2048),
        ("claude-3-5-haiku-20241022", 2048),
        ("claude-haiku-4-5-20251001", 4096),
        ("claude-opus-4-6", 4096),
    ],
)
def test_prompt_cache_minimum_is_per_model(
    api: LocalAnthropicAPI, model: str, minimum: int
) -> None:
    below, at = "A" * (4 * minimum - 4), "A" * (4 * minimum)
    # One token short of the model's minimum: neither written nor read, however often it is sent.
    assert usage(api, cached([below], [0], model=model)) == (minimum, 0, 0)
    assert usage(api, cached([below], [0], model=model)) == (minimum, 0, 0)
    # At the minimum: written, then read.
    assert usage(api, cached([at], [0], model=model)) == (1, minimum, 0)
    assert usage(api, cached([at], [0], model=model)) == (1, 0, minimum)


def test_prompt_cache_minimum_override(api: LocalAnthropicAPI) -> None:
    api.min_cacheable_tokens = 0
    assert usage(api, cached(["A" * 400], [0])) == (1, 100, 0)
    api.min_cacheable_tokens = 1024
    assert usage(api, cached(["B" * 400], [0])) == (101, 0, 0)
    assert usage(api, cached(["B" * 400], [0])) == (101, 0, 0)


def test_prompt_cache_lookback_is_twenty_blocks(api: LocalAnthropicAPI) -> None:
    head = "H" * 8000  # 2,000 tokens, past claude-sonnet-4-5's minimum
    filler = [f"block {i:03}" for i in range(30)]  # 3 tokens each
    assert usage(api, cached([head], [0]))[1] == 2000
    # 20 blocks after the cached prefix, the breakpoint's lookback still reaches it ...
    assert usage(api, cached([head, *filler[:20]], [20])) == (1, 60, 2000)
    api.reset_cache()
    usage(api, cached([head], [0]))
    # ... 21 blocks after, it does not: everything is written again.
    assert usage(api, cached([head, *filler[:21]], [21])) == (1, 2063, 0)


def test_more_than_four_breakpoints_is_refused(api: LocalAnthropicAPI) -> None:
    four = cached(["a", "b", "c", "d", "e"], [0, 1, 2, 3])
    assert post(api, four)[0] == 200
    code, _, error = post(api, cached(["a", "b", "c", "d", "e"], [0, 1, 2, 3, 4]))
    assert (code, error["error"]["type"]) == (400, "invalid_request_error")
    assert "maximum of 4 blocks with cache_control" in error["error"]["message"]


def test_max_tokens_truncates(api: LocalAnthropicAPI) -> None:
    api.script("x" * 100)
    body = json.loads(post(api, message(max_tokens=5))[2])
    assert body["stop_reason"] == "max_tokens"
    assert body["content"][0]["text"] == "x" * 20
    assert body["usage"]["output_tokens"] == 5


def test_scripted_answers_are_consumed_in_order_then_the_responder(
    api: LocalAnthropicAPI,
) -> None:
    api.responder = lambda body: "custom: " + body["messages"][-1]["content"]
    api.script("one", ToolUse("lookup", {"q": "x"}), Garbage(b"not json", "text/plain"))
    texts = [post(api, message())[2] for _ in range(4)]
    assert json.loads(texts[0])["content"][0]["text"] == "one"
    tool = json.loads(texts[1])
    assert tool["stop_reason"] == "tool_use"
    assert tool["content"][0]["type"] == "tool_use"
    assert tool["content"][0]["id"].startswith("toolu_")
    assert (tool["content"][0]["name"], tool["content"][0]["input"]) == ("lookup", {"q": "x"})
    assert texts[2] == b"not json"
    assert json.loads(texts[3])["content"][0]["text"] == "custom: hello"


class Mood(Enum):
    HAPPY = "happy"
    SAD = "sad"


class Inner(BaseModel):
    note: str
    when: datetime


class Shape(BaseModel):
    mood: Mood
    count: int
    items: list[Inner]
    inner: Inner
    maybe: str | None
    flags: dict[str, list[str]]


def test_minimal_json_validates_against_a_pydantic_schema() -> None:
    value = minimal_json(Shape.model_json_schema())
    parsed = Shape.model_validate(value)
    assert parsed.mood is Mood.HAPPY
    assert parsed.maybe is None


def test_structured_output_and_forced_tool_defaults(api: LocalAnthropicAPI) -> None:
    schema = Shape.model_json_schema()
    fmt = {"format": {"type": "json_schema", "schema": schema}}
    text = json.loads(post(api, message(output_config=fmt))[2])["content"][0]["text"]
    Shape.model_validate_json(text)
    tools = [{"name": "emit", "description": "d", "input_schema": schema}]
    forced = message(tools=tools, tool_choice={"type": "tool", "name": "emit"})
    block = json.loads(post(api, forced)[2])["content"][0]
    assert block["type"] == "tool_use"
    Shape.model_validate(block["input"])
    api.json_responder = lambda body: '{"per": "purpose"}'
    text = json.loads(post(api, message(output_config=fmt))[2])["content"][0]["text"]
    assert text == '{"per": "purpose"}'


def test_slow_is_cut_short_by_stop() -> None:
    api = LocalAnthropicAPI(api_key=KEY).start()
    api.script(Slow(120))
    results: list[int] = []
    worker = threading.Thread(target=lambda: results.append(post(api, message())[0]))
    worker.start()
    api.wait_for_requests(1, timeout=5)
    api.stop()
    worker.join(timeout=10)
    assert not worker.is_alive()
    assert results == [529]


def test_slow_then_answers(api: LocalAnthropicAPI) -> None:
    api.script(Slow(0.05, then=Fault(500)))
    assert post(api, message())[0] == 500


def test_wait_for_requests_times_out(api: LocalAnthropicAPI) -> None:
    with pytest.raises(TimeoutError):
        api.wait_for_requests(1, timeout=0.05)


# -- streaming ---------------------------------------------------------------------------------


def sse(raw: bytes) -> list[tuple[str, dict[str, Any]]]:
    """(event name, data) pairs of a server-sent event body."""
    events = []
    for frame in raw.decode().split("\n\n"):
        if not frame.strip():
            continue
        fields = dict(line.split(": ", 1) for line in frame.splitlines())
        events.append((fields["event"], json.loads(fields["data"])))
    return events


def test_a_stream_is_the_real_event_sequence_with_the_same_usage(api: LocalAnthropicAPI) -> None:
    whole = json.loads(post(api, cached(["A" * 4800], [0], text="ping"))[2])
    status, headers, raw = post(api, cached(["A" * 4800], [0], text="ping", stream=True))
    lowered = {k.lower(): v for k, v in headers.items()}
    assert status == 200 and lowered["content-type"].startswith("text/event-stream")
    events = sse(raw)
    names = [name for name, _ in events]
    assert names[:3] == ["message_start", "content_block_start", "ping"]
    assert names[-3:] == ["content_block_stop", "message_delta", "message_stop"]
    assert set(names[3:-3]) == {"content_block_delta"} and len(names[3:-3]) > 1
    assert all(data["type"] == name for name, data in events)
    start = events[0][1]["message"]
    assert start["content"] == [] and start["stop_reason"] is None
    # The input side at the start (a cache read now: the first request wrote it), the output
    # count in message_delta, as the API reports them.
    assert start["usage"] == {**whole["usage"], "cache_creation_input_tokens": 0,
                              "cache_read_input_tokens": 1200, "output_tokens": 1}  # fmt: skip
    text = "".join(d["delta"]["text"] for n, d in events if n == "content_block_delta")
    assert text == whole["content"][0]["text"]
    delta = events[-2][1]
    assert delta["delta"] == {"stop_reason": "end_turn", "stop_sequence": None}
    assert delta["usage"]["output_tokens"] == whole["usage"]["output_tokens"]


def test_the_sdk_reads_a_stream_both_ways(api: LocalAnthropicAPI) -> None:
    import anthropic

    client = anthropic.Anthropic(api_key=KEY, base_url=api.base_url, max_retries=0)
    api.script(Reply("streamed words " * 20, usage={"output_tokens": 77}), "raw events")
    sdk_message = message("hi", model="claude-sonnet-4-6")  # a model the SDK does not deprecate
    with client.messages.stream(**sdk_message) as stream:
        pieces = list(stream.text_stream)
        final = stream.get_final_message()
    assert len(pieces) > 5 and "".join(pieces) == "streamed words " * 20
    assert final.stop_reason == "end_turn" and final.usage.output_tokens == 77
    assert final.usage.input_tokens == estimate_tokens("hi")
    events = list(client.messages.create(**sdk_message, stream=True))
    assert [e.type for e in events][0] == "message_start"
    assert "".join(e.delta.text for e in events if e.type == "content_block_delta") == "raw events"
    client.close()


def test_a_stream_is_paced_at_tokens_per_second() -> None:
    with LocalAnthropicAPI(api_key=KEY, tokens_per_second=200) as api:
        api.script("x" * 400)  # 100 tokens: half a second at 200 a second
        started = time.monotonic()
        status, _, raw = post(api, message(stream=True))
        took = time.monotonic() - started
        assert status == 200 and sse(raw)[-1][0] == "message_stop"
        assert 0.4 < took < 3
        api.script("x" * 400)  # not streamed: answered once all of it is generated
        started = time.monotonic()
        assert post(api, message())[0] == 200
        assert 0.4 < time.monotonic() - started < 3


def test_a_stream_can_break_midway() -> None:
    import anthropic
    import httpx2

    with LocalAnthropicAPI(api_key=KEY) as api:
        client = anthropic.Anthropic(api_key=KEY, base_url=api.base_url, max_retries=0)
        api.script(MidStream("one two three four five", 9))
        got: list[str] = []
        with pytest.raises(anthropic.APIStatusError) as failed:
            for event in client.messages.create(**message("hi", model="m"), stream=True):
                if event.type == "content_block_delta":
                    got.append(event.delta.text)
        assert "".join(got) == "one two t"
        assert failed.value.type == "overloaded_error"
        # The connection cut instead: the SDK's transport error, after the text sent so far.
        api.script(MidStream("one two three four five", 4, error=None))
        got.clear()
        with pytest.raises(httpx2.TransportError):
            for event in client.messages.create(**message("hi", model="m"), stream=True):
                if event.type == "content_block_delta":
                    got.append(event.delta.text)
        assert "".join(got) == "one "
        # Not streamed: the same fault is the error status.
        api.script(MidStream("one two", 3))
        code, _, body = post(api, message())
        assert (code, body["error"]["type"]) == (529, "overloaded_error")
        client.close()
