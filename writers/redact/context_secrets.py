"""Secrets without a fixed format, found by what surrounds them or by what they are made of.

Three principles, none tied to one vendor or one corpus:

- **Named in prose.** A word that names a secret, in any of the languages a team writes in
  ("password", "Passwort", "mot de passe", "contraseña", "senha", "wachtwoord", "パスワード"…),
  followed by a colon, a copula ("is", "lautet", "est", "é", "は"…), a short "for the office:"
  phrase, or directly by a value that could only be a secret. Client flags that take a password
  (`--password`, MySQL's `-pSECRET`, `redis-cli -a`, `sshpass -p`) and "login: user / password"
  pairs count as naming it.
- **Machine-made.** A long token with letters of both cases and digits, high entropy, that is not a
  known non-secret shape (hex digest, UUID, base64 of readable text, a path or a dotted name), is a
  credential wherever it stands; so is a short vendor prefix joined to a long random body
  (`key-…`, `shpat_…`, `SG.….…`) — the shape nearly every API key has, whichever vendor made it.
- **Near its words.** A 40-character base64 run (the AWS secret-key shape) with "aws", "secret"
  or "key" shortly before or after it.
"""

from __future__ import annotations

import base64
import binascii
import bisect
import functools
import re

from writers.redact.public_forms import (
    ARMOUR_B64,
    armoured_private_key,
    block_label,
    digest_named_before,
    introduced_as_digests,
    introduced_as_encoded_data,
    public_by_words,
)
from writers.redact.recognizers import (
    DATA_URI,
    DOC_FIELD,
    FILE_REF,
    LOWER_PATH,
    PINNED_DIGEST,
    SECRET_NOUNS,
    SECRET_NOUNS_CJK,
    SOURCE_LOCATION,
    UUID,
    Rule,
    column_header,
    decoded_placeholder,
    described_sealed,
    entropy,
    enveloped,
    identifier_like,
    is_code_ref,
    is_placeholder,
    jwk_public_member,
    looks_random,
    name_strength,
    names_a_secret,
    names_code,
    names_cursor,
    names_digest,
    names_secret_variable,
    plain_address,
    plausible_secret,
    published_defaults,
    real,
    secret_reference,
    type_annotation,
    under_sealed_key,
)
from writers.redact.said_secret import glued_name_says_secret, said_secret, says_secret
from writers.redact.structure import (
    checksum_beside,
    der_public,
    line_before,
    numeric_array,
    readable_structure,
)

# ---------------------------------------------------------------- named in prose

# Words that name a secret (`recognizers.SECRET_NOUNS`), in many languages and scripts.
_NOUNS, _NOUNS_CJK = SECRET_NOUNS, SECRET_NOUNS_CJK
# What joins the noun to its value: a colon or equals sign, or a copula in one of those languages.
_COPULA = (
    r"is|was|are|now|still|will be|has been|should be|set to|changed to|reset to|to"
    r"|lautet|ist|war|est|c['’]est|es|era|é|è|är|er|on|jest|je|zijn|is nu|ahora es"
    r"|είναι|היא|הוא|هي|هو|है|là|ialah|adalah|это"
    # Irish puts the copula first and names the value after `ná` ("Is é an pasfhocal … ná X");
    # Welsh says `yw`, Lithuanian `yra`, Albanian `është`.
    r"|ná|yw|ydy|yra|është"
    # Romanian `e`/`este`, Swahili `ni`, Tagalog `ay`, Thai `คือ`, Malay `ialah` above.
    r"|este|e|ni|ay|คือ"
)
# Copulas chain: "is now", "has been reset to", "ist jetzt".
_NOW = r"jetzt|maintenant|ahora|agora|adesso|ora|nu|now|teraz|сейчас|теперь"
_COPULAS = rf"(?:(?:{_NOW})[ \t]+)?(?:{_COPULA})(?:[ \t]+(?:{_COPULA}|{_NOW})){{0,2}}"
# A short qualifier between the noun and the joiner: "pw for the office:", "password of admin is".
QUALIFIER = (
    r"(?:[ \t]+(?:(?:for|of|on|für|pour|para|per|voor|van|von|do|da|de|del|della|du|des"
    r"|der|dem|den|das|dos|das|dei|delle|degli"
    r"|k|ke|na|od|za|dla|для|от|к|на|til|för|på|till|al|au|don)[ \t]+"
    r"|dell'|dell’|d'|d’)[^\s:=]{1,30}(?:[ \t]+[^\s:=：]{1,30}){0,4}?)"
)
# Before a colon any few words may stand: "Mot de passe root du NAS : …".
_LABEL = r"(?:[ \t]+[^\s:=：]{1,30}){0,6}?"
_OPEN_QUOTE = r"[\"'`“„«「『]"
_CLOSE = ".,;:!?)\"'`”»」』"
# A value ends at whitespace, a closing quote, or an escaped line break or quote (`\n` inside a
# JSON string is the end of the line the redactor's unescaped view reads), and at a character of
# a script written without spaces (kana, CJK ideographs, Hangul): "パスワードはabc123です" holds
# `abc123`, and "密码是 在1Password里面" holds no value, only the rest of its sentence.
_VALUE = (
    r"(?P<s>(?:[^\s\"'`”»」』\\\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af\uff00-\uffef]"
    r"|\\(?![nrt\"'])){4,200})"
)

_PROSE = re.compile(
    rf"(?i)(?:(?<![A-Za-z0-9])(?:{_NOUNS})(?![A-Za-z])|(?:{_NOUNS_CJK}))"
    rf"(?:{QUALIFIER}?(?P<join>\s*(?:[:=：](?!:))(?:\s*(?:{_COPULAS})\s)?"
    rf"|\s+(?:{_COPULAS})(?=[\s:=\"'`“„«「])(?:\s*[:=])?|\s*(?:は|는|은|是|为|為)"
    # Most languages put the modifier after the noun, with no preposition ("mật khẩu wifi là",
    # "ο κωδικός του wifi είναι", "nenosiri la wifi ni"): up to three words of letters, then a
    # verb "to be" (not `to` or `on`, which are prepositions too: "pin the SDK to v2") or a dash.
    rf"|(?:[ \t]+[^\W\d_]{{1,20}}){{1,3}}?[ \t]+(?:(?!(?:to|on)[ \t])(?:{_COPULAS})|–|—)"
    rf"(?=[ \t\"'`“„«「])"
    # An arrow or a dash between spaces: "password -> …", "Password – …".
    rf"|[ \t]+(?:->|→|-|–|—)[ \t]+)"
    # A label's colon is followed by a space in prose; `:rotating_light:` opens an emoji code.
    rf"|{_LABEL}\s*(?::(?=\s)|：)"
    rf"|(?P<bare>[ \t]+))"
    rf"\s*{_OPEN_QUOTE}?{_VALUE}"
)


def _mixed(value: str) -> bool:
    """Letters with digits or with symbols (`-_./` aside, which join words and paths): not a
    word of prose, a file name or a flag."""
    has_alpha = any(c.isalpha() for c in value)
    has_digit = any(c.isdigit() for c in value)
    has_symbol = any(not c.isalnum() and c not in "-_./" for c in value)
    return has_alpha and (has_digit or has_symbol) or (has_digit and has_symbol)


# `self._token_cache[user_id]`, `config[`, Razor's `@Config["Db:Password"]`, Ruby's
# `params[:token]`: a subscript of a name (no digit in it), not a value. A slice too
# (`secret_bytes[:32]`, `key[-16:]`).
_SUBSCRIPT = re.compile(
    r"@?[A-Za-z_][A-Za-z_.]*\[(?::?[A-Za-z_][\w.]*|[\"'][^\"']*[\"']?|\d+|-?\d*:-?\d*)?\]?"
)


_ISO_TIME = re.compile(
    r"\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:[.,]\d+)?)?)?(?:Z|[+-]\d{2}:?\d{2})?"
)


