"""Passwords named by their place: the syntax around them, or words with no joiner.

**Passwords named by the syntax around them, where no word for a secret stands**
(`SYNTAX_RULES`); each principle a grammar that says "this is the password of that account":

- **A command's user, then its password.** A command line that logs in as someone says whose
  account and, right after, what opens it: `-u USER -p PASSWORD` (PsExec, `mysql`, `sqlcmd`-style
  tools: a `-p` right after a `-u USER` is that user's password whatever the program; SQL
  Server's `-U USER -P PASSWORD`, where `-P` after a lowercase `-u` is a port), and Windows'
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
  is no password; nor is PowerShell's `ConvertTo-SecureString "…" -AsPlainText` (the plain
  string it makes a credential of).
- **A connection opened with its account.** A call that opens a connection (`connect`,
  `getConnection`, `createDatabaseConnection`, `new PDO`) given, as quoted arguments, where to
  (a URL, a DSN or a host), then a user, then one more string: that string is the user's
  password, the order every database API takes them in (JDBC's `(url, user, password)`, PHP's
  `mysqli_connect(host, user, password, …)`, PDO's `(dsn, user, password)`). A variable or an
  empty string is no password, and neither is a slot (`'<password>'`).
- **A login call given its user and password.** A call named for logging in or for basic
  authentication (`login`, `authenticate`, `auth`, `HTTPBasicAuth`, `withBasicAuth`,
  `NetworkCredential`, `UsernamePasswordCredentials`, `PasswordAuthentication`, requests'
  `auth=(…, …)`) given two quoted strings takes a user, then that user's password: the second
  string is the password. A variable, a slot or a value with a space is none.
- **A value handed over alone in a code block.** A message that is nothing but one code block
  holding one unspaced value typed as a person types a password (both cases, a digit and a
  symbol no name, path, address or key of a setting has: `!#$%&*+?^~`) gives that value to copy;
  nothing else is written so. A command, a setting (`KEY=…`), a URL or a hash has a space, a
  `=`, a `:` or a `/`, or lacks the symbol.

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
- **A generator's run after the noun's phrase.** "password akun U2020 sementara …": up to
  three words after the noun (Indonesian, Malay and Vietnamese put them there), then a run of
  both cases and digits in which no word can be read.
- **After a long phrase of what it is for.** "the temporary password for the till service account
  at 3163 is …", "le mdp du back-office caisse pour le mag 0095 c'est …": up to ten words after
  a preposition (or an aside in brackets), then a colon or a copula; only a value no word is.
- **Taken up by a pronoun after it.** "…? that's the password I set", "…, это пароль": the
  pronoun points back at the value; only a value no word is.
- **Before a verb that comes last.** German "Passwort … auf … geändert/gesetzt".
- **A table's column named for it.** A cell (a Markdown, `psql`, tab-, comma- or
  semicolon-separated table) under a header that names a password (`password`, `pwd`,
  `Passwort`, `senha`, `mdp`): the header is the label, as a key's name is.

Each reads the value strictly, as after a bare noun: only a value no word could be (letters with
digits or symbols, six characters or more) counts, so "the password for the NAS 'is on the
sticker'" or a `yes` under a `password set?` column holds none.
"""

from __future__ import annotations

import re

from writers.redact.context.machine_made import PUBLIC_TAILS, generated_run, wordish
from writers.redact.context.pairs import password_shaped, trimmed_span
from writers.redact.context.prose import (
    CLOSE,
    COPULAS,
    OPEN_QUOTE,
    PREPOSITION,
    QUALIFIER,
    made_password,
    no_word,
    plausible_value,
    prose_context_ok,
    shaped_password,
    value_ok,
)
from writers.redact.context.public_blobs import public_by_label
from writers.redact.formats.columns import column_header
from writers.redact.formats.rule import Rule
from writers.redact.names.secret_names import name_strength
from writers.redact.values.placeholders import is_placeholder
from writers.redact.values.plausible import (
    SECRET_NOUNS,
    SECRET_NOUNS_CJK,
    everyday_passphrase,
    noun_starts,
    plausible_secret,
)

