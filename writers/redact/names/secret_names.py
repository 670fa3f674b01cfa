"""Names that hold a secret, and names that only refer to one (its id, its hash, its form)."""

from __future__ import annotations

import functools
import re
import unicodedata

from writers.redact.names.code_refs import DOTTED, identifier_like, is_code_ref
from writers.redact.names.foreign_names import foreign_strength

_STRONG = {"secret", "token", "password", "passwd", "pwd", "pass", "passphrase", "credential"}
_STRONG |= {"credentials", "creds", "apikey", "privatekey", "pat", "auth", "bearer"}
# A pre-shared key (Wi-Fi, IPsec) opens what it guards as a password does: `psk="…"`.
_STRONG |= {"psk", "psksecret"}
_KEY_QUALIFIERS = {"api", "private", "access", "secret", "signing", "client", "master", "app"}
_KEY_QUALIFIERS |= {"encryption", "license", "account", "service", "admin", "webhook"}
# A name ending in one of these refers to a secret (its id, file, length…) but does not hold one.
_NOT_SECRET_TAILS = {"id", "ids", "url", "uri", "file", "path", "dir", "length", "len", "size"}
_NOT_SECRET_TAILS |= {"name", "type", "variable", "var", "count", "min", "max", "format", "header"}
_NOT_SECRET_TAILS |= {"field", "prefix", "suffix", "ttl", "expiry", "expires", "endpoint"}
_NOT_SECRET_TAILS |= {"policy", "mode", "version", "pair", "store", "ref", "arn", "env", "at"}
_NOT_SECRET_TAILS |= {"source", "hint", "label", "placeholder", "provider", "manager", "helper"}
# A secret shown masked, redacted or obfuscated is no longer the secret: a name ending so holds
# what is left of it (`****1234`) or a flag saying whether it is hidden (`pan_masked: true`).
_NOT_SECRET_TAILS |= {"masked", "redacted", "obfuscated"}
# An alias names which key or secret to use (`PRIVATE_KEY_ALIAS`, a keystore's or a KMS alias), as
# a name or a label does.
_NOT_SECRET_TAILS |= {"alias", "aliases"}
# A salt is stored in the clear beside its hash (a pepper is the secret one); a template names the
# file or the text a message is built from (`PasswordSalt`, `PASSWORD_RESET_TEMPLATE`).
_NOT_SECRET_TAILS |= {"salt", "template", "tpl"}
# What a secret is for, or of what sort: `PasswordResetPurpose`, `token_kind`, `secret_usage`.
_NOT_SECRET_TAILS |= {"purpose", "kind", "usage", "scope", "scopes", "audience", "issuer"}
# A screen's parts named for the secret they ask for hold that part, not the secret
# (`passphrase_dialog`, `PasswordModal`, `tokenButton`).
_NOT_SECRET_TAILS |= {"dialog", "dlg", "modal", "popup", "window", "screen", "page", "form"}
_NOT_SECRET_TAILS |= {"button", "btn", "widget", "view", "panel", "menu", "icon", "tab", "link"}
# Agent nouns name code that handles a secret (`IssuerSigningKeyResolver`), never the secret.
_NOT_SECRET_TAILS |= {"resolver", "factory", "handler", "loader", "builder", "validator", "parser"}
_NOT_SECRET_TAILS |= {"generator", "rotator", "reader", "writer", "callback", "listener", "getter"}
_NOT_SECRET_TAILS |= {"setter", "fn", "func", "function", "method", "class", "service", "client"}
_NOT_SECRET_TAILS |= {"encoder", "decoder", "hasher", "encrypter", "encryptor", "signer"}
# More of them, as an Android log's tag names its class (`SecretFiscalFormatter: loadTillIban`,
# `DeliveryPasswordJob: resolve…`): what maps, formats, runs or sends a secret is code.
_NOT_SECRET_TAILS |= {"mapper", "formatter", "converter", "serializer", "processor", "provider"}
_NOT_SECRET_TAILS |= {"manager", "helper", "util", "utils", "job", "task", "worker", "scheduler"}
_NOT_SECRET_TAILS |= {"interceptor", "checker", "monitor", "fetcher", "sender", "notifier"}
_NOT_SECRET_TAILS |= {"logger", "tracker", "dispatcher", "publisher", "consumer", "producer"}
_NOT_SECRET_TAILS |= {"refresher", "importer", "exporter", "migrator", "cleaner", "syncer"}
# A name ending in one of these holds the name of a parameter, column or option, not its value.
_NOT_SECRET_TAILS |= {"param", "params", "parameter", "attr", "attribute", "column", "col", "prop"}
_NOT_SECRET_TAILS |= {"property", "option", "opt", "flag", "setting", "arg", "argument", "query"}
_NOT_SECRET_TAILS |= {"attrs", "attributes", "columns", "properties", "options", "opts", "flags"}
_NOT_SECRET_TAILS |= {"settings", "args", "arguments"}
# An exception's name introduces its message (`TokenResolverError: 'x' not found`), and so does
# one that says what went wrong (`SecretRefNotFound: …`, `TokenExpired`, `PasswordMismatch`).
_NOT_SECRET_TAILS |= {"error", "errors", "exception", "err", "warning", "failure"}
_NOT_SECRET_TAILS |= {"found", "missing", "invalid", "denied", "failed", "expired", "mismatch"}
# A limit on how often or how much (`apiTokenRateLimit: 100/min`), as `max` and `ttl` are.
_NOT_SECRET_TAILS |= {"limit", "limits", "quota", "quotas", "timeout", "lifetime", "interval"}
# When it expires, in the languages around (`Token-Ablauf: 1758481441`), as `expiry` is.
_NOT_SECRET_TAILS |= {"expiration", "ablauf", "ablaufdatum", "vencimiento", "caducidad"}
_NOT_SECRET_TAILS |= {"scadenza", "validade"}
# Nouns for pieces of code: a name ending in one holds an object or a type, never a literal
# (`passwordResetTokenRepository: PasswordResetTokenRepository`).
_NOT_SECRET_TAILS |= {"repository", "repo", "dao", "controller", "adapter", "module", "interface"}
_NOT_SECRET_TAILS |= {"model", "schema", "entity", "dto", "spec", "config", "configuration"}
# What a value is about a secret, in the languages around, as a name's head: its name, length,
# expiry or validity, file, switch (`…_enabled`, `…_habilitado`) or period. As the last piece
# they are the head in any language; the non-English ones (a Romance or Slavic head comes first)
# count as the first piece too. (`file_password` in English is a file's password.)
_ABOUT_HEADS = frozenset(
    "nombre nome nom nazwa nazev jmeno naam navn namn longitud lunghezza longueur comprimento "
    "dlugosc delka uzunluk expiracao expiracion vencimiento caducidad scadenza vyprseni "
    "validade validez validite validita gecerlilik platnost waznosc archivo arquivo fichier "
    "plik soubor dosya habilitado habilitada activado ativado attivo attivato povoleno etkin "
    "duree durata duracao duracion".split()
)
_ABOUT_WORDS = _ABOUT_HEADS | {"enabled", "disabled", "datei", "suresi", "sure", "dauer"}
NAME_PIECES = re.compile(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])|\d+")


