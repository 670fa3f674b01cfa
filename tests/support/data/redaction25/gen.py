#!/usr/bin/env python3
"""Held-out redaction corpus #25 (blind).

Theme: a European legal, accounting and back-office team's Slack.
Writes redaction25_negatives.jsonl (600) and redaction25_positives.jsonl (150)
next to this file. Standard library only, deterministic: random.Random(2525).
"""
import base64
import datetime
import hashlib
import io
import json
import os
import re
import random
import struct
import zipfile
import zlib
from collections import Counter

R = random.Random(2525)
HERE = os.path.dirname(os.path.abspath(__file__))
N = 25

UP = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
LO = UP.lower()
DIG = "0123456789"
AL = UP + LO + DIG
B62 = DIG + UP + LO
CROCK = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"

LANG_USE = Counter()     # language tags of emitted negatives (filled by templates)
_CUR = []


def L(lang):
    """Record the language of the text being built and return it."""
    _CUR.append(lang)
    return lang


def ch(seq):
    return R.choice(seq)


def dg(n):
    return "".join(R.choice(DIG) for _ in range(n))


def dg1(n):
    return R.choice("123456789") + dg(n - 1)


def rs(n, alpha=AL):
    return "".join(R.choice(alpha) for _ in range(n))


def hx(n, upper=False):
    s = "".join(R.choice("0123456789abcdef") for _ in range(n))
    return s.upper() if upper else s


def rb(n):
    return bytes(R.getrandbits(8) for _ in range(n))


def b64(b):
    return base64.b64encode(b).decode()


def b64u(b):
    return base64.urlsafe_b64encode(b).decode().rstrip("=")


def wrap(s, n):
    return [s[i:i + n] for i in range(0, len(s), n)]


def uuid4():
    b = bytearray(rb(16))
    b[6] = (b[6] & 0x0F) | 0x40
    b[8] = (b[8] & 0x3F) | 0x80
    h = b.hex()
    return f"{h[:8]}-{h[8:12]}-{h[12:16]}-{h[16:20]}-{h[20:]}"


def ulid():
    return R.choice("01") + rs(25, CROCK)


def rdate(a=(2023, 1, 1), b=(2026, 6, 30)):
    d0 = datetime.date(*a).toordinal()
    d1 = datetime.date(*b).toordinal()
    return datetime.date.fromordinal(R.randint(d0, d1))


def rdt():
    d = rdate()
    return datetime.datetime(d.year, d.month, d.day, R.randint(0, 23), R.randint(0, 59), R.randint(0, 59))


def iso(dt, ms=True):
    s = dt.strftime("%Y-%m-%dT%H:%M:%S")
    if ms:
        s += ".%03d" % R.randint(0, 999)
    return s + "Z"


def epoch(dt):
    return int((dt - datetime.datetime(1970, 1, 1)).total_seconds())


def money(lang, lo=10, hi=250000):
    v = R.randint(lo * 100, hi * 100)
    e, c = divmod(v, 100)
    s = f"{e:,}"
    if lang in ("en",):
        return "€" + s + f".{c:02d}"
    if lang in ("de", "nl", "it", "es", "pt", "el", "ro", "da", "hr", "sl"):
        return s.replace(",", ".") + f",{c:02d} " + ("kr." if lang == "da" else "€")
    if lang in ("fr",):
        return s.replace(",", "\u202f") + f",{c:02d} €"
    if lang == "pl":
        return s.replace(",", " ") + f",{c:02d} zł"
    if lang == "sv":
        return s.replace(",", " ") + f",{c:02d} kr"
    if lang == "cs":
        return s.replace(",", " ") + f",{c:02d} Kč"
    if lang == "hu":
        return s.replace(",", " ") + " Ft"
    if lang == "bg":
        return s.replace(",", " ") + f",{c:02d} лв."
    return s.replace(",", " ") + f",{c:02d} €"


# --------------------------------------------------------------------------- checksums

def luhn_ok(num):
    tot = 0
    for i, c in enumerate(reversed(num)):
        d = int(c)
        if i % 2 == 1:
            d *= 2
            if d > 9:
                d -= 9
        tot += d
    return tot % 10 == 0


def luhn_digit(partial):
    for d in DIG:
        if luhn_ok(partial + d):
            return d
    raise AssertionError


def alnum_to_int_str(s):
    return "".join(str(int(c, 36)) for c in s)


def mod97(s):
    return int(alnum_to_int_str(s)) % 97


IBAN_LEN = {"AD": 24, "AE": 23, "AL": 28, "AT": 20, "AZ": 28, "BA": 20, "BE": 16, "BG": 22, "BH": 22, "BR": 29,
            "CH": 21, "CR": 22, "CY": 28, "CZ": 24, "DE": 22, "DK": 18, "DO": 28, "EE": 20, "EG": 29, "ES": 24,
            "FI": 18, "FO": 18, "FR": 27, "GB": 22, "GE": 22, "GI": 23, "GL": 18, "GR": 27, "GT": 28, "HR": 21,
            "HU": 28, "IE": 22, "IL": 23, "IS": 26, "IT": 27, "JO": 30, "KW": 30, "KZ": 20, "LB": 28, "LI": 21,
            "LT": 20, "LU": 20, "LV": 21, "MC": 27, "MD": 24, "ME": 22, "MK": 19, "MR": 27, "MT": 31, "MU": 30,
            "NL": 18, "NO": 15, "PK": 24, "PL": 28, "PS": 29, "PT": 25, "QA": 29, "RO": 24, "RS": 22, "SA": 24,
            "SE": 24, "SI": 19, "SK": 24, "SM": 27, "TN": 24, "TR": 26, "UA": 29, "VG": 24, "XK": 20}


def iban_ok(s):
    s = s.replace(" ", "")
    if len(s) < 15 or s[:2] not in IBAN_LEN or not s[2:4].isdigit():
        return False
    return mod97(s[4:] + s[:4]) == 1


def iban_make(cc, bban):
    chk = 98 - mod97(bban + cc + "00")
    return f"{cc}{chk:02d}{bban}"


def rf_make(ref):
    chk = 98 - mod97(ref + "RF00")
    return f"RF{chk:02d}{ref}"


def lei_make():
    base = ch(["5299", "9695", "2138", "8156", "7245", "3912", "8945", "5493"]) + "00" + rs(12, DIG + UP)
    chk = 98 - int(alnum_to_int_str(base + "00")) % 97
    return base + f"{chk:02d}"


def ogm_make():
    base = dg1(10)
    c = int(base) % 97 or 97
    s = base + f"{c:02d}"
    return f"+++{s[:3]}/{s[3:7]}/{s[7:]}+++"


def fi_ref_make():
    base = dg1(R.randint(5, 12))
    w = [7, 3, 1]
    tot = sum(int(c) * w[i % 3] for i, c in enumerate(reversed(base)))
    return base + str((10 - tot % 10) % 10)


def qrr_make():
    base = dg(26)
    tab = [0, 9, 4, 6, 8, 2, 7, 1, 3, 5]
    carry = 0
    for c in base:
        carry = tab[(carry + int(c)) % 10]
    s = base + str((10 - carry) % 10)
    return s[:2] + " " + " ".join(wrap(s[2:], 5))


def creditor_id_make(cc, nat):
    chk = 98 - mod97(nat + cc + "00")
    return f"{cc}{chk:02d}ZZZ{nat}"


def s10_make(cc):
    d = dg(8)
    w = [8, 6, 4, 2, 3, 5, 9, 7]
    c = 11 - sum(int(x) * y for x, y in zip(d, w)) % 11
    c = 0 if c == 10 else 5 if c == 11 else c
    return ch(["RR", "RA", "RD", "RE", "RX"]) + d + str(c) + cc


def isin_make(cc):
    body = cc + rs(9, DIG + UP)
    digits = alnum_to_int_str(body)
    return body + luhn_digit(digits)


def gln_make():
    b = "40" + dg(10)
    tot = sum(int(c) * (3 if i % 2 == 0 else 1) for i, c in enumerate(reversed(b)))
    return b + str((10 - tot % 10) % 10)


def siren_make():
    b = dg1(8)
    return b + luhn_digit(b)


def fr_vat(siren):
    return f"FR{(12 + 3 * (int(siren) % 97)) % 97:02d}{siren}"


def vat_make(cc):
    if cc == "DE":
        return "DE" + dg1(9)
    if cc == "AT":
        return "ATU" + dg(8)
    if cc == "FR":
        return fr_vat(siren_make())
    if cc == "NL":
        return "NL" + dg(9) + "B" + ch(["01", "02", "03"])
    if cc == "BE":
        return "BE0" + dg1(9)
    if cc == "IT":
        return "IT" + dg(11)
    if cc == "ES":
        return "ES" + ch("ABCDEFGHJNPQRSUVW") + dg(8)
    if cc == "PL":
        return "PL" + dg1(10)
    if cc == "SE":
        return "SE" + dg1(10) + "01"
    if cc == "DK":
        return "DK" + dg1(8)
    if cc == "FI":
        return "FI" + dg(8)
    if cc == "CZ":
        return "CZ" + dg1(8)
    if cc == "EL":
        return "EL" + dg(9)
    if cc == "HU":
        return "HU" + dg1(8)
    if cc == "IE":
        return "IE" + dg(7) + ch(UP) + ch(["", "H", "W"])
    if cc == "PT":
        return "PT" + ch("5") + dg(8)
    if cc == "LU":
        return "LU" + dg1(8)
    if cc == "RO":
        return "RO" + dg1(R.randint(6, 9))
    if cc == "BG":
        return "BG" + dg1(9)
    if cc == "EE":
        return "EE10" + dg(7)
    if cc == "SK":
        return "SK20" + dg(8)
    return cc + dg(9)


# --------------------------------------------------------------------------- scanner

EMAIL_RE = re.compile(r"[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}")
TOKEN_RES = [
    ("github_classic", re.compile(r"\bgh[pousr]_[A-Za-z0-9]{30,}")),
    ("github_fine", re.compile(r"github_pat_[A-Za-z0-9_]{30,}")),
    ("slack", re.compile(r"\bxox[abposr]-[0-9]{3,}-")),
    ("openai_like", re.compile(r"\bsk-(?:proj-|svcacct-|admin-|ant-)?[A-Za-z0-9_-]{24,}")),
    ("aws_key_id", re.compile(r"\b(?:AKIA|ASIA|AROA|AIDA)[A-Z2-7]{16}\b")),
    ("jwt", re.compile(r"\beyJ[A-Za-z0-9_-]{5,}\.eyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]{10,}")),
    ("google", re.compile(r"\bAIza[0-9A-Za-z_-]{35}")),
    ("gitlab", re.compile(r"\bglpat-[0-9A-Za-z_-]{20}")),
    ("stripe", re.compile(r"\b[rs]k_live_[0-9A-Za-z]{16,}")),
]
PEM_RE = re.compile(r"-----BEGIN ([A-Z0-9 ]*)PRIVATE KEY-----(.*?)-----END", re.S)
IPV4_RE = re.compile(r"(?<![\d.])(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})(?!\.?\d)")
SSN_RE = re.compile(r"(?<![\d-])(\d{3})[- ](\d{2})[- ](\d{4})(?![\d-])")
DIGRUN_RE = re.compile(r"(?<![\d])\d+(?:[ -]\d+)*(?![\d])")
IBAN_RE = re.compile(r"\b[A-Z]{2}\d{2}(?: ?[A-Z0-9]){10,32}")


def ip_public(a, b, c, d):
    if max(a, b, c, d) > 255:
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
    return True


def ssn_valid(a, g, s):
    return a not in ("000", "666") and not a.startswith("9") and g != "00" and s != "0000"


def scan(text):
    """Return a list of (kind, match) that would make a negative unsafe."""
    hits = []
    for m in EMAIL_RE.finditer(text):
        hits.append(("email", m.group()))
    for name, rx in TOKEN_RES:
        for m in rx.finditer(text):
            body = m.group().split("_")[-1].split("-")[-1]
            if "EXAMPLE" in m.group() or len(set(body)) <= 1:
                continue
            hits.append((name, m.group()))
    for m in PEM_RE.finditer(text):
        body = re.sub(r"[^A-Za-z0-9+/=]", "", m.group(2))
        if len(body) >= 40:
            hits.append(("pem_private", body[:20]))
    for m in IPV4_RE.finditer(text):
        parts = [int(x) for x in m.groups()]
        if ip_public(*parts):
            hits.append(("public_ipv4", m.group()))
    for m in SSN_RE.finditer(text):
        sep_dash = "-" in m.group()
        if sep_dash or ssn_valid(*m.groups()):
            hits.append(("ssn_shape", m.group()))
    for m in DIGRUN_RE.finditer(text):
        groups = re.split(r"[ -]", m.group())
        for i in range(len(groups)):
            tot = 0
            for j in range(i, len(groups)):
                tot += len(groups[j])
                if tot > 19:
                    break
                if tot >= 13:
                    num = "".join(groups[i:j + 1])
                    if luhn_ok(num):
                        hits.append(("luhn", num))
    for m in IBAN_RE.finditer(text):
        compact = m.group().replace(" ", "")
        for k in range(15, min(len(compact), 34) + 1):
            if iban_ok(compact[:k]):
                hits.append(("iban", compact[:k]))
                break
    return hits


def clean(fn, tries=200):
    """Redraw one generated row until the scanner finds nothing in it."""
    for _ in range(tries):
        x = fn()
        if not scan(x):
            return x
    raise RuntimeError("could not draw a clean row")


# --------------------------------------------------------------------------- binary builders

def png_bytes(w, h, palette=None):
    def chunk(t, data):
        return struct.pack(">I", len(data)) + t + data + struct.pack(">I", zlib.crc32(t + data) & 0xFFFFFFFF)
    palette = palette or [tuple(R.randint(0, 255) for _ in range(3)) for _ in range(3)]
    raw = b""
    for y in range(h):
        raw += b"\x00"
        for x in range(w):
            raw += bytes(palette[(x // 3 + y // 2 + (x * y) % 2) % len(palette)])
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b""))


def pdf_bytes(line):
    content = f"BT /F1 11 Tf 56 780 Td ({line}) Tj ET".encode()
    objs = [b"<< /Type /Catalog /Pages 2 0 R >>",
            b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
            b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>",
            b"<< /Length " + str(len(content)).encode() + b" >>\nstream\n" + content + b"\nendstream",
            b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>"]
    out = b"%PDF-1.7\n%\xe2\xe3\xcf\xd3\n"
    offs = []
    for i, o in enumerate(objs, 1):
        offs.append(len(out))
        out += f"{i} 0 obj\n".encode() + o + b"\nendobj\n"
    xref = len(out)
    out += f"xref\n0 {len(objs) + 1}\n0000000000 65535 f \n".encode()
    for o in offs:
        out += f"{o:010d} 00000 n \n".encode()
    out += f"trailer\n<< /Size {len(objs) + 1} /Root 1 0 R >>\nstartxref\n{xref}\n%%EOF\n".encode()
    return out


def jpeg_bytes(n=90):
    return (b"\xff\xd8\xff\xe0\x00\x10JFIF\x00\x01\x01\x00\x00\x48\x00\x48\x00\x00"
            b"\xff\xdb\x00\x43\x00" + rb(64) + b"\xff\xc0\x00\x11\x08\x00\x10\x00\x10\x03\x01\x22\x00\x02\x11\x01\x03\x11\x01"
            + b"\xff\xda\x00\x0c\x03\x01\x00\x02\x11\x03\x11\x00\x3f\x00" + rb(n) + b"\xff\xd9")


GIF1 = base64.b64decode("R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==")


def woff2_bytes(n=120):
    return b"wOF2" + b"\x00\x01\x00\x00" + struct.pack(">I", n + 48) + b"\x00\x0c\x00\x00" + rb(n)


def ttf_bytes(n=90):
    return b"\x00\x01\x00\x00\x00\x0c\x00\x80\x00\x03\x00\x40OS/2" + rb(n)


def zip_bytes(files):
    bio = io.BytesIO()
    with zipfile.ZipFile(bio, "w", zipfile.ZIP_DEFLATED) as z:
        for name, data in files:
            zi = zipfile.ZipInfo(name, date_time=(2025, 1, 1, 0, 0, 0))
            zi.compress_type = zipfile.ZIP_DEFLATED
            z.writestr(zi, data)
    return bio.getvalue()


def svg_text(w=120, h=40, label="ACME"):
    col = "#%06x" % R.getrandbits(24)
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}">'
            f'<rect width="{w}" height="{h}" rx="4" fill="{col}"/><text x="8" y="26" font-size="16" fill="#fff">{label}</text></svg>')


def trunc(s, keep=None):
    keep = keep or R.randint(40, 90)
    style = R.randint(0, 3)
    if style == 0 or len(s) <= keep + 10:
        return s
    if style == 1:
        return s[:keep] + "…"
    if style == 2:
        return s[:keep] + "..."
    return s[:keep] + f"[{len(s) - keep} more chars]"


# --------------------------------------------------------------------------- vocab

LANGS = ["en", "de", "fr", "nl", "it", "es", "pt", "pl", "sv", "da", "fi", "cs", "el", "bg", "hu", "ro", "et"]

COMPANIES = {
    "en": ["Thames Freight Ltd", "Liffey Analytics DAC", "Severn Components Ltd"],
    "de": ["Nordlicht Logistik GmbH", "Alpenblick Immobilien AG", "Hanse Papierwerke GmbH & Co. KG", "Rheinauen Bau GmbH"],
    "fr": ["Rhône Emballages SAS", "Atelier Garonne SARL", "Brasserie des Vosges SA"],
    "nl": ["Polder Logistiek B.V.", "Grachten Vastgoed N.V.", "Zeeland Zuivel B.V."],
    "it": ["Vesuvio Tessuti S.r.l.", "Officine Adriatiche S.p.A.", "Laguna Vetri S.r.l."],
    "es": ["Iberia Envases S.L.", "Cantábrico Renovables S.A.", "Meseta Agro S.L."],
    "pt": ["Tejo Cerâmicas Lda.", "Douro Vinhos S.A."],
    "pl": ["Wisła Meble Sp. z o.o.", "Bałtyk Transport S.A."],
    "sv": ["Fjällvind Bygg AB", "Skärgårds Media AB"],
    "da": ["Øresund Shipping ApS", "Limfjord Fødevarer A/S"],
    "fi": ["Kalevala Puutuote Oy", "Saimaa Logistiikka Oy"],
    "cs": ["Vltava Strojírny s.r.o.", "Krkonoše Dřevo a.s."],
    "el": ["Αιγαίο Τρόφιμα Α.Ε.", "Όλυμπος Κατασκευές Ι.Κ.Ε."],
    "bg": ["Балкан Транс ЕООД", "Витоша Софт АД"],
    "hu": ["Duna Papír Kft.", "Balaton Borászat Zrt."],
    "ro": ["Carpați Logistic S.R.L.", "Dunărea Agro S.A."],
    "et": ["Peipsi Puit OÜ", "Läänemere Tarkvara AS"],
}
CC_OF = {"en": "IE", "de": "DE", "fr": "FR", "nl": "NL", "it": "IT", "es": "ES", "pt": "PT", "pl": "PL", "sv": "SE",
         "da": "DK", "fi": "FI", "cs": "CZ", "el": "EL", "bg": "BG", "hu": "HU", "ro": "RO", "et": "EE"}

LEADIN = {
    "en": ["fyi", "FYI:", "quick one —", "heads-up:", "for the record:"],
    "de": ["Zur Info:", "kurz:", "FYI –", "Hinweis:"],
    "fr": ["Pour info :", "Petit point :", "À noter :"],
    "nl": ["Ter info:", "Even ter check:"],
    "it": ["Per info:", "Nota:"],
    "es": ["Para que lo sepáis:", "Ojo:"],
    "pt": ["Para info:", "Nota:"],
    "pl": ["Dla info:", "Uwaga:"],
    "sv": ["För kännedom:", "Obs:"],
    "da": ["Til orientering:"],
    "fi": ["Tiedoksi:"],
    "cs": ["Pro info:"],
    "el": ["Για ενημέρωση:"],
    "bg": ["За сведение:"],
    "hu": ["Tájékoztatásul:"],
    "ro": ["Spre informare:"],
    "et": ["Teadmiseks:"],
}
TRAILER = {
    "en": ["thx", "ty!", "cc @ap-team", "(no rush)", "🙏"],
    "de": ["danke!", "Gruß aus der Buchhaltung", "cc @fibu"],
    "fr": ["merci !", "cc @compta"],
    "nl": ["dank!", "cc @crediteuren"],
    "it": ["grazie!", "cc @contabilità"],
    "es": ["¡gracias!", "cc @contabilidad"],
    "pt": ["obrigado!"],
    "pl": ["dzięki!"],
    "sv": ["tack!"],
    "da": ["tak!"],
    "fi": ["kiitos!"],
    "cs": ["díky!"],
    "el": ["ευχαριστώ!"],
    "bg": ["благодаря!"],
    "hu": ["köszi!"],
    "ro": ["mulțumesc!"],
    "et": ["aitäh!"],
}


def company(lang):
    return ch(COMPANIES.get(lang, COMPANIES["en"]))


def invno(style=None):
    style = style if style is not None else R.randint(0, 9)
    y = R.randint(2023, 2026)
    return [f"RE-{y}-{dg(5)}", f"FA{y % 100}/{dg(6)}", f"INV-EU-{y}-{dg(7)}", f"{y}/{dg(4)}/FV",
            f"F{y}{dg(6)}", f"FV/{dg(4)}/{R.randint(1, 12):02d}/{y}", f"GS-{y}-{dg(4)}", f"AR{dg(8)}",
            f"{ch(['A', 'B', 'C'])}{y % 100}-{dg(5)}", f"VR-{y}.{dg(5)}"][style]


def contract_no():
    y = R.randint(2019, 2026)
    return ch([f"V-{y}-{dg(4)}", f"CTR/{y}/{dg(3)}", f"Contrat n° {y}-{dg(4)}", f"RV-{dg(6)}", f"K{y}-{dg(3)}-{ch(UP)}{ch(UP)}"])


def mandate_ref():
    y = R.randint(2018, 2026)
    return ch([f"MNDT-{y}-{dg(6)}", f"UMR{y}{dg(8)}", f"SEPA-{ch(UP)}{ch(UP)}{ch(UP)}-{dg(7)}",
               f"M{dg(4)}/{y}/{dg(5)}", f"KD{dg(6)}-LS{R.randint(1, 9)}"])


def private_ip():
    return ch([f"10.{R.randint(0, 255)}.{R.randint(0, 255)}.{R.randint(1, 254)}",
               f"172.{R.randint(16, 31)}.{R.randint(0, 255)}.{R.randint(1, 254)}",
               f"192.168.{R.randint(0, 255)}.{R.randint(1, 254)}",
               f"192.0.2.{R.randint(1, 254)}", f"198.51.100.{R.randint(1, 254)}", f"203.0.113.{R.randint(1, 254)}"])


# =========================================================================== NEGATIVES
# --------------------------------------------------------------------------- non_credential_blob

def nb_sha256sum():
    lang = L(ch(["de", "en", "fr", "nl"]))
    y, m = R.randint(2023, 2026), R.randint(1, 12)
    names = {"de": [f"EXTF_Buchungsstapel_{y}-{m:02d}_{i}.csv" for i in range(1, 6)] + [f"EXTF_Debitoren_{y}{m:02d}.csv", f"GoBD_Export_{y}.zip"],
             "en": [f"gl_export_{y}{m:02d}_part{i}.csv" for i in range(1, 6)] + [f"trial_balance_{y}-{m:02d}.xlsx", f"ap_aging_{y}{m:02d}.csv"],
             "fr": [f"FEC_{dg1(9)}FEC{y}1231.txt", f"grand_livre_{y}-{m:02d}.csv", f"balance_{y}{m:02d}.csv"],
             "nl": [f"grootboek_{y}_{m:02d}.csv", f"auditfile_{y}.xaf", f"btw_aangifte_{y}Q{R.randint(1, 4)}.xml"]}[lang]
    rows = [f"{hx(64)}  {ch(['exports/', './', ''])}{n}" for n in R.sample(names, R.randint(2, min(5, len(names))))]
    intro = {"de": "Prüfsummen für die Übergabe an den Steuerberater:", "en": "checksums for the auditor handover:",
             "fr": "empreintes SHA-256 des fichiers transmis au CAC :", "nl": "hashes van de bestanden voor de accountant:"}[lang]
    return f"{intro}\n```\n$ sha256sum {ch(['*.csv', 'exports/*', '-b *'])}\n" + "\n".join(rows) + "\n```"


