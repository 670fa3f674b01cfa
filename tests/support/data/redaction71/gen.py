#!/usr/bin/env python3
"""Held-out redaction corpus #71: freight rail + customs brokerage (TR / EG / MA).

Writes redaction71_negatives.jsonl and redaction71_positives.jsonl next to this file.
Only randomness: random.Random(71 * 101). Standard library only.
"""
import base64, binascii, gzip, hashlib, io, json, os, re, struct, sys, zipfile, zlib

import random
N = 71
R = random.Random(N * 101)
HERE = os.path.dirname(os.path.abspath(__file__))

# ----------------------------------------------------------------- helpers
def pick(seq):
    return seq[R.randrange(len(seq))]

def digs(n, first="0123456789"):
    return pick(first) + "".join(pick("0123456789") for _ in range(n - 1))

ALNUM = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
B64 = ALNUM + "+/"
B64U = ALNUM + "-_"
HEX = "0123456789abcdef"

def rs(n, alpha=ALNUM):
    return "".join(pick(alpha) for _ in range(n))

def rbytes(n):
    return bytes(R.randrange(256) for _ in range(n))

def b64(b):
    return base64.b64encode(b).decode()

def b64u(b):
    return base64.urlsafe_b64encode(b).decode().rstrip("=")

def luhn_ok(s):
    tot = 0
    for i, ch in enumerate(reversed(s)):
        d = int(ch)
        if i % 2 == 1:
            d *= 2
            if d > 9:
                d -= 9
        tot += d
    return tot % 10 == 0

def luhn_complete(prefix, length):
    body = prefix + digs(length - len(prefix) - 1)
    for c in "0123456789":
        if luhn_ok(body + c):
            return body + c

def nonluhn(n, first="123456789"):
    while True:
        s = digs(n, first)
        if not luhn_ok(s):
            return s

def mod97(s):
    return int("".join(str(int(c, 36)) for c in s)) % 97

def iban_ok(ib):
    ib = ib.replace(" ", "")
    return mod97(ib[4:] + ib[:4]) == 1

def make_iban(cc, bban):
    chk = 98 - mod97(bban + cc + "00")
    return "%s%02d%s" % (cc, chk, bban)

def group4(s):
    return " ".join(s[i:i + 4] for i in range(0, len(s), 4))

# ----------------------------------------------------------------- scanner
RE_EMAIL = re.compile(r"[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}")
RE_TOKENS = [
    ("github_token", re.compile(r"\bgh[pousr]_[A-Za-z0-9]{36}\b")),
    ("github_pat", re.compile(r"github_pat_[A-Za-z0-9]{20,}_[A-Za-z0-9]{30,}")),
    ("slack_token", re.compile(r"\bxox[abposr]-\d+-[A-Za-z0-9-]+")),
    ("sk_key", re.compile(r"\bsk-(?:proj-|ant-|svcacct-|admin-)?[A-Za-z0-9_-]{32,}")),
    ("jwt", re.compile(r"\beyJ[A-Za-z0-9_-]+\.eyJ[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+")),
    ("stripe", re.compile(r"\b[sr]k_live_[A-Za-z0-9]{20,}")),
    ("gitlab", re.compile(r"\bglpat-[A-Za-z0-9_-]{20}")),
    ("google_api", re.compile(r"\bAIza[A-Za-z0-9_-]{35}")),
]
RE_AWS = re.compile(r"\b(?:AKIA|ASIA)[A-Z2-7]{16}\b")
RE_SSN = re.compile(r"(?<![\d-])\d{3}-\d{2}-\d{4}(?![\d-])")
RE_PEM = re.compile(r"-----BEGIN ([A-Z0-9 ]*)PRIVATE KEY-----(.*?)-----END", re.S)
RE_IPV4 = re.compile(r"(?<![\d.])(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})(?!\.?\d)")
RE_IBAN = re.compile(r"\b[A-Z]{2}\d{2}(?: ?[A-Z0-9]{4}){2,7}(?: ?[A-Z0-9]{1,4})?\b")
RE_USERINFO = re.compile(r"\b[a-z][a-z0-9+.-]*://([^:/\s@]+):([^@\s/]+)@")
RE_DIGRUN = re.compile(r"\d+(?:[ -]\d+)*")
RE_PHONE_CAND = re.compile(r"(?:\+|00)?\(?\d+\)?(?:[ .\-/]{1}\(?\d+\)?)*")
PLACEHOLDER_PW = re.compile(r"^(?:password|passwd|pass|pwd|secret|changeme|guest|admin|root|example|test|"
                            r"x+|\*+|<[^>]*>|\$\{[^}]*\}|\$[A-Z_]+|\{\{[^}]*\}\}|%[A-Z_]+%|\.\.\.|…|"
                            r"your[_-]?password|mot_de_passe|sifre|REDACTED|\[REDACTED\])$", re.I)

def ip_public(a):
    a = [int(x) for x in a]
    if any(x > 255 for x in a):
        return False
    o1, o2, o3 = a[0], a[1], a[2]
    if o1 in (0, 10, 127) or o1 >= 224:
        return False
    if o1 == 100 and 64 <= o2 <= 127: return False
    if o1 == 169 and o2 == 254: return False
    if o1 == 172 and 16 <= o2 <= 31: return False
    if o1 == 192 and o2 == 168: return False
    if o1 == 192 and o2 == 0 and o3 in (0, 2): return False
    if o1 == 198 and o2 in (18, 19): return False
    if o1 == 198 and o2 == 51 and o3 == 100: return False
    if o1 == 203 and o2 == 0 and o3 == 113: return False
    return True

def phone_valid(d, intl, sizes):
    """d: digits only; intl: written with + or 00; sizes: group sizes as written."""
    if intl:
        if d.startswith("00"):
            d = d[2:]
        if d.startswith("90"):
            return re.fullmatch(r"(?:5[0-5]\d|[234]\d\d|850)\d{7}", d[2:]) is not None
        if d.startswith("20"):
            r = d[2:].lstrip("0") if d[2:3] == "0" else d[2:]
            return re.fullmatch(r"1[0125]\d{8}|2\d{8}|3\d{7}|[4-9]\d{8}", r) is not None
        if d.startswith("212"):
            return re.fullmatch(r"[5-7]\d{8}", d[3:]) is not None
        if d.startswith("1"):
            return re.fullmatch(r"[2-9]\d\d[2-9]\d{6}", d[1:]) is not None
        return False
    if d.startswith("0"):
        if re.fullmatch(r"0(?:5[0-5]\d|[234]\d\d|850)\d{7}", d): return True   # TR
        if re.fullmatch(r"01[0125]\d{8}|02\d{8}|03\d{7}|0[4-9]\d{8}", d): return True  # EG
        if re.fullmatch(r"0[5-7]\d{8}", d): return True  # MA
        return False
    if re.fullmatch(r"5[0-5]\d{8}", d) and sizes in ([3, 3, 2, 2], [3, 3, 4], [3, 7]):
        return True  # TR mobile without trunk
    if re.fullmatch(r"1?[2-9]\d\d[2-9]\d{6}", d) and (sizes in ([3, 3, 4], [1, 3, 3, 4], [10], [3, 7])):
        return True  # NANP
    return False

def find_phones(text):
    hits = []
    for m in RE_PHONE_CAND.finditer(text):
        s = m.group(0)
        st = m.start()
        if st > 0 and (text[st - 1].isalnum() or text[st - 1] in "_.:#"):
            continue
        end = m.end()
        if end < len(text) and (text[end].isalpha() or text[end] in "_:" ):
            continue
        toks = re.findall(r"\d+", s)
        intl = s.startswith("+") or s.startswith("00")
        for i in range(len(toks)):
            if i > 0 and not toks[i].startswith("0"):
                continue
            for j in range(i + 1, len(toks) + 1):
                d = "".join(toks[i:j])
                if len(d) > 15:
                    break
                if 9 <= len(d) <= 14 and phone_valid(d, intl and i == 0, [len(t) for t in toks[i:j]]):
                    hits.append(d)
    return hits

def luhn_hits(text):
    hits = []
    for m in RE_DIGRUN.finditer(text):
        groups = re.split(r"[ -]", m.group(0))
        for i in range(len(groups)):
            for j in range(i + 1, len(groups) + 1):
                d = "".join(groups[i:j])
                if len(d) > 19:
                    break
                if 13 <= len(d) <= 19 and luhn_ok(d):
                    hits.append(d)
    return hits

def scan(text):
    """Return list of (check, match) for everything the negatives must not hold."""
    out = []
    for m in RE_EMAIL.finditer(text):
        out.append(("email", m.group(0)))
    for name, rx in RE_TOKENS:
        for m in rx.finditer(text):
            if not re.search(r"x{6}|X{6}|\.\.\.|…|EXAMPLE|example", m.group(0)):
                out.append((name, m.group(0)))
    for m in RE_AWS.finditer(text):
        if "EXAMPLE" not in m.group(0):
            out.append(("aws_key_id", m.group(0)))
    for m in RE_SSN.finditer(text):
        out.append(("ssn_shape", m.group(0)))
    for m in RE_PEM.finditer(text):
        body = re.sub(r"\\n|\s", "", m.group(2))
        if re.fullmatch(r"[A-Za-z0-9+/=]{40,}", body):
            out.append(("pem_key", m.group(1)))
    for m in RE_IPV4.finditer(text):
        if ip_public(m.groups()):
            out.append(("public_ipv4", m.group(0)))
    for m in RE_IBAN.finditer(text):
        c = m.group(0).replace(" ", "")
        if 15 <= len(c) <= 34 and c[2:4].isdigit() and iban_ok(c):
            out.append(("iban", m.group(0)))
    for m in RE_USERINFO.finditer(text):
        if not PLACEHOLDER_PW.match(m.group(2)):
            out.append(("url_userinfo", m.group(0)))
    for h in luhn_hits(text):
        out.append(("luhn", h))
    for h in find_phones(text):
        out.append(("phone", h))
    return out

# ----------------------------------------------------------------- theme vocabulary
STATIONS = ["Halkalı", "Köseköy", "Mersin Yenice", "Kapıkule", "Derince", "İskenderun", "Kars", "Bandırma",
            "Alexandria El Max", "Port Said East", "Ain Sokhna", "10th of Ramadan DP", "Qena", "Aswan",
            "Casa-Port", "Tanger Med", "Kénitra", "Zenata DP", "Fès", "Oujda", "Jorf Lasfar"]
CONT_PFX = ["MSCU", "MAEU", "CMAU", "TGHU", "HLXU", "ARKU", "EGLV", "TCLU", "SEGU", "MRKU"]
WAGON_TYPES = ["Sgns", "Sggrss", "Rgs", "Habbins", "Laaers", "Zacns", "Tadns", "Eanos", "Shimmns"]
GTIP = [("8601.10.00.00.00", "elektrikli lokomotif"), ("8606.91.80.00.00", "açık yük vagonu"),
        ("8609.00.90.00.00", "konteyner"), ("0805.10.20.00.11", "portakal (Mısır)"),
        ("0702.00.00.00.19", "domates (Fas)"), ("6109.10.00.00.11", "pamuklu tişört"),
        ("8703.23.19.00.19", "binek otomobil"), ("2523.29.00.00.00", "portland çimento"),
        ("3901.10.10.00.00", "polietilen"), ("7208.39.00.90.00", "sıcak haddelenmiş sac"),
        ("3105.30.00.00.00", "diamonyum fosfat"), ("2510.10.00.00.00", "doğal kalsiyum fosfat")]
