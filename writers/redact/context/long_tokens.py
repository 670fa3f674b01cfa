"""Long random tokens: a run of no known public shape, a short vendor prefix joined to a random
body (`key-…`, `shpat_…`), and stored password hashes."""

from __future__ import annotations

import base64
import binascii
import re

from writers.redact.context.machine_made import (
    DIGEST_PREFIX,
    HEX,
    MANGLED,
    NAMED,
    PUBLIC_BLOCK,
    PUBLIC_PREFIXES,
    PUBLISHABLE,
    SECRET_WORD,
    SSH_PUBLIC,
    counted_names,
    decodes_to_structure,
    file_bytes,
    machine_made,
    public_der,
    public_name,
    reads_as_text,
    wordish,
)
from writers.redact.context.public_blobs import (
    ENCODING_NAME,
    data_by_label,
    data_by_media_type,
    in_file_blob,
    is_multihash,
    sealed_or_public,
)
from writers.redact.formats.columns import column_header
from writers.redact.names.code_refs import identifier_like, is_code_ref
from writers.redact.public_forms import (
    introduced_as_encoded_data,
)
from writers.redact.said_secret import glued_name_says_secret, said_secret
from writers.redact.structure import (
    checksum_beside,
)
from writers.redact.values.placeholders import UUID, entropy, is_placeholder

# A file's name: a path that ends in an extension (`dist/assets/ApiKeyVerifier-S-1_WX2H.js`).
_EXTENSION_AFTER = re.compile(r"\.[a-z][a-z0-9]{0,5}(?![\w-])")
_FILE_PATH_AFTER = re.compile(r"(?:/[\w.-]+)*/[\w-]+\.[a-z][a-z0-9]{0,5}(?![\w/-])")
# An installed package: a lowercase reverse-DNS name, then the suffix the installer made up
# (Android's `com.northwind.app-S6o9SziTdtq2M0lZFEaDpi==`).
_PACKAGE_NAME = re.compile(r"[a-z][a-z0-9]*(?:\.[a-z][a-z0-9_]*)+-")


# A JVM class's qualified name: a package of lowercase segments, then a class in camel case
# (words, acronyms and numbers, `ScadaIec61850SsnResolver`), perhaps a member after it
# (`…GooseJobSsnCache.phoneNacelleIec61850Job`), as a stack trace prints it. A random body has
# humps no word makes (`X8fK2mQ`).
_HUMPS = r"(?:[A-Z][a-z]{2,}|[A-Z]{2,}(?![a-z])|\d+)"
_QUALIFIED_NAME = re.compile(
    rf"[a-z][a-z0-9]*(?:\.[a-z][a-z0-9_]*)+\.{_HUMPS}+(?:\.[a-z]{{2,}}{_HUMPS}*)?"
)


_RUN_ON = re.compile(r"/[A-Za-z0-9_+/=-]*")


def long_span(m: re.Match[str]) -> tuple[int, int]:
    """The long run's span, with the rest of it when the run goes on past a `/`: base64 holds
    `/` and `//`, and a random run cut there (`…Gc3//Xa8…`) is one secret, not one and a path."""
    start, end = m.span("s")
    more = _RUN_ON.match(m.string, end)
    if more is not None and any(c.isalnum() for c in more.group(0)):
        end = more.end()
    return start, end


def long_check(m: re.Match[str]) -> bool:
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
    if re.search(r"(?i)base64,\s*$", before) or SSH_PUBLIC.search(before):
        return False  # an inline data: URL or an OpenSSH public key is not a credential
    if file_bytes(value) or MANGLED.search(value) or counted_names(value):
        return False  # a file's bytes or a compiler's symbol name
    if before.endswith("$"):
        return False  # `$s…`, `$6$<salt>$<hash>`: a Swift symbol, a field of a crypt(3) hash
    whole = m.string[slice(*long_span(m))]
    if whole != value and decodes_to_structure(whole):
        return False  # the run goes on past a `/` (base64 holds it) and is data, judged whole
    if introduced_as_encoded_data(m.string, m.start()):
        return False  # a block under "the config blob in base64 (binary):" (`public_forms`)
    named = NAMED.match(value)
    if public_der(value[named.end() :] if named else value):
        return False  # DER of a public key, a certificate or a signature
    head = re.match(r"[A-Za-z0-9]{1,8}[-_:/]", value)
    if head and head.group(0)[:-1].lower() in PUBLISHABLE:
        return False  # `pk_live_…`: a publishable key, made to be shipped in web pages
    tag = re.fullmatch(r"(?P<t>[A-Za-z0-9]{2,12})(?P<sep>[-_.])(?P<b>[A-Za-z0-9]{20,})", value)
    if tag and (tag.group("t").lower() in PUBLIC_PREFIXES or _object_id(m.string, m.start(), tag)):
        return False  # `file-…`, `sub_…` under `subscription`: an object's id (`prefixed_check`)
    if stored_password_hash(before, whole):
        return False  # `{SSHA256}…`, FortiOS `ENC SH2…`: a password's salted hash, as `$6$…`
    if DIGEST_PREFIX.search(before) or (head and DIGEST_PREFIX.search(" " + head.group(0))):
        return False
    if any(b.start() <= m.start() < b.end() for b in PUBLIC_BLOCK.finditer(m.string)):
        return False
    # `name=value` is an assignment, judged by the name (`secret_assignment`), not as a token.
    named = NAMED.match(value)
    if named and file_bytes(value[named.end() :]):
        return False  # `thumbnail_b64=/9j/4AAQ…`: the value after the name is a file
    if named and ENCODING_NAME.search(named.group("name")):
        return False  # `payload_b64=…`: the name says the value is encoded data
    if named and (identifier_like(named.group("name")) or is_code_ref(named.group("name"))):
        return False
    if named and id_tagged(value[named.end() :]):
        # `sessionId=ATUid_<hex>`: the value's own tag calls it an id, whatever its name says
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
    return said_secret(m.string, *long_span(m)) or glued_name_says_secret(value)


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