def nb_ubl_signature():
    L("xml")
    inv = invno()
    return (f"Signature block from the XRechnung we got back from the validator (public part, it's on every copy):\n```xml\n"
            f"<cbc:ID>{inv}</cbc:ID>\n<cbc:UUID>{uuid4()}</cbc:UUID>\n<ds:Reference URI=\"\">\n"
            f"  <ds:DigestMethod Algorithm=\"http://www.w3.org/2001/04/xmlenc#sha256\"/>\n"
            f"  <ds:DigestValue>{b64(rb(32))}</ds:DigestValue>\n</ds:Reference>\n"
            f"<ds:SignatureValue>\n" + "\n".join(wrap(b64(rb(256)), 76)) + "\n</ds:SignatureValue>\n"
            f"<xades:CertDigest><ds:DigestValue>{b64(rb(32))}</ds:DigestValue></xades:CertDigest>\n"
            f"<xades:IssuerSerial><ds:X509SerialNumber>{int.from_bytes(rb(16), 'big')}</ds:X509SerialNumber></xades:IssuerSerial>\n```")


def nb_peppol_sbdh():
    L("xml")
    return (f"```xml\n<StandardBusinessDocumentHeader>\n  <HeaderVersion>1.0</HeaderVersion>\n"
            f"  <Sender><Identifier Authority=\"iso6523-actorid-upis\">0088:{gln_make()}</Identifier></Sender>\n"
            f"  <Receiver><Identifier Authority=\"iso6523-actorid-upis\">9930:{vat_make('DE')}</Identifier></Receiver>\n"
            f"  <DocumentIdentification>\n    <Standard>urn:oasis:names:specification:ubl:schema:xsd:Invoice-2</Standard>\n"
            f"    <TypeVersion>2.1</TypeVersion>\n    <InstanceIdentifier>{uuid4()}</InstanceIdentifier>\n"
            f"    <Type>Invoice</Type>\n    <CreationDateAndTime>{iso(rdt(), False)}</CreationDateAndTime>\n  </DocumentIdentification>\n"
            f"</StandardBusinessDocumentHeader>\n```\nAS4 MessageId was `urn:uuid:{uuid4()}`, receipt ref `{uuid4()}`. The AP says it never arrived 🤷")


def nb_gitlog():
    lang = L(ch(["en", "de", "fr"]))
    msgs = ["fix rounding in VAT summary (BR-CO-15)", "DATEV EXTF header v700 -> v700 category 21", "add KSeF session refresh",
            "camt.053 parser: handle AddtlNtryInf", "bump KoSIT validator to 1.5.0", "pain.001.001.09 for instant payments",
            "FEC export: pad JournalCode", "skip credit notes in dunning run", "Peppol BIS 3.0.17 rules", "SAF-T PT hash chain fix",
            "ZUGFeRD 2.3 profile EXTENDED", "payroll batch: split per cost centre", "Verifactu huella: include previous hash"]
    rows = [f"{hx(R.choice([7, 8, 10]))} {m}" for m in R.sample(msgs, R.randint(3, 7))]
    intro = {"en": "what went into the ledger-tools release:", "de": "Änderungen im fibu-tools Release:", "fr": "contenu de la release compta-tools :"}[lang]
    return intro + "\n```\n$ git log --oneline v" + f"{R.randint(1, 4)}.{R.randint(0, 20)}.0..HEAD\n" + "\n".join(rows) + "\n```"


def nb_public_cert():
    lang = L(ch(["en", "de", "fr", "nl"]))
    body = "\n".join(wrap(b64(b"\x30\x82\x03" + rb(R.randint(300, 520))), 64))
    intro = {"en": "Public cert of the Peppol AP (SMP lookup), for the allow-list. Not a key, it's public:",
             "de": "Öffentliches Bankzertifikat (EBICS X002) zum Abgleich mit dem Ini-Brief:",
             "fr": "Certificat public de la banque (EBICS E002), à comparer avec la lettre INI :",
             "nl": "Publiek certificaat van de bank voor de EBICS-koppeling:"}[lang]
    return f"{intro}\n```\n-----BEGIN CERTIFICATE-----\n{body}\n-----END CERTIFICATE-----\n```"


def nb_ebics_hash():
    lang = L(ch(["de", "fr", "de"]))
    def hrow():
        h = hx(64, True)
        pairs = wrap(h, 2)
        return " ".join(pairs[:16]) + "\n" + " ".join(pairs[16:])
    if lang == "de":
        return ("INI-Brief Abgleich – Hashwerte der öffentlichen Schlüssel (SHA-256):\n"
                f"Signaturschlüssel A006:\n{hrow()}\nAuthentifikationsschlüssel X002:\n{hrow()}\n"
                f"Verschlüsselungsschlüssel E002:\n{hrow()}\nPasst zu dem, was die Bank am Telefon vorgelesen hat ✅")
    return ("Lettre INI / HIA – empreintes des clés publiques (SHA-256) :\n"
            f"A006 :\n{hrow()}\nX002 :\n{hrow()}\nE002 :\n{hrow()}\nÀ signer par le représentant légal avant envoi à la banque.")


def nb_ksef():
    lang = L(ch(["pl", "en"]))
    rows = [clean(lambda: f"{dg1(10)}-{rdate():%Y%m%d}-{hx(12, True)}-{hx(2, True)}") for _ in range(R.randint(3, 8))]
    if lang == "pl":
        head = "Numery KSeF faktur, które wróciły z błędem 440 (duplikat):"
    else:
        head = "KSeF reference numbers of the invoices rejected with 440 (duplicate):"
    return head + "\n" + "\n".join("- " + r for r in rows)


def nb_sdi():
    L("it")
    piva = dg(11)
    rows = [f"IT{piva}_{rs(5, DIG + UP)}.xml.p7m  IdentificativoSdI={dg1(9)}  Hash={hx(64)}" for _ in range(R.randint(2, 5))]
    return "Ricevute di consegna SDI di stamattina:\n```\n" + "\n".join(rows) + "\n```\nTutte con esito RC, nessuno scarto."


def nb_saft_pt():
    L("pt")
    atcud = f"{rs(8, DIG + UP)}-{R.randint(1, 9999)}"
    h = b64(rb(128))
    return (f"Assinatura da fatura FT {R.randint(2023, 2026)}A/{R.randint(1, 9999)} (campo Hash do SAF-T, vai impresso de forma resumida):\n"
            f"```\nATCUD: {atcud}\nHash: {h}\nHashControl: 1\nExtrato impresso: {h[0]}{h[10]}{h[20]}{h[30]}-Processado por programa certificado n.º {R.randint(1000, 3000)}/AT\n```")


def nb_tbai():
    L("es")
    nif = ch("ABCDEFGHJ") + dg(8)
    d = rdate()
    tbai = f"TBAI-{nif}-{d:%d%m%y}-{rs(13, AL)}-{dg(3)}"
    return (f"Identificador TicketBAI de la factura rechazada: `{tbai}`\n"
            f"Huella Verifactu (SHA-256) del registro anterior: `{hx(64, True)}`\n"
            f"Y la del registro actual: `{hx(64, True)}`. La cadena está bien, el fallo es del XSD.")


def nb_nav_hu():
    L("hu")
    return (f"NAV Online Számla – tranzakció azonosító: `{rs(16, DIG + UP)}`\nrequestId: `RID{dg(12)}{rs(6, UP)}`\n"
            f"requestSignature (SHA3-512, nem titok, minden kérésnél más): `{hx(128, True)}`\nStátusz: PROCESSING, holnap újra nézem.")


def nb_mydata():
    L("el")
    rows = [f"| {invno(5)} | {dg1(15)} | {hx(40, True)} |" for _ in range(R.randint(3, 6))]
    return ("Παραστατικά που διαβιβάστηκαν στο myDATA σήμερα:\n| Αρ. παραστατικού | MARK | UID |\n|---|---|---|\n" + "\n".join(rows))


def nb_croatia():
    L(ch(["hr", "en"]))
    return (f"Fiskalizacija log (B2C kasa #{R.randint(1, 9)}):\n```\nJIR: {uuid4()}\nZKI: {hx(32)}\nOIB izdavatelja: [{ch(['firma', 'company'])}]\n"
            f"Vrijeme: {rdt():%d.%m.%Y %H:%M:%S}\n```")


def nb_rksv():
    L("de")
    kasse = f"KASSE-{R.randint(1, 20):02d}"
    dt = rdt()
    qr = (f"_R1-AT1_{kasse}_ft{R.randint(100, 99999)}#{dt:%Y-%m-%dT%H:%M:%S}_"
          f"{R.randint(0, 999)},{R.randint(0, 99):02d}_0,00_0,00_0,00_0,00_{b64(rb(8))}_{hx(16)}_{b64(rb(8))}_{b64(rb(64)).rstrip('=')}")
    return f"RKSV-Beleg aus der Filiale, QR-Inhalt zum Nachprüfen mit der BMF-Belegcheck-App:\n```\n{qr}\n```"


def nb_dms_ids():
    lang = L(ch(["en", "de", "nl", "sv"]))
    hdr = {"en": "doc_id,type,folder,etag", "de": "dok_id,art,ordner,etag", "nl": "doc_id,soort,map,etag", "sv": "dok_id,typ,mapp,etag"}[lang]
    types = ["invoice", "credit_note", "contract", "deed", "bank_statement", "payroll_summary", "court_order"]
    rows = [f"{ulid()},{ch(types)},/{R.randint(2023, 2026)}/{ch(['AP', 'AR', 'LEGAL', 'HR-AGG', 'TAX'])},\"{hx(32)}\"" for _ in range(R.randint(4, 30))]
    return "```csv\n" + hdr + "\n" + "\n".join(rows) + "\n```"


def nb_s3_archive():
    L("en")
    rows = []
    for _ in range(R.randint(3, 9)):
        d = rdt()
        rows.append(f"{d:%Y-%m-%d %H:%M:%S} {R.randint(2000, 9000000):>10} archive/{d.year}/{d.month:02d}/{uuid4()}.pdf")
    return ("GoBD archive bucket is WORM, so these never change — listing for the audit file:\n```\n$ aws s3 ls s3://fin-archive-eu/archive/ --recursive | head\n"
            + "\n".join(rows) + "\n```\n" + f"Object lock retention until {R.randint(2033, 2036)}-12-31, ETag of the first one `\"{hx(32)}-{R.randint(2, 9)}\"`.")


def nb_docker():
    L("en")
    svc = ["invoice-parser", "peppol-gateway", "camt-importer", "datev-exporter", "ocr-receipts", "dunning-runner"]
    rows = [f"{ch(svc)}@sha256:{hx(64)}" for _ in range(R.randint(2, 5))]
    return "pinned images for the month-end freeze:\n```\n" + "\n".join(rows) + "\n```"


def nb_pdf_trailer():
    L(ch(["de", "en"]))
    return (f"Factur-X PDF/A-3 trailer of the rejected file:\n```\ntrailer\n<< /Size {R.randint(20, 90)} /Root 1 0 R /Info {R.randint(2, 9)} 0 R\n"
            f"   /ID [<{hx(32, True)}> <{hx(32, True)}>] >>\nstartxref\n{R.randint(10000, 300000)}\n%%EOF\n```\n"
            f"embedded factur-x.xml MD5 {hx(32)}, size {R.randint(4000, 40000)} bytes")


def nb_sepa_ids():
    lang = L(ch(["de", "fr", "nl", "en", "es"]))
    d = rdate()
    msgid = ch([f"MSG{d:%Y%m%d}{dg(6)}", f"PAIN001-{d:%Y%m%d}-{hx(8, True)}", f"{hx(32, True)}"])
    lines = [f"<MsgId>{msgid}</MsgId>", f"<CreDtTm>{d}T{R.randint(6, 18):02d}:{R.randint(0, 59):02d}:00</CreDtTm>",
             f"<NbOfTxs>{R.randint(3, 400)}</NbOfTxs>", f"<PmtInfId>PMT-{d:%Y%m%d}-{R.randint(1, 9)}</PmtInfId>"]
    for _ in range(R.randint(2, 4)):
        lines.append(f"<EndToEndId>{ch(['E2E', 'AP', 'NOTPROVIDED'])}-{hx(R.randint(10, 20), True)}</EndToEndId>")
    lines.append(f"<UETR>{uuid4()}</UETR>")
    intro = {"de": "IDs aus der pain.001, nach denen die Bank fragt:", "fr": "Identifiants du pain.001 demandés par la banque :",
             "nl": "ID's uit de pain.001 waar de bank om vraagt:", "en": "ids from the pain.001 the bank asked for:",
             "es": "Identificadores del pain.001 que pide el banco:"}[lang]
    return intro + "\n```xml\n" + "\n".join(lines) + "\n```"


def nb_b64_text():
    lang = L(ch(["de", "en", "fr", "it"]))
    plain = ch(["Teilzahlung Rechnung laut Vereinbarung", "Partial payment as agreed, remainder next month",
                "Acompte sur facture selon échéancier", "Pagamento parziale come da accordi", "Storno Doppelbuchung Februar",
                "Reminder level 2 generated by dunning run"]) + f" {invno()}"
    enc = b64(plain.encode())
    return (f"webhook payload from the bank API has the remittance info base64'd, decoded it's harmless:\n```json\n"
            f"{{\"event\":\"credit.booked\",\"id\":\"{uuid4()}\",\"amount\":{{\"value\":\"{R.randint(10, 99999)}.{dg(2)}\",\"currency\":\"EUR\"}},"
            f"\"remittance\":\"{enc}\",\"booking_date\":\"{rdate()}\"}}\n```")


def nb_cursor():
    L("en")
    cur = b64(json.dumps({"after": uuid4(), "sort": "issue_date", "dir": "desc"}, separators=(",", ":")).encode()).rstrip("=")
    return (f"pagination on the e-invoicing hub API is weird, `next` looks like this:\n`{cur}`\n"
            f"it's just base64 json, no dots, not a token. request-id `{hx(32)}`")


def nb_payroll_batch():
    lang = L(ch(["de", "en", "nl", "sv", "fi"]))
    d = rdate()
    rows = []
    for i in range(R.randint(3, 6)):
        rows.append(f"PB-{d:%Y-%m}-{i + 1:03d}  {ch(['DE', 'AT', 'NL', 'SE', 'FI', 'PL'])}  file_sha256={hx(64)}  rows={R.randint(3, 400)}")
    head = {"de": "Lohnläufe dieses Monats, Dateien an den Dienstleister übergeben (nur Summen, keine Personendaten):",
            "en": "payroll batches handed to the provider this month (aggregates only):",
            "nl": "salarisbatches van deze maand (alleen totalen):",
            "sv": "lönekörningar den här månaden (bara summor):",
            "fi": "tämän kuun palkka-ajot (vain summat):"}[lang]
    return head + "\n```\n" + "\n".join(rows) + "\n```"


def nb_sri_portal():
    L("en")
    return (f"CSP broke the supplier portal after the vendor update, new hashes:\n```html\n"
            f"<script src=\"/static/portal.{hx(8)}.js\" integrity=\"sha384-{b64(rb(48))}\" crossorigin=\"anonymous\"></script>\n"
            f"<link rel=\"stylesheet\" href=\"/static/portal.{hx(8)}.css\" integrity=\"sha256-{b64(rb(32))}\">\n```\n"
            f"and the header: `Content-Security-Policy: script-src 'self' 'sha256-{b64(rb(32))}'`")


def nb_gpg_fpr():
    lang = L(ch(["en", "de", "nl", "da"]))
    fpr = hx(40, True)
    grp = " ".join(wrap(fpr, 4))
    t = {"en": "Public key for encrypted payment files, as published on the bank's site:",
         "de": "Öffentlicher Schlüssel der Bank für verschlüsselte Zahlungsdateien, Fingerprint laut Website:",
         "nl": "Publieke sleutel van de bank voor versleutelde betaalbestanden:",
         "da": "Bankens offentlige nøgle til krypterede betalingsfiler:"}[lang]
    return f"{t}\n`{grp}`\nkeyid {fpr[-16:]}, created {rdate()}"


def nb_hex_dump():
    L("en")
    rows = []
    off = 0
    data = b"PK\x03\x04" + rb(60)
    for i in range(0, len(data), 16):
        chunk = data[i:i + 16]
        rows.append(f"{off:08x}  " + " ".join(f"{b:02x}" for b in chunk))
        off += 16
    return "the 'corrupt' XLSX from the notary's office starts fine, it's a zip:\n```\n$ xxd -g1 deed_annex.xlsx | head -4\n" + "\n".join(rows[:4]) + "\n```"


def nb_timestamp_token():
    L(ch(["de", "en"]))
    return (f"Qualifizierter Zeitstempel für die eingereichte Urkunde (TSA-Antwort, öffentlich prüfbar):\n```\n"
            f"Hash Algorithm: sha256\nMessage data:\n    " + "\n    ".join(" ".join(wrap(hx(32), 2)) for _ in range(2)) +
            f"\nSerial number: 0x{hx(16, True)}\nTime stamp: {rdt():%b %d %H:%M:%S %Y} GMT\nNonce: 0x{hx(16, True)}\n```")


NB_TEMPLATES = [nb_sha256sum, nb_ubl_signature, nb_peppol_sbdh, nb_gitlog, nb_public_cert, nb_ebics_hash, nb_ksef, nb_sdi,
                nb_saft_pt, nb_tbai, nb_nav_hu, nb_mydata, nb_croatia, nb_rksv, nb_dms_ids, nb_s3_archive, nb_docker,
                nb_pdf_trailer, nb_sepa_ids, nb_b64_text, nb_cursor, nb_payroll_batch, nb_sri_portal, nb_gpg_fpr, nb_hex_dump,
                nb_timestamp_token]


# --------------------------------------------------------------------------- pii_lookalike_number

def np_vies():
    lang = L(ch(["en", "de", "fr", "nl", "it"]))
    ccs = R.sample(["DE", "AT", "FR", "NL", "BE", "IT", "ES", "PL", "SE", "DK", "FI", "CZ", "EL", "HU", "IE", "PT", "LU", "RO", "BG", "EE", "SK"], R.randint(4, 9))
    res = {"en": ["valid", "invalid", "valid", "service unavailable"], "de": ["gültig", "ungültig", "gültig", "MS nicht erreichbar"],
           "fr": ["valide", "invalide", "valide", "service indisponible"], "nl": ["geldig", "ongeldig", "geldig", "dienst niet beschikbaar"],
           "it": ["valida", "non valida", "valida", "servizio non disponibile"]}[lang]
    rows = [f"| {vat_make(c)} | {ch(res)} | {rdate()} |" for c in ccs]
    head = {"en": "| VAT number | VIES | checked |", "de": "| USt-IdNr. | VIES | geprüft |", "fr": "| N° TVA | VIES | vérifié le |",
            "nl": "| btw-nummer | VIES | gecontroleerd |", "it": "| Partita IVA | VIES | verificata |"}[lang]
    return head + "\n|---|---|---|\n" + "\n".join(rows)


def np_registry():
    lang = L(ch(LANGS))
    reg = {
        "de": lambda: f"HRB {dg1(R.randint(4, 6))} {ch(['B', ''])}, Amtsgericht {ch(['Charlottenburg', 'München', 'Hamburg', 'Köln', 'Frankfurt am Main'])}",
        "fr": lambda: f"RCS {ch(['Lyon', 'Paris', 'Nanterre', 'Bordeaux'])} B {' '.join(wrap(siren_make(), 3))}",
        "nl": lambda: f"KvK-nummer {dg1(8)}, vestigingsnummer {dg(12)}",
        "it": lambda: f"REA {ch(['MI', 'RM', 'TO', 'NA'])}-{dg1(7)}, capitale sociale i.v.",
        "es": lambda: f"Registro Mercantil de {ch(['Madrid', 'Barcelona', 'Valencia'])}, Tomo {dg1(5)}, Folio {dg1(3)}, Hoja M-{dg1(6)}",
        "pt": lambda: f"Matrícula na CRC de {ch(['Lisboa', 'Porto'])} e NIPC {ch('5')}{dg(8)}",
        "pl": lambda: f"KRS {'0000' + dg(6)}, REGON {dg1(9)}, NIP {dg1(3)}-{dg(3)}-{dg(2)}-{dg(2)}",
        "sv": lambda: f"Org.nr {dg1(6)}-{dg(4)}, säte {ch(['Stockholm', 'Göteborg', 'Malmö'])}",
        "da": lambda: f"CVR-nr. {dg1(8)}",
        "fi": lambda: f"Y-tunnus {dg1(7)}-{dg(1)}",
        "cs": lambda: f"IČO {dg1(8)}, spisová značka C {dg1(5)} vedená u Městského soudu v Praze",
        "el": lambda: f"Αρ. Γ.Ε.ΜΗ. {dg1(12)}, ΑΦΜ {dg(9)}",
        "bg": lambda: f"ЕИК {dg1(9)}, ДДС № BG{dg1(9)}",
        "hu": lambda: f"Cégjegyzékszám {R.randint(1, 20):02d}-{ch(['09', '10'])}-{dg(6)}, adószám {dg1(8)}-{R.randint(1, 5)}-{R.randint(1, 44):02d}",
        "ro": lambda: f"J{R.randint(1, 52):02d}/{R.randint(100, 99999)}/{R.randint(2000, 2025)}, CUI RO{dg1(8)}",
        "et": lambda: f"Registrikood {dg1(8)}, KMKR EE10{dg(7)}",
        "en": lambda: f"CRO No. {dg1(6)}, registered office Dublin 2",
    }
    intro = {"en": "Registration details for the tender annex:", "de": "Registerangaben fürs Impressum / Rechnungsfuß:",
             "fr": "Mentions légales à reprendre sur les factures :", "nl": "Registratiegegevens voor de factuurvoet:",
             "it": "Dati societari per il piè di pagina:", "es": "Datos registrales para el pie de factura:",
             "pt": "Dados para o rodapé da fatura:", "pl": "Dane rejestrowe do stopki faktury:", "sv": "Registreringsuppgifter för fakturan:",
             "da": "Registreringsoplysninger til fakturaen:", "fi": "Rekisteritiedot laskupohjaan:", "cs": "Údaje do zápatí faktury:",
             "el": "Στοιχεία μητρώου για το υποσέλιδο:", "bg": "Регистрационни данни за фактурата:", "hu": "Cégadatok a számlaláblécre:",
             "ro": "Date de înregistrare pentru factură:", "et": "Registriandmed arve jaluse jaoks:"}[lang]
    return f"{intro}\n{company(lang)}\n{reg[lang]()}"


def np_rf_refs():
    lang = L(ch(["fi", "en", "de", "nl", "et", "sv"]))
    rows = []
    for _ in range(R.randint(2, 6)):
        ref = ch([dg1(R.randint(6, 14)), rs(R.randint(4, 8), UP) + dg(R.randint(3, 8)), fi_ref_make()])
        rf = rf_make(ref)
        rows.append((" ".join(wrap(rf, 4)) if R.random() < 0.6 else rf, invno(), money("de" if lang != "en" else "en")))
    head = {"fi": "Viitteet (RF) avoimille laskuille:", "en": "RF creditor references for the open items:",
            "de": "Strukturierte Gläubigerreferenzen (RF) für die offenen Posten:", "nl": "Gestructureerde referenties (RF) voor de openstaande posten:",
            "et": "RF-viitenumbrid avatud arvetele:", "sv": "RF-referenser för de öppna posterna:"}[lang]
    return head + "\n" + "\n".join(f"- {a} → {b} ({c})" for a, b, c in rows)