HS6 = ["860110", "860691", "860900", "080510", "070200", "610910", "870323", "252329", "390110", "720839", "310530", "251010"]
CUR = ["TRY", "EGP", "MAD", "EUR", "USD"]
EDI_MSG = ["IFTMIN", "IFTSTA", "IFCSUM", "COPRAR", "CUSDEC", "CUSRES", "INVOIC", "IFTMCS"]
LOCOS = ["DE 36 012", "E 68 004", "DE 33 065", "HXN5 001", "ENR 2314", "ENR 6512", "ONCF E-1451", "ONCF DH-372", "ONCF E-1364"]
WORDS_CMD = ["slot", "wagon", "consignment", "declaration", "gtip", "manifest", "edi", "invoice", "telemetry", "broker", "tariff", "seal"]

ISO6346 = {}
_v = 10
for _c in "ABCDEFGHIJKLMNOPQRSTUVWXYZ":
    if _v % 11 == 0:
        _v += 1
    ISO6346[_c] = _v
    _v += 1

def container_no(spaced=False):
    p = pick(CONT_PFX)
    serial = digs(6)
    s = p + serial
    tot = 0
    for i, ch in enumerate(s):
        v = ISO6346[ch] if ch.isalpha() else int(ch)
        tot += v * (2 ** i)
    chk = tot % 11 % 10
    return "%s %s %d" % (p, serial, chk) if spaced else "%s%s%d" % (p, serial, chk)

def wagon_no(country=None):
    cc = country or pick(["75", "90", "93", "80", "87", "53"])
    body = pick(["31", "33", "35", "37", "21", "81"]) + cc + digs(4) + digs(3)
    tot = 0
    for i, ch in enumerate(body):
        d = int(ch) * (2 if i % 2 == 0 else 1)
        tot += d // 10 + d % 10
    chk = (10 - tot % 10) % 10
    return "%s %s %s %s-%d" % (body[:2], body[2:4], body[4:8], body[8:11], chk)

def ts(year=2026):
    return "%d-%02d-%02dT%02d:%02d:%02d.%03dZ" % (year, R.randint(1, 12), R.randint(1, 28), R.randint(0, 23),
                                                  R.randint(0, 59), R.randint(0, 59), R.randint(0, 999))

def date():
    return "2026-%02d-%02d" % (R.randint(1, 12), R.randint(1, 28))

def trdate():
    return "%02d.%02d.2026" % (R.randint(1, 28), R.randint(1, 12))

def uuid4():
    h = rs(32, HEX)
    return "%s-%s-4%s-%s%s-%s" % (h[:8], h[8:12], h[13:16], pick("89ab"), h[17:20], h[20:32])

def sha(n=64):
    return rs(n, HEX)

def money(cur):
    v = R.randint(1000, 9_999_999) + R.randint(0, 99) / 100
    if cur == "TRY":
        s = "{:,.2f}".format(v).replace(",", "X").replace(".", ",").replace("X", ".")
        return pick(["₺" + s, s + " TL", s + " TRY"])
    if cur == "MAD":
        s = "{:,.2f}".format(v).replace(",", " ").replace(".", ",")
        return pick([s + " MAD", s + " DH", "MAD " + s])
    if cur == "EGP":
        s = "{:,.2f}".format(v)
        return pick(["EGP " + s, s + " ج.م", "LE " + s])
    return "%s %s" % (cur, "{:,.2f}".format(v))

def decl_tr():
    return "26%s%s%s" % (pick(["341300", "060100", "330100", "340500", "160200"]), pick(["IM", "EX", "TR"]), digs(6))

def acid():
    while True:
        s = "4" + digs(18)
        if not luhn_ok(s):
            return s

def vkn():
    return nonluhn(10, "0123456789")

# ----------------------------------------------------------------- lead-ins and trailers
LEADINS = ["Bilginize:", "Arkadaşlar,", "Acil bakabilir misiniz?", "Kapıkule'den gelen log:", "Şunu bir kontrol edelim:",
           "يا جماعة، بصوا على ده:", "معلش حد يشوف ده:", "ya gama3a bos 3ala da:", "el log men Sokhna:", "ya basha, shof da keda:",
           "سلام، شوفو هادي:", "salam, chofo hadi:", "3afak chi wa7ed ychof had l-log:", "wach chi wa7ed 3ando fikra?", "Tanger Med kayqolo:",
           "Pour info :", "Petite question :", "Voici le log du poste frontière :", "FYI", "heads up:", "context for the 14:00 sync:",
           "from the EDI gateway:", "Re: slot booking", "@channel"]
TRAILERS = ["teşekkürler 🙏", "sağ olun", "شكرا يا باشا", "تمام كده؟", "mer9i bzaf", "baraka allahu fik", "merci d'avance",
            "thx", "lmk", "👍", "ok mi?", "yalla", "c'est bon pour vous ?"]

def dress(text, p_lead=0.30, p_trail=0.12):
    if R.random() < p_lead:
        lead = pick(LEADINS)
        text = lead + pick([" ", "\n"]) + text
    if R.random() < p_trail:
        text = text + pick(["\n", " "]) + pick(TRAILERS)
    return text

def code(lang, body):
    return "```%s\n%s\n```" % (lang, body)

# ----------------------------------------------------------------- real file bytes
def png(w, h, rgb=None):
    def chunk(t, d):
        return struct.pack(">I", len(d)) + t + d + struct.pack(">I", zlib.crc32(t + d) & 0xffffffff)
    rgb = rgb or (R.randrange(256), R.randrange(256), R.randrange(256))
    raw = b"".join(b"\x00" + bytes(rgb) * w for _ in range(h))
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b""))

def gif1():
    c = bytes([R.randrange(256) for _ in range(3)])
    return (b"GIF89a\x01\x00\x01\x00\x80\x00\x00" + c + b"\x00\x00\x00!\xf9\x04\x01\x00\x00\x00\x00"
            b",\x00\x00\x00\x00\x01\x00\x01\x00\x00\x02\x02D\x01\x00;")

def bmp(w, h):
    row = (bytes([R.randrange(256) for _ in range(3)]) * w)
    row += b"\x00" * ((4 - len(row) % 4) % 4)
    pix = row * h
    return (b"BM" + struct.pack("<IHHI", 54 + len(pix), 0, 0, 54)
            + struct.pack("<IiiHHIIiiII", 40, w, h, 1, 24, 0, len(pix), 2835, 2835, 0, 0) + pix)

def wav(n):
    data = bytes(128 + int(60 * ((i % 16) - 8) / 8) for i in range(n))
    return (b"RIFF" + struct.pack("<I", 36 + len(data)) + b"WAVEfmt " + struct.pack("<IHHIIHH", 16, 1, 1, 8000, 8000, 1, 8)
            + b"data" + struct.pack("<I", len(data)) + data)

