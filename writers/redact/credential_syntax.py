"""Passwords named by their place: the syntax around them, or words with no joiner.

**Passwords named by the syntax around them, where no word for a secret stands**
(`SYNTAX_RULES`); each principle a grammar that says "this is the password of that account":

- **A command's user, then its password.** A command line that logs in as someone says whose
  account and, right after, what opens it: `-u USER -p PASSWORD` (PsExec, `mysql`, `sqlcmd`-style
  tools: a `-p` right after a `-u USER` is that user's password whatever the program), and Windows'
  `net use \\\\host\\share /user:DOMAIN\\USER PASSWORD` (or `PASSWORD /user:…`, the other order
  `net use` reads). As with `net user NAME PASSWORD /add` and `htpasswd -b` (`context.pairs`),
  the syntax is the label. A port (`docker run -u 1000 -p 8080:80`), a flag, `*` (prompt for it)
  or a variable is no password.
- **A login line.** An e-mail address joined to a value by `|`, `:` or a tab, the value ending the
  line or its cell (`ana@example.org | Granite-7!x`, a phishing kit's results, a combo list, a
  credentials dump): the address is the login and the value beside it its password, when the value
  is shaped like one (`context.pairs.password_shaped`: a symbol beyond `-_.`, mixed case with a
  digit, or words and a number). A date, a count, an id or a name beside an address is no password.
- **An option named for a password.** A command's option whose name ends in a password's word
  takes the password as its argument, whatever the program: `-storepass`, `-srcstorepass`,
  `-keystorePass "…"`, `--db-password=…`, `-Djavax.net.ssl.trustStorePassword=…`. The name is
  the label (as `DB_PASSWORD=` is); `bypass`, `compass`, a filter's `lowpass` are other words, and
  a file, a prompt or a variable (`--password-file`, `--password-stdin`, `$PW`) is no password.
- **A login verb, a user, then a password.** `+login USER PASSWORD` (SteamCMD), `login USER
  PASSWORD` (an FTP or a console session), "log in as USER with PASSWORD": the verb says the two
  words are an account and what opens it, when the second is shaped as a password is.
- **A user and a password for a thing.** "admin / Welcome@123 for the router": a name, a slash
  between spaces, a password-shaped value, then what the pair opens ("for", "on", "pour", "für"…).
  A path has no spaces around its slashes; "read / write for the bucket" holds no password's shape.
- **What a command reads as the password.** `echo '…' | sudo -S` (sudo reads its password from
  the pipe), Samba's `-U USER%PASSWORD`, and a Wi-Fi QR code's `WIFI:…;P:PASSWORD;;`. A variable
  is no password.

**Passwords the words around them name, where no colon or copula joins the two**
(`PLACE_RULES`).

Places where a chat gives a password without `password: …` or "the password is …":

- **Quoted after what it opens.** A word for a password with what it is for, then a value set
  apart in quotes or a code span: "senha do Wi-Fi `…`", "the password for the NAS '…'". The
  quotes say the value is to be copied as it is; the noun says what it is.
- **The answer to a question about it.** A line that asks for a password ("what's the wifi
  pw?"), and the next line (a reply, often under a `>` quote) that gives a value, alone or after
  "it's", "es", "c'est", "ist": the question names what the answer is.
- **Taken up by a pronoun.** "the zip password, it's …": the pronoun after the noun's comma or
  dash is the noun again. Malay and Indonesian name what a password is for right after the noun,
  with no preposition, before `adalah`/`ialah` (only ever a copula).
- **Pointed at.** A value, then an arrow pointing back at it and words naming a password
  ("`…` 👈 that's the pw", "… <- the new pwd"); a version is no password.
- **After what it is for, with no joiner.** "пароль от сервера …", "la clave del router …":
  only a value of letters, digits and a symbol no name or address has (`!#$%&*+?^~=`).
- **Before a verb that comes last.** German "Passwort … auf … geändert/gesetzt".
- **A table's column named for it.** A cell (a Markdown, `psql` or tab-separated table) under a
  header that names a password (`password`, `pwd`, `Passwort`, `senha`): the header is the
  label, as a key's name is.

Each reads the value strictly, as after a bare noun: only a value no word could be (letters with
digits or symbols, six characters or more) counts, so "the password for the NAS 'is on the
sticker'" or a `yes` under a `password set?` column holds none.
"""

from __future__ import annotations

import re

from writers.redact.context.pairs import password_shaped, trimmed_span
from writers.redact.context.prose import (
    CLOSE,
    PREPOSITION,
    QUALIFIER,
    NounAnchored,
    plausible_value,
)
from writers.redact.formats.columns import column_header
from writers.redact.formats.rule import Rule
from writers.redact.names.secret_names import name_strength
from writers.redact.values.placeholders import is_placeholder
from writers.redact.values.plausible import SECRET_NOUNS, SECRET_NOUNS_CJK

