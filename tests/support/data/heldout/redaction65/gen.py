#!/usr/bin/env python3
"""Blind redaction test set #65: Slack of a cross-border remittance fintech
(support + payments-ops; corridors AE/PK/PH).  Standard library only.

Writes redaction65_negatives.jsonl (600 hard negatives) and
redaction65_positives.jsonl (150 texts, 170 labelled fake secrets) next to
this file.  The only randomness is random.Random(65 * 101); output is
byte-identical across runs and PYTHONHASHSEED values.
"""
import base64
import collections
import hashlib
import json
import math
import os
import random
import re
import string
import struct
import sys
import zlib

N = 65
R = random.Random(N * 101)
HERE = os.path.dirname(os.path.abspath(__file__))

UP = string.ascii_uppercase
LO = string.ascii_lowercase
DG = string.digits
B62 = string.ascii_letters + string.digits
HEX = "0123456789abcdef"
B32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"


def ch(seq):
    return R.choice(seq)


def ri(a, b):
    return R.randint(a, b)


def rs(alpha, n):
    return "".join(R.choice(alpha) for _ in range(n))


def digits(n, first_nonzero=False):
    s = rs(DG, n)
    if first_nonzero and s[0] == "0":
        s = ch("123456789") + s[1:]
    return s


# ---------------------------------------------------------------------------
# digit normalisation (Arabic-Indic and Extended Arabic-Indic / Urdu digits)
# ---------------------------------------------------------------------------
AR_DIG = "٠١٢٣٤٥٦٧٨٩"
UR_DIG = "۰۱۲۳۴۵۶۷۸۹"
_DIGMAP = {ord(c): str(i) for i, c in enumerate(AR_DIG)}
_DIGMAP.update({ord(c): str(i) for i, c in enumerate(UR_DIG)})


def norm_digits(s):
    return s.translate(_DIGMAP)


def to_ar(s):
    return "".join(AR_DIG[int(c)] if c.isdigit() and c in DG else c for c in s)


def to_ur(s):
    return "".join(UR_DIG[int(c)] if c.isdigit() and c in DG else c for c in s)


# ---------------------------------------------------------------------------
# checksums
# ---------------------------------------------------------------------------
def luhn_ok(d):
    tot = 0
    for i, c in enumerate(reversed(d)):
        n = int(c)
        if i % 2 == 1:
            n *= 2
            if n > 9:
                n -= 9
        tot += n
    return tot % 10 == 0


def luhn_complete(prefix, length):
    body = prefix + rs(DG, length - len(prefix) - 1)
    for c in DG:
        if luhn_ok(body + c):
            return body + c
    raise AssertionError


def iban_mod97(s):
    s = s.replace(" ", "").upper()
    r = s[4:] + s[:4]
    num = "".join(str(int(c, 36)) for c in r)
    return int(num) % 97


def iban_make(cc, bban):
    num = "".join(str(int(c, 36)) for c in bban + cc + "00")
    return "%s%02d%s" % (cc, 98 - int(num) % 97, bban)


IBAN_LEN = {"PK": 24, "AE": 23, "SA": 24, "GB": 22, "DE": 22, "QA": 29, "BH": 22,
            "KW": 30, "OM": 23, "FR": 27, "NL": 18, "CH": 21, "TR": 26, "EG": 29}


def group4(s):
    return " ".join(s[i:i + 4] for i in range(0, len(s), 4))


# ---------------------------------------------------------------------------
# IPv4 helpers
# ---------------------------------------------------------------------------
def ip_is_public(a, b, c, d):
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
    if a == 192 and b == 88 and c == 99:
        return False
    return True


def public_ip():
    while True:
        a, b, c, d = ri(1, 223), ri(0, 255), ri(0, 255), ri(1, 254)
        if ip_is_public(a, b, c, d):
            return "%d.%d.%d.%d" % (a, b, c, d)


def private_ip():
    k = ri(0, 2)
    if k == 0:
        return "10.%d.%d.%d" % (ri(0, 255), ri(0, 255), ri(1, 254))
    if k == 1:
        return "172.%d.%d.%d" % (ri(16, 31), ri(0, 255), ri(1, 254))
    return "192.168.%d.%d" % (ri(0, 255), ri(1, 254))


def doc_ip():
    return ch(["192.0.2.", "198.51.100.", "203.0.113."]) + str(ri(1, 254))


# ---------------------------------------------------------------------------
# scanner (used to redraw negatives and to check that positives hold no
# unlabelled secret)
# ---------------------------------------------------------------------------
RE_EMAIL = re.compile(r"[A-Za-z0-9._%+\-]+@[A-Za-z0-9\-]+(?:\.[A-Za-z0-9\-]+)*\.[A-Za-z]{2,}")
RE_GH = re.compile(r"gh[pousr]_[A-Za-z0-9]{36}|github_pat_[A-Za-z0-9_]{40,}")
RE_SLACK = re.compile(r"xox[abposre]-\d+-[A-Za-z0-9\-]+")
RE_SK = re.compile(r"sk-[A-Za-z0-9_\-]{32,}")
RE_JWT = re.compile(r"eyJ[A-Za-z0-9_\-]+\.eyJ[A-Za-z0-9_\-]+\.[A-Za-z0-9_\-]+")
RE_SSN = re.compile(r"(?<![\d\-])\d{3}-\d{2}-\d{4}(?![\d\-])")
RE_AKIA = re.compile(r"(?<![A-Z0-9])(?:AKIA|ASIA)[A-Z0-9]{16}(?![A-Z0-9])")
RE_PEM = re.compile(r"-----BEGIN ([A-Z ]*)PRIVATE KEY-----(.*?)-----END", re.S)
RE_IBAN = re.compile(r"(?<![A-Z0-9])([A-Z]{2}\d{2}(?: ?[A-Z0-9]{1,4}){2,8})")
RE_IPV4 = re.compile(r"(?<![\d.])(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})(?![\d]|\.\d)")
RE_URLCRED = re.compile(r"[a-zA-Z][a-zA-Z0-9+.\-]*://([^\s:/@\"'<>]*):([^\s@/\"'<>]+)@")
RE_DIGRUN = re.compile(r"(?<![\d])\d+(?:[ \-]\d+)*")
RE_PHONECAND = re.compile(r"(?<![\w.])(?:\+|00)?\(?\d[\d \-().]{6,22}\d(?![\w])")
RE_NANP_SHAPE = re.compile(r"(?:\+?1[ \-.]?)?\(?[2-9]\d{2}\)?[ \-.]?\d{3}[ \-.]\d{4}")
PLACEHOLDER_PW = re.compile(
    r"^(?:<[^>]*>|\$\{[^}]*\}|\$\w+|\{\{.*\}\}|%\w+%|\*+|[xX]+|\.\.\.|…|password|pass|passwd|"
    r"changeme|guest|admin|root|secret|test|pw|PASSWORD|USER|user|REDACTED|\[REDACTED\])$")
PHONE_PATTERNS = [
    re.compile(r"(?:0|63|0063)9\d{9}"),              # PH mobile
    re.compile(r"(?:0|63|0063)2[78]\d{7}"),          # PH Metro Manila landline
    re.compile(r"(?:0|92|0092)3[0-4]\d{8}"),         # PK mobile
    re.compile(r"(?:0|92|0092)(?:21|42|51|41|61|91)\d{7,8}"),  # PK landline
    re.compile(r"(?:0|971|00971)5[024568]\d{7}"),    # UAE mobile
    re.compile(r"(?:0|971|00971)[234679]\d{7}"),     # UAE landline
    re.compile(r"(?:0|966|00966)5\d{8}"),            # KSA mobile
    re.compile(r"1?[2-9]\d{2}[2-9]\d{6}"),           # NANP (only when written with separators)
]


def scan(text):
    """Return a list of (kind, match) the sanity scanner finds."""
    t = norm_digits(text)
    hits = []
    for m in RE_EMAIL.finditer(t):
        hits.append(("email", m.group(0)))
    for m in RE_GH.finditer(t):
        body = m.group(0).split("_", 1)[1]
        if len(set(body.replace("pat_", "").replace("_", ""))) > 1:  # all-x placeholders are allowed
            hits.append(("github", m.group(0)))
    for m in RE_SLACK.finditer(t):
        if not re.search(r"-X{8,}$", m.group(0)):  # Slack's documented all-zero / all-X sample
            hits.append(("slack", m.group(0)))
    for m in RE_SK.finditer(t):
        hits.append(("sk_key", m.group(0)))
    for m in RE_JWT.finditer(t):
        hits.append(("jwt", m.group(0)))
    for m in RE_SSN.finditer(t):
        hits.append(("ssn", m.group(0)))
    for m in RE_AKIA.finditer(t):
        if "EXAMPLE" not in m.group(0):
            hits.append(("aws_key_id", m.group(0)))
    for m in RE_PEM.finditer(t):
        body = re.sub(r"[^A-Za-z0-9+/=]", "", m.group(2).replace("\\n", ""))
        if len(body) >= 40 and "..." not in m.group(2) and "…" not in m.group(2):
            hits.append(("pem", m.group(1) + "PRIVATE KEY"))
    for m in RE_IBAN.finditer(t):
        raw = m.group(1).replace(" ", "")
        cc = raw[:2]
        cands = [raw[:IBAN_LEN[cc]]] if cc in IBAN_LEN and len(raw) >= IBAN_LEN[cc] else []
        if cc not in IBAN_LEN and 15 <= len(raw) <= 34:
            cands.append(raw)
        for c in cands:
            if c[2:4].isdigit() and iban_mod97(c) == 1:
                hits.append(("iban", c))
    for m in RE_IPV4.finditer(t):
        parts = [int(x) for x in m.groups()]
        if all(p <= 255 for p in parts) and ip_is_public(*parts):
            hits.append(("public_ipv4", m.group(0)))
    for m in RE_URLCRED.finditer(t):
        if not PLACEHOLDER_PW.match(m.group(2)):
            hits.append(("url_cred", m.group(2)))
    # Luhn on 13-19 digit runs, plain or grouped with single spaces/dashes
    for m in RE_DIGRUN.finditer(t):
        groups = re.split(r"[ \-]", m.group(0))
        for i in range(len(groups)):
            acc = ""
            for j in range(i, len(groups)):
                acc += groups[j]
                if len(acc) > 19:
                    break
                if 13 <= len(acc) <= 19 and luhn_ok(acc) and acc.strip("0"):
                    hits.append(("luhn", acc))
    # phone numbers of the corridor countries (+ KSA, NANP)
    for m in RE_PHONECAND.finditer(t):
        s = m.group(0)
        d = re.sub(r"\D", "", s)
        for k, p in enumerate(PHONE_PATTERNS):
            if k == 7 and not RE_NANP_SHAPE.fullmatch(s.strip()):
                continue
            if p.fullmatch(d):
                hits.append(("phone", s.strip()))
                break
    for m in re.finditer(r"(?<!\d)\d{10,13}(?!\d)", t):
        d = m.group(0)
        for p in PHONE_PATTERNS[:7]:
            if p.fullmatch(d):
                hits.append(("phone", d))
                break
    return hits


# ---------------------------------------------------------------------------
# fake-but-well-formed secret generators
# ---------------------------------------------------------------------------
PH_MOBILE_PFX = ["905", "906", "915", "916", "917", "926", "927", "935", "936", "945", "953",
                 "955", "956", "965", "966", "967", "975", "977", "995", "997", "908", "918",
                 "919", "920", "921", "928", "929", "939", "947", "949", "951", "961", "998",
                 "999", "922", "923", "925", "932", "933", "942", "943", "973", "974"]
PK_MOBILE_PFX = ["300", "301", "302", "303", "304", "305", "306", "307", "308", "309", "310",
                 "311", "312", "313", "314", "315", "320", "321", "322", "323", "331", "332",
                 "333", "334", "335", "336", "340", "341", "342", "343", "344", "345", "346", "347"]
AE_MOBILE_PFX = ["50", "52", "54", "55", "56", "58"]


def sub7():
    return ch("23456789") + digits(6)


def ph_mobile(style=None):
    p, s = ch(PH_MOBILE_PFX), sub7()
    style = style if style is not None else ri(0, 5)
    return [
        "0%s %s %s" % (p, s[:3], s[3:]),
        "+63 %s %s %s" % (p, s[:3], s[3:]),
        "0%s%s" % (p, s),
        "+63%s%s" % (p, s),
        "0%s-%s-%s" % (p, s[:3], s[3:]),
        "(0%s) %s %s" % (p, s[:3], s[3:]),
    ][style]


def ph_landline():
    s = "8" + digits(7)
    return ch(["(02) %s %s" % (s[:4], s[4:]), "+63 2 %s %s" % (s[:4], s[4:]), "02-%s-%s" % (s[:4], s[4:])])


def pk_mobile(style=None):
    p, s = ch(PK_MOBILE_PFX), sub7()
    style = style if style is not None else ri(0, 4)
    return [
        "0%s %s" % (p, s),
        "0%s-%s" % (p, s),
        "+92 %s %s" % (p, s),
        "+92%s%s" % (p, s),
        "0%s%s" % (p, s),
    ][style]


def pk_landline():
    code = ch(["42", "21"])
    s = "3" + digits(7)
    return ch(["0%s-%s" % (code, s), "+92 %s %s" % (code, s), "(0%s) %s %s" % (code, s[:4], s[4:])])


def ae_mobile(style=None):
    p, s = ch(AE_MOBILE_PFX), sub7()
    style = style if style is not None else ri(0, 4)
    return [
        "0%s %s %s" % (p, s[:3], s[3:]),
        "+971 %s %s %s" % (p, s[:3], s[3:]),
        "+971%s%s" % (p, s),
        "0%s%s" % (p, s),
        "0%s-%s-%s" % (p, s[:3], s[3:]),
    ][style]


def ae_landline():
    area = ch(["4", "2", "6"])
    s = ch("2345678") + digits(6)
    return ch(["0%s %s %s" % (area, s[:3], s[3:]), "+971 %s %s %s" % (area, s[:3], s[3:])])


def sa_mobile():
    s = ch("0345") + digits(7)
    return ch(["+966 5%s %s %s" % (s[0], s[1:4], s[4:]), "05%s %s %s" % (s[0], s[1:4], s[4:])])


def us_phone():
    area = ch(["213", "310", "415", "646", "718", "312", "713", "206", "702", "808", "916", "619"])
    ex = ch("23456789") + ch("0123456789") + ch("0123456789")
    while ex[1:] == "11" or ex == "555":
        ex = ch("23456789") + ch("0123456789") + ch("0123456789")
    ln = digits(4)
    return ch(["+1 (%s) %s-%s" % (area, ex, ln), "(%s) %s-%s" % (area, ex, ln), "+1 %s-%s-%s" % (area, ex, ln)])


def card(net=None):
    net = net or ch(["visa", "visa", "mc", "mc", "amex", "discover", "jcb"])
    if net == "visa":
        return luhn_complete("4" + digits(5), 16), net
    if net == "mc":
        pre = ch([str(ri(51, 55)), str(ri(2221, 2720))])
        return luhn_complete(pre, 16), net
    if net == "amex":
        return luhn_complete(ch(["34", "37"]), 15), net
    if net == "discover":
        return luhn_complete(ch(["6011", "65"]), 16), net
    return luhn_complete("35" + str(ri(28, 89)), 16), net


def fmt_card(num, style):
    if style == "plain":
        return num
    if len(num) == 15:
        parts = [num[:4], num[4:10], num[10:]]
    else:
        parts = [num[i:i + 4] for i in range(0, 16, 4)]
    return (" " if style == "space" else "-").join(parts)


PK_BANKS = ["HABB", "MUCB", "UNIL", "ALFH", "MEZN", "BAHL", "ABPA", "NBPA", "SCBL", "FAYS", "BKIP", "SONE"]
AE_BANKS = ["033", "026", "035", "030", "040", "044", "050", "021", "020"]
GB_BANKS = ["NWBK", "BARC", "LOYD", "HBUK", "MIDL"]


def iban(cc):
    if cc == "PK":
        bban = ch(PK_BANKS) + digits(16)
    elif cc == "AE":
        bban = ch(AE_BANKS) + digits(16)
    elif cc == "SA":
        bban = ch(["80", "10", "20", "45", "55", "60", "05"]) + digits(18)
    elif cc == "GB":
        bban = ch(GB_BANKS) + digits(6) + digits(8)
    else:
        raise ValueError(cc)
    v = iban_make(cc, bban)
    assert iban_mod97(v) == 1 and len(v) == IBAN_LEN[cc]
    return v


def ssn(style="dash"):
    while True:
        a = ri(1, 899)
        if a != 666:
            break
    g, s = ri(1, 99), ri(1, 9999)
    if style == "dash":
        return "%03d-%02d-%04d" % (a, g, s)
    return "%03d %02d %04d" % (a, g, s)


