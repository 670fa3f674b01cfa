"""A local Anthropic Messages API on loopback, for tests and the offline demo.

The real `anthropic` SDK talks to it over a real socket (pass `LocalAnthropicAPI.base_url` as the
SDK's `base_url`). It answers `POST /v1/messages` and `POST /v1/messages/count_tokens` with the
real response and error shapes (and `GET /v1/models/{id}`, the free call `seshat run` checks the
key and the model names with: any `claude-…` id is a model, anything else a 404), checks
`x-api-key`, estimates tokens (≈ chars/4), simulates prompt caching at `cache_control`
breakpoints the way the API bills it (below) and honours `max_tokens`. A request with
`"stream": true` is answered with server-sent events in the API's order (`message_start`
carrying the input usage, `content_block_start`, a `ping`, `content_block_delta`s,
`content_block_stop`, `message_delta` with the stop reason and usage, `message_stop`), paced
at `tokens_per_second` when set; `MidStream` breaks one mid-answer (an `error` event, or the
connection cut). Sampling parameters are checked as the API does: API
version 2026-10-21 (what the SDK sends) refuses `temperature`/`top_p`/`top_k` outright;
2023-06-01 takes a temperature in 0..1 unless the model refuses it (`rejects_temperature`).
Tests script what it answers (`api.script("hi", Fault(529, times=2), Slow(5),
Garbage(b"<html>"), MidStream("abc", 2), ...)`) and read back what
it was sent (`api.requests`, `api.wait_for_requests(n)`).

Prompt caching, as the real API does it: a request may carry at most four breakpoints (a fifth
is a 400). Each breakpoint whose prefix (tools → system → messages, up to and including the
marked block) reaches the model's minimum cacheable length writes that prefix to the cache; a
shorter one is silently ignored. The cache read is the longest previously written prefix found
at a block boundary up to 20 blocks before a breakpoint; `cache_creation_input_tokens` is the
rest of the prefix up to the last cacheable breakpoint, `input_tokens` whatever follows it.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import secrets
import threading
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from aiohttp import web

from reflection.prompt_cache import MAX_BREAKPOINTS, min_cacheable_tokens

# What each status means on the real API; the SDK maps the status, we mirror the body too.
ERROR_TYPES: dict[int, str] = {
    400: "invalid_request_error",
    401: "authentication_error",
    403: "permission_error",
    404: "not_found_error",
    413: "request_too_large",
    429: "rate_limit_error",
    500: "api_error",
    529: "overloaded_error",
}
# What the real API says for the faults tests inject most.
DEFAULT_MESSAGES: dict[int, str] = {
    429: "Number of request tokens has exceeded your per-minute rate limit",
    500: "Internal server error",
    529: "Overloaded",
}
# How far before a breakpoint the API looks for an earlier cache hit (in content blocks).
CACHE_LOOKBACK_BLOCKS = 20
STATUS_OF_ERROR = {kind: status for status, kind in ERROR_TYPES.items()}


@dataclass(frozen=True)
class Reply:
    """A scripted text answer; `usage` overrides the computed usage fields it names."""

    text: str
    stop_reason: str | None = None
    usage: dict[str, int] | None = None


@dataclass(frozen=True)
class ToolUse:
    """A scripted `tool_use` answer (stop_reason `tool_use`)."""

    name: str
    input: dict[str, Any]


@dataclass(frozen=True)
class Fault:
    """A scripted error answer, repeated for `times` consecutive requests."""

    status: int = 529
    retry_after: float | None = None
    times: int = 1
    message: str | None = None


@dataclass(frozen=True)
class Slow:
    """Delay the answer by `seconds` (cut short by `stop()`), then give `then` (None: what the
    default responders would have answered)."""

    seconds: float
    then: Scripted | None = "(offline demo model) slow reply"


@dataclass(frozen=True)
class Garbage:
    """A 200 whose body is not a Messages response (non-JSON or the wrong shape)."""

    body: bytes
    content_type: str = "application/json"


@dataclass(frozen=True)
class MidStream:
    """A streamed answer that breaks after `after_chars` characters of `text`: an `error` event
    of type `error` (what the API sends when it is overloaded mid-answer), or with `error=None`
    the connection cut. A request that does not stream gets that error as its status instead."""

    text: str
    after_chars: int
    error: str | None = "overloaded_error"
    message: str | None = None


Scripted = str | Reply | ToolUse | Fault | Slow | Garbage | MidStream
Responder = Callable[[dict[str, Any]], str]


@dataclass(frozen=True)
class RecordedRequest:
    """One request the double received: its path, parsed JSON body, (lower-cased) headers and
    the client's address (which connection it came over)."""

    path: str
    body: dict[str, Any]
    headers: dict[str, str] = field(default_factory=dict)
    peer: str = ""


