#!/usr/bin/env python3
"""Blind redaction corpus #60.

Theme: Slack of an online marketplace's seller-support and payments team
(seller onboarding, payouts, chargebacks, shipping labels, tax invoices) in
Vietnam, Mexico and Italy.  Languages: English, Vietnamese (with and without
diacritics), Mexican Spanish, Italian.

Standard library only.  The only randomness is random.Random(60 * 101).
Writes redaction60_negatives.jsonl and redaction60_positives.jsonl next to
this file and prints a scanner report.
"""
import base64
import binascii
import hashlib
import ipaddress
import json
import os
import re
import struct
import sys
import unicodedata
import zlib

import random

N = 60
R = random.Random(N * 101)
HERE = os.path.dirname(os.path.abspath(__file__))

# ---------------------------------------------------------------------------
# small helpers
# ---------------------------------------------------------------------------
UP = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
LO = "abcdefghijklmnopqrstuvwxyz"
DG = "0123456789"
ALNUM = UP + LO + DG
HEX = "0123456789abcdef"
B64 = UP + LO + DG + "+/"
B64URL = UP + LO + DG + "-_"


def rs(alphabet, n):
    return "".join(R.choice(alphabet) for _ in range(n))


def pick(seq):
    return seq[R.randrange(len(seq))]


def chance(p):
    return R.random() < p


def hexs(n):
    return rs(HEX, n)


def uuid4(upper=False):
    h = list(hexs(32))
    h[12] = "4"
    h[16] = pick("89ab")
    s = "".join(h)
    s = "%s-%s-%s-%s-%s" % (s[:8], s[8:12], s[12:16], s[16:20], s[20:])
    return s.upper() if upper else s


def b64(data):
    return base64.b64encode(data).decode()


def b64url_nopad(data):
    return base64.urlsafe_b64encode(data).decode().rstrip("=")


def rbytes(n):
    return bytes(R.randrange(256) for _ in range(n))


def strip_vi(s):
    s = s.replace("đ", "d").replace("Đ", "D")
    s = unicodedata.normalize("NFD", s)
    s = "".join(c for c in s if unicodedata.category(c) != "Mn")
    return unicodedata.normalize("NFC", s)


def vi(s, p=0.45):
    """Vietnamese as people type it: sometimes without diacritics."""
    s = unicodedata.normalize("NFC", s)
    return strip_vi(s) if chance(p) else s


def wrap(s, n):
    return "\n".join(s[i:i + n] for i in range(0, len(s), n))


def digits(n, first=None):
    d = pick(first) if first else pick("123456789")
    return d + rs(DG, n - 1)


# ---------------------------------------------------------------------------
# check-digit algorithms
# ---------------------------------------------------------------------------
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
    body = prefix + rs(DG, length - len(prefix) - 1)
    for c in DG:
        if luhn_ok(body + c):
            return body + c
    raise AssertionError


def iban_mod97(s):
    s = s.replace(" ", "")
    t = s[4:] + s[:4]
    num = "".join(str(int(c, 36)) for c in t)
    return int(num) % 97


def iban_make(cc, bban):
    t = bban + cc + "00"
    num = "".join(str(int(c, 36)) for c in t)
    chk = 98 - int(num) % 97
    return "%s%02d%s" % (cc, chk, bban)


# Italian CIN: same odd/even tables as the codice fiscale control character.
_CIN_ODD = [1, 0, 5, 7, 9, 13, 15, 17, 19, 21, 2, 4, 18, 20, 11, 3, 6, 8, 12, 14, 16, 10, 22, 25, 24, 23]


def it_cin(abi, cab, conto):
    s = abi + cab + conto
    tot = 0
    for i, ch in enumerate(s):
        v = int(ch) if ch.isdigit() else ord(ch) - 65
        tot += _CIN_ODD[v] if i % 2 == 0 else v
    return UP[tot % 26]


def iban_it():
    abi = pick(["03069", "02008", "05034", "01030", "03062", "05696", "03440", "05387"])
    cab = pick(["01600", "01601", "11101", "09400", "03200", "20100", "12700", "01000"])
    conto = rs(DG, 12) if chance(0.7) else "0000" + rs(DG, 8)
    cin = it_cin(abi, cab, conto)
    return iban_make("IT", cin + abi + cab + conto)


def es_dc(ent, ofi, cta):
    w = [1, 2, 4, 8, 5, 10, 9, 7, 3, 6]

    def one(s):
        d = 11 - sum(int(c) * w[i] for i, c in enumerate(s)) % 11
        return 0 if d == 11 else (1 if d == 10 else d)
    return "%d%d" % (one("00" + ent + ofi), one(cta))


def iban_es():
    ent = pick(["2100", "0049", "0182", "0081", "2085", "0128", "1465", "0075"])
    ofi = rs(DG, 4)
    cta = rs(DG, 10)
    return iban_make("ES", ent + ofi + es_dc(ent, ofi, cta) + cta)


CLABE_BANKS = ["002", "012", "014", "021", "030", "036", "044", "058", "072", "127", "137", "646", "638", "722"]


def clabe_check(s17):
    w = [3, 7, 1]
    tot = sum((int(c) * w[i % 3]) % 10 for i, c in enumerate(s17))
    return str((10 - tot % 10) % 10)


def clabe_ok(s):
    return len(s) == 18 and s.isdigit() and clabe_check(s[:17]) == s[17]


def clabe():
    s = pick(CLABE_BANKS) + pick(["180", "320", "580", "650", "010", "027"]) + rs(DG, 11)
    return s + clabe_check(s)


def ssn():
    while True:
        a = R.randrange(1, 900)
        if a == 666:
            continue
        g = R.randrange(1, 100)
        s = R.randrange(1, 10000)
        return "%03d-%02d-%04d" % (a, g, s)


def upu_s10(prefix, suffix):
    body = rs(DG, 8)
    w = [8, 6, 4, 2, 3, 5, 9, 7]
    c = 11 - sum(int(d) * w[i] for i, d in enumerate(body)) % 11
    c = 0 if c == 10 else (5 if c == 11 else c)
    return prefix + body + str(c) + suffix


def is_public_ip(s):
    try:
        ip = ipaddress.IPv4Address(s)
    except ValueError:
        return False
    return ip.is_global and not ip.is_multicast and not ip.is_reserved


def public_ip(first=None):
    while True:
        a = pick(first) if first else R.randrange(1, 224)
        s = "%d.%d.%d.%d" % (a, R.randrange(0, 256), R.randrange(0, 256), R.randrange(1, 255))
        if is_public_ip(s):
            return s


# ---------------------------------------------------------------------------
# binary builders (real, well-formed bytes)
# ---------------------------------------------------------------------------
def png_chunk(tag, data):
    return struct.pack(">I", len(data)) + tag + data + struct.pack(">I", zlib.crc32(tag + data) & 0xFFFFFFFF)


def make_png(w=None, h=None, mode=None):
    w = w or R.randrange(1, 17)
    h = h or R.randrange(1, 17)
    mode = mode or pick(["rgb", "rgba", "gray", "pal"])
    if mode == "rgb":
        ct, bpp = 2, 3
    elif mode == "rgba":
        ct, bpp = 6, 4
    elif mode == "gray":
        ct, bpp = 0, 1
    else:
        ct, bpp = 3, 1
    base = rbytes(bpp)
    rows = b""
    for y in range(h):
        row = b"\x00"
        for x in range(w):
            if mode == "pal":
                row += bytes([(x + y) % 2])
            elif chance(0.2):
                row += rbytes(bpp)
            else:
                row += base
        rows += row
    ihdr = struct.pack(">IIBBBBB", w, h, 8, ct, 0, 0, 0)
    out = b"\x89PNG\r\n\x1a\n" + png_chunk(b"IHDR", ihdr)
    if mode == "pal":
        out += png_chunk(b"PLTE", rbytes(6))
    out += png_chunk(b"IDAT", zlib.compress(rows, 9)) + png_chunk(b"IEND", b"")
    return out


def make_gif():
    pal = rbytes(6)
    gce = b"\x21\xf9\x04\x01\x00\x00\x00\x00" if chance(0.6) else b""
    return (b"GIF89a" + struct.pack("<HH", 1, 1) + b"\x80\x00\x00" + pal + gce +
            b"\x2c" + struct.pack("<HHHH", 0, 0, 1, 1) + b"\x00" + b"\x02\x02\x44\x01\x00" + b"\x3b")


