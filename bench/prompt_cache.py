"""What a chat session costs in input tokens, with and without the conversation cache breakpoint.

Run: `python bench/prompt_cache.py` (a few seconds; loopback only). Simulated 10- and 50-turn
sessions go through the real request-building code — `PromptParts.blocks()` and
`conversation()`, assembled as `bot/chat/engine.py` `_complete` does — and the real `AnthropicLLM`
(anthropic SDK) to the local Messages API double, whose cache accounting applies each model's
minimum cacheable length and the 20-block lookback. Costs use `reflection/pricing.py`.

Request shapes compared (the flag lives here only):
- before: the shape of the code before this change — the transcript window slides by one line
  per turn (`lines[-max_messages:]`) and no turn carries a breakpoint;
- breakpoint only: the newest turn carries a breakpoint, but the window still slides line by
  line (shows why the window has to move in steps);
- after: the code as it is (breakpoint on the newest turn, window moved half a window at a time,
  the bot's replies in the half carried over a move cut to 400 characters).

Turn sizes are drawn from a fixed seed: questions mostly 15–60 tokens, sometimes a pasted log of
a few hundred; replies 80–450 tokens (chat max_tokens is 1,024). The system prompt is identity
plus a learned prefix and a session tail, ~430 tokens, like the 155–414-token prefixes measured
on real sessions. All turns are assumed to land within the cache's 5-minute lifetime.

Target (prompt-cache issue): a 50-turn session's input cost down at least 5× on the default chat
model.
"""

from __future__ import annotations

import argparse
import platform
import random
import sys
from collections.abc import Callable
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bot.chat.context import PromptParts, Section, conversation, default_identity  # noqa: E402
from bot.doubles.anthropic_api import LocalAnthropicAPI  # noqa: E402
from reflection.anthropic_llm import AnthropicLLM  # noqa: E402
from reflection.llm import ChatMessage, LLMRequest, Usage  # noqa: E402
from reflection.pricing import PriceTable  # noqa: E402
from reflection.prompt_cache import min_cacheable_tokens  # noqa: E402
from store.config import Settings  # noqa: E402

KEY = "sk-ant-bench"
TARGET = 5.0
WORDS = (
    "deploy service payments logs pod restart health check config staging release branch "
    "merge queue alert latency error rate timeout retry cache build pipeline runner token "
    "rollback migration database index query replica backup on-call ticket incident review"
).split()

Shape = Callable[[list[tuple[bool, str]], int], tuple[ChatMessage, ...]]


def before(lines: list[tuple[bool, str]], max_messages: int) -> tuple[ChatMessage, ...]:
    """The old request shape: a line-by-line sliding window and no conversation breakpoint."""
    sliding = conversation(lines[-max_messages:], max_messages=max_messages)
    return tuple(replace(m, cache=False) for m in sliding)


def breakpoint_only(lines: list[tuple[bool, str]], max_messages: int) -> tuple[ChatMessage, ...]:
    """The newest turn marked, but the window still sliding one line per turn."""
    return conversation(lines[-max_messages:], max_messages=max_messages)


def after(lines: list[tuple[bool, str]], max_messages: int) -> tuple[ChatMessage, ...]:
    """The request the engine builds now."""
    return conversation(lines, max_messages=max_messages)


SHAPES: dict[str, Shape] = {"before": before, "breakpoint only": breakpoint_only, "after": after}


