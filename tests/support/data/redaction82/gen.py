#!/usr/bin/env python3
"""Blind redaction test set #82 (smart metering / energy billing, PL-CZ-SK-RO).

Standard library only. The only randomness is random.Random(82*101).
Writes redaction82_negatives.jsonl and redaction82_positives.jsonl next to itself.
"""
import base64
import binascii
import json
import os
import random
import re
import string
import struct
import sys
import zlib

N = 82
R = random.Random(N * 101)
HERE = os.path.dirname(os.path.abspath(__file__))

ALNUM = string.ascii_letters + string.digits
UPPER_DIG = string.ascii_uppercase + string.digits
HEX = "0123456789abcdef"
B64 = string.ascii_letters + string.digits + "+/"
B64URL = string.ascii_letters + string.digits + "-_"


def pick(seq):
    return R.choice(seq)


def rs(alphabet, n):
    return "".join(R.choice(alphabet) for _ in range(n))


def rhex(n):
    return rs(HEX, n)


def rdig(n):
    return rs(string.digits, n)


def b64(b):
    return base64.b64encode(b).decode()


def b64url(b):
    return base64.urlsafe_b64encode(b).decode().rstrip("=")


def rbytes(n):
    return bytes(R.randrange(256) for _ in range(n))


# ---------------------------------------------------------------- checksums
def luhn_ok(d):
    s = 0
    for i, ch in enumerate(reversed(d)):
        x = int(ch)
        if i % 2 == 1:
            x *= 2
            if x > 9:
                x -= 9
        s += x
    return s % 10 == 0


def luhn_complete(partial):
    for c in "0123456789":
        if luhn_ok(partial + c):
            return partial + c


def gs1_check(body):
    s = 0
    for i, ch in enumerate(reversed(body)):
        s += int(ch) * (3 if i % 2 == 0 else 1)
    return str((10 - s % 10) % 10)


def gs1_not_luhn(prefix, total):
    """A GS1 number (EAN/GSRN style) that is NOT Luhn-valid."""
    while True:
        body = prefix + rdig(total - 1 - len(prefix))
        full = body + gs1_check(body)
        if not luhn_ok(full):
            return full


def not_luhn_digits(n, first=None):
    while True:
        d = (first or str(R.randint(1, 9))) + rdig(n - 1)
        if not luhn_ok(d):
            return d


def iban_check(cc, bban):
    s = bban + cc + "00"
    num = "".join(str(int(c, 36)) for c in s)
    return "%02d" % (98 - int(num) % 97)


def iban_valid(iban):
    iban = iban.replace(" ", "")
    s = iban[4:] + iban[:4]
    try:
        num = "".join(str(int(c, 36)) for c in s)
    except ValueError:
        return False
    return int(num) % 97 == 1


IBAN_LEN = {"PL": 28, "CZ": 24, "SK": 24, "RO": 24, "DE": 22, "AT": 20, "HU": 28,
            "GB": 22, "FR": 27, "NL": 18, "BE": 16, "CH": 21, "IT": 27, "ES": 24,
            "BG": 22, "LT": 20, "LV": 21, "EE": 20, "SI": 19, "HR": 21, "PT": 25,
            "IE": 22, "LU": 20, "DK": 18, "SE": 24, "NO": 15, "FI": 18}


def group4(s):
    return " ".join(s[i:i + 4] for i in range(0, len(s), 4))


def iban_pl():
    while True:
        bank = rdig(7)
        w = [3, 9, 7, 1, 3, 9, 7]
        c = (10 - sum(int(a) * b for a, b in zip(bank, w)) % 10) % 10
        bban = bank + str(c) + rdig(16)
        return "PL" + iban_check("PL", bban) + bban


def _czsk_acc_ok(num, weights):
    return sum(int(a) * b for a, b in zip(num, weights)) % 11 == 0


def iban_czsk(cc):
    bank = pick(["0800", "0100", "0300", "2010", "0600", "5500", "6100"] if cc == "CZ"
                else ["0200", "0900", "1100", "7500", "5600", "0720"])
    while True:
        prefix = "000000" if R.random() < 0.7 else "0000" + rdig(2)
        if not _czsk_acc_ok(prefix, [10, 5, 8, 4, 2, 1]):
            continue
        acc = "00" + rdig(8) if R.random() < 0.5 else rdig(10)
        if _czsk_acc_ok(acc, [6, 3, 7, 9, 10, 5, 8, 4, 2, 1]):
            break
    bban = bank + prefix + acc
    return cc + iban_check(cc, bban) + bban


def iban_ro():
    bank = pick(["BTRL", "BRDE", "RNCB", "INGB", "RZBR", "BACX", "CECE"])
    bban = bank + rs(UPPER_DIG, 16)
    return "RO" + iban_check("RO", bban) + bban


def iban_de():
    bban = rdig(18)
    return "DE" + iban_check("DE", bban) + bban


# ---------------------------------------------------------------- IP helpers
def ip_is_public(ip):
    a, b, c, d = (int(x) for x in ip.split("."))
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
    firsts = [31, 37, 46, 77, 78, 79, 80, 81, 82, 83, 85, 86, 87, 89, 91, 93, 94, 95,
              109, 147, 176, 178, 185, 188, 193, 194, 195, 212, 213, 217]
    while True:
        ip = "%d.%d.%d.%d" % (pick(firsts), R.randint(0, 255), R.randint(0, 255), R.randint(1, 254))
        if ip_is_public(ip):
            return ip


def private_ip():
    k = R.random()
    if k < 0.5:
        return "10.%d.%d.%d" % (R.randint(0, 255), R.randint(0, 255), R.randint(1, 254))
    if k < 0.75:
        return "172.%d.%d.%d" % (R.randint(16, 31), R.randint(0, 255), R.randint(1, 254))
    return "192.168.%d.%d" % (R.randint(0, 255), R.randint(1, 254))


def doc_ip():
    return pick(["192.0.2.", "198.51.100.", "203.0.113."]) + str(R.randint(1, 254))


# ---------------------------------------------------------------- scanner
RE_EMAIL = re.compile(r"[A-Za-z0-9._%+\-]+@[A-Za-z0-9\-]+(?:\.[A-Za-z0-9\-]+)*\.[A-Za-z]{2,}")
RE_GH = re.compile(r"gh[pousr]_[A-Za-z0-9]{36}|github_pat_[A-Za-z0-9_]{40,}")
RE_SLACK = re.compile(r"xox[abposr]-\d+-[A-Za-z0-9\-]+")
RE_SK = re.compile(r"sk-(?:proj-|ant-|svcacct-|admin-)?[A-Za-z0-9_\-]{32,}")
RE_JWT = re.compile(r"eyJ[A-Za-z0-9_\-]{8,}\.eyJ[A-Za-z0-9_\-]{8,}\.[A-Za-z0-9_\-]{8,}")
RE_SSN = re.compile(r"(?<![\d\-])\d{3}-\d{2}-\d{4}(?![\d\-])")
RE_DIGRUN = re.compile(r"\d+")
RE_GROUPED = re.compile(r"(?<![\d])\d{2,6}(?:[ \-]\d{2,6}){1,5}(?![\d])")
RE_IBAN = re.compile(r"\b[A-Z]{2}\d{2}(?: ?[A-Z0-9]{2,4}){3,8}")
RE_PEM = re.compile(r"-----BEGIN ([A-Z ]*)PRIVATE KEY-----\s*(?:\\n)?([A-Za-z0-9+/=\s\\n]{40,})-----END")
RE_AWS = re.compile(r"(?<![A-Z0-9])(?:AKIA|ASIA)[A-Z0-9]{16}(?![A-Z0-9])")
RE_IP = re.compile(r"(?<![\d.])(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})(?![\d.])")
RE_PHONE = [
    re.compile(r"(?<![A-Za-z0-9])(?:\+\s?|00)(?:48|420|421|40)[\s\-.]?\(?\d{1,3}\)?(?:[\s\-.]?\d{2,4}){2,4}"),
    re.compile(r"(?<![\d.,:/\-])(?:4[5]|5[0137]|6\d|7\d|88)\d[ \-]\d{3}[ \-]\d{3}(?!\d|[.,]\d)"),
    re.compile(r"(?<![\d.,:/\-])(?:45|5[0137]|6\d|7\d|88)\d{7}(?!\d|[.,]\d)"),
    re.compile(r"(?<![\d.,:/\-])0[79]\d{2}[ .\-]?\d{3}[ .\-]?\d{3}(?!\d|[.,]\d)"),
    re.compile(r"(?<![\d.,:/\-])\(?0?2[1-9]\)?[ \-]\d{3}[ \-]\d{2}[ \-]\d{2}(?!\d|[.,]\d)"),
]


def scan(text):
    """Return a list of (kind, match) of real-looking secrets / personal data."""
    hits = []
    for m in RE_EMAIL.finditer(text):
        hits.append(("email", m.group(0)))
    for m in RE_GH.finditer(text):
        hits.append(("github_token", m.group(0)))
    for m in RE_SLACK.finditer(text):
        hits.append(("slack_token", m.group(0)))
    for m in RE_SK.finditer(text):
        hits.append(("sk_key", m.group(0)))
    for m in RE_JWT.finditer(text):
        hits.append(("jwt", m.group(0)))
    for m in RE_SSN.finditer(text):
        hits.append(("ssn", m.group(0)))
    for m in RE_DIGRUN.finditer(text):
        d = m.group(0)
        if 13 <= len(d) <= 19 and luhn_ok(d):
            hits.append(("luhn", d))
    for m in RE_GROUPED.finditer(text):
        parts = re.split(r"[ \-]", m.group(0))
        for i in range(len(parts)):
            acc = ""
            for j in range(i, len(parts)):
                acc += parts[j]
                if j > i and 13 <= len(acc) <= 19 and luhn_ok(acc):
                    hits.append(("luhn_grouped", m.group(0)))
    for m in RE_IBAN.finditer(text):
        compact = m.group(0).replace(" ", "")
        cc = compact[:2]
        if cc in IBAN_LEN and len(compact) >= IBAN_LEN[cc]:
            if iban_valid(compact[:IBAN_LEN[cc]]):
                hits.append(("iban", compact[:IBAN_LEN[cc]]))
    for m in RE_PEM.finditer(text):
        body = re.sub(r"\\n|\s", "", m.group(2))
        if len(body) >= 40 and "..." not in m.group(2):
            try:
                base64.b64decode(body + "=" * (-len(body) % 4), validate=True)
                hits.append(("pem", body[:30]))
            except binascii.Error:
                pass
    for m in RE_AWS.finditer(text):
        if "EXAMPLE" not in m.group(0):
            hits.append(("aws_key_id", m.group(0)))
    for m in RE_IP.finditer(text):
        parts = [int(x) for x in m.groups()]
        if all(p <= 255 for p in parts) and ip_is_public(m.group(0)):
            hits.append(("public_ipv4", m.group(0)))
    for rx in RE_PHONE:
        for m in rx.finditer(text):
            hits.append(("phone", m.group(0)))
    return hits


# ---------------------------------------------------------------- theme data
SERVICES = ["meter-ingest", "obis-decoder", "billing-api", "tariff-engine", "invoice-renderer",
            "osd-gateway", "csire-sync", "readings-exporter", "payment-matcher", "dunning-worker",
            "estimator", "hes-adapter", "ksef-sender", "settlement-ro"]
GO_PKGS = ["ingest", "obis", "billing", "tariff", "invoice", "osdgw", "csire", "export",
           "payments", "dunning", "estimate", "hes", "ksef", "settle"]
OBIS = ["1-0:1.8.0*255", "1-0:1.8.1*255", "1-0:1.8.2*255", "1-0:2.8.0*255", "1-0:3.8.0*255",
        "1-0:4.8.0*255", "1-0:15.8.0*255", "1-0:32.7.0*255", "1-0:52.7.0*255", "1-0:72.7.0*255",
        "1-0:31.7.0*255", "1-0:1.7.0*255", "1-0:2.7.0*255", "0-0:96.1.0*255", "0-0:1.0.0*255",
        "0-0:96.14.0*255", "1-0:99.1.0*255", "0-0:96.3.10*255", "1-0:1.6.0*255", "1-0:21.7.0*255"]
OBIS_SHORT = [o.split("*")[0] for o in OBIS]
TARIFF = {"PL": ["G11", "G12", "G12w", "G12r", "G13", "C11", "C12a", "C21", "B23"],
          "CZ": ["D01d", "D02d", "D25d", "D26d", "D45d", "D56d", "D57d", "C02d", "C25d"],
          "SK": ["DD1", "DD2", "DD3", "DD4", "DD7", "DD8"],
          "RO": ["monom", "monom-dif", "binom", "CS-T1", "CS-T2"]}
DSO = {"PL": ["Tauron Dystrybucja", "Enea Operator", "Energa-Operator", "PGE Dystrybucja", "Stoen Operator"],
       "CZ": ["ČEZ Distribuce", "EG.D", "PRE Distribuce"],
       "SK": ["ZSDIS", "SSD", "VSD"],
       "RO": ["Distribuție Energie Oltenia", "Rețele Electrice Muntenia", "Delgaz Grid", "Rețele Electrice Banat"]}
CUR = {"PL": "PLN", "CZ": "CZK", "SK": "EUR", "RO": "RON"}
MAKERS = ["LGZ", "ISK", "ITR", "APA", "ELS", "KAM", "ZPA", "PAF", "SAG", "EMH"]
MONTHS = ["2025-11", "2025-12", "2026-01", "2026-02", "2026-03", "2026-04", "2026-05"]
CHANNELS = ["#billing-pl", "#metering-ops", "#ro-ops", "#cz-sk-support", "#dev-go", "#db-oncall", "#osd-tickets"]


def country():
    return pick(["PL", "PL", "CZ", "SK", "RO"])


def ppe():
    return gs1_not_luhn("590" + pick(["2439", "3106", "5432", "3223", "3300", "4127"]), 18)


def ean_cz():
    return gs1_not_luhn("859182400", 18)


def eic_sk():
    body = "24ZZS" + rdig(10)
    vals = [int(c, 36) for c in body]
    s = sum(v * w for v, w in zip(vals, range(16, 1, -1)))
    c = 36 - ((s - 1) % 37)
    ch = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ-"[c] if c < 37 else "X"
    return body + ch


def pod_ro():
    return "RO00%dE%s" % (R.randint(1, 8), rdig(9))


def pod_for(cc):
    return {"PL": ppe, "CZ": ean_cz, "SK": eic_sk, "RO": pod_ro}[cc]()


def meter_serial():
    return pick(MAKERS) + rdig(8)


def date(month=None):
    m = month or pick(MONTHS)
    return "%s-%02d" % (m, R.randint(1, 28))


def ts(month=None):
    return "%sT%02d:%02d:%02d.%03dZ" % (date(month), R.randint(0, 23), R.randint(0, 59), R.randint(0, 59), R.randint(0, 999))


def pg_ts():
    return "%s %02d:%02d:%02d.%03d UTC" % (date(), R.randint(0, 23), R.randint(0, 59), R.randint(0, 59), R.randint(0, 999))


def epoch():
    return R.randint(1761955200, 1780272000)


def kwh():
    return "%.3f" % (R.uniform(100, 48000))


def money(cc, lo=20, hi=4800):
    x = R.uniform(lo, hi)
    whole = int(x)
    frac = int(round((x - whole) * 100)) % 100
    w = "{:,}".format(whole)
    if cc == "PL":
        return "%s,%02d zł" % (w.replace(",", " "), frac)
    if cc == "CZ":
        return "%s,%02d Kč" % (w.replace(",", " "), frac)
    if cc == "SK":
        return "%s,%02d €" % (w.replace(",", " "), frac)
    return "%s,%02d lei" % (w.replace(",", "."), frac)


def invoice_no(cc):
    y = pick(["2025", "2026"])
    if cc == "PL":
        return "FV/%s/%02d/%06d" % (y, R.randint(1, 12), R.randint(1, 999999))
    if cc == "CZ":
        return "FA-CZ-%s-%07d" % (y, R.randint(1, 9999999))
    if cc == "SK":
        return "FS%s%06d" % (y[2:], R.randint(1, 999999))
    return "VLT %s %06d" % (y, R.randint(1, 999999))


def uuid4():
    h = rhex(32)
    h = h[:12] + "4" + h[13:16] + pick("89ab") + h[17:]
    return "%s-%s-%s-%s-%s" % (h[:8], h[8:12], h[12:16], h[16:20], h[20:])


CROCK = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"


def ulid():
    return "01J" + rs(CROCK, 23)


def gitsha():
    return rhex(40)


def go_addr():
    return "0x%x" % R.randint(0xc000010000, 0xc000ffffff)


LEADS = ["fyi: ", "FYI ", "Dla info: ", "Pro info: ", "Na vedomie: ", "Pentru context: ", "heads-up: ",
         "Zerknijcie: ", "Mrkněte na to: ", "Uitați-vă aici: ", "btw ", "Szybkie pytanie — ",
         "ad wczorajszy deploy: ", "k ticketu z rána: ", "Zur Info: ", "re: standup — "]
TRAILS = ["\n+1", "\ndzięki!", "\ndíky", "\nmersi", "\nvďaka", " 🙏", "\n:eyes:", "\nthx", "\nok, biorę to",
          "\nmulțumesc", "\nzajmę się po obiedzie"]


def decorate(text, p_lead=0.13, p_trail=0.06):
    if R.random() < p_lead:
        text = pick(LEADS) + text
    if R.random() < p_trail:
        text = text + pick(TRAILS)
    return text


# ---------------------------------------------------------------- binary payloads (real formats)
def png_bytes(w=None, h=None):
    w = w or R.randint(1, 10)
    h = h or R.randint(1, 10)
    pal = [bytes([R.randrange(256), R.randrange(256), R.randrange(256), pick([255, 255, 128, 0])]) for _ in range(3)]
    raw = b"".join(b"\x00" + b"".join(pick(pal) for _ in range(w)) for _ in range(h))

    def chunk(t, d):
        return struct.pack(">I", len(d)) + t + d + struct.pack(">I", zlib.crc32(t + d) & 0xffffffff)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 6, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b""))


def gif_bytes():
    c1 = rbytes(3)
    c2 = rbytes(3)
    return (b"GIF89a\x01\x00\x01\x00\x80\x00\x00" + c1 + c2 +
            b"!\xf9\x04\x01\x00\x00\x00\x00,\x00\x00\x00\x00\x01\x00\x01\x00\x00\x02\x02D\x01\x00;")


def svg_text():
    col = "#%06x" % R.randrange(0x1000000)
    kind = R.randint(0, 2)
    if kind == 0:
        body = '<rect x="2" y="3" width="20" height="18" rx="2" fill="none" stroke="%s"/><path d="M7 14l3-5 3 3 4-6" stroke="%s" fill="none"/>' % (col, col)
    elif kind == 1:
        body = '<path d="M13 2L4 14h7l-1 8 9-12h-7z" fill="%s"/>' % col
    else:
        body = '<circle cx="12" cy="12" r="9" fill="%s"/><text x="12" y="16" font-size="9" text-anchor="middle" fill="#fff">kWh</text>' % col
    return '<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24">%s</svg>' % body


def pdf_bytes():
    return ("%%PDF-1.7\n%%\xe2\xe3\xcf\xd3\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n"
            "2 0 obj\n<< /Type /Pages /Kids [3 0 R] /Count 1 >>\nendobj\n"
            "3 0 obj\n<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R >>\nendobj\n"
            "4 0 obj\n<< /Length %d >>\nstream\nBT /F1 12 Tf 72 770 Td (Faktura %s) Tj ET\nendstream\nendobj\n"
            % (R.randint(40, 90), rdig(6))).encode("latin-1")


def wav_bytes():
    n = R.randint(8, 24)
    data = bytes(128 + int(60 * ((i % 6) - 3) / 3) for i in range(n))
    return (b"RIFF" + struct.pack("<I", 36 + n) + b"WAVEfmt " + struct.pack("<IHHIIHH", 16, 1, 1, 8000, 8000, 1, 8)
            + b"data" + struct.pack("<I", n) + data)


