#!/usr/bin/env python3
"""Held-out redaction corpus #34 (trading desk / market-data engineering Slack).

Standard library only. Seeded with random.Random(3434); two runs give byte-identical output.
Writes redaction34_negatives.jsonl and redaction34_positives.jsonl next to this file.
"""
import base64
import ipaddress
import json
import math
import os
import random
import re
import string
import struct
import zlib

SEED = 3434
R = random.Random(SEED)
HERE = os.path.dirname(os.path.abspath(__file__))

# ----------------------------------------------------------------------------------------------
# small helpers
# ----------------------------------------------------------------------------------------------
B62 = string.digits + string.ascii_uppercase + string.ascii_lowercase
UPAN = string.ascii_uppercase + string.digits
HEX = "0123456789abcdef"
B64 = string.ascii_letters + string.digits + "+/"
B64URL = string.ascii_letters + string.digits + "-_"


def rs(n, alphabet=B62):
    return "".join(R.choice(alphabet) for _ in range(n))


def hexs(n):
    return rs(n, HEX)


def pick(seq):
    return R.choice(seq)


def rbytes(n):
    return bytes(R.getrandbits(8) for _ in range(n))


def uuid4():
    h = list(hexs(32))
    h[12] = "4"
    h[16] = pick("89ab")
    h = "".join(h)
    return f"{h[:8]}-{h[8:12]}-{h[12:16]}-{h[16:20]}-{h[20:]}"


def uuid7(ms=None):
    ms = ms if ms is not None else 1741900000000 + R.randrange(0, 20000000000)
    h = f"{ms:012x}" + "7" + hexs(3) + pick("89ab") + hexs(15)
    return f"{h[:8]}-{h[8:12]}-{h[12:16]}-{h[16:20]}-{h[20:]}"


def luhn_ok(d):
    tot = 0
    for i, ch in enumerate(reversed(d)):
        v = int(ch)
        if i % 2 == 1:
            v *= 2
            if v > 9:
                v -= 9
        tot += v
    return tot % 10 == 0


def luhn_digit(d):
    tot = 0
    for i, ch in enumerate(reversed(d)):
        v = int(ch)
        if i % 2 == 0:
            v *= 2
            if v > 9:
                v -= 9
        tot += v
    return str((10 - tot % 10) % 10)


def digits(n, first="123456789"):
    return R.choice(first) + "".join(R.choice(string.digits) for _ in range(n - 1))


def nl_digits(n, first="123456789"):
    """n digits that are NOT Luhn-valid (only matters for 13..19, applied always)."""
    d = digits(n, first)
    if luhn_ok(d):
        d = d[:-1] + str((int(d[-1]) + 1) % 10)
    return d


def money(lo, hi, dec=2):
    v = R.uniform(lo, hi)
    return f"{v:,.{dec}f}"


def smoney(lo, hi, dec=2):
    v = R.uniform(lo, hi) * pick([1, -1])
    return f"{v:,.{dec}f}"


def b64(b):
    return base64.b64encode(b).decode()


def b64url(b):
    return base64.urlsafe_b64encode(b).decode().rstrip("=")


def wrap(s, n):
    return [s[i:i + n] for i in range(0, len(s), n)]


def date_parts():
    y = pick([2024, 2025, 2026])
    m = R.randint(1, 12)
    d = R.randint(1, 28)
    return y, m, d


def ymd(sep="-"):
    y, m, d = date_parts()
    return f"{y}{sep}{m:02d}{sep}{d:02d}"


def hms(ms=True):
    h, mi, s = R.randint(0, 23), R.randint(0, 59), R.randint(0, 59)
    return f"{h:02d}:{mi:02d}:{s:02d}" + (f".{R.randint(0, 999):03d}" if ms else "")


def iso_ts():
    return f"{ymd()}T{hms()}Z"


def fix_ts():
    return f"{ymd('')}-{hms()}"


def q_ts():
    return f"{ymd('.')}D{hms(False)}.{R.randint(0, 999999999):09d}"


def lines_join(ls):
    return "\n".join(ls)


# ----------------------------------------------------------------------------------------------
# instrument / entity identifiers (all with correct check digits)
# ----------------------------------------------------------------------------------------------
SEDOL_AL = "0123456789BCDFGHJKLMNPQRSTVWXYZ"
FIGI_AL = "0123456789BCDFGHJKLMNPQRSTVWXYZ"


def _cval(c):
    if c.isdigit():
        return int(c)
    return ord(c) - 55


def cusip_check(b):
    tot = 0
    for i, c in enumerate(b):
        v = _cval(c)
        if i % 2 == 1:
            v *= 2
        tot += v // 10 + v % 10
    return str((10 - tot % 10) % 10)


def cusip(numeric=False):
    if numeric:
        b = digits(6, "0123456789") + digits(2, "0123456789")
    else:
        b = digits(3, "0123456789") + rs(3, UPAN) + rs(2, UPAN)
    return b + cusip_check(b)


def isin(cc=None):
    cc = cc or pick(["US", "GB", "DE", "FR", "NL", "JP", "CH", "XS", "IE", "LU", "IT", "ES", "HK"])
    if cc == "US":
        nsin = cusip()
    elif cc == "GB":
        nsin = "00" + sedol()
    elif cc == "DE":
        nsin = "000" + rs(6, UPAN)
    elif cc in ("XS", "JP"):
        nsin = digits(9, "0123456789")
    elif cc == "IE":
        nsin = "00B" + rs(6, SEDOL_AL)
    elif cc == "HK":
        nsin = "0000" + digits(5, "0123456789")
    else:
        nsin = pick(["0000", "00", "0"]) + digits(9, "0123456789")
        nsin = nsin[:9] if R.random() < 0.7 else nsin[:7] + rs(2, UPAN)
    s = "".join(str(int(c, 36)) for c in cc + nsin)
    return cc + nsin + luhn_digit(s)


def sedol(numeric=None):
    if numeric is None:
        numeric = R.random() < 0.5
    if numeric:
        b = digits(6, "0123456789")
    else:
        b = "B" + rs(5, SEDOL_AL)
    w = [1, 3, 1, 7, 3, 9]
    tot = sum(_cval(c) * w[i] for i, c in enumerate(b))
    return b + str((10 - tot % 10) % 10)


def figi():
    b = "BBG" + rs(8, FIGI_AL)
    return b + cusip_check(b)


LOU = ["5493", "2138", "5299", "7245", "9695", "8156", "6354", "3358", "2549", "9845", "3157", "8945"]


def lei():
    base = pick(LOU) + "00" + rs(12, UPAN)
    n = int("".join(str(int(c, 36)) for c in base + "00"))
    return base + f"{98 - n % 97:02d}"


def iban_make(cc, bban):
    n = int("".join(str(int(c, 36)) for c in bban + cc + "00"))
    return f"{cc}{98 - n % 97:02d}{bban}"


def iban_ok(s):
    s = s.replace(" ", "")
    if not re.fullmatch(r"[A-Z]{2}\d{2}[A-Z0-9]{11,30}", s):
        return False
    r = s[4:] + s[:4]
    return int("".join(str(int(c, 36)) for c in r)) % 97 == 1


VENUES = [("XLON", "LSE"), ("XETR", "Xetra"), ("XPAR", "Euronext Paris"), ("XAMS", "Euronext Amsterdam"),
          ("XNYS", "NYSE"), ("XNAS", "Nasdaq"), ("XTKS", "TSE"), ("XHKG", "HKEX"), ("XSWX", "SIX"),
          ("XEUR", "Eurex"), ("XCME", "CME"), ("BATE", "Cboe BXE"), ("CHIX", "Cboe CXE"), ("TRQX", "Turquoise"),
          ("XMIL", "Borsa Italiana"), ("XMAD", "BME"), ("AQXE", "Aquis")]
MICS = [v[0] for v in VENUES]
SYMS = ["VOD.L", "BARC.L", "HSBA.L", "AZN.L", "SHEL.L", "SAP.DE", "SIE.DE", "ALV.DE", "DBK.DE", "MC.PA", "TTE.PA",
        "BNP.PA", "ASML.AS", "INGA.AS", "NESN.S", "ROG.S", "7203.T", "6758.T", "9984.T", "0700.HK", "0005.HK",
        "AAPL.OQ", "MSFT.OQ", "IBM.N", "ENI.MI", "SAN.MC"]
QSYMS = ["VOD", "BARC", "HSBA", "AZN", "SAP", "SIE", "ALV", "MC", "ASML", "NESN", "AAPL", "MSFT", "IBM", "ENI"]
FUTS = ["ESM5", "NQM5", "FGBLM5", "FDAXM5", "ZNM5", "6EM5", "FESXU5", "CLN5", "GCQ5", "ZBU5", "FGBSM5", "I3Z5"]
CCYS = ["EUR", "USD", "GBP", "JPY", "CHF", "HKD"]
SENDERS = ["TDWY_EQ", "TDWY_FUT", "TDWY_ALGO", "ZPHR_DMA", "TDWY_FX", "TDWYLDN1", "TDWY_DC"]
TARGETS = ["XLON_GW1", "EUREX_T7", "CME_GLBX", "TSE_ARRW", "CBOE_EU", "SIX_SWXS", "EURONEXT_OEG", "HKEX_OCG",
           "BRKR_DMA", "AQUIS_OE"]
HOSTS = ["ld4-fixgw-01", "ld4-fixgw-02", "ld4-mdfh-02", "ny4-tp-01", "fr2-rdb-03", "ty3-feed-01", "hk1-gw-02",
         "ch-risk-01", "ld4-hdb-01", "ny5-gw-03", "fr2-tp-02", "sg1-mdfh-01"]
DESKS = ["EQ-DELTA1", "RATES-EUR", "FX-SPOT", "CREDIT-IG", "FUT-EMEA", "ETF-MM", "VOL-INDEX", "CASH-EQ-APAC"]
BICS = ["TDWYGB2LXXX", "TDWYDEFFXXX", "ZPHRCHZZXXX", "CLRHGB2LXXX", "NRBKDEFF300", "OSTBNL2AXXX", "SETLFRPPXXX",
        "KSTRHKHHXXX", "MRDNUS33XXX"]
FIRMS = ["TIDEWAY CAPITAL MARKETS LTD", "ZEPHYR SECURITIES AG", "NORBANK AG", "OSTRA BANK NV", "KESTREL ASIA LTD",
         "MERIDIAN CLEARING CORP"]


def sym():
    return pick(SYMS)


def price():
    return f"{R.uniform(5, 900):.{pick([2, 2, 3, 4])}f}"


def qty():
    return str(pick([100, 200, 250, 500, 1000, 1500, 2000, 2500, 5000, 7500, 10000, 12000, 25000, 40000]))


def clordid():
    f = pick([0, 1, 2, 3])
    if f == 0:
        return f"{pick(['LDN', 'NYC', 'FRA', 'TKY', 'HKG'])}-{pick(['EQ', 'FUT', 'ETF'])}-{ymd('')}-{R.randint(1, 999999):06d}"
    if f == 1:
        return "ORD" + rs(8, "0123456789ABCDEF")
    if f == 2:
        return nl_digits(pick([10, 11, 12]))
    return f"{pick(['A', 'B', 'C'])}{R.randint(100, 999)}{rs(5, UPAN)}"


def orderid():
    return pick([nl_digits(16), nl_digits(17), nl_digits(19), nl_digits(15), rs(12, "0123456789ABCDEF"),
                 f"{R.randint(10, 99)}{rs(10, UPAN)}"])


def execid():
    return pick([nl_digits(18), nl_digits(14), hexs(16).upper(), f"E{nl_digits(13)}", f"{rs(8, UPAN)}-{R.randint(1, 99999)}"])


SOH = "\x01"


def fix_msg(msgtype, fields, delim="|", ver="FIX.4.4", seq=None, sender=None, target=None, ts=None):
    hdr = [("35", msgtype), ("49", sender or pick(SENDERS)), ("56", target or pick(TARGETS)),
           ("34", str(seq or R.randint(2, 250000))), ("52", ts or fix_ts())]
    body = "".join(f"{t}={v}{SOH}" for t, v in hdr + fields)
    head = f"8={ver}{SOH}9={len(body)}{SOH}"
    cs = sum((head + body).encode()) % 256
    m = head + body + f"10={cs:03d}{SOH}"
    return m.replace(SOH, delim)


def fix_nos(delim="|"):
    s = sym()
    f = [("11", clordid()), ("1", pick(["EQ-ARB-01", "MM-BOOK-7", "DMA-CLIENT-22", "HEDGE-VOL"])), ("21", "1"),
         ("55", s.split(".")[0]), ("48", isin()), ("22", "4"), ("207", pick(MICS)), ("54", pick(["1", "2", "5"])),
         ("60", fix_ts()), ("38", qty()), ("40", pick(["1", "2", "2", "P"])), ("44", price()), ("59", pick(["0", "3", "6"]))]
    return fix_msg("D", f, delim)


def fix_er(delim="|"):
    cum = int(qty())
    last = max(1, cum // pick([1, 2, 4, 5]))
    px = price()
    f = [("37", orderid()), ("11", clordid()), ("17", execid()), ("150", pick(["F", "0", "4", "F"])),
         ("39", pick(["1", "2"])), ("55", sym().split(".")[0]), ("48", isin()), ("22", "4"), ("54", pick(["1", "2"])),
         ("38", str(cum)), ("32", str(last)), ("31", px), ("151", str(cum - last)), ("14", str(last)), ("6", px),
         ("30", pick(MICS)), ("60", fix_ts())]
    return fix_msg("8", f, delim)


# ----------------------------------------------------------------------------------------------
# scanner (used to reject negatives and to check positives for unlabelled findings)
# ----------------------------------------------------------------------------------------------
EMAIL_RE = re.compile(r"[A-Za-z0-9._%+-]+@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}")
GH_RE = re.compile(r"\bgh[pousr]_[A-Za-z0-9]{20,}")
GHF_RE = re.compile(r"github_pat_[A-Za-z0-9_]{20,}")
SLACK_RE = re.compile(r"xox[abposre]-\d+-[A-Za-z0-9-]+")
SK_RE = re.compile(r"\bsk-[A-Za-z0-9_-]{20,}")
AKIA_RE = re.compile(r"\b(?:AKIA|ASIA)[A-Z0-9]{16}\b")
AWSSEC_RE = re.compile(r"(?i)(?:aws_?secret_?access_?key|secret_?access_?key|secret\.key|secret_key|SecretAccessKey)[\"']?\s*[:=]\s*[\"']?([A-Za-z0-9/+]{40})(?![A-Za-z0-9/+])")
JWT_RE = re.compile(r"eyJ[A-Za-z0-9_-]{5,}\.eyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]{10,}")
PEM_RE = re.compile(r"-----BEGIN ((?:RSA |EC |OPENSSH |DSA |ENCRYPTED )?PRIVATE KEY)-----(?:\\n|\s)*([A-Za-z0-9+/=]{20,})")
SSN_RE = re.compile(r"(?<![\d-])\d{3}-\d{2}-\d{4}(?![\d-])")
SSN_SP_RE = re.compile(r"(?<![\d ])\d{3} \d{2} \d{4}(?![\d])")
IBAN_RE = re.compile(r"\b[A-Z]{2}\d{2}(?:[A-Z0-9]{11,30}|(?: [A-Z0-9]{4}){2,7}(?: [A-Z0-9]{1,4})?)\b")
IP_RE = re.compile(r"(?<![\d.])(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})(?!\.?\d)")
PHONE_RES = [re.compile(r"(?<![\w+])\+\d{1,3}(?:[ .-]?\(?\d{1,5}\)?){2,6}"),
             re.compile(r"\(\d{3}\) ?\d{3}[ .-]\d{4}\b"),
             re.compile(r"(?<![\d.-])\d{3}[.-]\d{3}[.-]\d{4}(?![\d.-])")]
NAMES = ["John", "James", "Robert", "Michael", "William", "David", "Richard", "Joseph", "Charles", "Mary",
         "Patricia", "Jennifer", "Linda", "Elizabeth", "Susan", "Jessica", "Sarah", "Karen", "Nancy", "Alice", "Bob",
         "Carol", "Dave", "Mallory", "Hans", "Klaus", "Pierre", "Marie", "Hiroshi", "Yuki", "Priya", "Olga",
         "Ivan", "Anna", "Peter", "Maria", "Jose", "Carlos", "Tanaka", "Suzuki", "Smith", "Schmidt", "Müller"]
NAME_RE = re.compile(r"\b(?:" + "|".join(NAMES) + r")\b")
DOC_EXCEPTIONS = {"AKIAIOSFODNN7EXAMPLE", "4242424242424242", "DE89370400440532013000", "GB82WEST12345698765432"}


def ip_public(a):
    try:
        ip = ipaddress.IPv4Address(a)
    except ValueError:
        return False
    return ip.is_global and not ip.is_multicast and not ip.is_reserved


def scan(text):
    """Return list of (kind, start, end, value) findings."""
    out = []
    for m in EMAIL_RE.finditer(text):
        out.append(("email", m.start(), m.end(), m.group()))
    for rx, k in ((GH_RE, "github"), (GHF_RE, "github_fg"), (SLACK_RE, "slack"), (SK_RE, "sk_key"),
                  (JWT_RE, "jwt"), (SSN_RE, "ssn_shape"), (SSN_SP_RE, "ssn_shape")):
        for m in rx.finditer(text):
            out.append((k, m.start(), m.end(), m.group()))
    for m in AKIA_RE.finditer(text):
        if "EXAMPLE" not in m.group():
            out.append(("aws_key_id", m.start(), m.end(), m.group()))
    for m in AWSSEC_RE.finditer(text):
        if "EXAMPLEKEY" not in m.group(1):
            out.append(("aws_secret", m.start(1), m.end(1), m.group(1)))
    for m in PEM_RE.finditer(text):
        out.append(("pem_private", m.start(2), m.end(2), m.group(2)))
    for m in IBAN_RE.finditer(text):
        v = m.group().replace(" ", "")
        if iban_ok(v) and v not in DOC_EXCEPTIONS:
            out.append(("iban", m.start(), m.end(), m.group()))
    for m in IP_RE.finditer(text):
        parts = [int(x) for x in m.groups()]
        if all(p <= 255 for p in parts) and ip_public(m.group()):
            out.append(("public_ipv4", m.start(), m.end(), m.group()))
    for i, rx in enumerate(PHONE_RES):
        for m in rx.finditer(text):
            if i > 0 or sum(c.isdigit() for c in m.group()) >= 8:
                out.append(("phone_shape", m.start(), m.end(), m.group()))
    # Luhn over plain runs and over runs of digit groups joined by one space or dash
    for m in re.finditer(r"\d+(?:[ -]\d+)*", text):
        groups = [(g.start() + m.start(), g.end() + m.start(), g.group()) for g in re.finditer(r"\d+", m.group())]
        for i in range(len(groups)):
            tot = ""
            for j in range(i, len(groups)):
                tot += groups[j][2]
                if len(tot) > 19:
                    break
                if len(tot) >= 13 and luhn_ok(tot) and tot not in DOC_EXCEPTIONS:
                    out.append(("luhn", groups[i][0], groups[j][1], text[groups[i][0]:groups[j][1]]))
    for m in NAME_RE.finditer(text):
        out.append(("person_name", m.start(), m.end(), m.group()))
    return out


# ----------------------------------------------------------------------------------------------
# lead-ins and trailers (several languages)
# ----------------------------------------------------------------------------------------------
LEADINS = ["fyi ", "FYI: ", "from the LD4 box:\n", "pasting from prod (read-only):\n", "Zur Info:\n",
           "Kurz zur Info: ", "Pour info : ", "Pour mémoire :\n", "Para que conste: ", "Per info: ",
           "Ter info: ", "Para registro: ", "参考までに:\n", "メモ: ", "供参考：\n", "仅供参考: ", "참고로:\n",
           "공유드립니다:\n", "К сведению:\n", "Для справки: ", "जानकारी के लिए: ", "للعلم:\n", "heads up — ",
           "from overnight:\n", "cc desk-ops\n", "re: the open ticket\n", "Dla informacji: ", "^ context:\n"]
TRAILERS = ["\nthoughts?", "\n(from prod, read-only)", "\n確認お願いします", "\nDanke!", "\nmerci d'avance",
            "\n谢谢", "\n감사합니다", "\nспасибо", "\nकृपया देखें", "\ngracias", "\ngrazie", " 🙏", " — ack?",
            "\nnot urgent, after the close is fine", "\nshukran", "\nobrigado", " (ignore the noise)",
            "\nwill raise a ticket if it happens again"]


def decorate(text, p_lead=0.15, p_trail=0.07):
    if R.random() < p_lead:
        lead = pick(LEADINS)
        if text.startswith("```") and not lead.endswith("\n"):
            lead = lead.rstrip() + "\n"
        text = lead + text
    if R.random() < p_trail:
        text = text + pick(TRAILERS)
    return text


def block(s, lang=""):
    return f"```{lang}\n{s}\n```"


# ----------------------------------------------------------------------------------------------
# binary builders (real, well-formed bytes)
# ----------------------------------------------------------------------------------------------
def png_bytes(w, h, rows, color=False):
    def chunk(t, d):
        return struct.pack(">I", len(d)) + t + d + struct.pack(">I", zlib.crc32(t + d) & 0xFFFFFFFF)
    raw = b"".join(b"\x00" + r for r in rows)
    ctype = 2 if color else 0
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, ctype, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b""))


