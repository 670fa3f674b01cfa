"""Fakes at the project's own interfaces (the `LLM` protocol). Never patches project code."""

from __future__ import annotations

import threading
from collections import deque

from reflection.errors import LLMError
from reflection.llm import LLMRequest, LLMResponse, Usage


class FakeLLM:
    """An `LLM` whose answers are enqueued by the test; every request is kept in `history`."""

    def __init__(self, name: str = "fake", model: str = "fake-model") -> None:
        self._name = name
        self._model = model
        self._queue: deque[str | LLMError] = deque()
        self._lock = threading.Lock()
        self.history: list[LLMRequest] = []
        self.default: str | None = None

    @property
    def name(self) -> str:
        """Provider label."""
        return self._name

    def enqueue(self, *answers: str | LLMError) -> FakeLLM:
        """Queue raw answers (or errors to raise), consumed in order."""
        with self._lock:
            self._queue.extend(answers)
        return self

    def complete(self, request: LLMRequest) -> LLMResponse:
        """Pop the next answer; raise it if it is an error."""
        with self._lock:
            self.history.append(request)
            if self._queue:
                answer = self._queue.popleft()
            elif self.default is not None:
                answer = self.default
            else:
                raise AssertionError(f"FakeLLM got an unexpected {request.purpose} request")
        if isinstance(answer, LLMError):
            raise answer
        usage = Usage(input_tokens=100, output_tokens=max(1, len(answer) // 4))
        return LLMResponse(text=answer, model=request.model, provider=self._name, usage=usage)
