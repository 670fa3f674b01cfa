"""Finding where matches start for less (issue 27, seventeenth round), the same places:

- `places(pattern)` matches one character at every place a match of `pattern` starts, and only
  there, opening with the class of the characters a match can start with (the engine skips the
  others in C); a pattern whose first characters cannot be read is returned as it is.
- The secret nouns' scan (`noun_starts`) finds the places the nouns' pattern does, on every
  development text; the loose street address's places (`_loose_starts`) in an ASCII text are
  the lookahead's, on every ASCII development text and on made-up ones.
- The assignment rule is tried only where a name with its operator after it starts
  (`assign_starts`) in an ASCII text, and at every place of any other text: every match starts
  at one of them (tests/writers/redact/test_rule_needs.py checks it on the corpora; here on
  made-up forms too).
- A name's strength is kept for the names read lately: the same reading as the function's own.
"""

from __future__ import annotations

import random
import re

import pytest

from tests.writers.redact.test_rule_gates import dev_texts
from writers.redact.addresses import _LOOSE_STARTS, _UNIT_LIST, _loose_starts
from writers.redact.formats.gates import places
from writers.redact.formats.table import _ASSIGN_START_ASCII, RULES, assign_starts
from writers.redact.names.secret_names import name_strength
from writers.redact.values.plausible import _NOUN_START, _NOUN_START_ASCII, noun_starts


def every_start(pattern: re.Pattern[str], text: str) -> list[int]:
    """Each place a match of `pattern` starts (overlapping), as `find` looks for them."""
    found, pos = [], 0
    while (m := pattern.search(text, pos)) is not None:
        found.append(m.start())
        pos = m.start() + 1
    return found


PATTERNS = [
    r"(?<![a-z])(?:ab|abc|b\d|cd)",
    r"(?i)(?<![A-Za-z])(?:k[a-z]|st|ſ)",
    r"(?:x)?y+|#",
    r"\b\d|#",
    r"(?:a|b*)c",
    r"(?=q)q[^q]",
    r"(?>ab|a)c",
    r"\s\d",
]


@pytest.mark.parametrize("source", PATTERNS)
def test_places_are_where_matches_start(source: str) -> None:
    pattern = re.compile(source)
    found = places(pattern)
    assert found is not pattern  # its first characters were read
    rng = random.Random(source)
    alphabet = "abcdkqxyz#19 \u017f\u212aKS_\n"
    for _ in range(2000):
        text = "".join(rng.choice(alphabet) for _ in range(rng.randint(0, 12)))
        assert [m.start() for m in found.finditer(text)] == every_start(pattern, text), text


@pytest.mark.parametrize(
    "source", [r".a", r"a*", r"(?:a|)b?", r"[^\W\d_]x", r"(?:\w|.)b", r"(?i:a)b"]
)
def test_places_keeps_a_pattern_whose_first_characters_it_cannot_read(source: str) -> None:
    pattern = re.compile(source)
    assert places(pattern) is pattern


def test_the_nouns_are_found_where_their_pattern_finds_them() -> None:
    texts = dev_texts()
    assert len(texts) > 10000
    for text in texts:
        expected = (
            every_start(_NOUN_START_ASCII, text.lower())
            if text.isascii()
            else every_start(_NOUN_START, text)
        )
        assert noun_starts(text) == expected, text[:80]


def test_the_loose_address_starts_where_its_lookahead_does() -> None:
    assert _UNIT_LIST is not None and "apt" in _UNIT_LIST
    texts = [t for t in dev_texts() if t.isascii()]
    rng = random.Random(17)
    words = [*_UNIT_LIST, "#", "1", "a", " ", "x9", "_", "-"]
    texts += ["".join(rng.choice(words) for _ in range(rng.randint(0, 8))) for _ in range(3000)]
    texts = [t for t in texts if t.isascii()]  # (`bât`, `étage`: the other path)
    assert len(texts) > 8000
    for text in texts:
        assert _loose_starts(text) == [m.start() for m in _LOOSE_STARTS.finditer(text.lower())]


ASSIGN = RULES[20]


def test_the_assignment_starts_where_a_name_and_its_operator_do() -> None:
    assert ASSIGN.starts is assign_starts
    assert assign_starts("(offline demo model) You said: turn 0") == [25]
    assert assign_starts("no operator in this line") == []
    assert assign_starts("clé = abc123") is None  # not ASCII: searched at every place
    forms = [
        "x.==y",
        "name\nstring = hunter2x",
        'cfg["db_password"] = "s3cr3t-v4lue"',
        "token := abc123def",
        "a= b=c d+=e f?=g h.=i j=>k l:::=m n::=o",
        "${secret}=nope ##token=abc $api_key='zz9zz9zz'",
        "@pw: 12345678 -x_y: 9 - 2x: 3",
    ]
    rng = random.Random(20)
    pieces = ["pass", "word", "_key", ".", "$", "@", "-", " ", "\t", "\n", '"', "'", "]", "9"]
    pieces += ["=", ":", "+=", "?=", "=>", "string", "abc", "x"]
    forms += ["".join(rng.choice(pieces) for _ in range(rng.randint(1, 10))) for _ in range(5000)]
    matched = 0
    for text in forms:
        starts = every_start(ASSIGN.pattern, text)
        matched += bool(starts)
        assert set(starts) <= set(assign_starts(text) or ()), text
    assert matched > 500


def test_the_assignments_places_are_found_in_the_windows_before_each_operator() -> None:
    # `assign_starts` searches only before each `=` or `:` (issue 27, eighteenth round): the
    # places are those of the whole text searched, on every ASCII development text and on
    # made-up ones (operators of every form, spaces, quotes and `string` before them).
    texts = [t for t in dev_texts() if t.isascii()]
    assert len(texts) > 10000
    rng = random.Random(18)
    pieces = ["pass", "word", "_key", ".", "$", "@", "-", " ", "\t", "\n", '"', "'", "]", "9"]
    pieces += ["=", ":", "::", ":::=", "+=", "?=", ".=", "=>", "==", " string", "str", "\x1c"]
    pieces += ["String ", "${", "##", "abc", "x", "(", "/", "  "]
    texts += ["".join(rng.choice(pieces) for _ in range(rng.randint(1, 14))) for _ in range(20000)]
    found = 0
    for text in texts:
        want = every_start(_ASSIGN_START_ASCII, text)
        found += bool(want)
        assert assign_starts(text) == want, text[:120]
    assert found > 5000


def test_a_names_strength_is_the_functions_own() -> None:
    names = ["said", "api_key", "password", "cache_key", "Note", "PGPASSWORD", "said", "token"]
    read = [name_strength.__wrapped__(n) for n in names]
    assert [name_strength(n) for n in names] == read == [0, 2, 2, 1, 0, 2, 0, 2]