def ssn_ok(v):
    d = re.sub(r"\D", "", v)
    a, g, s = int(d[:3]), int(d[3:5]), int(d[5:])
    return len(d) == 9 and a not in (0, 666) and a < 900 and g != 0 and s != 0


def b62enc(n, width):
    out = ""
    while n:
        n, r = divmod(n, 62)
        out = B62[r] + out
    return out.rjust(width, "0")[-width:]


def ghp():
    body = rs(B62, 30)
    return "ghp_" + body + b62enc(zlib.crc32(body.encode()) & 0xffffffff, 6)


def github_pat():
    return "github_pat_11" + rs(UP + DG, 20) + "_" + rs(B62, 59)


def xoxb():
    return "xoxb-%s-%s-%s" % (digits(ri(10, 12), True), digits(13, True), rs(B62, 24))


def xoxp():
    return "xoxp-%s-%s-%s-%s" % (digits(ri(10, 12), True), digits(ri(10, 13), True), digits(13, True), rs(HEX, 32))


def openai_key():
    k = ri(0, 2)
    if k == 0:
        return "sk-proj-" + rs(B62 + "_-", 74) + "T3BlbkFJ" + rs(B62 + "_-", 74)
    if k == 1:
        return "sk-" + rs(B62, 20) + "T3BlbkFJ" + rs(B62, 20)
    return "sk-svcacct-" + rs(B62 + "_-", 74) + "T3BlbkFJ" + rs(B62 + "_-", 74)


def anthropic_key():
    return "sk-ant-api03-" + rs(B62 + "_-", 93) + "AA"


def akid():
    return "AKIA" + rs(B32, 16)


def aws_secret():
    return rs(B62 + "/+", 40)


def b64url(b):
    return base64.urlsafe_b64encode(b).rstrip(b"=").decode()


def jwt():
    now = 1761000000 + ri(0, 4000000)
    if ri(0, 1):
        hdr = {"alg": "HS256", "typ": "JWT"}
        sig = R.getrandbits(256).to_bytes(32, "big")
    else:
        hdr = {"alg": "RS256", "typ": "JWT", "kid": rs(HEX, 16)}
        sig = R.getrandbits(2048).to_bytes(256, "big")
    pl = ch([
        {"iss": "https://auth.tulayremit.com", "sub": "partner:" + ch(["gcash-payout", "jazzcash-disb", "easypaisa-disb", "alansari-cashpickup", "maya-payout"]),
         "aud": "payout-api", "scope": "payout:create payout:read", "iat": now, "exp": now + 3600},
        {"iss": "tulay-ops-console", "sub": "svc-recon", "role": "ops_l2", "corridor": ch(["AE-PH", "AE-PK", "SA-PK"]),
         "iat": now, "exp": now + 900, "jti": rs(HEX, 32)},
        {"sub": "agent:" + ch(["DXB", "SHJ", "AUH"]) + "-" + digits(4), "scope": ["quote:read", "transfer:create"],
         "iat": now, "exp": now + 28800},
    ])
    return "%s.%s.%s" % (b64url(json.dumps(hdr, separators=(",", ":")).encode()),
                         b64url(json.dumps(pl, separators=(",", ":")).encode()), b64url(sig))


def jwt_ok(v):
    h, p, _ = v.split(".")
    for part in (h, p):
        json.loads(base64.urlsafe_b64decode(part + "=" * (-len(part) % 4)))
    return True


