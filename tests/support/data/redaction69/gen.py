#!/usr/bin/env python3
"""Held-out redaction set #69: Slack of a game studio / esports-events company (KR, ES, AR).

Standard library only. The only randomness is random.Random(69 * 101).
Writes redaction69_negatives.jsonl and redaction69_positives.jsonl next to this script.
"""
import base64
import binascii
import json
import os
import re
import struct
import sys
import unicodedata
import zlib

import random

N = 69
R = random.Random(N * 101)
HERE = os.path.dirname(os.path.abspath(__file__))

UP = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
LO = "abcdefghijklmnopqrstuvwxyz"
DI = "0123456789"
HEX = "0123456789abcdef"
B62 = DI + UP + LO
B64 = UP + LO + DI + "+/"
B64URL = UP + LO + DI + "-_"


def rs(alpha, n):
    return "".join(R.choice(alpha) for _ in range(n))


def pick(seq):
    return seq[R.randrange(len(seq))]


def b64(b):
    return base64.b64encode(b).decode()


def b64u(b):
    return base64.urlsafe_b64encode(b).decode().rstrip("=")


def rbytes(n):
    return bytes(R.randrange(256) for _ in range(n))


# ---------------------------------------------------------------- checks
def luhn_ok(d):
    s = 0
    for i, c in enumerate(reversed(d)):
        x = int(c)
        if i % 2 == 1:
            x *= 2
            if x > 9:
                x -= 9
        s += x
    return s % 10 == 0


def luhn_complete(prefix, length):
    body = prefix + rs(DI, length - len(prefix) - 1)
    for c in DI:
        if luhn_ok(body + c):
            return body + c
    raise AssertionError


def iban_num(s):
    return int("".join(str(int(c, 36)) for c in s))


def iban_ok(s):
    s = s.replace(" ", "")
    return len(s) > 14 and iban_num(s[4:] + s[:4]) % 97 == 1


def make_iban(cc, bban):
    chk = 98 - iban_num(bban + cc + "00") % 97
    return "%s%02d%s" % (cc, chk, bban)


def es_bban():
    w = [1, 2, 4, 8, 5, 10, 9, 7, 3, 6]

    def dc(digits):
        s = sum(int(a) * b for a, b in zip(digits, w))
        d = 11 - s % 11
        return 0 if d == 11 else (1 if d == 10 else d)

    bank = pick(["2100", "0049", "0182", "0081", "2085", "0128", "1465", "0239"])
    branch = rs(DI, 4)
    acct = rs(DI, 10)
    return bank + branch + "%d%d" % (dc("00" + bank + branch), dc(acct)) + acct


def de_bban():
    return pick(["10010010", "20041111", "37040044", "50010517", "70020270", "12030000"]) + rs(DI, 10)


def fr_bban():
    bank = pick(["30004", "30003", "20041", "10278", "30066", "11315"])
    br = rs(DI, 5)
    acct = rs(DI, 11)
    key = 97 - (89 * int(bank) + 15 * int(br) + 3 * int(acct)) % 97
    return bank + br + acct + "%02d" % key


def pt_bban():
    bank = pick(["0035", "0033", "0007", "0010", "0036", "0018"])
    br = rs(DI, 4)
    acct = rs(DI, 11)
    nib = 98 - (int(bank + br + acct) * 100) % 97
    return bank + br + acct + "%02d" % nib


def group4(s):
    return " ".join(s[i:i + 4] for i in range(0, len(s), 4))


PRIVATE_NETS = [
    ("0.0.0.0", 8), ("10.0.0.0", 8), ("100.64.0.0", 10), ("127.0.0.0", 8), ("169.254.0.0", 16),
    ("172.16.0.0", 12), ("192.0.0.0", 24), ("192.0.2.0", 24), ("192.88.99.0", 24), ("192.168.0.0", 16),
    ("198.18.0.0", 15), ("198.51.100.0", 24), ("203.0.113.0", 24), ("224.0.0.0", 3),
]


def ip_int(s):
    a = [int(x) for x in s.split(".")]
    return (a[0] << 24) | (a[1] << 16) | (a[2] << 8) | a[3]


def ip_public(s):
    parts = s.split(".")
    if len(parts) != 4 or any(int(p) > 255 for p in parts):
        return False
    v = ip_int(s)
    for net, bits in PRIVATE_NETS:
        m = (0xFFFFFFFF << (32 - bits)) & 0xFFFFFFFF
        if v & m == ip_int(net) & m:
            return False
    return True


def ssn_ok(s):
    a, g, n = s.split("-")
    return a not in ("000", "666") and not a.startswith("9") and g != "00" and n != "0000"


# ---------------------------------------------------------------- scanner
def ascii_digits(t):
    out = []
    for c in t:
        if not c.isascii() and unicodedata.category(c) == "Nd":
            out.append(str(unicodedata.digit(c)))
        else:
            out.append(c)
    return "".join(out)


NB = r"(?<![\w.,+\-])"
PHONE_RES = [
    ("kr", re.compile(r"(?<![\w+])01[016789][ .\-]?\d{3,4}[ .\-]?\d{4}(?!\d)")),
    ("kr", re.compile(r"(?:\+|00)82[ .\-]?\(?0?\)?1[016789][ .\-]?\d{3,4}[ .\-]?\d{4}(?!\d)")),
    ("kr", re.compile(r"(?<![\w+])\(?0(?:2|[3-6][1-5])\)?[ .\-]?\d{3,4}[ .\-]?\d{4}(?!\d)")),
    ("kr", re.compile(r"(?:\+|00)82[ .\-]?\(?0?\)?(?:2|[3-6][1-5])[ .\-]?\d{3,4}[ .\-]?\d{4}(?!\d)")),
    ("kr", re.compile(r"(?<![\w.\-])1[568]\d{2}-\d{4}(?![\d\-])")),
    ("es", re.compile(r"(?:(?:\+|00)34[ .\-]?|" + NB + r")[6789]\d{2}[ .\-]?\d{3}[ .\-]?\d{3}(?!\d)")),
    ("es", re.compile(r"(?:(?:\+|00)34[ .\-]?|" + NB + r")[6789]\d{2}[ .\-]?\d{2}[ .\-]?\d{2}[ .\-]?\d{2}(?!\d)")),
    ("es", re.compile(r"(?:(?:\+|00)34[ .\-]?|" + NB + r")[89]\d[ .\-]?\d{3}[ .\-]?\d{2}[ .\-]?\d{2}(?!\d)")),
    ("ar", re.compile(r"(?:\+|00)54[ .\-]?9?[ .\-]?\(?0?\d{2,4}\)?[ .\-]?(?:15[ .\-]?)?\d{3,4}[ .\-]?\d{4}(?!\d)")),
    ("ar", re.compile(r"(?<![\w+])\(?0(?:11|[23]\d{2,3})\)?[ .\-]?(?:15[ .\-]?)?\d{3,4}[ .\-]?\d{4}(?!\d)")),
    ("ar", re.compile(NB + r"(?:11|15)[ .\-]?\d{4}[ .\-]?\d{4}(?!\d)")),
    ("ar", re.compile(NB + r"\(?(?:11|[23]\d{2,3})\)?[ ]?(?:15[ \-]?)?\d{3,4}-\d{4}(?!\d)")),
    ("ar", re.compile(r"(?<!\d)549\d{10}(?!\d)")),
    ("nanp", re.compile(NB + r"(?:\+?1[ .\-]?)?\(?[2-9]\d{2}\)?[ .\-]?[2-9]\d{2}[ .\-]?\d{4}(?!\d)")),
]
EMAIL_RE = re.compile(r"[A-Za-z0-9._%+\-]+@[A-Za-z0-9\-]+(?:\.[A-Za-z0-9\-]+)*\.[A-Za-z]{2,}")
GH_RE = re.compile(r"gh[pousr]_([A-Za-z0-9]{36})")
GHF_RE = re.compile(r"github_pat_([A-Za-z0-9_]{22,})")
SLACK_RE = re.compile(r"xox[abposre]-\d+-[0-9A-Za-z\-]+")
SK_RE = re.compile(r"sk-[A-Za-z0-9_\-]{29,}")
JWT_RE = re.compile(r"eyJ[A-Za-z0-9_\-]{4,}\.[A-Za-z0-9_\-]{4,}\.[A-Za-z0-9_\-]{4,}")
SSN_RE = re.compile(r"(?<!\d)\d{3}[- ]\d{2}[- ]\d{4}(?!\d)")
AKIA_RE = re.compile(r"(?:AKIA|ASIA)[A-Z0-9]{16}")
PEM_RE = re.compile(r"-----BEGIN [A-Z0-9 ]*PRIVATE KEY-----(.{0,4000}?)(?:-----END|$)", re.S)
IP_RE = re.compile(r"(?<![\d.])(\d{1,3}\.\d{1,3}\.\d{1,3}\.\d{1,3})(?!\.?\d)")
URLU_RE = re.compile(r"[A-Za-z][A-Za-z0-9+.\-]*://([^/\s:@'\"]*):([^/\s@'\"]*)@")
PLAIN_RUN = re.compile(r"(?<!\d)\d{13,19}(?!\d)")
CHAIN_RE = re.compile(r"(?<![0-9A-Za-z])\d{1,8}(?:([ \-])\d{1,8})(?:\1\d{1,8})*(?![0-9A-Za-z])")
IBAN_RE = re.compile(r"\b[A-Z]{2}\d{2}(?:[ ]?[A-Z0-9]{1,4}){3,8}\b")
RRN_RE = re.compile(r"(?<!\d)\d{2}(?:0[1-9]|1[0-2])(?:0[1-9]|[12]\d|3[01])-?[1-4]\d{6}(?!\d)")
DNI_RE = re.compile(r"(?<![\w])([XYZ]?)(\d{7,8})-?([A-Z])(?![\w])")
PW_PLACEHOLDER = re.compile(
    r"^(|\$\{?[A-Za-z_][A-Za-z0-9_]*\}?|<[^>]*>|\{\{.*\}\}|%[A-Za-z_]+%|\*+|[xX]+|•+|\.\.\.|…|"
    r"password|pass|passwd|pw|pwd|secret|changeme|admin|root|guest|postgres|example|redacted|\[REDACTED\]|"
    r"REDACTED|\[FILTERED\]|PASSWORD|CHANGEME|tu_password|contraseña|비밀번호|test|dev|local)$")


def scan(text):
    """Return list of (kind, match) for everything that must not be in a negative."""
    t = ascii_digits(text)
    hits = []
    for m in EMAIL_RE.finditer(t):
        hits.append(("email", m.group(0)))
    for m in GH_RE.finditer(t):
        if len(set(m.group(1))) > 1:
            hits.append(("github", m.group(0)))
    for m in GHF_RE.finditer(t):
        body = m.group(1).replace("_", "")
        if body.startswith("11"):
            body = body[2:]
        if len(set(body)) > 1:
            hits.append(("github_pat", m.group(0)))
    for m in SLACK_RE.finditer(t):
        if not re.search(r"X{3,}$", m.group(0)):
            hits.append(("slack", m.group(0)))
    for m in SK_RE.finditer(t):
        hits.append(("sk", m.group(0)))
    for m in JWT_RE.finditer(t):
        hits.append(("jwt", m.group(0)))
    for m in SSN_RE.finditer(t):
        hits.append(("ssn", m.group(0)))
    for m in AKIA_RE.finditer(t):
        if "EXAMPLE" not in m.group(0):
            hits.append(("akia", m.group(0)))
    for m in PEM_RE.finditer(t):
        body = m.group(1)
        if re.search(r"[A-Za-z0-9+/]{40,}", body) and "..." not in body and "…" not in body:
            hits.append(("pem", m.group(0)[:60]))
    for m in IP_RE.finditer(t):
        if ip_public(m.group(1)):
            hits.append(("ipv4", m.group(1)))
    for m in URLU_RE.finditer(t):
        if not PW_PLACEHOLDER.match(m.group(2)):
            hits.append(("url_userinfo", m.group(0)))
    for m in PLAIN_RUN.finditer(t):
        if luhn_ok(m.group(0)):
            hits.append(("luhn", m.group(0)))
    for m in CHAIN_RE.finditer(t):
        groups = re.split(r"[ \-]", m.group(0))
        for i in range(len(groups)):
            tot = 0
            for j in range(i, len(groups)):
                tot += len(groups[j])
                if j > i and 13 <= tot <= 19 and luhn_ok("".join(groups[i:j + 1])):
                    hits.append(("luhn", " ".join(groups[i:j + 1])))
                if tot > 19:
                    break
    for m in IBAN_RE.finditer(t):
        s = m.group(0).replace(" ", "")
        for k in range(len(s), 14, -1):
            if iban_ok(s[:k]):
                hits.append(("iban", s[:k]))
                break
    for name, rx in PHONE_RES:
        for m in rx.finditer(t):
            hits.append(("phone_" + name, m.group(0)))
    for m in RRN_RE.finditer(t):
        hits.append(("kr_rrn", m.group(0)))
    for m in DNI_RE.finditer(t):
        pre, num, letter = m.groups()
        n = int(str("XYZ".index(pre)) + num) if pre else int(num)
        if "TRWAGMYFPDXBNJZSQVHLCKE"[n % 23] == letter:
            hits.append(("es_dni", m.group(0)))
    return hits


# ---------------------------------------------------------------- real bytes
def png_bytes(w=None, h=None):
    w = w or R.randint(1, 4)
    h = h or R.randint(1, 4)
    ct = pick([2, 6])
    bpp = 3 if ct == 2 else 4
    raw = b"".join(b"\x00" + rbytes(w * bpp) for _ in range(h))

    def chunk(t, d):
        return struct.pack(">I", len(d)) + t + d + struct.pack(">I", zlib.crc32(t + d) & 0xFFFFFFFF)

    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, ct, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b""))


def gif_bytes():
    c = rbytes(3)
    return (b"GIF89a\x01\x00\x01\x00\x80\x00\x00" + c + b"\xff\xff\xff"
            + b"!\xf9\x04" + pick([b"\x01", b"\x00"]) + b"\x00\x00\x00\x00"
            + b",\x00\x00\x00\x00\x01\x00\x01\x00\x00\x02\x02D\x01\x00;")


