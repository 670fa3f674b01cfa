"""Where a request's prompt-cache breakpoints go, given the model's minimum cacheable length.

The Messages API caches the prefix up to each `cache_control` breakpoint (tools → system →
messages), at most four breakpoints per request, and silently skips a prefix shorter than the
model's minimum. A breakpoint on a prefix too short to cache costs nothing but takes one of the
four slots, so system breakpoints are sent only where the prefix up to them is long enough. The
conversation breakpoint (on the newest turn) is always sent: it is the one whose prefix grows
turn by turn, and an estimate a little short of the real count must not cost the cache read.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

from reflection.llm import LLMRequest

MAX_BREAKPOINTS = 4

# Minimum cacheable prefix (tokens) per model family, from Anthropic's prompt-caching docs
# ("Cache limitations"). Sonnet 4.6 is listed at 1,024 in some revisions of the docs, but the API
# only caches from 2,048 (anthropics/anthropic-sdk-python#1194, and later revisions of the table),
# so the larger figure is used: a breakpoint kept below the real minimum would only waste a slot.
MIN_CACHEABLE_TOKENS: dict[str, int] = {
    "claude-opus-4-6": 4096,
    "claude-opus-4-5": 4096,
    "claude-haiku-4-5": 4096,
    "claude-sonnet-4-6": 2048,
    "claude-3-5-haiku": 2048,
    "claude-3-haiku": 2048,
    "claude-opus-4-1": 1024,
    "claude-opus-4": 1024,
    "claude-sonnet-4-5": 1024,
    "claude-sonnet-4": 1024,
    "claude-3-7-sonnet": 1024,
}
# A model we do not know gets the largest minimum: its short prefixes lose only a wasted slot.
FALLBACK_MIN_CACHEABLE_TOKENS = 4096


@functools.cache  # a handful of model ids per process; the prefix walk is per request otherwise
def min_cacheable_tokens(model: str) -> int:
    """The model's minimum cacheable prefix; dated ids (`...-20251001`) match their family."""
    if model in MIN_CACHEABLE_TOKENS:
        return MIN_CACHEABLE_TOKENS[model]
    matches = [name for name in MIN_CACHEABLE_TOKENS if model.startswith(name)]
    return MIN_CACHEABLE_TOKENS[max(matches, key=len)] if matches else FALLBACK_MIN_CACHEABLE_TOKENS


def estimate_tokens(text: str) -> int:
    """The project's token estimate: about four characters per token."""
    return (len(text) + 3) // 4


@dataclass(frozen=True)
class Breakpoints:
    """Indexes of the system blocks and messages that carry `cache_control` when sent."""

    system: frozenset[int]
    messages: frozenset[int]

    def __len__(self) -> int:
        return len(self.system) + len(self.messages)


def plan(request: LLMRequest) -> Breakpoints:
    """The breakpoints to send: cacheable system ones, every marked message, the last four."""
    minimum = min_cacheable_tokens(request.model)
    chosen: list[tuple[str, int]] = []
    running = 0
    for i, block in enumerate(request.system):
        running += estimate_tokens(block.text)
        if block.cache and running >= minimum:
            chosen.append(("system", i))
    for i, message in enumerate(request.messages):
        # The API refuses cache_control on an empty text block.
        if message.cache and message.content.strip():
            chosen.append(("messages", i))
    # Later breakpoints cover longer prefixes, and the API looks back from them for earlier hits.
    kept = chosen[-MAX_BREAKPOINTS:]
    return Breakpoints(
        system=frozenset(i for where, i in kept if where == "system"),
        messages=frozenset(i for where, i in kept if where == "messages"),
    )
