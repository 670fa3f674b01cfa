"""Values their text calls ciphertext or public: sealed, signed, a public key's members."""

from __future__ import annotations

import re

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
# A sealed secret (Bitnami's SealedSecret) is ciphertext made to be committed: the phrase names
# the ciphertext, not the secret inside it.
_PUBLIC_KEY_PHRASE = re.compile(
    r"(?i)public[ _-]?key|pub[ _-]?key|verif(?:y|ying|ication)[ _-]?key"
    r"|(?<![\w-])(?<=sealed[ _-])secrets?"
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