# `-u USER -p PASSWORD`, `--user USER --password PASSWORD`: the password flag right after the user.
# SQL Server's tools (sqlcmd, bcp, osql) and Sybase's isql spell the pair `-U USER -P PASSWORD`;
# elsewhere `-P` is a port (`mysql -u root -P 3306`), so the capital `-P` counts after `-U` only.
_USER_THEN_PASSWORD = re.compile(
    r"(?<![\w-])(?:(?P<cap>-U)|-u|--user|--username)(?:[ \t]+|=)"
    r"(?:\"[^\"\n]{1,64}\"|[^\s\"'-][^\s\"']{0,63})"
    r"[ \t]+(?:-p|--password|--pass|(?(cap)-P|(?!)))(?:[ \t]+|=)(?P<q>[\"'])?(?P<s>[^\s\"']{4,200})"
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

# "the login for the sandbox is rtr_tn24 / J@k@rt@29#", "user `xcalibur` / `Kriti!1483`",
# "Staging Jenkins – admin – BaV~NHQ?52s~fs&": a user, a slash or a dash between spaces, and a
# password-shaped value ending its clause or followed by what the pair opens. What says the two
# are an account and what opens it is a word for a login or an account earlier on the line, or
# an account every system ships with (`admin`, `root`) as the user.
_LOGIN_PAIR = re.compile(
    r"(?m)(?<![\w./@-])(?P<uq>[`'\"])?(?P<u>[A-Za-z][\w.@\\-]{0,40})(?(uq)[`'\"])"
    r"[ \t]+(?:/|[-–—])[ \t]+(?P<q>[`'\"])?(?P<s>[^\s`'\"]{6,100}?)(?(q)[`'\"])"
    r"(?=[ \t]*(?:$|[,;)]|[.!?](?:[ \t]|$))"
    r"|[ \t]+(?:for|on|to|at|pour|para|per|für|voor|auf|na|do|em|no|bei|im|sur|en)[ \t])"
)
# Words for a login or an account, in the languages the secret's nouns are read in.
_LOGIN_WORDS = re.compile(
    r"(?i)(?<![^\W\d_])(?:log[ -]?in|logon|sign[ -]?in|creds|credentials?|account|acct|accounts"
    r"|user(?:name)?|usr|u/p|zugang(?:sdaten)?|anmeldung|benutzer(?:name)?|konto|cuenta|usuario"
    r"|credenciales|acceso|conta|usu[áa]rio|credenciais|acesso|compte|identifiants|acc[èe]s"
    r"|credenziali|accesso|utente|inlog(?:gning)?|tunnus|tunnukset|логин|учётка|учетка|аккаунт"
    r"|доступ|dost[ęe]p|giri[şs]|hesap|t[àa]i kho[ảa]n|đăng nhập|akun"
    # A Wi-Fi network's name and its password are a login too ("wifi: CafeGuest / …").
    r"|wi-?fi|wlan|ssid)(?![^\W\d_])"
    r"|계정|아이디|로그인|アカウント|ログイン|账号|帳號|账户|賬戶|登录|登入|حساب|חשבון"
)
# Accounts systems ship with: named as the user, they say the pair is a login.
_SHIPPED_ACCOUNT = re.compile(r"(?i)admin|root|administrator|sa|postgres|guest|ubuntu|pi|operator")


# An issue or a ticket: `#4521`, a project key in capitals and its number (`ABC#12345`).
_ISSUE_NUMBER = re.compile(r"(?:[A-Z][A-Z0-9]{1,9})?#\d+")
# `u: admin p: …`, `user admin pw …`: the abbreviations of a form's two fields, the user's then
# the password's.
_U_THEN_P = re.compile(
    r"(?i)(?<![\w-])u(?:ser)?[ \t]*[:=][ \t]*[^\s,;/|]{1,64}[ \t,;/|]+p[ \t]*[:=][ \t]*"
    r"(?P<q>[`'\"])?(?P<s>[^\s`'\"]{4,200})"
)
# `admin:Corvo#7712@10.0.0.5`, "creds → ops:Corvo#7712": a user and a password joined by a colon,
# as a URL's userinfo holds them (before an `@` and its host, with or without a scheme), after a
# word for a login, or with an account every system ships with as the user.
_USER_COLON_PASSWORD = re.compile(
    r"(?<![\w./@:%+-])(?P<u>[A-Za-z][\w.-]{0,40}):(?P<s>[^\s:@/`'\"]{8,100}?)"
    r"(?P<at>@[\w-]+(?:\.[\w-]+)*)?(?=$|[\s,;)]|(?<=[\w.-])[.!?](?:\s|$))"
)


# Oracle's connect string (`sqlplus kat_app/…@//db:1521/PDB`, `expdp system/…@orcl`, SQL*Plus's
# `connect`): the login, a slash, the password, an `@` and the database — the slash joins a user
# and a password there as a URL's colon does, whatever the password looks like.
_ORACLE_CONNECT = re.compile(
    r"(?i)(?<![\w./-])(?:sqlplus|sqlcl|rman|expdp|impdp|exp|imp|sqlldr|dgmgrl|conn(?:ect)?)"
    r"(?:[ \t]+-\w+)*[ \t]+[\"']?[A-Za-z][\w$#.]{0,40}/[\"']?(?P<s>[^\s/@\"']{4,100})[\"']?"
    r"@(?://)?[A-Za-z0-9][\w.-]*"
)

# Where those two can start, found from their joiner (a spaced slash or dash, a colon after a
# name) rather than by trying the pattern at every word: the name's first character, or any
# place inside a token where a name could begin (after a bracket, a quote).
_PAIR_JOINER = re.compile(r"[ \t]+[/–—-][ \t]+")
_COLON_JOINER = re.compile(r"[\w.-]:(?=\S)")


def _pair_starts(text: str) -> list[int]:
    starts: set[int] = set()
    for m in _PAIR_JOINER.finditer(text):
        end = m.start()
        begin = end
        while begin > 0 and not text[begin - 1].isspace():
            begin -= 1
        starts.update(k for k in range(begin, end) if k == begin or not text[k - 1].isalnum())
    return sorted(starts)


def _colon_starts(text: str) -> list[int]:
    starts: set[int] = set()
    for m in _COLON_JOINER.finditer(text):
        begin = m.start()
        while begin > 0 and (text[begin - 1].isalnum() or text[begin - 1] in "_.-"):
            begin -= 1
        starts.add(begin)
    return sorted(starts)


def _user_colon_ok(m: re.Match[str]) -> bool:
    value = m.group("s")
    if _ISSUE_NUMBER.fullmatch(value):
        return False  # `ticket:ABC#12345`: an issue's number
    if not (shaped_password(value) and plausible_value(value, strict=True)):
        return False
    if m.group("at") is None and public_by_label(m.string[: m.start("s")]):
        # `ENC[AES256_GCM,data:…,iv:…,tag:…]`: the word before the colon names a field (an
        # IV, a tag, a hash, an id) or the pair sits inside an encryption envelope, so the
        # value is public or ciphertext, not a login's password
        return False
    line = m.string[m.string.rfind("\n", 0, m.start()) + 1 : m.start()]
    return (
        m.group("at") is not None
        or _LOGIN_WORDS.search(line[-100:]) is not None
        or _SHIPPED_ACCOUNT.fullmatch(m.group("u")) is not None
    )


def _oracle_ok(m: re.Match[str]) -> bool:
    value = m.group("s")
    return not is_placeholder(value) and plausible_value(value, strict=False)


def _login_pair_ok(m: re.Match[str]) -> bool:
    line = m.string[m.string.rfind("\n", 0, m.start()) + 1 : m.start()]
    named = _LOGIN_WORDS.search(line[-100:]) is not None
    if not (named or _SHIPPED_ACCOUNT.fullmatch(m.group("u"))):
        return False
    value = m.group("s")
    if _ISSUE_NUMBER.fullmatch(value):
        return False  # `PROJ#4521`: an issue's number
    if len(value) >= 8 and shaped_password(value):
        # Letters, digits and a symbol: a password a policy accepts, of eight characters or more.
        return plausible_value(value, strict=True)
    return _login_verb_ok(m)


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
    if made_password(m.group("s")):
        return value_ok(m.group("s"), strict=False, said=True)  # `-U backup%mumbai-baarish-…`
    return plausible_value(m.group("s"), strict=True)


def _wifi_qr_ok(m: re.Match[str]) -> bool:
    value = m.group("s")
    return len(value) >= 4 and not is_placeholder(value)


# PowerShell's `ConvertTo-SecureString "…" -AsPlainText -Force` makes a credential of a plain
# string: the string is the password (the script then passes it to `PSCredential`), whatever it
# looks like. A variable (`$env:PW`, `$pw`) or a prompt's result is no literal.
_PLAIN_TO_SECURE = re.compile(
    r"(?i)ConvertTo-SecureString[ \t]+(?:-String[ \t]+)?(?P<q>[\"'])(?P<s>[^\"'\n]{4,200})(?P=q)"
    r"(?=[^\n]*-AsPlainText)"
)


def _secure_string_ok(m: re.Match[str]) -> bool:
    value = m.group("s")
    return not value.startswith("$") and not is_placeholder(value)


def _login_verb_ok(m: re.Match[str]) -> bool:
    """With no word for a password, only a value no name could be: a symbol beyond the joiners
    of names (`-_.`), or one run of both cases and digits; `SSO-Okta-2024`, `Foo.Bar-2` are
    names (a passphrase needs its noun)."""
    value = m.group("s").rstrip(".,;:!?)")
    run = re.fullmatch(r"(?=.*[a-z])(?=.*[A-Z])(?=.*\d)[A-Za-z0-9]{10,}", value)
    shaped = re.search(r"[^\w.-]", value) is not None or run is not None
    return shaped and password_shaped(value) and plausible_value(value, strict=True)


# A setter called with a secret's name and a literal: PHP's `define('DB_PASSWORD', '…')` (as
# WordPress's wp-config.php holds them), `os.Setenv("API_TOKEN", "…")`, `putenv`,
# `System.setProperty("db.password", "…")`, `localStorage.setItem('token', '…')`, configparser's
# `set('db', 'password', '…')` (a section before the name). The call assigns as `=` does; a
# getter's second argument (`getenv('DB_PASSWORD', 'changeme')`) is a default, and not read.
# A login or basic-auth call given a user and a password, both quoted (`ftp.login('u', '…')`,
# `HTTPBasicAuth("u", "…")`, `auth=("u", "…")`).
_LOGIN_CALL = re.compile(
    r"(?i)(?:(?<![\w$])(?:login|log_in|signin|sign_in|authenticate|auth|basic_?auth"
    r"|with_?basic_?auth|set_?basic_?auth|http_?basic_?auth|http_?digest_?auth"
    r"|network_?credential|username_?password_?credentials|password_?authentication)[ \t]*"
    r"|(?<![\w$])auth[ \t]*[=:][ \t]*)[(\[]\s*"
    r"(?P<qu>[\"'])(?P<user>[^\"'\s]{1,64})(?P=qu)\s*,\s*"
    r"(?P<q>[\"'])(?P<s>[^\"'\s]{4,200})(?P=q)\s*[,)\]]"
)


def _login_call_ok(m: re.Match[str]) -> bool:
    value = m.group("s")
    if re.fullmatch(r"[a-z]+(?:[_.][a-z]+)+", value):
        return False  # `auth('errors', 'failed_login')`: a message's or a setting's key
    return plausible_secret(value, quoted=True)


# A whole message that is one code block of one unspaced value (`Qxk4*R^H%C!JmFy*%`).
_LONE_CODE_BLOCK = re.compile(r"\A\s*```[ \t]*\n[ \t]*(?P<s>[^\s`]{8,64})[ \t]*\n```\s*\Z")


def _lone_value_ok(m: re.Match[str]) -> bool:
    value = m.group("s")
    return (
        re.search(r"[!#$%&*+?^~]", value) is not None
        and re.search(r"[=:/@\\]", value) is None
        and re.search(r"[a-z]", value) is not None
        and re.search(r"[A-Z]", value) is not None
        and re.search(r"\d", value) is not None
        and not is_placeholder(value)
    )


# A call that opens a connection, given where to, a user and a password as quoted arguments
# (after an optional driver's class: Mirth's `createDatabaseConnection(driver, url, user, …)`).
_CONNECT_CALL = re.compile(
    r"(?i)(?:connect\w*|(?<![\w$])new[ \t]+pdo)[ \t]*\(\s*"
    r"(?:(?P<q0>[\"'])[\w.$]+(?P=q0)\s*,\s*)?"
    r"(?P<qt>[\"'])(?P<target>[^\"'\s]{3,300})(?P=qt)\s*,\s*"
    r"(?P<qu>[\"'])(?P<user>[\w.@\\-]{1,64})(?P=qu)\s*,\s*"
    r"(?P<q>[\"'])(?P<s>[^\"'\n]{4,200})(?P=q)\s*[,)]"
)
# Where a connection goes: a URL (`jdbc:oracle:thin:@db:1521:X`, `postgres://…`), a PDO DSN
# (`mysql:host=db;dbname=shop`), or a host's name or address (`localhost`, `db.internal`,
# `db7:3306`); a bare word (`'clicked'`, a signal's name) is none.
_CONNECTION_TARGET = re.compile(
    r"(?i)jdbc:\S+|[a-z][a-z0-9+.-]*://\S+|[a-z]+:\S*(?:host|dbname|server|database)=\S*"
    r"|localhost(?::\d{1,5})?|[a-z0-9][a-z0-9-]*(?:\.[a-z0-9-]+)+(?::\d{1,5})?"
    r"|[a-z0-9][a-z0-9-]*:\d{1,5}"
)


def _connect_ok(m: re.Match[str]) -> bool:
    if _CONNECTION_TARGET.fullmatch(m.group("target")) is None:
        return False
    return plausible_secret(m.group("s"), quoted=True)


_SETTER_CALL = re.compile(
    r"(?<![\w$])(?:define|putenv|[sS]etenv|setProperty|setItem|setdefault|set|put)[ \t]*\([ \t]*"
    r"(?:(?P<q0>[\"'])[\w. -]*(?P=q0)[ \t]*,[ \t]*)?"
    r"(?P<q1>[\"'])(?P<name>[A-Za-z_][\w.-]*)(?P=q1)[ \t]*,[ \t]*"
    r"(?P<q>[\"'])(?P<s>[^\"'\n]{4,200})(?P=q)[ \t]*[,)]"
)


def _setter_ok(m: re.Match[str]) -> bool:
    return name_strength(m.group("name")) == 2 and plausible_secret(m.group("s"), quoted=True)


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
    Rule("secret_prose", _LOGIN_PAIR, 0.55, _login_pair_ok, starts=_pair_starts),
    Rule(
        "secret_prose",
        _U_THEN_P,
        0.55,
        _argument_ok,
        needs=re.compile(r"(?i)\bu(?:ser)?[ \t]*[:=]"),
    ),
    Rule(
        "secret_prose",
        _USER_COLON_PASSWORD,
        0.55,
        _user_colon_ok,
        needs=re.compile(":"),
        starts=_colon_starts,
    ),
    Rule("secret_prose", _ORACLE_CONNECT, 0.55, _oracle_ok, needs=re.compile("@")),
    Rule("secret_prose", _PIPED_TO_SUDO, 0.55, _argument_ok, needs=re.compile("sudo")),
    Rule("secret_prose", _USER_PERCENT, 0.55, _percent_ok, needs=re.compile("%")),
    Rule("secret_prose", _WIFI_QR, 0.55, _wifi_qr_ok, needs=re.compile("WIFI:")),
    Rule("secret_assignment", _SETTER_CALL, 0.6, _setter_ok),
    Rule(
        "secret_prose",
        _LOGIN_CALL,
        0.55,
        _login_call_ok,
        needs=re.compile("(?i)auth|log_?in|sign_?in|credential"),
    ),
    Rule("secret_prose", _LONE_CODE_BLOCK, 0.55, _lone_value_ok, needs=re.compile("```")),
    Rule(
        "secret_prose",
        _CONNECT_CALL,
        0.55,
        _connect_ok,
        needs=re.compile("(?i)connect|pdo"),
    ),
    Rule(
        "secret_prose",
        _PLAIN_TO_SECURE,
        0.55,
        _secure_string_ok,
        needs=re.compile("(?i)convertto-securestring"),
    ),
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
    # The phrase runs on to the first value shaped as `_after_purpose_ok` asks (a symbol and a
    # digit), so an article or an adjective after the preposition is read as the phrase's
    # ("the password for the router …", "el pass bta3 el router …"), not as the value.
    r"[ \t]+(?=[^\s`'\"]*[!#$%&*+?^~=])(?=[^\s`'\"]*\d)(?P<s>[^\s`'\"]{6,100})"
)
# What a password is for may take a long phrase, a place named by its number among the words
# ("the temporary password for the till service account at 3163 is …", "le mdp du back-office
# caisse pour le mag 0095 c'est …", "Parola pentru contul de manager pe casa 2 la 2012: …"):
# after the noun and a preposition, up to ten words in its clause, then a colon or a copula. A
# phrase that long is as often a clause of prose, so only a value no word is follows it:
# letters, digits and a symbol beyond those that join names, or a generator's run of both cases
# and digits (`_long_purpose_ok`).
# The phrase may open with a word saying which password (new, temporary, current) before its
# preposition ("a senha nova da conta …", "la contraseña temporal de la caja …"), with a
# preposition of place ("in the back office of store 0095", "của máy POS ở cửa hàng …"), or be an
# aside in brackets ("the admin password (store 0095, till 3) is …").
_WHICH = (
    r"new|temporary|temp|current|initial|shared|one-time|nova|novo|nueva|nuevo|nouveau|nouvelle"
    r"|temporal|temporaire|provisoire|provisória|provisório|temporária|temporário|actual|atual"
    r"|actuelle|neue|neues|neuer|temporäre|aktuelle|nuova|temporanea|attuale|nieuwe|tijdelijke"
    r"|huidige|nowe|tymczasowe|новый|временный|mới|baru|sementara|nya|nye|midlertidige"
)
_PLACE_PREPOSITION = (
    r"in|at|en|em|no|nos|nas|ao|aux|dans|sur|bei|auf|am|nel|nella|sul|alla|op|bij|w|we|przy"
    r"|v|ve|u|в|у|при|di|untuk|ở|của|cho|pe|la|i|vid|hos"
)
_LONG_PURPOSE = re.compile(
    rf"(?i){_NOUN}(?P<w>[ \t]*\([^()\n]{{1,60}}\)"
    rf"|(?:[ \t]+(?:{_WHICH})){{0,2}}[ \t]+(?:{PREPOSITION}|{_PLACE_PREPOSITION})"
    r"(?:[ \t]+[^\s:=：]{1,30}){1,10}?)"
    rf"(?:[ \t]*[:：]|[ \t]+(?:{COPULAS}))[ \t]+{OPEN_QUOTE}?"
    r"(?P<s>(?=[^\s`'\"]*[!#$%&*+?^~=])(?=[^\s`'\"]*\d)[^\s`'\"”»]{6,100}"
    r"|(?-i:(?=[A-Za-z0-9]*[a-z])(?=[A-Za-z0-9]*[A-Z])(?=[A-Za-z0-9]*\d)[A-Za-z0-9]{10,64})"
    r"(?![^\s.,;!?)]))"
)


