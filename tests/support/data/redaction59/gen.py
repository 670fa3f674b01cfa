#!/usr/bin/env python3
"""Blind redaction corpus #59.

Theme: Slack of a mobile operator group's network operations centre (NOC) and billing team in
Indonesia, Nigeria and Egypt: RAN alarms, packet core, SIM provisioning (IMSI/ICCID/IMEI), number
porting, prepaid top-ups, roaming CDRs/TAP files.  Languages: English, Bahasa Indonesia, Nigerian
Pidgin, Egyptian Arabic (Arabic script and Latin "Franco-Arabic").

Standard library only.  The only randomness is random.Random(59 * 101).  Running it writes
redaction59_negatives.jsonl and redaction59_positives.jsonl next to this file and prints a scanner
report.  Two runs are byte-identical (also under a different PYTHONHASHSEED): no set or dict built
from hashing is ever iterated to produce output.
"""
import base64
import json
import math
import os
import random
import re
import struct
import sys
import zlib

N = 59
R = random.Random(N * 101)
HERE = os.path.dirname(os.path.abspath(__file__))

# --------------------------------------------------------------------------------------------
# small random helpers (all draw from R)
# --------------------------------------------------------------------------------------------
B62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
B64URL = B62 + "-_"


def ch(seq):
    return seq[R.randrange(len(seq))]


def ri(a, b):
    return R.randint(a, b)


def hexs(n, upper=False):
    s = "".join(ch("0123456789abcdef") for _ in range(n))
    return s.upper() if upper else s


def alnum(n, alphabet=B62):
    return "".join(ch(alphabet) for _ in range(n))


def digs(n, first="123456789"):
    return ch(first) + "".join(ch("0123456789") for _ in range(n - 1))


def rbytes(n):
    return bytes(R.randrange(256) for _ in range(n))


def uuid4():
    h = hexs(32)
    h = h[:12] + "4" + h[13:16] + ch("89ab") + h[17:]
    return "%s-%s-%s-%s-%s" % (h[:8], h[8:12], h[12:16], h[16:20], h[20:])


def uuid7(ms=None):
    if ms is None:
        ms = ri(1735689600000, 1767225599000)
    h = "%012x" % ms + "7" + hexs(3) + ch("89ab") + hexs(15)
    return "%s-%s-%s-%s-%s" % (h[:8], h[8:12], h[12:16], h[16:20], h[20:])


def ulid():
    return "01J" + alnum(23, "0123456789ABCDEFGHJKMNPQRSTVWXYZ")


def b64(b):
    return base64.b64encode(b).decode()


def b64u(b):
    return base64.urlsafe_b64encode(b).decode().rstrip("=")


def pick_n(seq, n):
    seq = list(seq)
    R.shuffle(seq)
    return seq[:n]


# --------------------------------------------------------------------------------------------
# check digits
# --------------------------------------------------------------------------------------------
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


def luhn_digit(prefix):
    for c in "0123456789":
        if luhn_ok(prefix + c):
            return c
    raise AssertionError


IBAN_LEN = {
    "AD": 24, "AE": 23, "AL": 28, "AT": 20, "AZ": 28, "BA": 20, "BE": 16, "BG": 22, "BH": 22, "BR": 29,
    "CH": 21, "CR": 22, "CY": 28, "CZ": 24, "DE": 22, "DK": 18, "DO": 28, "EE": 20, "EG": 29, "ES": 24,
    "FI": 18, "FO": 18, "FR": 27, "GB": 22, "GE": 22, "GI": 23, "GL": 18, "GR": 27, "GT": 28, "HR": 21,
    "HU": 28, "IE": 22, "IL": 23, "IQ": 23, "IS": 26, "IT": 27, "JO": 30, "KW": 30, "KZ": 20, "LB": 28,
    "LC": 32, "LI": 21, "LT": 20, "LU": 20, "LV": 21, "LY": 25, "MC": 27, "MD": 24, "ME": 22, "MK": 19,
    "MR": 27, "MT": 31, "MU": 30, "NL": 18, "NO": 15, "PK": 24, "PL": 28, "PS": 29, "PT": 25, "QA": 29,
    "RO": 24, "RS": 22, "SA": 24, "SC": 31, "SD": 18, "SE": 24, "SI": 19, "SK": 24, "SM": 27, "ST": 25,
    "SV": 28, "TL": 23, "TN": 24, "TR": 26, "UA": 29, "VA": 22, "VG": 24, "XK": 20,
}


def iban_mod97(s):
    s = s[4:] + s[:4]
    return int("".join(str(int(c, 36)) for c in s)) % 97


def iban_ok(s):
    return s[:2] in IBAN_LEN and len(s) == IBAN_LEN[s[:2]] and iban_mod97(s) == 1


def make_iban(cc, bban):
    chk = 98 - iban_mod97(cc + "00" + bban)
    s = "%s%02d%s" % (cc, chk, bban)
    assert iban_ok(s), s
    return s


def fr_rib_key(bank, guichet, account):
    return 97 - ((89 * int(bank) + 15 * int(guichet) + 3 * int(account)) % 97)


def group4(s):
    return " ".join(s[i:i + 4] for i in range(0, len(s), 4))


def ssn_ok(s):
    d = s.replace("-", "").replace(" ", "")
    if len(d) != 9 or not d.isdigit():
        return False
    a, g, sr = int(d[:3]), int(d[3:5]), int(d[5:])
    return 0 < a < 900 and a != 666 and g != 0 and sr != 0


def ip_public(ip):
    p = ip.split(".")
    if len(p) != 4 or not all(x.isdigit() and 0 <= int(x) <= 255 and str(int(x)) == x for x in p):
        return False
    a, b, c, d = (int(x) for x in p)
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


# --------------------------------------------------------------------------------------------
# the scanner
# --------------------------------------------------------------------------------------------
ARABIC_DIGITS = str.maketrans("٠١٢٣٤٥٦٧٨٩۰۱۲۳۴۵۶۷۸۹", "01234567890123456789")

RX_EMAIL = re.compile(r"[A-Za-z0-9][A-Za-z0-9._%+-]*@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?"
                      r"(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}")
RX_GH = re.compile(r"gh[pousr]_[A-Za-z0-9]{36}(?![A-Za-z0-9])")
RX_GHF = re.compile(r"github_pat_[A-Za-z0-9]{22}_[A-Za-z0-9]{59}")
RX_SLACK = re.compile(r"xox[abposre]-[0-9]{6,}-[A-Za-z0-9-]{8,}")
RX_OPENAI = re.compile(r"sk-(?!ant-)(?:proj-|svcacct-|admin-)?[A-Za-z0-9_-]{32,}")
RX_ANT = re.compile(r"sk-ant-(?:api|admin)\d\d-[A-Za-z0-9_-]{80,}")
RX_JWT = re.compile(r"eyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{10,}")
RX_PEM = re.compile(r"-----BEGIN ((?:[A-Z0-9]+ )*)PRIVATE KEY-----(.*?)-----END", re.S)
RX_AKIA = re.compile(r"(?<![A-Z0-9])(?:AKIA|ASIA)[A-Z2-7]{16}(?![A-Z0-9])")
RX_AWSSEC = re.compile(r"(?i)aws_?secret_?(?:access_?)?key[\"']?\s*[:=]\s*[\"']?([A-Za-z0-9/+]{40})(?![A-Za-z0-9/+])")
RX_SSN = re.compile(r"(?<![\d-])\d{3}-\d{2}-\d{4}(?![\d-])")
RX_DIGITGROUPS = re.compile(r"(?<!\d)\d+(?:[ -]\d+)*(?!\d)")
RX_IBANSTART = re.compile(r"(?<![A-Za-z0-9])([A-Z]{2})(\d{2})")
RX_IP = re.compile(r"(?<![\d.])(?:\d{1,3}\.){3}\d{1,3}(?!\.?\d)")
RX_PHONECAND = re.compile(r"(?:\+|(?<!\d)00)?\(?\d[\d().\- ]*\d")

PHONE_RX = [
    # Indonesia: mobile 08xx / +62 8xx ; landlines of the big cities
    ("ID", re.compile(r"(?:620?|0)8[1-9]\d{7,10}")),
    ("ID", re.compile(r"0(?:21|22|24|31|61|274|341|361|411|711|751|778)\d{6,8}")),
    # Nigeria: mobile 070x/080x/081x/090x/091x ; Lagos 01 / Abuja 09 landlines
    ("NG", re.compile(r"(?:2340?|0)[789][01]\d{8}")),
    ("NG", re.compile(r"0[19]\d{7}")),
    # Egypt: mobile 010/011/012/015 ; Cairo 02 / Alexandria 03 landlines
    ("EG", re.compile(r"(?:200?|0)1[0125]\d{8}")),
    ("EG", re.compile(r"0[23]\d{7,8}")),
]
PHONE_RX_INTL = [  # country-code landline forms, only counted after an explicit + or 00
    ("ID", re.compile(r"620?(?:21|22|24|31|61|274|341|361|411|711|751|778)\d{6,8}")),
    ("NG", re.compile(r"2340?[19]\d{7}")),
    ("EG", re.compile(r"200?[23]\d{7,8}")),
]


def _phone_findings(t):
    out = []
    for line_m in re.finditer(r"[^\n]+", t):
        line, base = line_m.group(0), line_m.start()
        for m in RX_PHONECAND.finditer(line):
            cand = m.group(0)
            plus = cand.startswith("+") or cand.startswith("00")
            groups = [(g.start(), g.end(), g.group(0)) for g in re.finditer(r"\d+", cand)]
            for i in range(len(groups)):
                acc = ""
                for j in range(i, min(len(groups), i + 7)):
                    acc += groups[j][2]
                    d = acc
                    if i == 0 and cand.startswith("00"):
                        d = d[2:]
                    if len(d) < 8 or len(d) > 15:
                        continue
                    hit = any(rx.fullmatch(d) for _, rx in PHONE_RX)
                    if not hit and i == 0 and plus:
                        hit = any(rx.fullmatch(d) for _, rx in PHONE_RX_INTL)
                    if hit:
                        s = base + m.start() + groups[i][0]
                        e = base + m.start() + groups[j][1]
                        out.append(("phone", s, e, t[s:e]))
    return out


def scan(text):
    """Return a list of (kind, start, end, value) for everything that looks like a real finding."""
    t = text.translate(ARABIC_DIGITS)
    out = []
    for kind, rx in (("email", RX_EMAIL), ("github_token", RX_GH), ("github_token", RX_GHF),
                     ("slack_token", RX_SLACK), ("openai_key", RX_OPENAI), ("anthropic_key", RX_ANT),
                     ("jwt", RX_JWT), ("ssn_shape", RX_SSN)):
        for m in rx.finditer(t):
            out.append((kind, m.start(), m.end(), m.group(0)))
    for m in RX_AKIA.finditer(t):
        if "EXAMPLE" not in m.group(0):
            out.append(("aws_key_id", m.start(), m.end(), m.group(0)))
    for m in RX_AWSSEC.finditer(t):
        if "EXAMPLE" not in m.group(1):
            out.append(("aws_secret", m.start(1), m.end(1), m.group(1)))
    for m in RX_PEM.finditer(t):
        body = m.group(2).replace("\\n", "\n")
        if "..." in body or "\u2026" in body:
            continue
        b = re.sub(r"\s+", "", body)
        if len(b) >= 64 and re.fullmatch(r"[A-Za-z0-9+/=]+", b):
            out.append(("pem_private_key", m.start(), m.end(), m.group(0)[:40]))
    for m in RX_DIGITGROUPS.finditer(t):
        gs = [(g.start(), g.end(), g.group(0)) for g in re.finditer(r"\d+", m.group(0))]
        for i in range(len(gs)):
            acc = ""
            for j in range(i, len(gs)):
                acc += gs[j][2]
                if len(acc) > 19:
                    break
                if len(acc) >= 13 and luhn_ok(acc):
                    s, e = m.start() + gs[i][0], m.start() + gs[j][1]
                    kind = "luhn_run"
                    if i == j and len(acc) == 15:
                        line_start = t.rfind("\n", 0, s) + 1
                        if re.search(r"(?i)imei[^\n]{0,24}$", t[max(line_start, s - 30):s]):
                            kind = "luhn_imei"
                    out.append((kind, s, e, acc))
    for m in RX_IBANSTART.finditer(t):
        cc = m.group(1)
        if cc not in IBAN_LEN:
            continue
        need, acc, j = IBAN_LEN[cc], "", m.start()
        while j < len(t) and len(acc) < need:
            c = t[j]
            if c.isascii() and c.isalnum():
                acc += c
            elif c == " " and acc and t[j - 1] != " ":
                pass
            else:
                break
            j += 1
        if len(acc) == need and iban_ok(acc.upper()):
            out.append(("iban", m.start(), j, t[m.start():j]))
    for m in RX_IP.finditer(t):
        if ip_public(m.group(0)):
            out.append(("public_ipv4", m.start(), m.end(), m.group(0)))
    out.extend(_phone_findings(t))
    return out


def phone_like(s):
    return bool(_phone_findings(s))


DELIBERATE_NEG = ("luhn_imei",)   # lab IMEIs with a correct check digit: kept on purpose, reported


# --------------------------------------------------------------------------------------------
# lab identifiers (hard negatives): never Luhn-valid by accident, never phone-shaped
# --------------------------------------------------------------------------------------------
def safe_run(make):
    for _ in range(1000):
        s = make()
        if 13 <= len(s) <= 19 and luhn_ok(s):
            continue
        if phone_like(s):
            continue
        return s
    raise AssertionError("safe_run")


LAB_PLMN = ["00101", "00101", "00101", "99970", "001001", "99999"]
OP_PLMN = {"ID": ["51010", "51001", "51011"], "NG": ["62130", "62120", "62150"], "EG": ["60201", "60202", "60203"]}


def lab_imsi(op=False):
    if op:
        cc = ch(["ID", "NG", "EG"])
        p = ch(OP_PLMN[cc]) + "99"   # operator's reserved lab MSIN block
    else:
        p = ch(LAB_PLMN)
    return safe_run(lambda: p + "".join(ch("0123456789") for _ in range(15 - len(p))))


LAB_TACS = ["35332510", "35290611", "86769004", "35925406", "35391110", "86458104", "35674108", "86891503",
            "35208011", "01332700", "35411610", "86097105"]


def lab_device():
    """(tac, IMEI with check digit, IMEI without check digit (14), IMEISV (16)) of one lab handset."""
    for _ in range(1000):
        tac = ch(LAB_TACS)
        snr = digs(6, "0123456789")
        i14 = tac + snr
        sv = i14 + "%02d" % ri(1, 30)
        if luhn_ok(i14) or luhn_ok(sv) or phone_like(i14) or phone_like(sv):
            continue
        return tac, i14 + luhn_digit(i14), i14, sv
    raise AssertionError


ICCID_PREFIX = {"ID": ["896210", "896201", "896211"], "NG": ["89234300", "89234200", "89234500"],
                "EG": ["892002", "892001", "892003"]}


def iccid20(cc=None):
    cc = cc or ch(["ID", "NG", "EG"])
    p = ch(ICCID_PREFIX[cc])
    body = p + digs(19 - len(p), "0123456789")
    return body + luhn_digit(body)


def order_id(n=10):
    return safe_run(lambda: digs(n, "3456789"))


# --------------------------------------------------------------------------------------------
# real bytes for data URIs
# --------------------------------------------------------------------------------------------
def _png_chunk(typ, data):
    return struct.pack(">I", len(data)) + typ + data + struct.pack(">I", zlib.crc32(typ + data) & 0xFFFFFFFF)


def make_png(w, h, pix):
    rows = []
    for y in range(h):
        row = bytearray(b"\x00")
        for x in range(w):
            row.extend(pix(x, y))
        rows.append(bytes(row))
    ihdr = struct.pack(">IIBBBBB", w, h, 8, 6, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + _png_chunk(b"IHDR", ihdr) +
            _png_chunk(b"IDAT", zlib.compress(b"".join(rows), 9)) + _png_chunk(b"IEND", b""))


SEV_COLORS = {"critical": (0xD3, 0x2F, 0x2F), "major": (0xF5, 0x7C, 0x00), "minor": (0xFB, 0xC0, 0x2D),
              "warning": (0x19, 0x76, 0xD2), "cleared": (0x38, 0x8E, 0x3C), "indeterminate": (0x75, 0x75, 0x75)}
SEVS = list(SEV_COLORS)


def rand_color():
    return (ri(0, 255), ri(0, 255), ri(0, 255))


def png_dot(size=None, color=None):
    size = size or ri(6, 14)
    color = color or rand_color()
    r = (size - 1) / 2.0

    def pix(x, y):
        inside = (x - r) ** 2 + (y - r) ** 2 <= r * r + 0.5
        return bytes(color + ((255,) if inside else (0,)))
    return make_png(size, size, pix)


def png_bars(level=None, color=None):
    level = level if level is not None else ri(0, 4)
    color = color or rand_color()

    def pix(x, y):
        idx = x // 4
        height = (idx + 1) * 4
        on = x % 4 != 3 and y >= 16 - height
        if not on:
            return b"\x00\x00\x00\x00"
        if idx < level:
            return bytes(color + (255,))
        return bytes((0xBD, 0xBD, 0xBD, 255))
    return make_png(16, 16, pix)


def png_pixel(color=None):
    color = color or rand_color()
    alpha = ch([0, 255, 255, 128])
    return make_png(1, 1, lambda x, y: bytes(color + (alpha,)))


def png_spark(w=None, h=None):
    w, h = w or ri(20, 32), h or ri(6, 10)
    pts = [ri(0, h - 1) for _ in range(w)]
    color = rand_color()
    return make_png(w, h, lambda x, y: bytes(color + ((255,) if pts[x] == y else (0,))))


def make_gif(color=None):
    color = color or rand_color()
    return (b"GIF89a" + struct.pack("<HH", 1, 1) + b"\x80\x00\x00" + bytes(color) + b"\xff\xff\xff" +
            b"\x21\xf9\x04\x01\x00\x00\x00\x00" + b"\x2c\x00\x00\x00\x00\x01\x00\x01\x00\x00" +
            b"\x02\x02\x44\x01\x00\x3b")


def make_jpeg(gray=None):
    """Baseline JFIF, one 8x8 grey block of a single level (DC only, EOB)."""
    gray = gray if gray is not None else ri(0, 255)
    diff = gray - 128
    cat = abs(diff).bit_length()
    qt = bytes([8] + [ri(10, 99) for _ in range(63)])
    out = bytearray(b"\xff\xd8")
    out += b"\xff\xe0" + struct.pack(">H", 16) + b"JFIF\x00\x01\x01\x00" + struct.pack(">HH", 1, 1) + b"\x00\x00"
    out += b"\xff\xdb" + struct.pack(">H", 67) + b"\x00" + qt
    out += b"\xff\xc0" + struct.pack(">HBHHB", 11, 8, 8, 8, 1) + b"\x01\x11\x00"
    dc_counts = bytes([1] + [0] * 15)
    out += b"\xff\xc4" + struct.pack(">H", 2 + 1 + 16 + 1) + b"\x00" + dc_counts + bytes([cat])
    out += b"\xff\xc4" + struct.pack(">H", 2 + 1 + 16 + 1) + b"\x10" + dc_counts + b"\x00"
    out += b"\xff\xda" + struct.pack(">H", 8) + b"\x01\x01\x00\x00\x3f\x00"
    bits = "0"
    if cat:
        v = diff if diff > 0 else diff + (1 << cat) - 1
        bits += format(v, "0%db" % cat)
    bits += "0"
    bits += "1" * (-len(bits) % 8)
    for i in range(0, len(bits), 8):
        byte = int(bits[i:i + 8], 2)
        out.append(byte)
        if byte == 0xFF:
            out.append(0)
    out += b"\xff\xd9"
    return bytes(out)


