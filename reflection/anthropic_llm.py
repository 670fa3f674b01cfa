"""The real Anthropic client behind the `LLM` protocol (the official `anthropic` SDK).

The SDK retries transient failures with backoff itself (`max_retries`, honouring `retry-after`);
this module only shapes the request (cache breakpoints, structured output) and maps what
survives the retries onto `reflection.errors`:

    429, 529, 5xx, 408/409, timeout, connection error  → LLMUnavailable
    other 4xx (bad key, bad request, …)                 → LLMRejected
    a 200 whose body is not a usable Message            → LLMUnavailable
    a stream that breaks after it began                 → LLMInterrupted (an LLMUnavailable)

`stream` reads the SDK's raw event stream (`messages.create(stream=True)`): the SDK retries its
start like any request; an `error` event or a cut connection after that ends the iteration.
The raw events rather than `messages.stream()`: every token is an event, and the helper's
snapshot accumulation is work per event that the reply path does not need.
"""

from __future__ import annotations

import inspect
import itertools
import json
import logging
import os
from collections.abc import Iterator
from typing import Any

import anthropic
import httpx2
from anthropic.types import (
    AssistantMessageParam,
    Message,
    MessageParam,
    RawContentBlockDeltaEvent,
    RawContentBlockStartEvent,
    RawContentBlockStopEvent,
    RawMessageDeltaEvent,
    RawMessageStartEvent,
    RawMessageStopEvent,
    RawMessageStreamEvent,
    TextBlockParam,
    UserMessageParam,
)
from anthropic.types.output_config_param import OutputConfigParam

from reflection import prompt_cache
from reflection.errors import LLMInterrupted, LLMRejected, LLMUnavailable
from reflection.llm import LLMRequest, LLMResponse, TextStream, Usage
from reflection.pricing import PriceTable

log = logging.getLogger(__name__)

# Statuses the SDK itself treats as transient (it retries them); anything else 4xx is final.
_TRANSIENT = {408, 409, 429}
# This SDK sends API version 2026-10-21, which refuses every sampling parameter; a request that
# carries a temperature (the stall ladder's lift, CHAT_TEMPERATURE) pins the version that takes it.
SAMPLING_API_VERSION = "2023-06-01"
# Model calls go round-robin over this many SDK clients, each with its own connection pool
# (sharing the SDK's default limits between them). The pool walks every connection it holds each
# time a request joins or leaves it (httpcore's `_assign_requests_to_connections`), under one
# lock: with 200 calls at once, one pool of 200 connections cost ~0.33 ms of CPU a call there,
# four pools of ~50 ~0.15 ms (docs/notes/27-hot9.md).
POOLS = 4