def np_ogm():
    lang = L(ch(["nl", "fr"]))
    rows = [f"{ogm_make()}  {invno()}  {money(lang)}" for _ in range(R.randint(1, 4))]
    t = "Gestructureerde mededelingen die de bank niet kon matchen:" if lang == "nl" else "Communications structurées non lettrées :"
    return t + "\n```\n" + "\n".join(rows) + "\n```"


def np_qrr():
    lang = L(ch(["de", "fr", "it"]))
    t = {"de": "QR-Rechnung CH: Referenz", "fr": "QR-facture : référence", "it": "QR-fattura: riferimento"}[lang]
    return f"{t} `{clean(qrr_make)}`, QR-IBAN laut Rechnung (QR-IID 30000–31999), Betrag CHF {R.randint(100, 90000)}.{dg(2)}."


def np_court_cases():
    lang = L(ch(["de", "fr", "nl", "it", "es", "pt", "pl", "cs", "sv", "en", "el"]))
    y = R.randint(20, 26)
    cases = {
        "de": [f"Az. {R.randint(1, 40)} O {R.randint(1, 999)}/{y}", f"{R.randint(1, 30)} U {R.randint(1, 400)}/{y}", f"BGH {ch(['XI', 'VIII', 'II', 'IX'])} ZR {R.randint(1, 400)}/{y}",
               f"HRB {dg1(5)} (Registersache)", f"{R.randint(1, 99)} C {R.randint(1, 9999)}/{y}", f"ArbG {R.randint(1, 60)} Ca {R.randint(100, 9999)}/{y}"],
        "fr": [f"RG n° {y}/{dg(5)}", f"N° Portalis DBVX-V-B7{ch(UP)}-{rs(4, UP)}", f"Pourvoi n° {ch(UP)} {y}-{dg(2)}.{dg(3)}", f"TC Paris, RG {2000 + y}{dg(6)}"],
        "nl": [f"zaaknummer C/{R.randint(1, 16):02d}/{dg(6)} / HA ZA {y}-{dg(3)}", f"ECLI:NL:RBAMS:20{y}:{R.randint(100, 9999)}", f"rolnummer {y}/{dg(4)}"],
        "it": [f"R.G. n. {R.randint(100, 30000)}/20{y}", f"Sent. n. {R.randint(1, 9999)}/20{y}", f"ECLI:IT:CASS:20{y}:{R.randint(1000, 40000)}CIV"],
        "es": [f"Procedimiento ordinario {R.randint(1, 2000)}/20{y}", f"STS {R.randint(100, 5000)}/20{y}", f"ECLI:ES:TS:20{y}:{R.randint(100, 6000)}"],
        "pt": [f"Proc. n.º {R.randint(100, 9999)}/{y}.{dg(1)}T8LSB", f"Proc. {R.randint(10, 999)}/{y}.{dg(1)}YRPRT"],
        "pl": [f"sygn. akt {ch(['I', 'II', 'IX', 'XVI'])} C {R.randint(1, 3000)}/{y}", f"sygn. akt {ch(['V', 'X'])} GC {R.randint(1, 999)}/{y}"],
        "cs": [f"sp. zn. {R.randint(1, 60)} C {R.randint(1, 999)}/20{y}", f"č. j. {R.randint(1, 90)} Cm {R.randint(1, 500)}/20{y}-{R.randint(10, 99)}"],
        "sv": [f"mål nr T {R.randint(1000, 9999)}-{y}", f"Ä {R.randint(100, 9999)}-{y}"],
        "en": [f"Case C-{R.randint(1, 900)}/{y}", f"Case T-{R.randint(1, 900)}/{y}", f"ECLI:EU:C:20{y}:{R.randint(1, 999)}", f"[20{y}] EWHC {R.randint(100, 3000)} (Comm)"],
        "el": [f"Αριθμός κατάθεσης {R.randint(1, 99999)}/20{y}", f"ΑΠ {R.randint(1, 2000)}/20{y}"],
    }[lang]
    intro = {"de": "Fristen diese Woche:", "fr": "Échéances de la semaine :", "nl": "Termijnen deze week:", "it": "Scadenze della settimana:",
             "es": "Plazos de esta semana:", "pt": "Prazos desta semana:", "pl": "Terminy w tym tygodniu:", "cs": "Lhůty tento týden:",
             "sv": "Frister denna vecka:", "en": "Deadlines this week:", "el": "Προθεσμίες αυτής της εβδομάδας:"}[lang]
    sel = R.sample(cases, R.randint(2, len(cases)))
    return intro + "\n" + "\n".join(f"• {c} – {rdate():%d.%m.%Y}" for c in sel)


def np_notary():
    lang = L(ch(["de", "fr", "it", "es", "pl", "nl", "pt", "cs"]))
    y = R.randint(2022, 2026)
    s = {
        "de": f"Beglaubigte Abschrift UR-Nr. {R.randint(1, 3999)}/{y} {ch(['B', 'K', 'M', ''])} ist da, Anmeldung zum Handelsregister geht morgen raus (Eintragung unter HRB {dg1(6)}).",
        "fr": f"L'acte de cession de parts est enregistré : répertoire n° {y}/{dg(4)}, minute {R.randint(1, 999)}, publié au SPF le {rdate():%d/%m/%Y}.",
        "it": f"Atto del notaio: Repertorio n. {R.randint(1000, 99999)}, Raccolta n. {R.randint(100, 30000)}, registrato a {ch(['Milano', 'Roma', 'Torino'])} il {rdate():%d/%m/%Y} al n. {R.randint(100, 99999)} serie 1T.",
        "es": f"Escritura de elevación a público n.º {R.randint(1, 4000)} de protocolo, inscrita en el Registro Mercantil, Tomo {dg1(5)}, Folio {R.randint(1, 220)}, inscripción {R.randint(1, 30)}.ª.",
        "pl": f"Akt notarialny Repertorium A nr {R.randint(1, 9999)}/{y}, wpis do KRS pod numerem 0000{dg(6)}.",
        "nl": f"Akte van oprichting gepasseerd, aktenummer {y}.{dg(4)}, repertorium {R.randint(1, 9999)}, inschrijving KvK {dg1(8)}.",
        "pt": f"Escritura lavrada a fls. {R.randint(1, 150)} do livro {R.randint(1, 500)}-{ch(['A', 'B'])}, certidão permanente código {dg(4)}-{dg(4)}-{dg(4)}.",
        "cs": f"Notářský zápis NZ {R.randint(1, 2000)}/{y}, N {R.randint(1, 2000)}/{y}, zapsáno do obchodního rejstříku C {dg1(6)}.",
    }[lang]
    return s


def np_invoice_table():
    lang = L(ch(["de", "en", "fr", "it", "es", "pl", "nl"]))
    hdr = {"de": "| Rechnung | Datum | Betrag | Fällig |", "en": "| Invoice | Date | Amount | Due |", "fr": "| Facture | Date | Montant | Échéance |",
           "it": "| Fattura | Data | Importo | Scadenza |", "es": "| Factura | Fecha | Importe | Vencimiento |", "pl": "| Faktura | Data | Kwota | Termin |",
           "nl": "| Factuur | Datum | Bedrag | Vervaldatum |"}[lang]
    style = R.randint(0, 9)
    rows = []
    for _ in range(R.randint(3, 12)):
        d = rdate()
        rows.append(f"| {invno(style)} | {d:%d.%m.%Y} | {money(lang)} | {d + datetime.timedelta(days=ch([14, 30, 45, 60])):%d.%m.%Y} |")
    return hdr + "\n|---|---|---:|---|\n" + "\n".join(rows)


def np_mandates():
    lang = L(ch(["de", "fr", "nl", "es", "it", "en"]))
    cc = {"de": "DE", "fr": "FR", "nl": "NL", "es": "ES", "it": "IT", "en": "IE"}[lang]
    nat = {"DE": dg(11), "FR": dg(6), "NL": dg(12), "ES": ch(UP) + dg(8), "IT": dg(11), "IE": dg(6)}[cc]
    ci = creditor_id_make(cc, nat)
    rows = [f"{mandate_ref()};{rdate()};{ch(['CORE', 'B2B'])};{ch(['FRST', 'RCUR', 'OOFF', 'FNAL'])};{R.randint(1, 99999) / 100:.2f}".replace(".", ",") for _ in range(R.randint(3, 9))]
    intro = {"de": f"Gläubiger-ID {ci} – Mandate, die im Lauf am Freitag gezogen werden:", "fr": f"ICS {ci} — mandats du prochain prélèvement :",
             "nl": f"Incassant-ID {ci} – machtigingen voor de volgende batch:", "es": f"Identificador de acreedor {ci} — mandatos de la próxima remesa:",
             "it": f"Codice creditore {ci} – mandati del prossimo addebito:", "en": f"Creditor identifier {ci} — mandates in Friday's collection:"}[lang]
    return intro + "\n```\nmandate_ref;signed;scheme;seq;amount\n" + "\n".join(rows) + "\n```"


def np_datev_csv():
    L("de")
    rows = []
    for _ in range(R.randint(10, 36)):
        amt = f"{R.randint(1, 99999)},{dg(2)}"
        d = rdate()
        rows.append(f"{amt};{ch(['S', 'H'])};EUR;;;;{ch(['1200', '1360', '1576', '1400', '1600', '4400', '8400', '3400'])};"
                    f"{ch(['70000', '70001', '10500', '8400', '4980'])}{R.randint(0, 9)};{ch(['', '9', '19'])};{d:%d%m};{invno(R.randint(0, 9))};;"
                    f"\"{ch(['Eingangsrechnung', 'Ausgangsrechnung', 'Bankgebühren', 'Umbuchung', 'Skonto'])}\"")
    return ("EXTF-Auszug, Spalten wie immer (Umsatz;S/H;WKZ;…;Konto;Gegenkonto;BU;Belegdatum;Belegfeld1;…;Buchungstext):\n```\n"
            f"\"EXTF\";700;21;\"Buchungsstapel\";13;{rdt():%Y%m%d%H%M%S}000;;\"RE\";\"\";\"\";{dg1(5)};{dg1(5)};{R.randint(2023, 2026)}0101;4;;;\"\";\"\";1;0;0;\"EUR\"\n"
            + "\n".join(rows) + "\n```")


def np_payroll_summary():
    lang = L(ch(["de", "en", "fr", "nl", "sv", "pl"]))
    d = rdate()
    b = f"PB-{d:%Y-%m}-{R.randint(1, 12):03d}"
    n = R.randint(12, 900)
    t = {"de": f"Lohnlauf {d:%m/%Y}, Batch {b}: {n} Abrechnungen, Brutto gesamt {money('de', 50000, 4000000)}, AG-Anteil SV {money('de', 9000, 800000)}, Auszahlung am {d:%d.%m.}",
         "en": f"Payroll {d:%B %Y}, batch {b}: {n} payslips, gross {money('en', 50000, 4000000)}, employer social charges {money('en', 9000, 800000)}, pay date {d:%d %b}.",
         "fr": f"Paie {d:%m/%Y}, lot {b} : {n} bulletins, brut total {money('fr', 50000, 4000000)}, charges patronales {money('fr', 9000, 800000)}, DSN déposée (n° de dépôt {dg(12)}).",
         "nl": f"Salarisrun {d:%m-%Y}, batch {b}: {n} stroken, bruto {money('nl', 50000, 4000000)}, loonaangifte-kenmerk {dg(9)}L{R.randint(1, 99):02d}.",
         "sv": f"Lönekörning {d:%Y-%m}, batch {b}: {n} lönespecar, brutto {money('sv', 50000, 4000000)}, AGI inlämnad, kvittens {dg(10)}.",
         "pl": f"Lista płac {d:%m/%Y}, paczka {b}: {n} pasków, brutto {money('pl', 50000, 4000000)}, ZUS DRA nr {dg(2)}{d:%m%Y}."}[lang]
    return t


def np_forms():
    lang = ch(["de", "fr", "es", "it", "pl", "pt", "nl", "at", "sv", "fi", "cs"])
    L("de" if lang == "at" else lang)
    y = R.randint(2023, 2026)
    if lang == "at":
        return f"UVA {R.randint(1, 12):02d}/{y} über FinanzOnline eingereicht (Formular U30), Zahllast {money('de')}, Referenz {dg(3)}-{dg(7)}."
    t = {
        "de": f"Abgabe Umsatzsteuer-Voranmeldung {R.randint(1, 12):02d}/{y} (Formular USt 1 A), Transferticket {rs(3, LO)}{dg(2)} {rs(3, LO)}{dg(2)} {rs(3, LO)}{dg(2)} – Zahllast {money('de')}.",
        "fr": f"Liasse fiscale : formulaires 2065-SD et 2033-A à 2033-G, plus CERFA n°{dg1(5)}*{R.randint(1, 20):02d} ; accusé de réception EDI n° {dg(10)}.",
        "es": f"Presentado el modelo 303 del {R.randint(1, 4)}T {y}, justificante {dg1(13)}, CSV de la AEAT {rs(16, UP + DIG)}; el 390 va en enero.",
        "it": f"F24 pagato: codice tributo {ch(['1040', '6001', '6099', '1001', '3800'])}, anno {y}, protocollo telematico {dg(17)}-{dg(6)}.",
        "pl": f"JPK_V7M za {R.randint(1, 12):02d}/{y} wysłany, numer referencyjny {hx(32)}, UPO pobrane.",
        "pt": f"Declaração periódica do IVA {y}{R.randint(1, 12):02d} submetida, ID {dg(4)}-{dg(4)}-{dg(4)}, SAF-T de faturação com {R.randint(100, 9000)} documentos.",
        "nl": f"Btw-aangifte {ch(['Q1', 'Q2', 'Q3', 'Q4'])} {y} ingediend, betalingskenmerk {dg(4)} {dg(4)} {dg(4)} {dg(4)}, te betalen {money('nl')}.",
        "sv": f"Momsdeklaration för {y}-{R.randint(1, 12):02d} inskickad, OCR {dg1(R.randint(8, 12))}, att betala {money('sv')}.",
        "fi": f"Kausiveroilmoitus {R.randint(1, 12)}/{y} annettu, viitenumero RF{R.randint(10, 99)} {dg(4)} {dg(4)}, maksettava {money('de')}.",
        "cs": f"Kontrolní hlášení DPH za {R.randint(1, 12):02d}/{y} podáno, číslo podání {dg(10)}, variabilní symbol {dg1(10)}.",
    }
    return t[lang]


def np_infra_ips():
    lang = L(ch(["en", "de", "fr"]))
    rows = []
    for name in R.sample(["sftp-bank-out", "ebics-client", "datev-connect", "sap-fi-app01", "peppol-ap-proxy", "dms-webdav", "ocr-worker", "archive-nas"], R.randint(3, 6)):
        rows.append(f"{name:<16} {private_ip():<16} {ch(['22', '443', '3200', '3300', '8443', '5432', '1433', '445', '8080'])}/tcp  {ch(['ok', 'ok', 'timeout', 'ok'])}")
    intro = {"en": "firewall review for the finance VLAN, nothing public here:", "de": "Firewall-Review Finanz-VLAN (alles intern):",
             "fr": "revue firewall du VLAN finance (tout est interne) :"}[lang]
    return intro + "\n```\n" + "\n".join(rows) + "\n```"


def np_timestamps():
    lang = L(ch(["en", "de", "nl", "fr"]))
    dt = rdt()
    rows = [f"{iso(dt + datetime.timedelta(seconds=R.randint(0, 9000)))} camt053 entry={R.randint(1, 500)} bookg={rdate()} valdt={rdate()} ts={epoch(dt) + R.randint(0, 9000)} amt={R.randint(1, 999999) / 100:.2f}"
            for _ in range(R.randint(3, 9))]
    return ("importer log, the 10-digit ones are epoch seconds:\n```\n" if lang == "en" else "Importer-Log:\n```\n") + "\n".join(rows) + "\n```"


def np_peppol_ids():
    L("en")
    ids = [f"0088:{gln_make()}", f"0192:{dg1(9)}", f"0208:0{dg1(9)}", f"9930:{vat_make('DE')}", f"0007:{dg1(10)}",
           f"0106:{dg1(8)}", f"0009:{siren_make()}{dg(5)}", f"9925:{vat_make('BE')}", f"0211:{vat_make('IT')}", f"0037:{dg(8)}",
           f"0184:DK{dg1(8)}", f"0204:{dg(2)}-{dg(10)}-{dg(2)}"]
    sel = R.sample(ids, R.randint(3, 7))
    return "Peppol participant ids to register in the SMP:\n" + "\n".join(f"- `{i}` ({ch(['invoice', 'credit note', 'order', 'invoice response'])})" for i in sel)


def np_lei_isin():
    lang = L(ch(["en", "de", "fr", "it"]))
    rows = [f"{lei_make()}  {isin_make(ch(['DE', 'FR', 'NL', 'IT', 'ES', 'LU', 'IE', 'AT']))}  {R.randint(1, 90000)} pcs" for _ in range(R.randint(2, 6))]
    t = {"en": "EMIR/securities ledger reconciliation (LEI, ISIN, position):", "de": "Wertpapierbestand Abgleich (LEI, ISIN, Stück):",
         "fr": "Rapprochement titres (LEI, ISIN, quantité) :", "it": "Riconciliazione titoli (LEI, ISIN, quantità):"}[lang]
    return t + "\n```\n" + "\n".join(rows) + "\n```"


def np_tracking():
    lang = L(ch(["de", "fr", "it", "es", "nl", "pl"]))
    cc = {"de": "DE", "fr": "FR", "it": "IT", "es": "ES", "nl": "NL", "pl": "PL"}[lang]
    s = s10_make(cc)
    t = {"de": f"Original der Bürgschaftsurkunde per Einschreiben Rückschein an das Gericht, Sendungsnummer {s}.",
         "fr": f"Original de l'acte envoyé en LRAR au greffe, n° de suivi {s}.",
         "it": f"Originale spedito con raccomandata A/R al tribunale, codice {s}.",
         "es": f"Original enviado por burofax certificado, referencia {s}.",
         "nl": f"Origineel aangetekend verstuurd naar de rechtbank, barcode {s}.",
         "pl": f"Oryginał wysłany listem poleconym za potwierdzeniem odbioru, numer nadania {s}."}[lang]
    return t


def np_versions():
    L("en")
    pairs = [("KoSIT validator", f"1.{R.randint(4, 6)}.{R.randint(0, 3)}"), ("XRechnung", f"3.0.{R.randint(0, 2)}"),
             ("Peppol BIS Billing", f"3.0.{R.randint(14, 18)}"), ("EN 16931 schematron", f"1.3.{R.randint(10, 14)}"),
             ("ZUGFeRD", f"2.{R.randint(1, 3)}.{R.randint(0, 2)}"), ("DATEV Rechnungswesen", f"{R.randint(12, 16)}.{R.randint(0, 4)}"),
             ("SAP S/4HANA", f"20{R.randint(21, 25)} FPS0{R.randint(1, 3)}"), ("pain.001", f"001.{ch(['03', '09'])}"),
             ("camt.053", f"001.{ch(['02', '08'])}"), ("UBL", "2.1"), ("Odoo", f"{R.randint(16, 18)}.0+e")]
    sel = R.sample(pairs, R.randint(4, 8))
    return "stack for the e-invoicing rollout:\n" + "\n".join(f"- {a} {b}" for a, b in sel) + f"\nbuild {R.randint(1000, 9999)}, released {rdate()}"


def np_amounts():
    lang = L(ch(["de", "fr", "en", "it", "es", "nl", "pl", "sv", "hu", "cs"]))
    rows = [money(lang, 1000, 90000000) for _ in range(R.randint(3, 6))]
    t = {"de": "Saldenbestätigung, Salden je Gesellschaft:", "fr": "Confirmation de soldes par société :", "en": "intercompany balances to confirm:",
         "it": "Saldi intercompany da confermare:", "es": "Saldos intercompañía a confirmar:", "nl": "Intercompany saldi ter bevestiging:",
         "pl": "Salda do potwierdzenia:", "sv": "Koncernsaldon att bekräfta:", "hu": "Egyeztetendő egyenlegek:", "cs": "Zůstatky k odsouhlasení:"}[lang]
    return t + "\n" + "\n".join(f"{i + 1}. {company(lang)}: {r}" for i, r in enumerate(rows))


def np_phone_like():
    lang = L(ch(["de", "fr", "it", "nl", "es"]))
    t = {"de": f"Kostenstelle {dg(4)} {dg(3)} {dg(3)}? Nein, das ist die Auftragsnummer {dg1(3)} {dg(4)} {dg(3)} aus dem Bestellsystem, keine Telefonnummer.",
         "fr": f"Le SIREN {' '.join(wrap(siren_make(), 3))} ressemble à un numéro de téléphone, mais c'est bien l'identifiant de la société.",
         "it": f"La partita IVA {dg(11)} non è un numero di cellulare, il DLP la blocca lo stesso.",
         "nl": f"Ordernummer {dg1(2)}-{dg(8)} werd door de mailfilter gezien als 06-nummer. Het is gewoon een inkooporder.",
         "es": f"El número de expediente {dg1(3)} {dg(3)} {dg(3)} no es un teléfono, es la referencia del juzgado."}[lang]
    return t


def np_eori_cn():
    lang = L(ch(["de", "nl", "en", "fr"]))
    return (f"Zollanmeldung: EORI {ch(['DE', 'NL', 'FR', 'BE'])}{dg1(R.randint(7, 12))}, MRN {R.randint(23, 26)}{ch(['DE', 'NL', 'FR'])}{rs(13, DIG + UP)}{dg(1)}, "
            f"Warennummer {dg(4)} {dg(2)} {dg(2)}, Gewicht {R.randint(10, 9000)} kg, Zollwert {money('de')}.") if lang == "de" else (
            f"Customs: EORI {ch(['DE', 'NL', 'FR', 'BE'])}{dg1(R.randint(7, 12))}, MRN {R.randint(23, 26)}{ch(['DE', 'NL', 'FR'])}{rs(13, DIG + UP)}{dg(1)}, "
            f"CN code {dg(4)} {dg(2)} {dg(2)}, net mass {R.randint(10, 9000)} kg, Intrastat period {R.randint(1, 12):02d}/{R.randint(2023, 2026)}.")


def np_slack_ts():
    L("en")
    base = rdt()
    rows = [f"{epoch(base) + R.randint(0, 86400)}.{dg(6)}" for _ in range(R.randint(2, 5))]
    return ("archiving the #legal-contracts thread per retention policy, message ts: " + ", ".join(rows) +
            f"; channel C0{rs(9, DIG + UP)}, export job {uuid4()}")


def np_sort_codes():
    lang = L(ch(["de", "en", "fr"]))
    rows = [f"{ch(['COBADEFFXXX', 'DEUTDEFFXXX', 'BNPAFRPPXXX', 'INGBNL2A', 'BCITITMM', 'CAIXESBBXXX', 'NDEAFIHH', 'ESSESESS', 'RZBAATWW', 'GIBACZPX'])}  BLZ/Bank code {dg1(3)} {dg(3)} {dg(2)}  cut-off {R.randint(13, 17)}:{ch(['00', '30'])}" for _ in range(R.randint(2, 5))]
    return "Bank cut-off times for the payment run:\n```\n" + "\n".join(rows) + "\n```"