def _value_ok(raw: str, *, strict: bool, said: bool = False) -> bool:
    """Could `raw`, standing after a word that names a secret, be the secret itself? `said`: the
    word is joined to it by a copula ("is", "ist"), so the value is not a config's next key."""
    key = re.match(r"[A-Za-z_][\w.-]*(?=[=:])", raw)
    named = key is not None and _a_name(key.group(0))
    if not said and named and re.fullmatch(r"[A-Za-z_][\w.-]*[=:]", raw):
        return False  # the next key of a config
    if re.match(r"\\[nrt\"']|-|\.{0,2}/|[<{\[(:]|%\{", raw) or (
        not said and named and re.match(r"[A-Za-z_][\w.-]*=", raw)
    ):
        return False  # the next key or line of a config, a flag, a path or a <slot>: not a value
    if SOURCE_LOCATION.fullmatch(raw.rstrip(_CLOSE)):
        return False  # `pipelines/upload.nf:246`: a file and a line (grep, a compiler, a trace)
    if LOWER_PATH.fullmatch(raw.rstrip(_CLOSE)):
        # `secret "ops/gds/1a-ws" not found`: lowercase segments joined by slashes are where a
        # secret is kept (a vault path, a Secret's namespace and name), never the secret itself.
        return False
    if raw.endswith(("...", "…")) or is_placeholder(raw):
        return False  # `sk-ant-api03-...`: a slot to fill in
    if decoded_placeholder(raw.rstrip(_CLOSE)):
        return False  # `UkVQTEFDRV9NRQ==`: base64 of a slot's words, a Secret's `data:` stand-in
    if enveloped(raw):
        return False  # ciphertext in its envelope: useless without a key not in the text
    value = raw.rstrip(_CLOSE)
    if DATA_URI.match(value) or (len(value) >= 16 and _file_bytes(value)):
        # "token icon: data:image/png;base64,…", "password protected zip: UEsDB…": a file's
        # bytes, whatever word labels them (the name=value rules read them so already).
        return False
    if re.fullmatch(r"[\d.,:/-]+", value):
        return False  # a time, a date, a number: "the token expires at: 10:00"
    if plain_address(value):
        return False  # `curl -u ops:pass http://grafana:3000`: where something is
    if _ISO_TIME.fullmatch(value):
        return False  # `2025-07-01T00:00Z`: an ISO 8601 date and time, when something happens
    if re.match(r"[A-Za-z_][\w.]*[!?]?\(", value) or _SUBSCRIPT.fullmatch(value):
        return False  # `password = getpass.getpass(…)`, `config['oauth'][…]`: code, not a value
    if is_placeholder(value) or len(value) < 4 or names_a_secret(value):
        return False  # `--secret stripeKey`: which secret to use, not the secret
    if names_secret_variable(value):
        return False  # `api_key=args.api_key2`: a variable or a member that holds it
    if FILE_REF.fullmatch(value):
        return False  # `password=@password.txt`: read from a file
    if PINNED_DIGEST.search(value) or secret_reference(value):
        return False  # `app@sha256:<hex>`, `op://Vault/Item/password`: references
    if names_code(value):
        return False  # `… from provider: AccessDeniedException`: the name of a type
    if not any(c.isascii() and c.isalnum() for c in value):
        return False  # "パスワードは管理者に聞いてください": the rest of the sentence, not a value
    if re.fullmatch(r"[a-z]+", value) and len(value) < 12:
        return False  # an ordinary word after "password" is prose ("the password policy")
    # `config.secrets.db` names where a secret lives; `Walrus934.Saffron` is one.
    if is_code_ref(value) and not re.search(r"[A-Za-z]\d|\d[A-Za-z]|[^\w.]", value):
        return False
    # `secrets.S3_SECRET_KEY`, `env.DB_PASSWORD_V2`: a member named as a constant is a variable
    # that holds the secret (a store's or an environment's entry), digits or not.
    if is_code_ref(value) and _CONSTANT.fullmatch(value.removesuffix("()").rsplit(".", 1)[-1]):
        return False
    if strict:  # no colon or copula: only a value that could not be a word counts
        if _GENERATED_NAME.fullmatch(value):
            return False  # `geo-resolver-token-wwh5p`: a resource's name, not its secret
        if _RANDOM_GROUPS.fullmatch(value):
            return True  # `egmt-dhhtg-aycw-xkvr`: letters no language spells, a generator's
        return len(value) >= 6 and _mixed(value) and not re.fullmatch(r"[\d.,:/-]+", value)
    return plausible_secret(value, quoted=False) or bool(re.search(r"\d", value))


# A config's key is a name: its pieces are words in one case or capitalised (`db.host`,
# `maxPoolSize2`, `DB_PASSWORD`). Two capitalised letters with a digit or a capital after
# (`TwdBm7`, `WkRhbKKzh…`) are no word: base64 or a generator's run, its padding `=` no operator.
_NOT_A_WORD = re.compile(r"(?<![A-Za-z])[A-Z][a-z](?![a-z])")


def _a_name(word: str) -> bool:
    return len(word) <= 3 or not _NOT_A_WORD.search(re.sub(r"(?<=[a-z])(?=[A-Z])", " ", word))


# Groups of lowercase letters joined by hyphens, two of them four letters or more with no vowel
# (`egmt-dhhtg-aycw-xkvr`): no word of a Latin-script language is spelled so (one such group may
# be an abbreviation, `html`, `sftp`), so the value is random groups, the way password generators
# print them; names and prose are words.
_NO_VOWEL_GROUP = r"(?<![a-z])[b-df-hj-np-tv-xz]{4,}(?![a-z])"
_RANDOM_GROUPS = re.compile(
    rf"(?=[a-z-]*{_NO_VOWEL_GROUP}[a-z-]*{_NO_VOWEL_GROUP})[a-z]{{3,8}}(?:-[a-z]{{3,8}}){{2,}}"
)


def plausible_value(raw: str, *, strict: bool) -> bool:
    """Could `raw`, standing where a password goes, be one? `strict`: nothing but its place
    names it, so only a value that could not be a word counts (as after a bare noun)."""
    return _value_ok(raw, strict=strict)


# A name in constant case (`S3_SECRET_KEY`).
_CONSTANT = re.compile(r"[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+")

# Lowercase words joined by hyphens with a short generated suffix: the names Kubernetes, cloud
# consoles and package registries give objects (`default-token-x7k2p`, `web-7d9f8c6b5d-q2x8z`).
# A person's passphrase ends in a number (`cobalt-velvet-copper-95`); a generated suffix is random
# letters and digits.
# The stem is words, each with a vowel: groups of random letters throughout
# (`egmt-dhhtg-aycw-xkvr`) are a generated password, not a name with a suffix.
_GENERATED_NAME = re.compile(
    r"(?:[a-z]*[aeiouy][a-z]*)(?:-[a-z]*[aeiouy][a-z]*)+(?:-[a-z0-9]{1,10}){0,1}-(?=[0-9]*[a-z])"
    # A word with a number after it (`saffron54`, vowels and all) is how a person ends a
    # passphrase; generated suffixes are random letters and digits (Kubernetes' alphabet has no
    # vowel at all).
    r"(?![a-z]*[aeiouy][a-z]*\d+$)[a-z0-9]{3,10}"
)
# The key path a noun may end (`checksum/secret:`, `password_sha256:`), read back from the noun.
_PATH_BEFORE = re.compile(r"[\w.-]*[/_.-]$")


# The noun inside a colon- or slash-joined path, right before its next segment: a build target
# (`//crypto/token:mask_test`, `:secrets-pin:compileKotlin`), not `noun: value`.
_IN_PATH = re.compile(r"(?:[:/]\S*|\S*[/:]\S*):")


_NOUN_AT = re.compile(rf"(?i)(?:{_NOUNS})(?![A-Za-z])")
# Words that join a noun to what it is for or whose ("password for the service:"): a label with
# one is a phrase, not a compound noun.
_FUNCTION_WORDS = set(
    "for of on to in at the a an my our your his her their this that du de da do del della der"
    " den dem des das la le les el los las il lo von van voor für pour para per"
    # Tagalog's `ng` ("password ng wifi"), Swahili's `ya`, Indonesian `untuk` (for), Irish `don`.
    " ng ya untuk don".split()
)


# English puts a compound's head last ("password manager is"); the languages whose copula
# follows a noun's modifier ("parola serverului e", "nenosiri la seva ni") put it first.
_HEAD_LAST_COPULA = r"(?:is|was|are|will be|has been|should be)(?:[ \t]+now)?"
_HEAD_LAST_COPULA_END = re.compile(rf"(?i)[ \t]+{_HEAD_LAST_COPULA}[ \t]*$")


_COMPOUND_ADJECTIVE = re.compile(r"[a-z0-9]+-[a-z]{2,}")


def _prose_check(m: re.Match[str]) -> bool:
    if not _prose_context_ok(m):
        return False
    bare = m.group("bare") is not None
    label, value = m.string[m.start() : m.start("s")], m.group("s")
    if (
        re.search(r"[:=：][ \t]*\n\s*$", label)
        and re.fullmatch(r"[A-Za-z_][\w.-]*", value)
        and re.match(r"[ \t]*[:=]", m.string[m.end("s") :])
    ):
        # `cert_passphrase =` then `chave_pix = <…>` on the next line: the noun's value is
        # empty, and what follows is the next key, with its own operator after it.
        return False
    # Joined by a copula (not a colon, an equals sign, or only a space): "… is J=1zw…".
    said = not bare and not re.search(r"[:=：]", label) and bool(re.search(r"[^\W\d_]\s*$", label))
    if said and _COMPOUND_ADJECTIVE.fullmatch(value.rstrip(_CLOSE)):
        # "the password is case-sensitive", "my token is read-only", "the PIN is 4-digits": two
        # lowercase parts joined by a hyphen after a copula say what the secret is like; a
        # passphrase has more words or a number (`ember-marble-walnut-saffron54`).
        return False
    if re.fullmatch(r"\d+", value.rstrip(_CLOSE)):
        return not bare and _pin(m)
    return _value_ok(value, strict=bare, said=said)


# A PIN, a lock's code, a phone's or a card's password is digits: after a word for a password
# (not for a token, a key or a secret, which are not chosen to be typed on a keypad) joined to
# it by a colon or a copula, with no word between but what says whose it is ("Hasło do
# skrytki: …", "PIN for the door is …"), four to eight digits are the password. A word between
# makes the number something else of it ("password reset ticket: 48213", "password expiry:
# 2026"); a run of one digit or a counting sequence (`1234`, `0000`) is an example.
_NOT_TYPED = re.compile(r"(?i)token|api|access|client|auth|secret|rahasia|chave|cl[ée]|chiave")
_PIN_JOIN = re.compile(
    rf"(?i)(?:{QUALIFIER})?(?:[ \t]*[:=：][ \t]*|[ \t]+(?:{_COPULAS})(?:[ \t]*[:=])?[ \t]*)"
    rf"{_OPEN_QUOTE}?[ \t]*"
)


def _pin(m: re.Match[str]) -> bool:
    digits = m.group("s").rstrip(_CLOSE)
    if not 4 <= len(digits) <= 8 or len(set(digits)) == 1 or digits in "01234567890987654321":
        return False
    noun = re.match(rf"(?i)(?:{_NOUNS})(?![A-Za-z])|(?:{_NOUNS_CJK})", m.group(0))
    if noun is None or _NOT_TYPED.search(noun.group(0)):
        return False
    return _PIN_JOIN.fullmatch(m.string[m.start() + noun.end() : m.start("s")]) is not None


# A passphrase is words (NIST SP 800-63B counts spaces as characters; diceware strings words)
# and people end it with a number. After a word for a password joined by a colon or a copula,
# three to seven words ending in a number, in quotes (which say where a value with spaces begins
# and ends) or running to the end of the line, are the passphrase; a number followed by words is
# a quantity ("changed every 90 days").
# A message about a password names it (`about_a_secret`) or has no number of its own.
_PHRASE = r"(?:[^\W\d_]{2,20}|\d{2,4})(?:[ \t](?:[^\W\d_]{1,20}|\d{2,4})){2,6}"
_PASSPHRASE = re.compile(
    rf"(?i)(?:(?<![A-Za-z0-9])(?:{_NOUNS})(?![A-Za-z])|(?:{_NOUNS_CJK}))"
    rf"{QUALIFIER}?(?:[ \t]*[:=：][ \t]*|[ \t]+(?:{_COPULAS})(?:[ \t]*[:=])?[ \t]*)"
    rf"(?:[\"'“„«「『][ \t]?(?P<q>{_PHRASE}(?<=\d))[ \t]?[\"'”»」』]"
    rf"|(?P<e>{_PHRASE}(?<=\d))[ \t]*(?:$|\n|[.,;(]))"
)


