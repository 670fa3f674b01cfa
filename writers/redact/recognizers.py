"""Secret and PII rules for the redactor, run inside presidio as one local recognizer.

Each `Rule` is a regex whose named group `s` (or the whole match) is the secret, plus an optional
check that throws away placeholders, code references and ordinary words. The filters here are the
reason the redactor can read chat without mangling it: a regex alone cannot tell `xoxb-your-token`
from a token, or `sequenceKey = "18"` from `api_key = "Zf3D0…"`.
"""

from __future__ import annotations

import base64
import json
import math
import re
import unicodedata
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

import phonenumbers
from presidio_analyzer import LocalRecognizer, RecognizerResult

from writers.redact.id_columns import in_id_column
from writers.redact.phone_words import PHONE_CONTEXT, grouped_as_its_plan, phone_label
from writers.redact.public_forms import (
    card_length_ok,
    digest_named_before,
    in_hex_dump_row,
    lone_lead_ok,
    longer_than_a_phone,
    named_test_number,
    names_test_values,
    not_an_ssn_in_its_layout,
    quantity_named_before,
    quantity_with_unit,
    test_card,
    without_address_suffix,
)
from writers.redact.published_ibans import published_iban
from writers.redact.structure import line_before

Check = Callable[[re.Match[str]], bool]

# ---------------------------------------------------------------- value filters

_PLACEHOLDER_WORDS = re.compile(
    r"your|example|placeholder|change_?me|redacted|dummy|sample|xxxx|here\b|here[A-Z_-]|"
    r"insert|replace|lorem|secret_?value|my[-_]?(?:bot[-_]?)?token|fake[-_]?key",
    re.IGNORECASE,
)
# Whole values that only name a secret instead of being one.
_PLACEHOLDER_VALUES = frozenset(
    "pass password passwd pwd secret token key apikey api_key test testing tests null none nil "
    "true false undefined string str required optional hidden empty default foo bar baz foobar "
    "user username admin value values login credentials credential changeit letmein qwerty "
    "secrets tokens keys".split()
)
# A shell variable's name opens with a letter or `_` (`$1` alone is a script's argument, `$6$…`
# a crypt(3) hash, one-way): `$6tpd%Pen?…` opens a random value, not a reference; `$!{…}` is
# Velocity's quiet reference; `$::name` is Puppet's top scope.
# A Windows variable's name is a word, a dotted name or a constant (`%APPDATA%`, `%username%`,
# `%SA_PASSWORD%`, TeamCity's `%env.DB_PASSWORD%`), digits only at its end: between two `%` signs
# a run of mixed case with no vowel (`UBq%dnR%v2mf`) or with digits inside (`%b21la%YxUe…`) is
# part of a random value, not a reference.
# An opening delimiter of an expression is a slot anywhere in a value: `${…}`, `$(…)`, `$[…]`
# (Azure's runtime expression), `%{…}` (Puppet, Logstash), `#{…}`, `{{…}}`, `<%…`.
_CODE_REF = re.compile(
    r"\$!?\{|\$\(|\$\[|%\{|\{\{|%\(|^\$+(?:(?:::)?[A-Za-z_]|\d+(?:\$|$))"
    r"|%(?:[A-Z_][A-Z0-9_]+|(?=[\w.]*[AEIOUaeiou])[A-Za-z_](?:[A-Za-z_.]*[A-Za-z_])?\d*)%"
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
    return bool(_CONSTANT_NAME.fullmatch(name) or is_code_ref(name) or identifier_like(name))


# Characters a masked value is written with: `sk-proj-****…`, `xoxb-••••`, `●●●●●●`.
# Three asterisks are a mask too (`Bearer sk-ant-***`, `user:***@`): no token alphabet (base64,
# hex, base62) has `*`, and a person's password rarely repeats it.
_MASK_RUN = re.compile(r"[*•●∙·■#]{4,}|\*{3}")
# An instruction to the reader anywhere in the value: `django-insecure-change-this-in-production`.
_INSTRUCTION = re.compile(
    r"(?i)(?:change|replace|set|fill|insert|rotate|generate|update)[-_ ]?"
    r"(?:this|me|it|later|before)(?![a-z])"
)
# A YAML tag names a type or a function (`!vault |`, `!Ref DbPassword`), not a value.
_YAML_TAG = re.compile(r"!{1,2}[A-Za-z][A-Za-z_:.]*")
# Words joined by colons, no digit: an Objective-C selector or a path (`account:accessGroup:`).
_SELECTOR = re.compile(r"[A-Za-z_][A-Za-z_]*(?::[A-Za-z_][A-Za-z_]*)+:?")
# Member access, optional chaining too (`status?.tokenExpiresAt`, Kotlin's `user?.token`).
_DOTTED = re.compile(r"^[A-Za-z_$][\w$]*(?:\??\.[A-Za-z_$][\w$]*)+(?:\(\))?$")
_CONSTANT_NAME = re.compile(r"^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+$")
_HEX = re.compile(r"^[0-9a-f]+$")
UUID = re.compile(r"[0-9a-fA-F]{8}-(?:[0-9a-fA-F]{4}-){3}[0-9a-fA-F]{12}")
_WORD_PIECES = re.compile(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])|\d+")


def entropy(value: str) -> float:
    """Shannon entropy of `value` in bits per character."""
    if not value:
        return 0.0
    counts = Counter(value)
    n = len(value)
    return -sum(c / n * math.log2(c / n) for c in counts.values())


# Words a value uses to describe itself instead of being a secret: what it stands for (`token`),
# where it is for (`dev`, `test`, `local`), what to do with it (`change-me`, `set-at-runtime`),
# and the markers a log writes in its place (`[FILTERED]`, `<masked>`).
_SELF_WORDS = frozenset(
    "a an the my your our this that me it its not no only do dont use for to at in on of with "
    "change set put replace insert fill paste goes here later runtime real actual some "
    "secret secrets token tokens key keys api password passwords pass passwd pwd passphrase "
    "credential credentials auth access private value string test tests testing dev devel "
    "development local localhost dummy fake mock sample example demo placeholder default temp "
    "tmp todo fixme foo bar baz qux filtered masked redacted hidden removed omitted censored "
    "sensitive elided scrubbed stripped withheld none null empty unset insecure unsafe "
    "super very long random".split()
)
# What a value is for or what it is, said in the value: `fake-token-for-unit-tests`,
# `invalid-signature-fixture`, `expired-token-for-e2e`.
_SELF_WORDS |= frozenset(
    "unit integration e2e ci fixture fixtures stub stubbed mocked sandbox bogus invalid expired "
    "revoked wrong bad purposes just prod production staging".split()
)
# Documentation is a purpose too (`P4ssw0rd_for_docs`, `tutorial-token`), and what a page or a log
# says instead of the value (`(not shown)`, `not-disclosed`).
_SELF_WORDS |= frozenset(
    "docs doc documentation tutorial tutorials readme workshop training slides shown displayed "
    "disclosed included provided printed logged".split()
)
# A status the value reports (`reset-required`, `rotation-pending`) or another secret it points to
# (`same-as-prod`).
_SELF_WORDS |= frozenset(
    "reset required pending rotation rotated disabled locked missing needed same as".split()
)


# Letters NFKD does not take apart: `hasło`, `nøgle`, `anahtarın`, `Schlüssel` as `ss`…
_UNFOLDED = str.maketrans({"ł": "l", "ø": "o", "ı": "i", "ß": "ss", "æ": "ae", "đ": "d"})


def _fold(word: str) -> str:
    """`word` in lowercase without its accents: `contraseña` is `contrasena`, `aquí` `aqui`."""
    decomposed = unicodedata.normalize("NFKD", word.lower().translate(_UNFOLDED))
    return "".join(c for c in decomposed if not unicodedata.combining(c))


# The same words in the other languages the redactor reads a secret's noun in (`SECRET_NOUNS`),
# written without accents (`_fold` takes them off): a placeholder is written in its reader's
# language (`tu_clave_aqui`, `votre-jeton-ici`, `ваш_токен_здесь`). Words that address the reader
# or mark the value as a stand-in (your, here, example, change it) are `_ADDRESSING`.
_ADDRESSING = frozenset(
    _fold(w)
    for w in
    # your
    "your tu tus su sus seu sua seus suas teu votre vos ton ta tes dein deine deinen deiner ihr "
    "ihre ihren tuo vostro vostra jouw uw twoj twoja twoje wasz wasza senin sizin anda kamu "
    "ваш ваша ваше твои твой твоя din ditt dine sinun vas vase tvuj "
    # here
    "here aqui aca ici hier qui qua tutaj buraya burada disini sini здесь сюда her har tahan "
    "tassa zde "
    # example, sample, placeholder
    "example examples sample ejemplo exemplo exemple beispiel esempio voorbeeld przyklad ornek "
    "contoh пример eksempel exempel esimerkki priklad muestra amostra muster placeholder "
    "marcador platzhalter segnaposto "
    # change it, put it: an instruction
    "cambiame cambiar cambia altere alterar mude mudar troque trocar changer remplacer aendern "
    "andern ersetzen wijzig wijzigen vervangen zmien degistir ganti ubah измени поменяй "
    "reemplazar reemplaza reemplace substituir substitua sostituire sostituisci cambiare "
    "inserisci insira inserir inserta insertar introduce coloque coloca ponga mettre mettez "
    "einfugen eintragen invullen wpisz girin masukkan indsaet lagg ange skriv".split()
)
_SELF_WORDS |= _ADDRESSING
# Hidden, removed, masked: what a log or a page writes in the value's place, as `hidden` and
# `redacted` are in English (with a number glued on, `hidden123`, `gizli123`, a candidate again).
_SELF_WORDS |= frozenset(
    _fold(w)
    for w in "oculto oculta ocultado ocultada escondido escondida removido removida eliminado "
    "eliminada omitido omitida censurado censurada masque supprime entfernt versteckt verborgen "
    "geschwarzt ausgeblendet nascosto nascosta rimosso oscurato verwijderd ukryte ukryty "
    "usuniete gizli tersembunyi disembunyikan скрыт скрыто удалено skjult dold piilotettu".split()
)
# The secret's nouns and their qualifiers, and the small words between them (`token-de-ejemplo`,
# `votre_cle_secrete`, `kunci-api-anda-di-sini`), in those languages.
_SELF_WORDS |= frozenset(
    _fold(w)
    for w in "clave llave chave senha contrasena cle jeton mot passe schlussel schluessel passwort "
    "kennwort geheimnis chiave segreto sleutel wachtwoord geheim klucz haslo sekret anahtar "
    "anahtarin anahtariniz sifre sifreniz sifren kunci sandi kata rahasia токен ключ пароль "
    "секрет nøgle adgangskode nyckel losenord avain salasana heslo klic acceso acesso "
    "acces zugang client cliente secreta secreto secrete segredo privada privado privee "
    "mi mis meu minha mon ma mes mein meine mio mia mijn moj moja benim saya мой моя min mitt "
    "nuestra nuestro nosso nossa notre unser unsere nostro nostra onze nasz "
    "de di del da do du des la le el il lo der die das dem den van het een un una uno une ein "
    "eine et e y und para pour fur per voor dla icin untuk для til for prueba teste essai prova "
    "ficticio ficticia falso falsa faux "
    # default, this, in production
    "padrao defecto predeterminado predeterminada predefinida defaut standard standaard "
    "voreingestellt predefinito domyslne domyslny varsayilan bawaan умолчанию por em en in "
    "esto isto ceci dies questo dit bu ini это produccion producao produktion produzione "
    "productie produkcja uretim produksi".split()
)
# Where the secret is kept and how it gets there or is made, said in the value instead of it:
# `in-vault`, `managed-by-terraform`, `FromKeychain`, `definir-no-cofre`, `openssl-rand-hex-32`.
# A store, a tool or a team; a word of source or place; a participle of provisioning; a way to
# generate one and its units.
_SELF_WORDS |= frozenset(
    _fold(w)
    for w in "vault vaults keychain keyring onepassword bitwarden lastpass keepass dashlane kms "
    "sops ssm secretsmanager keyvault store parameter cofre tresor coffre cassaforte kluis sejf "
    "kasa brankas сейф env environment ci cd pipeline terraform helm ansible chef puppet "
    "kubernetes runtime deploy deployment ops devops team infra sre security "
    "in from via by at see only ver im dans nel no na desde aus von dal nella dari из в fra fran "
    "managed provided injected generated encrypted stored kept loaded fetched pulled mounted "
    "sealed supplied configured defined handled issued autogenerated generado gerado genere "
    "generiert gestionado gerenciado gere verwaltet fornecido proporcionado fourni "
    "bereitgestellt definir definido definida pedir consultar solicitar usar voir siehe vedi "
    "zie zobacz bak lihat смотри openssl rand uuidgen uuid pwgen urandom hex base64 chars "
    "characters bytes bits digits zeichen caracteres".split()
)
# A length beside its unit is a description of the value (`random-32-chars`, `hex-32`).
_LENGTH = re.compile(
    r"(?i)(?<![^\W_])(?:\d{1,3}[-_ ]?(?:chars?|characters?|bytes?|bits?|digits?|zeichen|caracteres)"
    r"|(?:hex|base64|b64|bytes?|chars?)[-_ ]?\d{1,3})(?![^\W_])"
)


