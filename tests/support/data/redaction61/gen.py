#!/usr/bin/env python3
"""Held-out redaction corpus #61 (renewable-energy operator: CL / NO / IN).

Standard library only. The only randomness is random.Random(61 * 101).
Writes redaction61_negatives.jsonl and redaction61_positives.jsonl next to
this file and prints a scanner report.
"""
import base64
import hashlib
import json
import math
import os
import random
import re
import struct
import sys
import zlib

N = 61
rng = random.Random(N * 101)
HERE = os.path.dirname(os.path.abspath(__file__))

UPPER = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
LOWER = "abcdefghijklmnopqrstuvwxyz"
DIGITS = "0123456789"
ALNUM = UPPER + LOWER + DIGITS
HEXL = "0123456789abcdef"
B64 = ALNUM + "+/"
B64URL = ALNUM + "-_"


def ch(seq):
    return seq[rng.randrange(len(seq))]


def rs(alpha, n):
    return "".join(alpha[rng.randrange(len(alpha))] for _ in range(n))


def rhex(n):
    return rs(HEXL, n)


def rint(a, b):
    return rng.randint(a, b)


def b64(data):
    return base64.b64encode(data).decode()


def b64u(data):
    return base64.urlsafe_b64encode(data).decode().rstrip("=")


def wrap(s, n=76):
    return "\n".join(s[i:i + n] for i in range(0, len(s), n))


def rbytes(n):
    return bytes(rng.randrange(256) for _ in range(n))


# ---------------------------------------------------------------- validity
def luhn_ok(digits):
    total = 0
    for i, c in enumerate(reversed(digits)):
        d = ord(c) - 48
        if i % 2 == 1:
            d *= 2
            if d > 9:
                d -= 9
        total += d
    return total % 10 == 0


def luhn_complete(prefix, length):
    body = prefix + rs(DIGITS, length - len(prefix) - 1)
    for c in DIGITS:
        if luhn_ok(body + c):
            return body + c
    raise AssertionError


IBAN_LEN = {"AD": 24, "AT": 20, "BE": 16, "CH": 21, "CZ": 24, "DE": 22, "DK": 18, "ES": 24, "FI": 18,
            "FR": 27, "GB": 22, "IE": 22, "IT": 27, "LU": 20, "NL": 18, "NO": 15, "PL": 28, "PT": 25,
            "SE": 24, "SI": 19, "SK": 24, "IS": 26, "GR": 27, "HU": 28, "RO": 24, "BG": 22, "HR": 21,
            "LT": 20, "LV": 21, "EE": 20, "MT": 31, "CY": 28, "LI": 21, "MC": 27, "SM": 27, "TR": 26,
            "AE": 23, "SA": 24, "IL": 23, "BR": 29, "MU": 30, "CL": 0, "IN": 0}


def iban_mod97(iban):
    s = iban[4:] + iban[:4]
    num = "".join(str(int(c, 36)) for c in s)
    return int(num) % 97


def iban_ok(iban):
    iban = iban.replace(" ", "")
    cc = iban[:2]
    if IBAN_LEN.get(cc, 0) != len(iban):
        return False
    return iban_mod97(iban) == 1


def iban_make(cc, bban):
    s = bban + cc + "00"
    num = "".join(str(int(c, 36)) for c in s)
    chk = 98 - int(num) % 97
    out = "%s%02d%s" % (cc, chk, bban)
    assert iban_ok(out)
    return out


def no_bban():
    # 4 bank + 6 account + 1 mod-11 check (weights 5,4,3,2,7,6,5,4,3,2)
    while True:
        base = rs(DIGITS, 10)
        if base[0] == "0":
            continue
        w = [5, 4, 3, 2, 7, 6, 5, 4, 3, 2]
        r = sum(int(d) * x for d, x in zip(base, w)) % 11
        k = (11 - r) % 11
        if k == 10:
            continue
        return base + str(k)


def es_bban():
    bank = ch(["0049", "0075", "0081", "0182", "2100", "0128", "1465", "2038"])
    branch = rs(DIGITS, 4)
    acct = rs(DIGITS, 10)
    w = [1, 2, 4, 8, 5, 10, 9, 7, 3, 6]

    def dc(ds):
        v = 11 - sum(int(d) * x for d, x in zip(ds, w)) % 11
        return {11: 0, 10: 1}.get(v, v)
    d1 = dc("00" + bank + branch)
    d2 = dc(acct)
    return bank + branch + str(d1) + str(d2) + acct


def de_bban():
    blz = ch(["10070000", "20041133", "37040044", "50010517", "60050101", "70020270", "12030000", "43060967"])
    return blz + rs(DIGITS, 10)


def group4(s):
    return " ".join(s[i:i + 4] for i in range(0, len(s), 4))


def ip_public(a, b, c, d):
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


def ssn_ok(s):
    a, g, r = s.split("-")
    return a not in ("000", "666") and a[0] != "9" and g != "00" and r != "0000"


# ---------------------------------------------------------------- scanner
RE_EMAIL = re.compile(r"(?<![\w.+%-])[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}")
RE_GH = re.compile(r"gh[pousr]_[A-Za-z0-9]{36}|github_pat_[A-Za-z0-9_]{40,}")
RE_SLACK = re.compile(r"xox[abposre]-\d+-[A-Za-z0-9-]+")
RE_SK = re.compile(r"sk-[A-Za-z0-9_-]{32,}")
RE_JWT = re.compile(r"eyJ[A-Za-z0-9_-]{5,}\.eyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]{10,}")
RE_PEM = re.compile(r"-----BEGIN ((?:RSA |EC |DSA |OPENSSH |ENCRYPTED )?PRIVATE KEY)-----(.*?)-----END \1-----", re.S)
RE_AKIA = re.compile(r"(?<![A-Za-z0-9])(?:AKIA|ASIA)[A-Z0-9]{16}(?![A-Za-z0-9])")
RE_AWS_SECRET = re.compile(r"(?i)(?:aws_secret_access_key|secretaccesskey|aws_secret)[\"'\s:=]+([A-Za-z0-9/+]{40})(?![A-Za-z0-9/+])")
RE_SSN = re.compile(r"(?<![\w-])\d{3}-\d{2}-\d{4}(?![\w-])")
RE_DIGSEQ = re.compile(r"(?<![\w.])\d+(?:(?:[ \-]|\r?\n)\d+)*")
RE_IBAN = re.compile(r"(?<![A-Za-z0-9])([A-Z]{2})(\d{2})((?: ?[A-Z0-9]){10,30})")
RE_IPV4 = re.compile(r"(?<![\d.])(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})(?!\d|\.\d)")
_LB = r"(?<![\w+.,/-])"
_LA = r"(?![\w]|[.,\-]\d)"
RE_PHONES = [
    ("intl", re.compile(r"(?<![\w+])(?:\+|00)\s?(?:56|47|91)(?:[\s.\-()]{0,3}\d){7,11}" + _LA)),
    ("cl_noplus", re.compile(_LB + r"56[\s.-]?9[\s.-]?\d{4}[\s.-]?\d{4}" + _LA)),
    ("in_noplus", re.compile(_LB + r"91[\s-]?[6-9]\d{4}[\s-]?\d{5}" + _LA)),
    ("cl_mobile", re.compile(_LB + r"0?9[\s.-]?\d{4}[\s.-]?\d{4}" + _LA)),
    ("cl_santiago", re.compile(_LB + r"\(?0?2\)?[\s.-]?2\d{3}[\s.-]?\d{4}" + _LA)),
    ("no_plain", re.compile(_LB + r"[49]\d{7}" + _LA)),
    ("no_pairs", re.compile(_LB + r"[2-9]\d(?:[ .]\d\d){3}" + _LA)),
    ("no_323", re.compile(_LB + r"[49]\d{2}[ .]\d{2}[ .]\d{3}" + _LA)),
    ("in_mobile", re.compile(_LB + r"0?[6-9]\d{4}[\s-]?\d{5}" + _LA)),
    ("in_334", re.compile(_LB + r"0?[6-9]\d{2}[\s-]\d{3}[\s-]\d{4}" + _LA)),
    ("in_landline", re.compile(_LB + r"\(?0\d{2,4}\)?[\s-]\d{3,4}[\s-]?\d{4}" + _LA)),
]


def pem_body_real(body):
    b = body.replace("\\n", "").replace("\\r", "")
    b = re.sub(r"\s+", "", b)
    b = re.sub(r"^(?:Proc-Type:[^\n]*|DEK-Info:[^\n]*)", "", b)
    return len(b) >= 40 and re.fullmatch(r"[A-Za-z0-9+/=]+", b) is not None


def scan(text):
    """Return a list of (kind, start, end, matched text)."""
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
        if pem_body_real(m.group(2)):
            out.append(("pem", m.start(), m.end(), m.group()[:40]))
    for m in RE_AKIA.finditer(text):
        if "EXAMPLE" not in m.group():
            out.append(("aws_key_id", m.start(), m.end(), m.group()))
    for m in RE_AWS_SECRET.finditer(text):
        if "EXAMPLEKEY" not in m.group(1):
            out.append(("aws_secret", m.start(1), m.end(1), m.group(1)))
    for m in RE_SSN.finditer(text):
        out.append(("ssn_shape", m.start(), m.end(), m.group()))
    for m in RE_DIGSEQ.finditer(text):
        s = m.group()
        groups = [(g.start() + m.start(), g.end() + m.start(), g.group()) for g in re.finditer(r"\d+", s)]
        for i in range(len(groups)):
            tot = ""
            for j in range(i, len(groups)):
                tot += groups[j][2]
                if len(tot) > 19:
                    break
                if len(tot) >= 13 and len(set(tot)) > 1 and luhn_ok(tot):
                    out.append(("luhn", groups[i][0], groups[j][1], text[groups[i][0]:groups[j][1]]))
    for m in RE_IBAN.finditer(text):
        cc = m.group(1)
        L = IBAN_LEN.get(cc, 0)
        if not L:
            continue
        raw = m.group(0)
        compact = ""
        end = m.start()
        for k, c in enumerate(raw):
            if c != " ":
                compact += c
            if len(compact) == L:
                end = m.start() + k + 1
                break
        if len(compact) == L and iban_mod97(compact) == 1:
            out.append(("iban", m.start(), end, text[m.start():end]))
    for m in RE_IPV4.finditer(text):
        p = [int(x) for x in m.groups()]
        if all(x <= 255 for x in p) and ip_public(*p):
            out.append(("public_ipv4", m.start(), m.end(), m.group()))
    for name, rx in RE_PHONES:
        for m in rx.finditer(text):
            out.append(("phone_" + name, m.start(), m.end(), m.group()))
    return out


# ---------------------------------------------------------------- real bytes
def png_chunk(t, data):
    return struct.pack(">I", len(data)) + t + data + struct.pack(">I", zlib.crc32(t + data) & 0xFFFFFFFF)


def make_png(w, h, alpha=False):
    bg = (rint(0, 255), rint(0, 255), rint(0, 255))
    fg = (rint(0, 255), rint(0, 255), rint(0, 255))
    shape = rint(0, 3)
    rows = []
    cx, cy = (w - 1) / 2.0, (h - 1) / 2.0
    for y in range(h):
        row = bytearray([0])
        for x in range(w):
            if shape == 0:
                inside = (x - cx) ** 2 + (y - cy) ** 2 <= (min(w, h) / 2.2) ** 2
            elif shape == 1:
                inside = y >= h // 2
            elif shape == 2:
                inside = (x + y) % 4 < 2
            else:
                inside = abs(x - cx) < w / 6.0 or y < h / 5.0  # crude turbine tower
            c = fg if inside else bg
            row += bytes(c)
            if alpha:
                row.append(255 if inside else 0)
        rows.append(bytes(row))
    ihdr = struct.pack(">IIBBBBB", w, h, 8, 6 if alpha else 2, 0, 0, 0)
    idat = zlib.compress(b"".join(rows), 9)
    return b"\x89PNG\r\n\x1a\n" + png_chunk(b"IHDR", ihdr) + png_chunk(b"IDAT", idat) + png_chunk(b"IEND", b"")


def make_gif():
    c1 = bytes([rint(0, 255) for _ in range(3)])
    c2 = bytes([rint(0, 255) for _ in range(3)])
    return (b"GIF89a" + struct.pack("<HH", 1, 1) + b"\x80\x00\x00" + c1 + c2 +
            b"\x21\xf9\x04\x01\x00\x00\x00\x00" + b"\x2c" + struct.pack("<HHHH", 0, 0, 1, 1) + b"\x00" +
            b"\x02\x02\x44\x01\x00" + b"\x3b")


def make_ico():
    s = ch([16, 16, 32])
    png = make_png(s, s, alpha=True)
    return (struct.pack("<HHH", 0, 1, 1) + struct.pack("<BBBBHHII", s, s, 0, 0, 1, 32, len(png), 22) + png)


def make_bmp():
    w, h = rint(2, 6), rint(2, 6)
    rowlen = (w * 3 + 3) & ~3
    pix = b""
    for _ in range(h):
        r = bytes(rint(0, 255) for _ in range(w * 3))
        pix += r + b"\x00" * (rowlen - w * 3)
    hdr = struct.pack("<IiiHHIIiiII", 40, w, h, 1, 24, 0, len(pix), 2835, 2835, 0, 0)
    return b"BM" + struct.pack("<IHHI", 14 + 40 + len(pix), 0, 0, 54) + hdr + pix


def make_wav():
    rate = 8000
    n = rint(120, 260)
    freq = ch([440, 660, 880, 1000, 1200])
    data = bytes(int(128 + 90 * math.sin(2 * math.pi * freq * i / rate)) & 0xFF for i in range(n))
    fmt = struct.pack("<HHIIHH", 1, 1, rate, rate, 1, 8)
    body = b"WAVE" + b"fmt " + struct.pack("<I", 16) + fmt + b"data" + struct.pack("<I", len(data)) + data
    return b"RIFF" + struct.pack("<I", len(body)) + body


def make_pdf():
    title = ch(["Parte diario WTG-07", "Informe mensual PFV", "Driftsrapport uke 14", "Daily gen report Bhadla",
                "Avviksmelding trafo T2", "Orden de trabajo inversor 12", "Curtailment log block 48"])
    stream = ("BT /F1 12 Tf 20 50 Td (%s) Tj ET" % title).encode()
    objs = [
        b"<</Type/Catalog/Pages 2 0 R>>",
        b"<</Type/Pages/Kids[3 0 R]/Count 1>>",
        b"<</Type/Page/Parent 2 0 R/MediaBox[0 0 300 100]/Contents 4 0 R/Resources<</Font<</F1 5 0 R>>>>>>",
        b"<</Length " + str(len(stream)).encode() + b">>\nstream\n" + stream + b"\nendstream",
        b"<</Type/Font/Subtype/Type1/BaseFont/Helvetica>>",
    ]
    out = b"%PDF-1.4\n"
    offs = []
    for i, o in enumerate(objs):
        offs.append(len(out))
        out += str(i + 1).encode() + b" 0 obj\n" + o + b"\nendobj\n"
    xref = len(out)
    out += b"xref\n0 6\n0000000000 65535 f \n"
    for o in offs:
        out += ("%010d 00000 n \n" % o).encode()
    out += b"trailer\n<</Size 6/Root 1 0 R>>\nstartxref\n" + str(xref).encode() + b"\n%%EOF\n"
    return out


def make_svg():
    col = "#" + rhex(6)
    kind = rint(0, 3)
    if kind == 0:
        body = ('<path d="M12 12L12 3M12 12L4 17M12 12L20 17" stroke="%s" stroke-width="1.5"/>'
                '<path d="M11 12h2l1 10h-4z" fill="%s"/>' % (col, col))
    elif kind == 1:
        body = '<circle cx="12" cy="12" r="5" fill="%s"/><path d="M12 1v3M12 20v3M1 12h3M20 12h3" stroke="%s"/>' % (col, col)
    elif kind == 2:
        body = '<rect x="2" y="8" width="20" height="10" rx="1" fill="%s"/><path d="M2 13h20M8 8v10M16 8v10" stroke="#fff"/>' % col
    else:
        body = '<path d="M13 2L4 14h7l-1 8 9-12h-7z" fill="%s"/>' % col
    return '<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24">%s</svg>' % body


def make_sourcemap(name):
    segs = []
    vlq = "ACEGIKMOQSUWYacegikmoqsuwy"
    for _ in range(rint(8, 20)):
        segs.append("".join(rs(vlq + "BDFH", rint(4, 6)) for _ in range(rint(1, 3))))
    sm = {"version": 3, "file": name + ".js", "sources": ["../src/" + name + ".ts"], "names": [],
          "mappings": ";".join(",".join(segs[i:i + 3]) for i in range(0, len(segs), 3))}
    return json.dumps(sm, separators=(",", ":"))


def make_csv():
    wtg = ch(["WTG", "INV", "TR", "BESS"])
    t = rint(0, 23)
    lines = ["timestamp;unit;p_kw;q_kvar"]
    for i in range(rint(3, 6)):
        lines.append("2025-%02d-%02dT%02d:%02d:00;%s%02d;%d.%d;%d.%d" % (
            rint(1, 12), rint(1, 28), t, i * 10, wtg, rint(1, 40), rint(0, 4200), rint(0, 9), rint(-900, 900), rint(0, 9)))
    return "\n".join(lines) + "\n"


def make_geojson():
    site = ch([("Cerro Viento", -23.6, -70.3), ("Llano Solar", -22.4, -68.9), ("Vardefjell", 63.4, 9.1),
               ("Kvitfjell", 69.6, 18.5), ("Bhadla", 27.5, 71.9), ("Jaisalmer", 26.9, 70.9)])
    name, la, lo = site
    ring = []
    for k in range(4):
        ring.append([round(lo + rng.uniform(-0.05, 0.05), 4), round(la + rng.uniform(-0.05, 0.05), 4)])
    ring.append(ring[0])
    gj = {"type": "Feature", "properties": {"name": name, "kind": ch(["wind", "pv", "substation"])},
          "geometry": {"type": "Polygon", "coordinates": [ring]}}
    return json.dumps(gj, separators=(",", ":"), ensure_ascii=False)