def jpeg_bytes():
    q = bytes(max(1, min(255, v + R.randint(-2, 2))) for v in [16, 11, 10, 16, 24, 40, 51, 61] * 8)
    dc_bits = bytes([0, 1, 5, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0]) + bytes(range(12))
    ac_bits = bytes([0, 2, 1, 3, 3, 2, 4, 3, 5, 5, 4, 4, 0, 0, 1, 0x7d]) + bytes([1, 2, 3, 0, 4, 0x11, 5, 0x12] + [0x21] * 154)
    w = R.randint(1, 16)
    h = R.randint(1, 16)
    return (b"\xff\xd8" + b"\xff\xe0\x00\x10JFIF\x00\x01\x01\x00\x00\x01\x00\x01\x00\x00"
            + b"\xff\xdb\x00\x43\x00" + q
            + b"\xff\xc0\x00\x0b\x08" + struct.pack(">HH", h, w) + b"\x01\x01\x11\x00"
            + b"\xff\xc4\x00\x1f\x00" + dc_bits
            + b"\xff\xc4" + struct.pack(">H", 3 + len(ac_bits)) + b"\x10" + ac_bits
            + b"\xff\xda\x00\x08\x01\x01\x00\x00\x3f\x00" + b"\x2b" + rbytes(R.randint(1, 6)).replace(b"\xff", b"\x7f")
            + b"\xff\xd9")


def wav_bytes():
    n = R.randint(8, 40)
    data = bytes(128 + int(60 * ((i * R.randint(1, 5)) % 16 - 8) / 8) for i in range(n))
    sr = pick([8000, 11025, 22050])
    return (b"RIFF" + struct.pack("<I", 36 + n) + b"WAVEfmt " + struct.pack("<IHHIIHH", 16, 1, 1, sr, sr, 1, 8)
            + b"data" + struct.pack("<I", n) + data)


def ico_bytes():
    p = png_bytes(R.randint(1, 2), R.randint(1, 2))
    return struct.pack("<HHH", 0, 1, 1) + struct.pack("<BBBBHHII", 16, 16, 0, 0, 1, 32, len(p), 22) + p


def pdf_bytes(title):
    body = "BT /F1 12 Tf 36 760 Td (%s) Tj ET" % title
    objs = ["<< /Type /Catalog /Pages 2 0 R >>", "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
            "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R >>",
            "<< /Length %d >>\nstream\n%s\nendstream" % (len(body), body)]
    out = "%PDF-1.4\n"
    offs = []
    for i, o in enumerate(objs):
        offs.append(len(out))
        out += "%d 0 obj\n%s\nendobj\n" % (i + 1, o)
    x = len(out)
    out += "xref\n0 %d\n0000000000 65535 f \n" % (len(objs) + 1)
    out += "".join("%010d 00000 n \n" % o for o in offs)
    out += "trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (len(objs) + 1, x)
    return out.encode()


def ttf_bytes():
    tags = [b"OS/2", b"cmap", b"glyf", b"head", b"hhea", b"hmtx", b"loca", b"maxp", b"name", b"post"]
    n = len(tags)
    out = struct.pack(">IHHHH", 0x00010000, n, 128, 3, n * 16 - 128)
    off = 12 + 16 * n
    for t in tags:
        ln = R.randint(32, 400)
        out += t + struct.pack(">III", R.getrandbits(32), off, ln)
        off += (ln + 3) & ~3
    return out + rbytes(R.randint(6, 24))


SVG_ICONS = [
    '<svg xmlns="http://www.w3.org/2000/svg" width="{s}" height="{s}" viewBox="0 0 24 24"><path d="M7 4h10v3a5 5 0 0 1-10 0z M5 4h2v2H5z M17 4h2v2h-2z M10 13h4v4h-4z M8 19h8v1H8z" fill="{c}"/></svg>',
    '<svg xmlns="http://www.w3.org/2000/svg" width="{s}" height="{s}" viewBox="0 0 16 16"><path d="M1 12l3-8 4 5 4-5 3 8z" fill="{c}"/></svg>',
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><circle cx="5" cy="5" r="{r}" fill="{c}"/></svg>',
    '<svg xmlns="http://www.w3.org/2000/svg" width="{s}" height="{s}"><rect width="100%" height="100%" rx="3" fill="{c}"/><text x="50%" y="60%" font-size="8" text-anchor="middle" fill="#fff">VS</text></svg>',
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 20 20"><polygon points="10,1 12,7 19,7 13,11 15,18 10,14 5,18 7,11 1,7 8,7" fill="{c}"/></svg>',
]


def svg_text():
    return pick(SVG_ICONS).format(s=pick([12, 16, 20, 24, 32]), c="#" + rs(HEX, 6), r=R.randint(2, 5))


def srcmap_json():
    f = pick(["bracket-view", "matchLobby", "payoutForm", "overlay-scoreboard", "queueTimer", "storeReceipt"])
    return json.dumps({"version": 3, "file": f + ".js", "sources": ["../src/%s.tsx" % f],
                       "names": ["render", "props", "useState"], "mappings": ";;AAAA,SAAS" + rs("ACEGIKMOQSUWYgikmoqsuwy", R.randint(6, 20))},
                      separators=(",", ":"))


def data_uri(kind=None):
    kind = kind or pick(["png", "png", "gif", "jpeg", "svg", "webp_png", "ico"])
    if kind == "png" or kind == "webp_png":
        return "data:image/png;base64," + b64(png_bytes())
    if kind == "gif":
        return "data:image/gif;base64," + b64(gif_bytes())
    if kind == "jpeg":
        return "data:image/jpeg;base64," + b64(jpeg_bytes())
    if kind == "svg":
        return "data:image/svg+xml;base64," + b64(svg_text().encode())
    if kind == "ico":
        return "data:image/x-icon;base64," + b64(ico_bytes())
    raise ValueError(kind)


# ---------------------------------------------------------------- theme vocabulary
GAMES = ["Hanbit Arena", "Tango Legends", "Sol y Sombra", "Rift of Jeju", "Pampa Drift", "Neon Dokkaebi", "Mate Tactics"]
CODENAMES = ["hanbit", "tango", "solsombra", "jeju", "pampa", "dokkaebi", "matetac"]
REGIONS = ["ap-northeast-2", "eu-south-2", "eu-west-3", "sa-east-1", "us-east-1", "eu-central-1"]
RCODE = ["kr", "es", "ar", "br", "euw", "na"]
CITIES = ["Seoul", "Busan", "Madrid", "Barcelona", "Valencia", "Buenos Aires", "Córdoba", "Rosario"]
TEAMS = ["T1 Rookies", "Los Carpinchos", "Gangnam Wolves", "Real Tilt", "Mate Amargo", "Haneul Esports", "Boca Snipers",
         "Sevilla Raiders", "Dokkaebi Five", "Team Paella", "Quilmes Queue", "Incheon Tide", "Atlético Lag", "Pibes GG"]
SERVICES = ["matchmaker", "lobby-svc", "anticheat-gw", "receipt-validator", "bracket-api", "payout-svc", "replay-store",
            "party-svc", "leaderboard", "build-agent", "stream-overlay", "telemetry-ingest"]
STORES = ["Steam", "PlayStation Store", "App Store", "Google Play", "Epic"]

LEAD_EN = ["fyi ", "heads up: ", "quick one — ", "ok so ", "context: ", "for the record: ", "sharing here: "]
LEAD_KO = ["참고로 ", "공유드려요: ", "확인 부탁드립니다 🙏\n", "방금 본 건데 ", "빌드 로그 첨부합니다\n", "혹시 몰라서 올려요: "]
LEAD_ES = ["ojo: ", "para que lo tengáis: ", "che, mirá esto:\n", "fijate esto: ", "os paso esto:\n", "dale, acá está:\n",
           "una cosa rápida: ", "buenas! "]
TRAIL = ["\nlmk", "\n감사합니다!", "\n¿alguien lo puede mirar?", "\ndale, lo veo mañana", "\n확인했습니다 👍",
         "\ngracias!", "\nthanks", "\n¿lo vemos en la daily?", "\n내일 다시 볼게요", "\nmuchas gracias, crack"]


def dress(text, p_lead=0.22, p_trail=0.12):
    if R.random() < p_lead:
        lead = pick(pick([LEAD_EN, LEAD_KO, LEAD_ES]))
        if text.startswith(("```", "|", "#", "-", "•")) and not lead.endswith("\n"):
            lead = lead.rstrip() + "\n"
        text = lead + text
    if R.random() < p_trail:
        text = text + pick(TRAIL)
    return text


def fence(lang, body):
    return "```%s\n%s\n```" % (lang, body)


def uuid4():
    h = rs(HEX, 32)
    h = h[:12] + "4" + h[13:16] + pick("89ab") + h[17:]
    return "%s-%s-%s-%s-%s" % (h[:8], h[8:12], h[12:16], h[16:20], h[20:])


def uuid7():
    ms = R.randint(1767225600000, 1798761600000)
    h = "%012x" % ms + "7" + rs(HEX, 3) + pick("89ab") + rs(HEX, 15)
    return "%s-%s-%s-%s-%s" % (h[:8], h[8:12], h[12:16], h[16:20], h[20:])


CROCK = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"


def ulid():
    return "01" + rs("HJK", 1) + rs(CROCK, 23)


def ts_iso():
    return "2026-%02d-%02dT%02d:%02d:%02d.%03dZ" % (R.randint(1, 12), R.randint(1, 28), R.randint(0, 23),
                                                   R.randint(0, 59), R.randint(0, 59), R.randint(0, 999))


def epoch():
    return R.randint(1767225600, 1798761599)  # 2026, starts with 17


def safe_id(n):
    """digit id of length n whose first digit avoids phone-plan prefixes (used for 8 and 12+ lengths mostly)."""
    return pick("12345") + rs(DI, n - 1)


def priv_ip():
    c = R.randrange(4)
    if c == 0:
        return "10.%d.%d.%d" % (R.randint(0, 255), R.randint(0, 255), R.randint(1, 254))
    if c == 1:
        return "172.%d.%d.%d" % (R.randint(16, 31), R.randint(0, 255), R.randint(1, 254))
    if c == 2:
        return "192.168.%d.%d" % (R.randint(0, 255), R.randint(1, 254))
    return pick(["192.0.2.", "198.51.100.", "203.0.113."]) + str(R.randint(1, 254))


def semver():
    return "%d.%d.%d" % (R.randint(0, 4), R.randint(0, 40), R.randint(0, 30))


def build_ver():
    return "%d.%d.%d.%d" % (R.randint(1, 9), R.randint(0, 30), R.randint(0, 20), R.randint(1000, 99999))


def sha(n=40):
    return rs(HEX, n)


# ================================================================ NEGATIVES
# ---- data_uri_base64
def d_css():
    sel = pick([".bracket-node--win", ".queue-spinner", ".rank-badge.gold", ".overlay .team-logo", ".btn-ready", ".lobby-slot.empty"])
    return fence("css", "%s {\n  background-image: url(\"%s\");\n  background-size: %dpx;\n}" % (sel, data_uri(pick(["png", "gif", "svg"])), pick([8, 12, 16, 24])))


def d_img():
    alt = pick(["trofeo", "트로피", "crown", "seed", "vs", "logo equipo"])
    return "overlay de OBS (browser source):\n" + fence("html", '<img class="%s" alt="%s" src="%s" width="%d">' % (pick(["seed-icon", "mvp", "flag"]), alt, data_uri(), pick([16, 24, 32])))


def d_gif_py():
    return fence("python", "# pixel de tracking del launcher, 1x1\nTRACKING_PIXEL = base64.b64decode(\"%s\")\n" % b64(gif_bytes()))


def d_jpeg_blur():
    return "next/image del sitio del torneo:\n" + fence("tsx", '<Image src="/brackets/%s.jpg" placeholder="blur"\n  blurDataURL="%s" width={%d} height={%d} />' % (pick(CODENAMES), data_uri("jpeg"), pick([640, 1280]), pick([360, 720])))


def d_svg():
    return pick(["ícono del bracket para el stream:", "브래킷 아이콘 svg 인라인으로 넣었어요", "inline svg for the MVP badge"]) + "\n`" + data_uri("svg") + "`"


def d_svg_pct():
    s = svg_text().replace("<", "%3C").replace(">", "%3E").replace('"', "'").replace("#", "%23").replace(" ", "%20")
    return fence("scss", "$icon-trophy: url(\"data:image/svg+xml,%s\");" % s)


def d_wav():
    return pick(["sonido de 'partida encontrada' embebido en el cliente web:", "매칭 완료 효과음 (base64 wav):", "match-found ping (wav):"]) + "\n" + fence("js", "const MATCH_FOUND = new Audio(\"data:audio/wav;base64,%s\");" % b64(wav_bytes()))


def d_ico():
    return "```\n$ echo '%s' | base64 -d > favicon.ico\n$ file favicon.ico\nfavicon.ico: MS Windows icon resource - 1 icon, 16x16, 32 bits/pixel\n```" % b64(ico_bytes())


def d_pdf():
    t = pick(["Bases del torneo", "Reglamento Copa", "Bracket final", "Calendario"])
    return "el webhook manda el PDF así (recortado el resto del payload):\n" + fence("json", json.dumps({"event": "rules.published", "tournament": pick(CODENAMES) + "-cup-2026", "file": "data:application/pdf;base64," + b64(pdf_bytes(t))}, ensure_ascii=False))


def d_srcmap():
    return "el bundle trae el source map inline, por eso pesa tanto:\n```\n//# sourceMappingURL=data:application/json;charset=utf-8;base64,%s\n```" % b64(srcmap_json().encode())


def d_font():
    fam = pick(["Pretendard", "NanumSquare", "Inter", "Rubik"])
    return fence("css", "@font-face {\n  font-family: \"%s Scoreboard\";\n  src: url(data:font/ttf;base64,%s) format(\"truetype\");\n  font-display: swap;\n}" % (fam, b64(ttf_bytes())))


def d_jupyter():
    return "notebook de latencias del matchmaker (celda 14):\n" + fence("json", json.dumps({"output_type": "display_data", "data": {"image/png": b64(png_bytes()), "text/plain": ["<Figure size 640x480 with 1 Axes>"]}, "metadata": {}}, indent=1))


def d_csharp():
    return fence("csharp", "// placeholder hasta que llegue el arte final\nvar tex = new Texture2D(2, 2);\ntex.LoadImage(Convert.FromBase64String(\"%s\"));\nplayerCardAvatar.texture = tex;" % b64(png_bytes()))


