"""Redact secrets and PII from text before anything is learned from it or sent to an LLM.

presidio-analyzer runs the recognizers, fully offline: its `NoOpNlpEngine` does no NER (no spaCy
model). The registry holds our own rules (`writers.redact.formats` for token formats,
`writers.redact.context` for secrets found by context or by their randomness,
`writers.redact.credential_syntax` for passwords named by syntax (a command's, a login line's)
or with no joiner (quoted, answered, a column),
`writers.redact.addresses` for street addresses) and those of
presidio's predefined recognizers that need no NLP (phone numbers via `phonenumbers`, IP
addresses, SSNs, NINOs, checksummed national ids), filtered for chat; presidio's email/URL
recognizers — and the tldextract public-suffix download behind them — never run. Overlapping
hits are merged into one span and replaced by `[REDACTED:<kind>]`.

Secrets also hide inside escaped text: a model's raw output holding a JSON string that itself holds
`{\\"password\\": \\"…\\"}`, or an env file joined with `\\n`. So the rules run on the text and on
up to `MAX_UNESCAPE` unescaped views of it (JSON/Python string escapes decoded one level per view),
and every hit in a view is mapped back to the escape sequences it came from in the original.

    >>> redact_text("token: xoxb-1234-5678-abcdefghij")
    'token: [REDACTED:slack_token]'
"""

from __future__ import annotations

import re
import threading
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Any

import phonenumbers
from presidio_analyzer import AnalyzerEngine, RecognizerRegistry
from presidio_analyzer.context_aware_enhancers import ContextAwareEnhancer
from presidio_analyzer.nlp_engine import NoOpNlpEngine

from writers.redact.addresses import ADDRESS_RULES
from writers.redact.card_elements import CARD_ELEMENT_RULES
from writers.redact.card_layouts import CARD_LAYOUT_RULES
from writers.redact.context.table import SECRET_RULES
from writers.redact.credential_syntax import PLACE_RULES, SYNTAX_RULES
from writers.redact.formats.gates import decimal_digits, fewest_digits
from writers.redact.formats.table import RULES, RuleRecognizer
from writers.redact.handed_over import HANDOVER_RULES
from writers.redact.id_columns import VOTED_KINDS
from writers.redact.pii_rules import KINDS, numbers_of_record_columns, presidio_recognizers

__all__ = [
    "Finding",
    "RedactionResult",
    "Redactor",
    "UnescapedView",
    "get_redactor",
    "redact_json",
    "redact_text",
    "unescaped_views",
]

# Enough for a JSON string held in a JSON string held in the model's raw JSON output.
MAX_UNESCAPE = 3
# JSON string escapes plus `\'` (Python, JS); anything else (`\d`, `\x41`) is left as it is.
_ESCAPE = re.compile(r"\\(?:u([0-9a-fA-F]{4})|([\"'\\/bfnrt]))")
_SIMPLE = {"b": "\b", "f": "\f", "n": "\n", "r": "\r", "t": "\t"}


@dataclass(frozen=True)
class Finding:
    """One redacted span: `kind` of secret, `start`/`end` offsets into the input text."""

    kind: str
    start: int
    end: int


@dataclass(frozen=True)
class RedactionResult:
    """Redacted text plus what was found, with offsets into the original text."""

    text: str
    findings: list[Finding] = field(default_factory=list)


@dataclass(frozen=True)
class UnescapedView:
    """Text with one more level of escapes decoded; char `i` came from `starts[i]:ends[i]`."""

    text: str
    starts: tuple[int, ...]
    ends: tuple[int, ...]

    def span(self, start: int, end: int) -> tuple[int, int]:
        """Map a non-empty span of the view back to the original text (whole escapes only)."""
        return self.starts[start], self.ends[end - 1]


def _unescape_once(view: UnescapedView) -> UnescapedView | None:
    """Decode one level of escapes in `view`; None when there is nothing to decode."""
    text = view.text
    chars: list[str] = []
    starts: list[int] = []
    ends: list[int] = []
    pos = 0
    for m in _ESCAPE.finditer(text):
        chars.append(text[pos : m.start()])
        starts.extend(view.starts[pos : m.start()])
        ends.extend(view.ends[pos : m.start()])
        code, simple = m.group(1), m.group(2)
        chars.append(chr(int(code, 16)) if code else _SIMPLE.get(simple, simple))
        starts.append(view.starts[m.start()])
        ends.append(view.ends[m.end() - 1])
        pos = m.end()
    if pos == 0:
        return None
    chars.append(text[pos:])
    starts.extend(view.starts[pos:])
    ends.extend(view.ends[pos:])
    return UnescapedView("".join(chars), tuple(starts), tuple(ends))


