"""Redaction by principle, beyond fixed token formats: presidio's own recognizers, and context.

- Personal data presidio already knows how to find without spaCy — phone numbers (through the
  `phonenumbers` library, for many regions), IP addresses, US SSNs, UK NINOs and national ids with
  a checksum — come from presidio's predefined recognizers, each wrapped with a filter for what
  chat is full of: Slack timestamps, versions, decimals, digits inside longer tokens.
- Secrets without a fixed prefix are found by *context*: a high-entropy run near words that name
  a secret ("aws", "secret", "key", "token"), a value after "password is" / "pw:" / `--password`,
  a token used as the user part of a URL.
- Street addresses by shape: a house number, a street name and a street-type word (in several
  languages, before or after the name), then optional unit, postcode and city.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from presidio_analyzer import EntityRecognizer, RecognizerResult
from presidio_analyzer.predefined_recognizers import (
    EsNifRecognizer,
    FiPersonalIdentityCodeRecognizer,
    InAadhaarRecognizer,
    IpRecognizer,
    ItFiscalCodeRecognizer,
    PhoneRecognizer,
    PlPeselRecognizer,
    UkNinoRecognizer,
    UsSsnRecognizer,
)

from writers.guard.recognizers import Rule, entropy, is_placeholder, plausible_secret

PHONE_REGIONS = (
    "US", "GB", "DE", "FR", "IN", "BR", "JP", "AU", "NL", "ES", "IT", "CA", "MX", "SE", "CH",
    "IE", "SG", "ZA", "PL", "BE", "AT", "PT", "DK", "NO", "FI", "NZ", "KR", "CN", "IL", "AE",
)  # fmt: skip
# Presidio's entity names → the redactor's kinds (what `[REDACTED:<kind>]` says).
KINDS = {
    "PHONE_NUMBER": "phone",
    "IP_ADDRESS": "ip_address",
    "US_SSN": "us_ssn",
    "UK_NINO": "uk_nino",
    "IN_AADHAAR": "national_id",
    "ES_NIF": "national_id",
    "IT_FISCAL_CODE": "national_id",
    "PL_PESEL": "national_id",
    "FI_PERSONAL_IDENTITY_CODE": "national_id",
}
_PHONE_CONTEXT = re.compile(
    r"(?i)\b(?:phone|tel|telephone|call|calling|mobile|cell|cellphone|whatsapp|signal|sms|text"
    r"|fax|ring|dial|number|no\.|nr\.?|contact|reach|landline|hotline|handy|portable|telefon"
    r"|téléphone|teléfono|telefone|celular|móvil|numéro|nummer)\b|[☎📞📱]"
)
_VERSIONISH = re.compile(r"(?i)(?:\bv|version|release|build|ver\.?)\s*$")
_LOOPBACK = frozenset({"127.0.0.1", "0.0.0.0", "::1", "::"})


def _phone_ok(text: str, start: int, end: int) -> bool:
    value = text[start:end]
    before, after = text[max(0, start - 40) : start], text[end : end + 2]
    if (before and (before[-1].isalnum() or before[-1] in "._/#=")) or re.match(
        r"[.,]\d|\w", after
    ):
        return False  # inside a longer token, a decimal or a Slack timestamp
    digits = re.sub(r"\D", "", value)
    if value.startswith(("+", "00")):
        return True
    formatted = bool(re.search(r"[ ().-]", value.strip()))
    if not formatted and not _PHONE_CONTEXT.search(before):
        return False  # a bare run of digits is an id or an amount unless called a number
    return len(digits) >= 7 and not re.fullmatch(r"(?:19|20)\d{6}", digits)


def _ip_ok(text: str, start: int, end: int) -> bool:
    value = text[start:end]
    before, after = text[max(0, start - 12) : start], text[end : end + 2]
    if value in _LOOPBACK or re.match(r"\.\d|[\w]", after) or before[-1:] in (".", "v", "V"):
        return False
    return not ("." in value and _VERSIONISH.search(before))


def _alone(text: str, start: int, end: int) -> bool:
    """Not part of a longer token (an id inside a permalink, a number inside a hash)."""
    left, right = text[start - 1 : start], text[end : end + 1]
    return not (left.isalnum() or left in ("-", "_") and left) and not (
        right.isalnum() or right in ("-", "_") and right
    )


_DIGITS7 = re.compile(r"\d(?:[^\n\d]{0,3}\d){6}")
_IPISH = re.compile(r"\d\.\d|[0-9a-fA-F]:[0-9a-fA-F:]")


class _Filtered(EntityRecognizer):
    """One presidio recognizer with a filter on its hits, reported under our kind names.

    `pre` is a cheap regex a text must match before the (slower) recognizer runs at all.
    """

    def __init__(
        self,
        inner: EntityRecognizer,
        keep: Any = None,
        score: float = 0.75,
        pre: re.Pattern[str] = _DIGITS7,
    ) -> None:
        self.inner = inner
        self.keep = keep
        self.fixed_score = score
        self.pre = pre
        super().__init__(
            supported_entities=inner.supported_entities,
            name=f"seshat-{type(inner).__name__}",
            supported_language="en",
        )

    def load(self) -> None:
        """Nothing to load: the inner recognizer is ready."""

    def analyze(
        self, text: str, entities: Sequence[str], nlp_artifacts: Any = None
    ) -> list[RecognizerResult]:
        """The inner recognizer's hits that pass the filter, with a fixed score."""
        out: list[RecognizerResult] = []
        if not self.pre.search(text):
            return out
        for r in self.inner.analyze(text, list(entities), nlp_artifacts):
            if r.score <= 0 or not _alone(text, r.start, r.end):
                continue
            if self.keep is not None and not self.keep(text, r.start, r.end):
                continue
            out.append(RecognizerResult(r.entity_type, r.start, r.end, self.fixed_score))
        return out


