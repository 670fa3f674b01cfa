"""The known-format rules (`RULES`), how they are run (`find`), and their presidio recognizer."""

from __future__ import annotations

import base64
import json
import re
from collections.abc import Callable, Iterable, Sequence
from itertools import repeat
from typing import Any

from presidio_analyzer import LocalRecognizer, RecognizerResult

from writers.redact.formats.assignments import (
    _NAME_CHARS,
    ASCII_NAME_OP,
    ASSIGN_NAME,
    ASSIGN_OP,
    assign_check,
)
from writers.redact.formats.auth_email import (
    auth_check,
    bearer_check,
    email_check,
    url_cred_check,
)
from writers.redact.formats.gates import OPEN, Gate, Prescan, gate_of, prescan_of
from writers.redact.formats.numbers import (
    card_check,
    clabe_check,
    cpf_check,
    iban_check,
    phone_check,
    wrapped_card_check,
)
from writers.redact.formats.paired_fields import (
    NAMED_ELEMENT,
    QUOTED_OR_BARE,
    SIBLING_VALUE,
    curl_user,
    sibling_check,
    sibling_span,
)
from writers.redact.formats.rule import Rule, body, real, rx, search_from
from writers.redact.names.secret_names import name_strength
from writers.redact.values.placeholders import is_placeholder
from writers.redact.values.plausible import SPACED_WORD, plausible_secret

_B = r"(?<![A-Za-z0-9_/+-])"  # left edge of a token
_E = r"(?![A-Za-z0-9_-])"  # right edge of a token

# A character of a token's segment, or a line break inside it (after a `\` too: a shell's
# continuation) where a terminal or a mail wrapped the token: the next line goes on with the
# token, a run no word is (a digit, `_` or `-`, a capital inside it), not with a sentence.
_WRAPPED = r"(?:[A-Za-z0-9_-]|\\?\n(?=[A-Za-z0-9_.-]*?(?:[0-9_-]|[a-z][A-Z]|[A-Z]{2})))"


def jose_header(m: re.Match[str]) -> bool:
    """The token's first segment decodes to a JSON object naming its algorithm (`alg`), and its
    other segments hold something: a JWS's payload, a JWE's ciphertext. Wrapped, every line but
    the last is long (a width, not a sentence) and the last is no word of the next sentence."""
    token = m.group(0)[m.start("h") - m.start() :]
    if "\n" in token:
        lines = token.split("\n")
        if min(len(line) for line in lines[:-1]) < 30 or re.fullmatch(r"[A-Z]?[a-z]+", lines[-1]):
            return False
        token = token.replace("\\\n", "").replace("\n", "")
    segments = token.split(".")
    if len(segments[1]) < 8 or (len(segments) == 5 and len(segments[3]) < 8):
        return False
    head = m.group("h")
    try:
        header = json.loads(base64.urlsafe_b64decode(head + "=" * (-len(head) % 4)))
    except ValueError:
        return False
    return isinstance(header, dict) and "alg" in header


# Before an assignment's name: no character of a name, nor `${` (a template's variable) or `##`
# (a tokenizer's piece mark).
_ASSIGN_BEFORE = r"(?<![\w$@.\u2581-])(?<!\$\{)(?<!##)"
_ASSIGN_START_ASCII = re.compile(_ASSIGN_BEFORE + ASCII_NAME_OP)


