"""A secret assigned to a name (`api_key = "…"`), and what makes an assignment no secret."""

from __future__ import annotations

import re

from writers.redact.names.code_refs import SELECTOR, identifier_like, is_code_ref
from writers.redact.names.sealed import under_sealed_key
from writers.redact.names.secret_names import (
    NAME_PIECES,
    PUBLIC_NAME,
    foreign_name_strength,
    name_strength,
    names_a_secret,
    names_code,
    names_digest,
    names_secret_variable,
)
from writers.redact.public_forms import (
    digest_named_before,
)
from writers.redact.structure import line_before
from writers.redact.values.placeholders import (
    HEX,
    describes_a_secret,
    enveloped,
    is_placeholder,
    said_stand_in,
)
from writers.redact.values.plausible import (
    DOC_FIELD,
    PATTERN,
    PUBLISHABLE_KEY,
    looks_random,
    plausible_secret,
    secret_reference,
)

# A name is written in any script (`KLUCZ_API`, `пароль_базы_данных`, `"署名シークレット"`),
# with the marks Indic, Hebrew and Arabic letters carry inside a word (`सत्र_टोकन`). A name in
# another script than Latin may have its words apart (`секрет подписи`, `"κλειδί API"`,
# `HMAC कुंजी`): a space joins two words when one beside it is not in ASCII, so an English name
# stays one word.
_NAME_CHARS = r"[\w.$@\u0591-\u05c7\u064b-\u065f\u0900-\u0dff-]"
# Nor does such a name start at its second word (`ключ` of `имя API-ключ`, a key's name).
_NOT_A_LATER_WORD = (
    r"(?!(?<=[^\x00-\x7f] )(?<="
    + _NAME_CHARS
    + r" ))(?!(?<="
    + _NAME_CHARS
    + r" )(?=[^\x00-\x7f]))"
)
_NAME_FIRST = r"(?:[^\W\d]|[$@])"
ASSIGN_NAME = (
    r"(?P<name>" + _NOT_A_LATER_WORD + _NAME_FIRST + _NAME_CHARS + r"*?"
    r"(?:(?:(?<=[^\x00-\x7f]) (?=[^\W\d])| (?=[^\W\d\x00-\x7f]))" + _NAME_CHARS + r"+?){0,3}?)"
)
# `::` is a path separator (Rust, C++, Ruby, PHP), never an assignment: `:(?!:)`; `==` is
# base64 padding or a comparison: `=(?!=)`.
ASSIGN_OP = (
    r"[\"']?\]?[ \t]*(?:\s(?:string|str|String)[ \t]*)?"
    r"(?:=>|:::=|::=|:=|\?=|\+=|\.=|=(?!=)|:(?!:))[ \t]*"
)
# A name and its operator as they stand in an ASCII text: the words of a name apart (after
# `_NAME_CHARS*?`) need a character outside ASCII beside their space, so in ASCII a name is one
# run of its characters; the same places as `ASSIGN_NAME + ASSIGN_OP` there, found for less.
ASCII_NAME_OP = _NAME_FIRST + _NAME_CHARS + r"*" + ASSIGN_OP


_LEADING_ESCAPE = re.compile(r"\\(?:[nrt\"'/\\]|u[0-9a-fA-F]{4})")
BRACKETS = re.compile(r"[(){}\[\]]")


# The segments of a key path written before the name: `checksum/` in `checksum/secret:`.
_KEY_PATH = re.compile(r"(?:[\w.-]+/)+$")
# Command-line flags after a bare value: the value is a command (`Read-Host -AsSecureString`).
_FLAGS_AFTER = re.compile(r"[ \t]+--?[A-Za-z]")