def _word_pieces(value: str) -> list[str]:
    """The words and numbers of `value`, in any script, split where a lowercase letter meets a
    capital (`DbPassword`, `ТвойТокен`) or ASCII meets another script, each folded (`_fold`)."""
    pieces: list[str] = []
    for run in re.findall(r"[^\W\d_]+|\d+", value):
        start = 0
        for i in range(1, len(run)):
            if run[i].isupper() and run[i - 1].islower():
                pieces.append(run[start:i])
                start = i
        pieces.append(run[start:])
    # Folded, a run in two scripts is two words (`密码token`, `tokenПароль`).
    return [w for p in pieces for w in re.findall(r"[a-z0-9]+|[^a-z0-9]+", _fold(p))]


def _glued_self_words(word: str) -> bool:
    """True when a run of letters is self-describing words written together: `mysecretpassword`
    is `my secret password`, `devtoken` is `dev token`. Only words of three letters or more
    join (and `my`), so a password of other words is never split into these."""
    n = len(word)
    ok = [True] + [False] * n
    for end in range(1, n + 1):
        ok[end] = any(
            ok[begin]
            and (end - begin >= 3 or word[begin:end] == "my")
            and (word[begin:end] in _SELF_WORDS or word[begin:end] in _PLACEHOLDER_VALUES)
            for begin in range(max(0, end - 12), end)
        )
    return ok[n]


# A value that opens with one of these and has no digit is an instruction: `TODO-ask-ops`,
# `please-generate-with-rails-secret`, `set-me-in-ci`.
_INSTRUCTION_WORDS = frozenset(
    "todo tbd fixme please ask generate set change replace insert fill paste put use see enter "
    "add get copy create run rotate".split()
)
# Digits and symbols written for letters: `P@ssw0rd` is the word `password`.
_LEET = str.maketrans("@4310$57!|", "aaeiosstil")
# A vendor's prefix before the slot's words: `xoxb-`, `sk_test_`, `ghp_`.
_PREFIX_HEAD = re.compile(r"[A-Za-z]{2,6}[-_]")


def self_describing(value: str) -> bool:
    """True when every word of `value` describes a secret or its status rather than being one,
    in any language the redactor reads: `dev-only-not-secret`, `test-token`, `change-me`,
    `FILTERED`, `my-test-token-1`, `P@ssw0rd`, `tu_clave_aqui`, `ваш_токен_здесь`; or when it is
    an instruction (`TODO-ask-ops`). A word that addresses the reader or marks a stand-in (your,
    here, example: `_ADDRESSING`) also allows a vendor's prefix before the words and a counter of
    up to three digits after them (`xoxb-seu-token-aqui`, `ejemplo123`). Any other word or a longer
    number makes it a candidate again (`correct-horse-battery-staple`, `password123`,
    `Mi-Clave-2024`)."""
    core = re.sub(r"[-_.]\d{1,3}$", "", _LENGTH.sub("-chars-", value))  # a short counter
    # Leetspeak writes digits for letters inside a word (`P@ssw0rd`); a number standing apart
    # (`Qwerty#37`, `Admin!2024`) is a number, the way a person lengthens a word into a password.
    if re.search(r"\d", core) and not any(p.isdigit() for p in re.findall(r"[^\W_]+", core)):
        delet = core.lower().translate(_LEET)
        if not re.search(r"\d", delet):
            core = delet  # `P@ssw0rd`, `S3cr3t!`: leetspeak of a word
    pieces = _word_pieces(core)

    def described(word: str) -> bool:
        return word in _SELF_WORDS or word in _PLACEHOLDER_VALUES or _glued_self_words(word)

    # A word in another script that is not among these is the reader's prose around the slot's
    # words (a secret's alphabet is ASCII): it is passed over, as long as some word is read.
    words = [p for p in pieces if not p.isdigit() and (p.isascii() or described(p))]
    numbers = [p for p in pieces if p.isdigit()]
    if not words:
        return False

    if not numbers and all(map(described, words)):
        return True
    if not _ADDRESSING.intersection(words):
        return not numbers and len(words) >= 2 and words[0] in _INSTRUCTION_WORDS
    if _PREFIX_HEAD.match(core) and not described(words[0]):
        words = words[1:]  # `xoxb-seu-token-aqui`: the vendor's prefix, then the slot
    short_counter = len(numbers) <= 1 and all(len(n) <= 3 for n in numbers)
    if numbers and not re.search(r"\d+$", core):
        short_counter = False  # a counter ends the value: `ejemplo-1a2b` is not one
    return short_counter and all(map(described, words))


_NOT_ALNUM = re.compile(r"[^0-9a-z]")
_NOT_WORD_CHAR = re.compile(r"[\W_]+")  # what `str.isalnum` leaves out, in any script
# Every position where the next character is the one after it (`ab`, `89`), overlapping.
_ASCENDING = re.compile(
    "(?="
    + "|".join(
        a + b
        for a, b in zip(
            "0123456789abcdefghijklmnopqrstuvwxy",
            "123456789:bcdefghijklmnopqrstuvwxyz",
            strict=True,
        )
        if b != ":"
    )
    + ")"
)


