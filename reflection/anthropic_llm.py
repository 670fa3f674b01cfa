"""The real Anthropic client behind the `LLM` protocol (the official `anthropic` SDK).

The SDK retries transient failures with backoff itself (`max_retries`, honouring `retry-after`);
this module only shapes the request (cache breakpoints, structured output) and maps what
survives the retries onto `reflection.errors`:

    429, 529, 5xx, 408/409, timeout, connection error  → LLMUnavailable
    other 4xx (bad key, bad request, …)                 → LLMRejected
    a 200 whose body is not a usable Message            → LLMUnavailable
"""

from __future__ import annotations

import json
import logging
from typing import Any

import anthropic
from anthropic.types import (
    AssistantMessageParam,
    Message,
    MessageParam,
    TextBlockParam,
    UserMessageParam,
)
from anthropic.types.output_config_param import OutputConfigParam

from reflection import prompt_cache
from reflection.errors import LLMRejected, LLMUnavailable
from reflection.llm import LLMRequest, LLMResponse, Usage
from reflection.pricing import PriceTable

log = logging.getLogger(__name__)

# Statuses the SDK itself treats as transient (it retries them); anything else 4xx is final.
_TRANSIENT = {408, 409, 429}
# This SDK sends API version 2026-10-21, which refuses every sampling parameter; a request that
# carries a temperature (the stall ladder's lift, CHAT_TEMPERATURE) pins the version that takes it.
SAMPLING_API_VERSION = "2023-06-01"


class AnthropicLLM:
    """An `LLM` that calls the Anthropic Messages API through the official SDK."""

    def __init__(
        self,
        api_key: str,
        *,
        base_url: str | None = None,
        timeout: float = 60.0,
        max_retries: int = 3,
        prices: PriceTable | None = None,
    ) -> None:
        # base_url=None lets the SDK fall back to ANTHROPIC_BASE_URL, then the public API.
        self._client = anthropic.Anthropic(
            api_key=api_key, base_url=base_url, timeout=timeout, max_retries=max_retries
        )
        self._timeout = timeout
        self.prices = prices or PriceTable()
        # Models that refused a temperature (newer models do, on any version): not sent again.
        self._no_temperature: set[str] = set()

    @property
    def name(self) -> str:
        """Provider label recorded in the ledger."""
        return "anthropic"

    def close(self) -> None:
        """Close the SDK's connection pool (idempotent)."""
        self._client.close()

    def __enter__(self) -> AnthropicLLM:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def cost(self, response: LLMResponse) -> float:
        """USD cost of a response this client returned."""
        return self.prices.cost(response.model, response.usage, self.name)

    def complete(self, request: LLMRequest) -> LLMResponse:
        """Send one Messages request; raise `LLMUnavailable` / `LLMRejected` on failure."""
        output_config: OutputConfigParam | anthropic.Omit = anthropic.omit
        if request.json_schema is not None:
            # transform_schema moves constraints the API does not enforce into descriptions and
            # closes objects (additionalProperties: false), as structured outputs require.
            schema = anthropic.transform_schema(request.json_schema)
            output_config = {"format": {"type": "json_schema", "schema": schema}}
        # A temperature is never sent with structured output (models refuse sampling parameters
        # there, and a lifted one would endanger the schema), nor to a model that refused it.
        temperature = request.temperature
        if request.json_schema is not None or request.model in self._no_temperature:
            temperature = None
        try:
            try:
                message: object = self._create(request, output_config, temperature)
            except anthropic.BadRequestError as exc:
                if temperature is None or "temperature" not in str(exc.message).lower():
                    raise
                # The lift is best effort: answer without it rather than not at all.
                self._no_temperature.add(request.model)
                log.warning("%s refuses a temperature; sent without it: %s", request.model, exc)
                message = self._create(request, output_config, None)
        except anthropic.APIStatusError as exc:
            raise _status_error(exc) from exc
        except anthropic.APITimeoutError as exc:
            raise LLMUnavailable(f"Anthropic API timed out after {self._timeout:g}s") from exc
        except anthropic.APIConnectionError as exc:
            raise LLMUnavailable(f"cannot reach the Anthropic API: {exc}") from exc
        except (anthropic.APIResponseValidationError, ValueError) as exc:
            # ValueError covers a body that claims to be JSON but does not decode.
            raise LLMUnavailable(f"malformed response from the Anthropic API: {exc}") from exc
        return _to_response(message)

    def _create(
        self,
        request: LLMRequest,
        output_config: OutputConfigParam | anthropic.Omit,
        temperature: float | None,
    ) -> object:
        """One `messages.create`; a temperature goes in the body, with the API version that
        accepts it (this SDK has no parameter for it)."""
        extra: dict[str, Any] = {}
        if temperature is not None:
            extra = {
                "extra_body": {"temperature": temperature},
                "extra_headers": {"anthropic-version": SAMPLING_API_VERSION},
            }
        return self._client.messages.create(
            model=request.model,
            max_tokens=request.max_tokens,
            system=system_blocks(request) or anthropic.omit,
            messages=message_params(request),
            output_config=output_config,
            **extra,
        )


