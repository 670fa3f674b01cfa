"""Token estimates for context budgets, and the one way an injected block is cut to its cap.

Characters ÷ 4 holds for English; it under-counts other scripts several times (a CJK character is
about one token, Cyrillic or Arabic about one per two characters). `estimate_tokens` counts each
script at its own rate, so a cap means about the same for every language. `cap_lines` cuts a
block to a cap line by line and says so in the log (truncation is never silent); a block whose
items are left out at its cap (the skills index, a person's notes) says so with `record_cut`.
Both keep the latest cut of each block for the owner's App Home.
"""

from __future__ import annotations

import logging
import threading
from dataclasses import dataclass

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Cut:
    """The last time a block was cut to its cap (in this process): what stayed of it."""

    block: str
    kept_lines: int
    lines: int
    tokens: int
    cap: int


_cuts: dict[str, Cut] = {}
_cuts_lock = threading.Lock()


def recent_cuts() -> list[Cut]:
    """The latest cut of each block in this process, by block name (the owner's App Home)."""
    with _cuts_lock:
        return [_cuts[k] for k in sorted(_cuts)]


# Scripts written with one token per character, or close to it: CJK, kana, hangul, Yi, fullwidth.
_WIDE = (
    (0x1100, 0x11FF),
    (0x2E80, 0x9FFF),
    (0xA000, 0xA4CF),
    (0xAC00, 0xD7AF),
    (0xF900, 0xFAFF),
    (0xFE30, 0xFE4F),
    (0xFF00, 0xFFEF),
    (0x20000, 0x3FFFF),
)


def _wide(code: int) -> bool:
    return any(lo <= code <= hi for lo, hi in _WIDE)


def estimate_tokens(text: str) -> int:
    """Tokens `text` costs, estimated per script and rounded up: ASCII 4 characters a token,
    CJK/kana/hangul 1, emoji and other symbols beyond the BMP 2, other scripts 2 characters."""
    if text.isascii():
        return (len(text) + 3) // 4
    ascii_chars = wide = other = astral = 0
    for ch in text:
        code = ord(ch)
        if code < 0x80:
            ascii_chars += 1
        elif _wide(code):
            wide += 1
        elif code > 0xFFFF:
            astral += 1
        else:
            other += 1
    return (ascii_chars + 3) // 4 + wide + 2 * astral + (other + 1) // 2


def quoted_line_tokens(line: str) -> int:
    """What one line of an injected block costs as the model reads it: the line, its `> ` quote
    mark and its newline (a budget that counted the line alone spent ~4% more than it said)."""
    return estimate_tokens("> " + line + "\n")


def cap_lines(text: str, max_tokens: int, *, what: str, keep: str = "newest") -> str:
    """`text` cut to `max_tokens` by whole lines (the newest — last — lines kept, or the first
    with `keep="first"`); a cut is logged as a warning naming `what` and how much went."""
    lines = text.splitlines()
    total = estimate_tokens(text)
    if total <= max_tokens:
        return text
    order = list(reversed(lines)) if keep == "newest" else list(lines)
    kept: list[str] = []
    used = 0
    for line in order:
        cost = estimate_tokens(line) + 1
        if used + cost > max_tokens:
            break
        kept.append(line)
        used += cost
    if keep == "newest":
        kept.reverse()
    # Skill bodies are recorded under one name: the dashboard says a body was cut, not which.
    name = "skill body" if what.startswith("skill ") else what
    record_cut(name, kept=len(kept), of=len(lines), tokens=total, cap=max_tokens, what=what)
    return "\n".join(kept)


def record_cut(block: str, *, kept: int, of: int, tokens: int, cap: int, what: str = "") -> None:
    """A block was cut to its cap (`kept` of `of` lines or items; `tokens`: the whole block's
    estimate): a warning in the log, and the latest cut of `block` for the App Home."""
    with _cuts_lock:
        _cuts[block] = Cut(block, kept, of, tokens, cap)
    log.warning(
        "%s cut to its cap: kept %d of %d lines (~%d tokens, cap %d)",
        what or block,
        kept,
        of,
        tokens,
        cap,
        extra={"block": what or block, "kept_lines": kept, "lines": of, "cap": cap},
    )