def assign_starts(text: str) -> list[int] | None:
    """Where an assignment can start in an ASCII text: each name with its operator after it
    (overlapping), without the value, the spaced words of a name in another script, or the
    lazy name's tries of the operator after each of its characters (issue 27, seventeenth
    round: the rule searched at every place was ~120 k instructions on `You said: turn 0`).
    None for any other text: the rule is searched there as it is."""
    if not text.isascii():
        return None
    # Every operator holds `=` or `:`, and nothing before it in a match does (a name's
    # characters, the quotes, spaces and `string` between it and its operator, `?+.`): a match
    # starting at `pos` has its operator at the first of them after `pos`, `op`, and starts
    # within two runs of name characters before it (the name, and `string` after it), each
    # followed by the characters between. Only that window is searched, op by op, with the
    # rule's own places (issue 27, eighteenth round: the whole text was ~77 k instructions on
    # `You said: turn 0`, the window ~10 k). The sets stripped hold at least those characters:
    # stripping more only widens the window.
    found: list[int] = []
    pos = 0
    while (op := _first_op(text, pos)) >= 0:
        head = text[:op].rstrip(_GAP).rstrip(_NAME_ASCII).rstrip(_GAP).rstrip(_NAME_ASCII)
        start = max(pos, len(head))
        # An operator and the character after it end within 5 of `op` (`:::=` and what follows).
        while (m := _ASSIGN_START_ASCII.search(text, start, op + 6)) is not None:
            if m.start() > op:
                break
            found.append(m.start())
            start = m.start() + 1
        pos = op + 1
    return found


def _first_op(text: str, pos: int) -> int:
    """The first `=` or `:` in `text` from `pos`, or -1."""
    eq, colon = text.find("=", pos), text.find(":", pos)
    return colon if eq < 0 else eq if colon < 0 else min(eq, colon)


# In ASCII: a name's characters, and those between a name and its operator's `=` or `:` (the
# quotes, `]`, whitespace, the operator's `?+.:` before its `=`, and `string`'s space).
_ASCII = "".join(map(chr, range(128)))
_NAME_ASCII = "".join(re.findall(_NAME_CHARS, _ASCII))
_GAP = "".join(re.findall(r"[\s\"'\]?+.:]", _ASCII))


_PEM_ARMOUR = re.compile(r"-----(?:BEGIN|END)[ A-Z0-9]*-----")
_PEM_LINE = re.compile(r"[A-Za-z0-9+/=]{16,}")

