"""A secret named in prose: a secret's noun, in any language, then a colon, a copula or a value."""

from __future__ import annotations

import base64
import binascii
import re

from writers.redact.context.machine_made import (
    PUBLIC_TAILS,
    SECRET_WORD,
    file_bytes,
    generated_run,
)
from writers.redact.formats.assignments import (
    EXPRESSION_OP,
    FILE_REF,
    published_defaults,
    spelled_from_name,
    type_annotation,
)
from writers.redact.names.code_refs import identifier_like, is_code_ref
from writers.redact.names.sealed import under_sealed_key
from writers.redact.names.secret_names import (
    name_strength,
    names_a_secret,
    names_code,
    names_cursor,
    names_digest,
    names_secret_variable,
)
from writers.redact.public_forms import (
    digest_named_before,
)
from writers.redact.structure import (
    line_before,
)
from writers.redact.values.placeholders import (
    decoded_placeholder,
    enveloped,
    is_placeholder,
    said_stand_in,
)
from writers.redact.values.plausible import (
    DATA_URI,
    DOC_FIELD,
    LOWER_PATH,
    PATTERN,
    PINNED_DIGEST,
    PUBLISHABLE_KEY,
    QUANTITY,
    SECRET_NOUNS,
    SECRET_NOUNS_CJK,
    SOURCE_LOCATION,
    everyday_passphrase,
    plain_address,
    plausible_secret,
    secret_reference,
)

# Words that name a secret (`values.plausible.SECRET_NOUNS`), in many languages and scripts.
NOUNS, _NOUNS_CJK = SECRET_NOUNS, SECRET_NOUNS_CJK
# What joins the noun to its value: a colon or equals sign, or a copula in one of those languages.
_COPULA = (
    r"is|was|are|now|still|will be|has been|should be|set to|changed to|reset to|to"
    r"|lautet|ist|war|est|c['’]est|es|era|é|è|är|er|on|jest|je|zijn|is nu|ahora es"
    r"|είναι|היא|הוא|هي|هو|है|là|ialah|adalah|это"
    # Irish puts the copula first and names the value after `ná` ("Is é an pasfhocal … ná X");
    # Welsh says `yw`, Lithuanian `yra`, Albanian `është`.
    r"|ná|yw|ydy|yra|është"
    # Romanian `e`/`este`, Swahili `ni`, Tagalog `ay`, Thai `คือ`, Malay `ialah` above,
    # Bengali `হলো`/`হল` ("পাসওয়ার্ড হলো …").
    r"|este|e|ni|ay|คือ|হলো|হল"
    # Catalan `és`, Latvian `ir`, Serbian `је` and Bulgarian `е` (Cyrillic).
    r"|és|ir|је|е"
    # What a value became: Portuguese `ficou`, Spanish `quedó` ("a senha nova ficou …").
    r"|ficou|quedó"
    # Swiss German says `isch` ("s WLAN-Passwort … isch …"); Polish and Czech say the password
    # "reads" (`brzmi`, `zní`), as German `lautet`.
    r"|isch|brzmi|zní"
)
# A particle or copula glued to the noun in a script written without spaces ("パスワードは…",
# "密码是…", "รหัสผ่านคือ…").
_PARTICLE = r"は|는|은|是|为|為|คือ"
# Thai's modifier, glued after the noun (Thai writes no space between words): what the password is
# for, never one of its properties (its expiry, length, digits, characters, a day, a month, a
# count of times), which hold a date or a number, not the password.
_THAI_MODIFIER = r"(?:(?!หมดอายุ|ความยาว|ยาว|หลัก|ตัวอักษร|วัน|เดือน|ครั้ง)[\u0e00-\u0e7f]){1,40}?"
# An arrow or a dash between spaces: "password -> …", "pw ➡️ …".
ARROW = r"->|=>|→|⇒|➡️?|-|–|—"
# Copulas chain: "is now", "has been reset to", "ist jetzt".
_NOW = r"jetzt|maintenant|ahora|agora|adesso|ora|nu|now|teraz|сейчас|теперь"
COPULAS = rf"(?:(?:{_NOW})[ \t]+)?(?:{_COPULA})(?:[ \t]+(?:{_COPULA}|{_NOW})){{0,2}}"
# Nigerian Pidgin's copula `na` ("the password for the router na …") is "on" or "and" in other
# languages: read by PROSE alone, whose check takes only a value no word is after it.
_SAID = rf"(?:{COPULAS}|na)"
# A short qualifier between the noun and the joiner: "pw for the office:", "password of admin is".
PREPOSITION = (
    r"for|of|on|für|pour|para|per|voor|van|von|do|da|de|del|della|du|des"
    r"|der|dem|den|das|dos|das|dei|delle|degli"
    r"|k|ke|na|od|za|dla|для|от|к|на|til|för|på|till|al|au|don"
    # Bulgarian and Ukrainian `за`/`від`, German's contractions, Tagalog `ng`.
    # Greek `για`/`του`/`της` (for, of). Egyptian Arabic's `بتاع` (of), also in Latin letters
    # as chats write it (`bta3`, "el pass bta3 el OSS …").
    r"|за|від|fürs|zum|zur|vom|beim|im|ng|για|του|της|بتاع|بتاعة|بتوع|bta3|beta3|btaa3"
    # Romanian `pentru` (for): "Parola pentru contul de manager …". Arabic's "belonging to"
    # (`الخاص بـ`, `الخاصة بـ`): "كلمة المرور الخاصة بـ حساب …".
    r"|pentru|الخاص|الخاصة"
    # Hebrew `של` (of): "הסיסמה של הטאבלט בקופה היא …".
    r"|של"
)
QUALIFIER = (
    rf"(?:[ \t]+(?:(?:{PREPOSITION})[ \t]+"
    # Elided articles, and Arabic's `ل` (for) glued to its noun ("لحساب …").
    r"|dell'|dell’|d'|d’|ل(?=[\u0621-\u064a]))[^\s:=]{1,30}(?:[ \t]+[^\s:=：]{1,30}){0,4}?)"
)
# Before a colon any few words may stand: "Mot de passe root du NAS : …".
# In a script written without spaces (Thai), the label's next word is glued to the noun.
_LABEL = r"(?:(?:[ \t]+|(?<=[\u0e00-\u0e7f]))[^\s:=：]{1,30}){0,6}?"
OPEN_QUOTE = r"[\"'`“„«「『]"
# Arabic script's comma, semicolon and question mark (`،`, `؛`, `؟`) close a value as their Latin
# counterparts do.
CLOSE = ".,;:!?)\"'`”»」』،؛؟"
# A value ends at whitespace, a closing quote, or an escaped line break or quote (`\n` inside a
# JSON string is the end of the line the redactor's unescaped view reads), and at a character of
# a script written without spaces (kana, CJK ideographs, Hangul): "パスワードはabc123です" holds
# `abc123`, and "密码是 在1Password里面" holds no value, only the rest of its sentence.
VALUE = (
    r"(?P<s>(?:[^\s\"'`”»」』\\\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af\uff00-\uffef]"
    r"|\\(?![nrt\"'])){4,200})"
)