def d_md():
    return "![seed %d](%s)" % (R.randint(1, 64), data_uri(pick(["png", "gif"])))


def d_csp():
    return "en la consola del overlay:\n> Refused to load the image '%s' because it violates the following Content Security Policy directive: \"img-src 'self' https://cdn.%s.example\"." % (data_uri(), pick(CODENAMES))


def d_trunc():
    u = data_uri(pick(["png", "jpeg"]))
    cut = R.randint(30, 60)
    return pick(["", "el log corta la imagen: ", "로그에서 잘려서 나와요: "]) + u[:cut] + pick(["…", "...", " [%d more chars]" % (len(u) - cut), "…(truncated)"])


def d_go():
    return fence("go", "var defaultEmblem = mustDecode(\"%s\") // 1x1 gris, se reemplaza en runtime\n\nfunc mustDecode(s string) []byte {\n\tb, err := base64.StdEncoding.DecodeString(s)\n\tif err != nil {\n\t\tpanic(err)\n\t}\n\treturn b\n}" % b64(png_bytes(1, 1)))


def d_jsonbracket():
    cfg = {"format": pick(["double_elim", "swiss", "single_elim"]), "teams": R.choice([8, 16, 32]), "bo": pick([1, 3, 5])}
    return "el config del bracket viaja como data URI en el query param (sí, ya sé 🙃):\n`?cfg=data:application/json;base64,%s`" % b64(json.dumps(cfg).encode())


def d_kotlin():
    return fence("kotlin", "@Test\nfun `decodes receipt thumbnail`() {\n    val bytes = Base64.getDecoder().decode(\"%s\")\n    assertEquals(0x89.toByte(), bytes[0])\n}" % b64(png_bytes()))


def d_har():
    return "del HAR que mandó QA:\n" + fence("json", json.dumps({"request": {"method": "GET", "url": data_uri()[:80] + "…"}, "response": {"status": 200, "content": {"mimeType": "image/png", "size": R.randint(60, 200), "encoding": "base64", "text": b64(png_bytes())}}}, indent=2))


def d_ko():
    return "%s 이미지가 깨져서 보니까 data URI가 이렇게 들어가 있네요\n%s\n디코딩하면 정상 %s 입니다" % (pick(["랭크 뱃지", "시즌 엠블럼", "로비 배경"]), data_uri(pick(["png", "gif", "jpeg"])), pick(["PNG", "이미지"]))


NEG_DATA = [d_css, d_img, d_gif_py, d_jpeg_blur, d_svg, d_svg_pct, d_wav, d_ico, d_pdf, d_srcmap, d_font, d_jupyter,
            d_csharp, d_md, d_csp, d_trunc, d_go, d_jsonbracket, d_kotlin, d_har, d_ko]


# ---- placeholder_example
def p_env():
    lines = ["# .env.example — copiá esto a .env y completá", "STEAM_WEB_API_KEY=YOUR_STEAM_WEB_API_KEY",
             "STEAM_PUBLISHER_KEY=<steam-publisher-key>", "PSN_CLIENT_ID=<psn-client-id>", "PSN_CLIENT_SECRET=",
             "APPLE_IAP_SHARED_SECRET=changeme", "GOOGLE_PLAY_SERVICE_ACCOUNT_JSON=./secrets/play.json",
             "OPENAI_API_KEY=sk-...", "ANTHROPIC_API_KEY=sk-ant-api03-...", "SLACK_BOT_TOKEN=xoxb-your-bot-token",
             "TWITCH_STREAM_KEY=live_XXXXXXXX_XXXXXXXXXXXXXXXXXXXXXXXXXXXXXX", "REDIS_URL=redis://:${REDIS_PASSWORD}@redis:6379/0",
             "DATABASE_URL=postgres://<user>:<password>@<host>:5432/tournaments", "PAYOUT_IBAN_ENCRYPTION_KEY=",
             "EOS_CLIENT_SECRET=%EOS_CLIENT_SECRET%"]
    k = R.randint(4, len(lines) - 1)
    sel = [lines[0]] + sorted(R.sample(lines[1:], k), key=lines.index)
    return fence("bash", "\n".join(sel))


def p_gha():
    return fence("yaml", "- name: Upload build to Steam\n  uses: game-ci/steam-deploy@v3\n  with:\n    username: ${{ secrets.STEAM_USERNAME }}\n    configVdf: ${{ secrets.STEAM_CONFIG_VDF }}\n    appId: %d\n    buildDescription: ${{ github.sha }}\n    rootPath: build\n    depot1Path: %s" % (R.randint(1000000, 2999999), pick(["StandaloneWindows64", "StandaloneLinux64", "StandaloneOSX"])))


def p_helm():
    return fence("yaml", "%s:\n  redis:\n    password: {{ .Values.%s.redisPassword | quote }}\n  steam:\n    apiKey: {{ required \"steam apiKey\" .Values.steam.apiKey }}\n  anticheat:\n    licenseKey: \"{{ .Values.anticheat.licenseKey }}\"" % (pick(SERVICES), pick(["matchmaker", "lobby"])))


def p_stream():
    return pick([
        "Para el stream de la final: en OBS → Ajustes → Emisión, poné el servidor `rtmp://a.rtmp.youtube.com/live2` y en clave `xxxx-xxxx-xxxx-xxxx-xxxx`. La clave real la pide producción, NO la peguéis aquí.",
        "스트림 키는 `live_XXXXXXXXX_XXXXXXXXXXXXXXXXXXXXXXXXXXXXX` 형식이고 실제 값은 1Password `Esports/Twitch 메인채널` 항목에 있습니다.",
        "stream key goes in `stream_key = \"<TWITCH_STREAM_KEY>\"` in obs-profile.ini, do NOT commit the real one",
        "RTMP: `rtmps://live-api-s.facebook.com:443/rtmp/` + clave `FB-XXXXXXXXXXXXXXX-0-XXXXXXXXXXXXXXXXXX` (placeholder del template de producción)",
    ]) + pick(["", " 🙏", " gracias", " (ver runbook stream-day §3)"])


def p_aws():
    return "ejemplo de la doc, no es nuestro:\n" + fence("ini", "[%s]\naws_access_key_id = AKIAIOSFODNN7EXAMPLE\naws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY\nregion = %s" % (pick(["build-uploader", "replays", "default", "crash-dumps"]), pick(REGIONS)))


def p_prefixes():
    items = ["`sk-...`", "`sk-proj-…`", "`sk-ant-api03-...`", "`xoxb-...`", "`xoxp-…`", "`ghp_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx`",
             "`github_pat_...`", "`AKIA...`", "`AIza****…`", "`glpat-xxxx…`", "`sk_live_xxx`", "`whsec_...`", "`eyJhbGciOi...`"]
    s = R.sample(items, R.randint(3, 7))
    return pick(["El scanner del pre-commit tiene que frenar cualquier cosa que empiece por ", "pre-commit 훅에서 막아야 하는 접두사: ",
                 "secret-scan rule should catch anything starting with "]) + ", ".join(s)


def p_webhook():
    return "template del webhook de alertas (el real está en Vault):\n`https://hooks.slack.com/services/T00000000/B00000000/XXXXXXXXXXXXXXXXXXXXXXXX`"


def p_pem():
    t = pick(["RSA PRIVATE KEY", "PRIVATE KEY", "EC PRIVATE KEY", "OPENSSH PRIVATE KEY"])
    return "el formato del cert de firma del anti-cheat es éste (cuerpo recortado):\n```\n-----BEGIN %s-----\n%s...\n...\n-----END %s-----\n```" % (t, rs(B64, R.randint(10, 30)), t)


def p_masks():
    rows = ["| tarjeta | •••• %04d |" % R.randint(0, 9999), "| IBAN | ES** **** **** **** **** %04d |" % R.randint(0, 9999),
            "| teléfono | +82 10-****-%04d |" % R.randint(0, 9999), "| teléfono | +34 6** *** *%02d |" % R.randint(0, 99),
            "| DNI | ****%03d* |" % R.randint(0, 999), "| SSN (W-9) | XXX-XX-XXXX |", "| correo | j***@***.com |",
            "| CUIT | 20-********-* |", "| 주민번호 | ******-******* |"]
    s = R.sample(rows, R.randint(3, 6))
    return "así se ve el formulario de cobro de premios en el backoffice (todo enmascarado):\n| campo | valor |\n|---|---|\n" + "\n".join(s)


def p_redacted():
    lines = []
    for _ in range(R.randint(2, 6)):
        lines.append('%s INFO %s req=%s %s' % (ts_iso(), pick(SERVICES), rs(HEX, 12), pick([
            "steam_ticket=[REDACTED]", "psn_auth_code=<redacted>", "Authorization: Bearer ***", "password=[FILTERED]",
            "iban=[MASKED]", "stream_key=(sensitive value)", "apple_receipt=<omitted %d bytes>" % R.randint(2000, 9000),
            "x-api-key=****"])))
    return fence("", "\n".join(lines))


def p_compose():
    return fence("yaml", "services:\n  postgres:\n    image: postgres:16\n    environment:\n      POSTGRES_PASSWORD: changeme\n  rabbit:\n    image: rabbitmq:3-management\n  %s:\n    build: ./%s\n    environment:\n      AMQP_URL: amqp://guest:guest@rabbit:5672/\n      DB_URL: postgres://postgres:postgres@postgres:5432/%s" % (pick(SERVICES), pick(SERVICES), pick(["brackets", "payouts", "matches"])))


def p_vault():
    return pick(["las claves se resuelven así, nunca en texto plano:\n", "시크릿 참조 방식 정리:\n", "refs only:\n"]) + fence("yaml", "steam_api_key: vault:secret/data/%s/steam#api_key\npsn_client_secret: op://GameOps/PSN Partner/credential\napple_shared_secret: '{{resolve:secretsmanager:prod/iap/apple:SecretString:shared_secret}}'\nstream_key: ref+awsssm://esports/%s/stream_key" % (pick(CODENAMES), pick(["final", "qualifier", "showmatch"])))


def p_empty():
    return fence("toml", "[payouts]\nprovider = \"%s\"\napi_key = \"\"\nwebhook_secret = \"\"\n# completar en el host, nunca en el repo\n\n[anticheat]\nlicense = \"REPLACE_ME\"" % pick(["wise", "payoneer", "stripe"]))


def p_tf():
    return fence("hcl", "variable \"%s\" {\n  type      = string\n  sensitive = true\n  default   = \"REPLACE_ME\"\n}" % pick(["steam_api_key", "psn_client_secret", "stream_key_final", "payout_provider_token"]))


def p_code_env():
    return pick([
        fence("kotlin", "val eosSecret = System.getenv(\"EOS_CLIENT_SECRET\") ?: error(\"EOS_CLIENT_SECRET no definido\")"),
        fence("python", "STEAM_KEY = os.environ[\"STEAM_WEB_API_KEY\"]  # nunca hardcodear"),
        fence("go", "apiKey := os.Getenv(\"ANTICHEAT_API_KEY\")\nif apiKey == \"\" {\n\tlog.Fatal(\"ANTICHEAT_API_KEY is empty\")\n}"),
        fence("csharp", "var secret = Environment.GetEnvironmentVariable(\"APPLE_IAP_SHARED_SECRET\")\n    ?? throw new InvalidOperationException(\"APPLE_IAP_SHARED_SECRET\");"),
        fence("rust", "let token = std::env::var(\"SLACK_BOT_TOKEN\").expect(\"SLACK_BOT_TOKEN\");"),
    ])


def p_jenkins():
    return fence("groovy", "withCredentials([usernamePassword(credentialsId: 'steam-build-%s', usernameVariable: 'STEAM_USER', passwordVariable: 'STEAM_PASS')]) {\n  sh 'steamcmd +login $STEAM_USER $STEAM_PASS +run_app_build ../scripts/app_build_%d.vdf +quit'\n}" % (pick(CODENAMES), R.randint(1000000, 2999999)))


def p_apple():
    return "validación de recibos de la App Store (sandbox):\n" + fence("bash", "curl -s https://sandbox.itunes.apple.com/verifyReceipt \\\n  -d '{\"receipt-data\": \"<BASE64_RECEIPT>\", \"password\": \"<APP_SPECIFIC_SHARED_SECRET>\", \"exclude-old-transactions\": true}'")


def p_ko():
    return pick(["API 키는 `<여기에_API_키>` 자리에 넣으시면 됩니다. 절대 채널에 붙여넣지 마세요.",
                 "`.env`에 `PSN_CLIENT_SECRET=` 비워두고 배포하면 서버가 기동 안 합니다. 로컬에서는 `dev` 값 쓰세요.",
                 "비밀번호 칸은 `********` 로 마스킹되어 나오는 게 정상이에요.",
                 "템플릿 예시: `mysql://root:<비밀번호>@127.0.0.1:3306/ranking`"])


def p_es():
    return pick(["El token va en `Authorization: Bearer <token>`; si ves `Bearer undefined` en los logs es que no se cargó la variable.",
                 "En el README dejad `SLACK_BOT_TOKEN=xoxb-your-bot-token` tal cual, que si no el linter se queja.",
                 "che, el `config.sample.ini` tiene `password = tu_password` a propósito, no lo cambies",
                 "Contraseña por defecto del panel de torneo en local: `admin` / `admin` (solo docker-compose)."])


def p_jwtph():
    return "header de ejemplo para la API de brackets: `Authorization: Bearer eyJhbGciOiJSUzI1NiIs...<snip>`"


def p_k8s():
    return fence("yaml", "apiVersion: external-secrets.io/v1beta1\nkind: ExternalSecret\nmetadata:\n  name: %s-secrets\nspec:\n  secretStoreRef:\n    name: vault-backend\n    kind: ClusterSecretStore\n  data:\n    - secretKey: STEAM_WEB_API_KEY\n      remoteRef:\n        key: games/%s/steam\n        property: api_key" % (pick(SERVICES), pick(CODENAMES)))


NEG_PLACE = [p_env, p_gha, p_helm, p_stream, p_aws, p_prefixes, p_webhook, p_pem, p_masks, p_redacted, p_compose, p_vault,
             p_empty, p_tf, p_code_env, p_jenkins, p_apple, p_ko, p_es, p_jwtph, p_k8s]