def ico_bytes():
    png = png_bytes(R.randint(1, 4), R.randint(1, 4))
    return struct.pack("<HHH", 0, 1, 1) + struct.pack("<BBBBHHII", 16, 16, 0, 0, 1, 32, len(png), 22) + png


def woff2_head():
    return (b"wOF2" + struct.pack(">IIHHIIHHIIIII", 0x00010000, R.randint(8000, 30000), R.randint(10, 16), 0,
                                   R.randint(20000, 60000), R.randint(6000, 20000), 1, 0, 0, 0, 0, 0, 0) + rbytes(24))


def sourcemap():
    src = pick(["src/components/ConsumptionChart.tsx", "src/pages/InvoiceList.tsx", "src/hooks/useReadings.ts",
                "src/components/TariffTable.tsx"])
    m = ";".join(",".join(rs("ABCDEFGIKMOQSUWYacegikmoqsuwy", R.randint(4, 6)) for _ in range(R.randint(2, 4))) for _ in range(R.randint(3, 6)))
    return json.dumps({"version": 3, "file": src.split("/")[-1].replace(".tsx", ".js").replace(".ts", ".js"),
                       "sources": [src], "names": ["props", "data", "useMemo"], "mappings": m}, separators=(",", ":"))


def trunc(s, n):
    return s[:n] + pick(["…", "...", "… [%d more chars]" % R.randint(2000, 90000), "...(truncated)"])


# ================================================================ NEGATIVES
NEG = {c: [] for c in ["data_uri_base64", "placeholder_example", "code_identifier",
                       "non_credential_blob", "pii_lookalike_number", "talk_about_secrets"]}


def neg(cat):
    def deco(f):
        NEG[cat].append(f)
        return f
    return deco


# ---------------------------------------------------------------- data_uri_base64
@neg("data_uri_base64")
def du_css_mail():
    w, h = R.randint(1, 8), R.randint(1, 8)
    return ("```css\n/* szablon maila z fakturą — logo inline, bo Outlook blokuje zewnętrzne obrazki */\n"
            ".invoice-header .logo {\n  width: %dpx;\n  height: %dpx;\n  background: url(\"data:image/png;base64,%s\") no-repeat center;\n}\n```"
            % (w * 12, h * 12, b64(png_bytes(w, h))))


@neg("data_uri_base64")
def du_go_fixture():
    if R.random() < 0.5:
        return "```go\nvar meterIconURI = \"data:image/png;base64,%s\" // testdata dla invoice-renderer\n```" % b64(png_bytes())
    return ("```go\n// testdata: ikona licznika dla renderer'a faktur\nconst meterIconURI = \"data:image/png;base64,%s\"\n\n"
            "func TestInvoiceHeaderIcon(t *testing.T) {\n\tif got := renderHeader(meterIconURI); !strings.Contains(got, \"<img\") {\n\t\tt.Fatalf(\"missing icon: %%q\", got)\n\t}\n}\n```"
            % b64(png_bytes()))


@neg("data_uri_base64")
def du_html_cz():
    return ("Tohle je hlavička vyúčtování, kterou generuje invoice-renderer pro %s:\n```html\n<div class=\"vyuctovani\">\n"
            "  <img alt=\"logo\" width=\"24\" src=\"data:image/svg+xml;base64,%s\">\n  <h1>Vyúčtování elektřiny za období %s</h1>\n</div>\n```"
            % (pick(DSO["CZ"]), b64(svg_text().encode()), pick(MONTHS)))


@neg("data_uri_base64")
def du_json_pdf_ro():
    return ("endpoint-ul `/v2/invoices/{id}/preview` întoarce PDF-ul inline, de-asta răspunsul are %d KB:\n```json\n"
            "{\"invoice_id\":\"%s\",\"format\":\"pdf\",\"preview\":\"data:application/pdf;base64,%s\",\"bytes\":%d}\n```"
            % (R.randint(40, 90), uuid4(), trunc(b64(pdf_bytes()), R.randint(80, 160)), R.randint(40000, 90000)))


@neg("data_uri_base64")
def du_grafana():
    gif = b64(gif_bytes())
    if R.random() < 0.5:
        return "w panelu Grafany „Odczyty %s / h” tło to `\"backgroundImage\": \"data:image/gif;base64,%s\"` — przezroczysty piksel, do wywalenia" % (pick(["1.8.0", "2.8.0", "15.8.0"]), gif)
    return ("```json\n{\n  \"type\": \"stat\",\n  \"title\": \"Odczyty %s / h\",\n  \"options\": {\"backgroundImage\": \"data:image/gif;base64,%s\"},\n  \"targets\": [{\"expr\": \"sum(rate(meter_ingest_frames_total{obis=\\\"%s\\\"}[5m]))\"}]\n}\n```"
            % (pick(["1.8.0", "2.8.0", "15.8.0"]), gif, pick(OBIS_SHORT)))


@neg("data_uri_base64")
def du_react_blur():
    return ("```tsx\n<Image\n  src=\"/charts/profile-%s.png\"\n  alt=\"Profil zużycia\"\n  placeholder=\"blur\"\n  blurDataURL=\"data:image/png;base64,%s\"\n/>\n```"
            % (pick(MONTHS), b64(png_bytes(R.randint(2, 6), R.randint(2, 6)))))


@neg("data_uri_base64")
def du_sourcemap():
    return ("the portal bundle still ships inline source maps, last line of `main.%s.js`:\n```\n//# sourceMappingURL=data:application/json;base64,%s\n```"
            % (rhex(8), b64(sourcemap().encode())))


@neg("data_uri_base64")
def du_csv_link():
    rows = ["meter,obis,value,unit,ts"]
    for _ in range(R.randint(2, 5)):
        rows.append("%s,%s,%s,kWh,%s" % (meter_serial(), pick(OBIS_SHORT), kwh(), date()))
    csv = "\n".join(rows) + "\n"
    return ("przycisk „Eksportuj” w panelu generuje link tak:\n```html\n<a download=\"odczyty_%s.csv\" href=\"data:text/csv;base64,%s\">CSV</a>\n```"
            % (pick(MONTHS), b64(csv.encode())))


@neg("data_uri_base64")
def du_echo_xml():
    xml = ('<?xml version="1.0"?>\n<profile meter="%s" capture="900">\n  <obis>%s</obis>\n  <obis>%s</obis>\n</profile>\n'
           % (meter_serial(), pick(OBIS), pick(OBIS)))
    return ("```\n$ echo '%s' | base64 -d\n%s```" % (b64(xml.encode()), xml))


@neg("data_uri_base64")
def du_pg_failing_row():
    return ("```\n%s [%d] ERROR:  value too long for type character varying(2048)\n%s [%d] DETAIL:  Failing row contains (%d, %s, data:image/png;base64,%s, %s).\n"
            "%s [%d] STATEMENT:  INSERT INTO invoice_assets (id, invoice_id, logo_uri, created_at) VALUES ($1,$2,$3,$4)\n```"
            % (pg_ts(), R.randint(1000, 99999), pg_ts(), R.randint(1000, 99999), R.randint(1000, 99999), uuid4(),
               trunc(b64(png_bytes(10, 10)), 60), date(), pg_ts(), R.randint(1000, 99999)))


@neg("data_uri_base64")
def du_csp():
    return ("Refused to load the image 'data:image/svg+xml;base64,%s' because it violates the following Content Security Policy directive: \"img-src 'self' https://cdn.voltaris.example\"."
            % b64(svg_text().encode()))


@neg("data_uri_base64")
def du_ro_prose():
    return ("Logo-ul din factura %s e pus inline ca data URI, nu e nimic secret în el, e doar un PNG mic: `data:image/png;base64,%s`"
            % (pick(["RO", "de regularizare", "lunară"]), b64(png_bytes(R.randint(1, 3), R.randint(1, 3)))))


@neg("data_uri_base64")
def du_font():
    return ("```css\n@font-face {\n  font-family: \"VoltarisSans\";\n  font-weight: %d;\n  src: url(data:font/woff2;base64,%s) format(\"woff2\");\n}\n```"
            % (pick([400, 500, 700]), trunc(b64(woff2_head()), R.randint(60, 90))))


@neg("data_uri_base64")
def du_sk_qr():
    return ("Na faktúre pre %s je QR kód PAY by square vložený ako obrázok, v HTML vyzerá takto:\n`<img class=\"qr\" src=\"data:image/png;base64,%s\">`\nTo je len náhľad, reálny kód sa generuje pri tlači."
            % (pick(DSO["SK"]), b64(png_bytes(R.randint(3, 8), R.randint(3, 8)))))


@neg("data_uri_base64")
def du_jupyter():
    png = b64(png_bytes(R.randint(3, 9), R.randint(2, 5)))
    if R.random() < 0.5:
        return "notebook z profilem obciążenia ma output wklejony inline: `{\"output_type\": \"display_data\", \"data\": {\"image/png\": \"%s\"}}`" % png
    return ("```json\n{\n \"cell_type\": \"code\",\n \"outputs\": [\n  {\"data\": {\"image/png\": \"%s\", \"text/plain\": [\"<Figure size 1200x400 with 1 Axes>\"]}, \"output_type\": \"display_data\"}\n ],\n \"source\": [\"profile_15min.plot(title='%s')\"]\n}\n```"
            % (png, pick(OBIS_SHORT)))


@neg("data_uri_base64")
def du_wav():
    return ("```js\n// alarm w dashboardzie dyspozytorskim, gdy koncentrator przestaje raportować\nconst beep = new Audio(\"data:audio/wav;base64,%s\");\nif (offlineConcentrators > %d) beep.play();\n```"
            % (b64(wav_bytes()), R.randint(2, 20)))


@neg("data_uri_base64")
def du_yaml_pct():
    svg = svg_text()
    enc = svg.replace("%", "%25").replace("<", "%3C").replace(">", "%3E").replace("\"", "'").replace("#", "%23").replace(" ", "%20")
    return ("```yaml\nmail:\n  template: invoice_%s\n  locale: %s\n  header_icon: \"data:image/svg+xml;utf8,%s\"\n```"
            % (pick(["pl", "cz", "sk", "ro"]), pick(["pl-PL", "cs-CZ", "sk-SK", "ro-RO"]), enc))


@neg("data_uri_base64")
def du_go_log():
    return ("```\n%s level=debug svc=invoice-renderer msg=\"rendered invoice\" invoice=%s attachment=\"data:application/pdf;base64,%s\" size=%d\n```"
            % (ts(), invoice_no(pick(["PL", "CZ"])), trunc(b64(pdf_bytes()), R.randint(40, 100)), R.randint(30000, 120000)))


@neg("data_uri_base64")
def du_md_img():
    return ("W README od `meter-sim` jest taki obrazek w sekcji o schemacie ramek DLMS:\n```markdown\n![schemat](data:image/gif;base64,%s)\n```\nto przezroczysty piksel, ktoś zapomniał podmienić na diagram"
            % b64(gif_bytes()))


@neg("data_uri_base64")
def du_ico():
    return ("```html\n<link rel=\"icon\" type=\"image/x-icon\" href=\"data:image/x-icon;base64,%s\">\n```" % b64(ico_bytes()))


@neg("data_uri_base64")
def du_go_prefix():
    webp = b64(b"RIFF" + struct.pack("<I", R.randint(100, 900)) + b"WEBPVP8 ")[:28]
    if R.random() < 0.5:
        return "error z proda w invoice-renderer: `logo: unsupported data URI \"data:image/webp;base64,%s\"` — obsługujemy tylko PNG" % webp
    return ("```go\nconst pngPrefix = \"data:image/png;base64,\"\n\nfunc decodeLogo(s string) ([]byte, error) {\n\tif !strings.HasPrefix(s, pngPrefix) {\n\t\treturn nil, fmt.Errorf(\"logo: unsupported data URI %%.40q\", s)\n\t}\n\treturn base64.StdEncoding.DecodeString(strings.TrimPrefix(s, pngPrefix))\n}\n```\nerror z proda: `logo: unsupported data URI \"data:image/webp;base64,%s\"`" % webp)


@neg("data_uri_base64")
def du_curl_chart():
    return ("```\n$ curl -s http://localhost:8081/v1/charts/consumption?pod=%s | jq -r .image | cut -c1-120\ndata:image/png;base64,%s\n```"
            % (pick(["demo", "sample", "fixture"]), b64(png_bytes(12, 12))[:98]))


@neg("data_uri_base64")
def du_en_question():
    return ("quick q: is it ok that the dunning letter template has the stamp embedded as `data:image/png;base64,%s` or should it be a file in S3? it's %d bytes"
            % (trunc(b64(png_bytes(R.randint(6, 10), R.randint(6, 10))), R.randint(40, 70)), R.randint(300, 4000)))

@neg("data_uri_base64")
def du_inline_log():
    return "%s level=debug svc=portal-bff msg=\"avatar fallback\" src=data:image/gif;base64,%s" % (ts(), b64(gif_bytes()))


@neg("data_uri_base64")
def du_md_inline():
    return "Ikonka taryfy %s w changelogu: ![%s](data:image/svg+xml;base64,%s)" % ((pick(TARIFF["PL"] + TARIFF["CZ"]),) * 2 + (b64(svg_text().encode()),))



# ---------------------------------------------------------------- placeholder_example
@neg("placeholder_example")
def ph_env_example():
    vs = ["PGHOST=localhost", "PGPORT=5432", "PGUSER=billing", "PGPASSWORD=<hasło-z-vaulta>", "OSD_API_KEY=YOUR_API_KEY",
          "SLACK_BOT_TOKEN=xoxb-your-bot-token", "AWS_ACCESS_KEY_ID=AKIA...", "AWS_SECRET_ACCESS_KEY=", "KSEF_TOKEN=${KSEF_TOKEN}"]
    sel = sorted(R.sample(vs, R.randint(3, 7)), key=vs.index)
    return "`.env.example` dla %s po refaktorze:\n```\n%s\n```\nprawdziwe wartości tylko w Vault, nie w repo" % (pick(SERVICES), "\n".join(sel))


@neg("placeholder_example")
def ph_helm():
    svc = pick(SERVICES)
    return ("```yaml\n# charts/%s/templates/secret.yaml\napiVersion: v1\nkind: Secret\nmetadata:\n  name: %s-db\ntype: Opaque\nstringData:\n  PGUSER: {{ .Values.postgres.user | quote }}\n  PGPASSWORD: {{ .Values.postgres.password | quote }}\n  OSD_SFTP_PASSWORD: {{ required \"osd.sftpPassword is required\" .Values.osd.sftpPassword }}\n```"
            % (svc, svc))


@neg("placeholder_example")
def ph_gha():
    dso = pick(["TAURON", "ENEA", "ENERGA", "PGE", "CEZ", "EGD", "DEO", "DELGAZ"])
    return ("```yaml\n- name: Upload readings to %s SFTP\n  env:\n    SFTP_USER: ${{ vars.%s_SFTP_USER }}\n    SFTP_PASSWORD: ${{ secrets.%s_SFTP_PASSWORD }}\n    GOPRIVATE: gitlab.voltaris.internal\n  run: go run ./cmd/readings-exporter --target %s --month %s\n```"
            % (dso.title(), dso, dso, dso.lower(), pick(MONTHS)))


@neg("placeholder_example")
def ph_pl_doc():
    return pick([
        "Instrukcja: wklej token bota w formacie `xoxb-…` do `~/.config/voltaris/slack.toml`, pole `token = \"<tu-token>\"`. Nie wrzucajcie go tutaj na kanał.",
        "W README jest `export OSD_API_KEY=<twój-klucz>` — to tylko wzór, klucz dostajecie od %s mailem szyfrowanym." % pick(DSO["PL"]),
        "Przykład z dokumentacji CSIRE: `Authorization: Bearer <access_token>` — token bierzemy z `/oauth2/token`, ważny %d minut." % pick([5, 10, 15]),
        "W formularzu zmiany rachunku do polecenia zapłaty pole wygląda tak: `Nr rachunku: PL__ ____ ____ ____ ____ ____ ____`.",
        "Pole `haslo_osd` w configu %s ma wartość `${OSD_PASSWORD}` — podstawia to entrypoint z pliku w /run/secrets." % pick(SERVICES),
        "W szablonie umowy jest `PESEL: ___________` i `Telefon: +48 ___ ___ ___`, wypełnia to klient w portalu, nie my.",
    ])


@neg("placeholder_example")
def ph_aws_doc():
    return ("%s\n```ini\n[profile %s]\naws_access_key_id = AKIAIOSFODNN7EXAMPLE\naws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY\nregion = %s\noutput = %s\n```"
            % (pick(["Konfiguracja dla eksportu faktur do S3 (przykład z dokumentacji AWS, nie nasze klucze):",
                     "Ukázka z dokumentace AWS pro export vyúčtování, klíče jsou jejich vzorové:",
                     "Exemplu din documentația AWS (cheile sunt cele de exemplu, nu ale noastre):"]),
               pick(["billing-exports", "readings-archive", "ksef-backup"]), pick(["eu-central-1", "eu-central-2", "eu-north-1"]), pick(["json", "table"])))


@neg("placeholder_example")
def ph_pem_dots():
    kind = pick(["EC ", "RSA ", "", "OPENSSH "])
    return ("Klucz do HLS na licznikach wkładamy do secretu tak (body wycięte):\n```\n-----BEGIN %sPRIVATE KEY-----\n...\n<klucz z Vaulta: secret/metering/hls/%s>\n...\n-----END %sPRIVATE KEY-----\n```"
            % (kind, pick(["pl", "cz", "ro"]), kind))


@neg("placeholder_example")
def ph_masked_iban():
    cc = pick(["PL", "CZ", "SK", "RO"])
    l = {"PL": 28, "CZ": 24, "SK": 24, "RO": 24}[cc]
    tail = rdig(4)
    mask = cc + "**" + "*" * (l - 8) + tail
    return pick([
        "W portalu klienta numer rachunku pokazujemy jako `%s` — pełny jest tylko w payment-matcher, zaszyfrowany." % group4(mask),
        "Zákazník vidí v aplikaci jen `%s`, celý účet máme v tabulce payer_bank_accounts šifrovaný." % group4(mask),
        "În factură apare contul mascat: %s — restul e în sistemul de plăți." % group4(mask),
    ])


@neg("placeholder_example")
def ph_masked_card():
    last = rdig(4)
    return pick([
        "Płatność kartą •••• •••• •••• %s odrzucona przez bramkę (3DS timeout), klient spróbuje jeszcze raz." % last,
        "payment log: `card=************%s brand=visa status=declined reason=insufficient_funds`" % last,
        "Karta klienta končící na %s byla zamítnuta, posíláme odkaz na platbu znovu." % last,
        "card on file: `**** **** **** %s`, exp `**/**`" % last,
    ])


@neg("placeholder_example")
def ph_masked_phone():
    return pick([
        "SMS z przypomnieniem poszedł na numer `+48 *** *** %s` (maskujemy w logach)." % rdig(3),
        "Zákazník zadal telefon ve formátu `+420 XXX XXX XXX`, validace ho odmítla kvůli mezerám.",
        "Câmpul telefon din formular: `07xx xxx xxx` — placeholder-ul e în ro.json, cheia `form.phone.placeholder`.",
        "Validácia: číslo musí byť v tvare `+421 9XX XXX XXX`, inak vrátime 422.",
    ])


@neg("placeholder_example")
def ph_dsn_template():
    return pick([
        "```\nDATABASE_URL=postgres://user:password@localhost:5432/billing?sslmode=disable\n```\nto jest default z docker-compose, na produkcji jest z Vaulta",
        "template w dokumentacji: `postgres://<user>:<password>@<host>:5432/metering?sslmode=require`",
        "```yaml\nservices:\n  db:\n    image: postgres:16\n    environment:\n      POSTGRES_USER: postgres\n      POSTGRES_PASSWORD: postgres\n      POSTGRES_DB: metering_dev\n    ports: [\"5432:5432\"]\n```",
        "lokálně jede RabbitMQ s výchozím `amqp://guest:guest@localhost:5672/`, na stagingu je to jinak",
        "pentru dev: `redis://:changeme@127.0.0.1:6379/0` — e parola default din docker-compose, nu folosiți asta în prod",
    ])


