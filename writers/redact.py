"""Redact secrets and PII from text before anything is learned from it or sent to an LLM.

presidio-analyzer runs the recognizers, fully offline: its `NoOpNlpEngine` does no NER (no spaCy
model), and the registry holds only our own recognizers (`writers.redact_recognizers`), so
presidio's email/URL recognizers — and the tldextract public-suffix download behind them — never
run. Overlapping hits are merged into one span and replaced by `[REDACTED:<kind>]`.

    >>> redact_text("token: xoxb-1234-5678-abcdefghij")
    'token: [REDACTED:slack_token]'
"""

from __future__ import annotations

import threading
from dataclasses import dataclass, field
from typing import Any

from presidio_analyzer import AnalyzerEngine, RecognizerRegistry
from presidio_analyzer.context_aware_enhancers import ContextAwareEnhancer
from presidio_analyzer.nlp_engine import NoOpNlpEngine

from writers.redact_recognizers import RuleRecognizer

__all__ = ["Finding", "RedactionResult", "Redactor", "get_redactor", "redact_json", "redact_text"]


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

    def __init__(self) -> None:
        nlp = NoOpNlpEngine(models=[{"lang_code": "en", "model_name": "none"}])
        registry = RecognizerRegistry(recognizers=[RuleRecognizer()], supported_languages=["en"])
        self._engine = AnalyzerEngine(
            registry=registry,
            nlp_engine=nlp,
            supported_languages=["en"],
            context_aware_enhancer=_NoContext(),
        )

    def findings(self, text: str) -> list[Finding]:
        """Return the merged, non-overlapping spans to redact, in text order."""
        if not text:
            return []
        hits = self._engine.analyze(text=text, language="en")
        spans = sorted(hits, key=lambda r: (r.start, -r.end))
        merged: list[tuple[int, int, str, float]] = []
        for r in spans:
            if merged and r.start < merged[-1][1]:
                start, end, kind, score = merged[-1]
                # The more specific recognizer (higher score, then longer span) names the kind.
                better = (r.score, r.end - r.start) > (score, end - start)
                merged[-1] = (
                    start,
                    max(end, r.end),
                    r.entity_type if better else kind,
                    max(score, r.score),
                )
            else:
                merged.append((r.start, r.end, r.entity_type, r.score))
        return [Finding(kind, start, end) for start, end, kind, _ in merged]

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


def redact_text(text: str) -> str:
    """Return `text` with every secret and PII span replaced."""
    return get_redactor().redact(text).text


def redact_json(value: Any) -> Any:
    """Redact every string inside a JSON-like value; dict keys and non-strings are kept."""
    if isinstance(value, str):
        return redact_text(value)
    if isinstance(value, dict):
        return {k: redact_json(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [redact_json(v) for v in value]
    return value
