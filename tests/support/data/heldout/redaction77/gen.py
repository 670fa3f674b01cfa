#!/usr/bin/env python3
"""Generator for held-out redaction corpus #77 (theme: Slack workspace of a ride-hailing and
food-delivery platform in Indonesia, Vietnam and the Philippines).

Standard library only. The only randomness is random.Random(77 * 101). Writes
redaction77_negatives.jsonl, redaction77_positives.jsonl and README.md next to this file.
"""
import base64
import binascii
import hashlib
import json
import math
import os
import random
import re
import struct
import zlib

N = 77
R = random.Random(N * 101)
HERE = os.path.dirname(os.path.abspath(__file__))

# ---------------------------------------------------------------------------------------------
# small random helpers
# ---------------------------------------------------------------------------------------------
DIG = "0123456789"
HEX = "0123456789abcdef"
UP = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
LO = "abcdefghijklmnopqrstuvwxyz"
B62 = DIG + UP + LO
B64 = UP + LO + DIG + "+/"
B64URL = UP + LO + DIG + "-_"


def pick(seq):
    return seq[R.randrange(len(seq))]


def rs(alpha, n):
    return "".join(alpha[R.randrange(len(alpha))] for _ in range(n))


def digits(n, first=None):
    s = rs(DIG, n)
    if first is not None:
        s = pick(first) + s[1:]
    return s


def hexs(n):
    return rs(HEX, n)


def rbytes(n):
    return bytes(R.getrandbits(8) for _ in range(n))


def uuid4():
    b = bytearray(rbytes(16))
    b[6] = (b[6] & 0x0F) | 0x40
    b[8] = (b[8] & 0x3F) | 0x80
    h = b.hex()
    return "%s-%s-%s-%s-%s" % (h[:8], h[8:12], h[12:16], h[16:20], h[20:])


def uuid7(ms):
    b = bytearray(ms.to_bytes(6, "big") + rbytes(10))
    b[6] = (b[6] & 0x0F) | 0x70
    b[8] = (b[8] & 0x3F) | 0x80
    h = b.hex()
    return "%s-%s-%s-%s-%s" % (h[:8], h[8:12], h[12:16], h[16:20], h[20:])


CROCK = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"


def ulid(ms):
    v = (ms << 80) | R.getrandbits(80)
    out = []
    for _ in range(26):
        out.append(CROCK[v & 31])
        v >>= 5
    return "".join(reversed(out))


def b64(b):
    return base64.b64encode(b).decode()


def b64u(b):
    return base64.urlsafe_b64encode(b).decode().rstrip("=")


def epoch():
    return R.randint(1756684800, 1767139200)  # Sep 2025 .. Dec 2025


def iso(ts=None, ms=True):
    import time
    ts = ts or epoch()
    t = time.gmtime(ts)
    s = "%04d-%02d-%02dT%02d:%02d:%02d" % t[:6]
    if ms:
        s += ".%03d" % R.randrange(1000)
    return s + "Z"


def dmy(ts=None, sep="/"):
    import time
    t = time.gmtime(ts or epoch())
    return "%02d%s%02d%s%04d" % (t[2], sep, t[1], sep, t[0])


def ymd(ts=None, sep="-"):
    import time
    t = time.gmtime(ts or epoch())
    return "%04d%s%02d%s%02d" % (t[0], sep, t[1], sep, t[2])


def hms(ts=None):
    import time
    t = time.gmtime(ts or epoch())
    return "%02d:%02d:%02d" % t[3:6]


def idr(v):
    return "Rp" + pick(["", " "]) + "{:,}".format(v).replace(",", ".")


def vnd(v):
    s = "{:,}".format(v).replace(",", ".")
    return pick([s + " ₫", s + "đ", s + " VND", "VND " + "{:,}".format(v)])


def php(v):
    s = "{:,.2f}".format(v)
    return pick(["₱" + s, "PHP " + s, "₱ " + s])


def luhn_ok(s):
    d = [int(c) for c in s if c.isdigit()]
    tot = 0
    for i, x in enumerate(reversed(d)):
        if i % 2 == 1:
            x *= 2
            if x > 9:
                x -= 9
        tot += x
    return tot % 10 == 0


def luhn_complete(prefix, length):
    body = prefix + digits(length - len(prefix) - 1)
    for c in DIG:
        if luhn_ok(body + c):
            return body + c
    raise AssertionError


def mod97(s):
    s = s.replace(" ", "")
    r = s[4:] + s[:4]
    num = "".join(str(int(c, 36)) for c in r)
    return int(num) % 97


def make_iban(cc, bban):
    tmp = bban + cc + "00"
    num = "".join(str(int(c, 36)) for c in tmp)
    chk = 98 - int(num) % 97
    return cc + "%02d" % chk + bban


def group4(s):
    return " ".join(s[i:i + 4] for i in range(0, len(s), 4))


def is_public_ip(ip):
    a, b, c, d = [int(x) for x in ip.split(".")]
    if not all(0 <= x <= 255 for x in (a, b, c, d)):
        return False
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
        ip = "%d.%d.%d.%d" % (R.randint(1, 223), R.randint(0, 255), R.randint(0, 255), R.randint(1, 254))
        if is_public_ip(ip):
            return ip


def private_ip():
    k = R.randrange(4)
    if k == 0:
        return "10.%d.%d.%d" % (R.randint(0, 255), R.randint(0, 255), R.randint(1, 254))
    if k == 1:
        return "172.%d.%d.%d" % (R.randint(16, 31), R.randint(0, 255), R.randint(1, 254))
    if k == 2:
        return "192.168.%d.%d" % (R.randint(0, 255), R.randint(1, 254))
    return pick(["192.0.2.", "198.51.100.", "203.0.113."]) + str(R.randint(1, 254))


def ssn_ok(s):
    m = re.fullmatch(r"(\d{3})-(\d{2})-(\d{4})", s)
    if not m:
        return False
    a, g, sr = m.groups()
    return a not in ("000", "666") and not a.startswith("9") and g != "00" and sr != "0000"


# ---------------------------------------------------------------------------------------------
# theme vocabulary
# ---------------------------------------------------------------------------------------------
CO = "Lajuride"
DOM = "lajuride.com"
CITIES_ID = ["JKT", "SUB", "BDO", "MDN", "DPS", "YOG", "MKS", "SMG"]
CITIES_VN = ["SGN", "HAN", "DAD", "HPH", "CTO"]
CITIES_PH = ["MNL", "CEB", "DVO", "QC", "MKT", "BGC"]
ZONES = ["JKT-SEL-07", "JKT-PUS-02", "JKT-BAR-11", "SUB-TIM-03", "BDO-DAGO-01", "DPS-KUTA-04",
         "SGN-Q1-02", "SGN-Q7-05", "SGN-TB-09", "HAN-HK-01", "HAN-CG-06", "DAD-HC-02",
         "MNL-MKT-01", "MNL-BGC-03", "MNL-QC-08", "CEB-IT-02", "DVO-POB-01"]
WALLETS_ID = ["OVO", "DANA", "ShopeePay", "LinkAja"]
WALLETS_VN = ["MoMo", "ZaloPay", "VNPay"]
WALLETS_PH = ["GCash", "Maya"]
BANKS_ID = ["BCA", "Mandiri", "BRI", "BNI", "CIMB Niaga", "Permata"]
BANKS_VN = ["Vietcombank", "Techcombank", "MB Bank", "VPBank", "ACB", "BIDV"]
BANKS_PH = ["BDO", "BPI", "Metrobank", "UnionBank", "Landbank", "RCBC"]
SERVICES = ["dispatch-matcher", "surge-pricer", "payout-orchestrator", "merchant-onboarding",
            "fraud-scorer", "order-gateway", "driver-location", "eta-predictor", "wallet-ledger",
            "cs-macro-bot", "kyc-verifier", "promo-engine", "notif-fanout"]
CHANNELS = ["#dispatch-alerts", "#payout-ops", "#fraud-review", "#merchant-onboarding-vn",
            "#driver-ops-ph", "#android-crash", "#ios-crash", "#cs-macros", "#surge-jkt",
            "#sre-oncall", "#merchant-onboarding-id", "#payments-eng", "#data-eng"]

LEADS = [
    "fyi", "FYI:", "Guys,", "Gaes,", "Cek dong:", "Tolong dicek ya", "Info aja:", "btw", "Nih log-nya:",
    "Gw nemu ini:", "Sori telat, ini dia:", "Halo tim,", "Rekan-rekan,", "Anh em ơi,", "Mọi người check giúp:",
    "Nhờ team xem giúp:", "Ghi chú:", "Đây là log:", "Pakicheck po:", "Guys, pa-review naman:", "Eto yung output:",
    "Heads up:", "Update lang:", "Hi team,", "Quick one:", "Mas/Mbak on-call, tolong:", "Para sa on-call:",
    "Chia sẻ nhanh:", "Lanjutan thread kemarin:", "Repost dari #sre-oncall:",
]
TRAILS = [
    "thx", "makasih ya 🙏", "cmiiw", "ntar gw follow up", "udah gw restart, aman", "cảm ơn nha",
    "để em xem tiếp", "salamat po", "ayusin ko mamaya", "will update in thread", "ping gw kalo masih error",
    "ok na ba?", "gimana menurut lo?", "wkwk", "sip", "noted", "em báo lại sau nhé", "pa-ack na lang",
    "🙏", "👀", "done ✅", "tiket-nya udah gw bikin",
]


def wrap_lead(text, p_lead, p_trail):
    if R.random() < p_lead:
        l = pick(LEADS)
        text = l + ("\n" if "\n" in text or R.random() < 0.5 else " ") + text
    if R.random() < p_trail:
        text = text + ("\n" if "\n" in text else " ") + pick(TRAILS)
    return text


def trunc(s, n):
    if len(s) <= n:
        return s
    k = R.randrange(3)
    if k == 0:
        return s[:n] + "…"
    if k == 1:
        return s[:n] + "..."
    return s[:n] + "[%d more chars]" % (len(s) - n)


# ---------------------------------------------------------------------------------------------
# scanner (used to keep the negatives clean and to report on the positives)
# ---------------------------------------------------------------------------------------------
PLACEHOLDER_PW = {"password", "pass", "passwd", "pwd", "changeme", "change_me", "secret", "guest", "root", "admin",
                  "postgres", "example", "xxx", "xxxx", "xxxxxx", "xxxxxxxx", "redacted", "***", "****", "******",
                  "********", "pw", "test", "dev", "local", "user", "mysql", "redis", "rabbit", "minio123"}

RE_EMAIL = re.compile(r"[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}")
RE_GH = re.compile(r"gh[pousr]_[A-Za-z0-9]{36}|github_pat_[A-Za-z0-9_]{50,}")
RE_SLACK = re.compile(r"xox[abposre]-\d+-[A-Za-z0-9-]+")
RE_SK = re.compile(r"sk-[A-Za-z0-9_-]{32,}")
RE_OTHER_TOK = re.compile(r"AIza[0-9A-Za-z_-]{35}|xnd_(?:production|development)_[A-Za-z0-9]{20,}|"
                          r"sk_live_[A-Za-z0-9]{16,}|glpat-[A-Za-z0-9_-]{20}")
RE_JWT = re.compile(r"eyJ[A-Za-z0-9_-]+\.eyJ[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+")
RE_SSN = re.compile(r"(?<![\d-])\d{3}-\d{2}-\d{4}(?![\d-])")
RE_DIGRUN = re.compile(r"(?<![\d])\d(?:[ -]?\d){12,18}(?![\d])")
RE_PUREDIG = re.compile(r"(?<!\d)\d{13,19}(?!\d)")
RE_IBAN = re.compile(r"(?<![A-Za-z0-9])[A-Z]{2}\d{2}(?: ?[A-Z0-9]{4}){2,7}(?: ?[A-Z0-9]{1,4})?(?![A-Za-z0-9])")
RE_PEM = re.compile(r"-----BEGIN [A-Z ]*PRIVATE KEY-----(?:\\n|\s)*([A-Za-z0-9+/=]{40,})")
RE_AWS = re.compile(r"(?<![A-Z0-9])(?:AKIA|ASIA)[A-Z0-9]{16}(?![A-Z0-9])")
RE_IP = re.compile(r"(?<![\d.])(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})(?!\.?\d)")
RE_URLPW = re.compile(r"[A-Za-z][A-Za-z0-9+.-]*://([^:/@\s]*):([^@/\s]+)@")
# a phone candidate: digit groups joined by single separators, optionally a leading + or (0xx)
RE_PHONE_CAND = re.compile(r"(?<![\w+])(\+?)((?:\(?\d+\)?)(?:[ .-]?\(?\d+\)?){0,6})(?![\w])")

PHONE_PATTERNS = [
    ("ID", re.compile(r"(?:62|0)8\d{8,11}")),
    ("ID", re.compile(r"(?:62|0)(?:21|22|24|31|61|274|361|411)\d{7,8}")),
    ("VN", re.compile(r"(?:84|0)[35789]\d{8}")),
    ("VN", re.compile(r"(?:84|0)2\d{9}")),
    ("PH", re.compile(r"(?:63|0)9\d{9}")),
    ("PH", re.compile(r"(?:63|0)2\d{8}")),
]
PLUS_ONLY = [
    ("SG", re.compile(r"65[689]\d{7}")),
    ("MY", re.compile(r"601\d{8,9}")),
    ("TH", re.compile(r"66[689]\d{8}")),
    ("AU", re.compile(r"614\d{8}")),
    ("GB", re.compile(r"447\d{9}")),
    ("NANP", re.compile(r"1[2-9]\d{2}[2-9]\d{6}")),
]
RE_NANP_FMT = re.compile(r"(?<![\w+-])(?:\(\d{3}\) ?|\d{3}[-. ])\d{3}[-. ]\d{4}(?![\w-])")
RE_NANP_PLAIN = re.compile(r"(?<![\w.-])[2-9]\d{2}[2-9]\d{6}(?![\w.-])")


def _phone_hits(text):
    hits = []
    for m in RE_PHONE_CAND.finditer(text):
        plus = m.group(1) == "+"
        toks = re.findall(r"\d+", m.group(2))
        for i in range(len(toks)):
            for j in range(i + 1, len(toks) + 1):
                d = "".join(toks[i:j])
                if len(d) < 9 or len(d) > 15:
                    continue
                for cc, pat in PHONE_PATTERNS:
                    if pat.fullmatch(d):
                        # "62"/"84"/"63" without a plus is only a phone when it is the whole candidate
                        if d[0] != "0" and not (plus and i == 0) and not (i == 0 and j == len(toks)):
                            continue
                        hits.append((cc, m.group(0)))
                if plus and i == 0:
                    for cc, pat in PLUS_ONLY:
                        if pat.fullmatch(d):
                            hits.append((cc, m.group(0)))
    for m in RE_NANP_FMT.finditer(text):
        d = re.sub(r"\D", "", m.group(0))
        if d[0] in "23456789" and d[3] in "23456789":
            hits.append(("NANP", m.group(0)))
    for m in RE_NANP_PLAIN.finditer(text):
        hits.append(("NANP", m.group(0)))
    return hits


def scan(text):
    """Return a list of (kind, match) that look like real secrets or personal data."""
    f = []
    for m in RE_EMAIL.finditer(text):
        f.append(("email", m.group(0)))
    for m in RE_GH.finditer(text):
        f.append(("github", m.group(0)))
    for m in RE_SLACK.finditer(text):
        f.append(("slack", m.group(0)))
    for m in RE_SK.finditer(text):
        f.append(("sk_key", m.group(0)))
    for m in RE_OTHER_TOK.finditer(text):
        f.append(("vendor_token", m.group(0)))
    for m in RE_JWT.finditer(text):
        f.append(("jwt", m.group(0)))
    for m in RE_SSN.finditer(text):
        a = m.group(0)
        if ssn_ok(a):
            f.append(("ssn", a))
    for m in RE_DIGRUN.finditer(text):
        d = re.sub(r"\D", "", m.group(0))
        if 13 <= len(d) <= 19 and luhn_ok(d):
            f.append(("luhn", m.group(0)))
    for m in RE_PUREDIG.finditer(text):
        if luhn_ok(m.group(0)):
            f.append(("luhn", m.group(0)))
    for m in RE_IBAN.finditer(text):
        s = m.group(0).replace(" ", "")
        if 15 <= len(s) <= 34 and mod97(s) == 1:
            f.append(("iban", m.group(0)))
    for m in RE_PEM.finditer(text):
        f.append(("pem", m.group(1)[:20]))
    for m in RE_AWS.finditer(text):
        if "EXAMPLE" not in m.group(0):
            f.append(("aws_key_id", m.group(0)))
    for m in RE_IP.finditer(text):
        ip = ".".join(m.groups())
        if all(int(x) <= 255 for x in m.groups()) and is_public_ip(ip):
            f.append(("public_ipv4", ip))
    for m in RE_URLPW.finditer(text):
        pw = m.group(2)
        low = pw.lower()
        if low in PLACEHOLDER_PW or low.startswith(("<", "${", "{{", "%(", "$", "[")) or set(low) <= set("*x•"):
            continue
        f.append(("url_password", pw))
    for cc, s in _phone_hits(text):
        f.append(("phone_" + cc, s))
    return f


# ---------------------------------------------------------------------------------------------
# real bytes for data URIs
# ---------------------------------------------------------------------------------------------
def _chunk(tag, data):
    return struct.pack(">I", len(data)) + tag + data + struct.pack(">I", zlib.crc32(tag + data) & 0xFFFFFFFF)