# An issue's number: a tracker's key in capitals, or a lowercase word, then `#` and digits. A
# capitalised word before them (`Pino#4471`) is how people make a password.
_ISSUE = re.compile(r"(?:[A-Z][A-Z0-9]{0,9}-?|[a-z]+)?#\d+")


def _long_purpose_ok(m: re.Match[str]) -> bool:
    if re.search(r"[.!?;](?:[ \t]|$)", m.group("w")):
        return False  # the phrase ran past its sentence: the copula is another sentence's
    if not prose_context_ok(m):
        return False
    value = m.group("s").rstrip(".,;:)")
    if _ISSUE.fullmatch(value) or re.search(r"@[\w-]+\.[A-Za-z]|://", value):
        return False  # an issue's number (`INC#4471`, `ticket#4521`), an address, a URL
    if len(value) >= 20 and value.endswith("="):
        return False  # base64 with its padding: a stored hash or ciphertext
    shaped = _SHAPED_SYMBOL.search(value) and re.search(r"\d", value)
    if not shaped and not generated_run(value):
        return False  # a run in which words read (`iPhone15ProMax`) is a name
    return plausible_value(value.rstrip(CLOSE), strict=True)


# Indonesian, Malay and Vietnamese put what a password is for after the noun with no preposition
# ("password akun U2020 sementara …"): up to three words, then a value no one reads as a word,
# a generator's run of both cases and digits (`_run_ok`), needs no joiner to be the password.
_RUN_AFTER_NOUN = re.compile(
    rf"(?i){_NOUN}(?P<w>(?:[ \t]+[^\s:=：`'\"]{{1,20}}){{1,3}}?)[ \t]+"
    r"(?P<s>(?-i:[A-Za-z0-9]{10,64}))(?![^\s.,;!?)])"
)