# ---- code_identifier
WORDS = ["Secret", "Token", "Password", "Iban", "Ssn", "Email", "Phone", "Receipt", "Ticket", "Session", "Payout", "Stream",
         "Key", "Credential", "Signing", "Refresh", "Access", "Steam", "Psn", "Apple", "Anticheat", "Cipher", "Vault", "Hash"]
VERBS = ["get", "refresh", "validate", "rotate", "mask", "decrypt", "fetch", "verify", "store", "revoke", "encode", "load"]


def camel(n):
    return pick(VERBS) + "".join(pick(WORDS) for _ in range(n))


def pascal(n):
    return "".join(pick(WORDS) for _ in range(n))


def snake(n):
    return "_".join(w.lower() for w in [pick(VERBS)] + [pick(WORDS) for _ in range(n)])


def c_java():
    pkg = "com.%s.%s" % (pick(["hanbitgames", "tangostudio", "mategg"]), pick(["matchmaking", "receipts", "payouts", "anticheat"]))
    lines = ["%s ERROR [%s-%d] %s.%s - %s" % (ts_iso(), pick(["grpc-default-executor", "kafka-listener", "scheduler"]), R.randint(0, 9), pkg, pascal(2), pick(["token refresh failed", "no se pudo validar el recibo", "영수증 검증 실패"]))]
    lines.append("%s.%sException: %s" % (pkg, pascal(2), pick(["signature mismatch", "expired session ticket", "vault lease expired"])))
    for _ in range(R.randint(4, 18)):
        lines.append("\tat %s.%s.%s.%s(%s.java:%d)" % (pkg, pick(["service", "client", "crypto", "web"]), pascal(3), camel(2), pascal(2), R.randint(20, 900)))
    lines.append("\tat java.base/java.lang.Thread.run(Thread.java:1583)")
    return fence("", "\n".join(lines))


def c_cpp():
    fr = []
    syms = ["_ZN10Matchmaker14ValidateTicketERK13SessionTicket", "_ZN9AntiCheat13VerifyHeartbeatEPKhm",
            "_ZN7Receipt15VerifySignatureERKNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEE",
            "_ZN12StreamKeyMgr17GetCachedOAuthTokenEv", "_ZN6Lobby13RefreshTokensEi", "_ZNK11PayoutLedger10MaskedIbanEv",
            "_ZN4Game7Session18DecryptPasswordBlobERKSt6vectorIhSaIhEE", "_ZN8Steamworks16GetAuthTicketForWebApiEPKc"]
    for i in range(R.randint(3, 9)):
        fr.append("#%d  0x%012x in %s () from /opt/%s/bin/%s-server" % (i, R.getrandbits(44), pick(syms), pick(CODENAMES), pick(CODENAMES)))
    return "core del dedicated server de anoche:\n" + fence("", "Program terminated with signal SIGSEGV, Segmentation fault.\n" + "\n".join(fr))


def c_rust():
    lines = ["thread 'tokio-runtime-worker' panicked at src/%s.rs:%d:%d:" % (pick(["token", "heartbeat", "signature", "receipt"]), R.randint(10, 400), R.randint(5, 40)),
             "called `Result::unwrap()` on an `Err` value: %s" % pick(["InvalidSignature", "TokenExpired", "Decode(InvalidPadding)"]), "stack backtrace:"]
    for i in range(R.randint(3, 10)):
        lines.append("  %2d: anticheat_gw::%s::%s::h%s" % (i, snake(1), snake(2), rs(HEX, 16)))
    return fence("", "\n".join(lines))


def c_unity():
    return fence("csharp", "public class %sService : MonoBehaviour\n{\n    [SerializeField] private string _%sRef;\n    private byte[] _%sBuffer;\n\n    public async Task<bool> %s(string %s)\n    {\n        return await _client.%sAsync(%s);\n    }\n}" % (pascal(2), camel(1), camel(1), pascal(3), camel(1), pascal(2), camel(1)))


def c_go():
    return fence("", "panic: runtime error: invalid memory address or nil pointer dereference\n\ngoroutine %d [running]:\ngithub.com/%s/%s/internal/%s.(*%s).%s(0xc000%s, {0x%s, 0x%x})\n\t/src/internal/%s/%s.go:%d +0x%x\ngithub.com/%s/%s/internal/server.(*Handler).%s(...)\n\t/src/internal/server/handler.go:%d" % (
        R.randint(10, 900), pick(["hanbitgames", "tango-studio"]), pick(SERVICES), pick(["steam", "psn", "iap", "vault"]), pascal(2), pascal(2), rs(HEX, 6), rs(HEX, 6), R.randint(16, 64),
        pick(["steam", "psn", "iap"]), snake(1), R.randint(20, 300), R.randint(16, 999), pick(["hanbitgames", "tango-studio"]), pick(SERVICES), pascal(2), R.randint(20, 300)))


def c_sql():
    cols = ["player_id uuid not null", "password_hash text not null", "password_salt bytea", "payout_iban_ciphertext bytea",
            "payout_iban_last4 char(4)", "phone_e164_hash char(64)", "email_normalized_hash char(64)", "steam_id64 bigint",
            "psn_account_id text", "stream_key_kms_ref text", "api_key_prefix varchar(8)", "totp_secret_enc bytea", "ssn_last4 char(4)"]
    s = R.sample(cols, R.randint(4, 8))
    return fence("sql", "CREATE TABLE %s (\n  %s\n);" % (pick(["payout_accounts", "player_credentials", "tournament_players"]), ",\n  ".join(s)))


def c_pods():
    lines = ["NAME                                   READY   STATUS    RESTARTS   AGE"]
    for _ in range(R.randint(3, 10)):
        lines.append("%-38s 1/1     Running   %d          %dd" % ("%s-%s-%s" % (pick(SERVICES), rs(HEX[:10] + "bcdfghjklmnpqrstvwxz", 10)[:pick([9, 10])], rs("bcdfghjklmnpqrstvwxz2456789", 5)), R.randint(0, 4), R.randint(1, 40)))
    return "```\n$ kubectl -n %s get pods\n%s\n```" % (pick(["mm-prod", "esports", "store"]), "\n".join(lines))


def c_tf():
    rs_ = ["aws_secretsmanager_secret.steam_api_key", "aws_secretsmanager_secret_version.psn_client_secret",
           "module.payouts.aws_kms_key.iban_encryption", "aws_iam_access_key.build_uploader", "vault_generic_secret.stream_keys[\"final\"]",
           "google_secret_manager_secret.play_service_account", "aws_ssm_parameter.anticheat_license"]
    return "```\n$ terraform plan\n" + "\n".join("  # %s will be %s" % (r, pick(["updated in-place", "created", "replaced"])) for r in R.sample(rs_, R.randint(2, 5))) + "\n```"


def c_flags():
    fl = ["anticheat.kernel_driver.enforce_token_binding", "store.receipts.apple.use_app_store_server_api", "payouts.iban.require_second_approval",
          "mm.tickets.rotate_session_secret_on_reconnect", "stream.overlay.hide_player_phone_field", "auth.password.min_length_v2",
          "lobby.invite_token.ttl_v3", "psn.refresh_token.proactive_refresh"]
    return "flags que cambian en el hotfix %s:\n" % semver() + "\n".join("• `%s` → %s" % (f, pick(["true", "false", "50%", "kr-only", "es+ar"])) for f in R.sample(fl, R.randint(2, 5)))


def c_proto():
    return fence("proto", "service %sService {\n  rpc %s(%sRequest) returns (%sResponse);\n}\n\nmessage %sRequest {\n  string player_id = 1;\n  bytes %s = 2;\n  string %s = 3;\n}" % (pascal(1), pascal(3), pascal(2), pascal(2), pascal(2), snake(1), snake(2)))


def c_graphql():
    return fence("graphql", "mutation %s($channelId: ID!, $%s: Boolean) {\n  %s(channelId: $channelId) {\n    %s\n    %s\n  }\n}" % (pascal(3), camel(1), camel(2), camel(1), camel(1)))


def c_chunks():
    return "\n".join("%s.%s.chunk.js  %d kB" % (pick(["bracket-viewer", "payout-form", "receipt-history", "match-lobby", "stream-key-settings", "password-reset"]), rs(HEX, 8), R.randint(3, 400)) for _ in range(R.randint(3, 8)))


def c_unreal():
    return "en el log del cliente:\n" + fence("", "\n".join("[%s][%3d]Log%s: %s: U%sSubsystem::%s %s" % (ts_iso()[:19].replace("T", "-"), R.randint(0, 999), pick(["Online", "Net", "EOS", "AntiCheat"]), pick(["Warning", "Error", "Display"]), pascal(2), pascal(3), pick(["returned null", "timed out", "cache miss"])) for _ in range(R.randint(2, 8))))


def c_swift():
    return "crash de iOS en la tienda:\n" + fence("", "\n".join("%d  HanbitArena  0x%016x $s11HanbitArena%d%sC%d%syyF + %d" % (i, R.getrandbits(40) | 0x100000000, R.randint(10, 19), pascal(2), R.randint(10, 29), camel(2), R.randint(20, 600)) for i in range(R.randint(3, 8))))


def c_python():
    return fence("python", "def %s(%s: str, %s: bytes | None = None) -> bool:\n    \"\"\"%s\"\"\"\n    %s = _%s(%s)\n    return hmac.compare_digest(%s, %s)" % (
        snake(3), snake(1), snake(1), pick(["Valida el recibo de Apple/Google.", "영수증 서명 검증", "Checks the anti-cheat heartbeat."]),
        snake(1), snake(2), snake(1), snake(1), snake(1)))


def c_css():
    return "\n".join(".%s_%s__%s" % (pick(["BracketCard", "PayoutForm", "StreamKeyField", "PasswordInput", "PhoneInput"]), camel(1), rs(B62, 5)) for _ in range(R.randint(2, 6)))


def c_describe():
    keys = ["STEAM_WEB_API_KEY", "PSN_CLIENT_SECRET", "APPLE_IAP_SHARED_SECRET", "SLACK_BOT_TOKEN", "ANTICHEAT_LICENSE",
            "PAYOUT_PROVIDER_TOKEN", "DB_PASSWORD", "TWITCH_STREAM_KEY", "JWT_SIGNING_KEY"]
    return "```\n$ kubectl describe secret %s-env\nType:  Opaque\n\nData\n====\n%s\n```" % (pick(SERVICES), "\n".join("%s:  %d bytes" % (k, R.randint(16, 120)) for k in R.sample(keys, R.randint(3, 7))))


def c_objc():
    return "el SDK de Game Center pide esto para validar identidad en el server:\n`-[GKLocalPlayer fetchItemsForIdentityVerificationSignature:]` → publicKeyURL, signature, salt, timestamp. Lo verificamos en `%s`." % pick(["receipt-validator", "auth-svc"])


def c_elixir():
    return fence("", "** (FunctionClauseError) no function clause matching in Esports.%s.%s/2\n    (esports %s) lib/esports/%s.ex:%d: Esports.%s.%s/2" % (pascal(2), snake(2), semver(), snake(1), R.randint(10, 200), pascal(2), snake(2)))


def c_r8():
    return fence("", "\n".join("com.hanbitgames.store.%s -> %s:\n    java.lang.String %s -> %s" % (pascal(2), rs(LO, 2), camel(2), rs(LO, 1)) for _ in range(R.randint(2, 6))))


NEG_CODE = [c_java, c_cpp, c_rust, c_unity, c_go, c_sql, c_pods, c_tf, c_flags, c_proto, c_graphql, c_chunks, c_unreal,
            c_swift, c_python, c_css, c_describe, c_objc, c_elixir, c_r8]


# ---- non_credential_blob
def b_gitlog():
    msgs = ["fix(mm): backoff en reconexión", "feat(bracket): swiss rounds", "chore: bump steamworks sdk", "매치메이킹 MMR 보정",
            "fix(anticheat): heartbeat jitter", "refactor(payouts): separar ledger", "ci: cache de DDC en el agente", "perf(replay): zstd level 9"]
    return "```\n$ git log --oneline -n %d\n%s\n```" % (R.randint(3, 8), "\n".join("%s %s" % (sha(pick([7, 9, 12])), pick(msgs)) for _ in range(R.randint(3, 8))))


def b_docker():
    return "imágenes desplegadas en %s:\n" % pick(REGIONS) + "\n".join("• `registry.%s.internal/%s@sha256:%s`" % (pick(CODENAMES), pick(SERVICES), sha(64)) for _ in range(R.randint(1, 5)))


def b_matchids():
    lines = ["match_id,lobby_id,region,started_at"]
    for _ in range(R.randint(3, 14)):
        lines.append("%s,%s,%s,%s" % (uuid7(), ulid(), pick(RCODE), ts_iso()))
    return fence("csv", "\n".join(lines))


def b_sha256sum():
    return "```\n$ cat SHA256SUMS\n" + "\n".join("%s  %s" % (sha(64), pick(["HanbitArena_%s_win64.zip", "Server_%s_linux.tar.zst", "symbols_%s.7z", "patch_%s.pak"]) % semver()) for _ in range(R.randint(2, 6))) + "\n```"


def b_steampipe():
    return fence("", "Successfully finished AppID %d build (BuildID %d).\nDepot %d: manifest %s, %d chunks, %s\nDepot %d: manifest %s" % (
        R.randint(1000000, 2999999), R.randint(10000000, 19999999), R.randint(1000000, 2999999), safe_id(19), R.randint(100, 9000),
        sha(40), R.randint(1000000, 2999999), safe_id(19)))


def b_integrity():
    return fence("json", json.dumps({"node_modules/%s" % pick(["@pixi/core", "socket.io-client", "zustand", "protobufjs"]): {"version": semver(), "resolved": "https://registry.npmjs.org/x/-/x-%s.tgz" % semver(), "integrity": "sha512-" + b64(rbytes(64))}}, indent=2))


def b_gosum():
    return fence("", "\n".join("%s %s h1:%s" % (pick(["github.com/redis/go-redis/v9", "google.golang.org/grpc", "github.com/nats-io/nats.go", "golang.org/x/crypto"]), "v" + semver(), b64(rbytes(32))) for _ in range(R.randint(2, 6))))


