"""The `LLM` protocol every model provider satisfies (Anthropic, offline, test fakes)."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any, Literal, Protocol


@dataclass(frozen=True)
class SystemBlock:
    """One piece of the system prompt; `cache=True` puts a prompt-cache breakpoint after it."""

    text: str
    cache: bool = False


@dataclass(frozen=True)
class ChatMessage:
    """One turn of the conversation; `cache=True` puts a prompt-cache breakpoint after it."""

    role: Literal["user", "assistant"]
    content: str
    cache: bool = False


@dataclass(frozen=True)
class LLMRequest:
    """Everything a provider needs for one call."""

    model: str
    system: tuple[SystemBlock, ...]
    messages: tuple[ChatMessage, ...]
    max_tokens: int
    purpose: Literal["chat", "reflection"] = "chat"
    # When set, ask for structured output that validates against this JSON schema.
    json_schema: dict[str, Any] | None = None
    temperature: float | None = None


@dataclass(frozen=True)
class Usage:
    """Token counts as the API reports them."""

    input_tokens: int = 0
    output_tokens: int = 0
    cache_write_tokens: int = 0
    cache_read_tokens: int = 0


@dataclass(frozen=True)
class LLMResponse:
    """A model's answer."""

    text: str
    model: str
    provider: str
    usage: Usage = field(default_factory=Usage)
    stop_reason: str | None = None


class TextStream(Protocol):
    """An answer arriving in pieces. Iterating gives the text as the model writes it (an
    `LLMError` may end it early); `response` then holds the answer and its usage, or after a
    failure or `close()` what arrived so far (with `stop_reason` None)."""

    def __iter__(self) -> Iterator[str]:
        """The text, piece by piece."""
        ...

    @property
    def response(self) -> LLMResponse:
        """The answer so far (all of it once the iteration ended) and its usage."""
        ...

    def close(self) -> None:
        """Stop receiving (the connection is released; idempotent)."""
        ...


class Pieces:
    """A `TextStream` over an answer that was whole before its first piece, for providers that
    do not stream (offline, heuristic, test fakes): the text in a few pieces."""

    def __init__(self, response: LLMResponse, pieces: int = 4) -> None:
        self._response = response
        self._pieces = max(1, pieces)

    def __iter__(self) -> Iterator[str]:
        text = self._response.text
        size = max(1, -(-len(text) // self._pieces))
        for start in range(0, len(text), size):
            yield text[start : start + size]

    @property
    def response(self) -> LLMResponse:
        """The whole answer."""
        return self._response

    def close(self) -> None:
        """Nothing to release."""


class LLM(Protocol):
    """A chat model. Raises `reflection.errors.LLMError` subclasses on failure."""

    @property
    def name(self) -> str:
        """Provider label recorded in the ledger (e.g. "anthropic", "offline", "heuristic")."""
        ...

    def complete(self, request: LLMRequest) -> LLMResponse:
        """Run one request to completion (retries are the provider's business)."""
        ...

    def stream(self, request: LLMRequest) -> TextStream:
        """Start one request whose answer arrives in pieces (a failure to start raises here,
        after the provider's retries; one after the first piece ends the iteration)."""
        ...
