"""A secret given with its user (`curl -u`) or as the value field beside a name field."""

from __future__ import annotations

import re

from writers.redact.formats.assignments import FILE_REF, QUALIFIER_LEAVES, SENTENCE
from writers.redact.formats.rule import rx
from writers.redact.names.secret_names import name_strength, names_code
from writers.redact.values.placeholders import enveloped, is_placeholder
from writers.redact.values.plausible import plausible_secret


def curl_user(m: re.Match[str]) -> tuple[int, int] | None:
    raw, base = m.group("w"), m.start("w")
    colon = raw.find(":")
    if colon < 0:
        return None
    trim = "\"'{}"
    user, pw = raw[:colon], raw[colon + 1 :]
    if pw.strip(trim):
        start = colon + 1 + (len(pw) - len(pw.lstrip(trim)))
        value = pw.strip(trim)
        ok = plausible_secret(value, quoted=True)
    else:
        # `-u "secret:"`: curl takes the lone field as the credential.
        start = len(user) - len(user.lstrip(trim))
        value = user.strip(trim)
        ok = plausible_secret(value, quoted=False)
    if not ok or is_placeholder(raw):
        return None
    return base + start, base + start + len(value)


# A bare value ends at whitespace, and at an escaped line break too (`A=x\nB=y` in JSON-escaped
# text is two lines), so its span stops where the redactor's unescaped view says the line ends.
QUOTED_OR_BARE = (
    r"(?:(?P<q>[\"'`])(?P<s>[^\"'`\n]{1,500})(?P=q)"
    r"|(?P<s2>(?:[^\s\"'`<>|,;)\]}\\]|\\(?![nr])){1,500}))"
)

# A value named by the field beside it: `{"name": "DB_PASSWORD", "value": "…"}` (a Kubernetes
# `env` entry, in JSON or YAML), `<add key="AdminPassword" value="…"/>` (.NET appSettings),
# `ParameterKey`/`ParameterValue` (CloudFormation), `<param name="db.password">…</param>`. The
# field holding the name is not a secret's name itself; the name it holds is.
_NAME_FIELD = r"(?:name|key|parameter_?key|param(?:eter)?_?name|var(?:iable)?(?:_?name)?)"
_VALUE_FIELD = r"(?:value|parameter_?value|param(?:eter)?_?value|val)"
SIBLING_VALUE = rx(
    rf"(?i)(?<![\w-])[\"']?{_NAME_FIELD}[\"']?[ \t]*[:=][ \t]*(?P<nq>[\"'])?"
    r"(?P<name>[A-Za-z_][\w.-]{1,80})(?(nq)[\"'])[ \t]*[,;]?\s*?(?:\n[ \t]*-?[ \t]*)?"
    rf"[\"']?{_VALUE_FIELD}[\"']?[ \t]*[:=][ \t]*"
    r"(?:(?P<q>[\"'])(?P<s>[^\"'\n]{4,500})(?P=q)|(?P<s2>[^\s\"'<>,;}\]]{4,500}))"
)
NAMED_ELEMENT = rx(
    r"<(?P<tag>[A-Za-z][\w.:-]*)[^<>]*?\b(?i:name|key)=[\"'](?P<name>[A-Za-z_][\w.-]{1,80})[\"']"
    r"[^<>]*>[ \t]*(?P<s>[^<\s]{4,500})[ \t]*</(?P=tag)>"
)


def sibling_check(m: re.Match[str]) -> bool:
    name = m.group("name")
    leaf = name.rstrip(".").rsplit(".", 1)[-1] if "." in name.strip(".") else name
    if leaf.lower() in QUALIFIER_LEAVES or re.search(r"\d", leaf):
        leaf = name
    if name_strength(leaf) != 2:
        return False
    groups = m.groupdict()
    value = groups.get("s") or groups.get("s2") or ""
    quoted = groups.get("q") is not None
    if enveloped(value) or FILE_REF.fullmatch(value) or SENTENCE.fullmatch(value):
        return False
    if not quoted and (value[:1] in "[(<{$%" or names_code(value)):
        return False  # `value: {{ .Values.db.password }}`, `$(DB_PASSWORD)`: a slot or code
    return plausible_secret(value, quoted=quoted)


def sibling_span(m: re.Match[str]) -> tuple[int, int] | None:
    group = "s" if m.group("s") is not None else "s2"
    return m.start(group), m.end(group)