def np_dates_deadlines():
    lang = L(ch(["de", "fr", "nl", "it", "fi", "da", "ro", "bg", "et"]))
    d = rdate()
    t = {"de": f"Fristablauf nach § 517 ZPO: {d:%d.%m.%Y}, Zustellung war am {(d - datetime.timedelta(days=30)):%d.%m.%Y}, Gebührenrechnung Nr. {dg1(10)}.",
         "fr": f"Délai d'appel : {d:%d/%m/%Y}, signification du {(d - datetime.timedelta(days=30)):%d/%m/%Y}, facture d'huissier n° {dg1(8)}.",
         "nl": f"Termijn hoger beroep verloopt {d:%d-%m-%Y}, griffierecht factuur {dg1(10)}.",
         "it": f"Termine per l'appello: {d:%d/%m/%Y}; contributo unificato versato con F23 n. {dg1(10)}.",
         "fi": f"Valitusaika päättyy {d:%d.%m.%Y}, oikeudenkäyntimaksun lasku {dg1(10)}.",
         "da": f"Ankefristen udløber {d:%d.%m.%Y}, retsafgift faktura {dg1(9)}.",
         "ro": f"Termenul de apel expiră la {d:%d.%m.%Y}, dosar nr. {R.randint(100, 99999)}/{R.randint(1, 300)}/{d.year}.",
         "bg": f"Срокът за обжалване изтича на {d:%d.%m.%Y}, дело № {R.randint(100, 9999)}/{d.year}.",
         "et": f"Apellatsiooni tähtaeg {d:%d.%m.%Y}, tsiviilasi nr {R.randint(1, 2)}-{d.year % 100}-{R.randint(100, 99999)}."}[lang]
    return t


NP_TEMPLATES = [np_vies, np_registry, np_rf_refs, np_ogm, np_qrr, np_court_cases, np_notary, np_invoice_table, np_mandates,
                np_datev_csv, np_payroll_summary, np_forms, np_infra_ips, np_timestamps, np_peppol_ids, np_lei_isin,
                np_tracking, np_versions, np_amounts, np_phone_like, np_eori_cn, np_slack_ts, np_sort_codes, np_dates_deadlines]


# --------------------------------------------------------------------------- data_uri_base64

def _logo_png():
    return b64(png_bytes(R.randint(6, 16), R.randint(4, 10)))


def nd_ubl_pdf():
    L("xml")
    inv = invno()
    pdf = b64(pdf_bytes(f"Rechnung {inv}"))
    body = trunc(pdf, R.randint(60, 200)) if R.random() < 0.5 else "\n".join(wrap(pdf, 76))
    return (f"the visual copy is embedded in the UBL, that's why the file is 40 kB:\n```xml\n<cac:AdditionalDocumentReference>\n"
            f"  <cbc:ID>{inv}</cbc:ID>\n  <cac:Attachment>\n    <cbc:EmbeddedDocumentBinaryObject mimeCode=\"application/pdf\" filename=\"{inv}.pdf\">"
            f"{body}</cbc:EmbeddedDocumentBinaryObject>\n  </cac:Attachment>\n</cac:AdditionalDocumentReference>\n```")


def nd_html_logo():
    lang = L(ch(["de", "fr", "nl", "it", "en"]))
    alt = {"de": "Firmenlogo", "fr": "Logo société", "nl": "Bedrijfslogo", "it": "Logo aziendale", "en": "company logo"}[lang]
    return (f"```html\n<table class=\"invoice-header\">\n  <tr>\n    <td><img alt=\"{alt}\" width=\"120\" src=\"data:image/png;base64,{_logo_png()}\"></td>\n"
            f"    <td class=\"title\">{ {'de': 'Rechnung', 'fr': 'Facture', 'nl': 'Factuur', 'it': 'Fattura', 'en': 'Invoice'}[lang] } {{{{ invoice.number }}}}</td>\n  </tr>\n</table>\n```")


def nd_fontface():
    L("css")
    fam = ch(["Invoice Sans", "LegalSerif", "Kanzlei Mono", "OCR-B", "Brand Grotesk"])
    if R.random() < 0.5:
        src = f"url(data:font/woff2;base64,{trunc(b64(woff2_bytes(R.randint(80, 200))), R.randint(80, 220))}) format(\"woff2\")"
    else:
        src = f"url(\"data:font/ttf;base64,{trunc(b64(ttf_bytes(R.randint(60, 160))), R.randint(80, 200))}\") format(\"truetype\")"
    return (f"PDF renderer ignores web fonts, so the invoice template inlines them:\n```css\n@font-face {{\n  font-family: \"{fam}\";\n  src: {src};\n"
            f"  font-weight: {ch([400, 500, 700])};\n}}\n.amount {{ font-family: \"{fam}\", sans-serif; }}\n```")


def nd_json_attachment():
    L("json")
    inv = invno()
    kind = ch(["pdf", "csv", "png", "xml"])
    if kind == "pdf":
        data, mime, fn = b64(pdf_bytes(f"Lieferschein {dg(6)}")), "application/pdf", f"Lieferschein_{dg(6)}.pdf"
    elif kind == "csv":
        data, mime, fn = b64(("pos;artikel;menge;preis\n" + "\n".join(f"{i};{rs(6, UP + DIG)};{R.randint(1, 40)};{R.randint(1, 999)},{dg(2)}" for i in range(1, R.randint(3, 7)))).encode()), "text/csv", "positionen.csv"
    elif kind == "png":
        data, mime, fn = _logo_png(), "image/png", "stamp.png"
    else:
        data, mime, fn = b64(f"<?xml version=\"1.0\"?><Invoice><ID>{inv}</ID><IssueDate>{rdate()}</IssueDate></Invoice>".encode()), "application/xml", "invoice.xml"
    obj = {"invoiceNumber": inv, "issueDate": str(rdate()), "attachments": [{"filename": fn, "mimeType": mime, "content": data}], "status": "RECEIVED"}
    return "e-invoicing hub returns attachments inline, sample (trimmed):\n```json\n" + json.dumps(obj, indent=2, ensure_ascii=False) + "\n```"


def nd_md_image():
    lang = L(ch(["de", "fr", "en", "nl", "pl"]))
    cap = {"de": "Stempel Buchhaltung", "fr": "tampon compta", "en": "approval stamp", "nl": "stempel administratie", "pl": "pieczątka księgowości"}[lang]
    return f"![{cap}](data:image/png;base64,{_logo_png()})"


def nd_svg_stamp():
    L(ch(["de", "en", "fr"]))
    label = ch(["GEBUCHT", "PAID", "PAYÉ", "GEPRÜFT", "APPROVED"])
    svg = svg_text(label=label)
    if R.random() < 0.5:
        uri = "data:image/svg+xml;base64," + b64(svg.encode())
    else:
        uri = "data:image/svg+xml;utf8," + svg.replace("<", "%3C").replace(">", "%3E").replace("#", "%23").replace('"', "'")
    return f"stamp overlay for the approval workflow (`{label}`):\n```js\nexport const STAMP_{label.replace('É', 'E')} = \"{uri}\";\n```"


def nd_facturx_xml():
    L("en")
    xml = (f"<?xml version=\"1.0\" encoding=\"UTF-8\"?><rsm:CrossIndustryInvoice xmlns:rsm=\"urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100\">"
           f"<rsm:ExchangedDocument><ram:ID>{invno()}</ram:ID><ram:TypeCode>380</ram:TypeCode></rsm:ExchangedDocument></rsm:CrossIndustryInvoice>")
    return f"`factur-x.xml` as the API returns it:\n`data:application/xml;base64,{trunc(b64(xml.encode()), R.randint(100, 260))}`"


def nd_csv_uri():
    lang = L(ch(["de", "fr", "en", "es"]))
    csv = "konto;soll;haben\n" + "\n".join(f"{ch(['1200', '1400', '1600', '8400', '4400'])};{R.randint(0, 99999)},{dg(2)};0,00" for _ in range(R.randint(3, 8)))
    return (f"Download-Link im Export-Dialog ist einfach ein data-URI:\n```html\n<a download=\"saldenliste.csv\" href=\"data:text/csv;charset=utf-8;base64,{b64(csv.encode())}\">Saldenliste</a>\n```"
            if lang == "de" else
            f"The export button just builds a data URI:\n```html\n<a download=\"trial_balance.csv\" href=\"data:text/csv;base64,{b64(csv.encode())}\">CSV</a>\n```")


def nd_eml_part():
    lang = L(ch(["de", "fr", "it", "nl"]))
    pdf = b64(pdf_bytes(f"Invoice {invno()}"))
    lines = wrap(pdf, 76)
    bnd = f"----=_Part_{R.randint(1000, 99999)}_{R.randint(100000000, 999999999)}.{epoch(rdt())}{dg(3)}"
    shown = lines[:R.randint(3, 30)]
    return (f"Inbound-Mailbox: die Rechnung kam als MIME-Teil, der Parser hat den Anhang nicht gefunden:\n```\n--{bnd}\n"
            f"Content-Type: application/pdf; name=\"{invno()}.pdf\"\nContent-Transfer-Encoding: base64\nContent-Disposition: attachment\n\n"
            + "\n".join(shown) + "\n[…]\n```")


def nd_py_fixture():
    L("python")
    return (f"```python\n# tests/fixtures.py\nLOGO_PNG = base64.b64decode(\n    \"{_logo_png()}\"\n)\n"
            f"TRACKING_GIF = \"data:image/gif;base64,{b64(GIF1)}\"\n\ndef test_invoice_pdf_has_logo(render):\n    assert LOGO_PNG[:8] == b\"\\x89PNG\\r\\n\\x1a\\n\"\n```")


def nd_gif_pixel():
    lang = L(ch(["de", "en", "fr", "es", "it"]))
    t = {"de": "Das Mahn-Template hat noch ein Tracking-Pixel, bitte raus damit (DSGVO):",
         "en": "dunning email template still has a tracking pixel, removing it:",
         "fr": "Le modèle de relance contient encore un pixel de suivi, on l'enlève :",
         "es": "La plantilla de recobro todavía tiene un píxel de seguimiento, lo quitamos:",
         "it": "Il template dei solleciti ha ancora un pixel di tracciamento, lo togliamo:"}[lang]
    return f"{t}\n```html\n<img width=\"1\" height=\"1\" alt=\"\" src=\"data:image/gif;base64,{b64(GIF1)}\">\n```"


def nd_jpeg_receipt():
    lang = L(ch(["en", "de", "sv", "fi"]))
    eid = dg1(6)
    return (f"OCR job payload for the receipt thumbnail (expense {eid}):\n```json\n{{\"expense_id\":{eid},\"thumb\":\"data:image/jpeg;base64,"
            f"{trunc(b64(jpeg_bytes(R.randint(40, 160))), R.randint(80, 260))}\",\"ocr\":\"pending\"}}\n```")


def nd_outlook_sig():
    lang = ch(["de", "nl", "fr", "da"])
    L("de")
    return (f"Warum sind die Mails aus der Rechtsabteilung so groß? Die Signatur:\n```html\n<p style=\"font-size:9pt\">{company(lang)}<br>Rechtsabteilung</p>\n"
            f"<img src=\"data:image/jpeg;base64,{trunc(b64(jpeg_bytes(R.randint(60, 200))), R.randint(80, 200))}\" width=\"160\">\n```")


def nd_qrbill_png():
    lang = L(ch(["de", "fr", "it"]))
    return (f"Swiss QR-Code als Bild aus dem Rechnungsgenerator:\n`<img class=\"qr\" src=\"data:image/png;base64,{b64(png_bytes(R.randint(10, 18), R.randint(10, 18), [(0, 0, 0), (255, 255, 255)]))}\">`")


def nd_sourcemap():
    L("js")
    sm = b64(json.dumps({"version": 3, "sources": [f"src/{ch(['approvals', 'expenses', 'ledger', 'dunning'])}/{ch(['Table', 'Form', 'Row'])}.tsx"],
                         "names": [], "mappings": rs(R.randint(20, 60), "ACDEFGIKMOQSUWYacegikmoqsuwy;,")}, separators=(",", ":")).encode())
    return f"```js\n!function(){{/* approvals bundle */}}();\n//# sourceMappingURL=data:application/json;charset=utf-8;base64,{sm}\n```"


def nd_binary_content():
    L("xml")
    pdf = b64(pdf_bytes(f"Gutschrift {invno(6)}"))
    return (f"```xml\n<sh:StandardBusinessDocument>\n  <!-- header omitted -->\n  <BinaryContent mimeType=\"application/pdf\" encoding=\"base64\">\n"
            + "\n".join(wrap(trunc(pdf, R.randint(120, 300)), 64)) + "\n  </BinaryContent>\n</sh:StandardBusinessDocument>\n```")


def nd_xlsx_uri():
    L("ts")
    z = zip_bytes([("[Content_Types].xml", "<?xml version=\"1.0\"?><Types xmlns=\"http://schemas.openxmlformats.org/package/2006/content-types\"/>"),
                   ("xl/workbook.xml", "<workbook/>")])
    return ("```ts\n// downloads the empty payment-run template\nconst TEMPLATE_XLSX =\n  \"data:application/vnd.openxmlformats-officedocument.spreadsheetml.sheet;base64,"
            + trunc(b64(z), R.randint(120, 280)) + "\";\n```")


def nd_css_bg():
    L("css")
    return (f"```scss\n.doc-status--{ch(['paid', 'overdue', 'disputed', 'draft'])}::before {{\n  content: \"\";\n"
            f"  background: url(\"data:image/png;base64,{_logo_png()}\") no-repeat center / 12px;\n}}\n```")


def nd_jupyter():
    L("json")
    return ('notebook from the month-end analysis, the chart output is inline:\n```json\n{"output_type": "display_data", "data": {"image/png": "'
            + trunc(b64(png_bytes(R.randint(20, 40), R.randint(10, 20))), R.randint(100, 240)) + '", "text/plain": ["<Figure size 640x480 with 1 Axes>"]}, "metadata": {}}\n```')


def nd_pdf_inline_uri():
    lang = L(ch(["de", "it", "es", "pl", "pt", "cs"]))
    t = {"de": "Die Vorschau im Portal lädt das Urteil so:", "it": "L'anteprima nel portale carica la sentenza così:",
         "es": "La vista previa del portal carga la sentencia así:", "pl": "Podgląd w portalu ładuje wyrok tak:",
         "pt": "A pré-visualização no portal carrega a sentença assim:", "cs": "Náhled v portálu načítá rozsudek takto:"}[lang]
    return f"{t}\n`<iframe src=\"data:application/pdf;base64,{trunc(b64(pdf_bytes('Urteil ' + dg(4))), R.randint(60, 140))}\"></iframe>`"


def nd_webp_icon():
    L("html")
    webp = b"RIFF" + struct.pack("<I", 30) + b"WEBPVP8L" + struct.pack("<I", 18) + rb(18)
    return f"favicon for the supplier portal:\n```html\n<link rel=\"icon\" type=\"image/webp\" href=\"data:image/webp;base64,{b64(webp)}\">\n```"


ND_TEMPLATES = [nd_ubl_pdf, nd_html_logo, nd_fontface, nd_json_attachment, nd_md_image, nd_svg_stamp, nd_facturx_xml, nd_csv_uri,
                nd_eml_part, nd_py_fixture, nd_gif_pixel, nd_jpeg_receipt, nd_outlook_sig, nd_qrbill_png, nd_sourcemap,
                nd_binary_content, nd_xlsx_uri, nd_css_bg, nd_jupyter, nd_pdf_inline_uri, nd_webp_icon]


# --------------------------------------------------------------------------- placeholder_example

def ne_env_example():
    L("en")
    keys = [("PEPPOL_AP_API_KEY", ch(["<YOUR_API_KEY>", "your-api-key-here", "", "changeme", "<ask-finance-it>"])),
            ("PEPPOL_AP_BASE_URL", "https://ap.example.invalid/api/v2"),
            ("EBICS_HOST_ID", ch(["<HOSTID>", "EBIXHOST", "XXXXXXXX"])), ("EBICS_PARTNER_ID", ch(["<PARTNERID>", "PARTNER01"])),
            ("EBICS_USER_ID", ch(["<USERID>", "USER0001"])), ("EBICS_KEYSTORE_PASSWORD", ch(["", "<set-in-vault>", "${EBICS_KEYSTORE_PASSWORD}"])),
            ("DATEV_CLIENT_ID", ch(["<client-id>", "00000000-0000-0000-0000-000000000000"])), ("DATEV_CLIENT_SECRET", ch(["<client-secret>", "", "***"])),
            ("SFTP_BANK_USER", "<user>"), ("SFTP_BANK_PASSWORD", ch(["changeme", "<password>", ""])),
            ("ANTHROPIC_API_KEY", ch(["sk-ant-...", "sk-ant-api03-xxxxxxxx", "<your-anthropic-key>"])),
            ("OPENAI_API_KEY", ch(["sk-...", "sk-proj-XXXXXXXXXXXXXXXX", "<optional>"])),
            ("SLACK_BOT_TOKEN", ch(["xoxb-your-bot-token", "xoxb-...", "<bot-token>"])),
            ("AWS_ACCESS_KEY_ID", ch(["AKIAIOSFODNN7EXAMPLE", "<access-key-id>"])),
            ("AWS_SECRET_ACCESS_KEY", ch(["wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY", "<secret-access-key>"]))]
    sel = R.sample(keys, R.randint(4, 9))
    return "`.env.example` for the invoice connector — copy to `.env` and fill from the vault:\n```dotenv\n" + "\n".join(f"{k}={v}" for k, v in sel) + "\n```"


def ne_iban_structure():
    lang = L(ch(["de", "fr", "en", "nl", "it", "es", "pl"]))
    fmts = {"DE": "DEkk bbbb bbbb cccc cccc cc", "FR": "FRkk BBBB BGGG GGCC CCCC CCCC CKK", "NL": "NLkk BBBB cccc cccc cc",
            "IT": "ITkk XBBB BBCC CCCC CCCC CCCC CCC", "ES": "ESkk BBBB GGGG KKCC CCCC CCCC", "PL": "PLkk BBBB BBBK CCCC CCCC CCCC CCCC",
            "AT": "ATkk BBBB BCCC CCCC CCCC", "BE": "BEkk BBBC CCCC CCKK", "CH": "CHkk BBBB BCCC CCCC CCCC C"}
    sel = R.sample(list(fmts.items()), R.randint(2, 5))
    t = {"de": "Zur Erinnerung, der Aufbau (k = Prüfziffer, b = Bankleitzahl, c = Kontonummer):", "fr": "Pour rappel, la structure (k = clé, B = banque, G = guichet, C = compte) :",
         "en": "Reminder on the layout (k = check digits, B = bank, C = account):", "nl": "Ter herinnering, de opbouw:", "it": "Promemoria sulla struttura:",
         "es": "Recordatorio de la estructura:", "pl": "Przypomnienie struktury:"}[lang]
    return t + "\n```\n" + "\n".join(f"{k}: {v}" for k, v in sel) + "\n```"


def ne_masked_iban():
    lang = L(ch(["de", "fr", "nl", "it", "es", "en", "pl", "sv", "fi"]))
    cc = ch(["DE", "FR", "NL", "IT", "ES", "AT", "BE", "PL"])
    last = dg(4)
    masked = ch([f"{cc}** **** **** **** **{last[:2]} {last[2:]}".strip(), f"{cc}•• •••• •••• •••• {last}", f"{cc}XX XXXX XXXX XXXX XX{last}",
                 f"…{last}", f"{cc}00 XXXX XXXX XXXX XXXX XX", f"{cc}** **** {last}"])
    t = {"de": f"Lieferant hat neue Bankverbindung gemeldet, im Stammsatz steht jetzt {masked}. Rückruf zur Verifizierung ist erledigt.",
         "fr": f"Le fournisseur a un nouveau RIB, affiché {masked} dans la fiche tiers. Contre-appel fait.",
         "nl": f"Nieuw rekeningnummer leverancier staat als {masked} in de stamgegevens, teruggebeld en bevestigd.",
         "it": f"Nuovo IBAN del fornitore visualizzato come {masked}, verificato con richiamata.",
         "es": f"La nueva cuenta del proveedor aparece como {masked}; confirmado por teléfono.",
         "en": f"vendor bank change approved, portal shows {masked} — callback done via the number on file.",
         "pl": f"Nowy rachunek dostawcy widoczny jako {masked}, potwierdzone telefonicznie.",
         "sv": f"Leverantörens nya konto visas som {masked}, bekräftat via återuppringning.",
         "fi": f"Toimittajan uusi tili näkyy muodossa {masked}, vahvistettu soittamalla takaisin."}[lang]
    return t


def ne_mailmerge():
    lang = L(ch(["de", "fr", "nl", "it", "es", "pt"]))
    t = {
        "de": "Sehr geehrte Damen und Herren,\n\nwir ziehen den Betrag von {{ betrag }} am {{ faelligkeit }} mit der SEPA-Lastschrift zur Mandatsreferenz {{ mandat.referenz }} "
              "und unserer Gläubiger-ID {{ glaeubiger_id }} von Ihrem Konto {{ schuldner.iban | mask }} ein.\n\nMit freundlichen Grüßen\n{{ firma.name }}",
        "fr": "Madame, Monsieur,\n\nNous prélèverons {{ montant }} le {{ date_echeance }} au titre du mandat {{ rum }} (ICS {{ ics }}) sur le compte {{ iban_masque }}.\n\n"
              "Cordialement,\n{{ societe }}",
        "nl": "Geachte heer/mevrouw,\n\nOp {{ datum }} schrijven wij {{ bedrag }} af van rekening [IBAN] onder machtigingskenmerk [KENMERK] en incassant-ID [INCASSANT_ID].",
        "it": "Gentile Cliente,\nil {{ data }} addebiteremo {{ importo }} sul conto {{ iban_mascherato }} (mandato {{ id_mandato }}).\nCordiali saluti",
        "es": "Estimado cliente:\nel día {{ fecha }} cargaremos {{ importe }} en la cuenta {{ cuenta_enmascarada }} con la referencia de mandato {{ referencia }}.",
        "pt": "Caro cliente,\na {{ data }} será debitado {{ montante }} na conta {{ iban_oculto }}, referência de autorização {{ adc }}."}[lang]
    return "Template für die Pre-Notification, bitte gegenlesen:\n```jinja\n" + t + "\n```" if lang == "de" else "```\n" + t + "\n```"


def ne_aws_doc():
    L("en")
    return (f"from the {ch(['archive-bucket', 'payroll-export', 'ocr-pipeline', 'gobd-archive'])} README ({ch(['eu-central-1', 'eu-west-1', 'eu-north-1'])}), these are the AWS documentation placeholders, not ours:\n```ini\n[fin-archive]\n"
            "aws_access_key_id = AKIAIOSFODNN7EXAMPLE\naws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY\nregion = eu-central-1\n```\n"
            "real creds come from SSO, `aws sso login --profile fin-archive`.")


def ne_llm_doc():
    lang = L(ch(["en", "de", "fr", "nl"]))
    t = {"en": "The contract-review bot needs a key in the form `sk-ant-api03-…` — request one via the IT form, don't reuse someone's.",
         "de": "Der Vertragsprüfungs-Bot erwartet einen Schlüssel im Format `sk-ant-api03-XXXX…XXXX`; bitte über das IT-Formular beantragen.",
         "fr": "L'outil d'analyse de contrats attend une clé `sk-proj-...` ; passez par le formulaire IT, pas par Slack.",
         "nl": "De contractbot verwacht een sleutel als `sk-ant-...`; vraag er een aan via het IT-formulier."}[lang]
    return t + f"\n```yaml\nllm:\n  provider: {ch(['anthropic', 'openai'])}\n  api_key: ${{LLM_API_KEY}}   # injected at deploy\n  model: {ch(['claude-sonnet', 'gpt-4o-mini', 'claude-haiku'])}\n```"


def ne_masked_cards():
    lang = L(ch(["en", "de", "fr", "es", "it", "nl"]))
    rows = [f"| {rdate()} | {ch(['Visa', 'Mastercard', 'Amex'])} {ch(['•••• ', '**** **** **** ', 'xxxx-', 'XXXX XXXX XXXX '])}{dg(4)} | {ch(['Handelsregister', 'court fees', 'notary', 'travel', 'software'])} | {money(lang)} |"
            for _ in range(R.randint(3, 7))]
    return "| date | card | category | amount |\n|---|---|---|---:|\n" + "\n".join(rows)


