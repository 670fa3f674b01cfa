"""Whether a value could be a secret at all: no placeholder, random enough, no plain data, path
or address."""

from __future__ import annotations

import base64
import json
import re
import unicodedata
from typing import Any

from writers.redact.formats.gates import places
from writers.redact.names.code_refs import (
    CONSTANT_NAME,
    SELECTOR,
    identifier_like,
    is_code_ref,
    path_of_words,
)
from writers.redact.names.secret_names import name_strength
from writers.redact.values.placeholders import (
    HEX,
    UUID,
    decoded_placeholder,
    entropy,
    is_placeholder,
)


def looks_random(value: str, *, min_len: int = 16, min_entropy: float = 3.0) -> bool:
    """Heuristic for a machine-made secret: long, varied, not a word, id or git SHA."""
    if len(value) < min_len or is_placeholder(value) or is_code_ref(value):
        return False
    if CONSTANT_NAME.match(value) or identifier_like(value):
        return False
    if HEX.match(value) and len(value) in (7, 8, 12, 40):  # git (short) SHAs
        return False
    return entropy(value) >= min_entropy


def plain_json(value: str) -> bool:
    """True when `value` is base64 of a JSON document with nothing secret in it: a pagination
    cursor or a page token (`eyJvZmZzZXQiOiAyMDB9` is `{"offset": 200}`). A base64 service-account
    file is JSON too, but its `private_key` field is named as a secret."""
    if len(value) < 12 or value[:2] not in ("ey", "W3", "W1", "Wy"):
        return False
    body = value.replace("-", "+").replace("_", "/").rstrip("=")
    try:
        doc = json.loads(base64.b64decode(body + "=" * (-len(body) % 4), validate=True))
    except (ValueError, UnicodeDecodeError):
        return False

    def clean(node: Any) -> bool:
        if isinstance(node, dict):
            return all(name_strength(str(k)) == 0 and clean(v) for k, v in node.items())
        if isinstance(node, list):
            return all(clean(v) for v in node)
        return not (isinstance(node, str) and looks_random(node))

    return isinstance(doc, dict | list) and clean(doc)


# A path of lowercase words and numbers (`20260722/me-central-1/s3/aws4_request`, a SigV4
# credential scope): where a key applies, not a password, which has capitals or symbols.
LOWER_PATH = re.compile(r"[a-z0-9_-]+(?:/[a-z0-9_-]+){2,}[,;]?")


# A file's name with its extension, a colon and a line number (and a column): a place in code, as
# grep, a compiler or a stack trace prints it (`pipelines/upload.nf:246`, `form.tsx:212:9`).
SOURCE_LOCATION = re.compile(r"[\w./-]*\w\.[A-Za-z]\w{0,5}:\d+(?::\d+)?:?")


# A value ending in a hex digest named by its algorithm (`image@sha256:<64 hex>`, `md5:<hex>`):
# a content address, which anyone holding the content can compute.
PINNED_DIGEST = re.compile(r"(?i)(?:^|[@:/_-])(?:sha\d{0,3}|md5|blake\w{0,3}):[0-9a-f]{32,}$")
_REFERENCE_URI = re.compile(r"[a-z][a-z0-9+.-]{1,20}://([^\s:@?#]+(?: [^\s:@?#]+)*)(?:#[\w.-]+)?")


# A secret store's own syntax for one of its entries: an ARN of Secrets Manager, SSM or KMS
# (`arn:aws:secretsmanager:…:secret:db-AbCdEf`, its six-character suffix is part of the name), an
# Azure app setting's `@Microsoft.KeyVault(SecretUri=…)`, a Google resource name
# (`projects/123/secrets/db/versions/latest`), and a store's scheme before a path of words with no
# `//` (`keyvault:db-password`, `vault:secret/data/db#password`, `ssm:/prod/db/password`, in a
# CI's `%…%` slot: TeamCity's `%vault:secret/data/p4!/ticket%`), and an entry by its UUID after
# a program's camelCase name (`credentialsJSON:<uuid>`; a login is no camelCase). Each names
# where a secret is kept; a user and password pair (`user:Pa55…`) has no store's scheme.
_STORE_REFERENCE = re.compile(
    r"arn:aws[\w-]*:(?:secretsmanager|ssm|kms):[\w-]*:\d*:[\w/+=.@:-]+"
    r"|@Microsoft\.KeyVault\([^()\s]+\)?|[a-z]+[A-Z][A-Za-z]*:"
    + UUID.pattern
    + r"|projects/[\w-]+/secrets/[\w.-]+(?:/versions/\w+)?"
    r"|(?P<pct>%)?(?:vault|keyvault|azurekeyvault|secret|secrets|sm|ssm|gcpsm|awssm|op|bw|doppler"
    r"|infisical|keychain|keyring|kms|sops|conjur|pass|lastpass|bitwarden|1password|env):/?[a-z][a-z0-9_-]*(?:!?/[a-z0-9_-]+)*(?:#[a-z_]+)?(?(pct)%)"
)