def pdf(text):
    stream = ("BT /F1 12 Tf 40 780 Td (%s) Tj ET" % text).encode()
    objs = [b"<< /Type /Catalog /Pages 2 0 R >>", b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
            b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
            b"<< /Length %d >>\nstream\n" % len(stream) + stream + b"\nendstream",
            b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>"]
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

def zipped(name, content):
    bio = io.BytesIO()
    with zipfile.ZipFile(bio, "w", zipfile.ZIP_DEFLATED) as z:
        zi = zipfile.ZipInfo(name, date_time=(2026, R.randint(1, 12), R.randint(1, 28), 10, 0, 0))
        zi.compress_type = zipfile.ZIP_DEFLATED
        z.writestr(zi, content)
    return bio.getvalue()

def gz(content):
    return gzip.compress(content, mtime=0)

def svg(kind="wagon"):
    col = "#%02x%02x%02x" % (R.randrange(256), R.randrange(256), R.randrange(256))
    if kind == "wagon":
        return ('<svg xmlns="http://www.w3.org/2000/svg" width="24" height="16" viewBox="0 0 24 16">'
                '<rect x="1" y="2" width="22" height="9" fill="%s"/><circle cx="6" cy="13" r="2"/><circle cx="18" cy="13" r="2"/></svg>' % col)
    return ('<svg xmlns="http://www.w3.org/2000/svg" width="16" height="16"><path d="M2 8h12M8 2v12" stroke="%s" stroke-width="2"/></svg>' % col)

def ubl_xml():
    return ('<?xml version="1.0" encoding="UTF-8"?>\n<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2">'
            '<cbc:ProfileID>TICARIFATURA</cbc:ProfileID><cbc:ID>ANR2026%09d</cbc:ID><cbc:UUID>%s</cbc:UUID>'
            '<cbc:DocumentCurrencyCode>TRY</cbc:DocumentCurrencyCode><cbc:Note>Halkalı-Köseköy blok tren, %d vagon</cbc:Note></Invoice>'
            % (R.randint(1, 999999999), uuid4(), R.randint(12, 40))).encode()

def srcmap():
    return json.dumps({"version": 3, "sources": ["src/%s.ts" % pick(["slotGrid", "wagonMap", "gtipSearch", "locoPanel"])],
                       "names": ["render", "slot", "wagon"], "mappings": "AAAA,SAAS" + rs(6, "ACEGIKMOQSUWYacegikmoqsuwy") + ";AACA"},
                      separators=(",", ":")).encode()

def trunc(s, n):
    if len(s) <= n:
        return s
    return s[:n] + pick(["…", "...", "[%d more chars]" % (len(s) - n)])

# ================================================================= NEGATIVES
def n_data_uri():
    t = R.randrange(16)
    if t == 0:
        u = "data:image/png;base64," + b64(png(R.randint(1, 6), R.randint(1, 4)))
        return t, code("css", ".wagon-icon--%s {\n  background-image: url(\"%s\");\n  background-size: 12px 8px;\n}" % (pick(WAGON_TYPES).lower(), u))
    if t == 1:
        u = "data:image/gif;base64," + b64(gif1())
        return t, code("html", '<td class="slot-free"><img src="%s" width="1" height="1" alt=""></td>' % u)
    if t == 2:
        u = "data:image/svg+xml;base64," + b64(svg().encode())
        return t, "Harita ikonu için şunu kullandım, sunucuya istek atmıyor: `%s`" % u
    if t == 3:
        s = svg(pick(["wagon", "plus"]))
        u = "data:image/svg+xml," + s.replace("<", "%3C").replace(">", "%3E").replace('"', "'").replace("#", "%23")
        return t, code("scss", "$wagon-marker: url(\"%s\");\n.map .marker { background: $wagon-marker no-repeat; }" % u)
    if t == 4:
        b = pdf("CIM %s - %s -> %s" % (digs(7), pick(STATIONS), pick(STATIONS)))
        u = "data:application/pdf;base64," + b64(b)
        return t, "CIM mektubunun önizlemesi iframe'de boş çıkıyor, src şu:\n" + code("", trunc(u, R.randint(120, 400)))
    if t == 5:
        b = zipped("ANR2026%06d.xml" % R.randint(1, 999999), ubl_xml())
        return t, code("json", json.dumps({"belgeTuru": "EFATURA", "dosyaAdi": "fatura.zip", "binaryData": b64(b),
                                            "hash": hashlib.md5(b).hexdigest()}, indent=2))
    if t == 6:
        u = "data:image/png;base64," + b64(png(R.randint(2, 8), R.randint(2, 8)))
        return t, code("json", json.dumps({"cell_type": "code", "outputs": [{"output_type": "display_data",
                       "data": {"image/png": u.split(",", 1)[1], "text/plain": ["<Figure: brake pipe pressure %s>" % pick(LOCOS)]}}]}, indent=1))
    if t == 7:
        u = "data:application/json;charset=utf-8;base64," + b64(srcmap())
        return t, code("js", "export function renderSlotGrid(a){return a.map(s=>s.id)}\n//# sourceMappingURL=%s" % u)
    if t == 8:
        b = wav(R.randint(40, 120))
        return t, code("kotlin", "// driver app: short beep when the wagon scan succeeds\nprivate const val BEEP_WAV = \"%s\"\nval beep = Base64.decode(BEEP_WAV, Base64.DEFAULT)" % b64(b))
    if t == 9:
        b = bmp(R.randint(1, 4), R.randint(1, 3))
        return t, code("go", "// testdata for the seal-photo thumbnailer\nvar tinyBMP = \"data:image/bmp;base64,%s\"\n\nfunc TestThumb(t *testing.T) { decodeDataURI(t, tinyBMP) }" % b64(b))
    if t == 10:
        b = gz(("UNA:+.? 'UNB+UNOC:3+ANRAIL+NILECUST+%s:%s+%s'" % (digs(6, "2"), digs(4, "01"), nonluhn(9))).encode())
        return t, "$ echo '%s' | base64 -d | gunzip\n(EDIFACT başlığı çıkıyor, dosya bozuk değil)" % b64(b)
    if t == 11:
        u = "data:image/png;base64," + b64(png(R.randint(1, 3), 1))
        return t, "Refused to load the image '%s' because it violates the following Content Security Policy directive: \"img-src 'self' https://tiles.anrail.internal\"." % trunc(u, R.randint(60, 90))
    if t == 12:
        u = "data:image/png;base64," + b64(png(R.randint(2, 5), R.randint(2, 5)))
        return t, "![konteyner %s](%s)\n%s" % (container_no(), u, pick(["bu ikon Sokhna ekranında bozuk görünüyor", "c'est l'icône du conteneur plein", "icon mta3 l-conteneur"]))
    if t == 13:
        b = zipped("CUSDEC_%s.edi" % digs(8), ("UNH+1+CUSDEC:D:96B:UN'BGM+929+%s'" % decl_tr()).encode())
        return t, code("python", "import base64, io, zipfile\nPAYLOAD = (\n    \"%s\"\n)\nz = zipfile.ZipFile(io.BytesIO(base64.b64decode(PAYLOAD)))\nprint(z.namelist())" % b64(b))
    if t == 14:
        u = "data:image/png;base64," + b64(png(1, 1))
        return t, code("", '{"log":{"entries":[{"request":{"method":"GET","url":"%s"},"response":{"status":200,"content":{"mimeType":"image/png","size":%d}}}]}}' % (u, len(u)))
    ico_png = png(R.choice([1, 2, 4]), R.choice([1, 2, 4]))
    w = 0
    ico = struct.pack("<HHH", 0, 1, 1) + struct.pack("<BBBBHHII", 1, 1, 0, 0, 1, 32, len(ico_png), 22) + ico_png
    return 15, code("html", '<link rel="icon" href="data:image/x-icon;base64,%s">\n<title>%s slot board</title>' % (b64(ico), pick(STATIONS)))

def n_placeholder():
    t = R.randrange(17)
    sys_ = pick(["BILGE", "NAFEZA", "PORTNET", "BADR", "TCDD_SLOT", "ONCF_FRET", "ENR_CARGO", "GIB_EFATURA"])
    if t == 0:
        return t, code("bash", "# .env.example  (kopyalayıp .env yapın, gerçek değerleri commit etmeyin)\n%s_USERNAME=<kullanıcı-adı>\n%s_PASSWORD=<şifre>\n%s_API_KEY=YOUR_API_KEY\nEDI_SFTP_URL=sftp://<user>:<password>@edi.partner.example:22/inbox" % (sys_, sys_, sys_))
    if t == 1:
        return t, code("yaml", "env:\n  - name: %s_TOKEN\n    valueFrom:\n      secretKeyRef:\n        name: %s-credentials\n        key: token\n  - name: SLOT_DB_URL\n    value: \"postgres://user:password@localhost:5432/slots\"" % (sys_, sys_.lower().replace("_", "-")))
    if t == 2:
        return t, code("yaml", "- name: Push manifest to %s\n  run: ./scripts/push_manifest.sh --train %s\n  env:\n    %s_PASSWORD: ${{ secrets.%s_PASSWORD }}\n    SLACK_BOT_TOKEN: ${{ secrets.SLACK_BOT_TOKEN }}" % (sys_, digs(5), sys_, sys_))
    if t == 3:
        return t, "Dokümandaki örnek şu şekilde, birebir kopyalamayın:\n" + code("ini", "[default]\naws_access_key_id = AKIAIOSFODNN7EXAMPLE\naws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY\nregion = %s" % pick(["eu-central-1", "me-south-1", "eu-south-1"]))
    if t == 4:
        return t, "Fatura önizleme (maskeli):\n| alan | değer |\n|---|---|\n| IBAN | TR** **** **** **** **** **%s %s |\n| Kart | •••• •••• •••• %s |\n| Telefon | +90 5** *** ** %s |\n| Tutar | %s |" % (digs(2), digs(2), digs(4), digs(2), money("TRY"))
    if t == 5:
        return t, pick(["Format : Tél. 06 XX XX XX XX ou +212 6XX-XXXXXX", "رقم الموبايل لازم يكون بالشكل ده: 01XXXXXXXXX", "Telefon alanı: 0 (5XX) XXX XX XX", "Phone (US): (XXX) XXX-XXXX"]) + "\n" + pick(["champ obligatoire pour le destinataire", "لازم يتكتب قبل ما الـ ACID يتبعت", "alıcı için zorunlu alan", "required for the notify party"])
    if t == 6:
        return t, code("hcl", "variable \"%s_password\" {\n  type      = string\n  sensitive = true\n  default   = \"changeme\"\n}\n\nresource \"aws_secretsmanager_secret\" \"%s\" {\n  name = \"rail/%s/credentials\"\n}" % (sys_.lower(), sys_.lower(), sys_.lower()))
    if t == 7:
        return t, "Slack botu için token'ı şöyle verin: `SLACK_BOT_TOKEN=xoxb-your-bot-token` — `sk-...` veya `ghp_xxxxxxxxxxxx` gibi şeyleri kanala yapıştırmayın, 1Password'dan `op://Rail-Ops/%s/credential` ile çekin." % sys_
    if t == 8:
        return t, code("", "-----BEGIN RSA PRIVATE KEY-----\nMIIEow...(kısaltıldı)...\n-----END RSA PRIVATE KEY-----") + "\n" + pick(["bu sadece formatın örneği", "c'est juste le format attendu par PortNet", "da mogarad shakl el file"])
    if t == 9:
        return t, code("python", "import os\n\nBROKER_USER = os.environ[\"%s_USER\"]\nBROKER_PASSWORD = os.environ[\"%s_PASSWORD\"]  # never hardcode\nAPI_KEY = os.getenv(\"%s_API_KEY\", \"<paste-token-here>\")" % (sys_, sys_, sys_))
    if t == 10:
        return t, "$ curl -s https://api.%s.example/v2/declarations/%s \\\n    -H \"Authorization: Bearer $%s_TOKEN\" \\\n    -H \"X-Api-Key: ${%s_API_KEY}\"" % (sys_.lower().replace("_", "-"), decl_tr(), sys_, sys_)
    if t == 11:
        return t, code("yaml", "apiVersion: v1\nkind: Secret\nmetadata:\n  name: %s\nstringData:\n  username: {{ .Values.%s.username | quote }}\n  password: {{ .Values.%s.password | quote }}\n  sftpKey: {{ .Values.edi.sftpKey | b64enc }}" % (sys_.lower().replace("_", "-"), sys_.lower(), sys_.lower()))
    if t == 12:
        return t, "IBAN örneği (formda placeholder): `TRxx xxxx x0xx xxxx xxxx xxxx xx` / `EGxx XXXX XXXX XXXXXXXXXXXXXXXXX` / `MA64 XXXX XXXX XXXX XXXX XXXX XXXX` — %s" % pick(["gerçek IBAN yazmayın", "ne mettez pas un vrai RIB", "matektebsh IBAN 7a2i2i", "use the supplier portal"])
    if t == 13:
        return t, code("json", json.dumps({"carrier": sys_, "auth": {"type": "basic", "user": "[REDACTED]", "password": "[REDACTED]"},
                                            "webhook": "https://hooks.slack.com/services/T00000000/B00000000/XXXXXXXXXXXXXXXXXXXXXXXX"}, indent=2))
    if t == 14:
        return t, code("yaml", "services:\n  slots-db:\n    image: postgres:16\n    environment:\n      POSTGRES_USER: slots\n      POSTGRES_PASSWORD: changeme\n  mq:\n    image: rabbitmq:3-management\n    environment:\n      AMQP_URL: amqp://guest:guest@localhost:5672/")
    if t == 15:
        return t, "OpenAI / Anthropic anahtarları şu prefixle başlar: `sk-proj-…`, `sk-ant-api03-...`; GitHub için `github_pat_...`. Örneklerde hep `xxx` kullanın. Kart örneği: `xxxx-xxxx-xxxx-xxxx`, SSN: `XXX-XX-XXXX`."
    return 16, code("toml", "[%s]\nendpoint = \"https://%s.example/api\"\nusername = \"${%s_USER}\"\npassword = \"%%%s_PASSWORD%%\"\nsecret_ref = \"vault:secret/data/rail/%s#password\"" % (sys_.lower(), sys_.lower(), sys_, sys_, sys_.lower()))

ID_WORDS = ["Secret", "Token", "Password", "Iban", "Phone", "Email", "ApiKey", "Credential", "Broker", "Nafeza", "Bilge",
            "Portnet", "Slot", "Wagon", "Consignment", "Gtip", "Refresh", "Rotation", "Masked", "Signing", "Sftp"]

def camel(n, lower=True):
    w = [pick(ID_WORDS) for _ in range(n)]
    s = "".join(w)
    return s[0].lower() + s[1:] if lower else s

def snake(n):
    return "_".join(re.sub(r"(?<!^)([A-Z])", r"_\1", pick(ID_WORDS)).lower() for _ in range(n))

def n_code_ident():
    t = R.randrange(14)
    if t == 0:
        pk = pick(["customs.nafeza", "customs.bilge", "slots.booking", "edi.sftp", "billing.efatura"])
        lines = ["%s ERROR [edi-poller-%d] com.anrail.%s.%s - %s" % (ts(), R.randint(0, 7), pk, camel(3, False), pick(["token refresh failed", "credential provider chain exhausted", "jeton yenilenemedi"])),
                 "com.anrail.%s.%sException: %s" % (pk, camel(2, False), pick(["password expired for broker account", "api key rotation pending"]))]
        for _ in range(R.randint(4, 18)):
            lines.append("\tat com.anrail.%s.%s.%s(%s.java:%d)" % (pk, camel(3, False), camel(3), camel(2, False), R.randint(20, 900)))
        lines.append("\tat java.base/java.lang.Thread.run(Thread.java:1583)")
        return t, code("", "\n".join(lines))
    if t == 1:
        fn = snake(3)
        return t, code("", "Traceback (most recent call last):\n  File \"/srv/broker/nafeza_client/%s.py\", line %d, in %s\n    token = self._%s()\n  File \"/srv/broker/nafeza_client/auth.py\", line %d, in _%s\nKeyError: '%s'" % (snake(2), R.randint(10, 400), fn, snake(3), R.randint(10, 300), snake(3), snake(2)))
    if t == 2:
        return t, code("", "panic: runtime error: invalid memory address or nil pointer dereference\n[signal SIGSEGV: segmentation violation code=0x1 addr=0x18 pc=0x%s]\n\ngoroutine %d [running]:\ngithub.com/anrail/slotbook/internal/credentials.(*%s).%s(...)\n\t/src/internal/credentials/%s.go:%d +0x%s\nmain.main()\n\t/src/cmd/slotbook/main.go:%d +0x%s" % (rs(6, HEX), R.randint(1, 300), camel(2, False), camel(2, False), snake(2), R.randint(10, 500), rs(3, HEX), R.randint(10, 99), rs(2, HEX)))
    if t == 3:
        fields = [camel(2) for _ in range(R.randint(3, 8))]
        return t, code("ts", "export interface %s {\n%s\n}" % (camel(2, False), "\n".join("  %s: %s;" % (f, pick(["string", "number", "boolean", "string | null"])) for f in fields)))
    if t == 4:
        cols = ["api_key_hash CHAR(64)", "password_hash TEXT", "iban_last4 CHAR(4)", "phone_e164_hash BYTEA", "token_expires_at TIMESTAMPTZ",
                "email_verified BOOLEAN", "broker_secret_ref TEXT", "sftp_password_rotated_at TIMESTAMPTZ"]
        R.shuffle(cols)
        return t, code("sql", "CREATE TABLE %s (\n  id BIGSERIAL PRIMARY KEY,\n  %s\n);" % (snake(2), ",\n  ".join(cols[:R.randint(3, 7)])))
    if t == 5:
        rows = ["NAME                                         READY   STATUS    RESTARTS   AGE"]
        for _ in range(R.randint(3, 10)):
            rows.append("%-44s 1/1     Running   %d          %dd" % ("%s-%s-%s" % (pick(["nafeza-token-refresher", "bilge-credential-sync", "edi-sftp-poller", "slot-secret-rotator", "efatura-signer"]), rs(10, "bcdfghjklmnpqrstvwxz2456789"), rs(5, "bcdfghjklmnpqrstvwxz2456789")), R.randint(0, 4), R.randint(1, 60)))
        return t, "$ kubectl -n customs get pods\n" + "\n".join(rows)
    if t == 6:
        return t, "terraform plan çıktısı:\n" + code("", "\n".join("  # %s will be %s" % (pick(["aws_secretsmanager_secret.%s" % snake(2), "aws_iam_access_key.%s" % snake(2), "kubernetes_secret.%s" % snake(2), "vault_generic_secret.%s" % snake(2)]), pick(["created", "updated in-place", "destroyed"])) for _ in range(R.randint(2, 7))))
    if t == 7:
        flags = [("%s.%s" % (pick(["customs", "slots", "edi", "billing"]), snake(3))) for _ in range(R.randint(3, 6))]
        return t, "Feature flags bu sprint:\n" + "\n".join("- `%s` → %s" % (f, pick(["on", "off", "%d%%" % R.randint(5, 95)])) for f in flags)
    if t == 8:
        return t, code("", "#%d  0x%s in telemetry::%s::%s() ()\n#%d  0x%s in _ZN9telemetry%d%sE%d%sEv ()\n#%d  0x%s in main ()" % (0, rs(16, HEX), camel(2, False), camel(2), 1, rs(16, HEX), len("CanFrameSigner"), "CanFrameSigner", 12, "rotateSecret", 2, rs(16, HEX)))
    if t == 9:
        return t, code("proto", "service %sService {\n  rpc %s(%sRequest) returns (%sResponse);\n  rpc %s(%sRequest) returns (%sResponse);\n}" % tuple([camel(2, False)] + [camel(2, False)] * 6))
    if t == 10:
        return t, code("", "thread 'main' panicked at src/%s.rs:%d:%d:\ncalled `Result::unwrap()` on an `Err` value: %s\n   0: loco_gateway::%s::%s::h%s\n   1: loco_gateway::main::h%s" % (snake(2), R.randint(10, 300), R.randint(1, 60), camel(2, False), snake(2), snake(3), rs(16, HEX), rs(16, HEX)))
    if t == 11:
        return t, code("kotlin", "class %s(\n    private val %s: %s,\n    private val %s: %s,\n) {\n    fun %s(): Boolean = %s.isExpired()\n}" % (camel(3, False), camel(2), camel(2, False), camel(2), camel(2, False), camel(3), camel(2)))
    if t == 12:
        return t, code("html", '<div class="SlotGrid_cell__%s css-%s" data-v-%s _ngcontent-ng-c%s>%s</div>' % (rs(5), rs(7, "abcdefghijklmnopqrstuvwxyz0123456789"), rs(8, HEX), nonluhn(10), pick(STATIONS)))
    return 13, "`%s()` `%s` ve `%s` isimlerini değiştirelim mi? %s" % (camel(4), snake(4), camel(3, False), pick(["çok uzun oldu", "trop long", "tawila awi", "tweela bzaf"]))

def n_blob():
    t = R.randrange(15)
    if t == 0:
        return t, "$ git log --oneline -n %d\n" % 5 + "\n".join("%s %s" % (rs(7, HEX), pick(["fix(slots): Kapıkule kapasite hesabı", "feat(edi): IFTSTA parser", "chore: bump bilge client", "fix: GTİP 12 hane doğrulaması", "refactor(billing): EGP yuvarlama"])) for _ in range(5))
    if t == 1:
        return t, "image: registry.anrail.internal/customs/nafeza-bridge@sha256:%s\n%s" % (sha(), pick(["rollback bu digest'e", "c'est le digest qui marche", "da el digest el sha8al"]))
    if t == 2:
        return t, code("", "\n".join("%s  %s" % (sha(), "%s_%s_%s.edi" % (pick(EDI_MSG), date().replace("-", ""), digs(6))) for _ in range(R.randint(2, 8))))
    if t == 3:
        return t, code("json", json.dumps({"consignmentId": uuid4(), "ettn": uuid4().upper(), "traceId": rs(32, HEX), "spanId": rs(16, HEX), "level": "info", "msg": "e-fatura gönderildi"}, ensure_ascii=False))
    if t == 4:
        return t, "Mısır ETA e-fatura `uuid` alanı aslında SHA-256: `%s` (internalId %s)" % (sha().upper(), "ANR-EG-%s" % digs(6))
    if t == 5:
        frames = ["(%010.6f) can0 %s#%s" % (R.random() * 9999, rs(3, "0123456789ABCDEF"), rs(16, "0123456789ABCDEF")) for _ in range(R.randint(3, 12))]
        return t, "%s CAN dump (candump -l):\n%s" % (pick(LOCOS), code("", "\n".join(frames)))
    if t == 6:
        return t, code("", "traceparent: 00-%s-%s-01\nx-request-id: %s\nETag: \"%s-%d\"" % (rs(32, HEX), rs(16, HEX), uuid4(), rs(32, HEX), R.randint(2, 9)))
    if t == 7:
        return t, code("yaml", "edi_sftp_password: ENC[AES256_GCM,data:%s,iv:%s,tag:%s,type:str]\nsops:\n  lastmodified: \"%s\"\n  mac: ENC[AES256_GCM,data:%s,type:str]" % (b64(rbytes(18)), b64(rbytes(32)), b64(rbytes(16)), ts(), b64(rbytes(32))))
    if t == 8:
        return t, "vault write transit/decrypt/broker ciphertext=vault:v1:%s" % b64(rbytes(R.randint(32, 60)))
    if t == 9:
        return t, code("json", json.dumps({"items": [{"slotId": "SLT-%s" % digs(6), "train": digs(5)}], "next_cursor": b64(json.dumps({"after": "SLT-%s" % digs(6), "ts": R.randint(1700000000, 1799999999)}).encode()).rstrip("=")}))
    if t == 10:
        return t, "$ aws s3 ls s3://anrail-edi-archive/%s/\n" % date() + "\n".join("%s %02d:%02d:%02d %8d %s.edi.gz" % (date(), R.randint(0, 23), R.randint(0, 59), R.randint(0, 59), R.randint(900, 99999), uuid4()) for _ in range(R.randint(3, 9)))
    if t == 11:
        return t, "$ ssh-keyscan edi-gw-%d | ssh-keygen -lf -\n256 SHA256:%s edi-gw-%d (ED25519)" % (R.randint(1, 4), b64(rbytes(32)).rstrip("="), R.randint(1, 4))
    if t == 12:
        return t, code("", "\n".join("%s  %s" % (rs(24, HEX), pick(["declaration", "slot_booking", "wagon_event", "invoice"])) for _ in range(R.randint(3, 8)))) + "\nMongo ObjectId'ler, sıralı geliyor"
    if t == 13:
        return t, "\"integrity\": \"sha512-%s\",\n\"resolved\": \"https://registry.npmjs.org/leaflet/-/leaflet-1.9.%d.tgz\"" % (b64(rbytes(64)), R.randint(0, 4))
    return 14, "Sentry event `%s` · release `slotbook@%s` · checksum/config: %s" % (rs(32, HEX), rs(12, HEX), sha())

def n_lookalike():
    t = R.randrange(16)
    if t == 0:
        rows = ["| vagon no | tip | yük | ağırlık (kg) |", "|---|---|---|---|"]
        for _ in range(R.randint(3, 14)):
            g = pick(GTIP)
            rows.append("| %s | %s | %s | %s |" % (wagon_no(), pick(WAGON_TYPES), g[1], "{:,}".format(R.randint(12000, 68000)).replace(",", ".")))
        return t, "\n".join(rows)
    if t == 1:
        return t, "Konteynerler: " + ", ".join(container_no(R.random() < .4) for _ in range(R.randint(2, 9))) + " — %s çıkışlı" % pick(STATIONS)
    if t == 2:
        g = [pick(GTIP) for _ in range(R.randint(2, 6))]
        return t, "GTİP kontrol listesi:\n" + "\n".join("- %s (%s) HS %s" % (x[0], x[1], x[0].replace(".", "")[:6]) for x in g)
    if t == 3:
        return t, "Beyanname %s tescil edildi, ACID %s, BL %s%s" % (decl_tr(), acid(), pick(["MEDU", "MAEU", "CMDU", "ARKU"]), nonluhn(8))
    if t == 4:
        return t, "VKN %s / EORI TR%s / Mısır vergi no %s-%s-%s / ICE %s" % (vkn(), vkn(), digs(3, "1234"), digs(3), digs(3), nonluhn(15, "0"))
    if t == 5:
        rows = ["slot_id,train_no,origin,dest,dep_ts_ms,wagons"]
        for _ in range(R.randint(4, 22)):
            rows.append("SLT%s,%s,%s,%s,%s,%d" % (digs(7), digs(5), pick(STATIONS), pick(STATIONS), nonluhn(13, "1"), R.randint(10, 42)))
        return t, code("csv", "\n".join(rows))
    if t == 6:
        return t, "%s telemetri: lat %.5f lon %.5f hız %d km/h yakıt %d L fren borusu %.1f bar km %d+%03d ts=%d" % (pick(LOCOS), R.uniform(30, 41), R.uniform(-7, 36), R.randint(0, 110), R.randint(200, 9000), R.uniform(3.5, 5.2), R.randint(1, 990), R.randint(0, 999), R.randint(1760000000, 1790000000))
    if t == 7:
        c = pick(["TRY", "EGP", "MAD"])
        return t, "Fatura %s-%s-2026-%s: %s (KDV hariç), vade %s, PO %s" % (pick(["INV", "FTR", "FAC"]), c[:2], digs(6), money(c), trdate(), nonluhn(10, "4"))
    if t == 8:
        return t, code("", "UNB+UNOC:3+ANRAIL:ZZZ+ONCFFRET:ZZZ+%s:%s+%s'\nUNH+1+IFTSTA:D:01B:UN'\nBGM+77+%s+9'\nEQD+CN+%s+22G1'\nLOC+5+MAPTM::6'\nUNT+5+1'\nUNZ+1+%s'" % (digs(6, "2"), "%02d%02d" % (R.randint(0, 23), R.randint(0, 59)), nonluhn(9), nonluhn(12), container_no(), nonluhn(9)))
    if t == 9:
        return t, "Gateway IPs: loco-gw %s, edi-gw %s, doc example %s; ports %s" % ("10.%d.%d.%d" % (R.randint(0, 255), R.randint(0, 255), R.randint(1, 254)), "172.%d.%d.%d" % (R.randint(16, 31), R.randint(0, 255), R.randint(1, 254)), pick(["192.0.2.", "198.51.100.", "203.0.113."]) + str(R.randint(1, 254)), ",".join(str(p) for p in sorted(R.sample([22, 443, 5432, 6379, 8080, 9092, 2049, 8443], 4))))
    if t == 10:
        return t, "CIM %s / SMGS %s / tren %s, sefer %s → %s, %d vagon, brüt %s t" % (nonluhn(11), digs(8), digs(5), pick(STATIONS), pick(STATIONS), R.randint(12, 40), "{:,}".format(R.randint(400, 2400)).replace(",", "."))
    if t == 11:
        return t, "DUM %s %s %s %s %s — bureau %s, %s" % (digs(3), digs(3, "0"), "2026", pick("ABCDEFG"), digs(7, "0"), digs(3), money("MAD"))
    if t == 12:
        return t, "Build 10.0.%d.%d on the yard tablets, firmware %d.%d.%d, epoch %d ms" % (R.randint(19041, 26100), R.randint(1000, 5000), R.randint(1, 9), R.randint(0, 30), R.randint(0, 99), int(nonluhn(13, "1")))
    if t == 13:
        rows = ["| ülke | tutar | kur | karşılık |", "|---|---:|---:|---|"]
        for c in ["TRY", "EGP", "MAD"]:
            rows.append("| %s | %s | %.4f | %s |" % (c, money(c), R.uniform(0.02, 40), money("EUR")))
        return t, "\n".join(rows)
    if t == 14:
        return t, "SSCC %s, GLN %s, mühür %s, IMO %s, voyage %s" % (nonluhn(18, "0"), digs(13, "8"), "TR%s" % digs(7), digs(7, "9"), "%sE%s" % (digs(3), digs(2)))
    return 15, "Zendesk #%s, Jira RAIL-%d, CVE-2026-%d, HRESULT 0x8007%s, seq %s" % (digs(6), R.randint(100, 9999), R.randint(1000, 49999), rs(4, "0123456789ABCDEF"), nonluhn(11, "7"))

TALK = {
    "tr": ["BİLGE şifresini bu hafta rotasyona sokuyoruz, lütfen kimse kanala yapıştırmasın.",
           "Müşterinin IBAN'ını Slack'e yazmayın, sadece ERP'de görünsün.",
           "Sürücülerin telefon numaralarını CSV'de paylaşmak KVKK'ya aykırı.",
           "EDI SFTP anahtarı Vault'ta, süresi ayın 15'inde doluyor.",
           "Token sızdı mı diye gitleaks taraması yaptım, temiz çıktı.",
           "Kredi kartı bilgisi hiçbir logda tutulmamalı, maskeyi kontrol edin.",
           "Private key'i container image'ına koymuşuz, image'ları sildik ve anahtarı yeniledik.",
           "Müşavirin e-posta adresini ve cep numarasını bu thread'e yazmayalım, CRM'de var.",
           "AWS erişim anahtarı 90 günden eski, IAM raporunda kırmızı görünüyor."],
    "eg": ["يا جماعة محدش يبعت باسورد نافذة على الشات تاني.",
           "التوكن بتاع الـ API هيتغير بكرة الصبح، خلوا بالكم.",
           "رقم الموبايل بتاع السواقين ميتكتبش في الجروب.",
           "ya gama3a el password bta3 NAFEZA et8ayar, et2akedo men el vault.",
           "el API key el 2adim etla3 fel log, 3amalna revoke.",
           "محدش يحط الـ IBAN بتاع العميل في الإيميل.",
           "el SSH key bta3 el gateway fel locomotive lazem yet8ayar ba3d ma el technician mashi."],
    "ma": ["الموت دباس ديال PortNet تبدل، شوفو فـ 1Password.",
           "ma tsifto 7ta chi token f had l-channel 3afak.",
           "numéro dyal tilifon dyal chauffeur ma khassoch ykoun f Slack.",
           "l-clé privée dyal SFTP ghadi nbedloha had simana.",
           "wach l-mot de passe dyal BADR mazal khddam? ana ma 3ndich access.",
           "had l-IBAN dyal fournisseur khasso ytsift ghir b l-email mchifri, machi f Slack."],
    "fr": ["On fait tourner le mot de passe PortNet vendredi, ne le collez pas ici.",
           "Les numéros de téléphone des chauffeurs ne doivent pas apparaître dans les exports.",
           "Le scanner de secrets a signalé une clé API dans un commit, elle a été révoquée.",
           "Merci de ne jamais envoyer d'IBAN par Slack, utilisez le portail fournisseur.",
           "La clé privée du connecteur EDI expire le 30, renouvellement prévu."],
    "en": ["Rotating the NAFEZA API key tonight; the old one stops working at 02:00.",
           "Please don't paste passwords, tokens or IBANs into this channel.",
           "Our DLP rule flags anything that looks like a card number or phone number in exports.",
           "The leaked token was revoked within 12 minutes, audit log attached to the ticket.",
           "Who owns the private key for the EDI SFTP endpoint? It expires next month.",
           "The regex for Egyptian mobiles should accept 010/011/012/015 prefixes, I'll add tests.",
           "Reminder: customer emails and phone numbers belong in the CRM, not in Slack threads.",
           "The card number field on the demurrage form is now tokenised by the PSP; we never see the PAN.",
           "Can someone check whether the JWT signing key for slotbook was rotated after the offboarding?"],
}
TALK_LANGS = ["tr", "eg", "ma", "fr", "en"]

SPEAKERS = ["Mehmet", "Ayşe", "Karim", "Mona", "Youssef", "Imane", "Claire", "Burak"]

def n_talk():
    t = R.randrange(9)
    if t == 6:
        return t, "\n".join("*%s* %s" % (pick(SPEAKERS), pick(TALK[pick(TALK_LANGS)])) for _ in range(R.randint(2, 6)))
    if t == 7:
        return t, pick(["Sızıntı tarayıcısının kuralları:", "Regex dyal scanner:", "Scanner rules we ship:", "قواعد الـ scanner:"]) + "\n" + code("yaml", "rules:\n  - id: tr-mobile\n    pattern: '(\\+90|0)?5\\d{2}[ ]?\\d{3}[ ]?\\d{2}[ ]?\\d{2}'\n  - id: eg-mobile\n    pattern: '(\\+20|0)1[0125]\\d{8}'\n  - id: ma-mobile\n    pattern: '(\\+212|0)[67]\\d{8}'\n  - id: iban\n    pattern: '[A-Z]{2}\\d{2}[A-Z0-9]{11,30}'\n    severity: %s" % pick(["high", "medium", "critical"])) + "\n" + pick(TALK[pick(TALK_LANGS)])
    if t == 8:
        return t, code("", "%s ERROR external-secrets: could not get secret data from provider: key \"rail/%s/password\" not found\n%s WARN vault: token renewal failed, lease %s expired" % (ts(), pick(["nafeza", "portnet", "bilge", "edi-sftp"]), ts(), pick(["broker-db", "edi-sftp", "slot-api"]))) + "\n" + pick(TALK[pick(TALK_LANGS)])
    if t == 0:
        return t, pick(TALK[pick(TALK_LANGS)])
    if t == 1:
        return t, " ".join(pick(TALK[pick(TALK_LANGS)]) for _ in range(R.randint(2, 3)))
    if t == 2:
        return t, "*Güvenlik toplantısı notları*\n" + "\n".join("- " + pick(TALK[pick(TALK_LANGS)]) for _ in range(R.randint(3, 7)))
    if t == 3:
        return t, "Q: %s\nA: %s" % (pick(["Şifreyi nereye koyayım?", "فين الباسورد الجديد؟", "fin kayn l-token jdid?", "Où est stockée la clé ?", "where do I get the broker API key?"]),
                                   pick(["Vault'ta `secret/rail/broker` altında, kanala yazma.", "في الـ vault، اطلب access من الـ DevOps.", "f 1Password, vault Rail-Ops.", "Dans Vault, demande l'accès à l'équipe plateforme.", "Vault path secret/rail/broker, request access in #platform."]))
    if t == 4:
        return t, "Incident %s: %s\nTimeline:\n%s" % (date(), pick(TALK["en"]), "\n".join("%02d:%02d %s" % (R.randint(0, 23), R.randint(0, 59), pick(TALK[pick(TALK_LANGS)])) for _ in range(R.randint(2, 5))))
    return 5, "Runbook — %s\n1. %s\n2. %s\n3. %s" % (pick(["anahtar sızıntısı", "fuite de mot de passe", "token leak", "تسريب باسورد"]), pick(TALK[pick(TALK_LANGS)]), pick(TALK[pick(TALK_LANGS)]), pick(TALK[pick(TALK_LANGS)]))

NEG_CATS = [("data_uri_base64", n_data_uri), ("placeholder_example", n_placeholder), ("code_identifier", n_code_ident),
            ("non_credential_blob", n_blob), ("pii_lookalike_number", n_lookalike), ("talk_about_secrets", n_talk)]

# ================================================================= POSITIVE VALUES
A32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"
B62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"

def v_aws_id():
    while True:
        v = pick(["AKIA", "AKIA", "ASIA"]) + rs(16, A32)
        if "EXAMPLE" not in v:
            return v

def v_aws_secret():
    return rs(40, B64)

def v_ghp():
    body = rs(30)
    c = zlib.crc32(body.encode()) & 0xffffffff
    enc = ""
    while c:
        c, r = divmod(c, 62)
        enc = B62[r] + enc
    return "ghp_" + body + enc.rjust(6, "0")

def v_ghfg():
    return "github_pat_11" + rs(20, "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789") + "_" + rs(59)

def v_xoxb():
    return "xoxb-%s-%s-%s" % (digs(R.choice([11, 12, 13]), "123456789"), digs(13, "123456789"), rs(24))

def v_xoxp():
    return "xoxp-%s-%s-%s-%s" % (digs(12, "123456789"), digs(12, "123456789"), digs(13, "123456789"), rs(32, HEX))

def v_openai():
    k = R.randrange(3)
    if k == 0:
        return "sk-proj-" + rs(74, B64U) + "T3BlbkFJ" + rs(74, B64U)
    if k == 1:
        return "sk-" + rs(20) + "T3BlbkFJ" + rs(20)
    return "sk-svcacct-" + rs(74, B64U) + "T3BlbkFJ" + rs(74, B64U)

def v_anthropic():
    return "sk-ant-api03-" + rs(93, B64U) + "AA"

def v_jwt():
    if R.random() < .5:
        hdr = {"alg": "HS256", "typ": "JWT"}
        sig = rbytes(32)
    else:
        hdr = {"alg": "RS256", "typ": "JWT", "kid": rs(16, HEX)}
        sig = rbytes(256)
    iat = R.randint(1767225600, 1790000000)
    pl = {"sub": pick(["broker-svc", "slot-ui", "edi-gw", "loco-telemetry"]) + ":" + digs(5), "iss": pick(["https://auth.anrail.com.tr", "https://sso.nilebroker.com.eg", "https://id.atlasfret.ma"]),
          "aud": pick(["slotbook", "customs-api", "efatura"]), "iat": iat, "exp": iat + pick([900, 3600, 86400]), "scope": pick(["slots:write", "declarations:read", "invoices:read telemetry:read"])}
    return "%s.%s.%s" % (b64u(json.dumps(hdr, separators=(",", ":")).encode()), b64u(json.dumps(pl, separators=(",", ":")).encode()), b64u(sig))

def v_password():
    k = R.randrange(4)
    if k == 0:
        return pick(["Kapikule", "Halkali", "Sokhna", "TangerMed", "Kosekoy", "Mersin", "Zenata", "Nafeza"]) + pick("!#%*+-") + digs(4) + rs(3)
    if k == 1:
        return rs(R.randint(14, 22), ALNUM + "!#%^*-_+=")
    if k == 2:
        return rs(4).capitalize() + pick(["-", "_", "."]) + rs(5) + pick(["-", "_", "."]) + digs(3) + pick("!#*")
    return rs(R.randint(16, 28), ALNUM)

def v_urlpw():
    return rs(R.randint(12, 24), ALNUM + "-_.~!*")

FIRST = ["mehmet", "ayse", "elif", "burak", "zeynep", "emre", "ahmed", "mona", "karim", "nourhan", "mahmoud", "youssef", "fatima.zahra", "hamza", "salma", "imane", "claire", "julien", "john", "sarah"]
LAST = ["yilmaz", "demir", "kaya", "sahin", "ozturk", "elsayed", "abdelrahman", "fathy", "mostafa", "benali", "elidrissi", "ouazzani", "bennani", "tazi", "dupont", "moreau", "carter", "nguyen"]
DOMAINS = ["anrail.com.tr", "nilebroker.com.eg", "atlasfret.ma", "gmail.com", "hotmail.fr", "yahoo.com", "outlook.com", "menara.ma", "ttmail.com", "mersinlojistik.com.tr"]

def v_email():
    f, l = pick(FIRST), pick(LAST)
    local = pick(["%s.%s" % (f, l), "%s%s" % (f[0], l), "%s_%s%d" % (f, l, R.randint(1, 99)), "%s.%s" % (l, f)])
    return local.replace("..", ".") + "@" + pick(DOMAINS)

def _phone(country):
    if country == "TR":
        if R.random() < .7:
            ac = pick(["501", "505", "506", "507", "530", "532", "533", "535", "536", "538", "541", "542", "543", "544", "545", "546", "549", "551", "552", "553", "555"])
        else:
            ac = pick(["212", "216", "312", "232", "324", "262", "326", "474"])
        a, b, c = digs(3, "23456789"), digs(2), digs(2)
        f = R.randrange(7)
        return ["0%s %s %s %s" % (ac, a, b, c), "0 (%s) %s %s %s" % (ac, a, b, c), "+90 %s %s %s %s" % (ac, a, b, c),
                "+90 (%s) %s-%s%s" % (ac, a, b, c), "0%s%s%s%s" % (ac, a, b, c), "+90%s%s%s%s" % (ac, a, b, c), "(0%s) %s %s %s" % (ac, a, b, c)][f]
    if country == "EG":
        if R.random() < .7:
            p = pick(["10", "11", "12", "15"])
            r = digs(8, "123456789")
            return pick(["0%s %s %s" % (p, r[:4], r[4:]), "0%s%s" % (p, r), "+20 %s %s %s" % (p, r[:4], r[4:]), "+20 1%s %s %s" % (p[1] + r[0], r[1:4], r[4:]),
                         "+20%s%s" % (p, r), "01%s-%s-%s" % (p[1], r[:4], r[4:])])
        if R.random() < .6:
            r = digs(8, "23456789")
            return pick(["02 %s %s" % (r[:4], r[4:]), "+20 2 %s %s" % (r[:4], r[4:]), "(02) %s%s" % (r[:4], r[4:])])
        r = digs(7, "2345")
        return pick(["03 %s %s" % (r[:3], r[3:]), "+20 3 %s" % r])
    if country == "MA":
        if R.random() < .7:
            p = pick(["6", "7"])
            r = pick(["61", "62", "66", "70", "71", "76", "55", "47"]) + digs(6)
            return pick(["0%s %s %s %s %s" % (p, r[:2], r[2:4], r[4:6], r[6:]), "0%s%s-%s" % (p, r[:2], r[2:]), "+212 %s %s %s %s %s" % (p, r[:2], r[2:4], r[4:6], r[6:]),
                         "+212 %s%s-%s" % (p, r[:2], r[2:]), "+212%s%s" % (p, r), "0%s.%s.%s.%s.%s" % (p, r[:2], r[2:4], r[4:6], r[6:])])
        r = pick(["22", "37", "39", "35", "36"]) + digs(6)
        return pick(["05 %s %s %s %s" % (r[:2], r[2:4], r[4:6], r[6:]), "+212 5%s-%s" % (r[:2], r[2:]), "05%s %s %s %s" % (r[:2], r[2:4], r[4:6], r[6:])])
    if country == "US":
        ac = pick(["212", "312", "415", "646", "713", "305", "404", "617", "206", "973"])
        ex = digs(3, "23456789")
        while ex[1:] == "11" or ex == "555":
            ex = digs(3, "23456789")
        ln = digs(4)
        return pick(["(%s) %s-%s" % (ac, ex, ln), "+1 %s %s %s" % (ac, ex, ln), "%s-%s-%s" % (ac, ex, ln), "+1 (%s) %s-%s" % (ac, ex, ln), "%s.%s.%s" % (ac, ex, ln)])
    if country == "DE":
        return pick(["+49 40 %s %s" % (digs(4, "2345678"), digs(4)), "+49 69 %s%s" % (digs(4, "2345678"), digs(3)), "040 %s %s" % (digs(4, "2345678"), digs(4)), "+49 151 %s %s" % (digs(4), digs(4))])
    if country == "FR":
        return pick(["+33 6 %s %s %s %s" % (digs(2), digs(2), digs(2), digs(2)), "01 %s %s %s %s" % (digs(2, "2345678"), digs(2), digs(2), digs(2)), "+33 (0)4 91 %s %s %s" % (digs(2), digs(2), digs(2))])
    return pick(["+34 612 %s %s" % (digs(3), digs(3)), "+39 02 %s %s" % (digs(4, "2345678"), digs(4))])

def v_phone(country):
    v = _phone(country)
    if country in ("TR", "EG", "MA", "US"):
        assert find_phones(v), (country, v)
    return v

def v_card():
    k = R.randrange(5)
    if k == 0:
        n, g = luhn_complete("4" + digs(5), 16), [4, 4, 4, 4]
    elif k == 1:
        n, g = luhn_complete(pick(["51", "52", "53", "54", "55", "2221", "2720"]), 16), [4, 4, 4, 4]
    elif k == 2:
        n, g = luhn_complete(pick(["34", "37"]), 15), [4, 6, 5]
    elif k == 3:
        n, g = luhn_complete("9792", 16), [4, 4, 4, 4]
    else:
        n, g = luhn_complete("6011", 16), [4, 4, 4, 4]
    sep = pick(["", " ", "-", " "])
    out, i = [], 0
    for x in g:
        out.append(n[i:i + x]); i += x
    return sep.join(out)

def v_iban():
    c = pick(["TR", "TR", "EG", "MA", "MA", "FR", "DE"])
    if c == "TR":
        ib = make_iban("TR", digs(5, "0") + "0" + digs(16))
    elif c == "EG":
        ib = make_iban("EG", digs(4, "0") + digs(4, "0") + digs(17))
    elif c == "MA":
        rib = digs(3, "01") + digs(3) + digs(16)
        key = 97 - (int(rib) * 100) % 97
        ib = make_iban("MA", rib + "%02d" % key)
    elif c == "FR":
        bank, gui, acc = digs(5, "123"), digs(5), digs(11)
        key = 97 - ((89 * int(bank) + 15 * int(gui) + 3 * int(acc)) % 97)
        ib = make_iban("FR", bank + gui + acc + "%02d" % key)
    else:
        ib = make_iban("DE", digs(8, "123456789") + digs(10))
    assert iban_ok(ib)
    return group4(ib) if R.random() < .55 else ib

def v_ssn():
    while True:
        a = R.randint(1, 899)
        if a != 666:
            break
    return "%03d-%02d-%04d" % (a, R.randint(1, 99), R.randint(1, 9999))

def v_ip():
    while True:
        a = [R.randint(1, 223), R.randint(0, 255), R.randint(0, 255), R.randint(1, 254)]
        if ip_public([str(x) for x in a]):
            return ".".join(map(str, a))

# ---- PEM (real DER structure, random key material)
def der_len(n):
    if n < 128:
        return bytes([n])
    b = n.to_bytes((n.bit_length() + 7) // 8, "big")
    return bytes([0x80 | len(b)]) + b

def tlv(tag, content):
    return bytes([tag]) + der_len(len(content)) + content

def der_int_bytes(b):
    b = b.lstrip(b"\x00") or b"\x00"
    if b[0] & 0x80:
        b = b"\x00" + b
    return tlv(0x02, b)

def rand_int_bytes(nbytes):
    b = bytearray(rbytes(nbytes))
    b[0] |= 0x80
    return bytes(b)

def pem_ec():
    priv = rbytes(32)
    pub = b"\x04" + rbytes(64)
    oid = bytes.fromhex("06082a8648ce3d030107")
    der = tlv(0x30, tlv(0x02, b"\x01") + tlv(0x04, priv) + tlv(0xa0, oid) + tlv(0xa1, tlv(0x03, b"\x00" + pub)))
    return "EC PRIVATE KEY", der, 64

def pem_ed25519():
    return "PRIVATE KEY", bytes.fromhex("302e020100300506032b657004220420") + rbytes(32), 64

def pem_rsa():
    e = tlv(0x02, b"\x01\x00\x01")
    parts = [tlv(0x02, b"\x00"), der_int_bytes(rand_int_bytes(128)), e, der_int_bytes(rand_int_bytes(128))]
    parts += [der_int_bytes(rand_int_bytes(64)) for _ in range(5)]
    return "RSA PRIVATE KEY", tlv(0x30, b"".join(parts)), 64

def pem_openssh():
    def sstr(b):
        return struct.pack(">I", len(b)) + b
    pub = rbytes(32)
    seed = rbytes(32)
    pubblob = sstr(b"ssh-ed25519") + sstr(pub)
    chk = rbytes(4)
    priv = chk + chk + sstr(b"ssh-ed25519") + sstr(pub) + sstr(seed + pub) + sstr(pick([b"edi@anrail", b"deploy@slotbook", b"sftp-nafeza"]))
    pad = 1
    while len(priv) % 8:
        priv += bytes([pad]); pad += 1
    blob = b"openssh-key-v1\x00" + sstr(b"none") + sstr(b"none") + sstr(b"") + struct.pack(">I", 1) + sstr(pubblob) + sstr(priv)
    return "OPENSSH PRIVATE KEY", blob, 70

PEM_TYPES = [("ec", pem_ec), ("ed25519", pem_ed25519), ("rsa", pem_rsa), ("openssh", pem_openssh)]

def pem_lines():
    name, fn = pick(PEM_TYPES)
    label, der, width = fn()
    body = b64(der)
    return name, label, [body[i:i + width] for i in range(0, len(body), width)]

# ================================================================= POSITIVE TEMPLATES
def P(v):
    return v

def sig_name():
    return pick(["Mehmet Yılmaz", "Ayşe Demir", "Ahmed El-Sayed", "Mona Abdelrahman", "Youssef Benali", "Fatima Zahra El Idrissi", "Claire Dupont", "John Carter"])

T = {}
T["aws_access_key_id"] = [
    lambda v: "CI'da S3'e EDI arşivi yazan kullanıcı bu: `%s` — yetkisini daraltalım" % v,
    lambda v: code("bash", "export AWS_ACCESS_KEY_ID=%s\naws s3 cp ./IFTSTA_%s.edi s3://anrail-edi-archive/" % (v, digs(6))),
]
T["github_classic_pat"] = [
    lambda v: "slotbook reposunu klonlamak için benim PAT'i kullan: %s (7 gün geçerli)" % v,
    lambda v: code("bash", "git clone https://%s@github.com/anrail/slotbook.git" % v),
    lambda v: code("yaml", "# .github/workflows/deploy.yml (temp)\nenv:\n  GH_TOKEN: %s" % v),
    lambda v: "ya gama3a el token da shaghal: `%s` esta5demoh lel release bas" % v,
    lambda v: code("json", json.dumps({"registry": "ghcr.io", "username": "anrail-bot", "password": v}, indent=2)),
]
T["github_fine_grained_pat"] = [
    lambda v: "Fine-grained token, sadece `anrail/gtip-rules` okuma: %s" % v,
    lambda v: code("ini", "[github]\nuser = anrail-ci\ntoken = %s" % v),
    lambda v: code("bash", "curl -H \"Authorization: Bearer %s\" https://api.github.com/repos/anrail/edi-mappings/contents/IFTMIN.xml" % v),
    lambda v: "3afak zid had token f l-secrets dyal repo: %s" % v,
]
T["slack_bot_token"] = [
    lambda v: code("bash", "SLACK_BOT_TOKEN=%s\nSLACK_CHANNEL=#kapikule-ops" % v),
    lambda v: "Tren gecikme botunun token'ı: `%s`" % v,
    lambda v: code("python", "from slack_sdk import WebClient\nclient = WebClient(token=\"%s\")\nclient.chat_postMessage(channel=\"#sokhna-yard\", text=\"train %s delayed\")" % (v, digs(5))),
    lambda v: code("yaml", "slack:\n  botToken: \"%s\"\n  channel: \"#tanger-med-slots\"" % v),
]
T["slack_user_token"] = [
    lambda v: "export için kendi user token'ımı kullandım: %s" % v,
    lambda v: code("bash", "curl -s -H 'Authorization: Bearer %s' 'https://slack.com/api/conversations.history?channel=C0%s'" % (v, rs(8, "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"))),
    lambda v: "j'ai mis le token utilisateur dans le script d'archivage : `%s`" % v,
]
T["openai_api_key"] = [
    lambda v: code("python", "client = OpenAI(api_key=\"%s\")\n# GTİP sınıflandırma denemesi" % v),
    lambda v: "OPENAI_API_KEY=%s" % v,
    lambda v: "el key bta3 el classification bot: %s — matkhalihoush fel repo" % v,
    lambda v: code("json", json.dumps({"provider": "openai", "model": "gpt-4o-mini", "apiKey": v, "task": "hs-code-suggest"}, indent=2)),
]
T["anthropic_api_key"] = [
    lambda v: "ANTHROPIC_API_KEY=%s" % v,
    lambda v: code("ts", "const client = new Anthropic({ apiKey: \"%s\" });\n// fatura özetleri" % v),
    lambda v: "La clé pour le résumé des DUM : %s" % v,
    lambda v: code("yaml", "llm:\n  provider: anthropic\n  api_key: %s\n  use_for: customs-notes" % v),
]
T["jwt"] = [
    lambda v: code("", "GET /api/v2/slots?from=%s&to=%s HTTP/1.1\nHost: slotbook.anrail.internal\nAuthorization: Bearer %s" % (pick(STATIONS), pick(STATIONS), v)),
    lambda v: "bu token ile 401 alıyorum, süresi mi dolmuş? `%s`" % v,
    lambda v: code("bash", "curl -H \"Authorization: Bearer %s\" https://customs-api.internal/declarations/%s" % (v, decl_tr())),
    lambda v: code("json", json.dumps({"ts": ts(), "level": "warn", "msg": "token rejected", "token": v}, ensure_ascii=False)),
]
T["password"] = [
    lambda v: code("", "Server=sql-billing.anrail.internal;Database=Invoices;User Id=billing_rw;Password=%s;TrustServerCertificate=True" % v),
    lambda v: code("properties", "spring.datasource.url=jdbc:postgresql://slots-db:5432/slots\nspring.datasource.username=slotbook\nspring.datasource.password=%s" % v),
    lambda v: "NAFEZA portal şifresi değişti, yenisi: %s" % v,
    lambda v: code("", "host=edi-db.internal port=5432 dbname=edi user=edi_loader password=%s sslmode=require" % v),
    lambda v: code("bash", "DB_HOST=telemetry-ts\nDB_USER=loco\nDB_PASSWORD=%s" % v),
    lambda v: code("yaml", "portnet:\n  username: atlasfret-ops\n  password: \"%s\"" % v),
    lambda v: "le mot de passe du compte BADR pour Zenata : %s (provisoire)" % v,
    lambda v: "el password bta3 el sftp el gedid: %s" % v,
]
T["url_credentials"] = [
    lambda v: code("bash", "EDI_SFTP_URL=sftp://nilebroker:%s@sftp.nilebroker.com.eg:22/outbox" % v),
    lambda v: code("python", "engine = create_engine(\"postgresql+psycopg2://slotbook:%s@slots-db.internal:5432/slots\")" % v),
    lambda v: code("yaml", "spring:\n  rabbitmq:\n    addresses: amqps://telemetry:%s@mq.anrail.internal:5671/loco" % v),
    lambda v: "Mongo: `mongodb+srv://gtip-app:%s@cluster0.anrail.mongodb.net/gtip`" % v,
    lambda v: code("", "REDIS_URL=redis://:%s@cache.internal:6379/3" % v),
    lambda v: code("", "mysql://efatura:%s@10.20.4.11:3306/efatura" % v),
]
T["email_address"] = [
    lambda v: "Gümrük müşaviri ile iletişim: %s" % v,
    lambda v: "ib3at el invoice 3ala %s law sama7t" % v,
    lambda v: code("csv", "consignee,contact,city\nAtlas Fret SARL,%s,Casablanca" % v),
    lambda v: "merci d'envoyer le DUM à %s avant 16h" % v,
]
T["phone_number"] = [
    lambda v: "Makinist vardiya sorumlusu: %s, acil durumda arayın" % v,
    lambda v: "-- \n%s\n%s\nTel: %s" % (sig_name(), pick(["Gümrük Müşaviri, Mersin", "Customs Broker | Nile Broker", "Responsable transit, Atlas Fret", "Yard Manager"]), v),
    lambda v: code("csv", "driver,station,phone\n%s,%s,%s" % (sig_name(), pick(STATIONS), v)),
    lambda v: code("json", json.dumps({"event": "notify_party", "wagon": wagon_no(), "phone": v}, ensure_ascii=False)),
    lambda v: "| rol | isim | telefon |\n|---|---|---|\n| yard supervisor | %s | %s |" % (sig_name(), v),
    lambda v: "kallem el sawa2 3ala %s, howa fe Sokhna delwa2ti" % v,
    lambda v: "3ayet 3la had r-raqm %s, howa li kaytkellef b Tanger Med" % v,
    lambda v: "اتصل بالمخلص على %s" % v,
]
T["credit_card"] = [
    lambda v: "Demuraj faturasını şu kartla ödedim: %s son kullanma %02d/%02d" % (v, R.randint(1, 12), R.randint(27, 31)),
    lambda v: code("json", json.dumps({"payment": {"method": "card", "pan": v, "amount": money("EUR")}}, ensure_ascii=False)),
    lambda v: "la carte pour les frais de stationnement : %s" % v,
    lambda v: "كارت الشركة: %s" % v,
]
T["iban"] = [
    lambda v: "Ödeme için IBAN: %s (alıcı: Anadolu Raylı Lojistik A.Ş.)" % v,
    lambda v: code("csv", "supplier,iban,currency\nAtlas Fret SARL,%s,%s" % (v, pick(CUR))),
    lambda v: "RIB / IBAN du transitaire : %s" % v,
    lambda v: "7awel el flous 3ala el IBAN da: %s" % v,
]
T["us_ssn"] = [
    lambda v: "W-9 for the US shipper contact: SSN %s" % v,
    lambda v: code("csv", "name,ssn,role\n%s,%s,consultant" % (sig_name(), v)),
    lambda v: "ABD'li danışmanın SSN'i %s — bordro için lazım" % v,
]
T["ipv4_address"] = [
    lambda v: "Cezayir tarafı şu IP'den bağlanıyor, whitelist'e ekleyelim: %s" % v,
    lambda v: code("", "%s - - [%s] \"POST /edi/inbound HTTP/1.1\" 200 812" % (v, "12/Mar/2026:10:%02d:%02d +0000" % (R.randint(0, 59), R.randint(0, 59)))),
    lambda v: code("hcl", "resource \"aws_security_group_rule\" \"partner_sftp\" {\n  cidr_blocks = [\"%s/32\"]\n  from_port   = 22\n}" % v),
    lambda v: "l-IP dyal serveur ONCF : %s" % v,
]

def pem_message(idx):
    name, fn = PEM_TYPES[idx % 4]
    label, der, width = fn()
    body = b64(der)
    lines = [body[i:i + width] for i in range(0, len(body), width)]
    layout = (idx // 4 + idx) % 3
    if layout == 0:
        v = "\n".join(lines)
        text = pick(["SFTP anahtarı bu, geçici olarak:", "el key bta3 el SFTP:", "clé pour le connecteur EDI :"]) + "\n" + code("", "-----BEGIN %s-----\n%s\n-----END %s-----" % (label, v, label))
    elif layout == 1:
        v = "\\n".join(lines)
        text = code("json", '{\n  "type": "service_account",\n  "client_id": "%s",\n  "private_key": "-----BEGIN %s-----\\n%s\\n-----END %s-----\\n"\n}' % (digs(12), label, v, label))
    else:
        v = "\n    ".join(lines)
        text = code("yaml", "apiVersion: v1\nkind: Secret\nmetadata:\n  name: edi-sftp-key\nstringData:\n  id_key: |\n    -----BEGIN %s-----\n    %s\n    -----END %s-----" % (label, v, label))
    return text, v, "private_key_pem:%s:layout%d" % (name, layout)

def multi(name):
    if name == "aws":
        a, s = v_aws_id(), v_aws_secret()
        k = R.randrange(4)
        text = [code("ini", "[edi-archive]\naws_access_key_id = %s\naws_secret_access_key = %s" % (a, s)),
                code("bash", "export AWS_ACCESS_KEY_ID=%s\nexport AWS_SECRET_ACCESS_KEY=%s\naws s3 sync ./cim s3://anrail-cim-scans" % (a, s)),
                code("yaml", "aws:\n  accessKeyId: %s\n  secretAccessKey: %s\n  region: eu-central-1" % (a, s)),
                "Terraform için geçici anahtar: `%s` / `%s`" % (a, s)][k]
        return text, [("aws_access_key_id", a), ("aws_secret_access_key", s)], k
    if name == "sig":
        e = v_email(); c = pick(["TR", "EG", "MA"]); p = v_phone(c)
        return "--\n%s\n%s\nE: %s | T: %s" % (sig_name(), pick(["Gümrük Müşaviri", "Customs clearance, Alexandria", "Chef de quai, Tanger Med"]), e, p), [("email_address", e), ("phone_number", p)], {"TR": 0, "EG": 1, "MA": 2}[c]
    if name == "invoice":
        i, e = v_iban(), v_email()
        return "Fatura %s ödemesi için IBAN %s, dekontu %s adresine gönderin." % ("FTR-2026-" + digs(6), i, e), [("iban", i), ("email_address", e)], 0
    if name == "ssh":
        ip, pw = v_ip(), v_password()
        return "Partner SFTP: host %s, kullanıcı `anrail`, şifre `%s`" % (ip, pw), [("ipv4_address", ip), ("password", pw)], 0
    if name == "dsn":
        pw1, pw2 = v_urlpw(), v_password()
        return code("bash", "DATABASE_URL=postgres://slotbook:%s@slots-db:5432/slots\nREPLICA_PASSWORD=%s" % (pw1, pw2)), [("url_credentials", pw1), ("password", pw2)], 0
    if name == "slack":
        b, u = v_xoxb(), v_xoxp()
        return code("bash", "SLACK_BOT_TOKEN=%s\nSLACK_USER_TOKEN=%s" % (b, u)), [("slack_bot_token", b), ("slack_user_token", u)], 0
    if name == "access":
        ip, j = v_ip(), v_jwt()
        return code("", "%s %s GET /api/v2/wagons/%s 401 auth=\"Bearer %s\"" % (ts(), ip, wagon_no().replace(" ", "").replace("-", ""), j)), [("ipv4_address", ip), ("jwt", j)], 0
    if name == "card_phone":
        cc, p = v_card(), v_phone("US")
        return "US forwarder paid the storage fee with card %s, call back on %s" % (cc, p), [("credit_card", cc), ("phone_number", p)], 0
    if name == "ssn_email":
        s, e = v_ssn(), v_email()
        return "Onboarding (US contractor): SSN %s, email %s" % (s, e), [("us_ssn", s), ("email_address", e)], 0
    g, o = v_ghp(), v_openai()
    return code("bash", "GH_TOKEN=%s\nOPENAI_API_KEY=%s" % (g, o)), [("github_classic_pat", g), ("openai_api_key", o)], 0

MULTI_PLAN = ["aws"] * 8 + ["sig"] * 3 + ["invoice"] * 2 + ["ssh", "dsn", "slack", "access", "card_phone", "ssn_email", "ghopenai"]
SINGLE_PLAN = [("aws_access_key_id", 1), ("github_classic_pat", 8), ("github_fine_grained_pat", 8), ("slack_bot_token", 8),
               ("slack_user_token", 7), ("openai_api_key", 8), ("anthropic_api_key", 8), ("jwt", 8), ("private_key_pem", 8),
               ("password", 12), ("url_credentials", 8), ("email_address", 3), ("phone_number", 14), ("credit_card", 8),
               ("iban", 7), ("us_ssn", 7), ("ipv4_address", 7)]
PHONE_COUNTRIES = ["TR", "TR", "TR", "TR", "EG", "EG", "EG", "EG", "MA", "MA", "MA", "MA", "DE", "FR"]
GEN = {"aws_access_key_id": v_aws_id, "github_classic_pat": v_ghp, "github_fine_grained_pat": v_ghfg, "slack_bot_token": v_xoxb,
       "slack_user_token": v_xoxp, "openai_api_key": v_openai, "anthropic_api_key": v_anthropic, "jwt": v_jwt, "password": v_password,
       "url_credentials": v_urlpw, "email_address": v_email, "credit_card": v_card, "iban": v_iban, "us_ssn": v_ssn, "ipv4_address": v_ip}

def check_value(kind, v):
    if kind == "credit_card":
        assert luhn_ok(re.sub(r"\D", "", v))
    elif kind == "iban":
        assert iban_ok(v)
    elif kind == "us_ssn":
        a, g, s = v.split("-")
        assert a not in ("000", "666") and a[0] != "9" and g != "00" and s != "0000"
    elif kind == "ipv4_address":
        assert ip_public(v.split("."))
    elif kind == "jwt":
        for part in v.split(".")[:2]:
            json.loads(base64.urlsafe_b64decode(part + "=" * (-len(part) % 4)))
    elif kind == "private_key_pem":
        base64.b64decode(re.sub(r"\\n|\s", "", v), validate=True)
    elif kind == "github_classic_pat":
        body, crc = v[4:34], v[34:]
        c = zlib.crc32(body.encode()) & 0xffffffff
        dec = 0
        for ch in crc:
            dec = dec * 62 + B62.index(ch)
        assert dec == c
    elif kind == "aws_access_key_id":
        assert re.fullmatch(r"(AKIA|ASIA)[A-Z2-7]{16}", v)

def build_positives():
    items = []
    for name in MULTI_PLAN:
        text, secrets, k = multi(name)
        items.append((text, secrets, "multi:%s:%d" % (name, k)))
    pem_i = 0
    phone_i = 0
    for kind, n in SINGLE_PLAN:
        for _ in range(n):
            if kind == "private_key_pem":
                text, v, ctx = pem_message(pem_i); pem_i += 1
            else:
                if kind == "phone_number":
                    v = v_phone(PHONE_COUNTRIES[phone_i]); phone_i += 1
                else:
                    v = GEN[kind]()
                ti = R.randrange(len(T[kind]))
                text, ctx = T[kind][ti](v), "%s:t%d" % (kind, ti)
            items.append((text, [(kind, v)], ctx))
    R.shuffle(items)
    out, seen = [], set()
    for text, secrets, ctx in items:
        text = dress(text)
        assert text not in seen
        seen.add(text)
        for kind, v in secrets:
            assert v in text, (kind, v)
            check_value(kind, v)
        out.append({"id": "h71p-%04d" % (len(out) + 1), "text": text,
                    "secrets": [{"kind": k, "value": v} for k, v in secrets], "context": ctx})
    return out

def build_negatives():
    out, seen, stats = [], set(), {}
    per_cat = []
    for cat, fn in NEG_CATS:
        got = 0
        tries = 0
        while got < 100:
            tries += 1
            assert tries < 5000, cat
            t, text = fn()
            text = dress(text)
            if text in seen or scan(text):
                stats[cat + ":redraw"] = stats.get(cat + ":redraw", 0) + 1
                continue
            seen.add(text)
            per_cat.append((cat, t, text))
            got += 1
    R.shuffle(per_cat)
    for cat, t, text in per_cat:
        out.append({"id": "h71n-%04d" % (len(out) + 1), "text": text, "category": cat, "_t": t})
    return out, stats

def main():
    negs, stats = build_negatives()
    pos = build_positives()
    final_hits = sum(len(scan(r["text"])) for r in negs)
    assert final_hits == 0
    with open(os.path.join(HERE, "redaction71_negatives.jsonl"), "w", encoding="utf-8") as f:
        for r in negs:
            f.write(json.dumps({"id": r["id"], "text": r["text"], "category": r["category"]}, ensure_ascii=False) + "\n")
    with open(os.path.join(HERE, "redaction71_positives.jsonl"), "w", encoding="utf-8") as f:
        for r in pos:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")
    if "--stats" in sys.argv:
        rep = {"redraws": stats, "neg_hits": final_hits}
        cats = {}
        for r in negs:
            c = cats.setdefault(r["category"], {"n": 0, "tpl": set(), "min": 999, "max": 0})
            c["n"] += 1; c["tpl"].add(r["_t"])
            nl = r["text"].count("\n") + 1
            c["min"] = min(c["min"], nl); c["max"] = max(c["max"], nl)
        rep["cats"] = {k: {"n": v["n"], "tpl": len(v["tpl"]), "min": v["min"], "max": v["max"]} for k, v in sorted(cats.items())}
        kinds = {}
        for r in pos:
            for s in r["secrets"]:
                kinds[s["kind"]] = kinds.get(s["kind"], 0) + 1
        rep["kinds"] = dict(sorted(kinds.items()))
        rep["pos_texts"] = len(pos); rep["pos_secrets"] = sum(kinds.values())
        rep["pos_two"] = [r["id"] + " " + r["context"] for r in pos if len(r["secrets"]) == 2]
        missed = []
        for r in pos:
            hits = [h for _, h in scan(r["text"])]
            for s in r["secrets"]:
                if s["kind"] in ("phone_number", "email_address", "credit_card", "iban", "us_ssn", "ipv4_address", "jwt", "aws_access_key_id", "github_classic_pat", "slack_bot_token", "slack_user_token", "private_key_pem"):
                    flat = re.sub(r"\D", "", s["value"])
                    if not any(s["value"] in h or h in s["value"] or (flat and flat == re.sub(r"\D", "", h)) for h in hits) and s["kind"] != "private_key_pem":
                        missed.append((r["id"], s["kind"], s["value"][:40]))
        rep["scanner_missed_pos"] = missed
        allt = [r["text"] for r in negs] + [r["text"] for r in pos]
        rep["lines"] = {"single": sum(1 for t in allt if "\n" not in t), "ge10": sum(1 for t in allt if t.count("\n") >= 9), "max": max(t.count("\n") + 1 for t in allt)}
        print(json.dumps(rep, ensure_ascii=False, indent=1))

if __name__ == "__main__":
    main()
