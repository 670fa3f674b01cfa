"""Choosing the model providers from settings (Anthropic when a key is set, else offline)."""

from __future__ import annotations

from reflection.anthropic_llm import AnthropicLLM
from reflection.heuristic import HeuristicReflector
from reflection.llm import LLM
from reflection.offline import OfflineChatLLM
from reflection.pricing import PriceTable
from reflection.runner import ReflectionPolicy
from store.config import Settings


def _anthropic(settings: Settings, prices: PriceTable) -> AnthropicLLM:
    """The Anthropic client; a missing key raises the ConfigError that names it."""
    key = settings.require("ANTHROPIC_API_KEY")["ANTHROPIC_API_KEY"]
    return AnthropicLLM(
        key,
        base_url=settings.anthropic_base_url,
        timeout=settings.llm_timeout_seconds,
        max_retries=settings.llm_max_retries,
        prices=prices,
    )


def make_chat_llm(settings: Settings, prices: PriceTable) -> LLM:
    """The chat provider: CHAT_PROVIDER, or `auto` = Anthropic with a key, offline without."""
    provider = settings.chat_provider
    if provider == "auto":
        provider = "anthropic" if settings.secret("ANTHROPIC_API_KEY") else "offline"
    return OfflineChatLLM() if provider == "offline" else _anthropic(settings, prices)


def make_reflection_llm(settings: Settings, prices: PriceTable) -> LLM:
    """The reflection provider: REFLECTION_PROVIDER, or `auto` = Anthropic with a key."""
    provider = settings.reflection_provider
    if provider == "auto":
        provider = "anthropic" if settings.secret("ANTHROPIC_API_KEY") else "heuristic"
    return HeuristicReflector() if provider == "heuristic" else _anthropic(settings, prices)


def reflection_policy(settings: Settings) -> ReflectionPolicy:
    """The runner's policy from settings."""
    return ReflectionPolicy(
        model=settings.reflection_model,
        max_tokens=settings.reflection_max_tokens,
        max_budget_usd=settings.reflection_max_budget_usd,
        daily_cap_usd=settings.reflection_daily_cap_usd,
        over_cap=settings.reflection_over_cap,
        disabled=settings.reflection_disabled,
        max_attempts=settings.reflection_max_attempts,
        banned_keywords=settings.banned_keywords,
        backoff_seconds=settings.reflection_retry_backoff_seconds,
    )
