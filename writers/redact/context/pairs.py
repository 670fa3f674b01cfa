"""A secret by its line's label, a client's flag, a login/password pair, an htpasswd or CSV row."""

from __future__ import annotations

import re

from writers.redact.context.prose import (
    CLOSE,
    NOUNS,
    OPEN_QUOTE,
    VALUE,
    made_password,
    no_word,
    prose_context_ok,
    value_ok,
)
from writers.redact.names.secret_names import name_strength
from writers.redact.values.placeholders import is_placeholder
from writers.redact.values.plausible import LOWER_PATH

# A line that opens with a word for a password (a word or two may come first: "new password
# for …") and labels the value after a colon, however long the label: "contraseña de la cuenta
# de Google Ads MX: …", "Password della PEC aziendale, serve per le notifiche del tribunale: …".
# The line is the label; no sentence ends inside it (no `.`, `?`, `!`), and only a value no word
# could be counts (the strict reading of a bare noun), since a long label is as often a heading.
LINE_LABEL = re.compile(
    rf"(?im)^[ \t]*(?:[^\W\d_]+[ \t]+){{0,2}}(?:{NOUNS})(?![A-Za-z])[^\n:=：.?!`\"']{{1,100}}?"
    rf"(?<=[^\W\d_)])[ \t]*:[ \t]+{OPEN_QUOTE}?{VALUE}"
)


# What a password is and an id, a host or a version is not: a symbol beyond the joiners of names,
# all three of lowercase, capitals and digits, or three words and a number (a passphrase).
_PASSWORD_SHAPED = re.compile(
    r"(?=.*[^\w.-])\S{10,}|(?=.*[a-z])(?=.*[A-Z])(?=.*\d)\S{10,}"
    r"|(?:[A-Za-z]{3,}[-_.]){2,}[A-Za-z]{3,}-?\d{1,4}"
)


def password_shaped(value: str) -> bool:
    """Is `value` shaped as a password is, and an id, a host or a version is not?"""
    return bool(_PASSWORD_SHAPED.fullmatch(value))


def line_label_check(m: re.Match[str]) -> bool:
    if not prose_context_ok(m):
        return False  # the same words around the value as for a short label
    label = m.string[m.start() : m.start("s")].rstrip(" \t:：\"'`“„«「『")
    if re.fullmatch(r"[ \t]*[A-Za-z_][\w.-]*", label) and name_strength(label.strip()) == 0:
        # `token_url: "https://…/token"`, `token_scope: "read:orders"`: a label written as one
        # name is a key, and its last word says what it holds (`name_strength`), not a secret.
        return False
    value = m.group("s").rstrip(CLOSE)
    if re.match(r"[A-Za-z_][\w.-]+=", value):
        return False  # `capacity=100`: a key of a config or a log line, then its value
    # A label that long is as often a heading as a name: only a value shaped like a password
    # counts ("Token rotation policy for prod, see SEC-12: v2-policy" holds an id).
    return password_shaped(value) and value_ok(value, strict=True, said=True)


def trimmed_span(m: re.Match[str]) -> tuple[int, int] | None:
    value = m.group("s")
    trimmed = value.rstrip(CLOSE)
    start = m.start("s")
    return (start, start + len(trimmed)) if trimmed else None


# Client programs whose short flag takes a password, and that flag.
_CLIENT_FLAGS = {
    "-p": r"mysql|mysqldump|mysqladmin|mysqlimport|mariadb|mariadb-dump|sshpass|mongo|mongosh"
    r"|mongodump|mongorestore|mongoexport|mongoimport",
    "-a": r"redis-cli|keydb-cli|valkey-cli",
    # OpenLDAP's clients bind with `-D <dn> -w <password>` (`-W` asks for it at a prompt).
    "-w": r"ldapsearch|ldapmodify|ldapadd|ldapdelete|ldapmodrdn|ldappasswd|ldapwhoami|ldapcompare"
    r"|ldapexop",
}
CLI = re.compile(
    r"(?i)(?<![\w-])(?P<flag>--(?:password|passwd|pass|token|secret|api-key|apikey|auth-token"
    r"|access-token|client-secret|db-password|admin-password|requirepass|masterauth)|-p|-a|(?-i:-w))"
    r"(?:=|[ \t]+)?(?P<q>[\"'])?(?P<s>[^\s\"']{4,200})"
)


