"""Whether a long token is machine-made: random, not text, not a known public shape."""

from __future__ import annotations

import base64
import binascii
import re

from writers.redact.names.secret_names import PUBLIC_NAME, names_cursor
from writers.redact.structure import (
    der_public,
    numeric_array,
    readable_structure,
)
from writers.redact.values.placeholders import UUID, entropy, is_placeholder
from writers.redact.values.plausible import looks_random

HEX = re.compile(r"[0-9a-fA-F]+")
# Prefixes of things that are long and random but public: digests, commits, builds, ids.
PUBLIC_PREFIXES = frozenset(
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
PUBLISHABLE = frozenset({"pk", "pub", "public"})
PUBLIC_PREFIXES |= PUBLISHABLE


def reads_as_text(value: str) -> bool:
    """True when `value` is base64 of readable text (a blob someone pasted, not a key)."""
    body = value.replace("-", "+").replace("_", "/").rstrip("=")
    try:
        raw = base64.b64decode(body + "=" * (-len(body) % 4), validate=True)
    except (binascii.Error, ValueError):
        return False
    if len(raw) < 8:
        return False
    if not raw.isascii():
        # Text in any script is UTF-8 (`Érkeztetve: 15.Gpk.824/2023/5`, a status line): random
        # bytes almost never decode as UTF-8 (a byte over 0x7F must open or continue a
        # sequence), and so decoded, text is judged by its characters, not its bytes.
        try:
            chars = raw.decode("utf-8")
        except UnicodeDecodeError:
            return False
        printable = sum(c.isprintable() or c in "\t\n\r" for c in chars)
        words = sum(c.isalnum() or c == " " for c in chars)
        return printable / len(chars) > 0.95 and words / len(chars) > 0.5
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


# A run's humps: a capital and its lowercase letters, or capitals alone.
_HUMP = re.compile(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])")


def generated_run(value: str) -> bool:
    """Is `value`, letters of both cases and digits, a generator's run rather than a name? A
    name's humps are words (`iPhone15ProMax`: Phone, Pro, Max); a generator's are mostly one or
    two letters (`B1tnoKmVJxqa9m`: B, tno, Km, V, Jxqa, m), or no word is in it at all."""
    if wordish(value) < 0.2:
        return True
    humps = _HUMP.findall(value)
    short = sum(len(h) <= 2 for h in humps)
    return short >= 3 and 2 * short > len(humps)


def machine_made(value: str, *, min_len: int = 32) -> bool:
    """A long random credential: both cases and digits, high entropy, not a known public shape."""
    core = value.rstrip("=")
    if len(core) < min_len or is_placeholder(core):
        return False
    if not (re.search(r"[a-z]", core) and re.search(r"[A-Z]", core) and re.search(r"\d", core)):
        return False
    if HEX.fullmatch(core) or UUID.fullmatch(core) or core.count("/") > 2:
        return False
    if wordish(core) > 0.7:
        return False  # a long identifier made of words
    # A random string over ~64 symbols has about log2(len) bits per char up to ~5.5; text,
    # identifiers and repeated patterns stay well below.
    if entropy(core) < min(4.2, 0.75 * (len(core).bit_length())):
        return False
    return not reads_as_text(core) and not decodes_to_structure(core)


# A token may stand in a URL path (`…/<token>/send`), but not as a file name at its end.
# A percent-escape (`%5D`, `%3D`) is one character of a URL: a run starts after it, never at
# its hex digits (`page%5Bafter%5D=<cursor>` holds `<cursor>`, not `5D=<cursor>`).
LONG = re.compile(
    r"(?:(?<![\w/+=.%-])(?<!%[0-9A-Fa-f])|(?<=%[0-9A-Fa-f]{2})|(?<=%[0-9A-Fa-f]{2}=))"
    r"(?P<s>[A-Za-z0-9_+/-][A-Za-z0-9_+/=-]{31,}?)(?![\w+=-])(?!/[\w+=-]*(?:[\s\"'`)>|,;]|$))"
)
# `sha384-…` (subresource integrity), `h1:…` (go.sum): a digest named by its algorithm.
# `sha256/…` (an SPKI pin), `nonce-…` (CSP): a value glued to the word that names it public.
DIGEST_PREFIX = re.compile(
    r"(?i)(?:^|[^\w])(?:sha\d*|md5|blake\w*|h1|sri|nonce|etag|digest|hash|id|kid)[-_:/]$"
)
NAMED = re.compile(r"(?P<name>[A-Za-z_][\w.-]*?)=(?!=|$)")