def stepped(fraction: float | None) -> Shape:
    """`after`, but the window moves `fraction` of a window at a time (None: never trimmed)."""

    def shape(lines: list[tuple[bool, str]], max_messages: int) -> tuple[ChatMessage, ...]:
        if fraction is None:
            return conversation(lines, max_messages=len(lines))
        over = len(lines) - max_messages
        step = max(1, int(max_messages * fraction))
        start = 0 if over <= 0 else -(-over // step) * step
        return conversation(lines[start:], max_messages=max_messages)

    return shape


# Bench-only alternatives to the window's step (the code moves it half a window at a time).
WINDOW_STEPS: dict[str, float | None] = {
    "¼ window": 0.25,
    "½ window (the code, without the cut)": 0.5,
    "¾ window": 0.75,
    "no trimming (every message)": None,
}


def text(rng: random.Random, tokens: int) -> str:
    """Plain words, about `tokens` tokens by the project's chars/4 estimate."""
    out: list[str] = []
    size = 0
    while size < tokens * 4:
        word = rng.choice(WORDS)
        out.append(word)
        size += len(word) + 1
    return " ".join(out).capitalize() + "."


def user_tokens(rng: random.Random) -> int:
    roll = rng.random()
    if roll < 0.75:
        return rng.randint(15, 60)
    if roll < 0.95:
        return rng.randint(60, 180)
    return rng.randint(200, 600)  # a pasted log or stack trace


def system_prompt(rng: random.Random) -> PromptParts:
    """Identity + USER.md, lessons, skills index, MEMORY.md ‖ tail: about 430 tokens in all."""
    stable = [
        Section("About the team (USER.md)", text(rng, 50)),
        Section("Lessons", "\n".join(text(rng, 18) for _ in range(5))),
        Section("Skills", "\n".join(text(rng, 8) for _ in range(3))),
        Section("Memory (MEMORY.md)", text(rng, 40)),
    ]
    tail = [Section("Relevant facts", text(rng, 30))]
    return PromptParts(default_identity(), stable=stable, tail=tail)


@dataclass
class Totals:
    """One session's usage, summed over its turns."""

    input: int = 0
    write: int = 0
    read: int = 0
    output: int = 0
    messages: int = 0
    turns: int = 0

    @property
    def prompt(self) -> int:
        """Every input token the session sent (uncached + written + read)."""
        return self.input + self.write + self.read

    def input_cost(self, prices: PriceTable, model: str) -> float:
        return prices.cost(model, Usage(self.input, 0, self.write, self.read))

    def output_cost(self, prices: PriceTable, model: str) -> float:
        return prices.cost(model, Usage(0, self.output, 0, 0))


def run_session(
    llm: AnthropicLLM,
    api: LocalAnthropicAPI,
    *,
    model: str,
    turns: int,
    shape: Shape,
    max_messages: int,
    max_tokens: int,
    seed: int,
) -> Totals:
    """One chat session from an empty cache; the same seed gives the same turns for any shape."""
    rng = random.Random(seed)
    parts = system_prompt(rng)
    api.reset_cache()
    lines: list[tuple[bool, str]] = []
    totals = Totals()
    for _ in range(turns):
        lines.append((False, text(rng, user_tokens(rng))))
        api.script(text(rng, rng.randint(80, 450)))
        messages = shape(lines, max_messages)
        request = LLMRequest(
            model=model,
            system=parts.blocks(),
            messages=messages,
            max_tokens=max_tokens,
            purpose="chat",
        )
        response = llm.complete(request)
        usage = response.usage
        totals.input += usage.input_tokens
        totals.write += usage.cache_write_tokens
        totals.read += usage.cache_read_tokens
        totals.output += usage.output_tokens
        totals.messages += len(messages)
        totals.turns += 1
        lines.append((True, response.text))
    return totals


def money(usd: float) -> str:
    return f"${usd:.4f}" if usd < 1 else f"${usd:.2f}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    defaults = Settings.model_fields
    parser.add_argument("--model", default=str(defaults["chat_model"].default))
    parser.add_argument("--others", nargs="*", default=["claude-sonnet-4-5", "claude-haiku-4-5"])
    parser.add_argument("--seeds", type=int, default=5, help="sessions per row (averaged)")
    parser.add_argument("--out", type=Path, default=ROOT / "bench" / "results" / "prompt_cache.md")
    args = parser.parse_args()
    max_messages = int(defaults["transcript_max_messages"].default)
    max_tokens = int(defaults["chat_max_tokens"].default)
    prices = PriceTable()

    def measure(model: str, turns: int, shape: Shape) -> Totals:
        summed = Totals()
        for seed in range(args.seeds):
            t = run_session(
                llm,
                api,
                model=model,
                turns=turns,
                shape=shape,
                max_messages=max_messages,
                max_tokens=max_tokens,
                seed=seed,
            )
            for field in ("input", "write", "read", "output", "messages", "turns"):
                setattr(summed, field, getattr(summed, field) + getattr(t, field))
        return summed

    with (
        LocalAnthropicAPI(api_key=KEY) as api,
        AnthropicLLM(KEY, base_url=api.base_url, timeout=10.0, max_retries=0) as llm,
    ):
        main_rows = [
            (turns, name, measure(args.model, turns, shape))
            for turns in (10, 50)
            for name, shape in SHAPES.items()
        ]
        step_rows = [
            (name, measure(args.model, 50, stepped(fraction)))
            for name, fraction in WINDOW_STEPS.items()
        ]
        other_rows = [
            (model, turns, measure(model, turns, before), measure(model, turns, after))
            for model in args.others
            for turns in (10, 50)
        ]

    n = args.seeds
    p = prices.price(args.model)
    lines = [
        "# Prompt caching",
        "",
        f"Generated by `python bench/prompt_cache.py` on {platform.machine()} "
        f"{platform.system()}, Python {platform.python_version()}, "
        f"{datetime.now(UTC).date().isoformat()}. Each row is the mean of {n} simulated "
        f"sessions (seeds 0–{n - 1}) through `PromptParts.blocks()`, `conversation()` and "
        "`AnthropicLLM` against the local Messages API double (per-model minimum cacheable "
        f"length, 20-block lookback). Model `{args.model}` (caches prefixes of "
        f"{min_cacheable_tokens(args.model):,}+ tokens; ${p.input:g} input, "
        f"${p.cache_write:g} cache write, ${p.cache_read:g} cache read per MTok); "
        f"`TRANSCRIPT_MAX_MESSAGES={max_messages}`. Input tokens = uncached + cache writes + "
        "cache reads; input cost prices each at its rate. Output tokens are the same in every "
        "shape and are listed apart.",
        "",
        "| turns | request shape | input tokens | cache reads (share) | cache writes "
        "| uncached | messages per request | input cost | vs before | output cost |",
        "|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|",
    ]
    base: dict[int, float] = {}
    for turns, name, t in main_rows:
        cost = t.input_cost(prices, args.model) / n
        base.setdefault(turns, cost)
        lines.append(
            f"| {turns} | {name} | {t.prompt / n:,.0f} | {t.read / n:,.0f} "
            f"({t.read / t.prompt:.0%}) | {t.write / n:,.0f} | {t.input / n:,.0f} "
            f"| {t.messages / t.turns:.1f} | {money(cost)} | {base[turns] / cost:.1f}× "
            f"| {money(t.output_cost(prices, args.model) / n)} |"
        )
    fifty = next(t for turns, name, t in main_rows if turns == 50 and name == "after")
    ratio = base[50] / (fifty.input_cost(prices, args.model) / n)
    lines += [
        "",
        f"Target: 50-turn input cost down ≥ {TARGET:g}× → {ratio:.1f}× "
        f"({'met' if ratio >= TARGET else 'NOT met'}).",
        "",
        "Where the 50-turn saving comes from past the breakpoint: the window. Once a "
        f"session outgrows {max_messages} messages the window must move, and every move "
        "rewrites the whole conversation to the cache. Moving it in bigger steps saves more but "
        "leaves the model fewer messages right after a move; not trimming at all sends more "
        "context than before and still costs a quarter as much. The code moves it half a "
        "window and cuts the bot's replies in the carried-over half to 400 characters (they "
        "are rewritten at the move anyway), which saves as much as a ¾ step while the model "
        "keeps at least half a window. Without that cut (50 turns, same sessions):",
        "",
        "| window moves by | messages per request (before: "
        f"{next(t for turns, name, t in main_rows if turns == 50).messages / (50 * n):.1f}) "
        "| fewest transcript lines after a move | input cost | vs before |",
        "|---|---:|---:|---:|---:|",
    ]
    for name, t in step_rows:
        fraction = WINDOW_STEPS[name]
        fewest = (
            "–"
            if fraction is None
            else str(max_messages - max(1, int(max_messages * fraction)) + 1)
        )
        cost = t.input_cost(prices, args.model) / n
        lines.append(
            f"| {name} | {t.messages / t.turns:.1f} | {fewest} | {money(cost)} "
            f"| {base[50] / cost:.1f}× |"
        )
    lines += [
        "",
        "Other models (before → after, input cost per session):",
        "",
        "| model | min cacheable | turns | before | after | vs before | cache-read share after |",
        "|---|---:|---:|---:|---:|---:|---:|",
    ]
    for model, turns, old, new in other_rows:
        old_cost = old.input_cost(prices, model) / n
        new_cost = new.input_cost(prices, model) / n
        lines.append(
            f"| `{model}` | {min_cacheable_tokens(model):,} | {turns} | {money(old_cost)} "
            f"| {money(new_cost)} | {old_cost / new_cost:.1f}× | {new.read / new.prompt:.0%} |"
        )
    lines += [
        "",
        "Notes. Below the model's minimum nothing is cached, so a short session gains little: "
        "on Sonnet 4.6 the first ~5 turns of these sessions are under 2,048 tokens and go "
        "uncached (the `uncached` column), and a session that ends soon after crossing the "
        "minimum pays a 1.25× write it never reads (Haiku 4.5, 10 turns). Sonnet 4.6's minimum "
        "is taken as 2,048 (what the API is reported to do; some revisions of the docs say "
        "1,024 — the Sonnet 4.5 rows show that case). Turns more than 5 minutes apart miss the "
        "cache; token counts are the project's chars/4 estimate, on both sides of the wire.",
    ]
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text("\n".join(lines) + "\n", encoding="utf-8")
    print("\n".join(lines))
    print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