# `@password.txt`, `@/run/secrets/db`: a value read from a file (vault, curl, httpie syntax).
FILE_REF = re.compile(r"@[~./]?[\w./~-]*\.[A-Za-z]\w{0,4}|@[~.]?/[\w./~-]+")
# Last parts of a dotted key that qualify the name before them rather than name a value.
QUALIFIER_LEAVES = frozenset(
    "prod production dev development staging stage test qa uat local old new current previous "
    "next value default primary secondary main backup encrypted plain raw live sandbox".split()
)
# A value that is a sentence: words of letters (any script) ending in a full stop, as the
# messages of a translation file are (`"auth.totp.mismatch": "Stimmt nicht überein."`).
SENTENCE = re.compile(r"[^\W\d_]+(?:[ ,'’-]+[^\W\d_]+)*[.!?。！？]")


# A type's name: capitalised words (`PhoneKey`, `SecretStr`, `Int32`), maybe generic or optional.
_TYPE_NAME = re.compile(
    r"(?P<t>[A-Z][a-z]+(?:[A-Z][a-z]*|\d{1,3})*)(?:<[\w<>, \[\]?&]*>|\[[\w, \[\]]*\])?[?!]?"
)
# Where a name is declared with its type: inside a parameter list (an unclosed `(` before it on
# its line) or after a declaring keyword (`val`, `let`, `readonly`, `var`…).
_DECLARES = re.compile(
    r"(?:\b(?:val|var|let|const|readonly|private|public|protected|internal|lateinit|static|inout)"
    r"[ \t]+)$"
)
# A type's body on one line: `interface Auth { password: PasswordHash; … }`.
_TYPE_BODY = re.compile(
    r"\b(?:interface|type|struct|class|record|protocol|trait)[ \t]+\w+[^{]*\{[^}]*$"
)
# The line that opens a type's body (GraphQL's `input` and `extend type` too): `{` at its end.
_TYPE_HEAD = re.compile(
    r"^[ \t]*(?:(?:export|declare|public|private|internal|data|abstract|sealed|extend)[ \t]+)*"
    r"(?:interface|type|input|struct|class|record|protocol|trait)[ \t]+\w+[^{}\n]*\{$"
)


def type_annotation(text: str, name_start: int, name_end: int, value: str) -> bool:
    """True for `name: Type` in a declaration: a parameter list's `(hashPassword: ConsigneeHash)`
    (TypeScript, Kotlin, Swift, Python) or `val token: AuthToken =`. A type is named in
    capitalised words and followed by what ends a parameter or starts its default; a password
    typed after "password:" in prose stands in no parameter list."""
    typed = _TYPE_NAME.fullmatch(value)
    if typed is None or not identifier_like(typed.group("t")):
        return False
    after = text[name_end : name_end + 80]
    op = re.match(r"[ \t]*:[ \t]*", after)
    if op is None or not after.startswith(value, op.end()):
        return False  # only `name: Type`
    follows = text[name_end + op.end() + len(value) :][:3]
    if not re.match(r"[ \t]*(?:[),=<\[{};|\n]|->|$)", follows):
        return False
    line = line_before(text, name_start)
    return (
        _in_parameter_list(line)
        or _DECLARES.search(line) is not None
        or _TYPE_BODY.search(line) is not None
        or _in_type_body(text, name_start)
    )


def _in_type_body(text: str, start: int) -> bool:
    """True when `start` stands in a type's body over several lines: the innermost brace left
    open before it was opened by a line that declares a type (`type Tracking {`, GraphQL's
    `input …`, `interface Auth {`, `struct Creds {`), each field on a line of its own. An object
    literal's brace (`const cfg = {`, YAML's flow map) opens values, not fields."""
    depth = 0
    for i in range(start - 1, max(-1, start - 4000), -1):
        c = text[i]
        if c == "}":
            depth += 1
        elif c == "{":
            if depth == 0:
                return _TYPE_HEAD.search(line_before(text, i + 1)) is not None
            depth -= 1
    return False


def _in_parameter_list(line: str) -> bool:
    """True when `line` ends inside a parameter list: an unclosed `(` glued to a function's name
    (`fun seal(`, `renew(`); a bracket after a space opens prose (`staging (password: …)`)."""
    depth = 0
    for i in range(len(line) - 1, -1, -1):
        if line[i] == ")":
            depth += 1
        elif line[i] == "(":
            if depth == 0:
                return i > 0 and (line[i - 1].isalnum() or line[i - 1] in "_>]")
            depth -= 1
    return False


