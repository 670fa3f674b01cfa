"""A rule's `needs` (a cheap pattern every match contains) may skip the rule on a text only when
the rule could not match it: checked on every text of the redaction corpora and on addresses
written in each way `writers/redact/addresses.py` knows. Likewise a rule's `starts` (the places
a match can start, found by a cheaper scan) must hold the start of every match."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from writers.redact.addresses import ADDRESS_RULES
from writers.redact.card_elements import CARD_ELEMENT_RULES
from writers.redact.card_layouts import CARD_LAYOUT_RULES
from writers.redact.context.table import SECRET_RULES
from writers.redact.credential_syntax import PLACE_RULES, SYNTAX_RULES
from writers.redact.formats.rule import Rule, search_from
from writers.redact.formats.table import RULES, find
from writers.redact.handed_over import HANDOVER_RULES, HELD_BACK
from writers.redact.redactor import Redactor
from writers.redact.values.plausible import _NOUN_START, noun_line_starts, noun_starts

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


# Forms the corpora hold none of, so that each rule with `needs` is exercised: an auth file's
# quoted user and password (PgBouncer's `userlist.txt`).
NEEDS_FORMS = ['"reporting" "Tq7!mZx2#Lw9"', '```\n"etl"\t"Kv8$Rp3^Wn5z"\n```']


def corpus() -> list[str]:
    texts = list(ADDRESSES) + NEEDS_FORMS
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
    r
    for r in (*RULES, *SECRET_RULES, *ADDRESS_RULES, *CARD_ELEMENT_RULES, *CARD_LAYOUT_RULES)
    if r.needs is not None
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


RULES_WITH_STARTS = [
    r
    for r in (
        *RULES,
        *SECRET_RULES,
        *SYNTAX_RULES,
        *PLACE_RULES,
        *HANDOVER_RULES,
        *HELD_BACK,
        *ADDRESS_RULES,
    )
    if r.starts is not None
]


def dev_corpus() -> list[str]:
    """Every text of the development sets and probes (the held-out sets left out)."""
    texts = []
    for path in sorted(DATA.glob("redaction*/**/*.jsonl")):
        lines = path.read_text(encoding="utf-8").splitlines()
        texts += [json.loads(line)["text"] for line in lines if line.strip()]
    return texts


def every_start(pattern: re.Pattern[str], text: str) -> list[int]:
    """Each place a match of `pattern` starts, as `find` looks for them (overlapping)."""
    found, pos = [], 0
    while (m := pattern.search(text, pos)) is not None:
        found.append(m.start())
        pos = m.start() + 1
    return found


def test_the_rules_led_by_a_noun_start_where_one_does() -> None:
    # Every rule led by a noun shares one scan for it (`noun_starts`, or the starts of the lines
    # that hold one); a user-and-password pair starts from its joiner, a value named by the noun
    # after it on the noun's line.
    by_noun = [r for r in RULES_WITH_STARTS if r.starts in (noun_starts, noun_line_starts)]
    assert len(by_noun) == 15  # the sixteenth round's directive value in any script
    assert {r.starts.__name__ for r in RULES_WITH_STARTS if r not in by_noun} == {  # type: ignore[union-attr]
        "_pair_starts",
        "_colon_starts",
        "_before_noun_starts",
        "_loose_starts",
        # The seventeenth round's secrets handed over in words (`handed_over.py`): the lines of
        # their cues, of a password's noun (and a key's in Hebrew and Arabic), of a question.
        "_cue_line_starts",
        "_noun_line_starts",
        "_question_line_starts",
        "assign_starts",
    }


# Forms the corpora hold fewer than three of, so that each rule with `starts` is exercised: the
# German verb last ("Passwort … auf … geändert"); the value between the noun and a verb-last
# copula, or before the noun and it; a passphrase of words answering a question.
RARE_FORMS = [
    "Das WLAN-Passwort habe ich auf Kiefer#4471 geändert.",
    "Passwort für den Drucker auf Ahorn%2290 gesetzt",
    "das Kennwort wurde gestern auf `Linde!8812` zurückgesetzt",
    "رمز عبور anar.shab.yalda است",
    "पासवर्ड Mango#4471 है",
    "비밀번호 Hangang!77 입니다",
    "BaarishChai2024 दफ़्तर के राउटर का पासवर्ड है",
    "Moon_light_7 이게 사무실 와이파이 비밀번호예요",
    "Kedi!4471 वाई-फ़ाई का पासवर्ड है",
    "!sakura2001 が会議室のWi-Fiのパスワードです",
    "Setareh&49 رمز عبور وای‌فای است",
    "> 密码多少？\nviolin horse compass thunder",
    "what's the wifi password?\nMarta: kiwi lemon anchor rocket",
    "la contraseña del router?\nperro nube mango tiza",
    # A directive's value in a script written without spaces (`context.prose.DIRECTIVE_VALUE`).
    "port 6379\nrequirepass ひまわり2031!",
    "bind 127.0.0.1\nrequirepass 上海外滩2031\nport 6380",
    "login: deploy\npassword 東京タワー1152",
    # A value handed over with "use … for now", and an account reset to a value
    # (`handed_over.py`).
    "here you go, use Kq7mZ2xV9pL4tR8w for now",
    "usa Lm7$Tq2#Wk9z por ahora",
    "nimm Rz5!kW8qTm3v erstmal",
    "I reset Jenkins to `Moss!Quartz719`",
    "reset grafana to Pine#Lake2290 and log in",
    "ok, I reset the NAS to Qx8!Lm2#Vt",
]


@pytest.mark.parametrize("rule", RULES_WITH_STARTS, ids=lambda r: r.pattern.pattern[:24])
def test_every_match_starts_where_the_rule_says(rule: Rule) -> None:
    texts = dev_corpus() + RARE_FORMS
    assert len(texts) > 10000  # the corpora were found
    assert rule.starts is not None
    matched = 0
    for text in texts:
        if starts := every_start(rule.pattern, text):
            matched += 1
            found = rule.starts(text)  # None: the text is searched at every place
            assert found is None or set(starts) <= set(found), text
    assert matched >= 3  # the rule is exercised


def test_an_ascii_text_is_read_as_ignoring_case_reads_it() -> None:
    texts = [t for t in dev_corpus() if t.isascii()]
    assert len(texts) > 5000
    assert [noun_starts(t) for t in texts] == [every_start(_NOUN_START, t) for t in texts]


def test_nouns_are_found_in_any_case_and_script() -> None:
    text = "AUTH TOKEN x; Passwort; ſecret; ΚΩΔΙΚΌΣ; パスワード; password123; xpassword"
    assert [text[i : i + 4] for i in noun_starts(text)] == [
        "AUTH",
        "TOKE",
        "Pass",
        "ſecr",
        "ΚΩΔΙ",
        "パスワー",
        "pass",
    ]
    assert noun_line_starts("hi\nmy pw? x\n\nthe token") == [3, 13]


def test_search_from_finds_what_search_finds() -> None:
    pattern = re.compile(r"(?i)(?<![a-z])(?:pass|password)(?P<s>\w*)")
    for text in ("password passwordX pass", "xpass pass", "nothing here", ""):
        starts = every_start(re.compile(r"(?i)(?<![a-z])pass"), text)
        for pos in range(len(text) + 1):
            got = search_from(pattern, text, starts, pos)
            want = pattern.search(text, pos)
            assert (got and got.span(), got and got.group("s")) == (
                want and want.span(),
                want and want.group("s"),
            )
