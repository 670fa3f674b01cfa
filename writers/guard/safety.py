"""Poisoning-defence check for anything learned (lessons, notes, skills, persona, user model).

A flagged text is never auto-promoted; the caller quarantines it and shows `summary` to the owner.
Detection runs on what a model would read (`unicode.readable`: tags decoded, right-to-left runs
reversed) and on canonical variants (NFKC, invisible characters removed, homoglyphs mapped to
Latin, letter-spaced words joined, digit look-alikes undone), so cheap obfuscation does not hide
an attack. The phrase rules are in `rules`, the destination rules in `destinations`; `check_joint`
runs the same check over everything one author proposes together.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass, field

from writers.guard.destinations import REDACTED_CODES, REDACTED_DESTINATION, emails, links
from writers.guard.rules import ADVICE_ONLY, KNOWN_SQUASHED, RELAXED_KINDS, RULES, WEAK_RULES
from writers.guard.unicode import (
    SPACED_RUN,
    hidden,
    mixed_script_words,
    readable,
    strip_invisible,
    variants,
)

KINDS = frozenset({"lesson", "memory_note", "skill", "persona", "user_observation"})

# Reason codes, in the order they are reported.
REASONS = (
    "invisible_unicode",
    "homoglyph",
    "directive_to_future",
    "authority_claim",
    "fake_markup",
    "exfiltration",
    "secret_keeping",
    "concealment",
    "pipe_to_shell",
    "webhook",
    "unlisted_link",
    "unlisted_email",
    "handle",
)


@dataclass(frozen=True)
class SafetyVerdict:
    """Result of `check`: reason codes, the snippets that triggered them, and a one-line summary."""

    reasons: list[str] = field(default_factory=list)
    evidence: list[tuple[str, str]] = field(default_factory=list)

    @property
    def flagged(self) -> bool:
        """True when any reason was found."""
        return bool(self.reasons)

    @property
    def summary(self) -> str:
        """One human-readable line for a review card or log."""
        if not self.reasons:
            return "no poisoning signals found"
        parts = []
        for code in self.reasons:
            snippet = next((s for c, s in self.evidence if c == code), "")
            parts.append(f"{code} ({snippet!r})" if snippet else code)
        return "flagged: " + "; ".join(parts)


def check(
    text: str,
    *,
    kind: str,
    allow_domains: Sequence[str] = (),
    allow_emails: Sequence[str] = (),
    situation: bool = False,
) -> SafetyVerdict:
    """Scan learned `text` of `kind` for poisoning signals; links/emails must be allowlisted.
    `situation`: `text` describes when something applies (a lesson's condition), so the rules
    about advice (`ADVICE_ONLY`) do not read it."""
    if kind not in KINDS:
        raise ValueError(f"unknown kind {kind!r}; expected one of {sorted(KINDS)}")
    found: dict[str, str] = {}

    def hit(code: str, snippet: str) -> None:
        found.setdefault(code, snippet.strip()[:80])

    secret = hidden(text)
    if secret is not None:
        hit("invisible_unicode", ", ".join(sorted({name for _i, name in secret.positions})[:5]))
    mixed = mixed_script_words(text)
    if mixed:
        hit("homoglyph", mixed[0])

    # What a model reads (tags decoded in place, right-to-left runs in reading order) and the
    # text with hidden characters simply dropped: an attack must not hide in either.
    model_view = readable(text)
    forms = variants(text)
    for extra in variants(model_view):
        if extra not in forms:
            forms.append(extra)
    if secret is not None and secret.tag_text:
        forms.extend(variants(secret.tag_text))
    for variant in forms:
        for code, patterns in RULES.items():
            if situation and code in ADVICE_ONLY:
                continue
            for pat in patterns:
                m = pat.search(variant)
                if m:
                    hit(code, m.group(0))
                    break
        if kind not in RELAXED_KINDS:
            for pat in WEAK_RULES:
                m = pat.search(variant)
                if m:
                    hit("directive_to_future", m.group(0))
                    break
    # Letter-spaced runs lose their word gaps when written with single spaces; squash and look
    # for a few unambiguous phrases inside the run only (never across the whole text).
    for run in SPACED_RUN.finditer(forms[0]):
        squashed = re.sub(r"[^a-z]", "", run.group(0))
        if any(k in squashed for k in KNOWN_SQUASHED):
            hit("directive_to_future", run.group(0))

    # Links and emails come from the un-mapped text, so a homoglyph host never matches an allowlist.
    for plain in dict.fromkeys((unicodedata.normalize("NFKC", strip_invisible(text)), model_view)):
        for code, snippet in links(plain, allow_domains):
            hit(code, snippet)
        for code, snippet in emails(plain, allow_emails):
            hit(code, snippet)
    # Learned text reaches this check already redacted, so an address or webhook an attacker
    # planted survives only as its placeholder; a redacted one cannot be on the allowlist.
    for marker in REDACTED_DESTINATION.finditer(text):
        hit(REDACTED_CODES[marker.group(1)], marker.group(0))

    reasons = [code for code in REASONS if code in found]
    return SafetyVerdict(reasons=reasons, evidence=[(code, found[code]) for code in reasons])


def check_joint(
    texts: Sequence[tuple[bool, str]],
    *,
    allow_domains: Sequence[str] = (),
    allow_emails: Sequence[str] = (),
) -> SafetyVerdict:
    """Check what one author proposes together, so a payload split over items is seen whole.

    `texts` are (is a situation, text) pairs. The items are joined into one line — without full
    stops, which would keep a phrase rule from reading across two halves — and checked as a memory
    note: everything together by the rules that read situations too, everything but the
    situations (lesson conditions) by the advice rules as well.
    """

    def joined(items: Sequence[str]) -> str:
        return " ".join(" ".join(t.split()).rstrip(".") for t in items if t.strip())

    everything = joined([t for _s, t in texts])
    if not everything:
        return SafetyVerdict()

    def scan(text: str, situation: bool) -> SafetyVerdict:
        return check(
            text,
            kind="memory_note",
            allow_domains=allow_domains,
            allow_emails=allow_emails,
            situation=situation,
        )

    verdict = scan(everything, True)
    advice = joined([t for situation, t in texts if not situation])
    if advice:
        more = scan(advice, False)
        reasons = list(dict.fromkeys([*verdict.reasons, *more.reasons]))
        evidence = dict([*more.evidence, *verdict.evidence])
        verdict = SafetyVerdict(
            reasons=[c for c in REASONS if c in reasons],
            evidence=[(c, evidence[c]) for c in REASONS if c in reasons],
        )
    return verdict