def b_trace():
    lines = []
    for _ in range(R.randint(1, 6)):
        lines.append(json.dumps({"ts": ts_iso(), "svc": pick(SERVICES), "trace_id": sha(32), "span_id": sha(16), "match_id": uuid4(), "msg": pick(["ticket queued", "lobby sealed", "receipt verified", "heartbeat ok"])}))
    return fence("", "\n".join(lines))


def b_traceparent():
    return "`traceparent: 00-%s-%s-01`  ← el que hay que buscar en Tempo para el timeout del %s" % (sha(32), sha(16), pick(SERVICES))


def b_etag():
    return "```\n$ curl -sI https://cdn.%s.example/patches/%s/manifest.json\nHTTP/2 200\netag: \"%s%s\"\nx-amz-version-id: %s\ncontent-md5: %s\n```" % (
        pick(CODENAMES), semver(), sha(32), pick(["", "-%d" % R.randint(2, 40)]), rs(B62 + "._", 32), b64(rbytes(16)))


def b_s3ls():
    return "```\n$ aws s3 ls s3://%s-replays/%s/\n%s\n```" % (pick(CODENAMES), pick(RCODE), "\n".join("2026-%02d-%02d %02d:%02d:%02d %9d %s.replay" % (R.randint(1, 12), R.randint(1, 28), R.randint(0, 23), R.randint(0, 59), R.randint(0, 59), R.randint(100000, 90000000), uuid4()) for _ in range(R.randint(2, 8))))


def b_ssh():
    return "fingerprint del bastion nuevo (verificadlo antes de aceptar):\n`%d SHA256:%s %s (ED25519)`" % (256, b64(rbytes(32)).rstrip("="), pick(["bastion-kr", "bastion-mad", "bastion-bue"]))


def b_cursor():
    c = b64(json.dumps({"after": uuid7(), "season": R.randint(1, 12), "region": pick(RCODE)}).encode())
    return "la paginación del leaderboard devuelve `next_cursor`: `%s` — es base64 de JSON, no hay nada sensible" % c


def b_sops():
    return fence("yaml", "payouts:\n    provider_token: ENC[AES256_GCM,data:%s,iv:%s,tag:%s,type:str]\nsops:\n    kms:\n        - arn: arn:aws:kms:%s:123456789012:key/%s" % (b64(rbytes(R.randint(20, 48))), b64(rbytes(32)), b64(rbytes(16)), pick(REGIONS), uuid4()))


def b_vaultct():
    return "transit devuelve `vault:v1:%s` — eso es ciphertext, se puede loguear" % b64(rbytes(R.randint(28, 60)))


def b_sentry():
    return pick(["Sentry", "Backtrace", "Crashpad"]) + " · %s · event `%s` · release `%s@%s+%s`" % (pick(["EXCEPTION_ACCESS_VIOLATION_READ", "SIGABRT", "NullReferenceException"]), sha(32), pick(CODENAMES), semver(), sha(7))


def b_anticheat():
    lines = ["module,sha256,signer_thumbprint,verdict"]
    for _ in range(R.randint(3, 12)):
        lines.append("%s,%s,%s,%s" % (pick(["d3d11.dll", "xinput1_3.dll", "overlay64.dll", "unknown_inject.dll", "discord_hook64.dll"]), sha(64), sha(40).upper(), pick(["allow", "allow", "flag", "block"])))
    return "whitelist de módulos que carga el cliente (export del anti-cheat):\n" + fence("csv", "\n".join(lines))


def b_colors():
    return "paleta de equipos para el overlay: " + ", ".join("`#%s`" % rs(HEX, 6) for _ in range(R.randint(4, 10)))


def b_ci():
    return "%s #%d · job `%s` · artifact `%s` · runner `%s`" % (pick(["Build", "빌드", "Pipeline"]), R.randint(1000, 99999), uuid4(), sha(24), "%s-%s" % (pick(["win-ddc", "linux-srv", "mac-sign"]), rs(HEX, 8)))


def b_cids():
    return "replays archivados en IPFS:\n" + "\n".join("- `bafybei%s`" % rs("abcdefghijklmnopqrstuvwxyz234567", 52) for _ in range(R.randint(1, 4)))


def b_ko():
    return "패치 %s 해시 공유합니다\n클라이언트: `%s`\n서버: `%s`\n심볼: `%s`" % (semver(), sha(64), sha(64), sha(40))


def b_b64text():
    t = pick(["partida cancelada por desconexión", "매치 취소됨", "bracket locked for round 3", "payout batch queued"])
    return "el campo `reason` viene en base64, decodificado es texto normal: `%s`" % b64(t.encode())


NEG_BLOB = [b_gitlog, b_docker, b_matchids, b_sha256sum, b_steampipe, b_integrity, b_gosum, b_trace, b_traceparent, b_etag,
            b_s3ls, b_ssh, b_cursor, b_sops, b_vaultct, b_sentry, b_anticheat, b_colors, b_ci, b_cids, b_ko, b_b64text]


# ---- pii_lookalike_number
def n_orders():
    st = pick(STORES)
    rows = ["| tienda | pedido | importe | fecha |", "|---|---|---|---|"]
    for _ in range(R.randint(2, 10)):
        if st == "App Store":
            oid = rs("ABCDEFGHJKLMNPQRSTUVWXYZ0123456789", 10)
        elif st == "PlayStation Store":
            oid = "%s-%s" % (rs(DI, 4), rs(DI, 8))
        else:
            oid = safe_id(pick([8, 12, 13, 16]))
        rows.append("| %s | %s | %s | %02d/%02d/2026 |" % (st, oid, pick(["19,99 €", "₩16,500", "$ 12.499,00 ARS", "4,99 €", "₩55,000"]), R.randint(1, 28), R.randint(1, 12)))
    return "reembolsos pendientes:\n" + "\n".join(rows)


def n_bracket():
    rows = ["| match | ronda | equipo A | equipo B | hora (KST) | hora (CET) | hora (ART) |", "|---|---|---|---|---|---|---|"]
    for i in range(R.randint(2, 10)):
        h = R.randint(0, 23)
        rows.append("| M%03d | %s | %s | %s | %02d:00 | %02d:00 | %02d:00 |" % (R.randint(1, 255), pick(["R1", "R2", "QF", "SF", "UB-F", "LB-R3"]), pick(TEAMS), pick(TEAMS), h, (h - 8) % 24, (h - 12) % 24))
    return "\n".join(rows)


def n_prizes():
    rows = []
    for place in range(1, R.randint(4, 9)):
        rows.append("%d.º puesto — %s / %s / %s" % (place, "₩{:,}".format(R.randint(1, 60) * 500000), "{:,.2f} €".format(R.randint(2, 300) * 250).replace(",", "X").replace(".", ",").replace("X", "."), "$ {:,} ARS".format(R.randint(1, 90) * 250000).replace(",", ".")))
    return "reparto de premios de la %s (bruto, antes de retenciones):\n" % pick(["Copa " + pick(CITIES), "Liga de Verano", "Invitational"]) + "\n".join(rows)


def n_versions():
    return "build %s (CL %d) · server %s · steam buildid %d · UE %s-%d+++UE5+Release-5.%d" % (build_ver(), R.randint(30000000, 49999999), semver(), R.randint(10000000, 19999999), "5.%d.%d" % (R.randint(3, 5), R.randint(0, 4)), R.randint(30000000, 49999999), R.randint(3, 5))


def n_epoch():
    e = epoch()
    return "slack ts `%d.%06d`, el evento del server tiene `started_at=%d` y `ended_at_ms=%d%03d`" % (e, R.randint(0, 999999), e - R.randint(100, 5000), e, R.randint(0, 999))


def n_ips():
    lines = []
    for _ in range(R.randint(2, 8)):
        lines.append("%-18s %s:%d/udp  %s" % ("gs-%s-%02d" % (pick(RCODE), R.randint(1, 40)), priv_ip(), R.randint(7777, 7999), pick(["ready", "allocated", "draining"])))
    return "fleet de servidores dedicados:\n```\n" + "\n".join(lines) + "\n```"


def n_jira():
    return "tickets relacionados: %s" % ", ".join("%s-%d" % (pick(["AC", "MM", "STORE", "ESP", "PAY", "BUILD"]), R.randint(100, 9999)) for _ in range(R.randint(2, 6)))


def n_invoice():
    return pick([
        "Factura FAC-2026-%06d del venue de %s, PO %s, vencimiento 30 días." % (R.randint(1, 999999), pick(CITIES), "PO-%d-%04d" % (2026, R.randint(1, 9999))),
        "세금계산서 승인번호 2026%04d-%s-%s 확인했습니다" % (R.randint(101, 1231), rs(DI, 8), rs(DI, 8)),
        "Factura tipo A Nº %04d-%08d del estudio de streaming, CAE %s" % (R.randint(1, 20), R.randint(1, 99999999), safe_id(14)),
    ])


def n_kdates():
    return "%d년 %d월 %d일 %d시 오픈 → 서버 점검 %d:%02d~%d:%02d (KST), 패치 %s" % (2026, R.randint(1, 12), R.randint(1, 28), R.randint(9, 20), R.randint(0, 6), R.choice([0, 30]), R.randint(7, 10), R.choice([0, 30]), semver())


def n_latency():
    rows = ["| región | p50 | p95 | p99 | jugadores |", "|---|---:|---:|---:|---:|"]
    for r in R.sample(REGIONS, R.randint(3, 6)):
        rows.append("| %s | %d ms | %d ms | %d ms | %s |" % (r, R.randint(8, 40), R.randint(40, 120), R.randint(120, 300), "{:,}".format(R.randint(1000, 400000))))
    return "\n".join(rows)


def n_csv():
    lines = ["match_id,season,queue,duration_s,mmr_delta,ended_at"]
    for _ in range(R.randint(5, 25)):
        lines.append("%s,%d,%s,%d,%+d,%s" % (safe_id(12), R.randint(1, 9), pick(["ranked", "casual", "scrim"]), R.randint(600, 2700), R.randint(-30, 30), ts_iso()))
    return fence("csv", "\n".join(lines))


def n_ratelimit():
    return "```\nHTTP/1.1 429 Too Many Requests\nx-ratelimit-limit: %d\nx-ratelimit-remaining: 0\nx-ratelimit-reset: %d\nretry-after: %d\n```" % (R.randint(100, 10000), epoch(), R.randint(1, 120))


def n_psn():
    return "product ids: `%s%04d-%s%05d_00-%s0000000000` y Steam app %d / package %d" % (pick(["EP", "UP", "HP"]), R.randint(1000, 9999), pick(["CUSA", "PPSA"]), R.randint(10000, 99999), pick(CODENAMES).upper()[:6].ljust(6, "X"), R.randint(1000000, 2999999), R.randint(100000, 999999))


def n_company():
    return pick([
        "Datos fiscales del organizador para el contrato del venue: CIF B%08d (sociedad, no persona), domicilio social en %s." % (R.randint(10000000, 99999999), pick(CITIES)),
        "사업자등록번호 %03d-%02d-%05d, 통신판매업 신고번호 제2026-서울강남-%05d호 (회사 정보라 공개돼도 됩니다)" % (R.randint(100, 899), R.randint(10, 99), R.randint(10000, 99999), R.randint(1, 99999)),
        "CUIT de la SRL (30-%08d-%d) para la factura del estadio" % (R.randint(50000000, 79999999), R.randint(0, 9)),
    ])


def n_cve():
    return "el driver del anti-cheat no está afectado por CVE-2026-%d ni GHSA-%s-%s-%s (revisado %s)" % (R.randint(1000, 49999), rs("23456789cfghjmpqrvwx", 4), rs("23456789cfghjmpqrvwx", 4), rs("23456789cfghjmpqrvwx", 4), "%02d/%02d/2026" % (R.randint(1, 28), R.randint(1, 12)))


def n_crash():
    return "EXCEPTION_ACCESS_VIOLATION reading 0x%016x at HanbitArena-Win64-Shipping.exe+0x%x, ExceptionCode 0x%08X" % (R.getrandbits(48), R.getrandbits(24), pick([0xC0000005, 0xC0000409, 0xE06D7363]))


def n_ccu():
    return "pico de concurrentes: %s (Steam) + %s (PS5), viewers máx. %s en Twitch / %s en CHZZK" % ("{:,}".format(R.randint(10000, 900000)), "{:,}".format(R.randint(1000, 200000)), "{:,}".format(R.randint(1000, 400000)).replace(",", "."), "{:,}".format(R.randint(1000, 300000)))


def n_seeds():
    return "seeding final (ELO): " + "; ".join("%d) %s %d" % (i + 1, t, R.randint(1400, 2600)) for i, t in enumerate(R.sample(TEAMS, R.randint(4, 8))))


def n_ports():
    return "puertos abiertos en el SG de los game servers: %s udp, %d tcp (QoS), %d-%d (beacons) — CIDR %s/%d" % (", ".join(str(R.randint(7000, 7999)) for _ in range(R.randint(2, 5))), pick([443, 8443, 9000]), R.randint(27000, 27015), R.randint(27016, 27050), priv_ip().rsplit(".", 1)[0] + ".0", pick([16, 20, 24]))


def n_apple_tx():
    return "Apple transaction `%s`, original `%s`, storefront %s, price %d (milliunits)" % (safe_id(15), safe_id(15), pick(["KOR", "ESP", "ARG"]), R.randint(990, 99990))


NEG_NUM = [n_orders, n_bracket, n_prizes, n_versions, n_epoch, n_ips, n_jira, n_invoice, n_kdates, n_latency, n_csv,
           n_ratelimit, n_psn, n_company, n_cve, n_crash, n_ccu, n_seeds, n_ports, n_apple_tx]