# Concatenation with a name after a closing quote: `+` (JavaScript, Java, Python, C#), `..` (Lua),
# `.` between spaces (PHP, Perl; glued, `"…".encode()` calls a method on the literal), `||` (SQL),
# `<>` (Elixir), `&` (VB).
_CONCATENATED = re.compile(
    r"[ \t]*(?:\+|\.\.|\|\||<>)[ \t]*[A-Za-z_$@]|[ \t]+[.&][ \t]+[A-Za-z_$@]"
)


# A name, then an operator of an expression: a condition, a comparison, a fallback.
EXPRESSION_OP = re.compile(r"[ \t]*(?:\?(?!\?)|\?\?|&&|\|\||[=!]==?|<=|>=)[ \t]")


# A name in snake or constant case followed by `=`: the next assignment's key, read as a value
# because the first one has none on its line. Base64 padding follows random text, not words.
_NEXT_KEY = re.compile(r"(?:[a-z][a-z0-9]*(?:_[a-z0-9]+)+|[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+)=")


def spelled_from_name(value: str, name: str) -> bool:
    """True when every word of `value` is a word of `name` or a word that describes a stand-in
    (`describes_a_secret`), and at least one is the name's."""
    own = {p.lower() for p in NAME_PIECES.findall(name)}
    words = [p.lower() for p in NAME_PIECES.findall(value)]
    return bool(own.intersection(words)) and all(w in own or describes_a_secret(w) for w in words)