def ne_form_blanks():
    lang = L(ch(["de", "fr", "es", "it", "pl", "nl", "pt", "en"]))
    t = {"de": "Formularfelder (bitte leer lassen, füllt HR aus):\nSteuer-ID: ___________\nSozialversicherungsnummer: __ ______ _ ___\nIBAN: DE__ ____ ____ ____ ____ __\nTelefon: +49 (0) ___ ________",
         "fr": "Champs du formulaire :\nN° de sécurité sociale : _ __ __ __ ___ ___ __\nIBAN : FR__ ____ ____ ____ ____ ____ ___\nTéléphone : +33 X XX XX XX XX",
         "es": "Campos del formulario:\nNIF: XXXXXXXX-X\nIBAN: ES__ ____ ____ __ __________\nTeléfono: +34 XXX XXX XXX",
         "it": "Campi del modulo:\nCodice fiscale: XXXXXX00X00X000X\nIBAN: IT__ X _____ _____ ____________\nCellulare: +39 3XX XXX XXXX",
         "pl": "Pola formularza:\nPESEL: ___________\nNr rachunku: PL__ ____ ____ ____ ____ ____ ____\nTelefon: +48 XXX XXX XXX",
         "nl": "Formuliervelden:\nBSN: _________\nIBAN: NL__ ____ __________\nTelefoon: 06-XXXXXXXX",
         "pt": "Campos do formulário:\nNIF: _________\nIBAN: PT50 ____ ____ ___________ __\nTelemóvel: +351 9XX XXX XXX",
         "en": "W-9 for the US entity, fields to be completed by the payee:\nSSN: XXX-XX-XXXX\nEIN: XX-XXXXXXX\nPhone: (XXX) XXX-XXXX"}[lang]
    return t


def ne_helm():
    L("yaml")
    kp = ch(["null", "~", '"<from-vault>"', "REPLACE_ME", '""'])
    svc = ch(["dms", "ledger", "invoice-parser", "peppol-gateway", "payroll-bridge"])
    return (f"```yaml\n# values.yaml ({svc})\ndatabase:\n  host: postgres.{ch(['fin', 'legal', 'backoffice'])}.svc.cluster.local\n  user: {svc.replace('-', '_')}\n"
            f"  password: \"\"            # set via existingSecret\n  existingSecret: {svc}-db-credentials\n  existingSecretPasswordKey: password\n"
            f"smtp:\n  password: \"{{{{ .Values.global.smtpPassword }}}}\"\nsigning:\n  keystorePassword: {kp}\nreplicaCount: {R.randint(1, 4)}\n```")


def ne_gha():
    L("yaml")
    secrets = ["PEPPOL_AP_API_KEY", "DATEV_CLIENT_SECRET", "SFTP_BANK_PASSWORD", "EBICS_KEYSTORE_PASSWORD", "KSEF_TOKEN", "SDI_CERT_PASSWORD", "SLACK_BOT_TOKEN"]
    sel = R.sample(secrets, R.randint(2, 5))
    step = ch(["Upload XRechnung batch", "Send FatturaPA batch", "Push KSeF invoices", "Fetch camt.053", "Export DATEV batch"])
    env = "\n".join(f"    {x}: ${{{{ secrets.{x} }}}}" for x in sel)
    return f"```yaml\n- name: {step}\n  run: ./bin/{ch(['upload', 'sync', 'export'])} --env {ch(['prod', 'staging'])}\n  env:\n{env}\n    GH_TOKEN: ${{{{ github.token }}}}\n```"


def ne_conn_templates():
    lang = L(ch(["en", "de", "fr"]))
    rows = [ch(["postgres://<user>:<password>@<host>:5432/ledger", "postgresql://USER:PASSWORD@localhost:5432/fibu"]),
            ch(["sftp://<bank-user>:<bank-password>@sftp.bank.example/upload", "sftp://USERNAME:PASSWORD@<bank-sftp-host>/in"]),
            ch(["Server=<server>;Database=Payroll;User Id=<user>;Password=<password>;", "Server=sql01;Database=FiBu;User Id=${DB_USER};Password=${DB_PASSWORD};"]),
            ch(["jdbc:sqlserver://sql01:1433;databaseName=erp;user={{db_user}};password={{db_password}}", "mongodb://<username>:<password>@<cluster>/invoices"]),
            ch(["amqp://guest:guest@localhost:5672/", "redis://:<password>@localhost:6379/0"])]
    t = {"en": "connection string templates from the runbook (fill from vault):", "de": "Verbindungs-Vorlagen aus dem Runbook (Werte aus dem Tresor):",
         "fr": "modèles de chaînes de connexion (valeurs dans le coffre) :"}[lang]
    return t + "\n```\n" + "\n".join(R.sample(rows, R.randint(2, 5))) + "\n```"


def ne_redacted_msgs():
    lang = L(ch(["de", "fr", "en", "nl", "it", "es", "pl", "sv", "da", "cs", "hu", "ro"]))
    mark = ch(["[REDACTED]", "[entfernt]", "<redacted>", "***", "[masqué]", "[FILTERED]", "████", "[gelöscht gem. DSGVO]", "(vertraulich)"])
    t = {"de": f"Ticket bereinigt: Bankverbindung {mark}, Ansprechpartner {mark}, Telefon {mark}.",
         "fr": f"Ticket nettoyé : RIB {mark}, contact {mark}, téléphone {mark}.",
         "en": f"scrubbed the ticket: IBAN {mark}, card {mark}, phone {mark}, email {mark}.",
         "nl": f"Ticket opgeschoond: IBAN {mark}, telefoon {mark}.",
         "it": f"Ticket ripulito: IBAN {mark}, telefono {mark}, email {mark}.",
         "es": f"Ticket limpiado: IBAN {mark}, teléfono {mark}.",
         "pl": f"Zgłoszenie wyczyszczone: rachunek {mark}, telefon {mark}.",
         "sv": f"Ärendet rensat: kontonummer {mark}, telefon {mark}.",
         "da": f"Sagen er renset: kontonummer {mark}, telefon {mark}.",
         "cs": f"Tiket vyčištěn: číslo účtu {mark}, telefon {mark}.",
         "hu": f"Jegy megtisztítva: bankszámla {mark}, telefon {mark}.",
         "ro": f"Tichet curățat: IBAN {mark}, telefon {mark}."}[lang]
    return t


def ne_pem_dots():
    lang = L(ch(["en", "de"]))
    t = "EBICS key import runbook, step 3 — paste your key like this:" if lang == "en" else "Runbook EBICS-Schlüsselimport, Schritt 3 – Format:"
    return (f"{t}\n```\n-----BEGIN {ch(['', 'RSA ', 'ENCRYPTED '])}PRIVATE KEY-----\n{ch(['...', 'MIIE...', '<base64 body>', '(Inhalt aus dem Tresor)'])}\n"
            f"-----END PRIVATE KEY-----\n```\nnever in Slack, never in email.")


def ne_invalid_example_ids():
    lang = L(ch(["de", "en", "fr"]))
    t = {"de": "Beispielwerte für die Schulung: USt-IdNr. DE123456789, Gläubiger-ID DE98ZZZ09999999999, Rechnung RE-JJJJ-NNNNN, IBAN DE00 XXXX XXXX XXXX XXXX XX (absichtlich ungültig).",
         "en": "training examples: VAT DE123456789, creditor id DE98ZZZ09999999999, invoice INV-YYYY-NNNNN, IBAN DE00 1234 XXXX XXXX XXXX XX (deliberately invalid).",
         "fr": "Exemples pour la formation : TVA FR00123456789, ICS FR00ZZZ000000, facture FA-AAAA-NNNNN, IBAN FR76 XXXX XXXX XXXX XXXX XXXX XXX."}[lang]
    return t


def ne_jwt_truncated():
    L("en")
    api = ch(["e-invoicing hub", "KSeF bridge", "DMS", "bank API", "payroll provider API"])
    return (f"{api} auth: `Authorization: Bearer {ch(['eyJhbGciOiJSUzI1NiIs…', 'eyJ...', '<ACCESS_TOKEN>', '$TOKEN'])}` (token from `/oauth/token`, {ch([5, 15, 30, 60])} min TTL). "
            f"The vendor docs literally say `Bearer {ch(['<ACCESS_TOKEN>', '{{token}}', 'YOUR_TOKEN_HERE'])}`.")


def ne_i18n_placeholders():
    lang = L(ch(["de", "fr", "es", "it", "pl", "sv", "pt", "nl", "cs", "fi"]))
    ph = {"de": "<Ihr-API-Schlüssel>", "fr": "<votre_clé_API>", "es": "<tu_contraseña>", "it": "<il_tuo_token>", "pl": "<twoje_hasło>",
          "sv": "<ditt_lösenord>", "pt": "<a_sua_chave>", "nl": "<jouw-wachtwoord>", "cs": "<vaše_heslo>", "fi": "<salasanasi>"}[lang]
    return f"```bash\ncurl -u api:{ph} https://hub.example.invalid/v1/invoices?status=open\n```"


def ne_phone_masks():
    lang = L(ch(["de", "fr", "nl", "it", "es", "en"]))
    t = {"de": "Rückruf-Nummer im Stammsatz: +49 (0)XXX XXXXXXX (nur für Berechtigte sichtbar).",
         "fr": "Numéro de contre-appel affiché : +33 X XX XX XX 12 (masqué).",
         "nl": "Terugbelnummer in het systeem: 06-•••••••4 (gemaskeerd).",
         "it": "Numero per la richiamata: +39 3** *** **21 (oscurato).",
         "es": "Teléfono de verificación: +34 6** *** *12 (oculto).",
         "en": "Callback number on file: +44 XXXX XXX XXX (masked in the UI)."}[lang]
    return t


def ne_terraform_vars():
    L("hcl")
    names = ["ebics_keystore_password", "peppol_ap_api_key", "datev_client_secret", "sftp_bank_password", "ksef_token", "dms_admin_password", "smtp_relay_password"]
    blocks = []
    for n in R.sample(names, R.randint(1, 3)):
        d = ch(['  default   = ""\n', f'  description = "set via TF_VAR_{n}"\n', ""])
        blocks.append(f'variable "{n}" {{\n  type      = string\n  sensitive = true\n{d}}}')
    return "```hcl\n" + "\n\n".join(blocks) + "\n```"


def ne_github_doc():
    lang = L(ch(["en", "de"]))
    repo = ch(["ledger-tools", "xrechnung-templates", "dunning-letters", "fec-export", "payroll-bridge"])
    mask = ch(["ghp_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx", "ghp_...", "ghp_<token>", "ghp_XXXX…"])
    if lang == "de":
        return f"CI-Doku {repo}: bitte einen fine-grained Token (`github_pat_...`) mit Lesezugriff anlegen; klassische Tokens (`{mask}`) sind per Org-Policy verboten."
    return f"{repo} CI docs: create a fine-grained token (`github_pat_...`) with read-only access; classic tokens (`{mask}`) are blocked by org policy since {rdate():%B %Y}."


def ne_slack_webhook_doc():
    L("en")
    bot = ch(["approvals", "dunning", "payment-run", "contract-deadlines", "vat-calendar"])
    return (f"{bot} bot setup:\n1. create the app\n2. copy the bot token (`{ch(['xoxb-…', 'xoxb-your-bot-token', 'xoxb-XXXXXXXX'])}`) into the vault entry `slack/{bot}-bot`\n"
            f"3. set `SLACK_SIGNING_SECRET=<from app settings>`\n4. webhook URL goes in `{bot.upper().replace('-', '_')}_WEBHOOK=https://hooks.slack.com/services/T00000000/B00000000/XXXXXXXXXXXXXXXXXXXXXXXX`")


def ne_ssn_mask():
    L("en")
    return (f"US sub payroll export arrives masked, which is what we want:\n```csv\nemployee_ref,ssn,state,gross\n"
            + "\n".join(f"E{dg(5)},{ch(['XXX-XX-', '***-**-'])}{dg(4)},{ch(['DE', 'NY', 'CA', 'TX'])},{R.randint(2000, 15000)}.{dg(2)}" for _ in range(R.randint(3, 7))) + "\n```")


def ne_changeme_defaults():
    L("en")
    svc = ch(["invoice parser", "DMS", "payroll bridge", "Peppol gateway", "dunning runner"])
    db = ch([("postgres:16", "POSTGRES_USER: ledger", "POSTGRES_PASSWORD: changeme"), ("mariadb:11", "MARIADB_USER: odoo", "MARIADB_PASSWORD: password"),
             ("mcr.microsoft.com/mssql/server:2022-latest", "ACCEPT_EULA: \"Y\"", "MSSQL_SA_PASSWORD: \"<YourStrong!Passw0rd>\"")])
    return (f"local docker-compose for the {svc} — dev defaults only:\n```yaml\nservices:\n  db:\n    image: {db[0]}\n    environment:\n"
            f"      {db[1]}\n      {db[2]}\n  mq:\n    image: rabbitmq:3-management\n    environment:\n"
            "      RABBITMQ_DEFAULT_USER: guest\n      RABBITMQ_DEFAULT_PASS: guest\n```")


NE_TEMPLATES = [ne_env_example, ne_iban_structure, ne_masked_iban, ne_mailmerge, ne_aws_doc, ne_llm_doc, ne_masked_cards, ne_form_blanks,
                ne_helm, ne_gha, ne_conn_templates, ne_redacted_msgs, ne_pem_dots, ne_invalid_example_ids, ne_jwt_truncated,
                ne_i18n_placeholders, ne_phone_masks, ne_terraform_vars, ne_github_doc, ne_slack_webhook_doc, ne_ssn_mask, ne_changeme_defaults]


# --------------------------------------------------------------------------- code_identifier

def _camel(words):
    return words[0].lower() + "".join(w.capitalize() for w in words[1:])


WORDS = ["iban", "bic", "mandate", "creditor", "debtor", "vat", "tax", "ssn", "password", "token", "secret", "key", "card", "pan",
         "cvv", "phone", "email", "ledger", "invoice", "payroll", "signature", "keystore", "pin", "puk", "ebics", "peppol", "ksef", "sepa"]


def nc_py_iban():
    L("python")
    fn = ch(["validate_iban", "is_valid_iban", "iban_checksum_ok", "check_iban_mod97"])
    return (f"```python\ndef {fn}(iban: str) -> bool:\n    s = iban.replace(\" \", \"\").upper()\n    if len(s) < 15 or not s[:2].isalpha():\n        return False\n"
            f"    rearranged = s[4:] + s[:4]\n    digits = \"\".join(str(int(c, 36)) for c in rearranged)\n    return int(digits) % 97 == 1\n\n\n"
            f"def mask_iban(iban: str, keep: int = {ch([4, 4, 6])}) -> str:\n    return iban[:2] + \"*\" * (len(iban) - 2 - keep) + iban[-keep:]\n```")


def nc_java_trace():
    L("java")
    pkg = ch(["eu.acmefin.ebics", "eu.acmefin.peppol.ap", "de.kanzlei.fibu.sepa", "fr.compta.dematerialisation"])
    frames = [f"{pkg}.keystore.{ch(['EbicsKeyStore', 'SigningKeyProvider', 'Pkcs12Loader'])}.{ch(['loadPrivateKey', 'unlockWithPassword', 'resolveKeyPassword', 'decryptSignatureKey'])}",
              f"{pkg}.client.{ch(['EbicsSession', 'As4Sender', 'SepaUploader'])}.{ch(['signOrder', 'sendUserMessage', 'uploadPain001'])}",
              f"{pkg}.job.{ch(['PaymentRunJob', 'InvoiceDispatchJob', 'StatementFetchJob'])}.execute",
              "org.quartz.core.JobRunShell.run", "java.base/java.lang.Thread.run"]
    extra = [f"{pkg}.{ch(['support', 'internal', 'crypto', 'xml'])}.{ch(['Pkcs12', 'Xades', 'Sbdh', 'Pain001', 'Camt053', 'Iban', 'Mandate'])}{ch(['Helper', 'Support', 'Codec', 'Validator', 'Resolver'])}.{ch(['apply', 'resolve', 'decode', 'verify', 'checkCreditorReference', 'unwrapSecretKey'])}"
             for _ in range(R.randint(0, 24))]
    frames = frames[:1] + extra + frames[1:]
    exc = ch(["java.security.UnrecoverableKeyException: Get Key failed: Given final block not properly padded. Such issues can arise if a bad key is used during decryption.",
              f"{pkg}.SignatureVerificationException: signature of order {rs(4, UP + DIG)} does not match bank public key X002",
              "java.io.IOException: keystore password was incorrect",
              f"{pkg}.CreditorReferenceException: RF check digits invalid for creditorReference"])
    lines = [f"{rdt():%Y-%m-%d %H:%M:%S,%f}"[:23] + f" ERROR [{ch(['quartz-1', 'main', 'ebics-worker-2'])}] {frames[2].rsplit('.', 1)[0]} - job failed", exc]
    for f in frames:
        cls = f.rsplit(".", 1)[0].rsplit(".", 1)[-1]
        lines.append(f"\tat {f}({cls}.java:{R.randint(30, 900)})" if "java.base" not in f and "quartz" not in f else f"\tat {f}(Unknown Source)")
    return "```\n" + "\n".join(lines) + "\n```"


def nc_odoo():
    L("python")
    return ("Odoo won't let us save the vendor:\n```\nTraceback (most recent call last):\n"
            "  File \"/opt/odoo/odoo/models.py\", line " + str(R.randint(4000, 6000)) + ", in create\n    records._validate_fields(vals)\n"
            "  File \"/opt/odoo/addons/base_iban/models/res_partner_bank.py\", line " + str(R.randint(60, 120)) + ", in _check_iban\n"
            "    validate_iban(bank.acc_number)\n  File \"/opt/odoo/addons/base_iban/models/res_partner_bank.py\", line " + str(R.randint(30, 59)) + ", in validate_iban\n"
            "    raise ValidationError(_(\"The IBAN is invalid, it should begin with the country code\"))\nodoo.exceptions.ValidationError: The IBAN is invalid, it should begin with the country code\n```")


def nc_sql_ddl():
    L("sql")
    tbl = ch(["sepa_mandate", "vendor_bank_account", "payroll_batch", "corporate_card", "ksef_session"])
    cols = {"sepa_mandate": ["mandate_ref varchar(35) primary key", "creditor_id varchar(35) not null", "debtor_iban_enc bytea not null",
                             "debtor_iban_last4 char(4)", "signature_date date", "sequence_type varchar(4)"],
            "vendor_bank_account": ["id bigserial primary key", "vendor_id bigint references vendor(id)", "iban_ciphertext bytea", "iban_hash char(64)",
                                    "bic varchar(11)", "verified_by_callback boolean default false"],
            "payroll_batch": ["batch_id varchar(24) primary key", "period char(7)", "employee_count int", "gross_total_cents bigint", "file_sha256 char(64)"],
            "corporate_card": ["card_id uuid primary key", "pan_token varchar(64) not null", "pan_last4 char(4)", "expiry_month smallint", "cardholder_ref uuid"],
            "ksef_session": ["session_ref varchar(64)", "auth_token_ref varchar(128)", "token_expires_at timestamptz", "nip_hash char(64)"]}[tbl]
    return "```sql\nCREATE TABLE " + tbl + " (\n    " + ",\n    ".join(cols) + "\n);\nCREATE INDEX ix_" + tbl + "_" + cols[1].split()[0] + " ON " + tbl + " (" + cols[1].split()[0] + ");\n```"


def nc_schematron():
    lang = L(ch(["en", "de"]))
    rules = ["[BR-DE-15] The element \"Buyer reference\" (BT-10) must be provided.", "[BR-CO-15] Invoice total amount with VAT (BT-112) = Invoice total amount without VAT (BT-109) + Invoice total VAT amount (BT-110).",
             "[PEPPOL-EN16931-R008] Document MUST not contain empty elements.", "[BR-DE-23-a] Wenn BT-81 \"Payment means type code\" einen Wert einer Überweisung enthält, muss BG-17 \"CREDIT TRANSFER\" übermittelt werden.",
             "[UBL-CR-561] A UBL invoice should not include the PayeeFinancialAccount/FinancialInstitutionBranch/FinancialInstitution.", "[BR-61] If the Payment means type code (BT-81) means SEPA credit transfer, the Payment account identifier (BT-84) shall be present.",
             "[PEPPOL-EN16931-R061] Mandate reference MUST be provided for direct debit.", "[BR-DE-19] BT-84 \"Payment account identifier\" soll eine korrekte IBAN enthalten."]
    sel = R.sample(rules, R.randint(1, 4))
    return "KoSIT validator output:\n```\n" + "\n".join(f"{ch(['ERROR', 'WARN', 'FATAL'])} {r}  @ /Invoice[1]/cac:PaymentMeans[1]" for r in sel) + "\n```"


def nc_xpath():
    L("xml")
    paths = ["/ubl:Invoice/cac:PaymentMeans/cac:PayeeFinancialAccount/cbc:ID", "/ubl:Invoice/cac:PaymentMeans/cac:PaymentMandate/cbc:ID",
             "/ubl:Invoice/cac:PaymentMeans/cac:CardAccount/cbc:PrimaryAccountNumberID", "/ubl:Invoice/cac:AccountingSupplierParty/cac:Party/cac:PartyTaxScheme/cbc:CompanyID",
             "/ubl:Invoice/cac:AccountingCustomerParty/cac:Party/cac:Contact/cbc:ElectronicMail", "/ubl:Invoice/cac:AccountingCustomerParty/cac:Party/cac:Contact/cbc:Telephone",
             "/rsm:CrossIndustryInvoice/rsm:SupplyChainTradeTransaction/ram:ApplicableHeaderTradeSettlement/ram:SpecifiedTradeSettlementPaymentMeans/ram:PayeePartyCreditorFinancialAccount/ram:IBANID",
             "/Document/CstmrCdtTrfInitn/PmtInf/CdtTrfTxInf/CdtrAcct/Id/IBAN"]
    sel = R.sample(paths, R.randint(2, 5))
    return "mapping table for the DLP masking step (these elements get masked in the archive copy):\n```\n" + "\n".join(f"{p} -> mask_{ch(['iban', 'pan', 'tax_id', 'contact'])}()" for p in sel) + "\n```"


def nc_regex_defs():
    L("python")
    return (f"```python\n# {ch(['validators.py', 'rules/banking.py', 'dlp/patterns.py', 'ingest/checks.py'])}\nIBAN_RE = re.compile(r\"^[A-Z]{2}\\d{2}[A-Z0-9]{11,30}$\")\nVAT_DE_RE = re.compile(r\"^DE\\d{9}$\")\nRF_REF_RE = re.compile(r\"^RF\\d{2}[A-Z0-9]{1,21}$\")\n"
            "SEPA_CREDITOR_ID_RE = re.compile(r\"^[A-Z]{2}\\d{2}[A-Z0-9]{3}[A-Z0-9]{1,28}$\")\n"
            f"MANDATE_REF_RE = re.compile(r\"^[A-Za-z0-9+?/:().,' -]{{1,35}}$\")\n"
            f"{ch(['PAN_RE', 'CARD_NUMBER_RE'])} = re.compile(r\"\\b(?:\\d[ -]?){{13,19}}\\b\")  # only used to REJECT uploads containing card numbers\n```")


def nc_ts_interface():
    L("ts")
    name = ch(["CorporateCard", "VendorBankAccount", "ExpenseClaim", "EbicsUser"])
    fields = {"CorporateCard": ["cardToken: string;", "panLast4: string;", "expiryMonth: number;", "holderRef: string;  // uuid, no name"],
              "VendorBankAccount": ["ibanMasked: string;", "ibanHash: string;", "bic?: string;", "verifiedByCallbackAt?: string;"],
              "ExpenseClaim": ["claimId: string;", "cardTokenRef?: string;", "amountCents: number;", "receiptDocId: string;"],
              "EbicsUser": ["userId: string;", "partnerId: string;", "signatureClass: 'E' | 'A' | 'B' | 'T';", "keyPasswordRef: string;  // vault path"]}[name]
    return f"```ts\nexport interface {name} {{\n  " + "\n  ".join(fields) + "\n}\n```"


