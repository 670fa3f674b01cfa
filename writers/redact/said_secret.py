"""Does the text say a long random run is a secret? The rule the generic token rules end on.

A long random run is what a key looks like, and also what a digest, an id, a request id, a fuzzy
hash, an encoded command or a media id looks like. Nothing in the run tells them apart; the
words around it do. Vendors' keys carry their own prefix, and each known prefix has its own rule
(`formats/table.py`: `ghp_`, `xoxb-`, `sk-proj-`, `AKIA`…). What the generic rules
(`context.machine_made.LONG`, `context.long_tokens.PREFIXED`) add is a run of no known form,
and such a run is a secret when the text says so: a secret's word (`token`, `key`, `secret`,
`password`, `auth`, `credential`, `bearer`, `cookie`, in the languages the corpora are written
in) on the run's own line, as its label or in the sentence around it, or on the line right
above it (a block's introducing line, a YAML key above its folded value).

Measured before it was adopted (issue 24, seventh round): of every secret of the development
sets' positives, the generated corpus and gitleaks (about 3,900 secrets), one was caught by
these rules alone, and its line says `clé secrète`; every other secret they reach is also caught
by a vendor's rule, a name's rule or the private-key rule. The negatives they flagged without
such a word were digests, ids and encoded data.

May import: `public_forms` (for `block_label`), nothing else in writers.
"""

from __future__ import annotations

import re

from writers.redact.public_forms import block_label

__all__ = ["glued_name_says_secret", "said_secret", "says_secret"]

# Nouns (and stems) for a secret, read as whole pieces of words: `apiKey`, `API_KEY`, `x-api-key`
# and `key` hold the piece `key`; `monkey`, `keyboard` and `tokenizer` do not. "Session" alone
# is not one (a session replay's segment, a visit's id): what logs a session in is called its
# token, cookie or key; `sessionid` is a session cookie's name. Words that qualify a key
# (`hmac`, `signing`, `private`) are not on the list: an HMAC of a body is a digest, and the key
# itself is called a key.
_PIECES = frozenset(
    "key keys apikey token tokens secret secrets password passwords passwd pwd passphrase "
    "passcode credential credentials creds cred auth authorization authorisation bearer "
    "sessionid cookie cookies pat psk jwt login logins "
    # French, Spanish, Portuguese, Italian, German, Dutch, Polish, Czech, Swedish, Danish,
    # Norwegian, Finnish, Hungarian, Turkish, Indonesian, Vietnamese (ASCII-folded spellings too).
    "cle clé clef clave chave chiave schlussel schlüssel sleutel klucz klic klíč nyckel nøgle "
    "nokkel nøkkel avain kulcs anahtar kunci secreto segreto geheim geheimnis secrète secrete "
    "jeton jetón contraseña contrasena senha passe passwort kennwort wachtwoord hasło haslo "
    "heslo lösenord losenord adgangskode passord salasana jelszó jelszo şifre sifre "
    # "Secret" as a noun, with the Nordic article glued on (`hemmeligheten`): Norwegian, Danish,
    # Swedish, Finnish, Portuguese, Polish, Czech, Hungarian, Turkish.
    "hemmelighet hemmeligheten hemmelighed hemmeligheden hemlighet hemligheten salaisuus "
    "segredo sekret tajemství titok sır "
    "токен ключ секрет пароль".split()
)
# Stems of compounds (`Zugangsschlüssel`, `Passwortrichtlinie`, `Zugangstoken`; `tokenizer`
# and `secretary` are other words) and words in scripts written
# without spaces (Japanese, Chinese, Korean) or with marks `\w` splits (Thai, Hindi).
_STEMS = re.compile(
    r"(?i)schl[üu]ssel|passw|kennw|secrets?(?![a-z])|tokens?(?![a-z])|credential|contrase|"
    r"キー|トークン|パスワード|鍵|秘密|密钥|密鑰|密码|密碼|令牌|凭据|憑證|키|토큰|비밀번호|"
    r"مفتاح|رمز|كلمة المرور|מפתח|סיסמ|κλειδί|κωδικός|รหัส|कुंजी|पासवर्ड|टोकन"
)
_WORD = re.compile(r"[^\W\d_]+")
_CAMEL = re.compile(r"[A-Z]?[a-z\u00df-\u00ff]+|[A-Z]+(?![a-z])|[^\W\d_A-Za-z]+")


# A key named by what it looks up or orders opens nothing: a cache's, an object's (S3), a
# table's (primary, partition, sort, foreign), a queue's routing key, an idempotency key; and a
# key called public is made to be published (`PublicKey`, `PUBLIC_KEY`). A hash key is a key
# for a keyed hash (SipHash, HMAC): a secret.
_LOOKUP = frozenset(
    "cache object partition primary sort routing idempotency dedup dedupe "
    "deduplication lookup row foreign composite unique surrogate natural shard index public".split()
)


