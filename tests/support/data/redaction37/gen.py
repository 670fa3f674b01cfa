#!/usr/bin/env python3
"""Blind redaction corpus #37: Slack of a game studio's live-ops, build and backend team.

Standard library only. One random.Random(3737), used in a fixed order. Running it twice gives
byte-identical files. Writes redaction37_negatives.jsonl and redaction37_positives.jsonl next to
this script and prints what its own scanner sees.
"""
import base64
import datetime
import hashlib
import json
import os
import re
import struct
import sys
import zlib

import random

SEED = 3737
R = random.Random(SEED)
HERE = os.path.dirname(os.path.abspath(__file__))

LOW = "abcdefghijklmnopqrstuvwxyz"
UP = LOW.upper()
DIG = "0123456789"
ALNUM = LOW + UP + DIG
HEXL = "0123456789abcdef"
B64A = UP + LOW + DIG + "+/"
B64U = UP + LOW + DIG + "-_"
B32 = UP + "234567"


# ----------------------------------------------------------------------------- small helpers
def rs(alpha, n):
    return "".join(R.choice(alpha) for _ in range(n))


def hx(n):
    return rs(HEXL, n)


def HX(n):
    return rs(HEXL.upper(), n)


def dg(n):
    """n digits, first one non-zero."""
    return str(R.randint(1, 9)) + rs(DIG, n - 1)


def pick(seq):
    return R.choice(seq)


def chance(p):
    return R.random() < p


def ri(a, b):
    return R.randint(a, b)


def rbytes(n):
    return bytes(R.getrandbits(8) for _ in range(n))


def b64(b):
    return base64.b64encode(b).decode()


def b64u(b):
    return base64.urlsafe_b64encode(b).decode().rstrip("=")


def uuid4():
    b = bytearray(rbytes(16))
    b[6] = (b[6] & 0x0F) | 0x40
    b[8] = (b[8] & 0x3F) | 0x80
    h = b.hex()
    return "%s-%s-%s-%s-%s" % (h[:8], h[8:12], h[12:16], h[16:20], h[20:])


def uuid7(dt=None):
    ms = int(((dt or when()) - EPOCH0).total_seconds() * 1000)
    b = bytearray(ms.to_bytes(6, "big") + rbytes(10))
    b[6] = (b[6] & 0x0F) | 0x70
    b[8] = (b[8] & 0x3F) | 0x80
    h = b.hex()
    return "%s-%s-%s-%s-%s" % (h[:8], h[8:12], h[12:16], h[16:20], h[20:])


CROCK = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"


def ulid(dt=None):
    ms = int(((dt or when()) - EPOCH0).total_seconds() * 1000)
    t = ""
    for _ in range(10):
        t = CROCK[ms % 32] + t
        ms //= 32
    return t + rs(CROCK, 16)


EPOCH0 = datetime.datetime(1970, 1, 1)
T_START = datetime.datetime(2025, 1, 6)


def when(days=700):
    return T_START + datetime.timedelta(seconds=R.randint(0, days * 86400), microseconds=R.randint(0, 999) * 1000)