def unescaped_views(text: str, depth: int = MAX_UNESCAPE) -> list[UnescapedView]:
    """Successively unescaped views of `text` (none if it has no escapes), at most `depth`."""
    views: list[UnescapedView] = []
    if "\\" not in text:
        return views
    current = UnescapedView(text, tuple(range(len(text))), tuple(range(1, len(text) + 1)))
    while len(views) < depth and "\\" in current.text:
        nxt = _unescape_once(current)
        if nxt is None:
            break
        views.append(nxt)
        current = nxt
    return views


# Fullwidth forms (U+FF01–FF5E) and the ideographic space are ASCII typed in an East Asian input
# mode: Unicode's compatibility mapping (NFKC) makes `Ｈａｎａｂｉ２４４` `Hanabi244`, one character
# for one. A card number, a password or a key so typed is the same secret.
_FULLWIDTH = {c: c - 0xFEE0 for c in range(0xFF01, 0xFF5F)} | {0x3000: 0x20}
# Letters and digits: fullwidth punctuation alone (`：`, `（`) leaves the text's runs as they were.
_FULLWIDTH_ALNUM = re.compile("[\uff10-\uff19\uff21-\uff3a\uff41-\uff5a]")


# Between two digits, the characters a keyboard, an autocorrect or a copied page puts where a
# hyphen or a space was meant: an en or em dash, a minus, a non-breaking hyphen (`537–28–4419`,
# Word's and macOS's autocorrect), a no-break, narrow no-break, thin or figure space (`4539 1488
# 0343 6467` copied from a page, French typography). A number so typed is the same number, and a
# US SSN typed with underscores for its hyphens (`537_28_4419`, a form that will not take a
# dash) is the same SSN.
_DIGIT_DASH = re.compile(r"(?<=\d)[\u2010-\u2015\u2212](?=\d)")
# An en dash between two numbers is a range (`30000–31999`, `06:00–14:00`, its proper use);
# between three groups or more it joins a layout's groups (`537–28–4419`, `4539–1488–…`).
_DASHED_RUN = re.compile(r"\d+(?:[\u2010-\u2015\u2212]\d+){2,}")
_DIGIT_SPACE = re.compile(r"(?<=\d)[\u00a0\u2007\u2009\u202f](?=\d)")
_SSN_UNDERSCORES = re.compile(r"(?<![\w])\d{3}_\d{2}_\d{4}(?![\w])")


def width_folded_view(text: str) -> UnescapedView | None:
    """`text` as typed in ASCII (offsets unchanged): fullwidth ASCII folded to ASCII, and the
    dashes and spaces between digits above folded to `-` and ` `; None when there is nothing
    to fold (fullwidth punctuation alone the rules already read in both widths)."""
    # Fullwidth forms, those dashes and those spaces are all outside ASCII (most chat is not).
    ascii_only = text.isascii()
    wide = not ascii_only and _FULLWIDTH_ALNUM.search(text) is not None
    dashed = not ascii_only and (
        _DASHED_RUN.search(text) is not None or _DIGIT_SPACE.search(text) is not None
    )
    ssn = "_" in text and _SSN_UNDERSCORES.search(text) is not None
    if not (wide or dashed or ssn):
        return None
    folded = text.translate(_FULLWIDTH) if wide else text
    if dashed:
        folded = _DASHED_RUN.sub(lambda m: _DIGIT_DASH.sub("-", m.group(0)), folded)
        folded = _DIGIT_SPACE.sub(" ", folded)
    if ssn:
        folded = _SSN_UNDERSCORES.sub(lambda m: m.group(0).replace("_", "-"), folded)
    return UnescapedView(folded, tuple(range(len(text))), tuple(range(1, len(text) + 1)))


class _NoContext(ContextAwareEnhancer):
    """Leaves scores alone: there are no tokens to look for context words in."""

    def __init__(self) -> None:
        super().__init__(
            context_similarity_factor=0,
            min_score_with_context_similarity=0,
            context_prefix_count=0,
            context_suffix_count=0,
        )

    def enhance_using_context(
        self,
        text: str,
        raw_results: list[Any],
        nlp_artifacts: Any,
        recognizers: list[Any],
        context: list[str] | None = None,
    ) -> list[Any]:
        """Return `raw_results` unchanged."""
        del text, nlp_artifacts, recognizers, context
        return raw_results