def _run_ok(m: re.Match[str]) -> bool:
    value = m.group("s")
    if not (re.search("[a-z]", value) and re.search("[A-Z]", value) and re.search(r"\d", value)):
        return False
    if PUBLIC_TAILS.intersection(re.findall(r"[a-z]+", m.group("w").lower())):
        return False  # "token request id …", "password hash …": the words name something else
    # No word among its humps (`BtXELaJ2SUbx7`), unlike a name (`iPhone15ProMax`, `U2020Migration`).
    return wordish(value) < 0.2 and plausible_value(value, strict=True)


# A question for a password answered on its own line ("passa-me a senha? ah já sei, é …", "the
# wifi pw? it's …"): after the question mark, a short clause that ends in a copula or a pronoun
# and a copula gives the value; only a value shaped as a password counts (a sentence after a
# question says many things of its subject: "the token? it is fine-grained").
# The value may follow the question with no copula at all ("the wifi pw? Kx9!mm22"): it answers
# the question it follows, as on the next line.
_ASKED_THEN_GIVEN = re.compile(
    rf"(?i){_NOUN}[^\n?？]{{0,60}}[?？][^\n?？]{{0,40}}?(?<![^\s,])"
    rf"(?:(?:{_PRONOUN}|è|là|ni)[ \t]+)?(?P<q>[`'\"])?(?P<s>[^\s`'\"]{{6,100}})"
)
# A Wi-Fi network's card: its name (`SSID:`), then its key on the next line (`key:`, `PSK:`),
# which is the network's password; WPA takes 8 to 63 characters.
# Where the verb comes last, the value may stand between the noun and its copula: "رمز عبور …
# است", "पासवर्ड … है", "비밀번호 … 입니다".
_BETWEEN_NOUN_AND_VERB = re.compile(
    # What it opens may follow the noun first ("رمز وای‌فای … است"); in quotes, a passphrase's
    # words keep their spaces ("رمز عبور 'golnar darya shiraz' است").
    rf"(?i){_NOUN}(?:[ \t]+[^\s\d`'\"]{{1,20}}){{0,2}}?[ \t]+"
    r"(?:(?P<q>[`'\"])(?P<w>[^\W\d_]{2,14}(?:[ \t][^\W\d_]{2,14}){2,6})[`'\"]"
    r"|(?P<s>[^\s`'\"]{6,100}?))[ \t]+"
    r"(?:است|هست|है|हैं|ہے|হয়|হলো|입니다|이다|です|だ)[ \t]*(?:$|[.!?।。！？\n])"
)


