"""The prescan (`writers/redact/formats/gates.py` `Prescan`, issue 27, fourteenth round): every
rule's gate and its `needs`' gate asked of an ASCII text at once, in one scan of the text.

`find` searches a rule on an ASCII text only where the prescan says the text holds all of its
bits. What that relies on, checked here:

- the prescan's answer is, rule by rule, each gate's own (`Gate.opens`) on every ASCII
  development text, on the load bench's chat, and on texts generated from generated patterns
  (pieces that overlap, that start others, that are looked for as written or in lower case);
- a `needs`' gate never closes on a development text its `needs` matches (a rule with `needs` is
  searched only where `needs` matches: its gate may close before `needs` is looked for);
- so `find` gives the same hits with and without gates, on a sample of the development sets.
"""

from __future__ import annotations

import re

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.writers.redact.test_rule_gates import ALL_RULES, _patterns, dev_texts
from writers.redact.formats.gates import Gate, gate_of, prescan_of
from writers.redact.formats.table import find, gate, needs_gate, prescan


def chat() -> list[str]:
    """The load bench's message and answer (bench/redaction_gate.py `chat`)."""
    said = [f"turn {i % 3} from U0LOAD{i:04d}" for i in range(30)]
    return said + [f"(offline demo model) You said: {s}" for s in said]


def opened(gates: list[tuple[Gate, ...]], needs: tuple[int, ...], held: int) -> list[bool]:
    """By rule, whether the prescan lets it through (as `find` reads its answer)."""
    assert len(needs) == len(gates)
    return [need & held == need for need in needs]


def each_gate(gates: list[tuple[Gate, ...]], text: str) -> list[bool]:
    """By rule, whether every one of its gates opens, each asked on its own."""
    lowered = text.lower()
    return [all(not g.factors or g.opens(text, lowered, {}) for g in gs) for gs in gates]


def test_the_prescan_answers_as_each_gate_on_every_ascii_development_text() -> None:
    scan = prescan(ALL_RULES)
    assert scan is not None
    gates = [(gate(r), needs_gate(r)) for r in ALL_RULES]
    texts = [t for t in (*dev_texts(), *chat()) if t.isascii()]
    assert len(texts) > 10000
    differ = [
        t[:80]
        for t in texts
        if opened(gates, scan.needs, scan.holds(t, t.lower())) != each_gate(gates, t)
    ]
    assert differ == []


def test_the_prescan_closes_most_rules_on_chat() -> None:
    scan = prescan(ALL_RULES)
    assert scan is not None
    gates = [(gate(r), needs_gate(r)) for r in ALL_RULES]
    for text in chat():
        through = opened(gates, scan.needs, scan.holds(text, text.lower()))
        assert sum(through) < len(ALL_RULES) // 4, text


def test_the_rules_selected_are_those_the_prescan_opens_kept_or_not() -> None:
    # `Prescan.select` keeps its choice by the held bits (issue 27, eighteenth round): the
    # first answer, the kept one and the one after the memory is cleared are the rules whose
    # bits the text holds, in order, on every ASCII development text and the load bench's chat.
    scan = prescan(ALL_RULES)
    assert scan is not None
    gates = [(gate(r), needs_gate(r)) for r in ALL_RULES]
    texts = [t for t in (*dev_texts(), *chat()) if t.isascii()]
    helds = {scan.holds(t, t.lower()) for t in texts}
    assert len(helds) > 100
    for held in helds:
        want = tuple(i for i, ok in enumerate(opened(gates, scan.needs, held)) if ok)
        assert scan.select(held) == want
        assert scan.select(held) == want  # kept
    for held in list(helds)[:50]:
        scan._chosen.clear()
        want = tuple(i for i, ok in enumerate(opened(gates, scan.needs, held)) if ok)
        assert scan.select(held) == want