@neg("placeholder_example")
def ph_go_getenv():
    osd = pick(["OSD", "CSIRE", "OTE", "ANRE", "KSEF"])
    return ("```go\ntype %sConfig struct {\n\tBaseURL  string `env:\"%s_BASE_URL\" envDefault:\"https://api.%s.example\"`\n\tClientID string `env:\"%s_CLIENT_ID\"`\n\tSecret   string `env:\"%s_CLIENT_SECRET,required\"` // %s\n\tPassword string `env:\"%s_PASSWORD\" envDefault:\"%s\"` // TODO: usunąć default\n}\n```"
            % (osd.title(), osd, osd.lower(), osd, osd, pick(["nigdy nie logować", "never log", "nelogovat"]), osd, pick(["changeme", "password", "secret", "admin"])))


@neg("placeholder_example")
def ph_vault_refs():
    svc = pick(SERVICES)
    return ("```yaml\n%s:\n  db_password: vault:secret/data/%s/postgres#password\n  sftp_password: op://Billing/SFTP-%s/password\n  ksef_token: \"{{resolve:secretsmanager:prod/%s/ksef:SecretString:token}}\"\n```"
            % (svc, svc, pick(["ENEA", "TAURON", "CEZ", "DELGAZ"]), svc))


@neg("placeholder_example")
def ph_eso():
    return ("```yaml\napiVersion: external-secrets.io/v1beta1\nkind: ExternalSecret\nmetadata:\n  name: %s-osd\nspec:\n  refreshInterval: 1h\n  secretStoreRef: {name: vault-backend, kind: ClusterSecretStore}\n  target: {name: %s-osd}\n  data:\n    - secretKey: OSD_CLIENT_SECRET\n      remoteRef: {key: metering/%s, property: client_secret}\n```"
            % ((pick(SERVICES),) * 2 + (pick(["pl", "cz", "sk", "ro"]),)))


@neg("placeholder_example")
def ph_llm_keys():
    return pick([
        "Do OCR faktur papierowych potrzebny jest `OPENAI_API_KEY=sk-...` w `.env.local`; klucz każdy generuje sobie sam w konsoli.",
        "```\nANTHROPIC_API_KEY=sk-ant-api03-XXXX…\nOPENAI_API_KEY=sk-proj-…\nTRIAGE_MODEL=%s\n```\nto są placeholdery z README %s" % (pick(["small", "default", "fast"]), pick(["summarizer'a reklamacji", "complaint-triage", "ocr-spike"])),
        "Pentru testele de clasificare a reclamațiilor setați `ANTHROPIC_API_KEY=<cheia-voastră>`; fără ea testele sunt skip (%d teste)." % R.randint(4, 40),
        "`llm.api_key: ${LLM_API_KEY:?missing}` — bez tego %s nie wstaje, i dobrze" % pick(SERVICES),
        "V CI je `OPENAI_API_KEY: ${{ secrets.OPENAI_API_KEY }}`, lokálně si dejte vlastní `sk-…` do `.env`.",
    ])


@neg("placeholder_example")
def ph_github():
    return pick([
        "```\nmachine gitlab.voltaris.internal login oauth2 password <PAT>\nmachine github.com login x-access-token password ghp_xxxxxxxxxxxx\n```\nw ~/.netrc, żeby `go mod download` przeszedł dla prywatnych modułów",
        "Stary PAT `ghp_…` wygasa w %s, nowy fine-grained (`github_pat_…`) ma tylko read na `voltaris/tariff-tables`." % pick(["piątek", "poniedziałek", "przyszłym tygodniu"]),
        "`git config --global url.\"https://${GITHUB_TOKEN}@github.com/\".insteadOf \"https://github.com/\"` — token z CI, nie wklejajcie swojego",
        "V dokumentaci je `GH_TOKEN=ghp_XXXXXXXX` jen jako ukázka formátu, skutečný token je v CI proměnných.",
    ])


@neg("placeholder_example")
def ph_redacted_logs():
    return ("```\n%s level=info svc=payment-matcher msg=\"mandate updated\" payer_id=%d iban=[REDACTED] bank=%s\n%s level=info svc=csire-sync msg=\"token refreshed\" token=*** expires_in=900\n%s level=warn svc=billing-api msg=\"login failed\" user=<masked> password=[FILTERED]\n```"
            % (ts(), R.randint(10000, 999999), pick(["PKO", "mBank", "ING", "Pekao"]), ts(), ts()))


@neg("placeholder_example")
def ph_ro_form():
    fields = [("Nume și prenume", "______________________"), ("CNP", pick(["_____________", "XXXXXXXXXXXXX"])),
              ("Cod POD", "RO00_E_________"), ("IBAN", "RO__ ____ ____ ____ ____ ____"), ("Telefon", pick(["07__ ___ ___", "07xx xxx xxx"])),
              ("E-mail", pick(["____________@__________", "<adresa de e-mail>"])), ("Serie contor", "__________"), ("Index la data schimbării", "______ kWh")]
    k = R.randint(3, len(fields))
    sel = [fields[0]] + R.sample(fields[1:], k - 1)
    return "%s (șablon):\n```\n%s\n```" % (pick(["Formularul de schimbare a furnizorului", "Cerere de racordare", "Formular de restituire"]),
                                           "\n".join("%s: %s" % f for f in sel))


@neg("placeholder_example")
def ph_cz_form():
    fields = [("Jméno", "{{ zakaznik.jmeno }}"), ("Rodné číslo", "XXXXXX/XXXX"), ("EAN OPM", "859182400XXXXXXXXX"),
              ("Číslo účtu", pick(["XXXXXXXXXX/XXXX", "{{ ucet.cislo }}/{{ ucet.banka }}"])), ("Telefon", "+420 XXX XXX XXX"),
              ("E-mail", "{{ zakaznik.email }}"), ("Nová záloha", "{{ zaloha | currency('CZK') }}")]
    k = R.randint(3, len(fields))
    sel = [fields[0]] + R.sample(fields[1:], k - 1)
    return "Šablona %s:\n```\n%s\n```" % (pick(["žádosti o změnu zálohy", "plné moci", "reklamace vyúčtování"]), "\n".join("%s: %s" % f for f in sel))


@neg("placeholder_example")
def ph_us_form():
    fields = [("Legal name", "<full name>"), ("SSN", pick(["XXX-XX-XXXX", "***-**-****", "___-__-____"])),
              ("Routing no.", "<9 digits>"), ("Account no.", "<account>"), ("Phone", pick(["(XXX) XXX-XXXX", "+1 XXX XXX XXXX"])),
              ("Address", "<street, city, state, ZIP>"), ("Start date", "<YYYY-MM-DD>")]
    k = R.randint(3, len(fields))
    sel = fields[:2] + R.sample(fields[2:], k - 2)
    return "US contractor onboarding (%s, do not fill in Slack):\n```\n%s\n```" % (
        pick(["template from HR", "W-9 helper", "payroll form v%d" % R.randint(2, 5)]), "\n".join("%s: %s" % f for f in sel))


@neg("placeholder_example")
def ph_slack_webhook():
    return pick([
        "Przykładowy webhook z dokumentacji, do alertów z %s: `https://hooks.slack.com/services/T00000000/B00000000/XXXXXXXXXXXXXXXXXXXXXXXX` — prawdziwy URL jest w Vault pod `alerts/slack`" % pick(SERVICES),
        "`SLACK_WEBHOOK_URL=https://hooks.slack.com/services/TXXXXXXXX/BXXXXXXXX/<secret>` w helm values dla %s" % pick(SERVICES),
        "Bot do alertów %s potřebuje `xoxb-…` token se scope `chat:write`; v configu je jen `${SLACK_BOT_TOKEN}`." % pick(SERVICES),
        "config `%s`: `slack.token: \"{{ .Values.slack.botToken }}\"`, `slack.channel: \"%s\"`" % (pick(SERVICES), pick(CHANNELS)),
    ])


@neg("placeholder_example")
def ph_jwt_placeholder():
    return pick([
        "```\ncurl -H \"Authorization: Bearer $CSIRE_TOKEN\" https://api.csire.example/v1/pods/%s/readings\n```" % ppe(),
        "w logu widać tylko `Bearer eyJhbGciOi…` (ucięte po 12 znakach), więc pełnego tokena tam nie ma",
        "postman env: `{{osd_access_token}}` — ustawia się w pre-request scripcie z `/oauth/token`",
    ])


@neg("placeholder_example")
def ph_defaults():
    return pick([
        "koncentratory %s przychodzą z fabryki z loginem admin/admin, pierwszy krok instalacji to zmiana przez `hes-adapter set-credentials`" % pick(["Apator", "Landis+Gyr", "Iskraemeco"]),
        "Grafana na stagingu ma nadal `admin` / `admin`? ktoś to zmienia?",
        "`KEYCLOAK_ADMIN_PASSWORD=admin` jest tylko w docker-compose.dev.yml, w k8s jest z secretu",
        "hesla v testech jsou `heslo123` a `changeme`, nic produkčního",
    ])


@neg("placeholder_example")
def ph_empty_values():
    osd, cc = pick([("tauron", "pl"), ("enea", "pl"), ("cez", "cz"), ("egd", "cz"), ("delgaz", "ro"), ("deo", "ro")])
    return ("```toml\n[osd.%s]\nbase_url = \"https://sftp.%s.example\"\nuser = \"\"\npassword = \"\"   # ustaw przez OSD_%s_PASSWORD\nprivate_key_path = \"/run/secrets/osd_%s_key\"\n```"
            % (osd, osd, osd.upper(), cc))


@neg("placeholder_example")
def ph_sql_masked():
    rows = []
    for _ in range(R.randint(3, 6)):
        rows.append(" %7d | %s | PL** **** **** **** **** **** %s | ***@***" % (R.randint(1000, 9999999), pick(TARIFF["PL"]).ljust(4), rdig(4)))
    return ("widok `v_payers_masked` dla supportu:\n```\n payer_id | tariff | iban_masked | email_masked\n----------+--------+-------------+-------------\n%s\n(%d rows)\n```"
            % ("\n".join(rows), len(rows)))


# ---------------------------------------------------------------- code_identifier
WORDS = ["Secret", "Token", "Password", "Iban", "Pesel", "Email", "Phone", "Credential", "Key", "Api",
         "Refresh", "Access", "Bearer", "Mandate", "Payer", "Obis", "Tariff", "Meter", "Reading", "Pod",
         "Ppe", "Invoice", "Ksef", "Osd", "Csire", "Hls", "Session", "Vault", "Rotation", "Masked"]


def camel(n, lower_first=False):
    w = "".join(pick(WORDS) for _ in range(n))
    return (w[0].lower() + w[1:]) if lower_first else w


def snake(n):
    return "_".join(pick(WORDS).lower() for _ in range(n))


@neg("code_identifier")
def ci_go_panic():
    pkg = pick(GO_PKGS)
    lines = ["panic: runtime error: invalid memory address or nil pointer dereference",
             "[signal SIGSEGV: segmentation violation code=0x1 addr=0x%x pc=0x%x]" % (R.randint(0x10, 0x90), R.randint(0x400000, 0xffffff)), "",
             "goroutine %d [running]:" % R.randint(1, 900)]
    for _ in range(R.randint(1, 4)):
        p = pick(GO_PKGS)
        lines.append("gitlab.voltaris.internal/metering/%s/internal/%s.(*%s).%s(%s, %s)" % (
            pick(SERVICES), p, camel(2), camel(3), go_addr(), go_addr()))
        lines.append("\t/build/internal/%s/%s.go:%d +0x%x" % (p, snake(2), R.randint(20, 900), R.randint(0x10, 0x3ff)))
    lines.append("created by gitlab.voltaris.internal/metering/%s/internal/%s.(*Worker).Start in goroutine 1" % (pick(SERVICES), pkg))
    lines.append("\t/build/internal/%s/worker.go:%d +0x%x" % (pkg, R.randint(20, 300), R.randint(0x10, 0x3ff)))
    return "```\n" + "\n".join(lines) + "\n```"


@neg("code_identifier")
def ci_go_struct():
    fields = ["\tID                          int64      `db:\"id\"`", "\tIbanHash                    []byte     `db:\"iban_hash\"`",
              "\tIbanLast4                   string     `db:\"iban_last4\"`", "\tIbanEncrypted               []byte     `db:\"iban_encrypted\"`",
              "\tMandateSignedAt             time.Time  `db:\"mandate_signed_at\"`", "\tPasswordResetTokenExpiresAt *time.Time `db:\"password_reset_token_expires_at\"`",
              "\t%s string `db:\"%s\"`" % (camel(3), snake(3))]
    k = R.randint(3, 7)
    sel = [fields[0]] + sorted(R.sample(fields[1:], k - 1), key=fields.index)
    return "```go\ntype %s struct {\n%s\n}\n```" % (pick(["PayerBankAccount", "Mandate", "CustomerCredential"]), "\n".join(sel))


@neg("code_identifier")
def ci_psql_d():
    cols = [("id", "bigint", "not null"), ("email_address_enc", "bytea", ""), ("phone_e164_hash", "bytea", ""),
            ("pesel_hash", "bytea", ""), ("iban_last4", "character(4)", ""), ("%s" % snake(3), "text", ""),
            ("api_token_id", "uuid", ""), ("created_at", "timestamp with time zone", "not null default now()")]
    sel = [cols[0]] + sorted(R.sample(cols[1:], R.randint(2, 5)), key=cols.index)
    body = "\n".join(" %-22s | %-24s | %s" % c for c in sel)
    idx = "\nIndexes:\n    \"customer_contact_pkey\" PRIMARY KEY, btree (id)" if R.random() < 0.5 else ""
    return "```\nmetering=> \\d customer_contact\n        Column          |           Type           | Modifiers\n------------------------+--------------------------+-----------\n%s%s\n```" % (body, idx)


@neg("code_identifier")
def ci_migrations():
    names = ["add_iban_verification_token_to_payers", "rename_osd_password_to_osd_credential_ref",
             "create_csire_refresh_tokens", "drop_plaintext_phone_from_contacts", "add_obis_1_8_1_to_readings_partitioned",
             "add_ksef_session_token_hash", "create_tariff_tables_ro_anre_2026", "index_mandates_on_iban_hash",
             "add_hls_secret_version_to_meters", "backfill_email_masked"]
    R.shuffle(names)
    out = []
    for n in names[:R.randint(3, 7)]:
        stamp = "2026%02d%02d%02d%02d%02d" % (R.randint(1, 5), R.randint(1, 28), R.randint(0, 23), R.randint(0, 59), R.randint(0, 59))
        out.append("migrations/%s_%s.up.sql" % (stamp, n))
    return "nowe migracje w tym release:\n```\n" + "\n".join(out) + "\n```"


@neg("code_identifier")
def ci_go_iface():
    if R.random() < 0.5:
        return "`type %s interface { %s(ctx context.Context) error; %s(osd OsdID) }` — po refaktorze zostaje tylko ten jeden" % (camel(3), camel(4), camel(3))
    return ("```go\ntype OsdSessionTokenCache interface {\n\tAccessTokenFor(ctx context.Context, osd OsdID) (AccessToken, error)\n\tRefreshAccessTokenIfExpired(ctx context.Context, osd OsdID) error\n\t%s(osd OsdID)\n}\n```" % camel(3))


@neg("code_identifier")
def ci_kubectl():
    rows = []
    for s in R.sample(SERVICES, R.randint(2, 6)):
        rows.append("%-42s %s/%s   %-9s %-3d %s" % ("%s-%s-%s" % (s, rs("bcdf6789", 10), rs("bcdfghjklmnpqrstvwxz2456789", 5)), 1, 1,
                                                   pick(["Running", "Running", "Running", "CrashLoopBackOff"]), R.randint(0, 7), pick(["3d4h", "17h", "42m", "6d"])))
    return "```\n$ kubectl -n metering get pods\nNAME                                       READY   STATUS    RESTARTS AGE\n" + "\n".join(rows) + "\n```"


@neg("code_identifier")
def ci_proto():
    svc = pick(["MeterReadingService", "TariffService", "OsdGatewayService", "PayerService", "HesAdapterService"])
    rpc2 = pick(["RotateHlsSecret", "RefreshOsdAccessToken", "RotateSftpCredential", "InvalidateApiKey"])
    fields = R.sample(["string meter_serial", "string secret_version_ref", "string api_key_id", "string pod_id",
                       "bytes iban_hash", "string token_fingerprint", "google.protobuf.Timestamp not_after", "string obis_code"], R.randint(1, 3))
    body = "\n".join("  %s = %d;" % (f, i + 1) for i, f in enumerate(fields))
    return ("```proto\nservice %s {\n  rpc %s(%sRequest) returns (%sResponse);\n}\nmessage %sRequest {\n%s\n}\n```"
            % (svc, rpc2, rpc2, rpc2, rpc2, body))


@neg("code_identifier")
def ci_flags():
    flags = ["billing.ro.anre_2026_tariff_table.enabled", "metering.pl.csire_token_refresh_v2",
             "payments.iban_change_callback_required", "portal.mask_phone_in_profile",
             "ksef.session_token_cache.ttl_override", "osd.sftp_password_rotation.dry_run",
             "billing.cz.d57d_split_ht_lt", "ingest.obis_1_8_0_fallback_to_sum_of_tariffs"]
    R.shuffle(flags)
    return "Flagi włączone na prodzie od dziś:\n" + "\n".join("• `%s` = %s" % (f, pick(["true", "false", "50%"])) for f in flags[:R.randint(2, 6)])


@neg("code_identifier")
def ci_go_test():
    lines = ["=== RUN   TestParseObisCode", "=== RUN   TestParseObisCode/%s" % pick(OBIS),
             "--- FAIL: TestParseObisCode (0.00s)", "    --- FAIL: TestParseObisCode/%s (0.00s)" % pick(OBIS),
             "        obis_test.go:%d: want register %s, got %s" % (R.randint(20, 200), pick(OBIS_SHORT), pick(OBIS_SHORT))]
    extra = ["--- PASS: TestRedactIbanInInvoiceCsv (0.01s)", "--- PASS: TestMaskPeselInSupportExport (0.00s)",
             "--- PASS: Test%s (0.0%ds)" % (camel(3), R.randint(0, 9))]
    lines = lines[R.randint(0, 2):] + R.sample(extra, R.randint(0, 3))
    lines += ["FAIL\tgitlab.voltaris.internal/metering/obis-decoder/internal/obis\t%.3fs" % R.uniform(0.01, 2)]
    return "```\n$ go test ./internal/...\n" + "\n".join(lines) + "\n```"


@neg("code_identifier")
def ci_gosec():
    return ("```\ninternal/%s/config.go:%d:2: G101: Potential hardcoded credentials (gosec)\n\tpasswordResetTokenTTL = \"15m\"\ninternal/%s/keys.go:%d:6: G101: Potential hardcoded credentials (gosec)\n\tconst hlsSecretVaultPath = \"secret/data/metering/hls\"\n```\nfałszywe alarmy, dodaję `//nolint:gosec` z komentarzem"
            % (pick(GO_PKGS), R.randint(10, 200), pick(GO_PKGS), R.randint(10, 200)))


@neg("code_identifier")
def ci_pg_error():
    return ("```\n%s [%d] ERROR:  column \"iban_encrypted\" of relation \"payer_bank_accounts\" does not exist at character %d\n%s [%d] ERROR:  duplicate key value violates unique constraint \"payer_bank_accounts_iban_hash_key\"\n%s [%d] ERROR:  relation \"csire_refresh_tokens_%s\" does not exist\n```"
            % (pg_ts(), R.randint(1000, 99999), R.randint(10, 300), pg_ts(), R.randint(1000, 99999), pg_ts(), R.randint(1000, 99999), pick(["2026_03", "2026_04", "p2026w14"])))