def assign_check(m: re.Match[str]) -> bool:
    name = m.group("name")
    if "@" in name[1:]:
        return False  # `USER:PASSWORD@HOST:5432`: a URL's authority, not `name: value`
    # A dotted key is named by its last part: `auth.totp.mismatch` holds a message about a
    # one-time code, `spring.datasource.password` a password.
    # A last part that only qualifies (`db.password.prod`, `api.token.v2`) leaves the name to
    # the rest.
    leaf = name.rstrip(".").rsplit(".", 1)[-1] if "." in name.strip(".") else name
    if leaf.lower() in QUALIFIER_LEAVES or re.search(r"\d", leaf):
        leaf = name
    # Only a name of a secret (strength 1 or 2) can make the value one: every other way out of
    # this check says no. So a name that names none (`said: turn`, `Note: …`, the most common
    # assignment in chat) is decided here, before the checks below, which could only say no too
    # (issue 27, twelfth round: they were ~55 µs of every such line; fifteenth round: the path,
    # selector and reference tests too, which also only say no, come after it).
    strength = name_strength(leaf)
    if strength < 2:
        # `KLUCZ_API`, `пароль_базы_данных`, `"署名シークレット"`: a name in another language.
        strength = max(strength, foreign_name_strength(leaf))
    if strength == 0 and leaf != name:
        # `webhooks.mat.khau`, `security.khoa.api`: a noun of two words in another language
        # (`mật khẩu`, `khóa API`) spread over the last parts of a dotted key.
        strength = foreign_name_strength(name)
    if strength == 1 and leaf != name:
        # `storage.partner.api.key`, `auth.signing.key`: a dotted key's last two parts are one
        # noun, as `api_key` is; the part before a bare `key` says which kind.
        strength = max(1, name_strength("_".join(name.rstrip(".").split(".")[-2:])))
    if strength not in (1, 2):
        return False
    joined = m.string[m.start("name") : m.end()]
    if m.string[m.start("name") - 1 : m.start("name")] in (":", "/") and re.fullmatch(
        r"[^\s:=]+:[^\s=]+", joined
    ):
        # A segment of a colon- or slash-joined path, not `name: value`: a build target
        # (`//crypto/token:mask_test`, `:secrets-token:compileKotlin`), a package coordinate
        # (`com.acme:secret-spi:0.38.2`), an ARN (`…:secret:prod/db-password-49K4iO`).
        return False
    if SELECTOR.fullmatch(joined) or secret_reference(joined.rstrip("\"'")):
        return False  # an Objective-C selector, or a store's `credentialsJSON:<uuid>` entry
    if re.fullmatch(r"[^\s:=]+:[^\s:=]+:[^\s=]+", joined):
        return False  # `org.acme.auth:password-hasher:2.4.1`: three segments joined by colons
    path = _KEY_PATH.search(m.string[max(0, m.start("name") - 80) : m.start("name")])
    if path and names_digest(path.group(0)):
        return False
    word = re.search(
        r"(?i)(?<![\w-])(\w+)[ \t]+$", m.string[max(0, m.start("name") - 30) : m.start("name")]
    )
    if word and word.group(1).lower() in PUBLIC_NAME | {"sealed"}:
        # `minisign public key: RW…`: the public half, named in words; `Sealed secret: Ag…`:
        # a SealedSecret's ciphertext, made to be committed
        return False
    if digest_named_before(line_before(m.string, m.start("name")) + name):
        return False  # "hash of the token:", "hash do token:": a digest is the phrase's head
    value = m.group("s")
    quoted = m.group("q") is not None
    if SENTENCE.fullmatch(value):
        return False  # a message, not a value
    rest = m.string[m.end("name") : m.end("name") + 200].split("\n", 1)[0]
    if PATTERN.search(rest):
        return False  # `token: ^[A-Za-z0-9_-]{40}$`: the form a value must have, a pattern
    if said_stand_in(m.string[m.end() : m.end() + 120]):
        return False  # `password: hunter2  # example only`: the line says it is no real one
    if not quoted and EXPRESSION_OP.match(m.string, m.end()) and identifier_like(value):
        return False  # `token = isProd ? prodToken : devToken`: an expression, code
    if DOC_FIELD.search(line_before(m.string, m.start("name"))):
        # `:param password: plain-text password to hash`, `@param token …`: a docstring's field
        # describes the parameter of that name in words; the value is passed at call time.
        return False
    if PUBLISHABLE_KEY.match(value):
        # `"apiKey": "pk_test_…"`: the prefix says publishable, a key made to be shipped in web
        # pages (Stripe, Clerk), whatever name it is stored under; `sk_…` still opens the account.
        return False
    if quoted and re.fullmatch(r"(?:[A-Za-z][\w-]*:?[ \t]+)+\S+", value):
        if is_placeholder(value.rsplit(None, 1)[-1]):
            # `` `Authorization: Bearer $TOKEN` ``: words, then a slot; a recipe for the line
            return False
    if (
        quoted
        and _CONCATENATED.match(m.string, m.end())
        and not looks_random(value.strip(":/_.- "), min_len=8)
    ):
        # `"sis:token:" + courseId`, `'Bearer ' .. token`: a literal joined to a variable is the
        # fixed part of a key or a header built at run time, a prefix; a random literal is kept.
        return False
    if not quoted and FILE_REF.fullmatch(value):
        return False  # `password=@password.txt`: read from a file (vault, curl, httpie)
    if (
        m.string[m.start("name") - 1 : m.start("name")] in ("?", "&")
        and re.search(r"&[\w.-]+=", value)
        and is_placeholder(value.split("&", 1)[0])
    ):
        # `otpauth://…?secret=BASE32SECRET&issuer=…`: in a URL's query `&name=` begins the next
        # parameter, so the value is what stands before it, here a slot.
        return False
    raw = m.string[m.start("s2") : m.end("s2")] if m.group("q") is None else ""
    if re.fullmatch(r"(?i)(?:base64|b64|base32|hex|plain|env|file):", raw):
        return False  # `APP_KEY=base64:`: an encoding with nothing after it, an empty value
    if not quoted and type_annotation(m.string, m.start("name"), m.end("name"), value):
        return False  # `(passwordCipher: PhoneKey)`: a parameter and its type, not a value
    if not quoted and names_code(value):
        return False  # `token: ResetTokenDto`: a type's name (`…Dto`, `…Provider`), code
    if not quoted and value.startswith("!") and is_code_ref(value.lstrip("!")):
        return False  # `bearerPan:!!z.emailDob`: an expression in minified code
    if names_a_secret(value) and re.fullmatch(r"[a-z]+(?:[-_.][a-z]+)+", value):
        # `from_secret: docker_password`, `existingSecret: app-db-credentials`, and quoted in
        # code (`KEY_REFRESH_TOKEN = "pref_auth_token"`, `= "com.app.auth.token"`): lowercase
        # words joined by separators and ending in a credential noun name where a secret is
        # stored; a secret is not spelled as its own name (`"WinterPassword"` may be one).
        return False
    if re.fullmatch(r"[A-Za-z]+(?:[_-][A-Za-z]+)*", value) and spelled_from_name(value, name):
        # `TOKEN_TYPE_BEARER = "Bearer"`, `ClientSecretKey = "ClientSecret"`: the value spells
        # words of its own name, an enum member or the name of a key; a secret is not spelled
        # out of the name it is stored under. Words that describe a stand-in may stand among
        # them (`FAKE_DB_PASSWORD = "db_password_for_tests"`).
        return False
    if not quoted and m.string[m.end("s2") : m.end("s2") + 1] == "<":
        # A bare value cut at `<` goes on into a slot (`sntrys_<payload>_<signature>`): judged
        # whole, as a template.
        run = re.match(r"\S+", m.string[m.start("s2") :])
        if run is not None and is_placeholder(run.group(0)):
            return False
    pair = re.fullmatch(r"[^\s:/]+[:/]([^\s:/]+)", value)
    if pair is not None and is_placeholder(pair.group(1)):
        # `CP_BASIC_AUTH=cp001:password`: a user and a slot for the password, as a Basic
        # credential that decodes to one is (`auth_check`).
        return False
    if not quoted and names_secret_variable(value):
        return False  # `password=password_from_keyring,`: a variable that holds it, code
    if not quoted and re.fullmatch(r"[A-Za-z_][A-Za-z_.]*\[[^\]\s]*\]?", value):
        return False  # `secret=secret_bytes[:32]`: a subscript or a slice of a name, code
    if not quoted and _NEXT_KEY.fullmatch(value):
        return False  # `creds: aws_access_key_id=<redacted>`: the next key's name, not a value
    before = line_before(m.string, m.start("name"))
    q = m.group("q")
    name_quoted = q and before.endswith(q) and m.string.startswith(q, m.end("name"))
    if q == "`" and (before.count(q) - bool(name_quoted)) % 2 == 1:
        # `` `DB_PASSWORD=` ein… ``: the name is inside a Markdown code span that the backtick
        # after the operator closes, so the value is empty and what follows is the sentence.
        # (Double quotes are not counted: in an unescaped view of JSON their parity is lost.)
        return False
    if before.endswith("/") and re.search(r"\.[a-z]{1,4}$", name) and value[:1].isdigit():
        return False  # `./src/credential.rs:293:26`: a file and a line number, not a value
    if not quoted and value[:1] in "[(<{":
        return False  # `auth=[FILTERED]`, `(sensitive)`: a marker or a slot
    if q == "`" and re.match(r"[a-z][\w.-]*[ \t]+\S", value) and not name_quoted:
        return False  # `TOKEN=\`cat ~/.config/gh/token\``: a command's output, substituted
    if not quoted and identifier_like(value) and _FLAGS_AFTER.match(m.string, m.end()):
        return False  # `= Read-Host -AsSecureString`: words then flags are a command
    if not quoted and m.group("call"):  # `key = get_secret("x")` is code, not a value
        return False
    if enveloped(value) or under_sealed_key(m.string, m.start("name")):
        return False  # ciphertext: in an encryption envelope, or under a key that says so
    if not quoted and _LEADING_ESCAPE.match(value):
        # `DB_PASSWORD=\nDEBUG=1` in escaped text: the value is empty and the next line begins;
        # the redactor's unescaped view reads any real value that follows.
        return False
    if published_defaults(m.string, m.start("name")):
        return False  # an upstream project's published defaults: public, not ours
    if strength == 2:
        return plausible_secret(value, quoted=quoted)
    if strength == 1:
        # A weak name (`key`, `cache_key`) says little, so the value must be one random run:
        # `cache/<sha256>`, `img/b7/<sha1>.webp`, `thumb:3658def1de41:128` are paths and cache
        # keys made of a digest and names, and a bare hex string is a digest.
        longest = max(re.split(r"[-_.]", value), key=len)
        if re.search(r"[/:]|\.[A-Za-z]{2,4}$", value) or HEX.fullmatch(longest.lower()):
            return False
        said = word.group(1) + " " + leaf if word else leaf  # `idempotency key: …` in prose
        if _slug(value) or _tag_of_its_name(value, said):
            return False
        return looks_random(value)
    return False


