#!/usr/bin/env python3
"""Blind redaction test set #81.

Theme: the Slack workspace of a hospital radiology (PACS/RIS) and laboratory-information-system (LIS)
vendor with customers in Japan, South Korea and Taiwan.

Writes redaction81_negatives.jsonl and redaction81_positives.jsonl next to this file.
Standard library only; random.Random(81 * 101) is the only source of randomness.
"""
import base64
import ipaddress
import json
import math
import os
import re
import struct
import sys
import zlib
import random

N = 81
NAME = "redaction81"
R = random.Random(N * 101)
HERE = os.path.dirname(os.path.abspath(__file__))

# --------------------------------------------------------------------------------------------
# small random helpers
# --------------------------------------------------------------------------------------------
UP = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
LO = "abcdefghijklmnopqrstuvwxyz"
DG = "0123456789"
HEX = "0123456789abcdef"
B62 = DG + UP + LO
B64 = UP + LO + DG + "+/"
B64U = UP + LO + DG + "-_"


def ch(seq):
    return R.choice(seq)


def ri(a, b):
    return R.randint(a, b)


def rs(alpha, n):
    return "".join(R.choice(alpha) for _ in range(n))


def hexs(n):
    return rs(HEX, n)


def digs(n):
    return rs(DG, n)


def digs_nz(n):
    return ch("123456789") + digs(n - 1)


def rbytes(n):
    return bytes(R.getrandbits(8) for _ in range(n))


def b64(b):
    return base64.b64encode(b).decode()


def b64u(b):
    return base64.urlsafe_b64encode(b).decode().rstrip("=")


def sample(seq, k):
    return R.sample(list(seq), k)


def uuid4():
    h = list(hexs(32))
    h[12] = "4"
    h[16] = ch("89ab")
    h = "".join(h)
    return f"{h[:8]}-{h[8:12]}-{h[12:16]}-{h[16:20]}-{h[20:]}"


def ulid():
    return "01"[ri(0, 1)] + rs("0123456789ABCDEFGHJKMNPQRSTVWXYZ", 25)


class DT:
    def __init__(self):
        self.y = ch([2025, 2025, 2026])
        self.mo = ri(1, 12)
        self.d = ri(1, 28)
        self.h = ri(0, 23)
        self.mi = ri(0, 59)
        self.s = ri(0, 59)
        self.ms = ri(0, 999)

    def iso(self, z="+09:00"):
        return f"{self.y}-{self.mo:02d}-{self.d:02d}T{self.h:02d}:{self.mi:02d}:{self.s:02d}.{self.ms:03d}{z}"

    def log(self):
        return f"{self.y}-{self.mo:02d}-{self.d:02d} {self.h:02d}:{self.mi:02d}:{self.s:02d}.{self.ms:03d}"

    def hl7(self, tz=True):
        return f"{self.y}{self.mo:02d}{self.d:02d}{self.h:02d}{self.mi:02d}{self.s:02d}" + ("+0900" if tz else "")

    def dcm(self):
        return f"{self.y}{self.mo:02d}{self.d:02d}"

    def date(self, sep="-"):
        return f"{self.y}{sep}{self.mo:02d}{sep}{self.d:02d}"

    def hm(self):
        return f"{self.h:02d}:{self.mi:02d}"

    def epoch(self):
        # approximate: good enough for realistic-looking epoch values
        import calendar
        return calendar.timegm((self.y, self.mo, self.d, self.h, self.mi, self.s, 0, 0, 0)) - 9 * 3600

    def advance(self, secs):
        t = self.epoch() + 9 * 3600 + secs
        import time as _t
        st = _t.gmtime(t)
        self.y, self.mo, self.d, self.h, self.mi, self.s = st.tm_year, st.tm_mon, st.tm_mday, st.tm_hour, st.tm_min, st.tm_sec
        self.ms = ri(0, 999)
        return self


# --------------------------------------------------------------------------------------------
# the fictional world
# --------------------------------------------------------------------------------------------
VENDOR_JA = "コハク・メディカルシステムズ"
HOSP = [
    # name, short, country, AE prefix
    ("東都中央病院", "TOTO", "JP"),
    ("大阪南部医療センター", "OSMC", "JP"),
    ("札幌北光記念病院", "HOKKO", "JP"),
    ("福岡みなと病院", "MINATO", "JP"),
    ("서울한빛병원", "HANBIT", "KR"),
    ("부산해온대학병원", "HAEON", "KR"),
    ("대구새솔병원", "SAESOL", "KR"),
    ("臺中仁德醫院", "JENDE", "TW"),
    ("高雄慈安紀念醫院", "TZUAN", "TW"),
    ("新竹光明醫院", "KMH", "TW"),
]
MODS = ["CT", "MR", "CR", "DX", "US", "MG", "NM", "PT", "XA", "RF"]
EXAMS = {
    "JP": ["胸部単純X線 2方向", "頭部MRI 単純", "腹部CT 造影", "乳房撮影 両側", "腹部超音波", "冠動脈CT", "骨シンチ"],
    "KR": ["흉부 X-ray PA", "복부 CT 조영", "뇌 MRI", "유방촬영술", "복부 초음파", "관상동맥 CT", "골스캔"],
    "TW": ["胸部X光 正面", "腹部電腦斷層 顯影", "腦部磁振造影", "乳房攝影", "腹部超音波", "冠狀動脈電腦斷層", "骨骼掃描"],
}
LABS = [
    # code, name, unit, low, high, decimals
    ("WBC", "白血球数", "10^3/uL", 3.3, 8.6, 1),
    ("RBC", "赤血球数", "10^6/uL", 4.35, 5.55, 2),
    ("Hb", "ヘモグロビン", "g/dL", 13.7, 16.8, 1),
    ("PLT", "血小板数", "10^3/uL", 158, 348, 0),
    ("AST", "AST(GOT)", "U/L", 13, 30, 0),
    ("ALT", "ALT(GPT)", "U/L", 10, 42, 0),
    ("GGT", "γ-GT", "U/L", 13, 64, 0),
    ("CRE", "クレアチニン", "mg/dL", 0.65, 1.07, 2),
    ("eGFR", "eGFR", "mL/min/1.73m2", 60, 120, 1),
    ("CRP", "CRP", "mg/dL", 0.0, 0.14, 2),
    ("HbA1c", "HbA1c(NGSP)", "%", 4.9, 6.0, 1),
    ("GLU", "血糖", "mg/dL", 73, 109, 0),
    ("Na", "ナトリウム", "mmol/L", 138, 145, 0),
    ("K", "カリウム", "mmol/L", 3.6, 4.8, 1),
    ("Cl", "クロール", "mmol/L", 101, 108, 0),
    ("TP", "総蛋白", "g/dL", 6.6, 8.1, 1),
    ("ALB", "アルブミン", "g/dL", 4.1, 5.1, 1),
    ("TSH", "TSH", "uIU/mL", 0.5, 5.0, 2),
]
ROOTS = [
    "1.2.392.200036.9116.2.6.1.48",   # JP vendor root shape
    "1.2.392.200036.9125.4.0",
    "1.2.392.200193.3.1626980217",
    "1.2.410.200010.20.2.0.3",        # KR root shape
    "1.2.410.2000010.82.111",
    "1.2.158.999.71.3",               # TW (ISO 3166 158) shape, fictional suffix
    "1.2.840.113619.2.55.3",
    "1.3.12.2.1107.5.1.4.95871",
    "1.2.276.0.7230010.3.1.4",
    "1.2.826.0.1.3680043.8.498",
]
TS_UIDS = [
    ("1.2.840.10008.1.2", "Implicit VR Little Endian"),
    ("1.2.840.10008.1.2.1", "Explicit VR Little Endian"),
    ("1.2.840.10008.1.2.4.50", "JPEG Baseline (Process 1)"),
    ("1.2.840.10008.1.2.4.70", "JPEG Lossless, SV1"),
    ("1.2.840.10008.1.2.4.80", "JPEG-LS Lossless"),
    ("1.2.840.10008.1.2.4.90", "JPEG 2000 Image Compression (Lossless Only)"),
    ("1.2.840.10008.1.2.4.91", "JPEG 2000 Image Compression"),
    ("1.2.840.10008.1.2.5", "RLE Lossless"),
]
SOP_CLASSES = [
    ("1.2.840.10008.5.1.4.1.1.2", "CT Image Storage"),
    ("1.2.840.10008.5.1.4.1.1.4", "MR Image Storage"),
    ("1.2.840.10008.5.1.4.1.1.1", "Computed Radiography Image Storage"),
    ("1.2.840.10008.5.1.4.1.1.1.1", "Digital X-Ray Image Storage - For Presentation"),
    ("1.2.840.10008.5.1.4.1.1.6.1", "Ultrasound Image Storage"),
    ("1.2.840.10008.5.1.4.1.1.1.2", "Digital Mammography X-Ray Image Storage - For Presentation"),
    ("1.2.840.10008.5.1.4.1.1.88.22", "Enhanced SR Storage"),
    ("1.2.840.10008.5.1.4.1.1.104.1", "Encapsulated PDF Storage"),
    ("1.2.840.10008.5.1.4.1.1.7", "Secondary Capture Image Storage"),
]


def dicom_uid(root=None):
    root = root or ch(ROOTS)
    d = DT()
    tail = ch([
        lambda: f"{d.dcm()}{d.h:02d}{d.mi:02d}{d.s:02d}.{ri(1, 999)}.{ri(1, 99999)}",
        lambda: f"{ri(1, 9)}.{digs_nz(ri(6, 10))}.{digs_nz(ri(4, 9))}.{ri(1, 400)}",
        lambda: f"{d.dcm()}.{ri(1, 99)}.{digs_nz(ri(5, 9))}.{ri(1, 2000)}",
    ])()
    u = f"{root}.{tail}"
    return u[:64].rstrip(".")


def uuid_uid():
    return "2.25." + str(R.getrandbits(127) | (1 << 126))


def orthanc_id():
    return "-".join(hexs(8) for _ in range(5))


def ae(short):
    return f"{short}_{ch(MODS)}{ri(1, 4):02d}"


def hosp(country=None):
    if country:
        return ch([h for h in HOSP if h[2] == country])
    return ch(HOSP)


def private_ip():
    return ch([
        lambda: f"10.{ri(0, 255)}.{ri(0, 255)}.{ri(1, 254)}",
        lambda: f"172.{ri(16, 31)}.{ri(0, 255)}.{ri(1, 254)}",
        lambda: f"192.168.{ri(0, 255)}.{ri(1, 254)}",
    ])()


def doc_ip():
    return ch(["192.0.2.", "198.51.100.", "203.0.113."]) + str(ri(1, 254))


def accession(country):
    if country == "JP":
        return ch([f"A{DT().dcm()[2:]}{digs(5)}", f"RIS-{DT().dcm()}-{digs(4)}", f"{DT().dcm()[2:]}{digs(4)}"])
    if country == "KR":
        return ch([f"RA{DT().dcm()}{digs(4)}", f"{DT().dcm()}-R{digs(5)}"])
    return ch([f"TW{DT().dcm()[2:]}{digs(5)}", f"X{DT().dcm()}{digs(3)}"])


# --------------------------------------------------------------------------------------------
# checks used by generators and the scanner
# --------------------------------------------------------------------------------------------
def luhn_ok(d):
    s = 0
    for i, c in enumerate(reversed(d)):
        n = int(c)
        if i % 2 == 1:
            n *= 2
            if n > 9:
                n -= 9
        s += n
    return s % 10 == 0


def luhn_complete(prefix, length):
    body = prefix + digs(length - len(prefix) - 1)
    for c in DG:
        if luhn_ok(body + c):
            return body + c
    raise AssertionError


def iban_num(s):
    return "".join(str(int(c, 36)) for c in s)


def iban_valid(s):
    s = s.replace(" ", "").upper()
    if not (15 <= len(s) <= 34) or not s[:2].isalpha() or not s[2:4].isdigit() or not s.isalnum():
        return False
    return int(iban_num(s[4:] + s[:4])) % 97 == 1


def make_iban(cc, bban):
    chk = 98 - int(iban_num(bban + cc + "00")) % 97
    return f"{cc}{chk:02d}{bban}"


def is_public_ip(s):
    try:
        ip = ipaddress.ip_address(s)
    except ValueError:
        return False
    return ip.version == 4 and ip.is_global and not ip.is_multicast and not ip.is_reserved


def ssn_ok(s):
    a, g, n = s[:3], s[4:6], s[7:]
    return a not in ("000", "666") and a[0] != "9" and g != "00" and n != "0000"


# --------------------------------------------------------------------------------------------
# the negative scanner: anything it finds makes the negative be redrawn
# --------------------------------------------------------------------------------------------
RX_EMAIL = re.compile(r"[A-Za-z0-9._%+\-]+@[A-Za-z0-9\-]+(?:\.[A-Za-z0-9\-]+)*\.[A-Za-z]{2,}")
RX_GH = re.compile(r"gh[pousr]_[A-Za-z0-9]{30,}|github_pat_[A-Za-z0-9_]{30,}")
RX_SLACK = re.compile(r"xox[abposre]-\d{6,}-[A-Za-z0-9\-]{6,}")
RX_SK = re.compile(r"(?<![A-Za-z0-9])sk-[A-Za-z0-9_\-]{32,}")
RX_JWT = re.compile(r"eyJ[A-Za-z0-9_\-]{8,}\.eyJ[A-Za-z0-9_\-]{8,}\.[A-Za-z0-9_\-]{8,}")
RX_SSN = re.compile(r"(?<![\d\-])\d{3}[- ]\d{2}[- ]\d{4}(?![\d\-])")
RX_DIGRUN = re.compile(r"(?<!\d)\d{13,19}(?!\d)")
RX_GROUPED = re.compile(r"(?<![\d\-])\d{4}(?:[ \-]\d{2,7}){1,5}(?![\d])")
RX_IBAN = re.compile(r"(?<![A-Za-z0-9])[A-Z]{2}\d{2}(?:[ ]?[A-Z0-9]){11,30}(?![A-Za-z0-9])")
RX_PEM = re.compile(r"-----BEGIN [A-Z0-9 ]*PRIVATE KEY-----(.{0,4000}?)-----END", re.S)
RX_AWS_ID = re.compile(r"(?<![A-Z0-9])(?:AKIA|ASIA|AROA|AIDA)[A-Z0-9]{16}(?![A-Z0-9])")
RX_AWS_SECRET = re.compile(r"(?<![A-Za-z0-9/+])[A-Za-z0-9/+]{40}(?![A-Za-z0-9/+=])")
RX_IPV4 = re.compile(r"(?<![\d.])(\d{1,3}(?:\.\d{1,3}){3})(?!\d|\.\d)")
RX_PHONE = [
    re.compile(r"(?<![\w+])\+(?:81|82|886|1|44|49|33|852|86)[ \-.(]*\d[\d \-().]{6,16}\d"),
    re.compile(r"(?<![\d\-/.])0\d{1,4}[-)]\d{1,4}-\d{3,4}(?![\d\-])"),
    re.compile(r"(?<![\d\-/.])\(0\d{1,4}\)\s?\d{1,4}-\d{3,4}(?![\d\-])"),
    re.compile(r"(?<!\d)(?:0[789]0\d{8}|01[016789]\d{7,8}|09\d{8})(?!\d)"),
    re.compile(r"(?<![\d\-])\(?[2-9]\d{2}\)?[ .\-]\d{3}[ .\-]\d{4}(?![\d\-])"),
    re.compile(r"(?<![\d\-])0[789]0 \d{4} \d{4}(?!\d)"),
]


def scan(text):
    hits = []
    for m in RX_EMAIL.finditer(text):
        hits.append(("email", m.group()))
    for m in RX_GH.finditer(text):
        hits.append(("github", m.group()))
    for m in RX_SLACK.finditer(text):
        hits.append(("slack", m.group()))
    for m in RX_SK.finditer(text):
        hits.append(("sk_key", m.group()))
    for m in RX_JWT.finditer(text):
        hits.append(("jwt", m.group()))
    for m in RX_SSN.finditer(text):
        hits.append(("ssn", m.group()))
    for m in RX_DIGRUN.finditer(text):
        if luhn_ok(m.group()):
            hits.append(("luhn", m.group()))
    for m in RX_GROUPED.finditer(text):
        d = re.sub(r"\D", "", m.group())
        if 13 <= len(d) <= 19 and luhn_ok(d):
            hits.append(("luhn_grouped", m.group()))
    for m in RX_IBAN.finditer(text):
        if iban_valid(m.group()):
            hits.append(("iban", m.group()))
    for m in RX_PEM.finditer(text):
        body = m.group(1).replace("\\n", "\n")
        if re.search(r"[A-Za-z0-9+/]{48,}", body):
            hits.append(("pem", m.group()[:40]))
    for m in RX_AWS_ID.finditer(text):
        if "EXAMPLE" not in m.group():
            hits.append(("aws_id", m.group()))
    for m in RX_AWS_SECRET.finditer(text):
        v = m.group()
        if "EXAMPLE" in v:
            continue
        if re.search(r"[A-Z]", v) and re.search(r"[a-z]", v) and re.search(r"\d", v) and re.search(r"[/+]", v):
            hits.append(("aws_secret_shape", v))
    for m in RX_IPV4.finditer(text):
        if is_public_ip(m.group(1)):
            hits.append(("public_ipv4", m.group(1)))
    for rx in RX_PHONE:
        for m in rx.finditer(text):
            nd = len(re.sub(r"\D", "", m.group()))
            if 9 <= nd <= 15:
                hits.append(("phone", m.group()))
    return hits


