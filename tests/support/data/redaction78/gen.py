#!/usr/bin/env python3
"""Generator for held-out redaction corpus #78.

Theme: the Slack workspace of a (fictional) software vendor, "Danubit", that builds court case-management
("Danubit Docket") and land-registry / cadastre systems ("Danubit Kataszter") for courts and cadastre offices
in Hungary, Serbia and Bulgaria.

Standard library only. random.Random(78 * 101) is the only source of randomness.
Writes redaction78_negatives.jsonl, redaction78_positives.jsonl and README.md next to this file.
"""
import base64
import binascii
import calendar
import hashlib
import io
import json
import os
import re
import struct
import sys
import time
import zipfile
import zlib

import random

N = 78
SEED = N * 101
rng = random.Random(SEED)
HERE = os.path.dirname(os.path.abspath(__file__))

# ----------------------------------------------------------------------------------------------------------------
# small random helpers (all draw from rng)
# ----------------------------------------------------------------------------------------------------------------
DIG = "0123456789"
HEX = "0123456789abcdef"
UP = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
LOW = "abcdefghijklmnopqrstuvwxyz"
B62 = DIG + UP + LOW
B64 = UP + LOW + DIG + "+/"
B64URL = UP + LOW + DIG + "-_"


def ri(a, b):
    return rng.randint(a, b)


def ch(seq):
    return rng.choice(seq)


def rs(alphabet, n):
    return "".join(rng.choice(alphabet) for _ in range(n))


def digits(n, first_nonzero=True):
    s = rs(DIG, n)
    if first_nonzero and n > 0:
        s = ch("123456789") + s[1:]
    return s


def hexs(n):
    return rs(HEX, n)


def rbytes(n):
    return bytes(rng.getrandbits(8) for _ in range(n))


def uuid4():
    v = rng.getrandbits(128)
    v &= ~(0xF << 76)
    v |= 4 << 76
    v &= ~(0x3 << 62)
    v |= 0x2 << 62
    h = "%032x" % v
    return "%s-%s-%s-%s-%s" % (h[:8], h[8:12], h[12:16], h[16:20], h[20:])


def uuid7(ms=None):
    if ms is None:
        ms = ri(1704067200000, 1767225599000)
    r = rng.getrandbits(74)
    h = "%012x" % ms + "7" + "%03x" % (r >> 62) + "%04x" % (0x8000 | ((r >> 48) & 0x3FFF)) + "%012x" % (r & 0xFFFFFFFFFFFF)
    return "%s-%s-%s-%s-%s" % (h[:8], h[8:12], h[12:16], h[16:20], h[20:])


CROCK = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"


def ulid():
    return ch("01") + rs(CROCK, 25)


def b64(b):
    return base64.b64encode(b).decode()


def b64url_nopad(b):
    return base64.urlsafe_b64encode(b).decode().rstrip("=")


def wrap(s, n=64):
    return [s[i:i + n] for i in range(0, len(s), n)]


def pick_n(seq, k):
    return rng.sample(list(seq), k)


# dates and times -------------------------------------------------------------------------------------------------
DAYS_IN = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]


def rdate(y0=2023, y1=2026):
    y = ri(y0, y1)
    m = ri(1, 12)
    d = ri(1, DAYS_IN[m - 1])
    return y, m, d


def rtime():
    return ri(7, 19), ri(0, 59), ri(0, 59)


def iso_ts(ms=True, tz="Z"):
    y, m, d = rdate()
    hh, mm, ss = rtime()
    s = "%04d-%02d-%02dT%02d:%02d:%02d" % (y, m, d, hh, mm, ss)
    if ms:
        s += ".%03d" % ri(0, 999)
    return s + tz


def log_ts():
    y, m, d = rdate()
    hh, mm, ss = rtime()
    return "%04d-%02d-%02d %02d:%02d:%02d.%03d" % (y, m, d, hh, mm, ss, ri(0, 999))


def hu_date(y=None, m=None, d=None):
    if y is None:
        y, m, d = rdate()
    return "%04d.%02d.%02d." % (y, m, d)


def sr_date(y=None, m=None, d=None):
    if y is None:
        y, m, d = rdate()
    return "%02d.%02d.%04d." % (d, m, y)


def bg_date(y=None, m=None, d=None):
    if y is None:
        y, m, d = rdate()
    return "%02d.%02d.%04d" % (d, m, y)


def epoch_s():
    return ri(1704067200, 1767225599)


def epoch_ms():
    return epoch_s() * 1000 + ri(0, 999)


def slack_ts():
    return "%d.%06d" % (epoch_s(), ri(0, 999999))


def gsep(n, sep=" "):
    """thousands grouping for an integer"""
    s = str(n)
    out = []
    while len(s) > 3:
        out.insert(0, s[-3:])
        s = s[:-3]
    out.insert(0, s)
    return sep.join(out)


def money_hu(n):
    return gsep(n, " ") + " Ft"


def money_rs(n, cents=True):
    s = gsep(n, ".")
    return s + (",%02d" % ri(0, 99) if cents else ",00") + " RSD"


def money_bg(n):
    return gsep(n, " ") + ",%02d лв." % ri(0, 99)


# ----------------------------------------------------------------------------------------------------------------
# checksums and validators
# ----------------------------------------------------------------------------------------------------------------
def luhn_ok(s):
    total = 0
    for i, c in enumerate(reversed(s)):
        x = int(c)
        if i % 2 == 1:
            x *= 2
            if x > 9:
                x -= 9
        total += x
    return total % 10 == 0


def luhn_complete(prefix, length):
    body = prefix + rs(DIG, length - len(prefix) - 1)
    for c in DIG:
        if luhn_ok(body + c):
            return body + c
    raise AssertionError


def iban_num(s):
    return int("".join(str(int(c, 36)) for c in s))


def iban_make(cc, bban):
    chk = 98 - iban_num(bban + cc + "00") % 97
    return "%s%02d%s" % (cc, chk, bban)


def iban_valid(s):
    s = s.replace(" ", "").upper()
    if not re.fullmatch(r"[A-Z]{2}\d{2}[A-Z0-9]{10,30}", s):
        return False
    return iban_num(s[4:] + s[:4]) % 97 == 1


def group4(s):
    return " ".join(s[i:i + 4] for i in range(0, len(s), 4))


def hu_check(ds):
    w = [9, 7, 3, 1]
    t = sum(int(c) * w[i % 4] for i, c in enumerate(ds))
    return str((10 - t % 10) % 10)


def iban_hu():
    first = ch(["117", "104", "120", "116", "107", "109", "101", "118"]) + digits(4, False)
    first += hu_check(first)
    second = digits(15, False)
    second += hu_check(second)
    return iban_make("HU", first + second)


def iban_rs():
    bank = ch(["160", "170", "205", "265", "325", "340", "355", "105", "200"])
    acct = digits(13, False)
    k = 98 - (int(bank + acct) * 100) % 97
    return iban_make("RS", bank + acct + "%02d" % k)


def iban_bg():
    bic = ch(["UNCR", "STSA", "FINV", "RZBB", "BPBI", "UBBS", "CECB", "IORT"])
    return iban_make("BG", bic + digits(4, False) + ch(["10", "15", "20", "40"]) + rs(DIG + UP, 8))


def iban_other():
    cc = ch(["DE", "AT", "HR", "RO", "SI"])
    if cc == "DE":
        return iban_make("DE", digits(8) + digits(10, False))
    if cc == "AT":
        return iban_make("AT", digits(5) + digits(11, False))
    if cc == "HR":
        return iban_make("HR", digits(7) + digits(10, False))
    if cc == "RO":
        return iban_make("RO", ch(["RNCB", "BTRL", "INGB", "BRDE"]) + rs(DIG + UP, 16))
    return iban_make("SI", "56" + digits(13, False))


def ssn_ok(s):
    m = re.fullmatch(r"(\d{3})-(\d{2})-(\d{4})", s)
    if not m:
        return False
    a, g, sn = m.groups()
    return a not in ("000", "666") and not a.startswith("9") and g != "00" and sn != "0000"


def us_ssn():
    while True:
        s = "%03d-%02d-%04d" % (ri(1, 899), ri(1, 99), ri(1, 9999))
        if ssn_ok(s):
            return s


PRIVATE_NETS = [
    ("0.0.0.0", 8), ("10.0.0.0", 8), ("100.64.0.0", 10), ("127.0.0.0", 8), ("169.254.0.0", 16),
    ("172.16.0.0", 12), ("192.0.0.0", 24), ("192.0.2.0", 24), ("192.88.99.0", 24), ("192.168.0.0", 16),
    ("198.18.0.0", 15), ("198.51.100.0", 24), ("203.0.113.0", 24), ("224.0.0.0", 4), ("240.0.0.0", 4),
]


def ip_int(s):
    a = [int(x) for x in s.split(".")]
    return (a[0] << 24) | (a[1] << 16) | (a[2] << 8) | a[3]


def ip_public(s):
    parts = s.split(".")
    if len(parts) != 4 or any(not p.isdigit() or int(p) > 255 or (len(p) > 1 and p[0] == "0") for p in parts):
        return False
    v = ip_int(s)
    for net, bits in PRIVATE_NETS:
        mask = (0xFFFFFFFF << (32 - bits)) & 0xFFFFFFFF
        if v & mask == ip_int(net) & mask:
            return False
    return True


def public_ip():
    while True:
        s = "%d.%d.%d.%d" % (ri(1, 223), ri(0, 255), ri(0, 255), ri(1, 254))
        if ip_public(s):
            return s


def private_ip():
    k = ri(0, 3)
    if k == 0:
        return "10.%d.%d.%d" % (ri(0, 255), ri(0, 255), ri(2, 254))
    if k == 1:
        return "172.%d.%d.%d" % (ri(16, 31), ri(0, 255), ri(2, 254))
    if k == 2:
        return "192.168.%d.%d" % (ri(0, 255), ri(2, 254))
    return ch(["192.0.2", "198.51.100", "203.0.113"]) + ".%d" % ri(2, 254)


# ----------------------------------------------------------------------------------------------------------------
# fake secrets (positives)
# ----------------------------------------------------------------------------------------------------------------
def b62enc(n):
    s = ""
    while n:
        n, r = divmod(n, 62)
        s = B62[r] + s
    return s or "0"


def aws_key_id():
    while True:
        s = ch(["AKIA", "AKIA", "AKIA", "ASIA"]) + rs(UP + "234567", 16)
        if "EXAMPLE" not in s:
            return s


def aws_secret():
    return rs(UP + LOW + DIG + "/+", 40)


def gh_classic():
    body = rs(B62, 30)
    return "ghp_" + body + b62enc(zlib.crc32(body.encode()) & 0xFFFFFFFF).rjust(6, "0")


def gh_fine():
    return "github_pat_11" + rs(UP + DIG, 20) + "_" + rs(B62, 59)


def slack_bot():
    return "xoxb-%s-%s-%s" % (digits(ch([11, 12, 13])), digits(13), rs(B62, 24))


def slack_user():
    return "xoxp-%s-%s-%s-%s" % (digits(ch([11, 12, 13])), digits(13), digits(13), hexs(32))


def openai_key():
    k = ri(0, 2)
    if k == 0:
        return "sk-proj-" + rs(B62 + "-_", 74) + "T3BlbkFJ" + rs(B62 + "-_", 74)
    if k == 1:
        return "sk-" + rs(B62, 20) + "T3BlbkFJ" + rs(B62, 20)
    return "sk-svcacct-" + rs(B62 + "-_", 74) + "T3BlbkFJ" + rs(B62 + "-_", 74)


def anthropic_key():
    return "sk-ant-api03-" + rs(B62 + "-_", 93) + "AA"


def jwt_token(kind=None):
    kind = kind or ch(["hs", "rs"])
    iat = epoch_s()
    if kind == "hs":
        header = {"alg": "HS256", "typ": "JWT"}
    else:
        header = {"alg": "RS256", "typ": "JWT", "kid": rs(B62 + "-_", 43)}
    payload = ch([
        {"iss": "https://sso.danubit.test/realms/docket-hu", "sub": uuid4(), "aud": "docket-api",
         "roles": ["ugykezelo", "iktato"], "iat": iat, "exp": iat + 3600},
        {"iss": "https://idp.katastar.danubit.test", "sub": "svc-rgz-sync", "scope": "katastar.read katastar.write",
         "iat": iat, "exp": iat + 900, "jti": uuid4()},
        {"iss": "regix-adapter", "sub": "bg-court-portal", "aud": "regix", "iat": iat, "exp": iat + 1800,
         "org": "SRS-" + str(ri(10, 99))},
        {"sub": uuid4(), "tenant": ch(["hu-fovarosi-tszk", "rs-vs-bg", "bg-srs"]), "azp": "edelivery-worker",
         "iat": iat, "exp": iat + 600},
    ])
    h = b64url_nopad(json.dumps(header, separators=(",", ":")).encode())
    p = b64url_nopad(json.dumps(payload, separators=(",", ":")).encode())
    sig = b64url_nopad(rbytes(32 if kind == "hs" else 256))
    return h + "." + p + "." + sig