def make_jpeg():
    """Baseline grayscale JFIF; one-symbol Huffman tables; every block DC=0, EOB."""
    w = R.choice([8, 16, 24, 32])
    h = R.choice([8, 16])
    q = bytes([max(1, min(255, R.randrange(2, 60) + i // 3)) for i in range(64)])
    app0 = b"JFIF\x00\x01\x01" + b"\x00" + struct.pack(">HH", 1, 1) + b"\x00\x00"
    seg = lambda m, d: b"\xff" + m + struct.pack(">H", len(d) + 2) + d
    sof = b"\x08" + struct.pack(">HH", h, w) + b"\x01" + b"\x01\x11\x00"
    dht_dc = b"\x00" + bytes([1] + [0] * 15) + b"\x00"
    dht_ac = b"\x10" + bytes([1] + [0] * 15) + b"\x00"
    sos = b"\x01" + b"\x01\x00" + b"\x00\x3f\x00"
    nblocks = (w // 8) * (h // 8)
    bits = "00" * nblocks
    bits += "1" * ((8 - len(bits) % 8) % 8)
    data = bytes(int(bits[i:i + 8], 2) for i in range(0, len(bits), 8))
    data = data.replace(b"\xff", b"\xff\x00")
    return (b"\xff\xd8" + seg(b"\xe0", app0) + seg(b"\xdb", b"\x00" + q) + seg(b"\xc0", sof) +
            seg(b"\xc4", dht_dc) + seg(b"\xc4", dht_ac) + seg(b"\xda", sos) + data + b"\xff\xd9")


def make_wav():
    n = R.randrange(40, 120)
    rate = pick([8000, 11025, 16000])
    samples = bytes(128 + int(60 * ((i * R.choice([3, 5, 7])) % 17 - 8) / 8) for i in range(n))
    fmt = struct.pack("<HHIIHH", 1, 1, rate, rate, 1, 8)
    body = b"WAVE" + b"fmt " + struct.pack("<I", 16) + fmt + b"data" + struct.pack("<I", n) + samples
    if n % 2:
        body += b"\x00"
    return b"RIFF" + struct.pack("<I", len(body)) + body


def make_pdf(text):
    objs = [
        b"<< /Type /Catalog /Pages 2 0 R >>",
        b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 288 432] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
        None,
        b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
    ]
    stream = ("BT /F1 12 Tf 24 400 Td (%s) Tj ET" % text).encode("latin-1")
    objs[3] = b"<< /Length %d >>\nstream\n" % len(stream) + stream + b"\nendstream"
    out = b"%PDF-1.4\n"
    offs = []
    for i, o in enumerate(objs):
        offs.append(len(out))
        out += b"%d 0 obj\n" % (i + 1) + o + b"\nendobj\n"
    x = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objs) + 1)
    for o in offs:
        out += b"%010d 00000 n \n" % o
    out += b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (len(objs) + 1, x)
    return out


def make_ico():
    p = make_png(16, 16, pick(["rgba", "rgb"]))
    return struct.pack("<HHH", 0, 1, 1) + struct.pack("<BBBBHHII", 16, 16, 0, 0, 1, 32, len(p), 22) + p


def make_svg():
    col = "#" + hexs(6)
    shape = pick([
        '<circle cx="8" cy="8" r="%d" fill="%s"/>' % (R.randrange(3, 8), col),
        '<rect width="16" height="16" rx="%d" fill="%s"/>' % (R.randrange(0, 5), col),
        '<path d="M2 8l4 4 8-8" stroke="%s" stroke-width="2" fill="none"/>' % col,
        '<path d="M8 1l2 5h5l-4 3 2 6-5-4-5 4 2-6-4-3h5z" fill="%s"/>' % col,
    ])
    return '<svg xmlns="http://www.w3.org/2000/svg" width="16" height="16" viewBox="0 0 16 16">%s</svg>' % shape


def make_sourcemap():
    f = pick(["src/payouts/PayoutTable.tsx", "src/seller/OnboardingWizard.tsx", "src/labels/printLabel.ts",
              "src/chargebacks/EvidenceForm.tsx", "src/invoices/FatturaPreview.tsx", "src/cfdi/CfdiBadge.tsx"])
    m = {"version": 3, "file": f.split("/")[-1].replace(".tsx", ".js").replace(".ts", ".js"),
         "sources": [f], "names": [], "mappings": ";".join(rs("ACEGIKMOQSUWYgkos", R.randrange(4, 9)) for _ in range(R.randrange(3, 7)))}
    return json.dumps(m, separators=(",", ":"))


def make_zpl(order):
    return ("^XA\n^CF0,40\n^FO40,40^FDMKP^FS\n^BY2,3,90\n^FO40,110^BCN,,Y,N^FD%s^FS\n^FO40,240^FDSORT %s-%02d^FS\n^XZ\n"
            % (order, pick(["HCM", "HN", "DN", "CDMX", "GDL", "MTY", "MI", "RM", "TO"]), R.randrange(1, 40)))


# ---------------------------------------------------------------------------
# crypto-shaped values for positives
# ---------------------------------------------------------------------------
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
    for _ in range(16):
        a = R.randrange(2, n - 2)
        x = pow(a, d, n)
        if x in (1, n - 1):
            continue
        for _ in range(s - 1):
            x = pow(x, 2, n)
            if x == n - 1:
                break
        else:
            return False
    return True


def rand_prime(bits):
    while True:
        c = R.getrandbits(bits) | (1 << (bits - 1)) | (1 << (bits - 2)) | 1
        if c % 65537 != 1 and is_probable_prime(c):
            return c


def rsa_der(bits):
    e = 65537
    while True:
        p, q = rand_prime(bits // 2), rand_prime(bits // 2)
        if p == q:
            continue
        phi = (p - 1) * (q - 1)
        try:
            d = pow(e, -1, phi)
        except ValueError:
            continue
        break
    n = p * q
    body = b"".join(der_int(x) for x in (0, n, e, d, p, q, d % (p - 1), d % (q - 1), pow(q, -1, p)))
    return der(0x30, body)


P256_P = 0xffffffff00000001000000000000000000000000ffffffffffffffffffffffff
P256_A = P256_P - 3
P256_N = 0xffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551
P256_G = (0x6b17d1f2e12c4247f8bce6e563a440f277037d812deb33a0f4a13945d898c296,
          0x4fe342e2fe1a7f9b8ee7eb4a7c0f9e162bce33576b315ececbb6406837bf51f5)


def ec_add(P, Q):
    if P is None:
        return Q
    if Q is None:
        return P
    p = P256_P
    if P[0] == Q[0] and (P[1] + Q[1]) % p == 0:
        return None
    if P == Q:
        lam = (3 * P[0] * P[0] + P256_A) * pow(2 * P[1], -1, p) % p
    else:
        lam = (Q[1] - P[1]) * pow(Q[0] - P[0], -1, p) % p
    x = (lam * lam - P[0] - Q[0]) % p
    return (x, (lam * (P[0] - x) - P[1]) % p)


def ec_mul(k, P):
    acc = None
    while k:
        if k & 1:
            acc = ec_add(acc, P)
        P = ec_add(P, P)
        k >>= 1
    return acc


def ec_p256_der():
    d = R.randrange(1, P256_N)
    X, Y = ec_mul(d, P256_G)
    pub = b"\x04" + X.to_bytes(32, "big") + Y.to_bytes(32, "big")
    body = (der_int(1) + der(0x04, d.to_bytes(32, "big")) +
            der(0xa0, bytes.fromhex("06082a8648ce3d030107")) + der(0xa1, der(0x03, b"\x00" + pub)))
    return der(0x30, body)


# Ed25519 public key from seed (RFC 8032)
ED_P = 2 ** 255 - 19
ED_D = -121665 * pow(121666, -1, ED_P) % ED_P
ED_GY = 4 * pow(5, -1, ED_P) % ED_P


def _ed_recover_x(y):
    x2 = (y * y - 1) * pow(ED_D * y * y + 1, -1, ED_P)
    x = pow(x2, (ED_P + 3) // 8, ED_P)
    if (x * x - x2) % ED_P != 0:
        x = x * pow(2, (ED_P - 1) // 4, ED_P) % ED_P
    if x % 2 != 0:
        x = ED_P - x
    return x


ED_G = (_ed_recover_x(ED_GY), ED_GY)


def _ed_add(P, Q):
    x1, y1 = P
    x2, y2 = Q
    t = ED_D * x1 * x2 * y1 * y2 % ED_P
    x3 = (x1 * y2 + x2 * y1) * pow(1 + t, -1, ED_P) % ED_P
    y3 = (y1 * y2 + x1 * x2) * pow(1 - t, -1, ED_P) % ED_P
    return (x3, y3)


def ed25519_pub(seed):
    h = hashlib.sha512(seed).digest()
    a = int.from_bytes(h[:32], "little")
    a &= (1 << 254) - 8
    a |= 1 << 254
    acc, P = (0, 1), ED_G
    while a:
        if a & 1:
            acc = _ed_add(acc, P)
        P = _ed_add(P, P)
        a >>= 1
    x, y = acc
    return (y | ((x & 1) << 255)).to_bytes(32, "little")


def ed25519_pkcs8_der():
    return bytes.fromhex("302e020100300506032b657004220420") + rbytes(32)


def openssh_ed25519(comment):
    seed = rbytes(32)
    pub = ed25519_pub(seed)
    s = lambda b: struct.pack(">I", len(b)) + b
    pubblob = s(b"ssh-ed25519") + s(pub)
    chk = rbytes(4)
    priv = chk + chk + s(b"ssh-ed25519") + s(pub) + s(seed + pub) + s(comment.encode())
    i = 1
    while len(priv) % 8:
        priv += bytes([i])
        i += 1
    blob = b"openssh-key-v1\x00" + s(b"none") + s(b"none") + s(b"") + struct.pack(">I", 1) + s(pubblob) + s(priv)
    return blob


def pem(kind):
    """Return (label, base64 body as one string, line width)."""
    if kind == "ec":
        return "EC PRIVATE KEY", b64(ec_p256_der()), 64
    if kind == "ed25519":
        return "PRIVATE KEY", b64(ed25519_pkcs8_der()), 64
    if kind == "rsa":
        return "RSA PRIVATE KEY", b64(rsa_der(pick([1024, 1024, 2048]))), 64
    if kind == "openssh":
        return "OPENSSH PRIVATE KEY", b64(openssh_ed25519(pick(["deploy@labels-sftp", "payouts-batch", "ci@mkp-build", "estafeta-manifest"]))), 70
    raise KeyError(kind)


def aws_key_id():
    return pick(["AKIA", "AKIA", "AKIA", "ASIA"]) + rs("ABCDEFGHIJKLMNOPQRSTUVWXYZ234567", 16)


def aws_secret():
    while True:
        s = rs(UP + LO + DG + "/+", 40)
        if any(c in UP for c in s) and any(c in LO for c in s):
            return s


BASE62 = DG + UP + LO


def b62(n, width):
    out = ""
    while n:
        n, r = divmod(n, 62)
        out = BASE62[r] + out
    return out.rjust(width, "0")


def ghp():
    body = rs(ALNUM, 30)
    return "ghp_" + body + b62(zlib.crc32(body.encode()) & 0xFFFFFFFF, 6)


def github_pat():
    return "github_pat_11" + rs(UP + DG, 20) + "_" + rs(ALNUM, 59)


def slack_bot():
    return "xoxb-%s-%s-%s" % (digits(pick([10, 11, 12, 13])), digits(pick([12, 13])), rs(ALNUM, 24))


def slack_user():
    return "xoxp-%s-%s-%s-%s" % (digits(pick([10, 11, 12])), digits(pick([10, 11, 12])), digits(13), hexs(32))


def openai_key():
    k = pick(["proj", "proj", "legacy", "svc"])
    if k == "proj":
        return "sk-proj-" + rs(ALNUM + "-_", 74) + "T3BlbkFJ" + rs(ALNUM + "-_", 74)
    if k == "svc":
        return "sk-svcacct-" + rs(ALNUM + "-_", 74) + "T3BlbkFJ" + rs(ALNUM + "-_", 74)
    return "sk-" + rs(ALNUM, 20) + "T3BlbkFJ" + rs(ALNUM, 20)


def anthropic_key():
    return "sk-ant-api03-" + rs(ALNUM + "-_", 93) + "AA"


def jwt():
    alg = pick(["HS256", "HS256", "RS256", "ES256"])
    hdr = {"alg": alg, "typ": "JWT"}
    if alg != "HS256":
        hdr["kid"] = pick([hexs(16), "mkp-" + hexs(8), uuid4()])
    now = R.randrange(1748000000, 1767000000)
    pl = pick([
        {"sub": "seller_%d" % R.randrange(100000, 9999999), "role": "seller_admin", "shop_id": R.randrange(10000, 999999),
         "iat": now, "exp": now + 3600},
        {"iss": pick(["https://auth.mkp.vn", "https://auth.mkp.com.mx", "https://auth.mkp.it"]), "sub": uuid4(),
         "aud": "seller-center", "scope": "payouts:read orders:read", "iat": now, "exp": now + 900},
        {"sub": "ops_%d" % R.randrange(1000, 99999), "perms": ["chargebacks:write", "refunds:approve"], "country": pick(["VN", "MX", "IT"]),
         "iat": now, "exp": now + 28800},
        {"uid": R.randrange(100000, 9999999), "locale": pick(["vi-VN", "es-MX", "it-IT"]), "typ": "access", "iat": now,
         "exp": now + 86400, "jti": hexs(16)},
    ])
    h = b64url_nopad(json.dumps(hdr, separators=(",", ":")).encode())
    p = b64url_nopad(json.dumps(pl, separators=(",", ":")).encode())
    sig = b64url_nopad(rbytes(32 if alg == "HS256" else (64 if alg == "ES256" else 256)))
    return "%s.%s.%s" % (h, p, sig)


# ---------------------------------------------------------------------------
# phones, cards, ibans, passwords for positives (as people type them)
# ---------------------------------------------------------------------------
VN_MOB = ["090", "091", "093", "094", "096", "097", "098", "032", "033", "034", "035", "036", "037", "038", "039",
          "070", "076", "077", "078", "079", "081", "082", "083", "084", "085", "086", "088", "089", "056", "058"]


def phone_vn(f=None):
    p = pick(VN_MOB)
    r = rs(DG, 7)
    n = p + r  # 10 digits, 0xx
    nat = n[1:]
    f = R.randrange(9) if f is None else f
    if f == 0:
        return n
    if f == 1:
        return "%s %s %s" % (n[:4], n[4:7], n[7:])
    if f == 2:
        return "%s.%s.%s" % (n[:4], n[4:7], n[7:])
    if f == 3:
        return "%s %s %s" % (n[:3], n[3:6], n[6:])
    if f == 4:
        return "%s-%s-%s" % (n[:4], n[4:7], n[7:])
    if f == 5:
        return "+84 %s %s %s" % (nat[:2], nat[2:5], nat[5:])
    if f == 6:
        return "+84" + nat
    if f == 7:
        return "(+84) %s %s %s" % (nat[:3], nat[3:6], nat[6:])
    return "84%s" % nat


def phone_vn_land():
    area = pick(["028", "024", "0236", "0225"])
    if len(area) == 3:
        r = rs("3456", 1) + rs(DG, 7)
        return pick(["%s %s %s" % (area, r[:4], r[4:]), "(%s) %s %s" % (area, r[:4], r[4:]), "%s.%s.%s" % (area, r[:4], r[4:]),
                     "+84 %s %s %s" % (area[1:], r[:4], r[4:])])
    r = rs("3456", 1) + rs(DG, 6)
    return pick(["%s %s %s" % (area, r[:3], r[3:]), "(%s) %s %s" % (area, r[:3], r[3:])])


MX_AREAS2 = ["55", "56", "33", "81"]
MX_AREAS3 = ["442", "222", "999", "664", "477", "998", "656", "618", "871"]


def phone_mx(f=None, three=None):
    if (three is None and chance(0.6)) or three is False:
        a = pick(MX_AREAS2)
        r = rs("23456789", 1) + rs(DG, 7)
        f = R.randrange(9) if f is None else f
        if f == 0:
            return "%s %s %s" % (a, r[:4], r[4:])
        if f == 1:
            return a + r
        if f == 2:
            return "(%s) %s-%s" % (a, r[:4], r[4:])
        if f == 3:
            return "%s-%s-%s" % (a, r[:4], r[4:])
        if f == 4:
            return "+52 %s %s %s" % (a, r[:4], r[4:])
        if f == 5:
            return "+52 1 %s %s %s" % (a, r[:4], r[4:])
        if f == 6:
            return "+52" + a + r
        if f == 7:
            return "%s.%s.%s" % (a, r[:4], r[4:])
        return "+52 (%s) %s %s" % (a, r[:4], r[4:])
    a = pick(MX_AREAS3)
    r = rs("23456789", 1) + rs(DG, 6)
    f = R.randrange(5) if f is None else f
    if f == 0:
        return "%s %s %s" % (a, r[:3], r[3:])
    if f == 1:
        return "(%s) %s %s" % (a, r[:3], r[3:])
    if f == 2:
        return a + r
    if f == 3:
        return "+52 %s %s %s" % (a, r[:3], r[3:])
    return "%s-%s-%s" % (a, r[:3], r[3:])


IT_MOB = ["320", "327", "328", "329", "330", "331", "333", "334", "335", "338", "339", "340", "342", "345", "346", "347",
          "348", "349", "350", "351", "366", "368", "371", "377", "380", "388", "389", "391", "392", "393"]


def phone_it(f=None, land=None):
    if (land is None and chance(0.65)) or land is False:
        p = pick(IT_MOB)
        r = rs(DG, 7)
        f = R.randrange(9) if f is None else f
        if f == 0:
            return "%s %s %s" % (p, r[:3], r[3:])
        if f == 1:
            return p + r
        if f == 2:
            return "%s.%s.%s" % (p, r[:3], r[3:])
        if f == 3:
            return "%s-%s" % (p, r)
        if f == 4:
            return "+39 %s %s %s" % (p, r[:3], r[3:])
        if f == 5:
            return "+39 " + p + r
        if f == 6:
            return "0039 %s %s" % (p, r)
        if f == 7:
            return "+39%s%s" % (p, r)
        return "%s/%s" % (p, r)
    area = pick(["02", "06", "011", "055", "051", "081", "010", "041"])
    ln = 8 if len(area) == 2 else 7
    r = rs("2345678", 1) + rs(DG, ln - 1)
    f = R.randrange(5) if f is None else f
    if f == 0:
        return "%s %s %s" % (area, r[:4], r[4:])
    if f == 1:
        return "%s/%s" % (area, r)
    if f == 2:
        return "+39 %s %s" % (area, r)
    if f == 3:
        return "%s-%s" % (area, r)
    return "(+39) %s %s %s" % (area, r[:3], r[3:])


def card_number(brand=None):
    brand = brand or pick(["visa", "visa", "mc", "mc", "amex", "jcb", "mc2"])
    if brand == "visa":
        return luhn_complete("4" + rs(DG, 5), 16), brand
    if brand == "mc":
        return luhn_complete(pick(["51", "52", "53", "54", "55"]) + rs(DG, 4), 16), brand
    if brand == "mc2":
        return luhn_complete(str(R.randrange(2221, 2721)) + rs(DG, 2), 16), brand
    if brand == "amex":
        return luhn_complete(pick(["34", "37"]) + rs(DG, 4), 15), brand
    if brand == "jcb":
        return luhn_complete(str(R.randrange(3528, 3590)) + rs(DG, 2), 16), brand
    raise KeyError(brand)


def card_fmt(num, style):
    if len(num) == 15:
        g = [num[:4], num[4:10], num[10:]]
    else:
        g = [num[i:i + 4] for i in range(0, 16, 4)]
    if style == "space":
        return " ".join(g)
    if style == "dash":
        return "-".join(g)
    if style == "plain":
        return num
    if style == "break":
        k = len(g) // 2
        return " ".join(g[:k]) + "\n" + " ".join(g[k:])
    if style == "dot":
        return ".".join(g)
    raise KeyError(style)


WORDS_VI = ["cafe", "sua", "da", "pho", "bo", "banh", "mi", "saigon", "hanoi", "mua", "thu", "lua", "trang", "xanh", "meo", "cho"]
WORDS_ES = ["tacos", "pastor", "chile", "nopal", "mango", "lucha", "libre", "zocalo", "agave", "gato", "verde", "luna", "sol"]
WORDS_IT = ["pizza", "gatto", "sole", "mare", "limone", "vespa", "gelato", "nonna", "treno", "luna", "bosco", "pesto"]


def password(f=None):
    f = R.randrange(8) if f is None else f
    sym = "!@#$%&*?_.-+"
    if f == 0:  # random mix
        while True:
            s = rs(ALNUM + sym, R.randrange(10, 17))
            if any(c in sym for c in s) and any(c in DG for c in s) and any(c in UP for c in s):
                return s
    if f == 1:  # word + year + symbol
        w = pick(WORDS_VI + WORDS_ES + WORDS_IT)
        return w.capitalize() + pick(["@", "#", "!", "."]) + str(R.randrange(2019, 2027))
    if f == 2:  # leetspeak
        w = pick(["MercadoLibre", "Payouts", "Chargeback", "Magazzino", "Bodega", "Kho hang", "Fattura", "Envios"])
        w = w.replace(" ", "").replace("a", "4").replace("e", "3").replace("o", "0").replace("i", "1")
        return w + pick(["!", "$", "#", "*"]) + rs(DG, 2)
    if f == 3:  # passphrase with dashes
        pool = pick([WORDS_VI, WORDS_ES, WORDS_IT])
        return "-".join(R.sample(pool, 4)) + "-" + rs(DG, 2)
    if f == 4:  # passphrase with spaces
        pool = pick([WORDS_VI, WORDS_ES, WORDS_IT])
        return " ".join(R.sample(pool, 4))
    if f == 5:  # Vietnamese style: name + birthday-ish digits
        return pick(["Shop", "Kho", "Tiem", "Cuahang", "Ban"]) + pick(["Xinh", "Dep", "Vui", "Xanh", "Ngon"]) + rs(DG, 4) + pick(["@", "!", ""])
    if f == 6:  # with symbols inside
        return rs(UP, 1) + rs(LO, 3) + pick(sym) + rs(DG, 3) + pick(sym) + rs(UP + LO, 3)
    return rs(LO, 4) + rs(DG, 4) + rs(UP, 2) + pick(sym)


# ---------------------------------------------------------------------------
# scanner
# ---------------------------------------------------------------------------
IBAN_LEN = {"AD": 24, "AT": 20, "BE": 16, "BG": 22, "CH": 21, "CY": 28, "CZ": 24, "DE": 22, "DK": 18, "EE": 20,
            "ES": 24, "FI": 18, "FR": 27, "GB": 22, "GR": 27, "HR": 21, "HU": 28, "IE": 22, "IS": 26, "IT": 27,
            "LI": 21, "LT": 20, "LU": 20, "LV": 21, "MC": 27, "MT": 31, "NL": 18, "NO": 15, "PL": 28, "PT": 25,
            "RO": 24, "SE": 24, "SI": 19, "SK": 24, "SM": 27, "VA": 22, "BR": 29, "TR": 26, "SA": 24, "AE": 23}

RX = {
    "url_userinfo": re.compile(r"[A-Za-z][A-Za-z0-9+.\-]*://([^\s:/@]*):([^\s/@]+)@[^\s/]+"),
    "email": re.compile(r"(?<![A-Za-z0-9._%+\-])[A-Za-z0-9._%+\-]+@[A-Za-z0-9\-]+(?:\.[A-Za-z0-9\-]+)*\.[A-Za-z]{2,}"),
    "github_token": re.compile(r"gh[pousr]_[A-Za-z0-9]{36}|github_pat_[A-Za-z0-9_]{22,}"),
    "slack_token": re.compile(r"xox[abposre]-\d+-[A-Za-z0-9\-]+"),
    "sk_key": re.compile(r"sk-[A-Za-z0-9_\-]{32,}"),
    "jwt": re.compile(r"eyJ[A-Za-z0-9_\-]+\.eyJ[A-Za-z0-9_\-]+\.[A-Za-z0-9_\-]+"),
    "pem": re.compile(r"-----BEGIN [A-Z ]*PRIVATE KEY-----(.*?)-----END [A-Z ]*PRIVATE KEY-----", re.S),
    "aws_key_id": re.compile(r"(?<![A-Z0-9])(?:AKIA|ASIA)[A-Z0-9]{16}(?![A-Z0-9])"),
    "aws_secret": re.compile(r"(?<![A-Za-z0-9/+])[A-Za-z0-9/+]{40}(?![A-Za-z0-9/+=])"),
    "ssn": re.compile(r"(?<![\d\-])\d{3}-\d{2}-\d{4}(?![\d\-])"),
    "iban": re.compile(r"(?<![A-Za-z0-9])([A-Z]{2})(\d{2})((?:[ ]?[A-Z0-9]){10,32})"),
    "ipv4": re.compile(r"(?<![\d.])(?:\d{1,3}\.){3}\d{1,3}(?!\d|\.\d)"),
    "digit_chain": re.compile(r"\d+(?:(?:[ \-.]|\n)\d+)*"),
    "password_kw": re.compile(
        r"(?i)(?:password|passwd|pwd|\bpw\b|\bpass\b|passphrase|contraseña|contrasena|mật khẩu|mat khau|\bmk\b|\bclave\b)"
        r"[ \t]*(?:[:=]|\bis\b|\bes\b|\bè\b|\blà\b)[ \t]*[\"'`]?([^\s\"'`,;]{4,})"),
}

PHONE_RX = [
    ("intl", re.compile(r"(?<![\w+])(?:\+|00)(?:84|52|39)[\s.\-()]*\d(?:[\s.\-()/]*\d){7,11}(?!\d)")),
    ("intl_paren", re.compile(r"\(\+(?:84|52|39)\)[\s.\-]*\d(?:[\s.\-]*\d){7,11}(?!\d)")),
    ("vn_mobile", re.compile(r"(?<![\d.,])0[35789]\d(?:[ .\-]?\d){7}(?!\d)")),
    ("vn_land", re.compile(r"(?<![\d.,])\(?02\d{1,2}\)?[ .\-]?\d(?:[ .\-]?\d){6,7}(?!\d)")),
    ("vn_84", re.compile(r"(?<![\d.,])84[ ]?[35789]\d(?:[ .]?\d){7}(?!\d)")),
    ("it_mobile", re.compile(r"(?<![\d.,])3[1-9]\d(?:[ .\-/]?\d){6,7}(?![\d])")),
    ("it_land", re.compile(r"(?<![\d.,/])0[1-9]\d{0,2}[ ./\-]\d{3,4}[ .\-]?\d{2,4}(?![\d/])")),
    ("mx_2", re.compile(r"(?<![\d.,])\(?[2-9]\d\)?[ .\-]?\d{4}[ .\-]?\d{4}(?!\d)")),
    ("mx_3", re.compile(r"(?<![\d.,])\(?[2-9]\d{2}\)?[ .\-]?\d{3}[ .\-]?\d{4}(?!\d)")),
    ("mx_52", re.compile(r"(?<![\d.,])52[ ]?1?[ ]?[2-9]\d[ ]?\d{4}[ ]?\d{4}(?!\d)")),
]

DEFAULT_PW = {"password", "changeme", "guest", "root", "admin", "secret", "postgres", "example", "pass", "test"}


def _digits_of(s):
    return re.sub(r"\D", "", s)


def scan(text, negatives=False):
    """Return a list of (kind, start, end, value)."""
    out = []
    masked = list(text)
    for m in RX["url_userinfo"].finditer(text):
        u, pw = m.group(1), m.group(2)
        if not negatives or (pw.lower() not in DEFAULT_PW and not re.search(r"[<>{}$%*]|\.\.\.|xxx|…", pw)):
            out.append(("url_credentials", m.start(2), m.end(2), pw))
        for i in range(m.start(), m.end()):
            masked[i] = " "
    mtext = "".join(masked)
    for m in RX["email"].finditer(mtext):
        out.append(("email", m.start(), m.end(), m.group()))
    for k in ("github_token", "slack_token", "sk_key", "jwt"):
        for m in RX[k].finditer(text):
            out.append((k, m.start(), m.end(), m.group()))
    for m in RX["pem"].finditer(text):
        body = re.sub(r"\\n|[\s\"',+]", "", m.group(1))
        if len(re.findall(r"[A-Za-z0-9+/]", body)) >= 40 and "..." not in m.group(1) and "…" not in m.group(1):
            out.append(("pem", m.start(), m.end(), m.group()[:40]))
    for m in RX["aws_key_id"].finditer(text):
        if "EXAMPLE" not in m.group():
            out.append(("aws_key_id", m.start(), m.end(), m.group()))
    for m in RX["aws_secret"].finditer(text):
        s = m.group()
        ctx = text[max(0, m.start() - 60):m.start()].lower()
        if ("secret" in ctx or "aws" in ctx) and any(c in UP for c in s) and any(c in LO for c in s) and "EXAMPLE" not in s:
            out.append(("aws_secret", m.start(), m.end(), s))
    for m in RX["ssn"].finditer(text):
        out.append(("ssn_shape", m.start(), m.end(), m.group()))
    for m in RX["iban"].finditer(text):
        cc = m.group(1)
        if cc not in IBAN_LEN:
            continue
        L = IBAN_LEN[cc]
        raw = m.group(0)
        comp, idx = "", 0
        for i, ch in enumerate(raw):
            if ch != " ":
                comp += ch
            if len(comp) == L:
                idx = i + 1
                break
        if len(comp) == L and iban_mod97(comp) == 1:
            out.append(("iban", m.start(), m.start() + idx, raw[:idx]))
    for m in RX["ipv4"].finditer(text):
        if is_public_ip(m.group()):
            out.append(("public_ipv4", m.start(), m.end(), m.group()))
    for m in RX["digit_chain"].finditer(text):
        groups = [(g.start() + m.start(), g.end() + m.start(), g.group()) for g in re.finditer(r"\d+", m.group())]
        for i in range(len(groups)):
            s = ""
            for j in range(i, len(groups)):
                s += groups[j][2]
                if len(s) > 19:
                    break
                if 13 <= len(s) <= 19 and luhn_ok(s):
                    out.append(("luhn", groups[i][0], groups[j][1], text[groups[i][0]:groups[j][1]]))
                if len(s) == 18 and clabe_ok(s):
                    out.append(("clabe", groups[i][0], groups[j][1], text[groups[i][0]:groups[j][1]]))
    for name, rx in PHONE_RX:
        for m in rx.finditer(text):
            d = _digits_of(m.group())
            if len(d) < 8:
                continue
            out.append(("phone_" + name, m.start(), m.end(), m.group()))
    if not negatives:
        for m in RX["password_kw"].finditer(text):
            v = m.group(1)
            if v.lower() in DEFAULT_PW or re.search(r"[<>{}$%]|\.\.\.|…", v):
                continue
            out.append(("password_kw", m.start(1), m.end(1), v))
    return out


NEG_BLOCKING = {"url_credentials", "email", "github_token", "slack_token", "sk_key", "jwt", "pem", "aws_key_id",
                "aws_secret", "ssn_shape", "iban", "public_ipv4", "luhn", "clabe"}


def neg_findings(text):
    return [f for f in scan(text, negatives=True) if f[0] in NEG_BLOCKING or f[0].startswith("phone_")]


def spans_of(text, value):
    out, i = [], text.find(value)
    while i >= 0:
        out.append((i, i + len(value)))
        i = text.find(value, i + 1)
    return out


def pos_unlabelled(text, secrets):
    spans = []
    for s in secrets:
        spans += spans_of(text, s["value"])
    bad, hit = [], set()
    for f in scan(text):
        ov = [k for k, (a, b) in enumerate(spans) if f[1] < b and a < f[2]]
        if ov:
            hit.update(ov)
        else:
            bad.append(f)
    return bad, hit, spans


# ---------------------------------------------------------------------------
# shared vocabulary for negatives
# ---------------------------------------------------------------------------
LEADS = ["fyi ", "FYI: ", "cc payouts: ", "@here ", "ping ", "up ", "nhờ check giúp: ", "nho check giup: ", "mọi người ơi, ",
         "moi nguoi oi ", "ojo: ", "oigan, ", "porfa revisen: ", "aguas con esto: ", "ragazzi, ", "per info: ", "qualcuno sa? ",
         "heads up: ", "từ ticket hôm qua: ", "ver hilo: ", "dal canale #ops-it: ", "q: "]
TRAILS = ["thx", "gracias!", "grazie", "cảm ơn mọi người", "cam on nhe", ":eyes:", ":pray:", "cc #payouts-oncall", "va?",
          "¿alguien?", "lmk", "ok?", "ci guardo domani", "mai check tiếp", "lo veo en la tarde"]
SHOPS = ["shop #%d" % 0, "seller_id %d", "tienda %d", "negozio %d", "gian hàng %d"]
GATEWAYS = ["VNPay", "MoMo", "ZaloPay", "Napas", "Mercado Pago", "Conekta", "Openpay", "SPEI", "Nexi XPay", "Satispay",
            "PayPal", "Stripe", "Adyen"]
CARRIERS = ["GHN", "GHTK", "Viettel Post", "J&T Express", "Estafeta", "DHL Express MX", "FedEx MX", "Paquetexpress",
            "Poste Italiane", "BRT", "GLS Italy", "SDA"]
COUNTRIES = ["VN", "MX", "IT"]
SERVICES = ["payouts-api", "seller-onboarding", "chargeback-svc", "label-printer", "invoice-gen", "cfdi-stamper",
            "fattura-sdi-bridge", "hoadon-einvoice", "kyc-review", "ledger-recon", "refund-worker", "webhook-ingest"]


def shop_ref():
    return pick(["shop #", "seller_id ", "tienda ", "negozio ", "gian hàng ", "store "]) + str(R.randrange(10000, 999999))


def order_id():
    f = R.randrange(5)
    if f == 0:
        return "%02d%02d%02d%s" % (R.randrange(24, 27), R.randrange(1, 13), R.randrange(1, 29), rs(UP + DG, 6))
    if f == 1:
        return digits(12, "12")
    if f == 2:
        return "MKP-%s-%s" % (pick(COUNTRIES), digits(8, "1"))
    if f == 3:
        return "2000%s" % rs(DG, 9)  # 13 digits, Luhn checked by the scanner
    return "ORD%s" % digits(11)


def maybe_lead(text, p=0.14, pt=0.07):
    if chance(p):
        lead = pick(LEADS)
        lead = vi(lead) if any(ord(c) > 127 for c in lead) else lead
        text = lead.rstrip() + "\n" + text if text.startswith("```") else lead + text
    if chance(pt):
        text = text + ("\n" if "```" in text[-4:] else " ") + pick(TRAILS)
    return text


def trunc(s, n=None):
    n = n or R.randrange(40, 90)
    if len(s) <= n + 8:
        return s
    return s[:n] + pick(["…", "...", "[%d more chars]" % (len(s) - n), "…(truncated)"])


def dl(mime, data):
    return "data:%s;base64,%s" % (mime, b64(data))


# ---------------------------------------------------------------------------
# negatives: data_uri_base64
# ---------------------------------------------------------------------------
def du_css():
    sel = pick([".seller-badge--verified", ".payout-status__icon", ".label-preview .carrier-logo", ".chargeback-chip::before",
                ".hoa-don-icon", ".fattura-pill", ".cfdi-timbrado"])
    img = pick([("image/png", make_png()), ("image/gif", make_gif())])
    return "```css\n%s {\n  width: 16px;\n  height: 16px;\n  background: url(%s) no-repeat center;\n}\n```" % (sel, dl(*img))


def du_img_tag():
    p = make_png()
    alt = pick(["verified seller", "người bán đã xác minh", "vendedor verificado", "venditore verificato", "payout ok"])
    pre = pick(["el badge se ve pixelado en Safari:", "badge bị mờ trên iOS:", "il badge si vede sgranato su Firefox:",
                "badge renders blurry on Android webview:", ""])
    return (pre + "\n" if pre else "") + '`<img class="badge" alt="%s" src="%s" width="16" height="16">`' % (alt, dl("image/png", p))


def du_label_pdf_json():
    order = order_id()
    carrier = pick(CARRIERS)
    pdf = make_pdf("%s %s" % (carrier.upper().replace("&", "AND"), order))
    full = b64(pdf)
    body = full if chance(0.35) else trunc(full, R.randrange(60, 140))
    pre = pick(["label API response for the failing order (PDF comes back base64):",
                "respuesta de la API de guías, el PDF viene en base64:",
                "response dell'API etichette, il PDF arriva in base64:",
                vi("response API in vận đơn, PDF trả về dạng base64:")])
    return '%s\n```json\n{\n  "carrier": "%s",\n  "order_ref": "%s",\n  "label_format": "PDF",\n  "label_base64": "%s"\n}\n```' % (
        pre, carrier, order, body)


def du_zpl():
    order = order_id()
    z = b64(make_zpl(order).encode())
    return pick(["ZPL for the thermal printers at the %s hub, decode it and diff against the old one:",
                 "el ZPL que manda la impresora térmica de %s:",
                 "ZPL della stampante termica di %s:"]) % pick(["Bình Dương", "Tultitlán", "Piacenza", "Long Biên", "Apodaca"]) + \
        "\n```\necho '%s' | base64 -d > label.zpl\n```" % z


def du_py_fixture():
    p = make_png()
    name = pick(["PLACEHOLDER_LOGO_PNG", "BLANK_THUMB", "SELLER_AVATAR_DEFAULT", "TINY_PRODUCT_IMG"])
    return ("```python\n# tests/fixtures/images.py\nimport base64\n\n%s = base64.b64decode(\n    \"%s\"\n)\n\n\ndef test_thumbnail_upload(client):\n"
            "    r = client.post(\"/v1/products/thumb\", files={\"file\": (\"x.png\", %s, \"image/png\")})\n    assert r.status_code == 201\n```"
            % (name, b64(p), name))


def du_markdown():
    p = make_png()
    return pick(["Runbook: what the greyed-out payout icon means", "Hướng dẫn: icon hoàn tiền màu xám nghĩa là gì",
                 "Guía: qué significa el ícono gris de liquidación", "Guida: cosa indica l'icona grigia del bonifico"]) + \
        "\n\n![icon](%s)\n\n" % dl("image/png", p) + pick([
            "It shows while the payout batch is queued.", vi("Hiện khi lệnh chi đang trong hàng đợi."),
            "Aparece mientras el lote está en cola.", "Compare quando il lotto è in coda."])


def du_csp():
    g = make_gif()
    return ("Refused to load the image '%s' because it violates the following Content Security Policy directive: \"img-src 'self' "
            "https://cdn.mkp.example\".\n" % trunc(dl("image/gif", g), R.randrange(50, 80))) + pick([
                "seller center only, after the CSP tightening", "solo en el panel de vendedores", "solo nel pannello venditori",
                vi("chỉ bị trên kênh người bán")])


def du_sourcemap():
    sm = make_sourcemap()
    line = "//# sourceMappingURL=data:application/json;charset=utf-8;base64,%s" % b64(sm.encode())
    return pick(["prod bundle still ships inline source maps:", "el bundle de prod trae source maps inline:",
                 "il bundle di prod ha ancora le source map inline:", vi("bundle prod vẫn còn source map inline:")]) + \
        "\n```\n%s\n```" % line


def du_jupyter():
    p = make_png(R.randrange(4, 17), R.randrange(4, 17))
    return ("chart from the chargeback-rate notebook (cell 14 output):\n```json\n{\n \"output_type\": \"display_data\",\n \"data\": {\n"
            "  \"image/png\": \"%s\",\n  \"text/plain\": [\"<Figure size 640x480 with 1 Axes>\"]\n },\n \"metadata\": {}\n}\n```" % b64(p))


def du_go_jpeg():
    j = make_jpeg()
    return ("```go\n// placeholder used when the seller has not uploaded a product photo yet\nvar placeholderJPEG = mustDecode(\"%s\")\n\n"
            "func mustDecode(s string) []byte {\n\tb, err := base64.StdEncoding.DecodeString(s)\n\tif err != nil {\n\t\tpanic(err)\n\t}\n\treturn b\n}\n```" % b64(j))


def du_wav():
    w = make_wav()
    return pick(["new-order chime in the seller app:", "el sonido de nuevo pedido en la app:", "il suono di nuovo ordine nell'app:",
                 vi("âm báo đơn mới trong app người bán:")]) + \
        "\n```js\nconst chime = new Audio(\"%s\");\nchime.volume = 0.4;\n```" % dl("audio/wav", w)


def du_ico():
    i = make_ico()
    return '```html\n<link rel="icon" type="image/x-icon" href="%s">\n```' % trunc(dl("image/x-icon", i), R.randrange(90, 200)) if chance(0.5) \
        else '```html\n<link rel="icon" type="image/x-icon" href="%s">\n```' % dl("image/x-icon", i)


def du_svg():
    svg = make_svg()
    f = R.randrange(3)
    if f == 0:
        u = dl("image/svg+xml", svg.encode())
    elif f == 1:
        u = "data:image/svg+xml;utf8," + svg.replace("<", "%3C").replace(">", "%3E").replace("#", "%23").replace('"', "'")
    else:
        u = "data:image/svg+xml;charset=utf-8," + svg.replace("#", "%23")
    return pick(["chevron for the payouts table:", "ícono del estado de contracargo:", "icona stato fattura:", vi("icon trạng thái vận đơn:")]) + \
        "\n```scss\n$icon-ok: url(\"%s\");\n```" % u


def du_log():
    pdf = make_pdf("INVOICE %s" % order_id())
    svc = pick(SERVICES)
    return "```\n%s WARN %s response body truncated: {\"document\":\"%s\n```" % (
        ts_iso(), svc, trunc(b64(pdf), R.randrange(60, 110)))


def du_csv_b64():
    rows = ["order_ref,amount,currency,status"]
    for _ in range(R.randrange(3, 7)):
        rows.append("%s,%s,%s,%s" % (order_id(), pick(["%d.%02d" % (R.randrange(10, 9000), R.randrange(100))]),
                                     pick(["MXN", "EUR", "VND"]), pick(["paid", "held", "reversed"])))
    data = ("\n".join(rows) + "\n").encode()
    return pick(["the export button builds this href:", "el botón de exportar arma este href:", "il pulsante esporta genera questo href:"]) + \
        '\n`<a download="payouts.csv" href="%s">`' % dl("text/csv", data)


def du_har():
    p = make_png()
    return ("from the HAR the seller sent (thumbnail request):\n```json\n{\n  \"request\": {\"method\": \"GET\", \"url\": \"https://cdn.mkp.example/t/%s.png\"},\n"
            "  \"response\": {\n    \"status\": 200,\n    \"content\": {\n      \"size\": %d,\n      \"mimeType\": \"image/png\",\n"
            "      \"encoding\": \"base64\",\n      \"text\": \"%s\"\n    }\n  }\n}\n```" % (hexs(12), len(p), b64(p)))


def du_kotlin():
    g = make_gif()
    return ("```kotlin\nobject Pixels {\n    // 1x1 tracking-free spacer for the invoice email preview\n    const val SPACER = \"%s\"\n}\n```" % b64(g))


def du_mime_wrapped():
    p = make_png(R.randrange(8, 17), R.randrange(8, 17), "rgba")
    return ("raw part from the invoice notification template (MIME, 76-col):\n```\nContent-Type: image/png; name=\"logo.png\"\n"
            "Content-Transfer-Encoding: base64\nContent-ID: <logo-%s>\n\n%s\n```" % (hexs(8), wrap(b64(p), 76)))


def du_vi_chat():
    p = make_png()
    return vi(pick(["Ảnh logo shop upload lên bị lỗi, FE gửi lên chuỗi này: ", "Thumbnail sản phẩm không hiện, payload là: ",
                    "Hình QR mẫu trong trang hướng dẫn rút tiền bị vỡ: "])) + dl("image/png", p)


def du_es_chat():
    j = make_jpeg()
    return pick(["el preview de la foto del producto llega así desde la app: ", "la miniatura del CFDI en el portal viene así: ",
                 "esto manda el componente de evidencia de contracargo: "]) + trunc(dl("image/jpeg", j), R.randrange(70, 160))


def du_it_chat():
    g = pick([("image/gif", make_gif()), ("image/png", make_png())])
    return pick(["l'anteprima della fattura nel portale carica questo: ", "il placeholder del prodotto arriva così: ",
                 "nell'email di conferma bonifico c'è ancora: "]) + dl(*g)


def du_jsx_blur():
    p = make_png(R.randrange(4, 10), R.randrange(4, 10), "rgb")
    return ("```tsx\n<Image\n  src={product.thumbUrl}\n  placeholder=\"blur\"\n  blurDataURL=\"%s\"\n  alt={t('product.thumb')}\n/>\n```" % dl("image/png", p))


def du_font():
    # a tiny but structurally valid sfnt header + one empty table directory entry
    tag = b"OS/2"
    table = b"\x00" * 96
    off = 12 + 16
    hdr = struct.pack(">IHHHH", 0x00010000, 1, 16, 0, 0) + tag + struct.pack(">III", sum(struct.unpack(">24I", table)) & 0xffffffff, off, len(table))
    data = hdr + table
    return ("```css\n@font-face {\n  font-family: \"MkpIcons\";\n  src: url(data:font/ttf;base64,%s) format(\"truetype\");\n}\n```" % b64(data))


def ts_iso():
    return "2025-%02d-%02dT%02d:%02d:%02d.%03dZ" % (R.randrange(1, 13), R.randrange(1, 29), R.randrange(24), R.randrange(60),
                                                 R.randrange(60), R.randrange(1000))


DATA_URI_T = [du_css, du_img_tag, du_label_pdf_json, du_zpl, du_py_fixture, du_markdown, du_csp, du_sourcemap, du_jupyter,
              du_go_jpeg, du_wav, du_ico, du_svg, du_log, du_csv_b64, du_har, du_kotlin, du_mime_wrapped, du_vi_chat,
              du_es_chat, du_it_chat, du_jsx_blur, du_font]


# ---------------------------------------------------------------------------
# negatives: placeholder_example
# ---------------------------------------------------------------------------
def ph_env_vnpay():
    return ("```dotenv\n# .env.example — payments-vn\nVNPAY_TMN_CODE=%s\nVNPAY_HASH_SECRET=%s\nVNPAY_RETURN_URL=https://seller.mkp.example/vnpay/return\n"
            "MOMO_PARTNER_CODE=%s\nMOMO_ACCESS_KEY=%s\nMOMO_SECRET_KEY=%s\nZALOPAY_KEY1=\nZALOPAY_KEY2=\n```" % (
                pick(["YOUR_TMN_CODE", "<tmn_code>", "CHANGE_ME"]), pick(["<your-hash-secret>", "YOUR_HASH_SECRET", "xxxxxxxxxxxxxxxx", "${VNPAY_HASH_SECRET}"]),
                pick(["MOMOXXXX", "<partner_code>", "MOMO_TEST"]), pick(["<access-key>", "YOUR_ACCESS_KEY"]),
                pick(["<secret-key>", "********", "ask #payments-vn, do NOT paste here"])))


def ph_env_mx():
    return ("```bash\n# payouts-mx/.env.sample\nMP_ACCESS_TOKEN=APP_USR-xxxxxxxxxxxxxxxx-xxxxxx-xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx-xxxxxxxxx\n"
            "MP_WEBHOOK_SECRET=%s\nCONEKTA_PRIVATE_KEY=key_xxxxxxxxxxxxxxxxxxxxxxxx\nOPENPAY_MERCHANT_ID=<merchant_id>\nOPENPAY_PRIVATE_KEY=sk_%s\n"
            "PAC_USUARIO=%s\nPAC_PASSWORD=%s\nCSD_KEY_PASSWORD=\n```" % (
                pick(["${MP_WEBHOOK_SECRET}", "<secreto>", "TU_SECRETO_AQUI"]), pick(["xxxxxxxxxxxxxxxx", "...", "XXXX"]),
                pick(["<usuario_pac>", "TU_USUARIO"]), pick(["<password_pac>", "${PAC_PASSWORD}", "changeme"])))


def ph_env_it():
    return ("```ini\n; config/pagamenti-it.ini.dist\n[nexi]\nalias = ALIAS_WEB_00000000\nchiave_segreta_mac = <CHIAVE_SEGRETA>\n\n[satispay]\nkey_id = %s\n"
            "private_key_path = /run/secrets/satispay.pem\n\n[sdi]\nutente = <utente_intermediario>\npassword = %s\n```" % (
                pick(["<KEY_ID>", "INSERISCI_KEY_ID", "xxxxxxxx"]), pick(["%SDI_PASSWORD%", "<password>", "********"])))


def ph_gha():
    return ("```yaml\n- name: Deploy %s\n  env:\n    AWS_ACCESS_KEY_ID: ${{ secrets.AWS_ACCESS_KEY_ID }}\n    AWS_SECRET_ACCESS_KEY: ${{ secrets.AWS_SECRET_ACCESS_KEY }}\n"
            "    SLACK_BOT_TOKEN: ${{ secrets.SLACK_BOT_TOKEN }}\n    GHN_TOKEN: ${{ secrets.GHN_API_TOKEN }}\n  run: make deploy ENV=%s\n```" % (
                pick(SERVICES), pick(["staging", "prod-vn", "prod-mx", "prod-it"])))


def ph_helm():
    return ("```yaml\n# values.yaml\nsecrets:\n  estafeta:\n    user: {{ .Values.estafeta.user }}\n    password: {{ .Values.estafeta.password | quote }}\n"
            "  brt:\n    apiKey: \"{{ required \\\"brt.apiKey is required\\\" .Values.brt.apiKey }}\"\n  openai:\n    apiKey: op://payments/%s/credential\n"
            "  db:\n    url: vault:secret/data/%s#dsn\n```" % (pick(["openai-invoice-ocr", "openai-chargeback-triage"]), pick(SERVICES)))


def ph_vendor_prefixes():
    items = R.sample([
        "`sk-...`", "`sk-proj-…`", "`sk-ant-api03-...`", "`xoxb-your-bot-token`", "`xoxp-…`", "`ghp_xxxxxxxxxxxxxxxxxxxx`",
        "`github_pat_...`", "`AKIA...`", "`glpat-xxxx…`", "`sk_live_xxx`", "`whsec_...`", "`APP_USR-…`", "`key_xxxx`",
        "`AIza****…`", "`eyJhbGciOi...`"], R.randrange(3, 6))
    return pick([
        "the onboarding doc should show prefixes only, like %s, never full values",
        "en la guía de integración dejen solo el prefijo (%s) y nada más",
        "nella guida lasciate solo il prefisso, tipo %s",
        vi("trong tài liệu chỉ để tiền tố thôi, kiểu %s"),
    ]) % ", ".join(items)


def ph_aws_docs():
    return ("```ini\n# ~/.aws/credentials (from the AWS docs, for the label-bucket tutorial)\n[labels-sandbox]\naws_access_key_id = AKIAIOSFODNN7EXAMPLE\n"
            "aws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY\nregion = %s\n```" % pick(["us-east-1", "eu-south-1", "ap-southeast-1", "mx-central-1"]))


def ph_curl():
    host, hdr = pick([("api.ghn.example/shiip/public-api/v2/shipping-order/create", "Token: <GHN_TOKEN>"),
                      ("sandbox.estafeta.example/v1/labels", "apikey: ${ESTAFETA_API_KEY}"),
                      ("api.brt.example/rest/v1/shipments", "X-Api-Key: YOUR_BRT_KEY"),
                      ("sandbox.vnpayment.example/merchant_webapi/api/transaction", "X-Tmn-Code: <vnp_TmnCode>")])
    return "```bash\ncurl -s -X POST https://%s \\\n  -H \"%s\" \\\n  -H \"Authorization: Bearer $API_TOKEN\" \\\n  -H 'Content-Type: application/json' \\\n  -d @payload.json\n```" % (host, hdr)


def ph_masks():
    f = R.randrange(6)
    if f == 0:
        return "tarjeta terminación %s (•••• •••• •••• %s), contracargo %s" % ((lambda x: (x, x))(rs(DG, 4)) + ("CB-" + digits(8),))
    if f == 1:
        return vi("thẻ **** **** **** %s bị từ chối 3 lần, đã báo người bán thử lại") % rs(DG, 4)
    if f == 2:
        return "IBAN del venditore: IT** **** **** **** **** ***%s %s — verificato" % (rs(DG, 1), rs(DG, 3))
    if f == 3:
        return "CLABE registrada: %s *** ******** %s (mostramos solo banco y últimos dígitos)" % (pick(CLABE_BANKS), rs(DG, 3))
    if f == 4:
        return vi("SĐT shop hiển thị dạng 09xx.xxx.%s trên phiếu giao hàng, đúng như thiết kế") % rs(DG, 3)
    return "nel PDF dell'etichetta il telefono è mascherato come +39 3xx xxx %s, ok così" % rs(DG, 4)


def ph_iban_template():
    return pick([
        "formato IBAN de ejemplo para el formulario: `ESkk EEEE OOOO DD CCCCCCCCCC`",
        "struttura IBAN nel tooltip: `IT kk X AAAAA CCCCC NNNNNNNNNNNN` (27 caratteri)",
        "the IBAN input placeholder is `ITxxXxxxxxxxxxxxxxxxxxxxxxx` and the CLABE one is `XXX XXX XXXXXXXXXXX X`",
        vi("ô nhập số tài khoản để placeholder là `XXXX XXXX XXXX`, không dùng IBAN ở VN"),
    ])


def ph_pem_dots():
    return ("```\n-----BEGIN %s-----\nMIIEv...\n...\n-----END %s-----\n```\n" % ((lambda l: (l, l))(pick(["PRIVATE KEY", "RSA PRIVATE KEY", "EC PRIVATE KEY"])))) + pick([
        "that's the shape of the CSD .key after converting to PEM; the real file lives in the HSM",
        "così è il certificato client per il SdI, quello vero è in vault",
        vi("file key để ký hoá đơn điện tử, bản thật nằm trong vault"),
    ])


def ph_defaults():
    return pick([
        "```yaml\nservices:\n  db:\n    image: postgres:16\n    environment:\n      POSTGRES_USER: payouts\n      POSTGRES_PASSWORD: changeme\n  mq:\n    image: rabbitmq:3-management\n    # guest/guest only works on localhost\n```",
        "```\nDATABASE_URL=postgres://user:password@localhost:5432/payouts_dev\nREDIS_URL=redis://localhost:6379/0\nAMQP_URL=amqp://guest:guest@localhost:5672/\n```",
        "```properties\nspring.datasource.url=jdbc:mysql://127.0.0.1:3306/ledger\nspring.datasource.username=root\nspring.datasource.password=root\n```",
        "local keycloak for the seller portal: `KEYCLOAK_ADMIN=admin KEYCLOAK_ADMIN_PASSWORD=admin docker compose up`",
        "connection string template in the wiki: `mongodb+srv://<username>:<password>@<cluster>/labels?retryWrites=true`",
    ])


def ph_empty():
    return "```\n%s=\n%s=\"\"\n%s: ''\n```\n%s" % (
        pick(["DB_PASS", "SMTP_PASSWORD", "PEC_PASSWORD"]), pick(["MOMO_SECRET_KEY", "VNPAY_HASH_SECRET"]), pick(["sat_pac_password", "csd_key_password"]),
        pick(["boot fails with `missing required secret` — expected on a fresh checkout",
              "arranca con error de secreto faltante, es normal en local",
              "senza questi valori il container non parte, normale in locale",
              vi("thiếu mấy biến này thì service không chạy, bình thường ở local")]))


def ph_redacted_log():
    return "```\n%s INFO %s seller=%s payout_method=%s account=[REDACTED] holder=<redacted> phone=*** card=[FILTERED]\n```" % (
        ts_iso(), pick(SERVICES), R.randrange(10000, 999999), pick(["IBAN", "CLABE", "VN_BANK"]))


def ph_tf():
    return ("```hcl\nresource \"aws_secretsmanager_secret_version\" \"%s\" {\n  secret_id     = aws_secretsmanager_secret.%s.id\n  secret_string = var.%s\n}\n\n"
            "variable \"%s\" {\n  type      = string\n  sensitive = true\n  default   = \"REPLACE_ME\"\n}\n```" % ((lambda n: (n, n, n, n))(
                pick(["ghtk_token", "estafeta_password", "nexi_mac_key", "conekta_private_key", "zalopay_key2"]))))


def ph_cfn():
    return ("```yaml\nPayoutsDbPassword: '{{resolve:secretsmanager:prod/payouts/db:SecretString:password}}'\nSlackAlertsToken: '{{resolve:ssm-secure:/%s/slack/bot-token:3}}'\n```"
            % pick(["chargebacks", "labels", "payouts"]))


def ph_chat_pw():
    return pick([
        "para el wifi de la bodega de Tultitlán la contraseña está pegada en el rack, no la pongan aquí",
        vi("pass wifi kho Bình Dương hỏi anh trưởng ca nhé, đừng post lên đây"),
        "la password del wifi del magazzino di Piacenza ce l'ha il capoturno, non scrivetela qui",
        "password for the staging seller account: see 1Password item `seller-staging-vn`",
        vi("mật khẩu tài khoản test: xem trong vault, mục payments/vn/test-seller"),
        "contraseña del usuario de pruebas del SAT: en el vault, `op://mx-tax/pac-sandbox/password`",
    ])


def ph_jwt_trunc():
    return pick([
        "the seller token looks like `eyJhbGciOiJSUzI1NiIs...` — just send the `kid` and `jti`, not the token",
        "manden solo el header del JWT (`eyJhbGciOi…`), no el token completo",
        "basta l'header del token (`eyJ0eXAiOiJKV1Qi...`), il resto no",
        vi("gửi phần header thôi (`eyJhbGciOiJIUzI1NiJ9.<payload>.<chữ ký>`), đừng gửi cả token"),
    ])


def ph_slack_webhook():
    return ("alerts for chargeback spikes go to `https://hooks.slack.com/services/T00000000/B00000000/XXXXXXXXXXXXXXXXXXXXXXXX` in the sample config; "
            "prod uses `${SLACK_WEBHOOK_URL}`")


def ph_k8s_secret():
    return ("```yaml\napiVersion: external-secrets.io/v1beta1\nkind: ExternalSecret\nmetadata:\n  name: %s\nspec:\n  secretStoreRef:\n    name: vault-backend\n    kind: ClusterSecretStore\n"
            "  data:\n    - secretKey: API_KEY\n      remoteRef:\n        key: payments/%s\n        property: api_key\n```" % (
                pick(SERVICES), pick(["momo", "vnpay", "mercadopago", "nexi", "ghn", "estafeta", "brt"])))


def ph_win_env():
    return "```bat\nset PAC_USER=%%PAC_USER%%\nset PAC_PASSWORD=%%PAC_PASSWORD%%\ntimbrar.exe --rfc XAXX010101000 --user %%PAC_USER%% --pass %%PAC_PASSWORD%%\n```"


def ph_form_placeholder():
    return pick([
        '```html\n<input name="clabe" inputmode="numeric" maxlength="18" placeholder="18 dígitos, ej. 012 XXX XXXXXXXXXXX X">\n```',
        '```html\n<input name="so_tai_khoan" placeholder="Nhập số tài khoản (VD: 0123xxxxxx)">\n```',
        '```html\n<input type="tel" name="telefono" placeholder="+39 3xx xxx xxxx">\n```',
        '```html\n<input type="password" name="password" placeholder="••••••••" autocomplete="new-password">\n```',
    ])


def ph_makefile():
    return "```make\nlabels-sync:\n\tSFTP_USER=$(SFTP_USER) SFTP_PASS=$(SFTP_PASS) ./bin/sync-manifests --carrier %s --host sftp.carrier.example\n```" % pick(
        ["estafeta", "brt", "ghn", "sda"])


PLACEHOLDER_T = [ph_env_vnpay, ph_env_mx, ph_env_it, ph_gha, ph_helm, ph_vendor_prefixes, ph_aws_docs, ph_curl, ph_masks,
                 ph_iban_template, ph_pem_dots, ph_defaults, ph_empty, ph_redacted_log, ph_tf, ph_cfn, ph_chat_pw, ph_jwt_trunc,
                 ph_slack_webhook, ph_k8s_secret, ph_win_env, ph_form_placeholder, ph_makefile]


# ---------------------------------------------------------------------------
# negatives: code_identifier
# ---------------------------------------------------------------------------
ID_EN = ["Seller", "Payout", "Iban", "Clabe", "Card", "Password", "Secret", "Token", "Phone", "Email", "Chargeback", "Refund",
         "Invoice", "Label", "Kyc", "Tax", "Ledger", "Settlement", "Webhook", "Signature", "Masked", "Hash", "Encrypted",
         "Validator", "Resolver", "Provider", "Handler", "Factory", "Mapper", "Client", "Batch", "Evidence", "Dispute"]
ID_VI = ["so_tai_khoan", "mat_khau", "ma_so_thue", "hoa_don", "thanh_toan", "doi_soat", "hoan_tien", "nguoi_ban", "van_don",
         "so_dien_thoai", "the_ngan_hang", "rut_tien", "khieu_nai"]
ID_ES = ["clabe", "rfc", "contrasena", "tarjeta", "contracargo", "factura", "liquidacion", "vendedor", "guia", "telefono",
         "cuenta", "timbrado", "retencion"]
ID_IT = ["iban", "codice_fiscale", "partita_iva", "password", "carta", "fattura", "storno", "bonifico", "venditore",
         "etichetta", "telefono", "spedizione", "rimborso"]


def camel(n=None):
    ws = [pick(ID_EN) for _ in range(n or R.randrange(3, 6))]
    return ws[0][0].lower() + ws[0][1:] + "".join(ws[1:])


def pascal(n=None):
    return "".join(pick(ID_EN) for _ in range(n or R.randrange(2, 5)))


def snake():
    pool = pick([ID_VI, ID_ES, ID_IT])
    return "_".join([pick(pool), pick(["hash", "masked", "last4", "enc", "ref", "checksum", "valid", "tmp", "id"])]) if chance(0.6) \
        else pick(pool) + "_" + camel(2).lower()


def ci_java_trace():
    pkg = pick(["com.mkp.payouts", "com.mkp.sellers.onboarding", "com.mkp.chargebacks", "it.mkp.fatturazione", "mx.mkp.cfdi"])
    exc = pick(["IllegalStateException", "IbanChecksumMismatchException", "ClabeDigitoControlException", "PayoutRejectedException",
                "SdiNotificaScartoException"])
    lines = ["%s ERROR [%s] %s.%s - %s" % (ts_iso(), pick(["payout-batch-1", "kafka-listener-3", "http-nio-8080-exec-7"]), pkg,
                                           pascal(), pick(["payout batch aborted", "validation failed", "stamp request failed"])),
             "%s.%s: %s" % (pkg, exc, pick(["seller account could not be verified", "checksum mismatch", "rejected by bank rules"]))]
    for _ in range(R.randrange(6, 22)):
        cls = pascal()
        lines.append("\tat %s.%s.%s.%s(%s.java:%d)" % (pkg, pick(["service", "validation", "web", "batch", "crypto", "adapter"]), cls, camel(),
                                                      pascal(2), R.randrange(20, 900)))
    lines.append("\tat java.base/java.lang.Thread.run(Thread.java:1583)")
    return "```\n" + "\n".join(lines) + "\n```"


def ci_py_trace():
    mod = pick(["payouts/clabe.py", "payouts/iban_it.py", "sellers/kyc/mst_check.py", "labels/ghn_client.py", "invoices/sdi_bridge.py"])
    fn1 = pick(["validar_clabe_interbancaria", "verifica_cin_iban", "kiem_tra_ma_so_thue", "build_label_request", "invia_fattura_sdi"])
    fn2 = snake()
    return ("```\nTraceback (most recent call last):\n  File \"/app/%s\", line %d, in %s\n    %s = _%s(payload)\n"
            "  File \"/app/%s\", line %d, in _%s\n    raise ValueError(\"%s\")\nValueError: %s\n```" % (
                mod, R.randrange(10, 400), fn1, fn2, fn2, mod, R.randrange(10, 400), fn2,
                pick(["digito de control invalido", "CIN non valido", "ma so thue khong hop le", "missing field"]),
                pick(["digito de control invalido", "CIN non valido", "ma so thue khong hop le", "missing field"])))


def ci_sql():
    t = pick(["seller_payout_accounts", "tai_khoan_nguoi_ban", "cuentas_vendedor", "conti_venditore"])
    cols = ["id bigserial primary key", "seller_id bigint not null", "%s text not null" % pick(["iban_encrypted", "clabe_encrypted", "so_tai_khoan_enc"]),
            "%s char(4)" % pick(["iban_last4", "clabe_last4", "account_last4"]), "holder_name_hash bytea",
            "phone_e164_hash bytea", "password_hash text", "card_fingerprint char(64)", "created_at timestamptz default now()"]
    R.shuffle(cols)
    return "```sql\nCREATE TABLE %s (\n  %s\n);\nCREATE INDEX ON %s (%s);\n```" % (t, ",\n  ".join(cols[:R.randrange(5, 9)]), t, pick(["seller_id", "created_at"]))


def ci_flags():
    fl = ["payouts.%s.%s" % (pick(["vn", "mx", "it"]), pick(["instant_payout_enabled", "iban_name_match_strict", "clabe_penny_test",
                                                               "momo_wallet_payout", "spei_batching_v2", "sdi_async_ack"]))
          for _ in range(R.randrange(3, 7))]
    return pick(["flags flipped for the rollout:", "flags activados:", "flag attivati:", vi("các flag đã bật:")]) + "\n" + "\n".join("- `%s`" % f for f in dict.fromkeys(fl))


def ci_k8s():
    rows = ["NAME                                        READY   STATUS    RESTARTS   AGE"]
    for _ in range(R.randrange(4, 10)):
        name = "%s-%s-%s" % (pick(SERVICES), rs("bcdfghjklmnpqrstvwxz2456789", 10), rs("bcdfghjklmnpqrstvwxz2456789", 5))
        rows.append("%-43s %s   %-9s %-10d %dd" % (name, pick(["1/1", "2/2", "0/1"]), pick(["Running", "Running", "CrashLoopBackOff", "Pending"]),
                                                   R.randrange(0, 12), R.randrange(1, 40)))
    return "```\n$ kubectl -n payments get pods\n" + "\n".join(rows) + "\n```"


def ci_css_modules():
    cls = ["%s_%s__%s" % (pick(["PayoutCard", "IbanField", "ClabeInput", "ChargebackTimeline", "LabelPreview", "HoaDonRow"]),
                          pick(["mask", "root", "error", "lastFour", "badge"]), rs(ALNUM, 5)) for _ in range(3)]
    return '```html\n<div class="%s"><span class="%s css-%s">•••• %s</span><i class="%s sc-%s"></i></div>\n```' % (
        cls[0], cls[1], rs(LO + DG, 7), rs(DG, 4), cls[2], rs(ALNUM, 6))


def ci_cpp_mangled():
    ns = pick(["payments", "kyc", "labels"])
    cls = pick(["IbanValidator", "ClabeChecker", "CardMasker", "PasswordHasher"])
    meth = pick(["validate", "mask", "checksum", "verify"])
    sym = "_ZN%d%s%d%s%d%sERKNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEE" % (len(ns), ns, len(cls), cls, len(meth), meth)
    return "```\n#0  0x%s in %s ()\n#1  0x%s in _ZN%d%s6Worker3runEv ()\n#2  0x%s in start_thread () from /lib/x86_64-linux-gnu/libc.so.6\n```" % (
        "00005" + hexs(7), sym, "00005" + hexs(7), len(ns), ns, "00007f" + hexs(6))


def ci_rust():
    crate = pick(["payout_engine", "clabe_rs", "iban_it", "label_zpl"])
    return ("```\nthread 'tokio-runtime-worker' panicked at src/%s.rs:%d:%d:\ncalled `Result::unwrap()` on an `Err` value: InvalidChecksum\n"
            "   0: _ZN%d%s8validate17h%sE\n   1: _ZN%d%s5batch3run17h%sE\n```" % (
                pick(["check", "mask", "batch"]), R.randrange(10, 300), R.randrange(1, 60), len(crate), crate, hexs(16), len(crate), crate, hexs(16)))


def ci_graphql():
    t = pascal(2)
    return ("```graphql\ntype %s {\n  id: ID!\n  ibanLast4: String\n  clabeMasked: String\n  phoneVerified: Boolean!\n  passwordUpdatedAt: DateTime\n"
            "  %s: %s\n}\n\nmutation %s($input: %sInput!) {\n  %s(input: $input) { id }\n}\n```" % (
                t, camel(3), pick(["String", "Boolean", "Int"]), pascal(3), t, camel(3)))


def ci_proto():
    return ("```proto\nmessage %s {\n  string seller_id = 1;\n  string iban_token = 2;      // vault token, not the IBAN\n  string card_fingerprint = 3;\n"
            "  bool password_reset_required = 4;\n  string %s = 5;\n}\n```" % (pascal(3), snake()))


def ci_tf_addr():
    addrs = ["module.payouts_%s.aws_secretsmanager_secret.%s" % (pick(["vn", "mx", "it"]), pick(["momo_secret_key", "conekta_private_key", "nexi_mac_key"])),
             "module.labels.aws_s3_bucket.shipping_labels_%s" % pick(["vn", "mx", "it"]),
             "module.chargebacks.aws_kms_key.evidence_encryption",
             "aws_iam_role_policy.%s_read_secrets" % pick(["payouts", "cfdi_stamper", "sdi_bridge"])]
    R.shuffle(addrs)
    return "```\n$ terraform plan -target=%s\n" % addrs[0] + "\n".join("  # %s will be updated in-place" % a for a in addrs[:R.randrange(2, 5)]) + "\n```"


def ci_ts_error():
    return "```\nTypeError: Cannot read properties of undefined (reading '%s')\n    at %s (webpack-internal:///./src/%s.tsx:%d:%d)\n    at renderWithHooks (react-dom.development.js:16305:18)\n```" % (
        camel(3), pascal(3), pick(["payouts/PayoutRow", "seller/IbanForm", "chargebacks/EvidenceList", "labels/LabelQueue"]), R.randrange(10, 300), R.randrange(1, 60))


def ci_i18n():
    keys = ["seller.onboarding.%s.%s" % (pick(["bank", "tax", "contact", "security"]), pick(["iban_label", "clabe_hint", "mst_invalid",
                                                                                            "password_too_short", "phone_format_error",
                                                                                            "codice_fiscale_hint", "rfc_generic_warning"]))
            for _ in range(R.randrange(3, 6))]
    return "missing translations in `vi.json` / `es-MX.json` / `it.json`:\n" + "\n".join("- `%s`" % k for k in dict.fromkeys(keys))


def ci_migration():
    return "```\nApplying payouts.%04d_%s... OK\nApplying sellers.%04d_%s... OK\nApplying invoices.%04d_%s... FAILED\n```" % (
        R.randrange(10, 200), pick(["seller_iban_encrypted", "add_clabe_last4", "drop_plain_phone_column"]),
        R.randrange(10, 200), pick(["password_hash_argon2", "mst_unique_per_country", "add_codice_fiscale_hash"]),
        R.randrange(10, 200), pick(["cfdi_uuid_index", "hoa_don_serial_fk", "sdi_identificativo_bigint"]))


def ci_env_names():
    names = R.sample(["VNPAY_HASH_SECRET", "MOMO_SECRET_KEY", "ZALOPAY_KEY2", "MP_ACCESS_TOKEN", "CONEKTA_PRIVATE_KEY",
                      "OPENPAY_PRIVATE_KEY", "NEXI_MAC_KEY", "SATISPAY_KEY_ID", "SDI_PASSWORD", "PAC_PASSWORD", "GHN_TOKEN",
                      "ESTAFETA_PASSWORD", "BRT_API_KEY", "SLACK_BOT_TOKEN", "OPENAI_API_KEY", "ANTHROPIC_API_KEY"], R.randrange(4, 8))
    return pick(["env vars the payouts pod expects (names only):", "variables que espera el pod (solo nombres):",
                 "variabili richieste dal pod (solo i nomi):", vi("các biến môi trường pod cần (chỉ tên):")]) + " " + ", ".join("`%s`" % n for n in names)


def ci_go_panic():
    return ("```\npanic: runtime error: invalid memory address or nil pointer dereference\n[signal SIGSEGV: segmentation violation code=0x1 addr=0x18 pc=0x%s]\n\n"
            "goroutine %d [running]:\ngithub.com/mkp-oss/payouts/internal/%s.(*%s).%s(0xc000%s)\n\t/src/internal/%s/%s.go:%d +0x%s\n```" % (
                hexs(7), R.randrange(1, 900), pick(["clabe", "iban", "momo", "spei"]), pascal(2), pascal(2), hexs(6),
                pick(["clabe", "iban", "momo", "spei"]), pick(["validate", "payout", "client"]), R.randrange(10, 400), hexs(3)))


def ci_long_names():
    return "renaming for clarity: `%s` → `%s`, and `%s` → `%s`" % (camel(), camel(), snake(), snake())


def ci_svelte_vue():
    return '```html\n<button data-v-%s class="btn-payout svelte-%s" data-testid="%s">%s</button>\n```' % (
        hexs(8), rs(LO + DG, 6), snake().replace("_", "-"), pick(["Rút tiền", "Retirar", "Preleva", "Withdraw"]))


def ci_bazel():
    return "```\n$ bazel test //payments/%s:%s_test //payments/%s/...\n```" % (
        pick(["vn/momo", "mx/spei", "it/sdi"]), snake(), pick(["iban", "clabe", "cards"]))


CODE_T = [ci_java_trace, ci_py_trace, ci_sql, ci_flags, ci_k8s, ci_css_modules, ci_cpp_mangled, ci_rust, ci_graphql, ci_proto,
          ci_tf_addr, ci_ts_error, ci_i18n, ci_migration, ci_env_names, ci_go_panic, ci_long_names, ci_svelte_vue, ci_bazel]


# ---------------------------------------------------------------------------
# negatives: non_credential_blob
# ---------------------------------------------------------------------------
def nb_git_log():
    msgs = ["fix(payouts): round VND to whole dong", "feat(cfdi): retry PAC timbrado on 503", "chore(labels): bump zpl template",
            "fix(chargebacks): evidence upload size limit", "feat(sdi): parse ricevuta di scarto", "refactor(iban): share CIN tables",
            "fix(onboarding): MST 13-digit branch codes", "test(spei): rastreo key parsing"]
    lines = ["%s %s" % (hexs(pick([7, 8, 10])), m) for m in R.sample(msgs, R.randrange(3, 7))]
    return "```\n$ git log --oneline -n %d\n%s\n```" % (len(lines), "\n".join(lines))


def nb_docker():
    svc = pick(SERVICES)
    return "rolled back %s to `registry.mkp.example/payments/%s@sha256:%s` (previous digest `sha256:%s`)" % (svc, svc, hexs(64), hexs(64))


def nb_cfdi_uuid():
    return pick(["folio fiscal del CFDI que rebotó: `%s`", "UUID del timbre: %s — el SAT ya lo tiene como vigente",
                 "cancelación pendiente para el UUID %s"]) % uuid4(True)


def nb_sello():
    sello = b64(rbytes(256))
    cert = "0000100000%s" % rs(DG, 10)
    return ("```xml\n<cfdi:Comprobante Version=\"4.0\" Serie=\"MKP\" Folio=\"%d\" NoCertificado=\"%s\"\n  Sello=\"%s\"\n  Moneda=\"MXN\" TipoDeComprobante=\"I\">\n```" % (
        R.randrange(1000, 99999), cert, sello if chance(0.5) else trunc(sello, 120)))


def nb_vnpay_hash():
    return ("```\nvnp_Amount=%d00&vnp_BankCode=NCB&vnp_OrderInfo=Thanh+toan+don+hang&vnp_ResponseCode=00&vnp_TmnCode=MKPVN%s&vnp_TxnRef=%s"
            "&vnp_SecureHash=%s\n```\n%s" % (
                R.randrange(10000, 9000000), rs(UP + DG, 3), rs(UP + DG, 10), hexs(128),
                vi(pick(["chữ ký không khớp, đang kiểm tra thứ tự tham số", "checksum sai do encode dấu cách"]))))


def nb_momo_sig():
    return '```json\n{"partnerCode":"MOMO%s","orderId":"%s","requestId":"%s","amount":%d,"resultCode":0,"signature":"%s"}\n```' % (
        rs(UP + DG, 6), rs(UP + DG, 12), uuid4(), R.randrange(10000, 5000000), hexs(64))


def nb_npm():
    pkgs = ["@mkp/ui-kit", "zpl-image", "iban", "libphonenumber-js", "decimal.js"]
    p = pick(pkgs)
    return '```\n"node_modules/%s": {\n  "version": "%d.%d.%d",\n  "resolved": "https://registry.npmjs.org/%s/-/%s-%d.%d.%d.tgz",\n  "integrity": "sha512-%s"\n}\n```' % (
        p, R.randrange(1, 9), R.randrange(0, 20), R.randrange(0, 30), p, p.split("/")[-1], R.randrange(1, 9), R.randrange(0, 20), R.randrange(0, 30),
        b64(rbytes(64)))


def nb_gosum():
    mod = pick(["github.com/shopspring/decimal", "golang.org/x/text", "github.com/jung-kurt/gofpdf", "github.com/nyaruka/phonenumbers"])
    return "```\n%s v1.%d.%d h1:%s\n%s v1.%d.%d/go.mod h1:%s\n```" % (mod, R.randrange(0, 9), R.randrange(0, 20), b64(rbytes(32)), mod,
                                                                    R.randrange(0, 9), R.randrange(0, 20), b64(rbytes(32)))


def nb_pip():
    return "```\nschwifty==2024.%d.%d \\\n    --hash=sha256:%s \\\n    --hash=sha256:%s\n```" % (R.randrange(1, 12), R.randrange(0, 3), hexs(64), hexs(64))


def nb_trace():
    return ('```json\n{"ts":"%s","level":"warn","svc":"%s","trace_id":"%s","span_id":"%s","msg":"%s","idempotency_key":"%s"}\n```' % (
        ts_iso(), pick(SERVICES), hexs(32), hexs(16), pick(["payout retried", "label reprinted", "webhook deduplicated", "refund replayed"]), uuid4()))


def nb_headers():
    return ("```\nHTTP/2 200\ncontent-type: application/pdf\netag: \"%s\"\nx-amz-request-id: %s\nx-amz-id-2: %s\nx-request-id: %s\n"
            "traceparent: 00-%s-%s-01\n```" % (hexs(32) + ("-%d" % R.randrange(2, 9) if chance(0.4) else ""), rs(UP + DG, 16),
                                              b64(rbytes(54)), uuid4(), hexs(32), hexs(16)))


def nb_s3_ls():
    rows = []
    for _ in range(R.randrange(4, 12)):
        rows.append("2025-%02d-%02d %02d:%02d:%02d %9d labels/%s/2025/%02d/%s.pdf" % (
            R.randrange(1, 13), R.randrange(1, 29), R.randrange(24), R.randrange(60), R.randrange(60), R.randrange(9000, 90000),
            pick(["ghn", "estafeta", "brt", "ghtk", "poste"]), R.randrange(1, 13), uuid4()))
    return "```\n$ aws s3 ls s3://mkp-shipping-labels-prod/labels/ --recursive | tail\n" + "\n".join(rows) + "\n```"


def nb_ssh_fp():
    return pick(["host key for the carrier SFTP changed, new fingerprint is `SHA256:%s` — confirmed with their NOC before accepting",
                 "huella del host SFTP de la paquetería: `SHA256:%s`",
                 "fingerprint del server SFTP del corriere: SHA256:%s"]) % b64(rbytes(32)).rstrip("=")


def nb_cursor():
    cur = b64(json.dumps({"last_id": R.randrange(10 ** 6, 10 ** 8), "created_after": "2025-%02d-01" % R.randrange(1, 13)}).encode())
    return "pagination on `/v2/payouts` returns `next_cursor=%s`; decoding it is fine, it's just the last id" % cur


def nb_sops():
    return "```yaml\nmomo:\n    secret_key: ENC[AES256_GCM,data:%s,iv:%s,tag:%s,type:str]\nsops:\n    lastmodified: \"2025-%02d-%02dT10:00:00Z\"\n    mac: ENC[AES256_GCM,data:%s,iv:%s,tag:%s,type:str]\n```" % (
        b64(rbytes(pick([24, 27, 33, 36, 42]))), b64(rbytes(32)), b64(rbytes(16)), R.randrange(1, 13), R.randrange(1, 29), b64(rbytes(48)), b64(rbytes(32)), b64(rbytes(16)))


def nb_vault_cipher():
    return "transit-encrypted column value looks like `vault:v1:%s` — that's ciphertext, safe to paste" % b64(rbytes(R.randrange(40, 70)))


def nb_sentry():
    return pick(["Sentry event %s (payouts-web) — same root cause as last week",
                 "evento Sentry %s, mismo error del timbrado",
                 "evento Sentry %s, stesso errore di scarto SdI",
                 vi("sự kiện Sentry %s, cùng lỗi đối soát")]) % hexs(32)


def nb_mongo_ulid():
    return "dispute doc `_id: ObjectId(\"%s\")`, evidence bundle `%s`, run `01J%s`" % (hexs(24), uuid4(), rs("0123456789ABCDEFGHJKMNPQRSTVWXYZ", 23))


def nb_hexcolors():
    cols = ["#" + hexs(6) for _ in range(R.randrange(5, 10))]
    return "palette for the payout status chips: " + " ".join("`%s`" % c for c in cols)


def nb_spei_rastreo():
    return pick(["clave de rastreo SPEI: `MBAN01%s` — ya aparece en Banxico como liquidada",
                 "la devolución SPEI tiene clave de rastreo `BNET01%s`",
                 "rastreo `STP%s` sigue en estado 'en proceso'"]) % rs(DG + UP, R.randrange(18, 24))


def nb_sdi_filename():
    return "file inviato allo SdI: `IT%s_%s.xml.p7m`, hash `%s`" % (digits(11, "01"), rs(ALNUM, 5), hexs(64))


def nb_minjs():
    v = [rs(LO, 1) for _ in range(6)]
    return "```js\n!function(%s,%s){\"use strict\";var %s=%s.payouts||{};%s.v=\"%s\";%s.h=\"%s\"}(window,document);\n```" % (
        v[0], v[1], v[2], v[0], v[2], hexs(8), v[2], hexs(40))


def nb_configmap():
    return "```yaml\nbinaryData:\n  zpl-template.bin: %s\n  logo.png: %s\n```" % (b64(make_zpl(order_id()).encode()), b64(make_png()))


def nb_text_b64():
    txt = pick(["Giao hang that bai - khach hen lai", "Reembolso aprobado por politica de 30 dias", "Reso autorizzato, etichetta inviata",
                "Payout batch closed", "Chargeback reason 13.1 merchandise not received"])
    return "the carrier note field comes base64-encoded: `%s` (decodes to plain text)" % b64(txt.encode())


BLOB_T = [nb_git_log, nb_docker, nb_cfdi_uuid, nb_sello, nb_vnpay_hash, nb_momo_sig, nb_npm, nb_gosum, nb_pip, nb_trace, nb_headers,
          nb_s3_ls, nb_ssh_fp, nb_cursor, nb_sops, nb_vault_cipher, nb_sentry, nb_mongo_ulid, nb_hexcolors, nb_spei_rastreo,
          nb_sdi_filename, nb_minjs, nb_configmap, nb_text_b64]


# ---------------------------------------------------------------------------
# negatives: pii_lookalike_number
# ---------------------------------------------------------------------------
def vnd(n):
    return "{:,}".format(n).replace(",", ".")


def eur(n):
    s = "{:,.2f}".format(n)
    return s.replace(",", "X").replace(".", ",").replace("X", ".")


def pl_orders():
    ids = [order_id() for _ in range(R.randrange(3, 8))]
    return pick(["orders stuck in `payout_hold`:", "pedidos retenidos:", "ordini bloccati:", vi("các đơn bị giữ tiền:")]) + "\n" + "\n".join("- %s" % i for i in ids)


def pl_tracking():
    c = R.randrange(6)
    if c == 0:
        return "Estafeta guía %s — %s" % (rs(DG, 22), pick(["en tránsito desde el 12", "entregada, el vendedor dice que no"]))
    if c == 1:
        return "raccomandata %s e pacco %s, entrambi in giacenza" % (upu_s10(pick(["RA", "RR", "RB"]), "IT"), upu_s10(pick(["CP", "CE"]), "IT"))
    if c == 2:
        return vi("mã vận đơn GHN %s, GHTK S%s.%s.%s, đều đang ở kho trung chuyển") % (
            rs(UP, 1) + rs(UP + DG, 7), digits(8), rs(UP, 2) + rs(DG, 2), rs(UP, 1) + rs(DG, 1))
    if c == 3:
        return "FedEx %s / DHL %s — both show 'clearance delay' at %s" % (digits(12, "7"), digits(10, "1"), pick(["MEX", "SGN", "MXP"]))
    if c == 4:
        return "BRT spedizione %s, segnacollo %s" % (digits(12, "1"), digits(18, "1"))
    return "envío internacional %s con guía %s" % (upu_s10(pick(["LX", "EE", "RR"]), "MX"), digits(12, "1"))


def pl_amounts():
    f = R.randrange(3)
    if f == 0:
        return vi("đối soát tuần: tổng %s₫, phí %s₫, hoàn tiền %s₫, thực chi %s VND") % tuple(vnd(R.randrange(10 ** 6, 10 ** 10) // 1000 * 1000) for _ in range(4))
    if f == 1:
        return "liquidación semanal: $%s MXN brutos, comisión $%s, IVA $%s, retención ISR $%s" % tuple("{:,.2f}".format(R.randrange(10 ** 4, 10 ** 8) / 100) for _ in range(4))
    return "bonifico settimanale: € %s lordi, commissioni € %s, netto € %s" % tuple(eur(R.randrange(10 ** 4, 10 ** 8) / 100) for _ in range(3))


def pl_dates():
    ts = R.randrange(1735689600, 1767225600)
    return pick(["payout cutoff moved to %d (epoch) / %d ms; Slack thread ts %d.%06d",
                 "corte de liquidación: %d / %d ms, hilo %d.%06d",
                 "cut-off bonifici: %d / %d ms, thread %d.%06d"]) % (ts, ts * 1000 + R.randrange(1000), ts + R.randrange(100, 9000), R.randrange(10 ** 6))


def pl_versions():
    return pick(["seller app %d.%d.%d (build %d), Windows agent %d.0.%d.%d on the label PCs",
                 "app vendedores %d.%d.%d (build %d); las PCs de guías traen Windows %d.0.%d.%d",
                 "app venditori %d.%d.%d (build %d); PC etichette con Windows %d.0.%d.%d"]) % (
        R.randrange(3, 9), R.randrange(0, 30), R.randrange(0, 20), R.randrange(10000, 99999), 10, R.randrange(19041, 26200), R.randrange(1000, 5000))


def pl_private_ips():
    return ("```\nupstream payouts_api {\n    server 10.%d.%d.%d:8080;\n    server 10.%d.%d.%d:8080;\n    server 172.%d.%d.%d:8080 backup;\n}\n"
            "# docs example: 203.0.113.%d, 198.51.100.%d\n```" % (
                R.randrange(256), R.randrange(256), R.randrange(1, 255), R.randrange(256), R.randrange(256), R.randrange(1, 255),
                R.randrange(16, 32), R.randrange(256), R.randrange(1, 255), R.randrange(1, 255), R.randrange(1, 255)))


def pl_rfc_generic():
    return pick(["para ventas a público en general usen RFC XAXX010101000 y para extranjeros XEXX010101000, nada de RFCs de personas",
                 "el CFDI global va con RFC genérico XAXX010101000, régimen 616, uso S01",
                 "facturas a clientes del extranjero: RFC XEXX010101000 y NumRegIdTrib vacío si no lo dan"])


def pl_mst_company():
    mst = "01" + rs(DG, 8)
    if chance(0.5):
        return vi("MST công ty mình in trên hoá đơn: %s, chi nhánh Hà Nội %s-001") % (mst, mst)
    return vi("hoá đơn điện tử ký hiệu 1C25T%s phải ghi MST bên bán %s, không ghi MST cá nhân của người mua") % (rs(UP, 2), mst)


def pl_arn():
    return pick(["chargeback %s — ARN %s, reason code %s, monto $%s MXN",
                 "dispute %s: ARN %s, reason %s, amount €%s",
                 vi("khiếu nại %s: ARN %s, mã lý do %s, số tiền %s₫")]) % (
        "CB-" + digits(9, "1"), "7" + rs(DG, 22), pick(["10.4", "13.1", "13.3", "4853", "4837"]), pick(["1,299.00", "349.90", "2.450.000"]))


def pl_rrn():
    return "auth %s, RRN %s, STAN %s, MCC %s, BIN %s, last4 %s — declined 05" % (
        rs(UP + DG, 6), digits(12, "5"), rs(DG, 6), pick(["5399", "5311", "5732", "5999"]), digits(6, "45"), rs(DG, 4))


def pl_invoice_nums():
    return pick(["fatture %d/%06d e %d/%06d scartate (codice 00404), identificativo SdI %s",
                 "facturas MKP-%d-%06d y MKP-%d-%06d canceladas, acuse %s",
                 "hoá đơn %d/%06d và %d/%06d đã điều chỉnh, mã tra cứu %s"]) % (
        2025, R.randrange(1, 999999), 2025, R.randrange(1, 999999), digits(11, "1"))


def pl_csv():
    rows = ["order_ref,created_at,amount,currency,invoice_no,status"]
    for _ in range(R.randrange(15, 31)):
        rows.append("%s,2025-%02d-%02dT%02d:%02d:%02dZ,%d.%02d,%s,INV-%d-%06d,%s" % (
            order_id(), R.randrange(1, 13), R.randrange(1, 29), R.randrange(24), R.randrange(60), R.randrange(60),
            R.randrange(1, 90000), R.randrange(100), pick(["MXN", "EUR", "VND"]), 2025, R.randrange(1, 999999),
            pick(["paid", "held", "reversed", "pending"])))
    return "export for the recon (no PII, just refs):\n```csv\n" + "\n".join(rows) + "\n```"


def pl_latency():
    rows = ["| endpoint | p50 ms | p95 ms | p99 ms | rps |", "|---|---:|---:|---:|---:|"]
    for ep in R.sample(["/v2/payouts", "/v1/labels", "/v1/chargebacks", "/v1/invoices/cfdi", "/v1/fatture", "/v1/hoadon", "/v1/kyc"], 4):
        rows.append("| %s | %d | %d | %d | %s |" % (ep, R.randrange(8, 90), R.randrange(90, 400), R.randrange(400, 2000), "{:,}".format(R.randrange(100, 20000))))
    return "\n".join(rows)


def pl_jira():
    return "tracking in PAY-%d, SUP-%d, Zendesk #%d and SNOW INC%07d" % (R.randrange(100, 9999), R.randrange(100, 99999), R.randrange(10 ** 6, 10 ** 7), R.randrange(10 ** 6))


def pl_postal():
    return pick(["CP %05d y %05d fuera de cobertura de Estafeta día siguiente", "CAP %05d e %05d non coperti da BRT express",
                 vi("mã bưu chính %d và %d chưa hỗ trợ giao hoả tốc")]) % (R.randrange(1000, 99999), R.randrange(1000, 99999))


def pl_rows_bytes():
    return "recon job scanned %s rows (%s bytes) in %d ms; %s mismatches" % (
        " ".join(["%d" % R.randrange(1, 99)] + ["%03d" % R.randrange(1000) for _ in range(2)]),
        "{:,}".format(R.randrange(10 ** 8, 10 ** 10)), R.randrange(1000, 90000), R.randrange(0, 40))


def pl_aws_ids():
    return "account 123456789012, instance i-%s, vol-%s, subnet-%s, sg-%s" % (hexs(17), hexs(17), hexs(17), hexs(17))


def pl_ean_isbn():
    def ean():
        b = "7" + pick(["50", "80", "89"]) + rs(DG, 9)
        s = sum(int(c) * (3 if i % 2 else 1) for i, c in enumerate(b))
        return b + str((10 - s % 10) % 10)
    return pick(["GTIN %s y %s sin stock", "EAN %s e %s esauriti", vi("mã vạch %s và %s hết hàng")]) % (ean(), ean())


def pl_ports():
    return "firewall ask for the carrier SFTP: allow 22, 2222, 443, 8443 from 10.%d.0.0/16 and 100.%d.0.0/16" % (R.randrange(256), R.randrange(64, 128))


def pl_cve():
    return "label-printer agent pinned because of CVE-2024-%d and GHSA-%s-%s-%s; KB%d installed" % (
        R.randrange(1000, 60000), rs("23456789cfghjmpqrvwx", 4), rs("23456789cfghjmpqrvwx", 4), rs("23456789cfghjmpqrvwx", 4), R.randrange(5000000, 5100000))


def pl_rate_limit():
    return "```\nHTTP/1.1 429 Too Many Requests\nx-ratelimit-limit: %d\nx-ratelimit-remaining: 0\nx-ratelimit-reset: %d\nretry-after: %d\n```" % (
        pick([600, 1200, 3000]), R.randrange(1735689600, 1767225600), R.randrange(1, 120))


def pl_vn_bank_ref():
    return vi("mã giao dịch chuyển khoản FT%s%s, số bút toán %s, nội dung 'MKP PAYOUT %s'") % (
        "%02d%03d" % (R.randrange(24, 26), R.randrange(1, 366)), rs(UP + DG, 7), digits(12, "1"), digits(8, "1"))


def pl_mx_folio():
    s17 = "%s%s" % (pick(["900", "901", "950"]), rs(DG, 14))
    bad = str((int(clabe_check(s17)) + R.randrange(1, 10)) % 10)
    return "folio de operación SPEI (18 dígitos, no es CLABE): %s — monto $%s MXN" % (s17 + bad, "{:,.2f}".format(R.randrange(10 ** 4, 10 ** 7) / 100))


PII_T = [pl_orders, pl_tracking, pl_tracking, pl_tracking, pl_amounts, pl_dates, pl_versions, pl_private_ips, pl_rfc_generic, pl_mst_company, pl_arn, pl_rrn,
         pl_invoice_nums, pl_csv, pl_latency, pl_jira, pl_postal, pl_rows_bytes, pl_aws_ids, pl_ean_isbn, pl_ports, pl_cve,
         pl_rate_limit, pl_vn_bank_ref, pl_mx_folio]


# ---------------------------------------------------------------------------
# negatives: talk_about_secrets
# ---------------------------------------------------------------------------
TALK_EN = [
    "please don't paste full card numbers in this channel, last 4 is enough for chargeback lookups",
    "we rotated the MoMo secret key after it showed up in a debug log; old one is revoked",
    "the VNPay hash secret is per-terminal, so rotating it for HCM doesn't touch the Hanoi TMN",
    "reminder: sellers will never be asked for their password by support — flag any DM that does",
    "if a seller sends their IBAN in a ticket, move it to the secure form and delete the message",
    "the CLABE check digit validation catches typos, it doesn't prove the account belongs to the seller",
    "our redactor masks phone numbers in ticket exports, so the ops sheet only shows the country code",
    "the Slack bot token for the chargeback alerts lives in the secrets manager, not in the repo",
    "anyone know if the carrier API keys expire? GHN ones seem to be forever unless we regenerate",
    "PCI scope reminder: evidence PDFs for disputes must not contain the PAN, only the masked form",
    "the AWS keys for the label bucket were rotated on schedule; nothing leaked",
    "do we store the SAT CSD password anywhere besides vault? audit wants to know",
    "new seller onboarding asks for a tax id and bank account, never a card number",
    "the OTP SMS says 'never share this code' in all three languages now",
    "JWTs from the seller app expire after 15 minutes, so a screenshot of one is mostly harmless, but still don't",
    "we should stop asking sellers to read their account number over the phone",
    "phishing wave: fake 'payout verification' pages asking sellers for their login password",
    "PEM keys for the SdI channel get renewed every 3 years; calendar reminder set",
    "if you find an API key in a ticket attachment, open a SEC ticket and we'll rotate it",
    "secret scanning in CI blocked a commit today — it was a test fixture, false positive, allowlisted by path",
]
TALK_VI = [
    "đừng dán số thẻ đầy đủ vào kênh này nhé, 4 số cuối là đủ để tra khiếu nại",
    "secret key MoMo đã được đổi sau khi lộ trong log debug, key cũ đã thu hồi",
    "nhắc lại: CSKH không bao giờ hỏi mật khẩu của người bán, thấy ai hỏi thì báo ngay",
    "nếu người bán gửi số tài khoản ngân hàng trong ticket, chuyển sang form bảo mật rồi xoá tin nhắn",
    "mã OTP không được đọc qua điện thoại, kể cả khi khách nói là nhân viên sàn",
    "token bot Slack cho cảnh báo hoàn tiền để trong secrets manager, không để trong repo",
    "có ai biết token GHN có hết hạn không? hình như không hết trừ khi mình tạo lại",
    "file PDF bằng chứng khiếu nại không được chứa số thẻ đầy đủ, chỉ số đã che",
    "đợt lừa đảo mới: trang giả 'xác minh rút tiền' đòi mật khẩu đăng nhập của người bán",
    "mình đã xoá tin nhắn có số điện thoại khách hàng, lần sau gửi qua ticket nội bộ nhé",
    "hash secret VNPay mỗi terminal một cái, đổi cái HCM không ảnh hưởng terminal HN",
    "khoá ký hoá đơn điện tử sắp hết hạn, bên kế toán đang làm thủ tục gia hạn",
]
TALK_ES = [
    "no peguen números de tarjeta completos aquí, con los últimos 4 basta para buscar el contracargo",
    "ya rotamos la llave privada de Conekta, la anterior quedó revocada",
    "recuerden: soporte nunca le pide la contraseña al vendedor, si ven un DM así repórtenlo",
    "si un vendedor manda su CLABE por chat, pásenla al formulario seguro y borren el mensaje",
    "el dígito verificador de la CLABE detecta errores de captura, no confirma que la cuenta sea del vendedor",
    "¿la contraseña del CSD está en algún lado además del vault? auditoría pregunta",
    "el token de acceso de Mercado Pago caduca cada 180 días, hay que renovarlo antes de diciembre",
    "nueva ola de phishing: páginas falsas de 'verificación de depósito' que piden la contraseña",
    "no compartan el código de verificación por WhatsApp, ni aunque lo pida alguien del equipo",
    "las evidencias de contracargo no deben llevar el número de tarjeta completo, solo enmascarado",
    "el escáner de secretos del CI bloqueó un commit, era un fixture de pruebas, falso positivo",
    "¿alguien sabe si las llaves de la API de Estafeta expiran? nadie tiene claro el proceso",
]
TALK_IT = [
    "non incollate numeri di carta completi qui, bastano le ultime 4 cifre per lo storno",
    "abbiamo ruotato la chiave segreta MAC di Nexi, quella vecchia è revocata",
    "promemoria: il supporto non chiede mai la password al venditore, segnalate i DM sospetti",
    "se un venditore manda l'IBAN in chat, spostatelo nel modulo sicuro e cancellate il messaggio",
    "il CIN dell'IBAN intercetta gli errori di battitura, non dimostra che il conto sia del venditore",
    "la password della PEC aziendale sta solo nel vault, non nei fogli condivisi",
    "il certificato per il canale SdI scade a marzo, il rinnovo è in carico all'amministrazione",
    "ondata di phishing: finte pagine di 'verifica bonifico' che chiedono la password del portale",
    "nei PDF delle prove per gli storni il numero carta deve essere mascherato",
    "il token del bot Slack per gli alert è nel secrets manager, non nel repo",
    "qualcuno sa se le API key di BRT scadono? non è chiaro dalla documentazione",
    "i numeri di telefono dei clienti non vanno nei ticket pubblici, usate il campo riservato",
]


def talk_sentence():
    lang = pick(["en", "vi", "es", "it"])
    if lang == "en":
        return pick(TALK_EN)
    if lang == "vi":
        return vi(pick(TALK_VI))
    if lang == "es":
        return pick(TALK_ES)
    return pick(TALK_IT)


def ts_single():
    return talk_sentence()


def ts_pair():
    a, b = talk_sentence(), talk_sentence()
    return a + "\n" + b if a != b else a


def ts_qa():
    q = pick([("q: do we ever need the full card number for a chargeback?", "a: no — the acquirer matches on ARN and last 4"),
              ("¿necesitamos la CLABE completa para la conciliación?", "no, con banco + últimos 4 y el id del vendedor alcanza"),
              ("serve l'IBAN completo per riconciliare i bonifici?", "no, basta l'ID venditore e le ultime 4 cifre"),
              (vi("có cần số tài khoản đầy đủ để đối soát không?"), vi("không, chỉ cần mã người bán và 4 số cuối")),
              ("can I DM the seller's phone number to the carrier?", "no, the carrier gets it through the label API only")])
    return "%s\n%s" % q


def ts_runbook():
    steps = pick([
        ["Runbook — leaked payment gateway key", "1. revoke the key in the gateway dashboard", "2. create a new one and store it in vault",
         "3. redeploy payouts-api", "4. check logs for use of the old key", "5. write the incident note (no key values in it)"],
        ["Quy trình khi lộ secret", "1. thu hồi key trên trang quản trị cổng thanh toán", "2. tạo key mới, lưu vào vault",
         "3. deploy lại service", "4. kiểm tra log xem key cũ có bị dùng không"],
        ["Procedimiento si se filtra una llave", "1. revocar en el panel del proveedor", "2. generar una nueva y guardarla en el vault",
         "3. redeploy", "4. revisar logs por uso de la llave vieja", "5. reporte sin valores de la llave"],
        ["Procedura chiave esposta", "1. revocare la chiave dal portale del gateway", "2. generarne una nuova e salvarla nel vault",
         "3. rideploy", "4. controllare i log per usi della chiave vecchia"]])
    return "\n".join(vi(s) if steps[0].startswith("Quy") else s for s in steps)


def ts_incident():
    return pick([
        "Incident summary: a support macro echoed the seller's password reset link in a public thread. Link expired after 10 min, macro fixed, no account takeover found.",
        "Resumen del incidente: un log de depuración imprimía el token de acceso de Mercado Pago. Token rotado, logs purgados, sin uso indebido.",
        "Riepilogo incidente: un export CSV conteneva IBAN in chiaro. File cancellato, export corretto per mascherare tutto tranne le ultime 4 cifre.",
        vi("Tóm tắt sự cố: log của webhook in ra secret key MoMo. Đã đổi key, xoá log, không phát hiện giao dịch bất thường."),
    ])


def ts_regex_talk():
    return pick([
        "the card detector uses a Luhn check on 13–19 digit runs, so order ids that happen to pass Luhn get masked too; we accept that",
        "para la CLABE validamos 18 dígitos con pesos 3-7-1, si no cuadra el verificador no la tratamos como cuenta",
        "per l'IBAN italiano controlliamo mod 97 e anche il CIN; il solo formato non basta",
        vi("regex số điện thoại VN bắt đầu bằng 0 hoặc +84 và 9 số sau, nên mã đơn 10 số bắt đầu bằng 0 cũng bị che"),
        "phone regex for Mexico is painful since 2019: 10 digits everywhere, no more 044/045 or the extra 1 after +52",
    ])


def ts_vault_err():
    return pick([
        "```\nError: secret not found at path secret/data/payments/%s (namespace: %s)\n```\nprobably the policy, not the secret",
        "```\nExternalSecret payments/%s: could not get secret data from provider: permission denied (%s)\n```",
        "```\nsealed-secrets: no key could decrypt secret (%s/%s) — controller key rotated?\n```",
    ]) % (pick(["momo", "vnpay", "mercadopago", "nexi", "ghn"]), pick(["vn", "mx", "it"]))


def ts_security_sync():
    bullets = R.sample(["rotate carrier API keys quarterly", "block card-number pastes in the support Slack",
                        "train agents: never ask for passwords or OTPs", "mask IBAN/CLABE in all exports",
                        "move PEC and PAC passwords to vault", "review who can see seller phone numbers",
                        "secret scanning on the labels repo", "shorter JWT lifetime for the seller app"], R.randrange(3, 6))
    return pick(["Security sync notes:", "Notas de la reunión de seguridad:", "Note riunione sicurezza:", vi("Ghi chú họp bảo mật:")]) + "\n" + "\n".join("• " + b for b in bullets)


def ts_faq():
    return pick([
        "FAQ for agents: a seller says they forgot their password → send the reset link from the admin tool, never set one by hand.",
        "FAQ: el vendedor pide cambiar su cuenta de depósito → solo por el formulario con verificación, nunca por chat.",
        "FAQ: il venditore vuole cambiare IBAN → solo dal modulo con verifica, mai via chat o email.",
        vi("FAQ: người bán muốn đổi tài khoản nhận tiền → chỉ qua form có xác minh, không nhận qua chat."),
    ])


TALK_T = [ts_single, ts_single, ts_pair, ts_qa, ts_runbook, ts_incident, ts_regex_talk, ts_vault_err, ts_security_sync, ts_faq]


# ---------------------------------------------------------------------------
# positives
# ---------------------------------------------------------------------------
EMAILS_LOCAL = ["nguyen.thanh.hoa88", "shopmeoxinh.vn", "tranminhtuan.kho", "lethu.phukien", "ventas.abarrotesdonaluz", "contabilidad",
                "jorge.ramirez.mty", "tienda.lacatrina", "amministrazione", "giulia.ferri87", "ordini.ceramichesole", "m.esposito"]
EMAILS_DOM = ["gmail.com", "yahoo.com.vn", "hotmail.com", "outlook.com", "tlapaleriaelsol.com.mx", "prodigy.net.mx", "libero.it",
              "pec.it", "legalmail.it", "fpt.vn", "ferramentabianchi.it", "icloud.com"]


EMAILS_BY = {"vn": (EMAILS_LOCAL[0:4], ["gmail.com", "yahoo.com.vn", "fpt.vn", "outlook.com"]),
             "mx": (EMAILS_LOCAL[4:8], ["hotmail.com", "tlapaleriaelsol.com.mx", "prodigy.net.mx", "gmail.com"]),
             "it": (EMAILS_LOCAL[8:12], ["libero.it", "ferramentabianchi.it", "icloud.com", "gmail.com"])}


def email(country=None):
    if country:
        loc, dom = EMAILS_BY[country]
        return pick(loc) + pick(["", "", str(R.randrange(1, 99))]) + "@" + pick(dom)
    return pick(EMAILS_LOCAL) + pick(["", "", str(R.randrange(1, 99))]) + "@" + pick(EMAILS_DOM)


def url_pw():
    while True:
        s = rs(ALNUM, R.randrange(12, 24)) if chance(0.6) else rs(ALNUM + "-_.~", R.randrange(14, 28))
        if any(c in DG for c in s) and any(c in UP for c in s):
            return s


def T(s):
    return vi(s) if any(ord(c) > 127 for c in s) and re.search("[ăâđêôơưạảấầẩẫậắằẳẵặẹẻẽếềểễệỉịọỏốồổỗộớờởỡợụủứừửữựỳỷỹỵ]", s) else s


def fill(tpl, *vals):
    t = T(tpl)
    for i, v in enumerate(vals):
        t = t.replace("§%d" % (i + 1), v)
    return t


PHONE_PLAN = [
    # (generator, template, context label)
    (lambda: phone_vn(0), "kế toán bên shop: §1", "vn:plain:role"),
    (lambda: phone_vn(2), "chị Lan §1", "vn:dots:name"),
    (lambda: phone_vn(5), "Zalo chủ shop §1 (gọi sau 6h tối nha)", "vn:+84_spaced"),
    (lambda: phone_vn_land(), "số tổng đài kho Bình Dương §1 máy lẻ 105", "vn:landline:ext"),
    (lambda: phone_mx(0, False), "mi cel es §1, márcame cuando quede el depósito", "mx:2-4-4"),
    (lambda: phone_mx(5, False), "WhatsApp del vendedor: §1", "mx:+52_1"),
    (lambda: phone_mx(2, False), "el de la bodega de Apodaca: §1 ext. 2041", "mx:parens_dash:ext"),
    (lambda: phone_it(0, False), "Giulia Ferri §1", "it:mobile_spaced:name"),
    (lambda: phone_it(2, True), "centralino magazzino: §1 int. 214", "it:landline_intl:ext"),
    (lambda: phone_it(1, False), "chiamami al §1 se la fattura torna scartata", "it:mobile_plain"),
]


def pos_phone(i):
    gen, tpl, lab = PHONE_PLAN[i % len(PHONE_PLAN)]
    p = gen()
    return fill(tpl, p), [("phone_number", p)], "phone_number:%s:t%d" % (lab, i % len(PHONE_PLAN))


CARD_T = [
    "khách gửi số thẻ §1 nhờ kiểm tra vì bị trừ tiền 2 lần",
    "el cliente dice que le cobraron dos veces a la tarjeta \"§1\"",
    "carta §1 addebitata due volte, il cliente vuole lo storno",
    "chargeback came in for card §1, amount MXN 2,349.00",
    "số thẻ:\n§1\nhết hạn 09/27",
    "tarjeta del comprador: §1 (la pegó en el chat del pedido, ya le pedimos que no lo haga)",
    "il cliente ha scritto nel ticket: «la mia carta è la §1, controllate»",
    "buyer pasted their card in the dispute form: §1",
    "refund went to §1? seller says it was a different card",
    "kh báo thẻ §1 không thanh toán được trên app",
    "me pasaron esta tarjeta para el reembolso manual: §1",
    "numero carta per il rimborso manuale: §1",
]


CARD_STYLES = ["space", "dash", "plain", "break", "space", "dash", "dot", "plain", "space", "break", "dash", "space"]


def pos_card(i):
    style = CARD_STYLES[i % len(CARD_STYLES)]
    num, brand = card_number()
    v = card_fmt(num, style)
    if style == "break":
        k = 4
    else:
        k = [j for j in range(len(CARD_T)) if j != 4][i % (len(CARD_T) - 1)]
    return fill(CARD_T[k], v), [("credit_card", v)], "credit_card:%s:%s:t%d" % (brand, style, k)


PW_T = [
    "pass wifi kho là §1",
    "mk tài khoản Seller Center của shop: §1 (chị chủ shop nhờ vào sửa giá giúp)",
    "la contraseña del portal del PAC es §1, no la compartas",
    "la password della PEC è §1",
    "```yaml\nsmtp:\n  host: smtp.mkp.internal\n  user: notifiche-it\n  password: \"§1\"\n```",
    "```bash\nmysql -h db-ledger.internal -u recon -p'§1' ledger -e 'select count(*) from payouts'\n```",
    "```bash\nsshpass -p '§1' sftp -oUser=manifest -P 2222 sftp.carrier.internal\n```",
    "the passphrase for the CSD .key is \"§1\" — moving it to vault today",
    "wifi bodega Apodaca: MKP-Bodega / §1",
    "psw del gestionale resi: §1",
    "mật khẩu email hoá đơn: §1",
    "```ini\n[sdi]\nutente = mkp_intermediario\npassword = §1\n```",
]


def pos_password(i):
    k = i % len(PW_T)
    pw = password(i % 8)
    tpl = PW_T[k]
    if " " in pw and k in (5, 6, 8, 9, 10, 11):
        pw = pw.replace(" ", "-")
    return fill(tpl, pw), [("password", pw)], "password:t%d" % k


URL_T = [
    "```\nDATABASE_URL=postgres://payouts_rw:§1@db-payouts.prod.internal:5432/payouts\n```",
    "`mongodb+srv://labels_app:§1@labels-prod.abcde.mongodb.net/labels?retryWrites=true`",
    "```\nREDIS_URL=redis://:§1@cache-chargebacks.internal:6379/2\n```",
    "amqps://ledger:§1@mq.payments.internal:5671/recon — lo dejo aquí mientras arreglan el vault",
    "```python\nSQLALCHEMY_DATABASE_URI = \"postgresql+psycopg2://invoice_gen:§1@pg-invoices.internal/fatture\"\n```",
    "per i manifest BRT: sftp://mkp_upload:§1@sftp.brt-partner.internal/in/",
    "webhook de prueba con basic auth: https://mkp_hooks:§1@hooks.staging.mkp.internal/mp/notify",
    "```\nmysql://recon_ro:§1@mysql-ledger.internal:3306/ledger\n```",
    "ftp://estafeta_mkp:§1@ftp.partner-estafeta.internal/guias/ dùng tạm cho đến khi có SFTP",
]


def pos_url(i):
    k = i % len(URL_T)
    pw = url_pw()
    return fill(URL_T[k], pw), [("url_credentials", pw)], "url_credentials:t%d" % k


IP_T = [
    "IP del comprador que abrió 5 contracargos esta semana: §1",
    "đăng nhập lạ vào tài khoản người bán từ IP §1 lúc 02:13",
    "accessi sospetti al portale venditori dall'IP §1",
    "```\n§1 - - [12/Jun/2025:10:31:07 +0700] \"POST /v2/payouts/withdraw HTTP/1.1\" 403 112 \"-\" \"okhttp/4.12.0\"\n```",
    "block §1 at the WAF please, it is hammering the OTP endpoint",
    "el vendedor se conecta siempre desde §1 (Telmex), hoy entró desde otra IP",
    "allowlist della callback Nexi: aggiungere §1",
]


def pos_ip(i):
    k = i % len(IP_T)
    ip = public_ip([pick([113, 14, 171, 27, 42, 187, 189, 201, 177, 79, 93, 151, 2, 5, 37])])
    return fill(IP_T[k], ip), [("ipv4_address", ip)], "ipv4_address:t%d" % k


IBAN_T = [
    ("it", "IBAN per il bonifico: §1 intestato a Ferramenta Bianchi snc"),
    ("it", "il venditore ha aggiornato l'IBAN in §1, verificate prima del lotto di venerdì"),
    ("es", "el IBAN de la filial de Valencia es §1"),
    ("es", "```json\n{\"seller_id\": 48213, \"payout_method\": \"sepa\", \"iban\": \"§1\"}\n```"),
    ("mx", "CLABE para depósitos: §1 (BBVA), ya la validó el vendedor"),
    ("mx", "me mandó su CLABE interbancaria §1 para que le caiga la liquidación"),
    ("mx", "CLABE §1 — rebotó el SPEI, dice 'cuenta inexistente'"),
    ("it", "payout to §1 failed with AC04 (closed account)"),
    ("es", "seller moved to Spain, new IBAN §1"),
]


def fmt_iban(v, grouped):
    return " ".join(v[i:i + 4] for i in range(0, len(v), 4)) if grouped else v


def fmt_clabe(v, style):
    if style == 0:
        return v
    if style == 1:
        return "%s %s %s %s" % (v[:3], v[3:6], v[6:17], v[17])
    return " ".join(v[i:i + 4] for i in range(0, 18, 4))


def pos_iban(i):
    k = i % len(IBAN_T)
    c, tpl = IBAN_T[k]
    if c == "it":
        v = fmt_iban(iban_it(), chance(0.6))
    elif c == "es":
        v = fmt_iban(iban_es(), chance(0.6))
    else:
        v = fmt_clabe(clabe(), k % 3)
    return fill(tpl, v), [("iban", v)], "iban:%s:t%d" % ("clabe" if c == "mx" else c, k)


SSN_T = [
    "W-9 del vendedor (LLC en Laredo, TX): SSN §1",
    "for the 1099-K the US seller gave SSN §1",
    "el vendedor de El Paso puso su SSN §1 en el formulario fiscal",
    "SSN on the W-9 upload: §1 — name matches the ID",
    "il venditore americano ha inviato il W-9 con SSN §1",
    "seller TIN type SSN, value §1, backup withholding off",
    "người bán ở Mỹ gửi SSN §1 để làm 1099",
]


def pos_ssn(i):
    k = i % len(SSN_T)
    s = ssn()
    st = i % 3
    if st == 1:
        s = s.replace("-", " ")
    elif st == 2 and k % 2 == 0:
        s = s.replace("-", "")
    return fill(SSN_T[k], s), [("us_ssn", s)], "us_ssn:t%d" % k


EMAIL_T = [
    "email đăng ký shop của chị ấy là §1, nhờ reset mật khẩu giúp",
    "el vendedor cambió su correo a §1 y no le llegan los avisos de depósito",
    "la PEC del venditore per le fatture è §1",
    "seller login email: §1 — 2FA locked after phone change",
]


def pos_email(i):
    k = i % len(EMAIL_T)
    e = email(["vn", "mx", "it", None][k])
    if k == 2:
        e = pick(["ferramentabianchi", "ceramichesole", "ditta.ferri"]) + "@" + pick(["pec.it", "legalmail.it", "pec.ferramentabianchi.it"])
    return fill(EMAIL_T[k], e), [("email_address", e)], "email_address:t%d" % k


JWT_T = [
    "```\ncurl -H 'Authorization: Bearer §1' https://seller-api.mkp.internal/v2/payouts\n```",
    "token del vendedor para reproducir el bug: §1",
    "cookie di sessione dal HAR: `mkp_session=§1`",
    "token của người bán (lấy từ app) §1",
    "```json\n{\"access_token\": \"§1\", \"token_type\": \"Bearer\", \"expires_in\": 900}\n```",
    "the webhook signature header was `X-MKP-Auth: §1`",
    "```http\nGET /v1/chargebacks/open HTTP/1.1\nHost: ops-api.mkp.internal\nAuthorization: Bearer §1\n```",
    "este es el id_token que regresa el login: §1",
]


def pos_jwt(i):
    k = i % len(JWT_T)
    v = jwt()
    return fill(JWT_T[k], v), [("jwt", v)], "jwt:t%d" % k


AKID_T = [
    "who owns §1? CloudTrail shows it uploading to the label bucket from a laptop",
    "la key §1 aparece en el log de la Lambda de guías",
    "disattivate la access key §1, era del vecchio job delle fatture",
    "key id §1 vẫn còn active trong IAM, ai dùng vậy?",
]
AWSSEC_T = [
    "```bash\nexport AWS_SECRET_ACCESS_KEY=§1\naws s3 sync ./labels s3://mkp-shipping-labels-prod/tmp/\n```",
    "```ini\n[label-uploader]\naws_secret_access_key = §1\n```",
    "aws secret del job de facturas: §1 (la rotamos mañana)",
    "```yaml\nenv:\n  - name: AWS_SECRET_ACCESS_KEY\n    value: \"§1\"\n```",
]


def pos_akid(i):
    k = i % len(AKID_T)
    v = aws_key_id()
    return fill(AKID_T[k], v), [("aws_access_key_id", v)], "aws_access_key_id:t%d" % k


def pos_awssec(i):
    k = i % len(AWSSEC_T)
    v = aws_secret()
    return fill(AWSSEC_T[k], v), [("aws_secret_access_key", v)], "aws_secret_access_key:t%d" % k


GHP_T = [
    "usa mi PAT mientras arreglamos el deploy key: §1",
    "```bash\ngit clone https://x-access-token:§1@github.com/mkp-oss/label-templates.git\n```",
    "GH_TOKEN=§1 gh release download v2.3.1 -R mkp-oss/zpl-tools",
    "token GitHub cũ của bot deploy: §1, đã hết hạn chưa?",
    "```yaml\n- uses: actions/checkout@v4\n  with:\n    token: §1\n```",
    "il token per il repo delle fatture è §1",
    "```\n//npm.pkg.github.com/:_authToken=§1\n```",
    "token pa' el runner de CI: §1",
]
GHF_T = [
    "fine-grained token for the payouts repo (read-only): §1",
    "```bash\nexport GITHUB_TOKEN=§1\n./scripts/open-release-pr.sh\n```",
    "token con permisos solo de issues: §1",
    "token per il bot delle release: §1",
    "token GitHub mới (fine-grained) cho repo hoadon: §1",
    "```toml\n[github]\ntoken = \"§1\"\n```",
    "renovate needs this one: §1",
]
SLB_T = [
    "```\nSLACK_BOT_TOKEN=§1\nSLACK_CHANNEL=#chargeback-alerts\n```",
    "el bot de alertas de contracargos usa §1",
    "token del bot Slack per gli avvisi SdI: §1",
    "token bot Slack báo đơn hoàn tiền: §1",
    "```python\nclient = WebClient(token=\"§1\")\nclient.chat_postMessage(channel=\"#payouts-mx\", text=\"lote cerrado\")\n```",
    "```bash\ncurl -s -H 'Authorization: Bearer §1' https://slack.com/api/auth.test\n```",
    "reinstalled the payouts bot, new token is §1",
]
SLU_T = [
    "my user token for the export script: §1",
    "token de usuario para el script de exportar hilos: §1",
    "```\nSLACK_USER_TOKEN=§1\n```",
    "token utente per archiviare i canali: §1",
    "token user Slack để xuất lịch sử kênh: §1",
    "```js\nconst web = new WebClient('§1');\n```",
    "use §1 for the search.messages call, bot tokens can't",
]
OAI_T = [
    "```\nOPENAI_API_KEY=§1\n```",
    "la llave de OpenAI para clasificar motivos de contracargo: §1",
    "chiave OpenAI per l'OCR delle fatture: §1",
    "key OpenAI dùng để dịch tin nhắn người bán: §1",
    "```python\nclient = OpenAI(api_key=\"§1\")\n```",
    "```bash\ncurl https://api.openai.com/v1/models -H \"Authorization: Bearer §1\"\n```",
    "temporary key for the triage prototype: §1",
    "```yaml\nllm:\n  provider: openai\n  api_key: §1\n```",
]
ANT_T = [
    "```\nANTHROPIC_API_KEY=§1\n```",
    "key de Anthropic para extraer datos de CFDI: §1",
    "chiave Anthropic per il riassunto dei ticket: §1",
    "key Claude cho bot trả lời người bán: §1",
    "```python\nclient = anthropic.Anthropic(api_key=\"§1\")\n```",
    "```bash\ncurl https://api.anthropic.com/v1/messages -H \"x-api-key: §1\" -H \"anthropic-version: 2023-06-01\"\n```",
    "new key for the invoice-extraction job: §1",
]


def mk_simple(kind, tpls, gen):
    def f(i):
        k = i % len(tpls)
        v = gen()
        return fill(tpls[k], v), [(kind, v)], "%s:t%d" % (kind, k)
    return f


PEM_TYPES = ["ec", "ed25519", "rsa", "openssh"]


def pos_pem(i):
    kind = PEM_TYPES[i % 4]
    layout = (i // 2) % 4
    label, body, width = pem(kind)
    lines = [body[j:j + width] for j in range(0, len(body), width)]
    if layout == 0:
        v = "\n".join(lines)
        text = "%s\n```\n-----BEGIN %s-----\n%s\n-----END %s-----\n```" % (
            T(pick(["key cho SFTP hãng vận chuyển, để tạm ở đây:", "llave del SFTP de la paquetería:", "chiave per l'SFTP del corriere:",
                    "client key for the carrier SFTP:"])), label, v, label)
    elif layout == 1:
        v = "\\n".join(lines)
        text = '```json\n{"type": "service_account", "client": "%s", "private_key": "-----BEGIN %s-----\\n%s\\n-----END %s-----\\n"}\n```' % (
            pick(SERVICES), label, v, label)
    elif layout == 2:
        v = "\n    ".join(lines)
        text = "```yaml\nsftp:\n  host: sftp.carrier.internal\n  key: |\n    -----BEGIN %s-----\n    %s\n    -----END %s-----\n```" % (label, v, label)
    else:
        v = "\n".join(lines)
        text = "%s\n-----BEGIN %s-----\n%s\n-----END %s-----" % (
            pick(["ecco la chiave privata per firmare le fatture verso lo SdI", "la llave privada del CSD ya convertida a PEM",
                  "private key used by the payouts batch to sign bank files"]), label, v, label)
    return text, [("private_key_pem", v)], "private_key_pem:%s:layout%d" % (kind, layout)


# ---- multi-secret texts ----------------------------------------------------
def multi_aws(n):
    a, s = aws_key_id(), aws_secret()
    t = [
        "```ini\n[labels-prod]\naws_access_key_id = §1\naws_secret_access_key = §2\nregion = us-east-1\n```",
        "```bash\nAWS_ACCESS_KEY_ID=§1 AWS_SECRET_ACCESS_KEY=§2 aws s3 ls s3://mkp-invoices-it/\n```",
        "las llaves del usuario de la Lambda de guías: §1 / §2",
        "```yaml\naws:\n  access_key_id: §1\n  secret_access_key: §2\n```",
        "chiavi AWS del vecchio job fatture (da revocare): id §1 secret §2",
    ][n % 5]
    return fill(t, a, s), [("aws_access_key_id", a), ("aws_secret_access_key", s)], "multi:aws_pair:%d" % (n % 5)


def multi_email_phone(n):
    c = n % 3
    e = email(["vn", "mx", "it"][c])
    p = [phone_vn, phone_mx, phone_it][c]()
    t = ["liên hệ chủ shop: §1 / §2", "datos del vendedor para el alta: correo §1, cel §2",
         "referente del negozio: §1, tel. §2"][c]
    return fill(t, e, p), [("email_address", e), ("phone_number", p)], "multi:email_phone:%d" % c


def multi_iban_email(n):
    v = fmt_iban(iban_it(), True)
    e = email("it")
    return fill("il venditore conferma l'IBAN §1 e chiede la quietanza a §2", v, e), [("iban", v), ("email_address", e)], "multi:iban_email:0"


def multi_pw_email(n):
    e, pw = email("vn"), password()
    pw = pw.replace(" ", "-")
    return fill("tài khoản test Seller Center: §1 / mật khẩu §2", e, pw), [("email_address", e), ("password", pw)], "multi:login:0"


def multi_ip_pw(n):
    ip, pw = public_ip([[187, 189, 201], [79, 93, 151]][n % 2]), password().replace(" ", "_")
    t = ["ssh root@§1 — password §2 (el VPS viejo de etiquetas)",
         "server stampa etichette: §1, utente admin, password §2"][n % 2]
    return fill(t, ip, pw), [("ipv4_address", ip), ("password", pw)], "multi:ip_pw:%d" % (n % 2)


def multi_card_phone(n):
    num, _ = card_number("visa")
    v = card_fmt(num, "space")
    p = phone_mx()
    return fill("el cliente pide que le devuelvan a la tarjeta §1 y que le marquen al §2", v, p), [("credit_card", v), ("phone_number", p)], "multi:card_phone:0"


def multi_slack(n):
    b, u = slack_bot(), slack_user()
    return fill("```\nSLACK_BOT_TOKEN=§1\nSLACK_USER_TOKEN=§2\n```", b, u), [("slack_bot_token", b), ("slack_user_token", u)], "multi:slack_pair:0"


def multi_llm(n):
    o, a = openai_key(), anthropic_key()
    return fill("```\n# invoice-extraction/.env\nOPENAI_API_KEY=§1\nANTHROPIC_API_KEY=§2\n```", o, a), [("openai_api_key", o), ("anthropic_api_key", a)], "multi:llm_env:0"


def multi_ghp_url(n):
    g, pw = ghp(), url_pw()
    return fill("```\nGH_TOKEN=§1\nDATABASE_URL=postgres://ci_migrate:§2@pg-ci.internal:5432/payouts_test\n```", g, pw), \
        [("github_classic_pat", g), ("url_credentials", pw)], "multi:ci_env:0"


def multi_jwt_ip(n):
    j, ip = jwt(), public_ip([pick([187, 189, 201])])
    return fill("request sospechoso desde §1 con este token: §2", ip, j), [("ipv4_address", ip), ("jwt", j)], "multi:jwt_ip:0"


def multi_iban_phone(n):
    v = clabe()
    p = phone_mx()
    return fill("CLABE §1, si hay duda llamar al vendedor al §2", v, p), [("iban", v), ("phone_number", p)], "multi:clabe_phone:0"


def multi_ssn_email(n):
    s, e = ssn(), email("mx")
    return fill("W-9 received: SSN §1, send the 1099-K copy to §2", s, e), [("us_ssn", s), ("email_address", e)], "multi:w9:0"


def multi_ghf_slack(n):
    g, b = github_pat(), slack_bot()
    return fill("```yaml\nrelease-bot:\n  github_token: §1\n  slack_token: §2\n```", g, b), [("github_fine_grained_pat", g), ("slack_bot_token", b)], "multi:release_bot:0"


MULTI_PLAN = [multi_aws] * 5 + [multi_email_phone] * 3 + [multi_iban_email, multi_pw_email, multi_ip_pw, multi_ip_pw, multi_card_phone,
                                                           multi_slack, multi_llm, multi_ghp_url, multi_jwt_ip, multi_iban_phone,
                                                           multi_ssn_email, multi_ghf_slack]

SINGLE_PLAN = [
    ("email_address", pos_email, 3),
    ("phone_number", pos_phone, 10),
    ("password", pos_password, 8),
    ("url_credentials", pos_url, 9),
    ("ipv4_address", pos_ip, 7),
    ("iban", pos_iban, 9),
    ("credit_card", pos_card, 11),
    ("us_ssn", pos_ssn, 5),
    ("jwt", pos_jwt, 8),
    ("aws_access_key_id", pos_akid, 4),
    ("aws_secret_access_key", pos_awssec, 4),
    ("github_classic_pat", mk_simple("github_classic_pat", GHP_T, ghp), 8),
    ("github_fine_grained_pat", mk_simple("github_fine_grained_pat", GHF_T, github_pat), 7),
    ("slack_bot_token", mk_simple("slack_bot_token", SLB_T, slack_bot), 7),
    ("slack_user_token", mk_simple("slack_user_token", SLU_T, slack_user), 7),
    ("openai_api_key", mk_simple("openai_api_key", OAI_T, openai_key), 8),
    ("anthropic_api_key", mk_simple("anthropic_api_key", ANT_T, anthropic_key), 7),
    ("private_key_pem", pos_pem, 8),
]


# ---------------------------------------------------------------------------
# value checks for positives
# ---------------------------------------------------------------------------
def check_value(kind, v):
    d = _digits_of(v)
    if kind == "credit_card":
        assert 13 <= len(d) <= 19 and luhn_ok(d), v
    elif kind == "iban":
        c = v.replace(" ", "")
        if c[:2].isalpha():
            assert iban_mod97(c) == 1 and len(c) == IBAN_LEN[c[:2]], v
            if c[:2] == "IT":
                assert it_cin(c[5:10], c[10:15], c[15:27]) == c[4], v
            if c[:2] == "ES":
                assert es_dc(c[4:8], c[8:12], c[14:24]) == c[12:14], v
        else:
            assert clabe_ok(c) and c[:3] in CLABE_BANKS, v
    elif kind == "us_ssn":
        assert len(d) == 9 and d[:3] not in ("000", "666") and d[0] != "9" and d[3:5] != "00" and d[5:] != "0000", v
    elif kind == "ipv4_address":
        assert is_public_ip(v), v
    elif kind == "jwt":
        h, p, sig = v.split(".")
        for part in (h, p):
            json.loads(base64.urlsafe_b64decode(part + "=" * (-len(part) % 4)))
        base64.urlsafe_b64decode(sig + "=" * (-len(sig) % 4))
    elif kind == "private_key_pem":
        body = re.sub(r"\\n|\s", "", v)
        raw = base64.b64decode(body, validate=True)
        assert raw[:1] == b"\x30" or raw.startswith(b"openssh-key-v1\x00"), v[:20]
    elif kind == "phone_number":
        assert 9 <= len(d) <= 14, v
    elif kind == "github_classic_pat":
        assert re.fullmatch(r"ghp_[A-Za-z0-9]{36}", v) and b62(zlib.crc32(v[4:34].encode()) & 0xFFFFFFFF, 6) == v[34:], v
    elif kind == "aws_access_key_id":
        assert re.fullmatch(r"(AKIA|ASIA)[A-Z2-7]{16}", v), v
    elif kind == "aws_secret_access_key":
        assert re.fullmatch(r"[A-Za-z0-9/+]{40}", v), v
    elif kind == "anthropic_api_key":
        assert re.fullmatch(r"sk-ant-api03-[A-Za-z0-9_\-]{93}AA", v), v
    elif kind == "email_address":
        assert re.fullmatch(r"[a-z0-9.]+@[a-z0-9.\-]+\.[a-z]{2,}", v), v


# ---------------------------------------------------------------------------
# driver
# ---------------------------------------------------------------------------
NEG_CATS = [("data_uri_base64", DATA_URI_T), ("placeholder_example", PLACEHOLDER_T), ("code_identifier", CODE_T),
            ("non_credential_blob", BLOB_T), ("pii_lookalike_number", PII_T), ("talk_about_secrets", TALK_T)]


def build_negatives(stats):
    seen = set()
    recs = []
    for cat, tpls in NEG_CATS:
        order = list(range(len(tpls)))
        R.shuffle(order)
        made, j = 0, 0
        stats[cat] = {"redrawn": 0, "dup": 0, "by_kind": {}}
        while made < 100:
            f = tpls[order[j % len(order)]]
            j += 1
            for attempt in range(60):
                text = maybe_lead(f())
                if text in seen:
                    stats[cat]["dup"] += 1
                    continue
                bad = neg_findings(text)
                if bad:
                    stats[cat]["redrawn"] += 1
                    for b in bad:
                        stats[cat]["by_kind"][b[0]] = stats[cat]["by_kind"].get(b[0], 0) + 1
                    continue
                seen.add(text)
                recs.append({"text": text, "category": cat})
                made += 1
                break
    R.shuffle(recs)
    out = []
    for i, r in enumerate(recs):
        out.append({"id": "h%dn-%04d" % (N, i + 1), "text": r["text"], "category": r["category"]})
    return out


def build_positives(stats):
    jobs = []
    for kind, fn, cnt in SINGLE_PLAN:
        for i in range(cnt):
            jobs.append((fn, i))
    for n, fn in enumerate(MULTI_PLAN):
        jobs.append((fn, n))
    recs, seen = [], set()
    stats["redrawn"] = 0
    stats["redraw_kinds"] = {}
    for fn, i in jobs:
        for attempt in range(200):
            text, secrets, ctx = fn(i)
            if chance(0.06):
                lead = pick(["fyi ", "ojo: ", "urgente: ", "gấp: ", "per favore ", "@here "])
                text = T(lead) + text
            sec = [{"kind": k, "value": v} for k, v in secrets]
            for s in sec:
                assert s["value"] in text, (s, text)
                check_value(s["kind"], s["value"])
            bad, _, _ = pos_unlabelled(text, sec)
            if bad or text in seen:
                stats["redrawn"] += 1
                for b in bad:
                    stats["redraw_kinds"][b[0]] = stats["redraw_kinds"].get(b[0], 0) + 1
                continue
            seen.add(text)
            recs.append({"text": text, "secrets": sec, "context": ctx})
            break
        else:
            raise SystemExit("could not draw a clean positive for %s/%d: %r %r" % (fn.__name__, i, text, bad))
    R.shuffle(recs)
    out = []
    for i, r in enumerate(recs):
        out.append({"id": "h%dp-%04d" % (N, i + 1), "text": r["text"], "secrets": r["secrets"], "context": r["context"]})
    return out


def detected(text, value):
    spans = spans_of(text, value)
    for f in scan(text):
        for a, b in spans:
            if f[1] < b and a < f[2]:
                return True
    return False


def main():
    nstats, pstats = {}, {}
    neg = build_negatives(nstats)
    pos = build_positives(pstats)
    with open(os.path.join(HERE, "redaction%d_negatives.jsonl" % N), "w", encoding="utf-8", newline="\n") as fh:
        for r in neg:
            fh.write(json.dumps(r, ensure_ascii=False) + "\n")
    with open(os.path.join(HERE, "redaction%d_positives.jsonl" % N), "w", encoding="utf-8", newline="\n") as fh:
        for r in pos:
            fh.write(json.dumps(r, ensure_ascii=False) + "\n")

    # ---- report ----
    print("redaction%d: %d negatives, %d positives" % (N, len(neg), len(pos)))
    print("\nnegatives: redraws while generating (finding kinds that caused them)")
    for cat, _ in NEG_CATS:
        st = nstats[cat]
        kinds = ", ".join("%s=%d" % kv for kv in sorted(st["by_kind"].items()))
        print("  %-22s redrawn=%-4d duplicates=%-4d %s" % (cat, st["redrawn"], st["dup"], kinds))
    final = {}
    info = {}
    for r in neg:
        for f in neg_findings(r["text"]):
            final.setdefault(f[0], []).append(f[3])
        for f in scan(r["text"], negatives=False):
            if f[0] == "password_kw":
                info.setdefault(f[0], []).append(f[3])
        for m in RX["aws_key_id"].finditer(r["text"]):
            if "EXAMPLE" in m.group():
                info.setdefault("aws_key_id_EXAMPLE", []).append(m.group())
        for m in RX["url_userinfo"].finditer(r["text"]):
            info.setdefault("url_userinfo_default", []).append(m.group(1) + ":" + m.group(2))
    print("\nnegatives: blocking findings in the final file: %d" % sum(len(v) for v in final.values()))
    for k, v in sorted(final.items()):
        print("  %s: %d %s" % (k, len(v), v[:3]))
    print("negatives: non-blocking (deliberate) hits in the final file:")
    for k, v in sorted(info.items()):
        uniq = list(dict.fromkeys(v))
        print("  %s: %d %s" % (k, len(v), uniq[:4]))
    lines = [r["text"].count("\n") + 1 for r in neg]
    print("negatives: lines min/max %d/%d, single-line %d, >=10 lines %d, >=20 lines %d" % (
        min(lines), max(lines), sum(1 for x in lines if x == 1), sum(1 for x in lines if x >= 10), sum(1 for x in lines if x >= 20)))

    print("\npositives: %d redraws while generating %s" % (pstats["redrawn"], dict(sorted(pstats["redraw_kinds"].items()))))
    by_kind, hit_kind = {}, {}
    nsec = 0
    unl = 0
    for r in pos:
        bad, _, _ = pos_unlabelled(r["text"], r["secrets"])
        unl += len(bad)
        for s in r["secrets"]:
            nsec += 1
            by_kind[s["kind"]] = by_kind.get(s["kind"], 0) + 1
            if detected(r["text"], s["value"]):
                hit_kind[s["kind"]] = hit_kind.get(s["kind"], 0) + 1
    two = sum(1 for r in pos if len(r["secrets"]) == 2)
    print("positives: %d texts, %d secrets (%d with one, %d with two); unlabelled findings: %d" % (
        len(pos), nsec, len(pos) - two, two, unl))
    print("positives: scanner recall by kind (labelled values the built-in scanner also finds):")
    for k in sorted(by_kind):
        print("  %-24s %3d / %3d" % (k, hit_kind.get(k, 0), by_kind[k]))


if __name__ == "__main__":
    main()