class Redactor:
    """Finds secrets and PII with presidio and replaces each with `[REDACTED:<kind>]`."""

    def __init__(self, *, gated: bool = True) -> None:
        """`gated=False` searches every text with every rule, its gate left aside (the tests and
        `bench/redaction_gate.py` compare the two: the same findings)."""
        # `phonenumbers` compiles its metadata's patterns through `re`, whose cache holds 512:
        # across the regions a number is tried in they did not fit, and compiling them again was
        # a third of redacting a short text with a number in it (issue 27, thirteenth round). Its
        # own cache keeps each pattern once.
        phonenumbers.enable_pattern_cache()
        nlp = NoOpNlpEngine(models=[{"lang_code": "en", "model_name": "none"}])
        recognizers = [
            RuleRecognizer(
                RULES
                + SECRET_RULES
                + SYNTAX_RULES
                + PLACE_RULES
                + HANDOVER_RULES
                + ADDRESS_RULES
                + CARD_ELEMENT_RULES
                + CARD_LAYOUT_RULES,
                gated=gated,
            ),
            *presidio_recognizers(),
        ]
        registry = RecognizerRegistry(recognizers=recognizers, supported_languages=["en"])
        self._engine = AnalyzerEngine(
            registry=registry,
            nlp_engine=nlp,
            supported_languages=["en"],
            context_aware_enhancer=_NoContext(),
        )
        # What presidio's `analyze` passes its recognizers, fixed once (`_analyze`).
        self._nlp = nlp
        self._recognizers = tuple(registry.get_recognizers(language="en", all_fields=True))
        # Each with the cheap regex a text must match before it looks at all (`pii_rules`'
        # recognizers' `pre`; None: it always looks), and the fewest digits a match of that
        # regex holds. Eight of them share one (seven digits): a text is asked each regex once,
        # not once per recognizer, and not at all when it holds fewer digits than a match does.
        pres = [
            pre if isinstance(pre := getattr(r, "pre", None), re.Pattern) else None
            for r in self._recognizers
        ]
        # The distinct regexes, each with its fewest digits, and by recognizer the index of its
        # regex (-1: none) and whether it may read the NLP engine's artifacts (ours read none).
        # A text's answers are kept in a list by index: a compiled pattern's hash is computed
        # from its code at every dictionary lookup (~1 k instructions; issue 27, eighteenth
        # round).
        distinct = list(dict.fromkeys(pre for pre in pres if pre is not None))
        self._pres = tuple((pre, fewest_digits(pre)) for pre in distinct)
        self._asks = tuple(
            (r, distinct.index(pre) if pre is not None else -1, not isinstance(r, RuleRecognizer))
            for r, pre in zip(self._recognizers, pres, strict=True)
        )
        self._entities = self._engine.get_supported_entities(language="en")
        # Our own placeholders, by the kinds this redactor can write: text redacted once is
        # redacted again (a journalled event when it is stored, a stored message in a title), and
        # a placeholder must come out as it went in ("token [REDACTED:github_token]" read as a
        # token named in prose gave "token [REDACTED:[REDACTED:secret_prose]"). Only known kinds:
        # "[REDACTED:<a secret>]" written by someone is not a placeholder.
        kinds = sorted(
            {KINDS.get(e, e) for r in recognizers for e in r.supported_entities}, key=len
        )
        self._placeholder = re.compile(
            r"\[REDACTED:(?:" + "|".join(map(re.escape, reversed(kinds))) + r")\]"
        )

    def findings(self, text: str) -> list[Finding]:
        """Return the merged, non-overlapping spans to redact, in text order."""
        if not text:
            return []
        hits = [
            (r.start, r.end, KINDS.get(r.entity_type, r.entity_type), r.score)
            for r in self._analyze(text)
        ]
        folded = width_folded_view(text)
        for view in unescaped_views(text) + ([folded] if folded else []):
            for r in self._analyze(view.text):
                if r.end > r.start:
                    kind = KINDS.get(r.entity_type, r.entity_type)
                    hits.append((*view.span(r.start, r.end), kind, r.score))
        merged: list[tuple[int, int, str, float]] = []
        for r_start, r_end, r_kind, r_score in sorted(hits, key=lambda h: (h[0], -h[1])):
            if merged and r_start < merged[-1][1]:
                start, end, kind, score = merged[-1]
                # The more specific recognizer (higher score, then longer span) names the kind.
                better = (r_score, r_end - r_start) > (score, end - start)
                merged[-1] = (
                    start,
                    max(end, r_end),
                    r_kind if better else kind,
                    max(score, r_score),
                )
            else:
                merged.append((r_start, r_end, r_kind, r_score))
        found = [Finding(kind, start, end) for start, end, kind, _ in merged]
        if any(f.kind in VOTED_KINDS for f in found):
            # A column of a table votes on what its numbers are (`id_columns`): read whole, after
            # every view, since a number of the column may have been read in another view.
            voted = [(f.start, f.end) for f in found if f.kind in VOTED_KINDS]
            refused = numbers_of_record_columns(text, voted)
            found = [f for f in found if (f.start, f.end) not in refused]
        return self._outside_placeholders(text, found)

    def _analyze(self, text: str) -> list[Any]:
        """presidio's `analyze` of `text`, for a text its recognizers find nothing in without
        the pipeline around them: each recognizer is asked first, as `analyze` asks it, and
        only a hit goes through `analyze` itself (whose context scoring, thresholds and
        de-duplication act on hits alone). Most texts hold no secret, and the pipeline was a
        quarter of redacting one (issue 27, twelfth round). The NLP engine's (empty) artifacts
        are made only for a recognizer that may read them: our rules read none."""
        artifacts: Any = None
        matched: list[bool | None] = [None] * len(self._pres)
        held = -1  # the text's decimal digits, counted when first asked
        for recognizer, index, reads in self._asks:
            if index >= 0 and recognizer.is_loaded:
                found = matched[index]
                if found is None:
                    pre, digits = self._pres[index]
                    if digits and held < 0:
                        held = decimal_digits(text)
                    found = matched[index] = (not digits or held >= digits) and pre.search(
                        text
                    ) is not None
                if not found:
                    continue  # it would find nothing: its `analyze` returns [] at once
            if artifacts is None and reads:
                artifacts = self._nlp.process_text(text, "en")
            if not recognizer.is_loaded or recognizer.analyze(
                text=text, entities=self._entities, nlp_artifacts=artifacts
            ):
                if artifacts is None:
                    artifacts = self._nlp.process_text(text, "en")
                return self._engine.analyze(text=text, language="en", nlp_artifacts=artifacts)
        return []

    def _outside_placeholders(self, text: str, found: list[Finding]) -> list[Finding]:
        """`found` minus the parts that are our own placeholders (a part left with no letter or
        digit is dropped): redacting redacted text changes nothing."""
        if "[REDACTED:" not in text:
            return found  # no placeholder (the pattern's own opening, asked for less)
        kept = [(m.start(), m.end()) for m in self._placeholder.finditer(text)]
        if not kept:
            return found
        out: list[Finding] = []
        for f in found:
            pieces = [(f.start, f.end)]
            for s, e in kept:
                pieces = [
                    piece
                    for a, b in pieces
                    for piece in (((a, b),) if e <= a or s >= b else ((a, s), (e, b)))
                    if piece[1] > piece[0]
                ]
            out += [Finding(f.kind, a, b) for a, b in pieces if any(c.isalnum() for c in text[a:b])]
        return out

    def redact(self, text: str) -> RedactionResult:
        """Redact `text`; findings carry offsets into the original `text`."""
        found = self.findings(text)
        parts: list[str] = []
        pos = 0
        for f in found:
            parts.append(text[pos : f.start])
            parts.append(f"[REDACTED:{f.kind}]")
            pos = f.end
        parts.append(text[pos:])
        return RedactionResult(text="".join(parts), findings=found)


