"""The fewest decimal digits a match holds (`formats/gates.py`, issue 27, sixteenth round): a
rule's gate, its `needs`' gate, the prescan and the redactor's presidio recognizers leave a
text with fewer digits unsearched, and no finding changes.

- The count is read from the pattern's syntax tree: a digit, a set of digits only, a repeat's
  least count of its body's, an alternation's fewest branch; nothing else counts.
- A text's count is what `\\d` matches in it, one by one, for every character of Unicode;
  read case-insensitively, a digit or a range of digits matches digits only.
- A gate, and the prescan, close on a text with fewer digits than the pattern's matches hold,
  and open on one with as many.
- On every development text, no presidio precondition (`pre`) matches a text with fewer digits
  than its count (each rule's gate is checked so by tests/writers/redact/test_rule_gates.py).
"""

from __future__ import annotations

import re

import pytest

from tests.writers.redact.test_rule_gates import dev_texts
from writers.redact.formats.gates import decimal_digits, fewest_digits, gate_of, prescan_of
from writers.redact.redactor import Redactor


@pytest.mark.parametrize(
    ("pattern", "digits"),
    [
        (r"\d{3}-\d{4}", 7),
        (r"\+?\(?\d{3}\)?[ .-]\d{3}[ .-]\d{4}", 10),
        (r"(?:\d{2}|x\d)", 1),
        (r"(?i)[0-9]{2}7", 3),
        (r"[2-5][05]", 2),
        (r"\d+?\d*", 1),
        (r"(?>\d{3})", 3),
        (r"(?P<s>\d{4})(?P=s)", 4),  # a back-reference counts nothing
        (r"(?=\d{9})\d", 1),  # nor a lookahead
        (r"(\d)?(?(1)\d{5}|x)", 0),  # nor a conditional group
        (r"[0-9a]{5}", 0),
        (r"[^\D]{3}", 0),  # a negated set counts nothing
        (r"[5-a]\d?", 0),
        (r"\D{4}", 0),
    ],
)
def test_the_fewest_digits_of_a_pattern(pattern: str, digits: int) -> None:
    assert fewest_digits(re.compile(pattern)) == digits


def test_a_texts_digits_are_what_backslash_d_matches() -> None:
    everything = "".join(chr(c) for c in range(0x110000) if not 0xD800 <= c < 0xE000)
    assert decimal_digits(everything) == len(re.findall(r"\d", everything)) > 600
    assert decimal_digits("turn 0 from U0LOAD0001") == 6
    assert decimal_digits("٣ and 4 and ４") == 3  # Arabic-Indic, ASCII and fullwidth digits
    # An ASCII text is counted through its bytes (issue 27, eighteenth round).
    ascii_chars = "".join(map(chr, range(128)))
    assert decimal_digits(ascii_chars * 3) == 30
    assert decimal_digits(ascii_chars[::-1] + "x") == 10
    for text in (t for t in dev_texts() if t.isascii()):
        assert decimal_digits(text) == len(re.findall(r"\d", text)), text[:80]
    # Read case-insensitively, an ASCII digit or a range of them matches digits only.
    others = everything.translate(dict.fromkeys(range(0x30, 0x3A)))
    assert re.findall(r"(?i)[0-9]|0|1|2|3|4|5|6|7|8|9", others) == []


@pytest.mark.parametrize(
    ("pattern", "opens", "closes"),
    [
        (r"\d{3}[ .-]\d{4}", "call 555-1234", "call 555-12 or 3"),
        (r"(?<![\d.])\d{12,19}(?![\d.])", "card 4539 1488 0343", "turn 0 from U0LOAD0001"),
        (r"(?i)\bpin[ :=]+\d{4}", "PIN 1 and 2 3 4", "PIN: 123"),
    ],
)
def test_a_text_with_fewer_digits_is_not_searched(pattern: str, opens: str, closes: str) -> None:
    g = gate_of(re.compile(pattern))
    scan = prescan_of([(g,)])
    for text, expected in ((opens, True), (closes, False)):
        assert g.opens(text, text.lower(), {}) is expected
        assert g.opens(text, None, {}) is expected
        assert (scan.needs[0] & ~scan.holds(text, text.lower()) == 0) is expected


def test_no_presidio_precondition_matches_a_text_with_fewer_digits() -> None:
    asks = [(pre, digits) for pre, digits in Redactor()._pres if digits]
    assert {digits for _, digits in asks} >= {6, 7, 8}
    texts = dev_texts()
    assert len(texts) > 10000
    for pre, digits in set(asks):
        wrong = [t[:80] for t in texts if decimal_digits(t) < digits and pre.search(t)]
        assert wrong == [], pre.pattern
