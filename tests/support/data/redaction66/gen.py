#!/usr/bin/env python3
"""Blind redaction test set #66 (theme: store operations / point-of-sale support Slack of a
retail chain in France, Morocco and Romania).

Writes redaction66_negatives.jsonl (600 hard negatives) and redaction66_positives.jsonl
(150 texts, 170 labelled fake secrets) next to this file.  Standard library only; the only
randomness is random.Random(66 * 101); output is byte-identical across runs and hash seeds.
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

import random

N = 66
R = random.Random(N * 101)
HERE = os.path.dirname(os.path.abspath(__file__))

DIGITS = "0123456789"
UPPER = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
LOWER = "abcdefghijklmnopqrstuvwxyz"
B62 = DIGITS + UPPER + LOWER
B64 = UPPER + LOWER + DIGITS + "+/"
B64URL = UPPER + LOWER + DIGITS + "-_"
HEX = "0123456789abcdef"


def rs(alpha, n, r=None):
    r = r or R
    return "".join(r.choice(alpha) for _ in range(n))


def pick(seq):
    return R.choice(seq)


def chance(p):
    return R.random() < p


# ---------------------------------------------------------------------------
# checks
# ---------------------------------------------------------------------------

def luhn_ok(digits):
    s = 0
    for i, ch in enumerate(reversed(digits)):
        d = int(ch)
        if i % 2 == 1:
            d *= 2
            if d > 9:
                d -= 9
        s += d
    return s % 10 == 0


def luhn_digit(partial):
    for c in DIGITS:
        if luhn_ok(partial + c):
            return c
    raise AssertionError


def iban_mod97(iban):
    s = iban.replace(" ", "")
    s = s[4:] + s[:4]
    num = "".join(str(int(c, 36)) for c in s)
    return int(num) % 97


def iban_ok(iban):
    s = iban.replace(" ", "")
    return bool(re.fullmatch(r"[A-Z]{2}\d{2}[A-Z0-9]{10,30}", s)) and iban_mod97(s) == 1


def make_iban(cc, bban):
    num = "".join(str(int(c, 36)) for c in bban + cc + "00")
    chk = 98 - int(num) % 97
    return "%s%02d%s" % (cc, chk, bban)


def group4(s):
    return " ".join(s[i:i + 4] for i in range(0, len(s), 4))


PRIVATE_NETS = [
    ("0.0.0.0", 8), ("10.0.0.0", 8), ("100.64.0.0", 10), ("127.0.0.0", 8), ("169.254.0.0", 16),
    ("172.16.0.0", 12), ("192.0.0.0", 24), ("192.0.2.0", 24), ("192.88.99.0", 24),
    ("192.168.0.0", 16), ("198.18.0.0", 15), ("198.51.100.0", 24), ("203.0.113.0", 24),
    ("224.0.0.0", 4), ("240.0.0.0", 4),
]


def ip_int(ip):
    a = [int(x) for x in ip.split(".")]
    return (a[0] << 24) | (a[1] << 16) | (a[2] << 8) | a[3]


def ip_public(ip):
    parts = ip.split(".")
    if len(parts) != 4 or any(not p.isdigit() or int(p) > 255 or (len(p) > 1 and p[0] == "0") for p in parts):
        return False
    v = ip_int(ip)
    for net, bits in PRIVATE_NETS:
        mask = (0xFFFFFFFF << (32 - bits)) & 0xFFFFFFFF
        if v & mask == ip_int(net) & mask:
            return False
    return True


def ssn_ok(s):
    m = re.fullmatch(r"(\d{3})[- ]?(\d{2})[- ]?(\d{4})", s)
    if not m:
        return False
    a, g, sr = m.groups()
    return a not in ("000", "666") and not a.startswith("9") and g != "00" and sr != "0000"


def b64url(b):
    return base64.urlsafe_b64encode(b).rstrip(b"=").decode()


def b64url_dec(s):
    return base64.urlsafe_b64decode(s + "=" * (-len(s) % 4))


# ---------------------------------------------------------------------------
# secret generators (positives)
# ---------------------------------------------------------------------------

CARD_SPECS = [
    ("visa", ["4970", "4973", "4974", "4150", "4539", "4485", "4716"], 16),
    ("mastercard", ["5132", "5355", "5412", "5256", "2221", "2304", "2720"], 16),
    ("amex", ["34", "37"], 15),
    ("discover", ["6011", "6445", "6509"], 16),
]


def make_card(net=None):
    spec = [c for c in CARD_SPECS if c[0] == net][0] if net else pick(CARD_SPECS)
    name, prefixes, length = spec
    p = pick(prefixes)
    body = p + rs(DIGITS, length - len(p) - 1)
    num = body + luhn_digit(body)
    assert luhn_ok(num)
    return name, num


def fmt_card(num, style):
    if style == "plain":
        return num
    if len(num) == 15:
        parts = [num[:4], num[4:10], num[10:]]
    else:
        parts = [num[i:i + 4] for i in range(0, 16, 4)]
    return (" " if style == "space" else "-").join(parts)


def make_fr_iban():
    bank = pick(["30004", "30003", "10278", "20041", "30066", "11315", "16606", "18206", "30002"])
    branch = rs(DIGITS, 5)
    acct = rs(DIGITS, 11)
    key = 97 - ((89 * int(bank) + 15 * int(branch) + 3 * int(acct)) % 97)
    return make_iban("FR", bank + branch + acct + "%02d" % key)


def make_ro_iban():
    bank = pick(["BTRL", "RNCB", "BRDE", "INGB", "BACX", "RZBR", "CECE", "TREZ"])
    acct = rs(DIGITS + UPPER, 4) + rs(DIGITS, 12) if chance(0.5) else rs(DIGITS, 16)
    if bank == "BTRL":
        acct = "RONCRT" + rs(DIGITS + UPPER, 10)
    return make_iban("RO", bank + acct)


def make_be_iban():
    bank = rs(DIGITS, 3)
    acct = rs(DIGITS, 7)
    base = int(bank + acct)
    chk = base % 97 or 97
    return make_iban("BE", bank + acct + "%02d" % chk)


def make_phone(kind):
    """Return a phone number, as written, valid for the country's numbering plan."""
    if kind == "fr_mobile":
        first = pick(["6", "7"])
        rest = (pick("3456789") + rs(DIGITS, 7)) if first == "7" else rs(DIGITS, 8)
        d = first + rest  # 9 national significant digits
        style = R.randrange(6)
        if style == 0:
            return "0" + d[0] + " " + " ".join(d[i:i + 2] for i in range(1, 9, 2))
        if style == 1:
            return "0" + d
        if style == 2:
            return "0" + d[0] + "." + ".".join(d[i:i + 2] for i in range(1, 9, 2))
        if style == 3:
            return "+33 " + d[0] + " " + " ".join(d[i:i + 2] for i in range(1, 9, 2))
        if style == 4:
            return "+33" + d
        return "+33 (0)" + d[0] + " " + " ".join(d[i:i + 2] for i in range(1, 9, 2))
    if kind == "fr_fixed":
        d = pick("12345") + rs(DIGITS, 8)
        if chance(0.5):
            return "0" + d[0] + " " + " ".join(d[i:i + 2] for i in range(1, 9, 2))
        return "+33 " + d[0] + " " + " ".join(d[i:i + 2] for i in range(1, 9, 2))
    if kind == "ma_mobile":
        d = pick(["6" + pick("01245678"), "7" + pick("0678")]) + rs(DIGITS, 7)  # 9 NSN digits
        style = R.randrange(6)
        if style == 0:
            return "0" + d
        if style == 1:
            return "0" + d[:3] + "-" + d[3:]
        if style == 2:
            return "0" + d[0] + " " + " ".join(d[i:i + 2] for i in range(1, 9, 2))
        if style == 3:
            return "+212 " + d[:3] + "-" + d[3:]
        if style == 4:
            return "+212" + d
        return "+212 " + d[0] + " " + " ".join(d[i:i + 2] for i in range(1, 9, 2))
    if kind == "ma_fixed":
        d = pick(["522", "523", "537", "524", "539", "535", "528"]) + rs(DIGITS, 6)
        if chance(0.5):
            return "0" + d[:3] + "-" + d[3:5] + "-" + d[5:7] + "-" + d[7:]
        return "+212 " + d[:3] + " " + d[3:5] + " " + d[5:7] + " " + d[7:]
    if kind == "ro_mobile":
        d = "7" + pick("2345678") + rs(DIGITS, 7)  # 9 NSN digits
        style = R.randrange(5)
        if style == 0:
            return "0" + d[:3] + " " + d[3:6] + " " + d[6:]
        if style == 1:
            return "0" + d
        if style == 2:
            return "+40 " + d[:3] + " " + d[3:6] + " " + d[6:]
        if style == 3:
            return "+40" + d
        return "0040 " + d[:3] + " " + d[3:6] + " " + d[6:]
    if kind == "ro_fixed":
        if chance(0.5):
            d = "21" + pick("23") + rs(DIGITS, 6)
            return "021 " + d[2:5] + " " + d[5:7] + " " + d[7:]
        d = pick(["264", "232", "256", "241", "268"]) + pick("2345") + rs(DIGITS, 5)
        return "0" + d[:3] + " " + d[3:6] + " " + d[6:]
    raise ValueError(kind)


def make_password():
    style = R.randrange(5)
    if style == 0:
        return rs(B62, 4) + pick("!#$%&*@?") + rs(B62, 4) + pick("!#$%&*@?") + rs(B62, 3)
    if style == 1:
        return pick(["Soleil", "Atlas", "Carpati", "Medina", "Lumiere", "Argan", "Dacia", "Rivoli", "Tajine",
                     "Primavara", "Oasis", "Baobab"]) + rs(DIGITS, 2) + pick("!#$%@") + rs(UPPER, 2) + rs(DIGITS, 2)
    if style == 2:
        return rs(B62, 14)
    if style == 3:
        return rs(LOWER, 3) + rs(DIGITS, 2) + pick("-_.") + rs(UPPER, 3) + rs(LOWER, 2) + pick("!?$") + rs(DIGITS, 3)
    return rs(B62 + "!#%*", 18)


def make_url_password():
    # URL-safe, no '@' ':' '/' '#' '?' '%'
    return rs(B62, R.randrange(10, 16)) + pick(["", "-", "_", "~", "."]) + rs(B62, R.randrange(2, 6))


def make_email(first, last):
    f = strip_accents(first).lower().replace(" ", "")
    l = strip_accents(last).lower().replace(" ", "").replace("-", "")
    style = R.randrange(5)
    local = [f + "." + l, f[0] + l, f + "." + l + str(R.randrange(10, 99)), f + "_" + l, l + "." + f][style]
    dom = pick(["gmail.com", "yahoo.fr", "outlook.fr", "hotmail.com", "gmail.com", "yahoo.com", "icloud.com",
                "orange.fr", "free.fr", "menara.ma", "yahoo.ro", "live.com"])
    return local + "@" + dom


ACC = {"é": "e", "è": "e", "ê": "e", "ë": "e", "à": "a", "â": "a", "î": "i", "ï": "i", "ô": "o", "ö": "o",
       "ù": "u", "û": "u", "ü": "u", "ç": "c", "ă": "a", "ș": "s", "ş": "s", "ț": "t", "ţ": "t", "Â": "A",
       "É": "E", "Ș": "S", "Ț": "T"}


def strip_accents(s):
    return "".join(ACC.get(c, c) for c in s)


def make_ssn():
    while True:
        a = R.randrange(1, 900)
        if a == 666:
            continue
        g = R.randrange(1, 100)
        s = R.randrange(1, 10000)
        v = "%03d-%02d-%04d" % (a, g, s)
        if ssn_ok(v):
            return v


def make_public_ip(country):
    firsts = {"ma": [41, 105, 196, 160, 102, 197], "fr": [90, 82, 86, 176, 78, 92, 80, 109, 212],
              "ro": [86, 89, 79, 5, 188, 94, 82, 46, 93]}[country]
    while True:
        ip = "%d.%d.%d.%d" % (pick(firsts), R.randrange(0, 256), R.randrange(0, 256), R.randrange(1, 255))
        if ip_public(ip):
            return ip


def crc32_b62(s):
    v = binascii.crc32(s.encode()) & 0xFFFFFFFF
    out = ""
    while v:
        v, m = divmod(v, 62)
        out = B62[m] + out
    return out.rjust(6, "0")


def make_ghp():
    body = rs(B62, 30)
    return "ghp_" + body + crc32_b62(body)


def make_gh_fine():
    return "github_pat_11" + rs(UPPER + DIGITS, 20) + "_" + rs(B62, 59)


def make_xoxb():
    return "xoxb-%s-%s-%s" % (rs(DIGITS, 1).replace("0", "7") + rs(DIGITS, R.randrange(9, 12)),
                              "1" + rs(DIGITS, 12), rs(B62, 24))


def make_xoxp():
    return "xoxp-%s-%s-%s-%s" % (pick("123456789") + rs(DIGITS, R.randrange(9, 12)),
                                 pick("123456789") + rs(DIGITS, R.randrange(9, 12)), "1" + rs(DIGITS, 12), rs(HEX, 32))


def make_openai():
    style = R.randrange(4)
    if style in (0, 1):
        return "sk-proj-" + rs(B62 + "-_", 74) + "T3BlbkFJ" + rs(B62 + "-_", 74)
    if style == 2:
        return "sk-" + rs(B62, 20) + "T3BlbkFJ" + rs(B62, 20)
    return "sk-svcacct-" + rs(B62 + "-_", 74) + "T3BlbkFJ" + rs(B62 + "-_", 74)


def make_anthropic():
    return "sk-ant-api03-" + rs(B62 + "-_", 93) + "AA"


def make_akia():
    return pick(["AKIA", "AKIA", "AKIA", "ASIA"]) + rs(UPPER + "234567", 16)


def make_aws_secret():
    while True:
        s = rs(B62 + "+/", 40)
        if re.search(r"[A-Z]", s) and re.search(r"[a-z]", s) and re.search(r"\d", s):
            return s


def make_jwt(claims, alg="HS256"):
    hdr = {"alg": alg, "typ": "JWT"}
    if alg == "RS256":
        hdr["kid"] = rs(B64URL, 22)
    sig_len = 32 if alg == "HS256" else 256
    sig = bytes(R.randrange(256) for _ in range(sig_len))
    return (b64url(json.dumps(hdr, separators=(",", ":")).encode()) + "." +
            b64url(json.dumps(claims, separators=(",", ":"), ensure_ascii=False).encode()) + "." + b64url(sig))


# --- PEM private keys -------------------------------------------------------