def cli_check(m: re.Match[str]) -> bool:
    flag = m.group("flag").lower()
    if flag.startswith("--") and m.string[m.end("flag") : m.end("flag") + 1] not in (
        "=",
        " ",
        "\t",
        '"',
        "'",
    ):
        return False  # `--tokenizer-mode`: a longer flag that begins with the word, not `--token`
    if not flag.startswith("--"):
        # `-p`, `-a` mean a password only for the clients that say so, on the same line.
        line_start = m.string.rfind("\n", 0, m.start()) + 1
        line = m.string[line_start : m.start()]
        if flag == "-w":
            # The flag is its command's: `ldapsearch … | grep -w word` greps for a word.
            line = re.split(r"\||;|&&", line)[-1]
        if not re.search(rf"(?i)(?<![\w-])(?:{_CLIENT_FLAGS[flag]})(?![\w-])", line):
            return False
        if flag == "-p" and m.group(0)[2:3] in (" ", "\t") and "mysql" in line.lower():
            return False  # `mysql -p dbname` prompts for the password; the word is a database
    if not flag.startswith("--") and m.group("s").isdigit():
        return False  # `ssh -p 2222`: a port on the same line as `sshpass`
    if m.group("q"):
        value = m.group("s")
        return len(value) >= 4 and not is_placeholder(value)
    # A password flag's argument is the password, not a config's next key (`-a Xk9=Qv2`).
    said = flag in ("-p", "-a", "-w") or "pass" in flag
    return value_ok(m.group("s"), strict=False, said=said)


# A quote or a code span around the user or the password does not change the pair:
# "login is `admin` / `…`", "creds: 'deploy' / '…'".
_Q = r"[`'\"]?"
# "login for grafana: admin / Br4mbl3^Qu4rtz" — a user and a password after a word for a login.
# The word for an account in the other languages read: Vietnamese `tài khoản`, Indonesian `akun`,
# Malay `akaun`, German and Polish `konto` (Romance `cuenta`, `conta`, `compte` are also the verb
# "counts": "il digest che conta è questo: …").
PAIR = re.compile(
    r"(?i)(?<![A-Za-z_])(?:login|logins|log-in|creds|credentials|credential|account|zugang"
    r"|zugangsdaten|identifiants|acceso|credenciais|inloggegevens"
    # The word stands alone: glued to `_` it is a piece of an identifier (`credential_baplie`).
    r"|tài khoản|tai khoan|akun|akaun|konto)(?![A-Za-z_])[^\n:=]{0,40}"
    rf"[:=]\s*{_Q}(?P<u>[\w.@+-]{{1,64}}){_Q}\s*(?:/|\||:|\s)\s*{_Q}(?P<s>[^\s`'\"]{{4,200}})"
)