def sparkline_png():
    w, h = R.choice([(24, 8), (32, 10), (40, 12), (48, 12), (16, 16)])
    y = h // 2
    col = []
    for _ in range(w):
        y = max(0, min(h - 1, y + R.choice([-1, 0, 0, 1])))
        col.append(y)
    rows = []
    for r in range(h):
        rows.append(bytes(30 if col[x] == r else (200 if col[x] < r else 255) for x in range(w)))
    return png_bytes(w, h, rows)


def dot_png():
    c = pick([(0x2e, 0xb8, 0x72), (0xe0, 0x3b, 0x3b), (0xf5, 0xa6, 0x23), (0x3b, 0x82, 0xf6)])
    n = pick([1, 2, 4, 8])
    rows = [bytes(c) * n for _ in range(n)]
    return png_bytes(n, n, rows, color=True)


GIF_1x1 = base64.b64decode("R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==")


def wav_beep():
    rate = 8000
    n = pick([120, 160, 200])
    f = pick([660, 880, 1320])
    data = bytes(int(128 + 90 * math.sin(2 * math.pi * f * i / rate)) & 0xFF for i in range(n))
    hdr = b"RIFF" + struct.pack("<I", 36 + n) + b"WAVEfmt " + struct.pack("<IHHIIHH", 16, 1, 1, rate, rate, 1, 8)
    return hdr + b"data" + struct.pack("<I", n) + data


def pdf_bytes(title):
    body = f"BT /F1 10 Tf 40 780 Td ({title}) Tj ET"
    objs = ["<< /Type /Catalog /Pages 2 0 R >>", "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
            "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R >>",
            f"<< /Length {len(body)} >>\nstream\n{body}\nendstream"]
    out = "%PDF-1.4\n"
    offs = []
    for i, o in enumerate(objs):
        offs.append(len(out))
        out += f"{i + 1} 0 obj\n{o}\nendobj\n"
    x = len(out)
    out += f"xref\n0 {len(objs) + 1}\n0000000000 65535 f \n" + "".join(f"{o:010d} 00000 n \n" for o in offs)
    out += f"trailer\n<< /Size {len(objs) + 1} /Root 1 0 R >>\nstartxref\n{x}\n%%EOF\n"
    return out.encode()


def woff2_bytes():
    n = R.randint(900, 2000)
    hdr = b"wOF2" + b"\x00\x01\x00\x00" + struct.pack(">IHH", n, R.randint(9, 14), 0) + struct.pack(">II", n * 3, R.randint(300, 800))
    return hdr + rbytes(n - len(hdr))


def ico_bytes():
    p = dot_png()
    return struct.pack("<HHH", 0, 1, 1) + struct.pack("<BBBBHHII", 16, 16, 0, 0, 1, 32, len(p), 22) + p


def svg_arrow(up=True):
    col = pick(["#16a34a", "#22c55e", "#2eb872"]) if up else pick(["#dc2626", "#e03b3b", "#ef4444"])
    d = "M6 1l5 6H1z" if up else "M6 11L1 5h10z"
    return f'<svg xmlns="http://www.w3.org/2000/svg" width="12" height="12" viewBox="0 0 12 12"><path d="{d}" fill="{col}"/></svg>'


def sshstr(b):
    return struct.pack(">I", len(b)) + b


def ssh_ed25519_pub():
    return b64(sshstr(b"ssh-ed25519") + sshstr(rbytes(32)))


def cert_body():
    # DER-ish certificate prefix (SEQUENCE, SEQUENCE, [0] version 3) followed by random TBS bytes
    n = R.randint(700, 900)
    der = b"\x30\x82" + struct.pack(">H", n) + b"\x30\x82" + struct.pack(">H", n - 80) + b"\xa0\x03\x02\x01\x02\x02\x10" + rbytes(n - 13)
    return wrap(b64(der), 64)


def q_long_ts():
    import datetime as _dt
    y, m, d = date_parts()
    t = _dt.datetime(y, m, d, R.randint(7, 17), R.randint(0, 59), R.randint(0, 59))
    secs = int((t - _dt.datetime(2000, 1, 1)).total_seconds())
    ns = R.randint(0, 999999999)
    v = secs * 1000000000 + ns
    if luhn_ok(str(v)):
        v += 1
        ns += 1
    return t, ns, v


def epoch_ns():
    v = 1735700000 * 10 ** 9 + R.randrange(0, 60000000 * 10 ** 9)
    if luhn_ok(str(v)):
        v += 1
    return v


# ==============================================================================================
# NEGATIVES
# ==============================================================================================
GIT_MSGS = ["itch: handle AddOrder with MPID attribution", "fix: resend request gap fill off-by-one",
            "q: speed up aj in rdb eod", "sbe: regenerate mdp3 v13 decoders", "risk: cache DV01 buckets per book",
            "recon: tolerate trailing CR in broker CSV", "gw: drop stale heartbeat timers on logout",
            "md: arbitrate A/B feeds by seq, not by arrival", "build: pin quickfixj 2.3.1",
            "hdb: partition by date,sym -> date only", "ci: run latency bench on isolated cores",
            "swift: parse MT950 :61: with supplementary details", "refdata: FIGI backfill for ETFs",
            "tp: flush every 100ms instead of 1s", "ops: add LD4->FR2 failover runbook link"]


def n_blob_deploy():
    sha, sha2 = hexs(40), hexs(40)
    return pick([
        f"deployed `mdfh` v{R.randint(2, 5)}.{R.randint(0, 30)}.{R.randint(0, 9)} ({sha[:12]}) to {pick(HOSTS)}, rollback target is {sha2[:7]}",
        f"prod tag for fix-gateway is now `{sha}`; the {pick(MICS)} cert bundle change is in {sha2[:10]}",
        f"Release candidate für den Feed-Handler: Commit {sha}, Build {R.randint(1000, 9999)}. Bitte bis {R.randint(14, 17)}:00 testen.",
        f"本番の tickerplant を {sha[:8]} に更新しました（前回は {sha2[:8]}）。",
    ])


def n_blob_gitlog():
    ls = ["$ git log --oneline -n " + str(R.randint(6, 12)) + " origin/main"]
    for _ in range(int(ls[0].split()[-2])):
        ls.append(f"{hexs(7)} {pick(GIT_MSGS)}")
    return block(lines_join(ls)) + pick(["", "\nwhich one broke the {0} open?".format(pick(MICS)), "\nbisecting now"])


def n_blob_docker():
    img = pick(["trading/fix-gateway", "md/feed-handler-itch", "md/kdb-tp", "risk/var-engine", "ops/recon-worker"])
    tag = f"{R.randint(1, 4)}.{R.randint(0, 20)}.{R.randint(0, 9)}"
    d1, d2 = hexs(64), hexs(64)
    return block(lines_join([
        f"$ docker pull registry.internal/{img}:{tag}",
        f"{tag}: Pulling from {img}",
        *[f"{hexs(12)}: Pull complete" for _ in range(R.randint(3, 7))],
        f"Digest: sha256:{d1}",
        f"Status: Downloaded newer image for registry.internal/{img}:{tag}",
        f"$ docker inspect --format '{{{{.Id}}}}' registry.internal/{img}:{tag}",
        f"sha256:{d2}"])) + pick(["", "\npin the digest in the helm chart please, not the tag"])


def n_blob_sha256sum():
    y, m, d = date_parts()
    ds = f"{y}{m:02d}{d:02d}"
    files = [f"trades_{mic}_{ds}.csv.gz" for mic in R.sample(MICS, R.randint(3, 7))] + [f"quotes_{ds}.parquet", f"refdata_{ds}.json.gz"]
    ls = [f"$ sha256sum /data/eod/{y}-{m:02d}-{d:02d}/*"] + [f"{hexs(64)}  {f}" for f in files]
    return pick(["checksums for the clearing drop, compare with the .sha256 they publish:\n", "EOD files hashes:\n", ""]) + block(lines_join(ls))


def n_blob_guid():
    ls = [f"q)select[{R.randint(4, 8)}] id,sym,side,qty,time from orders where date=.z.d", "id                                   sym  side qty   time", "-" * 72]
    n = int(ls[0].split("[")[1].split("]")[0])
    for _ in range(n):
        ls.append(f"{uuid4()} {pick(QSYMS):<4} {pick(['B', 'S'])}    {qty():<5} {hms()}")
    return block(lines_join(ls))


def n_blob_iso20022():
    uetr = uuid4()
    return block(lines_join([
        '<AppHdr xmlns="urn:iso:std:iso:20022:tech:xsd:head.001.001.02">',
        f"  <Fr><FIId><FinInstnId><BICFI>{pick(BICS)}</BICFI></FinInstnId></FIId></Fr>",
        f"  <To><FIId><FinInstnId><BICFI>{pick(BICS)}</BICFI></FinInstnId></FIId></To>",
        f"  <BizMsgIdr>{ymd('')}{rs(10, UPAN)}</BizMsgIdr>",
        "  <MsgDefIdr>pacs.009.001.08</MsgDefIdr>",
        f"  <CreDt>{iso_ts()}</CreDt>",
        "</AppHdr>",
        "<FICdtTrf>",
        f"  <GrpHdr><MsgId>TDWY{rs(12, UPAN)}</MsgId><NbOfTxs>1</NbOfTxs><SttlmInf><SttlmMtd>INDA</SttlmMtd></SttlmInf></GrpHdr>",
        f"  <CdtTrfTxInf><PmtId><InstrId>{rs(16, UPAN)}</InstrId><EndToEndId>{rs(16, UPAN)}</EndToEndId><UETR>{uetr}</UETR></PmtId>",
        f"  <IntrBkSttlmAmt Ccy=\"{pick(CCYS)}\">{R.randint(1, 90) * 250000}.00</IntrBkSttlmAmt>",
        f"  <Dbtr><FinInstnId><BICFI>{pick(BICS)}</BICFI><LEI>{lei()}</LEI></FinInstnId></Dbtr>",
        f"  <Cdtr><FinInstnId><BICFI>{pick(BICS)}</BICFI><LEI>{lei()}</LEI></FinInstnId></Cdtr></CdtTrfTxInf>",
        "</FICdtTrf>"]), "xml") + f"\ngpi tracker shows UETR {uetr} as ACSC"


def n_blob_hmac():
    return pick([
        f"venue REST log: `POST /api/v1/order ts={epoch_ns() // 1000000} recvWindow=5000 signature={hexs(64)}` → 200 in {R.randint(2, 40)}ms. signature is per-request HMAC output, nothing reusable",
        f"```\n{iso_ts()} DEBUG rest-client  GET /v2/positions nonce={R.randint(10 ** 12, 10 ** 13 - 1) * 10 + 3} X-Signature: {b64(rbytes(32))}\n{iso_ts()} DEBUG rest-client  200 OK etag=\"{hexs(32)}\"\n```",
        f"the drop-copy ack includes `sig_sha256={hexs(64)}` over the batch, we just store it for audit",
    ])


def n_blob_hostkey():
    fp = b64(rbytes(32)).rstrip("=")
    return block(lines_join([
        "$ sftp -oPort=22 -oUser=eoddrop sftp.clearing.internal",
        f"The authenticity of host 'sftp.clearing.internal (10.{R.randint(0, 255)}.{R.randint(0, 255)}.{R.randint(1, 254)})' can't be established.",
        f"ED25519 key fingerprint is SHA256:{fp}.",
        "This key is not known by any other names.",
        "Are you sure you want to continue connecting (yes/no/[fingerprint])?"])) + f"\nmatches what they published on the member portal? they list `SHA256:{fp[:12]}…`"


def n_blob_sshpub():
    c = pick(["fixgw-deploy", "mdfh-ci", "recon-bot", "ld4-jump"])
    return f"pls add this to authorized_keys on {pick(HOSTS)} (public key, safe to share):\n```\nssh-ed25519 {ssh_ed25519_pub()} {c}\n```"


def n_blob_cert():
    body = cert_body()
    return (f"{pick(MICS)} sent the new gateway CA cert for the TLS FIX sessions, valid from {ymd()}:\n```\n-----BEGIN CERTIFICATE-----\n"
            + "\n".join(body) + "\n-----END CERTIFICATE-----\n```")


def n_blob_gpg():
    fp = hexs(40).upper()
    created = ymd()
    g = " ".join(wrap(fp[:20], 4)) + "  " + " ".join(wrap(fp[20:], 4))
    return block(lines_join([
        "$ gpg --fingerprint 'Tideway EOD Drop'",
        f"pub   rsa4096 {created} [SC] [expires: {int(created[:4]) + pick([2, 3, 5])}{created[4:]}]",
        f"      {g}",
        "uid           [ultimate] Tideway EOD Drop (clearing files)",
        f"sub   rsa4096 {created} [E]"])) + "\nthis is the public key the CCP encrypts the margin files to"


def n_blob_kafka():
    grp = pick(["md-rdb-ld4", "risk-var-consumer", "recon-worker", "surveillance-ingest"])
    ls = [f"$ kafka-consumer-groups --bootstrap-server kafka.internal:9092 --describe --group {grp}", "",
          "GROUP               TOPIC                  PARTITION  CURRENT-OFFSET  LOG-END-OFFSET  LAG  CONSUMER-ID"]
    for p in range(R.randint(3, 8)):
        off = R.randint(10 ** 8, 10 ** 10)
        ls.append(f"{grp:<19} {pick(['md.l1.xlon.v2', 'md.l2.xetr.v2', 'orders.exec.v3', 'refdata.isin.v1']):<22} {p:<10} {off:<15} {off + R.randint(0, 40):<15} {R.randint(0, 40):<4} consumer-{grp}-{R.randint(1, 4)}-{uuid4()}")
    return block(lines_join(ls))


def n_blob_ciphertext():
    return pick([
        block(lines_join(["fixgw:", "  sessions:", f"    {pick(MICS).lower()}:",
                          f"      password: ENC[AES256_GCM,data:{b64(rbytes(R.randint(12, 24)))},iv:{b64(rbytes(32))},tag:{b64(rbytes(16))},type:str]",
                          "sops:", "  kms:", f"  - arn: arn:aws:kms:eu-west-2:123456789012:key/{uuid4()}",
                          f"    created_at: \"{iso_ts()}\"", f"  lastmodified: \"{iso_ts()}\"", f"  mac: ENC[AES256_GCM,data:{b64(rbytes(32))},iv:{b64(rbytes(32))},tag:{b64(rbytes(16))},type:str]",
                          "  version: 3.8.1"]), "yaml") + "\nthat's SOPS ciphertext, fine to have in git",
        f"vault transit output for the SWIFT alliance lite config: `vault:v1:{b64(rbytes(R.randint(40, 80)))}` — only decryptable with the transit key, so ok in the values file",
    ])


