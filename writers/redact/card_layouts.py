"""Card numbers typed otherwise than the card rule reads them (`formats.table.RULES`).

What makes a run of digits a card is the same everywhere: the Luhn sum, a network's prefix
with the length that network issues (`public_forms.card_length_ok`), and either a layout a card
is printed in or the text calling it a card. People type the same sixteen digits in more ways
than the printed one, and read them out:

- in four groups joined by any one separator (`4539/1488/…`, `4539_1488_…`, `4539, 1488, …`,
  `4539 | 1488 | …`, a tab, `4539... 1488...`), or over lines (`4539 1488` / `0343 6467`, one
  group a line): a card's layout only when the text calls it a card, before or after it, or
  an expiry follows it (a list of four numbers is no card otherwise);
- right before its expiry (`4539148803436467 08/27 412`), where the card rule reads the
  month's digits as more of the number;
- in another script's digits (`٤٥٣٩ ١٤٨٨ …`, `۴۵۳۹ …`, Devanagari, Thai), or opening with a
  national scheme's `8` or `9` (RuPay, Troy, Napas), printed as any card is;
- as words, digit by digit (`four five three nine one four …`, `cuatro cinco …`), as a
  call's transcript has it.

The look-alikes the card rule rules out are ruled out here too (`formats.numbers.card_value_ok`):
an order's or a tracking number, a test card, an IBAN's tail, a hex dump, a barcode.
"""

from __future__ import annotations

import re

from writers.redact.formats.named_ids import CARD_WORDS
from writers.redact.formats.numbers import card_value_ok
from writers.redact.formats.rule import Rule
from writers.redact.values.plausible import SPACED_WORD

# One separator between a card's groups, the same throughout; a line break may stand for it.
_SEP = r"\.\.\. |… | / | - | \| |, |  |[ .\-/_,|\t\n]"
_J = r"(?:(?P=sep)| ?\n)"
_LAYOUT = re.compile(
    rf"(?<!{SPACED_WORD})(?<![.,_|+])"
    rf"(?P<s>\d{{4}}(?P<sep>{_SEP})(?:\d{{4}}(?:{_J}\d{{4}}){{1,2}}(?:{_J}\d{{1,4}})?"
    rf"|\d{{6}}{_J}\d{{4,5}})"
    rf"|\d{{6}}(?P<sepu>[ \-\n])\d{{12,13}}|\d{{8}}(?P<seph> ?\n)\d{{8}}|\d{{13,19}})"
    rf"(?!{SPACED_WORD}|[-.]\d)"
)
# Separators a card is printed with: it needs no other word to be one.
_PRINTED = frozenset({" ", "-", None})
# An expiry right after the number (`08/27`, `|08|27`, `exp:0827`, `vence 08/2027`, `2027-08`).
_EXPIRY_AFTER = re.compile(
    r"[ \t]*(?:[|,;/\-–]|\n)?[ \t]*(?:(?i:exp\w*|valid\w*|vence|venc\w*|gültig bis|ablauf\w*"
    r"|expira\w*|scad\w*|срок\w*)[ .:]*)?"
    r"(?:(?:0?[1-9]|1[0-2])(?:[/|.\-]|\s?/\s?)?(?:20)?\d\d|20\d\d-(?:0[1-9]|1[0-2]))(?!\d)"
)


# A card's other fields named right after its number (`…, expiry oh eight`, `cvv 412`).
_CARD_FIELD = re.compile(r"(?i)[ \t,;:|/-]*(?:exp\w*|cvv2?|cvc2?|csc|valid|vence|venc\w*|gültig)\b")


def _ascii_digits(value: str) -> str:
    return "".join(str(int(c)) for c in value if c.isdigit())


def _called_a_card(text: str, start: int, end: int) -> bool:
    """The text calls the number a card: a card's word before it (the line before too) or
    right after it, or its expiry right after it."""
    before = text[max(0, start - 60) : start]
    after = text[end : end + 30]
    after = after.split("\n")[0]
    if CARD_WORDS.search(before) or CARD_WORDS.search(after) or _CARD_FIELD.match(after):
        return True
    return _EXPIRY_AFTER.match(text, end) is not None