def presidio_recognizers() -> list[EntityRecognizer]:
    """presidio's predefined recognizers that run without spaCy, filtered for chat."""
    return [
        _Filtered(PhoneRecognizer(supported_regions=PHONE_REGIONS, leniency=1), _phone_ok, 0.7),
        _Filtered(IpRecognizer(), _ip_ok, 0.7, _IPISH),
        _Filtered(UsSsnRecognizer(), None, 0.7),
        _Filtered(UkNinoRecognizer(), None, 0.7, re.compile(r"\d\s?\d\s?\d\s?\d\s?\d\s?\d")),
        _Filtered(InAadhaarRecognizer(), None, 0.7),
        _Filtered(EsNifRecognizer(), None, 0.7, re.compile(r"\d{8}")),
        _Filtered(ItFiscalCodeRecognizer(), None, 0.7, re.compile(r"[A-Za-z]{6}\d\d")),
        _Filtered(PlPeselRecognizer(), None, 0.7),
        _Filtered(FiPersonalIdentityCodeRecognizer(), None, 0.7),
    ]


# ---------------------------------------------------------------- secrets by context

_SECRET_WORDS = r"(?:aws|secret|key|credential|token|password|sak|access)"


def _high_entropy_near_words(m: re.Match[str]) -> bool:
    value = m.group("s")
    if is_placeholder(value) or entropy(value) < 3.8:
        return False
    classes = sum(bool(re.search(p, value)) for p in (r"[a-z]", r"[A-Z]", r"\d"))
    if classes < 3:
        return False
    window = m.string[max(0, m.start("s") - 80) : m.start("s")]
    return re.search(rf"(?i){_SECRET_WORDS}", window) is not None


def _prose_secret(m: re.Match[str]) -> bool:
    raw = m.group("s")
    if re.search(r"[=:]$", raw) or re.fullmatch(r"[A-Za-z_][\w-]*(?:\.[A-Za-z_][\w-]*)+", raw):
        return False  # the next key of a config line, or a dotted name: not a value
    value = raw.rstrip(".,;:!?)\"'`")
    if is_placeholder(value) or len(value) < 4:
        return False
    # An ordinary word after "password" is prose ("the password policy", "password reset").
    if re.fullmatch(r"[a-z]+", value) and len(value) < 12:
        return False
    return plausible_secret(value, quoted=False) or bool(re.search(r"\d", value))


def _cli_secret(m: re.Match[str]) -> bool:
    # `-pSECRET` is a password only for the MySQL family of clients.
    if m.group(0).lower().startswith("-p") and not re.search(
        r"(?i)\b(?:mysql|mysqldump|mariadb|mysqladmin)\b", m.string[: m.start()]
    ):
        return False
    return _prose_secret(m)


def _span_trimmed(m: re.Match[str]) -> tuple[int, int] | None:
    value = m.group("s")
    trimmed = value.rstrip(".,;:!?)\"'`")
    start = m.start("s")
    return (start, start + len(trimmed)) if trimmed else None


def _url_token_user(m: re.Match[str]) -> bool:
    value = m.group("s")
    return not is_placeholder(value) and entropy(value) >= 3.5 and bool(re.search(r"\d", value))