# A name with one of these words holds a digest of a secret, which is public: `password_hash`,
# `checksum/secret` (a Helm annotation), `secret_sha256`, `token_fingerprint`.
_DIGEST_WORDS = {"hash", "hashed", "digest", "checksum", "checksums", "fingerprint", "sha", "md"}
_DIGEST_WORDS |= {"etag", "crc", "integrity", "sri"}


# What an `auth…` name may end in and still hold the credential itself (`auth`, `basic_auth`,
# `auth_key`, `auth_string`, `authData`).
_AUTH_HEADS = {"auth", "key", "value", "data", "string", "str", "b64", "base64"}

PUBLIC_NAME = {"public", "pub", "pubkey", "publickey"}
# A key named publishable is made to ship in pages: the public half, as `public_key` is.
PUBLIC_NAME |= {"sitekey", "publishable"}
_CURSOR_WORDS = {"page", "next", "continuation", "pagination", "cursor", "resume", "sync"}


def names_digest(name: str) -> bool:
    """True when a name or key path has a digest word in it (`checksum/`, `password_hash`)."""
    pieces = {p.lower() for p in NAME_PIECES.findall(name)}
    return bool(_DIGEST_WORDS.intersection(pieces))


_SECRET_NOUNS = {"key", "token", "password", "secret", "credential", "credentials", "passphrase"}
_SECRET_NOUNS |= {"apikey", "pat", "pass", "pwd", "username", "user", "login"}


def names_code(value: str) -> bool:
    """True for `AccessDeniedException`, `TokenProviderFactory`: words, no digit, ending in a
    noun for a piece of code or metadata (`_NOT_SECRET_TAILS`). It names a type."""
    if not re.fullmatch(r"[A-Za-z]+", value) or not identifier_like(value):
        return False
    pieces = [p.lower() for p in NAME_PIECES.findall(value)]
    return len(pieces) >= 2 and pieces[-1] in _NOT_SECRET_TAILS


