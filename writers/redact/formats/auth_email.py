"""Credentials in HTTP headers and URLs, and e-mail addresses."""

from __future__ import annotations

import base64
import re

from writers.redact.formats.assignments import BRACKETS
from writers.redact.names.code_refs import is_code_ref
from writers.redact.values.placeholders import is_placeholder
from writers.redact.values.plausible import looks_random


def into_a_slot(m: re.Match[str]) -> bool:
    """True when the value of group `s` is cut at a `<` that goes on into a slot, and the whole
    run is a template (`eyJhbGciOiJSUzI1NiJ9.<payload>.<signature>`): judged whole, as
    `assign_check` judges a bare value cut so. A token's alphabet has no `<`."""
    if m.string[m.end("s") : m.end("s") + 1] != "<":
        return False
    run = re.match(r"[^\s\"'`]+", m.string[m.start("s") :])
    return run is not None and is_placeholder(run.group(0))


def auth_check(m: re.Match[str]) -> bool:
    value = m.group("s")
    if into_a_slot(m):
        return False  # `Bearer eyJhbGciOiJSUzI1NiJ9.<payload>.<signature>`: a header's recipe
    if re.match(r"[ \t]+[A-Za-z][\w-]*=", m.string[m.end() :]):
        # `AWS4-HMAC-SHA256 Credential=…, Signature=…`: the word is the scheme's name and the
        # credentials are its parameters, each judged by its own name.
        return False
    # Header credentials (token68, base64, hex) hold no brackets: `{base64(user:pw)}` is a recipe.
    if BRACKETS.search(value):
        return False
    pair = basic_pair(value)
    if pair is not None:
        # `Basic dXNlcjpwYXNz` is `user:pass`: judged by what it decodes to. With no password
        # the lone user field is the credential (`browser:`), as with `curl -u "secret:"`.
        user, password = pair
        if is_placeholder(password or user) or user.lower() == password.lower():
            return False
    return len(value) >= 8 and not is_placeholder(value) and not is_code_ref(value)


def basic_pair(value: str) -> tuple[str, str] | None:
    """The `(user, password)` a Basic credential decodes to, or None if it is not one."""
    try:
        raw = base64.b64decode(value + "=" * (-len(value) % 4), validate=True).decode()
    except (ValueError, UnicodeDecodeError):
        return None
    user, colon, password = raw.partition(":")
    return (user, password) if colon and raw.isprintable() else None


def bearer_check(m: re.Match[str]) -> bool:
    if m.string.startswith(("…", "..."), m.end("s")):
        # `Bearer eyJhbGciOi…(truncated)`: the text shows the token cut off, as a log prints its
        # first bytes to tell tokens apart; the rest, which opens the account, was never there
        # (a value written with an ellipsis is a slot or a prefix, as `is_placeholder` reads it).
        return False
    if into_a_slot(m):
        return False
    return looks_random(m.group("s"), min_len=12, min_entropy=2.5)


def url_cred_check(m: re.Match[str]) -> bool:
    password = m.group("s").lower()
    # Judged as written: case tells `Changeme.2025` (a policy's password) from `changeme`.
    if is_placeholder(m.group("s")) or password == m.group("u").lower():
        return False  # `amqp://guest:guest@…`: a user and the same password, a default
    # A password that spells the URL's scheme (`postgres://app:postgres@db`, `redis://:redis@`)
    # is the service's own name, the default its image ships with: a secret is not spelled out
    # of the name of what it opens, as `assign_check` reads a value that spells its own name.
    scheme = m.string[m.start() : m.start("u")].split("://", 1)[0].lower()
    return not (len(password) >= 4 and scheme.startswith(password))


# Top-level domains that never resolve (RFC 2606, RFC 6761): no mailbox is ever there. The
# example domains (`example.com`) do resolve, and only count when the text calls the address a
# placeholder: tests and docs use them for addresses that stand for a real one.
_NEVER_RESOLVES = re.compile(r"(?i)\.(?:example|invalid|test|localhost)$")
_EXAMPLE_DOMAIN = re.compile(r"(?i)(?:^|\.)example\.(?:com|net|org)$")
_PLACEHOLDER_WORD = re.compile(
    r"(?i)placeholder|platzhalter|espace réservé|marcador de posición|segnaposto|プレースホルダー"
    r"|占位符|플레이스홀더|dummy|sample address|example address"
)


# File types that are no top-level domain (`.zip`, `.mov`, `.map` are, so they are left out): an
# address can only end in a top-level domain, and a name ending in one of these is a file's.
_FILE_TYPE_END = re.compile(
    r"(?i)\.(?:png|jpe?g|gif|webp|avif|svg|ico|bmp|tiff?|heic|js|mjs|cjs|ts|css|json|html?"
    r"|txt|pdf|csv|xml|ya?ml|mp4|webm|mp3|wav|woff2?|ttf|otf|eot|wasm|gz|tgz)$"
)


# A licence server's address is `port@host` (FlexLM, RLM, Sentinel: `27000@lic01`), in a line
# that says so or in a list of such addresses: a port, not a mailbox's name.
_LICENCE_WORD = re.compile(r"(?i)licen[cs]|lizenz|licencia|licença|flexlm|lmgrd|lmutil|\brlm\b|LM_")


def _port_at_host(m: re.Match[str]) -> bool:
    local = m.group(0).split("@")[0]
    if not (local.isdigit() and len(local) <= 5 and int(local) <= 65535):
        return False
    line_start = m.string.rfind("\n", 0, m.start()) + 1
    line_end = m.string.find("\n", m.end())
    line = m.string[line_start : len(m.string) if line_end < 0 else line_end]
    listed = re.search(r"[:;,]\d{1,5}@|(?<![\w.])\d{1,5}@[\w.-]+[:;,]\d", line)
    return bool(_LICENCE_WORD.search(line) or listed)


def email_check(m: re.Match[str]) -> bool:
    # `git@github.com:org/repo` is an ssh address, not a person.
    if m.group(0).split("@")[0].lower() in {"git", "hg", "svn"}:
        return False
    domain = m.group(0).rsplit("@", 1)[1]
    if _port_at_host(m):
        return False  # `27000@lic01.corp`: a licence server's port and host
    if _FILE_TYPE_END.search(domain):
        return False  # `logo@2x.3b19c0.png`: a file's name (a scale suffix), no mail domain
    if _NEVER_RESOLVES.search(domain):
        return False  # `noreply@app.invalid`: an address that reaches no one
    if _EXAMPLE_DOMAIN.search(domain):
        line_start = m.string.rfind("\n", 0, m.start()) + 1
        if _PLACEHOLDER_WORD.search(m.string[max(line_start, m.start() - 80) : m.start()]):
            return False  # "the placeholder is `user@example.com`"
    # In `scheme://user:pass@host` the part after `@` is a host (url_credentials takes the rest).
    before = m.string[max(0, m.start() - 300) : m.start()].split()[-1:] or [""]
    scheme = before[0].rfind("://")
    return scheme < 0 or any(c in before[0][scheme + 3 :] for c in "/?=&")
