"""The Web API client out: the client factory, Slack errors as short text, and a DM helper."""

from __future__ import annotations

from typing import Any

from slack_sdk import WebClient
from slack_sdk.errors import SlackApiError
from slack_sdk.http_retry.builtin_handlers import (
    ConnectionErrorRetryHandler,
    RateLimitErrorRetryHandler,
    ServerErrorRetryHandler,
)


def make_web_client(token: str, base_url: str, *, max_retries: int = 3) -> WebClient:
    """A WebClient with retries for rate limits (Retry-After), 5xx and connection errors."""
    return WebClient(
        token=token,
        base_url=base_url,
        timeout=30,
        retry_handlers=[
            RateLimitErrorRetryHandler(max_retry_count=max_retries),
            ServerErrorRetryHandler(max_retry_count=max_retries),
            ConnectionErrorRetryHandler(max_retry_count=max_retries),
        ],
    )


def slack_error(exc: Exception) -> str:
    """A short description of a Slack failure (API error code or transport error)."""
    if isinstance(exc, SlackApiError):
        return str(exc.response.get("error") or exc)
    return f"{exc.__class__.__name__}: {exc}"


def dm_channel(slack: WebClient, user: str) -> str:
    """The id of the bot's DM with `user` (opened if need be)."""
    return str(slack.conversations_open(users=user)["channel"]["id"])


def dm(slack: WebClient, user: str, text: str, **kwargs: Any) -> str:
    """Post `text` (and `kwargs`, e.g. blocks) in the bot's DM with `user`; the message's ts."""
    channel = dm_channel(slack, user)
    return str(slack.chat_postMessage(channel=channel, text=text, **kwargs)["ts"])