def n_blob_uti():
    ls = ["| UTI | report id | venue | status |", "|---|---|---|---|"]
    for _ in range(R.randint(4, 9)):
        ls.append(f"| {lei()}{rs(R.randint(20, 32), UPAN)} | {uuid4()} | {pick(MICS)} | {pick(['ACPT', 'ACPT', 'RJCT', 'PDNG'])} |")
    return "EMIR refit rejects from this morning:\n" + lines_join(ls)


def n_blob_hexdump():
    sess = pick(["000000QTX1", "0000012345", "A0000XLON1", "00MDP3C310"])
    seq = R.randint(10 ** 6, 10 ** 9)
    payload = sess.encode() + struct.pack(">QH", seq, R.randint(1, 4)) + rbytes(R.randint(40, 100))
    ls = []
    for i in range(0, len(payload), 16):
        chunk = payload[i:i + 16]
        hx = " ".join(chunk[j:j + 2].hex() for j in range(0, len(chunk), 2))
        asc = "".join(chr(c) if 32 <= c < 127 else "." for c in chunk)
        ls.append(f"{i:08x}: {hx:<39}  {asc}")
    return f"first packet after the gap (seq {seq}), MoldUDP64 session `{sess}`:\n" + block(lines_join(ls))


def n_blob_pip():
    pk = [("numpy", "1.26.4"), ("pandas", "2.2.2"), ("pyarrow", "16.1.0"), ("quickfix", "1.15.1"), ("pykx", "2.5.2"),
          ("scipy", "1.13.1"), ("polars", "0.20.31"), ("simplefix", "1.0.17")]
    ls = []
    for n, v in R.sample(pk, R.randint(3, 6)):
        ls.append(f"{n}=={v} \\\n    --hash=sha256:{hexs(64)} \\\n    --hash=sha256:{hexs(64)}")
    return "requirements.lock for the research image:\n" + block(lines_join(ls))


def n_blob_tracelog():
    ls = []
    for _ in range(R.randint(3, 8)):
        ls.append(json.dumps({"ts": iso_ts(), "lvl": "INFO", "svc": "order-router", "trace_id": hexs(32), "span_id": hexs(16),
                              "clOrdId": clordid(), "venue": pick(MICS), "latency_ns": R.randint(3000, 90000)}))
    return block(lines_join(ls))


def n_blob_b64text():
    t = pick(["MKTDATA-L1-XLON", "eod-recon:2025Q1", "TDWY_EQ->XLON_GW1", "snapshot ok", "tick-archive/v2", "hdb:partition=date"])
    e = b64(t.encode())
    return pick([f"the vendor's `key` field is just base64 of the feed name: `echo {e} | base64 -d` → `{t}`",
                 f"Das `cursor`-Feld ist nur Base64: {e} = \"{t}\"",
                 f"q)-8!\"x\" is not the same as base64, use .Q.btoa: `{e}`"])


def n_blob_msgids():
    ls = []
    for _ in range(R.randint(4, 9)):
        ls.append(f"{iso_ts()} aeron stream={R.randint(1001, 1010)} session={R.randint(-2 ** 31, 2 ** 31 - 1)} pos={R.randint(10 ** 6, 10 ** 9)} corr={uuid7()}")
    return "aeron archive replay markers:\n" + block(lines_join(ls))


def n_blob_s3head():
    parts = R.randint(2, 40)
    return block(json.dumps({"AcceptRanges": "bytes", "LastModified": iso_ts(), "ContentLength": R.randint(10 ** 7, 10 ** 10),
                             "ETag": f"\"{hexs(32)}-{parts}\"", "VersionId": rs(32, B62 + "._"), "ContentType": "application/gzip",
                             "ServerSideEncryption": "aws:kms", "SSEKMSKeyId": f"arn:aws:kms:eu-west-2:123456789012:key/{uuid4()}",
                             "Metadata": {"sha256": b64(rbytes(32))}}, indent=2), "json")


def n_blob_span():
    return pick([f"md5 of cme.span.{ymd('')}.s.pa2.zip = {hexs(32)} — same as the one on their FTP, so the margin diff is real",
                 f"refdata snapshot `sha1:{hexs(40)}` (merkle root {hexs(64)}) — golden copy for the {pick(DESKS)} books"])


def n_blob_sentry():
    return f"blotter crashed on the {pick(MICS)} grid: Sentry event {hexs(32)}, release blotter@{R.randint(3, 9)}.{R.randint(0, 40)}.{R.randint(0, 9)}+{hexs(7)}"


def n_blob_cursor():
    cur = b64(json.dumps({"after": execid(), "date": ymd()}, separators=(",", ":")).encode()).rstrip("=")
    return f"paging the fills API: `GET /v1/fills?limit=500&cursor={cur}` — cursor is base64 JSON, no auth in it"


NEG_BLOB = [n_blob_deploy, n_blob_gitlog, n_blob_docker, n_blob_sha256sum, n_blob_guid, n_blob_iso20022, n_blob_hmac,
            n_blob_hostkey, n_blob_sshpub, n_blob_cert, n_blob_gpg, n_blob_kafka, n_blob_ciphertext, n_blob_uti,
            n_blob_hexdump, n_blob_pip, n_blob_tracelog, n_blob_b64text, n_blob_msgids, n_blob_s3head, n_blob_span,
            n_blob_sentry, n_blob_cursor]


# ---- pii_lookalike_number ----------------------------------------------------------------------
def n_num_fixer():
    m = fix_er(pick(["|", "|", "^A"]))
    return pick([f"why is tag 37 {pick(['19', 'sixteen', '17'])} digits on this venue? our OrderID column is BIGINT so fine\n```\n{m}\n```",
                 f"```\n{m}\n```\nfill looks right, LastPx matches the tape",
                 f"Die ExecID ist zu lang für das alte Schema:\n```\n{m}\n```"])


def n_num_qts():
    t, ns, v = q_long_ts()
    ts = f"{t.year}.{t.month:02d}.{t.day:02d}D{t.hour:02d}:{t.minute:02d}:{t.second:02d}.{ns:09d}"
    return block(lines_join([f"q)`long${ts}", f"{v}", f"q)`timestamp${v}", ts,
                             f"q)`long$`timestamp${v - R.randint(1000, 90000)}", f"{v - R.randint(1000, 90000)}"])) + pick(["", "\nkdb epoch is 2000.01.01, not 1970, that's why the python side is off by 30y"])


def n_num_epochns():
    ls = []
    for _ in range(R.randint(4, 10)):
        ex = epoch_ns()
        rc = ex + R.randint(4000, 80000)
        if luhn_ok(str(rc)):
            rc += 1
        ls.append(f"{pick(MICS)} seq={R.randint(10 ** 5, 10 ** 8)} exch_ts={ex} recv_ts={rc} delta={rc - ex}ns")
    return "feed handler timing sample:\n" + block(lines_join(ls))


def n_num_recon():
    y, m, d = date_parts()
    td = f"{y}-{m:02d}-{d:02d}"
    sd = f"{y}-{m:02d}-{min(28, d + 2):02d}"
    ls = ["trade_id,exec_id,isin,side,qty,price,notional,ccy,trade_date,settle_date,broker_ref,status"]
    n = R.randint(15, 30)
    for _ in range(n):
        q = int(qty())
        px = float(price())
        st = pick(["MATCHED"] * 6 + ["QTY_BREAK", "PX_BREAK", "MISSING_BROKER", "MISSING_OURS"])
        ls.append(f"{nl_digits(pick([10, 12, 16]))},{execid()},{isin()},{pick(['B', 'S'])},{q},{px},{q * px:.2f},{pick(CCYS)},{td},{sd},{rs(3, string.ascii_uppercase)}{nl_digits(9)},{st}")
    return f"recon diff for {td} ({n} rows), breaks at the bottom:\n" + block(lines_join(ls), "csv")


def n_num_risk():
    ls = [f"RISK SUMMARY  cob={ymd()}  run={R.randint(1, 4)}  ccy=EUR", "",
          f"{'desk':<14}{'VaR99 1d':>16}{'ES97.5':>16}{'DV01':>12}{'CS01':>12}{'P&L day':>16}"]
    for dsk in R.sample(DESKS, R.randint(4, 8)):
        ls.append(f"{dsk:<14}{money(1e5, 9e6):>16}{money(2e5, 12e6):>16}{smoney(1e3, 9e5, 0):>12}{smoney(1e3, 3e5, 0):>12}{smoney(1e4, 5e6):>16}")
    ls.append(f"{'TOTAL':<14}{money(5e6, 3e7):>16}{money(6e6, 4e7):>16}{smoney(1e4, 2e6, 0):>12}{smoney(1e4, 9e5, 0):>12}{smoney(1e5, 9e6):>16}")
    return pick(["", "EOD risk, the FX-SPOT number looks off:\n", "Risikobericht von heute:\n"]) + block(lines_join(ls))


def n_num_hist():
    n = R.randint(200000, 5000000)
    edges = [1, 2, 4, 8, 16, 32, 64, 128, 256, 512]
    ls = [f"tick-to-trade {pick(MICS)} n={n:,} p50={R.uniform(2, 6):.2f}us p99={R.uniform(8, 20):.1f}us p99.9={R.uniform(25, 90):.1f}us max={R.randint(150, 3000)}us"]
    rem = n
    for i in range(len(edges) - 1):
        c = int(rem * R.uniform(0.35, 0.8)) if i < len(edges) - 2 else rem
        rem -= c
        bar = "#" * max(1, int(40 * c / n))
        ls.append(f"[{edges[i]:>4}us, {edges[i + 1]:>4}us) {bar:<40} {c:>9,}")
    return block(lines_join(ls))


def n_num_idmap():
    ls = ["sym        isin          cusip      sedol    figi"]
    for _ in range(R.randint(4, 9)):
        cu = cusip(numeric=R.random() < 0.6)
        ls.append(f"{pick(QSYMS):<10} US{cu}{luhn_digit(''.join(str(int(c, 36)) for c in 'US' + cu))}  {cu}  {sedol(True)}  {figi()}")
    return "refdata mapping after the vendor patch — CUSIP column lost leading zeros again in excel:\n" + block(lines_join(ls))


def n_num_session():
    return pick([
        f"T7 session {R.randint(10000, 99999)} partition {R.randint(1, 20)}: MsgSeqNum jumped {R.randint(10 ** 5, 10 ** 7)} → {R.randint(10 ** 7, 10 ** 8)}, ApplSeqNum {nl_digits(14)}",
        f"iLink3 negotiate ok: UUID={nl_digits(19)} PreviousUUID={nl_digits(19)} seq={R.randint(1, 999999)} (sessions reset nightly)",
        f"セッションID {pick(SENDERS)}->{pick(TARGETS)} の送信シーケンス {R.randint(10 ** 4, 10 ** 7)}、受信 {R.randint(10 ** 4, 10 ** 7)}。リセットは {R.randint(5, 7)}:00 JST。",
    ])


def n_num_mt940():
    y, m, d = date_parts()
    ls = [f":20:STMT{ymd('')}{R.randint(100, 999)}", ":25:NOSTRO-EUR-01", f":28C:{R.randint(1, 365)}/1",
          f":60F:C{str(y)[2:]}{m:02d}{d:02d}EUR{R.randint(10 ** 5, 10 ** 8)},{R.randint(0, 99):02d}"]
    for _ in range(R.randint(3, 9)):
        ls.append(f":61:{str(y)[2:]}{m:02d}{d:02d}{m:02d}{d:02d}{pick(['C', 'D'])}{R.randint(1000, 9 * 10 ** 7)},{R.randint(0, 99):02d}NTRF{rs(12, UPAN)}//{rs(10, UPAN)}")
        ls.append(f":86:SETT {isin()} QTY {qty()}")
    ls.append(f":62F:C{str(y)[2:]}{m:02d}{d:02d}EUR{R.randint(10 ** 5, 10 ** 8)},{R.randint(0, 99):02d}")
    return "MT940 from the custodian (nostro label only):\n" + block(lines_join(ls))


def n_num_mt300():
    amt = R.randint(1, 200) * 250000
    rate = R.uniform(0.8, 1.6)
    return block(lines_join([f"{{1:F01{pick(BICS)[:8]}AXXX{R.randint(1000, 9999)}{R.randint(100000, 999999)}}}{{2:O300{R.randint(1000, 2359)}{ymd('')[2:]}{pick(BICS)[:8]}XXXX}}{{4:",
                             ":15A:", f":20:FX{rs(10, UPAN)}", ":22A:NEWT", f":22C:{rs(4, string.ascii_uppercase)}{R.randint(10, 99)}{rs(4, string.ascii_uppercase)}", ":15B:",
                             f":30T:{ymd('')}", f":30V:{ymd('')}", f":36:{rate:.5f}".replace(".", ","),
                             f":32B:EUR{amt},", f":57A:{pick(BICS)}", f":33B:USD{amt * rate:.2f}".replace(".", ","), f":57A:{pick(BICS)}", "-}"]))


def n_num_mcast():
    ls = []
    for mic in R.sample(MICS, R.randint(3, 7)):
        ls.append(f"{mic}: A=239.{R.randint(1, 254)}.{R.randint(0, 254)}.{R.randint(1, 254)}:{R.randint(10000, 60000)} "
                  f"B=239.{R.randint(1, 254)}.{R.randint(0, 254)}.{R.randint(1, 254)}:{R.randint(10000, 60000)} src=10.{R.randint(0, 255)}.{R.randint(0, 255)}.{R.randint(1, 254)} iface=ens{R.randint(1, 9)}f{R.randint(0, 1)}")
    return "multicast joins on " + pick(HOSTS) + ":\n" + block(lines_join(ls))


def n_num_book():
    mid = R.uniform(10, 500)
    tick = pick([0.01, 0.05, 0.5])
    ls = [f"{sym()} L2 @ {hms()}", "   bid_qty  bid_n      bid |      ask  ask_n   ask_qty"]
    for i in range(R.randint(5, 10)):
        ls.append(f"{R.randint(1, 900) * 100:>10,} {R.randint(1, 40):>6} {mid - tick * (i + 1):>8.2f} | {mid + tick * (i + 1):<8.2f} {R.randint(1, 40):>5} {R.randint(1, 900) * 100:>9,}")
    return block(lines_join(ls))


def n_num_fails():
    ls = ["ISIN          CPTY-LEI              QTY          CCY  AMOUNT            ISD         AGE"]
    for _ in range(R.randint(4, 10)):
        ls.append(f"{isin()}  {lei()}  {int(qty()) * 10:>10,}  {pick(CCYS)}  {money(1e4, 5e7):>16}  {ymd()}  {R.randint(1, 15)}d")
    return "CSDR settlement fails (penalties start day 1):\n" + block(lines_join(ls))


def n_num_margin():
    return pick([
        f"CCP margin call for {ymd()}: IM EUR {money(1e7, 9e7)}, VM EUR {smoney(1e5, 9e6)}, due by {R.randint(9, 11)}:00 CET, ref MC{nl_digits(11)}",
        f"Appel de marge : IM {money(1e7, 9e7)} EUR, VM {smoney(1e5, 9e6)} EUR, référence {nl_digits(13)}",
        f"追加証拠金: {R.randint(10, 900):,},{R.randint(100, 999)},{R.randint(100, 999)} 円（{ymd('/')} 締め）",
    ])


def n_num_orderids():
    ids = [nl_digits(10) for _ in range(R.randint(4, 12))]
    return pick(["stuck in PendingNew since the open: ", "these never got an ack from " + pick(MICS) + ": ", "order ids à vérifier : "]) + ", ".join(ids)


def n_num_volumes():
    ls = [f"{'venue':<8}{'trades':>14}{'shares':>18}{'turnover EUR':>20}"]
    for mic in R.sample(MICS, R.randint(4, 8)):
        ls.append(f"{mic:<8}{R.randint(10 ** 4, 10 ** 6):>14,}{R.randint(10 ** 6, 10 ** 9):>18,}{money(1e6, 9e9):>20}")
    txt = block(lines_join(ls))
    return pick(["volumes hier (fr) :\n", "yesterday's volumes:\n", "昨日の出来高:\n"]) + txt.replace(",", pick([",", "\u202f"]))


def n_num_ust():
    cu = "91282" + rs(3, UPAN)
    cu = cu + cusip_check(cu)
    return pick([f"buy {R.randint(5, 200)}mm of {cu} @ {R.randint(95, 101)}-{R.randint(0, 31):02d}{pick(['', '+', '2', '6'])}, settle T+1",
                 f"the 10y ({cu}) traded {R.randint(95, 101)}-{R.randint(0, 31):02d}+ on the screen, DV01 per mm ≈ {R.uniform(700, 950):.2f}"])


def n_num_apac():
    return pick([f"0700.HK ボードロット 100、7203.T 単元株 100。約定日 {ymd('/')}、受渡日 T+2。注文番号 {nl_digits(12)}",
                 f"港股 0700.HK 成交 {R.randint(1, 90) * 100} 股，均价 {R.uniform(300, 420):.2f} HKD，订单号 {nl_digits(16)}",
                 f"0005.HK 주문번호 {nl_digits(14)}, 체결수량 {R.randint(1, 90) * 400}, 체결가 {R.uniform(50, 80):.2f}"])


def n_num_sbe():
    return f"SBE header: blockLength={R.randint(8, 120)} templateId={R.randint(1, 99)} schemaId={R.randint(1, 9)} version={R.randint(1, 13)}; MDP3 packet seq={R.randint(10 ** 6, 10 ** 9)} sendingTime={epoch_ns()}"


def n_num_qw():
    return block(lines_join(["q).Q.w[]", f"used| {R.randint(10 ** 8, 10 ** 11)}", f"heap| {R.randint(10 ** 9, 10 ** 11)}",
                             f"peak| {R.randint(10 ** 9, 10 ** 11)}", f"wmax| 0", f"mmap| {R.randint(0, 10 ** 9)}", "mphy| 25769803776",
                             f"syms| {R.randint(10 ** 4, 10 ** 6)}", f"symw| {R.randint(10 ** 6, 10 ** 8)}",
                             "q)count trade", str(R.randint(10 ** 8, 10 ** 10)), "q)\\t select count i by sym from trade where date=last date", str(R.randint(20, 4000))]))