def _between_ok(m: re.Match[str]) -> bool:
    if m.group("w") is not None:
        return not is_placeholder(m.group("w")) and plausible_value(m.group("w"), strict=False)
    return _named_after_ok(m)


def _between_span(m: re.Match[str]) -> tuple[int, int] | None:
    if m.group("w") is not None:
        return m.span("w")
    return trimmed_span(m)


_SSID_KEY = re.compile(
    r"(?im)^[ \t]*(?:ssid|wi-?fi|network|netzwerk|r[ée]seau|red|rede)[ \t]*[:=][^\n]+\n"
    r"[ \t]*(?:key|psk|wpa[ _-]?key|pass|cl[ée]|clave|chave|schl[üu]ssel)[ \t]*[:=][ \t]*"
    r"(?P<q>[`'\"])?(?P<s>[^\s`'\"]{8,63})(?(q)[`'\"])[ \t]*$"
    # The same card on one line: the network's name after `SSID`, a comma or a slash, then its
    # key ("SSID CorpGuest, key …", "SSID: lab / PSK: …").
    r"|(?<![\w-])ssid[ \t]*[:=]?[ \t]*[^\s,;/|]{1,32}[ \t]*[,;/|][ \t]*"
    r"(?:key|psk|wpa[ _-]?key|pass|password|cl[ée]|clave|chave|schl[üu]ssel)[ \t]*[:=]?[ \t]*"
    r"(?P<q2>[`'\"])?(?P<s2>[^\s`'\"]{8,63})(?(q2)[`'\"])(?=[ \t]*(?:$|[\s,;.)]))"
)


def _ssid_ok(m: re.Match[str]) -> bool:
    if m.group("s") is not None:
        return _argument_ok(m)
    value = m.group("s2").rstrip(CLOSE)
    if m.group("q2"):
        return not is_placeholder(value)
    return plausible_value(value, strict=True)


