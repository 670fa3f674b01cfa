"""The offline chat provider: a deterministic, zero-cost `LLM` used when there is no API key.

It never pretends to be a model. Every reply opens by saying it is offline, then gives a short
acknowledgement of the last user message so the Slack loop (sessions, `/done`, reflection,
review cards) can still be exercised end to end without network or spend.
"""

from __future__ import annotations

import re

from reflection.llm import LLMRequest, LLMResponse, Pieces, TextStream, Usage

OFFLINE_PREFIX = "(offline mode: no model API key is configured, so this is not an AI answer.)"
_EXCERPT_CHARS = 160
_WORD = re.compile(r"[\w'-]+")


def _estimate_tokens(text: str) -> int:
    """About four characters per token; only used to fill the ledger's token columns."""
    return (len(text) + 3) // 4


def acknowledge(text: str) -> str:
    """A short deterministic acknowledgement of one user message."""
    said = " ".join(text.split())
    if not said:
        return "I got an empty message."
    excerpt = said if len(said) <= _EXCERPT_CHARS else said[: _EXCERPT_CHARS - 1].rstrip() + "…"
    words = len(_WORD.findall(said))
    if said.endswith("?"):
        kind = "a question"
    elif said.startswith("/"):
        kind = "a command"
    else:
        kind = "a message"
    return (
        f"I received {kind} ({words} word{'s' if words != 1 else ''}): “{excerpt}”. "
        "It is part of this session's transcript, and the owner can set ANTHROPIC_API_KEY "
        "to get real answers."
    )


class OfflineChatLLM:
    """An `LLM` that answers locally, deterministically and for free (provider "offline")."""

    def __init__(self, model: str = "offline") -> None:
        self._model = model

    @property
    def name(self) -> str:
        """Provider label recorded in the ledger."""
        return "offline"

    def complete(self, request: LLMRequest) -> LLMResponse:
        """Acknowledge the last user message, saying plainly that this is offline."""
        last = next((m.content for m in reversed(request.messages) if m.role == "user"), "")
        text = f"{OFFLINE_PREFIX} {acknowledge(last)}"
        stop_reason = "end_turn"
        if _estimate_tokens(text) > request.max_tokens:
            text, stop_reason = text[: max(0, request.max_tokens) * 4], "max_tokens"
        prompt = "".join(b.text for b in request.system) + "".join(
            m.content for m in request.messages
        )
        return LLMResponse(
            text=text,
            model=self._model,
            provider=self.name,
            usage=Usage(
                input_tokens=_estimate_tokens(prompt), output_tokens=_estimate_tokens(text)
            ),
            stop_reason=stop_reason,
        )

    def stream(self, request: LLMRequest) -> TextStream:
        """The same acknowledgement, in a few pieces."""
        return Pieces(self.complete(request))