RULES: tuple[Rule, ...] = (
    Rule(
        "private_key",
        rx(
            r"-----BEGIN[ A-Z0-9]*PRIVATE KEY(?: BLOCK)?-----"
            r"(?:.*?-----END[ A-Z0-9]*PRIVATE KEY(?: BLOCK)?-----|(?:[A-Za-z0-9+/=:\s-]|\\n)*)",
            re.DOTALL,
        ),
        1.0,
        # `-----BEGIN PRIVATE KEY-----\n...\n-----END…` in docs is a slot, not a key: a key's
        # body is lines of base64, and `(contents of id_ed25519)` or `{{ .Values.tls.key }}` is
        # words.
        lambda m: sum(map(len, _PEM_LINE.findall(_PEM_ARMOUR.sub("", m.group(0))))) >= 60,
    ),
    Rule(
        "slack_webhook",
        rx(r"hooks\.slack\.com/(?:services|workflows|triggers)/(?P<s>[\w/+-]{16,})"),
        1.0,
        real("s"),
    ),
    Rule(
        "gitlab_token",
        rx(_B + r"gl(?:pat|dt|rt|ptt|cbt|imt|soat|ft|agent)-(?P<b>[A-Za-z0-9_-]{20,})" + _E),
        0.95,
        real("b"),
    ),
    Rule(
        "telegram_bot_token",
        rx(r"(?:(?<=/bot)|(?<![\w-]))\d{8,10}:AA[A-Za-z0-9_-]{30,}(?![\w-])"),
        0.95,
    ),
    Rule(
        "slack_token",
        rx(
            _B + r"(?:xox[baprseo]|xapp|xoxe\.xox[bp])-(?:\d{1,2}-)?(?P<b>[A-Za-z0-9-]{6,})" + _E,
            re.IGNORECASE,
        ),
        0.95,
        body,
    ),
    Rule("github_token", rx(_B + r"gh[pousr]_(?P<b>[A-Za-z0-9]{30,255})" + _E), 0.95, body),
    Rule("github_token", rx(_B + r"github_pat_(?P<b>[A-Za-z0-9_]{22,255})" + _E), 0.95, body),
    Rule("anthropic_key", rx(_B + r"sk-ant-(?P<b>[a-z]+\d*-[A-Za-z0-9_-]{16,})" + _E), 0.97, body),
    Rule(
        "openai_key",
        rx(_B + r"sk-(?P<b>(?:proj-|svcacct-|admin-|None-)?[A-Za-z0-9_-]{16,})" + _E),
        0.9,
        body,
    ),
    Rule(
        "aws_access_key_id",
        rx(_B + r"(?:AKIA|ASIA|ABIA|ACCA|A3T[A-Z0-9])(?P<b>[A-Z2-7]{16})" + _E),
        0.95,
        # The base32 body may well have no digit, so only placeholders are ruled out.
        real("b"),
    ),
    Rule(
        "aws_secret_key",
        rx(
            r"(?i:aws)[\w.-]{0,20}?(?i:secret|sak)[\w.-]{0,20}[\"']?[ \t]*(?:=>|:=|=|:)[ \t]*[\"']?"
            r"(?P<s>[A-Za-z0-9/+]{40})(?![A-Za-z0-9/+=])"
        ),
        0.95,
        real("s"),  # AWS's documentation key ends in `EXAMPLEKEY`
    ),
    Rule("google_api_key", rx(_B + r"AIza(?P<b>[0-9A-Za-z_-]{35})" + _E), 0.95, body),
    # SendGrid's API keys: `SG.`, a 22-character key id, a dot, a 43-character secret.
    Rule(
        "sendgrid_key",
        rx(_B + r"SG\.(?P<b>[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43})" + _E),
        0.95,
        body,
    ),
    Rule(
        "stripe_key",
        # `pk_live_…` is the publishable key, made to be shipped in web pages; `sk_`/`rk_` open
        # the account and `whsec_` signs its webhooks.
        rx(_B + r"(?:sk|rk|whsec)_(?:live|test)_(?P<b>[A-Za-z0-9]{10,255})" + _E),
        0.95,
        body,
    ),
    Rule(
        "stripe_key",
        # A webhook's signing secret as Stripe and Svix issue it, `whsec_` and a random body
        # (base64 for Svix) with no mode after the prefix: no public value starts so.
        rx(_B + r"whsec_(?![a-z]+_)(?P<b>[A-Za-z0-9+/]{24,255}={0,2})" + _E),
        0.95,
        body,
    ),
    Rule(
        "jwt",
        rx(_B + r"eyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}(?:\.[A-Za-z0-9_-]*)?" + _E),
        0.95,
    ),
    # A JOSE token by its header: three segments (a JWS: a signed JWT, unsigned when the last is
    # empty) or five (a JWE, an encrypted one, the key segment empty under `dir`: NextAuth's
    # session cookie), the first a JSON header naming its `alg`, whatever the payload or the
    # header's spacing (`{ "alg"` is `eyAi…`, `{\n` is `ewo…`). After a percent-escape too
    # (`Bearer%20eyJ…` in a URL), and wrapped at a terminal's width (`jose_header`).
    Rule(
        "jwt",
        rx(
            r"(?:" + _B + r"|(?<=%[0-9A-Fa-f]{2}))(?P<h>e[wy][A-Za-z0-9_-]{10,})"
            # A wrap may fall inside the payload or right after a dot; a line that ends after
            # the last segment began ends the token (the next line is the next header, `x-…:`).
            rf"\.{_WRAPPED}*\.(?:\\?\n(?=[A-Za-z0-9_-]))?[A-Za-z0-9_-]*"
            r"(?:(?:\.[A-Za-z0-9_-]*){2})?" + _E
        ),
        0.95,
        jose_header,
        needs=re.compile(r"e[wy][A-Za-z0-9_-]{10}"),
    ),
    Rule(
        "url_credentials",
        rx(
            # The user may be empty: Redis and other services that check a password alone are
            # given one as `redis://:PASSWORD@host`.
            r"\b[a-zA-Z][a-zA-Z0-9+.-]{1,20}://(?P<u>[^\s:/?#@<>|\"']{0,100}):"
            # Greedy up to the last `@` of the authority: passwords may contain `@`.
            r"(?P<s>[^\s/?<>|\"']{1,200})@"
        ),
        0.9,
        url_cred_check,
        # The userinfo is redacted whole: the user and the password are one credential pair, and
        # the user of a service account (`svc_refunds`, `wms_export`) is half of what opens it.
        lambda m: (m.start("u"), m.end("s")),
    ),
    Rule(
        "auth_header",
        rx(
            r"(?i:\b(?:proxy-)?authorization)[\"']?[ \t]*[:=][ \t]*[\"']?[ \t]*"
            r"(?:(?i:bearer|basic|token|api-token|apikey|key|sso-key|otp|digest|negotiate|jwt)"
            r"[ \t]+)?"
            r"(?P<s>[^\s\"'<>,;]{1,2000})"
        ),
        0.85,
        auth_check,
    ),
    Rule(
        "auth_header",
        rx(r"\b(?i:bearer)[ \t]+(?P<s>[A-Za-z0-9._~+/=-]{12,2000})"),
        0.8,
        bearer_check,
    ),
    Rule(
        "secret_assignment",
        # A word glued to a tokenizer's piece mark is a vocabulary entry, its value the piece's
        # id: SentencePiece writes a word's start as `▁` (`"▁Password": 115708`), WordPiece a
        # word's continuation as `##` (byte-level BPE's `Ġ` is a letter, so `\w` covers it).
        rx(_ASSIGN_BEFORE + ASSIGN_NAME + ASSIGN_OP + QUOTED_OR_BARE),
        0.6,
        assign_check,
        starts=assign_starts,
    ),
    Rule(
        "secret_assignment",
        rx(r"<(?P<name>[A-Za-z_][\w.-]*)>\s*(?P<s>[^<\s]{6,500})\s*</(?P=name)>"),
        0.6,
        # Text between tags is delimited as a quoted value is (`<password>…</password>`).
        lambda m: (
            name_strength(m.group("name")) == 2 and plausible_secret(m.group("s"), quoted=True)
        ),
    ),
    Rule("secret_assignment", SIBLING_VALUE, 0.6, sibling_check, sibling_span),
    Rule("secret_assignment", NAMED_ELEMENT, 0.6, sibling_check),
    Rule(
        "curl_credentials",
        rx(
            r"\bcurl\b(?:[^\n]|\\\n)*?\s(?:-u|--user)(?:[ \t]+|=)"
            r"(?P<w>(?:\"[^\"\n]*\"|'[^'\n]*'|[^\s\"'])+)"
        ),
        0.9,
        locate=curl_user,
    ),
    Rule(
        "email",
        rx(
            # An apostrophe may stand inside a local part (`o'neil@…`), between two letters.
            r"(?<![\w.%+@-])[A-Za-z0-9](?:[A-Za-z0-9._%+-]|'(?=[A-Za-z])){0,63}@"
            r"[A-Za-z0-9](?:[A-Za-z0-9-]{0,62}\.)+"
            r"[A-Za-z]{2,24}(?![\w-])"
        ),
        0.8,
        email_check,
    ),
    Rule(
        "phone",
        rx(
            rf"(?<![.+/-])(?<!{SPACED_WORD})(?:\+\d{{1,3}}[ .-]?|1[ .-])?"
            r"(?:\(\d{1,4}\)[ .-]?|\d{1,4}[ .-])\d{3,4}[ .-]\d{3,5}"
            rf"(?!{SPACED_WORD}|-|\.\d)|(?<![.+/-])(?<!{SPACED_WORD})\+\d{{8,15}}"
            rf"(?!{SPACED_WORD}|-|\.\d)"
        ),
        0.7,
        phone_check,
    ),
    # Card networks (Visa, Mastercard, Amex, Discover…) start with 2-6, unlike 1700000000000100.
    Rule(
        "credit_card",
        # Digits glued to a path (`doi:10.1145/3983076.3079170`) are a part of that path; after
        # "no." the dot ends the abbreviation (`card no.4539…`). Groups may be parted by a
        # hyphen or a dash between spaces, as people type them (`4539 - 1488 - …`), throughout
        # and in a card's groups only: a card then ` - 12/27 - 123` is a card, its expiry and
        # its code, not one longer number.
        rx(
            rf"(?:(?<![./-])|(?<=[Nn][Oo]\.)|(?<=[Nn][Rr]\.))(?<!{SPACED_WORD})"
            rf"(?:[2-6](?:(?:[ .-]| {{2}})?\d){{12,18}}"
            rf"|[2-6]\d{{3}}(?:(?: [-\u2013\u2014] \d{{4}}){{3}}|(?: [-\u2013\u2014] \d{{6}})"
            rf"(?: [-\u2013\u2014] \d{{4,5}})))"
            rf"(?!{SPACED_WORD}|-|\.\d)"
        ),
        0.85,
        card_check,
    ),
    Rule(
        "iban",
        rx(
            # As printed (`DE89 3704 …`), and as typed: in lowercase, or with the country
            # apart from its check digits (`PL 61 1090 …`); `iban_check` judges those.
            r"(?<![A-Za-z0-9])(?:[A-Z]{2}\d{2}(?: ?[A-Z0-9]{4}){2,7}(?: ?[A-Z0-9]{1,4})?"
            r"|[A-Za-z]{2} ?\d{2}(?: ?[A-Za-z0-9]{4}){2,7}(?: ?[A-Za-z0-9]{1,4})?)"
            r"(?![A-Za-z0-9])"
        ),
        0.85,
        iban_check,
    ),
    # A card's groups of four wrapped over lines, under a label that calls it a card.
    Rule(
        "credit_card",
        rx(
            r"(?i)(?:card|tarjeta|carte|karte|cartão|carta|kort|kaart|karta|kartu)"
            r"[^\n\d]{0,40}\n?(?P<s>[2-6]\d{3}(?: \d{4})*\n\d{4}(?:[ \n]\d{4})*)(?![\w-]|\.\d)"
        ),
        0.85,
        wrapped_card_check,
        needs=re.compile(r"\d{4}\n\d{4}"),
    ),
    # A Mexican CLABE (a bank account's 18 digits, its check digit last), named so before it on
    # its line (`CLABE 0121…`, `su CLABE interbancaria 0440 …`, `CLABE para depósitos: …`):
    # a person's account, reported as an IBAN is; `clabe_check` judges the check digit.
    Rule(
        "iban",
        rx(
            r"(?i)(?<![A-Za-z])clabe(?![A-Za-z])[^\n\d]{0,40}?"
            r"(?<![\w.-])(?P<s>\d(?:[ .-]?\d){17})(?![\w-]|\.\d)"
        ),
        0.85,
        clabe_check,
        needs=re.compile(r"(?i)clabe"),
    ),
    # A Brazilian CPF (a person's tax number) in its printed layout; its check digits decide.
    Rule(
        "national_id",
        rx(r"(?<![\w.-])\d{3}\.\d{3}\.\d{3}-\d{2}(?![\w-]|\.\d)"),
        0.85,
        cpf_check,
    ),
)