# ---------------------------------------------------------------- shared vocab (no person names anywhere)
SITES_CL = ["PE Cerro Viento", "PE Lomas de Taltal", "PFV Llano Solar", "PFV Quillagua Sur", "PE Punta Choros", "PFV Pampa Blanca"]
SITES_NO = ["Vardefjell vindpark", "Kvitfjell vindpark", "Storheia vindpark", "Havbris vindpark", "Solslette solpark"]
SITES_IN = ["Bhadla Solar Block C", "Jaisalmer WF-2", "Kutch Hybrid Park", "Anantapur Solar 3", "Tirunelveli WF"]
SITES = SITES_CL + SITES_NO + SITES_IN
CODES = ["CRV", "LDT", "LLS", "QSU", "PCH", "PBL", "VDF", "KVF", "STH", "HVB", "SOL", "BHD", "JSM", "KUT", "ANT", "TNV"]
UNITS = ["WTG", "INV", "TR", "BESS", "MET", "PCS", "RTU", "CB"]
OEMS = ["Vestas", "Siemens Gamesa", "Nordex", "Enercon", "Suzlon", "SMA", "Sungrow", "Huawei", "Power Electronics", "ABB"]

LEADS = ["fyi ", "ojo: ", "oigan, ", "cachen esto: ", "obs: ", "btw ", "hei, ", "til info: ", "bhai ", "dekho ",
         "नोट: ", "heads up: ", "ya, ", "PSA: ", "kan noen se på dette? ", "koi dekh sakta hai? ", "ayuda po: ",
         "wena cabros, ", "quick q: ", "sjekk denne: "]
TRAILS = ["\ngracias!", "\ntakk 🙏", "\nthx", "\ndhanyavaad 🙏", "\n(cc turno noche)", "\n🙏", "\nsuena raro, no?",
          "\nhar noen sett dette før?", "\nkya lagta hai?", "\nlo veo mañana altiro", "\nskal se på det etter lunsj",
          "\nkal subah check karenge"]


def dress(text, p_lead=0.13, p_trail=0.06):
    if rng.random() < p_lead:
        lead = ch(LEADS)
        text = (lead.rstrip() + "\n" + text) if text.startswith(("```", "|", "-----")) else lead + text
    if rng.random() < p_trail:
        text = text + ch(TRAILS)
    return text


def unit():
    return "%s%02d" % (ch(UNITS), rint(1, 48))


def site():
    return ch(SITES)


def code():
    return ch(CODES)


def date():
    return "2025-%02d-%02d" % (rint(1, 12), rint(1, 28))


def ts():
    return "%sT%02d:%02d:%02d.%03dZ" % (date(), rint(0, 23), rint(0, 59), rint(0, 59), rint(0, 999))


def priv_ip():
    k = rint(0, 2)
    if k == 0:
        return "10.%d.%d.%d" % (rint(0, 255), rint(0, 255), rint(1, 254))
    if k == 1:
        return "172.%d.%d.%d" % (rint(16, 31), rint(0, 255), rint(1, 254))
    return "192.168.%d.%d" % (rint(0, 255), rint(1, 254))


def doc_ip():
    return ch(["192.0.2.", "198.51.100.", "203.0.113."]) + str(rint(1, 254))


# ---------------------------------------------------------------- negatives: data_uri_base64
def img_payload():
    k = rint(0, 9)
    if k <= 3:
        s = ch([1, 2, 4, 8, 8, 12, 16])
        return "image/png", b64(make_png(s, s, alpha=rng.random() < 0.4))
    if k == 4:
        return "image/gif", b64(make_gif())
    if k == 5:
        return "image/x-icon", b64(make_ico())
    if k == 6:
        return "image/bmp", b64(make_bmp())
    if k == 7:
        return "image/svg+xml", b64(make_svg().encode())
    s = ch([2, 4, 6])
    return "image/png", b64(make_png(s, s * 2))


def img_uri():
    m, p = img_payload()
    return "data:%s;base64,%s" % (m, p)


def trunc(u, keep=None):
    keep = keep or rint(40, 70)
    return u[:keep] + ch(["…", "...", " [%d more chars]" % (len(u) - keep), "…(truncated)"])


def du_css():
    cls = ch(["wtg-status--ok", "wtg-status--fault", "inv-tile__icon", "alarm-badge", "breaker-open", "met-mast",
              "curtailed", "soc-low", "grid-ok"])
    return "```css\n.%s {\n  background-image: url(\"%s\");\n  background-size: %dpx;\n}\n```" % (cls, img_uri(), ch([12, 16, 24]))


def du_html():
    alt = ch(["estado turbina", "inverter status", "vindretning", "alarma activa", "grid frequency ok"])
    return "```html\n<td class=\"%s\"><img alt=\"%s\" width=\"16\" src=\"%s\"></td>\n```" % (unit().lower(), alt, img_uri())


def du_jsx():
    comp = ch(["TurbineTile", "InverterCard", "SubstationMap", "PpaChart", "CrewBoard"])
    m, p = "image/png", b64(make_png(ch([4, 8]), ch([4, 8])))
    return ("```tsx\nexport function %s() {\n  return <Image src=\"/img/%s.webp\" width={320} height={180} placeholder=\"blur\"\n"
            "    blurDataURL=\"data:%s;base64,%s\" />\n}\n```" % (comp, comp.lower(), m, p))


def du_jupyter():
    p = b64(make_png(ch([8, 12, 16]), ch([8, 16])))
    return ("output of the power-curve notebook cell is just this, plot never renders:\n```json\n{\n \"output_type\": \"display_data\",\n"
            " \"data\": {\n  \"image/png\": \"%s\",\n  \"text/plain\": \"<Figure size 640x480 with 1 Axes>\"\n },\n \"metadata\": {}\n}\n```" % p)


def du_pyfix():
    name = ch(["ICON_ALARM", "ICON_WTG_RUN", "PIXEL_OK", "LOGO_HMI", "ICON_TRIP"])
    p = b64(make_png(ch([2, 4, 8]), ch([2, 4])))
    lines = wrap(p, 60).split("\n")
    body = "\n".join("    \"%s\"" % l for l in lines)
    return "```python\n# tests/fixtures/icons.py\nimport base64\n\n%s = base64.b64decode(\n%s\n)\n```" % (name, body)


def du_nodered():
    return ("flujo de node-red del dashboard de la subestación, el template node tiene esto:\n```json\n"
            "{\"id\":\"%s\",\"type\":\"ui_template\",\"z\":\"%s\",\"group\":\"%s\",\"name\":\"estado %s\",\"format\":"
            "\"<img src='%s'/> {{msg.payload}} kW\",\"storeOutMessages\":true}\n```" % (rhex(16), rhex(16), rhex(16), unit(), img_uri()))


def du_markdown():
    t = ch(["rosa de vientos", "vindrose", "heatmap inversores", "soiling loss", "power curve"])
    return "![%s](%s)\n%s" % (t, img_uri(), ch(["(pegado desde el notebook)", "(limt inn fra notebook)", "(notebook se paste kiya)", ""]))


def du_csp():
    u = img_uri()
    return ("console del HMI web en %s:\n```\nRefused to load the image '%s' because it violates the following Content Security "
            "Policy directive: \"img-src 'self' https://hmi.%s.local\".\n```" % (code(), trunc(u), code().lower()))


def du_wav():
    p = b64(make_wav())
    return ("la sirena de alarma del HMI la tenemos embebida, para probarla:\n```bash\necho '%s' | base64 -d > /tmp/alarma.wav && aplay /tmp/alarma.wav\n```"
            % p)


def du_gif_mail():
    return ("```html\n<!-- daily generation report template, %s -->\n<p>Net export yesterday: {{ net_mwh }} MWh</p>\n"
            "<img src=\"data:image/gif;base64,%s\" width=\"1\" height=\"1\" alt=\"\">\n```" % (site(), b64(make_gif())))


def du_go():
    p = b64(make_png(ch([1, 2, 4]), ch([1, 2, 4])))
    return ("```go\n// fixture for the inverter snapshot renderer\nvar testIcon = mustDecode(\"%s\")\n\nfunc mustDecode(s string) []byte {\n"
            "\tb, err := base64.StdEncoding.DecodeString(s)\n\tif err != nil {\n\t\tpanic(err)\n\t}\n\treturn b\n}\n```" % p)


def du_ignition():
    return ("Perspective view json (Ignition 8.1), el icono del breaker:\n```json\n{\n  \"type\": \"ia.display.image\",\n"
            "  \"props\": {\n    \"source\": \"data:image/svg+xml;base64,%s\",\n    \"fit\": {\"mode\": \"contain\"}\n  },\n"
            "  \"meta\": {\"name\": \"%s_icon\"}\n}\n```" % (b64(make_svg().encode()), unit()))


def du_svg_plain():
    svg = make_svg()
    if rng.random() < 0.5:
        enc = svg.replace("%", "%25").replace("<", "%3C").replace(">", "%3E").replace("#", "%23").replace("\"", "'")
        return "mask-image: url(\"data:image/svg+xml,%s\");" % enc
    return "```css\n.icon-%s { background: url('data:image/svg+xml;utf8,%s') no-repeat; }\n```" % (
        ch(["wind", "sun", "bess", "bolt"]), svg.replace("\"", "'"))


def du_grafana_yaml():
    return ("```yaml\n# grafana provisioning, panel de %s\nannotations:\n  - name: trips\n    iconColor: \"#%s\"\n"
            "    iconUrl: data:image/svg+xml;base64,%s\n```" % (site(), rhex(6), b64(make_svg().encode())))


def du_log():
    u = img_uri()
    lines = []
    for _ in range(rint(1, 3)):
        lines.append("%s INFO  hmi.render cache miss key=tile:%s size=%d" % (ts(), rhex(12), rint(1000, 9000)))
    lines.append("%s DEBUG hmi.render placeholder=%s" % (ts(), u))
    return "```\n" + "\n".join(lines) + "\n```"


def du_kotlin():
    return ("app de terreno (android) para las cuadrillas, placeholder del mapa:\n```kotlin\nprivate const val MAP_PLACEHOLDER =\n"
            "    \"data:image/png;base64,%s\"\n```" % b64(make_png(ch([4, 8]), ch([4, 8]))))


def du_csv():
    data = make_csv()
    fn = ch(["produccion", "produksjon", "generation", "curtailment"]) + "_%s.csv" % date()
    return "```html\n<a download=\"%s\" href=\"data:text/csv;base64,%s\">Descargar CSV</a>\n```" % (fn, b64(data.encode()))


def du_geojson():
    g = make_geojson()
    return ("leaflet layer para el polígono del parque, lo cargamos así:\n```js\nL.geoJSON(await (await fetch(\"data:application/geo+json;base64,%s\")).json()).addTo(map);\n```"
            % b64(g.encode("utf-8")))


def du_pdf():
    p = b64(make_pdf())
    if rng.random() < 0.5:
        return "```html\n<iframe title=\"informe\" src=\"data:application/pdf;base64,%s\"></iframe>\n```" % p
    return "CMMS guarda el adjunto de la OT así (campo `attachment_b64`):\n```\n%s\n```" % wrap(p)


def du_sourcemap():
    name = ch(["hmi-dashboard", "dispatch-ui", "crew-app", "ppa-settlement", "alarm-list"])
    sm = make_sourcemap(name)
    return "```js\n!function(){var e=window.__hmi||{};e.v=\"%d.%d.%d\"}();\n//# sourceMappingURL=data:application/json;charset=utf-8;base64,%s\n```" % (
        rint(1, 4), rint(0, 30), rint(0, 9), b64(sm.encode()))


def du_har():
    u = img_uri()
    return ("del HAR que sacamos del portal del inversor:\n```json\n{\"request\":{\"method\":\"GET\",\"url\":\"%s\"},\"response\":{\"status\":200,"
            "\"content\":{\"size\":%d,\"mimeType\":\"%s\"}},\"time\":0.%d}\n```" % (trunc(u, rint(60, 90)), rint(40, 900),
                                                                              u[5:u.index(";")], rint(10, 99)))


def du_chat_es():
    u = img_uri()
    return ch(["alguien cacha por qué el HMI de %s muestra el ícono roto? el src que llega es `%s`",
               "oye el tile de %s quedó en blanco, en el DOM aparece `%s` nomás"]) % (code(), u)


def du_chat_no():
    u = img_uri()
    return "ikonet for %s i HMI-en er borte etter oppdateringen. src i DOM-en er `%s` – ser helt normal ut?" % (unit(), u)


def du_chat_hi():
    u = img_uri()
    return ch(["bhai %s ka status icon load nahi ho raha, src mein `%s` aa raha hai, browser cache clear karke dekha",
               "%s का आइकन HMI पर टूटा दिख रहा है, src यह है: `%s`"]) % (unit(), u)


def du_mime_wrap():
    m, p = img_payload()
    return ("--=_part_%s\nContent-Type: %s; name=\"%s.%s\"\nContent-Transfer-Encoding: base64\n\n%s\n--=_part_%s--" % (
        rhex(8), m, unit().lower(), m.split("/")[1].replace("svg+xml", "svg").replace("x-icon", "ico"), wrap(p), rhex(8)))


DATA_URI_T = [du_css, du_html, du_jsx, du_jupyter, du_pyfix, du_nodered, du_markdown, du_csp, du_wav, du_gif_mail,
              du_go, du_ignition, du_svg_plain, du_grafana_yaml, du_log, du_kotlin, du_csv, du_geojson, du_pdf,
              du_sourcemap, du_har, du_chat_es, du_chat_no, du_chat_hi, du_mime_wrap]


# ---------------------------------------------------------------- negatives: placeholder_example
def ph_env():
    svc = ch(["SCADA_HISTORIAN", "MODBUS_GW", "IEC61850_CLIENT", "DISPATCH_API", "PPA_SETTLEMENT", "INVERTER_PORTAL", "CMMS"])
    ph = ch(["<changeme>", "CHANGE_ME", "your-password-here", "<pon-aqui-la-clave>", "<sett-inn-passord>", "<yahan-password-daalo>",
             "${%s_PASSWORD}" % svc, "\"\"", "xxxxxxxx", "TODO", "<secret>", "${{ secrets.%s_PASSWORD }}" % svc])
    tok = ch(["<token>", "YOUR_API_TOKEN", "${%s_TOKEN}" % svc, "<paste-token-here>", "REPLACE_ME", "$(%s_TOKEN)" % svc])
    return "```dotenv\n# .env.example — %s\n%s_HOST=%s\n%s_PORT=%d\n%s_USER=%s\n%s_PASSWORD=%s\n%s_API_TOKEN=%s\n```" % (
        site(), svc, priv_ip(), svc, ch([502, 102, 5432, 8086, 4840, 443]), svc, ch(["scada_ro", "svc_dispatch", "historian"]),
        svc, ph, svc, tok)


def ph_helm():
    return ("```yaml\n# values.yaml (chart modbus-poller)\npoller:\n  targets:\n    - host: %s\n      port: 502\n      unitId: %d\n"
            "historian:\n  url: http://influxdb.ot.svc:8086\n  token: \"{{ .Values.secrets.influxToken }}\"\n  org: %s\n"
            "mqtt:\n  username: \"\"\n  password: \"\"   # viene de ExternalSecret, no lo pongas acá\n```" % (priv_ip(), rint(1, 247), code().lower()))


def ph_vendor_prefix():
    opts = [
        "para el bot de alarmas usen `xoxb-your-bot-token` en local, el real está en vault",
        "OPENAI_API_KEY=sk-...  # pon la tuya, no la del equipo",
        "la key de anthropic del resumidor de partes es `sk-ant-api03-...` (pídanla al de plataforma, no la pego acá)",
        "export GITHUB_TOKEN=ghp_xxxxxxxxxxxxxxxxxxxx   # fine-grained, solo repo scada-config",
        "token: github_pat_...  (se genera en Settings > Developer settings)",
        "aws_access_key_id = AKIA................  ← sett inn egen",
        "SLACK_BOT_TOKEN=xoxb-xxxx-xxxx-xxxx",
        "`sk-proj-…` format hai naye keys ka, purane `sk-…` wale bhi chalenge",
        "GOOGLE_MAPS_KEY=AIza****************** (para el mapa de cuadrillas)",
        "GITLAB_TOKEN=glpat-xxxxxxxxxxxxxxxxxxxx",
        "STRIPE_SECRET=sk_live_xxx  # legacy, ya no cobramos por stripe",
        "webhook secret tiene forma `whsec_...`, ponlo en el secret del namespace billing",
        "SLACK_USER_TOKEN=xoxp-<user-token>",
    ]
    return ch(opts)


def ph_aws_doc():
    k = rint(0, 2)
    if k == 0:
        return ("```ini\n# ~/.aws/credentials — ejemplo de la doc, NO son reales\n[scada-backup]\naws_access_key_id = AKIAIOSFODNN7EXAMPLE\n"
                "aws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY\nregion = %s\n```" % ch(["sa-east-1", "eu-north-1", "ap-south-1"]))
    if k == 1:
        return "terraform plan peter på `AKIAI44QH8DHBEXAMPLE` – det er bare eksempelet fra AWS-doken, glemte å bytte ut i tfvars"
    return "`ASIAIOSFODNN7EXAMPLE` wala session key docs se copy hua hai, isko real STS se replace karo (%s backup job)" % code()


def ph_pem():
    t = ch(["RSA PRIVATE KEY", "PRIVATE KEY", "EC PRIVATE KEY", "OPENSSH PRIVATE KEY"])
    body = ch(["...", "MIIEvQIBADANBg...(recortado)...", "<contenido de la llave>", "<innhold fra vault>", "b3BlbnNzaC1rZXktdjEAAAAA...snip...",
               "# paste here"])
    return "el secret tiene que quedar así (sin comillas):\n```\n-----BEGIN %s-----\n%s\n-----END %s-----\n```" % (t, body, t)