def secret_reference(value: str) -> bool:
    """True for `op://Engineering/Redis Staging/password`, `vault://secret/data/db#password`: a
    URI with no user, password or query whose path is made of words names where a secret is
    kept (a secret manager's reference), as `from_secret: docker_password` does. A URL that
    carries a secret has it as a random run in its path or query, or before an `@`."""
    if _STORE_REFERENCE.fullmatch(value):
        return True
    m = _REFERENCE_URI.fullmatch(value)
    if m is None:
        return False
    pieces = [p for p in re.split(r"[/ ._-]+", m.group(1)) if p]
    # A number between words is an id in the path (`projects/771234560012/secrets/db`).
    words = [p for p in pieces if not p.isdigit()]
    return len(words) >= 2 and all(
        identifier_like(p) or (p.isalpha() and p.islower()) for p in words
    )


# A word's character in a script written with spaces between words. Kana, CJK ideographs and
# Hangul are written without them, so a number glued to them (`番号は4619…です`) still stands
# alone, as it would between spaces.
SPACED_WORD = r"[^\W\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]"

# Words that name a secret. ASCII words are bounded by non-letters; CJK ones need no boundary.
SECRET_NOUNS = (
    r"password|passwd|pwd|pw|passphrase|passcode|pass|pin|secret|token|api[ _-]?key"
    r"|access[ _-]?key|client[ _-]?secret|auth[ _-]?token"
    r"|passwort|kennwort|mot de passe|mdp|contrase[ñn]a|senha|palavra-passe|wachtwoord"
    # Spanish `clave` is a password and any code too: a public one is published (a release's
    # signing key), and one named for what it identifies or tracks is an identifier (SPEI's
    # `clave de rastreo`, a reference's, a voter's, a product's, the bank's CLABE).
    r"|clave(?![ \t]+p[úu]blica|[ \t]+(?:bancaria|interbancaria|catastral)"
    r"|[ \t]+del?[ \t]+(?:rastreo|referencia|seguimiento|elector|producto|registro|operaci[óo]n))"
    r"|parola|has[łl]o|l[öo]senord|salasana|adgangskode|passord|heslo|jelsz[óo]|пароль|şifre"
    r"|mật khẩu|kata sandi|kata laluan|rahasia"
    # The directives of Redis's config (KeyDB's, Valkey's) that hold a password: the server's
    # own (`requirepass`) and a replica's for its master (`masterauth`).
    r"|requirepass|masterauth"
    # Vietnamese typed without its diacritics, and chat's `mk` for it before Vietnamese words
    # ("mk tài khoản …", "mk wifi là …"): `mk` alone is a command's or a make file's.
    r"|mat khau|mk(?=[ \t]+(?:là|tài|tk|của|wifi|mới|cũ|email|admin)(?![^\W\d_]))"
    # A Wi-Fi's or a VPN's pre-shared key (`PSK`) is its password.
    r"|psk"
    # Scandinavian nouns take the article as a suffix: "lösenordet är …", "passordet er …".
    r"|l[öo]senordet|passordet|adgangskoden|salasanan"
    # Nouns inflect: Turkish and Hungarian add the possessive ("admin şifresi", "a fiók
    # jelszava"), Finnish too ("salasanasi"), Slavic languages the case ("hasła do", "пароля").
    r"|şifre(?:si|sini|niz|nizi|n|m|mi|yi)|parola(?:s[ıi]|n[ıi]z|y[ıi])|jelszav(?:a|ad)"
    r"|jelsz[óo]t|salasanasi"
    # Indonesian and Malay glue `-nya` (its, the) to the noun: "kata sandinya", "passwordnya".
    r"|kata sandinya|kata laluannya|passwordnya"
    # Darija (Moroccan and Algerian chat in Latin letters) glues its article `l` to a borrowed
    # noun: "lmot de passe dyal wifi …", "l-password".
    r"|l-?mot de passe|l-?password"
    r"|has[łl](?:a|em)|hesl(?:a|em)|парол(?:я|ем|ю)|passworts|kennworts"
    # The word in the other languages of Europe: Catalan, Galician, Basque, Irish, Welsh,
    # Scottish Gaelic, Icelandic, Estonian, Lithuanian, South Slavic, Romanian, Albanian,
    # Azerbaijani, Afrikaans, Swahili.
    r"|contrasenya|contrasinal|pasahitza|pasfhocal|cyfrinair|facal-faire|lykilorð(?:ið)?"
    r"|parool|salasõna|slaptažod(?:is|į|žio)|lozink[aeu]|geslo|parolă|fjalëkalim(?:i)?|şifrə"
    r"|wagwoord|nenosiri|парола(?:та)?|лозинка|iphasiwedi"
    # Passphrase in Norwegian and Swedish, with the article glued ("passordfrasen til …").
    r"|passordfrasen?|lösenfras(?:en)?"
    # Words people clip or misspell: Russian chat's `пасс` (not `пассажир`), the misspelt
    # `pasword`; Dutch `ww` (wachtwoord), Spanish `contra` (contraseña) and Latvian `parole`,
    # each a word of its own too ("pro und contra", "la parole"), only as a label or before its
    # copula.
    r"|пасс(?![а-яё])|pasword|passowrd|passwrod"
    r"|(?:ww|contra)(?=[ \t]*[:：])|ww(?=[ \t]+voor[ \t])|parole(?=[ \t]+ir[ \t]|[ \t]*:)"
    # Danish and Norwegian say a wifi's or a door's "code for" it (`koden til wifi`).
    r"|koden?(?=[ \t]+til[ \t])"
    # Passphrase in French and Spanish, Korean's everyday clipping of 비밀번호.
    r"|phrase de passe|frase de paso|frase de contrase[ñn]a"
    # A key said to be secret, private or an API's, in the Romance languages ("chave secreta",
    # "clé d'API", "chiave privata"); a bare `chave`/`clé` is any key (a Pix key, a lookup key).
    r"|(?:chave|cl[ée]f?|chiave)[ _-](?:secret[ae]|secrète|segreta|privad[ao]|privée|privata"
    r"|api|d[aoe] api|d'api|de acesso|d'accès|di accesso)"
    # A Wi-Fi network's key is its password: WPA's key in any of those languages (a word of
    # prose, not a piece of an identifier).
    r"|(?<![\w.])(?:(?:cl[ée]f?|key|schl[üu]ssel|clave|chave|chiave)[ -]?wpa[23]?"
    r"|wpa[23]?[ -]?(?:key|schl[üu]ssel))"
    # And a Wi-Fi's (a WLAN's) key, named either way round ("WLAN-Schlüssel", "wifi key", "klucz
    # WiFi", "la clé wifi", "chave do wi-fi"): WPA's pre-shared key is the network's password.
    r"|(?<![\w.])(?:(?:cl[ée]f?|key|schl[üu]ssel|clave|chave|chiave|klucz|sleutel|nyckel|n[øo]kkel"
    r"|n[øo]gle)[ -]?(?:(?:de|do|da|du|del|der|des|dla|van|til|för)[ \t]+(?:la[ \t]+|l['’])?)?"
    r"(?:wi-?fi|wlan)(?![\w-])"
    r"|(?:wi-?fi|wlan)[ -]?(?:key|schl[üu]ssel|klucz|sleutel|nyckel|n[øo]kkel|n[øo]gle)(?![\w-]))"
)
# Words in scripts without ASCII word boundaries (Devanagari, Arabic, Hebrew, Thai, Greek too).
SECRET_NOUNS_CJK = (
    r"パスワード|暗証番号|密码|密碼|비밀번호|पासवर्ड|कूटशब्द|كلمة المرور|كلمة السر|كلمة سر|סיסמה|סיסמא"
    r"|รหัสผ่าน|κωδικός|συνθηματικό|비번"
    # The English word written in Arabic and Persian letters (Egyptian "الباسورد بتاع …").
    r"|باسورد|باسوورد|پسورد"
    # Persian, Urdu, Bengali, Tamil, Georgian, Armenian.
    r"|رمز عبور|گذرواژه|پاس ورڈ|পাসওয়ার্ড|கடவுச்சொல்|პაროლი|գաղտնաբառ"
    # Persian `رمز` alone is any code or cipher; before the Wi-Fi's name it is its password.
    r"|رمز(?=[ \t]+(?:وای|وای‌فای|wi-?fi|wifi))"
    # Japanese clips パスワード to パス, which alone is also a path: not after katakana
    # (`インストールパス`) or before it (`パスポート`).
    r"|(?<![\u30a1-\u30fa\u30fc])パス(?![\u30a1-\u30fa\u30fc])"
    # The key emoji is a chat's word for a password in every language ("🔑 …", "wifi 🔑: …").
    r"|🔑"
)
# Words about a secret, in any of those languages: "Change password", "Passwort ändern",
# "パスワードを変更" are a form's labels and a translation file's strings, not a password.
_ABOUT_A_SECRET = re.compile(
    rf"(?i)(?:(?<![^\W\d_])(?:{SECRET_NOUNS})(?![^\W\d_])|{SECRET_NOUNS_CJK})"
)
DATA_URI = re.compile(r"data:[\w.+-]+/[\w.+-]+[;,]")
# Where a secret's noun can begin: after no ASCII letter (the rules led by a noun ask for no
# letter or no alphanumeric before it), or anywhere for the words of scripts without spaces.
# One scan of a text for it serves every rule led by a noun (`Rule.starts`); their own patterns,
# each trying the whole noun list, ignoring case, at every word's start, cost as much each.
# The words of those scripts are plain words between `|`: one of their first letters (in either
# case) opens each, and the cheap test for it spares trying them all at every character.
_CJK_FIRST = "".join(sorted({word[0] for word in SECRET_NOUNS_CJK.split("|")}))
_NOUN_START = re.compile(
    rf"(?i)(?<![A-Za-z])(?:{SECRET_NOUNS})|(?=[{_CJK_FIRST}])(?:{SECRET_NOUNS_CJK})"
)
# The same for an ASCII text, lowercased, read with case: several times faster than ignoring
# case, and the same places. The nouns are written in lowercase; an ASCII letter matches one of
# their letters ignoring case only when its lowercase is that letter (the one letter they write
# beyond ASCII that matches ASCII ignoring case, `ı` for `i`, always stands beside `i`), and no
# word of the other scripts opens with a letter that matches an ASCII one.
_NOUN_START_ASCII = re.compile(rf"(?<![a-z])(?:{SECRET_NOUNS})")
# The same places, found as `places` (a character there): the engine skips in C the places
# no noun's first letter is at, where the patterns above are tried at every place.
_NOUN_PLACES, _NOUN_PLACES_ASCII = places(_NOUN_START), places(_NOUN_START_ASCII)