def estimate_tokens(text: str) -> int:
    """A deterministic token estimate: about four characters per token."""
    return (len(text) + 3) // 4


def offline_echo(body: dict[str, Any]) -> str:
    """The default responder: says plainly it is the local model and echoes the last user turn."""
    said = _text_of(last_user_content(body)).strip()
    if len(said) > 200:
        said = said[:200] + "…"
    return f"(offline demo model) You said: {said}" if said else "(offline demo model) Hello."


def last_user_content(body: dict[str, Any]) -> Any:
    """The content of the last user message in a Messages request body (or "")."""
    for message in reversed(body.get("messages") or []):
        if isinstance(message, dict) and message.get("role") == "user":
            return message.get("content", "")
    return ""


def minimal_json(schema: dict[str, Any], root: dict[str, Any] | None = None) -> Any:
    """The smallest value that validates against a JSON schema (the common subset of it)."""
    root = root if root is not None else schema
    if "$ref" in schema:
        ref = str(schema["$ref"])
        target: Any = root
        for part in ref.removeprefix("#/").split("/"):
            target = target[part]
        return minimal_json(target, root)
    if "const" in schema:
        return schema["const"]
    if schema.get("enum"):
        return schema["enum"][0]
    for key in ("anyOf", "oneOf", "allOf"):
        if schema.get(key):
            options = schema[key]
            # Null is the smallest answer when it is allowed (pydantic's `X | None`).
            nulls = [o for o in options if o.get("type") == "null"]
            return minimal_json(nulls[0] if nulls else options[0], root)
    kind = schema.get("type", "object")
    if isinstance(kind, list):
        kind = "null" if "null" in kind else kind[0]
    if kind == "object":
        props = schema.get("properties", {})
        return {
            name: minimal_json(props.get(name, {}), root) for name in schema.get("required", [])
        }
    if kind == "array":
        item = minimal_json(schema.get("items", {}), root)
        return [item] * int(schema.get("minItems", 0))
    if kind == "string":
        if schema.get("format") == "date-time":
            return "1970-01-01T00:00:00Z"
        return "x" * int(schema.get("minLength", 0))
    if kind in ("integer", "number"):
        return schema.get("minimum", 0)
    if kind == "boolean":
        return False
    return None


def _text_of(content: Any) -> str:
    """The text of a message content (a string or a list of blocks)."""
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        return "\n".join(str(b.get("text", "")) for b in content if isinstance(b, dict))
    return ""


def _cacheable_blocks(body: dict[str, Any]) -> list[tuple[str, int, bool]]:
    """(canonical text, tokens, breakpoint?) per block, in the API's prefix order."""
    blocks: list[dict[str, Any]] = []
    blocks.extend(t for t in body.get("tools") or [] if isinstance(t, dict))
    system = body.get("system")
    if isinstance(system, str):
        blocks.append({"type": "text", "text": system})
    elif isinstance(system, list):
        blocks.extend(b for b in system if isinstance(b, dict))
    for message in body.get("messages") or []:
        content = message.get("content", "") if isinstance(message, dict) else ""
        role = message.get("role", "") if isinstance(message, dict) else ""
        if isinstance(content, str):
            blocks.append({"role": role, "type": "text", "text": content})
        else:
            blocks.extend({"role": role, **b} for b in content if isinstance(b, dict))
    out: list[tuple[str, int, bool]] = []
    for block in blocks:
        marked = "cache_control" in block
        # The breakpoint marker is not part of the cached content, so it stays out of the key.
        canonical = json.dumps(
            {k: v for k, v in block.items() if k != "cache_control"}, sort_keys=True
        )
        text = block.get("text") if isinstance(block.get("text"), str) else canonical
        out.append((canonical, estimate_tokens(str(text)), marked))
    if body.get("cache_control") and out:
        # Top-level (automatic) caching puts the breakpoint on the last block.
        out[-1] = (out[-1][0], out[-1][1], True)
    return out


