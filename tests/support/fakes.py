"""Fakes at the project's own interfaces (the `LLM` protocol). Never patches project code."""

from __future__ import annotations

import threading
from collections import deque
from collections.abc import Iterator
from dataclasses import dataclass

from reflection.errors import LLMError
from reflection.llm import LLMRequest, LLMResponse, Pieces, TextStream, Usage


@dataclass(frozen=True)
class BrokenAnswer:
    """An answer that breaks off: a streamed call gives `text`, then raises `error`; a whole
    call raises `error` at once."""

    text: str
    error: LLMError


Answer = str | LLMError | BrokenAnswer


class BrokenStream:
    """A `TextStream` that gives its text in a few pieces, then raises."""

    def __init__(self, answer: BrokenAnswer, model: str, provider: str) -> None:
        self._answer = answer
        self._sent = ""
        self._model = model
        self._provider = provider

    def __iter__(self) -> Iterator[str]:
        for piece in Pieces(LLMResponse(self._answer.text, self._model, self._provider)):
            self._sent += piece
            yield piece
        raise self._answer.error

    @property
    def response(self) -> LLMResponse:
        """What arrived before the break."""
        usage = Usage(input_tokens=100, output_tokens=max(1, len(self._sent) // 4))
        return LLMResponse(self._sent, self._model, self._provider, usage)

    def close(self) -> None:
        """Nothing to release."""


class FakeLLM:
    """An `LLM` whose answers are enqueued by the test; every request is kept in `history`."""

    def __init__(self, name: str = "fake", model: str = "fake-model") -> None:
        self._name = name
        self._model = model
        self._queue: deque[Answer] = deque()
        self._lock = threading.Lock()
        self.history: list[LLMRequest] = []
        self.default: str | None = None

    @property
    def name(self) -> str:
        """Provider label."""
        return self._name

    def enqueue(self, *answers: Answer) -> FakeLLM:
        """Queue raw answers (or errors to raise, or answers that break off), used in order."""
        with self._lock:
            self._queue.extend(answers)
        return self

    def _next(self, request: LLMRequest) -> Answer:
        with self._lock:
            self.history.append(request)
            if self._queue:
                return self._queue.popleft()
            if self.default is not None:
                return self.default
        raise AssertionError(f"FakeLLM got an unexpected {request.purpose} request")

    def complete(self, request: LLMRequest) -> LLMResponse:
        """Pop the next answer; raise it if it is an error."""
        answer = self._next(request)
        if isinstance(answer, BrokenAnswer):
            raise answer.error
        if isinstance(answer, LLMError):
            raise answer
        usage = Usage(input_tokens=100, output_tokens=max(1, len(answer) // 4))
        return LLMResponse(text=answer, model=request.model, provider=self._name, usage=usage)

    def stream(self, request: LLMRequest) -> TextStream:
        """Pop the next answer and give it in a few pieces (a broken one raises after its text)."""
        answer = self._next(request)
        if isinstance(answer, BrokenAnswer):
            return BrokenStream(answer, request.model, self._name)
        if isinstance(answer, LLMError):
            raise answer
        usage = Usage(input_tokens=100, output_tokens=max(1, len(answer) // 4))
        return Pieces(LLMResponse(answer, request.model, self._name, usage))
