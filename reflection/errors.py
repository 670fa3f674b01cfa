"""Errors raised below the bot layer; turned into messages only at the edges (Bolt, CLI).

SeshatError
├── LLMError                  a model call did not produce a usable answer
│   ├── LLMUnavailable        transient failures persisted past the SDK's retries
│   │   │                     (429, 529, 5xx, timeouts, connection errors)
│   │   └── LLMInterrupted    a streamed answer broke off after it began (error event, cut)
│   └── LLMRejected           the API refused the request (4xx other than 429): retrying won't help
└── ReflectionError           a reflection could not be turned into writes
    ├── ParseError            no valid reflection JSON could be recovered from the raw output
    ├── GuardRejected         banned keyword or leaked canary: the whole reflection is refused
    └── BudgetExceeded        the per-reflection or daily cap leaves no room for the call
"""

from __future__ import annotations


class SeshatError(Exception):
    """Base of every error Seshat raises on purpose."""


class LLMError(SeshatError):
    """A model call did not produce a usable answer."""


class LLMUnavailable(LLMError):
    """Transient failures persisted past the retries (rate limit, overload, timeout, network)."""


class LLMInterrupted(LLMUnavailable):
    """A streamed answer broke off after it began; `reason` says how, in a few words."""

    def __init__(self, message: str, *, reason: str) -> None:
        super().__init__(message)
        self.reason = reason


class LLMRejected(LLMError):
    """The API refused the request; retrying will not help (bad key, bad request).

    `status` is the HTTP status (401: the key is refused, 403: it may not do this, 404: no
    such model), so the edges can say which setting is wrong."""

    def __init__(self, message: str, *, status: int | None = None) -> None:
        super().__init__(message)
        self.status = status

    @property
    def bad_key(self) -> bool:
        """True when the API key itself was refused (401) or lacks permission (403)."""
        return self.status in (401, 403)


class ReflectionError(SeshatError):
    """A reflection could not be turned into writes."""


class ParseError(ReflectionError):
    """No valid reflection JSON could be recovered from the model's raw output."""


class GuardRejected(ReflectionError):
    """The reflection tripped a guard (banned keyword, leaked canary) and is refused whole."""


class BudgetExceeded(ReflectionError):
    """The per-reflection or daily budget leaves no room for this call."""