def ph_masks():
    opts = [
        "tarjeta corporativa para el combustible de las camionetas: **** **** **** %04d" % rint(0, 9999),
        "kortet som slutter på %04d er sperret, nytt kort kommer i posten" % rint(0, 9999),
        "corporate card XXXX-XXXX-XXXX-%04d declined at the Jaisalmer hotel, finance is on it" % rint(0, 9999),
        "IBAN del proveedor: ES00 0000 0000 00 0000000000 (plantilla, pedir el real a finanzas)",
        "kontonummer: NO00 0000 0000 000 (fyll inn fra avtalen)",
        "IBAN: DE00 0000 0000 0000 0000 00 ← placeholder en el template del PPA",
        "RUT empresa: XX.XXX.XXX-X (lo completa legal)",
        "fødselsnummer: DDMMÅÅ XXXXX – ikke skriv det i Slack, bruk HR-portalen",
        "Aadhaar: XXXX XXXX %04d (masked, as printed on the gate pass)" % rint(0, 9999),
        "PAN format example: ABCDE1234F – use the vendor's, not this",
        "SSN: XXX-XX-XXXX (only for the US OEM techs, HR collects it)",
        "fono de emergencia: +56 9 XXXX XXXX (el del jefe de turno de la semana)",
        "ring vakttelefonen: +47 XXX XX XXX",
        "site in-charge ka number: +91 98XXX XXXXX (roster dekho)",
        "card: •••• %04d, exp **/**" % rint(0, 9999),
        "SSN ***-**-%04d on the W-9, rest masked" % rint(1, 9999),
    ]
    return ch(opts)


def ph_redacted_log():
    lines = []
    for _ in range(rint(2, 5)):
        lines.append("%s %s %s %s" % (ts(), ch(["INFO ", "WARN ", "DEBUG"]), ch(["auth.client", "modbus.gw", "iec61850.mms", "dispatch.api"]),
                                      ch(["login user=scada_ro password=[REDACTED] host=%s" % priv_ip(),
                                          "Authorization: Bearer <redacted>",
                                          "connect mms://%s:102 auth=password secret=*** ok" % priv_ip(),
                                          "token refresh ok token=[FILTERED] ttl=3600",
                                          "apiKey=[MASKED] plant=%s" % code(),
                                          "set-cookie: session=(sensitive value); HttpOnly"])))
    return "```\n" + "\n".join(lines) + "\n```"


def ph_defaults():
    opts = [
        "los inversores vienen de fábrica con usuario `admin` / clave `admin`, el commissioning checklist dice cambiarla antes de conectar a la red OT",
        "```yaml\nservices:\n  historian-db:\n    image: postgres:16\n    environment:\n      POSTGRES_USER: postgres\n      POSTGRES_PASSWORD: changeme\n  mq:\n    image: rabbitmq:3-management\n    environment:\n      RABBITMQ_DEFAULT_USER: guest\n      RABBITMQ_DEFAULT_PASS: guest\n```",
        "lokalt: `DATABASE_URL=postgres://user:password@localhost:5432/scada_dev` – det er bare dev-oppsettet fra README",
        "mongodb+srv://<username>:<password>@<cluster>.mongodb.net/telemetry — así está en la plantilla del runbook, reemplacen los <>",
        "`amqp://guest:guest@localhost:5672/` default hai, prod mein ye kaam nahi karega",
        "KEYCLOAK_ADMIN_PASSWORD=admin  # solo docker-compose local",
        "RTU default login `Administrator` / `<blank>` – Scheduled for change during SAT at %s" % site(),
        "mysql://root:root@127.0.0.1:3306/cmms_test (fixture de los tests, no existe fuera de CI)",
    ]
    return ch(opts)


def ph_templates():
    opts = [
        "```python\nclient = ModbusTcpClient(host=os.environ[\"MODBUS_HOST\"], port=502)\nhistorian = InfluxDBClient(url=cfg.url, token=os.environ[\"INFLUX_TOKEN\"], org=\"%s\")\n```" % code().lower(),
        "```hcl\nresource \"aws_db_instance\" \"historian\" {\n  username = \"historian\"\n  password = var.historian_password\n  # manage_master_user_password = true\n}\n```",
        "```yaml\nenv:\n  - name: DISPATCH_API_KEY\n    valueFrom:\n      secretKeyRef:\n        name: dispatch-api\n        key: apiKey\n```",
        "```ini\n[iec61850]\nserver = %s\nport = 102\nauth = password\npassword = %%IED_PASSWORD%%\n```" % priv_ip(),
        "op://OT-%s/ignition-gateway/password  ← referencia de 1Password, el CLI la resuelve" % code(),
        "`vault kv get -field=password secret/ot/%s/rtu-web` devuelve la clave, no la copien acá" % code().lower(),
        "{{resolve:secretsmanager:prod/scada/%s:SecretString:password}}" % code().lower(),
        "```json\n{\n  \"mqtt\": {\"host\": \"%s\", \"user\": \"{{ mqtt_user }}\", \"pass\": \"{{ mqtt_pass }}\"}\n}\n```" % priv_ip(),
        "```bash\ncurl -H \"Authorization: Bearer $DISPATCH_TOKEN\" https://dispatch.internal/api/v2/setpoints?plant=%s\n```" % code(),
        "```powershell\n$env:SCADA_PASS = Read-Host -AsSecureString \"Passord for scada_ro\"\n```",
        "```xml\n<connectionStrings>\n  <add name=\"Cmms\" connectionString=\"Server=cmms-db;Database=cmms;User Id=cmms_app;Password=__CMMS_DB_PASSWORD__;\" />\n</connectionStrings>\n```",
    ]
    return ch(opts)


def ph_ppa():
    opts = [
        "Borrador PPA §7.3: «El Comprador pagará mediante transferencia a la cuenta IBAN [●] del Vendedor, dentro de los treinta (30) días...»",
        "PPA-mal: Kontonummer/IBAN: [SETT INN], Swift/BIC: [SETT INN], Kontaktperson: [NAVN]",
        "PPA draft Annex C – Bank details: Beneficiary [●], IFSC [●], A/c no. [●]. Fill after KYC.",
        "Anexo B del contrato: Datos bancarios: Banco: ______  Cuenta: ______  IBAN: ______",
        "Clause 9 (Payment Security): LC from [Bank], amount ₹[●] crore, account details to be provided by the Procurer.",
    ]
    return ch(opts)


def ph_wifi_talk():
    opts = [
        "la clave del wifi de la sala de control está pegada en el rack, no la pongan en el canal",
        "wifi-passordet på trafostasjonen står på lappen i skapet, ikke her",
        "control room wifi ka password notice board pe likha hai, yahan mat daalna",
        "password del wifi: ******** (pídanselo al jefe de turno)",
        "SSID `OT-Guest-%s` / passord: <står på tavla>" % code(),
    ]
    return ch(opts)


def ph_chat_token_form():
    opts = [
        "el header queda `Authorization: Bearer <JWT>` y el JWT lo saca el script `get_token.sh`, no lo hardcodeen",
        "jwt skal se ut som `eyJ…<header>.<payload>.<sig>` – hvis du får noe annet er det feil endepunkt",
        "token ka format `xoxb-<team>-<bot>-<secret>` hai, tumhara wala `xoxp-` se start ho raha hai, galat token hai",
        "ghp_<36 caracteres>  ← eso es un classic PAT; los fine-grained empiezan con github_pat_",
        "la API key de OpenAI es `sk-proj-` + un montón de caracteres, la de Anthropic `sk-ant-api03-` + …",
    ]
    return ch(opts)


PLACEHOLDER_T = [ph_env, ph_helm, ph_vendor_prefix, ph_aws_doc, ph_pem, ph_masks, ph_redacted_log, ph_defaults,
                 ph_templates, ph_ppa, ph_wifi_talk, ph_chat_token_form]



def ph_conn_template():
    return ch([
        "```\nSCADA_DB_URL=postgresql://<usuario>:<clave>@%s:5432/scada_hist\n```\nreemplacen lo que está entre <> con lo del vault" % priv_ip(),
        "```\nMQTT_URL=mqtts://${MQTT_USER}:${MQTT_PASS}@broker.ot.local:8883\n```",
        "`curl -u admin:<passord> https://%s/api/v1/status` – bytt ut <passord> med det fra vaulten" % priv_ip(),
        "```yaml\napiVersion: v1\nkind: Secret\nmetadata:\n  name: rtu-web-%s\ntype: Opaque\ndata:\n  password: <base64 del password>\n```" % code().lower(),
        "ftp://cen_export:********@ftp.cen-export.local/medidas/  (la clave quedó enmascarada en el log, bien)",
    ])


def ph_jwt_doc():
    return ch([
        "en la doc del portal el ejemplo es `Authorization: Bearer eyJhbGciOi...` (truncado), no sirve pa probar",
        "JWT fra eksempelet i API-doken: `eyJ0eXAiOiJKV1Qi…<payload>…<signatur>` – bytt med ditt eget",
        "header mein `Bearer <access_token>` bhejna hai, token `POST /oauth2/token` se milega",
    ])


def ph_hindi_masks():
    return ch([
        "कॉन्ट्रैक्टर का मोबाइल नंबर: +91 XXXXX XXXXX (रोस्टर में देखें)",
        "खाता संख्या: XXXXXXXX%04d, IFSC: XXXX0XXXXXX" % rint(0, 9999),
        "bank a/c: ****%04d (PPA escrow), baaki details finance ke paas" % rint(0, 9999),
        "kontakt: +47 ___ __ ___ (fylles inn av vaktleder)",
        "celular del contratista: 9 ____ ____ (lo pide prevención)",
    ])


PLACEHOLDER_T += [ph_conn_template, ph_jwt_doc, ph_hindi_masks]


# ---------------------------------------------------------------- negatives: code_identifier
W_SEC = ["Secret", "Token", "Password", "Passwd", "Credential", "ApiKey", "Iban", "Card", "Phone", "Email", "Ssn", "Auth", "Private", "Key"]
W_DOM = ["Modbus", "Inverter", "Turbine", "Scada", "Dispatch", "Ppa", "Settlement", "Historian", "Mms", "Goose", "Rtu", "Crew",
         "Curtailment", "Setpoint", "Nacelle", "Pitch", "Yaw", "Breaker", "Meter", "Forecast", "Iec61850", "Iec104"]
W_SUF = ["Provider", "Resolver", "Factory", "Handler", "Client", "Cache", "Validator", "Rotator", "Store", "Mapper", "Service", "Job"]


def camel(n=3):
    parts = [ch(W_DOM), ch(W_SEC)] + [ch(W_DOM + W_SEC + W_SUF) for _ in range(n - 2)]
    rng.shuffle(parts)
    return "".join(parts) + ch(W_SUF)


def lcamel(n=3):
    c = camel(n)
    return c[0].lower() + c[1:]


def snake(n=3):
    return "_".join(re.findall(r"[A-Z][a-z0-9]*", camel(n))).lower()


def ci_java_trace():
    pkg = ch(["cl.australrenovables.scada", "no.nordlyskraft.dispatch", "in.suryoday.ppa", "cl.australrenovables.cmms"])
    lines = ["%s ERROR [%s] %s.%s - %s" % (ts(), ch(["modbus-poll-3", "mms-client-1", "scheduler-2", "kafka-listener-0"]),
                                           pkg, camel(), ch(["Unable to resolve credentials for IED", "token refresh failed",
                                                             "No se pudo leer el registro de setpoint", "Klarte ikke å hente passord fra vault"])),
             "%s.exception.%sException: %s" % (pkg, camel(2), ch(["credential chain exhausted", "secret not found in keystore", "token expired"]))]
    for _ in range(rint(5, 18)):
        lines.append("\tat %s.%s.%s.%s(%s.java:%d)" % (pkg, ch(["config", "auth", "modbus", "iec61850", "dispatch", "crypto"]), camel(),
                                                     lcamel(), camel(2), rint(20, 990)))
    lines.append("\tat java.base/java.lang.Thread.run(Thread.java:1583)")
    return "```\n" + "\n".join(lines) + "\n```"


def ci_iec61850():
    ld = "%s%s" % (code(), unit())
    refs = []
    for _ in range(rint(3, 8)):
        refs.append("%s/%s.%s" % (ld + "LD0", ch(["WTUR1", "WROT1", "WGEN1", "WNAC1", "MMXU1", "XCBR1", "ZINV1", "DRCC1", "LLN0", "WCNV1"]),
                                  ch(["TurSt.stVal", "W.mag.f", "TotW.mag.f", "Pos.stVal", "RotSpd.mag.f", "Beh.stVal", "PhV.phsA.cVal.mag.f",
                                      "WdSpd.mag.f", "OutWSet.setMag.f", "Health.stVal"])))
    return ("dataset del GOOSE de %s, referencias:\n```\n%s\n```\nel `%s` no reporta desde el cambio de SCL" % (site(), "\n".join(refs), ch(refs)))


def ci_scl_xml():
    ied = code() + unit()
    return ("```xml\n<IED name=\"%s\" manufacturer=\"%s\" configVersion=\"%d.%d\">\n  <AccessPoint name=\"S1\">\n    <Server>\n"
            "      <Authentication none=\"false\" password=\"true\"/>\n      <LDevice inst=\"LD0\">\n        <LN0 lnClass=\"LLN0\" inst=\"\" lnType=\"%s_LLN0_%s\">\n"
            "          <DataSet name=\"ds%sPasswordAudit\"/>\n        </LN0>\n        <LN lnClass=\"WTUR\" inst=\"1\" lnType=\"%s\"/>\n      </LDevice>\n"
            "    </Server>\n  </AccessPoint>\n</IED>\n```" % (ied, ch(OEMS), rint(1, 9), rint(0, 20), ied, rhex(6), ch(W_DOM), camel(2)))


def ci_modbus_map():
    lines = ["# register map %s %s" % (ch(OEMS), ch(["SUN2000", "SG250HX", "V150", "N163", "S88", "PVS980"]))]
    base = ch([30000, 40000, 40070])
    for i in range(rint(4, 10)):
        lines.append("%s = %d  # %s" % (snake(3).upper(), base + rint(1, 900), ch(["uint16", "int32 BE", "float32 CDAB", "string[8]", "bitfield"])))
    return "```python\n" + "\n".join(lines) + "\n```"


def ci_opcua():
    nodes = ["ns=2;s=%s.%s.%s.%s" % (code(), unit(), ch(["Nacelle", "Converter", "Grid", "Pitch", "Security"]), camel(2)) for _ in range(rint(2, 5))]
    return "OPC UA nodes que faltan en el historian:\n" + "\n".join("- `%s`" % n for n in nodes)


def ci_rust():
    fn = snake(2)
    lines = ["thread 'tokio-runtime-worker' panicked at src/%s.rs:%d:%d:" % (snake(2), rint(10, 400), rint(5, 60)),
             "called `Result::unwrap()` on an `Err` value: %s" % ch(["MissingSecret", "TokenExpired", "InvalidPassword(\"empty\")"]),
             "stack backtrace:"]
    for i in range(rint(4, 10)):
        lines.append("  %d: scada_edge::%s::%s::h%s" % (i, snake(2), snake(2), rhex(16)))
    lines.append("  %d: _ZN4core3ops8function6FnOnce9call_once17h%sE" % (i + 1, rhex(16)))
    return "```\n" + "\n".join(lines) + "\n```"


def ci_go_panic():
    mod = ch(["github.com/nordlyskraft/iec104-gw", "gitlab.australrenovables.cl/ot/modbus-bridge", "github.com/suryoday/ppa-meter"])
    lines = ["panic: runtime error: invalid memory address or nil pointer dereference", "[signal SIGSEGV: segmentation violation code=0x1 addr=0x%s pc=0x%s]" % (rhex(2), rhex(6)), "",
             "goroutine %d [running]:" % rint(1, 400)]
    for _ in range(rint(3, 7)):
        lines.append("%s/internal/%s.(*%s).%s(...)" % (mod, snake(1).replace("_", ""), camel(2), camel(2)))
        lines.append("\t/src/internal/%s.go:%d +0x%s" % (snake(2), rint(10, 600), rhex(3)))
    return "```\n" + "\n".join(lines) + "\n```"


def ci_k8s_pods():
    lines = ["NAME                                   READY   STATUS             RESTARTS   AGE"]
    for _ in range(rint(3, 8)):
        name = "%s-%s-%s" % (ch(["modbus-poller", "iec104-gw", "mms-collector", "dispatch-api", "token-refresher", "secret-sync", "ppa-settle"]),
                             rs("bcdfghjklmnpqrstvwxz2456789", 10), rs("bcdfghjklmnpqrstvwxz2456789", 5))
        lines.append("%-38s %s   %-18s %-10d %dd" % (name, ch(["1/1", "0/1", "2/2"]), ch(["Running", "CrashLoopBackOff", "Running", "Error"]), rint(0, 40), rint(1, 90)))
    return "```\n$ kubectl -n ot-%s get pods\n%s\n```" % (code().lower(), "\n".join(lines))


def ci_terraform():
    addrs = ["module.%s.aws_secretsmanager_secret.%s" % (snake(1), snake(2)), "module.scada_vpn.aws_iam_access_key.%s" % snake(2),
             "azurerm_key_vault_secret.%s" % snake(3), "google_secret_manager_secret_version.%s" % snake(2)]
    rng.shuffle(addrs)
    return "terraform plan:\n```\n" + "\n".join("  # %s will be %s" % (a, ch(["updated in-place", "created", "destroyed"])) for a in addrs[:rint(2, 4)]) + "\n```"


def ci_sql_cols():
    cols = ["counterparty_iban_hash", "crew_phone_e164_enc", "card_last_four", "password_hash", "api_key_prefix", "ssn_last4_enc",
            "email_verified_at", "token_expires_at", "bank_account_fingerprint", "secret_rotation_due"]
    rng.shuffle(cols)
    return "```sql\nALTER TABLE %s\n%s;\n```" % (ch(["ppa_counterparty", "crew_member", "vendor", "dispatch_user"]),
                                            ",\n".join("  ADD COLUMN %s %s" % (c, ch(["text", "bytea", "timestamptz", "char(4)"])) for c in cols[:rint(2, 5)]))


def ci_css_hashes():
    cls = ["css-%s" % rs("0123456789abcdefghijklmnopqrstuvwxyz", 7), "sc-%s" % rs(LOWER + UPPER, 6), "%s_%s__%s" % (ch(["Tile", "Alarm", "Gauge"]), ch(["root", "value", "icon"]), rs(ALNUM, 5)),
           "svelte-%s" % rs("abcdefghijklmnopqrstuvwxyz0123456789", 6), "data-v-%s" % rhex(8)]
    return "el tile del inversor quedó sin estilo, clases en el DOM: `%s`" % "` `".join(cls[:rint(2, 5)])


def ci_feature_flags():
    flags = ["dispatch.%s" % snake(3), "scada.%s" % snake(2), "ppa.%s.enabled" % snake(2), "crew_app.%s" % snake(2)]
    return "flags activos en prod (%s):\n%s" % (code(), "\n".join("• `%s` = %s" % (f, ch(["true", "false", "10%", "off"])) for f in flags))