# DER helpers for PEM keys ----------------------------------------------------------------------------------------
def der_len(n):
    if n < 0x80:
        return bytes([n])
    b = n.to_bytes((n.bit_length() + 7) // 8, "big")
    return bytes([0x80 | len(b)]) + b


def der(tag, body):
    return bytes([tag]) + der_len(len(body)) + body


def der_int(v):
    b = v.to_bytes(max(1, (v.bit_length() + 8) // 8), "big")
    return der(0x02, b)


def der_seq(*items):
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
    for _ in range(16):
        a = rng.randrange(2, n - 2)
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
        c = rng.getrandbits(bits) | (1 << (bits - 1)) | (1 << (bits - 2)) | 1
        if is_probable_prime(c):
            return c


def rsa_pkcs1(bits=1024):
    e = 65537
    while True:
        p = rand_prime(bits // 2)
        q = rand_prime(bits // 2)
        phi = (p - 1) * (q - 1)
        if p != q and phi % e != 0:
            break
    n = p * q
    d = pow(e, -1, phi)
    return der_seq(der_int(0), der_int(n), der_int(e), der_int(d), der_int(p), der_int(q),
                   der_int(d % (p - 1)), der_int(d % (q - 1)), der_int(pow(q, -1, p)))


def ec_p256_sec1():
    priv = rbytes(32)
    pub = b"\x04" + rbytes(64)
    oid = bytes.fromhex("06082a8648ce3d030107")
    return der_seq(der_int(1), der(0x04, priv), der(0xA0, oid), der(0xA1, der(0x03, b"\x00" + pub)))


def ed25519_pkcs8():
    return bytes.fromhex("302e020100300506032b657004220420") + rbytes(32)


def rsa_pkcs8(bits=1024):
    inner = rsa_pkcs1(bits)
    alg = der_seq(bytes.fromhex("06092a864886f70d010101"), b"\x05\x00")
    return der_seq(der_int(0), alg, der(0x04, inner))


def openssh_ed25519():
    def sstr(b):
        return struct.pack(">I", len(b)) + b
    pub = rbytes(32)
    pubblob = sstr(b"ssh-ed25519") + sstr(pub)
    chk = rbytes(4)
    priv = chk + chk + sstr(b"ssh-ed25519") + sstr(pub) + sstr(rbytes(32) + pub) + sstr(b"deploy@katastar-ci")
    pad = 1
    while len(priv) % 8:
        priv += bytes([pad])
        pad += 1
    return (b"openssh-key-v1\x00" + sstr(b"none") + sstr(b"none") + sstr(b"") + struct.pack(">I", 1)
            + sstr(pubblob) + sstr(priv))


PEM_TYPES = {
    "ec": ("EC PRIVATE KEY", ec_p256_sec1),
    "ed25519": ("PRIVATE KEY", ed25519_pkcs8),
    "rsa": ("RSA PRIVATE KEY", lambda: rsa_pkcs1(1024)),
    "rsa8": ("PRIVATE KEY", lambda: rsa_pkcs8(1024)),
    "openssh": ("OPENSSH PRIVATE KEY", openssh_ed25519),
}


def pem_key(kind):
    label, fn = PEM_TYPES[kind]
    body = b64(fn())
    lines = wrap(body, 70 if kind == "openssh" else 64)
    return label, lines


# ----------------------------------------------------------------------------------------------------------------
# the scanner: anything it finds in a negative makes that negative be redrawn
# ----------------------------------------------------------------------------------------------------------------
PLACEHOLDER_PW = re.compile(
    r"^(?:\$\{[^}]*\}|\$\(?[A-Za-z_][A-Za-z0-9_]*\)?|%[A-Za-z_]+%|<[^>]*>|\{\{[^}]*\}\}|\[[^\]]*\]|\*+|•+|x+|X+|_+|\.\.\.|…|"
    r"password|passwd|pass|pw|pwd|secret|changeme|changeit|change_me|guest|admin|root|oracle|tiger|manager|"
    r"jelszo|jelszó|lozinka|парола|лозинка|example|test|redacted|masked|filtered)$",
    re.I)

RE_EMAIL = re.compile(r"[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}")
RE_GH = re.compile(r"\bgh[pousr]_[A-Za-z0-9]{36}\b|\bgithub_pat_[A-Za-z0-9_]{40,}")
RE_SLACK = re.compile(r"\bxox[abposre]-\d+-[A-Za-z0-9-]+")
RE_SK = re.compile(r"\bsk-(?:proj-|ant-[a-z0-9]+-|svcacct-|admin-)?[A-Za-z0-9_-]{32,}")
RE_JWT = re.compile(r"\beyJ[A-Za-z0-9_-]{5,}\.eyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]{10,}")
RE_SSN = re.compile(r"(?<![\w-])(\d{3})-(\d{2})-(\d{4})(?![\w-])")
RE_DIGRUN = re.compile(r"(?<![\w./-])\d+(?:[ -]\d+)*(?![\w/])")
RE_IBAN = re.compile(r"\b[A-Z]{2}\d{2}(?: ?[A-Z0-9]{1,4}){3,8}\b")
RE_PEM = re.compile(r"-----BEGIN [A-Z ]*PRIVATE KEY-----(?:\\n|\s)+([A-Za-z0-9+/=]{40,})")
RE_AWS = re.compile(r"\b(?:AKIA|ASIA)[A-Z0-9]{16}\b")
RE_AWS_SECRET = re.compile(r"(?i)(?:secret[_ -]?(?:access[_ -]?)?key|aws_secret)[\"']?\s*[:=]\s*[\"']?([A-Za-z0-9/+]{40})(?![A-Za-z0-9/+])")
RE_IPV4 = re.compile(r"(?<![\w.])(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})(?![\w.]|\.\d)")
RE_URLCRED = re.compile(r"\b[a-zA-Z][a-zA-Z0-9+.-]*://([^\s:/@]*):([^\s@/]+)@")
RE_PWKV = re.compile(r"(?i)(?:password|passwd|pwd|jelsz[oó]|lozinka|парола|лозинка|пароль)[\"']?\s*[:=]\s*[\"']?([^\s\"',;]+)")
RE_PHONE = [
    ("intl", re.compile(r"(?<![\w+])(?:\+|00)(?:36|381|359|43|49|44|385|386|40|420|421|30)[\s./-]?\(?0?\d{1,4}\)?(?:[\s./-]?\d{2,4}){2,4}(?!\w)")),
    ("nanp_intl", re.compile(r"(?<![\w+])\+1[\s.-]?\(?[2-9]\d{2}\)?[\s.-]?[2-9]\d{2}[\s.-]?\d{4}(?!\w)")),
    ("hu", re.compile(r"(?<![\w./-])\(?06[\s/-]?(?:1|20|30|31|50|70|[2-9]\d)\)?[\s/-]?\d{3}[\s/-]?\d{3,4}(?![\w/-])")),
    ("rs", re.compile(r"(?<![\w./-])0(?:1[0-9]|2[0-9]|3[0-9]|6[0-9])[\s/-]?\d{3}[\s/-]?\d{3,4}(?![\w/-])")),
    ("rs2", re.compile(r"(?<![\w./-])0(?:11|21|18|34|24|31)[\s/-]\d{3,4}[\s-]\d{3,4}(?![\w/-])")),
    ("bg_mob", re.compile(r"(?<![\w./-])0(?:87|88|89|98)\d(?:[\s-]?\d{3}[\s-]?\d{3}|[\s-]?\d{2}[\s-]?\d{2}[\s-]?\d{2})(?![\w/-])")),
    ("bg_sofia", re.compile(r"(?<![\w./-])\(?02\)?[\s/-]?\d{3}[\s-]?\d{2}[\s-]?\d{2}(?![\w/-])")),
    ("hu_bare_mobile", re.compile(r"(?<![\w./-])\(?(?:20|30|31|50|70)\)?[\s/-]\d{3}[\s-]?\d{4}(?![\w/-])")),
    ("rs_bare_mobile", re.compile(r"(?<![\w./-])6[0-9][\s/-]\d{3}[\s-]?\d{3,4}(?![\w/-])")),
    ("bg_bare_mobile", re.compile(r"(?<![\w./-])(?:87|88|89|98)[\s/-]\d{3}[\s-]\d{3,4}(?![\w/-])")),
    ("nanp", re.compile(r"(?<![\w-])(?:\([2-9]\d{2}\)\s?|[2-9]\d{2}[\s.-])[2-9]\d{2}[\s.-]\d{4}(?![\w-])")),
]
RE_JMBG_CTX = re.compile(r"(?i)(?:jmbg|јмбг|матични број грађана)\D{0,20}(\d{13})(?!\d)")
RE_EGN_CTX = re.compile(r"(?i)(?:егн|egn)\D{0,20}(\d{10})(?!\d)")
RE_TAJ_CTX = re.compile(r"(?i)\bTAJ\b\D{0,20}(\d{3}[ -]?\d{3}[ -]?\d{3})(?!\d)")
RE_ADOAZ_CTX = re.compile(r"(?i)adóazonosító(?: jel)?\D{0,20}(8\d{9})(?!\d)")


def jmbg_ok(s):
    d = [int(c) for c in s]
    m = 11 - ((7 * (d[0] + d[6]) + 6 * (d[1] + d[7]) + 5 * (d[2] + d[8]) + 4 * (d[3] + d[9]) + 3 * (d[4] + d[10])
               + 2 * (d[5] + d[11])) % 11)
    m = 0 if m > 9 else m
    return m == d[12] and 1 <= int(s[:2]) <= 31 and 1 <= int(s[2:4]) <= 12


def egn_ok(s):
    w = [2, 4, 8, 5, 10, 9, 7, 3, 6]
    c = sum(int(s[i]) * w[i] for i in range(9)) % 11
    c = 0 if c == 10 else c
    mm = int(s[2:4])
    return c == int(s[9]) and (1 <= mm <= 12 or 21 <= mm <= 32 or 41 <= mm <= 52) and 1 <= int(s[4:6]) <= 31


def taj_ok(s):
    s = re.sub(r"\D", "", s)
    t = sum(int(c) * (3 if i % 2 == 0 else 7) for i, c in enumerate(s[:8]))
    return t % 10 == int(s[8])


def scan(text):
    """Return a list of (kind, match) for everything that looks like a real secret or personal datum."""
    hits = []
    for m in RE_EMAIL.finditer(text):
        hits.append(("email", m.group(0)))
    for m in RE_GH.finditer(text):
        if not re.fullmatch(r"(?:gh[pousr]_|github_pat_)[xX0_.]+", m.group(0)):
            hits.append(("github_token", m.group(0)))
    for m in RE_SLACK.finditer(text):
        if not re.fullmatch(r"xox[a-z]-[0-]+-?[xX0-]*", m.group(0)):
            hits.append(("slack_token", m.group(0)))
    for m in RE_SK.finditer(text):
        hits.append(("sk_key", m.group(0)))
    for m in RE_JWT.finditer(text):
        hits.append(("jwt", m.group(0)))
    for m in RE_SSN.finditer(text):
        if ssn_ok(m.group(0)):
            hits.append(("ssn", m.group(0)))
    for m in RE_DIGRUN.finditer(text):
        groups = re.split(r"[ -]", m.group(0))
        for i in range(len(groups)):
            tot = ""
            for j in range(i, len(groups)):
                tot += groups[j]
                if len(tot) > 19:
                    break
                if 13 <= len(tot) <= 19 and len(set(tot)) > 1 and luhn_ok(tot):
                    hits.append(("luhn", " ".join(groups[i:j + 1])))
    for m in RE_IBAN.finditer(text):
        cand = m.group(0).replace(" ", "")
        for L in range(len(cand), 14, -1):
            if iban_valid(cand[:L]):
                hits.append(("iban", cand[:L]))
                break
    for m in RE_PEM.finditer(text):
        hits.append(("pem", m.group(1)[:20]))
    for m in RE_AWS.finditer(text):
        if "EXAMPLE" not in m.group(0):
            hits.append(("aws_key_id", m.group(0)))
    for m in RE_AWS_SECRET.finditer(text):
        if "EXAMPLE" not in m.group(1):
            hits.append(("aws_secret", m.group(1)))
    for m in RE_IPV4.finditer(text):
        if ip_public(m.group(0)):
            hits.append(("public_ipv4", m.group(0)))
    for m in RE_URLCRED.finditer(text):
        if not PLACEHOLDER_PW.match(m.group(2)):
            hits.append(("url_password", m.group(2)))
    for m in RE_PWKV.finditer(text):
        v = m.group(1)
        if (not PLACEHOLDER_PW.match(v) and len(v) >= 6 and re.search(r"[A-Za-z]", v) and re.search(r"[\d!#%&*?@^~]", v)
                and not v.startswith(("${", "$(", "{{", "<", "%", "(", "[", "!vault", "ENC[", "vault:"))):
            hits.append(("password_value", v))
    for name, rx in RE_PHONE:
        for m in rx.finditer(text):
            hits.append(("phone_" + name, m.group(0)))
    for m in RE_JMBG_CTX.finditer(text):
        if jmbg_ok(m.group(1)):
            hits.append(("jmbg", m.group(1)))
    for m in RE_EGN_CTX.finditer(text):
        if egn_ok(m.group(1)):
            hits.append(("egn", m.group(1)))
    for m in RE_TAJ_CTX.finditer(text):
        if taj_ok(m.group(1)):
            hits.append(("taj", m.group(1)))
    for m in RE_ADOAZ_CTX.finditer(text):
        hits.append(("adoazonosito", m.group(1)))
    return hits


# ----------------------------------------------------------------------------------------------------------------
# real bytes for the data_uri_base64 negatives
# ----------------------------------------------------------------------------------------------------------------
def png_chunk(t, data):
    return struct.pack(">I", len(data)) + t + data + struct.pack(">I", zlib.crc32(t + data) & 0xFFFFFFFF)


def make_png(w=None, h=None, style=None):
    w = w or ch([8, 12, 16, 16, 24, 32])
    h = h or w
    style = style or ch(["solid", "stripes", "checker", "ring", "frame"])
    c1 = (ri(0, 255), ri(0, 255), ri(0, 255))
    c2 = (ri(0, 255), ri(0, 255), ri(0, 255))
    alpha = ch([True, False])
    rows = []
    for y in range(h):
        row = bytearray([0])
        for x in range(w):
            if style == "solid":
                c = c1
            elif style == "stripes":
                c = c1 if (x // 2) % 2 == 0 else c2
            elif style == "checker":
                c = c1 if ((x // 4) + (y // 4)) % 2 == 0 else c2
            elif style == "ring":
                dx, dy = 2 * x - w + 1, 2 * y - h + 1
                r2 = dx * dx + dy * dy
                c = c1 if (w - 3) ** 2 <= r2 <= (w + 1) ** 2 else c2
            else:
                c = c1 if x in (0, w - 1) or y in (0, h - 1) else c2
            row += bytes(c)
            if alpha:
                row.append(255 if style != "ring" or c == c1 else 0)
        rows.append(bytes(row))
    ihdr = struct.pack(">IIBBBBB", w, h, 8, 6 if alpha else 2, 0, 0, 0)
    data = b"\x89PNG\r\n\x1a\n" + png_chunk(b"IHDR", ihdr)
    if ch([True, False]):
        data += png_chunk(b"pHYs", struct.pack(">IIB", 2835, 2835, 1))
    data += png_chunk(b"IDAT", zlib.compress(b"".join(rows), 9)) + png_chunk(b"IEND", b"")
    return data, (w, h, "RGBA" if alpha else "RGB")


def make_gif():
    c1 = bytes([ri(0, 255), ri(0, 255), ri(0, 255)])
    transparent = ch([True, False])
    out = b"GIF89a" + struct.pack("<HHBBB", 1, 1, 0x80, 0, 0) + c1 + b"\xff\xff\xff"
    if transparent:
        out += b"\x21\xf9\x04\x01\x00\x00\x00\x00"
    out += b"\x2c" + struct.pack("<HHHHB", 0, 0, 1, 1, 0) + b"\x02\x02\x44\x01\x00" + b"\x3b"
    return out


def make_bmp(w=4, h=4):
    rowlen = (w * 3 + 3) & ~3
    pix = b""
    for y in range(h):
        row = b"".join(bytes([ri(0, 255), ri(0, 255), ri(0, 255)]) for _ in range(w))
        pix += row + b"\x00" * (rowlen - w * 3)
    hdr = b"BM" + struct.pack("<IHHI", 54 + len(pix), 0, 0, 54)
    dib = struct.pack("<IiiHHIIiiII", 40, w, h, 1, 24, 0, len(pix), 2835, 2835, 0, 0)
    return hdr + dib + pix


def make_ico():
    png, (w, h, _) = make_png(16, 16)
    return struct.pack("<HHH", 0, 1, 1) + struct.pack("<BBBBHHII", w, h, 0, 0, 1, 32, len(png), 22) + png


def huff_codes(counts, symbols):
    codes = {}
    code = 0
    k = 0
    for length in range(1, 17):
        for _ in range(counts[length - 1]):
            codes[symbols[k]] = format(code, "0%db" % length)
            code += 1
            k += 1
        code <<= 1
    return codes


def make_jpeg(bw=None, bh=None):
    """A real baseline greyscale JFIF: one DC value per 8x8 block, AC all zero."""
    bw = bw or ch([1, 2, 3, 4])
    bh = bh or ch([1, 2, 3])
    q0 = ch([8, 12, 16])
    qt = bytes([q0] + [ri(10, 99) for _ in range(63)])
    dc_counts = [0, 1, 5, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0]
    dc_syms = list(range(12))
    ac_counts = [1] + [0] * 15
    ac_syms = [0]
    dc = huff_codes(dc_counts, dc_syms)
    ac = huff_codes(ac_counts, ac_syms)
    bits = ""
    prev = 0
    base = ri(40, 220)
    for by in range(bh):
        for bx in range(bw):
            v = max(0, min(255, base + ri(-40, 40)))
            val = round(8 * (v - 128) / q0)
            diff = val - prev
            prev = val
            cat = abs(diff).bit_length()
            bits += dc[cat]
            if cat:
                bits += format(diff if diff > 0 else diff + (1 << cat) - 1, "0%db" % cat)
            bits += ac[0]
    bits += "1" * ((8 - len(bits) % 8) % 8)
    scan = bytearray()
    for i in range(0, len(bits), 8):
        b = int(bits[i:i + 8], 2)
        scan.append(b)
        if b == 0xFF:
            scan.append(0)
    out = b"\xff\xd8"
    out += b"\xff\xe0" + struct.pack(">H", 16) + b"JFIF\x00\x01\x01\x01" + struct.pack(">HH", 72, 72) + b"\x00\x00"
    out += b"\xff\xdb" + struct.pack(">H", 67) + b"\x00" + qt
    out += b"\xff\xc0" + struct.pack(">HBHHB", 11, 8, bh * 8, bw * 8, 1) + b"\x01\x11\x00"
    out += b"\xff\xc4" + struct.pack(">H", 2 + 1 + 16 + 12) + b"\x00" + bytes(dc_counts) + bytes(dc_syms)
    out += b"\xff\xc4" + struct.pack(">H", 2 + 1 + 16 + 1) + b"\x10" + bytes(ac_counts) + bytes(ac_syms)
    out += b"\xff\xda" + struct.pack(">HB", 8, 1) + b"\x01\x00" + b"\x00\x3f\x00"
    out += bytes(scan) + b"\xff\xd9"
    return out


def make_pdf(title_lines):
    content = "BT /F1 11 Tf 56 780 Td 14 TL\n" + "".join("(%s) '\n" % ln.replace("(", "[").replace(")", "]")
                                                      for ln in title_lines) + "ET\n"
    stream = zlib.compress(content.encode("latin-1"))
    objs = [
        b"<< /Type /Catalog /Pages 2 0 R >>",
        b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>",
        b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>",
        b"<< /Length " + str(len(stream)).encode() + b" /Filter /FlateDecode >>\nstream\n" + stream + b"\nendstream",
    ]
    out = b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n"
    offs = []
    for i, o in enumerate(objs):
        offs.append(len(out))
        out += b"%d 0 obj\n" % (i + 1) + o + b"\nendobj\n"
    xref = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objs) + 1)
    for o in offs:
        out += b"%010d 00000 n \n" % o
    out += b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (len(objs) + 1, xref)
    return out


def make_wav():
    rate = 8000
    n = ri(80, 200)
    period = ch([8, 10, 16, 20])
    amp = ri(2000, 9000)
    frames = b"".join(struct.pack("<h", amp if (i // (period // 2)) % 2 == 0 else -amp) for i in range(n))
    return (b"RIFF" + struct.pack("<I", 36 + len(frames)) + b"WAVEfmt " +
            struct.pack("<IHHIIHH", 16, 1, 1, rate, rate * 2, 2, 16) + b"data" + struct.pack("<I", len(frames)) + frames)


def _tt_checksum(b):
    b = b + b"\x00" * ((4 - len(b) % 4) % 4)
    return sum(struct.unpack(">%dI" % (len(b) // 4), b)) & 0xFFFFFFFF


def make_ttf(family):
    cp = ch([0x25A0, 0x2713, 0x2696, 0xE001, 0xE010])
    glyph = struct.pack(">hhhhh", 1, 100, 0, 400, 500) + struct.pack(">HH", 3, 0) + bytes([1, 1, 1, 1])
    glyph += struct.pack(">hhhh", 100, 300, 0, -300) + struct.pack(">hhhh", 0, 0, 500, 0)
    glyf = glyph
    loca = struct.pack(">HHH", 0, 0, len(glyph) // 2)
    t = 0x0000E0A1B2C3D4 + ri(0, 10 ** 8)
    head = struct.pack(">IIIIHHqqhhhhHHhhh", 0x00010000, 0x00010000, 0, 0x5F0F3CF5, 0x000B, 1000, t, t,
                       0, 0, 400, 500, 0, 8, 2, 0, 0)
    hhea = struct.pack(">Ihhh" + "H" + "hhhhhh" + "hhhh" + "hH", 0x00010000, 800, -200, 0, 500, 0, 0, 400, 1, 0, 0,
                       0, 0, 0, 0, 0, 2)
    maxp = struct.pack(">I" + "H" * 14, 0x00010000, 2, 4, 1, 0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0)
    hmtx = struct.pack(">HhHh", 500, 0, 500, 100)
    seg = struct.pack(">HHHHHHH", 4, 0, 0, 4, 4, 1, 0)
    body = struct.pack(">HH", cp, 0xFFFF) + b"\x00\x00" + struct.pack(">HH", cp, 0xFFFF)
    body += struct.pack(">HH", (1 - cp) & 0xFFFF, 1) + struct.pack(">HH", 0, 0)
    sub = seg + body
    sub = sub[:2] + struct.pack(">H", len(sub)) + sub[4:]
    cmap = struct.pack(">HHHHI", 0, 1, 3, 1, 12) + sub
    names = [(1, family), (2, "Regular"), (3, family + " Regular; 1.0%d" % ri(0, 9)), (4, family + " Regular"),
             (5, "Version 1.0%02d" % ri(0, 99)), (6, family.replace(" ", "") + "-Regular")]
    recs = b""
    strs = b""
    for nid, s in names:
        e = s.encode("utf-16-be")
        recs += struct.pack(">HHHHHH", 3, 1, 0x409, nid, len(e), len(strs))
        strs += e
    name = struct.pack(">HHH", 0, len(names), 6 + 12 * len(names)) + recs + strs
    post = struct.pack(">IihhIIIII", 0x00030000, 0, -100, 50, 0, 0, 0, 0, 0)
    os2 = struct.pack(">HhHHH" + "h" * 11, 4, 500, 400, 5, 0, 650, 700, 0, 140, 650, 700, 0, 480, 50, 250, 0)
    os2 += bytes(10) + struct.pack(">IIII", 0, 0, 0, 0) + b"DNBT" + struct.pack(">HHH", 0x40, cp, cp)
    os2 += struct.pack(">hhhHH", 800, -200, 0, 800, 200) + struct.pack(">II", 1, 0)
    os2 += struct.pack(">hhHHH", 500, 700, 0, 32, 1)
    tables = {b"OS/2": os2, b"cmap": cmap, b"glyf": glyf, b"head": head, b"hhea": hhea, b"hmtx": hmtx,
              b"loca": loca, b"maxp": maxp, b"name": name, b"post": post}
    tags = sorted(tables)
    n = len(tags)
    es = n.bit_length() - 1
    sr = (1 << es) * 16
    hdr = struct.pack(">IHHHH", 0x00010000, n, sr, es, n * 16 - sr)
    off = 12 + 16 * n
    dirs = b""
    data = b""
    for tg in tags:
        tb = tables[tg]
        dirs += tg + struct.pack(">III", _tt_checksum(tb), off + len(data), len(tb))
        data += tb + b"\x00" * ((4 - len(tb) % 4) % 4)
    font = bytearray(hdr + dirs + data)
    adj = (0xB1B0AFBA - _tt_checksum(bytes(font))) & 0xFFFFFFFF
    hoff = 12 + 16 * n + sum(len(tables[t]) + ((4 - len(tables[t]) % 4) % 4) for t in tags[:tags.index(b"head")])
    font[hoff + 8:hoff + 12] = struct.pack(">I", adj)
    return bytes(font), tables, tags


def make_woff(family):
    font, tables, tags = make_ttf(family)
    n = len(tags)
    entries = []
    data = b""
    off = 44 + 20 * n
    total = 12 + 16 * n
    for tg in tags:
        tb = tables[tg]
        if tg == b"head":
            hoff = 12 + 16 * n + sum(len(tables[t]) + ((4 - len(tables[t]) % 4) % 4) for t in tags[:tags.index(tg)])
            tb = font[hoff:hoff + len(tb)]
        comp = zlib.compress(tb, 9)
        if len(comp) >= len(tb):
            comp = tb
        entries.append(tg + struct.pack(">IIII", off + len(data), len(comp), len(tb), _tt_checksum(tb)))
        data += comp + b"\x00" * ((4 - len(comp) % 4) % 4)
        total += len(tb) + ((4 - len(tb) % 4) % 4)
    length = 44 + 20 * n + len(data)
    hdr = b"wOFF" + struct.pack(">IIHHIHHIIIII", 0x00010000, length, n, 0, total, 1, 0, 0, 0, 0, 0, 0)
    return hdr + b"".join(entries) + data


def make_zip(files):
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as z:
        for name, content in files:
            zi = zipfile.ZipInfo(name, date_time=(2024, ri(1, 12), ri(1, 28), ri(7, 18), ri(0, 59), ri(0, 58)))
            zi.compress_type = zipfile.ZIP_DEFLATED
            zi.external_attr = 0o644 << 16
            z.writestr(zi, content)
    return buf.getvalue()


VLQ = B64


def make_sourcemap(src):
    names = pick_n(["receipt", "caseNo", "parcelId", "renderStamp", "formatHuf", "formatRsd", "toBgDate",
                    "hearingSlots", "fetchDocket", "mapTile", "onSubmit", "ngOnInit", "deliveryStatus"], 4)
    segs = []
    for _ in range(ri(6, 14)):
        segs.append(",".join(rs("ACEGIKMOQSUWYgkmoqsuwy", ch([4, 4, 5])) for _ in range(ri(1, 4))))
    sm = {"version": 3, "file": src.split("/")[-1].replace(".ts", ".js"), "sources": ["webpack:///" + src],
          "names": names, "mappings": ";".join(segs)}
    return json.dumps(sm, separators=(",", ":")).encode()


def make_svg():
    col = "#%06x" % ri(0, 0xFFFFFF)
    kind = ri(0, 3)
    if kind == 0:
        body = '<circle cx="12" cy="12" r="10" fill="none" stroke="%s" stroke-width="2"/><path d="M7 12l3 3 7-7" stroke="%s" fill="none"/>' % (col, col)
    elif kind == 1:
        body = '<path d="M12 2l9 4v6c0 5-4 9-9 10-5-1-9-5-9-10V6z" fill="%s"/>' % col
    elif kind == 2:
        body = '<rect x="3" y="4" width="18" height="16" rx="2" fill="none" stroke="%s"/><path d="M3 9h18M8 2v4M16 2v4" stroke="%s"/>' % (col, col)
    else:
        body = '<path d="M4 20h16M6 20V10M10 20V10M14 20V10M18 20V10M3 8l9-5 9 5z" stroke="%s" fill="none"/>' % col
    return ('<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24">%s</svg>' % body)


def pct_svg(svg):
    out = []
    for c in svg:
        if c in '<>#%"{}|\\^`':
            out.append("%%%02X" % ord(c))
        else:
            out.append(c)
    return "".join(out).replace('"', "'")


# ----------------------------------------------------------------------------------------------------------------
# theme vocabulary
# ----------------------------------------------------------------------------------------------------------------
HU_COURTS = ["Fővárosi Törvényszék", "Budai Központi Kerületi Bíróság", "Pesti Központi Kerületi Bíróság",
             "Debreceni Törvényszék", "Szegedi Járásbíróság", "Győri Ítélőtábla", "Pécsi Törvényszék",
             "Miskolci Járásbíróság", "Kecskeméti Törvényszék"]
RS_COURTS = ["Viši sud u Beogradu", "Osnovni sud u Novom Sadu", "Privredni sud u Beogradu", "Apelacioni sud u Nišu",
             "Први основни суд у Београду", "Основни суд у Крагујевцу", "Виши суд у Нишу", "Прекршајни суд у Суботици"]
BG_COURTS = ["Софийски районен съд", "Софийски градски съд", "Районен съд – Пловдив", "Окръжен съд – Варна",
             "Административен съд – Бургас", "Районен съд – Русе", "Апелативен съд – Велико Търново"]
HU_LAND = ["Budapest Főváros Kormányhivatala Földhivatali Főosztály", "Érdi Járási Hivatal Földhivatali Osztály",
           "Debreceni Járási Hivatal Földhivatali Osztály", "Szegedi Járási Hivatal Földhivatali Osztály"]
RS_LAND = ["RGZ – SKN Zemun", "RGZ – SKN Novi Sad", "РГЗ – СКН Ниш", "РГЗ – СКН Крагујевац", "RGZ – SKN Subotica"]
BG_LAND = ["СГКК – София", "СГКК – Пловдив", "СГКК – Варна", "Служба по вписванията – Бургас", "Служба по вписванията – Русе"]
HU_SETTLE = ["Budapest XI. ker.", "Budapest XIII. ker.", "Érd", "Debrecen", "Szeged", "Göd", "Szentendre", "Budaörs"]
RS_KO = ["KO Zemun Polje", "KO Vračar", "KO Novi Sad I", "КО Палилула", "КО Ниш-Бубањ", "KO Subotica-Donji grad",
         "КО Крагујевац 3"]
BG_EKATTE = ["68134", "56784", "10135", "07079", "63427", "04279"]
SERVICES = ["docket-core", "docket-filing", "docket-hearing", "edelivery-hu", "edelivery-rs", "edelivery-bg",
            "kataszter-api", "katastar-sync", "kadastar-regix", "dms-bridge", "fee-calc", "kkszb-adapter",
            "esanduce-adapter", "ssev-adapter", "portal-web", "map-tiles", "scan-ingest", "audit-chain"]
ENVS = ["prod-hu", "prod-rs", "prod-bg", "staging-hu", "staging-rs", "uat-bg", "test-hu", "dev"]
CHANNELS = ["#hu-birosag-support", "#rs-katastar", "#bg-dela-deploy", "#oncall", "#integrations-kkszb",
            "#regix-ssev", "#oracle-dba", "#esanduce", "#release-train", "#security"]
JAVA_PKGS = ["hu.danubit.docket", "rs.danubit.katastar", "bg.danubit.dela", "com.danubit.edelivery",
             "com.danubit.dms", "com.danubit.fee", "hu.danubit.kataszter", "bg.danubit.kadastar"]

LEADS_NEG = [
    "FYI:", "Sziasztok,", "Kollégák,", "Ez jött ki prodon:", "Nézzétek ezt:", "Megvan a hiba:", "Ćao svima,",
    "Evo šta vidim:", "Pogledajte ovo:", "Ево лога:", "Колеге, погледајте:", "Здравейте,", "Колеги, ето:", "Вижте:",
    "heads-up:", "from prod-bg just now:", "@here", "reprodukáltam stagingen:", "reprodukovao sam na UAT-u:",
    "възпроизведох го на uat:", "hmm,", "ok so", "Jó reggelt!", "Dobro jutro,", "Добро утро,",
]
TRAILS_NEG = [
    "köszi!", "hvala!", "хвала", "благодаря", "thx", "any idea?", "valami ötlet?", "neka ideja?", "някаква идея?",
    ":eyes:", "(staging, nem prod)", "(prod-bg)", "(тест среда)", "ld. a ticketet", "vidi tiket", "виж тикета",
    "+1", "🙏",
]
LEADS_TALK = ["FYI:", "Sziasztok,", "Kollégák,", "Ćao svima,", "Колеге,", "Здравейте,", "Колеги,", "heads-up:", "@here",
              "Jó reggelt!", "Dobro jutro,", "Добро утро,", "Emlékeztető:", "Podsetnik:", "Напомняне:", "Reminder:"]
TRAILS_TALK = ["köszi!", "hvala!", "хвала", "благодаря", "thx", "+1", "🙏", ":lock:", "kérdés?", "pitanja?", "въпроси?"]
LEADS_POS = ["FYI:", "fyi", "quick one:", "↓", "heads-up:", "@here"]


def decorate(text, p_lead, p_trail, leads, trails):
    if rng.random() < p_lead:
        lead = ch(leads)
        text = lead + ("\n" if "\n" in text or text.startswith("```") or rng.random() < 0.5 else " ") + text
    if rng.random() < p_trail:
        text = text + ("\n" if "\n" in text else " ") + ch(trails)
    return text


def hu_case():
    """Hungarian court case number, e.g. 12.P.20.331/2024/7"""
    y = ri(2019, 2025)
    k = ri(0, 5)
    if k == 0:
        return "%d.P.%d.%03d/%d/%d" % (ri(1, 40), ri(20, 22), ri(1, 999), y, ri(1, 30))
    if k == 1:
        return "%d.Pf.%d.%03d/%d/%d" % (ri(1, 60), ri(20, 21), ri(1, 999), y, ri(1, 12))
    if k == 2:
        return "%d.Gpk.%d/%d/%d" % (ri(1, 20), ri(1, 999), y, ri(1, 9))
    if k == 3:
        return "Pk.%d.%03d/%d/%d" % (ri(60, 62), ri(1, 999), y, ri(1, 9))
    if k == 4:
        return "%d.Kpk.%d/%d/%d" % (ri(1, 30), ri(100, 9999), y, ri(1, 9))
    return "%d.B.%d/%d/%d" % (ri(1, 40), ri(100, 2999), y, ri(1, 40))


def rs_case(cyr=None):
    cyr = rng.random() < 0.5 if cyr is None else cyr
    y = ri(2019, 2025)
    if cyr:
        return ch(["П. %d/%02d" % (ri(1, 9999), y % 100), "П-%d/%d" % (ri(1, 9999), y), "Ив. %d/%d" % (ri(1, 29999), y),
                   "Пж. %d/%d" % (ri(1, 4999), y), "К. %d/%02d" % (ri(1, 999), y % 100), "Гж. %d/%d" % (ri(1, 9999), y)])
    return ch(["P. %d/%02d" % (ri(1, 9999), y % 100), "P-%d/%d" % (ri(1, 9999), y), "Iv. %d/%d" % (ri(1, 29999), y),
               "Pž. %d/%d" % (ri(1, 4999), y), "K. %d/%02d" % (ri(1, 999), y % 100), "Gž. %d/%d" % (ri(1, 9999), y)])


def bg_case():
    y = ri(2019, 2025)
    return ch(["гр.д. № %d/%d" % (ri(100, 89999), y), "ч.гр.д. № %d/%d" % (ri(100, 39999), y),
               "т.д. № %d/%d" % (ri(10, 4999), y), "в.гр.д. № %d/%d" % (ri(10, 9999), y),
               "НОХД № %d/%d" % (ri(10, 9999), y), "адм.д. № %d/%d" % (ri(10, 9999), y)])


def hu_hrsz():
    k = ri(0, 2)
    if k == 0:
        return "%d/%d" % (ri(100, 39999), ri(1, 60))
    if k == 1:
        return "0%d/%d" % (ri(10, 999), ri(1, 40))
    return "%d/%d/A/%d" % (ri(100, 39999), ri(1, 60), ri(1, 40))


def rgz_case():
    return "952-02-%d-%03d-%d/%d" % (ri(1, 9), ri(1, 400), ri(100, 99999), ri(2020, 2025))


def bg_pi():
    return "%s.%d.%d" % (ch(BG_EKATTE), ri(500, 9999), ri(1, 999))


def bg_skica():
    return "15-%d-%s" % (ri(100000, 999999), bg_date())


def hu_erk():
    return "%d/%04d-%d" % (ri(2023, 2025), ri(101, 1231), ri(100000, 999999))


def dms_id():
    return ch(["DMS-%d-%010d" % (ri(2022, 2025), ri(1, 9999999999)), "doc-%s" % uuid4(),
               "workspace://SpacesStore/%s" % uuid4(), "DMS %s %s %s" % (digits(4), digits(4), digits(2, False))])


def cg_num():
    return "%02d-%02d-%06d" % (ri(1, 20), ch([9, 9, 9, 10, 3]), ri(1, 999999))


def hu_adoszam_company():
    return "%s-%d-%02d" % (digits(8), ch([2, 2, 2, 3]), ri(2, 44))


def sr_pib():
    return "1%s" % digits(8, False)


def sr_mb_firm():
    return "%s" % ("0" + digits(7, False) if rng.random() < 0.5 else digits(8))


def bg_eik():
    return ch(["1", "2"]) + digits(8, False)


def ora_sql_id():
    return rs("0123456789abcdfghjkmnpqrstuvwxyz", 13)


# ----------------------------------------------------------------------------------------------------------------
# negatives: data_uri_base64
# ----------------------------------------------------------------------------------------------------------------
CYR = dict(zip("абвгдђежзијклљмнњопрстћуфхцчџшщъьюяАБВГДЂЕЖЗИЈКЛЉМНЊОПРСТЋУФХЦЧЏШЩЪЬЮЯ",
               ["a", "b", "v", "g", "d", "dj", "e", "zh", "z", "i", "j", "k", "l", "lj", "m", "n", "nj", "o", "p", "r",
                "s", "t", "c", "u", "f", "h", "c", "ch", "dz", "sh", "sht", "a", "", "yu", "ya",
                "A", "B", "V", "G", "D", "Dj", "E", "Zh", "Z", "I", "J", "K", "L", "Lj", "M", "N", "Nj", "O", "P", "R",
                "S", "T", "C", "U", "F", "H", "C", "Ch", "Dz", "Sh", "Sht", "A", "", "Yu", "Ya"]))


def translit(s):
    s = "".join(CYR.get(c, c) for c in s).replace("№", "No")
    return s.encode("ascii", "ignore").decode()


def trunc(s, keep=None):
    keep = keep or ri(60, 140)
    if len(s) <= keep + 20:
        return s
    return s[:keep] + ch(["…", "...", "…[%d more chars]" % (len(s) - keep), "... (truncated)"])


def du_css_logo():
    png, (w, h, _) = make_png()
    cls = ch([".court-seal", ".header__logo", ".kataszter-badge", ".sud-grb", ".съд-лого", ".status-icon--ok"])
    return ("```css\n%s {\n  width: %dpx;\n  height: %dpx;\n  background: url(\"data:image/png;base64,%s\") no-repeat center / contain;\n}\n```"
            % (cls.replace("съд-лого", "sad-logo"), w, h, b64(png)))


def du_fontface_ttf():
    fam = ch(["Danubit Icons", "Docket Glyphs", "Kataszter Symbols", "Sud Ikone"])
    ttf = make_ttf(fam)[0]
    lead = ch(["Az ikonfontot inline-oltuk, hogy az offline kioszk is lássa:", "Inline font za kiosk u sudnici:",
               "Шрифтът с иконите е вграден в CSS-а:", "icon font is inlined now, no extra request:"])
    return ("%s\n```css\n@font-face {\n  font-family: \"%s\";\n  src: url(data:font/ttf;base64,%s) format(\"truetype\");\n  font-display: block;\n}\n```"
            % (lead, fam, b64(ttf)))


def du_fontface_woff():
    fam = ch(["Danubit Icons", "Docket Glyphs", "Kataszter Symbols", "Sud Ikone"])
    w = make_woff(fam)
    return ("```scss\n// generated by icon-build, do not edit\n@font-face {\n  font-family: '%s';\n  src: url('data:application/font-woff;charset=utf-8;base64,%s') format('woff');\n  font-weight: normal;\n}\n.ico { font-family: '%s'; speak: never; }\n```"
            % (fam, b64(w), fam))


def du_email_tpl():
    png, _ = make_png(ch([16, 24, 32]), None, ch(["ring", "frame"]))
    lang = ri(0, 2)
    if lang == 0:
        txt = ("<p>Tisztelt Ügyfél!</p>\n<p>Az Ön beadványát a bíróság érkeztette. Az érkeztetési igazolást csatoltuk.</p>")
    elif lang == 1:
        txt = "<p>Поштовани,</p>\n<p>Ваш поднесак је примљен и заведен. Потврда о пријему је у прилогу.</p>"
    else:
        txt = "<p>Уважаеми потребителю,</p>\n<p>Вашият документ е входиран. Удостоверението е приложено.</p>"
    return ("notification template (%s), ezt küldi ki az edelivery-worker:\n```html\n<table role=\"presentation\" width=\"600\">\n  <tr><td>\n    <img alt=\"\" width=\"32\" height=\"32\" src=\"data:image/png;base64,%s\">\n    %s\n  </td></tr>\n</table>\n```"
            % (ch(["hu", "sr-Cyrl", "bg"]), b64(png), txt))


def du_md_gif():
    g = make_gif()
    return ch([
        "tracking pixel u eSanduče notifikaciji je ovaj: `data:image/gif;base64,%s` — izbacujemo ga u 4.13",
        "a Hivatali Kapu értesítőben ez az 1x1-es GIF van: `data:image/gif;base64,%s` (kiszedjük, GDPR miatt nem kell)",
        "spacer gif from the legacy JSP layout: data:image/gif;base64,%s",
        "1×1 пиксел в шаблона за ССЕВ: `data:image/gif;base64,%s` — махаме го",
    ]) % b64(g)


def du_json_pdf():
    case = ch([hu_case(), rs_case(), bg_case()])
    pdf = make_pdf(["Filing receipt / Erkeztetesi igazolas", "Case: " + translit(case),
                    "Received: " + iso_ts(False), "Channel: e-delivery"])
    body = {"messageId": uuid4(), "status": ch(["DELIVERED", "ACCEPTED", "RECEIVED"]),
            "receivedAt": iso_ts(), "attachments": [{"fileName": ch(["erkeztetesi_igazolas.pdf", "potvrda_o_prijemu.pdf",
                                                                     "udostoverenie.pdf", "receipt.pdf"]),
                                                      "mimeType": "application/pdf", "size": len(pdf),
                                                      "content": b64(pdf)}]}
    return ("%s\n```json\n%s\n```" % (ch(["edelivery-hu response body (staging):", "odgovor sa eSanduče gateway-a:",
                                          "отговорът от ССЕВ адаптера:", "raw payload from the gateway:"]),
                                       json.dumps(body, ensure_ascii=False, indent=2)))


def du_soap_pdf():
    pdf = make_pdf(["Resenje o upisu", "Predmet " + rgz_case(), "Datum " + sr_date()])
    s = b64(pdf)
    if rng.random() < 0.5:
        s = trunc(s, ri(120, 300))
    return ("```xml\n<soap:Envelope xmlns:soap=\"http://www.w3.org/2003/05/soap-envelope\">\n  <soap:Body>\n    <ns2:DostaviDokument xmlns:ns2=\"urn:danubit:edelivery:v2\">\n      <ns2:IdPoruke>%s</ns2:IdPoruke>\n      <ns2:Prilog mimeType=\"application/pdf\" naziv=\"resenje.pdf\">%s</ns2:Prilog>\n    </ns2:DostaviDokument>\n  </soap:Body>\n</soap:Envelope>\n```"
            % (uuid4(), s))


def du_java_fixture():
    pdf = make_pdf(["TEST FIXTURE", "Docket receipt " + hu_case()])
    return ("```java\nclass ReceiptRendererTest {\n    // minimal one-page PDF, generated with the fixture tool\n    private static final String RECEIPT_PDF_B64 =\n        \"%s\";\n\n    @Test\n    void rendersStampOnFirstPage() {\n        byte[] pdf = Base64.getDecoder().decode(RECEIPT_PDF_B64);\n        assertThat(renderer.stamp(pdf, STAMP)).startsWith(\"%%PDF\".getBytes());\n    }\n}\n```"
            % b64(pdf))


def du_oracle_blob():
    kind = ri(0, 2)
    if kind == 0:
        raw = make_pdf(["Tulajdoni lap masolat", "hrsz " + hu_hrsz()])
        mime = "application/pdf"
    elif kind == 1:
        raw = make_png()[0]
        mime = "image/png"
    else:
        raw = make_jpeg()
        mime = "image/jpeg"
    head = b64(raw[:48])
    return ("```\nSQL> SELECT doc_id, mime_type, UTL_RAW.CAST_TO_VARCHAR2(UTL_ENCODE.BASE64_ENCODE(DBMS_LOB.SUBSTR(content, 48, 1))) AS head_b64\n  2  FROM dms_document WHERE doc_id = %d;\n\n    DOC_ID MIME_TYPE        HEAD_B64\n---------- ---------------- ----------------------------------------------------------------\n%10d %-16s %s\n```\n%s"
            % ((lambda d: (d, d))(ri(10 ** 6, 10 ** 8)) + (mime, head,
               ch(["a fejléc rendben van, a hiba a renderelőben lesz", "header je ok, problem je u konverziji",
                   "хедърът е наред", "header looks fine"]))))


def du_sourcemap():
    src = ch(["src/app/filing/receipt.component.ts", "src/app/hearing/slots.service.ts", "src/app/map/tile-layer.ts",
              "src/app/fees/fee-calculator.ts", "src/app/docket/docket-list.component.ts"])
    sm = b64(make_sourcemap(src))
    return ("```js\n!function(){\"use strict\";var e=window.__DNB__||{};e.v=\"%d.%d.%d\";}();\n//# sourceMappingURL=data:application/json;charset=utf-8;base64,%s\n```\n%s"
            % (ri(3, 5), ri(0, 20), ri(0, 9), sm, ch(["prod buildben nem kéne inline sourcemap", "ovo ne sme u prod bundle",
                                                    "inline source map-ът е останал в prod bundle-а", "inline sourcemap leaked into prod bundle"])))


def du_csp():
    png = make_png()[0]
    uri = "data:image/png;base64," + b64(png)
    return ("Chrome console na portalu (%s):\n```\nRefused to load the image '%s' because it violates the following Content Security Policy directive: \"img-src 'self' https://tiles.%s.internal\".\n```"
            % (ch(ENVS), trunc(uri, ri(90, 200)), ch(["katastar", "kataszter", "kadastar"])))


def du_wav():
    w = make_wav()
    return ("```ts\n// hearing-room display: short beep when the next case is called\nconst CALL_BEEP = new Audio(\n  \"data:audio/wav;base64,%s\"\n);\nexport function callNext(roomNo: number) { CALL_BEEP.play(); }\n```" % b64(w))


def du_bmp_log():
    bmp = make_bmp(ch([2, 3, 4]), ch([2, 3]))
    return ("%s scan-ingest  WARN  TwainBridge - driver returned preview as data:image/bmp;base64,%s ; expected image/tiff, falling back"
            % (log_ts(), b64(bmp)))


def du_ico():
    ico = make_ico()
    return ("```html\n<head>\n  <meta charset=\"utf-8\">\n  <title>%s</title>\n  <link rel=\"icon\" href=\"data:image/x-icon;base64,%s\">\n</head>\n```"
            % (ch(["e-Bíróság ügyfélportál", "Портал на судова", "Единен портал за електронно правосъдие – демо",
                   "Kataszter lekérdező"]), b64(ico)))


def du_svg_b64():
    svg = make_svg()
    return ("```css\n.status--%s::before {\n  content: \"\";\n  background-image: url(\"data:image/svg+xml;base64,%s\");\n}\n```"
            % (ch(["erkeztetve", "zavedeno", "входирано", "delivered", "pending"]), b64(svg.encode())))


def du_svg_utf8():
    svg = make_svg()
    return ("```scss\n$icon-%s: url(\"data:image/svg+xml;utf8,%s\");\n```" % (ch(["parcel", "hearing", "seal", "stamp"]), pct_svg(svg)))


def du_shell_decode():
    png, (w, h, mode) = make_png()
    fn = ch(["pecset.png", "pecat.png", "pechat.png", "seal.png"])
    return ("```\n$ echo '%s' | base64 -d > %s && file %s\n%s: PNG image data, %d x %d, 8-bit/color %s, non-interlaced\n```"
            % (b64(png), fn, fn, fn, w, h, mode))


def du_python():
    jpg = make_jpeg()
    return ("```python\n# dms export: thumbnails come back as data URIs\nthumb = \"data:image/jpeg;base64,%s\"\nheader, payload = thumb.split(\",\", 1)\nassert header == \"data:image/jpeg;base64\"\nopen(\"thumb.jpg\", \"wb\").write(base64.b64decode(payload))\n```"
            % b64(jpg))


def du_zip_json():
    files = [("manifest.xml", '<?xml version="1.0" encoding="UTF-8"?>\n<beadvany tipus="%s" verzio="2.%d"><melleklet n="%d"/></beadvany>\n'
              % (ch(["keresetlevel", "fellebbezes", "hianypotlas"]), ri(0, 9), ri(1, 5))),
             ("meta.json", json.dumps({"schema": "filing/v2", "court": ch(["FT", "BKKB", "PKKB", "DT"]), "pages": ri(1, 40)}))]
    z = make_zip(files)
    return ("e-filing csomag a teszt kliensből (%d bájt):\n```json\n{\n  \"packageType\": \"application/zip\",\n  \"fileName\": \"beadvany_%s.zip\",\n  \"content\": \"%s\"\n}\n```"
            % (len(z), digits(6), b64(z)))


def du_map_tile():
    png, _ = make_png(ch([16, 24, 32]), None, ch(["checker", "stripes", "frame"]))
    return ("```json\n{\"parcelId\": \"%s\", \"zoom\": %d, \"thumbnail\": \"data:image/png;base64,%s\"}\n```"
            % (ch([bg_pi(), hu_hrsz(), "%d/%d" % (ri(100, 9999), ri(1, 40))]), ri(14, 19), b64(png)))


def du_har():
    png = make_png()[0]
    return ("HAR részlet a portálról (%s):\n```json\n{\"request\": {\"method\": \"GET\", \"url\": \"data:image/png;base64,%s\"}, \"response\": {\"status\": 200, \"content\": {\"size\": %d, \"mimeType\": \"image/png\"}}, \"time\": %.3f}\n```"
            % (ch(ENVS), trunc(b64(png), ri(80, 160)), len(png), rng.random() * 3))


def du_kotlin_gif():
    g = make_gif()
    return ("```kotlin\nobject Pixels {\n    // transparent 1x1 used by the e-delivery open tracker (disabled in RS/BG)\n    val TRANSPARENT: ByteArray = Base64.getDecoder().decode(\"%s\")\n}\n```" % b64(g))


def du_preview_log():
    jpg = make_jpeg()
    uri = "data:image/jpeg;base64," + b64(jpg)
    return ("%s DEBUG [preview-%d] c.d.dms.PreviewService - docId=%s preview=%s"
            % (log_ts(), ri(1, 8), ch(["DMS-2024-%010d" % ri(1, 9999999999), uuid4()]), trunc(uri, ri(60, 110))))


def du_jasper():
    jpg = make_jpeg()
    return ("```json\n{\n  \"template\": \"%s\",\n  \"watermark\": {\"opacity\": 0.%d, \"image\": \"data:image/jpeg;base64,%s\"},\n  \"locale\": \"%s\"\n}\n```"
            % (ch(["resenje_o_upisu_v3", "ertesito_hatarozat", "udostoverenie_vpisvane"]), ri(1, 3), b64(jpg),
               ch(["hu-HU", "sr-Cyrl-RS", "sr-Latn-RS", "bg-BG"])))


def du_xml_b64_text():
    xml = ('<?xml version="1.0" encoding="UTF-8"?><Potvrda><Predmet>%s</Predmet><Primljeno>%s</Primljeno></Potvrda>'
           % (rgz_case(), iso_ts(False)))
    return ("eSanduče vraća potvrdu kao base64 XML, decode radi normalno: `%s`" % b64(xml.encode()))


def du_img_md():
    png = make_png(None, None, "ring")[0]
    return ch(["![pecsét](data:image/png;base64,%s)", "Ево иконе за статус „уручено“: ![ok](data:image/png;base64,%s)",
               "Иконката за „връчено“: ![ok](data:image/png;base64,%s)"]) % b64(png)


NEG_DATA_URI = [du_css_logo, du_fontface_ttf, du_fontface_woff, du_email_tpl, du_md_gif, du_json_pdf, du_soap_pdf,
                du_java_fixture, du_oracle_blob, du_sourcemap, du_csp, du_wav, du_bmp_log, du_ico, du_svg_b64,
                du_svg_utf8, du_shell_decode, du_python, du_zip_json, du_map_tile, du_har, du_kotlin_gif,
                du_preview_log, du_jasper, du_xml_b64_text, du_img_md]


# ----------------------------------------------------------------------------------------------------------------
# negatives: placeholder_example
# ----------------------------------------------------------------------------------------------------------------
def ph_env_example():
    svc = ch(["docket-filing", "edelivery-hu", "katastar-sync", "kadastar-regix", "fee-calc"])
    lines = ["# %s/.env.example — másold .env-be, a valódi értékek a Vaultban vannak" % svc,
             "ORACLE_URL=jdbc:oracle:thin:@//oracle-db:1521/%s" % ch(["DOCKETPDB", "KATPDB", "FREEPDB1"]),
             "ORACLE_USER=%s" % ch(["docket_app", "kat_app", "dela_rw"]),
             "ORACLE_PASSWORD=%s" % ch(["changeme", "", "<from-vault>", "${ORACLE_PASSWORD}"]),
             "KKSZB_CLIENT_ID=<client-id>",
             "KKSZB_CLIENT_SECRET=",
             "SLACK_BOT_TOKEN=xoxb-your-bot-token",
             "S3_ARCHIVE_BUCKET=dnb-%s-scans" % ch(["hu", "rs", "bg"]),
             "AWS_ACCESS_KEY_ID=AKIAIOSFODNN7EXAMPLE",
             "AWS_SECRET_ACCESS_KEY=wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY"]
    rng.shuffle(lines[4:])
    return "```dotenv\n" + "\n".join(lines[:ri(6, len(lines))]) + "\n```"


def ph_spring_yaml():
    return ("```yaml\nspring:\n  datasource:\n    url: jdbc:oracle:thin:@//${ORACLE_HOST:localhost}:1521/${ORACLE_SERVICE:DOCKETPDB}\n    username: ${ORACLE_USER}\n    password: ${ORACLE_PASSWORD}\nedelivery:\n  %s:\n    client-id: ${%s_CLIENT_ID}\n    client-secret: ${vault:secret/data/%s/%s#client_secret}\n    keystore-password: ${KEYSTORE_PASSWORD:changeit}\n```"
            % (ch(["kkszb", "esanduce", "ssev"]), ch(["KKSZB", "ESANDUCE", "SSEV"]), ch(["danubit", "dnb"]),
               ch(["prod-hu", "prod-rs", "prod-bg", "uat-bg"])))


def ph_helm():
    sec = ch(["oracle-docket", "regix-client-cert", "esanduce-oauth", "takarnet-sftp"])
    return ("```yaml\n# values-%s.yaml\nenv:\n  - name: ORACLE_PASSWORD\n    valueFrom:\n      secretKeyRef:\n        name: %s\n        key: password\n  - name: CLIENT_SECRET\n    valueFrom:\n      secretKeyRef: { name: %s, key: client_secret }\nexistingSecret: %s   # ne írd ide az értéket!\n```"
            % (ch(ENVS), sec, sec, sec))


def ph_curl_doc():
    return ch([
        "A README-ben így van: `curl -u <felhasznalo>:<jelszo> https://takarnet-gw.example/api/v1/tulajdonilap?hrsz=<hrsz>` — a <jelszo> helyére a saját teszt fiókodé megy, ne commitold",
        "U dokumentaciji: `curl -H \"Authorization: Bearer <ACCESS_TOKEN>\" https://esanduce-gw.example/api/poruke` — token dobijate iz `/oauth2/token`",
        "В документацията: `curl --cert client.p12:<парола> https://regix-gw.example/RegiXEntryPoint.svc` — паролата е в Vault, не я пишете тук",
        "Docs example: `curl -u USER:PASSWORD https://nexus.example/repository/releases/` — replace with your own LDAP login",
    ])


def ph_scott_tiger():
    return ch([
        "Onboarding: a lokális Oracle-höz a klasszikus demo séma is jó: `sqlplus scott/tiger@//localhost:1521/FREEPDB1` (csak a gvenzl konténerben létezik)",
        "for the training VM: `jdbc:oracle:thin:scott/tiger@localhost:1521/XEPDB1` — it's Oracle's demo schema, nothing real",
        "На локалната машина: `sqlplus system/oracle@//localhost:1521/XEPDB1` — паролата по подразбиране на образа, сменете я ако пускате навън",
    ])


def ph_keystore():
    return ("```\n$ keytool -list -keystore $JAVA_HOME/lib/security/cacerts -storepass changeit | head -3\nKeystore type: PKCS12\nKeystore provider: SUN\n\nYour keystore contains %d entries\n```\n%s"
            % (ri(90, 150), ch(["(a changeit a JDK alapértelmezett jelszava, nem titok)", "changeit je default JDK lozinka",
                                "changeit е паролата по подразбиране на JDK"])))


def ph_aws_doc():
    return ("```ini\n# ~/.aws/credentials — példa a wikiből, NEM valódi\n[scan-archive]\naws_access_key_id = AKIAIOSFODNN7EXAMPLE\naws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY\nregion = eu-central-1\n```")


def ph_gha():
    gw = ch([("RegiX", "REGIX", "kadastar-regix"), ("KKSZB", "KKSZB", "kkszb-adapter"), ("eSanduče", "ESANDUCE", "esanduce-adapter")])
    return ("```yaml\n- name: Smoke test against %s gateway\n  env:\n    CLIENT_CERT_PASSWORD: ${{ secrets.%s_CERT_PASSWORD }}\n    ORACLE_PASSWORD: ${{ secrets.ORACLE_PASSWORD }}\n  run: ./gradlew :%s:smokeTest -Penv=%s\n```"
            % (gw[0], gw[1], gw[2], ch(ENVS)))


def ph_jenkins():
    return ("```groovy\nwithCredentials([usernamePassword(credentialsId: '%s', usernameVariable: 'SFTP_USER', passwordVariable: 'SFTP_PASS')]) {\n    sh 'lftp -u \"$SFTP_USER,$SFTP_PASS\" sftp://%s -e \"mirror --reverse out/ /inbox/; bye\"'\n}\n```"
            % (ch(["takarnet-sftp", "rgz-sftp", "agkk-sftp"]), ch(["sftp-gw.internal", "10.40.2.15", "192.168.56.20"])))


def ph_masked_card():
    rows = []
    for _ in range(ri(3, 6)):
        rows.append("| %s | %s | %s | %s |" % (
            ch(["**** **** **** %04d" % ri(0, 9999), "•••• %04d" % ri(0, 9999), "XXXX-XXXX-XXXX-%04d" % ri(0, 9999),
                "%d******%04d" % (ch([4, 5]), ri(0, 9999))]),
            ch([money_hu(ri(1, 400) * 1000), money_rs(ri(1000, 60000)), money_bg(ri(10, 900))]),
            ch(["APPROVED", "DECLINED 05", "3DS_FAILED", "ODOBRENO", "ОДОБРЕНО"]), iso_ts(False)))
    return ("illeték / taksa kártyás befizetések, maszkolt PAN-nal (ahogy a gateway adja):\n| kártya | összeg | státusz | idő |\n|---|---:|---|---|\n"
            + "\n".join(rows))


def ph_masked_iban():
    return ch([
        "A visszatérítési űrlapon így jelenik meg: `HU** **** **** **** **** **** %04d` — a teljes IBAN csak a DB-ben van titkosítva" % ri(0, 9999),
        "Na formi za povraćaj takse: `RS35 •••• •••• •••• •••• %02d` (maskirano u UI)" % ri(0, 99),
        "В справката за надвнесени такси: `BG** **** **** **** **%02d` — маскирано" % ri(0, 99),
        "IBAN validator unit test uses the invalid sample `HU00 0000 0000 0000 0000 0000 0000` on purpose (check digits 00 can never be valid)",
    ])


def ph_form_template():
    t = ri(0, 2)
    if t == 0:
        return ("```\nBEADVÁNY ADATLAP (sablon)\nFél neve: ______________________\nTelefonszám: +36 __ ___ ____\nE-mail: {{ fel.email }}\nAdóazonosító jel: 8XXXXXXXXX\nÜgyszám: {{ ugy.szam }}\n```")
    if t == 1:
        return ("```\nОБРАЗАЦ ПОДНЕСКА (шаблон)\nИме и презиме: ____________\nЈМБГ: ______________\nТелефон: +381 6x xxx xxxx\nАдреса е-поште: {{ stranka.email }}\nБрој предмета: {{ predmet.broj }}\n```")
    return ("```\nМОЛБА (шаблон)\nИме: ____________________\nЕГН: __________\nТелефон: +359 8X XXX XXXX\nЕл. поща: {{ party.email }}\nДело №: {{ case.number }}\n```")


def ph_redacted_log():
    return ("%s INFO  [%s] c.d.edelivery.RecipientResolver - resolved party=%s email=<redacted> phone=[REDACTED] jmbg=*** egn=*** channel=%s"
            % (log_ts(), ch(["hkp-poller-2", "ssev-worker-1", "esanduce-3"]), uuid4(), ch(["HKP", "SSEV", "ESANDUCE"])))


def ph_pem_dots():
    return ch([
        "```\n-----BEGIN PRIVATE KEY-----\n...\n-----END PRIVATE KEY-----\n```\nígy néz ki a regix-client.pem formátuma, a valódi a Vaultban: `secret/regix/client`",
        "A tls.key mező formátuma: `-----BEGIN RSA PRIVATE KEY-----\\n<base64>\\n-----END RSA PRIVATE KEY-----` — ha más, az ingress nem tölti be",
        "```yaml\ntls.key: |\n  -----BEGIN EC PRIVATE KEY-----\n  <ide jön a kulcs, NEM a repóba>\n  -----END EC PRIVATE KEY-----\n```",
    ])


def ph_jwt_placeholder():
    return ch([
        "header: `Authorization: Bearer <token>` — a token a KKSZB `/oauth/token` válaszából jön, 300 mp-ig él",
        "primer iz Postman kolekcije: `Authorization: Bearer eyJhbGciOiJSUzI1NiIsInR5cCI6IkpXVCJ9.<payload>.<signature>` — ne kačite prave tokene",
        "в тестовете: `Authorization: Bearer {{access_token}}` (Postman променлива)",
    ])


def ph_llm_env():
    return ("```dotenv\n# anonimizacio-poc (ítélet-anonimizálás prototípus) .env.example\nOPENAI_API_KEY=sk-...\nANTHROPIC_API_KEY=sk-ant-api03-...\nMODEL=%s\nMAX_PAGES=%d\n```"
            % (ch(["gpt-4o-mini", "claude-sonnet", "local-llama"]), ri(10, 200)))


def ph_ansible():
    return ("```yaml\n# group_vars/oracle_%s.yml\noracle_sys_password: \"{{ vault_oracle_sys_password }}\"\noracle_app_password: \"{{ vault_oracle_app_password }}\"\nwallet_password: \"{{ lookup('community.hashi_vault.hashi_vault', 'secret/data/oracle/wallet:password') }}\"\n```"
            % ch(["hu", "rs", "bg"]))


def ph_compose():
    return ("```yaml\nservices:\n  oracle:\n    image: gvenzl/oracle-free:23-slim\n    environment:\n      ORACLE_PASSWORD: ${ORACLE_PASSWORD:?set it in .env}\n      APP_USER: %s\n      APP_USER_PASSWORD: ${APP_USER_PASSWORD}\n  rabbit:\n    image: rabbitmq:3-management\n    # default guest/guest, only on localhost\n```" % ch(["docket_app", "kat_app", "dela_rw"]))


def ph_url_templates():
    return ch([
        "```\nsftp://<user>:<password>@takarnet-gw.example:22/inbox\namqp://guest:guest@localhost:5672/%2f\nredis://:${REDIS_PASSWORD}@redis:6379/0\n```",
        "connection string format za katastar GIS: `postgresql://<korisnik>:<lozinka>@<host>:5432/gis` — pravi je u Vaultu",
        "формат: `amqps://${MQ_USER}:${MQ_PASS}@mq.internal:5671/ssev` (променливите идват от ESO)",
    ])


def ph_gitlab_vars():
    return ("```\n$ glab variable list\nKEY                     PROTECTED  MASKED  VALUE\nORACLE_PASSWORD         true       true    [masked]\nREGIX_CERT_PASSWORD     true       true    [masked]\nKKSZB_CLIENT_SECRET     true       true    [masked]\nSLACK_WEBHOOK_URL       false      true    [masked]\n```")


def ph_op_ref():
    return ch([
        "a staging jelszót innen húzd: `op read \"op://Danubit-Ops/oracle-staging-hu/password\"`",
        "`op://Danubit-Ops/esanduce-oauth/client_secret` je referenca u 1Password-u, vrednost nije ovde",
        "ESO: `remoteRef: { key: secret/data/regix/client, property: cert_password }` — стойността не е в репото",
    ])


def ph_sqlplus_env():
    return ("```bash\nsqlplus -s system/${ORACLE_PWD}@//localhost:1521/FREEPDB1 <<'SQL'\nALTER USER %s IDENTIFIED BY \"&new_password\";\nSQL\n```" % ch(["docket_app", "kat_app", "dela_rw"]))


def ph_token_docs():
    return ch([
        "Slack bot tokenek `xoxb-` előtaggal kezdődnek, user tokenek `xoxp-`-vel; példa a wikiben: `xoxb-0000000000-0000000000-xxxxxxxxxxxxxxxxxxxxxxxx`",
        "GitHub PAT formati: klasični `ghp_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx`, fine-grained `github_pat_...` — u CI koristimo samo fine-grained",
        "Форматът на ключа: `AKIA` + 16 знака, напр. `AKIAIOSFODNN7EXAMPLE` (примерът на AWS)",
    ])


def ph_jmbg_test():
    return ch([
        "```java\n@Test\nvoid rejectsPlaceholderJmbg() {\n    assertFalse(JmbgValidator.isValid(\"0000000000000\"));\n    assertFalse(JmbgValidator.isValid(\"XXXXXXXXXXXXX\"));\n}\n```",
        "```kotlin\n@Test fun `EGN placeholder is rejected`() {\n    assertFalse(Egn.isValid(\"0000000000\"))\n    assertFalse(Egn.isValid(\"__________\"))\n}\n```",
        "TAJ mező példaérték a dokumentációban: `000 000 000` — ezt a validátor szándékosan elutasítja",
    ])


def ph_empty_values():
    return ("```ini\n[sftp]\nhost = sftp-gw.internal\nuser = %s\npassword =\nprivate_key_path = /run/secrets/sftp_key\n\n[oracle]\ndsn = oracle-db:1521/%s\nuser = %s\npassword = ${ORACLE_PASSWORD}\n```"
            % (ch(["takarnet_batch", "rgz_batch", "agkk_batch"]), ch(["DOCKETPDB", "KATPDB"]), ch(["docket_app", "kat_app"])))


def ph_phone_mask():
    return ch([
        "az SMS értesítő logja így maszkol: `+36 30 *** **%02d`, szerintem elég" % ri(0, 99),
        "SMS gateway log: `to=+381 6* *** **%02d status=SENT` — maskiranje radi" % ri(0, 99),
        "SMS логът: `to=+359 8** *** *%02d` — маскирането работи" % ri(0, 99),
    ])


NEG_PLACEHOLDER = [ph_env_example, ph_spring_yaml, ph_helm, ph_curl_doc, ph_scott_tiger, ph_keystore, ph_aws_doc,
                   ph_gha, ph_jenkins, ph_masked_card, ph_masked_iban, ph_form_template, ph_redacted_log, ph_pem_dots,
                   ph_jwt_placeholder, ph_llm_env, ph_ansible, ph_compose, ph_url_templates, ph_gitlab_vars, ph_op_ref,
                   ph_sqlplus_env, ph_token_docs, ph_jmbg_test, ph_empty_values, ph_phone_mask]


# ----------------------------------------------------------------------------------------------------------------
# negatives: code_identifier
# ----------------------------------------------------------------------------------------------------------------
ID_WORDS = ["Filing", "Receipt", "Docket", "Hearing", "Party", "Parcel", "Cadastre", "Delivery", "Envelope", "Fee",
            "Stamp", "Signature", "Credential", "Secret", "Token", "Password", "Iban", "Phone", "Email", "Jmbg", "Egn",
            "Taj", "Keystore", "Wallet", "Gateway", "Regix", "Kkszb", "Esanduce", "Ssev", "Takarnet", "Resolver",
            "Handler", "Adapter", "Mapper", "Validator", "Masker", "Poller", "Scheduler", "Repository", "Service"]


def camel(n=3, lower_first=False):
    s = "".join(ch(ID_WORDS) for _ in range(n))
    return s[0].lower() + s[1:] if lower_first else s


def java_frame(pkg=None):
    pkg = pkg or ch(JAVA_PKGS)
    sub = ch(["filing", "hearing", "party", "fee", "delivery", "gateway", "security", "masking", "parcel", "sync"])
    cls = camel(2)
    return "\tat %s.%s.%s.%s(%s.java:%d)" % (pkg, sub, cls, camel(2, True), cls, ri(40, 900))


def ci_java_trace():
    exc = ch([("java.sql.SQLException", "ORA-01017: invalid username/password; logon denied"),
              ("java.sql.SQLRecoverableException", "IO Error: The Network Adapter could not establish the connection"),
              ("oracle.jdbc.OracleDatabaseException", "ORA-28001: the password has expired"),
              ("java.sql.SQLIntegrityConstraintViolationException", "ORA-00001: unique constraint (DOCKET.UK_FILING_RECEIPT_NO) violated"),
              ("org.springframework.ws.soap.client.SoapFaultClientException", "Érvénytelen tanúsítvány / invalid client certificate"),
              ("javax.net.ssl.SSLHandshakeException", "PKIX path building failed: unable to find valid certification path to requested target")])
    lines = ["%s ERROR [%s] %s.%s - %s" % (log_ts(), ch(["http-nio-8080-exec-%d" % ri(1, 40), "kkszb-poller-%d" % ri(1, 4),
                                                          "ssev-worker-%d" % ri(1, 8), "scheduling-1"]),
                                           ch(JAVA_PKGS), camel(2), ch(["Filing failed", "Delivery poll failed",
                                                                         "Nem sikerült az érkeztetés", "Greška pri sinhronizaciji",
                                                                         "Грешка при входиране"])),
             "%s: %s" % exc]
    for _ in range(ri(5, 18)):
        lines.append(java_frame())
    lines += ["\tat org.springframework.transaction.interceptor.TransactionInterceptor.invoke(TransactionInterceptor.java:119)",
              "\tat java.base/java.util.concurrent.ThreadPoolExecutor.runWorker(ThreadPoolExecutor.java:1144)",
              "\tat java.base/java.lang.Thread.run(Thread.java:1583)"]
    if rng.random() < 0.5:
        lines.append("Caused by: oracle.net.ns.NetException: %s" % ch(["Connection refused", "Listener refused the connection with the following error: ORA-12514"]))
        for _ in range(ri(2, 5)):
            lines.append("\tat oracle.net.ns.%s.%s(%s.java:%d)" % (ch(["NSProtocolNIO", "NIOPacket", "NSProtocol"]),
                                                                ch(["negotiateConnection", "connect", "readFromSocketChannel"]),
                                                                ch(["NSProtocolNIO", "NIOPacket", "NSProtocol"]), ri(100, 1200)))
    return "```\n" + "\n".join(lines) + "\n```"


def ci_ddl():
    t = ch(["CASE_PARTY", "STRANKA", "STRANA_PO_DELO", "FEE_PAYMENT", "DELIVERY_RECIPIENT"])
    cols = [("ID", "NUMBER(19) GENERATED ALWAYS AS IDENTITY"), ("CASE_ID", "NUMBER(19) NOT NULL"),
            ("PARTY_ROLE", "VARCHAR2(20 CHAR)"), ("DISPLAY_NAME_ENC", "RAW(512)"), ("EMAIL_ENC", "RAW(512)"),
            ("EMAIL_HASH", "RAW(32)"), ("PHONE_E164_ENC", "RAW(256)"), ("JMBG_HASH", "RAW(32)"), ("EGN_HASH", "RAW(32)"),
            ("TAJ_HASH", "RAW(32)"), ("IBAN_ENC", "RAW(256)"), ("IBAN_LAST4", "CHAR(4)"), ("CARD_TOKEN_REF", "VARCHAR2(64)"),
            ("KRID", "NUMBER(12)"), ("CREATED_AT", "TIMESTAMP(6) WITH TIME ZONE DEFAULT SYSTIMESTAMP")]
    sel = cols[:3] + pick_n(cols[3:-1], ri(5, 9)) + cols[-1:]
    body = ",\n".join("  %-18s %s" % c for c in sel)
    return ("```sql\nCREATE TABLE %s (\n%s,\n  CONSTRAINT PK_%s PRIMARY KEY (ID)\n) TABLESPACE %s;\nCOMMENT ON COLUMN %s.%s IS '%s';\n```"
            % (t, body, t, ch(["DOCKET_DATA", "KAT_DATA", "DELA_DATA"]), t, sel[4][0],
               ch(["AES-GCM, kulcs a wallet-ben", "šifrovano, ključ u HSM-u", "криптирано, ключът е в HSM", "encrypted, key in OCI Vault"])))


def ci_entity():
    return ("```java\n@Entity\n@Table(name = \"CASE_PARTY\")\npublic class CaseParty {\n    @Id private Long id;\n    @Convert(converter = EncryptedStringConverter.class) private String emailAddress;\n    @Convert(converter = EncryptedStringConverter.class) private String phoneNumber;\n    @Column(name = \"%s_HASH\") private byte[] %sHash;\n    @Column(name = \"IBAN_LAST4\") private String ibanLast4;\n    @Transient private transient char[] %s;\n}\n```"
            % (ch(["JMBG", "EGN", "TAJ"]), ch(["jmbg", "egn", "taj"]), ch(["keystorePassword", "walletPassword", "clientSecret"])))


def ci_plsql():
    return ("```sql\nCREATE OR REPLACE PACKAGE %s AS\n  FUNCTION calc_%s(p_case_type IN VARCHAR2, p_claim_value IN NUMBER, p_currency IN VARCHAR2) RETURN NUMBER;\n  PROCEDURE mask_party_pii(p_case_id IN NUMBER, p_keep_last4 IN BOOLEAN DEFAULT TRUE);\n  PROCEDURE rotate_wallet_credential(p_alias IN VARCHAR2);\n  e_invalid_%s EXCEPTION;\n  PRAGMA EXCEPTION_INIT(e_invalid_%s, -20%03d);\nEND %s;\n/\n```"
            % (lambda pkg, exc: (pkg, ch(["illetek", "taksa", "taksa_bg", "court_fee"]), exc, exc, ri(1, 999), pkg))(
                ch(["PKG_COURT_FEE", "PKG_SUDSKA_TAKSA", "PKG_DURZHAVNA_TAKSA"]), ch(["iban", "jmbg", "egn"])))


def ci_kotlin():
    return ("```kotlin\ndata class DeliveryReceipt(\n    val messageId: UUID,\n    val recipientKrid: Long?,\n    val recipientEmailHash: String?,\n    val deliveredAt: OffsetDateTime,\n    val channel: Channel, // HKP, CEGKAPU, ESANDUCE, SSEV\n)\n\ninterface %s {\n    fun %s(receipt: DeliveryReceipt): Result<Unit>\n}\n```" % (camel(2), camel(2, True)))


def ci_xsd():
    return ("```xml\n<xs:complexType name=\"%s\">\n  <xs:sequence>\n    <xs:element name=\"Ugyszam\" type=\"tns:UgyszamType\"/>\n    <xs:element name=\"ErkeztetesiSzam\" type=\"xs:string\"/>\n    <xs:element name=\"FelEmailCim\" type=\"tns:EmailType\" minOccurs=\"0\"/>\n    <xs:element name=\"FelTelefonszam\" type=\"tns:PhoneType\" minOccurs=\"0\"/>\n    <xs:element name=\"Adoazonosito\" type=\"tns:AdoazonositoType\" minOccurs=\"0\"/>\n    <xs:element name=\"Bankszamla\" type=\"tns:IbanType\" minOccurs=\"0\"/>\n  </xs:sequence>\n</xs:complexType>\n```" % ch(["BeadvanyFejlecType", "ErkeztetesType", "KezbesitesType"]))


def ci_config_keys():
    keys = ["kkszb.oauth.client-id", "kkszb.oauth.client-secret-ref", "kkszb.keystore.path", "kkszb.keystore.password-ref",
            "esanduce.api.base-url", "esanduce.api.token-ttl", "ssev.sender.oid", "ssev.signing.key-alias",
            "regix.client.cert-alias", "regix.client.cert-password-ref", "masking.jmbg.enabled", "masking.egn.enabled",
            "masking.phone.keep-last", "masking.iban.keep-last", "takarnet.sftp.private-key-ref", "oracle.wallet.location"]
    sel = pick_n(keys, ri(5, 10))
    return ("`application.properties` kulcsok, amik az új verzióban kellenek (értékek a Vaultból):\n```\n%s\n```"
            % "\n".join(sorted(sel)))


def ci_kubectl():
    lines = ["NAME                                   READY   STATUS    RESTARTS   AGE"]
    for _ in range(ri(4, 9)):
        name = "%s-%s-%s" % (ch(SERVICES), rs("bcdfghjklmnpqrstvwxz2456789", 10), rs("bcdfghjklmnpqrstvwxz2456789", 5))
        lines.append("%-38s %s   %-9s %-10d %dd" % (name, ch(["1/1", "1/1", "0/1", "2/2"]), ch(["Running", "Running", "CrashLoopBackOff", "Pending"]),
                                                   ri(0, 14), ri(1, 60)))
    return "```\n$ kubectl -n %s get pods\n%s\n```" % (ch(ENVS), "\n".join(lines))


def ci_mvn_tree():
    svc = ch(SERVICES)
    lines = ["[INFO] hu.danubit:%s:jar:%d.%d.%d" % (svc, ri(3, 5), ri(0, 20), ri(0, 9))]
    deps = ["com.oracle.database.jdbc:ojdbc11:jar:23.%d.0.24.%02d:compile" % (ri(3, 5), ri(1, 12)),
            "com.oracle.database.security:oraclepki:jar:23.%d.0.24.%02d:compile" % (ri(3, 5), ri(1, 12)),
            "org.springframework.ws:spring-ws-security:jar:4.0.%d:compile" % ri(1, 11),
            "org.apache.wss4j:wss4j-ws-security-dom:jar:3.0.%d:compile" % ri(0, 3),
            "eu.europa.ec.joinup.sd-dss:dss-xades:jar:6.%d:compile" % ri(0, 2),
            "hu.danubit:secret-masking:jar:1.%d.%d:compile" % (ri(0, 9), ri(0, 9)),
            "io.micrometer:micrometer-tracing-bridge-otel:jar:1.%d.%d:compile" % (ri(1, 4), ri(0, 9))]
    for d in pick_n(deps, ri(4, 7)):
        lines.append("[INFO] %s %s" % (ch(["+-", "\\-"]), d))
    return "```\n$ mvn dependency:tree -pl %s\n%s\n```" % (svc, "\n".join(lines))


def ci_liquibase():
    return ("```yaml\ndatabaseChangeLog:\n  - changeSet:\n      id: %s-add-%s\n      author: dnb-%s\n      changes:\n        - addColumn:\n            tableName: %s\n            columns:\n              - column: { name: %s, type: RAW(32) }\n              - column: { name: %s, type: VARCHAR2(4) }\n```"
            % (iso_ts(False)[:10].replace("-", ""), ch(["egn-hash", "jmbg-hash", "phone-hash"]), ch(["hu", "rs", "bg"]),
               ch(["CASE_PARTY", "STRANKA", "DELIVERY_RECIPIENT"]), ch(["EGN_HASH", "JMBG_HASH", "PHONE_HASH"]),
               ch(["IBAN_LAST4", "PHONE_LAST4"])))


def ci_angular():
    c = "ng-c%d" % ri(10 ** 9, 4 * 10 ** 9)
    return ("```html\n<div _ngcontent-%s class=\"party-contact\"><label _ngcontent-%s for=\"partyEmail\">E-mail</label><input _ngcontent-%s id=\"partyEmail\" formcontrolname=\"emailAddress\" type=\"email\"><input _ngcontent-%s id=\"partyPhone\" formcontrolname=\"phoneNumber\" type=\"tel\"></div>\n```"
            % (c, c, c, c))


def ci_ts_interface():
    return ("```ts\nexport interface PartyContact {\n  emailAddress?: string;\n  phoneNumber?: string;   // E.164, masked in UI: +36 30 *** **12\n  ibanMasked?: string;\n  %s?: string;\n}\nexport const %s = (p: PartyContact) => ({ ...p, emailAddress: undefined });\n```"
            % (ch(["jmbgHash", "egnHash", "tajHash"]), camel(2, True)))


def ci_log4j():
    return ("```xml\n<Loggers>\n  <Logger name=\"%s.security.%s\" level=\"WARN\"/>\n  <Logger name=\"%s.gateway.%s\" level=\"DEBUG\" additivity=\"false\">\n    <AppenderRef ref=\"MaskingJsonAppender\"/>\n  </Logger>\n  <Root level=\"INFO\"><AppenderRef ref=\"Console\"/></Root>\n</Loggers>\n```"
            % (ch(JAVA_PKGS), camel(2), ch(JAVA_PKGS), camel(2)))


def ci_thread_dump():
    lines = []
    for _ in range(ri(2, 4)):
        tn = ch(["kkszb-poller-%d", "ssev-worker-%d", "esanduce-retry-%d", "HikariPool-1 housekeeper %d", "rgz-sync-%d"]) % ri(1, 9)
        lines.append("\"%s\" #%d daemon prio=5 os_prio=0 cpu=%.2fms elapsed=%.2fs tid=0x00007f%s nid=%d waiting on condition"
                     % (tn, ri(20, 300), rng.random() * 9000, rng.random() * 90000, hexs(10), ri(1000, 99999)))
        lines.append("   java.lang.Thread.State: TIMED_WAITING (parking)")
        for _ in range(ri(2, 4)):
            lines.append(java_frame().replace("\tat", "\tat", 1))
        lines.append("")
    return "```\n" + "\n".join(lines).rstrip() + "\n```"


def ci_sql_binds():
    return ("```sql\nSELECT p.id, p.party_role, p.iban_last4\n  FROM case_party p\n  JOIN docket_case c ON c.id = p.case_id\n WHERE c.case_no = :p_case_no\n   AND p.email_hash = STANDARD_HASH(LOWER(:p_email), 'SHA256')\n   AND (:p_hrsz IS NULL OR c.parcel_ref = :p_hrsz);\n```")


def ci_hibernate_log():
    return ("%s DEBUG org.hibernate.SQL - select cp1_0.id,cp1_0.email_enc,cp1_0.email_hash,cp1_0.phone_e164_enc,cp1_0.%s_hash,cp1_0.iban_last4 from case_party cp1_0 where cp1_0.case_id=?"
            % (log_ts(), ch(["jmbg", "egn", "taj"])))


def ci_dotnet():
    lines = ["Unhandled exception. System.Security.Cryptography.CryptographicException: The specified network password is not correct.",
             "   at System.Security.Cryptography.X509Certificates.X509CertificateLoader.LoadPkcs12(ReadOnlySpan`1 data, ReadOnlySpan`1 password, X509KeyStorageFlags keyStorageFlags)",
             "   at Danubit.ScanStation.Signing.%s.LoadSigningCertificate(String pfxPath, SecureString password) in C:\\src\\scanstation\\Signing\\%s.cs:line %d"
             % (camel(2), camel(2), ri(20, 300)),
             "   at Danubit.ScanStation.Upload.%s.UploadBatchAsync(BatchId id, CancellationToken ct) in C:\\src\\scanstation\\Upload\\Uploader.cs:line %d" % (camel(2), ri(20, 300)),
             "   at Danubit.ScanStation.Program.Main(String[] args) in C:\\src\\scanstation\\Program.cs:line %d" % ri(10, 90)]
    return "scan station (Windows) induláskor:\n```\n" + "\n".join(lines) + "\n```"


def ci_feature_flags():
    flags = ["hu.kkszb.useOAuthV2", "hu.hkp.pollIntervalSeconds", "rs.esanduce.retryOnTimeout", "rs.rgz.parcelSyncV3",
             "bg.regix.useNewAdapter", "bg.ssev.signWithHsm", "common.masking.strictPhoneDetection",
             "common.masking.egnJmbgHashing", "common.dms.previewInline", "portal.fees.cardPaymentsEnabled"]
    sel = pick_n(flags, ri(4, 7))
    return "Unleash flagek a %s release-hez:\n%s" % (ch(["4.%d" % ri(10, 20), "2025.%d" % ri(1, 12)]),
                                                  "\n".join("• `%s` → %s" % (f, ch(["on", "off", "50%", "prod-bg only"])) for f in sel))


def ci_grep_out():
    files = []
    for _ in range(ri(4, 8)):
        pkg = ch(JAVA_PKGS).replace(".", "/")
        cls = camel(2)
        files.append("src/main/java/%s/%s/%s.java:%d:    private final %s %s;" % (
            pkg, ch(["security", "masking", "gateway"]), cls, ri(10, 300), ch(["SecretRef", "char[]", "KeyStore", "PasswordEncoder"]),
            camel(2, True)))
    return "```\n$ git grep -n \"Secret\\|Password\" -- '*.java' | head\n%s\n```" % "\n".join(files)


def ci_enum():
    vals = ["HU_BEADVANY_ERKEZTETES", "HU_VEGZES", "HU_IDEZES", "HU_TULAJDONI_LAP_MASOLAT", "RS_RESENJE_O_UPISU",
            "RS_POZIV_ZA_RASPRAVU", "RS_POTVRDA_O_PRIJEMU", "BG_SAOBSHTENIE", "BG_OPREDELENIE", "BG_SKICA_PI",
            "BG_UDOSTOVERENIE_VRACHVANE"]
    sel = pick_n(vals, ri(5, 9))
    return "```java\npublic enum DocumentType {\n    %s;\n}\n```" % ",\n    ".join(sel)


def ci_gradle_err():
    return ("```\n> Task :%s:compileJava FAILED\n/src/main/java/%s/%s.java:%d: error: cannot find symbol\n        return %s.%s(party.getPhoneNumber());\n                  ^\n  symbol:   method %s(String)\n  location: class %s\n```"
            % (ch(SERVICES), ch(JAVA_PKGS).replace(".", "/"), camel(2), ri(20, 400), camel(1), camel(2, True),
               camel(2, True), camel(1)))


NEG_CODE = [ci_java_trace, ci_ddl, ci_entity, ci_plsql, ci_kotlin, ci_xsd, ci_config_keys, ci_kubectl, ci_mvn_tree,
            ci_liquibase, ci_angular, ci_ts_interface, ci_log4j, ci_thread_dump, ci_sql_binds, ci_hibernate_log,
            ci_dotnet, ci_feature_flags, ci_grep_out, ci_enum, ci_gradle_err]


# ----------------------------------------------------------------------------------------------------------------
# negatives: non_credential_blob
# ----------------------------------------------------------------------------------------------------------------
def nb_git_log():
    msgs = ["fix(fee-calc): HUF kerekítés illetéknél", "feat(esanduce): retry on 503", "chore: bump ojdbc11",
            "fix(ssev): подписване с HSM ключ", "feat(rgz-sync): parcela v3 API", "refactor(masking): phone detector",
            "fix(hearing): idézés dátum formátum", "docs: KKSZB onboarding", "fix(regix): timeout 30s",
            "feat(portal): sr-Latn lokalizacija", "test: receipt renderer fixtures", "fix(dms): preview mime"]
    ab = ch([7, 7, 8, 9, 10])
    lines = ["%s %s" % (hexs(ab), m) for m in pick_n(msgs, ri(4, 9))]
    return "```\n$ git log --oneline %s..%s\n%s\n```" % (hexs(ab), hexs(ab), "\n".join(lines))


def nb_docker_digest():
    svc = pick_n(SERVICES, ri(2, 5))
    lines = ["%s  registry.danubit.internal/%s:%d.%d.%d@sha256:%s" % (ch(["✅", "🚀", "•"]), s, ri(3, 5), ri(0, 20), ri(0, 30), hexs(64))
             for s in svc]
    return "Deployed to %s:\n%s" % (ch(ENVS), "\n".join(lines))


def nb_awr():
    lines = ["SQL_ID         PLAN_HASH_VALUE  EXECUTIONS  ELAPSED_S  MODULE",
             "-------------  ---------------  ----------  ---------  ----------------"]
    for _ in range(ri(4, 9)):
        lines.append("%s  %15d  %10d  %9.1f  %s" % (ora_sql_id(), ri(10 ** 8, 4 * 10 ** 9), ri(10, 3 * 10 ** 6),
                                                   rng.random() * 9000, ch(SERVICES)))
    return "AWR top SQL (%s, snap %d-%d):\n```\n%s\n```" % (ch(["DOCKETPDB", "KATPDB", "DELAPDB"]), ri(20000, 40000), ri(40001, 60000), "\n".join(lines))


def nb_rowid():
    ids = ["AAA%s%s" % (rs(B62, 3), rs(B62 + "+/", 12)) for _ in range(ri(3, 6))]
    return ("ORA-01410 előtt ezek a ROWID-k jöttek vissza a DELIVERY_LOG-ból:\n```\n%s\n```" % "\n".join(ids))


def nb_dms_noderefs():
    rows = ["| workspace://SpacesStore/%s | %s | %s |" % (uuid4(), ch(["application/pdf", "image/tiff", "application/xml"]),
                                                        iso_ts(False)) for _ in range(ri(3, 7))]
    return "Alfresco noderef-ek, amik nem mentek át a DMS bridge-en:\n| nodeRef | mime | created |\n|---|---|---|\n" + "\n".join(rows)


def nb_receipt_hash():
    body = {"receiptNo": "%d/%04d/%06d" % (ri(2023, 2025), ri(101, 1231), ri(1, 999999)),
            "documentSha256": hexs(64), "signatureDigest": b64(rbytes(32)), "tsaSerial": "0x" + hexs(16).upper(),
            "receivedAt": iso_ts()}
    return "```json\n%s\n```" % json.dumps(body, indent=2)


def nb_xades():
    return ("```xml\n<ds:Reference URI=\"#doc-%s\">\n  <ds:Transforms><ds:Transform Algorithm=\"http://www.w3.org/2001/10/xml-exc-c14n#\"/></ds:Transforms>\n  <ds:DigestMethod Algorithm=\"http://www.w3.org/2001/04/xmlenc#sha256\"/>\n  <ds:DigestValue>%s</ds:DigestValue>\n</ds:Reference>\n<xades:CertDigest><ds:DigestValue>%s</ds:DigestValue></xades:CertDigest>\n<xades:IssuerSerial><ds:X509SerialNumber>%d</ds:X509SerialNumber></xades:IssuerSerial>\n```"
            % (uuid4(), b64(rbytes(32)), b64(rbytes(32)), rng.getrandbits(120)))


def nb_edelivery_ids():
    lines = []
    for _ in range(ri(4, 10)):
        lines.append("%s INFO  %s msgId=%s corrId=%s status=%s" % (log_ts(), ch(["ssev-adapter", "esanduce-adapter", "edelivery-hu"]),
                                                                   uuid4(), ulid(), ch(["SENT", "DELIVERED", "READ", "RETRY"])))
    return "```\n" + "\n".join(lines) + "\n```"


def nb_trace_json():
    tid = hexs(32)
    lines = []
    for _ in range(ri(2, 5)):
        lines.append(json.dumps({"ts": iso_ts(), "level": ch(["INFO", "WARN"]), "service": ch(SERVICES), "trace_id": tid,
                                 "span_id": hexs(16), "msg": ch(["gateway call", "kkszb token refresh", "parcel fetched",
                                                                 "receipt stored", "hívás vége", "poziv završen"])},
                                ensure_ascii=False))
    return "```\n" + "\n".join(lines) + "\n```\ntraceparent: `00-%s-%s-01`" % (tid, hexs(16))


def nb_etag():
    return ("```\n$ curl -sI https://objects.internal/%s/%d/%02d/%s.pdf\nHTTP/1.1 200 OK\nContent-Type: application/pdf\nContent-Length: %d\nETag: \"%s-%d\"\nContent-MD5: %s\nx-amz-request-id: %s\nx-amz-id-2: %s\n```"
            % (ch(["dnb-hu-scans", "dnb-rs-scans", "dnb-bg-scans"]), ri(2022, 2025), ri(1, 12), uuid4(), ri(10 ** 4, 10 ** 7),
               hexs(32), ri(2, 12), b64(rbytes(16)), rs(UP + DIG, 16), b64(rbytes(48))))


def nb_ansible_vault():
    lines = ["$ANSIBLE_VAULT;1.1;AES256"] + wrap(hexs(ri(4, 8) * 80), 80)
    return "```yaml\noracle_sys_password: !vault |\n" + "\n".join("  " + ln for ln in lines) + "\n```"


def nb_sops():
    return ("```yaml\nregix:\n    client_cert_password: ENC[AES256_GCM,data:%s,iv:%s,tag:%s,type:str]\nsops:\n    kms:\n        - arn: arn:aws:kms:eu-central-1:123456789012:key/%s\n    lastmodified: \"%s\"\n    mac: ENC[AES256_GCM,data:%s,iv:%s,tag:%s,type:str]\n    version: 3.9.%d\n```"
            % (b64(rbytes(ri(12, 24))), b64(rbytes(32)), b64(rbytes(16)), uuid4(), iso_ts(False), b64(rbytes(32)),
               b64(rbytes(32)), b64(rbytes(16)), ri(0, 4)))


def nb_cert_thumb():
    return ch([
        "a KKSZB gateway új publikus tanúsítványa: SHA-1 ujjlenyomat `%s`, sorozatszám `%s`, érvényes %s-ig",
        "novi javni sertifikat eSanduče gateway-a: SHA-1 `%s`, serijski broj `%s`, važi do %s",
        "новият публичен сертификат на RegiX: SHA-1 `%s`, сериен номер `%s`, валиден до %s",
    ]) % (":".join(hexs(2).upper() for _ in range(20)), hexs(32).upper(), ch([hu_date(), sr_date(), bg_date()]))


def nb_maven_sha():
    art = ch(["docket-core", "kataszter-api", "secret-masking", "edelivery-common"])
    v = "%d.%d.%d" % (ri(1, 5), ri(0, 20), ri(0, 9))
    return ("```\n%s-%s.jar.sha1    %s\n%s-%s.jar.sha256  %s\n%s-%s.pom.md5     %s\n```"
            % (art, v, hexs(40), art, v, hexs(64), art, v, hexs(32)))


def nb_npm_integrity():
    pk = pick_n(["@angular/core", "leaflet", "proj4", "ol", "date-fns", "pdfjs-dist", "rxjs", "zone.js"], ri(2, 4))
    out = []
    for p in pk:
        out.append("\"node_modules/%s\": {\n  \"version\": \"%d.%d.%d\",\n  \"integrity\": \"sha512-%s\"\n}" % (
            p, ri(0, 19), ri(0, 20), ri(0, 9), b64(rbytes(64))))
    return "package-lock diff a portal-web-ben:\n```json\n" + ",\n".join(out) + "\n```"


def nb_tsa():
    return ("```\n$ openssl ts -reply -in receipt.tsr -text | head -8\nStatus info:\nStatus: Granted.\nTST info:\nVersion: 1\nPolicy OID: 1.3.6.1.4.1.%d.%d.%d\nHash Algorithm: sha256\nMessage data:\n    %s\nSerial number: 0x%s\n```"
            % (ri(10000, 60000), ri(1, 9), ri(1, 9), " ".join(hexs(2) for _ in range(16)), hexs(20).upper()))


def nb_cursor():
    cur = b64(json.dumps({"after": ri(10 ** 5, 10 ** 8), "court": ch(["FT", "SRS", "VSBG"]), "ts": epoch_s()}).encode())
    return ch(["a lapozás így megy: `GET /api/v2/dockets?cursor=%s&limit=50`",
               "sledeća strana: `next_cursor=%s`",
               "следваща страница: `?cursor=%s`"]) % cur


def nb_sha256sums():
    lines = ["%s  %s-%d.%d.%d%s" % (hexs(64), ch(SERVICES), ri(3, 5), ri(0, 20), ri(0, 9), ch([".jar", ".tar.gz", "-linux-x64.zip"]))
             for _ in range(ri(3, 6))]
    return "release %s SHA256SUMS:\n```\n%s\n```" % (ch(["2025.%d" % ri(1, 12), "4.%d.0" % ri(10, 20)]), "\n".join(lines))


def nb_audit_chain():
    rows = []
    prev = hexs(64)
    for i in range(ri(3, 6)):
        h = hexs(64)
        rows.append(json.dumps({"seq": ri(10 ** 5, 10 ** 6) + i, "event": ch(["BEJEGYZES", "SZELJEGY", "UPIS", "ВПИСВАНЕ", "ZABELEZBA"]),
                                "prev": prev, "hash": h}, ensure_ascii=False))
        prev = h
    return "audit-chain (ingatlan-nyilvántartás) utolsó blokkok:\n```\n" + "\n".join(rows) + "\n```"


def nb_gpg():
    fp = " ".join(hexs(4).upper() for _ in range(10))
    return ("release artefakte potpisujemo ovim javnim ključem: `%s` (Danubit Release Signing, 2025)" % fp)


def nb_base64_text():
    t = ch(["Érkeztetve: %s" % hu_case(), "Primljeno: %s" % rs_case(), "Входирано: %s" % bg_case(),
            "status=ok;court=%s" % ch(["FT", "SRS", "VSBG"])])
    return "a gateway `X-Status-Info` headerje base64-ben jön: `%s` — decode-olva csak státusz szöveg" % b64(t.encode())


def nb_s3_ls():
    lines = []
    for _ in range(ri(4, 8)):
        y, m, d = rdate()
        hh, mm, ss = rtime()
        lines.append("%04d-%02d-%02d %02d:%02d:%02d %10d %d/%02d/%s.pdf" % (y, m, d, hh, mm, ss, ri(10 ** 4, 10 ** 7), y, m, uuid4()))
    return "```\n$ aws s3 ls s3://dnb-%s-scans/ --recursive | tail\n%s\n```" % (ch(["hu", "rs", "bg"]), "\n".join(lines))


def nb_ci_ids():
    return ch([
        "pipeline #%d (job %d) failed at `integration-test`, artifact `%s`",
        "Jenkins build %d / run %d — artefakt `%s`",
        "CI билд %d, job %d, артефакт `%s`",
    ]) % (ri(10 ** 5, 10 ** 6), ri(10 ** 6, 10 ** 7), "build-%s.tar.zst" % hexs(12))


def nb_liquibase_md5():
    lines = ["%s::%s::dnb-%s  8:%s" % (iso_ts(False)[:10], ch(["add-egn-hash", "drop-plain-phone", "fee-v2", "receipt-idx"]),
                                       ch(["hu", "rs", "bg"]), hexs(32)) for _ in range(ri(2, 5))]
    return "Liquibase validation failed, checksum eltérés:\n```\n" + "\n".join(lines) + "\n```"


def nb_sentry():
    return ch([
        "Sentry: `%s` (%d esemény, utolsó %s) — ugyanaz a HKP timeout",
        "Sentry issue `%s`, %d eventova, poslednji %s",
        "Sentry `%s` — %d събития, последно %s",
    ]) % (hexs(32), ri(2, 3000), iso_ts(False))


NEG_BLOB = [nb_git_log, nb_docker_digest, nb_awr, nb_rowid, nb_dms_noderefs, nb_receipt_hash, nb_xades, nb_edelivery_ids,
            nb_trace_json, nb_etag, nb_ansible_vault, nb_sops, nb_cert_thumb, nb_maven_sha, nb_npm_integrity, nb_tsa,
            nb_cursor, nb_sha256sums, nb_audit_chain, nb_gpg, nb_base64_text, nb_s3_ls, nb_ci_ids, nb_liquibase_md5,
            nb_sentry]


# ----------------------------------------------------------------------------------------------------------------
# negatives: pii_lookalike_number (numbers of the theme that look like phones, cards, IBANs, ids, but are not)
# ----------------------------------------------------------------------------------------------------------------
def nanp_invalid():
    """3-3-4 grouping that is not a valid NANP number (area or exchange starts with 0/1)"""
    sep = ch(["-", "-", " ", "."])
    if rng.random() < 0.5:
        return sep.join(["1" + digits(2, False), digits(3), digits(4, False)])
    return sep.join([digits(3), ch("01") + digits(2, False), digits(4, False)])


def grouped_id(pattern, sep=" "):
    parts = [int(x) for x in pattern.split("-")]
    out = [digits(parts[0])] + [digits(p, False) for p in parts[1:]]
    return sep.join(out)


def hu_erk_long():
    return "%d%s" % (ri(2023, 2025), digits(6, False)) if rng.random() < 0.5 else grouped_id(ch(["2-3-4", "4-3-3", "3-4-3"]))


def lk_hu_hearing():
    court = ch(HU_COURTS)
    y, m, d = rdate(2024, 2026)
    rows = []
    for _ in range(ri(5, 12)):
        rows.append("| %02d:%02d | %s | %s | %d. tanács | %s | %s |" % (
            ri(8, 15), ch([0, 15, 30, 45]), ch(["fsz. %d" % ri(1, 20), "I/%d" % ri(100, 199), "III/%d" % ri(300, 399), "%d. tárgyaló" % ri(1, 40)]),
            hu_case(), ri(1, 40), ch(["tulajdoni per", "kártérítés", "végrehajtás megszüntetése", "szerződés érvénytelensége",
                                       "közös tulajdon megszüntetése", "munkaügyi per", "hagyatéki per"]),
            hu_erk()))
    return ("**Tárgyalási jegyzék – %s, %s**\n| idő | tárgyaló | ügyszám | tanács | ügytárgy | érk. szám |\n|---|---|---|---|---|---|\n%s"
            % (court, hu_date(y, m, d), "\n".join(rows)))


def lk_rs_hearing():
    court = ch(RS_COURTS)
    rows = []
    for _ in range(ri(5, 11)):
        rows.append("| %02d:%02d | %s | %s | %s | %s |" % (
            ri(8, 14), ch([0, 15, 30, 45]), ch(["судница %d" % ri(1, 40), "sudnica %d" % ri(1, 40), "сала %d" % ri(1, 9)]),
            rs_case(), ch(["веће %d" % ri(1, 12), "sudija pojedinac", "veće %d" % ri(1, 12)]),
            "%d-%s/%02d" % (ri(1, 99), digits(ch([4, 5])), ri(23, 25))))
    return ("Распоред суђења – %s, %s\n| време | судница | предмет | веће | бр. поднеска |\n|---|---|---|---|---|\n%s"
            % (court, sr_date(), "\n".join(rows)))


def lk_bg_hearing():
    court = ch(BG_COURTS)
    rows = []
    for _ in range(ri(5, 11)):
        rows.append("| %02d:%02d | зала %d | %s | %d състав | вх. № %d/%s |" % (
            ri(9, 15), ch([0, 15, 30]), ri(1, 120), bg_case(), ri(1, 180), ri(10000, 999999), bg_date()))
    return ("Насрочени дела – %s, %s г.\n| час | зала | дело | състав | вх. № |\n|---|---|---|---|---|\n%s"
            % (court, bg_date(), "\n".join(rows)))


def lk_fee_csv():
    cur = ch(["HUF", "RSD", "BGN"])
    chans = {"HUF": ["KARTYA", "ATUTALAS", "ePapir", "KKSZB"], "RSD": ["KARTICA", "IPS", "UPLATNICA", "eUprava"],
             "BGN": ["КАРТА", "ВИРМАН", "ЕПЕП", "ПОС"]}[cur]
    lines = ["receipt_no,case_no,amount,currency,paid_at,channel,bank_ref"]
    for _ in range(ri(15, 30)):
        if cur == "HUF":
            case, amt = hu_case(), ri(3, 900) * 1000
        elif cur == "RSD":
            case, amt = rs_case(False), ri(900, 90000)
        else:
            case, amt = bg_case().replace("№ ", ""), ri(15, 2500)
        lines.append("%s-%d-%07d,%s,%d.%02d,%s,%s,%s,%s" % (
            cur[:2], ri(2023, 2025), ri(1, 9999999), case, amt, ri(0, 99) if cur != "HUF" else 0, cur, iso_ts(False, "+01:00"),
            ch(chans), digits(12)))
    head = {"HUF": "Havi illeték export", "RSD": "Mesečni izvoz sudskih taksi", "BGN": "Месечен експорт на държавните такси"}[cur]
    return "%s (%s):\n```csv\n%s\n```" % (head, ch(ENVS), "\n".join(lines))


def lk_hkp_log():
    lines = []
    for _ in range(ri(6, 14)):
        lines.append("%s INFO  [hkp-poller-%d] KezbesitesHandler - erkSzam=%s kezbIgazolas=%s allapot=%s meret=%d dok=%s" % (
            log_ts(), ri(1, 4), digits(10), ri(10 ** 8, 10 ** 9 - 1), ch(["ATVETT", "ATVETT", "VELELMEZETT", "MEGTAGADOTT"]),
            ri(10 ** 4, 10 ** 7), "DMS-%d-%010d" % (ri(2023, 2025), ri(1, 10 ** 10 - 1))))
    return "```\n" + "\n".join(lines) + "\n```"


def lk_takarnet():
    lines = []
    for _ in range(ri(5, 10)):
        lines.append("%s takarnet-sync INFO lekerdezes hrsz=%s telepules=\"%s\" tl_sorszam=%d iktatoszam=%d/%d/%d dij=%s azonosito=%d-%04d-%06d" % (
            log_ts(), hu_hrsz(), ch(HU_SETTLE), ri(1, 9), ri(100000, 999999), ri(1, 12), ri(2023, 2025),
            money_hu(ch([3600, 4800, 6250, 1000])).replace(" Ft", "_HUF").replace(" ", ""), ri(2023, 2025), ri(101, 1231), ri(1, 999999)))
    return "```\n" + "\n".join(lines) + "\n```"


def lk_rgz():
    cyr = rng.random() < 0.5
    ko = ch(RS_KO)
    if cyr:
        return ("Захтев за упис – %s\n• катастарска парцела бр. %d/%d\n• лист непокретности бр. %d\n• број предмета: %s\n• републичка административна такса: %s\n• позив на број: 97 %02d-%s-%d\n• примљено: %s у %02d:%02d"
                % (ko, ri(100, 9999), ri(1, 40), ri(100, 9999), rgz_case(), money_rs(ri(900, 30000)).replace("RSD", "РСД"),
                   ri(10, 99), digits(5), ri(2023, 2025), sr_date(), ri(8, 15), ri(0, 59)))
    return ("Zahtev za upis – %s\n• katastarska parcela br. %d/%d\n• list nepokretnosti br. %d\n• broj predmeta: %s\n• republička administrativna taksa: %s\n• poziv na broj: 97 %02d-%s-%d\n• primljeno: %s u %02d:%02d"
            % (ko, ri(100, 9999), ri(1, 40), ri(100, 9999), rgz_case(), money_rs(ri(900, 30000)), ri(10, 99), digits(5),
               ri(2023, 2025), sr_date(), ri(8, 15), ri(0, 59)))


def lk_bg_cadastre():
    pi = bg_pi()
    return ("Скица на ПИ %s (%s)\nСОС: %s.%d.%d\nСкица № %s\nПлощ: %s кв.м\nТакса: %s\nВх. № %s-%d-%s\nЗаявление № %d/%s"
            % (pi, ch(BG_LAND), pi, ri(1, 9), ri(1, 40), bg_skica(), gsep(ri(200, 90000), " "), money_bg(ri(20, 120)),
               ch(["01", "02", "15", "25"]), ri(100000, 999999), bg_date(), ri(1000, 99999), bg_date()))


def lk_oracle_alert():
    lines = []
    seq = ri(10000, 90000)
    scn = ri(10 ** 10, 10 ** 12)
    db = ch(["DOCKETCDB1", "KATCDB1", "DELACDB1"])
    resetlogs, dbid = ri(10 ** 9, 2 * 10 ** 9), hexs(8)
    y, m, d = rdate()
    t = calendar.timegm((y, m, d, ri(0, 12), ri(0, 59), ri(0, 59)))
    for _ in range(ri(5, 10)):
        k = ri(0, 3)
        t += ri(20, 2400)
        tm = time.gmtime(t)
        ts = "%04d-%02d-%02dT%02d:%02d:%02d+02:00" % tm[:6]
        if k == 0:
            lines.append("%s\nThread 1 advanced to log sequence %d (LGWR switch),  current SCN: %d" % (ts, seq, scn))
            seq += 1
            scn += ri(1000, 900000)
        elif k == 1:
            lines.append("%s\nArchived Log entry %d added for B-%d.T-1.S-%d ID 0x%s LAD:1" % (ts, seq - 1, resetlogs, seq - 1, dbid))
        elif k == 2:
            lines.append("%s\nORA-00060: Deadlock detected. See Note 60.1 at My Oracle Support for Troubleshooting ORA-60 Errors. More info in file /u01/app/oracle/diag/rdbms/%s/%s/trace/%s_ora_%d.trc."
                         % (ts, db[:-1].lower(), db, db, ri(10000, 99999)))
        else:
            lines.append("%s\nsession sid=%d serial#=%d ospid=%d killed by %s" % (ts, ri(10, 3000), ri(1000, 65000), ri(1000, 99999), ch(["Resource Manager", "DBA_JOB"])))
    return "alert_%s.log:\n```\n%s\n```" % (db, "\n".join(lines))


def lk_hu_form():
    return ("```\nBEADVÁNY ADATLAP – %s\nÜgyszám:            %s\nÉrkeztetési szám:   %s\nÉrkezett:           %s %02d:%02d:%02d\nCégjegyzékszám:     Cg.%s\nAdószám (cég):      %s\nKeresetlevél értéke: %s\nIlleték:            %s\nMellékletek száma:  %d\nDMS azonosító:      %s\n```"
            % (ch(HU_COURTS), hu_case(), hu_erk(), hu_date(), ri(7, 18), ri(0, 59), ri(0, 59), cg_num(), hu_adoszam_company(),
               money_hu(ri(100, 90000) * 1000), money_hu(ri(10, 1500) * 1000), ri(1, 30), dms_id()))


def lk_rs_company():
    return ch([
        "Подаци о правном лицу за поднесак %s:\nПИБ: %s\nМатични број: %s\nШифра делатности: %d\nТекући рачун (правно лице): %03d-%s-%02d\nТакса: %s",
        "Podaci o pravnom licu za podnesak %s:\nPIB: %s\nMatični broj: %s\nŠifra delatnosti: %d\nTekući račun (pravno lice): %03d-%s-%02d\nTaksa: %s",
    ]) % (rs_case(), sr_pib(), sr_mb_firm(), ri(1000, 9999), ch([160, 170, 205, 265, 840]), digits(ch([8, 10, 13]), False), ri(10, 99),
          money_rs(ri(1000, 200000)))


def lk_bg_company():
    e = bg_eik()
    return ("Молба от юридическо лице по %s\nЕИК: %s\nИдент. № по ДДС: BG%s\nВх. № %d/%s\nИзх. № %02d-%02d-%d/%s\nДържавна такса: %s"
            % (bg_case(), e, e, ri(1000, 999999), bg_date(), ri(10, 99), ri(0, 99), ri(100, 9999), bg_date(), money_bg(ri(25, 5000))))


def lk_release():
    v = (ri(4, 5), ri(0, 20), ri(0, 9))
    build = ri(1000, 9999)
    items = ["[DOCKET-%d] illetékszámítás: 1 500 000 Ft feletti perérték kerekítése" % ri(1000, 9999),
             "[KAT-%d] RGZ parcela v3: novi format broja predmeta (952-02-x-xxx-xxxxx/gggg)" % ri(1000, 9999),
             "[DELA-%d] ССЕВ: повторен опит при HTTP 503, макс. 5 пъти" % ri(1000, 9999),
             "[DOCKET-%d] érkeztetési szám 10 jegyű lett (korábban 8)" % ri(1000, 9999),
             "[KAT-%d] ispravka zaokruživanja takse na 10 dinara" % ri(1000, 9999),
             "[DELA-%d] дата на скица в ПИ справката (ДД.ММ.ГГГГ)" % ri(1000, 9999),
             "[OPS-%d] ojdbc11 23.%d.0.24.%02d, Oracle 19.%d RU" % (ri(100, 999), ri(3, 6), ri(1, 12), ri(18, 26))]
    return ("*Danubit Docket %d.%d.%d (build %d)* — %s\n%s\nartefakt: docket-%d.%d.%d-b%d.tar.gz, %s bájt"
            % (v + (build, ch([hu_date(), sr_date()]), "\n".join("• " + x for x in pick_n(items, ri(3, 6)))) +
               v + (build, gsep(ri(10 ** 7, 10 ** 9), " "))))


def lk_payment_json():
    cur = ch([("HUF", 348), ("RSD", 941), ("BGN", 975)])
    body = {"orderId": "%s-%s" % (iso_ts(False)[:10].replace("-", ""), digits(6, False)), "amount": ri(1000, 900000),
            "currency": cur[0], "currencyNumeric": cur[1], "authCode": digits(6, False), "rrn": digits(12),
            "terminalId": "T%07d" % ri(0, 9999999), "stan": digits(6, False), "maskedPan": "%d****%04d" % (ch([4, 5]), ri(0, 9999)),
            "responseCode": ch(["00", "05", "51"]), "caseNo": ch([hu_case(), rs_case(), bg_case()]), "ts": epoch_ms()}
    return "payment gateway callback (%s):\n```json\n%s\n```" % (ch(["fee-calc", "portal-web"]), json.dumps(body, ensure_ascii=False, indent=2))


def lk_barcodes():
    lines = []
    for _ in range(ri(4, 9)):
        lines.append("%s  %s  %s" % (ch(["FT", "PKKB", "VSBG", "OSNS", "SRS", "SGS"]) + "-%s-%d-%06d-%02d" % (
            ch(["P", "Pf", "G", "K", "GD"]), ri(2023, 2025), ri(1, 999999), ri(1, 40)),
            "%d%s" % (ri(2023, 2025) % 100, digits(ch([9, 10, 11]), False)), ch(["nyomtatva", "štampano", "отпечатан", "reprint"])))
    return "Code128 vonalkódok a postázóból (%s):\n```\n%s\n```" % (hu_date(), "\n".join(lines))


def lk_latency():
    rows = []
    for gw in pick_n(["KKSZB", "Hivatali Kapu", "TAKARNET", "eSanduče", "eZUP", "RGZ API", "RegiX", "ССЕВ", "ЕПЕП"], ri(4, 7)):
        rows.append("| %s | %s | %d | %d | %d | %s |" % (gw, gsep(ri(1000, 5 * 10 ** 6), " "), ri(20, 400), ri(300, 4000),
                                                       ri(1000, 30000), "%.2f %%" % (rng.random() * 3)))
    return ("heti gateway riport (%s – %s)\n| gateway | hívások | p50 ms | p95 ms | p99 ms | hiba |\n|---|---:|---:|---:|---:|---:|\n%s"
            % (hu_date(), hu_date(), "\n".join(rows)))


def lk_kafka():
    lines = ["GROUP            TOPIC                    PARTITION  CURRENT-OFFSET  LOG-END-OFFSET  LAG"]
    g = ch(["edelivery-hu", "ssev-adapter", "rgz-sync"])
    t = ch(["delivery.receipts.v2", "parcel.changes", "filing.events"])
    for p in range(ri(3, 8)):
        cur = ri(10 ** 6, 10 ** 10)
        lag = ri(0, 5000)
        lines.append("%-16s %-24s %-10d %-15d %-15d %d" % (g, t, p, cur, cur + lag, lag))
    return "```\n$ kafka-consumer-groups.sh --describe --group %s\n%s\n```" % (g, "\n".join(lines))


def lk_hkp_receipt():
    return ("Feladási igazolás (Hivatali Kapu)\nÉrkeztetési szám: %s\nFeladás ideje: %s %02d:%02d:%02d\nDokumentum azonosító: %s\nHash (SHA-256) első 8 bájt: %s\nCímzett hivatal KR azonosítója: %s\nMéret: %s bájt"
            % (digits(10), hu_date(), ri(0, 23), ri(0, 59), ri(0, 59), grouped_id(ch(["3-4-3", "4-4-2", "2-4-4"])), hexs(16),
               digits(9), gsep(ri(10 ** 4, 10 ** 7), " ")))


def lk_rs_zup():
    return ch([
        "еЗУП предмет %s-%s-%s, рок за одговор %s, захтев бр. %s",
        "eZUP predmet %s-%s-%s, rok za odgovor %s, zahtev br. %s",
    ]) % (ri(10, 99), "%04d" % ri(101, 1231), digits(5), sr_date(), grouped_id(ch(["3-3-4", "4-3-3", "2-3-4"]), ch([" ", "-"])))


def lk_court_stats():
    rows = []
    for c in pick_n(HU_COURTS + RS_COURTS + BG_COURTS, ri(5, 9)):
        rows.append("| %s | %s | %s | %s | %s |" % (c, gsep(ri(1000, 90000), " "), gsep(ri(1000, 90000), " "),
                                                   gsep(ri(100, 20000), " "), "%d nap" % ri(30, 400)))
    return ("2025 H1 ügyforgalom (anonim statisztika, a rendszerből)\n| bíróság | érkezett | befejezett | folyamatban | átl. pertartam |\n|---|---:|---:|---:|---:|\n%s"
            % "\n".join(rows))


def lk_invoice():
    cur = ch(["HUF", "RSD", "BGN"])
    net = ri(10 ** 5, 10 ** 8)
    vat = net * {"HUF": 27, "RSD": 20, "BGN": 20}[cur] // 100
    return ("Számla %s-%d/%06d (%s)\nSzerződés: %s\nTeljesítés: %s\nNettó: %s\nÁFA: %s\nBruttó: %s\nFizetési határidő: %s\nKözlemény: %s"
            % (ch(["DNB", "DNB-RS", "DNB-BG"]), ri(2023, 2025), ri(1, 999999), cur,
               ch(["KSZF-%d/%d-%d" % (ri(2020, 2025), ri(1, 999), ri(1, 9)), "JN %d/%d" % (ri(1, 300), ri(2020, 2025)),
                   "Договор № %d/%s" % (ri(1, 999), bg_date())]),
               hu_date(), gsep(net, " ") + " " + cur, gsep(vat, " ") + " " + cur,
               gsep(net + vat, " ") + " " + cur, hu_date(), grouped_id(ch(["4-4-4", "3-3-3-3", "2-4-4"]))))


def lk_bg_registry():
    lines = []
    for _ in range(ri(3, 7)):
        lines.append("вх. рег. № %d/%s, акт № %d, том %s, рег. %d, н.д. %d/%d, партида %d, дв.вх.рег. № %d" % (
            ri(1000, 99999), bg_date(), ri(1, 300), ch(["I", "II", "III", "IV", "V", "VII", "XII", "XXI"]), ri(1, 9), ri(100, 9999),
            ri(2020, 2025), ri(10000, 999999), ri(1000, 99999)))
    return "Служба по вписванията – %s, резултат от справката:\n```\n%s\n```" % (ch(["Бургас", "Русе", "Пловдив", "Варна", "София"]), "\n".join(lines))


def lk_nanp_like():
    return ch([
        "a régi rendszer belső hivatkozási száma `%s` formátumú, ezt migráljuk a `legacy_ref` oszlopba (pl. %s, %s)",
        "stari sistem je imao interni broj u formatu %s — primeri iz dump-a: %s, %s",
        "legacy DMS ids are dashed like %s, e.g. %s and %s — they're not phone numbers, please stop the masker from eating them",
        "старият регистър пази номера като %s (напр. %s, %s) — не са телефони",
    ]) % (nanp_invalid(), nanp_invalid(), nanp_invalid())


def lk_timestamps():
    lines = []
    for _ in range(ri(3, 7)):
        lines.append(json.dumps({"t": epoch_ms(), "slack_ts": slack_ts(), "event": ch(["hearing.scheduled", "filing.received",
                                                                                     "parcel.updated", "delivery.read"]),
                                 "case": ch([hu_case(), rs_case(), bg_case()]), "seq": ri(10 ** 6, 10 ** 9)}, ensure_ascii=False))
    return "```\n" + "\n".join(lines) + "\n```"


def lk_hu_amounts():
    return ch([
        "A perérték %s, ebből az illeték %s, az eljárási költség %s. Iktatva %s, érk. szám %s.",
        "Összesítés: %s befizetve, %s visszatérítendő, %s függőben. Utolsó tétel: %s, azonosító %s.",
    ]) % (money_hu(ri(10 ** 5, 9 * 10 ** 7)), money_hu(ri(10 ** 4, 10 ** 6)), money_hu(ri(10 ** 4, 10 ** 6)), hu_date(),
          hu_erk_long())


def lk_sr_amounts():
    rows = []
    for _ in range(ri(4, 9)):
        rows.append("| %s | %s | %s | %s |" % (rs_case(), money_rs(ri(1000, 9 * 10 ** 6)), sr_date(),
                                              grouped_id(ch(["3-3-4", "2-3-4", "3-4-3"]), " ")))
    return ("Неплаћене таксе (%s)\n| предмет | износ | доспело | бр. налога |\n|---|---:|---|---|\n%s" % (ch(RS_COURTS), "\n".join(rows)))


def lk_parcel_csv():
    lines = ["ko_sifra,ko_naziv,parcela,ln,povrsina_m2,broj_zahteva,datum"]
    for _ in range(ri(15, 28)):
        lines.append("%d,%s,%d/%d,%d,%d,%s,%s" % (ri(70000, 80000), ch(RS_KO).split(" ", 1)[1], ri(100, 9999), ri(1, 40), ri(100, 9999),
                                                 ri(100, 500000), rgz_case(), iso_ts(False)[:10]))
    return "export iz katastar-sync za proveru:\n```csv\n%s\n```" % "\n".join(lines)


def lk_ssev_log():
    lines = []
    for _ in range(ri(5, 12)):
        lines.append("%s ssev-adapter INFO съобщение № %s изпратено към %s, вх. № ССЕВ-%d-%06d, размер %s B" % (
            log_ts(), gsep(ri(10 ** 6, 10 ** 8), " "), ch(BG_COURTS), ri(2023, 2025), ri(1, 999999), gsep(ri(10 ** 3, 10 ** 7), " ")))
    return "```\n" + "\n".join(lines) + "\n```"


def lk_dates():
    rows = []
    for _ in range(ri(4, 8)):
        y, m, d = rdate()
        rows.append("| %s | %s | %s | %s | %d |" % (hu_date(y, m, d), sr_date(y, m, d), bg_date(y, m, d) + " г.",
                                                   "%04d-%02d-%02d" % (y, m, d), calendar.timegm((y, m, d, 0, 0, 0))))
    return ("dátumformátum teszt-mátrix (i18n):\n| hu | sr | bg | ISO | epoch |\n|---|---|---|---|---:|\n%s" % "\n".join(rows))


def lk_db_hosts():
    rows = []
    for env in pick_n(ENVS, ri(3, 6)):
        rows.append("| %s | %s | %d | %s | %d |" % (env, private_ip(), ch([1521, 1522, 2484]),
                                                  ch(["DOCKETPDB", "KATPDB", "DELAPDB"]), ri(2, 64)))
    return "Oracle listenerek (belső hálózat):\n| env | host | port | service | max conn |\n|---|---|---:|---|---:|\n" + "\n".join(rows)


def lk_ics():
    y, m, d = rdate(2024, 2026)
    hh = ri(8, 14)
    return ("```\nBEGIN:VEVENT\nUID:%s\nDTSTAMP:%04d%02d%02dT%02d%02d00Z\nDTSTART;TZID=Europe/Belgrade:%04d%02d%02dT%02d%02d00\nDURATION:PT%dM\nSUMMARY:%s\nLOCATION:%s\nEND:VEVENT\n```"
            % (uuid4(), y, m, d, ri(0, 23), ri(0, 59), y, m, d, hh, ch([0, 30]), ch([30, 45, 60, 90]),
               "Рочиште %s" % rs_case(True), "судница %d" % ri(1, 40)))


def lk_phonelike_ids():
    return ch([
        "Az ügyfélkapus tranzakció azonosítója %s, a TAKARNET lekérdezésé %s — egyik sem telefonszám, csak így tördeli a UI",
        "ID transakcije u eUpravi: %s, broj zahteva u RGZ: %s (UI ih grupiše po ciframa)",
        "Номер на транзакцията в ЕПЕП: %s, номер на заявката: %s (групирани от UI-а)",
        "gateway tx id %s, upstream ref %s — both are grouped by the UI, not phone numbers",
    ]) % (grouped_id(ch(["2-3-4", "3-3-4", "2-4-4", "4-3-3", "3-2-2-3"]), ch([" ", " ", "-"])),
          grouped_id(ch(["2-3-4", "3-3-3", "3-4-3", "2-2-3-3"]), ch([" ", "-"])))


NEG_LOOKALIKE = [lk_hu_hearing, lk_rs_hearing, lk_bg_hearing, lk_fee_csv, lk_hkp_log, lk_takarnet, lk_rgz, lk_bg_cadastre,
                 lk_oracle_alert, lk_hu_form, lk_rs_company, lk_bg_company, lk_release, lk_payment_json, lk_barcodes,
                 lk_latency, lk_kafka, lk_hkp_receipt, lk_rs_zup, lk_court_stats, lk_invoice, lk_bg_registry, lk_nanp_like,
                 lk_timestamps, lk_hu_amounts, lk_sr_amounts, lk_parcel_csv, lk_ssev_log, lk_dates, lk_db_hosts, lk_ics,
                 lk_phonelike_ids]


# ----------------------------------------------------------------------------------------------------------------
# negatives: talk_about_secrets (talk about secrets / personal data, with no value)
# ----------------------------------------------------------------------------------------------------------------
TALK_BY_LANG = {
    "hu": [
        "Kérlek, ne másoljatok jelszót Slackbe, a Vault linkjét küldjétek.",
        "A KKSZB kliens secretet lecseréltük, a régi ma éjfélkor lejár.",
        "A TAKARNET teszt fiók jelszavát a Vaultba tettem, a régi már nem él.",
        "A logokban a felek telefonszámát és e-mail címét maszkolni kell, a GDPR-audit ezt fogja nézni.",
        "Az adóazonosító jelet és a TAJ számot soha nem írjuk logba, csak hash-t.",
        "Holnap rotáljuk a Hivatali Kapu tanúsítványát, a privát kulcs a HSM-ben marad.",
        "Ha valaki véletlenül tokent posztol, azonnal szóljon a #security-ben és vonjuk vissza.",
        "A bankkártyaszám nálunk sosem jelenik meg, csak a gateway tokenje és az utolsó négy számjegy.",
        "Az ügyfél IBAN-ját csak titkosítva tároljuk, a riportban maszkolva jelenik meg.",
        "Az Oracle wallet jelszavát két ember ismeri, a break-glass borítékban van.",
        "A bíró kérte, hogy a felek elérhetőségei ne kerüljenek a tárgyalási jegyzékbe.",
        "A bírósági felhasználók jelszavát nem mi tároljuk, az AD-ből jön az azonosítás.",
        "Az ügyfélkapus belépésnél semmilyen személyes azonosítót nem naplózunk.",
        "A teszt adatbázisban minden név, lakcím és telefonszám generált.",
        "Nem kérünk jelszót e-mailben, ha valaki ilyet kap, az adathalászat.",
    ],
    "sr_lat": [
        "Molim vas, ne šaljite lozinke u kanal, koristite 1Password share link.",
        "Token za eSanduče API ističe svakih 5 minuta, nema potrebe da ga čuvamo.",
        "JMBG se nikad ne loguje, samo SHA-256 heš sa soli.",
        "Rotirali smo sertifikat za RGZ servis, privatni ključ je ostao u HSM-u.",
        "Brojevi telefona stranaka su maskirani u izvozu, ostaju samo poslednje dve cifre.",
        "Ako neko slučajno objavi API ključ, odmah ga opozivamo i prijavljujemo incident.",
        "Lozinka za Oracle servisni nalog je promenjena posle odlaska kolege iz tima.",
        "Testna baza je osvežena iz produkcije, lični podaci su pre toga anonimizovani.",
        "Lozinke servisnih naloga rotiramo automatski na 60 dana.",
        "Ne šaljite broj kartice u tiketu, dovoljna su poslednja četiri broja.",
    ],
    "sr_cyr": [
        "Молим вас, не качите лозинке у Слек, користите Vault.",
        "Лични подаци странака (ЈМБГ, адреса, телефон) се не шаљу у тест окружење.",
        "Сертификат за еУправу истиче за две недеље, ротација је заказана за петак.",
        "У извештају о инциденту нема ниједног токена, само време и опсег.",
        "Лозинке сервисних налога ротирамо аутоматски на 60 дана.",
        "Број телефона странке се не уписује у белешке предмета.",
    ],
    "bg": [
        "Моля, не пращайте пароли в канала, използвайте Vault.",
        "ЕГН-то никога не се записва в логовете, само хеш.",
        "Сертификатът за RegiX изтича след месец, новият частен ключ ще е в HSM.",
        "Телефонните номера на страните се маскират в експорта за статистика.",
        "Ако някой сподели токен по погрешка, веднага го отменяме.",
        "Паролата на сервизния акаунт за ССЕВ е сменена след одита.",
        "Банковите сметки на страните се съхраняват криптирани.",
        "Пароли не се пращат по имейл; ако получите такъв имейл, това е фишинг.",
        "Тестовата база е обновена от продукционната с анонимизирани лични данни.",
        "Номерата на картите не минават през нашия бекенд, плащането е на страницата на банката.",
    ],
    "en": [
        "Reminder: secrets live in Vault; Slack is not a password manager.",
        "We rotated the RegiX client certificate; the old private key was destroyed in the HSM.",
        "The secret scanner flagged a commit yesterday; it turned out to be a test fixture, but we rotated anyway.",
        "Please never paste JMBG, EGN or TAJ numbers into tickets, use the case number instead.",
        "The KKSZB client secret is now fetched at startup by the External Secrets Operator.",
        "Card numbers never reach our backend, the payment page is hosted by the acquirer.",
        "Do not share the break-glass Oracle SYS password over chat, call the on-call DBA.",
        "GDPR request from a court: they want to know where phone numbers and e-mail addresses of parties are stored.",
        "Slack bot token for the deploy bot was regenerated after the app reinstall.",
        "Our GitHub PATs are fine-grained and expire after 30 days.",
        "The SSN fields in the US reseller CRM export were dropped before import.",
        "Anonymised court decisions must not contain names, addresses, personal ids or phone numbers of the parties.",
        "The e-delivery notification e-mail only carries the case number, never the party's personal data.",
        "Who still has the old TAKARNET SFTP key? It has to be revoked today.",
        "The staging database was refreshed from prod with all personal data scrambled first.",
    ],
}
TALK_SENTENCES = [x for k in ("hu", "sr_lat", "sr_cyr", "bg", "en") for x in TALK_BY_LANG[k]]


TALK_TITLES = ["*Incidens összefoglaló*", "*Rezime incidenta*", "*Резюме на инцидента*", "*Security sync – jegyzetek*",
               "*Bezbednosni sastanak – beleške*", "*Среща по сигурността – бележки*", "*Runbook: leaked credential*"]


def ts_thread():
    """a short back-and-forth in one message (Slack thread copied into a channel)"""
    a, b, c = pick_n(TALK_BY_LANG[ch(list(TALK_BY_LANG))], 3)
    return "> %s\n%s\n%s" % (a, b, c)


def ts_single():
    return ch(TALK_SENTENCES)


def ts_pair():
    a, b = pick_n(TALK_BY_LANG[ch(list(TALK_BY_LANG))], 2)
    return a + " " + b


def ts_notes():
    t = ch(TALK_TITLES)
    items = pick_n(TALK_BY_LANG[ch(list(TALK_BY_LANG))], ri(3, 5))
    return t + "\n" + "\n".join("• " + x for x in items)


def ts_incident():
    return ch([
        "*Incidens %s* — %s %02d:%02d-kor egy fejlesztő a #%s csatornába bemásolta a staging Oracle jelszavát. Az üzenetet 4 percen belül töröltük, a jelszót rotáltuk, a DBA átnézte az audit logot: nem volt idegen bejelentkezés. Teendő: pre-commit hook + Slack DLP szabály.",
        "*Incident %s* — %s u %02d:%02d token za eSanduče test nalog je završio u logu gateway-a. Token je opozvan, logovi su obrisani iz Loki-ja, dodali smo masker za Authorization header. Kanal: #%s.",
        "*Инцидент %s* — на %s в %02d:%02d частният ключ за тестовия RegiX сертификат беше качен в репото. Сертификатът е анулиран, историята е пренаписана, издаден е нов. Канал: #%s.",
    ]) % ("INC-%d" % ri(100, 999), ch([hu_date(), sr_date(), bg_date()]), ri(0, 23), ri(0, 59), ch(["dev", "oncall", "release-train", "rs-katastar"]))


def ts_qa():
    q = ch([
        ("Q: hol van a KKSZB kliens secret?", "A: a Vaultban, `secret/data/kkszb/prod` alatt; Slackbe soha ne másold ki."),
        ("P: gde je lozinka za RGZ SFTP?", "O: u 1Password trezoru „Danubit-Ops“, pristup traži od tim lida."),
        ("В: къде е паролата за сертификата на RegiX?", "О: в Vault, достъпът е само за on-call."),
        ("Q: can I log the party's phone number for debugging?", "A: no — log the party id; the masker drops phone numbers anyway."),
        ("Q: mehet a teszt adatbázisba éles TAJ szám?", "A: nem, csak generált, érvénytelen azonosítók."),
    ])
    return q[0] + "\n" + q[1]


def ts_regex_talk():
    return ch([
        "A masker phone regexe túl mohó: megette a `Cg.` cégjegyzékszámokat és a hrsz-eket is. Javaslat: csak `+36`/`06` előtaggal vagy kontextussal.",
        "Regex za JMBG hvata i brojeve predmeta od 13 cifara; dodaćemo proveru kontrolne cifre i datuma.",
        "Детекторът за ЕГН бърка UNIX timestamp-ите с ЕГН; ще добавим проверка на контролната цифра и контекст.",
        "The IBAN detector should validate mod-97 before masking — right now it masks every `RS35…`-looking reference in the docs.",
    ])


def ts_rotation_plan():
    rows = [("Hivatali Kapu tanúsítvány", hu_date()), ("KKSZB client secret", hu_date()), ("eSanduče OAuth klijent", sr_date()),
            ("RGZ SFTP ključ", sr_date()), ("RegiX клиентски сертификат", bg_date()), ("ССЕВ подписващ ключ", bg_date()),
            ("Oracle app users", hu_date()), ("Slack deploy bot token", hu_date())]
    sel = pick_n(rows, ri(3, 6))
    return ("Rotációs terv / plan rotacije / план за ротация:\n| mi | mikor | hol lesz |\n|---|---|---|\n" +
            "\n".join("| %s | %s | %s |" % (a, b, ch(["Vault", "HSM", "1Password", "OCI Vault"])) for a, b in sel))


def ts_vault_err():
    return ch([
        "```\nError reading secret/data/kkszb/prod: Error making API request.\nCode: 403. Errors:\n* permission denied\n```\nvalaki adjon jogot a docket-filing SA-nak",
        "```\nExternalSecret esanduce-oauth: could not get secret data from provider: key \"client_secret\" not found\n```\nproverite path u ESO",
        "```\nsealed-secrets: no key could decrypt secret (regix-client-cert)\n```\nконтролерът е с нов ключ след рестарта",
    ])


def ts_dpo():
    return ch([
        "Az adatvédelmi tisztviselő kérdezi: meddig őrizzük a felek e-mail címeit és telefonszámait a kézbesítési logban? Javaslatom 90 nap, utána csak hash.",
        "DPO pita koliko dugo čuvamo JMBG hešove i brojeve telefona u eSanduče logu — predlog: 6 meseci.",
        "Длъжностното лице по защита на данните пита дали пазим ЕГН в резервните копия — отговорът е не, само хеш.",
    ])


NEG_TALK = [ts_single, ts_pair, ts_notes, ts_incident, ts_single, ts_pair, ts_notes, ts_qa, ts_single, ts_regex_talk,
            ts_rotation_plan, ts_pair, ts_vault_err, ts_notes, ts_dpo, ts_single, ts_rotation_plan, ts_pair, ts_thread]


# ----------------------------------------------------------------------------------------------------------------
# positives: fake people, contact data
# ----------------------------------------------------------------------------------------------------------------
HU_FIRST = ["Petra", "Bence", "Eszter", "Gergő", "Zsófia", "Ádám", "Réka", "Dániel", "Noémi", "Levente"]
HU_LAST = ["Szalai", "Kovács", "Tóth", "Nagy", "Varga", "Molnár", "Balogh", "Farkas", "Papp", "Lakatos"]
RS_FIRST = ["Milan", "Jelena", "Nemanja", "Ivana", "Stefan", "Marija", "Dušan", "Tijana", "Nikola", "Ana"]
RS_LAST = ["Jovanović", "Petrović", "Nikolić", "Ilić", "Marković", "Đorđević", "Stojanović", "Pavlović", "Kostić"]
BG_FIRST_M = ["Иван", "Георги", "Николай", "Димитър", "Калин"]
BG_FIRST_F = ["Мария", "Десислава", "Петя", "Силвия", "Радостина"]
BG_LAST_M = ["Петров", "Иванов", "Стоянов", "Тодоров", "Христов", "Колев"]
BG_LAST_F = ["Георгиева", "Димитрова", "Николова", "Колева", "Петрова", "Стоянова"]
ASCII_MAP = {"á": "a", "é": "e", "í": "i", "ó": "o", "ö": "o", "ő": "o", "ú": "u", "ü": "u", "ű": "u", "ć": "c", "č": "c",
             "š": "s", "ž": "z", "đ": "dj", "Đ": "Dj", "Á": "A", "É": "E", "Ž": "Z", "Š": "S", "Č": "C", "Ć": "C"}


def asciify(s):
    s = "".join(ASCII_MAP.get(c, c) for c in s)
    return translit(s)


def person(country=None):
    country = country or ch(["hu", "rs", "bg"])
    if country == "hu":
        f, l = ch(HU_FIRST), ch(HU_LAST)
        return country, f, l, "%s %s" % (l, f)
    if country == "rs":
        f, l = ch(RS_FIRST), ch(RS_LAST)
        return country, f, l, "%s %s" % (f, l)
    if rng.random() < 0.5:
        f, l = ch(BG_FIRST_M), ch(BG_LAST_M)
    else:
        f, l = ch(BG_FIRST_F), ch(BG_LAST_F)
    return country, f, l, "%s %s" % (f, l)


def email_for(country, first, last, work=None):
    fa, la = asciify(first).lower(), asciify(last).lower()
    local = ch(["%s.%s" % (fa, la), "%s.%s" % (fa[0], la), "%s%s" % (fa, la[:1]), "%s_%s%d" % (fa, la, ri(1, 99)),
                "%s.%s%d" % (la, fa, ri(70, 99))])
    work = rng.random() < 0.5 if work is None else work
    if work == "vendor":
        dom = {"hu": "danubit.hu", "rs": "danubit.rs", "bg": "danubit.bg"}[country]
    elif work:
        dom = {"hu": ch(["danubit.hu", "ugyvediiroda-%s.hu" % la, "kozjegyzo-%s.hu" % la]),
               "rs": ch(["danubit.rs", "advokat-%s.rs" % la, "ak-%s.rs" % la]),
               "bg": ch(["danubit.bg", "advokat-%s.bg" % la, "notarius-%s.bg" % la])}[country]
    else:
        dom = {"hu": ch(["gmail.com", "freemail.hu", "citromail.hu", "t-online.hu"]),
               "rs": ch(["gmail.com", "yahoo.com", "eunet.rs", "mts.rs"]),
               "bg": ch(["abv.bg", "mail.bg", "gmail.com", "dir.bg"])}[country]
    return "%s@%s" % (local, dom)


def phone(country):
    if country == "hu":
        mob = ch(["20", "30", "31", "50", "70"])
        return ch([
            "+36 %s %s %s" % (mob, digits(3), digits(4, False)),
            "+36-%s-%s-%s" % (mob, digits(3), digits(4, False)),
            "06 %s %s %s" % (mob, digits(3), digits(4, False)),
            "06-%s-%s-%s" % (mob, digits(3), digits(4, False)),
            "06/%s-%s-%s" % (mob, digits(3), digits(4, False)),
            "+36 1 %s %s" % (digits(3), digits(4, False)),
            "(06 1) %s-%s" % (digits(3), digits(4, False)),
            "+36%s%s" % (mob, digits(7)),
        ])
    if country == "rs":
        mob = "6" + ch("0123456789")
        return ch([
            "+381 %s %s %s" % (mob, digits(3), digits(4, False)),
            "+381 %s %s %s" % (mob, digits(3), digits(3, False)),
            "0%s/%s-%s" % (mob, digits(3), digits(4, False)),
            "0%s %s %s" % (mob, digits(3), digits(4, False)),
            "+381 11 %s %s" % (digits(3), digits(4, False)),
            "011/%s-%s" % (digits(3), digits(4, False)),
            "+381 (0)21 %s %s" % (digits(3), digits(3, False)),
        ])
    if country == "bg":
        mob = ch(["87", "88", "89", "98"])
        return ch([
            "+359 %s %s %s" % (mob, digits(3), digits(4, False)),
            "0%s%s %s %s" % (mob, ch("0123456789"), digits(3, False), digits(3, False)),
            "0%s%s %s %s %s" % (mob, ch("0123456789"), digits(2, False), digits(2, False), digits(2, False)),
            "+359 2 %s %s" % (digits(3), digits(4, False)),
            "02/%s %s %s" % (digits(3), digits(2, False), digits(2, False)),
            "+359 (0)32 %s %s" % (digits(3), digits(3, False)),
        ])
    if country == "de":
        return ch(["+49 30 %s" % digits(8), "+49 151 %s %s" % (digits(4), digits(4, False)), "+49 (0)89 %s-%s" % (digits(4), digits(3, False))])
    if country == "at":
        return ch(["+43 1 %s %s" % (digits(3), digits(4, False)), "+43 664 %s" % digits(7)])
    if country == "uk":
        return ch(["+44 20 %s %s" % ("7" + digits(3, False), digits(4, False)), "+44 7%s %s" % (digits(3, False), digits(6, False))])
    if country == "us":
        return ch(["+1 (%d) %d-%s" % (ri(201, 989), ri(201, 989), digits(4, False)), "+1 %d-%d-%s" % (ri(201, 989), ri(201, 989), digits(4, False))])
    if country == "hr":
        return "+385 91 %s %s" % (digits(3), digits(4, False))
    return "+40 7%s %s %s" % (digits(2), digits(3), digits(3, False))


def card(kind=None):
    kind = kind or ch(["visa", "mc", "amex", "discover", "dina", "maestro"])
    if kind == "visa":
        n = luhn_complete("4" + digits(5, False), 16)
    elif kind == "mc":
        n = luhn_complete(ch(["51", "52", "53", "54", "55", "2221", "2720"]), 16)
    elif kind == "amex":
        n = luhn_complete(ch(["34", "37"]), 15)
        return ch([n, "%s %s %s" % (n[:4], n[4:10], n[10:])])
    elif kind == "discover":
        n = luhn_complete("6011", 16)
    elif kind == "dina":
        n = luhn_complete("9891", 16)
    else:
        n = luhn_complete(ch(["6759", "6761", "5018"]), ch([16, 19]))
        if len(n) == 19:
            return ch([n, "%s %s %s %s %s" % (n[:4], n[4:8], n[8:12], n[12:16], n[16:])])
    return ch([n, " ".join(n[i:i + 4] for i in range(0, 16, 4)), "-".join(n[i:i + 4] for i in range(0, 16, 4))])


def iban_any(cc=None):
    cc = cc or ch(["hu", "rs", "bg", "other"])
    v = {"hu": iban_hu, "rs": iban_rs, "bg": iban_bg, "other": iban_other}[cc]()
    assert iban_valid(v)
    return ch([v, group4(v)])


def pw_value():
    k = ri(0, 3)
    if k == 0:
        return rs(B62, ri(3, 5)) + ch("!#%&*?@^~") + rs(B62, ri(6, 10))
    if k == 1:
        w = ch(["Tisza", "Duna", "Balaton", "Morava", "Sava", "Vitosha", "Rila", "Mecsek", "Kopaonik", "Pirin"])
        w2 = ch(["Kecske", "Sarga", "Zvezda", "Reka", "Planina", "Orao", "Lipa", "Bor", "Jelen"])
        return "%s-%s-%d%s" % (w, w2, ri(10, 9999), ch("!#?.*"))
    if k == 2:
        return rs(B62 + "!#%&*?^~_-", ri(14, 22))
    return "%s%d%s%s" % (ch(["Dnb", "Kat", "Sud", "Court", "Dela"]), ri(2023, 2026), ch("!#$%&*"), rs(B62, ri(5, 8)))


def url_pw():
    return rs(B62, ri(4, 8)) + ch(["", "-", "_", ".", "~", "!"]) + rs(B62, ri(6, 12))


def internal_host(kind):
    return {"sftp": ch(["sftp-gw.internal", "takarnet-sftp.dnb.local", "rgz-sftp.int.danubit.rs"]),
            "nexus": ch(["nexus.danubit.internal", "repo.dnb.local"]),
            "mq": ch(["mq-1.prod-bg.internal", "rabbit.esanduce.svc.cluster.local", "mq.int.danubit.hu"]),
            "redis": ch(["redis.prod-hu.svc.cluster.local", "redis-sessions.internal"]),
            "pg": ch(["postgis.katastar.internal", "gis-db-1.prod-rs.internal"]),
            "mongo": ch(["audit-mongo-0.audit.svc.cluster.local", "mongo.dnb.local"]),
            "smtp": ch(["smtp-relay.internal", "mail-out.dnb.local"])}[kind]


# ----------------------------------------------------------------------------------------------------------------
# positives: padding so that many positives are long (logs and config files around the secret)
# ----------------------------------------------------------------------------------------------------------------
FILLER_MSGS = [
    lambda: "GET /actuator/health 200 %dms" % ri(1, 40),
    lambda: "oauth token refreshed, ttl=300s",
    lambda: "upstream call finished in %dms" % ri(20, 900),
    lambda: "receipt stored doc=DMS-2025-%010d" % ri(1, 9999999999),
    lambda: "poll cycle done, %d new messages" % ri(0, 40),
    lambda: "HikariPool-1 - Pool stats (total=10, active=%d, idle=%d, waiting=0)" % (lambda a: (a, 10 - a))(ri(0, 10)),
    lambda: "cache refreshed (%d entries)" % ri(100, 9000),
    lambda: "retrying delivery, attempt %d/5" % ri(1, 5),
    lambda: "batch finished, %d items" % ri(1, 500),
    lambda: "scheduled job %s done in %dms" % (ch(["fee-table-sync", "hearing-slots", "dms-cleanup"]), ri(50, 5000)),
]


def log_block(lines_with_secret, n_before, n_after, svc):
    y, m, d = rdate()
    t = calendar.timegm((y, m, d, ri(6, 18), ri(0, 59), ri(0, 59)))
    out = []
    payload = [None] * n_before + lines_with_secret + [None] * n_after
    for item in payload:
        t += ri(0, 40)
        ts = "%04d-%02d-%02d %02d:%02d:%02d.%03d" % (time.gmtime(t)[:6] + (ri(0, 999),))
        if item is None:
            msg = ch(FILLER_MSGS)()
            out.append("%s INFO  [%s-%d] %s" % (ts, svc, ri(1, 4), msg))
        else:
            out.append("%s %s" % (ts, item))
    return "\n".join(out)


PROP_FILLER = ["server.port=8080", "management.endpoints.web.exposure.include=health,info,prometheus",
               "spring.jpa.open-in-view=false", "spring.datasource.hikari.maximum-pool-size=10",
               "spring.datasource.driver-class-name=oracle.jdbc.OracleDriver", "logging.level.root=INFO",
               "docket.filing.max-attachment-mb=30", "docket.locale.default=hu-HU", "edelivery.poll-interval=PT30S",
               "spring.jackson.time-zone=Europe/Budapest", "spring.flyway.enabled=false", "server.shutdown=graceful"]


# ----------------------------------------------------------------------------------------------------------------
# positives: single-secret templates. each returns text; secrets are collected via S()
# ----------------------------------------------------------------------------------------------------------------
def T_aws_id(v):
    return [
        "```\n$ aws sts get-caller-identity --profile scan-archive\nAn error occurred (InvalidClientTokenId) when calling the GetCallerIdentity operation: The security token included in the request is invalid.\n$ env | grep AWS_\nAWS_ACCESS_KEY_ID=%s\nAWS_SECRET_ACCESS_KEY=****\nAWS_REGION=eu-central-1\n```\nmi a gond? tegnap még ment" % v,
        "CloudTrail a scan-ingest bucketen:\n```json\n{\"eventName\": \"PutObject\", \"userIdentity\": {\"type\": \"IAMUser\", \"accessKeyId\": \"%s\", \"userName\": \"svc-scan-ingest\"}, \"sourceIPAddress\": \"%s\", \"eventTime\": \"%s\"}\n```" % (v, private_ip(), iso_ts(False)),
        "```properties\ncloud.aws.credentials.access-key=%s\ncloud.aws.credentials.secret-key=${AWS_SECRET}\ncloud.aws.region.static=eu-central-1\n```" % v,
        "ključ za S3 arhivu skeniranih predmeta je %s, secret ti šaljem privatno" % v,
    ]


def T_gh_classic(v):
    return [
        "```\n$ git remote set-url origin https://%s@github.com/danubit/docket-core.git\n$ git push origin release/4.%d\n```" % (v, ri(10, 20)),
        "```dotenv\n# renovate runner (katastar-sync)\nRENOVATE_PLATFORM=github\nRENOVATE_AUTODISCOVER=false\nRENOVATE_REPOSITORIES=danubit/katastar-sync,danubit/kataszter-api\nRENOVATE_GIT_AUTHOR=dnb-renovate\nGITHUB_TOKEN=%s\nRENOVATE_PR_HOURLY_LIMIT=4\nRENOVATE_SCHEDULE=\"after 10pm every weekday\"\nLOG_LEVEL=info\nTZ=Europe/Belgrade\n```" % v,
        "`echo %s | gh auth login --with-token` és utána megy a release script" % v,
        "```ini\n; .npmrc a portal-web buildhez\n@danubit:registry=https://npm.pkg.github.com\n//npm.pkg.github.com/:_authToken=%s\n```" % v,
        "```xml\n<server>\n  <id>github</id>\n  <username>dnb-ci</username>\n  <password>%s</password>\n</server>\n```" % v,
        "Ideiglenesen az én PAT-omat használjátok a mirrorhoz: %s — péntekig él" % v,
    ]


def T_gh_fine(v):
    return [
        "```\nRun curl -sS -H \"Authorization: token %s\" https://api.github.com/repos/danubit/kataszter-api/releases/latest\n{\"message\": \"Bad credentials\"}\n```" % v,
        "```json\n{\n  \"platform\": \"github\",\n  \"token\": \"%s\",\n  \"repositories\": [\"danubit/docket-core\", \"danubit/katastar-sync\"]\n}\n```" % v,
        "```\n# ~/.netrc\nmachine github.com login x-access-token password %s\n```" % v,
        "evo fine-grained tokena za katastar-sync repo (samo read): %s" % v,
        "```\ndocker build --build-arg GITHUB_TOKEN=%s -t dela-portal:dev .\n```" % v,
        "Токенът за CI огледалото: %s — валиден 30 дни" % v,
    ]


def T_slack_bot(v):
    return [
        "```yaml\n# jenkins casc\njenkins:\n  systemMessage: \"Danubit CI – docket / kataszter\"\n  numExecutors: 0\nunclassified:\n  location:\n    url: https://ci.dnb.local/\n  slackNotifier:\n    teamDomain: danubit\n    botUser: true\n    room: \"#release-train\"\n    # TODO move to credentials\n    token: %s\n```" % v,
        "```\ncurl -X POST https://slack.com/api/chat.postMessage -H \"Authorization: Bearer %s\" -H 'Content-type: application/json' -d '{\"channel\":\"#release-train\",\"text\":\"docket 4.%d deployed\"}'\n```" % (v, ri(10, 20)),
        "```yaml\nreceivers:\n  - name: oncall-slack\n    slack_configs:\n      - channel: '#oncall'\n        http_config:\n          authorization:\n            credentials: %s\n```" % v,
        "```python\nfrom slack_sdk import WebClient\nclient = WebClient(token=\"%s\")\nclient.chat_postMessage(channel=\"#rs-katastar\", text=\"RGZ sync kész\")\n```" % v,
        "```dotenv\nSLACK_BOT_TOKEN=%s\nSLACK_CHANNEL=#bg-dela-deploy\n```" % v,
        "a deploy bot új tokenje: %s (a régit visszavontam)" % v,
    ]


def T_slack_user(v):
    return [
        "```\ncurl -s -X POST https://slack.com/api/users.profile.set -d token=%s -d 'profile={\"status_text\":\"ügyelet\"}'\n```" % v,
        "```dotenv\nSLACK_USER_TOKEN=%s\nEXPORT_CHANNELS=hu-birosag-support,rs-katastar\n```" % v,
        "```json\n{\"workspace\": \"danubit\", \"token\": \"%s\", \"since\": \"%s\"}\n```" % (v, iso_ts(False)[:10]),
        "A saját user tokenemmel exportáltam a csatornát: %s — ne használjátok, holnap revoke-olom" % v,
        "```\n$ slackdump -token %s -export export.zip C0%s\n```" % (v, rs(UP + DIG, 8)),
        "потребителски токен за експорта: %s" % v,
    ]


def T_openai(v):
    return [
        "```dotenv\n# anonimizacio-poc\nOPENAI_API_KEY=%s\nMODEL=gpt-4o-mini\n```" % v,
        "```python\nclient = OpenAI(api_key=\"%s\")\nresp = client.responses.create(model=\"gpt-4o-mini\", input=anonimizalando_itelet)\n```" % v,
        "```\ncurl https://api.openai.com/v1/models -H \"Authorization: Bearer %s\"\n```" % v,
        "```yaml\n# anonymizer/config.yaml\ninput:\n  source: dms\n  doc_types: [HU_VEGZES, RS_RESENJE_O_UPISU, BG_OPREDELENIE]\nllm:\n  provider: openai\n  model: gpt-4o-mini\n  api_key: %s\n  max_tokens: 2048\n  temperature: 0\noutput:\n  mask_token: \"[ANONIMIZÁLVA]\"\n  keep_case_numbers: true\n```" % v,
        "ključ za POC anonimizacije presuda: %s — limit je 50 USD mesečno" % v,
        "```\ndocker run --rm -e OPENAI_API_KEY=%s dnb/anonymizer:0.%d\n```" % (v, ri(1, 9)),
        "```json\n{\"openai\": {\"apiKey\": \"%s\", \"org\": \"org-%s\"}}\n```" % (v, rs(B62, 24)),
    ]


def T_anthropic(v):
    return [
        "```dotenv\nANTHROPIC_API_KEY=%s\nANON_MODEL=claude-sonnet\n```" % v,
        "```python\nclient = anthropic.Anthropic(api_key=\"%s\")\n```" % v,
        "```\ncurl https://api.anthropic.com/v1/messages -H \"x-api-key: %s\" -H \"anthropic-version: 2023-06-01\" -d @req.json\n```" % v,
        "ключът за пилота с анонимизацията на съдебни актове: %s" % v,
        "```yaml\napiVersion: v1\nkind: Secret\nmetadata:\n  name: anonymizer-llm\n  namespace: anon-poc\n  labels:\n    app.kubernetes.io/name: anonymizer\n    app.kubernetes.io/part-of: docket\ntype: Opaque\nstringData:\n  ANTHROPIC_API_KEY: %s\n  ANON_MODEL: claude-sonnet\n  MAX_PAGES: \"120\"\n```" % v,
        "```toml\n[llm]\nprovider = \"anthropic\"\napi_key = \"%s\"\n```" % v,
    ]


def T_jwt(v):
    return [
        "```\ncurl -v https://kkszb-gw.test.internal/api/v2/kezbesites -H \"Authorization: Bearer %s\"\n< HTTP/1.1 401 Unauthorized\n```" % v,
        "DEBUG maradt bekapcsolva prodon:\n```\n%s\n```" % log_block(["DEBUG [esanduce-2] GatewayClient - request headers: {Authorization=Bearer %s, X-Request-Id=%s}" % (v, uuid4())], ri(4, 7), ri(3, 6), "esanduce"),
        "```json\n{\"access_token\": \"%s\", \"token_type\": \"Bearer\", \"expires_in\": 300}\n```" % v,
        "```\nCookie: DNB_SESSION=%s; lang=hu\n```" % v,
        "```json\n{\"name\": \"regix-uat\", \"values\": [{\"key\": \"access_token\", \"value\": \"%s\", \"enabled\": true}]}\n```" % v,
        "ezzel a tokennel próbáld a hearing API-t, még 1 óráig él: %s" % v,
        "probaj sa ovim tokenom na UAT-u: %s" % v,
        "```python\nheaders = {\"Authorization\": \"Bearer %s\"}\nr = requests.get(f\"{BASE}/api/parcels/{pi}\", headers=headers)\n```" % v,
    ]


def T_password(v):
    return [
        "staging-hu `application.properties` (ebből indul most a docket-filing):\n```properties\n%s\nspring.datasource.url=jdbc:oracle:thin:@//oracle-stg-hu.internal:1521/DOCKETPDB\nspring.datasource.username=docket_app\nspring.datasource.password=%s\n%s\n```" % (
            "\n".join(pick_n(PROP_FILLER[:6], 5)), v, "\n".join(pick_n(PROP_FILLER[6:], 5))),
        "```\n$ sqlplus kat_app/%s@//oracle-rs.internal:1521/KATPDB\nSQL*Plus: Release 19.0.0.0.0 - Production\n```" % v,
        "scan station config:\n```\nServer=%s;Database=ScanQueue;User Id=scan_svc;Password=%s;TrustServerCertificate=True\n```" % (private_ip(), v),
        "```xml\n<Resource name=\"jdbc/docket\" auth=\"Container\" type=\"javax.sql.DataSource\"\n          username=\"docket_ro\" password=\"%s\"\n          url=\"jdbc:oracle:thin:@//oracle-db:1521/DOCKETPDB\"/>\n```" % v,
        "A TAKARNET teszt fiók jelszava: %s — a felhasználónév a wikin van" % v,
        "lozinka za eSanduče test nalog je %s, menja se na 90 dana" % v,
        "паролата за тестовия сертификат на RegiX е %s" % v,
        "```\nkeytool -importkeystore -srckeystore regix.p12 -srcstoretype PKCS12 -srcstorepass %s -destkeystore regix.jks\n```" % v,
        "```\n$ cat $DOMAIN_HOME/servers/AdminServer/security/boot.properties\n# WebLogic staging (katastar-legacy)\nusername=weblogic\npassword=%s\n$ ls $DOMAIN_HOME/servers/\nAdminServer  katastar_ms1  katastar_ms2\n$ tail -3 $DOMAIN_HOME/servers/AdminServer/logs/AdminServer.log\n<BEA-000365> <Server state changed to STARTING.>\n<BEA-000360> <The server started in RUNNING mode.>\n<BEA-000365> <Server state changed to RUNNING.>\n```" % v,
        "```ini\n[sftp]\nhost = sftp-gw.internal\nuser = rgz_batch\npassword = %s\n```" % v,
        "```\njdbc:postgresql://postgis.katastar.internal:5432/gis?user=gis_rw&password=%s&sslmode=require\n```" % v,
    ]


def T_url(v):
    return [
        "```\nlftp sftp://takarnet_batch:%s@%s -e 'ls /outbox; bye'\n```" % (v, internal_host("sftp")),
        "```xml\n<mirror><url>https://deploy:%s@%s/repository/maven-public/</url></mirror>\n```" % (v, internal_host("nexus")),
        "```yaml\nserver:\n  port: 8080\nspring:\n  application:\n    name: esanduce-adapter\n  rabbitmq:\n    addresses: amqps://esanduce:%s@%s:5671/edelivery\n    listener:\n      simple:\n        prefetch: 20\n        retry:\n          enabled: true\n          max-attempts: 5\nesanduce:\n  queue: poruke.odlazne\n```" % (v, internal_host("mq")),
        "```dotenv\nREDIS_URL=redis://:%s@%s:6379/2\n```" % (v, internal_host("redis")),
        "GIS baza za katastar: `postgresql://gis_rw:%s@%s:5432/gis`" % (v, internal_host("pg")),
        "```yaml\nservices:\n  audit-chain:\n    image: registry.danubit.internal/audit-chain:2.%d.%d\n    restart: unless-stopped\n    environment:\n      SPRING_PROFILES_ACTIVE: uat\n      AUDIT_MONGO_URI: mongodb://audit_writer:%s@%s:27017/audit?authSource=admin&replicaSet=rs0\n      AUDIT_HASH_ALG: SHA-256\n    ports:\n      - \"8085:8080\"\n```" % (ri(0, 9), ri(0, 9), v, internal_host("mongo")),
        "```properties\nnotifications.smtp.url=smtp://notif:%s@%s:587\n```" % (v, internal_host("smtp")),
        "ActiveMQ konzol: http://admin:%s@%s:8161/admin/queues.jsp" % (v, private_ip()),
        "```\ngit clone https://dnb-ci:%s@bitbucket.dnb.local/scm/kat/katastar-sync.git\n```" % v,
        "скенерът качва по `ftp://scan:%s@%s/incoming/`" % (v, private_ip()),
    ]


def T_email(v, name):
    return [
        "A Szegedi Járásbíróság informatikusa kérte, hogy a hibajegyet neki is küldjük: %s" % v,
        "pošaljite zapisnik sa testiranja na %s, ona koordinira sa sudom" % v,
        "моля, пратете отчета за грешката на %s" % v,
        "```\n%s\n```" % log_block(["WARN  [ssev-worker-%d] NotificationSender - bounce for recipient=%s reason=\"550 mailbox unavailable\"" % (ri(1, 8), v)], ri(3, 6), ri(3, 6), "ssev-worker"),
        "kapcsolattartói export, a maszkolás egy sornál nem futott le:\n```csv\ncourt,role,contact\n%s\n%s,ügyintéző,%s\n%s\n```" % (
            "\n".join("%s,%s,<redacted>" % (ch(HU_COURTS), ch(["informatikus", "kezelőiroda", "elnöki titkárság"])) for _ in range(ri(4, 6))),
            ch(HU_COURTS), v,
            "\n".join("%s,%s,<redacted>" % (ch(HU_COURTS), ch(["informatikus", "kezelőiroda"])) for _ in range(ri(3, 5)))),
        "```\ncommit %s\nAuthor: %s <%s>\nDate:   %s\n\n    fix(rgz-sync): parcel number normalisation\n```" % (hexs(40), asciify(name), v, iso_ts(False)),
        "Bejelentő: %s\nBejelentő e-mail: %s\nTárgy: nem jön az érkeztetési igazolás" % (name, v),
        "a sablonban most ez van: `<a href=\"mailto:%s\">írjon nekünk</a>` — cseréljük a közös címre" % v,
        "the court's project lead asked us to cc %s on the UAT sign-off" % v,
    ]


def T_phone(v, name):
    return [
        "Ha ma este baj van a HKP-val, hívjatok: %s" % v,
        "ako pukne RGZ sync preko noći, zovite me na %s" % v,
        "при проблем с ССЕВ тази нощ звънете на %s" % v,
        "| ügyelet | név | telefon |\n|---|---|---|\n| %s | %s | %s |" % (hu_date(), name, v),
        "spisak kontakata za migraciju — samo jedan broj nije maskiran, ispravite export:\n```csv\ncourt,role,phone\n%s\n%s,sekretar,%s\n%s\n```" % (
            "\n".join("%s,%s,+381 6* *** **%02d" % (ch(RS_COURTS), ch(["IT", "pisarnica", "sekretar", "upravitelj"]), ri(0, 99)) for _ in range(ri(4, 6))),
            ch(RS_COURTS), v,
            "\n".join("%s,%s,+381 6* *** **%02d" % (ch(RS_COURTS), ch(["IT", "pisarnica", "upravitelj"]), ri(0, 99)) for _ in range(ri(3, 5)))),
        "%s" % json.dumps({"ts": iso_ts(), "service": "sms-gateway", "to": v, "template": "hearing_reminder", "status": "SENT"}, ensure_ascii=False),
        "Kapcsolattartó: %s\nTelefonszám: %s\nÜgyszám: %s" % (name, v, hu_case()),
        "the Vienna subcontractor's PM is reachable at %s if the map tiles break again" % v,
        "```\nBEGIN:VCARD\nVERSION:3.0\nFN:%s\nTEL;TYPE=CELL:%s\nEND:VCARD\n```" % (name, v),
        "ако имате питања у вези са миграцијом, позовите колегиницу на %s" % v,
        "Лице за контакт: %s\nТелефон: %s\nДело: %s" % (name, v, bg_case()),
        "a masker kihagyott egy sort:\n```\n%s\n```" % log_block(
            ["INFO  [sms-1] SmsDispatcher - sent reminder to +36 30 *** **%02d for %s" % (ri(0, 99), hu_case()),
             "INFO  [sms-2] SmsDispatcher - sent reminder to %s for %s" % (v, hu_case()),
             "INFO  [sms-1] SmsDispatcher - sent reminder to +36 70 *** **%02d for %s" % (ri(0, 99), hu_case())], ri(3, 5), ri(3, 5), "sms"),
        "our contact at the German DMS vendor: %s (desk line)" % v,
    ]


def T_card(v):
    return [
        "```\n%s\n```" % log_block(["DEBUG [fee-calc-2] PaymentClient - request: pan=%s exp=%02d/%02d amount=%d currency=HUF" % (v, ri(1, 12), ri(26, 31), ri(3, 900) * 1000),
                                     "DEBUG [fee-calc-2] PaymentClient - response: code=%s authCode=%s rrn=%s" % (ch(["00", "05"]), digits(6, False), digits(12))],
                                    ri(4, 7), ri(3, 5), "fee-calc"),
        "```json\n{\"card\": {\"number\": \"%s\", \"expiry\": \"%02d/%02d\"}, \"amount\": %d, \"currency\": \"RSD\"}\n```" % (v, ri(1, 12), ri(26, 31), ri(900, 90000)),
        "Teszteld az illetékfizetést az én kártyámmal, kicsi összeggel: %s" % v,
        "```csv\nrefund_id,case_no,card_number,amount\nRF-%d,%s,%s,%d\n```" % (ri(10000, 99999), hu_case(), v, ri(3, 90) * 1000),
        "platio sam taksu karticom %s, ali potvrda nije stigla" % v,
        "платих таксата с карта %s, но плащането виси" % v,
        "incident: the acquirer's sandbox echoed a full PAN into our logs — example: %s. purge in progress" % v,
        "DinaCard test: %s — prolazi na produkciji, ne na UAT-u" % v,
    ]


def T_iban(v, name):
    return [
        "Visszatérítési kérelem %s\nKedvezményezett: %s\nIBAN: %s\nÖsszeg: %s" % (hu_case(), name, v, money_hu(ri(3, 90) * 1000)),
        "export za povraćaj — maskiranje je preskočilo jedan red:\n```csv\nrefund_id,case_no,iban,amount\n%s\nRF-%d,%s,%s,%d\n%s\n```" % (
            "\n".join("RF-%d,%s,RS35 **** **** **** **%02d,%d" % (ri(10000, 99999), rs_case(False), ri(0, 99), ri(1000, 90000)) for _ in range(ri(4, 7))),
            ri(10000, 99999), rs_case(False), v, ri(1000, 90000),
            "\n".join("RF-%d,%s,RS35 **** **** **** **%02d,%d" % (ri(10000, 99999), rs_case(False), ri(0, 99), ri(1000, 90000)) for _ in range(ri(3, 5)))),
        "```json\n{\"refundId\": \"RF-%d\", \"beneficiaryIban\": \"%s\", \"currency\": \"BGN\", \"amount\": %d}\n```" % (ri(10000, 99999), v, ri(20, 2000)),
        "Молба за връщане на надвнесена такса по %s, IBAN: %s" % (bg_case(), v),
        "Zahtev za povraćaj takse po predmetu %s — račun stranke: %s" % (rs_case(False), v),
        "Захтев за повраћај таксе, %s — IBAN: %s" % (rs_case(True), v),
        "a fél ide kéri a túlfizetett illetéket: %s" % v,
        "please wire the subcontractor invoice to %s (they changed banks)" % v,
        "| kedvezményezett | IBAN | összeg |\n|---|---|---:|\n| %s | %s | %s |" % (name, v, money_hu(ri(3, 900) * 1000)),
        "%s INFO refund-batch - queued refund case=%s iban=%s" % (log_ts(), ch([hu_case(), rs_case(), bg_case()]), v),
        "Банкова сметка за възстановяване: %s (титуляр: %s)" % (v, name),
        "Számlaszám (IBAN): %s" % v,
    ]


def T_ssn(v):
    return [
        "For the US reseller contractor W-9: SSN %s, please file it with finance, not in Jira" % v,
        "reseller payroll export, only one row is unmasked:\n```csv\ncontractor_id,ssn,state\n%s\nC-%d,%s,%s\n%s\n```" % (
            "\n".join("C-%d,***-**-%04d,%s" % (ri(100, 999), ri(1, 9999), ch(["IL", "TX", "NY", "OH"])) for _ in range(ri(3, 6))),
            ri(100, 999), v, ch(["IL", "TX", "NY", "OH"]),
            "\n".join("C-%d,***-**-%04d,%s" % (ri(100, 999), ri(1, 9999), ch(["IL", "TX", "NY", "OH"])) for _ in range(ri(3, 5)))),
        "background check form for the Chicago integrator: SSN: %s" % v,
        "```json\n{\"payee\": \"C-%d\", \"tin_type\": \"SSN\", \"tin\": \"%s\"}\n```" % (ri(100, 999), v),
        "a US-es alvállalkozó SSN-je a szerződéshez: %s" % v,
    ]


def T_ipv4(v):
    return [
        "Kérlek whitelistelni a KKSZB tesztkörnyezet felé a mi egress IP-nket: %s" % v,
        "ki ez? csak 403-at kap, de percenként:\n```\n%s\n```" % "\n".join(
            "%s - - [17/Nov/2025:14:%02d:%02d +0100] \"POST /api/v2/filing HTTP/1.1\" %s \"-\" \"%s\"" % (
                (v, i, ri(0, 59), "403 153", "Java/17") if i % 3 == 1 else (private_ip(), i, ri(0, 59), "201 %d" % ri(300, 900), "okhttp/4.12"))
            for i in range(ri(8, 12))),
        "```\niptables -A INPUT -s %s/32 -p tcp --dport 22 -j ACCEPT\n```" % v,
        "```\nbackend esanduce_gw\n    server gw1 %s:443 check ssl verify required\n```" % v,
        "RegiX UAT endpoint-ът вече е на %s, сменете го в конфигурацията" % v,
        "```\nssh -J bastion deploy@%s 'systemctl restart katastar-sync'\n```" % v,
    ]


# ----------------------------------------------------------------------------------------------------------------
# positives: PEM layouts and multi-secret templates
# ----------------------------------------------------------------------------------------------------------------
def pem_message(kind, layout):
    label, lines = pem_key(kind)
    begin, end = "-----BEGIN %s-----" % label, "-----END %s-----" % label
    if layout == 0:
        value = "\n".join(lines)
        text = "%s\n```\n%s\n%s\n%s\n```" % (ch(["a régi katastar-sync VM-en ez volt a deploy kulcs:", "evo ključa sa starog build servera:",
                                                "ключът от стария сървър:", "found this on the old jump host:"]), begin, value, end)
    elif layout == 1:
        value = "\n    ".join(lines)
        text = ("```yaml\napiVersion: v1\nkind: Secret\nmetadata:\n  name: %s\ntype: Opaque\nstringData:\n  tls.key: |\n    %s\n    %s\n    %s\n```"
                % (ch(["regix-client-cert", "kkszb-mtls", "esanduce-signing"]), begin, value, end))
    elif layout == 2:
        value = "\\n".join(lines)
        text = ("```json\n{\"alias\": \"%s\", \"privateKeyPem\": \"%s\\n%s\\n%s\\n\"}\n```"
                % (ch(["ssev-signing", "rgz-sftp", "hkp-client"]), begin, value, end))
    elif layout == 3:
        value = "\n".join(lines)
        text = "%s\n%s\n%s\n%s" % (ch(["ezt küldte a bíróság informatikusa e-mailben, szerintem nem kellett volna:",
                                       "сертификатът за ССЕВ, пратен по имейл:", "the integrator pasted this in the ticket:"]),
                                   begin, value, end)
    else:
        value = "\n  ".join(lines)
        text = "```yaml\n# host_vars/%s.yml\nsftp_private_key: |\n  %s\n  %s\n  %s\n```" % (ch(["rgz-batch-01", "takarnet-gw", "agkk-sync"]), begin, value, end)
    return text, value


def M_aws(i, kid, sec):
    return [
        "```ini\n[scan-archive]\naws_access_key_id = %s\naws_secret_access_key = %s\nregion = eu-central-1\n```" % (kid, sec),
        "scan-ingest `.env` sa UAT servera:\n```dotenv\nSPRING_PROFILES_ACTIVE=uat\nSCAN_INBOX=/data/inbox\nSCAN_OCR_LANGS=srp+srp_latn+hun+bul\nAWS_REGION=eu-central-1\nAWS_ACCESS_KEY_ID=%s\nAWS_SECRET_ACCESS_KEY=%s\nS3_BUCKET=dnb-rs-scans\nS3_PREFIX=uat/\nMAX_BATCH=200\nLOG_LEVEL=INFO\n```" % (kid, sec),
        "```hcl\nterraform {\n  backend \"s3\" {\n    bucket = \"dnb-tfstate\"\n    key    = \"scan-archive/terraform.tfstate\"\n    region = \"eu-central-1\"\n  }\n}\n\nprovider \"aws\" {\n  region     = \"eu-central-1\"\n  access_key = \"%s\"\n  secret_key = \"%s\"\n}\n```" % (kid, sec),
        "```python\ns3 = boto3.client(\"s3\", aws_access_key_id=\"%s\", aws_secret_access_key=\"%s\")\ns3.upload_file(pdf_path, \"dnb-hu-scans\", key)\n```" % (kid, sec),
        "```\ndocker run --rm -e AWS_ACCESS_KEY_ID=%s -e AWS_SECRET_ACCESS_KEY=%s dnb/scan-ingest:2.%d\n```" % (kid, sec, ri(0, 9)),
        "```ini\n[archive]\ntype = s3\nprovider = AWS\naccess_key_id = %s\nsecret_access_key = %s\nregion = eu-central-1\n```" % (kid, sec),
    ][i]


def M_sig(i, email, ph, name):
    return [
        "Köszönöm, holnap ránézek.\n--\n%s\nprojektvezető | Danubit Kft.\nTel.: %s\nE-mail: %s" % (name, ph, email),
        "Hvala, javljam se sutra.\n--\n%s\nDanubit d.o.o. Beograd, tim za katastar\nmob: %s | %s" % (name, ph, email),
        "Благодаря, ще погледна утре.\n--\n%s\nДанубит ЕООД, екип „Съдебни дела“\nтел.: %s\nимейл: %s" % (name, ph, email),
        "Thanks, will confirm after the call.\n--\n%s\nSolutions Architect, US reseller\nM: %s\n%s" % (name, ph, email),
    ][i]


def M_refund(i, iban, email, name):
    return [
        "Illeték-visszatérítés, %s\nKedvezményezett: %s\nIBAN: %s\nÉrtesítési cím: %s" % (hu_case(), name, iban, email),
        "Връщане на държавна такса по %s\nТитуляр: %s\nIBAN: %s\nИмейл за уведомяване: %s" % (bg_case(), name, iban, email),
    ][i]


def M_server(i, pw, ip):
    return [
        "Az új staging Oracle szerver: %s, `oracle` user jelszava: %s — holnap átrakjuk Vaultba" % (ip, pw),
        "нов тестов сървър за RegiX адаптера: %s\nпотребител: deploy\nпарола: %s" % (ip, pw),
    ][i]


def M_urlip(pw, ip):
    return "```dotenv\nGIS_DATABASE_URL=postgresql://gis_rw:%s@%s:5432/gis\n```\nez a szolgáltató által adott DB, nem a miénk" % (pw, ip)


def M_env(gh, sb):
    return ("véletlenül commitoltam a .env-et, már rotálom:\n```dotenv\n# release-bot\nNODE_ENV=production\nGITHUB_OWNER=danubit\nGITHUB_REPOS=docket-core,kataszter-api,katastar-sync\nGITHUB_TOKEN=%s\nSLACK_BOT_TOKEN=%s\nSLACK_CHANNEL=#release-train\nRELEASE_BRANCH_PREFIX=release/\nDRY_RUN=false\nLOG_LEVEL=debug\n```" % (gh, sb))


def M_card(cc, ph):
    return "Plaćanje takse ne prolazi: kartica %s, odbijeno dvaput. Molim vas pozovite me na %s" % (cc, ph)


def M_llm(oa, an):
    return "```dotenv\n# anonimizacio-poc, összehasonlító futás\nOPENAI_API_KEY=%s\nANTHROPIC_API_KEY=%s\nRUNS=3\n```" % (oa, an)


def M_jwtip(tok, ip):
    return "```\n%s - - [%s] \"GET /api/v2/parcels/%s HTTP/1.1\" 200 %d \"-\" \"okhttp/4.12\" auth=\"Bearer %s\"\n```\nez a nginx log nem maszkolja a headert" % (
        ip, "%02d/Oct/2025:%02d:%02d:%02d +0200" % (ri(1, 28), ri(0, 23), ri(0, 59), ri(0, 59)), bg_pi(), ri(200, 9000), tok)


def M_ssn(ssn, email):
    return "US contractor onboarding (reseller side):\nSSN: %s\nWork e-mail: %s\nStart: %s" % (ssn, email, iso_ts(False)[:10])


# ----------------------------------------------------------------------------------------------------------------
# building
# ----------------------------------------------------------------------------------------------------------------
def build_positives():
    items = []

    def add(text, secrets, ctx, lead=0.08):
        text = decorate(text, lead, 0.0, LEADS_POS, [])
        for k, v in secrets:
            assert v in text, (k, v)
        items.append({"text": text, "secrets": [{"kind": k, "value": v} for k, v in secrets], "context": ctx})

    def singles(kind, n, gen, tpl):
        for i in range(n):
            v = gen()
            opts = tpl(v)
            t = i % len(opts)
            add(opts[t], [(kind, v)], "%s:t%d" % (kind, t))

    singles("aws_access_key_id", 4, aws_key_id, T_aws_id)
    singles("github_classic_pat", 6, gh_classic, T_gh_classic)
    singles("github_fine_grained_pat", 6, gh_fine, T_gh_fine)
    singles("slack_bot_token", 6, slack_bot, T_slack_bot)
    singles("slack_user_token", 6, slack_user, T_slack_user)
    singles("openai_api_key", 7, openai_key, T_openai)
    singles("anthropic_api_key", 6, anthropic_key, T_anthropic)
    singles("jwt", 8, jwt_token, T_jwt)
    singles("password", 11, pw_value, T_password)
    singles("url_credentials", 10, url_pw, T_url)
    singles("credit_card", 8, lambda: card(ch(["visa", "mc", "amex", "discover", "maestro"])), T_card)
    singles("us_ssn", 5, us_ssn, T_ssn)
    singles("ipv4_address", 6, public_ip, T_ipv4)
    # DinaCard template (t7) must carry a DinaCard number
    for it in items:
        if it["context"] == "credit_card:t7":
            old = it["secrets"][0]["value"]
            new = card("dina")
            it["text"] = it["text"].replace(old, new)
            it["secrets"][0]["value"] = new

    for i, c in enumerate(["hu", "rs", "bg", "any", "hu", "any", "hu", "hu", "any"]):
        cc = ch(["hu", "rs", "bg"]) if c == "any" else c
        _, f, l, name = person(cc)
        v = email_for(cc, f, l)
        add(T_email(v, name)[i], [("email_address", v)], "email_address:t%d" % i)
    for i, c in enumerate(["hu", "rs", "bg", "hu", "rs", "bg", "hu", "at", "rs", "rs", "bg", "hu", "de"]):
        pc = c if c in ("hu", "rs", "bg") else ch(["hu", "rs", "bg"])
        _, f, l, name = person(pc)
        v = phone(c)
        add(T_phone(v, name)[i], [("phone_number", v)], "phone_number:t%d" % i)
    for i, c in enumerate(["hu", "rs", "bg", "bg", "rs", "rs", "hu", "other", "hu", "other", "bg", "hu"]):
        pc = c if c in ("hu", "rs", "bg") else ch(["hu", "rs", "bg"])
        _, f, l, name = person(pc)
        v = iban_any(c)
        add(T_iban(v, name)[i], [("iban", v)], "iban:t%d" % i)
    for i, (kind, layout) in enumerate([("ec", 0), ("rsa", 1), ("ed25519", 2), ("openssh", 0), ("rsa8", 3), ("ec", 4), ("rsa", 2)]):
        text, value = pem_message(kind, layout)
        add(text, [("private_key_pem", value)], "private_key_pem:%s:layout%d" % (kind, layout), lead=0.0)

    # multi-secret messages (20)
    for i in range(6):
        kid, sec = aws_key_id(), aws_secret()
        add(M_aws(i, kid, sec), [("aws_access_key_id", kid), ("aws_secret_access_key", sec)], "multi:aws_pair:%d" % i)
    for i, c in enumerate(["hu", "rs", "bg", "us"]):
        pc = c if c != "us" else ch(["hu", "rs", "bg"])
        _, f, l, name = person(pc)
        if c == "us":
            f, l, name = ch(["Jordan", "Casey", "Morgan", "Taylor"]), ch(["Whitfield", "Brennan", "Okafor", "Lindqvist"]), None
            name = "%s %s" % (f, l)
            em = "%s.%s@%s" % (f.lower(), l.lower(), ch(["courtware-partners.com", "civic-integrators.us"]))
        else:
            em = email_for(c, f, l, work="vendor")
        ph = phone(c)
        add(M_sig(i, em, ph, name), [("email_address", em), ("phone_number", ph)], "multi:signature:%d" % i)
    for i, c in enumerate(["hu", "bg"]):
        _, f, l, name = person(c)
        iban, em = iban_any(c), email_for(c, f, l, work=False)
        add(M_refund(i, iban, em, name), [("iban", iban), ("email_address", em)], "multi:refund:%d" % i)
    for i in range(2):
        pw, ip = pw_value(), public_ip()
        add(M_server(i, pw, ip), [("password", pw), ("ipv4_address", ip)], "multi:server_handover:%d" % i)
    pw, ip = url_pw(), public_ip()
    add(M_urlip(pw, ip), [("url_credentials", pw), ("ipv4_address", ip)], "multi:url_public_host:0")
    gh, sb = gh_classic(), slack_bot()
    add(M_env(gh, sb), [("github_classic_pat", gh), ("slack_bot_token", sb)], "multi:env_leak:0")
    cc, ph = card(ch(["visa", "mc"])), phone("ro")
    add(M_card(cc, ph), [("credit_card", cc), ("phone_number", ph)], "multi:card_and_phone:0")
    oa, an = openai_key(), anthropic_key()
    add(M_llm(oa, an), [("openai_api_key", oa), ("anthropic_api_key", an)], "multi:llm_env:0")
    tok, ip = jwt_token(), public_ip()
    add(M_jwtip(tok, ip), [("jwt", tok), ("ipv4_address", ip)], "multi:nginx_bearer:0")
    ssn = us_ssn()
    em = "%s.%s@%s" % (ch(["riley", "avery", "quinn"]), ch(["hartmann", "castillo", "nakamura"]), ch(["civic-integrators.us", "courtware-partners.com"]))
    add(M_ssn(ssn, em), [("us_ssn", ssn), ("email_address", em)], "multi:contractor_onboarding:0")

    texts = [it["text"] for it in items]
    assert len(set(texts)) == len(texts), "duplicate positive"
    rng.shuffle(items)
    out = []
    for i, it in enumerate(items):
        out.append({"id": "h%dp-%04d" % (N, i + 1), "text": it["text"], "secrets": it["secrets"], "context": it["context"]})
    return out


CATEGORIES = [("data_uri_base64", NEG_DATA_URI), ("placeholder_example", NEG_PLACEHOLDER), ("code_identifier", NEG_CODE),
              ("non_credential_blob", NEG_BLOB), ("pii_lookalike_number", NEG_LOOKALIKE), ("talk_about_secrets", NEG_TALK)]


def build_negatives():
    seen = set()
    seen_core = set()
    rows = []
    redraws = {}
    redraw_examples = []
    dup_redraws = 0
    for cat, tpls in CATEGORIES:
        for i in range(100):
            fn = tpls[i % len(tpls)]
            tries = 0
            while True:
                tries += 1
                if tries > 30:
                    fn = ch(tpls)
                core = fn()
                if core in seen_core:
                    dup_redraws += 1
                    continue
                text = decorate(core, 0.15, 0.06, LEADS_TALK if cat == "talk_about_secrets" else LEADS_NEG,
                                TRAILS_TALK if cat == "talk_about_secrets" else TRAILS_NEG)
                hits = scan(text)
                if hits:
                    for k, v in hits:
                        redraws[k] = redraws.get(k, 0) + 1
                        if len(redraw_examples) < 100000:
                            redraw_examples.append((cat, fn.__name__, k, v))
                    continue
                if text in seen:
                    dup_redraws += 1
                    continue
                seen.add(text)
                seen_core.add(core)
                rows.append({"text": text, "category": cat, "template": fn.__name__})
                break
    rng.shuffle(rows)
    out = []
    for i, r in enumerate(rows):
        out.append({"id": "h%dn-%04d" % (N, i + 1), "text": r["text"], "category": r["category"], "_template": r["template"]})
    return out, redraws, dup_redraws, redraw_examples


# ----------------------------------------------------------------------------------------------------------------
# checks on the positives
# ----------------------------------------------------------------------------------------------------------------
def check_positive_values(pos):
    for r in pos:
        for s in r["secrets"]:
            k, v = s["kind"], s["value"]
            assert v in r["text"], (r["id"], k)
            if k == "credit_card":
                d = re.sub(r"[ -]", "", v)
                assert d.isdigit() and 13 <= len(d) <= 19 and luhn_ok(d), v
            elif k == "iban":
                assert iban_valid(v), v
            elif k == "us_ssn":
                assert ssn_ok(v), v
            elif k == "ipv4_address":
                assert ip_public(v), v
            elif k == "jwt":
                h, p, _sig = v.split(".")
                for part in (h, p):
                    json.loads(base64.urlsafe_b64decode(part + "=" * (-len(part) % 4)))
            elif k == "private_key_pem":
                body = v.replace("\\n", "").replace("\n", "").replace(" ", "")
                base64.b64decode(body, validate=True)
            elif k == "github_classic_pat":
                body = v[4:34]
                assert v[34:] == b62enc(zlib.crc32(body.encode()) & 0xFFFFFFFF).rjust(6, "0")
            elif k == "aws_access_key_id":
                assert re.fullmatch(r"(AKIA|ASIA)[A-Z2-7]{16}", v) and "EXAMPLE" not in v
            elif k == "aws_secret_access_key":
                assert len(v) == 40


def line_stats(texts):
    n = [t.count("\n") + 1 for t in texts]
    return min(n), max(n), sum(1 for x in n if x == 1), sum(1 for x in n if x >= 10), sum(1 for x in n if x >= 20)


# ----------------------------------------------------------------------------------------------------------------
# README
# ----------------------------------------------------------------------------------------------------------------
CAT_DESC = {
    "data_uri_base64": "Real, well-formed bytes, base64-encoded and placed where they occur: PNG (IHDR/IDAT/IEND with correct CRCs; solid, stripes, checker, ring, frame icons), baseline greyscale JFIF JPEG (real Huffman-coded scan), 1×1 GIF89a, 24-bit BMP, ICO wrapping a PNG, one-page PDFs with a FlateDecode content stream and a correct xref (filing receipts, land-register extracts, rulings), 16-bit PCM WAV, a minimal but complete TrueType font (10 tables, correct checksums and checkSumAdjustment) inline as `font/ttf` and wrapped as WOFF 1.0, ZIP e-filing packages, webpack source maps (`eyJ2ZXJzaW9uIjoz…`), SVG as base64 and percent-encoded `utf8,`, and base64 XML/text. Contexts: CSS/SCSS `url()` and `@font-face`, HTML notification templates and favicons, Markdown images, e-delivery JSON and SOAP attachments, Java/Kotlin/TS/Python fixtures, an Oracle `UTL_ENCODE.BASE64_ENCODE(DBMS_LOB.SUBSTR(…))` result, CSP console errors, HAR lines, a TWAIN scan-driver log, `echo … | base64 -d && file`, Jasper-style report JSON. Some are shown truncated (`…`, `...`, `[N more chars]`).",
    "placeholder_example": "`.env.example`, Spring YAML with `${ORACLE_PASSWORD}` / `${vault:…}`, Helm `secretKeyRef`, GitHub Actions `${{ secrets.X }}`, Jenkins `withCredentials`, Ansible `{{ vault_… }}`, docker-compose `${VAR:?…}`, 1Password `op://…` and ESO references, `glab variable list` with `[masked]`, empty values (`password =`, `KKSZB_CLIENT_SECRET=`). Defaults: JDK `changeit`, Oracle demo `scott/tiger`, `system/oracle` in a throwaway container, `amqp://guest:guest@localhost`, `changeme`. AWS documentation keys (`AKIAIOSFODNN7EXAMPLE` / `wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY`). Vendor prefixes without a body (`sk-...`, `sk-ant-api03-...`, `xoxb-your-bot-token`, `xoxb-0000000000-0000000000-xxxx…`, `ghp_xxxx…`, `github_pat_...`). PEM blocks with `...` / `<base64>` bodies, `Bearer <token>` / `{{access_token}}` / a JWT header with `<payload>.<signature>`. Masked PANs (`**** **** **** 1234`, `4******1234`), masked IBANs (`HU** …`, `RS35 •••• …`, `BG** …`) and the never-valid `HU00 0000 …`, masked phones (`+36 30 *** **12`, `+381 6* *** **12`, `+359 8** *** *12`), form templates (`+36 __ ___ ____`, `+381 6x xxx xxxx`, `+359 8X XXX XXXX`, `8XXXXXXXXX`, `ЈМБГ: ______________`, `ЕГН: __________`), `[REDACTED]`/`<redacted>`/`***` log fields, validator tests with `0000000000000` / `XXXXXXXXXXXXX`.",
    "code_identifier": "Java stack traces from the Oracle/JDBC/Spring-WS stack (`ORA-01017: invalid username/password`, `ORA-28001: the password has expired`, PKIX, SOAP faults) through `hu.danubit.docket…`, `rs.danubit.katastar…`, `bg.danubit.dela…` frames built from words such as Credential/Secret/Token/Password/Iban/Phone/Email/Jmbg/Egn/Taj; `Caused by` chains; thread dumps. Oracle DDL with `EMAIL_HASH`, `PHONE_E164_ENC`, `JMBG_HASH`, `EGN_HASH`, `TAJ_HASH`, `IBAN_LAST4`; PL/SQL package specs; JPA entities, Kotlin data classes, TS interfaces, Angular `_ngcontent-ng-c…` markup, XSD elements (`FelEmailCim`, `FelTelefonszam`, `Adoazonosito`, `Bankszamla`), Liquibase changesets, Hibernate SQL logs, log4j2 loggers, Spring property *names* (`kkszb.oauth.client-secret-ref`…), feature flags, `git grep` hits, enums, `kubectl get pods` with ReplicaSet hashes, `mvn dependency:tree`, a .NET `CryptographicException` from a Windows scan station, a Gradle compile error.",
    "non_credential_blob": "Git SHAs and `git log --oneline`, image digests `@sha256:`, Oracle AWR `SQL_ID` / `PLAN_HASH_VALUE` tables, Oracle ROWIDs, Alfresco `workspace://SpacesStore/<uuid>` node refs, filing-receipt JSON with SHA-256 / base64 digests and TSA serials, XAdES `DigestValue` and `X509SerialNumber`, e-delivery message ids (UUIDv4) and correlation ids (ULID), W3C trace/span ids and `traceparent`, S3 ETag / Content-MD5 / `x-amz-id-2`, `$ANSIBLE_VAULT;1.1;AES256` and SOPS `ENC[AES256_GCM,…]` ciphertext, public-certificate SHA-1 fingerprints and serials, Maven `.sha1/.sha256/.md5`, npm `integrity sha512-`, `openssl ts -reply -text`, base64-JSON pagination cursors, SHA256SUMS, a hash-chained land-register audit log, a release-signing GPG fingerprint, base64 of ordinary status text, `aws s3 ls`, CI/Sentry ids, Liquibase `8:<md5>` checksums.",
    "pii_lookalike_number": "Numbers of the theme that have the length and grouping of phone, card, IBAN and personal-id numbers but belong to no person: Hungarian case numbers (`12.P.20.331/2024/7`, `Pk.60.…`, `Gpk.`, `Kpk.`), filing numbers, helyrajzi számok (incl. külterület `0123/45`), TAKARNET query ids, cégjegyzékszám `Cg.06-09-012345`-style (2-2-6, may start `06`), company tax numbers `12345678-2-41`; Serbian `П. 1234/23`, `Iv. …`, RGZ case numbers `952-02-3-061-4418/2024`, ЛН/parcel numbers, poziv na broj, company ПИБ/МБ and 3-13-2 company accounts, eZUP numbers; Bulgarian `гр.д. № 12345/2024`, ПИ/СОС cadastre ids (`68134.4082.123.1.5`), sketch numbers `15-338417-12.03.2024`, ЕИК and `BG`+ЕИК VAT ids, registry-office volume/act/partida numbers, ССЕВ message numbers. Hearing lists (HU/RS/BG tables), 15–30-row CSV fee and parcel exports, Hivatali Kapu / ССЕВ / TAKARNET logs with 10-digit filing numbers, Oracle alert logs (SCN, log sequence, sid/serial#/ospid), payment callbacks (RRN 12 digits, STAN, auth code, masked PAN), Code128 barcodes, Kafka offsets, latency and court-statistics tables with space-grouped thousands, invoices (space-grouped HUF/RSD/BGN amounts, grouped payment references), date-format matrices with epoch seconds, private/RFC 5737 DB hosts, ICS hearing events, dashed 3-3-4 legacy refs that are not valid NANP numbers, and UI-grouped transaction ids (`2-3-4`, `3-3-4`, `4-3-3`, `3-2-2-3`).",
    "talk_about_secrets": "Talk about passwords, tokens, certificates, private keys, card numbers, IBANs, JMBG/EGN/TAJ numbers, phone numbers and e-mail addresses, in Hungarian, Serbian (Latin and Cyrillic), Bulgarian and English, with no value: single sentences, pairs, security-sync notes, incident summaries, Q&A, regex/masker discussions, a rotation plan table, Vault / External Secrets / sealed-secrets errors, DPO questions.",
}

POS_NOTES = {
    "aws_access_key_id": "`AKIA`/`ASIA` + 16 × `[A-Z2-7]`, never `EXAMPLE`",
    "aws_secret_access_key": "40 chars `[A-Za-z0-9/+]`; only in two-secret messages, paired with a key id",
    "github_classic_pat": "`ghp_` + 30 random base62 + 6-char base62 CRC32 of those 30 (real layout)",
    "github_fine_grained_pat": "`github_pat_11` + 20 `[A-Z0-9]` + `_` + 59 base62",
    "slack_bot_token": "`xoxb-<11–13 digits>-<13 digits>-<24 base62>`",
    "slack_user_token": "`xoxp-<d>-<d>-<d>-<32 hex>`",
    "openai_api_key": "`sk-proj-…T3BlbkFJ…`, legacy `sk-<20>T3BlbkFJ<20>`, `sk-svcacct-…`",
    "anthropic_api_key": "`sk-ant-api03-` + 93 + `AA`",
    "jwt": "base64url JSON header (HS256, or RS256 with `kid`) and payload (issuer/realm of the theme), random signature",
    "private_key_pem": "real DER structure: EC P-256 SEC1, Ed25519 PKCS#8, RSA-1024 PKCS#1 and PKCS#8 with real primes, OpenSSH `openssh-key-v1` (random key material); value = the base64 body from its first to its last character, lines joined as written (newline, newline + YAML indentation, or literal `\\n` inside JSON)",
    "password": "the password only: Spring properties, `sqlplus user/pw@`, ADO.NET `Password=…;`, Tomcat `password=\"…\"`, keytool `-srcstorepass`, WebLogic boot.properties, INI, JDBC `&password=`, prose in HU/SR/BG, server hand-over messages",
    "url_credentials": "the password part of `scheme://user:pw@host` (sftp, https, amqps, redis `:pw@`, postgresql, mongodb, smtp, http, ftp)",
    "email_address": "invented people at invented firm domains or common providers (gmail.com, freemail.hu, abv.bg, eunet.rs …)",
    "phone_number": "as written, with `+`/`00`/trunk prefix, spaces, dashes, slashes, `(0)`: HU (`+36 30 …`, `06-20-…`, `06/70-…`, `(06 1) …`, compact `+3630…`), RS (`+381 6x …`, `06x/…-…`, `011/…-…`, `+381 (0)21 …`), BG (`+359 8x …`, `08xx …`, `02/… .. ..`, `+359 (0)32 …`), DE, AT, US, RO",
    "credit_card": "Luhn-valid Visa, Mastercard (51–55, 2221/2720), Amex (15, 4-6-5), Discover, Maestro (16/19), DinaCard (9891…); plain, spaced or dashed",
    "iban": "mod-97-valid HU (with valid national 9-7-3-1 check digits), RS (with valid national mod-97 pair), BG (BIC bank code), DE, AT, HR, RO, SI; compact or grouped by 4",
    "us_ssn": "area not 000/666/9xx, group not 00, serial not 0000",
    "ipv4_address": "public only: excludes 0/8, 10/8, 100.64/10, 127/8, 169.254/16, 172.16/12, 192.0.0/24, 192.0.2/24, 192.88.99/24, 192.168/16, 198.18/15, 198.51.100/24, 203.0.113/24, multicast and 240/4",
}

KIND_ORDER = ["aws_access_key_id", "aws_secret_access_key", "github_classic_pat", "github_fine_grained_pat", "slack_bot_token",
              "slack_user_token", "openai_api_key", "anthropic_api_key", "jwt", "private_key_pem", "password", "url_credentials",
              "email_address", "phone_number", "credit_card", "iban", "us_ssn", "ipv4_address"]

BLINDNESS = """The data was written **blind to the redaction feature**. The session that wrote it opened only what the brief allows:

1. the brief `/work/briefs/data.md` and the theme given in the task;
2. `/work/.library/env/README.md`;
3. `/work/main/tests/support/data/redaction4/README.md` (for the format of this README, not its content);
4. `head -3` of `/work/main/tests/support/data/redaction4/redaction4_negatives.jsonl` and of `…/redaction4_positives.jsonl` (record format).

Nothing else under `/work/main`, no `/work/wt-*`, no other set under `/work/data`, no git command, no code or doc search tool; the
product was neither run nor installed. One deviation to record: the session's very first command, together with `cat` of the brief,
was `ls /work/briefs /work/data`, which printed the *names* of the files in `/work/briefs` and of the folders in `/work/data`
(other sets' folder names); none of those files or folders was opened or listed further.

Commands run: `cat`/`head` of the four files above; `mkdir -p /tmp/redaction78 /work/data/redaction78`; `ls -la` of the empty output
folder and later of this set's own folder; `date`; `python3 --version`; `python3` (standard library only) to write, import-test and run
`gen.py`, to render test images into `/tmp/redaction78/` (one PNG viewed with the file viewer; the JPEG viewer is not installed) and
to inspect this set's own output. Outside the brief's list of tools, and only on this set's own files: one `grep -c` and one `wc -l`
on `gen.py`, `tail`/`sed -n` on the generator's printed output, `cp` of the three outputs into `/tmp/redaction78/` for the `cmp`
comparison, and `time` around one run. Then `sha256sum`, and `cmp` between runs (plain, `PYTHONHASHSEED=0`, `PYTHONHASHSEED=123`).
The templates, the choice of hard negatives and the scanner come from general
knowledge of Slack, Java/Oracle stacks, e-government gateways and court / land-registry paperwork in Hungary, Serbia and Bulgaria;
they are not tuned against any rule set."""


def write_readme(neg, pos, sha_neg, sha_pos, redraws, dup_redraws, redraw_examples, pos_scan_miss):
    L = []
    L.append("> PLACEHOLDER")
    L.append("")
    L.append("# Held-out redaction corpus #78: hard negatives, plus a positive set — court case-management and land-registry vendor (HU / RS / BG)")
    L.append("")
    L.append("Theme: the Slack workspace of a (fictional) software vendor, *Danubit*, that builds court case-management (\"Danubit Docket\") and "
             "land-registry / cadastre systems (\"Danubit Kataszter\" / \"Katastar\") for courts and cadastre offices in Hungary, Serbia and "
             "Bulgaria. Messages carry case and docket numbers, parcel and land-register numbers, filing receipts, hearing schedules, "
             "document-management ids, e-delivery logs (Hivatali Kapu / KKSZB, eSanduče / eZUP, ССЕВ / RegiX), fees in HUF / RSD / BGN, "
             "Oracle and Java logs. Languages: Hungarian, Serbian (Cyrillic and Latin), Bulgarian and English, mixed as the channels mix them.")
    L.append("")
    L.append("## Files")
    L.append("")
    L.append("`gen.py` writes all three files next to itself using `random.Random(78 * 101)` (= `random.Random(%d)`) as its only randomness. "
             "It runs on the standard library only. Output is deterministic: two runs give byte-identical files, also under "
             "`PYTHONHASHSEED=0` and `PYTHONHASHSEED=123` (checked with `cmp`)." % SEED)
    L.append("")
    L.append("| file | lines | sha256 |")
    L.append("|---|---:|---|")
    L.append("| `redaction78_negatives.jsonl` | %d | `%s` |" % (len(neg), sha_neg))
    L.append("| `redaction78_positives.jsonl` | %d | `%s` |" % (len(pos), sha_pos))
    L.append("")
    L.append("- `redaction78_negatives.jsonl`: 600 Slack messages with **no secret and no personal data**, 100 in each of six categories, each built to trip a naive redactor.")
    L.append("- `redaction78_positives.jsonl`: %d messages holding %d labelled fake secrets / personal-data items of %d kinds (%d with one, %d with two)."
             % (len(pos), sum(len(p["secrets"]) for p in pos), len(set(s["kind"] for p in pos for s in p["secrets"])),
                sum(1 for p in pos if len(p["secrets"]) == 1), sum(1 for p in pos if len(p["secrets"]) == 2)))
    L.append("- `gen.py`: the generator, with the built-in scanner that redraws negatives. Regenerate with `python3 gen.py`.")
    L.append("")
    L.append("## How it was written (blindness record)")
    L.append("")
    L.append(BLINDNESS)
    L.append("")
    mn, mx, one, ten, twenty = line_stats([r["text"] for r in neg])
    pmn, pmx, pone, pten, ptwenty = line_stats([r["text"] for r in pos])
    L.append("Formats: prose, Markdown tables and lists, code blocks (Java, Kotlin, TypeScript, Python, SQL/PL-SQL, XML/XSD/SOAP, HTML, CSS/SCSS, "
             "Groovy, HCL), config files (.env, YAML, INI, TOML, JSON, properties), shell sessions (`kubectl`, `mvn`, `git`, `aws s3 ls`, "
             "`curl -I`, `sqlplus`, `keytool`, `openssl ts`, `kafka-consumer-groups.sh`), Java/Oracle/.NET logs and stack traces, JSON logs, "
             "CSV, ICS. About 15 % of negatives get a lead-in in one of the four languages (\"Sziasztok,\", \"Evo šta vidim:\", \"Ево лога:\", "
             "\"Колеги, ето:\", \"heads-up:\" …) and about 6 % a short trailer (\"köszi!\", \"hvala!\", \"благодаря\", \"any idea?\" …); positives get a lead-in about 8 % of the time.")
    L.append("")
    L.append("Negatives run from %d to %d lines: %d are single-line, %d have 10 or more lines, %d have 20 or more. "
             "Positives run from %d to %d lines: %d single-line, %d with 10 or more." % (mn, mx, one, ten, twenty, pmn, pmx, pone, pten))
    L.append("")
    L.append("## Record format")
    L.append("")
    L.append("Negatives: `{\"id\": \"h78n-0001\", \"text\": …, \"category\": …}`. Positives: `{\"id\": \"h78p-0001\", \"text\": …, \"secrets\": [{\"kind\": …, \"value\": …}], \"context\": …}`. "
             "Every `value` occurs verbatim in its `text` (`gen.py` asserts it). `context` is `<kind>:t<template#>` for single-secret messages, "
             "`private_key_pem:<type>:layout<n>` for PEM keys, and `multi:<name>:<n>` for the two-secret messages. Records are shuffled; ids follow file order.")
    L.append("")
    L.append("## Negative categories")
    L.append("")
    L.append("| category | texts | templates | min/max lines | what is in it |")
    L.append("|---|---:|---:|---|---|")
    for cat, tpls in CATEGORIES:
        rows = [r for r in neg if r["category"] == cat]
        used = len(set(r["_template"] for r in rows))
        a, b, _, _, _ = line_stats([r["text"] for r in rows])
        L.append("| `%s` | %d | %d | %d / %d | %s |" % (cat, len(rows), used, a, b, CAT_DESC[cat]))
    L.append("| **total** | **%d** | | | |" % len(neg))
    L.append("")
    L.append("All 600 texts are distinct. Every message in a category comes from that category's templates; some touch other categories too "
             "(a masked phone next to a stack trace, an ORA error inside a placeholder example), but the label is the main reason the message is a hard negative. "
             "No person names, e-mail addresses or phone numbers appear in the negatives.")
    L.append("")
    L.append("### Guarantees on the negatives (enforced by `gen.py`)")
    L.append("")
    L.append("`gen.py` throws away and redraws any negative in which its scanner finds any of these:")
    L.append("")
    for g in ["an e-mail address;",
              "a GitHub token shape (`gh[pousr]_` + 36, `github_pat_…`), a Slack token shape (`xox?-<digits>-…`), an `sk-…` key of 32+ characters, a three-segment `eyJ….eyJ….sig` JWT;",
              "an `AKIA`/`ASIA` key id unless it contains `EXAMPLE`; a 40-character value after an AWS secret-key name unless it contains `EXAMPLE`;",
              "a PEM private-key block with a real-looking base64 body (also after a literal `\\n`);",
              "an SSN shape `ddd-dd-dddd` that passes the SSA rules;",
              "any Luhn-valid run of 13–19 digits, plain or grouped with single spaces/dashes (every group-aligned sub-run is tested);",
              "a mod-97-valid IBAN, compact or grouped;",
              "a public IPv4 address (only private, loopback, CGNAT and RFC 5737 addresses are allowed);",
              "a URL password (`scheme://user:pw@`) that is not a placeholder (`${…}`, `<…>`, `{{…}}`, `***`, `guest`, `changeme`, `password`, `tiger` …);",
              "a `password`/`pwd`/`jelszó`/`lozinka`/`парола` `=`/`:` value of 6+ characters with letters and digits/symbols that is not a placeholder;",
              "a phone number: `+`/`00` with the country codes 36, 381, 359, 43, 49, 44, 385, 386, 40, 420, 421, 30; `+1` NANP; Hungarian `06` + valid area/mobile code; "
              "Serbian `0` + 1x/2x/3x/6x and `011/…` forms; Bulgarian `08[789]x`/`098x` and Sofia `02` forms; bare HU (20/30/31/50/70), RS (6x) and BG (87/88/89/98) mobile groupings; "
              "NANP `(NXX) NXX-XXXX` / `NXX-NXX-XXXX` with N = 2–9;",
              "a JMBG (13 digits with a valid date and check digit), an ЕГН (10 digits, valid date and check digit) or a TAJ number (3-3-3 with valid check digit) next to its name, and a Hungarian adóazonosító jel next to its name."]:
        L.append("- " + g)
    L.append("")
    L.append("Redraws while generating (scanner hits in discarded drafts, by kind): " +
             ", ".join("`%s` %d" % (k, redraws[k]) for k in sorted(redraws)) + ("; plus %d redraws for duplicate texts." % dup_redraws))
    L.append("")
    L.append("Scanner output on the final negatives: **0 findings** (`gen.py` asserts it and prints it).")
    L.append("")
    L.append("## Known ambiguities (deliberate, so decide how to score them)")
    L.append("")
    for a in [
        "**Phone-shaped numbers that are not phones.** 10-digit Hivatali Kapu filing numbers, Kafka offsets, epoch seconds, 12-digit card RRNs, "
        "`Cg.01-09-334512`-style company register numbers (2-2-6, some starting `06-`), Serbian company accounts (3-8/10/13-2), RGZ case numbers "
        "(`952-02-3-061-4418/2024`), Bulgarian sketch numbers (`15-338417-12.03.2024`) and UI-grouped transaction ids (`41 338 2291`, `4471 338 190`, `104-337-2291`) "
        "have the length and grouping of phone numbers. All are scored as negatives. Groupings that *start* like a real HU/RS/BG mobile or trunk prefix "
        "or form a valid NANP number were redrawn, so a redactor that uses prefixes, checksums or context can pass them all.",
        "**3-3-4 dashed references that are not valid NANP numbers** (`lk_nanp_like`, some `lk_phonelike_ids`): the area or exchange code starts with 0 or 1. "
        "A shape-only NANP detector will flag them.",
        "**Company ids, not personal ids.** Serbian ПИБ/МБ, Bulgarian ЕИК and `BG`+ЕИК VAT numbers, Hungarian company tax numbers `12345678-2-41` and "
        "cégjegyzékszám belong to legal persons. They are scored as negatives. A company ЕИК has 9 digits, so it cannot be an ЕГН.",
        "**Default and demo credentials.** `changeit` (JDK cacerts), `scott/tiger` (Oracle demo schema), `system/oracle` in a throwaway container, "
        "`guest:guest@localhost`, `changeme`, AWS's `…EXAMPLE…` keys: scored as negatives.",
        "**Masked values keep their last digits** (`**** **** **** 1234`, `4******1234`, `•••• 1234`, `+36 30 *** **12`, `RS35 •••• … 12`): scored as non-PII.",
        "**Random hex / base64 of key-like length** (SHA-1 certificate fingerprints, SQL_IDs, ETags, Sentry ids, XAdES digests, SOPS / Ansible Vault ciphertext, "
        "`sha512-` integrity, `x-amz-id-2`) has the shape of some vendor API keys; only context tells them apart. Base64 JSON starting with `eyJ` "
        "(source maps, pagination cursors) has no dots, so it is not a JWT.",
        "**Oracle ORA messages** such as `ORA-01017: invalid username/password; logon denied` and `ORA-28001: the password has expired` contain the word password and no value.",
        "**Positives: labels cover the secret only.** Person names next to values (signatures, refund forms, vCards, git `Author:` lines) are not labelled. "
        "In URL credentials only the password is labelled, not the user name or the host (in `multi:url_public_host:0` the public host IP is labelled separately as `ipv4_address`). "
        "A GitHub token used as URL user name (`https://ghp_…@github.com/…`) or as a `.netrc` / Maven `<password>` is labelled only as the GitHub token kind. "
        "A password given as `sqlplus user/pw@//host` is labelled `password` (it is not `scheme://`). The JDBC `&password=` case is labelled `password`.",
        "**Positive PEM values** are the base64 body from its first to its last character as written: joined by newline, by newline + YAML indentation, or by the literal two characters `\\n` inside JSON strings.",
    ]:
        L.append("- " + a)
    L.append("")
    L.append("## Positive set")
    L.append("")
    counts = {}
    for p in pos:
        for s in p["secrets"]:
            counts[s["kind"]] = counts.get(s["kind"], 0) + 1
    L.append("| kind | secrets | notes |")
    L.append("|---|---:|---|")
    for k in KIND_ORDER:
        L.append("| %s | %d | %s |" % (k, counts.get(k, 0), POS_NOTES[k]))
    L.append("| **total** | **%d** | %d texts: %d with one secret, %d with two |" % (sum(counts.values()), len(pos),
                                                                                  sum(1 for p in pos if len(p["secrets"]) == 1),
                                                                                  sum(1 for p in pos if len(p["secrets"]) == 2)))
    L.append("")
    L.append("`gen.py` re-checks on every run: Luhn for cards, mod-97 for IBANs (and the HU/RS national check digits by construction), the SSN rules, "
             "that every IPv4 is public, that each JWT's header and payload decode to JSON, that each PEM body is valid base64, the GitHub CRC32 checksum, "
             "the AWS key-id alphabet, and that every value occurs verbatim in its text.")
    L.append("")
    if pos_scan_miss:
        L.append("The negatives' scanner, run on the positives for information, misses %d of %d values: %s. That is a gap of the scanner (it is tuned to keep negatives clean), not of the labels."
                 % (len(pos_scan_miss), sum(counts.values()), ", ".join("%s (%s)" % (i, k) for i, k in pos_scan_miss)))
    else:
        L.append("The negatives' scanner, run on the positives for information, finds something in every positive message.")
    L.append("")
    L.append("## Two-secret texts")
    L.append("")
    L.append("| id | context | kinds |")
    L.append("|---|---|---|")
    for p in pos:
        if len(p["secrets"]) > 1:
            L.append("| %s | `%s` | %s |" % (p["id"], p["context"], " + ".join(s["kind"] for s in p["secrets"])))
    L.append("")
    return "\n".join(L)


def main():
    neg, redraws, dup_redraws, redraw_examples = build_negatives()
    pos = build_positives()
    check_positive_values(pos)
    final_hits = []
    for r in neg:
        h = scan(r["text"])
        if h:
            final_hits.append((r["id"], h))
    assert not final_hits, final_hits[:5]
    # informational: which positive values does the negatives' scanner not find?
    pos_scan_miss = []
    for p in pos:
        found = re.sub(r"[\s-]|\\n", "", " ".join(v for _, v in scan(p["text"])))
        for s in p["secrets"]:
            probe = re.sub(r"[\s-]|\\n", "", s["value"])[:20]
            if probe not in found:
                pos_scan_miss.append((p["id"], s["kind"]))
    neg_path = os.path.join(HERE, "redaction%d_negatives.jsonl" % N)
    pos_path = os.path.join(HERE, "redaction%d_positives.jsonl" % N)
    neg_bytes = "".join(json.dumps({"id": r["id"], "text": r["text"], "category": r["category"]}, ensure_ascii=False) + "\n"
                        for r in neg).encode("utf-8")
    pos_bytes = "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in pos).encode("utf-8")
    with open(neg_path, "wb") as f:
        f.write(neg_bytes)
    with open(pos_path, "wb") as f:
        f.write(pos_bytes)
    sha_neg = hashlib.sha256(neg_bytes).hexdigest()
    sha_pos = hashlib.sha256(pos_bytes).hexdigest()
    readme = write_readme(neg, pos, sha_neg, sha_pos, redraws, dup_redraws, redraw_examples, pos_scan_miss)
    with open(os.path.join(HERE, "README.md"), "w", encoding="utf-8", newline="\n") as f:
        f.write(readme)
    print("negatives: %d  positives: %d (%d secrets)" % (len(neg), len(pos), sum(len(p["secrets"]) for p in pos)))
    print("redraws by scanner kind:", json.dumps(redraws, sort_keys=True), " duplicate redraws:", dup_redraws)
    print("scanner findings in final negatives: %d" % len(final_hits))
    print("positives missed by the scanner (informational): %d %s" % (len(pos_scan_miss), pos_scan_miss))
    print("sha256", sha_neg, os.path.basename(neg_path))
    print("sha256", sha_pos, os.path.basename(pos_path))
    if "-v" in sys.argv:
        agg = {}
        for e in redraw_examples:
            a = agg.setdefault(e[:3], [])
            if len(a) < 4:
                a.append(e[3])
        cnt = {}
        for e in redraw_examples:
            cnt[e[:3]] = cnt.get(e[:3], 0) + 1
        for k in sorted(cnt, key=lambda x: -cnt[x]):
            print("REDRAW", cnt[k], k, agg[k])


if __name__ == "__main__":
    main()