def system_blocks(request: LLMRequest) -> list[TextBlockParam]:
    """The system prompt as text blocks, with the breakpoints `prompt_cache.plan` keeps."""
    keep = prompt_cache.plan(request).system
    blocks: list[TextBlockParam] = []
    for i, block in enumerate(request.system):
        param: TextBlockParam = {"type": "text", "text": block.text}
        if i in keep:
            param["cache_control"] = {"type": "ephemeral"}
        blocks.append(param)
    return blocks


def message_params(request: LLMRequest) -> list[MessageParam]:
    """The conversation turns in the SDK's shape; a breakpoint makes a turn a text block."""
    keep = prompt_cache.plan(request).messages
    params: list[MessageParam] = []
    for i, m in enumerate(request.messages):
        content: str | list[TextBlockParam] = m.content
        if i in keep:
            content = [{"type": "text", "text": m.content, "cache_control": {"type": "ephemeral"}}]
        if m.role == "user":
            params.append(UserMessageParam(role="user", content=content))
        else:
            params.append(AssistantMessageParam(role="assistant", content=content))
    return params


def _status_error(exc: anthropic.APIStatusError) -> LLMUnavailable | LLMRejected:
    """Map an HTTP error that survived the SDK's retries."""
    detail = exc.api_message or exc.message
    text = f"Anthropic API {exc.status_code} {exc.type or 'error'} (request {exc.request_id}): "
    if exc.status_code >= 500 or exc.status_code in _TRANSIENT:
        return LLMUnavailable(text + str(detail))
    return LLMRejected(text + str(detail))


def _to_response(message: object) -> LLMResponse:
    """Turn the SDK's Message into an `LLMResponse`, refusing bodies of the wrong shape."""
    # Without strict validation the SDK hands back raw text for a non-JSON body, and a
    # best-effort model (fields None) for JSON of the wrong shape, so check before trusting it.
    if not isinstance(message, Message) or message.type != "message":
        raise LLMUnavailable(f"malformed response from the Anthropic API: {str(message)[:200]!r}")
    content: Any = message.content
    usage: Any = message.usage
    if not isinstance(content, list) or usage is None or not isinstance(message.model, str):
        raise LLMUnavailable("malformed response from the Anthropic API: missing content or usage")
    parts: list[str] = []
    for block in content:
        kind = getattr(block, "type", None)
        if kind == "text":
            parts.append(str(block.text))
        elif kind == "tool_use":
            # A forced tool call carries the structured answer as its input.
            parts.append(json.dumps(block.input))
    return LLMResponse(
        text="".join(parts),
        model=message.model,
        provider="anthropic",
        usage=Usage(
            input_tokens=int(usage.input_tokens or 0),
            output_tokens=int(usage.output_tokens or 0),
            cache_write_tokens=int(usage.cache_creation_input_tokens or 0),
            cache_read_tokens=int(usage.cache_read_input_tokens or 0),
        ),
        stop_reason=message.stop_reason,
    )