# ---- talk_about_secrets
TALK = [
    "Rotamos la Steam Web API key del publisher después del incidente; la vieja ya devuelve 403.",
    "La stream key de la final se filtró en un clip de 3 segundos, producción ya la regeneró en Twitch.",
    "No peguéis contraseñas en este canal, usad el vault compartido de 1Password.",
    "che, la clave del panel de payouts no me la pases por acá, mandámela por el gestor",
    "vos tenés acceso al token del bot de Slack? porque el mío quedó revocado",
    "스트림 키 노출돼서 방금 재발급했습니다. OBS 프로필 다시 받아주세요.",
    "비밀번호는 DM으로도 보내지 말고 볼트에 넣어주세요.",
    "The anti-cheat signing cert expires next month; renewal ticket is in the security board.",
    "El scanner de secretos marcó un falso positivo en el CSV de brackets: eran ids de partida, no tarjetas.",
    "Apple shared secret rotated, receipt-validator picked it up after the rollout.",
    "Si un jugador pone su IBAN en el ticket de soporte, hay que borrarlo del ticket y pedirle que lo cargue en el formulario.",
    "선수 계좌번호는 정산 폼으로만 받습니다. 슬랙에 올리지 마세요.",
    "Para los ganadores de EE. UU. pedimos el W-9, pero el número de seguro social nunca pasa por Slack.",
    "Los teléfonos de los jugadores están en el CRM; acá solo usamos el handle de Discord.",
    "the PSN client secret lives in Secrets Manager, the pod reads it at startup — nobody needs a copy",
    "La PAT de GitHub del agente de build caducó y por eso falló la pipeline de anoche; ya hay una nueva en el vault.",
    "Reminder: private keys for code signing stay on the HSM, no exports.",
    "토큰 만료돼서 빌드 에이전트가 스팀에 업로드를 못 했어요. 새 토큰은 볼트에 있습니다.",
    "¿Alguien sabe si el token de la API de torneos es por organizador o global?",
    "Che, el webhook de Slack lo regeneramos porque estaba en un repo público, tranqui que ya no sirve.",
    "We scrub emails and phone numbers from the match chat logs before exporting them to the data lake.",
    "La contraseña del wifi del venue la tiene el jefe de producción, no la pongáis en el run of show.",
    "반부정행위 드라이버 서명 키 교체 일정은 다음 주 화요일입니다.",
    "El JWT de los jugadores dura 15 minutos, el refresh 30 días; no loguear ninguno de los dos.",
    "Pasá el número de tarjeta de la empresa por el canal de finanzas privado, no por este.",
    "Alguien commiteó un `.env` con la clave de la pasarela de pagos; ya está rotada y el commit purgado.",
    "the leaked key was only a test-mode key, but we rotated it anyway and added a pre-commit hook",
    "비밀번호 재설정 메일 템플릿에 토큰이 로그로 찍히는 버그 수정했습니다.",
    "Los premios se pagan a la cuenta que verifica KYC; si cambia el IBAN, segunda aprobación obligatoria.",
    "Dale, pedile a seguridad que revoque las credenciales del contratista que se fue ayer.",
    "AWS access keys for the replay bucket are now short-lived via IRSA, no more static keys.",
    "La API key de OpenAI del bot de moderación del chat se rota cada 90 días.",
    "The Anthropic key for the support-summary tool is in the shared vault, scoped to that project only.",
    "Sí, el certificado del servidor de torneos se renueva solo con cert-manager; la clave privada nunca sale del cluster.",
]
TALK_Q = [
    ("Q: ¿Dónde guardo la clave del stream?", "A: En el vault, entrada «Stream / Final». Nunca en el Slack ni en el run of show."),
    ("Q: 정산 계좌 변경은 어떻게 하나요?", "A: 선수 본인이 포털에서 변경하고, 재무팀 2인 승인 후 반영됩니다."),
    ("Q: can I share the Steam partner password with the contractor?", "A: no — request a separate partner account with scoped permissions."),
    ("P: ¿me pasás el token del bot?", "R: no, pedilo en #access-requests y te llega por el gestor."),
]


def t_single():
    return pick(TALK)


def t_multi():
    k = R.randint(2, 6)
    return "\n".join(R.sample(TALK, k))


def t_bullets():
    head = pick(["Resumen del incidente de ayer:", "보안 싱크 메모:", "Security sync notes:", "Runbook — fuga de credenciales:"])
    return head + "\n" + "\n".join("• " + s for s in R.sample(TALK, R.randint(2, 7)))


def t_faq():
    qs = R.sample(TALK_Q, R.randint(1, 4))
    return "\n".join("%s\n%s" % q for q in qs)


def t_thread():
    return "%s\n> %s\n%s" % (pick(TALK), pick(TALK), pick(["+1", "👍", "동의합니do", "de acuerdo", "dale", "ok, lo hago hoy"]).replace("do", "다"))


def t_regex():
    return pick([
        "El regex del scanner para tokens de Slack es demasiado laxo: matchea cualquier `xox` seguido de guion. Propongo exigir los tres bloques numéricos.",
        "스캐너가 16자리 숫자를 전부 카드번호로 잡아서 Luhn 체크를 추가했습니다.",
        "the IBAN detector now validates mod-97 before flagging, so bracket ids stop tripping it",
        "Para teléfonos argentinos hay que contemplar el 9 después del +54 y el 15 local; el detector viejo no lo hacía.",
    ])


def t_error():
    return pick([
        "ExternalSecret `%s-secrets` en estado SecretSyncedError: `could not get secret data from provider`. No es que falte el valor, es el rol de IAM." % pick(SERVICES),
        "Vault devuelve `permission denied` al leer `secret/data/%s/steam`: la policy del namespace nuevo no incluye ese path." % pick(CODENAMES),
        "sealed-secrets no puede descifrar porque el controller rotó su clave; hay que re-sellar con el cert nuevo.",
        "`Error: secret \"%s-env\" not found` — el chart se instaló antes que el secret." % pick(SERVICES),
    ])


NEG_TALK = [t_single, t_multi, t_bullets, t_faq, t_thread, t_regex, t_error]

NEG_CATS = [("data_uri_base64", NEG_DATA), ("placeholder_example", NEG_PLACE), ("code_identifier", NEG_CODE),
            ("non_credential_blob", NEG_BLOB), ("pii_lookalike_number", NEG_NUM), ("talk_about_secrets", NEG_TALK)]


# ================================================================ POSITIVE VALUES
def d4():
    return rs(DI, 4)


def phone_formats():
    """18 formats, one per phone secret."""
    def kr_mob():
        return pick(["10", "10", "10", "11"]), "%04d" % R.randint(2000, 9999), d4()
    F = []
    F.append(lambda: "010-%s-%s" % (d4(), d4()))
    F.append(lambda: "010 %s %s" % (d4(), d4()))
    F.append(lambda: "010%s%s" % (d4(), d4()))
    F.append(lambda: "+82 10-%s-%s" % (d4(), d4()))
    F.append(lambda: "+82-10-%s-%s" % (d4(), d4()))
    F.append(lambda: "02-%d-%s" % (R.randint(200, 999) * 10 + R.randint(0, 9), d4()))
    F.append(lambda: "(031) %d-%s" % (R.randint(200, 999), d4()))
    F.append(lambda: "".join(chr(0xFF10 + int(c)) if c.isdigit() else c for c in "010-%s-%s" % (d4(), d4())))
    F.append(lambda: "6%02d %02d %02d %02d" % (R.randint(0, 99), R.randint(0, 99), R.randint(0, 99), R.randint(0, 99)))
    F.append(lambda: "+34 6%02d %03d %03d" % (R.randint(0, 99), R.randint(0, 999), R.randint(0, 999)))
    F.append(lambda: "0034 7%02d%03d%03d" % (R.randint(0, 99), R.randint(0, 999), R.randint(0, 999)))
    F.append(lambda: "91 %03d %02d %02d" % (R.randint(200, 999), R.randint(0, 99), R.randint(0, 99)))
    F.append(lambda: "+34 93 %03d %02d %02d" % (R.randint(200, 999), R.randint(0, 99), R.randint(0, 99)))
    F.append(lambda: "+54 9 11 %d-%s" % (R.randint(2000, 6999), d4()))
    F.append(lambda: "(011) 15-%d-%s" % (R.randint(2000, 6999), d4()))
    F.append(lambda: "011 4%03d-%s" % (R.randint(0, 999), d4()))
    F.append(lambda: "+54 351 15 %03d-%s" % (R.randint(200, 999), d4()))
    F.append(lambda: "+1 (%d) %d-%s" % (pick([212, 310, 415, 646, 512, 206]), R.randint(200, 999), d4()))
    return F


PHONE_F = phone_formats()
R.shuffle(PHONE_F)


def phone():
    return PHONE_F.pop()()


CARD_F = [("4", 16, "plain"), ("4", 16, "space"), ("51", 16, "space"), ("55", 16, "dash"), ("2221", 16, "plain"),
          ("34", 15, "amex"), ("37", 15, "amex"), ("6011", 16, "space"), ("35", 16, "dash"), ("62", 16, "space"),
          ("36", 14, "plain"), ("4", 16, "dash")]
R.shuffle(CARD_F)


def card():
    pre, ln, fmt = CARD_F.pop()
    if pre == "35":
        pre = "35" + str(R.randint(28, 89))
    n = luhn_complete(pre, ln)
    assert luhn_ok(n)
    if fmt == "space":
        return " ".join(n[i:i + 4] for i in range(0, ln, 4))
    if fmt == "dash":
        return "-".join(n[i:i + 4] for i in range(0, ln, 4))
    if fmt == "amex":
        return "%s %s %s" % (n[:4], n[4:10], n[10:])
    return n


IBAN_F = [("ES", True), ("ES", False), ("ES", True), ("DE", True), ("DE", False), ("FR", True), ("FR", False), ("PT", True), ("PT", False)]
R.shuffle(IBAN_F)


def iban():
    cc, grouped = IBAN_F.pop()
    s = make_iban(cc, {"ES": es_bban, "DE": de_bban, "FR": fr_bban, "PT": pt_bban}[cc]())
    assert iban_ok(s)
    return group4(s) if grouped else s


def ssn():
    while True:
        a = R.randint(1, 899)
        if a == 666:
            continue
        s = "%03d-%02d-%04d" % (a, R.randint(1, 99), R.randint(1, 9999))
        if ssn_ok(s):
            return s


def ipv4():
    while True:
        s = "%d.%d.%d.%d" % (R.randint(1, 223), R.randint(0, 255), R.randint(0, 255), R.randint(1, 254))
        if ip_public(s):
            return s


FIRST = ["minji.park", "jiho.kim", "seoyeon.lee", "dkim", "hyunwoo.choi", "lucia.garcia", "jmartinez", "pablo.ruiz",
         "sofia.fernandez", "tomas.gimenez", "agus.romero", "caro.sosa", "mateo.lopez", "eunji.jung"]
DOMAINS = ["naver.com", "daum.net", "gmail.com", "hotmail.es", "outlook.com.ar", "yahoo.com.ar", "hanbitgames.kr", "tangostudio.es", "mate.gg"]


def email():
    return "%s%s@%s" % (pick(FIRST), pick(["", "", str(R.randint(1, 99))]), pick(DOMAINS))


def password():
    k = R.randrange(5)
    if k == 0:
        return pick(["Tango", "Hanbit", "Pampa", "Jeju", "Mate", "Sevilla", "Boca"]) + str(R.randint(1990, 2026)) + pick("!#$%&*") + rs(LO, 3)
    if k == 1:
        return rs(B62 + "!#$%&*@", R.randint(12, 18))
    if k == 2:
        return pick(["gksqlt", "dkssud", "wjdtks", "rlaalswl"]) + str(R.randint(10, 99)) + pick("!@#") + rs(UP, 2)
    if k == 3:
        return "%s-%s-%s-%d" % (pick(["carpincho", "dokkaebi", "paella", "asado", "kimchi", "ombu"]), pick(["verde", "azul", "rojo", "blue"]), pick(["ruta", "lobby", "cancha"]), R.randint(10, 99))
    return rs(LO, 4) + pick(["_", "."]) + rs(DI, 4) + rs(UP, 2) + pick("!?")


def aws_id():
    return pick(["AKIA", "AKIA", "ASIA"]) + rs("ABCDEFGHIJKLMNOPQRSTUVWXYZ234567", 16)


def aws_secret():
    return rs(UP + LO + DI + "/+", 40)


def b62enc(n):
    s = ""
    while n:
        n, r = divmod(n, 62)
        s = B62[r] + s
    return s.rjust(6, "0")


def gh_classic():
    body = rs(B62, 30)
    return "ghp_" + body + b62enc(zlib.crc32(body.encode()) & 0xFFFFFFFF)


def gh_fine():
    return "github_pat_11" + rs(UP + DI, 20) + "_" + rs(B62, 59)


def slack_bot():
    return "xoxb-%s-%s-%s" % (rs(DI, R.randint(10, 12)), rs(DI, 13), rs(B62, 24))


def slack_user():
    return "xoxp-%s-%s-%s-%s" % (rs(DI, R.randint(10, 12)), rs(DI, R.randint(10, 13)), rs(DI, 13), rs(HEX, 32))


OA = UP + LO + DI + "-_"


def openai_key():
    k = R.randrange(3)
    if k == 0:
        return "sk-proj-" + rs(OA, 74) + "T3BlbkFJ" + rs(OA, 74)
    if k == 1:
        return "sk-" + rs(B62, 20) + "T3BlbkFJ" + rs(B62, 20)
    return "sk-svcacct-" + rs(OA, 74) + "T3BlbkFJ" + rs(OA, 74)


def anthropic_key():
    return "sk-ant-api03-" + rs(OA, 93) + "AA"


def jwt():
    rs256 = R.random() < 0.5
    hdr = {"alg": "RS256", "typ": "JWT", "kid": rs(B64URL, 16)} if rs256 else {"alg": "HS256", "typ": "JWT"}
    iat = epoch()
    pl = {"sub": pick(["player:", "p_", ""]) + uuid4(), "iss": "https://auth.%s.example" % pick(CODENAMES),
          "aud": pick(["matchmaker", "bracket-api", "store", "anticheat-gw"]), "iat": iat, "exp": iat + pick([900, 3600, 86400]),
          "region": pick(RCODE)}
    if R.random() < 0.5:
        pl["scope"] = pick(["mm:queue lobby:join", "bracket:write", "payout:read", "store:receipt"])
    h = b64u(json.dumps(hdr, separators=(",", ":")).encode())
    p = b64u(json.dumps(pl, separators=(",", ":")).encode())
    tok = "%s.%s.%s" % (h, p, b64u(rbytes(256 if rs256 else 32)))
    json.loads(base64.urlsafe_b64decode(h + "=" * (-len(h) % 4)))
    json.loads(base64.urlsafe_b64decode(p + "=" * (-len(p) % 4)))
    return tok