def _secret_span(m: re.Match[str]) -> tuple[int, int]:
    for group in ("s", "s2"):
        if group in m.re.groupindex and m.group(group) is not None:
            return m.span(group)
    return m.span()


class _AssignMatch:
    """Presents the bare-value branch of an assignment as group `s` to `assign_check`."""

    def __init__(self, m: re.Match[str]) -> None:
        self._m = m

    def group(self, name: str) -> Any:
        if name == "call":
            # A call or a subscript (`config['oauth']['client_secret']`): code, not a value.
            if self._m.group("s2") is None:
                return False
            value = self._m.string[self._m.start("s2") : self._m.start("s2") + 200]
            # Ruby's and Elixir's `!`/`?` end a method's name (`System.fetch_env!("KEY")`).
            return re.match(r"[A-Za-z_][\w.]*[!?]?(?:\(|\[[\"'\w])", value) is not None
        if name == "s" and self._m.group("s") is None:
            return _strip_trailing(self._m.group("s2"), config_line=self._config_line())
        return self._m.group(name)

    def _config_line(self) -> bool:
        """The name opens its line and the value ends it: a config's line, not a sentence."""
        if "name" not in self._m.re.groupindex:
            return False
        text, start, end = self._m.string, self._m.start("name"), self._m.end("s2")
        opens = not text[text.rfind("\n", 0, start) + 1 : start].strip()
        return opens and text[end : end + 1] in ("", "\n", "\r")

    def __getattr__(self, attr: str) -> Any:
        return getattr(self._m, attr)  # `string`, `start`, `end`: those of the match