# `-u USER -p PASSWORD`, `--user USER --password PASSWORD`: the password flag right after the user.
_USER_THEN_PASSWORD = re.compile(
    r"(?<![\w-])(?:-u|-U|--user|--username)(?:[ \t]+|=)"
    r"(?:\"[^\"\n]{1,64}\"|[^\s\"'-][^\s\"']{0,63})"
    r"[ \t]+(?:-p|--password|--pass)(?:[ \t]+|=)(?P<q>[\"'])?(?P<s>[^\s\"']{4,200})"
)
# `net use [X:] \\host\share /user:NAME PASSWORD` or `… PASSWORD /user:NAME`.
_NET_USE_AFTER = re.compile(
    r"(?im)(?<![\w-])net[ \t]+use[ \t]+(?:[a-z]:[ \t]+)?\S+[ \t]+/u(?:ser)?:(?:\"[^\"\n]+\"|\S+)"
    r"[ \t]+(?P<q>\")?(?P<s>[^\s/\"*][^\s\"]{3,199})"
)
_NET_USE_BEFORE = re.compile(
    r"(?im)(?<![\w-])net[ \t]+use[ \t]+(?:[a-z]:[ \t]+)?\\\\\S+[ \t]+(?P<q>\")?"
    r"(?P<s>[^\s/\"*][^\s\"]{3,199})(?(q)\")[ \t]+/u(?:ser)?:"
)
# An address (standing at the start of a line or a cell), a delimiter, and the value up to the
# end of its cell.
_LOGIN_LINE = re.compile(
    r"(?m)(?:^|(?<=[\s|`\"'(]))[\w.+-]{1,64}@[\w-]+(?:\.[\w-]+)*\.[A-Za-z]{2,}"
    r"(?:[ \t]*\|[ \t]*|:|\t)(?P<s>[^\s|`\"']{6,100})(?=[ \t]*(?:\||$|\s|`))"
)


def _argument_ok(m: re.Match[str]) -> bool:
    value = m.group("s")
    if m.group("q"):
        # The argument runs to its closing quote: `'<github token goes here>'` is judged whole,
        # a slot, though the pattern's value stops at its first space.
        close = m.string.find(m.group("q"), m.end("s"))
        line_end = m.string.find("\n", m.end("s"))
        if close > 0 and (line_end < 0 or close < line_end):
            value = m.string[m.start("s") : close]
        return not is_placeholder(value)
    return plausible_value(value, strict=True)


# Capitalised words joined by separators with a number (`Jenkins-Agent-07`, `Team-Lead-2`) name a
# host, a role or a queue in a table beside an address; with no word for a password on the line,
# only a value of one random run, a symbol, or a passphrase of three words and a number counts.
_NAME_OF_A_THING = re.compile(r"(?:[A-Z][a-z]+[-_.])+[A-Za-z]*-?\d{0,4}")


def _login_line_ok(m: re.Match[str]) -> bool:
    value = m.group("s")
    if sum(c.isalpha() for c in value) < 3 or re.match(r"\d{4}-\d", value):
        return False  # `2024-06-01T09:00Z`: a date or a time beside an address
    if _NAME_OF_A_THING.fullmatch(value) and len(re.findall(r"[A-Za-z]{3,}", value)) < 3:
        return False
    return password_shaped(value) and plausible_value(value, strict=True)


# `-keystorePass "…"`, `-srcstorepass …`, `--admin-password=…`: an option, then its argument.
_PASSWORD_OPTION = re.compile(
    r"(?<![\w-])--?(?P<opt>[A-Za-z][\w.-]{0,60}?(?i:pass|passwd|password|pwd|passphrase|secret|token))"
    r"(?:=|[ \t]+)(?P<q>[\"'])?(?P<s>[^\s\"']{4,200})"
)
# A glued `pass` is a password's after what it opens (`storepass`, `keypass`, `adminpass`); these
# words end in `pass` and are other words (a filter's `lowpass`, a build's `multipass`).
_NOT_PASSWORD = frozenset(
    "bypass compass surpass trespass overpass underpass multipass lowpass highpass bandpass "
    "allpass notchpass onepass twopass".split()
)


