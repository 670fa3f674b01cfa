#!/usr/bin/env python3
"""Blind redaction corpus #58.

Theme: the Slack of a hospital network's IT and clinical-systems team (EHR
integrations, HL7/FHIR feeds, PACS imaging, pharmacy dispensing robots,
on-call paging) working across the Netherlands, Ireland and South Africa.

Standard library only. The only randomness is random.Random(58 * 101).
Writes redaction58_negatives.jsonl and redaction58_positives.jsonl next to
this file and prints a scanner report.
"""
import base64
import binascii
import hashlib
import json
import os
import re
import struct
import sys
import zlib
from random import Random

N = 58
R = Random(N * 101)
HERE = os.path.dirname(os.path.abspath(__file__))

# ---------------------------------------------------------------------------
# small random helpers (all drawing from R)
# ---------------------------------------------------------------------------
HEX = "0123456789abcdef"
B62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
B64URL = B62 + "-_"
B64STD = B62 + "+/"
CROCK = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"


def pick(seq):
    return seq[R.randrange(len(seq))]


def rbytes(n):
    return bytes(R.randrange(256) for _ in range(n))


def rhex(n):
    return "".join(pick(HEX) for _ in range(n))


def rstr(alpha, n):
    return "".join(pick(alpha) for _ in range(n))


def rdigits(n, first_nonzero=True):
    s = str(R.randint(1, 9)) if first_nonzero else str(R.randint(0, 9))
    return s + "".join(str(R.randint(0, 9)) for _ in range(n - 1))


def ruuid():
    b = bytearray(rbytes(16))
    b[6] = (b[6] & 0x0F) | 0x40
    b[8] = (b[8] & 0x3F) | 0x80
    h = b.hex()
    return "%s-%s-%s-%s-%s" % (h[:8], h[8:12], h[12:16], h[16:20], h[20:])


def rulid():
    return pick("01") + rstr(CROCK, 25)


def b64(b):
    return base64.b64encode(b).decode()


def b64u(b):
    return base64.urlsafe_b64encode(b).decode().rstrip("=")


def rdate(y0=2024, y1=2026):
    return (R.randint(y0, y1), R.randint(1, 12), R.randint(1, 28))


def rtime():
    return (R.randint(0, 23), R.randint(0, 59), R.randint(0, 59))


def iso_ts():
    y, m, d = rdate()
    hh, mm, ss = rtime()
    return "%04d-%02d-%02dT%02d:%02d:%02d.%03dZ" % (y, m, d, hh, mm, ss, R.randint(0, 999))


def hl7_ts():
    y, m, d = rdate()
    hh, mm, ss = rtime()
    return "%04d%02d%02d%02d%02d%02d" % (y, m, d, hh, mm, ss)


def nl_date():
    y, m, d = rdate()
    return "%02d-%02d-%04d" % (d, m, y)


def epoch():
    return R.randint(1704067200, 1790000000)


def priv_ip():
    k = R.randrange(4)
    if k == 0:
        return "10.%d.%d.%d" % (R.randint(0, 255), R.randint(0, 255), R.randint(1, 254))
    if k == 1:
        return "172.%d.%d.%d" % (R.randint(16, 31), R.randint(0, 255), R.randint(1, 254))
    if k == 2:
        return "192.168.%d.%d" % (R.randint(0, 255), R.randint(1, 254))
    return pick(["192.0.2", "198.51.100", "203.0.113"]) + ".%d" % R.randint(1, 254)


def luhn_ok(s):
    tot = 0
    for i, ch in enumerate(reversed(s)):
        d = ord(ch) - 48
        if i % 2 == 1:
            d *= 2
            if d > 9:
                d -= 9
        tot += d
    return tot % 10 == 0


def luhn_complete(prefix, length):
    body = prefix + "".join(str(R.randint(0, 9)) for _ in range(length - len(prefix) - 1))
    for c in "0123456789":
        if luhn_ok(body + c):
            return body + c
    raise AssertionError


# ---------------------------------------------------------------------------
# real binary formats for the data-URI negatives
# ---------------------------------------------------------------------------
def png_chunk(typ, data):
    return struct.pack(">I", len(data)) + typ + data + struct.pack(">I", zlib.crc32(typ + data) & 0xFFFFFFFF)


def make_png(w=None, h=None, text=None):
    w = w or R.choice([1, 1, 2, 4, 8, 12, 16])
    h = h or R.choice([1, 1, 2, 4, 8, 12, 16])
    mode = R.choice([2, 6])
    bpp = 3 if mode == 2 else 4
    base = rbytes(bpp)
    raw = b""
    for y in range(h):
        row = bytearray()
        for x in range(w):
            if R.random() < 0.3:
                row += rbytes(bpp)
            else:
                row += base
        raw += b"\x00" + bytes(row)
    out = b"\x89PNG\r\n\x1a\n" + png_chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, mode, 0, 0, 0))
    if text:
        out += png_chunk(b"tEXt", b"Software\x00" + text.encode())
    out += png_chunk(b"IDAT", zlib.compress(raw, 9)) + png_chunk(b"IEND", b"")
    return out


def make_gif():
    c0 = rbytes(3)
    c1 = rbytes(3)
    out = b"GIF89a" + struct.pack("<HH", 1, 1) + b"\x80\x00\x00" + c0 + c1
    if R.random() < 0.6:
        out += b"\x21\xf9\x04\x01\x00\x00\x00\x00"
    out += b"\x2c" + struct.pack("<HHHH", 0, 0, 1, 1) + b"\x00" + b"\x02\x02\x44\x01\x00" + b"\x3b"
    return out


def make_jpeg(comment=None):
    out = b"\xff\xd8"
    out += b"\xff\xe0" + struct.pack(">H", 16) + b"JFIF\x00\x01\x01" + bytes([R.choice([0, 1])]) + struct.pack(">HH", 72, 72) + b"\x00\x00"
    if comment:
        c = comment.encode()
        out += b"\xff\xfe" + struct.pack(">H", len(c) + 2) + c
    q = R.randint(1, 16)
    out += b"\xff\xdb" + struct.pack(">H", 67) + b"\x00" + bytes([q] * 64)
    out += b"\xff\xc0" + struct.pack(">HBHHB", 11, 8, 1, 1, 1) + b"\x01\x11\x00"
    counts = bytes([1] + [0] * 15)
    out += b"\xff\xc4" + struct.pack(">H", 20) + b"\x00" + counts + b"\x00"
    out += b"\xff\xc4" + struct.pack(">H", 20) + b"\x10" + counts + b"\x00"
    out += b"\xff\xda" + struct.pack(">H", 8) + b"\x01\x01\x00\x00\x3f\x00"
    out += b"\x3f" + b"\xff\xd9"
    return out


WEBP_LOSSLESS = base64.b64decode("UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==")
WEBP_LOSSY = base64.b64decode("UklGRiIAAABXRUJQVlA4IBYAAAAwAQCdASoBAAEADsD+JaQAA3AAAAAA")


def make_wav(freq=None, n=None):
    freq = freq or R.choice([440, 660, 880, 1000, 1200])
    n = n or R.choice([24, 32, 48, 64])
    rate = 8000
    import math
    samples = bytes(int(128 + 100 * math.sin(2 * math.pi * freq * i / rate)) & 0xFF for i in range(n))
    fmt = struct.pack("<HHIIHH", 1, 1, rate, rate, 1, 8)
    body = b"WAVE" + b"fmt " + struct.pack("<I", 16) + fmt + b"data" + struct.pack("<I", len(samples)) + samples
    return b"RIFF" + struct.pack("<I", len(body)) + body


def make_ico():
    png = make_png(16, 16)
    hdr = struct.pack("<HHH", 0, 1, 1) + struct.pack("<BBBBHHII", 16, 16, 0, 0, 1, 32, len(png), 22)
    return hdr + png


def make_pdf(title):
    objs = [
        b"<< /Type /Catalog /Pages 2 0 R >>",
        b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
    ]
    stream = ("BT /F1 12 Tf 72 770 Td (%s) Tj ET" % title).encode()
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


def uid_2_25():
    return "2.25." + str(int.from_bytes(rbytes(16), "big") >> 1)


def dcm_elem(group, elem, vr, value):
    if len(value) % 2:
        value += b"\x00" if vr in ("UI", "OB") else b" "
    if vr in ("OB", "OW", "SQ", "UN", "UT"):
        return struct.pack("<HH", group, elem) + vr.encode() + b"\x00\x00" + struct.pack("<I", len(value)) + value
    return struct.pack("<HH", group, elem) + vr.encode() + struct.pack("<H", len(value)) + value


def make_dicom():
    sop_class = R.choice(["1.2.840.10008.5.1.4.1.1.7", "1.2.840.10008.5.1.4.1.1.2", "1.2.840.10008.5.1.4.1.1.4"])
    inst = uid_2_25()
    meta = dcm_elem(2, 1, "OB", b"\x00\x01")
    meta += dcm_elem(2, 2, "UI", sop_class.encode())
    meta += dcm_elem(2, 3, "UI", inst.encode())
    meta += dcm_elem(2, 0x10, "UI", b"1.2.840.10008.1.2.1")
    meta += dcm_elem(2, 0x12, "UI", uid_2_25().encode()[:40])
    meta += dcm_elem(2, 0x13, "SH", b"QA_PHANTOM_1")
    grp = dcm_elem(2, 0, "UL", struct.pack("<I", len(meta)))
    ds = dcm_elem(8, 0x16, "UI", sop_class.encode())
    ds += dcm_elem(8, 0x18, "UI", inst.encode())
    ds += dcm_elem(8, 0x60, "CS", R.choice([b"OT", b"CT", b"MR"]))
    ds += dcm_elem(0x28, 0x10, "US", struct.pack("<H", 1))
    ds += dcm_elem(0x28, 0x11, "US", struct.pack("<H", 1))
    return b"\x00" * 128 + b"DICM" + grp + meta + ds


def sourcemap(path):
    sm = {"version": 3, "file": path.rsplit("/", 1)[-1].replace(".tsx", ".js").replace(".ts", ".js"),
          "sources": ["webpack://bedboard/./" + path], "names": [],
          "mappings": ";;" + ",".join(rstr("ABCDEFGIKMOQSUWYacegikmoqsuwy", 4) for _ in range(R.randint(4, 9)))}
    return json.dumps(sm, separators=(",", ":")).encode()


SVG_ICONS = [
    '<svg xmlns="http://www.w3.org/2000/svg" width="16" height="16" viewBox="0 0 16 16"><path d="M6 1h4v5h5v4h-5v5H6v-5H1V6h5z" fill="#%s"/></svg>',
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><circle cx="12" cy="12" r="9" fill="none" stroke="#%s" stroke-width="2"/><path d="M12 7v6l4 2"/></svg>',
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 20 20"><rect x="2" y="5" width="16" height="10" rx="2" fill="#%s"/><path d="M5 10h10" stroke="#fff"/></svg>',
    '<svg xmlns="http://www.w3.org/2000/svg" width="12" height="12"><polygon points="6,1 11,11 1,11" fill="#%s"/></svg>',
]


def make_svg():
    return (pick(SVG_ICONS) % rhex(6)).encode()


def trunc(s, keep=None):
    keep = keep or R.randint(40, 90)
    if len(s) <= keep + 8:
        return s
    return s[:keep] + pick(["…", "...", "…[%d more chars]" % (len(s) - keep), "... (truncated)"])


# ---------------------------------------------------------------------------
# real key material (EC P-256, Ed25519, RSA) for positives and public-key negatives
# ---------------------------------------------------------------------------
P256_P = 0xFFFFFFFF00000001000000000000000000000000FFFFFFFFFFFFFFFFFFFFFFFF
P256_A = P256_P - 3
P256_N = 0xFFFFFFFF00000000FFFFFFFFFFFFFFFFBCE6FAADA7179E84F3B9CAC2FC632551
P256_G = (0x6B17D1F2E12C4247F8BCE6E563A440F277037D812DEB33A0F4A13945D898C296,
          0x4FE342E2FE1A7F9B8EE7EB4A7C0F9E162BCE33576B315ECECBB6406837BF51F5)


def ec_add(P, Q):
    if P is None:
        return Q
    if Q is None:
        return P
    if P[0] == Q[0] and (P[1] + Q[1]) % P256_P == 0:
        return None
    if P == Q:
        l = (3 * P[0] * P[0] + P256_A) * pow(2 * P[1], -1, P256_P) % P256_P
    else:
        l = (Q[1] - P[1]) * pow(Q[0] - P[0], -1, P256_P) % P256_P
    x = (l * l - P[0] - Q[0]) % P256_P
    return (x, (l * (P[0] - x) - P[1]) % P256_P)


def ec_mul(k, P):
    R_ = None
    while k:
        if k & 1:
            R_ = ec_add(R_, P)
        P = ec_add(P, P)
        k >>= 1
    return R_


ED_P = 2 ** 255 - 19
ED_D = -121665 * pow(121666, -1, ED_P) % ED_P
ED_BY = 4 * pow(5, -1, ED_P) % ED_P


