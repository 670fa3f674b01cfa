#!/usr/bin/env python3
"""Held-out redaction corpus #5 generator.

Standard library only, deterministic (random.Random(20261125)).
Writes redaction5_negatives.jsonl and redaction5_positives.jsonl next to this file.
Written without reading any redactor code or rules.
"""
import base64
import gzip
import io
import ipaddress
import json
import os
import re
import struct
import sys
import zipfile
import zlib

import random

SEED = 20261125
R = random.Random(SEED)

# ---------------------------------------------------------------------------
# small random helpers
# ---------------------------------------------------------------------------
HEX = "0123456789abcdef"
B62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
B64U = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
CROCK = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
LOWALNUM = "abcdefghijklmnopqrstuvwxyz0123456789"


def pick(seq):
    return R.choice(seq)


def rs(alpha, n):
    return "".join(R.choice(alpha) for _ in range(n))


def hx(n):
    return rs(HEX, n)


def rbytes(n):
    return bytes(R.getrandbits(8) for _ in range(n))


def b64(data):
    return base64.b64encode(data).decode()


def b64url_nopad(data):
    return base64.urlsafe_b64encode(data).decode().rstrip("=")


def wrap(s, n=76):
    return "\n".join(s[i:i + n] for i in range(0, len(s), n))


def uuid4():
    v = R.getrandbits(128)
    v = (v & ~(0xF << 76)) | (4 << 76)
    v = (v & ~(0x3 << 62)) | (0x2 << 62)
    h = "%032x" % v
    return "%s-%s-%s-%s-%s" % (h[:8], h[8:12], h[12:16], h[16:20], h[20:])


def uuid7(ms=None):
    if ms is None:
        ms = ts_ms()
    rnd = R.getrandbits(74)
    v = (ms << 80) | (7 << 76) | ((rnd >> 62) << 64) | (0x2 << 62) | (rnd & ((1 << 62) - 1))
    h = "%032x" % v
    return "%s-%s-%s-%s-%s" % (h[:8], h[8:12], h[12:16], h[16:20], h[20:])


def ts_s():
    return R.randint(1735689600, 1798761600)  # 2025-01-01 .. 2027-01-01


def ts_ms():
    return ts_s() * 1000 + R.randint(0, 999)


def ulid():
    v = (ts_ms() << 80) | R.getrandbits(80)
    out = []
    for _ in range(26):
        out.append(CROCK[v & 31])
        v >>= 5
    return "".join(reversed(out))


def iso(ts=None, ms=True):
    import datetime
    if ts is None:
        ts = ts_s()
    d = datetime.datetime.fromtimestamp(ts, datetime.timezone.utc)
    s = d.strftime("%Y-%m-%dT%H:%M:%S")
    if ms:
        s += ".%03dZ" % R.randint(0, 999)
    else:
        s += "Z"
    return s


def date(ts=None):
    import datetime
    if ts is None:
        ts = ts_s()
    return datetime.datetime.fromtimestamp(ts, datetime.timezone.utc).strftime("%Y-%m-%d")


def hms():
    return "%02d:%02d:%02d" % (R.randint(0, 23), R.randint(0, 59), R.randint(0, 59))


def priv_ip():
    k = R.randint(0, 6)
    if k == 0:
        return "10.%d.%d.%d" % (R.randint(0, 255), R.randint(0, 255), R.randint(1, 254))
    if k == 1:
        return "172.%d.%d.%d" % (R.randint(16, 31), R.randint(0, 255), R.randint(1, 254))
    if k == 2:
        return "192.168.%d.%d" % (R.randint(0, 255), R.randint(1, 254))
    if k == 3:
        return "100.%d.%d.%d" % (R.randint(64, 127), R.randint(0, 255), R.randint(1, 254))
    if k == 4:
        return "192.0.2.%d" % R.randint(1, 254)
    if k == 5:
        return "198.51.100.%d" % R.randint(1, 254)
    return "203.0.113.%d" % R.randint(1, 254)


ORGS = ["acme", "northwind", "globex", "initech", "umbrella", "hooli", "vandelay", "tyrell", "soylent", "cyberdyne",
        "wonka", "oscorp", "gringotts", "duff", "monarch", "aperture"]
SERVICES = ["billing-api", "ledger", "notif-gw", "search-indexer", "checkout", "tile-server", "auth-edge", "media-proxy",
            "payouts", "catalog-sync", "feature-store", "report-runner", "pdf-render", "geo-lookup", "quota-svc",
            "webhook-relay", "thumbnailer", "audit-sink", "price-engine", "inbox-worker"]
REGIONS = ["eu-central-1", "eu-west-3", "us-east-2", "ap-northeast-1", "sa-east-1", "eu-north-1", "ca-central-1"]


# ---------------------------------------------------------------------------
# real binary builders (all bytes well-formed)
# ---------------------------------------------------------------------------
def png_chunk(t, data):
    return struct.pack(">I", len(data)) + t + data + struct.pack(">I", zlib.crc32(t + data) & 0xFFFFFFFF)


def make_png(w=None, h=None, text=None):
    w = w or R.randint(1, 12)
    h = h or R.randint(1, 12)
    c1 = rbytes(3)
    c2 = rbytes(3)
    raw = b""
    for y in range(h):
        raw += b"\x00"
        for x in range(w):
            raw += c1 if (x + y) % 2 == 0 else c2
    out = b"\x89PNG\r\n\x1a\n" + png_chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0))
    if text:
        out += png_chunk(b"tEXt", b"Software\x00" + text.encode())
    out += png_chunk(b"IDAT", zlib.compress(raw, 9)) + png_chunk(b"IEND", b"")
    return out


def make_gif():
    c = rbytes(6)
    return (b"GIF89a" + struct.pack("<HH", 1, 1) + bytes([0x80, 0, 0]) + c +
            b"\x21\xf9\x04\x01\x00\x00\x00\x00" + b"\x2c" + struct.pack("<HHHH", 0, 0, 1, 1) + b"\x00" +
            b"\x02\x02\x44\x01\x00" + b"\x3b")


def _canon_codes(bits, vals):
    codes = {}
    code = 0
    k = 0
    for length in range(1, 17):
        for _ in range(bits[length - 1]):
            codes[vals[k]] = (code, length)
            code += 1
            k += 1
        code <<= 1
    return codes


def make_jpeg(bw=None, bh=None):
    """Real baseline greyscale JPEG: uniform 8x8 blocks, Q=1, DC-only."""
    bw = bw or R.randint(1, 3)
    bh = bh or R.randint(1, 2)
    dc_bits = [0, 1, 5, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0]
    dc_vals = list(range(12))
    ac_bits = [1] + [0] * 15
    ac_vals = [0]
    dc = _canon_codes(dc_bits, dc_vals)
    ac = _canon_codes(ac_bits, ac_vals)
    out = b"\xff\xd8"
    out += b"\xff\xe0" + struct.pack(">H", 16) + b"JFIF\x00\x01\x01\x00\x00\x01\x00\x01\x00\x00"
    out += b"\xff\xdb" + struct.pack(">H", 67) + b"\x00" + b"\x01" * 64
    out += b"\xff\xc0" + struct.pack(">HBHHB", 11, 8, bh * 8, bw * 8, 1) + b"\x01\x11\x00"
    out += b"\xff\xc4" + struct.pack(">H", 2 + 1 + 16 + 12) + b"\x00" + bytes(dc_bits) + bytes(dc_vals)
    out += b"\xff\xc4" + struct.pack(">H", 2 + 1 + 16 + 1) + b"\x10" + bytes(ac_bits) + bytes(ac_vals)
    out += b"\xff\xda" + struct.pack(">HB", 8, 1) + b"\x01\x00" + b"\x00\x3f\x00"
    bitstr = ""
    prev = 0
    for _ in range(bw * bh):
        v = R.randint(0, 255)
        coef = 8 * (v - 128)
        diff = coef - prev
        prev = coef
        cat = abs(diff).bit_length()
        c, l = dc[cat]
        bitstr += format(c, "0%db" % l)
        if cat:
            val = diff if diff > 0 else diff + (1 << cat) - 1
            bitstr += format(val, "0%db" % cat)
        c, l = ac[0]
        bitstr += format(c, "0%db" % l)
    while len(bitstr) % 8:
        bitstr += "1"
    ent = b""
    for i in range(0, len(bitstr), 8):
        byte = int(bitstr[i:i + 8], 2)
        ent += bytes([byte])
        if byte == 0xFF:
            ent += b"\x00"
    return out + ent + b"\xff\xd9"


class _BW:
    def __init__(self):
        self.bits = []

    def put(self, v, n):
        for i in range(n):
            self.bits.append((v >> i) & 1)

    def bytes(self):
        b = bytearray()
        for i in range(0, len(self.bits), 8):
            chunk = self.bits[i:i + 8]
            v = 0
            for j, bit in enumerate(chunk):
                v |= bit << j
            b.append(v)
        return bytes(b)


def make_webp(w=None, h=None):
    """Real lossless WebP (VP8L) of a single colour using simple prefix codes."""
    w = w or R.randint(1, 64)
    h = h or R.randint(1, 64)
    a, r, g, b = 255, R.randint(0, 255), R.randint(0, 255), R.randint(0, 255)
    bw = _BW()
    bw.put(w - 1, 14)
    bw.put(h - 1, 14)
    bw.put(0, 1)  # alpha unused
    bw.put(0, 3)  # version
    bw.put(0, 1)  # no transform
    bw.put(0, 1)  # no colour cache
    bw.put(0, 1)  # no meta prefix codes
    for sym in (g, r, b, a, 0):
        bw.put(1, 1)  # simple code
        bw.put(0, 1)  # one symbol
        bw.put(1, 1)  # 8-bit symbol
        bw.put(sym, 8)
    data = b"\x2f" + bw.bytes()
    pad = b"\x00" if len(data) % 2 else b""
    chunk = b"VP8L" + struct.pack("<I", len(data)) + data + pad
    return b"RIFF" + struct.pack("<I", 4 + len(chunk)) + b"WEBP" + chunk


def box(t, payload):
    return struct.pack(">I", 8 + len(payload)) + t + payload


def fullbox(t, ver, flags, payload):
    return box(t, struct.pack(">I", (ver << 24) | flags) + payload)


def make_avif():
    w, h = R.choice([(64, 64), (128, 96), (32, 32), (400, 300)])
    ftyp = box(b"ftyp", b"avif" + b"\x00\x00\x00\x00" + b"avifmif1miafMA1B")
    hdlr = fullbox(b"hdlr", 0, 0, b"\x00" * 4 + b"pict" + b"\x00" * 12 + b"\x00")
    pitm = fullbox(b"pitm", 0, 0, struct.pack(">H", 1))
    ispe = fullbox(b"ispe", 0, 0, struct.pack(">II", w, h))
    av1c = box(b"av1C", bytes([0x81, 0x00, 0x0c, 0x00]))
    ipco = box(b"ipco", ispe + av1c)
    ipma = fullbox(b"ipma", 0, 0, struct.pack(">IHB", 1, 1, 2) + bytes([0x81, 0x82]))
    iprp = box(b"iprp", ipco + ipma)
    infe = fullbox(b"infe", 2, 0, struct.pack(">HH", 1, 0) + b"av01" + b"\x00")
    iinf = fullbox(b"iinf", 0, 0, struct.pack(">H", 1) + infe)
    payload = b"\x12\x00\x0a" + rbytes(R.randint(10, 30))
    meta_wo_iloc = hdlr + pitm + iinf + iprp
    iloc_len = 8 + 4 + 2 + 2 + (2 + 2 + 2 + 4 + 4)
    meta_len = 12 + len(meta_wo_iloc) + iloc_len
    off = len(ftyp) + meta_len + 8
    iloc = fullbox(b"iloc", 0, 0, bytes([0x44, 0x00]) + struct.pack(">HHHHII", 1, 1, 0, 1, off, len(payload)))
    meta = fullbox(b"meta", 0, 0, hdlr + pitm + iloc + iinf + iprp)
    return ftyp + meta + box(b"mdat", payload)