def make_wav(freq=None, n=None):
    freq = freq or ch([425, 440, 480, 620, 950, 1400])
    n = n or ri(48, 120)
    data = bytes(int(128 + 90 * math.sin(2 * math.pi * freq * i / 8000.0)) for i in range(n))
    fmt = struct.pack("<HHIIHH", 1, 1, 8000, 8000, 1, 8)
    body = b"WAVE" + b"fmt " + struct.pack("<I", 16) + fmt + b"data" + struct.pack("<I", len(data)) + data
    if len(data) % 2:
        body += b"\x00"
    return b"RIFF" + struct.pack("<I", len(body)) + body


def make_pdf(w=595, h=842):
    objs = ["<< /Type /Catalog /Pages 2 0 R >>", "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
            "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 %d %d] >>" % (w, h)]
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
    return out.encode()


def make_ico(png):
    return struct.pack("<HHH", 0, 1, 1) + struct.pack("<BBBBHHII", 16, 16, 0, 0, 1, 32, len(png), 22) + png


WEBP_CONST = [  # well-known 1x1 WebP files (lossy, lossless, alpha)
    "UklGRiIAAABXRUJQVlA4IBYAAAAwAQCdASoBAAEADsD+JaQAA3AAAAAA",
    "UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==",
    "UklGRkoAAABXRUJQVlA4WAoAAAAQAAAAAAAAAAAAQUxQSAwAAAARBxAR/Q9ERP8DAABWUDggGAAAABQBAJ0BKgEAAQAAAP4AAA3AAP7mtQAAAA==",
]


