"""Chat requests' prompt-cache breakpoints, through the real anthropic SDK and the local API."""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import replace
from typing import Any

import pytest

from bot.chat.context import (
    OLDER_REPLY_CHARS,
    SHORTENED,
    PromptParts,
    Section,
    conversation,
    default_identity,
    window_start,
)
from bot.doubles.anthropic_api import LocalAnthropicAPI, estimate_tokens
from reflection.anthropic_llm import AnthropicLLM
from reflection.llm import ChatMessage, LLMRequest, SystemBlock, Usage

KEY = "sk-ant-cache-test"
MODEL = "claude-sonnet-4-6"  # the default chat model: caches prefixes of 2,048 tokens or more
EPHEMERAL = {"type": "ephemeral"}


@pytest.fixture
def api() -> Iterator[LocalAnthropicAPI]:
    with LocalAnthropicAPI(api_key=KEY) as server:
        yield server


@pytest.fixture
def llm(api: LocalAnthropicAPI) -> Iterator[AnthropicLLM]:
    with AnthropicLLM(KEY, base_url=api.base_url, timeout=5.0, max_retries=0) as client:
        yield client


def chat_request(
    parts: PromptParts, lines: list[tuple[bool, str]], *, max_messages: int = 40, model: str = MODEL
) -> LLMRequest:
    """The request the engine builds (bot/chat/engine.py `_complete`)."""
    return LLMRequest(
        model=model,
        system=parts.blocks(),
        messages=conversation(lines, max_messages=max_messages),
        max_tokens=1024,
        purpose="chat",
    )


def breakpoints(body: dict[str, Any]) -> list[str]:
    """Where the sent body's cache_control marks are: "system[i]" / "messages[i]"."""
    found = [f"system[{i}]" for i, b in enumerate(body.get("system") or []) if "cache_control" in b]
    for i, message in enumerate(body["messages"]):
        content = message["content"]
        if isinstance(content, list) and any("cache_control" in b for b in content):
            found.append(f"messages[{i}]")
    return found


