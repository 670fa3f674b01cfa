"""Is a run of bytes serialized data? Grammars of the binary formats pasted into chat.

A key, a token's random part or a signature is uniformly random bytes. Serialized data follows a
grammar: a protobuf message is a sequence of (tag, value) fields whose wire types and lengths
account for every byte; a msgpack document is typed values whose lengths do the same. Random
bytes parse completely under either grammar about never (the first byte alone is a valid tag or
type for about half of all values, and each length must then land exactly on the end), and a
message whose text fields are readable is data. A readable text field that looks random (a key
carried inside a message) makes it a candidate again.
"""

from __future__ import annotations

import base64
import binascii
import math
import re
import struct
import zlib
from collections.abc import Callable


def line_before(text: str, start: int) -> str:
    """The text of `start`'s line before it: what labels a value on its own line."""
    return text[text.rfind("\n", 0, start) + 1 : start]


__all__ = [
    "checksum_beside",
    "der_public",
    "msgpack_texts",
    "numeric_array",
    "protobuf_texts",
    "readable_structure",
]

_MAX_DEPTH = 4
_PRINTABLE = re.compile(r"[ -~\t\r\n\u00a0-\uffff]+")


def _varint(raw: bytes, pos: int) -> tuple[int, int] | None:
    value = shift = 0
    while pos < len(raw) and shift < 64:
        b = raw[pos]
        value |= (b & 0x7F) << shift
        pos += 1
        if not b & 0x80:
            return value, pos
        shift += 7
    return None


def _text(chunk: bytes) -> str | None:
    try:
        text = chunk.decode("utf-8")
    except UnicodeDecodeError:
        return None
    return text if _PRINTABLE.fullmatch(text) else None


def protobuf_texts(raw: bytes, depth: int = 0) -> list[str] | None:
    """The text fields of `raw` parsed as one whole protobuf message, or None when it is not one
    (a byte left over, a group or a reserved wire type, a field that is neither text nor a
    message)."""
    if not raw or depth > _MAX_DEPTH:
        return None
    texts: list[str] = []
    pos = 0
    while pos < len(raw):
        tag = _varint(raw, pos)
        if tag is None or tag[0] >> 3 == 0:
            return None
        key, pos = tag
        wire = key & 7
        if wire == 0:
            got = _varint(raw, pos)
            if got is None:
                return None
            pos = got[1]
        elif wire in (1, 5):
            pos += 8 if wire == 1 else 4
        elif wire == 2:
            got = _varint(raw, pos)
            if got is None or got[1] + got[0] > len(raw):
                return None
            chunk = raw[got[1] : got[1] + got[0]]
            pos = got[1] + got[0]
            text = _text(chunk)
            inner = None if text is not None else protobuf_texts(chunk, depth + 1)
            if text is not None:
                texts.append(text)
            elif inner is not None:
                texts += inner
            else:
                return None  # opaque bytes: perhaps key material
        else:
            return None
    return texts if pos == len(raw) else None


def _mp_value(raw: bytes, pos: int, texts: list[str], depth: int) -> int | None:
    """Parse one msgpack value at `pos`; return the position after it, or None."""
    if pos >= len(raw) or depth > _MAX_DEPTH:
        return None
    b = raw[pos]
    pos += 1
    if b <= 0x7F or b >= 0xE0 or b in (0xC0, 0xC2, 0xC3):
        return pos  # fixint, nil, bool
    if 0xA0 <= b <= 0xBF or b in (0xD9, 0xDA, 0xDB):
        if b <= 0xBF:
            n = b & 0x1F
        else:
            width = {0xD9: 1, 0xDA: 2, 0xDB: 4}[b]
            n = int.from_bytes(raw[pos : pos + width], "big")
            pos += width
        text = _text(raw[pos : pos + n]) if pos + n <= len(raw) else None
        if text is None:
            return None
        texts.append(text)
        return pos + n
    widths = {0xCC: 1, 0xCD: 2, 0xCE: 4, 0xCF: 8, 0xD0: 1, 0xD1: 2, 0xD2: 4, 0xD3: 8}
    widths |= {0xCA: 4, 0xCB: 8}
    if b in widths:
        return pos + widths[b] if pos + widths[b] <= len(raw) else None
    if 0x80 <= b <= 0x8F or 0x90 <= b <= 0x9F or b in (0xDC, 0xDD, 0xDE, 0xDF):
        if b <= 0x9F:
            n = b & 0x0F
        else:
            width = 2 if b in (0xDC, 0xDE) else 4
            n = int.from_bytes(raw[pos : pos + width], "big")
            pos += width
        items = n * 2 if (0x80 <= b <= 0x8F or b in (0xDE, 0xDF)) else n
        for _ in range(items):
            got = _mp_value(raw, pos, texts, depth + 1)
            if got is None:
                return None
            pos = got
        return pos
    return None  # bin, ext and reserved types: opaque bytes


def msgpack_texts(raw: bytes) -> list[str] | None:
    """The strings of `raw` parsed as one whole msgpack map or array, or None."""
    if not raw or not (0x80 <= raw[0] <= 0x9F or raw[0] in (0xDC, 0xDD, 0xDE, 0xDF)):
        return None
    texts: list[str] = []
    end = _mp_value(raw, 0, texts, 0)
    return texts if end == len(raw) else None