# "creds are admin:…", "die Zugangsdaten sind root / …": a copula instead of a colon, and then
# the user and the password joined by `:` or `/`.
# "login admin / …": a word for a login, then the user and the password joined by a slash.
PAIR_SLASH = re.compile(
    r"(?i)(?<![A-Za-z_])(?:login|log-in|creds|credentials|zugang|zugangsdaten|identifiants"
    r"|acceso|credenciais|inloggegevens)[ \t]+"
    rf"{_Q}(?P<u>[\w.@+-]{{1,64}}){_Q}[ \t]*/[ \t]*{_Q}(?P<s>[^\s`'\"]{{4,200}})"
)
PAIR_SAID = re.compile(
    r"(?i)(?<![A-Za-z_])(?:login|logins|creds|credentials|zugangsdaten|identifiants"
    r"|credenciais|inloggegevens)(?![A-Za-z])"
    # What they are for may stand before the copula: "creds for the test box are admin:…".
    r"(?:[ \t]+(?:for|of|on|to|für|pour|para|per|voor|van|von|do|da|de|del|du|des)"
    r"(?:[ \t]+\S{1,30}){1,3}?)?"
    r"[ \t]+(?:are|is|sind|sont|son|são|zijn)[ \t]+"
    rf"{_Q}(?P<u>[\w.@+-]{{1,64}}){_Q}[ \t]*[:/][ \t]*{_Q}(?P<s>[^\s`'\"]{{4,200}})"
)
# SQL that sets a user's password (`CREATE USER … IDENTIFIED BY '…'`, Oracle and MySQL), and
# Windows' `net user NAME PASSWORD /add`: the syntax names the argument a password.
SQL_IDENTIFIED = re.compile(
    r"(?i)\bidentified[ \t]+(?:with[ \t]+\w+[ \t]+)?by[ \t]+(?P<q>[\"'])?(?P<s>[^\s\"';]{4,200})"
)
# PostgreSQL sets a role's password as a string literal in the statement that makes or changes
# the role (`CREATE ROLE etl LOGIN PASSWORD '…'`, `ALTER USER app WITH ENCRYPTED PASSWORD '…'`),
# as MySQL's `IDENTIFIED BY '…'` does: the literal is the password, whatever its shape.
SQL_ROLE_PASSWORD = re.compile(
    r"(?i)\b(?:create|alter)[ \t]+(?:role|user)[ \t]+[^\s;]+(?:[ \t]+\w+){0,6}?"
    r"[ \t]+(?:encrypted[ \t]+)?password[ \t]+(?P<q>')(?P<s>[^'\n]{4,200})'"
)
NET_USER = re.compile(
    r"(?i)(?<![\w-])net[ \t]+user[ \t]+(?:\"[^\"\n]+\"|[^\s/\"]+)[ \t]+(?P<q>\")?"
    r"(?P<s>[^\s/\"*][^\s\"]{3,199})(?(q)\")(?=[ \t]+/|[ \t]*$)",
    re.MULTILINE,
)


def argument_check(m: re.Match[str]) -> bool:
    value = m.group("s")
    if value.lower() == "password":
        return False  # MySQL's `IDENTIFIED BY PASSWORD '*hash'`: the word, then a hash
    if m.group("q"):
        return len(value) >= 4 and not is_placeholder(value)
    return value_ok(value, strict=False)


# `htpasswd -b[c] FILE USER PASSWORD`: batch mode takes the password as the last argument.
HTPASSWD = re.compile(
    r"(?<![\w-])htpasswd(?:[ \t]+-[a-zA-Z]+)*[ \t]+-[a-zA-Z]*b[a-zA-Z]*(?:[ \t]+-[a-zA-Z]+)*"
    r"[ \t]+(?:-[a-zA-Z]+[ \t]+)*[^\s-]\S*[ \t]+\S+[ \t]+(?P<s>\S{4,200})"
)


def htpasswd_check(m: re.Match[str]) -> bool:
    return value_ok(m.group("s"), strict=False)


# An auth file of quoted pairs, one user a line: `"user" "password"` (PgBouncer's `auth_file`,
# `userlist.txt`). The second string is the user's password, or its hash (`md5<32 hex>`,
# `SCRAM-SHA-256$…`), which is no password. A line of two quoted strings is also a translation's
# or a key-value file's: only a value no word is (`no_word`) or a password as people make them
# (`made_password`) is read as the password.
USERLIST = re.compile(r'(?m)^[ \t]*"[\w.@+-]{1,64}"[ \t]+"(?P<s>[^"\s]{4,200})"[ \t]*$')


def userlist_check(m: re.Match[str]) -> bool:
    value = m.group("s")
    if re.fullmatch(r"md5[0-9a-f]{32}", value) or value.startswith(("SCRAM-", "$")):
        return False  # the password's hash, as the server keeps it
    if not (no_word(value) or made_password(value)):
        return False
    return value_ok(value, strict=False, said=True)


# Network devices' configs name a shared key by a keyword and then, for some, its storage type
# (Cisco IOS/ASA, Junos, FortiOS, HAProxy): `pre-shared-key …`, `crypto isakmp key … address`,
# `set psksecret …`, `key 0 …`, `password 7 …`. Type 0 is cleartext and type 7 a reversible
# encoding (both open the device); types 5, 8 and 9 are one-way hashes and are not matched.
DEVICE_SECRET = re.compile(
    r"(?im)(?<![\w-])(?:(?:pre-shared-key|psksecret|isakmp[ \t]+key)"
    r"(?:[ \t]+(?:0|7|ascii-text|unencrypted|cleartext)(?=[ \t]))?"
    r"|(?<=\s)(?:key|password|secret|key-string)[ \t]+[07](?=[ \t])"
    r"|stats[ \t]+auth[ \t]+[^\s:]+:)"
    r"[ \t]*(?P<q>\")?(?P<s>[^\s\"]{4,200})"
)