def learned(tokens: int) -> Section:
    """A stable learned-context section of about `tokens` tokens."""
    line = "When the nightly build fails on a stale cache, clear it and re-run once.\n"
    return Section("Lessons", line * (tokens * 4 // len(line) + 1))


def user_turn(i: int) -> str:
    return f"Turn {i}: " + "could you check the deploy logs for the payments service again? " * 3


def bot_turn(i: int) -> str:
    return f"Reply {i}: " + "the deploy finished; two pods restarted after the health check. " * 12


def test_conversation_breakpoint_is_on_the_newest_turn(
    api: LocalAnthropicAPI, llm: AnthropicLLM
) -> None:
    lines = [(i % 2 == 1, (bot_turn if i % 2 else user_turn)(i)) for i in range(9)]
    lines.append((False, "and one more thing"))  # two user lines in a row are one turn
    llm.complete(chat_request(PromptParts(default_identity()), lines))
    body = api.requests[-1].body
    assert breakpoints(body) == [f"messages[{len(body['messages']) - 1}]"]
    newest = body["messages"][-1]
    assert newest["role"] == "user"
    assert newest["content"] == [
        {
            "type": "text",
            "text": user_turn(8) + "\n\nand one more thing",
            "cache_control": EPHEMERAL,
        }
    ]
    # Earlier turns go as plain strings, as before.
    assert all(isinstance(m["content"], str) for m in body["messages"][:-1])


def test_short_system_prefix_gets_no_breakpoint(api: LocalAnthropicAPI, llm: AnthropicLLM) -> None:
    lines = [(False, "hello")]
    # Identity alone (~160 tokens) and identity + a short learned prefix: both far below 2,048.
    short = PromptParts(default_identity(), stable=[learned(300)], tail=[Section("Facts", "x")])
    for parts in (PromptParts(default_identity()), short):
        assert any(block.cache for block in parts.blocks())  # asked for ...
        llm.complete(chat_request(parts, lines))
        assert breakpoints(api.requests[-1].body) == ["messages[0]"]  # ... but not sent
    # A learned prefix past the minimum keeps its breakpoint (after the stable block, not the tail).
    long = replace(short, stable=[learned(2100)])
    llm.complete(chat_request(long, lines))
    assert breakpoints(api.requests[-1].body) == ["system[1]", "messages[0]"]
    # The minimum is the model's: the same prefix is too short for Haiku 4.5 (4,096).
    llm.complete(chat_request(long, lines, model="claude-haiku-4-5"))
    assert breakpoints(api.requests[-1].body) == ["messages[0]"]


@pytest.mark.parametrize(("system_marks", "message_marks"), [(4, 1), (2, 3), (0, 6), (5, 5)])
def test_breakpoints_never_exceed_four(
    api: LocalAnthropicAPI, llm: AnthropicLLM, system_marks: int, message_marks: int
) -> None:
    # Every system block is long enough to cache on its own, so none is dropped for length.
    system = tuple(SystemBlock(f"{i} " + "s" * 9000, cache=True) for i in range(system_marks))
    messages = tuple(
        ChatMessage("user" if i % 2 == 0 else "assistant", f"turn {i}", cache=True)
        for i in range(2 * message_marks - 1)
    )
    request = LLMRequest(model=MODEL, system=system, messages=messages, max_tokens=100)
    # The double, like the API, refuses a fifth breakpoint with a 400 (LLMRejected here).
    llm.complete(request)
    marks = breakpoints(api.requests[-1].body)
    assert len(marks) == min(4, system_marks + len(messages))
    # The newest turn always keeps its breakpoint.
    assert marks[-1] == f"messages[{len(messages) - 1}]"


def run_session(
    llm: AnthropicLLM,
    api: LocalAnthropicAPI,
    parts: PromptParts,
    turns: int,
    *,
    max_messages: int = 40,
) -> list[Usage]:
    """A chat session against the double, replies appended to the transcript like the engine."""
    lines: list[tuple[bool, str]] = []
    usages = []
    for i in range(turns):
        api.script(bot_turn(i))
        lines.append((False, user_turn(i)))
        response = llm.complete(chat_request(parts, lines, max_messages=max_messages))
        usages.append(response.usage)
        lines.append((True, response.text))
    return usages


def test_cache_reads_grow_turn_by_turn(api: LocalAnthropicAPI, llm: AnthropicLLM) -> None:
    usages = run_session(llm, api, PromptParts(default_identity()), 14)
    first = next(i for i, u in enumerate(usages) if u.cache_write_tokens)
    # Below the model's minimum nothing is written or read: the whole prompt is input.
    assert first > 0
    assert all((u.cache_write_tokens, u.cache_read_tokens) == (0, 0) for u in usages[:first])
    total = usages[first].cache_write_tokens
    assert 2048 <= total < 2048 + estimate_tokens(user_turn(first) + bot_turn(first))
    # From then on each turn reads exactly what the turn before sent, and writes only the reply
    # before it plus the new question.
    for before, after in zip(usages[first:], usages[first + 1 :], strict=False):
        sent = before.input_tokens + before.cache_write_tokens + before.cache_read_tokens
        assert after.cache_read_tokens == sent > before.cache_read_tokens
        assert after.cache_write_tokens < 300
        assert after.input_tokens == 0


def test_window_moves_in_steps_so_the_prefix_stays_cached(
    api: LocalAnthropicAPI, llm: AnthropicLLM
) -> None:
    max_messages = 12
    # A learned prefix past the minimum, so its own breakpoint is sent and survives the moves.
    parts = PromptParts(default_identity(), stable=[learned(2100)])
    system_tokens = sum(estimate_tokens(block.text) for block in parts.blocks())
    usages = run_session(llm, api, parts, 30, max_messages=max_messages)
    moved = {
        turn
        for turn in range(1, 30)
        if window_start(2 * turn + 1, max_messages) != window_start(2 * turn - 1, max_messages)
    }
    assert moved == {6, 9, 12, 15, 18, 21, 24, 27}  # every max_messages / 2 lines
    for turn, usage in enumerate(usages[1:], start=1):
        # When the window has just moved only the system prefix is read; otherwise the
        # conversation before the newest turn is read too.
        if turn in moved:
            assert usage.cache_read_tokens == system_tokens, turn
        else:
            assert usage.cache_read_tokens > system_tokens, turn


def test_window_never_exceeds_max_messages_and_keeps_half() -> None:
    lines = [(i % 2 == 1, f"line {i}") for i in range(200)]
    previous: tuple[ChatMessage, ...] = ()
    for n in range(1, 200):
        start = window_start(n, 40)
        assert n - start <= 40
        assert n - start >= min(n, 21)
        messages = conversation(lines[:n], max_messages=40)
        assert [m.cache for m in messages] == [False] * (len(messages) - 1) + [True]
        plain = tuple(replace(m, cache=False) for m in messages)
        if start == window_start(n - 1, 40) and previous:
            # Same window start: the earlier request is a prefix of this one (but for the last
            # turn, which may have grown by a merged line).
            assert plain[: len(previous) - 1] == previous[:-1]
        previous = plain


def test_reflection_style_request_gets_no_breakpoint(
    api: LocalAnthropicAPI, llm: AnthropicLLM
) -> None:
    # reflection/runner.py sends one call per session with no cache flags: nothing to reuse.
    request = LLMRequest(
        model="claude-haiku-4-5",
        system=(SystemBlock("You reflect. " * 2000),),
        messages=(ChatMessage("user", "transcript " * 3000),),
        max_tokens=100,
        purpose="reflection",
    )
    response = llm.complete(request)
    assert breakpoints(api.requests[-1].body) == []
    assert (response.usage.cache_write_tokens, response.usage.cache_read_tokens) == (0, 0)
    assert json.dumps(api.requests[-1].body).count("cache_control") == 0


def test_replies_carried_over_a_move_are_shortened_and_stay_stable() -> None:
    # Long lines: the user's words stay whole everywhere; the bot's replies are cut only in the
    # half of the window carried over from before its last move, so between moves every request
    # still starts with the previous one.
    lines = [(i % 2 == 1, f"{i} " + "word " * 200) for i in range(120)]
    previous: tuple[ChatMessage, ...] = ()
    # Every chat call ends with the user's line it answers (issue 28: a final assistant turn is
    # a prefill), so only those prefixes are requests.
    for n in range(1, 120, 2):
        start = window_start(n, 40)
        messages = conversation(lines[:n], max_messages=40)
        texts = [m.content for m in messages]
        for offset, (is_bot, text) in enumerate(lines[start:n]):
            if not is_bot:
                assert text in texts
            elif start and offset < 20:
                assert text[:OLDER_REPLY_CHARS].rstrip() + SHORTENED in texts
            else:
                assert text in texts, (n, offset)
        plain = tuple(replace(m, cache=False) for m in messages)
        if start == window_start(n - 2, 40) and previous:
            assert plain[: len(previous) - 1] == previous[:-1]
        previous = plain