def _slug(value: str) -> bool:
    """`pricing_page_experiment_b`, `checkout-v2-rollout`, `ff_5ea6b4_search_reranker`: pieces
    joined by `_` or `-`, half the value or more in lowercase words of three letters or more.
    Under a weak name (`flag_key`, `experiment_key`) it names a flag or a cohort; a random
    run is not spelled in words."""
    parts = re.split(r"[-_]", value)
    words = sum(len(p) for p in parts if len(p) >= 3 and p.isalpha() and p.islower())
    return len(parts) >= 2 and words * 2 >= len(value)


def _tag_of_its_name(value: str, name: str) -> bool:
    """`idempotency key: idem_9GPW…`: the value's tag is the start of a word of its own name
    (a weak one, whose only secret word is `key`), so it names an object of that kind (a
    request's id); a key's tag names a key or its vendor (`sk_`, `rk_`)."""
    tag = re.match(r"([a-z]{2,8})[_-]", value)
    if tag is None:
        return False
    words = [p.lower() for p in NAME_PIECES.findall(name) if p.lower() != "key"]
    return any(len(w) > len(tag.group(1)) and w.startswith(tag.group(1)) for w in words)


# A config its text calls an upstream project's defaults or example ("upstream example, values
# are defaults", "the upstream's sample .env"): the values ship in a public repository, so they
# open nothing that is ours. ("Default" alone is not enough: "the default password for new hires
# is …" is the organisation's own secret.)
_UPSTREAM_DEFAULTS = re.compile(
    r"(?i)\bupstream(?:'s|’s)?\b[^\n]{0,60}?\b(?:defaults?|examples?|samples?)\b"
    r"|\b(?:defaults?|examples?|samples?)\b[^\n]{0,30}?\bupstream\b"
    # A default or an example a vendor publishes: said to come from its documentation, manual,
    # quickstart, tutorial or sample ("default from WebLogic sample domain", "example from the
    # RabbitMQ tutorial"), or called a documented or shipped default. Our own docs or wiki are
    # not published ("default from our wiki" is the organisation's own).
    r"|\b(?:defaults?|examples?)\b[^\n]{0,40}?\bfrom\b(?![^\n]{0,40}?\b(?:our|internal|wiki)\b)"
    r"[^\n]{0,40}?\b(?:docs|documentation|manual|handbook|quickstart|tutorial|getting[ -]started"
    r"|sample)\b"
    r"|\b(?:documented|vendor(?:'s|’s)?|shipped|factory)[ -]defaults?\b"
)


def published_defaults(text: str, start: int) -> bool:
    """Is the config around `start` introduced, in its paragraph or code block, as an upstream
    project's defaults or example?"""
    fence = text.rfind("```", 0, start)
    inside = fence >= 0 and text.count("```", 0, start) % 2 == 1
    if inside:  # the code block and the line that introduces it
        low = text.rfind("\n", 0, max(0, text.rfind("\n", 0, fence))) + 1
    else:  # the paragraph: back to the last blank line
        blank = text.rfind("\n\n", 0, start)
        low = blank + 2 if blank >= 0 else 0
    return bool(_UPSTREAM_DEFAULTS.search(text, max(low, start - 2000), start))