# --- PEM with real DER structure, random key material ----------------------
def der_len(n):
    if n < 128:
        return bytes([n])
    b = n.to_bytes((n.bit_length() + 7) // 8, "big")
    return bytes([0x80 | len(b)]) + b


def der(tag, body):
    return bytes([tag]) + der_len(len(body)) + body


def der_int(n):
    b = n.to_bytes(max(1, (n.bit_length() + 7) // 8), "big")
    if b[0] & 0x80:
        b = b"\x00" + b
    return der(0x02, b)


def pem_ec():
    priv = R.getrandbits(256).to_bytes(32, "big")
    pub = b"\x04" + R.getrandbits(512).to_bytes(64, "big")
    body = der_int(1) + der(0x04, priv) + der(0xA0, bytes.fromhex("06082a8648ce3d030107")) + der(0xA1, der(0x03, b"\x00" + pub))
    return "EC PRIVATE KEY", der(0x30, body), 64


def pem_ed25519():
    priv = R.getrandbits(256).to_bytes(32, "big")
    return "PRIVATE KEY", bytes.fromhex("302e020100300506032b657004220420") + priv, 64


def pem_rsa(bits=2048):
    def rnd(nb, odd=True):
        v = R.getrandbits(nb) | (1 << (nb - 1))
        return v | 1 if odd else v
    n, d = rnd(bits), rnd(bits - 4)
    p, q = rnd(bits // 2), rnd(bits // 2)
    dp, dq, qi = rnd(bits // 2 - 2), rnd(bits // 2 - 2), rnd(bits // 2 - 3)
    body = b"".join(der_int(x) for x in (0, n, 65537, d, p, q, dp, dq, qi))
    return "RSA PRIVATE KEY", der(0x30, body), 64


def pem_openssh():
    def sstr(b):
        return struct.pack(">I", len(b)) + b
    pub = R.getrandbits(256).to_bytes(32, "big")
    priv = R.getrandbits(256).to_bytes(32, "big")
    pubblob = sstr(b"ssh-ed25519") + sstr(pub)
    chk = R.getrandbits(32)
    comment = ch([b"deploy@sftp-bridge", b"settlement-uploader", b"payops-jumpbox", b"recon-batch"])
    pb = struct.pack(">II", chk, chk) + sstr(b"ssh-ed25519") + sstr(pub) + sstr(priv + pub) + sstr(comment)
    i = 1
    while len(pb) % 8:
        pb += bytes([i])
        i += 1
    blob = b"openssh-key-v1\x00" + sstr(b"none") + sstr(b"none") + sstr(b"") + struct.pack(">I", 1) + sstr(pubblob) + sstr(pb)
    return "OPENSSH PRIVATE KEY", blob, 70


def pem_lines(kind):
    label, blob, width = {"ec": pem_ec, "ed25519": pem_ed25519, "rsa": pem_rsa, "openssh": pem_openssh}[kind]()
    b = base64.b64encode(blob).decode()
    return label, [b[i:i + width] for i in range(0, len(b), width)]


# ---------------------------------------------------------------------------
# theme fillers (safe: none of them is a secret or personal data)
# ---------------------------------------------------------------------------
def date8():
    return "2025%02d%02d" % (ri(7, 12), ri(1, 28))


def iso_date():
    return "2025-%02d-%02d" % (ri(7, 12), ri(1, 28))


def hhmm():
    return "%02d:%02d" % (ri(0, 23), ri(0, 59))


def tr_ref():
    return ch(["TLY-%s-%s" % (date8(), rs(UP + DG, 6)), "TR%s%s" % (date8()[2:], rs(UP + DG, 5)),
               "TLY%s" % rs("ABCDEFGHJKLMNPQRSTUVWXYZ23456789", 9)])


def kyc_case():
    return ch(["KYC-%s-%s" % (ch(["PH", "PK", "AE"]), digits(6, True)), "CASE-%s" % digits(7, True),
               "KYC#%s" % digits(5, True)])


def agent_code():
    return ch(["AGT-DXB-", "AGT-SHJ-", "AGT-AUH-", "AGT-AJM-", "PK-LHR-A", "PK-KHI-A", "PH-MNL-", "PH-CEB-"]) + digits(4)


def ticket():
    return ch(["#%s" % digits(6, True), "ZD-%s" % digits(6, True), "PAYOPS-%d" % ri(100, 4999), "OPS-%d" % ri(100, 9999)])


def jazz_tid():
    return "T%s%s" % (date8(), digits(6))


def php_amt():
    return "PHP %s.%02d" % (format(ri(1000, 150000), ","), ri(0, 99))


def aed_amt():
    return "AED %s.%02d" % (format(ri(100, 20000), ","), ri(0, 99))


def lakh(n):
    s = str(n)
    if len(s) <= 3:
        return s
    head, tail = s[:-3], s[-3:]
    parts = []
    while len(head) > 2:
        parts.insert(0, head[-2:])
        head = head[:-2]
    if head:
        parts.insert(0, head)
    return ",".join(parts + [tail])


def pkr_amt():
    return "Rs. %s" % lakh(ri(5000, 2500000))


def rate(pair):
    base = {"AED/PHP": 15.8, "AED/PKR": 76.3, "USD/PKR": 280.5, "USD/PHP": 58.2, "SAR/PKR": 74.8, "SAR/PHP": 15.5}[pair]
    return "%.4f" % (base + (ri(-300, 300) / 1000.0))


PARTNERS_PH = ["GCash", "Maya", "BDO", "BPI", "Cebuana Lhuillier", "M Lhuillier", "Palawan Express", "InstaPay", "PESONet", "Metrobank", "Landbank"]
PARTNERS_PK = ["JazzCash", "Easypaisa", "HBL", "Meezan Bank", "UBL", "MCB", "Bank Alfalah", "Raast", "1LINK", "Allied Bank"]
PARTNERS_AE = ["Al Ansari Exchange", "Emirates NBD", "Mashreq", "FAB", "ADCB", "Lulu Exchange", "Al Fardan"]
BICS = ["BOPIPHMM", "BNORPHMM", "MBTCPHMM", "TLBPPHMM", "RCBCPHMM", "HABBPKKA", "MUCBPKKA", "UNILPKKA",
        "MEZNPKKA", "ALFHPKKA", "EBILAEAD", "BOMLAEAD", "NBADAEAA", "ADCBAEAA"]
CORRIDORS = ["AE→PH", "AE→PK", "SA→PK", "SA→PH", "US→PH", "GB→PK"]

LEAD_POS = ["FYI ", "Heads up: ", "Paki-check po: ", "Bhai dekhna zara: ", "ذرا دیکھیں: ", "للعلم: ",
            "@payops-oncall ", "Guys, ", "Team — ", "urgent: ", "Update: ", "Pakitingnan: "]
TRAIL_POS = ["\nsalamat po", "\nthanks", "\nshukriya bhai", "\nشكراً", "\nthx 🙏", "\nplease delete after", "\nجزاک اللہ",
             "\npaki-delete after ma-copy", "\nok na ba?", "\nشکریہ"]
LEAD_NEG = ["FYI: ", "Heads up — ", "Paki-check: ", "Update: ", "Note: ", "للعلم: ", "نوٹ: ", "Bhai, ", "Team, ",
            "re: standup — ", "@payops ", "Quick one: ", "Pakitingnan po: ", "ملاحظة: "]
TRAIL_NEG = ["\nsalamat!", "\n+1", "\nthx", "\nshukriya", "\nشكراً", "\nok noted", "\nack 👍", "\nشکریہ",
             "\nnoted po", "\nلا شكر على واجب", "\ntheek hai"]


# ---------------------------------------------------------------------------
# real binary payloads for data URIs
# ---------------------------------------------------------------------------
def png_bytes(w, h, pix, gray=False):
    raw = bytearray()
    for y in range(h):
        raw.append(0)
        for x in range(w):
            c = pix(x, y)
            raw += bytes([c]) if gray else bytes(c)
    def chunk(t, d):
        return struct.pack(">I", len(d)) + t + d + struct.pack(">I", zlib.crc32(t + d) & 0xffffffff)
    ihdr = struct.pack(">IIBBBBB", w, h, 8, 0 if gray else 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + chunk(b"IDAT", zlib.compress(bytes(raw), 9)) + chunk(b"IEND", b"")


def png_solid():
    c = (ri(0, 255), ri(0, 255), ri(0, 255))
    s = ch([1, 1, 2, 4, 8])
    return png_bytes(s, s, lambda x, y: c)


def png_qr():
    n = 21
    bits = [[R.getrandbits(1) for _ in range(n)] for _ in range(n)]
    for oy, ox in ((0, 0), (0, n - 7), (n - 7, 0)):
        for y in range(7):
            for x in range(7):
                ring = max(abs(x - 3), abs(y - 3))
                bits[oy + y][ox + x] = 1 if ring in (0, 1, 3) else 0
    sc = 2
    return png_bytes(n * sc, n * sc, lambda x, y: 0 if bits[y // sc][x // sc] else 255, gray=True)


def png_bars():
    cols = [(ri(0, 255), ri(0, 255), ri(0, 255)) for _ in range(4)]
    return png_bytes(16, 8, lambda x, y: cols[x // 4] if y >= 8 - (x % 4) * 2 else (255, 255, 255))


def gif_1x1():
    return (b"GIF89a\x01\x00\x01\x00\x80\x00\x00" + bytes([ri(0, 255), ri(0, 255), ri(0, 255)]) + b"\xff\xff\xff"
            + b"!\xf9\x04\x01\x00\x00\x00\x00,\x00\x00\x00\x00\x01\x00\x01\x00\x00\x02\x02D\x01\x00;")


STD_Q = [16, 11, 10, 16, 24, 40, 51, 61, 12, 12, 14, 19, 26, 58, 60, 55, 14, 13, 16, 24, 40, 57, 69, 56, 14, 17, 22, 29,
         51, 87, 80, 62, 18, 22, 37, 56, 68, 109, 103, 77, 24, 35, 55, 64, 81, 104, 113, 92, 49, 64, 78, 87, 103, 121,
         120, 101, 72, 92, 95, 98, 112, 100, 103, 99]


def jpeg_head():
    q = ri(50, 95)
    sc = 5000 // q if q < 50 else 200 - 2 * q
    tbl = bytes(max(1, min(255, (v * sc + 50) // 100)) for v in STD_Q)
    w, h = ch([(96, 96), (128, 128), (320, 180), (640, 400)])
    return (b"\xff\xd8\xff\xe0\x00\x10JFIF\x00\x01\x01\x00\x00\x01\x00\x01\x00\x00"
            + b"\xff\xdb\x00\x43\x00" + tbl
            + b"\xff\xc0\x00\x11\x08" + struct.pack(">HH", h, w) + b"\x03\x01\x22\x00\x02\x11\x01\x03\x11\x01")


def pdf_receipt():
    title = ch(["Transfer receipt", "Payout advice", "Settlement summary", "Remittance acknowledgement"])
    stream = ("BT /F1 12 Tf 72 720 Td (%s) Tj 0 -16 Td (Corridor %s) Tj ET" % (title, ch(["AE-PH", "AE-PK", "SA-PK"]))).encode()
    objs = [b"<< /Type /Catalog /Pages 2 0 R >>", b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
            b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
            b"<< /Length %d >>\nstream\n" % len(stream) + stream + b"\nendstream",
            b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>"]
    out = b"%PDF-1.4\n"
    offs = []
    for i, o in enumerate(objs, 1):
        offs.append(len(out))
        out += b"%d 0 obj\n" % i + o + b"\nendobj\n"
    x = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objs) + 1)
    for o in offs:
        out += b"%010d 00000 n \n" % o
    out += b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (len(objs) + 1, x)
    return out


def wav_beep():
    rate_hz, n = 8000, ri(80, 200)
    f = ch([440, 660, 880, 1000])
    data = bytes(int(128 + 60 * math.sin(2 * math.pi * f * i / rate_hz)) for i in range(n))
    return (b"RIFF" + struct.pack("<I", 36 + len(data)) + b"WAVEfmt " + struct.pack("<IHHIIHH", 16, 1, 1, rate_hz, rate_hz, 1, 8)
            + b"data" + struct.pack("<I", len(data)) + data)


def woff2_head():
    return (b"wOF2" + struct.pack(">IIHHIIIHHIIIII", 0x00010000, ri(20000, 90000), ri(10, 18), 0, ri(40000, 200000),
                                  ri(15000, 80000), 0, 1, 0, 0, 0, 0, 0, 0) + bytes(R.getrandbits(8) for _ in range(24)))


def svg_icon():
    col = "#%06x" % R.getrandbits(24)
    shape = ch(['<circle cx="12" cy="12" r="10" fill="%s"/>' % col,
                '<rect x="3" y="3" width="18" height="18" rx="4" fill="%s"/>' % col,
                '<path d="M4 12l5 5L20 6" stroke="%s" stroke-width="2" fill="none"/>' % col,
                '<path d="M12 2l3 7h7l-6 4 2 7-6-4-6 4 2-7-6-4h7z" fill="%s"/>' % col])
    return '<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24">%s</svg>' % shape


WEBP_1X1 = "UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA=="


def b64(b):
    return base64.b64encode(b).decode()


def trunc(s, keep=None):
    keep = keep or ri(60, 120)
    if len(s) <= keep:
        return s
    return s[:keep] + ch(["…", "...", "…[%d more chars]" % (len(s) - keep), "... (truncated)"])


def srcmap(name):
    m = {"version": 3, "file": name + ".js", "sources": ["../src/%s.tsx" % name, "../src/lib/fx.ts"],
         "names": ["mask", "rate", "quote"], "mappings": ";;AAAA," + rs("ABCDEFGIKMOQSUWYacegikmoqsuwy", ri(30, 60))}
    return b64(json.dumps(m, separators=(",", ":")).encode())


def uri_any():
    k = ri(0, 8)
    if k == 0:
        return "data:image/png;base64," + b64(png_solid())
    if k == 1:
        return "data:image/png;base64," + b64(png_qr())
    if k == 2:
        return "data:image/gif;base64," + b64(gif_1x1())
    if k == 3:
        return "data:image/png;base64," + b64(png_bars())
    if k == 4:
        return "data:image/svg+xml;base64," + b64(svg_icon().encode())
    if k == 5:
        return "data:image/webp;base64," + WEBP_1X1
    if k == 6:
        return "data:image/jpeg;base64," + b64(jpeg_head()) + "…"
    if k == 7:
        return "data:audio/wav;base64," + b64(wav_beep())
    return "data:application/pdf;base64," + b64(pdf_receipt())


# ---------------------------------------------------------------------------
# NEGATIVES
# ---------------------------------------------------------------------------
def neg_data_uri():
    k = ri(0, 23)
    p = ch(PARTNERS_PH + PARTNERS_PK + PARTNERS_AE)
    if k == 0:
        return ('Receipt email template (EN/Urdu) — logo is inline now so Gmail stops blocking it:\n```html\n<td class="hdr">\n  <img alt="Tulay" width="%d" src="data:image/png;base64,%s">\n  <span dir="rtl">آپ کی رقم بھیج دی گئی ہے</span>\n</td>\n```'
                % (ri(24, 96), b64(png_solid())))
    if k == 1:
        return ("QR Ph sample para sa cash-pickup slip (dummy lang, walang laman na account):\n![qr](data:image/png;base64,%s)" % b64(png_qr()))
    if k == 2:
        return ("Raast QR preview sa app ay blank sa Android 10. Ito yung src na nirerender:\n`data:image/png;base64,%s`\nmukhang valid naman yung PNG, baka sa WebView lang" % b64(png_qr()))
    if k == 3:
        return ("```css\n.partner-badge--%s {\n  background-image: url(\"data:image/svg+xml;base64,%s\");\n  background-size: 16px 16px;\n}\n```"
                % (ch(["gcash", "jazzcash", "easypaisa", "maya", "alansari"]), b64(svg_icon().encode())))
    if k == 4:
        return ("Urdu Nastaliq font inline kar diya receipt PDF generator mein:\n```css\n@font-face {\n  font-family: \"NotoNastaliqUrdu\";\n  src: url(data:font/woff2;base64,%s) format(\"woff2\");\n}\n```"
                % trunc(b64(woff2_head()), 70))
    if k == 5:
        return ("Webhook payload from %s includes the receipt as a data URI, ang laki tuloy ng log line:\n```json\n{\"event\":\"payout.completed\",\"ref\":\"%s\",\"receipt_pdf\":\"data:application/pdf;base64,%s\"}\n```"
                % (p, tr_ref(), trunc(b64(pdf_receipt()), ri(80, 160))))
    if k == 6:
        return ("IVR beep for the OTP call flow (voice OTP fallback for Pakistan numbers) — 8kHz mono:\n```\ndata:audio/wav;base64,%s\n```" % b64(wav_beep()))
    if k == 7:
        return ("CSP is blocking the tracking pixel on the Arabic landing page:\n```\nRefused to load the image 'data:image/gif;base64,%s' because it violates the following Content Security Policy directive: \"img-src 'self' https://cdn.tulayremit.com\".\n```" % b64(gif_1x1()))
    if k == 8:
        return ("```tsx\n<Image\n  src={corridorFlag}\n  placeholder=\"blur\"\n  blurDataURL=\"data:image/png;base64,%s\"\n  alt=\"%s\"\n/>\n```" % (b64(png_solid()), ch(CORRIDORS)))
    if k == 9:
        return ("Jupyter cell na may FX chart (AED/PHP last 30 days), naka-embed yung output:\n```json\n\"outputs\": [{\"output_type\": \"display_data\", \"data\": {\"image/png\": \"%s\", \"text/plain\": [\"<Figure size 640x480 with 1 Axes>\"]}}]\n```" % b64(png_bars()))
    if k == 10:
        return ("`echo '%s' | base64 -d > jazzcash_logo.png` — yan yung galing sa partner kit nila, 1 pixel lang pala lol" % b64(png_solid()))
    if k == 11:
        return ("React Native: `<Image source={{ uri: 'data:image/png;base64,%s' }} style={styles.walletIcon} />` — GCash icon placeholder habang nilo-load" % b64(png_solid()))
    if k == 12:
        return ("sourcemap ng kyc-upload bundle is inline pa rin sa prod build:\n```\n//# sourceMappingURL=data:application/json;charset=utf-8;base64,%s\n```\npaki-disable sa next.config" % srcmap(ch(["kyc-upload", "otp-input", "quote-widget"])))
    if k == 13:
        return ("Agent portal favicon (webp) — `<link rel=\"icon\" href=\"data:image/webp;base64,%s\">`\nمالی ٹیم نے کہا ہے لوگو تبدیل نہیں ہوگا" % WEBP_1X1)
    if k == 14:
        return ("اسکرین شاٹ کا پیش نظارہ (JPEG header only, پوری فائل ٹکٹ %s میں ہے):\n`data:image/jpeg;base64,%s…`" % (ticket(), b64(jpeg_head())))
    if k == 15:
        return ("HAR export from the failed cash-pickup page (%s), first entry:\n```\n{\"request\":{\"method\":\"GET\",\"url\":\"data:image/svg+xml;base64,%s\"},\"response\":{\"status\":200,\"content\":{\"size\":%d,\"mimeType\":\"image/svg+xml\"}}}\n```"
                % (p, b64(svg_icon().encode()), ri(180, 260)))
    if k == 16:
        return ("Python fixture for the receipt renderer tests:\n```python\nTINY_PNG = (\n    \"data:image/png;base64,\"\n    \"%s\"\n)\n\ndef test_receipt_has_logo(render):\n    assert TINY_PNG in render(corridor=\"%s\")\n```" % (b64(png_solid()), ch(["AE-PH", "AE-PK"])))
    if k == 17:
        return ("Markdown sa runbook (status icons):\n- ✅ settled ![ok](data:image/svg+xml;base64,%s)\n- ⏳ pending ![wait](data:image/gif;base64,%s)" % (b64(svg_icon().encode()), b64(gif_1x1())))
    if k == 18:
        return ("SVG na percent-encoded para sa Arabic RTL arrow:\n`background: url(\"data:image/svg+xml,%%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 24 24'%%3E%%3Cpath d='M15 6l-6 6 6 6' stroke='%%23%06x' fill='none'/%%3E%%3C/svg%%3E\")`" % R.getrandbits(24))
    if k == 19:
        return ("Kotlin test for the PDF receipt (AE→PK):\n```kotlin\nprivate val receiptUri =\n    \"data:application/pdf;base64,%s\"\n\n@Test fun `renders urdu footer`() = assertTrue(receiptUri.startsWith(\"data:application/pdf\"))\n```" % trunc(b64(pdf_receipt()), ri(90, 200)))
    if k == 20:
        return ("شعار الشريك في قالب الإشعار (%s):\n<img src=\"%s\" width=\"32\">" % (p, uri_any()))
    if k == 21:
        return ("Go test fixture para sa thumbnail ng KYC selfie upload (dummy image lang, hindi totoong selfie):\n```go\nvar tinyJPEG = \"data:image/jpeg;base64,%s\" // truncated; real header\n```" % b64(jpeg_head()))
    if k == 22:
        lines = ["%s INFO  notif-svc rendered push icon uri=%s" % (iso_date() + "T" + hhmm() + ":%02dZ" % ri(0, 59), trunc(uri_any(), ri(70, 110))) for _ in range(ri(2, 4))]
        return "```\n" + "\n".join(lines) + "\n```"
    return ("Ito yung inline SVG sa email footer ng %s campaign (promo: 0 fees AE→PK / AE→PH):\n`data:image/svg+xml;base64,%s`" % (ch(["Eid", "Ramadan", "Pasko", "Independence Day"]), b64(svg_icon().encode())))


def neg_placeholder():
    k = ri(0, 27)
    if k == 0:
        return ("```dotenv\n# .env.example — payout-router\nGCASH_CLIENT_ID=<your-client-id>\nGCASH_CLIENT_SECRET=<your-client-secret>\nJAZZCASH_MERCHANT_ID=MC_XXXXX\nJAZZCASH_PASSWORD=${JAZZCASH_PASSWORD}\nJAZZCASH_INTEGRITY_SALT=changeme\nEASYPAISA_STORE_ID=\n```")
    if k == 1:
        return ("```yaml\n- name: Deploy payout-router\n  env:\n    EASYPAISA_API_KEY: ${{ secrets.EASYPAISA_API_KEY }}\n    MAYA_SECRET_KEY: ${{ secrets.MAYA_SECRET_KEY }}\n    SLACK_BOT_TOKEN: ${{ secrets.PAYOPS_SLACK_BOT }}\n```")
    if k == 2:
        return ("Helm values para sa Al Ansari cash-pickup adapter:\n```yaml\npartners:\n  alansari:\n    apiKey: {{ .Values.partners.alansari.apiKey }}\n    hmacSecret: {{ .Values.partners.alansari.hmacSecret | quote }}\n```")
    if k == 3:
        return ("The SFTP password for BDO settlement is NOT in the repo — it's `op://payments-ops/BDO SFTP/password` in 1Password, and prod reads `vault:secret/data/payout/bdo#sftp_password`.")
    if k == 4:
        return ("```json\n\"Parameters\": {\n  \"JazzCashHashKey\": \"{{resolve:secretsmanager:prod/payout/jazzcash:SecretString:integrity_salt}}\",\n  \"GcashClientSecret\": \"{{resolve:secretsmanager:prod/payout/gcash:SecretString:client_secret}}\"\n}\n```")
    if k == 5:
        return ("Customer card •••• %s declined twice (rc=51, insufficient funds). Advised to use bank transfer. Transfer %s on hold." % (digits(4), tr_ref()))
    if k == 6:
        return ("GCash wallet 09•• ••• ••%s — invalid daw sabi ng partner. Pinapa-confirm ko kay customer yung buong number through the app, hindi dito sa Slack." % digits(2))
    if k == 7:
        return ("Beneficiary IBAN PK** **** **** **** **** %s (Meezan) — title mismatch. Masked kasi yung nasa ticket %s, need ko yung full sa admin console." % (digits(4), ticket()))
    if k == 8:
        return ("IBAN format for UAE docs: `AE07 0331 XXXX XXXX XXXX XXX` — show only the last 3 to the agent.\nPakistan: `PKkk BBBB XXXX XXXX XXXX XXXX`. Philippines: walang IBAN, account no. + bank code lang.")
    if k == 9:
        return ("Sample phone formats sa KYC form validation:\n• PH: `+63 9XX XXX XXXX`\n• PK: `03XX-XXXXXXX`\n• UAE: `+971 5X XXX XXXX`\nplaceholder text lang yan, hindi totoong numero")
    if k == 10:
        return ("```python\nclient = Anthropic(api_key=os.environ[\"ANTHROPIC_API_KEY\"])  # NOT \"sk-ant-api03-...\" hardcoded\nopenai = OpenAI(api_key=\"sk-...\")  # TODO: read from vault before merge\n```")
    if k == 11:
        return ("For the ticket-summarizer bot, set `SLACK_BOT_TOKEN=xoxb-your-bot-token` locally; prod gets it from the ExternalSecret. Same with `GITHUB_TOKEN=ghp_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx` in the README — it's a dummy.")
    if k == 12:
        return ("AWS creds sa docs ng settlement uploader ay yung example ng AWS mismo:\n```\naws_access_key_id = AKIAIOSFODNN7EXAMPLE\naws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY\n```\nhuwag palitan ng totoo sa README")
    if k == 13:
        return ("Payout log after the masking fix:\n```\n%sT%s:%02dZ INFO payout-router partner=jazzcash msisdn=<redacted> iban=[MASKED] cnic=[REDACTED] amount=%s status=SUCCESS\n```" % (iso_date(), hhmm(), ri(0, 59), pkr_amt()))
    if k == 14:
        return ("```\nDATABASE_URL=postgres://user:password@localhost:5432/remit_dev\nRABBITMQ_URL=amqp://guest:guest@localhost:5672/\nREDIS_URL=redis://localhost:6379/0\n```\nlocal docker-compose defaults lang, wala 'tong kinalaman sa prod")
    if k == 15:
        return ("سپورٹ ایجنٹس کے لیے ٹیمپلیٹ:\n«محترم کسٹمر، آپ کا OTP ****** ہے، اسے کسی کے ساتھ شیئر نہ کریں»\nیہاں `******` صرف placeholder ہے، اصل کوڈ SMS گیٹ وے ڈالتا ہے۔")
    if k == 16:
        return ("Yahan apna `YOUR_JAZZCASH_MPIN` mat likhna bhai, ye sirf Postman collection ka variable hai: `{{jazzcash_mpin}}`. Asli MPIN kabhi bhi kisi ko nahi dena.")
    if k == 17:
        return ("في نموذج الإدخال، ضع `<IBAN>` و`<SWIFT_BIC>` كقيم مؤقتة فقط. مثال: `AE00 0000 0000 0000 0000 000` — هذا ليس رقم حساب حقيقي.")
    if k == 18:
        return ("```\n-----BEGIN OPENSSH PRIVATE KEY-----\n...\n-----END OPENSSH PRIVATE KEY-----\n```\nganito lang dapat yung itsura sa runbook (sftp-bridge setup), walang laman. Yung totoo nasa vault.")
    if k == 19:
        return ("Slack incoming webhook sa alerting config is still the sample: `https://hooks.slack.com/services/T00000000/B00000000/XXXXXXXXXXXXXXXXXXXXXXXX` — kaya walang dumarating na payout-failure alerts 🙃")
    if k == 20:
        return ("SSN field sa US-sender onboarding shows `XXX-XX-%s` only; full value stays in the KYC vault. Screenshot mo na lang yung masked view para sa compliance." % digits(4))
    if k == 21:
        return ("```yaml\npartner_credentials:\n  maya:\n    public_key: pk-XXXXXXXXXXXXXXXX\n    secret_key: sk-XXXXXXXXXXXXXXXX   # placeholder\n  palawan:\n    username: \"\"\n    password: \"\"\n```")
    if k == 22:
        return ("Error sa logs: `JAZZCASH_HASH_KEY is empty` — kasi `JAZZCASH_HASH_KEY=` lang yung laman ng .env sa staging. Paki-set from vault: `vault kv get -field=hash_key secret/payout/jazzcash`.")
    if k == 23:
        return ("Reminder: `curl -u <username>:<password> https://sandbox.partner.example/v1/disburse` sa Confluence — template yan, don't paste real creds in the page or in here.")
    if k == 24:
        return ("OTP audit export after masking:\n```\nref,channel,otp,sent_at,status\n%s,SMS,******,%s %s,DELIVERED\n%s,VOICE,******,%s %s,EXPIRED\n%s,SMS,[redacted],%s %s,VERIFIED\n```" % (tr_ref(), iso_date(), hhmm(), tr_ref(), iso_date(), hhmm(), tr_ref(), iso_date(), hhmm()))
    if k == 25:
        return ("BIC placeholder sa payout template: `XXXXPHMMXXX` for PH banks, `XXXXPKKAXXX` for PK. Wag i-hardcode, kunin sa partner table.")
    if k == 26:
        return ("Postman env for Easypaisa sandbox:\n```json\n{\"key\": \"storeId\", \"value\": \"{{EP_STORE_ID}}\"},\n{\"key\": \"hashKey\", \"value\": \"{{EP_HASH_KEY}}\"},\n{\"key\": \"password\", \"value\": \"********\"}\n```")
    return ("Card test matrix (masked):\n| case | card | expected |\n|---|---|---|\n| Visa debit | 4%s •••• •••• %s | approve |\n| MC prepaid | 5%s •••• •••• %s | decline 05 |\n| Amex | 3%s •••••• •%s | not supported |" % (digits(3), digits(4), digits(3), digits(4), digits(3), digits(4)))


PLACEHOLDER_EXTRA = [
    "`sk-proj-…` lang yung nakalagay sa translation-bot README, walang totoong key",
    "Ang default ng `PALAWAN_API_USER` ay `admin` at password `admin` sa local mock server lang",
    "`github_pat_...` sa onboarding doc ay placeholder, hindi kailangang palitan",
    "مثال التوكن في الوثائق: `xoxb-000000000000-0000000000000-XXXXXXXXXXXXXXXXXXXXXXXX`",
    "`AIza****************` sa maps config ng agent locator — masked na sa screenshot",
    "`<paste-token-here>` pa rin yung value sa .netrc ng jumpbox, kaya 401",
    "Mask policy: phone → `+63 9** *** **%s`, IBAN → last 4, card → BIN + last 4" % digits(2),
    "`%DB_PASSWORD%` sa Windows batch ng recon job, `$(API_TOKEN)` sa Makefile",
    "`whsec_...` sa Stripe-like webhook docs ng card acquirer, placeholder lang",
    "Password field in the agent onboarding PDF: `(sensitive value)` — agents type it themselves",
]


def neg_placeholder_full():
    if ri(0, 4) == 0:
        a, b = R.sample(PLACEHOLDER_EXTRA, 2)
        return "• " + a + "\n• " + b
    return neg_placeholder()


SQL_COLS = ["sender_msisdn_hash", "beneficiary_iban_last4", "beneficiary_wallet_provider", "kyc_case_id", "otp_attempts",
            "otp_last_sent_at", "password_reset_token_hash", "api_key_last_four", "card_bin", "card_last4", "swift_bic",
            "fx_rate_locked", "payout_partner_ref", "agent_code", "cnic_expiry_checked", "id_doc_type", "pep_screening_status"]
JAVA_PKGS = ["com.tulay.payout.gcash", "com.tulay.payout.jazzcash", "com.tulay.kyc.screening", "com.tulay.fx.quote",
             "com.tulay.otp.delivery", "com.tulay.ledger.settlement"]
CLASS_WORDS = ["Otp", "Wallet", "Iban", "Msisdn", "Kyc", "Payout", "HashKey", "Secret", "Token", "Password", "Swift", "Bic",
               "Remitter", "Beneficiary", "Fx", "Quote", "Agent", "Partner", "Integrity", "Salt", "Credential", "Phone"]
CLASS_SUFFIX = ["Resolver", "Verifier", "Handler", "Client", "Mapper", "Validator", "Signer", "Provider", "Service", "Factory", "Adapter"]


def camel(n):
    return "".join(ch(CLASS_WORDS) for _ in range(n))


def pod(name):
    return "%s-%s-%s" % (name, rs("bcdfghjklmnpqrstvwxz2456789", 10), rs("bcdfghjklmnpqrstvwxz2456789", 5))


def neg_code_identifier():
    k = ri(0, 21)
    if k == 0:
        pkg = ch(JAVA_PKGS)
        lines = ["%s ERROR [payout-worker-%d] %s.%s%s - payout failed" % (iso_date() + "T" + hhmm() + ":%02d.%03dZ" % (ri(0, 59), ri(0, 999)), ri(0, 7), pkg, camel(2), ch(CLASS_SUFFIX)),
                 "%s.%sException: %s" % (pkg, camel(2), ch(["wallet not eligible for OTP-less payout", "integrity hash mismatch", "beneficiary IBAN checksum failed", "KYC tier too low for corridor"]))]
        for _ in range(ri(5, 26)):
            lines.append("\tat %s.%s%s.%s%s(%s%s.java:%d)" % (ch(JAVA_PKGS), camel(2), ch(CLASS_SUFFIX), ch(["verify", "resolve", "sign", "map", "load", "check"]), camel(ri(1, 2)),
                                                       camel(1), ch(CLASS_SUFFIX), ri(40, 900)))
        lines.append("\tat java.base/java.lang.Thread.run(Thread.java:1583)")
        return "```\n" + "\n".join(lines) + "\n```"
    if k == 1:
        return ("```\nTraceback (most recent call last):\n  File \"/app/payout/jazzcash/hash_key_signer.py\", line %d, in compute_secure_hash\n    digest = hmac.new(integrity_salt.encode(), payload, sha256)\n  File \"/app/payout/jazzcash/settings.py\", line %d, in integrity_salt\n    return _secrets[\"JAZZCASH_INTEGRITY_SALT\"]\nKeyError: 'JAZZCASH_INTEGRITY_SALT'\n```\nnaka-deploy na ba yung ExternalSecret sa staging?" % (ri(30, 200), ri(10, 80)))
    if k == 2:
        return ("```\npanic: runtime error: index out of range [%d] with length %d\n\ngoroutine %d [running]:\ngithub.com/tulay/remit-core/internal/iban.ValidateChecksum({0xc0001%s, 0x%x})\n\t/src/internal/iban/mod97.go:%d +0x%x\ngithub.com/tulay/remit-core/internal/payout/pk.(*MeezanAdapter).BuildCreditTransfer(0xc000%s)\n\t/src/internal/payout/pk/meezan.go:%d +0x%x\n```"
                % (ri(20, 34), ri(4, 19), ri(1, 400), rs(HEX, 5), ri(10, 34), ri(20, 90), ri(16, 400), rs(HEX, 6), ri(40, 300), ri(16, 400)))
    if k == 3:
        cols = R.sample(SQL_COLS, ri(5, 8))
        return "```sql\nCREATE TABLE payout_attempts (\n  id BIGSERIAL PRIMARY KEY,\n" + ",\n".join("  %s %s" % (c, ch(["TEXT", "VARCHAR(64)", "TIMESTAMPTZ", "SMALLINT", "CHAR(4)", "NUMERIC(18,6)"])) for c in cols) + "\n);\n```"
    if k == 4:
        flags = ["payout.jazzcash.otp_resend_v2", "payout.gcash.instapay_fallback", "kyc.selfie_liveness.ph_only", "fx.aed_pkr.rate_lock_30m",
                 "otp.voice_fallback.pk", "payout.easypaisa.cnic_name_match", "agent.dxb.cash_limit_v3", "kyc.pep_rescreen_nightly"]
        fl = R.sample(flags, ri(3, 5))
        return "Feature flags na naka-on sa prod ngayon:\n" + "\n".join("- `%s` = %s" % (f, ch(["true", "false", "25%", "AE only"])) for f in fl)
    if k == 5:
        names = ["payout-router", "kyc-screening", "otp-gateway", "fx-quote", "recon-batch", "sftp-bridge", "agent-portal"]
        rows = ["NAME                                READY   STATUS             RESTARTS   AGE"]
        for n in R.sample(names, ri(3, 6)):
            rows.append("%-35s %-7s %-18s %-10d %dh" % (pod(n), ch(["1/1", "2/2", "0/1"]), ch(["Running", "Running", "CrashLoopBackOff", "Pending"]), ri(0, 12), ri(1, 90)))
        return "```\n$ kubectl -n payments get pods\n" + "\n".join(rows) + "\n```"
    if k == 6:
        return ("```\n$ terraform plan\n  # module.payout_partners.aws_secretsmanager_secret.jazzcash_integrity_salt will be updated in-place\n  # module.payout_partners.aws_secretsmanager_secret_version.gcash_client_secret must be replaced\n  # module.kyc.aws_iam_role_policy.kyc_doc_reader_%s will be created\nPlan: 1 to add, 1 to change, 1 to destroy.\n```" % ch(["ph", "pk", "ae"]))
    if k == 7:
        return ("```proto\nservice WalletOtpService {\n  rpc SendWalletOtp(SendWalletOtpRequest) returns (SendWalletOtpResponse);\n  rpc VerifyWalletOtp(VerifyWalletOtpRequest) returns (VerifyWalletOtpResponse);\n}\nmessage VerifyWalletOtpRequest {\n  string transfer_ref = 1;\n  string otp_challenge_id = 2;\n  bytes otp_hash = 3;\n}\n```")
    if k == 8:
        return ("```graphql\nmutation RotatePartnerApiKey($partnerId: ID!) {\n  rotatePartnerApiKey(partnerId: $partnerId) {\n    apiKeyLastFour\n    rotatedAt\n    previousKeyExpiresAt\n  }\n}\n```\nreturns only the last four, hindi yung buong key")
    if k == 9:
        return ("```\n$ kubectl -n payments describe secret payout-partner-creds\nName:         payout-partner-creds\nType:  Opaque\nData\n====\njazzcash_integrity_salt:  %d bytes\ngcash_client_secret:      %d bytes\neasypaisa_hash_key:       %d bytes\nbdo_sftp_password:        %d bytes\n```\nandun naman lahat, so hindi secret ang problema" % (ri(16, 40), ri(32, 64), ri(16, 32), ri(12, 24)))
    if k == 10:
        return ("CSS modules sa OTP input (Urdu RTL bug):\n`.OtpInput_cell__%s` at `.OtpInput_rtl__%s` — yung second class hindi na-apply kaya baliktad yung digits sa ur-PK locale" % (rs(B62, 5), rs(B62, 5)))
    if k == 11:
        chunks = ["kyc-upload", "otp-verify", "quote-widget", "agent-cashout", "iban-form"]
        return "Build output:\n```\n" + "\n".join("  static/chunks/%s.%s.js   %d kB" % (c, rs(HEX, 16), ri(3, 180)) for c in R.sample(chunks, ri(3, 5))) + "\n```"
    if k == 12:
        return ("```\nthread 'fx-quote-worker' panicked at src/rates/cache.rs:%d:%d\nstack backtrace:\n   0: _ZN8fx_rates5cache10RateCache3get17h%sE\n   1: _ZN8fx_rates5quote14build_aed_quote17h%sE\n   2: _RNvCs%s_9fx_engine4main\n```" % (ri(20, 300), ri(5, 40), rs(HEX, 16), rs(HEX, 16), rs(B62, 11)))
    if k == 13:
        return ("iOS crash sa OTP screen:\n```\n0 TulayCore  $s9TulayCore14OtpCoordinatorC6verify4codeySS_tF + %d\n1 TulayCore  $s9TulayCore20WalletLinkControllerC17didReceiveOtpSmsyyF + %d\n2 UIKitCore  -[UIViewController _setViewAppearState:isAnimating:] + %d\n```" % (ri(40, 900), ri(40, 900), ri(40, 900)))
    if k == 14:
        enums = ["KycRejectReason.CNIC_EXPIRED", "KycRejectReason.SELFIE_MISMATCH", "KycRejectReason.PHILSYS_UNREADABLE", "PayoutStatus.AWAITING_OTP",
                 "PayoutStatus.PARTNER_TIMEOUT", "PayoutStatus.IBAN_TITLE_MISMATCH", "OtpChannel.VOICE", "AmlHit.PEP_POTENTIAL"]
        return "Bagong enum values sa v%d.%d.%d:\n" % (ri(3, 6), ri(0, 30), ri(0, 20)) + "\n".join("- `%s`" % e for e in R.sample(enums, ri(3, 5)))
    if k == 15:
        return ("```typescript\nexport function maskIban(iban: string): string {\n  const compact = iban.replace(/\\s+/g, \"\");\n  return compact.slice(0, 4) + \"*\".repeat(compact.length - 8) + compact.slice(-4);\n}\nexport const maskMsisdn = (msisdn: string) => msisdn.replace(/\\d(?=\\d{2})/g, \"•\");\n```")
    if k == 16:
        return ("```python\nclass JazzCashPayoutAdapter(BasePayoutAdapter):\n    integrity_salt_secret_name = \"prod/payout/jazzcash/integrity_salt\"\n    password_secret_name = \"prod/payout/jazzcash/password\"\n\n    def build_secure_hash(self, fields: dict[str, str]) -> str:\n        ...\n```")
    if k == 17:
        return ("Env var names na kailangan ng otp-gateway (values sa vault):\n`OTP_SMS_PROVIDER_API_KEY`, `OTP_VOICE_PROVIDER_SECRET`, `OTP_HMAC_PEPPER`, `OTP_TTL_SECONDS`, `OTP_MAX_ATTEMPTS`")
    if k == 18:
        return ("```kotlin\n@Serializable\ndata class BeneficiaryDto(\n    val walletProvider: WalletProvider, // GCASH, MAYA, JAZZCASH, EASYPAISA\n    val msisdnHash: String,\n    val ibanLast4: String?,\n    val swiftBic: String?,\n    val kycCaseId: String,\n)\n```")
    if k == 19:
        return ("Bazel targets na nag-fail:\n```\n//services/payout/jazzcash:hash_key_signer_test\n//services/kyc/screening:pep_matcher_test\n//libs/iban:mod97_%s_test\n```" % ch(["pk", "ae", "sa"]))
    if k == 20:
        return ("Vue component scoped styles sa agent portal: `[data-v-%s]` para sa cash-limit banner at `[data-v-%s]` sa IBAN form. Svelte version: `svelte-%s`." % (rs(HEX, 8), rs(HEX, 8), rs(LO + DG, 6)))
    return ("Elixir sa notif service:\n```\n** (FunctionClauseError) no function clause matching in Tulay.Otp.Delivery.send_otp/2\n    (tulay_notif %d.%d.%d) lib/tulay/otp/delivery.ex:%d: Tulay.Otp.Delivery.send_otp(%%{channel: :voice, corridor: \"%s\"}, [])\n```" % (ri(0, 3), ri(0, 20), ri(0, 9), ri(10, 200), ch(["AE-PK", "AE-PH"])))


def uuid4():
    b = bytearray(R.getrandbits(128).to_bytes(16, "big"))
    b[6] = (b[6] & 0x0F) | 0x40
    b[8] = (b[8] & 0x3F) | 0x80
    h = b.hex()
    return "%s-%s-%s-%s-%s" % (h[:8], h[8:12], h[12:16], h[16:20], h[20:])


def ulid():
    return ch("01") + rs("0123456789ABCDEFGHJKMNPQRSTVWXYZ", 25)


def neg_blob():
    k = ri(0, 21)
    if k == 0:
        lines = ["%s %s" % (rs(HEX, 7), ch(["fix(jazzcash): retry on 504 from disbursement API", "feat(kyc): add PhilSys QR parse", "chore: bump fx-quote to %d.%d.%d" % (ri(1, 4), ri(0, 20), ri(0, 9)),
                                             "fix(otp): voice fallback for +92 numbers", "refactor(iban): shared mod97 lib", "fix(gcash): handle WALLET_LIMIT_REACHED"])) for _ in range(ri(3, 6))]
        return "```\n$ git log --oneline -n %d\n" % len(lines) + "\n".join(lines) + "\n```"
    if k == 1:
        return ("Deployed `payout-router@sha256:%s` to prod-me-central-1. Rollback target: `sha256:%s`." % (rs(HEX, 64), rs(HEX, 64)))
    if k == 2:
        return ("SWIFT gpi tracker: UETR `%s` — status ACSP sa intermediary (%s), wala pa sa %s." % (uuid4(), ch(BICS), ch(BICS)))
    if k == 3:
        return ("Idempotency-Key: %s\nX-Request-Id: %s\nBoth retries of %s carried the same key, so partner deduped properly." % (uuid4(), rs(HEX, 32), tr_ref()))
    if k == 4:
        rows = ["%s  %s_SETTLEMENT_%s.csv" % (rs(HEX, 64), ch(["GCASH", "JAZZCASH", "EASYPAISA", "BDO", "MEEZAN"]), date8()) for _ in range(ri(2, 4))]
        return "sha256sum ng settlement files na na-receive kanina:\n```\n" + "\n".join(rows) + "\n```"
    if k == 5:
        return ("JazzCash request log (hash lang, walang credential):\n```\npp_TxnRefNo=%s\npp_Amount=%d\npp_SecureHash=%s\n```\nmismatch daw sa side nila, pero same sorting naman tayo" % (jazz_tid(), ri(1000, 900000) * 100, rs("0123456789ABCDEF", 64)))
    if k == 6:
        return ("Webhook from Maya:\n`X-Signature: t=%d,v1=%s`\nsignature verify failed kasi naka-UTC+8 yung clock ng staging" % (ri(1760000000, 1766000000), rs(HEX, 64)))
    if k == 7:
        return ("SFTP host key ng %s changed:\n```\nED25519 key fingerprint is SHA256:%s.\n```\nconfirmed sa partner via email thread bago namin i-accept" % (ch(["BDO", "Meezan", "HBL", "Metrobank"]), rs(B62 + "+/", 43)))
    if k == 8:
        return ("Partner PGP public key fingerprint (for encrypted settlement files): `%s`" % " ".join(rs("0123456789ABCDEF", 4) for _ in range(10)))
    if k == 9:
        return ("KYC docs in Mongo: `ObjectId(\"%s\")` for the selfie, `ObjectId(\"%s\")` for the ID back. Case %s." % (rs(HEX, 24), rs(HEX, 24), kyc_case()))
    if k == 10:
        return ("Transfers API pagination:\n```json\n{\"data\": [...], \"next_cursor\": \"%s\"}\n```" % b64(json.dumps({"created_at": iso_date() + "T" + hhmm() + ":00Z", "id": rs(HEX, 12)}, separators=(",", ":")).encode()).rstrip("="))
    if k == 11:
        return ("```yaml\n# secrets.enc.yaml (SOPS)\njazzcash:\n    integrity_salt: ENC[AES256_GCM,data:%s,iv:%s,tag:%s,type:str]\n```" % (rs(B62 + "+/", 44), rs(B62 + "+/", 22) + "==", rs(B62 + "+/", 22) + "=="))
    if k == 12:
        return ("Sentry event `%s` — `IbanTitleMismatch` sa Meezan adapter, %d events in the last 24h." % (rs(HEX, 32), ri(3, 400)))
    if k == 13:
        return ("traceparent: 00-%s-%s-01\nyan yung trace ng failed GCash payout, paki-search sa Tempo" % (rs(HEX, 32), rs(HEX, 16)))
    if k == 14:
        return ("```\n$ aws s3 ls s3://tulay-settlement-prod/%s/2025/%02d/\n%s %s   %d part-00000-%s.c000.snappy.parquet\n%s %s   %d part-00001-%s.c000.snappy.parquet\n```"
                % (ch(["gcash", "jazzcash", "easypaisa"]), ri(7, 12), iso_date(), hhmm() + ":%02d" % ri(0, 59), ri(10000, 9999999), uuid4(), iso_date(), hhmm() + ":%02d" % ri(0, 59), ri(10000, 9999999), uuid4()))
    if k == 15:
        return ("package-lock diff:\n```\n\"node_modules/libphonenumber-js\": {\n  \"version\": \"1.%d.%d\",\n  \"integrity\": \"sha512-%s==\"\n}\n```" % (ri(10, 12), ri(0, 60), rs(B62 + "+/", 86)))
    if k == 16:
        return ("Transfer ids sa bagong ledger ay ULID na: `%s`, `%s`. Mas madaling i-sort kaysa UUIDv4." % (ulid(), ulid()))
    if k == 17:
        return ("Easypaisa `merchantHashedReq` sa failed call:\n`%s`\nencrypted request yan (AES), hindi key" % b64(bytes(R.getrandbits(8) for _ in range(ch([48, 64, 96])))))
    if k == 18:
        return ("ETag: \"%s-%d\" sa upload ng %s batch file, multipart kaya may suffix." % (rs(HEX, 32), ri(2, 12), ch(["PESONet", "InstaPay", "Raast", "IBFT"])))
    if k == 19:
        return ("Buildkite build %d for remit-core, job `%s`; artifact hash `%s`" % (ri(1000, 99999), uuid4(), rs(HEX, 40)))
    if k == 20:
        return ("```\n$ pip install --require-hashes -r requirements.txt\nphonenumbers==8.13.%d --hash=sha256:%s\nschwifty==2024.%d.0 --hash=sha256:%s\n```" % (ri(10, 50), rs(HEX, 64), ri(1, 11), rs(HEX, 64)))
    return ("Lambda `settlement-ingest` RequestId: %s  Duration: %d.%02d ms  Billed Duration: %d ms  Memory Size: 512 MB  Max Memory Used: %d MB" % (uuid4(), ri(100, 9000), ri(0, 99), ri(100, 9000), ri(80, 500)))


def ten_digit_ref():
    return ch("124678") + digits(9)


def neg_pii_lookalike():
    k = ri(0, 25)
    if k == 0:
        return ("GCash Ref No. %s — na-credit na daw sabi ng partner pero hindi pa nakikita ni beneficiary sa app. Transfer %s, amount %s." % (digits(13, True), tr_ref(), php_amt()))
    if k == 1:
        return ("MTCN-style control no. %s (Cebuana) — pwede nang i-claim sa branch, may 1 valid ID lang." % ten_digit_ref())
    if k == 2:
        return ("JazzCash TID %s — status \"Pending at partner\" for %d mins na. Amount %s, rate AED/PKR %s." % (jazz_tid(), ri(15, 240), pkr_amt(), rate("AED/PKR")))
    if k == 3:
        rows = ["| %s | %s | %s |" % (p, rate(p), ch(["↑", "↓", "="])) for p in ["AED/PHP", "AED/PKR", "USD/PKR", "SAR/PKR", "USD/PHP"]]
        return "Rates as of %s %s GST:\n| pair | rate | vs yesterday |\n|---|---|---|\n" % (iso_date(), hhmm()) + "\n".join(rows)
    if k == 4:
        return ("Agent %s (%s branch) exceeded daily cash limit: %s vs limit %s. Case %s opened." % (ch(["AGT-DXB-", "AGT-SHJ-", "AGT-AUH-"]) + digits(4), ch(["Deira", "Al Nahda", "Musaffah", "Rolla"]), aed_amt(), aed_amt(), kyc_case()))
    if k == 5:
        b = R.sample(BICS, 3)
        return ("Routing for the AE→PK pilot: sender bank %s → intermediary %s → beneficiary bank %s. MT103 field 57A lang ang binago." % tuple(b))
    if k == 6:
        return ("آج کی سیٹلمنٹ: %s, ٹرانزیکشنز: %d، ریٹ %s\nبیچ نمبر %s" % (pkr_amt(), ri(200, 9000), rate("AED/PKR"), "RAAST-%s-%04d" % (date8(), ri(1, 40))))
    if k == 7:
        return ("التحويلات المعلقة اليوم: %d تحويل بقيمة %s. سعر الصرف درهم/بيزو %s. رقم الدفعة %s." % (ri(10, 300), aed_amt(), rate("AED/PHP"), "B%s%03d" % (date8(), ri(1, 999))))
    if k == 8:
        hdr = "transfer_ref,created_at,corridor,send_amount,send_ccy,payout_amount,payout_ccy,rate,status"
        rows = []
        for _ in range(ri(6, 28)):
            c = ch(["AE-PH", "AE-PK", "SA-PK"])
            sa = ri(100, 5000)
            pair = {"AE-PH": "AED/PHP", "AE-PK": "AED/PKR", "SA-PK": "SAR/PKR"}[c]
            r_ = float(rate(pair))
            rows.append("%s,%sT%s:%02dZ,%s,%d.00,%s,%.2f,%s,%s,%s" % (tr_ref(), iso_date(), hhmm(), ri(0, 59), c, sa, pair[:3], sa * r_, pair[4:], "%.4f" % r_, ch(["PAID", "PAID", "ON_HOLD", "FAILED", "REFUNDED"])))
        return "Export for recon:\n```\n" + hdr + "\n" + "\n".join(rows) + "\n```"
    if k == 9:
        return ("Slack ts of the original escalation: `%d.%06d` — link it in %s please." % (ri(1760000000, 1766000000), ri(0, 999999), ticket()))
    if k == 10:
        return ("Partner allowlist (staging): %s, %s, %s/28 — all doc/test ranges, prod list is in Terraform." % (doc_ip(), doc_ip(), doc_ip()))
    if k == 11:
        return ("Internal hosts for the recon job: db %s:5432, redis %s:6379, sftp-bridge %s:22" % (private_ip(), private_ip(), private_ip()))
    if k == 12:
        return ("App release: Android %d.%d.%d (build %d), iOS %d.%d.%d (%d). OTP autofill fix is in both." % (ri(4, 6), ri(0, 30), ri(0, 9), ri(40000, 99999), ri(4, 6), ri(0, 30), ri(0, 9), ri(1000, 9999)))
    if k == 13:
        return ("Zendesk %s, Jira %s, KYC %s — lahat iisang customer complaint (delayed Maya payout)." % (ticket(), "PAYOPS-%d" % ri(100, 4999), kyc_case()))
    if k == 14:
        return ("Cutoff times: PESONet %s PHT, InstaPay 24/7, Raast 24/7, IBFT %s PKT. Batch `PESONET_BATCH_%s_%04d` left at %s." % (hhmm(), hhmm(), date8(), ri(1, 30), hhmm()))
    if k == 15:
        vals = []
        for _ in range(4):
            vals += sorted(ri(80, 4000) for _ in range(3))
        return ("Latency p50/p95/p99 by partner (ms):\n```\nGCash      %d / %d / %d\nJazzCash   %d / %d / %d\nEasypaisa  %d / %d / %d\nBDO        %d / %d / %d\n```" % tuple(vals))
    if k == 16:
        return ("Refund processed: %s back to card ending %s, ARN %s. ETA 5–7 banking days." % (aed_amt(), digits(4), ch("27") + digits(10) + "." + digits(6)))
    if k == 17:
        return ("Bank code (BRSTN) %s for %s, SWIFT %s. Account no. field length is %d." % (digits(9), ch(["BDO", "BPI", "Metrobank", "Landbank"]), ch(BICS[:5]), ch([10, 12, 13, 16])))
    if k == 18:
        return ("Daily volume: %s transfers, %s AED sent, %s PHP paid out, avg ticket %s." % (format(ri(5000, 90000), ","), format(ri(1000000, 90000000), ","), format(ri(10000000, 900000000), ","), aed_amt()))
    if k == 19:
        return ("Mga order ng prepaid load (GCash GLoad) na stuck: %s" % ", ".join("#%s" % ten_digit_ref() for _ in range(ri(3, 6))))
    if k == 20:
        return ("OTP stats kahapon: sent %s, verified %s, expired %s, avg time-to-verify %d s. Voice fallback used %d×." % (format(ri(10000, 90000), ","), format(ri(8000, 80000), ","), format(ri(100, 5000), ","), ri(12, 90), ri(10, 900)))
    if k == 21:
        return ("Epoch values sa logs: created=%d, settled=%d (ms: %d%03d)" % (ri(1760000000, 1766000000), ri(1760000000, 1766000000), ri(1760000000, 1766000000), ri(0, 999)))
    if k == 22:
        return ("Invoice INV-%s-%05d from %s for October partner fees: %s. PO %s." % (ch(["AE", "PK", "PH"]), ri(1, 99999), ch(PARTNERS_AE + PARTNERS_PK), aed_amt(), "PO-%d" % ri(100000, 999999)))
    if k == 23:
        return ("رقم الشكوى %s — تم تحويل %s بسعر %s، الرسوم %s. لا يوجد خطأ في المبلغ." % (ticket(), aed_amt(), rate("AED/PKR"), "AED %d.00" % ri(5, 30)))
    if k == 24:
        return ("Rs %s ki payout %s pe hold hai, AML rule `R-%03d` hit hua. Rate %s, fee %s." % (lakh(ri(50000, 2500000)), jazz_tid(), ri(1, 250), rate("USD/PKR"), "Rs. %d" % ri(0, 500)))
    return ("Hijri/Gregorian: %s / %s — Eid holiday, PK banks closed, Raast only. Expected backlog ~%s transfers." % (ch([to_ar("1447/%02d/%02d" % (ri(1, 12), ri(1, 29))), "1447/%02d/%02d" % (ri(1, 12), ri(1, 29))]), iso_date(), format(ri(1000, 20000), ",")))


TALK = [
    # English
    "Reminder: never ask a customer for their OTP, MPIN or card PIN — not on chat, not on a call. If they read it out, stop them and note it in the ticket.",
    "The JazzCash integrity salt was rotated last night after the staging leak; old one is revoked, new one lives only in Vault.",
    "Please stop pasting full IBANs into #payops. Use the masked view from the admin console and link the case instead.",
    "Post-incident: a bot token ended up in a public gist for ~40 minutes. It was revoked, audit logs show no calls from outside. Action item: secret scanning on all repos.",
    "If a customer sends a photo of their card in chat, delete the message, tell them we never need the full card number, and flag the ticket for PCI review.",
    "Rotation schedule: partner API keys every 90 days, SFTP passwords every 60, AWS access keys never long-lived — use the role.",
    "Do we have a runbook for when an agent shares their portal password with a sub-agent? Compliance wants the account locked, not just reset.",
    "The scanner flagged the recon CSV because of 13-digit GCash reference numbers. They're not cards — Luhn fails — but we should tune the rule.",
    "Question for security: is a masked phone like the one in the KYC screenshot still personal data? Legal says yes if combined with the name.",
    "Agents must not write the customer's CNIC, Emirates ID or PhilSys number in Slack. Case id only.",
    "We're moving the Easypaisa hash key to the ExternalSecret operator; the key itself will never be in the repo or in the Helm values.",
    "FYI the OpenAI key for the ticket-summarizer is scoped to one project with a spend limit. If you need one for local testing, ask in #sec-requests, don't reuse prod.",
    # Tagalog / Taglish
    "Paalala lang po: huwag hihingin ang OTP ng customer, kahit sabihin pa nilang sila mismo ang nagpadala. Kung ibinigay nila, i-report agad.",
    "Na-rotate na yung API key ng GCash kagabi, yung luma revoked na. Wala nang kailangang gawin sa side ng support.",
    "Guys, wag na po nating i-paste yung buong account number ng beneficiary dito sa channel. Link na lang ng case, salamat!",
    "Sino may hawak ng password ng shared Maya business account? Dapat sa 1Password lang 'yan, hindi sa DM.",
    "May customer na nag-send ng picture ng card niya sa chat. Binura ko na at sinabihan ko siyang hindi namin kailangan yun.",
    "Yung SFTP key ng BDO, nasa vault na. Kung kailangan niyo, mag-request sa #sec-requests, hindi dito.",
    "Nagkaroon tayo ng phishing attempt — may nagpanggap na taga-Tulay at humihingi ng OTP sa mga sender sa Dubai. Paki-warn ang mga agent.",
    "Bakit nag-fail yung secret scan sa PR? False positive lang pala, yung transfer reference number ang na-flag.",
    "Kung tumawag ang customer at binasa niya yung buong card number, huwag isulat sa ticket. Last 4 lang.",
    "Na-leak ba talaga yung token o hinala lang? Paki-check sa audit log bago tayo mag-rotate ng lahat.",
    # Urdu script
    "یاد دہانی: کسٹمر سے کبھی بھی OTP، MPIN یا کارڈ کا PIN نہ مانگیں۔ اگر وہ خود بتائیں تو فوراً روک دیں۔",
    "جاز کیش کی ہیش کی کل رات تبدیل کر دی گئی ہے، پرانی والی اب کام نہیں کرے گی۔",
    "براہ کرم اس چینل میں مکمل آئی بین یا شناختی کارڈ نمبر نہ لکھیں، صرف کیس نمبر کافی ہے۔",
    "اگر کوئی ایجنٹ اپنا پاس ورڈ کسی اور کو دے دے تو اس کا اکاؤنٹ فوراً بند کر دیا جائے گا۔",
    "سیکیورٹی ٹیم کے مطابق لیک ہونے والا ٹوکن منسوخ کر دیا گیا ہے اور کوئی غلط استعمال نہیں ہوا۔",
    # Roman Urdu
    "Bhai customer se OTP kabhi mat maangna, chahe woh khud bole. Agar de de to ticket mein likh do ke humne nahi maanga tha.",
    "Easypaisa wali key rotate ho gayi hai, purani revoke. Naya secret sirf Vault mein hai, Slack pe mat maangna.",
    "Yaar ye IBAN poora channel mein mat daalo, masked wala screenshot bhejo bas.",
    "Kal ka incident: SFTP password ek email thread mein chala gaya tha. Reset kar diya, partner ko bhi bata diya.",
    "Agent portal ka password share karna mana hai, chahe sub-agent apna bhai hi kyun na ho.",
    "Scanner ne CSV ko flag kiya kyun ke JazzCash TID lambe numbers hain, card number nahi hain. Rule tune karna padega.",
    # Arabic
    "تذكير: لا تطلب أبداً رمز التحقق (OTP) أو الرقم السري من العميل، حتى لو أصرّ على إرساله.",
    "تم تغيير مفتاح واجهة البرمجة الخاص بالشريك الليلة الماضية، والمفتاح القديم لم يعد صالحاً.",
    "يرجى عدم نشر رقم الآيبان الكامل أو رقم الهوية الإماراتية في هذه القناة، يكفي رقم الحالة.",
    "إذا أرسل العميل صورة بطاقته، احذف الرسالة فوراً وأبلغ فريق الامتثال.",
    "كلمات المرور الخاصة ببوابة الوكلاء يجب أن تُغيَّر كل ستين يوماً، ولا يجوز مشاركتها.",
    # mixed
    "OTP na-expire na daw bago dumating, sabi ni customer. Bhai, voice fallback on hai PK ke liye? Hindi namin hinihingi yung code, just checking delivery.",
    "Security sync notes: (1) token rotation done for Slack bot, (2) کارڈ ڈیٹا صرف PCI vault میں, (3) wala nang passwords sa Confluence.",
    "Customer asked if sharing his OTP with the agent at Al Ansari is ok. لا، أبداً — told him never, agent should never ask.",
    "Na-flag ng DLP yung message kasi may nakasulat na 'password' at 'IBAN', pero walang laman na value. False positive.",
    "Koi bhi private key Slack pe paste hui to turant #sec-incidents mein batao, rotate hum karenge.",
]

TALK_TEMPLATES = [
    lambda: "Incident %s summary:\n• What: a partner API key was committed to a feature branch (never merged)\n• Impact: none seen in partner logs\n• Fix: key revoked & reissued, pre-commit hook added\n• Owner: payops-platform" % ticket(),
    lambda: "Runbook — customer read out their OTP to an agent:\n1. End the verification, do not use the code\n2. Invalidate pending OTPs for transfer %s\n3. Tag ticket `otp-disclosed`\n4. Agent coaching within 24h" % tr_ref(),
    lambda: "FAQ para sa agents:\nQ: Pwede bang hingin ang password ng GCash ni customer para i-check?\nA: Hindi. Kahit kailan.\nQ: Paano kung customer mismo ang nagbigay?\nA: I-ignore at i-report sa %s." % ch(["#sec-incidents", "#payops-leads", "compliance"]),
    lambda: "Secret scanner tuning (%s): GCash ref nos (13 digits) and JazzCash TIDs trip the card rule; we'll require a Luhn pass AND a card-ish label before flagging. IBAN rule stays mod-97 only." % ticket(),
    lambda: "ExternalSecret `payout-partner-creds` is failing: `SecretSyncedError: could not get secret data from provider` — IAM role missing `secretsmanager:GetSecretValue` for `prod/payout/%s`. No value exposed." % ch(["jazzcash", "gcash", "easypaisa", "bdo"]),
    lambda: "Q: Saan nakalagay yung AWS keys ng settlement uploader?\nA: Wala na tayong static keys — IRSA role na siya since v%d.%d. Kung may nakita kang AKIA sa code, report mo." % (ri(2, 4), ri(0, 20)),
    lambda: "سوال: کیا ہم کسٹمر کا پاس ورڈ ری سیٹ کر کے اسے واٹس ایپ پر بھیج سکتے ہیں؟\nجواب: نہیں، ری سیٹ لنک صرف ایپ کے ذریعے جاتا ہے۔",
    lambda: "ملخص الحادثة %s: تم نشر رمز وصول في قناة عامة لمدة %d دقيقة. تم إلغاؤه وإصدار رمز جديد، ولم يُلاحظ أي استخدام غير مصرح به." % (ticket(), ri(5, 90)),
    lambda: "Security sync %s:\n- Slack bot token rotated ✅\n- Anthropic key for the Urdu/Arabic translator moved to Vault ✅\n- SFTP passwords → keys (BDO done, Meezan pending)\n- Reminder: walang secrets sa screenshots" % iso_date(),
    lambda: "Bhai %s wala ticket dekho — customer ne apna card number aur CVV chat pe likh diya tha. Message delete ho gaya, PCI team ko inform kar diya, card block karwane ka bol diya." % ticket(),
]


def neg_talk():
    if ri(0, 2) == 0:
        return ch(TALK_TEMPLATES)()
    n = ch([1, 1, 2, 2, 3])
    sents = R.sample(TALK, n)
    return ("\n" if ri(0, 1) else " ").join(sents)


NEG_GENS = [
    ("data_uri_base64", neg_data_uri),
    ("placeholder_example", neg_placeholder_full),
    ("code_identifier", neg_code_identifier),
    ("non_credential_blob", neg_blob),
    ("pii_lookalike_number", neg_pii_lookalike),
    ("talk_about_secrets", neg_talk),
]


# ---------------------------------------------------------------------------
# POSITIVES
# ---------------------------------------------------------------------------
PW_WORDS = ["Mabuhay", "Salamat", "Karachi", "Lahore", "Deira", "Pasig", "Kabayan", "Shukriya", "Padala", "Barkada",
            "Sampaguita", "Falcon", "Bulbul", "Jeepney", "Biryani", "Adobo", "Karak", "Sinigang", "Multan", "Cebu"]


def password(url_safe=False):
    k = ri(0, 3)
    syms = "!*_~" if url_safe else "!#%*_$&?"
    if k == 0:
        return ch(PW_WORDS) + ch(syms) + str(ri(1000, 9999)) + ch(syms)
    if k == 1:
        return ch(PW_WORDS) + ch(PW_WORDS).lower() + str(ri(10, 99)) + ch(syms)
    if k == 2:
        while True:
            v = rs(B62, ri(12, 18))
            if any(c.isdigit() for c in v) and any(c.isupper() for c in v) and any(c.islower() for c in v):
                return v[:5] + ch(syms) + v[5:]
    return rs(B62, 4) + ch(syms + ".") + rs(B62, 4) + ch(syms + ".") + rs(B62, 4)


FIL_NAMES = ["maricel.santos", "jr.delacruz", "ana.reyes88", "kristine_bautista", "mark.villanueva", "joy.mendoza21", "rhea.garcia", "paolo.ramos"]
PK_NAMES = ["ahmed.raza", "fatima.khan92", "bilal_qureshi", "ayesha.malik", "usman.tariq", "hira.siddiqui", "zainab.anwar"]
AR_NAMES = ["m.alhashimi", "noura.alketbi", "khalid.almansoori", "sara.alnuaimi", "omar.haddad"]
MAIL_DOMS = ["gmail.com", "yahoo.com", "outlook.com", "hotmail.com", "icloud.com", "yahoo.com.ph", "live.com"]


def email(pool=None):
    pool = pool or ch([FIL_NAMES, PK_NAMES, AR_NAMES])
    doms = MAIL_DOMS if pool is FIL_NAMES else [d for d in MAIL_DOMS if not d.endswith(".ph")]
    return ch(pool) + ch(["", str(ri(1, 99))]) + "@" + ch(doms)


LONG_TL = ("Hello team, follow-up lang po dito sa case kahapon. Yung sender nasa Abu Dhabi, nagpadala ng %s papuntang Pampanga "
           "via %s. Na-debit na daw sa kanya, pero sabi ng receiver wala pa rin. Tinawagan ko na yung partner, ang sabi nila "
           "na-reject daw dahil name mismatch — yung nasa wallet ay nickname lang. Nag-request na ako ng reprocess pero kailangan "
           "natin ng bagong detalye. Inulit ko kay customer at eto yung binigay niyang updated info:")
LONG_UR = ("السلام علیکم، کل والے کیس کے بارے میں اپڈیٹ: بھیجنے والے دبئی میں ہیں اور انہوں نے %s بھیجے تھے۔ پارٹنر کہہ رہا ہے "
           "کہ اکاؤنٹ ٹائٹل میچ نہیں ہوا اس لیے ٹرانزیکشن واپس آ گئی۔ میں نے کسٹمر سے دوبارہ بات کی ہے، انہوں نے درست "
           "تفصیلات بھیجی ہیں۔ براہ کرم جلدی ری پروسیس کر دیں کیونکہ فیملی کو آج ہی رقم چاہیے:")


def quote(text):
    return "\n".join("> " + l for l in text.split("\n"))


# each template returns (text, [(kind, value), ...])
def P_phone():
    T = []
    def t0():
        v = ph_mobile()
        return "Pa-check naman po, hindi pa daw natatanggap ni receiver yung padala. GCash niya: %s — ref %s, %s" % (v, tr_ref(), php_amt()), [("phone_number", v)]
    def t1():
        v = pk_mobile()
        return "Bhai ye JazzCash wallet %s pe payout fail ho raha hai, \"invalid MSISDN\" aa raha hai. TID %s, please dekh lo" % (v, jazz_tid()), [("phone_number", v)]
    def t2():
        v = pk_mobile(ch([0, 1, 4]))
        return "کسٹمر نے کال بیک کی درخواست کی ہے، نمبر: %s — کیس %s" % (v, kyc_case()), [("phone_number", v)]
    def t3():
        v = ae_mobile()
        return "العميل يطلب الاتصال به بخصوص الحوالة %s، رقم الهاتف: %s" % (tr_ref(), v), [("phone_number", v)]
    def t4():
        v = ph_mobile(ch([0, 2, 4]))
        return ("| field | value |\n|---|---|\n| transfer | %s |\n| corridor | AE→PH |\n| payout | Maya wallet |\n| beneficiary mobile | %s |\n| status | ON_HOLD (name mismatch) |" % (tr_ref(), v), [("phone_number", v)])
    def t5():
        v = pk_mobile(ch([1, 4]))
        return ("callback list for today:\n```\ncase_id,corridor,callback_number,reason\n%s,AE-PK,%s,title mismatch\n%s,AE-PK,03xx-xxxxx%s,answered already\n%s,SA-PK,(no number),email only\n```" % (kyc_case(), v, kyc_case(), digits(2), kyc_case()), [("phone_number", v)])
    def t6():
        v = ph_mobile(3)
        return ("```\n{\"level\":\"warn\",\"svc\":\"payout-router\",\"partner\":\"gcash\",\"msisdn\":\"%s\",\"err\":\"WALLET_NOT_FOUND\",\"ref\":\"%s\",\"ts\":\"%sT%s:%02dZ\"}\n```" % (v, tr_ref(), iso_date(), hhmm(), ri(0, 59)), [("phone_number", v)])
    def t7():
        v = ae_mobile()
        return ("%s\nsabi niya naka-roaming siya sa Dubai, eto daw yung UAE number niya %s, doon na lang daw i-send yung SMS notif" % (quote("customer says the SMS notification never arrived for %s" % tr_ref()), v), [("phone_number", v)])
    def t8():
        p, s = ch(AE_MOBILE_PFX), sub7()
        v = to_ar("0%s %s %s" % (p, s[:3], s[3:]))
        return "رقم جوال المستفيد حسب النموذج الورقي: %s — يرجى التأكد قبل الإرسال" % v, [("phone_number", v)]
    def t9():
        p, s = ch(PK_MOBILE_PFX), sub7()
        v = to_ur("0%s-%s" % (p, s))
        return "وصول کنندہ کا موبائل نمبر %s ہے، ایزی پیسہ اکاؤنٹ اسی پر ہے۔ ٹرانزیکشن %s" % (v, jazz_tid()), [("phone_number", v)]
    def t10():
        v = ph_landline()
        return (LONG_TL % (php_amt(), ch(["GCash", "Palawan Express", "Cebuana"]))) + "\ncontact (office landline ng tita niya): %s" % v, [("phone_number", v)]
    def t11():
        p, s = ch(PH_MOBILE_PFX), sub7()
        v = "0%s - %s - %s" % (p, s[:3], s[3:])
        return "number niya daw ay %s pero baka mali yung isang digit, pakiconfirm sa app bago natin i-reprocess" % v, [("phone_number", v)]
    def t12():
        v = us_phone()
        return "US sender called in from %s asking why the USD→PHP rate moved (quoted %s, got %s). Transfer %s." % (v, rate("USD/PHP"), rate("USD/PHP"), tr_ref()), [("phone_number", v)]
    def t13():
        v = pk_landline()
        return "Branch ka landline %s hai, wahan se confirm karwa lo agent code %s ka cash-out limit" % (v, ch(["PK-LHR-A", "PK-KHI-A"]) + digits(4)), [("phone_number", v)]
    def t14():
        v = sa_mobile()
        return "المرسل من الرياض، جواله %s، يسأل عن حوالة إلى لاهور رقم %s" % (v, tr_ref()), [("phone_number", v)]
    return [t0, t1, t2, t3, t4, t5, t6, t7, t8, t9, t10, t11, t12, t13, t14]


def P_password():
    def t0():
        v = password()
        return "```dotenv\nJAZZCASH_MERCHANT_ID=MC%s\nJAZZCASH_PASSWORD=%s\nJAZZCASH_RETURN_URL=https://api.tulayremit.com/cb/jazzcash\n```" % (digits(5), v), [("password", v)]
    def t1():
        v = password()
        return "pw ng SFTP ng BDO settlement: %s — pakipalitan after ma-test ha, temporary lang daw sabi ng bank" % v, [("password", v)]
    def t2():
        v = password()
        return "پورٹل کا یوزر نیم ops_lhr اور پاس ورڈ %s ہے، لاگ ان کر کے کل کی سیٹلمنٹ رپورٹ نکال لیں" % v, [("password", v)]
    def t3():
        v = password()
        return "بيانات الدخول لبوابة الشريك:\nاسم المستخدم: tulay_ops\nكلمة المرور: %s" % v, [("password", v)]
    def t4():
        v = password(True)
        return "```\nServer=recon-sql.tulay.internal,1433;Database=remit_recon;User Id=recon_ro;Password=%s;Encrypt=True;TrustServerCertificate=False\n```" % v, [("password", v)]
    def t5():
        v = password(True)
        return "```yaml\nspring:\n  datasource:\n    url: jdbc:postgresql://%s:5432/payouts\n    username: payout_app\n    password: %s\n```" % (private_ip(), v), [("password", v)]
    def t6():
        v = password()
        return "Easypaisa merchant portal ka password %s hai, 2FA mere phone pe aata hai to login karne se pehle mujhe ping karna" % v, [("password", v)]
    def t7():
        v = password()
        return "| system | user | password |\n|---|---|---|\n| Cebuana partner portal | tulay_ops2 | %s |\n| Raast dashboard | (SSO) | — |\n| Al Ansari portal | (SSO) | — |" % v, [("password", v)]
    def t8():
        v = password()
        return "%s\n%s — wag niyo i-share sa labas ng team ha" % (quote("ano ulit yung password ng shared Maya business account?"), v), [("password", v)]
    def t9():
        v = password(True)
        return "```\nsystem,username,password,notes\nPESONet gateway,tly_batch,%s,rotated %s\nInstaPay console,(SSO),,\n```" % (v, iso_date()), [("password", v)]
    def t10():
        v = password(True)
        return "```yaml\n  rabbitmq:\n    image: rabbitmq:3.13-management\n    environment:\n      - RABBITMQ_DEFAULT_USER=payout\n      - RABBITMQ_DEFAULT_PASS=%s\n```" % v, [("password", v)]
    def t11():
        v = password(True)
        return "```python\nconn = pysftp.Connection(\"sftp.meezan-settle.internal\", username=\"tulay\", password=\"%s\")\n```" % v, [("password", v)]
    def t12():
        v = password()
        return "the password for the Al Ansari cash-pickup portal is %s يرجى عدم مشاركتها مع الوكلاء" % v, [("password", v)]
    return [t0, t1, t2, t3, t4, t5, t6, t7, t8, t9, t10, t11, t12]


def P_card():
    def t0():
        n, _ = card(); v = fmt_card(n, ch(["space", "plain"]))
        return "%s\nagent: ma'am, hindi po namin kailangan ang buong card number. Ide-delete ko po ito." % quote("Customer (chat): eto po card ko %s, bakit po declined?" % v), [("credit_card", v)]
    def t1():
        n, _ = card(); v = fmt_card(n, "space")
        return "customer ne card number chat mein bhej diya %s, isko transcript se hatana hai, ticket %s" % (v, ticket()), [("credit_card", v)]
    def t2():
        n, _ = card(ch(["visa", "mc"])); v = fmt_card(n, "space")
        return "رقم البطاقة المستخدمة في التحويل %s: %s" % (tr_ref(), v), [("credit_card", v)]
    def t3():
        n, net = card(); v = n
        return "```\n%sT%s:%02dZ ERROR acquirer-adapter pan=%s brand=%s rc=05 \"Do not honor\" ref=%s\n```" % (iso_date(), hhmm(), ri(0, 59), v, net.upper(), tr_ref()), [("credit_card", v)]
    def t4():
        n, _ = card(); v = fmt_card(n, "dash")
        return "```\ntxn_ref,card_number,amount,currency,reason\n%s,%s,%d.00,AED,fraud_reported\n```" % (tr_ref(), v, ri(100, 5000)), [("credit_card", v)]
    def t5():
        n, net = card("visa"); v = n
        return "```json\n\"funding\": {\"type\": \"card\", \"pan\": \"%s\", \"network\": \"VISA\", \"country\": \"AE\"}\n```" % v, [("credit_card", v)]
    def t6():
        n, _ = card(); v = fmt_card(n, "space")
        return "کارڈ نمبر %s سے پیمنٹ دو بار کٹ گئی ہے، کسٹمر ریفنڈ مانگ رہا ہے" % v, [("credit_card", v)]
    def t7():
        n, _ = card("amex"); v = fmt_card(n, "space")
        return "amex daw gamit niya, %s — hindi supported sa AE→PH diba? paki-confirm" % v, [("credit_card", v)]
    def t8():
        n, _ = card(); v = fmt_card(n, "space")
        return (LONG_UR % pkr_amt()) + "\nکارڈ: %s" % v, [("credit_card", v)]
    def t9():
        n, _ = card("mc"); v = fmt_card(n, "space")
        return "| ref | card | amount | status |\n|---|---|---|---|\n| %s | %s | %s | CHARGEBACK |" % (tr_ref(), v, aed_amt()), [("credit_card", v)]
    def t10():
        n, _ = card(ch(["discover", "jcb", "visa"])); v = fmt_card(n, "dash")
        return "Sender from Sharjah insists the card %s was charged twice for %s. Ticket %s." % (v, tr_ref(), ticket()), [("credit_card", v)]
    return [t0, t1, t2, t3, t4, t5, t6, t7, t8, t9, t10]


def P_email():
    def t0():
        v = email(FIL_NAMES)
        return "paki-resend ng e-receipt sa %s, hindi daw dumating (baka nasa spam). Ref %s" % (v, tr_ref()), [("email_address", v)]
    def t1():
        v = email(PK_NAMES)
        return "کسٹمر کی ای میل %s ہے، اس پر KYC دوبارہ اپلوڈ کرنے کا لنک بھیج دیں" % v, [("email_address", v)]
    def t2():
        v = email(AR_NAMES)
        return "البريد الإلكتروني للعميل: %s — يطلب كشف حساب للحوالات لشهر %s" % (v, ch(["أكتوبر", "نوفمبر", "سبتمبر"])), [("email_address", v)]
    def t3():
        v = email()
        return "```\n{\"event\":\"kyc.resubmit_requested\",\"case\":\"%s\",\"notify\":\"%s\",\"channel\":\"email\"}\n```" % (kyc_case(), v), [("email_address", v)]
    def t4():
        v = email()
        return "%s\nyes, %s is the address on the account" % (quote("which email did the sender register with?"), v), [("email_address", v)]
    return [t0, t1, t2, t3, t4]


def P_iban():
    def t0():
        v = group4(iban("PK"))
        return "beneficiary ka IBAN %s hai, Meezan mein. title mismatch aa raha hai, naam mein \"Muhammad\" vs \"M.\" ka farq hai" % v, [("iban", v)]
    def t1():
        v = ch([iban("AE"), group4(iban("AE"))])
        return "رقم الآيبان للمرسل: %s — بنك %s" % (v, ch(["الإمارات دبي الوطني", "المشرق", "أبوظبي الأول"])), [("iban", v)]
    def t2():
        v = iban("PK")
        return "آئی بین: %s\nبینک: %s\nرقم: %s" % (v, ch(["میزان بینک", "حبیب بینک", "یو بی ایل"]), pkr_amt()), [("iban", v)]
    def t3():
        v = group4(iban("PK"))
        return "| field | value |\n|---|---|\n| BIC | %s |\n| IBAN | %s |\n| amount | %s |" % (ch(BICS[5:10]), v, pkr_amt()), [("iban", v)]
    def t4():
        v = iban("PK")
        return "MT103 na ni-reject, field 59:\n```\n:59:/%s\nTULAY REMIT BENEFICIARY ACCT\n:70:/RFB/%s\n:71A:SHA\n```" % (v, tr_ref()), [("iban", v)]
    def t5():
        v = group4(iban("SA"))
        return "Saudi sender funding from %s, IBAN %s. Rate SAR/PKR %s." % (ch(["Al Rajhi", "SNB", "Riyad Bank"]), v, rate("SAR/PKR")), [("iban", v)]
    def t6():
        v = iban("GB")
        return "```\npayout_batch,beneficiary_iban,amount_gbp,ref\n%s,%s,%d.00,%s\n```" % ("GBPK-%s" % date8(), v, ri(50, 3000), tr_ref()), [("iban", v)]
    def t7():
        v = group4(iban("AE"))
        return "Refund to sender's UAE account please — IBAN %s, original transfer %s (%s)." % (v, tr_ref(), aed_amt()), [("iban", v)]
    return [t0, t1, t2, t3, t4, t5, t6, t7]


def P_ssn():
    def t0():
        v = ssn()
        return "US sender for CIP (sending to Iloilo), SSN %s, W-9 attached in %s" % (v, kyc_case()), [("us_ssn", v)]
    def t1():
        v = ssn()
        return "Fil-Am sender, hinihingi ng compliance yung SSN niya for the >USD 3k transfer: %s" % v, [("us_ssn", v)]
    def t2():
        v = ssn()
        return "```yaml\nsender:\n  country: US\n  tin_type: SSN\n  tin: \"%s\"\n  corridor: US-PH\n```" % v, [("us_ssn", v)]
    def t3():
        v = ssn("space")
        return "customer read his SSN over the phone as %s, I typed it into the CIP form, pls verify" % v, [("us_ssn", v)]
    def t4():
        v = ssn()
        return "رقم الضمان الاجتماعي للمرسل (US): %s" % v, [("us_ssn", v)]
    return [t0, t1, t2, t3, t4]


def P_ipv4():
    def t0():
        v = public_ip()
        return "Pakidagdag sa allowlist ng JazzCash yung bagong NAT IP natin: %s (galing sa bagong egress gateway)" % v, [("ipv4_address", v)]
    def t1():
        v = public_ip()
        return "```\n%s - - [%02d/Nov/2025:%s:%02d +0400] \"POST /v2/payouts HTTP/1.1\" 401 %d \"-\" \"okhttp/4.12.0\"\n```\nsino 'to? hindi sa atin yung IP" % (v, ri(1, 28), hhmm(), ri(0, 59), ri(80, 400)), [("ipv4_address", v)]
    def t2():
        v = public_ip()
        return "پارٹنر کا نیا سرور آئی پی %s ہے، فائر وال میں پورٹ 443 کھول دیں" % v, [("ipv4_address", v)]
    def t3():
        v = public_ip()
        return "عنوان IP الخاص بخادم الشريك: %s — يرجى إضافته إلى القائمة البيضاء" % v, [("ipv4_address", v)]
    def t4():
        v = public_ip()
        return "```hcl\nresource \"aws_security_group_rule\" \"easypaisa_callback\" {\n  type        = \"ingress\"\n  from_port   = 443\n  to_port     = 443\n  protocol    = \"tcp\"\n  cidr_blocks = [\"%s/32\"]\n}\n```" % v, [("ipv4_address", v)]
    return [t0, t1, t2, t3, t4]


def P_urlcred():
    def t0():
        v = password(True)
        return "```\nDATABASE_URL=postgres://payout_svc:%s@remit-prod.cluster-c%s.me-central-1.rds.amazonaws.com:5432/payouts\n```" % (v, rs(LO + DG, 10)), [("url_credentials", v)]
    def t1():
        v = password(True)
        return "gamitin mo muna 'to habang wala pa yung key: sftp://bdo_settle:%s@sftp.tulayremit.com:22/inbound" % v, [("url_credentials", v)]
    def t2():
        v = password(True)
        return "```python\nMONGO_URI = \"mongodb+srv://kyc_reader:%s@kyc-cluster.%s.mongodb.net/kyc?retryWrites=true\"\n```" % (v, rs(LO + DG, 5)), [("url_credentials", v)]
    def t3():
        v = password(True)
        return "fx-cache: `redis://:%s@fx-cache.tulay.internal:6379/0`" % v, [("url_credentials", v)]
    def t4():
        v = password(True)
        return "```yaml\nbroker_url: amqps://ops:%s@mq.tulayremit.com:5671/payouts\n```" % v, [("url_credentials", v)]
    def t5():
        v = password(True)
        return "ye URL chalao Postman mein: https://tulay_api:%s@sandbox.easypaisa-partner.pk/v1/disburse — basic auth usi mein hai" % v, [("url_credentials", v)]
    def t6():
        v = password(True)
        return "```python\nengine = create_engine(\"mysql+pymysql://recon:%s@%s/recon\")\n```" % (v, private_ip()), [("url_credentials", v)]
    return [t0, t1, t2, t3, t4, t5, t6]


def P_jwt():
    def t0():
        v = jwt()
        return "```\ncurl -s https://api.tulayremit.com/v2/transfers/%s \\\n  -H \"Authorization: Bearer %s\"\n```" % (tr_ref(), v), [("jwt", v)]
    def t1():
        v = jwt()
        return "expired na ba 'to? 401 kasi sa quote endpoint:\n%s" % v, [("jwt", v)]
    def t2():
        v = jwt()
        return "```json\n{\n  \"name\": \"tulay-staging\",\n  \"values\": [\n    {\"key\": \"baseUrl\", \"value\": \"https://staging-api.tulayremit.com\"},\n    {\"key\": \"accessToken\", \"value\": \"%s\"}\n  ]\n}\n```" % v, [("jwt", v)]
    def t3():
        v = jwt()
        return "Bhai ye token partner ko bhejna hai testing ke liye, 1 ghante mein expire ho jayega: %s" % v, [("jwt", v)]
    def t4():
        v = jwt()
        return "```\nPOST /v2/payouts HTTP/1.1\nHost: api.tulayremit.com\nAuthorization: Bearer %s\nIdempotency-Key: %s\nContent-Type: application/json\n```" % (v, uuid4()), [("jwt", v)]
    def t5():
        v = jwt()
        return "رمز الوصول للوكيل (صالح لمدة ٨ ساعات):\n%s" % v, [("jwt", v)]
    def t6():
        v = jwt()
        return "```\n%sT%s:%02dZ DEBUG auth-mw token=%s path=/v2/quotes status=403\n```" % (iso_date(), hhmm(), ri(0, 59), v), [("jwt", v)]
    def t7():
        v = jwt()
        return "%s\neto yung galing sa ops console, naka-ops_l2 role: `%s`" % (quote("may token ka ba for recon API? need ko lang mag-pull ng settlement"), v), [("jwt", v)]
    return [t0, t1, t2, t3, t4, t5, t6, t7]


PEM_LAYOUTS = []


def P_pem():
    kinds = ["ec", "ed25519", "rsa", "openssh", "rsa", "ec", "openssh", "ed25519", "ec"]
    out = []
    for layout in range(9):
        out.append((layout, kinds[layout]))
    return out


def pem_text(layout, kind):
    label, lines = pem_lines(kind)
    begin, end = "-----BEGIN %s-----" % label, "-----END %s-----" % label
    if layout == 0:
        v = "\n".join(lines)
        t = "eto yung key ng SFTP ng BDO settlement, pakilagay na lang sa vault tapos burahin ko 'to:\n```\n%s\n%s\n%s\n```" % (begin, v, end)
    elif layout == 1:
        v = "\\n".join(lines)
        t = "```json\n{\n  \"type\": \"service_account\",\n  \"client_id\": \"%s\",\n  \"private_key\": \"%s\\n%s\\n%s\\n\"\n}\n```" % (digits(21, True), begin, v, end)
    elif layout == 2:
        v = "\n    ".join(lines)
        t = "```yaml\napiVersion: v1\nkind: Secret\nmetadata:\n  name: sftp-bridge-meezan\ntype: Opaque\nstringData:\n  id_key: |\n    %s\n    %s\n    %s\n```" % (begin, v, end)
    elif layout == 3:
        v = "\n> ".join(lines)
        t = "> %s\n> %s\n> %s\nbhai ye private key kisne paste ki? turant rotate karo" % (begin, v, end)
    elif layout == 4:
        v = "\n".join(lines)
        t = "```hcl\nresource \"tls_locally_signed_cert\" \"partner_mtls\" {\n  ca_private_key_pem = <<EOF\n%s\n%s\n%s\nEOF\n}\n```" % (begin, v, end)
    elif layout == 5:
        v = "\n".join(lines)
        t = "```python\nJAZZCASH_MTLS_KEY = \"\"\"%s\n%s\n%s\n\"\"\"\n```" % (begin, v, end)
    elif layout == 6:
        v = "\n".join(lines)
        t = (LONG_UR % pkr_amt()).split(":")[0] + "۔ اور یہ رہی سرور کی کی:\n%s\n%s\n%s" % (begin, v, end)
    elif layout == 7:
        v = "\n".join(lines)
        t = "المفتاح الخاص لبوابة الدفع (مؤقت):\n%s\n%s\n%s" % (begin, v, end)
    else:
        v = "\\n".join(lines)
        t = "```\nPARTNER_SIGNING_KEY=\"%s\\n%s\\n%s\"\n```" % (begin, v, end)
    return t, [("private_key_pem", v)], "private_key_pem:%s:layout%d" % (kind, layout)


def P_akid():
    def t0():
        v = akid()
        return "IAM: access key %s was created for `svc-settlement-uploader` — bakit may static key pa? IRSA na dapat" % v, [("aws_access_key_id", v)]
    def t1():
        v = akid()
        return "```json\n\"userIdentity\": {\"type\": \"IAMUser\", \"userName\": \"recon-batch\", \"accessKeyId\": \"%s\"},\n\"eventName\": \"GetObject\"\n```" % v, [("aws_access_key_id", v)]
    def t2():
        v = akid()
        return "ye key id %s purane laptop pe thi, deactivate kar di hai lekin delete abhi nahi ki" % v, [("aws_access_key_id", v)]
    return [t0, t1, t2]


def P_awssecret():
    def t0():
        v = aws_secret()
        return "yung secret (40 chars) para sa uploader: %s — key id nasa 1Password na" % v, [("aws_secret_access_key", v)]
    def t1():
        v = aws_secret()
        return "```ini\n[recon]\naws_secret_access_key = %s\nregion = me-central-1\n```" % v, [("aws_secret_access_key", v)]
    def t2():
        v = aws_secret()
        return "المفتاح السري لحساب الرفع: %s" % v, [("aws_secret_access_key", v)]
    return [t0, t1, t2]


def P_ghp():
    def t0():
        v = ghp()
        return "use my PAT for the remit-core CI for now: %s (expires in 7 days)" % v, [("github_classic_pat", v)]
    def t1():
        v = ghp()
        return "```\ngit clone https://x-access-token:%s@github.com/tulay/payout-router.git\n```" % v, [("github_classic_pat", v)]
    def t2():
        v = ghp()
        return "Bhai GH_TOKEN=%s set kar do runner pe, release script ko chahiye" % v, [("github_classic_pat", v)]
    def t3():
        v = ghp()
        return "```yaml\n# .npmrc in agent-portal\n//npm.pkg.github.com/:_authToken=%s\n```" % v, [("github_classic_pat", v)]
    def t4():
        v = ghp()
        return "رمز GitHub لخدمة الترجمة: %s" % v, [("github_classic_pat", v)]
    def t5():
        v = ghp()
        return "%s\n%s" % (quote("sino may token na may access sa kyc-rules repo?"), v), [("github_classic_pat", v)]
    return [t0, t1, t2, t3, t4, t5]


def P_ghpat():
    def t0():
        v = github_pat()
        return "fine-grained token para sa recon-bot (read-only sa settlement-configs): %s" % v, [("github_fine_grained_pat", v)]
    def t1():
        v = github_pat()
        return "```bash\nexport GITHUB_TOKEN=%s\ngh release create v%d.%d.%d --repo tulay/fx-quote\n```" % (v, ri(1, 4), ri(0, 30), ri(0, 9)), [("github_fine_grained_pat", v)]
    def t2():
        v = github_pat()
        return "ٹوکن یہ ہے: %s — صرف payout-router ریپو کے لیے" % v, [("github_fine_grained_pat", v)]
    def t3():
        v = github_pat()
        return "```toml\n[github]\nowner = \"tulay\"\ntoken = \"%s\"\n```" % v, [("github_fine_grained_pat", v)]
    def t4():
        v = github_pat()
        return "Renovate needs this, naka-scope sa 3 repos lang: %s" % v, [("github_fine_grained_pat", v)]
    return [t0, t1, t2, t3, t4]


def P_xoxb():
    def t0():
        v = xoxb()
        return "```dotenv\n# payout-alerts bot\nSLACK_BOT_TOKEN=%s\nSLACK_CHANNEL=#payops-alerts\n```" % v, [("slack_bot_token", v)]
    def t1():
        v = xoxb()
        return "yung bot token ng OTP-failure notifier: %s — paki-update sa staging" % v, [("slack_bot_token", v)]
    def t2():
        v = xoxb()
        return "```python\napp = App(token=\"%s\", signing_secret=os.environ[\"SLACK_SIGNING_SECRET\"])\n```" % v, [("slack_bot_token", v)]
    def t3():
        v = xoxb()
        return "Bhai naye KYC-escalation bot ka token %s hai, workspace mein install ho gaya" % v, [("slack_bot_token", v)]
    def t4():
        v = xoxb()
        return "```\ncurl -X POST -H 'Authorization: Bearer %s' -d channel=C0%s -d text='recon done' https://slack.com/api/chat.postMessage\n```" % (v, rs(UP + DG, 9)), [("slack_bot_token", v)]
    def t5():
        v = xoxb()
        return "رمز البوت الخاص بتنبيهات الحوالات: %s" % v, [("slack_bot_token", v)]
    return [t0, t1, t2, t3, t4, t5]


def P_xoxp():
    def t0():
        v = xoxp()
        return "user token ko muna gamitin para sa export ng #payops history: %s" % v, [("slack_user_token", v)]
    def t1():
        v = xoxp()
        return "```yaml\nslack:\n  user_token: %s\n  export_channels: [payops, kyc-escalations]\n```" % v, [("slack_user_token", v)]
    def t2():
        v = xoxp()
        return "Apna user token de raha hoon audit script ke liye, kaam ke baad revoke kar dunga: %s" % v, [("slack_user_token", v)]
    def t3():
        v = xoxp()
        return "```\nSLACK_USER_TOKEN=%s python export_dm.py --since %s\n```" % (v, iso_date()), [("slack_user_token", v)]
    def t4():
        v = xoxp()
        return "رمز المستخدم لتصدير القناة: %s" % v, [("slack_user_token", v)]
    return [t0, t1, t2, t3, t4]


def P_openai():
    def t0():
        v = openai_key()
        return "```dotenv\n# ticket-summarizer (Taglish → EN)\nOPENAI_API_KEY=%s\nOPENAI_MODEL=gpt-4o-mini\n```" % v, [("openai_api_key", v)]
    def t1():
        v = openai_key()
        return "eto yung key para sa translation bot ng Urdu tickets: %s" % v, [("openai_api_key", v)]
    def t2():
        v = openai_key()
        return "```python\nclient = OpenAI(api_key=\"%s\")\n```" % v, [("openai_api_key", v)]
    def t3():
        v = openai_key()
        return "Bhai OpenAI ki key %s hai, spend limit $50 lagi hui hai" % v, [("openai_api_key", v)]
    def t4():
        v = openai_key()
        return "مفتاح OpenAI لبوت تلخيص الشكاوى: %s" % v, [("openai_api_key", v)]
    return [t0, t1, t2, t3, t4]


def P_anthropic():
    def t0():
        v = anthropic_key()
        return "ANTHROPIC_API_KEY=%s" % v, [("anthropic_api_key", v)]
    def t1():
        v = anthropic_key()
        return "```ts\nconst client = new Anthropic({ apiKey: \"%s\" });\n```" % v, [("anthropic_api_key", v)]
    def t2():
        v = anthropic_key()
        return "key para sa KYC-case summarizer (Claude): %s — paki-lipat sa vault bukas" % v, [("anthropic_api_key", v)]
    def t3():
        v = anthropic_key()
        return "ye Claude wali key hai Arabic/Urdu complaints ke translation ke liye: %s" % v, [("anthropic_api_key", v)]
    def t4():
        v = anthropic_key()
        return "```yaml\nllm:\n  provider: anthropic\n  api_key: %s\n  max_tokens: 1024\n```" % v, [("anthropic_api_key", v)]
    def t5():
        v = anthropic_key()
        return "مفتاح Anthropic الجديد: %s" % v, [("anthropic_api_key", v)]
    return [t0, t1, t2, t3, t4, t5]


SINGLE_PLAN = [
    ("phone_number", 13, P_phone), ("password", 12, P_password), ("credit_card", 11, P_card),
    ("email_address", 4, P_email), ("iban", 7, P_iban), ("us_ssn", 4, P_ssn), ("ipv4_address", 4, P_ipv4),
    ("url_credentials", 6, P_urlcred), ("jwt", 8, P_jwt), ("aws_access_key_id", 3, P_akid),
    ("aws_secret_access_key", 3, P_awssecret), ("github_classic_pat", 8, P_ghp), ("github_fine_grained_pat", 9, P_ghpat),
    ("slack_bot_token", 7, P_xoxb), ("slack_user_token", 7, P_xoxp), ("openai_api_key", 7, P_openai),
    ("anthropic_api_key", 8, P_anthropic),
]


# multi-secret messages
def M_aws(layout):
    a, s = akid(), aws_secret()
    if layout == 0:
        t = "```ini\n[settlement-uploader]\naws_access_key_id = %s\naws_secret_access_key = %s\nregion = me-central-1\n```" % (a, s)
    elif layout == 1:
        t = "```bash\nexport AWS_ACCESS_KEY_ID=%s\nexport AWS_SECRET_ACCESS_KEY=%s\naws s3 cp GCASH_SETTLEMENT_%s.csv s3://tulay-settlement-prod/gcash/\n```" % (a, s, date8())
    elif layout == 2:
        t = "```python\ns3 = boto3.client(\n    \"s3\",\n    aws_access_key_id=\"%s\",\n    aws_secret_access_key=\"%s\",\n)\n```" % (a, s)
    elif layout == 3:
        t = "```\nAccess key ID,Secret access key\n%s,%s\n```\nyan yung CSV na na-download ko sa IAM, paki-setup sa recon box" % (a, s)
    elif layout == 4:
        t = "```\ndocker run -e AWS_ACCESS_KEY_ID=%s -e AWS_SECRET_ACCESS_KEY=%s tulay/recon-batch:%d.%d\n```" % (a, s, ri(1, 3), ri(0, 20))
    else:
        t = "بھائی یہ نئی کیز ہیں اپلوڈر کے لیے:\nkey id: %s\nsecret: %s" % (a, s)
    return t, [("aws_access_key_id", a), ("aws_secret_access_key", s)]


def M_slack(layout):
    b, u = xoxb(), xoxp()
    if layout == 0:
        t = "```dotenv\nSLACK_BOT_TOKEN=%s\nSLACK_USER_TOKEN=%s\n```" % (b, u)
    else:
        t = "bot token: %s\nuser token (para sa export lang): %s\npaki-delete after ma-save sa vault" % (b, u)
    return t, [("slack_bot_token", b), ("slack_user_token", u)]


def M_email_phone(layout):
    if layout == 0:
        e, p = email(PK_NAMES), pk_mobile()
        t = "KYC callback (%s): کسٹمر کا نمبر %s اور ای میل %s ہے، شام 6 بجے کے بعد کال کریں" % (kyc_case(), p, e)
    else:
        e, p = email(AR_NAMES), ae_mobile()
        t = "تفاصيل العميل للتواصل:\nالهاتف: %s\nالبريد: %s\nالحالة: %s" % (p, e, kyc_case())
    return t, [("phone_number", p), ("email_address", e)]


def M_iban_phone(layout):
    if layout == 0:
        i, p = group4(iban("PK")), pk_mobile()
        t = "Beneficiary update for %s:\nIBAN: %s\nMobile: %s\nBank: %s" % (tr_ref(), i, p, ch(["HBL", "Meezan", "UBL", "MCB"]))
    else:
        i, p = iban("AE"), ae_mobile()
        t = "refund sa sender: IBAN %s, tawagan daw siya sa %s bago i-process" % (i, p)
    return t, [("iban", i), ("phone_number", p)]


def M_url_ip(layout):
    pw, ip = password(True), public_ip()
    t = "```\npsql \"postgresql://recon_ro:%s@%s:5432/recon?sslmode=require\"\n```\ntemporary public endpoint lang 'to habang inaayos yung VPN" % (pw, ip)
    return t, [("url_credentials", pw), ("ipv4_address", ip)]


def M_pw_ip(layout):
    pw, ip = password(), public_ip()
    t = "SFTP ng Meezan (bago):\nhost: %s\nuser: tulay_settle\npass: %s" % (ip, pw)
    return t, [("ipv4_address", ip), ("password", pw)]


def M_jwt_ip(layout):
    j, ip = jwt(), public_ip()
    t = "```\n%sT%s:%02dZ WARN auth-mw src=%s token=%s reason=\"token reuse from new IP\"\n```" % (iso_date(), hhmm(), ri(0, 59), ip, j)
    return t, [("ipv4_address", ip), ("jwt", j)]


def M_card_email(layout):
    n, _ = card()
    c, e = fmt_card(n, "space"), email(FIL_NAMES)
    t = "Customer emailed from %s with the full card %s asking for a refund of %s. Reply sent, asked them never to send card numbers." % (e, c, aed_amt())
    return t, [("email_address", e), ("credit_card", c)]


def M_ghp_openai(layout):
    g, o = ghp(), openai_key()
    t = "```yaml\n# ticket-summarizer workflow\nenv:\n  GH_TOKEN: %s\n  OPENAI_API_KEY: %s\n```" % (g, o)
    return t, [("github_classic_pat", g), ("openai_api_key", o)]


def M_anth_openai(layout):
    a, o = anthropic_key(), openai_key()
    t = "A/B ng translator (Urdu→EN): Claude key %s vs OpenAI key %s — parehong naka-spend-limit" % (a, o)
    return t, [("anthropic_api_key", a), ("openai_api_key", o)]


def M_ssn_phone(layout):
    s, p = ssn(), us_phone()
    t = "CIP check for US→PH sender:\n- SSN: %s\n- phone: %s\n- corridor: US-PH, %s" % (s, p, ticket())
    return t, [("us_ssn", s), ("phone_number", p)]


def M_pw_email(layout):
    e, pw = email(), password()
    t = "Agent portal login ng bagong sub-agent sa Sharjah: %s / %s — ipa-change niya sa first login" % (e, pw)
    return t, [("email_address", e), ("password", pw)]


MULTI_PLAN = [("aws_pair", M_aws, 6), ("slack_pair", M_slack, 2), ("email_phone", M_email_phone, 2),
              ("iban_phone", M_iban_phone, 2), ("urlcred_ip", M_url_ip, 1), ("password_ip", M_pw_ip, 1),
              ("jwt_ip", M_jwt_ip, 1), ("card_email", M_card_email, 1), ("ghp_openai", M_ghp_openai, 1),
              ("anthropic_openai", M_anth_openai, 1), ("ssn_phone", M_ssn_phone, 1), ("password_email", M_pw_email, 1)]


# ---------------------------------------------------------------------------
# driver
# ---------------------------------------------------------------------------
def covered(hit, secrets):
    kind, h = hit
    if kind == "pem":
        return any(k == "private_key_pem" for k, _ in secrets)
    hn = norm_digits(h).strip()
    hd = re.sub(r"\D", "", hn)
    for _, v in secrets:
        vn = norm_digits(v)
        if hn in vn or vn in hn:
            return True
        if kind in ("luhn", "phone") and hd and hd in re.sub(r"\D", "", vn):
            return True
        if kind == "iban" and hn in vn.replace(" ", ""):
            return True
    return False


def validate_secret(kind, v):
    if kind == "credit_card":
        d = re.sub(r"\D", "", v)
        assert luhn_ok(d) and len(d) in (15, 16) and d[0] in "23456", v
    elif kind == "iban":
        c = v.replace(" ", "")
        assert iban_mod97(c) == 1 and len(c) == IBAN_LEN[c[:2]], v
    elif kind == "us_ssn":
        assert ssn_ok(v), v
    elif kind == "ipv4_address":
        assert ip_is_public(*[int(x) for x in v.split(".")]), v
    elif kind == "jwt":
        assert jwt_ok(v), v
    elif kind == "private_key_pem":
        body = v.replace("\\n", "").replace("\n", "").replace(">", "").replace(" ", "")
        base64.b64decode(body, validate=True)
    elif kind == "phone_number":
        d = re.sub(r"\D", "", norm_digits(v))
        assert any(p.fullmatch(d) for p in PHONE_PATTERNS), v
    elif kind == "aws_access_key_id":
        assert re.fullmatch(r"AKIA[A-Z2-7]{16}", v), v
    elif kind == "aws_secret_access_key":
        assert re.fullmatch(r"[A-Za-z0-9/+]{40}", v), v
    elif kind == "github_classic_pat":
        assert re.fullmatch(r"ghp_[A-Za-z0-9]{36}", v), v
    elif kind == "github_fine_grained_pat":
        assert re.fullmatch(r"github_pat_11[A-Z0-9]{20}_[A-Za-z0-9]{59}", v), v
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
    elif kind in ("password", "url_credentials"):
        assert len(v) >= 8 and " " not in v, v


def decorate(t, lead_p, trail_p, leads, trails):
    if R.random() < lead_p:
        lead = ch(leads)
        t = (lead.rstrip() + "\n" + t) if t.startswith(("```", "|", ">", "-----")) else lead + t
    if R.random() < trail_p:
        t = t + ch(trails)
    return t


def gen_negatives(stats):
    out, seen = [], set()
    for cat, fn in NEG_GENS:
        n = tries = 0
        while n < 100:
            tries += 1
            if tries > 20000:
                raise RuntimeError("cannot fill " + cat)
            t = decorate(fn(), 0.13, 0.06, LEAD_NEG, TRAIL_NEG)
            if t in seen:
                stats["neg_redraw"][(cat, "duplicate")] += 1
                continue
            hits = scan(t)
            if hits:
                stats["neg_redraw"][(cat, hits[0][0])] += 1
                continue
            seen.add(t)
            out.append({"text": t, "category": cat})
            n += 1
    return out


def gen_positives(stats):
    recs, seen = [], set()

    def accept(make, context):
        for _ in range(500):
            t, secs = make()
            t = decorate(t, 0.08, 0.05, LEAD_POS, TRAIL_POS)
            if t in seen:
                continue
            if not all(v in t for _, v in secs):
                raise AssertionError(context)
            bad = [h for h in scan(t) if not covered(h, secs)]
            if bad:
                stats["pos_redraw"][(context, bad[0][0])] += 1
                continue
            for k, v in secs:
                validate_secret(k, v)
            seen.add(t)
            recs.append({"text": t, "secrets": [{"kind": k, "value": v} for k, v in secs], "context": context})
            return
        raise RuntimeError("cannot draw " + context)

    for kind, n, P in SINGLE_PLAN:
        temps = P()
        order = list(range(len(temps)))
        R.shuffle(order)
        for i in range(n):
            idx = order[i % len(order)]
            accept(temps[idx], "%s:t%d" % (kind, idx))
    for layout, kind in P_pem():
        holder = {}

        def mk(layout=layout, kind=kind):
            t, secs, ctx = pem_text(layout, kind)
            holder["ctx"] = ctx
            return t, secs
        accept(mk, "private_key_pem:%s:layout%d" % (kind, layout))
    for name, fn, cnt in MULTI_PLAN:
        for layout in range(cnt):
            accept(lambda fn=fn, layout=layout: fn(layout), "multi:%s:%d" % (name, layout))
    return recs


def main():
    stats = {"neg_redraw": collections.Counter(), "pos_redraw": collections.Counter()}
    neg = gen_negatives(stats)
    pos = gen_positives(stats)
    R.shuffle(neg)
    R.shuffle(pos)
    negs = [{"id": "h%dn-%04d" % (N, i + 1), "text": r["text"], "category": r["category"]} for i, r in enumerate(neg)]
    poss = [{"id": "h%dp-%04d" % (N, i + 1), "text": r["text"], "secrets": r["secrets"], "context": r["context"]} for i, r in enumerate(pos)]

    # final checks
    assert len(negs) == 600 and len({r["text"] for r in negs}) == 600
    assert collections.Counter(r["category"] for r in negs) == collections.Counter({c: 100 for c, _ in NEG_GENS})
    assert len(poss) == 150 and len({r["text"] for r in poss}) == 150
    nsec = sum(len(r["secrets"]) for r in poss)
    assert nsec == 170, nsec
    for r in poss:
        for s in r["secrets"]:
            assert s["value"] in r["text"], (r["id"], s)
            validate_secret(s["kind"], s["value"])
    residual = [(r["id"], scan(r["text"])) for r in negs if scan(r["text"])]
    assert not residual, residual[:3]

    for name, rows in (("negatives", negs), ("positives", poss)):
        path = os.path.join(HERE, "redaction%d_%s.jsonl" % (N, name))
        with open(path, "w", encoding="utf-8", newline="\n") as f:
            for r in rows:
                f.write(json.dumps(r, ensure_ascii=False) + "\n")

    # report
    kinds = collections.Counter(s["kind"] for r in poss for s in r["secrets"])
    per_text = collections.Counter(len(r["secrets"]) for r in poss)
    print("negatives:", len(negs), dict(sorted(collections.Counter(r["category"] for r in negs).items())))
    print("positives:", len(poss), "texts,", nsec, "secrets; secrets per text:", dict(sorted(per_text.items())))
    for k, v in sorted(kinds.items()):
        print("  %-26s %d" % (k, v))
    for name, rows in (("negatives", negs), ("positives", poss)):
        lc = [r["text"].count("\n") + 1 for r in rows]
        print("%s lines: min %d max %d, single-line %d, >=10 lines %d, >=20 lines %d" % (
            name, min(lc), max(lc), sum(1 for x in lc if x == 1), sum(1 for x in lc if x >= 10), sum(1 for x in lc if x >= 20)))
    if "--verbose" in sys.argv:
        by_cat = collections.defaultdict(lambda: [10 ** 9, 0])
        for r in negs:
            lc = r["text"].count("\n") + 1
            b = by_cat[r["category"]]
            b[0], b[1] = min(b[0], lc), max(b[1], lc)
        for c in sorted(by_cat):
            print("  %-22s lines %d/%d" % (c, by_cat[c][0], by_cat[c][1]))
        print("negative redraws:", dict(sorted(stats["neg_redraw"].items())))
        print("positive redraws:", dict(sorted(stats["pos_redraw"].items())))
    # scanner misses on positives (information only)
    miss = collections.Counter()
    for r in poss:
        hits = scan(r["text"])
        for s in r["secrets"]:
            if not any(covered(h, [(s["kind"], s["value"])]) for h in hits):
                miss[s["kind"]] += 1
    print("scanner does not see (by design, no rule for it or value in a non-ASCII form):", dict(sorted(miss.items())))
    print("residual scanner hits on negatives: 0")


if __name__ == "__main__":
    main()