# The last text scanned and its places: the rules of one text ask for them several times (the
# places themselves, the lines that hold them, the tokens before them), so the scan runs once.
_last_scan: tuple[str, list[int]] = ("", [])


def noun_starts(text: str) -> list[int]:
    """Every place in `text` where a secret's noun begins (overlapping ones too: `auth token`
    holds `token`), in order. The list is shared with the next caller: do not change it."""
    global _last_scan
    last = _last_scan
    if last[0] is text or last[0] == text:
        return last[1]
    scan, pattern = (text.lower(), _NOUN_PLACES_ASCII) if text.isascii() else (text, _NOUN_PLACES)
    found: list[int] = []
    pos = 0
    while (m := pattern.search(scan, pos)) is not None:
        found.append(m.start())
        pos = m.start() + 1
    _last_scan = (text, found)
    return found


def noun_line_starts(text: str) -> list[int]:
    """The start of every line of `text` that holds a secret's noun, in order (for the rules
    that read a line from its start up to the noun)."""
    lines = {text.rfind("\n", 0, start) + 1 for start in noun_starts(text)}
    return sorted(lines)


def about_a_secret(value: str) -> bool:
    """True for words (letters and spaces only, no digit or symbol) that name a secret: text
    about the secret, since a password is not spelled with the word for it and a space. A
    passphrase of other words (`correct horse battery staple`) is not this."""
    # A vowel sign or tone mark (Thai `รหัสผ่าน`, Hindi `पासवर्ड`) is part of its word, though
    # `\w` leaves it out: only letters and marks make a word.
    if not all(
        unicodedata.category(c)[0] in "LM"
        for c in value.replace(" ", "").replace("'", "").replace("’", "")
    ):
        return False
    return (" " in value.strip() or not value.isascii()) and bool(_ABOUT_A_SECRET.search(value))