# ---- DER / PEM
def dlen(n):
    if n < 128:
        return bytes([n])
    b = n.to_bytes((n.bit_length() + 7) // 8, "big")
    return bytes([0x80 | len(b)]) + b


def tlv(tag, body):
    return bytes([tag]) + dlen(len(body)) + body


def dint(b):
    if isinstance(b, int):
        b = b.to_bytes(max(1, (b.bit_length() + 8) // 8), "big")
    b = b.lstrip(b"\x00") or b"\x00"
    if b[0] & 0x80:
        b = b"\x00" + b
    return tlv(0x02, b)


def seq(*parts):
    return tlv(0x30, b"".join(parts))


def rand_big(nbytes):
    b = bytearray(rbytes(nbytes))
    b[0] |= 0x80
    b[-1] |= 1
    return bytes(b)


def rsa_pkcs1(bits):
    nb = bits // 8
    return seq(dint(0), dint(rand_big(nb)), dint(65537), dint(rand_big(nb)), dint(rand_big(nb // 2)), dint(rand_big(nb // 2)),
               dint(rand_big(nb // 2)), dint(rand_big(nb // 2)), dint(rand_big(nb // 2)))


def pem_key(ptype):
    if ptype == "rsa_pkcs1":
        return "RSA PRIVATE KEY", rsa_pkcs1(pick([1024, 2048])), 64
    if ptype == "rsa_pkcs8":
        inner = rsa_pkcs1(1024)
        return "PRIVATE KEY", seq(dint(0), seq(bytes.fromhex("06092a864886f70d010101"), b"\x05\x00"), tlv(0x04, inner)), 64
    if ptype == "ec":
        der = seq(dint(1), tlv(0x04, rbytes(32)), tlv(0xA0, bytes.fromhex("06082a8648ce3d030107")),
                  tlv(0xA1, tlv(0x03, b"\x00\x04" + rbytes(64))))
        return "EC PRIVATE KEY", der, 64
    if ptype == "ed25519":
        return "PRIVATE KEY", bytes.fromhex("302e020100300506032b657004220420") + rbytes(32), 64

    def sstr(b):
        return struct.pack(">I", len(b)) + b
    pub = rbytes(32)
    pubblob = sstr(b"ssh-ed25519") + sstr(pub)
    ci = rbytes(4)
    priv = ci + ci + sstr(b"ssh-ed25519") + sstr(pub) + sstr(rbytes(32) + pub) + sstr(pick([b"build@agent-kr-03", b"deploy@mm-prod", b"ci@tango"]))
    pad = 1
    while len(priv) % 8:
        priv += bytes([pad])
        pad += 1
    der = b"openssh-key-v1\x00" + sstr(b"none") + sstr(b"none") + sstr(b"") + struct.pack(">I", 1) + sstr(pubblob) + sstr(priv)
    return "OPENSSH PRIVATE KEY", der, 70


def pem_lines(ptype):
    label, der, width = pem_key(ptype)
    s = b64(der)
    return label, [s[i:i + width] for i in range(0, len(s), width)]


# ================================================================ POSITIVE TEMPLATES
LONG_ES = ("Resumen de la reunión con producción: el venue abre a las 9, la prensa entra a las 10:30, la final arranca a las 17 hora local "
           "y el stream tiene 15 minutos de pre-show. Los casters llegan el día anterior para el ensayo técnico y el catering corre por el venue. ")
LONG_KO = ("오늘 회의 정리: 결승 당일 9시 입장, 10시 반 미디어 입장, 17시 본 경기 시작입니다. 중계는 15분 프리쇼 후 시작하고, "
           "캐스터는 전날 리허설에 참여합니다. 장비 반입은 전날 오후 4시까지입니다. ")
LONG_EN = ("Recap from the ops sync: matchmaking queue times are back under 40 s in KR, EU-South still spikes at peak, "
           "the new anti-cheat heartbeat ships in the next patch and store receipts from PlayStation are validated async now. ")

T = {}
T["phone_number"] = [
    lambda v: "mi cel es %s, escribime por WhatsApp si se cae el stream" % v,
    lambda v: "현장 담당자 연락처: %s (전화 주세요)" % v,
    lambda v: "Contacto del venue para la carga de equipos: %s, preguntad por producción." % v,
    lambda v: fence("csv", "rol,nombre,telefono\ncaster,Lucía,%s\nárbitro,Joon,-" % v),
    lambda v: fence("json", json.dumps({"level": "warn", "svc": "payout-svc", "msg": "sms 2FA delivery failed", "to": v, "provider": "twilio"}, ensure_ascii=False)),
    lambda v: "llamá al %s que es el del técnico de la consola de sonido, dale" % v,
    lambda v: "Backup on-call for the LAN final: %s (KST evenings only)" % v,
    lambda v: fence("yaml", "venue:\n  name: %s Arena\n  contact_phone: \"%s\"\n  loading_dock: B2" % (pick(CITIES), v)),
    lambda v: "| rol | teléfono |\n|---|---|\n| seguridad del estadio | %s |" % v,
]
T["password"] = [
    lambda v: "비밀번호: %s\n(대회 관리자 페이지, 결승 끝나면 바꿀게요)" % v,
    lambda v: "la contraseña del panel del torneo es %s, no la compartáis fuera del canal" % v,
    lambda v: "che, la clave del wifi de prensa es %s" % v,
    lambda v: fence("ini", "[database]\nhost = db-payouts.internal\nuser = payout_rw\npassword = %s\nport = 5432" % v),
    lambda v: fence("properties", "spring.datasource.url=jdbc:postgresql://db-brackets:5432/brackets\nspring.datasource.username=brackets\nspring.datasource.password=%s" % v),
    lambda v: fence("", "Server=sql-store.internal;Database=Receipts;User Id=receipts_app;Password=%s;TrustServerCertificate=true" % v),
    lambda v: LONG_ES + "Ah, y para el PC del caster: usuario `caster01`, pass %s" % v,
    lambda v: LONG_KO + "그리고 방송 PC 윈도우 계정 비번은 %s 입니다." % v,
    lambda v: LONG_EN + "Oh and the build agent's local admin password is %s until IT rotates it." % v,
    lambda v: fence("hcl", "resource \"aws_db_instance\" \"mm\" {\n  engine   = \"postgres\"\n  username = \"mm_admin\"\n  password = \"%s\"\n}" % v),
    lambda v: fence("toml", "[steam_partner]\nuser = \"build_uploader_kr\"\npassword = \"%s\"" % v),
    lambda v: "contraseña: %s" % v,
    lambda v: "steamcmd +login build_%s %s +run_app_build app_build.vdf +quit   ← así lo corre el agente" % (pick(CODENAMES), v),
]
T["credit_card"] = [
    lambda v: "el jugador dice que le cobraron dos veces el pase de batalla con la tarjeta %s, ¿lo miráis en Steam?" % v,
    lambda v: "카드번호 %s 로 결제된 건 환불 요청 들어왔습니다" % v,
    lambda v: fence("json", json.dumps({"event": "chargeback.opened", "store": pick(STORES), "pan": v, "amount": "19.99", "currency": "EUR"})),
    lambda v: fence("csv", "fecha,importe,tarjeta,motivo\n%02d/03/2026,59.99,%s,fraude" % (R.randint(1, 28), v)),
    lambda v: "corporate card for the venue deposit: %s exp %02d/%d" % (v, R.randint(1, 12), R.randint(27, 31)),
    lambda v: "pagá el catering con la de la empresa: %s" % v,
]
T["email_address"] = [
    lambda v: "el caster nuevo es %s, agregadlo al canal de producción" % v,
    lambda v: "정산 관련 문의는 %s 로 보내달라고 했어요" % v,
    lambda v: fence("json", json.dumps({"level": "info", "msg": "invite sent", "to": v, "tournament": pick(CODENAMES) + "-cup"})),
    lambda v: "contact for the sponsor activation: %s" % v,
]
T["iban"] = [
    lambda v: "IBAN para el pago del premio del 2.º puesto: %s" % v,
    lambda v: "상금 입금 계좌 (IBAN): %s" % v,
    lambda v: fence("csv", "equipo,importe_eur,iban\n%s,%d.00,%s" % (pick(TEAMS), R.randint(1, 40) * 250, v)),
    lambda v: fence("json", json.dumps({"payout_id": uuid4(), "beneficiary_iban": v, "amount": R.randint(500, 20000), "currency": "EUR"})),
    lambda v: "transferí la seña del venue a %s, avisame cuando llegue" % v,
]
T["us_ssn"] = [
    lambda v: "W-9 del jugador de NA para el premio: SSN %s, ya está en la carpeta de finanzas" % v,
    lambda v: fence("csv", "winner,country,tin_type,tin\n%s,US,SSN,%s" % (pick(TEAMS), v)),
    lambda v: "미국 선수 세금 서류 SSN: %s" % v,
    lambda v: "the 1099 form got rejected, SSN on file is %s — can someone double check with the player?" % v,
]
T["ipv4_address"] = [
    lambda v: "el anti-cheat baneó la IP %s por speedhack, ¿es un cibercafé?" % v,
    lambda v: fence("json", json.dumps({"ts": ts_iso(), "svc": "anticheat-gw", "event": "ban", "player_ip": v, "reason": "aimbot_signature"})),
    lambda v: "%s IP에서 매치메이킹 요청이 초당 400건 들어오고 있어요" % v,
    lambda v: "the Seoul LAN venue's uplink is %s, whitelist it on the game server SG" % v,
    lambda v: fence("", "%s - - [%s] \"POST /api/v1/lobby/join HTTP/1.1\" 429 57" % (v, "14/Mar/2026:18:%02d:%02d +0900" % (R.randint(0, 59), R.randint(0, 59)))),
]
T["url_credentials"] = [
    lambda v: fence("bash", "DATABASE_URL=postgres://brackets_rw:%s@db-brackets.internal:5432/brackets" % v),
    lambda v: "mongo de replays: `mongodb+srv://replay_ro:%s@replays.%s.mongodb.net/replays`" % (v, rs(LO + DI, 5)),
    lambda v: fence("yaml", "cache:\n  url: redis://:%s@redis-mm.internal:6379/2" % v),
    lambda v: "AMQP_URL=amqps://payout:%s@mq.internal:5671/payouts" % v,
    lambda v: fence("python", "engine = create_engine(\"mysql+pymysql://ranking:%s@ranking-db:3306/season12\")" % v),
    lambda v: "el FTP del venue para subir los gráficos: ftp://grafica:%s@ftp.venue-%s.es/overlays" % (v, pick(["madrid", "valencia", "bcn"])),
    lambda v: "pip install --index-url https://ci-bot:%s@pypi.internal.%s.example/simple tools" % (v, pick(CODENAMES)),
]
T["jwt"] = [
    lambda v: "```\ncurl -H 'Authorization: Bearer %s' https://api.%s.example/v1/brackets\n```" % (v, pick(CODENAMES)),
    lambda v: fence("json", json.dumps({"level": "debug", "svc": "matchmaker", "msg": "ticket auth", "token": v})),
    lambda v: "este token me devuelve 401 en el lobby: %s" % v,
    lambda v: fence("python", "HEADERS = {\"Authorization\": \"Bearer %s\"}" % v),
    lambda v: "Cookie: session=%s; Path=/; HttpOnly" % v,
    lambda v: "토큰 만료 시간 확인 부탁드려요 %s" % v,
]
T["aws_access_key_id"] = [
    lambda v: "el agente de build sube los símbolos con la key %s, ¿de quién es?" % v,
    lambda v: fence("json", json.dumps({"eventName": "PutObject", "userIdentity": {"type": "IAMUser", "accessKeyId": v}, "awsRegion": pick(REGIONS)})),
    lambda v: "CloudTrail에 %s 키로 ListBuckets 호출이 찍혔어요" % v,
]
T["aws_secret_access_key"] = [
    lambda v: "la secret de la cuenta de replays es %s, rotadla después del evento" % v,
    lambda v: fence("bash", "export AWS_SECRET_ACCESS_KEY=%s" % v),
    lambda v: fence("yaml", "replays:\n  s3:\n    secret_key: \"%s\"" % v),
]
T["github_classic_pat"] = [
    lambda v: fence("bash", "export GITHUB_TOKEN=%s\ngh release create v%s ./Builds/*.zip" % (v, semver())),
    lambda v: "//npm.pkg.github.com/:_authToken=%s" % v,
    lambda v: "usá mi token un rato para el runner: %s (vence en 7 días)" % v,
    lambda v: "```\ncurl -H \"Authorization: token %s\" https://api.github.com/repos/hanbitgames/%s/actions/runs\n```" % (v, pick(CODENAMES)),
]
T["github_fine_grained_pat"] = [
    lambda v: "PAT fine-grained para el bot de releases (solo contents:write): %s" % v,
    lambda v: fence("yaml", "env:\n  GH_PAT: %s" % v),
    lambda v: "깃허브 토큰 새로 발급했어요 %s" % v,
    lambda v: fence("python", "gh = Github(auth=Auth.Token(\"%s\"))" % v),
]
T["slack_bot_token"] = [
    lambda v: fence("bash", "SLACK_BOT_TOKEN=%s node bots/bracket-notifier.js" % v),
    lambda v: fence("python", "client = WebClient(token=\"%s\")\nclient.chat_postMessage(channel=\"#resultados\", text=\"GG\")" % v),
    lambda v: "el bot de resultados usa %s" % v,
    lambda v: "```\ncurl -X POST -H 'Authorization: Bearer %s' https://slack.com/api/chat.postMessage -d channel=C0%s\n```" % (v, rs(UP + DI, 8)),
]
T["slack_user_token"] = [
    lambda v: "mi token de usuario para el script de export: %s" % v,
    lambda v: fence("json", json.dumps({"slack": {"user_token": v, "export_channels": ["#torneo-final", "#ops"]}})),
    lambda v: "슬랙 유저 토큰 %s 로 채널 백업 돌렸습니다" % v,
]
T["openai_api_key"] = [
    lambda v: fence("bash", "OPENAI_API_KEY=%s python moderation/chat_filter.py" % v),
    lambda v: fence("python", "client = OpenAI(api_key=\"%s\")" % v),
    lambda v: "la key del bot de moderación del chat: %s" % v,
    lambda v: fence("toml", "[moderation]\nprovider = \"openai\"\napi_key = \"%s\"" % v),
]
T["anthropic_api_key"] = [
    lambda v: fence("bash", "export ANTHROPIC_API_KEY=%s" % v),
    lambda v: fence("python", "client = anthropic.Anthropic(api_key=\"%s\")" % v),
    lambda v: "```\ncurl https://api.anthropic.com/v1/messages -H \"x-api-key: %s\" -H \"anthropic-version: 2023-06-01\"\n```" % v,
    lambda v: "la key de Claude para el resumidor de tickets de soporte: %s" % v,
]

GEN = {"phone_number": phone, "password": password, "credit_card": card, "email_address": email, "iban": iban, "us_ssn": ssn,
       "ipv4_address": ipv4, "url_credentials": password, "jwt": jwt, "aws_access_key_id": aws_id,
       "aws_secret_access_key": aws_secret, "github_classic_pat": gh_classic, "github_fine_grained_pat": gh_fine,
       "slack_bot_token": slack_bot, "slack_user_token": slack_user, "openai_api_key": openai_key, "anthropic_api_key": anthropic_key}

SINGLES = [("aws_access_key_id", 3), ("aws_secret_access_key", 3), ("email_address", 2), ("phone_number", 12), ("password", 12),
           ("credit_card", 10), ("iban", 7), ("slack_bot_token", 7), ("slack_user_token", 7), ("jwt", 8), ("ipv4_address", 6),
           ("github_classic_pat", 8), ("github_fine_grained_pat", 8), ("openai_api_key", 8), ("anthropic_api_key", 8),
           ("us_ssn", 5), ("url_credentials", 7)]
KIND_TOTALS = {"phone_number": 18, "password": 14, "credit_card": 12, "email_address": 8, "iban": 9, "us_ssn": 5,
               "ipv4_address": 7, "url_credentials": 7, "jwt": 9, "private_key_pem": 9, "aws_access_key_id": 9,
               "aws_secret_access_key": 9, "github_classic_pat": 9, "github_fine_grained_pat": 9, "slack_bot_token": 9,
               "slack_user_token": 9, "openai_api_key": 9, "anthropic_api_key": 9}


def url_pw():
    while True:
        p = password()
        if not re.search(r"[@/:#?%\s]", p):
            return p


def pos_single(kind, i):
    tpls = T[kind]
    ti = i % len(tpls)
    v = url_pw() if kind == "url_credentials" else GEN[kind]()
    return tpls[ti](v), [(kind, v)], "%s:t%d" % (kind, ti)


PEM_LAYOUTS = ["plain", "json", "yaml", "env", "python"]


def pos_pem(i):
    ptype = ["rsa_pkcs1", "ec", "ed25519", "openssh", "rsa_pkcs8", "ec", "openssh", "ed25519", "rsa_pkcs1"][i]
    lay = PEM_LAYOUTS[i % len(PEM_LAYOUTS)]
    label, lines = pem_lines(ptype)
    b, e = "-----BEGIN %s-----" % label, "-----END %s-----" % label
    if lay == "plain":
        value = "\n".join(lines)
        text = pick(["la clave del servidor de torneos, no la perdáis:\n", "빌드 에이전트 배포 키입니다\n", "deploy key for the build agent:\n"]) + "```\n%s\n%s\n%s\n```" % (b, value, e)
    elif lay == "json":
        value = "\\n".join(lines)
        text = fence("json", '{\n  "type": "service_account",\n  "project_id": "%s-store",\n  "private_key": "%s\\n%s\\n%s\\n"\n}' % (pick(CODENAMES), b, value, e))
    elif lay == "yaml":
        value = "\n    ".join(lines)
        text = fence("yaml", "anticheat:\n  signing_key: |\n    %s\n    %s\n    %s" % (b, value, e))
    elif lay == "env":
        value = "\\n".join(lines)
        text = "ANTICHEAT_SIGNING_KEY=\"%s\\n%s\\n%s\"" % (b, value, e)
    else:
        value = "\n".join(lines)
        text = fence("python", 'PRIVATE_KEY = """%s\n%s\n%s\n"""' % (b, value, e))
    base64.b64decode("".join(lines))
    return text, [("private_key_pem", value)], "private_key_pem:%s:layout%d" % (ptype, PEM_LAYOUTS.index(lay))


def pair(name, n):
    if name == "aws":
        a, s = aws_id(), aws_secret()
        prof = pick(["replays", "build-uploader", "crash-dumps", "default"])
        t = [
            fence("ini", "[%s]\naws_access_key_id = %s\naws_secret_access_key = %s\nregion = %s" % (prof, a, s, pick(REGIONS))),
            fence("bash", "export AWS_ACCESS_KEY_ID=%s\nexport AWS_SECRET_ACCESS_KEY=%s\naws s3 sync ./symbols s3://%s-symbols/" % (a, s, pick(CODENAMES))),
            fence("python", "s3 = boto3.client(\"s3\", aws_access_key_id=\"%s\", aws_secret_access_key=\"%s\")" % (a, s)),
            "```\ndocker run -e AWS_ACCESS_KEY_ID=%s -e AWS_SECRET_ACCESS_KEY=%s replay-uploader:%s\n```" % (a, s, semver()),
            fence("json", json.dumps({"AccessKey": {"UserName": "ci-" + pick(CODENAMES), "AccessKeyId": a, "Status": "Active", "SecretAccessKey": s}}, indent=2)),
            fence("hcl", "provider \"aws\" {\n  region     = \"%s\"\n  access_key = \"%s\"\n  secret_key = \"%s\"\n}" % (pick(REGIONS), a, s)),
        ][n]
        return t, [("aws_access_key_id", a), ("aws_secret_access_key", s)]
    if name == "email_phone":
        e, p = email(), phone()
        t = ["Contacto del sponsor para la activación en %s: %s / %s" % (pick(CITIES), e, p),
             "스폰서 담당자: %s, %s" % (e, p),
             "| rol | mail | tel |\n|---|---|---|\n| jefe de prensa | %s | %s |" % (e, p)][n]
        return t, [("email_address", e), ("phone_number", p)]
    if name == "iban_phone":
        i, p = iban(), phone()
        t = ["Formulario de cobro del jugador:\nIBAN: %s\nTeléfono: %s" % (i, p),
             fence("json", json.dumps({"player": "p_" + rs(HEX, 10), "payout_iban": i, "phone": p}, ensure_ascii=False))][n]
        return t, [("iban", i), ("phone_number", p)]
    if name == "email_pw":
        e, p = email(), password()
        t = ["Cuenta demo para la review de la App Store:\nusuario: %s\ncontraseña: %s" % (e, p),
             "PS 파트너 포털 테스트 계정 %s / 비번 %s" % (e, p)][n]
        return t, [("email_address", e), ("password", p)]
    if name == "card_email":
        c, e = card(), email()
        return "reclamo de %s: compró gemas con la tarjeta %s y dice que nunca llegaron" % (e, c), [("credit_card", c), ("email_address", e)]
    if name == "card_phone":
        c, p = card(), phone()
        return "chargeback: card %s, customer called from %s asking for a refund of the season pass" % (c, p), [("credit_card", c), ("phone_number", p)]
    if name == "slack":
        b, u = slack_bot(), slack_user()
        t = [fence("bash", "SLACK_BOT_TOKEN=%s\nSLACK_USER_TOKEN=%s" % (b, u)),
             fence("yaml", "slack:\n  bot_token: %s\n  user_token: %s  # para el export de canales" % (b, u))][n]
        return t, [("slack_bot_token", b), ("slack_user_token", u)]
    if name == "jwt_ip":
        j, ip = jwt(), ipv4()
        return fence("json", json.dumps({"ts": ts_iso(), "svc": "anticheat-gw", "client_ip": ip, "auth": "Bearer " + j, "verdict": "kick"})), [("jwt", j), ("ipv4_address", ip)]
    if name == "gh":
        a, f = gh_classic(), gh_fine()
        return "viejo: %s\nnuevo (fine-grained): %s\nya revoqué el viejo? todavía no 😅" % (a, f), [("github_classic_pat", a), ("github_fine_grained_pat", f)]
    if name == "llm":
        o, a = openai_key(), anthropic_key()
        return fence("bash", "# support-summarizer\nOPENAI_API_KEY=%s\nANTHROPIC_API_KEY=%s" % (o, a)), [("openai_api_key", o), ("anthropic_api_key", a)]
    raise ValueError(name)


PAIRS = [("aws", 6), ("email_phone", 3), ("iban_phone", 2), ("email_pw", 2), ("card_email", 1), ("card_phone", 1),
         ("slack", 2), ("jwt_ip", 1), ("gh", 1), ("llm", 1)]


# ================================================================ MAIN
def build_negatives():
    out, seen, redraws, stats = [], set(), {}, {}
    for cat, tpls in NEG_CATS:
        got = 0
        k = 0
        while got < 100:
            f = tpls[k % len(tpls)]
            k += 1
            for attempt in range(60):
                text = dress(f())
                nl = text.count("\n") + 1
                hits = scan(text)
                if hits or text in seen or nl > 30:
                    for h in hits:
                        redraws[h[0]] = redraws.get(h[0], 0) + 1
                    if text in seen:
                        redraws["duplicate"] = redraws.get("duplicate", 0) + 1
                    continue
                seen.add(text)
                out.append({"text": text, "category": cat})
                stats[f.__name__] = stats.get(f.__name__, 0) + 1
                got += 1
                break
            if k > 5000:
                raise SystemExit("cannot fill " + cat)
    return out, redraws, stats


def build_positives():
    out = []
    for kind, n in SINGLES:
        for i in range(n):
            text, secrets, ctx = pos_single(kind, i)
            out.append((text, secrets, ctx))
    for i in range(9):
        out.append(pos_pem(i))
    for name, n in PAIRS:
        for i in range(n):
            text, secrets = pair(name, i)
            out.append((text, secrets, "multi:%s:%d" % (name, i)))
    recs = []
    for text, secrets, ctx in out:
        text = dress(text, 0.12, 0.06)
        for kind, v in secrets:
            assert v in text, (kind, v)
        recs.append({"text": text, "secrets": [{"kind": k, "value": v} for k, v in secrets], "context": ctx})
    return recs


def verify_positive_values(recs):
    for r in recs:
        for s in r["secrets"]:
            k, v = s["kind"], s["value"]
            if k == "credit_card":
                assert luhn_ok(re.sub(r"\D", "", v)), v
            elif k == "iban":
                assert iban_ok(v), v
            elif k == "us_ssn":
                assert ssn_ok(v), v
            elif k == "ipv4_address":
                assert ip_public(v), v
            elif k == "jwt":
                for part in v.split(".")[:2]:
                    json.loads(base64.urlsafe_b64decode(part + "=" * (-len(part) % 4)))
            elif k == "private_key_pem":
                base64.b64decode(re.sub(r"\\n|\s", "", v), validate=True)
            elif k == "github_classic_pat":
                assert b62enc(zlib.crc32(v[4:34].encode()) & 0xFFFFFFFF) == v[34:], v
                assert len(v) == 40


def main():
    negs, redraws, stats = build_negatives()
    pos = build_positives()
    verify_positive_values(pos)
    R.shuffle(negs)
    R.shuffle(pos)
    for i, r in enumerate(negs):
        r_ = {"id": "h%dn-%04d" % (N, i + 1)}
        r_.update(r)
        negs[i] = r_
    for i, r in enumerate(pos):
        r_ = {"id": "h%dp-%04d" % (N, i + 1)}
        r_.update(r)
        pos[i] = r_
    with open(os.path.join(HERE, "redaction%d_negatives.jsonl" % N), "w", encoding="utf-8", newline="\n") as f:
        for r in negs:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")
    with open(os.path.join(HERE, "redaction%d_positives.jsonl" % N), "w", encoding="utf-8", newline="\n") as f:
        for r in pos:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")

    # ---- report
    final_hits = [(r["id"], h) for r in negs for h in scan(r["text"])]
    cats = {}
    for r in negs:
        cats[r["category"]] = cats.get(r["category"], 0) + 1
    kinds = {}
    for r in pos:
        for s in r["secrets"]:
            kinds[s["kind"]] = kinds.get(s["kind"], 0) + 1
    assert len(negs) == 600 and len({r["text"] for r in negs}) == 600
    assert len(pos) == 150 and sum(kinds.values()) == 170
    assert kinds == KIND_TOTALS, kinds
    assert sum(1 for r in pos if len(r["secrets"]) == 2) == 20
    print("negatives:", len(negs), dict(sorted(cats.items())))
    print("positives:", len(pos), "secrets:", sum(kinds.values()))
    print("kinds:", dict(sorted(kinds.items())))
    print("redraws:", dict(sorted(redraws.items())))
    print("final negative scan hits:", final_hits)
    missed = []
    extra = []
    for r in pos:
        hs = scan(r["text"])
        found = " ".join(h[1] for h in hs)
        def nz(x):
            return re.sub(r"[^0-9A-Za-z]", "", ascii_digits(x).replace("\\n", ""))

        def same(h, s):
            a, b = nz(h[1]), nz(s["value"])
            if h[0] == "pem":
                a = a.replace("BEGIN", "").replace("PRIVATEKEY", "").replace("RSA", "").replace("EC", "").replace("OPENSSH", "")
                return a[:20] in b
            return a in b or b in a or (h[0] == "email" and s["kind"] == "url_credentials" and h[1].startswith(s["value"][-2:]))

        for s in r["secrets"]:
            if not any(same(h, s) for h in hs):
                missed.append((r["id"], s["kind"]))
        for h in hs:
            if not any(same(h, s) for s in r["secrets"]):
                extra.append((r["id"], h))
    print("scanner on positives, unlabelled hits:", extra)
    print("scanner on positives, labels not hit (scanner has no rule for some kinds):", len(missed))
    if "-v" in sys.argv:
        print("template use:", dict(sorted(stats.items())))
        print("missed:", missed)
        lines = [r["text"].count("\n") + 1 for r in negs]
        print("lines min/max", min(lines), max(lines), "single", sum(1 for x in lines if x == 1), ">=10", sum(1 for x in lines if x >= 10), ">=20", sum(1 for x in lines if x >= 20))
        for cat, _ in NEG_CATS:
            ls = [r["text"].count("\n") + 1 for r in negs if r["category"] == cat]
            print(cat, min(ls), max(ls))


if __name__ == "__main__":
    main()