def n_num_positions():
    ls = ["book     isin          qty              avg_px       mtm_eur"]
    for _ in range(R.randint(4, 9)):
        ls.append(f"BK{R.randint(1000, 9999)}-{R.randint(10, 99)}  {isin()}  {smoney(1e3, 9e6, 0):>14}  {price():>10}  {smoney(1e4, 9e7):>16}")
    return block(lines_join(ls))


def n_num_dates():
    return pick([f"settlement calendar: trade {ymd()} → settle {ymd()} (TARGET2 holiday {ymd()}), {pick(MICS)} half day {ymd()}",
                 f"Handelstage: {ymd('.')}, {ymd('.')}, {ymd('.')} — Abrechnung T+{pick([1, 2])}",
                 f"fixing at {R.randint(10, 16)}:00 {pick(['CET', 'GMT', 'JST'])} on {ymd()}, WMR ref {R.randint(10 ** 6, 10 ** 7)}"])


def n_num_ports():
    return f"gateway ports for {pick(TARGETS)}: primary 10.{R.randint(0, 255)}.{R.randint(0, 255)}.{R.randint(1, 254)}:{R.randint(9000, 9999)}, backup 172.{R.randint(16, 31)}.{R.randint(0, 255)}.{R.randint(1, 254)}:{R.randint(9000, 9999)}, drop copy 192.168.{R.randint(0, 255)}.{R.randint(1, 254)}:{R.randint(9000, 9999)}, test 198.51.100.{R.randint(1, 254)}"


NEG_NUM = [n_num_fixer, n_num_qts, n_num_epochns, n_num_recon, n_num_risk, n_num_hist, n_num_idmap, n_num_session,
           n_num_mt940, n_num_mt300, n_num_mcast, n_num_book, n_num_fails, n_num_margin, n_num_orderids, n_num_volumes,
           n_num_ust, n_num_apac, n_num_sbe, n_num_qw, n_num_positions, n_num_dates, n_num_ports]


# ---- data_uri_base64 ----------------------------------------------------------------------------
def trunc(s, keep=None):
    keep = keep or R.randint(40, 90)
    if len(s) <= keep + 10:
        return s
    return s[:keep] + pick(["…", "...", f"…[{len(s) - keep} more chars]", "...(truncated)"])


def n_uri_grafana():
    u = "data:image/png;base64," + b64(sparkline_png())
    return block(json.dumps({"type": "text", "title": f"{pick(MICS)} feed health", "gridPos": {"h": 4, "w": 6, "x": 0, "y": R.randint(0, 30)},
                             "options": {"mode": "html", "content": f"<img src=\"{u}\" height=\"16\"/> A/B gap count"}}, indent=2), "json")


def n_uri_riskmail():
    u = "data:image/png;base64," + b64(sparkline_png())
    return pick(["the EOD risk mail renders the sparkline inline:\n", "HTML from the P&L mailer:\n", ""]) + block(
        f'<td class="pnl">{smoney(1e4, 5e6)}</td>\n<td><img alt="pnl 20d" width="64" src="{u}"></td>', "html")


def n_uri_jupyter():
    b = b64(sparkline_png())
    return block(json.dumps({"cell_type": "code", "execution_count": R.randint(1, 90), "outputs": [
        {"data": {"image/png": b, "text/plain": ["<Figure size 640x240 with 1 Axes>"]}, "metadata": {}, "output_type": "display_data"}],
        "source": [f"plot_latency('{pick(MICS)}', date='{ymd()}')"]}, indent=1), "json")


def n_uri_css_arrows():
    up, dn = b64(svg_arrow(True).encode()), b64(svg_arrow(False).encode())
    return block(f".blotter .side-buy::before {{\n  content: \"\";\n  background-image: url(\"data:image/svg+xml;base64,{up}\");\n}}\n"
                 f".blotter .side-sell::before {{\n  background-image: url(\"data:image/svg+xml;base64,{dn}\");\n}}", "css")


def n_uri_svg_pct():
    svg = svg_arrow(R.random() < 0.5)
    enc = svg.replace("<", "%3C").replace(">", "%3E").replace('"', "'").replace("#", "%23")
    return pick(["percent-encoded works in Safari too:\n", "tick-up icon:\n", ""]) + block(f".tick {{ background: url(\"data:image/svg+xml,{enc}\") no-repeat; }}", "css")


def n_uri_csv():
    rows = ["exec_id,sym,side,qty,px"] + [f"{execid()},{pick(QSYMS)},{pick(['B', 'S'])},{qty()},{price()}" for _ in range(R.randint(2, 5))]
    u = "data:text/csv;base64," + b64(("\n".join(rows) + "\n").encode())
    return block(f'<a download="fills_{ymd("")}.csv" href="{u}">Export fills</a>', "html")


def n_uri_pdf():
    u = "data:application/pdf;base64," + b64(pdf_bytes(f"Trade confirmation {rs(10, UPAN)} {ymd()}"))
    return pick(["confirm preview in the client portal is just a data URI:\n", "PDF inline:\n"]) + block(f'<iframe src="{trunc(u, R.randint(80, 160))}"></iframe>', "html")


def n_uri_gif():
    return f"the {pick(['exchange', 'data vendor', 'broker research', 'index provider'])} newsletter of {ymd()} has a tracking pixel `<img src=\"data:image/gif;base64,{b64(GIF_1x1)}\" width=1 height=1>` — harmless, mail gateway strips it"


def n_uri_wav():
    u = "data:audio/wav;base64," + b64(wav_beep())
    return block(f"const FILL_SOUND = new Audio(\n  \"{u}\"\n);\nexport const playFill = () => FILL_SOUND.play();", "ts")


def n_uri_woff2():
    u = "data:font/woff2;base64," + b64(woff2_bytes())
    return block(f"@font-face {{\n  font-family: \"BlotterMono\";\n  src: url(\"{trunc(u, R.randint(60, 140))}\") format(\"woff2\");\n  font-display: swap;\n}}", "css")


def n_uri_sourcemap():
    sm = {"version": 3, "file": f"blotter.{hexs(8)}.js", "sources": [f"webpack://blotter/./src/{pick(['OrderTicket', 'FillsGrid', 'DepthLadder', 'RiskPanel'])}.tsx"],
          "names": [], "mappings": ";;AAAA," + rs(R.randint(20, 60), string.ascii_letters + ",;")}
    u = "data:application/json;charset=utf-8;base64," + b64(json.dumps(sm, separators=(",", ":")).encode())
    return "prod bundle still ships inline source maps:\n" + block(f"//# sourceMappingURL={trunc(u, R.randint(90, 200))}", "js")


def n_uri_fix():
    m = fix_nos(SOH)
    u = "data:text/plain;base64," + b64(m.encode())
    return block(f"NOS_FIXTURE = \"{u}\"\nraw = base64.b64decode(NOS_FIXTURE.split(\",\", 1)[1])\nmsg = simplefix.FixParser().append_buffer(raw)", "python")


def n_uri_csp():
    u = "data:image/png;base64," + b64(dot_png())
    return block(f"Refused to load the image '{trunc(u, R.randint(50, 90))}' because it violates the following Content Security Policy directive: \"img-src 'self' https://cdn.internal\".", "")


def n_uri_pyfix():
    u = "data:image/png;base64," + b64(dot_png())
    return block(f"STATUS_ICONS = {{\n    \"UP\": \"{u}\",\n    \"STALE\": \"data:image/png;base64,{b64(dot_png())}\",\n}}", "python")


def n_uri_q():
    t = pick(["tp up", "rdb eod done", "hdb reload", "gap fill ok"])
    return block(f"q)\"data:text/plain;base64,\",.Q.btoa \"{t}\"\n\"data:text/plain;base64,{b64(t.encode())}\"", "q")


def n_uri_ico():
    return block(f'<link rel="icon" type="image/x-icon" href="data:image/x-icon;base64,{b64(ico_bytes())}">', "html") + "\nfavicon for the md-status page"


def n_uri_md():
    return f"runbook screenshot (inline so it survives the wiki migration):\n![A/B gap {pick(MICS)}](data:image/png;base64,{b64(sparkline_png())})"


def n_uri_jsoncfg():
    cfg = {"session": f"{pick(SENDERS)}->{pick(TARGETS)}", "heartbeat": pick([15, 30, 60]), "resetOnLogon": R.random() < 0.5, "startTime": "06:45:00", "endTime": "22:15:00"}
    u = "data:application/json;base64," + b64(json.dumps(cfg, separators=(",", ":")).encode())
    return f"session config passed as a data URI to the sidecar: `{u}`"


def n_uri_sbe():
    u = "data:application/octet-stream;base64," + b64(struct.pack("<HHHH", R.randint(8, 80), R.randint(1, 60), 1, 13) + rbytes(R.randint(24, 64)))
    return f"Unit-Test-Fixture für den MDP3-Decoder:\n```go\nvar incrementalBook = mustDataURI(\"{u}\")\n```"


def n_uri_har():
    b = b64(dot_png())
    return block(json.dumps({"request": {"method": "GET", "url": "data:image/png;base64," + b}, "response": {"status": 200, "content": {"size": len(base64.b64decode(b)), "mimeType": "image/png", "encoding": "base64", "text": b}}}, indent=2), "json")


NEG_URI = [n_uri_grafana, n_uri_riskmail, n_uri_jupyter, n_uri_css_arrows, n_uri_svg_pct, n_uri_csv, n_uri_pdf, n_uri_gif,
           n_uri_wav, n_uri_woff2, n_uri_sourcemap, n_uri_fix, n_uri_csp, n_uri_pyfix, n_uri_q, n_uri_ico, n_uri_md,
           n_uri_jsoncfg, n_uri_sbe, n_uri_har]


# ---- placeholder_example -----------------------------------------------------------------------
def n_ph_qfcfg():
    return block(lines_join(["[DEFAULT]", "ConnectionType=initiator", f"HeartBtInt={pick([15, 30, 60])}", "FileStorePath=/var/lib/fixgw/store",
                             f"StartTime={pick(['06:45:00', '07:00:00', '00:05:00'])}", "EndTime=22:15:00", "", "[SESSION]", "BeginString=FIX.4.4",
                             f"SenderCompID={pick(SENDERS)}", f"TargetCompID={pick(TARGETS)}", f"SocketConnectHost={pick(['<venue-gateway>', '${GW_HOST}', '203.0.113.' + str(R.randint(1, 254))])}",
                             f"SocketConnectPort={R.randint(9000, 9999)}", f"Username={pick(['<member-user>', '${FIX_USERNAME}'])}",
                             f"Password={pick(['<set via FIX_SESSION_PASSWORD>', '${FIX_SESSION_PASSWORD}', '********', '{{ vault `fix/' + pick(MICS).lower() + '` }}'])}"]), "ini") + pick(["", "\nthis is the template, real values come from vault at start-up"])


def n_ph_logon():
    m = fix_msg("A", [("98", "0"), ("108", str(pick([15, 30]))), ("141", "Y"), ("553", f"{pick(SENDERS)}01"), ("554", pick(["********", "[REDACTED]", "<masked>", "xxxxxxxx"]))], pick(["|", "^A"]))
    return pick(["logon as the gateway logs it, password is masked before write:\n", "Logon (35=A) from the session log:\n", ""]) + block(m)


def n_ph_hopen():
    return pick([block('h:hopen `$":",getenv[`TP_HOST],":5010:",getenv[`KDB_USER],":",getenv[`KDB_PASS]', "q"),
                 "syntax is ``hopen `:host:port:user:password`` — use `:tp-host:5010:<user>:<password>` in the doc, never a real one",
                 block('/ credentials file, one user:password per line, passed with -u\n/ format: <user>:<md5 of password>\n/ see runbook KDB-12', "q")])


def n_ph_envexample():
    ls = ["# .env.example — copy to .env and fill in", "BPIPE_APP_NAME=", "BPIPE_HOST=", f"KDB_USER=svc_{pick(['rdb', 'hdb', 'gw'])}", "KDB_PASS=",
          f"FIX_PASSWORD={pick(['changeme', '', '<ask-ops>'])}", "AWS_ACCESS_KEY_ID=AKIAIOSFODNN7EXAMPLE", "AWS_SECRET_ACCESS_KEY=wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
          f"AWS_DEFAULT_REGION={pick(['eu-west-2', 'us-east-1', 'eu-central-1'])}", "SLACK_BOT_TOKEN=xoxb-your-bot-token", "OPENAI_API_KEY=sk-..."]
    R.shuffle(ls[1:])
    return block(lines_join(ls), "bash")


def n_ph_maskedcard():
    return pick([f"desk card ending •••• {R.randint(1000, 9999)} was charged GBP {money(200, 9000)} for the LD4 cross-connect",
                 f"Rechnung für den Marktdaten-Feed: Karte **** **** **** {R.randint(1000, 9999)}, Betrag EUR {money(1000, 50000)}",
                 f"carte se terminant par {R.randint(1000, 9999)} — débit de {money(100, 9000)} EUR pour la licence"])


def n_ph_testcard():
    return pick([f"sandbox of the data shop checkout: use `4242 4242 4242 4242`, any future expiry, any CVC (Stripe test card)",
                 f"QA: card 4242424242424242 exp 12/{R.randint(27, 34)} in test mode, should return `succeeded`",
                 f"テスト環境では 4242 4242 4242 4242 を使ってください（本番カードは禁止）"])


def n_ph_textbook_iban():
    ref = rs(12, UPAN)
    return pick([block(lines_join(["{4:", f":20:{ref}", ":23B:CRED", f":32A:{ymd('')[2:]}EUR{R.randint(1000, 900000)},00", ":50K:/DE89370400440532013000",
                                   "TEST ORDERING PARTY", f":59:/GB82WEST12345698765432", "TEST BENEFICIARY", ":71A:SHA", "-}"])) + "\n(fixture uses the textbook IBANs from the standard, not real accounts)",
                 f"unit test: `assert iban_ok(\"DE89370400440532013000\")` and `GB82 WEST 1234 5698 7654 32` — textbook examples, ref {ref}"])


def n_ph_maskediban():
    return pick([f"new SSI for the counterparty: IBAN CH** **** **** **** **{R.randint(10, 99)} {R.randint(1, 9)} — full value only in the SSI tool, call-back done",
                 f"<IBAN>DE00 0000 0000 0000 0000 00</IBAN> is what the template ships with, replace at runtime",
                 f"nostro: GB00 XXXX 0000 0000 0000 00 (masked)", f"Kontonummer: DE** **** **** **** **{R.randint(10, 99)} {R.randint(10, 99)}"])


def n_ph_ssnmask():
    return pick(["the US client's W-9 shows SSN as XXX-XX-" + str(R.randint(1000, 9999)) + " in the KYC portal, that's the expected mask",
                 "format check in the onboarding form is `###-##-####`, we never store the full value",
                 "TIN: ***-**-**** (on file with compliance)"])


def n_ph_redactlog():
    ls = [f"{iso_ts()} INFO  fixgw   logon {pick(SENDERS)}->{pick(TARGETS)} user={pick(SENDERS)}01 password=[REDACTED]",
          f"{iso_ts()} INFO  kdb-gw  .z.pw user=svc_rdb pass=<redacted> ok=1b",
          f"{iso_ts()} WARN  sftp    auth retry user=eoddrop password=*** attempt={R.randint(2, 5)}",
          f"{iso_ts()} INFO  bpipe   session started app={pick(['TDWY:MDCORE', 'TDWY:RISK'])} token=[FILTERED]"]
    R.shuffle(ls)
    return block(lines_join(ls[:R.randint(2, 4)]))


def n_ph_connstr():
    return pick(["postgres://<user>:<password>@<host>:5432/risk", "amqps://USER:PASS@rabbit.internal:5671/md",
                 "jdbc:postgresql://risk-db:5432/risk?user=${DB_USER}&password=${DB_PASS}",
                 "mongodb+srv://<username>:<password>@<cluster>/refdata", "redis://:changeme@localhost:6379/0",
                 f"sftp://eoddrop:<password>@sftp.clearing.internal:22/out/{ymd('')}"]) + pick(["", "  ← template from the README", " (placeholder)"])


def n_ph_prefixes():
    return pick(["`OPENAI_API_KEY=sk-...` goes in your local .env, never in the repo",
                 "token should look like `xoxb-…` for the alert bot, if it starts with xoxp you grabbed a user token",
                 "export GITHUB_TOKEN=ghp_XXXX… (classic) or github_pat_… (fine-grained, preferred)",
                 "`aws_access_key_id = AKIA****************` in the screenshot is masked, fine",
                 "ANTHROPIC_API_KEY=sk-ant-api03-... in the research notebook env template"])


def n_ph_pemdots():
    t = pick(["EC PRIVATE KEY", "PRIVATE KEY", "RSA PRIVATE KEY", "OPENSSH PRIVATE KEY"])
    return f"the exchange API wants the signing key as PEM, e.g.\n```\n-----BEGIN {t}-----\n{pick(['...', '<your key here>', 'MIIE...(truncated)', '…'])}\n-----END {t}-----\n```\nkeep it in the HSM-backed store, not in the config"


def n_ph_jwt():
    return pick(["curl -H 'Authorization: Bearer <jwt>' https://entitlements.internal/v1/users/me",
                 "token format is `eyJhbGciOi…<header>.<payload>.<signature>`, RS256, 15 min expiry",
                 "Authorization: Bearer ${MD_GATEWAY_TOKEN}", "use `Bearer $(md-auth token)` — never hardcode it"])


def n_ph_phone():
    return pick(["exchange ops hotline: +44 20 XXXX XXXX (number in the runbook)", "broker trade support: see the SSI sheet, tel +49 69 ••• ••••",
                 "call-back number: <on file>", "電話番号: 03-XXXX-XXXX（ランブック参照）"])


def n_ph_docip():
    return f"in the docs the gateway is `{pick(['203.0.113.', '198.51.100.', '192.0.2.'])}{R.randint(1, 254)}:{R.randint(9000, 9999)}` — replace with x.x.x.x from the venue's connectivity guide"