# A docstring's field naming a parameter (reStructuredText `:param name:`, `:type name:`, Javadoc
# and JSDoc `@param name`), a type possibly between.
DOC_FIELD = re.compile(
    r"(?:^|[\s*/#\"'])[:@](?:param|parameter|arg|argument|key|keyword|kwarg|type|ivar|cvar|var)"
    r"(?:[ \t]+[\w.\[\]|{}]+)?[ \t]+$"
)
# A publishable key is made to ship in web pages: Stripe's and Clerk's `pk_live_…`/`pk_test_…`,
# Mapbox's public `pk.` token (a JWT-like `pk.eyJ…`; its secret tokens are `sk.`). An OpenSSH
# public key line (`ssh-ed25519 AAAA… comment`) is the public half, whatever it is stored under.
PUBLISHABLE_KEY = re.compile(
    r"pk_(?:live|test)_[A-Za-z0-9]{8,}$|pk\.eyJ[\w-]{16,}\.[\w-]{8,}$"
    r"|(?:ssh-(?:ed25519|rsa|dss)|ecdsa-sha2-nistp\d{3}|sk-(?:ssh-ed25519|ecdsa-sha2-nistp256)"
    r"@openssh\.com) AAAA[A-Za-z0-9+/]{40,}={0,2}(?: \S+)?$"
)


