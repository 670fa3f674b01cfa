"""The `LLM` protocol every model provider satisfies (Anthropic, offline, test fakes)."""

from __future__ import annotations

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


class LLM(Protocol):
    """A chat model. Raises `reflection.errors.LLMError` subclasses on failure."""

    @property
    def name(self) -> str:
        """Provider label recorded in the ledger (e.g. "anthropic", "offline", "heuristic")."""
        ...

    def complete(self, request: LLMRequest) -> LLMResponse:
        """Run one request to completion (retries are the provider's business)."""
        ...