def n_ph_helm():
    return block(lines_join(["fixgw:", "  auth:", f"    existingSecret: fix-session-{pick(MICS).lower()}", "    passwordKey: password", "    password: \"\"",
                             "kdb:", "  users:", "    - name: svc_rdb", "      passwordFrom: vault", "      password: null"]), "yaml")


def n_ph_devdefaults():
    return block(lines_join(["services:", "  questdb:", "    image: questdb/questdb:7.4.2", "    environment:", "      QDB_PG_USER: admin", "      QDB_PG_PASSWORD: quest",
                             "  grafana:", "    image: grafana/grafana:10.4.2", "    environment:", "      GF_SECURITY_ADMIN_PASSWORD: admin",
                             "  rabbit:", "    image: rabbitmq:3-management", "    # guest/guest only works from localhost", "  postgres:",
                             f"    environment: {{ POSTGRES_PASSWORD: postgres, POSTGRES_DB: {pick(['risk', 'recon', 'refdata'])} }}"]), "yaml") + "\nlocal dev only, these are the image defaults"


def n_ph_iso_tmpl():
    return block(lines_join(["<Cdtr><Nm>[CREDITOR NAME]</Nm></Cdtr>", "<CdtrAcct><Id><IBAN>[IBAN]</IBAN></Id></CdtrAcct>",
                             f"<CdtrAgt><FinInstnId><BICFI>XXXXXXXXXXX</BICFI></FinInstnId></CdtrAgt>", f"<RmtInf><Ustrd>{pick(['[REFERENCE]', 'INV-<number>'])}</Ustrd></RmtInf>"]), "xml")


def n_ph_email():
    return pick(["send the breaks to the settlements distro (address in the wiki, not pasting it here)", "contact: ops [at] <venue> [dot] com",
                 "Kontakt: <team-mailbox>", "メール: <担当窓口のアドレス>"])


def n_ph_awsdoc():
    return block(lines_join(["[profile tick-archive-example]", "aws_access_key_id = AKIAIOSFODNN7EXAMPLE", "aws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
                             f"region = {pick(['eu-west-2', 'us-east-1'])}"]), "ini") + "\n^ straight from the AWS docs, for the onboarding page"


NEG_PH = [n_ph_qfcfg, n_ph_logon, n_ph_hopen, n_ph_envexample, n_ph_maskedcard, n_ph_testcard, n_ph_textbook_iban,
          n_ph_maskediban, n_ph_ssnmask, n_ph_redactlog, n_ph_connstr, n_ph_prefixes, n_ph_pemdots, n_ph_jwt, n_ph_phone,
          n_ph_docip, n_ph_helm, n_ph_devdefaults, n_ph_iso_tmpl, n_ph_email, n_ph_awsdoc]


# ---- code_identifier ---------------------------------------------------------------------------
def n_code_py():
    cls = pick(["FixSessionCredentials", "VenueLogonSecrets", "KdbAuthConfig", "SftpDropCredentials"])
    return block(lines_join([
        "@dataclass(frozen=True)", f"class {cls}:", "    username_env_var: str = \"FIX_USERNAME\"", "    password_env_var: str = \"FIX_SESSION_PASSWORD\"",
        "    new_password_env_var: str = \"FIX_NEW_PASSWORD\"  # tag 925 on rotation day", "",
        "    def get_socket_password(self) -> str:", "        return vault_client.read_secret(self.password_env_var.lower())", "",
        "    def mask_password_in_logon(self, raw: bytes) -> bytes:", "        return PASSWORD_TAG_RE.sub(rb\"554=***\\x01\", raw)"]), "python")


def n_code_q():
    return block(lines_join([
        "/ auth hooks for the gateway", ".z.pw:{[user;pwd] .auth.checkPassword[user;pwd]}",
        ".auth.checkPassword:{[u;p] $[u in key .auth.users; .auth.users[u;`pwdHash]~.auth.hashPassword p; 0b]}",
        ".auth.hashPassword:{[p] raze string md5 p}", f".fix.logonPwdFromVault:{{[sess] .vault.read `$\"fix/\",string sess}}",
        f".u.upd:{{[t;x] t insert x; if[{R.randint(100, 900)}<count value t; .u.pub[t;x]]}}"]), "q")


def n_code_javatrace():
    ls = [f"{iso_ts()} ERROR [QFJ Timer] quickfix.Session - {pick(SENDERS)}->{pick(TARGETS)}: Logon rejected",
          "quickfix.FieldNotFound: Field was not found in message, field=554",
          "\tat quickfix.FieldMap.getField(FieldMap.java:229)",
          "\tat quickfix.FieldMap.getString(FieldMap.java:254)",
          f"\tat com.tideway.fix.session.LogonPasswordInjector.toAdmin(LogonPasswordInjector.java:{R.randint(40, 200)})",
          f"\tat com.tideway.fix.session.SessionPasswordRotationListener.onNewPasswordAccepted(SessionPasswordRotationListener.java:{R.randint(40, 200)})",
          f"\tat com.tideway.fix.secrets.VaultBackedCredentialProvider.resolveSocketPassword(VaultBackedCredentialProvider.java:{R.randint(40, 200)})",
          "\tat quickfix.Session.generateLogon(Session.java:2198)", "\tat quickfix.Session.next(Session.java:2011)",
          "\tat quickfix.mina.SessionConnector$SessionTimerTask.run(SessionConnector.java:373)",
          "\tat java.base/java.util.concurrent.Executors$RunnableAdapter.call(Executors.java:572)",
          "\tat java.base/java.lang.Thread.run(Thread.java:1583)"]
    return block(lines_join(ls))


def n_code_gdb():
    ls = [f"Thread 3 \"itch-decoder\" received signal SIGSEGV, Segmentation fault.", f"[Switching to Thread 0x7f{hexs(10)} (LWP {R.randint(1000, 99999)})]"]
    syms = ["_ZN4tdwy2md4itch13OrderBookImpl10onAddOrderERKNS1_8AddOrderE", "_ZN4tdwy2md4itch7Decoder6decodeEPKhm",
            "_ZN4tdwy2md4mold15MoldUdp64Reader10onDatagramESt4spanIKSt4byteLm18446744073709551615EE",
            "_ZN4tdwy3net12EfviReceiver4pollEv", "_ZN4tdwy2md10FeedArbiter9onPacketAERKNS0_6PacketE",
            "_ZNSt6vectorIN4tdwy2md5LevelESaIS2_EE17_M_realloc_insertIJRKS2_EEEvN9__gnu_cxx17__normal_iteratorIPS2_S4_EEDpOT_"]
    for i, s in enumerate(R.sample(syms, R.randint(4, 6))):
        ls.append(f"#{i}  0x0000{hexs(12)} in {s} () from /opt/mdfh/lib/libtdwy_md.so.{R.randint(2, 5)}")
    return block(lines_join(ls))


def n_code_rust():
    h = [hexs(16) for _ in range(4)]
    return block(lines_join([
        f"thread 'md-mdp3-{R.randint(0, 7)}' panicked at src/mdp3/incremental.rs:{R.randint(40, 400)}:{R.randint(5, 40)}:",
        "index out of bounds: the len is 0 but the index is 0", "stack backtrace:",
        f"   0: sbe_decoder::mdp3::MdIncrementalRefreshBook46::entries::h{h[0]}",
        f"   1: md_feed::arbiter::Arbiter<T>::on_packet::h{h[1]}",
        f"   2: _ZN7md_feed6socket11McastSocket4poll17h{h[2]}E",
        f"   3: tokio::runtime::task::raw::poll::h{h[3]}"]))


def n_code_kubectl():
    ls = ["NAME                                  READY   STATUS    RESTARTS   AGE"]
    for n in R.sample(["fix-gw-ld4", "mdfh-itch-xlon", "kdb-tp", "kdb-rdb", "recon-worker", "var-engine", "swift-ingest", "secret-rotator"], R.randint(3, 7)):
        ls.append(f"{n}-{rs(10, 'bcdfghjklmnpqrstvwxz2456789')[:pick([9, 10])]}-{rs(5, 'bcdfghjklmnpqrstvwxz2456789')}".ljust(38) + f"1/1     Running   {R.randint(0, 3)}          {R.randint(1, 40)}d")
    return "$ kubectl -n trading get pods\n" + block(lines_join(ls))


def n_code_tf():
    ls = ["Terraform will perform the following actions:", ""]
    for m in R.sample(MICS, R.randint(2, 4)):
        ls.append(f"  # aws_secretsmanager_secret.fix_session_password[\"{m.lower()}\"] will be created")
        ls.append(f"  # aws_secretsmanager_secret_rotation.fix_session_password[\"{m.lower()}\"] will be created")
    ls += ["  # aws_kms_key.swift_hsm_wrap will be updated in-place", "  # aws_iam_policy.tick_archive_secret_access_key_reader must be replaced",
           "", f"Plan: {R.randint(3, 9)} to add, 1 to change, 1 to destroy."]
    return block(lines_join(ls))


def n_code_sql():
    tbl = pick(["refdata.counterparty", "kyc.client_entity", "ssi.settlement_party", "onboarding.cpty_master"])
    return block(lines_join([f"CREATE TABLE {tbl} (", "    counterparty_id      BIGINT PRIMARY KEY,", "    counterparty_lei     CHAR(20) NOT NULL,",
                             "    settlement_iban_enc  BYTEA,", "    settlement_iban_last4 CHAR(4),", "    ssi_account_hash     CHAR(64),",
                             "    contact_email_hash   CHAR(64),", "    us_tin_token         VARCHAR(40),  -- SSN/EIN tokenized, never raw",
                             "    api_key_last_four    CHAR(4),", "    fix_password_rotated_at TIMESTAMPTZ", ");"]), "sql")


def n_code_topics():
    ls = ["$ kafka-topics --bootstrap-server kafka.internal:9092 --list"] + R.sample(
        ["md.l1.xlon.v2", "md.l2.xetr.v2", "md.trades.consolidated.v1", "orders.execution-reports.v3", "orders.new-order-single.v3",
         "refdata.isin-figi.v1", "refdata.lei-golden.v2", "risk.var.results.v1", "secrets.rotation.events.v1", "kyc.ssn-tokenizer.requests.v1",
         "swift.mt950.raw.v1"], R.randint(5, 9))
    return block(lines_join(ls))


def n_code_proto():
    return block(lines_join(["service SessionAdmin {", "  rpc RotateSessionPassword(RotateSessionPasswordRequest) returns (RotateSessionPasswordResponse);",
                             "  rpc GetApiKeyMetadata(GetApiKeyMetadataRequest) returns (ApiKeyMetadata);", "}", "",
                             "message RotateSessionPasswordRequest {", "  string session_id = 1;  // e.g. TDWY_EQ->XLON_GW1", "  bool dry_run = 2;", f"  string venue_mic = 4;  // {pick(MICS)}, {pick(MICS)}, ...",
                             "  reserved 3; reserved \"new_password\";  // never over the wire", "}"]), "proto")


def n_code_go():
    return block(lines_join(["goroutine 42 [running]:", f"github.com/tideway-markets/fixgw/internal/session.(*Manager).refreshPassword(0xc000{hexs(6)}, {{0xc0001{hexs(5)}, 0x{R.randint(10, 40):x}}})",
                             f"\t/src/internal/session/manager.go:{R.randint(40, 400)} +0x{hexs(3)}",
                             f"github.com/tideway-markets/fixgw/internal/secrets.(*VaultPasswordSource).Fetch(...)",
                             f"\t/src/internal/secrets/vault.go:{R.randint(40, 200)}", "created by github.com/tideway-markets/fixgw/internal/session.NewManager in goroutine 1"]))


def n_code_java():
    return pick(["", "naming review for the refdata module:\n", "Benennung ok?\n"]) + block(lines_join(["public enum SecurityIDSource {", "    CUSIP('1'), SEDOL('2'), ISIN('4'), RIC('5'), EXCHANGE_SYMBOL('8'), FIGI('S');", "}",
                             "", "final class IbanMaskingSerializer extends JsonSerializer<Iban> { /* keeps country + last 4 */ }",
                             "final class LeiChecksumValidator implements ConstraintValidator<ValidLei, String> { }",
                             "final class SsnTokenizingConverter implements AttributeConverter<UsTaxId, String> { }"]), "java")


def n_code_ts():
    h = hexs(8)
    return pick([f"Blotter chunks: `static/js/OrderTicket.{h}.chunk.js`, `ApiKeyRotationBanner.{hexs(8)}.js`, css `Blotter_row__{rs(5)}` / `DepthLadder_cell__{rs(5)}`",
                 block(f"export function useApiKeyRotationBanner(expiresAt: Date) {{ /* warns 7 days before the venue API key expires */ }}\nexport const SECRET_ROTATION_WARNING_DAYS = {R.randint(3, 14)};", "ts")])


def n_code_flags():
    fl = R.sample(["md.xlon.itch.enable_gap_fill_v2", "risk.var.use_filtered_hist_sim", "fixgw.rotate_password_on_expiry_warning",
                   "kyc.ssn.tokenize_on_ingest", "recon.iban.mask_in_exports", "swift.mt103.validate_iban_checksum",
                   "blotter.show_api_key_age", "md.arbiter.prefer_feed_b"], R.randint(3, 6))
    return "flags flipped for the release:\n" + "\n".join(f"- `{f}` → {pick(['on', 'off', '50%'])}" for f in fl)


def n_code_fixdict():
    return block(lines_join(['<field number="553" name="Username" type="STRING"/>', '<field number="554" name="Password" type="STRING"/>',
                             '<field number="925" name="NewPassword" type="STRING"/>', '<field number="1400" name="EncryptPasswordMethod" type="INT"/>',
                             '<field number="1401" name="EncryptedPasswordLen" type="LENGTH"/>', '<field number="1402" name="EncryptedPassword" type="DATA"/>',
                             '<field number="1403" name="EncryptedNewPasswordLen" type="LENGTH"/>']), "xml") + pick(["", "\nour dictionary is missing 1402, that's why the venue logon fails validation"])


def n_code_externalsecret():
    m = pick(MICS).lower()
    return block(lines_join(["apiVersion: external-secrets.io/v1beta1", "kind: ExternalSecret", f"metadata:\n  name: fix-session-{m}", "spec:",
                             "  secretStoreRef: { name: vault-trading, kind: ClusterSecretStore }", "  data:",
                             f"    - secretKey: password\n      remoteRef: {{ key: trading/fix/{m}, property: password }}",
                             f"    - secretKey: sftp_private_key\n      remoteRef: {{ key: trading/sftp/clearing, property: private_key }}"]), "yaml")


def n_code_bazel():
    return "`bazel test //trading/fix/session:password_provider_test //md/itch:order_book_test //risk/var:hist_sim_test` " + pick(["green", "flaky on the second one", "OOM on CI"])


def n_code_airflow():
    return f"DAGs failing since {ymd()}: `eod_recon.swift_mt950_ingest`, `kyc_ssn_tokenizer.backfill`, `refdata.lei_golden_copy.refresh_{hexs(4)}`"


def n_code_dotnet():
    return block(lines_join(["System.InvalidOperationException: Sequence contains no elements",
                             "   at System.Linq.ThrowHelper.ThrowNoElementsException()",
                             f"   at Tideway.Risk.Engine.VarCalculator.ComputeFilteredHistSim(Book book, DateOnly cob) in /src/Risk/VarCalculator.cs:line {R.randint(40, 300)}",
                             f"   at Tideway.Risk.Secrets.ApiKeyProvider.GetMarketDataApiKeyAsync(String venue) in /src/Risk/Secrets/ApiKeyProvider.cs:line {R.randint(20, 90)}",
                             "   at Tideway.Risk.Jobs.EodRiskJob.RunAsync()"]))


def n_code_logger():
    return pick([f"set `tdwy.fix.session.password_rotation` to DEBUG and `tdwy.md.itch.decoder` to WARN on {pick(HOSTS)}",
                 "loggers: tdwy.kyc.ssn_masking, tdwy.swift.iban_validation, tdwy.secrets.aws_access_key_rotation"])


NEG_CODE = [n_code_py, n_code_q, n_code_javatrace, n_code_gdb, n_code_rust, n_code_kubectl, n_code_tf, n_code_sql, n_code_topics,
            n_code_proto, n_code_go, n_code_java, n_code_ts, n_code_flags, n_code_fixdict, n_code_externalsecret, n_code_bazel,
            n_code_airflow, n_code_dotnet, n_code_logger]