def spans_option() -> dict[str, Any]:
    """The SDK clients' `open_telemetry` option: off when nothing would collect a span.

    The SDK (2.x) starts an OpenTelemetry span for every call and computes its attributes from
    the request, ~0.3 M instructions a call, even when no tracer provider is registered and the
    span records nothing (issue 27: a tenth of the model call's cost in the client). Spans stay
    on, as the SDK's defaults have them, when an operator asks for them: any of the SDK's own
    `ANTHROPIC_OPEN_TELEMETRY*` variables is set (the SDK then reads them), or an OpenTelemetry
    SDK's tracer provider is registered before Seshat starts (`opentelemetry-instrument`). An
    SDK without the option is given nothing."""
    if "open_telemetry" not in inspect.signature(anthropic.Anthropic.__init__).parameters:
        return {}
    if any(name.startswith("ANTHROPIC_OPEN_TELEMETRY") for name in os.environ):
        return {}
    try:
        from opentelemetry import trace
    except ImportError:  # pragma: no cover - the SDK that has the option depends on it
        return {}
    provider = trace.get_tracer_provider()
    if type(provider) not in (trace.ProxyTracerProvider, trace.NoOpTracerProvider):
        return {}
    return {"open_telemetry": False}


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
        limits = anthropic.DEFAULT_CONNECTION_LIMITS
        share = httpx2.Limits(
            max_connections=(limits.max_connections or POOLS) // POOLS,
            max_keepalive_connections=(limits.max_keepalive_connections or POOLS) // POOLS,
            keepalive_expiry=limits.keepalive_expiry,
        )
        spans = spans_option()
        self._clients = [
            anthropic.Anthropic(
                api_key=api_key,
                base_url=base_url,
                timeout=timeout,
                max_retries=max_retries,
                http_client=anthropic.DefaultHttpxClient(limits=share),
                **spans,
            )
            for _ in range(POOLS)
        ]
        self._client = self._clients[0]
        self._turn = itertools.count()
        self._timeout = timeout
        self.prices = prices or PriceTable()
        # Models that refused a temperature (newer models do, on any version): not sent again.
        self._no_temperature: set[str] = set()

    @property
    def name(self) -> str:
        """Provider label recorded in the ledger."""
        return "anthropic"

    def warm(self) -> None:
        """Build the SDK's response models now (`warm_models`), before the first reply."""
        warm_models()

    def close(self) -> None:
        """Close the SDK's connection pools (idempotent)."""
        for client in self._clients:
            client.close()

    def __enter__(self) -> AnthropicLLM:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def cost(self, response: LLMResponse) -> float:
        """USD cost of a response this client returned."""
        return self.prices.cost(response.model, response.usage, self.name)

    def check_model(self, model: str) -> str:
        """`GET /v1/models/{model}` (free, no tokens): the model's display name if the key is
        accepted and the model exists; `LLMRejected` (status 401/403: the key, 404: the model)
        or `LLMUnavailable` otherwise. One attempt: this is a start-up check, not a reply."""
        try:
            found = self._client.with_options(max_retries=1).models.retrieve(model)
        except anthropic.APIStatusError as exc:
            raise _status_error(exc) from exc
        except anthropic.APITimeoutError as exc:
            raise LLMUnavailable(f"Anthropic API timed out after {self._timeout:g}s") from exc
        except anthropic.APIConnectionError as exc:
            raise LLMUnavailable(f"cannot reach the Anthropic API: {exc}") from exc
        return str(getattr(found, "display_name", None) or model)

    @property
    def base_url(self) -> str:
        """Where this client sends its requests."""
        return str(self._client.base_url)

    def complete(self, request: LLMRequest) -> LLMResponse:
        """Send one Messages request; raise `LLMUnavailable` / `LLMRejected` on failure."""
        return _to_response(self._call(request, stream=False))

    def stream(self, request: LLMRequest) -> TextStream:
        """Start one streamed Messages request; raise `LLMUnavailable` / `LLMRejected` when it
        cannot start (after the SDK's retries)."""
        raw = self._call(request, stream=True)
        if not isinstance(raw, anthropic.Stream):
            raise LLMUnavailable(f"malformed response from the Anthropic API: {str(raw)[:200]!r}")
        return AnthropicStream(raw, model=request.model)

    def _call(self, request: LLMRequest, *, stream: bool) -> object:
        """One request (the SDK retries transient failures), mapped onto `reflection.errors`."""
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
                return self._create(request, output_config, temperature, stream)
            except anthropic.BadRequestError as exc:
                if temperature is None or "temperature" not in str(exc.message).lower():
                    raise
                # The lift is best effort: answer without it rather than not at all.
                self._no_temperature.add(request.model)
                log.warning("%s refuses a temperature; sent without it: %s", request.model, exc)
                return self._create(request, output_config, None, stream)
        except anthropic.APIStatusError as exc:
            raise _status_error(exc) from exc
        except anthropic.APITimeoutError as exc:
            raise LLMUnavailable(f"Anthropic API timed out after {self._timeout:g}s") from exc
        except anthropic.APIConnectionError as exc:
            raise LLMUnavailable(f"cannot reach the Anthropic API: {exc}") from exc
        except (anthropic.APIResponseValidationError, ValueError) as exc:
            # ValueError covers a body that claims to be JSON but does not decode.
            raise LLMUnavailable(f"malformed response from the Anthropic API: {exc}") from exc

    def _create(
        self,
        request: LLMRequest,
        output_config: OutputConfigParam | anthropic.Omit,
        temperature: float | None,
        stream: bool,
    ) -> object:
        """One `messages.create`; a temperature goes in the body, with the API version that
        accepts it (this SDK has no parameter for it)."""
        extra: dict[str, Any] = {"stream": True} if stream else {}
        if temperature is not None:
            extra["extra_body"] = {"temperature": temperature}
            extra["extra_headers"] = {"anthropic-version": SAMPLING_API_VERSION}
        client = self._clients[next(self._turn) % POOLS]
        keep = prompt_cache.plan(request)  # once for both: the system's and the turns'
        return client.messages.create(
            model=request.model,
            max_tokens=request.max_tokens,
            system=system_blocks(request, keep) or anthropic.omit,
            messages=message_params(request, keep),
            output_config=output_config,
            **extra,
        )


def warm_models() -> None:
    """Have pydantic build the models the SDK parses a reply into (a message, and the events of
    a streamed one) from a canned reply, offline. The SDK builds each on first use, ~8 ms of
    CPU for a message and ~4.5 ms for the events; in a burst after a start, the first replies
    built them at once in several threads, on the interpreter lock the acks need."""
    usage = {"input_tokens": 1, "output_tokens": 1}
    start: dict[str, Any] = {"id": "msg_warm", "type": "message", "role": "assistant"}
    start |= {"model": "warm-up", "content": [], "stop_reason": None, "stop_sequence": None}
    start["usage"] = usage
    text = {"type": "text", "text": "warm-up"}
    delta = {"type": "text_delta", "text": "warm-up"}
    ended = {"stop_reason": "end_turn", "stop_sequence": None}
    replies: list[tuple[type[anthropic.BaseModel], dict[str, Any]]] = [
        (Message, start | {"content": [text], "stop_reason": "end_turn"}),
        (RawMessageStartEvent, {"type": "message_start", "message": start}),
        (
            RawContentBlockStartEvent,
            {"type": "content_block_start", "index": 0, "content_block": text},
        ),
        (RawContentBlockDeltaEvent, {"type": "content_block_delta", "index": 0, "delta": delta}),
        (RawContentBlockStopEvent, {"type": "content_block_stop", "index": 0}),
        (RawMessageDeltaEvent, {"type": "message_delta", "delta": ended, "usage": usage}),
        (RawMessageStopEvent, {"type": "message_stop"}),
    ]
    for model, fields in replies:
        model.model_construct(**fields)