def _ssid_span(m: re.Match[str]) -> tuple[int, int]:
    if m.group("s") is not None:
        return m.span("s")  # the whole line's value: a `?` or `!` ending it is the key's own
    return m.start("s2"), m.start("s2") + len(m.group("s2").rstrip(CLOSE))


def _given_ok(m: re.Match[str]) -> bool:
    value = m.group("s").rstrip(".,;:)")
    if _ISSUE.fullmatch(value.rstrip(CLOSE)) or re.search(r"@[\w-]+\.[A-Za-z]|://", value):
        return False  # "can you reset the password? INC#4471": an issue's number, an address
    return shaped_password(value) and plausible_value(value, strict=True)


# German puts the verb last: "Passwort … auf … geändert" is "changed the password to …".
_CHANGED_TO_VERB_LAST = re.compile(
    rf"(?i){_NOUN}[^\n.!?]{{0,60}}?[ \t]auf[ \t]+"
    r"(?P<q>[`'\"])?(?P<s>[^\s`'\"]{4,200})(?(q)[`'\"])"
    r"[ \t]+(?:geändert|gesetzt|zurückgesetzt|umgestellt|geaendert)"
)
# What a password was changed to is the password: a verb of changing and its "to", in the
# languages the nouns are read in, after the noun in its clause ("senha do wifi mudou pra …",
# "la password è cambiata in …", "пароль поменял на …", "密码改成了…", "mật khẩu đã đổi thành
# …"); Japanese, Korean and Turkish put the value before the verb ("パスワードを…に変更",
# "비밀번호를 …로 바꿨어요", "şifreyi … yaptım"). Only a value shaped as a password counts.
_CHANGE_TO = (
    r"(?:mudou|mudei|mudamos|trocou|troquei|alterei|alterou|alterada|mudada|trocada)[ \t]+"
    r"(?:pra|para|p/)"
    r"|(?:cambi[éóo]|cambiada|cambiamos|cambiata|cambiato|modificata|impostata)[ \t]+"
    r"(?:a|por|in)"
    r"|(?:chang[ée]e?|modifi[ée]e?|remplac[ée]e?)[ \t]+(?:en|pour|par)"
    r"|(?:veranderd|gewijzigd|aangepast)[ \t]+(?:in|naar)|wordt"
    r"|(?:поменял[аи]?|изменил[аи]?|сменил[аи]?|изменён|изменен|змінив|змінила|змінили)[ \t]+на"
    r"|(?:zmienion[eya]|zmieniłem|zmieniłam|zmienił|ustawion[eya]|ustawiłem)[ \t]+na"
    r"|(?:đổi|thay đổi)[ \t]+(?:thành|sang)"
    r"|(?:diganti|diubah|ganti|ubah|tukar)[ \t]+(?:jadi|menjadi|ke)"
    r"|(?:changed|reset|set|updated|rotated)[ \t]+(?:it[ \t]+)?to"
)
_CJK_SCRIPT = r"\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af"
_CHANGED_TO = re.compile(
    rf"(?i){_NOUN}(?:[^\n.!?]{{0,50}}?(?:(?<![^\W\d_])(?:{_CHANGE_TO})[ \t]+"
    r"|(?:改成了?|改为|改為|换成了?|換成了?|设置为|设为|設為|更改为|เปลี่ยนเป็น)[ \t]*)"
    rf"(?P<q>[`'\"「])?(?P<s>[^\s`'\"」{_CJK_SCRIPT}]{{6,100}})"
    # The value before the verb: a particle, the value, then "to" and the verb.
    rf"|(?:を|를|을|yi|yı|i|ı|sini|sını)?[ \t]*(?P<v>[^\s{_CJK_SCRIPT}]{{6,100}}?)[ \t]*"
    r"(?:に(?:変更|変え)|(?:으로|로)[ \t]*(?:바꿨|바꾸|변경)|[ \t]+(?:yaptım|yaptık|olarak)))"
)


def _changed_to_ok(m: re.Match[str]) -> bool:
    value = (m.group("s") or m.group("v")).rstrip(".,;:)")
    return shaped_password(value) and plausible_value(value, strict=True)


def _changed_to_span(m: re.Match[str]) -> tuple[int, int] | None:
    group = "s" if m.group("s") is not None else "v"
    value = m.group(group).rstrip(".,;:)")
    return m.start(group), m.start(group) + len(value)