def readable_structure(raw: bytes, looks_random: Callable[[str], bool]) -> bool:
    """True when `raw` is a whole protobuf message or msgpack document with at least one text
    field of three characters or more and no text field that `looks_random`. A frame (a flag
    byte and a 4-byte length that is exactly the rest, as gRPC writes a message) is judged by
    what it holds."""
    if len(raw) > 5 and raw[0] in (0, 1, 0x80) and int.from_bytes(raw[1:5], "big") == len(raw) - 5:
        text = _text(raw[5:])
        if text is not None:
            return not looks_random(text)
        raw = raw[5:]
    for parse in (msgpack_texts, protobuf_texts):
        texts = parse(raw)
        if texts is not None and any(len(t) >= 3 for t in texts):
            return not any(looks_random(t) for t in texts)
    return False


def _der_header(raw: bytes, pos: int) -> tuple[int, int, int] | None:
    """(tag, start of contents, end of contents) of the DER element at `pos`, or None."""
    if pos + 2 > len(raw):
        return None
    tag, first = raw[pos], raw[pos + 1]
    pos += 2
    if first < 0x80:
        length = first
    else:
        width = first & 0x7F
        if not 1 <= width <= 3 or pos + width > len(raw):
            return None
        length = int.from_bytes(raw[pos : pos + width], "big")
        pos += width
    return tag, pos, pos + length


def der_public(raw: bytes) -> bool:
    """True when `raw` is DER of a public key, a certificate or a signature, never of a private
    key. A private key's SEQUENCE opens with its version, an INTEGER (PKCS#1, PKCS#8, SEC1); a
    SubjectPublicKeyInfo or a certificate opens with a SEQUENCE (the algorithm, the signed
    part); an (EC)DSA signature is a SEQUENCE of exactly two INTEGERs, r and s. The bytes shown
    may be cut short: only the opening elements are read."""
    outer = _der_header(raw, 0)
    if outer is None or outer[0] != 0x30:
        return False
    first = _der_header(raw, outer[1])
    if first is None:
        return False
    if first[0] == 0x30:
        inner = _der_header(raw, first[1])
        # The algorithm identifier opens with an OID; a certificate's signed part with a
        # SEQUENCE or its [0] version.
        return inner is not None and inner[0] in (0x06, 0x30, 0xA0)
    if first[0] == 0x02 and outer[2] == len(raw):
        second = _der_header(raw, first[2])
        return second is not None and second[0] == 0x02 and second[2] == outer[2]
    return False


# Numbers as people and programs write them: zero, or a magnitude between a millionth and a
# million (a measurement, a coordinate, a score, an embedding's component).
_SMALLEST, _LARGEST = 1e-6, 1e6


def numeric_array(raw: bytes) -> bool:
    """True when `raw` reads as an array of floating-point numbers of everyday magnitude: eight
    or more float32, or four or more float64, little-endian, every one finite and zero or
    between 1e-6 and 1e6 in size (a plot's typed array, a NumPy buffer, an embedding).

    Random bytes read as floats have exponents spread evenly over the format's range: a float32
    lands in that window about one time in six, a float64 about one time in fifty: 32 random
    bytes pass about once in two million draws (1 in 2,000,000 measured), 48 bytes about never
    (0 in 2,000,000), while an array of measurements lands there every time. A key's bytes are
    random; a buffer of numbers is data."""
    for fmt, size, least in (("f", 4, 8), ("d", 8, 4)):
        count = len(raw) // size
        if count < least:
            continue
        values = struct.unpack(f"<{count}{fmt}", raw[: count * size])
        if all(
            math.isfinite(v) and (v == 0 or _SMALLEST <= abs(v) <= _LARGEST) for v in values
        ) and any(v != 0 for v in values):
            return True
    return False


_CRC_HEX = re.compile(r"(?<![0-9A-Za-z])(?:0x)?([0-9A-Fa-f]{8})(?![0-9A-Za-z])")


def checksum_beside(text: str, start: int, value: str) -> bool:
    """True when `value`, base64 at `start`, decodes to bytes whose CRC-32 is written on the same
    line (`{"seq": 251, "len": 48, "data": "…", "crc32": "0x271e4174"}`). A chunk printed with
    its checksum is a transfer's payload shown for an integrity check; a random run matches a
    given CRC-32 once in four billion, so a key beside an unrelated hex number stays a candidate."""
    line_start = text.rfind("\n", 0, start) + 1
    line_end = text.find("\n", start)
    line = text[line_start : len(text) if line_end < 0 else line_end]
    found = {h.lower() for h in _CRC_HEX.findall(line)}
    if not found:
        return False
    body = value.replace("-", "+").replace("_", "/").rstrip("=")
    try:
        raw = base64.b64decode(body + "=" * (-len(body) % 4), validate=True)
    except (binascii.Error, ValueError):
        return False
    return f"{zlib.crc32(raw):08x}" in found
