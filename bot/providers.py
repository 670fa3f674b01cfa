"""Choosing the model providers from settings (Anthropic when a key is set, else offline)."""

from __future__ import annotations

from reflection.anthropic_llm import AnthropicLLM
from reflection.llm import LLM
from reflection.offline import OfflineChatLLM
from reflection.pricing import PriceTable
from store.config import ConfigError, Settings


def make_chat_llm(settings: Settings, prices: PriceTable) -> LLM:
    """The chat provider: CHAT_PROVIDER, or `auto` = Anthropic with a key, offline without."""
    key = settings.secret("ANTHROPIC_API_KEY")
    provider = settings.chat_provider
    if provider == "auto":
        provider = "anthropic" if key else "offline"
    if provider == "offline":
        return OfflineChatLLM()
    if key is None:
        settings.require("ANTHROPIC_API_KEY")
        raise ConfigError("ANTHROPIC_API_KEY is required")  # unreachable: require() raised
    return AnthropicLLM(
        key,
        base_url=settings.anthropic_base_url,
        timeout=settings.llm_timeout_seconds,
        max_retries=settings.llm_max_retries,
        prices=prices,
    )