# A tag that ends in `id` (`ATUid_`, `ATXid_`, `txid-`, `reqId_`): the system that made the value
# named it an id of something it tracks (a session, a message, a transfer); a key's tag names a
# key (`sk_`, `key-`, `ghp_`) or its vendor. Only a tag of letters, before `_` or `-`.
_ID_TAG = re.compile(r"[A-Za-z]{0,8}(?:id|Id|ID)[_-](?=[A-Za-z0-9]{20,}$)")


def id_tagged(value: str) -> bool:
    """Is `value` a random run behind a tag that calls it an id (`ATUid_1102c3f7…`)?"""
    return _ID_TAG.match(value) is not None


PREFIXED = re.compile(
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
    if len(digest) < 32 or not HEX.fullmatch(digest) or not re.search(r"\d", digest):
        return False
    head = pieces[:-1]
    words = [p for p in head if re.fullmatch(r"[A-Za-z]{4,}", p)]
    # Each piece of the name is a word, a short tag (`x64`, `arm64`, `v2`) or, after a word, a
    # version's number (`pip-ubuntu-22.04-<sha256>`, `pip-macos-14-<sha256>`: a runner's OS).
    named = all(
        re.fullmatch(r"[A-Za-z]+|[A-Za-z][A-Za-z0-9]{0,4}", p)
        or (i and re.fullmatch(r"\d{1,4}", p))
        for i, p in enumerate(head)
    )
    if not named or not words or SECRET_WORD.search("-".join(head)):
        # A name that says secret (`deploy-token-prod-<hex>`) says what the hex is.
        return False
    # One word is a name too when the hex is a whole SHA-1 or SHA-256 digest (`gradle-<sha1>`,
    # a build tool's cache key): a vendor's token names its vendor in a short tag (`pul-`,
    # `dop_v1_`), and its hex is not a digest's length (`key-<32 hex>`, `shpat_<32 hex>`).
    return len(head) >= 2 or (len(digest) in (40, 64) and len(head[0]) >= 5)


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
        if SECRET_WORD.search(label):
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


def prefixed_check(m: re.Match[str]) -> bool:
    prefix, body = m.group("p"), m.group("b")
    if prefix.lower() in PUBLIC_PREFIXES or is_placeholder(m.group(0)):
        return False
    if re.fullmatch(r"[a-z]{2,4}", prefix) and m.group("sep") == "_" and len(body) <= 24:
        # `pi_3U8J…`, `evt_1lZD…`, `cus_Nffr…`: an API's object id is a short type tag and a
        # body of 24 characters at most; the keys of the same APIs are longer or carry a key
        # prefix (`sk_live_`, `whsec_`) that their own rules know.
        return False
    if id_tagged(m.group(0)):
        return False  # `ATXid_<hex>`: tagged an id by the system that made it
    if _object_id(m.string, m.start(), m):
        # `"charge": "ch_3Ps4…"`, `ch_…` under a `charge` column, `pi_…` under
        # `payment_intent`: the tag abbreviates what the text calls the value, an object's type.
        return False
    if sealed_or_public(m.string, m.start()) or _PACKAGE_NAME.match(m.group(0)):
        return False
    if _QUALIFIED_NAME.fullmatch(m.group(0)):
        return False  # `in.suryoday.ppa.ScadaIec61850SsnResolver`: a class in a stack trace
    if m.string[m.start() - 1 : m.start()] == "$" or MANGLED.search(m.group(0)):
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
    if HEX.fullmatch(longest.lower()) and re.search(r"\d", longest):
        # `key-<32 hex>`; the public prefixes (`sha256-`) are out, and so is a name made of
        # words with its content's digest (`named_digest`).
        return len(longest) >= 32 and not named_digest(m.group(0))
    both_cases = bool(re.search(r"[a-z]", flat) and re.search(r"[A-Z]", flat))
    if not re.search(r"\d", flat) and not both_cases:
        return False
    # A random body: both cases (or one case and digits) and as varied as a key is.
    if entropy(flat) < (4.0 if both_cases else 3.7) or reads_as_text(flat):
        return False
    if decodes_to_structure(m.group(0)):
        return False
    return said_secret(m.string, m.start(), m.end()) or glued_name_says_secret(m.group(0))