_STREET_EN = (
    r"Street|St|Avenue|Ave|Road|Rd|Boulevard|Blvd|Lane|Ln|Drive|Dr|Way|Court|Ct|Place|Pl"
    r"|Terrace|Ter|Circle|Cir|Parkway|Pkwy|Highway|Hwy|Square|Sq|Close|Crescent|Cres|Row"
    r"|Gardens|Mews|Walk|Trail|Trl|Grove"
)
_STREET_BEFORE = (
    r"rue|avenue|av\.|boulevard|bd|allée|chemin|impasse|quai|place|route|via|viale|piazza|calle"
    r"|avenida|av\.|paseo|rua|travessa|praça"
)
_STREET_SUFFIX = (
    r"straße|strasse|str\.|weg|gasse|platz|allee|ring|damm|laan|straat|gracht|plein|kade|vej"
    r"|gatan|gata|veien"
)
_CITY = r"[A-ZÀ-Ý][\w'’.-]+(?:[ -][A-ZÀ-Ý][\w'’.-]+){0,2}"
_POST = (
    r"(?:\d{4,5}(?:-\d{3,4})?|\d{4} ?[A-Z]{2}|[A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2}"
    r"|[A-Z]\d[A-Z] ?\d[A-Z]\d)"
)
_TAIL = (
    rf"(?:,? (?:Apt\.?|Apartment|Suite|Ste\.?|Unit|Flat|#) ?\w+)?"
    rf"(?:,? ?(?:{_POST} {_CITY}|{_CITY},? (?:[A-Z]{{2}} )?{_POST}|{_CITY}))?"
)
ADDRESS = re.compile(
    rf"\b\d{{1,5}}[A-Za-z]?,? (?:[A-Z][\w'’.-]*\.? ){{1,4}}(?:{_STREET_EN})\b\.?{_TAIL}"
    rf"|\b\d{{1,4}}[a-z]?,? (?i:{_STREET_BEFORE}) (?:(?:de|du|des|la|le|del|da|do|dos|di)"
    rf"['’ ] ?)*[A-ZÀ-Ý][\w'’-]+(?: [A-ZÀ-Ý][\w'’-]+){{0,3}}{_TAIL}"
    rf"|\b(?i:{_STREET_BEFORE}) (?:(?:de|du|des|la|le|del|da|do|dos|di)['’ ] ?)*[A-ZÀ-Ý][\w'’-]+"
    rf"(?: [A-ZÀ-Ý][\w'’-]+){{0,3}},? \d{{1,4}}[a-z]?{_TAIL}"
    rf"|\b[A-ZÄÖÜ][\wäöüß-]*(?i:{_STREET_SUFFIX}) \d{{1,4}}[a-z]?{_TAIL}"
)

CONTEXT_RULES: tuple[Rule, ...] = (
    Rule(
        "aws_secret_key",
        re.compile(r"(?<![A-Za-z0-9/+=])(?P<s>[A-Za-z0-9/+]{40})(?![A-Za-z0-9/+=])"),
        0.9,
        _high_entropy_near_words,
    ),
    Rule(
        "secret_prose",
        re.compile(
            r"(?i)\b(?:password|passwd|pwd|pw|passphrase|passcode|pass|pin|secret|token"
            r"|api[ _-]?key|access[ _-]?key|client[ _-]?secret|auth[ _-]?token)"
            r"(?:\s*[:=]|\s+(?:is|was|are|now|still|will be|has been|should be|set to|changed to"
            r"|to|for \S+ is|of \S+ is))+\s*[\"'`“]?(?P<s>[^\s\"'`”]{4,200})"
        ),
        0.55,  # below `secret_assignment`, which names the kind when both see a `key: value`
        _prose_secret,
        _span_trimmed,
    ),
    Rule(
        "secret_prose",
        re.compile(
            r"(?i)(?:--(?:password|passwd|pass|token|secret|api-key|apikey|auth-token|access-token"
            r"|client-secret|db-password|admin-password)|-p)(?:=|[ \t]+)?[\"']?"
            r"(?P<s>[^\s\"']{4,200})"
        ),
        0.55,
        _cli_secret,
        _span_trimmed,
    ),
    Rule(
        "url_credentials",
        re.compile(
            r"\b[a-zA-Z][a-zA-Z0-9+.-]{1,20}://:?(?P<s>[A-Za-z0-9_~.-]{16,200})@[\w.-]+\.[A-Za-z]"
        ),
        0.85,
        _url_token_user,
    ),
    Rule(
        "url_credentials",
        re.compile(r"\b[a-zA-Z][a-zA-Z0-9+.-]{1,20}://:(?P<s>[^\s/?#@<>|\"']{1,200})@"),
        0.85,
        lambda m: not is_placeholder(m.group("s")),
    ),
    Rule("street_address", ADDRESS, 0.75),
)