def _strip_trailing(value: str, *, config_line: bool = False) -> str:
    # A sentence ending right after a bare value ("…token is abc123.") is not part of it, nor is
    # the backslash of an escaped closing quote (`token=abc123\"`): redacting it breaks the JSON.
    # On a config's own line (`password = Sommar!!`) no sentence ends: `!` and `?` are the value's.
    if value.endswith(("...", "…")):
        return value  # `sk_live_...`: an ellipsis marks a slot, `is_placeholder` sees it
    stripped = value.rstrip(".:!?").removesuffix("\\")
    if config_line and not is_placeholder(stripped):
        return value.rstrip(".:").removesuffix("\\")  # `password=Passw0rd!` stays a stand-in
    return stripped


# Kinds about a person, which no word about keys makes public.
# Kinds about a person, which no word about keys makes public, and a private key's armour,
# which says what it is whatever the words around it call it.
_PERSONAL_KINDS = frozenset({"email", "phone", "credit_card", "iban", "private_key"})
# The text calls the key right after it public: the half of a pair made to be published, or a
# key made to be shipped in web pages (`reCAPTCHA site key`, `publishable key`, `search-only
# API key`, `public token`). "in the public bundle", "a public repo" say where a key was
# leaked, not what it is, and do not count.
# "not the public key" says the opposite, and a word naming another key or secret after the
# phrase starts a new subject ("the public key is fine but the token: …").
_PUBLIC_WORD = (
    r"(?:public|publique|[öo]ffentlich(?:e[rns]?)?|p[úu]blic[oa]|pubblic[oa]|publiek|publiczny"
    r"|публичн\w*|公開|公开|공개)"
)
_KEY_WORD = (
    r"(?:key|token|[\w-]*schl[üu]ssel|cl[ée]|clave|chave|chiave|sleutel|klucz|ключ|キー|密钥|키)s?"
)
# Words for what kind of key stands between "public" and "key": "public docs test key",
# "public API key", "public anon key". A place ("a public repo key") is not among them.
_KEY_KIND = (
    r"(?:api|docs?|documentation|test|example|sample|demo|site|search|web|client|anon|browser"
    r"|frontend|sdk|signing|verification|encryption|ssh|gpg|pgp|host|deploy|vapid|recaptcha)"
)
_PUBLIC_PHRASE = (
    r"(?i)(?<![\w-])(?<!not )(?<!not the )(?<!not a )(?<!nicht )(?<!no )"
    rf"(?:publishable(?:[ -]{_KEY_WORD})?|{_PUBLIC_WORD}(?:[ -]{_KEY_KIND}){{0,3}}[ -]{_KEY_WORD}"
    rf"|site[ -]key|search[ -]only(?:[ -][a-z]+)?[ -]key"
    rf"|{_KEY_WORD}[ \t]*\([^()\n]{{0,20}}?(?<![\w-])(?<!not )(?<!not the )(?<!not a )(?<!nicht )"
    rf"{_PUBLIC_WORD}(?!\w))"
)
_NAMED_PUBLIC = re.compile(
    _PUBLIC_PHRASE + r"(?:(?!key|token|secret|passw|but\b)(?:[^\n.;!?]|[.!?](?=\S))){0,40}$"
)
# The line introducing a block names nothing else secret after the phrase ("our public API key
# and the secret:" introduces both).
_INTRO_PUBLIC = re.compile(_PUBLIC_PHRASE + r"(?:(?!key|token|secret|passw|but\b)[^\n]){0,160}$")