@neg("code_identifier")
def ci_terraform():
    addrs = ["module.billing_pl.aws_secretsmanager_secret.osd_sftp_password",
             "module.billing_pl.aws_iam_access_key.readings_exporter",
             "module.ro.aws_secretsmanager_secret_version.anre_portal_password",
             "aws_kms_key.payer_iban_encryption", "vault_generic_secret.csire_client_secret",
             "module.cz.aws_ssm_parameter.ote_api_token"]
    R.shuffle(addrs)
    k = R.randint(2, 5)
    return "```\n$ terraform plan -target=...\n" + "\n".join("  # %s will be updated in-place" % a for a in addrs[:k]) + "\n\nPlan: 0 to add, %d to change, 0 to destroy.\n```" % k


@neg("code_identifier")
def ci_mockgen():
    return "`mockgen -source=internal/%s/store.go -destination=internal/%s/mocks/mock_%s.go` generuje `Mock%sStore` i `Mock%s` — trzeba przegenerować po zmianie interfejsu" % (
        pick(GO_PKGS), pick(GO_PKGS), snake(2), camel(2), camel(3))


@neg("code_identifier")
def ci_sqlc():
    qs = ["-- name: GetPayerByIbanHash :one\nSELECT id, iban_last4, mandate_signed_at FROM payer_bank_accounts WHERE iban_hash = $1;",
          "-- name: RevokeCsireRefreshToken :exec\nUPDATE csire_refresh_tokens SET revoked_at = now() WHERE token_id = $1;",
          "-- name: List%s :many\nSELECT * FROM %s ORDER BY created_at DESC LIMIT $1;" % (camel(2), snake(2))]
    return "```sql\n" + "\n\n".join(R.sample(qs, R.randint(1, 3))) + "\n```"


@neg("code_identifier")
def ci_css_modules():
    return ("w portalu po buildzie klasy wyglądają tak: `InvoiceTable_row__%s`, `TariffBadge_g12w__%s`, `css-%s`, chunk `static/chunks/pages/invoices/[id]-%s.js`"
            % (rs(ALNUM, 5), rs(ALNUM, 5), rs(string.ascii_lowercase + string.digits, 7), rhex(16)))


@neg("code_identifier")
def ci_metrics():
    m = ["meter_ingest_obis_decode_errors_total{obis=\"%s\",maker=\"%s\"} %d" % (pick(OBIS_SHORT), pick(MAKERS), R.randint(0, 9000)),
         "billing_csire_token_refresh_failures_total{osd=\"%s\"} %d" % (pick(["tauron", "enea", "energa", "pge"]), R.randint(0, 40)),
         "payments_iban_mismatch_total{country=\"%s\"} %d" % (pick(["pl", "cz", "sk", "ro"]), R.randint(0, 400)),
         "ksef_session_token_age_seconds %d" % R.randint(1, 3600),
         "osd_sftp_password_age_days{osd=\"%s\"} %d" % (pick(["deo", "delgaz", "cez"]), R.randint(1, 90))]
    R.shuffle(m)
    return "```\n" + "\n".join(m[:R.randint(2, 5)]) + "\n```"


@neg("code_identifier")
def ci_obis_consts():
    pairs = [("ObisActiveEnergyImportTotal", "1-0:1.8.0"), ("ObisActiveEnergyImportT1", "1-0:1.8.1"),
             ("ObisActiveEnergyImportT2", "1-0:1.8.2"), ("ObisActiveEnergyExportTotal", "1-0:2.8.0"),
             ("ObisVoltageL1", "1-0:32.7.0"), ("ObisCurrentL1", "1-0:31.7.0"), ("ObisDeviceId", "0-0:96.1.0"),
             ("ObisActiveTariff", "0-0:96.14.0")]
    k = R.randint(3, 8)
    return "```go\nconst (\n" + "\n".join("\t%s = \"%s\"" % p for p in pairs[:k]) + "\n)\n```"


@neg("code_identifier")
def ci_kotlin_trace():
    lines = ["java.lang.IllegalStateException: refresh token missing for installer session",
             "\tat pl.voltaris.fieldapp.auth.SecureTokenStorage.loadRefreshToken(SecureTokenStorage.kt:%d)" % R.randint(20, 200),
             "\tat pl.voltaris.fieldapp.auth.TokenRefresher$refreshIfNeeded$2.invokeSuspend(TokenRefresher.kt:%d)" % R.randint(20, 200)]
    for _ in range(R.randint(1, 5)):
        lines.append("\tat pl.voltaris.fieldapp.%s.%s.%s(%s.kt:%d)" % (pick(["meter", "install", "sync", "auth"]), camel(2), camel(2, True), camel(2), R.randint(10, 600)))
    lines += ["\tat kotlinx.coroutines.DispatchedTask.run(DispatchedTask.kt:108)", "\tat android.os.Handler.handleCallback(Handler.java:959)"]
    return "crash z aplikacji montera (wersja %d.%d.%d):\n```\n%s\n```" % (R.randint(2, 4), R.randint(0, 20), R.randint(0, 9), "\n".join(lines))


@neg("code_identifier")
def ci_env_names():
    names = ["OSD_ENEA_SFTP_PASSWORD_FILE", "CSIRE_CLIENT_SECRET_PATH", "KSEF_TOKEN_VAULT_KEY", "PAYU_SECOND_KEY_REF",
             "SLACK_BOT_TOKEN_FILE", "AWS_SECRET_ACCESS_KEY_PATH", "HLS_MASTER_KEY_VERSION", "SMTP_PASSWORD_SECRET_NAME"]
    R.shuffle(names)
    return "Lista zmiennych, które %s czyta przy starcie (same nazwy, wartości z plików w /run/secrets): %s" % (
        pick(SERVICES), ", ".join("`%s`" % n for n in names[:R.randint(3, 7)]))


@neg("code_identifier")
def ci_pprof():
    rows = []
    for _ in range(R.randint(2, 5)):
        flat = R.uniform(0.1, 4)
        rows.append("%8.2fs %5.2f%% %6.2f%% %8.2fs %5.2f%%  gitlab.voltaris.internal/metering/%s/internal/%s.(*%s).%s" % (
            flat, R.uniform(1, 30), R.uniform(10, 90), flat * 2, R.uniform(1, 60), pick(SERVICES), pick(GO_PKGS), camel(2), camel(2)))
    return "```\n(pprof) top\nShowing nodes accounting for 9.81s, 84.20% of 11.65s total\n      flat  flat%   sum%        cum   cum%\n" + "\n".join(rows) + "\n```"


@neg("code_identifier")
def ci_loki():
    return "`{app=\"%s\", namespace=\"metering\"} |= \"InvalidRefreshToken\" | json | osd_id=\"%s\" | line_format \"{{.msg}} {{.token_id}}\"`" % (
        pick(SERVICES), pick(["tauron", "enea", "cez", "egd", "deo"]))

@neg("code_identifier")
def ci_inline_rename():
    return "Rename w całym repo: `%s` → `%s`, `%s` → `%s`, kolumna `%s` zostaje (sqlc by się wysypał)" % (camel(3), camel(3), snake(2), snake(3), snake(3))


@neg("code_identifier")
def ci_inline_symbol():
    return "pprof: `gitlab.voltaris.internal/metering/%s/internal/%s.(*%s).%s` zjada %d%% CPU przy replayu %s" % (pick(SERVICES), pick(GO_PKGS), camel(2), camel(3), R.randint(12, 70), pick(OBIS_SHORT))



# ---------------------------------------------------------------- non_credential_blob
@neg("non_credential_blob")
def nb_gitlog():
    msgs = ["fix(obis): handle 1-0:1.8.0 overflow", "feat(billing): RO tariff table 2026", "chore: bump pgx to v5.7",
            "fix(ksef): retry on 503", "refactor(ingest): split DLMS decoder", "feat(cz): D57d HT/LT split",
            "fix(payments): IBAN checksum for SK", "revert: csire batch size"]
    lines = ["%s %s" % (rhex(7), pick(msgs)) for _ in range(R.randint(3, 8))]
    return "```\n$ git log --oneline -n %d\n%s\n```\nrevert dotyczy %s" % (len(lines), "\n".join(lines), gitsha())


@neg("non_credential_blob")
def nb_docker_digest():
    svc = pick(SERVICES)
    return "deploy na prod: `registry.voltaris.internal/metering/%s@sha256:%s` (tag %d.%d.%d), poprzedni digest `sha256:%s`" % (
        svc, rhex(64), R.randint(1, 3), R.randint(0, 40), R.randint(0, 9), rhex(64))


@neg("non_credential_blob")
def nb_gosum():
    mods = ["github.com/jackc/pgx/v5 v5.7.%d" % R.randint(0, 4), "github.com/jackc/pgconn v1.14.%d" % R.randint(0, 3),
            "go.uber.org/zap v1.27.%d" % R.randint(0, 2), "github.com/shopspring/decimal v1.4.0",
            "golang.org/x/sync v0.%d.0" % R.randint(6, 12), "github.com/gosnmp/gosnmp v1.3%d.0" % R.randint(5, 9)]
    R.shuffle(mods)
    out = []
    for m in mods[:R.randint(2, 5)]:
        out.append("%s h1:%s=" % (m, b64(rbytes(32))[:43]))
        out.append("%s/go.mod h1:%s=" % (m, b64(rbytes(32))[:43]))
    return "konflikt w go.sum po rebase:\n```\n" + "\n".join(out) + "\n```"


@neg("non_credential_blob")
def nb_json_log_ids():
    lines = []
    for _ in range(R.randint(2, 6)):
        lines.append(json.dumps({"ts": ts(), "level": pick(["info", "warn"]), "svc": pick(SERVICES),
                                 "msg": pick(["reading stored", "invoice issued", "frame decoded", "estimate applied"]),
                                 "reading_id": ulid(), "invoice_id": uuid4(), "trace_id": rhex(32), "span_id": rhex(16)},
                                ensure_ascii=False))
    return "```\n" + "\n".join(lines) + "\n```"


@neg("non_credential_blob")
def nb_dlms_hdlc():
    frame = ["7E", "A0", "%02X" % R.randint(0x20, 0x90), "03", "21", "%02X" % R.randint(0, 255)] + ["%02X" % R.randrange(256) for _ in range(R.randint(18, 40))] + ["7E"]
    rows = [" ".join(frame[i:i + 16]) for i in range(0, len(frame), 16)]
    return "Ramka HDLC z licznika %s (GET %s), dla porównania z dekoderem:\n```\n%s\n```" % (meter_serial(), pick(OBIS), "\n".join(rows))


@neg("non_credential_blob")
def nb_dlms_gcm():
    st = rhex(16).upper()
    ct = rhex(R.randint(60, 120)).upper()
    tag = rhex(24).upper()
    return ("Zašifrovaný APDU z elektroměru (general-glo-ciphering), dešifruje to hes-adapter, tady jen pro debug délky:\n```\nDB 08 %s\nsecurity control: 30  frame counter: %08X\nciphertext: %s\nauth tag:   %s\n```"
            % (" ".join(st[i:i + 2] for i in range(0, 16, 2)), R.randint(1, 0xffffff), ct, tag))


def crc16_arc(data):
    crc = 0
    for b in data:
        crc ^= b
        for _ in range(8):
            crc = (crc >> 1) ^ 0xA001 if crc & 1 else crc >> 1
    return crc


@neg("non_credential_blob")
def nb_p1():
    body = ("/ISK5\\2M550T-%d\r\n\r\n1-3:0.2.8(50)\r\n0-0:1.0.0(%02d%02d%02d%02d%02d%02dW)\r\n0-0:96.1.1(%s)\r\n"
            "1-0:1.8.1(%010.3f*kWh)\r\n1-0:1.8.2(%010.3f*kWh)\r\n1-0:2.8.1(%010.3f*kWh)\r\n0-0:96.14.0(%04d)\r\n1-0:1.7.0(%06.3f*kW)\r\n!"
            % (R.randint(1000, 9999), R.randint(25, 26), R.randint(1, 12), R.randint(1, 28), R.randint(0, 23), R.randint(0, 59), R.randint(0, 59),
               binascii.hexlify(meter_serial().encode()).decode().upper(), R.uniform(100, 20000), R.uniform(100, 20000), R.uniform(0, 5000),
               R.randint(1, 2), R.uniform(0, 9)))
    crc = crc16_arc(body.encode())
    return "P1 telegram z testowego stanowiska:\n```\n" + body.replace("\r\n", "\n") + "%04X\n```" % crc


@neg("non_credential_blob")
def nb_wmbus():
    hexs = "%02X44%s%s%s" % (R.randint(0x20, 0x4e), pick(["2D2C", "A511", "6850", "B409"]), rhex(8).upper(), rhex(R.randint(40, 90)).upper())
    return "wM-Bus telegram z wodomierza testowego (tryb T1, zaszyfrowany AES-128 mode 5), surowy hex:\n`%s`" % hexs


@neg("non_credential_blob")
def nb_wal():
    tl = R.randint(1, 3)
    seg = lambda: "%08X%08X%08X" % (tl, R.randint(0x20, 0x40), R.randint(0, 0xFF))
    return ("```\n%s [%d] LOG:  restored log file \"%s\" from archive\n%s [%d] LOG:  redo starts at %X/%08X\n%s [%d] LOG:  consistent recovery state reached at %X/%08X\n%s [%d] LOG:  archive command failed with exit code 1: wal-g wal-push pg_wal/%s\n```"
            % (pg_ts(), R.randint(1000, 9999), seg(), pg_ts(), R.randint(1000, 9999), R.randint(0x20, 0x40), R.randrange(2**32), pg_ts(), R.randint(1000, 9999),
               R.randint(0x20, 0x40), R.randrange(2**32), pg_ts(), R.randint(1000, 9999), seg()))


@neg("non_credential_blob")
def nb_traceparent():
    return "w nagłówkach z osd-gateway jest `traceparent: 00-%s-%s-01` i `x-request-id: %s`, szukajcie po tym w Tempo" % (rhex(32), rhex(16), uuid4())


@neg("non_credential_blob")
def nb_s3_ls():
    rows = []
    for _ in range(R.randint(2, 8)):
        rows.append("%s %02d:%02d:%02d %10d exports/%s/%s/readings_%s_%s.parquet" % (
            date(), R.randint(0, 23), R.randint(0, 59), R.randint(0, 59), R.randint(10000, 90000000),
            pick(["pl", "cz", "sk", "ro"]), pick(MONTHS), pick(["daily", "15min"]), rhex(12)))
    return "```\n$ aws s3 ls s3://voltaris-billing-exports/exports/ --recursive | tail\n" + "\n".join(rows) + "\n```"


@neg("non_credential_blob")
def nb_sha256sums():
    rows = ["%s  %s_fw_%d.%d.%d.bin" % (rhex(64), pick(["ZE312", "AM550", "E450", "SMART-1"]), R.randint(1, 9), R.randint(0, 30), R.randint(0, 20)) for _ in range(R.randint(2, 5))]
    return "SHA256SUMS z paczki firmware od producenta:\n```\n" + "\n".join(rows) + "\n```\nsprawdzone `sha256sum -c`, OK"


@neg("non_credential_blob")
def nb_sops():
    return ("```yaml\nosd:\n    sftp_password: ENC[AES256_GCM,data:%s,iv:%s,tag:%s,type:str]\nsops:\n    kms:\n        - arn: arn:aws:kms:eu-central-1:123456789012:key/%s\n    lastmodified: \"%s\"\n    mac: ENC[AES256_GCM,data:%s,iv:%s,tag:%s,type:str]\n    version: 3.9.%d\n```"
            % (b64(rbytes(R.randint(12, 24))), b64(rbytes(32)), b64(rbytes(16)), uuid4(), ts(), b64(rbytes(48)), b64(rbytes(32)), b64(rbytes(16)), R.randint(0, 4)))


@neg("non_credential_blob")
def nb_kafka():
    rows = []
    for p in range(R.randint(3, 8)):
        off = R.randint(100000, 90000000)
        rows.append("readings-ingest   meter.readings.v2   %d   %d   %d   %d   %s-%s /%s" % (
            p, off, off + R.randint(0, 5000), R.randint(0, 5000), pick(SERVICES), uuid4(), private_ip()))
    return "```\n$ kafka-consumer-groups --describe --group readings-ingest\nGROUP   TOPIC   PARTITION  CURRENT-OFFSET  LOG-END-OFFSET  LAG  CONSUMER-ID\n" + "\n".join(rows) + "\n```"


@neg("non_credential_blob")
def nb_cursor():
    cur = b64(json.dumps({"last_id": R.randint(100000, 9999999), "ts": ts()}).encode()).rstrip("=")
    return "paginacja w `/v1/readings` zwraca `next_cursor: \"%s\"` — to zwykły base64 z JSONem, nie token" % cur


@neg("non_credential_blob")
def nb_ssh_fp():
    return ("```\n$ sftp -P 2222 voltaris@%s\nThe authenticity of host '[%s]:2222 ([%s]:2222)' can't be established.\nED25519 key fingerprint is SHA256:%s.\nThis key is not known by any other names.\nAre you sure you want to continue connecting (yes/no/[fingerprint])?\n```\nOSD potwierdził fingerprint telefonicznie, zgadza się"
            % ((doc_ip(),) * 3 + (b64(rbytes(32)).rstrip("="),)))


@neg("non_credential_blob")
def nb_npm_integrity():
    return "```json\n\"node_modules/recharts\": {\n  \"version\": \"2.%d.%d\",\n  \"resolved\": \"https://registry.npmjs.org/recharts/-/recharts-2.%d.%d.tgz\",\n  \"integrity\": \"sha512-%s\"\n}\n```" % (
        R.randint(10, 15), R.randint(0, 9), R.randint(10, 15), R.randint(0, 9), b64(rbytes(64)))


@neg("non_credential_blob")
def nb_gpg():
    fp = rhex(40).upper()
    return "Pliki rozliczeniowe od %s są podpisane kluczem GPG o fingerprincie `%s` (publiczny, z ich strony), weryfikujemy `gpg --verify` przed importem" % (
        pick(DSO["PL"] + DSO["RO"]), " ".join(fp[i:i + 4] for i in range(0, 40, 4)))


@neg("non_credential_blob")
def nb_curl_headers():
    return ("```\n$ curl -sI http://localhost:8080/v1/tariffs/%s\nHTTP/1.1 200 OK\nContent-Type: application/json\nETag: \"%s\"\nX-Request-Id: %s\nX-Trace-Id: %s\nCache-Control: max-age=300\n```"
            % (pick(TARIFF["PL"] + TARIFF["CZ"]), rhex(32), uuid4(), rhex(32)))


@neg("non_credential_blob")
def nb_hex_colors():
    cols = ["#%06x" % R.randrange(0x1000000) for _ in range(R.randint(4, 8))]
    return "paleta dla wykresu stref taryfowych (%s): %s" % (pick(TARIFF["PL"] + TARIFF["CZ"]), ", ".join(cols))


@neg("non_credential_blob")
def nb_kafka_value_b64():
    val = json.dumps({"meter": meter_serial(), "obis": pick(OBIS_SHORT), "value": kwh(), "unit": "kWh", "ts": ts()})
    return "wiadomość z DLQ (value w base64, bo tak zrzuca kcat):\n```\n%s\n```\npo zdekodowaniu to zwykły odczyt, padł na walidacji jednostki" % b64(val.encode())


@neg("non_credential_blob")
def nb_vault_transit():
    return "w tabeli `payer_bank_accounts.iban_encrypted` siedzi ciphertext z Vault transit, np. `vault:v%d:%s` — bez klucza z Vaulta to nic nie znaczy" % (
        R.randint(1, 4), b64(rbytes(R.randint(40, 60))))


@neg("non_credential_blob")
def nb_sentry():
    return "Sentry: `%s` w %s (release `%s@%s`), event id `%s`, %d wystąpień od wczoraj" % (
        pick(["ErrNoTariffForPeriod", "pgconn.PgError 23505", "context deadline exceeded", "obis: unknown register"]),
        pick(SERVICES), pick(SERVICES), rhex(12), rhex(32), R.randint(2, 900))


