"""A rule's `needs` (a cheap pattern every match contains) may skip the rule on a text only when
the rule could not match it: checked on every text of the redaction corpora and on addresses
written in each way `writers/redact/addresses.py` knows."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from writers.redact.addresses import ADDRESS_RULES
from writers.redact.card_elements import CARD_ELEMENT_RULES
from writers.redact.context.table import SECRET_RULES
from writers.redact.formats.rule import Rule
from writers.redact.formats.table import RULES, find
from writers.redact.redactor import Redactor

DATA = Path(__file__).resolve().parents[2] / "support" / "data"

ADDRESSES = [
    "Send it to 221B Baker Street, London NW1 6XE please",
    "I live at 12 rue de la Paix, 75002 Paris",
    "Calle Mayor 5, 28013 Madrid",
    "Hauptstraße 12, 10115 Berlin",
    "Flat 5, 163 Albert Terrace, Manchester",
    "〒100-0001 東京都千代田区千代田1-1",
    "東京都千代田区千代田１－１",  # full-width block numbers
    "2275 W Broadway,\nVancouver, BC V6K 2E9",
]


def _strings(value: Any) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for v in value.values():
            yield from _strings(v)
    elif isinstance(value, list):
        for v in value:
            yield from _strings(v)


def corpus() -> list[str]:
    texts = list(ADDRESSES)
    for path in sorted(DATA.glob("redaction*/**/*.json*")) + sorted(
        (DATA / "heldout").glob("*.json*")
    ):
        lines = path.read_text(encoding="utf-8").splitlines()
        docs = (
            [json.loads(line) for line in lines if line.strip()] if path.suffix == ".jsonl" else []
        )
        if path.suffix == ".json":
            docs = [json.loads(path.read_text(encoding="utf-8"))]
        texts += [s for doc in docs for s in _strings(doc)]
    return texts


RULES_WITH_NEEDS = [
    r for r in (*RULES, *SECRET_RULES, *ADDRESS_RULES, *CARD_ELEMENT_RULES) if r.needs is not None
]


def test_street_addresses_need_a_digit() -> None:
    assert ADDRESS_RULES and all(
        r.needs is not None and r.needs.search("no number here") is None for r in ADDRESS_RULES
    )


@pytest.mark.parametrize("rule", RULES_WITH_NEEDS, ids=lambda r: r.kind)
def test_every_match_contains_what_the_rule_needs(rule: Rule) -> None:
    texts = corpus()
    assert len(texts) > 1000  # the corpora were found
    matched = [t for t in texts if rule.pattern.search(t) is not None]
    assert matched  # the rule is exercised
    assert [t for t in matched if rule.needs is not None and rule.needs.search(t) is None] == []


def test_addresses_are_still_found(redactor: Redactor) -> None:
    for text in ADDRESSES:
        assert any(kind == "street_address" for kind, *_ in find(text, ADDRESS_RULES)), text
        assert "[REDACTED:" in redactor.redact(text).text, text