def ci_python_trace():
    lines = ["Traceback (most recent call last):"]
    for _ in range(rint(3, 7)):
        lines.append("  File \"/opt/edge/%s/%s.py\", line %d, in %s" % (ch(["modbus", "iec104", "historian", "auth"]), snake(2), rint(10, 500), snake(3)))
        lines.append("    %s = self.%s.%s()" % (snake(2), snake(1), snake(3)))
    lines.append("%sError: %s" % (camel(2), ch(["no se encontró el secret", "secret mangler i vault", "token cache empty"])))
    return "```\n" + "\n".join(lines) + "\n```"


def ci_csharp():
    return ("```csharp\npublic sealed class %s : I%s\n{\n    private readonly I%s _%s;\n    public async Task<%s> %sAsync(CancellationToken ct)\n"
            "        => await _%s.GetAsync(\"%s\", ct);\n}\n```" % (camel(), camel(2), camel(2), lcamel(2), camel(2), camel(2), lcamel(2), snake(2)))


def ci_chat_identifier():
    return ch(["el método `%s()` devuelve null cuando el IED no responde, no es tema de la clave" ,
               "`%s` kaster NullPointerException når turbinen er i service-modus",
               "bhai `%s` wala function rename karo, naam se lagta hai password return karta hai",
               "`%s()` फ़ंक्शन हर 5 मिनट में चलता है, टोकन नहीं लौटाता"]) % lcamel(ch([3, 4]))


def ci_kks():
    tags = ["=G%02d %s%02d %s%03d" % (rint(1, 40), ch(["MDK", "MDA", "MKA", "MSA", "BAT", "MKY"]), rint(10, 90), ch(["CE", "CT", "CP", "AA", "GS"]), rint(1, 999))
            for _ in range(rint(3, 7))]
    return "KKS de las señales que faltan en el SCADA de %s:\n```\n%s\n```" % (site(), "\n".join(tags))


def ci_ansible():
    return ("```yaml\n- name: %s\n  community.hashi_vault.vault_kv2_get:\n    path: ot/%s/%s\n  register: %s\n  no_log: true\n```"
            % (ch(["hent RTU-passord", "read inverter api token", "leer clave del historian"]), code().lower(), snake(2), snake(3)))


def ci_proto():
    return ("```proto\nservice %sService {\n  rpc %s(%sRequest) returns (%sResponse);\n  rpc %s(%sRequest) returns (stream %sEvent);\n}\nmessage %sRequest {\n  string plant_id = 1;\n  string %s = 2;\n}\n```"
            % (ch(W_DOM), camel(2), camel(2), camel(2), camel(2), camel(2), ch(W_DOM), camel(2), snake(2)))


def ci_grep():
    lines = []
    for _ in range(rint(3, 7)):
        lines.append("src/%s/%s.ts:%d:  const %s = await %s.%s(%s);" % (ch(["hmi", "dispatch", "crew"]), lcamel(2), rint(5, 300), lcamel(2), lcamel(1), lcamel(2), lcamel(1)))
    return "$ rg -n 'Token|Password' src/\n```\n" + "\n".join(lines) + "\n```"


def ci_webpack():
    chunks = ["static/chunks/%s-%s.js" % (ch(["pages/plants/[id]", "turbine-tile", "ppa-table", "alarm-feed", "credentials-form"]), rhex(16)) for _ in range(rint(3, 6))]
    return "build output:\n```\n" + "\n".join("  %s  %.1f kB" % (c, rng.uniform(1, 90)) for c in chunks) + "\n```"


CODE_T = [ci_java_trace, ci_iec61850, ci_scl_xml, ci_modbus_map, ci_opcua, ci_rust, ci_go_panic, ci_k8s_pods, ci_terraform,
          ci_sql_cols, ci_css_hashes, ci_feature_flags, ci_python_trace, ci_csharp, ci_chat_identifier, ci_kks, ci_ansible,
          ci_proto, ci_grep, ci_webpack]


# ---------------------------------------------------------------- negatives: non_credential_blob
def uuid4():
    h = rhex(32)
    return "%s-%s-4%s-%s%s-%s" % (h[:8], h[8:12], h[13:16], ch("89ab"), h[17:20], h[20:32])


def nb_git():
    lines = []
    for _ in range(rint(3, 8)):
        lines.append("%s %s" % (rhex(7), ch(["fix(modbus): retry on exception code 0x0B", "feat(dispatch): honour CEN curtailment order",
                                             "chore: bump iec61850 lib", "fix: riktig skalering av reaktiv effekt", "feat: nuevo mapa de registros SG250HX",
                                             "refactor(ppa): settlement rounding", "fix: SLDC schedule block 96 off-by-one"])))
    return "```\n$ git log --oneline -n %d\n%s\n```" % (len(lines), "\n".join(lines))


def nb_docker():
    img = ch(["modbus-poller", "iec104-gw", "historian-writer", "dispatch-api", "crew-app-web"])
    return ("```\n$ docker pull registry.ot.internal/scada/%s:%d.%d.%d\nDigest: sha256:%s\nStatus: Downloaded newer image\n```\n"
            "pin it by digest en el compose: `image: registry.ot.internal/scada/%s@sha256:%s`" % (img, rint(1, 3), rint(0, 20), rint(0, 9), rhex(64), img, rhex(64)))


def nb_firmware():
    fw = ch(["SUN2000_V500R001C00SPC%03d.bin" % rint(100, 200), "SG250HX_FW_V%d%d%d.zip" % (rint(1, 9), rint(0, 9), rint(0, 9)),
             "WTG_PLC_%s_r%d.tar.gz" % (ch(["V150", "N163", "SG145"]), rint(100, 999)), "RTU560_%d.%d.pkg" % (rint(10, 13), rint(0, 9))])
    return ("firmware nuevo para %s, validen el hash antes de cargarlo:\n```\nsha256  %s  %s\nmd5     %s\n```" % (site(), rhex(64), fw, rhex(32))
            if rng.random() < 0.5 else
            "ny firmware til invertere på %s – sjekksum (SHA-256): `%s` (%s)" % (ch(SITES_NO), rhex(64), fw))


def nb_cert_fp():
    fp = ":".join(rhex(2).upper() for _ in range(ch([20, 32])))
    return "IEC 62351 cert del gateway %s, fingerprint público para el pinning:\n`%s`" % (unit(), fp)


def nb_ssh_fp():
    return ("```\nThe authenticity of host 'rtu-%s.ot.local (%s)' can't be established.\nED25519 key fingerprint is SHA256:%s.\n"
            "Are you sure you want to continue connecting (yes/no/[fingerprint])?\n```" % (code().lower(), priv_ip(), b64(rbytes(32)).rstrip("=")))


def nb_uuids():
    lines = ["asset_id,tag,location"]
    for _ in range(rint(3, 8)):
        lines.append("%s,%s,%s" % (uuid4(), unit(), code()))
    return "export del CMMS (activos sin plan de mantenimiento):\n```csv\n%s\n```" % "\n".join(lines)


def nb_trace():
    tid, sid = rhex(32), rhex(16)
    return ("```json\n{\"ts\":\"%s\",\"level\":\"warn\",\"svc\":\"dispatch-api\",\"msg\":\"setpoint ack timeout\",\"trace_id\":\"%s\",\"span_id\":\"%s\","
            "\"traceparent\":\"00-%s-%s-01\",\"plant\":\"%s\"}\n```" % (ts(), tid, sid, tid, sid, code()))


def nb_npm():
    return ("```\n\"node_modules/modbus-serial\": {\n  \"version\": \"8.0.%d\",\n  \"resolved\": \"https://registry.npmjs.org/modbus-serial/-/modbus-serial-8.0.%d.tgz\",\n"
            "  \"integrity\": \"sha512-%s\"\n}\n```" % (rint(10, 30), rint(10, 30), b64(rbytes(64))))


def nb_gosum():
    mods = ["github.com/goburrow/modbus", "github.com/thinkgos/go-iecp5", "github.com/eclipse/paho.mqtt.golang", "go.uber.org/zap"]
    lines = []
    for m in mods[:rint(2, 4)]:
        v = "v%d.%d.%d" % (rint(0, 1), rint(1, 9), rint(0, 20))
        lines.append("%s %s h1:%s" % (m, v, b64(rbytes(32))))
        lines.append("%s %s/go.mod h1:%s" % (m, v, b64(rbytes(32))))
    return "```\n" + "\n".join(lines) + "\n```"


def nb_s3():
    lines = []
    for _ in range(rint(3, 7)):
        lines.append("%s %02d:%02d:%02d %10d scada-export/%s/%s/%s.parquet" % (date(), rint(0, 23), rint(0, 59), rint(0, 59), rint(10000, 99999999),
                                                                          code().lower(), date(), rhex(12)))
    return "```\n$ aws s3 ls s3://ot-historian-archive/ --recursive | tail\n%s\n```" % "\n".join(lines)


def nb_etag():
    return "```\nHTTP/1.1 200 OK\nContent-Type: application/octet-stream\nETag: \"%s-%d\"\nx-amz-request-id: %s\nx-amz-id-2: %s\n```" % (
        rhex(32), rint(2, 40), rs("ABCDEF0123456789", 16), b64(rbytes(48)))


def nb_sops():
    return ("```yaml\nmodbus_gw:\n    password: ENC[AES256_GCM,data:%s,iv:%s,tag:%s,type:str]\nsops:\n    lastmodified: \"%sT10:00:00Z\"\n"
            "    mac: ENC[AES256_GCM,data:%s,iv:%s,tag:%s,type:str]\n```" % (b64(rbytes(rint(10, 24))), b64(rbytes(32)), b64(rbytes(16)), date(),
                                                                            b64(rbytes(48)), b64(rbytes(32)), b64(rbytes(16))))


def nb_sealed():
    return ("```yaml\napiVersion: bitnami.com/v1alpha1\nkind: SealedSecret\nmetadata:\n  name: rtu-web-login\n  namespace: ot-%s\nspec:\n  encryptedData:\n"
            "    password: %s\n```" % (code().lower(), b64(rbytes(rint(200, 300)))))


def nb_vault_cipher():
    return "vault transit encrypt devolvió `vault:v%d:%s` – eso es lo que se guarda en la tabla, no la IBAN en claro" % (rint(1, 4), b64(rbytes(rint(30, 60))))


def nb_b64_text():
    t = ch(["Parada programada WTG07 por cambio de multiplicadora", "Nettselskapet ber om redusert produksjon kl 14-16",
            "Schedule revision R%d accepted by SLDC" % rint(1, 12), "inverter INV12 string 4 low current, revisar fusibles"])
    return "el campo `note` viene en base64 desde el portal: `%s` (decodifica a texto normal)" % b64(t.encode())


def nb_cursor():
    cur = b64(json.dumps({"plant": code(), "after": ts(), "page": rint(2, 40)}).encode()).rstrip("=")
    return "la paginación de la API del inversor usa `next=%s` y a veces se repite la página" % cur


def nb_slack_cursor():
    return "```json\n{\"ok\":true,\"channels\":[],\"response_metadata\":{\"next_cursor\":\"%s\"}}\n```" % b64(("team:%s" % rs(UPPER + DIGITS, 9)).encode())


def nb_ulid():
    return "IDs de eventos de alarma (ULID): " + ", ".join("`01%s`" % rs("0123456789ABCDEFGHJKMNPQRSTVWXYZ", 24) for _ in range(rint(2, 5)))


def nb_modbus_hex():
    frames = []
    for _ in range(rint(2, 5)):
        tid = rhex(4).upper()
        fc = ch(["03", "04", "06", "10"])
        frames.append("%s TX %s 00 00 00 06 %02X %s %s %s" % (ts(), " ".join([tid[:2], tid[2:]]), rint(1, 247), fc,
                                                               " ".join(rhex(2).upper() for _ in range(2)), " ".join(rhex(2).upper() for _ in range(2))))
    return "captura del gateway modbus (hex):\n```\n%s\n```" % "\n".join(frames)


def nb_gpg():
    fp = " ".join(rhex(4).upper() for _ in range(10))
    return "release de `scada-config` firmado, clave pública de release: `%s` (está en el keyserver interno)" % fp


def nb_sentry():
    return "Sentry issue %s-%s, event id `%s` – mismo crash del crew-app en Android 14" % (code(), rs(UPPER + DIGITS, 3), rhex(32))


def nb_helm_checksum():
    return "```yaml\nspec:\n  template:\n    metadata:\n      annotations:\n        checksum/config: %s\n        checksum/secret: %s\n```" % (rhex(64), rhex(64))


def nb_pip_hash():
    return "```\npymodbus==3.%d.%d \\\n    --hash=sha256:%s \\\n    --hash=sha256:%s\n```" % (rint(0, 8), rint(0, 5), rhex(64), rhex(64))


NONCRED_T = [nb_git, nb_docker, nb_firmware, nb_cert_fp, nb_ssh_fp, nb_uuids, nb_trace, nb_npm, nb_gosum, nb_s3, nb_etag, nb_sops,
             nb_sealed, nb_vault_cipher, nb_b64_text, nb_cursor, nb_slack_cursor, nb_ulid, nb_modbus_hex, nb_gpg, nb_sentry,
             nb_helm_checksum, nb_pip_hash]


# ---------------------------------------------------------------- negatives: pii_lookalike_number
def gsrn():
    body = "707057500" + rs(DIGITS, 8)
    s = sum(int(d) * (3 if i % 2 == 0 else 1) for i, d in enumerate(reversed(body)))
    return body + str((10 - s % 10) % 10)


def no_orgnr():
    while True:
        b = str(rint(8, 9)) + rs(DIGITS, 7)
        w = [3, 2, 7, 6, 5, 4, 3, 2]
        r = 11 - sum(int(d) * x for d, x in zip(b, w)) % 11
        if r == 10:
            continue
        r = 0 if r == 11 else r
        n = b + str(r)
        return "%s %s %s" % (n[:3], n[3:6], n[6:])


def cl_rut_company():
    n = rint(76000000, 77999999)
    s, m = 0, 2
    for d in reversed(str(n)):
        s += int(d) * m
        m = 2 if m == 7 else m + 1
    v = 11 - s % 11
    dv = {11: "0", 10: "K"}.get(v, str(v))
    t = "{:,}".format(n).replace(",", ".")
    return "%s-%s" % (t, dv)


def pl_nordpool():
    lines = ["| time | NO4 €/MWh | NO3 €/MWh | vol MWh |", "|---|---:|---:|---:|"]
    for h in range(rint(4, 10)):
        lines.append("| %02d:00 | %d,%02d | %d,%02d | %s |" % (h, rint(0, 140), rint(0, 99), rint(0, 200), rint(0, 99), "{:,}".format(rint(1000, 60000)).replace(",", " ")))
    return "spotpriser i går:\n" + "\n".join(lines)