def names_cursor(name: str) -> bool:
    """True for `next_page_token`, `NextToken`, `continuationToken`: a token that is a position
    in a list (a cursor), which opens nothing by itself."""
    pieces = [p.lower() for p in NAME_PIECES.findall(name)]
    return bool(pieces) and pieces[-1] == "token" and bool(_CURSOR_WORDS.intersection(pieces))


def names_a_secret(value: str) -> bool:
    """True for `stripeKey`, `ingest-api-key`, `docker_username`: a name made of words that ends
    in a secret noun (or the user name paired with one), as a secret manager or a config tool is
    told which secret to use. It names a secret; a secret is not spelled in words."""
    if not re.fullmatch(r"[A-Za-z]+(?:[-_.][A-Za-z]+)*", value):
        return False
    pieces = [p.lower() for p in NAME_PIECES.findall(value)]
    return len(pieces) >= 2 and pieces[-1] in _SECRET_NOUNS


# A name that opens with a verb of being or having is a predicate (`isTokenExpired`,
# `hasApiKey`, `should_rotate_secret`): it holds a boolean or an expression, never a secret.
_PREDICATE_HEADS = frozenset(
    "is has have had should can could must needs need was were did does will would".split()
)
# A name that opens with what the value is *about* the secret, written head first: the text a
# form shows for it (`hint_password`, `label_token`, `error_password`, `placeholderApiKey`), or
# the name of the slot it is stored under (`PREF_TOKEN`, `EXTRA_PASSWORD`: an Android
# preference's or an intent extra's key). The same facts as `_NOT_SECRET_TAILS`, for the other
# word order.
_ROLE_HEADS = frozenset(
    "hint label placeholder prompt title caption tooltip message msg text error err "
    "description desc help pref prefs extra".split()
)
# A Secret *object* that exists elsewhere is named by these (`existingSecret`, `from_secret`);
# `existing_password` in a change-password form is still the password.
_REFERENCE_HEADS = frozenset("existing external from".split())
# Words for a map or a store: the `key` after them is a lookup key, not a cryptographic one.
_LOOKUP_WORDS = frozenset(
    "storage store cache lookup map index dict table prefs preference preferences keychain "
    "bundle registry partition sort row".split()
)


# Short forms code names a secret by (`pw_buf`, `tok_2`, `sec_key_v2`, `credsCache`).
_NOUN_SHORT_FORMS = frozenset("tok pw sec cred creds passwd apikey".split())


def names_secret_variable(value: str) -> bool:
    """True for `password_from_keyring`, `api_token_from_env`, `args.api_key2`, `ctx.obj.token_v2`,
    `refreshTokenNew`, `mTokenCache`, `apiKeyV2`, `tok_2`: a variable or a member whose name has
    a word for a secret in it (or its short form), written as code writes names: lowercase words
    joined by `_`, a version (`v2`) or a counter of one or two digits among them; a lowercase
    head then capitalised words (camel case), a version (`V2`) after them; or the last part of a
    dotted chain. It holds the secret; a secret is not spelled as a name with its own noun in it
    (`Summer_Password_2024` or `MyPassword1`, capitals or a number glued on, may be one)."""
    if re.fullmatch(r"[a-z]+(?:_(?:[a-z]+|v\d{1,2}|\d{1,2}[a-z]*))+", value):
        last = value
    elif re.fullmatch(r"[a-z]+(?:[A-Z][a-z]+)+(?:V\d{1,2})?", value):
        last = value
    elif DOTTED.match(value) and is_code_ref(value):
        last = value.removesuffix("()").replace("?.", ".").rsplit(".", 1)[-1]
    else:
        return False
    pieces = [p.lower() for p in NAME_PIECES.findall(last)]
    words = [p for p in pieces if not p.isdigit()]
    return len(pieces) >= 2 and bool((_SECRET_NOUNS | _NOUN_SHORT_FORMS).intersection(words))


# A password's noun in the other languages, as a piece of a name (`senhaBanco`, `contrasena_bd`,
# `DB_PASSWORT`, `mot_de_passe`), spelled without accents as names are.
_STRONG_ABROAD = frozenset(
    "contrasena contrasenya senha passwort kennwort wachtwoord haslo heslo salasana losenord "
    "passord adgangskode jelszo sifre lozinka geslo parool secreto segredo segreto"
    # French writes mot de passe `mdp`, in chat and in names alike (`DB_MDP`, `mdp_wifi`).
    " mdp".split()
)
_FOLD = str.maketrans({"ł": "l", "Ł": "L", "ø": "o", "Ø": "O", "ß": "ss", "ı": "i"})


def _ascii_name(name: str) -> str:
    folded = unicodedata.normalize("NFKD", name.translate(_FOLD))
    return folded.encode("ascii", "ignore").decode()