def _option_ok(m: re.Match[str]) -> bool:
    opt = m.group("opt")
    last = re.findall(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])", opt)[-1:] or [""]
    if last[0].lower() in _NOT_PASSWORD or m.string[m.end("opt") : m.end("opt") + 1] == "-":
        return False
    glued = re.search(r"(?:[a-z]|^)(?:pass|Pass)$", opt) is not None
    if not glued and name_strength(opt) != 2:
        return False  # `--token-file`, `--secret-name`: where the secret is, or which one
    return _argument_ok(m)


# `+login USER PASSWORD`, `login USER PASSWORD`: a verb that logs in, the account, what opens it.
_LOGIN_VERB = re.compile(
    r"(?im)(?:^|(?<=[\s;&|]))[+]?(?:login|logon)[ \t]+(?P<u>[\w.@\\-]{1,64})[ \t]+"
    r"(?P<q>[\"'])?(?P<s>(?![+-])[^\s\"']{6,200})"
)


# "log in as qa@example.org with …", "sign in as admin using …", "log in w/ admin / …".
_LOGIN_AS = re.compile(
    r"(?i)(?<![\w-])(?:log(?:ged|ging)?|sign(?:ed|ing)?)[ \t-]?(?:in|on)(?:to)?(?![\w-])"
    r"[^\n]{0,60}?[ \t](?:as|with|w/)[ \t]+(?P<u>[\w.@\\-]{1,64})[ \t]+(?:with|using|/)[ \t]+"
    r"(?P<q>[`'\"])?(?P<s>[^\s`'\"]{6,200})"
)
# "admin / Welcome@123 for the router": a user, a spaced slash, the password, what they open.
_PAIR_FOR = re.compile(
    r"(?i)(?<![\w./-])(?P<u>[a-z][\w.@-]{1,40})[ \t]+/[ \t]+(?P<q>[`'\"])?(?P<s>[^\s`'\"]{6,100}?)"
    r"(?(q)[`'\"])[ \t]+(?:for|on|to|pour|para|per|für|voor|auf|na|do)[ \t]"
)


# `echo 'PASSWORD' | sudo -S …`: `sudo -S` reads the password from its standard input, so what
# is echoed into it is the password.
_PIPED_TO_SUDO = re.compile(
    r"(?<![\w-])(?:echo|printf)(?:[ \t]+-[neE]{1,3})*[ \t]+(?P<q>[\"'])?(?P<s>[^\s\"'|;&]{4,200})"
    r"(?(q)[\"'])(?:\\n)?[ \t]*\|[ \t]*sudo(?:[ \t]+-[A-Za-z]+)*?[ \t]+-[A-Za-z]*S"
)
# `-U USER%PASSWORD`: Samba's clients (smbclient, rpcclient, smbcacls, `net`) read the password
# after a `%` in the user's argument. A `%VAR%` is no user (nothing before the `%`).
_USER_PERCENT = re.compile(
    r"(?<![\w-])(?:-U|--user(?:name)?)(?:=|[ \t]+)[\"']?[^\s%\"'-][^\s%\"']{0,63}%"
    r"(?P<s>[^\s\"']{4,200})"
)
# A Wi-Fi QR code's text (`WIFI:T:WPA;S:<network>;P:<password>;;`, the format phone cameras
# read) names the password with `P:`; a `\` escapes `;`, `,` and `:` in it.
_WIFI_QR = re.compile(r"WIFI:(?:[^;\n]*;)*?P:(?P<s>(?:\\.|[^;\\\s])+);")


def _percent_ok(m: re.Match[str]) -> bool:
    return plausible_value(m.group("s"), strict=True)


def _wifi_qr_ok(m: re.Match[str]) -> bool:
    value = m.group("s")
    return len(value) >= 4 and not is_placeholder(value)


def _login_verb_ok(m: re.Match[str]) -> bool:
    """With no word for a password, only a value no name could be: a symbol beyond the joiners
    of names (`-_.`), or one run of both cases and digits; `SSO-Okta-2024`, `Foo.Bar-2` are
    names (a passphrase needs its noun)."""
    value = m.group("s").rstrip(".,;:!?)")
    run = re.fullmatch(r"(?=.*[a-z])(?=.*[A-Z])(?=.*\d)[A-Za-z0-9]{10,}", value)
    shaped = re.search(r"[^\w.-]", value) is not None or run is not None
    return shaped and password_shaped(value) and plausible_value(value, strict=True)


