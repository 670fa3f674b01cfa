"""Values that stand in for a secret: placeholders, masks and values that describe themselves."""

from __future__ import annotations

import base64
import functools
import math
import re
import unicodedata
from collections import Counter

from writers.redact.names.code_refs import CODE_REF, VENDOR_PREFIX, marked_reference

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


# Characters a masked value is written with: `sk-proj-****…`, `xoxb-••••`, `●●●●●●`.
# Three asterisks are a mask too (`Bearer sk-ant-***`, `user:***@`): no token alphabet (base64,
# hex, base62) has `*`, and a person's password rarely repeats it.
_MASK_RUN = re.compile(r"[*•●∙·■#]{4,}|\*{3}")
# An instruction to the reader anywhere in the value: `django-insecure-change-this-in-production`.
_INSTRUCTION = re.compile(
    r"(?i)(?:change|replace|set|fill|insert|rotate|generate|update)[-_ ]?"
    r"(?:this|me|it|later|before)(?![a-z])"
    # A value that tells its reader not to use it (`test-…-do-not-use`, `not-for-prod`).
    r"|(?<![a-z])(?:do[-_ ]?not|dont|never)[-_ ]?use(?![a-z])|(?<![a-z])not[-_ ]?for[-_ ]?prod"
)
# A YAML tag names a type or a function (`!vault |`, `!Ref DbPassword`), not a value.
_YAML_TAG = re.compile(r"!{1,2}[A-Za-z][A-Za-z_:.]*")