def iso(dt, ms=True, z=True):
    s = dt.strftime("%Y-%m-%dT%H:%M:%S")
    if ms:
        s += ".%03d" % (dt.microsecond // 1000)
    return s + ("Z" if z else "")


def epoch(dt):
    return int((dt - EPOCH0).total_seconds())


def luhn_ok(s):
    tot = 0
    for i, ch in enumerate(reversed(s)):
        d = int(ch)
        if i % 2 == 1:
            d *= 2
            if d > 9:
                d -= 9
        tot += d
    return tot % 10 == 0


def luhn_complete(prefix_digits):
    """Append the Luhn check digit."""
    for c in DIG:
        if luhn_ok(prefix_digits + c):
            return prefix_digits + c
    raise AssertionError


def not_luhn(s):
    """Return s (all digits) changed in its last digit so that it is not Luhn-valid."""
    if luhn_ok(s):
        s = s[:-1] + str((int(s[-1]) + 1) % 10)
    return s


def nid(n):
    """An n-digit numeric id that is never Luhn-valid."""
    return not_luhn(dg(n))


def priv_ip():
    k = R.random()
    if k < 0.45:
        return "10.%d.%d.%d" % (ri(0, 255), ri(0, 255), ri(2, 254))
    if k < 0.7:
        return "172.%d.%d.%d" % (ri(16, 31), ri(0, 255), ri(2, 254))
    if k < 0.9:
        return "192.168.%d.%d" % (ri(0, 255), ri(2, 254))
    return "127.0.0.1"


def doc_ip():
    return pick(["192.0.2.%d", "198.51.100.%d", "203.0.113.%d"]) % ri(1, 254)


def any_safe_ip():
    return priv_ip() if chance(0.6) else doc_ip()


def public_ip():
    while True:
        a, b, c, d = ri(1, 223), ri(0, 255), ri(0, 255), ri(1, 254)
        if is_public((a, b, c, d)):
            return "%d.%d.%d.%d" % (a, b, c, d)


def is_public(o):
    a, b, c, d = o
    if a in (0, 10, 127) or a >= 224:
        return False
    if a == 100 and 64 <= b <= 127:
        return False
    if a == 169 and b == 254:
        return False
    if a == 172 and 16 <= b <= 31:
        return False
    if a == 192 and b == 168:
        return False
    if a == 192 and b == 0 and c in (0, 2):
        return False
    if a == 192 and b == 88 and c == 99:
        return False
    if a == 198 and b in (18, 19):
        return False
    if a == 198 and b == 51 and c == 100:
        return False
    if a == 203 and b == 0 and c == 113:
        return False
    return True


def wrap(s, n):
    return "\n".join(s[i:i + n] for i in range(0, len(s), n))


def fence(body, lang=""):
    return "```%s\n%s\n```" % (lang, body)


def b62(n):
    ch = DIG + UP + LOW
    out = ""
    while n:
        n, r = divmod(n, 62)
        out = ch[r] + out
    return out or "0"


# ----------------------------------------------------------------------------- the scanner
# Used twice: negatives are redrawn whenever it finds anything (bar the listed allowances);
# every finding in a positive must overlap one of that positive's labelled values.
IBAN_LEN = {
    "AD": 24, "AE": 23, "AL": 28, "AT": 20, "AZ": 28, "BA": 20, "BE": 16, "BG": 22, "BH": 22, "BR": 29,
    "CH": 21, "CR": 22, "CY": 28, "CZ": 24, "DE": 22, "DK": 18, "DO": 28, "EE": 20, "ES": 24, "FI": 18,
    "FO": 18, "FR": 27, "GB": 22, "GE": 22, "GI": 23, "GL": 18, "GR": 27, "GT": 28, "HR": 21, "HU": 28,
    "IE": 22, "IL": 23, "IS": 26, "IT": 27, "JO": 30, "KW": 30, "KZ": 20, "LB": 28, "LI": 21, "LT": 20,
    "LU": 20, "LV": 21, "MC": 27, "MD": 24, "ME": 22, "MK": 19, "MR": 27, "MT": 31, "MU": 30, "NL": 18,
    "NO": 15, "PK": 24, "PL": 28, "PS": 29, "PT": 25, "QA": 29, "RO": 24, "RS": 22, "SA": 24, "SE": 24,
    "SI": 19, "SK": 24, "SM": 27, "TN": 24, "TR": 26, "UA": 29, "VG": 24, "XK": 20,
}
# The IBAN registry's / national banks' published specimen numbers (allowed in negatives).
IBAN_PUBLISHED = [
    "GB82WEST12345698765432", "DE89370400440532013000", "FR1420041010050500013M02606",
    "NL91ABNA0417164300", "BE68539007547034", "ES9121000418450200051332",
    "CH9300762011623852957", "AT611904300234573201", "FI2112345600000785",
]


def iban_ok(s):
    s = s.replace(" ", "")
    if len(s) < 5 or s[:2] not in IBAN_LEN or len(s) != IBAN_LEN[s[:2]]:
        return False
    r = s[4:] + s[:4]
    num = "".join(str(int(c, 36)) for c in r)
    return int(num) % 97 == 1


def iban_hits(text):
    hits = []
    for m in re.finditer(r"(?<![A-Za-z0-9])([A-Z]{2})(\d{2})", text):
        cc = m.group(1)
        if cc not in IBAN_LEN:
            continue
        need = IBAN_LEN[cc]
        i, got = m.start(), ""
        while i < len(text) and len(got) < need:
            c = text[i]
            if c.isascii() and (c.isdigit() or c.isupper()):
                got += c
                i += 1
            elif c == " " and i + 1 < len(text) and text[i + 1].isascii() and text[i + 1].isalnum():
                i += 1
            else:
                break
        if len(got) == need and not (i < len(text) and text[i].isascii() and text[i].isalnum()):
            if iban_ok(got) and got not in IBAN_PUBLISHED:
                hits.append(("iban", text[m.start():i]))
    return hits


def luhn_hits(text):
    hits = []
    for m in re.finditer(r"(?<![0-9])[0-9]{13,19}(?![0-9])", text):
        if luhn_ok(m.group()):
            hits.append(("luhn_run", m.group()))
    for m in re.finditer(r"(?<![0-9])[0-9]+(?:[ -][0-9]+)+(?![0-9])", text):
        raw = m.group()
        groups = re.split(r"[ -]", raw)
        for i in range(len(groups)):
            tot = ""
            for j in range(i, len(groups)):
                tot += groups[j]
                if j > i and 13 <= len(tot) <= 19 and luhn_ok(tot):
                    hits.append(("luhn_grouped", " ".join(groups[i:j + 1])))
                if len(tot) > 19:
                    break
    return hits


FILE_EXT_TLD = ["png", "jpg", "jpeg", "webp", "gif", "psd", "tga", "exr", "json", "asset", "prefab",
                "atlas", "spriteatlas", "mat", "fbx", "anim", "ktx", "ktx2", "dds", "bmp", "svg", "wav",
                "ogg", "uasset", "umap", "tif", "tiff", "hdr", "astc", "bank", "unity"]
PW_PLACEHOLDERS = ["password", "pass", "passwd", "pw", "changeme", "guest", "admin", "root", "postgres",
                   "secret", "example", "minioadmin", "test", "dev", "foobared", "redis", "user"]


def ipv4_hits(text):
    hits = []
    for m in re.finditer(r"(?<![\d.])(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})(?!\.?\d)", text):
        o = tuple(int(x) for x in m.groups())
        if max(o) > 255 or any(len(x) > 1 and x[0] == "0" for x in m.groups()):
            continue
        if is_public(o):
            before = text[max(0, m.start() - 28):m.start()]
            version_ctx = re.search(r"(?i)(version|ver\b|v$|build|fileversion|productversion)", before)
            hits.append(("public_ipv4_version_ctx" if version_ctx else "public_ipv4", m.group()))
    return hits


SCAN_RES = [
    ("github_token", r"\b(?:ghp|gho|ghu|ghs|ghr)_[A-Za-z0-9]{36}\b"),
    ("github_pat", r"github_pat_[A-Za-z0-9_]{50,}"),
    ("slack_token", r"xox[abposr]-\d+-[A-Za-z0-9-]{6,}"),
    ("slack_webhook", r"hooks\.slack\.com/services/T[A-Z0-9]{6,}/B[A-Z0-9]{6,}/[A-Za-z0-9]{20,}"),
    ("discord_webhook", r"discord(?:app)?\.com/api/webhooks/\d{5,}/[A-Za-z0-9_-]{40,}"),
    ("sk_key", r"\bsk-(?:ant-[a-z0-9]+-|proj-|svcacct-|admin-)?[A-Za-z0-9_-]{32,}"),
    ("stripe_key", r"\b(?:sk|rk)_(?:live|test)_[A-Za-z0-9]{16,}"),
    ("stripe_whsec", r"\bwhsec_[A-Za-z0-9]{24,}"),
    ("gitlab_pat", r"\bglpat-[A-Za-z0-9_-]{20,}"),
    ("google_api_key", r"\bAIza[0-9A-Za-z_-]{35}"),
    ("npm_token", r"\bnpm_[A-Za-z0-9]{36}"),
    ("jwt", r"\beyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{16,}"),
    ("aws_key_id", r"\b(?:AKIA|ASIA|AGPA|AIDA|AROA|ANPA)[A-Z2-7]{16}\b"),
    ("aws_secret_labelled", r"(?i)(?:aws_?secret_?access_?key|secretaccesskey|secret_key)[\"']?\s*[:=]\s*[\"']?([A-Za-z0-9/+]{40})(?![A-Za-z0-9/+])"),
    ("steam_webapi_key", r"(?i)\bkey=[0-9A-F]{32}\b"),
    ("sentry_dsn_key", r"https://[0-9a-f]{32}(?::[0-9a-f]{32})?@"),
    ("ssn_shape", r"(?<![\d-])\d{3}-\d{2}-\d{4}(?![\d-])"),
    ("phone_intl", r"(?<![\w+])\+\d{1,3}[ .-]?\(?\d{1,4}\)?(?:[ .-]?\d{2,4}){2,4}(?!\d)"),
    ("phone_us", r"(?<!\d)\(\d{3}\) ?\d{3}-\d{4}(?!\d)|(?<![\d-])\d{3}-\d{3}-\d{4}(?![\d-])"),
    ("phone_jp_kr", r"(?<![\d-])0\d{1,2}-\d{3,4}-\d{4}(?![\d-])"),
]
SCAN_CRE = [(k, re.compile(p)) for k, p in SCAN_RES]
EMAIL_RE = re.compile(r"[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.([A-Za-z]{2,})\b")
PEM_RE = re.compile(r"-----BEGIN ((?:RSA |EC |DSA |OPENSSH |ENCRYPTED )?PRIVATE KEY)-----(.*?)-----END", re.S)
URLCRED_RE = re.compile(r"\b[a-z][a-z0-9+.-]*://([^/\s:@]*):([^/\s@]+)@")
LABELPW_RE = re.compile(r"(?i)(?:password|passwd|pwd|_pass)[\"']?[ \t]*[:=][ \t]*[\"']?([^\s\"';,<>`]{6,})|requirepass[ \t]+([^\s\"';,<>`]{6,})")
PW_REF_PREFIX = ("$", "%", "{", "<", "enc[", "vault:", "op://", "credentialsjson", "replace", "system.", "findproperty",
                 "env[", "secrets.", "display=", "(")


def placeholderish(v):
    low = v.lower()
    if len(set(v)) <= 3:
        return True
    for w in ("xxxx", "example", "your", "dummy", "placeholder", "redacted", "0000", "...", "…", "****"):
        if w in low:
            return True
    return False


def scan(text):
    hits = []
    for k, cre in SCAN_CRE:
        for m in cre.finditer(text):
            v = m.group(0)
            if k == "aws_key_id" and "EXAMPLE" in v:
                continue
            if k == "aws_secret_labelled" and "EXAMPLEKEY" in v:
                continue
            if k in ("slack_webhook",) and "T00000000" in v:
                continue
            if k in ("github_token", "gitlab_pat", "sk_key", "stripe_key", "slack_token", "google_api_key") and placeholderish(v):
                continue
            hits.append((k, v))
    for m in EMAIL_RE.finditer(text):
        if m.group(1).lower() in FILE_EXT_TLD:
            continue
        if re.search(r"://[^\s/@]*$", text[max(0, m.start() - 200):m.start()]):
            continue  # URL userinfo (DSN keys, user:pw@host) is not an address
        hits.append(("email", m.group()))
    for m in PEM_RE.finditer(text):
        body = m.group(2).replace("\\n", "\n")
        runs = re.findall(r"[A-Za-z0-9+/=]{40,}", body)
        if runs:
            hits.append(("pem_private_key", m.group(1)))
    for m in URLCRED_RE.finditer(text):
        pw = m.group(2)
        if pw.lower() in PW_PLACEHOLDERS or any(c in pw for c in "<>${}*") or placeholderish(pw):
            continue
        hits.append(("url_password", pw))
    for m in LABELPW_RE.finditer(text):
        pw = m.group(1) or m.group(2)
        low = pw.lower()
        if low in PW_PLACEHOLDERS or placeholderish(pw) or low.startswith(PW_REF_PREFIX):
            continue
        hits.append(("labelled_password", pw))
    hits += luhn_hits(text)
    hits += iban_hits(text)
    hits += ipv4_hits(text)
    return hits


# Findings a negative may keep (deliberate, listed in README): AWS documentation example key ids
# are skipped above; four-part version numbers that happen to look like public IPv4 addresses
# are kept only when a version word stands right before them.
NEG_ALLOWED = ("public_ipv4_version_ctx",)


# ----------------------------------------------------------------------------- real encoded bytes
def png_chunk(t, data):
    return struct.pack(">I", len(data)) + t + data + struct.pack(">I", zlib.crc32(t + data) & 0xFFFFFFFF)


def make_png(w, h, rows, color_type, extra=b""):
    raw = b"".join(b"\x00" + r for r in rows)
    ihdr = struct.pack(">IIBBBBB", w, h, 8, color_type, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + png_chunk(b"IHDR", ihdr) + extra
            + png_chunk(b"IDAT", zlib.compress(raw, 9)) + png_chunk(b"IEND", b""))


def rand_rgb():
    return (ri(0, 255), ri(0, 255), ri(0, 255))


def sprite_png(kind=None, size=None):
    """A small, valid PNG: mirrored pixel-art icon, gradient bar, indexed sprite or noise tile."""
    kind = kind or pick(["icon", "icon", "bar", "indexed", "noise"])
    if kind == "icon":
        n = size or pick([8, 8, 10, 12, 16])
        cols = [rand_rgb() for _ in range(pick([2, 3]))]
        rows = []
        for y in range(n):
            half = []
            for x in range((n + 1) // 2):
                if chance(0.45):
                    c = pick(cols)
                    half.append(bytes(c) + b"\xff")
                else:
                    half.append(b"\x00\x00\x00\x00")
            full = half + half[: n // 2][::-1]
            rows.append(b"".join(full))
        return make_png(n, n, rows, 6), (n, n)
    if kind == "bar":
        w, h = pick([(32, 4), (48, 6), (64, 8), (24, 3)])
        a, b = rand_rgb(), rand_rgb()
        rows = []
        for y in range(h):
            r = b""
            for x in range(w):
                t = x / (w - 1)
                r += bytes(int(a[i] + (b[i] - a[i]) * t) for i in range(3))
            rows.append(r)
        return make_png(w, h, rows, 2), (w, h)
    if kind == "indexed":
        n = size or pick([8, 12, 16])
        k = pick([3, 4, 5])
        pal = [rand_rgb() for _ in range(k)]
        plte = png_chunk(b"PLTE", b"".join(bytes(c) for c in pal))
        trns = png_chunk(b"tRNS", b"\x00")
        rows = [bytes(ri(0, k - 1) if chance(0.7) else 0 for _ in range(n)) for _ in range(n)]
        return make_png(n, n, rows, 3, plte + trns), (n, n)
    n = size or pick([4, 6, 8])
    rows = [rbytes(n * 4) for _ in range(n)]
    return make_png(n, n, rows, 6), (n, n)


class BitW:
    def __init__(self):
        self.out = bytearray()
        self.acc = 0
        self.n = 0

    def put(self, code, length):
        for i in range(length - 1, -1, -1):
            self.acc = (self.acc << 1) | ((code >> i) & 1)
            self.n += 1
            if self.n == 8:
                self.out.append(self.acc)
                if self.acc == 0xFF:
                    self.out.append(0)
                self.acc = 0
                self.n = 0

    def flush(self):
        while self.n:
            self.put(1, 1)
        return bytes(self.out)


def canon_codes(bits, vals):
    codes, code, k = {}, 0, 0
    for length in range(1, 17):
        for _ in range(bits[length - 1]):
            codes[vals[k]] = (code, length)
            code += 1
            k += 1
        code <<= 1
    return codes


def make_jpeg(w, h):
    """Valid baseline greyscale JPEG whose 8x8 blocks are flat (DC-only): a blocky gradient or tile."""
    bw, bh = w // 8, h // 8
    dc_bits = [0, 1, 5, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0]
    dc_vals = list(range(12))
    ac_bits = [1] + [0] * 15
    ac_vals = [0]
    dcc = canon_codes(dc_bits, dc_vals)
    acc = canon_codes(ac_bits, ac_vals)
    a, b = ri(10, 245), ri(10, 245)
    bwr = BitW()
    prev = 0
    for by in range(bh):
        for bx in range(bw):
            t = (bx + by) / max(1, bw + bh - 2)
            v = int(a + (b - a) * t) + ri(-6, 6)
            v = max(0, min(255, v))
            dc = round((v - 128) / 2)
            diff = dc - prev
            prev = dc
            cat = abs(diff).bit_length()
            c, l = dcc[cat]
            bwr.put(c, l)
            if cat:
                bwr.put(diff if diff > 0 else diff + (1 << cat) - 1, cat)
            c, l = acc[0]
            bwr.put(c, l)
    scan = bwr.flush()
    out = b"\xff\xd8"
    out += b"\xff\xe0" + struct.pack(">H", 16) + b"JFIF\x00\x01\x01\x00\x00\x01\x00\x01\x00\x00"
    out += b"\xff\xdb" + struct.pack(">H", 67) + b"\x00" + bytes([16] * 64)
    out += b"\xff\xc0" + struct.pack(">HBHHB", 11, 8, h, w, 1) + b"\x01\x11\x00"
    out += b"\xff\xc4" + struct.pack(">H", 3 + 16 + 12) + b"\x00" + bytes(dc_bits) + bytes(dc_vals)
    out += b"\xff\xc4" + struct.pack(">H", 3 + 16 + 1) + b"\x10" + bytes(ac_bits) + bytes(ac_vals)
    out += b"\xff\xda" + struct.pack(">HB", 8, 1) + b"\x01\x00" + b"\x00\x3f\x00"
    return out + scan + b"\xff\xd9"


def make_gif_pixel():
    c0, c1 = rand_rgb(), rand_rgb()
    out = b"GIF89a" + struct.pack("<HHBBB", 1, 1, 0x80, 0, 0) + bytes(c0) + bytes(c1)
    if chance(0.5):
        out += b"\x21\xf9\x04\x01\x00\x00\x00\x00"
    out += b"\x2c" + struct.pack("<HHHHB", 0, 0, 1, 1, 0) + b"\x02\x02\x44\x01\x00" + b"\x3b"
    return out


WEBP_KNOWN = [
    "UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==",
    "UklGRiIAAABXRUJQVlA4IBYAAAAwAQCdASoBAAEADsD+JaQAA3AAAAAA",
]
for _w in WEBP_KNOWN:
    _b = base64.b64decode(_w)
    assert _b[:4] == b"RIFF" and _b[8:12] == b"WEBP" and struct.unpack("<I", _b[4:8])[0] == len(_b) - 8


def make_ico():
    png, (w, h) = sprite_png("icon", pick([16, 16, 12]))
    return struct.pack("<HHH", 0, 1, 1) + struct.pack("<BBBBHHII", w, h, 0, 0, 1, 32, len(png), 22) + png


def make_wav():
    import math
    rate = pick([8000, 11025])
    ms = pick([15, 20, 25, 30])
    n = rate * ms // 1000
    f = pick([440, 660, 880, 1200, 1760])
    data = bytes(int(128 + 100 * math.sin(2 * math.pi * f * i / rate) * (1 - i / n)) for i in range(n))
    fmt = struct.pack("<HHIIHH", 1, 1, rate, rate, 1, 8)
    body = b"WAVE" + b"fmt " + struct.pack("<I", 16) + fmt + b"data" + struct.pack("<I", len(data)) + data
    if len(data) % 2:
        body += b"\x00"
    return b"RIFF" + struct.pack("<I", len(body)) + body


def make_gltf_buffer():
    sx, sy, sz = [round(R.uniform(0.2, 1.2), 2) for _ in range(3)]
    verts = []
    for x in (-sx, sx):
        for y in (0.0, sy * 2):
            for z in (-sz, sz):
                verts += [x, y, z]
    idx = [0, 1, 2, 1, 3, 2, 4, 6, 5, 5, 6, 7, 0, 2, 4, 2, 6, 4, 1, 5, 3, 3, 5, 7, 0, 4, 1, 1, 4, 5, 2, 3, 6, 3, 7, 6]
    buf = struct.pack("<%df" % len(verts), *verts) + struct.pack("<%dH" % len(idx), *idx)
    return buf, (sx, sy, sz)


def make_woff2():
    body = rbytes(ri(180, 420))
    total = 48 + len(body)
    hdr = b"wOF2" + struct.pack(">IIHHIIHHIIIII", 0x00010000, total, ri(9, 14), 0, total * 3, len(body),
                                 1, 0, 0, 0, 0, 0, 0)
    return hdr + body


def vlq_mappings(n):
    segs = []
    for _ in range(n):
        segs.append(",".join(rs("ACDEGIKMOQSUWYagkoqsuw", pick([4, 4, 5])) for _ in range(ri(2, 6))))
    return ";".join(segs)


def make_sourcemap(name):
    srcs = pick([["src/launcher/main.ts", "src/launcher/patcher.ts", "src/launcher/ui/progress.tsx"],
                 ["src/shop/cart.ts", "src/shop/price.ts"],
                 ["src/overlay/hud.ts", "src/overlay/toast.ts", "src/overlay/i18n.ts"]])
    obj = {"version": 3, "file": name, "sources": srcs, "names": ["e", "t", "n", "r", "progress", "onTick"],
           "mappings": vlq_mappings(ri(3, 6))}
    return json.dumps(obj, separators=(",", ":")).encode()


def make_svg():
    kind = pick(["coin", "shield", "star", "lock", "chevron", "dot"])
    c1 = "#%02x%02x%02x" % rand_rgb()
    c2 = "#%02x%02x%02x" % rand_rgb()
    n = pick([16, 20, 24, 32])
    if kind == "coin":
        body = '<circle cx="%d" cy="%d" r="%d" fill="%s"/><circle cx="%d" cy="%d" r="%d" fill="none" stroke="%s" stroke-width="2"/>' % (
            n // 2, n // 2, n // 2 - 1, c1, n // 2, n // 2, n // 2 - 4, c2)
    elif kind == "shield":
        body = '<path d="M%d 1L%d 4v6c0 5-3 8-%d 9C%d 18 %d 15 %d 10V4z" fill="%s"/>' % (n // 2, n - 2, n // 2 - 2, n // 4, 2, 2, c1)
    elif kind == "star":
        body = '<path d="M12 2l3 7h7l-6 4 2 7-6-4-6 4 2-7-6-4h7z" fill="%s"/>' % c1
    elif kind == "lock":
        body = '<rect x="4" y="10" width="%d" height="%d" rx="2" fill="%s"/><path d="M7 10V7a5 5 0 0110 0v3" stroke="%s" fill="none"/>' % (n - 8, n - 12, c1, c2)
    elif kind == "chevron":
        body = '<path d="M6 9l6 6 6-6" stroke="%s" stroke-width="2" fill="none"/>' % c1
    else:
        body = '<circle cx="%d" cy="%d" r="%d" fill="%s"/>' % (n // 2, n // 2, n // 3, c1)
    return '<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d">%s</svg>' % (n, n, n, n, body)


def pct_svg(svg):
    out = ""
    for ch in svg:
        if ch in '<>#"%{}':
            out += "%%%02X" % ord(ch)
        else:
            out += ch
    return out.replace('"', "'")


def image_uri(kind=None):
    kind = kind or pick(["png", "png", "png", "jpeg", "gif", "webp", "svg"])
    if kind == "png":
        return "data:image/png;base64," + b64(sprite_png()[0])
    if kind == "jpeg":
        return "data:image/jpeg;base64," + b64(make_jpeg(pick([8, 16, 24, 32]), pick([8, 16, 24])))
    if kind == "gif":
        return "data:image/gif;base64," + b64(make_gif_pixel())
    if kind == "webp":
        return "data:image/webp;base64," + pick(WEBP_KNOWN)
    return "data:image/svg+xml;base64," + b64(make_svg().encode())


def trunc(s, keep=None):
    keep = keep or ri(60, 140)
    if len(s) <= keep + 20:
        return s
    return s[:keep] + pick(["…", "...", "… [%d more chars]" % (len(s) - keep), "…(truncated)"])


# ----------------------------------------------------------------------------- DER / key material
def der_len(n):
    if n < 128:
        return bytes([n])
    if n < 256:
        return b"\x81" + bytes([n])
    return b"\x82" + n.to_bytes(2, "big")


def der(tag, content):
    return bytes([tag]) + der_len(len(content)) + content


def der_int(b):
    b = b.lstrip(b"\x00") or b"\x00"
    if b[0] & 0x80:
        b = b"\x00" + b
    return der(0x02, b)


def big(nbytes, odd=False):
    b = bytearray(rbytes(nbytes))
    b[0] |= 0xC0
    if odd:
        b[-1] |= 1
    return bytes(b)


OID_RSA = bytes.fromhex("06092a864886f70d010101")
OID_EC = bytes.fromhex("06072a8648ce3d0201")
OID_P256 = bytes.fromhex("06082a8648ce3d030107")
OID_ED25519 = bytes.fromhex("06032b6570")


def rsa_pkcs1(bits=2048):
    nb = bits // 8
    parts = [b"\x00", big(nb, True), b"\x01\x00\x01", big(nb), big(nb // 2, True), big(nb // 2, True),
             big(nb // 2), big(nb // 2), big(nb // 2)]
    return der(0x30, b"".join(der_int(p) for p in parts))


def rsa_pkcs8(bits=2048):
    return der(0x30, der_int(b"\x00") + der(0x30, OID_RSA + b"\x05\x00") + der(0x04, rsa_pkcs1(bits)))


def ec_sec1(params=True):
    priv = rbytes(32)
    pub = b"\x04" + rbytes(64)
    c = der_int(b"\x01") + der(0x04, priv)
    if params:
        c += der(0xA0, OID_P256)
    c += der(0xA1, der(0x03, b"\x00" + pub))
    return der(0x30, c)


def ec_pkcs8():
    return der(0x30, der_int(b"\x00") + der(0x30, OID_EC + OID_P256) + der(0x04, ec_sec1(True)))


def ed25519_pkcs8():
    return der(0x30, der_int(b"\x00") + der(0x30, OID_ED25519) + der(0x04, der(0x04, rbytes(32))))


def sshstr(b):
    return struct.pack(">I", len(b)) + b


def openssh_ed25519(comment):
    pub = rbytes(32)
    seed = rbytes(32)
    pubblob = sshstr(b"ssh-ed25519") + sshstr(pub)
    chk = rbytes(4)
    priv = chk + chk + sshstr(b"ssh-ed25519") + sshstr(pub) + sshstr(seed + pub) + sshstr(comment.encode())
    i = 1
    while len(priv) % 8:
        priv += bytes([i])
        i += 1
    return (b"openssh-key-v1\x00" + sshstr(b"none") + sshstr(b"none") + sshstr(b"") + struct.pack(">I", 1)
            + sshstr(pubblob) + sshstr(priv))


def rsa_spki_public(bits=2048):
    n = der_int(big(bits // 8, True))
    e = der_int(b"\x01\x00\x01")
    return der(0x30, der(0x30, OID_RSA + b"\x05\x00") + der(0x03, b"\x00" + der(0x30, n + e)))


def ssh_ed25519_pub():
    return b64(sshstr(b"ssh-ed25519") + sshstr(rbytes(32)))


# ----------------------------------------------------------------------------- shared vocabulary
GAMES = ["Ember Rift", "Skyforge", "Hollowpeak", "Tidebreak", "Ironveil", "Starfall Arena", "Moss & Mortar",
         "Quarry Kings", "Nightglass"]
CODENAMES = ["ember", "skyforge", "hollowpeak", "tidebreak", "ironveil", "starfall", "moss", "quarry", "nightglass"]
PLATFORMS = ["Win64", "Linux", "LinuxServer", "Android", "IOS", "Mac", "PS5", "XSX", "Switch"]
REGIONS = ["eu-west-1", "eu-central-1", "us-east-1", "us-west-2", "ap-northeast-1", "ap-northeast-2",
           "ap-southeast-1", "sa-east-1"]
GS_REGIONS = ["euw", "euc", "use", "usw", "jpn", "kor", "sgp", "bra", "oce"]
MODES = ["ranked", "casual", "arena3v3", "br_solo", "br_squad", "coop_raid", "tutorial", "custom"]
SKUS = ["gems_80", "gems_500", "gems_1200", "gems_2500", "gems_6500", "starter_pack", "season_pass_s%d",
        "battle_pass_premium", "skin_bundle_ronin", "weekly_chest", "no_ads", "gold_pile_s", "gold_pile_l"]
EVENTS = ["lunar_festival", "summer_splash", "halloween_hunt", "winter_wonders", "anniversary_3",
          "double_xp_weekend", "guild_wars_s%d", "boss_rush"]
STUDIO_HOSTS = ["build.studio.internal", "p4.studio.internal", "ddc.studio.internal", "grafana.liveops.internal",
                "crash.studio.internal", "artifactory.studio.internal", "jenkins.build.internal",
                "teamcity.build.internal", "sym.studio.internal"]
NOUNS = ["Session", "Token", "Ticket", "Auth", "Password", "Credential", "Secret", "Receipt", "Wallet",
         "Entitlement", "Key", "Signature", "Login", "Account", "Email", "Phone", "Refresh", "Nonce", "Hash",
         "Salt", "Cipher", "Vault", "Keychain", "Purchase", "Payout", "Device", "Platform", "Identity", "Iban",
         "Card", "Voucher", "Ban", "Cheat", "Report", "Match", "Lobby", "Party", "Inventory", "Currency"]
VERBS = ["Get", "Try", "Validate", "Refresh", "Exchange", "Verify", "Rotate", "Store", "Load", "Clear",
         "Begin", "Cancel", "Request", "Resolve", "Decrypt", "Encrypt", "Mask", "Redact", "Persist", "Revoke",
         "Consume", "Grant", "Sign", "Fetch", "Parse", "Cache"]
SUFFIX = ["Provider", "Service", "Manager", "Cache", "Handler", "Subsystem", "Component", "Validator", "Store",
          "Client", "Bridge", "Resolver", "Flow", "Controller", "Widget", "Helper"]


def camel(n=2):
    return "".join(pick(NOUNS) for _ in range(n))


def cls_name():
    return camel(pick([1, 2, 2])) + pick(SUFFIX)


def meth_name():
    return pick(VERBS) + camel(pick([1, 1, 2]))


def snake(s):
    return re.sub(r"(?<!^)(?=[A-Z])", "_", s).lower()


def gamertag():
    a = pick(["Shadow", "Pixel", "Frost", "Nova", "Rogue", "Ember", "Void", "Turbo", "Lucky", "Grim", "Neon",
              "Silent", "Mighty", "Sneaky", "Cosmic", "Salty"])
    b = pick(["Fox", "Blade", "Wolf", "Byte", "Otter", "Knight", "Sniper", "Goose", "Mage", "Panda", "Moth",
              "Golem", "Raven", "Yeti"])
    return pick(["%s%s%d" % (a, b, ri(1, 999)), "xX%s%sXx" % (a, b), "%s_%s" % (a.lower(), b.lower()),
                 "%s%s" % (a, b)])


def build_no():
    return ri(1200, 9800)


def unity_ver():
    return pick(["2021.3.%df1" % ri(30, 45), "2022.3.%df1" % ri(10, 55), "6000.0.%df1" % ri(20, 40),
                 "2023.2.%df1" % ri(1, 20)])


def ue_cl():
    return ri(28000000, 38999999)


def game_ver():
    return "%d.%d.%d" % (ri(0, 3), ri(0, 24), ri(0, 9))


LEADINS = ["fyi ", "FYI: ", "heads up: ", "PSA: ", "Zur Info: ", "Pour info : ", "Ojo: ", "Obs.: ", "メモ: ",
           "참고: ", "供参考：", "К сведению: ", "Dla info: ", "Tiedoksi: ", "För kännedom: ",
           "from #build-alerts: ", "repro: ", "quick q — ", "context: ", "同步一下：", "共有です: ", "공유: ",
           "Na szybko: ", "Kurz: ", "Rápido: ", "re: yesterday's thread — "]
TRAILERS = ["\nthoughts?", "\nany idea?", "\n🙏", "\n(ignore the noise)", "\nkiitos!", "\ndanke", "\nmerci",
            "\nよろしくお願いします", "\n확인 부탁드려요", "\n谢谢", "\nспасибо", "\ndzięki", "\ncc build-infra",
            "\n+1", "\n:eyes:", "\nthx", "\nwill update the runbook", "\nobrigado!", "\ngracias", "\ntack!"]


def decorate(text, p_lead=0.12, p_trail=0.06):
    if chance(p_lead):
        text = pick(LEADINS) + text
    if chance(p_trail):
        text = text + pick(TRAILERS)
    return text


# ============================================================================= NEGATIVES
# ----------------------------------------------------------------------------- data_uri_base64
def du_uss():
    png, (w, h) = sprite_png("icon")
    cls = pick(["currency-icon", "gem-badge", "rank-pip", "lock-overlay", "new-item-dot", "vip-crown"])
    uss = ('.%s {\n    background-image: url("data:image/png;base64,%s");\n    width: %dpx;\n    height: %dpx;\n'
           '    -unity-background-scale-mode: scale-to-fit;\n}') % (cls, b64(png), w * 2, h * 2)
    intro = pick(["inlined the currency icons in the USS so the store popup doesn't wait on Addressables:",
                  "USS mit eingebettetem Icon, damit der Shop-Dialog nicht auf das Bundle warten muss:",
                  "ショップのポップアップ用にアイコンをUSSにインライン化しました:",
                  "상점 팝업 아이콘을 USS에 인라인으로 넣었어요:",
                  "j'ai inliné l'icône dans le USS pour le popup boutique :",
                  "this is what UI Builder spat out after I dragged the png in, is that ok to ship?"])
    return intro + "\n" + fence(uss, "css")


def du_cs_editor_icon():
    png, (w, h) = sprite_png(pick(["icon", "indexed"]))
    name = pick(["Lock", "Bundle", "Warning", "Cloud", "Build", "Shader", "Crash", "Steam", "Perforce"])
    body = ("static class %sIcons\n{\n    // %dx%d %s, generated by tools/icon2cs.py\n"
            "    static readonly byte[] k%s = Convert.FromBase64String(\"%s\");\n"
            "    static Texture2D s_%s;\n"
            "    public static Texture2D %s => s_%s ??= Load(k%s);\n\n"
            "    static Texture2D Load(byte[] bytes)\n    {\n        var t = new Texture2D(2, 2) { hideFlags = HideFlags.HideAndDontSave };\n"
            "        t.LoadImage(bytes);\n        return t;\n    }\n}") % (
        pick(["BuildTool", "Bundle", "Toolbar", "Crash"]), w, h, name.lower(), name, b64(png), name, name, name, name)
    intro = pick(["editor toolbar icons now live in code, no more missing-icon spam in batchmode:",
                  "PR #%d — embeds the toolbar icons, review pls" % ri(1200, 9999),
                  "Die Editor-Icons sind jetzt direkt im Code:",
                  "エディタのツールバーアイコンをコードに埋め込みました。バッチモードで警告が出なくなります。",
                  "ikony toolbara są teraz w kodzie, koniec z 'missing icon' w batchmode:"])
    return intro + "\n" + fence(body, "csharp")


def du_remote_config():
    ev = pick(EVENTS)
    if "%d" in ev:
        ev = ev % ri(2, 14)
    dt = when()
    end = dt + datetime.timedelta(days=ri(3, 14))
    jpg = make_jpeg(pick([32, 48, 64]), pick([16, 24, 32]))
    obj = {
        "eventId": "%s_%d" % (ev, dt.year),
        "startUtc": iso(dt, False), "endUtc": iso(end, False),
        "minClientVersion": game_ver(),
        "bannerThumb": "data:image/jpeg;base64," + b64(jpg),
        "bannerFull": "addressables://liveops/banners/%s_full.png" % ev,
        "rewardsTable": "rt_%s_%02d" % (ev, ri(1, 40)),
        "segments": pick([["all"], ["payer", "lapsed_30d"], ["new_users_7d"], ["tier_gold", "tier_plat"]]),
    }
    intro = pick(["remote config for the event, thumb is inlined so the lobby tile renders before the bundle download:",
                  "RC payload für das Event (Thumbnail inline):",
                  "Payload de remote config del evento, la miniatura va embebida:",
                  "イベントのリモートコンフィグです。サムネイルは埋め込み済み:",
                  "event config — sanity check before I push to prod env?"])
    return intro + "\n" + fence(json.dumps(obj, indent=2, ensure_ascii=False), "json")


def du_launcher_img():
    uri = image_uri(pick(["png", "gif", "svg"]))
    cls = pick(["badge", "status-dot", "patch-icon", "news-thumb"])
    html = '<div class="news-item">\n  <img class="%s" alt="" width="%d" height="%d" src="%s">\n  <span data-i18n="launcher.news.%s"></span>\n</div>' % (
        cls, pick([12, 16, 24]), pick([12, 16, 24]), uri, pick(["patch_ready", "maintenance", "event_live", "update_required"]))
    return pick(["launcher news template (electron):", "the launcher renders this for the maintenance banner",
                 "Launcher-Template:", "ランチャーのニュース欄テンプレ:", "шаблон новости в лаунчере:"]) + "\n" + fence(html, "html")


def du_webgl_favicon():
    ico = make_ico()
    lines = ['<!DOCTYPE html>', '<html lang="en-us">', '  <head>', '    <meta charset="utf-8">',
             '    <title>%s | WebGL demo</title>' % pick(GAMES),
             '    <link rel="icon" href="data:image/x-icon;base64,%s">' % b64(ico),
             '    <link rel="stylesheet" href="TemplateData/style.css">', '  </head>']
    return pick(["custom WebGL template head, favicon inlined because itch rewrites relative paths:",
                 "WebGL template — we inline the favicon now", "Template WebGL: favicon embarqué en base64",
                 "WebGLテンプレのhead部分:"]) + "\n" + fence("\n".join(lines), "html")


def du_crash_thumb():
    jpg = make_jpeg(pick([64, 80, 96]), pick([40, 48, 56]))
    uri = "data:image/jpeg;base64," + b64(jpg)
    dt = when()
    obj = ('{\n  "crash_guid": "UECC-Windows-%s_0000",\n  "build": "%s-CL-%d",\n  "platform": "%s",\n'
           '  "gpu": "%s",\n  "received": "%s",\n  "screenshot_thumb": "%s"\n}') % (
        HX(32), game_ver(), ue_cl(), pick(["Win64", "XSX", "PS5"]),
        pick(["NVIDIA GeForce RTX 3060", "AMD Radeon RX 6700 XT", "Intel(R) Arc(TM) A770", "NVIDIA GeForce GTX 1660 SUPER"]),
        iso(dt), trunc(uri, ri(80, 160)))
    return pick(["crash reporter payload, thumb cut for slack:", "this is what the crash portal receives:",
                 "Crash-Payload (Screenshot gekürzt):", "payload do crash reporter, thumb cortado:",
                 "クラッシュレポートのペイロード(サムネは省略):"]) + "\n" + fence(obj, "json")


def du_gltf():
    buf, (sx, sy, sz) = make_gltf_buffer()
    obj = {
        "asset": {"version": "2.0", "generator": "hitbox-export 0.%d" % ri(3, 9)},
        "buffers": [{"byteLength": len(buf), "uri": "data:application/octet-stream;base64," + b64(buf)}],
        "bufferViews": [{"buffer": 0, "byteOffset": 0, "byteLength": 96}, {"buffer": 0, "byteOffset": 96, "byteLength": 72}],
        "accessors": [{"bufferView": 0, "componentType": 5126, "count": 8, "type": "VEC3",
                       "min": [-sx, 0, -sz], "max": [sx, round(sy * 2, 2), sz]},
                      {"bufferView": 1, "componentType": 5123, "count": 36, "type": "SCALAR"}],
    }
    return pick(["hitbox export for the %s rig, buffer is embedded:" % pick(["golem", "raptor", "knight", "drone"]),
                 "glTF from the hitbox tool (embedded buffer):", "Hitbox-Export als glTF:", "ヒットボックスのglTF:"]) + "\n" + fence(json.dumps(obj, indent=1), "json")


def du_sourcemap():
    name = pick(["launcher.min.js", "overlay.min.js", "shop.bundle.js"])
    sm = make_sourcemap(name)
    mini = pick(['!function(){"use strict";var e=document.getElementById("progress"),t=0;function n(r){t=r,e.style.width=100*t+"%"}window.onTick=n}();',
                 '(()=>{var e={};const t=e=>e.toFixed(2);window.priceLabel=(n,r)=>`${r}${t(n)}`})();',
                 '"use strict";(self.webpackChunk=self.webpackChunk||[]).push([[%d],{%d:(e,t,n)=>{n.r(t)}}]);' % (ri(100, 999), ri(1000, 9999))])
    body = mini + "\n//# sourceMappingURL=data:application/json;charset=utf-8;base64," + b64(sm)
    return pick(["why is %s 40%% bigger in the release build? tail of the file:" % name,
                 "inline source map leaked into the prod bundle again:",
                 "Die Inline-Sourcemap ist wieder im Prod-Bundle:",
                 "la sourcemap inline se coló en el bundle de prod:"]) + "\n" + fence(body, "js")


def du_font():
    wf = make_woff2()
    fam = pick(["NotoSansJP-Subset", "Rajdhani-Bold", "Inter-Variable", "NotoSansKR-Subset", "PressStart2P"])
    css = '@font-face {\n  font-family: "%s";\n  src: url("data:font/woff2;base64,%s") format("woff2");\n  font-display: swap;\n  unicode-range: U+0020-007E, U+3000-30FF;\n}' % (
        fam, trunc(b64(wf), ri(70, 130)))
    return pick(["web shop CSS, we subset + inline the font for the price labels:",
                 "font inlined for the store page (trimmed):", "Schrift inline im Shop-CSS (gekürzt):",
                 "ストアページのフォントはサブセット化してインライン化:", "웹샵 폰트 인라인 (잘림):"]) + "\n" + fence(css, "css")


def du_wav():
    wav = make_wav()
    js = 'const click = new Audio("data:audio/wav;base64,%s");\nclick.volume = %.1f;\nexport const playClick = () => { click.currentTime = 0; void click.play(); };' % (
        b64(wav), R.uniform(0.2, 0.8))
    return pick(["launcher UI click, tiny wav inline:", "the 'ding' when the patch finishes:",
                 "kleiner Klick-Sound im Launcher:", "le petit clic du launcher :", "ランチャーのクリック音:"]) + "\n" + fence(js, "ts")


def du_jupyter():
    png, _ = sprite_png(pick(["bar", "noise"]))
    cell = '{\n "output_type": "display_data",\n "data": {\n  "image/png": "%s",\n  "text/plain": ["<Figure size %dx%d with 1 Axes>"]\n },\n "metadata": {}\n}' % (
        b64(png), pick([640, 800, 1000]), pick([360, 400, 480]))
    return pick(["D7 retention notebook diff is huge because of this output cell:",
                 "retention notebook: someone committed the output again",
                 "Notebook mit Output eingecheckt:", "el notebook de retención trae las salidas otra vez:",
                 "リテンションのノートブック、出力セルがコミットされてる:"]) + "\n" + fence(cell, "json")


def du_markdown():
    uri = image_uri(pick(["png", "gif"]))
    item = pick(["rank-gold", "rank-diamond", "new-badge", "event-token", "guild-crest"])
    md = "### Patch %s\n- ![%s](%s) %s" % (game_ver(), item, uri, pick([
        "New ranked tier icons", "Event tokens now stack to 999", "Guild crest editor", "Fixed the store badge"]))
    return pick(["patch notes draft:", "Patchnotes-Entwurf:", "brouillon des notes de patch :", "パッチノート下書き:",
                 "rascunho das notas:"]) + "\n" + fence(md, "markdown")


def du_csp():
    uri = "data:image/svg+xml;base64," + b64(make_svg().encode())
    msg = ("Refused to load the image '%s' because it violates the following Content Security Policy directive: "
           "\"img-src 'self' https://cdn.%s.example\".") % (trunc(uri, ri(70, 120)), pick(CODENAMES))
    return pick(["web shop console after the CSP change:", "CSP is now blocking the inline icons:",
                 "La CSP bloquea los iconos inline:", "CSP変更後のコンソール:"]) + "\n" + fence(msg)


def du_typeless():
    n = pick([2, 4])
    px = rbytes(n * n * 4)
    yaml = ("--- !u!28 &2800000\nTexture2D:\n  m_Name: %s\n  m_Width: %d\n  m_Height: %d\n  m_TextureFormat: 4\n"
            "  m_MipCount: 1\n  image data: %d\n  _typelessdata: %s\n  m_StreamData:\n    offset: 0\n    size: 0\n    path: ") % (
        pick(["tex_white_dot", "tex_palette_lut", "tex_noise_tiny", "tex_mask_2x2"]), n, n, len(px), px.hex())
    return pick(["the hex in the .asset is just the pixels (RGBA32), not a key, scanner flagged it:",
                 "that's the raw texture bytes in the serialized asset:", "das sind nur die Pixel des Texture2D:",
                 "シリアライズされたテクスチャのピクセルです:"]) + "\n" + fence(yaml, "yaml")


def du_echo_decode():
    png, (w, h) = sprite_png()
    ct = {2: "8-bit/color RGB", 6: "8-bit/color RGBA", 3: "8-bit colormap"}[png[25]]
    name = pick(["rank_pip", "gem_small", "crown", "pin_%02d" % ri(1, 40)])
    sh = "$ echo '%s' | base64 -d > %s.png\n$ file %s.png\n%s.png: PNG image data, %d x %d, %s, non-interlaced" % (
        b64(png), name, name, name, w, h, ct)
    return sh


def du_py_fixture():
    png, _ = sprite_png()
    code = ('import base64\n\n# 1 sprite from the %s atlas, used by test_atlas_packer\nSPRITE_PNG = base64.b64decode(\n    "%s"\n)\n\n'
            'def test_packs_single_sprite(tmp_path):\n    out = pack([SPRITE_PNG], padding=%d)\n    assert out.pages == 1') % (
        pick(["ui", "fx", "icons", "emotes"]), b64(png), pick([0, 1, 2]))
    return pick(["test fixture for the atlas packer:", "fixture added:", "Fixture für den Atlas-Packer:",
                 "fixture pro atlas packer:"]) + "\n" + fence(code, "python")


def du_go_fixture():
    gif = make_gif_pixel()
    code = ('// tinyGIF is a 1x1 pixel used by the avatar proxy tests.\nvar tinyGIF = mustDecode("%s")\n\n'
            'func TestAvatarFallback(t *testing.T) {\n\trr := httptest.NewRecorder()\n\tserveFallback(rr, tinyGIF)\n'
            '\tif got := rr.Header().Get("Content-Type"); got != "image/gif" {\n\t\tt.Fatalf("content-type = %%q", got)\n\t}\n}') % b64(gif)
    return pick(["avatar proxy test:", "go test fixture for the avatar service", "Test für den Avatar-Proxy:"]) + "\n" + fence(code, "go")


def du_cursor_svg():
    svg = make_svg()
    css = '.map-canvas.dragging {\n  cursor: url("data:image/svg+xml;utf8,%s") %d %d, grabbing;\n}' % (pct_svg(svg), ri(4, 12), ri(4, 12))
    return pick(["custom cursor for the web map tool:", "Cursor für das Karten-Tool:", "curseur custom pour l'outil carte :",
                 "マップツールのカスタムカーソル:"]) + "\n" + fence(css, "css")


def du_unreal_decode():
    png, _ = sprite_png("icon")
    code = ('static const TCHAR* GPlaceholderAvatar = TEXT("%s");\n\nTArray<uint8> Bytes;\n'
            'FBase64::Decode(FString(GPlaceholderAvatar), Bytes);\n'
            'UTexture2D* Tex = FImageUtils::ImportBufferAsTexture2D(Bytes);') % b64(png)
    return pick(["fallback avatar while the EOS avatar fetch is pending:", "Platzhalter-Avatar im Code:",
                 "avatar de secours pendant le chargement EOS :", "EOSアバター取得中のプレースホルダー:"]) + "\n" + fence(code, "cpp")


def du_har():
    w = pick(WEBP_KNOWN)
    har = '{\n  "request": {"method": "GET", "url": "https://shop.%s.example/assets/img/%s.webp"},\n  "response": {\n    "status": 200,\n    "content": {"size": %d, "mimeType": "image/webp", "encoding": "base64", "text": "%s"}\n  }\n}' % (
        pick(CODENAMES), pick(["spacer", "px", "blank", "dot"]), len(base64.b64decode(w)), w)
    return pick(["from the HAR the player support sent (only the relevant entry):", "HAR-Auszug:",
                 "extrait du HAR :", "HARの該当エントリ:"]) + "\n" + fence(har, "json")


def du_jsonlog():
    lines = []
    for _ in range(ri(2, 4)):
        dt = when()
        if chance(0.5):
            lines.append(json.dumps({"ts": iso(dt), "level": "debug", "mod": "avatar", "msg": "fallback avatar used",
                                     "reason": pick(["timeout", "404", "cdn_5xx"]), "src": "data:image/gif;base64," + b64(make_gif_pixel())}))
        else:
            lines.append(json.dumps({"ts": iso(dt), "level": "info", "mod": "patcher", "msg": "chunk verified",
                                     "chunk": ri(1, 400), "ms": ri(3, 900)}))
    return pick(["launcher log:", "log do launcher:", "Launcher-Log:", "ランチャーのログ:"]) + "\n" + fence("\n".join(lines))


def du_unity_test():
    jpg = make_jpeg(pick([8, 16]), pick([8, 16]))
    code = ('[Test]\npublic void DecodesThumbnail()\n{\n    var bytes = Convert.FromBase64String(\n        "%s");\n'
            '    var tex = new Texture2D(1, 1);\n    Assert.IsTrue(tex.LoadImage(bytes));\n    Assert.AreEqual(%d, tex.width);\n}') % (
        b64(jpg), pick([8, 16]))
    return pick(["edit mode test for the thumbnail cache:", "EditMode-Test:", "test EditMode :", "EditModeのテスト:"]) + "\n" + fence(code, "csharp")


def du_kotlin():
    png, _ = sprite_png("icon", 12)
    code = ('private val smallIconBytes = Base64.decode(\n    "%s",\n    Base64.DEFAULT\n)\n'
            'val smallIcon: Bitmap = BitmapFactory.decodeByteArray(smallIconBytes, 0, smallIconBytes.size)') % b64(png)
    return pick(["android push plugin, notification icon fallback:", "Android-Plugin, Fallback-Icon:",
                 "plugin android, ícone de fallback:"]) + "\n" + fence(code, "kotlin")


def du_tsx():
    jpg = make_jpeg(16, 8)
    code = '<Image\n  src={`/cdn/skins/${skin.id}.webp`}\n  width={256}\n  height={128}\n  placeholder="blur"\n  blurDataURL="data:image/jpeg;base64,%s"\n/>' % b64(jpg)
    return pick(["shop skin card placeholder:", "Skin-Karte im Webshop:", "placeholder de la carta de skin:",
                 "스킨 카드 플레이스홀더:"]) + "\n" + fence(code, "tsx")


def du_texturepacker():
    png, (w, h) = sprite_png("indexed")
    frames = {}
    for i in range(ri(2, 4)):
        frames["%s_%02d%s.png" % (pick(["spark", "coin", "hit", "dust"]), i, pick(["", "@2x", "@3x"]))] = {"frame": {"x": i * 4, "y": 0, "w": 4, "h": 4}, "rotated": False}
    obj = {"frames": frames, "meta": {"app": "https://www.codeandweb.com/texturepacker", "format": "RGBA8888",
                                      "size": {"w": w, "h": h}, "image": "data:image/png;base64," + b64(png)}}
    return pick(["packer output for the vfx atlas (debug build embeds the page):", "TexturePacker-Ausgabe:",
                 "salida del packer:"]) + "\n" + fence(json.dumps(obj, indent=1), "json")


def du_flags_csv():
    rows = ["locale,flag,font_fallback"]
    for loc in R.sample(["en-US", "de-DE", "fr-FR", "es-ES", "pt-BR", "ja-JP", "ko-KR", "zh-Hans", "ru-RU", "pl-PL", "tr-TR"], ri(3, 6)):
        png, _ = sprite_png("bar")
        rows.append("%s,data:image/png;base64,%s,%s" % (loc, b64(png), pick(["NotoSans", "NotoSansCJK", "Inter"])))
    return pick(["language picker export:", "Export der Sprachauswahl:", "export du sélecteur de langue:",
                 "言語選択のエクスポート:"]) + "\n" + fence("\n".join(rows), "csv")


def du_base64_wrapped():
    png, _ = sprite_png(pick(["icon", "noise", "indexed"]), size=pick([16, 12]))
    name = "Assets/Art/UI/%s.png" % pick(["rank_%d" % ri(1, 9), "lock", "clan_badge", "emote_gg"])
    return "$ base64 -w 76 %s\n%s" % (name, wrap(b64(png), 76))


def du_rewards_json():
    items = []
    for _ in range(ri(2, 4)):
        png, _ = sprite_png("icon", 8)
        items.append('  {"sku": "%s", "qty": %d, "icon": "data:image/png;base64,%s"}' % (
            pick(["gold_pile", "xp_boost", "chest_key", "skin_shard", "emote_token"]), ri(1, 500), b64(png)))
    return pick(["reward preview payload from the economy service (icons inline for the email-less inbox):",
                 "Belohnungs-Payload:", "payload de recompensas:", "報酬プレビューのペイロード:"]) + "\n" + fence("[\n" + ",\n".join(items) + "\n]", "json")


def du_grafana():
    svg = make_svg()
    html = '<div style="display:flex;gap:6px">\n  <img src="data:image/svg+xml;base64,%s" width="16">\n  <b>CCU</b> live\n</div>' % b64(svg.encode())
    return pick(["grafana text panel html:", "HTML des Grafana-Panels:", "html del panel de grafana:"]) + "\n" + fence(html, "html")


def du_helpcenter_spinner():
    gif = make_gif_pixel()
    return pick(["help center article draft has <img src=\"data:image/gif;base64,%s\"> as spacer, can we drop it?",
                 "the old help-center theme still uses a spacer gif: data:image/gif;base64,%s",
                 "altes Help-Center-Theme, Spacer: data:image/gif;base64,%s",
                 "ヘルプセンターの古いテーマにスペーサーGIF: data:image/gif;base64,%s"]) % b64(gif)


def du_oneliner():
    uri = image_uri()
    return pick(["is `%s` the right placeholder for missing shop art?",
                 "placeholder for missing shop art: %s",
                 "Platzhalter für fehlende Shop-Grafik: %s",
                 "¿este placeholder %s está bien para arte faltante?",
                 "欠けているショップ画像のプレースホルダー: %s",
                 "плейсхолдер для отсутствующего арта: %s"]) % uri


DATA_URI_T = [du_uss, du_cs_editor_icon, du_remote_config, du_launcher_img, du_webgl_favicon, du_crash_thumb,
              du_gltf, du_sourcemap, du_font, du_wav, du_jupyter, du_markdown, du_csp, du_typeless,
              du_echo_decode, du_py_fixture, du_go_fixture, du_cursor_svg, du_unreal_decode, du_har, du_jsonlog,
              du_unity_test, du_kotlin, du_tsx, du_texturepacker, du_flags_csv, du_base64_wrapped,
              du_rewards_json, du_grafana, du_helpcenter_spinner, du_oneliner]


# ----------------------------------------------------------------------------- placeholder_example
def ph_steamcmd():
    app = pick([480, ri(1000000, 3400000)])
    sh = ("#!/usr/bin/env bash\nset -euo pipefail\n# creds come from the agent env, never commit them\n"
          "./steamcmd.sh +login \"$STEAM_BUILD_USER\" \"$STEAM_BUILD_PASS\" \\\n"
          "  +run_app_build \"$(pwd)/scripts/app_build_%d.vdf\" +quit") % app
    return pick(["our upload step, for reference:", "steam upload script:", "Steam-Upload-Skript:",
                 "script de subida a Steam:", "Steamアップロードのスクリプト:"]) + "\n" + fence(sh, "bash")


def ph_gameci():
    y = ("- uses: game-ci/unity-builder@v4\n  env:\n    UNITY_LICENSE: ${{ secrets.UNITY_LICENSE }}\n"
         "    UNITY_EMAIL: ${{ secrets.UNITY_EMAIL }}\n    UNITY_PASSWORD: ${{ secrets.UNITY_PASSWORD }}\n"
         "  with:\n    targetPlatform: %s\n    unityVersion: %s\n    androidKeystoreName: user.keystore\n"
         "    androidKeystoreBase64: ${{ secrets.ANDROID_KEYSTORE_BASE64 }}\n"
         "    androidKeystorePass: ${{ secrets.ANDROID_KEYSTORE_PASS }}\n"
         "    androidKeyaliasName: ${{ secrets.ANDROID_KEYALIAS_NAME }}\n"
         "    androidKeyaliasPass: ${{ secrets.ANDROID_KEYALIAS_PASS }}") % (
        pick(["Android", "StandaloneWindows64", "StandaloneLinux64", "iOS", "WebGL"]), unity_ver())
    return pick(["the game-ci step for the mobile branch:", "GitHub Actions step (Unity build):",
                 "Schritt für den Unity-Build:", "paso de build de Unity:", "Unityビルドのステップ:"]) + "\n" + fence(y, "yaml")


def ph_eos_ini():
    ini = ("[/Script/OnlineSubsystemEOS.EOSSettings]\nCacheDir=CacheDir\nDefaultArtifactName=%s\nbEnableOverlay=True\n"
           "+Artifacts=(ArtifactName=\"%s\",ClientId=\"<CLIENT_ID>\",ClientSecret=\"<CLIENT_SECRET>\","
           "ProductId=\"%s\",SandboxId=\"%s\",DeploymentId=\"%s\",EncryptionKey=\"<64 hex chars>\")") % (
        pick(CODENAMES).capitalize() + "Live", pick(CODENAMES).capitalize() + "Live", hx(32), hx(32), hx(32))
    return pick(["DefaultEngine.ini template, the real ClientSecret is injected by the build machine:",
                 "Vorlage DefaultEngine.ini, das echte ClientSecret kommt vom Buildserver:",
                 "modèle DefaultEngine.ini, le vrai ClientSecret est injecté au build :",
                 "DefaultEngine.iniのテンプレ、本物のClientSecretはビルドマシンで注入:"]) + "\n" + fence(ini, "ini")


def ph_playfab():
    code = ('#if UNITY_SERVER || UNITY_EDITOR\n    PlayFabSettings.staticSettings.TitleId = "%s";\n'
            '    PlayFabSettings.staticSettings.DeveloperSecretKey = "YOUR_DEV_SECRET_KEY"; // server builds only!\n#endif') % HX(pick([4, 5]))
    return pick(["never ship this in the client, the define is there for a reason:", "PlayFab init (server only):",
                 "niemals im Client ausliefern:", "ne jamais livrer ça dans le client :"]) + "\n" + fence(code, "csharp")


def ph_compose():
    y = ("services:\n  db:\n    image: postgres:16\n    environment:\n      POSTGRES_PASSWORD: changeme\n"
         "      POSTGRES_DB: economy\n  mq:\n    image: rabbitmq:3-management\n    environment:\n"
         "      RABBITMQ_DEFAULT_USER: guest\n      RABBITMQ_DEFAULT_PASS: guest\n  cache:\n    image: redis:7\n"
         "  wallet:\n    build: ./services/wallet\n    environment:\n"
         "      DATABASE_URL: postgres://postgres:postgres@db:5432/economy\n      AMQP_URL: amqp://guest:guest@mq:5672/\n"
         "      REDIS_URL: redis://cache:6379/0\n    ports: [\"%d:8080\"]") % pick([8080, 8081, 9000, 7350])
    return pick(["local backend stack, defaults only:", "docker-compose für lokal (nur Defaults):",
                 "stack local, solo valores por defecto:", "ローカル用compose、デフォルト値のみ:"]) + "\n" + fence(y, "yaml")


def ph_env_example():
    lines = ["# copy to .env and fill in", "STEAM_WEB_API_KEY=", "STEAM_APP_ID=%d" % pick([480, ri(1000000, 3400000)]),
             "EOS_CLIENT_ID=<from dev portal>", "EOS_CLIENT_SECRET=changeme",
             "XSOLLA_API_KEY=<xsolla-api-key>", "SLACK_BOT_TOKEN=xoxb-your-bot-token",
             "OPENAI_API_KEY=sk-...", "SENTRY_DSN=https://<key>@o0.ingest.sentry.io/<project>",
             "DISCORD_WEBHOOK=https://discord.com/api/webhooks/<id>/<token>"]
    keep = [lines[0]] + R.sample(lines[1:], ri(5, len(lines) - 1))
    return pick(["`.env.example` for the liveops tools repo:", ".env.example im Tools-Repo:",
                 ".env.example del repo de herramientas:", "ツールリポジトリの.env.example:"]) + "\n" + fence("\n".join(keep), "bash")


def ph_aws_example():
    sh = ("$ aws configure --profile gamelift-dev\nAWS Access Key ID [None]: AKIAIOSFODNN7EXAMPLE\n"
          "AWS Secret Access Key [None]: wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY\nDefault region name [None]: %s\n"
          "Default output format [None]: json") % pick(REGIONS)
    return pick(["from the onboarding doc (these are the AWS docs example keys, not ours):",
                 "aus der Onboarding-Doku (Beispiel-Keys aus der AWS-Doku):",
                 "de la doc d'onboarding (clés d'exemple de la doc AWS) :",
                 "オンボーディング資料より(AWSドキュメントの例のキーです):"]) + "\n" + fence(sh)


def ph_slack_webhook():
    return pick(["for the build notifier use the format from the docs, e.g. `https://hooks.slack.com/services/T00000000/B00000000/XXXXXXXXXXXXXXXXXXXXXXXX`, the real URL is in the Jenkins credential store",
                 "Webhook-Format wie in der Doku: https://hooks.slack.com/services/T00000000/B00000000/XXXXXXXXXXXXXXXXXXXXXXXX (die echte URL liegt im Credential Store)",
                 "ビルド通知のWebhookはこの形式: https://hooks.slack.com/services/T00000000/B00000000/XXXXXXXXXXXXXXXXXXXXXXXX (本物はJenkinsのクレデンシャルに)"])


def ph_jenkins():
    g = ("stage('Upload to Steam') {\n  steps {\n    withCredentials([usernamePassword(credentialsId: 'steam-builder',\n"
         "        usernameVariable: 'STEAM_USER', passwordVariable: 'STEAM_PASS')]) {\n"
         "      sh './steamcmd.sh +login \"$STEAM_USER\" \"$STEAM_PASS\" +run_app_build %s +quit'\n    }\n  }\n}") % pick(
        ["app_build_main.vdf", "app_build_beta.vdf", "app_build_playtest.vdf"])
    return pick(["Jenkinsfile stage:", "Stage aus dem Jenkinsfile:", "etapa del Jenkinsfile:", "Jenkinsfileのステージ:"]) + "\n" + fence(g, "groovy")


def ph_teamcity():
    x = ('<param name="env.P4PASSWD" value="%%vault:secret/data/build/p4!/ticket%%" />\n'
         '<param name="env.STEAM_PASSWORD" value="credentialsJSON:%s" spec="password display=\'hidden\'" />\n'
         '<param name="env.UNITY_SERIAL" value="%%env.UNITY_SERIAL%%" />') % uuid4()
    return pick(["TeamCity build params, all refs:", "TeamCity-Parameter (nur Referenzen):",
                 "paramètres TeamCity, que des références :"]) + "\n" + fence(x, "xml")


def ph_fastlane():
    rb = ('app_store_connect_api_key(\n  key_id: ENV["ASC_KEY_ID"],\n  issuer_id: ENV["ASC_ISSUER_ID"],\n'
          '  key_filepath: "./AuthKey_XXXXXXXXXX.p8"\n)\nmatch(type: "appstore", readonly: true, git_basic_authorization: ENV["MATCH_GIT_BASIC_AUTH"])\n'
          '# MATCH_PASSWORD comes from the keychain on the mac builders')
    return pick(["Fastfile (iOS build):", "Fastfile für iOS:", "Fastfile de iOS:", "iOSビルドのFastfile:"]) + "\n" + fence(rb, "ruby")


def ph_p8_template():
    t = "-----BEGIN PRIVATE KEY-----\n<contents of AuthKey_%s.p8>\n-----END PRIVATE KEY-----" % pick(["XXXXXXXXXX", "ABC123DEFG", "<KEY_ID>"])
    return pick(["the secret should look like this in Vault (multi-line, keep the header):",
                 "so soll das Secret im Vault aussehen:", "así debe verse el secreto en Vault:",
                 "Vaultにはこの形で入れてください(ヘッダー込み):"]) + "\n" + fence(t)


def ph_gplay_sa():
    obj = ('{\n  "type": "service_account",\n  "project_id": "<project-id>",\n  "private_key_id": "<key-id>",\n'
           '  "private_key": "-----BEGIN PRIVATE KEY-----\\n...\\n-----END PRIVATE KEY-----\\n",\n'
           '  "client_email": "<sa-name>@<project-id>.iam.gserviceaccount.com",\n  "token_uri": "https://oauth2.googleapis.com/token"\n}')
    return pick(["shape of the Play Console service account json for the upload job (values elided):",
                 "Struktur der Service-Account-JSON (Werte entfernt):", "forma del JSON de la cuenta de servicio:",
                 "Play Console用サービスアカウントJSONの形:"]) + "\n" + fence(obj, "json")


def ph_gradle():
    g = ('signingConfigs {\n    release {\n        storeFile file(System.getenv("KEYSTORE_PATH") ?: "debug.keystore")\n'
         '        storePassword System.getenv("KEYSTORE_PASSWORD") ?: ""\n        keyAlias "release"\n'
         '        keyPassword findProperty("keyPass") ?: ""\n    }\n}')
    return pick(["custom gradle template for the Android export:", "Gradle-Template:", "template gradle personalizado:"]) + "\n" + fence(g, "groovy")


def ph_unity_cli():
    sh = ('"$UNITY_PATH" -batchmode -quit -projectPath . -buildTarget Android \\\n  -executeMethod Build.CI.Android \\\n'
          '  -keystorePass "$KEYSTORE_PASS" -keyaliasPass "$KEYALIAS_PASS" -logFile -')
    return pick(["android build invocation on the agents:", "Android-Build auf den Agents:", "Androidビルドの呼び出し:"]) + "\n" + fence(sh, "bash")


def ph_masked_receipt():
    dt = when()
    obj = ('{\n  "event": "payment.succeeded",\n  "order": "%s",\n  "sku": "%s",\n  "card": {"brand": "%s", "last4": "%s", "exp": "**/**"},\n'
           '  "pan": "************%s",\n  "billing_email": "[REDACTED]",\n  "created": "%s"\n}') % (
        "ORD-%d" % ri(100000, 999999), pick(SKUS).replace("%d", "3"), pick(["visa", "mastercard", "amex", "jcb"]),
        "%04d" % ri(0, 9999), "%04d" % ri(0, 9999), iso(dt))
    return pick(["PSP webhook after masking, good:", "Webhook nach dem Maskieren:", "webhook tras enmascarar:",
                 "マスキング後のWebhook:"]) + "\n" + fence(obj, "json")


def ph_support_macro():
    return pick([
        "support macro v3:\n> Hi {{player.display_name}}, we received your refund request for order {{order.id}}. Email on file: [REDACTED]. Phone: <redacted>.",
        "Makro für den Support:\n> Hallo {{player.display_name}}, deine Bestellung {{order.id}} wurde erstattet. Karte: •••• {{card.last4}}.",
        "macro soporte:\n> Hola {{player.display_name}}, tu pedido {{order.id}} fue reembolsado a la tarjeta terminada en {{card.last4}}.",
        "サポート用マクロ:\n> {{player.display_name}} 様、ご注文 {{order.id}} の返金を受け付けました。登録メール: [REDACTED]",
    ])


def ph_vault_refs():
    lines = ["STEAM_PASS     op://Build/steam-builder/password",
             "EOS_SECRET     vault:secret/data/eos/prod#client_secret",
             "ASC_KEY        op://Mobile/app-store-connect-api/AuthKey.p8",
             "XSOLLA_KEY     vault:secret/data/payments/xsolla#api_key",
             "P4_TICKET      vault:secret/data/build/p4#ticket",
             "SENTRY_TOKEN   op://LiveOps/sentry-ci/credential"]
    return pick(["secret refs used by `make release` (refs only):", "Secret-Referenzen:", "références des secrets :",
                 "シークレット参照一覧:"]) + "\n" + fence("\n".join(R.sample(lines, ri(3, 6))))


def ph_k8s_secret():
    y = ("apiVersion: v1\nkind: Secret\nmetadata:\n  name: matchmaker-secrets\n  namespace: %s\ntype: Opaque\nstringData:\n"
         "  REDIS_PASSWORD: REPLACE_ME\n  EOS_CLIENT_SECRET: REPLACE_ME\n  STEAM_WEB_API_KEY: \"\"") % pick(["mm-dev", "mm-staging", "matchmaking"])
    return pick(["template in the chart, CI replaces REPLACE_ME from Vault:", "Vorlage im Chart:", "plantilla en el chart:"]) + "\n" + fence(y, "yaml")


def ph_helm():
    y = "photon:\n  appIdRealtime: {{ .Values.photon.appId | quote }}\n  region: %s\nnakama:\n  serverKey: {{ required \"nakama.serverKey\" .Values.nakama.serverKey }}\n  sessionEncryptionKey: {{ .Values.nakama.sessionKey }}" % pick(["eu", "us", "jp", "asia"])
    return pick(["values templating for the relay:", "Helm-Template:", "template de Helm:"]) + "\n" + fence(y, "yaml")


def ph_cfn():
    y = ("MatchmakerCache:\n  Type: AWS::ElastiCache::ReplicationGroup\n  Properties:\n    AuthToken: '{{resolve:secretsmanager:prod/matchmaker/redis:SecretString:password}}'\n"
         "    Engine: redis\n    CacheNodeType: cache.%s") % pick(["r7g.large", "t4g.medium", "m7g.large"])
    return pick(["CFN snippet:", "CloudFormation-Schnipsel:", "fragmento CFN:"]) + "\n" + fence(y, "yaml")


def ph_p4():
    sh = "export P4PORT=ssl:%s:1666\nexport P4USER=svc-build\nexport P4PASSWD=\n# ticket via: p4 login -a < /run/secrets/p4pass\np4 -c build-%s sync //%s/Main/...@%d" % (
        pick(STUDIO_HOSTS[:2]), pick(PLATFORMS).lower(), pick(CODENAMES), ue_cl())
    return pick(["perforce env on the agents:", "Perforce-Umgebung:", "entorno de Perforce:", "Perforceの環境変数:"]) + "\n" + fence(sh, "bash")


def ph_pem_dots():
    t = pick(["-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAA...\n-----END OPENSSH PRIVATE KEY-----",
              "-----BEGIN RSA PRIVATE KEY-----\nMIIEow...\n...\n-----END RSA PRIVATE KEY-----",
              "-----BEGIN EC PRIVATE KEY-----\n(paste here)\n-----END EC PRIVATE KEY-----"])
    return pick(["the deploy key file must look like this, LF line endings!", "so muss die Datei aussehen:",
                 "el fichero tiene que verse así:", "ファイル形式はこう(改行はLF):"]) + "\n" + fence(t)


def ph_docs_jp_kr():
    return pick([
        "```\nAPIキー: YOUR_API_KEY_HERE\nシークレット: <発行されたシークレット>\n```\n↑社内Wikiのテンプレ、実際の値はVaultへ",
        "```\n토큰: <발급받은 토큰>\nAPI 키: YOUR_API_KEY\n```\n위키 템플릿이에요, 실제 값은 Vault에",
        "```\n令牌: <你的令牌>\n密钥: YOUR_SECRET_KEY\n```\n这是wiki模板，真实值在Vault里",
        "```\nТокен: <ваш токен>\nКлюч API: YOUR_API_KEY\n```\nшаблон из вики, реальные значения в Vault",
    ])


def ph_sentry_dsn():
    return pick(["Sentry's docs use `https://examplePublicKey@o0.ingest.sentry.io/0` — that's what is in the sample scene, the real DSN comes from the build define",
                 "in SentryOptions.asset we keep `Dsn: https://examplePublicKey@o0.ingest.sentry.io/0` and override it in CI",
                 "Die DSN im Sample ist `https://examplePublicKey@o0.ingest.sentry.io/0`, echte kommt aus CI"])


def ph_ugs_cli():
    sh = "ugs login --service-key-id <KEY_ID> --secret-key-stdin < /dev/stdin\nugs deploy ./RemoteConfig --environment-name %s" % pick(["dev", "staging", "production"])
    return pick(["UGS deploy from CI:", "UGS-Deploy:", "deploy de UGS:"]) + "\n" + fence(sh, "bash")


def ph_eos_sdk():
    code = ('EOS_Platform_Options Options = {};\nOptions.ApiVersion = EOS_PLATFORM_OPTIONS_API_LATEST;\n'
            'Options.ProductId = "YOUR_PRODUCT_ID";\nOptions.SandboxId = "YOUR_SANDBOX_ID";\nOptions.DeploymentId = "YOUR_DEPLOYMENT_ID";\n'
            'Options.ClientCredentials.ClientId = "YOUR_CLIENT_ID";\nOptions.ClientCredentials.ClientSecret = "YOUR_CLIENT_SECRET";')
    return pick(["this is straight from the EOS sample, we replace it at build time:", "aus dem EOS-Sample:",
                 "sacado del sample de EOS:", "EOSサンプルそのまま:"]) + "\n" + fence(code, "cpp")


def ph_defaults():
    return pick([
        "local telemetry stack: grafana admin/admin, minio minioadmin/minioadmin, clickhouse default user with empty password. it's localhost only",
        "Lokaler Telemetrie-Stack: Grafana admin/admin, MinIO minioadmin/minioadmin. Nur localhost.",
        "stack local : grafana admin/admin, rabbitmq guest/guest, redis `requirepass foobared` (la valeur d'exemple du redis.conf)",
        "ローカル環境: grafana は admin/admin、rabbitmq は guest/guest のままでOK",
        "stack local: grafana admin/admin, minio minioadmin/minioadmin, postgres `postgres://user:password@localhost:5432/telemetry`",
    ])


def ph_empty():
    y = pick(['steam:\n  appId: %d\n  webApiKey: ""\n  publisherKey: ""\neos:\n  clientSecret: ""' % pick([480, ri(1000000, 3400000)]),
              'STEAM_PASSWORD=\nP4PASSWD=\nKEYSTORE_PASS=\nASC_KEY_ID=',
              '[auth]\npassword = ""\ntoken = ""\napi_key = '])
    return pick(["why is the build failing with 'missing credentials'? config on that agent:", "config auf dem Agent:",
                 "config en ese agente:", "そのエージェントの設定:"]) + "\n" + fence(y)


def ph_prefix_table():
    rows = ["| vendor | prefix | example in docs |", "|---|---|---|",
            "| GitHub classic | `ghp_` | `ghp_…` |", "| GitHub fine-grained | `github_pat_` | `github_pat_...` |",
            "| GitLab | `glpat-` | `glpat-xxxxxxxxxxxxxxxxxxxx` |", "| Slack bot | `xoxb-` | `xoxb-...` |",
            "| OpenAI | `sk-proj-` | `sk-proj-…` |", "| Anthropic | `sk-ant-api03-` | `sk-ant-api03-...` |",
            "| AWS | `AKIA` | `AKIA...` |", "| Stripe | `sk_live_` | `sk_live_xxx` |", "| Google | `AIza` | `AIza****…` |"]
    return pick(["prefixes the pre-commit hook looks for:", "Präfixe, nach denen der Hook sucht:",
                 "prefijos que busca el hook:", "pre-commitフックが検出するプレフィックス:"]) + "\n" + "\n".join(rows[:2] + R.sample(rows[2:], ri(4, 9)))


def ph_masks():
    return pick([
        "W-9 upload form shows `XXX-XX-XXXX` until the creator submits, then only the last 4",
        "payout screen: IBAN `DE00 0000 0000 0000 0000 00` is the empty-state mask, not a real value",
        "the receipt view masks the card as `xxxx-xxxx-xxxx-%04d`, support only ever sees that" % ri(0, 9999),
        "Auszahlungsmaske zeigt `***-**-****` bzw. `•••• %04d`, mehr sieht der Support nicht" % ri(0, 9999),
        "支払い画面のマスク表示は `**** **** **** %04d` です" % ri(0, 9999),
    ])


def ph_redaction_log():
    dt = when()
    return "```\n%s INFO  support-bot  ticket=%d user_email=[FILTERED] phone=[MASKED] note=\"(sensitive value)\" card=***\n```" % (iso(dt), ri(100000, 999999))


def ph_url_template():
    return pick([
        "format for the analytics DB url: `postgres://<username>:<password>@<host>:5432/telemetry`",
        "mongo url format: `mongodb+srv://<user>:<password>@<cluster>/liveops?retryWrites=true`",
        "Format: `redis://:${REDIS_PASSWORD}@matchmaker-cache:6379/0`",
        "formato: `amqps://${MQ_USER}:${MQ_PASS}@mq.internal:5671/%2F`",
    ])


PLACEHOLDER_T = [ph_steamcmd, ph_gameci, ph_eos_ini, ph_playfab, ph_compose, ph_env_example, ph_aws_example,
                 ph_slack_webhook, ph_jenkins, ph_teamcity, ph_fastlane, ph_p8_template, ph_gplay_sa, ph_gradle,
                 ph_unity_cli, ph_masked_receipt, ph_support_macro, ph_vault_refs, ph_k8s_secret, ph_helm, ph_cfn,
                 ph_p4, ph_pem_dots, ph_docs_jp_kr, ph_sentry_dsn, ph_ugs_cli, ph_eos_sdk, ph_defaults, ph_empty,
                 ph_prefix_table, ph_masks, ph_redaction_log, ph_url_template]


# ----------------------------------------------------------------------------- code_identifier
def itanium(parts, params=None):
    params = params or pick(["v", "RK7FString", "PKc", "i", "RK16FUniqueNetIdRepl", "bRK7FString", "P7UObject"])
    return "_ZN" + "".join("%d%s" % (len(p), p) for p in parts) + "E" + params


def msvc(cls, m):
    return pick(["?%s@%s@@QEAA_NXZ", "?%s@%s@@QEBA?AVFString@@XZ", "?%s@%s@@UEAAXAEBVFString@@@Z",
                 "?%s@%s@@QEAAXXZ"]) % (m, cls)


def il2cpp_m(cls, m):
    return "%s_%s_m%s" % (cls, m, HX(40))


def rust_sym(parts):
    return "_ZN" + "".join("%d%s" % (len(p), p) for p in parts) + "17h%sE" % hx(16)


def ci_unity_trace():
    ns = pick(["Studio.Net.Auth", "Studio.LiveOps.Store", "Studio.Backend.Session", "Game.Platform.Steam", "Game.Economy.Wallet"])
    exc = pick(["NullReferenceException: Object reference not set to an instance of an object",
                "InvalidOperationException: Sequence contains no elements",
                "KeyNotFoundException: The given key '%s' was not present in the dictionary." % snake(camel(2)),
                "TaskCanceledException: A task was canceled.",
                "ArgumentException: An item with the same key has already been added. Key: %s" % snake(camel(2))])
    lines = [exc]
    for _ in range(ri(4, 10)):
        c, m = cls_name(), meth_name()
        lines.append("  at %s.%s.%s () [0x%05x] in <%s>:0" % (ns, c, m, ri(0, 0x3ff), hx(32)) if chance(0.4) else
                     "%s.%s.%s () (at Assets/Scripts/%s/%s.cs:%d)" % (ns, c, m, ns.split(".")[-1], c, ri(12, 880)))
    lines.append("UnityEngine.SetupCoroutine.InvokeMoveNext (System.Collections.IEnumerator enumerator, System.IntPtr returnValueAddress) (at <%s>:0)" % hx(32))
    return pick(["player log from QA, happens on resume from background:", "Player.log (QA):", "log de QA:",
                 "QAからのPlayer.log、バックグラウンド復帰時:", "лог игрока от QA:"]) + "\n" + fence("\n".join(lines))


def ci_il2cpp_tombstone():
    lines = ["*** *** *** *** *** *** *** *** *** *** *** *** *** *** *** ***",
             "Build fingerprint: '%s/%s/%s:%d/%s/%d:user/release-keys'" % (
                 pick(["google", "samsung", "xiaomi", "OnePlus"]), pick(["husky", "a54x", "fuxi", "OP5958L1"]),
                 pick(["husky", "a54x", "fuxi", "OP5958L1"]), pick([13, 14, 15]), pick(["UQ1A.240205.004", "TP1A.220624.014", "AP3A.241005.015"]), ri(10000000, 99999999)),
             "signal 11 (SIGSEGV), code 1 (SEGV_MAPERR), fault addr 0x%016x" % ri(0, 0xfff)]
    for i in range(ri(4, 9)):
        c, m = cls_name(), meth_name()
        lines.append("    #%02d pc %016x  /data/app/~~%s==/com.%s.game-%s==/lib/arm64/libil2cpp.so (%s+%d)" % (
            i, ri(0x100000, 0x4ffffff), rs(B64U, 22), pick(CODENAMES), rs(B64U, 22), il2cpp_m(c, m), ri(4, 900)))
    return pick(["new top crash on Android after %s:" % game_ver(), "Android-Topcrash:", "crash top en Android:",
                 "Androidのトップクラッシュ:"]) + "\n" + fence("\n".join(lines))


def ci_unreal_callstack():
    mod = pick(["OnlineSubsystemEOS", "OnlineSubsystemSteam", "CommonUser", "GameplayAbilities", "OnlineServicesEOSGS"])
    lines = ["Fatal error: [File:D:\\build\\++UE5\\Sync\\Engine\\Source\\Runtime\\Core\\Private\\Windows\\WindowsPlatformCrashContext.cpp] [Line: %d]" % ri(1000, 2000),
             "Unhandled Exception: EXCEPTION_ACCESS_VIOLATION reading address 0x%016x" % ri(0, 0xffff), ""]
    for _ in range(ri(4, 9)):
        c = "F" + cls_name()
        m = meth_name()
        lines.append("UnrealEditor-%s.dll!%s::%s() [D:\\build\\++UE5\\Sync\\Engine\\Plugins\\Online\\%s\\Source\\Private\\%s.cpp:%d]" % (
            mod, c, m, mod, c[1:], ri(40, 1400)))
    lines.append("UnrealEditor-Core.dll!UE::Core::Private::Tasks::FTaskBase::TryExecuteTask() [D:\\build\\++UE5\\Sync\\Engine\\Source\\Runtime\\Core\\Public\\Async\\Fundamental\\TaskBase.h:%d]" % ri(400, 600))
    return pick(["editor crash on PIE login:", "Editor-Crash beim PIE-Login:", "crash de l'éditeur au login PIE :",
                 "PIEログイン時にエディタがクラッシュ:", "에디터 크래시 (PIE 로그인):"]) + "\n" + fence("\n".join(lines))


def ci_lnk2019():
    c, m = "F" + cls_name(), meth_name()
    u = "U" + cls_name()
    mod = pick(CODENAMES).capitalize()
    txt = ('Module.%s.cpp.obj : error LNK2019: unresolved external symbol "public: bool __cdecl %s::%s(void)" (?%s@%s@@QEAA_NXZ) '
           'referenced in function "public: virtual void __cdecl %s::Initialize(class FSubsystemCollectionBase &)" '
           '(?Initialize@%s@@UEAAXAEAVFSubsystemCollectionBase@@@Z)\n'
           'UnrealEditor-%s.dll : fatal error LNK1120: 1 unresolved externals') % (mod, c, m, m, c, u, u, mod)
    return pick(["build 'Win64 Development Editor' red since CL %d:" % ue_cl(), "Linker-Fehler seit dem letzten Merge:",
                 "erreur de link depuis le dernier merge :", "リンクエラー:"]) + "\n" + fence(txt)


def ci_gdb_server():
    lines = ["Thread 1 \"%sServer\" received signal SIGSEGV, Segmentation fault." % pick(CODENAMES).capitalize()]
    for i in range(ri(4, 8)):
        c, m = "F" + cls_name(), meth_name()
        lines.append("#%d  0x%016x in %s (this=0x%012x) at %s.cpp:%d" % (
            i, ri(0x5500000000, 0x56ffffffff), itanium([c, m]), ri(0x7f0000000000, 0x7fffffffffff), c[1:], ri(20, 900)))
    return pick(["dedicated server core from the %s fleet (symbols resolved, demangling off):" % pick(GS_REGIONS),
                 "core dump des Linux-Servers:", "core del servidor dedicado:", "専用サーバのコア:"]) + "\n" + fence("\n".join(lines))


def ci_uht():
    c = "U" + cls_name()
    fns = [meth_name() for _ in range(ri(2, 4))]
    lines = ["// generated by UnrealHeaderTool", "UClass* Z_Construct_UClass_%s();" % c, "UClass* Z_Construct_UClass_%s_NoRegister();" % c]
    for f in fns:
        lines.append("DEFINE_FUNCTION(%s::exec%s)" % (c, f))
        lines.append("struct Z_Construct_UFunction_%s_%s_Statics;" % (c, f))
    return pick(["the .gen.cpp that keeps failing to compile:", "die .gen.cpp:", "el .gen.cpp:", ".gen.cppの中身:"]) + "\n" + fence("\n".join(lines), "cpp")


def ci_blueprint():
    bp = "BP_%s_C" % cls_name()
    lines = []
    for _ in range(ri(2, 5)):
        lines.append("LogBlueprint: Warning: [Compiler] %s: K2Node_CallFunction_%d '%s' is deprecated, use '%s' instead" % (
            bp, ri(1, 120), meth_name(), meth_name()))
    lines.append("LogBlueprint: Error: [Compiler] In use pin  Return Value  no longer exists on node  %s . Please refresh node or break links to remove pin. from Source: /Game/%s/%s.%s" % (
        meth_name(), pick(["UI/Login", "Online/Auth", "Store"]), bp[:-2], bp[:-2]))
    return pick(["cook is failing on the login flow blueprint:", "Cook scheitert am Blueprint:", "el cook falla en el blueprint:"]) + "\n" + fence("\n".join(lines))


def ci_steamworks_cs():
    code = ("HAuthTicket m_hAuthTicket;\nbyte[] m_Ticket = new byte[1024];\n\nvoid RequestTicket()\n{\n"
            "    var identity = new SteamNetworkingIdentity();\n    identity.SetGenericString(\"%s\");\n"
            "    m_hAuthTicket = SteamUser.GetAuthSessionTicket(m_Ticket, m_Ticket.Length, out uint pcbTicket, ref identity);\n}\n\n"
            "void OnValidateAuthTicket(ValidateAuthTicketResponse_t cb)\n{\n"
            "    if (cb.m_eAuthSessionResponse != EAuthSessionResponse.k_EAuthSessionResponseOK)\n"
            "        Debug.LogWarning($\"auth session rejected: {cb.m_eAuthSessionResponse}\");\n}") % pick(["gameserver", "backend-%s" % pick(GS_REGIONS)])
    return pick(["Steamworks.NET ticket flow, rough version:", "Ticket-Flow mit Steamworks.NET:", "flujo del ticket con Steamworks.NET:",
                 "Steamworks.NETのチケット処理:"]) + "\n" + fence(code, "csharp")


def ci_eos_c():
    code = ("EOS_Auth_CopyUserAuthTokenOptions CopyOpts = {};\nCopyOpts.ApiVersion = EOS_AUTH_COPYUSERAUTHTOKEN_API_LATEST;\n"
            "EOS_Auth_Token* Token = nullptr;\nif (EOS_Auth_CopyUserAuthToken(AuthHandle, &CopyOpts, LocalUserId, &Token) == EOS_EResult::EOS_Success)\n{\n"
            "    EOS_Connect_Credentials Creds = {};\n    Creds.Type = EOS_EExternalCredentialType::%s;\n    EOS_Auth_Token_Release(Token);\n}") % pick(
        ["EOS_ECT_EPIC_ID_TOKEN", "EOS_ECT_STEAM_SESSION_TICKET", "EOS_ECT_PSN_ID_TOKEN", "EOS_ECT_XBL_XSTS_TOKEN"])
    return pick(["EOS connect login, the bit that leaks the token handle:", "EOS Connect Login:", "login EOS Connect :"]) + "\n" + fence(code, "cpp")


def ci_shader_keywords():
    kws = R.sample(["_ALPHATEST_ON", "_NORMALMAP", "_MAIN_LIGHT_SHADOWS_CASCADE", "_ADDITIONAL_LIGHTS", "_SHADOWS_SOFT",
                    "_DISSOLVE_ON", "_RIMLIGHT", "_HOLOGRAM_SCANLINES", "_SECRET_ROOM_REVEAL", "_TOKEN_GLOW",
                    "FOG_EXP2", "LIGHTMAP_ON", "_EMISSION", "_KEY_HIGHLIGHT"], ri(4, 8))
    lines = ["Compiled shader 'Studio/%s' pass '%s' stage 'fragment': %d variants" % (pick(["Lit/Character", "FX/Pickup", "UI/Reward"]), pick(["ForwardLit", "ShadowCaster", "GBuffer"]), ri(12, 4096)),
             "  keywords: %s" % " ".join(kws), "  Shader variant stripping: %d of %d kept" % (ri(10, 200), ri(300, 9000))]
    return pick(["variant explosion again:", "Variantenexplosion:", "explosión de variantes:", "バリアント爆発:"]) + "\n" + fence("\n".join(lines))


def ci_sql_schema():
    cols = R.sample(["password_hash TEXT NOT NULL", "password_salt BYTEA", "email_verified_at TIMESTAMPTZ",
                     "phone_e164_sha256 BYTEA", "receipt_signature TEXT", "steam_ticket_last_seen TIMESTAMPTZ",
                     "refresh_token_family UUID", "api_key_last_four CHAR(4)", "iban_country CHAR(2)",
                     "card_fingerprint TEXT", "eos_product_user_id TEXT", "banned_until TIMESTAMPTZ"], ri(4, 8))
    sql = "CREATE TABLE account_%s (\n    account_id BIGINT PRIMARY KEY,\n    %s\n);" % (pick(["auth", "security", "payment_meta", "platform_link"]), ",\n    ".join(cols))
    return pick(["migration %04d for review:" % ri(40, 400), "Migration zum Review:", "migración para revisar:",
                 "レビューお願いします(マイグレーション):"]) + "\n" + fence(sql, "sql")


def ci_proto():
    svc = pick(["SessionService", "WalletService", "ReceiptService", "AntiCheatReports", "Matchmaker"])
    rpcs = []
    for _ in range(ri(2, 4)):
        m = meth_name()
        rpcs.append("  rpc %s(%sRequest) returns (%sResponse);" % (m, m, m))
    return pick(["new proto, naming ok?", "neues Proto:", "nuevo proto:", "新しいproto:"]) + "\n" + fence(
        "syntax = \"proto3\";\npackage %s.v%d;\n\nservice %s {\n%s\n}" % (pick(["auth", "economy", "liveops", "ac"]), ri(1, 3), svc, "\n".join(rpcs)), "protobuf")


def ci_flags():
    keys = R.sample(["liveops.auth.token_refresh_window_s", "economy.iap.receipt_validation_v2", "store.show_card_last4",
                     "ac.report_upload_batch_size", "mm.password_protected_lobbies", "auth.steam_ticket_identity_required",
                     "auth.secret_rotation_banner", "support.mask_email_in_tools", "payout.iban_form_v3"], ri(3, 6))
    return pick(["flags touched in this release:", "Flags in diesem Release:", "flags de esta release:", "今回のリリースで触ったフラグ:"]) + "\n" + "\n".join("• `%s` → %s" % (k, pick(["true", "false", str(ri(1, 600))])) for k in keys)


def ci_agones():
    lines = ["NAME                              STATE       ADDRESS        PORT   NODE                                AGE"]
    for _ in range(ri(3, 8)):
        lines.append("gs-%s-%s-%s-%s   %-10s  %-13s  %d   gke-%s-pool-gs-%s-%s   %dm" % (
            pick(GS_REGIONS), pick(MODES).replace("_", ""), hx(5), rs(LOW + DIG, 5),
            pick(["Ready", "Allocated", "Scheduled", "Shutdown"]), priv_ip(), ri(7000, 7999),
            pick(CODENAMES), hx(8), rs(LOW + DIG, 4), ri(1, 300)))
    return "$ kubectl get gameservers -n %s\n%s" % (pick(["gs-prod", "gs-staging"]), fence("\n".join(lines)))


def ci_terraform():
    addrs = R.sample(["module.matchmaker.aws_secretsmanager_secret.redis_password",
                      "module.build.aws_iam_access_key.bundle_uploader",
                      "module.liveops.aws_secretsmanager_secret_version.xsolla_webhook_secret",
                      "module.auth.aws_kms_key.session_token_signing",
                      "module.crash.aws_s3_bucket.minidumps",
                      "module.gamelift.aws_gamelift_fleet.arena[\"%s\"]" % pick(REGIONS),
                      "module.ac.aws_sqs_queue.cheat_reports"], ri(3, 6))
    return pick(["plan touches these, expected?", "Plan ändert:", "el plan toca:", "planの変更対象:"]) + "\n" + fence("\n".join("  # %s will be %s" % (a, pick(["updated in-place", "created", "replaced"])) for a in addrs))


def ci_serializefield():
    f = [snake(camel(2)) for _ in range(3)]
    code = ("[SerializeField] private string m_%s;\n[SerializeField] private float m_%sTimeout = %d.0f;\n"
            "[SerializeField, Tooltip(\"Key used in PlayerPrefs, NOT the value\")] private string m_%sPrefsKey = \"%s\";") % (
        camel(2), camel(1), ri(3, 60), camel(2), f[0])
    return pick(["inspector fields on the auth component:", "Inspector-Felder:", "campos del inspector:", "インスペクターのフィールド:"]) + "\n" + fence(code, "csharp")


def ci_addressables():
    keys = ["Assets/Art/UI/Icons/icon_%s.png" % snake(camel(1)) for _ in range(ri(3, 6))]
    return pick(["addressable keys missing from the catalog on device:", "fehlende Addressable-Keys:",
                 "claves de Addressables que faltan:", "カタログに無いAddressableキー:"]) + "\n" + fence("\n".join(
        "InvalidKeyException: No Location found for Key=%s" % k for k in keys))


def ci_il2cpp_cpp():
    c, m = cls_name(), meth_name()
    code = ("IL2CPP_EXTERN_C IL2CPP_METHOD_ATTR void %s (%s_t%s* __this, const RuntimeMethod* method)\n{\n"
            "    il2cpp_codegen_initialize_runtime_metadata((uintptr_t*)&%s_RuntimeMethod_var);\n}") % (
        il2cpp_m(c, m), c, HX(40), il2cpp_m(c, "_ctor"))
    return pick(["generated il2cpp for the hot path:", "generierter IL2CPP-Code:", "código il2cpp generado:", "生成されたIL2CPPコード:"]) + "\n" + fence(code, "cpp")


def ci_r8():
    lines = []
    for _ in range(ri(3, 6)):
        c = cls_name()
        lines.append("com.%s.game.%s.%s -> %s.%s:" % (pick(CODENAMES), pick(["auth", "billing", "push", "platform"]), c,
                                                     rs(LOW, 1), rs(LOW, pick([1, 2]))))
        lines.append("    java.lang.String %s(java.lang.String) -> %s" % (meth_name()[0].lower() + meth_name()[1:], rs(LOW, 1)))
    return pick(["mapping.txt excerpt for the billing plugin:", "Auszug aus mapping.txt:", "extracto de mapping.txt:"]) + "\n" + fence("\n".join(lines))


def ci_cvars():
    cvs = R.sample(["net.AllowEncryption 1", "OnlineSubsystemEOS.EnableTokenRefresh 1", "Auth.SessionTicketTimeoutSeconds 30",
                    "r.Shaders.Optimize 1", "net.MaxRepArraySize 4096", "Store.MaskCardNumbers 1", "AC.ReportBatchSize 64",
                    "p.NetUsePackedMovementRPCs 1"], ri(3, 6))
    return pick(["DefaultEngine.ini [ConsoleVariables] for the playtest build:", "CVars für den Playtest:",
                 "cvars del playtest:"]) + "\n" + fence("[ConsoleVariables]\n" + "\n".join(c.replace(" ", "=") for c in cvs), "ini")


def ci_kotlin_trace():
    lines = ["java.lang.IllegalStateException: %s" % pick(["billing client not ready", "purchase token consumed twice", "signature mismatch"])]
    for _ in range(ri(3, 7)):
        c = cls_name()
        lines.append("\tat com.%s.game.billing.%s.%s(%s.kt:%d)" % (pick(CODENAMES), c, meth_name()[0].lower() + meth_name()[1:], c, ri(10, 400)))
    lines.append("\tat com.unity3d.player.UnityPlayer.nativeRender(Native Method)")
    return pick(["from play console vitals:", "aus Play Console Vitals:", "de Play Console:"]) + "\n" + fence("\n".join(lines))


def ci_go_panic():
    lines = ["panic: runtime error: invalid memory address or nil pointer dereference",
             "[signal SIGSEGV: segmentation violation code=0x1 addr=0x%x pc=0x%x]" % (ri(0, 0xff), ri(0x400000, 0xffffff)), "",
             "goroutine %d [running]:" % ri(1, 9000)]
    for _ in range(ri(3, 6)):
        pkg = pick(["ticket", "pool", "session", "party", "rating"])
        lines.append("git.studio.internal/backend/matchmaker/internal/%s.(*%s).%s(0x%x, {0x%x, 0x%x})" % (pkg, cls_name(), meth_name(), ri(0xc000000000, 0xc0ffffffff), ri(0x1000000, 0x1ffffff), ri(0xc000000000, 0xc0ffffffff)))
        lines.append("\t/src/internal/%s/%s.go:%d +0x%x" % (pkg, snake(camel(1)), ri(10, 500), ri(0x10, 0x3ff)))
    return pick(["matchmaker panic on %s:" % pick(GS_REGIONS), "Matchmaker-Panic:", "panic del matchmaker:", "マッチメイカーのpanic:"]) + "\n" + fence("\n".join(lines))


def ci_python_trace():
    k = snake(camel(2))
    t = ("Traceback (most recent call last):\n  File \"/opt/pipeline/jobs/%s.py\", line %d, in run\n    row[\"%s\"] = normalize(evt[\"%s\"])\n"
         "KeyError: '%s'") % (pick(["sessionize", "economy_rollup", "ac_reports_daily"]), ri(20, 300), k, k, k)
    return pick(["telemetry job failing since the schema bump:", "Telemetrie-Job kaputt:", "job de telemetría roto:",
                 "テレメトリのジョブが失敗:"]) + "\n" + fence(t)


def ci_css_modules():
    names = ["%s_%s__%s" % (pick(["StoreCard", "PriceTag", "PayoutForm", "Checkout", "BundleTile"]), pick(["root", "price", "label", "badge", "cta"]), rs(ALNUM + "-_", 5)) for _ in range(ri(2, 4))]
    names += ["css-%s" % rs(LOW + DIG, 7) for _ in range(ri(1, 3))]
    return pick(["which of these is the price label? devtools shows:", "welche Klasse ist das Preislabel?",
                 "¿cuál es la etiqueta de precio?"]) + "\n" + " ".join("`%s`" % n for n in names)


def ci_rust_panic():
    parts = ["ac_ingest", pick(["session", "report", "bucket"]), camel(1), snake(meth_name())]
    t = "thread 'tokio-runtime-worker' panicked at src/%s.rs:%d:%d:\ncalled `Option::unwrap()` on a `None` value\nstack backtrace:\n   0: %s\n   1: %s" % (
        parts[1], ri(10, 300), ri(5, 40), rust_sym(parts), rust_sym(["ac_ingest", "worker", "run"]))
    return pick(["anti-cheat ingest crashed:", "Anti-Cheat-Ingest abgestürzt:", "se cayó el ingest de anticheat:"]) + "\n" + fence(t)


def ci_swift():
    mod, t, m = "StudioGame", pick(["KeychainBridge", "ReceiptStore", "SessionVault"]), pick(["storePassword", "loadToken", "validateReceipt"])
    sym = "$s%d%s%d%sC%d%s%s" % (len(mod), mod, len(t), t, len(m), m, pick(["yyF", "ySSF", "SSSgyF", "_3forySS_SStKF"]))
    lines = ["Thread 0 Crashed:", "0   %s   0x%016x %s + %d" % (mod, ri(0x100000000, 0x1ffffffff), sym, ri(20, 900)),
             "1   %s   0x%016x $s%d%s%d%sC%dhandleyyFTf4n_n + %d" % (mod, ri(0x100000000, 0x1ffffffff), len(mod), mod, len(t), t, 6, ri(20, 400))]
    return pick(["iOS crash, unsymbolicated bit:", "iOS-Crash:", "crash iOS:", "iOSのクラッシュ:"]) + "\n" + fence("\n".join(lines))


def ci_identifier_prose():
    a, b = cls_name(), meth_name()
    return pick(["should `%s.%s` live in the client at all? it only wraps the server call",
                 "rename `%s.%s` → something without 'Password', the scanner keeps yelling",
                 "`%s::%s` ist nach dem Refactor doppelt",
                 "`%s.%s` の名前、もう少し短くできない?",
                 "`%s.%s` 이름 바꿔도 될까요?"]) % (a, b)


CODE_ID_T = [ci_unity_trace, ci_il2cpp_tombstone, ci_unreal_callstack, ci_lnk2019, ci_gdb_server, ci_uht,
             ci_blueprint, ci_steamworks_cs, ci_eos_c, ci_shader_keywords, ci_sql_schema, ci_proto, ci_flags,
             ci_agones, ci_terraform, ci_serializefield, ci_addressables, ci_il2cpp_cpp, ci_r8, ci_cvars,
             ci_kotlin_trace, ci_go_panic, ci_python_trace, ci_css_modules, ci_rust_panic, ci_swift,
             ci_identifier_prose]


def ci_dumpbin():
    lines = ["    ordinal hint RVA      name", ""]
    for i in range(ri(3, 7)):
        lines.append("       %4d %4X %08X %s" % (i + 1, i, ri(0x1000, 0xfffff), msvc("F" + cls_name(), meth_name())))
    return pick(["dumpbin /exports on the auth plugin dll, the symbol is there:", "dumpbin-Exports der Plugin-DLL:",
                 "exports de la dll:"]) + "\n" + fence("\n".join(lines))


CODE_ID_T.append(ci_dumpbin)


# ----------------------------------------------------------------------------- non_credential_blob
def nb_bundle_manifest():
    name = pick(["ui_shop", "chars_heroes", "vfx_common", "maps_arena_%02d" % ri(1, 12), "audio_sfx", "event_%s" % pick(EVENTS).replace("%d", "3")])
    assets = "\n".join("- Assets/Bundles/%s/%s.%s" % (name, snake(camel(1)) + "_%02d" % ri(1, 30), pick(["prefab", "png", "mat", "asset"])) for _ in range(ri(2, 5)))
    y = ("ManifestFileVersion: 0\nCRC: %d\nHashes:\n  AssetFileHash:\n    serializedVersion: 2\n    Hash: %s\n"
         "  TypeTreeHash:\n    serializedVersion: 2\n    Hash: %s\nHashAppended: 0\nClassTypes:\n- Class: %d\n  Script: {instanceID: 0}\n"
         "Assets:\n%s\nDependencies:\n- %s") % (ri(100000000, 4294967295), hx(32), hx(32), pick([1, 21, 28, 114, 213]), assets,
                                                 "/build/%s/bundles/%s" % (pick(["Android", "iOS", "StandaloneWindows64"]), pick(["shaders", "fonts", "common"])))
    return pick(["bundle rebuilt even though nothing changed? manifest:", "Manifest des Bundles:", "manifest del bundle:",
                 "変更してないのにバンドルが再ビルドされる。manifest:", "манифест бандла:"]) + "\n" + fence(y, "yaml")


def nb_catalog_hash():
    v = game_ver()
    lines = ["$ ls remote/%s/%s/" % (pick(["Android", "iOS"]), v)]
    for _ in range(ri(3, 6)):
        lines.append("%s_assets_all_%s.bundle" % (pick(["ui", "chars", "vfx", "maps", "audio"]), hx(32)))
    lines.append("catalog_%s.json\ncatalog_%s.hash" % (v, v))
    lines.append("$ cat catalog_%s.hash\n%s" % (v, hx(32)))
    return pick(["CDN content for the hotfix:", "Inhalt auf dem CDN:", "contenido en la CDN:", "CDNの中身:"]) + "\n" + fence("\n".join(lines))


def nb_lfs_pointer():
    p = "version https://git-lfs.github.com/spec/v1\noid sha256:%s\nsize %d" % (hx(64), ri(20000, 900000000))
    return pick(["LFS didn't smudge on the new agent, file content is just:", "Git LFS hat nicht gesmudged, Inhalt:",
                 "LFS no descargó el fichero, solo el puntero:", "LFSがsmudgeされずポインタのまま:"]) + "\n" + fence(p)


def nb_unity_meta():
    y = "fileFormatVersion: 2\nguid: %s\nTextureImporter:\n  internalIDToNameTable: []\n  serializedVersion: 12\n  mipmaps:\n    mipMapMode: 0\n  spriteMode: %d\n  spritePixelsToUnits: 100\n  userData: \n  assetBundleName: %s\n  assetBundleVariant: " % (
        hx(32), pick([1, 2]), pick(["ui_shop", "ui_common", "chars_heroes"]))
    return pick(["two .meta files with the same guid after the merge:", "doppelte GUID nach dem Merge:", "guid duplicado tras el merge:",
                 "マージ後にguidが重複:"]) + "\n" + fence(y, "yaml")


def nb_breakpad():
    name = pick(["%sServer" % pick(CODENAMES).capitalize(), "libUnreal.so", "libil2cpp.so", "libmain.so"])
    did = HX(33)
    lines = ["MODULE Linux %s %s %s" % (pick(["x86_64", "arm64"]), did, name),
             "INFO CODE_ID %s" % HX(40),
             "FILE 0 /src/%s/Source/%s.cpp" % (pick(CODENAMES), cls_name())]
    sh = "$ dump_syms %s > %s.sym\n$ head -3 %s.sym\n%s\n$ mkdir -p symbols/%s/%s && mv %s.sym symbols/%s/%s/" % (
        name, name, name, "\n".join(lines), name, did, name, name, did)
    return pick(["symbol upload for the server build:", "Symbole für den Server-Build:", "subida de símbolos:", "シンボルのアップロード:"]) + "\n" + fence(sh)


def nb_symstore():
    pdb = pick(["UnrealGame-Win64-Shipping.pdb", "%s-Win64-Shipping.pdb" % pick(CODENAMES).capitalize(), "GameAssembly.pdb", "UnityPlayer.pdb"])
    key = HX(32) + "%X" % ri(1, 9)
    lines = ["SYMCHK: %s   FAILED  - %s mismatched or not found" % (pdb.replace(".pdb", ".exe"), pdb),
             "  looked in: https://%s/symbols/%s/%s/%s" % (pick(STUDIO_HOSTS[-1:]), pdb, key, pdb),
             "  image GUID+age: %s" % key]
    return pick(["crash portal can't symbolicate %s builds:" % game_ver(), "Symbolisierung schlägt fehl:",
                 "no simboliza:", "シンボル解決に失敗:"]) + "\n" + fence("\n".join(lines))


def nb_steam_depot():
    lines = []
    app = ri(1000000, 3400000)
    for i in range(ri(2, 4)):
        lines.append("Depot %d - Manifest %s (%d files, %s MB)" % (app + i + 1, nid(19), ri(40, 9000), ri(100, 60000)))
    lines.append("Successfully finished AppID %d build (BuildID %d)." % (app, ri(10000000, 19999999)))
    return pick(["steamcmd output for last night's upload:", "Ausgabe von steamcmd:", "salida de steamcmd:", "steamcmdの出力:"]) + "\n" + fence("\n".join(lines))


def nb_pak_sha():
    lines = []
    for i in range(ri(2, 5)):
        lines.append("LogPakFile: Display: Mounted IoStore container \"../../../%s/Content/Paks/pakchunk%d-%s.utoc\" ContainerId=0x%s" % (
            pick(CODENAMES).capitalize(), i, pick(["Windows", "Linux", "Android_ASTC"]), HX(16)))
    lines.append("LogPakFile: Display: pakchunk%d SHA1: %s" % (ri(0, 9), HX(40)))
    return pick(["mount log from the patched client:", "Mount-Log:", "log de montaje:", "マウントログ:"]) + "\n" + fence("\n".join(lines))


def nb_docker_digest():
    img = "registry.studio.internal/gs/%s-server" % pick(CODENAMES)
    return pick(["pinned the fleet to `%s@sha256:%s`", "Fleet läuft jetzt auf `%s@sha256:%s`", "flota fijada a `%s@sha256:%s`",
                 "フリートを `%s@sha256:%s` に固定しました"]) % (img, hx(64))


def nb_git_log():
    lines = []
    for _ in range(ri(4, 9)):
        lines.append("%s %s" % (hx(pick([7, 8, 10])), pick(["fix(store): price rounding for JPY", "chore: bump unity to %s" % unity_ver(),
                                                             "feat(ac): batch report upload", "revert \"mm: widen elo band\"",
                                                             "fix: bundle crc mismatch on iOS", "perf: pool projectile VFX",
                                                             "i18n: ko/ja strings for %s" % pick(EVENTS).replace("%d", "2")])))
    return "$ git log --oneline -%d\n%s" % (len(lines), fence("\n".join(lines)))


def nb_crash_ids():
    return pick(["sentry event `%s` and backtrace `%s` are the same crash",
                 "Sentry-Event `%s` entspricht Backtrace `%s`",
                 "el evento `%s` y el de backtrace `%s` son el mismo",
                 "Sentryイベント `%s` とBacktraceの `%s` は同じクラッシュです"]) % (hx(32), hx(16))


def nb_match_log():
    lines = []
    mid = uuid4()
    for _ in range(ri(3, 6)):
        dt = when()
        lines.append(json.dumps({"ts": iso(dt), "svc": "mm", "match_id": mid, "ticket": ulid(dt), "mode": pick(MODES),
                                 "region": pick(GS_REGIONS), "traceparent": "00-%s-%s-01" % (hx(32), hx(16))}))
    return pick(["one match, all tickets:", "ein Match, alle Tickets:", "una partida, todos los tickets:", "1試合分のチケット:"]) + "\n" + fence("\n".join(lines))


def nb_telemetry_ndjson():
    lines = []
    sess = uuid7()
    for _ in range(ri(3, 7)):
        dt = when()
        lines.append(json.dumps({"event_id": ulid(dt), "session_id": sess, "install_id": uuid4(), "name": pick(
            ["level_start", "iap_view", "match_end", "ad_skip", "crash_recover"]), "client_ts": epoch(dt) * 1000 + ri(0, 999)}))
    return pick(["sample of the raw telemetry stream:", "Stichprobe aus dem Telemetrie-Stream:", "muestra del stream de telemetría:",
                 "テレメトリの生データ例:"]) + "\n" + fence("\n".join(lines))


def nb_ac_report():
    lines = ["report_id: %s" % ulid(), "ruleset: %d.%d" % (ri(1, 9), ri(0, 99)), "player_ref: p_%s" % ulid(),
             "detections:"]
    for _ in range(ri(2, 4)):
        lines.append("  - module: %s\n    sha256: %s\n    sig: RULE-%04d" % (
            pick(["d3d11_overlay_x64.dll", "winhttp.dll (unsigned)", "speedhack.dll", "dinput8.dll", "libcheat.so"]), hx(64), ri(1, 9999)))
    return pick(["AC report, hashes of the loaded modules:", "Anti-Cheat-Report:", "informe anticheat:", "アンチチートのレポート:",
                 "отчёт античита:"]) + "\n" + fence("\n".join(lines), "yaml")


def nb_npm_integrity():
    pkgs = R.sample(["electron", "electron-updater", "i18next", "react", "zod", "semver", "ws"], ri(2, 4))
    out = []
    for p in pkgs:
        v = "%d.%d.%d" % (ri(1, 30), ri(0, 20), ri(0, 20))
        out.append('"node_modules/%s": {\n  "version": "%s",\n  "resolved": "https://registry.npmjs.org/%s/-/%s-%s.tgz",\n  "integrity": "sha512-%s"\n}' % (
            p, v, p, p, v, b64(rbytes(64))))
    return pick(["lockfile diff in the launcher PR:", "Lockfile-Diff:", "diff del lockfile:", "ロックファイルの差分:"]) + "\n" + fence(",\n".join(out), "json")


def nb_sri():
    return '```html\n<script src="https://cdn.%s.example/shop/%s.js" integrity="sha384-%s" crossorigin="anonymous"></script>\n```' % (
        pick(CODENAMES), pick(["checkout", "vendor", "main"]) + "." + hx(8), b64(rbytes(48)))


def nb_sops():
    def enc():
        return "ENC[AES256_GCM,data:%s,iv:%s,tag:%s,type:str]" % (b64(rbytes(ri(12, 40))), b64(rbytes(32)), b64(rbytes(16)))
    y = "xsolla:\n    api_key: %s\n    webhook_secret: %s\nsops:\n    kms:\n        - arn: arn:aws:kms:%s:123456789012:key/%s\n    lastmodified: \"%s\"\n    mac: %s\n    version: 3.%d.%d" % (
        enc(), enc(), pick(REGIONS), uuid4(), iso(when(), False), enc(), ri(7, 9), ri(0, 3))
    return pick(["encrypted with sops, safe to commit:", "mit sops verschlüsselt:", "cifrado con sops:", "sopsで暗号化済み:"]) + "\n" + fence(y, "yaml")


def nb_cursor():
    cur = b64u(json.dumps({"season": "S%d" % ri(1, 20), "offset": ri(100, 100000), "board": pick(["global", "friends", "guild"])}).encode())
    return pick(["leaderboard pagination returns `next: \"%s\"` then 500 on the following page",
                 "der Cursor `%s` liefert beim nächsten Aufruf 500",
                 "el cursor `%s` da 500 en la siguiente página",
                 "ページングのカーソル `%s` で次ページが500になる"]) % cur


def nb_play_pubkey():
    k = b64(rsa_spki_public())
    return pick(["this is the Play Console *public* licensing key, it is meant to be in the client:\n```\n%s\n```",
                 "Öffentlicher Lizenzschlüssel aus der Play Console (gehört in den Client):\n```\n%s\n```",
                 "clé publique de licence Play Console (publique, elle va dans le client) :\n```\n%s\n```",
                 "Play Consoleのライセンス用*公開鍵*です(クライアントに入れるもの):\n```\n%s\n```"]) % k


def nb_ssh_pub():
    host = pick(["mac-builder-%02d" % ri(1, 12), "win-agent-%02d" % ri(1, 30), "linux-cook-%02d" % ri(1, 20)])
    lines = ["ssh-ed25519 %s %s" % (ssh_ed25519_pub(), host), "256 SHA256:%s %s (ED25519)" % (b64(rbytes(32)).rstrip("="), host)]
    return pick(["new agent's public key + fingerprint for known_hosts:", "Public Key und Fingerprint des neuen Agents:",
                 "clave pública y fingerprint del agente nuevo:", "新しいエージェントの公開鍵とフィンガープリント:"]) + "\n" + fence("\n".join(lines))


def nb_ddc():
    lines = []
    for _ in range(ri(3, 6)):
        lines.append("LogDerivedDataCache: Display: %s: Cache miss with missed value %s/%s for '%s'" % (
            pick(["ZenShared", "Pak", "Local"]), pick(["MATERIALSHADERMAP", "TEXTURE", "STATICMESH", "NIAGARASCRIPT"]), HX(40),
            "/Game/%s/%s" % (pick(["Characters", "FX", "UI", "Maps"]), cls_name())))
    return pick(["DDC misses on the cook agent:", "DDC-Misses auf dem Cook-Agent:", "misses de DDC:", "DDCのミス:"]) + "\n" + fence("\n".join(lines))


def nb_sha256sum():
    v = game_ver()
    lines = ["%s  %s" % (hx(64), f) for f in ["patch_%s_to_%s.bin" % (game_ver(), v), "%s-%s-win64.zip" % (pick(CODENAMES), v),
                                             "%s-%s-server-linux.tar.zst" % (pick(CODENAMES), v)][: ri(2, 3)]]
    return "SHA256SUMS for %s:\n%s" % (v, fence("\n".join(lines)))


def nb_replay():
    lines = ["replay_id   %s" % uuid4(), "build_guid  %s" % hx(32), "crc32       0x%08X" % ri(0, 0xffffffff),
             "frames      %d" % ri(10000, 900000), "net_ver     %d" % ri(100, 999)]
    return pick(["replay header from the desync report:", "Replay-Header:", "cabecera del replay:", "リプレイのヘッダ:"]) + "\n" + fence("\n".join(lines))


def nb_build_version():
    cl = ue_cl()
    obj = {"MajorVersion": 5, "MinorVersion": pick([3, 4, 5]), "PatchVersion": ri(0, 4), "Changelist": cl,
           "CompatibleChangelist": cl - ri(0, 500000), "IsLicenseeVersion": 1, "IsPromotedBuild": 1,
           "BranchName": "++%s+Main" % pick(CODENAMES), "BuildId": hx(8) + "-" + uuid4()}
    return pick(["Build.version on the agent:", "Build.version:", "Build.version del agente:"]) + "\n" + fence(json.dumps(obj, indent=2), "json")


def nb_cloud_build():
    return pick(["build guid `%s` on target `%s`, run %d",
                 "Build-GUID `%s` (Target `%s`), Lauf %d",
                 "buildGUID `%s` del target `%s`, ejecución %d"]) % (hx(32), pick(["android-release", "ios-prod", "win64-steam"]), ri(100, 9999))


def nb_s3_ls():
    lines = []
    for _ in range(ri(3, 7)):
        dt = when()
        lines.append("%s %10d minidumps/%s/%s/%s.dmp" % (dt.strftime("%Y-%m-%d %H:%M:%S"), ri(40000, 9000000), game_ver(), pick(PLATFORMS), uuid4()))
    return "$ aws s3 ls s3://%s-crash-dumps/ --recursive | tail\n%s" % (pick(CODENAMES), fence("\n".join(lines)))


def nb_etag():
    lines = ["HTTP/2 200", "content-type: application/octet-stream", "content-length: %d" % ri(10000, 90000000),
             "etag: \"%s%s\"" % (hx(32), pick(["", "-%d" % ri(2, 40)])), "x-cache: %s from cloudfront" % pick(["Hit", "Miss", "RefreshHit"]),
             "x-amz-cf-id: %s==" % rs(ALNUM + "_-", 54)]
    return "$ curl -sI https://cdn.%s.example/bundles/%s.bundle\n%s" % (pick(CODENAMES), hx(32), fence("\n".join(lines)))


def nb_eos_ids():
    return pick(["EOS ids for the staging sandbox (these ship in the client, not secrets): product `%s`, sandbox `%s`, deployment `%s`",
                 "EOS-IDs für Staging (stehen im Client): Product `%s`, Sandbox `%s`, Deployment `%s`",
                 "ids EOS de staging (van en el cliente): product `%s`, sandbox `%s`, deployment `%s`"]) % (hx(32), hx(32), hx(32))


def nb_vault_cipher():
    return pick(["wallet snapshot is stored as transit ciphertext: `vault:v1:%s`",
                 "Snapshot als Transit-Ciphertext: `vault:v1:%s`",
                 "el snapshot queda como `vault:v1:%s`"]) % b64(rbytes(ri(32, 80)))


def nb_xxd():
    data = rbytes(ri(32, 64))
    lines = []
    for off in range(0, len(data), 16):
        ch = data[off:off + 16]
        hexs = " ".join(ch[i:i + 2].hex() for i in range(0, len(ch), 2))
        asc = "".join(chr(c) if 32 <= c < 127 else "." for c in ch)
        lines.append("%08x: %-39s  %s" % (off, hexs, asc))
    return pick(["first packet after connect (netcode debug):", "erstes Paket nach dem Connect:", "primer paquete tras conectar:",
                 "接続直後の最初のパケット:"]) + "\n" + fence("\n".join(lines))


def nb_upm_lock():
    obj = {"com.%s.netcode" % pick(CODENAMES): {"version": "https://git.studio.internal/unity/netcode.git#v%s" % game_ver(),
                                                 "depth": 0, "source": "git", "dependencies": {}, "hash": hx(40)}}
    return pick(["packages-lock.json after bumping the netcode package:", "packages-lock.json nach dem Bump:",
                 "packages-lock.json tras actualizar:"]) + "\n" + fence(json.dumps(obj, indent=2), "json")


def nb_b64_attr():
    attr = b64(json.dumps({"mode": pick(MODES), "mmr": ri(800, 3200), "party": ri(1, 4), "region": pick(GS_REGIONS)}, separators=(",", ":")).encode())
    return pick(["ticket attribute blob decodes fine: `%s`", "das Ticket-Attribut `%s` ist nur Base64-JSON",
                 "el atributo `%s` es solo JSON en base64", "チケット属性 `%s` はただのbase64 JSON"]) % attr


NON_CRED_T = [nb_bundle_manifest, nb_catalog_hash, nb_lfs_pointer, nb_unity_meta, nb_breakpad, nb_symstore, nb_steam_depot,
              nb_pak_sha, nb_docker_digest, nb_git_log, nb_crash_ids, nb_match_log, nb_telemetry_ndjson, nb_ac_report,
              nb_npm_integrity, nb_sri, nb_sops, nb_cursor, nb_play_pubkey, nb_ssh_pub, nb_ddc, nb_sha256sum, nb_replay,
              nb_build_version, nb_cloud_build, nb_s3_ls, nb_etag, nb_eos_ids, nb_vault_cipher, nb_xxd, nb_upm_lock, nb_b64_attr]


# ----------------------------------------------------------------------------- pii_lookalike_number
def steamid():
    return not_luhn(str(76561197960265728 + ri(10 ** 8, 10 ** 9 * 1)))


def gpa_order():
    while True:
        parts = [dg(4), rs(DIG, 4), rs(DIG, 4), rs(DIG, 5)]
        s = "GPA.%s-%s-%s-%s" % tuple(parts)
        if not luhn_hits(s):
            return s


def apple_txn():
    return not_luhn(pick(["2000000", "3100000", "5300000", "4900000"]) + rs(DIG, pick([8, 9])))


def pl_steam_qa():
    ids = [steamid() for _ in range(ri(2, 4))]
    return pick(["repro'd on QA accounts %s (all on the beta branch)", "reproduziert mit den QA-Accounts %s",
                 "reproducido con las cuentas de QA %s", "QAアカウント %s で再現しました", "재현됨: QA 계정 %s",
                 "воспроизвели на QA-аккаунтах %s"]) % ", ".join(ids)


def pl_gpa_refunds():
    lines = ["order_id,sku,state,refund_requested_at"]
    for _ in range(ri(4, 12)):
        dt = when()
        lines.append("%s,%s,%s,%s" % (gpa_order(), pick(SKUS).replace("%d", str(ri(2, 9))), pick(["REFUNDED", "PENDING", "DECLINED"]), iso(dt, False)))
    return pick(["refund queue export (Play):", "Export der Refund-Queue:", "export de la cola de reembolsos:", "返金キューのエクスポート:"]) + "\n" + fence("\n".join(lines), "csv")


def pl_apple_txn():
    o = apple_txn()
    obj = {"transactionId": apple_txn(), "originalTransactionId": o, "webOrderLineItemId": not_luhn(dg(14)),
           "productId": "com.%s.%s" % (pick(CODENAMES), pick(SKUS).replace("%d", "4")), "purchaseDate": epoch(when()) * 1000,
           "quantity": 1, "type": pick(["Consumable", "Auto-Renewable Subscription"]), "storefront": pick(["USA", "JPN", "DEU", "KOR", "BRA"])}
    return pick(["decoded transaction from the App Store server notification:", "dekodierte Transaktion:", "transacción decodificada:",
                 "デコードしたトランザクション:"]) + "\n" + fence(json.dumps(obj, indent=2), "json")


def pl_economy_csv():
    lines = ["date,sku,price_tier,units,gross_usd,net_usd"]
    d0 = when()
    for i in range(ri(10, 25)):
        d = (d0 + datetime.timedelta(days=i // 3)).strftime("%Y-%m-%d")
        tier = pick([1, 5, 10, 20, 50, 100])
        units = ri(10, 90000) // tier + 1
        g = units * (tier - 0.01)
        lines.append("%s,%s,T%d,%d,%.2f,%.2f" % (d, pick(SKUS).replace("%d", "5"), tier, units, g, g * 0.7))
    return pick(["economy export for the weekly review:", "Economy-Export:", "export de economía:", "経済データのエクスポート:",
                 "eksport ekonomii:"]) + "\n" + fence("\n".join(lines), "csv")


def pl_telemetry_csv():
    lines = ["hour_utc,ccu,matches_started,avg_queue_ms,crash_free_pct"]
    d0 = when()
    ccu = ri(20000, 300000)
    for i in range(ri(8, 24)):
        ccu = max(5000, int(ccu * R.uniform(0.85, 1.18)))
        lines.append("%s,%d,%d,%d,%.2f" % ((d0 + datetime.timedelta(hours=i)).strftime("%Y-%m-%dT%H:00"), ccu, ccu // ri(4, 9),
                                           ri(800, 60000), R.uniform(97, 99.99)))
    return pick(["CCU per hour over the launch:", "CCU pro Stunde:", "CCU por hora:", "時間別CCU:", "시간별 CCU:"]) + "\n" + fence("\n".join(lines), "csv")


def pl_versions():
    return pick(["Unity %s, UE %d.%d.%d-%d+++UE5+Release-%d.%d, Android versionCode %s, iOS CFBundleVersion %d.%d.%d.%d",
                 "versions: Unity %s | UE %d.%d.%d-%d+++UE5+Release-%d.%d | versionCode %s | CFBundleVersion %d.%d.%d.%d"]) % (
        unity_ver(), 5, ri(1, 5), ri(0, 4), ue_cl(), 5, ri(1, 5), "20%02d%02d%02d%02d" % (ri(25, 26), ri(1, 12), ri(1, 28), ri(1, 9)),
        ri(1, 3), ri(0, 30), ri(0, 9), ri(1000, 9999))


def pl_p4_changes():
    lines = []
    cl = ue_cl()
    dt = when()
    for _ in range(ri(3, 7)):
        cl -= ri(1, 400)
        dt -= datetime.timedelta(minutes=ri(5, 900))
        lines.append("Change %d on %s by %s@%s '%s'" % (cl, dt.strftime("%Y/%m/%d"), pick(["svc-build", "swarm", "p4admin", "svc-loc"]),
                                                         pick(["build-win-%02d" % ri(1, 20), "loc-sync", "cook-linux-%02d" % ri(1, 9)]),
                                                         pick(["Bump version", "Loc import", "Cook fix", "Hotfix merge"])))
    return "$ p4 changes -m%d //%s/Main/...\n%s" % (len(lines), pick(CODENAMES), fence("\n".join(lines)))


def pl_ports_cidrs():
    lines = ["game servers: %d-%d/udp" % (7777, 7777 + ri(10, 200)), "steam query: 27015/udp, 27016/tcp",
             "vpc: %s" % pick(["10.42.0.0/16", "10.%d.0.0/16" % ri(0, 200), "172.%d.0.0/16" % ri(16, 31)]),
             "ops bastion: %s/32" % priv_ip(), "test probe from %s" % doc_ip()]
    return pick(["SG rules for the new fleet:", "Security-Group für die neue Fleet:", "reglas del SG:", "新フリートのSG:"]) + "\n" + fence("\n".join(R.sample(lines, ri(3, 5))))


def pl_hresult():
    return pick(["DXGI_ERROR_DEVICE_REMOVED (0x887A0005) on %d sessions, DEVICE_HUNG 0x887A0006 on %d",
                 "%d Abstürze mit 0x887A0005, %d mit 0xC0000005",
                 "pico de 0xC0000005: %d sesiones, 0x887A0006: %d",
                 "0x887A0005 が %d 件、0xC0000005 が %d 件"]) % (ri(10, 9000), ri(10, 9000))


def pl_console_codes():
    return pick(["players report CE-%d-%d after the patch, and 0x%08x on console", "Fehlercodes: CE-%d-%d, 0x%08x",
                 "códigos: CE-%d-%d y 0x%08x", "エラーコード CE-%d-%d と 0x%08x の報告が増加"]) % (ri(10000, 119999), ri(0, 9), ri(0x80000000, 0x8fffffff))


def pl_epoch_json():
    dt = when()
    obj = {"ts": epoch(dt) * 1000 + ri(0, 999), "server_ts": epoch(dt), "match_seq": ri(100000, 9999999), "frame": ri(1000, 900000),
           "tick_rate": pick([20, 30, 60, 64, 128])}
    return pick(["timestamps in the desync report:", "Zeitstempel im Desync-Report:", "timestamps del informe:", "デシンクレポートのタイムスタンプ:"]) + "\n" + fence(json.dumps(obj), "json")


def pl_slack_ts():
    dt = when()
    return pick(["see the thread at p%d%06d in #liveops-incidents", "siehe Thread p%d%06d", "ver hilo p%d%06d", "スレッド p%d%06d 参照"]) % (epoch(dt), ri(0, 999999))


def pl_ccu():
    n = ri(100000, 2500000)
    return pick(["peak CCU yesterday: %s (prev record %s)" % ("{:,}".format(n), "{:,}".format(n - ri(1000, 90000))),
                 "CCU-Spitze gestern: %s" % "{:,}".format(n).replace(",", "."),
                 "pic de CCU hier : %s" % "{:,}".format(n).replace(",", "\u202f"),
                 "昨日のピーク同接: %s人" % "{:,}".format(n),
                 "пик онлайна: %s" % "{:,}".format(n).replace(",", " ")])


def pl_price_tiers():
    rows = ["| tier | USD | JPY | KRW | BRL | PLN |", "|---|---|---|---|---|---|"]
    for t in sorted(R.sample(range(1, 60), ri(4, 8))):
        usd = t - 0.01
        rows.append("| T%d | $%.2f | ¥%s | ₩%s | R$ %s | %s zł |" % (t, usd, "{:,}".format(int(usd * 150 // 10 * 10)), "{:,}".format(int(usd * 1400 // 100 * 100)),
                                                              ("%.2f" % (usd * 5)).replace(".", ","), ("%.2f" % (usd * 4)).replace(".", ",")))
    return pick(["price tiers after the FX update:", "Preisstufen nach dem Wechselkurs-Update:", "tramos de precio:", "価格帯:"]) + "\n" + "\n".join(rows)


def pl_match_ids():
    ids = [nid(19) for _ in range(ri(2, 4))]
    return pick(["desync in matches %s, all on the same server build", "Desync in Matches %s", "desync en partidas %s",
                 "試合 %s でデシンク"]) % ", ".join(ids)


def pl_xuid():
    return pick(["test xuids %s and %s can't join each other's party", "Test-XUIDs %s / %s", "XUIDs de prueba %s y %s",
                 "テスト用XUID %s と %s"]) % (not_luhn("2535" + rs(DIG, 12)), not_luhn("2535" + rs(DIG, 12)))


def pl_jira():
    return pick(["dupes: LIVE-%d, LIVE-%d, BUILD-%d; zendesk #%d", "Duplikate: LIVE-%d, LIVE-%d, BUILD-%d, Zendesk #%d",
                 "duplicados: LIVE-%d, LIVE-%d, BUILD-%d, zendesk #%d"]) % (ri(100, 9999), ri(100, 9999), ri(100, 9999), ri(1000000, 9999999))


def pl_gamelift_arn():
    return "fleet: `arn:aws:gamelift:%s:123456789012:fleet/fleet-%s`, build `build-%s`" % (pick(REGIONS), uuid4(), uuid4())


def pl_sizes():
    return pick(["pak sizes: chunk0 %s bytes, chunk1 %s bytes, optional %s bytes", "Paketgrößen: %s / %s / %s Bytes",
                 "tamaños: %s / %s / %s bytes", "pakサイズ: %s / %s / %s バイト"]) % tuple(
        "{:,}".format(ri(10 ** 7, 9 * 10 ** 9)).replace(",", pick([",", " ", "."])) for _ in range(3))


def pl_dates():
    dt = when()
    return pick(["season %d starts %s JST / %s CET / %s" % (ri(2, 20), "%d年%d月%d日 %d:00" % (dt.year, dt.month, dt.day, ri(10, 18)),
                                                          dt.strftime("%d.%m.%Y 08:00"), dt.strftime("%m/%d/%Y")),
                 "maintenance window %s – %s UTC" % (dt.strftime("%Y-%m-%d %H:%M"), (dt + datetime.timedelta(hours=3)).strftime("%H:%M")),
                 "Wartung am %s, 06:00–09:00 Uhr" % dt.strftime("%d.%m.%Y"),
                 "점검: %d년 %d월 %d일 %d시" % (dt.year, dt.month, dt.day, ri(1, 9))])


def pl_latency():
    rows = ["region  p50   p95   p99"]
    for r in R.sample(GS_REGIONS, ri(4, 7)):
        a = ri(15, 90)
        rows.append("%-6s  %-4d  %-4d  %d" % (r, a, a + ri(10, 60), a + ri(70, 250)))
    return pick(["ping by region (ms) during the event:", "Ping nach Region (ms):", "ping por región (ms):", "地域別ping(ms):"]) + "\n" + fence("\n".join(rows))


def pl_ue_log():
    lines = []
    dt = when()
    f = ri(0, 900)
    for _ in range(ri(3, 7)):
        dt += datetime.timedelta(milliseconds=ri(1, 9000))
        f += ri(0, 300)
        lines.append("[%s:%03d][%3d]%s" % (dt.strftime("%Y.%m.%d-%H.%M.%S"), dt.microsecond // 1000, f % 1000, pick([
            "LogNet: Join succeeded: qa_bot_%02d" % ri(1, 64), "LogLoad: Took %.6f seconds to LoadMap(/Game/Maps/%s)" % (R.uniform(0.5, 40), pick(["Arena", "Lobby", "Raid_02"])),
            "LogInit: Build: ++%s+Main-CL-%d" % (pick(CODENAMES), ue_cl()), "LogNet: NetDriver bound to %s:%d" % (priv_ip(), ri(7777, 7800))])))
    return pick(["server log around the hitch:", "Server-Log rund um den Hänger:", "log del servidor:", "ヒッチ前後のサーバーログ:"]) + "\n" + fence("\n".join(lines))


def pl_steam_ids():
    return pick(["AppID %d, depot %d, BuildID %d is live on `beta`", "AppID %d / Depot %d / BuildID %d auf `beta`",
                 "AppID %d, depot %d, BuildID %d publicado en `beta`"]) % (ri(1000000, 3400000), ri(1000000, 3400000), ri(10000000, 19999999))


def pl_itemdefs():
    lines = ["itemdefid,name,price_category,tradable"]
    for _ in range(ri(4, 10)):
        lines.append("%d,%s,1;VLV%d,%s" % (ri(100, 999999), snake(camel(1)) + "_" + pick(["skin", "emote", "crate", "key"]), pick([25, 50, 100, 250, 500]), pick(["true", "false"])))
    return pick(["steam inventory itemdefs diff:", "Steam-Inventory-Itemdefs:", "itemdefs de steam:"]) + "\n" + fence("\n".join(lines), "csv")


def pl_bans():
    rows = ["| day | reports | auto-bans | manual | appeals |", "|---|---|---|---|---|"]
    d0 = when()
    for i in range(ri(4, 8)):
        rows.append("| %s | %d | %d | %d | %d |" % ((d0 + datetime.timedelta(days=i)).strftime("%m-%d"), ri(1000, 90000), ri(10, 9000), ri(0, 300), ri(0, 900)))
    return pick(["ban wave numbers:", "Zahlen zur Bannwelle:", "cifras de la ola de baneos:", "BANウェーブの数字:"]) + "\n" + "\n".join(rows)


def pl_xsolla_ids():
    return pick(["xsolla transaction %s, invoice %s, project %d", "Xsolla-Transaktion %s (Rechnung %s, Projekt %d)",
                 "transacción %s, factura %s, proyecto %d"]) % (dg(10), dg(9), ri(100000, 999999))


def pl_retail_ean():
    def ean13():
        while True:
            b = pick(["40", "50", "45", "49", "88", "30", "76"]) + rs(DIG, 10)
            s = sum(int(c) * (3 if i % 2 else 1) for i, c in enumerate(b))
            e = b + str((10 - s % 10) % 10)
            if not luhn_ok(e):
                return e
    def isbn():
        while True:
            b = "978" + rs(DIG, 9)
            s = sum(int(c) * (3 if i % 2 else 1) for i, c in enumerate(b))
            e = b + str((10 - s % 10) % 10)
            if not luhn_ok(e):
                return "%s-%s-%s-%s-%s" % (e[:3], e[3], e[4:8], e[8:12], e[12])
    return pick(["collector's edition EAN %s (PS5) / %s (XSX), artbook ISBN %s",
                 "Collector's Edition: EAN %s / %s, Artbook ISBN %s",
                 "edición coleccionista: EAN %s / %s, libro de arte ISBN %s"]) % (ean13(), ean13(), isbn())


def pl_ips_private():
    return pick(["relay %s:%d can't reach %s:%d, pinged from %s fine", "Relay %s:%d erreicht %s:%d nicht (von %s aus ok)",
                 "el relay %s:%d no llega a %s:%d, desde %s sí"]) % ("10.%d.%d.%d" % (ri(0, 255), ri(0, 255), ri(2, 254)), ri(7000, 9000),
                                                       "172.%d.%d.%d" % (ri(16, 31), ri(0, 255), ri(2, 254)), ri(7000, 9000), doc_ip())


def pl_semver():
    obj = {"dependencies": {"com.unity.netcode.gameobjects": "%d.%d.%d" % (ri(1, 2), ri(0, 12), ri(0, 9)),
                            "com.unity.addressables": "%d.%d.%d" % (ri(1, 2), ri(18, 22), ri(0, 20)),
                            "com.unity.services.authentication": "%d.%d.%d" % (ri(2, 3), ri(0, 9), ri(0, 9))}}
    return pick(["manifest.json bump:", "manifest.json-Update:", "actualización del manifest.json:"]) + "\n" + fence(json.dumps(obj, indent=2), "json")


def pl_frame_table():
    rows = ["frame    cpu_ms  gpu_ms  draw_calls  tris"]
    f = ri(1000, 90000)
    for _ in range(ri(5, 12)):
        f += ri(1, 60)
        rows.append("%-8d %-7.2f %-7.2f %-11d %d" % (f, R.uniform(5, 40), R.uniform(5, 40), ri(300, 5000), ri(100000, 9000000)))
    return pick(["profiler capture around the spike:", "Profiler-Capture:", "captura del profiler:", "プロファイラのキャプチャ:"]) + "\n" + fence("\n".join(rows))


def pl_file_version():
    major = pick([4, 5, 5])
    ue = "%d.%d.%d.0" % (major, ri(20, 27) if major == 4 else ri(0, 5), ri(0, 4))
    ex = "%s-Win64-Shipping.exe" % pick(CODENAMES).capitalize()
    return pick(["%s properties: FileVersion %s, ProductVersion %s, build CL %d" % (ex, ue, ue, ue_cl()),
                 "the crash portal groups by engine version %s, not by our %s" % (ue, game_ver()),
                 "%s: Dateiversion %s (Engine-Version), unsere eigene Version steht in ProductName" % (ex, ue)])


PII_LOOK_T = [pl_file_version, pl_steam_qa, pl_gpa_refunds, pl_apple_txn, pl_economy_csv, pl_telemetry_csv, pl_versions, pl_p4_changes,
              pl_ports_cidrs, pl_hresult, pl_console_codes, pl_epoch_json, pl_slack_ts, pl_ccu, pl_price_tiers, pl_match_ids,
              pl_xuid, pl_jira, pl_gamelift_arn, pl_sizes, pl_dates, pl_latency, pl_ue_log, pl_steam_ids, pl_itemdefs, pl_bans,
              pl_xsolla_ids, pl_retail_ean, pl_ips_private, pl_semver, pl_frame_table]


# ----------------------------------------------------------------------------- talk_about_secrets
TALK = {
    "English": [
        "the Steam publisher Web API key showed up in a build log on the public CI mirror, rotated it in the partner site and updated the Jenkins credential",
        "reminder: the EOS client secret must never be in DefaultEngine.ini on a shipping branch, it gets packed into the pak",
        "we lost the Android upload keystore password once already, it's in the vault now with two owners",
        "who has access to the App Store Connect API key? the .p8 can only be downloaded once",
        "support must never ask players for their account password, even if they offer it in the ticket",
        "if a player pastes their card number in a ticket, delete the message and use the 'payment data' macro",
        "the PlayFab developer secret key is server-only, the client build must use the title id only",
        "rotated the Slack bot token for the build notifier, old one revoked, nothing else to do on your side",
        "the p4 super user password is only in the break-glass envelope, please stop asking in this channel",
        "anti-cheat reports must not contain raw IP addresses anymore, only the report id and the hashed session",
        "GDPR deletion: we remove the e-mail and the phone number from the account table, the purchase history stays anonymised",
        "did anyone rotate the Xsolla webhook secret after the contractor left? checked, yes, on the 3rd",
        "the AWS access key for the bundle uploader is 400 days old, I'll replace it with an OIDC role this sprint",
        "please don't paste JWTs from the player log in here, they're valid for an hour",
        "if you need a GitHub token for UPM, create a fine-grained one scoped to the packages repo, 30 days max",
        "secret scanning blocked my push because of a test fixture that looks like a private key, is there an allowlist?",
        "the creator program form asks for tax ID and bank details, those go straight to the payout provider, we never store them",
        "our Sentry DSN is not a secret per se but keep it out of public repos anyway, it gets spammed",
        "the Unity license serial is in 1Password under Build, not on the wiki",
        "new rule: every service account key older than 90 days gets disabled automatically",
    ],
    "German": [
        "Das Passwort für den Steam-Build-Account wurde rotiert, bitte den Jenkins-Credential nicht mehr lokal cachen.",
        "Bitte keine Kartennummern aus Support-Tickets in Jira kopieren, nur die letzten vier Ziffern.",
        "Der private Schlüssel für die Patch-Signatur liegt nur im HSM, niemand hat eine Kopie.",
        "Wer hat den Slack-Token im Tools-Repo committet? Ist widerrufen, aber bitte History bereinigen.",
        "IBANs von Creators speichern wir nicht selbst, das macht der Payout-Dienstleister.",
    ],
    "French": [
        "Le secret client EOS a fuité dans un build de test, on l'a régénéré dans le portail dev.",
        "Ne partagez jamais le mot de passe du keystore Android sur Slack, même en DM.",
        "Le support ne doit jamais demander le numéro de carte complet, seulement les 4 derniers chiffres.",
        "La clé API de traduction automatique a été révoquée, la nouvelle est dans Vault.",
    ],
    "Spanish": [
        "Rotamos la clave de acceso de AWS del subidor de bundles, la antigua ya está desactivada.",
        "Si un jugador manda su contraseña por el chat de soporte, hay que pedirle que la cambie enseguida.",
        "Los tokens de sesión de Nakama caducan en una hora, no hace falta rotar nada.",
        "El número de seguridad social de los creadores de EE. UU. solo lo ve el proveedor de pagos.",
    ],
    "Portuguese": [
        "A senha do banco de dados de economia foi trocada depois do incidente, ninguém precisa dela localmente.",
        "Não colem tokens de jogadores aqui, usem o id da sessão.",
        "A chave privada do certificado do servidor dedicado expira no mês que vem, já abri o ticket.",
    ],
    "Japanese": [
        "Steamのビルド用アカウントのパスワードを変更しました。Jenkinsのクレデンシャルも更新済みです。",
        "サポートはプレイヤーにパスワードやカード番号を絶対に聞かないでください。",
        "App Store ConnectのAPIキーを失効させました。新しいキーはVaultにあります。",
        "チケットにメールアドレスや電話番号を貼らないでください、プレイヤーIDだけで十分です。",
        "署名用の秘密鍵はHSMにしかありません。コピーは存在しません。",
    ],
    "Korean": [
        "빌드 알림용 슬랙 봇 토큰을 교체했어요. 예전 토큰은 폐기됐습니다.",
        "고객지원팀은 플레이어에게 비밀번호를 절대 묻지 않습니다.",
        "안티치트 리포트에 플레이어 IP를 그대로 넣지 마세요, 리포트 ID만 쓰세요.",
        "AWS 액세스 키가 90일이 넘어서 자동으로 비활성화됐어요.",
    ],
    "Chinese": [
        "构建机上的Steam账号密码已经轮换，旧的凭据已作废。",
        "客服不要在工单里记录玩家的银行卡号或身份证号。",
        "EOS客户端密钥不能放进发行版的配置文件里。",
        "请不要把玩家的会话令牌贴到频道里，令牌一小时内有效。",
    ],
    "Russian": [
        "Пароль от билд-аккаунта Steam поменяли, обновите креды в Jenkins.",
        "Не вставляйте в чат токены игроков из логов, используйте ID сессии.",
        "Приватный ключ для подписи патчей хранится только в HSM.",
    ],
    "Polish": [
        "Hasło do keystore'a Androida jest w sejfie, nie na wiki.",
        "Nie wklejajcie tu numerów kart z ticketów, tylko ostatnie cztery cyfry.",
        "Klucz API do tłumaczeń maszynowych został unieważniony, nowy jest w Vault.",
    ],
    "Finnish": [
        "Steam-julkaisijan API-avain vaihdettiin, vanha on mitätöity.",
        "Älkää liittäkö pelaajien sähköpostiosoitteita tähän kanavaan.",
    ],
    "Swedish": [
        "Lösenordet till ekonomidatabasen byttes efter incidenten.",
        "Dela aldrig privata nycklar i Slack, inte ens i DM.",
    ],
}
TALK["English"] += [
    "the devkit passcodes are in the hardware locker sheet, not in the wiki, and that sheet is not shared outside QA leads",
    "heads up: the Epic dev portal now shows the client secret only once at creation, save it straight into Vault",
    "the crash reporter was attaching the whole environment block; we strip anything named *_TOKEN, *_KEY and *_PASSWORD now",
    "please stop DMing each other the Perforce ticket, run `p4 login` yourself, it takes ten seconds",
    "legal says player e-mail addresses in bug reports count as personal data, so attach the account id instead",
]
TALK["Portuguese"] += [
    "O token do bot de build foi revogado por engano, já gerei outro e atualizei o Jenkins.",
    "Lembrete: número de cartão de jogador nunca entra no Jira, só os quatro últimos dígitos.",
]
TALK["Russian"] += [
    "Ключ доступа AWS для загрузки бандлов отключён, теперь используется роль через OIDC.",
    "Поддержка никогда не спрашивает у игроков пароль, даже если они сами его присылают.",
]
TALK["Polish"] += [
    "Token do Slacka wyciekł w logu z builda, już go unieważniłem i wygenerowałem nowy.",
    "Nie proście graczy o numer telefonu w ticketach, wystarczy ID konta.",
]
TALK["Finnish"] += [
    "Build-koneen Steam-salasana vaihdettiin, päivittäkää Jenkinsin tunnukset.",
    "Pelaajien korttinumeroita ei saa kopioida Jiraan, vain neljä viimeistä numeroa.",
]
TALK["Swedish"] += [
    "Slack-token för byggboten har roterats, den gamla är återkallad.",
    "Supporten frågar aldrig spelare om deras lösenord.",
]
TALK["Korean"] += ["Steam 빌드 계정 비밀번호 바꿨어요, Jenkins 자격 증명도 업데이트했습니다."]
TALK["Chinese"] += ["App Store Connect 的 API 密钥已吊销，新的在 Vault 里。"]
TALK_ALL = [x for v in TALK.values() for x in v]

QA = [
    ("where do I get the keystore password for a local release build?", "you don't — release signing only happens on the build agents, ask for a debug build"),
    ("is the EOS ProductId a secret?", "no, ProductId/SandboxId/DeploymentId ship in the client; only the client secret is sensitive"),
    ("can I put the Slack bot token in the Unity editor prefs for the build reporter?", "no, read it from the env on the agent, editor prefs end up in backups"),
    ("Wo finde ich das Passwort für den QA-Testaccount?", "Im Passwortmanager unter QA, nicht im Confluence."),
    ("¿la clave de la API de Steam puede ir en el cliente?", "no, solo en el backend; el cliente usa tickets de sesión"),
    ("Steamのチケットはログに出していい?", "ダメです。先頭数文字だけにしてください"),
    ("is a Google Play licensing key secret?", "no, that one's a public key, it's meant to be in the app"),
    ("Czy mogę wkleić token GitHuba do pliku .upmconfig w repo?", "Nie, ten plik jest w katalogu domowym, nie w repo."),
    ("who rotates the Xsolla API key?", "payments team, quarterly, ticket template 'PAY-rotation'"),
    ("플레이어가 티켓에 카드 번호를 적었어요, 어떻게 하죠?", "메시지를 지우고 결제 정보 매크로를 보내주세요"),
]

INCIDENT_STEPS = [
    "{t} secret scanning alert on the tools repo (Slack bot token in a script)",
    "{t} token revoked in the Slack admin console",
    "{t} history rewritten, force-push approved by build-infra",
    "{t} new token issued and stored in Vault",
    "{t} audit log checked: no calls from unknown IPs",
    "{t} AWS key for the crash bucket deactivated",
    "{t} CloudTrail reviewed, only our agents used the key",
    "{t} players notified that no payment data was exposed",
    "{t} EOS client secret regenerated, hotfix build started",
    "{t} Steam partner password changed, 2FA re-enrolled",
    "{t} postmortem scheduled",
]


def ts_talk_single():
    return pick(TALK_ALL)


def ts_talk_pair():
    a, b = R.sample(TALK[pick(list(TALK))], 2)
    return a + pick(["\n", " ", "\n\n"]) + b


def ts_qa():
    q, a = pick(QA)
    return "> %s\n%s" % (q, a)


def ts_incident():
    dt = when()
    steps = R.sample(INCIDENT_STEPS, ri(3, 6))
    out = [pick(["*Incident %s — leaked credential (no values in this channel)*" % dt.strftime("%Y-%m-%d"),
                 "*Vorfall %s: Zugangsdaten geleakt*" % dt.strftime("%d.%m.%Y"),
                 "*インシデント %s: 認証情報の漏洩*" % dt.strftime("%Y/%m/%d")])]
    for s in steps:
        dt += datetime.timedelta(minutes=ri(3, 90))
        out.append("• " + s.format(t=dt.strftime("%H:%M")))
    return "\n".join(out)


def ts_checklist():
    items = R.sample(["rotate the Steam builder password", "regenerate the EOS client secret", "revoke old GitHub tokens",
                      "disable AWS keys older than 90 days", "check the Slack app tokens", "move the .p8 into Vault",
                      "delete card numbers from old Zendesk tickets", "re-key the patch signing key (HSM)",
                      "audit who can read the payout IBAN table", "enable push protection on all repos"], ri(3, 6))
    return pick(["quarterly secrets hygiene:", "Quartals-Check Secrets:", "revisión trimestral de secretos:", "四半期のシークレット点検:"]) + "\n" + "\n".join("- [ ] " + i for i in items)


def ts_postmortem():
    return pick([
        "*What went wrong*: the keystore password was passed as a CLI arg, so it ended up in the agent's process list and in the build log. *Fix*: read it from a file descriptor.",
        "*Was lief schief*: Der AWS-Schlüssel stand in einer Unity-Editor-Einstellung und wurde mit dem Projekt eingecheckt. *Fix*: OIDC-Rolle, kein statischer Schlüssel mehr.",
        "*Qué falló*: el token de Slack estaba en un script de la carpeta Tools y el repo es público en el mirror. *Arreglo*: token revocado y escáner en pre-commit.",
        "*原因*: クライアントのログにセッショントークン全体が出力されていた。*対策*: 先頭8文字のみ出力するよう修正。",
        "*Co poszło nie tak*: hasło do bazy było w zmiennej środowiskowej wypisywanej przy starcie serwera. *Naprawa*: maskowanie w logach.",
    ])


def ts_scanner_talk():
    return pick([
        "the scanner flags every 32-char hex as a Steam key, which is every bundle hash we have; can we require the `key=` context?",
        "our regex for IBANs matches asset GUIDs in uppercase, need the mod-97 check before alerting",
        "pre-commit now blocks PEM private key headers, public keys and certs are fine",
        "Der Scanner meldet jede 16-stellige Zahl als Kreditkarte, wir brauchen den Luhn-Check.",
        "スキャナがSteamIDをカード番号と誤検知してる、Luhnチェック入れて",
    ])


TALK_T = [ts_talk_single, ts_talk_single, ts_talk_pair, ts_talk_pair, ts_qa, ts_incident, ts_checklist, ts_postmortem, ts_scanner_talk]


# ============================================================================= POSITIVE VALUES
def v_aws_id():
    return pick(["AKIA", "AKIA", "AKIA", "ASIA"]) + rs(B32, 16)


def v_aws_secret():
    while True:
        s = rs(UP + LOW + DIG + "+/", 40)
        if "EXAMPLE" not in s:
            return s


def v_ghp():
    r = rs(ALNUM, 30)
    return "ghp_" + r + b62(zlib.crc32(r.encode()) & 0xFFFFFFFF).rjust(6, "0")


def v_ghfg():
    return "github_pat_11" + rs(UP + DIG, 20) + "_" + rs(ALNUM, 59)


def v_xoxb():
    return "xoxb-%s-%s-%s" % (dg(pick([10, 11, 12])), dg(13), rs(ALNUM, 24))


def v_xoxp():
    return "xoxp-%s-%s-%s-%s" % (dg(pick([10, 11, 12])), dg(pick([10, 11, 12])), dg(13), hx(32))


def v_openai():
    k = pick(["proj", "proj", "svcacct", "legacy"])
    if k == "legacy":
        return "sk-" + rs(ALNUM, 20) + "T3BlbkFJ" + rs(ALNUM, 20)
    return "sk-%s-" % k + rs(B64U, 74) + "T3BlbkFJ" + rs(B64U, 74)


def v_anthropic():
    return "sk-ant-api03-" + rs(B64U, 93) + "AA"


def v_jwt(kind=None):
    kind = kind or pick(["nakama", "ugs", "eos", "custom"])
    now = epoch(when())
    if kind == "nakama":
        hdr = {"alg": "HS256", "typ": "JWT"}
        pl = {"tid": uuid4(), "uid": uuid4(), "usn": gamertag(), "vrs": {}, "exp": now + 3600, "iat": now}
        sig = rbytes(32)
    elif kind == "ugs":
        hdr = {"alg": "RS256", "kid": hx(40), "typ": "JWT"}
        pl = {"aud": ["idd:%s" % uuid4(), "envName:production", "upid:%s" % uuid4()], "exp": now + 3600, "iat": now,
              "idp": pick(["anonymous", "steampowered.com", "apple.com"]), "iss": "https://player-auth.services.api.unity.com",
              "nbf": now, "sign_in_provider": "anonymous", "sub": rs(ALNUM, 28)}
        sig = rbytes(256)
    elif kind == "eos":
        hdr = {"alg": "RS512", "kid": rs(B64U, 43), "typ": "JWT"}
        pl = {"iss": "https://api.epicgames.dev/auth/v1/oauth", "sub": hx(32), "aud": hx(32), "pfpid": hx(32),
              "pfsid": hx(32), "pfdid": hx(32), "exp": now + 3600, "iat": now, "act": {"eat": "epic_id", "eaid": hx(32)}}
        sig = rbytes(256)
    else:
        hdr = {"alg": "HS256", "typ": "JWT"}
        pl = {"sub": "acc_" + ulid(), "scope": pick(["inventory:read", "wallet:write", "matchmaking"]), "plt": pick(["steam", "epic", "ios", "android"]),
              "exp": now + 900, "iat": now}
        sig = rbytes(32)
    return b64u(json.dumps(hdr, separators=(",", ":")).encode()) + "." + b64u(json.dumps(pl, separators=(",", ":")).encode()) + "." + b64u(sig)


PW_SAFE = ALNUM + "!#%^*()_+-=[]{}.,?~"


def v_password(url_safe=False, ado=False):
    style = pick(["random", "random", "human", "passphrase"])
    if url_safe:
        alpha = ALNUM + "-_.~"
    elif ado:
        alpha = ALNUM + "!#%^*()_+-[]{}.,?~"
    else:
        alpha = PW_SAFE
    if style == "random":
        while True:
            s = rs(alpha, ri(14, 24))
            if any(c.isdigit() for c in s) and any(c.isupper() for c in s):
                return s
    if style == "human":
        w = pick(["Hollow", "Ember", "Dragon", "Skyforge", "Quarry", "Moonlit", "Raptor", "Golem", "Tide", "Iron"])
        sym = pick(["!", "#", "_", ".", "-", "~"]) if not url_safe else pick(["-", "_", ".", "~"])
        return "%s%s%s%d" % (w, pick(["peak", "fire", "rage", "Veil", "Break", "King"]), sym, ri(1990, 2026))
    words = ["copper", "lantern", "otter", "velvet", "glacier", "pickle", "harbor", "meteor", "saffron", "tundra", "walnut"]
    sep = pick(["-", ".", "_"])
    return sep.join(R.sample(words, 3)) + sep + str(ri(10, 99))


EMAIL_DOMAINS = ["gmail.com", "outlook.com", "hotmail.com", "yahoo.co.jp", "naver.com", "qq.com", "web.de", "gmx.de",
                 "orange.fr", "icloud.com", "mail.ru", "wp.pl", "proton.me", "yahoo.com.br", "live.se", "kolumbus.fi"]


def v_email():
    first = pick(["alex", "sam", "jun", "minji", "lukas", "camille", "diego", "ana", "yuki", "oleg", "kasia", "mikko", "sofia", "wei", "noah", "emma"])
    last = pick(["schneider", "martin", "garcia", "silva", "tanaka", "kim", "nowak", "ivanova", "virtanen", "lindqvist", "chen", "brown", "dubois", "rossi"])
    local = pick(["%s.%s" % (first, last), "%s%s%d" % (first[0], last, ri(1, 99)), "%s_%s" % (gamertag().lower().replace("xx", ""), ri(1, 999)),
                  "%s.%s%d" % (first, last[0], ri(80, 99)), "%s+%s" % (first, pick(["steam", "games", "playtest"]))])
    local = re.sub(r"[^a-z0-9._+]", "", local.lower()).strip("._") or first
    return local + "@" + pick(EMAIL_DOMAINS)


def v_phone(cc=None):
    cc = cc or pick(["US", "UK", "DE", "FR", "JP", "KR", "BR", "PL", "SE", "FI", "ES"])
    if cc == "US":
        a = pick([206, 212, 310, 415, 512, 617, 646, 737, 917, 425])
        n = "%03d" % ri(200, 999)
        l = "%04d" % ri(0, 9999)
        return pick(["+1 (%d) %s-%s", "(%d) %s-%s", "%d-%s-%s", "+1 %d %s %s", "+1-%d-%s-%s"]) % (a, n, l)
    if cc == "UK":
        return pick(["+44 7%03d %06d", "07%03d %06d", "+44 (0)7%03d %06d"]) % (ri(100, 999), ri(0, 999999))
    if cc == "DE":
        return pick(["+49 15%d %s" % (ri(1, 9), rs(DIG, 8)), "0151 %s" % rs(DIG, 8),
                     "+49 (0)17%d %s" % (ri(0, 9), rs(DIG, 7)), "0176 %s %s" % (rs(DIG, 4), rs(DIG, 4))])
    if cc == "FR":
        d = [rs(DIG, 2) for _ in range(4)]
        return pick(["+33 %d %s %s %s %s" % (pick([6, 7]), *d), "0%d %s %s %s %s" % (pick([6, 7]), *d), "0%d.%s.%s.%s.%s" % (pick([6, 7]), *d)])
    if cc == "JP":
        return pick(["0%d0-%s-%s" % (pick([7, 8, 9]), rs(DIG, 4), rs(DIG, 4)), "+81 %d0-%s-%s" % (pick([7, 8, 9]), rs(DIG, 4), rs(DIG, 4))])
    if cc == "KR":
        return pick(["010-%s-%s" % (rs(DIG, 4), rs(DIG, 4)), "+82 10-%s-%s" % (rs(DIG, 4), rs(DIG, 4))])
    if cc == "BR":
        return pick(["+55 11 9%s-%s" % (rs(DIG, 4), rs(DIG, 4)), "(21) 9%s-%s" % (rs(DIG, 4), rs(DIG, 4))])
    if cc == "PL":
        return pick(["+48 %d%s %s %s" % (pick([5, 6, 7, 8]), rs(DIG, 2), rs(DIG, 3), rs(DIG, 3)), "%d%s %s %s" % (pick([5, 6, 7, 8]), rs(DIG, 2), rs(DIG, 3), rs(DIG, 3))])
    if cc == "SE":
        return pick(["+46 70 %s %s %s" % (rs(DIG, 3), rs(DIG, 2), rs(DIG, 2)), "070-%s %s %s" % (rs(DIG, 3), rs(DIG, 2), rs(DIG, 2))])
    if cc == "FI":
        return pick(["+358 40 %s %s" % (rs(DIG, 3), rs(DIG, 4)), "040 %s %s" % (rs(DIG, 3), rs(DIG, 4))])
    return pick(["+34 6%s %s %s %s" % (rs(DIG, 2), rs(DIG, 2), rs(DIG, 2), rs(DIG, 2)), "6%s %s %s" % (rs(DIG, 2), rs(DIG, 3), rs(DIG, 3))])


def v_card(brand=None):
    brand = brand or pick(["visa", "visa", "mc", "mc", "amex", "discover", "jcb", "unionpay"])
    if brand == "visa":
        d = luhn_complete("4" + rs(DIG, 14))
    elif brand == "mc":
        pre = pick(["51", "52", "53", "54", "55", "2221", "2345", "2720"])
        d = luhn_complete(pre + rs(DIG, 15 - len(pre)))
    elif brand == "amex":
        d = luhn_complete(pick(["34", "37"]) + rs(DIG, 12))
    elif brand == "discover":
        d = luhn_complete("6011" + rs(DIG, 11))
    elif brand == "jcb":
        d = luhn_complete("35" + str(ri(28, 89)) + rs(DIG, 11))
    else:
        d = luhn_complete("62" + rs(DIG, 13))
    f = pick(["plain", "space", "dash"])
    if f == "plain":
        return d
    sep = " " if f == "space" else "-"
    if len(d) == 15:
        return sep.join([d[:4], d[4:10], d[10:]])
    return sep.join(d[i:i + 4] for i in range(0, 16, 4))


def iban_check(cc, bban):
    num = "".join(str(int(c, 36)) for c in bban + cc + "00")
    return "%02d" % (98 - int(num) % 97)


def v_iban(cc=None):
    cc = cc or pick(["DE", "GB", "FR", "NL", "SE", "FI", "ES", "PL", "BE"])
    if cc == "DE":
        bban = rs(DIG, 8) + rs(DIG, 10)
    elif cc == "GB":
        bban = pick(["NWBK", "BARC", "LOYD", "HBUK", "MIDL"]) + rs(DIG, 6) + rs(DIG, 8)
    elif cc == "FR":
        bank, guichet, compte = rs(DIG, 5), rs(DIG, 5), rs(DIG, 11)
        key = 97 - ((89 * int(bank) + 15 * int(guichet) + 3 * int(compte)) % 97)
        bban = bank + guichet + compte + "%02d" % key
    elif cc == "NL":
        bban = pick(["ABNA", "INGB", "RABO", "TRIO", "SNSB"]) + rs(DIG, 10)
    elif cc == "SE":
        bban = rs(DIG, 20)
    elif cc == "FI":
        bban = rs(DIG, 14)
    elif cc == "ES":
        bank, branch, acct = rs(DIG, 4), rs(DIG, 4), rs(DIG, 10)
        def dc(s):
            w = [1, 2, 4, 8, 5, 10, 9, 7, 3, 6]
            v = 11 - sum(int(a) * b for a, b in zip(s, w)) % 11
            return {11: 0, 10: 1}.get(v, v)
        bban = bank + branch + "%d%d" % (dc("00" + bank + branch), dc(acct)) + acct
    elif cc == "PL":
        sort7 = rs(DIG, 7)
        w = [3, 9, 7, 1, 3, 9, 7]
        c = (10 - sum(int(a) * b for a, b in zip(sort7, w)) % 10) % 10
        bban = sort7 + str(c) + rs(DIG, 16)
    else:  # BE
        first = rs(DIG, 10)
        c = int(first) % 97 or 97
        bban = first + "%02d" % c
    iban = cc + iban_check(cc, bban) + bban
    assert iban_ok(iban)
    if chance(0.55):
        return " ".join(iban[i:i + 4] for i in range(0, len(iban), 4))
    return iban


def v_ssn(sep="-"):
    while True:
        a = ri(1, 899)
        if a != 666:
            break
    return "%03d%s%02d%s%04d" % (a, sep, ri(1, 99), sep, ri(1, 9999))


def pem_body(der_bytes, width=64):
    return wrap(b64(der_bytes), width)


# ============================================================================= POSITIVE TEMPLATES
# Each returns (text, [(kind, value), ...]).
def P(text, *secrets):
    return text, list(secrets)


# --- aws_access_key_id (single)
def pa_id_0():
    v = v_aws_id()
    return P("CloudTrail alert: `AccessDenied` for access key %s calling s3:PutObject on arn:aws:s3:::%s-addressables-prod/%s/ — that's the old uploader key, why is an agent still using it?" % (
        v, pick(CODENAMES), game_ver()), ("aws_access_key_id", v))


def pa_id_1():
    v = v_aws_id().replace("ASIA", "AKIA")
    obj = {"AccessKeyMetadata": [{"UserName": "svc-bundle-uploader", "AccessKeyId": v, "Status": "Active", "CreateDate": iso(when(), False)}]}
    return P("$ aws iam list-access-keys --user-name svc-bundle-uploader\n" + fence(json.dumps(obj, indent=4), "json"), ("aws_access_key_id", v))


def pa_id_2():
    v = v_aws_id()
    return P("アクセスキーID %s を無効化しました。ビルドマシンの ~/.aws/credentials からも消してください。" % v, ("aws_access_key_id", v))


def pa_id_3():
    v = v_aws_id()
    return P(fence("[BundleUpload] profile 'cdn-upload' resolved, key id %s, region %s\n[BundleUpload] uploading %d files (%d MB)" % (
        v, pick(REGIONS), ri(20, 900), ri(50, 9000))), ("aws_access_key_id", v))


def pa_id_4():
    v = v_aws_id()
    return P('<param name="env.AWS_ACCESS_KEY_ID" value="%s" />  <- found this in the TeamCity project export, is it still active?' % v, ("aws_access_key_id", v))


# --- aws_secret_access_key (single)
def pa_sec_0():
    v = v_aws_secret()
    env = "BUILD_NUMBER=%d\nNODE_NAME=win-agent-%02d\nAWS_DEFAULT_REGION=%s\nAWS_SECRET_ACCESS_KEY=%s\nUNITY_VERSION=%s" % (
        ri(100, 9999), ri(1, 30), pick(REGIONS), v, unity_ver())
    return P("the `env` step prints everything, including this:\n" + fence(env), ("aws_secret_access_key", v))


def pa_sec_1():
    v = v_aws_secret()
    return P("das Secret vom DDC-Bucket ist %s – die Key-ID steht im Vault, bitte nach dem Test löschen" % v, ("aws_secret_access_key", v))


def pa_sec_2():
    v = v_aws_secret()
    return P("~/.s3cfg on cook-linux-%02d:\n%s" % (ri(1, 20), fence("[default]\nhost_base = s3.%s.amazonaws.com\nsecret_key = %s\nuse_https = True" % (pick(REGIONS), v), "ini")),
             ("aws_secret_access_key", v))


def pa_sec_3():
    v = v_aws_secret()
    return P(fence("[crashdumps]\ntype = s3\nprovider = AWS\nenv_auth = false\nsecret_access_key = %s\nregion = %s" % (v, pick(REGIONS)), "ini"),
             ("aws_secret_access_key", v))


# --- github_classic_pat
def pg_0():
    v = v_ghp()
    return P("~/.upmconfig.toml on the mac builders:\n" + fence('[npmAuth."https://npm.pkg.github.com/@%s"]\ntoken = "%s"\nalwaysAuth = true' % (pick(CODENAMES), v), "toml"), ("github_classic_pat", v))


def pg_1():
    v = v_ghp()
    return P(fence("@%s:registry=https://npm.pkg.github.com\n//npm.pkg.github.com/:_authToken=%s" % (pick(CODENAMES), v)), ("github_classic_pat", v))


def pg_2():
    v = v_ghp()
    return P("$ echo %s | gh auth login --with-token\n$ gh run list --workflow build-android.yml" % v, ("github_classic_pat", v))


def pg_3():
    v = v_ghp()
    return P(fence('git -c http.extraheader="AUTHORIZATION: bearer %s" clone https://github.com/%s-studio/unity-packages.git' % (v, pick(CODENAMES)), "bash"), ("github_classic_pat", v))


def pg_4():
    v = v_ghp()
    return P("masz tu mój token do repo z paczkami: %s (ważny 7 dni, potem wygaśnie)" % v, ("github_classic_pat", v))


def pg_5():
    v = v_ghp()
    return P("임시로 제 PAT 쓰세요: %s 빌드 끝나면 폐기할게요" % v, ("github_classic_pat", v))


def pg_6():
    v = v_ghp()
    return P('```python\nresp = requests.get(f"https://api.github.com/repos/{ORG}/{REPO}/releases/latest",\n                    headers={"Authorization": "token %s"})\n```' % v, ("github_classic_pat", v))


def pg_7():
    v = v_ghp()
    return P("le token GitHub pour le mirror des packages : %s (scopes repo + read:packages)" % v, ("github_classic_pat", v))


def pg_8():
    v = v_ghp()
    return P(fence("[Package Manager] Using auth token %s for scope @%s\n[Package Manager] Resolved 84 packages in 3.2s" % (v, pick(CODENAMES))), ("github_classic_pat", v))


def pg_9():
    v = v_ghp()
    return P("GITHUB_TOKEN=%s ./tools/release-notes.sh %s" % (v, game_ver()), ("github_classic_pat", v))


# --- github_fine_grained_pat
def pf_0():
    v = v_ghfg()
    return P(fence("curl -X POST -H \"Authorization: Bearer %s\" \\\n  -H \"Accept: application/vnd.github+json\" \\\n  https://api.github.com/repos/%s-studio/build-dispatch/dispatches \\\n  -d '{\"event_type\":\"cook\",\"client_payload\":{\"cl\":%d}}'" % (v, pick(CODENAMES), ue_cl()), "bash"), ("github_fine_grained_pat", v))


def pf_1():
    v = v_ghfg()
    return P("GH_TOKEN=%s" % v, ("github_fine_grained_pat", v))


def pf_2():
    v = v_ghfg()
    return P("Fine-grained Token für den Release-Bot (nur contents:write auf release-notes): %s" % v, ("github_fine_grained_pat", v))


def pf_3():
    v = v_ghfg()
    return P('$ gh secret set UPM_TOKEN --repo %s-studio/client --body "%s"' % (pick(CODENAMES), v), ("github_fine_grained_pat", v))


def pf_4():
    v = v_ghfg()
    return P("パッケージ取得用のfine-grained PATです: %s 期限は30日" % v, ("github_fine_grained_pat", v))


def pf_5():
    v = v_ghfg()
    return P(fence("platform: github\nendpoint: https://api.github.com/\ntoken: %s\nrepositories:\n  - %s-studio/backend" % (v, pick(CODENAMES)), "yaml"), ("github_fine_grained_pat", v))


def pf_6():
    v = v_ghfg()
    return P("usa este token para el mirror de symbols: %s, solo lectura" % v, ("github_fine_grained_pat", v))


def pf_7():
    v = v_ghfg()
    return P('<param name="env.GITHUB_PAT" value="%s" spec="text" />' % v, ("github_fine_grained_pat", v))


def pf_8():
    v = v_ghfg()
    return P('```python\ngh = Github(auth=Auth.Token("%s"))\nrepo = gh.get_repo("%s-studio/liveops-config")\n```' % (v, pick(CODENAMES)), ("github_fine_grained_pat", v))


# --- slack_bot_token
def pb_0():
    v = v_xoxb()
    return P("`.env` of the build notifier:\n" + fence("SLACK_BOT_TOKEN=%s\nSLACK_CHANNEL=#build-alerts\nJENKINS_URL=https://%s" % (v, STUDIO_HOSTS[6])), ("slack_bot_token", v))


def pb_1():
    v = v_xoxb()
    return P(fence("curl -X POST -H 'Authorization: Bearer %s' -H 'Content-type: application/json' \\\n  --data '{\"channel\":\"#build-alerts\",\"text\":\"Win64 Shipping CL %d green\"}' \\\n  https://slack.com/api/chat.postMessage" % (v, ue_cl()), "bash"), ("slack_bot_token", v))


def pb_2():
    v = v_xoxb()
    return P('```python\nclient = WebClient(token="%s")\nclient.chat_postMessage(channel="#liveops", text=summary)\n```' % v, ("slack_bot_token", v))


def pb_3():
    v = v_xoxb()
    return P('```csharp\n// BuildReporter.cs\nconst string kSlackToken = "%s";\n```\nshould this be in the repo?' % v, ("slack_bot_token", v))


def pb_4():
    v = v_xoxb()
    return P(fence("slackSend(channel: '#builds', botUser: true, token: '%s',\n          message: \"${env.JOB_NAME} #${env.BUILD_NUMBER} failed\")" % v, "groovy"), ("slack_bot_token", v))


def pb_5():
    v = v_xoxb()
    return P("ビルド通知ボットのトークンはこれです: %s" % v, ("slack_bot_token", v))


def pb_6():
    v = v_xoxb()
    return P(fence("notifier:\n  slack:\n    botToken: %s\n    channel: \"#gs-alerts\"" % v, "yaml"), ("slack_bot_token", v))


def pb_7():
    v = v_xoxb()
    return P("токен бота для алертов: %s — поменяйте после релиза" % v, ("slack_bot_token", v))


# --- slack_user_token
def pu_0():
    v = v_xoxp()
    return P("$ SLACK_USER_TOKEN=%s python export_channel.py --channel liveops-incidents --since %s" % (v, when().strftime("%Y-%m-%d")), ("slack_user_token", v))


def pu_1():
    v = v_xoxp()
    return P(fence('curl -s "https://slack.com/api/conversations.history?channel=C0%s&limit=200" \\\n  -H "Authorization: Bearer %s" | jq .messages[].text' % (rs(UP + DIG, 9), v), "bash"), ("slack_user_token", v))


def pu_2():
    v = v_xoxp()
    return P("für den Postmortem-Export nimm meinen User-Token %s, danach widerrufe ich ihn" % v, ("slack_user_token", v))


def pu_3():
    v = v_xoxp()
    return P(fence(json.dumps({"slack": {"user_token": v, "channels": ["build-alerts", "liveops"]}}, indent=2), "json"), ("slack_user_token", v))


def pu_4():
    v = v_xoxp()
    return P("pour l'archivage du canal #incident, j'ai utilisé ce token utilisateur : %s" % v, ("slack_user_token", v))


def pu_5():
    v = v_xoxp()
    return P("채널 백업용 유저 토큰: %s" % v, ("slack_user_token", v))


def pu_6():
    v = v_xoxp()
    return P("$ ./slack-export --token %s --channel gs-oncall --out ./export" % v, ("slack_user_token", v))


def pu_7():
    v = v_xoxp()
    return P("token de usuário pra exportar o canal: %s (apago amanhã)" % v, ("slack_user_token", v))


def pu_8():
    v = v_xoxp()
    return P('```python\nclient = WebClient(token=os.getenv("SLACK_USER_TOKEN", "%s"))\n```' % v, ("slack_user_token", v))


# --- openai_api_key
def po_0():
    v = v_openai()
    return P("loc-assist `.env`:\n" + fence("OPENAI_API_KEY=%s\nLOC_SOURCE=en-US\nLOC_TARGETS=ja-JP,ko-KR,de-DE" % v), ("openai_api_key", v))


def po_1():
    v = v_openai()
    return P(fence('curl https://api.openai.com/v1/chat/completions \\\n  -H "Authorization: Bearer %s" \\\n  -H "Content-Type: application/json" \\\n  -d @item_descriptions.json' % v, "bash"), ("openai_api_key", v))


def po_2():
    v = v_openai()
    return P('```python\nclient = OpenAI(api_key="%s")\n```\nthis is in tools/npc_barks/gen.py on main' % v, ("openai_api_key", v))


def po_3():
    v = v_openai()
    return P('```csharp\nvar api = new OpenAIClient(new OpenAIAuthentication("%s"));\n```' % v, ("openai_api_key", v))


def po_4():
    v = v_openai()
    return P("翻訳ツールのキー: %s" % v, ("openai_api_key", v))


def po_5():
    v = v_openai()
    return P("Der Key für das Barks-Tool ist %s, bitte nicht in Unity-Projekte kopieren" % v, ("openai_api_key", v))


def po_6():
    v = v_openai()
    return P(fence("llm:\n  provider: openai\n  model: gpt-4o-mini\n  api_key: %s" % v, "yaml"), ("openai_api_key", v))


def po_7():
    v = v_openai()
    return P(fence("[loc-assist] %s using key %s\n[loc-assist] 1240 strings queued" % (iso(when()), v)), ("openai_api_key", v))


def po_8():
    v = v_openai()
    return P("la clave para el bot de traducciones es %s" % v, ("openai_api_key", v))


# --- anthropic_api_key
def pn_0():
    v = v_anthropic()
    return P("ANTHROPIC_API_KEY=%s" % v, ("anthropic_api_key", v))


def pn_1():
    v = v_anthropic()
    return P(fence('curl https://api.anthropic.com/v1/messages \\\n  -H "x-api-key: %s" \\\n  -H "anthropic-version: 2023-06-01" \\\n  -H "content-type: application/json" -d @patchnotes.json' % v, "bash"), ("anthropic_api_key", v))


def pn_2():
    v = v_anthropic()
    return P('```python\nclient = anthropic.Anthropic(api_key="%s")\n```' % v, ("anthropic_api_key", v))


def pn_3():
    v = v_anthropic()
    return P("patch-notes summarizer config:\n" + fence('[llm]\nprovider = "anthropic"\napi_key = "%s"\nmax_tokens = 1024' % v, "toml"), ("anthropic_api_key", v))


def pn_4():
    v = v_anthropic()
    return P("패치노트 요약 봇 키: %s" % v, ("anthropic_api_key", v))


def pn_5():
    v = v_anthropic()
    return P("la clé pour le bot de résumé des tickets : %s" % v, ("anthropic_api_key", v))


def pn_6():
    v = v_anthropic()
    return P(fence("apiVersion: v1\nkind: Secret\nmetadata:\n  name: ticket-triage\nstringData:\n  ANTHROPIC_API_KEY: %s" % v, "yaml"), ("anthropic_api_key", v))


def pn_7():
    v = v_anthropic()
    return P(fence("%s DEBUG triage-bot client init key=%s model=claude" % (iso(when()), v)), ("anthropic_api_key", v))


def pn_8():
    v = v_anthropic()
    return P("klucz do bota od ticketów: %s" % v, ("anthropic_api_key", v))


# --- jwt
def pj_0():
    v = v_jwt("nakama")
    return P(fence("[Nakama] Authenticated device. Session token: %s\n[Nakama] Socket connected" % v), ("jwt", v))


def pj_1():
    v = v_jwt("custom")
    return P(fence('curl -H "Authorization: Bearer %s" https://api.%s.example/v2/inventory' % (v, pick(CODENAMES)), "bash"), ("jwt", v))


def pj_2():
    v = v_jwt("ugs")
    return P(fence("[Auth] Signed in. PlayerId=%s AccessToken=%s" % (rs(ALNUM, 28), v)), ("jwt", v))


def pj_3():
    v = v_jwt("eos")
    return P(fence(json.dumps({"access_token": v, "token_type": "bearer", "expires_in": 3599}, indent=2), "json"), ("jwt", v))


def pj_4():
    v = v_jwt("nakama")
    return P("websocket url from the client log: wss://rt.%s.example/ws?lang=en&status=true&token=%s" % (pick(CODENAMES), v), ("jwt", v))


def pj_5():
    v = v_jwt()
    return P("вот токен игрока из лога: %s — он уже истёк?" % v, ("jwt", v))


def pj_6():
    v = v_jwt("custom")
    return P(fence('"headers": [\n  {"name": "authorization", "value": "Bearer %s"},\n  {"name": "x-client-version", "value": "%s"}\n]' % (v, game_ver()), "json"), ("jwt", v))


def pj_7():
    v = v_jwt("ugs")
    return P("Der JWT aus dem Launcher: %s – warum ist aud falsch?" % v, ("jwt", v))


def pj_8():
    v = v_jwt("eos")
    return P("EOSのIDトークン、期限切れか確認してもらえますか: %s" % v, ("jwt", v))


def pj_9():
    v = v_jwt("custom")
    return P('```python\ntok = "%s"\nprint(jwt.decode(tok, options={"verify_signature": False}))\n```' % v, ("jwt", v))


# --- private_key_pem
def pem_block(label, der_bytes, width=64):
    body = pem_body(der_bytes, width)
    return "-----BEGIN %s-----\n%s\n-----END %s-----" % (label, body, label), body


def pk_0():
    block, body = pem_block("PRIVATE KEY", ec_pkcs8())
    kid = rs(UP + DIG, 10)
    return P("App Store Connect API key for the upload lane, key id %s:\n%s" % (kid, fence(block)), ("private_key_pem", body))


def pk_1():
    block, body = pem_block("PRIVATE KEY", rsa_pkcs8(2048))
    esc = json.dumps(block + "\n")[1:-1]
    val = json.dumps(body)[1:-1]
    obj = ('{\n  "type": "service_account",\n  "project_id": "%s-play-upload",\n  "private_key_id": "%s",\n  "private_key": "%s",\n'
           '  "client_id": "%s",\n  "token_uri": "https://oauth2.googleapis.com/token"\n}') % (pick(CODENAMES), hx(40), esc, dg(21))
    return P("play-upload.json (this is the one fastlane supply uses):\n" + fence(obj, "json"), ("private_key_pem", val))


def pk_2():
    der_b = openssh_ed25519("%s-%02d" % (pick(["mac-builder", "linux-cook", "win-agent"]), ri(1, 20)))
    body = wrap(b64(der_b), 70)
    block = "-----BEGIN OPENSSH PRIVATE KEY-----\n%s\n-----END OPENSSH PRIVATE KEY-----" % body
    return P("deploy key for the symbols repo, add it to the agent:\n" + fence(block), ("private_key_pem", body))


def pk_3():
    block, body = pem_block("EC PRIVATE KEY", ec_sec1())
    return P("TLS key for the %s relay (cert is in the ticket):\n%s" % (pick(GS_REGIONS), fence(block)), ("private_key_pem", body))


def pk_4():
    der_b = ec_sec1() if chance(0.5) else ed25519_pkcs8()
    label = "EC PRIVATE KEY" if der_b[2:5] == b"\x02\x01\x01" else "PRIVATE KEY"
    body = pem_body(der_b)
    ind = "    "
    ybody = body.replace("\n", "\n" + ind)
    y = "apiVersion: v1\nkind: Secret\nmetadata:\n  name: relay-signing\ntype: Opaque\nstringData:\n  signing.key: |\n%s-----BEGIN %s-----\n%s%s\n%s-----END %s-----" % (
        ind, label, ind, ybody, ind, label)
    return P(fence(y, "yaml"), ("private_key_pem", ybody))


def pk_5():
    block, body = pem_block("RSA PRIVATE KEY", rsa_pkcs1(2048))
    return P("launcher auto-updater signing key (old one, being retired):\n" + fence(block), ("private_key_pem", body))


def pk_6():
    block, body = pem_block("PRIVATE KEY", ed25519_pkcs8())
    return P("patch manifest signing key for staging:\n%s" % block, ("private_key_pem", body))


def pk_7():
    block, body = pem_block("PRIVATE KEY", ec_pkcs8())
    lit = block.replace("\n", "\\n")
    return P(fence('ASC_KEY_ID=%s\nASC_ISSUER_ID=%s\nASC_PRIVATE_KEY="%s"' % (rs(UP + DIG, 10), uuid4(), lit)), ("private_key_pem", body.replace("\n", "\\n")))


def pk_8():
    block, body = pem_block("EC PRIVATE KEY", ec_sec1())
    return P("Hier der Schlüssel für den Matchmaker-mTLS, bitte nur auf der Staging-Box einspielen:\n" + fence(block), ("private_key_pem", body))


# --- password
def pw_0():
    v = v_password(ado=True)
    s = "Server=tcp:legacy-accounts.database.windows.net,1433;Initial Catalog=accounts;User ID=svc_auth;Password=%s;Encrypt=True;Connection Timeout=30;" % v
    return P("legacy account DB conn string from the old web config:\n" + fence(s), ("password", v))


def pw_1():
    v = v_password(ado=True)
    return P(fence('"ConnectionStrings": {\n  "Wallet": "Host=%s;Port=5432;Database=economy;Username=wallet_svc;Password=%s"\n}' % (priv_ip(), v), "json"), ("password", v))


def pw_2():
    v = v_password(ado=True)
    return P(fence("psql \"host=%s port=5432 dbname=telemetry user=etl password=%s sslmode=require\"" % (priv_ip(), v), "bash"), ("password", v))


def pw_3():
    v = v_password(url_safe=True)
    return P("jdbc:postgresql://%s:5432/leaderboards?user=lb_writer&password=%s&ssl=true" % (priv_ip(), v), ("password", v))


def pw_4():
    v = v_password()
    return P(fence("spring.datasource.url=jdbc:mysql://%s:3306/support\nspring.datasource.username=support_app\nspring.datasource.password=%s" % (priv_ip(), v), "properties"), ("password", v))


def pw_5():
    v = v_password(ado=True)
    return P("found in the agent's bash history:\n" + fence("  %d  cd /opt/steamcmd\n  %d  ./steamcmd.sh +login %s_builder %s +run_app_build ../scripts/app_build_main.vdf +quit" % (
        ri(100, 900), ri(901, 999), pick(CODENAMES), v)), ("password", v))


def pw_6():
    v = v_password(ado=True)
    return P(fence('Unity -batchmode -quit -buildTarget Android -executeMethod Build.CI.Android -keystorePass "%s" -keyaliasPass "%s" -logFile -' % (v, v), "bash"), ("password", v))


def pw_7():
    v = v_password(ado=True)
    return P("redis.conf on the matchmaker cache:\n" + fence("bind 0.0.0.0\nport 6379\nrequirepass %s\nmaxmemory 4gb" % v), ("password", v))


def pw_8():
    v = v_password(ado=True)
    return P("P4PASSWD=%s" % v, ("password", v))


def pw_9():
    v = v_password(ado=True)
    return P("gradle.properties on the android agent:\n" + fence("RELEASE_STORE_FILE=release.keystore\nRELEASE_STORE_PASSWORD=%s\nRELEASE_KEY_ALIAS=release" % v, "properties"), ("password", v))


def pw_10():
    v = v_password(ado=True)
    return P("QAアカウントのパスワードは %s です(ステージング専用)" % v, ("password", v))


# --- url_credentials
def pr_(scheme, user, host, path, v):
    return "%s://%s:%s@%s%s" % (scheme, user, v, host, path)


def pr_0():
    v = v_password(url_safe=True)
    return P("DATABASE_URL=" + pr_("postgres", "wallet_svc", "%s:5432" % priv_ip(), "/economy?sslmode=require", v), ("url_credentials", v))


def pr_1():
    v = v_password(url_safe=True)
    return P("events collector uses `%s`" % pr_("mongodb+srv", "liveops", "cluster0.%s.mongodb.net" % rs(LOW + DIG, 5), "/events?retryWrites=true&w=majority", v), ("url_credentials", v))


def pr_2():
    v = v_password(url_safe=True)
    return P(fence("REDIS_URL=redis://:%s@mm-cache.%s.internal:6379/0" % (v, pick(GS_REGIONS))), ("url_credentials", v))


def pr_3():
    v = v_password(url_safe=True)
    return P("Die AMQP-URL vom Anti-Cheat-Ingest: %s" % pr_("amqps", "ac_ingest", "mq.studio.internal:5671", "/", v), ("url_credentials", v))


def pr_4():
    v = v_password(url_safe=True)
    return P(fence("FORUM_DB=%s" % pr_("mysql", "legacy", "db-legacy:3306", "/forum", v)), ("url_credentials", v))


def pr_5():
    v = v_password(url_safe=True)
    return P('```python\nengine = create_engine("%s")\n```' % pr_("postgresql+psycopg2", "etl", "warehouse.internal:5432", "/telemetry", v), ("url_credentials", v))


def pr_6():
    v = v_password(url_safe=True)
    return P("scoped registry in manifest.json: `\"url\": \"%s\"`" % pr_("https", "ci-reader", "artifactory.studio.internal", "/artifactory/api/npm/unity/", v), ("url_credentials", v))


def pr_7():
    v = v_password(url_safe=True)
    return P("QA vendor uploads go to %s" % pr_("ftp", "qa_vendor", "ftp.qa-partner.example", "/builds/", v), ("url_credentials", v))


def pr_8():
    v = v_password(url_safe=True)
    return P("clickhouse-client --host ... didn't work, but this did: `%s`" % pr_("clickhouse", "analytics", "ch-01.internal:9000", "/default", v), ("url_credentials", v))


def pr_9():
    v = v_password(url_safe=True)
    return P("NATS_URL=%s" % pr_("nats", "mm", "nats.internal:4222", "", v), ("url_credentials", v))


# --- email_address (single)
def pe_0():
    v = v_email()
    return P("Deletion request (GDPR) from %s, account acc_%s — please run the purge job, not the manual SQL" % (v, ulid()), ("email_address", v))


def pe_1():
    v = v_email()
    return P("Playtest-Anmeldung bestätigt: %s (Gruppe B, Steam-Key kommt morgen)" % v, ("email_address", v))


def pe_2():
    v = v_email()
    return P("プレイヤーから問い合わせ: 連絡先 %s 、ギフトコードが使えないとのこと" % v, ("email_address", v))


def pe_3():
    v = v_email()
    return P(fence("signup_ts,email,platform,region\n%s,%s,%s,%s" % (iso(when(), False), v, pick(["steam", "epic", "ps5"]), pick(GS_REGIONS)), "csv"), ("email_address", v))


def pe_4():
    v = v_email()
    return P("the streamer's manager asked us to send the creator codes to %s" % v, ("email_address", v))


# --- phone_number (single)
def ph_pos(fmt, ccs):
    def f():
        v = v_phone(pick(ccs))
        return P(fmt % v, ("phone_number", v))
    return f


PHONE_SINGLE = [ph_pos(x, c) for x, c in [
    ("on-call for the publisher's cert team this weekend: %s", ["US", "UK"]),
    ("Rückrufbitte vom Spieler, Nummer %s, es geht um eine doppelte Abbuchung", ["DE"]),
    ("プレイヤーの電話番号: %s (折り返し希望)", ["JP"]),
    ("el jugador dejó su teléfono %s para que lo llamemos por el reembolso", ["ES"]),
    ("QA vendor escalation line: %s (24/7 during launch week)", ["PL", "FI", "UK", "US"]),
    ("numer do kierownika studia outsourcingowego: %s", ["PL"]),
    ("support ticket #%d: player asks to be called at %%s about the banned account" % ri(100000, 999999), ["US", "UK", "BR", "FR", "SE", "KR"]),
]]


# --- credit_card (single)
def pc_0():
    v = v_card()
    return P("chargeback dispute, the PSP sent the full PAN in the PDF: %s — can we get them to mask it?" % v, ("credit_card", v))


def pc_1():
    v = v_card()
    return P(fence('%s ERROR payments-adapter declined request body={"card_number":"%s","exp":"%02d/%02d","amount":%d,"currency":"%s"}' % (
        iso(when()), v, ri(1, 12), ri(26, 31), ri(99, 9999), pick(["USD", "EUR", "JPY", "KRW"]))), ("credit_card", v))


def pc_2():
    v = v_card()
    return P("Spieler hat seine Kartennummer ins Ticket geschrieben: %s, bitte Ticket schwärzen" % v, ("credit_card", v))


def pc_3():
    v = v_card("jcb")
    return P("チケットにカード番号が書かれていました: %s 削除お願いします" % v, ("credit_card", v))


def pc_4():
    v = v_card("unionpay")
    return P("玩家在工单里贴了银行卡号 %s，请删除" % v, ("credit_card", v))


def pc_5():
    v = v_card()
    return P(fence("order_id,card,amount\nORD-%d,%s,%.2f" % (ri(100000, 999999), v, R.uniform(1, 100)), "csv"), ("credit_card", v))


def pc_6():
    v = v_card()
    return P("el jugador dice que le cobraron dos veces en la tarjeta %s" % v, ("credit_card", v))


def pc_7():
    v = v_card()
    return P("web shop debug log still prints `pan=%s` on 3DS failure, fix before Friday" % v, ("credit_card", v))


def pc_8():
    v = v_card("amex")
    return P("corporate card for the Steam Next Fest booth: %s" % v, ("credit_card", v))


# --- iban (single)
def pi_0():
    v = v_iban("DE")
    return P("Rückerstattung per Überweisung an %s (Spieler hat keine Karte mehr)" % v, ("iban", v))


def pi_1():
    v = v_iban("PL")
    return P("faktura od studia outsourcingowego, konto: %s" % v, ("iban", v))


def pi_2():
    v = v_iban("FR")
    return P("RIB de l'agence de doublage pour la facture de mars : %s" % v, ("iban", v))


def pi_3():
    v = v_iban("FI")
    return P("ääninäyttelijän tilinumero laskua varten: %s" % v, ("iban", v))


def pi_4():
    v = v_iban("SE")
    return P("musikförlagets konto: %s" % v, ("iban", v))


def pi_5():
    v = v_iban("ES")
    return P("IBAN del estudio de QA para el pago: %s" % v, ("iban", v))


def pi_6():
    v = v_iban("NL")
    return P(fence("creator_id,payout_method,iban,currency\ncr_%s,sepa,%s,EUR" % (ulid(), v), "csv"), ("iban", v))


def pi_7():
    v = v_iban("GB")
    return P("localisation vendor invoice says pay to %s" % v, ("iban", v))


def pi_8():
    v = v_iban("BE")
    return P("IBAN van de motion-capture studio: %s" % v, ("iban", v))


# --- us_ssn (single)
def ps_0():
    v = v_ssn()
    return P("creator program W-9 came through Slack instead of the form: SSN %s. Moving it to the payout portal and deleting here." % v, ("us_ssn", v))


def ps_1():
    v = v_ssn()
    return P(fence("contractor_id,name_on_file,tin_type,tin\nctr_%s,[on file],SSN,%s" % (ulid(), v), "csv"), ("us_ssn", v))


def ps_2():
    v = v_ssn()
    return P("the composer's accountant emailed their social %s, who owns vendor onboarding?" % v, ("us_ssn", v))


def ps_3():
    v = v_ssn(" ")
    return P("Steuerformular vom US-Freelancer, SSN: %s" % v, ("us_ssn", v))


def ps_4():
    v = v_ssn()
    return P("payout provider rejected: TIN mismatch for %s" % v, ("us_ssn", v))


def ps_5():
    v = v_ssn()
    return P("米国の契約者のSSN: %s (支払いポータルに移してください)" % v, ("us_ssn", v))


def ps_6():
    v = v_ssn()
    return P(fence(json.dumps({"payee": "cr_" + ulid(), "tax": {"country": "US", "type": "ssn", "value": v}}, indent=2), "json"), ("us_ssn", v))


def ps_7():
    v = v_ssn("")
    return P("SSN without dashes from the creator form: %s" % v, ("us_ssn", v))


# --- ipv4_address (single)
def pv_0():
    v = public_ip()
    return P(fence("%s WARN  gs-%s ddos-guard: dropped %d pkts/s from %s:%d (udp flood)" % (iso(when()), pick(GS_REGIONS), ri(10000, 900000), v, ri(1024, 65535))), ("ipv4_address", v))


def pv_1():
    v = public_ip()
    return P("AC report: player logged in from %s with 14 alts in an hour, flagging" % v, ("ipv4_address", v))


def pv_2():
    v = public_ip()
    return P(fence("[%s][  0]LogNet: NotifyAcceptingConnection accepted from: %s:%d" % (when().strftime("%Y.%m.%d-%H.%M.%S:%%03d") % ri(0, 999), v, ri(1024, 65535))), ("ipv4_address", v))


def pv_3():
    v = public_ip()
    return P("Spieler-IP aus dem Ban-Appeal: %s, passt zum Land im Account" % v, ("ipv4_address", v))


def pv_4():
    v = public_ip()
    return P("the dedicated server for the tournament is at %s:7777, tell the casters" % v, ("ipv4_address", v))


def pv_5():
    v = public_ip()
    return P("credential stuffing on the login endpoint, top source %s (%d attempts)" % (v, ri(1000, 90000)), ("ipv4_address", v))


def pv_6():
    v = public_ip()
    return P("IP игрока из тикета: %s" % v, ("ipv4_address", v))


def pv_7():
    v = public_ip()
    return P(fence('{"ts":"%s","evt":"login","acc":"acc_%s","ip":"%s","plt":"%s"}' % (iso(when()), ulid(), v, pick(["steam", "epic"])), "json"), ("ipv4_address", v))


def pv_8():
    v = public_ip()
    return P("プレイヤーのIP %s からの接続が異常に多い" % v, ("ipv4_address", v))


POS_SINGLE = {
    "aws_access_key_id": [pa_id_0, pa_id_1, pa_id_2, pa_id_3, pa_id_4],
    "aws_secret_access_key": [pa_sec_0, pa_sec_1, pa_sec_2, pa_sec_3],
    "github_classic_pat": [pg_0, pg_1, pg_2, pg_3, pg_4, pg_5, pg_6, pg_7, pg_8, pg_9],
    "github_fine_grained_pat": [pf_0, pf_1, pf_2, pf_3, pf_4, pf_5, pf_6, pf_7, pf_8],
    "slack_bot_token": [pb_0, pb_1, pb_2, pb_3, pb_4, pb_5, pb_6, pb_7],
    "slack_user_token": [pu_0, pu_1, pu_2, pu_3, pu_4, pu_5, pu_6, pu_7, pu_8],
    "openai_api_key": [po_0, po_1, po_2, po_3, po_4, po_5, po_6, po_7, po_8],
    "anthropic_api_key": [pn_0, pn_1, pn_2, pn_3, pn_4, pn_5, pn_6, pn_7, pn_8],
    "jwt": [pj_0, pj_1, pj_2, pj_3, pj_4, pj_5, pj_6, pj_7, pj_8, pj_9],
    "private_key_pem": [pk_0, pk_1, pk_2, pk_3, pk_4, pk_5, pk_6, pk_7, pk_8],
    "password": [pw_0, pw_1, pw_2, pw_3, pw_4, pw_5, pw_6, pw_7, pw_8, pw_9, pw_10],
    "url_credentials": [pr_0, pr_1, pr_2, pr_3, pr_4, pr_5, pr_6, pr_7, pr_8, pr_9],
    "email_address": [pe_0, pe_1, pe_2, pe_3, pe_4],
    "phone_number": PHONE_SINGLE,
    "credit_card": [pc_0, pc_1, pc_2, pc_3, pc_4, pc_5, pc_6, pc_7, pc_8],
    "iban": [pi_0, pi_1, pi_2, pi_3, pi_4, pi_5, pi_6, pi_7, pi_8],
    "us_ssn": [ps_0, ps_1, ps_2, ps_3, ps_4, ps_5, ps_6, ps_7],
    "ipv4_address": [pv_0, pv_1, pv_2, pv_3, pv_4, pv_5, pv_6, pv_7, pv_8],
}


# --- two-secret messages
def mp_aws_0():
    a, s = v_aws_id(), v_aws_secret()
    return P("~/.aws/credentials from the gamelift deploy box:\n" + fence("[gamelift-deploy]\naws_access_key_id = %s\naws_secret_access_key = %s\nregion = %s" % (a, s, pick(REGIONS)), "ini"),
             ("aws_access_key_id", a), ("aws_secret_access_key", s))


def mp_aws_1():
    a, s = v_aws_id(), v_aws_secret()
    return P("$ history | grep AWS\n" + fence("  %d  export AWS_ACCESS_KEY_ID=%s\n  %d  export AWS_SECRET_ACCESS_KEY=%s\n  %d  aws s3 sync ./ServerBuild s3://%s-gs-builds/%s/" % (
        ri(100, 400), a, ri(401, 600), s, ri(601, 900), pick(CODENAMES), game_ver())), ("aws_access_key_id", a), ("aws_secret_access_key", s))


def mp_aws_2():
    a, s = v_aws_id(), v_aws_secret()
    return P(fence("docker run --rm -e AWS_ACCESS_KEY_ID=%s -e AWS_SECRET_ACCESS_KEY=%s \\\n  registry.studio.internal/tools/crash-symbolicator:%s --bucket %s-crash-dumps" % (
        a, s, game_ver(), pick(CODENAMES)), "bash"), ("aws_access_key_id", a), ("aws_secret_access_key", s))


def mp_aws_3():
    a, s = v_aws_id().replace("ASIA", "AKIA"), v_aws_secret()
    obj = {"AccessKey": {"UserName": "svc-ddc-s3", "AccessKeyId": a, "Status": "Active", "SecretAccessKey": s, "CreateDate": iso(when(), False)}}
    return P("$ aws iam create-access-key --user-name svc-ddc-s3\n" + fence(json.dumps(obj, indent=4), "json"), ("aws_access_key_id", a), ("aws_secret_access_key", s))


def mp_aws_4():
    a, s = v_aws_id(), v_aws_secret()
    return P('```csharp\n// Editor/BundleUploader.cs\nvar s3 = new AmazonS3Client("%s", "%s", RegionEndpoint.%s);\n```' % (a, s, pick(["EUWest1", "USEast1", "APNortheast1"])),
             ("aws_access_key_id", a), ("aws_secret_access_key", s))


def mp_aws_5():
    a, s = v_aws_id(), v_aws_secret()
    return P("para el bucket de crash dumps usa key id %s y secret %s, pero solo hoy, mañana lo roto" % (a, s),
             ("aws_access_key_id", a), ("aws_secret_access_key", s))


def mp_support_0():
    e, p = v_email(), v_phone(pick(["US", "UK", "BR"]))
    return P("Ticket #%d — player %s can't log in after the Epic link.\nContact: %s / %s\nLast order: %s" % (
        ri(100000, 999999), gamertag(), e, p, gpa_order()), ("email_address", e), ("phone_number", p))


def mp_support_1():
    e, p = v_email(), v_phone(pick(["DE", "JP", "KR", "FR"]))
    return P(pick(["Spieler bittet um Rückruf wegen gesperrtem Account: %s, Tel. %s",
                   "アカウント停止について折り返し希望: %s / %s",
                   "계정 정지 관련 회신 요청: %s / %s",
                   "le joueur demande un rappel : %s, tél. %s"]) % (e, p), ("email_address", e), ("phone_number", p))


def mp_chargeback_0():
    e, c = v_email(), v_card()
    return P("chargeback evidence pack draft:\n• account email: %s\n• card used: %s\n• items consumed: yes (%d gems spent within 2h)" % (e, c, ri(100, 9000)),
             ("email_address", e), ("credit_card", c))


def mp_chargeback_1():
    e, c = v_email(), v_card()
    return P(fence('{"dispute":"dp_%s","customer_email":"%s","card":"%s","reason":"fraudulent"}' % (rs(ALNUM, 14), e, c), "json"),
             ("email_address", e), ("credit_card", c))


def mp_payout():
    i, e = v_iban(pick(["DE", "NL", "FR", "ES"])), v_email()
    return P("Creator payout for %s failed, bank returned R03. IBAN on file %s, contact %s" % (pick(["March", "April", "Q3"]), i, e),
             ("iban", i), ("email_address", e))


def mp_w9():
    s, e = v_ssn(), v_email()
    return P("W-9 details from the creator (please move to the tax portal and delete): SSN %s, email %s" % (s, e),
             ("us_ssn", s), ("email_address", e))


def mp_ban_appeal():
    ip, e = public_ip(), v_email()
    return P("Ban appeal from %s. Our logs show the cheat client connecting from %s, same as the account's last 20 logins. Appeal denied." % (e, ip),
             ("email_address", e), ("ipv4_address", ip))


def mp_log_ip_jwt():
    ip, j = public_ip(), v_jwt("custom")
    return P(fence("%s WARN auth-gw rejected token from %s: exp in the past\n  token=%s" % (iso(when()), ip, j)),
             ("ipv4_address", ip), ("jwt", j))


def mp_compose():
    u, p = v_password(url_safe=True), v_password()
    y = "services:\n  leaderboard:\n    environment:\n      DATABASE_URL: postgres://lb_writer:%s@%s:5432/leaderboards\n      REDIS_PASSWORD: %s" % (u, priv_ip(), p)
    return P("staging compose file someone committed:\n" + fence(y, "yaml"), ("url_credentials", u), ("password", p))


def mp_slack_pair():
    b, u = v_xoxb(), v_xoxp()
    return P(fence("SLACK_BOT_TOKEN=%s\nSLACK_USER_TOKEN=%s\nSLACK_SIGNING_CHANNEL=#releases" % (b, u)), ("slack_bot_token", b), ("slack_user_token", u))


def mp_llm_pair():
    o, a = v_openai(), v_anthropic()
    return P("loc-assist supports both backends now:\n" + fence("OPENAI_API_KEY=%s\nANTHROPIC_API_KEY=%s\nLOC_PROVIDER=anthropic" % (o, a)),
             ("openai_api_key", o), ("anthropic_api_key", a))


def mp_ci_env():
    g, b = v_ghfg(), v_xoxb()
    return P("the failing job dumped its env:\n" + fence("CI=true\nGITHUB_PAT=%s\nSLACK_TOKEN=%s\nTARGET=%s" % (g, b, pick(PLATFORMS))),
             ("github_fine_grained_pat", g), ("slack_bot_token", b))


def mp_payroll():
    p, s = v_phone("US"), v_ssn()
    return P(fence("contractor,phone,ssn,rate\nctr_%s,%s,%s,%d/h" % (ulid(), p, s, ri(40, 160)), "csv"), ("phone_number", p), ("us_ssn", s))


def mp_creator():
    i, p = v_iban(pick(["SE", "FI", "PL", "GB"])), v_phone(pick(["SE", "FI", "PL", "UK"]))
    return P("creator onboarding form (should have gone to the portal): bank %s, phone %s" % (i, p), ("iban", i), ("phone_number", p))


POS_PAIRS = [("aws_pair", mp_aws_0), ("aws_pair", mp_aws_1), ("aws_pair", mp_aws_2), ("aws_pair", mp_aws_3), ("aws_pair", mp_aws_4),
             ("aws_pair", mp_aws_5), ("support", mp_support_0), ("support", mp_support_1), ("chargeback", mp_chargeback_0),
             ("chargeback", mp_chargeback_1), ("payout", mp_payout), ("w9", mp_w9), ("ban_appeal", mp_ban_appeal),
             ("authgw_log", mp_log_ip_jwt), ("compose", mp_compose), ("slack_env", mp_slack_pair), ("llm_env", mp_llm_pair),
             ("ci_env", mp_ci_env), ("payroll_csv", mp_payroll), ("creator_form", mp_creator)]

SINGLE_COUNTS = {"aws_access_key_id": 4, "aws_secret_access_key": 3, "email_address": 3, "phone_number": 6, "credit_card": 8,
                 "iban": 7, "us_ssn": 7, "ipv4_address": 8, "jwt": 9, "url_credentials": 9, "password": 9, "slack_bot_token": 7,
                 "slack_user_token": 8, "openai_api_key": 8, "anthropic_api_key": 8, "github_fine_grained_pat": 8,
                 "github_classic_pat": 9, "private_key_pem": 9}


# ============================================================================= BUILD + CHECKS
NEG_CATS = [("data_uri_base64", DATA_URI_T), ("placeholder_example", PLACEHOLDER_T), ("code_identifier", CODE_ID_T),
            ("non_credential_blob", NON_CRED_T), ("pii_lookalike_number", PII_LOOK_T), ("talk_about_secrets", TALK_T)]
PER_CAT = 100
MAX_LINES = 36


def build_negatives():
    recs, seen = [], set()
    redraws = {}
    kept_allowed = []
    for cat, temps in NEG_CATS:
        got, order = 0, []
        while got < PER_CAT:
            if not order:
                order = temps[:]
                R.shuffle(order)
            t = order.pop()
            text = None
            for _ in range(10):
                cand = decorate(t())
                if cand in seen:
                    redraws["duplicate"] = redraws.get("duplicate", 0) + 1
                    continue
                if cand.count("\n") + 1 > MAX_LINES:
                    redraws["too_long"] = redraws.get("too_long", 0) + 1
                    continue
                hits = scan(cand)
                bad = [h for h in hits if h[0] not in NEG_ALLOWED]
                if bad:
                    for h in bad:
                        redraws[h[0]] = redraws.get(h[0], 0) + 1
                    continue
                text = cand
                kept_allowed += [(cat, h) for h in hits]
                break
            if text is None:
                continue
            seen.add(text)
            recs.append({"text": text, "category": cat, "_tpl": t.__name__})
            got += 1
    R.shuffle(recs)
    out = []
    for i, r in enumerate(recs):
        out.append({"id": "h37n-%04d" % (i + 1), "text": r["text"], "category": r["category"]})
    return out, redraws, kept_allowed, recs


def spans_of(text, value):
    out, i = [], text.find(value)
    while i >= 0:
        out.append((i, i + len(value)))
        i = text.find(value, i + 1)
    return out


def check_value(kind, v):
    if kind == "credit_card":
        d = re.sub(r"[ -]", "", v)
        assert d.isdigit() and 13 <= len(d) <= 19 and luhn_ok(d), v
    elif kind == "iban":
        assert iban_ok(v) and v.replace(" ", "") not in IBAN_PUBLISHED, v
    elif kind == "us_ssn":
        d = re.sub(r"[ -]", "", v)
        a, g, s = int(d[:3]), int(d[3:5]), int(d[5:])
        assert len(d) == 9 and a not in (0, 666) and a < 900 and g and s, v
    elif kind == "ipv4_address":
        assert is_public(tuple(int(x) for x in v.split("."))), v
    elif kind == "jwt":
        h, p, s = v.split(".")
        for seg in (h, p):
            json.loads(base64.urlsafe_b64decode(seg + "=" * (-len(seg) % 4)))
    elif kind == "private_key_pem":
        raw = re.sub(r"\s+", "", v.replace("\\n", "\n"))
        b = base64.b64decode(raw, validate=True)
        assert b[0] == 0x30 or b.startswith(b"openssh-key-v1\x00"), v[:20]
    elif kind == "aws_access_key_id":
        assert re.fullmatch(r"(AKIA|ASIA)[A-Z2-7]{16}", v), v
    elif kind == "aws_secret_access_key":
        assert re.fullmatch(r"[A-Za-z0-9/+]{40}", v), v
    elif kind == "github_classic_pat":
        r = v[4:34]
        assert v.startswith("ghp_") and len(v) == 40 and b62(zlib.crc32(r.encode()) & 0xFFFFFFFF).rjust(6, "0") == v[34:], v
    elif kind == "github_fine_grained_pat":
        assert re.fullmatch(r"github_pat_11[A-Z0-9]{20}_[A-Za-z0-9]{59}", v), v
    elif kind == "slack_bot_token":
        assert re.fullmatch(r"xoxb-\d+-\d+-[A-Za-z0-9]{24}", v), v
    elif kind == "slack_user_token":
        assert re.fullmatch(r"xoxp-\d+-\d+-\d+-[0-9a-f]{32}", v), v
    elif kind == "openai_api_key":
        assert v.startswith("sk-") and "T3BlbkFJ" in v, v
    elif kind == "anthropic_api_key":
        assert re.fullmatch(r"sk-ant-api03-[A-Za-z0-9_-]{93}AA", v), v
    elif kind == "email_address":
        assert EMAIL_RE.fullmatch(v), v
    elif kind == "phone_number":
        assert 8 <= len(re.sub(r"\D", "", v)) <= 15, v


def build_positives():
    plan = []
    for kind, n in SINGLE_COUNTS.items():
        temps = POS_SINGLE[kind]
        idxs = list(range(len(temps)))
        R.shuffle(idxs)
        for k in range(n):
            ti = idxs[k % len(idxs)]
            plan.append(("single", kind, ti, temps[ti]))
    counter = {}
    for name, fn in POS_PAIRS:
        counter[name] = counter.get(name, 0) + 1
        plan.append(("multi", name, counter[name], fn))
    recs, seen, misses, seen_values = [], set(), [], set()
    for mode, name, idx, fn in plan:
        for attempt in range(50):
            text, secrets = fn()
            text = decorate(text, 0.08, 0.04)
            if text in seen or any(v in seen_values for _, v in secrets):
                continue
            spans = []
            for kind, v in secrets:
                check_value(kind, v)
                sp = spans_of(text, v)
                assert sp, (kind, v)
                spans += sp
            ok = True
            found_kinds = set()
            for hk, hv in scan(text):
                if hk == "pem_private_key":
                    covered = any(k == "private_key_pem" for k, _ in secrets)
                else:
                    covered = any(a < e and s < b for (a, b) in spans_of(text, hv) for (s, e) in spans)
                if not covered:
                    ok = False
                    break
                found_kinds.add(hk)
            if not ok:
                continue
            break
        else:
            raise SystemExit("could not build positive for %s" % name)
        seen.add(text)
        for _, v in secrets:
            seen_values.add(v)
        hits = scan(text)
        for kind, v in secrets:
            hit = any(any(a < e and s < b for (a, b) in spans_of(text, hv) for (s, e) in spans_of(text, v)) or
                      (hk == "pem_private_key" and kind == "private_key_pem") for hk, hv in hits)
            if not hit:
                misses.append((kind, v[:40]))
        ctx = "%s:t%d" % (name, idx) if mode == "single" else "multi:%s:%d" % (name, idx)
        recs.append({"text": text, "secrets": [{"kind": k, "value": v} for k, v in secrets], "context": ctx})
    R.shuffle(recs)
    out = []
    for i, r in enumerate(recs):
        out.append({"id": "h37p-%04d" % (i + 1), "text": r["text"], "secrets": r["secrets"], "context": r["context"]})
    return out, misses


def write_jsonl(path, recs):
    with open(path, "w", encoding="utf-8", newline="\n") as f:
        for r in recs:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")


def main():
    negs, redraws, kept_allowed, raw = build_negatives()
    poss, misses = build_positives()
    npath = os.path.join(HERE, "redaction37_negatives.jsonl")
    ppath = os.path.join(HERE, "redaction37_positives.jsonl")
    write_jsonl(npath, negs)
    write_jsonl(ppath, poss)

    # ---- summary
    cats = {}
    for r in negs:
        cats[r["category"]] = cats.get(r["category"], 0) + 1
    assert all(v == PER_CAT for v in cats.values()) and len(cats) == 6
    assert len({r["text"] for r in negs}) == len(negs) == 600
    for r in negs:  # re-scan the written data
        assert not [h for h in scan(r["text"]) if h[0] not in NEG_ALLOWED], r["id"]
    kinds = {}
    for r in poss:
        for s in r["secrets"]:
            kinds[s["kind"]] = kinds.get(s["kind"], 0) + 1
            assert s["value"] in r["text"]
    nsec = [len(r["secrets"]) for r in poss]
    assert len(poss) == 150 and nsec.count(1) == 130 and nsec.count(2) == 20 and sum(nsec) == 170
    assert len(kinds) == 18
    lines = [r["text"].count("\n") + 1 for r in negs]
    print("negatives:", len(negs), cats)
    print("  lines: min %d max %d, single-line %d, >=10 lines %d, >=20 lines %d" % (
        min(lines), max(lines), lines.count(1), sum(1 for x in lines if x >= 10), sum(1 for x in lines if x >= 20)))
    tpl = {}
    for r in raw:
        tpl.setdefault(r["category"], set()).add(r["_tpl"])
    print("  templates used per category:", {k: len(v) for k, v in tpl.items()})
    print("  redraws by reason:", dict(sorted(redraws.items())))
    print("  allowed findings kept:", kept_allowed)
    print("positives:", len(poss), "texts,", sum(nsec), "secrets")
    print("  per kind:", dict(sorted(kinds.items())))
    print("  scanner misses on positives:", misses)
    for p in (npath, ppath):
        print(os.path.basename(p), hashlib.sha256(open(p, "rb").read()).hexdigest())


if __name__ == "__main__":
    main()