def nc_abap_dump():
    L("en")
    return (f"SAP short dump in the payment run:\n```\nCategory               ABAP Programming Error\nRuntime Errors         {ch(['CONVT_NO_NUMBER', 'OBJECTS_OBJREF_NOT_ASSIGNED', 'UNCAUGHT_EXCEPTION'])}\n"
            f"Except.                {ch(['CX_SY_CONVERSION_NO_NUMBER', 'CX_SY_REF_IS_INITIAL'])}\nABAP Program           {ch(['ZFI_SEPA_MANDATE_CHECK', 'ZFI_IBAN_VALIDATION', 'ZFI_PAYMENT_MEDIUM_PAIN001'])}\n"
            f"Application Component  FI-AP\nDate and Time          {rdt():%d.%m.%Y %H:%M:%S}\n\nInformation on where terminated\n    The termination occurred in the ABAP program \"SAPLZFI_IBAN\" - in \"Z_CHECK_CREDITOR_REFERENCE\".\n"
            f"    The main program was \"RFFOEDI1\".\n    In the source code you have the termination point in line {R.randint(40, 900)}\n```")


def nc_kotlin_data():
    L("kotlin")
    return (f"```kotlin\ndata class PayrollBatch(\n    val batchId: String,\n    val period: YearMonth,\n    val employeeCount: Int,\n    val grossTotalCents: Long,\n"
            f"    val fileSha256: String,\n)\n\nfun PayrollBatch.maskedForSlack() = \"$batchId ({{employeeCount}} slips, ${{grossTotalCents / 100}} EUR)\"\n"
            f"private const val PAYROLL_SFTP_PASSWORD_REF = \"vault:secret/data/payroll/sftp#{ch(['password', 'pass'])}\"\n```")


def nc_csharp():
    L("csharp")
    return ("```csharp\npublic sealed class EbicsCredentialOptions\n{\n    public string KeystorePath { get; init; } = \"\";\n"
            "    public string KeystorePasswordSecretName { get; init; } = \"ebics-keystore-password\";\n    public SecureString? SignatureCardPin { get; set; }\n"
            f"    public TimeSpan TokenRefreshSkew {{ get; init; }} = TimeSpan.FromSeconds({R.randint(30, 300)});\n}}\n```")


def nc_go_panic():
    L("go")
    return (f"```\npanic: runtime error: invalid memory address or nil pointer dereference\n[signal SIGSEGV: segmentation violation code=0x1 addr=0x{R.randint(0, 64):x} pc=0x{hx(7)}]\n\n"
            f"goroutine {R.randint(1, 400)} [running]:\ngithub.com/acme-fin/ledger/internal/datev.(*Exporter).writeBatch(0xc000{hx(6)}, {{0xc000{hx(6)}, 0x{R.randint(1, 99):x}, 0x{R.randint(100, 200):x}}})\n"
            f"\t/src/internal/datev/exporter.go:{R.randint(50, 400)} +0x{hx(3)}\ngithub.com/acme-fin/ledger/internal/secrets.(*VaultClient).ClientSecret(...)\n"
            f"\t/src/internal/secrets/vault.go:{R.randint(20, 200)}\nmain.main()\n\t/src/cmd/exporter/main.go:{R.randint(20, 90)} +0x{hx(3)}\nexit status 2\n```")


def nc_tf_resource():
    L("hcl")
    name = ch(["ebics_signing_key_password", "peppol_ap_api_key", "datev_client_secret", "payroll_sftp_password", "ksef_authorisation_token"])
    return (f"```hcl\nresource \"aws_secretsmanager_secret\" \"{name}\" {{\n  name       = \"fin/{name.replace('_', '-')}\"\n  kms_key_id = aws_kms_key.finance.arn\n}}\n\n"
            f"resource \"aws_secretsmanager_secret_rotation\" \"{name}\" {{\n  secret_id           = aws_secretsmanager_secret.{name}.id\n"
            f"  rotation_lambda_arn = aws_lambda_function.rotate_{name}.arn\n  rotation_rules {{ automatically_after_days = {ch([30, 60, 90])} }}\n}}\n```")


def nc_feature_flags():
    L("en")
    flags = ["einvoice.ksef_token_refresh_v2", "payments.iban_callback_verification_required", "cards.pan_tokenization_only", "payroll.mask_bank_details_in_export",
             "legal.contract_ai_review_redact_personal_data", "ebics.es_signature_two_person_rule", "ap.block_vendor_iban_change_without_ticket", "ar.rf_reference_on_invoices"]
    sel = R.sample(flags, R.randint(2, 5))
    return "flags flipped for the FY close:\n" + "\n".join(f"- `{f}`: {ch(['true', 'false', '50%'])}" for f in sel)


def nc_logfmt():
    L("en")
    rows = []
    for _ in range(R.randint(3, 7)):
        rows.append(f"ts={iso(rdt())} level={ch(['info', 'warn', 'error'])} component={ch(['ksef-session', 'peppol-ap', 'ebics', 'sdi-client'])} "
                    f"msg=\"{ch(['token refresh failed', 'auth token expires soon', 'password rotation scheduled', 'signing key loaded', 'secret cache miss'])}\" "
                    f"token_type={ch(['authorisation', 'session', 'refresh'])} secret_ref={ch(['vault:fin/ksef', 'vault:fin/peppol', 'env:EBICS_KEY_PASSWORD'])} attempt={R.randint(1, 5)}")
    return "```\n" + "\n".join(rows) + "\n```"


def nc_dbt():
    L("sql")
    return (f"```sql\n-- models/marts/fct_ap_payments.sql\nselect\n    p.payment_id,\n    p.invoice_number,\n    sha256(p.creditor_iban)      as creditor_iban_hash,\n"
            f"    right(p.creditor_iban, 4)    as creditor_iban_last4,\n    p.amount_eur,\n    p.value_date\nfrom {{{{ ref('stg_bank__camt053_entries') }}}} p\n"
            f"where p.booking_status = '{ch(['BOOK', 'PDNG'])}'\n```")


def nc_vba():
    L("vba")
    return (f"Excel macro in the old {ch(['dunning', 'payment-run', 'vendor-master', 'expense'])} workbook:\n```vba\nFunction {ch(['ValidateIBAN', 'IbanOk', 'CheckIban', 'PruefeIBAN'])}(ByVal sIban As String) As Boolean\n    Dim sRearranged As String, i As Integer, lRest As Long\n"
            "    sIban = UCase(Replace(sIban, \" \", \"\"))\n    sRearranged = Mid(sIban, 5) & Left(sIban, 4)\n    For i = 1 To Len(sRearranged)\n"
            "        lRest = (lRest * IIf(IsNumeric(Mid(sRearranged, i, 1)), 10, 100) + Val36(Mid(sRearranged, i, 1))) Mod 97\n    Next i\n    ValidateIBAN = (lRest = 1)\nEnd Function\n```")


def nc_laravel():
    L("php")
    return (f"```php\n// config/services.php ({ch(['portal', 'expenses', 'supplier-onboarding'])})\n'datev' => [\n    'client_id' => env('DATEV_CLIENT_ID'),\n    'client_secret' => env('DATEV_CLIENT_SECRET'),\n],\n"
            "'mollie' => ['key' => env('MOLLIE_KEY')],\n// usage\n$secret = config('services.datev.client_secret');\n```")


def nc_py_trace():
    L("python")
    return (f"```\nTraceback (most recent call last):\n  File \"/app/peppol/sender.py\", line {R.randint(40, 300)}, in send_invoice\n"
            f"    token = self._token_provider.get_access_token(scope=\"invoice:send\")\n  File \"/app/peppol/auth.py\", line {R.randint(20, 120)}, in get_access_token\n"
            f"    raise TokenExpiredError(f\"access token expired at {{self._expires_at}}; refresh_token_ref={{self._refresh_ref!r}}\")\n"
            f"peppol.auth.TokenExpiredError: access token expired at {iso(rdt())}; refresh_token_ref='vault:fin/peppol/refresh'\n```")


def nc_config_keys():
    L("yaml")
    return (f"```yaml\nebics:\n  host-id: {ch(['BANKHOST', 'EBIXQUAL'])}\n  keystore:\n    path: /etc/ebics/keystore.p12\n    password-file: /run/secrets/ebics_keystore_password\n"
            f"  signature-class: {ch(['E', 'A', 'T'])}\nsepa:\n  creditor-id-ref: config/creditor-id\n  mandate:\n    reference-prefix: {ch(['MNDT', 'UMR', 'SEPA'])}-\n"
            f"cards:\n  pan-tokenizer: {ch(['vault-transit', 'hsm'])}\n  store-last4-only: true\n```")


def nc_rust_err():
    L("rust")
    return (f"```\nerror[E0599]: no method named `expose_secret` found for struct `ApiKey` in the current scope\n  --> src/peppol/client.rs:{R.randint(10, 300)}:{R.randint(5, 40)}\n"
            f"   |\n{R.randint(10, 99)} |         .bearer_auth(self.api_key.expose_secret())\n   |                                   ^^^^^^^^^^^^^ method not found in `ApiKey`\n"
            f"   |\n   = help: items from traits can only be used if the trait is in scope\nhelp: trait `ExposeSecret` which provides `expose_secret` is implemented but not in scope\n```")


def nc_k8s():
    L("en")
    rows = [f"{ch(['invoice-parser', 'peppol-gateway', 'ebics-client', 'datev-exporter'])}-{hx(10)}-{rs(5, LO + DIG)}   {ch(['1/1', '0/1'])}     {ch(['Running', 'CrashLoopBackOff', 'CreateContainerConfigError'])}   {R.randint(0, 40)}  {R.randint(1, 59)}m"
            for _ in range(R.randint(2, 5))]
    return ("```\n$ kubectl -n finance get pods\nNAME                                   READY   STATUS    RESTARTS   AGE\n" + "\n".join(rows) +
            f"\n$ kubectl -n finance describe pod | grep -i secret\n  Warning  Failed  secret \"ebics-keystore-password\" not found\n```")


NC_TEMPLATES = [nc_py_iban, nc_java_trace, nc_odoo, nc_sql_ddl, nc_schematron, nc_xpath, nc_regex_defs, nc_ts_interface, nc_abap_dump,
                nc_kotlin_data, nc_csharp, nc_go_panic, nc_tf_resource, nc_feature_flags, nc_logfmt, nc_dbt, nc_vba, nc_laravel,
                nc_py_trace, nc_config_keys, nc_rust_err, nc_k8s]


# --------------------------------------------------------------------------- talk_about_secrets

TALK = {
    "en": ["Reminder: never paste the online-banking password into Slack, not even in a DM. It lives in the vault under Finance/Banking.",
           "The EBICS signing keys expire next month; the managing director has to sign the new INI letter before we can upload.",
           "Got another 'please update our bank details' email from a supplier. Do NOT change the IBAN in the vendor master until someone calls them back on the number we already have on file.",
           "Can someone rotate the API key for the Peppol access point? The old one was in the onboarding doc that went to the auditors.",
           "Corporate card numbers go into the expense tool only. If travel needs one, use the one-time share link, not email.",
           "Please strip IBANs and tax IDs from the Jira ticket before you attach the bank statement — data protection asked us twice already.",
           "Is the ELSTER certificate password still the one from last year or did tax change it after the audit?",
           "The KSeF authorisation token expired overnight, which is why the Polish invoices are stuck. The new token is in the vault, not here.",
           "Auditors want evidence that we rotate service-account passwords every 90 days. A screenshot of the vault policy is enough, no actual passwords.",
           "Our DLP flagged a 'credit card number' in the ledger export — it was an invoice total with a lot of digits. False positive, closing.",
           "Don't forward the payroll provider's login by mail; request your own account through the helpdesk.",
           "The phone number on the fake invoice differed from the one in the contract. Classic payment-diversion attempt, reported to the bank.",
           "If anyone ever asks you for a TAN or the signature card PIN by phone, hang up. The bank never does that.",
           "We're moving the shared finance mailbox to SSO, so the old shared password dies on Friday.",
           "Who owns the GitHub token the ledger-tools CI uses? It expires in a week and the pipeline will break silently."],
    "de": ["Bitte keine Passwörter fürs Bankportal hier posten – die liegen im Tresor unter Finanzen/Banken.",
           "Die EBICS-Schlüssel laufen Ende des Monats ab, der neue INI-Brief muss von der Geschäftsführung unterschrieben werden.",
           "Schon wieder eine Mail mit geänderter Bankverbindung eines Lieferanten. Bitte erst telefonisch über die bekannte Nummer aus dem Stammsatz verifizieren, nie über die Nummer in der Mail.",
           "Das ELSTER-Zertifikat hat ein neues Passwort, bitte bei der Steuerabteilung erfragen, nicht hier im Kanal.",
           "Kreditkartennummern gehören nicht in Tickets. Wenn überhaupt, nur die letzten vier Ziffern nennen.",
           "Wer hat den API-Schlüssel für die XRechnung-Schnittstelle? Der alte wurde gestern widerrufen.",
           "Laut Datenschutz dürfen wir IBANs von Mitarbeitenden nicht im Lohn-Channel teilen.",
           "Der Prüfer möchte die Passwortrichtlinie sehen, nicht die Passwörter selbst 🙂",
           "Die Signaturkarte des Notariats ist gesperrt, weil dreimal die falsche PIN eingegeben wurde. Die PUK liegt im Safe.",
           "Für das beA brauchen wir eine neue Karte, die PIN kommt per separatem Brief.",
           "Bitte die Handynummern der Geschäftsführung nicht in die Rückruf-Liste im Wiki schreiben, die gehört ins geschützte Verzeichnis.",
           "Der DATEV-Zugang läuft über SmartLogin, ein Passwort gibt es da gar nicht mehr."],
    "fr": ["Rappel : on ne partage jamais le mot de passe de la banque en ligne sur Slack, il est dans le coffre-fort.",
           "Le certificat EBICS T arrive à expiration, il faut que la direction signe la nouvelle lettre INI.",
           "Encore un mail de « changement de RIB » d'un fournisseur. On ne touche pas à l'IBAN avant un contre-appel au numéro connu.",
           "Qui a la clé API de la plateforme de dématérialisation ? L'ancienne a été révoquée hier.",
           "Merci de retirer les IBAN et numéros de sécurité sociale des pièces jointes avant de les déposer dans le ticket.",
           "La carte affaires a été bloquée, la banque envoie une nouvelle carte ; ne m'envoyez pas le numéro par mail.",
           "Le commissaire aux comptes veut la politique de mots de passe, pas les mots de passe eux-mêmes.",
           "Le jeton d'accès à Chorus Pro expire tous les 90 jours, pensez à le renouveler avant la clôture.",
           "Le greffe refuse le dépôt : la clé de signature a expiré, il faut un nouveau certificat RGS**."],
    "nl": ["Niet het wachtwoord van de bankomgeving in dit kanaal zetten, het staat in de kluis.",
           "De leverancier meldt een nieuw rekeningnummer per mail. Eerst terugbellen op het bekende nummer uit de stamgegevens!",
           "Kan iemand de API-sleutel van het Peppol-accesspoint roteren? De oude stond in een gedeeld document.",
           "Creditcardnummers horen niet in tickets, alleen de laatste vier cijfers graag.",
           "De accountant vraagt naar ons wachtwoordbeleid, niet naar de wachtwoorden zelf.",
           "Het eHerkenning-middel van de controller verloopt volgende maand; zonder dat geen btw-aangifte."],
    "it": ["Promemoria: la password dell'home banking non va mai scritta qui, è nel vault.",
           "Il token per lo SDI è scaduto stanotte, per questo le fatture elettroniche sono ferme.",
           "Un fornitore ci chiede via email di cambiare l'IBAN: prima si richiama al numero che abbiamo in anagrafica.",
           "Per favore non mandate il numero della carta aziendale per email, usate il portale note spese.",
           "Il revisore vuole la policy sulle password, non le password.",
           "La firma digitale del legale rappresentante scade a fine mese, serve il PIN nuovo dalla CA."],
    "es": ["No pongáis la contraseña de la banca online en Slack; está en el gestor de contraseñas.",
           "El certificado digital de la empresa caduca en marzo y sin él no podemos presentar el modelo 303.",
           "Nos ha llegado otro correo pidiendo cambiar la cuenta bancaria de un proveedor. Antes de tocar nada, llamad al teléfono que ya tenemos.",
           "¿Quién tiene la clave API de Verifactu? La anterior se revocó ayer.",
           "Por protección de datos, quitad los IBAN y los DNI de los adjuntos antes de subirlos."],
    "pt": ["Não partilhem a palavra-passe do homebanking aqui, está no cofre.",
           "A chave de API do fornecedor de faturação eletrónica foi revogada; peçam uma nova pelo helpdesk.",
           "Recebemos um email a pedir alteração do IBAN de um fornecedor. Confirmem primeiro por telefone, pelo contacto que já temos.",
           "A senha de acesso ao Portal das Finanças da empresa muda na sexta, não a enviem por email."],
    "pl": ["Przypominam: hasła do bankowości elektronicznej nie wklejamy na Slacku, jest w sejfie haseł.",
           "Token KSeF wygasł w nocy, dlatego faktury stoją. Nowy token jest w sejfie, nie tutaj.",
           "Dostawca prosi mailem o zmianę numeru rachunku. Najpierw oddzwaniamy na numer z kartoteki.",
           "Nie wysyłajcie numerów kart służbowych mailem.",
           "Biegły rewident prosi o politykę haseł, a nie o same hasła."],
    "sv": ["Lägg aldrig in lösenordet till internetbanken här, det finns i valvet.",
           "En leverantör vill byta bankgiro via mejl – ring tillbaka på det nummer vi redan har innan något ändras.",
           "Vem har API-nyckeln till Peppol-accesspunkten? Den gamla är spärrad."],
    "da": ["Del ikke adgangskoden til netbanken her; den ligger i boksen.",
           "MitID Erhverv skal fornyes, og det kræver direktørens godkendelse.",
           "Kreditkortnumre skal ikke i tickets."],
    "fi": ["Älä jaa verkkopankin salasanaa täällä, se on salasanaholvissa.",
           "Toimittaja pyytää sähköpostilla vaihtamaan tilinumeron. Soitetaan ensin takaisin tunnettuun numeroon.",
           "Verkkolaskuoperaattorin API-avain vaihdetaan perjantaina."],
    "cs": ["Heslo do internetového bankovnictví sem nepište, je v trezoru.",
           "Dodavatel nám mailem poslal nové číslo účtu – nejdřív ověřit telefonem na známém čísle.",
           "Kvalifikovaný certifikát pro datovou schránku vyprší příští týden."],
    "el": ["Μην γράφετε τον κωδικό του e-banking εδώ, βρίσκεται στο θησαυροφυλάκιο κωδικών.",
           "Το κλειδί API για το myDATA ανανεώθηκε· ζητήστε πρόσβαση από το IT.",
           "Προμηθευτής ζητά με email αλλαγή IBAN. Πρώτα επιβεβαίωση τηλεφωνικά στον γνωστό αριθμό."],
    "bg": ["Не пишете паролата за онлайн банкирането тук, тя е в трезора.",
           "Доставчик иска по имейл смяна на банковата сметка – първо потвърждаваме по телефона от досието.",
           "Електронният подпис на управителя изтича, трябва нов ПИН от доставчика."],
    "hu": ["A netbank jelszavát ne írjátok ide, a jelszókezelőben van.",
           "A NAV Online Számla technikai felhasználó jelszavát holnap cseréljük.",
           "Egy beszállító e-mailben kéri a bankszámlaszám módosítását – előbb telefonon ellenőrizzük az ismert számon."],
    "ro": ["Nu scrieți parola de internet banking aici, este în seif.",
           "Tokenul pentru e-Factura a expirat; facturile nu pleacă până nu îl reînnoim.",
           "Un furnizor cere prin email schimbarea IBAN-ului – confirmăm întâi telefonic, la numărul din fișă."],
    "et": ["Internetipanga parooli ei jagata Slackis, see on paroolihalduris.",
           "E-arvete operaatori API-võti vahetatakse reedel."],
}


def _lead(lang):
    return ch(LEADIN.get(lang, LEADIN["en"]))


def nt_single():
    lang = L(ch(list(TALK)))
    return ch(TALK[lang])


def nt_multi():
    lang = L(ch([k for k in TALK if len(TALK[k]) >= 4]))
    return " ".join(R.sample(TALK[lang], R.randint(2, 3)))


def nt_thread():
    lang = L(ch(list(TALK)))
    a, b = R.sample(TALK[lang], 2)
    return f"> {a}\n{b}"


def nt_bilingual():
    l1, l2 = R.sample(["en", "de", "fr", "nl", "it", "es", "pl"], 2)
    L(l1)
    L(l2)
    return f"{ch(TALK[l1])}\n—\n{ch(TALK[l2])}"


def nt_checklist():
    lang = L(ch(["en", "de", "fr"]))
    items = {"en": ["revoke online-banking access", "remove the user from the EBICS subscriber list", "cancel the corporate card (last 4 digits only in the ticket)",
                    "rotate the shared finance mailbox password", "transfer ownership of the Peppol AP API key", "disable DATEV SmartLogin",
                    "collect the signature card and destroy the PIN letter", "remove from the payroll provider portal"],
             "de": ["Zugang Online-Banking sperren", "Teilnehmer aus EBICS entfernen", "Firmenkreditkarte kündigen (im Ticket nur die letzten 4 Ziffern)",
                    "Passwort des Sammelpostfachs Buchhaltung ändern", "API-Schlüssel des Peppol-AP übertragen", "DATEV SmartLogin deaktivieren",
                    "Signaturkarte einsammeln, PIN-Brief vernichten"],
             "fr": ["révoquer l'accès à la banque en ligne", "retirer l'utilisateur d'EBICS", "résilier la carte affaires (4 derniers chiffres seulement dans le ticket)",
                    "changer le mot de passe de la boîte partagée compta", "transférer la clé API de la plateforme de facturation"]}[lang]
    title = {"en": "Offboarding checklist (finance):", "de": "Offboarding-Checkliste Finanzen:", "fr": "Checklist de départ (finance) :"}[lang]
    return title + "\n" + "\n".join(f"- [{ch([' ', 'x'])}] {i}" for i in R.sample(items, R.randint(3, len(items))))


def nt_incident():
    L("en")
    d = rdate()
    return (f"*Incident FIN-{R.randint(100, 999)} — summary*\n- {d:%d %b}: supplier 'bank change' email received by AP, looked legit (same signature, lookalike domain).\n"
            f"- Callback to the number in the vendor master: supplier knew nothing about it.\n- No payment made, no credentials exposed, no personal data shared.\n"
            f"- Action: {ch(['two-person rule for IBAN changes', 'mandatory callback documented in the ticket', 'DMARC reject on our side'])}, phishing training for AP in {ch(['May', 'June', 'Q3'])}.")


def nt_faq():
    lang = L(ch(["en", "de", "nl", "fr"]))
    qa = {"en": [("Can I send my IBAN for the expense refund over Slack?", "No — enter it in the HR portal, it's encrypted there."),
                 ("Where is the banking password?", "In the vault, Finance/Banking. Ask the treasury lead for access."),
                 ("Someone asked for my TAN by phone, what now?", "Hang up, report it in #security, call the bank on the number on your card."),
                 ("Can the scanner tell an invoice number from a card number?", "Mostly; it checks the Luhn digit, but long totals still trip it.")],
          "de": [("Darf ich meine IBAN für die Reisekosten per Slack schicken?", "Nein, bitte im HR-Portal hinterlegen."),
                 ("Wo finde ich das Passwort fürs Bankportal?", "Im Tresor unter Finanzen/Banken, Freigabe durch Treasury."),
                 ("Was tun, wenn jemand am Telefon nach der TAN fragt?", "Auflegen und im Security-Kanal melden.")],
          "nl": [("Mag ik mijn IBAN voor de declaratie via Slack sturen?", "Nee, vul hem in het HR-portaal in."),
                 ("Waar staat het bankwachtwoord?", "In de kluis, map Finance/Bank.")],
          "fr": [("Puis-je envoyer mon RIB pour une note de frais sur Slack ?", "Non, saisissez-le dans le portail RH."),
                 ("Où est le mot de passe de la banque ?", "Dans le coffre-fort, dossier Finance/Banque.")]}[lang]
    sel = R.sample(qa, R.randint(1, len(qa)))
    return "\n\n".join(f"*Q:* {q}\n*A:* {a}" for q, a in sel)