PROSE = re.compile(
    rf"(?i)(?:(?<![A-Za-z0-9])(?:{NOUNS})(?![A-Za-z])|(?:{_NOUNS_CJK}))"
    rf"(?:{QUALIFIER}?(?P<join>\s*(?:[:=：](?!:))(?:\s*(?:{COPULAS})\s)?"
    rf"|\s+(?:{_SAID})(?=[\s:=\"'`“„«「])(?:\s*[:=])?|\s*(?:{_PARTICLE})"
    # Thai writes no space between words and puts the modifier after the noun, so the modifier
    # is glued between the noun and its copula too ("รหัสผ่านแท็บเล็ตที่แคชเชียร์คือ …").
    rf"|(?<=[\u0e00-\u0e7f]){_THAI_MODIFIER}คือ(?=[ \t])"
    # Most languages put the modifier after the noun, with no preposition ("mật khẩu wifi là",
    # "ο κωδικός του wifi είναι", "nenosiri la wifi ni"): up to three words of letters, then a
    # verb "to be" (not `to` or `on`, which are prepositions too: "pin the SDK to v2") or a dash.
    rf"|(?:[ \t]+[^\W\d_]{{1,20}}){{1,3}}?[ \t]+(?:(?!(?:to|on)[ \t])(?:{_SAID})|–|—)"
    rf"(?=[ \t\"'`“„«「])"
    # Four or five words (a word may hold a hyphen, `Wi-Fi`) only before a value shaped as a
    # password, letters, digits and a symbol (`prose_check`): a modifier that long is as often
    # a clause of prose. The lookahead keeps a refused match from hiding the branches after it.
    rf"|(?P<mod>(?:[ \t]+[^\W\d_]{{1,20}}(?:-[^\W\d_]{{1,20}})?){{4,5}}?)[ \t]+"
    rf"(?:(?!(?:to|on)[ \t])(?:{_SAID})|–|—)"
    rf"(?=[ \t]+[\"'`“„«「]?[^\s]*[!#$%&*+?^~=@])(?=[ \t]+[^\s]*\d)"
    # An arrow or a dash between spaces: "password -> …", "Password – …".
    # Slack's or Markdown's bold may close around the label first ("*db password* → …").
    rf"|(?:\*\*?|__?)?[ \t]+(?:{ARROW})[ \t]+)"
    # A label's colon is followed by a space in prose; `:rotating_light:` opens an emoji code.
    # Markdown's bold may close around the label and open around the value ("**Passwort:** **…**").
    # Slack's bold and italics are one `*` or `_`, and may close before the colon too
    # ("*Password*: …", "**senha**: …", "*senha:* …").
    rf"|{_LABEL}(?:\*\*?|__?)?\s*(?::(?:\*\*?|__?)?(?=\s)|：)"
    rf"|(?P<bare>[ \t]+))"
    rf"\s*(?:(?<=\*\*[ \t])\*\*|(?<=__[ \t])__)?{OPEN_QUOTE}?{VALUE}"
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


# A vendor's prefix ending in the separator its random body would follow (`sk-proj-`, `ghp_`,
# `sk-ant-api03-`): lowercase words and a version, nothing random; how a key's form is told.
_PREFIX_ALONE = re.compile(r"[a-z][a-z0-9]{1,7}(?:[-_][a-z0-9]{1,8}){0,3}[-_]")


# PowerShell's commands are an approved verb, a hyphen and a noun (`ConvertTo-SecureString`,
# `Get-Secret`, `Read-Host`): a command's name, never a value.
_CMDLET = re.compile(
    r"(?:Get|Set|New|Read|Write|Add|Remove|Import|Export|Invoke|ConvertTo|ConvertFrom|Test"
    r"|Unprotect|Protect|Select|Start|Stop)-[A-Z][A-Za-z]{2,40}"
)


_ISO_TIME = re.compile(
    r"\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:[.,]\d+)?)?)?(?:Z|[+-]\d{2}:?\d{2})?"
)


# A value that begins with the name of the hash that made it: an HPKP or SPKI pin
# (`sha256/<base64>`), subresource integrity (`sha384-…`), a digest (`sha1:…`, `md5-…`).
ALGORITHM_NAMED = re.compile(
    r"(?i)(?:sha-?(?:1|224|256|384|512)|md5|blake2[bs]?|blake3)[/:_-][A-Za-z0-9+/=_-]{16,}$"
)


def json_state(value: str) -> bool:
    """Is `value` one base64 part that decodes to a JSON object naming no secret
    (`eyJ2IjoxLCJzaGFyZCI6…` is `{"v":1,"shard":…}`, a page's cursor)? A key is random bytes,
    a JWT three parts; what encodes readable JSON is a position or a state the server reads
    back."""
    if not value.startswith("eyJ") or "." in value or len(value) < 16:
        return False
    body = value.replace("-", "+").replace("_", "/").rstrip("=")
    try:
        raw = base64.b64decode(body + "=" * (-len(body) % 4), validate=True)
        text = raw.decode("utf-8")
    except (binascii.Error, ValueError):
        return False
    return text.startswith("{") and text.isprintable() and not SECRET_WORD.search(text)


def value_ok(raw: str, *, strict: bool, said: bool = False) -> bool:
    """Could `raw`, standing after a word that names a secret, be the secret itself? `said`: the
    word is joined to it by a copula ("is", "ist"), so the value is not a config's next key."""
    key = re.match(r"[A-Za-z_][\w.-]*(?=[=:])", raw)
    named = key is not None and _a_name(key.group(0))
    if not said and named and re.fullmatch(r"[A-Za-z_][\w.-]*[=:]", raw):
        return False  # the next key of a config
    if re.match(r"\\[nrt\"']|-|(?:\.{0,2}|~|\$HOME)/|[<{\[(:]|%\{", raw) or (
        not said and named and re.match(r"[A-Za-z_][\w.-]*=", raw)
    ):
        return False  # the next key or line of a config, a flag, a path or a <slot>: not a value
    if SOURCE_LOCATION.fullmatch(raw.rstrip(CLOSE)):
        return False  # `pipelines/upload.nf:246`: a file and a line (grep, a compiler, a trace)
    if LOWER_PATH.fullmatch(raw.rstrip(CLOSE)):
        # `secret "ops/gds/1a-ws" not found`: lowercase segments joined by slashes are where a
        # secret is kept (a vault path, a Secret's namespace and name), never the secret itself.
        return False
    if raw.endswith(("...", "…")) or is_placeholder(raw):
        return False  # `sk-ant-api03-...`: a slot to fill in
    if _CMDLET.fullmatch(raw):
        return False  # `$pw = ConvertTo-SecureString $env:PW …`: a PowerShell command
    if _PREFIX_ALONE.fullmatch(raw):
        return False  # "`sk-proj-` + a lot of characters": a key's prefix, its body left out
    if decoded_placeholder(raw.rstrip(CLOSE)):
        return False  # `UkVQTEFDRV9NRQ==`: base64 of a slot's words, a Secret's `data:` stand-in
    if enveloped(raw):
        return False  # ciphertext in its envelope: useless without a key not in the text
    value = raw.rstrip(CLOSE)
    if PUBLISHABLE_KEY.match(value) or ALGORITHM_NAMED.match(value) or json_state(value):
        # `pk.eyJ…` (Mapbox's public token), `sha256/<base64>` (a pin of a public key): a
        # value that names itself public or a digest, whatever word labels it; base64 of a
        # JSON object is a cursor or a state, not a key (a JWT has three parts).
        return False
    if DATA_URI.match(value) or (len(value) >= 16 and file_bytes(value)):
        # "token icon: data:image/png;base64,…", "password protected zip: UEsDB…": a file's
        # bytes, whatever word labels them (the name=value rules read them so already).
        return False
    if re.fullmatch(r"[\d.,:/-]+", value):
        return False  # a time, a date, a number: "the token expires at: 10:00"
    if QUANTITY.fullmatch(value) or PATTERN.search(value):
        return False  # "token budget: 128k", "[A-Za-z0-9]{40}": an amount, a value's form
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
    if (
        is_code_ref(value)
        and not re.search(r"[A-Za-z]\d|\d[A-Za-z]|[^\w.]", value)
        and not (everyday_passphrase(value) and not strict)
    ):
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
    return value_ok(raw, strict=strict)


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


_NOUN_AT = re.compile(rf"(?i)(?:{NOUNS})(?![A-Za-z])")
# Words that join a noun to what it is for or whose ("password for the service:"): a label with
# one is a phrase, not a compound noun.
_FUNCTION_WORDS = set(
    "for of on to in at the a an my our your his her their this that du de da do del della der"
    " den dem des das la le les el los las il lo von van voor für pour para per"
    # Tagalog's `ng` ("password ng wifi"), Swahili's `ya`, Indonesian `untuk` (for), Irish `don`.
    " ng ya untuk don"
    # Scandinavian `til`/`till`/`för`/`på` (for, to, on).
    " til till för på"
    # Polish, Czech and Slovak `w`/`we`/`v`/`ve` (in), `u` (at), `na` (on).
    " w we v ve u na".split()
)


# English puts a compound's head last ("password manager is"); the languages whose copula
# follows a noun's modifier ("parola serverului e", "nenosiri la seva ni") put it first.
_HEAD_LAST_COPULA = r"(?:is|was|are|will be|has been|should be)(?:[ \t]+now)?"
_HEAD_LAST_COPULA_END = re.compile(rf"(?i)[ \t]+{_HEAD_LAST_COPULA}[ \t]*$")


# Nouns of languages that put a noun's modifiers after it (Indonesian, Malay, Vietnamese, the
# Romance languages, Swahili): "kata sandi portal INSW sementara:", "senha portal fornecedor:"
# name whose password it is, the noun staying the head; no compound's head follows them.
_HEAD_FIRST_NOUN = re.compile(
    r"(?i)kata sandi(?:nya)?|kata laluan(?:nya)?|mat khau|mk|contrase[ñn]a|senha|palavra-passe"
    r"|mot de passe|mdp|parola|clave|contrasenya|nenosiri"
)


_COMPOUND_ADJECTIVE = re.compile(r"[a-z0-9]+-[a-z]{2,}")


# A line of words that ends in a colon: a label or a program's prompt (`Re-type new password:`).
_PROMPT_LINE = re.compile(r"[^\W\d_][\w'’-]*(?:[ \t]+[^\W\d_][\w'’-]*)+[ \t]*[:：][ \t]*$", re.M)


def prose_check(m: re.Match[str]) -> bool:
    if not prose_context_ok(m):
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
    if re.search(r"[:：][ \t]*\n\s*$", label) and _PROMPT_LINE.match(m.string, m.start("s")):
        # `New password:` then `Re-type new password:`: a program's prompts, each on its line
        # and ending in its colon; the line under a label that is itself a label is no value.
        return False
    head = re.search(r"[A-Za-z_][\w.-]*$", m.string[max(0, m.start() - 60) : m.start()])
    name = (head.group(0) if head else "") + label.rstrip(" \t:=\"'")
    if (
        re.fullmatch(r"[A-Za-z_][\w.-]*", name)
        and re.fullmatch(r"[A-Za-z]+(?:[_-][A-Za-z]+)*", value)
        and spelled_from_name(value, name)
    ):
        return False  # `MQTT_PASSWORD=mot_de_passe_mqtt`: spelled of its own name, as an assignment
    # Joined by a copula (not a colon, an equals sign, or only a space): "… is J=1zw…".
    said = not bare and not re.search(r"[:=：]", label) and bool(re.search(r"[^\W\d_]\s*$", label))
    if said and _COMPOUND_ADJECTIVE.fullmatch(value.rstrip(CLOSE)):
        # "the password is case-sensitive", "my token is read-only", "the PIN is 4-digits": two
        # lowercase parts joined by a hyphen after a copula say what the secret is like; a
        # passphrase has more words or a number (`ember-marble-walnut-saffron54`).
        return False
    if (
        said
        and re.search(r"(?i)(?<![^\W\d_])na[ \t]*$", label)
        and not shaped_password(value.rstrip(".,;:)"))
        and not re.fullmatch(r"[^\W\d_]+(?:-[^\W\d_]+){3,}", value.rstrip(CLOSE))
    ):
        # Pidgin's copula `na` is "on" or "and" in other languages ("token na dey expire"):
        # only a value no word is (a symbol and a digit, or a phrase of words joined) is said.
        return False
    if re.fullmatch(r"\d+", value.rstrip(CLOSE)):
        return _pin(m)
    modifier = m.groupdict().get("mod")
    if modifier and len(modifier.split()) > 3 and not shaped_password(value.rstrip(".,;:)")):
        # A long modifier ("mật khẩu wifi phòng biên tập mới là …") is as often a clause of
        # prose: only a value no word could be (letters, digits and a symbol) is said there.
        return False
    if m.string[m.start() - 1 : m.start()] in ("?", "&") and re.search(r"&[\w.-]+=", value):
        value = value.split("&", 1)[0]  # a URL's query: `&issuer=` begins the next parameter
    value = unopened_closer_dropped(value)
    if (
        bare
        and re.match(r"(?i)[^\W\d_ ]+(?:[ \t][^\W\d_]+)?nya[ \t]", label)
        and made_password(value.rstrip(CLOSE))
    ):
        # Indonesian and Malay leave the copula out after `-nya` ("passwordnya kopi-sambal-…",
        # "kata sandinya …": "its password, …"): the noun says the value is said.
        return value_ok(value, strict=False, said=True)
    if bare and _directive_line(m) and made_password(value.rstrip(CLOSE)):
        # `requirepass quiet_lantern_velvet`: a config's line of a directive and its one value
        # (Redis, `.netrc`): the noun opens the line as a key does, so a password as people
        # make them counts, as after a key's colon.
        return value_ok(value, strict=False, said=True)
    if bare and _login_given(m.string, m.start()) and made_password(value.rstrip(CLOSE)):
        # "login: reception" then "pw kalabaw_adobo_…": the second half of a login's pair, as
        # on one line ("usuario `caster01`, pass …"); a password as people make them counts.
        return value_ok(value, strict=False, said=True)
    return value_ok(value, strict=bare, said=said)


# A config's directive line: a key (a name, no sentence), then one value that holds a digit,
# a dot, a slash or a colon (`port 6379`, `maxmemory 2gb`, `bind 127.0.0.1`); two words of chat
# ("thanks all") are no directive.
_DIRECTIVE = re.compile(r"[ \t]*[A-Za-z][\w.-]*[ \t]+(?=[^\s#]*[\d./:])[^\s#]\S*[ \t]*")


def _directive_line(m: re.Match[str]) -> bool:
    """Is the match a config's directive line: the noun first on its line (indented or not),
    one space-separated value, nothing after it, and a directive line next to it (above or
    below), as a config's lines stand? A line alone under prose ("the build log says") is
    chat, not a config."""
    text = m.string
    line_start = text.rfind("\n", 0, m.start()) + 1
    line_end = text.find("\n", m.end("s"))
    after = text[m.end("s") : len(text) if line_end < 0 else line_end]
    if text[line_start : m.start()].strip() or after.strip():
        return False
    above = text[: max(0, line_start - 1)].rsplit("\n", 1)[-1] if line_start else ""
    below = "" if line_end < 0 else text[line_end + 1 :].split("\n", 1)[0]
    return any(_DIRECTIVE.fullmatch(line) for line in (above, below))


# A config's directive line whose value is written in a script without spaces (`requirepass
# さくら1955!`, a `.netrc`'s `password 北京欢迎你1930`): `VALUE` stops at that script's
# characters, which in prose are the sentence around a value ("パスワードはabc123です"); on a
# directive's line nothing but the value follows the noun.
DIRECTIVE_VALUE = re.compile(
    rf"(?im)^[ \t]*(?:{NOUNS})(?![A-Za-z])[ \t]+"
    r"(?P<s>[^\s\"'`]*[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af][^\s\"'`]*)[ \t]*$"
)


def directive_value_check(m: re.Match[str]) -> bool:
    """The value of a directive line among directive lines (`_directive_line`) or under a
    login's user (`.netrc`'s `login jenkins`), letters with a digit or a symbol (a password as
    people make them in their script), no placeholder."""
    value = m.group("s")
    if not (_directive_line(m) or _login_given(m.string, m.start())):
        return False
    return _mixed(value) and not is_placeholder(value)


_BRACKETS = {"]": "[", "}": "{", ")": "("}
# The words for a user, in the languages the nouns are read in.
_USER_WORDS = (
    r"user(?:name)?|login|χρήστη[ςσ]?|όνομα χρήστη|usuari[oa]|usuário|utilisateur|utente"
    r"|benutzer(?:name)?|nutzer|gebruiker(?:snaam)?|użytkownik|kullanıcı(?: adı)?|пользователь"
    r"|логин|kasutaja|käyttäjä(?:tunnus)?"
)
_EMAIL = r"[\w.+-]+@[\w-]+\.[\w.]+"
# A login's user on the line before a password's noun: an e-mail address, or a word for a user.
_LOGIN_BEFORE = re.compile(rf"(?i){_EMAIL}|(?<![^\W\d_])(?:{_USER_WORDS})(?![^\W\d_])")
# A login's user given just before, as the first half of a pair: a word for a user and its value
# (or an e-mail address), then a comma, a slash or "and" ("usuario `caster01`, pass …").
_USER_GIVEN = re.compile(
    rf"(?i)(?:(?<![^\W\d_])(?:{_USER_WORDS})(?![^\W\d_])[ \t]*[:=]?[ \t]*[`'\"]?[\w.@+-]+[`'\"]?"
    rf"|{_EMAIL})(?:[ \t]*[,;/|]|[ \t]+(?:and|y|e|et|und|en|i|ve|и))[ \t]*$"
)


# A line that gives a login's user alone: "login: reception", "user = caisse2".
_USER_LINE = re.compile(
    rf"(?i)[ \t]*(?:{_USER_WORDS})[ \t]*[:=][ \t]*[`'\"]?[\w.@+-]+[`'\"]?[ \t]*"
)


def _login_given(text: str, start: int) -> bool:
    """Is a login's user given just before `start`: on its line before it, or alone on the line
    above when `start` opens its own?"""
    before = line_before(text, start)
    if _USER_GIVEN.search(before):
        return True
    if before.strip():
        return False
    above_end = text.rfind("\n", 0, start)
    above = line_before(text, above_end) if above_end > 0 else ""
    return _USER_LINE.fullmatch(above) is not None


def unopened_closer_dropped(value: str) -> str:
    """`value` without a closing bracket at its end that it did not open: "TASK [Ensure munge
    key secret permissions]" closes a bracket opened before the noun, around the sentence, so
    the bracket is the sentence's and not part of a value (`abc[12]` keeps its own)."""
    closer = value[-1:]
    opener = _BRACKETS.get(closer)
    if opener is not None and value.count(closer) > value.count(opener):
        return value[:-1]
    return value


def no_word(value: str) -> bool:
    """A value no word or name is: letters, digits and a symbol (`shaped_password`), or a run of
    both cases and digits that a generator made (`machine_made.generated_run`)."""
    if shaped_password(value):
        return True
    return re.fullmatch(
        r"(?=.*[a-z])(?=.*[A-Z])(?=.*\d)[A-Za-z0-9]{8,64}", value
    ) is not None and generated_run(value)


# How people make a password beyond a symbol a policy asks for: a word (any script, capitalised
# or in leetspeak) and a number joined by `_` or glued after capitalised words
# (`Kalyna_905`, `70kk1_42`, `GangnamHoduKimchi48`), a pictograph among letters and digits
# (`🌻Adobo1528`), or three words or more joined by one of `.`, `_`, `-` (a passphrase,
# `sakura.umibe.kaeru`, `kopi_nasilemak_kucing_bulan`). Only where a clause says the value is a
# password ("… is the wifi password", the answer to "what's the password?"): a name of code is
# shaped so too.
_WORD_AND_NUMBER = re.compile(
    r"(?=.*[^\W\d_])(?=.*\d)[^\W_]+(?:_[^\W_]+)+"
    r"|(?:[A-Z][a-z]+){2,}\d{1,4}"
)


def made_password(value: str) -> bool:
    """Is `value` a password as people make them, beyond `shaped_password`'s symbol?"""
    if _CONSTANT.fullmatch(value) or names_a_secret(value):
        return False  # `DB_PASS_2`: a constant's name
    if everyday_passphrase(value) or _WORD_AND_NUMBER.fullmatch(value):
        return True
    pictograph = any(ord(c) >= 0x2190 and not c.isalnum() for c in value)
    return pictograph and bool(re.search(r"\d", value)) and bool(re.search(r"[^\W\d_]", value))


# Letters, digits and a symbol beyond those that join names (`Nasgor40$`, `sorriso?Chapada79`).
_SHAPING_SYMBOL = re.compile(r"[!#$%&*+?^~=@]")


def shaped_password(value: str) -> bool:
    """Is `value` letters with digits and a symbol that joins no name, as a password a policy
    accepts is?"""
    return (
        _SHAPING_SYMBOL.search(value) is not None
        and re.search(r"\d", value) is not None
        and re.search(r"[^\W\d_]", value) is not None
    )


# A PIN, a lock's code, a phone's or a card's password is digits: after a word for a password
# (not for a token, a key or a secret, which are not chosen to be typed on a keypad) joined to
# it by a colon or a copula, with no word between but what says whose it is ("Hasło do
# skrytki: …", "PIN for the door is …"), four to eight digits are the password. A word between
# makes the number something else of it ("password reset ticket: 48213", "password expiry:
# 2026"); a run of one digit or a counting sequence (`1234`, `0000`) is an example.
_NOT_TYPED = re.compile(r"(?i)token|api|access|client|auth|secret|rahasia|chave|cl[ée]|chiave")
# A dash between spaces joins as a colon does ("пароль от планшета на кассе — 3855"); a
# head-first noun's modifiers follow it with no preposition ("kata laluan tablet kaunter ialah
# …", `_HEAD_FIRST_NOUN`).
_PIN_JOINER = (
    rf"(?:[ \t]*[:=：][ \t]*|[ \t]+[—–][ \t]+|[ \t]+(?:{COPULAS})(?:[ \t]*[:=])?[ \t]*"
    rf"|[ \t]*(?:{_PARTICLE})[ \t]*)"
    rf"{OPEN_QUOTE}?[ \t]*"
)
_HEAD_FIRST_PIN_JOIN = re.compile(rf"(?i)(?:[ \t]+[^\s\d:=]{{1,20}}){{1,3}}?{_PIN_JOINER}")
_PIN_JOIN = re.compile(
    rf"(?i)(?:{QUALIFIER})?"
    rf"(?:[ \t]*[:=：][ \t]*|[ \t]+[—–][ \t]+|[ \t]+(?:{COPULAS})(?:[ \t]*[:=])?[ \t]*"
    rf"|[ \t]*(?:{_PARTICLE})[ \t]*"
    # Thai's modifier glued between the noun and its copula (see PROSE).
    rf"|{_THAI_MODIFIER}คือ[ \t]*)"
    rf"{OPEN_QUOTE}?[ \t]*"
)
_CJK_NOUN = re.compile(_NOUNS_CJK)


def _pin(m: re.Match[str]) -> bool:
    digits = m.group("s").rstrip(CLOSE)
    if not 4 <= len(digits) <= 8 or len(set(digits)) == 1 or digits in "01234567890987654321":
        return False
    noun = re.match(rf"(?i)(?:{NOUNS})(?![A-Za-z])|(?:{_NOUNS_CJK})", m.group(0))
    if noun is None or _NOT_TYPED.search(noun.group(0)):
        return False
    between = m.string[m.start() + noun.end() : m.start("s")]
    if m.group("bare") is not None:
        # With no joiner at all, only where the joiner is often left out: Korean and Japanese
        # drop the particle ("도어락 비번 …"), and a label in capitals is a device's ("SIM
        # PIN …"); the number ends its clause (no unit or word glued after it).
        label = noun.group(0) == "PIN" or _CJK_NOUN.fullmatch(noun.group(0)) is not None
        end = m.start("s") + len(digits)
        after = m.string[end : end + 2]
        return label and not re.match(r"[ \t]?[^\W\d_]", after) and between.isspace()
    if _PIN_JOIN.fullmatch(between) is not None:
        return True
    return (
        _HEAD_FIRST_NOUN.fullmatch(noun.group(0)) is not None
        and _HEAD_FIRST_PIN_JOIN.fullmatch(between) is not None
    )


# A lock's code (a door's, a gate's, an alarm's, a safe's, a padlock's) opens it as a password
# opens an account, and is typed on a keypad: four to eight digits after it, joined by a colon, a
# copula or nothing ("door code for the side entrance: …", "le code de la porte c'est …",
# "Zahlenschloss-Code …"), are the code. "code" alone is any code (an error's, a country's).
_LOCK = (
    r"(?:door|gate|alarm|lock|keypad|safe|locker|garage|padlock|entry)[ \t-]?code"
    r"|code[ \t]+(?:de[ \t]+la[ \t]+porte|du[ \t]+portail|de[ \t]+l['’]alarme|d['’]alarme"
    r"|du[ \t]+cadenas|du[ \t]+coffre|d['’]entrée)"
    r"|(?:tür|haustür|tor|alarm|schloss|zahlenschloss|tresor)[ \t-]?code"
    r"|c[óo]digo[ \t]+d[aoe][ \t]+(?:la[ \t]+)?"
    r"(?:puerta|porta|alarma|alarme|port[ãa]o|portón|cofre)"
    r"|codice[ \t]+(?:della[ \t]+porta|dell['’]allarme|del[ \t]+cancello|della[ \t]+cassaforte)"
    # The code for what it opens, the English and Russian way ("the code for the lockbox", "код
    # от домофона": an intercom's, a porch's, a safe's).
    r"|code[ \t]+(?:for|to|of)[ \t]+(?:the[ \t]+)?(?:front[ \t]+|side[ \t]+|back[ \t]+)?"
    r"(?:door|gate|alarm|lock|lockbox|key[ \t]?box|keypad|safe|locker|garage|padlock|entry)"
    r"|код[ \t]+(?:от|для|к)[ \t]+(?:домофона|двери|подъезда|сейфа|замка|калитки|ворот)"
    r"|(?:lockbox|key[ \t]?box|intercom|buzzer)[ \t-]?code"
)
LOCK_CODE = re.compile(
    rf"(?i)(?<![^\W\d_])(?:{_LOCK})(?![^\W\d_]){QUALIFIER}?"
    rf"(?P<join>[ \t]*[:=：][ \t]*|[ \t]+(?:{COPULAS})(?:[ \t]*[:=])?[ \t]+|[ \t]+)"
    rf"{OPEN_QUOTE}?(?P<s>\d{{4,8}})(?![\d.,:/-]?\d|[^\W\d_])"
)


def lock_code_check(m: re.Match[str]) -> bool:
    digits = m.group("s")
    if len(set(digits)) == 1 or digits in "01234567890987654321":
        return False  # `0000`, `1234`: an example
    # With no joiner, a year is when ("gate code 2019 rules"), not the code.
    return not (m.group("join").isspace() and re.fullmatch(r"(?:19|20)\d\d", digits))


# A passphrase is words (NIST SP 800-63B counts spaces as characters; diceware strings words)
# and people end it with a number. After a word for a password joined by a colon or a copula,
# three to seven words ending in a number, in quotes (which say where a value with spaces begins
# and ends) or running to the end of the line, are the passphrase; a number followed by words is
# a quantity ("changed every 90 days").
# A message about a password names it (`about_a_secret`) or has no number of its own.
_PHRASE = r"(?:[^\W\d_]{2,20}|\d{2,4})(?:[ \t](?:[^\W\d_]{1,20}|\d{2,4})){2,6}"
# In quotes, which say where the value begins and ends, the number may be glued to the last word
# (`«fjell fjord skog lynet99»`); unquoted, "meet policy v2" is prose.
_PHRASE_QUOTED = (
    r"(?:[^\W\d_]{2,20}|\d{2,4})(?:[ \t](?:[^\W\d_]{1,20}|\d{2,4})){1,5}"
    r"[ \t](?:[^\W\d_]{3,20}\d{2,4}|\d{2,4})"
)
PASSPHRASE = re.compile(
    rf"(?i)(?:(?<![A-Za-z0-9])(?:{NOUNS})(?![A-Za-z])|(?:{_NOUNS_CJK}))"
    rf"{QUALIFIER}?(?:[ \t]*[:=：][ \t]*|[ \t]+(?:{COPULAS})(?:[ \t]*[:=])?[ \t]*)"
    rf"(?:[\"'“„«「『][ \t]?(?P<q>{_PHRASE_QUOTED})[ \t]?[\"'”»」』]"
    rf"|(?P<e>{_PHRASE}(?<=\d))[ \t]*(?:$|\n|[.,;(]))"
)


def passphrase_span(m: re.Match[str]) -> tuple[int, int] | None:
    group = "q" if m.group("q") is not None else "e"
    return m.start(group), m.end(group)


def passphrase_check(m: re.Match[str]) -> bool:
    phrase = m.group("q") or m.group("e")
    noun = re.match(rf"(?i)(?:{NOUNS})|(?:{_NOUNS_CJK})", m.group(0))
    if noun is None or _NOT_TYPED.search(noun.group(0)) or is_placeholder(phrase):
        return False
    return not _ABOUT.search(phrase)


_ABOUT = re.compile(rf"(?i)(?<![^\W\d_])(?:{NOUNS})(?![^\W\d_])|{_NOUNS_CJK}")


# A passphrase of words alone (diceware's, "correct horse battery staple"): lowercase words of
# three to twelve letters, none of them a word sentences are built with or a word about where a
# password is or what became of it, where a value goes, and set apart as a value is: in quotes,
# or running to the end of its line (to a particle in a script without spaces, "パスワードは…です").
# After a colon three such words do; after a copula, which prose follows too ("the password is
# stored in the vault"), four, or three in quotes.
_LOWER_WORD = r"(?-i:[a-z]{3,12})"
_WORDS = rf"{_LOWER_WORD}(?:[ \t]{_LOWER_WORD}){{2,6}}"
WORD_PHRASE = re.compile(
    rf"(?i)(?:(?<![A-Za-z0-9])(?:{NOUNS})(?![A-Za-z])|(?:{_NOUNS_CJK}))"
    rf"{QUALIFIER}?(?:(?P<colon>[ \t]*[:=：][ \t]*)|[ \t]+(?:{COPULAS})[ \t]+"
    rf"|[ \t]*(?:{_PARTICLE})[ \t]*)"
    # In quotes or a code span; German and Korean close „…“ with the English opening mark.
    rf"(?:[\"'“„«「『`](?P<q>{_WORDS})[\"'”“»」』`]"
    rf"|(?P<e>{_WORDS})[ \t]*(?:です|입니다)?[ \t]*(?:$|\n))"
)
_PROSE_WORDS = frozenset(
    # English, German, French, Spanish, Portuguese, Italian, Dutch: words of grammar.
    "the and for with from into onto about this that these those its your our his her their"
    " are was were been being has have had not nor but yet all any some each every one two"
    " can could should would will shall must may might does did done than then when where what"
    " who why how here there out off per via just only also too very same still now new old"
    " der die das und mit ein eine ist sind war nicht auch noch wie was wer wird den dem des"
    " les des une est sont pas avec pour dans sur que qui par aux ces son ses mais"
    " los las una con por para que del como pero sus esta este uno"
    " com uma dos das pelo pela mas nao seu sua"
    " che con per una non del della sono gli"
    " het een van met voor niet ook nog maar"
    # What is said of a password instead of giving it: where it is, who has it, what became of it.
    " ask see check use send sent sending stored kept saved shared rotated changed expired"
    " reset set unset unknown none empty blank masked hidden redacted encrypted required"
    " optional later soon pending missing default vault manager keychain please thanks"
    " admin user login account email message chat channel ticket team below above".split()
)


def word_phrase_span(m: re.Match[str]) -> tuple[int, int]:
    group = "q" if m.group("q") is not None else "e"
    return m.start(group), m.end(group)


def word_phrase_check(m: re.Match[str]) -> bool:
    phrase = m.group("q") or m.group("e")
    words = phrase.split()
    if m.group("e") is not None and m.group("colon") is None and len(words) < 4:
        return False  # after a copula and unquoted, three words are as often prose
    if _PROSE_WORDS.intersection(words) or _ABOUT.search(phrase):
        return False
    noun = re.match(rf"(?i)(?:{NOUNS})|(?:{_NOUNS_CJK})", m.group(0))
    if noun is None or _NOT_TYPED.search(noun.group(0)):
        return False
    if under_sealed_key(m.string, m.start()) or DOC_FIELD.search(line_before(m.string, m.start())):
        return False  # a SealedSecret's field, a docstring's parameter
    return not is_placeholder(phrase)


# Words that open an answer: a pronoun and a copula, or a word that hands the value over.
_ANSWER_LEAD = (
    r"it'?s|it’s|it is|that'?s|c['’]est|es|é|è|ist|är|er|se on|on|to|to je|je to|je|это|вот"
    r"|ось|це|şu|bu|ia|itu|ni|ito|là|đây là|here|hier|aquí|ici|voilà|is|het is|e|det är|det er"
    r"|den er|den är|ez|az|ez az|זה|זו|هي|هو|είναι"
)
# A question that asks for a password is answered on the next line: "what's the wifi
# password?" then the value alone on its line, perhaps after a speaker's tag or an arrow or a
# dash (a chat's reply). Nothing but the value's own form names it, so only a value that could
# not be a word counts, as after a bare noun.
ANSWERED = re.compile(
    rf"(?im)^[^\n]*?(?:(?<![^\W\d_])(?:{NOUNS})(?![^\W\d_])|{_NOUNS_CJK})[^\n]*[?？]"
    # The question may be quoted ("replying to @ana: "pw for …?""), the answer a line further
    # down (a blank line between) or in a code span.
    r"[\"”']?[ \t]*\n(?:[ \t]*\n)?"
    # The answer may open with a speaker's name in any script ("Айгерим: …", "李伟: …"), then a
    # pronoun and a copula ("it's `…`", "c'est …", "é …", "se on …", "to …", "是 …") or a word
    # that hands it over ("вот: …", "ось: …", "şu: …").
    r"[ \t]*(?P<lead>(?:[^\W\d_][^\W\d_.'’-]{0,19}(?:[ \t][^\W\d_]{1,20})?:[ \t]*"
    r"|[→>—–-][ \t]*)?"
    rf"(?:(?:{_ANSWER_LEAD})[ \t]*[:：]?[ \t]+|(?:是|就是)[ \t]*)?)"
    r"(?P<q>`)?(?P<s>[^\s`\"']{4,64}?)(?(q)`)"
    # A particle of politeness may close it, glued in Korean ("…요") or after a space in
    # Tagalog, Malay and Vietnamese ("… po", "… ya", "… nhé").
    r"(?:요|이요|예요|입니다|です|[ \t]+(?:po|ya|yah|lah|nhé|nha|ạ|です|입니다|요))?"
    # The answer may say after a dash or in brackets what it opens ("`…` — rede ASA-HGR").
    r"(?:[ \t]+(?P<note>[—–-][ \t]|\()[^\n]*)?[ \t]*$"
)


# The answer may be a passphrase of words alone on its line ("密码多少？" then "violin horse
# compass thunder"): four to seven lowercase words, none a word of grammar or about where a
# password is (`_PROSE_WORDS`): "ask the front desk", "it is in the vault" are prose.
# The question's noun ends its phrase ("which password manager?" asks for a product).
ANSWERED_WORDS = re.compile(
    rf"(?im)^[^\n]*?(?:(?<![^\W\d_])(?:{NOUNS})(?![^\W\d_])|{_NOUNS_CJK})"
    r"(?![ \t]+(?!(?:for|of|to|on|at|in|is|was|again|now|please|pls|pw)(?![a-z]))[a-z]{3,})"
    r"[^\n]*[?？]"
    r"[\"”']?[ \t]*\n(?:[ \t]*\n)?"
    r"[ \t]*(?:[^\W\d_][^\W\d_.'’-]{0,19}(?:[ \t][^\W\d_]{1,20})?:[ \t]*|[→>—–-][ \t]*)?"
    rf"(?P<s>{_LOWER_WORD}(?:[ \t]{_LOWER_WORD}){{3,6}})[ \t]*$"
)


def answered_words_check(m: re.Match[str]) -> bool:
    phrase = m.group("s")
    if _PROSE_WORDS.intersection(phrase.split()) or _ABOUT.search(phrase):
        return False
    return not is_placeholder(phrase)


def answered_check(m: re.Match[str]) -> bool:
    if m.group("note") is not None and not no_word(m.group("s").rstrip(CLOSE)):
        # With a note after it, the line is no longer the value alone: only a value no word or
        # name is (letters, digits and a symbol, or a generator's run) is the answer ("`v2.3` —
        # the new build" is not).
        return False
    if re.fullmatch(r"(?i)v?\d+(?:\.\d+)+(?:[-+.][\w.]*)?", m.group("s").rstrip(CLOSE)):
        return False  # `v2.3.1`: a version answers "which version?"
    if m.group("s").startswith("@"):
        return False  # `@marta-ops`: a mention answers "who has it?"
    if re.fullmatch(r"\d+", m.group("s")):
        # Digits answer "what's the PIN / the wifi password?" as `_pin` reads them; a year
        # answers "when?".
        digits = m.group("s")
        noun = re.search(rf"(?i)(?<![^\W\d_])(?:{NOUNS})(?![^\W\d_])|{_NOUNS_CJK}", m.group(0))
        return (
            4 <= len(digits) <= 8
            and len(set(digits)) > 1
            and digits not in "01234567890987654321"
            and not re.fullmatch(r"(?:19|20)\d\d", digits)
            and noun is not None
            and not _NOT_TYPED.search(noun.group(0))
        )
    if value_ok(m.group("s"), strict=True):
        return True
    # The question named a password, and the line answers it: a password as people make them
    # counts too (`Kalyna_905`, `🌻Adobo1528`, `mokki_jarvi_pulla_kesa`).
    value = m.group("s").rstrip(CLOSE)
    question = line_before(m.string, m.string.find("\n", m.start()))
    if re.match(r"[ \t]*[\w.-]+[ \t]*=", question):
        return False  # `DB_PASSWORD=…?` then `PHONE=…`: a config's lines, no question asked
    if made_password(value):
        return value_ok(value, strict=False, said=True)
    # After a speaker's name or a word that hands it over ("Zeynep: şu: d_P=nEDarfkz-3"), a
    # symbol after a word and `=` is no config's next key: the line is the answer.
    return (
        bool(m.group("lead").strip())
        and shaped_password(value)
        and value_ok(value, strict=True, said=True)
    )


def prose_context_ok(m: re.Match[str]) -> bool:
    """Do the words around a noun's match leave it naming the value after it? (The value itself is
    judged by `value_ok`.)"""
    if under_sealed_key(m.string, m.start()):
        return False  # `encryptedData:` / `password: Ag…`: a SealedSecret's ciphertext
    if DOC_FIELD.search(line_before(m.string, m.start())):
        return False  # `:param password: plain-text password to hash`: a docstring's field
    if published_defaults(m.string, m.start()):
        return False  # an upstream project's published defaults: public, not ours
    if re.search(r"(?i)(?<![\w-])sealed[ \t_-]$", m.string[max(0, m.start() - 8) : m.start()]):
        return False  # "sealed secret: Ag…": a SealedSecret's ciphertext, made to be committed
    head_start = max(m.string.rfind(c, 0, m.start()) for c in " \t\n`'\"(") + 1
    if _IN_PATH.fullmatch(m.string[head_start : m.start("s")]):
        return False
    label, value = m.string[m.start() : m.start("s")], m.group("s")
    if said_stand_in(m.string[m.end("s") : m.end("s") + 120]):
        return False  # `password: hunter2 (that's the joke one, not real)`: said to be no real one
    if EXPRESSION_OP.match(m.string, m.end("s")) and identifier_like(value):
        return False  # `token = isProd ? prodToken : devToken`: an expression, code
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
    if last and last.start(1) > 0 and last.group(1).lower() in PUBLIC_TAILS:
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
        and not _HEAD_FIRST_NOUN.fullmatch(noun.group(0))
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
    if noun and type_annotation(m.string, m.start(), m.start() + noun.end(), value.rstrip(CLOSE)):
        return False  # `(password: SecretBytes)`: a parameter and its type
    if identifier_like(m.group("s")) and re.match(r"[ \t]+--?[A-Za-z]", m.string[m.end("s") :]):
        return False  # `$env:API_KEY = Read-Host -AsSecureString`: a command, not a value
    bare = m.groupdict().get("bare") is not None
    if (
        bare
        and re.fullmatch(r"(?i)pass|pin", m.string[m.start() : m.start("bare")])
        and re.fullmatch(r"[\w.-]+", value.rstrip(CLOSE))
        and identifier_like(value.rstrip(CLOSE))
        and not value.rstrip(CLOSE).isdigit()  # digits alone are a PIN's, as `_pin` reads them
        and not (
            re.fullmatch(r"(?i)pass", m.string[m.start() : m.start("bare")])
            and _USER_GIVEN.search(line_before(m.string, m.start()))
        )
    ):
        # "pass" and "pin" are ordinary words before a name ("shader pass 'Universal2D'", "pin
        # numpy2"): with no colon or copula, a name after them is that name; a value no name
        # could be (`pass otter#tiger6`) is still a password, and so is any value after a
        # login's user on its line ("usuario `caster01`, pass ombu-rojo-ruta-97"): the second
        # half of a pair.
        return False
    if bare and re.search(r"\$\{?[A-Za-z_]\w*$", m.string[max(0, m.start() - 40) : m.start()]):
        # `-e POSTGRES_PASSWORD=$PG_PASS postgres:16`: the noun ends a variable's name, a
        # reference; the word after it is the command's next argument, not a value of it.
        return False
    if (
        bare
        and re.match(r"(?i)κωδικ", label)
        and not _LOGIN_BEFORE.search(line_before(m.string, m.start()))
    ):
        # Greek `κωδικός` is any code ("μάθημα …, κωδικός PHYS498" is a course's); a password's
        # only when something joins it to the value, or after a login's user on its line
        # ("…@gmail.com κωδικός athina_1175"), as the second half of a pair.
        return False
    if (
        re.match(r"(?i)pin(?![^\W\d_])", label)
        and re.search(r"[^\W\d_]", value)
        and identifier_like(value.rstrip(CLOSE))
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
