"""A card number glued to the code before it, with its expiry after it: still a card.

The card rule (`formats.table.RULES`) reads a number only where nothing glues it to a word, since
digits inside a token belong to that token. A booking system's form of payment is written as one
token all the same: the card's network code glued before the number and its expiry after a
slash (`FP CCVI4111111111111111/1227`, `CCDS6011-…/0527`, the GDS form-of-payment element). An
expiry `/MMYY` right after a Luhn-valid number of a card network's length says the digits are a
card's, whatever letters stand glued before it; a number masked to its last four digits has no
card number left to find.
"""

from __future__ import annotations

import re

from writers.redact.formats.rule import Rule
from writers.redact.public_forms import card_length_ok
from writers.redact.values.checksums import luhn_ok

_ELEMENT = re.compile(
    r"(?<![A-Za-z0-9])[A-Z]{1,4}(?P<s>[2-6]\d{3}(?:-?\d{1,4}){2,4})"
    r"/(?:0[1-9]|1[0-2])/?\d\d(?![\d/])"
)


def _card_element(m: re.Match[str]) -> bool:
    digits = re.sub(r"\D", "", m.group("s"))
    return 13 <= len(digits) <= 19 and luhn_ok(digits) and card_length_ok(digits)


CARD_ELEMENT_RULES: tuple[Rule, ...] = (
    Rule("credit_card", _ELEMENT, 0.85, _card_element, needs=re.compile(r"\d/")),
)