def named_public(text: str, start: int) -> bool:
    """True when the words just before `start`, on its line, call the value a public key; or,
    for a value inside a fenced code block, the line that introduces the block (ending in a
    colon) does: "Stripe's public docs test key, in every example:" then the block."""
    line_start = text.rfind("\n", 0, start) + 1
    if _NAMED_PUBLIC.search(text[max(line_start, start - 90) : start]):
        return True
    if text.count("```", 0, start) % 2 == 0:
        return False  # not inside a fenced block
    fence = text.rfind("```", 0, start)
    intro = text[:fence].rstrip().rsplit("\n", 1)[-1]
    return intro.endswith(":") and _INTRO_PUBLIC.search(intro) is not None


# Each rule's gate, derived once from its pattern (a searcher that is no compiled pattern has
# none: it is searched on every text), by the rule's identity (the rule kept beside it).
_GATES: dict[int, tuple[Rule, Gate]] = {}


def gate(rule: Rule) -> Gate:
    """`rule`'s gate (`formats/gates.py`), derived from its pattern on first use."""
    cached = _GATES.get(id(rule))
    if cached is not None and cached[0] is rule:
        return cached[1]
    derived = gate_of(rule.pattern) if isinstance(rule.pattern, re.Pattern) else OPEN
    _GATES[id(rule)] = (rule, derived)
    return derived