def _passphrase_span(m: re.Match[str]) -> tuple[int, int] | None:
    group = "q" if m.group("q") is not None else "e"
    return m.start(group), m.end(group)


def _passphrase_check(m: re.Match[str]) -> bool:
    phrase = m.group("q") or m.group("e")
    noun = re.match(rf"(?i)(?:{_NOUNS})|(?:{_NOUNS_CJK})", m.group(0))
    if noun is None or _NOT_TYPED.search(noun.group(0)) or is_placeholder(phrase):
        return False
    return not _ABOUT.search(phrase)


_ABOUT = re.compile(rf"(?i)(?<![^\W\d_])(?:{_NOUNS})(?![^\W\d_])|{_NOUNS_CJK}")


# A question that asks for a password is answered on the next line: "what's the wifi
# password?" then the value alone on its line, perhaps after a speaker's tag or an arrow or a
# dash (a chat's reply). Nothing but the value's own form names it, so only a value that could
# not be a word counts, as after a bare noun.
_ANSWERED = re.compile(
    rf"(?im)^[^\n]*?(?:(?<![^\W\d_])(?:{_NOUNS})(?![^\W\d_])|{_NOUNS_CJK})[^\n]*[?？][ \t]*\n"
    r"[ \t]*(?:[A-Za-z]{1,12}:[ \t]*|[→>—–-][ \t]*)?(?P<s>[^\s`\"']{4,64})[ \t]*$"
)


def _answered_check(m: re.Match[str]) -> bool:
    if re.fullmatch(r"(?i)v?\d+(?:\.\d+)+(?:[-+.][\w.]*)?", m.group("s").rstrip(_CLOSE)):
        return False  # `v2.3.1`: a version answers "which version?"
    if m.group("s").startswith("@"):
        return False  # `@marta-ops`: a mention answers "who has it?"
    return _value_ok(m.group("s"), strict=True)


def _prose_context_ok(m: re.Match[str]) -> bool:
    """Do the words around a noun's match leave it naming the value after it? (The value itself is
    judged by `_value_ok`.)"""
    if under_sealed_key(m.string, m.start()):
        return False  # `encryptedData:` / `password: Ag…`: a SealedSecret's ciphertext
    if DOC_FIELD.search(line_before(m.string, m.start())):
        return False  # `:param password: plain-text password to hash`: a docstring's field
    if published_defaults(m.string, m.start()):
        return False  # an upstream project's published defaults: public, not ours
    head_start = max(m.string.rfind(c, 0, m.start()) for c in " \t\n`'\"(") + 1
    if _IN_PATH.fullmatch(m.string[head_start : m.start("s")]):
        return False
    label, value = m.string[m.start() : m.start("s")], m.group("s")
    joiner = max(label.rfind(c) for c in ":=：")
    if (
        joiner > 0
        and label[joiner - 1].isdigit()
        and joiner == len(label) - 1
        and value[0].isdigit()
    ):
        return False  # "expired at 2023-07-30T09:55:40Z": a colon between digits is a clock's
    if (
        joiner >= 0
        and "\n" in label[joiner:]
        and (
            (label[joiner] == "=" and not label.rsplit("\n", 1)[-1])
            or re.match(r"[ \t]*[:=]", m.string[m.end("s") :])
        )
    ):
        # `cert_passphrase =` and the line ends: an assignment ends at its line, so its value is
        # empty; the next line is not it, and a word followed by `=` or `:` is the next key. An
        # indented next line continues the value (INI, properties), so it is the value.
        return False
    if joiner > 0 and re.search(r"[\"'`][ \t]*[,;][ \t]*[\"'`]?", label[:joiner]):
        # `"msg": "secret loaded", "secret_name": "…"`: the words closed their string and a
        # comma began the next field; the colon is that field's, not the noun's.
        return False
    if re.search(r"[?!.][ \t]+\S", label.rstrip()) and not re.search(r"[:=：]", label):
        # "the GitHub token for the backup job? It should be fine-grained": the noun's phrase
        # ends with its sentence; a copula in the next sentence says something of its subject.
        return False
    last = re.search(r"([A-Za-z]+)[\"'`]?[ \t]*[:=：][^:=：]*$", label)
    if last and last.start(1) > 0 and last.group(1).lower() in _PUBLIC_TAILS:
        return False  # "token lookup → accessor: …", "token id: …": the last word names it
    if digest_named_before(line_before(m.string, m.start()) + label):
        return False  # "the hash of the token is …": a digest is the phrase's head
    # A parenthesis is an aside ("api key id (not the key):", "digest (sha1):"): the compound is
    # read without it, from the noun on (a line's label may open with an article: "the
    # passphrase dialog:").
    plain = re.sub(r"[ \t]*\([^()\n]{0,40}\)", "", label)
    noun = _NOUN_AT.search(plain)
    if noun and (noun.start() == 0 or plain[noun.start() - 1] in " \t"):
        plain = plain[noun.start() :]
        noun = _NOUN_AT.match(plain)
    compound = (
        noun
        and re.fullmatch(  # a copula before the colon is no head ("… lautet:")
            rf"(?:[ \t]+(?!(?:{_COPULA})[ \t:：])[A-Za-z]+){{1,3}}"
            rf"(?:[ \t]*[:：]|[ \t]+(?:{_HEAD_LAST_COPULA})|[ \t]+[–—])[ \t]*",
            plain[noun.end() :],
        )
    )
    if (
        compound
        and noun
        and plain[: noun.end()].isascii()
        and not _FUNCTION_WORDS.intersection(plain.lower().split())
        and name_strength(re.sub(_HEAD_LAST_COPULA_END, "", plain.rstrip(" \t:：—–"))) == 0
    ):
        # "PIN pad model: …", "password manager version: …", "the password manager is …": a
        # compound noun's last word is its head, and the label names that thing (as a key's
        # name would), not a secret.
        return False
    if joiner > 0 and label[:joiner].count("`") % 2 == 1:
        return False  # "pin `image: …`": the colon is inside code the label opened, not prose
    path = _PATH_BEFORE.search(m.string[max(0, m.start() - 60) : m.start()])
    if path and names_digest(path.group(0) + m.string[m.start() : m.start("s")]):
        return False  # `checksum/secret: <sha256>` is a digest of a secret, which is public
    if path and names_cursor(path.group(0) + m.group(0)[: m.start("s") - m.start()].rstrip(" :=")):
        return False  # `next_page_token=…`: a cursor
    for opener, closer in (("${", "}"), ("{{", "}}")):
        ref = m.string.rfind(opener, max(0, m.start("s") - 80), m.start("s"))
        if ref >= 0 and closer not in m.string[ref + len(opener) : m.start("s")]:
            # `${SLACK_BOT_TOKEN:?missing}`, `{{resolve:secretsmanager:…:password}}`: inside a
            # variable reference or a template expression
            return False
    noun = re.match(r"[\w$]+(?=[ \t]*:[ \t]*$)", label)
    if noun and type_annotation(m.string, m.start(), m.start() + noun.end(), value.rstrip(_CLOSE)):
        return False  # `(password: SecretBytes)`: a parameter and its type
    if identifier_like(m.group("s")) and re.match(r"[ \t]+--?[A-Za-z]", m.string[m.end("s") :]):
        return False  # `$env:API_KEY = Read-Host -AsSecureString`: a command, not a value
    bare = m.groupdict().get("bare") is not None
    if (
        bare
        and re.fullmatch(r"(?i)pass|pin", m.string[m.start() : m.start("bare")])
        and re.fullmatch(r"[\w.-]+", value.rstrip(_CLOSE))
        and identifier_like(value.rstrip(_CLOSE))
    ):
        # "pass" and "pin" are ordinary words before a name ("shader pass 'Universal2D'", "pin
        # numpy2"): with no colon or copula, a name after them is that name; a value no name
        # could be (`pass otter#tiger6`) is still a password.
        return False
    if (
        re.match(r"(?i)pin(?![^\W\d_])", label)
        and re.search(r"[^\W\d_]", value)
        and identifier_like(value.rstrip(_CLOSE))
    ):
        # A PIN is a personal identification number, digits and at most a few symbols or letters
        # mixed in (a door's `4471-Xq7z`); a pin named as code names things (`GPIO_NUM_4`,
        # `PA5`, `LED_BUILTIN`) is a board's pin.
        return False
    if re.fullmatch(r"(?i)\S+[ \t]+on[ \t]+", label) and not re.match(
        r"(?i)salasana|parool|salasõna", label
    ):
        # "on" is "is" only in Finnish and Estonian ("salasana on …", "parool on …"); elsewhere
        # it says where ("a write token on h100-node18").
        return False
    mark = value[-1:]
    if (
        bare
        and mark in "*_~"
        and value.rstrip(mark).isalpha()
        and re.search(rf"(?:^|\s){re.escape(mark)}\S", line_before(m.string, m.start("s")))
    ):
        # "*SNMPv3 auth password rotation*": the mark closes an emphasis the line opened; the
        # word inside it is prose.
        return False
    if (
        not bare
        and re.fullmatch(r"[^\W\d_]+-[^\W\d_]+", value)
        and re.match(r"[ \t]+(?:or|and|vs\.?|oder|ou|o|y|et|und)[ \t]", m.string[m.end("s") :])
    ):
        # "is per-team or per-org", "read-only and …": a compound word weighed against another
        # is a choice being discussed; a passphrase is not offered with alternatives.
        return False
    return True