# The English words that make a name none, for a name in another language (`foreign_strength`),
# and the heads that name a property of a secret first (`vypršení_heslo`: the password's expiry,
# read in any position there as the foreign lexicon's own property words are).
_ENGLISH_BLOCKS = frozenset(
    _NOT_SECRET_TAILS | _DIGEST_WORDS | PUBLIC_NAME | _PREDICATE_HEADS | _ROLE_HEADS | _ABOUT_HEADS
)


def foreign_name_strength(name: str) -> int:
    """`name_strength` by the words of other languages than English (`foreign_strength`): 0 for
    a name with none. Read for an assignment's name only (`assign_check`): the other readers of
    a name (a prose label, a value's words) keep the English reading."""
    return foreign_strength(name, _ENGLISH_BLOCKS) or 0


# Kept for the names read lately: one name is read again and again (`said:`, `Note:` in chat,
# a config's keys), and its reading is a function of the name alone (issue 27, seventeenth
# round: ~30 k instructions a reading).
@functools.lru_cache(maxsize=4096)
def name_strength(name: str) -> int:
    """0: not a secret name; 1: a weak one (`cache_key`); 2: a strong one (`api_key`, `token`)."""
    name = name if name.isascii() else _ascii_name(name)
    # A lone letter after the words is a tag (Unreal's class `BP_PasswordHelper_C`), not the head.
    pieces = [p.lower() for p in NAME_PIECES.findall(re.sub(r"(?:_[A-Za-z])+$", "", name))]
    pieces = [p for p in pieces if not p.isdigit()]
    if not pieces or pieces[-1] in _NOT_SECRET_TAILS or _DIGEST_WORDS.intersection(pieces):
        return 0
    if len(pieces) >= 2 and (pieces[-1] in _ABOUT_WORDS or pieces[0] in _ABOUT_HEADS):
        # The head says what the value is: last in English, German or Turkish
        # (`PasswortDatei`, `sifre.gecerlilik.suresi`), first in the Romance and Slavic
        # languages (`nombreSecreto`, `lunghezzaTokenDiAccesso`, `vypršení_heslo`): the
        # secret's name, length, expiry, file or switch, not the secret.
        return 0
    if len(pieces) >= 2 and (pieces[0] in _PREDICATE_HEADS or pieces[0] in _ROLE_HEADS):
        return 0
    if pieces[0] in _REFERENCE_HEADS and pieces[-1] in ("secret", "secrets"):
        return 0
    if len(pieces) >= 2 and pieces[-1] == "key" and pieces[-2] in _LOOKUP_WORDS:
        # `tokenStorageKey`, `password_cache_key`: the key of a map or a store, under which a
        # secret may be kept; weak, as `cache_key` is.
        return 1
    if len(pieces) >= 2 and pieces[-2:] == ["site", "key"]:
        return 0  # a site key (reCAPTCHA, hCaptcha, Turnstile) is written into the site's pages
    if "search" in pieces and pieces[pieces.index("search") + 1 :][:1] == ["only"]:
        return 0  # a search-only key (Algolia's) is the one a site's search box ships in its page
    if PUBLIC_NAME.intersection(pieces):
        return 0  # `PublicKey`, `pubkey`, `public_key_pem`: the public half is published
    if names_cursor(name):
        return 0  # `next_page_token`, `NextToken`: a position in a list, which opens nothing
    strong = [i for i, p in enumerate(pieces) if p in _STRONG or p in _STRONG_ABROAD]
    if strong and all(pieces[i] == "auth" for i in strong) and pieces[-1] not in _AUTH_HEADS:
        # `authCode`, `auth_method`, `authUser`: "auth" qualifies the noun after it, which says
        # what the value is, as `verification_code` or `login_method` does (a payment's
        # approval code is printed on its receipt); `auth`, `basic_auth`, `auth_token` hold one.
        return 1 if pieces[-1] == "key" else 0
    if strong:
        return 2
    if re.search(r"mot (?:de )?passe|palavra passe", " ".join(pieces)):
        return 2
    # `PGPASSWORD`, `MYSQLPASSWORD`: a secret word glued to the end of a one-piece name.
    if pieces[-1].endswith(("password", "passwd", "secret")):
        return 2
    # `requirepass`, `adminpass`; not `bypass`, `compass`, `surpass`, `trespass`.
    if pieces[-1].endswith("pass") and not pieces[-1].endswith(
        ("ypass", "mpass", "rpass", "spass")
    ):
        return 2 if len(pieces[-1]) > 4 else 0
    for i, p in enumerate(pieces):
        if p == "key" and i and pieces[i - 1] in _KEY_QUALIFIERS:
            return 2
    # A bare `key` counts only as the last word (`cache_key`), not in `KeyMeshing`.
    return 1 if pieces[-1] == "key" else 0