# The gates of a tuple of rules (a recognizer's), by the tuple's identity (the tuple kept beside).
_SET_GATES: dict[int, tuple[Sequence[Rule], tuple[Gate, ...]]] = {}


def _gates(rules: Sequence[Rule]) -> tuple[Gate, ...]:
    cached = _SET_GATES.get(id(rules))
    if cached is not None and cached[0] is rules:
        return cached[1]
    gates = tuple(map(gate, rules))
    if isinstance(rules, tuple):
        _SET_GATES[id(rules)] = (rules, gates)
    return gates


def needs_gate(rule: Rule) -> Gate:
    """The gate of `rule`'s `needs` (OPEN when it has none): a text it closes on holds no match of
    `needs`, so the rule is not searched there either."""
    cached = _NEEDS_GATES.get(id(rule))
    if cached is not None and cached[0] is rule:
        return cached[1]
    derived = gate_of(rule.needs) if rule.needs is not None else OPEN
    _NEEDS_GATES[id(rule)] = (rule, derived)
    return derived


_NEEDS_GATES: dict[int, tuple[Rule, Gate]] = {}
# The prescan of a tuple of rules (a recognizer's), by the tuple's identity (the tuple kept beside).
_PRESCANS: dict[int, tuple[Sequence[Rule], Prescan]] = {}


def prescan(rules: Sequence[Rule]) -> Prescan | None:
    """The prescan (`formats/gates.py`) of a tuple of rules: their gates and their `needs`' gates
    asked of an ASCII text at once. None for a list (built per call, it would cost more than it
    saves): `find` then asks each rule's gate."""
    if not isinstance(rules, tuple):
        return None
    cached = _PRESCANS.get(id(rules))
    if cached is not None and cached[0] is rules:
        return cached[1]
    built = prescan_of([(gate(rule), needs_gate(rule)) for rule in rules])
    _PRESCANS[id(rules)] = (rules, built)
    return built