def patterned(value: str) -> bool:
    """True for a value typed by a person to look like a key: runs of the alphabet or of digits
    (`abcdef…`, `1234567890…`) or a unit repeated three times or more (`abc123abc123abc123`). A
    random key has an ascending neighbour about once in 30 characters and no period; scanners'
    sequential test vectors (`abc123xyz-456def789ghij…`) stay under 0.6, typed placeholders
    (`sk-1234567890abcdef…`, `abc123def456`) are over 0.7. A password may repeat a word twice
    (`hunter2hunter2`)."""
    # A typed placeholder is short; the head of a long value (a PEM body, a blob) is enough.
    alnum = _NOT_ALNUM.sub("", value[:300].lower())[:256]
    if len(alnum) < 8:
        return False
    ascending = len(_ASCENDING.findall(alnum))
    if ascending >= 0.7 * (len(alnum) - 1):
        return True
    return any(alnum[p:] == alnum[:-p] for p in range(1, len(alnum) // 3 + 1))


# Ciphertext in a tagged envelope (SOPS `ENC[AES256_GCM,…]`, EJSON `EJ[1:…]`), Vault transit
# (`vault:v1:…`), Ansible Vault: useless without a key that is not in the text.
_ENVELOPE = re.compile(r"[A-Z][A-Z0-9]{1,5}\[[\w-]+(?:[:,]|$)|vault:v\d+:|\$ANSIBLE_VAULT;")


def enveloped(value: str) -> bool:
    """True when `value` opens an encryption envelope (see `_ENVELOPE`)."""
    return _ENVELOPE.match(value) is not None


def decoded_placeholder(value: str) -> bool:
    """True when `value` is base64 of a placeholder (`Y2hhbmdlbWU=` is `changeme`): base64 is
    judged by what it decodes to, and a chart's default is a placeholder in any encoding."""
    if len(value) < 8 or len(value) % 4 or not re.fullmatch(r"[A-Za-z0-9+/]+={0,2}", value):
        return False
    try:
        text = base64.b64decode(value, validate=True).decode("ascii")
    except (ValueError, UnicodeDecodeError):
        return False
    # One short value, not a document: `{…}` or `[…]` would read as a slot to `is_placeholder`.
    return re.fullmatch(r"[\w .@!#%&*+/:?~^-]{1,64}", text) is not None and is_placeholder(text)


def is_placeholder(value: str) -> bool:
    """True for values that stand in for a secret: `${VAR}`, `<your-key>`, `changeme`, `****`."""
    bare = value.strip("\"'`{}[]() ")
    if not bare:
        return True
    if _CODE_REF.search(value) or _PLACEHOLDER_WORDS.search(bare) or self_describing(bare):
        return True
    if marked_reference(value) or marked_reference(bare):
        return True
    if patterned(bare) or _YAML_TAG.fullmatch(bare) or _INSTRUCTION.search(bare):
        return True
    if _MASK_RUN.search(bare):
        return True
    # `****`, `xxx:yyy`, `XXXXXXXX`, `0000`: too few distinct characters to be random; after a
    # vendor's prefix too (`ghp_000…`, `sk_live_0000…`): the prefix says which kind, the body
    # is the slot.
    if len(set(_NOT_WORD_CHAR.sub("", bare.lower()))) <= 3:
        return True
    if re.fullmatch(r"(?i)([^/:\s]+)[/:]\1", bare):
        return True  # `neo4j/neo4j`, `guest:guest`: a user and the same password, a default
    prefixed = _VENDOR_PREFIX.match(bare)
    return prefixed is not None and len(set(prefixed.group("body").lower()) - set("-_")) <= 2


# A vendor's prefix, then a body in groups (`xoxp-0000000000-0000000000-…`) or in one run.
_VENDOR_PREFIX = re.compile(
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
    if not _DOTTED.match(value):
        return False
    parts = value.removesuffix("()").replace("?.", ".").split(".")
    return all(identifier_like(p) or p.islower() or p.isupper() for p in parts)


def looks_random(value: str, *, min_len: int = 16, min_entropy: float = 3.0) -> bool:
    """Heuristic for a machine-made secret: long, varied, not a word, id or git SHA."""
    if len(value) < min_len or is_placeholder(value) or is_code_ref(value):
        return False
    if _CONSTANT_NAME.match(value) or identifier_like(value):
        return False
    if _HEX.match(value) and len(value) in (7, 8, 12, 40):  # git (short) SHAs
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
    r"|@Microsoft\.KeyVault\([^()\s]+\)|[a-z]+[A-Z][A-Za-z]*:"
    + UUID.pattern
    + r"|projects/[\w-]+/secrets/[\w.-]+(?:/versions/\w+)?"
    r"|(?P<pct>%)?(?:vault|keyvault|azurekeyvault|secret|secrets|sm|ssm|gcpsm|awssm|op|bw|doppler"
    r"|infisical):/?[a-z][a-z0-9_-]*(?:!?/[a-z0-9_-]+)*(?:#[a-z_]+)?(?(pct)%)"
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
    r"|passwort|kennwort|mot de passe|mdp|contrase[ñn]a|clave|senha|palavra-passe|wachtwoord"
    r"|parola|has[łl]o|l[öo]senord|salasana|adgangskode|passord|heslo|jelsz[óo]|пароль|şifre"
    r"|mật khẩu|kata sandi|kata laluan|rahasia|requirepass"
    # Scandinavian nouns take the article as a suffix: "lösenordet är …", "passordet er …".
    r"|l[öo]senordet|passordet|adgangskoden|salasanan"
    # Nouns inflect: Turkish and Hungarian add the possessive ("admin şifresi", "a fiók
    # jelszava"), Finnish too ("salasanasi"), Slavic languages the case ("hasła do", "пароля").
    r"|şifre(?:si|niz|n|m)|parola(?:s[ıi]|n[ıi]z)|jelszav(?:a|ad)|jelsz[óo]t|salasanasi"
    r"|has[łl](?:a|em)|hesl(?:a|em)|парол(?:я|ем|ю)|passworts|kennworts"
    # The word in the other languages of Europe: Catalan, Galician, Basque, Irish, Welsh,
    # Scottish Gaelic, Icelandic, Estonian, Lithuanian, South Slavic, Romanian, Albanian,
    # Azerbaijani, Afrikaans, Swahili.
    r"|contrasenya|contrasinal|pasahitza|pasfhocal|cyfrinair|facal-faire|lykilorð(?:ið)?"
    r"|parool|salasõna|slaptažod(?:is|į|žio)|lozink[aeu]|geslo|parolă|fjalëkalim(?:i)?|şifrə"
    r"|wagwoord|nenosiri|парола|лозинка"
    # Passphrase in French and Spanish, Korean's everyday clipping of 비밀번호.
    r"|phrase de passe|frase de paso|frase de contrase[ñn]a"
    # A key said to be secret, private or an API's, in the Romance languages ("chave secreta",
    # "clé d'API", "chiave privata"); a bare `chave`/`clé` is any key (a Pix key, a lookup key).
    r"|(?:chave|cl[ée]f?|chiave)[ _-](?:secret[ae]|secrète|segreta|privad[ao]|privée|privata"
    r"|api|d[aoe] api|d'api|de acesso|d'accès|di accesso)"
)
# Words in scripts without ASCII word boundaries (Devanagari, Arabic, Hebrew, Thai, Greek too).
SECRET_NOUNS_CJK = (
    r"パスワード|暗証番号|密码|密碼|비밀번호|पासवर्ड|कूटशब्द|كلمة المرور|كلمة السر|סיסמה|סיסמא"
    r"|รหัสผ่าน|κωδικός|συνθηματικό|비번"
    # Persian, Urdu, Bengali, Tamil, Georgian, Armenian.
    r"|رمز عبور|گذرواژه|پاس ورڈ|পাসওয়ার্ড|கடவுச்சொல்|პაროლი|գաղտնաբառ"
)
# Words about a secret, in any of those languages: "Change password", "Passwort ändern",
# "パスワードを変更" are a form's labels and a translation file's strings, not a password.
_ABOUT_A_SECRET = re.compile(
    rf"(?i)(?:(?<![^\W\d_])(?:{SECRET_NOUNS})(?![^\W\d_])|{SECRET_NOUNS_CJK})"
)
DATA_URI = re.compile(r"data:[\w.+-]+/[\w.+-]+[;,]")


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
_PUBLISHABLE_KEY = re.compile(r"pk_(?:live|test)_[A-Za-z0-9]{8,}$")


_PLAIN_ADDRESS = re.compile(r"[a-z][a-z0-9+.-]{1,20}://[^\s:@/?#]+(?::\d{1,5})?(?:[/?#]\S*)?")
_RANDOM_PIECE = re.compile(r"(?=[A-Za-z_-]*\d)(?=[\d_-]*[A-Za-z])[A-Za-z0-9_-]{4,}")


def plain_address(value: str) -> bool:
    """True for `http://grafana:3000/api/health`: a URL with no user, password or random piece
    (letters mixed with digits, `3xk9pq2`) in it is where something is, not a secret (a URL's
    own userinfo is `url_credentials`' part; a webhook's or an invite's token in its path or query
    keeps it a candidate)."""
    return bool(_PLAIN_ADDRESS.fullmatch(value)) and not _RANDOM_PIECE.search(value)


def plausible_secret(value: str, *, quoted: bool) -> bool:
    """Check for a value under a name that says secret (password, token, credential…)."""
    if len(value) < 6 or is_placeholder(value) or _CONSTANT_NAME.match(value):
        return False
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
    if quoted:
        return True
    if is_code_ref(value) or _SELECTOR.fullmatch(value) or path_of_words(value):
        return False
    if LOWER_PATH.fullmatch(value):
        return False  # `svc/20261001/eu-west-3/s3/aws4_request`: a credential's scope, a path
    if SOURCE_LOCATION.fullmatch(value):
        return False  # `password: src/login/form.tsx:212`: where in the code, not a value
    # An unquoted plain word after `password:` is usually prose ("the token: expires…").
    return not (value.isalpha() and (value.islower() or value.istitle()) and len(value) < 16)


def token_body_ok(body: str) -> bool:
    """Check the random part of a prefixed token: it has a digit and is not a placeholder."""
    return any(c.isdigit() for c in body) and not is_placeholder(body)


def luhn_ok(digits: str) -> bool:
    """Luhn checksum over a string of digits (card numbers)."""
    total = 0
    for i, ch in enumerate(reversed(digits)):
        d = int(ch)
        if i % 2:
            d = d * 2 - 9 if d > 4 else d * 2
        total += d
    return len(digits) >= 12 and total % 10 == 0


# The countries that issue IBANs and the one length each country's IBAN has (the ISO 13616
# registry, with the partial adopters banks already accept). The same mod-97 check guards other
# references that are no account: an ISO 11649 creditor reference (`RF18 5390 0754 7034`) is an
# invoice's payment reference, printed on it for anyone to pay; `RF` is no country.
_IBAN_LENGTHS = {
    code: int(n)
    for code, n in re.findall(
        r"([A-Z]{2})(\d\d)",
        "AD24 AE23 AL28 AT20 AZ28 BA20 BE16 BG22 BH22 BI27 BR29 BY28 CH21 CR22 CY28 CZ24 DE22"
        " DJ27 DK18 DO28 EE20 EG29 ES24 FI18 FK18 FO18 FR27 GB22 GE22 GI23 GL18 GR27 GT28 HR21"
        " HU28 IE22 IL23 IQ23 IS26 IT27 JO30 KW30 KZ20 LB28 LC32 LI21 LT20 LU20 LV21 LY25 MC27"
        " MD24 ME22 MK19 MN20 MR27 MT31 MU30 NI28 NL18 NO15 OM23 PK24 PL28 PS29 PT25 QA29 RO24"
        " RS22 RU33 SA24 SC31 SD18 SE24 SI19 SK24 SM27 SO23 ST25 SV28 TL23 TN24 TR26 UA29 VA22"
        " VG24 XK20 YE30 AO25 BF28 BJ28 CF27 CG27 CI28 CM27 CV25 DZ26 GA27 GQ27 GW25 HN28 IR26"
        " KM27 MA28 MG27 ML28 MZ25 NE28 SN28 TD27 TG28 GF27 GP27 MQ27 RE27 PF27 TF27 YT27 NC27"
        " BL27 MF27 PM27 WF27",
    )
}


def iban_ok(iban: str) -> bool:
    """ISO 13616 check of an IBAN (spaces allowed): a country that issues IBANs, that country's
    length, and the mod-97 check digits."""
    s = iban.replace(" ", "").upper()
    if not re.fullmatch(r"[A-Z]{2}\d{2}[A-Z0-9]{10,30}", s):
        return False
    if _IBAN_LENGTHS.get(s[:2]) != len(s):
        return False
    moved = s[4:] + s[:4]
    return int("".join(str(int(c, 36)) for c in moved)) % 97 == 1


# ---------------------------------------------------------------- secret names

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
# A name ending in one of these holds the name of a parameter, column or option, not its value.
_NOT_SECRET_TAILS |= {"param", "params", "parameter", "attr", "attribute", "column", "col", "prop"}
_NOT_SECRET_TAILS |= {"property", "option", "opt", "flag", "setting", "arg", "argument", "query"}
_NOT_SECRET_TAILS |= {"attrs", "attributes", "columns", "properties", "options", "opts", "flags"}
_NOT_SECRET_TAILS |= {"settings", "args", "arguments"}
# An exception's name introduces its message (`TokenResolverError: 'x' not found`).
_NOT_SECRET_TAILS |= {"error", "errors", "exception", "err", "warning", "failure"}
# Nouns for pieces of code: a name ending in one holds an object or a type, never a literal
# (`passwordResetTokenRepository: PasswordResetTokenRepository`).
_NOT_SECRET_TAILS |= {"repository", "repo", "dao", "controller", "adapter", "module", "interface"}
_NOT_SECRET_TAILS |= {"model", "schema", "entity", "dto", "spec", "config", "configuration"}
_NAME_PIECES = re.compile(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])|\d+")


# A name with one of these words holds a digest of a secret, which is public: `password_hash`,
# `checksum/secret` (a Helm annotation), `secret_sha256`, `token_fingerprint`.
_DIGEST_WORDS = {"hash", "hashed", "digest", "checksum", "checksums", "fingerprint", "sha", "md"}
_DIGEST_WORDS |= {"etag", "crc", "integrity", "sri"}


_PUBLIC_NAME = {"public", "pub", "pubkey", "publickey"}
_CURSOR_WORDS = {"page", "next", "continuation", "pagination", "cursor", "resume", "sync"}


def names_digest(name: str) -> bool:
    """True when a name or key path has a digest word in it (`checksum/`, `password_hash`)."""
    pieces = {p.lower() for p in _NAME_PIECES.findall(name)}
    return bool(_DIGEST_WORDS.intersection(pieces))


# Words that say a value is ciphertext or public: a value so described opens nothing by itself.
# A ciphertext needs a key that is not in the text; a signature, a public key or a certificate is
# published on purpose. In the languages of the secret nouns, too.
_SEALED_WORDS = re.compile(
    r"(?i)signatur|signed|\bsig\b|ciphertext|encrypted|\benc\b|\.enc\b|\bsealed"
    r"|(?<![\w-])(?:en|de)crypt(?:s|ion)?\b|public[ _-]?key|pubkey|certificate|verschlüsselt"
    r"|chiffré|cifrad|criptograf|versleuteld|zaszyfrowan|зашифрован|암호문|암호화|暗号文|暗号化"
    r"|密文|加密|署名|签名|서명"
    # A record of a DNS zone (`example.org. 3600 IN DNSKEY …`) is published by definition.
    r"|(?-i:\bIN[ \t]+[A-Z][A-Z0-9]{1,9}[ \t])"
)
# "Signature" and "signed" in the other languages of the secret nouns: a file's `firma`, its
# `assinatura`, `handtekening`, `podpis`, `подпись`, `imza` is published with what it signs.
_SIGNED_WORDS = re.compile(
    r"(?i)(?<![^\W\d_])(?:signiert\w*|sign(?:é|ée)s?|firma|firmad[oa]s?|firmat[oa]|assinad[oa]s?"
    r"|assinatura|handtekening|ondertekend|gesigneerd|podpis\w*|podepsan\w*"
    # (`подписка`, `підписка` are a subscription.)
    r"|подпис(?:ь|и|ью|ан\w*)|підпис(?:у|ом|ан\w*)?"
    r"|allekirjoi\w*|aláír\w*|imza\w*|semn[aă]tur[aă]|semnat|υπογραφ\w*|tanda tangan"
    r"|ditandatangani|chữ ký)(?![^\W\d_])|חתימ|توقيع|हस्ताक्षर"
)
# Keys named as the public half ("public key", "verify key") are not open words: blanked out
# (same length, so positions hold) before looking for words that name a secret.
_PUBLIC_KEY_PHRASE = re.compile(
    r"(?i)public[ _-]?key|pub[ _-]?key|verif(?:y|ying|ication)[ _-]?key"
)


def _blank_public(line: str) -> str:
    return _PUBLIC_KEY_PHRASE.sub(lambda k: "_" * len(k.group(0)), line)


# Words that say a value is a secret after all: "the password for the encrypted disk: …", "the
# encryption key: …". A word inside a path (`config/credentials/production.yml.enc`) or a flag
# (`--key-id`) is a file's or an option's name.
# The same words in the other languages; German, Dutch and the Nordic languages put the head of a
# compound last (`Signaturschlüssel`, `ondertekeningssleutel`: a key for signing).
_OPEN_WORDS = re.compile(
    r"(?i)(?<![\w/.-])(?:password|passwd|passphrase|secret|token|private|bearer|api[ _-]?key"
    r"|signing[ _-]?key|key|passwort|mot de passe|contraseña|senha|clave|chave|chiave|cl[ée]f?"
    r"|klucz|kl[ií]č|avain|kulcs|anahtar|kunci|ключ|secreto|segreto|secrète|hasło|heslo|şifre"
    r"|jelszó|пароль|salasana)(?![\w/.-])"
    r"|(?i:schlüssel|sleutel|nyckel|nøgle|nøkkel|passwort|kennwort|wachtwoord|lösenord|passord"
    r"|geheimnis)(?![\w/.-])"
)


def described_sealed(text: str, start: int) -> bool:
    """True when the words nearest a value say it is ciphertext, a signature or public material.

    The nearest line that says anything decides: the value's own line before it, then up to three
    lines above (`untrusted comment: signature from …`, `--query CiphertextBlob`). A word naming a
    secret on the value's own line always wins. On a line above, the first word decides, as the
    head of a noun phrase does: "signature from minisign secret key" is a signature, "the key for
    signature checks:" is a key."""
    end = start
    line_start = text.rfind("\n", 0, start) + 1
    if _OPEN_WORDS.search(_blank_public(text[line_start:start])):
        return False  # a secret named on the value's own line is a secret, whatever else it says
    for _ in range(4):
        line = text[max(line_start, start - 400) : end]
        sealed = _SEALED_WORDS.search(line) or _SIGNED_WORDS.search(line)
        opened = _OPEN_WORDS.search(_blank_public(line))
        if sealed or opened:
            return opened is None or (sealed is not None and sealed.start() < opened.start())
        if line_start <= 0:
            return False
        end = line_start - 1
        line_start = text.rfind("\n", 0, end) + 1
    return False


_PARENT_KEY = re.compile(r"([ \t]*)[\"']?([\w.-]+)[\"']?[ \t]*:[ \t]*(?:[{(]?[ \t]*)$")


def under_sealed_key(text: str, start: int) -> bool:
    """True when the key at `start` sits under a parent key that says its values are ciphertext
    (a SealedSecret's `encryptedData:`, `encrypted_values:`): indented YAML, or a JSON object."""
    line_start = text.rfind("\n", 0, start) + 1
    indent = len(text[line_start:start]) - len(text[line_start:start].lstrip(" \t\"'{"))
    pos = line_start
    for _ in range(30):
        if pos <= 0:
            return False
        prev = text.rfind("\n", 0, pos - 1) + 1
        line = text[prev : pos - 1]
        pos = prev
        if not line.strip():
            continue
        own = len(line) - len(line.lstrip(" \t"))
        if own < indent:
            parent = _PARENT_KEY.match(line)
            return parent is not None and _SEALED_WORDS.search(parent.group(2)) is not None
    return False


# The public members of a JSON web key (RSA modulus `n` and exponent `e`, EC point `x`, `y`,
# the certificate chain `x5c`); its private members (`d`, `p`, `q`, `dp`, `dq`, `qi`, `k`) are not.
_JWK_PUBLIC = re.compile(r"[\"'](?:n|e|x|y|x5c)[\"']\s*:\s*\[?\s*[\"']$")


def jwk_public_member(text: str, start: int) -> bool:
    """True when the value at `start` is a public member of a JSON web key (with `"kty"`)."""
    before = text[max(0, start - 600) : start]
    if not _JWK_PUBLIC.search(before[-12:]):
        return False
    return '"kty"' in before[before.rfind("{") :] or "'kty'" in before[before.rfind("{") :]


_SECRET_NOUNS = {"key", "token", "password", "secret", "credential", "credentials", "passphrase"}
_SECRET_NOUNS |= {"apikey", "pat", "pass", "pwd", "username", "user", "login"}


def names_code(value: str) -> bool:
    """True for `AccessDeniedException`, `TokenProviderFactory`: words, no digit, ending in a
    noun for a piece of code or metadata (`_NOT_SECRET_TAILS`). It names a type."""
    if not re.fullmatch(r"[A-Za-z]+", value) or not identifier_like(value):
        return False
    pieces = [p.lower() for p in _NAME_PIECES.findall(value)]
    return len(pieces) >= 2 and pieces[-1] in _NOT_SECRET_TAILS


def names_cursor(name: str) -> bool:
    """True for `next_page_token`, `NextToken`, `continuationToken`: a token that is a position
    in a list (a cursor), which opens nothing by itself."""
    pieces = [p.lower() for p in _NAME_PIECES.findall(name)]
    return bool(pieces) and pieces[-1] == "token" and bool(_CURSOR_WORDS.intersection(pieces))


def names_a_secret(value: str) -> bool:
    """True for `stripeKey`, `ingest-api-key`, `docker_username`: a name made of words that ends
    in a secret noun (or the user name paired with one), as a secret manager or a config tool is
    told which secret to use. It names a secret; a secret is not spelled in words."""
    if not re.fullmatch(r"[A-Za-z]+(?:[-_.][A-Za-z]+)*", value):
        return False
    pieces = [p.lower() for p in _NAME_PIECES.findall(value)]
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
    elif _DOTTED.match(value) and is_code_ref(value):
        last = value.removesuffix("()").replace("?.", ".").rsplit(".", 1)[-1]
    else:
        return False
    pieces = [p.lower() for p in _NAME_PIECES.findall(last)]
    words = [p for p in pieces if not p.isdigit()]
    return len(pieces) >= 2 and bool((_SECRET_NOUNS | _NOUN_SHORT_FORMS).intersection(words))


# A password's noun in the other languages, as a piece of a name (`senhaBanco`, `contrasena_bd`,
# `DB_PASSWORT`, `mot_de_passe`), spelled without accents as names are.
_STRONG_ABROAD = frozenset(
    "contrasena contrasenya senha passwort kennwort wachtwoord haslo heslo salasana losenord "
    "passord adgangskode jelszo sifre lozinka geslo parool secreto segredo segreto".split()
)
_FOLD = str.maketrans({"ł": "l", "Ł": "L", "ø": "o", "Ø": "O", "ß": "ss", "ı": "i"})


def _ascii_name(name: str) -> str:
    folded = unicodedata.normalize("NFKD", name.translate(_FOLD))
    return folded.encode("ascii", "ignore").decode()


def name_strength(name: str) -> int:
    """0: not a secret name; 1: a weak one (`cache_key`); 2: a strong one (`api_key`, `token`)."""
    name = name if name.isascii() else _ascii_name(name)
    # A lone letter after the words is a tag (Unreal's class `BP_PasswordHelper_C`), not the head.
    pieces = [p.lower() for p in _NAME_PIECES.findall(re.sub(r"(?:_[A-Za-z])+$", "", name))]
    pieces = [p for p in pieces if not p.isdigit()]
    if not pieces or pieces[-1] in _NOT_SECRET_TAILS or _DIGEST_WORDS.intersection(pieces):
        return 0
    if len(pieces) >= 2 and (pieces[0] in _PREDICATE_HEADS or pieces[0] in _ROLE_HEADS):
        return 0
    if pieces[0] in _REFERENCE_HEADS and pieces[-1] in ("secret", "secrets"):
        return 0
    if len(pieces) >= 2 and pieces[-1] == "key" and pieces[-2] in _LOOKUP_WORDS:
        # `tokenStorageKey`, `password_cache_key`: the key of a map or a store, under which a
        # secret may be kept; weak, as `cache_key` is.
        return 1
    if _PUBLIC_NAME.intersection(pieces):
        return 0  # `PublicKey`, `pubkey`, `public_key_pem`: the public half is published
    if names_cursor(name):
        return 0  # `next_page_token`, `NextToken`: a position in a list, which opens nothing
    if any(p in _STRONG or p in _STRONG_ABROAD for p in pieces):
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


# ---------------------------------------------------------------- rules


@dataclass(frozen=True)
class Rule:
    """One pattern: `kind` names what it finds; group `s`, if present, is the secret's span."""

    kind: str
    pattern: re.Pattern[str]
    score: float = 0.9
    check: Check | None = None
    # Finds the secret's span itself when no single group holds it (None: not a secret).
    locate: Callable[[re.Match[str]], tuple[int, int] | None] | None = None
    # A pattern found inside every match of `pattern` (a digit, say), far cheaper to look for:
    # a text without it is not searched with `pattern` at all. It must be implied by `pattern`
    # (tests/writers/redact/test_rule_needs.py checks it on the redaction corpora), or a
    # secret is missed.
    needs: re.Pattern[str] | None = None


def _rx(pattern: str, flags: int = 0) -> re.Pattern[str]:
    return re.compile(pattern, flags)


def _body(m: re.Match[str]) -> bool:
    return token_body_ok(m.group("b"))


def real(group: str) -> Check:
    """A check that group `group` of the match is not a placeholder (`XXXX`, `your-token`)."""
    return lambda m: not is_placeholder(m.group(group))


_B = r"(?<![A-Za-z0-9_/+-])"  # left edge of a token
_E = r"(?![A-Za-z0-9_-])"  # right edge of a token

_ASSIGN_NAME = r"(?P<name>[A-Za-z_$@][\w.$@-]*?)"
# `::` is a path separator (Rust, C++, Ruby, PHP), never an assignment: `:(?!:)`; `==` is
# base64 padding or a comparison: `=(?!=)`.
_ASSIGN_OP = (
    r"[\"']?\]?[ \t]*(?:\s(?:string|str|String)[ \t]*)?"
    r"(?:=>|:::=|::=|:=|\?=|\+=|\.=|=(?!=)|:(?!:))[ \t]*"
)


_LEADING_ESCAPE = re.compile(r"\\(?:[nrt\"'/\\]|u[0-9a-fA-F]{4})")
_BRACKETS = re.compile(r"[(){}\[\]]")


# The segments of a key path written before the name: `checksum/` in `checksum/secret:`.
_KEY_PATH = re.compile(r"(?:[\w.-]+/)+$")
# Command-line flags after a bare value: the value is a command (`Read-Host -AsSecureString`).
_FLAGS_AFTER = re.compile(r"[ \t]+--?[A-Za-z]")


# `@password.txt`, `@/run/secrets/db`: a value read from a file (vault, curl, httpie syntax).
FILE_REF = re.compile(r"@[~./]?[\w./~-]*\.[A-Za-z]\w{0,4}|@[~.]?/[\w./~-]+")
# Last parts of a dotted key that qualify the name before them rather than name a value.
_QUALIFIER_LEAVES = frozenset(
    "prod production dev development staging stage test qa uat local old new current previous "
    "next value default primary secondary main backup encrypted plain raw live sandbox".split()
)
# A value that is a sentence: words of letters (any script) ending in a full stop, as the
# messages of a translation file are (`"auth.totp.mismatch": "Stimmt nicht überein."`).
_SENTENCE = re.compile(r"[^\W\d_]+(?:[ ,'’-]+[^\W\d_]+)*[.!?。！？]")


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
    if not re.match(r"[ \t]*(?:[),=<\[{};|]|->|$)", follows):
        return False
    line = line_before(text, name_start)
    return (
        _in_parameter_list(line)
        or _DECLARES.search(line) is not None
        or _TYPE_BODY.search(line) is not None
    )


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


# A name in snake or constant case followed by `=`: the next assignment's key, read as a value
# because the first one has none on its line. Base64 padding follows random text, not words.
_NEXT_KEY = re.compile(r"(?:[a-z][a-z0-9]*(?:_[a-z0-9]+)+|[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+)=")


def _assign_check(m: re.Match[str]) -> bool:
    name = m.group("name")
    if "@" in name[1:]:
        return False  # `USER:PASSWORD@HOST:5432`: a URL's authority, not `name: value`
    joined = m.string[m.start("name") : m.end()]
    if m.string[m.start("name") - 1 : m.start("name")] in (":", "/") and re.fullmatch(
        r"[^\s:=]+:[^\s=]+", joined
    ):
        # A segment of a colon- or slash-joined path, not `name: value`: a build target
        # (`//crypto/token:mask_test`, `:secrets-token:compileKotlin`), a package coordinate
        # (`com.acme:secret-spi:0.38.2`), an ARN (`…:secret:prod/db-password-49K4iO`).
        return False
    if _SELECTOR.fullmatch(joined) or secret_reference(joined.rstrip("\"'")):
        return False  # an Objective-C selector, or a store's `credentialsJSON:<uuid>` entry
    if re.fullmatch(r"[^\s:=]+:[^\s:=]+:[^\s=]+", joined):
        return False  # `org.acme.auth:password-hasher:2.4.1`: three segments joined by colons
    # A dotted key is named by its last part: `auth.totp.mismatch` holds a message about a
    # one-time code, `spring.datasource.password` a password.
    # A last part that only qualifies (`db.password.prod`, `api.token.v2`) leaves the name to
    # the rest.
    leaf = name.rstrip(".").rsplit(".", 1)[-1] if "." in name.strip(".") else name
    if leaf.lower() in _QUALIFIER_LEAVES or re.search(r"\d", leaf):
        leaf = name
    path = _KEY_PATH.search(m.string[max(0, m.start("name") - 80) : m.start("name")])
    strength = 0 if path and names_digest(path.group(0)) else name_strength(leaf)
    word = re.search(
        r"(?i)(?<![\w-])(\w+)[ \t]+$", m.string[max(0, m.start("name") - 30) : m.start("name")]
    )
    if word and word.group(1).lower() in _PUBLIC_NAME:
        strength = 0  # `minisign public key: RW…`: the public half, named in words
    if strength and digest_named_before(line_before(m.string, m.start("name")) + name):
        strength = 0  # "hash of the token:", "hash do token:": a digest is the phrase's head
    value = m.group("s")
    quoted = m.group("q") is not None
    if _SENTENCE.fullmatch(value):
        return False  # a message, not a value
    if DOC_FIELD.search(line_before(m.string, m.start("name"))):
        # `:param password: plain-text password to hash`, `@param token …`: a docstring's field
        # describes the parameter of that name in words; the value is passed at call time.
        return False
    if _PUBLISHABLE_KEY.match(value):
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
    if re.fullmatch(r"[A-Za-z]+(?:[_-][A-Za-z]+)*", value) and {
        p.lower() for p in _NAME_PIECES.findall(value)
    } <= {p.lower() for p in _NAME_PIECES.findall(name)}:
        # `TOKEN_TYPE_BEARER = "Bearer"`, `ClientSecretKey = "ClientSecret"`: the value spells
        # words of its own name, an enum member or the name of a key; a secret is not spelled
        # out of the name it is stored under.
        return False
    if not quoted and m.string[m.end("s2") : m.end("s2") + 1] == "<":
        # A bare value cut at `<` goes on into a slot (`sntrys_<payload>_<signature>`): judged
        # whole, as a template.
        run = re.match(r"\S+", m.string[m.start("s2") :])
        if run is not None and is_placeholder(run.group(0)):
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
    if strength and published_defaults(m.string, m.start("name")):
        return False  # an upstream project's published defaults: public, not ours
    if strength == 2:
        return plausible_secret(value, quoted=quoted)
    if strength == 1:
        # A weak name (`key`, `cache_key`) says little, so the value must be one random run:
        # `cache/<sha256>`, `img/b7/<sha1>.webp`, `thumb:3658def1de41:128` are paths and cache
        # keys made of a digest and names, and a bare hex string is a digest.
        longest = max(re.split(r"[-_.]", value), key=len)
        if re.search(r"[/:]|\.[A-Za-z]{2,4}$", value) or _HEX.fullmatch(longest.lower()):
            return False
        return looks_random(value)
    return False


# A config its text calls an upstream project's defaults or example ("upstream example, values
# are defaults", "the upstream's sample .env"): the values ship in a public repository, so they
# open nothing that is ours. ("Default" alone is not enough: "the default password for new hires
# is …" is the organisation's own secret.)
_UPSTREAM_DEFAULTS = re.compile(
    r"(?i)\bupstream(?:'s|’s)?\b[^\n]{0,60}?\b(?:defaults?|examples?|samples?)\b"
    r"|\b(?:defaults?|examples?|samples?)\b[^\n]{0,30}?\bupstream\b"
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


def _auth_check(m: re.Match[str]) -> bool:
    value = m.group("s")
    if re.match(r"[ \t]+[A-Za-z][\w-]*=", m.string[m.end() :]):
        # `AWS4-HMAC-SHA256 Credential=…, Signature=…`: the word is the scheme's name and the
        # credentials are its parameters, each judged by its own name.
        return False
    # Header credentials (token68, base64, hex) hold no brackets: `{base64(user:pw)}` is a recipe.
    if _BRACKETS.search(value):
        return False
    pair = basic_pair(value)
    if pair is not None:
        # `Basic dXNlcjpwYXNz` is `user:pass`: judged by what it decodes to. With no password
        # the lone user field is the credential (`browser:`), as with `curl -u "secret:"`.
        user, password = pair
        if is_placeholder(password or user) or user.lower() == password.lower():
            return False
    return len(value) >= 8 and not is_placeholder(value) and not is_code_ref(value)


def basic_pair(value: str) -> tuple[str, str] | None:
    """The `(user, password)` a Basic credential decodes to, or None if it is not one."""
    try:
        raw = base64.b64decode(value + "=" * (-len(value) % 4), validate=True).decode()
    except (ValueError, UnicodeDecodeError):
        return None
    user, colon, password = raw.partition(":")
    return (user, password) if colon and raw.isprintable() else None


def _bearer_check(m: re.Match[str]) -> bool:
    if m.string.startswith(("…", "..."), m.end("s")):
        # `Bearer eyJhbGciOi…(truncated)`: the text shows the token cut off, as a log prints its
        # first bytes to tell tokens apart; the rest, which opens the account, was never there
        # (a value written with an ellipsis is a slot or a prefix, as `is_placeholder` reads it).
        return False
    return looks_random(m.group("s"), min_len=12, min_entropy=2.5)


def _url_cred_check(m: re.Match[str]) -> bool:
    return not is_placeholder(m.group("s")) and m.group("s").lower() != m.group("u").lower()


# Top-level domains that never resolve (RFC 2606, RFC 6761): no mailbox is ever there. The
# example domains (`example.com`) do resolve, and only count when the text calls the address a
# placeholder: tests and docs use them for addresses that stand for a real one.
_NEVER_RESOLVES = re.compile(r"(?i)\.(?:example|invalid|test|localhost)$")
_EXAMPLE_DOMAIN = re.compile(r"(?i)(?:^|\.)example\.(?:com|net|org)$")
_PLACEHOLDER_WORD = re.compile(
    r"(?i)placeholder|platzhalter|espace réservé|marcador de posición|segnaposto|プレースホルダー"
    r"|占位符|플레이스홀더|dummy|sample address|example address"
)


# File types that are no top-level domain (`.zip`, `.mov`, `.map` are, so they are left out): an
# address can only end in a top-level domain, and a name ending in one of these is a file's.
_FILE_TYPE_END = re.compile(
    r"(?i)\.(?:png|jpe?g|gif|webp|avif|svg|ico|bmp|tiff?|heic|js|mjs|cjs|ts|css|json|html?"
    r"|txt|pdf|csv|xml|ya?ml|mp4|webm|mp3|wav|woff2?|ttf|otf|eot|wasm|gz|tgz)$"
)


# A licence server's address is `port@host` (FlexLM, RLM, Sentinel: `27000@lic01`), in a line
# that says so or in a list of such addresses: a port, not a mailbox's name.
_LICENCE_WORD = re.compile(r"(?i)licen[cs]|lizenz|licencia|licença|flexlm|lmgrd|lmutil|\brlm\b|LM_")


def _port_at_host(m: re.Match[str]) -> bool:
    local = m.group(0).split("@")[0]
    if not (local.isdigit() and len(local) <= 5 and int(local) <= 65535):
        return False
    line_start = m.string.rfind("\n", 0, m.start()) + 1
    line_end = m.string.find("\n", m.end())
    line = m.string[line_start : len(m.string) if line_end < 0 else line_end]
    listed = re.search(r"[:;,]\d{1,5}@|(?<![\w.])\d{1,5}@[\w.-]+[:;,]\d", line)
    return bool(_LICENCE_WORD.search(line) or listed)


def _email_check(m: re.Match[str]) -> bool:
    # `git@github.com:org/repo` is an ssh address, not a person.
    if m.group(0).split("@")[0].lower() in {"git", "hg", "svn"}:
        return False
    domain = m.group(0).rsplit("@", 1)[1]
    if _port_at_host(m):
        return False  # `27000@lic01.corp`: a licence server's port and host
    if _FILE_TYPE_END.search(domain):
        return False  # `logo@2x.3b19c0.png`: a file's name (a scale suffix), no mail domain
    if _NEVER_RESOLVES.search(domain):
        return False  # `noreply@app.invalid`: an address that reaches no one
    if _EXAMPLE_DOMAIN.search(domain):
        line_start = m.string.rfind("\n", 0, m.start()) + 1
        if _PLACEHOLDER_WORD.search(m.string[max(line_start, m.start() - 80) : m.start()]):
            return False  # "the placeholder is `user@example.com`"
    # In `scheme://user:pass@host` the part after `@` is a host (url_credentials takes the rest).
    before = m.string[max(0, m.start() - 300) : m.start()].split()[-1:] or [""]
    scheme = before[0].rfind("://")
    return scheme < 0 or any(c in before[0][scheme + 3 :] for c in "/?=&")


_IPV4 = re.compile(r"(?:25[0-5]|2[0-4]\d|1?\d?\d)(?:\.(?:25[0-5]|2[0-4]\d|1?\d?\d)){3}")
# Digits grouped by thousands (`46 244 797`, `45.820.755`, `665 428 615`): a count or an amount.
# A phone number so grouped is written with its `+` country code, or named as one (`móvil 612
# 345 678`); a count never opens with 0 (`046 454 286` stays a candidate), and a hyphen joins a
# phone's groups, never a count's (`760-182-699`).
_THOUSANDS = re.compile(r"[1-9]\d{0,2}(?:([ .,\u00a0\u202f])\d{3})(?:\1\d{3})+")
# The same groups behind a 0 standing alone (`0 949 786 079`): a part's or a list's number. A
# plan that writes its trunk 0 alone groups the rest by area code (`0 20 7946 0958`).
_ZERO_THOUSANDS = re.compile(r"0([ .\u00a0\u202f])[1-9]\d{2}\1\d{3}\1\d{3}")
_HEX_GROUP = re.compile(r"[0-9A-Fa-f]*[A-Fa-f][0-9A-Fa-f]*")


# Words that name a number as an id of something (an order, an invoice, a build, a parcel): a
# number so named is that id, whatever shape it has. "No."/"Nr." are left out: they name phones.
_ID_NOUN = (
    r"order|orders|invoice|inv|po|ticket|ref|reference|tracking|shipment|parcel|awb|sku|ean|gtin"
    r"|upc|isbn|serial|lot|batch|build|txn|transaction|receipt|booking|confirmation|bestellung"
    r"|rechnung|auftrag|commande|facture|pedido|factura|encomenda|fatura|bestelling|factuur"
    r"|ordine|fattura|zamówienie|faktura|注文|請求書|bestellnummer|rechnungsnummer|auftragsnummer"
    r"|sendungsnummer|kundennummer|artikelnummer|ndc|asin|mpn"
    # A transport document's number (an air waybill's: three digits of the airline, eight of
    # the document; a bill of lading's; a consignment note's), in the same languages.
    r"|waybill|hawb|mawb|bill[ \t]+of[ \t]+lading|b/l|consignment|cmr|luftfrachtbrief"
    r"|frachtbrief|lettre[ \t]+de[ \t]+transport|conocimiento[ \t]+de[ \t]+embarque"
    r"|guia[ \t]+a[ée]rea"
    # Codes of things and places: a catalogue's or a part's number, a customs (HS) or chemical
    # (CAS) code, a bank's routing number, a cloud project's number, a postal code.
    r"|catalog|catalogue|katalog|article|artikel|part|model|pallet|sscc|hs|cas|routing|aba|rtn"
    r"|référence|referencia|referência|riferimento|referentie"
    r"|project|cep|plz|zip|postcode|postal[ \t]+code|code[ \t]+postal|c[óo]digo[ \t]+postal"
    # A company's registry or tax number (not a person's: DUNS, SIRET/SIREN, KvK, VAT, CNPJ,
    # ABN/ACN, GSTIN, a German commercial register's HRB/HRA).
    r"|duns|siret|siren|kvk|vat|cnpj|abn|acn|gstin|hrb|hra"
    # An account of a company's books: a general-ledger account, a cost centre, a budget line.
    r"|gl|g/l|ledger|general[ \t]+ledger|cost[ \t]+cent(?:er|re)|budget[ \t]+line|kostenstelle"
    r"|sachkonto|centro[ \t]+de[ \t]+costos?|centre[ \t]+de[ \t]+co[uû]ts?"
    # A device's own number: a serial (`S/N`), a handset's IMEI/MEID/ESN, a SIM's ICCID.
    r"|s/n|sn|imei|meid|esn|iccid|seriennummer|シリアル|製造番号|序列号|序列號|시리얼|일련"
    r"|серийн[а-я]*|заводск[а-я]*"
    # An order, a return (RMA) or a project's element in more languages.
    r"|rma|wbs|projekt|projet|proyecto|progetto|pesanan|đơn[ \t]+hàng|tilaus|ordre"
    # Ports and port ranges; a tracking or slip number in Japanese.
    r"|port|ports|port[ \t]+range|追跡番号|伝票番号|問い合わせ番号|お問い合わせ番号"
    r"|заказ[а-я]*|сч[её]т[а-я]*|накладн[а-я]*|посылк[а-я]*|الطلب|طلب|فاتورة|الفاتورة|شحنة|الشحنة"
    r"|ऑर्डर|चालान|订单|訂單|发票|發票|運単|주문|송장|sipariş|fatura|zamówienia|objednávk[a-y]"
    # A bank's own code (not an account's: a German BLZ, a UK sort code) and a goods code of the
    # customs tariffs (the EU's CN and TARIC, a commodity code), which name no one.
    r"|bank[ \t]+code|sort[ \t]+code|blz|bankleitzahl|taric|tariff|commodity[ \t]+code"
    # A company's tax and register numbers in Poland, and an importer's EORI.
    r"|nip|regon|krs|eori"
    # A parcel carrier named right before a number names its tracking number.
    r"|ups|fedex|dhl|usps|yamato|sagawa|la[ \t]+poste|colissimo|chronopost|royal[ \t]+mail"
    r"|dpd|gls|postnl|correos|purolator|aramex|ヤマト|佐川"
)
# Nouns that own ids and numbers of other kinds (a customer has a phone number): only with an
# id word after them (`customer id`, `account #`).
_OWNER_NOUN = r"customer|account|user|item|product|asset|case|request|job|run|pipeline|trace|span"
_ID_WORD = r"id|ids|no\.?|nr\.?|number|num|nummer|numéro|número|numero|#|code|label|tag|nº|n°|№"
_ID_WORD += r"|номер|رقم|番号|번호|号|संख्या"
_ID_WORD += r"|numarası|numara|č\.|číslo|nomor|numer|mã|số"
# "is" or "was" may stand between the name and the number (`the order id is 4111…`).
_ID_END = r"(?:[ \t]+(?:is|was))?[ \t]*[:#=]?[ \t]*[#]?$"
# The noun is whole in any Latin script (`sku` is not the end of `Gdańsku`).
_ID_OF_THING = re.compile(
    rf"(?i)(?<![A-Za-zÀ-ɏ])(?:{_ID_NOUN})(?![A-Za-zÀ-ɏ])\.?(?:[ \t]*(?:{_ID_WORD}))?{_ID_END}"
)
# The number word first, then the thing (`numero pratica`, `número de expediente`, `number of
# the batch`): that thing's number, unless the thing is a phone (`numéro de téléphone`) or
# someone who has one (`número del cliente`, `number of the office`).
_PHONE_THING = (
    r"tel|telefon|telefono|teléfono|téléphone|telefone|telefoon|phone|mobile|mobil|móvil|movil"
    r"|celular|cellulare|portable|handy|contact|contacto|contato|contatto|whatsapp|fax|cell"
    r"|telefonu|komórki|komórkowy|kontaktowy"
    r"|cliente|client|customer|kunde|kunden|klant|usuario|utente|user|utilisateur|gebruiker"
    r"|persona|person|pessoa|support|soporte|suporte|supporto|office|bureau|oficina|ufficio"
    r"|escritório|kantoor|büro|hotline|emergency|emergencia|emergência|urgence|notfall|doctor"
    r"|médico|medico|arzt|famille|family|familia|home|casa|maison|work|trabajo|travail"
)
_NUMBER_OF_THING = re.compile(
    r"(?i)(?<![A-Za-z])(?:numero|número|numéro|nummer|numer|číslo|number|n[º°])[ \t]+"
    r"(?:(?:de|do|da|del|della|di|du|van|of|the|la|le)[ \t]+){0,2}"
    # A common noun, lowercase: `numero di Marco` is Marco's phone.
    rf"(?!(?:{_PHONE_THING})(?![^\W\d_]))(?-i:[a-zß-ÿ])[^\W\d_]{{2,}}[ \t]*[:#]?[ \t]*$"
)
# Any other noun before "number", "no.", "#" names what the number is of (`claim number`,
# `policy no.`, `seal number`, `dossier n°`), unless it is a phone or a way to reach someone
# (`callback number`), a person or a word that stands for one, a personal or national id
# (`insurance no.`, `security number`), a card or a bank account, or a word that only
# qualifies the number (`new number`, `her number`). A possessive (`the plumber's number`) is
# a person's.
_PERSONS_NUMBER = (
    _PHONE_THING
    + r"|callback|call|calling|landline|pager|beeper|switchboard|reception|desk|voicemail"
    r"|helpline|extension|ext|toll|whatsapp|signal|telegram|viber|wechat|line|sms|text|direct"
    r"|cellular|dial|ring|reach|my|your|his|her|their|our|its|the|this|that|same|new|old"
    r"|correct|right|wrong|full|whole|real|actual|main|personal|private|other|another"
    r"|different|second|backup|alternate|alternative|primary|secondary|preferred|current"
    r"|previous|temporary|local|international|national|public|given|listed|following|above"
    r"|below|said|security|social|insurance|tax|passport|licence|license|driving|driver"
    r"|identity|identification|pin|health|medicare|medicaid|pension|voter|birth|citizen"
    r"|citizenship|resident|residence|aadhaar|ssn|patient|card|credit|debit|account|bank"
    r"|iban|routing|swift|bic"
    # When and which desk to call: an `after-hours number`, a `sales number` are phones.
    r"|hours|night|weekend|duty|standby|escalation|overnight|daytime|evening|urgent|sales"
    r"|service|helpdesk|front|courier|dispatch|dispatcher"
)
_ID_OF_NOUN = re.compile(
    rf"(?i)(?<![\w'’])(?!(?:{_PERSONS_NUMBER})(?![^\W\d_]))[^\W\d_]{{3,}}[ \t]+"
    rf"(?:number|no\.|nr\.?|#|n[º°]|num\.?){_ID_END}"
)
# A noun before "id" or "code", or joined to it by a hyphen (`MaLo-ID`, `Geräte-ID`), names what
# the number is the id or the code of (`hardware id`, `device ID`, `express service code`), with
# the same exceptions, and a caller's ID (the caller's
# phone number), a person's (`employee id`) and the codes that are parts of a phone number
# (`area code`, `country code`).
_ID_OR_CODE_OF_NOUN = re.compile(
    rf"(?i)(?<![\w'’])(?!(?:{_PERSONS_NUMBER}|caller|employee|staff|member|student|area|country"
    rf"|dialling|dialing|trunk|access|verification|confirmation|one-time|otp|login|sign-in|skype"
    rf"|facetime|imessage"
    # Two capitals name a code too (`CN code`, `HS code`: a customs tariff's).
    rf")(?![^\W\d_]))(?:[^\W\d_]{{3,}}|(?-i:[A-Z]{{2}}))(?:[ \t]+|-)(?:id|code){_ID_END}"
)
# An insurer's policy or claim, named by the noun alone (`zur Police 533.713.9183`).
_RECORD_NOUN = re.compile(
    r"(?i)(?<![A-Za-zÀ-ɏ])(?:policy|police|polizza|póliza|apólice|polis|polisa|sinistre"
    rf"|siniestro|sinistro)(?![A-Za-zÀ-ɏ])(?:[ \t]*(?:{_ID_WORD}))?{_ID_END}"
)
_ID_OR_CODE_END = re.compile(rf"(?i)(?:id|code){_ID_END}")
# What `_ID_OF_NOUN` ends with, looked for first (cheap): most numbers have no number word.
_NUMBER_WORD_END = re.compile(rf"(?i)(?:number|no\.|nr\.?|#|n[º°]|num\.?){_ID_END}")
_ID_OF_OWNER = re.compile(rf"(?i)(?<![A-Za-z])(?:{_OWNER_NOUN})[ \t]*(?:{_ID_WORD}){_ID_END}")
# An account named right before a number, in the languages a team writes in, also with where
# it is held (`La cuenta 730-…`, `アカウント 271-…`, `Account number at carrier: …`): the number
# is the account's, which no one is reached at.
_ACCOUNT_NAMED = re.compile(
    r"(?i)(?<![^\W\d_])(?:account|cuenta|compte|konto|conta|conto|rekening|アカウント|账户|帳戶"
    rf"|계정|аккаунт)(?:[ \t]+(?:{_ID_WORD}))?"
    r"(?:[ \t]+(?:at|with|for|on|bei|chez|en|de|con)[ \t]+[^\W\d_]+[ \t]*:)?[ \t]*[:#=]?[ \t]*$"
)
_PHONE_ACCOUNT = re.compile(
    r"(?i)(?:whatsapp|signal|telegram|viber|wechat|skype|line|phone|mobile|cell|sim|prepaid"
    r"|móvil|telefon\w*|handy|portable)[ \t]*(?:'s)?[ \t]*$"
)
_CARD_WORDS = re.compile(
    r"(?i)card|visa|master|amex|discover|credit|debit|\bcc\b|karte|carte|tarjeta|cartão|carta"
    # The card's name in Danish, Norwegian, Swedish, Finnish, Dutch, Polish, Czech, Indonesian,
    # Turkish and Russian (`kortnummer`, `kaartnummer`, `numer karty`, `номер карты`).
    r"|\bkort|kaart|karta|karty|kartu|\bkart\b|kartı|карт"
)


# "ID" as a word, then a few words and a colon: `Zoom meeting ID for the all-hands: 814 …`. A
# caller ID is the caller's phone number, so it is left out.
_ID_LABEL = re.compile(
    r"(?<![A-Za-z])(?<!caller )(?<!Caller )(?:ID|Id)(?![A-Za-z])[^\n:=.]{0,30}:[ \t]*$"
)


# A compound of a noun and "-nummer"/"-nr." (German, Dutch, the Nordic languages) or "-numero"
# (Finnish) names that noun's number (`Artikelnr.`, `Bestellnr`, `ordernummer`, `tilausnumero`),
# unless a word for a phone is in it (`Telefonnummer`, `Handynr.`, `Rückrufnummer`,
# `puhelinnumero`).
_ID_COMPOUND = re.compile(
    r"(?i)(?<![A-Za-zäöüß])(?![a-zäöüß]*(?:telefon|tel|handy|mobil|ruf|fax|kontakt|durchwahl"
    r"|puhelin))[a-zäöüß]{3,}-?(?:nummer|numero|nr\.?)[ \t]*[:#]?[ \t]*$"
)


def named_as_id(text: str, start: int, *, owners: bool = True) -> bool:
    """True when the words just before `start` name the number there as an id (`order 4…`,
    `Invoice #…`, `tracking number: …`, `meeting ID for …:`, `Artikelnr.`, in several
    languages; with `owners`, also `customer id …`)."""
    # A code span or a quote opened around the number does not change what names it
    # (`project number `3630…``, `"order": "…"`).
    before = _OPENING_QUOTE.sub("", text[max(0, start - 40) : start])
    # A comma right before the number parts a CSV row's cells: the cell before is its name
    # (`Reader Serial Number:,4442179`).
    before = before[:-1] if before.endswith(",") else before
    if _ID_OF_THING.search(before) or _ID_LABEL.search(before) or _ID_COMPOUND.search(before):
        return True
    noun = (
        _NUMBER_WORD_END.search(before) is not None
        and _ID_OF_NOUN.search(before)
        or _RECORD_NOUN.search(before)
    )
    if (noun or _NUMBER_OF_THING.search(before)) and text[start : start + 1] != "+":
        return True  # a number with its `+` country code is a phone whatever names it here
    if _ID_OR_CODE_END.search(before) and _ID_OR_CODE_OF_NOUN.search(before):
        return text[start : start + 1] != "+"
    if owners and _ID_OF_OWNER.search(before) is not None:
        return True
    if owners and (account := _ACCOUNT_NAMED.search(before)) and text[start : start + 1] != "+":
        # A messenger's or a phone line's account is a phone number (`WhatsApp account 06…`).
        return _PHONE_ACCOUNT.search(before[: account.start()]) is None
    header = column_header(text, start)
    return header is not None and named_as_id(header + " ", len(header) + 1, owners=owners)


_OPENING_QUOTE = re.compile(r"[`'\"“‘]$")
_RULE_LINE = re.compile(r"[\s|+:=-]*-[\s|+:=-]*")


def column_header(text: str, start: int) -> str | None:
    """The header of the table column `start` stands in, read as words (`order_id` is "order
    id"): the top line of the block of lines cut into as many cells as this one by `|` (a `psql`
    result, a Markdown table), by tabs (TSV) or by commas or semicolons (CSV); or, in a table
    aligned with spaces (a data frame), the header word above the value. None outside a table."""
    line_start = text.rfind("\n", 0, start) + 1
    line_end = text.find("\n", start)
    line = text[line_start : len(text) if line_end < 0 else line_end]
    # `;` is CSV too where the comma is the decimal mark (a spreadsheet's export in Europe).
    for sep, least in (("|", 1), ("\t", 1), (",", 2), (";", 2)):
        cuts = line.count(sep)
        if cuts < least:
            continue
        header = None
        pos = line_start
        for _ in range(200):
            if pos <= 0:
                break
            prev = text.rfind("\n", 0, pos - 1) + 1
            above = text[prev : pos - 1]
            pos = prev
            if sep == "|" and _RULE_LINE.fullmatch(above):
                continue  # `---+---`, `|---|:--:|`: the rule under a header
            if above.count(sep) != cuts:
                break
            header = above
        if header is not None:
            cells = header.split(sep)
            column = text.count(sep, line_start, start)
            return _header_words(cells[column] if column < len(cells) else "")
    return _aligned_header(text, line_start, start)


def _header_words(cell: str) -> str | None:
    # A field name's last `no` or `nr` is its number (`policy_no`, `claim_nr`).
    cell = re.sub(r"(?i)(?<=[a-z])[_.](?:no|nr)$", " number", cell.strip().strip("\"'`"))
    return re.sub(r"[_.]+", " ", cell) if re.fullmatch(r"[^\W\d][\w .#-]*", cell) else None


_COLUMN_BREAK = re.compile(r"\S(?: {2,})\S")


def _aligned_header(text: str, line_start: int, start: int) -> str | None:
    """In a table aligned with spaces (two or more between columns, on the value's line and on
    the header's), the header word whose columns overlap the value's."""
    end = start
    while end < len(text) and not text[end].isspace():
        end += 1
    line_end = text.find("\n", start)
    if not _COLUMN_BREAK.search(text[line_start : len(text) if line_end < 0 else line_end]):
        return None
    pos, header = line_start, None
    for _ in range(200):
        if pos <= 0:
            break
        prev = text.rfind("\n", 0, pos - 1) + 1
        above = text[prev : pos - 1]
        pos = prev
        if not above.strip() or not _COLUMN_BREAK.search(above):
            break
        header = (prev, above)
    if header is None:
        return None
    prev, above = header
    left, right = start - line_start, end - line_start
    for word in re.finditer(r"\S+", above):
        if word.start() < right and left < word.end():
            return _header_words(word.group(0))
    return None


# The request of an access-log line (`"GET /x HTTP/1.1"`) is followed by a status and a size.
_AFTER_REQUEST = re.compile(r"HTTP/\d(?:\.\d)?\"?[ \t]*$")
# A country code, two check digits and groups of four: the IBAN rule judges those digits (by
# mod-97), and an IBAN with wrong check digits is a test fixture, not a phone number.
_IBAN_HEAD = re.compile(r"(?<![A-Za-z0-9])[A-Z]{2}\d{2}(?: ?[A-Z0-9]{4})+ ?$")


# A cell of a table of figures: digits with the separators amounts are written with, an optional
# currency sign or unit, nothing else.
_FIGURE_CELL = re.compile(r"[-+]?[$€£¥]?[ \t]*\d[\d,. \u00a0\u202f']*(?:%|[ \t]?[A-Za-z]{1,3})?")


def in_figures_row(text: str, start: int, end: int) -> bool:
    """True when `text[start:end]` is a cell of a table row (`| … |`) whose other cells are
    mostly figures too: a row of amounts and counts, where a phone number would stand beside
    a name. Three other figure cells, and more figures than words."""
    line_start = text.rfind("\n", 0, start) + 1
    line_end = text.find("\n", end)
    line = text[line_start : len(text) if line_end < 0 else line_end]
    if line.count("|") < 3:
        return False
    cells = [c.strip() for c in line.strip().strip("|").split("|")]
    value = text[start:end].strip()
    own = [c for c in cells if value in c]
    if not own or not _FIGURE_CELL.fullmatch(own[0]):
        return False  # the number shares its cell with words ("call +1 …")
    others = [c for c in cells if c and c is not own[0]]
    figures = sum(bool(_FIGURE_CELL.fullmatch(c)) for c in others)
    return figures >= 3 and figures > len(others) - figures


def phone_layout_ok(text: str, start: int, end: int) -> bool:
    """Could the digits at `text[start:end]` be laid out as a phone number?

    Whatever `phonenumbers` says about the digits, the way they are written can rule a number
    out: a dotted quad is an IPv4 address; a gap of two spaces or a tab is a column break in a
    listing; a single digit stands alone only as a trunk or country code, at the front (`6 9 12
    15`, `130.0.2091.95` are lists and versions); thousands groups are a count unless the text
    calls it a number; and equal groups next to hex groups are part of a fingerprint."""
    value = text[start:end].strip()
    if _IPV4.fullmatch(without_address_suffix(value)) or re.search(r"  |\t", value):
        return False  # an IPv4 address, also with its prefix length or port; a column break
    if named_as_id(text, start):
        return False
    if longer_than_a_phone(text, start, end):
        return False  # a group of a longer number (an MPAN, an SSCC): no phone has > 15 digits
    if not_an_ssn_in_its_layout(value):
        return False  # `666-12-3456`: an SSN's layout, never a phone's, and no SSN
    before = text[max(0, start - 40) : start]
    if quantity_with_unit(text, end, start) or in_hex_dump_row(text, start):
        return False  # `665 428 615 B`: a quantity; a row of a hex dump is bytes
    if quantity_named_before(before, PHONE_CONTEXT):
        return False  # `downloads last month: 665 428 615`: a count
    if not lone_lead_ok(value) and not _PHONE_HEAD_BEFORE.search(before):
        return False  # `6-1881830945`: one digit opens a phone only as a trunk prefix
    thousands = _THOUSANDS.fullmatch(value) or _ZERO_THOUSANDS.fullmatch(value)
    if thousands and not phone_label(text, start):
        return False
    if "|" in text and in_figures_row(text, start, end):
        return False  # a figure in a table of figures (`| 652 | 558 923 393 912 |`)
    header = column_header(text, start)
    if in_id_column(text, start, end) and not PHONE_CONTEXT.search(header or ""):
        return False  # one of a column of same-shaped ids (`id_columns`)
    if names_test_values(header):
        return False  # a column of test or example values (`public_forms`)
    if _AFTER_REQUEST.search(before) or _IBAN_HEAD.search(before):
        return False  # a status and a size in an access log; the tail of an IBAN-shaped string
    if value.startswith("(") and ")" not in value[:6]:
        return False  # `(3068604,'OSA-381',…)`: a row of a tuple; an area code's bracket closes
    groups = re.findall(r"\+?\d+", value.replace("(0)", ""))  # `+33 (0)6 …`: a trunk 0 kept
    for i, group in enumerate(groups):
        if len(group) == 1 and i > 0 and not (i == 1 and groups[0].startswith("+")):
            return False
    widths = {len(g) for g in groups}
    if len(widths) == 1:
        width = widths.pop()
        # A neighbour group is a whole token of that width: `ab` of `about` is no hex group.
        left, right = text[max(0, start - width - 2) : start], text[end : end + width + 2]
        for side in (left.strip(), right.strip()):
            if len(side) == width and _HEX_GROUP.fullmatch(side):
                return False
    return True


# A `+` country code right before a number's first group (`+33 ` before `6 94 …`).
_PHONE_HEAD_BEFORE = re.compile(r"\+\d{1,3}[ .-]?$")


def placeholder_number(value: str) -> bool:
    """True for `+1 (555) 555-5555`, `000-000-0000`: past a country code, two different digits
    at most. A form's placeholder, not anyone's number."""
    digits = re.sub(r"\D", "", re.sub(r"^\s*\+\d{1,3}[ .-]", "", value))
    return len(digits) >= 7 and len(set(digits)) <= 2


def _phone_check(m: re.Match[str]) -> bool:
    text = m.group(0)
    if not phone_layout_ok(m.string, m.start(), m.end()) or placeholder_number(text):
        return False
    try:
        num = phonenumbers.parse(text, "US")
    except phonenumbers.NumberParseException:
        return False
    if phonenumbers.is_valid_number(num):
        # Grouped otherwise than the plan groups it, a number is a code's unless called a phone.
        labeled = text.startswith("+") or phone_label(m.string, m.start())
        return labeled or grouped_as_its_plan(text, ("US",))
    # An unassigned area code is still someone's number when the message calls it one.
    before = m.string[max(0, m.start() - 40) : m.start()]
    return phonenumbers.is_possible_number(num) and PHONE_CONTEXT.search(before) is not None


# How a card number is printed: in one run, in groups of four (the last may be shorter on a
# 19-digit card), as Amex and Diners print theirs (4-6-5, 4-6-4) or in two halves. Digits
# grouped any other way are several numbers side by side, however well their sum checks,
# unless the text calls them a card.
_CARD_GROUPS = re.compile(r"\d+|\d{4}(?: \d{4}){2,3}(?: \d{1,4})?|\d{4} \d{6} \d{4,5}|\d{8} \d{8}")


def _card_check(m: re.Match[str]) -> bool:
    gaps = re.findall(r"\D+", m.group(0))
    if any(g in (".", "  ") for g in gaps):
        # Dots and double spaces join a card's groups only when the whole number is written so,
        # in groups of three digits or more (`4111.1111.1111.1111`); otherwise they join columns
        # of a listing or the parts of a version.
        if len(set(gaps)) > 1 or min(len(g) for g in re.findall(r"\d+", m.group(0))) < 3:
            return False
    if not _CARD_GROUPS.fullmatch(" ".join(re.findall(r"\d+", m.group(0)))):
        # Columns of a table (`64778  62532862`), a TTL and a timestamp; unless the text calls
        # it a card, however it was typed (`cc: 453 9148 8034 3646 7`).
        if not _CARD_WORDS.search(m.string[max(0, m.start() - 40) : m.start()]):
            return False
    if named_as_id(m.string, m.start(), owners=False):
        # One order or tracking number in ten passes Luhn; a card is called a card. An
        # "account number" may well be the card's, so only the names of things count here.
        before = m.string[max(0, m.start() - 60) : m.start()]
        if not _CARD_WORDS.search(before):
            return False
    if test_card(m.string, m.start(), m.end()) or in_hex_dump_row(m.string, m.start()):
        return False  # a network's published test number; bytes of a hex dump
    digits = re.sub(r"\D", "", m.group(0))
    # A number of the wrong length for its network's prefix is no card (`public_forms`).
    return luhn_ok(digits) and card_length_ok(digits)


def _iban_check(m: re.Match[str]) -> bool:
    # An IBAN named a test or an example one (`example IBAN DE89 3704 …`) is a published one,
    # and so is a standard's own example wherever it stands (`published_ibans`).
    value = m.group(0)
    return (
        iban_ok(value) and not published_iban(value) and not named_test_number(m.string, m.start())
    )


def cpf_ok(digits: str) -> bool:
    """A Brazilian CPF's two check digits (mod 11 over the nine before, then the ten before)
    hold, and its digits are not one repeated (`111.111.111-11` passes the sums, names no one)."""
    if len(digits) != 11 or len(set(digits)) == 1:
        return False
    for n in (9, 10):
        total = sum(int(d) * (n + 1 - i) for i, d in enumerate(digits[:n]))
        if total * 10 % 11 % 10 != int(digits[n]):
            return False
    return True


def _cpf_check(m: re.Match[str]) -> bool:
    # A CPF is printed `123.456.789-09`; one whose check digits fail is a test's input, and a
    # column of test values or a number named a test one holds stand-ins (`public_forms`).
    digits = re.sub(r"\D", "", m.group(0))
    if names_test_values(column_header(m.string, m.start())):
        return False
    return cpf_ok(digits) and not patterned(digits) and not named_test_number(m.string, m.start())


def _curl_user(m: re.Match[str]) -> tuple[int, int] | None:
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
_QUOTED_OR_BARE = (
    r"(?:(?P<q>[\"'`])(?P<s>[^\"'`\n]{1,500})(?P=q)"
    r"|(?P<s2>(?:[^\s\"'`<>|,;)\]}\\]|\\(?![nr])){1,500}))"
)

# A value named by the field beside it: `{"name": "DB_PASSWORD", "value": "…"}` (a Kubernetes
# `env` entry, in JSON or YAML), `<add key="AdminPassword" value="…"/>` (.NET appSettings),
# `ParameterKey`/`ParameterValue` (CloudFormation), `<param name="db.password">…</param>`. The
# field holding the name is not a secret's name itself; the name it holds is.
_NAME_FIELD = r"(?:name|key|parameter_?key|param(?:eter)?_?name|var(?:iable)?(?:_?name)?)"
_VALUE_FIELD = r"(?:value|parameter_?value|param(?:eter)?_?value|val)"
_SIBLING_VALUE = _rx(
    rf"(?i)(?<![\w-])[\"']?{_NAME_FIELD}[\"']?[ \t]*[:=][ \t]*(?P<nq>[\"'])?"
    r"(?P<name>[A-Za-z_][\w.-]{1,80})(?(nq)[\"'])[ \t]*[,;]?\s*?(?:\n[ \t]*-?[ \t]*)?"
    rf"[\"']?{_VALUE_FIELD}[\"']?[ \t]*[:=][ \t]*"
    r"(?:(?P<q>[\"'])(?P<s>[^\"'\n]{4,500})(?P=q)|(?P<s2>[^\s\"'<>,;}\]]{4,500}))"
)
_NAMED_ELEMENT = _rx(
    r"<(?P<tag>[A-Za-z][\w.:-]*)[^<>]*?\b(?i:name|key)=[\"'](?P<name>[A-Za-z_][\w.-]{1,80})[\"']"
    r"[^<>]*>[ \t]*(?P<s>[^<\s]{4,500})[ \t]*</(?P=tag)>"
)


def _sibling_check(m: re.Match[str]) -> bool:
    name = m.group("name")
    leaf = name.rstrip(".").rsplit(".", 1)[-1] if "." in name.strip(".") else name
    if leaf.lower() in _QUALIFIER_LEAVES or re.search(r"\d", leaf):
        leaf = name
    if name_strength(leaf) != 2:
        return False
    groups = m.groupdict()
    value = groups.get("s") or groups.get("s2") or ""
    quoted = groups.get("q") is not None
    if enveloped(value) or FILE_REF.fullmatch(value) or _SENTENCE.fullmatch(value):
        return False
    if not quoted and (value[:1] in "[(<{$%" or names_code(value)):
        return False  # `value: {{ .Values.db.password }}`, `$(DB_PASSWORD)`: a slot or code
    return plausible_secret(value, quoted=quoted)


def _sibling_span(m: re.Match[str]) -> tuple[int, int] | None:
    group = "s" if m.group("s") is not None else "s2"
    return m.start(group), m.end(group)


_PEM_ARMOUR = re.compile(r"-----(?:BEGIN|END)[ A-Z0-9]*-----")
_PEM_LINE = re.compile(r"[A-Za-z0-9+/=]{16,}")

RULES: tuple[Rule, ...] = (
    Rule(
        "private_key",
        _rx(
            r"-----BEGIN[ A-Z0-9]*PRIVATE KEY(?: BLOCK)?-----"
            r"(?:.*?-----END[ A-Z0-9]*PRIVATE KEY(?: BLOCK)?-----|(?:[A-Za-z0-9+/=:\s-]|\\n)*)",
            re.DOTALL,
        ),
        1.0,
        # `-----BEGIN PRIVATE KEY-----\n...\n-----END…` in docs is a slot, not a key: a key's
        # body is lines of base64, and `(contents of id_ed25519)` or `{{ .Values.tls.key }}` is
        # words.
        lambda m: sum(map(len, _PEM_LINE.findall(_PEM_ARMOUR.sub("", m.group(0))))) >= 60,
    ),
    Rule(
        "slack_webhook",
        _rx(r"hooks\.slack\.com/(?:services|workflows|triggers)/(?P<s>[\w/+-]{16,})"),
        1.0,
        real("s"),
    ),
    Rule(
        "gitlab_token",
        _rx(_B + r"gl(?:pat|dt|rt|ptt|cbt|imt|soat|ft|agent)-(?P<b>[A-Za-z0-9_-]{20,})" + _E),
        0.95,
        real("b"),
    ),
    Rule(
        "telegram_bot_token",
        _rx(r"(?:(?<=/bot)|(?<![\w-]))\d{8,10}:AA[A-Za-z0-9_-]{30,}(?![\w-])"),
        0.95,
    ),
    Rule(
        "slack_token",
        _rx(
            _B + r"(?:xox[baprseo]|xapp|xoxe\.xox[bp])-(?:\d{1,2}-)?(?P<b>[A-Za-z0-9-]{6,})" + _E,
            re.IGNORECASE,
        ),
        0.95,
        _body,
    ),
    Rule("github_token", _rx(_B + r"gh[pousr]_(?P<b>[A-Za-z0-9]{30,255})" + _E), 0.95, _body),
    Rule("github_token", _rx(_B + r"github_pat_(?P<b>[A-Za-z0-9_]{22,255})" + _E), 0.95, _body),
    Rule(
        "anthropic_key", _rx(_B + r"sk-ant-(?P<b>[a-z]+\d*-[A-Za-z0-9_-]{16,})" + _E), 0.97, _body
    ),
    Rule(
        "openai_key",
        _rx(_B + r"sk-(?P<b>(?:proj-|svcacct-|admin-|None-)?[A-Za-z0-9_-]{16,})" + _E),
        0.9,
        _body,
    ),
    Rule(
        "aws_access_key_id",
        _rx(_B + r"(?:AKIA|ASIA|ABIA|ACCA|A3T[A-Z0-9])(?P<b>[A-Z2-7]{16})" + _E),
        0.95,
        # The base32 body may well have no digit, so only placeholders are ruled out.
        real("b"),
    ),
    Rule(
        "aws_secret_key",
        _rx(
            r"(?i:aws)[\w.-]{0,20}?(?i:secret|sak)[\w.-]{0,20}[\"']?[ \t]*(?:=>|:=|=|:)[ \t]*[\"']?"
            r"(?P<s>[A-Za-z0-9/+]{40})(?![A-Za-z0-9/+=])"
        ),
        0.95,
        real("s"),  # AWS's documentation key ends in `EXAMPLEKEY`
    ),
    Rule("google_api_key", _rx(_B + r"AIza(?P<b>[0-9A-Za-z_-]{35})" + _E), 0.95, _body),
    # SendGrid's API keys: `SG.`, a 22-character key id, a dot, a 43-character secret.
    Rule(
        "sendgrid_key",
        _rx(_B + r"SG\.(?P<b>[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43})" + _E),
        0.95,
        _body,
    ),
    Rule(
        "stripe_key",
        # `pk_live_…` is the publishable key, made to be shipped in web pages; `sk_`/`rk_` open
        # the account and `whsec_` signs its webhooks.
        _rx(_B + r"(?:sk|rk|whsec)_(?:live|test)_(?P<b>[A-Za-z0-9]{10,255})" + _E),
        0.95,
        _body,
    ),
    Rule(
        "jwt",
        _rx(_B + r"eyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}(?:\.[A-Za-z0-9_-]*)?" + _E),
        0.95,
    ),
    Rule(
        "url_credentials",
        _rx(
            r"\b[a-zA-Z][a-zA-Z0-9+.-]{1,20}://(?P<u>[^\s:/?#@<>|\"']{1,100}):"
            # Greedy up to the last `@` of the authority: passwords may contain `@`.
            r"(?P<s>[^\s/?<>|\"']{1,200})@"
        ),
        0.9,
        _url_cred_check,
        # The userinfo is redacted whole: the user and the password are one credential pair, and
        # the user of a service account (`svc_refunds`, `wms_export`) is half of what opens it.
        lambda m: (m.start("u"), m.end("s")),
    ),
    Rule(
        "auth_header",
        _rx(
            r"(?i:\b(?:proxy-)?authorization)[\"']?[ \t]*[:=][ \t]*[\"']?[ \t]*"
            r"(?:(?i:bearer|basic|token|api-token|apikey|key|sso-key|otp|digest|negotiate|jwt)"
            r"[ \t]+)?"
            r"(?P<s>[^\s\"'<>,;]{1,2000})"
        ),
        0.85,
        _auth_check,
    ),
    Rule(
        "auth_header",
        _rx(r"\b(?i:bearer)[ \t]+(?P<s>[A-Za-z0-9._~+/=-]{12,2000})"),
        0.8,
        _bearer_check,
    ),
    Rule(
        "secret_assignment",
        # A word glued to a tokenizer's piece mark is a vocabulary entry, its value the piece's
        # id: SentencePiece writes a word's start as `▁` (`"▁Password": 115708`), WordPiece a
        # word's continuation as `##` (byte-level BPE's `Ġ` is a letter, so `\w` covers it).
        _rx(r"(?<![\w$@.\u2581-])(?<!\$\{)(?<!##)" + _ASSIGN_NAME + _ASSIGN_OP + _QUOTED_OR_BARE),
        0.6,
        _assign_check,
    ),
    Rule(
        "secret_assignment",
        _rx(r"<(?P<name>[A-Za-z_][\w.-]*)>\s*(?P<s>[^<\s]{6,500})\s*</(?P=name)>"),
        0.6,
        # Text between tags is delimited as a quoted value is (`<password>…</password>`).
        lambda m: (
            name_strength(m.group("name")) == 2 and plausible_secret(m.group("s"), quoted=True)
        ),
    ),
    Rule("secret_assignment", _SIBLING_VALUE, 0.6, _sibling_check, _sibling_span),
    Rule("secret_assignment", _NAMED_ELEMENT, 0.6, _sibling_check),
    Rule(
        "curl_credentials",
        _rx(
            r"\bcurl\b(?:[^\n]|\\\n)*?\s(?:-u|--user)(?:[ \t]+|=)"
            r"(?P<w>(?:\"[^\"\n]*\"|'[^'\n]*'|[^\s\"'])+)"
        ),
        0.9,
        locate=_curl_user,
    ),
    Rule(
        "email",
        _rx(
            # An apostrophe may stand inside a local part (`o'neil@…`), between two letters.
            r"(?<![\w.%+@-])[A-Za-z0-9](?:[A-Za-z0-9._%+-]|'(?=[A-Za-z])){0,63}@"
            r"[A-Za-z0-9](?:[A-Za-z0-9-]{0,62}\.)+"
            r"[A-Za-z]{2,24}(?![\w-])"
        ),
        0.8,
        _email_check,
    ),
    Rule(
        "phone",
        _rx(
            rf"(?<![.+/-])(?<!{SPACED_WORD})(?:\+\d{{1,3}}[ .-]?|1[ .-])?"
            r"(?:\(\d{1,4}\)[ .-]?|\d{1,4}[ .-])\d{3,4}[ .-]\d{3,5}"
            rf"(?!{SPACED_WORD}|-|\.\d)|(?<![.+/-])(?<!{SPACED_WORD})\+\d{{8,15}}"
            rf"(?!{SPACED_WORD}|-|\.\d)"
        ),
        0.7,
        _phone_check,
    ),
    # Card networks (Visa, Mastercard, Amex, Discover…) start with 2-6, unlike 1700000000000100.
    Rule(
        "credit_card",
        # Digits glued to a path (`doi:10.1145/3983076.3079170`) are a part of that path.
        _rx(
            rf"(?<![./-])(?<!{SPACED_WORD})[2-6](?:(?:[ .-]| {{2}})?\d){{12,18}}"
            rf"(?!{SPACED_WORD}|-|\.\d)"
        ),
        0.85,
        _card_check,
    ),
    Rule(
        "iban",
        _rx(
            r"(?<![A-Za-z0-9])[A-Z]{2}\d{2}(?: ?[A-Z0-9]{4}){2,7}(?: ?[A-Z0-9]{1,4})?"
            r"(?![A-Za-z0-9])"
        ),
        0.85,
        _iban_check,
    ),
    # A Brazilian CPF (a person's tax number) in its printed layout; its check digits decide.
    Rule(
        "national_id",
        _rx(r"(?<![\w.-])\d{3}\.\d{3}\.\d{3}-\d{2}(?![\w-]|\.\d)"),
        0.85,
        _cpf_check,
    ),
)


def _secret_span(m: re.Match[str]) -> tuple[int, int]:
    for group in ("s", "s2"):
        if group in m.re.groupindex and m.group(group) is not None:
            return m.span(group)
    return m.span()


class _AssignMatch:
    """Presents the bare-value branch of an assignment as group `s` to `_assign_check`."""

    def __init__(self, m: re.Match[str]) -> None:
        self._m = m

    def group(self, name: str) -> Any:
        if name == "call":
            # A call or a subscript (`config['oauth']['client_secret']`): code, not a value.
            if self._m.group("s2") is None:
                return False
            value = self._m.string[self._m.start("s2") : self._m.start("s2") + 200]
            # Ruby's and Elixir's `!`/`?` end a method's name (`System.fetch_env!("KEY")`).
            return re.match(r"[A-Za-z_][\w.]*[!?]?(?:\(|\[[\"'\w])", value) is not None
        if name == "s" and self._m.group("s") is None:
            return _strip_trailing(self._m.group("s2"))
        return self._m.group(name)

    def __getattr__(self, attr: str) -> Any:
        return getattr(self._m, attr)  # `string`, `start`, `end`: those of the match


def _strip_trailing(value: str) -> str:
    # A sentence ending right after a bare value ("…token is abc123.") is not part of it, nor is
    # the backslash of an escaped closing quote (`token=abc123\"`): redacting it breaks the JSON.
    if value.endswith(("...", "…")):
        return value  # `sk_live_...`: an ellipsis marks a slot, `is_placeholder` sees it
    return value.rstrip(".:!?").removesuffix("\\")


# Kinds about a person, which no word about keys makes public.
# Kinds about a person, which no word about keys makes public, and a private key's armour,
# which says what it is whatever the words around it call it.
_PERSONAL_KINDS = frozenset({"email", "phone", "credit_card", "iban", "private_key"})
# The text calls the key right after it public: the half of a pair made to be published, or a
# key made to be shipped in web pages (`reCAPTCHA site key`, `publishable key`, `search-only
# API key`, `public token`). "in the public bundle", "a public repo" say where a key was
# leaked, not what it is, and do not count.
# "not the public key" says the opposite, and a word naming another key or secret after the
# phrase starts a new subject ("the public key is fine but the token: …").
_PUBLIC_WORD = (
    r"(?:public|publique|[öo]ffentlich(?:e[rns]?)?|p[úu]blic[oa]|pubblic[oa]|publiek|publiczny"
    r"|публичн\w*|公開|公开|공개)"
)
_KEY_WORD = (
    r"(?:key|token|[\w-]*schl[üu]ssel|cl[ée]|clave|chave|chiave|sleutel|klucz|ключ|キー|密钥|키)s?"
)
# Words for what kind of key stands between "public" and "key": "public docs test key",
# "public API key", "public anon key". A place ("a public repo key") is not among them.
_KEY_KIND = (
    r"(?:api|docs?|documentation|test|example|sample|demo|site|search|web|client|anon|browser"
    r"|frontend|sdk|signing|verification|encryption|ssh|gpg|pgp|host|deploy|vapid|recaptcha)"
)
_PUBLIC_PHRASE = (
    r"(?i)(?<![\w-])(?<!not )(?<!not the )(?<!not a )(?<!nicht )(?<!no )"
    rf"(?:publishable(?:[ -]{_KEY_WORD})?|{_PUBLIC_WORD}(?:[ -]{_KEY_KIND}){{0,3}}[ -]{_KEY_WORD}"
    rf"|site[ -]key|search[ -]only(?:[ -][a-z]+)?[ -]key"
    rf"|{_KEY_WORD}[ \t]*\([^()\n]{{0,20}}?(?<![\w-])(?<!not )(?<!not the )(?<!not a )(?<!nicht )"
    rf"{_PUBLIC_WORD}(?!\w))"
)
_NAMED_PUBLIC = re.compile(
    _PUBLIC_PHRASE + r"(?:(?!key|token|secret|passw|but\b)(?:[^\n.;!?]|[.!?](?=\S))){0,40}$"
)
# The line introducing a block names nothing else secret after the phrase ("our public API key
# and the secret:" introduces both).
_INTRO_PUBLIC = re.compile(_PUBLIC_PHRASE + r"(?:(?!key|token|secret|passw|but\b)[^\n]){0,160}$")


def named_public(text: str, start: int) -> bool:
    """True when the words just before `start`, on its line, call the value a public key; or,
    for a value inside a fenced code block, the line that introduces the block (ending in a
    colon) does: "Stripe's public docs test key, in every example:" then the block."""
    line_start = text.rfind("\n", 0, start) + 1
    if _NAMED_PUBLIC.search(text[max(line_start, start - 90) : start]):
        return True
    if text.count("```", 0, start) % 2 == 0:
        return False  # not inside a fenced block
    fence = text.rfind("```", 0, start)
    intro = text[:fence].rstrip().rsplit("\n", 1)[-1]
    return intro.endswith(":") and _INTRO_PUBLIC.search(intro) is not None


def find(text: str, rules: Sequence[Rule] = RULES) -> Iterable[tuple[str, int, int, float]]:
    """Yield `(kind, start, end, score)` for every rule hit in `text` that passes its check."""
    for rule in rules:
        if rule.needs is not None and rule.needs.search(text) is None:
            continue  # no match can exist (a street address has a house number)
        pos = 0
        while (m := rule.pattern.search(text, pos)) is not None:
            # A rejected match may hide a real one inside it (`config: `token: abc``), so
            # resume just after its start rather than after its end.
            pos = m.start() + 1
            probe: Any = _AssignMatch(m) if "s2" in rule.pattern.groupindex else m
            if rule.check is not None and not rule.check(probe):
                continue
            pos = max(pos, m.end())
            if rule.locate is not None:
                located = rule.locate(m)
                if located is None:
                    continue
                start, end = located
            else:
                start, end = _secret_span(m)
                if m.re.groupindex.get("s2") and m.group("s") is None:
                    end = start + len(_strip_trailing(m.group("s2")))
            if rule.kind not in _PERSONAL_KINDS and named_public(text, start):
                continue  # `reCAPTCHA site key: 6Lc…`: the text calls the key public
            if end > start:
                yield rule.kind, start, end, rule.score


class RuleRecognizer(LocalRecognizer):
    """A presidio recognizer that runs `RULES` (regex + filters) over the text."""

    def __init__(self, rules: Sequence[Rule] = RULES) -> None:
        self._rules = tuple(rules)
        kinds = sorted({r.kind for r in self._rules})
        super().__init__(supported_entities=kinds, name="SeshatRules", supported_language="en")

    def load(self) -> None:
        """Nothing to load: the rules are compiled at import."""

    def analyze(
        self, text: str, entities: list[str], nlp_artifacts: Any = None
    ) -> list[RecognizerResult]:
        """Return one presidio result per rule hit whose kind was asked for."""
        del nlp_artifacts  # the rules need no NLP: the engine is presidio's NoOpNlpEngine
        wanted = set(entities) if entities else None
        meta = {
            RecognizerResult.RECOGNIZER_NAME_KEY: "SeshatRules",
            RecognizerResult.RECOGNIZER_IDENTIFIER_KEY: self.id,
        }
        rules = [r for r in self._rules if wanted is None or r.kind in wanted]
        return [
            RecognizerResult(kind, start, end, score, recognition_metadata=dict(meta))
            for kind, start, end, score in find(text, rules)
        ]