def png(w=None, h=None, alpha=None):
    w = w or R.choice([1, 2, 4, 8, 12, 16, 20, 24])
    h = h or R.choice([1, 2, 4, 8, 12, 16, 20, 24])
    alpha = R.random() < 0.5 if alpha is None else alpha
    ch = 4 if alpha else 3
    c1 = [R.randrange(256) for _ in range(ch)]
    c2 = [R.randrange(256) for _ in range(ch)]
    style = R.randrange(3)
    rows = []
    for y in range(h):
        row = bytearray([0])
        for x in range(w):
            if style == 0:
                c = c1
            elif style == 1:
                c = c1 if (x // 2 + y // 2) % 2 == 0 else c2
            else:
                t = x / max(1, w - 1)
                c = [int(a + (b - a) * t) for a, b in zip(c1, c2)]
            row += bytes(c)
        rows.append(bytes(row))
    ihdr = struct.pack(">IIBBBBB", w, h, 8, 6 if alpha else 2, 0, 0, 0)
    data = b"\x89PNG\r\n\x1a\n" + _chunk(b"IHDR", ihdr) + _chunk(b"IDAT", zlib.compress(b"".join(rows), 9)) + \
        _chunk(b"IEND", b"")
    return data, w, h, alpha


def png64(**kw):
    return b64(png(**kw)[0])


def gif1x1():
    col = bytes(R.randrange(256) for _ in range(3))
    return (b"GIF89a\x01\x00\x01\x00\x80\x00\x00" + col + b"\x00\x00\x00" +
            b"!\xf9\x04\x01\x00\x00\x00\x00,\x00\x00\x00\x00\x01\x00\x01\x00\x00\x02\x02D\x01\x00;")


def ico():
    p, w, h, _ = png(w=16, h=16, alpha=True)
    return struct.pack("<HHH", 0, 1, 1) + struct.pack("<BBBBHHII", w, h, 0, 0, 1, 32, len(p), 22) + p


def pdf_doc(lines):
    content = "BT /F1 10 Tf 40 780 Td 14 TL\n" + "".join("(%s) '\n" % l.replace("(", "[").replace(")", "]")
                                                          for l in lines) + "ET\n"
    objs = [
        "<< /Type /Catalog /Pages 2 0 R >>",
        "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
        "<< /Length %d >>\nstream\n%sendstream" % (len(content), content),
        "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
    ]
    out = "%PDF-1.4\n"
    offs = []
    for i, o in enumerate(objs, 1):
        offs.append(len(out))
        out += "%d 0 obj\n%s\nendobj\n" % (i, o)
    xref = len(out)
    out += "xref\n0 %d\n0000000000 65535 f \n" % (len(objs) + 1)
    for o in offs:
        out += "%010d 00000 n \n" % o
    out += "trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (len(objs) + 1, xref)
    return out.encode("latin-1")


def wav_beep():
    rate = 8000
    n = R.choice([120, 160, 200, 240])
    f = R.choice([660, 880, 990, 1320])
    samples = b"".join(struct.pack("<h", int(9000 * math.sin(2 * math.pi * f * i / rate) * (1 - i / n)))
                       for i in range(n))
    return (b"RIFF" + struct.pack("<I", 36 + len(samples)) + b"WAVEfmt " +
            struct.pack("<IHHIIHH", 16, 1, 1, rate, rate * 2, 2, 16) + b"data" + struct.pack("<I", len(samples)) +
            samples)


def _sfnt_checksum(b):
    b = b + b"\0" * ((4 - len(b) % 4) % 4)
    return sum(struct.unpack(">%dI" % (len(b) // 4), b)) & 0xFFFFFFFF


def _font_tables(family):
    head = struct.pack(">IIIIHHqqhhhhHHhhh", 0x00010000, 0x00010000, 0, 0x5F0F3CF5, 0x000B, 1000,
                       3786825600, 3786825600, 0, -200, 1000, 800, 0, 8, 2, 0, 0)
    hhea = struct.pack(">IhhhHhhhhhhhhhhhH", 0x00010000, 800, -200, 0, 1000, 0, 0, 1000, 1, 0, 0, 0, 0, 0, 0, 0, 1)
    maxp = struct.pack(">IH", 0x00005000, 1)
    name_str = family.encode("utf-16-be")
    name = struct.pack(">HHH", 0, 1, 18) + struct.pack(">HHHHHH", 3, 1, 0x409, 1, len(name_str), 0) + name_str
    post = struct.pack(">IIhhIIIII", 0x00030000, 0, -100, 50, 0, 0, 0, 0, 0)
    return [(b"head", head), (b"hhea", hhea), (b"maxp", maxp), (b"name", name), (b"post", post)]


def ttf(family):
    tables = _font_tables(family)
    n = len(tables)
    off = 12 + 16 * n
    dirs = b""
    body = b""
    for tag, data in tables:
        dirs += tag + struct.pack(">III", _sfnt_checksum(data), off + len(body), len(data))
        body += data + b"\0" * ((4 - len(data) % 4) % 4)
    es = int(math.log2(n))
    hdr = struct.pack(">IHHHH", 0x00010000, n, 16 * 2 ** es, es, n * 16 - 16 * 2 ** es)
    return hdr + dirs + body


def woff(family):
    tables = _font_tables(family)
    n = len(tables)
    off = 44 + 20 * n
    dirs = b""
    body = b""
    total = 12 + 16 * n
    for tag, data in tables:
        comp = zlib.compress(data, 9)
        if len(comp) >= len(data):
            comp = data
        dirs += tag + struct.pack(">IIII", off + len(body), len(comp), len(data), _sfnt_checksum(data))
        body += comp + b"\0" * ((4 - len(comp) % 4) % 4)
        total += len(data) + (4 - len(data) % 4) % 4
    length = off + len(body)
    hdr = b"wOFF" + struct.pack(">IIHHIHHIIIII", 0x00010000, length, n, 0, total, 1, 0, 0, 0, 0, 0, 0)
    return hdr + dirs + body


def vlq_mappings(nseg):
    segs = []
    for _ in range(nseg):
        segs.append("".join(pick("ACEGIKMOQSUWYgikmoqsuwy") + rs("ABCDEFGIKMOQS", R.randint(1, 3))
                            for _ in range(R.randint(1, 3))))
    return ",".join(segs) + ";" + ";".join(",".join(pick(["AAAA", "SAASA", "IACE", "OAAO", "GAAG", "KAAK"])
                                                    for _ in range(R.randint(1, 4))) for _ in range(R.randint(2, 5)))


def sourcemap(fname):
    doc = {"version": 3, "file": fname, "sources": ["../src/%s.ts" % fname.split(".")[0]],
           "names": R.sample(["formatRupiah", "useSurgeBanner", "tinhPhiShip", "PayoutSheet", "onTripAccepted",
                              "maskWalletNumber", "fetchMerchantMenu", "renderEtaChip"], 3),
           "mappings": vlq_mappings(R.randint(3, 8))}
    return b64(json.dumps(doc, separators=(",", ":")).encode())


def lottie(name):
    doc = {"v": "5.7.4", "fr": 30, "ip": 0, "op": R.choice([45, 60, 90]), "w": 120, "h": 120, "nm": name,
           "ddd": 0, "assets": [], "layers": [{"ddd": 0, "ind": 1, "ty": 4, "nm": "pulse", "sr": 1,
                                               "ks": {"o": {"a": 0, "k": 100}, "s": {"a": 1, "k": [
                                                   {"t": 0, "s": [60, 60, 100]}, {"t": 30, "s": [100, 100, 100]}]}},
                                               "shapes": [{"ty": "el", "p": {"a": 0, "k": [60, 60]},
                                                           "s": {"a": 0, "k": [80, 80]}}]}]}
    return b64(json.dumps(doc, separators=(",", ":")).encode())


def svg_icon():
    color = "#%06X" % R.randrange(1 << 24)
    d = pick(["M12 2C8.1 2 5 5.1 5 9c0 5.2 7 13 7 13s7-7.8 7-13c0-3.9-3.1-7-7-7z",
              "M3 11l18-8-8 18-2-8-8-2z", "M4 6h16v2H4zm0 5h16v2H4zm0 5h16v2H4z",
              "M12 4a8 8 0 100 16 8 8 0 000-16zm1 4v5l4 2-1 1-5-3V8z",
              "M5 16l1.5-4.5h11L19 16M6 16v3h2v-2h8v2h2v-3"])
    return '<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24"><path d="%s" fill="%s"/></svg>' % (d, color)


def pct_svg(s):
    return s.replace("%", "%25").replace("<", "%3C").replace(">", "%3E").replace('"', "'").replace("#", "%23").replace(" ", "%20")


# ---------------------------------------------------------------------------------------------
# negative templates
# ---------------------------------------------------------------------------------------------
NEG = {"data_uri_base64": [], "placeholder_example": [], "code_identifier": [], "non_credential_blob": [],
       "pii_lookalike_number": [], "talk_about_secrets": []}


def neg(cat):
    def deco(fn):
        NEG[cat].append(fn)
        return fn
    return deco


def appver():
    return "%d.%d.%d" % (R.randint(4, 6), R.randint(100, 199), R.randint(0, 9))


# ---------------- data_uri_base64 ----------------
@neg("data_uri_base64")
def d_css_markers():
    states = R.sample(["idle", "on-trip", "pickup", "offline", "food", "mart", "surge", "selected"], R.randint(2, 4))
    rules = []
    for st in states:
        rules.append('.driver-marker--%s {\n  width: %dpx;\n  height: %dpx;\n  background-image: url("data:image/png;base64,%s");\n}'
                     % (st, R.choice([24, 32, 40]), R.choice([24, 32, 40]), png64()))
    lead = pick(["Marker driver di peta ops dashboard sekarang inline semua, no more 404 dari CDN:",
                 "Icon marker mới cho bản đồ dispatch (inline để khỏi gọi CDN):",
                 "Inline na yung markers sa ops map, para di na mag-load sa CDN:"])
    return lead + "\n```css\n" + "\n".join(rules) + "\n```"


@neg("data_uri_base64")
def d_rn_image():
    p = png64()
    comp = pick(["QrisPreview", "EmptyCartIllustration", "MerchantLogoFallback", "SurgeBadge", "HelmetReminder"])
    return ("```tsx\nexport const %s = () => (\n  <Image\n    source={{ uri: 'data:image/png;base64,%s' }}\n    style={styles.%s}\n    resizeMode=\"contain\"\n  />\n);\n```\n%s"
            % (comp, p, comp[0].lower() + comp[1:], pick(["fallback kalo CDN lagi down", "placeholder habang naglo-load",
                                                          "ảnh tạm khi chưa tải xong", ""])))


@neg("data_uri_base64")
def d_flutter():
    return ("```dart\n// %s\nfinal placeholderBytes = base64Decode(\n  '%s');\nImage.memory(placeholderBytes, width: %d, gaplessPlayback: true);\n```"
            % (pick(["merchant app: thumbnail menu sebelum foto asli ke-load", "tablet quán: ảnh món mặc định",
                     "partner app: default na larawan ng menu"]), png64(), R.choice([48, 64, 96])))


@neg("data_uri_base64")
def d_kotlin_fixture():
    return ("```kotlin\nclass ProofOfDeliveryUploaderTest {\n    private val tinyPng = Base64.decode(\n        \"%s\",\n        Base64.DEFAULT\n    )\n\n    @Test fun `uploads compressed photo`() {\n        val res = uploader.upload(tinyPng, mime = \"image/png\")\n        assertThat(res.sizeBytes).isEqualTo(%d)\n    }\n}\n```"
            % (png64(), R.randint(60, 400)))


@neg("data_uri_base64")
def d_email_pixel():
    g = b64(gif1x1())
    return pick(["Template email onboarding driver (VN) có pixel này ở cuối, ai thêm vậy?",
                 "Ini pixel di footer email aktivasi merchant, dari vendor lama kayaknya:",
                 "Nasa footer ng onboarding email yung 1x1 na ito:"]) + \
        "\n```html\n<tr><td align=\"center\" style=\"padding:24px 0\">\n  <img src=\"data:image/gif;base64,%s\" width=\"1\" height=\"1\" alt=\"\" style=\"display:block\">\n</td></tr>\n```" % g


@neg("data_uri_base64")
def d_fontface_woff():
    fam = pick(["Be Vietnam Pro Subset", "Laju Sans Numerals", "Plus Jakarta Sans Digits", "Laju Icons"])
    w = b64(woff(fam))
    w = trunc(w, R.choice([120, 200, 4000]))
    return ("subset font buat angka & dấu tiếng Việt di receipt webview:\n```css\n@font-face {\n  font-family: \"%s\";\n  src: url(data:font/woff;base64,%s) format(\"woff\");\n  font-display: swap;\n  unicode-range: U+0030-0039, U+1EA0-1EF9;\n}\n```" % (fam, w))


@neg("data_uri_base64")
def d_fontface_ttf():
    fam = pick(["Laju Mono", "Receipt Digits", "Laju Sans"])
    return "```css\n@font-face{font-family:'%s';src:url('data:font/ttf;base64,%s') format('truetype')}\n```" % (fam, b64(ttf(fam)))


@neg("data_uri_base64")
def d_sourcemap():
    f = pick(["driver-home.bundle.js", "merchant-orders.js", "payout-sheet.chunk.js", "eta-chip.js"])
    return ("tail bundle %s (%s) — sourcemap ke-inline, makanya size naik 30%%:\n```\n%s\n//# sourceMappingURL=data:application/json;charset=utf-8;base64,%s\n```"
            % (f, appver(), pick(["})();", "},{}]},{},[1]);", "export{a as default};"]), sourcemap(f)))


@neg("data_uri_base64")
def d_pdf_receipt():
    inv = "INV/%s/%s/%05d" % (ymd(sep="")[:4], "%02d" % R.randint(1, 12), R.randint(1, 99999))
    lines = [CO + " Food - Tax Invoice", "Invoice " + inv, "Subtotal " + idr(R.randint(20, 400) * 1000),
             "Delivery fee " + idr(R.choice([8000, 10000, 12000, 15000])), "Thank you!"]
    p = b64(pdf_doc(lines))
    body = json.dumps({"invoice_no": inv, "mime": "application/pdf",
                       "receipt_pdf": "data:application/pdf;base64," + p}, indent=2, ensure_ascii=False)
    return "Response `GET /v2/receipts/{id}` dari staging, PDF-nya inline:\n```json\n" + body + "\n```"


@neg("data_uri_base64")
def d_wav_chime():
    w = b64(wav_beep())
    return ("```ts\n// %s\nexport const NEW_ORDER_CHIME = \"data:audio/wav;base64,%s\";\n```"
            % (pick(["bunyi notif order baru di tablet merchant (dipendekin biar ga ganggu)",
                     "âm báo đơn mới trên tablet quán", "tunog ng bagong order sa merchant tablet"]), w))


@neg("data_uri_base64")
def d_lottie():
    name = pick(["driver_searching", "payout_success", "order_cooking", "surge_pulse"])
    return ("```json\n{\n  \"screen\": \"%s\",\n  \"animationData\": \"data:application/json;base64,%s\",\n  \"loop\": true\n}\n```"
            % (name, lottie(name)))


@neg("data_uri_base64")
def d_md_svg():
    return "![pin](data:image/svg+xml;base64,%s) %s" % (b64(svg_icon().encode()), pick([
        "<- icon pickup point baru, approve?", "<- icon điểm đón mới", "<- bagong pickup pin, ok na?"]))


@neg("data_uri_base64")
def d_css_svg_pct():
    return ".eta-chip::before {\n  content: \"\";\n  background: url(\"data:image/svg+xml,%s\") no-repeat center / 14px;\n}" % pct_svg(svg_icon())


@neg("data_uri_base64")
def d_jupyter():
    p = png64(w=24, h=16)
    cell = {"output_type": "display_data", "data": {"image/png": p, "text/plain": ["<Figure size 640x480 with 1 Axes>"]},
            "metadata": {"needs_background": "light"}}
    return ("notebook `surge_heatmap_%s.ipynb` ke-commit sama output-nya, diff-nya gede:\n```json\n%s\n```"
            % (pick(CITIES_ID + CITIES_VN + CITIES_PH).lower(), json.dumps(cell, indent=1)))


@neg("data_uri_base64")
def d_har():
    p, w, h, _ = png()
    ent = {"request": {"method": "GET", "url": "https://cdn.%s/static/markers/%s.png" % (DOM, pick(["bike", "car", "food"]))},
           "response": {"status": 200, "content": {"size": len(p), "mimeType": "image/png", "text": b64(p),
                                                   "encoding": "base64"}}}
    return "potongan HAR dari webview merchant:\n```json\n" + json.dumps(ent, indent=2) + "\n```"


@neg("data_uri_base64")
def d_csp():
    p = png64()
    return ("Refused to load the image 'data:image/png;base64,%s' because it violates the following Content Security Policy directive: \"img-src 'self' https://cdn.%s\".\n%s"
            % (trunc(p, R.choice([40, 64, 90])), DOM, pick(["-> perlu tambah `data:` ke img-src di webview promo",
                                                           "-> thêm data: vào img-src nhé", "-> pakidagdag ng data: sa CSP"])))


@neg("data_uri_base64")
def d_shell_decode():
    p, w, h, a = png()
    return ("```\n$ echo '%s' | base64 -d | file -\n/dev/stdin: PNG image data, %d x %d, 8-bit/color %s, non-interlaced\n```"
            % (b64(p), w, h, "RGBA" if a else "RGB"))


@neg("data_uri_base64")
def d_favicon():
    return "<link rel=\"icon\" type=\"image/x-icon\" href=\"data:image/x-icon;base64,%s\">" % b64(ico())


@neg("data_uri_base64")
def d_breadcrumb():
    p = png64()
    return ("Crashlytics breadcrumb (%s, build %s):\n```\n%s I/Breadcrumb: screen=CheckoutSheet action=tap_pay\n%s I/Breadcrumb: attachment=screenshot_thumb.png data:image/png;base64,%s\n%s E/AndroidRuntime: FATAL EXCEPTION: main\n```"
            % (pick(["Android 14", "Android 13", "Android 12"]), appver(), hms(), hms(), trunc(p, 80), hms()))


@neg("data_uri_base64")
def d_swift():
    return "```swift\nlet placeholder = UIImage(data: Data(base64Encoded: \"%s\")!)\nrestaurantHeader.image = placeholder\n```" % png64()


@neg("data_uri_base64")
def d_python_fixture():
    return ("```python\n# tests/fixtures/merchant_logo.py\nimport base64\n\nMERCHANT_LOGO_PNG = base64.b64decode(\n    \"%s\"\n)\nMERCHANT_LOGO_DATA_URI = \"data:image/png;base64,\" + base64.b64encode(MERCHANT_LOGO_PNG).decode()\n```" % png64())


@neg("data_uri_base64")
def d_csv_download():
    rows = ["city,date,orders,gmv_idr"]
    for _ in range(R.randint(3, 6)):
        rows.append("%s,%s,%d,%d" % (pick(CITIES_ID), ymd(), R.randint(1000, 90000), R.randint(10, 900) * 1000000))
    c = b64(("\n".join(rows) + "\n").encode())
    return "<a download=\"daily_city_summary.csv\" href=\"data:text/csv;base64,%s\">Unduh CSV</a>" % c


@neg("data_uri_base64")
def d_go_fixture():
    return ("```go\nvar pinPNG = mustDecode(\"%s\")\n\nfunc mustDecode(s string) []byte {\n\tb, err := base64.StdEncoding.DecodeString(s)\n\tif err != nil {\n\t\tpanic(err)\n\t}\n\treturn b\n}\n```" % png64())


@neg("data_uri_base64")
def d_menu_json():
    items = []
    for name in R.sample(["Nasi Goreng Spesial", "Phở Bò Tái", "Chicken Adobo Rice", "Es Teh Manis", "Bánh Mì Thịt",
                          "Sisig Bowl", "Mie Ayam Bakso", "Cà Phê Sữa Đá", "Halo-Halo"], R.randint(2, 3)):
        items.append({"sku": "SKU-%s-%04d" % (pick(["ID", "VN", "PH"]), R.randint(1, 9999)), "name": name,
                      "blur_placeholder": "data:image/png;base64," + png64(w=4, h=4)})
    return "```json\n" + json.dumps({"menu_items": items}, indent=2, ensure_ascii=False) + "\n```"


@neg("data_uri_base64")
def d_svg_utf8():
    return "<img alt=\"\" class=\"helmet-icon\" src=\"data:image/svg+xml;utf8,%s\">" % svg_icon().replace('"', "'")


@neg("data_uri_base64")
def d_webview_log():
    return ("```\n%s I/chromium: [INFO:CONSOLE(1)] \"promo banner fallback: data:image/gif;base64,%s\", source: https://promo.%s/%s (1)\n```"
            % (hms(), b64(gif1x1()), DOM, pick(["id", "vn", "ph"])))


@neg("data_uri_base64")
def d_base64_cli():
    p, w, h, a = png()
    return ("```\n$ base64 -w0 assets/markers/%s.png\n%s\n$ wc -c assets/markers/%s.png\n%d assets/markers/%s.png\n```"
            % (("m%d" % w,) * 1 + (b64(p),) + ("m%d" % w, len(p), "m%d" % w)))


@neg("data_uri_base64")
def d_long_css_bundle():
    lines = ["/* driver-web/src/styles/icons.css — generated, do not edit */"]
    for nm in R.sample(["wallet", "bank", "cash", "helmet", "bike", "car", "food", "mart", "sos", "chat", "star", "clock"],
                       R.randint(8, 12)):
        lines.append(".ico-%s{background-image:url(data:image/png;base64,%s)}" % (nm, png64(w=R.choice([4, 8]), h=R.choice([4, 8]))))
    return "```css\n" + "\n".join(lines) + "\n```"


# ---------------- placeholder_example ----------------
@neg("placeholder_example")
def p_env_example():
    keys = R.sample([
        ("XENDIT_SECRET_KEY", "<your-xendit-secret-key>"), ("XENDIT_CALLBACK_TOKEN", ""),
        ("MIDTRANS_SERVER_KEY", "SB-Mid-server-XXXXXXXXXXXXXXXX"), ("DANA_CLIENT_SECRET", "changeme"),
        ("MOMO_SECRET_KEY", "<momo-secret-key>"), ("MOMO_ACCESS_KEY", "xxxxxxxx"),
        ("PAYMONGO_SECRET_KEY", "sk_test_xxxxxxxxxxxxxxxxxxxxxxxx"), ("GCASH_API_KEY", "REPLACE_ME"),
        ("BCA_SNAP_CLIENT_SECRET", ""), ("VNPAY_HASH_SECRET", "<vnpay-hash-secret>"),
        ("DATABASE_URL", "postgres://user:password@localhost:5432/payouts"), ("REDIS_URL", "redis://localhost:6379/0"),
        ("GOOGLE_MAPS_API_KEY", "AIza...your-key..."), ("SLACK_BOT_TOKEN", "xoxb-your-bot-token"),
        ("SENTRY_DSN", "https://<key>@o0.ingest.sentry.io/<project>"), ("JWT_SIGNING_KEY", "dev-only-not-a-secret"),
        ("AWS_ACCESS_KEY_ID", "AKIAIOSFODNN7EXAMPLE"), ("AWS_SECRET_ACCESS_KEY", "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY"),
        ("OPENAI_API_KEY", "sk-..."), ("ANTHROPIC_API_KEY", "sk-ant-..."),
    ], R.randint(5, 11))
    svc = pick(SERVICES)
    body = "\n".join("%s=%s" % kv for kv in keys)
    return ("`%s/.env.example` (aman, isinya placeholder semua — nilai asli di Vault):\n```dotenv\n# copy to .env and fill in\nAPP_ENV=local\n%s\n```"
            % (svc, body))


@neg("placeholder_example")
def p_aws_docs():
    return ("Di runbook onboarding dev, contoh `aws configure` pakai key dokumentasi AWS ya, jangan key beneran:\n```\n$ aws configure --profile laju-sandbox\nAWS Access Key ID [None]: AKIAIOSFODNN7EXAMPLE\nAWS Secret Access Key [None]: wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY\nDefault region name [None]: ap-southeast-%d\nDefault output format [None]: json\n```" % R.choice([1, 3]))


@neg("placeholder_example")
def p_k8s_secretref():
    svc = pick(SERVICES)
    envs = R.sample([("XENDIT_SECRET_KEY", "xendit", "secret-key"), ("MOMO_SECRET_KEY", "momo", "secret-key"),
                     ("GCASH_CLIENT_SECRET", "gcash", "client-secret"), ("DB_PASSWORD", "%s-db" % svc, "password"),
                     ("MAPS_API_KEY", "maps", "api-key"), ("FCM_SERVER_KEY", "fcm", "server-key")], 3)
    out = ["```yaml", "        env:"]
    for name, sec, key in envs:
        out += ["          - name: %s" % name, "            valueFrom:", "              secretKeyRef:",
                "                name: %s" % sec, "                key: %s" % key]
    out.append("```")
    return "deployment `%s` ambil dari Secret, bukan hardcode:\n" % svc + "\n".join(out)


@neg("placeholder_example")
def p_gha():
    return ("```yaml\n      - name: Upload dSYM to Crashlytics\n        env:\n          FIREBASE_TOKEN: ${{ secrets.FIREBASE_TOKEN }}\n          APPSTORE_API_KEY_ID: ${{ secrets.ASC_KEY_ID }}\n          APPSTORE_API_PRIVATE_KEY: ${{ secrets.ASC_PRIVATE_KEY }}\n        run: ./scripts/upload_dsym.sh --build ${{ github.run_number }}\n```\n%s"
            % pick(["secret-nya di-set di level org, bukan repo", "secret ở cấp org nhé", "nasa org-level secrets yan"]))


MACROS = [
    ("ID", "Halo {{driver_first_name}}, pencairan dana sebesar Rp{{amount}} ke {{wallet_name}} ••••{{last4}} sedang diproses dan akan masuk maksimal 1x24 jam. Nomor tiket: {{ticket_id}}."),
    ("ID", "Hai Kak {{customer_name}}, mohon maaf atas kendala pesanan {{order_id}}. Refund Rp{{refund_amount}} sudah kami kirim ke saldo {{wallet_name}} Kakak."),
    ("VN", "Chào {{ten_tai_xe}}, khoản thanh toán {{so_tien}} ₫ đã chuyển vào tài khoản {{ngan_hang}} ****{{bon_so_cuoi}}. Mã yêu cầu: {{ma_yeu_cau}}."),
    ("VN", "Xin chào {{ten_khach}}, đơn {{ma_don}} đã được hoàn tiền về ví {{vi_dien_tu}}. Nếu cần hỗ trợ, vui lòng trả lời tin nhắn này."),
    ("PH", "Hi {{rider_first_name}}! Ang payout mo na {{amount}} ay na-send na sa GCash 09**-***-{{last4}}. Salamat po sa pagsakay kasama ang Lajuride!"),
    ("PH", "Hello {{customer_name}}, sorry po sa delay ng order {{order_id}}. Nag-credit kami ng ₱{{voucher_amount}} voucher sa account mo."),
]


@neg("placeholder_example")
def p_macro():
    sel = R.sample(MACROS, R.randint(1, 3))
    out = ["Draft macro CS (placeholder `{{...}}` diisi otomatis sama cs-macro-bot):"]
    for cc, m in sel:
        out.append("• *%s* `%s_payout_%02d`: %s" % (cc, cc.lower(), R.randint(1, 40), m))
    return "\n".join(out)


@neg("placeholder_example")
def p_masked_payouts():
    rows = ["| batch | rail | destination | amount | status |", "|---|---|---|---|---|"]
    for _ in range(R.randint(4, 8)):
        cc = pick(["ID", "VN", "PH"])
        if cc == "ID":
            dest = "%s ••••%s" % (pick(WALLETS_ID + BANKS_ID), digits(4))
            amt = idr(R.randint(50, 5000) * 1000)
        elif cc == "VN":
            dest = "%s ****%s" % (pick(WALLETS_VN + BANKS_VN), digits(4))
            amt = vnd(R.randint(100, 9000) * 1000)
        else:
            dest = pick(["GCash 09**-***-%s" % digits(4), "Maya 09** *** %s" % digits(4), "%s ****%s" % (pick(BANKS_PH), digits(4))])
            amt = php(R.randint(200, 40000) + R.choice([0, 0.5, 0.25]))
        rows.append("| PB-%s-%s | %s | %s | %s | %s |" % (cc, digits(6, "1234567"), pick(["instant", "BI-FAST", "Napas247", "InstaPay", "PESONet"]),
                                                          dest, amt, pick(["SUCCESS", "PENDING", "FAILED:INVALID_ACCOUNT", "RETRY"])))
    return "Payout yang nyangkut pagi ini (nomor tujuan udah masked dari dashboard):\n" + "\n".join(rows)


@neg("placeholder_example")
def p_vendor_prefixes():
    sel = R.sample(["`sk_test_...` (PayMongo test mode)", "`xnd_development_...`", "`SB-Mid-server-xxxx`",
                    "`sk-...` / `sk-proj-…`", "`sk-ant-api03-...`", "`xoxb-...`", "`xoxp-…`", "`ghp_xxxxxxxxxxxx`",
                    "`github_pat_...`", "`AKIA...`", "`AIza****`", "`glpat-xxxx`", "`whsec_...`"], R.randint(4, 7))
    return pick(["Regex secret-scanner di pre-commit sekarang cover prefix ini: ",
                 "Pre-commit hook giờ bắt được các prefix: ",
                 "Yung pre-commit natin, nahuhuli na ang mga prefix na ito: "]) + ", ".join(sel) + "."


@neg("placeholder_example")
def p_pem_dots():
    kind = pick(["RSA PRIVATE KEY", "PRIVATE KEY", "EC PRIVATE KEY", "OPENSSH PRIVATE KEY"])
    return ("Format yang diharapkan `BCA_SNAP_PRIVATE_KEY` (isi dari Vault, ini cuma contoh bentuk):\n```\n-----BEGIN %s-----\nMIIEv...\n...\n-----END %s-----\n```" % (kind, kind))


@neg("placeholder_example")
def p_template_dsn():
    s = pick([
        "```yaml\nservices:\n  postgres:\n    image: postgis/postgis:16-3.4\n    environment:\n      POSTGRES_USER: postgres\n      POSTGRES_PASSWORD: postgres\n      POSTGRES_DB: dispatch\n  rabbitmq:\n    image: rabbitmq:3.13-management\n  app:\n    environment:\n      DATABASE_URL: postgres://postgres:postgres@postgres:5432/dispatch\n      AMQP_URL: amqp://guest:guest@rabbitmq:5672/\n```",
        "Local dev: `redis://:changeme@localhost:6379/2` sama `mysql://root:root@127.0.0.1:3306/merchant` — default docker-compose, bukan prod.",
        "Connection string mẫu trong README: `postgres://<username>:<password>@<host>:5432/payout_vn`",
        "```ini\n[database]\nurl = postgresql://user:password@localhost/fraud_rules\n; prod value comes from ${FRAUD_DB_URL}\n```",
        "`mongodb://admin:admin@localhost:27017/?authSource=admin` is the testcontainers default, safe to keep in the test config.",
    ])
    return s


@neg("placeholder_example")
def p_form_spec():
    return pick([
        "Validasi form onboarding driver:\n- No. HP: format `+62 8xx-xxxx-xxxx` (10–13 digit setelah 0)\n- NIK: 16 digit, contoh `3174XXXXXXXXXXXX`\n- SIM: `XXXX-XXXX-XXXXXX`\n- Plat: `B 1234 XYZ` (huruf wilayah + angka + seri)\n- Rekening: `XXXXXXXXXX` (10 digit BCA)",
        "Spec form đăng ký tài xế:\n- SĐT: `09x xxx xxxx` hoặc `+84 9x xxx xxxx`\n- CCCD: 12 số, ví dụ `0XXXXXXXXXXX`\n- Biển số: `59X1-XXX.XX` / `51F-XXX.XX`\n- STK ngân hàng: để trống nếu dùng ví MoMo",
        "Driver signup fields (PH):\n- Mobile: `09XX XXX XXXX` or `+63 9XX XXX XXXX`\n- Driver's license: `NXX-XX-XXXXXX`\n- Plate no.: `ABC 1234` / motorcycle `123 ABC`\n- GCash: same as mobile, masked `09XX-XXX-1234` in UI",
        "Merchant KYC (VN): MST doanh nghiệp 10 số `01XXXXXXXX`, người đại diện: CCCD `XXXXXXXXXXXX`, email: theo tên miền công ty (field có validate định dạng)",
    ])


@neg("placeholder_example")
def p_redaction_markers():
    lines = []
    for _ in range(R.randint(3, 6)):
        lines.append("%s INFO  %s  event=%s phone=%s email=%s wallet=%s card=%s" % (
            iso(), pick(SERVICES), pick(["payout.requested", "kyc.submitted", "order.refunded", "driver.signup"]),
            pick(["[REDACTED]", "<redacted>", "***", "[MASKED]"]), pick(["[REDACTED]", "<redacted>", "[FILTERED]"]),
            pick(["OVO ••••%s" % digits(4), "GCash ****%s" % digits(4), "MoMo ***%s" % digits(3), "[REDACTED]"]),
            pick(["**** **** **** %s" % digits(4), "null", "[FILTERED]"])))
    return "log scrubber kerja bener di staging:\n```\n" + "\n".join(lines) + "\n```"


@neg("placeholder_example")
def p_secret_refs():
    return pick([
        "Secret di-load dari 1Password: `op://Payouts-ID/BCA SNAP/client_secret`, `op://Payouts-PH/GCash/api_key` — jangan copy nilainya ke sini.",
        "Vault path mới: `vault:secret/data/dispatch/maps#api_key` và `vault:secret/data/payout-vn/momo#secret_key`.",
        "```yaml\nMasterUserPassword: '{{resolve:secretsmanager:prod/payout-ph/rds:SecretString:password}}'\nXenditKey: '{{resolve:ssm-secure:/prod/payout-id/xendit-secret-key:3}}'\n```",
        "ExternalSecret `payout-orchestrator-creds` → remoteRef key `prod/payout/dana`, property `client_secret`. Value-nya ga usah dipaste ya.",
        "Sa Terraform: `data \"aws_secretsmanager_secret_version\" \"gcash\" { secret_id = \"prod/payout-ph/gcash\" }` lang, walang value sa code.",
    ])


@neg("placeholder_example")
def p_tf_variable():
    v = pick(["maya_client_secret", "vnpay_hash_secret", "bca_snap_private_key", "midtrans_server_key"])
    return ("```hcl\nvariable \"%s\" {\n  description = \"injected by CI from Vault\"\n  type        = string\n  sensitive   = true\n  default     = \"\"\n}\n```" % v)


@neg("placeholder_example")
def p_spring_yaml():
    return ("```yaml\nspring:\n  datasource:\n    url: jdbc:postgresql://${DB_HOST:localhost}:5432/wallet_ledger\n    username: ${DB_USER:ledger}\n    password: ${DB_PASSWORD}\nxendit:\n  secret-key: ${XENDIT_SECRET_KEY:}\n  callback-token: ${XENDIT_CALLBACK_TOKEN:}\n```")


@neg("placeholder_example")
def p_python_env():
    return ("```python\nMOMO_PARTNER_CODE = os.environ[\"MOMO_PARTNER_CODE\"]\nMOMO_SECRET_KEY = os.environ[\"MOMO_SECRET_KEY\"]\nZALOPAY_KEY1 = os.getenv(\"ZALOPAY_KEY1\", \"\")\nGCASH_API_KEY = os.getenv(\"GCASH_API_KEY\")  # None in local, mocked\n```")


@neg("placeholder_example")
def p_slack_webhook_example():
    return ("Format webhook buat alert surge (contoh dari docs Slack, bukan punya kita): `https://hooks.slack.com/services/T00000000/B00000000/XXXXXXXXXXXXXXXXXXXXXXXX`")


@neg("placeholder_example")
def p_vendor_form():
    return pick([
        "Form vendor EU (buat bayar lisensi map tiles):\n```\nBeneficiary: <legal entity name>\nIBAN: NLxx XXXX 0000 0000 00\nBIC: XXXXNL2A\nVAT: NL000000000B00\n```",
        "W-8BEN-E template for the US analytics vendor: `SSN/ITIN: XXX-XX-XXXX` (leave blank, entity uses EIN `XX-XXXXXXX`).",
        "Template sa supplier form: `IBAN: DE00 0000 0000 0000 0000 00`, `Card: xxxx-xxxx-xxxx-xxxx`, `Contact: +XX XXX XXX XXXX`.",
    ])


@neg("placeholder_example")
def p_openapi():
    return ("```yaml\n    PayoutDestination:\n      type: object\n      properties:\n        wallet_provider:\n          type: string\n          enum: [OVO, DANA, GCASH, MAYA, MOMO, ZALOPAY]\n        msisdn:\n          type: string\n          example: \"+63 9XX XXX XXXX\"\n        account_ref:\n          type: string\n          example: \"<ewallet_account_id>\"\n        bank_account_masked:\n          type: string\n          example: \"****1234\"\n```")


@neg("placeholder_example")
def p_strings_xml():
    return ("```xml\n<string name=\"payout_success\">Dana Rp%1$s telah dikirim ke %2$s ••••%3$s</string>\n<string name=\"payout_success_vi\">Đã chuyển %1$s ₫ vào %2$s ****%3$s</string>\n<string name=\"payout_success_tl\">Na-send na ang ₱%1$s sa %2$s ****%3$s</string>\n<string name=\"otp_hint\">Kode OTP dikirim ke +62 8•• •••• %1$s</string>\n```")


@neg("placeholder_example")
def p_curl_vars():
    return ("```bash\ncurl -sS https://api-sandbox.%s/v1/payouts \\\n  -u \"$PAYOUT_CLIENT_ID:$PAYOUT_CLIENT_SECRET\" \\\n  -H \"Authorization: Bearer $LAJU_API_TOKEN\" \\\n  -H \"Idempotency-Key: $(uuidgen)\" \\\n  -d @payout_sample.json\n```" % DOM)


@neg("placeholder_example")
def p_password_defaults():
    return pick([
        "Metabase lokal masih `admin/admin`, Grafana lokal `admin` / `admin` juga, itu default image bukan kredensial.",
        "`KEYCLOAK_ADMIN_PASSWORD=admin` in docker-compose.dev.yml is the upstream default; prod uses the operator-managed secret.",
        "```toml\n[minio]\nendpoint = \"http://localhost:9000\"\naccess_key = \"minioadmin\"\nsecret_key = \"minioadmin\"  # default container creds, local only\n```",
        "Trong config test: `password: \"\"` và `DB_PASS=` để trống, CI tự inject.",
    ])


@neg("placeholder_example")
def p_jwt_doc():
    return ("Header yang diharapkan: `Authorization: Bearer <JWT>` — JWT-nya bentuk `eyJhbGciOi...<header>.<payload>.<signature>`, jangan paste token asli di thread ini.")


# ---------------- code_identifier ----------------
KT_PKG = ["payout", "wallet", "onboarding", "kyc", "trip", "dispatch", "orders", "promo", "chat", "auth"]
KT_CLS = ["EwalletPayoutViewModel", "BankAccountFormFragment", "KtpCaptureActivity", "SelfieLivenessController",
          "TripStateMachine", "SurgeBannerPresenter", "OrderTrackingMapFragment", "PinVerificationSheet",
          "OtpAutofillReceiver", "DriverDocumentUploader", "MerchantMenuRepository", "PayoutHistoryAdapter",
          "SecureTokenStore", "PhoneNumberValidator", "MaskedMsisdnFormatter", "RefreshTokenInterceptor",
          "CardTokenizationBridge", "WalletLinkingWorker", "ProofOfDeliveryCamera", "TarifDasarCalculator"]
KT_METH = ["onViewCreated", "bind", "submitPayout", "validateMsisdn", "renderMaskedAccount", "onOtpReceived",
           "refreshAccessToken", "linkWallet", "hitungTarifDasar", "uploadKtpFront", "verifySelfie", "onTripAccepted",
           "decryptBankAccount", "resolvePinHash", "invoke", "emit", "collect", "onCreate", "tinhPhiShip", "kuninAngBayad"]


@neg("code_identifier")
def c_android_crash():
    exc = pick(["java.lang.NullPointerException: Attempt to invoke virtual method 'java.lang.String com.lajuride.driver.payout.model.PayoutDestination.getMaskedAccountNumber()' on a null object reference",
                "java.lang.IllegalStateException: PinVerificationSheet not attached to a context.",
                "kotlin.UninitializedPropertyAccessException: lateinit property secureTokenStore has not been initialized",
                "java.lang.IllegalArgumentException: Invalid MSISDN format for country=VN (validator=PhoneNumberValidator.VnRules)",
                "android.security.keystore.KeyPermanentlyInvalidatedException: Key permanently invalidated",
                "javax.crypto.AEADBadTagException: error:1e000065:Cipher functions:OPENSSL_internal:BAD_DECRYPT"])
    frames = []
    for _ in range(R.randint(6, 18)):
        pk = pick(KT_PKG)
        cl = pick(KT_CLS)
        frames.append("\tat com.lajuride.driver.%s.%s.%s(%s.kt:%d)" % (pk, cl, pick(KT_METH), cl, R.randint(20, 900)))
    frames += ["\tat kotlinx.coroutines.DispatchedTask.run(DispatchedTask.kt:108)",
               "\tat android.os.Handler.handleCallback(Handler.java:958)",
               "\tat android.os.Looper.loopOnce(Looper.java:230)",
               "\tat com.android.internal.os.ZygoteInit.main(ZygoteInit.java:994)"]
    return ("Crash top #%d di driver app %s (%s):\n```\nFATAL EXCEPTION: main\nProcess: com.lajuride.driver, PID: %d\n%s\n%s\n```"
            % (R.randint(1, 5), appver(), pick(["Samsung SM-A155F", "Xiaomi 23129RN51X", "OPPO CPH2591", "vivo V2250", "realme RMX3834"]),
               R.randint(2000, 32000), exc, "\n".join(frames)))


@neg("code_identifier")
def c_ios_crash():
    fr = []
    syms = ["PayoutKit: PayoutSummaryView.maskedAccountLabel.getter", "WalletLinking: GCashLinkCoordinator.handle(callbackURL:)",
            "CoreAuth: KeychainTokenStore.readRefreshToken()", "CoreAuth: OTPInputView.textField(_:shouldChangeCharactersIn:replacementString:)",
            "TripUI: TripStateReducer.reduce(state:action:)", "MerchantKit: MenuPhotoCache.image(for:)",
            "KYC: SelfieLivenessViewController.captureOutput(_:didOutput:from:)", "libswiftCore.dylib: swift_unknownObjectRetain",
            "UIKitCore: -[UIViewController _setViewAppearState:isAnimating:]", "libdispatch.dylib: _dispatch_call_block_and_release"]
    for i in range(R.randint(6, 14)):
        s = pick(syms)
        lib, sym = s.split(": ", 1)
        fr.append("%-3d %-22s 0x%016x %s + %d" % (i, lib, R.getrandbits(36) | 0x100000000, sym, R.randint(12, 2400)))
    return ("```\nException Type:  EXC_BREAKPOINT (SIGTRAP)\nTermination Reason: SIGNAL 5 Trace/BPT trap: 5\nTriggered by Thread:  0\n\nThread 0 Crashed:\n%s\n```\n%s"
            % ("\n".join(fr), pick(["iOS rider app %s, crash-free turun" % appver(), "bản iOS %s bị crash khi mở ví" % appver(),
                                    "nag-crash sa iOS %s pag link ng GCash" % appver()])))


@neg("code_identifier")
def c_go_panic():
    fns = ["github.com/lajuride/dispatch/internal/matcher.(*Matcher).scoreCandidates", "github.com/lajuride/dispatch/internal/surge.(*Calculator).Multiplier",
           "github.com/lajuride/dispatch/internal/geo.H3Ring", "github.com/lajuride/payout/internal/rails/instapay.(*Client).Submit",
           "github.com/lajuride/payout/internal/secrets.(*VaultLoader).ClientSecret", "github.com/lajuride/dispatch/internal/eta.(*Model).Predict",
           "github.com/lajuride/platform/kafka.(*Consumer).handle", "github.com/lajuride/fraud/internal/rules.VelocityByDevice"]
    lines = ["panic: runtime error: %s" % pick(["invalid memory address or nil pointer dereference", "index out of range [3] with length 3",
                                                 "slice bounds out of range [:12] with capacity 8"]),
             "[signal SIGSEGV: segmentation violation code=0x1 addr=0x18 pc=0x%x]" % R.getrandbits(24), "",
             "goroutine %d [running]:" % R.randint(10, 90000)]
    for _ in range(R.randint(4, 9)):
        f = pick(fns)
        lines.append("%s(0x%x, 0x%x)" % (f, R.getrandbits(40), R.getrandbits(16)))
        lines.append("\t/src/%s.go:%d +0x%x" % (f.split("(")[0].replace("github.com/lajuride/", "").replace(".", "/"), R.randint(20, 700), R.getrandbits(10)))
    return "%s pod restart loop:\n```\n%s\n```" % (pick(["dispatch-matcher", "surge-pricer", "payout-orchestrator"]), "\n".join(lines))


@neg("code_identifier")
def c_py_traceback():
    files = [("fraud_scorer/rules/velocity.py", "device_velocity"), ("fraud_scorer/rules/promo_abuse.py", "same_card_fingerprint_many_accounts"),
             ("fraud_scorer/features/phone.py", "normalize_msisdn_hash"), ("fraud_scorer/features/geo.py", "gps_spoof_score"),
             ("fraud_scorer/clients/vault.py", "get_hmac_pepper"), ("fraud_scorer/pipeline.py", "score_trip")]
    out = ["Traceback (most recent call last):"]
    for f, fn in R.sample(files, R.randint(3, 6)):
        out.append('  File "/app/%s", line %d, in %s' % (f, R.randint(10, 400), fn))
        out.append("    %s" % pick(["features = build_features(trip, rider, driver)", "h = hmac_sha256(pepper, msisdn_e164)",
                                     "return self._client.read(path)[\"data\"][\"data\"][\"pepper\"]", "score += weight * f[name]"]))
    out.append(pick(["KeyError: 'pepper'", "hvac.exceptions.Forbidden: permission denied, on get http://vault.vault.svc:8200/v1/secret/data/fraud/pepper",
                     "ValueError: msisdn must be E.164, got masked value", "TypeError: unsupported operand type(s) for *: 'float' and 'NoneType'"]))
    return "```\n" + "\n".join(out) + "\n```"


@neg("code_identifier")
def c_sql_ddl():
    return pick([
        "```sql\nCREATE TABLE driver_payout_accounts (\n  id                      BIGSERIAL PRIMARY KEY,\n  driver_id               BIGINT NOT NULL REFERENCES drivers(id),\n  country_code            CHAR(2) NOT NULL,\n  rail                    TEXT NOT NULL CHECK (rail IN ('BANK','EWALLET')),\n  provider_code           TEXT NOT NULL,\n  account_number_enc      BYTEA NOT NULL,\n  account_number_last4    CHAR(4) NOT NULL,\n  msisdn_e164_hmac        BYTEA,\n  holder_name_enc         BYTEA,\n  kms_key_version         INT NOT NULL,\n  verified_at             TIMESTAMPTZ,\n  created_at              TIMESTAMPTZ NOT NULL DEFAULT now()\n);\nCREATE INDEX ON driver_payout_accounts (msisdn_e164_hmac);\n```",
        "```sql\nALTER TABLE merchants\n  ADD COLUMN tax_id_enc BYTEA,\n  ADD COLUMN tax_id_last4 CHAR(4),\n  ADD COLUMN owner_ktp_hash BYTEA,\n  ADD COLUMN owner_cccd_hash BYTEA,\n  ADD COLUMN api_key_prefix TEXT,\n  ADD COLUMN api_key_sha256 BYTEA;\n```\nmigration `V%d__merchant_pii_encryption.sql`" % R.randint(100, 400),
        "```sql\nSELECT rider_id, count(DISTINCT card_fingerprint) AS n_cards, count(DISTINCT device_id_hash) AS n_devices\nFROM fraud.payment_attempts\nWHERE created_at > now() - interval '24 hours' AND password_reset_requested\nGROUP BY 1 HAVING count(DISTINCT card_fingerprint) > 3;\n```",
    ])


@neg("code_identifier")
def c_proto():
    return ("```protobuf\nmessage PayoutRequest {\n  string idempotency_key = 1;\n  string driver_ref = 2;\n  Money amount = 3;\n  oneof destination {\n    EwalletDestination ewallet = 4;\n    BankDestination bank = 5;\n  }\n}\n\nmessage EwalletDestination {\n  WalletProvider provider = 1;   // OVO, DANA, GCASH, MAYA, MOMO, ZALOPAY\n  string msisdn_token = 2;       // tokenized, never raw\n}\n\nmessage BankDestination {\n  string bank_code = 1;\n  string account_token = 2;\n  string account_last4 = 3;\n}\n```\n%s" % pick(["review dong sebelum merge", "anh xem giúp field naming", "pa-review po"]))


@neg("code_identifier")
def c_kubectl_secrets():
    rows = ["NAME                                  TYPE                             DATA   AGE"]
    for nm, tp in R.sample([("xendit-api-credentials", "Opaque"), ("momo-partner-keys", "Opaque"), ("gcash-oauth-client", "Opaque"),
                            ("bca-snap-signing-key", "Opaque"), ("payout-db-password", "Opaque"), ("regcred-ghcr", "kubernetes.io/dockerconfigjson"),
                            ("dispatch-tls", "kubernetes.io/tls"), ("maps-api-key", "Opaque"), ("fcm-service-account", "Opaque"),
                            ("sentry-dsn", "Opaque"), ("vnpay-hash-secret", "Opaque"), ("maya-webhook-secret", "Opaque")], R.randint(5, 9)):
        rows.append("%-37s %-32s %-6d %dd" % (nm, tp, R.randint(1, 4), R.randint(1, 400)))
    return "```\n$ kubectl -n payments get secrets\n" + "\n".join(rows) + "\n```\n" + pick(["`maya-webhook-secret` umurnya udah lewat 90 hari, perlu rotate", "secret nào quá 180 ngày thì rotate nhé", ""])


@neg("code_identifier")
def c_kubectl_pods():
    rows = ["NAME                                      READY   STATUS             RESTARTS      AGE"]
    for _ in range(R.randint(5, 10)):
        svc = pick(SERVICES)
        rows.append("%-41s %-7s %-18s %-13s %dm" % ("%s-%s-%s" % (svc, rs("bcdfghjklmnpqrstvwxz2456789", 10), rs("bcdfghjklmnpqrstvwxz2456789", 5)),
                                                     pick(["1/1", "2/2", "0/1"]), pick(["Running", "CrashLoopBackOff", "Running", "OOMKilled"]),
                                                     str(R.randint(0, 40)), R.randint(1, 600)))
    return "```\n$ kubectl -n ops get pods\n" + "\n".join(rows) + "\n```"


@neg("code_identifier")
def c_tf_plan():
    addrs = R.sample(["aws_secretsmanager_secret.gcash_client_secret", "aws_secretsmanager_secret_version.momo_secret_key",
                      "aws_kms_key.pii_envelope", "aws_iam_role_policy.payout_read_secrets", "google_secret_manager_secret.maps_api_key",
                      "module.payout_ph.aws_ssm_parameter.instapay_signing_key_arn", "aws_db_instance.wallet_ledger",
                      "module.kyc.aws_s3_bucket.ktp_uploads_encrypted", "aws_elasticache_replication_group.surge_cache"], R.randint(4, 7))
    out = []
    for a in addrs:
        out.append("  %s %s" % (pick(["+", "~", "-/+"]), a))
    return "```\nTerraform will perform the following actions:\n\n%s\n\nPlan: %d to add, %d to change, %d to destroy.\n```" % (
        "\n".join(out), R.randint(0, 5), R.randint(0, 5), R.randint(0, 2))


@neg("code_identifier")
def c_flags():
    flags = R.sample(["dispatch.surge.v2_enabled_jkt", "dispatch.batching.food_sgn", "payout.instant_gcash_enabled",
                      "payout.bifast_rollout_pct", "kyc.selfie_liveness_v3", "fraud.block_same_msisdn_hash_multi_driver",
                      "onboarding.skip_skck_upload_ph", "cs.macro_autofill_masked_phone", "wallet.momo_linking_v2",
                      "promo.first_ride_voucher_vn", "app.crashlytics_ndk_symbols"], R.randint(4, 8))
    return "```yaml\nflags:\n" + "\n".join("  %s: { default: %s, rollout: %d }" % (f, pick(["false", "true"]), R.choice([0, 5, 10, 25, 50, 100]))
                                          for f in flags) + "\n```"


@neg("code_identifier")
def c_graphql():
    return ("```graphql\ntype PayoutDestination {\n  id: ID!\n  provider: WalletProvider!\n  maskedMsisdn: String\n  bankAccountLast4: String\n  holderNameInitials: String\n  isVerified: Boolean!\n}\n\ntype Mutation {\n  linkWallet(input: LinkWalletInput!): LinkWalletPayload!\n  rotateMerchantApiKey(merchantId: ID!): RotateApiKeyPayload! @auth(requires: MERCHANT_OWNER)\n  resetDriverPin(driverId: ID!): Boolean! @auth(requires: CS_L2)\n}\n```")


@neg("code_identifier")
def c_r8_mapping():
    out = []
    for cl in R.sample(KT_CLS, R.randint(4, 7)):
        out.append("com.lajuride.driver.%s.%s -> %s:" % (pick(KT_PKG), cl, rs(LO, R.randint(1, 2)) + "." + rs(LO, R.randint(1, 3))))
        for _ in range(R.randint(1, 3)):
            out.append("    %d:%d:void %s(%s) -> %s" % (R.randint(1, 80), R.randint(81, 200), pick(KT_METH),
                                                         pick(["", "java.lang.String", "android.os.Bundle", "kotlin.coroutines.Continuation"]), rs(LO, 1)))
    return "mapping.txt build %s, buat deobfuscate crash yang di atas:\n```\n%s\n```" % (appver(), "\n".join(out))


@neg("code_identifier")
def c_rn_redbox():
    return ("```\nTypeError: undefined is not an object (evaluating '%s')\n\nThis error is located at:\n    in %s (at %s.tsx:%d)\n    in RCTView (at View.js:116)\n    in PayoutStack (at AppNavigator.tsx:%d)\n    in NavigationContainer\n```"
            % (pick(["payout.destination.maskedMsisdn.slice", "route.params.order.merchant.taxIdLast4", "wallet.linkedAccounts[0].tokenRef",
                     "session.refreshToken.expiresAt"]), pick(["PayoutSummaryCard", "WalletLinkScreen", "MerchantTaxInfo", "SessionGate"]),
               pick(["PayoutSummaryCard", "WalletLinkScreen", "MerchantTaxInfo"]), R.randint(10, 300), R.randint(10, 200)))


@neg("code_identifier")
def c_spring_bean():
    return ("```\norg.springframework.beans.factory.BeanCreationException: Error creating bean with name '%s': Injection of autowired dependencies failed\nCaused by: java.lang.IllegalArgumentException: Could not resolve placeholder '%s' in value \"${%s}\"\n\tat org.springframework.util.PropertyPlaceholderHelper.parseStringValue(PropertyPlaceholderHelper.java:180)\n```\n%s"
            % (pick(["xenditDisbursementClient", "momoPaymentGateway", "gcashOAuthClient", "bcaSnapSigner"]),
               *([pick(["xendit.secret-key", "momo.secret-key", "gcash.client-secret", "bca.snap.private-key-path"])] * 2),
               pick(["ExternalSecret belum sync di namespace baru", "thiếu secret trong namespace mới", "wala pang secret sa bagong namespace"])))


@neg("code_identifier")
def c_ts_error():
    return ("```\nsrc/features/payout/PayoutSheet.tsx:%d:%d - error TS2339: Property '%s' does not exist on type '%s'.\nsrc/features/kyc/KtpForm.tsx:%d:%d - error TS2322: Type 'string | undefined' is not assignable to type 'MaskedNik'.\n\nFound 2 errors in 2 files.\n```"
            % (R.randint(10, 300), R.randint(1, 40), pick(["bankAccountNumberMasked", "msisdnLast4", "apiKeyPrefix", "passwordHint"]),
               pick(["PayoutDestination", "WalletAccount", "MerchantCredentials"]), R.randint(10, 300), R.randint(1, 40)))


@neg("code_identifier")
def c_env_names():
    names = R.sample(["DANA_CLIENT_ID", "DANA_PRIVATE_KEY_PATH", "XENDIT_SECRET_KEY", "XENDIT_CALLBACK_TOKEN", "MOMO_PARTNER_CODE",
                      "MOMO_ACCESS_KEY", "MOMO_SECRET_KEY", "ZALOPAY_KEY1", "ZALOPAY_KEY2", "GCASH_CLIENT_SECRET", "MAYA_PUBLIC_KEY",
                      "MAYA_SECRET_KEY", "BCA_SNAP_CLIENT_SECRET", "INSTAPAY_SIGNING_CERT", "FCM_SERVICE_ACCOUNT_JSON",
                      "PII_KMS_KEY_ARN", "MSISDN_HMAC_PEPPER"], R.randint(5, 10))
    return pick(["Env yang wajib ada biar payout-orchestrator bisa start (nama doang, value di Vault): ",
                 "Các biến môi trường bắt buộc (chỉ tên, giá trị nằm trong Vault): ",
                 "Required env vars (names only): "]) + ", ".join("`%s`" % n for n in names)


@neg("code_identifier")
def c_local_names():
    return pick([
        "```ts\nexport function hitungTarifDasar(jarakKm: number, kotaId: KotaId): Rupiah { /* ... */ }\nexport function hitungBiayaLayanan(tarif: Rupiah, isSurge: boolean): Rupiah { /* ... */ }\nexport const cekNomorHpValid = (nomor: string) => PHONE_ID_RE.test(nomor);\n```",
        "```ts\nexport function tinhPhiShip(khoangCachKm: number, khuVuc: MaKhuVuc): VND { /* ... */ }\nexport function layDanhSachTaiXeGanNhat(toaDo: LatLng, banKinhM = 1500) { /* ... */ }\nexport const kiemTraSoDienThoai = (sdt: string) => PHONE_VN_RE.test(sdt);\n```",
        "```ts\nexport function kuninAngBayad(distansyaKm: number, lungsod: LungsodCode): Piso { /* ... */ }\nexport const suriinAngNumero = (numero: string) => PHONE_PH_RE.test(numero);\n```",
    ]) + "\n" + pick(["naming campur bahasa gini ok ga sih?", "đặt tên tiếng Việt không dấu vậy ổn không?", "ok lang ba ang Tagalog na function names?"])


@neg("code_identifier")
def c_swift_compile():
    return ("```\n/Sources/CoreAuth/%s.swift:%d:%d: error: cannot find '%s' in scope\n/Sources/PayoutKit/%s.swift:%d:%d: error: value of type 'PayoutDestination' has no member '%s'\n** BUILD FAILED **\n```"
            % (pick(["SessionManager", "TokenRefresher"]), R.randint(10, 300), R.randint(1, 40), pick(["KeychainTokenStore", "RefreshTokenCodec", "PinHashVerifier"]),
               pick(["PayoutSummaryView", "WalletPicker"]), R.randint(10, 300), R.randint(1, 40), pick(["maskedMsisdn", "ibanLast4", "holderNameEnc"])))


@neg("code_identifier")
def c_dbt_yaml():
    return ("```yaml\nmodels:\n  - name: dim_merchant_outlets\n    columns:\n      - name: outlet_id\n        tests: [not_null, unique]\n      - name: owner_phone_hash\n        meta: { pii: hashed }\n      - name: owner_email_domain\n        meta: { pii: partial }\n      - name: tax_id_last4\n        meta: { pii: masked }\n      - name: settlement_bank_account_token\n        meta: { pii: tokenized }\n```")


@neg("code_identifier")
def c_rust_panic():
    h = hexs(16)
    return ("```\nthread 'tokio-runtime-worker' panicked at src/h3_index/cells.rs:%d:%d:\ncalled `Option::unwrap()` on a `None` value\nstack backtrace:\n   0: rust_begin_unwind\n   1: core::panicking::panic_fmt\n   2: core::panicking::panic\n   3: geo_index::h3_index::cells::ring_for_zone::h%s\n   4: _ZN9geo_index5surge10Aggregator6update17h%sE\n   5: tokio::runtime::task::harness::Harness<T,S>::poll\n```"
            % (R.randint(10, 400), R.randint(1, 60), h, hexs(16)))


# ---------------- non_credential_blob ----------------
@neg("non_credential_blob")
def b_git_log():
    msgs = ["fix(surge): clamp multiplier to 3.0 in JKT-SEL", "feat(payout): add InstaPay rail for PH", "chore: bump okhttp to 4.12.0",
            "fix(kyc): handle CCCD chip read timeout", "refactor(dispatch): extract candidate scoring", "feat(cs): masked phone in macro preview",
            "fix(android): NPE in PayoutSummaryCard", "perf(eta): cache H3 rings per zone", "revert: batching food SGN", "feat(merchant): NIB validation"]
    out = ["$ git log --oneline -n %d" % 0]
    n = R.randint(5, 12)
    out[0] = "$ git log --oneline -n %d" % n
    for _ in range(n):
        out.append("%s %s" % (hexs(R.choice([7, 8, 10])), pick(msgs)))
    return "```\n" + "\n".join(out) + "\n```"


@neg("non_credential_blob")
def b_docker_digests():
    out = ["REPOSITORY                                          TAG        DIGEST                                                                    IMAGE ID"]
    for _ in range(R.randint(3, 7)):
        out.append("ghcr.io/lajuride/%-32s %-10s sha256:%s   %s" % (pick(SERVICES), appver(), hexs(64), hexs(12)))
    return "```\n$ docker images --digests\n" + "\n".join(out) + "\n```"


@neg("non_credential_blob")
def b_trace_logs():
    out = []
    for _ in range(R.randint(3, 8)):
        out.append(json.dumps({"ts": iso(), "level": pick(["info", "warn", "error"]), "svc": pick(SERVICES),
                               "trace_id": hexs(32), "span_id": hexs(16), "msg": pick(["payout submitted", "dispatch offer expired",
                                                                                         "surge recalculated", "order state changed", "kyc check queued"]),
                               "latency_ms": R.randint(3, 4000)}))
    return "```\n" + "\n".join(out) + "\n```"


@neg("non_credential_blob")
def b_traceparent():
    return ("Request dari merchant app yang timeout:\n```\ntraceparent: 00-%s-%s-01\ntracestate: laju=%s\nx-request-id: %s\nX-Amzn-Trace-Id: Root=1-%s-%s;Parent=%s;Sampled=1\n```"
            % (hexs(32), hexs(16), hexs(8), uuid4(), hexs(8), hexs(24), hexs(16)))


@neg("non_credential_blob")
def b_idempotency():
    out = []
    for _ in range(R.randint(4, 9)):
        out.append("%s WARN payout-orchestrator duplicate submit idempotency_key=%s batch=%s rail=%s" % (
            iso(), uuid4(), ulid(epoch() * 1000), pick(["BIFAST", "NAPAS247", "INSTAPAY", "PESONET", "EWALLET"])))
    return "Retry storm semalam, semua ke-dedupe sama idempotency key:\n```\n" + "\n".join(out) + "\n```"


def enc_polyline():
    out = []
    for _ in range(R.randint(10, 40)):
        v = R.randint(-4000, 4000)
        v = ~(v << 1) if v < 0 else (v << 1)
        while v >= 0x20:
            out.append(chr((0x20 | (v & 0x1F)) + 63))
            v >>= 5
        out.append(chr(v + 63))
    return "".join(out)


@neg("non_credential_blob")
def b_polyline():
    return ("```json\n{\n  \"route\": {\n    \"distance_m\": %d,\n    \"duration_s\": %d,\n    \"overview_polyline\": \"%s\"\n  },\n  \"zone\": \"%s\"\n}\n```"
            % (R.randint(800, 25000), R.randint(120, 4000), enc_polyline().replace("\\", "\\\\").replace('"', '\\"'), pick(ZONES)))


@neg("non_credential_blob")
def b_h3_cells():
    out = ["| zone | h3 (res 8) | geohash6 | mult |", "|---|---|---|---|"]
    for z in R.sample(ZONES, R.randint(4, 8)):
        out.append("| %s | 88%s%sfffff | %s | %.1f |" % (z, pick(["65", "69", "64"]), hexs(6), rs("0123456789bcdefghjkmnpqrstuvwxyz", 6),
                                                    R.choice([1.0, 1.2, 1.4, 1.5, 1.8, 2.0])))
    return "\n".join(out)


@neg("non_credential_blob")
def b_crashlytics_ids():
    out = []
    for _ in range(R.randint(3, 6)):
        out.append("• issue `%s` — %s — %d users" % (hexs(32), pick(["PayoutSummaryCard NPE", "OTP autofill crash", "map tile OOM",
                                                                     "KeyPermanentlyInvalidated", "WebView renderer gone"]), R.randint(3, 4000)))
    out.append("dSYM UUID: %s (arm64)" % uuid4().upper())
    return "Top crash minggu ini:\n" + "\n".join(out)


@neg("non_credential_blob")
def b_npm_integrity():
    out = []
    for pkg in R.sample(["react-native-maps", "@react-native-firebase/crashlytics", "react-native-mmkv", "zod", "date-fns",
                         "libphonenumber-js", "lottie-react-native", "@sentry/react-native"], R.randint(2, 4)):
        out.append('    "node_modules/%s": {\n      "version": "%d.%d.%d",\n      "integrity": "sha512-%s"\n    },' % (
            pkg, R.randint(0, 14), R.randint(0, 30), R.randint(0, 20), b64(rbytes(64))))
    return "package-lock conflict lagi:\n```json\n" + "\n".join(out) + "\n```"


@neg("non_credential_blob")
def b_gosum():
    out = []
    for mod in R.sample(["github.com/uber/h3-go/v4", "github.com/segmentio/kafka-go", "github.com/jackc/pgx/v5", "go.opentelemetry.io/otel",
                         "github.com/hashicorp/vault/api", "github.com/nyaruka/phonenumbers"], R.randint(2, 4)):
        v = "v%d.%d.%d" % (R.randint(0, 5), R.randint(0, 30), R.randint(0, 12))
        out.append("%s %s h1:%s" % (mod, v, b64(rbytes(32))))
        out.append("%s %s/go.mod h1:%s" % (mod, v, b64(rbytes(32))))
    return "```\n" + "\n".join(out) + "\n```"


@neg("non_credential_blob")
def b_apk_cert():
    fp = ":".join(hexs(2).upper() for _ in range(32))
    fp1 = ":".join(hexs(2).upper() for _ in range(20))
    return ("Fingerprint sertifikat upload key (publik, buat assetlinks.json / Maps API restriction):\n```\n$ keytool -printcert -jarfile app-release.apk\nOwner: CN=Lajuride Android, OU=Mobile, O=PT Lajuride Teknologi Nusantara, C=ID\nSerial number: %s\nCertificate fingerprints:\n\t SHA1: %s\n\t SHA256: %s\n```"
            % (hexs(16), fp1, fp))


@neg("non_credential_blob")
def b_s3_listing():
    out = []
    for _ in range(R.randint(4, 9)):
        out.append("%s %s %8d kyc/%s/%s/%s.jpg.enc" % (ymd(), hms(), R.randint(40000, 900000), pick(["ID", "VN", "PH"]),
                                                      ymd(sep="/")[:7], uuid4()))
    return "Object KYC semuanya encrypted + nama file UUID, ga ada nama orang:\n```\n$ aws s3 ls s3://laju-kyc-prod/ --recursive | head\n" + "\n".join(out) + "\n```"


@neg("non_credential_blob")
def b_cursor():
    cur = b64u(json.dumps({"last_id": ulid(epoch() * 1000), "sort": "created_at", "dir": "desc"}, separators=(",", ":")).encode())
    return ("```json\n{\n  \"data\": [ ... %d orders ... ],\n  \"paging\": {\n    \"next_cursor\": \"%s\",\n    \"has_more\": true\n  }\n}\n```" % (R.randint(20, 100), cur))


@neg("non_credential_blob")
def b_sops():
    def enc(n):
        return "ENC[AES256_GCM,data:%s,iv:%s,tag:%s,type:str]" % (b64(rbytes(n)), b64(rbytes(32)), b64(rbytes(16)))
    return ("`secrets/payout-ph.enc.yaml` udah pake SOPS, aman di-commit:\n```yaml\ngcash:\n    client_secret: %s\n    webhook_secret: %s\nsops:\n    kms:\n        - arn: arn:aws:kms:ap-southeast-1:123456789012:key/%s\n    lastmodified: \"%s\"\n    mac: %s\n    version: 3.8.1\n```"
            % (enc(R.randint(24, 40)), enc(R.randint(24, 40)), uuid4(), iso(ms=False), enc(32)))


@neg("non_credential_blob")
def b_etags():
    out = []
    for _ in range(R.randint(3, 6)):
        out.append("%s  ETag: \"%s%s\"  %s" % (pick(["menu/%s.webp" % uuid4()[:8], "banners/promo_%d.webp" % R.randint(1, 90), "icons/marker_%d.png" % R.randint(1, 20)]),
                                              hexs(32), pick(["", "-%d" % R.randint(2, 9)]), pick(["Hit from cloudfront", "Miss from cloudfront"])))
    out.append("X-Amz-Cf-Id: %s==" % rs(B62 + "_-", 54))
    return "```\n" + "\n".join(out) + "\n```"


@neg("non_credential_blob")
def b_ulids():
    out = ["| order_ulid | event | at |", "|---|---|---|"]
    for _ in range(R.randint(5, 10)):
        t = epoch()
        out.append("| %s | %s | %s |" % (ulid(t * 1000), pick(["CREATED", "MERCHANT_ACCEPTED", "DRIVER_ASSIGNED", "PICKED_UP", "DELIVERED", "CANCELLED"]), iso(t)))
    return "\n".join(out)


@neg("non_credential_blob")
def b_pip_hashes():
    out = []
    for p in R.sample(["numpy==1.26.4", "pandas==2.2.2", "lightgbm==4.3.0", "hvac==2.1.0", "phonenumbers==8.13.40", "h3==3.7.7"], R.randint(2, 4)):
        out.append("%s \\\n    --hash=sha256:%s \\\n    --hash=sha256:%s" % (p, hexs(64), hexs(64)))
    return "```\n# fraud-scorer/requirements.txt\n" + "\n".join(out) + "\n```"


@neg("non_credential_blob")
def b_ciphertext_ref():
    out = []
    for _ in range(R.randint(3, 6)):
        out.append("%s | account_number_enc=kms:v2:%s | key_version=%d" % (uuid7(epoch() * 1000), b64(rbytes(R.choice([48, 60, 72]))), R.randint(1, 9)))
    return "Contoh row setelah envelope encryption (ciphertext, bukan nomor rekening):\n```\n" + "\n".join(out) + "\n```"


@neg("non_credential_blob")
def b_sentry():
    return ("Sentry event `%s` (release `driver-app@%s+%d`), fingerprint `{{ default }}`, group `%s`. Culprit: `%s`."
            % (hexs(32), appver(), R.randint(500000000, 599999999), hexs(32), pick(["PayoutSummaryCard", "TripStateMachine.reduce", "OtpAutofillReceiver"])))


@neg("non_credential_blob")
def b_kafka():
    out = ["GROUP              TOPIC                       PARTITION  CURRENT-OFFSET  LOG-END-OFFSET  LAG  CONSUMER-ID"]
    for p in range(R.randint(3, 6)):
        off = R.randint(100000, 9999999)
        out.append("%-18s %-27s %-10d %-15d %-15d %-4d %s" % ("surge-pricer", pick(["trip.events.v3", "driver.location.v2", "order.events.v5"]), p,
                                                               off, off + R.randint(0, 900), R.randint(0, 900),
                                                               "consumer-surge-pricer-%d-%s" % (R.randint(1, 9), uuid4())))
    return "```\n" + "\n".join(out) + "\n```"


@neg("non_credential_blob")
def b_design_tokens():
    cols = {"brand.green": "#00A862", "brand.dark": "#0B3D2E", "surge.red": "#E23D28", "eta.blue": "#1F6FEB", "muted": "#8A94A6"}
    extra = {("c%02d" % i): "#%06X" % R.randrange(1 << 24) for i in range(R.randint(4, 10))}
    cols.update(extra)
    return "```json\n" + json.dumps({"color": cols, "build": hexs(40)}, indent=2) + "\n```"


@neg("non_credential_blob")
def b_tfstate():
    return ("```json\n{\n  \"version\": 4,\n  \"terraform_version\": \"1.%d.%d\",\n  \"serial\": %d,\n  \"lineage\": \"%s\",\n  \"outputs\": {}\n}\n```\n%s"
            % (R.randint(5, 9), R.randint(0, 5), R.randint(10, 900), uuid4(), pick(["state lock nyangkut, lineage-nya beda", "state bị lock", ""])))


@neg("non_credential_blob")
def b_release_sums():
    out = []
    for f in ["driver-app-%s-release.aab", "rider-app-%s-release.aab", "merchant-app-%s-release.apk"]:
        out.append("%s  %s" % (hexs(64), f % appver()))
    return "```\n$ cat SHA256SUMS\n" + "\n".join(out) + "\n```"


@neg("non_credential_blob")
def b_fcm_ids():
    out = []
    for _ in range(R.randint(3, 6)):
        out.append("%s notif-fanout sent name=projects/lajuride-prod/messages/0:%d%%%s topic=%s" % (
            iso(), epoch() * 1000000 + R.randint(0, 999999), hexs(16), pick(["surge_alert_jkt", "payout_done", "promo_vn", "order_update"])))
    return "```\n" + "\n".join(out) + "\n```"


# ---------------- pii_lookalike_number ----------------
def safe_id(n):
    """A numeric id that is not a phone number of the theme's countries, not NANP and not Luhn-valid."""
    d = list(pick("123457") + digits(n - 1))
    if n == 10:
        d[3] = pick("01")
    s = "".join(d)
    if 13 <= n <= 19 and luhn_ok(s):
        s = s[:-1] + str((int(s[-1]) + 1) % 10)
    return s


def ms_ts(t):
    """Epoch milliseconds for second t; nudged by 1 ms when the 13 digits happen to be Luhn-valid."""
    v = t * 1000 + R.randint(0, 999)
    return v + 1 if luhn_ok(str(v)) else v


def grp(s, sizes, sep=None):
    sep = sep if sep is not None else pick(["-", " "])
    out, i = [], 0
    for k in sizes:
        out.append(s[i:i + k])
        i += k
    if i < len(s):
        out.append(s[i:])
    return sep.join(out)


def phoneish():
    k = R.randrange(8)
    if k >= 6:
        while True:
            n = R.choice([10, 12])
            x = grp("0" + pick("0146") + digits(n - 2), [4, 4, 4] if n == 12 else pick([[4, 3, 3], [3, 3, 4]]))
            if not scan(x):
                return x
    if k == 0:
        return grp(safe_id(12), [4, 4, 4])
    if k == 1:
        return grp(safe_id(10), [3, 3, 4])
    if k == 2:
        return grp(safe_id(11), [4, 3, 4])
    if k == 3:
        return grp(safe_id(10), [4, 3, 3])
    if k == 4:
        return grp(safe_id(13), [4, 4, 5])
    return grp(safe_id(11), [3, 4, 4])


@neg("pii_lookalike_number")
def n_payout_recon():
    rows = ["| batch_id | negara | rail | jml transfer | total | ref bank | status |", "|---|---|---|---:|---:|---|---|"]
    for _ in range(R.randint(5, 12)):
        cc = pick(["ID", "VN", "PH"])
        n = R.randint(40, 48000)
        tot = {"ID": lambda: idr(n * R.randint(80, 400) * 1000), "VN": lambda: vnd(n * R.randint(150, 900) * 1000),
               "PH": lambda: php(n * R.randint(300, 2500) + 0.0)}[cc]()
        ref = {"ID": "%sBCA%s" % (ymd(sep=""), safe_id(8)), "VN": "FT%s%s" % (ymd(sep="")[2:], safe_id(6)),
               "PH": "IP%s" % grp(safe_id(12), [4, 4, 4], "")}[cc]
        rows.append("| PB-%s-%s | %s | %s | %s | %s | %s | %s |" % (cc, grp(safe_id(8), [4, 4], "-"), cc,
                                                              {"ID": "BI-FAST", "VN": "Napas247", "PH": pick(["InstaPay", "PESONet"])}[cc],
                                                              "{:,}".format(n).replace(",", "." if cc != "PH" else ","), tot, ref,
                                                              pick(["SETTLED", "SETTLED", "PARTIAL", "PENDING"])))
    return "Rekap payout %s:\n%s" % (dmy(), "\n".join(rows))


@neg("pii_lookalike_number")
def n_settlement_csv():
    hdr = "merchant_id,outlet_id,settlement_date,orders,gross_idr,commission_idr,net_idr,invoice_no,faktur_pajak"
    rows = [hdr]
    for _ in range(R.randint(15, 30)):
        g = R.randint(50, 9000) * 1000
        c = int(g * pick([0.15, 0.2, 0.25]))
        rows.append("M-ID-%s,%s,%s,%d,%d,%d,%d,INV/%s/%s/%s,%s" % (
            safe_id(7), grp(safe_id(12), [4, 4, 4], "-"), ymd(), R.randint(3, 900), g, c, g - c,
            pick(["2025"]), "%02d" % R.randint(9, 12), safe_id(6),
            "010.000-25.%s" % safe_id(8)))
    return "Export settlement merchant Jabodetabek (batch %s):\n```csv\n%s\n```" % (safe_id(9), "\n".join(rows))


@neg("pii_lookalike_number")
def n_dispatch_log():
    out = []
    for _ in range(R.randint(6, 14)):
        t = epoch()
        out.append("%s dispatch-matcher offer trip_id=%s zone=%s cand=%d eta_s=%d score=%.3f offer_seq=%d ts_ms=%d" % (
            iso(t), safe_id(10), pick(ZONES), R.randint(1, 12), R.randint(60, 900), R.random(), R.randint(1, 5), ms_ts(t)))
    return "```\n" + "\n".join(out) + "\n```"


@neg("pii_lookalike_number")
def n_surge_log():
    out = ["zone          window_start          demand  supply  ratio  mult  epoch_ms"]
    for z in R.sample(ZONES, R.randint(5, 10)):
        t = epoch()
        d = R.randint(100, 6000)
        s = R.randint(80, 4000)
        out.append("%-13s %s  %6d  %6d  %5.2f  %4.1f  %d" % (z, iso(t, ms=False), d, s, d / s, min(3.0, max(1.0, round(d / s, 1))), ms_ts(t)))
    return "surge snapshot jam sibuk:\n```\n" + "\n".join(out) + "\n```"


@neg("pii_lookalike_number")
def n_company_form_id():
    return ("Checklist onboarding merchant korporat (%s):\n```\nNama badan usaha : PT %s\nNIB              : %s\nNPWP badan       : %s.%s.%s.%s-%s.000\nAkta pendirian   : No. %d tanggal %s\nSK Kemenkumham   : AHU-%s.AH.01.01.TAHUN %d\nKBLI             : %s\nKode pos outlet  : %s\nJumlah outlet    : %d\nRata-rata order/hari: %s\n```"
            % (pick(["chain F&B", "minimarket", "cloud kitchen"]), pick(["Sari Rasa Nusantara", "Dapur Kilat Sejahtera", "Kopi Senja Abadi", "Warung Digital Makmur"]),
               safe_id(13), "0" + digits(1, "123456789"), digits(3), digits(3), digits(1), digits(3), R.randint(1, 120), dmy(sep="-"),
               safe_id(7), R.randint(2015, 2024), pick(["56101", "56102", "47111", "56290"]),
               pick(["12190", "12950", "10220", "60271", "40115", "80361"]), R.randint(2, 140), "{:,}".format(R.randint(100, 20000)).replace(",", ".")))


@neg("pii_lookalike_number")
def n_vn_einvoice():
    import time
    ts = epoch()
    mon = time.gmtime(ts)[1]
    goods = R.randint(1000, 90000) * 1000
    vat = goods * 8 // 100
    return ("Thông tin hóa đơn điện tử tháng %02d (đối tác nhà hàng chuỗi):\n```\nMST doanh nghiệp : 01%s\nMST chi nhánh    : 01%s-%03d\nMẫu số           : 1\nKý hiệu          : 1C25T%s\nSố hóa đơn       : %08d\nNgày lập         : %s\nTổng tiền hàng   : %s\nThuế GTGT (8%%)   : %s\nTổng thanh toán  : %s\nMã tra cứu       : %s\n```"
            % (mon, digits(8), digits(8), R.randint(1, 20), rs(UP, 2), R.randint(1, 99999999), dmy(ts),
               vnd(goods), vnd(vat), vnd(goods + vat), rs(UP + DIG, 12)))


@neg("pii_lookalike_number")
def n_ph_bir():
    return ("BIR details ng partner restaurant group (corporate, hindi personal):\n```\nRegistered name : %s Food Corp.\nTIN             : %s-%s-%s-%s\nSEC Reg. No.    : CS%d%s\nBIR ATP No.     : %s\nOR Series       : %s to %s\nVAT (12%%)       : %s\nGross sales Q%d  : %s\n```"
            % (pick(["Kusina Express", "Lutong Bahay", "Pinoy Grill Hub", "Isla Bites"]), digits(3, "0124"), digits(3), digits(3), digits(5, "0"),
               R.randint(2010, 2024), digits(5), "OCN" + safe_id(10), "%07d" % R.randint(1, 500000), "%07d" % R.randint(500001, 999999),
               php(R.randint(10000, 900000) + 0.0), R.randint(1, 4), php(R.randint(1000000, 90000000) + 0.0)))


@neg("pii_lookalike_number")
def n_app_versions():
    rows = ["| app | versionName | versionCode | rollout | crash-free users | sessions (7d) |", "|---|---|---:|---:|---:|---:|"]
    for app in R.sample(["driver-android", "rider-android", "merchant-android", "driver-ios", "rider-ios"], R.randint(3, 5)):
        v = appver()
        code = "%d%03d%02d%d" % (int(v.split(".")[0]), int(v.split(".")[1]), int(v.split(".")[2]), R.randint(0, 9))
        rows.append("| %s | %s | %s | %d%% | %.2f%% | %s |" % (app, v, code if "android" in app else "(%s)" % R.randint(4000, 9000), R.choice([1, 5, 20, 50, 100]),
                                                            R.uniform(98.5, 99.95), "{:,}".format(R.randint(100000, 48000000))))
    return "\n".join(rows)


@neg("pii_lookalike_number")
def n_ticket_list():
    out = []
    for _ in range(R.randint(4, 9)):
        out.append("• Zendesk #%d — order %s — %s — %s" % (R.randint(4000000, 9999999), phoneish(),
                                                         pick(["double charge", "refund belum masuk", "chưa nhận hoàn tiền", "hindi dumating ang order",
                                                               "driver cancel 3x", "promo tidak terpakai"]),
                                                         pick(["PAY-%d" % R.randint(1000, 9999), "CS-%d" % R.randint(10000, 99999), "no jira"])))
    return pick(["Eskalasi CS hari ini:", "Ticket escalated hôm nay:", "Mga escalated tickets ngayon:"]) + "\n" + "\n".join(out)


@neg("pii_lookalike_number")
def n_telco_prefix():
    return pick([
        "OTP SMS gagal per prefix operator (24 jam terakhir):\n| prefix | operator | terkirim | gagal | %% |\n|---|---|---:|---:|---:|\n| 0811–0813 | Telkomsel | %s | %s | %.1f%% |\n| 0852/0853 | Telkomsel | %s | %s | %.1f%% |\n| 0817–0819 | XL | %s | %s | %.1f%% |\n| 0895–0899 | Tri | %s | %s | %.1f%% |",
        "OTP không tới theo đầu số (24h):\n| đầu số | nhà mạng | gửi | lỗi | %% |\n|---|---|---:|---:|---:|\n| 086, 096–098 | Viettel | %s | %s | %.1f%% |\n| 032–039 | Viettel | %s | %s | %.1f%% |\n| 090, 093 | MobiFone | %s | %s | %.1f%% |\n| 091, 094 | VinaPhone | %s | %s | %.1f%% |",
        "OTP failures by prefix (PH, last 24h):\n| prefix | telco | sent | failed | %% |\n|---|---|---:|---:|---:|\n| 0905/0906/0915–0917 | Globe | %s | %s | %.1f%% |\n| 0908/0918–0921 | Smart | %s | %s | %.1f%% |\n| 0991–0994 | DITO | %s | %s | %.1f%% |\n| 0895–0898 | DITO | %s | %s | %.1f%% |",
    ]) % tuple(x for _ in range(4) for x in ("{:,}".format(R.randint(10000, 900000)), "{:,}".format(R.randint(10, 9000)), R.uniform(0.1, 9.0)))


@neg("pii_lookalike_number")
def n_phoneish_orders():
    out = []
    for _ in range(R.randint(5, 12)):
        out.append("%s  %s  %s" % (phoneish(), pick(["FOOD", "RIDE", "MART", "SEND"]), pick([idr(R.randint(10, 300) * 1000), vnd(R.randint(20, 500) * 1000), php(R.randint(80, 1500) + 0.0)])))
    return pick(["Order yang kena double-charge (order no. | layanan | nominal):", "Các đơn bị trừ tiền 2 lần:", "Orders na na-double charge:"]) + "\n```\n" + "\n".join(out) + "\n```"


@neg("pii_lookalike_number")
def n_amounts():
    return pick([
        "GMV minggu ini: ID %s, VN %s, PH %s. Insentif driver total %s, refund %s." % (idr(R.randint(10, 99) * 1000000000 + R.randint(0, 999) * 1000000), vnd(R.randint(100, 999) * 1000000000),
                                                                                   php(R.randint(10, 99) * 1000000 + 0.0), idr(R.randint(100, 999) * 1000000), idr(R.randint(10, 99) * 1000000)),
        "Doanh thu ngày %s: %s (đơn: %s, AOV %s)" % (dmy(), vnd(R.randint(1000, 9999) * 1000000), "{:,}".format(R.randint(10000, 400000)).replace(",", "."), vnd(R.randint(60, 200) * 1000)),
        "Cash-out cap per driver: %s/day (ID), %s/day (VN), %s/day (PH). Daily float needed: %s." % (idr(R.choice([5000000, 10000000])), vnd(R.choice([20000000, 50000000])),
                                                                                                php(R.choice([10000.0, 20000.0])), idr(R.randint(100, 900) * 1000000000)),
    ])


@neg("pii_lookalike_number")
def n_chargeback():
    rows = ["| case | network | ARN | amount | reason | deadline |", "|---|---|---|---:|---|---|"]
    for _ in range(R.randint(3, 8)):
        arn = pick("27") + digits(22)
        net = pick(["Visa", "Mastercard", "JCB"])
        reason = pick({"Visa": ["10.4", "13.1", "12.6.1"], "Mastercard": ["4837", "4853", "4834"], "JCB": ["F24", "A02", "B24"]}[net])
        rows.append("| CB-2025-%s | %s | %s | %s | %s | %s |" % (safe_id(6), net, arn,
                                                              pick([idr(R.randint(20, 900) * 1000), php(R.randint(100, 9000) + 0.0)]),
                                                              reason, dmy()))
    return "Chargeback yang masuk minggu ini (ARN dari acquirer, bukan nomor kartu):\n" + "\n".join(rows)


@neg("pii_lookalike_number")
def n_bank_codes():
    return pick([
        "Mapping kode bank buat rail BI-FAST:\n```\nBCA      014  CENAIDJA\nMandiri  008  BMRIIDJA\nBRI      002  BRINIDJA\nBNI      009  BNINIDJA\nCIMB     022  BNIAIDJA\n```",
        "Napas BIN cho payout VN:\n```\nVietcombank  970436  BFTVVNVX\nTechcombank  970407  VTCBVNVX\nMB Bank      970422  MSCBVNVX\nACB          970416  ASCBVNVX\nBIDV         970418  BIDVVNVX\n```",
        "PH BRSTN / SWIFT for PESONet routing:\n```\nBDO        %s  BNORPHMM\nBPI        %s  BOPIPHMM\nMetrobank  %s  MBTCPHMM\nUnionBank  %s  UBPHPHMM\n```" % tuple("01" + digits(7) for _ in range(4)),
    ])


@neg("pii_lookalike_number")
def n_epoch_table():
    rows = ["event_id,topic,partition,offset,produced_at_ms,consumed_at_ms,lag_ms"]
    for _ in range(R.randint(8, 20)):
        t = ms_ts(epoch())
        lag = R.randint(2, 9000)
        while luhn_ok(str(t + lag)):
            lag += 1
        rows.append("%s,%s,%d,%d,%d,%d,%d" % (safe_id(12), pick(["order.events.v5", "trip.events.v3", "payout.events.v1"]), R.randint(0, 23),
                                            R.randint(1000000, 99999999), t, t + lag, lag))
    return "```csv\n" + "\n".join(rows) + "\n```"


@neg("pii_lookalike_number")
def n_fleet_stats():
    return pick([
        "Driver aktif per kode wilayah plat (agregat, bukan plat individu): B %s · D %s · L %s · AB %s · DK %s · BK %s",
        "Tài xế hoạt động theo mã tỉnh biển số: 29–33 (HN) %s · 51/59 (HCM) %s · 43 (ĐN) %s · 15 (HP) %s · 65 (CT) %s · 92 (QN) %s",
        "Active riders by LTO region: NCR %s · Region III %s · Region IV-A %s · Region VII %s · Region XI %s · CAR %s",
    ]) % tuple("{:,}".format(R.randint(500, 90000)) for _ in range(6))


@neg("pii_lookalike_number")
def n_latency():
    rows = ["| endpoint | rps | p50 ms | p95 ms | p99 ms | errors |", "|---|---:|---:|---:|---:|---:|"]
    for ep in R.sample(["POST /v3/orders", "GET /v2/eta", "POST /v1/payouts", "GET /v1/surge", "POST /v2/kyc/selfie", "GET /v4/menu"], R.randint(4, 6)):
        p50 = R.randint(8, 200)
        rows.append("| %s | %s | %d | %d | %d | %d |" % (ep, "{:,}".format(R.randint(50, 24000)), p50, p50 * R.randint(2, 5), p50 * R.randint(5, 12), R.randint(0, 4000)))
    return "\n".join(rows)


@neg("pii_lookalike_number")
def n_zone_coords():
    zs = [("JKT-SEL-07", -6.2615, 106.8106), ("JKT-PUS-02", -6.1862, 106.8341), ("SGN-Q1-02", 10.7769, 106.7009), ("HAN-HK-01", 21.0285, 105.8542),
          ("MNL-MKT-01", 14.5547, 121.0244), ("MNL-BGC-03", 14.5508, 121.0509), ("CEB-IT-02", 10.3308, 123.9054), ("DPS-KUTA-04", -8.7237, 115.1752)]
    out = []
    for z, la, lo in R.sample(zs, R.randint(3, 6)):
        out.append("%s: centroid %.4f, %.4f · radius %d m · %d dark stores" % (z, la + R.uniform(-0.01, 0.01), lo + R.uniform(-0.01, 0.01), R.randint(800, 4000), R.randint(0, 9)))
    return "\n".join(out)


@neg("pii_lookalike_number")
def n_promo_stats():
    rows = ["| code | market | redemptions | budget | used |", "|---|---|---:|---:|---:|"]
    for c in R.sample(["HEMAT50K", "GAJIAN25", "BANMOI30", "FREESHIPHN", "SULIT100", "PAYDAY15", "JUMAT20", "TETKM"], R.randint(4, 7)):
        mk = pick(["ID", "VN", "PH"])
        bud = {"ID": lambda: idr(R.randint(10, 900) * 1000000), "VN": lambda: vnd(R.randint(100, 9000) * 1000000),
               "PH": lambda: php(R.randint(100, 9000) * 1000.0)}[mk]()
        rows.append("| %s | %s | %s | %s | %d%% |" % (c, mk, "{:,}".format(R.randint(100, 900000)), bud, R.randint(1, 100)))
    return "\n".join(rows)


@neg("pii_lookalike_number")
def n_ratelimit():
    t = epoch()
    return ("```\nHTTP/2 429\nx-ratelimit-limit: %d\nx-ratelimit-remaining: 0\nx-ratelimit-reset: %d\nretry-after: %d\ndate: %s\n```\nvendor map tiles nge-limit lagi jam %s" % (
        R.choice([600, 1200, 3000]), t, R.randint(1, 60), iso(t, ms=False), hms(t)))


@neg("pii_lookalike_number")
def n_vn_orders():
    out = []
    for _ in range(R.randint(4, 10)):
        out.append("- Mã đơn %s · %s · %s · %s" % (grp(safe_id(11), [3, 4, 4], pick(["-", " ", "."])), pick(CITIES_VN), vnd(R.randint(25, 600) * 1000), pick(["giao trễ 40 phút", "thiếu món", "tài xế huỷ", "hoàn tiền 50%"])))
    return "Đơn cần xử lý ca chiều:\n" + "\n".join(out)


@neg("pii_lookalike_number")
def n_ph_booking():
    out = []
    for _ in range(R.randint(3, 8)):
        out.append("Booking ID: %s-%s | GCash Ref No. %s | %s | %s" % (pick("ABCF"), grp(safe_id(12), [4, 4, 4], "-"), grp(safe_id(13), [4, 3, 6], " "),
                                                                      php(R.randint(90, 2500) + 0.0), pick(["refund processed", "pending reversal", "duplicate"])))
    return "Refund reconciliation (GCash merchant side):\n```\n" + "\n".join(out) + "\n```"


@neg("pii_lookalike_number")
def n_bulk_file():
    cnt = R.randint(100, 9000)
    tot = R.randint(100, 9000) * 1000000
    out = ["H|%s|LAJU-PAYOUT-ID|%06d|%016d|IDR" % (ymd(sep=""), cnt, tot)]
    for i in range(R.randint(3, 6)):
        out.append("D|%06d|%s|%s|%015d|%s" % (i + 1, pick(["014", "008", "002", "009"]), "TKN" + hexs(12).upper(), R.randint(50, 5000) * 1000, "PB%s" % safe_id(10)))
    out.append("T|%06d|%016d" % (cnt, tot))
    s = "\n".join(out)
    if scan(s):
        return n_bulk_file()
    return "Format file bulk transfer (rekening tujuan udah di-tokenize):\n```\n" + s + "\n```"


@neg("pii_lookalike_number")
def n_cutoffs():
    return ("Jadwal cut-off payout minggu depan:\n- ID: BI-FAST 24/7, SKN cut-off %s WIB, tanggal merah %s\n- VN: Napas247 24/7, đối soát lúc %s ICT ngày %s\n- PH: InstaPay 24/7, PESONet cut-off %s PHT, holiday %s\nBatch window: %s–%s UTC, expected %s transfers."
            % (pick(["14:00", "15:00"]), dmy(), pick(["23:30", "00:30"]), dmy(), pick(["15:00", "15:30"]), dmy(sep="/"), hms()[:5], hms()[:5], "{:,}".format(R.randint(10000, 900000))))


@neg("pii_lookalike_number")
def n_device_stats():
    rows = []
    for _ in range(R.randint(3, 7)):
        rows.append("%s/%s/%s:%d/%s.%s.%03d/%s:user/release-keys  %s sessions" % (
            pick(["samsung", "xiaomi", "oppo", "vivo", "realme"]), pick(["a15xx", "fire", "CPH2591", "V2250", "RMX3834"]),
            pick(["a15", "fire", "OP5A0L1", "PD2250F"]), R.choice([12, 13, 14]), pick(["UP1A", "TP1A", "SP1A"]), ymd(sep="")[2:], R.randint(1, 20),
            rs(UP + DIG, 12), "{:,}".format(R.randint(1000, 900000))))
    return "Fingerprint device yang paling banyak crash:\n```\n" + "\n".join(rows) + "\n```"


@neg("pii_lookalike_number")
def n_incident_timeline():
    t = epoch()
    out = []
    for i in range(R.randint(5, 9)):
        t += R.randint(30, 900)
        out.append("%s — %s" % (hms(t)[:5], pick(["alert surge-pricer p99 > 2s", "%s trip offers expired" % "{:,}".format(R.randint(100, 9000)),
                                                 "rollback ke %s" % appver(), "queue lag %s msgs" % "{:,}".format(R.randint(10000, 9000000)),
                                                 "payout batch PB-ID-%s paused" % grp(safe_id(8), [4, 4]), "recovered, backlog %d" % R.randint(0, 900)])))
    return "Timeline INC-%d (%s):\n%s" % (R.randint(1000, 9999), dmy(), "\n".join(out))


@neg("pii_lookalike_number")
def n_outlet_form():
    return ("```\nOutlet registration #%s\nBrand ID        : BR-%s\nOutlet ID       : OUT-%s-%s\nSIUP/NIB        : %s\nJam operasional : 10:00–22:00\nKapasitas order : %d/jam\nKomisi          : %d%%\nRekening settlement: token %s (BCA ****%s)\nTanggal aktif   : %s\n```"
            % (safe_id(8), safe_id(6), pick(CITIES_ID), grp(safe_id(12), [4, 4, 4], "-"), safe_id(13), R.randint(10, 200), R.choice([15, 20, 25]),
               hexs(16), digits(4), dmy()))


@neg("pii_lookalike_number")
def n_application_numbers():
    k = R.randrange(3)
    rows = []
    for _ in range(R.randint(4, 9)):
        if k == 0:
            rows.append("| %s | %s | %s | %s |" % (phoneish(), pick(CITIES_ID), pick(["dokumen kurang", "menunggu verifikasi", "disetujui", "ditolak: foto buram"]), dmy()))
        elif k == 1:
            rows.append("| %s | %s | %s | %s |" % (phoneish(), pick(CITIES_VN), pick(["thiếu giấy tờ", "chờ duyệt", "đã duyệt", "từ chối"]), dmy()))
        else:
            rows.append("| %s | %s | %s | %s |" % (phoneish(), pick(CITIES_PH), pick(["incomplete docs", "for review", "approved", "rejected: blurry"]), dmy()))
    head = ["| No. pendaftaran | kota | status | tanggal |", "| Mã hồ sơ | thành phố | trạng thái | ngày |",
            "| Application no. | city | status | date |"][k]
    lead = ["Antrian verifikasi mitra (nomor pendaftaran, bukan nomor HP):", "Hàng đợi duyệt hồ sơ tài xế:",
            "Driver application queue (app numbers lang, walang personal info):"][k]
    return lead + "\n" + head + "\n|---|---|---|---|\n" + "\n".join(rows)


@neg("pii_lookalike_number")
def n_order_json_logs():
    out = []
    for _ in range(R.randint(4, 10)):
        out.append(json.dumps({"ts": iso(), "svc": "order-gateway", "event": pick(["order.created", "order.paid", "order.refunded"]),
                               "order_no": phoneish(), "invoice_no": "INV/%s/%02d/%s" % ("2025", R.randint(9, 12), safe_id(6)),
                               "amount": R.randint(10, 900) * 1000, "currency": pick(["IDR", "VND", "PHP"]), "items": R.randint(1, 9)}))
    return "```\n" + "\n".join(out) + "\n```"


# ---------------- talk_about_secrets ----------------
TALK = {
    "id": [
        "Tolong jangan paste foto KTP atau SIM driver di channel ini, upload lewat tools KYC aja.",
        "Key Xendit production udah gw rotate tadi pagi, yang lama udah di-revoke.",
        "Nomor HP customer jangan ditulis lengkap di tiket, cukup 4 digit terakhir.",
        "Siapa yang tadi share password DB di DM? Tolong dihapus dan ganti password-nya sekarang.",
        "Secret scanner nge-block PR gw gara-gara ada string yang mirip token, ternyata cuma hash.",
        "Sesuai UU PDP, data pribadi mitra cuma boleh disimpan selama masa retensi yang disepakati.",
        "Client secret DANA expire tiap 90 hari, reminder-nya udah gw pasang di kalender tim.",
        "Kalo ada yang minta OTP atau PIN driver lewat chat, itu pasti penipuan — eskalasi ke fraud.",
        "Private key buat signing request SNAP BCA disimpen di HSM, ga ada yang pegang file-nya.",
        "Tadi ada screenshot dashboard payout yang keliatan nomor rekening, udah gw minta hapus.",
        "Token bot Slack yang lama masih hidup, besok gw revoke abis deploy.",
        "Email merchant jangan dipake buat testing, pake domain internal aja.",
        "Log payout sekarang nge-mask nomor e-wallet, cuma keliatan 4 digit terakhir.",
        "API key Google Maps kita di-restrict per package name dan SHA-256 cert, jadi aman kalo bocor ke APK.",
        "Kalo nemu kredensial di repo, jangan di-force-push aja, lapor dulu ke #security biar di-rotate.",
        "Gw udah minta vendor SMS ganti API key mereka, yang lama ke-commit di repo lama.",
    ],
    "vi": [
        "Mọi người đừng gửi ảnh CCCD của tài xế vào channel, dùng tool KYC nhé.",
        "Secret key MoMo bên production đã được rotate sáng nay, key cũ đã thu hồi.",
        "Số điện thoại khách hàng không ghi đầy đủ trong ticket, chỉ 4 số cuối thôi.",
        "Theo Nghị định 13/2023, dữ liệu cá nhân của tài xế phải có sự đồng ý trước khi xử lý.",
        "Ai vừa paste mật khẩu database vào thread thì xoá giúp và đổi mật khẩu ngay nhé.",
        "Hash secret của VNPay chỉ nằm trong Vault, không ai giữ bản copy.",
        "Nếu có người nhắn xin mã OTP của tài xế thì đó là lừa đảo, báo ngay cho team fraud.",
        "Log payout giờ đã che số tài khoản ngân hàng, chỉ hiện 4 số cuối.",
        "Token Slack cũ vẫn còn hiệu lực, mai em revoke sau khi deploy.",
        "Email của merchant không dùng để test, dùng domain nội bộ thôi.",
        "Private key ký webhook ZaloPay lưu trong KMS, không export ra được.",
        "Screenshot có số thẻ khách hàng đã bị xoá khỏi channel, cảm ơn mọi người.",
    ],
    "tl": [
        "Wag po mag-post ng picture ng driver's license o ID dito sa channel, sa KYC tool lang.",
        "Na-rotate ko na yung GCash client secret kaninang umaga, revoked na yung luma.",
        "Huwag isulat ng buo ang mobile number ng customer sa ticket, last 4 digits lang.",
        "Ayon sa Data Privacy Act, kailangan ng consent bago i-process ang personal data ng riders.",
        "Sino yung nag-share ng DB password sa DM? Pakidelete at palitan na agad.",
        "Kung may humihingi ng OTP o MPIN ng rider sa chat, scam yan — i-escalate sa fraud.",
        "Yung Maya webhook secret, nasa Secrets Manager lang, walang kopya sa laptop.",
        "Naka-mask na ang GCash number sa payout logs, last 4 lang ang kita.",
        "Yung lumang Slack bot token, buhay pa, ire-revoke ko bukas after deploy.",
        "May screenshot kanina na kita ang card number, pina-delete ko na.",
        "Pakitanggal yung email ng merchant sa test fixtures, gumamit tayo ng internal domain.",
    ],
    "en": [
        "Reminder: never paste API keys, passwords or tokens in Slack, even in private channels.",
        "The PayMongo secret key was rotated this morning; the old one is revoked.",
        "Support macros should only ever show the last four digits of a wallet number.",
        "If you find a credential in a repo, don't just rewrite history — report it so it gets rotated.",
        "Our secret scanner flagged a commit hash as an AWS key again; adding an allowlist entry.",
        "Card numbers must never reach our logs; the PSP tokenizes them before they hit our API.",
        "The JWT signing key for the driver app is in KMS and rotates every 30 days.",
        "Please don't forward rider phone numbers to drivers outside the masked-call bridge.",
        "We're moving the payout service's database password from the env file to Vault this sprint.",
        "Anyone sharing their SSH private key to debug the bastion: please stop, request access instead.",
        "The vendor asked for our IBAN over chat; finance will send it via the signed portal instead.",
        "The US contractor's SSN is collected in the tax portal, not in this channel.",
    ],
}


@neg("talk_about_secrets")
def t_mixed():
    lang = pick(list(TALK))
    sents = R.sample(TALK[lang], R.randint(1, 3))
    if R.random() < 0.35:
        sents.append(pick(TALK[pick(list(TALK))]))
    return " ".join(sents)


@neg("talk_about_secrets")
def t_runbook():
    lang = pick(["id", "en", "vi", "tl"])
    head = {"id": "*Runbook kalau kredensial bocor:*", "en": "*Leaked credential runbook:*", "vi": "*Quy trình khi lộ secret:*",
            "tl": "*Runbook pag may na-leak na credential:*"}[lang]
    steps = {
        "id": ["Revoke dulu key/token-nya di konsol vendor", "Bikin key baru, simpan di Vault", "Deploy ulang service yang pake",
               "Cek audit log vendor 30 hari terakhir", "Tulis postmortem tanpa nyebut nilai secret-nya", "Tutup tiket di #security"],
        "en": ["Revoke the key at the vendor first", "Issue a new one and store it in Vault", "Redeploy every consumer",
               "Check the vendor's audit log for the last 30 days", "Write the postmortem without the secret value", "Close the #security ticket"],
        "vi": ["Thu hồi key trên console của đối tác", "Tạo key mới, lưu vào Vault", "Deploy lại các service dùng key",
               "Kiểm tra audit log 30 ngày", "Viết postmortem, không ghi giá trị secret", "Đóng ticket ở #security"],
        "tl": ["I-revoke muna ang key sa vendor console", "Gumawa ng bago at ilagay sa Vault", "I-redeploy lahat ng gumagamit",
               "Tingnan ang audit log ng vendor (30 days)", "Isulat ang postmortem nang walang secret value", "Isara ang ticket sa #security"],
    }[lang]
    k = R.randint(3, len(steps))
    return head + "\n" + "\n".join("%d. %s" % (i + 1, s) for i, s in enumerate(steps[:k]))


@neg("talk_about_secrets")
def t_incident():
    vendor = pick(["Xendit", "MoMo", "GCash", "DANA", "Maya", "ZaloPay", "Google Maps", "Twilio", "Firebase"])
    what = pick(["API key", "client secret", "webhook secret", "service account key", "token"])
    return ("*Ringkasan insiden SEC-%d*\n• Apa: %s %s ke-commit di repo `%s` (public mirror)\n• Terdeteksi: secret scanner, %d menit setelah push\n• Tindakan: key di-revoke, key baru di Vault, repo di-scrub\n• Dampak: tidak ada pemakaian dari luar di audit log vendor\n• Follow-up: pre-commit hook wajib di semua repo mobile"
            % (R.randint(100, 999), what, vendor, pick(SERVICES), R.randint(2, 60)))


@neg("talk_about_secrets")
def t_qa():
    q, a = pick([
        ("Boleh ga kirim nomor HP driver ke merchant biar koordinasi?", "Ga boleh, pake fitur chat/call bridge yang nomornya di-mask."),
        ("Có được lưu số thẻ của khách để retry thanh toán không?", "Không, chỉ lưu token từ cổng thanh toán."),
        ("Pwede bang i-share ang GCash number ng rider sa support vendor?", "Hindi, last 4 digits lang at ticket ID."),
        ("Where do I get the staging DB password?", "Request it through Vault with your SSO; nobody will DM it to you."),
        ("Perlu ga nyimpen foto selfie KYC setelah verifikasi?", "Sesuai retensi: 30 hari lalu dihapus otomatis, hash-nya aja yang disimpan."),
        ("Em có thể dùng API key của anh để test không?", "Không, mỗi người tự tạo key sandbox riêng nhé."),
    ])
    return "*Q:* %s\n*A:* %s" % (q, a)


@neg("talk_about_secrets")
def t_scanner_talk():
    return pick([
        "Regex nomor HP di redactor kita kebanyakan false positive: order id 12 digit ikut ke-mask. Harus cek prefix 08/+62 dan panjangnya.",
        "Scanner bắt nhầm mã số thuế 10 số là số điện thoại, cần thêm check đầu số nhà mạng.",
        "False positive na naman: yung GCash reference number (13 digits) na-flag as card number. Kailangan ng Luhn check.",
        "The IBAN detector should validate mod-97 before flagging; half the hits were invoice numbers.",
        "Kita perlu allowlist buat key contoh dari dokumentasi AWS, biar CI ga merah terus.",
        "Detector JWT kena cursor pagination yang base64 JSON — bedanya cursor ga punya titik.",
    ])


@neg("talk_about_secrets")
def t_security_sync():
    items = R.sample([
        "rotasi semua secret payment gateway (Q4)", "migrasi password DB ke IAM auth", "masking nomor HP di macro CS",
        "hapus data KTP lama di bucket legacy", "rotate khóa ký webhook VNPay", "audit ai có quyền đọc secret payout",
        "DPA review with the GCash team", "enable secret scanning push protection on all repos",
        "training phishing buat tim CS", "review quyền truy cập bảng chứa số điện thoại"], R.randint(3, 6))
    return "Security sync %s — agenda:\n" % dmy() + "\n".join("- [ ] %s" % i for i in items)


@neg("talk_about_secrets")
def t_vault_error():
    return pick([
        "ExternalSecret `payout-gcash` error: `could not get secret data from provider: key \"prod/payout-ph/gcash\" not found` — secret belum dibuat di region baru.",
        "Vault trả về `permission denied` khi service đọc `secret/data/payout-vn/momo`, chắc policy chưa gắn role mới.",
        "sealed-secrets controller can't decrypt `maya-webhook-secret` after the key renewal; re-seal with the new cert.",
        "`Error: secret \"xendit-api-credentials\" not found` di namespace `payments-canary`, tolong copy lewat ESO, jangan manual.",
    ])


# ---------------------------------------------------------------------------------------------
# positive value generators
# ---------------------------------------------------------------------------------------------
def base62_int(n, width):
    s = ""
    while n:
        n, r = divmod(n, 62)
        s = B62[r] + s
    return s.rjust(width, "0")


def g_aws_id():
    return pick(["AKIA", "AKIA", "ASIA"]) + rs(UP + "234567", 16)


def g_aws_secret():
    return rs(B62 + "/+", 40)


def g_gh_classic():
    body = rs(B62, 30)
    return "ghp_" + body + base62_int(zlib.crc32(body.encode()) & 0xFFFFFFFF, 6)


def g_gh_fine():
    return "github_pat_11" + rs(UP + DIG, 20) + "_" + rs(B62, 59)


def g_slack_bot():
    return "xoxb-%s-%s-%s" % (digits(R.choice([10, 11, 12, 13]), "123456789"), digits(13, "123456789"), rs(B62, 24))


def g_slack_user():
    return "xoxp-%s-%s-%s-%s" % (digits(R.choice([10, 11, 12]), "123456789"), digits(13, "123456789"), digits(13, "123456789"), hexs(32))


def g_openai():
    k = R.randrange(3)
    if k == 0:
        return "sk-proj-" + rs(B62 + "-_", 58) + "T3BlbkFJ" + rs(B62 + "-_", 58)
    if k == 1:
        return "sk-" + rs(B62, 20) + "T3BlbkFJ" + rs(B62, 20)
    return "sk-svcacct-" + rs(B62 + "-_", 58) + "T3BlbkFJ" + rs(B62 + "-_", 58)


def g_anthropic():
    return "sk-ant-api03-" + rs(B64URL, 93) + "AA"


def g_jwt():
    alg = pick(["HS256", "RS256"])
    hdr = {"alg": alg, "typ": "JWT"}
    if alg == "RS256":
        hdr["kid"] = hexs(16)
    iat = epoch()
    pl = pick([
        {"sub": "drv_" + hexs(12), "iss": "https://auth.%s" % DOM, "aud": "driver-app", "country": pick(["ID", "VN", "PH"]),
         "scope": "trip:read trip:write payout:read", "iat": iat, "exp": iat + 3600},
        {"sub": "mch_" + hexs(12), "iss": "https://auth.%s" % DOM, "aud": "merchant-portal", "outlet_ids": [safe_id(8), safe_id(8)],
         "role": "owner", "iat": iat, "exp": iat + 86400},
        {"sub": "svc:payout-orchestrator", "iss": "https://sts.internal.%s" % DOM, "aud": "wallet-ledger", "iat": iat, "exp": iat + 900},
        {"sub": "ops_" + hexs(10), "iss": "https://auth.%s" % DOM, "aud": "ops-console", "groups": ["fraud-l2", "payout-approver"],
         "iat": iat, "exp": iat + 28800, "jti": uuid4()},
    ])
    sig = b64u(rbytes(32 if alg == "HS256" else 256))
    return b64u(json.dumps(hdr, separators=(",", ":")).encode()) + "." + b64u(json.dumps(pl, separators=(",", ":")).encode()) + "." + sig


def der_len(n):
    if n < 128:
        return bytes([n])
    b = n.to_bytes((n.bit_length() + 7) // 8, "big")
    return bytes([0x80 | len(b)]) + b


def der(tag, body):
    return bytes([tag]) + der_len(len(body)) + body


def der_int(b):
    b = b.lstrip(b"\0") or b"\0"
    if b[0] & 0x80:
        b = b"\0" + b
    return der(0x02, b)


def k_ec():
    priv = rbytes(32)
    pub = b"\x04" + rbytes(64)
    body = der_int(b"\x01") + der(0x04, priv) + der(0xA0, bytes.fromhex("06082a8648ce3d030107")) + der(0xA1, der(0x03, b"\0" + pub))
    return "EC PRIVATE KEY", der(0x30, body)


def k_ed25519():
    return "PRIVATE KEY", der(0x30, der_int(b"\0") + der(0x30, bytes.fromhex("06032b6570")) + der(0x04, der(0x04, rbytes(32))))


def k_rsa(bits=None):
    bits = bits or pick([1024, 2048])
    nb = bits // 8

    def odd_int(n):
        b = bytearray(rbytes(n))
        b[0] |= 0x80
        b[-1] |= 1
        return bytes(b)
    parts = [b"\0", odd_int(nb), b"\x01\x00\x01", odd_int(nb), odd_int(nb // 2), odd_int(nb // 2), odd_int(nb // 2),
             odd_int(nb // 2), odd_int(nb // 2)]
    return "RSA PRIVATE KEY", der(0x30, b"".join(der_int(p) for p in parts))


def k_openssh(comment):
    def sstr(b):
        return struct.pack(">I", len(b)) + b
    seed = rbytes(32)
    pub = rbytes(32)
    pubblob = sstr(b"ssh-ed25519") + sstr(pub)
    chk = rbytes(4)
    priv = chk + chk + sstr(b"ssh-ed25519") + sstr(pub) + sstr(seed + pub) + sstr(comment.encode())
    i = 1
    while len(priv) % 8:
        priv += bytes([i])
        i += 1
    blob = b"openssh-key-v1\0" + sstr(b"none") + sstr(b"none") + sstr(b"") + struct.pack(">I", 1) + sstr(pubblob) + sstr(priv)
    return "OPENSSH PRIVATE KEY", blob


def pem_lines(der_bytes, width):
    s = b64(der_bytes)
    return [s[i:i + width] for i in range(0, len(s), width)]


def g_password():
    k = R.randrange(5)
    if k == 0:
        return rs(B62, R.randint(14, 22))
    if k == 1:
        return "%s%s%s%d%s" % (pick(["Laju", "Ojol", "Kopi", "Pho", "Sinigang", "Rendang", "Senja"]), pick(["-", "_", "@", "#", "."]),
                              pick(["Payout", "Dispatch", "Merchant", "Ledger", "Surge", "Gudang"]), R.randint(10, 9999), pick(["!", "$", "%", "&", "*", "?"]))
    if k == 2:
        return rs(B62 + "!#$%&*+-=?^_~", R.randint(16, 28))
    if k == 3:
        return "-".join(pick(["mangga", "durian", "sambal", "bánh", "xoai", "lumpia", "adobo", "kelapa", "tempe", "rau"]) for _ in range(3)).replace("á", "a") + str(R.randint(10, 99))
    return rs(LO + DIG, 8) + pick(["!", "#", "@"]) + rs(UP + DIG, 6)


def g_url_pw():
    return pick([rs(B62, R.randint(16, 32)), rs(B62 + "-_.~", R.randint(18, 30)), g_password().replace("@", "").replace("#", "").replace("?", "").replace("%", "")])


GIVEN_ID = ["Rizky", "Andi", "Siti", "Yoga", "Putri", "Bayu", "Intan", "Fajar", "Nanda", "Wulan", "Dimas", "Ayu"]
FAM_ID = ["Pratama", "Saputra", "Rahmawati", "Firmansyah", "Anggraini", "Nugroho", "Kusuma", "Hidayat", "Permana", "Utami"]
GIVEN_VN = ["Minh Khoa", "Thu Hà", "Hoàng Phúc", "Ngọc Ánh", "Quốc Bảo", "Thanh Tâm", "Gia Huy", "Mai Anh"]
FAM_VN = ["Nguyễn", "Trần", "Lê", "Phạm", "Võ", "Đặng", "Bùi", "Huỳnh"]
GIVEN_PH = ["Maria Cristina", "Jose Miguel", "Angelica", "Mark Anthony", "Kristine", "John Paul", "Camille", "Rhea Mae"]
FAM_PH = ["Dela Cruz", "Santos", "Reyes", "Villanueva", "Bautista", "Mendoza", "Garcia", "Aquino"]


def person(cc=None):
    cc = cc or pick(["ID", "VN", "PH"])
    if cc == "ID":
        return cc, "%s %s" % (pick(GIVEN_ID), pick(FAM_ID))
    if cc == "VN":
        return cc, "%s %s" % (pick(FAM_VN), pick(GIVEN_VN))
    return cc, "%s %s" % (pick(GIVEN_PH), pick(FAM_PH))


def deaccent(s):
    import unicodedata
    s = s.replace("đ", "d").replace("Đ", "D")
    return "".join(c for c in unicodedata.normalize("NFKD", s) if not unicodedata.combining(c))


def g_email(name=None, cc=None):
    cc, name = (cc, name) if name else person(cc)
    parts = deaccent(name).lower().replace(" ", ".").split(".")
    local = pick([".".join(parts[:2]), parts[0] + parts[-1] + str(R.randint(1, 99)), parts[0][0] + parts[-1], "_".join(parts[:2])])
    dom = pick({"ID": ["gmail.com", "yahoo.co.id", "lajuride.co.id", "kopisenja.co.id"],
                "VN": ["gmail.com", "lajuride.vn", "bepnhaminh.vn", "yahoo.com.vn"],
                "PH": ["gmail.com", "yahoo.com.ph", "lajuride.ph", "kusinaexpress.ph"]}[cc])
    return local + "@" + dom


ID_MOB = ["811", "812", "813", "821", "822", "852", "853", "857", "858", "817", "818", "819", "877", "878", "895", "896", "881", "882"]
VN_MOB = ["90", "93", "91", "94", "96", "97", "98", "86", "32", "33", "35", "37", "39", "70", "76", "77", "79", "81", "83", "85", "88", "56", "58"]
PH_MOB = ["917", "905", "906", "915", "916", "926", "927", "935", "908", "918", "919", "920", "921", "928", "947", "998", "991", "993"]

PHONE_STYLES = ["id_intl_dash", "id_local_space", "id_compact", "id_local_dash", "id_landline", "vn_intl", "vn_local_433",
                "vn_local_dots", "vn_landline", "ph_intl", "ph_local_space", "ph_local_dash", "ph_landline", "sg", "my", "us", "th", "au"]


PHONE_STYLE_OF = {}
LANDLINES = ("id_landline", "vn_landline", "ph_landline")


def g_phone(style):
    v = _g_phone(style)
    PHONE_STYLE_OF[v] = style
    return v


def _g_phone(style):
    if style == "id_intl_dash":
        return "+62 %s-%s-%s" % (pick(ID_MOB), digits(4), digits(4))
    if style == "id_local_space":
        return "0%s %s %s" % (pick(ID_MOB), digits(4), digits(4))
    if style == "id_compact":
        return "+62%s%s" % (pick(ID_MOB), digits(R.choice([7, 8])))
    if style == "id_local_dash":
        return "0%s-%s-%s" % (pick(ID_MOB), digits(4), digits(3))
    if style == "id_landline":
        return "(021) %s %s" % (digits(4, "3456789"), digits(4))
    if style == "vn_intl":
        m = pick(VN_MOB)
        return "+84 %s %s %s" % (m, digits(3), digits(4))
    if style == "vn_local_433":
        m = pick(VN_MOB)
        return "0%s%s %s %s" % (m, digits(1), digits(3), digits(3))
    if style == "vn_local_dots":
        m = pick(VN_MOB)
        return "0%s%s.%s.%s" % (m, digits(1), digits(3), digits(3))
    if style == "vn_landline":
        return "+84 28 %s %s" % (digits(4, "3456"), digits(4))
    if style == "ph_intl":
        return "+63 %s %s %s" % (pick(PH_MOB), digits(3), digits(4))
    if style == "ph_local_space":
        return "0%s %s %s" % (pick(PH_MOB), digits(3), digits(4))
    if style == "ph_local_dash":
        return "0%s-%s-%s" % (pick(PH_MOB), digits(3), digits(4))
    if style == "ph_landline":
        return "(02) 8%s %s" % (digits(3), digits(4))
    if style == "sg":
        return "+65 %s %s" % (digits(4, "89"), digits(4))
    if style == "my":
        return "+60 1%s-%s %s" % (pick("2346789"), digits(3), digits(4))
    if style == "us":
        return "+1 (%s%s) %s%s-%s" % (pick("23456789"), digits(2), pick("23456789"), digits(2), digits(4))
    if style == "th":
        return "+66 %s%s %s %s" % (pick("689"), digits(1), digits(3), digits(4))
    if style == "au":
        return "+61 4%s %s %s" % (digits(2), digits(3), digits(3))
    raise ValueError(style)


def g_card():
    k = R.randrange(6)
    if k == 0:
        n, grp_ = luhn_complete("4" + digits(5), 16), [4, 4, 4, 4]
    elif k == 1:
        n, grp_ = luhn_complete(pick(["51", "52", "53", "54", "55"]) + digits(4), 16), [4, 4, 4, 4]
    elif k == 2:
        n, grp_ = luhn_complete("2" + pick(["221", "3", "5", "7"]) + digits(2), 16), [4, 4, 4, 4]
    elif k == 3:
        n, grp_ = luhn_complete(pick(["34", "37"]) + digits(4), 15), [4, 6, 5]
    elif k == 4:
        n, grp_ = luhn_complete("35" + pick(["28", "41", "66", "89"]) + digits(2), 16), [4, 4, 4, 4]
    else:
        n, grp_ = luhn_complete("4" + digits(5), 16), [4, 4, 4, 4]
    n = n[:16] if len(n) > 16 else n
    st = R.randrange(3)
    if st == 0:
        return n
    return grp(n, grp_, " " if st == 1 else "-")


def g_iban(cc=None):
    cc = cc or pick(["DE", "NL", "GB", "FR", "BE", "AE", "CH", "SA"])
    if cc == "DE":
        ib = make_iban("DE", digits(8, "1234567") + digits(10))
    elif cc == "NL":
        ib = make_iban("NL", pick(["ABNA", "INGB", "RABO", "TRIO", "BUNQ"]) + digits(10))
    elif cc == "GB":
        ib = make_iban("GB", pick(["NWBK", "BARC", "HBUK", "MIDL", "LOYD"]) + digits(6) + digits(8))
    elif cc == "FR":
        bank, br, acct = digits(5, "123"), digits(5), digits(11)
        key = 97 - ((89 * int(bank) + 15 * int(br) + 3 * int(acct)) % 97)
        ib = make_iban("FR", bank + br + acct + "%02d" % key)
    elif cc == "BE":
        f10 = digits(3, "123456789") + digits(7)
        c = int(f10) % 97 or 97
        ib = make_iban("BE", f10 + "%02d" % c)
    elif cc == "AE":
        ib = make_iban("AE", pick(["033", "026", "030", "035"]) + digits(16))
    elif cc == "CH":
        ib = make_iban("CH", digits(5, "0") + digits(12))
    else:
        ib = make_iban("SA", pick(["10", "15", "20", "45", "80"]) + digits(18))
    assert mod97(ib) == 1
    return ib if R.random() < 0.4 else group4(ib)


def g_ssn():
    while True:
        a = R.randint(1, 899)
        if a == 666:
            continue
        s = "%03d-%02d-%04d" % (a, R.randint(1, 99), R.randint(1, 9999))
        if ssn_ok(s):
            return s


# ---------------------------------------------------------------------------------------------
# positive templates: each takes the value and returns the text
# ---------------------------------------------------------------------------------------------
POS = {}


def pos(kind):
    def deco(fn):
        POS.setdefault(kind, []).append(fn)
        return fn
    return deco


# aws_access_key_id (alone)
@pos("aws_access_key_id")
def _(v):
    return "IAM user `ci-crashlytics-upload` pake key id %s, tolong cek di CloudTrail siapa yang bikin, kok ga ada tag owner-nya" % v


@pos("aws_access_key_id")
def _(v):
    return ("```\n$ aws sts get-caller-identity\nAn error occurred (InvalidClientTokenId) when calling the GetCallerIdentity operation: The security token included in the request is invalid.\n$ env | grep AWS_ACCESS\nAWS_ACCESS_KEY_ID=%s\n```\nkey lama masih nyangkut di runner Bitrise kayaknya" % v)


@pos("aws_access_key_id")
def _(v):
    return "GuardDuty alert: `UnauthorizedAccess:IAMUser/InstanceCredentialExfiltration.OutsideAWS` cho access key `%s` (role payout-vn-worker). Anh em on-call xem giúp." % v


@pos("aws_access_key_id")
def _(v):
    return ("| key id | user | last used | region |\n|---|---|---|---|\n| %s | svc-merchant-export | %s | ap-southeast-1 |\n\nNi yung key na kailangan i-deactivate bago mag-Friday." % (v, dmy()))


# github_classic_pat
@pos("github_classic_pat")
def _(v):
    return "pake PAT gw dulu buat pull private pod `LajuCoreKit`: %s (expired minggu depan, jangan di-commit ya)" % v


@pos("github_classic_pat")
def _(v):
    return "```yaml\n# .bitrise.secrets.yml (harusnya ga ke-push...)\nenvs:\n- GITHUB_TOKEN: %s\n- MATCH_GIT_URL: git+https://github.com/lajuride/ios-certificates.git\n```" % v


@pos("github_classic_pat")
def _(v):
    return "```\n$ git clone https://%s@github.com/lajuride/dispatch-matcher.git\nCloning into 'dispatch-matcher'...\nremote: Enumerating objects: 48213, done.\n```\nanh ơi clone được rồi" % v


@pos("github_classic_pat")
def _(v):
    return "Dependabot ng RN app ayaw gumana, ginamit ko muna personal token ko sa `NPM_GITHUB_TOKEN=%s` sa `.npmrc`. Papalitan ko ng app token bukas." % v


@pos("github_classic_pat")
def _(v):
    return "```json\n{\n  \"registry\": \"https://npm.pkg.github.com\",\n  \"//npm.pkg.github.com/:_authToken\": \"%s\"\n}\n```" % v


# github_fine_grained_pat
@pos("github_fine_grained_pat")
def _(v):
    return "Fine-grained token cho repo `payout-vn` (read-only contents + metadata): `%s` — hết hạn sau 30 ngày." % v


@pos("github_fine_grained_pat")
def _(v):
    return "```bash\nexport GH_TOKEN=%s\ngh release download %s -R lajuride/driver-android -p '*.aab'\n```" % (v, "v" + appver())


@pos("github_fine_grained_pat")
def _(v):
    return "Buat ArgoCD Image Updater write-back ke repo `k8s-manifests`, token-nya:\n%s\nscope cuma repo itu doang" % v


@pos("github_fine_grained_pat")
def _(v):
    return "```toml\n[github]\nowner = \"lajuride\"\nrepo = \"merchant-portal\"\ntoken = \"%s\"\n```" % v


# slack_bot_token
@pos("slack_bot_token")
def _(v):
    return "```python\nclient = WebClient(token=\"%s\")\nclient.chat_postMessage(channel=\"#surge-jkt\", text=surge_summary)\n```" % v


@pos("slack_bot_token")
def _(v):
    return "SLACK_BOT_TOKEN=%s\nSLACK_CHANNEL=#payout-ops\n^ env dispatch-alert-bot di staging, tolong pindahin ke Vault" % v


@pos("slack_bot_token")
def _(v):
    return "Bot cs-macro-bot bị 401, em thử lại với token `%s` thì chạy, chắc token trong secret cũ rồi." % v


@pos("slack_bot_token")
def _(v):
    return ("```yaml\nslack:\n  bot_token: %s\n  signing_channel: C0%s\n  alert_on: [CrashLoopBackOff, OOMKilled]\n```" % (v, rs(UP + DIG, 8)))


@pos("slack_bot_token")
def _(v):
    return "```\ncurl -s -H 'Authorization: Bearer %s' 'https://slack.com/api/conversations.history?channel=C0%s&limit=50'\n```" % (v, rs(UP + DIG, 8))


# slack_user_token
@pos("slack_user_token")
def _(v):
    return "buat export history #fraud-review pake user token gw: %s — abis ini gw revoke" % v


@pos("slack_user_token")
def _(v):
    return "```\nSLACK_USER_TOKEN=%s\n```\nscript archive channel merchant-onboarding lama, chạy xong em xoá" % v


@pos("slack_user_token")
def _(v):
    return "Yung `slackdump` config ko:\n```json\n{\"token\": \"%s\", \"channels\": [\"driver-ops-ph\"]}\n```" % v


# openai_api_key
@pos("openai_api_key")
def _(v):
    return "```python\nclient = OpenAI(api_key=\"%s\")\nresp = client.chat.completions.create(model=MODEL, messages=build_macro_prompt(ticket))\n```\nprototype auto-reply CS bahasa Indonesia" % v


@pos("openai_api_key")
def _(v):
    return "OPENAI_API_KEY=%s" % v


@pos("openai_api_key")
def _(v):
    return "Key OpenAI cho tool dịch menu tiếng Việt → tiếng Anh: `%s`. Giới hạn $50/tháng." % v


@pos("openai_api_key")
def _(v):
    return "```yaml\nllm:\n  provider: openai\n  api_key: \"%s\"\n  use_for: [menu_translation, ticket_summary]\n```" % v


@pos("openai_api_key")
def _(v):
    return "Sa Colab ng fraud team nakalagay pa: `os.environ['OPENAI_API_KEY'] = '%s'` — pakitanggal bago i-share." % v


# anthropic_api_key
@pos("anthropic_api_key")
def _(v):
    return "ANTHROPIC_API_KEY=%s" % v


@pos("anthropic_api_key")
def _(v):
    return "```ts\nconst anthropic = new Anthropic({ apiKey: \"%s\" });\n// summarizes fraud review notes in Bahasa/Tiếng Việt/Tagalog\n```" % v


@pos("anthropic_api_key")
def _(v):
    return "Key Claude buat bot ringkasan tiket CS (staging doang): %s" % v


@pos("anthropic_api_key")
def _(v):
    return ("```\n$ curl https://api.anthropic.com/v1/messages \\\n    -H \"x-api-key: %s\" \\\n    -H \"anthropic-version: 2023-06-01\" \\\n    -H \"content-type: application/json\" \\\n    -d @prompt.json\n```" % v)


# jwt
@pos("jwt")
def _(v):
    return "Request dari driver app yang kena 403 di `/v2/payouts`:\n```\nAuthorization: Bearer %s\n```\nscope-nya kurang `payout:write` kayaknya" % v


@pos("jwt")
def _(v):
    return "```json\n{\"ts\":\"%s\",\"level\":\"warn\",\"svc\":\"order-gateway\",\"msg\":\"token rejected\",\"token\":\"%s\",\"reason\":\"aud mismatch\"}\n```" % (iso(), v)


@pos("jwt")
def _(v):
    return "Token merchant portal bị lỗi hết hạn sớm, ví dụ: %s" % v


@pos("jwt")
def _(v):
    return "```\n$ curl -H 'Authorization: Bearer %s' https://ops.internal.%s/api/fraud/cases?status=open\n```" % (v, DOM)


@pos("jwt")
def _(v):
    return "Cookie `laju_session=%s; Path=/; Secure; HttpOnly` — galing sa HAR ng ops console, pa-check kung bakit walang `exp` check." % v


# password
@pos("password")
def _(v):
    return "```\nServer=sql-payout-ph.internal;Database=Settlement;User Id=svc_settle;Password=%s;Encrypt=True;\n```" % v


@pos("password")
def _(v):
    return "```dotenv\nDB_HOST=pg-wallet-ledger.internal\nDB_USER=ledger_rw\nDB_PASSWORD=%s\nDB_NAME=wallet_ledger\n```" % v


@pos("password")
def _(v):
    return "```yaml\nspring:\n  datasource:\n    url: jdbc:postgresql://pg-merchant.internal:5432/merchant\n    username: merchant_app\n    password: %s\n```" % v


@pos("password")
def _(v):
    return "password admin panel merchant staging: %s (jangan dipake buat prod ya)" % v


@pos("password")
def _(v):
    return "Mật khẩu tài khoản dashboard VNPay sandbox: `%s` — nhớ đổi sau buổi demo." % v


@pos("password")
def _(v):
    return "```\nhost=pg-dispatch.internal port=5432 dbname=dispatch user=matcher password=%s sslmode=require\n```" % v


@pos("password")
def _(v):
    return "```\n$ mysql -h mysql-promo.internal -u promo_rw -p'%s' promo\n```" % v


@pos("password")
def _(v):
    return "```ini\n[redis]\nhost = redis-surge.internal\nport = 6380\nrequirepass = %s\n```" % v


@pos("password")
def _(v):
    return "Yung password ng shared Metabase account natin: %s — pakipalitan pagkatapos ng audit." % v


@pos("password")
def _(v):
    return "```properties\nkafka.sasl.jaas.config=org.apache.kafka.common.security.plain.PlainLoginModule required username=\"surge-pricer\" password=\"%s\";\n```" % v


# url_credentials
@pos("url_credentials")
def _(v):
    return "DATABASE_URL=postgres://payout_svc:%s@pg-payout-id.internal:5432/payouts?sslmode=require" % v


@pos("url_credentials")
def _(v):
    return "```yaml\nmongo:\n  uri: mongodb+srv://menu_rw:%s@menu-cluster.ab12c.mongodb.net/menus?retryWrites=true\n```" % v


@pos("url_credentials")
def _(v):
    return "cache surge pake `redis://:%s@redis-surge.internal:6379/3`, tolong masukin ke Secret ya" % v


@pos("url_credentials")
def _(v):
    return "```\nAMQP_URL=amqps://notif:%s@mq.internal.%s:5671/notif\n```" % (v, DOM)


@pos("url_credentials")
def _(v):
    return "```python\nSQLALCHEMY_DATABASE_URI = \"postgresql+psycopg2://fraud_ro:%s@pg-fraud.internal/fraud\"\n```" % v


@pos("url_credentials")
def _(v):
    return "Chuỗi kết nối trong job đối soát: `mysql://recon:%s@mysql-recon-vn.internal:3306/recon`" % v


@pos("url_credentials")
def _(v):
    return "```\n$ psql \"postgresql://cs_readonly:%s@pg-cs.internal:5432/support\"\npsql (16.2)\nsupport=>\n```" % v


@pos("url_credentials")
def _(v):
    return "Sentry self-hosted pakai `SENTRY_DSN=https://ingest:%s@sentry.internal.%s/4`" % (v, DOM)


# email_address
@pos("email_address")
def _(v):
    return "Merchant minta akses portal dipindah ke email baru: %s — udah diverifikasi lewat OTP." % v


@pos("email_address")
def _(v):
    return "Driver báo không nhận được email xác minh, địa chỉ: %s. Nhờ team check bounce log." % v


@pos("email_address")
def _(v):
    return "Pa-add po si %s sa distro list ng Cebu merchant ops." % v


@pos("email_address")
def _(v):
    return "```json\n{\"ts\":\"%s\",\"svc\":\"notif-fanout\",\"event\":\"email.bounced\",\"to\":\"%s\",\"reason\":\"mailbox full\"}\n```" % (iso(), v)


@pos("email_address")
def _(v):
    return "| outlet | PIC email | status |\n|---|---|---|\n| OUT-%s-%s | %s | pending docs |" % (pick(CITIES_ID), grp(safe_id(12), [4, 4, 4], "-"), v)


@pos("email_address")
def _(v):
    return "Laporan fraud dari rider, balasan dikirim ke %s — kasusnya promo abuse 14 akun." % v


# phone_number
@pos("phone_number")
def _(v):
    return "Driver-nya ga bisa login OTP, nomornya %s, tolong cek di Telkomsel gateway" % v


@pos("phone_number")
def _(v):
    return "Tài xế báo mất điện thoại, số cũ %s, cần khoá tài khoản ví tạm thời." % v


@pos("phone_number")
def _(v):
    return "Rider called about lost item, callback number %s. Pa-follow up po sa driver." % v


@pos("phone_number")
def _(v):
    return "```json\n{\"ts\":\"%s\",\"svc\":\"kyc-verifier\",\"event\":\"otp.failed\",\"msisdn\":\"%s\",\"attempt\":%d}\n```" % (iso(), v, R.randint(3, 6))


@pos("phone_number")
def _(v):
    return "```csv\noutlet_id,contact_phone,city,status\n%s,%s,%s,ACTIVE\n```" % (grp(safe_id(12), [4, 4, 4], "-"), v, pick(CITIES_ID + CITIES_VN + CITIES_PH))


@pos("phone_number")
def _(v):
    return "Thanks,\n%s\nMerchant Partnerships · %s\nTel: %s" % (person()[1], CO, v)


@pos("phone_number")
def _(v):
    return "| field | value |\n|---|---|\n| Nama outlet | Warung %s |\n| No. HP PIC | %s |\n| Kota | %s |" % (pick(["Bu Tini", "Kopi Senja", "Bakso Pak Kumis"]), v, pick(["Bandung", "Surabaya", "Depok"]))


# credit_card
@pos("credit_card")
def _(v):
    return "Customer paste full nomor kartu di chat CS: %s — tolong hapus dari transcript Zendesk" % v


@pos("credit_card")
def _(v):
    return "Fraud review: thẻ %s dùng cho 9 tài khoản mới trong 2 giờ ở SGN, đã chặn." % v


@pos("credit_card")
def _(v):
    return "```json\n{\"ts\":\"%s\",\"svc\":\"order-gateway\",\"level\":\"error\",\"msg\":\"psp declined\",\"card_number\":\"%s\",\"code\":\"05\"}\n```\nloh kok card number ke-log full??" % (iso(), v)


@pos("credit_card")
def _(v):
    return "| case | card | accounts | action |\n|---|---|---:|---|\n| FR-%s | %s | %d | block + chargeback watch |" % (safe_id(6), v, R.randint(3, 20))


@pos("credit_card")
def _(v):
    return "Rider sent this in the app chat: \"pls charge my other card %s exp 0%d/2%d\" — redacting from the ticket now." % (v, R.randint(1, 9), R.randint(6, 9))


# iban
@pos("iban")
def _(v):
    return "Invoice vendor map tiles (Eropa) udah approve, transfer ke IBAN %s ya, mata uang EUR." % v


@pos("iban")
def _(v):
    return "```\nBeneficiary : Geodata Tiles B.V.\nIBAN        : %s\nReference   : PO-%s\nAmount      : EUR %s\n```" % (v, safe_id(7), "{:,.2f}".format(R.randint(1000, 90000)))


@pos("iban")
def _(v):
    return "Tài khoản nhận của agency thiết kế bên Pháp: %s, nhờ finance VN chuyển giúp." % v


@pos("iban")
def _(v):
    return "Sa SWIFT form ng SMS vendor (UK), IBAN nila: %s. Pa-double check bago i-release ang payment." % v


@pos("iban")
def _(v):
    return "| vendor | IBAN | due |\n|---|---|---|\n| %s | %s | %s |" % (pick(["Nordic Maps AB", "Kartenwerk GmbH", "Mobile QA Lab NV", "Gulf Fleet Telematics"]), v, dmy())


# us_ssn
@pos("us_ssn")
def _(v):
    return "W-9 dari contractor data US udah masuk, SSN: %s — tolong simpan di portal pajak, hapus dari sini." % v


@pos("us_ssn")
def _(v):
    return "```\nPayee name : %s\nTIN type   : SSN\nTIN        : %s\nForm       : 1099-NEC\n```" % (pick(["Daniel Whitaker", "Megan Alvarez", "Tyler Brooks"]), v)


@pos("us_ssn")
def _(v):
    return "Payroll US cho kỹ sư chuyển sang chi nhánh Seattle: SSN %s, start %s." % (v, dmy())


@pos("us_ssn")
def _(v):
    return "Ang SSN ng US-based na consultant: %s (para sa tax form lang, wag i-forward)." % v


# ipv4_address
@pos("ipv4_address")
def _(v):
    return "Login ops console dari IP %s jam %s, bukan dari VPN kantor. Ada yang kenal?" % (v, hms())


@pos("ipv4_address")
def _(v):
    return "```\n%s - - [%s] \"POST /v1/payouts HTTP/2.0\" 401 64 \"-\" \"okhttp/4.12.0\"\n```\nnyoba brute force endpoint payout" % (v, "18/Nov/2025:%s +0700" % hms())


@pos("ipv4_address")
def _(v):
    return "Bank yêu cầu whitelist IP SFTP đối soát: %s (IP public của NAT gateway mới)." % v


@pos("ipv4_address")
def _(v):
    return "```json\n{\"ts\":\"%s\",\"svc\":\"fraud-scorer\",\"rule\":\"multi_account_same_ip\",\"ip\":\"%s\",\"accounts\":%d,\"country\":\"%s\"}\n```" % (iso(), v, R.randint(4, 40), pick(["ID", "VN", "PH"]))


@pos("ipv4_address")
def _(v):
    return "```hcl\nresource \"aws_security_group_rule\" \"bank_sftp\" {\n  type        = \"ingress\"\n  from_port   = 22\n  to_port     = 22\n  protocol    = \"tcp\"\n  cidr_blocks = [\"%s/32\"]\n}\n```" % v


@pos("ipv4_address")
def _(v):
    return "WAF blocked %s — %d req/min sa `/v2/promo/redeem`, mukhang bot." % (v, R.randint(300, 9000))


# private_key_pem: returns (text, value, layout-name)
def pem_positive(i):
    maker = [k_ec, k_ed25519, k_rsa, lambda: k_openssh("deploy@bastion-%s" % pick(["jkt", "sgn", "mnl"])), k_ec, k_rsa, k_ed25519][i % 7]
    label, der_b = maker()
    width = 70 if label == "OPENSSH PRIVATE KEY" else 64
    lines = pem_lines(der_b, width)
    layout = i % 5
    b, e = "-----BEGIN %s-----" % label, "-----END %s-----" % label
    if layout == 0:
        value = "\n".join(lines)
        text = "%s\n```\n%s\n%s\n%s\n```" % (pick(["key buat signing request SNAP ke bank, staging:", "khoá ký webhook ZaloPay (sandbox):",
                                                   "eto yung key ng bastion, pang-debug lang:"]), b, value, e)
    elif layout == 1:
        ind = "    "
        value = ("\n" + ind).join(lines)
        text = "```yaml\napiVersion: v1\nkind: Secret\nmetadata:\n  name: bca-snap-signing-key\ntype: Opaque\nstringData:\n  private.pem: |\n    %s\n    %s\n    %s\n```" % (b, value, e)
    elif layout == 2:
        value = "\\n".join(lines)
        text = "```json\n{\n  \"type\": \"service_account\",\n  \"project_id\": \"lajuride-prod\",\n  \"private_key_id\": \"%s\",\n  \"private_key\": \"%s\\n%s\\n%s\\n\",\n  \"client_id\": \"%s\"\n}\n```" % (hexs(40), b, value, e, digits(21, "1"))
    elif layout == 3:
        value = "\n".join(lines)
        text = "```dotenv\nMAYA_WEBHOOK_SIGNING_KEY=\"%s\n%s\n%s\"\n```\nini yang dipake di payout-orchestrator PH" % (b, value, e)
    else:
        value = "\n".join(lines)
        text = "```\n$ cat ~/.ssh/id_%s\n%s\n%s\n%s\n```" % (pick(["ed25519", "laju_deploy", "ops"]), b, value, e)
    assert re.sub(r"\\n|\s", "", value) and base64.b64decode(re.sub(r"\\n|\s", "", value))
    return text, value, "private_key_pem:%s:layout%d" % (label.split()[0].lower() if label != "PRIVATE KEY" else "pkcs8", layout)


# ---------------- multi-secret messages ----------------
def m_aws_pair(i):
    kid, sec = g_aws_id(), g_aws_secret()
    k = i % 6
    if k == 0:
        t = "```dotenv\nAWS_ACCESS_KEY_ID=%s\nAWS_SECRET_ACCESS_KEY=%s\nAWS_REGION=ap-southeast-1\nS3_BUCKET=laju-pod-photos\n```\nbuat upload foto proof-of-delivery dari job lama" % (kid, sec)
    elif k == 1:
        t = "```ini\n[laju-payout-vn]\naws_access_key_id = %s\naws_secret_access_key = %s\nregion = ap-southeast-1\n```\nprofile này em dùng để chạy job đối soát" % (kid, sec)
    elif k == 2:
        t = "```json\n{\n  \"AccessKey\": {\n    \"UserName\": \"svc-crash-symbol-upload\",\n    \"AccessKeyId\": \"%s\",\n    \"Status\": \"Active\",\n    \"SecretAccessKey\": \"%s\",\n    \"CreateDate\": \"%s\"\n  }\n}\n```" % (kid, sec, iso(ms=False))
    elif k == 3:
        t = "```yaml\napiVersion: v1\nkind: Secret\nmetadata:\n  name: s3-kyc-uploader\nstringData:\n  AWS_ACCESS_KEY_ID: %s\n  AWS_SECRET_ACCESS_KEY: %s\n```" % (kid, sec)
    elif k == 4:
        t = "```hcl\nprovider \"aws\" {\n  region     = \"ap-southeast-1\"\n  access_key = \"%s\"\n  secret_key = \"%s\"\n}\n```\nnakita ko 'to sa lumang terraform repo ng PH team" % (kid, sec)
    else:
        t = "```bash\nexport AWS_ACCESS_KEY_ID=%s\nexport AWS_SECRET_ACCESS_KEY=%s\naws s3 sync ./exports s3://laju-finance-exports/%s/\n```" % (kid, sec, ymd())
    return t, [("aws_access_key_id", kid), ("aws_secret_access_key", sec)], "aws_pair"


def m_email_phone(i, style):
    cc = {"id": "ID", "vn": "VN", "ph": "PH"}.get(style[:2], pick(["ID", "VN", "PH"]))
    _, name = person(cc)
    em = g_email(name, cc)
    ph = g_phone(style)
    k = i % 4
    if k == 0:
        t = "Salam,\n%s\nDriver Onboarding Lead – %s\n%s | %s" % (name, {"ID": "Surabaya", "VN": "TP.HCM", "PH": "Cebu"}[cc], em, ph)
    elif k == 1:
        t = "```\nForm pendaftaran merchant #%s\nNama pemilik : %s\nEmail        : %s\nNo. HP       : %s\nKategori     : Makanan & Minuman\n```" % (safe_id(8), name, em, ph)
    elif k == 2:
        t = "Escalation: customer %s (%s, %s) claims double charge on order %s. Pa-check sa payments." % (name, em, ph, phoneish())
    else:
        t = "```csv\nticket_id,name,email,phone,issue\nZD-%d,%s,%s,%s,refund not received\n```" % (R.randint(4000000, 9999999), name, em, ph)
    return t, [("email_address", em), ("phone_number", ph)], "email_phone"


def m_url_pw(i):
    p1, p2 = g_url_pw(), g_password()
    if i == 0:
        t = "```yaml\nenv:\n  DATABASE_URL: postgres://promo_rw:%s@pg-promo.internal:5432/promo\n  REDIS_PASSWORD: %s\n```" % (p1, p2)
    else:
        t = "```dotenv\nCELERY_BROKER_URL=amqp://fraud:%s@mq-fraud.internal:5672/fraud\nCLICKHOUSE_PASSWORD=%s\n```\nconfig worker fraud-scorer VN" % (p1, p2)
    return t, [("url_credentials", p1), ("password", p2)], "url_pw"


def m_slack_pair(i):
    b, u = g_slack_bot(), g_slack_user()
    t = "Migrasi bot alert ke workspace baru:\n```\nSLACK_BOT_TOKEN=%s\nSLACK_ADMIN_USER_TOKEN=%s\n```\nuser token cuma buat invite bot ke channel private" % (b, u)
    return t, [("slack_bot_token", b), ("slack_user_token", u)], "slack_pair"


def m_card_email(i):
    c = g_card()
    cc, name = person()
    em = g_email(name, cc)
    if i == 0:
        t = "Fraud review FR-%s: akun %s top-up pakai kartu %s, 6x gagal 3DS lalu berhasil. Tahan payout dulu." % (safe_id(6), em, c)
    else:
        t = "| rider email | card | attempts | decision |\n|---|---|---:|---|\n| %s | %s | %d | block |" % (em, c, R.randint(4, 15))
    return t, [("credit_card", c), ("email_address", em)], "card_email"


def m_iban_email(i):
    ib = g_iban("NL")
    em = "billing@" + pick(["geotiles-eu.nl", "mobileqa.nl", "routelab.nl"])
    t = "Vendor ganti rekening: IBAN baru %s, konfirmasi dari %s. Tolong verifikasi lewat telepon dulu sebelum update di ERP (bisa jadi BEC)." % (ib, em)
    return t, [("iban", ib), ("email_address", em)], "iban_email"


def m_phone_ip(i, style):
    ph, ip = g_phone(style), public_ip()
    if i == 0:
        t = "```json\n{\"ts\":\"%s\",\"svc\":\"fraud-scorer\",\"rule\":\"sim_swap_suspect\",\"msisdn\":\"%s\",\"login_ip\":\"%s\",\"score\":0.%d}\n```" % (iso(), ph, ip, R.randint(80, 99))
    else:
        t = "Account takeover attempt: OTP requested for %s from IP %s (not the usual ISP). Na-lock na ang wallet." % (ph, ip)
    return t, [("phone_number", ph), ("ipv4_address", ip)], "phone_ip"


def m_jwt_ip(i):
    j, ip = g_jwt(), public_ip()
    t = "```\n%s - - [%s] \"GET /v1/driver/earnings HTTP/1.1\" 200 1843 \"-\" \"LajuDriver/%s\" auth=\"Bearer %s\"\n```\ntoken ini dipake dari 2 negara berbeda dalam 5 menit" % (ip, "18/Nov/2025:%s +0700" % hms(), appver(), j)
    return t, [("jwt", j), ("ipv4_address", ip)], "jwt_ip"


def m_gh_openai(i):
    g, o = g_gh_classic(), g_openai()
    t = "```yaml\n# .github/workflows/menu-translate.yml (local copy)\nenv:\n  GH_PAT: %s\n  OPENAI_API_KEY: %s\n```\nworkflow terjemahan menu otomatis, secret-nya masih hardcode" % (g, o)
    return t, [("github_classic_pat", g), ("openai_api_key", o)], "gh_openai"


SINGLE_PLAN = [("aws_access_key_id", 4), ("github_classic_pat", 7), ("github_fine_grained_pat", 6), ("slack_bot_token", 7),
               ("slack_user_token", 5), ("openai_api_key", 8), ("anthropic_api_key", 8), ("jwt", 8), ("private_key_pem", 7),
               ("password", 10), ("url_credentials", 8), ("email_address", 7), ("phone_number", 12), ("credit_card", 9),
               ("iban", 8), ("us_ssn", 7), ("ipv4_address", 9)]
GEN = {"aws_access_key_id": g_aws_id, "github_classic_pat": g_gh_classic, "github_fine_grained_pat": g_gh_fine,
       "slack_bot_token": g_slack_bot, "slack_user_token": g_slack_user, "openai_api_key": g_openai, "anthropic_api_key": g_anthropic,
       "jwt": g_jwt, "password": g_password, "url_credentials": g_url_pw, "email_address": g_email, "credit_card": g_card,
       "iban": g_iban, "us_ssn": g_ssn, "ipv4_address": public_ip}


# ---------------------------------------------------------------------------------------------
# build
# ---------------------------------------------------------------------------------------------
def nlines(t):
    return t.count("\n") + 1


def build_negatives():
    seen = set()
    out = []
    redraws = {}
    used = {}
    for cat, tpls in NEG.items():
        order = []
        while len(order) < 100:
            o = tpls[:]
            R.shuffle(o)
            order += o
        order = order[:100]
        for slot in range(100):
            fn = order[slot]
            tries = 0
            while True:
                tries += 1
                if tries > 200:
                    raise RuntimeError("cannot fill %s" % cat)
                text = wrap_lead(fn(), 0.15, 0.08)
                hits = scan(text)
                if hits:
                    for k, _ in hits:
                        redraws[k] = redraws.get(k, 0) + 1
                    fn = pick(tpls)
                    continue
                if text in seen:
                    redraws["duplicate"] = redraws.get("duplicate", 0) + 1
                    fn = pick(tpls)
                    continue
                break
            seen.add(text)
            used.setdefault(cat, {})
            used[cat][fn.__name__] = used[cat].get(fn.__name__, 0) + 1
            out.append({"text": text, "category": cat})
    R.shuffle(out)
    recs = [{"id": "h%dn-%04d" % (N, i + 1), "text": r["text"], "category": r["category"]} for i, r in enumerate(out)]
    return recs, redraws, used


def check_value(kind, v):
    if kind == "credit_card":
        d = re.sub(r"\D", "", v)
        assert 13 <= len(d) <= 19 and luhn_ok(d), v
    elif kind == "iban":
        assert mod97(v) == 1, v
    elif kind == "us_ssn":
        assert ssn_ok(v), v
    elif kind == "ipv4_address":
        assert is_public_ip(v), v
    elif kind == "jwt":
        h, p, s = v.split(".")
        for part in (h, p):
            json.loads(base64.urlsafe_b64decode(part + "=" * (-len(part) % 4)))
    elif kind == "private_key_pem":
        base64.b64decode(re.sub(r"\\n|\s", "", v), validate=True)
    elif kind == "github_classic_pat":
        assert v.startswith("ghp_") and len(v) == 40
        assert base62_int(zlib.crc32(v[4:34].encode()) & 0xFFFFFFFF, 6) == v[34:]
    elif kind == "aws_access_key_id":
        assert re.fullmatch(r"(AKIA|ASIA)[A-Z2-7]{16}", v)
    elif kind == "aws_secret_access_key":
        assert len(v) == 40
    elif kind == "anthropic_api_key":
        assert v.startswith("sk-ant-api03-") and v.endswith("AA") and len(v) == 108
    elif kind == "email_address":
        assert RE_EMAIL.fullmatch(v), v


def build_positives():
    items = []  # (text, secrets, context)
    styles = PHONE_STYLES[:]
    R.shuffle(styles)
    mobiles = [s for s in styles if s not in LANDLINES]
    ep_styles = [s for s in mobiles if s[:2] in ("id", "vn", "ph")][:4]
    pi_styles = [s for s in mobiles if s not in ep_styles][:2]
    rest = [s for s in mobiles if s not in ep_styles and s not in pi_styles]
    # landlines go to the outlet-CSV and signature templates (t4, t5: slots 4, 5 and 11)
    single_styles = rest[:4] + [LANDLINES[0], LANDLINES[1]] + rest[4:9] + [LANDLINES[2]]
    assert len(single_styles) == 12 and sorted(single_styles) == sorted(set(single_styles))
    for kind, count in SINGLE_PLAN:
        for i in range(count):
            if kind == "private_key_pem":
                text, v, ctx = pem_positive(i)
            else:
                tpls = POS[kind]
                t = i % len(tpls)
                if kind == "phone_number":
                    v = g_phone(single_styles[i])
                else:
                    v = GEN[kind]()
                text = tpls[t](v)
                ctx = "%s:t%d" % (kind, t)
                if kind == "phone_number":
                    ctx += ":" + single_styles[i]
            items.append((text, [{"kind": kind, "value": v}], ctx))
    multis = []
    for i in range(6):
        multis.append(m_aws_pair(i))
    for i in range(4):
        multis.append(m_email_phone(i, ep_styles[i]))
    for i in range(2):
        multis.append(m_url_pw(i))
    multis.append(m_slack_pair(0))
    for i in range(2):
        multis.append(m_card_email(i))
    multis.append(m_iban_email(0))
    for i in range(2):
        multis.append(m_phone_ip(i, pi_styles[i]))
    multis.append(m_jwt_ip(0))
    multis.append(m_gh_openai(0))
    counter = {}
    for t, secs, name in multis:
        counter[name] = counter.get(name, 0) + 1
        items.append((t, [{"kind": k, "value": v} for k, v in secs], "multi:%s:%d" % (name, counter[name])))
    out = []
    for text, secs, ctx in items:
        if not (ctx.startswith("private_key_pem") or "```" in text[:3]):
            text = wrap_lead(text, 0.08, 0.05)
        out.append((text, secs, ctx))
    R.shuffle(out)
    recs = []
    seen = set()
    for i, (text, secs, ctx) in enumerate(out):
        assert text not in seen
        seen.add(text)
        for s in secs:
            assert s["value"] in text, (s, text)
            check_value(s["kind"], s["value"])
        recs.append({"id": "h%dp-%04d" % (N, i + 1), "text": text, "secrets": secs, "context": ctx})
    return recs


def scan_positives(recs):
    """Compare the scanner with the labels: which labels it misses, and what it finds that is not labelled."""
    kindmap = {"email": "email_address", "github": "github", "slack": "slack", "sk_key": "sk", "jwt": "jwt", "ssn": "us_ssn",
               "luhn": "credit_card", "iban": "iban", "pem": "private_key_pem", "aws_key_id": "aws_access_key_id",
               "public_ipv4": "ipv4_address", "url_password": "url_credentials"}
    misses = []
    extra = []
    overlaps = []
    for r in recs:
        hits = scan(r["text"])
        for s in r["secrets"]:
            k, v = s["kind"], s["value"]
            if k in ("aws_secret_access_key", "password"):
                continue  # the scanner has no shape for these
            found = False
            for hk, hv in hits:
                if hk.startswith("phone_") and k == "phone_number" and (v in hv or hv in v):
                    found = True
                elif kindmap.get(hk) == k and (hv in v or v in hv or hv == v[:20] or hv in v.replace("\\n", "")):
                    found = True
                elif hk == "github" and k.startswith("github") and hv in v:
                    found = True
                elif hk == "slack" and k.startswith("slack") and hv in v:
                    found = True
                elif hk == "sk_key" and k in ("openai_api_key", "anthropic_api_key") and hv in v:
                    found = True
                elif hk == "pem" and k == "private_key_pem" and v.replace("\\n", "").startswith(hv):
                    found = True
            if not found:
                misses.append((r["id"], k, v[:40]))
        spans = []
        for s in r["secrets"]:
            i = r["text"].find(s["value"])
            spans.append((i, i + len(s["value"])))
        for hk, hv in hits:
            if any(hv in s["value"] or s["value"] in hv or (hk == "pem" and s["kind"] == "private_key_pem")
                   or (hk == "jwt" and s["kind"] == "jwt") for s in r["secrets"]):
                continue
            j = r["text"].find(hv)
            if j >= 0 and any(a < j + len(hv) and j < b for a, b in spans):
                overlaps.append((r["id"], hk, hv))
                continue
            extra.append((r["id"], hk, hv))
    return misses, extra, overlaps


def sha256(path):
    with open(path, "rb") as f:
        return hashlib.sha256(f.read()).hexdigest()


def write_jsonl(path, recs):
    with open(path, "w", encoding="utf-8", newline="\n") as f:
        for r in recs:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")


def main():
    negs, redraws, used = build_negatives()
    poss = build_positives()
    final_hits = [(r["id"], h) for r in negs for h in scan(r["text"])]
    misses, extra, overlaps = scan_positives(poss)
    npath = os.path.join(HERE, "redaction%d_negatives.jsonl" % N)
    ppath = os.path.join(HERE, "redaction%d_positives.jsonl" % N)
    write_jsonl(npath, negs)
    write_jsonl(ppath, poss)
    readme = make_readme(negs, poss, redraws, used, final_hits, misses, extra, overlaps, sha256(npath), sha256(ppath))
    with open(os.path.join(HERE, "README.md"), "w", encoding="utf-8", newline="\n") as f:
        f.write(readme)
    print("negatives: %d  positives: %d  secrets: %d" % (len(negs), len(poss), sum(len(r["secrets"]) for r in poss)))
    print("scanner redraws on negatives: %s" % json.dumps(dict(sorted(redraws.items()))))
    print("scanner findings in final negatives: %d" % len(final_hits))
    for h in final_hits:
        print("  ", h)
    print("scanner misses on positives: %d" % len(misses))
    for m in misses:
        print("  ", m)
    print("scanner unlabelled finds on positives: %d" % len(extra))
    for e in extra:
        print("  ", e)
    print("scanner finds overlapping a labelled value (not a new item): %d" % len(overlaps))
    for e in overlaps:
        print("  ", e)
    print("sha256 %s  %s" % (sha256(npath), os.path.basename(npath)))
    print("sha256 %s  %s" % (sha256(ppath), os.path.basename(ppath)))


# ---------------------------------------------------------------------------------------------
# README
# ---------------------------------------------------------------------------------------------
CAT_DESC = {
    "data_uri_base64": "Real bytes, base64-encoded, built by the generator: PNG (IHDR/IDAT/IEND with correct CRCs, solid/checker/gradient, 1–24 px), 1×1 GIF89a, ICO wrapping a PNG, a one-page PDF receipt with a correct xref table (`JVBERi0…`), 8 kHz PCM WAV chimes (`UklGR…`), WOFF 1.0 (`d09GR…`, zlib-compressed sfnt tables with checksums) and bare TrueType (`AAEAAA…`), inline source maps (`eyJ2ZXJzaW9uIjoz…`, base64 JSON, no dots), Lottie JSON, CSV downloads, SVG as base64 / percent-encoded / `utf8,`. Contexts: CSS markers and `@font-face`, React Native `<Image source>`, Flutter `Image.memory`, Kotlin/Swift/Go/Python fixtures, e-mail template tracking pixel, Jupyter `image/png` output, HAR entry, CSP violation, `base64 -d \\| file -`, Crashlytics breadcrumb, WebView console line, menu JSON `blur_placeholder`. Some URIs truncated with `…`, `...` or `[N more chars]`.",
    "placeholder_example": "`.env.example` files with `<your-…>`, `changeme`, empty values, `sk_test_xxx…`, `SB-Mid-server-XXXX`, `xoxb-your-bot-token`, `AIza...`; AWS documentation keys `AKIAIOSFODNN7EXAMPLE` / `wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY`; k8s `secretKeyRef`, GitHub Actions `${{ secrets.X }}`, Spring `${DB_PASSWORD}`, `os.environ[...]`, `op://…`, `vault:…`, `{{resolve:secretsmanager:…}}`, Terraform `sensitive = true`; CS macros in Indonesian/Vietnamese/Tagalog with `{{placeholders}}`; masked wallet/bank/card values (`OVO ••••1234`, `GCash 09**-***-1234`, `**** **** **** 1234`); redaction markers in logs; PEM blocks with `...` bodies; default DSNs (`postgres:postgres`, `guest:guest`, `root:root`, `admin:admin`, `<username>:<password>`); form specs with `+62 8xx-xxxx-xxxx`, `09x xxx xxxx`, `09XX XXX XXXX`, `3174XXXXXXXXXXXX`, plate formats `B 1234 XYZ`; IBAN/SSN/card masks; OpenAPI examples; Android `strings.xml` with `%1$s`; Slack's all-zero webhook example.",
    "code_identifier": "Android `FATAL EXCEPTION` traces (Kotlin packages like `com.lajuride.driver.payout.EwalletPayoutViewModel`, up to ~28 lines), iOS crash thread backtraces, Go panics with goroutine frames, Python tracebacks from a fraud scorer, Rust panics with `17h<hex>E` symbols, React Native red-box errors, Spring `Could not resolve placeholder 'xendit.secret-key'`, TypeScript/Swift compiler errors. SQL DDL with columns such as `account_number_enc`, `msisdn_e164_hmac`, `api_key_sha256`; protobuf/GraphQL schemas; dbt `meta: {pii: …}`; `kubectl get secrets` (names only) and `get pods`; Terraform plan addresses like `aws_secretsmanager_secret.gcash_client_secret`; feature-flag keys; R8 mappings; env-var name lists; functions named in Indonesian/Vietnamese/Tagalog (`hitungTarifDasar`, `tinhPhiShip`, `kuninAngBayad`).",
    "non_credential_blob": "Git SHAs, docker digests, W3C `traceparent`/`tracestate`, trace/span ids in JSON logs, `X-Amzn-Trace-Id`, UUIDv4/v7, ULIDs, payout idempotency keys, Google encoded polylines, H3 cells and geohashes, Crashlytics issue ids and dSYM UUIDs, Sentry event ids, npm `sha512-` integrity, go.sum `h1:`, pip `--hash=sha256:`, APK signing-certificate fingerprints (public), `aws s3 ls` of UUID-named encrypted KYC objects, base64url-JSON pagination cursors (no dots), SOPS `ENC[AES256_GCM,…]`, KMS envelope ciphertext (`kms:v2:<base64>`), ETags and `X-Amz-Cf-Id`, Kafka consumer-group tables, FCM message names, design-token hex colours, Terraform lineage, `SHA256SUMS`.",
    "pii_lookalike_number": "Numbers of the theme that are nobody's personal data: payout reconciliation tables (batch ids, BI-FAST/Napas/InstaPay refs, IDR/VND/PHP totals), 15–30 row settlement CSVs (merchant/outlet ids grouped 4-4-4, `INV/2025/11/…`, e-Faktur numbers `010.000-25.xxxxxxxx`), dispatch and surge logs (10-digit trip ids, epoch s/ms), corporate onboarding forms (NIB, NPWP badan, AHU numbers; VN MST `01xxxxxxxx` and branch suffix; PH corporate TIN, SEC/ATP/OR numbers), order, booking, ticket and driver-application numbers in phone-like groupings (4-4-4, 3-3-4, 4-3-4, 4-3-3, 3-4-4, 4-4-5; some with a leading `00`/`01`/`04`/`06`), GCash reference numbers (13 digits, 4-3-6), chargeback ARNs (23 digits), telco prefix ranges (`0811–0813`, `096–098`, `0915–0917`), bank codes/BINs/BRSTN/SWIFT, app versions and versionCodes, device build fingerprints, latency tables, rate-limit headers, zone centroids, fleet counts by plate region code, VND/IDR amounts with dot grouping, cut-off schedules and incident timelines.",
    "talk_about_secrets": "Talk about keys, passwords, OTP/PIN, KTP/CCCD/licence photos, phone numbers, card numbers, IBANs, SSNs and e-mails with no value: reminders, rotation notes, leak runbooks (4 languages), incident summaries, security-sync agendas, Q&A, detector false-positive discussions, Vault/ESO/sealed-secrets errors, UU PDP / Nghị định 13/2023 / Data Privacy Act mentions. Indonesian (with Jakarta slang), Vietnamese, Tagalog/Taglish and English, sometimes mixed in one message.",
}

KIND_NOTES = {
    "aws_access_key_id": "`AKIA`/`ASIA` + 16 × `[A-Z2-7]`",
    "aws_secret_access_key": "40 chars; only in two-secret texts, next to its key id",
    "github_classic_pat": "`ghp_` + 30 random + 6-char base62 CRC32 of those 30 (real layout)",
    "github_fine_grained_pat": "`github_pat_11` + 20 + `_` + 59",
    "slack_bot_token": "`xoxb-<digits>-<digits>-<24>`",
    "slack_user_token": "`xoxp-<d>-<d>-<d>-<32 hex>`",
    "openai_api_key": "`sk-proj-…T3BlbkFJ…`, legacy `sk-<20>T3BlbkFJ<20>`, `sk-svcacct-…`",
    "anthropic_api_key": "`sk-ant-api03-` + 93 + `AA`",
    "jwt": "base64url JSON header/payload (HS256, or RS256 with `kid`), random signature; in headers, JSON logs, curl, a cookie",
    "private_key_pem": "real DER structure, random key material: EC P-256 SEC1, Ed25519 PKCS#8, RSA PKCS#1 (1024/2048-bit sized), OpenSSH `openssh-key-v1`; value convention below",
    "password": "password only: ADO.NET, libpq key=value, `.env`, Spring YAML, INI `requirepass`, `mysql -p'…'`, Kafka JAAS, prose in ID/VN/TL",
    "url_credentials": "password part of `scheme://user:pw@host` (postgres, mongodb+srv, redis `:pw@`, amqps, mysql, SQLAlchemy, psql, Sentry DSN)",
    "email_address": "invented local parts on webmail, company and merchant domains; chat, JSON log, table, CSV, signature, form",
    "phone_number": "18 written forms, one each; see the phone table",
    "credit_card": "Luhn-valid Visa / Mastercard (51–55 and 2221–2720) / Amex / JCB; plain, spaced or dashed",
    "iban": "mod-97-valid DE, NL, GB, FR (valid RIB key), BE (valid national check), AE, CH, SA; compact or grouped by 4",
    "us_ssn": "area not 000/666/9xx, group not 00, serial not 0000",
    "ipv4_address": "public only (private, loopback, CGNAT, link-local, benchmark, documentation and multicast excluded)",
}

PHONE_DESC = {
    "id_intl_dash": "Indonesia mobile `+62 8xx-xxxx-xxxx`", "id_local_space": "Indonesia mobile `08xx xxxx xxxx`",
    "id_compact": "Indonesia mobile `+628xxxxxxxxx` (no separators)", "id_local_dash": "Indonesia mobile `08xx-xxxx-xxx`",
    "id_landline": "Jakarta landline `(021) xxxx xxxx`", "vn_intl": "Vietnam mobile `+84 xx xxx xxxx`",
    "vn_local_433": "Vietnam mobile `0xxx xxx xxx`", "vn_local_dots": "Vietnam mobile `0xxx.xxx.xxx`",
    "vn_landline": "HCMC landline `+84 28 xxxx xxxx`", "ph_intl": "Philippines mobile `+63 9xx xxx xxxx`",
    "ph_local_space": "Philippines mobile `09xx xxx xxxx`", "ph_local_dash": "Philippines mobile `09xx-xxx-xxxx`",
    "ph_landline": "Metro Manila landline `(02) 8xxx xxxx`", "sg": "Singapore `+65 xxxx xxxx`", "my": "Malaysia `+60 1x-xxx xxxx`",
    "us": "NANP `+1 (xxx) xxx-xxxx`", "th": "Thailand `+66 xx xxx xxxx`", "au": "Australia `+61 4xx xxx xxx`",
}


def make_readme(negs, poss, redraws, used, final_hits, misses, extra, overlaps, sha_n, sha_p):
    L = []
    a = L.append
    a("> PLACEHOLDER")
    a("")
    a("# Held-out redaction corpus #%d: a ride-hailing and food-delivery platform in Indonesia, Vietnam and the Philippines" % N)
    a("")
    a("Hard negatives plus a positive set, written blind (see \"How it was written\").")
    a("")
    a("## Theme")
    a("")
    a("The Slack workspace of *%s* (an invented company): a ride-hailing, food- and parcel-delivery platform with driver and "
      "merchant apps in Indonesia, Vietnam and the Philippines. Channels such as %s. Content: driver and merchant onboarding, "
      "KYC, order and trip ids, payouts to e-wallets (OVO, DANA, ShopeePay, MoMo, ZaloPay, GCash, Maya) and banks in IDR/VND/PHP, "
      "dispatch and surge logs, fraud reviews, support macros, Android/iOS crash reports, infrastructure. Languages: Indonesian "
      "(with Jakarta slang: *gw, lo, dong, gaes, wkwk*), Vietnamese, Tagalog/Taglish and English, mixed as the channels mix them, "
      "in lead-ins, trailers, prose, comments and table headers." % (CO, ", ".join("`%s`" % c for c in CHANNELS[:8])))
    a("")
    a("## Files")
    a("")
    a("| file | lines | sha256 |")
    a("|---|---:|---|")
    a("| `redaction%d_negatives.jsonl` | %d | `%s` |" % (N, len(negs), sha_n))
    a("| `redaction%d_positives.jsonl` | %d | `%s` |" % (N, len(poss), sha_p))
    a("")
    a("- `gen.py` writes both files and this README next to itself (`python3 gen.py`). Standard library only; its only randomness "
      "is `random.Random(%d * 101)`. Two runs give byte-identical files, also under `PYTHONHASHSEED=0` and `PYTHONHASHSEED=123` "
      "(checked with `cmp`). It prints the scanner report reproduced below." % N)
    a("- The README's first line is a placeholder on purpose.")
    a("")
    a("## How it was written (blindness record)")
    a("")
    a("Nothing about the redaction feature was read: no code, rules, tests, issues or other data sets. Exactly these were opened:")
    a("")
    a("1. `/work/briefs/data.md` (the brief) and the task text with the theme.")
    a("2. `/work/.library/env/README.md`.")
    a("3. `/work/main/tests/support/data/redaction4/README.md` (for the format of this README; the tool cut ~230 characters out of "
      "the middle of its category table, which was not re-read).")
    a("4. `head -3` of `/work/main/tests/support/data/redaction4/redaction4_negatives.jsonl` and of `…_positives.jsonl` (record format).")
    a("")
    a("Deviation, disclosed: the very first command was `cat /work/briefs/data.md; ls -la /work/briefs/ /work/data/`, run before the "
      "brief had been read. That `ls` listed the *names* in `/work/briefs/` (`common.md`, `data.md`, `hot16.md`, `probe18.md`, `red16.md`) "
      "and in `/work/data/` (`dev18`, `first.md`, `redaction75`, `redaction76`). None of those files or folders was opened or listed further.")
    a("")
    a("Commands run, all on this set's own files: `mkdir -p /work/data/redaction%d /tmp/redaction%d`, `date`, `python3 --version`; "
      "`python3` to write and patch `gen.py`, to parse it (`ast`), to run it and copies of it in `/tmp/redaction%d/`, and to print "
      "statistics and samples of its own output; `sha256sum` and `cmp` for the determinism check. Also used on `gen.py` and its output "
      "only (outside the brief's short list, disclosed): `cp`, `grep`, `sed -n`, `awk`, `wc`, `cut`, `sort`, `uniq`, `tail`, `time`. "
      "The file-editing tool created `gen.py`. No search tool, no git, no package install, and the product was not run." % (N, N, N))
    a("")
    a("The templates and the choice of hard cases come from general knowledge of what such a workspace holds (Android/iOS/Go/Python "
      "traces, payment-gateway configs, Indonesian/Vietnamese/Philippine number formats), not from any rule set.")
    a("")
    a("## Record format")
    a("")
    a("- Negatives: `{\"id\": \"h%dn-0001\", \"text\": …, \"category\": …}`" % N)
    a("- Positives: `{\"id\": \"h%dp-0001\", \"text\": …, \"secrets\": [{\"kind\": …, \"value\": …}], \"context\": …}`. Every `value` "
      "occurs verbatim in `text` (asserted). `context` is `<kind>:t<template#>` for one-secret texts (phone numbers add `:<style>`), "
      "`private_key_pem:<type>:layout<n>` for keys, and `multi:<name>:<n>` for two-secret texts." % N)
    a("- Order is shuffled; JSON is written with `ensure_ascii=False` (UTF-8: Vietnamese diacritics, `₫`, `₱`, `•`, `…`).")
    a("")
    a("## Negative categories")
    a("")
    a("| category | texts | templates used / defined | min / max lines | 1-line | ≥10 lines | what is in it |")
    a("|---|---:|---:|---|---:|---:|---|")
    for cat in NEG:
        ls = [nlines(r["text"]) for r in negs if r["category"] == cat]
        a("| `%s` | %d | %d / %d | %d / %d | %d | %d | %s |" % (cat, len(ls), len(used[cat]), len(NEG[cat]), min(ls), max(ls),
                                                              sum(1 for x in ls if x == 1), sum(1 for x in ls if x >= 10), CAT_DESC[cat]))
    allL = [nlines(r["text"]) for r in negs]
    a("| **total** | **%d** | | %d / %d | %d | %d | |" % (len(negs), min(allL), max(allL), sum(1 for x in allL if x == 1),
                                                       sum(1 for x in allL if x >= 10)))
    a("")
    a("%d negatives have 20 or more lines. All %d texts are distinct. About 15 %% get a lead-in (\"Gaes,\", \"Anh em ơi,\", "
      "\"Pakicheck po:\", \"Heads up:\" …) and about 8 %% a trailer (\"cmiiw\", \"cảm ơn nha\", \"salamat po\", \"wkwk\" …). "
      "No person name, e-mail address or phone number appears in the negatives; company names are invented (`PT …`, `… Food Corp.`)."
      % (sum(1 for x in allL if x >= 20), len(negs)))
    a("")
    a("### Guarantees on the negatives (enforced by `gen.py`)")
    a("")
    a("The scanner in `gen.py` throws away and redraws any negative in which it finds:")
    a("")
    a("- an e-mail address;")
    a("- a token shape: `gh[pousr]_` + 36, `github_pat_…`, `xox?-<digits>-…`, `sk-` + 32 or more, `AIza` + 35, `xnd_production_/xnd_development_` + 20, `sk_live_` + 16, `glpat-` + 20, or a three-part `eyJ….eyJ….…` JWT;")
    a("- a valid SSN shape `ddd-dd-dddd`;")
    a("- a Luhn-valid run of 13–19 digits, plain or grouped by single spaces/dashes;")
    a("- a mod-97-valid IBAN, compact or grouped;")
    a("- a PEM private-key block with 40 or more base64 characters of body;")
    a("- an `AKIA`/`ASIA` key id that does not contain `EXAMPLE`;")
    a("- a public IPv4 address;")
    a("- a `scheme://user:pw@` password that is not a placeholder (`password`, `changeme`, `guest`, `root`, `admin`, `postgres`, `<…>`, `${…}`, `***`, …);")
    a("- a phone number: Indonesia (`+62`/`62`/`0` + `8` mobile, 10–13 digits; Jakarta/Bandung/Surabaya/Medan/… landlines), "
      "Vietnam (`+84`/`0` + 3/5/7/8/9 mobile; `02x` landlines), Philippines (`+63`/`0` + `9` mobile; `02` landlines), "
      "`+65`, `+60`, `+66`, `+61`, `+44` mobiles with a plus, and NANP (formatted `(ddd) ddd-dddd` / `ddd-ddd-dddd` / `ddd.ddd.dddd`, "
      "`+1…`, or a bare 10-digit `[2-9]dd[2-9]dddddd`). A candidate is any run of digit groups joined by single spaces, dots or dashes "
      "(optionally a `+` and parentheses); every contiguous sub-run of its groups is tested, so a phone inside a longer grouped number is caught.")
    a("")
    a("Redraws while generating (reason: count): %s. Scanner findings in the final negatives: **%d**."
      % (", ".join("%s: %d" % kv for kv in sorted(redraws.items())), len(final_hits)))
    a("")
    a("To keep the number category hard without tripping that scanner, ids are drawn so that they are not phones by construction: "
      "the first digit is 1, 2, 3, 4, 5 or 7 (never a `0`+mobile prefix, `62`, `63`, `84`, `8` or `9`), 10-digit ids have 0 or 1 as "
      "4th digit (so never NANP), and 13–19-digit ids are made Luhn-invalid. Leading-zero ids use `00`, `01`, `04` or `06` and are "
      "re-checked by the scanner.")
    a("")
    a("## Known ambiguities (deliberate; how they are scored here)")
    a("")
    a("- **Phone-shaped ids.** Order, booking, ticket, outlet and driver-application numbers are written `3120-0447-1882`, `412-038-4471`, "
      "`2511 180 4471`, `0412 3374 8821` — the lengths and groupings of Indonesian, Vietnamese and Philippine phone numbers. They are negatives: "
      "a phone redactor has to look at the prefix (`+62 8`, `08`, `09`, `+84`, `+63`) and the context, not the shape.")
    a("- **Prefix ranges.** `0811–0813`, `0852/0853`, `086, 096–098`, `0905/0906/0915–0917` are telco prefix ranges in OTP-delivery "
      "statistics. Joined, `0811-0813` is eight digits with a mobile prefix. Negative.")
    a("- **Company tax and registration numbers.** NIB (13 digits), NPWP *badan* (`0x.xxx.xxx.x-xxx.000`), e-Faktur numbers, "
      "Vietnamese enterprise MST (`01xxxxxxxx`, 10 digits, and `-0xx` branch suffixes), Philippine corporate TIN (`xxx-xxx-xxx-0xxxx`). "
      "They identify companies, not persons, and are scored as negatives. A Vietnamese MST starting `03`… would be a valid mobile shape; "
      "the set only uses `01`.")
    a("- **Amounts.** `Rp 12.450.000.000`, `2.350.000.000 ₫`, `₱1,234,567.89` are 10–13-digit runs with separators. Negative. "
      "A dot-grouped amount of exactly four groups that are all ≤ 255 (say `2.234.000.000 ₫`) also parses as a public IPv4 address; "
      "the scanner redraws those (most of its `public_ipv4` redraws), so none is in the set.")
    a("- **ARNs and references.** 23-digit chargeback ARNs, 13-digit GCash reference numbers (`4-3-6`), 16-digit zero-padded amounts "
      "in bulk-transfer files. Luhn-invalid where 13–19 digits. Negative.")
    a("- **Masked values** keep the last 3–4 digits (`OVO ••••7781`, `GCash 09**-***-4521`, `BCA ****1234`, `**** **** **** 4242`) and "
      "are non-PII.")
    a("- **Plate numbers** appear only as formats (`B 1234 XYZ`, `51F-XXX.XX`, `ABC 1234`) and as aggregate counts by region code "
      "(`B`, `29–33`, `NCR`). No full plate of a vehicle appears anywhere in the set; plates are not one of the 18 kinds.")
    a("- **Documented example credentials and defaults.** `AKIAIOSFODNN7EXAMPLE` / `wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY`, "
      "`postgres:postgres@`, `guest:guest@`, `root:root@`, `admin:admin@`, `minioadmin`, `KEYCLOAK_ADMIN_PASSWORD=admin`, "
      "`redis://:changeme@localhost`, `<username>:<password>@<host>`. Negatives.")
    a("- **Random hex / base64.** 32/40/64-hex ids (Crashlytics, Sentry, ETags, git, digests), 44–88-char base64 (`h1:`, `sha512-`, "
      "`kms:v2:` ciphertext, SOPS data) and base64url JSON cursors / source maps starting `eyJ` without dots. Negatives.")
    a("- **Public signing-certificate fingerprints** (`keytool -printcert`) and SSH/APK fingerprints are public by design. Negative.")
    a("- **Person names in positives** (signatures, forms, fraud notes, a 1099 payee) are not labelled; only the 18 kinds are.")
    a("- **`pw@host.internal` looks like an e-mail.** In `scheme://user:pw@host` texts the end of the password plus the host matches "
      "an e-mail regex; only the password is labelled (`url_credentials`). The built-in scanner's e-mail pattern matches `pw@host` in most of "
      "these texts; its report counts a hit that contains the labelled value as that value, and lists the %d hit(s) that only overlap it below." % len(overlaps))
    a("- **Company role mailbox.** One two-secret text labels `billing@<vendor>.nl` as `email_address` although it is a role address; "
      "it is labelled because redactors are expected to mask every e-mail address.")
    a("- **Phone landlines of businesses** (`(021) …`, `(02) 8…`, `+84 28 …`) appear as merchant/outlet contacts and are labelled `phone_number`.")
    a("")
    a("## Positive set")
    a("")
    a("%d texts, %d labelled items, %d texts with one item and %d with two." % (
        len(poss), sum(len(r["secrets"]) for r in poss), sum(1 for r in poss if len(r["secrets"]) == 1), sum(1 for r in poss if len(r["secrets"]) == 2)))
    a("")
    a("| kind | items | in one-item texts | in two-item texts | notes |")
    a("|---|---:|---:|---:|---|")
    order = ["aws_access_key_id", "aws_secret_access_key", "github_classic_pat", "github_fine_grained_pat", "slack_bot_token",
             "slack_user_token", "openai_api_key", "anthropic_api_key", "jwt", "private_key_pem", "password", "url_credentials",
             "email_address", "phone_number", "credit_card", "iban", "us_ssn", "ipv4_address"]
    for k in order:
        one = sum(1 for r in poss if len(r["secrets"]) == 1 for s in r["secrets"] if s["kind"] == k)
        two = sum(1 for r in poss if len(r["secrets"]) == 2 for s in r["secrets"] if s["kind"] == k)
        a("| %s | %d | %d | %d | %s |" % (k, one + two, one, two, KIND_NOTES[k]))
    a("| **total** | **%d** | %d | %d | |" % (sum(len(r["secrets"]) for r in poss), sum(1 for r in poss if len(r["secrets"]) == 1),
                                              sum(2 for r in poss if len(r["secrets"]) == 2)))
    a("")
    a("Phone numbers, one per written form (value = the whole number as written, with `+`, trunk `0`, parentheses, spaces, dots, dashes):")
    a("")
    a("| id | form | value | context |")
    a("|---|---|---|---|")
    rows = []
    for r in poss:
        for s in r["secrets"]:
            if s["kind"] == "phone_number":
                rows.append((r["id"], PHONE_STYLE_OF[s["value"]], s["value"], r["context"]))
    for rid, st, v, ctx in sorted(rows):
        a("| %s | %s | `%s` | `%s` |" % (rid, PHONE_DESC[st], v, ctx))
    a("")
    a("Contexts of the positives: chat prose in the four languages, `.env`, YAML (k8s Secrets, Spring, GitHub Actions), INI, TOML, "
      "JSON (logs, service-account files, npm config), HCL, properties, shell sessions (`curl`, `psql`, `mysql`, `git clone`, `export`), "
      "nginx access-log lines, Markdown tables, CSV, e-mail signatures and onboarding forms.")
    a("")
    a("`private_key_pem` values run from the first to the last base64 character of the body, exactly as written: lines joined by a "
      "newline (plain PEM, `.env` quoted value, `cat ~/.ssh/…`), by newline + 4 spaces (YAML block scalar in a k8s Secret), or by the "
      "literal two characters `\\n` (JSON service-account file).")
    a("")
    a("`gen.py` re-checks on every run: Luhn for cards, mod-97 for IBANs, the SSN rules, that each IPv4 is public, that each JWT's header "
      "and payload decode to JSON, that each PEM body is valid base64, the CRC32 checksum of each classic GitHub PAT, the AWS key-id "
      "alphabet, and that every value occurs verbatim in its text.")
    a("")
    a("## The two-item texts")
    a("")
    a("| id | context | kinds |")
    a("|---|---|---|")
    for r in sorted((r for r in poss if len(r["secrets"]) == 2), key=lambda r: r["context"]):
        a("| %s | `%s` | %s |" % (r["id"], r["context"], " + ".join(s["kind"] for s in r["secrets"])))
    a("")
    a("## Scanner on the positives (information only)")
    a("")
    a("The negatives' scanner run on the positives (it has no shape for `password` or `aws_secret_access_key`, which are skipped): "
      "it misses %d labelled items and finds %d unlabelled items. Hits that overlap a labelled value without being it: %d%s."
      % (len(misses), len(extra), len(overlaps),
         "" if not overlaps else " (" + "; ".join("%s `%s` %s" % (i, k, v) for i, k, v in overlaps) + ")"))
    if misses:
        a("")
        for m in misses:
            a("- missed: %s %s `%s…`" % m)
    if extra:
        a("")
        for e in extra:
            a("- unlabelled: %s %s `%s`" % e)
    a("")
    return "\n".join(L)


if __name__ == "__main__":
    main()