_PLAIN_ADDRESS = re.compile(r"[a-z][a-z0-9+.-]{1,20}://[^\s:@/?#]+(?::\d{1,5})?(?:[/?#]\S*)?")
_RANDOM_PIECE = re.compile(r"(?=[A-Za-z_-]*\d)(?=[\d_-]*[A-Za-z])[A-Za-z0-9_-]{4,}")


def plain_address(value: str) -> bool:
    """True for `http://grafana:3000/api/health`: a URL with no user, password or random piece
    (letters mixed with digits, `3xk9pq2`) in it is where something is, not a secret (a URL's
    own userinfo is `url_credentials`' part; a webhook's or an invite's token in its path or query
    keeps it a candidate)."""
    return bool(_PLAIN_ADDRESS.fullmatch(value)) and not _RANDOM_PIECE.search(value)


# A date, perhaps with a time and a zone (`2026-03-14`, `2026-01-05T08:00:00+01:00`): when a secret
# was made or expires, said under its name (`token_expiry:`, `api_key_created:`).
DATE_TIME = re.compile(
    r"\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:[.,]\d+)?)?)?(?:Z|[+-]\d{2}:?\d{2})?"
)
# A regular expression: a character class with a range, then a quantifier (`[A-Za-z0-9_-]{40}`,
# `[a-f0-9]+`), a class shorthand with one (`\d{6}`, `\w+`), a lookahead or a length (`(?=.*\d)`,
# `.{8,}`): the form a secret must have,
# written where a validator or a scanner's rule is (`token: ^[A-Za-z0-9_-]{40}$`).
PATTERN = re.compile(
    r"\[[^\]\s]*\w-\w[^\]\s]*\](?:\{\d+(?:,\d*)?\}|[+*?])|\\[dwsS][+*{]|\(\?[=!]|\.\{\d+,\d*\}"
)

# An amount with its unit or magnitude (`128k`, `1.5M`, `30d`, `250ms`, `3x`): how much or how
# long, said under a secret's name (`token budget: 128k`, `rotation: 30d`).
QUANTITY = re.compile(
    r"[~≈<>]?\d+(?:[.,]\d+)?[ \t]?(?:[kKMGTB]|ms|[smhdwy]|mins?|hrs?|days?|%|x|\+)"
)