# A line that opens with a word for a password (a word or two may come first: "new password
# for …") and labels the value after a colon, however long the label: "contraseña de la cuenta
# de Google Ads MX: …", "Password della PEC aziendale, serve per le notifiche del tribunale: …".
# The line is the label; no sentence ends inside it (no `.`, `?`, `!`), and only a value no word
# could be counts (the strict reading of a bare noun), since a long label is as often a heading.
_LINE_LABEL = re.compile(
    rf"(?im)^[ \t]*(?:[^\W\d_]+[ \t]+){{0,2}}(?:{_NOUNS})(?![A-Za-z])[^\n:=：.?!`\"']{{1,100}}?"
    rf"(?<=[^\W\d_)])[ \t]*:[ \t]+{_OPEN_QUOTE}?{_VALUE}"
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


def _line_label_check(m: re.Match[str]) -> bool:
    if not _prose_context_ok(m):
        return False  # the same words around the value as for a short label
    value = m.group("s").rstrip(_CLOSE)
    if re.match(r"[A-Za-z_][\w.-]+=", value):
        return False  # `capacity=100`: a key of a config or a log line, then its value
    # A label that long is as often a heading as a name: only a value shaped like a password
    # counts ("Token rotation policy for prod, see SEC-12: v2-policy" holds an id).
    return password_shaped(value) and _value_ok(value, strict=True, said=True)


def _trimmed(m: re.Match[str]) -> tuple[int, int] | None:
    value = m.group("s")
    trimmed = value.rstrip(_CLOSE)
    start = m.start("s")
    return (start, start + len(trimmed)) if trimmed else None


# Client programs whose short flag takes a password, and that flag.
_CLIENT_FLAGS = {
    "-p": r"mysql|mysqldump|mysqladmin|mysqlimport|mariadb|mariadb-dump|sshpass|mongo|mongosh"
    r"|mongodump|mongorestore|mongoexport|mongoimport",
    "-a": r"redis-cli|keydb-cli|valkey-cli",
}
_CLI = re.compile(
    r"(?i)(?<![\w-])(?P<flag>--(?:password|passwd|pass|token|secret|api-key|apikey|auth-token"
    r"|access-token|client-secret|db-password|admin-password|requirepass)|-p|-a)"
    r"(?:=|[ \t]+)?(?P<q>[\"'])?(?P<s>[^\s\"']{4,200})"
)


def _cli_check(m: re.Match[str]) -> bool:
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
        if not re.search(rf"(?i)(?<![\w-])(?:{_CLIENT_FLAGS[flag]})(?![\w-])", line):
            return False
        if flag == "-p" and m.group(0)[2:3] in (" ", "\t") and "mysql" in line.lower():
            return False  # `mysql -p dbname` prompts for the password; the word is a database
    if not flag.startswith("--") and m.group("s").isdigit():
        return False  # `ssh -p 2222`: a port on the same line as `sshpass`
    if m.group("q"):
        value = m.group("s")
        return len(value) >= 4 and not is_placeholder(value)
    return _value_ok(m.group("s"), strict=False)


# A quote or a code span around the user or the password does not change the pair:
# "login is `admin` / `…`", "creds: 'deploy' / '…'".
_Q = r"[`'\"]?"
# "login for grafana: admin / Br4mbl3^Qu4rtz" — a user and a password after a word for a login.
_PAIR = re.compile(
    r"(?i)(?<![A-Za-z_])(?:login|logins|log-in|creds|credentials|credential|account|zugang"
    r"|zugangsdaten|identifiants|acceso|credenciais|inloggegevens)(?![A-Za-z])[^\n:=]{0,40}"
    rf"[:=]\s*{_Q}(?P<u>[\w.@+-]{{1,64}}){_Q}\s*(?:/|\||:|\s)\s*{_Q}(?P<s>[^\s`'\"]{{4,200}})"
)


# "creds are admin:…", "die Zugangsdaten sind root / …": a copula instead of a colon, and then
# the user and the password joined by `:` or `/`.
# "login admin / …": a word for a login, then the user and the password joined by a slash.
_PAIR_SLASH = re.compile(
    r"(?i)(?<![A-Za-z_])(?:login|log-in|creds|credentials|zugang|zugangsdaten|identifiants"
    r"|acceso|credenciais|inloggegevens)[ \t]+"
    rf"{_Q}(?P<u>[\w.@+-]{{1,64}}){_Q}[ \t]*/[ \t]*{_Q}(?P<s>[^\s`'\"]{{4,200}})"
)
_PAIR_SAID = re.compile(
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
_SQL_IDENTIFIED = re.compile(
    r"(?i)\bidentified[ \t]+(?:with[ \t]+\w+[ \t]+)?by[ \t]+(?P<q>[\"'])?(?P<s>[^\s\"';]{4,200})"
)
_NET_USER = re.compile(
    r"(?i)(?<![\w-])net[ \t]+user[ \t]+(?:\"[^\"\n]+\"|[^\s/\"]+)[ \t]+(?P<q>\")?"
    r"(?P<s>[^\s/\"*][^\s\"]{3,199})(?(q)\")(?=[ \t]+/|[ \t]*$)",
    re.MULTILINE,
)


def _argument_check(m: re.Match[str]) -> bool:
    value = m.group("s")
    if value.lower() == "password":
        return False  # MySQL's `IDENTIFIED BY PASSWORD '*hash'`: the word, then a hash
    if m.group("q"):
        return len(value) >= 4 and not is_placeholder(value)
    return _value_ok(value, strict=False)


# `htpasswd -b[c] FILE USER PASSWORD`: batch mode takes the password as the last argument.
_HTPASSWD = re.compile(
    r"(?<![\w-])htpasswd(?:[ \t]+-[a-zA-Z]+)*[ \t]+-[a-zA-Z]*b[a-zA-Z]*(?:[ \t]+-[a-zA-Z]+)*"
    r"[ \t]+(?:-[a-zA-Z]+[ \t]+)*[^\s-]\S*[ \t]+\S+[ \t]+(?P<s>\S{4,200})"
)


def _htpasswd_check(m: re.Match[str]) -> bool:
    return _value_ok(m.group("s"), strict=False)


# Network devices' configs name a shared key by a keyword and then, for some, its storage type
# (Cisco IOS/ASA, Junos, FortiOS, HAProxy): `pre-shared-key …`, `crypto isakmp key … address`,
# `set psksecret …`, `key 0 …`, `password 7 …`. Type 0 is cleartext and type 7 a reversible
# encoding (both open the device); types 5, 8 and 9 are one-way hashes and are not matched.
_DEVICE_SECRET = re.compile(
    r"(?im)(?<![\w-])(?:(?:pre-shared-key|psksecret|isakmp[ \t]+key)"
    r"(?:[ \t]+(?:0|7|ascii-text|unencrypted|cleartext)(?=[ \t]))?"
    r"|(?<=\s)(?:key|password|secret|key-string)[ \t]+[07](?=[ \t])"
    r"|stats[ \t]+auth[ \t]+[^\s:]+:)"
    r"[ \t]*(?P<q>\")?(?P<s>[^\s\"]{4,200})"
)


def _device_check(m: re.Match[str]) -> bool:
    value = m.group("s")
    if m.group("q"):
        return not is_placeholder(value) and not value.startswith("$9$")
    if value.upper() == "ENC":
        return False  # FortiOS writes its own encrypted form after `ENC`
    return _value_ok(value, strict=True)


# A CSV of settings (`key,type,encoding,value`, as firmware NVS tables and config exports write
# them): a row whose key cell names a secret holds the secret in the header's `value` column.
_CSV_ROW = re.compile(r"(?m)^(?P<name>[A-Za-z_][\w.-]*)(?:,[^,\n]*)*?,(?P<s>[^,\s]{4,200})$")
_VALUE_COLUMN = {"value", "val", "wert", "valeur", "valor", "valore", "waarde"}
_KEY_COLUMN = {"key", "name", "setting", "parameter", "param", "option"}


def _csv_check(m: re.Match[str]) -> bool:
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
            return _value_ok(m.group("s"), strict=False)
        end = start
    return False


# Source locations: the secret word is in a file's name (`credential.go:578`, `secret.rs:`).
_FILE_NAMED = re.compile(r"\.[a-z]{1,4}:")


def _pair_check(m: re.Match[str]) -> bool:
    head = m.string[m.start() : m.start("u")]
    if _FILE_NAMED.search(head) or LOWER_PATH.fullmatch(m.group("s")):
        return False
    if head.endswith("data:"):
        return False  # `data:image/png;base64,…`: a file's media type, not `user/password`
    return _value_ok(m.group("s"), strict=True)


# ---------------------------------------------------------------- machine-made

_HEX = re.compile(r"[0-9a-fA-F]+")
# Prefixes of things that are long and random but public: digests, commits, builds, ids.
_PUBLIC_PREFIXES = frozenset(
    "sha sha1 sha256 sha384 sha512 md5 blake2b blake3 crc32 hash digest checksum etag commit "
    "rev revision build run job trace span request req id uuid guid v ver version release tag h1 "
    "nonce "
    "img image layer blob obj object node pod msg message order invoice ticket txn tx "
    # Nouns for stored objects (`file-…`, `batch_…`, `thread_…`): what an API returns to name
    # an upload, a job or a conversation, useless without the key that reads it.
    "file batch thread folder record item event".split()
)
# A prefix that says publishable: `pk_live_…`, Mapbox's `pk.…`, `pub_…` are made to be shipped in
# web pages (their secret halves are `sk_…`, `sk.…`).
_PUBLISHABLE = frozenset({"pk", "pub", "public"})
_PUBLIC_PREFIXES |= _PUBLISHABLE


def _reads_as_text(value: str) -> bool:
    """True when `value` is base64 of readable text (a blob someone pasted, not a key)."""
    body = value.replace("-", "+").replace("_", "/").rstrip("=")
    try:
        raw = base64.b64decode(body + "=" * (-len(body) % 4), validate=True)
    except (binascii.Error, ValueError):
        return False
    if len(raw) < 8:
        return False
    printable = sum(32 <= b < 127 or b in (9, 10, 13) for b in raw)
    words = sum(65 <= b <= 90 or 97 <= b <= 122 or 48 <= b <= 57 or b == 32 for b in raw)
    return printable / len(raw) > 0.95 and words / len(raw) > 0.5


_PRINTABLE6 = re.compile(rb"[ -~]{6}")
_B64 = re.compile(r"[A-Za-z0-9+/]*")


def decodes_to_structure(value: str) -> bool:
    """True when `value` is base64 of structured bytes, not of key material.

    A key, a token's random part or a signature decodes to uniformly random bytes: about 37% of
    them printable, and two zero bytes in a row once in ~2,700 keys of 48 bytes. Serialized data
    (protobuf, msgpack, Avro, Java objects) and envelopes (a version byte and length fields, as
    in Jenkins' `{AQAAABAAAAAQ…}`, SSH wire format) decode to zero-padded integers and readable
    field names: so two zero bytes in a row, or 60% printable bytes with a field of six,
    in the first 48 bytes."""
    # Base64 pieces written one after another (gRPC-web frames) end each in their padding: the
    # first piece is judged.
    body = re.split(r"=+(?=[^=])", value.replace("-", "+").replace("_", "/"))[0].rstrip("=")
    if len(body) <= 512 and len(body) % 4 != 1 and _B64.fullmatch(body):
        whole = base64.b64decode(body + "=" * (-len(body) % 4))
        if readable_structure(whole, looks_random):
            return True  # a whole protobuf message or msgpack document of readable fields
    body = body[:64]
    body = body[: len(body) - len(body) % 4]
    try:
        raw = base64.b64decode(body, validate=True)
    except (binascii.Error, ValueError):
        return False
    if len(raw) < 18:
        return False
    if b"\x00\x00" in raw or numeric_array(raw):
        return True  # zero-padded integers, or an array of everyday floating-point numbers
    printable = sum(32 <= b < 127 for b in raw)
    return printable / len(raw) >= 0.6 and _PRINTABLE6.search(raw) is not None


_WORDISH = re.compile(r"[A-Z]?[a-z]{3,}|[A-Z]{4,}(?![a-z])")


def wordish(value: str) -> float:
    """Share of `value` written in words of three letters or more (`HttpServletRequest`: 1.0;
    a random 40-character key: 0.2, and under 0.6 in 99 cases out of 100)."""
    return sum(len(w) for w in _WORDISH.findall(value)) / max(1, len(value))


def machine_made(value: str, *, min_len: int = 32) -> bool:
    """A long random credential: both cases and digits, high entropy, not a known public shape."""
    core = value.rstrip("=")
    if len(core) < min_len or is_placeholder(core):
        return False
    if not (re.search(r"[a-z]", core) and re.search(r"[A-Z]", core) and re.search(r"\d", core)):
        return False
    if _HEX.fullmatch(core) or UUID.fullmatch(core) or core.count("/") > 2:
        return False
    if wordish(core) > 0.7:
        return False  # a long identifier made of words
    # A random string over ~64 symbols has about log2(len) bits per char up to ~5.5; text,
    # identifiers and repeated patterns stay well below.
    if entropy(core) < min(4.2, 0.75 * (len(core).bit_length())):
        return False
    return not _reads_as_text(core) and not decodes_to_structure(core)


# A token may stand in a URL path (`…/<token>/send`), but not as a file name at its end.
# A percent-escape (`%5D`, `%3D`) is one character of a URL: a run starts after it, never at
# its hex digits (`page%5Bafter%5D=<cursor>` holds `<cursor>`, not `5D=<cursor>`).
_LONG = re.compile(
    r"(?:(?<![\w/+=.%-])(?<!%[0-9A-Fa-f])|(?<=%[0-9A-Fa-f]{2})|(?<=%[0-9A-Fa-f]{2}=))"
    r"(?P<s>[A-Za-z0-9_+/-][A-Za-z0-9_+/=-]{31,}?)(?![\w+=-])(?!/[\w+=-]*(?:[\s\"'`)>|,;]|$))"
)
# `sha384-…` (subresource integrity), `h1:…` (go.sum): a digest named by its algorithm.
# `sha256/…` (an SPKI pin), `nonce-…` (CSP): a value glued to the word that names it public.
_DIGEST_PREFIX = re.compile(
    r"(?i)(?:^|[^\w])(?:sha\d*|md5|blake\w*|h1|sri|nonce|etag|digest|hash|id|kid)[-_:/]$"
)
_NAMED = re.compile(r"(?P<name>[A-Za-z_][\w.-]*?)=(?!=|$)")


# Public key material (armoured public keys and certificates, OpenSSH public keys) and armoured
# ciphertext, which is useless without a key that is not in the text.
# Any armour whose kind names a public key, a certificate (or a request for one), a signature or
# ciphertext (`SSH SIGNATURE`, `AGE ENCRYPTED FILE`, `PGP MESSAGE`), never a private key.
_PUBLIC_BLOCK = re.compile(
    r"-----BEGIN (?![A-Z0-9 ]*PRIVATE)[A-Z0-9 ]*(?:PUBLIC KEY(?: BLOCK)?|CERTIFICATE|CRL"
    r"|SIGNATURE|MESSAGE|ENCRYPTED FILE"
    # What a certificate is asked for or sent in: a request (`CERTIFICATE REQUEST`, a CSR holds
    # a public key and a name), PKCS#7/CMS bundles of certificates, and domain parameters.
    r"|CERTIFICATE REQUEST|PKCS7|CMS|PARAMETERS)-----"
    r".*?(?:-----END [A-Z0-9 ]+-----|$)",
    re.DOTALL,
)
_SSH_PUBLIC = re.compile(r"(?:ssh-(?:rsa|ed25519|dss)|ecdsa-sha2-nistp\d+|sk-ssh-ed25519@\S+) $")


# File signatures at the start of decoded bytes: images, documents, fonts, audio, archives.
_FILE_MAGIC = (
    b"\x89PNG",
    b"\xff\xd8\xff",
    b"GIF8",
    b"RIFF",
    b"%PDF",
    b"wOF2",
    b"wOFF",
    b"\x00\x01\x00\x00",
    b"OTTO",
    b"\x00\x00\x01\x00",
    b"PK\x03\x04",
    b"\x1f\x8b",
    b"<svg",
    b"<?xml",
    b"\x00asm",
    b"\x28\xb5\x2f\xfd",
    b"BZh",
    b"7z\xbc\xaf",
    b"OggS",
    b"fLaC",
    b"ID3",
    b"\x1aE\xdf\xa3",
    b"BM",
    b"II*\x00",
    b"MM\x00*",
    b"PAR1",
    b"\x7fELF",
    b"\xac\xed\x00\x05",
    b"Obj\x01",
    b"SQLite format",
    b"\x80\x04\x95",
    b"\x80\x05\x95",
    # Photoshop, Rar, xz, old Office (OLE), glTF, MIDI, RTF, PostScript, Mach-O, Java class.
    b"8BPS",
    b"Rar!",
    b"\xfd7zXZ",
    b"\xd0\xcf\x11\xe0",
    b"glTF",
    b"MThd",
    b"{\\rtf",
    b"%!PS",
    b"\xcf\xfa\xed\xfe",
    b"\xca\xfe\xba\xbe",
    # A zlib stream (RFC 1950): method 8 with a 32K window, then a flag byte whose check makes
    # the pair a multiple of 31; the four levels zlib writes. Compressed data (ZPL's `:Z64:`
    # graphics, a git object, a PDF stream) is a file's bytes, not a key's.
    b"\x78\x01",
    b"\x78\x5e",
    b"\x78\x9c",
    b"\x78\xda",
)
# Names a compiler gives a symbol: Itanium C++/Rust legacy (`_ZN…`, `_ZNK…`), Rust v0 (`_RNv…`),
# Rust's hash suffix (`…17h<16 hex>E`), Swift (`$s…`, `_$s…`), IL2CPP (`Type_Method_m<SHA-1>`,
# `Type_t<SHA-1>`: a signature's hash behind `_m`/`_t`, anywhere in a name). A grammar.
_MANGLED = re.compile(
    r"^(?:_Z[NKLSTZ0-9]|_R[NCM]|\$?s\d+[A-Za-z_])|17h[0-9a-f]{16}E$|_[mt][0-9A-F]{40}(?![0-9A-Za-z])"
)
_COUNTED = re.compile(r"(?<![0-9])([1-9][0-9]?)(?=[A-Za-z_])")
_SPELLED_WORD = re.compile(r"[A-Z]?[a-z]{2,}")


def _spelled(piece: str) -> bool:
    """True when `piece` is written in words (`TokenManager`, `refresh`, `KeyValidator`): every
    word of three letters or more has a vowel and no four consonants in a row, and such words
    are most of it."""
    words = [w for w in _SPELLED_WORD.findall(piece) if len(w) >= 3]
    if sum(map(len, words)) < 0.85 * len(piece):
        return False
    return all(
        re.search(r"[aeiouyAEIOUY]", w) and not re.search(r"[^aeiouyAEIOUY]{4}", w) for w in words
    )


def counted_names(value: str) -> bool:
    """True when `value` is built of length-prefixed names, the grammar every mangling scheme
    shares (Itanium `3net12KeyValidator`, Swift `9NeonDrift12TokenManagerC7refresh`, Rust
    legacy `4core3fmt5write`): a chain of two or more numbers each followed by exactly that many
    word characters that read as words, each name starting where the last ended (or after one
    or two letters of a type code), together most of the run. In random text a number is
    followed by a chain of names it counts exactly about never (1 in 4,000,000 random
    40-character runs); in a symbol, every time."""
    best = chain = covered = 0
    last_end = -10
    for m in _COUNTED.finditer(value):
        n = int(m.group(1))
        piece = value[m.end() : m.end() + n]
        if not (n >= 4 and len(piece) == n and re.fullmatch(r"\w+", piece)):
            continue
        if not _spelled(piece) or m.start() < last_end:
            continue
        if m.start() - last_end <= 2:
            chain, covered = chain + 1, covered + m.end() - m.start() + n
        else:
            chain, covered = 1, m.end() - m.start() + n
        last_end = m.end() + n
        if chain >= 2:
            best = max(best, covered)
    return best >= len(value) / 2


def _public_der(value: str) -> bool:
    """True when `value` is base64 of DER that `der_public` calls a public key, a certificate or
    a signature (`MIIBIjANBgkq…` in a DKIM record, `MEUCIQ…` from cosign)."""
    core = value.rstrip("=").replace("-", "+").replace("_", "/")[:400]
    core = core[: len(core) - len(core) % 4]
    try:
        raw = base64.b64decode(core, validate=True)
    except (binascii.Error, ValueError):
        return False
    return der_public(raw)


def _file_bytes(value: str) -> bool:
    """True when `value` is base64 of a file (its bytes start with a known signature): the
    content of an image, font or document, not a credential, which is random bytes."""
    core = value.strip("=").replace("-", "+").replace("_", "/")
    try:
        head = base64.b64decode(core[:24] + "=" * (-len(core[:24]) % 4), validate=True)
    except (binascii.Error, ValueError):
        return False
    # ISO base media files (MP4, MOV, HEIC, AVIF) carry `ftyp` after a 4-byte box size.
    return head.startswith(_FILE_MAGIC) or head[4:8] == b"ftyp"


# Ciphertext is not a credential: the values inside an encryption envelope (SOPS `ENC[…]`, Vault
# transit `vault:v1:…`) are useless without a key that is not in the text.
_CIPHERTEXT = re.compile(r"ENC\[[A-Z0-9_]+,[^\]\s]*$|vault:v\d+:$")
# A label whose last word says the value is an identifier, a digest or a public crypto parameter:
# `etag: W/"…"`, `X-Amz-Cf-Id: …`, `iv: …`, `next_cursor: …`.
_LABEL_END = re.compile(r"[:=]\s*(?:W/)?[\"'`]?$")
_PUBLIC_LABEL = re.compile(r"(?P<label>[A-Za-z][\w#-]*)[\"']?\s*[:=]\s*(?:W/)?[\"'`]?$")
_PUBLIC_TAILS = {"id", "ids", "etag", "hash", "digest", "checksum", "fingerprint", "iv", "nonce"}
_PUBLIC_TAILS |= {"salt", "tag", "cursor", "cid", "integrity", "sha", "md", "crc"}
# A signature proves who made a message; anyone may read it, and it opens nothing. A key's id and
# thumbprint (JOSE `kid`, `x5t#S256`) name a key without being it.
_PUBLIC_TAILS |= {"signature", "sig", "kid", "thumbprint", "x5t"}
# A PKCE `code_challenge` is a digest of the verifier, sent through the browser by design.
_PUBLIC_TAILS |= {"challenge"}
# A token's accessor (Vault) looks a token up or revokes it, and authenticates nothing.
_PUBLIC_TAILS |= {"accessor"}
# One names another party by its public identity, never by its secret: a WireGuard `peer:` is
# the peer's public key, as a `recipient` is an age or PGP recipient's.
_PUBLIC_TAILS |= {"peer", "recipient", "recipients"}
# A last word that only says "the value of" defers to the word before it: `DigestValue`,
# `SignatureValue`, `checksum_hex`, `hash_bytes` are the digest; `KeyValue` is still a key.
_GENERIC_TAILS = {"value", "data", "bytes", "hex", "b64", "base64", "str", "string", "text"}
# An ad click's id, however the vendor spells it (`gclid`, `fbclid`, `msclkid`, `ttclid`,
# `irclickid`, Google's app-campaign `gbraid`/`wbraid`): it counts a click on a public link and
# opens nothing.
_CLICK_ID = re.compile(r"(?i)(?:clid|clkid|clickid|[gw]braid)s?$")
# A pagination object's members (`"paging": {"cursors": {"before": …, "after": …}}`): each is a
# position in a listing, like a `cursor` named alone.
_CURSOR_OBJECT = re.compile(r"(?i)[\"']?(?:cursors?|paging|pagination)[\"']?\s*[:=]\s*\{[^{}]*$")
_POSITION_NAMES = {"before", "after", "next", "previous", "prev", "start", "end", "first", "last"}


def public_name(name: str) -> bool:
    """True when a value's name (a key, a label, an XML element) says it is public: its last
    word is one of `_PUBLIC_TAILS` (after a generic `Value`/`data`), a click id, or a cursor."""
    name = name.split("#")[0]  # `x5t#S256`: the thumbprint, in SHA-256
    if names_cursor(name):
        return True  # `nextPageToken: …`: a position in a list
    if _CLICK_ID.search(name):
        return not _SECRET_WORD.search(name)
    pieces = [p.lower() for p in re.findall(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])", name)]
    while len(pieces) > 1 and pieces[-1] in _GENERIC_TAILS:
        pieces.pop()
    if name.lower() in _PUBLIC_TAILS:
        return True
    return bool(pieces) and pieces[-1] in _PUBLIC_TAILS


_B58 = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz"


# A word right before the value, with no colon: `thumbhash `…``, `blurhash "…"`.
_WORD_BEFORE = re.compile(r"(?<![\w-])([A-Za-z][A-Za-z0-9]*)[ \t]+[`\"']?$")
_DIGEST_ENDINGS = ("hash", "digest", "checksum", "fingerprint", "thumbprint", "sha256", "sha1")


def public_by_label(before: str) -> bool:
    """True when the text just before a value labels it public (see `_PUBLIC_LABEL`), or puts it
    inside an encryption envelope."""
    if ("ENC[" in before or "vault:v" in before) and _CIPHERTEXT.search(before):
        return True
    token = re.split(r"[\s\"'`]", before)[-1]
    if token and enveloped(token):
        return True  # `EJ[1:<key>:<nonce>:<box>]`: inside the same envelope
    word = _WORD_BEFORE.search(before[-40:])
    if word and word.group(1).lower().endswith(_DIGEST_ENDINGS):
        return True  # `thumbhash `…``, `the sha256 digest …`: named a digest without a colon
    if re.search(
        r"(?:(?i:(?<![\w-])ids?)|[a-z0-9](?:Id|ID|_id|-id)s?)(?:[ \t]+(?:is|was|are|reads))?"
        r"[ \t]+[`\"']?$",
        before,
    ):
        return True  # `Drive file id 1wU4…`, `the upload id is …`: an id, named without a colon
    if not _LABEL_END.search(before[-8:]):
        return False  # no `label:` or `label=` right before the value
    label = _PUBLIC_LABEL.search(before[-80:])
    if label is None:
        return False
    name = label.group("label")
    if name.lower() in _POSITION_NAMES and _CURSOR_OBJECT.search(before):
        return True  # `"cursors": {"before": …}`: a position in a list
    return public_name(name)


def is_multihash(value: str) -> bool:
    """True for a base58 multihash (an IPFS CIDv0): 0x12 0x20 then a 32-byte sha256 digest, which
    base58 always writes as 46 characters starting `Qm`. A content address, not a key."""
    return len(value) == 46 and value.startswith("Qm") and all(c in _B58 for c in value)


# Labels that say what follows is encoded data: a file's name (`model.bin:`), or the encoding
# itself (`payload (base64):`), when no word for a secret is in the label.
_FILE_LABEL = re.compile(r"[\w-]+\.[A-Za-z][A-Za-z0-9]{0,4}[\"']?\s*[:=]\s*[\"']?$")
_ENCODING_LABEL = re.compile(
    r"(?i)(?<![A-Za-z0-9])(?:base64|b64|base-64)(?![A-Za-z0-9])\)?\s*(?:[:=]|is|was)?\s*[\"'`]?$"
)
# The media type of a file kind named just before a blob: in its label ("attachment (image/jpeg,
# 2.1 MB): …"), in the same object (`"media_type": "image/png", "data": "…"`), or in the headers
# of a MIME part (`Content-Type: image/png` … `Content-Transfer-Encoding: base64`, blank line).
_FILE_MEDIA_TYPE = re.compile(
    r"(?i)(?<![\w/])(?:image|audio|video|font|model)/[\w.+-]+"
    r"|(?<![\w/])application/(?:octet-stream|pdf|zip|gzip|wasm|ogg|msword|vnd\.[\w.+-]+)"
)


def data_by_media_type(text: str, start: int) -> bool:
    """True when a file's media type is named shortly before the blob that holds `start`, with
    no word for a secret between them."""
    runs = _blob_runs(text)
    i = bisect.bisect_right(runs, (start, len(text) + 1)) - 1
    begin = runs[i][0] if i >= 0 and runs[i][0] <= start < runs[i][1] else start
    before = text[max(0, begin - 200) : begin]
    found = list(_FILE_MEDIA_TYPE.finditer(before))
    return bool(found) and not _SECRET_WORD.search(before[found[-1].end() :])


_ENCODING_NAME = re.compile(r"(?i)(?:^|[^A-Za-z0-9])(?:base64|b64)$")
_SECRET_WORD = re.compile(r"(?i)secret|token|key|passw|credential|auth|bearer|session")


def data_by_label(text: str, start: int) -> bool:
    """True when the label before `start`, on its line, names a file or an encoding (see above)."""
    line = line_before(text, start)
    if _SECRET_WORD.search(line):
        return False
    return bool(_FILE_LABEL.search(line) or _ENCODING_LABEL.search(line))


# One base64 blob split for layout: pieces of 16 characters or more joined by line breaks, escaped
# line breaks, string concatenation (`" +\n  "`), percent-escapes of `+/=`, quotes, indentation.
_BLOB_RUN = re.compile(
    # `\/` is JSON's escaped slash: `"\/9j\/4AAQ…"` is one blob.
    r"(?:[A-Za-z0-9+/=_-]|\\/){16,}"
    r"(?:(?:\\[nrt]|%2[bBfF]|%3[dD]|[\s\"'+\\>]){1,12}(?:[A-Za-z0-9+/=_-]|\\/){16,})*"
)
_JOINER = re.compile(r"\\[nrt]|%2[bBfF]|%3[dD]|[\s\"'+\\>]")


@functools.lru_cache(maxsize=8)
def _blob_runs(text: str) -> tuple[tuple[int, int], ...]:
    return tuple(r.span() for r in _BLOB_RUN.finditer(text))


def in_file_blob(text: str, start: int) -> bool:
    """True when the base64 run at `start` continues a blob that began earlier as a file: its
    first bytes are a file signature, or it began right after a `data:…;base64,` marker. A blob
    split over lines, escaped line breaks or concatenated strings is still one blob, and every
    piece of an image is the image."""
    runs = _blob_runs(text)
    i = bisect.bisect_right(runs, (start, len(text) + 1)) - 1
    if i < 0 or not runs[i][0] <= start < runs[i][1]:
        return False
    begin = runs[i][0]
    if re.search(r"(?i)base64,\s*$", text[max(0, begin - 20) : begin]):
        return True
    return _file_bytes(_JOINER.sub("", text[begin : begin + 200]))


# A path under `/.well-known/` (RFC 8615) is served to anyone who asks: an ACME http-01 token,
# a security.txt, an OpenID configuration. What is served there is public, and so is the same
# value written again with a dot and more after it (an ACME key authorization: the token and the
# account key's thumbprint, a digest of a public key).
_WELL_KNOWN = re.compile(r"/\.well-known/(?:[\w.-]+/)*(?P<v>[\w-]{16,})")


def served_public(text: str, start: int) -> bool:
    """True when the value at `start` is a `/.well-known/` path's last segment, or that segment
    written again (alone or followed by `.` and more)."""
    if "/.well-known/" not in text:
        return False
    for m in _WELL_KNOWN.finditer(text):
        if m.start("v") == start:
            return True
        v = m.group("v")
        if text.startswith(v, start) and not re.match(
            r"[\w-]", text[start + len(v) : start + len(v) + 1]
        ):
            return True
    return False


def sealed_or_public(text: str, start: int) -> bool:
    """A public or sealed value by its label, by the words around it, or as a JWK's public part."""
    return (
        served_public(text, start)
        or public_by_label(text[max(0, start - 200) : start])
        or described_sealed(text, start)
        or jwk_public_member(text, start)
        or under_sealed_key(text, start)
        or public_by_words(text[max(0, start - 160) : start])
        or introduced_as_digests(text, start)
        or public_by_element(text, start)
        or renamed_public(text, start)
    )


# The key right before a value (`"Ver": "…"`, `Ver: …`).
_KEY_BEFORE = re.compile(r"(?P<k>[A-Za-z_][\w-]*)[\"']?[ \t]*[:=][ \t]*[\"'`]?$")


def renamed_public(text: str, start: int) -> bool:
    """True when the value's key is an alias that a query projection in the text gave to a
    public field: `aws … --query '{Tag:ETag,Ver:VersionId}'` prints `"Ver": …`, a version's id
    (JMESPath multiselect hashes, jq's `{ver: .VersionId}`). The output is named by the
    command."""
    key = _KEY_BEFORE.search(text[max(0, start - 60) : start])
    if key is None or _SECRET_WORD.search(key.group("k")):
        return False
    alias = re.escape(key.group("k"))
    for m in re.finditer(
        rf"[{{,][ \t]*{alias}[ \t]*:[ \t]*\.?(?P<f>[A-Za-z_][\w.-]*)", text[:start]
    ):
        field = m.group("f").rsplit(".", 1)[-1]
        if not _SECRET_WORD.search(m.group("f")) and public_name(field):
            return True
    return False


# An XML element's opening tag, alone at the end of what introduces a value (`<ds:DigestValue>`
# before it on its line, or on the line above a block of base64 lines).
_OPEN_TAG = re.compile(r"<(?:[\w.-]+:)?(?P<name>[A-Za-z][\w.-]*)(?:[ \t][^<>\n]*)?>[ \t]*$")


def public_by_element(text: str, start: int) -> bool:
    """True when the value is the content of an XML element whose name says it is public
    (`public_name`): an element names its content as a key does in JSON, so XML-DSig's
    `<DigestValue>`, `<SignatureValue>` and `<X509Certificate>`'s kin are what they say."""
    tag = _OPEN_TAG.search(block_label(text, start))
    if tag is None or _SECRET_WORD.search(tag.group("name")):
        return False  # `<SessionId>`, `<ClientSecretValue>`: what it opens, it names
    return public_name(tag.group("name"))


# A file's name: a path that ends in an extension (`dist/assets/ApiKeyVerifier-S-1_WX2H.js`).
_EXTENSION_AFTER = re.compile(r"\.[a-z][a-z0-9]{0,5}(?![\w-])")
_FILE_PATH_AFTER = re.compile(r"(?:/[\w.-]+)*/[\w-]+\.[a-z][a-z0-9]{0,5}(?![\w/-])")
# An installed package: a lowercase reverse-DNS name, then the suffix the installer made up
# (Android's `com.northwind.app-S6o9SziTdtq2M0lZFEaDpi==`).
_PACKAGE_NAME = re.compile(r"[a-z][a-z0-9]*(?:\.[a-z][a-z0-9_]*)+-")


_RUN_ON = re.compile(r"/[A-Za-z0-9_+/=-]*")


def _long_span(m: re.Match[str]) -> tuple[int, int]:
    """The long run's span, with the rest of it when the run goes on past a `/`: base64 holds
    `/` and `//`, and a random run cut there (`…Gc3//Xa8…`) is one secret, not one and a path."""
    start, end = m.span("s")
    more = _RUN_ON.match(m.string, end)
    if more is not None and any(c.isalnum() for c in more.group(0)):
        end = more.end()
    return start, end


def _long_check(m: re.Match[str]) -> bool:
    value = m.group("s")
    before = m.string[max(0, m.start() - 40) : m.start()]
    if sealed_or_public(m.string, m.start()):
        return False
    if _EXTENSION_AFTER.match(m.string, m.end()) or (
        "/" in value and _FILE_PATH_AFTER.match(m.string, m.end())
    ):
        # A file's name (`<random>.json.gz` in a bucket listing, a bundler's hashed name), or
        # a directory on the way to one (`uploads/<random>/avatar.webp`): keys are not files.
        return False
    if is_multihash(value.lstrip("/")):  # also as the path of `ipfs://Qm…`
        return False
    if data_by_label(m.string, m.start()) or data_by_media_type(m.string, m.start()):
        return False
    if re.search(r"(?i)base64,\s*$", before) or _SSH_PUBLIC.search(before):
        return False  # an inline data: URL or an OpenSSH public key is not a credential
    if _file_bytes(value) or _MANGLED.search(value) or counted_names(value):
        return False  # a file's bytes or a compiler's symbol name
    if before.endswith("$"):
        return False  # `$s…`, `$6$<salt>$<hash>`: a Swift symbol, a field of a crypt(3) hash
    whole = m.string[slice(*_long_span(m))]
    if whole != value and decodes_to_structure(whole):
        return False  # the run goes on past a `/` (base64 holds it) and is data, judged whole
    if introduced_as_encoded_data(m.string, m.start()):
        return False  # a block under "the config blob in base64 (binary):" (`public_forms`)
    named = _NAMED.match(value)
    if _public_der(value[named.end() :] if named else value):
        return False  # DER of a public key, a certificate or a signature
    head = re.match(r"[A-Za-z0-9]{1,8}[-_:/]", value)
    if head and head.group(0)[:-1].lower() in _PUBLISHABLE:
        return False  # `pk_live_…`: a publishable key, made to be shipped in web pages
    tag = re.fullmatch(r"(?P<t>[A-Za-z0-9]{2,12})(?P<sep>[-_.])(?P<b>[A-Za-z0-9]{20,})", value)
    if tag and (tag.group("t").lower() in _PUBLIC_PREFIXES or _object_id(m.string, m.start(), tag)):
        return False  # `file-…`, `sub_…` under `subscription`: an object's id (`_prefixed_check`)
    if stored_password_hash(before, whole):
        return False  # `{SSHA256}…`, FortiOS `ENC SH2…`: a password's salted hash, as `$6$…`
    if _DIGEST_PREFIX.search(before) or (head and _DIGEST_PREFIX.search(" " + head.group(0))):
        return False
    if any(b.start() <= m.start() < b.end() for b in _PUBLIC_BLOCK.finditer(m.string)):
        return False
    # `name=value` is an assignment, judged by the name (`secret_assignment`), not as a token.
    named = _NAMED.match(value)
    if named and _file_bytes(value[named.end() :]):
        return False  # `thumbnail_b64=/9j/4AAQ…`: the value after the name is a file
    if named and _ENCODING_NAME.search(named.group("name")):
        return False  # `payload_b64=…`: the name says the value is encoded data
    if named and (identifier_like(named.group("name")) or is_code_ref(named.group("name"))):
        return False
    if named and public_name(named.group("name")) and not re.search(r"(?i)session", named.group(0)):
        # `request_id=…`, `gclid=…`, `api_key_id=…`: the name glued to the value, as a label,
        # whose last word names an id or a digest (`name_strength`'s tails); a session's id
        # is what logs the session in (`said_secret`).
        return False
    if checksum_beside(m.string, m.start(), whole):
        return False  # a transfer's chunk, printed with the CRC-32 of its bytes
    # One long random run, not an identifier of short words joined by `_` or `-`.
    if max(len(piece) for piece in re.split(r"[_=-]", value)) < 20 or named_digest(value):
        return False
    if not machine_made(value) or in_file_blob(m.string, m.start()):
        return False
    return said_secret(m.string, *_long_span(m)) or glued_name_says_secret(value)


# A password hash names its scheme before the hash: RFC 2307 / LDAP `{SSHA}`, `{PBKDF2-SHA256}`,
# Django's `pbkdf2_sha256$<rounds>$<salt>$`. FortiOS writes its admin hashes as `ENC SH2<b64>`
# (SHA-256 of a 12-byte salt and the password: 44 bytes) and `ENC AK1<b64>` (SHA-1: 32 bytes).
_HASH_SCHEME_BEFORE = re.compile(
    r"(?i)(?:\{(?:s?sha\d*|ssha\d*|s?md5|crypt|bcrypt|argon2\w*|(?:x-)?pbkdf2[\w-]*)\}"
    r"|pbkdf2_sha\d+\$\d+\$[^$\s]*\$)$"
)
_FORTIOS_HASH = {"SH2": 44, "AK1": 32}


def stored_password_hash(before: str, value: str) -> bool:
    """True when `value` is a password hash whose scheme is named where hashes name it: a hash
    is what a system keeps so as never to keep the password (like a crypt(3) `$6$…`)."""
    if _HASH_SCHEME_BEFORE.search(before):
        return True
    size = _FORTIOS_HASH.get(value[:3])
    if size is None or not re.search(r"(?<![\w])ENC[ \t]+$", before):
        return False
    body = value[3:]
    try:
        raw = base64.b64decode(body + "=" * (-len(body) % 4), validate=True)
    except (binascii.Error, ValueError):
        return False
    return len(raw) == size


_PREFIXED = re.compile(
    r"(?<![\w.-])(?P<p>[A-Za-z][A-Za-z0-9]{1,11})(?P<sep>[_.-])"
    r"(?P<b>[A-Za-z0-9](?:[A-Za-z0-9_-]|\.(?=[A-Za-z0-9])){19,}=*)(?![\w.-])"
)


def named_digest(value: str) -> bool:
    """True for `node-modules-Linux-x64-<sha256>`: names and words, then a hex digest (a cache
    key, a build's artifact, a content-addressed file). A key's random part is one run after
    a short prefix (`key-<32 hex>`, `shpat_<hex>`); a version tag is no word (`dop_v1_<hex>` is
    a token), a second random run is no name (`PMAK-<hex>-<hex>`), and a name with a secret's
    word in it names a secret (`deploy-token-prod-<hex>`)."""
    pieces = re.split(r"[_.-]", value)
    while len(pieces) > 2 and re.fullmatch(r"\d{1,4}", pieces[-1]):
        pieces.pop()  # `UECC-Windows-<hex>_0000`: a number after the digest counts its items
    digest = pieces[-1]
    if len(digest) < 32 or not _HEX.fullmatch(digest) or not re.search(r"\d", digest):
        return False
    head = pieces[:-1]
    words = [p for p in head if re.fullmatch(r"[A-Za-z]{4,}", p)]
    # Each piece of the name is a word or a short tag (`x64`, `arm64`, `v2`).
    named = all(re.fullmatch(r"[A-Za-z]+|[A-Za-z][A-Za-z0-9]{0,4}", p) for p in head)
    # A name that says secret (`deploy-token-prod-<hex>`) says what the hex is.
    return len(head) >= 2 and bool(words) and named and not _SECRET_WORD.search("-".join(head))


# The label right before a value: a key with its colon or equals sign (`"charge": "`), or the
# word before it (`charge ch_…`).
_LABEL_BEFORE = re.compile(
    r"(?P<label>[A-Za-z][\w-]*)[\"']?[ \t]*[:=][ \t]*[\"'`]?$"
    r"|(?P<word>[A-Za-z][\w-]*)[ \t]+[`\"']?$"
)
_LABEL_WORDS = re.compile(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])")


def _abbreviates(tag: str, word: str) -> bool:
    """`dp` for `dispute`, `ch` for `charge`, `cus` for `customer`: the word's first letter,
    then the tag's other letters in the word's order."""
    rest = iter(word[1:])
    return word[:1] == tag[:1] and all(c in rest for c in tag[1:])


def tagged_for_its_label(text: str, start: int, tag: str) -> bool:
    """True when `tag` (the `ch` of `ch_…`) abbreviates what the text calls the value at
    `start`: its key or the word before it, or its table column's header, naming no secret.
    The tag abbreviates the label or its last word, which names the value (`ch` for `charge`,
    `dp` for `dispute`, `in` for `latest_invoice`), or is its words' initials (`pi` for
    `payment_intent`). An API names its objects so; a key's tag names a key
    (`sk_`, `rk_`) or its vendor, and a label that names a secret (`stripe_secret_key`) keeps
    the value a candidate."""
    labels = []
    m = _LABEL_BEFORE.search(text[max(0, start - 60) : start])
    if m is not None:
        labels.append(m.group("label") or m.group("word"))
    header = column_header(text, start)
    if header is not None:
        labels.append(header)
    for label in labels:
        if _SECRET_WORD.search(label):
            continue
        words = [w.lower() for w in _LABEL_WORDS.findall(label)]
        joined = "".join(words)
        if len(joined) > len(tag) and (
            _abbreviates(tag, joined)
            or _abbreviates(tag, words[-1])
            or "".join(w[0] for w in words) == tag
        ):
            return True
    return False


# A key is generated at 32 characters or more (190 bits and up: `hf_` 34, `npm_` 36, `gsk_` 52);
# an object's id is shorter (Stripe's are 24 to 28 after the tag).
_ID_BODY_MAX = 31


def _object_id(text: str, start: int, m: re.Match[str]) -> bool:
    """`m` (groups `p` or `t`, `sep`, `b`) is an API object's id: a 2-4 letter lowercase tag,
    `_`, one run shorter than a key, the tag abbreviating the value's label."""
    tag, body = m.group("p") if "p" in m.groupdict() else m.group("t"), m.group("b")
    return (
        re.fullmatch(r"[a-z]{2,4}", tag) is not None
        and m.group("sep") == "_"
        and body.isalnum()
        and len(body) <= _ID_BODY_MAX
        and tagged_for_its_label(text, start, tag)
    )


def _prefixed_check(m: re.Match[str]) -> bool:
    prefix, body = m.group("p"), m.group("b")
    if prefix.lower() in _PUBLIC_PREFIXES or is_placeholder(m.group(0)):
        return False
    if re.fullmatch(r"[a-z]{2,4}", prefix) and m.group("sep") == "_" and len(body) <= 24:
        # `pi_3U8J…`, `evt_1lZD…`, `cus_Nffr…`: an API's object id is a short type tag and a
        # body of 24 characters at most; the keys of the same APIs are longer or carry a key
        # prefix (`sk_live_`, `whsec_`) that their own rules know.
        return False
    if _object_id(m.string, m.start(), m):
        # `"charge": "ch_3Ps4…"`, `ch_…` under a `charge` column, `pi_…` under
        # `payment_intent`: the tag abbreviates what the text calls the value, an object's type.
        return False
    if sealed_or_public(m.string, m.start()) or _PACKAGE_NAME.match(m.group(0)):
        return False
    if m.string[m.start() - 1 : m.start()] == "$" or _MANGLED.search(m.group(0)):
        return False  # `$6$<salt>$<hash>`: a field of a crypt(3) hash, or a mangled name
    if re.search(r"\.[a-z][a-z0-9]{0,4}$", body):
        return False  # `ckpt-step-12000-Qx7R….pt`: a file's name (keys do not end in `.pt`)
    # The random part of a key is one long run; `teaser-exo-k-34521098-720` is words and numbers.
    if max(len(piece) for piece in re.split(r"[_.=-]", body)) < 16:
        return False
    flat = re.sub(r"[_.=-]", "", body)
    longest = max(re.split(r"[_.=-]", body), key=len)
    if UUID.fullmatch(body) or is_code_ref(m.group(0)) or wordish(flat) > 0.7:
        return False
    if _HEX.fullmatch(longest.lower()) and re.search(r"\d", longest):
        # `key-<32 hex>`; the public prefixes (`sha256-`) are out, and so is a name made of
        # words with its content's digest (`named_digest`).
        return len(longest) >= 32 and not named_digest(m.group(0))
    both_cases = bool(re.search(r"[a-z]", flat) and re.search(r"[A-Z]", flat))
    if not re.search(r"\d", flat) and not both_cases:
        return False
    # A random body: both cases (or one case and digits) and as varied as a key is.
    if entropy(flat) < (4.0 if both_cases else 3.7) or _reads_as_text(flat):
        return False
    if decodes_to_structure(m.group(0)):
        return False
    return said_secret(m.string, m.start(), m.end()) or glued_name_says_secret(m.group(0))


# ---------------------------------------------------------------- near its words

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
    if value.startswith("eyJ") and decodes_to_structure(value):
        # An AWS secret key is 40 random characters; `eyJhbGciOi…` is base64 of `{"alg":…`, a
        # JWT's readable header cut at 40 (a whole JWT is the JWT rule's, not this one's).
        return False
    if any(b.start() <= m.start() < b.end() for b in _PUBLIC_BLOCK.finditer(m.string)):
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


def _url_token_user(m: re.Match[str]) -> bool:
    value = m.group("s")
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
    Rule("secret_prose", _PROSE, 0.55, _prose_check, _trimmed),
    Rule("secret_prose", _LINE_LABEL, 0.55, _line_label_check, _trimmed),
    Rule("secret_prose", _PASSPHRASE, 0.55, _passphrase_check, _passphrase_span),
    Rule("secret_prose", _ANSWERED, 0.55, _answered_check, _trimmed),
    Rule("secret_prose", _CLI, 0.55, _cli_check, _trimmed),
    Rule("secret_prose", _PAIR, 0.55, _pair_check, _trimmed),
    Rule("secret_prose", _PAIR_SAID, 0.55, _pair_check, _trimmed),
    Rule("secret_prose", _PAIR_SLASH, 0.55, _pair_check, _trimmed),
    Rule("secret_prose", _HTPASSWD, 0.55, _htpasswd_check, _trimmed),
    Rule("secret_prose", _SQL_IDENTIFIED, 0.55, _argument_check, _trimmed),
    Rule("secret_prose", _NET_USER, 0.55, _argument_check, _trimmed),
    Rule("secret_prose", _PGPASS, 0.6, _pgpass_check),
    Rule("secret_prose", _CSV_ROW, 0.55, _csv_check),
    Rule("secret_prose", _DEVICE_SECRET, 0.6, _device_check, _trimmed),
    Rule("api_token", _PREFIXED, 0.5, _prefixed_check),
    Rule("api_token", _LONG, 0.45, _long_check, _long_span),
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
        # A password with no user before it is written as one with a user is (`recognizers`):
        # `#` included, as people write it unescaped (`redis://:Pa#ss@host`).
        re.compile(r"\b[a-zA-Z][a-zA-Z0-9+.-]{1,20}://:(?P<s>[^\s/?@<>|\"']{1,200})@"),
        0.85,
        real("s"),
    ),
)