def test_no_needs_gate_closes_on_a_text_its_needs_matches() -> None:
    texts = dev_texts()
    for rule in ALL_RULES:
        if rule.needs is None:
            continue
        g = needs_gate(rule)
        assert g == gate_of(rule.needs)
        closed = [
            t[:80]
            for t in texts
            if g.factors
            and not g.opens(t, t.lower() if t.isascii() else None, {})
            and rule.needs.search(t) is not None
        ]
        assert closed == [], rule.needs.pattern


def test_find_with_the_prescan_finds_what_find_without_gates_finds() -> None:
    texts = [t for t in (*dev_texts()[::20], *chat()) if t.isascii()]
    assert len(texts) > 1000
    assert [list(find(t, ALL_RULES)) for t in texts] == [
        list(find(t, ALL_RULES, gated=False)) for t in texts
    ]


def test_pieces_that_overlap_or_start_one_another_are_all_found() -> None:
    rules = [
        r"password",
        r"pass\b",
        r"sword",
        r"AKIA",  # looked for as written
        r"(?i)akia_",
        r"wor",
        r"x:y",
    ]
    gates = [(gate_of(re.compile(p)),) for p in rules]
    scan = prescan_of(gates)
    for text in ["password", "a passwordy AKIA_ x:y", "akia_ Password", "swor", "no"]:
        assert opened(gates, scan.needs, scan.holds(text, text.lower())) == each_gate(gates, text)
    # Looked for as written (`password`, `AKIA`) or in lower case (`akia_`).
    text = "akia_ Password swor"
    assert opened(gates, scan.needs, scan.holds(text, text.lower())) == [
        False,  # `password`: as written only
        False,  # `pass`: as written only
        True,  # `sword`, inside `Password`
        False,  # `AKIA`: as written only
        True,  # `akia_`: in any case
        True,  # `wor`, inside `Password`
        False,
    ]


@settings(max_examples=300, deadline=None, suppress_health_check=list(HealthCheck))
@given(
    bodies=st.lists(st.tuples(_patterns(), st.booleans()), min_size=1, max_size=6), data=st.data()
)
def test_the_prescan_of_generated_patterns_answers_as_their_gates(
    bodies: list[tuple[str, bool]], data: st.DataObject
) -> None:
    patterns = []
    for body, icase in bodies:
        try:
            patterns.append(re.compile(body, re.IGNORECASE if icase else 0))
        except re.error:
            continue
    if not patterns:
        return
    gates = [(gate_of(p),) for p in patterns]
    scan = prescan_of(gates)
    texts = [data.draw(st.from_regex(p, fullmatch=False)) for p in patterns]
    texts.append(data.draw(st.text(alphabet="abkisKSI07-_:= .x", max_size=30)))
    joined = " ".join(texts)
    for text in [*texts, joined, joined.swapcase()]:
        if not text.isascii():
            continue
        held = scan.holds(text, text.lower())
        assert opened(gates, scan.needs, held) == each_gate(gates, text), text
        chosen = scan.select(held)
        assert chosen == tuple(i for i, ok in enumerate(each_gate(gates, text)) if ok), text


def test_the_width_folds_need_a_character_outside_ascii() -> None:
    # `width_folded_view` asks an ASCII text only for a US SSN typed with underscores.
    from writers.redact.redactor import (
        _DASHED_RUN,
        _DIGIT_SPACE,
        _FULLWIDTH_ALNUM,
        width_folded_view,
    )

    every = "".join(f"1{chr(c)}2{chr(c)}3{chr(c)}4" for c in range(128))
    for pattern in (_FULLWIDTH_ALNUM, _DASHED_RUN, _DIGIT_SPACE):
        assert pattern.search(every) is None, pattern.pattern
    folded = width_folded_view("ssn 537_28_4419")
    assert folded is not None and folded.text == "ssn 537-28-4419"
    assert width_folded_view("537 28 4419 and 537-28-4419") is None
    wide = width_folded_view("537\u201328\u20134419")
    assert wide is not None and wide.text == "537-28-4419"