class AnthropicStream:
    """The SDK's raw event stream as a `TextStream`: text deltas out, usage and stop reason kept
    (usage arrives in `message_start` and, as running totals, in `message_delta`)."""

    def __init__(self, raw: anthropic.Stream[RawMessageStreamEvent], *, model: str) -> None:
        self._raw = raw
        self._model = model
        self._parts: list[str] = []
        self._usage: dict[str, int] = {}
        self._stop_reason: str | None = None

    def __iter__(self) -> Iterator[str]:
        try:
            for event in self._raw:
                piece = self._take(event)
                if piece:
                    self._parts.append(piece)
                    yield piece
        except anthropic.APIStatusError as exc:
            # An `error` event: the API accepted the request, then failed mid-answer.
            kind = exc.type or "error"
            raise LLMInterrupted(
                f"Anthropic stream broke off ({kind}): {exc.api_message or exc.message}",
                reason=str(kind),
            ) from exc
        except (anthropic.APIConnectionError, httpx2.TransportError) as exc:
            raise LLMInterrupted(
                f"Anthropic stream broke off: {exc.__class__.__name__}: {exc}",
                reason="connection lost",
            ) from exc
        except (anthropic.APIResponseValidationError, ValueError) as exc:
            raise LLMInterrupted(
                f"malformed event from the Anthropic API: {exc}", reason="malformed event"
            ) from exc
        if self._stop_reason is None:
            raise LLMInterrupted(
                "Anthropic stream ended without a stop reason", reason="the answer ended early"
            )

    def _take(self, event: RawMessageStreamEvent) -> str:
        """Record what `event` says about usage and the end; return its text, if any."""
        if event.type == "message_start":
            self._model = event.message.model or self._model
            self._usage.update(_usage_fields(event.message.usage))
        elif event.type == "content_block_delta":
            delta = event.delta
            if delta.type == "text_delta":
                return delta.text
            if delta.type == "input_json_delta":
                return delta.partial_json  # a forced tool call's input, as _to_response gives it
        elif event.type == "message_delta":
            self._stop_reason = event.delta.stop_reason or "end_turn"
            self._usage.update(_usage_fields(event.usage))
        return ""

    @property
    def response(self) -> LLMResponse:
        """The answer so far and its usage (an early end counts output at ~4 characters a
        token: the API bills what it generated, and its own count comes only at the end)."""
        text = "".join(self._parts)
        output = self._usage.get("output_tokens", 0)
        if self._stop_reason is None:
            output = max(output, (len(text) + 3) // 4)
        return LLMResponse(
            text=text,
            model=self._model,
            provider="anthropic",
            usage=Usage(
                input_tokens=self._usage.get("input_tokens", 0),
                output_tokens=output,
                cache_write_tokens=self._usage.get("cache_creation_input_tokens", 0),
                cache_read_tokens=self._usage.get("cache_read_input_tokens", 0),
            ),
            stop_reason=self._stop_reason,
        )

    def close(self) -> None:
        """Release the connection (the rest of the answer is not read)."""
        self._raw.close()


def _usage_fields(usage: object) -> dict[str, int]:
    """The token counts a usage object carries (a `message_delta` omits what did not change)."""
    names = (
        "input_tokens",
        "output_tokens",
        "cache_creation_input_tokens",
        "cache_read_input_tokens",
    )
    return {name: int(v) for name in names if isinstance(v := getattr(usage, name, None), int)}


def system_blocks(
    request: LLMRequest, keep: prompt_cache.Breakpoints | None = None
) -> list[TextBlockParam]:
    """The system prompt as text blocks, with the breakpoints `prompt_cache.plan` keeps (`keep`:
    that plan, when the caller has it already)."""
    kept = (prompt_cache.plan(request) if keep is None else keep).system
    blocks: list[TextBlockParam] = []
    for i, block in enumerate(request.system):
        param: TextBlockParam = {"type": "text", "text": block.text}
        if i in kept:
            param["cache_control"] = {"type": "ephemeral"}
        blocks.append(param)
    return blocks


def message_params(
    request: LLMRequest, keep: prompt_cache.Breakpoints | None = None
) -> list[MessageParam]:
    """The conversation turns in the SDK's shape; a breakpoint makes a turn a text block
    (`keep`: `prompt_cache.plan`'s, when the caller has it already)."""
    kept = (prompt_cache.plan(request) if keep is None else keep).messages
    params: list[MessageParam] = []
    for i, m in enumerate(request.messages):
        content: str | list[TextBlockParam] = m.content
        if i in kept:
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
    return LLMRejected(text + str(detail), status=exc.status_code)


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
