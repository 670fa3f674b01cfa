"""Every rule's gate (`writers/redact/formats/gates.py`, issue 27, thirteenth round) lets through
every text its rule matches, so gating changes no finding.

- Every rule the redactor runs has a gate derived from its pattern, with at least one factor (a
  rule whose pattern gives none would be searched on every text: the test says so, and the
  rule's pattern should name what it needs), or declares its own precondition (`needs`,
  `starts`) where its pattern cannot (a CSV cell may open its line).
- On every development text, a rule's pattern finds a match only where its gate opens, for an
  ASCII text both ways a gate can be asked (in lower case, and with the factors' regexes).
- On generated patterns of every construct the derivation reads (literals, classes, branches,
  repeats, lookarounds, inline case flags) and texts each pattern matches, in cases changed and
  with the characters outside ASCII that fold to ASCII, the gate opens.
- A redactor with gates finds what one without finds, on a sample of the development sets.
"""

from __future__ import annotations

import functools
import json
import re
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from writers.redact.formats.gates import ASCII_FOLDS, Gate, gate_of
from writers.redact.formats.rule import Rule
from writers.redact.formats.table import RuleRecognizer, gate
from writers.redact.redactor import Redactor

DATA = Path(__file__).resolve().parents[2] / "support" / "data"


@functools.cache
def dev_texts() -> tuple[str, ...]:
    """Every text of the development sets and probes (the held-out sets left out)."""
    texts = []
    for path in sorted(DATA.glob("redaction*/**/*.jsonl")):
        lines = path.read_text(encoding="utf-8").splitlines()
        texts += [json.loads(line)["text"] for line in lines if line.strip()]
    return tuple(texts)


def redactor_rules(redactor: Redactor) -> tuple[Rule, ...]:
    """The rules of the redactor's own recognizer."""
    found = [r for r in redactor._recognizers if isinstance(r, RuleRecognizer)]
    assert len(found) == 1
    return found[0]._rules


def opens_every_way(g: Gate, text: str) -> bool:
    ways = [g.opens(text, None, {})]
    if text.isascii():
        ways.append(g.opens(text, text.lower(), {}))
    return all(ways)


def test_every_rule_has_a_gate_from_its_pattern(redactor: Redactor) -> None:
    rules = redactor_rules(redactor)
    assert len(rules) > 50
    for rule in rules:
        assert isinstance(rule.pattern, re.Pattern), rule.kind
        assert gate(rule) == gate_of(rule.pattern)
    # A rule whose pattern can give no factor (a CSV cell may open its line) must declare its
    # own precondition instead (`needs`, `starts`), which `find` asks first.
    without = [
        r.pattern.pattern[:60]
        for r in rules
        if not gate(r).factors and r.needs is None and r.starts is None
    ]
    assert without == []


# The rules the redactor runs (the same rules a redactor is built from).
ALL_RULES = redactor_rules(Redactor())


@pytest.mark.parametrize("rule", ALL_RULES, ids=lambda r: f"{r.kind}-{r.pattern.pattern[:16]}")
def test_no_gate_closes_on_a_text_its_rule_matches(rule: Rule) -> None:
    texts = dev_texts()
    assert len(texts) > 10000  # the corpora were found
    g = gate(rule)
    closed = [t for t in texts if not opens_every_way(g, t)]
    # `find` asks a rule's gate only of a text its `needs` and `starts` let through (its own
    # tests check those): the rest need no search here.
    if rule.needs is not None:
        closed = [t for t in closed if rule.needs.search(t) is not None]
    if rule.starts is not None:
        closed = [t for t in closed if (found := rule.starts(t)) is None or found]
    assert [t[:80] for t in closed if rule.pattern.search(t) is not None] == []


def test_the_characters_that_fold_to_ascii_are_the_engines() -> None:
    everything = "".join(chr(c) for c in range(128, 0x110000))
    assert set(re.findall(r"(?i)[\x00-\x7f]", everything)) == set(ASCII_FOLDS)


# --- generated patterns ---------------------------------------------------------------------

_ATOMS = st.sampled_from(
    [
        "a", "b", "k", "s", "i", "K", "S", "I", "x", "0", "7", "-", "_", ":", "=", " ", "é",
        r"\.", r"\d", r"\w", r"\s", "[ab]", "[a-c]", "[0-9]", "[A-Z]", "[^a]", ".", r"\b", "^",
        "$", "[kK]", r"\W", "ſ", "\u212a",
    ]
)  # fmt: skip


def _patterns() -> st.SearchStrategy[str]:
    def extend(inner: st.SearchStrategy[str]) -> st.SearchStrategy[str]:
        return st.one_of(
            st.lists(inner, min_size=1, max_size=4).map("".join),
            st.lists(inner, min_size=2, max_size=3).map(lambda xs: "(?:" + "|".join(xs) + ")"),
            st.tuples(inner, st.sampled_from(["*", "+", "?", "{2}", "{1,3}", "{0,2}", "+?"])).map(
                lambda t: f"(?:{t[0]}){t[1]}"
            ),
            inner.map(lambda x: f"(?={x})"),
            inner.map(lambda x: f"(?!{x})"),
            inner.map(lambda x: f"(?i:{x})"),
            inner.map(lambda x: f"(?-i:{x})"),
            inner.map(lambda x: f"({x})"),
        )

    return st.recursive(_ATOMS, extend, max_leaves=8)


_FOLD = {"k": "\u212a", "s": "\u017f", "i": "\u0130"}


@settings(max_examples=400, deadline=None, suppress_health_check=list(HealthCheck))
@given(
    body=_patterns(),
    icase=st.booleans(),
    data=st.data(),
)
def test_a_generated_pattern_opens_its_gate_on_what_it_matches(
    body: str, icase: bool, data: st.DataObject
) -> None:
    try:
        pattern = re.compile(body, re.IGNORECASE if icase else 0)
    except re.error:
        return
    g = gate_of(pattern)
    text = data.draw(st.from_regex(pattern, fullmatch=False))
    # Case changed, and characters outside ASCII that fold to ASCII put in.
    swapped = text.swapcase()
    folded = "".join(_FOLD.get(c.lower(), c) if c.lower() in _FOLD else c for c in text)
    for candidate in (text, swapped, folded, "xy " + text + " z"):
        if pattern.search(candidate) is not None:
            assert opens_every_way(g, candidate), (body, icase, candidate)


@pytest.mark.parametrize(
    ("pattern", "opens", "closes"),
    [
        (r"(?<![\w-])ghp_[A-Za-z0-9]{36}", "token ghp_x", "token gh_x"),
        (r"(?i)password\s*[:=]", "PassWord:", "pass word:"),
        (r"(?i)zéro|null", "ZÉRO", "zero"),
        (r"\d{4}-\d{4}", "1-2 345678", "no-digits"),
        (r"\d{4}-\d{4}", "1-2 345678", "1-2 34567"),  # eight digits, not seven
        (r"(?i)sk-", "\u017fK-", "s k"),  # `ſ` and the Kelvin sign fold to `s` and `k`
    ],
)
def test_a_gate_asks_for_what_its_pattern_needs(pattern: str, opens: str, closes: str) -> None:
    g = gate_of(re.compile(pattern))
    assert g.factors
    assert opens_every_way(g, opens)
    assert not g.opens(closes, closes.lower() if closes.isascii() else None, {})


def test_a_redactor_with_gates_finds_what_one_without_finds(redactor: Redactor) -> None:
    ungated = Redactor(gated=False)
    texts = dev_texts()[::30]
    assert len(texts) > 900
    assert [redactor.findings(t) for t in texts] == [ungated.findings(t) for t in texts]