@neg("non_credential_blob")
def nb_ci_ids():
    return "pipeline #%d (job %d) padł na `go vet`, artefakt `coverage-%s.out`, cache key `go-mod-%s`" % (
        R.randint(100000, 999999), R.randint(1000000, 9999999), rhex(8), rhex(40))


# ---------------------------------------------------------------- pii_lookalike_number
@neg("pii_lookalike_number")
def pl_osd_ticket():
    cc = country()
    return ("Zgłoszenie do %s nr %s/%d/%05d: brak odczytu rzeczywistego dla PPE/POD `%s`, licznik %s, ostatni odczyt %s kWh z %s. Termin odpowiedzi %s."
            % (pick(DSO[cc]), pick(["ZGL", "RKL", "TKT"]), R.randint(2025, 2026), R.randint(1, 99999), pod_for(cc), meter_serial(), kwh(), date(), date()))


@neg("pii_lookalike_number")
def pl_billing_csv():
    cc = country()
    n = R.randint(15, 30)
    rows = ["invoice_no;pod;tariff;period;kwh;net;vat;gross;currency;due_date"]
    for _ in range(n):
        net = R.uniform(30, 3000)
        vat = net * {"PL": 0.23, "CZ": 0.21, "SK": 0.23, "RO": 0.19}[cc]
        rows.append("%s;%s;%s;%s;%s;%.2f;%.2f;%.2f;%s;%s" % (invoice_no(cc), pod_for(cc), pick(TARIFF[cc]), pick(MONTHS), kwh(),
                                                          net, vat, net + vat, CUR[cc], date()))
    return "eksport z billing-api za %s (%s), %d wierszy:\n```csv\n%s\n```" % (pick(MONTHS), cc, n, "\n".join(rows))


@neg("pii_lookalike_number")
def pl_tariff_table():
    cc = pick(["PL", "CZ"])
    rows = []
    for t in R.sample(TARIFF[cc], R.randint(3, 6)):
        if cc == "PL":
            rows.append("| %s | %.4f | %.4f | %.2f |" % (t, R.uniform(0.4, 0.9), R.uniform(0.1, 0.5), R.uniform(5, 40)))
        else:
            rows.append("| %s | %s | %s | %s |" % (t, "{:,}".format(R.randint(2000, 6000)).replace(",", " "), "{:,}".format(R.randint(500, 3000)).replace(",", " "), R.randint(100, 900)))
    head = ("| taryfa | energia zł/kWh | dystrybucja zł/kWh | opłata stała zł/mc |\n|---|---:|---:|---:|" if cc == "PL"
            else "| sazba | silová el. Kč/MWh | distribuce Kč/MWh | stálý plat Kč/měs |\n|---|---:|---:|---:|")
    return "%s od %s:\n%s\n%s" % ("Nowe stawki" if cc == "PL" else "Nový ceník", date("2026-01"), head, "\n".join(rows))


@neg("pii_lookalike_number")
def pl_readings():
    m = meter_serial()
    lines = ["%s  %s  %s" % (ts(), o, ("%012.3f kWh" % R.uniform(10, 90000)) if ":1.8" in o or ":2.8" in o else "%.1f" % R.uniform(200, 250))
             for o in R.sample(OBIS, R.randint(3, 8))]
    return "Odczyty z %s (koncentrator %s):\n```\n%s\n```" % (m, private_ip(), "\n".join(lines))


@neg("pii_lookalike_number")
def pl_invoices_prose():
    cc = country()
    return pick([
        "Faktura %s i korekta %s dla tego samego PPE, różnica %s, do wyjaśnienia z księgowością." % (invoice_no("PL"), invoice_no("PL").replace("FV", "FK"), money("PL", 1, 300)),
        "Faktura %s má přeplatek %s, vracíme v dalším cyklu." % (invoice_no("CZ"), money("CZ", 100, 5000)),
        "Factura %s are sold %s, scadența %s." % (invoice_no("RO"), money("RO", 50, 2000), date()),
        "Faktúra %s: nedoplatok %s, splatnosť %s." % (invoice_no("SK"), money("SK", 5, 300), date()),
    ])


@neg("pii_lookalike_number")
def pl_epochs():
    e = epoch()
    return "job `estimator` wystartował o %d (%s), ostatni checkpoint %d%03d ms, Slack ts wątku %d.%06d" % (
        e, date(), e + R.randint(10, 900), R.randint(0, 999), e + R.randint(1000, 9000), R.randint(0, 999999))


@neg("pii_lookalike_number")
def pl_private_ips():
    rows = ["%-12s %-15s %s" % ("DC-%s-%03d" % (pick(["PL", "CZ", "RO"]), R.randint(1, 400)), private_ip(), pick(["online", "offline", "degraded"])) for _ in range(R.randint(3, 8))]
    return "Koncentratory bez łączności od rana (APN prywatny):\n```\n%s\n```\ngateway testowy %s" % ("\n".join(rows), doc_ip())


@neg("pii_lookalike_number")
def pl_versions():
    return "fw licznika %s %d.%d.%d, hes-adapter v%d.%d.%d-rc%d, Windows na stanowisku serwisowym 10.0.%d.%d, Go go1.%d.%d" % (
        pick(["AM550", "ZE312", "E450"]), R.randint(1, 9), R.randint(0, 30), R.randint(0, 50), R.randint(1, 3), R.randint(0, 20), R.randint(0, 9), R.randint(1, 5),
        R.randint(19041, 26100), R.randint(1000, 6000), R.randint(22, 24), R.randint(0, 9))


@neg("pii_lookalike_number")
def pl_bench():
    rows = ["BenchmarkDecodeObisFrame-2   \t%8d\t%10.1f ns/op\t%6d B/op\t%4d allocs/op" % (R.randint(100000, 9000000), R.uniform(100, 9000), R.randint(0, 4000), R.randint(0, 60)) for _ in range(R.randint(2, 5))]
    return "```\ngoos: linux\ngoarch: amd64\npkg: gitlab.voltaris.internal/metering/obis-decoder/internal/obis\n" + "\n".join(rows) + "\nPASS\n```"


@neg("pii_lookalike_number")
def pl_explain():
    return ("```\nEXPLAIN (ANALYZE, BUFFERS) SELECT sum(value) FROM readings_2026_%02d WHERE obis = '%s' AND pod_id = $1;\n Aggregate  (cost=%.2f..%.2f rows=1 width=32) (actual time=%.3f..%.3f rows=1 loops=1)\n   Buffers: shared hit=%d read=%d\n   ->  Index Scan using readings_2026_%02d_pod_obis_idx on readings_2026_%02d  (cost=0.57..%.2f rows=%d width=8) (actual time=0.031..%.3f rows=%d loops=1)\n Planning Time: %.3f ms\n Execution Time: %.3f ms\n```"
            % (R.randint(1, 5), pick(OBIS_SHORT), R.uniform(1000, 9000), R.uniform(9000, 19000), R.uniform(1, 90), R.uniform(90, 200),
               R.randint(1000, 900000), R.randint(0, 90000), R.randint(1, 5), R.randint(1, 5), R.uniform(1000, 9000), R.randint(1000, 9000),
               R.uniform(10, 90), R.randint(1000, 9000), R.uniform(0.1, 2), R.uniform(10, 200)))


@neg("pii_lookalike_number")
def pl_amounts():
    return "Podsumowanie cyklu %s: PL %s, CZ %s, SK %s, RO %s; zaległości powyżej 90 dni: %s." % (
        pick(MONTHS), money("PL", 1e5, 9e6), money("CZ", 1e5, 9e6), money("SK", 1e4, 9e5), money("RO", 1e5, 9e6), money("PL", 1e4, 9e5))


@neg("pii_lookalike_number")
def pl_ksef():
    nip = not_luhn_digits(10, pick("123489"))
    return "KSeF przyjął fakturę %s, numer KSeF `%s-%s-%s-%s`, UPO z %s. Dla testów używamy NIP z generatora (nie jest prawdziwy)." % (
        invoice_no("PL"), nip, "2026%02d%02d" % (R.randint(1, 5), R.randint(1, 28)), rhex(12).upper(), rhex(2).upper(), date())


@neg("pii_lookalike_number")
def pl_power_quality():
    return "Licznik %s: U1=%.1f V, U2=%.1f V, U3=%.1f V, I1=%.2f A, cos φ=%.2f, przekładnia CT %d/5, stała %d imp/kWh" % (
        meter_serial(), R.uniform(225, 245), R.uniform(225, 245), R.uniform(225, 245), R.uniform(0, 60), R.uniform(0.8, 1), pick([100, 150, 200, 400]), pick([500, 1000, 10000]))


@neg("pii_lookalike_number")
def pl_regulator():
    return pick([
        "Taryfa zatwierdzona decyzją URE nr DRE.WRE.%d.%d.%d.%s z dnia %s." % (R.randint(4000, 4999), R.randint(1, 99), R.randint(2025, 2026), pick(["MKo", "AP", "JS"]), date()),
        "ERÚ cenové rozhodnutí č. %d/%d ze dne %s, platnost od 1. 1. 2026." % (R.randint(1, 20), R.randint(2025, 2026), date()),
        "Ordinul ANRE nr. %d/%s privind tarifele de distribuție, aplicabil de la %s." % (R.randint(1, 120), date(), date()),
        "Rozhodnutie ÚRSO č. %04d/%d/E, tarifa za distribúciu %s." % (R.randint(1, 500), R.randint(2025, 2026), pick(TARIFF["SK"])),
    ])