def find(
    text: str, rules: Sequence[Rule] = RULES, *, gated: bool = True
) -> Iterable[tuple[str, int, int, float]]:
    """Yield `(kind, start, end, score)` for every rule hit in `text` that passes its check.
    A rule whose gate the text does not open is not searched (`gated=False`: every rule is,
    for the tests and the bench that prove the gates change nothing). An ASCII text is asked
    every rule's gate, and its `needs`' gate, at once (`prescan`), before any `needs` or
    `starts` of the rules is looked for."""
    scanned: dict[Callable[[str], Sequence[int] | None], Sequence[int] | None] = {}
    lowered = text.lower() if text.isascii() else None
    seen: dict[re.Pattern[str], bool] = {}
    scan = prescan(rules) if gated and lowered is not None else None
    todo: Iterable[tuple[Rule, Gate]]
    if scan is not None and lowered is not None:
        # The gates are answered: a rule the text lacks none of the bits of is searched, and
        # left with no gate to ask (the choice is kept by the bits: chat repeats them).
        todo = zip(map(rules.__getitem__, scan.select(scan.holds(text, lowered))), repeat(OPEN))
    else:
        todo = zip(rules, _gates(rules) if gated else [OPEN] * len(rules), strict=True)
    for rule, rule_gate in todo:
        if rule.needs is not None and rule.needs.search(text) is None:
            continue  # no match can exist (a street address has a house number)
        starts = None
        anchored = rule.pattern if isinstance(rule.pattern, re.Pattern) else None
        if rule.starts is not None and anchored is not None:
            if rule.starts not in scanned:
                scanned[rule.starts] = rule.starts(text)
            starts = scanned[rule.starts]
            if starts is not None and not starts:
                continue  # no place a match can start (None: any place, the text unread)
        if (rule_gate.factors or rule_gate.digits) and not rule_gate.opens(text, lowered, seen):
            continue  # the text lacks a piece, or digits, every match holds (`formats/gates.py`)
        pos = 0
        while (
            m := rule.pattern.search(text, pos)
            if starts is None or anchored is None
            else search_from(anchored, text, starts, pos)
        ) is not None:
            # A rejected match may hide a real one inside it (`config: `token: abc``), so
            # resume just after its start rather than after its end.
            pos = m.start() + 1
            probe: Any = _AssignMatch(m) if "s2" in rule.pattern.groupindex else m
            if rule.check is not None and not rule.check(probe):
                continue
            pos = max(pos, m.end())
            if rule.locate is not None:
                located = rule.locate(m)
                if located is None:
                    continue
                start, end = located
            else:
                start, end = _secret_span(m)
                if m.re.groupindex.get("s2") and m.group("s") is None:
                    end = start + len(_strip_trailing(m.group("s2")))
            if rule.kind not in _PERSONAL_KINDS and named_public(text, start):
                continue  # `reCAPTCHA site key: 6Lc…`: the text calls the key public
            if end > start:
                yield rule.kind, start, end, rule.score


class RuleRecognizer(LocalRecognizer):
    """A presidio recognizer that runs `RULES` (regex + filters) over the text."""

    def __init__(self, rules: Sequence[Rule] = RULES, *, gated: bool = True) -> None:
        self._rules = tuple(rules)
        self._gated = gated
        kinds = sorted({r.kind for r in self._rules})
        self._kinds = set(kinds)
        # The entities asked for last (a copy) and the rules they ask for: the redactor asks the
        # same list every call, and a set of it was ~12 k instructions a text (issue 27,
        # eighteenth round); a list compared to its copy is a few hundred.
        self._asked: tuple[list[str] | None, Sequence[Rule]] = (None, self._rules)
        super().__init__(supported_entities=kinds, name="SeshatRules", supported_language="en")

    def load(self) -> None:
        """Nothing to load: the rules are compiled at import."""

    def analyze(
        self, text: str, entities: list[str], nlp_artifacts: Any = None
    ) -> list[RecognizerResult]:
        """Return one presidio result per rule hit whose kind was asked for."""
        del nlp_artifacts  # the rules need no NLP: the engine is presidio's NoOpNlpEngine
        asked, rules = self._asked
        if not entities or asked != entities:
            wanted = set(entities) if entities else None
            rules = self._rules
            if wanted is not None and not self._kinds <= wanted:
                rules = [r for r in self._rules if r.kind in wanted]
            self._asked = (list(entities) if entities else None, rules)
        hits = list(find(text, rules, gated=self._gated))
        if not hits:
            return []
        meta = {
            RecognizerResult.RECOGNIZER_NAME_KEY: "SeshatRules",
            RecognizerResult.RECOGNIZER_IDENTIFIER_KEY: self.id,
        }
        return [
            RecognizerResult(kind, start, end, score, recognition_metadata=dict(meta))
            for kind, start, end, score in hits
        ]