# ---- talk_about_secrets ------------------------------------------------------------------------
TALK = [
    # English
    "who owns the FIX session passwords for Eurex? T7 rejects the logon with 'password expired' every 90 days, always on a Monday",
    "reminder: never paste the SFTP private key for the clearing drop into a channel, it lives in Vault under the eod path",
    "the kdb .z.pw handler should check against the LDAP group, not a plaintext users file — let's fix that this sprint",
    "rotated the S3 access key for the tick archive; old one is deactivated, will delete it on Friday",
    "did anyone get the new B-PIPE app credentials? ops says they were sent via the secure portal, not email",
    "SWIFT HSM smartcard PINs are dual-controlled, two officers need to be in the room — please don't ask for them in Slack",
    "the secret scanner flagged the LEI column as an IBAN again, both use mod 97 so it's not crazy",
    "client changed their settlement IBAN by email — we do NOT update SSIs without a call-back to the number on file",
    "compliance question: do we store full SSNs for US clients? answer: no, tokenized at ingest, ops only sees last 4",
    "if the venue API key leaks, the runbook is: disable in the member portal, rotate, then check the order audit trail",
    "the alert bot's token got revoked after the workspace migration, that's why #md-alerts went quiet",
    "can we move the broker drop-copy password out of the QuickFIX cfg and into env injection? it's been in the image for years",
    "please stop sharing the market data vendor login — it's licensed per user and audit is coming",
    "password for the test venue is in the vault folder for UAT, ask in #fix-onboarding if you can't see it",
    "the cert for the TLS FIX session expires in 12 days, renewal needs a new CSR and the private key never leaves the box",
    "GitHub push protection blocked a commit with an AWS key in a notebook — good, but rotate it anyway",
    "we should hash the exec ids in the logs? no, exec ids aren't secrets, it's the account numbers we mask",
    "why does the scanner think our 16-digit order ids are credit cards? Luhn, about 1 in 10 will pass",
    # German
    "Wer hat das neue Passwort für die Eurex-Testsession? Bitte nicht hier posten, nur per Vault-Link.",
    "Der API-Schlüssel für den Marktdaten-Feed läuft Ende des Monats ab, Rotation ist im Ticket beschrieben.",
    "Bitte keine privaten Schlüssel in Confluence ablegen, auch nicht für die Testumgebung.",
    "Die IBAN des Kontrahenten hat sich angeblich geändert — Rückruf über die hinterlegte Nummer, bevor wir die SSI anpassen.",
    # French
    "Le mot de passe de la session FIX Euronext expire demain, quelqu'un peut lancer la rotation ?",
    "Ne collez jamais de clé privée dans le canal, même pour un test — utilisez le coffre.",
    "Le token du bot d'alertes a fuité dans un ticket, il est révoqué et régénéré.",
    # Spanish
    "¿Alguien sabe dónde está la contraseña del SFTP de la cámara? No la pegues aquí, mándame el enlace del gestor.",
    "Rotamos la clave de acceso del bucket de ticks; la antigua queda desactivada hasta el viernes.",
    # Italian
    "La password della sessione FIX di Borsa Italiana scade tra tre giorni, chi se ne occupa?",
    "Non incollate token o chiavi API nel canale, usate il vault come da procedura.",
    # Portuguese
    "A senha do ambiente de homologação da bolsa foi trocada, peçam acesso pelo cofre.",
    "Se a chave de API vazar, revogue primeiro e depois abra o incidente.",
    # Dutch
    "Het wachtwoord voor de Euronext-testsessie staat in de kluis, niet in de wiki.",
    # Polish
    "Hasło do sesji FIX wygasa w piątek, rotację robimy po zamknięciu rynku.",
    # Japanese
    "東証の FIX セッションのパスワードは来週期限切れです。ローテーション手順は Runbook を参照してください。",
    "秘密鍵をチャットに貼らないでください。Vault に保存してパスだけ共有してください。",
    "APIキーが漏洩した場合は、まず失効させてから監査ログを確認します。",
    # Chinese
    "港交所测试环境的密码已经更新了，请到密码库里取，不要在群里发。",
    "行情供应商的 API 密钥下个月到期，谁负责轮换？",
    "私钥绝对不能提交到代码仓库，CI 会拦截，但还是要注意。",
    # Korean
    "거래소 FIX 세션 비밀번호가 다음 주에 만료됩니다. 교체 절차는 런북을 참고하세요.",
    "API 키는 채널에 붙여넣지 말고 볼트 경로만 공유해 주세요.",
    # Russian
    "Пароль для FIX-сессии Мосбиржи истекает в понедельник, ротацию сделаем после закрытия.",
    "Не выкладывайте приватные ключи в чат, даже тестовые — только через хранилище секретов.",
    # Hindi
    "एक्सचेंज की FIX सेशन का पासवर्ड अगले हफ्ते एक्सपायर हो रहा है, रोटेशन कौन करेगा?",
    "कृपया API की या टोकन चैनल में पेस्ट न करें, वॉल्ट का लिंक भेजें।",
    "the pre-commit hook caught a FIX log with 554 unmasked — we need to mask it in the gateway logger, not just in the hook",
    "vendor says our market data API key was used from an unknown IP range; rotating now and asking them for the access log",
    "question for sec-eng: does the DLP rule look at code blocks too? someone pasted a full QuickFIX cfg yesterday",
    "the exchange wants a new public key for the order-entry API signature; private half stays in the HSM, we only upload the CSR",
    "service accounts for kdb should use short-lived tokens from the broker, not long-lived passwords in the q scripts",
    "Wir sollten die SWIFT-Zugangsdaten nicht mehr per Excel verteilen, das Audit hat das schon zweimal bemängelt.",
    "Le prestataire demande l'IBAN de règlement par e-mail : refus, on passe par le portail SSI avec rappel téléphonique.",
    "Los tokens del bot de alertas deberían rotarse cada trimestre, ¿quién tiene el runbook?",
    "De API-sleutel van de leverancier verloopt volgende week, rotatie staat in het ticket.",
    "Nie wklejajcie kluczy prywatnych do kanału, nawet testowych.",
    "マーケットデータ API のトークンは 8 時間で失効します。長期トークンは使わないでください。",
    "谁把 S3 访问密钥写进了 notebook？已经吊销了，请改用 IAM 角色。",
    "SSN은 절대 채팅에 올리지 마세요. KYC 업로드 포털을 사용해 주세요.",
    "Токен бота для алертов отозван после утечки, новый уже в хранилище.",
    # Arabic
    "كلمة مرور جلسة FIX ستنتهي صلاحيتها يوم الجمعة، من المسؤول عن تغييرها؟",
    "لا تنشروا المفاتيح الخاصة في القناة، استخدموا خزنة الأسرار فقط.",
]

TALK_PREFIX = ["", "", "", "quick one: ", "q: ", "PSA: ", "security sync: ", "from the postmortem: ", "+1 to this — ", "again: ",
               "Frage: ", "Rappel : ", "Recordatorio: ", "注意: ", "提醒：", "알림: ", "Напоминание: ", "नोट: "]
TALK_SUFFIX = ["", "", "", " thx", " 🙏", " (see runbook SEC-14)", " — ticket linked in thread", " cc desk-ops", " ty",
               " — danke", " — merci", " 谢谢", " よろしくお願いします"]


def n_talk_line():
    return pick(TALK_PREFIX) + pick(TALK) + pick(TALK_SUFFIX)


def n_talk_pair():
    a, b = R.sample(TALK, 2)
    return a + "\n" + b


def n_talk_runbook():
    m = pick(MICS)
    return lines_join([f"*Runbook: rotate the FIX session password ({m})*",
                       "1. request the new password via the venue member portal (two-person rule)",
                       "2. store it in vault under trading/fix/<venue>, never in the cfg or in chat",
                       "3. on the next logon send it in NewPassword (925) together with the current Password (554)",
                       "4. confirm the Logon ack, then delete the old version in vault",
                       f"5. if the venue rejects with SessionStatus={pick([3, 4, 5, 6])}, roll back and page the connectivity team"])


def n_talk_incident():
    mins = R.randint(2, 40)
    return lines_join([f"*Incident {ymd()} — credential exposure (sev{pick([2, 3])})*",
                       f"• what: a {pick(['bot token', 'vendor API key', 'S3 access key', 'SFTP password', 'JWT signing secret'])} was pasted in a public channel for ~{mins} min",
                       "• impact: none found in the audit log; revoked and reissued within the hour",
                       f"• follow-up: pre-commit hook + Slack DLP rule, owner: {pick(['mdeng', 'sec-eng', 'desk-ops'])}",
                       "• lesson: paste the vault path, never the value"])


def n_talk_faq():
    return lines_join(["*FAQ — secrets on the desk*",
                       "Q: can I put the exchange API key in my notebook? A: no, load it from the env injected by the launcher",
                       "Q: the broker wants our IBAN by email? A: send the SSI via the secure portal, and they call back to verify",
                       "Q: client sends an SSN in chat? A: delete the message, ask them to use the KYC upload, tell compliance",
                       f"Q: how long are FIX passwords valid? A: {pick([30, 60, 90])} days on most venues, some longer"])


def n_talk_regex():
    return pick(["the DLP rule for SSNs is basically `\\b\\d{3}-\\d{2}-\\d{4}\\b` plus area checks, which is why our `BK1234-20` books are fine",
                 "for cards they run Luhn on 13–19 digit runs, so 19-digit iLink UUIDs will trip it about 10% of the time",
                 "IBAN detection = country code + 2 check digits + mod 97; LEIs pass mod 97 too but start with digits, so the regex shouldn't match them"])


def n_talk_vaulterr():
    return block(lines_join([f"Error reading trading/fix/{pick(MICS).lower()}: Error making API request.", "",
                             f"URL: GET https://vault.internal:8200/v1/trading/data/fix/{pick(MICS).lower()}", "Code: 403. Errors:", "",
                             "* 1 error occurred:", "\t* permission denied"])) + "\nanyone know which policy gives the gateway read on the session passwords?"


def n_talk_qa():
    return pick(["> is it ok to DM the kdb password?\nno — DMs are retained and exported for compliance. use the vault share link, it expires in 1h",
                 "> où est la clé API du fournisseur ?\ndans le coffre, chemin md/vendor — ne la copie pas dans le notebook",
                 "> 新しい SFTP のパスワードは？\nVault の eod/sftp にあります。チャットには貼らないでください。",
                 "> wo ist der private Schlüssel für die Clearing-SFTP?\nim HSM-backed Store, du brauchst nur den Pfad"])


def n_talk_sync():
    head = pick(["*security sync — notes*", "*Security-Sync — Notizen*", "*点検メモ（セキュリティ定例）*", "*Réunion sécurité — notes*", "*安全周会纪要*"])
    return head + "\n" + "\n".join("- " + t for t in R.sample(TALK, R.randint(3, 5)))


NEG_TALK = [n_talk_line, n_talk_line, n_talk_line, n_talk_pair, n_talk_sync, n_talk_runbook, n_talk_incident, n_talk_faq, n_talk_regex,
            n_talk_vaulterr, n_talk_qa]

NEG_CATS = [("non_credential_blob", NEG_BLOB), ("pii_lookalike_number", NEG_NUM), ("data_uri_base64", NEG_URI),
            ("placeholder_example", NEG_PH), ("code_identifier", NEG_CODE), ("talk_about_secrets", NEG_TALK)]


# ==============================================================================================
# POSITIVES: value generators
# ==============================================================================================
def v_anthropic():
    return "sk-ant-api03-" + rs(93, B64URL) + "AA"


def v_aws_id(asia=False):
    return ("ASIA" if asia else "AKIA") + rs(16, "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567")


def v_aws_secret():
    s = rs(40, B64)
    return s if ("/" in s or "+" in s) else s[:20] + "/" + s[21:]


def v_card():
    brand = pick(["visa", "mc", "amex", "disc", "visa", "mc"])
    if brand == "visa":
        b, n = "4" + digits(5, "0123456789"), 16
    elif brand == "mc":
        b, n = pick(["51", "52", "53", "54", "55", "2221", "2720"]) + digits(4, "0123456789"), 16
    elif brand == "amex":
        b, n = pick(["34", "37"]) + digits(4, "0123456789"), 15
    else:
        b, n = "6011" + digits(2, "0123456789"), 16
    body = b + digits(n - len(b) - 1, "0123456789")
    num = body + luhn_digit(body)
    assert luhn_ok(num) and num not in DOC_EXCEPTIONS
    style = pick(["plain", "space", "dash", "space"])
    if style == "plain":
        return num
    sep = " " if style == "space" else "-"
    if n == 15:
        return sep.join([num[:4], num[4:10], num[10:]])
    return sep.join(wrap(num, 4))


EMAIL_DOMAINS = ["tideway-markets.co.uk", "zephyr-sec.ch", "kestrel-asia.hk", "meridian-clearing.com", "ostrabank.nl", "norbank.de",
                 "datavend-feeds.io", "quayside-brokers.com", "lumen-venue.eu"]
EMAIL_LOCALS = ["fix-onboarding", "settlements.ldn", "mdata-support", "connectivity", "eod.recon", "trade.support", "ssi-desk",
                "kyc-ops", "margin.calls", "ops-apac", "billing", "tp.admin", "rates.middleoffice", "colo-ops", "md.licensing"]


def v_email():
    return pick(EMAIL_LOCALS) + "@" + pick(EMAIL_DOMAINS)


def _b62(n, width):
    out = ""
    while n:
        n, r = divmod(n, 62)
        out = B62[r] + out
    return out.rjust(width, "0")


def v_ghp():
    body = rs(30)
    return "ghp_" + body + _b62(zlib.crc32(body.encode()) & 0xFFFFFFFF, 6)


def v_ghfg():
    return "github_pat_11" + rs(20, UPAN) + "_" + rs(59)


IBAN_SPECS = [("DE", lambda: digits(8, "123456789") + digits(10, "0123456789")),
              ("GB", lambda: rs(4, string.ascii_uppercase) + digits(6, "0123456789") + digits(8, "0123456789")),
              ("NL", lambda: rs(4, string.ascii_uppercase) + digits(10, "0123456789")),
              ("CH", lambda: digits(5, "0123456789") + rs(12, UPAN)),
              ("AT", lambda: digits(5, "123456789") + digits(11, "0123456789")),
              ("LU", lambda: digits(3, "0123456789") + rs(13, UPAN)),
              ("IE", lambda: rs(4, string.ascii_uppercase) + digits(6, "0123456789") + digits(8, "0123456789")),
              ("LI", lambda: digits(5, "0123456789") + rs(12, UPAN))]


def v_iban(grouped=None):
    cc, f = pick(IBAN_SPECS)
    v = iban_make(cc, f())
    assert iban_ok(v) and v not in DOC_EXCEPTIONS
    if grouped is None:
        grouped = R.random() < 0.5
    return " ".join(wrap(v, 4)) if grouped else v


def v_ip():
    while True:
        a = f"{pick([31, 37, 46, 62, 77, 80, 81, 85, 91, 95, 109, 145, 146, 151, 154, 176, 178, 185, 193, 194, 195, 212, 213, 217])}.{R.randint(0, 255)}.{R.randint(0, 255)}.{R.randint(1, 254)}"
        if ip_public(a):
            return a


def v_jwt():
    now = 1741900000 + R.randrange(0, 40000000)
    hs = R.random() < 0.4
    hdr = {"alg": "HS256", "typ": "JWT"} if hs else {"alg": "RS256", "typ": "JWT", "kid": hexs(16)}
    pl = {"iss": pick(["https://auth.mdp.internal", "https://entitlements.internal", "md-gateway"]),
          "sub": pick(["svc-blotter", "svc-risk-var", "algo-router", "desk:EQ-DELTA1", "svc-recon"]),
          "aud": pick(["md-gateway", "orders-api", "refdata-api"]), "scope": pick(["md:l1 md:l2", "orders:write", "ref:read md:l1", "risk:read"]),
          "iat": now, "exp": now + pick([900, 3600, 28800]), "jti": uuid4()}
    sig = rbytes(32 if hs else 256)
    return b64url(json.dumps(hdr, separators=(",", ":")).encode()) + "." + b64url(json.dumps(pl, separators=(",", ":")).encode()) + "." + b64url(sig)


def v_openai():
    f = pick(["proj", "proj", "legacy", "svc"])
    if f == "proj":
        return "sk-proj-" + rs(58, B64URL) + "T3BlbkFJ" + rs(58, B64URL)
    if f == "svc":
        return "sk-svcacct-" + rs(58, B64URL) + "T3BlbkFJ" + rs(58, B64URL)
    return "sk-" + rs(20) + "T3BlbkFJ" + rs(20)


PW_WORDS = ["Gilt", "Bund", "Repo", "Swap", "Delta", "Gamma", "Tick", "Spread", "Basis", "Curve", "Kite", "Otter", "Maple", "Falcon", "Quartz", "Harbor"]


def v_password(url_safe=False):
    s = pick(["words", "rand", "rand", "mixed"])
    sym = "-_.~" if url_safe else "!#%^*-_+=?"
    if s == "words":
        p = pick(PW_WORDS) + pick(sym) + pick(PW_WORDS) + str(R.randint(10, 9999)) + pick(sym)
    elif s == "rand":
        p = rs(R.randint(14, 22), B62 + sym)
    else:
        p = rs(4, string.ascii_uppercase) + pick(sym) + rs(6, string.ascii_lowercase) + str(R.randint(100, 999)) + pick(sym) + rs(3, B62)
    if not (any(c.isdigit() for c in p) and any(c.isupper() for c in p)):
        p += str(R.randint(1, 9)) + pick(string.ascii_uppercase)
    return p


def v_phone():
    f = pick(["uk", "uk2", "us", "us2", "de", "de2", "fr", "jp", "jp2", "hk", "sg", "ch", "in", "nl", "it", "es"])
    d = lambda n: digits(n, "0123456789")
    return {"uk": lambda: f"+44 20 7{d(3)} {d(4)}", "uk2": lambda: f"+44 (0)20 3{d(3)} {d(4)}",
            "us": lambda: f"+1 212-{R.randint(200, 989)}-{d(4)}", "us2": lambda: f"(646) {R.randint(200, 989)}-{d(4)}",
            "de": lambda: f"+49 69 {d(4)} {d(4)}", "de2": lambda: f"069 {d(3)} {d(5)}",
            "fr": lambda: f"+33 1 {d(2)} {d(2)} {d(2)} {d(2)}", "jp": lambda: f"+81 3-{d(4)}-{d(4)}", "jp2": lambda: f"03-{d(4)}-{d(4)}",
            "hk": lambda: f"+852 {R.randint(2, 3)}{d(3)} {d(4)}", "sg": lambda: f"+65 6{d(3)} {d(4)}", "ch": lambda: f"+41 44 {d(3)} {d(2)} {d(2)}",
            "in": lambda: f"+91 22 {d(4)} {d(4)}", "nl": lambda: f"+31 20 {d(3)} {d(4)}", "it": lambda: f"+39 02 {d(4)} {d(4)}",
            "es": lambda: f"+34 91 {d(3)} {d(2)} {d(2)}"}[f]()


def v_ssn(style="dash"):
    area = R.choice([a for a in range(1, 900) if a != 666])
    g, s = R.randint(1, 99), R.randint(1, 9999)
    sep = "-" if style == "dash" else " "
    return f"{area:03d}{sep}{g:02d}{sep}{s:04d}"


def v_slack_bot():
    return f"xoxb-{nl_digits(pick([11, 12, 13]))}-{nl_digits(13)}-{rs(24)}"


def v_slack_user():
    return f"xoxp-{nl_digits(11)}-{nl_digits(12)}-{nl_digits(13)}-{hexs(32)}"


