"""AnthropicLLM through the real anthropic SDK against the local Messages API double."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Callable, Iterator
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
)
from reflection.anthropic_llm import POOLS, AnthropicLLM
from reflection.errors import LLMInterrupted, LLMRejected, LLMUnavailable
from reflection.heuristic import HeuristicReflector
from reflection.llm import ChatMessage, LLMRequest, SystemBlock
from reflection.offline import OfflineChatLLM

KEY = "sk-ant-test-key"
MODEL = "claude-haiku-4-5"
IDENTITY = "You are Seshat, a helpful team assistant. " * 20
TAIL = "Relevant facts for this session: none."
Client = Callable[..., AnthropicLLM]


@pytest.fixture
def api() -> Iterator[LocalAnthropicAPI]:
    with LocalAnthropicAPI(api_key=KEY) as server:
        yield server


@pytest.fixture
def clients() -> Iterator[list[AnthropicLLM]]:
    """Clients made by a test, closed afterwards so no pooled socket outlives it."""
    made: list[AnthropicLLM] = []
    yield made
    for llm in made:
        llm.close()


@pytest.fixture
def client(api: LocalAnthropicAPI, clients: list[AnthropicLLM]) -> Callable[..., AnthropicLLM]:
    def make(timeout: float = 5.0, max_retries: int = 0, key: str = KEY) -> AnthropicLLM:
        llm = AnthropicLLM(key, base_url=api.base_url, timeout=timeout, max_retries=max_retries)
        clients.append(llm)
        return llm

    return make


def chat(
    text: str,
    *,
    max_tokens: int = 200,
    json_schema: dict[str, Any] | None = None,
    identity: str = IDENTITY,
) -> LLMRequest:
    return LLMRequest(
        model=MODEL,
        system=(SystemBlock(identity, cache=True), SystemBlock(TAIL)),
        messages=(ChatMessage("user", text),),
        max_tokens=max_tokens,
        json_schema=json_schema,
    )


class Verdict(BaseModel):
    outcome: str
    lessons: list[str]
    score: int | None = None


def test_text_reply_carries_usage_and_model(api: LocalAnthropicAPI, client: Client) -> None:
    response = client().complete(chat("hello there"))
    assert response.provider == "anthropic"
    assert response.model == MODEL
    assert response.text == "(offline demo model) You said: hello there"
    assert response.stop_reason == "end_turn"
    assert response.usage.output_tokens == estimate_tokens(response.text)
    prompt_tokens = sum(estimate_tokens(t) for t in (IDENTITY, TAIL, "hello there"))
    usage = response.usage
    assert usage.input_tokens + usage.cache_write_tokens + usage.cache_read_tokens == prompt_tokens
    assert client().cost(response) > 0


def test_system_blocks_carry_cache_breakpoints_and_second_call_reads_cache(
    api: LocalAnthropicAPI, client: Client
) -> None:
    # Haiku 4.5 caches only prefixes of 4,096 tokens or more: the identity is made that long
    # (this test once used a 210-token identity, which the double cached and the API never did).
    identity = IDENTITY * 20
    assert estimate_tokens(identity) >= 4096
    llm = client()
    first = llm.complete(chat("first question", identity=identity))
    second = llm.complete(chat("a different second question", identity=identity))
    system = api.requests[0].body["system"]
    assert system[0] == {"type": "text", "text": identity, "cache_control": {"type": "ephemeral"}}
    assert system[1] == {"type": "text", "text": TAIL}
    assert (first.usage.cache_write_tokens, first.usage.cache_read_tokens) == (
        estimate_tokens(identity),
        0,
    )
    assert (second.usage.cache_write_tokens, second.usage.cache_read_tokens) == (
        0,
        estimate_tokens(identity),
    )


def test_short_system_breakpoint_is_not_sent(api: LocalAnthropicAPI, client: Client) -> None:
    # The same request with a 210-token identity: below Haiku 4.5's minimum, so no breakpoint
    # (it would cache nothing and take one of the four slots).
    response = client().complete(chat("hello"))
    assert all("cache_control" not in block for block in api.requests[0].body["system"])
    assert (response.usage.cache_write_tokens, response.usage.cache_read_tokens) == (0, 0)


def test_structured_output_sends_schema_and_returns_json(
    api: LocalAnthropicAPI, client: Client
) -> None:
    llm = client()
    request = chat("reflect", json_schema=Verdict.model_json_schema())
    default = Verdict.model_validate_json(llm.complete(request).text)
    assert default.lessons == []
    api.script('{"outcome": "success", "lessons": ["ask first"], "score": 3}')
    scripted = Verdict.model_validate_json(llm.complete(request).text)
    assert scripted == Verdict(outcome="success", lessons=["ask first"], score=3)
    output = api.requests[0].body["output_config"]["format"]
    assert output["type"] == "json_schema"
    assert set(output["schema"]["properties"]) == {"outcome", "lessons", "score"}
    assert output["schema"]["additionalProperties"] is False


def test_tool_use_answer_comes_back_as_json(api: LocalAnthropicAPI, client: Client) -> None:
    api.script(ToolUse("record", {"outcome": "partial", "lessons": []}))
    response = client().complete(chat("reflect"))
    assert json.loads(response.text) == {"outcome": "partial", "lessons": []}
    assert response.stop_reason == "tool_use"


def test_overloaded_twice_then_success_is_retried_by_the_sdk(
    api: LocalAnthropicAPI, client: Client
) -> None:
    api.script(Fault(529, retry_after=0.01, times=2), "third time lucky")
    response = client(max_retries=3).complete(chat("hi"))
    assert response.text == "third time lucky"
    retries = [r.headers.get("x-stainless-retry-count") for r in api.requests]
    assert retries == ["0", "1", "2"]


def test_persistent_overload_is_unavailable(api: LocalAnthropicAPI, client: Client) -> None:
    api.script(Fault(529, retry_after=0.01, times=10))
    with pytest.raises(LLMUnavailable, match=r"529 overloaded_error \(request req_\w+\)"):
        client(max_retries=2).complete(chat("hi"))
    assert len(api.requests) == 3


def test_rate_limit_is_retried_then_unavailable(api: LocalAnthropicAPI, client: Client) -> None:
    api.script(Fault(429, retry_after=0.01, times=2))
    with pytest.raises(LLMUnavailable, match="429 rate_limit_error"):
        client(max_retries=1).complete(chat("hi"))
    assert api.pending == 0


def test_bad_key_is_rejected_without_retry(api: LocalAnthropicAPI, client: Client) -> None:
    llm = client(key="sk-ant-wrong", max_retries=3)
    with pytest.raises(LLMRejected, match="401 authentication_error"):
        llm.complete(chat("hi"))
    assert len(api.requests) == 1


def test_bad_request_is_rejected(api: LocalAnthropicAPI, client: Client) -> None:
    api.script(Fault(400, message="messages: at least one message is required"))
    with pytest.raises(LLMRejected, match="at least one message"):
        client(max_retries=3).complete(chat("hi"))


@pytest.mark.parametrize(
    "garbage",
    [
        Garbage(b"<html>502 Bad Gateway</html>", content_type="text/html"),
        Garbage(b'{"id": "msg_1", "content": [tru'),
        Garbage(b'{"type": "completion", "completion": "hi"}'),
    ],
    ids=["html", "broken-json", "wrong-shape"],
)
def test_garbage_body_is_unavailable(
    api: LocalAnthropicAPI, client: Client, garbage: Garbage
) -> None:
    api.script(garbage)
    with pytest.raises(LLMUnavailable, match="malformed response"):
        client().complete(chat("hi"))


def test_slow_beyond_timeout_is_unavailable(api: LocalAnthropicAPI, client: Client) -> None:
    api.script(Slow(30))
    with pytest.raises(LLMUnavailable, match="timed out"):
        client(timeout=0.2).complete(chat("hi"))


def test_max_tokens_truncates(api: LocalAnthropicAPI, client: Client) -> None:
    api.script(Reply("word " * 100))
    response = client().complete(chat("hi", max_tokens=10))
    assert response.stop_reason == "max_tokens"
    assert response.usage.output_tokens == 10


def test_default_base_url_honours_environment(
    api: LocalAnthropicAPI, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("ANTHROPIC_BASE_URL", api.base_url)
    with AnthropicLLM(KEY, base_url=None, timeout=5.0, max_retries=0) as llm:
        response = llm.complete(chat("yo"))
    assert response.text.endswith("You said: yo")
    assert len(api.requests) == 1


def test_offline_provider_says_it_is_offline_and_acknowledges() -> None:
    llm = OfflineChatLLM()
    request = LLMRequest(
        model="whatever",
        system=(SystemBlock("identity"),),
        messages=(
            ChatMessage("user", "first"),
            ChatMessage("assistant", "ok"),
            ChatMessage("user", "Can you   summarise the release notes?"),
        ),
        max_tokens=500,
    )
    response = llm.complete(request)
    assert llm.name == response.provider == "offline"
    assert response.text.startswith("(offline mode")
    assert "a question (6 words)" in response.text
    assert "“Can you summarise the release notes?”" in response.text
    assert llm.complete(request) == response
    short = llm.complete(
        LLMRequest(model="m", system=(), messages=(ChatMessage("user", "x"),), max_tokens=3)
    )
    assert short.stop_reason == "max_tokens"
    assert len(short.text) == 12


# -- streaming ---------------------------------------------------------------------------------


def test_a_stream_gives_the_text_in_pieces_then_the_same_usage(
    api: LocalAnthropicAPI, client: Client
) -> None:
    identity = IDENTITY * 20  # past Haiku 4.5's minimum: the second call reads the cache
    llm = client()
    whole = llm.complete(chat("first question", identity=identity))
    stream = llm.stream(chat("first question", identity=identity))
    pieces = list(stream)
    response = stream.response
    assert len(pieces) > 3 and "".join(pieces) == whole.text == response.text
    assert api.requests[-1].body["stream"] is True and "stream" not in api.requests[0].body
    assert response.stop_reason == "end_turn" and response.model == MODEL
    assert response.usage.output_tokens == whole.usage.output_tokens
    assert (response.usage.cache_write_tokens, response.usage.cache_read_tokens) == (
        0,
        estimate_tokens(identity),
    )
    assert response.usage.input_tokens == whole.usage.input_tokens
    stream.close()  # idempotent after the end


def test_a_stream_start_is_retried_by_the_sdk_and_refusals_raise_at_once(
    api: LocalAnthropicAPI, client: Client
) -> None:
    api.script(Fault(529, retry_after=0.01, times=2), "third time lucky")
    assert "".join(client(max_retries=3).stream(chat("hi"))) == "third time lucky"
    api.script(Fault(529, retry_after=0.01, times=5))
    with pytest.raises(LLMUnavailable, match="529 overloaded_error"):
        client(max_retries=1).stream(chat("hi"))
    with pytest.raises(LLMRejected):
        client(key="sk-ant-wrong").stream(chat("hi"))


@pytest.mark.parametrize(("error", "reason"), [("overloaded_error", "overloaded_error"),
                                                (None, "connection lost")])  # fmt: skip
def test_a_stream_broken_midway_keeps_what_arrived(
    api: LocalAnthropicAPI, client: Client, error: str | None, reason: str
) -> None:
    api.script(MidStream("The answer is forty-two, because", 16, error=error))
    stream = client(max_retries=3).stream(chat("hi"))
    got: list[str] = []
    with pytest.raises(LLMInterrupted) as broken:
        for piece in stream:
            got.append(piece)
    assert broken.value.reason == reason
    assert "".join(got) == stream.response.text == "The answer is fo"
    assert stream.response.stop_reason is None
    # The input side was reported at the start; the output is estimated from what arrived.
    assert stream.response.usage.input_tokens > 0 and stream.response.usage.output_tokens == 4
    assert len(api.requests) == 1  # a broken stream is not retried by the SDK
    stream.close()


def test_closing_a_stream_early_releases_it(api: LocalAnthropicAPI, client: Client) -> None:
    api.script("word " * 200)
    llm = client()
    stream = llm.stream(chat("hi"))
    first = next(iter(stream))
    stream.close()
    assert first and stream.response.text == first and stream.response.stop_reason is None
    assert llm.complete(chat("again")).text.endswith("You said: again")  # the pool is fine


def test_providers_that_do_not_stream_give_their_answer_in_pieces() -> None:
    request = LLMRequest(
        model="m", system=(), messages=(ChatMessage("user", "Can you help?"),), max_tokens=500
    )
    offline = OfflineChatLLM()
    stream = offline.stream(request)
    pieces = list(stream)
    assert len(pieces) > 1 and "".join(pieces) == offline.complete(request).text
    assert stream.response == offline.complete(request)
    reflection = LLMRequest(
        model="m",
        system=(),
        messages=(ChatMessage("user", "[user U1] hi"),),
        max_tokens=500,
        purpose="reflection",
    )
    heuristic = HeuristicReflector()
    assert "".join(heuristic.stream(reflection)) == heuristic.complete(reflection).text
    with pytest.raises(LLMRejected):
        heuristic.stream(request)


_FIRST_REPLY = """
import sys
import pydantic
from bot.doubles.anthropic_api import LocalAnthropicAPI
from reflection.anthropic_llm import POOLS, AnthropicLLM
from reflection.llm import ChatMessage, LLMRequest