def nt_policy_table():
    lang = L(ch(["en", "de"]))
    rows = [("Online banking", "Treasury", "90 days"), ("EBICS keystore", "Treasury", "on key renewal"), ("ELSTER certificate", "Tax", "yearly"),
            ("Peppol AP API key", "Finance IT", "180 days"), ("DATEV", "Accounting", "SSO, n/a"), ("Payroll portal", "HR", "90 days"),
            ("Shared AP mailbox", "AP lead", "on leaver")]
    sel = R.sample(rows, R.randint(3, 6))
    head = "| System | Owner | Rotation |" if lang == "en" else "| System | Verantwortlich | Rotation |"
    return head + "\n|---|---|---|\n" + "\n".join(f"| {a} | {b} | {c} |" for a, b, c in sel) + "\n" + ("(values are in the vault, obviously not here)" if lang == "en" else "(Werte stehen im Tresor, nicht hier)")


def nt_dlp_discussion():
    lang = L(ch(["en", "de", "fr"]))
    t = {"en": ["The DLP rule for IBANs also fires on RF creditor references because both use mod-97. We need a country-code allow-list.",
                "The card-number detector trips on SIRET numbers and Dutch payment references, since those are 14–16 digits. Luhn alone isn't enough context.",
                "Phone-number matching is hopeless for us: half our court case numbers and order ids look like mobile numbers.",
                "Proposal: the redactor should skip anything inside <cbc:EmbeddedDocumentBinaryObject>, it's always a PDF."],
          "de": ["Die DLP-Regel für IBANs schlägt auch bei RF-Referenzen an, weil beide Mod-97 nutzen. Wir brauchen eine Länderliste.",
                 "Der Kreditkarten-Detektor meckert bei Betalingskenmerken und SIRET-Nummern, die sind 14–16-stellig.",
                 "Aktenzeichen sehen für den Filter aus wie Telefonnummern. Das nervt."],
          "fr": ["La règle DLP sur les IBAN se déclenche aussi sur les références RF, même algorithme mod 97.",
                 "Le détecteur de cartes bancaires se trompe sur les SIRET : 14 chiffres, clé de Luhn, donc faux positifs garantis."]}[lang]
    return " ".join(R.sample(t, R.randint(1, min(2, len(t)))))


def nt_training_quiz():
    lang = L(ch(["en", "de", "es", "it", "pl"]))
    t = {"en": "Quiz for the AP training: 1) A supplier emails new bank details — what do you do? 2) Where do card numbers go? 3) Who can approve an IBAN change?",
         "de": "Quiz für die Kreditoren-Schulung: 1) Lieferant schickt neue Bankdaten per Mail – was tun? 2) Wo gehören Kartennummern hin? 3) Wer darf eine IBAN-Änderung freigeben?",
         "es": "Test de formación: 1) Un proveedor manda nuevos datos bancarios por email, ¿qué hacemos? 2) ¿Dónde se guardan los números de tarjeta? 3) ¿Quién aprueba un cambio de IBAN?",
         "it": "Quiz di formazione: 1) Un fornitore invia nuove coordinate bancarie via email: cosa fai? 2) Dove vanno i numeri di carta? 3) Chi approva un cambio IBAN?",
         "pl": "Quiz szkoleniowy: 1) Dostawca przysyła nowe dane bankowe mailem – co robisz? 2) Gdzie przechowujemy numery kart? 3) Kto zatwierdza zmianę rachunku?"}[lang]
    return t


def nt_small_lang():
    lang = L(ch(["da", "fi", "cs", "el", "bg", "hu", "ro", "et", "sv", "pt"]))
    k = R.randint(1, min(2, len(TALK[lang])))
    return " ".join(R.sample(TALK[lang], k))


NT_TEMPLATES = [nt_single, nt_multi, nt_thread, nt_bilingual, nt_checklist, nt_incident, nt_faq, nt_policy_table, nt_dlp_discussion,
                nt_training_quiz, nt_small_lang, nt_small_lang, nt_thread]

NEG_CATS = [("non_credential_blob", NB_TEMPLATES), ("pii_lookalike_number", NP_TEMPLATES), ("data_uri_base64", ND_TEMPLATES),
            ("placeholder_example", NE_TEMPLATES), ("code_identifier", NC_TEMPLATES), ("talk_about_secrets", NT_TEMPLATES)]


# =========================================================================== POSITIVES
# --------------------------------------------------------------------------- value generators

def v_anthropic():
    return "sk-ant-api03-" + rs(93, AL + "-_") + "AA"


def v_aws_id():
    return ch(["AKIA", "AKIA", "AKIA", "ASIA"]) + rs(16, UP + "234567")


def v_aws_secret():
    return rs(40, AL + "/+")


def v_card():
    t = ch(["visa", "visa", "mc", "mc2", "amex"])
    if t == "visa":
        p = "4" + dg(14)
    elif t == "mc":
        p = "5" + ch("12345") + dg(13)
    elif t == "mc2":
        p = str(R.randint(2221, 2720)) + dg(11)
    else:
        p = ch(["34", "37"]) + dg(12)
    n = p + luhn_digit(p)
    f = R.randint(0, 2)
    if f == 0:
        return n
    sep = " " if f == 1 else "-"
    if len(n) == 15:
        return sep.join([n[:4], n[4:10], n[10:]])
    return sep.join(wrap(n, 4))


FIRST = {"de": ["anna", "jonas", "lena", "felix", "katrin", "tobias"], "fr": ["camille", "julien", "manon", "antoine"],
         "nl": ["sanne", "joris", "femke", "bram"], "it": ["giulia", "marco", "chiara", "luca"], "es": ["lucia", "javier", "marta", "pablo"],
         "pl": ["agnieszka", "tomasz", "katarzyna", "piotr"], "sv": ["elin", "oskar"], "fi": ["aino", "mikko"], "en": ["sarah", "tom", "aoife", "ciaran"],
         "pt": ["ines", "tiago"], "cs": ["tereza", "jakub"], "da": ["freja", "mads"], "hu": ["zsofia", "bence"], "el": ["eleni", "nikos"]}
LAST = {"de": ["brandt", "hoffmann", "vogel", "kaiser", "lorenz", "winkler"], "fr": ["garnier", "moreau", "rousseau", "fontaine"],
        "nl": ["bakker", "visser", "jansen", "smit"], "it": ["ferrari", "colombo", "ricci", "marino"], "es": ["navarro", "romero", "ortega", "molina"],
        "pl": ["nowak", "kowalczyk", "wojcik", "zielinska"], "sv": ["lindqvist", "berg"], "fi": ["virtanen", "korhonen"], "en": ["walsh", "byrne", "hughes"],
        "pt": ["ferreira", "costa"], "cs": ["novakova", "dvorak"], "da": ["nielsen", "holm"], "hu": ["nagy", "kovacs"], "el": ["papadopoulou", "georgiou"]}
DOMAINS = {"de": ["nordlicht-logistik.de", "notariat-am-markt.de", "hanse-papierwerke.de", "stb-kanzlei-rheinauen.de"],
           "fr": ["rhone-emballages.fr", "cabinet-garonne-avocats.fr", "cac-vosges-audit.fr"], "nl": ["polder-logistiek.nl", "notariskantoor-grachten.nl"],
           "it": ["vesuvio-tessuti.it", "studiolegale-adriatico.it"], "es": ["iberia-envases.es", "gestoria-meseta.es"], "pl": ["wisla-meble.pl", "biuro-baltyk.pl"],
           "sv": ["fjallvind.se"], "fi": ["kalevala-puu.fi"], "en": ["liffey-analytics.ie", "thames-freight.co.uk"], "pt": ["tejo-ceramicas.pt"],
           "cs": ["vltava-strojirny.cz"], "da": ["oresund-shipping.dk"], "hu": ["dunapapir.hu"], "el": ["aigaio-trofima.gr"]}


def v_email(lang):
    lang = lang if lang in FIRST else "en"
    f, l, d = ch(FIRST[lang]), ch(LAST[lang]), ch(DOMAINS[lang])
    return ch([f"{f}.{l}@{d}", f"{f[0]}.{l}@{d}", f"{l}@{d}", f"{f}{l[0]}@{d}", f"{f}.{l}{R.randint(1, 9)}@{d}"])


def v_ghp():
    body = rs(30)
    c = zlib.crc32(body.encode()) & 0xFFFFFFFF
    s = ""
    while c:
        c, r = divmod(c, 62)
        s = B62[r] + s
    return "ghp_" + body + s.rjust(6, "0")


def v_ghfine():
    return "github_pat_11" + rs(20, UP + DIG) + "_" + rs(59, AL)


BBAN = {"DE": lambda: dg(8) + dg(10), "AT": lambda: dg(5) + dg(11), "NL": lambda: ch(["INGB", "ABNA", "RABO", "TRIO", "SNSB"]) + dg(10),
        "IT": lambda: ch(UP) + dg(5) + dg(5) + dg(12), "ES": lambda: dg(20), "PL": lambda: dg(24), "PT": lambda: dg(21),
        "SE": lambda: dg(20), "FI": lambda: dg(14), "DK": lambda: dg(14), "IE": lambda: ch(["AIBK", "BOFI"]) + dg(14),
        "LU": lambda: dg(3) + rs(13, DIG + UP), "CZ": lambda: dg(20), "GR": lambda: dg(7) + rs(16, DIG), "HU": lambda: dg(24),
        "RO": lambda: ch(["BTRL", "RNCB", "BRDE"]) + rs(16, DIG + UP), "EE": lambda: dg(16), "BG": lambda: ch(["BNBG", "UNCR"]) + dg(6) + rs(8, DIG),
        "CH": lambda: dg(5) + rs(12, DIG)}


def v_iban(cc):
    if cc == "FR":
        bank, br, acc = dg(5), dg(5), dg(11)
        key = 97 - ((89 * int(bank) + 15 * int(br) + 3 * int(acc)) % 97)
        bban = bank + br + acc + f"{key:02d}"
    elif cc == "BE":
        b = dg(10)
        bban = b + f"{(int(b) % 97) or 97:02d}"
    else:
        bban = BBAN[cc]()
    s = iban_make(cc, bban)
    assert len(s) == IBAN_LEN[cc], (cc, s)
    return " ".join(wrap(s, 4)) if R.random() < 0.55 else s


def v_ipv4():
    while True:
        a, b, c, d = R.randint(1, 223), R.randint(0, 255), R.randint(0, 255), R.randint(1, 254)
        if ip_public(a, b, c, d):
            return f"{a}.{b}.{c}.{d}"


def v_jwt():
    alg = ch(["HS256", "RS256", "RS256"])
    hdr = {"alg": alg, "typ": "JWT"}
    if alg == "RS256":
        hdr["kid"] = hx(16)
    iat = epoch(rdt())
    pl = {"sub": ch(["svc-ap-automation", "svc-peppol-sender", "ksef-bridge", "dms-export", uuid4()]),
          "iss": ch(["https://auth.einvoice-hub.eu", "https://login.fin-portal.eu/oauth2", "https://sso.kanzlei-intern.eu"]),
          "aud": ch(["peppol-api", "invoice-hub", "dms"]), "iat": iat, "exp": iat + ch([900, 3600, 86400]),
          "scope": ch(["invoice:send invoice:read", "documents:read", "payments:initiate"]), "tenant": ch(["de-01", "fr-02", "pl-01", "nl-01"])}
    sig = b64u(rb(256 if alg == "RS256" else 32))
    return b64u(json.dumps(hdr, separators=(",", ":")).encode()) + "." + b64u(json.dumps(pl, separators=(",", ":")).encode()) + "." + sig


def v_openai():
    t = R.randint(0, 2)
    if t == 0:
        return "sk-proj-" + rs(R.randint(58, 74), AL + "-_") + "T3BlbkFJ" + rs(R.randint(58, 74), AL + "-_")
    if t == 1:
        return "sk-" + rs(20) + "T3BlbkFJ" + rs(20)
    return "sk-svcacct-" + rs(R.randint(58, 74), AL + "-_") + "T3BlbkFJ" + rs(R.randint(58, 74), AL + "-_")


def v_password():
    t = R.randint(0, 3)
    if t == 0:
        return rs(R.randint(12, 20), AL + "!#%&*+-=?@^_")
    if t == 1:
        w = ch(["Bilanz", "Kanzlei", "Treso", "Compta", "Ledger", "Notaire", "Fattura", "Faktura", "Kassa", "Revisio"])
        return f"{w}{ch(['!', '#', '-', '_', '.'])}{dg(R.randint(3, 5))}{ch(['!', '?', '$', '%', '&'])}{rs(3, UP + LO)}"
    if t == 2:
        return "-".join(ch(["herbst", "brücke", "lampe", "soleil", "tulp", "mare", "zamek", "fjord", "kivi", "řeka"]) for _ in range(3)) + str(R.randint(10, 99))
    return rs(R.randint(16, 28), AL)


def v_url_pw():
    return ch([rs(R.randint(10, 22), AL + "-_.~"), rs(R.randint(18, 32), AL), rs(4, UP) + dg(4) + rs(6, LO) + ch(["-", "_", "."]) + dg(2)])


def v_phone(cc):
    f = {
        "DE": lambda: ch([f"+49 {ch(['151', '160', '170', '171', '176'])} {dg(4)} {dg(4)}", f"0{ch(['30', '40', '89', '69', '221'])} {dg(7)}", f"+49 (0){ch(['30', '40', '89'])} {dg(3)} {dg(4)}-{dg(2)}"]),
        "FR": lambda: ch([f"+33 {ch('67')} {dg(2)} {dg(2)} {dg(2)} {dg(2)}", f"0{ch('1234567')} {dg(2)} {dg(2)} {dg(2)} {dg(2)}", f"+33 (0){ch('12345')} {dg(2)} {dg(2)} {dg(2)} {dg(2)}"]),
        "IT": lambda: ch([f"+39 3{dg(2)} {dg(3)} {dg(4)}", f"+39 0{ch(['2', '6', '11', '81'])} {dg(4)} {dg(4)}"]),
        "ES": lambda: ch([f"+34 6{dg(2)} {dg(3)} {dg(3)}", f"9{dg(2)} {dg(3)} {dg(3)}"]),
        "NL": lambda: ch([f"+31 6 {dg(4)} {dg(4)}", f"06-{dg(8)}", f"020 {dg(3)} {dg(4)}"]),
        "PL": lambda: ch([f"+48 {ch('5678')}{dg(2)} {dg(3)} {dg(3)}", f"+48 22 {dg(3)} {dg(2)} {dg(2)}"]),
        "SE": lambda: ch([f"+46 7{ch('0236')} {dg(3)} {dg(2)} {dg(2)}", f"08-{dg(3)} {dg(3)} {dg(2)}"]),
        "AT": lambda: f"+43 6{ch(['64', '76', '99'])} {dg(7)}",
        "BE": lambda: f"+32 4{dg(2)} {dg(2)} {dg(2)} {dg(2)}",
        "PT": lambda: f"+351 9{ch('1236')}{dg(1)} {dg(3)} {dg(3)}",
        "CZ": lambda: f"+420 {ch('67')}{dg(2)} {dg(3)} {dg(3)}",
        "GR": lambda: ch([f"+30 69{dg(1)} {dg(3)} {dg(4)}", f"+30 210 {dg(3)} {dg(4)}"]),
        "FI": lambda: f"+358 4{ch('0145')} {dg(3)} {dg(4)}",
        "DK": lambda: f"+45 {dg(2)} {dg(2)} {dg(2)} {dg(2)}",
        "IE": lambda: f"+353 8{ch('3567')} {dg(3)} {dg(4)}",
        "HU": lambda: f"+36 {ch(['20', '30', '70'])} {dg(3)} {dg(4)}",
        "GB": lambda: ch([f"+44 7{dg(3)} {dg(6)}", f"+44 20 7{dg(3)} {dg(4)}"]),
    }[cc]
    return f()


def v_ssn():
    while True:
        a = R.randint(1, 899)
        if a != 666:
            break
    g, s = R.randint(1, 99), R.randint(1, 9999)
    sep = ch(["-", "-", "-", " ", ""])
    return f"{a:03d}{sep}{g:02d}{sep}{s:04d}"


def v_slack_bot():
    return f"xoxb-{dg1(R.randint(10, 13))}-{dg1(R.randint(10, 13))}-{rs(24)}"


def v_slack_user():
    return f"xoxp-{dg1(R.randint(10, 13))}-{dg1(R.randint(10, 13))}-{dg1(R.randint(10, 13))}-{hx(32)}"


# --------------------------------------------------------------------------- PEM bodies

