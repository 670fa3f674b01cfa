"""A rule: a pattern, its score and the check that throws look-alikes out."""

from __future__ import annotations

import bisect
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Protocol

from writers.redact.values.placeholders import is_placeholder
from writers.redact.values.plausible import token_body_ok

Check = Callable[[re.Match[str]], bool]


class Searcher(Protocol):
    """What a rule searches with: a compiled pattern (a rule led by a secret's noun says where
    one begins with `starts`, and is tried only there)."""

    @property
    def pattern(self) -> str: ...

    @property
    def groupindex(self) -> Mapping[str, int]: ...

    def search(self, string: str, pos: int = 0) -> re.Match[str] | None: ...


@dataclass(frozen=True)
class Rule:
    """One pattern: `kind` names what it finds; group `s`, if present, is the secret's span."""

    kind: str
    pattern: Searcher
    score: float = 0.9
    check: Check | None = None
    # Finds the secret's span itself when no single group holds it (None: not a secret).
    locate: Callable[[re.Match[str]], tuple[int, int] | None] | None = None
    # A pattern found inside every match of `pattern` (a digit, say), far cheaper to look for:
    # a text without it is not searched with `pattern` at all. It must be implied by `pattern`
    # (tests/writers/redact/test_rule_needs.py checks it on the redaction corpora), or a
    # secret is missed.
    needs: re.Pattern[str] | None = None
    # Where in a text a match can start, found by a scan far cheaper than `pattern`'s own (the
    # places a secret's noun begins): `pattern` is tried at those places only. Every match must
    # start at one of them (tests/writers/redact/test_rule_needs.py checks it on the redaction
    # corpora). Rules that name the same function share one scan of a text (`find`). It may
    # answer None for a text it cannot read (the pattern is then searched at every place).
    starts: Callable[[str], Sequence[int] | None] | None = None


def search_from(
    pattern: re.Pattern[str], text: str, starts: Sequence[int], pos: int
) -> re.Match[str] | None:
    """`pattern.search(text, pos)` when every match of `pattern` starts at one of `starts`
    (sorted): the first place from `pos` on where the pattern matches, tried only there."""
    for start in starts[bisect.bisect_left(starts, pos) :]:
        if (m := pattern.match(text, start)) is not None:
            return m
    return None


def rx(pattern: str, flags: int = 0) -> re.Pattern[str]:
    return re.compile(pattern, flags)


def body(m: re.Match[str]) -> bool:
    return token_body_ok(m.group("b"))


def real(group: str) -> Check:
    """A check that group `group` of the match is not a placeholder (`XXXX`, `your-token`)."""
    return lambda m: not is_placeholder(m.group(group))