# --------------------------------------------------------------------------------------------
# real bytes for data URIs
# --------------------------------------------------------------------------------------------
def png_bytes(w, h, palette=None):
    palette = palette or [tuple(rbytes(3)) + (255,), (0, 0, 0, 0)]
    pat = ri(0, 3)
    rows = []
    for y in range(h):
        row = bytearray(b"\x00")
        for x in range(w):
            if pat == 0:
                c = palette[(x // 2 + y // 2) % 2]
            elif pat == 1:
                c = palette[0] if abs(x - w // 2) + abs(y - h // 2) < w // 3 else palette[1]
            elif pat == 2:
                c = palette[0] if x == y or x == w - 1 - y else palette[1]
            else:
                c = palette[0] if (x - w / 2) ** 2 + (y - h / 2) ** 2 < (w / 3) ** 2 else palette[1]
            row += bytes(c)
        rows.append(bytes(row))
    raw = b"".join(rows)

    def chunk(t, data):
        return struct.pack(">I", len(data)) + t + data + struct.pack(">I", zlib.crc32(t + data) & 0xFFFFFFFF)

    ihdr = struct.pack(">IIBBBBB", w, h, 8, 6, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b"")


def gif_bytes():
    c = rbytes(3)
    return (b"GIF89a\x01\x00\x01\x00\x80\x00\x00" + c + b"\xff\xff\xff" + b"!\xf9\x04\x01\x00\x00\x00\x00"
            + b",\x00\x00\x00\x00\x01\x00\x01\x00\x00\x02\x02D\x01\x00;")


def jpeg_head(w, h):
    q = bytes(min(255, max(1, int(v))) for v in [16, 11, 10, 16, 24, 40, 51, 61] * 8)
    app0 = b"\xff\xe0\x00\x10JFIF\x00\x01\x01\x00\x00\x01\x00\x01\x00\x00"
    dqt = b"\xff\xdb\x00\x43\x00" + q
    sof = b"\xff\xc0\x00\x11\x08" + struct.pack(">HH", h, w) + b"\x03\x01\x22\x00\x02\x11\x01\x03\x11\x01"
    return b"\xff\xd8" + app0 + dqt + sof + rbytes(60)


def wav_bytes(n=160):
    f = ri(300, 900)
    samples = b"".join(struct.pack("<h", int(8000 * math.sin(2 * math.pi * f * i / 8000))) for i in range(n))
    fmt = struct.pack("<HHIIHH", 1, 1, 8000, 16000, 2, 16)
    body = b"WAVE" + b"fmt " + struct.pack("<I", 16) + fmt + b"data" + struct.pack("<I", len(samples)) + samples
    return b"RIFF" + struct.pack("<I", len(body)) + body


def pdf_bytes(title):
    content = f"BT /F1 11 Tf 56 780 Td ({title}) Tj ET".encode()
    return (b"%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n"
            b"3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 595 842]/Contents 4 0 R/Resources<</Font<</F1 5 0 R>>>>>>endobj\n"
            + b"4 0 obj<</Length " + str(len(content)).encode() + b">>stream\n" + content + b"\nendstream endobj\n"
            b"5 0 obj<</Type/Font/Subtype/Type1/BaseFont/Helvetica>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n")


def svg_text(kind=None):
    col = "#" + hexs(6)
    kind = kind if kind is not None else ri(0, 3)
    if kind == 0:
        return f'<svg xmlns="http://www.w3.org/2000/svg" width="12" height="12"><circle cx="6" cy="6" r="5" fill="{col}"/></svg>'
    if kind == 1:
        return f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><path d="M2 2h12v12H2z" fill="none" stroke="{col}"/></svg>'
    if kind == 2:
        return f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><path d="M12 2l3 7h7l-6 4 2 7-6-4-6 4 2-7-6-4h7z" fill="{col}"/></svg>'
    return f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10" rx="2" fill="{col}"/></svg>'


def woff2_head():
    return b"wOF2" + b"\x00\x01\x00\x00" + struct.pack(">I", ri(9000, 60000)) + struct.pack(">H", ri(9, 14)) + b"\x00\x00" + rbytes(40)


def sourcemap_json():
    src = ch(["../src/viewer/tools/WindowLevelTool.ts", "../src/worklist/WorklistGrid.tsx", "../src/mpr/ObliqueSlicer.ts",
              "../src/lis/ResultTable.tsx", "../src/hanging/HangingProtocolEngine.ts"])
    mp = ";".join(",".join(rs("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz", ri(4, 7)) for _ in range(ri(2, 4))) for _ in range(6))
    return json.dumps({"version": 3, "file": src.split("/")[-1].replace(".tsx", ".js").replace(".ts", ".js"),
                       "sources": [src], "names": [], "mappings": mp}, separators=(",", ":"))


def dicom_meta_bytes():
    def el(g, e, vr, val):
        tag = struct.pack("<HH", g, e)
        if vr in ("OB", "OW", "SQ", "UN", "UT"):
            return tag + vr.encode() + b"\x00\x00" + struct.pack("<I", len(val)) + val
        return tag + vr.encode() + struct.pack("<H", len(val)) + val

    def ui(s):
        b = s.encode()
        return b + (b"\x00" if len(b) % 2 else b"")

    sop = ch(SOP_CLASSES)[0]
    ts = ch(TS_UIDS)[0]
    rest = (el(2, 1, "OB", b"\x00\x01") + el(2, 2, "UI", ui(sop)) + el(2, 3, "UI", ui(dicom_uid()))
            + el(2, 0x10, "UI", ui(ts)) + el(2, 0x12, "UI", ui("1.2.392.200999.71.1.7")) + el(2, 0x13, "SH", b"KOHAKU_PACS7"))
    return b"\x00" * 128 + b"DICM" + el(2, 0, "UL", struct.pack("<I", len(rest))) + rest


def trunc(s, n):
    return s[:n] + ch(["…", "...", f"…[+{len(s) - n} chars]", "…(省略)", "…(생략)", "…(略)"])


# --------------------------------------------------------------------------------------------
# lead-ins and trailers, as real channels have them
# --------------------------------------------------------------------------------------------
LEAD_SAME = ["FYI ", "参考: ", "메모: ", "供參考：", "共有です → ", "확인용: ", "cc @pacs-oncall ", "re: ", "念のため ", "順便貼一下 "]
LEAD_NL = ["共有です。\n", "공유드립니다.\n", "更新一下：\n", "昨日の件、再現しました。\n", "고객사에서 받은 로그입니다.\n",
           "客戶那邊傳來的：\n", "fyi, from the customer ticket:\n", "検証環境の出力です\n", "staging에서 나온 거예요\n"]
TRAIL = ["\nよろしくお願いします🙏", "\n확인 부탁드립니다.", "\n麻煩大家看一下", "\nthx", " 🙇", "\n(週明けに再確認します)",
         "\n내일 오전에 다시 볼게요", "\n這個我明天再追", " :eyes:", "\nlmk if this looks off"]


def dress(text, p_lead=0.13, p_trail=0.06):
    if R.random() < p_lead:
        if "\n" in text or R.random() < 0.5:
            text = ch(LEAD_NL) + text
        else:
            text = ch(LEAD_SAME) + text
    if R.random() < p_trail:
        text = text + ch(TRAIL)
    return text


def fence(body, lang=""):
    return f"```{lang}\n{body}\n```"


# ============================================================================================
# NEGATIVES: data_uri_base64
# ============================================================================================
def d_css_icon():
    cls = ch(["wl-preset", "tool-zoom", "tool-pan", "tool-measure", "mpr-toggle", "cine-play", "keyimage-flag", "status-urgent"])
    png = b64(png_bytes(ch([8, 12, 16]), ch([8, 12, 16])))
    return fence(f".kv-toolbar .{cls} {{\n  width: 24px;\n  height: 24px;\n  background: url(\"data:image/png;base64,{png}\") center/16px no-repeat;\n}}", "css")


def d_csp_error():
    svg = b64(svg_text().encode())
    return (f"Refused to load the image 'data:image/svg+xml;base64,{svg}' because it violates the following Content Security Policy "
            f"directive: \"img-src 'self' blob:\". ← KViewer {ri(6, 8)}.{ri(0, 9)}.{ri(0, 20)} の CSP でこれが出ます")


def d_hl7_pdf():
    d = DT()
    h = hosp()
    pdf = b64(pdf_bytes(ch(["TEST REPORT - NOT FOR CLINICAL USE", "KOHAKU RIS VALIDATION PDF", "DUMMY RADIOLOGY REPORT"])))
    show = pdf if R.random() < 0.5 else trunc(pdf, ri(80, 160))
    segs = [
        f"MSH|^~\\&|KRIS|{h[1]}|{ch(['EMR', 'HIS', 'EHR'])}|{h[1]}|{d.hl7()}||ORU^R01^ORU_R01|{ri(100000, 999999)}|{ch('PT')}|2.5.1|||AL|NE||UNICODE UTF-8",
        f"PID|1||TEST{digs(6)}^^^{h[1]}^MR||TEST^PATIENT^^^^^L||19000101|O",
        f"OBR|1|{digs(8)}|{accession(h[2])}|{ch(['RAD001', 'CT-CHEST', 'MR-HEAD'])}^{ch(['Radiology report', '読影レポート', '판독 보고서'])}^L|||{d.hl7(False)}",
        f"OBX|1|ED|18748-4^Diagnostic imaging study^LN||^application^pdf^Base64^{show}||||||F",
    ]
    return fence("\n".join(segs)) + "\n" + ch(["OBX-5 の PDF が受信側で開けないそうです", "수신 측에서 PDF가 깨진다고 합니다", "對方說 OBX-5 的 PDF 打不開", "receiver says OBX-5 PDF won't render"])


def d_dicomweb_inline():
    pdf = b64(pdf_bytes("ENCAPSULATED TEST PDF"))
    body = json.dumps([{
        "00080016": {"vr": "UI", "Value": ["1.2.840.10008.5.1.4.1.1.104.1"]},
        "00080018": {"vr": "UI", "Value": [dicom_uid()]},
        "00420011": {"vr": "OB", "InlineBinary": trunc(pdf, ri(120, 200))},
        "00420012": {"vr": "LO", "Value": ["application/pdf"]},
    }], indent=ch([None, 1]), ensure_ascii=False)
    return ch(["QIDO/WADO の JSON で InlineBinary が返ってくるケース:\n", "DICOM JSON model, InlineBinary 그대로 옵니다:\n", ""]) + fence(body, "json")


def d_dicom_preamble():
    meta = b64(dicom_meta_bytes())
    lang = ch(["java", "cs", "py"])
    if lang == "java":
        body = f"// Part 10 header only (preamble + DICM + group 0002)\nprivate static final byte[] META = Base64.getDecoder().decode(\n    \"{meta}\");"
    elif lang == "cs":
        body = f"// Part 10 のヘッダだけ (preamble + DICM + 0002 グループ)\nvar meta = Convert.FromBase64String(\n    \"{meta}\");"
    else:
        body = f"# 128바이트 preamble + DICM + 0002 그룹\nMETA = base64.b64decode(\n    \"{meta}\"\n)"
    return fence(body, lang)


def d_font_face():
    w = b64(woff2_head())
    fam = ch(["KViewer Noto Sans JP", "KViewer Noto Sans KR", "KViewer Noto Sans TC", "KohakuMono"])
    return fence(f"@font-face {{\n  font-family: \"{fam}\";\n  src: url(data:font/woff2;base64,{w}{ch(['…', '...', ''])}) format(\"woff2\");\n  font-display: swap;\n  unicode-range: U+3000-30FF, U+4E00-9FFF, U+AC00-D7A3;\n}}", "css")


def d_sourcemap():
    sm = b64(sourcemap_json().encode())
    lines = [f"!function(){{\"use strict\";var e={ri(10, 99)};/* minified */}}();", f"//# sourceMappingURL=data:application/json;charset=utf-8;base64,{sm}"]
    return ch(["本番の bundle にインライン source map が残ってました\n", "prod 번들에 inline sourcemap이 남아 있어요\n", "正式版 bundle 還留著 inline source map\n"]) + fence("\n".join(lines), "js")


def d_wav_dictation():
    wav = b64(wav_bytes(ri(120, 260)))
    show = trunc(wav, ri(100, 200))
    return fence(json.dumps({"reportId": f"RPT-{digs(7)}", "dictation": {"mime": "audio/wav", "src": f"data:audio/wav;base64,{show}",
                                                                         "durationMs": ri(800, 4000)}}, indent=ch([None, 2])), "json") + "\n" + ch(
        ["音声入力のテストデータ(無音+ビープ)です", "받아쓰기 테스트 음원(비프음)입니다", "口述錄音測試檔(只有嗶聲)"])


def d_gif_pixel():
    g = b64(gif_bytes())
    return fence(f"<!-- 読影完了メール template -->\n<img src=\"data:image/gif;base64,{g}\" width=\"1\" height=\"1\" alt=\"\">", "html")


def d_svg_percent():
    s = svg_text().replace("<", "%3C").replace(">", "%3E").replace('"', "'").replace("#", "%23").replace(" ", "%20")
    return fence(f"@* Razor: worklist status dot *@\n<span class=\"status\" style=\"background-image:url(&quot;data:image/svg+xml,{s}&quot;)\"></span>", "html")


def d_markdown_img():
    png = b64(png_bytes(8, 8))
    return ch(["キー画像のサムネ: ", "썸네일: ", "縮圖: ", "thumb preview → "]) + f"![key-image](data:image/png;base64,{png})"


def d_json_log():
    d = DT()
    png = b64(png_bytes(16, 16))
    rec = {"ts": d.iso(), "level": "DEBUG", "logger": "jp.kohakumed.viewer.thumb.ThumbnailService",
           "msg": "thumbnail rendered", "studyUid": dicom_uid(), "thumb": trunc("data:image/png;base64," + png, ri(60, 120))}
    return json.dumps(rec, ensure_ascii=False)


def d_cs_test():
    png = b64(png_bytes(ch([4, 8]), ch([4, 8])))
    return fence(f"[Fact]\npublic void Renders_Overlay_Png()\n{{\n    var png = Convert.FromBase64String(\"{png}\");\n    var img = OverlayRenderer.Decode(png);\n    Assert.Equal({ri(4, 8)}, img.Width);\n}}", "cs")


def d_shell_decode():
    w = ch([8, 16])
    png = b64(png_bytes(w, w))
    return fence(f"$ echo '{png}' | base64 -d > /tmp/icon.png\n$ file /tmp/icon.png\n/tmp/icon.png: PNG image data, {w} x {w}, 8-bit/color RGBA, non-interlaced", "console")


def d_fhir_attachment():
    pdf = b64(pdf_bytes("FHIR PRESENTED FORM TEST"))
    body = {"resourceType": "DiagnosticReport", "id": uuid4(), "status": "final",
            "code": {"coding": [{"system": "http://loinc.org", "code": ch(["18748-4", "24627-2", "36643-5"])}]},
            "presentedForm": [{"contentType": "application/pdf", "language": ch(["ja", "ko", "zh-TW"]), "data": trunc(pdf, ri(90, 180))}]}
    return fence(json.dumps(body, indent=ch([None, None, 1]), ensure_ascii=False), "json")


def d_jupyter():
    png = b64(png_bytes(16, 16))
    cell = {"output_type": "display_data", "data": {"image/png": png, "text/plain": ["<Figure size 160x160 with 1 Axes>"]},
            "metadata": {"needs_background": "light"}}
    return ch(["AI 結節検出の QA notebook、出力セルがこうなってて diff が重い\n", "노트북 출력 셀 때문에 diff가 너무 커요\n"]) + fence(json.dumps(cell, indent=ch([None, 1])), "json")


def d_svg_utf8():
    col = hexs(6)
    return fence(f".wl-row--stat::before {{\n  content: \"\";\n  background: url('data:image/svg+xml;utf8,<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 8 8\"><circle cx=\"4\" cy=\"4\" r=\"4\" fill=\"%23{col}\"/></svg>');\n}}", "scss")


def d_hl7_jpeg():
    d = DT()
    jp = b64(jpeg_head(ri(64, 512), ri(64, 512)))
    return fence(f"OBX|{ri(2, 6)}|ED|KEYIMG^Key image^L||^image^jpeg^Base64^{jp}{ch(['…', '...(truncated)', '…(省略)'])}||||||F|||{d.hl7(False)}") + "\n" + ch(
        ["キー画像を JPEG で OBX に載せる案", "key image를 OBX로 보내는 방안", "key image 用 OBX 帶 JPEG 的做法"])


def d_py_fixture():
    png = b64(png_bytes(4, 4))
    return fence(f"# 1x1 ではなく 4x4 にしないと pydicom の変換テストで落ちる\nTINY_PNG = (\n    \"data:image/png;base64,\"\n    \"{png}\"\n)", "python")


def d_webp_head():
    body = b"WEBPVP8 " + struct.pack("<I", ri(40, 90)) + rbytes(30)
    wb = b64(b"RIFF" + struct.pack("<I", len(body)) + body)
    return f"<img class=\"thumb\" src=\"data:image/webp;base64,{wb}\"> ← 韓国のお客さんの Chrome だとこっちの方が軽い"


def d_short_uri():
    kind = ch(["png", "gif", "svg"])
    if kind == "png":
        u = "data:image/png;base64," + b64(png_bytes(2, 2))
    elif kind == "gif":
        u = "data:image/gif;base64," + b64(gif_bytes())
    else:
        u = "data:image/svg+xml;base64," + b64(svg_text(0).encode())
    return ch(["placeholder は ", "placeholder 이미지는 ", "預設圖是 ", "the empty-series placeholder is "]) + f"`{u}`"


def d_long_css():
    rules = []
    for name in sample(["ct", "mr", "cr", "dx", "us", "mg", "nm", "pt", "xa", "rf", "sr", "ko"], ri(4, 8)):
        rules.append(f".mod-{name} {{ background-image: url(data:image/png;base64,{b64(png_bytes(6, 6))}); }}")
    return "モダリティアイコンをスプライトから data URI に置き換えました\n" + fence("\n".join(rules), "css")


DATA_URI = [d_css_icon, d_csp_error, d_hl7_pdf, d_dicomweb_inline, d_dicom_preamble, d_font_face, d_sourcemap, d_wav_dictation,
            d_gif_pixel, d_svg_percent, d_markdown_img, d_json_log, d_cs_test, d_shell_decode, d_fhir_attachment, d_jupyter,
            d_svg_utf8, d_hl7_jpeg, d_py_fixture, d_webp_head, d_short_uri, d_long_css,
            d_csp_error, d_markdown_img, d_json_log, d_short_uri, d_webp_head]


# ============================================================================================
# NEGATIVES: placeholder_example
# ============================================================================================
def p_spring_props():
    h = hosp()
    lines = [f"# KohakuRIS {ri(6, 8)}.{ri(0, 9)} / {h[0]}",
             f"spring.datasource.url=jdbc:oracle:thin:@//ris-db.{h[1].lower()}.local:1521/KRIS",
             "spring.datasource.username=${RIS_DB_USER}",
             "spring.datasource.password=${RIS_DB_PASSWORD}",
             f"kohaku.dicom.tls.keystore=/opt/kohaku/conf/{h[1].lower()}-scp.p12",
             "kohaku.dicom.tls.keystore-password=${DICOM_TLS_KEYSTORE_PASSWORD:}",
             f"kohaku.hl7.mllp.port={ch([2575, 2576, 6661])}"]
    return fence("\n".join(lines[: ri(4, 7)]), "properties")


def p_appsettings():
    body = {"ConnectionStrings": {"LisDb": "Server=<db-host>;Database=KLIS;User Id=<user>;Password=<password>;TrustServerCertificate=True"},
            "Astm": {"Port": ch([5001, 5100, 4001]), "Analyzer": ch(["AU5800", "cobas8000", "BN-II", "XN-3000"])},
            "Smtp": {"Host": "<smtp-host>", "User": "<smtp-user>", "Password": "<smtp-password>"}}
    return ch(["appsettings.json のテンプレです(値は各サイトで設定)\n", "템플릿입니다. 실제 값은 사이트별로 넣어주세요\n", ""]) + fence(json.dumps(body, indent=ch([None, 2])), "json")


def p_orthanc_default():
    return fence(json.dumps({"Name": f"{hosp()[1]}_ORTHANC_TEST", "DicomAet": "ORTHANC", "DicomPort": 4242,
                             "AuthenticationEnabled": True, "RegisteredUsers": {"orthanc": "orthanc"}}, indent=ch([None, 2])), "json") + "\n" + ch(
        ["↑ Orthanc のデフォルト。検証用 VM だけです", "↑ Orthanc 기본값 그대로. 테스트 VM 전용", "↑ 預設值，只在測試 VM 上"])


def p_storescu():
    return fence(f"storescu --tls --tls-protocol TLSv1.2 \\\n  --key-store /opt/kohaku/tls/scu.p12 --key-store-pass <keystore-pass> \\\n  --trust-store /opt/kohaku/tls/truststore.p12 --trust-store-pass <truststore-pass> \\\n  -c {ch(['KPACS_ARCH', 'TOTO_ARCH', 'HANBIT_PACS'])}@{private_ip()}:{ch([104, 11112, 2762])} ./study/", "bash")


def p_helm():
    return fence("kohakuPacs:\n  db:\n    host: kpacs-postgresql\n    existingSecret: kohaku-pacs-db\n    passwordKey: password\n  dicomweb:\n    token: \"{{ .Values.dicomweb.token }}\"\n  s3Archive:\n    accessKeyId: \"{{ .Values.s3.accessKeyId | required \\\"set s3.accessKeyId\\\" }}\"", "yaml")


def p_gha():
    return fence("- name: Publish NuGet\n  run: dotnet nuget push \"**/*.nupkg\" --api-key ${{ secrets.NUGET_TOKEN }} --source kohaku\n- name: Upload installer\n  env:\n    AWS_ACCESS_KEY_ID: ${{ secrets.AWS_ACCESS_KEY_ID }}\n    AWS_SECRET_ACCESS_KEY: ${{ secrets.AWS_SECRET_ACCESS_KEY }}\n  run: aws s3 cp out/KohakuLIS-Setup.msi s3://kms-release-apne1/lis/", "yaml")


def p_aws_doc():
    return fence("$ aws configure --profile kms-archive\nAWS Access Key ID [None]: AKIAIOSFODNN7EXAMPLE\nAWS Secret Access Key [None]: wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY\nDefault region name [None]: ap-northeast-1\nDefault output format [None]: json", "console") + "\n" + ch(
        ["手順書のサンプル値です(AWS公式の例)", "매뉴얼 예시 값입니다 (AWS 문서 예제)", "手冊範例值(AWS 官方範例)"])


def p_slack_bot_env():
    return fence("# critical-value-notifier/.env.example\nSLACK_BOT_TOKEN=xoxb-your-bot-token\nSLACK_SIGNING_SECRET=<signing-secret>\nSLACK_CHANNEL=#lis-critical-values\nLIS_API_BASE=http://localhost:8080", "ini")


def p_masked_card():
    return ch(["お支払い方法: ", "결제수단: ", "付款方式：", "Card on file: "]) + ch(["VISA", "JCB", "Mastercard", "AMEX"]) + " " + ch(
        [f"**** **** **** {digs(4)}", f"•••• {digs(4)}", f"XXXX-XXXX-XXXX-{digs(4)}", f"末尾 {digs(4)}"]) + ch(["（保守契約 年額）", " (연간 유지보수)", "（年度維護費）", ""])


def p_masked_phone():
    return ch([
        "患者連絡先は 090-XXXX-XXXX の形でマスクされて RIS に出ます",
        "환자 연락처는 010-****-**** 로 마스킹되어 표시됩니다",
        "病患電話在報表上會顯示成 09xx-xxx-xxx",
        "PID-13 comes through as ^PRN^PH^^81^3^XXXXXXXX after the masking rule",
        "紹介元の電話は (0X)XXXX-XXXX 形式で出すことにしました",
        "Tel: +82-10-XXXX-XXXX 로 표시 (개인정보 마스킹 정책)",
    ])


def p_ssn_form():
    return fence("US Employee Onboarding (Kohaku Medical Systems Inc.)\nLegal name:        ____________________\nSSN:               XXX-XX-XXXX\nDate of birth:     YYYY-MM-DD\nBank routing no.:  (provide via HR portal)\nEmergency contact: ____________________") + "\n" + ch(
        ["ボストン拠点の新人向けテンプレです", "미국 법인 온보딩 템플릿", "美國分公司到職表單範本"])


def p_pem_placeholder():
    body = ch(["<paste the private key here>", "MIIEv...(省略)...", "...", "(秘密鍵はここに貼らない。Vault から取得)", "REDACTED"])
    return fence(f"-----BEGIN PRIVATE KEY-----\n{body}\n-----END PRIVATE KEY-----") + "\n" + ch(
        ["DICOM TLS 用の設定テンプレ。鍵は各病院で生成してください", "DICOM TLS 설정 템플릿입니다", "DICOM TLS 設定範本"])


def p_vendor_prefix():
    return ch([
        "OpenAI のキーは `sk-proj-…` で始まるやつ、Anthropic は `sk-ant-api03-...` です。どちらも Vault にあります",
        "GitHub は `ghp_xxxxxxxxxxxx` (classic) じゃなくて `github_pat_...` の fine-grained にしてください",
        "Slack 봇 토큰은 `xoxb-...` 로 시작하는 거고, 유저 토큰 `xoxp-...` 는 쓰지 마세요",
        "AWS 的 key 長這樣 `AKIA...`，不要貼完整的",
        "レポート翻訳PoCの設定: OPENAI_API_KEY=sk-... (自分のを入れてね)",
        "`ANTHROPIC_API_KEY=sk-ant-xxxxxxxx` みたいに書いてあるのはダミーです",
    ])


def p_hl7_template():
    return fence("MSH|^~\\&|<SENDING_APP>|<SENDING_FACILITY>|KRIS|<RECEIVING_FACILITY>|<YYYYMMDDHHMMSS>||ORM^O01|<CONTROL_ID>|P|2.5.1\nPID|1||<PATIENT_ID>^^^<AUTHORITY>^MR||<FAMILY>^<GIVEN>||<DOB>|<SEX>|||<ADDRESS>||<PHONE_HOME>||||||<SSN>\nORC|NW|<PLACER_ORDER>|<FILLER_ORDER>||SC\nOBR|1|<PLACER_ORDER>|<ACCESSION>|<PROC_CODE>^<PROC_NAME>^L") + "\n" + ch(
        ["インタフェース仕様書の雛形です", "인터페이스 명세서 샘플", "介面規格書範本"])


def p_iban_mask():
    return ch(["Remittance: IBAN DE** **** **** **** **** 00 (see signed PDF)", "送金先 IBAN: NL00 XXXX 0000 0000 00（正式な請求書を参照）",
               "IBAN 란은 FR76 XXXX XXXX XXXX XXXX XXXX XXX 처럼 가려서 공유해 주세요", "IBAN：GB00 XXXX 0000 0000 0000 00（請看正式發票）"])


def p_env_example():
    return fence("# report-translator/.env.example\nOPENAI_API_KEY=\nANTHROPIC_API_KEY=\nDICOMWEB_BASE_URL=http://localhost:8042/dicom-web\nDICOMWEB_CLIENT_ID=report-translator\nDICOMWEB_CLIENT_SECRET=\nLOG_LEVEL=info", "ini")


def p_url_placeholder():
    return ch([
        "SFTP の URL は `sftp://USER:PASSWORD@<sftp-host>/inbound/` の形で、実値は 1Password にあります",
        "DICOMweb 接続は `https://<user>:<password>@<host>/dicom-web/studies` ではなく Bearer で",
        "연결 문자열 형식: `amqp://<user>:<pass>@<rabbit-host>:5672/lis`",
        "格式是 `postgres://{user}:{password}@{host}:5432/kpacs`，值請看 Vault",
    ])


def p_vault_refs():
    return fence(f"kpacs:\n  db:\n    password: vault:secret/data/kpacs/{hosp()[1].lower()}/db#password\n  smtp:\n    password: op://KMS-Prod/SMTP relay/password\n  s3:\n    secretAccessKey: \"{{{{resolve:secretsmanager:kpacs/s3-archive:SecretString:secretAccessKey}}}}\"", "yaml")


def p_cs_env():
    return fence("var pwd = Environment.GetEnvironmentVariable(\"LIS_DB_PASSWORD\")\n          ?? throw new InvalidOperationException(\"LIS_DB_PASSWORD is not set\");\nvar cs = $\"Server={host};Database=KLIS;User Id=lis_app;Password={pwd};\";", "cs")


def p_redacted_log():
    d = DT()
    return ch([
        f"{d.log()} WARN  [hl7-mllp-2] j.k.r.db.Pool - Login failed for user 'ris_app' (password=[REDACTED])",
        f"{d.log()} DEBUG HttpClient: Authorization: Bearer <redacted> → GET /dicom-web/studies?PatientID=***",
        f"[{d.log()}] INF Kohaku.Lis.Sync: Connecting with Password=******** to SQL01",
        f"{d.log()} INFO  s3 upload ok (accessKeyId=AKIA****************, bucket=kms-archive-apne1)",
        f"{d.log()} WARN  smtp auth failed user=critical-notify pass=<masked>",
    ])


def p_mirth():
    return fence("// Mirth Connect: Database Reader\nvar dbConn = DatabaseConnectionFactory.createDatabaseConnection(\n    'oracle.jdbc.OracleDriver', $('ris_jdbc_url'), $('ris_user'), $('ris_password'));\n// SMTP は ${smtpUsername} / ${smtpPassword} (Configuration Map)", "javascript")


def p_compose():
    return fence("services:\n  orthanc:\n    image: orthancteam/orthanc:24.6.2\n    environment:\n      ORTHANC__REGISTERED_USERS: '{\"admin\": \"admin\"}'\n  db:\n    image: postgres:16\n    environment:\n      POSTGRES_PASSWORD: changeme\n      POSTGRES_USER: kpacs", "yaml") + "\n" + ch(
        ["ローカル開発用の compose です", "로컬 개발용 compose", "本機開發用"])


def p_jwt_trunc():
    return ch([
        "DICOMweb の Authorization は `Bearer eyJhbGciOiJSUzI1NiIs...` のように送ってます(トークン本体は省略)",
        "토큰은 `eyJhbGciOi…` 로 시작하는 JWT, 만료 5분",
        "header 是 `Authorization: Bearer <access_token>`",
    ])


def p_ini_site():
    h = hosp()
    return fence(f"[{h[1]}]\nae_title = {ae(h[1])}\nhost = pacs-arch.local\nport = 104\nmwl_user = YOUR_USERNAME\nmwl_password = YOUR_PASSWORD\n; 値は現地SEが入力", "ini")


def p_empty_values():
    return fence("LIS_DB_PASSWORD=\nRIS_DB_PASSWORD=\nSMTP_PASSWORD=\"\"\nDICOM_TLS_KEYSTORE_PASSWORD=''", "bash") + "\n" + ch(
        ["空のまま起動すると起動時チェックで落ちます", "비워두면 기동 시 체크에서 실패합니다", "留空的話啟動時檢查會失敗"])


PLACEHOLDER = [p_spring_props, p_appsettings, p_orthanc_default, p_storescu, p_helm, p_gha, p_aws_doc, p_slack_bot_env, p_masked_card,
               p_masked_phone, p_ssn_form, p_pem_placeholder, p_vendor_prefix, p_hl7_template, p_iban_mask, p_env_example,
               p_url_placeholder, p_vault_refs, p_cs_env, p_redacted_log, p_mirth, p_compose, p_jwt_trunc, p_ini_site, p_empty_values,
               p_masked_card, p_masked_phone, p_vendor_prefix, p_iban_mask, p_redacted_log, p_jwt_trunc, p_url_placeholder]


# ============================================================================================
# NEGATIVES: code_identifier
# ============================================================================================
JPKG = ["jp.kohakumed.ris.hl7.inbound", "jp.kohakumed.ris.order", "jp.kohakumed.pacs.scp", "jp.kohakumed.pacs.archive",
        "jp.kohakumed.pacs.anonymize", "jp.kohakumed.ris.worklist", "jp.kohakumed.common.security", "jp.kohakumed.ris.report"]
WORDS = ["Patient", "Phone", "Number", "Email", "Address", "Ssn", "Password", "Secret", "Token", "Credential", "Iban", "Card",
         "Masking", "Normalizer", "Resolver", "Validator", "Provider", "Handler", "Accession", "Order", "Dicom", "Tls", "Keystore",
         "Redaction", "Anonymizer", "Birth", "Date", "Contact", "Referring", "Physician", "Telephone", "Mllp", "Hl7", "Api", "Key"]


def camel(n, lower=False):
    s = "".join(ch(WORDS) for _ in range(n))
    return s[0].lower() + s[1:] if lower else s


def c_java_trace():
    pk = ch(JPKG)
    exc = ch(["ca.uhn.hl7v2.HL7Exception: Invalid phone number in PID-13", "java.lang.IllegalStateException: PatientTelephoneNumbers (0010,2154) must be removed by profile",
              "jp.kohakumed.common.security.CredentialResolutionException: keystore password provider returned empty",
              "org.dcm4che3.net.service.DicomServiceException: Association aborted"])
    frames = [f"\tat {ch(JPKG)}.{camel(ri(2, 4))}.{camel(ri(2, 3), True)}({camel(2)}.java:{ri(40, 900)})" for _ in range(ri(2, 13))]
    frames += ["\tat ca.uhn.hl7v2.parser.PipeParser.doParse(PipeParser.java:258)", "\tat org.dcm4che3.net.Association.onDimseRQ(Association.java:1017)",
               "\tat java.base/java.util.concurrent.ThreadPoolExecutor.runWorker(ThreadPoolExecutor.java:1144)", "\tat java.base/java.lang.Thread.run(Thread.java:1583)"][ri(0, 2):]
    d = DT()
    head = f"{d.log()} ERROR [{ch(['hl7-mllp-worker-3', 'dicom-scp-7', 'worklist-sync-1', 'report-exporter-2'])}] {pk}.{camel(2)} - {ch(['failed to process message', 'メッセージ処理に失敗', '처리 실패'])}"
    return fence("\n".join([head, exc] + frames))


def c_cs_trace():
    ns = ch(["Kohaku.Lis.Interfaces.Astm", "Kohaku.Lis.Results", "Kohaku.Lis.Security", "Kohaku.Lis.Orders.Hl7"])
    frames = []
    for _ in range(ri(3, 10)):
        cls = camel(ri(2, 3))
        m = camel(ri(2, 3))
        frames.append(ch([f"   at {ns}.{cls}.<{m}Async>d__{ri(2, 40)}.MoveNext() in D:\\a\\klis\\src\\{ns.split('.')[-1]}\\{cls}.cs:line {ri(20, 700)}",
                          f"   at {ns}.{cls}.{m}(String {camel(1, True)}, CancellationToken ct)",
                          f"   at {ns}.{cls}.<>c__DisplayClass{ri(1, 30)}_0.<{m}>b__0({camel(2)} x)"]))
    frames.append("   at System.Runtime.CompilerServices.AsyncMethodBuilderCore.Start[TStateMachine](TStateMachine& stateMachine)")
    exc = ch(["System.FormatException: The input string 'PatientPhone' was not in a correct format.",
              "Microsoft.Data.SqlClient.SqlException (0x80131904): Invalid column name 'patient_email_enc'.",
              "System.InvalidOperationException: No service for type 'Kohaku.Lis.Security.ISsnMaskingFilter' has been registered."])
    return fence("\n".join([exc] + frames))


def c_dicom_keywords():
    rows = [("(0010,0010)", "PatientName", "PN", "Z"), ("(0010,0020)", "PatientID", "LO", "Z"), ("(0010,0030)", "PatientBirthDate", "DA", "Z"),
            ("(0010,1040)", "PatientAddress", "LO", "X"), ("(0010,2154)", "PatientTelephoneNumbers", "SH", "X"),
            ("(0008,0094)", "ReferringPhysicianTelephoneNumbers", "SH", "X"), ("(0010,1000)", "OtherPatientIDs", "LO", "X"),
            ("(0010,1002)", "OtherPatientIDsSequence", "SQ", "X"), ("(0010,0021)", "IssuerOfPatientID", "LO", "X"),
            ("(0008,0092)", "ReferringPhysicianAddress", "ST", "X"), ("(0040,A123)", "PersonName", "PN", "D"),
            ("(0008,0050)", "AccessionNumber", "SH", "Z"), ("(0020,000D)", "StudyInstanceUID", "UI", "U")]
    rs_ = sample(rows, ri(4, 9))
    out = ["| tag | keyword | VR | action |", "|---|---|---|---|"] + [f"| {a} | `{b}` | {c} | {d} |" for a, b, c, d in rs_]
    return ch(["匿名化プロファイル(Basic Profile)の対象タグ、うちの実装との対応です\n", "De-identification 대상 태그 정리\n", "去識別化要處理的 tag：\n"]) + "\n".join(out)


def c_java_constants():
    names = ["DICOM_TLS_KEYSTORE_PASSWORD_PROPERTY", "HL7_PID_13_PHONE_HOME", "HL7_PID_19_SSN_NUMBER", "MASK_PATIENT_EMAIL_IN_WORKLIST",
             "SMTP_PASSWORD_ENV", "S3_SECRET_ACCESS_KEY_ENV", "DEFAULT_TOKEN_TTL_SECONDS", "IBAN_FIELD_MAX_LENGTH"]
    lines = []
    for n in sample(names, ri(3, 6)):
        val = ch([f"\"kohaku.{n.lower().replace('_', '.')}\"", str(ri(3, 40)), f"\"{n}\""])
        typ = "int" if val.isdigit() else "String"
        lines.append(f"    public static final {typ} {n} = {val};")
    return fence("public final class " + camel(2) + "Keys {\n" + "\n".join(lines) + "\n}", "java")


def c_cs_assembly():
    asm = ch(["Kohaku.Lis.Core", "Kohaku.Lis.Security", "Kohaku.Lis.Interfaces.Astm", "Kohaku.Ris.Bridge"])
    return (f"Could not load file or assembly '{asm}, Version={ch(['0.0.0.0', '10.0.0.0'])}, Culture=neutral, PublicKeyToken=null' or one of its dependencies. "
            f"({asm}.{camel(2)}.{camel(2, False)}Factory)")


def c_kubectl_pods():
    rows = ["NAME                                          READY   STATUS    RESTARTS   AGE"]
    for base in sample(["kpacs-dicom-scp", "kpacs-dicomweb", "kris-hl7-mllp", "kris-worklist", "klis-astm-gw", "klis-result-api",
                        "kpacs-thumb-render", "critical-value-notifier", "report-translator"], ri(3, 6)):
        name = f"{base}-{hexs(10)}-{rs('bcdfghjklmnpqrstvwxz2456789', 5)}"
        rows.append(f"{name:<46}1/1     Running   {ri(0, 3):<10} {ri(1, 40)}d")
    return fence("$ kubectl -n kohaku-" + ch(["prod-jp", "prod-kr", "prod-tw", "stg"]) + " get pods\n" + "\n".join(rows), "console")


def c_sql_ddl():
    t = ch(["lis_patient_contact", "ris_order", "pacs_study_ext"])
    cols = [f"  id                 BIGINT IDENTITY PRIMARY KEY", "  patient_phone_enc  VARBINARY(256) NULL", "  patient_email_hash CHAR(64) NULL",
            "  ssn_last4          CHAR(4) NULL", "  password_hash      VARCHAR(100) NOT NULL", "  api_token_prefix   CHAR(8) NULL",
            "  iban_masked        VARCHAR(40) NULL", "  created_at         DATETIME2 NOT NULL"]
    pick = [cols[0]] + sample(cols[1:-1], ri(2, 5)) + [cols[-1]]
    return fence(f"CREATE TABLE dbo.{t} (\n" + ",\n".join(pick) + "\n);", "sql")


def c_gdb_mangled():
    frames = []
    syms = ["_ZN6kohaku5codec3jls10JlsDecoder10decodeScanEPKhmRNS0_10FrameInfoE", "_ZN6kohaku5codec4j2k13TileComponent7inverseEv",
            "_ZNSt6vectorIhSaIhEE17_M_default_appendEm", "_ZN6kohaku5codec3jls12ContextRunMode11decodeRunPixelsEiPti",
            "_ZN5charls14jpeg_ls_decoder6decodeESt4spanISt4byteLm18446744073709551615EE",
            "_ZN6kohaku7overlay13PatientBanner11renderPhoneERKNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEE"]
    for i, s in enumerate(sample(syms, ri(3, 6))):
        frames.append(f"#{i}  0x{'00007f' + hexs(10)} in {s} () from /opt/kohaku/lib/libkcodec.so.{ri(2, 4)}")
    return fence("Thread 7 \"dicom-scp-7\" received signal SIGSEGV, Segmentation fault.\n" + "\n".join(frames), "gdb")


def c_hl7_enum():
    rows = ["PID_3_PATIENT_ID(\"PID\", 3)", "PID_5_PATIENT_NAME(\"PID\", 5)", "PID_7_BIRTH_DATE(\"PID\", 7)", "PID_13_PHONE_HOME(\"PID\", 13)",
            "PID_14_PHONE_BUSINESS(\"PID\", 14)", "PID_19_SSN_NUMBER(\"PID\", 19)", "ORC_2_PLACER_ORDER_NUMBER(\"ORC\", 2)", "OBR_18_PLACER_FIELD_1(\"OBR\", 18)"]
    pick = sample(rows, ri(3, 6))
    return fence("public enum Hl7Field {\n    " + ",\n    ".join(pick) + ";\n    // PID-19 は日本・韓国・台湾では使わないが v2.5.1 互換のため残す\n}", "java")


def c_webpack():
    chunks = []
    for n in sample(["viewer-mpr", "viewer-cine", "worklist", "lis-results", "hanging-protocol", "measure-tools", "report-editor", "vendors~main"], ri(3, 6)):
        chunks.append(f"  static/js/{n}.{hexs(8)}.chunk.js   {ri(12, 900)}.{ri(0, 99):02d} kB")
    css = f"  static/css/main.{hexs(8)}.css   {ri(20, 90)}.{ri(0, 99):02d} kB"
    return fence("File sizes after gzip:\n\n" + "\n".join(chunks + [css]), "console")


def c_spring_beans():
    beans = [camel(ri(3, 4), True) for _ in range(ri(3, 6))]
    return "Bean 名がぶつかってます: " + ", ".join(f"`{b}`" for b in beans) + " ← " + ch(["どれか @Qualifier 付けて", "하나는 이름 바꿔주세요", "先改一個"])


def c_feature_flags():
    flags = ["ris.worklist.maskPatientPhone", "ris.worklist.showPatientEmail", "lis.result.sendEmailOnCritical", "pacs.anonymize.keepIssuerOfPatientId",
             "pacs.export.stripReferringPhysicianTelephoneNumbers", "lis.portal.passwordlessLogin", "ris.hl7.acceptPid19Ssn"]
    lines = [f"  {f}: {ch(['true', 'false'])}" for f in sample(flags, ri(3, 6))]
    return fence("featureFlags:\n" + "\n".join(lines), "yaml")


def c_terraform():
    addrs = ["aws_secretsmanager_secret.kpacs_db_password", "aws_iam_access_key.s3_archive_uploader", "aws_kms_key.phi_at_rest",
             "module.kris_tw.aws_db_instance.ris", "aws_secretsmanager_secret_version.smtp_password", "aws_iam_user.report_translator",
             "module.kpacs_kr.aws_s3_bucket.dicom_archive"]
    lines = [f"  # {a} will be {ch(['updated in-place', 'created', 'read during apply'])}" for a in sample(addrs, ri(1, 4))]
    return fence("Terraform will perform the following actions:\n\n" + "\n".join(lines) + f"\n\nPlan: {ri(0, 3)} to add, {ri(0, 4)} to change, 0 to destroy.", "console")


def c_csproj():
    pkgs = sample(["Kohaku.Lis.Security.PatientContactRedaction", "Kohaku.Lis.Security.PasswordHashing", "Kohaku.Lis.Interfaces.Astm",
                   "Kohaku.Lis.Orders.Hl7.PidPhoneNormalizer", "Kohaku.Ris.Bridge.TokenExchange"], ri(2, 4))
    return fence("<ItemGroup>\n" + "\n".join(f"  <ProjectReference Include=\"..\\{p}\\{p}.csproj\" />" for p in pkgs) + "\n</ItemGroup>", "xml")


def c_logger_line():
    d = DT()
    return f"{d.log()} DEBUG [{ch(['hl7-mllp-worker-1', 'scp-assoc-12', 'mwl-poll'])}] j.k.{ch(['r.h', 'p.s', 'c.s'])}.{camel(3)} - {camel(2, True)}={ch(['null', 'MASKED', 'skipped'])}"


def c_dcm4che_tag():
    tags = [("PatientTelephoneNumbers", "0x00102154"), ("ReferringPhysicianTelephoneNumbers", "0x00080094"), ("PatientBirthDate", "0x00100030"),
            ("OtherPatientIDs", "0x00101000"), ("PersonTelephoneNumbers", "0x00401103"), ("PatientAddress", "0x00101040"),
            ("ResponsiblePerson", "0x00102297"), ("InstitutionAddress", "0x00080081")]
    lines = [f"    public static final int {n} = {v};" for n, v in sample(tags, ri(3, 6))]
    return fence("// org.dcm4che3.data.Tag から抜粋\n" + "\n".join(lines), "java")


def c_proto():
    if R.random() < 0.5:
        return fence(f"message PatientContact {{\n  string phone_e164 = 1;\n  string email = 2;\n  bool   phone_masked = {ri(3, 9)};\n}}", "protobuf")
    return fence(f"syntax = \"proto3\";\npackage kohaku.lis.v{ri(1, 3)};\n\nmessage PatientContact {{\n  string phone_e164 = 1;\n  string email = 2;\n  bool   phone_masked = 3;\n}}\n\nservice ResultService {{\n  rpc StreamCriticalValues(CriticalValueFilter) returns (stream CriticalValue);\n}}", "protobuf")


def c_cglib():
    d = DT()
    return fence(f"{d.log()} WARN  [http-nio-8080-exec-{ri(1, 20)}] o.s.a.i.SimpleAsyncUncaughtExceptionHandler - Unexpected exception occurred invoking async method\n"
                 f"\tat jp.kohakumed.ris.order.RisOrderService$$SpringCGLIB$$0.placeOrder(<generated>)\n"
                 f"\tat jp.kohakumed.ris.notify.CriticalFindingNotifier.lambda$sendPhoneFallback${ri(0, 9)}(CriticalFindingNotifier.java:{ri(50, 300)})\n"
                 f"\tat jp.kohakumed.common.security.TokenRefreshScheduler.refreshDicomwebBearerToken(TokenRefreshScheduler.java:{ri(40, 200)})")


def c_grep():
    hits = []
    for _ in range(ri(3, 7)):
        f = ch(["src/Kohaku.Lis.Security/SsnMaskingFilter.cs", "src/Kohaku.Lis.Orders.Hl7/PidSegmentMapper.cs", "src/Kohaku.Lis.Portal/Account/PasswordPolicy.cs",
                "src/Kohaku.Lis.Results/CriticalValueEmailSender.cs"])
        hits.append(f"{f}:{ri(10, 400)}:        {ch(['var', 'private readonly', 'public'])} {camel(2)} {camel(3, True)} = {ch(['null', 'new()', 'default'])};")
    return fence(f"$ git grep -n \"{ch(['SsnMask', 'PasswordPolicy', 'PhoneNumber', 'EmailHash'])}\"\n" + "\n".join(hits), "console")


def c_short_ident():
    return ch([
        f"`{camel(4, True)}` と `{camel(4, True)}` どっちがいい？ 命名レビューお願いします",
        f"`{camel(3)}Tests.{camel(2, True)}_Should{camel(2)}` が CI で flaky です",
        f"메서드 이름 `{camel(4, True)}` 너무 길어요 ㅎㅎ",
        f"`I{camel(3)}` 介面拆成兩個比較好",
    ])


CODE_IDENT = [c_java_trace, c_cs_trace, c_dicom_keywords, c_java_constants, c_cs_assembly, c_kubectl_pods, c_sql_ddl, c_gdb_mangled,
              c_hl7_enum, c_webpack, c_spring_beans, c_feature_flags, c_terraform, c_csproj, c_logger_line, c_dcm4che_tag, c_proto,
              c_cglib, c_grep, c_short_ident, c_short_ident, c_logger_line, c_spring_beans, c_cs_assembly, c_logger_line]


# ============================================================================================
# NEGATIVES: non_credential_blob
# ============================================================================================
def b_dcmdump():
    ts = ch(TS_UIDS)
    sop = ch(SOP_CLASSES)
    st = dicom_uid()
    rows = [f"(0002,0010) UI ={ts[1].replace(' ', '')}{' ' * 10}#  {len(ts[0])}, 1 TransferSyntaxUID",
            f"(0008,0016) UI =[{sop[0]}]{' ' * 6}#  {len(sop[0])}, 1 SOPClassUID",
            f"(0008,0018) UI [{dicom_uid()}] # {ri(40, 64)}, 1 SOPInstanceUID",
            f"(0020,000d) UI [{st}] # {len(st)}, 1 StudyInstanceUID",
            f"(0020,000e) UI [{dicom_uid()}] # {ri(40, 64)}, 1 SeriesInstanceUID",
            f"(0020,0052) UI [{dicom_uid()}] # {ri(40, 64)}, 1 FrameOfReferenceUID"]
    pick = rows[: ri(3, 6)]
    return fence("$ dcmdump +P 0002,0010 +P 0008,0016 +P 0008,0018 +P 0020,000d +P 0020,000e IM0001.dcm\n" + "\n".join(pick), "console")


def b_uuid_uids():
    uids = [uuid_uid() for _ in range(ri(1, 4))]
    return ch(["2.25 形式の UID がこんな感じで来ます: ", "2.25 UID 예시: ", "2.25 開頭的 UID：", "UUID-derived UIDs from the new modality: "]) + ", ".join(uids)


def b_orthanc_json():
    body = {"ID": orthanc_id(), "Type": "Study", "IsStable": True, "LastUpdate": DT().hl7(False)[:8] + "T" + DT().hl7(False)[8:],
            "MainDicomTags": {"StudyInstanceUID": dicom_uid(), "AccessionNumber": accession(ch(["JP", "KR", "TW"])), "StudyDate": DT().dcm()},
            "ParentPatient": orthanc_id(), "Series": [orthanc_id() for _ in range(ri(1, 3))]}
    return fence(json.dumps(body, indent=ch([None, 2])), "json")


def b_git_log():
    msgs = ["fix(scp): C-STORE 応答の status を 0xB000 に", "feat(worklist): 검사실 필터 추가", "fix(hl7): ORM^O01 で OBR-4 が空のときの NPE",
            "chore: bump dcm4che to 5.33.1", "perf(viewer): MPR 重建速度改善", "fix(lis): ASTM checksum 計算ミス", "refactor: PatientBanner 分離",
            "feat(report): 판독문 번역 PoC", "fix(tw): 民國年の日付変換", "docs: DICOM conformance statement 更新"]
    w = ch([7, 8, 10])
    lines = [f"{hexs(w)} {m}" for m in sample(msgs, ri(3, 8))]
    return fence("$ git log --oneline -n " + str(len(lines)) + "\n" + "\n".join(lines), "console")


def b_docker_digest():
    img = ch(["kpacs/dicom-scp", "kris/hl7-mllp", "klis/astm-gateway", "kpacs/thumb-render"])
    return ch(["本番は digest で固定: ", "prod 이미지는 digest 고정: ", "正式環境用 digest 鎖版本："]) + f"`registry.kohakumed.internal/{img}@sha256:{hexs(64)}`"


def b_hl7_ack():
    d = DT()
    cid = ch([lambda: uuid4(), lambda: f"{d.hl7(False)}{digs(4)}", lambda: hexs(20).upper()])()
    return fence(f"MSH|^~\\&|KRIS|{hosp()[1]}|HIS|{hosp()[1]}|{d.hl7()}||ACK^O01^ACK|{cid}|P|2.5.1\nMSA|AA|{cid}") + "\n" + ch(
        ["MSH-10 がそのまま MSA-2 に入ってれば OK", "MSA-2 에 MSH-10 그대로 들어가면 정상", "MSA-2 要等於 MSH-10"])


def b_s3_ls():
    uid = dicom_uid()
    rows = []
    d = DT()
    for _ in range(ri(2, 7)):
        rows.append(f"{d.date()} {d.hm()}:{d.s:02d} {ri(200000, 9000000):>10} studies/{uid}/series/{hexs(16)}/{hexs(40)}.dcm")
        d.advance(ri(1, 30))
    return fence(f"$ aws s3 ls --recursive s3://kms-archive-apne{ch([1, 2, 3])}/studies/{uid}/\n" + "\n".join(rows), "console")


def b_sha256sum():
    v = f"{ri(6, 8)}.{ri(0, 9)}.{ri(0, 20)}"
    files = [f"KohakuPACS-Setup-{v}.msi", f"KohakuLIS-Setup-{v}.msi", f"kviewer-{v}.tar.gz", f"kris-server-{v}.jar"]
    return fence("\n".join(f"{hexs(64)}  {f}" for f in sample(files, ri(2, 4))), "text") + "\n" + ch(
        ["リリースのチェックサムです", "릴리스 체크섬", "發行版 checksum"])


def b_nuget_lock():
    pk = ch(["fo-dicom", "NHapi.Base", "Serilog", "Dapper", "Microsoft.Data.SqlClient"])
    return fence(json.dumps({pk: {"type": "Direct", "requested": f"[{ri(1, 6)}.{ri(0, 9)}.{ri(0, 9)}, )", "resolved": f"{ri(1, 6)}.{ri(0, 9)}.{ri(0, 9)}",
                                  "contentHash": b64(rbytes(64))}}, indent=ch([None, 2])), "json")


def b_trace_json():
    d = DT()
    recs = []
    for _ in range(ri(1, 4)):
        recs.append(json.dumps({"ts": d.iso(), "level": "INFO", "traceId": hexs(32), "spanId": hexs(16), "svc": ch(["kris-hl7-mllp", "kpacs-dicomweb", "klis-result-api"]),
                                "msg": ch(["QIDO-RS done", "ORM accepted", "result posted", "C-FIND done"]), "ms": ri(3, 900)}))
        d.advance(ri(1, 5))
    return "\n".join(recs)


def b_activity_id():
    return f"Activity.Id=00-{hexs(32)}-{hexs(16)}-01 / ParentId=|{hexs(32)}.{hexs(8)}. ← C# 側の W3C trace ID です"


def b_mirth_ids():
    rows = [f"| {ch(['ADT_IN', 'ORM_TO_MODALITY', 'ORU_TO_EMR', 'LIS_RESULTS', 'MWL_SYNC'])} | `{uuid4()}` | {ch(['STARTED', 'STOPPED', 'PAUSED'])} |" for _ in range(ri(2, 6))]
    return "\n".join(["| channel | id | state |", "|---|---|---|"] + rows)


def b_sops():
    def enc():
        return f"ENC[AES256_GCM,data:{b64(rbytes(ri(12, 30)))},iv:{b64(rbytes(32))},tag:{b64(rbytes(16))},type:str]"
    if R.random() < 0.5:
        return fence(f"kpacs:\n  db:\n    password: {enc()}", "yaml") + "\n" + ch(["SOPS で暗号化済みなのでコミット OK", "SOPS 암호화된 값입니다", "已用 SOPS 加密"])
    return fence(f"kpacs:\n  db:\n    password: {enc()}\n  smtp:\n    password: {enc()}\nsops:\n  kms:\n    - arn: arn:aws:kms:ap-northeast-1:111122223333:key/{uuid4()}\n  lastmodified: \"{DT().iso('Z')}\"\n  version: 3.8.1", "yaml")


def b_cursor():
    cur = b64(json.dumps({"offset": ri(100, 9000), "studyDate": DT().dcm(), "sort": "StudyTime"}).encode()).rstrip("=")
    return f"GET /api/v2/worklist?limit=100&cursor={cur} → 次ページのカーソルは base64 の JSON です"


def b_ssh_fp():
    return ch(["顧客 SFTP のホスト鍵フィンガープリント確認: ", "고객 SFTP 호스트 키 지문: ", "客戶 SFTP host key 指紋："]) + f"`ED25519 SHA256:{b64(rbytes(32)).rstrip('=')}`"


def b_etag():
    d = DT()
    return fence(f"HTTP/1.1 200 OK\nContent-Type: multipart/related; type=\"application/dicom\"; boundary={hexs(32)}\nETag: \"{hexs(32)}-{ri(2, 40)}\"\nContent-MD5: {b64(rbytes(16))}\nX-Request-Id: {uuid4()}\nDate: {d.date()} {d.hm()} GMT", "http")


def b_ulids():
    return "export jobs: " + ", ".join(ulid() for _ in range(ri(2, 5)))


def b_thread_dump():
    lines = []
    for _ in range(ri(3, 7)):
        lines.append(f"\"{ch(['dicom-scp', 'hl7-mllp-worker', 'mwl-poll', 'C3 CompilerThread'])}-{ri(0, 20)}\" #{ri(10, 200)} prio=5 os_prio=0 cpu={ri(1, 9999)}.{ri(10, 99)}ms elapsed={ri(100, 90000)}.{ri(10, 99)}s tid=0x00007f{hexs(10)} nid=0x{hexs(4)} waiting on condition  [0x00007f{hexs(6)}000]")
    return fence("\n".join(lines))


def b_md5_manifest():
    rows = ["file,size,md5"]
    for i in range(ri(5, 14)):
        rows.append(f"IM{i + 1:05d}.dcm,{ri(120000, 900000)},{hexs(32)}")
    return ch(["搬入データのマニフェスト (MD5)\n", "이관 데이터 MD5 목록\n", "遷移資料 MD5 清單\n"]) + fence("\n".join(rows), "csv")


def b_pdb_checksum():
    return fence(f"  Kohaku.Lis.Core -> D:\\a\\klis\\out\\Kohaku.Lis.Core.dll\n  MVID: {uuid4()}\n  PDB checksum: SHA256:{hexs(64)}\n  Deterministic: True", "text")


def b_bytea():
    return fence(f"kpacs=# SELECT id, phone_enc FROM lis_patient_contact LIMIT {ri(2, 4)};\n" + "\n".join(
        f" {ri(1000, 99999)} | \\x{hexs(ri(48, 80))}" for _ in range(ri(2, 4))), "console") + "\n" + ch(
        ["暗号化済みなので中身は読めません", "암호화 저장이라 평문 아님", "已加密，看不到明文"])


def b_maven_sha():
    art = ch(["dcm4che-net-5.33.1.jar", "hapi-structures-v251-2.5.1.jar", "dcm4che-core-5.33.1.jar"])
    return f"[INFO] Downloaded {art} ({ri(200, 2000)} kB) sha1={hexs(40)}"


def b_short_sha():
    return ch([f"{hexs(7)} で直ってます", f"修正コミット {hexs(40)}", f"`{hexs(12)}` 이후 빌드부터 OK", f"hotfix 在 {hexs(8)}"])


NONCRED = [b_dcmdump, b_uuid_uids, b_orthanc_json, b_git_log, b_docker_digest, b_hl7_ack, b_s3_ls, b_sha256sum, b_nuget_lock, b_trace_json,
           b_activity_id, b_mirth_ids, b_sops, b_cursor, b_ssh_fp, b_etag, b_ulids, b_thread_dump, b_md5_manifest, b_pdb_checksum, b_bytea,
           b_maven_sha, b_short_sha]


# ============================================================================================
# NEGATIVES: pii_lookalike_number
# ============================================================================================
def lab_val(t):
    code, name, unit, lo, hi, dec = t
    span = hi - lo
    v = R.uniform(lo - span * 0.4, hi + span * 0.6)
    v = max(0, v)
    flag = "H" if v > hi else ("L" if v < lo else "")
    fmt = f"{{:.{dec}f}}"
    return fmt.format(v), flag, f"{fmt.format(lo)}-{fmt.format(hi)}"


def l_accessions():
    c = ch(["JP", "KR", "TW"])
    xs = [accession(c) for _ in range(ri(3, 8))]
    return ch(["重複オーダの accession: ", "중복 오더 accession: ", "重複的檢查單號：", "dup accessions from the MWL: "]) + ", ".join(xs)


def l_hl7_orm():
    h = hosp()
    d = DT()
    plc = digs_nz(ri(8, 10))
    segs = [f"MSH|^~\\&|HIS|{h[1]}|KRIS|{h[1]}|{d.hl7()}||ORM^O01|{digs_nz(9)}|P|2.5.1",
            f"PID|1||TEST{digs(6)}^^^{h[1]}^MR||TEST^PATIENT||19000101|O",
            f"PV1|1|O|{ch(['RAD', 'ER', 'OPD'])}^{ri(1, 20)}",
            f"ORC|NW|{plc}|{accession(h[2])}||SC||^^^{d.hl7(False)}",
            f"OBR|1|{plc}|{accession(h[2])}|{ch(['E200', 'CT-ABD-C', 'MR-BRAIN'])}^{ch(EXAMS[h[2]])}^L|||{d.hl7(False)}"]
    return fence("\n".join(segs[: ri(3, 5)])) + "\n" + ch(["ORC-2 と OBR-2 が一致しないと弾かれます", "ORC-2/OBR-2 불일치 시 reject", "ORC-2 跟 OBR-2 要一致"])


def l_lab_table():
    rows = ["| 項目 | 結果 | 単位 | 基準値 | |", "|---|---:|---|---|---|"]
    for t in sample(LABS, ri(4, 9)):
        v, f, rng_ = lab_val(t)
        rows.append(f"| {t[1]} | {v} | {t[2]} | {rng_} | {f} |")
    return f"検体番号 {DT().dcm()[2:]}{digs(4)} (テスト患者) の結果表示確認\n" + "\n".join(rows)


def l_lab_table_ko():
    rows = ["검사코드  결과     단위          참고치"]
    for t in sample(LABS, ri(4, 10)):
        v, f, rng_ = lab_val(t)
        rows.append(f"{t[0]:<9} {v + (' ' + f if f else ''):<8} {t[2]:<13} {rng_}")
    return "QC 검체 결과 (환자 아님)\n" + fence("\n".join(rows))


def l_invoice_jpy():
    items = [("KohakuPACS 年間保守", ri(80, 400) * 10000), ("RIS 端末ライセンス 追加", ri(5, 30) * 10000), ("オンサイト作業 (人日)", ri(8, 15) * 10000),
             ("DICOM ゲートウェイ 設定変更", ri(10, 60) * 10000)]
    pick = sample(items, ri(2, 4))
    sub = sum(p for _, p in pick)
    lines = [f"請求書番号: KMS-INV-{DT().y}-{digs(5)}", f"登録番号: T{digs_nz(13)}", f"発行日: {DT().date('/')}"]
    lines += [f"  {n:<20} ¥{p:,}" for n, p in pick]
    lines += [f"  小計 ¥{sub:,}", f"  消費税(10%) ¥{sub // 10:,}", f"  合計 ¥{sub + sub // 10:,}"]
    return fence("\n".join(lines))


def l_invoice_krw():
    sub = ri(5, 90) * 1000000
    lines = [f"세금계산서 번호: {DT().dcm()}-{digs(8)}", f"공급자 사업자등록번호: {ri(101, 899)}-{ri(81, 88)}-{digs(5)}", f"공급가액: ₩{sub:,}",
             f"부가세: ₩{sub // 10:,}", f"합계: ₩{sub + sub // 10:,}", f"품목: KohakuLIS 연간 유지보수 ({hosp('KR')[0]})"]
    return fence("\n".join(lines[: ri(4, 6)]))


def l_invoice_twd():
    sub = ri(50, 900) * 1000
    lines = [f"發票號碼：{rs(UP, 2)}-{digs(8)}", f"賣方統一編號：{digs_nz(8)}", f"買方：{hosp('TW')[0]}", f"品名：KohakuRIS 年度維護",
             f"銷售額：NT${sub:,}", f"營業稅(5%)：NT${sub * 5 // 100:,}", f"總計：NT${sub + sub * 5 // 100:,}"]
    return fence("\n".join(lines))


def l_node_table():
    rows = ["| AE title | IP | port | 用途 |", "|---|---|---|---|"]
    for _ in range(ri(3, 7)):
        h = hosp()
        rows.append(f"| {ae(h[1])} | {private_ip()} | {ch([104, 11112, 4242, 2762])} | {ch(['C-STORE SCP', 'MWL SCP', 'Q/R', 'Storage Commitment'])} |")
    return "\n".join(rows)


def l_rfc5737():
    a, b = ch([("手順書の例示アドレスは ", " を使ってください (RFC 5737)"), ("매뉴얼 예시 IP는 ", " 로 통일 (RFC 5737)"),
               ("文件裡的範例 IP 用 ", "（RFC 5737 文件用位址）"), ("docs examples must use ", " (RFC 5737 ranges only)")])
    return a + ", ".join(doc_ip() for _ in range(ri(2, 4))) + b


def l_dates():
    d = DT()
    return ch([
        f"稼働日は 令和{d.y - 2018}年{d.mo}月{d.d}日 (= {d.date('/')}) です",
        f"민국/서기 변환 확인: 民國{d.y - 1911}年{d.mo}月{d.d}日 → {d.date()}",
        f"StudyDate={d.dcm()} StudyTime={d.h:02d}{d.mi:02d}{d.s:02d}.{ri(0, 999999):06d} / HL7 TS {d.hl7()}",
        f"{d.y}年{d.mo}月{d.d}日 {d.hm()} JST に切替、{d.y}.{d.mo:02d}.{d.d:02d} 09:00 KST 에 한국 서버",
    ])


def l_epochs():
    d = DT()
    e = d.epoch()
    return ch([f"ts={e} ({d.iso()})", f"createdAt: {e * 1000 + d.ms} / updatedAt: {e * 1000 + d.ms + ri(1000, 90000)}",
               f"Slack ts {e}.{digs(6)} のメッセージから再送が始まってます"])


def l_versions():
    return ch([
        f"KohakuPACS {ri(6, 8)}.{ri(0, 9)}.{ri(0, 30)} / dcm4che 5.{ri(28, 33)}.{ri(0, 3)} / HL7 v2.5.1 / OpenJDK 21.0.{ri(1, 6)}+{ri(5, 13)}",
        f"KohakuLIS {ri(3, 5)}.{ri(0, 9)}.{ri(0, 40)} (.NET 8.0.{ri(1, 12)}, fo-dicom 5.1.{ri(0, 4)})",
        f"DICOM 標準は 2024{ch('abcde')} 準拠、conformance statement rev.{ri(10, 40)}",
    ])


def l_barcodes():
    xs = [f"{DT().dcm()[2:]}{digs(4)}" for _ in range(ri(4, 10))]
    return "採血管バーコード (テスト用ラベル):\n" + "\n".join(xs)


def l_csv_orders():
    rows = ["order_no,accession,modality,scheduled_at,status,amount_jpy"]
    d = DT()
    for _ in range(ri(12, 26)):
        rows.append(f"{digs_nz(9)},{accession('JP')},{ch(MODS)},{d.iso()},{ch(['SCHEDULED', 'ARRIVED', 'COMPLETED', 'CANCELED'])},{ri(1, 40) * 1000}")
        d.advance(ri(300, 4000))
    return "月次の検査オーダ CSV (患者列は除外済み)\n" + fence("\n".join(rows), "csv")


def l_tickets():
    return ch([f"KMS-SUP-{digs_nz(5)} と PACS-{ri(1000, 9999)} は同じ原因です", f"INC{digs(7)} 대응 완료, 관련 Jira KLIS-{ri(100, 3000)}",
               f"工單 #{digs_nz(6)} 跟 RIS-{ri(100, 3000)} 合併", f"Zendesk #{digs_nz(6)} → CS-{ri(1000, 9999)}"])


def l_counts():
    return ch([f"アーカイブ総量 {ri(10, 900):,} TB / {ri(10000000, 999999999):,} instances",
               f"이관 완료: {ri(1000000, 90000000):,}건 / 실패 {ri(0, 999)}건",
               f"昨日 C-STORE {ri(100000, 990000):,} 張，平均 {ri(20, 300)} ms",
               f"disk: {ri(1000000000, 9000000000):,} bytes free on /data/kpacs"])


def l_cves():
    return ch(["CVE-2021-44228 (log4j) 影響なし確認済み", "CVE-2024-33605 / CVE-2024-28877 의 영향 범위 확인 중", "GHSA-jfh8-c2jp-5v3q は dcm4che には関係なし",
               f"KB50{digs(5)} 適用後に SCP が落ちる件"])


def l_udi():
    gtin = "0" + digs_nz(12)
    return f"装置 UDI: (01){gtin}{ri(0, 9)}(11){DT().dcm()[2:]}(21)SN{digs(7)} / 型番 KMS-{ri(1000, 9999)}-{ri(100, 999)}"


def l_billing_codes():
    return ch([
        f"診療報酬: E200 CT撮影(64列以上) {ri(900, 1100)}点、E202 MRI {ri(1300, 1700)}点、画像診断管理加算2 {ri(170, 180)}点",
        f"健保代碼 33070B 電腦斷層 {ri(3000, 5000)} 點、33085B 磁振造影 {ri(6000, 9000)} 點",
        f"EDI 코드 HA{digs(3)} 흉부 CT, 수가 {ri(50000, 150000):,}원",
    ])


def l_perf():
    rows = ["| op | p50 ms | p95 ms | p99 ms | n |", "|---|---:|---:|---:|---:|"]
    for op in sample(["C-FIND", "C-MOVE", "C-STORE", "QIDO-RS", "WADO-RS", "STOW-RS", "MWL"], ri(3, 6)):
        a = ri(3, 80)
        rows.append(f"| {op} | {a} | {a * ri(2, 5)} | {a * ri(6, 12)} | {ri(1000, 900000):,} |")
    return "\n".join(rows)


def l_qc_lot():
    return f"QC lot {DT().dcm()[2:6]}{rs(UP, 1)}{digs(2)} / 試薬ロット {digs(6)} / 期限 {DT().date('/')} / 管理値 {ri(90, 110)}.{ri(0, 9)} ± {ri(1, 5)}.{ri(0, 9)}"


def l_part_numbers():
    return ch([f"交換部品 P/N {ri(1000, 9999)}-{ri(1000, 9999)}-{ri(10, 99)} × {ri(1, 4)}", f"S/N KMS{digs(8)} 장비 펌웨어 {ri(1, 9)}.{ri(0, 9)}.{ri(0, 9)}",
               f"PO-{DT().y}-{digs(6)} 到貨，序號 TW{digs(9)}"])


def l_ports():
    return ch(["開放ポート: 104/tcp (DICOM), 11112/tcp, 2575/tcp (MLLP), 443/tcp, 8042/tcp", "방화벽: 104, 2762(DICOM TLS), 2575, 6661 열어주세요",
               f"內部 {private_ip()}:104 跟 {private_ip()}:2575 要互通"])


def l_ids_anon():
    return ", ".join(f"ANON-{digs(6)}" for _ in range(ri(3, 6))) + ch([" は匿名化後の ID です", " 는 익명화 ID", " 是去識別化後的 ID"])


def l_business_no():
    return ch([f"取引先コード {digs_nz(6)}、法人番号 {digs_nz(13)}", f"사업자번호 {ri(101, 899)}-{ri(81, 88)}-{digs(5)} (법인)", f"統一編號 {digs_nz(8)}（公司）"])


def l_extension():
    return ch([f"放射線科 受付は 内線 {ri(2000, 8999)}、夜間は 内線 {ri(2000, 8999)}", f"영상의학과 내선 {ri(2000, 8999)}번", f"放射科分機 {ri(2000, 8999)}"])


PII_LOOK = [l_accessions, l_hl7_orm, l_lab_table, l_lab_table_ko, l_invoice_jpy, l_invoice_krw, l_invoice_twd, l_node_table, l_rfc5737, l_dates,
            l_epochs, l_versions, l_barcodes, l_csv_orders, l_tickets, l_counts, l_cves, l_udi, l_billing_codes, l_perf, l_qc_lot,
            l_part_numbers, l_ports, l_ids_anon, l_business_no, l_extension]


# ============================================================================================
# NEGATIVES: talk_about_secrets
# ============================================================================================
TALK = {
    "ja": [
        "患者さんの電話番号をこのチャンネルに貼らないでください。チケットの添付で送ってください。",
        "DICOM TLS の秘密鍵は病院側で生成してもらい、こちらには CSR だけ送ってもらう運用にします。",
        "RIS の DB パスワードは四半期ごとにローテーションします。次回は来月第2週です。",
        "昨日の件、ログにアクセストークンが出力されていたので該当ログは削除し、トークンは失効させました。",
        "S3 アーカイブ用の IAM キーは長期キーをやめて IAM Roles Anywhere に移行予定です。",
        "パスワードを Slack の DM で送るのは禁止です。1Password の共有リンクを使ってください。",
        "個人情報保護法(APPI)上、患者の氏名と生年月日の組み合わせは要配慮です。スクショもマスクしてから。",
        "カード番号はうちのシステムでは一切保持しません。決済は全部代理店経由です。",
        "GitHub の PAT は fine-grained に切り替えて、有効期限 90 日以内にしてください。",
        "検証環境に本番の患者データを持ち込まないこと。匿名化ツールを通したものだけ OK。",
        "Orthanc のデフォルト認証情報のままになっている検証機が 2 台ありました。今日中に変更します。",
        "API キーがコミットされていないか、pre-commit の secret scan を全リポジトリで有効にしました。",
        "保守用 VPN のパスワードを病院ごとに別にしてほしいと監査で指摘されました。",
        "HL7 のログに PID セグメントが丸ごと出ているので、出力前にマスクする設定を入れます。",
        "読影レポートの翻訳 PoC で外部 API に送るのは匿名化済みテキストだけにします。",
        "退職者の Slack ユーザートークンが残っていたので全部失効させました。",
        "秘密鍵をメール添付で送ってきた病院があったので、再発行をお願いしました。",
        "SFTP の共有アカウントはやめて、病院ごとに鍵認証に切り替えます。",
    ],
    "ko": [
        "환자 연락처나 주민등록번호는 절대 슬랙에 올리지 마세요. 필요하면 티켓 시스템으로만.",
        "PACS 관리자 비밀번호는 병원 보안 정책에 따라 90일마다 변경해야 합니다.",
        "어제 배포 로그에 DB 접속 정보가 찍혀서 해당 로그 삭제하고 비밀번호 교체했습니다.",
        "슬랙 봇 토큰이 만료돼서 위급 검사값 알림이 안 갔어요. 새 토큰은 Vault 에 넣어뒀습니다.",
        "개인정보보호법상 검사 결과와 환자 식별정보를 같이 외부로 보내면 안 됩니다.",
        "DICOM TLS 인증서 개인키는 고객사 HSM 에서만 보관합니다. 저희는 공개키만 받아요.",
        "API 키를 코드에 하드코딩하지 말고 환경변수나 Secrets Manager 로 주입하세요.",
        "이메일 주소 마스킹 규칙이 영문만 처리하고 있어서 수정 중입니다.",
        "테스트 서버에 실제 환자 데이터 넣지 마세요. 익명화된 샘플만 사용.",
        "유출 의심 시 런북: 1) 키 폐기 2) 접근 로그 확인 3) 보안팀 보고 4) 고객 통지 여부 판단",
        "ISMS-P 심사에서 관리자 계정 비밀번호 정책 문서를 요청했습니다.",
        "원격 유지보수 계정은 세션 끝나면 비밀번호를 바로 바꾸는 걸로 합의했어요.",
        "HL7 로그에 환자 전화번호가 평문으로 남는 문제, 다음 패치에서 마스킹 처리합니다.",
        "깃허브 토큰 만료 알림이 오면 본인이 직접 재발급하고 CI 시크릿만 갱신해 주세요.",
        "카드 정보는 PG사에서만 처리하고 저희 DB에는 승인번호만 남깁니다.",
    ],
    "zh": [
        "請不要把病患電話或身分證字號貼在頻道裡，個資法很嚴格。",
        "RIS 資料庫密碼下週輪替，請各站點 SE 事先確認排程。",
        "那個 API 金鑰已經撤銷了，新的放在 Vault，不要再貼到聊天室。",
        "DICOM TLS 私鑰由醫院自己產生，我們只收 CSR。",
        "信用卡資料我們系統完全不存，付款都走代理商。",
        "測試環境不能放真實病歷資料，一律使用去識別化後的檔案。",
        "GitHub token 請改用 fine-grained，並設定到期日。",
        "昨天的事件：log 裡印出了 Bearer token，已經清掉並讓 token 失效。",
        "密碼請用 1Password 分享，不要用 email 或 LINE 傳。",
        "個資外洩通報要在 72 小時內完成，流程請參考資安手冊。",
        "遠端維護帳號的密碼每次作業後都要重設。",
        "醫院資訊室要求我們提供 SSH 公鑰，私鑰不能離開我們的跳板機。",
        "HL7 訊息的 PID 段落不能原封不動寫進 log，下一版會遮罩。",
        "AWS 的長期存取金鑰要全部換成 IAM role，月底前完成。",
        "Slack bot 的 token 權限只開 chat:write，不要給 admin scope。",
    ],
    "en": [
        "Reminder: never paste patient phone numbers or MRNs into Slack, use the ticket attachment instead.",
        "We rotated the S3 archive access keys last night; the old pair is deactivated and will be deleted Friday.",
        "The leaked token from Tuesday was revoked within 20 minutes; audit logs show no use from outside.",
        "Please move the Anthropic and OpenAI keys for the translation PoC into Secrets Manager before the demo.",
        "Our secret scanner flagged a PEM header in the installer repo but it was a test fixture with a dummy body.",
        "Card numbers never touch our systems; billing goes through the distributor in each country.",
        "For the US office, SSNs live only in the payroll provider, never in our HR spreadsheet.",
        "Rule of thumb: if you need to share a password, share a 1Password link that expires.",
        "The Slack bot token for critical-value alerts needs chat:write only, nothing else.",
        "IBANs for the EU suppliers are only in the ERP; don't copy them into chat.",
        "The audit asked why the Orthanc test VM still had its default login; it's fixed now.",
        "Please stop pasting full HL7 messages from production here; PID carries phone and address.",
        "If a hospital emails you a private key, treat it as compromised and ask them to re-issue.",
        "GitHub classic tokens are being phased out for the CI bots; fine-grained only from next sprint.",
        "We don't need patient emails in the LIS at all, so the column is being dropped.",
    ],
}


def t_single():
    lang = ch(list(TALK))
    return ch(TALK[lang])


def t_multi():
    langs = sample(list(TALK), ri(1, 3))
    return "\n".join(ch(TALK[l]) for l in langs)


def t_runbook():
    i = ri(0, 3)
    steps = [
        ["キーを失効させる (IAM コンソール or CLI)", "CloudTrail でそのキーの利用履歴を確認", "新しいキーを Secrets Manager に登録", "関係者に #sec-incident で報告"],
        ["토큰 폐기 (Slack 앱 관리 화면)", "새 토큰 발급 후 Vault 업데이트", "알림 봇 재시작", "보안팀에 사고 보고서 제출"],
        ["撤銷金鑰", "確認存取紀錄", "發新金鑰並更新 Vault", "通知客戶窗口（如有需要）"],
        ["Revoke the credential", "Check access logs for the exposure window", "Issue a replacement and update the vault path", "Post a summary in #sec-incident"],
    ][i]
    title = ["## 鍵漏えい時の手順", "## 키 유출 시 대응 절차", "## 金鑰外洩處理流程", "## Leaked credential runbook"][i]
    return title + "\n" + "\n".join(f"{i + 1}. {s}" for i, s in enumerate(steps))


def t_incident():
    d = DT()
    return fence(f"Incident SEC-{d.y}-{ri(1, 60):03d}\nSummary : {ch(['DB password written to debug log on 2 RIS servers', 'Slack bot token committed to a private repo', 'Patient phone numbers visible in a shared screenshot'])}\nImpact  : {ch(['none observed', 'internal only', 'under review with the hospital'])}\nActions : rotated, purged logs, added scanner rule\nOwner   : #sec-team")


def t_faq():
    q = ch([("Q. テスト用にカード番号が必要です", "A. 決済は代理店側なので不要です。どうしても必要なら決済代行のテスト番号表を参照。"),
            ("Q. 환자 전화번호로 문자 알림 보내도 되나요?", "A. 병원 동의서 범위 안에서만. 저희 쪽 로그에는 남기면 안 됩니다."),
            ("Q. 可以把 SSH 私鑰放在共用跳板機嗎？", "A. 不行，每個人用自己的金鑰，並設定 passphrase。"),
            ("Q. Can I share the SFTP password with the hospital IT over email?", "A. No. Use the expiring 1Password link."),
            ("Q. 病院から VPN のパスワードが電話で伝えられました。どこに保存?", "A. 1Password の該当病院の Vault に。Slack やチケットには書かない。"),
            ("Q. 고객이 주민번호가 들어간 HL7 샘플을 보냈어요", "A. 즉시 삭제하고 익명화된 샘플을 다시 요청하세요. 보안팀에도 공유."),
            ("Q. 測試要用的 AWS key 去哪裡拿？", "A. 不用 key，用 SSO 登入後 assume role。"),
            ("Q. Is it OK to log the Authorization header at DEBUG?", "A. No, the filter masks it; don't turn that off in prod."),
            ("Q. 退職者の GitHub PAT はどうなりますか", "A. Organization から外した時点で使えなくなりますが、念のため一覧で確認します。"),
            ("Q. 카드 결제 테스트는 어떻게 하나요?", "A. PG사 샌드박스의 테스트 카드만 사용. 실제 카드 번호는 절대 입력 금지.")])
    return f"{q[0]}\n{q[1]}"


def t_regex_talk():
    return ch([
        "redaction の正規表現、`\\d{3}-\\d{2}-\\d{4}` だと SSN だけじゃなくて韓国の事業者番号の一部まで引っかかりそう",
        "전화번호 패턴에 `010-\\d{4}-\\d{4}` 만 넣으면 대만 휴대폰 형식(09xx)은 못 잡아요",
        "卡號偵測要加 Luhn 檢查，不然 accession number 跟 HL7 時間戳都會誤判",
        "the IPv4 rule fires on DICOM UIDs because of the dotted digits; needs word boundaries that treat '.' as part of the UID",
        "マスキングのルール、韓国の携帯(010)だけじゃなく台湾(09xx)と日本(090/080/070)も入れてください",
        "이메일 탐지 정규식이 `AET@host:port` 형식의 DICOM 노드 표기에도 걸립니다",
        "JWT 判斷不能只看 eyJ 開頭，base64 的 JSON cursor 也是 eyJ 開頭",
        "the SSN rule should not fire on Korean business registration numbers (3-2-5 digits) on our invoices",
        "IBAN チェックは mod-97 まで見ないと、請求書番号の英数字に反応しすぎる",
        "AWS secret 키 패턴(40자)이 base64 해시랑 구분이 안 돼서 오탐이 많아요",
    ])


def t_sync_notes():
    items = sample(TALK["ja"] + TALK["ko"] + TALK["zh"] + TALK["en"], ri(3, 6))
    return ch(["**セキュリティ定例メモ**", "**보안 정기회의 메모**", "**資安週會紀錄**", "**security sync notes**"]) + "\n" + "\n".join(f"- {x}" for x in items)


def t_vault_error():
    return fence(ch([
        "Error: failed to read secret \"secret/data/kpacs/toto/db\": permission denied (403)",
        "ExternalSecret kpacs-db: could not get secret data from provider: SecretNotFound",
        "sealed-secrets: no key could decrypt secret (kris-hl7/mllp-tls)",
        "Kohaku.Lis.Config: required secret 'Smtp:Password' was not provided",
    ])) + "\n" + ch(["権限の問題っぽい", "정책 확인 필요", "應該是權限設定", "looks like a policy issue"])


def t_question():
    return ch([
        "DICOM TLS の鍵ペア、病院ごとに分けるべき? それとも 1 本で全部?",
        "환자 이메일을 해시로만 저장하면 개인정보에 해당하나요?",
        "客戶要求我們把 DB 密碼寫在交接文件裡，可以嗎？",
        "does anyone know if the payroll export still contains full SSNs or only last four?",
        "Anthropic のキーは個人アカウントじゃなくて組織のワークスペースで発行してますか?",
        "SFTP の鍵、病院ごとに分けてますか？それとも共通？",
        "마스킹된 전화번호도 개인정보로 보나요? 뒷자리 4개만 남긴 경우요",
        "醫院要我們簽保密協議才給 VPN 帳號，誰負責簽？",
        "who owns rotating the S3 archive keys now that the infra team moved?",
        "ログのマスキング、メールアドレスのローカル部だけ隠すのでいいんでしたっけ？",
        "Slack 봇 토큰을 고객사별로 나눠야 하나요, 하나로 써도 되나요?",
        "個資盤點表裡要不要列出 HL7 log 的保存期限？",
    ])


TALK_T = [t_single, t_multi, t_runbook, t_incident, t_faq, t_regex_talk, t_sync_notes, t_vault_error, t_question, t_single, t_question,
          t_single, t_multi]


# ============================================================================================
# POSITIVES: fake secret generators
# ============================================================================================
def g_phone(country=None):
    country = country or ch(["JP", "KR", "TW", "US"])
    if country == "JP":
        return ch([lambda: f"03-{ri(3000, 6999)}-{digs(4)}", lambda: f"06-{ri(6100, 6999)}-{digs(4)}", lambda: f"052-{ri(200, 999)}-{digs(4)}",
                   lambda: f"011-{ri(200, 899)}-{digs(4)}", lambda: f"0{ch('789')}0-{ri(1000, 9999)}-{digs(4)}",
                   lambda: f"+81-{ch(['3', '6', '90', '80'])}-{ri(1000, 9999)}-{digs(4)}", lambda: f"+81 {ch(['90', '80', '70'])} {ri(1000, 9999)} {digs(4)}"])()
    if country == "KR":
        return ch([lambda: f"010-{ri(2000, 9999)}-{digs(4)}", lambda: f"02-{ri(300, 999)}{digs(1)}-{digs(4)}", lambda: f"051-{ri(200, 999)}-{digs(4)}",
                   lambda: f"+82 10-{ri(2000, 9999)}-{digs(4)}", lambda: f"+82-2-{ri(2000, 9999)}-{digs(4)}", lambda: f"031-{ri(200, 999)}-{digs(4)}"])()
    if country == "TW":
        return ch([lambda: f"02-2{digs(3)}-{digs(4)}", lambda: f"(02) 2{digs(3)}-{digs(4)}", lambda: f"09{ri(10, 88)}-{digs(3)}-{digs(3)}",
                   lambda: f"+886 9{ri(10, 88)} {digs(3)} {digs(3)}", lambda: f"+886-2-2{digs(3)}-{digs(4)}", lambda: f"04-2{digs(3)}-{digs(4)}",
                   lambda: f"07-{ri(200, 999)}-{digs(4)}"])()
    return ch([lambda: f"({ch(['617', '206', '408', '312', '713'])}) {ri(220, 989)}-{digs(4)}", lambda: f"+1 {ch(['617', '646', '415'])}-{ri(220, 989)}-{digs(4)}",
               lambda: f"{ch(['617', '781', '857'])}.{ri(220, 989)}.{digs(4)}"])()


FIRST = {"JP": [("yamada", "山田 花子", "Hanako Yamada"), ("sato", "佐藤 健一", "Kenichi Sato"), ("takahashi", "高橋 美咲", "Misaki Takahashi"),
                ("watanabe", "渡辺 翔", "Sho Watanabe"), ("ito", "伊藤 由美", "Yumi Ito"), ("nakamura", "中村 大輔", "Daisuke Nakamura")],
         "KR": [("kim.jiwoo", "김지우", "Jiwoo Kim"), ("lee.minho", "이민호", "Minho Lee"), ("park.seoyeon", "박서연", "Seoyeon Park"),
                ("choi.hyunwoo", "최현우", "Hyunwoo Choi"), ("jung.yuna", "정유나", "Yuna Jung")],
         "TW": [("chen.yiting", "陳怡婷", "Yi-Ting Chen"), ("lin.chihao", "林志豪", "Chih-Hao Lin"), ("huang.shuhua", "黃淑華", "Shu-Hua Huang"),
                ("wang.chunming", "王俊明", "Chun-Ming Wang"), ("chang.peiyu", "張珮瑜", "Pei-Yu Chang")],
         "US": [("j.harper", "Jordan Harper", "Jordan Harper"), ("m.okafor", "Maya Okafor", "Maya Okafor"), ("d.reyes", "Daniel Reyes", "Daniel Reyes"),
                ("s.lindqvist", "Sara Lindqvist", "Sara Lindqvist")]}
DOMAINS = {"JP": ["kohaku-med.co.jp", "toto-chuo-hp.or.jp", "osmc-hosp.jp", "minato-hp.jp"],
           "KR": ["kohakumed.co.kr", "hanbit-hosp.or.kr", "haeon.ac.kr", "saesol-hosp.kr"],
           "TW": ["kohakumed.com.tw", "jende-hosp.org.tw", "tzuan.org.tw", "kmh-hsinchu.com.tw"],
           "US": ["kohakumed.com", "kohaku-us.com"]}


def g_person(country=None):
    country = country or ch(["JP", "KR", "TW", "US"])
    p = ch(FIRST[country])
    return country, p


def g_email(country=None, local=None):
    country = country or ch(["JP", "KR", "TW", "US"])
    local = local or ch(FIRST[country])[0]
    local = ch([local, local.replace(".", "_"), local + str(ri(1, 99)), ch(["ris-support", "pacs-admin", "lis.helpdesk", "rad-it", "billing", "it-security"])])
    return f"{local}@{ch(DOMAINS[country])}"


def g_iban():
    cc = ch(["DE", "GB", "FR", "NL", "CH", "AT", "BE"])
    if cc == "DE":
        ib = make_iban("DE", digs_nz(8) + digs(10))
    elif cc == "GB":
        ib = make_iban("GB", ch(["NWBK", "BARC", "HBUK", "LOYD", "MIDL"]) + digs(6) + digs(8))
    elif cc == "FR":
        bank, branch, acct = digs_nz(5), digs(5), digs(11)
        key = 97 - (89 * int(bank) + 15 * int(branch) + 3 * int(acct)) % 97
        ib = make_iban("FR", f"{bank}{branch}{acct}{key:02d}")
    elif cc == "NL":
        ib = make_iban("NL", ch(["ABNA", "INGB", "RABO", "TRIO"]) + digs(10))
    elif cc == "CH":
        ib = make_iban("CH", "00" + digs(3) + digs(12))
    elif cc == "AT":
        ib = make_iban("AT", digs_nz(5) + digs(11))
    else:
        first = digs(10)
        m = int(first) % 97 or 97
        ib = make_iban("BE", f"{first}{m:02d}")
    assert iban_valid(ib)
    if R.random() < 0.5:
        ib = " ".join(ib[i:i + 4] for i in range(0, len(ib), 4))
    return ib


def g_password():
    return ch([
        lambda: ch(["Kohaku", "Sakura", "Hanbit", "Jende", "Pacs", "Ris", "Lis", "Dicom", "Tsuki", "Haneul"]) + ch(["#", "!", "$", "%", "_"]) + digs(4) + ch(["!", "?", "*", "#"]) + rs(LO, 2),
        lambda: rs(UP + LO + DG, ri(8, 10)) + ch(["!", "#", "$", "%", "&", "*"]) + rs(UP + LO + DG, ri(3, 6)),
        lambda: ch(["Tok", "Seo", "Tai", "Osa", "Bus", "Kao"]) + rs(LO, 3) + "-" + digs(2) + ch(["!", "^", "~"]) + rs(UP, 2) + rs(DG, 2),
        lambda: rs(UP, 1) + rs(LO + DG, ri(10, 14)) + ch(["!!", "#1", "$9", "&&"]),
    ])()


def g_url_password():
    return ch([
        lambda: rs(UP + LO + DG, ri(10, 14)) + ch(["-", "_", "!", "~", "*", "."]) + rs(UP + LO + DG, ri(2, 5)),
        lambda: ch(["Kohaku", "Hanbit", "Jende", "Mwl", "Pacs"]) + digs(4) + ch(["!", "_", "-", "~"]) + rs(LO + UP, 3),
    ])()


def g_ipv4():
    while True:
        ip = f"{ch([ri(1, 223)] + [ch([61, 58, 210, 211, 218, 220, 1, 36, 59, 110, 114, 118, 121, 122, 125, 175, 180, 202, 203, 219])] * 3)}.{ri(0, 255)}.{ri(0, 255)}.{ri(1, 254)}"
        if is_public_ip(ip):
            return ip


def g_aws_id():
    return ch(["AKIA", "AKIA", "AKIA", "ASIA"]) + rs(UP + "234567", 16)


def g_aws_secret():
    while True:
        s = rs(UP + LO + DG + "/+", 40)
        if re.search(r"[A-Z]", s) and re.search(r"[a-z]", s) and re.search(r"\d", s) and re.search(r"[/+]", s):
            return s


def g_jwt():
    alg = ch(["HS256", "RS256", "ES256"])
    hdr = {"alg": alg, "typ": "JWT"}
    if alg != "HS256":
        hdr["kid"] = hexs(16)
    d = DT()
    now = d.epoch()
    pl = ch([
        {"sub": ch(["kviewer", "report-translator", "mwl-sync"]), "iss": "https://auth.kohaku-med.co.jp/realms/kpacs", "aud": "dicomweb",
         "scope": "study.read series.read", "iat": now, "exp": now + 300},
        {"sub": digs_nz(8), "tenant": hosp()[1].lower(), "roles": ["radiologist"], "iat": now, "exp": now + 3600},
        {"iss": "klis-portal", "sub": uuid4(), "name": "lis-integration", "site": hosp()[1], "exp": now + 900},
    ])
    sig_len = {"HS256": 32, "RS256": 256, "ES256": 64}[alg]
    return f"{b64u(json.dumps(hdr, separators=(',', ':')).encode())}.{b64u(json.dumps(pl, separators=(',', ':')).encode())}.{b64u(rbytes(sig_len))}"


def g_card(fmt=None):
    brand = ch(["visa", "mc", "amex", "jcb", "jcb", "discover"])
    if brand == "visa":
        n = luhn_complete("4" + digs(5), 16)
    elif brand == "mc":
        n = luhn_complete(str(ri(51, 55)) + digs(4), 16)
    elif brand == "amex":
        n = luhn_complete(ch(["34", "37"]) + digs(4), 15)
    elif brand == "jcb":
        n = luhn_complete(str(ri(3528, 3589)) + digs(2), 16)
    else:
        n = luhn_complete("6011" + digs(2), 16)
    fmt = fmt or ch(["plain", "space", "dash"])
    if fmt == "plain":
        out = n
    elif len(n) == 15:
        sep = " " if fmt == "space" else "-"
        out = f"{n[:4]}{sep}{n[4:10]}{sep}{n[10:]}"
    else:
        sep = " " if fmt == "space" else "-"
        out = sep.join(n[i:i + 4] for i in range(0, 16, 4))
    assert luhn_ok(re.sub(r"\D", "", out))
    return out, brand


def g_openai():
    return ch([
        lambda: "sk-proj-" + rs(B64U[:-2] + "-_", 58) + "T3BlbkFJ" + rs(B64U[:-2] + "-_", 58),
        lambda: "sk-" + rs(B62, 20) + "T3BlbkFJ" + rs(B62, 20),
        lambda: "sk-svcacct-" + rs(B64U[:-2] + "-_", 58) + "T3BlbkFJ" + rs(B64U[:-2] + "-_", 58),
    ])()


def g_anthropic():
    return "sk-ant-api03-" + rs(B64U, 93) + "AA"


def g_slack_bot():
    return f"xoxb-{digs_nz(ri(11, 13))}-{digs_nz(13)}-{rs(B62, 24)}"


def g_slack_user():
    return f"xoxp-{digs_nz(ri(11, 12))}-{digs_nz(ri(11, 12))}-{digs_nz(13)}-{hexs(32)}"


def b62enc(n, width):
    out = ""
    while n:
        n, r = divmod(n, 62)
        out = B62[r] + out
    return out.rjust(width, "0")


def g_ghp():
    body = rs(B62, 30)
    return "ghp_" + body + b62enc(zlib.crc32(body.encode()) & 0xFFFFFFFF, 6)


def g_ghfg():
    return "github_pat_11" + rs(UP + DG, 20) + "_" + rs(B62, 59)


def g_ssn(fmt="dash"):
    while True:
        s = f"{ri(1, 899):03d}-{ri(1, 99):02d}-{ri(1, 9999):04d}"
        if ssn_ok(s):
            break
    if fmt == "space":
        s = s.replace("-", " ")
    return s


def der_len(n):
    if n < 128:
        return bytes([n])
    b = n.to_bytes((n.bit_length() + 7) // 8, "big")
    return bytes([0x80 | len(b)]) + b


def der(tag, content):
    return bytes([tag]) + der_len(len(content)) + content


def der_int(b):
    if b[0] & 0x80:
        b = b"\x00" + b
    return der(0x02, b)


def g_pem_der(kind):
    if kind == "ec":
        body = der(0x30, der(0x02, b"\x01") + der(0x04, rbytes(32)) + der(0xA0, der(0x06, bytes.fromhex("2a8648ce3d030107")))
                   + der(0xA1, der(0x03, b"\x00\x04" + rbytes(64))))
        return "EC PRIVATE KEY", body
    if kind == "ed25519":
        return "PRIVATE KEY", bytes.fromhex("302e020100300506032b657004220420") + rbytes(32)
    if kind == "rsa":
        bits = 1024
        nb = bits // 8

        def big(n):
            b = bytearray(rbytes(n))
            b[0] |= 0x80
            b[-1] |= 1
            return bytes(b)
        parts = [b"\x00", big(nb), b"\x01\x00\x01", big(nb), big(nb // 2), big(nb // 2), big(nb // 2), big(nb // 2), big(nb // 2)]
        return "RSA PRIVATE KEY", der(0x30, b"".join(der_int(p) for p in parts))
    # openssh ed25519
    def sstr(b):
        return struct.pack(">I", len(b)) + b
    pub = rbytes(32)
    chk = rbytes(4)
    priv = chk + chk + sstr(b"ssh-ed25519") + sstr(pub) + sstr(rbytes(32) + pub) + sstr(ch([b"deploy@kpacs-gw", b"kris-sftp", b"klis-ci"]))
    pad = 1
    while len(priv) % 8:
        priv += bytes([pad])
        pad += 1
    blob = b"openssh-key-v1\x00" + sstr(b"none") + sstr(b"none") + sstr(b"") + struct.pack(">I", 1) + sstr(sstr(b"ssh-ed25519") + sstr(pub)) + sstr(priv)
    return "OPENSSH PRIVATE KEY", blob


def g_pem(kind, sep="\n", width=64):
    label, blob = g_pem_der(kind)
    s = b64(blob)
    if kind == "openssh":
        width = 70
    lines = [s[i:i + width] for i in range(0, len(s), width)]
    body = sep.join(lines)
    return label, body


# ============================================================================================
# POSITIVES: templates.  Each returns (text, [(kind, value), ...], place)
# ============================================================================================
def sig_block(country, name_local, name_latin, title, email=None, phone=None):
    lines = ["--", f"{name_local}" + (f" / {name_latin}" if name_local != name_latin else ""), title]
    tl = {"JP": ["TEL: ", "Tel ", "携帯: "], "KR": ["전화: ", "Tel. ", "휴대폰: "], "TW": ["電話：", "Tel: ", "手機："], "US": ["T: ", "Mobile: ", "Phone: "]}[country]
    ml = {"JP": ["Mail: ", "E-mail: "], "KR": ["이메일: ", "E-mail: "], "TW": ["信箱：", "Email: "], "US": ["E: ", "Email: "]}[country]
    if phone:
        lines.append(ch(tl) + phone)
    if email:
        lines.append(ch(ml) + email)
    return "\n".join(lines)


TITLES = {"JP": ["コハク・メディカルシステムズ株式会社 カスタマーサポート部", "放射線科 PACS 管理担当", "臨床検査部 システム担当"],
          "KR": ["코하쿠메디컬 한국지사 기술지원팀", "영상의학과 PACS 담당", "진단검사의학과 전산 담당"],
          "TW": ["琥珀醫療系統 台灣分公司 技術支援", "放射科 PACS 管理", "檢驗科 資訊組"],
          "US": ["Kohaku Medical Systems Inc. | Field Engineering", "Kohaku Medical Systems Inc. | Payroll & HR"]}


# ---- phone_number ----
def pp_signature():
    c = ch(["JP", "KR", "TW", "US"])
    _, p = g_person(c)
    ph = g_phone(c)
    body = {"JP": "明日の立ち会いよろしくお願いします。", "KR": "내일 현장 방문 때 뵙겠습니다.", "TW": "明天到院再麻煩了。", "US": "See you at the site visit tomorrow."}[c]
    return body + "\n" + sig_block(c, p[1], p[2], ch(TITLES[c]), phone=ph), [("phone_number", ph)], "phone_number:email_signature"


def pp_hl7_pid13():
    h = hosp()
    ph = g_phone(h[2])
    d = DT()
    extra = ch(["", f"\nEVN|A08|{d.hl7(False)}\nPV1|1|O|RAD^^^{h[1]}||||^^^^^^^^^L||||||||||{digs_nz(9)}\nIN1|1|{ch(['01', '06', '39'])}|{digs_nz(8)}\nAL1|1|DA|^iodinated contrast^L\nOBX|1|NM|29463-7^Body weight^LN||{ri(40, 90)}|kg\nOBX|2|NM|8302-2^Body height^LN||{ri(145, 185)}|cm\nZRS|1|{accession(h[2])}|{ch(MODS)}"])
    txt = fence(f"MSH|^~\\&|HIS|{h[1]}|KRIS|{h[1]}|{d.hl7()}||ADT^A08|{digs_nz(9)}|P|2.5.1\nPID|1||{digs_nz(8)}^^^{h[1]}^MR||{ch(['ヤマダ^タロウ', 'KIM^MINJUN', 'CHEN^WEI'])}||{ri(1940, 2005)}{ri(1, 12):02d}{ri(1, 28):02d}|{ch('MF')}|||||{ph}^PRN^PH" + extra) + "\n" + ch(
        ["PID-13 の電話番号がこの形式だと正規化で落ちます", "PID-13 전화번호 형식 때문에 파싱 에러", "PID-13 電話格式解析失敗"])
    return txt, [("phone_number", ph)], "phone_number:hl7_pid13"


def pp_oncall_table():
    rows = ["| 日付 | 担当 | 連絡先 |", "|---|---|---|"]
    c = ch(["JP", "KR", "TW"])
    d = DT()
    ph = g_phone(c)
    for i in range(ri(2, 4)):
        d.advance(86400)
        if i == 0:
            rows.append(f"| {d.date('/')} | {ch(FIRST[c])[1]} | {ph} |")
        else:
            rows.append(f"| {d.date('/')} | {ch(FIRST[c])[1]} | {ch(['(Slack)', '(社用携帯)', '(회사폰)', '(公務機)'])} |")
    return {"JP": "夜間オンコール表", "KR": "야간 온콜 당번표", "TW": "夜間值班表"}[c] + "\n" + "\n".join(rows), [("phone_number", ph)], "phone_number:oncall_table"


def pp_prose():
    c = ch(["JP", "KR", "TW", "US"])
    ph = g_phone(c)
    t = {"JP": f"至急の場合は {ph} に電話ください(放射線科 技師長直通)", "KR": f"급한 건은 {ph} 로 연락 주세요 (영상의학과 실장님 직통)",
         "TW": f"緊急的話請打 {ph}，放射科組長", "US": f"If the import stalls again call me at {ph}, I'm on site until 6"}[c]
    return t, [("phone_number", ph)], "phone_number:prose"


def pp_form():
    c = ch(["JP", "KR", "TW"])
    ph = g_phone(c)
    lab = {"JP": ["訪問作業申請", "作業者", "緊急連絡先", "作業内容"], "KR": ["방문 작업 신청서", "작업자", "비상 연락처", "작업 내용"],
           "TW": ["到院作業申請", "作業人員", "緊急聯絡電話", "作業內容"]}[c]
    txt = fence(f"【{lab[0]}】\n{lab[1]}: {ch(FIRST[c])[1]}\n{lab[2]}: {ph}\n{lab[3]}: KohakuPACS {ri(6, 8)}.{ri(0, 9)} update / DICOM gateway restart")
    return txt, [("phone_number", ph)], "phone_number:form"


# ---- email_address ----
def pe_prose():
    c = ch(["JP", "KR", "TW", "US"])
    em = g_email(c)
    t = ch([f"先方の窓口は {em} です。CC に入れてください", f"담당자 메일: {em} 로 보내주시면 됩니다", f"請寄到 {em}，對方 IT 窗口",
            f"cc {em} on the conformance statement thread"])
    return t, [("email_address", em)], "email_address:prose"


def pe_config():
    em = g_email(ch(["JP", "KR", "TW"]))
    txt = fence(f"kohaku.notify.critical.to={em}\nkohaku.notify.critical.cc=#lis-critical-values\nkohaku.notify.smtp.host=smtp-relay.local", "properties")
    return txt, [("email_address", em)], "email_address:properties"


def pe_csv():
    c = ch(["JP", "KR", "TW"])
    rows = ["user_id,display_name,role,email"]
    em = g_email(c)
    target = ri(1, 3)
    for i in range(1, ri(5, 14)):
        if i == target:
            rows.append(f"u{digs(5)},{ch(FIRST[c])[1]},{ch(['RAD', 'TECH', 'ADMIN'])},{em}")
        else:
            rows.append(f"u{digs(5)},{ch(['(退職)', '(휴직)', '(停用)'])},{ch(['RAD', 'TECH'])},")
    return "アカウント棚卸し、メールが残ってるのは1件だけでした\n" + fence("\n".join(rows), "csv"), [("email_address", em)], "email_address:csv"


def pe_git():
    c = ch(["JP", "KR", "TW", "US"])
    _, p = g_person(c)
    em = g_email(c, p[0])
    txt = fence(f"commit {hexs(40)}\nAuthor: {p[2]} <{em}>\nDate:   {DT().log()} +0900\n\n    fix(hl7): PID-13 正規化の修正", "console")
    return txt, [("email_address", em)], "email_address:git_log"


def pe_forwarded():
    c = ch(["JP", "KR", "TW"])
    em = g_email(c)
    d = DT()
    txt = ch(["転送します\n", "전달드립니다\n", "轉寄\n"]) + fence(f"From: {em}\nSent: {d.date('/')} {d.hm()}\nSubject: RE: DICOM 送信エラー ({hosp(c)[1]})\n\n昨日から CT の画像が PACS に届いていません。"
        + ch(["", "\nモダリティ側のログでは C-STORE は成功になっています。\n\n> 2024年以降のCTのみでしょうか？\nはい、64列CTの1台だけです。\n他のモダリティ(MR, CR)は問題ありません。\n\nご確認をお願いいたします。\n放射線科 PACS 管理担当"]))
    return txt, [("email_address", em)], "email_address:forwarded_mail"


# ---- iban ----
def pi_invoice():
    ib = g_iban()
    sup = ch(["Medizintechnik Rhein GmbH", "Alpine Imaging AG", "Noord Detector B.V.", "Optique Médicale SAS", "Thames Medical Optics Ltd"])
    amt = f"EUR {ri(1000, 90000):,}.{ri(0, 99):02d}"
    txt = fence(f"Invoice {rs(UP, 2)}-{digs(6)}\nSupplier: {sup}\nItem: flat-panel detector repair (ref. {hosp()[1]})\nAmount due: {amt}\nPay to IBAN: {ib}\nBIC: {rs(UP, 4)}{ch(['DE', 'NL', 'FR', 'CH', 'AT', 'GB', 'BE'])}{rs(UP + DG, 2)}")
    return "経理さん、欧州サプライヤの請求書です\n" + txt, [("iban", ib)], "iban:invoice"


def pi_prose():
    ib = g_iban()
    t = ch([f"送金先の IBAN が変わったそうです: {ib} (旧口座は来月閉鎖)", f"유럽 부품사 새 계좌 IBAN {ib} 로 송금 요청 왔습니다", f"歐洲供應商的 IBAN：{ib}，請財務確認",
            f"Remit the deposit to {ib} per the signed PO"])
    return t, [("iban", ib)], "iban:prose"


def pi_csv():
    ib = g_iban()
    rows = ["vendor_code,vendor,currency,iban", f"V{digs(5)},{ch(['Rhein Medizintechnik', 'Noord Detector', 'Alpine Imaging'])},EUR,{ib}", f"V{digs(5)},Kohaku Medical Systems KK,JPY,(domestic)"]
    return fence("\n".join(rows), "csv"), [("iban", ib)], "iban:csv"


def pi_form():
    ib = g_iban()
    txt = fence(f"支払依頼書\n支払先: 欧州部品サプライヤ\n金額: EUR {ri(500, 20000):,}\n口座(IBAN): {ib}\n承認: 経理部")
    return txt, [("iban", ib)], "iban:form"


# ---- password ----
def pw_spring():
    pw = g_password()
    extra = ["server.port=8443", "server.ssl.enabled=true", "kohaku.hl7.mllp.port=2575", "kohaku.dicom.scp.aet=KRIS_MWL", "kohaku.dicom.scp.port=104",
             "spring.jpa.open-in-view=false", "logging.level.jp.kohakumed=INFO", "kohaku.worklist.poll-interval=30s", "management.endpoints.web.exposure.include=health"]
    pre = sample(extra, ri(0, 5))
    post = sample([e for e in extra if e not in pre], ri(0, 4))
    txt = fence("\n".join(pre + ["spring.datasource.url=jdbc:oracle:thin:@//ris-db01:1521/KRIS", "spring.datasource.username=ris_app", f"spring.datasource.password={pw}"] + post), "properties")
    return ch(["", "本番の設定そのまま貼っちゃいますが\n", "운영 설정 그대로입니다\n"]) + txt, [("password", pw)], "password:spring_properties"


def pw_adonet():
    pw = g_password()
    txt = fence(json.dumps({"ConnectionStrings": {"LisDb": f"Server=SQL01\\KLIS;Database=KLIS;User Id=lis_app;Password={pw};TrustServerCertificate=True"}}, indent=2), "json")
    return txt, [("password", pw)], "password:appsettings_adonet"


def pw_prose():
    pw = g_password()
    t = ch([f"PACS 管理画面の admin パスワードは {pw} です(明日変更予定)", f"MWL 서버 root 비번 {pw} 입니다", f"RIS 測試機的密碼是 {pw}",
            f"the Orthanc admin password on the TOTO gateway is {pw}"])
    return t, [("password", pw)], "password:prose"


def pw_ini():
    pw = g_password()
    h = hosp()
    txt = fence(f"[{h[1]}]\nae_title = {ae(h[1])}\nhost = pacs-arch.local\nport = 104\nmwl_user = kris\nmwl_password = {pw}", "ini")
    return txt, [("password", pw)], "password:ini"


def pw_log():
    pw = g_password()
    d = DT()
    txt = f"{d.log()} DEBUG [main] Kohaku.Lis.Sync.DbConnector: opening Server=SQL02;Database=KLIS;User Id=sync;Password={pw};Encrypt=True"
    return txt, [("password", pw)], "password:debug_log"


def pw_mirth():
    pw = g_password()
    txt = fence(f"var dbConn = DatabaseConnectionFactory.createDatabaseConnection(\n    'oracle.jdbc.OracleDriver', 'jdbc:oracle:thin:@ris-db01:1521:KRIS', 'mirth', '{pw}');", "javascript")
    return txt, [("password", pw)], "password:mirth_js"


def pw_libpq():
    pw = g_password()
    txt = f"`psql \"host=kpacs-db port=5432 dbname=kpacs user=kpacs password={pw} sslmode=require\"` で入れます"
    return txt, [("password", pw)], "password:libpq_dsn"


# ---- url_credentials ----
def pu_sftp():
    pw = g_url_password()
    user = ch(["kris", "lisftp", "hanbit_ris", "jende_pacs"])
    txt = f"SFTP 接続先: sftp://{user}:{pw}@sftp.{ch(['kohaku-med.co.jp', 'kohakumed.co.kr', 'kohakumed.com.tw'])}/inbound/{hosp()[1].lower()}/"
    return txt, [("url_credentials", pw)], "url_credentials:sftp_url"


def pu_dicomweb():
    pw = g_url_password()
    txt = fence(f"curl -s \"https://viewer:{pw}@dicomweb.{hosp()[1].lower()}.kohaku-cloud.jp/dicom-web/studies?StudyDate={DT().dcm()}\" | jq '.[0]'", "bash")
    return txt, [("url_credentials", pw)], "url_credentials:curl"


def pu_amqp():
    pw = g_url_password()
    txt = fence(f"rabbitmq:\n  url: amqps://klis:{pw}@mq.kohakumed.com.tw:5671/lis", "yaml")
    return txt, [("url_credentials", pw)], "url_credentials:yaml"


def pu_jdbc_pg():
    pw = g_url_password()
    txt = f"DATABASE_URL=postgres://kpacs:{pw}@kpacs-db.{ch(['apne1', 'apne2', 'apne3'])}.rds.amazonaws.com:5432/kpacs"
    return txt, [("url_credentials", pw)], "url_credentials:env"


def pu_redis():
    pw = g_url_password()
    txt = f"{DT().log()} INFO  worklist cache connected: redis://:{pw}@redis-mwl.internal:6379/2"
    return txt, [("url_credentials", pw)], "url_credentials:log"


def pu_smb():
    pw = g_url_password()
    txt = ch(["レポートPDFの出力先: ", "판독 PDF 저장 경로: ", "報告 PDF 輸出路徑："]) + f"smb://RADDOM;pdfexport:{pw}@fs01.{hosp()[1].lower()}.local/reports"
    return txt, [("url_credentials", pw)], "url_credentials:smb_url"


# ---- ipv4_address ----
def pip_log():
    ip = g_ipv4()
    d = DT()
    h = hosp()
    lines = []
    for _ in range(ri(0, 8)):
        lines.append(f"{d.log()} INFO  [dicom-scp-{ri(1, 9)}] o.d.n.Association - {ae(h[1])}<-{private_ip()}:{ri(40000, 65000)}: C-STORE-RQ[pcid={ri(1, 99)}, iuid={dicom_uid()}]")
        d.advance(ri(1, 20))
    lines.insert(ri(0, len(lines)), f"{d.log()} WARN  [dicom-scp-{ri(1, 9)}] o.d.n.Association - {ae(h[1])}<-{ip}:{ri(40000, 65000)}: A-ASSOCIATE-RJ [result: 1 - rejected-permanent, source: 1, reason: 3 - calling-AE-title-not-recognized]")
    txt = fence("\n".join(lines))
    return txt, [("ipv4_address", ip)], "ipv4_address:dicom_log"


def pip_allowlist():
    ip = g_ipv4()
    txt = fence(f"# {hosp()[0]} VPN 出口\nallow {ip}/32;\ndeny all;", "nginx")
    return "お客さんの固定IP、allowlist に入れました\n" + txt, [("ipv4_address", ip)], "ipv4_address:nginx_allowlist"


def pip_prose():
    ip = g_ipv4()
    t = ch([f"病院側のグローバルIPは {ip} です", f"고객사 공인 IP {ip} 에서만 접속 허용", f"醫院對外 IP 是 {ip}，防火牆請放行", f"their NAT egress is {ip}, please whitelist"])
    return t, [("ipv4_address", ip)], "ipv4_address:prose"


def pip_nginx_access():
    ip = g_ipv4()
    d = DT()
    txt = f"{ip} - - [{d.d:02d}/{['Jan','Feb','Mar','Apr','May','Jun','Jul','Aug','Sep','Oct','Nov','Dec'][d.mo - 1]}/{d.y}:{d.hm()}:{d.s:02d} +0900] \"GET /dicom-web/studies/{dicom_uid()}/metadata HTTP/1.1\" 401 0"
    return txt, [("ipv4_address", ip)], "ipv4_address:access_log"


def pip_csharp():
    ip = g_ipv4()
    txt = fence(f"[{DT().log()} ERR] Kohaku.Lis.Interfaces.Astm.TcpListener: connection from {ip}:{ri(1024, 65000)} refused (not in AllowedAnalyzers)")
    return txt, [("ipv4_address", ip)], "ipv4_address:csharp_log"


# ---- aws ----
def pa_id_env():
    k = g_aws_id()
    return f"AWS_ACCESS_KEY_ID={k} ← これ誰のキー？ S3 アーカイブのバッチに直書きされてました", [("aws_access_key_id", k)], "aws_access_key_id:env_line"


def pa_id_log():
    k = g_aws_id()
    txt = f"{DT().log()} ERROR [s3-uploader-2] j.k.p.archive.S3Archiver - AccessDenied for key {k} on s3://kms-archive-apne1/studies/"
    if R.random() < 0.6:
        txt = fence(txt + "\nsoftware.amazon.awssdk.services.s3.model.S3Exception: Access Denied (Service: S3, Status Code: 403, Request ID: " + rs(UP + DG, 16) + ")"
                    + "\n\tat software.amazon.awssdk.services.s3.model.S3Exception$BuilderImpl.build(S3Exception.java:104)"
                    + "\n\tat software.amazon.awssdk.core.internal.http.CombinedResponseHandler.handleErrorResponse(CombinedResponseHandler.java:125)"
                    + "\n\tat jp.kohakumed.pacs.archive.S3Archiver.putInstance(S3Archiver.java:" + str(ri(80, 300)) + ")"
                    + "\n\tat jp.kohakumed.pacs.archive.ArchiveJob.lambda$run$2(ArchiveJob.java:" + str(ri(40, 200)) + ")"
                    + "\n\tat java.base/java.util.concurrent.ThreadPoolExecutor.runWorker(ThreadPoolExecutor.java:1144)"
                    + "\n\tat java.base/java.util.concurrent.ThreadPoolExecutor$Worker.run(ThreadPoolExecutor.java:642)"
                    + "\n\tat java.base/java.lang.Thread.run(Thread.java:1583)")
    return txt, [("aws_access_key_id", k)], "aws_access_key_id:java_log"


def pa_id_policy():
    k = g_aws_id()
    return fence(json.dumps({"UserName": "kpacs-archive-uploader", "AccessKeyId": k, "Status": "Active", "CreateDate": DT().iso("Z")}, indent=2), "json"), [("aws_access_key_id", k)], "aws_access_key_id:cli_json"


def pa_secret_env():
    s = g_aws_secret()
    if R.random() < 0.5:
        return f"AWS_SECRET_ACCESS_KEY={s} 이건 구 아카이브 배치용입니다", [("aws_secret_access_key", s)], "aws_secret_access_key:inline_env"
    return fence(f"export AWS_SECRET_ACCESS_KEY={s}", "bash"), [("aws_secret_access_key", s)], "aws_secret_access_key:shell_export"


def pa_secret_cs():
    s = g_aws_secret()
    txt = fence(f"var creds = new BasicAWSCredentials(accessKey, \"{s}\");\nvar s3 = new AmazonS3Client(creds, RegionEndpoint.APNortheast2);", "cs")
    return txt, [("aws_secret_access_key", s)], "aws_secret_access_key:csharp"


def pa_secret_yaml():
    s = g_aws_secret()
    return fence(f"archive:\n  s3:\n    bucket: kms-archive-apne3\n    secretAccessKey: \"{s}\"", "yaml"), [("aws_secret_access_key", s)], "aws_secret_access_key:yaml"


# ---- jwt ----
def pj_curl():
    t = g_jwt()
    return fence(f"curl -H \"Authorization: Bearer {t}\" \\\n  https://dicomweb.kohaku-cloud.jp/dicom-web/studies?AccessionNumber={accession('JP')}", "bash"), [("jwt", t)], "jwt:curl_header"


def pj_log():
    t = g_jwt()
    return f"{DT().log()} DEBUG [http-nio-8443-exec-{ri(1, 20)}] j.k.c.s.BearerTokenFilter - token={t}", [("jwt", t)], "jwt:java_log"


def pj_prose():
    t = g_jwt()
    return ch(["このトークンで 401 になります: ", "이 토큰으로 호출하면 401 나요: ", "用這個 token 會 401：", "this token gets a 401: "]) + t, [("jwt", t)], "jwt:prose"


def pj_har():
    t = g_jwt()
    return fence(json.dumps({"name": "authorization", "value": f"Bearer {t}"}, indent=2), "json"), [("jwt", t)], "jwt:har_header"


def pj_cookie():
    t = g_jwt()
    return fence(f"Set-Cookie: klis_session={t}; Path=/; Secure; HttpOnly; SameSite=Lax", "http"), [("jwt", t)], "jwt:cookie"


# ---- credit_card ----
def pc_prose():
    n, b = g_card()
    t = ch([f"学会ブースの支払い、コーポレートカード {n} で通しておきました", f"AWS 결제 카드 {n} 로 변경했어요", f"展覽攤位費用刷公司卡 {n}",
            f"use the corporate card {n} for the RSNA booth"])
    return t, [("credit_card", n)], "credit_card:prose"


def pc_form():
    n, b = g_card()
    d = DT()
    txt = fence(f"カード払い申請\nカード種別: {b.upper()}\nカード番号: {n}\n有効期限: {ri(1, 12):02d}/{ri(27, 31)}\n用途: JRC 展示ブース")
    return txt, [("credit_card", n)], "credit_card:form"


def pc_csv():
    n, b = g_card("plain")
    others = [f"{DT().date()},{ch(['JR東日本', 'タクシー', 'ANA', 'Korail', '台灣高鐵', 'ホテル'])},{ri(1000, 60000)},(交通系IC/現金)" for _ in range(ri(1, 10))]
    rows = ["date,merchant,amount_jpy,card"] + others
    rows.insert(ri(1, len(rows)), f"{DT().date()},AWS,{ri(10000, 900000)},{n}")
    return "経費精算CSV(カード番号列を消し忘れ)\n" + fence("\n".join(rows), "csv"), [("credit_card", n)], "credit_card:csv"


def pc_log():
    n, b = g_card("plain")
    txt = f"{DT().log()} WARN  Kohaku.Billing.PortalPayment: gateway timeout, payload={{\"pan\":\"{n}\",\"amount\":{ri(1000, 90000)},\"currency\":\"{ch(['JPY', 'KRW', 'TWD'])}\"}}"
    return txt, [("credit_card", n)], "credit_card:payload_log"


# ---- openai / anthropic ----
def po_env():
    k = g_openai()
    return fence(f"# report-translator/.env\nOPENAI_API_KEY={k}\nTARGET_LANGS=ja,ko,zh-TW", "ini"), [("openai_api_key", k)], "openai_api_key:dotenv"


def po_python():
    k = g_openai()
    return fence(f"client = OpenAI(api_key=\"{k}\")\n# 読影レポートの日→韓翻訳 PoC", "python"), [("openai_api_key", k)], "openai_api_key:python"


def po_prose():
    k = g_openai()
    return ch(["PoC 用のキー置いときます ", "테스트용 키: ", "先用這把 key："]) + k, [("openai_api_key", k)], "openai_api_key:prose"


def po_cs():
    k = g_openai()
    return fence(f"var client = new OpenAIClient(\"{k}\");", "cs"), [("openai_api_key", k)], "openai_api_key:csharp"


def pn_env():
    k = g_anthropic()
    if R.random() < 0.5:
        return f"`ANTHROPIC_API_KEY={k}` を .zshrc に入れれば動きます", [("anthropic_api_key", k)], "anthropic_api_key:inline_env"
    return fence(f"ANTHROPIC_API_KEY={k}", "bash"), [("anthropic_api_key", k)], "anthropic_api_key:dotenv"


def pn_python():
    k = g_anthropic()
    return fence(f"import anthropic\nclient = anthropic.Anthropic(api_key=\"{k}\")\n# 판독문 요약 PoC", "python"), [("anthropic_api_key", k)], "anthropic_api_key:python"


def pn_prose():
    k = g_anthropic()
    return ch(["翻訳PoCのキーこれです → ", "요약 PoC 키 공유합니다 ", "翻譯 PoC 用的 key："]) + k, [("anthropic_api_key", k)], "anthropic_api_key:prose"


def pn_yaml():
    k = g_anthropic()
    return fence(f"translator:\n  provider: anthropic\n  apiKey: {k}\n  languages: [ja, ko, zh-TW]", "yaml"), [("anthropic_api_key", k)], "anthropic_api_key:yaml"


# ---- slack ----
def ps_env():
    t = g_slack_bot()
    return fence(f"# critical-value-notifier\nSLACK_BOT_TOKEN={t}\nSLACK_CHANNEL=#lis-critical-values", "ini"), [("slack_bot_token", t)], "slack_bot_token:dotenv"


def ps_java():
    t = g_slack_bot()
    return fence(f"Slack slack = Slack.getInstance();\nMethodsClient methods = slack.methods(\"{t}\");", "java"), [("slack_bot_token", t)], "slack_bot_token:java"


def ps_curl():
    t = g_slack_bot()
    return fence(f"curl -X POST https://slack.com/api/chat.postMessage -H \"Authorization: Bearer {t}\" -d channel=C0{rs(UP + DG, 9)} -d text='危機的異常値: K 6.8'", "bash"), [("slack_bot_token", t)], "slack_bot_token:curl"


def ps_prose():
    t = g_slack_bot()
    return ch(["新しいボットトークン: ", "새 봇 토큰: ", "新的 bot token："]) + t, [("slack_bot_token", t)], "slack_bot_token:prose"


def pt_env():
    t = g_slack_user()
    return fence(f"SLACK_USER_TOKEN={t}  # export 用", "bash"), [("slack_user_token", t)], "slack_user_token:dotenv"


def pt_python():
    t = g_slack_user()
    return fence(f"client = WebClient(token=\"{t}\")\nclient.conversations_history(channel=\"C0{rs(UP + DG, 9)}\")", "python"), [("slack_user_token", t)], "slack_user_token:python"


def pt_prose():
    t = g_slack_user()
    return ch(["チャンネル履歴のエクスポートにユーザートークン使いました: ", "채널 백업용 유저 토큰 ", "頻道匯出用的 user token "]) + t, [("slack_user_token", t)], "slack_user_token:prose"


def pt_log():
    t = g_slack_user()
    return f"{DT().log()} ERROR slack-export: invalid_auth for token {t}", [("slack_user_token", t)], "slack_user_token:log"


# ---- github ----
def pg_remote():
    t = g_ghp()
    return fence(f"$ git remote -v\norigin  https://{t}@github.com/kohaku-med/kviewer.git (fetch)", "console"), [("github_classic_pat", t)], "github_classic_pat:git_remote"


def pg_nuget():
    t = g_ghp()
    return fence(f"<packageSourceCredentials>\n  <kohaku>\n    <add key=\"Username\" value=\"ci-bot\" />\n    <add key=\"ClearTextPassword\" value=\"{t}\" />\n  </kohaku>\n</packageSourceCredentials>", "xml"), [("github_classic_pat", t)], "github_classic_pat:nuget_config"


def pg_prose():
    t = g_ghp()
    return ch(["とりあえず私の PAT 使ってください: ", "임시로 제 토큰 쓰세요 ", "先用我的 token："]) + t, [("github_classic_pat", t)], "github_classic_pat:prose"


def pg_maven():
    t = g_ghp()
    return fence(f"<server>\n  <id>github</id>\n  <username>kohaku-ci</username>\n  <password>{t}</password>\n</server>", "xml"), [("github_classic_pat", t)], "github_classic_pat:maven_settings"


def pf_env():
    t = g_ghfg()
    if R.random() < 0.5:
        return f"export GH_TOKEN={t} してから gh release download してください", [("github_fine_grained_pat", t)], "github_fine_grained_pat:inline_env"
    return fence(f"GH_TOKEN={t}", "bash"), [("github_fine_grained_pat", t)], "github_fine_grained_pat:env"


def pf_actions():
    t = g_ghfg()
    return fence(f"- uses: actions/checkout@v4\n  with:\n    repository: kohaku-med/dicom-dictionary\n    token: {t}", "yaml"), [("github_fine_grained_pat", t)], "github_fine_grained_pat:actions"


def pf_prose():
    t = g_ghfg()
    return ch(["fine-grained で発行しました(読み取りのみ): ", "fine-grained 토큰 발급했어요 ", "fine-grained token 給你："]) + t, [("github_fine_grained_pat", t)], "github_fine_grained_pat:prose"


def pf_npmrc():
    t = g_ghfg()
    return fence(f"@kohaku-med:registry=https://npm.pkg.github.com\n//npm.pkg.github.com/:_authToken={t}", "ini"), [("github_fine_grained_pat", t)], "github_fine_grained_pat:npmrc"


# ---- us_ssn ----
def pss_form():
    s = g_ssn()
    txt = fence(f"Form W-4 (copy for HR file)\nEmployee: {ch(FIRST['US'])[2]}\nSSN: {s}\nFiling status: Single\nOffice: Boston")
    return txt, [("us_ssn", s)], "us_ssn:w4_form"


def pss_prose():
    s = g_ssn(ch(["dash", "dash", "space"]))
    t = ch([f"米国駐在の方の SSN は {s} です。給与システムに登録お願いします", f"미국 법인 신규 입사자 SSN {s} 확인 부탁", f"美國同事的 SSN：{s}，報稅用",
            f"new hire SSN is {s}, background check vendor needs it"])
    return t, [("us_ssn", s)], "us_ssn:prose"


def pss_csv():
    s = g_ssn()
    rows = ["emp_id,name,state,ssn", f"US{digs(4)},{ch(FIRST['US'])[2]},MA,{s}", f"US{digs(4)},(contractor),CA,"]
    return "payroll 移行データ、1行だけ SSN 残ってます\n" + fence("\n".join(rows), "csv"), [("us_ssn", s)], "us_ssn:csv"


def pss_json():
    s = g_ssn()
    return fence(json.dumps({"employeeId": f"US{digs(4)}", "ssn": s, "benefitsPlan": "PPO"}, indent=2), "json"), [("us_ssn", s)], "us_ssn:json"


# ---- private_key_pem ----
def ppem(kind, layout):
    def make():
        if layout == 0:
            label, body = g_pem(kind)
            txt = fence(f"-----BEGIN {label}-----\n{body}\n-----END {label}-----")
            lead = ch(["DICOM TLS の鍵、これで合ってます？\n", "게이트웨이 TLS 키입니다\n", "閘道器的私鑰：\n", "key for the SCU cert:\n"])
            return lead + txt, body
        if layout == 1:
            label, body = g_pem(kind, sep="\\n")
            txt = fence(json.dumps({"tls": {"cert": "/opt/kohaku/tls/scp.crt"}}, indent=2)[:-2] + f",\n  \"privateKeyPem\": \"-----BEGIN {label}-----\\n{body}\\n-----END {label}-----\\n\"\n}}", "json")
            return txt, body
        if layout == 2:
            label, body = g_pem(kind, sep="\n    ")
            txt = fence(f"dicomTls:\n  privateKey: |\n    -----BEGIN {label}-----\n    {body}\n    -----END {label}-----", "yaml")
            return txt, body
        label, body = g_pem(kind)
        txt = fence(f"$ cat /opt/kohaku/tls/{ch(['scu', 'scp', 'mllp'])}.key\n-----BEGIN {label}-----\n{body}\n-----END {label}-----", "console")
        return txt, body
    txt, body = make()
    return txt, [("private_key_pem", body)], f"private_key_pem:{kind}:layout{layout}"


def make_pem_templates():
    combos = [("ec", 0), ("ed25519", 1), ("rsa", 3), ("openssh", 0), ("ec", 2), ("ed25519", 3), ("rsa", 0), ("openssh", 3), ("ec", 1)]
    return [(lambda k=k, l=l: ppem(k, l)) for k, l in combos]


# ============================================================================================
# POSITIVES: multi-secret templates (two secrets each)
# ============================================================================================
def m_aws_credentials():
    k, s = g_aws_id(), g_aws_secret()
    txt = fence(f"[kms-archive]\naws_access_key_id = {k}\naws_secret_access_key = {s}\nregion = ap-northeast-{ri(1, 3)}", "ini")
    return ch(["~/.aws/credentials が共有フォルダにありました\n", "공유 폴더에 credentials 파일이 있었어요\n", ""]) + txt, [("aws_access_key_id", k), ("aws_secret_access_key", s)], "multi:aws_credentials_file"


def m_aws_env():
    k, s = g_aws_id(), g_aws_secret()
    txt = fence(f"export AWS_ACCESS_KEY_ID={k}\nexport AWS_SECRET_ACCESS_KEY={s}\naws s3 sync ./export s3://kms-archive-apne2/migration/{hosp('KR')[1].lower()}/", "bash")
    return txt, [("aws_access_key_id", k), ("aws_secret_access_key", s)], "multi:aws_shell"


def m_aws_java():
    k, s = g_aws_id(), g_aws_secret()
    txt = fence(f"AwsBasicCredentials creds = AwsBasicCredentials.create(\n    \"{k}\",\n    \"{s}\");", "java")
    return txt, [("aws_access_key_id", k), ("aws_secret_access_key", s)], "multi:aws_java"


def m_aws_csv():
    k, s = g_aws_id(), g_aws_secret()
    return fence(f"Access key ID,Secret access key\n{k},{s}", "csv"), [("aws_access_key_id", k), ("aws_secret_access_key", s)], "multi:aws_csv"


def m_aws_props():
    k, s = g_aws_id(), g_aws_secret()
    return fence(f"kohaku.archive.s3.access-key={k}\nkohaku.archive.s3.secret-key={s}", "properties"), [("aws_access_key_id", k), ("aws_secret_access_key", s)], "multi:aws_properties"


def m_signature():
    c = ch(["JP", "KR", "TW", "US"])
    _, p = g_person(c)
    em = g_email(c, p[0])
    ph = g_phone(c)
    body = {"JP": "お世話になっております。DICOM 接続試験の日程について、添付の通りご確認ください。", "KR": "안녕하세요. HL7 연동 테스트 일정 공유드립니다.",
            "TW": "您好，附上 PACS 移轉時程，請確認。", "US": "Hi all, attached is the cut-over plan for the RIS upgrade."}[c]
    if R.random() < 0.4:
        body = ch(["転送します。\n\n", "전달합니다.\n\n", "轉寄給大家：\n\n", "Forwarding:\n\n"]) + "> " + body + "\n> " + ch(
            ["切替当日は 8:00 から作業開始予定です。", "작업은 오전 8시부터 시작합니다.", "當天早上八點開始作業。", "Work starts at 08:00 local time."]) + "\n> " + ch(
            ["ご不明点があればご連絡ください。", "문의 사항 있으시면 연락 주세요.", "有問題請隨時聯絡。", "Let me know if anything is unclear."])
    return body + "\n\n" + sig_block(c, p[1], p[2], ch(TITLES[c]), email=em, phone=ph), [("phone_number", ph), ("email_address", em)], "multi:email_signature"


def m_contact_table():
    c = ch(["JP", "KR", "TW"])
    em, ph = g_email(c), g_phone(c)
    rows = ["| 役割 | 連絡先 |", "|---|---|", f"| 病院 IT 窓口 | {em} |", f"| 夜間緊急 | {ph} |", "| ベンダ | #kms-support |"]
    return f"{hosp(c)[0]} の連絡先まとめ\n" + "\n".join(rows), [("email_address", em), ("phone_number", ph)], "multi:contact_table"


def m_db_public():
    ip, pw = g_ipv4(), g_password()
    txt = fence(f"Server={ip},1433;Database=KLIS;User Id=lis_remote;Password={pw};Encrypt=True")
    return ch(["リモート保守用の接続文字列です\n", "원격 유지보수 접속 정보\n", "遠端維護連線字串\n"]) + txt, [("ipv4_address", ip), ("password", pw)], "multi:adonet_public_host"


def m_ssh_session():
    ip, pw = g_ipv4(), g_password()
    txt = fence(f"$ sshpass -p '{pw}' ssh kmsadmin@{ip} -p 22\nLast login: {DT().log()} from 10.20.1.5\n[kmsadmin@kpacs-gw01 ~]$ systemctl status kpacs-scp", "console")
    return txt, [("password", pw), ("ipv4_address", ip)], "multi:ssh_session"


def m_ftp_url_ip():
    ip, pw = g_ipv4(), g_url_password()
    txt = f"旧 PACS からの移行は ftp://migrate:{pw}@{ip}:21/export/ から取ってください"
    return txt, [("url_credentials", pw), ("ipv4_address", ip)], "multi:ftp_url_public_ip"


def m_slack_pair():
    b, u = g_slack_bot(), g_slack_user()
    txt = fence(f"SLACK_BOT_TOKEN={b}\nSLACK_USER_TOKEN={u}", "ini")
    return "critical-value-notifier の .env、間違ってコミットされてます\n" + txt, [("slack_bot_token", b), ("slack_user_token", u)], "multi:slack_dotenv"


def m_jwt_mongo():
    t, pw = g_jwt(), g_url_password()
    txt = fence(f"{DT().log()} DEBUG token={t}\n{DT().log()} DEBUG mongo=mongodb+srv://audit:{pw}@audit.kohaku-cloud.jp/klis")
    return txt, [("jwt", t), ("url_credentials", pw)], "multi:debug_log"


def m_card_email():
    n, b = g_card()
    em = g_email("JP")
    txt = fence(f"お申込内容\nご担当: {em}\nお支払い: {b.upper()} {n}\n品目: KohakuPACS 年間サブスクリプション")
    return txt, [("email_address", em), ("credit_card", n)], "multi:order_form"


def m_iban_email():
    ib = g_iban()
    em = g_email("US", ch(["ap", "billing", "accounts.payable"]))
    txt = f"Invoice questions to {em}; remittance IBAN {ib}"
    return txt, [("email_address", em), ("iban", ib)], "multi:invoice_line"


def m_github_pair():
    a, b = g_ghp(), g_ghfg()
    txt = fence(f"# 古い方は消してください\nOLD_GH_TOKEN={a}\nGH_TOKEN={b}", "bash")
    return txt, [("github_classic_pat", a), ("github_fine_grained_pat", b)], "multi:github_tokens"


def m_llm_pair():
    a, b = g_openai(), g_anthropic()
    txt = fence(f"translator:\n  openai:\n    apiKey: {a}\n  anthropic:\n    apiKey: {b}", "yaml")
    return "翻訳PoCの比較設定\n" + txt, [("openai_api_key", a), ("anthropic_api_key", b)], "multi:llm_keys_yaml"


def m_pem_keystore():
    label, body = g_pem("ec")
    pw = g_password()
    txt = fence(f"# keystore password: {pw}\n-----BEGIN {label}-----\n{body}\n-----END {label}-----")
    return txt, [("password", pw), ("private_key_pem", body)], "multi:pem_with_password"


def m_ssn_phone():
    s, ph = g_ssn(), g_phone("US")
    txt = fence(f"Background check request\nCandidate: {ch(FIRST['US'])[2]}\nSSN: {s}\nPhone: {ph}\nPosition: Field Service Engineer (Boston)")
    return txt, [("us_ssn", s), ("phone_number", ph)], "multi:hr_form"


MULTI = [m_aws_credentials, m_aws_env, m_aws_java, m_aws_csv, m_aws_props, m_signature, m_signature, m_contact_table, m_contact_table,
         m_db_public, m_ssh_session, m_ftp_url_ip, m_slack_pair, m_jwt_mongo, m_card_email, m_iban_email, m_github_pair, m_llm_pair,
         m_pem_keystore, m_ssn_phone]

SINGLE = {
    "phone_number": ([pp_signature, pp_hl7_pid13, pp_oncall_table, pp_prose, pp_form], 5),
    "email_address": ([pe_prose, pe_config, pe_csv, pe_git, pe_forwarded], 4),
    "iban": ([pi_invoice, pi_prose, pi_csv, pi_form], 8),
    "password": ([pw_spring, pw_adonet, pw_prose, pw_ini, pw_log, pw_mirth, pw_libpq], 7),
    "url_credentials": ([pu_sftp, pu_dicomweb, pu_amqp, pu_jdbc_pg, pu_redis, pu_smb], 8),
    "ipv4_address": ([pip_log, pip_allowlist, pip_prose, pip_nginx_access, pip_csharp], 7),
    "aws_access_key_id": ([pa_id_env, pa_id_log, pa_id_policy], 5),
    "aws_secret_access_key": ([pa_secret_env, pa_secret_cs, pa_secret_yaml], 4),
    "jwt": ([pj_curl, pj_log, pj_prose, pj_har, pj_cookie], 9),
    "credit_card": ([pc_prose, pc_form, pc_csv, pc_log], 9),
    "openai_api_key": ([po_env, po_python, po_prose, po_cs], 8),
    "anthropic_api_key": ([pn_env, pn_python, pn_prose, pn_yaml], 8),
    "slack_bot_token": ([ps_env, ps_java, ps_curl, ps_prose], 8),
    "slack_user_token": ([pt_env, pt_python, pt_prose, pt_log], 8),
    "github_classic_pat": ([pg_remote, pg_nuget, pg_prose, pg_maven], 8),
    "github_fine_grained_pat": ([pf_env, pf_actions, pf_prose, pf_npmrc], 8),
    "us_ssn": ([pss_form, pss_prose, pss_csv, pss_json], 8),
    "private_key_pem": (make_pem_templates(), 8),
}


# ============================================================================================
# build
# ============================================================================================
CATEGORIES = [("data_uri_base64", DATA_URI), ("placeholder_example", PLACEHOLDER), ("code_identifier", CODE_IDENT),
              ("non_credential_blob", NONCRED), ("pii_lookalike_number", PII_LOOK), ("talk_about_secrets", TALK_T)]
PER_CATEGORY = 100


def build_negatives():
    seen = set()
    recs = []
    redraws = {}
    for cat, tmpls in CATEGORIES:
        for i in range(PER_CATEGORY):
            fn = tmpls[i % len(tmpls)]
            for attempt in range(400):
                if attempt >= 12:
                    fn = ch(tmpls)
                raw = fn()
                text = dress(raw)
                hits = scan(text)
                if hits:
                    for k, _ in hits:
                        redraws[k] = redraws.get(k, 0) + 1
                    continue
                if text in seen or raw in seen:
                    redraws["duplicate"] = redraws.get("duplicate", 0) + 1
                    continue
                break
            else:
                raise SystemExit(f"could not draw a clean negative for {cat}/{fn.__name__}")
            seen.add(text)
            seen.add(raw)
            recs.append({"text": text, "category": cat, "_t": fn.__name__})
    R.shuffle(recs)
    for n, r in enumerate(recs, 1):
        r["id"] = f"{N}n-{n:04d}"
    return recs, redraws


def check_positive(kind, value):
    if kind == "credit_card":
        d = re.sub(r"\D", "", value)
        assert 13 <= len(d) <= 19 and luhn_ok(d), value
    elif kind == "iban":
        assert iban_valid(value), value
    elif kind == "us_ssn":
        v = value.replace(" ", "-")
        assert re.fullmatch(r"\d{3}-\d{2}-\d{4}", v) and ssn_ok(v), value
    elif kind == "ipv4_address":
        assert is_public_ip(value), value
    elif kind == "jwt":
        h, p, _ = value.split(".")
        for part in (h, p):
            json.loads(base64.urlsafe_b64decode(part + "=" * (-len(part) % 4)))
    elif kind == "private_key_pem":
        body = re.sub(r"\\n|\s", "", value)
        base64.b64decode(body, validate=True)
        assert value[0] in B64 and value[-1] in B64 + "="
    elif kind == "aws_access_key_id":
        assert re.fullmatch(r"(AKIA|ASIA)[A-Z2-7]{16}", value)
    elif kind == "aws_secret_access_key":
        assert len(value) == 40
    elif kind == "github_classic_pat":
        assert re.fullmatch(r"ghp_[A-Za-z0-9]{36}", value)
        assert b62enc(zlib.crc32(value[4:34].encode()) & 0xFFFFFFFF, 6) == value[34:]
    elif kind == "email_address":
        assert RX_EMAIL.fullmatch(value)


def build_positives():
    items = []
    for kind, (tmpls, count) in SINGLE.items():
        for i in range(count):
            items.append(tmpls[i % len(tmpls)])
    items += MULTI
    R.shuffle(items)
    seen = set()
    recs = []
    for fn in items:
        for _ in range(200):
            text, secrets, ctx = fn()
            text = dress(text, 0.06, 0.03)
            if text in seen:
                continue
            vals = [v for _, v in secrets]
            has_url = any(k == "url_credentials" for k, _ in secrets)
            stray = [(k, v) for k, v in scan(text) if k != "pem" and not (k == "email" and has_url)
                     and not any(v in x or x in v for x in vals)]
            if not stray:
                break
        else:
            raise SystemExit(f"could not draw a clean positive from {fn.__name__}")
        seen.add(text)
        for k, v in secrets:
            assert v in text, (k, v)
            check_positive(k, v)
        recs.append({"text": text, "secrets": [{"kind": k, "value": v} for k, v in secrets], "context": ctx})
    for n, r in enumerate(recs, 1):
        r["id"] = f"{N}p-{n:04d}"
    return recs


def write_jsonl(path, recs, keys):
    with open(path, "w", encoding="utf-8", newline="\n") as f:
        for r in recs:
            f.write(json.dumps({k: r[k] for k in keys}, ensure_ascii=False) + "\n")


def main():
    negs, redraws = build_negatives()
    pos = build_positives()
    write_jsonl(os.path.join(HERE, f"{NAME}_negatives.jsonl"), negs, ["id", "text", "category"])
    write_jsonl(os.path.join(HERE, f"{NAME}_positives.jsonl"), pos, ["id", "text", "secrets", "context"])

    # ---- report ----
    out = sys.stdout
    nl = lambda t: t.count("\n") + 1
    print(f"negatives: {len(negs)}  positives: {len(pos)} ({sum(len(p['secrets']) for p in pos)} secrets)", file=out)
    print("redraws during generation:", json.dumps(redraws, sort_keys=True), file=out)
    for cat, tmpls in CATEGORIES:
        rs_ = [r for r in negs if r["category"] == cat]
        used = sorted({r["_t"] for r in rs_})
        tmpls = sorted({t.__name__ for t in tmpls})
        ls = [nl(r["text"]) for r in rs_]
        print(f"  {cat:<22} n={len(rs_)} templates={len(used)}/{len(tmpls)} lines={min(ls)}/{max(ls)}", file=out)
    for label, recs in (("negatives", negs), ("positives", pos), ("all", negs + pos)):
        ls = [nl(r["text"]) for r in recs]
        print(f"  {label}: single-line={sum(1 for x in ls if x == 1)} 10+={sum(1 for x in ls if x >= 10)} 20+={sum(1 for x in ls if x >= 20)} max={max(ls)}", file=out)
    kinds = {}
    for p in pos:
        for s in p["secrets"]:
            kinds[s["kind"]] = kinds.get(s["kind"], 0) + 1
    print("  kinds:", json.dumps(kinds, sort_keys=True), file=out)
    multi = sum(1 for p in pos if len(p["secrets"]) > 1)
    print(f"  positives with one secret: {len(pos) - multi}, with two: {multi}", file=out)
    # scanner against positives: which labelled values does it see
    missed = []
    for p in pos:
        hits = scan(p["text"])
        found = [v for _, v in hits]
        for s in p["secrets"]:
            if s["kind"] == "private_key_pem" and any(k == "pem" for k, _ in hits):
                continue
            if not any(s["value"] in f or f in s["value"] for f in found):
                missed.append((p["id"], s["kind"]))
    print(f"  scanner misses on positives: {len(missed)} {missed}", file=out)
    extra = []
    for p in pos:
        vals = [s["value"] for s in p["secrets"]]
        for k, v in scan(p["text"]):
            if not any(v in x or x in v for x in vals):
                extra.append((p["id"], k, v))
    print(f"  scanner hits in positives outside labels: {len(extra)} {extra[:20]}", file=out)


if __name__ == "__main__":
    main()
