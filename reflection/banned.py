"""Hard guards on a reflection: banned keywords and a leaked prompt canary refuse it whole.

Both look at the raw model output (everything the model wrote, prose included) and at the parsed
reflection (whose strings are JSON-decoded, so `\\u0063law` escapes can't hide a keyword). Text is
NFKC-folded and stripped of invisible characters first, so full-width letters and zero-width
spaces don't slip through either.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence
from typing import TYPE_CHECKING

from reflection.errors import GuardRejected

if TYPE_CHECKING:  # keeps `seshat --help`, which shows the default keywords, light
    from reflection.schema import Reflection

# The precursor project names seed 004 bans. The live list is a setting; this is its default.
DEFAULT_BANNED_KEYWORDS: tuple[str, ...] = ("hermes", "openclaw", "nanoclaw", "claw")

# Format characters (zero-width, bidi controls, tag characters) and whitespace.
_INVISIBLE = re.compile(
    "[\u00ad\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff\U000e0000-\U000e007f]"
)
_WHITESPACE = re.compile(r"\s+")


def check_guards(
    raw: str,
    reflection: Reflection,
    *,
    banned_keywords: Sequence[str],
    canary: str | None,
) -> None:
    """Raise `GuardRejected` if a banned keyword (whole word) or the canary appears."""
    texts = {"raw output": raw, **_reflection_texts(reflection)}
    for where, text in texts.items():
        word = find_banned_keyword(text, banned_keywords)
        if word is not None:
            raise GuardRejected(f"banned keyword {word!r} in {where}")
    if canary_leaked(raw, canary) or canary_leaked(reflection.model_dump_json(), canary):
        raise GuardRejected("the prompt canary appears in the output")


def find_banned_keyword(text: str, banned_keywords: Sequence[str]) -> str | None:
    """The first banned keyword found as a whole word (case-insensitive), or None."""
    folded = _fold(text)
    for keyword in banned_keywords:
        word = _fold(keyword).strip()
        if not word:
            continue
        # Whole word = not glued to another letter or digit, so "claw" and "claw_bot" match but
        # "clawback" does not. `\b` would treat "_" as a word character and let "claw_bot" pass.
        pattern = rf"(?<![^\W_]){re.escape(word)}(?![^\W_])"
        if re.search(pattern, folded):
            return keyword
    return None


def canary_leaked(text: str, canary: str | None) -> bool:
    """True if the canary occurs in `text`, ignoring case, whitespace and invisible characters."""
    if canary is None:
        return False
    needle = _WHITESPACE.sub("", _fold(canary))
    if not needle:
        return False
    return needle in _WHITESPACE.sub("", _fold(text))


def parse_banned_keywords(value: str) -> tuple[str, ...]:
    """A comma-separated keyword list (as in settings or `--banned`) as a tuple."""
    return tuple(word.strip() for word in value.split(",") if word.strip())


def _fold(text: str) -> str:
    return _INVISIBLE.sub("", unicodedata.normalize("NFKC", text)).casefold()


def _reflection_texts(reflection: Reflection) -> dict[str, str]:
    data = reflection.model_dump(mode="json")
    texts: dict[str, str] = {}
    for key, value in data.items():
        if key == "sources":
            continue  # hashed item keys and turn numbers: no text of its own
        if isinstance(value, str):
            texts[key] = value
        elif isinstance(value, list):
            # lessons are objects: check their values, not a repr that escapes newlines
            texts[key] = "\n".join(
                "\n".join(map(str, item.values())) if isinstance(item, dict) else str(item)
                for item in value
            )
        elif isinstance(value, dict):
            # user_model_updates: ids and observations
            texts[key] = "\n".join(f"{uid}: {' | '.join(obs)}" for uid, obs in value.items())
    return texts