class LocalAnthropicAPI:
    """The Messages API double: an aiohttp server on 127.0.0.1 in a daemon thread."""

    def __init__(
        self,
        *,
        api_key: str = "sk-ant-local-test",
        responder: Responder = offline_echo,
        json_responder: Responder | None = None,
        min_cacheable_tokens: int | None = None,
        latency: float = 0.0,
        rejects_temperature: frozenset[str] = frozenset(),
        tokens_per_second: float = 0.0,
        delta_tokens: int = 3,
    ) -> None:
        self.api_key = api_key
        # Seconds every unscripted answer takes, as a real model would (load benchmarks); a
        # streamed answer's first event comes after it.
        self.latency = latency
        # The model's pace (0: no delay): a streamed answer's deltas come at this rate,
        # `delta_tokens` tokens (about 4 characters each) per `text_delta`, as the API sends a
        # few at a time; an answer not streamed comes once all of it would be generated.
        self.tokens_per_second = tokens_per_second
        self.delta_tokens = max(1, delta_tokens)
        self.responder = responder
        # Used instead of `responder` for structured-output requests; default: minimal valid JSON.
        self.json_responder = json_responder
        # The real API silently skips caching below a per-model minimum (None: each model's
        # documented minimum); a number applies to every model.
        self.min_cacheable_tokens = min_cacheable_tokens
        # Models that refuse `temperature` on every API version (as newer Claude models do).
        self.rejects_temperature = rejects_temperature
        self._lock = threading.Condition()
        self._queue: deque[Scripted] = deque()
        self._requests: list[RecordedRequest] = []
        # `GET /v1/models/…` lookups, kept apart so counts of Messages requests stay as they were.
        self.model_lookups: list[RecordedRequest] = []
        self._cache: set[str] = set()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._stopping: asyncio.Event | None = None
        self._runner: web.AppRunner | None = None
        self._thread: threading.Thread | None = None
        self._port = 0

    # -- lifecycle -------------------------------------------------------------------------

    def start(self) -> LocalAnthropicAPI:
        """Start serving on an ephemeral loopback port; returns self."""
        if self._thread is not None:
            return self
        ready = threading.Event()
        failure: list[BaseException] = []

        def run() -> None:
            loop = asyncio.new_event_loop()
            self._loop = loop
            try:
                loop.run_until_complete(self._serve())
            except BaseException as exc:  # surfaced to start()'s caller below
                failure.append(exc)
                ready.set()
                return
            ready.set()
            loop.run_forever()
            loop.run_until_complete(self._shutdown())
            loop.close()

        self._thread = threading.Thread(target=run, name="local-anthropic-api", daemon=True)
        self._thread.start()
        ready.wait(10)
        if failure:
            raise RuntimeError("local Anthropic API failed to start") from failure[0]
        return self

    def stop(self) -> None:
        """Stop serving; in-flight `Slow` answers are cut short."""
        loop, thread = self._loop, self._thread
        if loop is None or thread is None:
            return
        if self._stopping is not None:
            loop.call_soon_threadsafe(self._stopping.set)
        loop.call_soon_threadsafe(loop.stop)
        thread.join(10)
        self._thread = self._loop = None

    def __enter__(self) -> LocalAnthropicAPI:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()

    @property
    def base_url(self) -> str:
        """What to pass as the SDK's `base_url` (no `/v1`: the SDK adds it)."""
        return f"http://127.0.0.1:{self._port}"

    # -- scripting and inspection ------------------------------------------------------------

    def script(self, *responses: Scripted) -> LocalAnthropicAPI:
        """Queue answers, consumed one per `/v1/messages` request, in order."""
        with self._lock:
            for response in responses:
                if isinstance(response, Fault):
                    # A fault that repeats is queued once per request it answers.
                    self._queue.extend([response] * max(1, response.times))
                else:
                    self._queue.append(response)
        return self

    def clear_script(self) -> None:
        """Drop the scripted answers not used yet (the default responders answer again)."""
        with self._lock:
            self._queue.clear()

    @property
    def pending(self) -> int:
        """How many scripted answers are still queued."""
        with self._lock:
            return len(self._queue)

    @property
    def requests(self) -> list[RecordedRequest]:
        """Every request received so far, in arrival order (a copy)."""
        with self._lock:
            return list(self._requests)

    def wait_for_requests(self, n: int, timeout: float = 5.0) -> list[RecordedRequest]:
        """Block until at least `n` requests arrived; raises TimeoutError otherwise."""
        with self._lock:
            if not self._lock.wait_for(lambda: len(self._requests) >= n, timeout):
                raise TimeoutError(f"expected {n} requests, got {len(self._requests)}")
            return list(self._requests)

    def reset_cache(self) -> None:
        """Forget every cached prefix (as if the 5-minute TTL had passed)."""
        with self._lock:
            self._cache.clear()

    # -- server ------------------------------------------------------------------------------

    async def _serve(self) -> None:
        self._stopping = asyncio.Event()
        app = web.Application()
        app.router.add_post("/v1/messages", self._messages)
        app.router.add_post("/v1/messages/count_tokens", self._count_tokens)
        app.router.add_get("/v1/models/{model_id}", self._model)
        self._runner = web.AppRunner(app, access_log=None, shutdown_timeout=1.0)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        self._port = int(self._runner.addresses[0][1])

    async def _shutdown(self) -> None:
        if self._runner is not None:
            await self._runner.cleanup()

    async def _admit(self, request: web.Request) -> tuple[dict[str, Any] | None, web.Response]:
        """Record the request and check key and shape; a non-None body means "go on"."""
        raw = await request.read()
        try:
            body = json.loads(raw or b"{}")
        except ValueError:
            body = None
        with self._lock:
            self._requests.append(
                RecordedRequest(
                    request.path,
                    body if isinstance(body, dict) else {},
                    {k.lower(): v for k, v in request.headers.items()},
                    str(request.transport.get_extra_info("peername") if request.transport else ""),
                )
            )
            self._lock.notify_all()
        # Older SDKs send `x-api-key`; this SDK generation sends the key as a Bearer token.
        bearer = request.headers.get("authorization", "").removeprefix("Bearer ")
        if request.headers.get("x-api-key", bearer) != self.api_key:
            return None, _error(401, "invalid x-api-key")
        if not request.headers.get("anthropic-version"):
            return None, _error(400, "anthropic-version: header is required")
        if not isinstance(body, dict):
            return None, _error(400, "Request body is not valid JSON")
        for key in ("model", "messages") + (("max_tokens",) if "count" not in request.path else ()):
            if key not in body:
                return None, _error(400, f"{key}: Field required")
        return body, web.Response()

    async def _model(self, request: web.Request) -> web.Response:
        """`GET /v1/models/{model_id}`: the model's record, as the real API answers it."""
        headers = {k.lower(): v for k, v in request.headers.items()}
        with self._lock:
            self.model_lookups.append(RecordedRequest(request.path, {}, headers))
        bearer = headers.get("authorization", "").removeprefix("Bearer ")
        if headers.get("x-api-key", bearer) != self.api_key:
            return _error(401, "invalid x-api-key")
        if not headers.get("anthropic-version"):
            return _error(400, "anthropic-version: header is required")
        model = request.match_info["model_id"]
        if not model.startswith("claude-"):
            return _error(404, f"model: {model}")
        name = " ".join(part.capitalize() for part in model.split("-")[1:])
        return _json(
            {
                "type": "model",
                "id": model,
                "display_name": f"Claude {name}",
                "created_at": "2025-01-01T00:00:00Z",
            }
        )

    async def _count_tokens(self, request: web.Request) -> web.Response:
        body, refusal = await self._admit(request)
        if body is None:
            return refusal
        total = sum(tokens for _, tokens, _ in _cacheable_blocks(body))
        return _json({"input_tokens": total})

    async def _messages(self, request: web.Request) -> web.StreamResponse:
        body, refusal = await self._admit(request)
        if body is None:
            return refusal
        why = self._sampling_refusal(body, request.headers.get("anthropic-version", ""))
        if why is not None:
            return _error(400, why)
        if not body.get("messages"):  # as the API says it
            return _error(400, "messages: at least one message is required")
        marks = sum(marked for _, _, marked in _cacheable_blocks(body))
        if marks > MAX_BREAKPOINTS:
            return _error(
                400,
                f"A maximum of {MAX_BREAKPOINTS} blocks with cache_control may be provided. "
                f"Found {marks}.",
            )
        with self._lock:
            scripted: Scripted | None = self._queue.popleft() if self._queue else None
        if scripted is None and self.latency > 0:
            scripted = Slow(self.latency, None)
        while isinstance(scripted, Slow):
            assert self._stopping is not None
            try:
                await asyncio.wait_for(self._stopping.wait(), scripted.seconds)
                return _error(529, "the local API is shutting down")
            except TimeoutError:
                scripted = scripted.then
        if isinstance(scripted, Fault):
            return _error(scripted.status, scripted.message, retry_after=scripted.retry_after)
        if isinstance(scripted, Garbage):
            return web.Response(
                body=scripted.body, content_type=scripted.content_type, headers=_ids()
            )
        broken: MidStream | None = None
        if isinstance(scripted, MidStream):
            broken, scripted = scripted, Reply(scripted.text)
            if not body.get("stream"):
                return _error(STATUS_OF_ERROR.get(broken.error or "api_error", 500), broken.message)
        composed = self._compose(body, scripted)
        if isinstance(composed, web.Response):
            return composed
        if body.get("stream"):
            return await self._stream(request, composed, broken)
        if self.tokens_per_second > 0:  # a whole answer is sent once all of it is generated
            generated = int(composed["usage"]["output_tokens"]) / self.tokens_per_second
            assert self._stopping is not None
            try:
                await asyncio.wait_for(self._stopping.wait(), generated)
                return _error(529, "the local API is shutting down")
            except TimeoutError:
                pass
        return _json(composed)

    def _sampling_refusal(self, body: dict[str, Any], version: str) -> str | None:
        """Why the API would refuse this request's sampling parameters, or None."""
        given = [k for k in ("temperature", "top_p", "top_k") if k in body]
        if not given:
            return None
        if version != "2023-06-01":
            return f"{given[0]}: Extra inputs are not permitted"
        if "temperature" in body:
            if body["model"] in self.rejects_temperature:
                return "`temperature` is deprecated for this model."
            value = body["temperature"]
            if not isinstance(value, int | float) or not 0 <= value <= 1:
                return "temperature: Input should be less than or equal to 1"
        return None

    def _compose(
        self, body: dict[str, Any], scripted: str | Reply | ToolUse | None
    ) -> dict[str, Any] | web.Response:
        """A real-shaped Message for `scripted` (or the default responders), or a refusal."""
        forced = body.get("tool_choice") or {}
        schema = ((body.get("output_config") or {}).get("format") or {}).get("schema")
        if scripted is None and forced.get("type") == "tool":
            tools = [t for t in body.get("tools") or [] if t.get("name") == forced.get("name")]
            if not tools:
                return _error(400, f"tool_choice: no tool named {forced.get('name')!r}")
            tool = tools[0]
            scripted = ToolUse(tool["name"], minimal_json(tool.get("input_schema", {})))
        if scripted is None and isinstance(schema, dict):
            responder = self.json_responder or (lambda _b: json.dumps(minimal_json(schema)))
            scripted = responder(body)
        if scripted is None:
            scripted = self.responder(body)
        reply = Reply(scripted) if isinstance(scripted, str) else scripted

        max_tokens = int(body.get("max_tokens", 0))
        content: list[dict[str, Any]]
        if isinstance(reply, ToolUse):
            tool_id = "toolu_" + secrets.token_hex(12)
            content = [
                {"type": "tool_use", "id": tool_id, "name": reply.name, "input": reply.input}
            ]
            output_tokens, stop = estimate_tokens(json.dumps(reply.input)), "tool_use"
        else:
            text, stop = reply.text, reply.stop_reason or "end_turn"
            if estimate_tokens(text) > max_tokens:
                text, stop = text[: max_tokens * 4], "max_tokens"
            content = [{"type": "text", "text": text}]
            output_tokens = estimate_tokens(text)
        usage = {**self._input_usage(body), "output_tokens": output_tokens}
        if isinstance(reply, Reply) and reply.usage:
            usage.update(reply.usage)
        return {
            "id": "msg_" + secrets.token_hex(12),
            "type": "message",
            "role": "assistant",
            "model": body["model"],
            "content": content,
            "stop_reason": stop,
            "stop_sequence": None,
            "usage": usage,
        }

    async def _stream(
        self, request: web.Request, message: dict[str, Any], broken: MidStream | None
    ) -> web.StreamResponse:
        """Send `message` as the API's server-sent events, paced; `broken` cuts it short."""
        response = web.StreamResponse()
        try:
            return await self._send_events(request, response, message, broken)
        except ConnectionResetError:  # the client stopped reading (closed the stream early)
            return response

    async def _send_events(
        self,
        request: web.Request,
        response: web.StreamResponse,
        message: dict[str, Any],
        broken: MidStream | None,
    ) -> web.StreamResponse:
        response.headers.update(_ids())
        response.headers["content-type"] = "text/event-stream; charset=utf-8"
        response.headers["cache-control"] = "no-cache"
        await response.prepare(request)
        usage = message["usage"]
        started = {**message, "content": [], "stop_reason": None, "stop_sequence": None}
        # Like the API: the input side is known at once, the output count comes at the end.
        started["usage"] = {**usage, "output_tokens": min(1, usage["output_tokens"])}
        await _event(response, "message_start", {"message": started})
        budget = broken.after_chars if broken is not None else None
        step = self.delta_tokens * 4  # characters per delta (≈ 4 per token)
        for index, block in enumerate(message["content"]):
            if block["type"] == "tool_use":
                opening = {**block, "input": {}}
                whole, kind, field_name = (
                    json.dumps(block["input"]),
                    "input_json_delta",
                    "partial_json",
                )
            else:
                opening = {"type": "text", "text": ""}
                whole, kind, field_name = block["text"], "text_delta", "text"
            await _event(
                response, "content_block_start", {"index": index, "content_block": opening}
            )
            if index == 0:
                await _event(response, "ping", {})
            for start in range(0, len(whole), step):
                piece = whole[start : start + step]
                if budget is not None and start + len(piece) > budget:
                    piece = piece[: max(0, budget - start)]
                if piece:
                    delta = {"type": kind, field_name: piece}
                    await _event(response, "content_block_delta", {"index": index, "delta": delta})
                if budget is not None and start + step >= budget:
                    return await self._break(request, response, broken)
                if not await self._pace(len(piece)):
                    return await self._break(
                        request, response, MidStream("", 0, "overloaded_error")
                    )
            await _event(response, "content_block_stop", {"index": index})
        if broken is not None:  # broken after the whole text: still never a clean end
            return await self._break(request, response, broken)
        stop = {"stop_reason": message["stop_reason"], "stop_sequence": None}
        await _event(response, "message_delta", {"delta": stop, "usage": usage})
        await _event(response, "message_stop", {})
        await response.write_eof()
        return response

    async def _pace(self, chars: int) -> bool:
        """Wait as long as `chars` characters take at `tokens_per_second`; False when stopping."""
        assert self._stopping is not None
        if self.tokens_per_second > 0:
            await asyncio.sleep((chars + 3) // 4 / self.tokens_per_second)
        return not self._stopping.is_set()

    async def _break(
        self, request: web.Request, response: web.StreamResponse, broken: MidStream | None
    ) -> web.StreamResponse:
        """End a stream mid-answer: an `error` event, or the connection cut."""
        assert broken is not None
        if broken.error is None:
            if request.transport is not None:
                request.transport.abort()
            return response
        status = STATUS_OF_ERROR.get(broken.error, 500)
        error = {
            "type": broken.error,
            "message": broken.message or DEFAULT_MESSAGES.get(status, broken.error),
        }
        await _event(response, "error", {"error": error})
        await response.write_eof()
        return response

    def minimum_for(self, model: str) -> int:
        """The shortest prefix this double caches for `model`."""
        if self.min_cacheable_tokens is not None:
            return self.min_cacheable_tokens
        return min_cacheable_tokens(model)

    def _input_usage(self, body: dict[str, Any]) -> dict[str, int]:
        """Split input tokens into cache reads, cache writes and uncached input."""
        blocks = _cacheable_blocks(body)
        minimum = self.minimum_for(str(body.get("model")))
        digest = hashlib.sha256(str(body.get("model")).encode())
        keys: list[tuple[str, int]] = []  # (prefix key, tokens up to here) after every block
        breakpoints: list[int] = []  # indexes into `keys` where a cacheable breakpoint sits
        running = 0
        for canonical, tokens, marked in blocks:
            digest.update(canonical.encode())
            running += tokens
            keys.append((digest.hexdigest(), running))
            if marked and running >= minimum:
                breakpoints.append(len(keys) - 1)
        total = running
        cached = keys[breakpoints[-1]][1] if breakpoints else 0
        # Like the API, a hit may sit before a breakpoint, on any block boundary within the
        # lookback window; only prefixes that were written (so reached the minimum) are found.
        candidates = {
            j for i in breakpoints for j in range(max(0, i - CACHE_LOOKBACK_BLOCKS), i + 1)
        }
        with self._lock:
            read = max((keys[j][1] for j in candidates if keys[j][0] in self._cache), default=0)
            self._cache.update(keys[i][0] for i in breakpoints)
        return {
            "input_tokens": total - cached,
            "cache_creation_input_tokens": cached - read,
            "cache_read_input_tokens": read,
        }


async def _event(response: web.StreamResponse, kind: str, payload: dict[str, Any]) -> None:
    """One server-sent event, named as its `type` (what the SDK dispatches on)."""
    data = json.dumps({"type": kind, **payload})
    await response.write(f"event: {kind}\ndata: {data}\n\n".encode())


def _ids() -> dict[str, str]:
    return {"request-id": "req_" + secrets.token_hex(12)}


def _json(
    payload: dict[str, Any], status: int = 200, headers: dict[str, str] | None = None
) -> web.Response:
    return web.json_response(payload, status=status, headers={**_ids(), **(headers or {})})


def _error(status: int, message: str | None, *, retry_after: float | None = None) -> web.Response:
    """A real-shaped error body with the matching status and headers."""
    kind = ERROR_TYPES.get(status, "api_error" if status >= 500 else "invalid_request_error")
    headers: dict[str, str] = {}
    if retry_after is not None:
        # The SDK prefers the precise millisecond header; `retry-after` is what the API documents.
        headers["retry-after"] = str(max(0, round(retry_after)))
        headers["retry-after-ms"] = str(int(retry_after * 1000))
    payload = {
        "type": "error",
        "error": {"type": kind, "message": message or DEFAULT_MESSAGES.get(status, kind)},
    }
    return _json(payload, status=status, headers=headers)