def built() -> set[str]:
    seen, todo = set(), [pydantic.BaseModel]
    while todo:
        for sub in todo.pop().__subclasses__():
            if sub not in seen:
                seen.add(sub)
                todo.append(sub)
    return {f"{c.__module__}.{c.__qualname__}" for c in seen if c.__pydantic_complete__}


with LocalAnthropicAPI(api_key="k") as api, AnthropicLLM("k", base_url=api.base_url) as llm:
    if sys.argv[1] == "warm":
        llm.warm()
    before = built()
    asked = LLMRequest(
        model="claude-haiku-4-5", system=(), messages=(ChatMessage("user", "hi"),), max_tokens=50
    )
    assert llm.complete(asked).text
    stream = llm.stream(asked)
    assert "".join(stream)
    stream.close()
    print(" ".join(sorted(built() - before)))
"""


@pytest.mark.parametrize("warm", [False, True])
def test_warm_builds_the_reply_models_a_first_reply_would(warm: bool) -> None:
    """pydantic builds the SDK's reply models on first use (~8 ms of CPU for a message): after
    `warm` (the daemon's start-up), a first whole and streamed reply build none. A fresh
    interpreter, since any earlier test here built them already."""
    done = subprocess.run(
        [sys.executable, "-c", _FIRST_REPLY, "warm" if warm else "cold"],
        capture_output=True,
        text=True,
        timeout=120,
        env=os.environ | {"PYTHONPATH": os.pathsep.join(sys.path)},
        check=True,
    )
    built_by_the_reply = done.stdout.split()
    if warm:
        assert built_by_the_reply == []
    else:  # what the test would miss if the SDK built nothing lazily any more
        assert "anthropic.types.message.Message" in built_by_the_reply


def test_calls_take_turns_over_the_connection_pools(api: LocalAnthropicAPI, client: Client) -> None:
    """Calls go round-robin over `POOLS` SDK clients, each keeping its connection alive: the
    pool walks every connection it holds on each request, so several small pools cost less CPU
    than one large one under a burst (docs/notes/27-hot9.md)."""
    llm = client()
    for n in range(2 * POOLS):
        assert llm.complete(chat(f"question {n}")).text
    peers = [r.peer for r in api.requests]
    assert POOLS > 1 and len(set(peers)) == POOLS
    assert peers[:POOLS] == peers[POOLS:]  # each pool's connection is used again


def test_sdk_spans_are_off_when_nothing_collects_them(
    api: LocalAnthropicAPI, client: Client, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The SDK's OpenTelemetry spans cost ~0.3 M instructions a call even when nothing records
    them: off unless an operator asks (issue 27). The call itself is the same."""
    for name in [n for n in os.environ if n.startswith("ANTHROPIC_OPEN_TELEMETRY")]:
        monkeypatch.delenv(name)
    llm = client()
    assert all(not c.open_telemetry["traces"]["enabled"] for c in llm._clients)
    assert llm.complete(chat("yo")).text.endswith("You said: yo")
    # An operator's own variable: the SDK's defaults and the variables, as the SDK reads them.
    monkeypatch.setenv("ANTHROPIC_OPEN_TELEMETRY_TRACES_CONTENT_MODE", "content")
    asked = client()
    assert all(c.open_telemetry["traces"]["enabled"] for c in asked._clients)
    assert asked._clients[0].open_telemetry["traces"]["content_mode"] == "content"
    assert asked.complete(chat("yo")).text.endswith("You said: yo")


def test_sdk_spans_stay_on_when_a_tracer_provider_is_registered() -> None:
    """An OpenTelemetry SDK's tracer provider registered before start (what
    `opentelemetry-instrument` does) keeps the SDK's spans on; in a child process, as the
    provider is process-wide."""
    code = (
        "from opentelemetry import trace\n"
        "class Provider(trace.NoOpTracerProvider):\n"
        "    pass\n"
        "trace.set_tracer_provider(Provider())\n"
        "from reflection.anthropic_llm import AnthropicLLM\n"
        "llm = AnthropicLLM('k', base_url='http://127.0.0.1:9')\n"
        "print(all(c.open_telemetry['traces']['enabled'] for c in llm._clients))\n"
    )
    env = {k: v for k, v in os.environ.items() if not k.startswith("ANTHROPIC_OPEN_TELEMETRY")}
    env["PYTHONPATH"] = os.pathsep.join(sys.path)
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=120
    )
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "True"