def der_len(n):
    if n < 0x80:
        return bytes([n])
    b = n.to_bytes((n.bit_length() + 7) // 8, "big")
    return bytes([0x80 | len(b)]) + b


def der(tag, body):
    return bytes([tag]) + der_len(len(body)) + body


def der_int(v):
    b = v.to_bytes((v.bit_length() + 8) // 8, "big") if v else b"\x00"
    return der(0x02, b)


SMALL_PRIMES = [p for p in range(3, 2000) if all(p % q for q in range(2, int(p ** 0.5) + 1))]


def is_probable_prime(n):
    if n < 2:
        return False
    for p in SMALL_PRIMES:
        if n % p == 0:
            return n == p
    d, s = n - 1, 0
    while d % 2 == 0:
        d //= 2
        s += 1
    for _ in range(24):
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
        if is_probable_prime(c):
            return c


def rsa_pkcs1_der(bits):
    e = 65537
    while True:
        p, q = rand_prime(bits // 2), rand_prime(bits // 2)
        phi = (p - 1) * (q - 1)
        if p != q and phi % e:
            break
    if p < q:
        p, q = q, p
    n = p * q
    d = pow(e, -1, phi)
    body = b"".join(der_int(x) for x in (0, n, e, d, p, q, d % (p - 1), d % (q - 1), pow(q, -1, p)))
    return der(0x30, body)


P256_P = 0xffffffff00000001000000000000000000000000ffffffffffffffffffffffff
P256_N = 0xffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551
P256_G = (0x6b17d1f2e12c4247f8bce6e563a440f277037d812deb33a0f4a13945d898c296,
          0x4fe342e2fe1a7f9b8ee7eb4a7c0f9e162bce33576b315ececbb6406837bf51f5)


def p256_add(a, b):
    if a is None:
        return b
    if b is None:
        return a
    if a[0] == b[0] and (a[1] + b[1]) % P256_P == 0:
        return None
    if a == b:
        lam = (3 * a[0] * a[0] - 3) * pow(2 * a[1], P256_P - 2, P256_P) % P256_P
    else:
        lam = (b[1] - a[1]) * pow(b[0] - a[0], P256_P - 2, P256_P) % P256_P
    x = (lam * lam - a[0] - b[0]) % P256_P
    return x, (lam * (a[0] - x) - a[1]) % P256_P


def p256_mul(k, pt):
    acc = None
    while k:
        if k & 1:
            acc = p256_add(acc, pt)
        pt = p256_add(pt, pt)
        k >>= 1
    return acc


def ec_sec1_der():
    d = R.randrange(1, P256_N)
    priv = d.to_bytes(32, "big")
    x, y = p256_mul(d, P256_G)
    pub = b"\x04" + x.to_bytes(32, "big") + y.to_bytes(32, "big")
    body = (der_int(1) + der(0x04, priv) + der(0xA0, bytes.fromhex("06082a8648ce3d030107")) +
            der(0xA1, der(0x03, b"\x00" + pub)))
    return der(0x30, body)


def ed25519_pkcs8_der():
    return bytes.fromhex("302e020100300506032b657004220420") + bytes(R.randrange(256) for _ in range(32))


def rsa_pkcs8_der(bits):
    inner = rsa_pkcs1_der(bits)
    alg = der(0x30, bytes.fromhex("06092a864886f70d010101") + b"\x05\x00")
    return der(0x30, der_int(0) + alg + der(0x04, inner))


def openssh_ed25519_blob(comment):
    def sstr(b):
        return struct.pack(">I", len(b)) + b
    pub = bytes(R.randrange(256) for _ in range(32))
    seed = bytes(R.randrange(256) for _ in range(32))
    pubblob = sstr(b"ssh-ed25519") + sstr(pub)
    chk = struct.pack(">I", R.getrandbits(32))
    priv = chk + chk + sstr(b"ssh-ed25519") + sstr(pub) + sstr(seed + pub) + sstr(comment.encode())
    i = 1
    while len(priv) % 8:
        priv += bytes([i])
        i += 1
    return (b"openssh-key-v1\x00" + sstr(b"none") + sstr(b"none") + sstr(b"") + struct.pack(">I", 1) +
            sstr(pubblob) + sstr(priv))


def make_pem(kind):
    """Return (header, footer, body_lines)."""
    if kind == "rsa":
        d, h, w = rsa_pkcs1_der(2048), "RSA PRIVATE KEY", 64
    elif kind == "rsa1024":
        d, h, w = rsa_pkcs1_der(1024), "RSA PRIVATE KEY", 64
    elif kind == "rsa_pkcs8":
        d, h, w = rsa_pkcs8_der(2048), "PRIVATE KEY", 64
    elif kind == "ec":
        d, h, w = ec_sec1_der(), "EC PRIVATE KEY", 64
    elif kind == "ed25519":
        d, h, w = ed25519_pkcs8_der(), "PRIVATE KEY", 64
    elif kind == "openssh":
        d, h, w = openssh_ed25519_blob(pick(["sftp-etiquettes@mag0412", "planogram-sync", "deploy@pos-gw-ro",
                                              "esl-bridge@3107"])), "OPENSSH PRIVATE KEY", 70
    else:
        raise ValueError(kind)
    b = base64.b64encode(d).decode()
    lines = [b[i:i + w] for i in range(0, len(b), w)]
    return "-----BEGIN %s-----" % h, "-----END %s-----" % h, lines


# ---------------------------------------------------------------------------
# scanner (negatives must be clean; used as information on positives)
# ---------------------------------------------------------------------------

RX = {
    "email": re.compile(r"[A-Za-z0-9._%+\-]+@[A-Za-z0-9\-]+(?:\.[A-Za-z0-9\-]+)*\.[A-Za-z]{2,}"),
    "github": re.compile(r"gh[pousr]_[A-Za-z0-9]{30,}|github_pat_[A-Za-z0-9_]{20,}"),
    "slack": re.compile(r"xox[abposre]-\d+-[A-Za-z0-9\-]+"),
    "sk_key": re.compile(r"sk-[A-Za-z0-9_\-]{32,}"),
    "jwt": re.compile(r"eyJ[A-Za-z0-9_\-]{5,}\.eyJ[A-Za-z0-9_\-]{5,}\.[A-Za-z0-9_\-]{10,}"),
    "ssn": re.compile(r"(?<![\d])\d{3}[- ]\d{2}[- ]\d{4}(?![\d])"),
    "pem": re.compile(r"-----BEGIN [A-Z ]*PRIVATE KEY-----\s*(?:\\n)?\s*[A-Za-z0-9+/]{40,}"),
    "aws_key_id": re.compile(r"(?<![A-Z0-9])(?:AKIA|ASIA)[A-Z0-9]{16}(?![A-Z0-9])"),
    "aws_secret": re.compile(r"(?<![A-Za-z0-9+/=])[A-Za-z0-9+/]{40}(?![A-Za-z0-9+/=])"),
    "phone_fr": re.compile(r"(?<![\d\w])(?:\+33[ ]?(?:\(0\))?|0033[ ]?|0)[1-9](?:[ .\-]?\d{2}){4}(?!\d)"),
    "phone_ma": re.compile(r"(?<![\d\w])(?:\+212|00212|0)[ ]?[5-7]\d{2}[ .\-]?\d{2}[ .\-]?\d{2}[ .\-]?\d{2}(?!\d)"),
    "phone_ro": re.compile(r"(?<![\d\w])(?:\+40|0040|0)[ ]?(?:7\d{2}|2\d{2}|3\d{2})[ .\-]?\d{3}[ .\-]?\d{3}(?!\d)"),
    "phone_intl": re.compile(r"(?<![\w+])\+\d{2,3}[ .\-]?\(?\d{1,4}\)?(?:[ .\-]?\d{2,4}){2,5}(?!\d)"),
    "ipv4": re.compile(r"(?<![\d.])(\d{1,3}\.\d{1,3}\.\d{1,3}\.\d{1,3})(?!\.?\d)"),
    "arabic_digits_run": re.compile(r"[\u0660-\u0669]{8,}"),
}

DIGIT_GROUPS = re.compile(r"(?<![\d])\d+(?:[ \-]\d+)*(?![\d])")
IBAN_CAND = re.compile(r"(?<![A-Z0-9])[A-Z]{2}\d{2}(?:[ ]?[A-Z0-9]){11,30}")


def scan(text):
    hits = []
    for name, rx in RX.items():
        for m in rx.finditer(text):
            v = m.group(0)
            if name == "aws_key_id" and "EXAMPLE" in v:
                continue
            if name == "aws_secret":
                if not (re.search(r"[A-Z]", v) and re.search(r"[a-z]", v) and re.search(r"\d", v)):
                    continue
                if "EXAMPLEKEY" in v:
                    continue
            if name == "ipv4":
                if not ip_public(m.group(1)):
                    continue
                v = m.group(1)
            hits.append((name, v))
    # Luhn-valid 13-19 digit runs, plain or grouped (windows on group boundaries)
    for m in DIGIT_GROUPS.finditer(text):
        groups = re.split(r"[ \-]", m.group(0))
        for i in range(len(groups)):
            acc = ""
            for j in range(i, len(groups)):
                acc += groups[j]
                if len(acc) > 19:
                    break
                if 13 <= len(acc) <= 19 and luhn_ok(acc):
                    hits.append(("luhn", acc))
    # mod-97-valid IBAN (try group-boundary prefixes)
    for m in IBAN_CAND.finditer(text):
        s = m.group(0)
        compact = ""
        for ch in s:
            if ch == " ":
                continue
            compact += ch
            if 15 <= len(compact) <= 34 and re.fullmatch(r"[A-Z]{2}\d{2}[A-Z0-9]+", compact):
                if iban_mod97(compact) == 1:
                    hits.append(("iban", compact))
                    break
    return hits


# ---------------------------------------------------------------------------
# shared theme vocabulary
# ---------------------------------------------------------------------------

STORES = {
    "fr": [("0412", "Lyon Part-Dieu"), ("0187", "Lille Euralille"), ("0533", "Marseille Prado"), ("0268", "Nantes Atlantis"),
           ("0719", "Bordeaux Mériadeck"), ("0351", "Toulouse Blagnac"), ("0644", "Rennes Alma"), ("0095", "Grenoble Caserne")],
    "ma": [("3107", "Casablanca Maârif"), ("3122", "Rabat Agdal"), ("3140", "Marrakech Guéliz"), ("3158", "Tanger Iberia"),
           ("3163", "Fès Route d'Imouzzer"), ("3171", "Agadir Founty"), ("3115", "Casablanca Ain Sebaâ")],
    "ro": [("2031", "București Militari"), ("2046", "Cluj-Napoca Mărăști"), ("2058", "Iași Palas"), ("2012", "Timișoara Iulius"),
           ("2077", "Constanța Tomis"), ("2084", "Brașov Coresi"), ("2019", "București Pipera")],
}
ALL_STORES = STORES["fr"] + STORES["ma"] + STORES["ro"]

NAMES = {
    "fr": [("Julien", "Moreau"), ("Camille", "Lefèvre"), ("Sophie", "Garnier"), ("Nicolas", "Roux"), ("Émilie", "Fontaine"),
           ("Thomas", "Girard"), ("Léa", "Chevalier"), ("Karim", "Benhamou"), ("Aurélie", "Marchand"), ("Mathieu", "Perrin")],
    "ma": [("Youssef", "El Amrani"), ("Khadija", "Bennani"), ("Amine", "El Idrissi"), ("Salma", "Tazi"), ("Hamza", "Alaoui"),
           ("Meryem", "Chraibi"), ("Othmane", "Berrada"), ("Zineb", "Fassi"), ("Soufiane", "Ouazzani"), ("Nadia", "Lahlou")],
    "ro": [("Andrei", "Popescu"), ("Ioana", "Ionescu"), ("Mihai", "Dumitrescu"), ("Elena", "Stan"), ("Bogdan", "Marin"),
           ("Cristina", "Munteanu"), ("Radu", "Constantin"), ("Alina", "Georgescu"), ("Vlad", "Stoica"), ("Roxana", "Ene")],
    "us": [("Jason", "Miller"), ("Ashley", "Carter"), ("Ryan", "Brooks"), ("Megan", "Hughes"), ("Tyler", "Reed"),
           ("Brandon", "Foster")],
}


def store(c=None):
    return pick(STORES[c] if c else ALL_STORES)


def person(c):
    f, l = pick(NAMES[c])
    return f, l, f + " " + l


def till():
    return "%02d" % R.randrange(1, 15)


def tid():
    return rs(DIGITS, 8)


def ts_iso():
    return "2025-%02d-%02dT%02d:%02d:%02d.%03dZ" % (R.randrange(1, 13), R.randrange(1, 29), R.randrange(0, 24),
                                                    R.randrange(0, 60), R.randrange(0, 60), R.randrange(1000))


def date_fr():
    return "%02d/%02d/2025" % (R.randrange(1, 29), R.randrange(1, 13))


def money_eur():
    return ("%d,%02d" % (R.randrange(2, 480), R.randrange(100))) + " €"


def money_lei():
    return ("%d,%02d" % (R.randrange(5, 2400), R.randrange(100))) + " lei"


def money_mad():
    return ("%d,%02d" % (R.randrange(10, 4800), R.randrange(100))) + " DH"


AR_DIG = "٠١٢٣٤٥٦٧٨٩"


def to_ar_digits(s):
    return "".join(AR_DIG[int(c)] if c.isdigit() else c for c in s)


LONG_FR = ("Petit récap de la matinée pour ceux qui n'étaient pas sur le pont : la remontée des prix de la nuit est "
           "passée à 4h12 au lieu de 2h, donc les étiquettes électroniques du rayon frais ont affiché les anciens prix "
           "jusqu'à l'ouverture. On a relancé la synchro à la main sur les 3 magasins concernés, le planogramme de "
           "l'allée 7 est à refaire (les facings des yaourts ne correspondent plus) et la livraison Danone est arrivée "
           "hors créneau, le quai 2 était bloqué par la palette de retour. ")
LONG_EN = ("Quick summary of yesterday's incident for the weekly review: the price file from HQ arrived at 03:40 instead of "
           "01:00, the ESL gateway only processed half of the batch, and stores opened with stale promo prices on "
           "aisle 4. Tills were fine, payment terminals were fine, but we had 37 customer complaints about shelf vs till "
           "price. We reran the batch manually and checked every till log. ")
LONG_RO = ("Rezumat pentru tura de noapte: fișierul de prețuri a venit cu întârziere, etichetele electronice de la raionul "
           "de lactate au rămas cu prețul vechi până la 9, iar planograma pentru raftul 12 trebuie refăcută. Livrarea de "
           "la depozit a intrat în fereastra greșită și rampa 1 a fost blocată aproape o oră. ")
LONG_MA = ("salam l'équipe, résumé dyal lbare7: fichier dyal les prix wsel m3ettel, les étiquettes électroniques f rayon "
           "dyal l7lib b9aw b les anciens prix 7ta l 10, w livraison dyal Centrale Danone jat barra l créneau. 3awdna "
           "synchro b lyed f joj magasins, w planogramme dyal allée 5 khasso ytbeddel. ")


# ---------------------------------------------------------------------------
# positives
# ---------------------------------------------------------------------------

def fence(body, lang=""):
    return "```" + lang + "\n" + body + "\n```"


# ---- phone_number -----------------------------------------------------------

def phone_fr_t(i, ph):
    s, city = store("fr")
    f, l, name = person("fr")
    t = [
        lambda: f"Le client de la caisse {till()} (mag {s} {city}) a oublié sa carte fidélité au point accueil, il demande qu'on le rappelle au {ph} quand on aura retrouvé le ticket.",
        lambda: f"@ici livraison frais décalée pour le {s}, le chauffeur dit qu'il sera là sur le créneau 6h30-7h au lieu de 5h. Son portable : {ph}",
        lambda: f"> qui est le gérant d'astreinte ce week-end pour {city} ?\nc'est {name}, joignable sur son perso {ph} (le fixe du magasin sonne dans le vide)",
        lambda: f"| magasin | contact astreinte | tél |\n|---|---|---|\n| {s} {city} | {name} | {ph} |\n| {store('fr')[0]} | standard siège | via le SVI |",
        lambda: f"store_id;till;callback_phone;motif\n{s};{till()};{ph};double débit CB sur TPE",
    ]
    return t[i % len(t)]()


def phone_ma_t(i, ph):
    s, city = store("ma")
    f, l, name = person("ma")
    t = [
        lambda: f"salam, TPE f lcaisse {int(till())} dyal magasin {s} ma bghach ydwz transactions, technicien dyal l'prestataire ja wla la? ila ma jach 3iyto 3la {ph}, howa li kayt9ad m3ahom",
        lambda: f"السلام، الليفرور ديال الخضرة غادي يتعطل شوية ف {city}، الرقم ديالو {ph} عيطو ليه ايلا ما وصلش قبل 7",
        lambda: f"chef de caisse {f} ma jatch lyoum l {s}, n9dro ntaslo biha f {ph}? 3tatni numero dyalha lbare7 f groupe",
        lambda: f"رقم الزبون اللي تخلص جوج مرات ف الكاشير {int(till())}: {ph} عافاكم شي واحد يعيط ليه",
    ]
    return t[i % len(t)]()


def phone_ro_t(i, ph):
    s, city = store("ro")
    f, l, name = person("ro")
    t = [
        lambda: f"Salut, la magazinul {s} ({city}) casa {int(till())} nu mai printează bonuri. Șeful de tură, {name}, e la {ph} dacă aveți nevoie de acces în magazin după ora 22.",
        lambda: f"Livrarea de la depozit pentru {s} s-a mutat în fereastra 05:00–06:30. Șofer: {name}, tel {ph}",
        lambda: f"clienta a sunat pt cardul de fidelitate blocat, vrea să fie sunată înapoi pe {ph} după ora 17, ok?",
        lambda: f"FYI the field tech for store {s} is {name}, mobile {ph}, he swaps the pinpad tomorrow 8am before opening",
    ]
    return t[i % len(t)]()


PHONE_PLAN = ["fr_mobile", "ma_mobile", "ro_mobile", "fr_mobile", "ma_mobile", "ro_fixed", "fr_fixed", "ma_mobile",
              "ro_mobile", "ma_fixed", "fr_mobile", "ro_mobile", "ma_arabic"]


def pos_phone(i):
    k = PHONE_PLAN[i % len(PHONE_PLAN)]
    if k == "ma_arabic":
        d = pick(["6" + pick("01245678"), "7" + pick("0678")]) + rs(DIGITS, 7)
        ph = to_ar_digits("0" + d[0] + " " + " ".join(d[j:j + 2] for j in range(1, 9, 2)))
        s, city = store("ma")
        text = f"الكليان ديال الكارط ديال الفيدليتي ف {city} خلا الرقم ديالو: {ph} — بغا يعرف علاش النقط ما تزادوش"
        return text, [("phone_number", ph)], "phone_number:t_arabic_indic_digits"
    ph = make_phone(k)
    c = k.split("_")[0]
    fn = {"fr": phone_fr_t, "ma": phone_ma_t, "ro": phone_ro_t}[c]
    n_t = {"fr": 5, "ma": 4, "ro": 4}[c]
    return fn(i, ph), [("phone_number", ph)], "phone_number:t%d_%s" % (i % n_t, k)


# ---- password ---------------------------------------------------------------

def pos_password(i):
    pw = make_password()
    s, city = store()
    fs, _ = store("fr")
    ms, _ = store("ma")
    rs_, _ = store("ro")
    t = [
        lambda: f"le mdp du back-office caisse pour le mag {fs} c'est {pw} (login mgr{fs}), à changer après le passage du technicien",
        lambda: f"login: admin{ms}\nmot de passe: {pw}\nhada dyal l'interface web dyal TPE, ma tsiftouhch l 7ta wa7ed barra l'équipe",
        lambda: f"Parola pentru contul de manager pe casa 2 la {rs_}: {pw} — utilizator: sef.tura{rs_}",
        lambda: fence(f"pos_db:\n  host: db-mag{s}.stores.internal\n  port: 5432\n  user: pos_app\n  password: \"{pw}\"\n  pool_size: 4", "yaml"),
        lambda: f"conn string du serveur magasin, ça plante au démarrage du service caisse :\n`Server=SRV-MAG{fs}\\SQLEXPRESS;Database=CaisseDB;User Id=sa_caisse;Password={pw};TrustServerCertificate=True`",
        lambda: f"réseau wifi STAFF du magasin {fs} : SSID KORVO-STAFF-{fs}, clé WPA2 : {pw} (les terminaux inventaire doivent s'y reconnecter)",
        lambda: f"كلمة السر ديال الويفي ديال المستودع ف {ms}: {pw} ما تعطيوهاش للزبناء",
        lambda: f"magasin,login,mdp,role\n{fs},chef{fs},{pw},CHEF_CAISSE\n{store('fr')[0]},chef,(inchangé),CHEF_CAISSE",
        lambda: f"> tu peux me redonner l'accès à la console des étiquettes ?\nle mdp admin de la console ESL c'est {pw}, pour le coffre physique je t'envoie le code autrement",
        lambda: LONG_EN + f"Anyway, the temporary password for the till service account at {s} is {pw} until the vendor resets it.",
        lambda: f"spring.datasource.url=jdbc:postgresql://db-mag{s}:5432/loyalty\nspring.datasource.username=loyalty_rw\nspring.datasource.password={pw}",
        lambda: f"userul e `casier04`, parola `{pw}` — după primul login schimbați-o vă rog, e pe casa {int(till())} din {rs_}",
    ]
    return t[i % len(t)](), [("password", pw)], "password:t%d" % (i % len(t))


# ---- credit_card ------------------------------------------------------------

def pos_card(i):
    nets = ["visa", "mastercard", "visa", "amex", "mastercard", "discover", "visa", "mastercard", "amex", "visa", "mastercard"]
    net, num = make_card(nets[i % len(nets)])
    card = fmt_card(num, ["space", "plain", "dash", "space"][i % 4])
    s, city = store()
    fs, _ = store("fr")
    ms, _ = store("ma")
    rs_, _ = store("ro")
    t = [
        lambda: f"Cliente mag {fs} débitée deux fois, elle m'a dicté sa carte : {card} exp 09/27, vous pouvez vérifier côté acquéreur ?",
        lambda: f"lclient kaygoul t9ta3lo joj merrat f {ms}, carte dyalo {card}, chofo lina f portail dyal l'acquéreur 3afakom",
        lambda: f"Clientul reclamă dubla debitare la {rs_}, cardul {card}, suma {money_lei()}, bon fiscal nr. {R.randrange(1000, 9999)}",
        lambda: f"{ts_iso()} TPE[{tid()}] DEBUG emv.track2 PAN={card} EXP=2711 SVC=201 (masking disabled in debug build!)",
        lambda: f"date;magasin;montant;carte;motif\n2025-03-{R.randrange(10, 29)};{s};{money_eur().replace(' €', '')};{card};impayé",
        lambda: f"customer at store {s} insists the refund went to {card} and not to the card on the receipt, can someone check the acquirer portal?",
        lambda: f"رقم البطاقة ديال الكليان: {card} باش نرجعو ليه الفلوس ديال الطلبية",
        lambda: fence(json.dumps({"event": "refund.failed", "store": s, "till": till(), "card_number": card,
                                   "amount": R.randrange(500, 90000), "currency": "EUR"}, indent=2), "json"),
        lambda: f"> elle paie avec quelle carte ?\nune Amex, le numéro sur la facturette manuelle : {card}, on n'arrive pas à la passer sur le TPE du {fs}",
        lambda: f"remboursement manuel à faire sur {card}, montant {money_eur()}, ticket {fs}-{till()}-{R.randrange(10000, 99999)} — merci compta",
        lambda: f"Vă rog anulați tranzacția pe cardul {card}, clientul a plătit și cash, casa {int(till())}, magazin {rs_}",
    ]
    return t[i % len(t)](), [("credit_card", card)], "credit_card:t%d_%s" % (i % len(t), net)


# ---- email_address ----------------------------------------------------------

def pos_email(i):
    c = ["fr", "ma", "ro", "fr"][i % 4]
    f, l, name = person(c)
    em = make_email(f, l)
    s, city = store(c)
    t = [
        lambda: f"Le client veut sa facture par mail : {em} (ticket {s}-{till()}-{R.randrange(10000, 99999)}, payé CB)",
        lambda: f"sifto lih la facture f {em}, rah kaytsena mn lbare7 f magasin {s}",
        lambda: f"Clienta vrea bonul fiscal pe email: {em} — se poate din backoffice-ul casei?",
        lambda: f"new franchisee contact for store {s} ({city}): {name} <{em}>, please add to #ops-magasins",
    ]
    return t[i % len(t)](), [("email_address", em)], "email_address:t%d" % (i % len(t))


# ---- iban -------------------------------------------------------------------

def pos_iban(i):
    kinds = ["fr", "fr", "ro", "ro", "fr", "ro", "be", "fr"]
    k = kinds[i % len(kinds)]
    raw = {"fr": make_fr_iban, "ro": make_ro_iban, "be": make_be_iban}[k]()
    iban = group4(raw) if i % 3 != 1 else raw
    f, l, name = person({"fr": "fr", "ro": "ro", "be": "ma"}[k])
    s, city = store()
    t = [
        lambda: f"⚠️ mail reçu « du fournisseur de fruits » demandant de changer le RIB pour {iban}, ne rien saisir avant rappel sur le numéro du contrat",
        lambda: f"remboursement client hors caisse (avoir {R.randrange(100, 999)}), virement sur {iban} au nom de {name}",
        lambda: f"Pentru rambursare clientul a dat IBAN-ul {iban}, titular {name}",
        lambda: f"avans salarial pentru casiera {name} de la {store('ro')[0]}, cont {iban}, aprobat de directorul regional",
        lambda: f"nom;iban;montant;motif\n{name};{iban};{money_eur().replace(' €', '')};note de frais inventaire",
        lambda: f"employee expense refund (taxi for the night inventory at {s}): {name}, IBAN {iban}",
        lambda: f"IBAN dyal {name} (compte f Belgique) bach nraj3o lih flous dyal la commande: {iban}",
        lambda: f"Coordonnées bancaires du fournisseur d'étiquettes, à vérifier avant le prochain paiement :\nIBAN : {iban}\nBIC : {pick(['BNPAFRPPXXX', 'SOGEFRPP', 'CCBPFRPPLYO', 'AGRIFRPP839'])}",
    ]
    return t[i % len(t)](), [("iban", iban)], "iban:t%d_%s" % (i % len(t), k)


# ---- us_ssn -----------------------------------------------------------------

def pos_ssn(i):
    f, l, name = person("us")
    ssn = make_ssn()
    if i == 4:
        ssn = ssn.replace("-", " ")
    t = [
        lambda: f"the US merchandising consultant ({name}) sent his W-9 over Slack 🙄 — SSN {ssn}, can someone move it to the vendor portal and delete this thread",
        lambda: f"For the 1099 of the planogram audit: {name}, SSN {ssn}, Texas address on file",
        lambda: f"le prestataire américain pour l'audit planogramme a mis son SSN dans le formulaire fournisseur : {ssn} — c'est normal qu'on le stocke ??",
        lambda: f"contractor,ssn,state,role\n{name},{ssn},TX,POS rollout lead",
        lambda: f"consultantul american ne-a trimis SSN-ul pentru contract: {ssn} (numele: {name})",
    ]
    return t[i % len(t)](), [("us_ssn", ssn)], "us_ssn:t%d" % (i % len(t))


# ---- ipv4_address -----------------------------------------------------------

def pos_ip(i):
    c = ["fr", "ma", "ro", "fr"][i % 4]
    ip = make_public_ip(c)
    s, city = store(c)
    t = [
        lambda: f"l'IP publique de la box du magasin {s} est {ip}, à ajouter dans la whitelist de la passerelle TPE sinon pas de télécollecte ce soir",
        lambda: f"router dyal magasin {s} 3ando IP publique jdida {ip} mn ba3d ma beddlo l'box, zidoha f firewall 3afak",
        lambda: f"IP-ul public al magazinului {s}: {ip} — îl adăugați în allowlist la VPN-ul de case?",
        lambda: f"{ts_iso()} tpe-gw WARN handshake timeout from {ip}:{R.randrange(40000, 65000)} store={s} tid={tid()} retry=3",
    ]
    return t[i % len(t)](), [("ipv4_address", ip)], "ipv4_address:t%d" % (i % len(t))


# ---- url_credentials --------------------------------------------------------

def pos_url(i):
    pw = make_url_password()
    s, city = store()
    t = [
        lambda: f"le script de synchro planogramme pousse sur sftp://planogram_sync:{pw}@sftp.korvo-supply.net:22/inbox/{s} — il échoue depuis hier",
        lambda: fence(f"ESL_GATEWAY_URL=https://esl_admin:{pw}@esl-gw-{s}.stores.korvo.internal/api/v2\nESL_BATCH_SIZE=500", "dotenv"),
        lambda: f"lconnexion l base dyal caisse: mssql://pos_ro:{pw}@db-mag{s}.korvo.local:1433/CaisseDB — khdama mn serveur walakin la mn l poste",
        lambda: f"broker pt evenimentele TPE: amqps://tpe_events:{pw}@mq.korvo.ro:5671/pos (vhost pos, cozi tpe.errors)",
        lambda: f"```\nLOYALTY_CACHE=redis://:{pw}@cache-loyalty.korvo.ma:6379/0\n```\nc'est celle de prod, pas de la recette",
        lambda: f"imprimerie: les PDF des affiches promo sont sur ftp://etiquettes:{pw}@ftp.imprimerie-printex.fr/promo_semaine_{R.randrange(10, 52)}/",
    ]
    return t[i % len(t)](), [("url_credentials", pw)], "url_credentials:t%d" % (i % len(t))


# ---- jwt --------------------------------------------------------------------

def jwt_claims():
    s, city = store()
    return {"sub": "till-%s-%s" % (s, till()), "iss": pick(["https://auth.korvo-retail.fr", "https://id.korvo.ma",
                                                           "https://sso.korvo.ro"]),
            "aud": pick(["loyalty-api", "esl-gateway", "pos-backoffice", "planogram-svc"]), "store": s,
            "roles": pick([["cashier"], ["store_manager"], ["esl:write"], ["loyalty:read", "loyalty:write"]]),
            "iat": 1748000000 + R.randrange(0, 9000000), "exp": 1758000000 + R.randrange(0, 9000000)}


def pos_jwt(i):
    j = make_jwt(jwt_claims(), "RS256" if i % 3 == 0 else "HS256")
    s, city = store()
    t = [
        lambda: f"```\ncurl -s https://loyalty-api.korvo-retail.fr/v1/cards/lookup \\\n  -H 'Authorization: Bearer {j}' \\\n  -d '{{\"ean\":\"...\"}}'\n```\nça répond 401 depuis 8h",
        lambda: f"token dyal API fidélité kaykhrj 401 f magasin {s}: {j}",
        lambda: f"tokenul pentru ESL gateway de la {s}, expiră abia luna viitoare: {j}",
        lambda: f"GET /api/v2/planograms/{s}/aisles/7 HTTP/1.1\nHost: planogram.korvo.internal\nAuthorization: Bearer {j}\nAccept: application/json",
        lambda: fence(json.dumps({"storeId": s, "loyaltyToken": j, "printer": "EPSON TM-T88VI"}, indent=2), "json"),
        lambda: f"this JWT from the handheld scanner app is still valid for a week, revoke it pls: {j}",
        lambda: f"{ts_iso()} INFO  esl-sync  POST /labels/batch status=403 Authorization=Bearer {j}",
        lambda: f"> c'est quoi le token qu'utilise la borne de fidélité ?\n{j}\n(copié depuis le fichier de conf de la borne du {s})",
    ]
    return t[i % len(t)](), [("jwt", j)], "jwt:t%d" % (i % len(t))


# ---- private_key_pem --------------------------------------------------------

PEM_PLAN = ["rsa", "ec", "openssh", "ed25519", "rsa1024", "ec", "openssh", "rsa_pkcs8", "ed25519"]


def pos_pem(i):
    kind = PEM_PLAN[i % len(PEM_PLAN)]
    head, foot, lines = make_pem(kind)
    layout = i % 3
    s, city = store()
    if layout == 0:
        value = "\n".join(lines)
        block = head + "\n" + value + "\n" + foot
        intro = pick([
            f"voilà la clé privée du certificat de la passerelle TPE du {s}, le technicien en a besoin pour le renouvellement :",
            f"cheia privată pentru SFTP-ul furnizorului de etichete (magazin {s}):",
            f"hadi hiya la clé dyal serveur SFTP dyal planogramme, 7ettoha f /etc/korvo/keys:",
            f"key for the store {s} VPN appliance, the old one expired:",
        ])
        text = intro + "\n" + fence(block)
    elif layout == 1:
        value = "\\n".join(lines)
        js = '{\n  "store": "%s",\n  "sftp_user": "planogram_sync",\n  "private_key": "%s\\n%s\\n%s\\n"\n}' % (
            s, head, value, foot)
        text = pick(["config de la borne, à corriger :", "config.json de pe serverul de magazin:",
                     "ha config li l9it f poste dyal caisse:"]) + "\n" + fence(js, "json")
    else:
        value = "\n    ".join(lines)
        y = ("apiVersion: v1\nkind: Secret\nmetadata:\n  name: tpe-gw-%s-tls\n  namespace: pos\ntype: Opaque\nstringData:\n"
             "  tls.key: |\n    %s\n    %s\n    %s\n") % (s, head, value, foot)
        text = pick(["manifest appliqué hier, c'est normal que la clé soit en clair ?", "secretul ăsta e în repo-ul public?",
                     "this is in the helm chart repo:"]) + "\n" + fence(y, "yaml")
    return text, [("private_key_pem", value)], "private_key_pem:%s:layout%d" % (kind, layout)


# ---- github -----------------------------------------------------------------

def pos_ghp(i):
    g = make_ghp()
    s, city = store()
    t = [
        lambda: f"pour cloner pos-firmware sur le poste du {s} utilise mon token : {g} (expire dans 7 jours)",
        lambda: f"git clone https://{g}@github.com/korvo-retail/esl-templates.git",
        lambda: f"token dyal GitHub bach tjbed release dyal l'app caisse: {g}",
        lambda: f"GITHUB_TOKEN={g}\nRELEASE_CHANNEL=stores-ro",
        lambda: f"Am pus tokenul în scriptul de deploy pe casele din {s}: {g} — trebuie schimbat?",
    ]
    return t[i % len(t)](), [("github_classic_pat", g)], "github_classic_pat:t%d" % (i % len(t))


def pos_ghfine(i):
    g = make_gh_fine()
    s, city = store()
    t = [
        lambda: f"fine-grained token limité au repo planogram-exports : {g}",
        lambda: fence(f"- name: fetch price-file templates\n  env:\n    GH_TOKEN: {g}\n  run: gh release download -R korvo-retail/price-tags", "yaml"),
        lambda: f"tokenul nou pentru repo-ul pos-config (read-only): {g}",
        lambda: f"hada token jdid dyal GitHub l script dyal les étiquettes: {g}",
        lambda: f"export GH_PAT={g}  # used by the nightly till-image build for store {s}",
    ]
    return t[i % len(t)](), [("github_fine_grained_pat", g)], "github_fine_grained_pat:t%d" % (i % len(t))


# ---- slack ------------------------------------------------------------------

def pos_xoxb(i):
    x = make_xoxb()
    t = [
        lambda: f"le bot qui poste les erreurs TPE dans #ops-tpe utilise {x}, il faut le mettre dans le coffre pas dans le cron",
        lambda: fence(f"[alerts]\nchannel = \"#ops-magasins-ro\"\nslack_token = \"{x}\"\nmin_level = \"WARN\"", "toml"),
        lambda: f"bot dyal alertes dyal caisse: {x} — khdam f Casablanca walakin la f Rabat",
        lambda: f"SLACK_BOT_TOKEN={x} python3 notify_delivery_slots.py --store 2031",
        lambda: f"tokenul botului care trimite alertele de livrare: {x}",
    ]
    return t[i % len(t)](), [("slack_bot_token", x)], "slack_bot_token:t%d" % (i % len(t))


def pos_xoxp(i):
    x = make_xoxp()
    t = [
        lambda: f"mon token utilisateur pour l'export des messages de #support-caisses : {x}",
        lambda: f"```python\nclient = WebClient(token=\"{x}\")\nclient.conversations_history(channel=\"C04POSSUP\")\n```",
        lambda: f"token dyali dyal Slack bach nexporti l'historique dyal #tpe-maroc: {x}",
        lambda: f"userul meu de Slack pentru scriptul de arhivare: {x}",
        lambda: f"using my user token for the channel cleanup script, don't share: {x}",
    ]
    return t[i % len(t)](), [("slack_user_token", x)], "slack_user_token:t%d" % (i % len(t))


# ---- openai / anthropic -----------------------------------------------------

def pos_openai(i):
    k = make_openai()
    t = [
        lambda: f"pour le script qui traduit les étiquettes en roumain j'ai mis OPENAI_API_KEY={k} dans le .env du serveur",
        lambda: f"```python\nfrom openai import OpenAI\nclient = OpenAI(api_key=\"{k}\")\n# génère les descriptions produits pour l'ESL\n```",
        lambda: f"cheia OpenAI pentru botul de descrieri de produse: {k}",
        lambda: f"clé dyal OpenAI li kayst3mel bot dyal planogramme: {k}",
        lambda: f"key for the receipt-summary prototype: {k} — it's on the team account",
    ]
    return t[i % len(t)](), [("openai_api_key", k)], "openai_api_key:t%d" % (i % len(t))


def pos_anthropic(i):
    k = make_anthropic()
    t = [
        lambda: f"ANTHROPIC_API_KEY={k}",
        lambda: f"la clé Claude pour résumer les tickets d'incident magasin : {k}",
        lambda: f"cheia API pentru asistentul de suport case: {k} (nu o puneți în git)",
        lambda: f"```ts\nconst client = new Anthropic({{ apiKey: \"{k}\" }}); // store incident summaries\n```",
        lambda: f"l'clé dyal Anthropic li 3tani l'prestataire: {k} — fin nkhebiha?",
    ]
    return t[i % len(t)](), [("anthropic_api_key", k)], "anthropic_api_key:t%d" % (i % len(t))


# ---- multi ------------------------------------------------------------------

def pos_aws(i):
    kid, sec = make_akia(), make_aws_secret()
    s, city = store()
    t = [
        lambda: fence(f"[receipts-export]\naws_access_key_id = {kid}\naws_secret_access_key = {sec}\nregion = eu-west-3"),
        lambda: f"export AWS_ACCESS_KEY_ID={kid}\nexport AWS_SECRET_ACCESS_KEY={sec}\naws s3 cp z-report-{s}.csv s3://korvo-zreports/",
        lambda: f"lkeys dyal S3 li kaytsifto bihom les tickets: access key {kid} w secret {sec}",
        lambda: f"Cheile AWS pentru exportul bonurilor din {s}: ID {kid}, secret {sec}",
        lambda: f"les clés du bucket des planogrammes (à rotater) : id={kid} / secret={sec}",
        lambda: fence(json.dumps({"AccessKeyId": kid, "SecretAccessKey": sec, "Bucket": "korvo-price-files"}, indent=2), "json"),
        lambda: fence(f"s3 = boto3.client(\n    \"s3\",\n    aws_access_key_id=\"{kid}\",\n    aws_secret_access_key=\"{sec}\",\n)", "python"),
        lambda: fence(f"provider \"aws\" {{\n  region     = \"eu-central-1\"\n  access_key = \"{kid}\"\n  secret_key = \"{sec}\"\n}}", "hcl"),
        lambda: f"docker run -e AWS_ACCESS_KEY_ID={kid} -e AWS_SECRET_ACCESS_KEY={sec} korvo/esl-sync:2025.14 --store {s}",
    ]
    return (t[i % len(t)](), [("aws_access_key_id", kid), ("aws_secret_access_key", sec)],
            "multi:aws_pair:%d" % (i % len(t)))


def pos_multi(i):
    s, city = store()
    if i in (0, 1, 2):
        c = ["fr", "ma", "ro"][i]
        f, l, name = person(c)
        em = make_email(f, l)
        ph = make_phone(c + "_mobile")
        text = [
            f"Réclamation fidélité (mag {store('fr')[0]}) : {name}, {em}, {ph}. Ses points de mars n'ont pas été crédités, ticket joint.",
            f"lclient(a) dyal la carte fidélité: {name}\nemail: {em}\ntel: {ph}\nbghat tbeddel numéro dyal carte",
            f"Date cliente pentru reclamația de la {store('ro')[0]}:\nNume: {name}\nE-mail: {em}\nTelefon: {ph}",
        ][i]
        return text, [("email_address", em), ("phone_number", ph)], "multi:customer_contact:%d" % i
    if i in (3, 4):
        c = ["ma", "ro"][i - 3]
        ip = make_public_ip(c)
        pw = make_password()
        text = [
            f"routeur dyal {store('ma')[0]}: IP publique {ip}, login admin, mot de passe {pw} — beddlouh mn ba3d l'intervention",
            f"Routerul de la {store('ro')[0]}: IP {ip}, user admin, parola {pw}",
        ][i - 3]
        return text, [("ipv4_address", ip), ("password", pw)], "multi:router:%d" % (i - 3)
    if i == 5:
        iban = group4(make_fr_iban())
        ph = make_phone("fr_fixed")
        return (f"Le « nouveau » RIB du transporteur frais : {iban}. Ils demandent de rappeler au {ph} pour confirmer. "
                f"Ça sent l'arnaque au changement de RIB, on vérifie avec le contrat.",
                [("iban", iban), ("phone_number", ph)], "multi:supplier_rib:0")
    if i == 6:
        net, num = make_card("visa")
        card = fmt_card(num, "space")
        ph = make_phone("ma_mobile")
        return (f"lclient khalla carte dyalo {card} w numéro {ph} f l'accueil, bgha nraj3o lih lflous dyal la commande",
                [("credit_card", card), ("phone_number", ph)], "multi:card_phone:0")
    if i == 7:
        ip = make_public_ip("fr")
        pw = make_url_password()
        return (f"sftp://etiquettes_{s}:{pw}@{ip}:2222/incoming — c'est l'IP fixe du prestataire impression",
                [("url_credentials", pw), ("ipv4_address", ip)], "multi:sftp_ip:0")
    if i == 8:
        x = make_xoxb()
        k = make_openai()
        return (fence(f"SLACK_BOT_TOKEN={x}\nOPENAI_API_KEY={k}\nCHANNEL=#planograme-ro"),
                [("slack_bot_token", x), ("openai_api_key", k)], "multi:bot_env:0")
    if i == 9:
        f, l, name = person("fr")
        em = make_email(f, l)
        j = make_jwt(jwt_claims())
        return (f"connexion au back-office fidélité en tant que {em} :\n`Authorization: Bearer {j}`",
                [("email_address", em), ("jwt", j)], "multi:jwt_email:0")
    if i == 10:
        g = make_gh_fine()
        pw = make_password()
        return (f"pentru deploy pe casele din {store('ro')[0]}: GH token {g}, iar parola de sudo pe case e {pw}",
                [("github_fine_grained_pat", g), ("password", pw)], "multi:deploy:0")
    raise ValueError(i)


def build_positives():
    recs = []
    plan = ([(pos_phone, 13), (pos_password, 11), (pos_card, 11), (pos_email, 4), (pos_iban, 8), (pos_ssn, 5),
             (pos_ip, 4), (pos_url, 6), (pos_jwt, 8), (pos_pem, 9), (pos_ghp, 9), (pos_ghfine, 8), (pos_xoxb, 8),
             (pos_xoxp, 9), (pos_openai, 8), (pos_anthropic, 9), (pos_aws, 9), (pos_multi, 11)])
    seen = set()
    for fn, n in plan:
        for i in range(n):
            for attempt in range(50):
                text, secrets, ctx = fn(i)
                if R.random() < 0.08:
                    text = pick(["fyi ", "Pour info : ", "3afak chofo hadi: ", "Atenție: ", "للعلم: "]) + text
                rest = text
                for _, v in secrets:
                    rest = rest.replace(v, " ")
                extra = [h for h in scan(rest) if h[0] not in ("phone_intl",)]
                if text in seen or extra:
                    continue
                break
            else:
                raise AssertionError("could not draw positive %s %d" % (fn.__name__, i))
            seen.add(text)
            recs.append({"text": text, "secrets": [{"kind": k, "value": v} for k, v in secrets], "context": ctx})
    return recs


# ---------------------------------------------------------------------------
# negatives: theme helpers (all numbers built so they are NOT cards/phones/IBANs)
# ---------------------------------------------------------------------------

def ean_check(d12):
    s = sum(int(c) * (3 if i % 2 else 1) for i, c in enumerate(d12))
    return str((10 - s % 10) % 10)


def ean13(prefix=None):
    while True:
        p = prefix or pick(["30", "32", "34", "35", "37", "611", "594", "590", "376", "400", "800"])
        d12 = p + rs(DIGITS, 12 - len(p))
        v = d12 + ean_check(d12)
        if not luhn_ok(v):
            return v


def ean8():
    d7 = rs(DIGITS, 7)
    s = sum(int(c) * (3 if i % 2 == 0 else 1) for i, c in enumerate(d7))
    return d7 + str((10 - s % 10) % 10)


def gtin14():
    while True:
        d13 = pick("12345678") + ean13()[:12]
        s = sum(int(c) * (3 if i % 2 == 0 else 1) for i, c in enumerate(d13))
        v = d13 + str((10 - s % 10) % 10)
        if not luhn_ok(v):
            return v


def loyalty_card():
    while True:
        if chance(0.5):
            v = ean13(pick(["29", "27", "28"]))
        else:
            v = pick(["9250", "7788", "6033"]) + rs(DIGITS, 12)
        if not luhn_ok(v):
            return v


def siren():
    while True:
        v = pick("3456789") + rs(DIGITS, 8)
        if luhn_ok(v):
            return v


def bad_siret():
    while True:
        v = siren() + rs(DIGITS, 5)
        if not luhn_ok(v):
            return v


def tva_fr(sn):
    return "FR%02d%s" % ((12 + 3 * (int(sn) % 97)) % 97, sn)


def ice():
    while True:
        v = "00" + rs(DIGITS, 13)
        if not luhn_ok(v):
            return v


def cui():
    base = pick("123456789") + rs(DIGITS, R.randrange(5, 8))
    w = "753217532"
    b = base.rjust(9, "0")
    c = sum(int(x) * int(y) for x, y in zip(b, w)) * 10 % 11
    return base + str(0 if c == 10 else c)


def pos_version():
    while True:
        v = "%d.%d.%d.%d" % (R.randrange(3, 12), R.randrange(0, 30), R.randrange(0, 400), R.randrange(100, 9000))
        if not ip_public(v):
            return v


def priv_ip():
    return pick([lambda: "10.%d.%d.%d" % (R.randrange(20, 90), R.randrange(0, 255), R.randrange(2, 250)),
                 lambda: "192.168.%d.%d" % (R.randrange(0, 50), R.randrange(2, 250)),
                 lambda: "172.%d.%d.%d" % (R.randrange(16, 32), R.randrange(0, 255), R.randrange(2, 250))])()


def doc_ip():
    return pick(["192.0.2.", "198.51.100.", "203.0.113."]) + str(R.randrange(1, 255))


def order_no():
    return pick(["45", "46", "47", "55"]) + rs(DIGITS, 8)


def epoch():
    return str(R.randrange(1735689600, 1767225600))


def uuid4():
    h = rs(HEX, 32)
    return "%s-%s-4%s-%s%s-%s" % (h[:8], h[8:12], h[13:16], pick("89ab"), h[17:20], h[20:32])


def sha(n):
    return rs(HEX, n)


def b64_rand(nbytes):
    return base64.b64encode(bytes(R.randrange(256) for _ in range(nbytes))).decode()


def ulid():
    return "01J" + rs("0123456789ABCDEFGHJKMNPQRSTVWXYZ", 23)


LEADS = ["fyi ", "Pour info : ", "PSA: ", "للعلم: ", "3afak chofo: ", "Atenție: ", "Info : ", "Rappel : ", "Salut, ",
         "salam, ", "heads-up: ", "Bună, "]
TRAILS = ["\nmerci 🙏", "\nmersi!", "\nchokran", "\n+1", "\nthx", "\nshukran bzaf", "\nje regarde demain", "\nmulțumesc"]


def wrap(text):
    if chance(0.12):
        lead = pick(LEADS)
        text = lead.rstrip() + "\n" + text if text.startswith("```") else lead + text
    if chance(0.06):
        text = text + pick(TRAILS)
    return text


# ---------------------------------------------------------------------------
# binary payloads for data URIs (real, well-formed bytes)
# ---------------------------------------------------------------------------

def png_chunk(t, data):
    return struct.pack(">I", len(data)) + t + data + struct.pack(">I", binascii.crc32(t + data) & 0xFFFFFFFF)


def png_bytes(w, h, rows, color_type=2):
    raw = b"".join(b"\x00" + r for r in rows)
    return (b"\x89PNG\r\n\x1a\n" + png_chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, color_type, 0, 0, 0)) +
            png_chunk(b"IDAT", zlib.compress(raw, 9)) + png_chunk(b"IEND", b""))


def png_barcode():
    w = 95 + 2 * R.randrange(4, 10)
    h = R.randrange(1, 4)
    row = bytes(pick([0, 0, 255]) if 8 < x < w - 8 else 255 for x in range(w))
    return png_bytes(w, h, [row] * h, color_type=0)


def png_icon():
    n = pick([8, 12, 16])
    cols = [bytes([R.randrange(256) for _ in range(3)]) for _ in range(3)]
    rows = []
    for y in range(n):
        rows.append(b"".join(cols[(x // 4 + y // 4) % 3] if (x + y) % 5 else cols[0] for x in range(n)))
    return png_bytes(n, n, rows)


def gif_1x1():
    return (b"GIF89a\x01\x00\x01\x00\x80\x00\x00" + bytes([R.randrange(256) for _ in range(3)]) + b"\xff\xff\xff"
            + b"!\xf9\x04\x01\x00\x00\x00\x00,\x00\x00\x00\x00\x01\x00\x01\x00\x00\x02\x02D\x01\x00;")


def wav_beep():
    n = R.randrange(120, 260)
    period = pick([8, 10, 12, 16])
    data = bytes((200 if (i // (period // 2)) % 2 else 56) for i in range(n))
    fmt = struct.pack("<HHIIHH", 1, 1, 8000, 8000, 1, 8)
    return b"RIFF" + struct.pack("<I", 36 + n) + b"WAVEfmt " + struct.pack("<I", 16) + fmt + b"data" + struct.pack("<I", n) + data


def pdf_ticket(store_no):
    content = ("BT /F1 9 Tf 20 180 Td (KORVO MAGASIN %s) Tj 0 -12 Td (TICKET DE TEST - NE PAS RENDRE) Tj ET" % store_no).encode()
    objs = [b"<< /Type /Catalog /Pages 2 0 R >>", b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
            b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 226 200] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
            b"<< /Length " + str(len(content)).encode() + b" >>\nstream\n" + content + b"\nendstream",
            b"<< /Type /Font /Subtype /Type1 /BaseFont /Courier >>"]
    out = b"%PDF-1.4\n"
    offs = []
    for i, o in enumerate(objs, 1):
        offs.append(len(out))
        out += str(i).encode() + b" 0 obj\n" + o + b"\nendobj\n"
    x = len(out)
    out += b"xref\n0 6\n0000000000 65535 f \n" + b"".join(b"%010d 00000 n \n" % o for o in offs)
    out += b"trailer\n<< /Size 6 /Root 1 0 R >>\nstartxref\n" + str(x).encode() + b"\n%%EOF\n"
    return out


JPEG_QT = bytes([16, 11, 10, 16, 24, 40, 51, 61, 12, 12, 14, 19, 26, 58, 60, 55, 14, 13, 16, 24, 40, 57, 69, 56, 14, 17, 22, 29,
                 51, 87, 80, 62, 18, 22, 37, 56, 68, 109, 103, 77, 24, 35, 55, 64, 81, 104, 113, 92, 49, 64, 78, 87, 103, 121,
                 120, 101, 72, 92, 95, 98, 112, 100, 103, 99])


def jpeg_prefix():
    return (b"\xff\xd8\xff\xe0\x00\x10JFIF\x00\x01\x01\x00\x00H\x00H\x00\x00\xff\xdb\x00C\x00" + JPEG_QT +
            b"\xff\xc0\x00\x11\x08" + struct.pack(">HH", pick([480, 600, 800]), pick([640, 800, 1024])) + b"\x03\x01\x22\x00")


def woff2_prefix():
    return b"wOF2" + struct.pack(">IIHHIIIHHIIIII", 0x00010000, R.randrange(9000, 40000), pick([10, 12, 14]), 0,
                                 R.randrange(20000, 90000), R.randrange(8000, 30000), 0, 1, 0, 0, 0, 0, 0, 0)


def sourcemap_json(name):
    segs = ",".join(rs("ACEGIKMOQSUWYgkmoqsuwy", R.randrange(4, 8)) for _ in range(R.randrange(6, 14)))
    return json.dumps({"version": 3, "file": name, "sources": ["webpack://pos-ui/./src/%s.ts" % name.split(".")[0]],
                       "names": ["formatPrice", "renderTag", "ean13"], "mappings": segs}, separators=(",", ":")).encode()


def escpos_raster():
    wb, h = pick([8, 12, 16]), pick([4, 6, 8])
    return b"\x1b@\x1da\x01\x1dv0\x00" + struct.pack("<HH", wb, h) + bytes(pick([0, 0xFF, 0x3C, 0x81, 0x18]) for _ in range(wb * h))


SVG_ICONS = [
    '<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24"><path d="M3 4h2l2 11h11l2-8H7" fill="none" stroke="#%s" stroke-width="2"/></svg>',
    '<svg xmlns="http://www.w3.org/2000/svg" width="60" height="20"><rect width="60" height="20" rx="3" fill="#%s"/><text x="6" y="14" font-size="11" fill="#fff">PROMO</text></svg>',
    '<svg xmlns="http://www.w3.org/2000/svg" width="16" height="16" viewBox="0 0 16 16"><circle cx="8" cy="6" r="4" fill="#%s"/><path d="M8 16l-4-7h8z" fill="#%s"/></svg>',
    '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="12"><g fill="#%s"><rect x="1" width="1" height="12"/><rect x="4" width="2" height="12"/><rect x="8" width="1" height="12"/><rect x="11" width="3" height="12"/></g></svg>',
]


def svg_icon():
    t = pick(SVG_ICONS)
    return t % tuple(rs(HEX, 6) for _ in range(t.count("%s")))


def b64(b):
    return base64.b64encode(b).decode()


def maybe_trunc(s, p=0.3):
    if len(s) > 80 and chance(p):
        cut = R.randrange(40, min(120, len(s) - 10))
        return s[:cut] + pick(["…", "...", "... [%d more chars]" % (len(s) - cut), "…(tronqué)"])
    return s


# ---------------------------------------------------------------------------
# negatives: data_uri_base64
# ---------------------------------------------------------------------------

def uri(kind):
    if kind == "png":
        return "data:image/png;base64," + b64(pick([png_icon, png_barcode])())
    if kind == "gif":
        return "data:image/gif;base64," + b64(gif_1x1())
    if kind == "svg":
        return "data:image/svg+xml;base64," + b64(svg_icon().encode())
    if kind == "wav":
        return "data:audio/wav;base64," + b64(wav_beep())
    if kind == "pdf":
        return "data:application/pdf;base64," + b64(pdf_ticket(store()[0]))
    if kind == "jpeg":
        return "data:image/jpeg;base64," + b64(jpeg_prefix())
    if kind == "woff2":
        return "data:font/woff2;base64," + b64(woff2_prefix())
    if kind == "map":
        return "data:application/json;charset=utf-8;base64," + b64(sourcemap_json(pick(["priceTag.js", "planogram.js", "tillUi.js"])))
    if kind == "escpos":
        return "data:application/octet-stream;base64," + b64(escpos_raster())
    raise ValueError(kind)


def neg_data_uri():
    s, city = store()
    t = R.randrange(22)
    if t == 0:
        u = uri(pick(["png", "svg", "gif"]))
        return fence(f".price-tag--promo {{\n  background: #fff url(\"{u}\") no-repeat right 4px top 4px;\n  font-family: 'KorvoCond', sans-serif;\n}}", "css")
    if t == 1:
        u = maybe_trunc(uri("png"))
        return f"template ESL 2.9\" du {s}, le logo ne s'affiche pas sur les étiquettes noir/rouge :\n" + fence(
            f'<div class="esl-tag">\n  <img class="logo" src="{u}" width="24">\n  <span class="price">{{{{ price }}}}</span>\n</div>', "html")
    if t == 2:
        u = uri("wav")
        return fence(f"object ScannerSounds {{\n    // bip de la douchette quand l'EAN est inconnu\n    const val UNKNOWN_EAN_BEEP = \"{u}\"\n}}", "kotlin")
    if t == 3:
        u = uri(pick(["png", "escpos"]))
        return fence(json.dumps({"receipt": {"store": s, "header": {"logo": u, "align": "center"}, "footer": "Merci de votre visite"}}, indent=2), "json")
    if t == 4:
        u = maybe_trunc(uri("escpos"), 0.5)
        return f"{ts_iso()} printer[{s}-{till()}] DEBUG raster job logo payload={u} len=..."
    if t == 5:
        u = uri(pick(["png", "png", "svg"]))
        return pick(["voilà le rendu du code-barres qu'on envoie à l'imprimante d'étiquettes :",
                     "hada rendu dyal barcode li kaytprinta:", "așa arată codul de bare generat:"]) + f"\n![ean]({u})"
    if t == 6:
        u = maybe_trunc(uri(pick(["svg", "png"])), 0.5)
        return (f"la console de la borne fidélité du {s} affiche :\n> Refused to load the image '{u}' because it violates the following "
                "Content Security Policy directive: \"img-src 'self' https://cdn.korvo-retail.fr\".")
    if t == 7:
        u = uri("map")
        return fence("!function(){var e=window.__POS__||{};e.fmt=function(n){return(n/100).toFixed(2)}}();\n//# sourceMappingURL=" + u, "js")
    if t == 8:
        u = uri("woff2")
        return fence(f"@font-face {{\n  font-family: 'KorvoPrice';\n  src: url(\"{u}…\") format('woff2');\n  font-display: block;\n}}", "css") + \
            "\n(tronqué, la police fait 38 Ko) c'est elle qui manque sur les étiquettes roumaines : pas de ș/ț"
    if t == 9:
        u = uri("pdf")
        return fence(f"# tests/fixtures/receipts.py\nSAMPLE_TICKET_PDF = (\n    \"{u}\"\n)\n\ndef test_ticket_roundtrip():\n    assert decode(SAMPLE_TICKET_PDF).startswith(b\"%PDF-1.4\")", "python")
    if t == 10:
        b = uri(pick(["png", "gif"])).split(",", 1)[1]
        return f"pour vérifier le logo imprimé sur les tickets du {s} :\n" + fence(f"echo '{b}' | base64 -d > logo_ticket.png && file logo_ticket.png", "bash")
    if t == 11:
        raw = svg_icon()
        enc = raw.replace("<", "%3C").replace(">", "%3E").replace('"', "'").replace("#", "%23")
        return f"icône du pin magasin sur la carte des livraisons (version utf8, pas base64) :\n`data:image/svg+xml;utf8,{enc}`"
    if t == 12:
        u = uri(pick(["png", "svg"])).split(",", 1)[1]
        return fence(json.dumps({"request": {"method": "GET", "url": "https://planogram.korvo.internal/static/shelf.png"},
                                  "response": {"status": 200, "content": {"size": len(u), "mimeType": "image/png",
                                                                          "text": u, "encoding": "base64"}}}, indent=1), "json")
    if t == 13:
        u = uri("png").split(",", 1)[1]
        return fence(json.dumps({"output_type": "display_data", "data": {"image/png": u, "text/plain": ["<Figure: ventes par rayon>"]}}), "json")
    if t == 14:
        u = maybe_trunc(uri(pick(["png", "gif"])))
        return pick(["had logo f ticket dyal caisse tban 5ayb f " + city + ", ha data URI li kayn f config:",
                     "logo-ul de pe bon iese pixelat la " + s + ", asta e URI-ul din config:",
                     "ما بانش اللوغو ف التيكي، هادي هي data URI اللي ف الكونفيگ:"]) + "\n`" + u + "`"
    if t == 15:
        u = uri(pick(["png", "escpos"]))
        return fence(f"receipt_layout:\n  store: \"{s}\"\n  width_mm: 80\n  header_logo: {u}\n  footer_lines:\n    - \"Merci et à bientôt\"", "yaml")
    if t == 16:
        u = uri("jpeg")
        return (f"l'API planogramme renvoie la photo du linéaire en inline, c'est pour ça que la réponse fait 2 Mo :\n"
                f"\"shelfPhoto\": \"{u}…\"")
    if t == 17:
        u = uri("gif")
        return f"Newsletter-ul de fidelitate are un pixel de tracking inline, de scos înainte de trimitere:\n`<img src=\"{u}\" width=\"1\" height=\"1\" alt=\"\">`"
    if t == 18:
        u = maybe_trunc(uri("png"), 0.6)
        return f"{ts_iso()[:19].replace('T', ' ')} I/PriceCheckActivity( 4127): loaded tag preview {u}"
    if t == 19:
        u = uri("wav")
        return fence(f"// son de validation paiement sur la borne self-scan\nconst okBeep = new Audio(\"{u}\");\nokBeep.volume = 0.4;", "js")
    if t == 20:
        a, b = uri("svg"), uri("gif")
        return fence(f"| asset | inline |\n|---|---|\n| promo-badge | `{maybe_trunc(a, 0.7)}` |\n| spacer | `{b}` |")
    u = uri(pick(["png", "pdf", "svg"]))
    return (f"someone pasted this in the ticket for store {s}, it's just the receipt preview, not a key:\n"
            + fence(maybe_trunc(u, 0.5)))


# ---------------------------------------------------------------------------
# negatives: placeholder_example
# ---------------------------------------------------------------------------

def masked_pan():
    last = rs(DIGITS, 4)
    return pick(["************" + last, "**** **** **** " + last, "XXXX XXXX XXXX " + last, "•••• " + last,
                 "4970 10** **** " + last, "5355 XX** **** " + last, "xxxx-xxxx-xxxx-" + last])


def neg_placeholder():
    s, city = store()
    t = R.randrange(30)
    if t == 0:
        return fence("# .env.example – service fidélité\nLOYALTY_API_KEY=YOUR_API_KEY\nPOS_DB_PASSWORD=\nSLACK_BOT_TOKEN=xoxb-your-bot-token\nOPENAI_API_KEY=sk-...\n", "dotenv")
    if t == 1:
        return fence(f"[terminal]\ntid = {tid()}\nmerchant_password = <à demander au support acquéreur>\nterminal_key = ********\nhost = {priv_ip()}", "ini")
    if t == 2:
        return fence("esl:\n  gateway: https://esl-gw.{{ .Values.store.id }}.stores.internal\n  apiKey: {{ .Values.esl.apiKey }}\n  password: {{ .Values.esl.password | quote }}", "yaml")
    if t == 3:
        return fence("- name: push price file\n  env:\n    SLACK_BOT_TOKEN: ${{ secrets.SLACK_BOT_TOKEN }}\n    AWS_SECRET_ACCESS_KEY: ${{ secrets.AWS_SECRET_ACCESS_KEY }}\n  run: ./push_prices.sh " + s, "yaml")
    if t == 4:
        return fence(f"[caisses_{s}]\ncaisse-[01:12].mag{s}.stores.internal\n\n[caisses_{s}:vars]\nansible_user=pos\nansible_password=\"{{{{ vault_pos_admin_password }}}}\"", "ini")
    if t == 5:
        return fence(f"KORVO {city.upper()}\nMAG {s}  CAISSE {till()}  {date_fr()} {R.randrange(8, 21):02d}:{R.randrange(60):02d}\n"
                     f"CARTE BANCAIRE  SANS CONTACT\n{masked_pan()}\nA0000000{pick(['42', '03', '04'])}1010\nMONTANT {money_eur()}\nDEBIT\nTICKET CLIENT A CONSERVER")
    if t == 6:
        return pick(["format IBAN attendu dans le formulaire fournisseur : FRkk BBBB BGGG GGCC CCCC CCCC CKK (27 caractères)",
                     "Formatul IBAN acceptat: ROkk BBBB XXXX XXXX XXXX XXXX — fără spații în câmpul din SAP",
                     "RIB marocain f formulaire: 24 chiffres, ex. XXX XXX XXXXXXXXXXXXXXXX XX (maskés)"])
    if t == 7:
        return (f"export CRM anonymisé pour l'audit fidélité :\nclient_id;tel;email;carte\n"
                + "\n".join(f"C{R.randrange(100000, 999999)};{pick(['06 ** ** ** ', '+212 6•• ••• •', '07** *** '])}{rs(DIGITS, 2)};[MASKED];****{rs(DIGITS, 4)}" for _ in range(R.randrange(3, 7))))
    if t == 8:
        return (f"pour tester l'export S3 des tickets en local, prends les clés de la doc AWS :\n"
                + fence("AWS_ACCESS_KEY_ID=AKIAIOSFODNN7EXAMPLE\nAWS_SECRET_ACCESS_KEY=wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY", "dotenv")
                + "\nles vraies sont dans le coffre")
    if t == 9:
        return pick(["mets ta clé OpenAI dans OPENAI_API_KEY=sk-... et surtout pas dans le code du générateur d'étiquettes",
                     "cheia trebuie să înceapă cu sk-proj-… ; dacă vezi sk-ant-api03-... e cheia Anthropic, nu o amestecați",
                     "clé dyal Anthropic kat bda b sk-ant-api03-xxxx…, ila bditi b sk-… rah OpenAI"])
    if t == 10:
        h = pick(["PRIVATE KEY", "RSA PRIVATE KEY", "OPENSSH PRIVATE KEY"])
        return f"le fichier attendu par le script sftp doit ressembler à ça :\n" + fence(f"-----BEGIN {h}-----\nMIIE...\n...\n-----END {h}-----")
    if t == 11:
        return (f"copie du ticket de réclamation (mag {s}) :\nclient : [REDACTED]\ntél : [REDACTED]\ncarte fidélité : [MASKED]\n"
                f"IBAN remboursement : <redacted>\nmotif : prix rayon ≠ prix caisse sur {pick(['lessive', 'café moulu', 'couches', 'huile d olive'])}")
    if t == 12:
        return pick(["sur les TPE de démo du labo le code maintenance reste celui d'usine (cf. doc fabricant), et le back-office de recette c'est admin/admin, rien de secret",
                     "f caisse dyal formation login howa demo w mot de passe demo, ma fihch mouchkil",
                     "pe casa de training userul e training/training, e documentat în manual"])
    if t == 13:
        return "connection string à mettre dans le service caisse (remplacer les chevrons) :\n`Server=<serveur_magasin>\\SQLEXPRESS;Database=CaisseDB;User Id=<user>;Password=<password>;`"
    if t == 14:
        return fence(f"DATABASE_URL=postgres://user:password@localhost:5432/pos_dev\nREDIS_URL=redis://localhost:6379/0\nSTORE_ID={s}", "dotenv")
    if t == 15:
        return f"les secrets du {s} sont dans Vault : `vault kv get -field=password secret/stores/{s}/tpe-gw` — ne les collez pas ici"
    if t == 16:
        return fence(f"set POS_USER=caisse{till()}\nnet use \\\\srv-mag{s}\\partage /user:%POS_USER% %MDP_CAISSE%\ncall sync_prix.bat %STORE_ID%", "bat")
    if t == 17:
        return fence(f"apiVersion: v1\nkind: Secret\nmetadata:\n  name: loyalty-{s}\nstringData:\n  DB_PASSWORD: \"\"\n  API_KEY: CHANGEME\n  JWT_SECRET: \"<generate-me>\"", "yaml")
    if t == 18:
        return "Parola: <parola ta>, nu o scrie aici. Tokenul: ${ESL_TOKEN}. CNP-ul clientului: XXXXXXXXXXXXX (nu îl cerem pe Slack)."
    if t == 19:
        return pick(["dir lmot de passe f blast <MOT_DE_PASSE> w lusername f <LOGIN_MAGASIN> w safi",
                     "حط كلمة السر ف <PASSWORD> وماشي هنا ف السلاك"])
    if t == 20:
        return fence(f"resource \"aws_db_instance\" \"pos_{s}\" {{\n  username = \"pos_admin\"\n  password = var.pos_db_password\n}}", "hcl")
    if t == 21:
        return fence(f"curl -X POST https://esl-gw.korvo.internal/api/v2/labels/refresh \\\n  -H \"Authorization: Bearer <token>\" \\\n  -d '{{\"store\":\"{s}\",\"aisle\":{R.randrange(1, 20)}}}'", "bash")
    if t == 22:
        return fence(json.dumps({"customer": {"name": "<nom>", "phone": "+33 X XX XX XX XX", "email": "<email>"},
                                  "card_number": "4XXX XXXX XXXX XXXX", "iban": "FR76 XXXX XXXX XXXX XXXX XXXX XXX"}, indent=2, ensure_ascii=False), "json")
    if t == 23:
        return pick(["pour cloner pos-firmware : `git clone https://x-access-token:<TON_TOKEN>@github.com/korvo-retail/pos-firmware` (un token du genre ghp_xxxxxxxxxxxxxxxxxxxx, pas le mien)",
                     "tokenul e de forma github_pat_... — îl generezi tu din setări, nu-l cere pe canal"])
    if t == 24:
        return f"1Password : op://Magasins/TPE-{s}/password et op://Magasins/ESL-{s}/api-key, la CLI les injecte au démarrage"
    if t == 25:
        return f"Carte fidélité : **** **** {rs(DIGITS, 4)} — points : {R.randrange(0, 9000)} — le reste est masqué dans le back-office depuis la v{pos_version()}"
    if t == 26:
        return f"US vendor onboarding form: SSN field shows ***-**-{rs(DIGITS, 4)} after save, the template says XXX-XX-XXXX, that's expected"
    if t == 27:
        return fence(f"SLACK_WEBHOOK_URL=https://hooks.slack.com/services/T00000000/B00000000/XXXXXXXXXXXXXXXXXXXXXXXX\nCHANNEL=#livraisons-{s}", "dotenv")
    if t == 28:
        return f"dans le .env du {s} j'ai `ESL_API_KEY=${{ESL_API_KEY}}` et `%TPE_PASS%` dans le .bat, donc rien en clair, c'est bon"
    return f"le mot de passe wifi invité du magasin est affiché à l'accueil (« (sensitive value) » dans l'outil), pas besoin de le demander ici"


# ---------------------------------------------------------------------------
# negatives: code_identifier
# ---------------------------------------------------------------------------

CW = ["Loyalty", "Card", "Number", "Mask", "Pan", "Iban", "Rib", "Phone", "Email", "Token", "Password", "Secret", "Pin",
      "Terminal", "Tpe", "Receipt", "Till", "Price", "Tag", "Ean", "Planogram", "Shelf", "Slot", "Delivery", "Ssn",
      "Credential", "ApiKey", "Merchant", "Acquirer", "Emv", "Refund", "Voucher", "Cashier", "Fiscal"]
CS = ["Validator", "Handler", "Provider", "Resolver", "Mapper", "Service", "Factory", "Repository", "Interceptor",
      "Controller", "Formatter", "Encoder", "Client", "Listener", "Job", "Policy"]
PKG = ["payment", "loyalty", "receipt", "tpe", "esl", "planogram", "pricing", "till", "fiscal", "delivery", "refund"]


def cls():
    return "".join(pick(CW) for _ in range(R.randrange(2, 4))) + pick(CS)


def meth():
    w = [pick(CW) for _ in range(R.randrange(2, 4))]
    return pick(["get", "mask", "validate", "resolve", "rotate", "load", "encrypt", "format", "on"]) + "".join(w)


def snake():
    return "_".join(pick(CW).lower() for _ in range(R.randrange(2, 4))) + pick(["_hash", "_masked", "_last4", "_enc", "_id", "_ref", ""])


def mangled():
    parts = [pick(["tpe", "emv", "pinpad", "crypto", "kernel", "receipt"]), pick(CW) + pick(CS), meth()]
    return "_ZN" + "".join("%d%s" % (len(p), p) for p in parts) + pick(["Ev", "ERKSt6vectorIhSaIhEE", "EPKcm", "Ei", "ERKNS_6BufferE"])


def pod(name):
    return "%s-%s-%s" % (name, rs("bcdfghjklmnpqrstvwxz2456789", 10), rs("bcdfghjklmnpqrstvwxz2456789", 5))


def neg_code():
    s, city = store()
    t = R.randrange(22)
    if t == 0:
        lines = [f"{ts_iso()} ERROR [tpe-bridge-{R.randrange(1, 9)}] com.korvo.pos.{pick(PKG)}.{cls()} - {pick(['Terminal handshake failed', 'Unable to mask PAN for receipt', 'Loyalty lookup failed', 'Refund rejected by acquirer'])}",
                 f"com.korvo.pos.{pick(PKG)}.exception.{pick(CW)}{pick(CW)}Exception: {pick(['timeout after 30000 ms', 'pinpad returned 0x8F', 'invalid EAN checksum', 'no route to ESL gateway'])}"]
        for _ in range(R.randrange(6, 22)):
            c = cls()
            lines.append(f"\tat com.korvo.pos.{pick(PKG)}.{pick(['impl', 'core', 'web', 'adapter', 'config'])}.{c}.{meth()}({c}.java:{R.randrange(20, 900)})")
        lines.append("\tat java.base/java.lang.Thread.run(Thread.java:1583)")
        return fence("\n".join(lines))
    if t == 1:
        return f"le nouveau `{cls()}` remplace `{cls()}` dans la 7.{R.randrange(0, 20)}, pensez à mettre à jour le bean `{meth()}` côté caisse"
    if t == 2:
        cols = [f"  {snake()} {pick(['CHAR(64)', 'BYTEA', 'VARCHAR(32)', 'BIGINT', 'TEXT'])}" for _ in range(R.randrange(4, 9))]
        return fence(f"CREATE TABLE loyalty_member (\n  member_id BIGINT PRIMARY KEY,\n  loyalty_card_number_hash CHAR(64) NOT NULL,\n  phone_e164_encrypted BYTEA,\n  email_sha256 CHAR(64),\n" + ",\n".join(cols) + "\n);", "sql")
    if t == 3:
        lines = [f"Unhandled exception. Korvo.Pos.Tpe.{pick(CW)}{pick(CW)}Exception: {pick(['PinPad not ready', 'Maintenance code rejected', 'Receipt printer offline'])}"]
        for _ in range(R.randrange(4, 14)):
            lines.append(f"   at Korvo.Pos.{pick(['Tpe', 'Loyalty', 'Esl', 'Fiscal'])}.{cls()}.{meth()}() in C:\\build\\src\\{pick(PKG)}\\{cls()}.cs:line {R.randrange(10, 700)}")
        return fence("\n".join(lines))
    if t == 4:
        lines = ["Traceback (most recent call last):"]
        for _ in range(R.randrange(3, 9)):
            lines.append(f"  File \"/opt/korvo/price_tags/{snake()}.py\", line {R.randrange(10, 400)}, in {pick(['_', ''])}{snake()}")
            lines.append(f"    {snake()} = {snake()}({snake()}, store=\"{s}\")")
        lines.append(f"KeyError: '{snake()}'")
        return fence("\n".join(lines))
    if t == 5:
        flags = [f"pos.{pick(PKG)}.{snake()}: {pick(['true', 'false', '0.25', 'stores-ma'])}" for _ in range(R.randrange(4, 10))]
        return fence("# feature flags caisses\npos.receipt.mask_pan: true\nloyalty.sms_otp_enabled: false\n" + "\n".join(flags), "yaml")
    if t == 6:
        names = ["loyalty-api", "esl-gateway", "tpe-bridge", "planogram-svc", "price-publisher", "receipt-archiver"]
        rows = ["NAME                                READY   STATUS    RESTARTS   AGE"]
        for _ in range(R.randrange(4, 12)):
            rows.append(f"{pod(pick(names)):<36}{pick(['1/1', '0/1', '2/2']):<8}{pick(['Running', 'CrashLoopBackOff', 'Running', 'Pending']):<10}{R.randrange(0, 40):<11}{R.randrange(1, 59)}{pick(['m', 'h', 'd'])}")
        return "kubectl -n pos-" + pick(["fr", "ma", "ro"]) + " get pods\n" + fence("\n".join(rows))
    if t == 7:
        res = [f"  # aws_secretsmanager_secret.{snake()} will be created", f"  # aws_iam_access_key.receipts_export_{s} will be created",
               f"  # aws_secretsmanager_secret_version.tpe_gateway_api_key will be updated in-place",
               f"  # module.store_{s}.aws_ssm_parameter.{snake()} will be created"]
        R.shuffle(res)
        return fence("Terraform will perform the following actions:\n\n" + "\n".join(res[:R.randrange(2, 5)]) + f"\n\nPlan: {R.randrange(1, 6)} to add, {R.randrange(0, 3)} to change, 0 to destroy.")
    if t == 8:
        frames = [f"#{k}  0x{rs(HEX, 8)} in {mangled()} () at src/{pick(['emv', 'pinpad', 'crypto'])}/{snake()}.cpp:{R.randrange(10, 900)}" for k in range(R.randrange(3, 9))]
        return "backtrace du firmware TPE (crash au moment du PIN) :\n" + fence("\n".join(frames))
    if t == 9:
        rpcs = [f"  rpc {meth()[0].upper() + meth()[1:]}({cls()}Request) returns ({cls()}Response);" for _ in range(R.randrange(3, 7))]
        return fence("service TerminalSecretsService {\n  rpc RotateTerminalSecret(RotateTerminalSecretRequest) returns (RotateTerminalSecretResponse);\n" + "\n".join(rpcs) + "\n}", "protobuf")
    if t == 10:
        fields = [f"  {meth()}: {pick(['String', 'Int', 'Boolean', 'Money!'])}" for _ in range(R.randrange(3, 8))]
        return fence("type LoyaltyMember {\n  customerPhoneMasked: String\n  loyaltyCardLast4: String\n  ibanLast4: String\n" + "\n".join(fields) + "\n}", "graphql")
    if t == 11:
        lines = [f"panic: runtime error: invalid memory address or nil pointer dereference", "", "goroutine %d [running]:" % R.randrange(1, 400)]
        for _ in range(R.randrange(3, 8)):
            lines.append(f"gitlab.korvo.internal/pos/tpe-bridge/internal/{pick(PKG)}.(*{cls()}).{meth()}(0xc000{rs(HEX, 6)})")
            lines.append(f"\t/build/internal/{pick(PKG)}/{snake()}.go:{R.randrange(10, 500)} +0x{rs(HEX, 3)}")
        return fence("\n".join(lines))
    if t == 12:
        chunks = [f"static/js/{pick(['planogram-viewer', 'price-tag-editor', 'till-dashboard', 'delivery-slots'])}.{rs(HEX, 8)}.chunk.js   {R.randrange(10, 400)}.{R.randrange(10)} kB" for _ in range(R.randrange(3, 8))]
        return "build du back-office magasin OK :\n" + fence("\n".join(chunks))
    if t == 13:
        return f"le badge promo est cassé sur Safari, c'est la classe `PriceTag_promoBadge__{rs(B62, 5)}` (et `sc-{rs(LOWER + UPPER, 6)}` pour le wrapper), pas le composant `{cls()}`"
    if t == 14:
        frames = [f"  {k}: korvo_esl_sync::{snake()}::{snake()}::h{rs(HEX, 16)}" for k in range(R.randrange(4, 10))]
        return fence(f"thread 'main' panicked at src/{snake()}.rs:{R.randrange(10, 300)}:{R.randrange(5, 40)}:\ncalled `Option::unwrap()` on a `None` value\nstack backtrace:\n" + "\n".join(frames))
    if t == 15:
        names = ["POS_DB_PASSWORD_FILE", "LOYALTY_API_KEY_SECRET_ARN", "ESL_TOKEN_PATH", "TPE_MAINTENANCE_CODE_REF",
                 "SLACK_BOT_TOKEN_SSM_PARAM", "IBAN_ENCRYPTION_KEY_ID", "PAN_TOKENIZATION_KEY_ALIAS", "SMTP_PASSWORD_VAULT_PATH"]
        R.shuffle(names)
        return "variables d'env du conteneur caisse (noms seulement) :\n" + "\n".join("- `%s`" % n for n in names[:R.randrange(3, 8)])
    if t == 16:
        vals = ["PIN_TRY_LIMIT_EXCEEDED", "CARD_EXPIRED", "PAN_LUHN_INVALID", "TERMINAL_PASSWORD_LOCKED", "ACQUIRER_TIMEOUT",
                "CONTACTLESS_LIMIT", "SSN_NOT_REQUIRED", "IBAN_BIC_MISMATCH"]
        R.shuffle(vals)
        body = ",\n".join(f"    {v}(\"{pick(['E', 'W'])}{R.randrange(100, 999)}\")" for v in vals[:R.randrange(3, 8)])
        return fence(f"public enum TpeErrorCode {{\n{body};\n}}", "java")
    if t == 17:
        return pick([f"chof l fonction `validateIbanRibKey()` f `SupplierBankAccountService`, hiya li katrfod l RIB dyal {s}",
                     f"uitați-vă la `{cls()}.{meth()}()`, acolo se pierde prefixul magazinului {s}",
                     f"شوف `{meth()}` ف `{cls()}` هي اللي كترجع null"])
    if t == 18:
        lines = [f"{R.randrange(1, 12):02d}-{R.randrange(1, 28):02d} {R.randrange(24):02d}:{R.randrange(60):02d}:{R.randrange(60):02d}.{R.randrange(1000):03d}  {R.randrange(2000, 9000)}  {R.randrange(2000, 9000)} {pick('DIWE')} {cls()}: {meth()} {pick(['ok', 'failed', 'retry'])}" for _ in range(R.randrange(4, 12))]
        return "logcat du terminal PDA inventaire :\n" + fence("\n".join(lines))
    if t == 19:
        mods = [f":pos:{pick(PKG)}:{pick(['tpe-ingenico', 'tpe-verifone', 'api', 'impl', 'testing'])}" for _ in range(R.randrange(3, 7))]
        return fence("include(\n" + ",\n".join(f"    \"{m}\"" for m in mods) + "\n)", "kotlin")
    if t == 20:
        return fence(f"def {snake()}({snake()}: str, {snake()}: str | None = None) -> str:\n    \"\"\"Masque le PAN pour le ticket client (garde les 4 derniers).\"\"\"\n    return mask_pan_keep_last4({snake()})", "python")
    syms = [f"{pick(['T', 't'])} _$s5Korvo{R.randrange(2, 9)}{pick(CW)}{pick(CS)}C{R.randrange(4, 20)}{meth()}yy{pick(['SS', 'Si', 'Sb'])}F" for _ in range(R.randrange(3, 7))]
    return "symboles de l'app iOS du manager (nm) :\n" + fence("\n".join(syms))


# ---------------------------------------------------------------------------
# negatives: non_credential_blob
# ---------------------------------------------------------------------------

def neg_blob():
    s, city = store()
    t = R.randrange(24)
    if t == 0:
        lines = [f"{sha(40)} {pick(['fix(tpe): retry télécollecte', 'feat(esl): template 4.2 promo', 'chore: bump pinpad sdk', 'fix(receipt): masquer PAN', 'feat(fiscal): casa de marcat RO'])}" for _ in range(R.randrange(3, 9))]
        return "git log --format='%H %s' release/stores-2025.14\n" + fence("\n".join(lines))
    if t == 1:
        return f"image caisse déployée sur le {s} : `registry.korvo.internal/pos/till-ui@sha256:{sha(64)}`"
    if t == 2:
        lines = [f"{ts_iso()} tpe-gw INFO txn={uuid4()} store={s} till={till()} status={pick(['APPROVED', 'DECLINED', 'TIMEOUT'])}" for _ in range(R.randrange(3, 10))]
        return fence("\n".join(lines))
    if t == 3:
        files = ["prix_%s_%s.csv.gz" % (s, date_fr().replace("/", "")), "planogramme_allee%02d.zip" % R.randrange(1, 20),
                 "tpe_fw_%s.bin" % pos_version(), "esl_templates_v%d.tar" % R.randrange(3, 9)]
        return "sha256sum du lot envoyé cette nuit :\n" + fence("\n".join(f"{sha(64)}  {f}" for f in files[:R.randrange(2, 5)]))
    if t == 4:
        return fence(f"\"node_modules/@korvo/price-format\": {{\n  \"version\": \"{R.randrange(1, 5)}.{R.randrange(20)}.{R.randrange(20)}\",\n  \"integrity\": \"sha512-{b64_rand(64)}\"\n}}", "json")
    if t == 5:
        return f"ETag de l'export prix S3 pour {s} : \"{sha(32)}-{R.randrange(2, 40)}\" (multipart), celui d'hier : \"{sha(32)}\""
    if t == 6:
        return fence(f"traceparent: 00-{sha(32)}-{sha(16)}-01\nx-request-id: {uuid4()}\nx-korvo-store: {s}", "http")
    if t == 7:
        tags = [("TVR", rs("0123456789ABCDEF", 10)), ("TSI", rs("0123456789ABCDEF", 4)), ("AIP", rs("0123456789ABCDEF", 4)),
                ("ATC", rs("0123456789ABCDEF", 4)), ("ARQC", rs("0123456789ABCDEF", 16)), ("IAD", rs("0123456789ABCDEF", 32)),
                ("UN", rs("0123456789ABCDEF", 8)), ("CVMR", rs("0123456789ABCDEF", 6))]
        return (f"trace EMV du refus sur la caisse {till()} du {s} (pas de PAN dedans) :\n" +
                fence("\n".join(f"{k:<5}= {v}" for k, v in tags[:R.randrange(4, 9)])))
    if t == 8:
        return f"comanda de livrare {ulid()} pentru {s} a fost reprogramată, vezi și {ulid()}"
    if t == 9:
        return fence(json.dumps({"_id": {"$oid": rs(HEX, 24)}, "store": s, "aisle": R.randrange(1, 30), "planogramRev": rs(HEX, 24)}), "json")
    if t == 10:
        cur = base64.b64encode(json.dumps({"store": s, "after": R.randrange(1000, 90000)}).encode()).decode().rstrip("=")
        return f"pagination de l'API tickets : `?cursor={cur}` puis `next_cursor` = `{base64.b64encode(json.dumps({'store': s, 'after': R.randrange(90000, 190000)}).encode()).decode()}`"
    if t == 11:
        return fence(f"tpe_gateway:\n    api_key: ENC[AES256_GCM,data:{b64_rand(R.randrange(24, 48))},iv:{b64_rand(32)},tag:{b64_rand(16)},type:str]\nsops:\n    lastmodified: \"2025-{R.randrange(1, 13):02d}-{R.randrange(1, 28):02d}T10:12:44Z\"", "yaml")
    if t == 12:
        return f"empreinte de la clé hôte du SFTP planogramme (à vérifier au 1er connect) : SHA256:{b64_rand(32).rstrip('=')} (ED25519)"
    if t == 13:
        return f"Sentry: event {sha(32)} — ZeroDivisionError in compute_facings (planogram-svc), {R.randrange(2, 90)} occurrences depuis {s}"
    if t == 14:
        return fence("\n".join(f"{pick(['TPE-FW', 'PINPAD', 'EMV-L2'])}_{pos_version()}.bin  sig={sha(64)}" for _ in range(R.randrange(2, 6))))
    if t == 15:
        return fence(f"diff --git a/config/stores/{s}.yaml b/config/stores/{s}.yaml\nindex {sha(7)}..{sha(7)} 100644\n--- a/config/stores/{s}.yaml\n+++ b/config/stores/{s}.yaml\n@@ -3,7 +3,7 @@\n-delivery_slot: \"05:30-07:00\"\n+delivery_slot: \"06:00-07:30\"", "diff")
    if t == 16:
        return fence(f"PUT /prices/{s}/batch.csv HTTP/1.1\nContent-MD5: {b64_rand(16)}\nx-goog-hash: crc32c={b64_rand(4)}\nContent-Length: {R.randrange(10000, 900000)}", "http")
    if t == 17:
        return f"pipeline {R.randrange(100000, 999999)} / job {R.randrange(1000000, 9999999)} a échoué sur `esl-sync:{sha(8)}`, relancé en {R.randrange(100000, 999999)}"
    if t == 18:
        return fence(f"  annotations:\n    checksum/config: {sha(64)}\n    checksum/secret: {sha(64)}", "yaml")
    if t == 19:
        txt = pick(["Merci de votre visite - KORVO " + city, "Vă mulțumim pentru vizită! Magazin " + s, "شكرا على زيارتكم - KORVO " + city])
        return f"le pied de ticket encodé dans la conf est juste `{base64.b64encode(txt.encode()).decode()}` (base64 de « {txt} »)"
    if t == 20:
        rows = [f"{rs(HEX, 32)}  {R.randrange(1, 9000)}  {pick(['PRICE_SYNC', 'TAG_REFRESH', 'BATTERY_LOW'])}" for _ in range(R.randrange(4, 10))]
        return "labels ESL en erreur (id étiquette = hash MAC interne) :\n" + fence("\n".join(rows))
    if t == 21:
        return f"RequestId: {uuid4()}  Duration: {R.randrange(10, 900)}.{R.randrange(10, 99)} ms  Billed Duration: {R.randrange(10, 900)} ms  (lambda export-z-reports, store {s})"
    if t == 22:
        return fence(f"{pick(['korvo-pos', 'esl-bridge'])} {pos_version()[:5]} h1:{b64_rand(32)}\n{pick(['golang.org/x/crypto', 'github.com/korvo/emv'])} v0.{R.randrange(10, 40)}.0 h1:{b64_rand(32)}", "text")
    return f"vault:v1:{b64_rand(R.randrange(30, 60))} — c'est la valeur chiffrée par Transit, illisible sans la clé, pas de souci pour la coller"


# ---------------------------------------------------------------------------
# negatives: pii_lookalike_number
# ---------------------------------------------------------------------------

def neg_number():
    s, city = store()
    fs, fcity = store("fr")
    ms, mcity = store("ma")
    ros, rcity = store("ro")
    t = R.randrange(28)
    if t == 0:
        rows = ["magasin;caisse;date;nb_tickets;ca_ttc;tva"]
        for _ in range(R.randrange(5, 20)):
            rows.append(f"{fs};{till()};{date_fr()};{R.randrange(80, 900)};{R.randrange(1500, 40000)},{R.randrange(100):02d};{R.randrange(100, 6000)},{R.randrange(100):02d}")
        return "Z de caisse d'hier, export brut :\n" + fence("\n".join(rows))
    if t == 1:
        eans = [ean13() for _ in range(R.randrange(3, 12))]
        return f"réimpression étiquettes rayon {R.randrange(1, 30)} au {fs}, EAN concernés :\n" + "\n".join("- " + e for e in eans)
    if t == 2:
        cards = [loyalty_card() for _ in range(R.randrange(2, 6))]
        return f"correction de points fidélité (bug promo x2) pour les cartes :\n" + "\n".join(f"{c} → +{R.randrange(10, 500)} pts" for c in cards)
    if t == 3:
        sn = siren()
        return f"fournisseur palettes : SIREN {sn}, TVA {tva_fr(sn)}, code fournisseur SAP {R.randrange(100000, 999999)}"
    if t == 4:
        return f"facture Maroc : ICE {ice()}, RC {R.randrange(10000, 600000)} {pick(['Casablanca', 'Rabat', 'Tanger'])}, IF {R.randrange(1000000, 60000000)}, patente {R.randrange(10000000, 99999999)}"
    if t == 5:
        return f"Furnizor RO: CUI RO{cui()}, Nr. Reg. Com. J{R.randrange(1, 52):02d}/{R.randrange(100, 9999)}/{R.randrange(1995, 2024)}, factura seria KRV nr. {R.randrange(10000, 99999)}"
    if t == 6:
        rows = ["| créneau | quai | commande | palettes |", "|---|---|---|---|"]
        for _ in range(R.randrange(3, 8)):
            h = R.randrange(4, 11)
            rows.append(f"| {h:02d}:{pick(['00', '30'])}–{h + 1:02d}:{pick(['00', '30'])} | {R.randrange(1, 5)} | {order_no()} | {R.randrange(1, 33)} |")
        return f"créneaux de livraison demain pour {fs} :\n" + "\n".join(rows)
    if t == 7:
        return (f"transaction refusée caisse {till()} du {s} : TID {tid()}, RRN {rs(DIGITS, 12)}, STAN {rs(DIGITS, 6)}, "
                f"code autorisation {rs(UPPER + DIGITS, 6)}, réponse {pick(['05', '51', '55', '91', 'A1'])}, montant {money_eur()}")
    if t == 8:
        return f"planogramme PLG-2025-{pick(['FR', 'MA', 'RO'])}-{s}-B{R.randrange(1, 40):02d} rev {R.randrange(1, 20)} : étagère {R.randrange(1, 7)}, position {R.randrange(1, 30)}, {R.randrange(1, 8)} facings, profondeur {R.randrange(2, 12)}"
    if t == 9:
        return f"changement de prix semaine {R.randrange(1, 52)} : EAN {ean13()} ancien prix {money_eur()} → nouveau {money_eur()}, EAN8 {ean8()} inchangé"
    if t == 10:
        return f"versiunea casei după update: {pos_version()}, firmware pinpad {pos_version()}, driver imprimantă {pos_version()}"
    if t == 11:
        lines = [f"caisse {k:02d}  {priv_ip()}  port {pick([9100, 8443, 5000, 2001])}" for k in range(1, R.randrange(4, 10))]
        return f"plan d'adressage du {s} (LAN magasin) :\n" + fence("\n".join(lines))
    if t == 12:
        return f"la télécollecte a tourné à {epoch()} (epoch) et la précédente à {epoch()}, soit le {date_fr()} — Slack ts {epoch()}.{rs(DIGITS, 6)}"
    if t == 13:
        return f"{pick(['INC', 'RITM', 'CHG'])}{rs(DIGITS, 7)} ouvert pour le TPE du {s}, lié à {pick(['INC', 'PRB'])}{rs(DIGITS, 7)} et au ticket fournisseur #{R.randrange(100000, 999999)}"
    if t == 14:
        return f"carton GTIN {gtin14()}, lot {pick(['L', 'LOT'])}{R.randrange(10000, 99999)}{pick(UPPER)}, DLC {date_fr()}, {R.randrange(6, 48)} UVC par colis"
    if t == 15:
        rows = [f"{fs}-{till()}-{R.randrange(100000, 999999)}  {date_fr()}  {money_eur()}" for _ in range(R.randrange(4, 12))]
        return "tickets avec écart prix rayon / prix caisse :\n" + fence("\n".join(rows))
    if t == 16:
        return f"inventaire tournant {ms} : {R.randrange(10, 99)} {R.randrange(100, 999)} unités comptées, écart {R.randrange(-900, 900)} unités, valeur {R.randrange(1, 99)} {R.randrange(100, 999)},{R.randrange(10, 99)} DH"
    if t == 17:
        return f"Bon fiscal nr. {R.randrange(1, 9999):06d}, casa {int(till())}, AMEF seria {pick(['DA', 'AC', 'ZB'])}{rs(DIGITS, 10)}, magazin {ros} {rcity}, total {money_lei()}"
    if t == 18:
        return f"facture n° FA-2025-{R.randrange(1, 99999):06d} pour {mcity}, bon de commande {order_no()}, montant {money_mad()} TTC"
    if t == 19:
        return f"le SIRET saisi pour le nouveau prestataire ménage ({bad_siret()}) est rejeté : la clé de contrôle ne passe pas, ils ont dû inverser deux chiffres"
    if t == 20:
        return f"balance poids-prix : EAN {ean13(pick(['21', '22', '23', '24']))} (article {R.randrange(1000, 9999)}, prix encodé dans le code), ticket pesée {R.randrange(1000, 9999)}"
    if t == 21:
        return f"fond de caisse {money_eur()} par caisse, {R.randrange(10, 14)} caisses au {fs}, écart de {money_eur()} sur la {till()} au comptage de {R.randrange(19, 22)}h"
    if t == 22:
        return f"impression lot étiquettes job #{R.randrange(1000000, 9999999)} : {R.randrange(100, 4000)} étiquettes, imprimante {priv_ip()}:9100, modèle {pick(['ZD421', 'GK420d', 'ESL-2.9'])}"
    if t == 23:
        return f"points fidélité du porteur {loyalty_card()} : {R.randrange(0, 9999)} pts, expiration {date_fr()}, dernier passage caisse {till()} magasin {s}"
    if t == 24:
        rows = ["order_id,created_at,store,invoice"]
        for _ in range(R.randrange(15, 30)):
            rows.append(f"{order_no()},{ts_iso()},{s},INV-{R.randrange(2024, 2026)}-{R.randrange(1, 999999):06d}")
        return fence("\n".join(rows), "csv")
    if t == 25:
        return f"doc-test range only: the staging TPE gateway sits at {doc_ip()} and {doc_ip()}, stores reach it over {priv_ip()}/{pick([16, 24, 22])}"
    if t == 26:
        return f"X-RateLimit-Limit: {pick([600, 1200, 3000])}\nX-RateLimit-Remaining: {R.randrange(0, 600)}\nX-RateLimit-Reset: {epoch()}\n(API fidélité, magasin {s})"
    return f"{pick(['TVA', 'TVA', 'VAT'])} : 20 % / 10 % / 5,5 % ; au Maroc 20 %, en Roumanie {pick(['19', '21'])} % — CA semaine {R.randrange(100, 999)} {R.randrange(100, 999)},{R.randrange(10, 99)} € pour le {fs}"


# ---------------------------------------------------------------------------
# negatives: talk_about_secrets
# ---------------------------------------------------------------------------

TALK_FR = [
    "Rappel : on ne colle jamais un numéro de carte client dans Slack, même pour un double débit, on passe par le portail acquéreur.",
    "Le mot de passe du back-office caisse a été changé ce matin sur tous les magasins, le nouveau est dans le coffre, pas ici.",
    "Si un « technicien du fournisseur TPE » vous appelle pour demander le code maintenance, raccrochez et ouvrez un ticket.",
    "La clé API du programme fidélité a été régénérée après le départ du prestataire, l'ancienne est révoquée.",
    "Audit PCI DSS la semaine prochaine : vérifiez qu'aucun PAN complet ne traîne dans les logs de caisse.",
    "Les IBAN des clients pour les remboursements se saisissent dans l'outil compta, jamais dans un fil Slack.",
    "J'ai supprimé le message d'hier qui contenait un mot de passe en clair et j'ai demandé la rotation.",
    "Arnaque au changement de RIB : un faux fournisseur a écrit à trois magasins, ne traitez aucune demande par mail.",
    "Le token du bot d'alertes TPE expire fin du mois, quelqu'un a les droits pour en générer un nouveau ?",
    "La clé privée du certificat de la passerelle a été régénérée, l'ancienne n'a jamais quitté le HSM.",
    "Pour le RGPD, les numéros de téléphone des porteurs de carte fidélité ne doivent pas sortir du CRM.",
    "Le scanner de secrets a bloqué le commit du script d'étiquettes : faux positif sur un EAN, on ajoute une exception.",
    "Les codes PIN des TPE ne sont jamais connus du magasin, c'est le client qui les tape, point.",
    "Le mot de passe Wi-Fi staff a été changé après que quelqu'un l'a écrit sur un post-it à la caisse centrale.",
    "On a reçu un mail de phishing imitant le portail fidélité qui demande l'e-mail et le mot de passe des directeurs.",
]
TALK_MA = [
    "3afakom ma tsiftouch numéro dyal carte dyal lclient f Slack, dima portail dyal l'acquéreur.",
    "lmot de passe dyal back-office tbeddel lyoum f ga3 les magasins, ghadi tl9awh f coffre machi hna.",
    "ila chi wa7ed 3iyet w gal rah technicien dyal TPE w bgha code maintenance, 9te3 w 7el ticket.",
    "clé API dyal fidélité tbeddlat mn ba3d ma mcha l'prestataire, l9dima ma b9atch khddama.",
    "RIB dyal lclients bach nraj3o lflous kaydkhel f outil dyal compta, machi f Slack.",
    "ما تصيفطوش كلمة السر ف السلاك، كاينة ف الكوفر.",
    "عنداكم من التيليفونات ديال ناس كيقولو راهم من عند البنك وكيطلبو الكود ديال التيبي.",
    "الكلية ديال API ديال الفيدليتي تبدلات، القديمة ما بقاتش خدامة.",
    "numéros dyal téléphone dyal clients dyal carte fidélité ma khasshomch ykhrjou mn CRM.",
    "token dyal bot dyal alertes ghadi ysali f lakher dyal chhar, chkoun 3ando droits bach ydir jdid?",
]
TALK_RO = [
    "Vă rog nu mai puneți numere de card ale clienților pe Slack, nici măcar pentru dubla debitare.",
    "Parola de la backoffice-ul caselor s-a schimbat azi dimineață, e în seif, nu aici.",
    "Dacă vă sună cineva „de la furnizorul de POS” și cere codul de mentenanță, închideți și deschideți tichet.",
    "Cheia API de la programul de fidelitate a fost regenerată, cea veche e revocată.",
    "IBAN-urile pentru rambursări se introduc doar în aplicația de contabilitate, nu pe canal.",
    "Am șters mesajul de ieri cu parola în clar și am cerut rotirea ei.",
    "Tokenul botului de alerte expiră la sfârșitul lunii, cine are drepturi să genereze unul nou?",
    "Auditul PCI e săptămâna viitoare: verificați să nu existe PAN complet în logurile caselor.",
    "Numerele de telefon ale clienților cu card de fidelitate nu ies din CRM, conform GDPR.",
    "Am primit un e-mail de phishing care imită portalul de fidelitate și cere parola directorilor.",
]
TALK_EN = [
    "Reminder: never paste a customer's card number here, even for a duplicate charge, use the acquirer portal.",
    "The till back-office password was rotated this morning for all stores; the new one is in the vault.",
    "If someone calls pretending to be the payment terminal vendor and asks for the maintenance code, hang up.",
    "We rotated the loyalty API key after the contractor left; the old one is revoked.",
    "The secret scanner blocked the price-tag script commit: false positive on an EAN, adding an allowlist entry.",
    "The gateway certificate's private key was regenerated inside the HSM; it never left it.",
    "Customers' phone numbers stay in the CRM, please don't export them to spreadsheets.",
    "Someone committed the ESL gateway token to the repo last week; it has been revoked and the history rewritten.",
    "Do we really need the US contractor's SSN in the vendor form? Legal says only the vendor portal should hold it.",
    "Please stop DMing each other store router passwords, request access through the IT portal instead.",
]


def neg_talk():
    s, city = store()
    t = R.randrange(10)
    pools = [TALK_FR, TALK_MA, TALK_RO, TALK_EN]
    if t == 0:
        return pick(pick(pools))
    if t == 1:
        pool = pick(pools)
        k = R.randrange(2, 4)
        return " ".join(R.sample(pool, k))
    if t == 2:
        a, b = pick(pools), pick(pools)
        return pick(a) + "\n" + pick(b)
    if t == 3:
        return (f"*Post-mortem – fuite de mot de passe magasin {s}*\n"
                f"• Quoi : le mot de passe du compte manager a été posté dans #ops-magasins à {R.randrange(8, 20)}h{R.randrange(10, 59)}\n"
                f"• Impact : aucun accès suspect dans les logs du back-office\n"
                f"• Actions : message supprimé, mot de passe changé, rappel envoyé aux chefs de caisse\n"
                f"• Suivi : {pick(['INC', 'PRB'])}{rs(DIGITS, 7)}")
    if t == 4:
        return ("FAQ support caisses\n"
                "Q : Un client me donne son numéro de carte au téléphone, je le note où ?\nR : Nulle part. On le renvoie vers sa banque ou on fait le remboursement sur le TPE.\n"
                "Q : Je peux envoyer le code Wi-Fi staff à un intérimaire ?\nR : Oui, mais en direct, pas dans un canal.\n"
                "Q : Le technicien demande le mot de passe admin du TPE ?\nR : Il a son propre accès, on ne donne rien.")
    if t == 5:
        return (pick([f"> quelqu'un a le mdp du back-office du {s} ?\n", f"> chkoun 3ando lmot de passe dyal TPE f {s}?\n",
                      f"> are cineva parola de la casa {int(till())} din {s}?\n", f"> does anyone have the ESL console login for {s}?\n",
                      f"> شكون عندو كلمة السر ديال الويفي ف {s}؟\n"])
                + pick(["pas ici stp, demande-le à ton manager ou passe par le coffre", "machi hna khouya, tlbo mn chef dyalek",
                        "nu pe canal, îl primești de la managerul regional", "not in Slack — request it via the access portal",
                        "ما كنعطيوش كلمات السر هنا، دير طلب ف البورطاي", "en MP non plus hein, c'est le coffre ou rien",
                        "it's rotated every Monday anyway, ask your area manager", "ticket la helpdesk, nu pe Slack"]))
    if t == 6:
        return pick([
            "regex du scanner de fuite : on cherche 13 à 19 chiffres avec Luhn OK pour les cartes, mais on exclut les EAN-13 et les cartes fidélité qui commencent par 29",
            "the leak scanner flags 16-digit runs that pass Luhn; loyalty numbers don't pass it, so they won't trigger it",
            "scannerul de secrete caută IBAN-uri cu cifra de control validă, deci un cod de comandă nu ar trebui să declanșeze alerta",
        ])
    if t == 7:
        return (f"ExternalSecret `tpe-gw-{s}` en erreur : `SecretSyncedError: could not get secret data from provider: "
                f"key \"stores/{s}/tpe-gateway\" not found` — le mot de passe n'a jamais été créé dans le coffre, d'où le crash.")
    if t == 8:
        return (f"Notes sécu du {date_fr()} :\n- rotation trimestrielle des mots de passe caisses : faite FR, en cours MA, pas commencée RO\n"
                "- clés API fidélité : passer sur des tokens courts\n- tokens Slack des bots : un par pays\n- clés SSH SFTP planogramme : à régénérer après le départ du prestataire")
    return pick([
        f"lclient f {city} bgha y3tina numéro dyal carte bancaire dyalo f WhatsApp, glt lih la, khass y9ad m3a lbanka dyalo",
        f"clienta de la {s} voia să ne dicteze CNP-ul și IBAN-ul la telefon, i-am spus că nu e nevoie",
        f"une cliente du {s} voulait nous laisser son numéro de téléphone et son IBAN sur un papier à l'accueil, on a refusé gentiment",
        f"store {s} asked whether they can keep a photo of customers' cards for refunds — no, absolutely not",
    ])


NEG_GENS = [("data_uri_base64", neg_data_uri), ("placeholder_example", neg_placeholder), ("code_identifier", neg_code),
            ("non_credential_blob", neg_blob), ("pii_lookalike_number", neg_number), ("talk_about_secrets", neg_talk)]


def build_negatives():
    recs = []
    seen = set()
    redraws = {}
    for cat, fn in NEG_GENS:
        n = 0
        while n < 100:
            text = wrap(fn())
            if text in seen:
                redraws[cat] = redraws.get(cat, 0) + 1
                continue
            hits = scan(text)
            if hits:
                redraws[cat] = redraws.get(cat, 0) + 1
                continue
            seen.add(text)
            recs.append({"text": text, "category": cat})
            n += 1
    return recs, redraws


# ---------------------------------------------------------------------------
# validation + output
# ---------------------------------------------------------------------------

def validate_positive(rec):
    for sec in rec["secrets"]:
        k, v = sec["kind"], sec["value"]
        assert v in rec["text"], (k, v)
        if k == "credit_card":
            d = re.sub(r"[ -]", "", v)
            assert d.isdigit() and luhn_ok(d) and len(d) in (15, 16), v
            assert d[0] in "3456" or d[:2] == "22" or d[:2] == "23" or d[:2] == "27", v
        elif k == "iban":
            assert iban_ok(v), v
        elif k == "us_ssn":
            assert ssn_ok(v), v
        elif k == "ipv4_address":
            assert ip_public(v), v
        elif k == "jwt":
            h, p, sgn = v.split(".")
            json.loads(b64url_dec(h))
            json.loads(b64url_dec(p))
        elif k == "private_key_pem":
            body = re.sub(r"\\n|\s", "", v)
            base64.b64decode(body, validate=True)
        elif k == "aws_access_key_id":
            assert re.fullmatch(r"(AKIA|ASIA)[A-Z2-7]{16}", v)
        elif k == "aws_secret_access_key":
            assert re.fullmatch(r"[A-Za-z0-9+/]{40}", v)
        elif k == "github_classic_pat":
            assert re.fullmatch(r"ghp_[A-Za-z0-9]{36}", v) and crc32_b62(v[4:34]) == v[34:]
        elif k == "github_fine_grained_pat":
            assert re.fullmatch(r"github_pat_11[A-Z0-9]{20}_[A-Za-z0-9]{59}", v)
        elif k == "slack_bot_token":
            assert re.fullmatch(r"xoxb-\d{10,13}-\d{13}-[A-Za-z0-9]{24}", v)
        elif k == "slack_user_token":
            assert re.fullmatch(r"xoxp-\d{10,13}-\d{10,13}-\d{13}-[0-9a-f]{32}", v)
        elif k == "openai_api_key":
            assert v.startswith("sk-") and "T3BlbkFJ" in v
        elif k == "anthropic_api_key":
            assert re.fullmatch(r"sk-ant-api03-[A-Za-z0-9_\-]{93}AA", v)
        elif k == "phone_number":
            d = re.sub(r"\D", "", v.translate({ord(a): str(i) for i, a in enumerate(AR_DIG)}))
            assert 9 <= len(d) <= 13, v


def main():
    pos = build_positives()
    neg, redraws = build_negatives()
    for r in pos:
        validate_positive(r)
    R.shuffle(neg)
    R.shuffle(pos)
    neg = [{"id": "h%dn-%04d" % (N, i + 1), **r} for i, r in enumerate(neg)]
    pos = [{"id": "h%dp-%04d" % (N, i + 1), **r} for i, r in enumerate(pos)]
    assert len(neg) == 600 and len(pos) == 150
    assert sum(len(r["secrets"]) for r in pos) == 170
    assert len({r["text"] for r in neg}) == 600 and len({r["text"] for r in pos}) == 150
    for name, recs in (("negatives", neg), ("positives", pos)):
        with open(os.path.join(HERE, "redaction%d_%s.jsonl" % (N, name)), "w", encoding="utf-8", newline="\n") as f:
            for r in recs:
                f.write(json.dumps(r, ensure_ascii=False) + "\n")
    # report
    kinds = {}
    for r in pos:
        for sec in r["secrets"]:
            kinds[sec["kind"]] = kinds.get(sec["kind"], 0) + 1
    print("positives: %d texts, %d secrets, %d with two" % (len(pos), sum(kinds.values()),
                                                           sum(1 for r in pos if len(r["secrets"]) == 2)))
    for k in sorted(kinds):
        print("  %-26s %d" % (k, kinds[k]))
    missed = [r["id"] for r in pos if not scan(r["text"])]
    print("scanner finds nothing in %d positives: %s" % (len(missed), " ".join(missed)))
    cats = {}
    for r in neg:
        cats[r["category"]] = cats.get(r["category"], 0) + 1
    print("negatives:", json.dumps(cats), "redraws:", json.dumps(redraws, sort_keys=True))
    print("scanner hits on final negatives:", sum(len(scan(r["text"])) for r in neg))


if __name__ == "__main__":
    main()
