"""Secrets near their words (the AWS secret-key shape), and the context rules (`SECRET_RULES`)."""

from __future__ import annotations

import re

from writers.redact.context.long_tokens import PREFIXED, long_check, long_span, prefixed_check
from writers.redact.context.machine_made import (
    LONG,
    PUBLIC_BLOCK,
    counted_names,
    decodes_to_structure,
    reads_as_text,
)
from writers.redact.context.pairs import (
    CLI,
    CSV_ROW,
    DEVICE_SECRET,
    HTPASSWD,
    LINE_LABEL,
    NET_USER,
    PAIR,
    PAIR_SAID,
    PAIR_SLASH,
    SQL_IDENTIFIED,
    SQL_ROLE_PASSWORD,
    USERLIST,
    argument_check,
    cli_check,
    csv_check,
    device_check,
    htpasswd_check,
    line_label_check,
    pair_check,
    trimmed_span,
    userlist_check,
)
from writers.redact.context.prose import (
    ANSWERED,
    ANSWERED_WORDS,
    DIRECTIVE_VALUE,
    LOCK_CODE,
    PASSPHRASE,
    PROSE,
    WORD_PHRASE,
    answered_check,
    answered_words_check,
    directive_value_check,
    lock_code_check,
    passphrase_check,
    passphrase_span,
    prose_check,
    word_phrase_check,
    word_phrase_span,
)
from writers.redact.context.public_blobs import sealed_or_public
from writers.redact.formats.rule import Rule, real
from writers.redact.public_forms import (
    ARMOUR_B64,
    armoured_private_key,
)
from writers.redact.said_secret import says_secret
from writers.redact.values.placeholders import entropy, is_placeholder
from writers.redact.values.plausible import noun_line_starts, noun_starts

_NEAR_WORDS = re.compile(r"(?i)aws|secret|key|credential|token|password|sak|access")


def _near_words(m: re.Match[str]) -> bool:
    value = m.group("s")
    if is_placeholder(value) or entropy(value) < 3.8:
        return False
    classes = sum(bool(re.search(p, value)) for p in (r"[a-z]", r"[A-Z]", r"\d"))
    if classes < 3:
        return False
    if counted_names(value):
        return False  # `$s9NeonDrift12TokenManagerC7…`: a compiler's symbol, not a key
    if reads_as_text(value):
        return False  # base64 of a line of text (a status, a header's words), in any script
    if value.startswith("eyJ") and decodes_to_structure(value):
        # An AWS secret key is 40 random characters; `eyJhbGciOi…` is base64 of `{"alg":…`, a
        # JWT's readable header cut at 40 (a whole JWT is the JWT rule's, not this one's).
        return False
    if any(b.start() <= m.start() < b.end() for b in PUBLIC_BLOCK.finditer(m.string)):
        return False  # a line of a certificate or of armoured ciphertext
    if sealed_or_public(m.string, m.start("s")):
        return False  # `ENC[AES256_GCM,data:…`: ciphertext in its envelope
    before = _words_only(m.string[max(0, m.start("s") - 80) : m.start("s")])
    after = _words_only(m.string[m.end("s") : m.end("s") + 80])
    # The words of AWS and of a secret in English, or a secret's word in another language
    # (`said_secret`: "hemmeligheten til S3-eksporten:", "clé secrète").
    return any(_NEAR_WORDS.search(words) or says_secret(words) for words in (before, after))


_RANDOM_RUN = re.compile(r"[A-Za-z0-9+/=]*[0-9+/][A-Za-z0-9+/=]*")


def _words_only(text: str) -> str:
    """`text` without its random runs: "aws" inside `…MvaRaWsya2ii…` is not the word aws."""
    return _RANDOM_RUN.sub(lambda r: r.group(0) if len(r.group(0)) < 20 else " ", text)


# A Sentry DSN (`https://<public key>@o123.ingest.sentry.io/456`) is written into every client
# that reports to the project: the user of its URL is the project's public key, which can only
# send events. Its old form carried a secret after a colon (`<public>:<secret>@`), still caught.
_DSN_HOST = re.compile(r"@o?\d*\.?ingest\.(?:[a-z]{2}\.)?sentry\.io[/:]")


def _url_token_user(m: re.Match[str]) -> bool:
    value = m.group("s")
    if m.string[m.start("s") - 1] != ":" and _DSN_HOST.match(m.string, m.end("s")):
        return False
    return not is_placeholder(value) and entropy(value) >= 3.5 and bool(re.search(r"\d", value))


# A `.pgpass` line: host:port:database:user:password. A colon inside a field is written `\:`,
# so a line of more than five colon-joined fields (a sequencer's read name
# `@NB501234:59:HV1M05LPX:1:1734:23401:25245`) is not one.
_PGPASS = re.compile(
    r"(?m)(?<![\w.:-])[\w.*-]+:(?:\d{1,5}|\*):[^\s:]+:[^\s:]+:(?P<s>(?:[^\s:\\]|\\.)+)$"
)


def _pgpass_check(m: re.Match[str]) -> bool:
    # Bytes in hex joined by colons are a fingerprint, a serial or a hardware address, not a
    # `.pgpass` line (the match may start or end inside the run).
    start, end = m.start(), m.end()
    while start and re.match(r"[0-9A-Fa-f:]", m.string[start - 1]):
        start -= 1
    run = re.match(r"[0-9A-Fa-f:]*", m.string[start:]).group(0)  # type: ignore[union-attr]
    if end <= start + len(run) + 1 and re.fullmatch(r"[0-9A-Fa-f]{2}(?::[0-9A-Fa-f]{2})+", run):
        return False
    return not is_placeholder(m.group("s"))