def der_len(n):
    if n < 128:
        return bytes([n])
    b = n.to_bytes((n.bit_length() + 7) // 8, "big")
    return bytes([0x80 | len(b)]) + b


def tlv(t, v):
    return bytes([t]) + der_len(len(v)) + v


def der_int(b):
    b = b.lstrip(b"\x00") or b"\x00"
    if b[0] & 0x80:
        b = b"\x00" + b
    return tlv(2, b)


def _rnd_top(n):
    x = bytearray(rb(n))
    x[0] |= 0x80
    return bytes(x)


def rsa_pkcs1(bits):
    nb, hb = bits // 8, bits // 16
    parts = [der_int(b"\x00"), der_int(_rnd_top(nb)), der_int(b"\x01\x00\x01"), der_int(_rnd_top(nb)),
             der_int(_rnd_top(hb)), der_int(_rnd_top(hb)), der_int(_rnd_top(hb)), der_int(_rnd_top(hb)), der_int(_rnd_top(hb))]
    return tlv(0x30, b"".join(parts))


def pem_key(kind):
    """Return (label, body) where body is base64 lines joined by newline."""
    if kind == "rsa1":
        return "RSA PRIVATE KEY", "\n".join(wrap(b64(rsa_pkcs1(ch([1024, 2048]))), 64))
    if kind == "pkcs8rsa":
        inner = rsa_pkcs1(2048)
        der = tlv(0x30, der_int(b"\x00") + tlv(0x30, tlv(6, bytes.fromhex("2a864886f70d010101")) + b"\x05\x00") + tlv(4, inner))
        return "PRIVATE KEY", "\n".join(wrap(b64(der), 64))
    if kind == "ec":
        der = tlv(0x30, der_int(b"\x01") + tlv(4, rb(32)) + tlv(0xA0, tlv(6, bytes.fromhex("2a8648ce3d030107"))) + tlv(0xA1, tlv(3, b"\x00\x04" + rb(64))))
        return "EC PRIVATE KEY", "\n".join(wrap(b64(der), 64))
    if kind == "ed25519":
        der = tlv(0x30, der_int(b"\x00") + tlv(0x30, tlv(6, bytes.fromhex("2b6570"))) + tlv(4, tlv(4, rb(32))))
        return "PRIVATE KEY", b64(der)

    def sshstr(b):
        return struct.pack(">I", len(b)) + b
    pub, priv = rb(32), rb(32)
    pubblob = sshstr(b"ssh-ed25519") + sshstr(pub)
    chk = rb(4)
    sec = chk + chk + sshstr(b"ssh-ed25519") + sshstr(pub) + sshstr(priv + pub) + sshstr(ch([b"sftp-bank-upload", b"ebics-client", b"fin-batch"]))
    i = 1
    while len(sec) % 8:
        sec += bytes([i])
        i += 1
    blob = b"openssh-key-v1\x00" + sshstr(b"none") + sshstr(b"none") + sshstr(b"") + struct.pack(">I", 1) + sshstr(pubblob) + sshstr(sec)
    return "OPENSSH PRIVATE KEY", "\n".join(wrap(b64(blob), 70))


# --------------------------------------------------------------------------- positive templates (single kind)

def _pick_t(n):
    return R.randrange(n)


def mmyy():
    return f"{R.randint(1, 12):02d}/{R.randint(26, 30)}"


def pk_anthropic():
    v = v_anthropic()
    t = _pick_t(7)
    txt = [f"```\nCONTRACT_REVIEW_MODEL=claude-sonnet\nANTHROPIC_API_KEY={v}\n```",
           f"Für den Vertragsprüfungs-Bot bis Montag bitte meinen Schlüssel nehmen: {v} – danach widerrufe ich ihn.",
           f"```python\nclient = anthropic.Anthropic(api_key=\"{v}\")\nsummary = summarise_lease(client, doc_id=\"{ulid()}\")\n```",
           f"```\n{iso(rdt())} DEBUG clause-extractor request headers={{'x-api-key': '{v}', 'anthropic-version': '2023-06-01'}}\n```",
           f"Clé pour l'outil de synthèse des baux commerciaux : `{v}` (je la mets dans le coffre après la démo)",
           f"llm:\n  provider: anthropic\n  api_key: {v}\n  max_tokens: {ch([1024, 2048, 4096])}",
           f"De NDA-checker draait weer, sleutel staat nu hardcoded: {v} (moet nog naar de kluis)"][t]
    return txt, [("anthropic_api_key", v)], t


def pk_aws_id():
    v = v_aws_id()
    t = _pick_t(5)
    txt = [f"```ini\n[fin-archive]\naws_access_key_id = {v}\nregion = eu-central-1\n# secret is in 1Password, item 'fin-archive uploader'\n```",
           f"the GoBD archive uploader still uses the static key {v}, can we finally move it to SSO before the audit?",
           f"```json\n{{\"eventName\": \"PutObject\", \"awsRegion\": \"eu-west-1\", \"userIdentity\": {{\"type\": \"IAMUser\", \"accessKeyId\": \"{v}\"}}, \"requestParameters\": {{\"bucketName\": \"fin-archive-eu\"}}}}\n```",
           f"Zugriffsschlüssel für den Beleg-Bucket: {v} (das Secret schicke ich dir separat)",
           f"upload failed: InvalidAccessKeyId — The AWS Access Key Id you provided does not exist in our records. (key {v}, bucket payroll-exports-agg)"][t]
    return txt, [("aws_access_key_id", v)], t


def pk_aws_secret():
    v = v_aws_secret()
    t = _pick_t(3)
    txt = [f"```ini\n[fin-archive]\n# key id: see my previous message\naws_secret_access_key = {v}\n```",
           f"Le secret pour le bucket des factures archivées : {v}",
           f"```bash\nexport AWS_SECRET_ACCESS_KEY=\"{v}\"\naws s3 sync ./exports s3://fin-archive-eu/{R.randint(2023, 2026)}/\n```"][t]
    return txt, [("aws_secret_access_key", v)], t


def pk_card():
    v = v_card()
    t = _pick_t(7)
    txt = [f"Firmenkreditkarte für die Handelsregister-Gebühren: {v}, gültig bis {mmyy()}",
           f"can someone pay the court filing fee today? card {v} exp {mmyy()}, it's the legal dept card",
           f"Carte affaires pour régler les frais de greffe : {v} (exp. {mmyy()})",
           f"Tarjeta de empresa para pagar las tasas del Registro Mercantil: {v}, caduca {mmyy()}",
           f"Carta aziendale per il contributo unificato: {v}, scadenza {mmyy()}",
           f"```csv\nexpense_id;date;card_number;amount;category\n{dg1(6)};{rdate()};{v};{R.randint(20, 900)},{dg(2)};court_fees\n```",
           f"Karta firmowa do opłat sądowych i notarialnych: {v}, ważna do {mmyy()}"][t]
    return txt, [("credit_card", v)], t


def pk_email():
    t = _pick_t(8)
    lang = ["de", "en", "fr", "xml", "it", "nl", "es", "pl"][t]
    v = v_email("de" if lang == "xml" else lang)
    txt = [f"Bitte die Eingangsrechnungen künftig an {v} schicken, nicht mehr an das Sammelpostfach.",
           f"new contact at the notary's office for the certified deed copies: {v}",
           f"Le contact chez le commissaire aux comptes pour la lettre d'affirmation est {v}.",
           f"```xml\n<cac:Contact>\n  <cbc:Name>Kreditorenbuchhaltung</cbc:Name>\n  <cbc:ElectronicMail>{v}</cbc:ElectronicMail>\n</cac:Contact>\n```",
           f"Referente per il contenzioso col fornitore: {v}",
           f"Stuur de getekende overeenkomst graag naar {v}, die regelt de registratie.",
           f"La gestora de la cuenta en el banco es {v}, escribidle a ella para el aval.",
           f"Kontakt w biurze rachunkowym w sprawie JPK: {v}"][t]
    return txt, [("email_address", v)], t


def pk_ghp():
    v = v_ghp()
    t = _pick_t(5)
    txt = [f"```yaml\nenv:\n  GH_TOKEN: {v}\n  LEDGER_TOOLS_REF: v{R.randint(1, 4)}.{R.randint(0, 20)}.0\n```",
           f"use my PAT for the ledger-tools release tonight: {v} (expires in 7 days)",
           f"Token fürs Deploy-Skript der Fibu-Tools: {v}",
           f"```\n//npm.pkg.github.com/:_authToken={v}\n@acme-fin:registry=https://npm.pkg.github.com\n```",
           f"Jeton GitHub pour le script d'export FEC : {v}"][t]
    return txt, [("github_classic_pat", v)], t


def pk_ghfine():
    v = v_ghfine()
    t = _pick_t(4)
    txt = [f"fine-grained token for the dunning-letters repo (read-only): {v}",
           f"```bash\nexport GITHUB_TOKEN={v}\ngh release download --repo acme-fin/xrechnung-templates v{R.randint(1, 3)}.{R.randint(0, 9)}\n```",
           f"Nuovo token GitHub per il repo dei modelli di fattura: {v}",
           f"Token do repozytorium z szablonami JPK: {v}"][t]
    return txt, [("github_fine_grained_pat", v)], t


def pk_iban():
    t = _pick_t(8)
    cc = ["DE", "FR", ch(["NL", "BE", "AT", "LU"]), ch(["DE", "ES", "IT", "PT", "FI"]), "NL", "IT", "PL", "ES"][t]
    v = v_iban(cc)
    compact = v.replace(" ", "")
    txt = [f"Bitte die Gerichtskosten auf folgendes Konto überweisen: IBAN {v}, Verwendungszweck Az. {R.randint(1, 40)} O {R.randint(1, 999)}/{R.randint(23, 26)}",
           f"RIB du cabinet pour les honoraires d'avocat : IBAN {v}",
           f"```xml\n<CdtTrfTxInf>\n  <PmtId><EndToEndId>E2E-{hx(12, True)}</EndToEndId></PmtId>\n  <CdtrAcct><Id><IBAN>{compact}</IBAN></Id></CdtrAcct>\n</CdtTrfTxInf>\n```",
           f"```csv\ndate;invoice;iban;amount\n{rdate()};{invno()};{v};{R.randint(10, 99999)},{dg(2)}\n```",
           f"Nieuw rekeningnummer van de leverancier: {v} (teruggebeld en bevestigd)",
           f"IBAN per il rimborso spese della trasferta: {v}",
           f"Numer rachunku do zwrotu nadpłaty: {v}",
           f"Cuenta para la devolución de la fianza: {v}"][t]
    val = compact if t == 2 else v
    return txt, [("iban", val)], t


def pk_ipv4():
    v = v_ipv4()
    t = _pick_t(7)
    txt = [f"Bitte die IP {v} der Bank für den SFTP-Upload freischalten.",
           f"```\n{rdt():%b %d %H:%M:%S} fw01 kernel: DENY IN=eth0 SRC={v} DST=10.20.4.17 PROTO=TCP SPT={R.randint(1024, 65000)} DPT=22\n```",
           f"L'adresse IP de sortie du VPN du commissaire aux comptes est {v}, à ajouter en liste blanche.",
           f"```\n{v} - - [{rdt():%d/%b/%Y:%H:%M:%S} +0100] \"POST /api/v2/invoices HTTP/1.1\" 401 {R.randint(80, 900)} \"-\" \"python-requests/2.31\"\n```",
           f"suspicious login to the banking portal from {v} at 03:12 — not one of our egress IPs",
           f"Adres IP serwera, który trzeba odblokować dla KSeF: {v}",
           f"Il commercialista si collega dall'IP {v}, va aggiunto alla allow-list del gestionale."][t]
    return txt, [("ipv4_address", v)], t


def pk_jwt():
    v = v_jwt()
    t = _pick_t(5)
    txt = [f"```bash\ncurl -H \"Authorization: Bearer {v}\" https://api.einvoice-hub.eu/v2/invoices?status=rejected\n```",
           f"token for the hub sandbox, valid 1h: {v}",
           f"Bearer-Token aus dem Log vom Peppol-Gateway: {v}",
           f"```json\n{{\"access_token\": \"{v}\", \"token_type\": \"Bearer\", \"expires_in\": 3600}}\n```",
           f"```\nPOST /api/documents/export HTTP/1.1\nHost: dms.kanzlei-intern.eu\nAuthorization: Bearer {v}\nContent-Type: application/json\n```"][t]
    return txt, [("jwt", v)], t


def pk_openai():
    v = v_openai()
    t = _pick_t(5)
    txt = [f"```\nOCR_CLASSIFIER=gpt\nOPENAI_API_KEY={v}\n```",
           f"```python\nclient = OpenAI(api_key=\"{v}\")\nlabel = classify_receipt(client, image_id=\"{uuid4()}\")\n```",
           f"Clé OpenAI pour le tri des justificatifs de notes de frais : {v}",
           f"OpenAI-Key für die Belegerkennung, bis wir das Firmenkonto haben: {v}",
           f"receipt_ocr:\n  backend: openai\n  api_key: {v}"][t]
    return txt, [("openai_api_key", v)], t


def pk_password():
    v = v_password()
    t = _pick_t(10)
    txt = [f"Passwort fürs Bankportal (Treasury-Zugang) ist jetzt: {v}",
           f"```\nServer=sql01.fin.local;Database=Payroll;User Id=payroll_app;Password={v};Encrypt=True;\n```",
           f"```properties\nspring.datasource.url=jdbc:postgresql://db-fin-01:5432/ledger\nspring.datasource.username=ledger_app\nspring.datasource.password={v}\n```",
           f"Mot de passe du portail de la banque (accès trésorerie) : {v}",
           f"hasło do KSeF (środowisko testowe): {v}",
           f"```json\n{{\"ebics\": {{\"keystore\": \"/etc/ebics/ks.p12\", \"keystorePassword\": \"{v}\"}}}}\n```",
           f"Contraseña del certificado digital de la empresa: {v}",
           f"Password della PEC aziendale, serve per le notifiche del tribunale: {v}",
           f"Wachtwoord van de gedeelde mailbox crediteuren: {v}",
           f"ELSTER certificate password is {v} — please don't forward"][t]
    return txt, [("password", v)], t


def pk_phone():
    t = _pick_t(9)
    cc = ["DE", ch(["IE", "GB"]), "FR", ch(["DE", "AT", "BE", "FR"]), "IT", "ES", "NL", "PL", ch(["SE", "CZ", "GR", "FI", "DK", "HU", "PT"])][t]
    v = v_phone(cc)
    txt = [f"Rückrufnummer der Firmenkundenbetreuerin bei der Bank: {v}",
           f"notary's clerk mobile for Thursday's signing appointment: {v}",
           f"Le portable de l'huissier pour la signification : {v}",
           f"```\nBEGIN:VCARD\nVERSION:3.0\nORG:{company('de')}\nTEL;TYPE=CELL:{v}\nEND:VCARD\n```",
           f"Cellulare del commercialista, se il portale non va: {v}",
           f"Móvil del gestor para lo del modelo 200: {v}",
           f"Mobiel nummer van de contactpersoon bij de leverancier: {v}",
           f"Telefon do księgowej z biura rachunkowego: {v}",
           f"Phone of the local payroll provider contact: {v}"][t]
    return txt, [("phone_number", v)], t


def pk_pem():
    kind = ch(["rsa1", "pkcs8rsa", "ec", "ed25519", "openssh", "openssh", "ec"])
    label, v = pem_key(kind)
    t = _pick_t(5)
    block = f"-----BEGIN {label}-----\n{v}\n-----END {label}-----"
    txt = [f"here's the key for the SFTP upload to the bank, please put it on the batch box:\n```\n{block}\n```",
           f"EBICS-Schlüssel aus der alten Installation exportiert, bitte in die neue übernehmen:\n```\n{block}\n```",
           f"Peppol AP signing key (test env, but still):\n{block}",
           f"```bash\ncat > /etc/peppol/ap.key <<'EOF'\n{block}\nEOF\nchmod 600 /etc/peppol/ap.key\n```",
           f"Clé privée du cachet serveur pour Chorus Pro, à installer sur le connecteur :\n```\n{block}\n```"][t]
    return txt, [("private_key_pem", v)], t


def pk_slack_bot():
    v = v_slack_bot()
    t = _pick_t(5)
    txt = [f"```\nAPPROVALS_CHANNEL=C0{rs(9, DIG + UP)}\nSLACK_BOT_TOKEN={v}\n```",
           f"```python\nclient = WebClient(token=\"{v}\")\nclient.chat_postMessage(channel=\"#invoice-approvals\", text=msg)\n```",
           f"Token vom Freigabe-Bot für Eingangsrechnungen: {v}",
           f"```bash\ncurl -X POST -H \"Authorization: Bearer {v}\" -d channel=C0{rs(9, DIG + UP)} -d text=\"Zahllauf freigegeben\" https://slack.com/api/chat.postMessage\n```",
           f"dunning-bot:\n  slack:\n    token: {v}\n    channel: \"#ar-dunning\""][t]
    return txt, [("slack_bot_token", v)], t


def pk_slack_user():
    v = v_slack_user()
    t = _pick_t(4)
    txt = [f"export script for #legal-contracts runs with my user token {v} — only until the retention app is approved",
           f"```bash\ncurl -H \"Authorization: Bearer {v}\" \"https://slack.com/api/conversations.history?channel=C0{rs(9, DIG + UP)}&limit=200\"\n```",
           f"Mein User-Token für den Archiv-Export: {v}",
           f"Jeton utilisateur pour l'export du canal #juridique : {v}"][t]
    return txt, [("slack_user_token", v)], t


def pk_url():
    v = v_url_pw()
    t = _pick_t(8)
    txt = [f"```\nBANK_SFTP_URL=sftp://ebics_upload:{v}@sftp.{ch(['bank-nord', 'caisse-rhone', 'banca-adriatica'])}.eu:22/in/\n```",
           f"```\nDATABASE_URL=postgresql://ledger_rw:{v}@db-fin-01.internal:5432/ledger\n```",
           f"WebDAV vom DMS, falls das Laufwerk wieder weg ist: https://archiv:{v}@dms.kanzlei-intern.eu/webdav/Akten/",
           f"```python\nMONGO_URI = \"mongodb+srv://invoice_svc:{v}@cluster0.{rs(5, LO + DIG)}.mongodb.net/invoices?retryWrites=true\"\n```",
           f"```yaml\nbroker_url: amqps://peppol:{v}@mq.fin.internal:5671/peppol\n```",
           f"Le scanner dépose les factures ici : ftp://scan:{v}@192.168.{R.randint(0, 50)}.{R.randint(2, 250)}/inbox",
           f"```\nodoo --db_uri mysql://odoo:{v}@10.{R.randint(0, 255)}.{R.randint(0, 255)}.{R.randint(2, 250)}:3306/odoo\n```",
           f"cache per il portale fornitori: redis://default:{v}@cache-fin.internal:6379/2"][t]
    return txt, [("url_credentials", v)], t


def pk_ssn():
    v = v_ssn()
    t = _pick_t(6)
    txt = [f"for the US sub payroll setup (Delaware entity), the new controller's SSN: {v}",
           f"Für die W-2-Korrektur der US-Tochter brauche ich die SSN bestätigt: {v}",
           f"```csv\nemployee_ref,ssn,state,filing_status\nE{dg(5)},{v},{ch(['NY', 'DE', 'NJ', 'TX'])},single\n```",
           f"Numéro SSN du consultant américain pour le formulaire 1099 : {v}",
           f"1099-NEC for the US contractor: TIN (SSN) {v}, box 1 ${R.randint(1000, 90000)}",
           f"El SSN del empleado de la filial de EE. UU. es {v}, lo necesita la gestoría para el W-4."][t]
    return txt, [("us_ssn", v)], t


SINGLE = {"anthropic_api_key": pk_anthropic, "aws_access_key_id": pk_aws_id, "aws_secret_access_key": pk_aws_secret, "credit_card": pk_card,
          "email_address": pk_email, "github_classic_pat": pk_ghp, "github_fine_grained_pat": pk_ghfine, "iban": pk_iban, "ipv4_address": pk_ipv4,
          "jwt": pk_jwt, "openai_api_key": pk_openai, "password": pk_password, "phone_number": pk_phone, "private_key_pem": pk_pem,
          "slack_bot_token": pk_slack_bot, "slack_user_token": pk_slack_user, "url_credentials": pk_url, "us_ssn": pk_ssn}


# --------------------------------------------------------------------------- positive templates (two kinds)

def pp_aws():
    a, s = v_aws_id(), v_aws_secret()
    t = _pick_t(8)
    txt = [f"```ini\n[fin-archive]\naws_access_key_id = {a}\naws_secret_access_key = {s}\nregion = eu-central-1\n```",
           f"```bash\nexport AWS_ACCESS_KEY_ID={a}\nexport AWS_SECRET_ACCESS_KEY={s}\naws s3 cp gl_export.csv s3://fin-archive-eu/\n```",
           f"```hcl\nprovider \"aws\" {{\n  region     = \"eu-west-1\"\n  access_key = \"{a}\"\n  secret_key = \"{s}\"\n}}\n```",
           f"```python\ns3 = boto3.client(\"s3\", aws_access_key_id=\"{a}\", aws_secret_access_key=\"{s}\")\n```",
           f"Zugang für den Beleg-Bucket, bitte nur lokal nutzen: Key-ID {a}, Secret {s}",
           f"```ini\n[archive]\ntype = s3\nprovider = AWS\naccess_key_id = {a}\nsecret_access_key = {s}\nregion = eu-central-1\n```",
           f"```yaml\nservices:\n  exporter:\n    environment:\n      AWS_ACCESS_KEY_ID: {a}\n      AWS_SECRET_ACCESS_KEY: {s}\n```",
           f"```csv\nAccess key ID,Secret access key\n{a},{s}\n```"][t]
    return txt, [("aws_access_key_id", a), ("aws_secret_access_key", s)], t


def pp_card_email():
    c = v_card()
    t = _pick_t(3)
    lang = ["de", "en", "fr"][t]
    e = v_email(lang)
    txt = [f"Kartendaten für die Hotelbuchung zur Gerichtsverhandlung: {c}, gültig bis {mmyy()}, Rechnung bitte an {e}",
           f"booking the notary travel: card {c} exp {mmyy()}, send the invoice to {e}",
           f"Pour la réservation : carte {c} (exp. {mmyy()}), facture à envoyer à {e}"][t]
    return txt, [("credit_card", c), ("email_address", e)], t


def pp_slack():
    b, u = v_slack_bot(), v_slack_user()
    t = _pick_t(3)
    txt = [f"```\nSLACK_BOT_TOKEN={b}\nSLACK_USER_TOKEN={u}\n```",
           f"approvals bot token is {b}; for the channel export I used my own user token {u}",
           f"Bot-Token: {b}\nUser-Token (für den Export): {u}"][t]
    return txt, [("slack_bot_token", b), ("slack_user_token", u)], t


def pp_jwt_openai():
    j, o = v_jwt(), v_openai()
    t = _pick_t(2)
    txt = [f"```\nHUB_ACCESS_TOKEN={j}\nOPENAI_API_KEY={o}\n```",
           f"```python\nheaders = {{\"Authorization\": \"Bearer {j}\"}}\nllm = OpenAI(api_key=\"{o}\")\n```"][t]
    return txt, [("jwt", j), ("openai_api_key", o)], t


def pp_pw_phone():
    t = _pick_t(3)
    p = v_password()
    ph = v_phone(["DE", "FR", "GB"][t])
    txt = [f"Bankportal-Zugang für die Urlaubsvertretung: Passwort {p}, die TAN kommt aufs Diensthandy {ph}",
           f"treasury portal login for the cover: password {p}, SMS codes go to {ph}",
           f"Accès banque en ligne pour l'intérim : mot de passe {p}, les codes SMS arrivent sur le {ph}"][t]
    return txt, [("password", p), ("phone_number", ph)], t


PAIRS = {("aws_access_key_id", "aws_secret_access_key"): pp_aws, ("credit_card", "email_address"): pp_card_email,
         ("slack_bot_token", "slack_user_token"): pp_slack, ("jwt", "openai_api_key"): pp_jwt_openai, ("password", "phone_number"): pp_pw_phone}


# =========================================================================== build

KINDS = ["anthropic_api_key", "aws_access_key_id", "aws_secret_access_key", "credit_card", "email_address", "github_classic_pat",
         "github_fine_grained_pat", "iban", "ipv4_address", "jwt", "openai_api_key", "password", "phone_number", "private_key_pem",
         "slack_bot_token", "slack_user_token", "url_credentials", "us_ssn"]
N_SECRETS = 170
PAIR_CYCLES = {("aws_access_key_id", "aws_secret_access_key"): set(range(10)), ("credit_card", "email_address"): {0, 3, 6},
               ("slack_bot_token", "slack_user_token"): {1, 4, 7}, ("jwt", "openai_api_key"): {2, 5}, ("password", "phone_number"): {0, 8}}
HUMAN = set(LANGS) | {"hr"}


def decorate(text, lang, p_lead, p_trail):
    lang = lang if lang in LEADIN else "en"
    r = R.random()
    if r < p_lead:
        lead = ch(LEADIN[lang])
        text = lead + ("\n" if "\n" in text or text.startswith("```") else " ") + text
    elif r < p_lead + p_trail:
        text = text + ("\n" if "\n" in text else " ") + ch(TRAILER[lang])
    return text


def build_negatives():
    recs, seen = [], set()
    rejected = Counter()
    for cat, temps in NEG_CATS:
        n, i = 0, 0
        dup_streak = Counter()
        dead = set()
        while n < 100:
            idx = i % len(temps)
            fn = temps[idx]
            i += 1
            if idx in dead:
                continue
            _CUR.clear()
            text = fn()
            langs = [x for x in _CUR if x in HUMAN] or ["en"]
            text = decorate(text, langs[0], 0.12, 0.06)
            hits = scan(text)
            if hits:
                rejected[(cat, hits[0][0])] += 1
                continue
            if text in seen:
                dup_streak[fn.__name__] += 1
                if dup_streak[fn.__name__] > 25:
                    dead.add(idx)
                continue
            seen.add(text)
            for lg in set(langs):
                LANG_USE[(cat, lg)] += 1
            recs.append({"text": text, "category": cat, "_t": fn.__name__})
            n += 1
    R.shuffle(recs)
    out = []
    for k, r in enumerate(recs, 1):
        out.append({"id": f"h{N}n-{k:04d}", "text": r["text"], "category": r["category"]})
    return out, rejected, Counter(r["_t"] for r in recs)


def check_secret(kind, v):
    if kind == "credit_card":
        d = re.sub(r"[ -]", "", v)
        assert d.isdigit() and 13 <= len(d) <= 19 and luhn_ok(d), v
    elif kind == "iban":
        assert iban_ok(v) and len(v.replace(" ", "")) == IBAN_LEN[v[:2]], v
    elif kind == "us_ssn":
        d = re.sub(r"[ -]", "", v)
        assert len(d) == 9 and ssn_valid(d[:3], d[3:5], d[5:]), v
    elif kind == "ipv4_address":
        assert ip_public(*[int(x) for x in v.split(".")]), v
    elif kind == "jwt":
        h, p, s = v.split(".")
        for part in (h, p):
            json.loads(base64.urlsafe_b64decode(part + "=" * (-len(part) % 4)))
    elif kind == "private_key_pem":
        base64.b64decode(v.replace("\n", ""), validate=True)
    elif kind == "github_classic_pat":
        assert re.fullmatch(r"ghp_[A-Za-z0-9]{36}", v), v
    elif kind == "aws_access_key_id":
        assert re.fullmatch(r"(AKIA|ASIA)[A-Z2-7]{16}", v), v
    elif kind == "aws_secret_access_key":
        assert len(v) == 40, v
    elif kind == "anthropic_api_key":
        assert v.startswith("sk-ant-api03-") and v.endswith("AA") and len(v) == 108, v


def build_positives():
    seq = [KINDS[i % len(KINDS)] for i in range(N_SECRETS)]
    recs = []
    i = 0
    while i < N_SECRETS:
        k = seq[i]
        nxt = seq[i + 1] if i + 1 < N_SECRETS else None
        cyc = i // len(KINDS)
        if (k, nxt) in PAIR_CYCLES and cyc in PAIR_CYCLES[(k, nxt)]:
            text, secrets, t = PAIRS[(k, nxt)]()
            ctx = f"multi:{k}+{nxt}:t{t}"
            i += 2
        else:
            text, secrets, t = SINGLE[k]()
            ctx = f"{k}:t{t}"
            i += 1
        text = decorate(text, ch(["en", "de", "fr", "nl", "it", "es", "pl"]), 0.08, 0.05)
        for kind, v in secrets:
            assert v in text, (kind, v, text)
            check_secret(kind, v)
        recs.append({"text": text, "secrets": [{"kind": kd, "value": v} for kd, v in secrets], "context": ctx})
    R.shuffle(recs)
    out = []
    for n, r in enumerate(recs, 1):
        out.append({"id": f"h{N}p-{n:04d}", **r})
    return out


def main():
    neg, rejected, tcount = build_negatives()
    pos = build_positives()
    assert len(neg) == 600 and len({r["text"] for r in neg}) == 600
    assert len(pos) == 150 and len({r["text"] for r in pos}) == 150
    for r in neg:
        assert not scan(r["text"]), r
    with open(os.path.join(HERE, f"redaction{N}_negatives.jsonl"), "w", encoding="utf-8") as f:
        for r in neg:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")
    with open(os.path.join(HERE, f"redaction{N}_positives.jsonl"), "w", encoding="utf-8") as f:
        for r in pos:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")

    # ---- report
    print("negatives per category:", dict(Counter(r["category"] for r in neg)))
    lines = [r["text"].count("\n") + 1 for r in neg]
    print(f"negative lines: min {min(lines)} max {max(lines)} single-line {sum(1 for x in lines if x == 1)} >=10 {sum(1 for x in lines if x >= 10)} >=20 {sum(1 for x in lines if x >= 20)}")
    print("scanner redraws:", dict(rejected))
    print("templates used:", len(tcount), "min/max uses", min(tcount.values()), max(tcount.values()))
    print("  least used:", tcount.most_common()[-8:], " most used:", tcount.most_common(6))
    lang_tot = Counter()
    for (cat, lg), c in LANG_USE.items():
        lang_tot[lg] += c
    print("negative languages (texts containing):", dict(sorted(lang_tot.items(), key=lambda x: -x[1])))
    kc = Counter(s["kind"] for r in pos for s in r["secrets"])
    print("positives:", len(pos), "secrets:", sum(kc.values()), "two-secret texts:", sum(1 for r in pos if len(r["secrets"]) == 2))
    print("kinds:", dict(kc))
    # scanner on positives: what it finds that is not labelled (informational)
    unl = Counter()
    for r in pos:
        vals = [s["value"] for s in r["secrets"]]
        for kind, m in scan(r["text"]):
            if not any(v in m or m in v or re.sub(r"[ \n-]", "", v) in m or m in re.sub(r"[ \n-]", "", v) for v in vals):
                unl[kind] += 1
    print("scanner hits in positives not covered by a label:", dict(unl))


if __name__ == "__main__":
    main()