def pl_sldc():
    lines = ["block,time,schedule_mw,actual_mw,dsm_rs"]
    for b in range(rint(5, 12)):
        blk = rint(1, 96)
        lines.append("%d,%02d:%02d,%.1f,%.1f,%d" % (blk, (blk - 1) // 4, ((blk - 1) % 4) * 15, rng.uniform(50, 300), rng.uniform(40, 310), rint(-99999, 999999)))
    return "SLDC schedule vs actual (%s, %s):\n```csv\n%s\n```" % (ch(SITES_IN), date(), "\n".join(lines))


def pl_gsrn():
    return "målepunkt-ID for %s er `%s`, nettselskapet trenger den for avregning" % (ch(SITES_NO), gsrn())


def pl_orgnr():
    return "PPA-motpart: %s AS, org.nr. %s (MVA)" % (ch(["Nordlys Kraft", "Fjordmetall", "Havbris Industri", "Polar Aluminium"]), no_orgnr())


def pl_rut():
    return "la factura del PPA tiene que ir a nombre de %s SpA, RUT %s (es la sociedad del proyecto, no persona natural)" % (
        ch(["Austral Renovables", "Parque Eólico Cerro Viento", "Solar Llano", "Atacama Storage"]), cl_rut_company())


def pl_gstin():
    st = ch(["08", "24", "27", "29", "33", "37"])
    pan = rs(UPPER, 3) + "C" + rs(UPPER, 1) + rs(DIGITS, 4) + rs(UPPER, 1)
    return "vendor GSTIN `%s%s1Z%s`, CIN U40%03d%s20%02dPTC%06d — invoice pe yahi daalna" % (st, pan, rs(DIGITS + UPPER, 1), rint(100, 999), ch(["RJ", "GJ", "MH", "KA"]), rint(5, 24), rint(100000, 999999))


def pl_serials():
    lines = []
    for _ in range(rint(3, 8)):
        lines.append("%s  s/n %s-%d  fw %d.%d.%d" % (unit(), ch(["V150", "N163", "SG145", "SUN2000", "SG250HX"]), rint(100000, 999999), rint(1, 9), rint(0, 30), rint(0, 200)))
    return "números de serie para la garantía:\n```\n%s\n```" % "\n".join(lines)


def pl_coords():
    la, lo = ch([(-23.6, -70.3), (-22.4, -68.9), (63.4, 9.1), (69.6, 18.5), (27.5, 71.9), (26.9, 70.9)])
    return "coordenadas de la torre met: %.5f, %.5f (WGS84), altura buje %d m" % (la + rng.uniform(-0.1, 0.1), lo + rng.uniform(-0.1, 0.1), rint(90, 150))


def pl_epoch():
    t = rint(1735689600, 1767225599)
    return "el historian guarda `ts=%d` (epoch s) y el SCADA manda `%d` en ms, por eso el desfase de %d h" % (t, t * 1000 + rint(0, 999), ch([3, 4, 5]))


def pl_versions():
    return "versiones en %s: SCADA %d.%d.%d, firmware PLC %d.%02d, MMS stack %d.%d.%d-%s, Windows build 10.0.%d.%d" % (
        site(), rint(3, 9), rint(0, 20), rint(0, 99), rint(1, 9), rint(0, 99), rint(1, 3), rint(0, 9), rint(0, 30), rhex(7), rint(17763, 26100), rint(1000, 6000))


def pl_private_ips():
    lines = []
    for _ in range(rint(3, 8)):
        lines.append("%-8s %-15s %s" % (unit(), priv_ip(), ch(["502/tcp", "102/tcp", "2404/tcp", "4840/tcp", "161/udp"])))
    return "inventario red OT %s (todo privado, detrás del firewall):\n```\n%s\n```\ndoc range para el ejemplo del wiki: %s" % (code(), "\n".join(lines), doc_ip())


def pl_money():
    k = rint(0, 2)
    if k == 0:
        return "liquidación PPA %s: %s MWh × US$ %d,%02d = US$ %s" % (date()[:7], "{:,}".format(rint(10000, 90000)).replace(",", "."), rint(20, 80), rint(0, 99),
                                                                   "{:,}".format(rint(500000, 5000000)).replace(",", "."))
    if k == 1:
        return "fakturert NOK %s for %s MWh i %s" % ("{:,}".format(rint(1000000, 90000000)).replace(",", " "), "{:,}".format(rint(1000, 90000)).replace(",", " "), ch(["mars", "april", "mai"]))
    n = rint(10000000, 999999999)
    s = str(n)
    ind = s[-3:]
    rest = s[:-3]
    parts = []
    while len(rest) > 2:
        parts.insert(0, rest[-2:])
        rest = rest[:-2]
    if rest:
        parts.insert(0, rest)
    return "DSM penalty this month: ₹ %s,%s (%s crore approx)" % (",".join(parts), ind, round(n / 1e7, 2))


def pl_tickets():
    return "tickets abiertos: %s" % ", ".join(ch(["OT-%d", "INC%07d", "WO-%s-%d" % (code(), rint(1000, 9999)), "CHG%07d", "RITM%07d"]).replace("%d", str(rint(1000, 99999))).replace("%07d", "%07d" % rint(1000, 9999999)) for _ in range(rint(2, 5)))


def pl_registers():
    regs = ", ".join(str(ch([30001, 30775, 30803, 40001, 40071, 40200, 40353, 41000]) + rint(0, 99)) for _ in range(rint(4, 8)))
    return "registros Modbus leídos cada 1 s en %s: %s (holding/input), unit id %d" % (unit(), regs, rint(1, 247))


def pl_iec104():
    lines = []
    for _ in range(rint(3, 7)):
        lines.append("ASDU=%d IOA=%d TI=%d COT=%d val=%.2f" % (rint(1, 65534), rint(1000, 16777215), ch([1, 3, 9, 13, 30, 36, 45, 50]), ch([1, 3, 5, 20]), rng.uniform(-50, 400)))
    return "iec104 trafikk fra %s:\n```\n%s\n```" % (ch(SITES_NO), "\n".join(lines))


def pl_meter():
    return "lectura medidor de facturación (CEN) %s: import %s kWh, export %s kWh, factor %d" % (
        code(), "{:,}".format(rint(1000000, 99999999)).replace(",", "."), "{:,}".format(rint(10000000, 999999999)).replace(",", "."), ch([1200, 2400, 6000]))


def pl_dates():
    return "ventana de mantenimiento %02d.%02d.2025 kl. %02d:00–%02d:00 (Statnett-ref. %d/%d)" % (rint(1, 28), rint(1, 12), rint(0, 10), rint(11, 23), rint(2024, 2025), rint(1000, 9999))


def pl_tender():
    return "SECI tender SECI/C&P/RfS/%d/%s/%d, bid id %d, capacity %d MW, tariff ₹%d.%02d/kWh" % (
        rint(2023, 2025), ch(["ISTS-XVI", "FDRE-IV", "WIND-XV"]), rint(10, 99), rint(10000000, 39999999), ch([100, 150, 300]), rint(2, 3), rint(0, 99))


def pl_order_csv():
    lines = ["po_number,line,material,qty,eur"]
    for i in range(rint(4, 12)):
        lines.append("45%08d,%d,%s,%d,%d.%02d" % (rint(0, 99999999), (i + 1) * 10, ch(["pitch bearing", "IGBT module", "slip ring", "yaw brake pad", "fuse 1500VDC"]),
                                                rint(1, 40), rint(10, 90000), rint(0, 99)))
    return "compras pendientes (SAP export):\n```csv\n%s\n```" % "\n".join(lines)


def pl_freq():
    return "frecuencia %s Hz, tensión barra %d kV, Q %+d MVAr, cos φ 0.%d — todo dentro de la NTSyCS" % (
        ch(["49.98", "50.01", "49.95", "50.03"]), ch([23, 33, 110, 220]), rint(-40, 40), rint(90, 99))


def pl_isbn():
    core = "978" + ch(["82", "84", "81", "956"]) + rs(DIGITS, 12 - 3 - 2)
    core = core[:12]
    s = sum(int(d) * (1 if i % 2 == 0 else 3) for i, d in enumerate(core))
    isbn = core + str((10 - s % 10) % 10)
    return "el libro de referencia de la capacitación: ISBN %s-%s-%s-%s-%s" % (isbn[:3], isbn[3:5], isbn[5:9], isbn[9:12], isbn[12])


PII_T = [pl_nordpool, pl_sldc, pl_gsrn, pl_orgnr, pl_rut, pl_gstin, pl_serials, pl_coords, pl_epoch, pl_versions, pl_private_ips,
         pl_money, pl_tickets, pl_registers, pl_iec104, pl_meter, pl_dates, pl_tender, pl_order_csv, pl_freq, pl_isbn]



def mod10_check(body):
    tot = 0
    for i, c in enumerate(reversed(body)):
        d = int(c) * (2 if i % 2 == 0 else 1)
        tot += d - 9 if d > 9 else d
    return str((10 - tot % 10) % 10)


def pl_kid():
    body = rs(DIGITS, rint(8, 11))
    kid = body + mod10_check(body)
    return "innbetaling av anleggsbidrag til nettselskapet: KID %s, forfall %02d.%02d.2025, beløp kr %s" % (
        kid, rint(1, 28), rint(1, 12), "{:,}".format(rint(10000, 9000000)).replace(",", " "))


def pl_utr():
    bank = ch(["SBIN", "HDFC", "ICIC", "UTIB", "PUNB"])
    return "LC margin refund received, NEFT UTR %sN%d%03d%06d, IFSC %s0%06d — SLDC ka DSM adjust ho gaya" % (
        bank, rint(24, 25), rint(1, 365), rint(0, 999999), bank, rint(1000, 999999))


def pl_discom():
    return "auxiliary supply bill: CA no. %d %04d %04d, meter %s%07d, units %s kWh" % (
        rint(1000, 5999), rint(0, 9999), rint(0, 9999), ch(["GJ", "RJ", "TN"]), rint(0, 9999999), "{:,}".format(rint(1000, 99999)))


def pl_sii():
    return "factura electrónica N° %d del PPA, folio %d, OC %d, Res. SII N° %d del %02d-%02d-20%02d" % (
        rint(1000, 99999), rint(100000, 999999), rint(4500000000, 4599999999), rint(1, 120), rint(1, 28), rint(1, 12), rint(10, 24))


def pl_eic():
    codes = ["10YNO-%d--------%s" % (rint(1, 5), rs(UPPER + DIGITS, 1)), "10YCL-SEN------%s" % rs(UPPER + DIGITS, 1),
             "50W%s%09d" % (rs(UPPER, 1), rint(0, 999999999)), "10X1001A1001A%03d" % rint(0, 999)]
    rng.shuffle(codes)
    return "EIC-koder i nominasjonsfila: %s" % ", ".join("`%s`" % c for c in codes[:rint(2, 4)])


def pl_quarter_series():
    vals = " ".join("%d,%03d" % (rint(0, 4), rint(0, 999)) for _ in range(rint(8, 16)))
    return "energía 15-min %s (MWh): %s" % (unit(), vals)


PII_T += [pl_kid, pl_utr, pl_discom, pl_sii, pl_eic, pl_quarter_series]


# ---------------------------------------------------------------- negatives: talk_about_secrets
TALK_EN = [
    "We rotated the historian DB password after the contractor laptop went missing; the old one is revoked.",
    "Reminder: never paste RTU or inverter portal passwords in this channel, use the vault link.",
    "The IEC 61850 MMS auth on the new IEDs is password-only, so we are moving to certificates next quarter.",
    "Incident summary: an API token for the dispatch gateway was committed to the scada-config repo for 40 minutes. Revoked, rotated, repo history rewritten.",
    "The secret scanner flagged the Modbus register map again, it thinks 16-digit register dumps are card numbers.",
    "Finance asked whether they can send the PPA counterparty IBAN over Slack. No — use the banking portal.",
    "Do we store crew phone numbers in the CMMS? Legal says only the shift roster, encrypted at rest.",
    "Access keys for the backup bucket are now issued by the OIDC role, no more long-lived keys on the edge boxes.",
    "If you get a private key in a support ticket from the OEM, delete the ticket attachment and tell security.",
    "The SLDC portal forces a password change every 45 days, so set a calendar reminder.",
    "Card numbers for fuel should go through the fleet card app, not the expense thread.",
    "Regex for phone numbers in the redactor has to handle +56, +47 and +91 formats; that's the ask for next sprint.",
    "Who owns the Slack bot token for the alarm bot? It expires when the app is reinstalled.",
    "The JWT from the inverter cloud API is valid for 1 hour; the refresh token lives in the secret store.",
    "Post-mortem action: rotate all shared SCADA accounts and move to named users with MFA.",
]
TALK_ES = [
    "cabros, no manden la clave del SCADA por WhatsApp, después anda dando vueltas en mil celulares",
    "ya cambié la contraseña del portal del inversor, la nueva está en el vault, pídanla por el flujo normal",
    "el token de la API del CEN vence el viernes, ¿quién lo renueva? no lo peguen acá po",
    "ojo que el escáner marcó el mapa de registros Modbus como si fueran tarjetas de crédito, falsa alarma",
    "finanzas pregunta si puede mandar el IBAN del comprador del PPA por acá, les dije que no, que usen el portal del banco",
    "la llave privada del túnel VPN de la subestación quedó en un correo reenviado, hay que revocarla y emitir otra",
    "acuérdense que el RUT y el teléfono de los contratistas no van en el canal, van en la planilla protegida",
    "la clave del wifi de la sala de control se cambió altiro después de la visita, pregúntenle al jefe de turno",
    "el bot de alarmas perdió el token cuando reinstalaron la app de Slack, por eso no llegaron los avisos anoche",
    "la contraseña del usuario compartido `operador` se elimina este mes, cada uno con su cuenta y MFA",
    "si el OEM les pide la clave del RTU por teléfono, no se la den, que abra ticket",
    "resumen del incidente: una access key de AWS estuvo en el repo 20 minutos, ya está revocada",
]
TALK_NO = [
    "ikke del passordet til SCADA-brukeren her i kanalen, legg det i vaulten",
    "API-nøkkelen til Nord Pool-integrasjonen utløper neste uke, noen må fornye den",
    "vi har rotert passordet på historian-databasen etter at leverandøren hadde tilgang",
    "sikkerhetsskanneren tror IEC 104-loggene inneholder kortnumre, det er bare IOA-adresser",
    "kontonummeret til PPA-motparten skal ikke sendes på Slack, bruk nettbanken",
    "den private nøkkelen til VPN-en på trafostasjonen ble sendt på e-post; den er tilbakekalt",
    "telefonnumrene til vaktlaget ligger i vaktlista, ikke legg dem ut her",
    "Slack-tokenet til alarmboten ble ugyldig etter reinstallasjon, derfor kom ingen varsler i natt",
    "husk at fødselsnummer aldri skal stå i saker i CMMS",
    "passordpolicyen for RTU-ene krever minst 14 tegn fra nå av",
    "tilgangsnøkler for backup-bøtta utstedes nå via OIDC, ingen langlevde nøkler på edge-boksene",
]
TALK_HI = [
    "कृपया SCADA का पासवर्ड इस चैनल में मत डालिए, vault का लिंक इस्तेमाल करें।",
    "इन्वर्टर पोर्टल का API टोकन कल एक्सपायर हो रहा है, कोई नया बना दे।",
    "PPA वाले खाते का बैंक विवरण Slack पर नहीं भेजना है, बैंक पोर्टल से ही भेजें।",
    "कॉन्ट्रैक्टर के फ़ोन नंबर और आधार नंबर चैनल में मत डालो, HR पोर्टल में हैं।",
    "पुराना SSH प्राइवेट की रद्द कर दिया गया है, नई की vault में है।",
    "स्कैनर ने Modbus रजिस्टर डंप को कार्ड नंबर समझ लिया, यह गलत अलार्म है।",
    "RTU का डिफ़ॉल्ट पासवर्ड कमीशनिंग से पहले बदलना ज़रूरी है।",
]
TALK_HINGLISH = [
    "bhai SCADA ka password group mein mat daalo, vault mein hai, wahan se lo",
    "SLDC portal ka password har 45 din mein change karna padta hai, reminder laga lo",
    "inverter cloud ka token kal expire ho raha hai, koi renew kar dega?",
    "yaar PPA wale IBAN/account details Slack pe mat bhejo, finance ko bank portal use karne bolo",
    "contractor ka phone number aur Aadhaar channel mein mat daalna, roster sheet protected hai",
    "alarm bot ka Slack token reinstall ke baad invalid ho gaya, isliye raat ko alerts nahi aaye",
    "jo AWS key repo mein commit hui thi woh revoke ho gayi, new role OIDC se chal raha hai",
    "scanner phir se Modbus dump ko card number bol raha hai, false positive hai",
    "OEM wale phone pe RTU ka password maange toh mat dena, ticket raise karne bolo",
]


def talk_compose():
    pools = [TALK_EN, TALK_ES, TALK_NO, TALK_HI, TALK_HINGLISH]
    pool = ch(pools)
    k = rint(1, 4)
    idx = list(range(len(pool)))
    rng.shuffle(idx)
    sents = [pool[i] for i in idx[:k]]
    style = rint(0, 3)
    if style == 0:
        return " ".join(sents)
    if style == 1:
        return "\n".join("• " + s for s in sents)
    if style == 2:
        head = ch(["*Security sync – notas*", "*Sikkerhetsmøte – referat*", "*Security sync notes*", "*सुरक्षा बैठक – नोट्स*", "*Seguridad OT – resumen semanal*"])
        return head + "\n" + "\n".join("%d. %s" % (i + 1, s) for i, s in enumerate(sents))
    q = ch(["¿alguien sabe dónde quedó la clave nueva del historian?", "hvem har API-nøkkelen til prognosetjenesten nå?",
            "koi batayega naya token kahan rakha hai?", "where do we keep the RTU passwords now?", "नया पासवर्ड किसके पास है?"])
    return q + "\n> " + sents[0]


def talk_faq():
    return ch([
        "*FAQ*: ¿Puedo mandar una contraseña por DM? No. ¿Y si es temporal? Tampoco. Usa el enlace de un solo uso del vault.",
        "*FAQ*: Kan jeg sende et API-token på e-post? Nei. Bruk delingsfunksjonen i vaulten, den utløper etter 24 t.",
        "*FAQ*: Kya main card number Slack pe bhej sakta hoon? Nahi. Fleet card app use karo.",
        "*FAQ*: What counts as a secret? Passwords, API keys, tokens, private keys, session cookies. Phone numbers and IBANs are personal data — also not here.",
    ])


def talk_regex():
    return ch([
        "el regex del redactor para teléfonos chilenos tiene que aceptar el 9 inicial de los celulares y el +56 opcional, y para India el +91 con 10 dígitos",
        "for norske nummer må regexen takle 8 sifre med eller uten +47 og mellomrom i par – men ikke alle 8-sifrede tall er telefonnumre",
        "detector idea: flag 13–19 digit runs only if Luhn passes, otherwise every Modbus dump lights up",
        "IBAN detection should verify mod-97, otherwise NO/ES/DE-shaped invoice references will be false positives",
    ])


def talk_vault_error():
    return ch([
        "```\nError making API request.\n\nURL: GET https://vault.ot.internal/v1/secret/data/scada/%s\nCode: 403. Errors:\n\n* permission denied\n```\nme falta la policy para leer la clave del RTU" % code().lower(),
        "```\nExternalSecret ot-%s/rtu-web: could not get secret data from provider: SecretNotFound\n```\nder ligger passordet ikke lenger, noen flyttet stien?" % code().lower(),
        "```\nError: failed to decrypt sealed secret: no key could decrypt secret (password)\n```\ncontroller ki key rotate hui thi, dobara seal karna padega",
    ])


TALK_T = [talk_compose, talk_compose, talk_compose, talk_compose, talk_faq, talk_regex, talk_vault_error]


# ================================================================ positives: value generators
FIRST_CL = ["Camila", "Matías", "Javiera", "Benjamín", "Catalina", "Joaquín", "Fernanda", "Vicente", "Constanza", "Diego"]
LAST_CL = ["Rojas", "González", "Muñoz", "Soto", "Contreras", "Araya", "Fuentes", "Valenzuela", "Tapia", "Morales"]
FIRST_NO = ["Ole", "Ingrid", "Kari", "Lars", "Sindre", "Maren", "Eirik", "Solveig", "Håkon", "Tone"]
LAST_NO = ["Haugen", "Johansen", "Berg", "Lie", "Dahl", "Bakken", "Nilsen", "Solberg", "Eide", "Moe"]
FIRST_IN = ["Priya", "Rahul", "Ananya", "Vikram", "Sneha", "Arjun", "Kavita", "Rohit", "Meera", "Suresh"]
LAST_IN = ["Sharma", "Patel", "Iyer", "Reddy", "Singh", "Nair", "Gupta", "Joshi", "Rathore", "Menon"]
DOM_CL = ["australrenovables.cl", "pecerroviento.cl", "llanosolar.cl", "gmail.com", "contratista-eolico.cl"]
DOM_NO = ["nordlyskraft.no", "vardefjell-vind.no", "havbris.no", "online.no", "vindservice.no"]
DOM_IN = ["suryodaygreen.in", "bhadla-solar.co.in", "kutchhybrid.in", "gmail.com", "windcare-services.in"]


def deaccent(s):
    tbl = {"á": "a", "é": "e", "í": "i", "ó": "o", "ú": "u", "ñ": "n", "å": "aa", "ø": "o", "æ": "ae"}
    return "".join(tbl.get(c, c) for c in s.lower())


def person(country=None):
    c = country or ch(["cl", "no", "in"])
    if c == "cl":
        return c, ch(FIRST_CL), ch(LAST_CL)
    if c == "no":
        return c, ch(FIRST_NO), ch(LAST_NO)
    return c, ch(FIRST_IN), ch(LAST_IN)


def v_email(country=None):
    c, f, l = person(country)
    dom = ch({"cl": DOM_CL, "no": DOM_NO, "in": DOM_IN}[c])
    local = ch(["%s.%s" % (deaccent(f), deaccent(l)), "%s%s" % (deaccent(f)[0], deaccent(l)), "%s_%s%d" % (deaccent(f), deaccent(l), rint(1, 99)),
                "role"])
    if local == "role":
        dom = {"cl": DOM_CL, "no": DOM_NO, "in": DOM_IN}[c][0]
        local = ch({"cl": ["turno.noche", "despacho", "om.norte"], "no": ["vaktrom", "drift", "driftsentral"], "in": ["site.incharge", "om.team", "scada.ops"]}[c])
    return "%s@%s" % (local, dom), (c, f, l)


_CYC = {}


def cyc(key, n):
    """Deterministic round-robin over n options (shuffled once per round) so small sets still cover every format."""
    lst = _CYC.get(key)
    if not lst:
        lst = list(range(n))
        rng.shuffle(lst)
        _CYC[key] = lst
    return lst.pop()


def v_phone(country=None):
    c = country or ["cl", "no", "in"][cyc("phone_country", 3)]
    if c == "cl":
        m = "9" + ch("3456789") + rs(DIGITS, 7)
        l = "2" + rs(DIGITS, 7)
        fmts = ["+56 9 %s %s" % (m[1:5], m[5:]), "+56%s" % m, "+56 9 %s" % m[1:], "9 %s %s" % (m[1:5], m[5:]), m,
                "+56-9-%s-%s" % (m[1:5], m[5:]), "(+56) 9 %s %s" % (m[1:5], m[5:]), "+56 2 2%s %s" % (l[1:4], l[4:]),
                "(2) 2%s %s" % (l[1:4], l[4:]), "+56 2 2%s %s anexo %d" % (l[1:4], l[4:], rint(100, 499)),
                "+56 55 2%s %s" % (rs(DIGITS, 2), rs(DIGITS, 4))]
    elif c == "no":
        m = ch("49") + rs(DIGITS, 7)
        l = ch(["22", "55", "73", "38", "77"]) + rs(DIGITS, 6)
        fmts = ["%s %s %s" % (m[:3], m[3:5], m[5:]), "%s %s %s %s" % (m[:2], m[2:4], m[4:6], m[6:]), "+47 %s %s %s" % (m[:3], m[3:5], m[5:]),
                "+47%s" % m, "0047 %s %s %s %s" % (m[:2], m[2:4], m[4:6], m[6:]), m, "+47 %s" % m,
                "%s %s %s %s" % (l[:2], l[2:4], l[4:6], l[6:]), "+47 %s %s %s %s" % (l[:2], l[2:4], l[4:6], l[6:])]
    else:
        m = ch("6789") + rs(DIGITS, 9)
        std = ch(["011", "022", "079", "0291", "080", "044"])
        num = rs("2345", 1) + rs(DIGITS, 7 if len(std) == 3 else 6)
        cut = 4 if len(std) == 3 else 3
        x, y = num[:cut], num[cut:]
        fmts = ["+91 %s %s" % (m[:5], m[5:]), "+91-%s" % m, "0%s %s" % (m[:5], m[5:]), m, "+91 %s %s %s" % (m[:3], m[3:6], m[6:]),
                "+91-%s-%s" % (m[:5], m[5:]), "%s-%s-%s" % (m[:3], m[3:6], m[6:]), "91 %s %s" % (m[:5], m[5:]),
                "%s-%s %s" % (std, x, y), "(%s) %s %s" % (std, x, y), "+91 %s %s %s ext. %d" % (std[1:], x, y, rint(10, 999))]
    return fmts[cyc("phone_fmt_" + c, len(fmts))], c


def v_card_digits():
    k = cyc("card_brand", 6)
    if k == 0:
        return "visa", luhn_complete("4" + rs(DIGITS, 5), 16)
    if k == 1:
        return "mc", luhn_complete(str(rint(51, 55)) + rs(DIGITS, 4), 16)
    if k == 2:
        return "mc2", luhn_complete(str(rint(2221, 2720)) + rs(DIGITS, 2), 16)
    if k == 3:
        return "amex", luhn_complete(ch(["34", "37"]) + rs(DIGITS, 4), 15)
    if k == 4:
        return "rupay", luhn_complete(ch(["6521", "6522", "6070", "6080", "8172", "5085"]) + rs(DIGITS, 2), 16)
    return "visa", luhn_complete("4" + rs(DIGITS, 5), 16)


def card_fmt(d, style):
    if len(d) == 15:
        g = [d[:4], d[4:10], d[10:]]
    else:
        g = [d[i:i + 4] for i in range(0, 16, 4)]
    if style == "space":
        return " ".join(g)
    if style == "dash":
        return "-".join(g)
    if style == "plain":
        return d
    if style == "break":
        h = len(g) // 2
        return " ".join(g[:h]) + "\n" + " ".join(g[h:])
    return " ".join(g)


PW_WORDS_ES = ["viento", "molino", "salar", "cobre", "pampa", "camanchaca", "altiro", "copihue", "taltal", "cordillera", "quillagua", "chañar"]
PW_WORDS_NO = ["fjord", "vindkast", "torsk", "nordlys", "tåke", "fjell", "brunost", "lynet", "havbris", "skog", "vinter", "rype"]
PW_WORDS_HI = ["surya", "pawan", "bijli", "chai", "patang", "neela", "bhadla", "thar", "aandhi", "jugnu", "dhoop", "mausam"]


LEET = {"a": "4", "e": "3", "i": "1", "o": "0", "s": "$", "t": "7", "A": "@", "E": "3", "O": "0", "S": "5"}
PW_BASE = ["VindPark", "SolarPampa", "Turbina", "Nacelle", "Inversor", "Trafo", "Surya", "Fjellvind", "Bhadla", "Atacama",
           "Statnett", "Despacho", "Subestacion", "Kraftverk", "Pawan", "Yawbrake", "Pitch", "Historian"]


def v_password(style=None, lang=None):
    style = style or ch(["leet", "random", "phrase", "wordsym", "pin_mix"])
    lang = lang or ch(["es", "no", "hi"])
    ws = {"es": PW_WORDS_ES, "no": PW_WORDS_NO, "hi": PW_WORDS_HI}[lang]
    if style == "leet":
        base = ch(PW_BASE) if rng.random() < 0.5 else ch(ws).capitalize() + ch(["Park", "Vind", "Grid", "Rtu", "Sol", "Drift"])
        p = rng.uniform(0.4, 1.0)
        leet = "".join(LEET[c] if c in LEET and rng.random() < p else c for c in base)
        sym = ch(["!", "#", "@", "_", "*", "%", "$", "&", "?"])
        num = str(ch([rint(10, 99), rint(2019, 2026), rint(100, 9999)]))
        return ch([leet + sym + num, sym + leet + num, leet + num + sym, num + sym + leet])
    if style == "random":
        return rs(ALNUM + "!#$%&*?+=-_.", rint(12, 20))
    if style == "phrase":
        sep = ch(["-", " ", ".", "_"])
        words = []
        want = rint(3, 5)
        while len(words) < want:
            w = ch(ws)
            if w not in words:
                words.append(w)
        return sep.join(words) + (str(rint(1, 99)) if rng.random() < 0.5 else "")
    if style == "wordsym":
        return ch(ws).capitalize() + ch(["#", "$", "!", "&", "@", "+"]) + ch(ws).capitalize() + str(rint(1, 2026))
    return ch(UPPER) + rs(LOWER, 3) + str(rint(1000, 9999)) + ch("!#$%*") + rs(UPPER + LOWER, 2)


def v_url_pw():
    while True:
        pw = _url_pw()
        if len(pw) >= 10:
            return pw


def _url_pw():
    return ch([rs(ALNUM, rint(12, 24)), v_password("leet").replace("@", "").replace("%", "").replace("#", "").replace("$", "S"),
               rs(ALNUM, 8) + "%21" + rs(ALNUM, 6), ch(PW_WORDS_ES + PW_WORDS_NO + PW_WORDS_HI).replace("å", "aa").replace("ñ", "n") + "-" + rs(ALNUM, 10)])


def v_ipv4(country=None):
    c = country or ch(["cl", "no", "in"])
    firsts = {"cl": [200, 190, 181, 186, 152, 201, 164], "no": [84, 88, 193, 195, 217, 46, 77, 80, 109], "in": [103, 49, 14, 117, 122, 182, 106, 59]}[c]
    while True:
        p = (ch(firsts), rint(0, 255), rint(0, 255), rint(1, 254))
        if ip_public(*p):
            return "%d.%d.%d.%d" % p


def v_iban(cc=None):
    cc = cc or ["NO", "ES", "DE"][cyc("iban_cc", 3)]
    bban = {"NO": no_bban, "ES": es_bban, "DE": de_bban}[cc]()
    iban = iban_make(cc, bban)
    return (group4(iban) if cyc("iban_grp", 2) else iban), cc


def v_ssn():
    while True:
        s = "%03d-%02d-%04d" % (rint(1, 899), rint(1, 99), rint(1, 9999))
        if ssn_ok(s):
            return s


def v_aws_id():
    return ch(["AKIA", "AKIA", "AKIA", "ASIA"]) + rs("ABCDEFGHIJKLMNOPQRSTUVWXYZ234567", 16)


def v_aws_secret():
    while True:
        s = rs(ALNUM + "/+", 40)
        if "EXAMPLE" not in s:
            return s


B62 = DIGITS + UPPER + LOWER


def base62(n, width):
    out = ""
    while n:
        n, r = divmod(n, 62)
        out = B62[r] + out
    return out.rjust(width, "0")


def v_ghp():
    body = rs(ALNUM, 30)
    return "ghp_" + body + base62(zlib.crc32(body.encode()) & 0xFFFFFFFF, 6)


def v_ghfg():
    return "github_pat_11" + rs(UPPER + DIGITS, 20) + "_" + rs(ALNUM, 59)


def v_xoxb():
    return "xoxb-%d-%d-%s" % (rint(10 ** 9, 10 ** 12), rint(10 ** 12, 10 ** 13 - 1), rs(ALNUM, 24))


def v_xoxp():
    return "xoxp-%d-%d-%d-%s" % (rint(10 ** 9, 10 ** 12), rint(10 ** 9, 10 ** 12), rint(10 ** 12, 10 ** 13 - 1), rhex(32))


def v_openai():
    k = rint(0, 2)
    U = ALNUM + "-_"
    if k == 0:
        return "sk-proj-" + rs(U, 74) + "T3BlbkFJ" + rs(U, 74)
    if k == 1:
        return "sk-" + rs(ALNUM, 20) + "T3BlbkFJ" + rs(ALNUM, 20)
    return "sk-svcacct-" + rs(U, 74) + "T3BlbkFJ" + rs(U, 74)


def v_anthropic():
    return "sk-ant-api03-" + rs(ALNUM + "-_", 93) + "AA"


def v_jwt(site_code=None):
    rs256 = rng.random() < 0.5
    hdr = {"alg": "RS256", "typ": "JWT", "kid": rhex(16)} if rs256 else {"alg": "HS256", "typ": "JWT"}
    iat = rint(1735689600, 1767225599)
    iss = ch(["https://auth.nordlyskraft.no", "https://sso.australrenovables.cl/realms/ot", "https://login.suryodaygreen.in/oauth2",
              "https://api.inverter-cloud.example/auth"])
    pl = {"iss": iss, "sub": ch(["svc-dispatch", "scada-historian", "crew-app", "ppa-settlement", "u_%d" % rint(1000, 99999)]),
          "aud": ch(["scada-api", "dispatch", "cmms", "inverter-cloud"]), "iat": iat, "exp": iat + ch([900, 3600, 86400]),
          "scope": ch(["setpoint:write telemetry:read", "read:plants", "workorders:rw", "curtailment:ack"]),
          "plant": site_code or code()}
    sig = b64u(rbytes(256 if rs256 else 32))
    return b64u(json.dumps(hdr, separators=(",", ":")).encode()) + "." + b64u(json.dumps(pl, separators=(",", ":")).encode()) + "." + sig


# ---- PEM
def der_len(n):
    if n < 128:
        return bytes([n])
    if n < 256:
        return b"\x81" + bytes([n])
    return b"\x82" + struct.pack(">H", n)


def der(tag, content):
    return bytes([tag]) + der_len(len(content)) + content


def der_int_bytes(b):
    b = b.lstrip(b"\x00") or b"\x00"
    if b[0] & 0x80:
        b = b"\x00" + b
    return der(0x02, b)


def rand_int_bytes(nbits, odd=True):
    b = bytearray(rbytes(nbits // 8))
    b[0] |= 0x80
    if odd:
        b[-1] |= 1
    return bytes(b)


def pem_ec():
    priv = rbytes(32)
    pub = b"\x04" + rbytes(64)
    body = der(0x30, der_int_bytes(b"\x01") + der(0x04, priv) + der(0xA0, der(0x06, bytes.fromhex("2a8648ce3d030107"))) + der(0xA1, der(0x03, b"\x00" + pub)))
    return "EC PRIVATE KEY", body


def pem_ed25519():
    body = bytes.fromhex("302e020100300506032b657004220420") + rbytes(32)
    return "PRIVATE KEY", body


def pem_rsa():
    bits = ch([1024, 2048])
    n = rand_int_bytes(bits)
    parts = [b"\x00", n, b"\x01\x00\x01", rand_int_bytes(bits, False), rand_int_bytes(bits // 2), rand_int_bytes(bits // 2),
             rand_int_bytes(bits // 2, False), rand_int_bytes(bits // 2, False), rand_int_bytes(bits // 2, False)]
    body = der(0x30, b"".join(der_int_bytes(p) for p in parts))
    return "RSA PRIVATE KEY", body


def ssh_str(b):
    return struct.pack(">I", len(b)) + b


def pem_openssh():
    pub = rbytes(32)
    seed = rbytes(32)
    pubblob = ssh_str(b"ssh-ed25519") + ssh_str(pub)
    check = rbytes(4)
    comment = ch([b"scada@rtu-gw01", b"ops@jump-ot", b"deploy@historian", b"drift@vdf-gw"])
    priv = check + check + ssh_str(b"ssh-ed25519") + ssh_str(pub) + ssh_str(seed + pub) + ssh_str(comment)
    pad = 1
    while len(priv) % 8:
        priv += bytes([pad])
        pad += 1
    body = b"openssh-key-v1\x00" + ssh_str(b"none") + ssh_str(b"none") + ssh_str(b"") + struct.pack(">I", 1) + ssh_str(pubblob) + ssh_str(priv)
    return "OPENSSH PRIVATE KEY", body


def v_pem(kind=None):
    fn = {"ec": pem_ec, "ed25519": pem_ed25519, "rsa": pem_rsa, "openssh": pem_openssh}
    kind = kind or ["ec", "ed25519", "rsa", "openssh"][cyc("pem_kind", 4)]
    label, body = fn[kind]()
    lines = wrap(b64(body), 70 if kind == "openssh" else 64).split("\n")
    return kind, label, lines


# ================================================================ positives: templates
_TI = []


def pt(lst):
    i = rng.randrange(len(lst))
    _TI.append(i)
    return lst[i]


def pdress(text):
    return dress(text, 0.08, 0.04)


LANG_OF = {"cl": "es", "no": "no", "in": "hi"}


def _phone_line(country):
    p, c = v_phone(country)
    if c == "cl":
        t = pt(["jefe de turno esta semana: %s, llámenlo si el CEN pide bajar potencia",
                "el operador de la grúa dice que lo llamen al %s antes de las 8",
                "cualquier cosa me hablan al wsp %s, ando sin señal en el parque igual",
                "fono del supervisor O&M de %s: %s" % (ch(SITES_CL), "%s"),
                "| rol | fono |\n|---|---|\n| prevencionista | %s |"])
    elif c == "no":
        t = pt(["vakttelefon %s – ring hvis Statnett sender nedreguleringsordre",
                "kranfører: %s",
                "ring meg på %s hvis turbinen går i feil igjen i natt",
                "elektriker fra nettselskapet, direkte: %s"])
    else:
        t = pt(["site in-charge ka number %s hai, raat ko bhi call kar sakte ho",
                "बिजली कटौती के लिए SLDC कंट्रोल रूम का नंबर: %s",
                "Vestas field tech for WTG14: %s (available till 6 pm)",
                "security gate pe %s pe call karo, woh gate khol dega"])
    return t % p, p


def ps_phone():
    t, p = _phone_line(None)
    return pdress(t), [("phone_number", p)]


def ps_card():
    _, d = v_card_digits()
    style = ["space", "dash", "plain", "break", "space"][cyc("card_style", 5)]
    c = card_fmt(d, style)
    exp = "%02d/%02d" % (rint(1, 12), rint(26, 30))
    tpl = pt([
        "pásame la tarjeta de la empresa pa pagar el arriendo de la grúa, es la %s vence %s" % ("%s", exp),
        "kortnummeret til firmakortet er %s, utløp %s – trenger det til hotellet i Hammerfest" % ("%s", exp),
        "hotel booking ke liye corporate card use karo: %s exp %s" % ("%s", exp),
        "the fuel vendor keeps rejecting \"%s\" — can finance check the limit?",
        "tarjeta corporativa:\n%s\nvence %s, el cvv te lo digo por fono" % ("%s", exp),
        "कार्ड नंबर %s से टिकट बुक कर दो, expiry %s" % ("%s", exp),
        "el cargo de AWS salió con la %s, hay que cambiarla a la del proyecto",
        "card for the crane rental deposit: %s (%s)" % ("%s", exp),
        "betal reservedelene med %s, leverandøren tar ikke faktura" ,
    ])
    return pdress(tpl % c), [("credit_card", c)]


_PW_ORDER = []


def ps_password():
    if not _PW_ORDER:
        rest = [3, 4, 5, 6, 7, 9, 10, 11, 12]
        rng.shuffle(rest)
        _PW_ORDER.extend(reversed([0, 1, 2, 8] + rest))
    k = _PW_ORDER.pop()
    _TI.append(k)
    host = priv_ip()
    if k == 0:
        pw = v_password(ch(["phrase", "wordsym", "leet"]), "es")
        t = ch(["la clave del wifi de la subestación es %s (red OT-Invitados)", "la pass del wifi de la faena: %s", "clave wifi contenedor O&M → %s"]) % pw
    elif k == 1:
        pw = v_password(ch(["wordsym", "leet", "pin_mix", "phrase"]), "no")
        t = ch(["wifi-passordet på driftsbua er %s", "passord til gjestenettet på trafostasjonen: %s"]) % pw
    elif k == 2:
        pw = v_password(ch(["wordsym", "phrase", "leet"]), "hi")
        t = ch(["control room wifi ka password hai %s , notice board wala purana hai", "कंट्रोल रूम वाई-फ़ाई का पासवर्ड: %s"]) % pw
    elif k == 3:
        pw = v_password(ch(["leet", "random"]), "hi")
        t = ch(["RTU वेब लॉगिन: user admin, पासवर्ड %s", "SLDC portal ka naya password %s hai, 45 din baad phir badalna padega"]) % pw
    elif k == 4:
        pw = v_password(ch(["random", "leet", "pin_mix"]))
        t = "```ini\n[rtu]\nhost = %s\nport = 443\nuser = admin\npassword = %s\n```" % (host, pw)
    elif k == 5:
        pw = v_password(ch(["random", "leet", "wordsym"]))
        t = "```\nmysql -h %s -u historian -p'%s' scada_hist -e 'select count(*) from samples'\n```" % (host, pw)
    elif k == 6:
        pw = v_password(ch(["random", "leet"]))
        t = "`sshpass -p '%s' ssh -o StrictHostKeyChecking=no ops@%s`  ← así lo tenía el cron del gateway, hay que sacarlo" % (pw, host)
    elif k == 7:
        pw = v_password(ch(["random", "leet", "wordsym"]))
        t = "```yaml\ninverter_portal:\n  url: https://portal.inverter-cloud.example\n  username: om_%s\n  password: \"%s\"\n```" % (code().lower(), pw)
    elif k == 8:
        lg = ch(["es", "no", "hi"])
        pw = v_password("phrase", lg)
        t = {"es": "la frase de la bóveda del notebook de terreno: %s", "no": "passordfrasen til felt-PC-en er «%s»", "hi": "field laptop ka passphrase: %s"}[lg] % pw
    elif k == 9:
        pw = v_password(ch(["random", "leet", "pin_mix"]))
        t = "```\nServer=%s;Database=cmms;User Id=cmms_app;Password=%s;TrustServerCertificate=True\n```" % (host, pw)
    elif k == 10:
        pw = rs(ALNUM, rint(10, 16)) + ch(["!", "#", "*", "_"])
        t = "`curl -u scada:%s https://%s/api/v1/alarms?active=1`" % (pw, host)
    elif k == 11:
        pw = v_password(ch(["leet", "wordsym", "pin_mix"]), "no")
        t = "nytt passord til Statnett-portalen for %s: %s (byttes igjen om 90 dager)" % (ch(SITES_NO), pw)
    else:
        pw = v_password(ch(["leet", "random"]))
        t = "```\nnet user scada_ops \"%s\" /add /expires:never\n```\nen el HMI de %s" % (pw, ch(SITES_CL))
    return pdress(t), [("password", pw)]


def _url_cred(host=None):
    pw = v_url_pw()
    host = host
    k = rint(0, 7)
    if k == 0:
        u = "mqtts://telemetry_%s:%s@%s:8883" % (code().lower(), pw, host or "broker.ot.nordlyskraft.no")
    elif k == 1:
        u = "postgresql://historian:%s@%s:5432/scada" % (pw, host or priv_ip())
    elif k == 2:
        u = "ftp://cen_export:%s@%s/medidas/" % (pw, host or "ftp.australrenovables.cl")
    elif k == 3:
        u = "amqps://dispatch:%s@%s:5671/%%2Fsldc" % (pw, host or "mq.suryodaygreen.in")
    elif k == 4:
        u = "redis://:%s@%s:6379/0" % (pw, host or "cache-ot.internal")
    elif k == 5:
        u = "https://ppa_reports:%s@%s/upload/" % (pw, host or "sftp.nordlyskraft.no")
    elif k == 6:
        u = "mongodb://crewapp:%s@%s:27017/crew?authSource=admin" % (pw, host or "mongo-0.crew.svc")
    else:
        u = "mssql+pyodbc://wincc:%s@%s/WinCC_Hist?driver=ODBC+Driver+18+for+SQL+Server" % (pw, host or "wincc-sql")
    return u, pw


def ps_url():
    u, pw = _url_cred()
    t = pt(["la conexión del historian quedó así: `%s`",
            "```\nDATABASE_URL=%s\n```",
            "tilkoblingsstreng fra den gamle serveren: %s – skal inn i vault",
            "yeh wala URL use karo: %s",
            "```python\nengine = create_engine(\"%s\")\n```",
            "broker config (%s) – el script de exportación lo tiene hardcodeado" ]) % u
    return pdress(t), [("url_credentials", pw)]


def ps_ip():
    c = ch(["cl", "no", "in"])
    ip = v_ipv4(c)
    t = pt({
        "cl": ["whitelisteen la IP pública del CEN para el ICCP: %s", "el SCADA remoto del cliente del PPA sale por %s, agréguenla al firewall",
               "```\nsshd[%d]: Failed password for invalid user admin from %s port %d ssh2\n```\nnos están escaneando el jump host" % (rint(1000, 60000), "%s", rint(1024, 65535))],
        "no": ["Statnett sin eksterne IP for IEC 104-forbindelsen er %s, åpne 2404/tcp i brannmuren", "leverandøren kobler seg til fra %s i morgen kl. 09"],
        "in": ["SLDC ka SFTP server %s pe hai, port 22 allow karwao", "```\n%s - - [12/Mar/2025:10:14:02 +0530] \"POST /api/schedule HTTP/1.1\" 401 64\n```\nye IP kaun hai?"],
    }[c]) % ip
    return pdress(t), [("ipv4_address", ip)]


def ps_iban():
    iban, cc = v_iban()
    t = pt([
        "datos para el pago del PPA: %s, IBAN %s, BIC %s" % (ch(["Nordlys Kraft AS", "Havbris Industri AS"]), "%s", ch(["DNBANOKKXXX", "NDEANOKKXXX"])),
        "kontonummer for leie til grunneier: %s",
        "please update the vendor master: IBAN %s (service contract, gearbox overhaul)",
        "el proveedor de los rodamientos mandó su IBAN: %s, dice que el anterior está cerrado",
        "German OEM ka IBAN %s hai, SWIFT transfer aaj hi kar do",
        "| proveedor | IBAN |\n|---|---|\n| %s | %s |" % (ch(["Rodamientos Ibéricos SL", "Windtechnik Nord GmbH", "Fjordkran AS"]), "%s"),
        "```json\n{\"beneficiary\": \"%s\", \"iban\": \"%s\", \"currency\": \"EUR\"}\n```" % (ch(["Windtechnik Nord GmbH", "Energia Levante SA"]), "%s"),
        "भुगतान इस खाते में करें, IBAN: %s",
    ]) % iban
    return pdress(t), [("iban", iban)]


def ps_email():
    e, (c, f, l) = v_email()
    t = pt({
        "cl": ["mándenle el parte diario a %s, ella lo consolida", "si necesitan acceso al SCADA escríbanle a %s"],
        "no": ["kontakt %s for tilgang til SCADA", "send avviksmeldingen til %s innen fredag"],
        "in": ["daily gen report %s ko bhej do", "OEM escalation contact: %s"],
    }[c]) % e
    return pdress(t), [("email_address", e)]


def ps_ssn():
    s = v_ssn()
    t = pt([
        "for the W-9 of the US commissioning tech: SSN %s",
        "el técnico gringo de la OEM mandó su SSN para el contrato: %s",
        "den amerikanske teknikeren trenger lønn via oss, SSN %s",
        "US consultant ka SSN %s hai, payroll form mein daal do",
        "```\nContractor: field service (US)\nSSN: %s\nState: TX\n```",
    ]) % s
    return pdress(t), [("us_ssn", s)]


def ps_aws_id():
    k = v_aws_id()
    t = pt([
        "```\nAWS_ACCESS_KEY_ID=%s\nAWS_DEFAULT_REGION=sa-east-1\n```",
        "la key del bucket de respaldo del historian es %s, el secret te lo paso por otro lado",
        "```hcl\nprovider \"aws\" {\n  region     = \"eu-north-1\"\n  access_key = \"%s\"\n}\n```",
        "```\nAn error occurred (InvalidClientTokenId) when calling the GetCallerIdentity operation: key %s is not valid\n```",
        "S3 upload ke liye key id %s use karo, ap-south-1 bucket",
        "tilgangsnøkkel-ID for backup: %s",
    ]) % k
    return pdress(t), [("aws_access_key_id", k)]


def ps_aws_secret():
    s = v_aws_secret()
    t = pt([
        "```\nAWS_SECRET_ACCESS_KEY=%s\n```",
        "```ini\n[historian-backup]\naws_secret_access_key = %s\n```",
        "```json\n{\"SecretAccessKey\": \"%s\", \"Expiration\": null}\n```",
        "```python\ns3 = boto3.client(\"s3\", aws_secret_access_key=\"%s\")\n```",
        "secret key til backup-bøtta: %s",
        "```yaml\nstringData:\n  AWS_SECRET_ACCESS_KEY: %s\n```",
    ]) % s
    return pdress(t), [("aws_secret_access_key", s)]


def ps_ghp():
    t_ = v_ghp()
    t = pt([
        "```\ngit remote set-url origin https://%s@github.com/australrenovables/scada-config.git\n```",
        "```yaml\nenv:\n  GH_TOKEN: %s\n```",
        "pa' clonar el repo de los mapas Modbus usa mi token %s, vence en 7 días",
        "```\necho %s | gh auth login --with-token\n```",
        "midlertidig token til scada-config: %s",
        "```\n//npm.pkg.github.com/:_authToken=%s\n```",
        "ghcr login: `docker login ghcr.io -u ci-bot -p %s`",
        "bhai yeh PAT le lo abhi ke liye: %s",
    ]) % t_
    return pdress(t), [("github_classic_pat", t_)]


def ps_ghfg():
    t_ = v_ghfg()
    t = pt([
        "fine-grained token, solo lectura sobre scada-config: %s",
        "```\nGITHUB_TOKEN=%s\n```",
        "```\ncurl -H \"Authorization: Bearer %s\" https://api.github.com/repos/nordlyskraft/iec104-gw/releases\n```",
        "token for Renovate på iec104-gw: %s",
        "```toml\n[github]\ntoken = \"%s\"\n```",
        "Actions runner registration ke liye ye token: %s",
    ]) % t_
    return pdress(t), [("github_fine_grained_pat", t_)]


def ps_xoxb():
    t_ = v_xoxb()
    t = pt([
        "```\nSLACK_BOT_TOKEN=%s\n```",
        "el token del bot de alarmas es %s, lo usa el relay de SCADA → #alarmas-%s" % ("%s", code().lower()),
        "```python\nclient = WebClient(token=\"%s\")\nclient.chat_postMessage(channel=\"#drift-varsler\", text=msg)\n```",
        "```\ncurl -s -X POST -H 'Authorization: Bearer %s' -d 'channel=C0%s' https://slack.com/api/conversations.join\n```" % ("%s", rs(UPPER + DIGITS, 8)),
        "alarm-boten bruker %s – ikke del den videre",
        "```yaml\nslack:\n  botToken: %s\n  channel: trips-%s\n```" % ("%s", code().lower()),
    ]) % t_
    return pdress(t), [("slack_bot_token", t_)]


def ps_xoxp():
    t_ = v_xoxp()
    t = pt([
        "para exportar el historial del canal usé mi user token %s",
        "```\nSLACK_USER_TOKEN=%s\n```",
        "mitt bruker-token for eksport-scriptet: %s",
        "```python\nWebClient(token=\"%s\").conversations_history(channel=CHANNEL)\n```",
        "user token %s se saare channel export ho jayenge",
    ]) % t_
    return pdress(t), [("slack_user_token", t_)]


def ps_openai():
    t_ = v_openai()
    t = pt([
        "```\nOPENAI_API_KEY=%s\n```",
        "el resumidor de partes diarios usa esta key: %s",
        "```python\nclient = OpenAI(api_key=\"%s\")\n```",
        "API-nøkkel til prognose-assistenten: %s",
        "forecast chatbot ka key %s hai, billing wale account pe",
    ]) % t_
    return pdress(t), [("openai_api_key", t_)]


def ps_anthropic():
    t_ = v_anthropic()
    t = pt([
        "```\nANTHROPIC_API_KEY=%s\n```",
        "key de Anthropic pal bot que traduce las OT: %s",
        "```python\nclient = anthropic.Anthropic(api_key=\"%s\")\n```",
        "nøkkelen til oppsummeringsboten: %s",
        "```yaml\nllm:\n  provider: anthropic\n  apiKey: %s\n```",
        "maintenance summary bot ka key: %s",
    ]) % t_
    return pdress(t), [("anthropic_api_key", t_)]


def ps_jwt():
    j = v_jwt()
    t = pt([
        "```\ncurl -H \"Authorization: Bearer %s\" https://dispatch.nordlyskraft.no/api/v2/setpoints\n```",
        "el token del portal del inversor (dura 1 h): %s",
        "```\n%s WARN dispatch.api rejected token=%s reason=aud_mismatch\n```" % (ts(), "%s"),
        "```json\n{\"name\": \"cmms-prod\", \"values\": [{\"key\": \"token\", \"value\": \"%s\"}]}\n```",
        "websocket: wss://hmi.suryodaygreen.in/live?token=%s",
        "cookie: `session=%s; Path=/; Secure`",
        "yeh JWT expire ho gaya kya? %s",
    ]) % j
    return pdress(t), [("jwt", j)]


def ps_pem():
    kind, label, lines = v_pem()
    lay = cyc("pem_layout", 5)
    _TI.append(lay)
    if lay == 0:
        val = "\n".join(lines)
        t = "llave del jump host de %s:\n```\n-----BEGIN %s-----\n%s\n-----END %s-----\n```" % (ch(SITES), label, val, label)
    elif lay == 1:
        val = "\\n".join(lines)
        t = "```json\n{\"type\": \"ssh\", \"host\": \"%s\", \"private_key\": \"-----BEGIN %s-----\\n%s\\n-----END %s-----\\n\"}\n```" % (priv_ip(), label, val, label)
    elif lay == 2:
        val = "\n    ".join(lines)
        t = "```yaml\nstringData:\n  id_key: |\n    -----BEGIN %s-----\n    %s\n    -----END %s-----\n```" % (label, val, label)
    elif lay == 3:
        val = "\n".join(lines)
        t = "```hcl\nresource \"tls_private_key\" \"imported\" {}\nlocals {\n  gw_key = <<EOT\n-----BEGIN %s-----\n%s\n-----END %s-----\nEOT\n}\n```" % (label, val, label)
    else:
        val = "\n".join(lines)
        t = "%s\n-----BEGIN %s-----\n%s\n-----END %s-----" % (ch(["nøkkelen til RTU-gatewayen, slett etter bruk:", "bhai ye key daal do server pe:", "IEC 62351 client key (test IED):"]),
                                                             label, val, label)
    return pdress(t), [("private_key_pem", val)], "private_key_pem:%s:layout%d" % (kind, lay)


SINGLE = {
    "phone_number": ps_phone, "credit_card": ps_card, "password": ps_password, "url_credentials": ps_url, "ipv4_address": ps_ip,
    "iban": ps_iban, "email_address": ps_email, "us_ssn": ps_ssn, "aws_access_key_id": ps_aws_id,
    "aws_secret_access_key": ps_aws_secret, "github_classic_pat": ps_ghp, "github_fine_grained_pat": ps_ghfg,
    "slack_bot_token": ps_xoxb, "slack_user_token": ps_xoxp, "openai_api_key": ps_openai, "anthropic_api_key": ps_anthropic,
    "jwt": ps_jwt, "private_key_pem": ps_pem,
}
SINGLE_COUNT = {
    "phone_number": 7, "credit_card": 9, "password": 9, "url_credentials": 7, "ipv4_address": 5, "iban": 8, "email_address": 4,
    "us_ssn": 5, "aws_access_key_id": 6, "aws_secret_access_key": 6, "github_classic_pat": 8, "github_fine_grained_pat": 8,
    "slack_bot_token": 8, "slack_user_token": 8, "openai_api_key": 8, "anthropic_api_key": 8, "jwt": 8, "private_key_pem": 8,
}


# ---------------------------------------------------------------- positives: two-secret messages
def pm_aws():
    k, s = v_aws_id(), v_aws_secret()
    t = pt([
        "```ini\n[historian-backup]\naws_access_key_id = %s\naws_secret_access_key = %s\nregion = sa-east-1\n```" % (k, s),
        "```bash\nexport AWS_ACCESS_KEY_ID=%s\nexport AWS_SECRET_ACCESS_KEY=%s\naws s3 sync /data/scada s3://ot-historian-archive/%s/\n```" % (k, s, code().lower()),
        "nøkler til backup-jobben på %s:\nID: %s\nsecret: %s\n(slettes når OIDC-rollen er på plass)" % (ch(SITES_NO), k, s),
    ])
    return pdress(t), [("aws_access_key_id", k), ("aws_secret_access_key", s)]


def pm_contact():
    c = ch(["cl", "no", "in"])
    e, (_, f, l) = v_email(c)
    p, _ = v_phone(c)
    t = pt({
        "cl": ["contacto de la cuadrilla de mantenimiento de palas: %s %s, %s, %s" % (f, l, e, p),
               "el nuevo jefe de turno es %s %s\ncorreo: %s\nfono: %s" % (f, l, e, p)],
        "no": ["ny kontaktperson hos kranfirmaet: %s %s – %s / %s" % (f, l, e, p),
               "vakthavende denne uka: %s %s, %s, tlf %s" % (f, l, e, p)],
        "in": ["new site in-charge %s %s: %s, mobile %s" % (f, l, e, p),
               "%s %s (O&M lead) – %s – %s, koi issue ho toh call karo" % (f, l, e, p)],
    }[c])
    return pdress(t), [("email_address", e), ("phone_number", p)]


def pm_iban_email():
    iban, cc = v_iban()
    e, _ = v_email(ch(["cl", "no", "in"]))
    t = pt([
        "pago del arriendo de grúa: IBAN %s, mandar comprobante a %s" % (iban, e),
        "remittance advice to %s please, funds to IBAN %s" % (e, iban),
    ])
    return pdress(t), [("iban", iban), ("email_address", e)]


def pm_pw_ip():
    ip = v_ipv4()
    pw = v_password(ch(["leet", "random", "wordsym"]))
    t = pt([
        "el RTU de la subestación remota quedó con IP pública %s (sí, lo sé), user admin clave %s – hay que meterlo al VPN" % (ip, pw),
        "```\nssh -p 2222 drift@%s\n# passord: %s\n```\nmidlertidig til leverandøren er ferdig" % (ip, pw),
    ])
    return pdress(t), [("ipv4_address", ip), ("password", pw)]


def pm_url_ip():
    ip = v_ipv4()
    u, pw = _url_cred(ip)
    t = "el historian del cliente del PPA está expuesto: `%s` – avisen a seguridad" % u
    return pdress(t), [("url_credentials", pw), ("ipv4_address", ip)]


def pm_gh_slack():
    g, b = v_ghp(), v_xoxb()
    t = "```yaml\n# .github/workflows/deploy-scada-config.yml\nenv:\n  GH_TOKEN: %s\n  SLACK_BOT_TOKEN: %s\n```" % (g, b)
    _TI.append(0)
    return pdress(t), [("github_classic_pat", g), ("slack_bot_token", b)]


def pm_llm():
    o, a = v_openai(), v_anthropic()
    t = "```\n# .env del bot de resúmenes de OT\nOPENAI_API_KEY=%s\nANTHROPIC_API_KEY=%s\n```" % (o, a)
    _TI.append(0)
    return pdress(t), [("openai_api_key", o), ("anthropic_api_key", a)]


def pm_jwt_url():
    j = v_jwt()
    u, pw = _url_cred()
    t = "```\nDISPATCH_TOKEN=%s\nBROKER_URL=%s\n```" % (j, u)
    _TI.append(0)
    return pdress(t), [("jwt", j), ("url_credentials", pw)]


def pm_card_phone():
    c = ch(["cl", "no", "in"])
    _, d = v_card_digits()
    card = card_fmt(d, ch(["space", "dash", "plain"]))
    p, _ = v_phone(c)
    t = pt({
        "cl": ["pagué el hotel de la cuadrilla con la %s, si llaman del banco mi fono es %s" % (card, p)],
        "no": ["bestilte fergebilletter med kortet %s – banken ringer kanskje på %s for å bekrefte" % (card, p)],
        "in": ["train tickets card %s se book kiye, OTP %s pe aayega" % (card, p)],
    }[c])
    return pdress(t), [("credit_card", card), ("phone_number", p)]


def pm_xoxp_email():
    x = v_xoxp()
    e, _ = v_email()
    t = "export del canal #despacho hecho con el token %s, el zip se lo mandé a %s" % (x, e)
    _TI.append(0)
    return pdress(t), [("slack_user_token", x), ("email_address", e)]


def pm_pem_ip():
    ip = v_ipv4()
    kind, label, lines = v_pem(ch(["openssh", "ec", "ed25519"]))
    val = "\n".join(lines)
    t = "bastion nuevo en %s, usen esta llave mientras tanto:\n```\n-----BEGIN %s-----\n%s\n-----END %s-----\n```" % (ip, label, val, label)
    _TI.append(0)
    return pdress(t), [("ipv4_address", ip), ("private_key_pem", val)]


def pm_ghfg_pw():
    g = v_ghfg()
    pw = v_password(ch(["random", "leet"]))
    t = "```bash\n./provision-gw.sh --repo-token %s --rtu-password '%s'\n```" % (g, pw)
    _TI.append(0)
    return pdress(t), [("github_fine_grained_pat", g), ("password", pw)]


def pm_ssn_email():
    s = v_ssn()
    e, _ = v_email("in")
    t = "US payroll: consultant SSN %s, send the signed W-9 to %s" % (s, e)
    _TI.append(0)
    return pdress(t), [("us_ssn", s), ("email_address", e)]


MULTI = [("aws_pair", pm_aws, 3), ("contact", pm_contact, 3), ("iban_email", pm_iban_email, 2), ("password_ip", pm_pw_ip, 2),
         ("url_ip", pm_url_ip, 1), ("gh_slack", pm_gh_slack, 1), ("llm_keys", pm_llm, 1), ("jwt_url", pm_jwt_url, 1),
         ("card_phone", pm_card_phone, 2), ("slackuser_email", pm_xoxp_email, 1), ("pem_ip", pm_pem_ip, 1),
         ("ghfg_password", pm_ghfg_pw, 1), ("ssn_email", pm_ssn_email, 1)]


# ================================================================ checks
def check_value(kind, v):
    if kind == "credit_card":
        d = re.sub(r"[ \-\n]", "", v)
        assert d.isdigit() and 13 <= len(d) <= 19 and luhn_ok(d), v
    elif kind == "iban":
        assert iban_ok(v), v
    elif kind == "us_ssn":
        assert re.fullmatch(r"\d{3}-\d{2}-\d{4}", v) and ssn_ok(v), v
    elif kind == "ipv4_address":
        p = [int(x) for x in v.split(".")]
        assert len(p) == 4 and all(0 <= x <= 255 for x in p) and ip_public(*p), v
    elif kind == "jwt":
        h, pl, sig = v.split(".")
        for part in (h, pl):
            json.loads(base64.urlsafe_b64decode(part + "=" * (-len(part) % 4)))
        assert sig
    elif kind == "private_key_pem":
        body = v.replace("\\n", "")
        body = re.sub(r"\s+", "", body)
        raw = base64.b64decode(body, validate=True)
        assert raw[:1] == b"\x30" or raw.startswith(b"openssh-key-v1\x00"), v[:20]
    elif kind == "aws_access_key_id":
        assert re.fullmatch(r"(AKIA|ASIA)[A-Z2-7]{16}", v)
    elif kind == "aws_secret_access_key":
        assert re.fullmatch(r"[A-Za-z0-9/+]{40}", v)
    elif kind == "github_classic_pat":
        assert re.fullmatch(r"ghp_[A-Za-z0-9]{36}", v) and base62(zlib.crc32(v[4:34].encode()) & 0xFFFFFFFF, 6) == v[34:]
    elif kind == "github_fine_grained_pat":
        assert re.fullmatch(r"github_pat_11[A-Z0-9]{20}_[A-Za-z0-9]{59}", v)
    elif kind == "slack_bot_token":
        assert re.fullmatch(r"xoxb-\d+-\d+-[A-Za-z0-9]{24}", v)
    elif kind == "slack_user_token":
        assert re.fullmatch(r"xoxp-\d+-\d+-\d+-[0-9a-f]{32}", v)
    elif kind == "openai_api_key":
        assert v.startswith("sk-") and "T3BlbkFJ" in v
    elif kind == "anthropic_api_key":
        assert re.fullmatch(r"sk-ant-api03-[A-Za-z0-9_-]{93}AA", v)
    elif kind == "email_address":
        assert RE_EMAIL.fullmatch(v), v
    elif kind == "phone_number":
        d = re.sub(r"\D", "", v)
        assert 8 <= len(d) <= 15, v
    elif kind in ("password", "url_credentials"):
        assert len(v) >= 8 and "\n" not in v, v
    else:
        raise AssertionError(kind)


def spans_of(text, v):
    out, i = [], text.find(v)
    while i >= 0:
        out.append((i, i + len(v)))
        i = text.find(v, i + 1)
    return out


def unlabelled(text, secrets):
    spans = []
    for _, v in secrets:
        spans += spans_of(text, v)
    bad = []
    for f in scan(text):
        if not any(f[1] < e and s < f[2] for s, e in spans):
            bad.append(f)
    return bad


# ================================================================ generation
NEG_CATS = [("data_uri_base64", DATA_URI_T), ("placeholder_example", PLACEHOLDER_T), ("code_identifier", CODE_T),
            ("non_credential_blob", NONCRED_T), ("pii_lookalike_number", PII_T), ("talk_about_secrets", TALK_T)]


def gen_negatives(report):
    recs, seen = [], set()
    for cat, T in NEG_CATS:
        order = []
        while len(order) < 100:
            block = list(range(len(T)))
            rng.shuffle(block)
            order += block
        n = 0
        red = {}
        dups = 0
        for slot in range(100):
            ti = order[slot]
            for attempt in range(400):
                fn = T[ti] if attempt < 40 else T[rng.randrange(len(T))]
                text = dress(fn())
                if text in seen:
                    dups += 1
                    continue
                f = scan(text)
                if f:
                    for k in sorted(set(x[0] for x in f)):
                        red[k] = red.get(k, 0) + 1
                    continue
                break
            else:
                raise SystemExit("could not draw a clean %s negative" % cat)
            seen.add(text)
            recs.append({"text": text, "category": cat})
            n += 1
        report["neg_redraws"][cat] = red
        report["neg_dups"][cat] = dups
    rng.shuffle(recs)
    out = []
    for i, r in enumerate(recs):
        out.append({"id": "h%dn-%04d" % (N, i + 1), "text": r["text"], "category": r["category"]})
    return out


def gen_positives(report):
    plan = []
    for kind in sorted(SINGLE_COUNT):
        plan += [("single", kind, SINGLE[kind])] * SINGLE_COUNT[kind]
    for name, fn, cnt in MULTI:
        plan += [("multi", name, fn)] * cnt
    recs, seen = [], set()
    red = {}
    counters = {}
    for typ, name, fn in plan:
        for attempt in range(400):
            del _TI[:]
            res = fn()
            text, secrets = res[0], res[1]
            ctx = res[2] if len(res) > 2 else None
            if text in seen:
                continue
            for k, v in secrets:
                check_value(k, v)
                assert v in text, (k, v)
            bad = unlabelled(text, secrets)
            if bad:
                for b in bad:
                    red[b[0]] = red.get(b[0], 0) + 1
                continue
            break
        else:
            raise SystemExit("could not draw positive %s" % name)
        seen.add(text)
        if typ == "single":
            ctx = ctx or "%s:t%d" % (name, _TI[0] if _TI else 0)
        else:
            counters[name] = counters.get(name, 0) + 1
            ctx = "multi:%s:%d" % (name, counters[name])
        recs.append({"text": text, "secrets": [{"kind": k, "value": v} for k, v in secrets], "context": ctx})
    report["pos_redraws"] = red
    rng.shuffle(recs)
    out = []
    for i, r in enumerate(recs):
        out.append({"id": "h%dp-%04d" % (N, i + 1), "text": r["text"], "secrets": r["secrets"], "context": r["context"]})
    return out


def write_jsonl(path, recs):
    with open(path, "w", encoding="utf-8", newline="\n") as fh:
        for r in recs:
            fh.write(json.dumps(r, ensure_ascii=False) + "\n")


def main():
    report = {"neg_redraws": {}, "neg_dups": {}}
    neg = gen_negatives(report)
    pos = gen_positives(report)
    write_jsonl(os.path.join(HERE, "redaction%d_negatives.jsonl" % N), neg)
    write_jsonl(os.path.join(HERE, "redaction%d_positives.jsonl" % N), pos)

    # ---- report
    print("redaction%d: %d negatives, %d positives, %d secrets" % (N, len(neg), len(pos), sum(len(p["secrets"]) for p in pos)))
    cats = {}
    for r in neg:
        cats.setdefault(r["category"], []).append(r["text"])
    print("\nnegatives per category (texts, min/max lines, redraws by scanner finding, duplicate redraws):")
    for cat, _ in NEG_CATS:
        ls = [t.count("\n") + 1 for t in cats[cat]]
        print("  %-22s %3d  %2d/%-3d  %s  dups=%d" % (cat, len(cats[cat]), min(ls), max(ls), json.dumps(report["neg_redraws"][cat], sort_keys=True),
                                                report["neg_dups"][cat]))
    allf = [f for r in neg for f in scan(r["text"])]
    print("scanner findings on final negatives: %d" % len(allf))
    ls = [r["text"].count("\n") + 1 for r in neg]
    print("negative lines: single-line %d, >=10 lines %d, >=20 lines %d, max %d" % (sum(1 for x in ls if x == 1), sum(1 for x in ls if x >= 10),
                                                                               sum(1 for x in ls if x >= 20), max(ls)))
    assert not allf
    assert len(set(r["text"] for r in neg)) == len(neg)

    kinds = {}
    for p in pos:
        for s in p["secrets"]:
            kinds[s["kind"]] = kinds.get(s["kind"], 0) + 1
    print("\npositives by kind:")
    for k in sorted(kinds):
        print("  %-24s %3d" % (k, kinds[k]))
    nsec = [len(p["secrets"]) for p in pos]
    print("texts with one secret: %d, with two: %d" % (nsec.count(1), nsec.count(2)))
    print("positive redraws for unlabelled findings: %s" % json.dumps(report["pos_redraws"], sort_keys=True))
    miss = {}
    for p in pos:
        fs = scan(p["text"])
        for s in p["secrets"]:
            hit = False
            for a, b in spans_of(p["text"], s["value"]):
                if any(f[1] < b and a < f[2] for f in fs):
                    hit = True
            if not hit:
                miss.setdefault(s["kind"], []).append(p["id"])
        assert not unlabelled(p["text"], [(s["kind"], s["value"]) for s in p["secrets"]])
    nm = {}
    for r in neg:
        for k in near_misses(r["text"]):
            nm[k] = nm.get(k, 0) + 1
    print("\ndeliberate near misses in negatives (texts containing each):")
    for name, _ in NEAR:
        print("  %-58s %3d" % (name, nm.get(name, 0)))
    pf, cf = {}, {}
    for p in pos:
        for sct in p["secrets"]:
            if sct["kind"] == "phone_number":
                key = phone_format(sct["value"])
                pf[key] = pf.get(key, 0) + 1
            if sct["kind"] == "credit_card":
                key = card_format(sct["value"])
                cf[key] = cf.get(key, 0) + 1
    print("phone formats:", "; ".join("%s %s ×%d" % (k[0], k[1], v) for k, v in sorted(pf.items())))
    print("card formats:", "; ".join("%s %s ×%d" % (k[0], k[1], v) for k, v in sorted(cf.items())))
    print("labelled values the built-in scanner does not see (by kind; passwords/url passwords have no scanner rule):")
    for k in sorted(miss):
        print("  %-24s %3d  %s" % (k, len(miss[k]), " ".join(miss[k]) if len(miss[k]) <= 6 else ""))


NEAR = [
    ("AWS documentation keys (…EXAMPLE…)", re.compile(r"EXAMPLE")),
    ("RFC 5737 documentation IPv4", re.compile(r"(?<![\d.])(?:192\.0\.2|198\.51\.100|203\.0\.113)\.\d{1,3}(?![\d.])")),
    ("private IPv4 (10/8, 172.16/12, 192.168/16)", re.compile(r"(?<![\d.])(?:10\.\d{1,3}|172\.(?:1[6-9]|2\d|3[01])|192\.168)\.\d{1,3}\.\d{1,3}(?![\d.])")),
    ("eyJ base64-JSON without JWT dots", re.compile(r"eyJ[A-Za-z0-9_-]{20,}(?![A-Za-z0-9_-]*\.eyJ)")),
    ("epoch ms (13 digits, Luhn-invalid)", re.compile(r"(?<!\d)1[67]\d{11}(?!\d)")),
    ("IBAN-shaped placeholder (check digits 00)", re.compile(r"\b(?:NO|ES|DE)00\b")),
    ("masked card / account (last 4 kept)", re.compile(r"(?:\*{4}|X{4}|•{4})[ -]?\d{4}")),
    ("vendor prefix + dots/x (sk-…, ghp_x…, xoxb-your…)", re.compile(r"sk-(?:proj-|ant-api03-)?(?:\.\.\.|…)|ghp_x+|xoxb-(?:your|x)|github_pat_\.\.\.|glpat-x+")),
    ("PEM header with placeholder body", re.compile(r"-----BEGIN [A-Z ]*PRIVATE KEY-----\n(?:\.\.\.|<|MIIEvQIBADANBg\.\.\.|b3Blbn.*snip|# paste)")),
    ("org./tax ids (org.nr., RUT de empresa, GSTIN, CIN)", re.compile(r"org\.nr\.|RUT \d|GSTIN|CIN U")),
    ("Norwegian metering point GSRN / KID", re.compile(r"målepunkt-ID|KID \d")),
    ("Luhn-valid 10-12 digit run", None),
    ("4-part numbers that are not public IPs (versions, builds)", re.compile(r"(?<![\d.])\d+\.\d+\.\d{4,}\.\d+(?![\d.])")),
]


def near_misses(text):
    out = []
    for name, rx in NEAR:
        if rx is None:
            if any(10 <= len(m.group()) <= 12 and luhn_ok(m.group()) for m in re.finditer(r"(?<![\w.])\d{10,12}(?![\w])", text)):
                out.append(name)
        elif rx.search(text):
            out.append(name)
    return out


def phone_format(v):
    nd = len(re.sub(r"\D", "", re.sub(r"(ext\.|anexo) \d+", "", v)))
    cc = ("CL" if v.startswith(("+56", "(+56", "56 ", "(2)")) or (nd == 9 and v[0] in "29") else
          "NO" if v.startswith(("+47", "0047")) or nd == 8 else "IN")
    f = []
    if v.startswith(("+", "(+")):
        f.append("+cc")
    elif v.startswith("00"):
        f.append("00cc")
    elif v.startswith("0") or v.startswith("(0"):
        f.append("trunk 0")
    elif re.match(r"(56|91) ", v):
        f.append("cc w/o +")
    else:
        f.append("national")
    if "(" in v:
        f.append("parentheses")
    if "-" in v:
        f.append("dashes")
    if re.search(r"\d \d", v):
        f.append("spaces")
    if not re.search(r"[ \-()]", v):
        f.append("run together")
    if re.search(r"ext|anexo", v):
        f.append("extension")
    return cc, ", ".join(f)


def card_format(v):
    d = re.sub(r"\D", "", v)
    brand = "Amex" if d[:2] in ("34", "37") else "Visa" if d[0] == "4" else "RuPay" if d[:2] in ("60", "65", "81", "82") or d[:3] == "508" else "Mastercard"
    lay = "line break" if "\n" in v else "dashed" if "-" in v else "spaced" if " " in v else "run together"
    return brand, lay


if __name__ == "__main__":
    main()