# A session cookie is a bearer credential: whoever holds its value is logged in. In a cookie's
# own context (a `Cookie:`/`Set-Cookie:` header, `curl -b`/`--cookie`, `document.cookie`), a
# cookie whose name says it holds a session or a login (`sessionid`, `PHPSESSID`, `JSESSIONID`,
# `connect.sid`, `_myapp_session`, `remember_token`, `auth_token`) has its value redacted.
# Consent, analytics and preference cookies (`_ga`, `theme`, `csrftoken`) are not logins.
_COOKIE_CONTEXT = re.compile(
    r"(?im)(?:^|[\s\"'`])(?:set-)?cookie\s*:|(?:^|\s)(?:-b|--cookie)\s+[\"']?|document\.cookie\b"
)
_SESSION_COOKIE = re.compile(
    r"(?i)(?<![\w.-])(?P<name>[\w.-]*(?:sess(?:ion)?(?:[_-]?id)?|sid|auth[_-]?token|remember[_-]?token"
    r"|access[_-]?token|login[_-]?token)[\w.-]*)=(?P<s>[^\s;,\"'`]{16,})"
)


def _session_cookie_check(m: re.Match[str]) -> bool:
    line_start = m.string.rfind("\n", 0, m.start()) + 1
    line_end = m.string.find("\n", m.end())
    line = m.string[line_start : len(m.string) if line_end < 0 else line_end]
    if not _COOKIE_CONTEXT.search(line):
        return False
    value = m.group("s")
    return not is_placeholder(value) and sum(c.isalnum() for c in value) >= 16


SECRET_RULES: tuple[Rule, ...] = (
    Rule(
        "aws_secret_key",
        # A run glued to `_` is a piece of a longer identifier (`_ZN3net12KeyValidator…`, a
        # compiler's symbol name), as a run glued to a letter is.
        re.compile(r"(?<![A-Za-z0-9/+=_])(?P<s>[A-Za-z0-9/+]{40})(?![A-Za-z0-9/+=_])"),
        0.9,
        _near_words,
    ),
    # Below `secret_assignment` (0.6), which names the kind when both see a `key: value`.
    Rule("secret_prose", PROSE, 0.55, prose_check, trimmed_span, starts=noun_starts),
    Rule("secret_prose", LINE_LABEL, 0.55, line_label_check, trimmed_span, starts=noun_line_starts),
    Rule("secret_prose", DIRECTIVE_VALUE, 0.55, directive_value_check, starts=noun_line_starts),
    Rule("secret_prose", PASSPHRASE, 0.55, passphrase_check, passphrase_span, starts=noun_starts),
    Rule(
        "secret_prose",
        ANSWERED,
        0.55,
        answered_check,
        trimmed_span,
        needs=re.compile("[?？]"),
        starts=noun_line_starts,
    ),
    Rule(
        "secret_prose",
        ANSWERED_WORDS,
        0.55,
        answered_words_check,
        needs=re.compile("[?？]"),
        starts=noun_line_starts,
    ),
    Rule("secret_prose", LOCK_CODE, 0.55, lock_code_check, needs=re.compile("(?i)cod|код")),
    Rule(
        "secret_prose",
        WORD_PHRASE,
        0.55,
        word_phrase_check,
        word_phrase_span,
        needs=re.compile(r"[a-z]{3}[ \t][a-z]{3}"),
        starts=noun_starts,
    ),
    Rule("secret_prose", CLI, 0.55, cli_check, trimmed_span),
    Rule("secret_prose", PAIR, 0.55, pair_check, trimmed_span),
    Rule("secret_prose", PAIR_SAID, 0.55, pair_check, trimmed_span),
    Rule("secret_prose", PAIR_SLASH, 0.55, pair_check, trimmed_span),
    Rule("secret_prose", HTPASSWD, 0.55, htpasswd_check, trimmed_span),
    Rule("secret_prose", USERLIST, 0.55, userlist_check, needs=re.compile(r'"[ \t]+"')),
    Rule("secret_prose", SQL_IDENTIFIED, 0.55, argument_check, trimmed_span),
    Rule(
        "secret_prose",
        SQL_ROLE_PASSWORD,
        0.55,
        argument_check,
        trimmed_span,
        needs=re.compile("(?i)password"),
    ),
    Rule("secret_prose", NET_USER, 0.55, argument_check, trimmed_span),
    Rule("secret_prose", _PGPASS, 0.6, _pgpass_check),
    Rule("secret_prose", CSV_ROW, 0.55, csv_check),
    Rule("secret_prose", DEVICE_SECRET, 0.6, device_check, trimmed_span),
    Rule("api_token", PREFIXED, 0.5, prefixed_check),
    Rule("api_token", LONG, 0.45, long_check, long_span),
    Rule("session_cookie", _SESSION_COOKIE, 0.6, _session_cookie_check),
    # Base64 of an armoured private key, whatever its length or label (`public_forms`).
    Rule("private_key", ARMOUR_B64, 0.95, lambda m: armoured_private_key(m.group(0))),
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
        # A password with no user before it is written as one with a user is (`formats.table`):
        # `#` included, as people write it unescaped (`redis://:Pa#ss@host`).
        re.compile(r"\b[a-zA-Z][a-zA-Z0-9+.-]{1,20}://:(?P<s>[^\s/?@<>|\"']{1,200})@"),
        0.85,
        real("s"),
    ),
)