_AFTER_A_PHRASE = (
    r"for|to|on|of|at|in|now|lol|btw|please|pls|thanks|thx|today|here|there|and|but|so|until"
    r"|from|with|since|para|por|pour|für|per|und|et|y|e"
    # What the password opens, after a preposition in the other languages ("… é a senha do wi-fi",
    # "… es la clave del router", "… ist das Passwort vom Gäste-WLAN", "… to hasło do wifi").
    r"|del|della|des|von|vom|van|voor|til|till|dla|pro|ng|wa|la|ya"
    # Languages that put the modifier after the head name the network so ("… là mật khẩu wifi",
    # "… adalah password wifi", "… est le mot de passe wifi").
    r"|wi-?fi|wlan"
    # And in the other scripts: Ukrainian and Russian "від"/"для"/"от"/"до", Vietnamese "của"
    # (of), Greek "του"/"της" (of the), Arabic's possessor with its article ("كلمة سر الواي فاي").
    r"|від|для|от|до|của|cho|του|της|των|ال[^\W\d_]+"
)
# "Is" after a value, in the languages the nouns are read in: a copula, or a pronoun that stands
# for one ("… to hasło do wifi", "… — це пароль від вайфаю", "… זו הסיסמה של הוויפי",
# "… ndiyo nenosiri la wifi", "… là mật khẩu wifi", "… είναι ο κωδικός", "… هي كلمة سر …").
_VALUE_IS = (
    r"is|was|is now|es|est|ist|é|è|är|er|as|como|comme|als"
    r"|era|fica|este|e|on|je|jest|to|to je|to jest|ni|ndiyo|ndio|là|chính là|adalah|ialah|itu|ang"
    r"|c['’]est|হলো|হল"
    r"|είναι|это|це|є|היא|הוא|זו|זה|זאת|هي|هو|هذه|هذا|คือ"
)
# A definite article or a possessive: "… is a password" is any one, said of a kind. Portuguese's
# `a` is "the" after its copula ("… é a senha").
_THE = (
    r"the|my|our|your|la|le|el|das|die|der|il|o|het|de|lo|l['’]|den|det|ο|η|το"
    r"|(?<=é[ \t])a|(?<=era[ \t])a|(?<=fica[ \t])a"
)
# A value, then a copula and the noun ("Nopal#4471 is the new wifi password", "use … as the
# password"): the words after it name it, as a label before it would. Only a value shaped as a
# password counts, and the noun must end the phrase (not "… is the password policy").
_NAMED_AFTER = re.compile(
    r"(?i)(?<!\S)(?:(?:use|usa|utilise|utilisez|benutze|nimm)[ \t]+)?"
    r"(?P<q>[`'\"])?(?P<s>[^\s`'\"]{6,100}?)(?(q)[`'\"])(?:[,.]|[ \t]+[—–-])?"
    rf"(?:[ \t]+(?:{_VALUE_IS})[ \t]+|[ \t]*(?:是|就是|为|為)[ \t]*"
    # Hungarian says "… a wifi jelszava" with no copula: the article, then the possessed noun.
    r"|[ \t]+az?(?=[ \t][^\n]{0,40}?jelszav)[ \t]+)"
    rf"(?:(?:{_THE})[ \t]+)?"
    r"(?:[^\s\d]{2,20}[ \t]+){0,3}?"
    # A compound's first part may be glued by a hyphen ("das WLAN-Passwort"), Hebrew's and
    # Arabic's article to the noun ("הסיסמה").
    r"(?:[^\s\d]{1,20}-|[הלב]|ال)?"
    # The noun ends the phrase: a word after it makes a compound ("… is the password format"),
    # unless it opens what follows ("… as the password for now", "… is my password lol").
    # A word of another script after the noun counts as an ASCII one does.
    rf"{_NOUN}(?![^\W\d_]|[ \t]+(?!(?:{_AFTER_A_PHRASE})(?![^\W\d_]))[^\W\d_]{{3,}})"
)
# Where the verb comes last (Hindi, Urdu, Persian, Bengali, Japanese, Korean), the value comes
# first, then what it opens and the noun, then the copula: "… वाई-फ़ाई का पासवर्ड है", "… رمز
# عبور وای‌فای است", "… 이게 와이파이 비밀번호예요" (이게: "this is").
_NAMED_AFTER_VERB_LAST = re.compile(
    r"(?i)(?<!\S)(?P<q>[`'\"])?(?P<s>[^\s`'\"]{6,100}?)(?(q)[`'\"])[,]?[ \t]+"
    r"(?:[^\s\d]{1,20}[ \t]+){0,4}?"
    # A particle may glue what it opens to the noun ("… がWi-Fiのパスワードです").
    rf"(?:[^\s\d]{{1,20}}?(?=[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]))?{_NOUN}[ \t]*"
    r"(?:है|हैं|ہے|است|হলো|হয়|です|だ|예요|이에요|입니다|이다|야)"
    r"[ \t]*(?:$|[.!?।。！？\n])"
)


# A value, then a pronoun that takes it up and names it ("…? that's the password I set", "…, это
# пароль, который …", "…، هذه كلمة المرور التي …", "用 … 试试，这是…的密码"): the pronoun points
# back at the value as a copula after it does. A chat's short verb may stand between
# ("试试", try it).
_PRONOUN_AFTER = (
    r"that'?s|that’s|that is|this is|it'?s|it’s|it is|c['’]est|das ist|dies ist|eso es|esa es"
    r"|esta es|isso é|essa é|esta é|это|هذه|هذا|هذي"
)
_TAKEN_UP = re.compile(
    r"(?i)(?<!\S)(?P<q>[`'\"])?(?P<s>[^\s`'\"]{6,100}?)(?(q)[`'\"])"
    r"(?:[ \t]+[\u3400-\u9fff]{1,4})?[ \t]*[,.?!，、،—–-]?[ \t]*"
    rf"(?:(?:{_PRONOUN_AFTER})[ \t]+"
    r"(?:(?:the|my|our|your|la|le|el|das|die|der|il|o|a|het|de)[ \t]+)?"
    r"(?:[^\s\d]{2,20}[ \t]+){0,3}?"
    rf"{_NOUN}(?![^\W\d_]|[ \t]+(?!(?:{_AFTER_A_PHRASE})(?![a-z]))[a-z]{{3,}})"
    r"|(?:这是|那是|這是|就是)[^\n。！？!?]{0,30}?(?:密码|密碼))"
)


def _taken_up_ok(m: re.Match[str]) -> bool:
    if _EXAMPLE_BEFORE.search(m.string[max(0, m.start() - 30) : m.start()]):
        return False
    value = m.group("s").rstrip(".,;:)")
    if made_password(value):
        return value_ok(value, strict=False, said=True)  # `Citron185🌻, c'est le mot de passe`
    return no_word(value) and plausible_value(value, strict=True)


_TOKEN_START = re.compile(r"(?<!\S)\S")


def _before_noun_starts(text: str) -> list[int]:
    """Where a value named by the noun after it can start: a token's start on the noun's line,
    up to 90 characters before it."""
    starts: set[int] = set()
    for noun in noun_starts(text):
        line = text.rfind("\n", 0, noun) + 1
        starts.update(m.start() for m in _TOKEN_START.finditer(text, max(line, noun - 90), noun))
    return sorted(starts)