def _continues(text: str, start: int, end: int, sep: str | None) -> bool:
    """The groups go on past the match with the same joins (a longer number's part), unless
    what follows is the card's expiry."""
    for j in {sep or "", " ", "-"}:
        if start - len(j) - 1 >= 0 and text[start - len(j) : start] == j:
            if text[start - len(j) - 1].isdigit():
                return True
        if text[end : end + len(j)] == j and text[end + len(j) : end + len(j) + 1].isdigit():
            return _EXPIRY_AFTER.match(text, end) is None
    return False


def _span(m: re.Match[str]) -> tuple[int, int] | None:
    """The card's span in the match, or None: the whole match, or all but its last group (a
    month's digits read on)."""
    text = m.string
    sep = m.group("sep") or m.group("sepu") or m.group("seph")
    ends = [m.end("s")]
    cut = max(m.group("s").rfind("\n"), m.group("s").rfind(sep or "\n"))
    if sep is not None and cut > 0:
        ends.append(m.start("s") + cut)
    # Digits glued to a path or a word by `/` or `-` are its part (`doi:10.1145/3983076…`),
    # unless what they are glued to names a card (`/v1/cards/4539…`, `card-4539…`).
    glued = m.start("s") > 0 and text[m.start("s") - 1] in "/-"
    if glued and not CARD_WORDS.search(text[max(0, m.start("s") - 20) : m.start("s")]):
        return None
    for end in ends:
        value = text[m.start("s") : end]
        digits = _ascii_digits(value)
        if _continues(text, m.start("s"), end, sep):
            continue
        printed = sep in _PRINTED and "\n" not in value and (sep is not None or len(value) >= 13)
        new_kind = not value.isascii() or digits[0] in "89"
        if printed and not (new_kind or glued) and _EXPIRY_AFTER.match(text, end) is None:
            continue  # the card rule reads it in this layout already, or rules it out
        if not (printed or _called_a_card(text, m.start("s"), end)):
            continue
        if card_value_ok(text, m.start("s"), end, digits):
            return m.start("s"), end
    return None


# Digits as words, in English, Spanish, Portuguese, French, Italian and German (each word
# names one digit in every language that has it).
_DIGIT_WORDS = (
    "zero oh cero zéro null",
    "one uno um un eins",
    "two dos dois deux due zwei",
    "three tres três trois tre drei",
    "four cuatro quatro quatre quattro vier",
    "five cinco cinq cinque fünf",
    "six seis sei sechs",
    "seven siete sete sept sette sieben",
    "eight ocho oito huit otto acht",
    "nine nueve nove neuf neun",
)
_DIGIT_WORD = {w: str(i) for i, ws in enumerate(_DIGIT_WORDS) for w in ws.split()}
_WORD = "(?:" + "|".join(sorted(_DIGIT_WORD, key=len, reverse=True)) + ")"
_SPOKEN = re.compile(rf"(?i)(?<![^\W\d_]){_WORD}(?:(?:,? |-|, ){_WORD}){{12,18}}(?![^\W\d_])")


def _spoken_card(m: re.Match[str]) -> bool:
    words = re.findall(r"[^\W\d_]+", m.group(0))
    digits = "".join(_DIGIT_WORD[w.lower()] for w in words)
    return card_value_ok(m.string, m.start(), m.end(), digits)


def _layout_card(m: re.Match[str]) -> bool:
    return _span(m) is not None


CARD_LAYOUT_RULES: tuple[Rule, ...] = (
    Rule("credit_card", _LAYOUT, 0.85, _layout_card, locate=_span, needs=re.compile(r"\d{4}")),
    Rule(
        "credit_card",
        _SPOKEN,
        0.85,
        _spoken_card,
        needs=re.compile(rf"(?i)(?<![^\W\d_]){_WORD}(?:,? |-){_WORD}(?![^\W\d_])"),
    ),
)