# ---- private keys (real DER / openssh structure, random material) ----
def der_len(n):
    if n < 128:
        return bytes([n])
    b = n.to_bytes((n.bit_length() + 7) // 8, "big")
    return bytes([0x80 | len(b)]) + b


def der_int(b):
    b = b.lstrip(b"\x00") or b"\x00"
    if b[0] & 0x80:
        b = b"\x00" + b
    return b"\x02" + der_len(len(b)) + b


def der_seq(*items):
    c = b"".join(items)
    return b"\x30" + der_len(len(c)) + c


def rand_big(nbytes, odd=False):
    b = bytearray(rbytes(nbytes))
    b[0] |= 0x80
    if odd:
        b[-1] |= 1
    return bytes(b)


def rsa_pkcs1(bits):
    nb = bits // 8
    return der_seq(der_int(b"\x00"), der_int(rand_big(nb, True)), der_int((65537).to_bytes(3, "big")), der_int(rand_big(nb)),
                   der_int(rand_big(nb // 2, True)), der_int(rand_big(nb // 2, True)), der_int(rand_big(nb // 2)),
                   der_int(rand_big(nb // 2)), der_int(rand_big(nb // 2)))


def ec_sec1():
    oid = bytes.fromhex("06082a8648ce3d030107")
    bit = b"\x03" + der_len(66) + b"\x00\x04" + rbytes(64)
    return der_seq(der_int(b"\x01"), b"\x04\x20" + rbytes(32), b"\xa0" + der_len(len(oid)) + oid, b"\xa1" + der_len(len(bit)) + bit)


def ed25519_pkcs8():
    return bytes.fromhex("302e020100300506032b657004220420") + rbytes(32)


def rsa_pkcs8(bits):
    alg = der_seq(bytes.fromhex("06092a864886f70d010101"), b"\x05\x00")
    inner = rsa_pkcs1(bits)
    return der_seq(der_int(b"\x00"), alg, b"\x04" + der_len(len(inner)) + inner)


def openssh_ed25519(comment):
    pub, priv = rbytes(32), rbytes(32)
    pubblob = sshstr(b"ssh-ed25519") + sshstr(pub)
    chk = rbytes(4)
    sec = chk + chk + sshstr(b"ssh-ed25519") + sshstr(pub) + sshstr(priv + pub) + sshstr(comment.encode())
    i = 1
    while len(sec) % 8:
        sec += bytes([i])
        i += 1
    return b"openssh-key-v1\x00" + sshstr(b"none") + sshstr(b"none") + sshstr(b"") + struct.pack(">I", 1) + sshstr(pubblob) + sshstr(sec)


def v_pem(kind=None):
    kind = kind or pick(["ec", "ed25519", "rsa1024", "rsa2048", "openssh", "rsa_pkcs8"])
    if kind == "ec":
        return "EC PRIVATE KEY", wrap(b64(ec_sec1()), 64), kind
    if kind == "ed25519":
        return "PRIVATE KEY", wrap(b64(ed25519_pkcs8()), 64), kind
    if kind == "rsa1024":
        return "RSA PRIVATE KEY", wrap(b64(rsa_pkcs1(1024)), 64), kind
    if kind == "rsa2048":
        return "RSA PRIVATE KEY", wrap(b64(rsa_pkcs1(2048)), 64), kind
    if kind == "rsa_pkcs8":
        return "PRIVATE KEY", wrap(b64(rsa_pkcs8(1024)), 64), kind
    return "OPENSSH PRIVATE KEY", wrap(b64(openssh_ed25519(pick(["eoddrop-ld4", "fixgw-deploy", "ccp-sftp", "colo-jump"]))), 70), kind


# ==============================================================================================
# POSITIVES: templates (single kind)
# ==============================================================================================
def pem_text(label, lines, layout):
    """Return (text_of_block, value) for a PEM in a given layout."""
    if layout == "yaml":
        ind = "    "
        value = ("\n" + ind).join(lines)
        txt = f"{ind}-----BEGIN {label}-----\n{ind}" + value + f"\n{ind}-----END {label}-----"
        return txt, value
    value = "\n".join(lines)
    return f"-----BEGIN {label}-----\n{value}\n-----END {label}-----", value


S = {}

S["anthropic_api_key"] = [
    lambda v: f"news-summarizer .env on {pick(HOSTS)}:\n```\nANTHROPIC_API_KEY={v}\nNEWS_SOURCES=rns,ad-hoc\nSUMMARY_MAX_TOKENS={pick([256, 512, 1024])}\n```",
    lambda v: block(f"client = anthropic.Anthropic(api_key=\"{v}\")  # TODO move to vault before go-live\nresp = client.messages.create(model=MODEL, max_tokens=512, messages=[{{\"role\": \"user\", \"content\": rns_text}}])", "python"),
    lambda v: f"can someone revoke this asap, pasted it in the wrong channel: {v}",
    lambda v: block(f"env:\n  - name: ANTHROPIC_API_KEY\n    value: \"{v}\"\n  - name: RNS_TOPIC\n    value: md.news.rns.v1", "yaml"),
    lambda v: block(f"curl -s https://api.anthropic.com/v1/messages \\\n  -H \"x-api-key: {v}\" \\\n  -H \"anthropic-version: 2023-06-01\" \\\n  -H \"content-type: application/json\" \\\n  -d @earnings_call_prompt.json", "bash"),
    lambda v: f"docker run --rm -e ANTHROPIC_API_KEY={v} registry.internal/research/rns-classifier:{R.randint(1, 3)}.{R.randint(0, 9)}",
]

S["aws_access_key_id"] = [
    lambda v: f"tick-archive uploads failing: `An error occurred (InvalidAccessKeyId) when calling the PutObject operation: The AWS Access Key Id you provided does not exist in our records.` key in the job env is {v}",
    lambda v: block(json.dumps({"eventName": "GetObject", "eventSource": "s3.amazonaws.com", "awsRegion": "eu-west-2",
                                "userIdentity": {"type": "IAMUser", "accessKeyId": v, "userName": "svc-tick-archive"},
                                "requestParameters": {"bucketName": "tdwy-tick-archive", "key": f"hdb/{ymd('.')}/trade/price"}}, indent=2), "json"),
    lambda v: f"which service uses {v}? IAM says last used {R.randint(2, 40)} days ago from the LD4 range",
    lambda v: block(f"[tick-archive]\naws_access_key_id = {v}\nregion = eu-west-2\noutput = json", "ini"),
]

S["aws_secret_access_key"] = [
    lambda v: f"rclone remote for the HDB backups:\n```\n[s3-hdb]\ntype = s3\nprovider = AWS\nenv_auth = false\nsecret_access_key = {v}\nregion = eu-west-2\n```",
    lambda v: f"spark job for the tick parquet conversion has `spark.hadoop.fs.s3a.secret.key={v}` hardcoded in the submit script 😬",
    lambda v: f"export AWS_SECRET_ACCESS_KEY={v}  # from the old runbook, still valid?",
    lambda v: block(f"provider \"aws\" {{\n  region     = \"eu-west-2\"\n  secret_key = \"{v}\"\n}}", "hcl"),
]

S["credit_card"] = [
    lambda v: f"can you put the terminal renewal on the desk card {v}, exp {R.randint(1, 12):02d}/{R.randint(27, 30)}",
    lambda v: "expenses export:\n" + block(f"date,desc,ccy,amount,card\n{ymd()},LD4 cross-connect,GBP,{money(300, 3000)},{v}\n{ymd()},exchange membership fee,EUR,{money(1000, 9000)},company", "csv"),
    lambda v: block(json.dumps({"event": "checkout", "product": "historical L2 bundle", "card_number": v, "exp": f"{R.randint(1, 12):02d}/{R.randint(27, 31)}", "amount": money(100, 5000)}, indent=2), "json"),
    lambda v: f"Kreditkarte für die Konferenzanmeldung (Eurex-Event): {v}, Rechnungsadresse wie Büro",
    lambda v: f"データベンダーの請求、カード番号 {v} で決済お願いします",
]

S["email_address"] = [
    lambda v: f"send the EOD recon breaks to {v} before 18:00 London",
    lambda v: f"FIX onboarding contact on their side is {v} — they need our SenderCompID and the source IPs",
    lambda v: block(f"alertmanager:\n  receivers:\n    - name: settlement-fails\n      email_configs:\n        - to: \"{v}\"\n          send_resolved: true", "yaml"),
    lambda v: f"Bitte die SSI-Änderung an {v} schicken, mit Rückrufbestätigung",
    lambda v: f"清算所的联系邮箱是 {v}，保证金问题直接发给他们",
    lambda v: f"vendor support ticket opened from {v}, ref {rs(3, string.ascii_uppercase)}-{R.randint(10000, 99999)}",
]

S["github_classic_pat"] = [
    lambda v: f"pip can't reach the private fix-parsers repo, I set `GITHUB_TOKEN={v}` in the CI vars",
    lambda v: block(f"//npm.pkg.github.com/:_authToken={v}\n@tideway-markets:registry=https://npm.pkg.github.com", "ini"),
    lambda v: block(f"curl -H \"Authorization: token {v}\" https://api.github.com/repos/tideway-markets/mdfh/releases/latest", "bash"),
    lambda v: f"use my PAT until the bot account is set up: {v} (repo scope, expires in 7d)",
]

S["github_fine_grained_pat"] = [
    lambda v: f"fine-grained token for the refdata repo (read-only, contents): {v}",
    lambda v: block(f"export GH_TOKEN={v}\ngh release download v{R.randint(1, 4)}.{R.randint(0, 20)}.0 -R tideway-markets/sbe-decoders", "bash"),
    lambda v: block(f"[credential \"https://github.com\"]\n\thelper = store\n# token: {v}", "ini"),
    lambda v: f"GitHub Token für den Release-Job: {v} — läuft in 30 Tagen ab",
]

S["iban"] = [
    lambda v: "MT103 from the payments queue:\n" + block(lines_join(["{4:", f":20:{rs(12, UPAN)}", ":23B:CRED", f":32A:{ymd('')[2:]}EUR{R.randint(1000, 900000)},00",
                                                                  f":50A:{pick(BICS)}", f":57A:{pick(BICS)}", f":59:/{v}", pick(FIRMS), ":71A:SHA", "-}"])),
    lambda v: block(f"<CdtrAcct><Id><IBAN>{v}</IBAN></Id></CdtrAcct>\n<CdtrAgt><FinInstnId><BICFI>{pick(BICS)}</BICFI></FinInstnId></CdtrAgt>", "xml"),
    lambda v: f"client's settlement account for the EUR leg: {v} (BIC {pick(BICS)})",
    lambda v: "SSI sheet row:\n" + block(f"cpty_lei,ccy,bic,iban,effective\n{lei()},{pick(CCYS)},{pick(BICS)},{v},{ymd()}", "csv"),
    lambda v: f"Neue Abwicklungs-IBAN vom Kontrahenten: {v} — Rückruf erfolgt",
]

S["ipv4_address"] = [
    lambda v: block(f"[SESSION]\nBeginString=FIX.4.4\nSenderCompID={pick(SENDERS)}\nTargetCompID=BRKR_DMA\nSocketConnectHost={v}\nSocketConnectPort={R.randint(9000, 9999)}", "ini"),
    lambda v: f"firewall change: allow our LD4 egress to {v} tcp/{R.randint(9000, 9999)} for the broker drop copy",
    lambda v: block(f"$ traceroute -n {v}\n 1  10.{R.randint(0, 255)}.0.1  0.211 ms\n 2  10.{R.randint(0, 255)}.{R.randint(0, 255)}.1  0.402 ms\n 3  {v}  {R.uniform(0.5, 3):.3f} ms", ""),
    lambda v: f"the venue whitelisted {v} as our source address for the UAT session",
    lambda v: f"{iso_ts()} WARN fixgw connect timeout host={v} port={R.randint(9000, 9999)} session={pick(SENDERS)}->{pick(TARGETS)}",
]

S["jwt"] = [
    lambda v: block(f"curl -s https://md-gw.internal/v2/snapshot?sym={pick(QSYMS)} \\\n  -H \"Authorization: Bearer {v}\"", "bash"),
    lambda v: f"websocket to the market data gateway keeps closing: `wss://md-gw.internal/stream?token={v}`",
    lambda v: block(json.dumps({"ts": iso_ts(), "lvl": "DEBUG", "svc": "orders-api", "msg": "incoming request", "path": "/v1/orders",
                                "headers": {"authorization": "Bearer " + v}}, indent=2), "json"),
    lambda v: f"token from the entitlements service, decode it and check the scope: {v}",
]

S["openai_api_key"] = [
    lambda v: f"research notebook env:\n```\nOPENAI_API_KEY={v}\nEMBED_MODEL=text-embedding-3-small\n```",
    lambda v: block(f"from openai import OpenAI\nclient = OpenAI(api_key=\"{v}\")\nemb = client.embeddings.create(model=\"text-embedding-3-small\", input=headlines)", "python"),
    lambda v: f"is this the team key or yours? {v} — it's in the broker-notes summarizer cron",
    lambda v: f"OpenAI 的 key 先用这个：{v}，下周换成服务账号",
]

S["password"] = [
    lambda v: "logon from the UAT session log:\n" + block(fix_msg("A", [("98", "0"), ("108", "30"), ("141", "Y"), ("553", f"{pick(SENDERS)}01"), ("554", v)])),
    lambda v: block(f'h:hopen `$":{pick(HOSTS)}:5010:svc_rdb:{v}"', "q"),
    lambda v: block(f"[SESSION]\nSenderCompID={pick(SENDERS)}\nTargetCompID={pick(TARGETS)}\nUsername={pick(SENDERS)}01\nPassword={v}", "ini"),
    lambda v: block(f"KDB_USER=svc_hdb\nKDB_PASS={v}\nKDB_HOST={pick(HOSTS)}", "bash"),
    lambda v: block(f"spring.datasource.url=jdbc:postgresql://risk-db:5432/risk\nspring.datasource.username=risk_rw\nspring.datasource.password={v}", "properties"),
    lambda v: f"sftp pw for the clearing EOD drop is {v} until they enable keys",
    lambda v: f"Passwort für die Eurex-Simulationsumgebung: {v}",
]

S["phone_number"] = [
    lambda v: f"{pick(MICS)} market ops hotline if the session won't come up: {v}",
    lambda v: f"broker trade support, call-back number on the SSI: {v}",
    lambda v: f"取引所オペレーションの電話番号: {v}（24時間）",
    lambda v: f"Numéro du support connectivité : {v}",
    lambda v: f"colo remote hands ({pick(['LD4', 'FR2', 'NY4', 'TY3'])}): {v}, quote the cross-connect id",
]

S["private_key_pem"] = [
    ("sftp key for the clearing EOD drop, until we move it to vault:\n```\n{PEM}\n```", "plain"),
    ("TLS client key for the {MIC} FIX session:\n```\n{PEM}\n```", "plain"),
    ("k8s secret:\n```yaml\napiVersion: v1\nkind: Secret\nmetadata:\n  name: venue-api-signing\ntype: Opaque\nstringData:\n  signing.pem: |\n{PEM}\n```", "yaml"),
    ("Schlüssel für den Colo-Jump-Host:\n```\n{PEM}\n```", "plain"),
]

S["slack_bot_token"] = [
    lambda v: block(f"SLACK_BOT_TOKEN={v}\nSLACK_CHANNEL=#md-alerts\nGAP_THRESHOLD={R.randint(10, 500)}", "bash"),
    lambda v: block(f"from slack_sdk import WebClient\nclient = WebClient(token=\"{v}\")\nclient.chat_postMessage(channel=\"#md-alerts\", text=f\"A/B gap on {{venue}}\")", "python"),
    lambda v: f"the feed-gap bot token is {v}, reinstall the app if it stops posting",
    lambda v: block(f"receivers:\n  - name: md-alerts\n    slack_configs:\n      - channel: '#md-alerts'\n        http_config:\n          authorization:\n            credentials: {v}", "yaml"),
]

S["slack_user_token"] = [
    lambda v: block(f"curl -s -H \"Authorization: Bearer {v}\" \"https://slack.com/api/conversations.history?channel=C0{rs(8, UPAN)}&limit=200\"", "bash"),
    lambda v: f"compliance export script runs with my user token {v} — needs a proper app",
    lambda v: block(f"SLACK_USER_TOKEN={v}  # for the archive exporter", "bash"),
]

S["url_credentials"] = [
    ("postgres://risk_rw:{PW}@risk-db.internal:5432/risk", "dsn"),
    ("amqps://md_pub:{PW}@rabbit.internal:5671/md", "dsn"),
    ("redis://:{PW}@orderbook-cache.internal:6379/2", "dsn"),
    ("mongodb+srv://refdata_app:{PW}@refdata.internal/golden?retryWrites=true", "dsn"),
    ("sftp://eoddrop:{PW}@sftp.clearing.internal:22/out", "dsn"),
    ("https://ci-reader:{PW}@nexus.internal/repository/pypi-quant/simple", "dsn"),
]
URL_WRAPS = [lambda u: f"RISK_DB_URL={u}" if u.startswith("postgres") else f"CONN={u}",
             lambda u: f"the recon worker connects with `{u}`, can we switch it to IAM auth?",
             lambda u: block(f"broker_url: \"{u}\"\nretry: 5", "yaml"),
             lambda u: f"{iso_ts()} INFO  worker  connecting to {u}",
             lambda u: f"Verbindungs-URL aus der alten Config: {u}"]

S["us_ssn"] = [
    lambda v: f"U4 filing for the new hire on the rates desk needs the SSN: {v}",
    lambda v: "KYC upload from the US client portal:\n" + block(f"client_id,entity_type,tin_type,tin,country\nCL{nl_digits(8)},individual,SSN,{v},US", "csv"),
    lambda v: f"W-9 for the US account — TIN {v}, backup withholding not applicable",
    lambda v: block(json.dumps({"client_ref": f"CL{nl_digits(8)}", "kyc_status": "PENDING", "tax": {"country": "US", "ssn": v}}, indent=2), "json"),
]


# ==============================================================================================
# POSITIVES: templates holding two secrets
# ==============================================================================================
def pair_aws(a, s):
    return pick([
        lambda: f"found this in an old hdb loader box:\n```\n[default]\naws_access_key_id = {a}\naws_secret_access_key = {s}\nregion = eu-west-2\n```",
        lambda: block(f"export AWS_ACCESS_KEY_ID={a}\nexport AWS_SECRET_ACCESS_KEY={s}\nq hdb.q -p 5012 -s 8   # objstor partitions in s3://tdwy-tick-archive", "bash"),
        lambda: block(f"s3 = boto3.client(\n    \"s3\",\n    aws_access_key_id=\"{a}\",\n    aws_secret_access_key=\"{s}\",\n)\ns3.upload_file(path, \"tdwy-tick-archive\", key)", "python"),
        lambda: "```\n$ aws iam create-access-key --user-name svc-tick-archive\n" + json.dumps({"AccessKey": {"UserName": "svc-tick-archive", "AccessKeyId": a, "Status": "Active", "SecretAccessKey": s, "CreateDate": iso_ts()}}, indent=4) + "\n```",
        lambda: block(f"[s3-archive]\ntype = s3\nprovider = AWS\naccess_key_id = {a}\nsecret_access_key = {s}\nregion = eu-west-2", "ini"),
        lambda: f"docker run -e AWS_ACCESS_KEY_ID={a} -e AWS_SECRET_ACCESS_KEY={s} registry.internal/ops/recon-worker:{R.randint(1, 3)}.{R.randint(0, 9)}",
    ])()


PAIR_T = {
    "aws": (("aws_access_key_id", "aws_secret_access_key"), pair_aws),
    "contact": (("email_address", "phone_number"), lambda e, p: pick([
        f"their connectivity team:\n> Connectivity & Onboarding\n> {e}\n> {p} (24/5)",
        f"margin call queries go to {e} or {p} before 09:00 CET",
        f"取引所の接続担当: {e} / 電話 {p}"])),
    "slack_app": (("slack_bot_token", "slack_user_token"), lambda b, u: f"md-alerts app config:\n```\nbot token:  {b}\nuser token: {u}   # only for search.messages\n```"),
    "amqp_ip": (("url_credentials", "ipv4_address"), None),
    "fixcfg_ip": (("password", "ipv4_address"), lambda pw, ip: block(f"[SESSION]\nBeginString=FIX.4.4\nSenderCompID={pick(SENDERS)}\nTargetCompID=BRKR_DMA\nSocketConnectHost={ip}\nSocketConnectPort={R.randint(9000, 9999)}\nUsername={pick(SENDERS)}01\nPassword={pw}", "ini")),
    "jwt_ip": (("jwt", "ipv4_address"), lambda j, ip: f"nginx is logging the auth header, look:\n```\n{ip} - - [{R.randint(1, 28):02d}/Mar/2025:{hms(False)} +0000] \"GET /v2/snapshot?sym={pick(QSYMS)} HTTP/1.1\" 200 {R.randint(200, 9000)} \"-\" \"md-client/2.1\" auth=\"Bearer {j}\"\n```"),
    "pem_ip": (("private_key_pem", "ipv4_address"), None),
    "card_email": (("credit_card", "email_address"), lambda c, e: f"receipt for the historical data order was sent to {e}; charged to {c}"),
    "iban_phone": (("iban", "phone_number"), lambda i, p: f"SSI change verified by call-back to {p} (number from the original onboarding pack). New account: {i}"),
    "ssn_email": (("us_ssn", "email_address"), lambda s, e: "onboarding form, US individual:\n" + block(f"tin_type: SSN\ntin: {s}\nnotifications: {e}\nrisk_profile: professional", "yaml")),
    "llm_keys": (("openai_api_key", "anthropic_api_key"), lambda o, a: f"eval harness .env:\n```\nOPENAI_API_KEY={o}\nANTHROPIC_API_KEY={a}\nEVAL_SET=broker-notes-v3\n```"),
    "gha": (("github_classic_pat", "slack_bot_token"), lambda g, sb: f"the Actions log printed the env because of `set -x`:\n```\n+ export GH_TOKEN={g}\n+ export SLACK_BOT_TOKEN={sb}\n+ ./scripts/release-notes.sh\n```"),
    "research_env": (("github_fine_grained_pat", "openai_api_key"), lambda g, o: block(f"GITHUB_TOKEN={g}\nOPENAI_API_KEY={o}\nREPO=tideway-markets/research-notes", "bash")),
    "vendor_login": (("password", "email_address"), lambda pw, e: f"vendor portal login for the reference data downloads: user {e} / pw {pw}"),
}

PAIR_PLAN = ["aws"] * 6 + ["contact"] * 2 + ["slack_app", "amqp_ip", "fixcfg_ip", "jwt_ip", "pem_ip", "card_email", "iban_phone",
                                             "ssn_email", "llm_keys", "gha", "research_env", "vendor_login"]

KINDS = ["anthropic_api_key", "aws_access_key_id", "aws_secret_access_key", "credit_card", "email_address", "github_classic_pat",
         "github_fine_grained_pat", "iban", "ipv4_address", "jwt", "openai_api_key", "password", "phone_number", "private_key_pem",
         "slack_bot_token", "slack_user_token", "url_credentials", "us_ssn"]

GEN = {"anthropic_api_key": v_anthropic, "aws_access_key_id": lambda: v_aws_id(R.random() < 0.2), "aws_secret_access_key": v_aws_secret,
       "credit_card": v_card, "email_address": v_email, "github_classic_pat": v_ghp, "github_fine_grained_pat": v_ghfg, "iban": v_iban,
       "ipv4_address": v_ip, "jwt": v_jwt, "openai_api_key": v_openai, "password": v_password, "phone_number": v_phone,
       "slack_bot_token": v_slack_bot, "slack_user_token": v_slack_user, "us_ssn": lambda: v_ssn(pick(["dash", "dash", "dash", "space"]))}


def make_single(kind, ti):
    if kind == "private_key_pem":
        tmpl, layout = S[kind][ti % len(S[kind])]
        label, lines, ktype = v_pem(["ec", "ed25519", "rsa2048", "openssh", "rsa_pkcs8", "rsa1024"][ti % 6])
        block_txt, value = pem_text(label, lines, layout)
        return tmpl.replace("{PEM}", block_txt).replace("{MIC}", pick(MICS)), [value], f"private_key_pem:{ktype}:{layout}"
    if kind == "url_credentials":
        dsn, _ = S[kind][ti % len(S[kind])]
        pw = v_password(url_safe=True)
        u = dsn.replace("{PW}", pw)
        return pick(URL_WRAPS)(u), [pw], f"url_credentials:t{ti % len(S[kind])}"
    if kind == "iban":
        # MT103 / XML / CSV carry the compact electronic form; prose may group by 4
        v = v_iban(grouped=False if ti % len(S[kind]) in (0, 1, 3) else None)
    else:
        v = GEN[kind]()
    t = S[kind][ti % len(S[kind])]
    return t(v), [v], f"{kind}:t{ti % len(S[kind])}"


def make_pair(name, ti):
    (k1, k2), fn = PAIR_T[name]
    if name == "amqp_ip":
        pw, ip = v_password(url_safe=True), v_ip()
        u = f"amqps://md_pub:{pw}@{ip}:5671/md"
        return pick([f"the feed bridge publishes to `{u}` — that's the broker's public endpoint, not ours", f"BROKER_URL={u}"]), [pw, ip]
    if name == "pem_ip":
        ip = v_ip()
        label, lines, ktype = v_pem(pick(["openssh", "ed25519", "ec"]))
        b, value = pem_text(label, lines, "plain")
        return f"EOD drop: `sftp -i ~/.ssh/ccp_eod -oUser=eoddrop {ip}` with this key:\n```\n{b}\n```", [value, ip]
    v1, v2 = GEN[k1](), GEN[k2]()
    return fn(v1, v2), [v1, v2]


# ==============================================================================================
# validation
# ==============================================================================================
def validate_value(kind, v, text):
    assert v in text, (kind, v)
    if kind == "credit_card":
        d = re.sub(r"[ -]", "", v)
        assert luhn_ok(d) and 13 <= len(d) <= 19
    elif kind == "iban":
        assert iban_ok(v)
    elif kind == "us_ssn":
        a, g, s = re.split(r"[- ]", v)
        assert a not in ("000", "666") and not a.startswith("9") and g != "00" and s != "0000"
    elif kind == "ipv4_address":
        assert ip_public(v)
    elif kind == "jwt":
        h, p, _ = v.split(".")
        for seg in (h, p):
            json.loads(base64.urlsafe_b64decode(seg + "=" * (-len(seg) % 4)))
    elif kind == "private_key_pem":
        raw = base64.b64decode(re.sub(r"\s", "", v), validate=True)
        assert raw[:1] == b"\x30" or raw.startswith(b"openssh-key-v1\x00")
    elif kind == "github_classic_pat":
        body, chk = v[4:34], v[34:]
        assert len(v) == 40 and chk == _b62(zlib.crc32(body.encode()) & 0xFFFFFFFF, 6)
    elif kind == "url_credentials":
        assert re.search(r"://[^:/@\s]*:" + re.escape(v) + "@", text)
    elif kind == "anthropic_api_key":
        assert v.startswith("sk-ant-api03-") and v.endswith("AA") and len(v) == 108
    elif kind == "aws_access_key_id":
        assert re.fullmatch(r"(AKIA|ASIA)[A-Z2-7]{16}", v)
    elif kind == "aws_secret_access_key":
        assert re.fullmatch(r"[A-Za-z0-9/+]{40}", v)


def unlabelled(text, values):
    spans = []
    for v in values:
        for m in re.finditer(re.escape(v), text):
            spans.append((m.start(), m.end()))
    bad = []
    for k, s, e, val in scan(text):
        if not any(s < le and ls < e for ls, le in spans):
            bad.append((k, val))
    return bad


# ==============================================================================================
# main
# ==============================================================================================
def gen_negatives():
    recs = []
    seen = set()
    stats = {}
    for cat, tmpls in NEG_CATS:
        got, i, rejected = 0, 0, 0
        while got < 100:
            i += 1
            assert i < 50000, cat
            fn = tmpls[i % len(tmpls)]
            text = decorate(fn())
            if text in seen:
                continue
            if scan(text):
                rejected += 1
                continue
            seen.add(text)
            recs.append({"text": text, "category": cat, "_t": fn.__name__})
            got += 1
        stats[cat] = rejected
    R.shuffle(recs)
    for n, r in enumerate(recs, 1):
        r["id"] = f"h34n-{n:04d}"
    return recs, stats


def gen_positives():
    rr = [KINDS[i % len(KINDS)] for i in range(170)]
    counts = {k: rr.count(k) for k in KINDS}
    for name in PAIR_PLAN:
        for k in PAIR_T[name][0]:
            counts[k] -= 1
    plan = [("pair", name) for name in PAIR_PLAN]
    for k in KINDS:
        assert counts[k] >= 0
        plan += [("single", k)] * counts[k]
    R.shuffle(plan)
    ti = {}
    recs, seen, redraws = [], set(), 0
    for typ, what in plan:
        for attempt in range(500):
            n = ti.get(what, 0)
            ti[what] = n + 1
            if typ == "single":
                text, values, ctx = make_single(what, n)
                kinds = [what]
            else:
                text, values = make_pair(what, n)
                kinds = list(PAIR_T[what][0])
                ctx = f"multi:{what}:{n}"
            text = decorate(text, 0.08, 0.04)
            if text in seen or unlabelled(text, values):
                redraws += 1
                continue
            for k, v in zip(kinds, values):
                validate_value(k, v, text)
            seen.add(text)
            recs.append({"text": text, "secrets": [{"kind": k, "value": v} for k, v in zip(kinds, values)], "context": ctx})
            break
        else:
            raise SystemExit(f"could not draw {what}")
    for n, r in enumerate(recs, 1):
        r["id"] = f"h34p-{n:04d}"
    return recs, redraws


def main():
    neg, nstats = gen_negatives()
    pos, predraws = gen_positives()
    with open(os.path.join(HERE, "redaction34_negatives.jsonl"), "w", encoding="utf-8", newline="\n") as f:
        for r in neg:
            f.write(json.dumps({"id": r["id"], "text": r["text"], "category": r["category"]}, ensure_ascii=False) + "\n")
    with open(os.path.join(HERE, "redaction34_positives.jsonl"), "w", encoding="utf-8", newline="\n") as f:
        for r in pos:
            f.write(json.dumps({"id": r["id"], "text": r["text"], "secrets": r["secrets"], "context": r["context"]}, ensure_ascii=False) + "\n")
    # report
    print(f"negatives: {len(neg)}  (scanner redraws per category: {nstats})")
    kc = {}
    for r in pos:
        for s in r["secrets"]:
            kc[s["kind"]] = kc.get(s["kind"], 0) + 1
    print(f"positives: {len(pos)} texts, {sum(kc.values())} secrets, {sum(1 for r in pos if len(r['secrets']) == 2)} with two; redraws {predraws}")
    print("kinds:", kc)
    for cat, _ in NEG_CATS:
        rs_ = [r for r in neg if r["category"] == cat]
        ln = [r["text"].count("\n") + 1 for r in rs_]
        tm = {}
        for r in rs_:
            tm[r["_t"]] = tm.get(r["_t"], 0) + 1
        print(f"{cat}: n={len(rs_)} templates_used={len(tm)} lines {min(ln)}/{max(ln)} single-line={sum(1 for x in ln if x == 1)} >=10={sum(1 for x in ln if x >= 10)}")
    # final re-scan of everything written
    assert all(not scan(r["text"]) for r in neg)
    assert len({r["text"] for r in neg}) == 600 and len({r["text"] for r in pos}) == 150
    exc = {}
    for r in neg:
        for e in ("AKIAIOSFODNN7EXAMPLE", "4242", "DE89370400440532013000", "GB82WEST12345698765432", "GB82 WEST", "EXAMPLEKEY"):
            if e in r["text"]:
                exc.setdefault(e, []).append(r["id"])
    print("documented exceptions present in negatives:", {k: len(v) for k, v in exc.items()})
    if "--report" in os.sys.argv:
        report(neg, pos)
    for a in os.sys.argv[1:]:
        for r in neg + pos:
            if r["id"] == a or (a.startswith("ctx=") and r.get("context", "").startswith(a[4:])):
                print("=====", r["id"], r.get("category", r.get("context")), r.get("secrets", ""))
                print(r["text"])


def report(neg, pos):
    def ids(pred):
        return [r["id"] for r in neg if pred(r["text"])]
    print("AKIAIOSFODNN7EXAMPLE:", ids(lambda t: "AKIAIOSFODNN7EXAMPLE" in t))
    print("stripe test card:", ids(lambda t: "4242 4242 4242 4242" in t or "4242424242424242" in t))
    print("textbook IBANs:", ids(lambda t: "DE89370400440532013000" in t or "GB82WEST12345698765432" in t or "GB82 WEST" in t))
    print("multicast 239.x:", len(ids(lambda t: re.search(r"\b239\.\d+\.\d+\.\d+", t))))
    print("RFC5737 doc IPs:", len(ids(lambda t: re.search(r"\b(192\.0\.2|198\.51\.100|203\.0\.113)\.\d+", t))))
    print("13-19 digit non-Luhn runs:", len(ids(lambda t: re.search(r"(?<!\d)\d{13,19}(?!\d)", t))))
    print("9-digit plain runs:", len(ids(lambda t: re.search(r"(?<![\d.,-])\d{9}(?![\d.,])", t))))
    print("user:pass@ defaults/templates:", ids(lambda t: re.search(r"://[^\s/:@]*:[^\s/@]+@", t)))
    print("with lead-in:", sum(1 for r in neg if any(r["text"].startswith(l) for l in LEADINS)),
          "with trailer:", sum(1 for r in neg if any(r["text"].endswith(x) for x in TRAILERS)))
    scripts = {"Japanese": r"[\u3040-\u30ff]", "Chinese (Han)": r"[\u4e00-\u9fff]", "Korean": r"[\uac00-\ud7af]",
               "Cyrillic": r"[\u0400-\u04ff]", "Devanagari": r"[\u0900-\u097f]", "Arabic": r"[\u0600-\u06ff]"}
    for k, rx in scripts.items():
        print(f"  negatives with {k}:", sum(1 for r in neg if re.search(rx, r["text"])), " positives:", sum(1 for r in pos if re.search(rx, r["text"])))
    ln = [r["text"].count("\n") + 1 for r in neg]
    print("neg lines: single", sum(1 for x in ln if x == 1), ">=10", sum(1 for x in ln if x >= 10), ">=20", sum(1 for x in ln if x >= 20), "max", max(ln))
    ctx = {}
    for r in pos:
        c = r["context"].split(":")[0] if not r["context"].startswith("private_key_pem") else ":".join(r["context"].split(":")[:2])
        c = r["context"].rsplit(":", 1)[0] if r["context"].startswith("multi") else c
        ctx[c] = ctx.get(c, 0) + 1
    print("positive contexts:", ctx)
    print("grouped ibans:", sum(1 for r in pos for x in r["secrets"] if x["kind"] == "iban" and " " in x["value"]))
    print("card styles:", [("dash" if "-" in x["value"] else "space" if " " in x["value"] else "plain") for r in pos for x in r["secrets"] if x["kind"] == "credit_card"])
    print("phones:", [x["value"] for r in pos for x in r["secrets"] if x["kind"] == "phone_number"])
    print("ssn:", [x["value"] for r in pos for x in r["secrets"] if x["kind"] == "us_ssn"])
    print("openai prefixes:", [x["value"][:8] for r in pos for x in r["secrets"] if x["kind"] == "openai_api_key"])
    print("aws ids:", [x["value"][:4] for r in pos for x in r["secrets"] if x["kind"] == "aws_access_key_id"])
    print("pem ctx:", [r["context"] for r in pos if "private_key_pem" in [x["kind"] for x in r["secrets"]]])
    print("pos lines max:", max(r["text"].count("\n") + 1 for r in pos), "single-line:", sum(1 for r in pos if "\n" not in r["text"]))


if __name__ == "__main__":
    main()