SYNTAX_RULES: tuple[Rule, ...] = (
    # Each pattern opens with a literal (`-u`, `net`, `@`, `-`, `login`), cheap to scan for.
    Rule("secret_prose", _USER_THEN_PASSWORD, 0.55, _argument_ok),
    Rule("secret_prose", _NET_USE_AFTER, 0.55, _argument_ok),
    Rule("secret_prose", _NET_USE_BEFORE, 0.55, _argument_ok),
    Rule("secret_prose", _LOGIN_LINE, 0.55, _login_line_ok),
    Rule("secret_prose", _PASSWORD_OPTION, 0.55, _option_ok),
    Rule("secret_prose", _LOGIN_VERB, 0.55, _login_verb_ok),
    Rule("secret_prose", _LOGIN_AS, 0.55, _login_verb_ok),
    Rule("secret_prose", _PAIR_FOR, 0.55, _login_verb_ok),
    Rule("secret_prose", _PIPED_TO_SUDO, 0.55, _argument_ok, needs=re.compile("sudo")),
    Rule("secret_prose", _USER_PERCENT, 0.55, _percent_ok, needs=re.compile("%")),
    Rule("secret_prose", _WIFI_QR, 0.55, _wifi_qr_ok, needs=re.compile("WIFI:")),
)

_PRONOUN = r"(?:it'?s|it’s|it is|that'?s|c'est|c’est|es|ist|é|è|est|is)"
_NOUN = rf"(?:(?<![A-Za-z0-9])(?:{SECRET_NOUNS})(?![A-Za-z])|(?:{SECRET_NOUNS_CJK}))"

# After the noun (one scan for it, the costly part, serves four places): "senha do Wi-Fi `…`"
# (what it is for, then a value in quotes, closed; with no purpose, "pass 'Universal2D'" names a
# shader's pass); "the zip password, it's …" (a pronoun after a
# comma or a dash takes the noun up again); "what's the wifi pw?\n> it's …" (a question naming it,
# the next line answering; a reply naming who has it or where, `@marta-ops`, gives no value);
# "passphrase: lantern harbor violet 1987" (words and a number, with no word of grammar).
_AFTER_NOUN = re.compile(
    rf"(?im){_NOUN}(?:(?:{QUALIFIER}[ \t]+(?=[`'\"“«])"
    rf"|{QUALIFIER}?[ \t]*[,;—–][ \t]*{_PRONOUN}[ \t]+)"
    r"(?P<q>[`'\"“«])?(?P<s>[^\s`'\"”»]{6,200})(?(q)[`'\"”»])"
    rf"|[^\n?？]{{0,60}}[?？][ \t]*\n[ \t>]*(?:{_PRONOUN}[ \t:]+)?"
    r"(?P<qa>[`'\"])?(?P<a>(?![@#])[^\s`'\"]{6,200})(?(qa)[`'\"])[ \t.!]*$"
    # A passphrase of words and a number, spaces and all, ending its line or sentence.
    rf"|{QUALIFIER}?(?:[ \t]*[:=：][ \t]*|[ \t]+(?:is|ist|est|es|é|è|lautet|adalah)[ \t]+)"
    r"(?P<w>(?:[a-z]{3,12}[ \t]){2,5}[a-z]{3,12}[ \t]?\d{1,4})(?=[ \t]*(?:$|[.,;!)(])))"
)
# Words a sentence is built with: a run of them after the noun is prose, not a passphrase.
_GRAMMAR = re.compile(
    r"(?<![a-z])(?:the|and|for|with|in|on|to|of|is|are|be|not|must|should|will|can|from|at|by"
    r"|or|see|use|your|our|my|its|has|have|was|were|than|per|min|max|least|after|before|every"
    r"|der|die|das|und|mit|le|la|les|et|de|des|el|los|con|que|para|en|um|uma|com)(?![a-z])"
)
# Malay and Indonesian put what a password is for right after the noun, with no preposition, and
# `adalah`/`ialah` is only a copula: "kata sandi wifi kantor adalah …".
_HEAD_FIRST = re.compile(
    r"(?i)(?<![A-Za-z])(?:kata sandi|kata laluan)(?:[ \t]+[^\s:=]{1,30}){1,3}?"
    r"[ \t]+(?:adalah|ialah)[ \t]+(?P<q>[`'\"])?(?P<s>[^\s`'\"]{6,200})"
)
# A value, then an arrow pointing back at it and words naming a password ("`…` 👈 that's the
# pw for the kiosk", "… <- the new pwd"): the arrow makes the words the value's label.
_POINTED_AT = re.compile(
    r"(?m)^[ \t]*(?P<q>[`'\"])?(?P<s>[^\s`'\"]{6,200})(?(q)[`'\"])[ \t]*(?:<-|<=|←|⬅️?|👈)"
    rf"[^\n]{{0,40}}?{_NOUN}"
)
# Where a password is for (a qualifier, or one or two lowercase words: a mark like `ENC` says
# what the value is), then the password with no joiner ("пароль от сервера …", "la clave del
# router …", "password wifi-nya …"): only a value no word, name, id or address could be
# (letters, digits and a symbol beyond those that join names), so "password for admin@corp" or
# "password reset ticket#4521" holds none.
_AFTER_PURPOSE = re.compile(
    rf"(?i){_NOUN}(?:{QUALIFIER}"
    r"|(?:[ \t]+(?-i:[^\W\d_A-Z][^\W\d_A-Z-]{0,19}(?:-[^\W\d_A-Z]+)?)){1,2}?)"
    r"[ \t]+(?P<s>[^\s`'\"]{6,100})"
)
# German puts the verb last: "Passwort … auf … geändert" is "changed the password to …".
_CHANGED_TO_VERB_LAST = re.compile(
    rf"(?i){_NOUN}[^\n.!?]{{0,60}}?[ \t]auf[ \t]+"
    r"(?P<q>[`'\"])?(?P<s>[^\s`'\"]{4,200})(?(q)[`'\"])"
    r"[ \t]+(?:geändert|gesetzt|zurückgesetzt|umgestellt|geaendert)"
)
_VERSION = re.compile(r"(?i)v?\d+(?:\.\d+)+(?:[-+.][\w.]*)?")


