"""Long runs that are public or data by their label, element, file or place (not a secret)."""

from __future__ import annotations

import bisect
import functools
import re

from writers.redact.context.machine_made import (
    CIPHERTEXT,
    CURSOR_OBJECT,
    LABEL_END,
    POSITION_NAMES,
    PUBLIC_LABEL,
    SECRET_WORD,
    file_bytes,
    public_name,
)
from writers.redact.names.sealed import described_sealed, jwk_public_member, under_sealed_key
from writers.redact.public_forms import (
    block_label,
    introduced_as_digests,
    public_by_words,
)
from writers.redact.structure import (
    line_before,
)
from writers.redact.values.placeholders import enveloped

_B58 = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz"


# A word right before the value, with no colon: `thumbhash `…``, `blurhash "…"`.
_WORD_BEFORE = re.compile(r"(?<![\w-])([A-Za-z][A-Za-z0-9]*)[ \t]+[`\"']?$")
_DIGEST_ENDINGS = ("hash", "digest", "checksum", "fingerprint", "thumbprint", "sha256", "sha1")


def public_by_label(before: str) -> bool:
    """True when the text just before a value labels it public (see `PUBLIC_LABEL`), or puts it
    inside an encryption envelope."""
    if ("ENC[" in before or "vault:v" in before) and CIPHERTEXT.search(before):
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
    if not LABEL_END.search(before[-8:]):
        return False  # no `label:` or `label=` right before the value
    label = PUBLIC_LABEL.search(before[-80:])
    if label is None:
        return False
    name = label.group("label")
    if name.lower() in POSITION_NAMES and CURSOR_OBJECT.search(before):
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
    return bool(found) and not SECRET_WORD.search(before[found[-1].end() :])


ENCODING_NAME = re.compile(r"(?i)(?:^|[^A-Za-z0-9])(?:base64|b64)$")


def data_by_label(text: str, start: int) -> bool:
    """True when the label before `start`, on its line, names a file or an encoding (see above)."""
    line = line_before(text, start)
    if SECRET_WORD.search(line):
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
    return file_bytes(_JOINER.sub("", text[begin : begin + 200]))


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
    if key is None or SECRET_WORD.search(key.group("k")):
        return False
    alias = re.escape(key.group("k"))
    for m in re.finditer(
        rf"[{{,][ \t]*{alias}[ \t]*:[ \t]*\.?(?P<f>[A-Za-z_][\w.-]*)", text[:start]
    ):
        field = m.group("f").rsplit(".", 1)[-1]
        if not SECRET_WORD.search(m.group("f")) and public_name(field):
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
    if tag is None or SECRET_WORD.search(tag.group("name")):
        return False  # `<SessionId>`, `<ClientSecretValue>`: what it opens, it names
    if tag.group("name") in _XMLDSIG_PUBLIC:
        # XML-DSig's `<X509Certificate>` holds a certificate (DER in base64), public by
        # definition as an armoured CERTIFICATE block is (a SAML IdP's metadata publishes it);
        # a bundle with a private key (PKCS#12) never stands there.
        return True
    return public_name(tag.group("name"))


_XMLDSIG_PUBLIC = frozenset({"X509Certificate", "X509CRL"})