_lock = threading.Lock()
_redactor: Redactor | None = None


def get_redactor() -> Redactor:
    """Return the process-wide `Redactor`, building it on first use (thread-safe)."""
    global _redactor
    if _redactor is None:
        with _lock:
            if _redactor is None:
                _redactor = Redactor()
    return _redactor


# Texts redaction returned lately (at most _LATELY of them, each up to _LATELY_CHARS long).
# Redacting redacted text changes nothing (`_outside_placeholders`; tested), so such a text is
# returned as it is instead of being analysed again: the intake stores the text its journal copy
# already redacted (bot/slack/inbound.py `journal_copy`), a second full pass per message.
_LATELY = 2048
_LATELY_CHARS = 4000
_lately: OrderedDict[str, None] = OrderedDict()
_lately_lock = threading.Lock()


def redact_text(text: str) -> str:
    """Return `text` with every secret and PII span replaced."""
    with _lately_lock:
        if text in _lately:
            return text
    out = get_redactor().redact(text).text
    if len(out) <= _LATELY_CHARS:
        with _lately_lock:
            _lately[out] = None
            while len(_lately) > _LATELY:
                _lately.popitem(last=False)
    return out


def redact_json(value: Any) -> Any:
    """Redact every string inside a JSON-like value; dict keys and non-strings are kept."""
    if isinstance(value, str):
        return redact_text(value)
    if isinstance(value, dict):
        return {k: redact_json(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [redact_json(v) for v in value]
    return value