def _ed_recover_x(y):
    xx = (y * y - 1) * pow(ED_D * y * y + 1, -1, ED_P) % ED_P
    x = pow(xx, (ED_P + 3) // 8, ED_P)
    if (x * x - xx) % ED_P:
        x = x * pow(2, (ED_P - 1) // 4, ED_P) % ED_P
    if x % 2:
        x = ED_P - x
    return x


ED_B = (_ed_recover_x(ED_BY), ED_BY)


def ed_add(P, Q):
    x1, y1 = P
    x2, y2 = Q
    t = ED_D * x1 * x2 * y1 * y2 % ED_P
    x3 = (x1 * y2 + x2 * y1) * pow(1 + t, -1, ED_P)
    y3 = (y1 * y2 + x1 * x2) * pow(1 - t, -1, ED_P)
    return (x3 % ED_P, y3 % ED_P)


def ed_mul(k, P):
    Q = (0, 1)
    while k:
        if k & 1:
            Q = ed_add(Q, P)
        P = ed_add(P, P)
        k >>= 1
    return Q


def ed25519_pub(seed):
    h = hashlib.sha512(seed).digest()
    a = int.from_bytes(h[:32], "little")
    a &= (1 << 254) - 8
    a |= 1 << 254
    x, y = ed_mul(a, ED_B)
    return (y | ((x & 1) << 255)).to_bytes(32, "little")


def der_len(n):
    if n < 128:
        return bytes([n])
    b = n.to_bytes((n.bit_length() + 7) // 8, "big")
    return bytes([0x80 | len(b)]) + b


def der(tag, body):
    return bytes([tag]) + der_len(len(body)) + body


def der_int(v):
    b = v.to_bytes(max(1, (v.bit_length() + 8) // 8), "big")
    return der(0x02, b)


def der_oid(s):
    parts = [int(p) for p in s.split(".")]
    body = bytes([parts[0] * 40 + parts[1]])
    for p in parts[2:]:
        enc = [p & 0x7F]
        p >>= 7
        while p:
            enc.append(0x80 | (p & 0x7F))
            p >>= 7
        body += bytes(reversed(enc))
    return der(0x06, body)


def seq(*items):
    return der(0x30, b"".join(items))


def is_probable_prime(n):
    if n < 2:
        return False
    for p in (2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37):
        if n % p == 0:
            return n == p
    d, s = n - 1, 0
    while d % 2 == 0:
        d //= 2
        s += 1
    for _ in range(20):
        a = R.randrange(2, n - 2)
        x = pow(a, d, n)
        if x in (1, n - 1):
            continue
        for _ in range(s - 1):
            x = x * x % n
            if x == n - 1:
                break
        else:
            return False
    return True


SMALL_PRIMES = [p for p in range(3, 2000) if all(p % q for q in range(2, int(p ** 0.5) + 1))]


def gen_prime(bits):
    while True:
        c = R.getrandbits(bits) | (1 << (bits - 1)) | (1 << (bits - 2)) | 1
        if any(c % p == 0 for p in SMALL_PRIMES):
            continue
        if is_probable_prime(c):
            return c


def gen_rsa(bits=2048):
    e = 65537
    while True:
        p = gen_prime(bits // 2)
        q = gen_prime(bits // 2)
        if p == q:
            continue
        phi = (p - 1) * (q - 1)
        try:
            d = pow(e, -1, phi)
        except ValueError:
            continue
        if p < q:
            p, q = q, p
        n = p * q
        return dict(n=n, e=e, d=d, p=p, q=q, dp=d % (p - 1), dq=d % (q - 1), qi=pow(q, -1, p))


def rsa_pkcs1(k):
    return seq(*[der_int(v) for v in (0, k["n"], k["e"], k["d"], k["p"], k["q"], k["dp"], k["dq"], k["qi"])])


def rsa_pkcs8(k):
    return seq(der_int(0), seq(der_oid("1.2.840.113549.1.1.1"), b"\x05\x00"), der(0x04, rsa_pkcs1(k)))


def ec_keypair():
    d = R.randrange(1, P256_N)
    return d, ec_mul(d, P256_G)


def ec_sec1(d, Q):
    pub = b"\x04" + Q[0].to_bytes(32, "big") + Q[1].to_bytes(32, "big")
    return seq(der_int(1), der(0x04, d.to_bytes(32, "big")), der(0xA0, der_oid("1.2.840.10045.3.1.7")),
               der(0xA1, der(0x03, b"\x00" + pub)))


def ec_pkcs8(d, Q):
    pub = b"\x04" + Q[0].to_bytes(32, "big") + Q[1].to_bytes(32, "big")
    inner = seq(der_int(1), der(0x04, d.to_bytes(32, "big")), der(0xA1, der(0x03, b"\x00" + pub)))
    return seq(der_int(0), seq(der_oid("1.2.840.10045.2.1"), der_oid("1.2.840.10045.3.1.7")), der(0x04, inner))


def ec_spki(Q):
    pub = b"\x04" + Q[0].to_bytes(32, "big") + Q[1].to_bytes(32, "big")
    return seq(seq(der_oid("1.2.840.10045.2.1"), der_oid("1.2.840.10045.3.1.7")), der(0x03, b"\x00" + pub))


def ed_pkcs8(seed):
    return bytes.fromhex("302e020100300506032b657004220420") + seed


def ssh_str(b):
    if isinstance(b, str):
        b = b.encode()
    return struct.pack(">I", len(b)) + b


def openssh_ed25519(seed, comment):
    pk = ed25519_pub(seed)
    pub_blob = ssh_str("ssh-ed25519") + ssh_str(pk)
    chk = rbytes(4)
    priv = chk + chk + ssh_str("ssh-ed25519") + ssh_str(pk) + ssh_str(seed + pk) + ssh_str(comment)
    i = 1
    while len(priv) % 8:
        priv += bytes([i])
        i += 1
    blob = b"openssh-key-v1\x00" + ssh_str("none") + ssh_str("none") + ssh_str(b"") + struct.pack(">I", 1)
    blob += ssh_str(pub_blob) + ssh_str(priv)
    return blob, pub_blob


def wrap(s, width):
    return [s[i:i + width] for i in range(0, len(s), width)]


# ---------------------------------------------------------------------------
# scanner: finds real-looking secrets / personal data in a text
# ---------------------------------------------------------------------------
RE_EMAIL = re.compile(r"[A-Za-z0-9._%+\-]+@[A-Za-z0-9\-]+(?:\.[A-Za-z0-9\-]+)*\.[A-Za-z]{2,}")
RE_GH = re.compile(r"gh[pousr]_[A-Za-z0-9]{36}|github_pat_[A-Za-z0-9_]{40,}")
RE_SLACK = re.compile(r"xox[abposre]-\d+-[A-Za-z0-9\-]{8,}")
RE_SK = re.compile(r"sk-(?:ant-[a-z]+\d*-|proj-|svcacct-|admin-)?[A-Za-z0-9_\-]{32,}")
RE_JWT = re.compile(r"eyJ[A-Za-z0-9_\-]{5,}\.eyJ[A-Za-z0-9_\-]{5,}\.[A-Za-z0-9_\-]{10,}")
RE_PEM = re.compile(r"-----BEGIN ((?:[A-Z0-9]+ )*)PRIVATE KEY-----(.*?)(?:-----END|$)", re.S)
RE_AKIA = re.compile(r"(?<![A-Z0-9])(?:AKIA|ASIA)[A-Z0-9]{16}(?![A-Z0-9])")
RE_AWS_SECRET = re.compile(r"(?<![A-Za-z0-9/+])([A-Za-z0-9/+]{40})(?![A-Za-z0-9/+=])")
RE_AWS_CONTEXT = re.compile(r"(?i)aws|\bs3\b|AKIA|ASIA|secret")
RE_SSN = re.compile(r"(?<![\d\-])(\d{3})([- ])(\d{2})\2(\d{4})(?![\d\-])")
RE_IPV4 = re.compile(r"(?<![\w.])(?:\d{1,3}\.){3}\d{1,3}(?![\w]|\.\d)")
RE_IBAN = re.compile(r"(?<![A-Za-z0-9])([A-Z]{2}\d{2}(?:[ ]?[A-Z0-9]){10,30})")
IBAN_LEN = {"NL": 18, "IE": 22, "BE": 16, "DE": 22, "GB": 22, "FR": 27, "ES": 24, "IT": 27, "AT": 20,
            "CH": 21, "PL": 28, "PT": 25, "LU": 20, "DK": 18, "SE": 24, "FI": 18, "NO": 15}
RE_PHONE_INTL = re.compile(r"(?<![\w+])(?:\+|00)[ ]?(?:31|353|27)(?:[ .\-]?\(0\))?(?:[ .\-()]{0,2}\d){8,10}(?!\d)")
RE_PHONE_NAT = re.compile(r"(?<![\w+.\-/])(?:\(0\d{1,3}\)|0[1-9]\d{0,2})(?:[ .\-/]{0,3}\d){6,9}(?![\d:])")
RE_DIGITRUN = re.compile(r"\d+")
RE_BSN = re.compile(r"(?<![\w.\-])\d{9}(?![\w]|[.\-]\d)")
RE_PPSN = re.compile(r"(?<![A-Za-z0-9])(\d{7})([A-W])([A-IW]?)(?![A-Za-z0-9])")
RE_URLCRED = re.compile(r"[a-z][a-z0-9+.\-]*://([^\s:/@<>\"']*):([^\s@/<>\"']+)@")
RE_PWASSIGN = re.compile(r"(?i)(?<![\w$])(?:password|passwd|pwd|pass|wachtwoord|wagwoord|pasfhocal|ww|pw|-p)(?![\w])[\"']?(?:[ \t]*(?:is|=|:|->)[ \t]*|[ \t]+|(?=['\"]))[\"'`]?([^\s\"'`,;]+)")
RE_PWNEAR = re.compile(r"(?i)(?<![\w$])(?:password|wachtwoord|wagwoord|pasfhocal|ww|pw)\b[^\n`'\"]{0,60}?(?:\bis|\bes|:)[ \t]+[`'\"]?([^\s`'\",;]+)")
PLACEHOLDER_BITS = ("<", "(", ">", "$", "{", "}", "*", "xxx", "XXX", "...", "…", "[", "%", "•", "REDACTED", "redacted", "EXAMPLE")
DEFAULT_PW = {"changeme", "password", "admin", "guest", "root", "secret", "test", "example", "voorbeeld", "pass",
              "postgres", "mirth", "user", "wachtwoord", "wagwoord", "pasfhocal", "orthanc", "vagrant"}


def mod97(s):
    return int("".join(str(int(c, 36)) for c in s)) % 97


def iban_ok(compact):
    L = IBAN_LEN.get(compact[:2])
    if not L or len(compact) < L:
        return None
    cand = compact[:L]
    if not cand[2:4].isdigit():
        return None
    if mod97(cand[4:] + cand[:4]) == 1:
        return cand
    return None


def ipv4_public(ip):
    try:
        o = [int(x) for x in ip.split(".")]
    except ValueError:
        return False
    if len(o) != 4 or any(x > 255 for x in o) or any(len(x) > 1 and x[0] == "0" for x in ip.split(".")):
        return False
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
    if a == 198 and b in (18, 19):
        return False
    if a == 198 and b == 51 and c == 100:
        return False
    if a == 203 and b == 0 and c == 113:
        return False
    return True


def ssn_ok(a, g, s):
    a, g, s = int(a), int(g), int(s)
    return 0 < a < 900 and a != 666 and g != 0 and s != 0


def bsn_ok(s):
    if s[0] == "0" and s[1] == "0":
        return False
    tot = sum(int(c) * w for c, w in zip(s[:8], range(9, 1, -1))) - int(s[8])
    return tot % 11 == 0 and tot != 0


def ppsn_ok(digits, c1, c2):
    tot = sum(int(c) * w for c, w in zip(digits, range(8, 1, -1)))
    if c2:
        tot += 9 * (0 if c2 == "W" else ord(c2) - 64)
    r = tot % 23
    return c1 == ("W" if r == 0 else chr(64 + r))


RE_PW_PLACEHOLDER = re.compile(r"^(?:<.*|\$\{.*|\$\(.*|\$[A-Za-z_].*|\{\{.*|%[A-Za-z_]+%|\(.*|\[.*|:'.*|configurationMap.*)$")


def pw_placeholder(v):
    if not v:
        return True
    if RE_PW_PLACEHOLDER.match(v):
        return True
    if any(b in v for b in ("***", "xxx", "XXX", "...", "…", "•", "REDACTED", "redacted", "EXAMPLE", "REPLACE", "{{", "}}")):
        return True
    if v.lower().strip(".!?") in DEFAULT_PW:
        return True
    core = v.rstrip(".,!?:;)")
    if core.isalpha() and (core.islower() or core.istitle()):
        return True
    classes = sum([any(c.islower() for c in v), any(c.isupper() for c in v), any(c.isdigit() for c in v),
                   any(not c.isalnum() for c in v)])
    if len(v) < 6 or classes < 2:
        return True
    return False


def scan(text):
    """Return a list of (detector, start, end, value)."""
    out = []
    for m in RE_EMAIL.finditer(text):
        out.append(("email", m.start(), m.end(), m.group()))
    for m in RE_GH.finditer(text):
        out.append(("github_token", m.start(), m.end(), m.group()))
    for m in RE_SLACK.finditer(text):
        out.append(("slack_token", m.start(), m.end(), m.group()))
    for m in RE_SK.finditer(text):
        out.append(("sk_key", m.start(), m.end(), m.group()))
    for m in RE_JWT.finditer(text):
        out.append(("jwt", m.start(), m.end(), m.group()))
    for m in RE_PEM.finditer(text):
        body = re.sub(r"\\n|\s|\"|,|'|\+", "", m.group(2))
        body = re.sub(r"^[A-Za-z\-]+:[^\n]*", "", body)
        if len(re.findall(r"[A-Za-z0-9+/=]", body)) > 40 and "..." not in m.group(2) and "…" not in m.group(2):
            out.append(("pem_private_key", m.start(), m.end(), m.group()[:40]))
    for m in RE_AKIA.finditer(text):
        if "EXAMPLE" not in m.group():
            out.append(("aws_key_id", m.start(), m.end(), m.group()))
    for m in RE_AWS_SECRET.finditer(text):
        v = m.group(1)
        near = text[max(0, m.start() - 200):m.end() + 200]
        if ("EXAMPLE" not in v and any(c.isupper() for c in v) and any(c.islower() for c in v) and any(c.isdigit() for c in v)
                and RE_AWS_CONTEXT.search(near)):
            out.append(("aws_secret", m.start(1), m.end(1), m.group(1)))
    for m in RE_SSN.finditer(text):
        if m.group(2) == "-" or ssn_ok(m.group(1), m.group(3), m.group(4)):
            out.append(("ssn_shape", m.start(), m.end(), m.group()))
    for m in RE_IPV4.finditer(text):
        if ipv4_public(m.group()):
            out.append(("public_ipv4", m.start(), m.end(), m.group()))
    for m in RE_IBAN.finditer(text):
        compact = m.group(1).replace(" ", "")
        good = iban_ok(compact)
        if good:
            out.append(("iban_mod97", m.start(), m.end(), good))
    for rx in (RE_PHONE_INTL, RE_PHONE_NAT):
        for m in rx.finditer(text):
            nd = sum(c.isdigit() for c in m.group())
            if rx is RE_PHONE_NAT and not 9 <= nd <= 10:
                continue
            out.append(("phone_nl_ie_za", m.start(), m.end(), m.group()))
    # Luhn over digit runs and every window of consecutive groups (space, dash, newline separated)
    runs = [(m.start(), m.end()) for m in RE_DIGITRUN.finditer(text)]
    chains, cur = [], []
    for s, e in runs:
        gap = text[cur[-1][1]:s] if cur else ""
        if cur and gap in (" ", "-", "\n", "\u00a0", "  ", " - "):
            cur.append((s, e))
        else:
            if cur:
                chains.append(cur)
            cur = [(s, e)]
    if cur:
        chains.append(cur)
    seen = set()
    for ch in chains:
        for i in range(len(ch)):
            digits = ""
            for j in range(i, len(ch)):
                digits += text[ch[j][0]:ch[j][1]]
                if len(digits) > 19:
                    break
                if len(digits) >= 13 and luhn_ok(digits) and (ch[i][0], ch[j][1]) not in seen:
                    seen.add((ch[i][0], ch[j][1]))
                    out.append(("luhn_13_19", ch[i][0], ch[j][1], text[ch[i][0]:ch[j][1]]))
    for m in RE_BSN.finditer(text):
        if bsn_ok(m.group()):
            out.append(("bsn_elfproef", m.start(), m.end(), m.group()))
    for m in RE_PPSN.finditer(text):
        if ppsn_ok(m.group(1), m.group(2), m.group(3)):
            out.append(("ppsn_check", m.start(), m.end(), m.group()))
    for m in RE_URLCRED.finditer(text):
        if not pw_placeholder(m.group(2)):
            out.append(("url_credentials", m.start(2), m.end(2), m.group(2)))
    pw_seen = set()
    for rx in (RE_PWASSIGN, RE_PWNEAR):
        for m in rx.finditer(text):
            if not pw_placeholder(m.group(1)) and m.start(1) not in pw_seen:
                pw_seen.add(m.start(1))
                out.append(("password_assignment", m.start(1), m.end(1), m.group(1)))
    return out


# ---------------------------------------------------------------------------
# shared domain vocabulary (no person names anywhere in negatives)
# ---------------------------------------------------------------------------
SITES = ["ZKH-NOORD", "ZKH-WEST", "UMC-OOST", "SLANEY-UH", "BARROW-GEN", "KAAP-ML", "TYGER-PVT", "GAUTENG-AK"]
HOSTS = ["mirth01.int.zgnoord.local", "hl7-gw02.zgnoord.local", "fhir-acc.zgnoord.local", "pacs-arch01.slaney.local",
         "orthanc-qa.kaapmed.local", "rowa-bridge.slaney.local", "pager-gw.kaapmed.local", "iguana-prd.int.local"]
WARDS = ["C4-Cardio", "B2-Neuro", "SEH", "IC-Volw", "St. Brigid's Ward", "Ward 6B", "Saal 3 (Chirurgie)", "NICU", "Kraamafdeling"]
MODALITIES = ["CT01", "CT02", "MR_3T", "MR_1T5", "US_SEH", "CR_ORTHO", "DX_MOBILE", "NM_SPECT", "MG_BREAST"]
DRUGS_ATC = [("N02BE01", "paracetamol 500 mg"), ("B01AC06", "acetylsalicylzuur 80 mg"), ("C07AB02", "metoprolol 50 mg"),
             ("A02BC01", "omeprazol 20 mg"), ("J01CA04", "amoxicilline 500 mg"), ("N02AA01", "morfine 10 mg/ml"),
             ("C10AA05", "atorvastatine 20 mg"), ("A10BA02", "metformine 850 mg"), ("H02AB06", "prednisolon 5 mg"),
             ("B01AB05", "enoxaparine 40 mg"), ("N05BA01", "diazepam 5 mg"), ("C03CA01", "furosemide 40 mg")]

LEADS = ["fyi ", "FYI: ", "Ter info: ", "LET OP: ", "Vir julle inligting: ", "Net 'n vinnige een: ", "Heads up: ",
         "Nóta: ", "Even checken: ", "kwick vraag — ", "ok so ", "Sien hieronder: ", "Morning all, ", "Goeiemôre span, ",
         "Dia daoibh, ", "Goedemorgen, ", "quick one: ", "Eish, "]
TRAILS = ["\nthx", "\nDank!", "\nbedankt 🙏", "\ndankie", "\ngo raibh maith agaibh", "\n:eyes:", "\n+1",
          "\nwil iemand meekijken?", "\nsal iemand asb kyk?", "\nsorted now", "\nlekker, thanks", "\n:white_check_mark:"]


def fence(body, lang=""):
    return "```%s\n%s\n```" % (lang, body)


# ---------------------------------------------------------------------------
# negatives: data_uri_base64
# ---------------------------------------------------------------------------
def d_css_png():
    cls = pick(["bed-status--vrij", "bed-status--bezet", "ward-icon--isolation", "triage--oranje", "pacs-thumb--loading"])
    uri = "data:image/png;base64," + b64(make_png(text=pick([None, "bedboard-icons", "Inkscape"])))
    body = ".%s {\n  background-image: url(\"%s\");\n  background-size: 12px 12px;\n}" % (cls, uri)
    intro = pick(["Bed board CSS after the icon sprite change:", "Nieuwe icoontjes voor het beddenoverzicht, inline:",
                  "Die nuwe ikone vir die bedbord:", "why is this inline and not in the sprite?"])
    return intro + "\n" + fence(body, "css")


def d_html_gif():
    uri = "data:image/gif;base64," + b64(make_gif())
    tpl = pick(["ontslagbrief", "discharge-summary", "verwysingsbrief", "lab-report-header"])
    return "Template `%s.html` has a tracking-pixel-looking spacer, it's harmless:\n%s" % (
        tpl, fence('<td width="1"><img src="%s" width="1" height="1" alt=""></td>' % uri, "html"))


def d_fhir_docref():
    pdf = make_pdf(pick(["Testverslag QA fantoom", "Interface test document", "Proefdruk etiket", "Sample report - no patient"]))
    doc = {"resourceType": "DocumentReference", "id": ruuid(), "status": "current",
           "type": {"coding": [{"system": "http://loinc.org", "code": pick(["11506-3", "18842-5", "34133-9"])}]},
           "content": [{"attachment": {"contentType": "application/pdf", "language": pick(["nl-NL", "en-IE", "af-ZA"]),
                                       "data": b64(pdf), "title": "test.pdf"}}]}
    js = json.dumps(doc, indent=2)
    return pick(["Payload from the FHIR acc server, attachment is just the QA test pdf:",
                 "DocumentReference van de testset (geen patiënt erin):",
                 "Hierdie is die toets-payload vir die FHIR koppeling:"]) + "\n" + fence(js, "json")


def d_fhir_binary():
    kind = R.randrange(3)
    if kind == 0:
        ct, data = "image/png", make_png()
    elif kind == 1:
        ct, data = "application/pdf", make_pdf("Binary upload smoke test")
    else:
        ct, data = "application/dicom", make_dicom()
    res = {"resourceType": "Binary", "id": ruuid(), "contentType": ct, "data": b64(data)}
    return "POST /fhir/R4/Binary returned 201 for this:\n" + fence(json.dumps(res, separators=(",", ":")), "json")


def d_hl7_ed():
    pdf = make_pdf(pick(["ORU test - geen patient", "Mirth channel test", "ED datatype smoke test"]))
    ctl = "MSG" + rdigits(8)
    msg = "MSH|^~\\&|LAB|%s|HIX|%s|%s||ORU^R01^ORU_R01|%s|T|2.5.1\rOBR|1||L%s|11502-2^Lab report^LN\rOBX|1|ED|PDF^Rapport^L||^application^pdf^Base64^%s||||||F" % (
        pick(SITES), pick(SITES), hl7_ts(), ctl, rdigits(7), b64(pdf))
    return pick(["ORU met embedded PDF (test bericht, processing id T):", "OBX-5 ED segment from the lab feed test run:",
                 "Die ORU met die ingeboude PDF:"]) + "\n" + fence(msg.replace("\r", "\n"))


def d_jupyter():
    cell = {"output_type": "display_data", "data": {"image/png": b64(make_png()), "text/plain": ["<Figure size 640x480 with 1 Axes>"]},
            "metadata": {}}
    return pick(["notebook diff is huge because of this output cell (HL7 throughput plot):",
                 "Notebook met de doorlooptijden van de ADT-feed, output zit in de diff:"]) + "\n" + fence(json.dumps(cell, indent=1), "json")


def d_pytest_dicom():
    blob = b64(make_dicom())
    return fence("# tests/fixtures.py\nimport base64\n\n# 1x1 QA phantom, no patient module at all\nTINY_DCM = base64.b64decode(\n    \"%s\"\n)\n" % blob, "python")


def d_dcmdump():
    d = make_dicom()
    b = b64(d)
    return "$ echo '%s' | base64 -d > /tmp/qa.dcm && dcmdump /tmp/qa.dcm | head -4\n# Dicom-File-Format\n# Dicom-Meta-Information-Header\n# Used TransferSyntax: Little Endian Explicit\n(0002,0000) UL %d                                      #   4, 1 FileMetaInformationGroupLength" % (
        b, struct.unpack("<I", d[140:144])[0])


def d_md_wav():
    uri = "data:audio/wav;base64," + b64(make_wav())
    return pick(["Runbook snippet for the paging console alert tone:\n", "Die nuwe alarmtoon vir die pager-konsole:\n",
                 "Pieptoon voor de oproepconsole (8 kHz, mono):\n"]) + "![alert tone](%s)" % uri


def d_js_audio():
    uri = "data:audio/wav;base64," + b64(make_wav())
    return fence("// pager-console/src/alarm.ts\nexport const BLEEP = new Audio(\n  \"%s\"\n);\nBLEEP.volume = 0.6;" % uri, "ts")


def d_favicon():
    uri = "data:image/x-icon;base64," + b64(make_ico())
    return "Favicon for the new medication-round dashboard, inline so the kiosk doesn't fetch it:\n" + fence(
        '<link rel="icon" type="image/x-icon" href="%s">' % uri, "html")


def d_sourcemap():
    path = pick(["src/components/BedBoard.tsx", "src/pages/MedicatieOverzicht.tsx", "src/lib/hl7-viewer.ts", "src/pager/Rota.tsx"])
    sm = b64(sourcemap(path))
    return "Last line of the prod bundle still ships the inline map:\n" + fence(
        "//# sourceMappingURL=data:application/json;charset=utf-8;base64," + sm, "js")


def d_svg_b64():
    uri = "data:image/svg+xml;base64," + b64(make_svg())
    return pick(["Icon for the 'isolatie' flag:", "Isolation flag icon in the ward view:", "Ikoon vir die isolasie-vlag:"]) + " `%s`" % uri


def d_svg_pct():
    from urllib.parse import quote
    svg = make_svg().decode().replace('"', "'")
    return fence(".triage-dot::before {\n  content: url(\"data:image/svg+xml,%s\");\n}" % quote(svg, safe=" ='/:,."), "css")


def d_webp():
    data = pick([WEBP_LOSSLESS, WEBP_LOSSY])
    uri = "data:image/webp;base64," + b64(data)
    v = pick(["supportsWebp", "webpOk", "hasWebP", "canWebp"])
    return pick(["feature detect in the PACS web viewer:", "WebP-detectie in de viewer (%s):" % pick(["ACC", "PRD", "TST"]),
                 "Die WebP-toets in die kiosk-bou:"]) + "\n" + fence(
        "const img = new Image();\nimg.onload = () => %s = img.width > 0;\nimg.src = \"%s\";" % (v, uri), "js")


def d_kotlin():
    return fence("// rowa-bridge/src/test/kotlin/LabelRenderTest.kt\nprivate const val LOGO_PNG =\n    \"%s\"\n\n@Test fun `renders pharmacy label logo`() {\n    val bytes = Base64.getDecoder().decode(LOGO_PNG)\n    assertEquals(0x89.toByte(), bytes[0])\n}" % b64(make_png(text="label-logo")), "kotlin")


def d_log_trunc():
    lines = []
    for _ in range(R.randint(2, 4)):
        lines.append("%s INFO  [pacs-web] thumb cache miss study=%s size=%d" % (iso_ts(), rhex(12), R.randint(2000, 9000)))
    uri = "data:image/jpeg;base64," + b64(make_jpeg(comment=pick([None, "PACS thumb", "QA"])))
    lines.append("%s DEBUG [pacs-web] placeholder=%s" % (iso_ts(), trunc(uri)))
    R.shuffle(lines)
    return fence("\n".join(lines))


def d_jpeg_chat():
    uri = "data:image/jpeg;base64," + b64(make_jpeg(comment=pick(["thumb", "PACS export", None])))
    return pick(["kan iemand checken waarom de thumbnail in de viewer als data-URI binnenkomt?",
                 "hoekom kom die thumbnail as 'n data-URI deur?",
                 "thumbnails from the VNA come back inline, is that expected?"]) + "\n`%s`" % uri


def d_har():
    entry = {"request": {"method": "GET", "url": "https://portal-acc.zgnoord.local/static/img/logo.png"},
             "response": {"status": 200, "content": {"mimeType": "image/png", "encoding": "base64", "text": b64(make_png())}}}
    return "HAR excerpt from the portal slowness ticket:\n" + fence(json.dumps(entry, indent=2), "json")


def d_configmap():
    y = "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: wristband-printer-assets\n  namespace: pharmacy\nbinaryData:\n  logo.png: %s\n  beep.wav: %s" % (
        b64(make_png(text="zebra")), b64(make_wav()))
    return fence(y, "yaml")


def d_irish():
    uri = "data:image/png;base64," + b64(make_png())
    return "Nóta: the bilingual signage banner (Fáilte / Welcome) uses an inline PNG for the harp logo, `%s` — no external fetch on the kiosk." % trunc(uri, R.randint(60, 120))


def d_afr():
    uri = "data:image/gif;base64," + b64(make_gif())
    return "Die etiket-drukker by die apteekrobot kry die spacer so: `%s`. Niks geheim daarin nie, net 'n 1x1 GIF." % uri


def d_mirth_xml():
    uri = b64(make_png(text="mirth"))
    return fence("<channel>\n  <name>ADT_A08_to_PACS</name>\n  <properties>\n    <iconData>%s</iconData>\n  </properties>\n</channel>" % uri, "xml")


def d_csp():
    rep = {"csp-report": {"document-uri": "https://ehr-acc.slaney.local/ward/6B", "violated-directive": "img-src",
                          "blocked-uri": "data", "original-policy": "default-src 'self'; img-src 'self' https:",
                          "sample": trunc("data:image/png;base64," + b64(make_png()), 70)}}
    return "CSP reports flooding the collector since the theme change:\n" + fence(json.dumps(rep, indent=2, ensure_ascii=False), "json")


def d_pdf_python():
    title = pick(["Leeg rapport", "Geen resultaten", "Empty report", "Leë verslag", "Tuairisc fholamh", "Placeholder PDF"]) + " v%d" % R.randint(1, 40)
    return fence("%s = (\n    \"data:application/pdf;base64,\"\n    \"%s\"\n)" % (pick(["EMPTY_REPORT", "BLANK_PDF", "PLACEHOLDER_DOC"]), b64(make_pdf(title))), "python")


def d_sql():
    return fence("INSERT INTO ui_assets (asset_key, mime, payload_b64)\nVALUES ('ward.icon.fall_risk', 'image/png', '%s');" % b64(make_png()), "sql")


NEG_DATA = [d_css_png, d_html_gif, d_fhir_docref, d_fhir_binary, d_hl7_ed, d_jupyter, d_pytest_dicom, d_dcmdump, d_md_wav,
            d_js_audio, d_favicon, d_sourcemap, d_svg_b64, d_svg_pct, d_webp, d_kotlin, d_log_trunc, d_jpeg_chat, d_har,
            d_configmap, d_irish, d_afr, d_mirth_xml, d_csp, d_pdf_python, d_sql]


# ---------------------------------------------------------------------------
# negatives: placeholder_example
# ---------------------------------------------------------------------------
def p_env_example():
    lines = ["# .env.example — kopieer naar .env en vul in vanuit de kluis", "MLLP_HOST=<interface-engine-host>",
             "MLLP_PORT=2575", "FHIR_BASE_URL=https://fhir-acc.zgnoord.local/R4",
             "FHIR_CLIENT_ID=%s" % pick(["bedboard-acc", "medrec-sync", "pacs-worklist"]),
             "FHIR_CLIENT_SECRET=%s" % pick(["<vraag aan applicatiebeheer>", "", "${FHIR_CLIENT_SECRET}", "changeme"]),
             "PACS_AE_TITLE=%s" % pick(["BEDBOARD_SCU", "HIX_QR", "ORTHANC_QA"]),
             "PACS_DB_PASSWORD=%s" % pick(["changeme", "<secret>", "", "********"]),
             "PAGER_API_TOKEN=%s" % pick(["<token uit PagerDuty>", "xxxxxxxxxxxxxxxx", "__SET_ME__"])]
    return fence("\n".join(lines), "bash")


def p_compose():
    return fence("services:\n  mirth-db:\n    image: postgres:16\n    environment:\n      POSTGRES_USER: mirth\n      POSTGRES_PASSWORD: ${MIRTH_DB_PASSWORD:?set MIRTH_DB_PASSWORD}\n  orthanc:\n    image: orthancteam/orthanc:24.%d.%d\n    environment:\n      ORTHANC__REGISTERED_USERS: '{\"%s\": \"%s\"}'" % (
        R.randint(1, 12), R.randint(0, 5), pick(["admin", "qa"]), pick(["<password>", "changeme", "${ORTHANC_PW}"])), "yaml")


def p_vendor_prefix():
    tok = pick(["`xoxb-`…", "`xoxb-your-bot-token`", "`sk-proj-...`", "`sk-ant-api03-…`", "`ghp_xxxxxxxxxxxxxxxxxxxx`",
                "`github_pat_...`", "`AKIA...`", "`glpat-xxxxxxxx`", "`xoxp-…`", "`sk-...`"])
    return pick(["de token begon met %s maar die heb ik al ingetrokken, nieuwe staat in de kluis",
                 "the one that leaked started with %s — revoked at 09:12, new one only in Vault",
                 "Die token begin met %s, ek het hom al herroep.",
                 "scanner matched %s in the runbook; it's the literal prefix, not a key"]) % tok


def p_aws_doc():
    return fence("[profile %s]" % pick(["pacs-archive-backup", "dicom-cold-storage", "rowa-logs"]) + "\naws_access_key_id = AKIAIOSFODNN7EXAMPLE\naws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY\nregion = %s" % pick(["eu-west-1", "af-south-1", "eu-central-1"]), "ini") + "\n" + pick([
        "^ that's the AWS docs example, the real one is in the S3 backup role",
        "dit is de voorbeeldsleutel uit de AWS docs, niet de echte",
        "net die voorbeeld uit die AWS-dokumentasie"])


def p_masks():
    items = [pick(["kaart eindigt op •••• %04d" % R.randint(0, 9999), "card ending **** %04d" % R.randint(0, 9999),
                   "kaart: XXXX-XXXX-XXXX-%04d" % R.randint(0, 9999)]),
             pick(["IBAN NL** RABO **** **** %02d" % R.randint(0, 99), "IBAN: NLxx ABNA 0000 0000 00",
                   "IE00 XXXX XXXX XXXX XXXX XX", "BExx xxxx xxxx xxxx", "IBAN: IE** BOFI **** **** **%02d" % R.randint(0, 99)]),
             pick(["tel: 06-********", "+27 82 *** ****", "087 xxx xxxx", "+31 (0)6 XX XX XX XX", "+353 8X XXX XXXX", "0XX XXX XXXX"]),
             pick(["BSN: *********", "PPSN: XXXXXXXA", "ID-nommer: ************"])]
    R.shuffle(items)
    return pick(["Masking in the new vendor-portal export looks right now:\n", "Maskering in de export klopt nu:\n",
                 "Die maskering lyk reg:\n"]) + "\n".join("• " + i for i in items[:R.randint(2, 4)])


def p_redacted_log():
    lines = []
    for _ in range(R.randint(3, 6)):
        lines.append("%s INFO  %s %s" % (iso_ts(), pick(["[fhir-auth]", "[mllp-in]", "[rowa-bridge]", "[pager-gw]"]), pick([
            "login ok user=svc_hl7 password=[REDACTED]",
            "Authorization: Bearer <redacted>",
            "token refresh ok access_token=*** expires_in=300",
            "ws auth header=[FILTERED]",
            "conn string Server=sql01;Database=Rowa;User Id=rowa_svc;Password=*****;",
            "payload.bsn=\"***\" payload.naam=\"***\"",
            "client_secret=[MASKED] grant_type=client_credentials",
            "smtp relay auth pass=(sensitive value)"])))
    return fence("\n".join(lines))


def p_connstr():
    s = pick(["postgres://user:password@localhost:5432/hix_test", "mllp://<host>:<port>", "amqp://guest:guest@localhost:5672/",
              "mysql://root:root@127.0.0.1:3306/rowa_dev", "mongodb://<username>:<password>@<cluster>/audit",
              "redis://:${REDIS_PASSWORD}@redis:6379/0", "sftp://<gebruiker>:<wachtwoord>@sftp.leverancier.example/in",
              "Server=<server>;Database=RowaLogs;User Id=<user>;Password=<password>;"])
    return pick(["Format for the connection string in the README: `%s`", "Voorbeeld in de docs: `%s` (dus niet letterlijk overnemen)",
                 "Die formaat is `%s` — vul jou eie in", "copy-paste template: `%s`"]) % s


def p_mirth_map():
    return fence("// Mirth destination script\nvar user = configurationMap.get('pacs.username');\nvar pass = configurationMap.get('pacs.password');\nvar url  = $('pacsUrl');  // mllp://${pacs.host}:${pacs.port}\nif (!pass) { throw 'pacs.password ontbreekt in de configuratiemap'; }", "js")


def p_ansible():
    return pick(["", "ansible task:\n", "Taak vir die apteekrobot:\n"]) + fence("- name: Rowa koppeling configureren\n  template:\n    src: rowa.conf.j2\n    dest: /etc/rowa/rowa.conf\n  vars:\n    rowa_api_user: svc_rowa\n    rowa_api_password: \"{{ vault_rowa_api_password }}\"\n    rowa_tls_key: \"{{ lookup('file', 'files/' + inventory_hostname + '.key') }}\"", "yaml")


def p_keyvault():
    return pick(["App setting for the FHIR facade:", "App-instelling voor de FHIR-facade:", "Toepassing-instelling:"]) + "\n`FhirClientSecret = @Microsoft.KeyVault(SecretUri=https://kv-%s.vault.azure.net/secrets/FhirClientSecret/)`\nno value in the portal is expected, it resolves at start." % pick(["hix-acc", "pacs-prd", "paging-tst"])


def p_k8s_secret():
    return fence("apiVersion: v1\nkind: Secret\nmetadata:\n  name: %s\n  namespace: %s\ntype: Opaque\nstringData:\n  MLLP_TLS_PASSPHRASE: \"%s\"\n  DB_PASSWORD: \"\"\n  %s: \"%s\"" % (
        pick(["hl7-gateway", "rowa-bridge", "pager-gw", "orthanc-router"]), pick(["integraties", "pacs", "pharmacy", "paging"]),
        pick(["<zet via sealed-secrets>", "<set via sealed-secrets>", "<stel via sealed-secrets>"]),
        pick(["PAGER_TOKEN", "ROWA_API_TOKEN", "SLACK_BOT_TOKEN", "FHIR_CLIENT_SECRET"]), pick(["REPLACE_ME", "<token>", "TODO"])), "yaml")


def p_hl7_placeholder():
    return pick(["Template voor de testberichten (alles tussen <> invullen met fictieve testdata):", "Template for the test messages, fill the <> with synthetic data only:",
                 "Sjabloon vir die toetsboodskappe (vul net sintetiese data in):"]) + "\n" + fence(
        "MSH|^~\\&|HIX|<AFZENDER>|PACS|<ONTVANGER>|<YYYYMMDDHHMMSS>||ORM^O01|<CONTROL_ID>|T|2.4\nPID|1||<MRN>^^^<AUTH>^MR||<ACHTERNAAM>^<VOORNAAM>||<GEBDATUM>|<M/V/O>\nORC|NW|<ORDERNR>\nOBR|1|<ORDERNR>||<VERRICHTINGCODE>^<OMSCHRIJVING>")


def p_phone_template():
    return pick(["Please don't post personal mobiles here — use the rota in PagerDuty. Format in the rota is +31 6 XXXX XXXX / +353 8X XXX XXXX / +27 8X XXX XXXX.",
                 "Niet je 06 in dit kanaal zetten aub, het dienstnummer staat in de rooster-app (formaat 06-xxxxxxxx).",
                 "Moenie jou selnommer hier plak nie; die bystand-nommer is in die rooster (0XX XXX XXXX formaat).",
                 "Ná cuir d'uimhir fóin phearsanta anseo, le do thoil — the on-call bleep list is on the intranet."])


def p_pw_chat():
    return pick(["wachtwoord voor de testomgeving staat in Keeper onder 'HiX ACC', niet hier. Formaat is `Seizoen-JJJJ-!` maar dat is alleen het patroon.",
                 "wagwoord: ******** (vra vir die bystand-ingenieur, ek plak dit nie hier nie)",
                 "pasfhocal: <do phasfhocal anseo> — that's literally what the template says, fill it in locally",
                 "Rowa web UI default login is admin/admin out of the box; the vendor changed it during install, new one is in the vault.",
                 "password: \"\" in the values file is on purpose, the chart reads it from the existing secret",
                 "ww = zie kluis. Niet vragen in #integraties aub :pray:",
                 "The PACS service account password is `%s` in the docs — it's a placeholder the installer replaces." % pick(["<PACS_SVC_PW>", "${PACS_SVC_PW}", "%PACS_SVC_PW%"])])


def p_jwt_trunc():
    return pick(["`Authorization: Bearer eyJhbGciOiJSUzI1NiIsInR5cCI6IkpXVCJ9...` is all I can see in the Mirth log, it's truncated at 64 chars",
                 "de header is `Bearer <jwt>` in de Postman collectie, je moet zelf een token ophalen",
                 "access_token: eyJhbGciOi… (afgekapt door de logger, goed zo)",
                 "die token in die log is net `eyJ0eXAiOiJKV1Qi…` — afgesny, niks om oor bekommerd te wees nie"])


def p_pem_dots():
    typ = pick(["", "RSA ", "EC ", "OPENSSH "])
    return pick(["Cert bundle for the MLLP/TLS listener should look like:", "Zo moet het key-bestand eruitzien:",
                 "Formaat van die sleutel-lêer:"]) + "\n" + fence("-----BEGIN %sPRIVATE KEY-----\n...\n-----END %sPRIVATE KEY-----\n-----BEGIN CERTIFICATE-----\n...\n-----END CERTIFICATE-----" % (typ, typ))


def p_curl_env():
    return fence("curl -sS -u \"$FHIR_USER:$FHIR_PASS\" \\\n  -H 'Accept: application/fhir+json' \\\n  \"https://%s/R4/%s?_count=0\"" % (
        pick(["fhir-acc.zgnoord.local", "fhir-tst.slaney.local", "fhir.kaapmed.local"]), pick(["Patient", "Observation", "Encounter", "Device", "Endpoint"])), "bash")


def p_psql_var():
    role = pick(["hl7_reader", "pacs_ro", "rowa_report", "pager_audit", "bedboard_api"])
    return fence("\\set pw `cat /run/secrets/%s_pw`\nCREATE ROLE %s LOGIN PASSWORD :'pw';\nGRANT SELECT ON ALL TABLES IN SCHEMA %s TO %s;" % (
        role, role, pick(["adt", "pacs", "apotheek", "paging"]), role), "sql")


def p_python_env():
    return fence(pick(["# settings.py", "# config/base.py", "# rowa_bridge/settings.py", "# pager_gw/config.py"]) + "\nimport os\n\nPACS_USER = os.environ.get(\"PACS_USER\", \"qa\")\nPACS_PASSWORD = os.environ[\"PACS_PASSWORD\"]  # nooit hardcoden\nROWA_TOKEN = os.getenv(\"ROWA_TOKEN\", \"\")\nSLACK_BOT_TOKEN = os.environ[\"SLACK_BOT_TOKEN\"]  # xoxb-…", "python")


def p_powershell():
    acct = pick(["svc_pacs", "svc_mirth", "svc_rowa", "svc_pager", "svc_hl7"])
    return fence("$cred = Get-Credential -UserName '%s\\%s' -Message '%s'\n$pw = Read-Host -AsSecureString '%s'\nSet-ADAccountPassword -Identity %s -NewPassword $pw -Reset" % (
        pick(["ZGNOORD", "SLANEY", "KAAPMED"]), acct, pick(["service account", "diensrekening", "serviceaccount"]),
        pick(["Nieuw wachtwoord", "Nuwe wagwoord", "New password", "Pasfhocal nua"]), acct), "powershell")


def p_iban_template():
    return pick(["Leveranciersformulier: IBAN invullen als `NLkk BBBB CCCC CCCC CC` (met spaties is ok).",
                 "Vendor form wants the IBAN as `IEkk AAAA BBBB BBCC CCCC CC`, no spaces on the SEPA file.",
                 "Die Belgiese leverancier se formaat is `BEkk BBBC CCCC CCKK`, ons moet net die bank se brief volg.",
                 "IBAN-veld in de testdata staat op `NL00TEST0000000000` zodat de validatie juist faalt."])


def p_helm_values():
    return fence("pagerGateway:\n  image: registry.int/paging/pager-gw:%d.%d.%d\n  smsProvider:\n    apiKey: \"\"            # from existingSecret\n    existingSecret: pager-gw-sms\n  slack:\n    botToken: \"xoxb-REPLACE-ME\"\n    signingSecret: \"<from slack app config>\"" % (
        R.randint(1, 3), R.randint(0, 20), R.randint(0, 9)), "yaml")


def p_vault_ref():
    return pick(["secret ref is `vault:secret/data/pacs/archive#password`, the sidecar injects it",
                 "gebruik `op://Integraties/Mirth DB/password` in de run config, niet de waarde zelf",
                 "ExternalSecret wys na `{{resolve:secretsmanager:rowa/api:SecretString:token}}` — dit werk nou",
                 "`%DB_PASSWORD%` in the .bat wasn't expanded because the task runs as SYSTEM"])


def p_default_creds():
    return pick(["Orthanc test container: orthanc/orthanc is the image default, only bound to localhost.",
                 "RabbitMQ op de devbox: guest/guest, alleen op localhost bereikbaar.",
                 "The simulator ships with user `demo` / password `demo`, it's a vendor training VM, no real data.",
                 "DCM4CHEE arc-light standaard: admin / admin — staat in hun quickstart; acc en prd gebruiken Keycloak."])


def p_card_test():
    return pick(["Payment page for the car park kiosk: test with the PSP's sandbox cards only (see their docs), never a real card.",
                 "Kaartnummer in de testomgeving wordt weergegeven als `XXXX XXXX XXXX 1234`, dat is correct gedrag.",
                 "In die toets-omgewing is die kaart `**** **** **** 0000` — net 'n plekhouer."])


NEG_PLACEHOLDER = [p_env_example, p_compose, p_vendor_prefix, p_aws_doc, p_masks, p_redacted_log, p_connstr, p_mirth_map,
                   p_ansible, p_keyvault, p_k8s_secret, p_hl7_placeholder, p_phone_template, p_pw_chat, p_jwt_trunc,
                   p_pem_dots, p_curl_env, p_psql_var, p_python_env, p_powershell, p_iban_template, p_helm_values,
                   p_vault_ref, p_default_creds, p_card_test]


# ---------------------------------------------------------------------------
# negatives: code_identifier
# ---------------------------------------------------------------------------
ID_WORDS = ["Secret", "Token", "Password", "Credential", "Iban", "Bsn", "Ppsn", "Phone", "Email", "Key", "Private", "Bearer",
            "Refresh", "Mllp", "Hl7", "Fhir", "Dicom", "AeTitle", "Pager", "Bleep", "Rowa", "Dispense", "Vault", "Rotation",
            "Masking", "Pseudonym", "Consent", "Smart", "Client", "Signing", "Jwks"]
ID_SUFFIX = ["Provider", "Resolver", "Validator", "Factory", "Handler", "Service", "Mapper", "Client", "Store", "Cache", "Filter"]
JAVA_PKGS = ["nl.zgnoord.integratie.fhir", "nl.zgnoord.integratie.hl7", "ie.slaney.pacs.router", "za.kaapmed.pharmacy.rowa",
             "ie.slaney.paging.bleep", "nl.zgnoord.ehr.bedboard"]


def camel(n=None):
    n = n or R.randint(2, 4)
    return "".join(pick(ID_WORDS) for _ in range(n))


def lower_camel(n=None):
    s = camel(n) + pick(ID_SUFFIX)
    return s[0].lower() + s[1:]


def snake(n=None):
    n = n or R.randint(2, 4)
    return "_".join(re.sub(r"(?<!^)(?=[A-Z])", "_", pick(ID_WORDS)).lower() for _ in range(n))


def c_java_trace():
    exc = pick(["ca.uhn.fhir.rest.server.exceptions.AuthenticationException: HTTP 401 Unauthorized: invalid_client",
                "ca.uhn.hl7v2.HL7Exception: Can't XML-encode a GenericMessage. Message must have a recognized structure.",
                "ca.uhn.hl7v2.model.DataTypeException: Failed validation rule for value \"\": Invalid timestamp",
                "org.dcm4che3.net.service.DicomServiceException: Association rejected: called AE title not recognized",
                "javax.net.ssl.SSLHandshakeException: PKIX path building failed"])
    frames = []
    for _ in range(R.randint(6, 16)):
        pkg = pick(JAVA_PKGS)
        cls = camel(2) + pick(ID_SUFFIX)
        frames.append("\tat %s.%s.%s(%s.java:%d)" % (pkg, cls, lower_camel(2), cls, R.randint(20, 900)))
    frames.append(pick(["\tat ca.uhn.fhir.rest.client.impl.BaseClient.invokeClient(BaseClient.java:428)",
                        "\tat com.mirth.connect.server.channel.DestinationConnector.process(DestinationConnector.java:%d)" % R.randint(100, 700),
                        "\tat org.dcm4che3.net.Association.waitForOutstandingRSP(Association.java:%d)" % R.randint(100, 900)]))
    frames.append("\tat java.base/java.lang.Thread.run(Thread.java:1583)")
    return fence("%s ERROR [%s] %s\n%s" % (iso_ts(), pick(["mllp-listener-1", "fhir-sync", "dicom-qr"]), exc, "\n".join(frames)))


def c_python_trace():
    fr = []
    mods = ["rowa_bridge/client.py", "rowa_bridge/crypto.py", "pager_gw/rota.py", "hl7_tools/pseudo.py", "pacs_qc/worklist.py"]
    for _ in range(R.randint(3, 7)):
        fr.append('  File "/opt/zkh/%s", line %d, in %s\n    %s' % (pick(mods), R.randint(10, 400), snake(),
                                                                 pick(["token = self._load_refresh_token()", "return decrypt_password_blob(raw)",
                                                                       "validate_bsn_elfproef(value)", "ctx.load_cert_chain(certfile, keyfile)",
                                                                       "iban = normalise_iban(row['iban'])", "resp.raise_for_status()"])))
    err = pick(["KeyError: 'ROWA_API_TOKEN'", "ValueError: elfproef mislukt voor veld 'bsn' (lengte 8)",
                "ssl.SSLError: [SSL] PEM lib (_ssl.c:3900)", "requests.exceptions.HTTPError: 403 Client Error: Forbidden for url: https://rowa-bridge.slaney.local/api/v2/dispense",
                "AttributeError: 'NoneType' object has no attribute 'refresh_token'"])
    return fence("Traceback (most recent call last):\n%s\n%s" % ("\n".join(fr), err))


def c_dotnet_trace():
    frames = []
    for _ in range(R.randint(4, 10)):
        frames.append("   at Zkh.Pacs.Router.%s.%s(%s) in C:\\src\\PacsRouter\\%s.cs:line %d" % (
            camel(2) + pick(ID_SUFFIX), camel(2), pick(["String aeTitle", "DicomFile file", "CancellationToken ct", "", "IOptions`1 options"]),
            camel(2), R.randint(10, 600)))
    return fence("System.Security.Authentication.AuthenticationException: %s\n%s" % (
        pick(["The remote certificate is invalid according to the validation procedure.", "Authentication failed, see inner exception."]),
        "\n".join(frames)))


def c_ts_interface():
    fields = ["  %s: %s;" % (snake(2), pick(["boolean", "string", "number", "MaskMode", "string | null"])) for _ in range(R.randint(4, 9))]
    return fence("export interface %sOptions {\n%s\n}\n\nexport const default%sOptions: %sOptions = { /* ... */ };" % (
        camel(3), "\n".join(fields), camel(2), camel(3)), "ts")


def c_sql_ddl():
    cols = ["  id              bigserial primary key",
            "  bsn_hash_sha256 char(64) not null",
            "  iban_last4      char(4)",
            "  phone_e164_enc  bytea",
            "  email_hmac      char(64)",
            "  password_hash   text not null",
            "  api_token_prefix varchar(8)",
            "  refresh_token_expires_at timestamptz",
            "  ppsn_present    boolean default false",
            "  consent_status  varchar(16)"]
    R.shuffle(cols)
    return fence("create table %s (\n%s\n);" % (pick(["portal_account", "leverancier_betaal", "pager_subscriber", "rowa_operator"]),
                                               ",\n".join(cols[:R.randint(5, 9)])), "sql")


def c_kubectl_pods():
    rows = ["NAME                                      READY   STATUS    RESTARTS   AGE"]
    for _ in range(R.randint(4, 9)):
        name = pick(["hl7-inbound-adt", "hl7-outbound-orm", "fhir-facade", "mirth-connect", "orthanc-router", "rowa-bridge",
                     "pager-gw", "token-rotator", "secret-sync"]) + "-" + rstr("bcdfghjklmnpqrstvwxz2456789", 10) + "-" + rstr("bcdfghjklmnpqrstvwxz2456789", 5)
        rows.append("%-41s %-7s %-9s %-10d %s" % (name, "1/1", pick(["Running", "Running", "CrashLoopBackOff"]), R.randint(0, 14),
                                                 "%dd" % R.randint(1, 60)))
    return "$ kubectl -n %s get pods\n%s" % (pick(["integraties", "pacs", "pharmacy", "paging"]), "\n".join(rows))


def c_terraform():
    addrs = ["module.pacs_vpn.azurerm_key_vault_secret.dicom_tls_private_key",
             "module.fhir.azurerm_key_vault_secret.smart_client_secret[\"bedboard\"]",
             "aws_secretsmanager_secret_version.rowa_api_token",
             "module.paging.aws_ssm_parameter.slack_bot_token",
             "azurerm_key_vault_access_policy.mirth_password_reader",
             "module.hl7[\"%s\"].random_password.mllp_tls_passphrase" % pick(["adt", "orm", "oru"]),
             "tls_private_key.orthanc_client"]
    R.shuffle(addrs)
    out = ["  # %s will be updated in-place" % a for a in addrs[:R.randint(2, 5)]]
    return fence("Terraform will perform the following actions:\n\n" + "\n".join(out) + "\n\nPlan: 0 to add, %d to change, 0 to destroy." % len(out))


def c_go_panic():
    return fence("panic: runtime error: invalid memory address or nil pointer dereference\n[signal SIGSEGV: segmentation violation code=0x1 addr=0x18 pc=0x%s]\n\ngoroutine %d [running]:\ngithub.com/kaapmed/pager-gw/internal/bleep.(*%s).%s(0xc000%s, {0xc0001%s, 0x%x})\n\t/src/internal/bleep/%s.go:%d +0x%x\ngithub.com/kaapmed/pager-gw/internal/rota.%s(...)\n\t/src/internal/rota/rota.go:%d\nmain.main()\n\t/src/cmd/pager-gw/main.go:%d +0x%x" % (
        rhex(6), R.randint(1, 90), camel(2) + "Client", camel(2), rhex(6), rhex(5), R.randint(8, 64), snake(2), R.randint(10, 300),
        R.randint(0x20, 0x4ff), camel(2), R.randint(10, 300), R.randint(10, 90), R.randint(0x20, 0x2ff)))


def c_flags():
    keys = ["ehr.fhir.smart_backend_token_rotation_enabled", "pacs.router.ae_title_password_check", "pharmacy.rowa.api_token_v2",
            "paging.bleep.sms_fallback_masks_phone", "hl7.adt.pseudonymise_bsn_in_logs", "portal.iban_change_requires_2fa",
            "integratie.mllp.tls_client_key_reload", "paging.escalation.email_digest_redacted"]
    R.shuffle(keys)
    return "Flags flipped in %s this morning:\n%s" % (pick(["ACC", "PRD", "TST"]), "\n".join("• `%s` → %s" % (k, pick(["on", "off", "50%"])) for k in keys[:R.randint(2, 5)]))


def c_proto():
    return fence("service %sService {\n  rpc Rotate%s(Rotate%sRequest) returns (Rotate%sResponse);\n  rpc Get%sMetadata(Get%sMetadataRequest) returns (%sMetadata);\n}\n\nmessage Rotate%sRequest {\n  string robot_id = 1;\n  bool revoke_previous_token = 2;\n}" % tuple(
        [pick(["PharmacyDispense", "PagerRota", "PacsRouting", "ConsentRegistry"])] + [camel(2)] * 7), "protobuf")


def c_webpack():
    out = []
    for _ in range(R.randint(3, 7)):
        out.append("  static/chunks/pages/%s-%s.js   %s kB" % (pick(["medicatie-overzicht", "beddenbord", "wachtwoord-reset", "pager-rota",
                                                                     "iban-wijzigen", "token-beheer", "pacs-viewer"]), rhex(16),
                                                              "%d.%d" % (R.randint(1, 180), R.randint(0, 9))))
    return "next build output:\n" + fence("Route (pages)\n" + "\n".join(out))


def c_rust_symbol():
    f1 = pick(["load_private_key", "decrypt_ae_password", "verify_client_cert", "read_pkcs8"])
    f2 = pick(["rotate_session_key", "refresh_bearer_token", "handshake"])
    return fence("#0  0x0000%s in _ZN11dicom_proxy%d%s17h%sE ()\n#1  0x0000%s in _ZN11dicom_proxy6tls_io%d%s17h%sE ()\n#2  0x0000%s in _RNvCs%s_11dicom_proxy4main ()" % (
        rhex(8), len(f1), f1, rhex(16), rhex(8), len(f2), f2, rhex(16), rhex(8), rstr(B62, 11)))


def c_gdb_dcmtk():
    return fence("#0  0x00007f%s in raise () from /lib/x86_64-linux-gnu/libc.so.6\n#1  0x000055%s in DcmTLSTransportLayer::setPrivateKeyFile(char const*, DcmKeyFileFormat) ()\n#2  0x000055%s in WlmActivityManager::StartProvidingService() ()\n#3  0x000055%s in _ZN18WlmActivityManager17WaitForAssociationEP9T_ASC_Network ()\n#4  0x000055%s in main ()" % (
        rhex(10), rhex(10), rhex(10), rhex(10), rhex(10)))


def c_ansible_roles():
    return "Playbook layout after the refactor:\n" + fence("roles/\n  hix_interfaces/tasks/rotate_mllp_password.yml\n  hix_interfaces/tasks/%s.yml\n  rowa_bridge/tasks/install_api_token.yml\n  pager_gw/templates/slack_bot_token.env.j2\n  pacs_router/handlers/reload_tls_private_key.yml" % snake(3))


def c_css_modules():
    cls = ["BedBoard_patientCard__%s" % rstr(B62, 5), "Rota_onCallPhone__%s" % rstr(B62, 5), "css-%s" % rstr("abcdefghijklmnopqrstuvwxyz0123456789", 7),
           "sc-%s" % rstr(B62, 6), "IbanField_masked__%s" % rstr(B62, 5), "_ngcontent-ng-c%d" % R.randint(1000000000, 3999999999)]
    R.shuffle(cls)
    return "Styles break in the kiosk build, classnames differ between builds: " + ", ".join("`%s`" % c for c in cls[:R.randint(3, 5)])


def c_enum_java():
    vals = ["PASSWORD_EXPIRED", "TOKEN_REVOKED", "IBAN_CHECKSUM_INVALID", "BSN_ELFPROEF_FAILED", "PPSN_FORMAT_INVALID",
            "PHONE_NOT_E164", "SECRET_NOT_FOUND", "PRIVATE_KEY_PASSPHRASE_WRONG", "AE_TITLE_UNKNOWN", "MLLP_ACK_TIMEOUT"]
    R.shuffle(vals)
    return fence("public enum %sError {\n%s\n}" % (camel(2), ",\n".join("    " + v for v in vals[:R.randint(4, 8)]) + ";"), "java")


def c_chat_method():
    return pick([
        "waarom heet de methode `%s` terwijl er geen wachtwoord in zit?" % lower_camel(3),
        "hoekom heet die funksie `%s`? dis verwarrend" % snake(3),
        "PR renames `%s` → `%s`, please review" % (lower_camel(3), lower_camel(3)),
        "the linter flags `%s` as a hardcoded credential, it's just a constant name" % snake(3).upper(),
        "`%s()` gooit een NPE als de kluis niet bereikbaar is" % lower_camel(2),
        "cén fáth a bhfuil `%s` sa log? it's only the class name" % (camel(3) + pick(ID_SUFFIX))])


def c_openapi():
    ops = ["rotateRobotApiToken", "getPagerRotaPhoneMasked", "validateIbanChecksum", "resetServiceAccountPassword",
           "listExpiringClientSecrets", "revokeRefreshToken", "getJwksForSmartBackend", "pseudonymiseBsn", "exportAuditEmailDigest"]
    R.shuffle(ops)
    return "operationIds in the new pharmacy/paging API spec:\n" + fence("\n".join("  - %s" % o for o in ops[:R.randint(4, 7)]), "yaml")


def c_python_consts():
    return fence("HL7_MLLP_TLS_CLIENT_KEY_PATH = \"/etc/zkh/tls/mllp-client.key\"\nFHIR_SMART_CLIENT_SECRET_ENV = \"FHIR_SMART_CLIENT_SECRET\"\nROWA_API_TOKEN_HEADER = \"X-Rowa-Api-Token\"\nPAGER_PHONE_FIELD = \"phone_e164\"\n%s = %d" % (
        snake(3).upper(), R.randint(1, 3600)), "python")


def c_fhir_params():
    return "FHIR search params we support on the facade: `%s`" % ", ".join(pick([
        "Patient?identifier=http://fhir.nl/fhir/NamingSystem/bsn|", "Practitioner?identifier=http://fhir.nl/fhir/NamingSystem/uzi-nr-pers|",
        "Patient?telecom:missing=true", "Patient?email:missing=false&_summary=count", "Organization?identifier=http://fhir.nl/fhir/NamingSystem/agb-z|",
        "Endpoint?connection-type=hl7-fhir-rest"]) for _ in range(3))


def c_mirth_channels():
    rows = ["%-36s  %-28s  %s" % (ruuid(), pick(["ADT_IN_HIX", "ORM_OUT_PACS", "ORU_IN_LAB", "MDM_OUT_DMS", "RDE_OUT_ROWA", "SIU_IN_OK"]) + "_" + pick(["ACC", "PRD"]),
                                 pick(["STARTED", "STOPPED", "PAUSED"])) for _ in range(R.randint(3, 7))]
    return "mccommand `status` output:\n" + fence("\n".join(rows))


NEG_CODE = [c_java_trace, c_python_trace, c_dotnet_trace, c_ts_interface, c_sql_ddl, c_kubectl_pods, c_terraform, c_go_panic,
            c_flags, c_proto, c_webpack, c_rust_symbol, c_gdb_dcmtk, c_ansible_roles, c_css_modules, c_enum_java, c_chat_method,
            c_openapi, c_python_consts, c_fhir_params, c_mirth_channels]


# ---------------------------------------------------------------------------
# negatives: non_credential_blob
# ---------------------------------------------------------------------------
COMMITS = ["ADT A08: PV1-3 mapping voor nieuwe afdelingscodes", "fix: MLLP ack timeout naar 30s", "ORU: OBX-5 ED base64 niet meer loggen",
           "pager-gw: bleep escalation na 5 min", "rowa: retry op 503 van de robot", "FHIR facade: _count limiet 200",
           "pacs-router: AE title whitelist uit config", "chore: bump hapi-fhir 7.4.2", "Maak Mirth channel export deterministisch",
           "voeg rotasie van kliënt-sertifikaat by", "fix bedbord refresh op Saal 3", "revert: TLS 1.3 only on MLLP (modaliteit kan het niet)",
           "scrub PID-5/PID-7 from debug logs", "paging: Irish bank holiday rota", "apteek: nuwe laai-kodes vir Vmax"]


def b_git_log():
    ab = R.choice([7, 8, 9, 12])
    lines = ["%s %s" % (rhex(ab), c) for c in R.sample(COMMITS, R.randint(3, 9))]
    return "$ git log --oneline -n %d\n%s" % (len(lines), "\n".join(lines))


def b_git_full():
    return "reverted %s, the ACC deploy was built from %s (tag `hl7-gw-%d.%d.%d`)" % (rhex(40), rhex(40), R.randint(1, 4), R.randint(0, 30), R.randint(0, 9))


def b_docker_digest():
    img = pick(["registry.int/integraties/mirth-connect", "registry.int/pacs/orthanc-plugins", "registry.int/pharmacy/rowa-bridge",
                "registry.int/paging/pager-gw", "registry.int/fhir/hapi-facade"])
    return "$ docker pull %s:%d.%d\nDigest: sha256:%s\nStatus: Downloaded newer image for %s@sha256:%s" % (
        img, R.randint(1, 5), R.randint(0, 40), rhex(64), img, rhex(64))


def b_dicom_uids():
    st = uid_2_25()
    lines = ["(0020,000d) UI [%s]  # StudyInstanceUID" % st,
             "(0020,000e) UI [%s]  # SeriesInstanceUID" % uid_2_25(),
             "(0008,0018) UI [%s]  # SOPInstanceUID" % uid_2_25(),
             "(0008,0016) UI =%s  # SOPClassUID" % pick(["CTImageStorage", "MRImageStorage", "SecondaryCaptureImageStorage"]),
             "(0008,0060) CS [%s]  # Modality" % pick(["CT", "MR", "OT"]),
             "(0010,0010) PN [QA^PHANTOM]  # PatientName"]
    return pick(["QA phantom study from this morning's constancy check, UIDs for the ticket:",
                 "Fantoomstudie van de QA-run, UIDs voor de leverancier:",
                 "Die QA-fantoom studie se UIDs:"]) + "\n" + fence("\n".join(lines))


def b_fhir_bundle():
    entries = []
    for _ in range(R.randint(2, 4)):
        u = ruuid()
        entries.append({"fullUrl": "urn:uuid:" + u, "resource": {"resourceType": pick(["Observation", "Device", "Endpoint", "Location"]),
                                                                "id": u, "meta": {"versionId": str(R.randint(1, 9)), "lastUpdated": iso_ts()}},
                        "response": {"status": "200 OK", "etag": "W/\"%d\"" % R.randint(1, 9)}})
    return fence(json.dumps({"resourceType": "Bundle", "id": ruuid(), "type": "batch-response", "entry": entries}, indent=1), "json")


def b_hl7_ctlids():
    lines = []
    for _ in range(R.randint(3, 7)):
        lines.append("%s ACK AA ctl=%s src=%s latency=%dms" % (iso_ts(), pick(["", "HIX", "MSG"]) + rstr("0123456789ABCDEF", R.choice([10, 12, 16])),
                                                               pick(SITES), R.randint(3, 900)))
    return fence("\n".join(lines))


def b_npm_integrity():
    pk = pick(["hl7-standard", "fhir-kit-client", "dicom-parser", "cornerstone-core", "@ohif/viewer", "date-fns"])
    return fence("\"node_modules/%s\": {\n  \"version\": \"%d.%d.%d\",\n  \"resolved\": \"https://registry.npmjs.org/%s/-/%s-%d.%d.%d.tgz\",\n  \"integrity\": \"sha512-%s\"\n}" % (
        pk, 1, 2, 3, pk, pk.split("/")[-1], 1, 2, 3, b64(rbytes(64))), "json")


def b_pip_hashes():
    pkgs = ["hl7apy==1.3.5", "pydicom==2.4.4", "pynetdicom==2.1.1", "fhir.resources==7.1.0", "requests==2.32.3"]
    R.shuffle(pkgs)
    return fence("\n".join("%s \\\n    --hash=sha256:%s" % (p, rhex(64)) for p in pkgs[:R.randint(2, 4)]))


def b_sha256sum():
    files = ["rowa-vmax-fw-%d.%d.%d.bin" % (R.randint(3, 6), R.randint(0, 12), R.randint(0, 20)),
             "mirthconnect-4.%d.%d-unix.tar.gz" % (R.randint(0, 5), R.randint(0, 3)), "orthanc-%d.%d.%d.zip" % (1, R.randint(10, 12), R.randint(0, 9)),
             "pager-gw_%d.%d.%d_amd64.deb" % (R.randint(1, 3), R.randint(0, 20), R.randint(0, 9))]
    R.shuffle(files)
    return pick(["Checksums from the vendor portal, matched ours:", "Checksums klopen met de leverancier:", "Kontrolesomme stem ooreen:"]) + "\n" + fence(
        "\n".join("%s  %s" % (rhex(64), f) for f in files[:R.randint(1, 3)]))


def b_ssh_fp():
    return "New host key on %s after the rebuild, verify before you accept:\n`ED25519 key fingerprint is SHA256:%s.`" % (
        pick(HOSTS), b64(rbytes(32)).rstrip("="))


def b_ssh_pub():
    seed = rbytes(32)
    pub = ssh_str("ssh-ed25519") + ssh_str(ed25519_pub(seed))
    return pick(["Public key for the SFTP drop at the lab vendor (public, fine to share):",
                 "Publieke sleutel voor de SFTP-koppeling met het lab:",
                 "Publieke sleutel — die private bly op die bastion:"]) + "\n`ssh-ed25519 %s %s`" % (b64(pub), pick(["sftp-lab-%d" % R.randint(2024, 2026), "mirth-sftp", "pacs-backup-job"]))


def b_pubkey_pem():
    d, Q = ec_keypair()
    body = "\n".join(wrap(b64(ec_spki(Q)), 64))
    return pick(["JWT verification key for the SMART backend client (public half):",
                 "Dit is de PUBLIEKE sleutel voor de token-verificatie, mag gedeeld worden:"]) + "\n" + fence(
        "-----BEGIN PUBLIC KEY-----\n%s\n-----END PUBLIC KEY-----" % body)


_JWKS_RSA = []


def b_jwks():
    k = gen_rsa(2048)
    n = b64u(k["n"].to_bytes(256, "big"))
    doc = {"keys": [{"kty": "RSA", "use": "sig", "alg": "RS384", "kid": rhex(16), "n": n, "e": "AQAB"}]}
    return "JWKS we registered with the national exchange (public keys only):\n" + fence(json.dumps(doc, indent=2), "json")


def b_sops():
    def enc():
        return "ENC[AES256_GCM,data:%s,iv:%s,tag:%s,type:str]" % (b64(rbytes(R.randint(12, 40))), b64(rbytes(32)), b64(rbytes(16)))
    return fence("mirth:\n    db_password: %s\n    mllp_tls_passphrase: %s\nsops:\n    lastmodified: \"%s\"\n    mac: %s\n    version: 3.9.0" % (
        enc(), enc(), iso_ts()[:19] + "Z", enc()), "yaml")


def b_vault_transit():
    return "transit ciphertext stored in the consent table (no plaintext, key `consent-pii`): `vault:v%d:%s`" % (R.randint(1, 4), b64(rbytes(R.randint(28, 60))))


def b_trace_ids():
    lines = []
    for _ in range(R.randint(3, 6)):
        lines.append(json.dumps({"ts": iso_ts(), "svc": pick(["fhir-facade", "pager-gw", "rowa-bridge"]), "traceparent": "00-%s-%s-01" % (rhex(32), rhex(16)),
                                 "x_request_id": ruuid(), "status": pick([200, 201, 401, 502])}))
    return fence("\n".join(lines))


def b_ulid_list():
    return "Dispense job ids that got stuck on the Vmax:\n" + "\n".join("• %s" % rulid() for _ in range(R.randint(3, 6)))


def b_b64_text():
    txt = pick(["Dienstoverdracht: geen bijzonderheden", "Geen storingen in de ADT feed", "Geen bystand-oproepe vannag nie",
                "Ward 6B printer back online", "Rowa Vmax onderhoud donderdag 07:00"])
    return "the banner config stores the message base64'd: `motd_b64: %s` (decodes to plain text, nothing secret)" % b64(txt.encode())


def b_cursor():
    cur = b64u(json.dumps({"lastId": R.randint(1000, 99999), "ts": epoch(), "dir": "next"}).encode())
    return "paging through the audit export, next link is `https://fhir-acc.zgnoord.local/R4/AuditEvent?_cursor=%s&_count=100`" % cur


def b_pkce():
    return fence("GET /authorize?response_type=code&client_id=bedboard-acc&redirect_uri=https%%3A%%2F%%2Fbedbord.zgnoord.local%%2Fcb&state=%s&code_challenge=%s&code_challenge_method=S256 HTTP/1.1" % (
        b64u(rbytes(16)), b64u(hashlib.sha256(rbytes(32)).digest())))


def b_thumbprint():
    return "Windows cert store on the modality worklist box:\n" + fence("Thumbprint                                Subject\n----------                                -------\n%s  CN=%s\n%s  CN=%s" % (
        rhex(40).upper(), pick(HOSTS), rhex(40).upper(), pick(HOSTS)))


def b_helm_checksum():
    return fence("spec:\n  template:\n    metadata:\n      annotations:\n        checksum/config: %s\n        checksum/secret: %s" % (rhex(64), rhex(64)), "yaml")


def b_sentry():
    return "Sentry issue for the pager console crash: event `%s`, release `pager-console@%d.%d.%d+%s`" % (rhex(32), R.randint(1, 3), R.randint(0, 20), R.randint(0, 9), rhex(7))


def b_etag_md5():
    return fence("HTTP/1.1 200 OK\nETag: \"%s-%d\"\nContent-MD5: %s\nx-amz-request-id: %s\nx-amz-id-2: %s" % (
        rhex(32), R.randint(2, 40), b64(rbytes(16)), rstr("0123456789ABCDEF", 16), b64(rbytes(48))))


def b_oids():
    return pick(["Registered OID root for the HL7 namespace: `2.16.528.1.%d.%d.%d` (NL), assigning authority in PID-3.4 is `%s`",
                 "SNMP walk on the Vmax: `1.3.6.1.4.1.%d.%d.%d.1.0 = INTEGER: 3`, subtree `%s`"]) % (
        R.randint(1000, 9999), R.randint(1, 30), R.randint(1, 9), "1.3.6.1.4.1.%d.%d.%d.%d" % (R.randint(10000, 60000), R.randint(1, 9), R.randint(1, 9), R.randint(1, 9)))


NEG_BLOB = [b_git_log, b_git_full, b_docker_digest, b_dicom_uids, b_fhir_bundle, b_hl7_ctlids, b_npm_integrity, b_pip_hashes,
            b_sha256sum, b_ssh_fp, b_ssh_pub, b_pubkey_pem, b_jwks, b_sops, b_vault_transit, b_trace_ids, b_ulid_list,
            b_b64_text, b_cursor, b_pkce, b_thumbprint, b_helm_checksum, b_sentry, b_etag_md5, b_oids]


# ---------------------------------------------------------------------------
# negatives: pii_lookalike_number
# ---------------------------------------------------------------------------
SNOMED = [("271649006", "systolic blood pressure"), ("38341003", "hypertensive disorder"), ("73211009", "diabetes mellitus"),
          ("22298006", "myocardial infarction"), ("195967001", "asthma"), ("840539006", "COVID-19"), ("44054006", "diabetes type 2"),
          ("49436004", "atrial fibrillation"), ("233604007", "pneumonia"), ("431855005", "CKD stage 1"), ("386661006", "fever"),
          ("25064002", "headache"), ("29857009", "chest pain"), ("267036007", "dyspnoea")]
LOINC = [("2345-7", "Glucose [Mass/volume] in Serum or Plasma"), ("718-7", "Hemoglobin [Mass/volume] in Blood"),
         ("2160-0", "Creatinine [Mass/volume] in Serum or Plasma"), ("6690-2", "Leukocytes [#/volume] in Blood"),
         ("777-3", "Platelets [#/volume] in Blood"), ("2951-2", "Sodium [Moles/volume] in Serum or Plasma"),
         ("1988-5", "C reactive protein [Mass/volume]"), ("33914-3", "eGFR"), ("4548-4", "Hemoglobin A1c")]


def n_hl7_adt():
    ctl = rdigits(R.choice([9, 10, 12]))
    ts = hl7_ts()
    return "ADT without PID (header-only replay for the interface test), control ids look like phone numbers in the grep:\n" + fence(
        "MSH|^~\\&|HIX|%s|PACS|%s|%s+0%d00||ADT^A02^ADT_A02|%s|P|2.5\nEVN|A02|%s\nPV1|1|I|%s^%d^%d^%s||||||||||||||||%s" % (
            pick(SITES), pick(SITES), ts, R.choice([1, 2]), ctl, ts, pick(["C4", "B2", "6B", "IC"]), R.randint(100, 499), R.randint(1, 4),
            pick(SITES), rdigits(8)))


def n_accession():
    return "Accession numbers that failed to route to the PACS overnight:\n" + "\n".join(
        "%s  %s  %s" % (pick(["RAD", "CT", "MR", "US"]) + "%02d%s" % (R.randint(24, 26), rdigits(7)), pick(MODALITIES), pick(["timeout", "AE unknown", "C-STORE 0xA700"]))
        for _ in range(R.randint(3, 7)))


def n_snomed():
    rows = R.sample(SNOMED, R.randint(3, 6))
    return "SNOMED codes in de probleemlijst-mapping (code → term):\n" + fence("\n".join("%-10s %s" % r for r in rows))


def n_loinc():
    rows = R.sample(LOINC, R.randint(3, 6))
    return "LOINC mapping for the ORU feed from the new lab analyser:\n" + "\n".join("| %s | %s |" % r for r in rows)


def n_pharmacy_inventory():
    lines = ["ATC      ZI-nr     GTIN            omschrijving                voorraad"]
    for atc, name in R.sample(DRUGS_ATC, R.randint(3, 6)):
        gtin = "087" + rdigits(11, first_nonzero=False)
        lines.append("%-8s %-9s %-15s %-27s %d" % (atc, rdigits(8), gtin, name, R.randint(0, 900)))
    return pick(["Voorraad-export van de Rowa:", "Vmax stock export for the ticket:", "Voorraad volgens die robot:"]) + "\n" + fence("\n".join(lines))


def n_robot_errors():
    lines = []
    for _ in range(R.randint(4, 8)):
        lines.append("%s  ERR %d  drawer=%d slot=%d/%d x=%d y=%d z=%d  job=%s" % (
            nl_date() + " " + "%02d:%02d:%02d" % rtime(), R.randint(1000, 9999), R.randint(1, 12), R.randint(1, 40), R.randint(1, 40),
            R.randint(0, 2400), R.randint(0, 1800), R.randint(0, 600), rdigits(10)))
    return fence("\n".join(lines))


def n_modality_ports():
    lines = ["%-10s AE=%-14s %s:%d" % (m, m.replace("_", "") + "_" + pick(["SCU", "SCP", "STORE"]), priv_ip(), pick([104, 11112, 4242, 2761, 2762]))
             for m in R.sample(MODALITIES, R.randint(3, 6))]
    return "Modality list for the new router:\n" + fence("\n".join(lines))


def n_invoice():
    cur = pick(["EUR", "ZAR"])
    lines = []
    for _ in range(R.randint(3, 6)):
        amt = R.randint(100, 900000) / 100.0
        amt_s = ("€ %s" % ("{:,.2f}".format(amt).replace(",", "X").replace(".", ",").replace("X", "."))) if cur == "EUR" else ("R %s" % "{:,.2f}".format(amt).replace(",", " "))
        lines.append("%s  PO %s  %s  %s" % (pick(["INV", "FACT", "FAKT"]) + "-%d-%05d" % (R.randint(2024, 2026), R.randint(1, 99999)),
                                            "45" + rdigits(8, False), amt_s, pick(["Rowa onderhoud", "PACS licentie", "Mirth support", "pager SMS bundel"])))
    return "Open invoices with the vendors (all company, no personal accounts):\n" + fence("\n".join(lines))


def n_tickets():
    ids = [pick(["INC%07d" % R.randint(1, 9999999), "CHG%07d" % R.randint(1, 9999999), "I %04d %03d" % (R.randint(2401, 2612), R.randint(1, 999)),
                 "EHR-%d" % R.randint(100, 9999), "RITM%07d" % R.randint(1, 9999999), "TOPdesk W %04d %03d" % (R.randint(2401, 2612), R.randint(1, 999))])
           for _ in range(R.randint(2, 5))]
    return pick(["Linked tickets: ", "Gekoppelde meldingen: ", "Gekoppelde kaartjies: "]) + ", ".join(ids)


def n_versions():
    vs = ["HiX 6.%d.%d.%d" % (R.randint(1, 3), R.randint(0, 9), R.randint(1000, 9999)), "Windows 10.0.%d.%d" % (R.choice([19045, 22631, 17763, 20348]), R.randint(1000, 5000)),
          "Mirth Connect %d.%d.%d" % (4, R.randint(0, 5), R.randint(0, 3)), "dcm4chee-arc %d.%d.%d" % (5, R.randint(26, 33), R.randint(0, 3)),
          "Chrome %d.0.%d.%d" % (R.randint(118, 131), R.randint(6000, 6800), R.randint(50, 200)), "Orthanc %d.%d.%d" % (1, R.randint(10, 12), R.randint(0, 9)),
          "Vmax firmware %d.%d.%d build %d" % (R.randint(3, 6), R.randint(0, 12), R.randint(0, 20), R.randint(10000, 99999))]
    R.shuffle(vs)
    return "Versions on the ACC stack now: " + "; ".join(vs[:R.randint(3, 6)])


def n_epochs():
    t = epoch()
    k = R.randrange(3)
    if k == 0:
        return "first failed ACK at %d, last at %d (epoch s)" % (t, t + R.randint(60, 9000))
    if k == 1:
        return "Slack ts van het eerste bericht: %d.%06d" % (t, R.randint(0, 999999))
    return "cron ran at %d000 and %d000 (ms), both exit 0" % (t, t + R.randint(60, 9000))


def n_bleeps():
    pairs = [("servicedesk ICT", "toestel %d" % R.randint(2000, 7999)), ("radiology reg on call", "bleep %d" % R.randint(100, 999)),
             ("apotheek robotruimte", "toestel %d" % R.randint(2000, 7999)), ("PACS admin", "ext. %d" % R.randint(2000, 7999)),
             ("Saal 3 verpleegpos", "lyn %d" % R.randint(2000, 7999)), ("integration on-call", "bleep %d" % R.randint(100, 999)),
             ("SEH balie", "sein %d" % R.randint(2000, 7999))]
    R.shuffle(pairs)
    return pick(["Internal extensions for the runbook (switchboard-internal only, not DDIs):", "Interne toestelnummers (alleen intern):",
                 "Interne lyne vir die draaiboek:"]) + "\n" + "\n".join("• %s — %s" % p for p in pairs[:R.randint(3, 5)])


def n_counts():
    def sp(n):
        return "{:,}".format(n).replace(",", pick([" ", ".", ","]))
    return pick(["ADT messages last month: %s, ORU: %s, ORM: %s", "PACS archive: %s studies, %s series, %s instances",
                 "Rowa dispenses YTD: %s, errors %s, manual picks %s"]) % (sp(R.randint(100000, 99999999)), sp(R.randint(10000, 9999999)), sp(R.randint(1000, 999999)))


def be_kbo():
    base = "0" + rdigits(7, False)
    return "BE%s%02d" % (base, 97 - int(base) % 97)


def n_company_ids():
    return pick(["Leverancier: KvK %s, AGB-code instelling %s, btw %s" % (rdigits(8), "06" + rdigits(6, False), "NL%sB01" % rdigits(9)),
                 "ZA vendor: VAT %s, reg %d/%06d/07" % ("4" + rdigits(9, False), R.randint(1995, 2024), R.randint(1, 999999)),
                 "BE onderaannemer: ondernemingsnr %s (KBO, eigen mod-97 controle)" % be_kbo(),
                 "IE supplier: CRO %d, VAT IE%d%s" % (R.randint(100000, 799999), R.randint(1000000, 9999999), pick("ABCDEFGHW"))])


def n_capacity_csv():
    rows = ["afdeling,bedden,bezet,wachtend,datum"]
    for w in R.sample(WARDS, R.randint(4, 8)):
        b = R.randint(8, 40)
        rows.append("%s,%d,%d,%d,%s" % (w, b, R.randint(0, b), R.randint(0, 9), nl_date()))
    return fence("\n".join(rows))


def n_ratelimit():
    return fence("HTTP/1.1 429 Too Many Requests\nRetry-After: %d\nX-RateLimit-Limit: %d\nX-RateLimit-Remaining: 0\nX-RateLimit-Reset: %d" % (
        R.randint(5, 120), R.choice([600, 1200, 6000]), epoch()))


def n_rooms():
    return pick(["Printer in kamer %d.%02d en %d.%02d offline", "Kiosk in room %d.%02d rebooted, %d.%02d still down",
                 "Werkstasie in kamer %d.%02d en %d.%02d kry nie die PACS nie"]) % (R.randint(0, 6), R.randint(1, 60), R.randint(0, 6), R.randint(1, 60))


def n_latency():
    rows = ["| endpoint | p50 | p95 | p99 |", "|---|---:|---:|---:|"]
    for ep in R.sample(["/R4/Patient", "/R4/Observation", "/R4/DocumentReference", "/mllp/adt", "/api/v2/dispense", "/wado-rs/studies"], 4):
        rows.append("| %s | %d ms | %d ms | %d ms |" % (ep, R.randint(5, 90), R.randint(90, 700), R.randint(700, 4000)))
    return "\n".join(rows)


def n_lot_numbers():
    groups = " ".join(rdigits(4, False) for _ in range(4))
    return pick(["Batch/lot on the recall notice: %s (16 digits, it's the manufacturer's lot format)",
                 "Lotnummer van de terugroepactie: %s",
                 "Die lotnommer op die herroepingskennisgewing: %s"]) % groups


def n_dates_ie_za():
    y, m, d = rdate()
    k = R.randrange(3)
    if k == 0:
        return "Change freeze %02d/%02d/%04d–%02d/%02d/%04d (Irish bank holiday weekend)" % (d, m, y, min(d + 3, 28), m, y)
    if k == 1:
        return "Onderhoudsvenster %02d-%02d-%04d 22:00 tot %02d-%02d-%04d 06:00" % (d, m, y, min(d + 1, 28), m, y)
    return "Onderhoud op %04d/%02d/%02d tot %04d/%02d/%02d (SAST)" % (y, m, d, y, m, min(d + 2, 28))


def n_cidrs():
    nets = ["10.%d.0.0/16" % R.randint(0, 255), "172.%d.0.0/20" % R.randint(16, 31), "192.168.%d.0/24" % R.randint(0, 255),
            "100.%d.0.0/10" % 64, "192.0.2.0/24", "198.51.100.%d/32" % R.randint(1, 254)]
    R.shuffle(nets)
    return "Firewall change for the PACS VPN (private ranges only): allow " + ", ".join(nets[:R.randint(2, 5)]) + " to tcp/104, tcp/11112, tcp/2575"


def n_money():
    k = R.randrange(4)
    if k == 0:
        return "Pager SMS bundle costs € %d,%02d per maand, the Irish site pays € %d.%02d" % (R.randint(10, 999), R.randint(0, 99), R.randint(10, 999), R.randint(0, 99))
    if k == 1:
        return "Robot service contract: R %d %03d,00 p.j. (excl. VAT)" % (R.randint(10, 999), R.randint(0, 999))
    if k == 2:
        return "Licentie PACS: € %d.%03d,00 ex btw, verlenging per %s" % (R.randint(10, 999), R.randint(0, 999), nl_date())
    return "Budget line 4.%d: € %d.%03d (HL7 engine) + € %d.%03d (FHIR facade)" % (R.randint(1, 9), R.randint(1, 99), R.randint(0, 999), R.randint(1, 99), R.randint(0, 999))


NEG_NUMBER = [n_hl7_adt, n_accession, n_snomed, n_loinc, n_pharmacy_inventory, n_robot_errors, n_modality_ports, n_invoice,
              n_tickets, n_versions, n_epochs, n_bleeps, n_counts, n_company_ids, n_capacity_csv, n_ratelimit, n_rooms,
              n_latency, n_lot_numbers, n_dates_ie_za, n_cidrs, n_money]


# ---------------------------------------------------------------------------
# negatives: talk_about_secrets
# ---------------------------------------------------------------------------
TALK_EN = [
    "Reminder: never paste passwords, tokens or private keys in this channel, even in a thread.",
    "The MLLP TLS private key was rotated last night; the old one is revoked and the new one only lives in Key Vault.",
    "If you need the PACS service account password, request it through the vault workflow, not DM.",
    "The pager gateway's Slack bot token gets rotated every 90 days by the token-rotator job.",
    "Someone asked whether we can send card numbers for the car park refunds over Slack. No. Use the payment portal.",
    "Auditors want evidence that the FHIR client secrets are rotated; the rotation log is enough, no need to show values.",
    "Please stop putting patient phone numbers in the interface tickets, use the HL7 control id instead.",
    "Our DLP flags IBANs in messages now, so vendor bank details go through procurement only.",
    "The leaked token from last week was a read-only GitHub PAT; revoked within 11 minutes, audit log shows no use.",
    "Break-glass account passwords are printed and sealed in the safe at each site, not stored in Slack or e-mail.",
    "We're moving all HL7 feed credentials into Vault; the old ini files will be deleted after cut-over.",
    "Who owns the Rowa API token? It expired and the robot fell back to manual mode.",
    "The secret scanner's regex for AWS keys was too broad, it matched DICOM UIDs. Tuning it.",
    "A reminder that an SSN or PPSN never goes in a ticket title, not even partially.",
    "Can we get the JWKS endpoint added to the allow-list so the SMART client can verify tokens?",
    "The SMTP relay password was in a screenshot in the incident channel — screenshot deleted, password changed.",
]
TALK_NL = [
    "Herinnering: wachtwoorden, tokens en privésleutels horen niet in dit kanaal, ook niet in een thread.",
    "Het wachtwoord van het Mirth-serviceaccount is vannacht geroteerd, nieuwe waarde staat alleen in de kluis.",
    "Wie heeft de API-sleutel van de Rowa-robot? Die is verlopen en de robot staat nu op handmatig.",
    "BSN's horen niet in Slack. Gebruik het interne volgnummer als je een casus bespreekt.",
    "De NEN 7510-audit vraagt bewijs van sleutelrotatie; het rotatielog volstaat, de waarden zelf niet delen.",
    "Bankgegevens van leveranciers gaan via inkoop, niet via Slack — ook geen IBAN 'even snel'.",
    "Graag geen mobiele nummers van collega's in de rooster-thread; de dienstlijst staat in de rooster-app.",
    "Het gelekte token was een GitHub PAT met alleen leesrechten; binnen een kwartier ingetrokken.",
    "De scanner markeerde een HL7 control id als creditcardnummer. Vals positief, regel wordt aangepast.",
    "Noodaccount-wachtwoorden liggen verzegeld in de kluis op de IC, niet digitaal.",
    "Kunnen we het client secret van de FHIR-koppeling laten verlopen voordat de leverancier vertrekt?",
    "Het certificaat van de MLLP-listener verloopt over 14 dagen, private key wordt opnieuw gegenereerd.",
]
TALK_AF = [
    "Herinnering: moenie wagwoorde, tokens of privaat sleutels in hierdie kanaal plak nie.",
    "Die wagwoord vir die Rowa-diensrekening is gisteraand verander; die nuwe een is net in die kluis.",
    "Wie het die API-sleutel vir die apteekrobot? Dit het verval en die robot staan nou op handmatig.",
    "Ons het die uitgelekte Slack-token herroep; dit was net 'n lees-token vir die bystand-kanaal.",
    "Moenie pasiënte se selnommers in die kaartjies sit nie, gebruik die HL7-beheer-ID.",
    "Die POPIA-oudit wil sien dat ons sleutels roteer; die log is genoeg, moenie die waardes deel nie.",
    "Bankbesonderhede van verskaffers gaan deur aankope, nie oor Slack nie.",
    "Die sertifikaat op die PACS-router verval volgende week; ek maak 'n nuwe privaat sleutel.",
    "Eish, iemand het weer 'n wagwoord in 'n skermskoot gehad. Verwyder en verander.",
]
TALK_GA = [
    "Meabhrúchán: ná cuir pasfhocail ná eochracha príobháideacha sa chainéal seo, le do thoil.",
    "Athraíodh pasfhocal an chuntais seirbhíse aréir; tá an ceann nua sa chruinneachán amháin.",
    "Ná roinn do phasfhocal le duine ar bith, fiú leis an deasc seirbhíse.",
    "Tá an eochair API don róbat cógaslainne imithe in éag.",
]
TALK_Q = [
    "Q: can I DM the vendor the SFTP password?\nA: no — share it through the vendor portal's secure message, one-time link.",
    "V: mag ik het token even in een DM sturen?\nA: nee, gebruik een eenmalige link uit de kluis.",
    "V: kan ek die wagwoord in 'n e-pos stuur?\nA: nee, gebruik die eenmalige skakel uit die kluis.",
    "Q: does the redaction bot mask IBANs?\nA: it should; if you see one in a message, flag it to #sec-incidents and delete it.",
]


def t_mix():
    pools = [TALK_EN, TALK_NL, TALK_AF, TALK_GA]
    w = [5, 4, 3, 1]
    out = []
    for _ in range(R.randint(1, 3)):
        pool = R.choices(pools, weights=w)[0]
        out.append(pick(pool))
    return pick([" ", "\n"]).join(out)


def t_runbook():
    steps = pick([
        ["Revoke the token in the provider console", "Check audit logs for use since the leak", "Issue a new token, store it in Vault",
         "Restart the consumer (pager-gw) so it picks up the new value", "Post a short summary in #sec-incidents (no values!)"],
        ["Trek het token in bij de leverancier", "Controleer de auditlogs", "Maak een nieuw token aan en zet het in de kluis",
         "Herstart de Mirth-channel", "Korte samenvatting in #sec-incidents (zonder waarden)"],
        ["Herroep die token by die verskaffer", "Kyk na die ouditlogs", "Skep 'n nuwe token en stoor dit in die kluis",
         "Herbegin die rowa-bridge", "Plaas 'n kort opsomming in #sec-incidents (sonder waardes)"]])
    head = pick(["Runbook: leaked credential", "Draaiboek: gelekte sleutel", "Draaiboek: uitgelekte geloofsbriewe", "Runbook — token exposure"])
    return "*%s*\n%s" % (head, "\n".join("%d. %s" % (i + 1, s) for i, s in enumerate(steps)))


def t_incident():
    t = "%02d:%02d" % (R.randint(0, 23), R.randint(0, 59))
    what = pick(["a Slack bot token", "the HL7 engine DB password", "an AWS access key for the PACS backup bucket",
                 "the FHIR client secret for the bed board", "a private key for the MLLP listener", "an OpenAI API key in a notebook"])
    return "Incident summary (SEC-%d): %s was committed to the `%s` repo at %s. Secret scanning alerted after %d min, it was revoked and rotated, no sign of misuse in the logs. Follow-up: pre-commit hook on all integration repos." % (
        R.randint(100, 999), what, pick(["hl7-mappings", "pager-gw", "rowa-bridge", "pacs-router"]), t, R.randint(2, 40))


def t_faq():
    return pick(TALK_Q)


def t_scanner_talk():
    return pick(["The scanner should treat a 16-digit run as a card only if it passes Luhn, otherwise our lot numbers trigger it.",
                 "Regex voor IBAN moet ook de mod-97 check doen, anders matcht elk NL-ordernummer met letters ervoor.",
                 "Phone detection for +353 and +27 numbers needs the country code or a leading 0, bleeps are only 3–4 digits.",
                 "Die skandeerder moet die Luhn-toets doen voordat hy 'n 13-syfer getal as 'n ID-nommer merk.",
                 "JWT detection should require three dot-separated parts, not just the eyJ prefix — our pagination cursors start with eyJ too."])


def t_policy():
    return pick(["Per the HSE data protection policy, personal data of patients or staff (PPSN, phone, address) should not be shared on Slack.",
                 "Volgens de AVG en NEN 7510 delen we geen persoonsgegevens in chat; gebruik het incidentnummer.",
                 "Volgens POPIA deel ons geen persoonlike inligting in Slack nie; gebruik die insident-nommer.",
                 "Password policy update: 14 characters minimum, passphrases encouraged, no forced 90-day rotation anymore for staff accounts."])


def t_sync_notes():
    items = R.sample(["rotate the Rowa API token before the vendor visit", "move the MLLP TLS key to the HSM",
                      "review who still has access to the PACS admin password", "expire the old SMART client secret",
                      "check that the pager-gw no longer logs phone numbers", "confirm break-glass envelopes were resealed",
                      "wachtwoordkluis-rechten opschonen na vertrek leverancier", "sleutelrotasie vir die apteekrobot beplan"], R.randint(3, 5))
    return "*Security sync %s*\n" % nl_date() + "\n".join("• " + i for i in items)


NEG_TALK = [t_mix, t_mix, t_mix, t_runbook, t_incident, t_faq, t_scanner_talk, t_policy, t_sync_notes]


# ---------------------------------------------------------------------------
# negatives driver
# ---------------------------------------------------------------------------
NEG_CATS = [("data_uri_base64", NEG_DATA), ("placeholder_example", NEG_PLACEHOLDER), ("code_identifier", NEG_CODE),
            ("non_credential_blob", NEG_BLOB), ("pii_lookalike_number", NEG_NUMBER), ("talk_about_secrets", NEG_TALK)]
NEG_PER_CAT = 100
REDRAWS = {"negatives": {}, "positives": {}}


def decorate(text, p_lead=0.13, p_trail=0.06):
    if R.random() < p_lead:
        lead = pick(LEADS)
        if text.startswith("```"):
            lead = lead.rstrip(" —-") + "\n"
        text = lead + (text[0].lower() + text[1:] if text[:1].isupper() and not text.startswith(("HL7", "ADT", "FHIR", "PACS", "ORU", "SNOMED", "LOINC", "JWKS", "CSP", "HAR", "Q:", "V:", "BSN", "IBAN", "ZA", "IE", "BE", "Rowa", "Mirth", "Sentry", "Windows", "ATC", "Payment", "Per", "POPIA")) else text)
    if R.random() < p_trail:
        text += pick(TRAILS)
    return text


def build_negatives():
    out = []
    seen = set()
    for cat, tpls in NEG_CATS:
        got = 0
        order = []
        tries = 0
        while got < NEG_PER_CAT:
            tries += 1
            if tries > 20000:
                raise SystemExit("cannot fill category %s" % cat)
            if not order:
                order = list(tpls)
                R.shuffle(order)
            f = order.pop()
            text = decorate(f())
            if text in seen:
                continue
            found = scan(text)
            if found:
                for det, _, _, _ in found:
                    REDRAWS["negatives"][det] = REDRAWS["negatives"].get(det, 0) + 1
                continue
            seen.add(text)
            out.append({"text": text, "category": cat, "_tpl": f.__name__})
            got += 1
    R.shuffle(out)
    for i, rec in enumerate(out, 1):
        rec["id"] = "h%dn-%04d" % (N, i)
    return out


# ---------------------------------------------------------------------------
# positives: value generators (all fake, all checksum-valid)
# ---------------------------------------------------------------------------
def sub_digits(n):
    return str(R.randint(2, 9)) + rdigits(n - 1, False)


def pairs(s):
    return " ".join(s[i:i + 2] for i in range(0, len(s), 2))


PHONE_STYLE_COUNTER = [0]


def phone_nl_mobile(k=None):
    d = str(R.randint(1, 5)) + rdigits(7, False)  # 8 digits after the 6
    s = [
        "06-" + d, "06" + d, "06 %s %s" % (d[:4], d[4:]), "06 " + pairs(d), "+31 6 " + d, "+316" + d,
        "+31 (0)6 %s %s" % (d[:4], d[4:]), "0031 6 %s %s" % (d[:4], d[4:]), "+31 6 " + pairs(d), "06." + ".".join(d[i:i + 2] for i in range(0, 8, 2)),
        "(06) %s %s" % (d[:4], d[4:]),
    ]
    return s[k] if k is not None else pick(s)


def phone_nl_land(k=None):
    if k is not None or R.random() < 0.7:
        a = pick(["10", "13", "15", "20", "23", "24", "26", "30", "33", "35", "36", "38", "40", "43", "45", "46", "50", "53", "55", "58", "70", "71", "73", "76"])
        n = sub_digits(7)
        s = ["0%s-%s" % (a, n), "0%s %s %s" % (a, n[:3], n[3:]), "(0%s) %s %s %s" % (a, n[:3], n[3:5], n[5:]),
             "+31 %s %s %s" % (a, n[:3], n[3:]), "+31 (0)%s %s %s" % (a, n[:3], n[3:]), "0%s - %s %s %s" % (a, n[:3], n[3:5], n[5:])]
        return s[k] if k is not None else pick(s)
    a = pick(["113", "161", "172", "224", "251", "294", "313", "320", "342", "411", "478", "492", "511", "546", "591"])
    n = sub_digits(6)
    return pick(["0%s-%s" % (a, n), "0%s %s" % (a, pairs(n)), "+31 %s %s %s" % (a, n[:3], n[3:])])


def phone_ie_mobile(k=None):
    p = pick(["83", "85", "86", "87", "89"])
    n = sub_digits(7)
    s = ["0%s %s %s" % (p, n[:3], n[3:]), "0%s-%s" % (p, n), "0%s%s" % (p, n), "+353 %s %s %s" % (p, n[:3], n[3:]),
         "+353%s%s" % (p, n), "+353 (0)%s %s %s" % (p, n[:3], n[3:]), "00353 %s %s %s" % (p, n[:3], n[3:]),
         "(0%s) %s %s" % (p, n[:3], n[3:]), "0%s %s %s %s" % (p, n[:3], n[3:5], n[5:])]
    return s[k] if k is not None else pick(s)


def phone_ie_land():
    k = R.randrange(3)
    if k == 0:
        n = sub_digits(7)
        return pick(["01 %s %s" % (n[:3], n[3:]), "(01) %s %s" % (n[:3], n[3:]), "+353 1 %s %s" % (n[:3], n[3:]), "+353 (0)1 %s %s" % (n[:3], n[3:]), "01-%s" % n])
    if k == 1:
        n = "4" + rdigits(6, False)
        return pick(["021 %s %s" % (n[:3], n[3:]), "+353 21 %s %s" % (n[:3], n[3:]), "(021) %s%s" % (n[:3], n[3:])])
    a = pick(["91", "61", "51", "71"])
    n = sub_digits(6)
    return pick(["0%s %s %s" % (a, n[:3], n[3:]), "+353 %s %s %s" % (a, n[:3], n[3:]), "0%s-%s" % (a, n)])


def phone_za_mobile(k=None):
    p = pick(["60", "61", "71", "72", "73", "74", "76", "78", "79", "81", "82", "83", "84"])
    n = rdigits(7, False)
    s = ["0%s %s %s" % (p, n[:3], n[3:]), "0%s%s" % (p, n), "0%s-%s-%s" % (p, n[:3], n[3:]), "+27 %s %s %s" % (p, n[:3], n[3:]),
         "+27%s%s" % (p, n), "+27 (0)%s %s %s" % (p, n[:3], n[3:]), "0027 %s %s %s" % (p, n[:3], n[3:]), "(0%s) %s %s" % (p, n[:3], n[3:]),
         "0%s %s %s %s" % (p, n[:3], n[3:5], n[5:])]
    return s[k] if k is not None else pick(s)


def phone_za_land(k=None):
    a = pick(["21", "11", "12", "31", "41", "51"])
    n = sub_digits(7)
    s = ["0%s %s %s" % (a, n[:3], n[3:]), "(0%s) %s-%s" % (a, n[:3], n[3:]), "+27 %s %s %s" % (a, n[:3], n[3:]),
         "+27 (0)%s %s %s" % (a, n[:3], n[3:]), "0%s-%s-%s" % (a, n[:3], n[3:])]
    return s[k] if k is not None else pick(s)


PHONE_GENS = [("nl_mobile", phone_nl_mobile), ("ie_mobile", phone_ie_mobile), ("za_mobile", phone_za_mobile),
              ("nl_land", phone_nl_land), ("ie_land", phone_ie_land), ("za_land", phone_za_land)]
_phone_cycle = []


def gen_phone():
    if not _phone_cycle:
        _phone_cycle.extend(PHONE_GENS)
        R.shuffle(_phone_cycle)
    name, f = _phone_cycle.pop()
    return f(), name


def card_number(k=None):
    if k is None:
        k = R.randrange(9)
    if k < 3:
        return luhn_complete("4" + rdigits(5, False), 16), "visa"
    if k < 5:
        return luhn_complete(str(R.randint(51, 55)) + rdigits(4, False), 16), "mastercard"
    if k == 5:
        return luhn_complete(str(R.randint(2221, 2720)) + rdigits(2, False), 16), "mastercard2"
    if k == 6:
        return luhn_complete(pick(["34", "37"]) + rdigits(4, False), 15), "amex"
    if k == 7:
        return luhn_complete("6703" + rdigits(2, False), 17), "bancontact"
    return luhn_complete("4" + rdigits(5, False), 16), "visa"


def card_format(num, style):
    if len(num) == 15:
        groups = [num[:4], num[4:10], num[10:]]
    elif len(num) == 17:
        groups = [num[:4], num[4:8], num[8:12], num[12:16], num[16:]]
    else:
        groups = [num[i:i + 4] for i in range(0, len(num), 4)]
    if style == "spaced":
        return " ".join(groups)
    if style == "dashed":
        return "-".join(groups)
    if style == "plain":
        return num
    if style == "linebreak":
        h = len(groups) // 2
        return " ".join(groups[:h]) + "\n" + " ".join(groups[h:])
    if style == "double_space":
        return "  ".join(groups)
    raise ValueError(style)


def nl_iban():
    bank = pick(["ABNA", "INGB", "RABO", "TRIO", "SNSB", "ASNB", "KNAB", "BUNQ", "RBRB"])
    while True:
        nine = rdigits(9, False)
        tot = sum(int(c) * w for c, w in zip(nine, range(10, 1, -1)))
        last = (-tot) % 11
        if last < 10:
            acct = nine + str(last)
            break
    return iban_from("NL", bank + acct)


def ie_iban():
    return iban_from("IE", pick(["AIBK", "BOFI", "IPBS", "ULSB"]) + rdigits(6) + rdigits(8, False))


def be_iban():
    first10 = rdigits(3) + rdigits(7, False)
    chk = int(first10) % 97 or 97
    return iban_from("BE", first10 + "%02d" % chk)


def iban_from(cc, bban):
    chk = 98 - mod97(bban + cc + "00")
    return "%s%02d%s" % (cc, chk, bban)


def group4(s):
    return " ".join(s[i:i + 4] for i in range(0, len(s), 4))


def ssn_value():
    while True:
        a = R.randint(1, 899)
        if a == 666:
            continue
        g = R.randint(1, 99)
        s = R.randint(1, 9999)
        return "%03d-%02d-%04d" % (a, g, s)


def public_ip():
    while True:
        a = R.choice([R.randint(1, 223), pick([41, 102, 105, 154, 196, 197, 77, 78, 86, 87, 145, 185, 212, 213, 217, 37, 62, 80, 81, 82, 83, 84, 89, 94, 95])])
        ip = "%d.%d.%d.%d" % (a, R.randint(0, 255), R.randint(0, 255), R.randint(1, 254))
        if ipv4_public(ip):
            return ip


def crc_b62(data):
    c = zlib.crc32(data.encode()) & 0xFFFFFFFF
    out = ""
    while c:
        out = B62[c % 62] + out
        c //= 62
    return out.rjust(6, "0")


def gh_classic():
    body = rstr(B62, 30)
    return "ghp_" + body + crc_b62(body)


def gh_fine():
    return "github_pat_11" + rstr("ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789", 20) + "_" + rstr(B62, 59)


def slack_bot():
    return "xoxb-%s-%s-%s" % (rdigits(R.choice([10, 11, 12, 13])), rdigits(13), rstr(B62, 24))


def slack_user():
    return "xoxp-%s-%s-%s-%s" % (rdigits(R.choice([10, 11, 12])), rdigits(R.choice([11, 12, 13])), rdigits(13), rhex(32))


def openai_key():
    k = R.randrange(3)
    if k == 0:
        return "sk-proj-" + rstr(B62 + "-_", 74) + "T3BlbkFJ" + rstr(B62 + "-_", 74)
    if k == 1:
        return "sk-" + rstr(B62, 20) + "T3BlbkFJ" + rstr(B62, 20)
    return "sk-svcacct-" + rstr(B62 + "-_", 74) + "T3BlbkFJ" + rstr(B62 + "-_", 74)


def anthropic_key():
    return "sk-ant-api03-" + rstr(B62 + "-_", 93) + "AA"


def aws_key_id():
    return pick(["AKIA", "AKIA", "AKIA", "ASIA"]) + rstr("ABCDEFGHIJKLMNOPQRSTUVWXYZ234567", 16)


def aws_secret():
    return rstr(B62 + "+/", 40)


def jwt_value():
    now = epoch()
    k = R.randrange(4)
    if k == 0:
        hdr = {"alg": "RS384", "typ": "JWT", "kid": rhex(16)}
        pl = {"iss": "bedboard-acc", "sub": "bedboard-acc", "aud": "https://fhir-acc.zgnoord.local/auth/token", "jti": ruuid(),
              "exp": now + 300}
        sig = rbytes(256)
    elif k == 1:
        hdr = {"alg": "RS256", "typ": "JWT", "kid": b64u(rbytes(24))}
        pl = {"exp": now + 300, "iat": now, "jti": ruuid(), "iss": "https://sso.slaney.local/realms/clinical", "aud": "pacs-router",
              "sub": ruuid(), "typ": "Bearer", "azp": "pacs-router", "preferred_username": "service-account-pacs-router",
              "scope": "system/ImagingStudy.read system/Patient.read"}
        sig = rbytes(256)
    elif k == 2:
        hdr = {"alg": "HS256", "typ": "JWT"}
        pl = {"sub": "rowa-bridge", "robot": "VMAX-%02d" % R.randint(1, 9), "iat": now, "exp": now + 3600, "scope": ["dispense:write", "stock:read"]}
        sig = rbytes(32)
    else:
        hdr = {"alg": "ES256", "typ": "JWT", "kid": rhex(8)}
        pl = {"iss": "pager-gw", "aud": "https://pager.kaapmed.local/api", "iat": now, "exp": now + 900, "role": "escalation-bot"}
        sig = rbytes(64)
    return "%s.%s.%s" % (b64u(json.dumps(hdr, separators=(",", ":")).encode()), b64u(json.dumps(pl, separators=(",", ":")).encode()), b64u(sig))


_pw_cycle = []


def password_value():
    if not _pw_cycle:
        _pw_cycle.extend(["passphrase", "leet", "random", "season", "local_words", "symbols"])
        R.shuffle(_pw_cycle)
    style = _pw_cycle.pop()
    if style == "passphrase":
        words = pick([["Tulp", "Fiets", "Regen", "Molen", "Gracht", "Stroopwafel", "Hagelslag", "Dijk"],
                       ["Braai", "Biltong", "Koeksister", "Bakkie", "Lekker", "Fynbos", "Jakaranda", "Rooibos"],
                       ["Craic", "Ceol", "Sláinte", "Cliffs", "Shamrock", "Currach", "Bodhran", "Turf"],
                       ["correct", "paard", "batterij", "niet", "stapel", "koffie", "boterham", "regenjas"]])
        sep = pick(["-", ".", "_", " ", "!"])
        ws = R.sample(words, R.randint(3, 4))
        return sep.join(ws) + pick(["", str(R.randint(1, 99)), "!", "#%d" % R.randint(1, 9)]), style
    if style == "leet":
        return pick(["Z13k3nhu1s", "Ph@rm@cyR0b0t", "R@d10l0g13", "P4cs-Arch1ef", "H0sp1t@@l", "Apt33k!R0b0t", "M1rth-C0nn3ct",
                     "Bl33p3r#", "0ns3r-W@ch7", "Kl1n13k", "D1c0m$t0r3", "Aptee%R0bot"]) + pick(["", "!", "#", "2025", "26", "!!", "@%d" % R.randint(1, 99)]), style
    if style == "random":
        alpha = B62 + "!@#$%^&*()-_=+?"
        while True:
            v = rstr(alpha, R.randint(12, 20))
            if any(c.isdigit() for c in v) and any(c.isupper() for c in v) and any(c.islower() for c in v):
                return v, style
    if style == "season":
        return pick(["Zomer", "Winter", "Lente", "Herfst", "Somer", "Lente", "Samhradh", "Geimhreadh", "Spring", "Autumn"]) + str(R.randint(2023, 2026)) + pick(["!", "!!", "#", "$", "?"]), style
    if style == "local_words":
        return pick(["Ziekenhuis", "Apotheek", "Hospitaal", "Apteek", "Ospideal", "Otharlann", "Verpleeg", "Dokter"]) + pick(["_", "-", "@", ""]) + pick(["Oost", "Noord", "Kaap", "Slaney", "Gauteng", "Mayo", "Tygerberg"]) + str(R.randint(1, 999)) + pick(["!", "?", "*", ""]), style
    while True:
        v = pick(["Sl@apkamer_", "W!fi-Gast_", "Kof$ie&", "Bleep^", "Rota~", "Dienst+"]) + rstr(B62, R.randint(4, 8)) + pick(["!", "#", "%", "&"])
        if any(c.isdigit() for c in v):
            return v, style


PERSON_NAMES = ["Sanne", "Joost", "Marieke", "Pieter", "Aoife", "Ciarán", "Siobhán", "Pádraig", "Thabo", "Annelie", "Nomvula",
                "Johan", "Fleur", "Niamh", "Sipho", "Riaan", "Eoin", "Lotte", "Zanele", "Daan"]
EMAIL_DOMAINS = ["zgnoord.nl", "umc-oostrand.nl", "slaneyhealth.ie", "barrowgeneral.ie", "kaapmed.co.za", "tygerpvt.co.za",
                 "rowa-service.eu", "pacs-support.ie"]


def email_value():
    k = R.randrange(5)
    first = pick(["sanne", "joost", "marieke", "aoife", "ciaran", "siobhan", "thabo", "annelie", "nomvula", "riaan", "eoin", "lotte"])
    last = pick(["vandermeer", "dejong", "bakker", "nimhurchu", "obrien", "kennedy", "mokoena", "vanwyk", "dlamini", "botha", "visser", "byrne"])
    dom = pick(EMAIL_DOMAINS)
    if k == 0:
        return "%s.%s@%s" % (first, last, dom)
    if k == 1:
        return "%s%s@%s" % (first[0], last, dom)
    if k == 2:
        return "%s.%s%d@%s" % (first, last, R.randint(1, 99), dom)
    if k == 3:
        return "%s@%s" % (pick(["rowa-alerts", "pacs-beheer", "hl7-oncall", "apteek.robot", "integration.desk"]), dom)
    return "%s.%s+%s@%s" % (first, last, pick(["pager", "slack", "rota"]), dom)


def url_password():
    while True:
        v = rstr(B62 + "-_.~!*", R.randint(12, 24))
        if any(c.isdigit() for c in v) and any(c.isupper() for c in v) and any(c.islower() for c in v):
            return v


# ---------------------------------------------------------------------------
# positives: single-secret templates
# ---------------------------------------------------------------------------
def name():
    return pick(PERSON_NAMES)


T_PHONE = [
    lambda v: "Bel de dienstdoende integratiebeheerder vannacht op %s als de ADT-feed stilvalt." % v,
    lambda v: "on-call radiographer tonight: %s" % v,
    lambda v: "%s %s" % (name(), v),
    lambda v: "die bystand-tegnikus vir die apteekrobot is %s, hy is tot 18:00 op perseel" % v,
    lambda v: "Rowa field engineer this week, ring him on %s before you reboot the Vmax" % v,
    lambda v: "📞 %s (%s, PACS applicatiebeheer)" % (v, name()),
    lambda v: "Uimhir an innealtóra ar glao: %s — call if the bleep system drops" % v,
    lambda v: "vendor support line is %s ext 221, ask for the HL7 team" % v,
    lambda v: "Kan iemand %s terugbellen? Het is de leverancier van de pieperinstallatie over de storing van vanmorgen." % v,
    lambda v: "bel my gerus: %s" % v,
    lambda v: "updated the escalation rota:\n1st line: #integraties\n2nd line: %s\n3rd line: duty manager via switchboard" % v,
    lambda v: "ok ek het %s se nommer: %s — sy sit by die Tygerberg datasentrum vandag" % (name(), v),
]

T_CARD = [
    lambda v: "Company card for the Rowa spare parts order: %s exp %02d/%02d, CVC is on the back — please use it before Friday" % (v, R.randint(1, 12), R.randint(26, 30)),
    lambda v: "kaartnummer voor de Azure-factuur: %s (vervalt %02d/%02d)" % (v, R.randint(1, 12), R.randint(26, 30)),
    lambda v: "Die maatskappy se kaart vir die SMS-bundel is %s, verval %02d/%02d" % (v, R.randint(1, 12), R.randint(26, 30)),
    lambda v: "card on file with the pager SMS provider:\n%s\nexpiry %02d/%02d" % (v, R.randint(1, 12), R.randint(26, 30)),
    lambda v: "pay the DICOM viewer licence with \"%s\", that's the IT budget card" % v,
    lambda v: "%s — %s's corporate card, she said we can use it for the domain renewal" % (v, name()),
    lambda v: "Cárta na roinne: %s, dul in éag %02d/%02d" % (v, R.randint(1, 12), R.randint(26, 30)),
    lambda v: "ik heb de creditcard gebruikt (%s) voor de cloud-backup proefperiode, even opzeggen voor de 30 dagen om zijn" % v,
    lambda v: "BE collega's betalen de parkeerkaart met Bancontact: %s" % v,
    lambda v: "the Amex for travel to the RSNA booth is %s, limit's low so ping finance first" % v,
]

T_PASSWORD = [
    lambda v: "het wifi ww voor het gasten-vlan op de IC is %s" % v,
    lambda v: "the wifi pw for the training room is %s" % v,
    lambda v: "Die wagwoord vir die Rowa admin-koppelvlak is %s — moenie dit deel nie" % v,
    lambda v: "An pasfhocal nua don chuntas seirbhíse: %s" % v,
    lambda v: fence("[mllp]\nhost = hl7-gw02.zgnoord.local\nport = 2575\nuser = svc_hl7\npassword = %s" % v, "ini"),
    lambda v: fence("sshpass -p '%s' ssh -l svc_pacs pacs-arch01.slaney.local 'systemctl restart dcm4chee'" % v, "bash"),
    lambda v: fence("mysql -h rowa-db.kaapmed.local -u rowa_report -p'%s' -e 'select count(*) from dispense_log'" % v, "bash"),
    lambda v: fence("psql \"host=mirth-db.int.zgnoord.local dbname=mirthdb user=mirth password=%s sslmode=require\"" % v, "bash"),
    lambda v: fence("$pw = ConvertTo-SecureString '%s' -AsPlainText -Force\nSet-ADAccountPassword -Identity svc_orthanc -NewPassword $pw -Reset" % v, "powershell"),
    lambda v: fence("kubectl -n pharmacy create secret generic rowa-db --from-literal=username=rowa --from-literal=password='%s'" % v, "bash"),
    lambda v: fence("jdbc:sqlserver://sql02.int.slaney.local:1433;databaseName=PacsRis;user=ris_ro;password=%s;encrypt=true" % v),
    lambda v: "login for the Mirth admin on ACC: user `admin`, ww `%s` (tijdelijk, morgen wijzigen)" % v,
    lambda v: "%s se nuwe wagwoord is %s, sy moet dit self verander" % (name(), v),
    lambda v: fence("smbclient //nas01/dicom-export -U 'SLANEY\\svc_export%%%s' -c 'ls'" % v, "bash"),
    lambda v: fence("pacs:\n  archive:\n    user: svc_arch\n    password: \"%s\"" % v, "yaml"),
]

T_URLCRED = [
    lambda u, p: fence("MIRTH_DB_URL=postgres://%s:%s@mirth-db.int.zgnoord.local:5432/mirthdb?sslmode=require" % (u, p), "bash"),
    lambda u, p: "sftp naar het lab werkt weer: `sftp://%s:%s@sftp.labpartner.nl/inbox/oru`" % (u, p),
    lambda u, p: fence("spring.rabbitmq.addresses=amqps://%s:%s@mq.int.kaapmed.local:5671/pager" % (u, p), "properties"),
    lambda u, p: fence("MONGO_URI=\"mongodb+srv://%s:%s@audit-cluster.ab1cd.mongodb.net/audit?retryWrites=true\"" % (u, p), "bash"),
    lambda u, p: "curl 'https://%s:%s@fhir-acc.slaney.local/R4/metadata' gives 200 now" % (u, p),
    lambda u, p: fence("redis:\n  url: redis://%s:%s@cache.pager.kaapmed.local:6380/0" % (u, p), "yaml"),
    lambda u, p: "die LDAP-bind is `ldaps://%s:%s@dc01.kaapmed.local:636`" % (u, p),
    lambda u, p: fence("engine = create_engine(\"mssql+pyodbc://%s:%s@sql02.int.slaney.local/PacsRis?driver=ODBC+Driver+18+for+SQL+Server\")" % (u, p), "python"),
    lambda u, p: "DICOMweb endpoint voor de viewer: https://%s:%s@orthanc-qa.kaapmed.local/dicom-web" % (u, p),
    lambda u, p: fence("git clone https://%s:%s@git.int.zgnoord.local/integraties/hl7-mappings.git" % (u, p), "bash"),
]
URL_USERS = ["svc_hl7", "mirth", "lab_sftp", "pager", "audit_rw", "fhir-basic", "svc_ldap_bind", "ris_ro", "orthanc", "deploy"]

T_EMAIL = [
    lambda v: "Stuur de ORU-mapping naar %s, zij test het in ACC" % v,
    lambda v: "for the PACS migration questions contact %s" % v,
    lambda v: "stuur asseblief die foutlog na %s" % v,
    lambda v: "Escalation mailbox for the robot: %s (monitored 24/7)" % v,
    lambda v: "cuir ríomhphost chuig %s má tá fadhb leis an bleep" % v,
    lambda v: "%s — that's %s's new address after the merger, old one bounces" % (v, name()),
]

T_IP = [
    lambda v: "Vendor VPN peer for the teleradiology link is %s, please whitelist on the FortiGate" % v,
    lambda v: "Het lab stuurt ORU's vanaf %s, graag toevoegen aan de MLLP allowlist" % v,
    lambda v: "Die apteekrobot se ondersteuning kom in vanaf %s (hul kantoor in Duitsland)" % v,
    lambda v: fence("%s - - [%02d/Mar/2026:%02d:%02d:%02d +0000] \"POST /R4/Observation HTTP/1.1\" 401 128" % (v, R.randint(1, 28), R.randint(0, 23), R.randint(0, 59), R.randint(0, 59))),
    lambda v: "brute force on the pager web UI from %s overnight, blocked at the edge" % v,
    lambda v: fence("allow:\n  - %s/32   # cloud PACS (DICOMweb)\n  - 10.20.0.0/16" % v, "yaml"),
]

T_IBAN = [
    lambda v: "Rekeningnummer van de leverancier van de pieperinstallatie: %s t.n.v. de BV, graag vóór vrijdag betalen" % v,
    lambda v: "Bank details for the Irish Rowa service contract: IBAN %s, BIC on the invoice" % v,
    lambda v: "IBAN voor de terugbetaling van %s: %s" % (name(), v),
    lambda v: "de onderaannemer (detachering PACS-migratie) vraagt betaling op %s" % v,
    lambda v: "Betaal die Europese verskaffer op %s (EUR), ons bank doen die omskakeling" % v,
    lambda v: "refund the conference fee to %s please (%s's account)" % (v, name()),
    lambda v: "Sonraí bainc: %s" % v,
    lambda v: fence("creditor_iban: %s\ncreditor_name: Pager Solutions\nreference: PO-%s" % (v, "45" + rdigits(8, False)), "yaml"),
]

T_SSN = [
    lambda v: "US locum radiologist onboarding form says SSN %s — can we store that anywhere? (asking for HR)" % v,
    lambda v: "The teleradiology vendor's W-9 came in: SSN %s for the sole-proprietor reader." % v,
    lambda v: "%s se Amerikaanse SSN vir die kontrak: %s" % (name(), v),
    lambda v: "SSN %s van de Amerikaanse consultant staat in het contract-PDF, die moet eruit" % v,
    lambda v: "background check portal wants the SSN again: %s" % v,
    lambda v: fence("vendor_contact:\n  company: NightRead Teleradiology LLC\n  tax_id_type: SSN\n  tax_id: %s" % v, "yaml"),
    lambda v: "die Amerikaanse fisikus se SSN (%s) staan in die Slack-draad oor die lisensie, kan iemand dit verwyder?" % v,
]

T_AWS_ID = [
    lambda v: fence("%s INFO  s3-sync  uploading study bundle to s3://dicom-cold-eu/2026/ with key_id=%s" % (iso_ts(), v)),
    lambda v: "whose key is %s? CloudTrail shows it listing the PACS backup bucket" % v,
    lambda v: fence("variable \"backup_access_key_id\" {\n  default = \"%s\"\n}" % v, "hcl"),
    lambda v: "die toegangsleutel %s behoort aan die rowa-logs IAM gebruiker" % v,
]

T_AWS_SECRET = [
    lambda v: fence("[dicom-cold-storage]\naws_secret_access_key = %s" % v, "ini"),
    lambda v: fence("export AWS_SECRET_ACCESS_KEY=%s" % v, "bash"),
    lambda v: "secret voor de backup-user: `%s` (key id staat in de kluis)" % v,
    lambda v: fence("env:\n  - name: AWS_SECRET_ACCESS_KEY\n    value: \"%s\"" % v, "yaml"),
]

T_GH_CLASSIC = [
    lambda v: "use my PAT for the hl7-mappings repo until the bot account is fixed: %s" % v,
    lambda v: fence("git remote set-url origin https://%s@github.com/zgnoord/hl7-mappings.git" % v, "bash"),
    lambda v: fence("GITHUB_TOKEN=%s" % v, "bash"),
    lambda v: "die CI het hierdie token nodig: %s" % v,
    lambda v: "ik heb een nieuw token aangemaakt voor de Mirth export-job: `%s`" % v,
    lambda v: fence("- name: checkout mappings\n  uses: actions/checkout@v4\n  with:\n    token: %s" % v, "yaml"),
    lambda v: "the old token %s still has repo scope, can someone revoke it?" % v,
    lambda v: "Comhartha nua don stór: %s" % v,
]

T_GH_FINE = [
    lambda v: "fine-grained token, read-only on pacs-router: %s" % v,
    lambda v: fence("export GH_TOKEN=%s\ngh release download v2.4.1 -R slaneyhealth/pacs-router" % v, "bash"),
    lambda v: "nieuw fine-grained token voor de release-pipeline: %s (verloopt over 30 dagen)" % v,
    lambda v: fence("{\n  \"github\": {\n    \"token\": \"%s\",\n    \"repo\": \"kaapmed/pager-gw\"\n  }\n}" % v, "json"),
    lambda v: "hier is die token vir die rowa-bridge deploy: %s" % v,
    lambda v: fence("renovate:\n  token: %s" % v, "yaml"),
    lambda v: "%s — scoped to the fhir-facade repo only, contents:read" % v,
    lambda v: "the Dependabot secret was set to %s by mistake, that's my personal one" % v,
]

T_SLACK_BOT = [
    lambda v: fence("SLACK_BOT_TOKEN=%s\nSLACK_CHANNEL=#oncall-integraties" % v, "bash"),
    lambda v: "pager-gw bot token for the new workspace: %s" % v,
    lambda v: "die bot-token vir die bystand-kanaal is %s" % v,
    lambda v: fence("curl -s -H 'Authorization: Bearer %s' https://slack.com/api/auth.test" % v, "bash"),
    lambda v: fence("slack:\n  bot_token: %s\n  escalation_channel: C0%s" % (v, rstr("ABCDEFGHJKLMNPQRSTUVWXYZ0123456789", 8)), "yaml"),
    lambda v: "de token van de rooster-bot staat nog in de oude config: %s" % v,
    lambda v: "Rowa alerts bot: `%s` — rotate after the go-live" % v,
    lambda v: fence("client = WebClient(token=\"%s\")\nclient.chat_postMessage(channel=\"#pacs-alerts\", text=\"C-STORE failures > 10\")" % v, "python"),
]

T_SLACK_USER = [
    lambda v: "my user token for the export script: %s" % v,
    lambda v: fence("SLACK_USER_TOKEN=%s python export_channel_history.py --channel oncall" % v, "bash"),
    lambda v: "gebruikerstoken voor de archief-export: %s" % v,
    lambda v: "hier is my xoxp token vir die migrasie: %s" % v,
    lambda v: fence("{\"slack\": {\"user_token\": \"%s\"}}" % v, "json"),
    lambda v: "%s is the token the old rota script used, it's tied to my account" % v,
    lambda v: fence("Authorization: Bearer %s" % v),
    lambda v: "Comhartha úsáideora: %s" % v,
]

T_OPENAI = [
    lambda v: "for the discharge-letter summarising pilot (synthetic letters only!) the key is %s" % v,
    lambda v: fence("OPENAI_API_KEY=%s" % v, "bash"),
    lambda v: fence("client = OpenAI(api_key=\"%s\")" % v, "python"),
    lambda v: "API-sleutel voor de HL7-mapping proef: %s" % v,
    lambda v: "die sleutel vir die kodeerhulp-proef is %s" % v,
    lambda v: fence("llm:\n  provider: openai\n  api_key: %s" % v, "yaml"),
    lambda v: "the notebook had %s hardcoded in cell 3, rotating now" % v,
    lambda v: fence("curl https://api.openai.com/v1/models -H \"Authorization: Bearer %s\"" % v, "bash"),
]

T_ANTHROPIC = [
    lambda v: fence("ANTHROPIC_API_KEY=%s" % v, "bash"),
    lambda v: "key for the FHIR-profile review bot: %s" % v,
    lambda v: fence("client = anthropic.Anthropic(api_key=\"%s\")" % v, "python"),
    lambda v: "sleutel voor de runbook-assistent (geen patiëntdata erin!): %s" % v,
    lambda v: "die API-sleutel vir die draaiboek-assistent: %s" % v,
    lambda v: fence("{\n  \"assistant\": {\n    \"apiKey\": \"%s\",\n    \"model\": \"claude\"\n  }\n}" % v, "json"),
    lambda v: fence("curl https://api.anthropic.com/v1/messages -H \"x-api-key: %s\" -H \"anthropic-version: 2023-06-01\"" % v, "bash"),
    lambda v: "%s — Eochair API don phíolóta, ná roinn í" % v,
]

T_JWT = [
    lambda v: fence("curl -H 'Authorization: Bearer %s' https://fhir-acc.zgnoord.local/R4/Patient?_count=1" % v, "bash"),
    lambda v: "client assertion that the FHIR server rejects (invalid_client): %s" % v,
    lambda v: "token uit de Keycloak van ACC, graag even decoderen of de scopes kloppen: %s" % v,
    lambda v: "die token wat die robot terugstuur: %s" % v,
    lambda v: fence("%s WARN  [fhir-auth] token rejected: exp in the past, token=%s" % (iso_ts(), v)),
    lambda v: fence("{\"access_token\": \"%s\", \"token_type\": \"Bearer\", \"expires_in\": 300}" % v, "json"),
    lambda v: "Postman collection still has a hardcoded token: `%s`" % v,
    lambda v: fence("X-Pager-Auth: %s" % v),
]

T_PEM_LAYOUTS = ["fenced", "json", "yaml", "env", "raw_chat"]

_RSA_CACHE = []


def pem_key(typ):
    """Return (label, body_b64_lines)."""
    if typ == "rsa_pkcs1":
        k = gen_rsa(2048)
        return "RSA PRIVATE KEY", wrap(b64(rsa_pkcs1(k)), 64)
    if typ == "rsa_pkcs8":
        k = gen_rsa(2048)
        return "PRIVATE KEY", wrap(b64(rsa_pkcs8(k)), 64)
    if typ == "ec_sec1":
        d, Q = ec_keypair()
        return "EC PRIVATE KEY", wrap(b64(ec_sec1(d, Q)), 64)
    if typ == "ec_pkcs8":
        d, Q = ec_keypair()
        return "PRIVATE KEY", wrap(b64(ec_pkcs8(d, Q)), 64)
    if typ == "ed25519":
        return "PRIVATE KEY", wrap(b64(ed_pkcs8(rbytes(32))), 64)
    if typ == "openssh":
        blob, _ = openssh_ed25519(rbytes(32), pick(["svc-sftp-lab", "pacs-backup-job", "rowa-bridge-deploy", "mirth-sftp"]))
        return "OPENSSH PRIVATE KEY", wrap(b64(blob), 70)
    raise ValueError(typ)


def pem_render(typ, layout):
    label, lines = pem_key(typ)
    b, e = "-----BEGIN %s-----" % label, "-----END %s-----" % label
    if layout in ("fenced", "raw_chat"):
        value = "\n".join(lines)
        pem = "%s\n%s\n%s" % (b, value, e)
        if layout == "fenced":
            text = pick(["TLS key for the MLLP listener on ACC (yes I know, rotating after the test):",
                         "Sleutel voor de SFTP-koppeling met het lab, even snel voor de test:",
                         "Hier is die sleutel vir die PACS-router se TLS:",
                         "private key the vendor emailed us for the DICOM TLS tunnel:"]) + "\n" + fence(pem)
        else:
            text = pick(["copy this to /etc/orthanc/tls/client.key on the QA box\n", "zet dit op de bastion in ~/.ssh/id_lab:\n",
                         "sit dit in die sleutellêer:\n"]) + pem
        return text, value
    if layout in ("json", "env"):
        value = "\\n".join(lines)
        pem = "%s\\n%s\\n%s\\n" % (b, value, e)
        if layout == "json":
            real = "%s\n%s\n%s\n" % (b, "\n".join(lines), e)
            text = fence(json.dumps({"mllp": {"host": pick(["hl7-gw02.zgnoord.local", "pager-gw.kaapmed.local", "rowa-bridge.slaney.local"]),
                                              "port": pick([2575, 2576, 6661]),
                                              "tls": {"cert": "/etc/hl7/tls/client.crt", "key_pem": real}}}, indent=2), "json")
            assert value in text
            text = pick(["config that was committed to the pager-gw repo:\n", "die config in die repo:\n", ""]) + text
        else:
            text = fence("ORTHANC_TLS_KEY=\"%s\"" % pem, "bash")
        return text, value
    if layout == "yaml":
        ind = "    "
        value = ("\n" + ind).join(lines)
        text = fence("apiVersion: v1\nkind: Secret\nmetadata:\n  name: %s\ntype: kubernetes.io/tls\nstringData:\n  tls.crt: |\n%s-----BEGIN CERTIFICATE-----\n%s...\n  tls.key: |\n%s%s\n%s%s\n%s%s" % (
            pick(["mllp-listener-tls", "pacs-router-tls", "fhir-facade-tls"]), ind, ind, ind, b, ind, value, ind, e), "yaml")
        return text, value
    raise ValueError(layout)


# ---------------------------------------------------------------------------
# positives: two-secret templates
# ---------------------------------------------------------------------------
def m_aws_pair(n):
    kid, sec = aws_key_id(), aws_secret()
    k = n % 5
    if k == 0:
        t = fence("[default]\naws_access_key_id = %s\naws_secret_access_key = %s\nregion = eu-west-1" % (kid, sec), "ini")
    elif k == 1:
        t = "backup user for the DICOM cold storage: key %s / secret %s" % (kid, sec)
    elif k == 2:
        t = fence("export AWS_ACCESS_KEY_ID=%s\nexport AWS_SECRET_ACCESS_KEY=%s\naws s3 ls s3://rowa-logs-af-south-1/" % (kid, sec), "bash")
    elif k == 3:
        t = "die sleutels vir die S3-rugsteun: %s en %s — ek verander dit môre" % (kid, sec)
    else:
        t = fence("{\n  \"AccessKeyId\": \"%s\",\n  \"SecretAccessKey\": \"%s\",\n  \"Region\": \"eu-central-1\"\n}" % (kid, sec), "json")
    return t, [("aws_access_key_id", kid), ("aws_secret_access_key", sec)], "aws_pair"


def m_contact(n):
    ph, _ = gen_phone()
    em = email_value()
    k = n % 3
    if k == 0:
        t = "Nieuwe contactpersoon bij de pieperleverancier: %s, %s, bereikbaar op %s of %s" % (name(), pick(["accountmanager", "technisch consultant"]), em, ph)
    elif k == 1:
        t = "Rowa engineer for the Barrow site: %s — %s / %s" % (name(), ph, em)
    else:
        t = "kontak vir die PACS-migrasie: %s\n%s\n%s" % (name(), em, ph)
    return t, [("email_address", em), ("phone_number", ph)], "contact"


def m_urlcred_ip(n):
    ip, pw, u = public_ip(), url_password(), pick(URL_USERS)
    t = fence("LAB_SFTP=sftp://%s:%s@%s:22/outbound/oru" % (u, pw, ip), "bash") + "\n" + pick(["the lab moved to a new hosting provider, IP changed", "lab is verhuisd, nieuw IP"])
    return t, [("url_credentials", pw), ("ipv4_address", ip)], "urlcred_ip"


def m_pw_ip(n):
    ip = public_ip()
    pw, _ = password_value()
    t = pick(["remote support session for the robot: ssh rowa@%s, password %s (vendor changes it after)",
              "die robot se afstandstoegang: %s, wagwoord %s"]) % (ip, pw)
    return t, [("ipv4_address", ip), ("password", pw)], "pw_ip"


def m_iban_email(n):
    ib = pick([nl_iban, ie_iban, be_iban])()
    ib_t = group4(ib) if R.random() < 0.5 else ib
    em = email_value()
    t = pick(["Factuur van de leverancier: betalen op %s, vragen naar %s", "Supplier bank change request — new IBAN %s, confirmation from %s (verify by phone before paying!)"]) % (ib_t, em)
    return t, [("iban", ib_t), ("email_address", em)], "iban_email"


def m_iban_phone(n):
    ib = pick([nl_iban, ie_iban, be_iban])()
    ib_t = group4(ib)
    ph, _ = gen_phone()
    t = "terugbetaling kilometervergoeding %s: %s, bij vragen bellen naar %s" % (name(), ib_t, ph)
    return t, [("iban", ib_t), ("phone_number", ph)], "iban_phone"


def m_card_phone(n):
    num, _ = card_number()
    c = card_format(num, pick(["spaced", "dashed"]))
    ph, _ = gen_phone()
    t = pick(["Cell me on %s and I'll read out the rest, card is %s", "Bel %s als de betaling faalt, kaart: %s"]) % (ph, c)
    return t, [("phone_number", ph), ("credit_card", c)], "card_phone"


def m_slack_pair(n):
    b, u = slack_bot(), slack_user()
    t = fence("# pager-gw/.env (DO NOT COMMIT)\nSLACK_BOT_TOKEN=%s\nSLACK_ADMIN_USER_TOKEN=%s" % (b, u), "bash")
    return t, [("slack_bot_token", b), ("slack_user_token", u)], "slack_pair"


def m_gh_pair(n):
    a, b = gh_classic(), gh_fine()
    t = "old token %s is revoked, new fine-grained one for the mappings repo: %s" % (a, b)
    return t, [("github_classic_pat", a), ("github_fine_grained_pat", b)], "gh_pair"


def m_llm_pair(n):
    a, b = openai_key(), anthropic_key()
    t = fence("# llm-eval/.env — synthetic discharge letters only\nOPENAI_API_KEY=%s\nANTHROPIC_API_KEY=%s" % (a, b), "bash")
    return t, [("openai_api_key", a), ("anthropic_api_key", b)], "llm_pair"


def m_jwt_ip(n):
    j, ip = jwt_value(), public_ip()
    t = fence("%s WARN [fhir-facade] 401 from %s bearer=%s" % (iso_ts(), ip, j))
    return t, [("ipv4_address", ip), ("jwt", j)], "jwt_ip"


def m_pw_email(n):
    pw, _ = password_value()
    em = email_value()
    t = pick(["Account for the vendor portal: %s / %s", "Login vir die verskaffersportaal: %s, wagwoord %s"]) % (em, pw)
    return t, [("email_address", em), ("password", pw)], "pw_email"


def m_ssn_email(n):
    s, em = ssn_value(), email_value()
    t = "US teleradiology reader onboarding: SSN %s, send the credentialing packet to %s" % (s, em)
    return t, [("us_ssn", s), ("email_address", em)], "ssn_email"


def m_pem_ip(n):
    text, val = pem_render("openssh", "fenced")
    ip = public_ip()
    t = "jump host for the teleradiology link is %s, key below:\n" % ip + text.split("\n", 1)[1]
    return t, [("ipv4_address", ip), ("private_key_pem", val)], "pem_ip"


def m_card_email(n):
    num, _ = card_number()
    c = card_format(num, pick(["plain", "spaced"]))
    em = email_value()
    t = "Receipt for the SSL cert renewal went to %s, paid with %s" % (em, c)
    return t, [("email_address", em), ("credit_card", c)], "card_email"


MULTI = [m_aws_pair] * 5 + [m_contact, m_contact, m_urlcred_ip, m_pw_ip, m_iban_email, m_iban_phone, m_card_phone,
                            m_slack_pair, m_gh_pair, m_llm_pair, m_jwt_ip, m_pw_email, m_ssn_email, m_pem_ip, m_card_email]


# ---------------------------------------------------------------------------
# positives driver
# ---------------------------------------------------------------------------
SINGLE_COUNTS = [("email_address", 4), ("phone_number", 7), ("password", 9), ("url_credentials", 9), ("ipv4_address", 5),
                 ("iban", 8), ("credit_card", 9), ("us_ssn", 7), ("aws_access_key_id", 4), ("aws_secret_access_key", 4),
                 ("slack_bot_token", 8), ("slack_user_token", 8), ("github_classic_pat", 8), ("github_fine_grained_pat", 8),
                 ("openai_api_key", 8), ("anthropic_api_key", 8), ("jwt", 8), ("private_key_pem", 8)]
SIMPLE_SINGLE = {"email_address": (T_EMAIL, email_value), "ipv4_address": (T_IP, public_ip), "us_ssn": (T_SSN, ssn_value),
                 "aws_access_key_id": (T_AWS_ID, aws_key_id), "aws_secret_access_key": (T_AWS_SECRET, aws_secret),
                 "slack_bot_token": (T_SLACK_BOT, slack_bot), "slack_user_token": (T_SLACK_USER, slack_user),
                 "github_classic_pat": (T_GH_CLASSIC, gh_classic), "github_fine_grained_pat": (T_GH_FINE, gh_fine),
                 "openai_api_key": (T_OPENAI, openai_key), "anthropic_api_key": (T_ANTHROPIC, anthropic_key), "jwt": (T_JWT, jwt_value)}
PEM_PLAN = [("rsa_pkcs1", "fenced"), ("ec_sec1", "json"), ("ed25519", "env"), ("openssh", "raw_chat"), ("rsa_pkcs8", "yaml"),
            ("ec_pkcs8", "fenced"), ("openssh", "fenced"), ("ed25519", "yaml")]
# card_number() branch per single-card text: bancontact, amex, then visa / mastercard (51-55 and 2-series)
CARD_BRAND_PLAN = [7, 6, 0, 3, 1, 5, 2, 4, 0]
CARD_STYLES = ["spaced", "dashed", "plain", "linebreak", "spaced", "dashed", "double_space", "spaced", "plain"]
IBAN_PLAN = [(nl_iban, "group"), (ie_iban, "compact"), (be_iban, "group"), (nl_iban, "compact"), (ie_iban, "group"),
             (be_iban, "compact"), (nl_iban, "group"), (ie_iban, "group")]
FORMATS = {}


def make_single(kind, idx):
    """Return (text, [(kind, value)], context)."""
    if kind == "private_key_pem":
        typ, layout = PEM_PLAN[idx]
        text, v = pem_render(typ, layout)
        return text, [(kind, v)], "private_key_pem:%s:layout%d" % (typ, T_PEM_LAYOUTS.index(layout)), typ + "/" + layout
    if kind == "phone_number":
        t, gname, k = PHONE_PLAN[idx]
        v = dict(PHONE_GENS)[gname](k)
        return T_PHONE[t](v), [(kind, v)], "phone_number:t%d" % t, gname
    if kind == "credit_card":
        t = CARD_TPL_ORDER[idx % len(CARD_TPL_ORDER)]
        num, brand = card_number(CARD_BRAND_PLAN[idx])
        style = CARD_STYLES[idx]
        v = card_format(num, style)
        return T_CARD[t](v), [(kind, v)], "credit_card:t%d" % t, "%s/%s" % (brand, style)
    if kind == "password":
        t = PW_TPL_ORDER[idx % len(PW_TPL_ORDER)]
        v, style = password_value()
        return T_PASSWORD[t](v), [(kind, v)], "password:t%d" % t, style
    if kind == "url_credentials":
        t = idx % len(T_URLCRED)
        v = url_password()
        return T_URLCRED[t](pick(URL_USERS), v), [(kind, v)], "url_credentials:t%d" % t, "scheme" + str(t)
    if kind == "iban":
        f, fmt = IBAN_PLAN[idx]
        c = f()
        v = group4(c) if fmt == "group" else c
        t = idx % len(T_IBAN)
        return T_IBAN[t](v), [(kind, v)], "iban:t%d" % t, "%s/%s" % (c[:2], fmt)
    tpls, gen_v = SIMPLE_SINGLE[kind]
    t = idx % len(tpls)
    v = gen_v()
    fmt = ""
    if kind == "openai_api_key":
        fmt = "proj" if v.startswith("sk-proj-") else "svcacct" if v.startswith("sk-svcacct-") else "legacy"
    if kind == "aws_access_key_id":
        fmt = v[:4]
    if kind == "jwt":
        fmt = json.loads(base64.urlsafe_b64decode(v.split(".")[0] + "=="))["alg"]
    return tpls[t](v), [(kind, v)], "%s:t%d" % (kind, t), fmt


# (template, generator, style index) for the single-phone texts
PHONE_PLAN = [(2, "nl_mobile", 9), (7, "nl_land", 4), (1, "za_mobile", 4), (5, "ie_mobile", 5), (10, "za_land", 1),
              (0, "nl_mobile", 8), (6, "ie_mobile", 1)]
CARD_TPL_ORDER = list(range(len(T_CARD)))
PW_TPL_ORDER = [0, 1, 2, 3, 4, 5, 6, 9, 11]


def covered(text, spans, s, e):
    return any(s < ve and vs < e for vs, ve in spans)


def value_spans(text, secrets):
    spans = []
    for _, v in secrets:
        i = text.find(v)
        while i >= 0:
            spans.append((i, i + len(v)))
            i = text.find(v, i + 1)
    return spans


def build_positives():
    rest = [t for t in CARD_TPL_ORDER if t not in (8, 9)]
    R.shuffle(rest)
    CARD_TPL_ORDER[:] = [8, 9] + rest  # Bancontact and Amex templates always used
    R.shuffle(PW_TPL_ORDER)
    used_values = set()
    jobs = []
    for kind, n in SINGLE_COUNTS:
        for i in range(n):
            jobs.append(("single", kind, i))
    for i, f in enumerate(MULTI):
        jobs.append(("multi", f, i))
    R.shuffle(jobs)
    out = []
    seen = set()
    for typ, what, i in jobs:
        for attempt in range(200):
            if typ == "single":
                text, secrets, ctx, fmt = make_single(what, i)
            else:
                text, secrets, nm = what(i)
                ctx = "multi:%s:%d" % (nm, i)
                fmt = "multi"
            if R.random() < 0.06:
                lead = pick(["fyi ", "ok so ", "Ter info: ", "Vir die rekord: ", "sorry for the noise — "])
                text = (lead.rstrip(" —") + "\n" if text.startswith("```") else lead) + text
            for _, v in secrets:
                assert v in text, (ctx, v)
            spans = value_spans(text, secrets)
            bad = [f for f in scan(text) if not covered(text, spans, f[1], f[2])]
            if bad or text in seen or any(v in used_values for _, v in secrets):
                for f in bad:
                    REDRAWS["positives"][f[0]] = REDRAWS["positives"].get(f[0], 0) + 1
                continue
            break
        else:
            raise SystemExit("cannot place %s" % ctx)
        seen.add(text)
        used_values.update(v for _, v in secrets)
        out.append({"text": text, "secrets": [{"kind": k, "value": v} for k, v in secrets], "context": ctx, "_fmt": fmt})
    for i, rec in enumerate(out, 1):
        rec["id"] = "h%dp-%04d" % (N, i)
    return out


# ---------------------------------------------------------------------------
# validity checks on positives
# ---------------------------------------------------------------------------
def check_value(kind, v):
    if kind == "credit_card":
        d = re.sub(r"[ \-\n]", "", v)
        assert d.isdigit() and 13 <= len(d) <= 19 and luhn_ok(d), v
    elif kind == "iban":
        c = v.replace(" ", "")
        assert iban_ok(c) == c, v
        if c[:2] == "NL":
            acct = c[8:]
            assert sum(int(x) * w for x, w in zip(acct, range(10, 0, -1))) % 11 == 0, v
        if c[:2] == "BE":
            assert (int(c[4:14]) % 97 or 97) == int(c[14:]), v
    elif kind == "us_ssn":
        m = re.fullmatch(r"(\d{3})-(\d{2})-(\d{4})", v)
        assert m and ssn_ok(*m.groups()), v
    elif kind == "ipv4_address":
        assert ipv4_public(v), v
    elif kind == "jwt":
        h, p, sgn = v.split(".")
        for part in (h, p):
            json.loads(base64.urlsafe_b64decode(part + "=" * (-len(part) % 4)))
        base64.urlsafe_b64decode(sgn + "=" * (-len(sgn) % 4))
    elif kind == "private_key_pem":
        body = re.sub(r"\\n|\s", "", v)
        der_ = base64.b64decode(body, validate=True)
        assert der_[0] == 0x30 or der_.startswith(b"openssh-key-v1\x00"), v[:30]
    elif kind == "github_classic_pat":
        assert re.fullmatch(r"ghp_[A-Za-z0-9]{36}", v) and crc_b62(v[4:34]) == v[34:], v
    elif kind == "github_fine_grained_pat":
        assert re.fullmatch(r"github_pat_11[A-Z0-9]{20}_[A-Za-z0-9]{59}", v), v
    elif kind == "aws_access_key_id":
        assert re.fullmatch(r"(AKIA|ASIA)[A-Z2-7]{16}", v), v
    elif kind == "aws_secret_access_key":
        assert re.fullmatch(r"[A-Za-z0-9/+]{40}", v), v
    elif kind == "slack_bot_token":
        assert re.fullmatch(r"xoxb-\d{10,13}-\d{13}-[A-Za-z0-9]{24}", v), v
    elif kind == "slack_user_token":
        assert re.fullmatch(r"xoxp-\d+-\d+-\d+-[0-9a-f]{32}", v), v
    elif kind == "anthropic_api_key":
        assert re.fullmatch(r"sk-ant-api03-[A-Za-z0-9_\-]{93}AA", v), v
    elif kind == "openai_api_key":
        assert "T3BlbkFJ" in v and v.startswith("sk-"), v
    elif kind == "email_address":
        assert RE_EMAIL.fullmatch(v), v
    elif kind == "phone_number":
        nd = sum(c.isdigit() for c in v)
        assert 9 <= nd <= 14, v


def main():
    negs = build_negatives()
    pos = build_positives()
    # final assertions
    assert len(negs) == 600 and len({r["text"] for r in negs}) == 600
    assert len(pos) == 150 and len({r["text"] for r in pos}) == 150
    nsec = [len(r["secrets"]) for r in pos]
    assert nsec.count(1) == 130 and nsec.count(2) == 20 and sum(nsec) == 170
    neg_left = []
    for r in negs:
        neg_left += [(r["id"], f[0], f[3]) for f in scan(r["text"])]
    assert not neg_left, neg_left[:5]
    unlabelled, detected, missed = [], {}, {}
    for r in pos:
        secrets = [(s["kind"], s["value"]) for s in r["secrets"]]
        for k, v in secrets:
            assert v in r["text"], (r["id"], v)
            check_value(k, v)
        spans = value_spans(r["text"], secrets)
        found = scan(r["text"])
        unlabelled += [(r["id"], f[0], f[3]) for f in found if not covered(r["text"], spans, f[1], f[2])]
        for k, v in secrets:
            i = r["text"].find(v)
            hit = any(f[1] < i + len(v) and i < f[2] for f in found)
            (detected if hit else missed).setdefault(k, []).append((r["id"], v))
    assert not unlabelled, unlabelled[:5]

    with open(os.path.join(HERE, "redaction%d_negatives.jsonl" % N), "w", encoding="utf-8", newline="\n") as fh:
        for r in negs:
            fh.write(json.dumps({"id": r["id"], "text": r["text"], "category": r["category"]}, ensure_ascii=False) + "\n")
    with open(os.path.join(HERE, "redaction%d_positives.jsonl" % N), "w", encoding="utf-8", newline="\n") as fh:
        for r in pos:
            fh.write(json.dumps({"id": r["id"], "text": r["text"], "secrets": r["secrets"], "context": r["context"]}, ensure_ascii=False) + "\n")

    print("redaction%d: %d negatives, %d positives (%d secrets)" % (N, len(negs), len(pos), sum(nsec)))
    print("negatives redrawn by scanner (draws thrown away, by detector):")
    for k, v in sorted(REDRAWS["negatives"].items()):
        print("  %-22s %d" % (k, v))
    print("negatives: findings in final set: %d" % len(neg_left))
    print("positives redrawn for unlabelled findings:")
    for k, v in sorted(REDRAWS["positives"].items()):
        print("  %-22s %d" % (k, v))
    print("positives: unlabelled findings in final set: %d" % len(unlabelled))
    print("positives: labelled values the scanner also finds, by kind:")
    kinds = sorted(set(detected) | set(missed))
    for k in kinds:
        d, m = len(detected.get(k, [])), len(missed.get(k, []))
        print("  %-24s %2d/%2d%s" % (k, d, d + m, "" if not m else "   missed: " + ", ".join("%s %r" % x for x in missed[k])))


if __name__ == "__main__":
    main()