def _pointed_ok(m: re.Match[str]) -> bool:
    return not _VERSION.fullmatch(m.group("s")) and _strict(m)


_SHAPED_SYMBOL = re.compile(r"[!#$%&*+?^~=]")


def _after_purpose_ok(m: re.Match[str]) -> bool:
    value = m.group("s").rstrip(".,;:)")  # `!` and `?` may end a password as they end a sentence
    if not (
        _SHAPED_SYMBOL.search(value) and re.search(r"\d", value) and re.search(r"[^\W\d_]", value)
    ):
        return False
    if re.search(r"#\d+$|@[\w-]+\.[A-Za-z]|://", value) or re.match(
        r"[ \t]*[:=]", m.string[m.end() :]
    ):
        return False  # an issue's number, an address, a URL; a label before its colon
    if len(value) >= 20 and value.endswith("="):
        return False  # base64 with its padding: a stored hash or ciphertext (`ENC SH2…=`)
    if _OWNER_BEFORE.search(m.string, m.start(), m.start("s")):
        # "la contraseña del wifi del MAR-T2?", "the password of Build-07!": the object of a
        # preposition says whose the password is, or what it opens; the password itself follows
        # a noun ("la clave del router Perro42!"), not "of".
        return False
    return plausible_value(value.rstrip(CLOSE), strict=True)


_OWNER_BEFORE = re.compile(rf"(?i)(?<![^\W\d_])(?:{PREPOSITION})[ \t]+$")


# A cell of a `|`- or tab-separated table, from its separator to the next one or the line's end.
_CELL = re.compile(r"(?m)(?:\||\t)[ \t]*(?P<q>`)?(?P<s>[^\s|`]{6,200})(?(q)`)[ \t]*(?=\||\t|$)")


def _strict(m: re.Match[str]) -> bool:
    if m.groupdict().get("w") is not None:
        return _GRAMMAR.search(m.group("w")) is None
    group = "s" if m.group("s") is not None else "a"
    value = m.group(group)
    if m.group("q" if group == "s" else "qa") and is_placeholder(value):
        return False
    return plausible_value(value, strict=True)


def _span(m: re.Match[str]) -> tuple[int, int]:
    return next(m.span(g) for g in ("s", "a", "w") if m.group(g) is not None)


def _cell_ok(m: re.Match[str]) -> bool:
    if not _strict(m):
        return False
    header = column_header(m.string, m.start("s"))
    return header is not None and name_strength(header.strip().replace(" ", "_")) == 2


PLACE_RULES: tuple[Rule, ...] = (
    Rule("secret_prose", NounAnchored(_AFTER_NOUN), 0.55, _strict, _span),
    Rule("secret_prose", _HEAD_FIRST, 0.55, _strict),
    Rule("secret_prose", _CELL, 0.5, _cell_ok),
    Rule("secret_prose", _POINTED_AT, 0.55, _pointed_ok, needs=re.compile("<-|<=|←|⬅|👈")),
    Rule(
        "secret_prose",
        NounAnchored(_AFTER_PURPOSE),
        0.55,
        _after_purpose_ok,
        trimmed_span,
        needs=_SHAPED_SYMBOL,
    ),
    Rule(
        "secret_prose",
        NounAnchored(_CHANGED_TO_VERB_LAST),
        0.55,
        _argument_ok,
        needs=re.compile(r"(?i)geändert|gesetzt|zurückgesetzt|umgestellt|geaendert"),
    ),
)