def svg_icon():
    kind = ch(["tower", "bars", "sim", "dot", "alarm"])
    c = "#%02x%02x%02x" % rand_color()
    s = ri(12, 24)
    if kind == "tower":
        body = '<path d="M%d 2 L%d %d L%d %d Z" fill="none" stroke="%s" stroke-width="1.5"/>' % (
            s // 2, 2, s - 1, s - 2, s - 1, c)
    elif kind == "bars":
        body = "".join('<rect x="%d" y="%d" width="3" height="%d" fill="%s"/>' % (i * 4, s - (i + 1) * 3, (i + 1) * 3, c)
                       for i in range(ri(1, 4)))
    elif kind == "sim":
        body = '<path d="M3 1h%d l4 4v%d H3z" fill="%s"/>' % (s - 10, s - 6, c)
    elif kind == "dot":
        body = '<circle cx="%d" cy="%d" r="%d" fill="%s"/>' % (s // 2, s // 2, s // 2 - 1, c)
    else:
        body = '<path d="M%d 1 L%d %d H1 Z" fill="%s"/><rect x="%d" y="%d" width="2" height="2" fill="#fff"/>' % (
            s // 2, s - 1, s - 1, c, s // 2 - 1, s - 5)
    return '<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d">%s</svg>' % (
        s, s, s, s, body), kind


def pct_svg(svg):
    out = []
    for c in svg:
        if c in '<>#"%{}':
            out.append("%%%02X" % ord(c))
        else:
            out.append(c)
    return "".join(out).replace('"', "'")


def sourcemap_b64(name):
    srcs = ["src/%s.ts" % ch(["ussd-menu", "topup-form", "alarm-feed", "cell-map", "porting-wizard", "cdr-viewer"])]
    names = pick_n(["render", "menu", "state", "onKey", "fetchBalance", "renderCell", "tick", "useAlarm",
                    "format", "parsePlmn", "emit", "sortBySeverity"], ri(3, 6))
    segs = ",".join(alnum(ri(4, 8), "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz+/") for _ in range(ri(6, 14)))
    sm = {"version": 3, "file": name, "sources": srcs, "names": names, "mappings": "AAAA," + segs}
    return b64(json.dumps(sm, separators=(",", ":")).encode())


# --------------------------------------------------------------------------------------------
# shared vocabulary
# --------------------------------------------------------------------------------------------
SITES_ID = ["JKT", "BDG", "SBY", "MDN", "DPS", "MKS", "PLB", "SMG", "BPN", "PKU"]
SITES_NG = ["LOS", "IKJ", "ABV", "PHC", "KAN", "IBD", "ENU", "BEN", "WAR", "KAD"]
SITES_EG = ["CAI", "ALX", "GIZ", "ASW", "LXR", "MNS", "TNT", "SHR", "HRG", "SUZ"]
ALL_SITES = SITES_ID + SITES_NG + SITES_EG
NODES = ["amf", "smf", "upf", "nrf", "ausf", "udm", "pcf", "mme", "sgw", "pgw", "hss", "pcrf", "ocs", "smsc",
         "ussd-gw", "mnp-gw", "dra", "stp", "ims-cscf", "tas", "mediation", "billing-api", "hlr-proxy"]
VENDORS = ["Huawei", "Ericsson", "Nokia", "ZTE", "Mavenir", "Samsung"]
ALARMS = ["Cell Unavailable", "S1 Interface Fault", "X2 Link Down", "NE Is Disconnected", "RF Unit VSWR Threshold Crossed",
          "Board Temperature Too High", "GPS Clock Loss", "Mains Failure", "Battery Low Voltage",
          "SCTP Link Fault", "NG Interface Fault", "Transmission Link Down", "Clock Reference Source Abnormal",
          "Diameter Peer Down", "License Capacity Exceeded", "Door Open (Site Intrusion)", "Rectifier Module Fault"]


def site(cc=None):
    pool = {"ID": SITES_ID, "NG": SITES_NG, "EG": SITES_EG}.get(cc, ALL_SITES)
    return "%s%04d" % (ch(pool), ri(1, 4999))


def ts_iso(y=None):
    y = y or ch([2025, 2026])
    return "%d-%02d-%02dT%02d:%02d:%02d.%03dZ" % (y, ri(1, 12), ri(1, 28), ri(0, 23), ri(0, 59), ri(0, 59), ri(0, 999))


def ts_plain():
    return "%d-%02d-%02d %02d:%02d:%02d" % (ch([2025, 2026]), ri(1, 12), ri(1, 28), ri(0, 23), ri(0, 59), ri(0, 59))


def epoch():
    return ri(1735689600, 1767225599)


def priv_ip():
    k = ri(0, 3)
    if k == 0:
        return "10.%d.%d.%d" % (ri(0, 255), ri(0, 255), ri(1, 254))
    if k == 1:
        return "172.%d.%d.%d" % (ri(16, 31), ri(0, 255), ri(1, 254))
    if k == 2:
        return "192.168.%d.%d" % (ri(0, 255), ri(1, 254))
    return "%s.%d" % (ch(["192.0.2", "198.51.100", "203.0.113"]), ri(1, 254))


def fence(body, lang=""):
    return "```%s\n%s\n```" % (lang, body)


def maybe_fence(body, lang=""):
    return fence(body, lang) if R.random() < 0.7 else body


# --------------------------------------------------------------------------------------------
# NEGATIVES: data_uri_base64
# --------------------------------------------------------------------------------------------
def trunc(s, keep=None):
    keep = keep or ri(40, 90)
    if len(s) <= keep + 8:
        return s
    style = ri(0, 2)
    if style == 0:
        return s[:keep] + "\u2026"
    if style == 1:
        return s[:keep] + "..."
    return s[:keep] + "...[%d more chars]" % (len(s) - keep)


def d_css_sev():
    sev = ch(SEVS)
    b = b64(png_dot(color=SEV_COLORS[sev]))
    css = ".alarm-sev--%s {\n  background: url(\"data:image/png;base64,%s\") no-repeat 4px center;\n  padding-left: 18px;\n}" % (sev, b)
    intro = ch(["CSS wallboard NOC buat ikon severity %s:" % sev, "severity icon for the NOC wallboard (%s):" % sev,
                "na the %s icon wey dey the wallboard css:" % sev, "الأيقونة بتاعة %s في الـ CSS:" % sev, ""])
    return (intro + "\n" if intro else "") + fence(css, "css")


def d_grafana():
    b = b64(png_bars())
    panel = {"type": "text", "title": "RAN availability %s" % ch(["Jabodetabek", "Lagos Mainland", "Greater Cairo", "Delta", "Kano"]),
             "options": {"mode": "html", "content": "<img src=\"data:image/png;base64,%s\" width=\"16\"/> %s" % (b, ch(["4G", "5G NSA", "2G/3G"]))}}
    return ch(["grafana panel json for the wallboard:", "panel JSON dashboard RAN:", "el panel JSON:"]) + "\n" + fence(json.dumps(panel, indent=2), "json")


def d_email_pixel():
    b = b64(make_gif())
    html = ('<table role="presentation" width="100%%">\n  <tr><td>%s</td></tr>\n</table>\n'
            '<img src="data:image/gif;base64,%s" width="1" height="1" alt="" style="display:block"/>') % (
        ch(["Isi ulang pulsa berhasil", "Your recharge was successful", "تم شحن الرصيد بنجاح", "Paket data aktif"]), b)
    return ch(["template email struk top-up masih pakai pixel ini, aman gak?", "receipt email template still has this spacer gif:",
               "el template bta3 el receipt feeh el gif da:"]) + "\n" + fence(html, "html")


def d_kotlin():
    name = ch(["SIM_ICON", "SIGNAL_FULL", "ROAMING_BADGE", "ESIM_BADGE", "TOPUP_OK"])
    b = b64(ch([png_dot, png_bars, png_pixel])())
    return fence('object Fixtures {\n    const val %s = "data:image/png;base64,%s"\n}' % (name, b), "kotlin")


def d_python():
    b = b64(png_spark())
    fn = ch(["test_cell_marker_renders", "test_kpi_sparkline_png", "test_alarm_badge"])
    return fence("SPARK_PNG = base64.b64decode(\n    \"%s\"\n)\n\ndef %s():\n    assert SPARK_PNG[:8] == b\"\\x89PNG\\r\\n\\x1a\\n\"" % (b, fn), "python")


def d_jupyter():
    b = b64(png_spark(ri(24, 40), ri(8, 12)))
    out = {"output_type": "display_data", "data": {"image/png": b, "text/plain": ["<Figure size 640x%d with 1 Axes>" % ch([240, 320, 480])]},
           "metadata": {}}
    return ch(["notebook KPI drop call masih nyimpen output-nya:", "the churn notebook output cell:", "output el notebook:"]) + "\n" + fence(json.dumps(out, indent=1), "json")


def d_csp():
    svg, _ = svg_icon()
    u = b64(svg.encode())
    return ("Refused to load the image 'data:image/svg+xml;base64,%s' because it violates the following Content Security Policy "
            "directive: \"img-src 'self' https://cdn.selfcare.internal\".") % u


def d_markdown():
    svg, kind = svg_icon()
    return ch(["Runbook", "## Langkah", "### Steps", "خطوات"]) + "\n1. %s\n2. ![%s](data:image/svg+xml;base64,%s) %s" % (
        ch(["Cek alarm di U2020 dulu", "Acknowledge the alarm on the NMS", "شوف الـ alarm على الـ NMS الأول"]), kind, b64(svg.encode()),
        ch(["= site down", "means escalate to field team", "يعني كلم الـ field"]))


def d_wav():
    w = make_wav()
    name = ch(["ivr_topup_ok.wav", "ivr_saldo_habis.wav", "ussd_beep.wav", "ringback_test.wav"])
    return fence("$ echo '%s' | base64 -d > %s\n$ file %s\n%s: RIFF (little-endian) data, WAVE audio, Microsoft PCM, 8 bit, mono 8000 Hz" % (
        b64(w), name, name, name), "console")


def d_sourcemap():
    name = ch(["ussd-sim", "topup", "alarm-feed", "porting", "cdr-viewer"]) + ".min.js"
    return ("tail -c 300 dist/%s\n" % name) + fence("...;export{a as render};\n//# sourceMappingURL=data:application/json;base64,%s" % sourcemap_b64(name), "js")


def d_favicon():
    ico = make_ico(png_dot(16, ch(list(SEV_COLORS.values()))))
    return fence('<link rel="icon" type="image/x-icon" href="data:image/x-icon;base64,%s">' % b64(ico), "html")


def d_pdf():
    p = b64(make_pdf(ch([595, 612]), ch([842, 792])))
    log = {"ts": ts_iso(), "level": "debug", "svc": "billing-api", "msg": "invoice preview rendered",
           "invoice": "INV-%d-%06d" % (ch([2025, 2026]), ri(1, 999999)), "pages": 1,
           "attachment": "data:application/pdf;base64," + trunc(p, ri(60, 120))}
    return json.dumps(log, ensure_ascii=False)


def d_next_jpeg():
    j = b64(make_jpeg())
    return fence('<Image\n  src="/img/coverage-%s.jpg"\n  placeholder="blur"\n  blurDataURL="data:image/jpeg;base64,%s"\n  alt="%s"\n/>' % (
        ch(["jabodetabek", "lagos", "cairo", "alexandria", "kano"]), j, ch(["coverage map", "peta cakupan", "خريطة التغطية"])), "jsx")


def d_webp():
    w = ch(WEBP_CONST)
    name = ch(["5g-badge", "volte-badge", "roaming-badge", "esim-badge", "4g-plus"])
    return fence('<picture>\n  <source type="image/webp" srcset="data:image/webp;base64,%s">\n  <img src="/static/%s.png" alt="%s" width="%d">\n</picture>' % (
        w, name, name.split("-")[0].upper(), ch([16, 20, 24, 32])), "html")


def d_pct_svg():
    svg, _ = svg_icon()
    form = ri(0, 1)
    if form == 0:
        u = "data:image/svg+xml,%s" % pct_svg(svg)
    else:
        u = "data:image/svg+xml;utf8,%s" % svg.replace('"', "'")
    return fence(".cell-marker::before {\n  content: \"\";\n  background-image: url(\"%s\");\n}" % u, "css")


def d_har():
    b = b64(png_pixel())
    e = {"startedDateTime": ts_iso(), "request": {"method": "GET", "url": "data:image/png;base64," + b},
         "response": {"status": 200, "content": {"size": len(base64.b64decode(b)), "mimeType": "image/png"}}}
    return "HAR entry from the self-care portal:\n" + json.dumps(e)


def d_go():
    b = b64(png_dot())
    return fence("var markerPNG = mustDecode(\"%s\")\n\nfunc TestSiteMarker(t *testing.T) {\n\tif !bytes.HasPrefix(markerPNG, pngMagic) {\n\t\tt.Fatal(\"not a png\")\n\t}\n}" % b, "go")


def d_yaml_marker():
    lines = ["markers:"]
    for sev in pick_n(SEVS, ri(2, 4)):
        svg = '<svg xmlns="http://www.w3.org/2000/svg" width="12" height="12"><circle cx="6" cy="6" r="5" fill="#%02x%02x%02x"/></svg>' % SEV_COLORS[sev]
        lines.append("  %s: \"data:image/svg+xml;base64,%s\"" % (sev, b64(svg.encode())))
    return fence("\n".join(lines), "yaml")


def d_chat():
    b = b64(ch([png_dot, png_pixel, png_bars])())
    lang = ri(0, 3)
    if lang == 0:
        return "siapa yang taruh data URI segede ini di CSS dashboard? `data:image/png;base64,%s` bikin bundle bengkak" % b
    if lang == 1:
        return "abeg who put this data uri for the dashboard css? `data:image/png;base64,%s` e dey make the bundle heavy" % b
    if lang == 2:
        return "el icon da embedded base64 fel HTML, msh m7tageen CDN: `data:image/png;base64,%s`" % b
    return "الأيقونة دي متخزنة base64 جوه الـ HTML: `data:image/png;base64,%s`" % b


def d_truncated():
    b = b64(png_spark(ri(40, 64), ri(12, 20)))
    return ch(["log nya kepotong:", "log truncated:", "el log at2ata3:"]) + "\n" + "%s WARN renderer payload too large img=data:image/png;base64,%s" % (ts_plain(), trunc(b))


def d_rn():
    b = b64(png_bars(4))
    return fence("<Image\n  style={styles.signal}\n  source={{ uri: 'data:image/png;base64,%s' }}\n/>" % b, "tsx")


def d_lmt_json():
    g = b64(make_gif(ch(list(SEV_COLORS.values()))))
    obj = {"neName": site(), "neType": ch(["BTS5900", "BBU6630", "AirScale"]), "topologyIcon": "data:image/gif;base64," + g,
           "state": ch(["online", "offline", "disconnected"])}
    return "response dari web LMT:\n" + json.dumps(obj)


def d_multi_icons():
    rows = []
    for sev in pick_n(SEVS, ri(3, 6)):
        rows.append("| %s | `data:image/png;base64,%s` |" % (sev, b64(png_dot(8, SEV_COLORS[sev]))))
    return "| severity | icon |\n|---|---|\n" + "\n".join(rows)


def d_jpeg_python():
    j = b64(make_jpeg())
    return fence('THUMB = "data:image/jpeg;base64,%s"\nassert base64.b64decode(THUMB.split(",", 1)[1])[:3] == b"\\xff\\xd8\\xff"' % j, "python")


def d_ico_curl():
    ico = make_ico(png_bars())
    return "$ curl -s https://selfcare.internal/favicon.ico | base64 -w0\n%s" % b64(ico)


NEG_DATA_URI = [d_css_sev, d_grafana, d_email_pixel, d_kotlin, d_python, d_jupyter, d_csp, d_markdown, d_wav, d_sourcemap,
                d_favicon, d_pdf, d_next_jpeg, d_webp, d_pct_svg, d_har, d_go, d_yaml_marker, d_chat, d_truncated, d_rn,
                d_lmt_json, d_multi_icons, d_jpeg_python, d_ico_curl]


# --------------------------------------------------------------------------------------------
# NEGATIVES: placeholder_example
# --------------------------------------------------------------------------------------------
def p_env_example():
    lines = ["# .env.example  (provisioning-adapter)", "HLR_HOST=%s" % priv_ip(), "HLR_PORT=%d" % ch([8080, 3868, 7777, 2775]),
             "HLR_API_USER=<username>", "HLR_API_PASSWORD=%s" % ch(["<password>", "changeme", "CHANGE_ME", "\"\"", "${HLR_API_PASSWORD}"]),
             "SMSC_SYSTEM_ID=%s" % ch(["<system_id>", "your-system-id", "esme_xxx"]),
             "SMSC_PASSWORD=%s" % ch(["<8 chars max>", "xxxxxxxx", "********", "%SMSC_PASSWORD%"])]
    if R.random() < 0.5:
        lines.append("OCS_DB_URL=postgres://user:password@localhost:5432/ocs")
    return fence("\n".join(lines), "dotenv")


def p_helm():
    return fence("env:\n  - name: OCS_DB_PASSWORD\n    value: {{ .Values.ocs.db.password | quote }}\n  - name: SMPP_PASSWORD\n"
                 "    valueFrom:\n      secretKeyRef:\n        name: %s\n        key: %s" % (
                     ch(["smsc-bind", "smpp-credentials", "esme-topup"]), ch(["password", "smpp-password", "bind-pw"])), "yaml")


def p_actions():
    return fence("- name: Notify NOC\n  uses: slackapi/slack-github-action@v1\n  with:\n    channel-id: ${{ vars.NOC_CHANNEL }}\n"
                 "  env:\n    SLACK_BOT_TOKEN: ${{ secrets.%s }}\n    AWS_SECRET_ACCESS_KEY: ${{ secrets.CDR_ARCHIVE_SECRET }}" % ch(
                     ["SLACK_BOT_TOKEN", "NOC_ALERT_BOT_TOKEN", "SLACK_TOKEN_RAN"]), "yaml")


def p_chat_xoxb():
    return ch([
        "token-nya jangan di-paste di sini ya, di README contohnya pakai `xoxb-your-bot-token` aja",
        "abeg no paste the real bot token for channel, for the doc write am as `xoxb-xxxxxxxxxxxx-xxxxxxxxxxxx-xxxxxxxxxxxxxxxxxxxxxxxx`",
        "matb3tsh el token hena ya basha, ekteb `xoxb-...` fel wiki bas",
        "في الـ wiki اكتبوا التوكن كده `xoxb-<bot-token>` ومحدش يحط الحقيقي",
        "in the runbook the token is shown as `xoxb-REPLACE-ME`, real one lives in Vault",
    ]) + ch(["", " 🙏", " pls", " ya"])


def p_masked_card():
    last4 = "%04d" % ri(0, 9999)
    amt = ch(["IDR 50.000", "IDR 100.000", "NGN 5,000", "NGN 10,000", "EGP 200", "EGP 150"])
    return "%s INFO pg-callback order=%s card=%s status=%s amount=%s" % (
        ts_plain(), order_id(), ch(["**** **** **** " + last4, "•••• " + last4, "XXXX-XXXX-XXXX-" + last4, "4***********" + last4[-3:], "52******" + last4]),
        ch(["SETTLED", "DECLINED", "3DS_REQUIRED", "REFUNDED"]), amt)


def p_masked_phone():
    forms = ["+62 812-****-**%02d" % ri(0, 99), "0812xxxx%04d" % ri(0, 9999), "+234 80X XXX X%03d" % ri(0, 999),
             "0803 *** **%02d" % ri(0, 99), "+20 10 XXXX XX%02d" % ri(0, 99), "01X-XXXX-XXXX", "62812*****%03d" % ri(0, 999),
             "+2010********", "08xx-xxxx-xxxx"]
    f = ch(forms)
    return ch([
        "msisdn di log udah dimasking jadi `%s`, aman" % f,
        "the masked msisdn `%s` is what we show agents in the CRM" % f,
        "el rakam byetla3 masked keda `%s` fel portal" % f,
        "porting request shows donor msisdn as `%s` — masking works" % f,
        "na `%s` format we dey show for USSD receipt" % f,
    ])


def p_iban_placeholder():
    f = ch(["EG00 0000 0000 0000 0000 0000 0000 0", "EGxx xxxx xxxx xxxx xxxx xxxx xxxx x", "DE00 0000 0000 0000 0000 00",
            "FR76 XXXX XXXX XXXX XXXX XXXX XXX", "EG** **** **** **** **** **** ***%d" % ri(0, 9), "DE89 …", "<IBAN>"])
    return ch([
        "vendor master form: field `IBAN` must look like `%s` (29 chars for EG, 22 for DE, 27 for FR)" % f,
        "di template invoice supplier, kolom IBAN diisi `%s` dulu, nanti finance isi sendiri" % f,
        "placeholder fel form: `%s` — el finance hay3ebbooh" % f,
        "حطوا `%s` في خانة الآيبان لحد ما الـ finance يبعت الصح" % f,
    ])


def p_aws_doc():
    return fence("[cdr-archive]\naws_access_key_id = AKIAIOSFODNN7EXAMPLE\naws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY\n"
                 "region = %s" % ch(["ap-southeast-3", "af-south-1", "me-central-1", "eu-central-1"]), "ini") + "\n" + ch(
        ["^ contoh dari docs AWS, bukan key beneran", "that's the AWS docs example pair, not ours", "da el example bta3 AWS docs",
         "na AWS example key be dis, no panic"])


def p_vault_refs():
    return fence("ocs:\n  db_password: %s\n  smpp_password: %s\n  hlr_api_key: %s" % (
        ch(["vault:secret/data/ocs/prod#db_password", "op://NOC-Lagos/OCS DB/password", "${vault:kv/billing/ocs:password}"]),
        ch(["op://Core-Cairo/SMSC bind/password", "vault:secret/data/smsc#password", "ref+vault://secret/smsc#/password"]),
        ch(["{{resolve:secretsmanager:prod/hlr-proxy:SecretString:api_key}}", "arn:aws:secretsmanager:af-south-1:123456789012:secret:hlr-proxy-AbCdEf",
            "vault:transit/keys/hlr-api"])), "yaml")


def p_ai_keys():
    return ch([
        "chatbot CS bahasa Indonesia: set `OPENAI_API_KEY=sk-...` di .env lokal, jangan commit",
        "for the Arabic care bot use `ANTHROPIC_API_KEY=sk-ant-api03-...` locally; prod reads it from Secrets Manager",
        "the key in the screenshot is `sk-proj-…` only, the rest is cropped, relax",
        "abeg the doc example na `sk-ant-xxxxxxxx` no be real key",
        "fel README: `export OPENAI_API_KEY=<your key here>` w khalas",
    ])


def p_dsn_templates():
    return ch([
        "connection string template: `postgres://user:password@localhost:5432/cdr_mediation`",
        "Atlas sample: `mongodb+srv://<username>:<password>@<cluster>.mongodb.net/porting?retryWrites=true`",
        "local dev: `amqp://guest:guest@localhost:5672/` buat queue top-up",
        "`mysql://root:root@127.0.0.1:3306/voucher_dev` is only the docker-compose default",
        "`redis://:<password>@redis-ocs:6379/0` — fill in from vault",
        "JDBC template: `jdbc:oracle:thin:${DB_USER}/${DB_PASS}@//ocs-db:1521/OCSPDB`",
    ])


def p_pem_stub():
    kind = ch(["", "RSA ", "EC ", "OPENSSH "])
    return ch(["sertifikat SM-DP+ formatnya begini (isi key jangan ditempel):", "the SFTP key for the roaming hub goes here:",
               "el format bta3 el key file:"]) + "\n" + fence("-----BEGIN %sPRIVATE KEY-----\n%s\n-----END %sPRIVATE KEY-----" % (
        kind, ch(["...", "<paste key here>", "MIIEv...(truncated)...", "…"]), kind))


def p_sim_ki():
    return fence("# SIM vendor output file (header only, example record)\nvar_out: ICCID/IMSI/KI/OPC/PIN1/PUK1\n"
                 "%s %s KI=%s OPC=%s PIN1=%s PUK1=%s" % (
                     "<ICCID>", "<IMSI>", ch(["********************************", "<32-hex>", "${KI}", "[REDACTED]"]),
                     ch(["<32-hex>", "********************************", "[REDACTED]"]), ch(["****", "<PIN1>", "xxxx"]),
                     ch(["********", "<PUK1>", "xxxxxxxx"])))


def p_ssn_mask():
    return ch([
        "US roaming partner KYC form wants SSN as `XXX-XX-XXXX`, we send N/A for non-US staff",
        "form vendor Amerika minta `SSN: ***-**-****`, kita isi N/A aja",
        "el form bta3 el vendor el Amreeky feeh `SSN: XXX-XX-XXXX` — sibha fadya",
    ])


def p_redacted_log():
    return "%s INFO %s auth ok user=%s pass=%s src=%s" % (
        ts_plain(), ch(["oss-gw", "u2020-proxy", "enm-api", "netact-adapter"]), ch(["noc_ro", "svc_alarm", "field_ops"]),
        ch(["[REDACTED]", "<redacted>", "***", "[FILTERED]", "[MASKED]", "(sensitive value)"]), priv_ip())


def p_smpp_bind():
    return fence("bind_transceiver system_id=%s password=%s system_type=%s addr_ton=1 addr_npi=1" % (
        ch(["<your system id>", "${SMPP_SYSTEM_ID}", "ESME_ID"]), ch(["<max 8 chars>", "${SMPP_PASSWORD}", "********"]),
        ch(["TOPUP", "OTP", "VMA", ""])))


def p_franco_pw():
    return ch([
        "7ot el password bta3ak makan `<PASSWORD>` w matb3tosh hena 3ala el channel",
        "isi password kamu sendiri di `<PASSWORD>`, jangan pakai punya orang",
        "put your own password for where e write `<PASSWORD>`, abeg",
        "حط الباسورد بتاعك مكان `<PASSWORD>` ومتبعتهوش هنا",
        "the template line is `password: \"{{ vault_oss_password }}\"` so ansible fills it",
    ])


def p_voucher_pin():
    code = ch(["*888*<16 digit PIN>#", "*123*<kode voucher>#", "*556*<PIN>#", "*311*<voucher PIN>#", "*858*<رقم الكارت>#"])
    return ch([
        "cara isi ulang: ketik `%s` lalu OK" % code,
        "recharge help text: dial `%s`" % code,
        "el USSD l shahn el kart: `%s`" % code,
        "abeg the help screen still show `%s`, correct am to the new short code" % code,
    ])


def p_slack_webhook_zero():
    u = "https://hooks.slack.com/services/T00000000/B00000000/XXXXXXXXXXXXXXXXXXXXXXXX"
    return ch([
        "webhook di contoh config: `%s` (dummy)" % u,
        "alertmanager example receiver:\n```yaml\nslack_configs:\n  - api_url: %s\n    channel: '#noc-%s'\n```" % (u, ch(["ran", "core", "billing"])),
        "el webhook fel sample `%s` — da dummy, el 7a2i2y fel vault" % u,
        "na dummy webhook `%s` dey the sample, no vex" % u,
    ])


def p_card_mask_chat():
    return ch([
        "PCI scope: agents must only ever see `xxxx-xxxx-xxxx-%04d`" % ri(0, 9999),
        "receipt shows card as `•••• •••• •••• %04d`, that's allowed" % ri(0, 9999),
        "struk cuma nampilin `**** %04d`, udah sesuai PCI" % ri(0, 9999),
        "el receipt byetla3 feeh `XXXX XXXX XXXX %04d` bas" % ri(0, 9999),
    ])


def p_defaults():
    return ch([
        "lab eNodeB web LMT still on admin/admin — change am before the drive test",
        "RabbitMQ di mediation lab masih guest/guest, tolong diganti sebelum UAT",
        "`POSTGRES_PASSWORD: changeme` in the docker-compose is only for local ocs dev",
        "Grafana lab still on admin/admin, el prod mesh keda",
        "`KEYCLOAK_ADMIN_PASSWORD=admin` in the dev compose file, prod uses the vault value",
    ])


def p_k8s_secret():
    return fence("apiVersion: v1\nkind: Secret\nmetadata:\n  name: %s\n  namespace: %s\ntype: Opaque\nstringData:\n  password: \"%s\"\n  api-key: \"%s\"" % (
        ch(["mnp-gw-creds", "ussd-gw-auth", "ocs-db", "hss-provisioning"]), ch(["core-5g", "billing", "bss", "oss"]),
        ch(["", "REPLACE_ME", "<set-by-sealed-secrets>"]), ch(["", "TODO", "<from-vault>"])), "yaml")


def p_terraform_var():
    return fence('variable "%s" {\n  type      = string\n  sensitive = true\n  default   = "%s"\n}' % (
        ch(["ocs_db_password", "mediation_sftp_password", "tap_hub_password"]), ch(["", "changeme", "placeholder"])), "hcl")


def p_win_batch():
    return fence("@echo off\nset PGPASSWORD=%%CDR_DB_PASSWORD%%\npsql -h %s -U cdr_loader -d cdr -c \"\\copy tap_in from '%%1' csv\"" % priv_ip(), "bat") + \
        "\n" + ch(["azure step uses `$(CDR_DB_PASSWORD)` the same way", "", "di Azure DevOps pakai `$(CDR_DB_PASSWORD)`"])


def p_vendor_prefixes():
    xs = pick_n(["`ghp_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx`", "`github_pat_...`", "`glpat-xxxxxxxxxxxxxxxxxxxx`", "`AIza****************`",
                 "`sk_live_xxx`", "`whsec_...`", "`AKIA...`", "`xoxp-...`", "`sk-...`"], ri(3, 5))
    return ch(["secret scanner test fixtures:", "daftar pola buat pre-commit hook:", "pattern wey the pre-commit hook dey catch:"]) + " " + ", ".join(xs)


def p_curl_bearer():
    return fence("curl -s -X POST https://api.%s.internal/v1/subscribers/activate \\\n  -H \"Authorization: Bearer %s\" \\\n  -H 'Content-Type: application/json' \\\n  -d '{\"iccid\":\"<ICCID>\",\"imsi\":\"<IMSI>\",\"plan\":\"%s\"}'" % (
        ch(["provisioning", "bss", "sim"]), ch(["$TOKEN", "<ACCESS_TOKEN>", "${PROV_TOKEN}", "eyJhbGciOi..."]),
        ch(["PREPAID_10GB", "POSTPAID_BIZ", "DATA_ONLY"])), "bash")


def p_otp_template():
    return ch([
        "SMS template: `Kode OTP Anda {{otp}}. Jangan berikan kode ini kepada siapa pun.`",
        "SMS template: `Your port-out code is {{port_code}}. Valid 24h.`",
        "قالب الرسالة: `كود التحقق بتاعك {{otp}} متديهوش لحد`",
        "template: `Your SIM swap PIN na {{pin}}, no share am with anybody`",
    ])


NEG_PLACEHOLDER = [p_env_example, p_helm, p_actions, p_chat_xoxb, p_masked_card, p_masked_phone, p_iban_placeholder, p_aws_doc,
                   p_vault_refs, p_ai_keys, p_dsn_templates, p_pem_stub, p_sim_ki, p_ssn_mask, p_redacted_log, p_smpp_bind,
                   p_franco_pw, p_voucher_pin, p_slack_webhook_zero, p_card_mask_chat, p_defaults, p_k8s_secret,
                   p_terraform_var, p_win_batch, p_vendor_prefixes, p_curl_bearer, p_otp_template]


# --------------------------------------------------------------------------------------------
# NEGATIVES: code_identifier
# --------------------------------------------------------------------------------------------
TW = ["Msisdn", "Imsi", "Iccid", "Imei", "Sim", "PortIn", "PortOut", "Porting", "TopUp", "Voucher", "Balance", "Recharge",
      "Roaming", "Cdr", "Tap", "Rating", "Charging", "Subscriber", "Otp", "Pin", "Puk", "Ki", "Opc", "Hlr", "Hss", "Udm",
      "Pcrf", "Smsc", "Ussd", "Kyc", "Nik", "Nin", "Password", "Token", "Secret", "Credential", "Iban", "Card", "Email",
      "Phone", "Donor", "Recipient", "Bundle", "Wallet", "Dealer"]
SUF = ["Handler", "Validator", "Resolver", "Service", "Repository", "Mapper", "Factory", "Adapter", "Controller", "Provider",
       "Encoder", "Decoder", "Sanitizer", "Masker", "Listener", "Processor", "Client"]
VERBS = ["validate", "resolve", "mask", "hash", "encode", "decode", "lookup", "reserve", "deduct", "refund", "activate",
         "suspend", "rotate", "verify", "build", "parse", "normalize", "route", "charge", "apply"]


def cls():
    return ch(TW) + ch(TW) + ch(SUF)


def meth():
    return ch(VERBS) + ch(TW) + ch(["", ch(TW)])


def pkg(root):
    return root + "." + ch(["rating", "provisioning", "porting", "topup", "roaming", "mediation", "security", "kyc", "sim", "api"])


def c_java():
    root = ch(["id.nusaseluler.ocs", "ng.lagoonmobile.bss", "eg.nilemobile.billing"])
    ex = ch(["IllegalStateException", "TimeoutException", "DataIntegrityViolationException", "NullPointerException"])
    lines = ["%s ERROR [%s] %s.%s - %s" % (ts_iso(), ch(["kafka-listener-3", "http-nio-8080-exec-7", "diameter-worker-2", "scheduling-1"]),
                                          pkg(root), cls(), ch(["charging request failed", "port-out validation failed", "voucher redemption aborted"])),
             "java.lang.%s: %s" % (ex, ch(["balance bucket locked", "no route for PLMN", "donor response timeout"]))]
    for _ in range(ri(6, 22)):
        lines.append("\tat %s.%s.%s(%s.java:%d)" % (pkg(root), cls(), meth(), cls(), ri(40, 990)))
    lines.append("\tat java.base/java.lang.Thread.run(Thread.java:1583)")
    return fence("\n".join(lines))


def c_erlang():
    mod = ch(["diameter_gen_base_rfc6733", "diameter_peer_fsm", "diameter_service", "diameter_traffic", "diameter_watchdog"])
    gm = ch(["ccr_handler", "rating", "quota"])
    return fence("=CRASH REPORT==== %d-%s-%d::%02d:%02d:%02d ===\n  crasher:\n    initial call: %s:init/1\n    pid: <0.%d.0>\n"
                 "    registered_name: []\n    exception error: no match of right hand side value {error,%s}\n"
                 "      in function  ocs_gy_%s:handle_request/3 (src/ocs_gy_%s.erl, line %d)\n"
                 "      in call from diameter_traffic:application_request/4 (diameter_traffic.erl, line %d)" % (
                     ri(1, 28), ch(["Jan", "Mar", "Jun", "Sep", "Nov"]), ch([2025, 2026]), ri(0, 23), ri(0, 59), ri(0, 59), mod,
                     ri(300, 9999), ch(["unknown_subscription_id", "missing_avp", "rating_group_not_found", "credit_limit_reached"]),
                     gm, gm, ri(40, 400), ri(100, 900)))


def c_go():
    fn = ch(["(*PortOutValidator).validateDonorPin", "(*TopUpService).ApplyVoucher", "(*SimSwapGuard).CheckImeiChange",
             "(*MsisdnMasker).Mask", "(*TapParser).decodeCallEventDetails"])
    pkgp = ch(["github.com/nilemobile/mnp-gateway/internal/porting", "gitlab.lagoonmobile.ng/bss/topup/internal/voucher",
               "git.nusaseluler.co.id/core/simswap/pkg/guard"])
    return fence("panic: runtime error: invalid memory address or nil pointer dereference\n[signal SIGSEGV: segmentation violation code=0x1 addr=0x%x pc=0x%x]\n\n"
                 "goroutine %d [running]:\n%s.%s(0xc000%s, 0xc000%s)\n\t/src/internal/%s.go:%d +0x%x\n%s.(*Server).handle%s(...)\n\t/src/internal/server.go:%d\n"
                 "net/http.HandlerFunc.ServeHTTP(0xc000%s, {0x%x, 0xc000%s}, 0xc000%s)\n\t/usr/local/go/src/net/http/server.go:2171 +0x29" % (
                     ri(0, 0x40), ri(0x400000, 0x9fffff), ri(10, 999), pkgp, fn, hexs(6), hexs(6), ch(["validator", "service", "guard"]),
                     ri(30, 400), ri(0x10, 0x3ff), pkgp, ch(TW), ri(40, 300), hexs(6), ri(0x900000, 0x9fffff), hexs(6), hexs(6)))


def c_python():
    mod = ch(["provisioning/hlr/adapters/huawei_hss.py", "provisioning/udm/client.py", "porting/ng/ncc_clearinghouse.py",
              "topup/voucher/redeem.py", "kyc/nik_verifier.py"])
    return fence("Traceback (most recent call last):\n  File \"/app/%s\", line %d, in %s\n    payload = %s(sub)\n"
                 "  File \"/app/provisioning/common/payloads.py\", line %d, in %s\n    return {\"imsi\": sub.imsi, \"ki\": self._wrap_ki(sub)}\n"
                 "KeyError: '%s'" % (
                     mod, ri(20, 400), ch(["provision_subscriber", "activate_sim", "redeem_voucher", "port_out"]),
                     ch(["build_imsi_ki_opc_payload", "build_esim_profile_payload", "build_port_request"]), ri(20, 300),
                     ch(["build_imsi_ki_opc_payload", "build_esim_profile_payload"]), ch(["transport_key_id", "opc_encrypted", "ki_blob_ref"])), "python")


def c_gdb():
    lines = ["Program terminated with signal SIGSEGV, Segmentation fault."]
    for i in range(ri(4, 9)):
        ns = ch(["smsc", "ussd", "stp", "charging"])
        a, b = ch(TW) + ch(SUF), ch(VERBS)
        sym = "_ZN%d%s%d%s%d%sE%s" % (len(ns), ns, len(a), a, len(b), b, ch(["RKSs", "v", "PKcm", "RKNS_7ContextE", "i"]))
        lines.append("#%d  0x%016x in %s () from /opt/%s/lib/lib%s.so" % (i, ri(0x7f0000000000, 0x7fffffffffff), sym, ns, ns))
    return fence("\n".join(lines))


def c_rust():
    lines = ["thread 'tokio-runtime-worker' panicked at src/%s.rs:%d:%d:" % (ch(["cdr/asn1", "tap/decoder", "rating/tariff"]), ri(10, 500), ri(5, 60)),
             "called `Result::unwrap()` on an `Err` value: %s" % ch(["UnexpectedTag(0x9f)", "LengthOverflow", "UnknownChargeType(7)"]),
             "stack backtrace:"]
    for i in range(ri(4, 10)):
        cr = ch(["cdr_mediator", "tap_decoder", "rating_engine"])
        f = ch(["parser", "asn1", "tariff", "roaming"])
        g = ch(["decode_ber", "apply_zone", "lookup_msisdn_prefix", "parse_imsi", "mask_iccid"])
        lines.append("  %2d: %s::%s::%s::h%s" % (i, cr, f, g, hexs(16)))
    return fence("\n".join(lines))


def c_kubectl():
    lines = ["$ kubectl -n %s get pods" % ch(["core-5g", "epc", "bss-topup", "mnp"]), "NAME                                READY   STATUS             RESTARTS   AGE"]
    for _ in range(ri(4, 12)):
        nm = "%s-%s-%s" % (ch(NODES), hexs(ri(9, 10)), alnum(5, "bcdfghjklmnpqrstvwxz2456789"))
        lines.append("%-35s %s   %-18s %-10d %s" % (nm, ch(["1/1", "2/2", "0/1"]), ch(["Running", "Running", "CrashLoopBackOff", "Pending"]),
                                                    ri(0, 40), ch(["3d", "17h", "42m", "9d"])))
    return fence("\n".join(lines))


def c_terraform():
    lines = ["Terraform will perform the following actions:"]
    for _ in range(ri(3, 7)):
        lines.append("  # module.%s.%s.%s will be %s" % (ch(["billing_db", "cdr_archive", "mnp_gateway", "noc_bots"]),
                                                       ch(["aws_db_instance", "aws_s3_bucket", "aws_secretsmanager_secret", "aws_iam_role"]),
                                                       ch(["ocs_primary", "tap_in", "smpp_password", "topup_api_key", "msisdn_hash_salt"]),
                                                       ch(["created", "updated in-place", "destroyed"])))
    lines.append("Plan: %d to add, %d to change, %d to destroy." % (ri(0, 5), ri(0, 5), ri(0, 3)))
    return fence("\n".join(lines))


def c_proto():
    svc = ch(["SimService", "PortingService", "TopUpService", "SubscriberService"])
    rpcs = pick_n(["ActivateIccid", "SwapImsi", "ResetPuk", "SubmitPortOut", "ValidateDonorPin", "RedeemVoucher", "ReverseTopUp",
                   "LookupByMsisdnHash", "RotateOtpSecret"], ri(2, 4))
    body = "\n".join("  rpc %s(%sRequest) returns (%sResponse);" % (r, r, r) for r in rpcs)
    return fence("package %s.v1;\n\nservice %s {\n%s\n}" % (ch(["nusaseluler.provisioning", "lagoon.bss", "nilemobile.porting"]), svc, body), "proto")


def c_sql():
    cols = pick_n(["msisdn_sha256 CHAR(64) NOT NULL", "imsi_last4 CHAR(4)", "iccid_last5 CHAR(5)", "ki_encrypted BYTEA",
                   "opc_key_ref VARCHAR(64)", "password_hash TEXT", "otp_secret_ref VARCHAR(80)", "iban_last4 CHAR(4)",
                   "card_token VARCHAR(40)", "email_verified BOOLEAN", "phone_verified_at TIMESTAMPTZ", "donor_pin_attempts SMALLINT"], ri(4, 8))
    return fence("CREATE TABLE %s (\n  id BIGSERIAL PRIMARY KEY,\n  %s\n);" % (ch(["subscriber_secure", "port_request", "topup_txn", "sim_inventory"]),
                                                                        ",\n  ".join(cols)), "sql")


def c_flags():
    fl = pick_n(["mnp.port_out.require_donor_pin", "topup.voucher.pin_retry_limit", "sim_swap.block_if_imei_changed_24h",
                 "kyc.nik_match_threshold", "ussd.balance.mask_msisdn", "roaming.tap.reject_duplicate_sequence",
                 "billing.card_token.vault_v2", "otp.sms.fallback_to_voice", "noc.alarm.auto_ack_cleared"], ri(3, 5))
    return fence("\n".join("%s: %s" % (f, ch(["true", "false", "3", "0.85", "\"canary\""])) for f in fl), "yaml")


def c_wireshark():
    return ch(["display filter buat trace port-out:", "filter wey I use for the SIM swap trace:", "el filter:"]) + " `" + ch([
        "gsm_map.old.Component && e212.imsi && !gsm_map.er.errorCode",
        "diameter.Subscription-Id-Data && diameter.CC-Request-Type == 2",
        "ngap.procedureCode == 15 && nas_5gs.mm.suci.supi_fmt == 0",
        "gtpv2.imei && gtpv2.message_type == 32",
        "sip.P-Asserted-Identity && sip.Method == \"INVITE\"",
    ]) + "`"


def c_css_dom():
    return fence('<tr class="AlarmTable_criticalRow__%s css-%s" _ngcontent-ng-c%d data-v-%s>\n  <td class="svelte-%s">%s</td>\n</tr>' % (
        alnum(5), alnum(7, "abcdefghijklmnopqrstuvwxyz0123456789"), ri(1000000000, 4000000000), hexs(8),
        alnum(6, "abcdefghijklmnopqrstuvwxyz0123456789"), ch(ALARMS)), "html")


def c_next_build():
    lines = ["Route (pages)                              Size     First Load JS"]
    for r in pick_n(["/topup/[msisdnHash]", "/porting/status", "/sim/activate", "/roaming/usage", "/kyc/upload", "/voucher/redeem"], ri(3, 5)):
        lines.append("├ ○ %-38s %.1f kB  %d kB" % (r, R.random() * 9 + 1, ri(80, 140)))
    lines.append("+ First Load JS shared by all             %d kB" % ri(70, 90))
    lines.append("  ├ chunks/framework-%s.js  45.2 kB" % hexs(16))
    lines.append("  └ chunks/main-%s.js       %d kB" % (hexs(16), ri(20, 40)))
    return fence("\n".join(lines))


def c_objc():
    return fence("Last Exception Backtrace:\n0   CoreFoundation  0x%x __exceptionPreprocess + 164\n1   libobjc.A.dylib 0x%x objc_exception_throw + 60\n"
                 "2   MyNile          0x%x -[NMSimActivationController verify%sWithCompletion:] + 212\n"
                 "3   MyNile          0x%x -[NMTopUpViewController apply%s:forBundle:] + 88" % (
                     ri(0x180000000, 0x18fffffff), ri(0x180000000, 0x18fffffff), ri(0x100000000, 0x10fffffff), ch(["Iccid", "Puk", "Otp"]),
                     ri(0x100000000, 0x10fffffff), ch(["Voucher", "CardToken", "Wallet"])))


def c_dotnet():
    lines = ["System.InvalidOperationException: %s" % ch(["Sequence contains no elements", "Dealer wallet is locked"])]
    for _ in range(ri(4, 10)):
        lines.append("   at Lagoon.DealerPortal.%s.%s.%s(%s request) in /src/%s.cs:line %d" % (
            ch(["Wallet", "Sim", "Kyc", "TopUp"]), cls(), meth()[0].upper() + meth()[1:] + "Async", cls() + "Request", cls(), ri(20, 500)))
    return fence("\n".join(lines))


def c_elixir():
    return fence("** (FunctionClauseError) no function clause matching in Billing.Cdr.RoamingTapParser.parse_%s/2\n"
                 "    (billing 2.%d.%d) lib/billing/cdr/roaming_tap_parser.ex:%d: Billing.Cdr.RoamingTapParser.parse_%s/2\n"
                 "    (billing 2.%d.%d) lib/billing/cdr/ingest.ex:%d: Billing.Cdr.Ingest.handle_batch/3" % (
                     ch(["call_event_details", "mobile_originated_call", "gprs_call"]), ri(0, 9), ri(0, 20), ri(20, 300),
                     ch(["call_event_details", "mobile_originated_call", "gprs_call"]), ri(0, 9), ri(0, 20), ri(20, 300)))


def c_bazel():
    ts = pick_n(["//core/smsc/routing:msisdn_prefix_matcher_test", "//bss/topup/voucher:pin_hasher_test", "//oss/alarms:correlator_test",
                 "//core/udm:suci_deconceal_test", "//bss/porting:donor_pin_validator_test", "//billing/tap:decoder_fuzz_test"], ri(2, 4))
    return fence("\n".join("%s  %s in %.1fs" % (t, ch(["PASSED", "PASSED", "FAILED", "FLAKY"]), R.random() * 30) for t in ts))


def c_open5gs():
    imsi = lab_imsi()
    return fence("%s: [amf] INFO: InitialUEMessage (../src/amf/ngap-handler.c:%d)\n%s: [amf] INFO: [imsi-%s] Unknown UE by SUCI (../src/amf/context.c:%d)\n"
                 "%s: [amf] WARNING: amf_nsmf_pdusession_handle_create_sm_context() failed [%d] (../src/amf/nsmf-handler.c:%d)" % (
                     ts_plain()[5:], ri(300, 700), ts_plain()[5:], imsi, ri(1000, 2500), ts_plain()[5:], ch([400, 403, 500, 504]), ri(50, 400)))


def c_mo_dn():
    s = site()
    return ch(["alarm object:", "MO wey dey alarm:", "el MO:"]) + " `" + ch([
        "SubNetwork=ONRM_ROOT_MO,SubNetwork=%s,MeContext=%s_L,ManagedElement=1,ENodeBFunction=1,EUtranCellFDD=%s_L18_%d" % (s[:3], s, s, ri(1, 3)),
        "PLMN-PLMN/MRBTS-%d/LNBTS-%d/LNCEL-%d" % ((ri(100000, 999999),) * 2 + (ri(10, 60),)),
        "NE=%s,Board=BBP_%d,Port=CPRI%d" % (s, ri(0, 5), ri(0, 5)),
    ]) + "`"


def c_pytest():
    tests = pick_n(["test_mask_msisdn_keeps_last_four", "test_iccid_luhn_check_digit", "test_imsi_plmn_split_mcc_mnc",
                    "test_voucher_pin_never_logged", "test_port_out_requires_donor_pin", "test_iban_eg_length_29",
                    "test_password_hash_uses_argon2id", "test_tap_sequence_gap_detected"], ri(3, 6))
    return fence("\n".join("tests/test_%s.py::%s %s" % (ch(["masking", "sim", "porting", "billing"]), t, ch(["PASSED", "PASSED", "FAILED"])) for t in tests))


def c_swift_kotlin():
    return ch([
        "crash di `$s6MyNile21SimActivationViewModelC13verifyIccid_10completionySS_yAA6ResultOtF`",
        "proguard mapping: `ng.lagoon.selfcare.topup.VoucherPinSanitizer -> a.b.c:`",
        "stack has `lambda$applyVoucherPin$3(TopUpService.java:212)` after the upgrade",
        "`SimSwapOtpVerificationViewModel.onResendPasswordResetToken()` fires twice on Android 14",
    ])


NEG_CODE = [c_java, c_erlang, c_go, c_python, c_gdb, c_rust, c_kubectl, c_terraform, c_proto, c_sql, c_flags, c_wireshark,
            c_css_dom, c_next_build, c_objc, c_dotnet, c_elixir, c_bazel, c_open5gs, c_mo_dn, c_pytest, c_swift_kotlin]


# --------------------------------------------------------------------------------------------
# NEGATIVES: non_credential_blob
# --------------------------------------------------------------------------------------------
def b_gitlog():
    msgs = ["fix(porting): retry donor timeout", "feat(topup): voucher batch import", "chore: bump open5gs to 2.7.%d" % ri(0, 5),
            "fix(ussd): menu encoding GSM7", "refactor(ocs): split rating groups", "feat(tap): TD.57 v3.12 support",
            "fix(alarm): dedupe flapping S1 alarms", "perf(mediation): batch CDR inserts", "docs: runbook SIM swap"]
    return fence("$ git log --oneline -n %d\n" % 6 + "\n".join("%s %s" % (hexs(ri(7, 10)), m) for m in pick_n(msgs, 6)))


def b_docker():
    lines = []
    for n in pick_n(["amf", "smf", "upf", "nrf", "udm", "pcf", "ussd-gw", "mnp-gw"], ri(3, 6)):
        lines.append("registry.core.internal/5gc/%s@sha256:%s" % (n, hexs(64)))
    return ch(["image yang kepasang di cluster %s:" % site()[:3], "images deployed after the CNF upgrade:", "el images:"]) + "\n" + fence("\n".join(lines))


def b_cdr_json():
    return json.dumps({"ts": ts_iso(), "svc": "mediation", "cdr_id": uuid4(), "charging_id": "0x%s" % hexs(8), "record_seq": ri(1, 999999),
                       "rating_group": ri(1, 400), "cell": "%s-%d" % (site(), ri(1, 6)), "bytes_ul": ri(1000, 99999999),
                       "bytes_dl": ri(1000, 999999999), "trace_id": hexs(32), "span_id": hexs(16)})


def b_session_ids():
    lines = []
    for _ in range(ri(3, 6)):
        lines.append("Session-Id: %s.%s.internal;%d;%d;%s" % (ch(["pcrf01", "ocs02", "pgw-c3", "smf-b"]), ch(["epc", "core"]), epoch(), ri(1, 99999999), hexs(8)))
    return fence("\n".join(lines))


def b_npm():
    lines = []
    for n in pick_n(["leaflet", "ussd-emulator", "libphonenumber-js", "chart.js", "date-fns", "zod", "axios"], ri(2, 4)):
        lines.append('    "node_modules/%s": {\n      "version": "%d.%d.%d",\n      "integrity": "sha512-%s"\n    }' % (
            n, ri(0, 9), ri(0, 30), ri(0, 20), b64(rbytes(64))))
    return fence("{\n  \"packages\": {\n" + ",\n".join(lines) + "\n  }\n}", "json")


def b_firmware():
    files = ["BTS5900_V100R0%dC10SPC%d.zip" % (ri(17, 23), ri(100, 400)), "BBU6630_L%d.Q%d.%d.tar" % (ri(22, 25), ri(1, 4), ri(1, 9)),
             "AirScale_SBTS%d_R%d.zip" % (ri(22, 25), ri(1, 9)), "open5gs_2.7.%d_amd64.deb" % ri(0, 5)]
    return ch(["checksum firmware sebelum upload ke OSS:", "sha256sum of the packages before the swap:", "el checksums:"]) + "\n" + fence(
        "\n".join("%s  %s" % (hexs(64), f) for f in pick_n(files, ri(2, 4))))


def b_traceparent():
    return "\n".join("%s INFO topup-api traceparent=00-%s-%s-01 status=%d dur=%dms" % (ts_plain(), hexs(32), hexs(16), ch([200, 201, 409, 502]), ri(3, 900))
                     for _ in range(ri(2, 5)))


def b_s3_tap():
    cc, y, mo = ch(["id", "ng", "eg"]), ch([2025, 2026]), ri(1, 12)
    lines = ["$ aws s3 ls s3://cdr-archive-%s/roaming/tap/%d/%02d/" % (cc, y, mo)]
    src = {"id": "IDNNS", "ng": "NGALM", "eg": "EGYNM"}[cc]
    for _ in range(ri(4, 10)):
        lines.append("%d-%02d-%02d %02d:%02d:%02d %8d CD%s%s%05d.%s" % (y, mo, ri(1, 28), ri(0, 23), ri(0, 59), ri(0, 59), ri(2000, 9999999), src,
                                                                       ch(["DEUTD", "FRAF1", "GBRCN", "SAUSA", "ARETC", "NLDPT"]),
                                               ri(1, 99999), ch(["gz", "asn1", "gz"])))
    return fence("\n".join(lines))


def b_headers():
    return fence("HTTP/1.1 200 OK\nETag: \"%s-%d\"\nx-request-id: %s\nX-Amzn-Trace-Id: Root=1-%08x-%s\nContent-MD5: %s" % (
        hexs(32), ri(2, 20), uuid4(), epoch(), hexs(24), b64(rbytes(16))), "http")


def b_gtp():
    lines = []
    for _ in range(ri(3, 6)):
        lines.append("bearer ebi=%d s1u_teid=0x%s s5_teid=0x%s qci=%d arp=%d apn=%s" % (ri(5, 15), hexs(8), hexs(8), ch([5, 6, 8, 9]), ri(1, 15),
                                                                                    ch(["internet", "ims", "mms", "iot.m2m"])))
    return fence("\n".join(lines))


def b_sops():
    return fence("smpp:\n    password: ENC[AES256_GCM,data:%s,iv:%s,tag:%s,type:str]\nsops:\n    kms:\n        - arn: arn:aws:kms:af-south-1:123456789012:key/%s" % (
        b64(rbytes(ri(8, 16))), b64(rbytes(32)), b64(rbytes(16)), uuid4()), "yaml") + ch(["", "\nvault transit version: `vault:v1:%s`" % b64(rbytes(ri(24, 48)))])


def b_ids():
    return ch(["id yang perlu dicek:", "ids from the failed batch:", "el ids:"]) + "\n" + "\n".join(
        "- %s" % ch([ulid(), hexs(24), uuid7(), uuid4()]) for _ in range(ri(3, 7)))


def b_sshfp():
    return "%s.core.internal host key: `SHA256:%s` (%s)" % (ch(["jumphost-cai", "bastion-los", "sftp-tap-jkt", "oss-gw"]), b64(rbytes(32)).rstrip("="),
                                                           ch(["ED25519", "ECDSA", "RSA"]))


def b_b64_text():
    txt = ch(["Pilih paket:\n1. Internet 10GB\n2. Nelpon sepuasnya\n3. Cek pulsa", "1. Buy Data\n2. Borrow Airtime\n3. Check Balance",
              "١. باقات الإنترنت\n٢. رصيدك\n٣. خدمة العملاء", "Menu utama\n0. Kembali"])
    return ch(["USSD menu payload (base64, dari log gateway):", "ussd gw payload:", "el payload:"]) + " `" + b64(txt.encode()) + "`"


def b_cursor():
    c = b64(json.dumps({"after": ri(1, 999999), "sort": "ts", "site": site()}).encode()).rstrip("=")
    return "GET /v2/alarms?limit=200&cursor=%s" % c


def b_helm_checksum():
    return fence("spec:\n  template:\n    metadata:\n      annotations:\n        checksum/config: %s\n        checksum/secret: %s" % (hexs(64), hexs(64)), "yaml")


def b_ci_ids():
    return "pipeline #%d job %d failed on runner %s, sentry event %s" % (ri(100000, 999999), ri(1000000, 9999999), hexs(8), hexs(32))


def b_gosum():
    return fence("\n".join("%s v%d.%d.%d h1:%s" % (m, ri(0, 2), ri(0, 30), ri(0, 20), b64(rbytes(32)))
                           for m in pick_n(["github.com/fiorix/go-diameter/v4", "github.com/wmnsk/go-gtp", "github.com/ishidawataru/sctp",
                                            "golang.org/x/text", "github.com/nyaruka/phonenumbers"], ri(2, 4))))


def b_hexdump():
    hb = rbytes(ri(32, 64))
    hb = b"\x00\x0f\x40" + hb
    lines = []
    for i in range(0, len(hb), 16):
        chunk = hb[i:i + 16]
        lines.append("%04x  %s" % (i, " ".join("%02x" % c for c in chunk)))
    return ch(["NGAP InitialUEMessage hex:", "S1AP pdu wey fail decode:", "el pdu hex:"]) + "\n" + fence("\n".join(lines))


def b_pip_hash():
    return fence("\n".join("%s==%d.%d.%d \\\n    --hash=sha256:%s" % (p, ri(0, 5), ri(0, 30), ri(0, 20), hexs(64))
                           for p in pick_n(["pycrate", "asn1tools", "scapy", "pysnmp", "phonenumbers"], ri(2, 3))))


def b_kafka():
    lines = ["GROUP           TOPIC                PARTITION  CURRENT-OFFSET  LOG-END-OFFSET  LAG   CONSUMER-ID"]
    for p in range(ri(3, 6)):
        off = ri(1000000, 99999999)
        lines.append("cdr-rater       %-20s %-10d %-15d %-15d %-5d rdkafka-%s" % (ch(["cdr.raw", "topup.events", "alarms.ran"]), p, off, off + ri(0, 900), ri(0, 900), uuid4()))
    return fence("\n".join(lines))


def b_gpg():
    fp = hexs(40, True)
    return "repo signing key for the internal apt mirror: `%s`" % " ".join(fp[i:i + 4] for i in range(0, 40, 4))


def b_configmap_bin():
    return fence("binaryData:\n  cell-map.bin: %s\n  plmn-list.bin: %s" % (b64(rbytes(ri(30, 60))), b64(rbytes(ri(20, 40)))), "yaml")


NEG_BLOB = [b_gitlog, b_docker, b_cdr_json, b_session_ids, b_npm, b_firmware, b_traceparent, b_s3_tap, b_headers, b_gtp, b_sops,
            b_ids, b_sshfp, b_b64_text, b_cursor, b_helm_checksum, b_ci_ids, b_gosum, b_hexdump, b_pip_hash, b_kafka, b_gpg, b_configmap_bin]


# --------------------------------------------------------------------------------------------
# NEGATIVES: pii_lookalike_number
# --------------------------------------------------------------------------------------------
def l_open5gs_subs():
    lines = ["# lab core, test PLMN only"]
    for _ in range(ri(3, 8)):
        lines.append("open5gs-dbctl add %s \"$K\" \"$OPC\"" % lab_imsi())
    intro = ch(["nambah UE lab buat drive test besok:", "adding the lab UEs for tomorrow's drive test:", "zawedt el lab UEs:",
                "oya the lab UEs don enter:"])
    return intro + "\n" + fence("\n".join(lines), "bash")


def l_dut_table():
    rows = ["| DUT | model | IMEI | IMEISV | band |", "|---|---|---|---|---|"]
    for i in range(ri(3, 7)):
        tac, full, i14, sv = lab_device()
        rows.append("| DUT-%02d | %s | imei %s | %s | %s |" % (i + 1, ch(["Pixel 8", "Galaxy A54", "Redmi Note 13", "iPhone 15", "Quectel RM520N"]),
                                                              full if R.random() < 0.5 else i14, sv, ch(["n78", "B3", "B40", "n41", "B1/B3"])))
    return ch(["Drive-test handsets (lab-owned, no subscriber SIMs):", "HP drive test punya lab:", "el lab handsets:"]) + "\n" + "\n".join(rows)


def l_imei_log():
    tac, full, i14, sv = lab_device()
    if R.random() < 0.6:
        return "%s lab-ue-%02d attach ok imei=%s tac=%s plmn=%s" % (ts_plain(), ri(1, 40), full, tac, ch(["001-01", "999-70", "001-001"]))
    return "%s mme: lab-ue-%02d ME-Identity-Check imeisv=%s result=%s plmn=%s" % (ts_plain(), ri(1, 40), sv, ch(["WHITELISTED", "GREYLISTED", "UNKNOWN"]),
                                                                             ch(["001-01", "999-70"]))


def l_iccid_batch():
    cc = ch(["ID", "NG", "EG"])
    lines = []
    for _ in range(ri(3, 8)):
        lines.append("%s  %s  %s" % (iccid20(cc), lab_imsi(op=True), ch(["LAB", "TEST", "DUT", "UAT"])))
    return ch(["lab SIM batch %s (20-digit ICCID):" % cc, "kartu SIM lab dari vendor, batch %d:" % ri(1, 99), "el lab SIMs:"]) + "\n" + fence(
        "ICCID                 IMSI             POOL\n" + "\n".join(lines))


def l_iccid_range():
    a = iccid20()
    return "lab SIM range ICCID %s to %s%04d (not yet assigned, UAT only)" % (a, a[:-4], ri(0, 9999))


def l_cell_params():
    cc = ch(["ID", "NG", "EG"])
    plmn = {"ID": "510-10", "NG": "621-30", "EG": "602-02"}[cc]
    lines = []
    for _ in range(ri(3, 8)):
        enb = ri(100000, 999999)
        lines.append("%s eNB=%d cell=%d ECI=%d PCI=%d TAC=%d EARFCN=%d" % (plmn, enb, ri(1, 6), enb * 256 + ri(1, 6), ri(0, 503), ri(1000, 65000),
                                                                       ch([1275, 1300, 3050, 38950, 39150, 525, 100])))
    return fence("\n".join(lines))


def l_alarms():
    lines = ["Alarm ID  Severity  NE                Name                               Occurred"]
    for _ in range(ri(4, 12)):
        lines.append("%-9d %-9s %-17s %-34s %s" % (ri(25000, 29999), ch(["Critical", "Major", "Minor", "Warning"]), site(), ch(ALARMS), ts_plain()))
    return fence("\n".join(lines))


def l_kpi():
    rows = ["| cluster | RRC SR | ERAB drop | CSSR | traffic (GB) |", "|---|---:|---:|---:|---:|"]
    for c in pick_n(["Jabodetabek", "Surabaya", "Lagos Island", "Ikeja", "Abuja FCT", "Cairo East", "Giza", "Alexandria"], ri(3, 6)):
        rows.append("| %s | %.2f%% | %.2f%% | %.2f%% | %s |" % (c, 97 + R.random() * 3, R.random(), 97 + R.random() * 3, "{:,}".format(ri(10000, 990000))))
    return "\n".join(rows)


def l_topup_stats():
    cur = ch([("Rp", "."), ("₦", ","), ("EGP", ",")])
    lines = []
    for _ in range(ri(3, 7)):
        amt = "{:,}".format(ri(5, 500) * 1000)
        if cur[1] == ".":
            amt = amt.replace(",", ".")
        lines.append("order %s  %s %s  %s" % (order_id(ri(10, 12)), cur[0], amt, ch(["SUCCESS", "PENDING", "FAILED", "REVERSED"])))
    return ch(["top-up gagal dari channel e-wallet:", "failed top-ups from the bank channel:", "el top-ups el wa2fa:"]) + "\n" + fence("\n".join(lines))


def l_voucher_serials():
    lines = []
    for _ in range(ri(3, 6)):
        s = safe_run(lambda: digs(16, "3456789"))
        lines.append("SN %s  batch %d  exp %d-%02d" % (ch([s, " ".join(s[i:i + 4] for i in range(0, 16, 4))]), ri(100, 999), ch([2026, 2027]), ri(1, 12)))
    txt = "\n".join(lines)
    if any(f for f in scan(txt)):
        return l_voucher_serials()
    return ch(["serial voucher fisik (bukan PIN):", "scratch card serials (serial only, PIN is under the foil):", "serials bta3 el kroot:"]) + "\n" + fence(txt)


def l_ports():
    return ch(["firewall rule baru buat core:", "open these on the new DC firewall:", "el ports:"]) + " " + ", ".join(pick_n([
        "S1AP sctp/36412", "X2AP sctp/36422", "NGAP sctp/38412", "GTP-U udp/2152", "GTP-C udp/2123", "Diameter tcp/3868",
        "SIP udp/5060", "M3UA sctp/2905", "SMPP tcp/2775", "PFCP udp/8805", "SBI tcp/7777"], ri(4, 7)))


def l_ip_plan():
    lines = []
    for n in pick_n(NODES, ri(4, 8)):
        lines.append("%-12s %s" % (n, priv_ip()))
    lines.append("ue-pool-internet  100.%d.0.0/%d" % (ri(64, 127), ch([12, 14, 16])))
    return fence("\n".join(lines))


def l_timestamps():
    e = epoch()
    return ch([
        "alarm raised at %d, cleared at %d (%d s)" % (e, e + 913, 913),
        "Slack ts `%d.%06d` is the first alarm msg" % (e, ri(0, 999999)),
        "CDR file closed at %d%03d ms epoch" % (e, ri(0, 999)),
        "cron runs at %d then every 900 s" % e,
    ])


def l_cdr_csv():
    lines = ["record_seq,start_time,duration_s,cell_id,charging_id,rating_group,bytes_total,tap_seq"]
    for _ in range(ri(15, 30)):
        lines.append("%d,%s,%d,%s-%d,%d,%d,%d,%05d" % (ri(100000, 999999), ts_plain(), ri(1, 3600), site(), ri(1, 6), ri(100000000, 999999999),
                                                  ri(1, 400), ri(1000, 99999999), ri(1, 99999)))
    return ch(["sample CDR (tanpa msisdn) buat vendor:", "CDR sample for the vendor (no MSISDN column):", "el sample:"]) + "\n" + fence("\n".join(lines), "csv")


def l_invoices():
    return "\n".join("- %s interconnect invoice INV-%d-%06d, SDR %s, TAP seq %05d-%05d" % (
        ch(["IDNNS", "NGALM", "EGYNM", "DEUTD", "FRAF1"]), ch([2025, 2026]), ri(1, 999999), "{:,.2f}".format(ri(1000, 9999999) / 100), ri(1, 50000), ri(50001, 99999))
        for _ in range(ri(2, 5)))


def l_versions():
    return ch([
        "DUT build: `google/husky/husky:14/AP2A.%d.%03d/%d:user/release-keys`" % (ri(240000, 249999), ri(1, 99), ri(10000000, 12999999)),
        "OSS upgrade to U2020 V300R0%dC10SPC%d, NE software BTS5900 V100R0%dC10SPC%d" % (ri(19, 25), ri(100, 300), ri(17, 23), ri(100, 400)),
        "open5gs %d.%d.%d, kamailio %d.%d.%d, rtpengine mr%d.%d.%d.%d" % (2, 7, ri(0, 5), 5, ri(6, 8), ri(0, 4), ri(10, 13), ri(1, 5), ri(1, 9), ri(1, 9)),
        "modem FW RM520NGLAAR0%d.A%02dM4G" % (ri(1, 3), ri(1, 9)),
    ])


def l_refs():
    return ch([
        "see 3GPP TS 29.272 v%d.%d.0 §7.3.%d and TS 23.401 §5.3.%d" % (ri(15, 18), ri(0, 9), ri(1, 200), ri(1, 9)),
        "CVE-%d-%d affects the open-source core, ticket NOC-%d" % (ch([2024, 2025]), ri(10000, 59999), ri(1000, 9999)),
        "INC%07d and CHG%07d are linked to the S1 flap" % (ri(1, 9999999), ri(1, 9999999)),
        "ITU-T E.212 / E.164 / E.118 — the three numbering specs for IMSI, MSISDN and ICCID",
    ])


def l_short_codes():
    return ch([
        "kode USSD: *%d# cek pulsa, *%d# paket data, short code %d buat CS" % (ri(100, 999), ri(100, 999), ch([188, 111, 3636])),
        "borrow airtime na *%d*%d#, customer care short code %d" % (ri(300, 699), ri(1, 9), ch([180, 111, 300])),
        "كود الرصيد *%d# والشكاوى %d" % (ri(800, 899), ch([888, 110, 111])),
    ])


def l_mnp():
    return "port request MNP-%s-%d-%07d routing prefix %s, donor %s, state %s" % (
        ch(["NG", "EG", "ID"]), ch([2025, 2026]), ri(1, 9999999), ch(["D013", "D021", "1901", "1902"]), ch(["MTN", "Airtel", "Orange", "WE", "Glo"]),
        ch(["APPROVED", "REJECTED_PIN", "SCHEDULED", "COMPLETED"]))


def l_bytes():
    return "%s: %s bytes in, %s bytes out, %s sessions" % (
        ch(["UPF %s" % site(), "PGW %s" % site()]), " ".join("{:,}".format(ri(10000000, 999999999)).split(",")),
        "{:,}".format(ri(10000000, 999999999)), "{:,}".format(ri(1000, 999999)))


def l_plmn():
    return ch(["PLMN list roaming partner:", "steering list:", "el PLMNs:"]) + " " + ", ".join(pick_n(
        ["510-10 (TSEL)", "510-01 (ISAT)", "510-11 (XL)", "621-30", "621-20", "621-50", "602-01", "602-02", "602-03", "602-04",
         "262-01", "208-01", "234-15", "420-01", "424-02"], ri(4, 8)))


def l_gps():
    cc = ch(["ID", "NG", "EG"])
    lat0, lon0 = {"ID": (-6.2, 106.8), "NG": (6.5, 3.4), "EG": (30.0, 31.2)}[cc]
    city = {"ID": "JKT", "NG": "LOS", "EG": "CAI"}[cc]
    return "\n".join("%s%04d  %.5f, %.5f  %s" % (city, ri(1, 4999), lat0 + R.uniform(-0.3, 0.3), lon0 + R.uniform(-0.3, 0.3),
                                                ch(["greenfield", "rooftop", "monopole"])) for _ in range(ri(3, 6)))


def l_dates():
    return ch([
        "maintenance window %02d/%02d/%d 01:00–04:00 WIB" % (ri(1, 28), ri(1, 12), ch([2025, 2026])),
        "shutdown of 3G in %d Juni %d, per %02d.%02d.%d" % (ri(1, 28), ch([2025, 2026]), ri(1, 28), ri(1, 12), ch([2025, 2026])),
        "الصيانة يوم %d/%d/%d الساعة ٢ الفجر" % (ri(1, 28), ri(1, 12), ch([2025, 2026])),
        "MW na %d-%02d-%02d 00:00 WAT" % (ch([2025, 2026]), ri(1, 12), ri(1, 28)),
    ])


def l_segfault():
    return "kernel: smsc-router[%d]: segfault at %x ip %016x sp %016x error 4 in libsmpp.so.%d[%x+%x]" % (
        ri(1000, 99999), ri(0x10, 0xffff), ri(0x7f0000000000, 0x7fffffffffff), ri(0x7ff000000000, 0x7fffffffffff), ri(1, 3), ri(0x7f0000000000, 0x7fffffffffff), ri(0x1000, 0xfffff))


def l_lab_nas():
    return "%s lab UE SUPI imsi-%s GUTI 5g-guti-%s%s%s PDU session %d up" % (
        ts_plain(), lab_imsi(), ch(["00101", "99970"]), hexs(6), hexs(8), ri(1, 15))


def l_sim_order():
    return "PO-%d-%05d: %s SIM (%s) for %s, delivery %s" % (
        ch([2025, 2026]), ri(1, 99999), "{:,}".format(ri(10, 500) * 1000), ch(["USIM 128K", "eSIM profiles", "IoT MFF2"]),
        ch(["Lagos", "Jakarta", "Cairo", "Kano", "Surabaya"]), ch(["Q1", "Q2", "Q3", "Q4"]))


def l_msin_blocks():
    lines = []
    for _ in range(ri(2, 4)):
        a = lab_imsi(op=True)
        lines.append("lab MSIN block %s – %s%03d" % (a, a[:-3], ri(0, 999)))
    return "\n".join(lines)


NEG_NUMBER = [l_open5gs_subs, l_dut_table, l_imei_log, l_iccid_batch, l_iccid_range, l_cell_params, l_alarms, l_kpi, l_topup_stats,
              l_voucher_serials, l_ports, l_ip_plan, l_timestamps, l_cdr_csv, l_invoices, l_versions, l_refs, l_short_codes, l_mnp,
              l_bytes, l_plmn, l_gps, l_dates, l_segfault, l_lab_nas, l_sim_order, l_msin_blocks]


# --------------------------------------------------------------------------------------------
# NEGATIVES: talk_about_secrets
# --------------------------------------------------------------------------------------------
TALK_EN = [
    "reminder: OSS admin passwords rotate every 90 days, the new ones are in the vault, not in this channel",
    "someone pasted the SMSC bind password in #noc-core last night; it's been rotated and the message deleted",
    "please stop sharing the U2020 login over WhatsApp, request your own account via the IAM form",
    "the Ki/OPc files from the SIM vendor must only travel PGP-encrypted, never as plain CSV",
    "if a customer reads out their card number on the care line, agents must pause the recording",
    "PCI audit found full PANs in the payment gateway debug log; debug logging is off now and the logs were purged",
    "the porting PIN is a secret: never read it back to the caller, only confirm it matches",
    "new rule: no API keys in Jira tickets, attach a vault path instead",
    "the SM-DP+ TLS private key was rotated after the vendor engineer left; old cert revoked",
    "we got a phishing mail asking to change the supplier IBAN for the tower lease — finance, call back on the number in the contract, not the one in the mail",
    "the Slack bot token for RAN alarms was regenerated, update the k8s secret, not the helm values",
    "is the JWT for the dealer app signed with HS256 or RS256? if HS256 the secret must not live in the mobile app",
    "voucher PINs must be hashed at rest; the mediation team confirmed only the last 4 digits are logged",
    "reset your VPN password via the portal, the helpdesk will never ask for it in chat",
    "do not email customer phone numbers to the vendor, share the hashed MSISDN column only",
    "the GitHub PAT used by the provisioning pipeline expired, who owns the replacement?",
    "SSNs of the US roaming contractors must not be stored in our HR system at all",
    "the AWS keys for the CDR archive were moved to an IAM role, delete the old access key pair",
]
TALK_ID = [
    "tolong jangan share password OSS di grup WA ya, minta akun sendiri lewat form IAM",
    "password SMSC udah dirotasi tadi malam, yang lama udah gak berlaku",
    "kalau pelanggan nyebutin nomor kartu kreditnya di chat CS, langsung hapus pesannya",
    "token bot Slack buat alarm RAN udah diganti, update secret di k8s ya",
    "file Ki/OPc dari vendor SIM wajib dienkripsi PGP, jangan kirim CSV polos",
    "API key chatbot CS jangan ditaruh di repo, pakai Secrets Manager",
    "PIN porting itu rahasia, agent cuma boleh konfirmasi cocok atau nggak",
    "audit PCI nemu PAN lengkap di log payment gateway, log-nya udah dihapus",
    "private key SFTP buat roaming hub udah diganti minggu lalu",
    "jangan pernah minta OTP pelanggan lewat telepon, itu modus penipuan SIM swap",
    "password wifi kantor ganti tiap bulan, tanyain ke GA aja, jangan di channel ini",
    "email berisi nomor HP pelanggan gak boleh dikirim ke vendor, pakai kolom hash aja",
]
TALK_PCM = [
    "abeg make una no dey paste password for this channel again, e don happen twice this week",
    "the OSS password don change, check vault, no call me for am",
    "if customer call out im card number for phone, tell am make e stop, we no dey collect am like that",
    "who get the new token for the alarm bot? make e update the secret for k8s, no be for chat",
    "SIM swap fraud don plenty, no give anybody OTP, even if dem say na from head office",
    "the Ki file from vendor must come encrypted, if e come plain abeg reject am",
    "oga say make we rotate all the API keys wey dey the old server before Friday",
    "no send customer phone numbers go vendor for email, na hash we go share",
    "the porting PIN na secret, agent no suppose read am back to customer",
]
TALK_AR = [
    "يا جماعة محدش يبعت الباسورد هنا تاني، اطلبوا أكونت من الـ IAM",
    "الباسورد بتاع الـ SMSC اتغير امبارح بالليل، القديم مش شغال",
    "لو العميل قال رقم الكارت في الشات، امسحوا الرسالة فورا",
    "التوكن بتاع بوت الـ alarms اتغير، حدثوا الـ secret في الكلاستر",
    "ملفات الـ Ki والـ OPc لازم تيجي متشفرة، مفيش CSV مفتوح",
    "محدش يطلب الـ OTP من العميل في التليفون، دي طريقة نصب الـ SIM swap",
    "وصلنا إيميل بيطلب تغيير الآيبان بتاع المورد، ده phishing، كلموا المورد على الرقم اللي في العقد",
    "الـ private key بتاع الـ SFTP مع الـ roaming hub اتغير الأسبوع اللي فات",
]
TALK_FR = [
    "ya gama3a ma7adsh yeb3at el password hena tany, etlobo account men el IAM",
    "el password bta3 el SMSC et8ayar embare7 bel leil",
    "law el 3ameel 2al rakam el card fel chat, ems7o el message 3ala tool",
    "el token bta3 el alarm bot et8ayar, 7adeso el secret fel cluster",
    "ma7adsh yetlob el OTP men el 3ameel, di naseba bta3et SIM swap",
    "el API key bta3 el chatbot msh 3ayzeeno fel repo, 7otoh fel secrets manager",
    "el supplier IBAN change request da phishing, matgheyaroosh 8eir ba3d ma tkalmo el mowared",
]


def t_sentences():
    pool = ch([TALK_EN, TALK_ID, TALK_PCM, TALK_AR, TALK_FR])
    return "\n".join(pick_n(pool, ri(1, 3)))


def t_mixed():
    return ch(TALK_EN) + "\n" + ch(TALK_ID + TALK_PCM + TALK_AR + TALK_FR)


def t_runbook():
    steps = pick_n(["Revoke the leaked token in the provider console", "Rotate the password and update the vault path",
                    "Search Slack and Jira for other copies of the value", "Check CloudTrail / audit logs for use since the leak",
                    "Inform the DPO if subscriber data (MSISDN, IMSI) was exposed", "Purge the message from Slack (admin export too)",
                    "Re-issue the SFTP key pair with the roaming hub", "Notify PCI QSA if any PAN was exposed"], ri(3, 6))
    return ch(["**Leak runbook (secrets)**", "**Runbook kebocoran kredensial**", "**خطوات لو حاجة سرية اتسربت**"]) + "\n" + "\n".join(
        "%d. %s" % (i + 1, s) for i, s in enumerate(steps))


INCIDENTS = [
    ("an API key for the SMS aggregator was committed to the topup repo", "key revoked + pre-commit hook"),
    ("the OCS DB password appeared in a Grafana annotation", "password rotated, annotation deleted"),
    ("a dealer app build shipped with a test JWT signing secret", "secret rotated, app hotfix"),
    ("full card numbers were logged by the payment callback", "masking in callback + log purge"),
    ("the SMSC bind password was pasted in #noc-core", "password rotated with the SMSC vendor, message deleted"),
    ("a Ki/OPc batch file was mailed unencrypted by the SIM vendor", "batch re-keyed, vendor now uses PGP"),
    ("customer phone numbers were exported to a shared sheet for a campaign", "sheet deleted, DPO informed"),
]


def t_incident():
    what, fix = ch(INCIDENTS)
    return "*Incident %s-%d summary*\n- what: %s\n- impact: %s\n- fix: %s" % (
        ch(["SEC", "NOC", "BSS"]), ri(100, 999), what,
        ch(["no misuse found in logs", "~2h exposure, internal only", "exposure window 3 days", "retained 7 days before purge"]), fix)


def t_qa():
    return ch([
        "Q: can I put the HLR API password in the ansible inventory?\nA: no, use ansible-vault or the vault lookup plugin",
        "T: boleh gak taruh token bot di env var pod?\nJ: boleh, asal dari Secret yang di-seal, bukan di values.yaml",
        "Q: abeg where I go find the SFTP key for TAP exchange?\nA: e dey vault under roaming/tap, request access",
        "س: أحط الـ API key فين؟\nج: في الـ secrets manager بس، مش في الكود",
        "Q: el SSN bta3 el contractor el Amreeky n7oto fein?\nA: mesh 3andena, el agency hya elly betkhazzeno",
    ])


def t_regex():
    return ch([
        "the scanner regex for Indonesian mobiles only matches 08xx/+628xx, so landlines with (021) slip through — add a rule",
        "regex kartu kredit kita nangkep IMEI juga karena sama-sama Luhn 15 digit, perlu whitelist konteks `imei`",
        "our IBAN check only knows DE/FR/EG lengths, Nigeria has NUBAN not IBAN so nothing to catch there",
        "el regex bta3 el phone by2fesh el arqam el Arabic-Indic, lazem normalize el digits el awel",
        "ICCID na 19-20 digits with Luhn, so the card detector dey flag am — we need context check",
    ])


def t_security_sync():
    return "*security sync notes*\n" + "\n".join("• " + s for s in pick_n([
        "password manager rollout to NOC shift leads done",
        "Slack DLP to block card numbers in #billing-ops",
        "rotate the GitHub PAT used by mediation CI",
        "remove private keys from the jumphost home dirs",
        "SIM swap: require IMEI-change check + 24h SMS hold",
        "porting: donor PIN retries limited to 3",
        "train care agents: never ask for OTP or PIN",
        "stop exporting subscriber emails to Excel for campaigns"], ri(3, 5)))


def t_vault_error():
    return fence(ch([
        "Error: failed to read secret \"secret/data/ocs/prod\": permission denied (403)",
        "ExternalSecret ocs-db: SecretSyncedError could not get secret data from provider",
        "sealed-secrets: no key could decrypt secret (smpp-credentials)",
        "Error making API request. Code: 400. Errors: * missing client token",
    ])) + "\n" + ch(["ada yang ubah policy vault?", "who touch the vault policy?", "7ad 8ayar el policy?", "any idea?"])


NEG_TALK = [t_sentences, t_mixed, t_runbook, t_incident, t_qa, t_regex, t_security_sync, t_vault_error]


# --------------------------------------------------------------------------------------------
# POSITIVES: values
# --------------------------------------------------------------------------------------------
def v_phone(fmt):
    """Return (country, value) for a named chat format."""
    id_pre = ["0812", "0813", "0821", "0822", "0852", "0853", "0811", "0857", "0856", "0817", "0818", "0819", "0877", "0878",
              "0896", "0897", "0881", "0882"]
    ng_pre = ["0803", "0806", "0703", "0706", "0813", "0816", "0810", "0903", "0805", "0807", "0705", "0815", "0802", "0808",
              "0708", "0812", "0701", "0902", "0809", "0818", "0909"]
    eg_pre = ["010", "011", "012", "015"]
    d = lambda n: "".join(ch("0123456789") for _ in range(n))
    if fmt == "ID-intl-dashed":
        p = ch(id_pre)[1:]
        return "ID", "+62 %s-%s-%s" % (p, d(4), d(4))
    if fmt == "ID-local-spaced":
        return "ID", "%s %s %s" % (ch(id_pre), d(4), d(4))
    if fmt == "ID-local-run":
        return "ID", ch(id_pre) + d(ch([7, 8]))
    if fmt == "ID-wa-cc-no-plus":
        return "ID", "62" + ch(id_pre)[1:] + d(8)
    if fmt == "ID-jakarta-landline-ext":
        return "ID", "(021) %s-%s ext. %d" % (d(4), d(4), ri(100, 9999))
    if fmt == "ID-local-dots":
        return "ID", "%s.%s.%s" % (ch(id_pre), d(4), d(4))
    if fmt == "NG-intl-spaced":
        return "NG", "+234 %s %s %s" % (ch(ng_pre)[1:], d(3), d(4))
    if fmt == "NG-local-dashed":
        return "NG", "%s-%s-%s" % (ch(ng_pre), d(3), d(4))
    if fmt == "NG-local-run":
        return "NG", ch(ng_pre) + d(7)
    if fmt == "NG-intl-paren0":
        return "NG", "+234 (0)%s %s %s" % (ch(ng_pre)[1:], d(3), d(4))
    if fmt == "NG-lagos-landline":
        return "NG", "01-%s" % d(7)
    if fmt == "NG-cc-dashed":
        return "NG", "234-%s-%s-%s" % (ch(ng_pre)[1:], d(3), d(4))
    if fmt == "EG-intl-spaced":
        return "EG", "+20 %s %s %s" % (ch(eg_pre)[1:], d(4), d(4))
    if fmt == "EG-local-spaced":
        return "EG", "%s %s %s" % (ch(eg_pre), d(4), d(4))
    if fmt == "EG-local-run":
        return "EG", ch(eg_pre) + d(8)
    if fmt == "EG-plus2-kept0":
        return "EG", "+2 %s%s %s %s" % (ch(eg_pre), d(1), d(3), d(4))
    if fmt == "EG-cairo-landline-ext":
        return "EG", "(02) %s %s ext %d" % (d(4), d(4), ri(100, 999))
    if fmt == "EG-arabic-indic":
        v = ch(eg_pre) + d(8)
        return "EG", v.translate(str.maketrans("0123456789", "٠١٢٣٤٥٦٧٨٩"))
    if fmt == "EG-0020":
        return "EG", "0020 %s%s %s %s" % (ch(eg_pre)[1:], d(1), d(3), d(4))
    raise KeyError(fmt)


PHONE_FORMATS = ["ID-intl-dashed", "ID-local-spaced", "ID-local-run", "ID-wa-cc-no-plus", "ID-jakarta-landline-ext", "ID-local-dots",
                 "NG-intl-spaced", "NG-local-dashed", "NG-local-run", "NG-intl-paren0", "NG-lagos-landline", "NG-cc-dashed",
                 "EG-intl-spaced", "EG-local-spaced", "EG-local-run", "EG-plus2-kept0", "EG-cairo-landline-ext", "EG-arabic-indic", "EG-0020"]


def v_card(brand):
    if brand == "visa":
        p, n = "4" + digs(5, "0123456789"), 16
    elif brand == "mc":
        p, n = "5" + ch("12345") + digs(4, "0123456789"), 16
    elif brand == "mc2":
        p, n = str(ri(2221, 2720)) + digs(2, "0123456789"), 16
    elif brand == "amex":
        p, n = ch(["34", "37"]) + digs(4, "0123456789"), 15
    elif brand == "verve":
        p, n = ch(["506099", "506105", "650002"]), 19
    elif brand == "meeza":
        p, n = "507803", 16
    elif brand == "jcb":
        p, n = str(ri(3528, 3589)) + digs(2, "0123456789"), 16
    else:
        raise KeyError(brand)
    body = p + "".join(ch("0123456789") for _ in range(n - 1 - len(p)))
    v = body + luhn_digit(body)
    assert luhn_ok(v) and len(v) == n
    return v


def v_iban(cc):
    if cc == "EG":
        bban = ch(["0019", "0002", "0003", "0037", "0057"]) + "%04d" % ri(1, 9999) + "".join(ch("0123456789") for _ in range(17))
    elif cc == "DE":
        bban = ch(["10070000", "50070010", "20040000", "37040044", "70020270"]) + "%010d" % ri(1000000, 9999999999)
    elif cc == "FR":
        bank, guichet, acct = ch(["30003", "30004", "10278", "20041", "30066"]), "%05d" % ri(1, 99999), "%011d" % ri(1, 99999999999)
        bban = bank + guichet + acct + "%02d" % fr_rib_key(bank, guichet, acct)
    else:
        raise KeyError(cc)
    return make_iban(cc, bban)


def v_ssn():
    while True:
        a = ri(1, 899)
        if a == 666:
            continue
        return "%03d-%02d-%04d" % (a, ri(1, 99), ri(1, 9999))


IP_FIRST = {"ID": [36, 39, 103, 110, 114, 118, 125, 180, 182, 202], "NG": [41, 102, 105, 129, 154, 197],
            "EG": [41, 45, 102, 156, 196, 197]}


def v_ip(cc=None):
    cc = cc or ch(["ID", "NG", "EG"])
    while True:
        ip = "%d.%d.%d.%d" % (ch(IP_FIRST[cc]), ri(0, 255), ri(0, 255), ri(1, 254))
        if ip_public(ip):
            return ip


def v_email(who=None):
    people = [("budi", "santoso"), ("siti", "rahmawati"), ("dewi", "anggraini"), ("agus", "wibowo"), ("chinedu", "okafor"),
              ("ngozi", "eze"), ("tunde", "adeyemi"), ("aisha", "bello"), ("ahmed", "elsayed"), ("mona", "abdelrahman"),
              ("karim", "mostafa"), ("nourhan", "fathy"), ("emeka", "nwosu"), ("rizky", "pratama"), ("yusuf", "abubakar")]
    f, l = who or ch(people)
    local = ch(["%s.%s" % (f, l), "%s%s" % (f[0], l), "%s_%s%d" % (f, l, ri(1, 99)), "%s.%s%d" % (f, l[0], ri(70, 99))])
    cc = "ID" if f in ("budi", "siti", "dewi", "agus", "rizky") else "EG" if f in ("ahmed", "mona", "karim", "nourhan") else "NG"
    dom = ch({"ID": ["nusaseluler.co.id", "gmail.com", "yahoo.co.id"], "NG": ["lagoonmobile.com.ng", "gmail.com", "yahoo.com", "ymail.com"],
              "EG": ["nilemobile.com.eg", "gmail.com", "hotmail.com", "outlook.com"]}[cc])
    return local + "@" + dom


def v_password(style):
    if style == "leet":
        return ch(["N0C", "Lag0s", "C@iro", "Jkt", "Ikej@", "Al3x", "Sur@baya"]) + ch(["#", "!", "$", "_", "@"]) + ch(["Fl00r", "C0re", "R@n", "B1ll", "Sw1tch"]) + str(ri(1, 99)) + ch(["!", "", "#", "$$"])
    if style == "random":
        return "".join(ch("ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789!#$%&*?@^") for _ in range(ri(10, 16)))
    if style == "passphrase_id":
        return "-".join(pick_n(["kopi", "susu", "hujan", "sore", "nasi", "goreng", "pedas", "malam", "ojek", "macet", "senayan", "bakso"], ri(3, 4))) + str(ri(1, 99))
    if style == "passphrase_pcm":
        return ch(["jollof-no-get-competition", "danfo-dey-waka-slow", "NEPA-don-take-light", "suya-and-cold-malt", "oya-make-we-go-Lekki"]) + ch(["", "!", str(ri(1, 9))])
    if style == "passphrase_fr":
        return ch(["koshary-w-3asir-asab", "el-ahly-fo2-el-gamee3", "mesh-hatnsa-el-pass", "7arr-nar-fel-sa7el"]) + ch(["", "!", "#" + str(ri(1, 99))])
    if style == "smpp8":
        return "".join(ch("ABCDEFGHJKMNPQRSTUVWXYZabcdefghjkmnpqrstuvwxyz23456789#!") for _ in range(8))
    if style.startswith("word_year"):
        words = {"word_year_ng": ["Lekki", "Eko", "Ikeja", "SuperEagles", "Jollof"], "word_year_eg": ["Nile", "Zamalek", "Ramadan", "Pyramids", "Ahly"],
                 "word_year_id": ["Bromo", "Merdeka", "Garuda", "Senayan"]}[style]
        return ch(words) + ch(["@", "#", "_", "!"]) + str(ch([2024, 2025, 2026])) + ch(["", "!", "$"])
    raise KeyError(style)


def v_jwt():
    alg = ch(["HS256", "RS256"])
    hdr = {"alg": alg, "typ": "JWT"}
    if alg == "RS256":
        hdr["kid"] = hexs(16)
    iat = epoch()
    pl = {"iss": ch(["https://auth.nusaseluler.co.id", "https://sso.lagoonmobile.com.ng", "https://idp.nilemobile.com.eg"]),
          "sub": ch(["dealer-%d" % ri(1000, 99999), "svc-topup", "noc-bot", uuid4()]), "aud": ch(["provisioning-api", "topup-api", "selfcare"]),
          "scope": ch(["topup:write", "sim:activate sim:swap", "porting:read", "alarms:ack"]), "iat": iat, "exp": iat + ch([900, 3600, 86400])}
    sig = rbytes(32 if alg == "HS256" else 256)
    return "%s.%s.%s" % (b64u(json.dumps(hdr, separators=(",", ":")).encode()), b64u(json.dumps(pl, separators=(",", ":")).encode()), b64u(sig))


def v_akid():
    return ch(["AKIA", "AKIA", "ASIA"]) + alnum(16, "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567")


def v_awssec():
    return alnum(40, B62 + "/+")


def _b62_fixed(n, width):
    s = ""
    while n:
        n, r = divmod(n, 62)
        s = B62[r] + s
    return s.rjust(width, "0")


def v_ghp():
    body = alnum(30)
    return "ghp_" + body + _b62_fixed(zlib.crc32(body.encode()) & 0xFFFFFFFF, 6)


def v_ghf():
    return "github_pat_11" + alnum(20, "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789") + "_" + alnum(59)


def v_xoxb():
    return "xoxb-%d-%d-%s" % (ri(10 ** 10, 10 ** 12), ri(10 ** 12, 10 ** 13), alnum(24))


def v_xoxp():
    return "xoxp-%d-%d-%d-%s" % (ri(10 ** 10, 10 ** 12), ri(10 ** 10, 10 ** 12), ri(10 ** 12, 10 ** 13), hexs(32))


def v_openai():
    k = ri(0, 2)
    if k == 0:
        return "sk-proj-" + alnum(74, B64URL) + "T3BlbkFJ" + alnum(74, B64URL)
    if k == 1:
        return "sk-" + alnum(20) + "T3BlbkFJ" + alnum(20)
    return "sk-svcacct-" + alnum(74, B64URL) + "T3BlbkFJ" + alnum(74, B64URL)


def v_anthropic():
    return "sk-ant-api03-" + alnum(93, B64URL) + "AA"


# ---- PEM ----
def _der_len(n):
    if n < 128:
        return bytes([n])
    b = n.to_bytes((n.bit_length() + 7) // 8, "big")
    return bytes([0x80 | len(b)]) + b


def _der(tag, body):
    return bytes([tag]) + _der_len(len(body)) + body


def _der_int(v):
    b = v.to_bytes(max(1, (v.bit_length() + 8) // 8), "big")
    return _der(0x02, b)


def _rand_int(bits):
    return R.getrandbits(bits) | (1 << (bits - 1)) | 1


def pem_rsa(bits=2048):
    n, d = _rand_int(bits), _rand_int(bits) >> 1
    p, q = _rand_int(bits // 2), _rand_int(bits // 2)
    seq = b"".join(_der_int(x) for x in (0, n, 65537, d, p, q, _rand_int(bits // 2) >> 1, _rand_int(bits // 2) >> 1, _rand_int(bits // 2) >> 1))
    return "RSA PRIVATE KEY", _der(0x30, seq)


OID_P256 = bytes.fromhex("06082a8648ce3d030107")
OID_ECPUB = bytes.fromhex("06072a8648ce3d0201")


def pem_ec_sec1():
    body = _der_int(1) + _der(0x04, rbytes(32)) + _der(0xA0, OID_P256) + _der(0xA1, _der(0x03, b"\x00\x04" + rbytes(64)))
    return "EC PRIVATE KEY", _der(0x30, body)


def pem_ec_pkcs8():
    inner = _der(0x30, _der_int(1) + _der(0x04, rbytes(32)) + _der(0xA1, _der(0x03, b"\x00\x04" + rbytes(64))))
    body = _der_int(0) + _der(0x30, OID_ECPUB + OID_P256) + _der(0x04, inner)
    return "PRIVATE KEY", _der(0x30, body)


def pem_ed25519():
    return "PRIVATE KEY", bytes.fromhex("302e020100300506032b657004220420") + rbytes(32)


def pem_openssh():
    def s(b):
        return struct.pack(">I", len(b)) + b
    pub = rbytes(32)
    pubblob = s(b"ssh-ed25519") + s(pub)
    chk = rbytes(4)
    priv = chk + chk + s(b"ssh-ed25519") + s(pub) + s(rbytes(32) + pub) + s(ch([b"tap-sftp@roaming-hub", b"noc@jumphost", b"mediation-ci"]))
    pad = 1
    while len(priv) % 8:
        priv += bytes([pad])
        pad += 1
    blob = b"openssh-key-v1\x00" + s(b"none") + s(b"none") + s(b"") + struct.pack(">I", 1) + s(pubblob) + s(priv)
    return "OPENSSH PRIVATE KEY", blob


def pem_lines(der, width):
    b = b64(der)
    return [b[i:i + width] for i in range(0, len(b), width)]


# --------------------------------------------------------------------------------------------
# POSITIVES: single-secret templates.  Each returns (text, [(kind, value)], fmt)
# --------------------------------------------------------------------------------------------
def ps_phone(fmt):
    cc, v = v_phone(fmt)
    T = {
        "ID-intl-dashed": "Pak Agus (field eng Bekasi) udah di site, hubungi di %s kalau BBU-nya belum up",
        "ID-local-spaced": "kalau genset mati lagi telpon aja penjaga site-nya di %s",
        "ID-local-run": "nomor PIC vendor tower: %s (WA aja, jangan telpon malem)",
        "ID-jakarta-landline-ext": "NOC Jakarta bisa ditelpon di %s, minta disambungin ke shift lead",
        "NG-local-dashed": "abeg flash the Ikeja site engineer for %s, im dey the shelter now",
        "NG-local-run": "Chinedu number na %s, call am make e open the generator house",
        "NG-intl-paren0": "escalation for the interconnect outage: Mr. Adeyemi, %s (24/7)",
        "NG-lagos-landline": "Lagos billing office line na %s, ask for the reconciliation desk",
        "EG-local-spaced": "كلم مهندس الموقع على %s لو الـ rectifier فصل تاني",
        "EG-plus2-kept0": "kallem Eng. Karim 3ala %s law el microwave link wa2e3 tany",
        "EG-arabic-indic": "رقم الحارس بتاع البرج في المعادي: %s",
        "EG-cairo-landline-ext": "interconnect desk (Cairo): %s, they open at 9",
        "NG-cc-dashed": "roaming partner contact for the TAP dispute: %s",
        "EG-local-run": "da rakam el supervisor bta3 el dealer: %s",
        "EG-intl-spaced": "EG on-call this week: %s",
    }
    return T[fmt] % v, [("phone_number", v)], fmt


def ps_password(i):
    if i == 0:
        v = v_password("leet")
        return "the wifi pw for NOC floor 3 is %s (guest SSID is open)" % v, [("password", v)], "chat-en-wifi-leet"
    if i == 1:
        v = v_password("passphrase_id")
        return "pw wifi ruang NOC lantai 5: %s" % v, [("password", v)], "chat-id-wifi-passphrase"
    if i == 2:
        v = v_password("random")
        return "password akun U2020 sementara %s , nanti langsung ganti ya mas" % v, [("password", v)], "chat-id-random"
    if i == 3:
        v = v_password("word_year_ng")
        return "abeg the password for the Ikeja hub router na %s, no dash anybody am" % v, [("password", v)], "chat-pcm-word-year"
    if i == 4:
        v = v_password("leet")
        return "الباسورد بتاع الـ VPN الجديد: %s" % v, [("password", v)], "chat-ar-leet"
    if i == 5:
        v = v_password("word_year_eg")
        return "el pass bta3 el OSS %s , ghayaro awel ma tdkhol" % v, [("password", v)], "chat-franco-word-year"
    if i == 6:
        v = v_password("smpp8")
        return fence("smsc:\n  host: %s\n  port: 2775\n  system_id: esme_topup\n  password: \"%s\"\n  bind: transceiver" % (priv_ip(), v), "yaml"), \
            [("password", v)], "config-yaml-smpp8"
    if i == 7:
        v = v_password("random").replace("'", "")
        return fence("mysql -h %s -u billing_rw -p'%s' cdr -e 'select count(*) from tap_in'" % (priv_ip(), v), "bash"), [("password", v)], "cli-mysql"
    if i == 8:
        v = v_password("random").replace('"', "").replace(";", "")
        return "MML login buat NE %s:\n`LGI:OP=\"noc_admin\",PWD=\"%s\";`" % (site("ID"), v), [("password", v)], "cli-mml"
    if i == 9:
        v = "".join(ch("ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789!#$*") for _ in range(12))
        return fence("smbclient //%s/cdr_drop -U svc_cdr%%%s -c 'ls'" % (priv_ip(), v), "bash"), [("password", v)], "cli-smbclient"
    if i == 10:
        v = v_password("passphrase_pcm")
        return "the new shared pass for the NOC laptop na %s — with the dashes o" % v, [("password", v)], "chat-pcm-passphrase"
    if i == 11:
        v = v_password("passphrase_fr")
        return "el passphrase el gdeeda bta3et el jumphost: %s" % v, [("password", v)], "chat-franco-passphrase"
    raise KeyError(i)


def _spaced(v, groups):
    out, k = [], 0
    for g in groups:
        out.append(v[k:k + g])
        k += g
    return out


def ps_card(i):
    if i == 0:
        v = v_card("visa")
        s = " ".join(_spaced(v, [4, 4, 4, 4]))
        return "customer sent \"%s\" in the top-up chat, pls purge the transcript" % s, [("credit_card", s)], "visa-spaced-quoted-en"
    if i == 1:
        v = v_card("mc")
        s = "-".join(_spaced(v, [4, 4, 4, 4]))
        return "kartu kredit kantor buat bayar tagihan AWS: %s exp 08/27" % s, [("credit_card", s)], "mc-dashed-id"
    if i == 2:
        v = v_card("visa")
        return "card %s declined at the gateway again, 3rd time today" % v, [("credit_card", v)], "visa-run-en"
    if i == 3:
        v = v_card("mc")
        s = " ".join(_spaced(v, [4, 4])) + "\n" + " ".join(_spaced(v[8:], [4, 4]))
        return "nomor kartunya pelanggan (dari chat CS):\n%s\ntolong dicek di PG" % s, [("credit_card", s)], "mc-linebreak-id"
    if i == 4:
        v = v_card("verve")
        s = " ".join(_spaced(v, [4, 4, 4, 4, 3]))
        return "abeg use my Verve card %s pay the Starlink backup sub, I go refund am" % s, [("credit_card", s)], "verve19-spaced-pcm"
    if i == 5:
        v = v_card("meeza")
        s = " ".join(_spaced(v, [4, 4, 4, 4]))
        return "رقم الكارت ميزة اللي العميل بعته: %s" % s, [("credit_card", s)], "meeza-spaced-ar"
    if i == 6:
        v = v_card("amex")
        s = " ".join(_spaced(v, [4, 6, 5]))
        return "Amex corp card for the Lagos hotel booking: %s" % s, [("credit_card", s)], "amex-4-6-5-en"
    if i == 7:
        v = v_card("visa")
        return "el card number %s, el expiry 11/27, edfa3 beeh el domain" % v, [("credit_card", v)], "visa-run-franco"
    if i == 8:
        v = v_card("mc2")
        return json.dumps({"ts": ts_iso(), "svc": "pg-callback", "order": order_id(), "pan": v, "status": "DECLINED", "rc": "51"}), \
            [("credit_card", v)], "mc2series-json-log"
    if i == 9:
        v = v_card("jcb")
        s = ".".join(_spaced(v, [4, 4, 4, 4]))
        return "pelanggan roaming dari Jepang kasih nomor kartu %s buat bayar paket" % s, [("credit_card", s)], "jcb-dotted-id"
    if i == 10:
        v = v_card("verve")
        s = v[:6] + " " + v[6:]
        return "the Verve card wey fail for the recharge portal: %s" % s, [("credit_card", s)], "verve19-6-13-pcm"
    raise KeyError(i)


def ps_iban(i):
    if i == 0:
        v = group4(v_iban("EG"))
        return "tower lease payment: beneficiary IBAN %s, Banque Misr Maadi branch" % v, [("iban", v)], "EG-grouped-en"
    if i == 1:
        v = v_iban("EG")
        return "الآيبان بتاع المقاول: %s" % v, [("iban", v)], "EG-compact-ar"
    if i == 2:
        v = group4(v_iban("DE"))
        return "pls update vendor master for the RAN spare parts supplier: IBAN %s, BIC %s" % (v, ch(["DEUTDEFFXXX", "COBADEFFXXX", "MARKDEF1100"])), \
            [("iban", v)], "DE-grouped-en"
    if i == 3:
        v = v_iban("FR")
        return "the French roaming hub invoice says IBAN %s — new account since March" % v, [("iban", v)], "FR-compact-en"
    if i == 4:
        v = group4(v_iban("EG"))
        return "7awel el deposit 3ala el IBAN da: %s" % v, [("iban", v)], "EG-grouped-franco"
    if i == 5:
        v = v_iban("DE")
        return fence("vendor_id,name,iban,currency\nV-%05d,Funk-Technik Service GmbH,%s,EUR" % (ri(1, 99999), v), "csv"), [("iban", v)], "DE-compact-csv"
    if i == 6:
        v = group4(v_iban("FR"))
        return "Coordonnées bancaires (footer of the SMS hub invoice):\nIBAN : %s\nBIC : BNPAFRPPXXX" % v, [("iban", v)], "FR-grouped-invoice"
    if i == 7:
        v = group4(v_iban("EG"))
        return "tolong transfer biaya colocation ke IBAN partner Mesir ini: %s" % v, [("iban", v)], "EG-grouped-id"
    raise KeyError(i)


def ps_email(i):
    v = v_email()
    if i == 0:
        return "send the weekly RAN KPI pack to %s, she took over from the old lead" % v, [("email_address", v)], "chat-en"
    return "abeg forward the TAP dispute mail to %s, na him dey handle am now" % v, [("email_address", v)], "chat-pcm"


def ps_ssn(i):
    v = v_ssn()
    if i == 0:
        return "US roaming consultant's W-9 came in, SSN %s — move it to the HR vault and delete this" % v, [("us_ssn", v)], "dashed-en"
    if i == 1:
        return "my SSN for the ADP payroll (US secondment) na %s" % v, [("us_ssn", v)], "dashed-pcm"
    if i == 2:
        return "kontraktor dari US kirim SSN-nya di sini: %s, tolong dipindah ke sistem HR" % v, [("us_ssn", v)], "dashed-id"
    if i == 3:
        s = v.replace("-", " ")
        return "el SSN bta3 el consultant el Amreeky: %s" % s, [("us_ssn", s)], "spaced-franco"
    s = v.replace("-", "")
    return "background check form (US vendor): SSN %s, DOB on file" % s, [("us_ssn", s)], "plain-en"


def ps_url(i):
    if i == 0:
        v = v_password("random").replace("@", "").replace("/", "").replace(":", "").replace("?", "").replace("#", "").replace("%", "")
        return fence("OCS_DB_URL=postgres://ocs_rw:%s@%s:5432/ocs" % (v, priv_ip()), "dotenv"), [("url_credentials", v)], "postgres"
    if i == 1:
        v = alnum(16)
        return "connection string buat porting DB: `mongodb+srv://mnp_app:%s@mnp-prod.x%s.mongodb.net/porting`" % (v, alnum(5, "abcdefghijklmnopqrstuvwxyz0123456789")), \
            [("url_credentials", v)], "mongodb+srv"
    if i == 2:
        v = alnum(24)
        return "ussd session cache: `redis://:%s@redis-ussd.bss.internal:6379/2`" % v, [("url_credentials", v)], "redis-no-user"
    if i == 3:
        v = v_password("word_year_eg").replace("@", "%40").replace("#", "%23").replace("!", "%21").replace("$", "%24")
        return "el TAP files bte7tag `sftp://tap_in:%s@sftp-tap.roaming.internal:22/incoming`" % v, [("url_credentials", v)], "sftp-percent-encoded"
    v = alnum(20)
    return fence("topup:\n  broker: amqps://topup_svc:%s@mq-topup.bss.internal:5671/prod" % v, "yaml"), [("url_credentials", v)], "amqps"


def ps_ip(i):
    if i == 0:
        v = v_ip("NG")
        return "abeg block %s for the SBC, na SIM-box traffic dey come from there since morning" % v, [("ipv4_address", v)], "chat-pcm"
    v = v_ip("EG")
    return "رجاء اعمل whitelist للـ IP ده %s على الـ firewall بتاع الـ API" % v, [("ipv4_address", v)], "chat-ar"


# ---- tokens ----
TOKEN_META = {
    "jwt": ("PROVISIONING_API_TOKEN", "provisioning API", "Authorization: Bearer "),
    "aws_access_key_id": ("AWS_ACCESS_KEY_ID", "CDR archive bucket", None),
    "aws_secret_access_key": ("AWS_SECRET_ACCESS_KEY", "CDR archive bucket", None),
    "github_classic_pat": ("GH_TOKEN", "provisioning repo", "Authorization: token "),
    "github_fine_grained_pat": ("GITHUB_TOKEN", "mediation CI", "Authorization: Bearer "),
    "slack_bot_token": ("SLACK_BOT_TOKEN", "RAN alarm bot", "Authorization: Bearer "),
    "slack_user_token": ("SLACK_USER_TOKEN", "NOC export script", "Authorization: Bearer "),
    "openai_api_key": ("OPENAI_API_KEY", "care chatbot (Bahasa)", "Authorization: Bearer "),
    "anthropic_api_key": ("ANTHROPIC_API_KEY", "Arabic care bot", "x-api-key: "),
}
TOKEN_VAL = {"jwt": v_jwt, "aws_access_key_id": v_akid, "aws_secret_access_key": v_awssec, "github_classic_pat": v_ghp,
             "github_fine_grained_pat": v_ghf, "slack_bot_token": v_xoxb, "slack_user_token": v_xoxp, "openai_api_key": v_openai,
             "anthropic_api_key": v_anthropic}


def ps_token(kind, i):
    var, purpose, hdr = TOKEN_META[kind]
    v = TOKEN_VAL[kind]()
    forms = [
        ("env", lambda: fence("%s=%s" % (var, v), "dotenv")),
        ("chat-en", lambda: "here's the token for the %s until the vault path is fixed: %s" % (purpose, v)),
        ("chat-id", lambda: "pakai token ini dulu buat %s ya, besok aku rotasi: %s" % (purpose, v)),
        ("chat-pcm", lambda: "oya use this one for the %s, e go expire Friday: %s" % (purpose, v)),
        ("chat-ar", lambda: "ده التوكن بتاع %s لحد ما نصلح الـ vault: %s" % (purpose, v)),
        ("chat-franco", lambda: "esta5dem el key da lel %s l7ad bokra: %s" % (purpose, v)),
        ("k8s", lambda: fence("apiVersion: v1\nkind: Secret\nmetadata:\n  name: %s\nstringData:\n  %s: \"%s\"" % (
            purpose.split()[0].lower() + "-creds", var.lower().replace("_", "-"), v), "yaml")),
        ("docker", lambda: fence("docker run --rm -e %s=%s registry.core.internal/noc/%s:latest" % (
            var, v, ch(["alarm-bridge", "cdr-export", "kpi-report"])), "bash")),
        ("log", lambda: "%s DEBUG %s env dump %s=%s" % (ts_plain(), ch(["alarm-bridge", "cdr-export", "care-bot"]), var, v)),
        ("python", lambda: fence("client = Client(%s=\"%s\")  # TODO move to vault" % (
            "api_key" if "key" in kind else "token", v), "python")),
    ]
    if hdr:
        url = {"jwt": "https://api.provisioning.internal/v1/sims/status", "github_classic_pat": "https://api.github.com/user",
               "github_fine_grained_pat": "https://api.github.com/repos/nilemobile/mediation", "slack_bot_token": "https://slack.com/api/auth.test",
               "slack_user_token": "https://slack.com/api/conversations.history?channel=C0NOCRAN1", "openai_api_key": "https://api.openai.com/v1/models",
               "anthropic_api_key": "https://api.anthropic.com/v1/models"}[kind]
        forms.append(("curl", lambda: fence("curl -s '%s' -H '%s%s'" % (url, hdr, v), "bash")))
    if kind == "aws_secret_access_key":
        forms = [
            ("ini", lambda: fence("[cdr-archive]\nregion = af-south-1\naws_secret_access_key = %s" % v, "ini")),
            ("env", lambda: fence("export AWS_SECRET_ACCESS_KEY=%s" % v, "bash")),
            ("chat-id", lambda: "secret key buat bucket CDR (key id-nya udah di vault): %s" % v),
            ("python", lambda: fence("s3 = boto3.client(\"s3\", aws_secret_access_key=\"%s\")" % v, "python")),
        ]
    if kind == "aws_access_key_id":
        forms = [
            ("env", lambda: fence("AWS_ACCESS_KEY_ID=%s" % v, "dotenv")),
            ("chat-pcm", lambda: "the access key id wey dey the old mediation box na %s, make we disable am" % v),
            ("cloudtrail", lambda: json.dumps({"eventName": "GetObject", "userIdentity": {"accessKeyId": v, "type": "IAMUser" if v.startswith("AKIA") else "AssumedRole"},
                                               "sourceIPAddress": "s3.amazonaws.com"})),
            ("chat-ar", lambda: "الـ access key ده %s لسه شغال على السيرفر القديم" % v),
        ]
    off = list(TOKEN_META).index(kind) * 3
    name, f = forms[(i + off) % len(forms)]
    return f(), [(kind, v)], name


def ps_pem(i):
    makers = [("rsa2048-pkcs1", lambda: pem_rsa(2048)), ("ec-p256-sec1", pem_ec_sec1), ("ed25519-pkcs8", pem_ed25519),
              ("openssh-ed25519", pem_openssh), ("ec-p256-pkcs8", pem_ec_pkcs8), ("rsa1024-pkcs1", lambda: pem_rsa(1024)),
              ("ed25519-pkcs8", pem_ed25519), ("ec-p256-sec1", pem_ec_sec1), ("openssh-ed25519", pem_openssh)]
    tname, mk = makers[i]
    label, der = mk()
    width = 70 if label.startswith("OPENSSH") else 64
    lines = pem_lines(der, width)
    layout = [0, 1, 2, 3, 4, 0, 2, 3, 1][i]
    if layout == 0:
        value = "\n".join(lines)
        text = "SFTP key buat TAP exchange sama roaming hub (sementara):\n" + fence("-----BEGIN %s-----\n%s\n-----END %s-----" % (label, value, label))
    elif layout == 1:
        if label.startswith("OPENSSH"):
            ind, head = "    ", "tap_sftp:\n  host: sftp.roaming-hub.internal\n  private_key: |\n"
        else:
            ind, head = "      ", "smdp:\n  tls:\n    key: |\n"
        value = ("\n" + ind).join(lines)
        text = fence("%s%s-----BEGIN %s-----\n%s%s\n%s-----END %s-----" % (head, ind, label, ind, value, ind, label), "yaml")
    elif layout == 2:
        value = "\\n".join(lines)
        text = json.dumps({"name": "jumphost-%s" % ch(["cai", "los", "jkt"]), "private_key": "-----BEGIN %s-----\n%s\n-----END %s-----\n" % (
            label, "\n".join(lines), label)})
    elif layout == 3:
        value = "\n".join(lines)
        text = ch(["abeg na this key the mediation server dey use, I paste am make una see:",
                   "ده الـ key اللي على السيرفر:", "ini key lama di jumphost:"]) + "\n-----BEGIN %s-----\n%s\n-----END %s-----" % (label, value, label)
    else:
        value = "\n".join(lines)
        text = fence('resource "tls_locally_signed_cert" "smdp" {\n  ca_private_key_pem = <<-EOT\n-----BEGIN %s-----\n%s\n-----END %s-----\nEOT\n}' % (
            label, value, label), "hcl")
    assert value in text
    return text, [("private_key_pem", value)], "%s:layout%d" % (tname, layout)


# --------------------------------------------------------------------------------------------
# POSITIVES: two-secret templates
# --------------------------------------------------------------------------------------------
def pm(i):
    if i == 0:
        a, s = v_akid(), v_awssec()
        return fence("[cdr-archive]\naws_access_key_id = %s\naws_secret_access_key = %s\nregion = af-south-1" % (a, s), "ini"), \
            [("aws_access_key_id", a), ("aws_secret_access_key", s)], "aws_credentials_file"
    if i == 1:
        a, s = v_akid(), v_awssec()
        return fence("export AWS_ACCESS_KEY_ID=%s\nexport AWS_SECRET_ACCESS_KEY=%s\naws s3 sync ./tap s3://cdr-archive-eg/roaming/tap/" % (a, s), "bash"), \
            [("aws_access_key_id", a), ("aws_secret_access_key", s)], "aws_env_export"
    if i == 2:
        a, s = v_akid(), v_awssec()
        return "key buat bucket CDR Jakarta: id %s secret %s — jangan disebar ya" % (a, s), \
            [("aws_access_key_id", a), ("aws_secret_access_key", s)], "aws_chat_id"
    if i == 3:
        a, s = v_akid(), v_awssec()
        return fence("s3 = boto3.client(\n    \"s3\",\n    aws_access_key_id=\"%s\",\n    aws_secret_access_key=\"%s\",\n)" % (a, s), "python"), \
            [("aws_access_key_id", a), ("aws_secret_access_key", s)], "aws_boto3"
    if i == 4:
        a, s = v_akid(), v_awssec()
        return "oya the CDR upload key: AK %s SK %s. I go rotate am after the audit" % (a, s), \
            [("aws_access_key_id", a), ("aws_secret_access_key", s)], "aws_chat_pcm"
    if i == 5:
        e = v_email(("rizky", "pratama"))
        _, p = v_phone("ID-wa-cc-no-plus")
        return "Salam,\nRizky Pratama\nRF Optimization – Regional Jabar\n%s\nWA %s" % (e, p), \
            [("email_address", e), ("phone_number", p)], "signature_id:ID-wa-cc-no-plus"
    if i == 6:
        e = v_email(("ngozi", "eze"))
        _, p = v_phone("NG-intl-spaced")
        return "Regards,\nNgozi Eze | Billing Ops, Lagos\nM: %s\nE: %s" % (p, e), \
            [("phone_number", p), ("email_address", e)], "signature_ng:NG-intl-spaced"
    if i == 7:
        e = v_email(("mona", "abdelrahman"))
        _, p = v_phone("EG-0020")
        return "م/ منى عبد الرحمن – Core Network\nموبايل: %s\nإيميل: %s" % (p, e), \
            [("phone_number", p), ("email_address", e)], "signature_eg:EG-0020"
    if i == 8:
        pw, ip = alnum(14), v_ip("ID")
        return "TAP drop dari roaming hub: `sftp://tapuser:%s@%s:22/in` (IP publik mereka)" % (pw, ip), \
            [("url_credentials", pw), ("ipv4_address", ip)], "sftp_public_ip"
    if i == 9:
        pw, ip = alnum(18), v_ip("EG")
        return fence("CDR_RO_URL=mysql://cdr_ro:%s@%s:3306/cdr" % (pw, ip), "dotenv"), \
            [("url_credentials", pw), ("ipv4_address", ip)], "mysql_public_ip"
    if i == 10:
        ib, e = group4(v_iban("EG")), v_email()
        return "tower lease Q3: IBAN %s, send the remittance advice to %s" % (ib, e), [("iban", ib), ("email_address", e)], "iban_eg_email"
    if i == 11:
        ib, e = v_iban("DE"), v_email()
        return "supplier changed bank: new IBAN %s (confirm with %s before paying!)" % (ib, e), [("iban", ib), ("email_address", e)], "iban_de_email"
    if i == 12:
        ip, pw = v_ip("NG"), v_password("random")
        return "abeg ssh root@%s, pw na %s — the DRA for Abuja no dey respond" % (ip, pw), [("ipv4_address", ip), ("password", pw)], "ssh_pcm"
    if i == 13:
        ip, pw = v_ip("ID"), v_password("leet")
        return "login ke %s pake admin / %s, itu web UI genset monitoring" % (ip, pw), [("ipv4_address", ip), ("password", pw)], "webui_id"
    if i == 14:
        j, x = v_jwt(), v_xoxb()
        return fence(json.dumps({"alarm_source": "https://oss.internal/api/alarms", "oss_bearer": j, "slack": {"token": x, "channel": "#noc-ran"}}, indent=2), "json"), \
            [("jwt", j), ("slack_bot_token", x)], "alarm_bridge_json"
    if i == 15:
        g, o = v_ghp(), v_openai()
        return fence("GH_TOKEN=%s\nOPENAI_API_KEY=%s" % (g, o), "dotenv"), [("github_classic_pat", g), ("openai_api_key", o)], "dotenv_gh_openai"
    if i == 16:
        c = v_card("visa")
        cs = " ".join(_spaced(c, [4, 4, 4, 4]))
        _, p = v_phone("ID-local-dots")
        return "pelanggan kirim di live chat: kartu %s, nomor yang mau diisi %s. Tolong hapus dari transkrip" % (cs, p), \
            [("credit_card", cs), ("phone_number", p)], "card_phone_id:ID-local-dots"
    if i == 17:
        s, e = v_ssn(), v_email(("karim", "mostafa"))
        return "US secondment onboarding: Karim Mostafa, SSN %s, personal mail %s" % (s, e), [("us_ssn", s), ("email_address", e)], "ssn_email"
    if i == 18:
        a, g = v_anthropic(), v_ghf()
        return fence("Run ./scripts/deploy-care-bot.sh\n+ export ANTHROPIC_API_KEY=%s\n+ git clone https://x-access-token:%s@github.com/nilemobile/care-bot.git" % (a, g)), \
            [("anthropic_api_key", a), ("github_fine_grained_pat", g)], "ci_log_leak"
    if i == 19:
        x, ip = v_xoxp(), v_ip("EG")
        return "audit: token %s used from %s at %s, not our egress range" % (x, ip, ts_plain()), \
            [("slack_user_token", x), ("ipv4_address", ip)], "slack_audit"
    raise KeyError(i)


# --------------------------------------------------------------------------------------------
# decoration
# --------------------------------------------------------------------------------------------
LEADS = ["fyi ", "FYI: ", "Info: ", "cc NOC — ", "Catatan: ", "Update: ", "Bro, ", "Gan, cek ini: ", "abeg see this: ", "how far, ",
         "Oya check am: ", "يا جماعة، ", "بصوا كده: ", "ya gama3a, ", "bosso, ", "for the record: ", "Re: ", "^ ", "Ini log-nya: ",
         "na dis one: ", "mas, ", "ya basha, "]
TRAILS = ["thanks", "makasih", "tnx", "abeg help", "شكرا", "shokran", "🙏", "mohon dicek", "e don tey", "any idea?", "ada yang tau?",
          "حد عنده فكرة؟", "7ad fahem?"]


def decorate(text, p_lead, p_trail):
    if R.random() < p_lead:
        lead = ch(LEADS)
        text = (lead.rstrip() + "\n" + text) if text.startswith("```") or "\n" in text[:60] else lead + text
    if R.random() < p_trail:
        text = text + ("\n" if "\n" in text else " ") + ch(TRAILS)
    return text


# --------------------------------------------------------------------------------------------
# build
# --------------------------------------------------------------------------------------------
NEG_CATS = [("data_uri_base64", NEG_DATA_URI), ("placeholder_example", NEG_PLACEHOLDER), ("code_identifier", NEG_CODE),
            ("non_credential_blob", NEG_BLOB), ("pii_lookalike_number", NEG_NUMBER), ("talk_about_secrets", NEG_TALK)]


def build_negatives(stats):
    seen = set()
    recs = []
    for cat, temps in NEG_CATS:
        st = stats.setdefault(cat, {"redraw": {}, "dups": 0, "templates": {}, "deliberate": []})
        got, ti, fails = 0, 0, 0
        while got < 100:
            t = temps[ti % len(temps)]
            ok = False
            for _ in range(40):
                txt = decorate(t(), 0.13, 0.06)
                f = scan(txt)
                bad = [x for x in f if x[0] not in DELIBERATE_NEG]
                if bad:
                    for x in bad:
                        st["redraw"][x[0]] = st["redraw"].get(x[0], 0) + 1
                    continue
                if txt in seen:
                    st["dups"] += 1
                    continue
                ok = True
                break
            ti += 1
            if not ok:
                fails += 1
                assert fails < 200, cat
                continue
            seen.add(txt)
            st["templates"][t.__name__] = st["templates"].get(t.__name__, 0) + 1
            deliberate = [x for x in scan(txt) if x[0] in DELIBERATE_NEG]
            recs.append({"text": txt, "category": cat, "_delib": deliberate, "_tpl": t.__name__})
            got += 1
    R.shuffle(recs)
    for i, r in enumerate(recs, 1):
        r["id"] = "h%dn-%04d" % (N, i)
        if r["_delib"]:
            stats[r["category"]]["deliberate"].append((r["id"], [x[3] for x in r["_delib"]]))
    return recs


def pos_plan():
    plan = []
    for fmt in ["ID-intl-dashed", "ID-local-spaced", "ID-local-run", "ID-jakarta-landline-ext", "NG-local-dashed", "NG-local-run",
                "NG-intl-paren0", "NG-lagos-landline", "EG-local-spaced", "EG-plus2-kept0", "EG-arabic-indic", "EG-cairo-landline-ext"]:
        plan.append(("phone_number", fmt, lambda fmt=fmt: ps_phone(fmt)))
    for i in range(12):
        plan.append(("password", i, lambda i=i: ps_password(i)))
    for i in range(11):
        plan.append(("credit_card", i, lambda i=i: ps_card(i)))
    for i in range(8):
        plan.append(("iban", i, lambda i=i: ps_iban(i)))
    for i in range(2):
        plan.append(("email_address", i, lambda i=i: ps_email(i)))
    for i in range(5):
        plan.append(("us_ssn", i, lambda i=i: ps_ssn(i)))
    for i in range(5):
        plan.append(("url_credentials", i, lambda i=i: ps_url(i)))
    for i in range(2):
        plan.append(("ipv4_address", i, lambda i=i: ps_ip(i)))
    for kind in TOKEN_META:
        n = 4 if kind.startswith("aws_") else 8
        for i in range(n):
            plan.append((kind, i, lambda kind=kind, i=i: ps_token(kind, i)))
    for i in range(9):
        plan.append(("private_key_pem", i, lambda i=i: ps_pem(i)))
    for i in range(20):
        plan.append(("multi", i, lambda i=i: pm(i)))
    return plan


def value_spans(text, secrets):
    t = text.translate(ARABIC_DIGITS)
    spans = []
    for _, v in secrets:
        vv = v.translate(ARABIC_DIGITS)
        k = t.find(vv)
        while k >= 0:
            spans.append((k, k + len(vv)))
            k = t.find(vv, k + 1)
    return spans


def check_value(kind, v):
    if kind == "credit_card":
        d = re.sub(r"\D", "", v)
        assert 13 <= len(d) <= 19 and luhn_ok(d), v
    elif kind == "iban":
        assert iban_ok(v.replace(" ", "")), v
    elif kind == "us_ssn":
        assert ssn_ok(v), v
    elif kind == "ipv4_address":
        assert ip_public(v), v
    elif kind == "jwt":
        h, p, s = v.split(".")
        for part in (h, p):
            json.loads(base64.urlsafe_b64decode(part + "=" * (-len(part) % 4)))
    elif kind == "private_key_pem":
        body = re.sub(r"\s+", "", v.replace("\\n", "\n"))
        base64.b64decode(body, validate=True)
    elif kind == "github_classic_pat":
        body = v[4:34]
        assert v[34:] == _b62_fixed(zlib.crc32(body.encode()) & 0xFFFFFFFF, 6)
    elif kind == "phone_number":
        d = re.sub(r"\D", "", v.translate(ARABIC_DIGITS).split("ext")[0])
        assert 8 <= len(d) <= 14, v


def build_positives(stats):
    recs = []
    st = stats.setdefault("positives", {"redraw": {}, "missed": []})
    for kind, idx, fn in pos_plan():
        for attempt in range(60):
            text, secrets, fmt = fn()
            text = decorate(text, 0.06, 0.03)
            for k, v in secrets:
                assert v in text, (k, v)
                check_value(k, v)
            spans = value_spans(text, secrets)
            unl = [f for f in scan(text) if not any(f[1] < e and s < f[2] for s, e in spans)]
            if unl:
                for f in unl:
                    st["redraw"][f[0]] = st["redraw"].get(f[0], 0) + 1
                continue
            break
        else:
            raise AssertionError((kind, idx))
        if kind == "multi":
            ctx = "multi:%s:%d" % (fmt, idx)
        elif kind == "private_key_pem":
            ctx = "private_key_pem:%s" % fmt
        elif kind == "phone_number":
            ctx = "phone_number:t%d:%s" % (["ID-intl-dashed", "ID-local-spaced", "ID-local-run", "ID-jakarta-landline-ext", "NG-local-dashed",
                                             "NG-local-run", "NG-intl-paren0", "NG-lagos-landline", "EG-local-spaced", "EG-plus2-kept0",
                                             "EG-arabic-indic", "EG-cairo-landline-ext"].index(fmt), fmt)
        else:
            ctx = "%s:t%d:%s" % (kind, idx, fmt)
        recs.append({"text": text, "secrets": [{"kind": k, "value": v} for k, v in secrets], "context": ctx})
    texts = [r["text"] for r in recs]
    assert len(set(texts)) == len(texts)
    R.shuffle(recs)
    out = []
    for i, r in enumerate(recs, 1):
        out.append({"id": "h%dp-%04d" % (N, i), "text": r["text"], "secrets": r["secrets"], "context": r["context"]})
    # which labelled values does the scanner itself see?
    for r in out:
        found = scan(r["text"])
        t = r["text"].translate(ARABIC_DIGITS)
        for s in r["secrets"]:
            vv = s["value"].translate(ARABIC_DIGITS)
            k = t.find(vv)
            hit = any(f[1] < k + len(vv) and k < f[2] for f in found)
            if not hit:
                st["missed"].append((r["id"], s["kind"], r["context"]))
    return out


def main():
    stats = {}
    negs = build_negatives(stats)
    poss = build_positives(stats)
    assert len(negs) == 600 and len(poss) == 150
    assert sum(len(p["secrets"]) for p in poss) == 170
    assert sum(1 for p in poss if len(p["secrets"]) == 2) == 20
    with open(os.path.join(HERE, "redaction%d_negatives.jsonl" % N), "w", encoding="utf-8", newline="\n") as fh:
        for r in negs:
            fh.write(json.dumps({"id": r["id"], "text": r["text"], "category": r["category"]}, ensure_ascii=False) + "\n")
    with open(os.path.join(HERE, "redaction%d_positives.jsonl" % N), "w", encoding="utf-8", newline="\n") as fh:
        for r in poss:
            fh.write(json.dumps(r, ensure_ascii=False) + "\n")

    # ---------------- report ----------------
    print("== redaction%d scanner report ==" % N)
    print("negatives: %d (re-scanned after writing)" % len(negs))
    final = {}
    for r in negs:
        for f in scan(r["text"]):
            final.setdefault(f[0], []).append(r["id"])
    for k in sorted(final):
        print("  final finding %-12s %3d  (deliberate: lab IMEIs with check digit)" % (k, len(final[k])) if k in DELIBERATE_NEG
              else "  final finding %-12s %3d  UNEXPECTED" % (k, len(final[k])))
    if not final:
        print("  final findings: none")
    for cat, _ in NEG_CATS:
        st = stats[cat]
        lines = [r["text"].count("\n") + 1 for r in negs if r["category"] == cat]
        print("  %-22s templates used %2d/%2d  lines %d/%d  redrawn %s  duplicate redraws %d" % (
            cat, len(st["templates"]), len(dict(NEG_CATS)[cat]), min(lines), max(lines),
            ", ".join("%s=%d" % kv for kv in sorted(st["redraw"].items())) or "0", st["dups"]))
    d = [x for cat, _ in NEG_CATS for x in stats[cat]["deliberate"]]
    print("  deliberate lab-IMEI texts: %d  %s" % (len(d), " ".join(sorted(i for i, _ in d))))
    all_lines = [r["text"].count("\n") + 1 for r in negs]
    print("  single-line %d, >=10 lines %d, >=20 lines %d" % (sum(1 for x in all_lines if x == 1), sum(1 for x in all_lines if x >= 10),
                                                             sum(1 for x in all_lines if x >= 20)))
    st = stats["positives"]
    kinds = {}
    for p in poss:
        for s in p["secrets"]:
            kinds[s["kind"]] = kinds.get(s["kind"], 0) + 1
    print("positives: %d texts, %d secrets (%d with two)" % (len(poss), sum(kinds.values()), sum(1 for p in poss if len(p["secrets"]) == 2)))
    for k in sorted(kinds):
        miss = sum(1 for m in st["missed"] if m[1] == k)
        print("  %-24s %3d  scanner sees %3d" % (k, kinds[k], kinds[k] - miss))
    print("  redrawn for unlabelled findings: %s" % (", ".join("%s=%d" % kv for kv in sorted(st["redraw"].items())) or "0"))
    for m in st["missed"]:
        print("  scanner miss: %s %s (%s)" % m)


if __name__ == "__main__":
    main()