def make_pdf(title=None):
    title = title or pick(["Quarterly report", "Floor plan", "Release notes", "Menu", "Rate card", "Style guide"])
    objs = [
        b"<< /Type /Catalog /Pages 2 0 R >>",
        b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 100] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
    ]
    stream = ("BT /F1 12 Tf 20 50 Td (%s) Tj ET" % title).encode()
    objs.append(b"<< /Length " + str(len(stream)).encode() + b" >>\nstream\n" + stream + b"\nendstream")
    objs.append(b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>")
    out = b"%PDF-1.4\n"
    offs = []
    for i, o in enumerate(objs, 1):
        offs.append(len(out))
        out += str(i).encode() + b" 0 obj\n" + o + b"\nendobj\n"
    xref = len(out)
    out += b"xref\n0 " + str(len(objs) + 1).encode() + b"\n0000000000 65535 f \n"
    for o in offs:
        out += ("%010d 00000 n \n" % o).encode()
    out += b"trailer\n<< /Size " + str(len(objs) + 1).encode() + b" /Root 1 0 R >>\nstartxref\n" + str(xref).encode() + b"\n%%EOF\n"
    return out


def _leb(n):
    out = bytearray()
    while True:
        b = n & 0x7F
        n >>= 7
        if n:
            out.append(b | 0x80)
        else:
            out.append(b)
            return bytes(out)


def _wsec(i, payload):
    return bytes([i]) + _leb(len(payload)) + payload


def make_wasm(name=None):
    name = (name or pick(["add", "sub", "mul", "blend", "clamp", "mix", "lerp", "hash32", "step"])).encode()
    op = pick([0x6A, 0x6B, 0x6C, 0x71, 0x72, 0x73])
    types = _wsec(1, b"\x01\x60\x02\x7f\x7f\x01\x7f")
    funcs = _wsec(3, b"\x01\x00")
    exports = _wsec(7, b"\x01" + _leb(len(name)) + name + b"\x00\x00")
    body = b"\x00\x20\x00\x20\x01" + bytes([op]) + b"\x0b"
    code = _wsec(10, b"\x01" + _leb(len(body)) + body)
    return b"\x00asm\x01\x00\x00\x00" + types + funcs + exports + code


def make_zip(files=None):
    files = files or {pick(["index.js", "handler.py", "main.go", "README.txt", "manifest.json"]):
                      pick(["exports.handler = async () => ({ statusCode: 204 });\n",
                            "def handler(event, ctx):\n    return {'ok': True}\n",
                            "{\"name\": \"thumb\", \"version\": \"1.4.2\"}\n",
                            "package main\n\nfunc main() {}\n",
                            "build artefact, see CHANGELOG\n"])}
    bio = io.BytesIO()
    with zipfile.ZipFile(bio, "w", zipfile.ZIP_DEFLATED) as z:
        for n, c in files.items():
            zi = zipfile.ZipInfo(n, date_time=(2026, 11, 25, 9, 30, 0))
            zi.compress_type = zipfile.ZIP_DEFLATED
            zi.external_attr = 0o644 << 16
            z.writestr(zi, c)
    return bio.getvalue()


def make_gzip(text=None):
    text = text or pick(["{\"items\":[],\"next\":null}\n", "level=info msg=\"flush ok\" n=%d\n" % R.randint(1, 999),
                         "col_a,col_b\n1,2\n3,4\n", "<svg xmlns=\"http://www.w3.org/2000/svg\"/>\n"])
    return gzip.compress(text.encode(), compresslevel=9, mtime=0)


def pb_varint(n):
    return _leb(n)


def pb_field(num, wt, val):
    key = pb_varint((num << 3) | wt)
    if wt == 0:
        return key + pb_varint(val)
    if wt == 2:
        return key + pb_varint(len(val)) + val
    raise ValueError


def make_proto():
    msg = pb_field(1, 2, pick(["sku-", "tile/", "evt."]).encode() + rs(LOWALNUM, 6).encode())
    msg += pb_field(2, 0, R.randint(1, 10 ** 6))
    msg += pb_field(3, 2, pb_field(1, 0, R.randint(0, 300)) + pb_field(2, 2, pick([b"EUR", b"JPY", b"SEK", b"BRL"])))
    msg += pb_field(4, 0, R.randint(0, 1))
    return msg


def make_woff2():
    flavor = pick([b"\x00\x01\x00\x00", b"OTTO"])
    body = rbytes(R.randint(20, 40))
    total = 48 + len(body)
    return b"wOF2" + flavor + struct.pack(">IHHIHHIIIII", total, R.randint(8, 14), 0, total * 3, 0, 0,
                                          0, 0, 0, 0, 0) + body


def make_ttf():
    ntables = R.randint(8, 12)
    es = ntables.bit_length() - 1
    sr = (1 << es) * 16
    head = struct.pack(">IHHHH", 0x00010000, ntables, sr, es, ntables * 16 - sr)
    tags = [b"OS/2", b"cmap", b"glyf", b"head", b"hhea", b"hmtx", b"loca", b"maxp", b"name", b"post", b"kern", b"GPOS"][:ntables]
    off = 12 + 16 * ntables
    for t in tags:
        ln = R.randint(32, 400)
        head += t + struct.pack(">III", R.getrandbits(32), off, ln)
        off += (ln + 3) & ~3
    return head


def make_bmp():
    w, h = R.randint(1, 4), R.randint(1, 4)
    rowlen = (w * 3 + 3) & ~3
    pix = b"".join(rbytes(w * 3) + b"\x00" * (rowlen - w * 3) for _ in range(h))
    hdr = struct.pack("<2sIHHI", b"BM", 54 + len(pix), 0, 0, 54)
    info = struct.pack("<IiiHHIIiiII", 40, w, h, 1, 24, 0, len(pix), 2835, 2835, 0, 0)
    return hdr + info + pix


def make_sqlite_head():
    return b"SQLite format 3\x00" + struct.pack(">HBBBBBBIIIIIIIIIIII", 4096, 1, 1, 0, 64, 32, 32, R.randint(1, 99),
                                                   R.randint(2, 40), 0, 0, R.randint(1, 9), 4, 0, 0, 1, 0, 0, 0)


def make_elf_head():
    return b"\x7fELF\x02\x01\x01\x00" + b"\x00" * 8 + struct.pack("<HHIQQQIHHHHHH", 3, 0x3E, 1, 0x401000 + R.randint(0, 4095) * 16,
                                                                   64, R.randint(10000, 90000), 0, 64, 56, 13, 64, 31, 30)


def make_msgpack():
    # {"id": int, "kind": str, "ok": bool}
    out = b"\x83" + b"\xa2id" + b"\xce" + struct.pack(">I", R.randint(0, 2 ** 32 - 1))
    k = pick(["resize", "flush", "ping", "sync"]).encode()
    out += b"\xa4kind" + bytes([0xA0 | len(k)]) + k + b"\xa2ok" + pick([b"\xc3", b"\xc2"])
    return out


def make_ogg_head():
    return b"OggS\x00\x02" + b"\x00" * 8 + struct.pack("<II", R.getrandbits(32), 0) + rbytes(4) + b"\x01\x1e\x01vorbis"


def make_parquet_head():
    return b"PAR1" + b"\x15\x04\x15" + rbytes(24)


def make_pickle():
    # protocol 4 pickle of a small dict of ints
    k = pick(["w", "h", "n", "page"]).encode()
    return b"\x80\x04\x95" + struct.pack("<Q", 11 + len(k)) + b"}\x94\x8c" + bytes([len(k)]) + k + b"\x94K" + bytes([R.randint(1, 200)]) + b"s."


BLOBS = {
    "image/png": make_png, "image/jpeg": make_jpeg, "image/gif": make_gif, "image/webp": make_webp,
    "image/avif": make_avif, "application/pdf": make_pdf, "application/wasm": make_wasm,
    "application/zip": make_zip, "application/gzip": make_gzip, "application/x-protobuf": make_proto,
    "font/woff2": make_woff2, "font/ttf": make_ttf, "image/bmp": make_bmp,
}


def blob(mime):
    return b64(BLOBS[mime]())


# ---------------------------------------------------------------------------
# validators (shared by scanner and positives)
# ---------------------------------------------------------------------------
def luhn_ok(d):
    s = 0
    for i, ch in enumerate(reversed(d)):
        n = int(ch)
        if i % 2:
            n *= 2
            if n > 9:
                n -= 9
        s += n
    return s % 10 == 0


def luhn_complete(prefix_digits):
    for c in "0123456789":
        if luhn_ok(prefix_digits + c):
            return prefix_digits + c


def iban_mod97_ok(s):
    s = s.replace(" ", "").upper()
    if len(s) < 15 or not re.fullmatch(r"[A-Z]{2}\d{2}[A-Z0-9]+", s):
        return False
    t = s[4:] + s[:4]
    num = "".join(str(int(c, 36)) for c in t)
    return int(num) % 97 == 1


def iban_make(cc, bban):
    t = bban + cc + "00"
    num = "".join(str(int(c, 36)) for c in t)
    chk = 98 - int(num) % 97
    return "%s%02d%s" % (cc, chk, bban)


def ssn_ok(a, g, s):
    return a not in (0, 666) and a < 900 and g != 0 and s != 0


def ip_public(ip):
    try:
        a = ipaddress.IPv4Address(ip)
    except ValueError:
        return False
    if a.is_private or a.is_loopback or a.is_link_local or a.is_multicast or a.is_reserved or a.is_unspecified:
        return False
    for net in ("100.64.0.0/10", "192.0.2.0/24", "198.51.100.0/24", "203.0.113.0/24", "198.18.0.0/15", "0.0.0.0/8",
                "192.0.0.0/24", "192.88.99.0/24", "255.255.255.255/32"):
        if a in ipaddress.IPv4Network(net):
            return False
    return True


# ---------------------------------------------------------------------------
# scanner for the negatives' guarantees
# ---------------------------------------------------------------------------
EMAIL_RE = re.compile(r"[A-Za-z0-9!#$%&'*+/=?^_{|}~.-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}")
TOKEN_RES = [
    ("github_token", re.compile(r"gh[pousr]_[A-Za-z0-9]{30,}")),
    ("github_pat", re.compile(r"github_pat_[A-Za-z0-9_]{20,}")),
    ("slack_token", re.compile(r"xox[abposrce]-\d+-")),
    ("sk_key", re.compile(r"\bsk-[A-Za-z0-9_-]{29,}")),
    ("anthropic", re.compile(r"sk-ant-(?:api|admin)\d\d-[A-Za-z0-9_-]{16,}")),
    ("stripe_live", re.compile(r"[sr]k_live_[A-Za-z0-9]{20,}")),
    ("google_api", re.compile(r"AIza[0-9A-Za-z_-]{35}")),
    ("jwt", re.compile(r"eyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]{5,}")),
    ("ssn_shape", re.compile(r"(?<![\d-])\d{3}-\d{2}-\d{4}(?![\d-])")),
    ("pem_private", re.compile(r"-----BEGIN [A-Z ]*PRIVATE KEY-----\s*\n\s*[A-Za-z0-9+/=]{40,}")),
]
AWS_RE = re.compile(r"(?:AKIA|ASIA)[A-Z0-9]{16}")
IPV4_RE = re.compile(r"(?<![\d.])(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})(?![\d.]*\d)")
DIGITS_RE = re.compile(r"(?<![\d])\d+(?:[ -]\d+)*(?![\d])")
IBAN_RE = re.compile(r"\b[A-Z]{2}\d{2}(?: ?[A-Z0-9]){11,32}")

# deliberate exceptions (documented in README)
ALLOWED_IPV4 = set()


def luhn_hits(text):
    hits = []
    for m in DIGITS_RE.finditer(text):
        groups = re.split(r"[ -]", m.group(0))
        for i in range(len(groups)):
            tot = ""
            for j in range(i, len(groups)):
                tot += groups[j]
                if len(tot) > 19:
                    break
                if 13 <= len(tot) <= 19 and luhn_ok(tot):
                    hits.append(" ".join(groups[i:j + 1]))
    return hits


def iban_hits(text):
    hits = []
    for m in IBAN_RE.finditer(text):
        s = m.group(0).replace(" ", "")
        for L in range(15, min(34, len(s)) + 1):
            if iban_mod97_ok(s[:L]):
                hits.append(s[:L])
                break
    return hits


def scan(text, allow_ips=()):
    found = []
    for m in EMAIL_RE.finditer(text):
        found.append(("email", m.group(0)))
    for name, rx in TOKEN_RES:
        for m in rx.finditer(text):
            found.append((name, m.group(0)))
    for m in AWS_RE.finditer(text):
        if "EXAMPLE" not in m.group(0):
            found.append(("aws_key_id", m.group(0)))
    for m in IPV4_RE.finditer(text):
        parts = [int(x) for x in m.groups()]
        if all(p <= 255 for p in parts):
            ip = ".".join(map(str, parts))
            if ip_public(ip) and ip not in allow_ips:
                found.append(("public_ipv4", ip))
    for h in luhn_hits(text):
        found.append(("luhn", h))
    for h in iban_hits(text):
        found.append(("iban", h))
    return found


# ---------------------------------------------------------------------------
# decorations
# ---------------------------------------------------------------------------
LEADINS = ["fyi ", "FYI: ", "Zur Info: ", "pour info : ", "ojo: ", "para registro: ", "ter info: ", "nota: ",
           "na marginesie: ", "メモ: ", "참고: ", "备注：", "obs: ", "bilgi: ", "pro info: ", "quick q — ", "heads-up: "]
TRAILERS = ["\nthoughts?", "\n:eyes:", "\n(ignore the formatting)", "\nmerci", "\ndanke!", "\n🙏", "\n— thx",
            "\nkann das jemand bestätigen?", "\n¿alguien lo revisa?", "\nよろしくお願いします", "\ncc #platform",
            "\n+1", "\nlmk"]


def decorate(text, p_lead=0.13, p_tail=0.06):
    if R.random() < p_lead and not text.startswith("```"):
        text = pick(LEADINS) + text
    if R.random() < p_tail:
        text = text + pick(TRAILERS)
    return text


def fence(lang, body):
    return "```%s\n%s\n```" % (lang, body)


IMG_MIMES = ["image/png", "image/jpeg", "image/gif", "image/webp", "image/avif", "image/bmp"]
ANY_MIMES = list(BLOBS.keys())
FNAMES = {"image/png": "png", "image/jpeg": "jpg", "image/gif": "gif", "image/webp": "webp", "image/avif": "avif",
          "application/pdf": "pdf", "application/wasm": "wasm", "application/zip": "zip", "application/gzip": "gz",
          "application/x-protobuf": "pb", "font/woff2": "woff2", "font/ttf": "ttf", "image/bmp": "bmp"}


def fname(mime):
    stem = pick(["spinner", "avatar-placeholder", "logo-mark", "chart-q3", "hero-blur", "badge", "tile_0_0", "sprite",
                 "empty-state", "favicon", "watermark", "pixel", "arrow-left", "map-pin", "swatch", "cover-thumb"])
    return "%s.%s" % (stem, FNAMES[mime])


# ---------------------------------------------------------------------------
# category 1: base64 images and binary blobs
# ---------------------------------------------------------------------------
def c1_css():
    m = pick(IMG_MIMES)
    sel = pick([".skeleton", ".btn--ghost::after", "#map .marker", ".hero", "body.dark .empty", ".chip > i"])
    return fence(pick(["css", "scss", "less"]), "%s {\n  background-image: url(\"data:%s;base64,%s\");\n  background-size: %dpx;\n}" % (
        sel, m, blob(m), R.choice([8, 12, 16, 24, 32])))


def c1_html_img():
    m = pick(IMG_MIMES)
    alt = pick(["", "loading", "Logo", "Vorschau", "aperçu", "サムネイル", "miniatura"])
    return "the email template inlines the image, that's why the HTML is %d KB:\n%s" % (R.randint(40, 400), fence(
        "html", '<img width="%d" height="%d" alt="%s" src="data:%s;base64,%s">' % (R.randint(1, 64), R.randint(1, 64), alt, m, blob(m))))


def c1_markdown():
    m = pick(["image/png", "image/gif", "image/webp"])
    return pick(["Rendered fine on GitHub but not in Confluence:", "La imagen no se ve en el wiki:", "Im Wiki fehlt das Bild:",
                 "Obrazek nie renderuje się w podglądzie:"]) + "\n\n![%s](data:%s;base64,%s)" % (
        pick(["status", "diagram", "legend", "icon"]), m, blob(m))


def c1_mime():
    m = pick(["image/png", "image/jpeg", "application/pdf", "image/gif"])
    fn = fname(m)
    bnd = "----=_Part_%d_%d.%d" % (R.randint(100, 999), R.randint(10 ** 8, 10 ** 9), ts_ms())
    body = wrap(blob(m), 76)
    txt = ("raw source of the bounce — the attachment part is what blows up the parser:\n```\n"
           "Content-Type: multipart/related; boundary=\"%s\"\n\n--%s\nContent-Type: text/html; charset=UTF-8\n"
           "Content-Transfer-Encoding: quoted-printable\n\n<p>Weekly digest</p><img src=3D\"cid:%s\">\n--%s\n"
           "Content-Type: %s; name=\"%s\"\nContent-Transfer-Encoding: base64\nContent-Disposition: inline; filename=\"%s\"\n"
           "Content-ID: <%s>\n\n%s\n--%s--\n```") % (bnd, bnd, fn, bnd, m, fn, fn, fn, body, bnd)
    return txt


def c1_jupyter():
    m = pick(["image/png", "image/jpeg"])
    return fence("json", json.dumps({
        "output_type": "display_data",
        "data": {m: blob(m), "text/plain": ["<Figure size 640x480 with 1 Axes>"]},
        "metadata": {"needs_background": "light"}}, indent=1)) + "\n" + pick([
        "nbstripout would have removed this, the notebook is 9 MB now",
        "c'est pour ça que le diff du notebook est illisible",
        "deshalb ist der Diff so groß", "notebook diff is unreadable because of this"])


def c1_har():
    m = pick(["font/woff2", "image/webp", "image/png", "application/wasm", "font/ttf"])
    entry = {"request": {"method": "GET", "url": "https://static.example.net/assets/%s?v=%s" % (fname(m), hx(8)),
                         "httpVersion": "h2"},
             "response": {"status": 200, "content": {"size": R.randint(30, 800), "mimeType": m, "encoding": "base64",
                                                       "text": blob(m)}},
             "time": round(R.uniform(1, 90), 3)}
    return "from the HAR export (entry %d of %d):\n%s" % (R.randint(2, 90), R.randint(91, 300), fence("json", json.dumps(entry, indent=2)))


def c1_configmap():
    m = pick(["application/wasm", "application/gzip", "image/png", "application/zip"])
    key = {"application/wasm": "filter.wasm", "application/gzip": "seed.json.gz", "image/png": "favicon.png",
           "application/zip": "plugin.zip"}[m]
    return fence("yaml", "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: %s-assets\n  namespace: %s\n"
                         "binaryData:\n  %s: %s\ndata:\n  mode: \"%s\"" % (pick(SERVICES), pick(["edge", "ingress", "web", "tools"]),
                                                                           key, blob(m), pick(["strict", "lenient", "shadow"])))


def c1_font_face():
    m = pick(["font/woff2", "font/ttf"])
    fam = pick(["Inter Subset", "IconsRegular", "Noto Sans JP Sub", "BrandGlyphs", "Mono Digits"])
    fmt = "woff2" if m == "font/woff2" else "truetype"
    return fence("css", "@font-face {\n  font-family: \"%s\";\n  src: url(data:%s;base64,%s) format(\"%s\");\n  font-display: swap;\n  unicode-range: U+0030-0039;\n}" % (
        fam, m, blob(m), fmt))


def c1_log():
    m = pick(["application/x-protobuf", "application/gzip", "application/x-protobuf"])
    lines = []
    for _ in range(R.randint(2, 9)):
        lines.append("%s %s %s payload_b64=%s len=%d" % (iso(), pick(["DEBUG", "TRACE"]), pick(SERVICES),
                                                         blob(m), R.randint(10, 90)))
    return "the consumer logs every frame, which is noisy:\n" + fence("", "\n".join(lines))


def c1_kcat():
    lines = []
    for _ in range(R.randint(2, 7)):
        lines.append("%% Message (topic %s [%d], offset %d) key=%s value=%s" % (
            pick(["orders.v2", "tiles", "metrics.raw", "search.docs"]), R.randint(0, 11), R.randint(1000, 10 ** 7),
            uuid4(), b64(make_gzip())))
    return "`kcat -C -b localhost:9092 -e -f ...` output, values are gzip:\n" + fence("", "\n".join(lines))


def c1_py_fixture():
    m = pick(["application/wasm", "application/pdf", "image/avif", "application/zip"])
    nm = {"application/wasm": "WASM_ADD", "application/pdf": "ONE_PAGE_PDF", "image/avif": "TINY_AVIF",
          "application/zip": "LAMBDA_ZIP"}[m]
    return fence("python", "import base64\n\n%s = base64.b64decode(\n    \"%s\"\n)\n\n\ndef test_sniff_%s():\n    assert sniff(%s) == \"%s\"" % (
        nm, blob(m), nm.lower(), nm, m))


def c1_js_wasm():
    return fence(pick(["js", "ts"]), "const bytes = Uint8Array.from(atob(\"%s\"), c => c.charCodeAt(0));\nconst { instance } = await WebAssembly.instantiate(bytes);\nconsole.log(instance.exports.%s(%d, %d));" % (
        blob("application/wasm"), pick(["add", "mix", "step"]), R.randint(1, 99), R.randint(1, 99)))


def c1_terraform():
    return fence("hcl", "resource \"aws_lambda_function\" \"%s\" {\n  function_name    = \"%s\"\n  filename         = \"build/%s.zip\"\n  # inlined for the test account only\n  source_code_hash = \"%s\"\n}\n\n# plan output:\n#   + zip_base64 = \"%s\"" % (
        pick(SERVICES).replace("-", "_"), pick(SERVICES), pick(SERVICES), b64(bytes(rbytes(32))), blob("application/zip")))


def c1_github_contents():
    text = pick(["# tile-server\n\nRenders vector tiles.\n", "node_modules/\ndist/\n*.log\n", "[tool.ruff]\nline-length = 100\n",
                 "FROM alpine:3.20\nRUN apk add --no-cache curl\n"])
    enc = b64(text.encode())
    enc = "\\n".join(enc[i:i + 60] for i in range(0, len(enc), 60)) + "\\n"
    return "GitHub contents API returns it base64 with embedded newlines:\n" + fence("json", "{\n  \"type\": \"file\",\n  \"encoding\": \"base64\",\n  \"size\": %d,\n  \"name\": \"%s\",\n  \"sha\": \"%s\",\n  \"content\": \"%s\"\n}" % (
        len(text), pick(["README.md", ".gitignore", "pyproject.toml", "Dockerfile"]), hx(40), enc))


def c1_sql():
    m = pick(["image/png", "image/gif", "image/bmp"])
    return fence("sql", "INSERT INTO ui_assets (slug, mime, body)\nVALUES ('%s', '%s', decode('%s', 'base64'))\nON CONFLICT (slug) DO NOTHING;" % (
        pick(["empty-cart", "spinner", "flag-eu", "dot-green"]), m, blob(m)))


def c1_xml():
    m = pick(["application/pdf", "application/zip", "image/jpeg"])
    return fence("xml", "<attachment>\n  <fileName>%s</fileName>\n  <mimeCode>%s</mimeCode>\n  <binaryObject encoding=\"base64\">%s</binaryObject>\n</attachment>" % (
        fname(m), m, wrap(blob(m), 72)))


def c1_swift_kotlin_cs():
    m = pick(["image/png", "image/webp", "application/pdf", "image/gif"])
    k = R.randint(0, 3)
    if k == 0:
        return fence("swift", "let placeholder = UIImage(data: Data(base64Encoded: \"%s\")!)" % blob(m))
    if k == 1:
        return fence("kotlin", "private val PREVIEW = Base64.decode(\"%s\", Base64.DEFAULT)" % blob(m))
    if k == 2:
        return fence("csharp", "var bytes = Convert.FromBase64String(\"%s\");\nawait File.WriteAllBytesAsync(\"out.%s\", bytes);" % (blob(m), FNAMES[m]))
    return fence("dart", "final img = Image.memory(base64Decode('%s'));" % blob(m))


def c1_grpc_web():
    frame = b"\x00" + struct.pack(">I", 0) + b""
    msg = make_proto()
    data = b"\x00" + struct.pack(">I", len(msg)) + msg
    trailer = b"grpc-status:0\r\ngrpc-message:\r\n"
    data2 = b"\x80" + struct.pack(">I", len(trailer)) + trailer
    return "grpc-web-text response body from the devtools network tab (content-type application/grpc-web-text):\n`%s%s`" % (
        b64(data), b64(data2))


def c1_webhook_pdf():
    return fence("json", json.dumps({"event": "document.rendered", "id": uuid4(), "document": {
        "template": pick(["rate-card", "floorplan", "menu", "onboarding-checklist"]), "pages": 1,
        "mime": "application/pdf", "content_base64": blob("application/pdf")}}, indent=2))


def c1_truncated():
    m = pick(IMG_MIMES + ["application/pdf", "font/woff2"])
    s = blob(m)
    cut = R.randint(24, max(25, len(s) - 4))
    tail = pick(["…", "...", "… [%d more chars]" % (len(s) - cut), " (truncated)", "…(%0.1f kB)" % (R.uniform(1, 40))])
    return pick(["Sentry breadcrumb cuts it off:", "Der Log schneidet ab:", "el log lo corta:", "ログが途中で切れる:"]) + " `data:%s;base64,%s%s`" % (m, s[:cut], tail)


def c1_echo_decode():
    m = pick(["application/gzip", "application/zip", "application/wasm", "image/png"])
    cmd = {"application/gzip": "| base64 -d | gunzip", "application/zip": "| base64 -d > a.zip && unzip -l a.zip",
           "application/wasm": "| base64 -d | wasm-objdump -x -", "image/png": "| base64 -d | file -"}[m]
    return "repro:\n" + fence("sh", "echo '%s' %s" % (blob(m), cmd))


def c1_binary_misc():
    k = R.randint(0, 6)
    if k == 0:
        return "the cache row is a pickle, not JSON: `%s` (protocol 4)" % b64(make_pickle())
    if k == 1:
        return "sqlite header from the uploaded file, first 100 bytes: `%s`" % b64(make_sqlite_head())
    if k == 2:
        return "uploaded \"image\" is actually an ELF binary, magic bytes in base64: `%s`" % b64(make_elf_head())
    if k == 3:
        return "msgpack frame from the websocket (binary, shown as base64 by Chrome): `%s`" % b64(make_msgpack())
    if k == 4:
        return "Ogg page header from the voice-note sample: `%s`" % b64(make_ogg_head())
    if k == 5:
        return "Parquet files start with `%s` (PAR1 + page header) in the S3 preview" % b64(make_parquet_head())
    return "Ist das eine gültige BMP? `%s`" % blob("image/bmp")


def c1_svg_embed():
    m = pick(["image/webp", "image/png", "image/jpeg"])
    return fence("svg", "<svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:xlink=\"http://www.w3.org/1999/xlink\" viewBox=\"0 0 64 64\">\n  <image width=\"64\" height=\"64\" xlink:href=\"data:%s;base64,%s\"/>\n</svg>" % (m, blob(m)))


def c1_multi_sprites():
    rows = ["| icon | bytes | data URI |", "|---|---:|---|"]
    for _ in range(R.randint(3, 12)):
        m = pick(["image/png", "image/gif", "image/webp"])
        b = BLOBS[m]()
        rows.append("| %s | %d | `data:%s;base64,%s` |" % (fname(m), len(b), m, b64(b)))
    return "inventory of the inlined icons (all < 1 KB, below the inline threshold):\n\n" + "\n".join(rows)


def c1_pdf_lines():
    s = wrap(blob("application/pdf"), 64)
    return "PDF attached to the ticket as base64, `base64 -d > x.pdf` and it opens:\n" + fence("", s)


def c1_avif_picture():
    return fence("html", "<picture>\n  <source type=\"image/avif\" srcset=\"data:image/avif;base64,%s\">\n  <source type=\"image/webp\" srcset=\"data:image/webp;base64,%s\">\n  <img src=\"/img/fallback.jpg\" alt=\"\">\n</picture>" % (
        blob("image/avif"), blob("image/webp")))


CAT1 = [c1_css, c1_html_img, c1_markdown, c1_mime, c1_jupyter, c1_har, c1_configmap, c1_font_face, c1_log, c1_kcat,
        c1_py_fixture, c1_js_wasm, c1_terraform, c1_github_contents, c1_sql, c1_xml, c1_swift_kotlin_cs, c1_grpc_web,
        c1_webhook_pdf, c1_truncated, c1_echo_decode, c1_binary_misc, c1_svg_embed, c1_multi_sprites, c1_pdf_lines,
        c1_avif_picture]


# ---------------------------------------------------------------------------
# category 2: placeholders and documented examples
# ---------------------------------------------------------------------------
SECRET_VARS = ["db_password", "api_token", "client_secret", "smtp_password", "stripe_secret_key", "slack_bot_token",
               "webhook_signing_secret", "openai_api_key", "jwt_signing_key", "redis_password", "sentry_auth_token",
               "github_app_private_key", "mapbox_token", "twilio_auth_token", "sendgrid_api_key", "hmac_secret"]


def up(s):
    return s.upper()


def camel(s):
    p = s.split("_")
    return p[0] + "".join(x.title() for x in p[1:])


def c2_template_engines():
    v = pick(SECRET_VARS)
    rows = [("Jinja2 / Ansible", "{{ %s }}" % v), ("Go text/template / Helm", "{{ .Values.%s }}" % camel(v)),
            ("ERB", "<%%= ENV['%s'] %%>" % up(v)), ("Handlebars", "{{%s}}" % camel(v)), ("Mustache", "{{{%s}}}" % camel(v)),
            ("Liquid", "{{ site.%s }}" % v), ("Twig", "{{ app.%s }}" % camel(v)), ("Blade", "{{ env('%s') }}" % up(v)),
            ("Razor", "@Configuration[\"Secrets:%s\"]" % camel(v).title()), ("Thymeleaf", "th:text=\"${%s}\"" % camel(v)),
            ("FreeMarker", "${%s!\"\"}" % v), ("Velocity", "$!{%s}" % camel(v)), ("EJS", "<%%= %s %%>" % camel(v)),
            ("Pug", "#{%s}" % camel(v)), ("JSP EL", "${param.%s}" % camel(v)), ("Nunjucks", "{{ %s | default('') }}" % v),
            ("Smarty", "{$%s}" % v), ("Tera", "{{ %s | safe }}" % v), ("Askama", "{{ %s }}" % v)]
    R.shuffle(rows)
    rows = rows[:R.randint(4, 12)]
    return ("%s\n\n| engine | how the secret gets in |\n|---|---|\n" % pick([
        "cheat-sheet for the migration: where the value is injected per template engine (none of these are values):",
        "Übersicht, wo in welchem Template-System das Secret referenziert wird:",
        "tabla de referencia, solo placeholders:", "テンプレートごとの参照方法まとめ:"])) + "\n".join("| %s | `%s` |" % r for r in rows)


def c2_ansible():
    v = pick(SECRET_VARS)
    return fence("yaml", "- name: render %s config\n  ansible.builtin.template:\n    src: app.env.j2\n    dest: /etc/%s/app.env\n    mode: \"0600\"\n  vars:\n    %s: \"{{ vault_%s }}\"\n    %s_previous: \"{{ lookup('community.hashi_vault.hashi_vault', 'secret=kv/data/%s:%s') }}\"\n  no_log: true" % (
        pick(SERVICES), pick(SERVICES), v, v, v, pick(SERVICES), v))


def c2_helm():
    v = camel(pick(SECRET_VARS))
    return fence("yaml", "# templates/secret.yaml\napiVersion: v1\nkind: Secret\nmetadata:\n  name: {{ include \"chart.fullname\" . }}\ntype: Opaque\ndata:\n  %s: {{ required \"set .Values.%s\" .Values.%s | b64enc | quote }}\n  previous: {{ .Values.%sPrevious | default \"\" | b64enc | quote }}" % (
        v, v, v, v))


def c2_erb_spring():
    k = R.randint(0, 3)
    if k == 0:
        return fence("yaml", "production:\n  adapter: postgresql\n  host: <%%= ENV.fetch(\"DB_HOST\", \"localhost\") %%>\n  username: <%%= ENV[\"DB_USER\"] %%>\n  password: <%%= ENV.fetch(\"DATABASE_PASSWORD\") { raise \"missing\" } %%>\n  pool: <%%= ENV.fetch(\"RAILS_MAX_THREADS\", %d) %%>" % R.randint(3, 20))
    if k == 1:
        return fence("yaml", "spring:\n  datasource:\n    url: jdbc:postgresql://${DB_HOST:localhost}:5432/${DB_NAME:app}\n    username: ${DB_USER:app}\n    password: ${DB_PASSWORD:}\n  mail:\n    password: ${SMTP_PASSWORD:?SMTP_PASSWORD must be set}")
    if k == 2:
        return fence("yaml", "# config/packages/framework.yaml\nframework:\n    secret: '%env(APP_SECRET)%'\n# config/packages/mailer.yaml\nframework:\n    mailer:\n        dsn: '%env(MAILER_DSN)%'")
    return fence("ini", "; .env.example — copy to .env, never commit .env\nAPP_KEY=\nDB_PASSWORD=\nMAIL_PASSWORD=null\nAWS_SECRET_ACCESS_KEY=\nPUSHER_APP_SECRET=\nSTRIPE_SECRET=sk_test_...\nSLACK_BOT_TOKEN=xoxb-...")


def c2_ci():
    k = R.randint(0, 6)
    if k == 0:
        return fence("yaml", "- name: publish\n  run: npm publish --provenance\n  env:\n    NODE_AUTH_TOKEN: ${{ secrets.NPM_TOKEN }}\n    SENTRY_AUTH_TOKEN: ${{ secrets.SENTRY_AUTH_TOKEN || '' }}\n    GH_TOKEN: ${{ github.token }}")
    if k == 1:
        return fence("yaml", "deploy:\n  stage: deploy\n  script:\n    - echo \"$CI_REGISTRY_PASSWORD\" | docker login -u \"$CI_REGISTRY_USER\" --password-stdin \"$CI_REGISTRY\"\n    - curl --header \"JOB-TOKEN: $CI_JOB_TOKEN\" \"$CI_API_V4_URL/projects/$CI_PROJECT_ID/packages\"")
    if k == 2:
        return fence("yaml", "steps:\n- script: |\n    az devops login --org $(System.CollectionUri) <<< \"$(System.AccessToken)\"\n    terraform apply -var \"db_password=$(dbPassword)\"\n  env:\n    SYSTEM_ACCESSTOKEN: $(System.AccessToken)")
    if k == 3:
        return fence("groovy", "withCredentials([string(credentialsId: 'sonar-token', variable: 'SONAR_TOKEN'),\n                 usernamePassword(credentialsId: 'nexus', usernameVariable: 'NX_USER', passwordVariable: 'NX_PASS')]) {\n    sh 'mvn -s settings.xml deploy -Dsonar.token=$SONAR_TOKEN'\n}")
    if k == 4:
        return fence("yaml", "jobs:\n  release:\n    docker:\n      - image: cimg/node:22.11\n        auth:\n          username: << pipeline.parameters.registry-user >>\n          password: $DOCKERHUB_PASSWORD\n    steps:\n      - run: echo \"//registry.npmjs.org/:_authToken=${NPM_TOKEN}\" > ~/.npmrc")
    if k == 5:
        return fence("yaml", "steps:\n  - name: push\n    image: plugins/docker\n    settings:\n      username:\n        from_secret: docker_username\n      password:\n        from_secret: docker_password\n  - name: argo\n    args: [\"--token\", \"{{workflow.parameters.argo-token}}\"]\n  - name: tekton\n    script: echo $(params.git-token-secret-name)")
    return "Buildkite needs the double dollar, otherwise it interpolates at upload time: `command: \"deploy --token $$DEPLOY_TOKEN\"`, and in Bitbucket it is `$BITBUCKET_STEP_OIDC_TOKEN`."


VENDOR_PH = ["sk-...", "sk-proj-…", "sk-ant-api03-…", "sk-ant-admin01-...", "sk-or-v1-…", "xoxb-…", "xoxp-...", "xapp-1-…",
             "ghp_…", "github_pat_…", "gho_****", "glpat-xxxxxxxx", "hf_…", "npm_…", "pypi-AgEIcHlwaS5vcmc…",
             "dop_v1_…", "shpat_xxx", "sq0atp-…", "lin_api_…", "figd_…", "ntn_…", "r8_…", "gsk_…", "pplx-…",
             "SG.xxxx.yyyy", "AIza…", "ya29.…", "EAAB…", "dapi…", "whsec_…", "rk_live_…", "sk_live_…", "pk_live_…",
             "AKIA…", "ASIA****************", "AccountKey=…;", "SharedAccessSignature=sv=…&sig=…", "Bearer …",
             "secret-ref://…", "tskey-auth-…", "cfut_…", "atlassian ATATT3xFfGF0…", "zpka_…", "phc_…", "ops_…"]


def c2_vendor_prefixes():
    items = R.sample(VENDOR_PH, R.randint(4, 14))
    k = R.randint(0, 3)
    if k == 0:
        return "for the scanner allow-list: these are the *prefixes* only, the docs show them truncated — " + ", ".join("`%s`" % i for i in items)
    if k == 1:
        return "Formatos de credenciales que vemos en los tickets (siempre truncados):\n" + "\n".join("- `%s`" % i for i in items)
    if k == 2:
        return "| vendor | prefix as shown in docs |\n|---|---|\n" + "\n".join("| %s | `%s` |" % (pick(["LLM", "VCS", "chat", "payments", "cloud", "registry", "analytics", "infra"]), i) for i in items)
    return "Präfixe zum Wiedererkennen (gekürzt, keine echten Werte): " + " · ".join(items)


def c2_masked():
    ex = [
        "ghp_" + "•" * R.randint(10, 30) + rs(B62, 4), "sk-proj-…" + rs(B62, 4), "dapi••••" + hx(4), "xoxb-****-****-" + "*" * 8,
        "**** **** **** %04d" % R.randint(0, 9999), "•••• %04d" % R.randint(0, 9999), "DE** **** **** **** **%02d %02d" % (R.randint(0, 99), R.randint(0, 99)),
        "***-**-%04d" % R.randint(0, 9999), "+49 *** ****%03d" % R.randint(0, 999), "a***@***", "AKIA************%s" % rs("ABCDEFGHIJKLMNOPQRSTUVWXYZ", 4),
        "sk_live_…" + rs(B62, 4), "whsec_********", "pat-na1-********-****-****-****-************"]
    items = R.sample(ex, R.randint(3, 7))
    k = R.randint(0, 2)
    if k == 0:
        return "the admin page now only shows masked values, e.g.\n" + "\n".join("• `%s`" % i for i in items) + "\nthat's the intended UX"
    if k == 1:
        return fence("", "\n".join("%s  %-22s %s" % (iso(ms=False), pick(["credential.show", "token.list", "card.view", "iban.view"]), i) for i in items))
    return "Anzeige im Dashboard (maskiert): " + ", ".join(items)


def c2_doc_examples():
    k = R.randint(0, 4)
    if k == 0:
        return "the SDK README still uses the AWS documentation keys:\n" + fence("ini", "[default]\naws_access_key_id = AKIAIOSFODNN7EXAMPLE\naws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY\nregion = %s" % pick(REGIONS))
    if k == 1:
        return "Stripe's own docs ship these publishable/test keys in every snippet, so the linter flags the docs folder: `pk_test_TYooMQauvdEDq54NiTphI7jx` and `sk_test_4eC39HqLyjWDarjtT1zdp7dc` — both are Stripe's public documentation examples."
    if k == 2:
        return fence("python", "# from the Twilio quickstart, placeholders only\naccount_sid = \"ACXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX\"\nauth_token = \"your_auth_token\"\nclient = Client(account_sid, auth_token)")
    if k == 3:
        return "Beispiel aus der AWS-Doku für temporäre Credentials: `ASIAIOSFODNN7EXAMPLE` mit Session-Token `<session-token>` – bitte nicht als Leak melden."
    return fence("yaml", "# docs/examples/values.yaml\nexternalDatabase:\n  host: db.example.internal\n  user: app\n  password: \"CHANGE_ME\"\n  existingSecret: \"\"\n  existingSecretPasswordKey: password")


def c2_env_refs():
    v = up(pick(SECRET_VARS))
    opts = ["os.environ[\"%s\"]" % v, "os.getenv(\"%s\", \"\")" % v, "process.env.%s ?? ''" % v, "os.Getenv(\"%s\")" % v,
            "std::env::var(\"%s\")?" % v, "System.getenv(\"%s\")" % v, "$env:%s" % v, "%%%s%%" % v,
            "Environment.GetEnvironmentVariable(\"%s\")" % v, "ENV.fetch(\"%s\")" % v, "getenv('%s')" % v,
            "Deno.env.get(\"%s\")" % v, "Bun.env.%s" % v, "os.LookupEnv(\"%s\")" % v, "Sys.getenv(\"%s\")" % v,
            "System.get_env(\"%s\")" % v, "${%s:?missing}" % v]
    items = R.sample(opts, R.randint(3, 8))
    return pick(["same env var, read in every service of the monorepo:", "Variable d'environnement lue partout :",
                 "同じ環境変数をあちこちで読んでいる:", "Ta sama zmienna środowiskowa w każdym serwisie:"]) + "\n" + "\n".join("- `%s`" % i for i in items)


def c2_sops():
    lines = ["%s: ENC[AES256_GCM,data:%s,iv:%s,tag:%s,type:str]" % (k, b64(rbytes(R.randint(8, 30))), b64(rbytes(32)), b64(rbytes(16)))
             for k in R.sample(SECRET_VARS, R.randint(2, 5))]
    lines += ["sops:", "    kms:", "        - arn: arn:aws:kms:%s:123456789012:key/%s" % (pick(REGIONS), uuid4()),
              "          created_at: \"%s\"" % iso(ms=False), "          enc: %s" % b64(b"\x01\x02\x02\x00x" + rbytes(R.randint(120, 160))),
              "          aws_profile: \"\"", "    lastmodified: \"%s\"" % iso(ms=False),
              "    mac: ENC[AES256_GCM,data:%s,iv:%s,tag:%s,type:str]" % (b64(rbytes(32)), b64(rbytes(32)), b64(rbytes(16))),
              "    version: 3.9.%d" % R.randint(0, 4)]
    return "file is SOPS-encrypted, safe to paste:\n" + fence("yaml", "\n".join(lines))


def c2_sealed():
    keys = R.sample(SECRET_VARS, R.randint(1, 3))
    enc = "\n".join("    %s: %s" % (k, "AgB" + b64(rbytes(R.randint(200, 330)))) for k in keys)
    return fence("yaml", "apiVersion: bitnami.com/v1alpha1\nkind: SealedSecret\nmetadata:\n  name: %s\n  namespace: %s\nspec:\n  encryptedData:\n%s" % (
        pick(SERVICES), pick(["prod", "staging", "payments"]), enc))


def c2_ansible_vault():
    hexdata = hx(R.randint(6, 14) * 80)
    body = "\n".join(hexdata[i:i + 80] for i in range(0, len(hexdata), 80))
    return "group_vars/prod/vault.yml is encrypted, the diff is just this:\n" + fence("", "$ANSIBLE_VAULT;1.1;AES256\n" + body)


def c2_kms():
    blob_ = "AQICAH" + b64(rbytes(R.randint(150, 220)))
    return fence("json", json.dumps({"CiphertextBlob": blob_, "KeyId": "arn:aws:kms:%s:123456789012:key/%s" % (pick(REGIONS), uuid4()),
                                     "EncryptionAlgorithm": "SYMMETRIC_DEFAULT"}, indent=2)) + "\n" + pick([
        "ciphertext only, decrypt needs kms:Decrypt on the role", "c'est chiffré, inutilisable sans la clé KMS",
        "nur Ciphertext, ohne kms:Decrypt nutzlos"])


def c2_age_vault_ejson():
    k = R.randint(0, 2)
    if k == 0:
        body = wrap(b64(b"age-encryption.org/v1\n-> X25519 " + b64(rbytes(32)).rstrip("=").encode() + b"\n" + rbytes(R.randint(80, 200))), 64)
        return fence("", "-----BEGIN AGE ENCRYPTED FILE-----\n%s\n-----END AGE ENCRYPTED FILE-----" % body)
    if k == 1:
        return "transit returns `vault:v%d:%s` — store that, not the plaintext" % (R.randint(1, 7), b64(rbytes(R.randint(30, 90))))
    return fence("json", "{\n  \"_public_key\": \"%s\",\n  \"%s\": \"EJ[1:%s:%s:%s]\"\n}" % (hx(64), pick(SECRET_VARS),
                                                                                   b64(rbytes(32)), b64(rbytes(24)), b64(rbytes(R.randint(20, 48)))))


def c2_secret_refs():
    v = pick(SECRET_VARS)
    items = ["op://%s/%s/credential" % (pick(["Platform", "Infra", "Shared"]), v.replace("_", "-")),
             "doppler secrets get %s --plain" % up(v),
             "bws secret get %s" % uuid4(),
             "infisical secrets get %s --env=prod" % up(v),
             "@Microsoft.KeyVault(SecretUri=https://kv-%s.vault.azure.net/secrets/%s/)" % (pick(ORGS), v.replace("_", "-")),
             "projects/%s/secrets/%s/versions/latest" % (R.randint(10 ** 11, 10 ** 12 - 1), v.replace("_", "-")),
             "arn:aws:secretsmanager:%s:123456789012:secret:prod/%s-%s" % (pick(REGIONS), v.replace("_", "-"), rs(B62, 6)),
             "{{resolve:ssm-secure:/prod/%s/%s:%d}}" % (pick(SERVICES), v, R.randint(1, 9)),
             "vault kv get -field=value kv/%s/%s" % (pick(SERVICES), v),
             "sm://%s/%s" % (pick(ORGS), v), "akv://kv-%s/%s" % (pick(ORGS), v.replace("_", "-")),
             "gcp:secretmanager:%s" % v, "ref+vault://secret/data/%s#/%s" % (pick(SERVICES), v)]
    chosen = R.sample(items, R.randint(2, 5))
    return pick(["references, not values:", "Das sind nur Referenzen:", "son referencias, no valores:", "参照のみ:"]) + "\n" + "\n".join("`%s`" % c for c in chosen)


def c2_redaction_markers():
    lines = []
    for _ in range(R.randint(2, 10)):
        lines.append("%s %s %s %s" % (iso(), pick(["INFO", "WARN", "DEBUG"]), pick(SERVICES), pick([
            "outgoing request headers={\"Authorization\": \"Bearer [REDACTED]\", \"X-Request-Id\": \"%s\"}" % uuid4(),
            "db connect dsn=postgres://app:***@db:5432/app",
            "config loaded api_key=<hidden> webhook_secret=[FILTERED]",
            "login ok user_id=%d password=[MASKED]" % R.randint(1000, 99999),
            "payload {\"card\":\"[PAN]\",\"iban\":\"<iban>\",\"phone\":\"<phone>\"}",
            "env SLACK_BOT_TOKEN=(sensitive) OPENAI_API_KEY=(sensitive)",
            "set-cookie: session=<elided>; Path=/; HttpOnly",
            "retry with token=REDACTED attempt=%d" % R.randint(1, 5)])))
    return "scrubbing works, sample:\n" + fence("", "\n".join(lines))


def c2_curl_docs():
    k = R.randint(0, 3)
    if k == 0:
        return fence("sh", "curl https://api.example.com/v1/things \\\n  -H \"Authorization: Bearer $API_TOKEN\" \\\n  -H 'X-Api-Key: <your-key>' \\\n  -d '{\"limit\": %d}'" % R.randint(1, 100))
    if k == 1:
        return fence("sh", "curl -u \"$REGISTRY_USER:$REGISTRY_PASSWORD\" https://registry.example.com/v2/_catalog\nhttp -a \"${USER}:${PASS}\" GET :8080/health")
    if k == 2:
        return "Dans la doc : `curl -H \"Authorization: Token <VOTRE_JETON>\" https://api.example.org/...` — remplacez `<VOTRE_JETON>` par la valeur de votre coffre."
    return "En la guía: `export API_KEY=TU_CLAVE_AQUI` y luego `curl -H \"x-api-key: $API_KEY\" ...`. / Im Handbuch: `<DEIN_TOKEN>` ersetzen. / 手順書では `<あなたのAPIキー>` を置き換えます。"


def c2_dotenv_example():
    lines = ["# .env.example"]
    pool = [("OPENAI_API_KEY", "sk-..."), ("ANTHROPIC_API_KEY", "sk-ant-..."), ("SLACK_BOT_TOKEN", "xoxb-your-bot-token"),
            ("SLACK_SIGNING_SECRET", ""), ("STRIPE_SECRET_KEY", "sk_test_replace_me"), ("GITHUB_TOKEN", "ghp_your_token_here"),
            ("DATABASE_URL", "postgres://USER:PASSWORD@localhost:5432/DBNAME"), ("REDIS_URL", "redis://:${REDIS_PASSWORD}@localhost:6379/0"),
            ("JWT_SECRET", "generate-with-openssl-rand-hex-32"), ("SENTRY_DSN", ""), ("SMTP_PASSWORD", "<app-password>"),
            ("AWS_ACCESS_KEY_ID", "AKIA..."), ("AWS_SECRET_ACCESS_KEY", "<secret>"), ("HF_TOKEN", "hf_..."),
            ("GOOGLE_MAPS_KEY", "AIza..."), ("TWILIO_AUTH_TOKEN", "your_auth_token"), ("ENCRYPTION_KEY", "32-bytes-base64-here")]
    for k, v in R.sample(pool, R.randint(4, 14)):
        lines.append("%s=%s" % (k, v))
    return fence("dotenv", "\n".join(lines))


def c2_conn_templates():
    items = R.sample([
        "Server=tcp:{server}.database.windows.net,1433;Initial Catalog={db};User ID={user};Password={your_password};Encrypt=True;",
        "mongodb+srv://<db_username>:<db_password>@cluster0.<id>.mongodb.net/?retryWrites=true",
        "postgresql://${PGUSER}:${PGPASSWORD}@${PGHOST}:${PGPORT}/${PGDATABASE}",
        "amqps://{{ .Values.mq.user }}:{{ .Values.mq.password }}@{{ .Values.mq.host }}/vhost",
        "redis://default:<password>@<endpoint>:6379",
        "jdbc:mysql://localhost:3306/app?user=root&password=",
        "Host=localhost;Username=postgres;Password=${POSTGRES_PASSWORD}",
        "sqlserver://sa:%SA_PASSWORD%@localhost:1433",
        "DefaultEndpointsProtocol=https;AccountName=<account>;AccountKey=<key>;EndpointSuffix=core.windows.net"], R.randint(2, 5))
    return pick(["templates from the onboarding doc:", "Vorlagen aus dem Onboarding:", "plantillas del README:", "szablony z README:"]) + "\n" + fence("", "\n".join(items))


def c2_pem_placeholder():
    t = pick(["RSA PRIVATE KEY", "PRIVATE KEY", "OPENSSH PRIVATE KEY", "EC PRIVATE KEY"])
    body = pick(["<paste the key here>", "...", "MIIE...snip...", "(contents of id_ed25519)", "{{ .Values.tls.key | nindent 4 }}", "${PRIVATE_KEY_BODY}"])
    return "format expected by the uploader:\n" + fence("", "-----BEGIN %s-----\n%s\n-----END %s-----" % (t, body, t))


def c2_k8s_default_b64():
    vals = {"password": "changeme", "username": "admin", "token": "REPLACE_ME", "apiKey": "your-api-key-here", "pin": "0000"}
    ks = R.sample(list(vals), R.randint(2, 4))
    return "chart default, obviously gets overridden in every real env:\n" + fence("yaml", "apiVersion: v1\nkind: Secret\nmetadata:\n  name: demo-defaults\ndata:\n" + "\n".join(
        "  %s: %s  # %s" % (k, b64(vals[k].encode()), vals[k]) for k in ks))


def c2_tf_sensitive():
    v = pick(SECRET_VARS)
    return fence("hcl", "variable \"%s\" {\n  type      = string\n  sensitive = true\n  default   = \"\"\n}\n\n# terraform.tfvars.example\n# %s = \"REPLACE_ME\"\n\noutput \"%s\" {\n  value     = var.%s\n  sensitive = true\n}\n# plan: %s = (sensitive value)" % (v, v, v, v, v))


def c2_postman():
    vals = [{"key": k, "value": "", "type": "secret", "enabled": True} for k in R.sample(SECRET_VARS, R.randint(2, 4))]
    vals.append({"key": "baseUrl", "value": "https://api.example.com", "type": "default", "enabled": True})
    return fence("json", json.dumps({"id": uuid4(), "name": "%s-staging" % pick(SERVICES), "values": vals,
                                     "_postman_variable_scope": "environment"}, indent=2))


def c2_compose():
    return fence("yaml", "services:\n  db:\n    image: postgres:17\n    environment:\n      POSTGRES_PASSWORD: ${POSTGRES_PASSWORD:?set POSTGRES_PASSWORD in .env}\n      POSTGRES_USER: ${POSTGRES_USER:-app}\n  app:\n    environment:\n      - DATABASE_URL=postgres://${POSTGRES_USER:-app}:${POSTGRES_PASSWORD}@db:5432/app\n      - SECRET_KEY_BASE=${SECRET_KEY_BASE}\n    secrets:\n      - source: stripe_key\nsecrets:\n  stripe_key:\n    file: ./secrets/stripe_key.txt")


CAT2 = [c2_template_engines, c2_ansible, c2_helm, c2_erb_spring, c2_ci, c2_vendor_prefixes, c2_masked, c2_doc_examples,
        c2_env_refs, c2_sops, c2_sealed, c2_ansible_vault, c2_kms, c2_age_vault_ejson, c2_secret_refs, c2_redaction_markers,
        c2_curl_docs, c2_dotenv_example, c2_conn_templates, c2_pem_placeholder, c2_k8s_default_b64, c2_tf_sensitive,
        c2_postman, c2_compose]


# ---------------------------------------------------------------------------
# category 3: code identifiers
# ---------------------------------------------------------------------------
SW = ["Secret", "Token", "Key", "Password", "Passphrase", "Credential", "Email", "Phone", "Msisdn", "Iban", "Ssn", "Tin",
      "Pan", "Cvv", "Otp", "Pin", "Salt", "Hmac", "Bearer", "Refresh", "Access", "ApiKey", "Private", "Signing", "Bic",
      "Passport", "Dob", "Mfa", "Totp", "Webhook"]
GW = ["Resolver", "Provider", "Factory", "Validator", "Masker", "Redactor", "Normalizer", "Rotator", "Cache", "Store",
      "Repository", "Handler", "Serializer", "Mapper", "Guard", "Policy", "Formatter", "Parser", "Vault", "Envelope",
      "Registry", "Scrubber", "Hasher", "Encoder"]
ACT = ["rotate", "mask", "verify", "hash", "encrypt", "normalize", "lookup", "revoke", "issue", "redact", "validate",
       "parse", "format", "persist", "decrypt", "reveal", "expire", "refresh", "fingerprint", "tokenize"]
PKG = ["auth", "secrets", "payments", "kyc", "identity", "billing", "crypto", "contacts", "onboarding", "compliance"]


def cls(n=None):
    n = n or R.randint(2, 4)
    return "".join(pick(SW) for _ in range(n - 1)) + pick(GW)


def meth(n=None):
    n = n or R.randint(1, 3)
    return pick(ACT) + "".join(pick(SW) for _ in range(n)) + pick(["", "If" + pick(["Expired", "Present", "Stale", "Dirty"]), "Async", "OrThrow", "InPlace", "ForTenant"])


def snake(s):
    return re.sub(r"(?<!^)(?=[A-Z])", "_", s).lower()


def ln(name, lo=10, hi=900):
    return R.randint(lo, hi)


def c3_scala():
    c = cls(3)
    ms = [meth() for _ in range(R.randint(2, 5))]
    body = "final case class %s(\n  %s: Option[String],\n  %s: Instant\n)\n\ntrait %s[F[_]] {\n%s\n}" % (
        c, camel(snake(pick(SW) + pick(SW) + "Ref")), camel(snake(pick(SW) + "RotatedAt")), cls(2),
        "\n".join("  def %s(in: %s): F[Either[%sError, Unit]]" % (m, c, pick(SW)) for m in ms))
    return fence("scala", body)


def _zenc(s):
    return s.replace("z", "zz").replace(".", "zi").replace("_", "zu").replace("'", "zq")


def c3_haskell():
    mods = ["Acme.%s.%s" % (pick(PKG).title(), pick(SW)) for _ in range(R.randint(3, 8))]
    rows = ["COST CENTRE                         MODULE                                  %time %alloc", ""]
    for m in mods:
        f = camel(snake(meth()))
        rows.append("%-35s %-39s %5.1f %6.1f" % (f, m, R.uniform(0.1, 30), R.uniform(0.1, 40)))
    sym = "acmezm%szi%s_%s_closure" % (R.randint(0, 9), _zenc(pick(mods)).replace("Acme", "Acme"), _zenc(camel(snake(meth()))))
    return "`+RTS -p` profile, then the linker complains about `%s`:\n%s" % (sym, fence("", "\n".join(rows)))


def c3_ocaml_zig_nim():
    k = R.randint(0, 2)
    if k == 0:
        rows = ["%5.2f%%  main  %s" % (R.uniform(0.1, 25), "caml%s__%s_%d" % (pick(PKG).title(), snake(meth()), R.randint(100, 9999))) for _ in range(R.randint(3, 10))]
        return "perf report on the OCaml service:\n" + fence("", "\n".join(rows))
    if k == 1:
        m = meth()
        return fence("zig", "pub fn %s(allocator: std.mem.Allocator, %s: []const u8) ![]u8 {\n    const %s = try %s.init(allocator);\n    defer %s.deinit();\n    return %s.%s(%s);\n}" % (
            m, snake(pick(SW)), snake(pick(GW)), cls(2), snake(pick(GW)), snake(pick(GW)), camel(snake(meth())), snake(pick(SW))))
    return fence("nim", "proc %s*(%s: string): %s {.raises: [%sError].} =\n  result = %s(%s)" % (
        meth(), camel(snake(pick(SW))), cls(2), pick(SW), camel(snake(meth())), camel(snake(pick(SW)))))


def c3_msvc():
    rows = []
    for _ in range(R.randint(1, 4)):
        c, m, ns = cls(2), meth(), pick(PKG)
        rows.append("error LNK2019: unresolved external symbol \"public: class std::basic_string<char> __cdecl %s::%s::%s(void)const \" (?%s@%s@%s@@QEBA?AV?$basic_string@DU?$char_traits@D@std@@V?$allocator@D@2@@std@@XZ) referenced in function main" % (
            ns, c, m, m, c, ns))
    return fence("", "\n".join(rows) + "\nfatal error LNK1120: %d unresolved externals" % len(rows))


def _itanium(ns, c, m):
    return "_ZN%d%s%d%s%d%sEv" % (len(ns), ns, len(c), c, len(m), m)


def c3_itanium():
    rows = ["==%d== Invalid read of size %d" % (R.randint(1000, 99999), pick([1, 4, 8]))]
    for i in range(R.randint(3, 12)):
        ns, c, m = pick(PKG), cls(2), meth()
        rows.append("==%d==    %s 0x%s: %s (%s.cpp:%d)" % (R.randint(1000, 99999), "at" if i == 0 else "by", hx(8).upper(),
                                                         _itanium(ns, c, m), snake(c), R.randint(10, 900)))
    return fence("", "\n".join(rows))


def c3_rust():
    rows = ["thread 'tokio-runtime-worker' panicked at src/%s.rs:%d:%d:" % (snake(pick(SW)), R.randint(10, 400), R.randint(1, 60)),
            "called `Option::unwrap()` on a `None` value", "stack backtrace:"]
    for i in range(R.randint(4, 14)):
        crate = "%s_%s" % (pick(PKG), snake(pick(SW)))
        if R.random() < 0.5:
            sym = "%s::%s::%s::h%s" % (crate, snake(cls(2)), snake(meth()), hx(16))
        else:
            path = "%s%d%s" % ("", len(crate), crate)
            sym = "_ZN%s%d%s17h%sE" % (path, len(snake(meth())), snake(meth()), hx(16))
        rows.append("  %2d: %s" % (i, sym))
    return fence("", "\n".join(rows))


def c3_jni():
    rows = []
    for _ in range(R.randint(3, 10)):
        rows.append("%016x T Java_com_%s_%s_%s_native%s" % (R.getrandbits(40), pick(ORGS), pick(PKG), cls(2), meth()[0].upper() + meth()[1:]))
    return "`nm -D libacmecrypto.so | grep Java_`:\n" + fence("", "\n".join(rows))


def c3_objc_swift():
    rows = []
    for i in range(R.randint(3, 10)):
        if R.random() < 0.5:
            rows.append("%-3d %-20s 0x%016x -[ACM%s %s:%s:] + %d" % (i, pick(["AcmeWallet", "UIKitCore", "AcmeKit"]), R.getrandbits(48), cls(2), camel(snake(meth())), camel(snake(pick(SW) + "For" + pick(SW))), R.randint(4, 900)))
        else:
            rows.append("%-3d %-20s 0x%016x AcmeKit.%s.%s(_:%s:) + %d" % (i, "AcmeKit", R.getrandbits(48), cls(2), meth(), camel(snake(pick(SW))), R.randint(4, 900)))
    return "crash report, thread 0:\n" + fence("", "\n".join(rows))


def c3_kotlin():
    rows = ["kotlinx.coroutines.JobCancellationException: %sException: %s" % (pick(SW), pick(["timeout", "stale", "revoked"]))]
    for _ in range(R.randint(4, 20)):
        c = cls(2)
        m = pick(["access$get%s$p" % (pick(SW) + pick(SW)), meth(), "%s$lambda$%d" % (meth(), R.randint(0, 9)),
                  "invokeSuspend", "%s$suspendImpl" % meth()])
        rows.append("\tat com.%s.%s.%s%s.%s(%s.kt:%d)" % (pick(ORGS), pick(PKG), c, pick(["", "$" + meth() + "$1", "$Companion"]), m, c, R.randint(10, 600)))
    return fence("", "\n".join(rows))


def c3_dotnet():
    rows = ["System.InvalidOperationException: %s not configured" % cls(2)]
    for _ in range(R.randint(4, 18)):
        ns = "Acme.%s.%s" % (pick(PKG).title(), pick(SW))
        c = cls(2)
        m = meth()
        form = R.randint(0, 2)
        if form == 0:
            rows.append("   at %s.%s.<%s>d__%d.MoveNext() in /src/%s/%s.cs:line %d" % (ns, c, m, R.randint(0, 40), ns, c, R.randint(10, 800)))
        elif form == 1:
            rows.append("   at %s.%s`1.%s(%s%s request, CancellationToken ct)" % (ns, c, m, pick(SW), pick(["Request", "Command", "Query"])))
        else:
            rows.append("   at %s.%s.<>c__DisplayClass%d_0.<%s>b__0()" % (ns, c, R.randint(0, 20), m))
    return fence("", "\n".join(rows))


def c3_minified():
    v = [rs("abcdefghijklmnopqrstuvwxyz", 1) + rs("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ", R.randint(0, 1)) for _ in range(8)]
    props = [camel(snake(pick(SW) + pick(SW))) for _ in range(4)]
    code = "!function(%s,%s){\"use strict\";var %s=%s.%s||%s.%s,%s=function(%s){return %s.replace(/[^\\d]/g,\"\").slice(-4)};%s.%s=function(){return{%s:%s(%s),%s:!!%s.%s}}}(window,{});" % (
        v[0], v[1], v[2], v[0], props[0], v[1], props[1], v[3], v[4], v[4], v[0], camel(snake(meth())), props[2], v[3], v[2], props[3], v[1], props[0])
    return "the bundle `%s.%s.min.js` contains this, it's just property names:\n%s" % (snake(meth()).replace("_", "-"), hx(8), fence("js", code))


def c3_hashed_classes():
    items = ["css-%s" % rs(LOWALNUM, 7), "sc-%s %s" % (rs(B62[10:], 6), rs(B62[10:], 6)),
             "%s_%s__%s" % (cls(2), pick(["reveal", "root", "input", "mask", "toggle"]), rs(B62, 5)),
             "svelte-%s" % rs(LOWALNUM, 7), "data-v-%s" % hx(8), "_ngcontent-ng-c%d" % R.randint(10 ** 8, 4 * 10 ** 9),
             "jsx-%d" % R.randint(10 ** 8, 4 * 10 ** 9), "Mui%s-root" % pick(["OutlinedInput", "InputBase", "FormControl"]),
             "tw-%s" % hx(6), "e%s%s0" % (R.randint(1, 9), rs(LOWALNUM, 5)), "astro-%s" % rs(B62, 8).lower()]
    el = pick(["input", "div", "span", "button"])
    sel = R.sample(items, R.randint(3, 6))
    return "the password field ends up with these classes in prod, so our selector `%s[type=password]` broke:\n`<%s class=\"%s\">`" % (
        el, el, " ".join(sel))


def c3_generated_files():
    ts = date().replace("-", "") + "%02d%02d%02d" % (R.randint(0, 23), R.randint(0, 59), R.randint(0, 59))
    files = ["dist/assets/%s-%s.js" % (cls(2), rs(B62 + "_-", 8)),
             ".next/static/chunks/app/(auth)/%s/page-%s.js" % (snake(meth()).replace("_", "-"), hx(16)),
             "gen/go/%s/v1/%s_grpc.pb.go" % (pick(PKG), snake(cls(2))),
             "src/__generated__/%sMutation.graphql.ts" % (meth()[0].upper() + meth()[1:]),
             "db/migrate/%s_add_%s_to_%s.rb" % (ts, snake(pick(SW) + pick(SW)), pick(["payout_accounts", "customers", "contacts"])),
             "app/migrations/%04d_%s.py" % (R.randint(1, 200), snake(pick(SW) + pick(SW) + "Index")),
             "alembic/versions/%s_%s.py" % (hx(12), snake(meth())),
             "src/main/resources/db/migration/V%d__%s.sql" % (R.randint(1, 300), snake(meth())),
             "prisma/migrations/%s_%s/migration.sql" % (ts, snake(pick(SW) + "_rotation")),
             "Migrations/%s_%s.cs" % (ts, meth()[0].upper() + meth()[1:]),
             "target/debug/deps/%s_%s-%s.d" % (pick(PKG), snake(pick(SW)), hx(16)),
             "__pycache__/%s.cpython-313.pyc" % snake(cls(2)),
             "build/intermediates/javac/release/classes/com/%s/%s/%s$%s.class" % (pick(ORGS), pick(PKG), cls(2), pick(SW)),
             "__snapshots__/%s.test.tsx.snap" % cls(2)]
    sel = R.sample(files, R.randint(3, 9))
    return pick(["git status after codegen:", "nach dem Codegen neu:", "archivos generados:", "生成されたファイル:"]) + "\n" + fence("", "\n".join("\tnew file:   " + f for f in sel))


def c3_test_output():
    k = R.randint(0, 3)
    rows = []
    if k == 0:
        for _ in range(R.randint(4, 20)):
            rows.append("tests/test_%s.py::test_%s[%s] %s" % (snake(pick(SW)), snake(meth()), pick(["de-grouped", "gb-compact", "plus-addressing", "e164", "masked-last4", "unicode-local"]), pick(["PASSED", "PASSED", "PASSED", "FAILED", "SKIPPED"])))
    elif k == 1:
        for _ in range(R.randint(4, 20)):
            rows.append("=== RUN   Test%s/%s\n--- PASS: Test%s/%s (0.%02ds)" % (meth()[0].upper() + meth()[1:], snake(pick(SW) + pick(SW)), "X", "y", R.randint(0, 99)))
        rows = [r.replace("TestX/y", "Test%s" % cls(2)) for r in rows]
    elif k == 2:
        for _ in range(R.randint(3, 12)):
            rows.append("  ✓ %s %s when the %s is %s (%d ms)" % (pick(["should", "does not", "must"]), pick(ACT), snake(pick(SW)).replace("_", " "), pick(["expired", "rotated", "missing", "masked"]), R.randint(1, 90)))
    else:
        for _ in range(R.randint(3, 10)):
            rows.append("<testcase classname=\"com.%s.%s.%sTest\" name=\"%s_when%s_then%s\" time=\"0.%03d\"/>" % (
                pick(ORGS), pick(PKG), cls(2), meth(), pick(SW) + pick(["Expired", "Rotated", "Missing"]), pick(["Rejects", "Masks", "Retries"]), R.randint(0, 999)))
    return fence("", "\n".join(rows[:38]))


def c3_schema():
    k = R.randint(0, 2)
    if k == 0:
        fields = ["  string %s = %d;" % (snake(pick(SW) + pick(SW) + pick(["Sha256", "Last4", "Ref", "Ciphertext", "Id"])), i + 1) for i in range(R.randint(3, 8))]
        return fence("protobuf", "message %s {\n%s\n}\n\nservice %sService {\n  rpc %s(%sRequest) returns (%sResponse);\n}" % (
            cls(2), "\n".join(fields), pick(SW), meth()[0].upper() + meth()[1:], pick(SW), pick(SW)))
    if k == 1:
        return fence("graphql", "type Mutation {\n  %s(input: %sInput!): %sPayload!\n  %s(id: ID!): Boolean!\n}\n\ninput %sInput {\n  %s: String!\n  %s: String\n}" % (
            meth(), cls(2), cls(2), meth(), cls(2), camel(snake(pick(SW) + "Hint")), camel(snake(pick(SW) + "Fingerprint"))))
    ops = [meth() for _ in range(R.randint(3, 8))]
    return "operationIds in the OpenAPI spec after the rename: " + ", ".join("`%s`" % o for o in ops)


def c3_sql_ddl():
    cols = [snake(pick(SW)) + "_" + pick(["hash", "hmac", "last4", "ciphertext", "normalized_sha256", "fingerprint", "masked", "kms_key_id", "verified_at", "rotated_at"]) for _ in range(R.randint(3, 10))]
    cols = list(dict.fromkeys(cols))
    return fence("sql", "CREATE TABLE %s (\n  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,\n%s\n);\nCREATE INDEX ix_%s ON %s (%s);" % (
        snake(cls(2)) + "s", ",\n".join("  %s %s" % (c, pick(["bytea", "text", "char(4)", "timestamptz", "varchar(64)"])) for c in cols),
        cols[0], snake(cls(2)) + "s", cols[0]))


def c3_cobol():
    rows = ["       01  WS-%s-REC." % pick(["CUSTOMER", "PAYEE", "CLAIM", "MEMBER"])]
    for _ in range(R.randint(3, 10)):
        rows.append("           05  WS-%s-%s-%s  PIC %s." % (pick(["CUST", "PAYEE", "ACCT"]), pick(SW).upper(), pick(["MASKED", "LAST4", "HASH", "FLAG", "LEN"]), pick(["X(11)", "X(4)", "X(64)", "9(2)", "X(1)"])))
    return "copybook from the mainframe team, field names only:\n" + fence("cobol", "\n".join(rows))


def c3_env_names():
    names = ["%s_%s_%s_%s" % (pick(["STRIPE", "SLACK", "OPENAI", "TWILIO", "GITHUB", "AUTH0", "OKTA", "PLAID", "ADYEN"]),
                               up(snake(pick(SW))), up(snake(pick(SW))), pick(["ROTATION_GRACE_SECONDS", "TTL", "PATH", "ENABLED", "MAX_AGE_DAYS", "HEADER_NAME", "SECRET_NAME", "KMS_ALIAS"]))
             for _ in range(R.randint(3, 12))]
    return "env var *names* we need in the runbook (values live in Vault):\n" + "\n".join("- `%s`" % n for n in names)


def c3_i18n():
    d = {}
    for _ in range(R.randint(3, 12)):
        key = "%s.%s.%s" % (pick(["auth", "account", "billing", "kyc"]), snake(pick(SW)), pick(["resetSent", "mismatch", "tooShort", "expired", "invalidFormat", "copied"]))
        d[key] = pick(["Lien envoyé.", "Stimmt nicht überein.", "Demasiado corto.", "期限切れです。", "Skopiowano.", "Formato inválido.", "Link sent."])
    return fence("json", json.dumps(d, ensure_ascii=False, indent=2))


def c3_beam_clj():
    k = R.randint(0, 1)
    rows = []
    if k == 0:
        for _ in range(R.randint(3, 10)):
            rows.append("    (acme %s) lib/acme/%s/%s.ex:%d: Acme.%s.%s.%s/%d" % (R.randint(1, 9), pick(PKG), snake(cls(2)), R.randint(5, 400), pick(PKG).title(), cls(2), snake(meth()), R.randint(0, 4)))
        return "** (FunctionClauseError) no function clause matching\n" + fence("", "\n".join(rows))
    for _ in range(R.randint(3, 10)):
        rows.append("\tat acme.%s.core$%s$fn__%d.invoke(core.clj:%d)" % (pick(PKG), snake(meth()).replace("_", "_"), R.randint(1000, 99999), R.randint(5, 400)))
    return fence("", "clojure.lang.ExceptionInfo: %s {:type :%s}\n" % (pick(SW).lower() + " rejected", snake(pick(SW))) + "\n".join(rows))


def c3_build_targets():
    rows = []
    for _ in range(R.randint(3, 14)):
        k = R.randint(0, 3)
        if k == 0:
            rows.append("//%s/%s:%s_test" % (pick(PKG), snake(pick(SW)), snake(meth())))
        elif k == 1:
            rows.append(":%s-%s:compileKotlin" % (pick(PKG), snake(pick(SW)).replace("_", "-")))
        elif k == 2:
            rows.append("nx run %s-%s:test --testNamePattern=%s" % (pick(PKG), snake(pick(SW)).replace("_", "-"), meth()))
        else:
            rows.append("com.%s.%s:%s-%s:%d.%d.%d" % (pick(ORGS), pick(PKG), snake(pick(SW)).replace("_", "-"), pick(["client", "core", "spi"]), R.randint(0, 9), R.randint(0, 40), R.randint(0, 20)))
    return pick(["failing targets:", "fehlgeschlagene Targets:", "cibles en échec :", "失敗したターゲット:"]) + "\n" + fence("", "\n".join(rows))


def c3_go_panic():
    rows = ["panic: runtime error: invalid memory address or nil pointer dereference", "[signal SIGSEGV: segmentation violation code=0x1 addr=0x%x pc=0x%x]" % (R.randint(0, 255), R.getrandbits(24)), "", "goroutine %d [running]:" % R.randint(1, 999)]
    for _ in range(R.randint(3, 12)):
        pkg = "github.com/%s/%s/internal/%s" % (pick(ORGS), pick(SERVICES), pick(PKG))
        rows.append("%s.(*%s).%s(0x%x, {0x%x, 0x%x})" % (pkg, cls(2), meth()[0].upper() + meth()[1:], R.getrandbits(40), R.getrandbits(40), R.randint(1, 99)))
        rows.append("\t/src/internal/%s/%s.go:%d +0x%x" % (pick(PKG), snake(cls(2)), R.randint(10, 500), R.randint(16, 4095)))
    return fence("", "\n".join(rows))


def c3_python_tb():
    rows = ["Traceback (most recent call last):"]
    for _ in range(R.randint(2, 8)):
        rows.append("  File \"/app/%s/%s.py\", line %d, in %s" % (pick(PKG), snake(cls(2)), R.randint(5, 700), snake(meth())))
        rows.append("    %s = self.%s.%s(%s)" % (snake(pick(SW) + pick(SW)), snake(pick(GW)), snake(meth()), snake(pick(SW) + "Ref")))
    rows.append("%sError: %s" % (cls(2), snake(pick(SW) + pick(SW)) + " not found in " + snake(pick(GW))))
    return fence("", "\n".join(rows))


def c3_php_laravel():
    rows = []
    for _ in range(R.randint(3, 10)):
        rows.append("#%d /var/www/app/%s/%s.php(%d): App\\%s\\%s->%s()" % (len(rows), pick(["app/Http/Controllers/Auth", "app/Services", "app/Actions/Fortify"]), cls(2), R.randint(5, 400), pick(["Services", "Actions", "Http\\Controllers\\Auth"]), cls(2), meth()))
    return fence("", "\n".join(rows))


def c3_flags_sourcemap():
    if R.random() < 0.5:
        flags = ["%s-%s-%s" % (pick(["enable", "kill", "rollout", "exp"]), snake(pick(SW)).replace("_", "-"), snake(meth()).replace("_", "-")) for _ in range(R.randint(3, 10))]
        return "flags to clean up:\n" + "\n".join("- `%s`" % f for f in flags)
    names = [camel(snake(pick(SW) + pick(SW))) for _ in range(R.randint(6, 20))]
    return "source map `names` array, nothing sensitive: " + json.dumps(names)


CAT3 = [c3_scala, c3_haskell, c3_ocaml_zig_nim, c3_msvc, c3_itanium, c3_rust, c3_jni, c3_objc_swift, c3_kotlin, c3_dotnet,
        c3_minified, c3_hashed_classes, c3_generated_files, c3_test_output, c3_schema, c3_sql_ddl, c3_cobol, c3_env_names,
        c3_i18n, c3_beam_clj, c3_build_targets, c3_go_panic, c3_python_tb, c3_php_laravel, c3_flags_sourcemap]


# ---------------------------------------------------------------------------
# category 4: non-credential blobs
# ---------------------------------------------------------------------------
def ksuid():
    return rs(B62, 27)


def objid():
    return "%08x%s" % (ts_s(), hx(16))


def nonluhn(fn):
    while True:
        v = fn()
        if not (13 <= len(v) <= 19 and luhn_ok(v)):
            return v


def snowflake():
    return nonluhn(lambda: str(((ts_ms() - 1420070400000) << 22) | R.getrandbits(22)))


def c4_git_bisect():
    rows = ["git bisect start"]
    for _ in range(R.randint(3, 12)):
        rows.append("# %s: [%s] %s" % (pick(["good", "bad"]), hx(40), pick(["bump deps", "fix flaky test", "refactor cache layer", "tile: reduce allocs", "i18n: update pl", "ci: pin actions"])))
        rows.append("git bisect %s %s" % (pick(["good", "bad"]), hx(40)))
    rows.append("# first bad commit: [%s] %s" % (hx(40), "switch to streaming parser"))
    return fence("", "\n".join(rows[:39]))


def c4_git_misc():
    k = R.randint(0, 3)
    if k == 0:
        rows = ["%s HEAD@{%d}: %s" % (hx(R.choice([7, 9, 12])), i, pick(["checkout: moving from main to fix/tiles", "rebase (finish)", "commit: wip", "pull --rebase: fast-forward", "reset: moving to HEAD~1"])) for i in range(R.randint(3, 15))]
        return fence("", "\n".join(rows))
    if k == 1:
        return "compare: https://github.com/%s/%s/compare/%s...%s — merge commit %s, Change-Id: I%s" % (pick(ORGS), pick(SERVICES), hx(12), hx(12), hx(40), hx(40))
    if k == 2:
        return "`git cat-file -p %s`\n" % hx(40) + fence("", "tree %s\nparent %s\nparent %s\nauthor ci-bot <noreply> %d +0000\ncommitter ci-bot <noreply> %d +0000\n\nMerge pull request #%d" % (hx(40), hx(40), hx(40), ts_s(), ts_s(), R.randint(100, 9999)))
    return "hg log: changeset %d:%s, parent %d:%s, node %s" % (R.randint(100, 9999), hx(12), R.randint(100, 9999), hx(12), hx(40))


def c4_ids_log():
    rows = []
    for _ in range(R.randint(2, 14)):
        rows.append(json.dumps({"ts": iso(), "level": pick(["info", "warn"]), "svc": pick(SERVICES),
                                "request_id": pick([uuid4(), uuid7(), ulid(), "req_" + rs(B62, 14), ksuid()]),
                                "trace_id": hx(32), "span_id": hx(16), "dur_ms": R.randint(1, 900)}))
    return fence("jsonl", "\n".join(rows))


def c4_snowflake():
    rows = ["| message id | channel id | ts |", "|---|---|---|"]
    for _ in range(R.randint(3, 12)):
        rows.append("| %s | %s | %s |" % (snowflake(), snowflake(), iso(ms=False)))
    return pick(["Discord export, ids are snowflakes (timestamp + worker + seq):", "IDs aus dem Export (Snowflakes):", "ids del export:"]) + "\n" + "\n".join(rows)


def c4_trace_headers():
    items = ["X-Amzn-Trace-Id: Root=1-%08x-%s;Parent=%s;Sampled=1" % (ts_s(), hx(24), hx(16)),
             "X-B3-TraceId: %s" % hx(32), "X-B3-SpanId: %s" % hx(16), "X-Cloud-Trace-Context: %s/%d;o=1" % (hx(32), R.randint(10 ** 17, 10 ** 18)),
             "cf-ray: %s-%s" % (hx(16), pick(["FRA", "CDG", "NRT", "GRU", "AMS", "WAW"])),
             "x-ms-request-id: %s" % uuid4(), "x-amz-cf-id: %s" % (b64url_nopad(rbytes(42)) + "=="),
             "x-amz-id-2: %s" % b64(rbytes(57)), "x-amz-request-id: %s" % hx(16).upper(),
             "traceparent: 00-%s-%s-01" % (hx(32), hx(16)), "x-goog-hash: crc32c=%s, md5=%s" % (b64(rbytes(4)), b64(rbytes(16))),
             "x-cache: Hit from cloudfront", "x-served-by: cache-%s%d-%s" % (pick(["fra", "cdg", "nrt"]), R.randint(10000, 99999), pick(["FRA", "CDG", "NRT"])),
             "etag: W/\"%s\"" % hx(R.choice([16, 32])), "x-github-request-id: %s:%s:%s:%s:%08X" % (hx(4).upper(), hx(5).upper(), hx(6).upper(), hx(6).upper(), ts_s())]
    sel = R.sample(items, R.randint(3, 9))
    return "response headers from the failing call:\n" + fence("http", "HTTP/2 %d\n" % pick([200, 304, 502, 504]) + "\n".join(sel))


def c4_etags():
    rows = []
    for _ in range(R.randint(3, 12)):
        k = R.randint(0, 2)
        if k == 0:
            rows.append("%s %10d \"%s-%d\"  %s/%s.parquet" % (date(), R.randint(10 ** 6, 10 ** 10), hx(32), R.randint(2, 200), pick(["raw", "curated"]), uuid4()))
        elif k == 1:
            rows.append("%s %10d \"%s\"  exports/%s.csv.gz" % (date(), R.randint(1000, 10 ** 8), hx(32), date().replace("-", "/")))
        else:
            rows.append("%s %10d \"0x8D%s\"  blobs/%s.bin" % (date(), R.randint(1000, 10 ** 8), hx(13).upper(), hx(12)))
    return "object listing with ETags (md5 / multipart / Azure):\n" + fence("", "\n".join(rows))


def c4_cas_paths():
    items = ["/nix/store/%s-%s-%d.%d.%d" % (rs("0123456789abcdfghijklmnpqrsvwxyz", 32), pick(["openssl", "python3", "zlib", "nodejs"]), R.randint(1, 22), R.randint(0, 20), R.randint(0, 9)),
             "node_modules/.pnpm/%s@%d.%d.%d_%s/node_modules/%s" % (pick(["react-dom", "esbuild", "vite"]), R.randint(1, 19), R.randint(0, 9), R.randint(0, 9), hx(10), pick(["react-dom", "esbuild", "vite"])),
             ".git/objects/%s/%s" % (hx(2), hx(38)),
             "/var/lib/docker/overlay2/%s/diff" % hx(64),
             "/var/lib/containerd/io.containerd.content.v1.content/blobs/sha256/%s" % hx(64),
             "~/.cache/bazel/_bazel_ci/%s/execroot/_main/bazel-out/k8-fastbuild" % hx(32),
             "~/.cache/huggingface/hub/models--%s--%s/snapshots/%s/config.json" % (pick(["acme", "northwind"]), pick(["tiny-bert", "tagger-small"]), hx(40)),
             "~/go/pkg/mod/cache/download/github.com/%s/%s/@v/v%d.%d.%d.zip" % (pick(ORGS), pick(SERVICES), R.randint(0, 3), R.randint(0, 30), R.randint(0, 20)),
             "~/.cargo/registry/cache/index.crates.io-%s/serde-1.0.%d.crate" % (hx(16), R.randint(100, 230)),
             "~/.gradle/caches/modules-2/files-2.1/com.squareup.okhttp3/okhttp/4.12.0/%s/okhttp-4.12.0.jar" % hx(40),
             "ipfs://bafybei%s" % rs("abcdefghijklmnopqrstuvwxyz234567", 52),
             "magnet:?xt=urn:btih:%s&dn=%s.iso" % (hx(40), pick(["debian-13.1.0-amd64-netinst", "ubuntu-24.04.3-live-server-amd64"]))]
    sel = R.sample(items, R.randint(2, 7))
    return pick(["disk is full, biggest offenders:", "was den Platz frisst:", "lo que ocupa el disco:", "容量を食っているもの:"]) + "\n" + fence("", "\n".join(sel))


def c4_cursors():
    k = R.randint(0, 4)
    if k == 0:
        n = R.randint(1, 5000)
        return "relay cursor is just `%s` (= `arrayconnection:%d`), page size %d" % (b64(("arrayconnection:%d" % n).encode()), n, R.choice([20, 50, 100]))
    if k == 1:
        sid = b64(b"\x14\x0einclude_context_uuid\r" + rbytes(R.randint(40, 90)))
        return fence("json", "{\n  \"_scroll_id\": \"%s\",\n  \"took\": %d,\n  \"hits\": {\"total\": {\"value\": %d}}\n}" % (sid, R.randint(1, 900), R.randint(0, 10 ** 6)))
    if k == 2:
        return fence("json", json.dumps({"Count": R.randint(1, 100), "LastEvaluatedKey": {"pk": {"S": "TENANT#%s" % ulid()}, "sk": {"S": "ORDER#%s" % ulid()}}}, indent=2))
    if k == 3:
        tok = b64url_nopad(pb_field(1, 2, ulid().encode()) + pb_field(2, 0, R.randint(1, 10 ** 6)))
        return "next_page_token=%s (opaque, base64url protobuf) — pass it back as `page_token`" % tok
    return "GET /v1/customers?limit=100&starting_after=cus_%s returned has_more=true, last id evt_%s" % (rs(B62, 14), rs(B62, 24))


def c4_cache_bust():
    k = R.randint(0, 3)
    if k == 0:
        return fence("html", "<link rel=\"stylesheet\" href=\"/static/css/app.css?v=%s\">\n<script src=\"/static/js/main.%s.js\" defer></script>\n<script src=\"https://cdn.example.net/widget.js?_=%d\" integrity=\"sha384-%s\" crossorigin=\"anonymous\"></script>" % (
            hx(8), hx(8), ts_ms(), b64(rbytes(48))))
    if k == 1:
        n = b64(rbytes(16))
        return "public landing page sets a per-response CSP nonce, not a secret:\n" + fence("html", "<meta http-equiv=\"Content-Security-Policy\" content=\"script-src 'nonce-%s' 'strict-dynamic'\">\n<script nonce=\"%s\">window.__BUILD__=\"%s\"</script>" % (n, n, hx(12)))
    if k == 2:
        return "the CDN ignores query strings, so `https://static.example.org/img/hero.webp?t=%d&rev=%s` and `?cb=%s` all hit the same object" % (ts_s(), hx(7), rs(LOWALNUM, 10))
    return "OAuth authorize URL from the public login page (PKCE challenge + state are public by design): `https://auth.example.com/authorize?response_type=code&client_id=%s&code_challenge=%s&code_challenge_method=S256&state=%s&nonce=%s`" % (
        pick(SERVICES), b64url_nopad(rbytes(32)), b64url_nopad(rbytes(16)), hx(24))


def c4_pgp_sig():
    body = b"\x88\x75\x04\x00\x16\x0a\x00\x1d\x16\x21\x04" + rbytes(20) + b"\x05\x02" + struct.pack(">I", ts_s()) + rbytes(R.randint(70, 90))
    crc = b64(rbytes(3))
    return "SHA256SUMS.asc for the public release, verify with the project key:\n" + fence("", "-----BEGIN PGP SIGNATURE-----\n\n%s\n=%s\n-----END PGP SIGNATURE-----" % (wrap(b64(body), 64), crc))


def c4_sigstore():
    k = R.randint(0, 2)
    if k == 0:
        return fence("json", json.dumps({"mediaType": "application/vnd.dev.sigstore.bundle.v0.3+json",
                                         "verificationMaterial": {"tlogEntries": [{"logIndex": str(R.randint(10 ** 8, 2 * 10 ** 8)), "integratedTime": str(ts_s()),
                                                                                   "logId": {"keyId": b64(rbytes(32))}}]},
                                         "messageSignature": {"messageDigest": {"algorithm": "SHA2_256", "digest": b64(rbytes(32))},
                                                              "signature": b64(rbytes(71))}}, indent=2))
    if k == 1:
        return "minisign signature of the public tarball:\n" + fence("", "untrusted comment: signature from minisign secret key\n%s\ntrusted comment: timestamp:%d\tfile:%s-%d.%d.%d.tar.gz\thashed\n%s" % (
            b64(b"ED" + rbytes(72)), ts_s(), pick(SERVICES), R.randint(0, 9), R.randint(0, 30), R.randint(0, 9), b64(rbytes(64))))
    return "cosign verify ok — rekor entry %s, log index %d, signature `%s` over digest sha256:%s (public image)" % (
        hx(80), R.randint(10 ** 8, 2 * 10 ** 8), b64(rbytes(71)), hx(64))


def c4_checksum_files():
    rows = []
    algo = pick(["sha256", "sha512", "md5", "b3", "sha1"])
    n = {"sha256": 64, "sha512": 128, "md5": 32, "b3": 64, "sha1": 40}[algo]
    for _ in range(R.randint(3, 12)):
        rows.append("%s  %s-%d.%d.%d-%s.%s" % (hx(n), pick(SERVICES), R.randint(0, 5), R.randint(0, 30), R.randint(0, 9),
                                               pick(["linux-amd64", "linux-arm64", "darwin-arm64", "windows-amd64"]), pick(["tar.gz", "zip", "deb", "rpm"])))
    return "`%ssum -c` fails for one file, here's the list:\n%s" % (algo, fence("", "\n".join(rows)))


def c4_lockfiles():
    k = R.randint(0, 5)
    if k == 0:
        return fence("yaml", "\"%s@^%d.%d.0\":\n  version \"%d.%d.%d\"\n  resolved \"https://registry.yarnpkg.com/%s/-/%s-%d.%d.%d.tgz#%s\"\n  integrity sha512-%s" % (
            "esbuild", 0, 24, 0, 24, R.randint(0, 9), "esbuild", "esbuild", 0, 24, R.randint(0, 9), hx(40), b64(rbytes(64))))
    if k == 1:
        return fence("toml", "[[package]]\nname = \"%s\"\nversion = \"%d.%d.%d\"\nsource = \"registry+https://github.com/rust-lang/crates.io-index\"\nchecksum = \"%s\"" % (
            pick(["serde", "tokio", "ring", "rustls", "hyper"]), R.randint(0, 1), R.randint(0, 50), R.randint(0, 200), hx(64)))
    if k == 2:
        rows = ["github.com/%s/%s v%d.%d.%d h1:%s" % (pick(ORGS), pick(SERVICES), R.randint(0, 2), R.randint(0, 20), R.randint(0, 9), b64(rbytes(32))) for _ in range(R.randint(2, 8))]
        return fence("", "\n".join(rows))
    if k == 3:
        return fence("json", "\"nixpkgs\": {\n  \"locked\": {\n    \"lastModified\": %d,\n    \"narHash\": \"sha256-%s\",\n    \"owner\": \"NixOS\",\n    \"repo\": \"nixpkgs\",\n    \"rev\": \"%s\",\n    \"type\": \"github\"\n  }\n}" % (ts_s(), b64(rbytes(32)), hx(40)))
    if k == 4:
        return fence("", "CHECKSUMS\n  %s (%d.%d.%d) sha256=%s\n  %s (%d.%d.%d) sha256=%s" % ("nokogiri", 1, 18, R.randint(0, 9), hx(64), "rack", 3, 1, R.randint(0, 9), hx(64)))
    return fence("", "%s==%d.%d.%d \\\n    --hash=sha256:%s \\\n    --hash=sha256:%s" % (pick(["numpy", "cryptography", "pydantic-core"]), R.randint(1, 45), R.randint(0, 9), R.randint(0, 9), hx(64), hx(64)))


def c4_docker():
    rows = ["REPOSITORY                          TAG       DIGEST                                                                    IMAGE ID       SIZE"]
    for _ in range(R.randint(2, 10)):
        rows.append("registry.example.com/%-14s %-9s sha256:%s   %s   %dMB" % (pick(SERVICES), pick(["latest", "v%d.%d" % (R.randint(1, 9), R.randint(0, 40)), "main"]), hx(64), hx(12), R.randint(8, 900)))
    return fence("", "\n".join(rows))


def c4_k8s_meta():
    return fence("yaml", "metadata:\n  name: %s-%s-%s\n  uid: %s\n  resourceVersion: \"%d\"\n  generation: %d\n  labels:\n    pod-template-hash: %s\n    controller-revision-hash: %s-%s\n  annotations:\n    checksum/config: %s\n    kubectl.kubernetes.io/restartedAt: \"%s\"\n    argocd.argoproj.io/tracking-id: %s:apps/Deployment:prod/%s" % (
        pick(SERVICES), rs("bcdfghjklmnpqrstvwxz2456789", 10), rs("bcdfghjklmnpqrstvwxz2456789", 5), uuid4(), R.randint(10 ** 6, 10 ** 9), R.randint(1, 90),
        rs("bcdfghjklmnpqrstvwxz2456789", 10), pick(SERVICES), rs("bcdfghjklmnpqrstvwxz2456789", 10), hx(64), iso(ms=False), pick(SERVICES), pick(SERVICES)))


def c4_tf_state():
    return fence("json", "{\n  \"version\": 4,\n  \"terraform_version\": \"1.%d.%d\",\n  \"serial\": %d,\n  \"lineage\": \"%s\",\n  \"outputs\": {},\n  \"check_results\": null\n}" % (
        R.randint(5, 14), R.randint(0, 9), R.randint(1, 3000), uuid4())) + "\nflux: `Applied revision: main@sha1:%s`" % hx(40)


def c4_sentry_dd():
    return "Sentry event `%s` (issue %s-%s) is linked to Datadog trace `%s` / span `%s`" % (
        hx(32), pick(SERVICES).upper(), rs("0123456789ABCDEFGHJKLMNPQRSTVWXYZ", 3), nonluhn(lambda: str(R.getrandbits(63))), nonluhn(lambda: str(R.getrandbits(63))))


def c4_firestore():
    rows = []
    for _ in range(R.randint(3, 12)):
        rows.append("projects/%s/databases/(default)/documents/%s/%s" % (pick(SERVICES), pick(["tiles", "boards", "runs", "templates"]), rs(B62, 20)))
    return "Firestore auto-ids (20 random chars, not keys):\n" + fence("", "\n".join(rows))


def c4_blurhash():
    bh = rs(B62 + "#$%*+,-.:;=?@[]^_{|}~", R.randint(20, 34))
    bh = bh.replace("@", "$")
    return pick(["blurhash for the hero image is", "der BlurHash fürs Hero-Bild ist", "el blurhash de la imagen es"]) + " `%s`, thumbhash `%s`" % (bh, b64(rbytes(24)).rstrip("="))


def c4_hostkeys():
    k = R.randint(0, 1)
    if k == 0:
        rows = ["|1|%s|%s ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI%s" % (b64(rbytes(20)), b64(rbytes(20)), b64(rbytes(32))[:43]) for _ in range(R.randint(1, 5))]
        return "known_hosts (hashed hostnames, public host keys):\n" + fence("", "\n".join(rows))
    return "host key fingerprints for the bastion, compare before accepting:\n" + fence("", "\n".join(
        "%d SHA256:%s bastion (%s)" % (b, b64(rbytes(32)).rstrip("="), t) for b, t in [(256, "ED25519"), (256, "ECDSA"), (3072, "RSA")]))


def c4_tls_fp():
    fp = ":".join(hx(2).upper() for _ in range(32))
    return "cert pinning in the mobile app uses the public SPKI hash `sha256/%s` and the leaf fingerprint `%s` of api.example.com (serial %s)" % (
        b64(rbytes(32)), fp, ":".join(hx(2) for _ in range(16)))


def c4_acme():
    tok = b64url_nopad(rbytes(32))
    return "http-01 challenge is served publicly at `/.well-known/acme-challenge/%s` with key authorization `%s.%s`; order `https://acme-v02.api.letsencrypt.org/acme/order/%d/%d`" % (
        tok, tok, b64url_nopad(rbytes(32)), R.randint(10 ** 8, 10 ** 9), R.randint(10 ** 10, 10 ** 11))


def c4_xxd():
    data = pick([make_png(2, 2), make_gif(), make_wasm(), make_gzip(), make_pdf()[:96]])
    rows = []
    for i in range(0, min(len(data), 160), 16):
        ch = data[i:i + 16]
        hexpart = " ".join(ch[j:j + 2].hex() for j in range(0, len(ch), 2))
        rows.append("%08x: %-39s  %s" % (i, hexpart, "".join(chr(c) if 32 <= c < 127 else "." for c in ch)))
    return "xxd of the public sample file:\n" + fence("", "\n".join(rows))


def c4_ids_table():
    rows = ["| kind | example |", "|---|---|"]
    for kind, val in R.sample([("UUIDv4", uuid4()), ("UUIDv7", uuid7()), ("ULID", ulid()), ("KSUID", ksuid()), ("ObjectId", objid()),
                                ("nanoid", rs(B64U, 21)), ("cuid2", "c" + rs(LOWALNUM, 23)), ("xid", rs("0123456789abcdefghijklmnopqrstuv", 20)),
                                ("TypeID", "run_" + rs("0123456789abcdefghjkmnpqrstvwxyz", 26)), ("Snowflake", snowflake()),
                                ("Stripe event", "evt_" + rs(B62, 24))], R.randint(4, 9)):
        rows.append("| %s | `%s` |" % (kind, val))
    return pick(["id formats we store, for the schema review:", "ID-Formate für das Schema-Review:", "formatos de id:", "IDフォーマット一覧:"]) + "\n" + "\n".join(rows)


CAT4 = [c4_git_bisect, c4_git_misc, c4_ids_log, c4_snowflake, c4_trace_headers, c4_etags, c4_cas_paths, c4_cursors,
        c4_cache_bust, c4_pgp_sig, c4_sigstore, c4_checksum_files, c4_lockfiles, c4_docker, c4_k8s_meta, c4_tf_state,
        c4_sentry_dd, c4_firestore, c4_blurhash, c4_hostkeys, c4_tls_fp, c4_acme, c4_xxd, c4_ids_table]


# ---------------------------------------------------------------------------
# category 5: personal-data look-alikes (numbers that are not personal data)
# ---------------------------------------------------------------------------
def dg(n, first_nonzero=True):
    s = rs("0123456789", n)
    if first_nonzero and s[0] == "0":
        s = str(R.randint(1, 9)) + s[1:]
    return s


def ean13():
    d = dg(12)
    s = sum(int(c) * (3 if i % 2 else 1) for i, c in enumerate(d))
    return d + str((10 - s % 10) % 10)


def c5_tracking():
    items = [("UPS", "1Z%s%s" % (rs("0123456789ABCDEFGHJKLMNPRSTVWXYZ", 6), dg(10))), ("FedEx", dg(12)), ("DHL Express", dg(10)),
             ("DHL Paket", "00%s" % dg(18)), ("Royal Mail", "%s%s%s" % (rs("ABCDEFGHJKLMNPRSTUVWXYZ", 2), dg(9), "GB")),
             ("La Poste", "%s%s%s" % ("6A", dg(11), "")), ("USPS", "9400 1%s %s %s %s %s" % (dg(3, False), dg(4, False), dg(4, False), dg(4, False), dg(2, False))),
             ("PostNL", "3S%s%s" % (rs("ABCDEFGHJKLMNPRSTUVWXYZ", 4), dg(9))), ("InPost", dg(24)), ("Yamato", "%s-%s-%s" % (dg(4), dg(4), dg(4))),
             ("Correos", "PQ%s%s" % (dg(20), "")), ("GLS", dg(11))]
    sel = R.sample(items, R.randint(1, 6))
    intro = pick(["carrier references for the stuck pallets (warehouse, no customer data):", "Sendungsnummern der hängenden Paletten:",
                  "números de seguimiento del lote:", "numery przesyłek z magazynu:", "倉庫の追跡番号:"])
    return intro + "\n" + "\n".join("- %s: `%s`" % s for s in sel)


def c5_orders():
    k = R.randint(0, 3)
    if k == 0:
        return "order %s-%s-%s was refunded twice, second refund id re_%s" % (dg(3), dg(7, False), dg(7, False), rs(B62, 24))
    if k == 1:
        return "Rechnung RE-%d-%06d und Gutschrift GS-%d-%05d betreffen dieselbe Bestellung #%d" % (R.randint(2025, 2026), R.randint(1, 999999), R.randint(2025, 2026), R.randint(1, 99999), R.randint(10 ** 5, 10 ** 7))
    if k == 2:
        return "PO-%s / SO-%s / delivery note LS%s — all three are in the ERP, just not linked" % (dg(8), dg(9), dg(10))
    return "Pedido %s, factura F%d/%05d, albarán %s" % (dg(11), R.randint(2025, 2026), R.randint(1, 99999), dg(9))


def c5_versions():
    items = ["%d.%d.%d" % (R.randint(0, 30), R.randint(0, 60), R.randint(0, 200)),
             "%d.%d.%d-rc.%d+build.%s" % (R.randint(0, 9), R.randint(0, 30), R.randint(0, 9), R.randint(1, 9), hx(7)),
             "%d.%02d.%d" % (R.randint(2024, 2026), R.randint(1, 12), R.randint(0, 9)),
             "1:%d.%d.%d-%dubuntu0.%d" % (R.randint(1, 9), R.randint(0, 40), R.randint(0, 9), R.randint(1, 5), R.randint(1, 9)),
             "10.0.%d.%d" % (R.randint(19041, 26200), R.randint(1, 5000)),
             "%d.0.%d.%d" % (R.randint(120, 140), R.randint(6000, 7400), R.randint(1, 250)),
             "%d.%d (%d%s%d)" % (R.randint(15, 26), R.randint(0, 6), R.randint(20, 24), pick("ABCDEFG"), R.randint(10, 5999)),
             "versionCode %d" % R.randint(2024010100, 2026123199),
             "build %d.%d" % (R.randint(20000, 27000), R.randint(1000, 9999)),
             "v%d.%d.%d-%d-g%s" % (R.randint(0, 5), R.randint(0, 40), R.randint(0, 20), R.randint(1, 300), hx(8)),
             "%s/%s/%s:%d/%s.%d.%s/%d:user/release-keys" % (pick(["google", "samsung", "fairphone"]), pick(["husky", "a54x", "fp5"]), pick(["husky", "a54x", "fp5"]), R.randint(13, 16), pick(["AP4A", "BP1A", "UP1A"]), R.randint(240000, 259999), "0%02d" % R.randint(1, 99), R.randint(10 ** 7, 10 ** 8))]
    sel = R.sample(items, R.randint(2, 6))
    return pick(["versions seen in the crash reports:", "Versionen in den Crashreports:", "versiones en los informes:", "クラッシュレポートのバージョン:", "wersje w raportach:"]) + " " + ", ".join("`%s`" % s for s in sel)


FOURPART = ["5.3.2.118", "8.1.0.44", "6.4.12.200"]


def c5_fourpart_deliberate():
    v = pick(FOURPART)
    return pick(["The MSI reports ProductVersion %s, the installer log agrees.", "[assembly: AssemblyFileVersion(\"%s\")]", "NIC firmware %s is the one with the LRO bug"]) % v


def c5_timestamps():
    rows = [("epoch s", str(ts_s())), ("epoch ms", nonluhn(lambda: str(ts_ms()))), ("Slack ts", "%d.%06d" % (ts_s(), R.randint(0, 999999))),
            ("FILETIME", nonluhn(lambda: str(ts_s() * 10 ** 7 + 116444736000000000 + R.randint(0, 10 ** 7 - 1)))),
            (".NET ticks", nonluhn(lambda: str(ts_s() * 10 ** 7 + 621355968000000000))), ("Excel serial", "%d.%05d" % (R.randint(45658, 46387), R.randint(0, 99999))),
            ("ISO week", "%d-W%02d-%d" % (R.randint(2025, 2026), R.randint(1, 52), R.randint(1, 7))), ("RFC 3339", iso()),
            ("JP", "%d年%d月%d日 %s" % (R.randint(2025, 2026), R.randint(1, 12), R.randint(1, 28), hms())),
            ("DE", "%02d.%02d.%d %s" % (R.randint(1, 28), R.randint(1, 12), R.randint(2025, 2026), hms()[:5])),
            ("US", "%d/%d/%d %d:%02d %s" % (R.randint(1, 12), R.randint(1, 28), R.randint(2025, 2026), R.randint(1, 12), R.randint(0, 59), pick(["AM", "PM"])))]
    sel = R.sample(rows, R.randint(3, 8))
    return "same instant? comparing the formats from the three systems:\n| format | value |\n|---|---|\n" + "\n".join("| %s | `%s` |" % r for r in sel)


PLACES = [("Frankfurt DC", 50.1109, 8.6821), ("Brandenburger Tor", 52.5163, 13.3777), ("Tour Eiffel", 48.8584, 2.2945),
          ("Sagrada Família", 41.4036, 2.1744), ("Tokyo Station", 35.6812, 139.7671), ("Schiphol", 52.3105, 4.7683),
          ("Warsaw Palace of Culture", 52.2318, 21.0060), ("Ibirapuera park", -23.5874, -46.6576), ("Colosseo", 41.8902, 12.4922),
          ("Stockholm Centralstation", 59.3303, 18.0588), ("eu-north-1 region marker", 59.3293, 18.0686)]


def c5_coords():
    sel = R.sample(PLACES, R.randint(1, 5))
    return pick(["geo-lookup test fixtures (public landmarks):", "Fixtures für den Geo-Test:", "puntos de prueba:", "テスト用の座標:"]) + "\n" + fence("json", json.dumps(
        [{"name": n, "lat": round(a + R.uniform(-0.0005, 0.0005), 6), "lon": round(b + R.uniform(-0.0005, 0.0005), 6), "zoom": R.randint(10, 18)} for n, a, b in sel], ensure_ascii=False, indent=1))


def c5_private_net():
    k = R.randint(0, 3)
    if k == 0:
        rows = ["%d: %s: <BROADCAST,MULTICAST,UP> mtu %d\n    inet %s/%d scope global\n    inet6 fd%s:%s::%s/64 scope global" % (
            i + 2, pick(["eth0", "ens5", "wg0", "br-%s" % hx(12)]), pick([1500, 9001, 1420]), priv_ip(), pick([16, 20, 24]), hx(2), hx(4), hx(3)) for i in range(R.randint(1, 4))]
        return fence("", "\n".join(rows))
    if k == 1:
        rows = ["set_real_ip_from %s;" % c for c in R.sample(["10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16", "100.64.0.0/10", "fd00::/8", "2001:db8::/32"], R.randint(2, 5))]
        return fence("nginx", "\n".join(rows) + "\nreal_ip_header X-Forwarded-For;")
    if k == 2:
        rows = [" %d  %s  %.3f ms" % (i + 1, priv_ip(), R.uniform(0.1, 30)) for i in range(R.randint(3, 12))]
        return "traceroute inside the VPC:\n" + fence("", "\n".join(rows))
    return "docs examples use %s, %s and %s; IPv6 docs use 2001:db8:%s::%s" % ("192.0.2.%d" % R.randint(1, 254), "198.51.100.%d" % R.randint(1, 254), "203.0.113.%d" % R.randint(1, 254), hx(4), hx(2))


def c5_rooms_postcodes():
    items = ["Raum %d.%03d" % (R.randint(1, 9), R.randint(1, 150)), "meeting room B-%d%02d" % (R.randint(1, 6), R.randint(1, 40)),
             "salle %s%d" % (pick("ABC"), R.randint(100, 450)), "sala %d" % R.randint(1, 30),
             "warehouse 10115 Berlin", "hub 1043 GR Amsterdam", "depot 75019 Paris", "office 100-0005 Tokyo (Marunouchi)",
             "DC 02-672 Warszawa", "CEP 04538-133 São Paulo (edifício comercial)", "EC2A 4NE London office", "Lager 80807 München",
             "magazzino 20124 Milano", "bodega 28046 Madrid", "rack R%02d-U%02d" % (R.randint(1, 40), R.randint(1, 42)), "floor %d, zone %s" % (R.randint(1, 30), pick("ABCDEF"))]
    sel = R.sample(items, R.randint(2, 5))
    return pick(["sites for the network rollout:", "Standorte für den Rollout:", "sitios del despliegue:", "lokalizacje wdrożenia:"]) + " " + "; ".join(sel)


def c5_product_codes():
    items = ["EAN %s" % nonluhn(ean13), "SKU %s-%s-%s" % (rs("ABCDEFGHJKLMNPRSTUVWXYZ", 3), dg(4), pick(["BLK", "WHT", "XL", "M"])),
             "ASIN B0%s" % rs("ABCDEFGHJKLMNPQRSTUVWXYZ0123456789", 8), "HS %d.%02d.%04d" % (R.randint(1000, 9999), R.randint(0, 99), R.randint(0, 9999)),
             "CAS %d-%02d-%d" % (R.randint(50, 99999), R.randint(10, 99), R.randint(0, 9)), "ISBN 978-%d-%d-%d-%d" % (R.randint(0, 9), R.randint(10, 999), R.randint(1000, 99999), R.randint(0, 9)),
             "MPN %s%s" % (rs("ABCDEFGHJKLMNPRSTUVWXYZ", 2), dg(6)), "GTIN-14 %s" % nonluhn(lambda: dg(14)), "Lot L%s%s" % (date().replace("-", "")[2:], rs("ABCDEFG", 1)),
             "service tag %s" % rs("0123456789BCDFGHJKLMNPQRSTVWXYZ", 7), "Artikelnr. %s.%s.%s" % (dg(3), dg(3), dg(2, False))]
    sel = R.sample(items, R.randint(2, 6))
    return pick(["catalogue import rejected these rows:", "Der Katalog-Import hat diese Zeilen abgelehnt:", "el import rechazó:", "カタログ取込で弾かれた行:"]) + "\n" + "\n".join("- %s" % s for s in sel)


def c5_sixteen_digits():
    def nl16():
        while True:
            d = dg(16)
            if not luhn_ok(d):
                return d
    d = nl16()
    grp = pick([" ".join(d[i:i + 4] for i in range(0, 16, 4)), "-".join(d[i:i + 4] for i in range(0, 16, 4)), d])
    ctx = pick(["licence key for the CAD seat (numeric, per site): `%s`", "pallet batch number %s from the supplier label",
                "Chargennummer laut Lieferschein: %s", "número de lote del proveedor: %s", "the meter id on the gas meter in the server room reads %s",
                "SAP document number %s"])
    return ctx % grp


def c5_bad_iban():
    def bad():
        while True:
            cc, n = pick([("DE", 18), ("FR", 23), ("NL", 14), ("ES", 20), ("IT", 23)])
            if cc == "NL":
                bban = rs("ABCDEFGHIJKLMNOPQRSTUVWXYZ", 4) + dg(10, False)
            elif cc in ("FR", "IT"):
                bban = (rs("ABCDEFGHIJKLMNOPQRSTUVWXYZ", 1) if cc == "IT" else "") + dg(n - 4 - (1 if cc == "IT" else 0), False)
            else:
                bban = dg(n - 4, False)
            s = "%s%02d%s" % (cc, R.randint(2, 98), bban)
            if not iban_hits(s):
                return s
    s = bad()
    g = " ".join(s[i:i + 4] for i in range(0, len(s), 4))
    return pick(["validator unit test: `%s` must be rejected (check digits wrong) — it is, good", "Der Validator lehnt `%s` korrekt ab (Prüfziffer falsch).",
                 "el validador rechaza `%s` (dígitos de control inválidos), como esperado", "walidator odrzuca `%s` — zła suma kontrolna, OK"]) % g


def c5_routing():
    return pick(["ACH batch to the utility's public routing number %s failed with R03", "ABA routing number %s is the bank's published one, not an account",
                 "Fedwire: bank routing %s (public)"]) % pick(["021000021", "026009593", "121000358", "011000015"])


def c5_phone_shaped():
    n = pick(["%s %s %s" % (dg(4, False), dg(4), dg(3)), "%s-%s-%s" % (dg(3), dg(3), dg(4)), "%s %s" % (dg(5), dg(6)), "%s/%s" % (dg(4, False), dg(7))])
    ctx = pick(["Zendesk ticket #%s is the duplicate", "build %s broke the nightly", "SAP material %s has the wrong unit", "case id %s in the vendor portal",
                "the conference room AV serial is %s", "Jira export row %s", "pallet label %s", "Bauteilnummer %s passt nicht", "referencia de pieza %s",
                "部品番号 %s の在庫が合わない", "nr seryjny %s", "catalog id %s in the supplier feed"])
    return ctx % n


def c5_money_counts():
    rows = ["| region | orders | revenue | p95 ms | bytes out |", "|---|---:|---:|---:|---:|"]
    for r in R.sample(REGIONS, R.randint(3, 7)):
        rows.append("| %s | %s | %s | %d | %s |" % (r, "{:,}".format(R.randint(1000, 9 * 10 ** 6)), "€{:,.2f}".format(R.uniform(1e3, 9e6)), R.randint(20, 900), "{:,}".format(R.randint(10 ** 6, 10 ** 12)).replace(",", " ")))
    return "weekly numbers:\n" + "\n".join(rows)


def c5_refs():
    items = ["CVE-%d-%d" % (R.randint(2023, 2026), R.randint(1000, 59999)), "GHSA-%s-%s-%s" % (rs("23456789cfghjmpqrvwx", 4), rs("23456789cfghjmpqrvwx", 4), rs("23456789cfghjmpqrvwx", 4)),
             "KB%d" % R.randint(5000000, 5099999), "RFC %d" % R.randint(700, 9700), "doi:10.%d/%d.%d" % (R.randint(1000, 9999), R.randint(1000000, 3999999), R.randint(1000000, 3999999)),
             "arXiv:%d%02d.%05d" % (R.randint(24, 26), R.randint(1, 12), R.randint(1, 29999)), "US %s B2" % "{:,}".format(R.randint(10 ** 7, 12 * 10 ** 6)),
             "ISO %d-%d:%d" % (R.randint(9000, 27999), R.randint(1, 9), R.randint(2015, 2025)), "HRESULT 0x%08X" % R.choice([0x80070005, 0x80004005, 0x8007000E, 0x80131500]),
             "INC%07d" % R.randint(1, 9999999), "CHG%07d" % R.randint(1, 9999999), "LH %d" % R.randint(100, 2999), "ICE %d" % R.randint(100, 1999)]
    sel = R.sample(items, R.randint(2, 6))
    return pick(["refs from the postmortem:", "Referenzen:", "références :", "参照:", "odniesienia:"]) + " " + ", ".join(sel)


def c5_csv_export():
    rows = ["order_id,created_at,sku,qty,unit_eur,warehouse_zip,invoice_no"]
    for _ in range(R.randint(12, 30)):
        rows.append("%s,%s,%s-%s,%d,%.2f,%s,INV-%d-%06d" % (dg(10), iso(ms=False), rs("ABCDEFGHJKLMNPRSTUVWXYZ", 3), dg(4), R.randint(1, 40), R.uniform(0.5, 900),
                                                         pick(["10115", "80807", "20124", "28046", "75019", "1043 GR"]), R.randint(2025, 2026), R.randint(1, 999999)))
    return "export for finance (no customer columns):\n" + fence("csv", "\n".join(rows))


def c5_ports_pids():
    return "ps says pid %d (ppid %d) holds ports %s; inode %d; exit code %d; rss %s kB" % (
        R.randint(300, 4194303), R.randint(1, 3000), ",".join(str(p) for p in sorted(R.sample([80, 443, 5432, 6379, 8080, 8443, 9090, 9100, 15672, 27017, 50051], R.randint(2, 5)))),
        R.randint(10 ** 6, 10 ** 9), R.choice([0, 1, 137, 139, 143]), "{:,}".format(R.randint(10 ** 4, 10 ** 7)))


def c5_account_ids():
    return "resources live in AWS account 123456789012 (the docs example in our sandbox template), GCP project number %d, subscription %s, instance i-%s, vpc-%s" % (
        R.randint(10 ** 11, 10 ** 12 - 1), uuid4(), hx(17), hx(17))


CAT5 = [c5_tracking, c5_orders, c5_versions, c5_timestamps, c5_coords, c5_private_net, c5_rooms_postcodes, c5_product_codes,
        c5_sixteen_digits, c5_bad_iban, c5_routing, c5_phone_shaped, c5_money_counts, c5_refs, c5_csv_export, c5_ports_pids,
        c5_account_ids]
CAT5_DELIBERATE = c5_fourpart_deliberate


# ---------------------------------------------------------------------------
# category 6: talk about secrets / personal data, containing none
# ---------------------------------------------------------------------------
def fill(s):
    return s.format(svc=pick(SERVICES), n=R.randint(2, 40), days=pick([7, 14, 30, 60, 90]), ticket="SEC-%d" % R.randint(100, 2999),
                    date=date(), hours=R.randint(1, 30), pct=R.randint(1, 99), org=pick(ORGS))


ONE_LINERS = {
    "en": ["did anyone rotate the {svc} webhook secret after the contractor left? the audit log says the last rotation was {days} days ago",
           "reminder: never paste tokens into Slack, even \"expired\" ones — use the vault share link",
           "the scanner flagged {n} commits with what looked like card numbers, all of them turned out to be test fixtures with bad checksums",
           "we still log the full phone number on OTP failures in {svc}, need to switch to the last two digits",
           "is an IBAN personal data under GDPR? legal says yes when it belongs to a natural person, so mask it in the exports",
           "can we stop storing raw SSNs in the KYC table and keep only a keyed hash + last four?",
           "the leaked key in {ticket} was revoked within {hours} minutes, no usage seen in CloudTrail"],
    "de": ["Hat jemand das Datenbank-Passwort von {svc} nach dem Offboarding rotiert? Laut Audit-Log ist das {days} Tage her.",
           "Bitte keine Tokens in Tickets kopieren, auch keine abgelaufenen – nur den Vault-Pfad.",
           "Die Telefonnummern stehen im Klartext im Log, das müssen wir bis zum Audit maskieren.",
           "Ist eine IBAN ein personenbezogenes Datum? Laut Datenschutz ja, sobald sie einer Person gehört.",
           "Der private Schlüssel lag {hours} Stunden im öffentlichen Bucket, er wurde widerrufen und neu ausgestellt."],
    "fr": ["Quelqu'un a fait tourner le secret du webhook de {svc} ? Le dernier changement date de {days} jours.",
           "Rappel : ne jamais coller de jeton dans un canal, même expiré. Utilisez le lien de partage du coffre.",
           "Les numéros de carte ne doivent jamais apparaître dans les logs, seulement les quatre derniers chiffres.",
           "Le RGPD considère l'adresse e-mail comme une donnée personnelle, donc on la hache avant l'export."],
    "es": ["¿Alguien rotó la clave de API de {svc} después del incidente? El registro dice que hace {days} días.",
           "Recordatorio: no peguen contraseñas en el chat, usen el gestor de secretos.",
           "Los números de teléfono aparecen completos en los logs de {svc}; hay que enmascararlos.",
           "El token filtrado en {ticket} se revocó en {hours} minutos y no hubo uso indebido."],
    "pt": ["Alguém já trocou a senha do banco do {svc}? A última rotação foi há {days} dias.",
           "Não colem tokens no canal, mesmo que estejam expirados; usem o cofre.",
           "O CPF e o telefone não podem ir para o data lake sem pseudonimização."],
    "nl": ["Heeft iemand het API-sleutel van {svc} geroteerd na het vertrek van de leverancier?",
           "Telefoonnummers staan nog onversleuteld in de logs; dat moet voor de audit opgelost zijn.",
           "Een IBAN is persoonsgegeven zodra het bij een natuurlijk persoon hoort, dus maskeren in exports."],
    "it": ["Qualcuno ha ruotato la password del database di {svc}? L'ultima rotazione risale a {days} giorni fa.",
           "Ricordate: niente token nei canali, nemmeno quelli scaduti.", "I numeri di carta nei log vanno mascherati, solo le ultime quattro cifre."],
    "pl": ["Czy ktoś zrotował klucz API {svc} po incydencie? Ostatnia zmiana była {days} dni temu.",
           "Nie wklejajcie haseł na kanał, nawet tymczasowych.", "Numery telefonów w logach muszą być maskowane przed audytem."],
    "ja": ["{svc} の Webhook シークレットはローテーションしましたか？最後の変更は{days}日前です。",
           "チャットにトークンを貼らないでください。期限切れでもダメです。", "ログに電話番号がそのまま出ているので、下4桁以外はマスクしましょう。"],
    "sv": ["Har någon roterat API-nyckeln för {svc} efter incidenten? Senaste bytet var för {days} dagar sedan.",
           "Klistra aldrig in lösenord i kanalen, använd valvet."],
    "tr": ["{svc} için API anahtarını kimse döndürdü mü? Son değişiklik {days} gün önce.", "Kanala asla parola yapıştırmayın, kasayı kullanın."],
    "cs": ["Otočil někdo heslo k databázi {svc}? Poslední rotace byla před {days} dny.", "Telefonní čísla v logu musíme maskovat."],
    "zh": ["有人轮换过 {svc} 的 API 密钥吗？上次更换是 {days} 天前。", "请不要把令牌贴到频道里，即使已经过期。"],
    "ko": ["{svc}의 API 키를 교체했나요? 마지막 교체는 {days}일 전입니다.", "채널에 비밀번호를 붙여넣지 마세요. 볼트를 사용하세요."],
}


def c6_one_liners():
    langs = list(ONE_LINERS)
    out = [fill(pick(ONE_LINERS[pick(langs)])) for _ in range(R.randint(1, 3))]
    return "\n".join(out)


INCIDENT = {
    "en": ("### Incident {ticket} — {what} exposed in {where}\n**Summary:** a {what} for {svc} was committed to {where} on {date}. It was detected by secret scanning after {hours} minutes.\n"
           "**Timeline:**\n- T+0 commit pushed\n- T+{hours}m alert, on-call paged\n- T+{n}m credential revoked and reissued\n- T+2h history rewritten, caches purged\n"
           "**Impact:** no unauthorized use found in the provider's audit log.\n**Root cause:** local `.env` not in `.gitignore`.\n**Action items:** pre-commit hook, shorter TTLs, move to OIDC.",
           ["API key", "database password", "deploy token", "private signing key", "webhook secret"], ["a public GitHub repo", "a CI log", "a Docker image layer", "a shared notebook"]),
    "de": ("### Vorfall {ticket}: {what} in {where}\n**Zusammenfassung:** Am {date} wurde ein {what} für {svc} in {where} veröffentlicht. Erkannt nach {hours} Minuten.\n"
           "**Ablauf:**\n1. Commit gepusht\n2. Alarm durch Secret-Scanning\n3. Zugangsdaten widerrufen und neu ausgestellt\n4. Historie bereinigt\n"
           "**Auswirkung:** keine missbräuchliche Nutzung im Audit-Log.\n**Maßnahmen:** Pre-Commit-Hook, kürzere Laufzeiten, Umstieg auf OIDC.",
           ["API-Schlüssel", "Datenbankpasswort", "Deploy-Token", "privater Schlüssel"], ["einem öffentlichen Repo", "einem CI-Log", "einem Container-Image"]),
    "fr": ("### Incident {ticket} : {what} exposé dans {where}\n**Résumé :** le {date}, un {what} de {svc} a été publié dans {where}. Détection après {hours} minutes.\n"
           "**Chronologie :**\n- publication\n- alerte du scanner de secrets\n- révocation et réémission\n- purge de l'historique\n"
           "**Impact :** aucune utilisation frauduleuse constatée.\n**Actions :** hook pre-commit, durées de vie plus courtes.",
           ["jeton d'API", "mot de passe de base", "secret de webhook"], ["un dépôt public", "un log de CI", "une image Docker"]),
    "es": ("### Incidente {ticket}: {what} expuesto en {where}\n**Resumen:** el {date} se publicó un {what} de {svc} en {where}. Se detectó a los {hours} minutos.\n"
           "**Cronología:**\n1. push del commit\n2. alerta del escáner\n3. revocación y reemisión\n4. limpieza del historial\n"
           "**Impacto:** sin uso no autorizado.\n**Acciones:** hook de pre-commit y rotación automática cada {days} días.",
           ["token de API", "contraseña de base de datos", "secreto de webhook"], ["un repo público", "un log de CI", "una imagen de contenedor"]),
    "ja": ("### インシデント {ticket}: {where}に{what}が露出\n**概要:** {date} に {svc} の{what}が{where}に公開されました。{hours}分後に検知。\n"
           "**対応:**\n1. 失効\n2. 再発行\n3. 履歴の削除\n**影響:** 不正利用は確認されていません。\n**再発防止:** pre-commit フック、有効期限の短縮。",
           ["APIキー", "DBパスワード", "署名用秘密鍵"], ["公開リポジトリ", "CIログ", "コンテナイメージ"]),
    "pl": ("### Incydent {ticket}: {what} w {where}\n**Podsumowanie:** {date} {what} serwisu {svc} trafił do {where}. Wykryto po {hours} minutach.\n"
           "**Działania:** unieważnienie, ponowne wydanie, czyszczenie historii.\n**Wpływ:** brak nieautoryzowanego użycia.",
           ["klucz API", "hasło do bazy", "token wdrożeniowy"], ["publicznym repozytorium", "logu CI", "obrazie kontenera"]),
    "pt": ("### Incidente {ticket}: {what} exposto em {where}\n**Resumo:** em {date} um {what} do {svc} foi publicado em {where}. Detectado após {hours} minutos.\n"
           "**Ações:** revogação, reemissão, limpeza do histórico.\n**Impacto:** nenhum uso indevido.",
           ["token de API", "senha do banco", "segredo de webhook"], ["um repositório público", "um log de CI", "uma imagem Docker"]),
}


def c6_incident():
    lang = pick(list(INCIDENT))
    t, whats, wheres = INCIDENT[lang]
    return fill(t.replace("{what}", pick(whats)).replace("{where}", pick(wheres)))


ROTATE = {
    "en": ["How to rotate the {svc} database password:", "1. Create the new password in Vault (`vault kv put` — generated, never typed).",
           "2. Add it as a second valid credential on the database side.", "3. Roll the deployment so pods pick up the new secret.",
           "4. Watch error rates for {n} minutes.", "5. Revoke the old credential and record the rotation in {ticket}."],
    "de": ["So rotierst du den API-Schlüssel von {svc}:", "1. Neuen Schlüssel im Anbieter-Portal erzeugen (nicht in Slack teilen).",
           "2. Im Secret-Store als neue Version speichern.", "3. Deployment neu ausrollen.", "4. {n} Minuten Fehlerraten beobachten.", "5. Alten Schlüssel widerrufen."],
    "nl": ["Zo roteer je het webhook-geheim van {svc}:", "1. Genereer een nieuw geheim in de kluis.", "2. Laat beide geheimen {hours} uur geldig.",
           "3. Rol de consumers uit.", "4. Trek het oude geheim in."],
    "it": ["Come ruotare il certificato TLS di {svc}:", "1. Generare la nuova chiave privata sull'HSM.", "2. Richiedere il certificato.",
           "3. Distribuire e verificare la catena.", "4. Revocare il vecchio certificato."],
    "sv": ["Så roterar du token för {svc}:", "1. Skapa en ny token i valvet.", "2. Uppdatera hemligheten i klustret.", "3. Starta om tjänsten.", "4. Återkalla den gamla."],
    "tr": ["{svc} parolası nasıl döndürülür:", "1. Kasada yeni parola oluşturun.", "2. Veritabanında ikinci kullanıcı olarak ekleyin.", "3. Dağıtımı yeniden başlatın.", "4. Eski parolayı iptal edin."],
    "zh": ["如何轮换 {svc} 的密钥：", "1. 在密钥库中生成新密钥。", "2. 同时保留新旧密钥 {hours} 小时。", "3. 重新部署服务。", "4. 吊销旧密钥。"],
    "es": ["Cómo rotar la clave de firma de {svc}:", "1. Generar la nueva clave en el KMS.", "2. Publicar la clave pública en el JWKS.", "3. Esperar {hours} horas (caché de clientes).", "4. Firmar con la nueva y retirar la anterior."],
}


def c6_rotate():
    lang = pick(list(ROTATE))
    lines = [fill(x) for x in ROTATE[lang]]
    if R.random() < 0.4:
        lines.append(fill(pick(["Automate it: the rotation job runs every {days} days.", "Automatisieren: Job läuft alle {days} Tage.", "自動化: {days}日ごとに実行。"])))
    return "\n".join(lines)


REGEXES = [("card numbers", r"\b(?:\d[ -]?){13,19}\b", "plus a Luhn check, otherwise every order id matches"),
           ("IBAN", r"\b[A-Z]{2}\d{2}(?: ?[A-Z0-9]){11,30}\b", "and then mod-97, grouped and compact"),
           ("US SSN", r"\b(?!000|666|9\d\d)\d{3}-(?!00)\d{2}-(?!0000)\d{4}\b", "area/group/serial rules"),
           ("e-mail", r"[^@\s]+@[^@\s]+\.[A-Za-z]{2,}", "too greedy on `user@host` in ssh URLs"),
           ("JWT", r"eyJ[\w-]+\.eyJ[\w-]+\.[\w-]+", "needs three segments; a base64 JSON cursor alone is not a JWT"),
           ("GitHub PAT", r"gh[pousr]_[A-Za-z0-9]{36}", "the last 6 chars are a CRC32 checksum you can verify"),
           ("Slack", r"xox[baprs]-[0-9]+-[0-9A-Za-z-]+", "bot vs user token"),
           ("AWS key id", r"\b(?:AKIA|ASIA)[A-Z2-7]{16}\b", "skip the ones containing EXAMPLE"),
           ("E.164 phone", r"\+[1-9]\d{6,14}", "misses national formats with spaces and parentheses"),
           ("IPv4", r"\b(?:\d{1,3}\.){3}\d{1,3}\b", "4-part version strings match too")]
REGEX_INTRO = {"en": "regex review for the log scrubber — what we match for {k}:", "de": "Regex-Review für den Log-Scrubber, Muster für {k}:",
               "es": "revisión de regex del depurador de logs, patrón para {k}:", "fr": "revue des regex du nettoyeur de logs, motif pour {k} :",
               "ko": "로그 스크러버 정규식 리뷰 — {k} 패턴:", "pl": "przegląd regexów dla {k}:"}


def c6_regex():
    sel = R.sample(REGEXES, R.randint(1, 4))
    lang = pick(list(REGEX_INTRO))
    parts = []
    for k, rx, note in sel:
        parts.append(REGEX_INTRO[lang].format(k=k) + "\n" + fence("regex", rx) + "\n" + note)
    if R.random() < 0.5:
        parts.append(pick(["False positives so far: {n} on order ids, {n} on timestamps.", "Fehlalarme bisher: {n}.", "falsos positivos: {n} en ids de pedido."]).format(n=R.randint(2, 90)))
    return "\n".join(parts)


REVIEW = {
    "en": ["Security review of {svc} — findings:", "- [high] access tokens are written to the debug log when the refresh fails",
           "- [medium] phone numbers are returned unmasked by the admin search endpoint", "- [medium] the webhook secret has no rotation procedure",
           "- [low] password reset links stay valid for {days} days", "- [low] card numbers are masked client-side only",
           "- [info] private keys are stored in the KMS, not on disk — good", "- [high] the S3 export contains full IBANs"],
    "cs": ["Bezpečnostní revize {svc} — nálezy:", "- [vysoká] přístupové tokeny se zapisují do debug logu", "- [střední] telefonní čísla nejsou maskována",
           "- [nízká] odkaz pro reset hesla platí {days} dní", "- [info] soukromé klíče jsou v KMS"],
    "pt": ["Revisão de segurança do {svc} — achados:", "- [alta] tokens de acesso aparecem no log de depuração", "- [média] o endpoint de busca devolve telefones sem máscara",
           "- [baixa] o link de redefinição de senha vale {days} dias", "- [info] chaves privadas ficam no KMS"],
    "ja": ["{svc} のセキュリティレビュー結果:", "- [高] リフレッシュ失敗時にアクセストークンがデバッグログに出力される", "- [中] 管理画面の検索で電話番号がマスクされていない",
           "- [低] パスワードリセットのリンクが{days}日間有効", "- [情報] 秘密鍵はKMSで管理されている"],
    "it": ["Revisione di sicurezza di {svc}:", "- [alta] i token di accesso finiscono nei log di debug", "- [media] gli IBAN completi sono nell'export",
           "- [bassa] il link di reset password dura {days} giorni"],
}


def c6_review():
    lang = pick(list(REVIEW))
    head, *items = REVIEW[lang]
    sel = R.sample(items, R.randint(2, len(items)))
    return fill(head + "\n" + "\n".join(sel))


FAQ = [("Q: Can I share an API key over DM if I delete it afterwards?", "A: No. Deleted messages stay in exports and backups. Use a one-time vault link."),
       ("Q: What counts as personal data in logs?", "A: names, e-mail addresses, phone numbers, IBANs, card numbers, national ids, IPs of end users."),
       ("F: Darf ich Testdaten mit echten IBANs anlegen?", "A: Nein, nur generierte Testwerte aus dem Fixture-Generator."),
       ("P: ¿Se puede guardar el número de tarjeta completo para reintentos?", "R: No, se guarda el token del PSP; PCI DSS lo prohíbe."),
       ("Q : Le hash d'un e-mail est-il anonyme ?", "R : Non, c'est une pseudonymisation ; un hash non salé se retrouve par dictionnaire."),
       ("Q: What do I do if I committed a secret?", "A: Revoke it first, then clean history. Rewriting history alone is not enough."),
       ("V: Mag een telefoonnummer in een ticket?", "A: Alleen als het nodig is, en dan gemaskeerd tot de laatste twee cijfers."),
       ("Q: パスワードを一時的にチャットで共有してもいい？", "A: いいえ。ボールトの共有リンクを使ってください。"),
       ("Q: Is a JWT a secret?", "A: A bearer JWT is a credential until it expires. Treat it like a password in logs.")]


def c6_faq():
    sel = R.sample(FAQ, R.randint(1, 5))
    return pick(["Security FAQ (excerpt):", "Auszug aus der Security-FAQ:", "FAQ de seguridad:", "セキュリティFAQ:"]) + "\n\n" + "\n\n".join("%s\n%s" % qa for qa in sel)


def c6_policy_table():
    rows = [("password", "never", "bcrypt/argon2 hash only"), ("API key", "never", "vault reference"), ("card number", "last 4", "PSP token"),
            ("IBAN", "country + last 4", "encrypted column"), ("phone number", "last 2", "E.164 hashed for lookup"), ("e-mail", "domain only", "keyed hash"),
            ("SSN / national id", "never", "encrypted, access logged"), ("IP address", "/24 truncated", "90 days"), ("private key", "never", "HSM/KMS")]
    sel = R.sample(rows, R.randint(3, len(rows)))
    return pick(["logging policy, what may appear where:", "Logging-Richtlinie:", "política de logs:", "ログ出力ポリシー:"]) + "\n| data | in logs | at rest |\n|---|---|---|\n" + "\n".join("| %s | %s | %s |" % r for r in sel)


def c6_vault_errors():
    errs = ["Error reading secret/data/{svc}/db: permission denied", "ExternalSecret {svc}-creds: could not get secret data from provider",
            "sealed-secrets: no key could decrypt secret (webhook-secret)", "SecretProviderClass {svc}: failed to mount, key vault access denied",
            "sops: failed to decrypt: no key could be found to decrypt the data key", "gitleaks: leaks found: 0, scanned {n} commits",
            "trufflehog: 0 verified, {n} unverified secrets (all in test fixtures)"]
    sel = R.sample(errs, R.randint(1, 4))
    return fill(pick(["seeing these since the migration, no values in them:", "seit der Migration:", "depuis la migration :", "desde la migración:"]) + "\n" + fence("", "\n".join(sel)))


CAT6 = [c6_one_liners, c6_incident, c6_rotate, c6_regex, c6_review, c6_faq, c6_policy_table, c6_vault_errors]


def c6_dsar_thread():
    turns = [("support-lead", pick(["we got a data subject access request, where do we look for their data?", "Auskunftsersuchen nach Art. 15 eingegangen, wo suchen wir?",
                                    "solicitud de acceso del interesado, ¿dónde buscamos?"])),
             ("dpo", pick(["CRM, ticketing, the billing DB and the log archive. Do NOT paste anything you find here, attach it to the DSAR ticket.",
                           "CRM, Ticketsystem, Billing-DB, Log-Archiv. Fundstellen bitte nicht hier posten, nur ins Ticket.",
                           "CRM, tickets, base de facturación y logs; nada de pegar datos aquí."])),
             ("platform", fill("logs older than {days} days are gone anyway; for newer ones we can grep by the hashed customer id, not by e-mail.")),
             ("dpo", fill("deadline is one month, ticket {ticket}"))]
    return "\n".join("**%s**: %s" % t for t in turns[:R.randint(2, 4)])


def c6_pci_thread():
    lines = [fill(pick(["PCI scoping question: if {svc} only ever sees the PSP token, is it in scope?", "PCI-Frage: ist {svc} im Scope, wenn es nur das PSP-Token sieht?",
                        "pregunta PCI: ¿{svc} entra en alcance si solo ve el token del PSP?"])),
             pick(["> not for storage, but it is if the card number passes through its memory, e.g. a proxy", "> Nur wenn die Kartennummer durch den Speicher läuft, z. B. als Proxy."]),
             fill("the iframe means the PAN never touches us; last QSA review agreed ({ticket})"),
             pick(["and CVV is never stored, not even encrypted", "CVV wird nie gespeichert, auch nicht verschlüsselt", "el CVV nunca se guarda"])]
    return "\n".join(lines[:R.randint(2, 4)])


def c6_password_policy():
    return fill(pick(["NIST 800-63B says no forced periodic password changes and no composition rules; minimum length {n} and a breached-password check instead. Can we drop the 90-day rotation?",
                      "Passwortrichtlinie: Mindestlänge {n}, Abgleich gegen geleakte Passwörter, keine erzwungene Rotation alle 90 Tage mehr.",
                      "Política de contraseñas: longitud mínima {n}, comprobación contra filtraciones, sin caducidad obligatoria.",
                      "パスワードポリシー: 最低{n}文字、漏洩パスワードとの照合、定期変更は廃止。",
                      "Polityka haseł: min. {n} znaków, sprawdzanie wycieków, bez wymuszonej zmiany co 90 dni."]))


CAT6 += [c6_dsar_thread, c6_pci_thread, c6_password_policy]

NEG_CATS = [("data_uri_base64", CAT1), ("placeholder_example", CAT2), ("code_identifier", CAT3),
            ("non_credential_blob", CAT4), ("pii_lookalike_number", CAT5), ("talk_about_secrets", CAT6)]
NEG_PER_CAT = 100


def build_negatives():
    seen = set()
    out = []
    deliberate_ids = []
    for cat, templates in NEG_CATS:
        items = []
        if cat == "pii_lookalike_number":
            for v in FOURPART:
                t = c5_fourpart_deliberate()
                while v not in t or t in seen:
                    t = c5_fourpart_deliberate()
                hits = scan(t, allow_ips=set(FOURPART))
                assert not hits, hits
                seen.add(t)
                items.append((cat, t, "fourpart"))
        order = []
        while len(items) + len(order) < NEG_PER_CAT:
            tl = list(templates)
            R.shuffle(tl)
            order.extend(tl)
        order = order[:NEG_PER_CAT - len(items)]
        for fn in order:
            for attempt in range(500):
                t = decorate(fn())
                n_lines = t.count("\n") + 1
                if n_lines > 40 or t in seen:
                    continue
                if scan(t):
                    continue
                break
            else:
                raise RuntimeError("could not draw a clean negative from %s" % fn.__name__)
            seen.add(t)
            items.append((cat, t, fn.__name__))
        out.extend(items)
    R.shuffle(out)
    recs = []
    global NEG_TEMPLATE_OF
    NEG_TEMPLATE_OF = {}
    for i, (cat, t, tmpl) in enumerate(out, 1):
        rid = "h5n-%04d" % i
        if tmpl == "fourpart":
            deliberate_ids.append(rid)
        NEG_TEMPLATE_OF[rid] = tmpl
        recs.append({"id": rid, "text": t, "category": cat})
    return recs, deliberate_ids


# ---------------------------------------------------------------------------
# positives: value generators (fake, but valid by shape and checksum)
# ---------------------------------------------------------------------------
B32U = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"
_CYC = {}


def cyc(name, n):
    """Deterministic round-robin over range(n) so every format/brand/country is used."""
    c = _CYC.setdefault(name, [0, None])
    if c[0] % n == 0:
        c[1] = list(range(n))
        R.shuffle(c[1])
    v = c[1][c[0] % n]
    c[0] += 1
    return v


def v_aws_key_id():
    while True:
        v = pick(["AKIA", "AKIA", "AKIA", "ASIA"]) + rs(B32U, 16)
        if "EXAMPLE" not in v:
            return v


def v_aws_secret():
    return rs(B62 + "/+", 40)


def b62enc(n, width):
    s = ""
    while n:
        n, r = divmod(n, 62)
        s = B62[r] + s
    return s.rjust(width, "0")


def v_ghp():
    body = rs(B62, 30)
    return "ghp_" + body + b62enc(zlib.crc32(body.encode()) & 0xFFFFFFFF, 6)


def v_github_pat():
    return "github_pat_11" + rs("ABCDEFGHIJKLMNOPQRSTUVWXYZ234567", 20) + "_" + rs(B62, 59)


def v_slack_bot():
    return "xoxb-%s-%s-%s" % (dg(R.choice([10, 11, 12, 13])), dg(13), rs(B62, 24))


def v_slack_user():
    return "xoxp-%s-%s-%s-%s" % (dg(R.choice([10, 11, 12])), dg(R.choice([10, 11, 12])), dg(13), hx(32))


def v_openai():
    k = R.randint(0, 2)
    if k == 0:
        return "sk-proj-" + rs(B62 + "_-", 74) + "T3BlbkFJ" + rs(B62 + "_-", 74)
    if k == 1:
        return "sk-" + rs(B62, 20) + "T3BlbkFJ" + rs(B62, 20)
    return "sk-svcacct-" + rs(B62 + "_-", 74) + "T3BlbkFJ" + rs(B62 + "_-", 74)


def v_anthropic():
    return "sk-ant-api03-" + rs(B62 + "_-", 93) + "AA"


def v_jwt():
    alg = pick(["HS256", "RS256", "ES256"])
    hdr = {"alg": alg, "typ": "JWT"}
    if alg != "HS256":
        hdr["kid"] = hx(16)
    now = ts_s()
    pl = pick([{"sub": str(R.randint(10 ** 5, 10 ** 9)), "iat": now, "exp": now + pick([900, 3600, 86400])},
               {"iss": "https://auth.%s.io/" % pick(ORGS), "sub": "auth0|%s" % hx(24), "aud": pick(SERVICES), "iat": now, "exp": now + 3600, "scope": "read:orders write:orders"},
               {"sub": uuid4(), "role": pick(["admin", "service", "user"]), "tenant": pick(ORGS), "iat": now, "exp": now + 7200, "jti": ulid()}])
    sig = rbytes({"HS256": 32, "RS256": 256, "ES256": 64}[alg])
    return "%s.%s.%s" % (b64url_nopad(json.dumps(hdr, separators=(",", ":")).encode()), b64url_nopad(json.dumps(pl, separators=(",", ":")).encode()), b64url_nopad(sig))


def der_len(n):
    if n < 0x80:
        return bytes([n])
    b = n.to_bytes((n.bit_length() + 7) // 8, "big")
    return bytes([0x80 | len(b)]) + b


def der(tag, payload):
    return bytes([tag]) + der_len(len(payload)) + payload


def der_int_bytes(b):
    b = b.lstrip(b"\x00") or b"\x00"
    if b[0] & 0x80:
        b = b"\x00" + b
    return der(0x02, b)


def pem_body(kind):
    if kind == "EC":
        pub = b"\x04" + rbytes(64)
        d = der(0x30, der(0x02, b"\x01") + der(0x04, rbytes(32)) + der(0xA0, der(0x06, bytes.fromhex("2a8648ce3d030107"))) + der(0xA1, der(0x03, b"\x00" + pub)))
        return "EC PRIVATE KEY", b64(d)
    if kind == "ED25519":
        d = bytes.fromhex("302e020100300506032b657004220420") + rbytes(32)
        return "PRIVATE KEY", b64(d)
    if kind == "RSA":
        def odd(nb):
            b = bytearray(rbytes(nb))
            b[0] |= 0x80
            b[-1] |= 1
            return bytes(b)
        parts = [der(0x02, b"\x00"), der_int_bytes(odd(256)), der(0x02, b"\x01\x00\x01"), der_int_bytes(odd(256)),
                 der_int_bytes(odd(128)), der_int_bytes(odd(128)), der_int_bytes(odd(128)), der_int_bytes(odd(128)), der_int_bytes(odd(128))]
        return "RSA PRIVATE KEY", b64(der(0x30, b"".join(parts)))
    # OpenSSH ed25519

    def sstr(b):
        return struct.pack(">I", len(b)) + b
    pub = rbytes(32)
    pubblob = sstr(b"ssh-ed25519") + sstr(pub)
    chk = rbytes(4)
    priv = chk + chk + sstr(b"ssh-ed25519") + sstr(pub) + sstr(rbytes(32) + pub) + sstr(pick([b"deploy@ci", b"build-runner", b"backup-job"]))
    pad = 1
    while len(priv) % 8:
        priv += bytes([pad])
        pad += 1
    d = b"openssh-key-v1\x00" + sstr(b"none") + sstr(b"none") + sstr(b"") + struct.pack(">I", 1) + sstr(pubblob) + sstr(priv)
    return "OPENSSH PRIVATE KEY", b64(d)


def v_password():
    k = R.randint(0, 2)
    if k == 0:
        return rs(B62, R.randint(3, 5)) + pick("!#%^*_-~") + rs(B62, R.randint(6, 12)) + pick("!#%^*_-~") + dg(2, False)
    if k == 1:
        return "-".join(pick(["Harbor", "tulip", "Quartz", "Mango", "velvet", "Orbit", "cactus", "Nimbus", "pepper", "Falcon", "lantern", "Glacier"]) for _ in range(3)) + dg(R.randint(2, 4), False)
    return rs(B62, R.randint(14, 24))


def v_url_password():
    return rs(B62, R.randint(3, 6)) + pick(["_", "-", "~", "."]) + rs(B62, R.randint(8, 16))


FIRST = ["lena", "marco", "aiko", "piotr", "ines", "tomas", "fatima", "jonas", "chloe", "mateus", "sanne", "giulia", "emre", "hana", "oskar", "leila"]
LAST = ["kowalczyk", "bergstrom", "tanaka", "moreau", "oliveira", "vanderberg", "rossi", "yilmaz", "novak", "schneider", "dubois", "garcia"]
MAILDOM = ["fjordbank.no", "mail.northwind-traders.com", "posteo.de", "student.uni-heidelberg.de", "wanadoo.fr", "kpn-mail.nl", "libero.it",
           "o2.pl", "icloud.com", "outlook.jp", "xn--mnchen-3ya.de", "bolha.com.br", "gmx.at", "seznam.cz", "hey.com", "proton.me",
           "eu.tyrell-robotics.io", "ops.globex-corp.co.uk", "vandelay.industries", "hooli.photography"]


def v_email(f=None, l=None):
    f, l = (f or pick(FIRST)), (l or pick(LAST))
    locals_ = ["%s.%s" % (f, l), "%s.%s+%s" % (f, l, pick(["billing", "slack", "2026", "noreply-test"])), "%s%s" % (f[0], l), "%s_%s%d" % (f, l, R.randint(1, 99)),
               "%s-%s" % (f, l), "%s.%s" % (f.title(), l.title()), "%s'%s" % (f[0], l), "%s%%relay" % f, "%s" % f[0], "%d%s" % (R.randint(10, 99999), l)]
    return "%s@%s" % (locals_[cyc("email_local", len(locals_))], MAILDOM[cyc("email_dom", len(MAILDOM))])


def v_phone():
    fmts = [lambda: "+1 (%s) %s-%s" % (R.randint(201, 989), R.randint(201, 989), dg(4, False)),
            lambda: "%s.%s.%s" % (R.randint(201, 989), R.randint(201, 989), dg(4, False)),
            lambda: "+1-%s-%s-%s" % (R.randint(201, 989), R.randint(201, 989), dg(4, False)),
            lambda: "+44 7%s %s" % (dg(3, False), dg(6, False)), lambda: "020 7%s %s" % (dg(3, False), dg(4, False)),
            lambda: "+49 30 %s" % dg(8), lambda: "0171 %s" % dg(7), lambda: "+49 (0)89 %s-%s" % (dg(4), dg(4, False)),
            lambda: "+33 6 %s %s %s %s" % (dg(2, False), dg(2, False), dg(2, False), dg(2, False)), lambda: "06 %s %s %s %s" % (dg(2, False), dg(2, False), dg(2, False), dg(2, False)),
            lambda: "+34 6%s %s %s %s" % (dg(2, False), dg(2, False), dg(2, False), dg(2, False)), lambda: "+39 3%s %s %s" % (dg(2, False), dg(3, False), dg(4, False)),
            lambda: "+31 6 %s" % dg(8, False), lambda: "06-%s" % dg(8, False), lambda: "+81 90-%s-%s" % (dg(4, False), dg(4, False)), lambda: "03-%s-%s" % (dg(4, False), dg(4, False)),
            lambda: "+91 9%s %s" % (dg(4, False), dg(5, False)), lambda: "+55 11 9%s-%s" % (dg(4, False), dg(4, False)), lambda: "+61 4%s %s %s" % (dg(2, False), dg(3, False), dg(3, False)),
            lambda: "(02) %s %s" % (dg(4), dg(4, False)), lambda: "+41 79 %s %s %s" % (dg(3, False), dg(2, False), dg(2, False)), lambda: "+48 5%s %s %s" % (dg(2, False), dg(3, False), dg(3, False)),
            lambda: "+46 70-%s %s %s" % (dg(3, False), dg(2, False), dg(2, False)), lambda: "010-%s-%s" % (dg(4), dg(4, False)), lambda: "+86 13%s %s %s" % (dg(1, False), dg(4, False), dg(4, False)),
            lambda: "+52 55 %s %s" % (dg(4, False), dg(4, False)), lambda: "+4915%s" % dg(9, False), lambda: "+1%s%s%s" % (R.randint(201, 989), R.randint(201, 989), dg(4, False))]
    return fmts[cyc("phone", len(fmts))]()


def card_digits():
    k = cyc("card", 7)
    if k == 0:
        p, n = "4" + dg(5, False), 16
    elif k == 1:
        p, n = str(R.randint(51, 55)) + dg(4, False), 16
    elif k == 2:
        p, n = str(R.randint(2221, 2720)) + dg(2, False), 16
    elif k == 3:
        p, n = pick(["34", "37"]) + dg(4, False), 15
    elif k == 4:
        p, n = "6011" + dg(2, False), 16
    elif k == 5:
        p, n = str(R.randint(3528, 3589)) + dg(2, False), 16
    else:
        p, n = "62" + dg(4, False), pick([16, 19])
    while True:
        d = luhn_complete(p + dg(n - len(p) - 1, False))
        if d not in ("4111111111111111", "4242424242424242", "5555555555554444"):
            return d


def fmt_card(d):
    g = cyc("cardfmt", 7)
    if len(d) == 15:
        parts = [d[:4], d[4:10], d[10:]]
        return pick([" ".join(parts), "-".join(parts), d])
    if g == 0:
        return d
    if g == 1:
        return " ".join(d[i:i + 4] for i in range(0, len(d), 4))
    if g == 2:
        return "-".join(d[i:i + 4] for i in range(0, len(d), 4))
    if g == 3:
        return d[:8] + " " + d[8:]
    if g == 4:
        return "  ".join(d[i:i + 4] for i in range(0, len(d), 4))
    if g == 5:
        return d[:4] + "-" + d[4:8] + " " + d[8:12] + "-" + d[12:]
    return ".".join(d[i:i + 4] for i in range(0, len(d), 4))


def _nl_acct():
    while True:
        a = dg(10, False)
        if sum(int(c) * w for c, w in zip(a, range(10, 0, -1))) % 11 == 0:
            return a


def _fr_rib(bank, guichet, compte):
    conv = {c: str(v) for c, v in zip("ABCDEFGHIJKLMNOPQRSTUVWXYZ", [1, 2, 3, 4, 5, 6, 7, 8, 9, 1, 2, 3, 4, 5, 6, 7, 8, 9, 2, 3, 4, 5, 6, 7, 8, 9])}
    c = "".join(conv.get(x, x) for x in compte)
    key = 97 - ((89 * int(bank) + 15 * int(guichet) + 3 * int(c)) % 97)
    return "%02d" % key


def _es_dc(s10):
    w = [1, 2, 4, 8, 5, 10, 9, 7, 3, 6]
    d = 11 - sum(int(a) * b for a, b in zip(s10, w)) % 11
    return {11: 0, 10: 1}.get(d, d)


def v_iban():
    ccs = ["DE", "GB", "FR", "NL", "BE", "AT", "CH", "ES", "IE", "NO", "PL", "SE", "IT"]
    cc = ccs[cyc("iban", len(ccs))]
    if cc == "DE":
        bban = dg(8) + dg(10, False)
    elif cc == "GB":
        bban = pick(["NWBK", "BARC", "LOYD", "HBUK", "MIDL"]) + dg(6, False) + dg(8, False)
    elif cc == "FR":
        bank, gu, cpt = dg(5), dg(5, False), dg(11, False)
        bban = bank + gu + cpt + _fr_rib(bank, gu, cpt)
    elif cc == "NL":
        bban = pick(["ABNA", "INGB", "RABO", "TRIO", "SNSB"]) + _nl_acct()
    elif cc == "BE":
        f = dg(10)
        c = int(f) % 97 or 97
        bban = f + "%02d" % c
    elif cc == "AT":
        bban = dg(5) + dg(11, False)
    elif cc == "CH":
        bban = dg(5) + dg(12, False)
    elif cc == "ES":
        bank, br, acc = dg(4), dg(4, False), dg(10, False)
        bban = bank + br + str(_es_dc("00" + bank + br)) + str(_es_dc(acc)) + acc
    elif cc == "IE":
        bban = pick(["AIBK", "BOFI", "IPBS"]) + dg(6) + dg(8, False)
    elif cc == "NO":
        while True:
            f = dg(10)
            s = sum(int(a) * b for a, b in zip(f, [5, 4, 3, 2, 7, 6, 5, 4, 3, 2]))
            c = 11 - s % 11
            if c == 11:
                c = 0
            if c != 10:
                bban = f + str(c)
                break
    elif cc == "PL":
        bban = dg(8) + dg(16, False)
    elif cc == "SE":
        bban = dg(3) + dg(17, False)
    else:  # IT, without CIN validation
        bban = rs("ABCDEFGHIJKLMNOPQRSTUVWXYZ", 1) + dg(10) + dg(12, False)
    return iban_make(cc, bban)


def fmt_iban(s):
    k = cyc("ibanfmt", 4)
    if k == 0:
        return s
    if k == 3 and len(s) > 12:
        return s[:4] + " " + s[4:]
    return " ".join(s[i:i + 4] for i in range(0, len(s), 4))


def v_ssn(fmt=None):
    while True:
        a, g, s = R.randint(1, 899), R.randint(1, 99), R.randint(1, 9999)
        if ssn_ok(a, g, s) and not (a == 78 and g == 5 and s == 1120) and not (a == 219 and g == 9 and s == 9999):
            break
    fmt = fmt or pick(["-", "-", "-", " ", ""])
    return "%03d%s%02d%s%04d" % (a, fmt, g, fmt, s)


def v_ipv4():
    while True:
        ip = "%d.%d.%d.%d" % (R.randint(1, 223), R.randint(0, 255), R.randint(0, 255), R.randint(1, 254))
        if ip_public(ip) and ip not in ("8.8.8.8", "1.1.1.1", "8.8.4.4", "9.9.9.9"):
            return ip


# ---------------------------------------------------------------------------
# positives: templates
# ---------------------------------------------------------------------------
def P(*alts):
    return alts


POS_T = {
    "aws_access_key_id": (v_aws_key_id, [
        lambda v: fence("ini", "[profile ci-deployer]\naws_access_key_id = %s\naws_secret_access_key = <ask in #infra, do not paste>\nregion = %s" % (v, pick(REGIONS))),
        lambda v: "CloudTrail shows the calls came from this key:\n" + fence("json", json.dumps({"eventTime": iso(ms=False), "eventName": "ListBuckets", "requestID": uuid4(), "eventID": uuid4(),
                                                                                                 "userIdentity": {"type": "IAMUser", "accessKeyId": v, "accountId": "123456789012"}}, indent=2)),
        lambda v: "the docs use AKIAIOSFODNN7EXAMPLE, but the key hardcoded in `deploy.sh` is `%s` — it's live, rotating now" % v,
        lambda v: fence("sh", "export AWS_ACCESS_KEY_ID=%s\nexport AWS_SECRET_ACCESS_KEY=\"$(op read op://Infra/aws-ci/secret)\"\naws sts get-caller-identity" % v),
        lambda v: fence("hcl", "provider \"aws\" {\n  region     = \"%s\"\n  access_key = \"%s\"\n  secret_key = var.aws_secret_key\n}" % (pick(REGIONS), v)),
        lambda v: "%s DEBUG s3client payload_b64=%s signer=SigV4 key=%s region=%s" % (iso(), blob("application/x-protobuf"), v, pick(REGIONS)),
        lambda v: "Zugangsschlüssel im alten Jenkins-Job gefunden: %s (Secret liegt zum Glück nicht daneben)" % v]),
    "github_classic_pat": (v_ghp, [
        lambda v: fence("sh", "git remote set-url origin https://%s@github.com/%s/%s.git" % (v, pick(ORGS), pick(SERVICES))),
        lambda v: fence("sh", "gh auth login --with-token <<< %s" % v),
        lambda v: fence("yaml", "env:\n  NPM_TOKEN: ${{ secrets.NPM_TOKEN }}\n  GH_TOKEN: %s   # TODO move to secrets\n  SENTRY_AUTH_TOKEN: ${{ secrets.SENTRY_AUTH_TOKEN }}" % v),
        lambda v: "use my PAT until the app is approved: %s (scopes: repo, read:org)" % v,
        lambda v: fence("python", "from github import Github\n\ng = Github(\"%s\")  # ghp_xxx in the README is just a placeholder\nrepo = g.get_repo(\"%s/%s\")" % (v, pick(ORGS), pick(SERVICES))),
        lambda v: fence("sh", "echo %s | docker login ghcr.io -u release-bot --password-stdin" % v),
        lambda v: "トークンはこれです: %s 期限は7日です" % v]),
    "github_fine_grained_pat": (v_github_pat, [
        lambda v: fence("sh", "curl -H \"Authorization: Bearer %s\" \\\n     -H \"X-GitHub-Api-Version: 2022-11-28\" https://api.github.com/repos/%s/%s/actions/runs" % (v, pick(ORGS), pick(SERVICES))),
        lambda v: fence("hcl", "provider \"github\" {\n  owner = \"%s\"\n  token = \"%s\"\n}" % (pick(ORGS), v)),
        lambda v: "GITHUB_TOKEN=%s\nGITHUB_TOKEN_EXAMPLE=github_pat_..." % v,
        lambda v: "nuevo token de grano fino para el bot: %s (solo contents:read)" % v,
        lambda v: fence("json", json.dumps({"registry": "https://npm.pkg.github.com", "token": v, "scope": "@%s" % pick(ORGS)}, indent=2))]),
    "slack_bot_token": (v_slack_bot, [
        lambda v: fence("python", "from slack_sdk import WebClient\n\nclient = WebClient(token=\"%s\")\nclient.chat_postMessage(channel=\"#deploys\", text=\"done\")" % v),
        lambda v: fence("dotenv", "SLACK_APP_TOKEN=xapp-...\nSLACK_BOT_TOKEN=%s\nSLACK_SIGNING_SECRET=<from app config>" % v),
        lambda v: fence("sh", "curl -s -X POST https://slack.com/api/chat.postMessage \\\n  -H \"Authorization: Bearer %s\" \\\n  -d channel=C0%s -d text=hi" % (v, rs("ABCDEFGHJKLMNPQRSTUVWXYZ0123456789", 9))),
        lambda v: fence("yaml", "apiVersion: v1\nkind: Secret\nmetadata:\n  name: slack-notifier\nstringData:\n  token: %s" % v),
        lambda v: "%s WARN notifier request failed headers={'Authorization': 'Bearer %s', 'X-Request-Id': '%s'} status=429" % (iso(), v, uuid4()),
        lambda v: "Bot-Token für den Staging-Workspace: %s" % v]),
    "slack_user_token": (v_slack_user, [
        lambda v: "my user token for the export script: %s — revoke after Friday" % v,
        lambda v: fence("json", json.dumps({"workspace": pick(ORGS), "user_token": v, "scopes": ["channels:history", "users:read"]}, indent=2)),
        lambda v: fence("sh", "curl -G https://slack.com/api/conversations.history -d channel=C0%s -H 'Authorization: Bearer %s'" % (rs("ABCDEFGHJKLMNPQRSTUVWXYZ0123456789", 9), v)),
        lambda v: "token de usuario (xoxp) para la migración: %s" % v]),
    "openai_api_key": (v_openai, [
        lambda v: "`.env.example` has `OPENAI_API_KEY=sk-...`, my local one is `%s` — why does it 401?" % v,
        lambda v: fence("python", "from openai import OpenAI\n\nclient = OpenAI(api_key=\"%s\")" % v),
        lambda v: "notebook cell that leaked it:\n" + fence("json", json.dumps({"cell_type": "code", "source": ["import openai\n", "openai.api_key = \"%s\"\n" % v, "plot_embeddings()"],
                                                                                  "outputs": [{"output_type": "display_data", "data": {"image/png": blob("image/png")}}]}, indent=1)),
        lambda v: fence("sh", "curl https://api.openai.com/v1/models -H \"Authorization: Bearer %s\"" % v),
        lambda v: fence("yaml", "llm:\n  provider: openai\n  model: gpt-4.1-mini\n  api_key: %s\n  fallback_api_key: ${OPENAI_FALLBACK_KEY}" % v),
        lambda v: "%s ERROR llm-gw upstream 401 key=%s trace=%s" % (iso(), v, hx(32)),
        lambda v: "La clé OpenAI de l'équipe data : %s" % v]),
    "anthropic_api_key": (v_anthropic, [
        lambda v: fence("ts", "const client = new Anthropic({ apiKey: \"%s\" });" % v),
        lambda v: fence("sh", "export ANTHROPIC_API_KEY=%s\nexport OPENAI_API_KEY=sk-...   # not needed" % v),
        lambda v: fence("sh", "docker run --rm -e ANTHROPIC_API_KEY=%s -p 8080:8080 %s/agent:latest" % (v, pick(ORGS))),
        lambda v: fence("yaml", "anthropic:\n  apiKey: \"%s\"\n  # apiKey: \"{{ .Values.secrets.anthropic }}\"" % v),
        lambda v: "Claude-Schlüssel fürs Hackathon-Projekt: %s (bitte nicht weitergeben)" % v,
        lambda v: "%s DEBUG request x-api-key=%s anthropic-version=2023-06-01 body_b64=%s" % (iso(), v, b64(make_gzip()))]),
    "jwt": (v_jwt, [
        lambda v: "from the HAR (the font entry is fine, look at the header):\n" + fence("json", json.dumps({"request": {"url": "https://app.example.com/api/me", "headers": [{"name": "Authorization", "value": "Bearer " + v}]},
                                                                                                             "response": {"content": {"mimeType": "font/woff2", "encoding": "base64", "text": blob("font/woff2")}}}, indent=1)),
        lambda v: "Set-Cookie: session=%s; Path=/; Secure; HttpOnly; SameSite=Lax" % v,
        lambda v: "can someone decode this? the exp looks wrong: %s" % v,
        lambda v: json.dumps({"ts": iso(), "level": "debug", "msg": "oidc callback", "id_token": v, "request_id": uuid7()}),
        lambda v: "magic link: https://app.example.com/login/verify?token=%s&next=%%2Fdashboard" % v,
        lambda v: fence("js", "localStorage.getItem('auth')\n// '{\"accessToken\":\"%s\",\"expiresIn\":3600}'" % v)]),
    "password": (v_password, [
        lambda v: fence("", "Server=tcp:sql-%s.database.windows.net,1433;Initial Catalog=app;User ID=app_rw;Password=%s;Encrypt=True;" % (pick(ORGS), v)),
        lambda v: fence("", "Host=pg-prod;Port=5432;Database=ledger;Username=ledger;Password=%s;SSL Mode=Require" % v),
        lambda v: fence("", "host=%s port=5432 dbname=reports user=reporter password=%s sslmode=verify-full" % (priv_ip(), v)),
        lambda v: fence("properties", "spring.datasource.url=jdbc:postgresql://db:5432/app\nspring.datasource.username=app\nspring.datasource.password=%s\n# spring.datasource.password=${DB_PASSWORD}" % v),
        lambda v: fence("python", "DATABASES = {\n    'default': {\n        'ENGINE': 'django.db.backends.postgresql',\n        'USER': 'app',\n        'PASSWORD': '%s',\n        'HOST': 'db',\n    }\n}" % v),
        lambda v: fence("yaml", "services:\n  mysql:\n    environment:\n      MYSQL_ROOT_PASSWORD: %s\n      MYSQL_PASSWORD: ${MYSQL_PASSWORD}" % v),
        lambda v: "jdbc:mysql://%s:3306/shop?user=shop&password=%s&useSSL=true" % (priv_ip(), v),
        lambda v: "Zugang zur Staging-DB: user `app`, Passwort `%s`" % v]),
    "url_credentials": (v_url_password, [
        lambda v: "DATABASE_URL=postgres://app:%s@db-prod.internal:5432/app?sslmode=require" % v,
        lambda v: "MONGO_URI=mongodb+srv://svc-reader:%s@cluster0.%s.mongodb.net/orders?retryWrites=true" % (v, rs(LOWALNUM, 5)),
        lambda v: fence("python", "redis.from_url(\"rediss://:%s@cache-%s:6380/0\")" % (v, pick(SERVICES))),
        lambda v: "amqps://billing:%s@mq.internal:5671/prod" % v,
        lambda v: fence("python", "engine = create_engine(\"mysql+pymysql://etl:%s@%s:3306/warehouse\")" % (v, priv_ip())),
        lambda v: fence("xml", "<repository>\n  <id>releases</id>\n  <url>https://deploy:%s@nexus.internal/repository/maven-releases/</url>\n</repository>" % v),
        lambda v: "smtp://notifications:%s@smtp-relay.internal:587 — from the old helm values" % v,
        lambda v: "el connection string de staging: `postgresql://admin:%s@pg-staging:5432/app` (la de prod sigue siendo `postgresql://<user>:<password>@<host>/app`)" % v]),
    "email_address": (v_email, [
        lambda v: "Signed-off-by: %s <%s>" % (" ".join(x.title() for x in re.split(r"[._+%'-]", re.sub(r"\d", "", v.split("@")[0]))[:2] if x), v),
        lambda v: fence("csv", "id,created_at,contact,plan\n%s,%s,%s,pro" % (ulid(), iso(ms=False), v)),
        lambda v: "[write to me](mailto:%s) if the export fails again" % v,
        lambda v: fence("json", json.dumps({"id": uuid4(), "display_name": pick(FIRST).title(), "email": v, "locale": pick(["de-DE", "fr-FR", "ja-JP"])}, indent=2)),
        lambda v: "Kontakt beim Kunden: %s (nicht <ihre-email@domain>, das ist der Platzhalter aus der Vorlage)" % v,
        lambda v: "%s INFO mailer queued message_id=%s to=%s template=invoice-ready" % (iso(), uuid4(), v),
        lambda v: fence("sql", "INSERT INTO contacts (id, email) VALUES ('%s', '%s');" % (uuid4(), v)),
        lambda v: "ping %s about the contract renewal" % v,
        lambda v: "お問い合わせ先: %s" % v,
        lambda v: "reply-to header was `%s`, the from was the noreply alias" % v]),
    "phone_number": (v_phone, [
        lambda v: fence("", "BEGIN:VCARD\nVERSION:4.0\nFN:%s %s\nTEL;TYPE=cell:%s\nEND:VCARD" % (pick(FIRST).title(), pick(LAST).title(), v)),
        lambda v: "—\n%s %s\nSolutions Engineer\nMobile: %s" % (pick(FIRST).title(), pick(LAST).title(), v),
        lambda v: fence("json", json.dumps({"customer_id": R.randint(10 ** 5, 10 ** 7), "phone": v, "verified": True}, indent=2)),
        lambda v: "Ruf mich kurz an unter %s, Build %d.%d ist wieder rot" % (v, R.randint(2024, 2026), R.randint(1000, 9999)),
        lambda v: "customer called from %s about order %s, wants a callback" % (v, dg(10)),
        lambda v: "電話番号: %s（日中のみ）" % v,
        lambda v: "mon portable : %s si besoin ce soir" % v,
        lambda v: "mi número: %s" % v,
        lambda v: fence("csv", "ticket,opened,callback_number\nZD-%d,%s,%s" % (R.randint(10000, 99999), date(), v)),
        lambda v: "on-call backup this week, reach me at %s (ticket INC%07d)" % (v, R.randint(1, 9999999))]),
    "credit_card": (lambda: fmt_card(card_digits()), [
        lambda v: "customer pasted their card in the chat: %s exp 0%d/%d — please purge the transcript" % (v, R.randint(1, 9), R.randint(27, 31)),
        lambda v: json.dumps({"ts": iso(), "evt": "charge.retry", "order": dg(10), "pan": v, "amount": R.randint(100, 99999), "currency": "EUR"}),
        lambda v: fence("csv", "order_id,card,amount\n%s,%s,%.2f" % (dg(10), v, R.uniform(5, 900))),
        lambda v: "PaymentDeclinedException: card %s declined (do_not_honor) at com.%s.payments.ChargeService.charge(ChargeService.java:%d)" % (v, pick(ORGS), R.randint(10, 500)),
        lambda v: "Kartennummer laut Anruf: %s, Karte mit •••• %04d ist die alte" % (v, R.randint(0, 9999)),
        lambda v: "número de tarjeta que dictó el cliente: %s" % v]),
    "iban": (lambda: fmt_iban(v_iban()), [
        lambda v: (fence("xml", "<CdtrAcct>\n  <Id>\n    <IBAN>%s</IBAN>\n  </Id>\n</CdtrAcct>" % v.replace(" ", "")), v.replace(" ", "")),
        lambda v: "Bitte überweisen an IBAN %s, Verwendungszweck RE-%d-%05d" % (v, R.randint(2025, 2026), R.randint(1, 99999)),
        lambda v: fence("json", json.dumps({"payout_account": {"holder": pick(FIRST).title() + " " + pick(LAST).title(), "iban": v, "bic": pick(["COBADEFFXXX", "INGBNL2A", "BNPAFRPP"])}}, indent=2)),
        lambda v: "mon IBAN pour le remboursement : %s" % v,
        lambda v: "the template shows `DE00 0000 0000 0000 0000 00`, the real one the vendor sent is %s" % v,
        lambda v: fence("csv", "supplier,iban,terms\n%s GmbH,%s,30d" % (pick(ORGS).title(), v))]),
    "us_ssn": (v_ssn, [
        lambda v: "new hire onboarding form: SSN %s, start date %s" % (v, date()),
        lambda v: fence("json", json.dumps({"employee_id": R.randint(1000, 99999), "ssn": v, "state": pick(["CA", "NY", "TX", "WA"])}, indent=2)),
        lambda v: "W-9 attached, TIN (SSN): %s" % v,
        lambda v: "%s WARN kyc-check mismatch ssn=%s dob_year=%d ref=%s" % (iso(), v, R.randint(1950, 2004), ulid()),
        lambda v: "the form mask shows XXX-XX-XXXX but the export column has the full value, e.g. %s" % v]),
    "ipv4_address": (v_ipv4, [
        lambda v: '%s - - [%s] "GET /api/orders HTTP/1.1" 200 %d "-" "Mozilla/5.0" upstream=%s:8080' % (v, "25/Nov/2026:%s +0000" % hms(), R.randint(100, 99999), priv_ip()),
        lambda v: "my home IP for the bastion allowlist is %s (the office range is 10.20.0.0/16)" % v,
        lambda v: "%s sshd[%d]: Accepted publickey for deploy from %s port %d ssh2" % ("Nov 25 " + hms(), R.randint(100, 99999), v, R.randint(1024, 65535)),
        lambda v: "fail2ban.actions [%d]: NOTICE [sshd] Ban %s" % (R.randint(100, 9999), v),
        lambda v: "X-Forwarded-For: %s, %s, %s" % (v, priv_ip(), priv_ip()),
        lambda v: fence("json", json.dumps({"client_ip": v, "geo": {"country": pick(["DE", "FR", "BR", "JP"])}, "session": uuid4()}, indent=2)),
        lambda v: "die Anmeldung kam von %s, das ist nicht unser VPN (100.64.0.0/10)" % v]),
}

POS_COUNTS = {"aws_access_key_id": 7, "github_classic_pat": 7, "github_fine_grained_pat": 5, "slack_bot_token": 6, "slack_user_token": 4,
              "openai_api_key": 8, "anthropic_api_key": 7, "jwt": 8, "private_key_pem": 7, "password": 8, "url_credentials": 8,
              "email_address": 10, "phone_number": 14, "credit_card": 10, "iban": 10, "us_ssn": 7, "ipv4_address": 7}


def pem_positive(layout):
    kind = pick(["EC", "ED25519", "RSA", "OPENSSH"])
    label, body = pem_body(kind)
    lines = wrap(body, 70 if kind == "OPENSSH" else 64).split("\n")
    if layout == 0:
        text = "-----BEGIN %s-----\n%s\n-----END %s-----" % (label, "\n".join(lines), label)
        value = "\n".join(lines)
        text = pick(["here's the deploy key, we'll rotate after the migration:\n", "clave del runner:\n", "鍵です:\n"]) + fence("", text)
    elif layout == 1:
        ind = "    "
        value = ("\n" + ind).join(lines)
        text = fence("yaml", "tls:\n  crt: |\n    -----BEGIN CERTIFICATE-----\n    MIIB...(public cert, truncated)\n    -----END CERTIFICATE-----\n  key: |\n    -----BEGIN %s-----\n%s%s\n    -----END %s-----" % (label, ind, value, label))
    elif layout == 2:
        value = "\\n".join(lines)
        text = fence("json", "{\n  \"type\": \"service_account\",\n  \"private_key_id\": \"%s\",\n  \"private_key\": \"-----BEGIN %s-----\\n%s\\n-----END %s-----\\n\",\n  \"client_id\": \"%d\"\n}" % (hx(40), label, value, label, R.randint(10 ** 20, 10 ** 21 - 1)))
    else:
        value = "\n".join(lines)
        text = fence("hcl", "resource \"tls_private_key\" \"imported\" {}\n\nlocals {\n  deploy_key = <<-EOT\n-----BEGIN %s-----\n%s\n-----END %s-----\nEOT\n}" % (label, value, label))
    return text, value, "private_key_pem:%s:layout%d" % (kind.lower(), layout)


def multi_templates():
    out = []

    def aws_pair(layout):
        kid, sec = v_aws_key_id(), v_aws_secret()
        if layout == 0:
            t = fence("ini", "[default]\naws_access_key_id = %s\naws_secret_access_key = %s\n\n[docs]\naws_access_key_id = AKIAIOSFODNN7EXAMPLE\naws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY" % (kid, sec))
        elif layout == 1:
            t = fence("json", json.dumps({"AccessKey": {"UserName": "ci-%s" % pick(SERVICES), "AccessKeyId": kid, "Status": "Active", "SecretAccessKey": sec, "CreateDate": iso(ms=False)}}, indent=4))
        elif layout == 2:
            t = fence("sh", "AWS_ACCESS_KEY_ID=%s AWS_SECRET_ACCESS_KEY=%s aws s3 cp s3://%s-exports/ . --recursive" % (kid, sec, pick(ORGS)))
        else:
            t = fence("yaml", "aws:\n  accessKeyId: %s\n  secretAccessKey: %s\n  sessionToken: \"\"" % (kid, sec))
        return t, [("aws_access_key_id", kid), ("aws_secret_access_key", sec)], "multi:aws_pair:%d" % layout

    def contact(layout):
        f, l = pick(FIRST), pick(LAST)
        e, p = v_email(f, l), v_phone()
        name = f.title() + " " + l.title()
        if layout == 0:
            t = "%s\nHead of Procurement\n%s | %s" % (name, p, e)
        elif layout == 1:
            t = fence("yaml", "vendor_contact:\n  name: %s\n  email: %s\n  phone: \"%s\"\n  escalation: \"<see PagerDuty>\"" % (name, e, p))
        else:
            t = "Ansprechpartner: %s, Tel. %s, E-Mail %s" % (name, p, e)
        return t, [("email_address", e), ("phone_number", p)], "multi:contact:%d" % layout

    def payment(layout):
        c, i = fmt_card(card_digits()), fmt_iban(v_iban())
        if layout == 0:
            t = "refund request: original card %s, customer now wants it to IBAN %s instead" % (c, i)
        else:
            t = fence("json", json.dumps({"methods": [{"type": "card", "number": c}, {"type": "sepa_debit", "iban": i}, {"type": "card", "number": "•••• 4242"}]}, indent=2))
        return t, [("credit_card", c), ("iban", i)], "multi:payment:%d" % layout

    def hr(layout):
        s, e, p = v_ssn("-"), v_email(), v_phone()
        if layout == 0:
            t = "| field | value |\n|---|---|\n| SSN | %s |\n| personal e-mail | %s |\n| mobile | %s |\n| badge | B-%d |" % (s, e, p, R.randint(1000, 9999))
        else:
            t = json.dumps({"candidate": {"ssn": s, "email": e, "phone": p, "req": "REQ-%d" % R.randint(1000, 9999)}})
        return t, [("us_ssn", s), ("email_address", e), ("phone_number", p)], "multi:hr:%d" % layout

    def env(layout):
        o, a, sb = v_openai(), v_anthropic(), v_slack_bot()
        t = fence("dotenv", "# copied from my laptop, sorry\nOPENAI_API_KEY=%s\nANTHROPIC_API_KEY=%s\nSLACK_BOT_TOKEN=%s\nSLACK_APP_TOKEN=xapp-...\nSENTRY_DSN=" % (o, a, sb))
        if layout == 1:
            t = "logo for the bot profile is `data:image/png;base64,%s` and the config:\n%s" % (blob("image/png"), t)
        return t, [("openai_api_key", o), ("anthropic_api_key", a), ("slack_bot_token", sb)], "multi:env:%d" % layout

    def db(layout):
        up_, pw = v_url_password(), v_password()
        t = fence("yaml", "primary:\n  url: postgres://app:%s@pg-primary:5432/app\nreplica:\n  host: pg-replica\n  user: reader\n  password: \"%s\"\nanalytics:\n  url: postgres://${ANALYTICS_USER}:${ANALYTICS_PASSWORD}@pg-olap:5432/olap" % (up_, pw))
        return t, [("url_credentials", up_), ("password", pw)], "multi:db:%d" % layout

    def ci(layout):
        g, su = v_ghp(), v_slack_user()
        t = "the nightly job uses two personal tokens, both need replacing with app tokens:\n- GitHub: %s\n- Slack: %s" % (g, su)
        return t, [("github_classic_pat", g), ("slack_user_token", su)], "multi:ci:%d" % layout

    def jwt_ip(layout):
        j, ip = v_jwt(), v_ipv4()
        t = '%s - - [25/Nov/2026:%s +0000] "GET /v2/me HTTP/2" 200 512 "-" "okhttp/4.12.0" auth="Bearer %s" rid=%s' % (ip, hms(), j, uuid4())
        return t, [("ipv4_address", ip), ("jwt", j)], "multi:jwt_ip:%d" % layout

    def pem_gh(layout):
        label, body = pem_body("ED25519")
        value = body
        g = v_github_pat()
        t = "bootstrap for the new runner:\n" + fence("sh", "cat > ~/.ssh/id_ed25519 <<'EOF'\n-----BEGIN %s-----\n%s\n-----END %s-----\nEOF\nexport GH_TOKEN=%s" % (label, value, label, g))
        return t, [("private_key_pem", value), ("github_fine_grained_pat", g)], "multi:pem_gh:%d" % layout

    plan = [(aws_pair, 4), (contact, 3), (payment, 2), (hr, 2), (env, 2), (db, 1), (ci, 1), (jwt_ip, 1), (pem_gh, 1)]
    for fn, n in plan:
        for layout in range(n):
            out.append(fn(layout))
    return out


def validate_secret(kind, value):
    if kind == "credit_card":
        d = re.sub(r"[ .-]", "", value)
        assert d.isdigit() and 13 <= len(d) <= 19 and luhn_ok(d), value
    elif kind == "iban":
        assert iban_mod97_ok(value), value
    elif kind == "us_ssn":
        d = re.sub(r"[ -]", "", value)
        a, g, s = int(d[:3]), int(d[3:5]), int(d[5:])
        assert len(d) == 9 and ssn_ok(a, g, s), value
    elif kind == "ipv4_address":
        assert ip_public(value), value
    elif kind == "jwt":
        h, p, sgn = value.split(".")
        for seg in (h, p):
            json.loads(base64.urlsafe_b64decode(seg + "=" * (-len(seg) % 4)))
        base64.urlsafe_b64decode(sgn + "=" * (-len(sgn) % 4))
    elif kind == "private_key_pem":
        body = re.sub(r"\\n|\s", "", value)
        base64.b64decode(body, validate=True)
    elif kind == "github_classic_pat":
        body = value[4:34]
        assert value[34:] == b62enc(zlib.crc32(body.encode()) & 0xFFFFFFFF, 6)
    elif kind == "aws_access_key_id":
        assert re.fullmatch(r"(AKIA|ASIA)[A-Z2-7]{16}", value) and "EXAMPLE" not in value
    elif kind == "email_address":
        assert re.fullmatch(r"[A-Za-z0-9.!#$%&'*+/=?^_{|}~-]+@[a-z0-9-]+(\.[a-z0-9-]+)+", value), value


def unlabelled_hits(rec):
    """Scanner hits in a positive text that are not covered by a labelled value."""
    vals = [s["value"] for s in rec["secrets"]]
    norm = [re.sub(r"\\n|\s", "", v) for v in vals]
    out = []
    for name, hit in scan(rec["text"]):
        h = re.sub(r"\s", "", hit)
        if any(h in v or v in h for v in norm):
            continue
        if name == "pem_private" and any(v[:24] in h for v in norm):
            continue
        hd = re.sub(r"\D", "", hit)
        if name == "luhn" and (set(hd) == {"0"} or any(hd and hd in re.sub(r"\D", "", v) for v in vals)):
            continue
        out.append((name, hit))
    return out


def _clean(text, secrets):
    return not unlabelled_hits({"text": text, "secrets": [{"kind": k, "value": v} for k, v in secrets]})


def build_positives():
    items = []
    seen = set()
    for kind, n in POS_COUNTS.items():
        for i in range(n):
          for attempt in range(200):
            if kind == "private_key_pem":
                text, value, ctx = pem_positive(i % 4)
                secrets = [(kind, value)]
            else:
                gen_v, tmpls = POS_T[kind]
                ti = i % len(tmpls)
                value = gen_v()
                text = tmpls[ti](value)
                if isinstance(text, tuple):
                    text, value = text
                secrets = [(kind, value)]
                ctx = "%s:t%d" % (kind, ti)
            if _clean(text, secrets):
                break
          else:
            raise RuntimeError("no clean positive for " + kind)
          items.append((text, secrets, ctx))
    for fn_items in range(1):
        multi = multi_templates()
        for attempt in range(200):
            if all(_clean(t, sc) for t, sc, _ in multi):
                break
            multi = multi_templates()
        items.extend(multi)
    recs = []
    R.shuffle(items)
    for i, (text, secrets, ctx) in enumerate(items, 1):
        if R.random() < 0.06:
            text = decorate(text, p_lead=1.0, p_tail=0.0) if not text.startswith("```") else text
        assert text not in seen
        seen.add(text)
        for k, v in secrets:
            assert v in text, (k, v)
            validate_secret(k, v)
        recs.append({"id": "h5p-%04d" % i, "text": text, "secrets": [{"kind": k, "value": v} for k, v in secrets], "context": ctx})
    return recs


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    negs, deliberate = build_negatives()
    poss = build_positives()
    with open(os.path.join(here, "redaction5_negatives.jsonl"), "w", encoding="utf-8", newline="\n") as f:
        for r in negs:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")
    with open(os.path.join(here, "redaction5_positives.jsonl"), "w", encoding="utf-8", newline="\n") as f:
        for r in poss:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")
    # report
    from collections import Counter
    print("negatives:", len(negs), dict(Counter(r["category"] for r in negs)))
    print("deliberate 4-part version texts (public-IPv4 shaped):", deliberate)
    allhits = Counter()
    for r in negs:
        for name, hit in scan(r["text"], allow_ips=set(FOURPART) if r["id"] in deliberate else ()):
            allhits[name] += 1
    print("scanner hits on negatives (must be empty):", dict(allhits))
    kinds = Counter(s["kind"] for r in poss for s in r["secrets"])
    print("positives:", len(poss), "texts,", sum(kinds.values()), "secrets", dict(kinds))
    for r in poss:
        u = unlabelled_hits(r)
        if u:
            print("  unlabelled scanner hit in", r["id"], u)
    amb = ["c2_doc_examples", "c2_k8s_default_b64", "c2_masked", "c4_acme", "c4_cache_bust", "c4_hostkeys", "c4_pgp_sig", "c4_sigstore",
           "c5_phone_shaped", "c5_sixteen_digits", "c5_bad_iban", "c5_routing", "c5_account_ids", "c5_coords"]
    for a in amb:
        print("  ids from %s: %s" % (a, " ".join(k for k, v in NEG_TEMPLATE_OF.items() if v == a)))
    print("templates used per category:", {c: len({NEG_TEMPLATE_OF[r["id"]] for r in negs if r["category"] == c}) for c, _ in NEG_CATS})
    lines = [r["text"].count("\n") + 1 for r in negs]
    print("negative lines: min %d max %d, single-line %d, >=10 lines %d, >=20 lines %d" % (
        min(lines), max(lines), sum(1 for x in lines if x == 1), sum(1 for x in lines if x >= 10), sum(1 for x in lines if x >= 20)))


if __name__ == "__main__":
    main()
