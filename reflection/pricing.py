"""Per-model prices (USD per million tokens) and the cost of a call."""

from __future__ import annotations

import json
from dataclasses import dataclass

from reflection.llm import Usage


@dataclass(frozen=True)
class Price:
    """USD per million tokens for one model."""

    input: float
    output: float
    cache_write: float
    cache_read: float


# Published list prices for current Claude models (USD / MTok; 5-minute cache writes).
DEFAULT_PRICES: dict[str, Price] = {
    "claude-opus-4-6": Price(5.0, 25.0, 6.25, 0.50),
    "claude-opus-4-5": Price(5.0, 25.0, 6.25, 0.50),
    "claude-opus-4-1": Price(15.0, 75.0, 18.75, 1.50),
    "claude-sonnet-4-6": Price(3.0, 15.0, 3.75, 0.30),
    "claude-sonnet-4-5": Price(3.0, 15.0, 3.75, 0.30),
    "claude-sonnet-4": Price(3.0, 15.0, 3.75, 0.30),
    "claude-haiku-4-5": Price(1.0, 5.0, 1.25, 0.10),
    "claude-3-5-haiku": Price(0.80, 4.0, 1.0, 0.08),
}
# Unknown models are priced like the most expensive tier we know, so budgets err on the safe side.
FALLBACK_PRICE = Price(15.0, 75.0, 18.75, 1.50)
FREE = Price(0.0, 0.0, 0.0, 0.0)


class PriceTable:
    """Looks up a model's price; dated ids (`claude-haiku-4-5-20251001`) match their family."""

    def __init__(self, overrides: dict[str, Price] | None = None) -> None:
        self._prices = {**DEFAULT_PRICES, **(overrides or {})}

    @classmethod
    def from_json(cls, text: str) -> PriceTable:
        """Build from LLM_PRICES: `{"model": {"input": 3, "output": 15, ...}}` (missing → 0)."""
        if not text.strip():
            return cls()
        raw = json.loads(text)
        overrides = {
            model: Price(
                float(p.get("input", 0)),
                float(p.get("output", 0)),
                float(p.get("cache_write", p.get("input", 0) * 1.25)),
                float(p.get("cache_read", p.get("input", 0) * 0.1)),
            )
            for model, p in raw.items()
        }
        return cls(overrides)

    def price(self, model: str, provider: str = "anthropic") -> Price:
        """The price of `model`; offline providers are free."""
        if provider in {"offline", "heuristic"}:
            return FREE
        if model in self._prices:
            return self._prices[model]
        # Longest known prefix wins: "claude-sonnet-4-5-20250929" → "claude-sonnet-4-5".
        matches = [name for name in self._prices if model.startswith(name)]
        return self._prices[max(matches, key=len)] if matches else FALLBACK_PRICE

    def cost(self, model: str, usage: Usage, provider: str = "anthropic") -> float:
        """USD cost of one call's usage."""
        p = self.price(model, provider)
        return (
            usage.input_tokens * p.input
            + usage.output_tokens * p.output
            + usage.cache_write_tokens * p.cache_write
            + usage.cache_read_tokens * p.cache_read
        ) / 1_000_000

    def worst_case(self, model: str, *, input_tokens: int, max_output_tokens: int) -> float:
        """Upper bound on a call's cost: all input billed as a cache write, all output used."""
        p = self.price(model)
        per_input = max(p.input, p.cache_write)
        return (input_tokens * per_input + max_output_tokens * p.output) / 1_000_000