HEX = re.compile(r"^[0-9a-f]+$")
UUID = re.compile(r"[0-9a-fA-F]{8}-(?:[0-9a-fA-F]{4}-){3}[0-9a-fA-F]{12}")


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
    "secret secrets token tokens key keys api password passwords pass passwd pwd pw passphrase "
    "credential credentials creds cred auth access private value string test tests testing dev "
    "devel "
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
    # you, your
    "you your tu tus su sus seu sua seus suas teu votre vos ton ta tes dein deine deinen deiner "
    "ihr ihre ihren tuo tua tuoi tue vostro vostra vostri vostre jouw uw twoj twoja twoje wasz "
    "wasza senin sizin anda kamu "
    "ваш ваша ваше твои твой твоя din ditt dine sinun vas vase tvuj "
    # here
    "here aqui aca ici hier qui qua tutaj buraya burada disini sini здесь сюда her har tahan "
    "tassa zde "
    # your, here, put it in: Vietnamese, Swahili, Hindi and Urdu written in Latin letters, Tagalog,
    # Zulu and Xhosa
    "cua ban o day nhap wako yako lako hapa weka aapka aapki apna yahan iyong dito ilagay yakho "
    "lapha faka "
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
    # fake, made up, in the other languages of the stand-in comments (`said_stand_in`)
    "nep finto finta fittizio fittizia falsk fejk latsas pahittad фейк фейковый фиктивный "
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
# What the value should be like, said instead of it (`a-long-random-string`, `strong-password`,
# `une-chaine-aleatoire-longue`, `contraseña_segura`): its qualities and the word for a string, in
# the languages of the secret nouns.
_SELF_WORDS |= frozenset(
    _fold(w)
    for w in "strong secure safe complex unique good new encoded encoding hashed auto one min "
    "max minimum maximum symbol symbols upper lower uppercase lowercase letters number fuerte "
    "forte fort stark sterk silny guclu kuat segura seguro sure sicher sichere sicheres sicura "
    "sicuro veilig bezpieczne bezpieczny aleatoria aleatorio aleatoire aleatoires zufaellig "
    "zufallig zufaellige zufallige casuale willekeurig losowy losowe rastgele acak larga largo "
    "longa longo longue long lange langer langes lunga lungo dlugi dlugie uzun panjang cadena "
    "cadeia chaine zeichenkette stringa tekenreeks ciag dize nueva nuevo nouvelle nouveau neues "
    "neue nuova nuovo nieuw nowe nowy yeni baru".split()
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


_ENCODING_NAME = re.compile(
    r"(?i)(?<![^\W_])(?:base(?:64|32|58)|b64|utf-?8|sha-?\d{1,3})(?![^\W_])"
)


def describes_a_secret(word: str) -> bool:
    """True for a word (folded, as `_word_pieces` gives them) that a value uses to describe a
    secret or its status instead of being one (`_SELF_WORDS`, `_PLACEHOLDER_VALUES`)."""
    return word in _SELF_WORDS or word in _PLACEHOLDER_VALUES


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
    # An encoding's or a digest's name is one word (`base64-encoded`, `sha256-hex`), and so is a
    # store's spelled with a digit (`1Password`, where the secret is kept).
    # An encoding's name in capitals ends at its digits: `BASE32SECRET` is `BASE32` and `SECRET`.
    core = re.sub(r"(?<![^\W_])(BASE(?:64|32|58)|B64)(?=[A-Z])", r"\1_", core)
    core = _ENCODING_NAME.sub("-encoding-", core)
    core = re.sub(r"(?i)(?<![^\W_])1password(?![^\W_])", "onepassword", core)
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
    # Addressed to the reader, the slot may name what goes in it in words of its own (`xoxb-tu-
    # token-de-slack`, `coloque-o-token-aqui`, `the-password-you-chose-in-step-2`): words of
    # letters in one case, no more of them than of the slot's words (a letter alone is an elided
    # article, `d-acces`). A passphrase that happens to hold `your` is mostly other words.
    others = [w for w in words if not described(w) and len(w) > 1]
    # Case is read as written: the leetspeak reading lowercases `core`, and a random value's
    # humps (`T4.-dHjdWNmQa-f`, whose `T4` reads as French `ta`) are what no slot's words have.
    humps = re.search(r"[a-z][A-Z]", value) is not None
    plain = all(w.isalpha() for w in others) and not humps
    return short_counter and plain and len(others) < len(words) - len(others)


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
# (`vault:v1:…`), Ansible Vault, Jasypt's `ENC(…)`: useless without a key that is not in the text.
_ENVELOPE = re.compile(
    r"[A-Z][A-Z0-9]{1,5}\[[\w-]+(?:[:,]|$)|vault:v\d+:|\$ANSIBLE_VAULT;|ENC\((?=[A-Za-z0-9+/=]*\)?$)"
)


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


# A capitalised word, then a year or a number and a symbol, is how a person lengthens a word into
# a password a policy accepts (upper, lower, digit, symbol): `Changeme.2026`, `Example!2024`,
# `Welcome@123`. A stand-in's word so lengthened was set by someone, as `Sommer2024!` is; the
# slot itself is written bare (`changeme`, `CHANGE_ME`, `<your-password>`) or with a counter
# (`example123`, `ejemplo-1`).
_POLICY_LENGTHENED = re.compile(
    r"[A-Z][a-z]{3,14}(?:[^\w\s]?(?:19|20)\d\d[^\w\s]?|[^\w\s]\d{2,4}[^\w\s]?|\d{2,4}[^\w\s])"
)

# `$` is a symbol a policy asks for as well as a shell's sigil: `$Nebula15` (a capitalised word
# and a number) or `$tortuga315!` (a word, a number and a symbol no name holds) is a password
# that opens with it. A variable is named in one case (`$DB_PASS`, `$password`), in camel case
# (`$dbPassword`) or with a counter (`$arg1`).
_DOLLAR_LED = re.compile(
    r"\$(?:[A-Z][a-z]{3,14}\d{2,4}|[a-z]{4,14}\d{3,4}|[a-z]{4,14}\d{2}(?=[^\w\s$]))[^\w\s$]?"
)
# The capitalised word may be written in leetspeak, a digit for a letter inside it (`$Bh4dl411`,
# `$Sup3rman99`), with its number after: no variable is named so. The slot's own words in
# leetspeak (`$P4ssw0rd12`) stay a stand-in (`self_describing`).
_DOLLAR_LEET = re.compile(r"\$[A-Z][a-z]{1,8}\d[a-z]{1,8}\d{2,4}[^\w\s$]?")


# Symbols a password policy asks for, none of them a mask's.
_POLICY_SYMBOL = re.compile(r"[!@$%^&?+=~]")


# Remembered: a candidate's value is judged by several rules and views of one text, and by the
# same text redacted again (the journal's copy, a stored message in a title); the answer depends
# on the value alone.
@functools.lru_cache(maxsize=4096)
def is_placeholder(value: str) -> bool:
    """True for values that stand in for a secret: `${VAR}`, `<your-key>`, `changeme`, `****`."""
    bare = value.strip("\"'`{}[]() ")
    if not bare:
        return True
    if _POLICY_LENGTHENED.fullmatch(bare) or _DOLLAR_LED.fullmatch(bare):
        return False  # `Changeme.2026`, `$Nebula15`: a word made to pass a policy
    if _DOLLAR_LEET.fullmatch(bare) and not self_describing(bare[1:]):
        return False  # `$Bh4dl411`: the same, its word in leetspeak
    if CODE_REF.search(value) or _PLACEHOLDER_WORDS.search(bare) or self_describing(bare):
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
    distinct = set(_NOT_WORD_CHAR.sub("", bare.lower()))
    if len(distinct) < 3 or (len(distinct) == 3 and not _POLICY_SYMBOL.search(bare)):
        # Three letters or digits with a symbol a policy asks for (`F1k@!!`, `K35@*`) are a
        # short password's; a mask's or a filler's symbols are `*`, `•`, `#`, `x`.
        return True
    if re.fullmatch(r"(?i)([^/:\s]+)[/:]\1", bare):
        return True  # `neo4j/neo4j`, `guest:guest`: a user and the same password, a default
    if _PREFIX_THEN_FILLER.fullmatch(bare):
        return True  # `sk_live_xxx`, `whsec_000`: the prefix says which kind, a filler the slot
    prefixed = VENDOR_PREFIX.match(bare)
    return prefixed is not None and len(set(prefixed.group("body").lower()) - set("-_")) <= 2


# A vendor's prefix (a word or two, each ending in `_` or `-`), then one filler character
# repeated (`sk_live_xxx`, `whsec_xxx`, `ghp_000`): however short, the filler says where the
# key goes, as `xxxx` alone does; a key's body is random, never one character over and over.
_PREFIX_THEN_FILLER = re.compile(r"(?i)[a-z]{2,10}[-_](?:[a-z]{2,8}[-_])?([x0*.#•])\1{2,}")


# What the rest of a value's line says of it, in a comment or an aside: that it is no real one
# (`# example only`, `(that's the joke one, not real)`, `// fake`, `# ejemplo`, `# Beispielwert`).
# An example "from" or "of" something (`# example from prod`) is a real value shown as one.
_STAND_IN_SAID = re.compile(
    r"(?i)(?<![^\W\d_])(?:(?:not|no|isn'?t|is not)[ \t]+(?:a[ \t]+|the[ \t]+)?real"
    r"|fake|dummy|placeholder|joke|made[- ]up|fictional|fictitious|bogus"
    r"|(?:example|sample)(?![ \t]+(?:from|of|for)\b)"
    r"|ejemplo|exemplo|exemple|esempio|beispiel\w*|voorbeeld|przyk[łl]ad\w*|пример\w*|örnek"
    r"|contoh|ficticio|fict[íi]cio|fittizio|finto|finta|falso|nep\w*|no es real|pas r[ée]el"
    r"|nicht echt|n[ãa]o [ée] real"
    # Swedish, Russian and Arabic: a made-up, fake or dummy value.
    r"|låtsas\w*|påhittad\w*|exempel\w*|фейк\w*|фиктивн\w*|ненастоящ\w*|وهمي|وهمية"
    # A value for tests only, said so in the reader's language.
    r"|(?:tests?|testing)[ \t]+only|(?:only[ \t]+)?for[ \t]+(?:tests?|testing)[ \t]+only"
    r"|solo[ \t]+per[ \t]+(?:i[ \t]+)?test|alleen[ \t]+voor[ \t]+test\w*"
    r"|bara[ \t]+för[ \t]+test\w*|только[ \t]+для[ \t]+тест\w*|للاختبار[ \t]+فقط)"
    r"(?![^\W\d_])|例|示例|サンプル|ダミー|예시|가짜|假的|假值|仅用于测试|仅供测试|测试专用"
    r"|테스트[ \t]?전용|테스트용"
)
# Where a line's comment or aside opens after a value.
_ASIDE_OPENS = re.compile(r"[ \t]*[\"'`]?[,;]?[ \t]*(?:#|//|--|/\*|\(|—|–|<!--)")


def said_stand_in(rest: str) -> bool:
    """True when `rest`, the text after a value up to the end of its line, opens a comment or an
    aside that calls the value a stand-in: an example, a fake, not a real one."""
    line = rest.split("\n", 1)[0][:120]
    opened = _ASIDE_OPENS.match(line)
    return opened is not None and _STAND_IN_SAID.search(line, opened.end()) is not None
