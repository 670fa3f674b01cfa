"""Choosing the model providers from settings (Anthropic when a key is set, else offline)."""

from __future__ import annotations

from reflection.anthropic_llm import AnthropicLLM
from reflection.errors import LLMRejected, LLMUnavailable
from reflection.heuristic import HeuristicReflector
from reflection.llm import LLM
from reflection.offline import OfflineChatLLM
from reflection.pricing import PriceTable
from reflection.runner import ReflectionPolicy
from store.config import WHERE_TO_GET, ConfigError, Settings


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


def chat_uses_anthropic(settings: Settings) -> bool:
    """CHAT_PROVIDER is anthropic, or `auto` with a key."""
    if settings.chat_provider == "auto":
        return settings.secret("ANTHROPIC_API_KEY") is not None
    return settings.chat_provider == "anthropic"


def reflection_uses_anthropic(settings: Settings) -> bool:
    """REFLECTION_PROVIDER is anthropic, or `auto` with a key."""
    if settings.reflection_provider == "auto":
        return settings.secret("ANTHROPIC_API_KEY") is not None
    return settings.reflection_provider == "anthropic"


def make_chat_llm(settings: Settings, prices: PriceTable) -> LLM:
    """The chat provider: CHAT_PROVIDER, or `auto` = Anthropic with a key, offline without."""
    return _anthropic(settings, prices) if chat_uses_anthropic(settings) else OfflineChatLLM()


def make_reflection_llm(settings: Settings, prices: PriceTable) -> LLM:
    """The reflection provider: REFLECTION_PROVIDER, or `auto` = Anthropic with a key."""
    if reflection_uses_anthropic(settings):
        return _anthropic(settings, prices)
    return HeuristicReflector()


def check_anthropic(
    settings: Settings, *, chat: bool = True, reflection: bool = True
) -> tuple[list[str], list[str]]:
    """Ask the Anthropic API for each model in use (a free `GET /v1/models/{id}`): (what was
    found, warnings). A refused key or an unknown model is a ConfigError naming its variable;
    an API that cannot be reached right now is only a warning (each reply retries anyway)."""
    models: list[tuple[str, str]] = []
    if chat and chat_uses_anthropic(settings):
        models.append(("CHAT_MODEL", settings.chat_model))
    if reflection and reflection_uses_anthropic(settings):
        models.append(("REFLECTION_MODEL", settings.reflection_model))
    found: list[str] = []
    warnings: list[str] = []
    if not models:
        return found, warnings
    client = _anthropic(settings, PriceTable())
    where = client.base_url
    try:
        for variable, model in dict.fromkeys(models):
            try:
                found.append(f"{variable}={model}: {client.check_model(model)}")
            except LLMRejected as exc:
                if exc.bad_key:
                    raise ConfigError(
                        f"ANTHROPIC_API_KEY was refused by the Anthropic API at {where} ({exc}). "
                        f"Copy a valid key: {WHERE_TO_GET['ANTHROPIC_API_KEY']}."
                    ) from exc
                if exc.status == 404:
                    raise ConfigError(
                        f"{variable}={model}: the Anthropic API at {where} has no such model "
                        "(see docs.anthropic.com → Models for the ids your key can use)."
                    ) from exc
                raise ConfigError(
                    f"{variable}={model}: the Anthropic API at {where} refused it ({exc})."
                ) from exc
            except LLMUnavailable as exc:
                warnings.append(
                    f"could not check ANTHROPIC_API_KEY and {variable} at {where} ({exc}); "
                    "starting anyway: replies retry, and say so while the API is unreachable."
                )
                break
    finally:
        client.close()
    return found, warnings


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