# A secret's word under a negation denies it: "(not a key)", "no una clave", "kein Schlüssel",
# "ce n'est pas une clé", "não é uma chave": a negation, perhaps a copula and an article, then
# the word. "Do not share this token" negates the verb; the token is still said.
_NEGATED = re.compile(
    r"(?i)(?<![^\W\d_])(?:not|no|non|n['’]t|nicht|kein\w*|pas|não|nao|nie|niet|geen|ikke|inte|ei)"
    r"(?:[ \t]+(?:es|é|est|is|ist|è|er|är|jest|je|to))?"
    r"(?:[ \t]+(?:a|an|the|un|una|uno|une|um|uma|el|la|le|der|die|das|den|ein\w*|een|en|et|ett|o))?"
    r"[ \t]+[^\W\d_]+"
)


def says_secret(text: str) -> bool:
    """True when `text` holds a word for a secret (`_PIECES`, `_STEMS`), a lookup's key aside,
    and not under a negation."""
    text = _NEGATED.sub(" ", text)
    if _STEMS.search(text):
        return True
    pieces = [p.lower() for word in _WORD.findall(text) for p in (_CAMEL.findall(word) or [word])]
    words = [w.lower() for w in _WORD.findall(text)]
    if any(w in _PIECES and w not in ("key", "keys") for w in words):
        return True
    for i, piece in enumerate(pieces):
        if piece not in _PIECES:
            continue
        if piece in ("key", "keys") and i > 0 and pieces[i - 1] in _LOOKUP:
            continue  # `cache key`, `idempotency_key`, `PublicKey`
        return True
    return False


def said_secret(text: str, start: int, end: int) -> bool:
    """True when the run at `start:end` has a secret's word on its own line (outside the run),
    or, when it opens its line, in the line that introduces its block (`block_label`: the
    nearest line above that is no line of the same blob, no code fence and not blank)."""
    line_end = text.find("\n", end)
    after = text[end : len(text) if line_end < 0 else line_end]
    label = block_label(text, start)
    if _SESSION_FIELD.search(label):
        return True
    return (
        says_secret(label)
        or says_secret(after)
        or _life_of_a_secret(after)
        or _jwk_private(text, label)
        or _pairs_id(_paragraph(text, start, end))
    )


def _paragraph(text: str, start: int, end: int) -> str:
    """The run's paragraph without the run: its lines up to a blank line either way."""
    para_start = text.rfind("\n\n", 0, start)
    para_end = text.find("\n\n", end)
    return text[para_start + 1 if para_start >= 0 else 0 : start] + (
        text[end:] if para_end < 0 else text[end:para_end]
    )


# A key pair's id says what the run beside it is: an AWS access key id (`AKIA…`, `ASIA…`) in the
# run's paragraph (`AKIA…:<run>`, a credentials CSV's row, the id on one line and its secret on
# the next or the one before) names the run as the pair's secret half. The documentation's own
# id (`AKIAIOSFODNN7EXAMPLE`) names none.
_PAIRS_ID = re.compile(r"(?<![A-Za-z0-9])(?:AKIA|ASIA)[A-Z2-7]{16}(?![A-Za-z0-9])")


def _pairs_id(text: str) -> bool:
    return any(not m.group(0).endswith("EXAMPLE") for m in _PAIRS_ID.finditer(text))


# A field named for a session (`"session": "…"`, `session_id=`) holds what the server knows the
# session by, and a cookie or a query parameter so named logs it in.
_SESSION_FIELD = re.compile(r"(?i)(?<![A-Za-z])session[\w-]*[\"']?[ \t]*[:=][ \t]*[\"'`]?$")


# A JSON Web Key's private members (RFC 7518: `d`, `p`, `q`, `dp`, `dq`, `qi` of an RSA or EC
# key, `k` of a symmetric one) are the key itself; `kty` says the object is a JWK.
_JWK_PRIVATE = re.compile(r"[\"'](?:d|p|q|dp|dq|qi|k)[\"']\s*:\s*[\"']$")


def _jwk_private(text: str, label: str) -> bool:
    return _JWK_PRIVATE.search(label) is not None and re.search(r"[\"']kty[\"']", text) is not None


# What is done to a secret and nothing else: it is rotated, revoked, leaked (`here you go: …
# (rotate monthly)`, `… — revoke it after the demo`).
_LIFE = re.compile(r"(?i)(?<![A-Za-z])(?:rotat(?:e|ed|es|ing)|revok(?:e|ed|es|ing)|leak(?:ed|s)?)")


def _life_of_a_secret(after: str) -> bool:
    return _LIFE.search(after) is not None


# Tags a key opens with that no vendor rule of its own reads: tags abbreviating a key's noun
# (`sk_` a secret key, `rk_` a restricted key, `tok_`, `ak_` an access key, `pat_`) and vendors'
# key prefixes (`hf_` Hugging Face, `npm_`, `gsk_` Groq, `fw_` Fireworks, `pplx-` Perplexity).
_KEY_TAGS = frozenset("sk rk tok ak pat hf npm gsk fw pplx".split())


def glued_name_says_secret(value: str) -> bool:
    """True when the words glued to a run say secret as a label would: a name before `=`
    (`api_key=…`), a word or a key's tag before `_`/`-` (`token_…`, `sk_…`, `hf_…`)."""
    pieces = [p for p in re.split(r"[_=.-]", value) if p.isalpha() and len(p) < 20]
    if "=" in value and _SESSION_FIELD.search(value[: value.index("=") + 1]):
        return True  # `session_id=…` glued to its value
    return any(p.lower() in _KEY_TAGS for p in pieces[:2]) or says_secret(" ".join(pieces))