# Words a program or a configuration names things with: a value of them joined by dots or
# underscores is a reference or a key's path (`config.db.main`, `env.prod.app`), not a passphrase.
_CODE_WORDS = frozenset(
    "config conf cfg configs settings setting env envs environ environment process self this app"
    " apps application secrets secret vault kv db dbs database prod production staging stage dev"
    " develop development test tests testing local default defaults value values data params param"
    " args opts options spring datasource auth api apis client clients server servers service"
    " services main core common global user users admin root var vars ref refs get set json yaml"
    " props properties credentials creds cred keys key store keystore cache session request"
    " response req res ctx context module lib libs utils util src http https www mail smtp redis"
    " postgres mysql mongo aws gcp azure cluster region internal external example sample name"
    " names type types id ids field fields file files path dir url uri host port old new tmp temp"
    " case snake camel class object obj item items list map dict str string int bool true false"
    " none null".split()
)
_JOINED_WORDS = re.compile(
    r"[^\W\d_A-Z]{3,14}(?P<j>[._-])[^\W\d_A-Z]{3,14}(?:(?P=j)[^\W\d_A-Z]{3,14})+"
    r"(?:(?P=j)?\d{1,4})?"
)
# A host's or a file's last part: `db.internal.corp`, `app.config.json` are no passphrase.
_TLD_OR_EXTENSION = re.compile(
    r"\.(?:com|org|net|io|dev|app|local|internal|corp|lan|cloud|json|ya?ml|toml|ini|cfg|conf|txt"
    r"|env|py|js|ts|go|rs|sh|sql|csv|log|xml|html?|md|pem|key|crt)$"
)


def everyday_passphrase(value: str) -> bool:
    """Three words or more of everyday speech in lowercase, joined by one of `.`, `_`, `-`, maybe
    a number after (`citron.nuage.chocolat`, `kopi_nasilemak_kucing_bulan`): a passphrase
    written without spaces. A reference or a key's path is made of a program's words
    (`config.db.main`), and a host or a file ends in its domain or its extension."""
    if not _JOINED_WORDS.fullmatch(value) or _TLD_OR_EXTENSION.search(value):
        return False
    words = re.findall(r"[^\W\d_]+", value)
    return not _CODE_WORDS.intersection(words) and name_strength("_".join(words)) == 0


def plausible_secret(value: str, *, quoted: bool) -> bool:
    """Check for a value under a name that says secret (password, token, credential…)."""
    if len(value) < 6 or is_placeholder(value) or CONSTANT_NAME.match(value):
        return False
    if not any(c.isascii() and c.isalnum() for c in value):
        # `ここにキーを入力`, `введите_пароль`: words of a script a key's alphabet does not use, an
        # instruction to the reader (a machine-made secret is ASCII; a person's is typed on a
        # keyboard that has ASCII, and passwords with none of it are not what a team shares).
        return False
    if DATE_TIME.fullmatch(value) or PATTERN.search(value):
        return False  # when the secret was made or expires; the form it must have
    if DATA_URI.match(value) or about_a_secret(value):
        return False  # a file in a data URI; a label or a message about a password
    if plain_json(value) or decoded_placeholder(value):
        return False
    if secret_reference(value):
        return False  # `op://Engineering/Redis Staging/password`: where the secret is kept
    if PINNED_DIGEST.search(value):
        return False  # `registry/app@sha256:<hex>`: a reference pinned by its digest
    if plain_address(value):
        return False  # `token: http://auth:8080/t`: an endpoint's address
    if re.match(r"~?/", value) and path_of_words(value):
        # `"/var/run/secrets/pricing/anthropic_api_key"`: a file's path of words, quoted or not,
        # is where the secret is kept (a mounted secret, a key file), not the secret.
        return False
    if quoted:
        return True
    if everyday_passphrase(value):
        return True  # `sakura.umibe.kaeru`: words of speech joined, not a reference's path
    if is_code_ref(value) or SELECTOR.fullmatch(value) or path_of_words(value):
        return False
    if LOWER_PATH.fullmatch(value):
        return False  # `svc/20261001/eu-west-3/s3/aws4_request`: a credential's scope, a path
    if SOURCE_LOCATION.fullmatch(value):
        return False  # `password: src/login/form.tsx:212`: where in the code, not a value
    # An unquoted plain word after `password:` is usually prose ("the token: expires…").
    return not (
        value.isalpha()
        and (value.islower() or value.istitle() or value.isupper())
        and len(value) < 16
    )


def token_body_ok(body: str) -> bool:
    """Check the random part of a prefixed token: it has a digit and is not a placeholder."""
    return any(c.isdigit() for c in body) and not is_placeholder(body)
