"""Values that are names in code: identifiers, dotted names, `${…}` slots and marked references."""

from __future__ import annotations

import re

# A shell variable's name opens with a letter or `_` (`$1` alone is a script's argument, `$6$…`
# a crypt(3) hash, one-way): `$6tpd%Pen?…` opens a random value, not a reference; `$!{…}` is
# Velocity's quiet reference; `$::name` is Puppet's top scope.
# A Windows variable's name is a word, a dotted name or a constant (`%APPDATA%`, `%username%`,
# `%SA_PASSWORD%`, TeamCity's `%env.DB_PASSWORD%`), digits only at its end: between two `%` signs
# a run of mixed case with no vowel (`UBq%dnR%v2mf`) or with digits inside (`%b21la%YxUe…`) is
# part of a random value, not a reference; so is one glued to letters or digits on both sides
# (`L3%HH%al…`): a reference stands at the value's edge or beside a path's or a field's mark.
# An opening delimiter of an expression is a slot anywhere in a value: `${…}`, `$(…)`, `$[…]`
# (Azure's runtime expression), `%{…}` (Puppet, Logstash), `#{…}`, `{{…}}`, `<%…`.
CODE_REF = re.compile(
    r"\$!?\{|\$\(|\$\[|%\{|\{\{|%\(|^\$+(?:(?:::)?[A-Za-z_]|\d+(?:\$|$))"
    r"|(?<![A-Za-z0-9])%(?:[A-Z_][A-Z0-9_]+|(?=[\w.]*[AEIOUaeiou])[A-Za-z_](?:[A-Za-z_.]*[A-Za-z_])?\d*)%"
    r"|%(?:[A-Z_][A-Z0-9_]+|(?=[\w.]*[AEIOUaeiou])[A-Za-z_](?:[A-Za-z_.]*[A-Za-z_])?\d*)%(?![A-Za-z0-9])"
    r"|%[A-Za-z_]\w*\(|os\.environ|os\.getenv|getenv\(|process\.env|ENV\[|"
    r"System\.getenv|^<.*>$|^\[.*\]$|^\{.*\}$|\.\.\.|…|#\{|<%|\w::\w"
    # A format string's slots, two or more (`"projects/%s/secrets/%s"`, `"{}:{}"`): a template.
    r"|%[sd](?![A-Za-z0-9]).*%[sd](?![A-Za-z0-9])|\{\}.*\{\}"
    # A `<slot>` named in words inside a value: `xoxb-<workspace>-<bot-id>-<secret>`, a template.
    r"|<[A-Za-z][\w .-]*[A-Za-z0-9]>"
)
# The same mark on both sides of a name is a substitution slot, filled in at build or deploy time
# (`__DB_PASSWORD__`, `@@API_KEY@@`, `%%TOKEN%%`, `##SECRET##`, Maven's and Ant's `@db.password@`,
# `$DB_PASS$`, Octopus's `#{Password}#`); a sigil before a dotted name refers to a member (Razor's
# `@Model.Password`, `$config.dbPassword`, `&settings.token`). The name is a constant, a dotted
# name or words (`is_code_ref`, `identifier_like`): `@Zq8x.Lm2!` is no name.
_MARKED = re.compile(
    r"(?P<m>__|@@|%%|##|[@$%#])(?P<n>[A-Za-z_][\w.{}-]*?)(?P=m)|[@$&](?P<d>[\w.]+)"
)


def marked_reference(value: str) -> bool:
    """True for a name between two of the same mark or a dotted name after a sigil (`_MARKED`)."""
    m = _MARKED.fullmatch(value)
    if m is None:
        return False
    if m.group("d") is not None:
        return "." in m.group("d") and is_code_ref(m.group("d"))
    name = m.group("n").strip("{}")
    return bool(CONSTANT_NAME.fullmatch(name) or is_code_ref(name) or identifier_like(name))


# Words joined by colons, no digit: an Objective-C selector or a path (`account:accessGroup:`).
SELECTOR = re.compile(r"[A-Za-z_][A-Za-z_]*(?::[A-Za-z_][A-Za-z_]*)+:?")
# Member access, optional chaining too (`status?.tokenExpiresAt`, Kotlin's `user?.token`).
DOTTED = re.compile(r"^[A-Za-z_$][\w$]*(?:\??\.[A-Za-z_$][\w$]*)+(?:\(\))?$")
CONSTANT_NAME = re.compile(r"^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+$")


_WORD_PIECES = re.compile(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])|\d+")


# A vendor's prefix, then a body in groups (`xoxp-0000000000-0000000000-…`) or in one run.
VENDOR_PREFIX = re.compile(
    r"[A-Za-z]{2,10}[_-](?:[A-Za-z]{2,8}[_-])?(?P<body>[A-Za-z0-9][A-Za-z0-9_-]{7,})$"
)


# The two-letter words names are made with (`rotateKeyIfStale`, `saltForTenantOrThrow`).
_SHORT_WORDS = frozenset("if or of to by in on at is as up do no an be it my we so go".split())


def identifier_like(value: str) -> bool:
    """True when every piece of `value` is a word or a short number (`SalesResults-1.2`,
    `rotateKeyIfStale`)."""
    pieces = _WORD_PIECES.findall(value)
    if not pieces or "".join(pieces) != re.sub(r"[^A-Za-z0-9]", "", value):
        return False
    return all(
        (p.isalpha() and (len(p) >= 3 or p.isupper() or p.lower() in _SHORT_WORDS))
        or (p.isdigit() and len(p) <= 4)
        for p in pieces
    )


def path_of_words(value: str) -> bool:
    """True for `kubernetes.io/service-account-token`, `prod/payments/stripe`: a path or a type
    name whose every piece is a word, with no digit anywhere. A secret is not spelled in words."""
    if "/" not in value or re.search(r"\d", value):
        return False
    pieces = [p for p in re.split(r"[/._-]+", value) if p]
    return bool(pieces) and all(identifier_like(p) or p.islower() for p in pieces)


def is_code_ref(value: str) -> bool:
    """True for `settings.api_key`, `XSalsa20.key_length`: dotted names, not random text."""
    if not DOTTED.match(value):
        return False
    parts = value.removesuffix("()").replace("?.", ".").split(".")
    return all(identifier_like(p) or p.islower() or p.isupper() for p in parts)