# Words that make what follows an example of a kind ("things like Summer2024! as a password").
_EXAMPLE_BEFORE = re.compile(
    r"(?i)(?:\blike|such as|e\.g\.|z\.b\.|p\.ex\.|por ejemplo|par exemple|zum beispiel"
    r"|for example|for instance|avoid|never use|don'?t use|do not use)[ \t:]*$"
)


def _named_after_ok(m: re.Match[str]) -> bool:
    if _EXAMPLE_BEFORE.search(m.string[max(0, m.start() - 30) : m.start()]):
        return False
    value = m.group("s").rstrip(".,;:)")
    if shaped_password(value):
        return plausible_value(value, strict=True) or value_ok(value, strict=False, said=True)
    # The clause names the value a password, so a password made as people make them counts too
    # (`Kalyna_905`, `🌻Adobo1528`, `sakura.umibe.kaeru`).
    return made_password(value) and value_ok(value, strict=False, said=True)


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


# A cell of a comma- or semicolon-separated table (CSV), from its separator (or the line's start)
# to the next one or the line's end; bare or in CSV's double quotes. A line that opens with a
# bracket, or cells in single quotes, are code's literals (SQL's `VALUES ('svc', 'name', …)`, a
# tuple), not a table's row.
_CSV_CELL = re.compile(
    r"(?m)(?:^|[,;])[ \t]*(?P<q>\")?(?P<s>[^\s,;\"'|`()]{6,200})(?(q)\")[ \t]*(?=[,;]|$)"
)
_CODE_ROW = re.compile(r"[ \t]*[(\[{]")


def _csv_ok(m: re.Match[str]) -> bool:
    if _CODE_ROW.match(m.string, m.string.rfind("\n", 0, m.start("s")) + 1):
        return False  # `("svc", "api_key", …),`: a tuple of literals in code
    return _cell_ok(m)


def _strict(m: re.Match[str]) -> bool:
    if m.groupdict().get("w") is not None:
        return _GRAMMAR.search(m.group("w")) is None
    group = "s" if m.group("s") is not None else "a"
    value = m.group(group)
    quoted = m.group("q" if group == "s" else "qa")
    if quoted and is_placeholder(value):
        return False
    if quoted and everyday_passphrase(value):
        # Quotes say where a value begins and ends: words of speech joined by dots or
        # underscores (`'hoasen.saigon.trangtron'`) are the passphrase, not a reference's path.
        return value_ok(value, strict=False, said=True)
    return plausible_value(value, strict=True)


def _span(m: re.Match[str]) -> tuple[int, int]:
    return next(m.span(g) for g in ("s", "a", "w") if m.group(g) is not None)


def _cell_ok(m: re.Match[str]) -> bool:
    if not _strict(m):
        return False
    header = column_header(m.string, m.start("s"))
    return header is not None and names_password(header)


def names_password(header: str) -> bool:
    """Does a column's header name a secret: a strong secret name (`password`, `api_key`), or a
    word for a password in one of the languages the nouns are read in (`mdp`, `parola`, `senha`),
    the header's whole cell? A PIN's column holds digits, which a strict value is not."""
    header = header.strip()
    if name_strength(header.replace(" ", "_")) == 2:
        return True
    return header.lower() != "pin" and re.fullmatch(rf"(?i){_NOUN}", header) is not None


PLACE_RULES: tuple[Rule, ...] = (
    Rule("secret_prose", _AFTER_NOUN, 0.55, _strict, _span, starts=noun_starts),
    Rule("secret_prose", _HEAD_FIRST, 0.55, _strict),
    Rule("secret_prose", _CELL, 0.5, _cell_ok),
    Rule("secret_prose", _CSV_CELL, 0.5, _csv_ok, needs=re.compile("[,;]")),
    Rule("secret_prose", _ASKED_THEN_GIVEN, 0.55, _given_ok, trimmed_span, starts=noun_starts),
    Rule("secret_prose", _CHANGED_TO, 0.55, _changed_to_ok, _changed_to_span, starts=noun_starts),
    Rule(
        "secret_prose",
        _NAMED_AFTER,
        0.55,
        _named_after_ok,
        trimmed_span,
        starts=_before_noun_starts,
    ),
    Rule(
        "secret_prose",
        _NAMED_AFTER_VERB_LAST,
        0.55,
        _named_after_ok,
        trimmed_span,
        starts=_before_noun_starts,
    ),
    Rule(
        "secret_prose",
        _BETWEEN_NOUN_AND_VERB,
        0.55,
        _between_ok,
        _between_span,
        starts=noun_starts,
    ),
    Rule(
        "secret_prose",
        _SSID_KEY,
        0.55,
        _ssid_ok,
        _ssid_span,
        needs=re.compile(r"(?i)ssid|(?:wi-?fi|network|netzwerk|r[ée]seau|red|rede)[ \t]*[:=]"),
    ),
    Rule(
        "secret_prose",
        _TAKEN_UP,
        0.55,
        _taken_up_ok,
        trimmed_span,
        starts=_before_noun_starts,
    ),
    Rule("secret_prose", _POINTED_AT, 0.55, _pointed_ok, needs=re.compile("<-|<=|←|⬅|👈")),
    Rule(
        "secret_prose",
        _AFTER_PURPOSE,
        0.55,
        _after_purpose_ok,
        trimmed_span,
        needs=_SHAPED_SYMBOL,
        starts=noun_starts,
    ),
    Rule(
        "secret_prose",
        _LONG_PURPOSE,
        0.55,
        _long_purpose_ok,
        trimmed_span,
        needs=re.compile(r"\d"),
        starts=noun_starts,
    ),
    Rule(
        "secret_prose",
        _RUN_AFTER_NOUN,
        0.55,
        _run_ok,
        needs=re.compile(r"[A-Za-z0-9]{10}"),
        starts=noun_starts,
    ),
    Rule(
        "secret_prose",
        _CHANGED_TO_VERB_LAST,
        0.55,
        _argument_ok,
        needs=re.compile(r"(?i)geändert|gesetzt|zurückgesetzt|umgestellt|geaendert"),
        starts=noun_starts,
    ),
)