# Public key material (armoured public keys and certificates, OpenSSH public keys) and armoured
# ciphertext, which is useless without a key that is not in the text.
# Any armour whose kind names a public key, a certificate (or a request for one), a signature or
# ciphertext (`SSH SIGNATURE`, `AGE ENCRYPTED FILE`, `PGP MESSAGE`), never a private key.
PUBLIC_BLOCK = re.compile(
    r"-----BEGIN (?![A-Z0-9 ]*PRIVATE)[A-Z0-9 ]*(?:PUBLIC KEY(?: BLOCK)?|CERTIFICATE|CRL"
    r"|SIGNATURE|MESSAGE|ENCRYPTED FILE"
    # What a certificate is asked for or sent in: a request (`CERTIFICATE REQUEST`, a CSR holds
    # a public key and a name), PKCS#7/CMS bundles of certificates, and domain parameters.
    r"|CERTIFICATE REQUEST|PKCS7|CMS|PARAMETERS)-----"
    r".*?(?:-----END [A-Z0-9 ]+-----|$)",
    re.DOTALL,
)
SSH_PUBLIC = re.compile(r"(?:ssh-(?:rsa|ed25519|dss)|ecdsa-sha2-nistp\d+|sk-ssh-ed25519@\S+) $")


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
MANGLED = re.compile(
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


def public_der(value: str) -> bool:
    """True when `value` is base64 of DER that `der_public` calls a public key, a certificate or
    a signature (`MIIBIjANBgkq…` in a DKIM record, `MEUCIQ…` from cosign)."""
    core = value.rstrip("=").replace("-", "+").replace("_", "/")[:400]
    core = core[: len(core) - len(core) % 4]
    try:
        raw = base64.b64decode(core, validate=True)
    except (binascii.Error, ValueError):
        return False
    return der_public(raw)


def file_bytes(value: str) -> bool:
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
CIPHERTEXT = re.compile(r"ENC\[[A-Z0-9_]+,[^\]\s]*$|vault:v\d+:$")
# A label whose last word says the value is an identifier, a digest or a public crypto parameter:
# `etag: W/"…"`, `X-Amz-Cf-Id: …`, `iv: …`, `next_cursor: …`.
# A weak ETag's `W/` comes inside its string's quotes (`"etag": "W/\"…\""` in a JSON log), and
# a quote in a string in a string is escaped.
LABEL_END = re.compile(r"[:=]\s*(?:\\?[\"'`])?(?:W/)?\\?[\"'`]?$")
PUBLIC_LABEL = re.compile(
    r"(?P<label>[A-Za-z][\w#-]*)\\?[\"']?\s*[:=]\s*(?:\\?[\"'`])?(?:W/)?\\?[\"'`]?$"
)
PUBLIC_TAILS = {"id", "ids", "etag", "hash", "digest", "checksum", "fingerprint", "iv", "nonce"}
PUBLIC_TAILS |= {"salt", "tag", "cursor", "cid", "integrity", "sha", "md", "crc"}
# A signature proves who made a message; anyone may read it, and it opens nothing. A key's id and
# thumbprint (JOSE `kid`, `x5t#S256`) name a key without being it.
PUBLIC_TAILS |= {"signature", "sig", "kid", "thumbprint", "x5t"}
# A PKCE `code_challenge` is a digest of the verifier, sent through the browser by design.
PUBLIC_TAILS |= {"challenge"}
# A token's accessor (Vault) looks a token up or revokes it, and authenticates nothing.
PUBLIC_TAILS |= {"accessor"}
# One names another party by its public identity, never by its secret: a WireGuard `peer:` is
# the peer's public key, as a `recipient` is an age or PGP recipient's.
PUBLIC_TAILS |= {"peer", "recipient", "recipients"}
# A last word that only says "the value of" defers to the word before it: `DigestValue`,
# `SignatureValue`, `checksum_hex`, `hash_bytes` are the digest; `KeyValue` is still a key.
_GENERIC_TAILS = {"value", "data", "bytes", "hex", "b64", "base64", "str", "string", "text"}
# An ad click's id, however the vendor spells it (`gclid`, `fbclid`, `msclkid`, `ttclid`,
# `irclickid`, Google's app-campaign `gbraid`/`wbraid`): it counts a click on a public link and
# opens nothing.
_CLICK_ID = re.compile(r"(?i)(?:clid|clkid|clickid|[gw]braid)s?$")
# A pagination object's members (`"paging": {"cursors": {"before": …, "after": …}}`): each is a
# position in a listing, like a `cursor` named alone.
CURSOR_OBJECT = re.compile(r"(?i)[\"']?(?:cursors?|paging|pagination)[\"']?\s*[:=]\s*\{[^{}]*$")
POSITION_NAMES = {"before", "after", "next", "previous", "prev", "start", "end", "first", "last"}


def public_name(name: str) -> bool:
    """True when a value's name (a key, a label, an XML element) says it is public: its last
    word is one of `PUBLIC_TAILS` (after a generic `Value`/`data`), a click id, or a cursor."""
    name = name.split("#")[0]  # `x5t#S256`: the thumbprint, in SHA-256
    if names_cursor(name):
        return True  # `nextPageToken: …`: a position in a list
    if _CLICK_ID.search(name):
        return not SECRET_WORD.search(name)
    pieces = [p.lower() for p in re.findall(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])", name)]
    while len(pieces) > 1 and pieces[-1] in _GENERIC_TAILS:
        pieces.pop()
    if name.lower() in PUBLIC_TAILS:
        return True
    if len(pieces) >= 2 and pieces[-1] in ("key", "token") and _PUBLISHED.intersection(pieces):
        # `recaptchaSiteKey`, `publishable_key`, `mapbox_public_token`: the half of a pair
        # that is written into web pages (as `name_strength` reads it for assignments).
        return not re.search(r"(?i)secret|private", name)
    return bool(pieces) and pieces[-1] in PUBLIC_TAILS


# The words that call a key published (`PUBLIC_NAME`), or a site's (a site key is in its pages).
_PUBLISHED = PUBLIC_NAME | {"site"}


SECRET_WORD = re.compile(r"(?i)secret|token|key|passw|credential|auth|bearer|session")