@neg("pii_lookalike_number")
def pl_profile():
    rows = ["%s %02d:%02d  %.3f  %.3f" % (date("2026-03"), h // 4, (h % 4) * 15, R.uniform(0, 3), R.uniform(0, 1)) for h in range(R.randint(0, 60), R.randint(70, 96))][:R.randint(3, 12)]
    return "Profil 15-min (A+, A-) dla POD %s:\n```\n%s\n```" % (pod_for(country()), "\n".join(rows))


@neg("pii_lookalike_number")
def pl_vs():
    return "Platba přišla s VS %s, KS 0308, SS %s, částka %s — párování selhalo, protože VS patří k jinému odběrnému místu (EAN %s)." % (
        "%d%s" % (R.randint(1, 4), rdig(9)), rdig(6), money("CZ", 300, 9000), ean_cz())


@neg("pii_lookalike_number")
def pl_ro_client():
    return "Cod client %d, nr. contract %s/%d, loc de consum POD %s, index vechi %d, index nou %d, consum %d kWh." % (
        R.randint(10000000, 49999999), rdig(6), R.randint(2019, 2025), pod_ro(), R.randint(1000, 60000), R.randint(60000, 90000), R.randint(50, 900))


@neg("pii_lookalike_number")
def pl_jira():
    return "Powiązane: MET-%d, BILL-%d, CVE-%d-%d (pgx), RFC %d, incydent INC%07d; port %d/%d otwarte tylko na %s." % (
        R.randint(100, 9999), R.randint(100, 9999), R.randint(2023, 2026), R.randint(1000, 49999), pick([5545, 6749, 8446, 9110]),
        R.randint(1, 9999999), pick([5432, 6432, 8080, 4059]), pick([9092, 9093, 2222]), private_ip() + "/" + str(pick([16, 20, 24])))


@neg("pii_lookalike_number")
def pl_pg_stats():
    rows = [" %-26s | %12s | %10s | %s" % ("readings_2026_%02d" % R.randint(1, 5), "{:,}".format(R.randint(10**6, 9 * 10**8)).replace(",", " "),
                                         "{:,}".format(R.randint(0, 10**6)).replace(",", " "), date()) for _ in range(R.randint(3, 7))]
    return "```\n relname                    |    n_live_tup | n_dead_tup | last_autovacuum\n" + "\n".join(rows) + "\n```"


@neg("pii_lookalike_number")
def pl_sk_eic():
    return "Odberné miesto %s (%s), sadzba %s, ročná spotreba %d kWh, istič %d A, elektromer %s." % (
        eic_sk(), pick(DSO["SK"]), pick(TARIFF["SK"]), R.randint(800, 9000), pick([16, 20, 25, 32]), meter_serial())


@neg("pii_lookalike_number")
def pl_ppe_list():
    rows = [ppe() for _ in range(R.randint(3, 10))]
    return "PPE do ponownego pobrania z CSIRE (brak danych za %s):\n%s" % (pick(MONTHS), "\n".join("- " + r for r in rows))


@neg("pii_lookalike_number")
def pl_ratelimit():
    return "```\nHTTP/1.1 429 Too Many Requests\nX-RateLimit-Limit: %d\nX-RateLimit-Remaining: 0\nX-RateLimit-Reset: %d\nRetry-After: %d\n```\nOSD API zwraca to od %s, mamy %d zapytań w kolejce" % (
        pick([600, 1200, 3000]), epoch(), R.randint(10, 300), date(), R.randint(1000, 90000))


# ---------------------------------------------------------------- talk_about_secrets
TALK = {
    "pl": [
        "Hasło do SFTP Taurona zmieniamy co 90 dni, następna rotacja w przyszły wtorek.",
        "Proszę nie wklejać PESEL-i klientów do ticketów, wystarczy ID płatnika.",
        "Jeśli klient prosi mailem o zmianę numeru konta do zwrotu nadpłaty, zawsze oddzwaniamy na numer z umowy.",
        "Token do CSIRE wygasa po 15 minutach, więc nie ma sensu go nigdzie zapisywać.",
        "Klucz prywatny do HLS na licznikach nigdy nie opuszcza HSM-a, w repo są tylko referencje.",
        "Po wycieku tokena bota trzeba go unieważnić w panelu Slacka i wygenerować nowy, samo usunięcie wiadomości nie wystarczy.",
        "Numerów kart nie przechowujemy w ogóle, bramka zwraca nam tylko token płatności i ostatnie cztery cyfry.",
        "Skaner sekretów znowu oznaczył numer PPE jako numer karty, trzeba dodać wyjątek dla 18 cyfr zaczynających się od 590.",
        "Hasło do bazy produkcyjnej ma tylko on-call, przez Vault z TTL na godzinę.",
        "W logach payment-matchera IBAN jest maskowany, ale w dumpach z pg_dump jest pełny, dlatego dumpy są szyfrowane.",
        "Klucze AWS eksportera rotujemy automatycznie co 30 dni, stare są wyłączane po 48 godzinach.",
        "RODO: na żądanie usunięcia danych kasujemy e-mail i telefon, a faktury zostają przez 5 lat, bo tak mówi ustawa.",
    ],
    "cs": [
        "Heslo k portálu distributora nikdy neposílejte do Slacku, patří do 1Password.",
        "Token pro API OTE rotujeme jednou měsíčně, připomínka je v kalendáři on-callu.",
        "Rodná čísla zákazníků se nesmí objevit v logu, maskujeme je už v handleru.",
        "Když zákazník chce vrátit přeplatek na jiný účet, ověřujeme to zpětným voláním na číslo ze smlouvy.",
        "Uniklý API klíč je potřeba nejdřív zneplatnit a teprve potom řešit, kdo ho kam dal.",
        "Privátní klíče k certifikátům pro EG.D máme jen v HSM, do repozitáře jde jen veřejná část.",
    ],
    "sk": [
        "Heslá k SFTP distribučiek rotujeme štvrťročne, posledná rotácia prebehla bez výpadku.",
        "Čísla kariet nikdy neukladáme, platobná brána nám vracia iba token.",
        "Ak niekto omylom vloží token do kanála, treba ho hneď zrušiť a nahlásiť do #security.",
        "Rodné čísla v exporte pre podporu musia byť zamaskované, inak export neprejde kontrolou.",
    ],
    "ro": [
        "Parola pentru portalul distribuitorului se schimbă la 60 de zile, nu o trimiteți pe Slack.",
        "CNP-ul clientului nu are ce căuta în tichet, folosiți codul de client.",
        "Dacă un client cere schimbarea IBAN-ului pentru restituire, verificați telefonic la numărul din contract.",
        "Cheile API expuse trebuie revocate imediat, ștergerea mesajului nu e suficientă.",
        "Tokenul JWT de la portalul ANRE expiră după o oră, nu îl salvați în configurare.",
        "Datele de card nu trec prin sistemele noastre, procesatorul ne dă doar un token.",
    ],
    "en": [
        "Please rotate the billing exporter's AWS keys before the audit, the old pair is older than 90 days.",
        "Never paste a customer's card number into a ticket, even partially beyond the last four digits.",
        "The secret scanner flags every 18-digit PPE as a possible card number; we need an allowlist rule.",
        "If a bot token leaks, revoke it in the Slack admin first, then rotate the downstream webhooks.",
        "Private keys for meter HLS live in the HSM only; the repo holds a version reference, nothing else.",
        "GDPR erasure: we drop email and phone, invoices stay for the statutory retention period.",
        "The OpenAI key for the complaint summarizer is per-environment and lives in Vault, not in .env files.",
        "SSNs only show up for the two US contractors and HR handles those outside our systems.",
        "Our regex for IBANs now checks mod-97, so random PL-prefixed ids stop matching.",
    ],
}


def talk_sent(lang=None):
    lang = lang or pick(["pl", "pl", "cs", "sk", "ro", "en"])
    return pick(TALK[lang])


@neg("talk_about_secrets")
def ta_single():
    return talk_sent()


@neg("talk_about_secrets")
def ta_two():
    return talk_sent() + " " + talk_sent()


@neg("talk_about_secrets")
def ta_qa():
    q = pick(["Czy ktoś ma hasło do panelu Enei? Potrzebuję pobrać pliki rozliczeniowe.",
              "Má někdo heslo k portálu ČEZ Distribuce?", "Cine are parola pentru portalul Delgaz?",
              "Where do we keep the SFTP password for the Romanian DSOs?", "Gdzie jest klucz API do KSeF na stagingu?"])
    a = pick(["W Vault pod `secret/osd/...`, dostęp przez grupę billing-ops. Nie wysyłajcie go tutaj.",
              "Je v 1Password ve vaultu Billing, požádej o přístup přes ticket.",
              "E în Vault, cere acces prin formular, nu pe Slack.",
              "Vault, path under osd/ro. Request access via the IAM form, please don't DM it around."])
    return "%s\n> %s" % (q, a)


@neg("talk_about_secrets")
def ta_incident():
    items = ["*Incydent %s* — token bota wylądował w publicznym kanale na %d minut" % (date(), R.randint(2, 40)),
             "• token unieważniony, nowy wgrany do Vault",
             "• sprawdzone audit logi Slacka, brak użycia z zewnątrz",
             "• dodany pre-commit hook ze skanerem sekretów",
             "• retro w czwartek, akcja: szkolenie z obsługi sekretów dla nowych osób"]
    k = R.randint(3, 5)
    return "\n".join(items[:k])


@neg("talk_about_secrets")
def ta_runbook():
    osd = pick(DSO["PL"] + DSO["CZ"] + DSO["RO"])
    lang = pick(["pl", "cs", "ro", "en"])
    steps = {"pl": ["Zablokuj stare hasło w panelu %s." % osd, "Wygeneruj nowe (min. %d znaków) w 1Password." % pick([16, 20, 24]),
                    "Zaktualizuj wpis w Vault i zrestartuj readings-exporter.", "Sprawdź, że nocny eksport przeszedł.",
                    "Zamknij ticket rotacji z datą następnej zmiany (za %d dni)." % pick([60, 90])],
             "cs": ["Zneplatni staré heslo v portálu %s." % osd, "Vygeneruj nové heslo (aspoň %d znaků)." % pick([16, 20]),
                    "Ulož ho do Vaultu a restartuj readings-exporter.", "Zkontroluj noční export.", "Zavři ticket rotace."],
             "ro": ["Dezactivează parola veche în portalul %s." % osd, "Generează una nouă în 1Password.",
                    "Actualizează Vault și repornește readings-exporter.", "Verifică exportul de noapte."],
             "en": ["Disable the old password in the %s portal." % osd, "Generate a new one (%d+ chars) in 1Password." % pick([20, 24]),
                    "Update Vault and restart readings-exporter.", "Confirm the nightly export ran.", "Close the rotation ticket."]}[lang]
    title = {"pl": "Runbook: rotacja hasła SFTP do OSD", "cs": "Runbook: rotace hesla SFTP k distributorovi",
             "ro": "Runbook: rotirea parolei SFTP la distribuitor", "en": "Runbook: rotating the DSO SFTP password"}[lang]
    k = R.randint(3, len(steps))
    return title + "\n" + "\n".join("%d. %s" % (i + 1, st) for i, st in enumerate(steps[:k]))


@neg("talk_about_secrets")
def ta_sync_notes():
    lines = ["Security sync %s:" % date()] + ["- " + talk_sent() for _ in range(R.randint(2, 6))]
    return "\n".join(lines)


@neg("talk_about_secrets")
def ta_faq():
    qa = [("Klient podał w czacie numer karty, co robić?", "Nie przepisywać go nigdzie, usunąć wiadomość, poprosić o płatność linkiem."),
          ("Klient chce zmienić konto do zwrotu.", "Tylko przez formularz w portalu, po weryfikacji telefonicznej."),
          ("Czy możemy wysłać hasło do portalu SMS-em?", "Nie, tylko link do resetu hasła."),
          ("Zákazník poslal rodné číslo e-mailem.", "Neukládat do ticketu, odpovědět šablonou o ochraně údajů."),
          ("Clientul trimite CNP-ul pe chat.", "Nu îl copiați în tichet; ștergeți mesajul și folosiți codul de client."),
          ("Can I share the OSD portal password with a contractor?", "No. Request a personal account from the DSO."),
          ("Zákazník chce heslo k portálu telefonicky.", "Nie, posielame len odkaz na obnovenie hesla."),
          ("Gdzie trzymamy klucze API do KSeF?", "W Vault, dostęp tylko dla ksef-sender i on-call.")]
    R.shuffle(qa)
    k = R.randint(2, 4)
    return "*FAQ %s*\n" % pick(["dla supportu", "pro podporu", "pentru suport", "support"]) + "\n".join("Q: %s\nA: %s" % p for p in qa[:k])


@neg("talk_about_secrets")
def ta_regex():
    return pick([
        "Regex na karty w naszym DLP łapie też numery PPE i EAN z Czech, bo mają 18 cyfr. Dodałem sprawdzanie Luhna, ale PPE czasem przechodzi przypadkiem.",
        "The phone-number rule flags 9-digit meter serials; we should require a +48/+420/+421/+40 prefix or grouping.",
        "Detekcia IBAN-ov hlási aj EIC kódy odberných miest, treba pridať kontrolu mod 97.",
        "Scanner-ul de secrete marchează codurile POD ca IBAN-uri românești; am pus verificarea de lungime.",
        "DLP hlásí variabilní symboly jako telefonní čísla, protože mají %d číslic." % pick([9, 10]),
        "Reguła na JWT łapała kursory paginacji zaczynające się od `eyJ`, teraz wymagamy trzech segmentów z kropkami.",
        "The AWS secret-key rule (40 chars of base64) keeps matching go.sum hashes; add a `h1:` negative lookbehind.",
        "Skaner oznacza epoch w milisekundach jako numer karty, jeśli przypadkiem przechodzi Luhna — %d fałszywych alarmów w tym tygodniu." % R.randint(3, 40),
        "Pravidlo pro privátní klíče reaguje i na `BEGIN PRIVATE KEY` v dokumentaci, kde je místo těla jen `...`.",
        "Regula pentru numere de telefon prinde seriile contoarelor de %d cifre; trebuie context." % pick([9, 10]),
    ])


@neg("talk_about_secrets")
def ta_vault_err():
    return pick([
        "```\nError reading secret/data/osd/%s: Error making API request.\nCode: 403. Errors:\n* permission denied\n```\nczyli nie mam dostępu do hasła OSD, kto może dodać mnie do polityki?" % pick(["tauron", "enea", "cez", "deo"]),
        "```\nExternalSecret metering/%s-osd: could not get secret data from provider: key \"client_secret\" not found\n```\nklucz w Vault ma inną nazwę po rotacji" % pick(SERVICES),
        "```\nerror: failed to decrypt sops file: Error getting data key: 0 successful groups required, got 0\n```\nbez dostępu do KMS nie odszyfrujesz haseł OSD, to jest celowe",
    ])


@neg("talk_about_secrets")
def ta_mixed_thread():
    return "\n".join(["%s: %s" % (pick(["on-call", "billing", "support-cz", "ops-ro", "sec"]), talk_sent()) for _ in range(R.randint(2, 5))])


@neg("talk_about_secrets")
def ta_policy():
    ch = pick(CHANNELS)
    return pick([
        "Przypomnienie: w %s nie wklejamy haseł, tokenów, numerów kont ani PESEL-i. Jeśli coś wkleiliście, napiszcie do #security, pomożemy z rotacją." % ch,
        "Připomínka pro %s: žádná hesla, tokeny, čísla účtů ani rodná čísla do Slacku. Pokud se to stane, hlaste to do #security." % ch,
        "Reminder for %s: no passwords, API keys, private keys, card numbers or national ids in Slack. The DLP bot will hide them, but rotation is on you." % ch,
        "Reamintire pentru %s: fără parole, chei API, numere de card sau CNP-uri pe Slack. Dacă s-a întâmplat, anunțați în #security." % ch,
        "Pripomienka do %s: heslá, tokeny ani čísla kariet sem nepatria; ak sa to stane, token treba zrušiť do %d minút." % (ch, pick([15, 30, 60])),
    ])


# ================================================================ POSITIVES: value generators
B62 = string.digits + string.ascii_uppercase + string.ascii_lowercase


def base62(n, width):
    s = ""
    while n:
        n, r = divmod(n, 62)
        s = B62[r] + s
    return s.rjust(width, "0")


def gh_classic():
    body = rs(ALNUM, 30)
    return "ghp_" + body + base62(zlib.crc32(body.encode()) & 0xffffffff, 6)


def gh_fine():
    return "github_pat_11" + rs(string.ascii_uppercase + string.digits, 20) + "_" + rs(ALNUM, 59)


def slack_bot():
    return "xoxb-%s-%s-%s" % (rdig(R.randint(10, 12)), rdig(13), rs(ALNUM, 24))


def slack_user():
    return "xoxp-%s-%s-%s-%s" % (rdig(R.randint(10, 12)), rdig(R.randint(11, 13)), rdig(13), rhex(32))


def openai_key():
    k = R.randint(0, 2)
    if k == 0:
        return "sk-proj-" + rs(B64URL, 74) + "T3BlbkFJ" + rs(B64URL, 74)
    if k == 1:
        return "sk-" + rs(ALNUM, 20) + "T3BlbkFJ" + rs(ALNUM, 20)
    return "sk-svcacct-" + rs(B64URL, 74) + "T3BlbkFJ" + rs(B64URL, 74)


def anthropic_key():
    return "sk-ant-api03-" + rs(B64URL, 93) + "AA"


def aws_id():
    return pick(["AKIA", "AKIA", "ASIA"]) + rs("ABCDEFGHIJKLMNOPQRSTUVWXYZ234567", 16)


def aws_secret():
    return rs(ALNUM + "/+", 40)


def jwt_token():
    if R.random() < 0.5:
        hdr = {"alg": "HS256", "typ": "JWT"}
        sig = rbytes(32)
    else:
        hdr = {"alg": "RS256", "typ": "JWT", "kid": rhex(16)}
        sig = rbytes(256)
    iat = epoch()
    pay = pick([
        {"sub": "svc-%s" % pick(SERVICES), "iss": "https://auth.voltaris.eu", "aud": "osd-gateway", "iat": iat, "exp": iat + 900, "scope": "readings:read pods:read"},
        {"sub": str(R.randint(100000, 999999)), "iss": "https://sso.csire.example", "client_id": "voltaris-%s" % rhex(6), "iat": iat, "exp": iat + 900},
        {"sub": uuid4(), "role": pick(["installer", "billing-admin", "support"]), "country": pick(["PL", "CZ", "SK", "RO"]), "iat": iat, "exp": iat + 3600},
    ])
    return b64url(json.dumps(hdr, separators=(",", ":")).encode()) + "." + b64url(json.dumps(pay, separators=(",", ":")).encode()) + "." + b64url(sig)


def card():
    k = R.randint(0, 3)
    if k == 0:
        d = luhn_complete("4" + rdig(14))
        fmt = [4, 4, 4, 4]
    elif k == 1:
        d = luhn_complete(pick(["51", "52", "53", "54", "55"]) + rdig(13))
        fmt = [4, 4, 4, 4]
    elif k == 2:
        d = luhn_complete(str(R.randint(2221, 2720)) + rdig(11))
        fmt = [4, 4, 4, 4]
    else:
        d = luhn_complete(pick(["34", "37"]) + rdig(12))
        fmt = [4, 6, 5]
    sep = pick(["", " ", " ", "-"])
    if not sep:
        return d
    out, i = [], 0
    for f in fmt:
        out.append(d[i:i + f])
        i += f
    return sep.join(out)


def ssn():
    while True:
        a = R.randint(1, 899)
        if a != 666:
            break
    return "%03d-%02d-%04d" % (a, R.randint(1, 99), R.randint(1, 9999))


def password():
    k = R.randint(0, 3)
    if k == 0:
        return rs(ALNUM + "!#%&*?", R.randint(14, 22))
    if k == 1:
        w = ["Licznik", "Prad", "Taryfa", "Elektron", "Zima", "Vltava", "Dunaj", "Carpati", "Wisla", "Fazor", "Obis"]
        return "%s-%s-%d%s" % (pick(w), pick(w), R.randint(10, 99), pick("!#?%"))
    if k == 2:
        return rs(ALNUM, 6) + pick("!#%") + rs(ALNUM, 6) + pick("!#%") + rdig(3)
    return rs(ALNUM, R.randint(16, 28))


FIRST = ["Anna", "Piotr", "Katarzyna", "Tomasz", "Magdalena", "Jakub", "Petr", "Jana", "Martin", "Lucie", "Marek",
         "Zuzana", "Juraj", "Ioana", "Andrei", "Elena", "Mihai", "Cristina", "Radu", "Agnieszka", "Ondřej", "Veronika"]
LAST = ["Nowak", "Wiśniewska", "Kowalczyk", "Zieliński", "Dvořák", "Novotná", "Horák", "Kováč", "Horváthová",
        "Popescu", "Ionescu", "Dumitru", "Stan", "Kamińska", "Procházka", "Marinescu", "Lewandowski", "Baláž"]
ASCII = str.maketrans("ąćęłńóśźżčďěňřšťůýžáéíúăâîșțĄĆĘŁŃÓŚŹŻČĎĚŇŘŠŤŮÝŽÁÉÍÚĂÂÎȘȚ",
                      "acelnoszzcdenrstuyzaeiuaaistACELNOSZZCDENRSTUYZAEIUAAIST")


def person():
    return pick(FIRST), pick(LAST)


def email(first=None, last=None, domain=None):
    f, l = (first, last) if first else person()
    f, l = f.translate(ASCII).lower(), l.translate(ASCII).lower()
    local = pick(["%s.%s" % (f, l), "%s%s" % (f[0], l), "%s_%s%d" % (f, l, R.randint(1, 99)), "%s.%s%d" % (f, l[0], R.randint(70, 99))])
    dom = domain or pick(["gmail.com", "wp.pl", "onet.pl", "o2.pl", "seznam.cz", "email.cz", "centrum.sk", "azet.sk", "yahoo.ro", "gmail.com"])
    return local + "@" + dom


def phone(cc=None):
    cc = cc or pick(["PL", "PL", "CZ", "SK", "RO"])
    if cc == "PL":
        p = pick(["50", "51", "53", "57", "60", "66", "69", "72", "73", "78", "79", "88"]) + rdig(7)
        return pick(["+48 %s %s %s" % (p[:3], p[3:6], p[6:]), "%s-%s-%s" % (p[:3], p[3:6], p[6:]), "+48%s" % p,
                     "%s %s %s" % (p[:3], p[3:6], p[6:]), "+48 22 %s %s %s" % (rdig(3), rdig(2), rdig(2))])
    if cc == "CZ":
        p = pick(["60", "72", "73", "77", "79"]) + rdig(7)
        return pick(["+420 %s %s %s" % (p[:3], p[3:6], p[6:]), "+420%s" % p, "%s %s %s" % (p[:3], p[3:6], p[6:])])
    if cc == "SK":
        p = pick(["90", "91", "94", "95"]) + rdig(7)
        return pick(["+421 %s %s %s" % (p[:3], p[3:6], p[6:]), "0%s %s %s" % (p[:3], p[3:6], p[6:])])
    p = pick(["72", "74", "75", "76", "78"]) + rdig(7)
    return pick(["+40 %s %s %s" % (p[:3], p[3:6], p[6:]), "0%s %s %s" % (p[:3], p[3:6], p[6:]), "0%s.%s.%s" % (p[:3], p[3:6], p[6:])])


def iban(cc=None, grouped=None):
    cc = cc or pick(["PL", "PL", "CZ", "SK", "RO"])
    v = {"PL": iban_pl, "CZ": lambda: iban_czsk("CZ"), "SK": lambda: iban_czsk("SK"), "RO": iban_ro, "DE": iban_de}[cc]()
    g = grouped if grouped is not None else R.random() < 0.6
    return group4(v) if g else v


def der_len(n):
    if n < 128:
        return bytes([n])
    b = n.to_bytes((n.bit_length() + 7) // 8, "big")
    return bytes([0x80 | len(b)]) + b


def der(tag, content):
    return bytes([tag]) + der_len(len(content)) + content


def der_int(nbytes):
    b = bytes([R.randint(0x80, 0xff)]) + rbytes(nbytes - 1)
    return der(0x02, b"\x00" + b)


def pem_key(kind):
    """Return (label, der_bytes) with real DER structure and random key material."""
    if kind == "EC":
        d = (b"\x02\x01\x01" + der(0x04, rbytes(32)) + der(0xa0, bytes.fromhex("06082a8648ce3d030107"))
             + der(0xa1, der(0x03, b"\x00\x04" + rbytes(64))))
        return "EC PRIVATE KEY", der(0x30, d)
    if kind == "ED25519":
        return "PRIVATE KEY", bytes.fromhex("302e020100300506032b657004220420") + rbytes(32)
    if kind == "RSA":
        parts = b"\x02\x01\x00" + der_int(128) + bytes.fromhex("0203010001") + der_int(128) + der_int(64) + der_int(64) + der_int(64) + der_int(64) + der_int(64)
        return "RSA PRIVATE KEY", der(0x30, parts)
    # OpenSSH ed25519
    pub = rbytes(32)

    def sstr(b):
        return struct.pack(">I", len(b)) + b
    pubblob = sstr(b"ssh-ed25519") + sstr(pub)
    chk = rbytes(4)
    priv = chk + chk + sstr(b"ssh-ed25519") + sstr(pub) + sstr(rbytes(32) + pub) + sstr(b"deploy@hes-adapter")
    priv += bytes(range(1, 1 + (-len(priv) % 8)))
    blob = b"openssh-key-v1\x00" + sstr(b"none") + sstr(b"none") + sstr(b"") + struct.pack(">I", 1) + sstr(pubblob) + sstr(priv)
    return "OPENSSH PRIVATE KEY", blob


def pem_lines(kind):
    label, raw = pem_key(kind)
    s = b64(raw)
    width = 70 if kind == "OPENSSH" else 64
    return label, [s[i:i + width] for i in range(0, len(s), width)]


# ================================================================ POSITIVE templates
POS = {}


def pos(kind):
    def deco(f):
        POS.setdefault(kind, []).append(f)
        return f
    return deco


def full_name():
    f, l = person()
    return f, l, "%s %s" % (f, l)


# ---------------- phone_number
@pos("phone_number")
def p_phone_sig():
    f, l, n = full_name()
    p = phone("PL")
    return ("Pozdrawiam,\n%s\nDział Rozliczeń | Voltaris Sp. z o.o.\ntel. %s" % (n, p), [("phone_number", p)])


@pos("phone_number")
def p_phone_ticket():
    p = phone("PL")
    return ("Klient prosi o kontakt pod nr %s po 16:00, sprawa odczytu szacunkowego PPE %s (%s)." % (p, ppe(), invoice_no("PL")), [("phone_number", p)])


@pos("phone_number")
def p_phone_cz():
    p = phone("CZ")
    return ("Zákazník volal kvůli nedoplatku %s, číslo na zpětné zavolání: %s, EAN %s" % (money("CZ", 300, 6000), p, ean_cz()), [("phone_number", p)])


@pos("phone_number")
def p_phone_sk():
    p = phone("SK")
    f, l, n = full_name()
    return ("Výmena elektromera %s zajtra 8:00–10:00, technik na mieste: %s, %s" % (meter_serial(), n, p), [("phone_number", p)])


@pos("phone_number")
def p_phone_ro():
    p = phone("RO")
    return ("Clientul a lăsat numărul %s pentru programarea citirii, POD %s, contor %s." % (p, pod_ro(), meter_serial()), [("phone_number", p)])


@pos("phone_number")
def p_phone_en():
    p = phone(pick(["RO", "PL"]))
    return ("the installer's mobile is %s if concentrator DC-%s-%03d drops again tonight" % (p, pick(["PL", "RO"]), R.randint(1, 400)), [("phone_number", p)])


@pos("phone_number")
def p_phone_csv():
    p = phone("PL")
    rows = ["ticket_id,ppe,topic,contact_phone,created"]
    for i in range(R.randint(2, 5)):
        rows.append("MET-%d,%s,%s,,%s" % (R.randint(1000, 9999), ppe(), pick(["odczyt", "faktura", "licznik"]), date()))
    idx = R.randint(1, len(rows))
    rows.insert(idx, "MET-%d,%s,odczyt,%s,%s" % (R.randint(1000, 9999), ppe(), p, date()))
    return ("```csv\n" + "\n".join(rows) + "\n```", [("phone_number", p)])


# ---------------- email_address
@pos("email_address")
def p_email_golog():
    e = email()
    lines = []
    for _ in range(R.randint(3, 10)):
        lines.append("%s level=info svc=invoice-mailer msg=\"sent\" invoice=%s to=<masked> smtp_code=250" % (ts(), invoice_no("PL")))
    lines.insert(R.randint(0, len(lines)), "%s level=warn svc=invoice-mailer msg=\"hard bounce\" invoice=%s to=%s smtp_code=550" % (ts(), invoice_no("PL"), e))
    return ("```\n" + "\n".join(lines) + "\n```", [("email_address", e)])


@pos("email_address")
def p_email_pg():
    e = email()
    return ("```\n%s [%d] ERROR:  duplicate key value violates unique constraint \"customer_contact_email_key\"\n%s [%d] DETAIL:  Key (email)=(%s) already exists.\n```" % (
        pg_ts(), R.randint(1000, 99999), pg_ts(), R.randint(1000, 99999), e), [("email_address", e)])


@pos("email_address")
def p_email_chat():
    e = email()
    return (pick(["Klient pisze z adresu %s i twierdzi, że nie dostał faktury za %s." % (e, pick(MONTHS)),
                  "Zákazník chce posílat faktury na %s místo papírové pošty." % e,
                  "Clientul vrea factura electronică pe %s, vă rog actualizați." % e]), [("email_address", e)])


@pos("email_address")
def p_email_csv():
    e = email()
    rows = ["payer_id;e_invoice;email;since"]
    for _ in range(R.randint(1, 4)):
        rows.append("%d;0;;%s" % (R.randint(10000, 999999), date()))
    rows.insert(R.randint(1, len(rows)), "%d;1;%s;%s" % (R.randint(10000, 999999), e, date()))
    return ("zgody na e-fakturę z wczoraj:\n```\n" + "\n".join(rows) + "\n```", [("email_address", e)])


# ---------------- iban
@pos("iban")
def p_iban_pl():
    v = iban("PL")
    return ("Zwrot nadpłaty %s dla PPE %s proszę zlecić na rachunek %s (klient potwierdził telefonicznie)." % (money("PL", 20, 900), ppe(), v), [("iban", v)])


@pos("iban")
def p_iban_cz():
    v = iban("CZ")
    return ("Přeplatek %s za vyúčtování %s vrátit na účet %s, EAN %s." % (money("CZ", 200, 9000), invoice_no("CZ"), v, ean_cz()), [("iban", v)])


@pos("iban")
def p_iban_ro():
    v = iban("RO")
    return ("Restituire sold creditor %s în contul %s, factura %s." % (money("RO", 20, 900), v, invoice_no("RO")), [("iban", v)])


@pos("iban")
def p_iban_sk_form():
    v = iban("SK")
    return ("Súhlas so SEPA inkasom (z formulára):\n```\nOdberné miesto: %s\nIBAN platiteľa: %s\nLimit: %s\nPlatnosť od: %s\n```" % (eic_sk(), v, money("SK", 50, 400), date()), [("iban", v)])


@pos("iban")
def p_iban_csv():
    cc = pick(["PL", "CZ", "RO"])
    v = iban(cc, grouped=False)
    rows = ["refund_id,invoice_no,amount,currency,iban,status"]
    for _ in range(R.randint(1, 4)):
        rows.append("%d,%s,%.2f,%s,,pending_iban" % (R.randint(10000, 99999), invoice_no(cc), R.uniform(10, 900), CUR[cc]))
    rows.insert(R.randint(1, len(rows)), "%d,%s,%.2f,%s,%s,approved" % (R.randint(10000, 99999), invoice_no(cc), R.uniform(10, 900), CUR[cc], v))
    return ("```csv\n" + "\n".join(rows) + "\n```", [("iban", v)])


@pos("iban")
def p_iban_json():
    v = iban(pick(["PL", "SK"]), grouped=False)
    return ("```\n%s\n```" % json.dumps({"ts": ts(), "level": "error", "svc": "payment-matcher", "msg": "mandate rejected by bank",
                                        "payer_id": R.randint(10000, 999999), "iban": v, "reason": "AC04"}), [("iban", v)])


# ---------------- password
@pos("password")
def p_pw_golog():
    pw = password()
    return ("```\n%s level=error svc=%s msg=\"db connect\" dsn=\"host=%s port=5432 user=billing_rw password=%s dbname=billing sslmode=require\" err=\"timeout\"\n```" % (
        ts(), pick(SERVICES), private_ip(), pw), [("password", pw)])


@pos("password")
def p_pw_pgpassword():
    pw = rs(ALNUM + "_", R.randint(16, 24))
    return ("```\n$ PGPASSWORD=%s psql -h pg-prod-ro.voltaris.internal -U settlement -d settlement -c 'select count(*) from invoices_2026_%02d'\n count\n-------\n %d\n```" % (
        pw, R.randint(1, 5), R.randint(10000, 900000)), [("password", pw)])


@pos("password")
def p_pw_yaml():
    pw = password()
    osd = pick(["tauron", "enea", "energa"])
    return ("```yaml\nexporter:\n  schedule: \"0 2 * * *\"\n  format: %s\n  countries: [pl]\nosd:\n  %s:\n    sftp_host: sftp.%s.example\n    port: 22\n    user: voltaris_%s\n    password: \"%s\"\n    remote_dir: /out/odczyty\n    retries: %d\n```" % (
        pick(["csv", "xml"]), osd, osd, rdig(4), pw, R.randint(2, 5)), [("password", pw)])


@pos("password")
def p_pw_pl_chat():
    pw = password()
    return ("hasło do panelu %s (konto serwisowe) to `%s`, login jak zwykle, zmieńcie po pobraniu plików" % (pick(DSO["PL"]), pw), [("password", pw)])


@pos("password")
def p_pw_ro():
    pw = password()
    return ("Parola pentru portalul %s: %s — utilizatorul e cel din Vault." % (pick(DSO["RO"]), pw), [("password", pw)])


@pos("password")
def p_pw_cz():
    pw = password()
    return ("Heslo do portálu %s pro stahování dat z měření: %s\n(platí do konce měsíce)" % (pick(DSO["CZ"]), pw), [("password", pw)])


@pos("password")
def p_pw_gocode():
    pw = rs(ALNUM, R.randint(14, 20))
    return ("```go\nfunc openDB() (*sql.DB, error) {\n\t// TODO: przenieść do env\n\treturn sql.Open(\"pgx\", \"host=%s user=tariff password=%s dbname=tariffs\")\n}\n```" % (private_ip(), pw), [("password", pw)])


@pos("password")
def p_pw_pgpass():
    pw = rs(ALNUM + "!#", R.randint(14, 22))
    return ("```\n$ cat ~/.pgpass\npg-prod-01.voltaris.internal:5432:billing:billing_ro:%s\n```" % pw, [("password", pw)])


# ---------------- url_credentials
def url_pw():
    return rs(ALNUM, R.randint(16, 26))


@pos("url_credentials")
def p_url_pg_env():
    pw = url_pw()
    return ("```\nDATABASE_URL=postgres://billing_rw:%s@pg-prod-01.voltaris.internal:5432/billing?sslmode=require\n```" % pw, [("url_credentials", pw)])


@pos("url_credentials")
def p_url_amqp():
    pw = url_pw()
    return ("```yaml\ningest:\n  broker: amqps://meter_ingest:%s@rabbit-%d.voltaris.internal:5671/metering\n  prefetch: %d\n```" % (pw, R.randint(1, 3), pick([50, 100, 200])), [("url_credentials", pw)])


@pos("url_credentials")
def p_url_sftp():
    pw = url_pw()
    return ("Nowy dostęp od OSD do wymiany plików: sftp://voltaris_pl:%s@sftp.osd.example:2222/out — wrzucam do Vault, potem usunę wiadomość" % pw, [("url_credentials", pw)])


@pos("url_credentials")
def p_url_redis():
    pw = url_pw()
    return ("`REDIS_URL=redis://:%s@redis-tariffs.voltaris.internal:6379/2` — cache taryf dla %s" % (pw, pick(["RO", "CZ", "PL"])), [("url_credentials", pw)])


@pos("url_credentials")
def p_url_golog():
    pw = url_pw()
    return ("```\n%s ERROR csire-sync: failed to connect to `postgres://csire:%s@pg-csire.voltaris.internal:5432/csire`: server error (FATAL: too many connections for role \"csire\" (SQLSTATE 53300))\n```" % (ts(), pw), [("url_credentials", pw)])


@pos("url_credentials")
def p_url_https():
    pw = url_pw()
    return ("```\n$ go env -w GOPROXY=https://ci-reader:%s@nexus.voltaris.internal/repository/go-proxy/,direct\n```" % pw, [("url_credentials", pw)])


# ---------------- ipv4_address
@pos("ipv4_address")
def p_ip_nginx():
    ip = public_ip()
    lines = []
    for _ in range(R.randint(3, 10)):
        lines.append('%s - - [%02d/Mar/2026:%02d:%02d:%02d +0100] "POST /v1/readings/bulk HTTP/1.1" 202 %d "-" "hes-adapter/2.%d"' % (
            private_ip(), R.randint(1, 28), R.randint(0, 23), R.randint(0, 59), R.randint(0, 59), R.randint(30, 300), R.randint(0, 9)))
    lines.insert(R.randint(0, len(lines)), '%s - - [%02d/Mar/2026:%02d:%02d:%02d +0100] "POST /v1/readings/bulk HTTP/1.1" 401 %d "-" "Go-http-client/1.1"' % (
        ip, R.randint(1, 28), R.randint(0, 23), R.randint(0, 59), R.randint(0, 59), R.randint(30, 300)))
    return ("```\n" + "\n".join(lines) + "\n```\nktoś spoza allowlisty próbuje wysyłać odczyty", [("ipv4_address", ip)])


@pos("ipv4_address")
def p_ip_allow():
    ip = public_ip()
    return ("Prośba od %s: dodajcie %s do allowlisty na osd-gateway, z tego adresu będą wysyłać pliki z odczytami." % (pick(DSO["PL"]), ip), [("ipv4_address", ip)])


@pos("ipv4_address")
def p_ip_pg():
    ip = public_ip()
    return ("```\n%s [%d] LOG:  connection received: host=%s port=%d\n%s [%d] FATAL:  no pg_hba.conf entry for host \"%s\", user \"postgres\", database \"billing\", SSL off\n```" % (
        pg_ts(), R.randint(1000, 99999), ip, R.randint(30000, 65000), pg_ts(), R.randint(1000, 99999), ip), [("ipv4_address", ip)])


@pos("ipv4_address")
def p_ip_fail2ban():
    ip = public_ip()
    return ("```\n%s fail2ban.actions [%d]: NOTICE  [sshd] Ban %s\n```" % (pg_ts().replace(" UTC", ""), R.randint(100, 9999), ip), [("ipv4_address", ip)])


@pos("ipv4_address")
def p_ip_zap():
    ip = public_ip()
    return ('```\n{"level":"warn","ts":"%s","caller":"httpx/middleware.go:%d","msg":"rate limited","remote_addr":"%s:%d","path":"/v1/pods/%s"}\n```' % (
        ts(), R.randint(20, 200), ip, R.randint(30000, 65000), ppe()), [("ipv4_address", ip)])


@pos("ipv4_address")
def p_ip_ro():
    ip = public_ip()
    return ("IP-ul public al concentratorului din stația %s este %s, APN-ul privat nu merge încă." % (pick(["Craiova Nord", "Pitești 2", "Iași Est"]), ip), [("ipv4_address", ip)])


# ---------------- aws
@pos("aws_access_key_id")
def p_awsid_chat():
    k = aws_id()
    return ("nowy klucz dla readings-exporter: `%s` (secret w Vault pod `aws/exporter`), stary wyłączam jutro" % k, [("aws_access_key_id", k)])


@pos("aws_access_key_id")
def p_awsid_log():
    k = aws_id()
    return ("```\n%s ERROR readings-exporter: operation error S3: PutObject, https response error StatusCode: 403, RequestID: %s, api error InvalidAccessKeyId: The AWS Access Key Id you provided does not exist in our records. (AccessKeyId: %s)\n```" % (
        ts(), rhex(16).upper(), k), [("aws_access_key_id", k)])


@pos("aws_access_key_id")
def p_awsid_cli():
    k = aws_id()
    return ("```\n$ aws iam list-access-keys --user-name svc-billing-exports\n{\n    \"AccessKeyMetadata\": [\n        {\n            \"UserName\": \"svc-billing-exports\",\n            \"AccessKeyId\": \"%s\",\n            \"Status\": \"Active\",\n            \"CreateDate\": \"%s\"\n        }\n    ]\n}\n```" % (k, ts()), [("aws_access_key_id", k)])


@pos("aws_secret_access_key")
def p_awssec_env():
    s = aws_secret()
    return ("`export AWS_SECRET_ACCESS_KEY=%s` — to do lokalnego testu eksportu parquetów, potem rotuję" % s, [("aws_secret_access_key", s)])


@pos("aws_secret_access_key")
def p_awssec_k8s():
    s = aws_secret()
    return ("```yaml\napiVersion: v1\nkind: Secret\nmetadata:\n  name: readings-exporter-aws\n  namespace: metering\n  labels:\n    app: readings-exporter\ntype: Opaque\nstringData:\n  AWS_REGION: eu-central-1\n  AWS_SECRET_ACCESS_KEY: %s\n```" % s, [("aws_secret_access_key", s)])


@pos("aws_secret_access_key")
def p_awssec_go():
    s = aws_secret()
    return ("```go\ncfg, err := config.LoadDefaultConfig(ctx,\n\tconfig.WithCredentialsProvider(credentials.NewStaticCredentialsProvider(os.Getenv(\"AWS_KEY_ID\"), \"%s\", \"\")),\n)\n```" % s, [("aws_secret_access_key", s)])


# ---------------- jwt
@pos("jwt")
def p_jwt_curl():
    t = jwt_token()
    return ("```\n$ curl -s -H \"Authorization: Bearer %s\" https://api.csire.example/v1/pods/%s/readings?from=%s\n```" % (t, ppe(), date()), [("jwt", t)])


@pos("jwt")
def p_jwt_golog():
    t = jwt_token()
    return ("```\n%s level=debug svc=osd-gateway msg=\"upstream 401\" osd=%s token=%s\n```" % (ts(), pick(["tauron", "enea", "cez", "deo"]), t), [("jwt", t)])


@pos("jwt")
def p_jwt_ls():
    t = jwt_token()
    return ("z localStorage portalu montera:\n```json\n{\"session\":{\"access_token\":\"%s\",\"expires_in\":3600}}\n```" % t, [("jwt", t)])


@pos("jwt")
def p_jwt_chat():
    t = jwt_token()
    return (pick(["Tokenul de test pentru portalul ANRE: %s", "token do testów KSeF/CSIRE na stagingu: %s", "Testovací token pro OTE: %s"]) % t, [("jwt", t)])


@pos("jwt")
def p_jwt_http():
    t = jwt_token()
    return ("```http\nGET /v2/installers/me/jobs?date=%s HTTP/1.1\nHost: field-api.voltaris.internal\nAuthorization: Bearer %s\nAccept: application/json\nAccept-Language: %s\nUser-Agent: VoltarisField/%d.%d.%d (Android 14)\nX-Request-Id: %s\nX-Device-Id: %s\nConnection: keep-alive\n```" % (
        date(), t, pick(["pl-PL", "ro-RO", "cs-CZ"]), R.randint(2, 4), R.randint(0, 20), R.randint(0, 9), uuid4(), rhex(16)), [("jwt", t)])


# ---------------- credit_card
@pos("credit_card")
def p_cc_chat():
    c = card()
    return ("Klient wkleił w czacie numer karty %s z datą %02d/%02d, prosi o obciążenie za %s. Co robimy?" % (c, R.randint(1, 12), R.randint(26, 31), invoice_no("PL")), [("credit_card", c)])


@pos("credit_card")
def p_cc_gw():
    c = card().replace(" ", "").replace("-", "")
    return ("```\n%s DEBUG payment-gw request={\"amount\":%d,\"currency\":\"%s\",\"card\":{\"number\":\"%s\",\"exp\":\"%02d/%02d\"}}\n```\nten debug log nie powinien być włączony na prodzie!" % (
        ts(), R.randint(1000, 90000), pick(["PLN", "RON", "CZK"]), c, R.randint(1, 12), R.randint(26, 31)), [("credit_card", c)])


@pos("credit_card")
def p_cc_csv():
    c = card().replace(" ", "").replace("-", "")
    rows = ["payment_id,invoice,amount,pan,status"]
    for _ in range(R.randint(1, 4)):
        rows.append("%d,%s,%.2f,,failed" % (R.randint(100000, 999999), invoice_no("RO"), R.uniform(10, 900)))
    rows.insert(R.randint(1, len(rows)), "%d,%s,%.2f,%s,failed" % (R.randint(100000, 999999), invoice_no("RO"), R.uniform(10, 900), c))
    return ("export cu plățile eșuate — atenție, coloana pan nu ar trebui să existe:\n```csv\n" + "\n".join(rows) + "\n```", [("credit_card", c)])


@pos("credit_card")
def p_cc_cz():
    c = card()
    return ("Zákazník nadiktoval číslo karty %s, platnost %02d/%02d — tohle do ticketu nepatří, smažte to po zaplacení." % (c, R.randint(1, 12), R.randint(26, 31)), [("credit_card", c)])


@pos("credit_card")
def p_cc_ro():
    c = card()
    return ("Numărul cardului primit pe chat: %s — am inițiat plata pentru factura %s." % (c, invoice_no("RO")), [("credit_card", c)])


# ---------------- openai / anthropic
@pos("openai_api_key")
def p_oa_env():
    k = openai_key()
    return ("```\n# complaint-summarizer/.env\nOPENAI_API_KEY=%s\nOPENAI_MODEL=gpt-4o-mini\n```" % k, [("openai_api_key", k)])


@pos("openai_api_key")
def p_oa_go():
    k = openai_key()
    return ("```go\nclient := openai.NewClient(option.WithAPIKey(\"%s\"))\nresp, err := client.Chat.Completions.New(ctx, params) // OCR faktur papierowych\n```" % k, [("openai_api_key", k)])


@pos("openai_api_key")
def p_oa_chat():
    k = openai_key()
    return (pick(["użyjcie tego klucza do testów OCR faktur: %s", "cheia pentru testele de clasificare a reclamațiilor: %s", "use this key for the invoice-OCR spike: %s"]) % k, [("openai_api_key", k)])


@pos("anthropic_api_key")
def p_an_env():
    k = anthropic_key()
    return ("```\nexport ANTHROPIC_API_KEY=%s\ngo run ./cmd/complaint-triage --lang ro\n```" % k, [("anthropic_api_key", k)])


@pos("anthropic_api_key")
def p_an_yaml():
    k = anthropic_key()
    return ("```yaml\nllm:\n  provider: anthropic\n  api_key: %s\n  max_tokens: 1024\n```" % k, [("anthropic_api_key", k)])


@pos("anthropic_api_key")
def p_an_curl():
    k = anthropic_key()
    return ("```\ncurl https://api.anthropic.com/v1/messages \\\n  -H \"x-api-key: %s\" \\\n  -H \"anthropic-version: 2023-06-01\" \\\n  -H \"content-type: application/json\" \\\n  -d @reklamacja.json\n```" % k, [("anthropic_api_key", k)])


@pos("anthropic_api_key")
def p_an_chat():
    k = anthropic_key()
    return (pick(["Klíč pro triáž reklamací (jen staging): %s", "klucz do triage reklamacji: %s — tylko staging!"]) % k, [("anthropic_api_key", k)])


# ---------------- slack
@pos("slack_bot_token")
def p_sb_env():
    t = slack_bot()
    return ("```\nSLACK_BOT_TOKEN=%s\nSLACK_CHANNEL=%s\n```" % (t, pick(CHANNELS)), [("slack_bot_token", t)])


@pos("slack_bot_token")
def p_sb_curl():
    t = slack_bot()
    return ("```\n$ curl -s -X POST https://slack.com/api/chat.postMessage -H \"Authorization: Bearer %s\" -d channel=C0%s -d text=\"Eksport odczytów zakończony\"\n{\"ok\":true}\n```" % (t, rs(UPPER_DIG, 8)), [("slack_bot_token", t)])


@pos("slack_bot_token")
def p_sb_toml():
    t = slack_bot()
    return ("```toml\n[alerts.slack]\ntoken = \"%s\"\nchannel = \"#metering-ops\"\n```" % t, [("slack_bot_token", t)])


@pos("slack_bot_token")
def p_sb_golog():
    t = slack_bot()
    return ("```\n%s level=error svc=dunning-worker msg=\"slack notify failed\" err=\"invalid_auth\" token=%s\n```" % (ts(), t), [("slack_bot_token", t)])


@pos("slack_user_token")
def p_su_chat():
    t = slack_user()
    return (pick(["mój user token do skryptu archiwizacji kanałów: %s (tymczasowo)", "userový token pro export kanálu: %s", "token-ul meu de user pentru scriptul de export: %s"]) % t, [("slack_user_token", t)])


@pos("slack_user_token")
def p_su_py():
    t = slack_user()
    return ("```go\napi := slack.New(\"%s\")\nhistory, err := api.GetConversationHistory(&slack.GetConversationHistoryParameters{ChannelID: \"C0%s\"})\n```" % (t, rs(UPPER_DIG, 8)), [("slack_user_token", t)])


@pos("slack_user_token")
def p_su_env():
    t = slack_user()
    return ("`SLACK_USER_TOKEN=%s ./archive-channels --older-than 365d`" % t, [("slack_user_token", t)])


# ---------------- github
@pos("github_classic_pat")
def p_ghc_netrc():
    t = gh_classic()
    return ("```\n$ cat ~/.netrc\nmachine github.com\n  login voltaris-ci\n  password %s\n```" % t, [("github_classic_pat", t)])


@pos("github_classic_pat")
def p_ghc_env():
    t = gh_classic()
    return ("`export GITHUB_TOKEN=%s && go mod download` — inaczej prywatny moduł tariff-tables nie zejdzie" % t, [("github_classic_pat", t)])


@pos("github_classic_pat")
def p_ghc_chat():
    t = gh_classic()
    return (pick(["użyj mojego PAT na razie: %s (wygasa za 7 dni)", "můj PAT pro CI, dočasně: %s", "PAT temporar pentru pipeline: %s"]) % t, [("github_classic_pat", t)])


@pos("github_fine_grained_pat")
def p_ghf_env():
    t = gh_fine()
    return ("```yaml\n# .github/workflows/tariffs.yml (lokalna kopia)\nenv:\n  TARIFF_REPO_TOKEN: %s\n```" % t, [("github_fine_grained_pat", t)])


@pos("github_fine_grained_pat")
def p_ghf_chat():
    t = gh_fine()
    return (pick(["fine-grained token z read-only na voltaris/tariff-tables: %s", "token s read-only na repo s ceníky: %s", "token fine-grained, doar read pe tariff-tables: %s"]) % t, [("github_fine_grained_pat", t)])


@pos("github_fine_grained_pat")
def p_ghf_log():
    t = gh_fine()
    return ("```\n%s INFO  tariff-sync: cloning https://github.com/voltaris/tariff-tables.git with token %s\n```" % (ts(), t), [("github_fine_grained_pat", t)])


# ---------------- us_ssn
@pos("us_ssn")
def p_ssn_form():
    s = ssn()
    f, l, n = full_name()
    return ("W-9 for the US contractor (dashboard work), HR asked me to forward:\n```\nName: %s\nSSN: %s\nState: %s\n```" % (n, s, pick(["TX", "CA", "NY", "IL"])), [("us_ssn", s)])


@pos("us_ssn")
def p_ssn_csv():
    s = ssn()
    rows = ["employee_id,country,tax_id,start_date"]
    for _ in range(R.randint(1, 3)):
        rows.append("E%05d,PL,,%s" % (R.randint(1, 99999), date()))
    rows.insert(R.randint(1, len(rows)), "E%05d,US,%s,%s" % (R.randint(1, 99999), s, date()))
    return ("```csv\n" + "\n".join(rows) + "\n```", [("us_ssn", s)])


@pos("us_ssn")
def p_ssn_chat():
    s = ssn()
    return ("payroll provider needs the SSN for the new Austin contractor: %s — can someone from HR confirm it's correct?" % s, [("us_ssn", s)])


@pos("us_ssn")
def p_ssn_json():
    s = ssn()
    return ("```json\n{\"contractor_id\": \"C-%d\", \"country\": \"US\", \"ssn\": \"%s\", \"rate_usd\": %d}\n```" % (R.randint(100, 999), s, R.randint(60, 140)), [("us_ssn", s)])


# ---------------- private_key_pem
def pem_text(layout, kind):
    label, lines = pem_lines(kind)
    if layout == 0:
        body = "\n".join(lines)
        text = "```\n$ cat hls-%s.pem\n-----BEGIN %s-----\n%s\n-----END %s-----\n```" % (pick(["pl", "cz", "ro"]), label, body, label)
    elif layout == 1:
        body = "\n".join(lines)
        text = "```go\n// testowy klucz do podpisu plików dla OSD\nconst signingKeyPEM = `-----BEGIN %s-----\n%s\n-----END %s-----`\n```" % (label, body, label)
    elif layout == 2:
        body = "\n    ".join(lines)
        text = "```yaml\napiVersion: v1\nkind: Secret\nmetadata:\n  name: osd-sftp-key\nstringData:\n  id_key: |\n    -----BEGIN %s-----\n    %s\n    -----END %s-----\n```" % (label, body, label)
    else:
        body = "\\n".join(lines)
        text = "```json\n{\"type\": \"service_account\", \"key_id\": \"%s\", \"private_key\": \"-----BEGIN %s-----\\n%s\\n-----END %s-----\\n\"}\n```" % (rhex(16), label, body, label)
    return text, body


def _mk_pem(layout, kind):
    def f():
        text, body = pem_text(layout, kind)
        return text, [("private_key_pem", body)]
    f.__name__ = "pem_%s_%d" % (kind, layout)
    f.ctx = "private_key_pem:%s:layout%d" % (kind.lower(), layout)
    return f


PEM_PLAN = [("EC", 0), ("ED25519", 1), ("OPENSSH", 0), ("EC", 2), ("RSA", 0), ("ED25519", 3), ("EC", 3), ("OPENSSH", 2), ("ED25519", 0)]
POS["private_key_pem"] = [_mk_pem(l, k) for k, l in PEM_PLAN]


# ---------------- multi-secret messages (20)
def m_aws(n):
    k, s = aws_id(), aws_secret()
    v = n % 5
    if v == 0:
        t = "```ini\n[billing-exports]\naws_access_key_id = %s\naws_secret_access_key = %s\nregion = eu-central-1\n```" % (k, s)
    elif v == 1:
        t = "```\n$ export AWS_ACCESS_KEY_ID=%s\n$ export AWS_SECRET_ACCESS_KEY=%s\n$ aws s3 cp readings_%s.parquet s3://voltaris-billing-exports/pl/\nupload: ./readings_%s.parquet to s3://voltaris-billing-exports/pl/readings_%s.parquet\n```" % (k, s, pick(MONTHS), pick(MONTHS), pick(MONTHS))
    elif v == 2:
        t = "```go\nvar exporterCreds = aws.Credentials{\n\tAccessKeyID:     \"%s\",\n\tSecretAccessKey: \"%s\",\n\tSource:          \"hardcoded-tmp\", // TODO usunąć przed merge\n}\n```" % (k, s)
    elif v == 3:
        t = "```\n$ terraform output -json exporter_key\n{\n  \"id\": \"%s\",\n  \"secret\": \"%s\",\n  \"status\": \"Active\"\n}\n```" % (k, s)
    else:
        t = "Cheile pentru exportul în S3 (doar pentru testul de azi):\nID: %s\nSecret: %s\nLe rotesc mâine dimineață." % (k, s)
    return t, [("aws_access_key_id", k), ("aws_secret_access_key", s)]


def m_sig(n):
    f, l, name = full_name()
    v = n % 4
    cc = ["PL", "CZ", "RO", "SK"][v]
    e = email(f, l, domain=pick(["voltaris.pl", "voltaris.cz", "voltaris.ro", "voltaris.sk"]) if R.random() < 0.5 else None)
    p = phone(cc)
    if v == 0:
        t = "Dzień dobry,\nprzesyłam korektę faktury %s w załączniku.\n\nZ poważaniem\n%s\nSpecjalista ds. rozliczeń\ne-mail: %s\ntel.: %s" % (invoice_no("PL"), name, e, p)
    elif v == 1:
        t = "Dobrý den,\nposílám opravné vyúčtování k EAN %s.\n\nS pozdravem\n%s\nZákaznická podpora\n%s | %s" % (ean_cz(), name, p, e)
    elif v == 2:
        t = "Bună ziua,\nvă trimit factura de regularizare pentru POD %s.\n\nCu stimă,\n%s\nDepartament Facturare\nTel: %s\nEmail: %s" % (pod_ro(), name, p, e)
    else:
        t = "-- \n%s\nField Service Lead SK\nmobile: %s\nmail: %s" % (name, p, e)
    return t, [("email_address", e), ("phone_number", p)]


def m_iban_email(n):
    f, l, name = full_name()
    e = email(f, l)
    if n % 2 == 0:
        v = iban("PL")
        t = ("Mail od klienta (wklejam do ticketu):\n> Od: %s\n> Temat: zwrot nadpłaty %s\n> Proszę o zwrot nadpłaty na konto %s.\n> Pozdrawiam, %s" % (e, invoice_no("PL"), v, name))
    else:
        v = iban("RO")
        t = "Cerere restituire:\n```\nNume: %s\nEmail: %s\nIBAN: %s\nSuma: %s\n```" % (name, e, v, money("RO", 20, 700))
    return t, [("iban", v), ("email_address", e)]


def m_url_ip(n):
    ip = public_ip()
    pw = url_pw()
    if n % 2 == 0:
        t = "```\nOSD_DB_URL=postgres://osd_reader:%s@%s:5432/pomiary?sslmode=verify-full\n```\nto jest baza replik od OSD, dostęp tylko z naszego NAT" % (pw, ip)
    else:
        t = "```yaml\nhes:\n  broker: amqps://hes_pl:%s@%s:5671/hes\n```" % (pw, ip)
    return t, [("url_credentials", pw), ("ipv4_address", ip)]


def m_slack_pair(n):
    b, u = slack_bot(), slack_user()
    t = "```\n# alerting-bot/.env\nSLACK_BOT_TOKEN=%s\nSLACK_USER_TOKEN=%s   # do archiwizacji kanałów\n```" % (b, u)
    return t, [("slack_bot_token", b), ("slack_user_token", u)]


def m_jwt_ip(n):
    ip = public_ip()
    tok = jwt_token()
    t = ('```\n%s - - [%02d/Apr/2026:%02d:%02d:%02d +0200] "GET /v1/pods/%s/readings HTTP/1.1" 200 %d "-" "okhttp/4.12.0" auth="Bearer %s"\n```' % (
        ip, R.randint(1, 28), R.randint(0, 23), R.randint(0, 59), R.randint(0, 59), ppe(), R.randint(300, 9000), tok))
    return t, [("ipv4_address", ip), ("jwt", tok)]


def m_pw_ip(n):
    ip = public_ip()
    pw = password()
    t = "Dane dostępowe do SFTP od %s:\nhost: %s\nport: 22\nlogin: voltaris_ro\nparola: %s" % (pick(DSO["RO"]), ip, pw)
    return t, [("ipv4_address", ip), ("password", pw)]


def m_cc_phone(n):
    c = card()
    p = phone("PL")
    t = "Notatka z rozmowy: klient podał kartę %s i prosi o SMS z potwierdzeniem na %s. Płatność za %s." % (c, p, invoice_no("PL"))
    return t, [("credit_card", c), ("phone_number", p)]


def m_gh_pair(n):
    a, b = gh_classic(), gh_fine()
    t = "stary PAT `%s` wyłączam w piątek, nowy fine-grained: `%s` (read na tariff-tables)" % (a, b)
    return t, [("github_classic_pat", a), ("github_fine_grained_pat", b)]


def m_llm_pair(n):
    a, b = openai_key(), anthropic_key()
    t = "```\n# complaint-triage/.env.staging\nOPENAI_API_KEY=%s\nANTHROPIC_API_KEY=%s\nTRIAGE_LANGS=pl,cs,sk,ro\n```" % (a, b)
    return t, [("openai_api_key", a), ("anthropic_api_key", b)]


def m_ssn_email(n):
    f, l = pick(["Emily", "Jason", "Ashley", "Michael"]), pick(["Carter", "Nguyen", "Brooks", "Ramirez"])
    e = email(f, l, domain=pick(["gmail.com", "outlook.com"]))
    s = ssn()
    t = "Contractor onboarding (US):\nName: %s %s\nEmail: %s\nSSN: %s\nStart: %s" % (f, l, e, s, date())
    return t, [("us_ssn", s), ("email_address", e)]


MULTI_PLAN = [("aws_pair", m_aws, 5), ("signature", m_sig, 4), ("iban_email", m_iban_email, 2), ("url_ip", m_url_ip, 2),
              ("slack_pair", m_slack_pair, 1), ("jwt_ip", m_jwt_ip, 1), ("password_ip", m_pw_ip, 1), ("card_phone", m_cc_phone, 1),
              ("github_pair", m_gh_pair, 1), ("llm_pair", m_llm_pair, 1), ("ssn_email", m_ssn_email, 1)]

TARGET = {k: 10 for k in ["email_address", "phone_number", "ipv4_address", "aws_access_key_id", "aws_secret_access_key",
                          "iban", "password", "url_credentials"]}
TARGET.update({k: 9 for k in ["jwt", "credit_card", "openai_api_key", "anthropic_api_key", "private_key_pem",
                              "slack_bot_token", "slack_user_token", "github_classic_pat", "github_fine_grained_pat", "us_ssn"]})


# ================================================================ validation helpers
def check_value(kind, v):
    if kind == "credit_card":
        d = re.sub(r"[ \-]", "", v)
        assert 13 <= len(d) <= 19 and luhn_ok(d), v
    elif kind == "iban":
        assert iban_valid(v) and len(v.replace(" ", "")) == IBAN_LEN[v[:2]], v
    elif kind == "us_ssn":
        a, g, s = v.split("-")
        assert a not in ("000", "666") and not a.startswith("9") and g != "00" and s != "0000", v
    elif kind == "ipv4_address":
        assert ip_is_public(v), v
    elif kind == "jwt":
        h, p, _ = v.split(".")
        json.loads(base64.urlsafe_b64decode(h + "=" * (-len(h) % 4)))
        json.loads(base64.urlsafe_b64decode(p + "=" * (-len(p) % 4)))
    elif kind == "private_key_pem":
        body = re.sub(r"\\n|\s", "", v)
        base64.b64decode(body, validate=True)
    elif kind == "github_classic_pat":
        assert re.fullmatch(r"ghp_[A-Za-z0-9]{36}", v)
        assert base62(zlib.crc32(v[4:34].encode()) & 0xffffffff, 6) == v[34:]
    elif kind == "aws_access_key_id":
        assert re.fullmatch(r"(AKIA|ASIA)[A-Z2-7]{16}", v)
    elif kind == "aws_secret_access_key":
        assert len(v) == 40
    elif kind == "anthropic_api_key":
        assert v.startswith("sk-ant-api03-") and v.endswith("AA") and len(v) == 108
    elif kind == "slack_bot_token":
        assert v.startswith("xoxb-")
    elif kind == "slack_user_token":
        assert v.startswith("xoxp-")


def nlines(t):
    return t.count("\n") + 1


# ================================================================ driver
def covered(hit, secrets):
    return any(hit in v or v in hit or (len(hit) > 6 and hit[:8] in v) for _, v in secrets)


def gen_negatives():
    out, seen = [], set()
    redraws = {}
    for cat, tpls in NEG.items():
        order = [tpls[i % len(tpls)] for i in range(100)]
        R.shuffle(order)
        for f in order:
            for _ in range(500):
                core = f()
                t = decorate(core)
                if core in seen or t in seen or scan(t):
                    redraws[f.__name__] = redraws.get(f.__name__, 0) + 1
                    continue
                break
            else:
                raise SystemExit("cannot draw a clean negative from %s" % f.__name__)
            seen.add(t)
            seen.add(core)
            out.append({"text": t, "category": cat, "_tpl": f.__name__})
    R.shuffle(out)
    for i, rec in enumerate(out, 1):
        rec["id"] = "%dn-%04d" % (N, i)
    return out, redraws


def gen_positives():
    jobs = []
    used = {k: 0 for k in TARGET}
    for name, fn, cnt in MULTI_PLAN:
        for n in range(cnt):
            jobs.append(("multi:%s:%d" % (name, n), lambda fn=fn, n=n: fn(n)))
            for k in {"aws_pair": ["aws_access_key_id", "aws_secret_access_key"], "signature": ["email_address", "phone_number"],
                      "iban_email": ["iban", "email_address"], "url_ip": ["url_credentials", "ipv4_address"],
                      "slack_pair": ["slack_bot_token", "slack_user_token"], "jwt_ip": ["ipv4_address", "jwt"],
                      "password_ip": ["ipv4_address", "password"], "card_phone": ["credit_card", "phone_number"],
                      "github_pair": ["github_classic_pat", "github_fine_grained_pat"], "llm_pair": ["openai_api_key", "anthropic_api_key"],
                      "ssn_email": ["us_ssn", "email_address"]}[name]:
                used[k] += 1
    for kind in TARGET:
        tpls = POS[kind]
        need = TARGET[kind] - used[kind]
        idxs = [i % len(tpls) for i in range(need)]
        R.shuffle(idxs)
        for i in idxs:
            f = tpls[i]
            ctx = getattr(f, "ctx", "%s:t%d" % (kind, i))
            jobs.append((ctx, f))
    out, seen = [], set()
    for ctx, f in jobs:
        for _ in range(200):
            text, secrets = f()
            text = decorate(text, 0.06, 0.03)
            if text in seen:
                continue
            if any(not covered(h[1], secrets) for h in scan(text)):
                continue
            break
        else:
            raise SystemExit("cannot draw positive " + ctx)
        seen.add(text)
        for k, v in secrets:
            assert v in text, (k, v)
            check_value(k, v)
        out.append({"text": text, "secrets": [{"kind": k, "value": v} for k, v in secrets], "context": ctx})
    R.shuffle(out)
    for i, rec in enumerate(out, 1):
        rec["id"] = "%dp-%04d" % (N, i)
    return out


def write_jsonl(path, recs, keys):
    with open(path, "w", encoding="utf-8", newline="\n") as fh:
        for r in recs:
            fh.write(json.dumps({k: r[k] for k in keys}, ensure_ascii=False) + "\n")


def stats(negs, poss):
    print("== negatives")
    for cat in NEG:
        rs_ = [r for r in negs if r["category"] == cat]
        ls = [nlines(r["text"]) for r in rs_]
        print("  %-22s %3d texts  %2d templates  lines %d/%d  single %d  10+ %d" % (
            cat, len(rs_), len(NEG[cat]), min(ls), max(ls), sum(1 for x in ls if x == 1), sum(1 for x in ls if x >= 10)))
    for name, recs in (("negatives", negs), ("positives", poss), ("all", negs + poss)):
        ls = [nlines(r["text"]) for r in recs]
        print("  %s: n=%d single=%d (%.0f%%) 10+=%d (%.0f%%) 20+=%d max=%d" % (
            name, len(ls), sum(1 for x in ls if x == 1), 100.0 * sum(1 for x in ls if x == 1) / len(ls),
            sum(1 for x in ls if x >= 10), 100.0 * sum(1 for x in ls if x >= 10) / len(ls), sum(1 for x in ls if x >= 20), max(ls)))
    print("== positives")
    kinds = {}
    for r in poss:
        for s in r["secrets"]:
            kinds[s["kind"]] = kinds.get(s["kind"], 0) + 1
    for k in TARGET:
        print("  %-24s %d" % (k, kinds.get(k, 0)))
    print("  total secrets %d in %d texts (%d with one, %d with two)" % (
        sum(kinds.values()), len(poss), sum(1 for r in poss if len(r["secrets"]) == 1), sum(1 for r in poss if len(r["secrets"]) == 2)))
    ctxs = {}
    for r in poss:
        c = r["context"].split(":")[0] if r["context"].startswith("multi") else r["context"]
        ctxs[r["context"] if not r["context"].startswith("multi") else ":".join(r["context"].split(":")[:2])] = \
            ctxs.get(r["context"] if not r["context"].startswith("multi") else ":".join(r["context"].split(":")[:2]), 0) + 1
    print("  contexts:", json.dumps(ctxs, sort_keys=True))
    missed = 0
    for r in poss:
        hits = scan(r["text"])
        for s in r["secrets"]:
            if not any(covered(h[1], [(s["kind"], s["value"])]) for h in hits):
                missed += 1
    print("  scanner misses on positives (secrets no scanner rule covers): %d" % missed)


def main():
    negs, redraws = gen_negatives()
    poss = gen_positives()
    for r in negs:
        assert not scan(r["text"]), r["id"]
    write_jsonl(os.path.join(HERE, "redaction%d_negatives.jsonl" % N), negs, ["id", "text", "category"])
    write_jsonl(os.path.join(HERE, "redaction%d_positives.jsonl" % N), poss, ["id", "text", "secrets", "context"])
    if "-q" not in sys.argv:
        stats(negs, poss)
        print("== redraws by template:", json.dumps(redraws, sort_keys=True))
        print("scanner hits on final negatives: 0")


if __name__ == "__main__":
    main()