def device_check(m: re.Match[str]) -> bool:
    value = m.group("s")
    if m.group("q"):
        return not is_placeholder(value) and not value.startswith("$9$")
    if value.upper() == "ENC":
        return False  # FortiOS writes its own encrypted form after `ENC`
    if m.group(0)[: -len(value)].rstrip().endswith((" 0", "\t0")) and made_password(value):
        # Type 0 says the password follows in clear (`username … password 0 …`): a password as
        # people make them (`anchor.cactus.anchor.otter`) counts, as after a label's colon.
        return value_ok(value, strict=False, said=True)
    return value_ok(value, strict=True)


# A CSV of settings (`key,type,encoding,value`, as firmware NVS tables and config exports write
# them): a row whose key cell names a secret holds the secret in the header's `value` column.
CSV_ROW = re.compile(r"(?m)^(?P<name>[A-Za-z_][\w.-]*)(?:,[^,\n]*)*?,(?P<s>[^,\s]{4,200})$")
_VALUE_COLUMN = {"value", "val", "wert", "valeur", "valor", "valore", "waarde"}
_KEY_COLUMN = {"key", "name", "setting", "parameter", "param", "option"}


def csv_check(m: re.Match[str]) -> bool:
    if name_strength(m.group("name")) != 2:
        return False
    text, cells = m.string, m.group(0).count(",")
    index = m.group(0)[: m.start("s") - m.start()].count(",")
    end = m.start()
    while end > 0:  # the table's first line above this row, with as many cells: its header
        start = text.rfind("\n", 0, end - 1) + 1
        line = text[start : end - 1]
        if line.count(",") != cells:
            break
        header = [c.strip().lower() for c in line.split(",")]
        if header[0] in _KEY_COLUMN and header[index] in _VALUE_COLUMN:
            return value_ok(m.group("s"), strict=False)
        end = start
    return False


# Source locations: the secret word is in a file's name (`credential.go:578`, `secret.rs:`).
_FILE_NAMED = re.compile(r"\.[a-z]{1,4}:")


# Words for a user: in `login: user TRAIN07 / password …` the word labels the name after it.
_USER_WORD = re.compile(
    r"(?i)user|username|usr|login|benutzer|benutzername|nutzer|usuario|usuário|utilisateur|utente"
    r"|gebruiker|użytkownik|kullanıcı|пользователь|id|name|nome|nombre|nom"
)


def _same_shape(a: str, b: str) -> bool:
    """Two runs of one form: as long, both hex, or opening with the same three characters
    (`001dReAx…` and `001SdBD…`, `4bd1f7aa` and `9cc2e810`): items of one list."""
    if len(a) != len(b) or len(a) < 4:
        return False
    both_hex = all(re.fullmatch(r"[0-9a-f]+|[0-9A-F]+", v) for v in (a, b))
    return both_hex or (a[:3] == b[:3] and a[:3].isalnum())


def pair_check(m: re.Match[str]) -> bool:
    head = m.string[m.start() : m.start("u")]
    between = m.string[m.end("u") : m.start("s")].strip("`'\"")
    if _USER_WORD.fullmatch(m.group("u")) and not between.strip():
        return False  # `user TRAIN07 / password …`: the word labels the name after it
    value = m.group("s").rstrip(CLOSE)
    if _same_shape(m.group("u"), value) or re.match(
        r"[ \t]*/[ \t]*" + re.escape(value[:1]), m.string[m.end("s") :]
    ):
        # `001dReAx… / 001SdBD…`, `u12345 / u67890 / u11223`: runs of one form, or a third
        # after them, are a list of like things (ids, accounts), not a user and a password.
        return False
    if _FILE_NAMED.search(head) or LOWER_PATH.fullmatch(m.group("s")):
        return False
    if head.endswith("data:"):
        return False  # `data:image/png;base64,…`: a file's media type, not `user/password`
    return value_ok(m.group("s"), strict=True)
