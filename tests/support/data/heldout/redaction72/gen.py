#!/usr/bin/env python3
"""Blind redaction test set #72: hotel group reservations / PMS / loyalty IT (JP, TH, MX).

Writes redaction72_negatives.jsonl, redaction72_positives.jsonl and README.md next to this file.
Standard library only. random.Random(72 * 101) is the only source of randomness.
"""
import base64, binascii, hashlib, json, os, re, struct, sys, zlib

import random

N = 72
R = random.Random(N * 101)
HERE = os.path.dirname(os.path.abspath(__file__))

UP = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
LO = "abcdefghijklmnopqrstuvwxyz"
DG = "0123456789"
HX = "0123456789abcdef"
B62 = DG + UP + LO
B64 = UP + LO + DG + "+/"
B64U = UP + LO + DG + "-_"


def pick(seq):
    return seq[R.randrange(len(seq))]


def rs(n, alpha=B62):
    return "".join(alpha[R.randrange(len(alpha))] for _ in range(n))


def rd(n, first="123456789"):
    return pick(first) + rs(n - 1, DG) if n > 0 else ""


def rbytes(n):
    return bytes(R.randrange(256) for _ in range(n))


def b64(b):
    return base64.b64encode(b).decode()


def b64u(b):
    return base64.urlsafe_b64encode(b).decode().rstrip("=")


def chance(p):
    return R.random() < p


def uuid4():
    h = rs(32, HX)
    return "%s-%s-4%s-%s%s-%s" % (h[:8], h[8:12], h[13:16], pick("89ab"), h[17:20], h[20:32])


def sha(n=64):
    return rs(n, HX)


# ---------------------------------------------------------------------------
# theme vocabulary
PROPS = [("TYOGZ", "Tokyo Ginza", "JP", "JPY"), ("KYOKM", "Kyoto Kamogawa", "JP", "JPY"),
         ("OSAUM", "Osaka Umeda", "JP", "JPY"), ("BKKSK", "Bangkok Sukhumvit", "TH", "THB"),
         ("HKTKT", "Phuket Kata", "TH", "THB"), ("CNXNM", "Chiang Mai Nimman", "TH", "THB"),
         ("CUNHZ", "Cancún Hotel Zone", "MX", "MXN"), ("MEXPL", "CDMX Polanco", "MX", "MXN"),
         ("SJDCB", "Los Cabos", "MX", "MXN")]
ROOMS = ["DLXK", "DLXT", "STDQ", "SUPK", "JSTE", "EXEC", "FAMQ", "OCVK", "WASH", "TATA"]
RATES = ["BAR", "BAR-FLEX", "ADV14", "ADV30", "PKG-BF", "CORP-NEG", "GOV", "LOY-MBR", "OTA-BDC", "OTA-AGD",
         "OTA-EXP", "RACK", "NRF", "HB-MX", "KAIS-JP"]
CHANNELS = ["Booking.com", "Expedia", "Agoda", "Trip.com", "Rakuten Travel", "Jalan", "Despegar", "Airbnb", "HotelBeds"]
SYSTEMS = ["pms-core", "ota-sync", "loyalty-api", "keycard-bridge", "night-audit", "cfdi-timbrado", "pay-gw",
           "rate-push", "folio-svc", "guest-profile"]
CUR = {"JPY": "¥", "THB": "฿", "MXN": "MX$"}


def money(cur):
    if cur == "JPY":
        return "¥{:,}".format(R.randrange(8000, 480000))
    if cur == "THB":
        return "฿{:,.2f}".format(R.randrange(120000, 9000000) / 100)
    return "MX$ {:,.2f}".format(R.randrange(90000, 6500000) / 100)


def bdate():
    return "2026-%02d-%02d" % (R.randrange(1, 13), R.randrange(1, 29))


def ts():
    return "%sT%02d:%02d:%02d.%03dZ" % (bdate(), R.randrange(24), R.randrange(60), R.randrange(60), R.randrange(1000))


def folio():
    return "F%s-%06d" % (pick(PROPS)[0][:3], R.randrange(1, 999999))


def bookref():
    return pick(["HZ", "RSV", "CNF"]) + "-" + rs(6, UP.replace("O", "").replace("I", "") + "23456789")


def room():
    return "%d%02d" % (R.randrange(2, 28), R.randrange(1, 40))


LEADS = {
    "ja": ["メモ:", "共有です。", "念のため共有:", "至急確認お願いします", "昨日の件、", "夜間監査の件です:", "すみません、質問です。",
           "ログ貼ります", "フロントから問い合わせ:", "参考までに"],
    "th": ["แจ้งไว้ก่อนนะครับ:", "ฝากดูหน่อยค่ะ", "อัปเดตครับ:", "รบกวนช่วยเช็คให้หน่อยครับ", "เมื่อคืน night audit มีปัญหา:",
           "ขอถามหน่อยค่ะ", "FYI ทีม Phuket:"],
    "es": ["Oigan,", "Ojo:", "Para que lo tengan:", "Equipo, una duda:", "Buenas, les comparto:", "¿Alguien me echa la mano?",
           "Aguas con esto:", "Les paso el log:", "Del turno de noche:"],
    "en": ["fyi", "heads up:", "quick q:", "context:", "from the overnight run:", "pasting for the ticket:", "re: the OTA sync thing",
           "for the postmortem:"],
}
TRAILS = ["🙏", "よろしくお願いします", "ありがとうございます！", "ขอบคุณครับ", "ขอบคุณค่ะ 🙏", "gracias!", "¡Gracias!", "saludos",
          "+1", "ty", "thx", "(from the night shift)", "cc @revenue-team", "👀", "確認中です", "lo reviso mañana"]


def decorate(text, p_lead, p_trail):
    if chance(p_lead):
        lang = pick(["ja", "th", "es", "en"])
        text = pick(LEADS[lang]) + ("\n" if "\n" in text or chance(0.4) else " ") + text
    if chance(p_trail):
        text = text + ("\n" if "\n" in text else " ") + pick(TRAILS)
    return text


# ---------------------------------------------------------------------------
# check functions (used for positives and by the scanner)
def luhn_ok(s):
    d = [int(c) for c in s]
    tot = 0
    for i, x in enumerate(reversed(d)):
        if i % 2:
            x *= 2
            if x > 9:
                x -= 9
        tot += x
    return tot % 10 == 0


def luhn_complete(prefix, length):
    body = prefix + rs(length - len(prefix) - 1, DG)
    for c in DG:
        if luhn_ok(body + c):
            return body + c


def iban_ok(s):
    s = s.replace(" ", "")
    if not re.fullmatch(r"[A-Z]{2}\d{2}[A-Z0-9]{10,30}", s):
        return False
    t = s[4:] + s[:4]
    num = "".join(str(int(c, 36)) for c in t)
    return int(num) % 97 == 1


def iban_make(cc, bban):
    t = bban + cc + "00"
    num = "".join(str(int(c, 36)) for c in t)
    ck = 98 - int(num) % 97
    return "%s%02d%s" % (cc, ck, bban)


def ssn_ok(s):
    d = re.sub(r"\D", "", s)
    a, g, sr = int(d[:3]), int(d[3:5]), int(d[5:])
    return len(d) == 9 and a not in (0, 666) and a < 900 and g != 0 and sr != 0


def ip_public(s):
    p = [int(x) for x in s.split(".")]
    if any(x > 255 for x in p):
        return False
    a, b = p[0], p[1]
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
    if a == 192 and b == 0 and p[2] in (0, 2):
        return False
    if a == 198 and b in (18, 19):
        return False
    if a == 198 and b == 51 and p[2] == 100:
        return False
    if a == 203 and b == 0 and p[2] == 113:
        return False
    if a == 192 and b == 88 and p[2] == 99:
        return False
    return True


# ---------------------------------------------------------------------------
# scanner (guarantees on the negatives)
PLACEHOLDER_PW = {"password", "pass", "passwd", "pwd", "changeme", "secret", "guest", "admin", "root", "user", "test",
                  "example", "xxx", "xxxx", "xxxxxx", "***", "****", "******", "redacted", "postgres", "mysql", "sa"}
RX = {
    "email": re.compile(r"[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}"),
    "github_token": re.compile(r"\bgh[pousr]_[A-Za-z0-9]{30,}|github_pat_[A-Za-z0-9_]{30,}"),
    "slack_token": re.compile(r"xox[abposr]-\d+-[A-Za-z0-9-]{8,}"),
    "sk_key": re.compile(r"\bsk-(?:ant-|proj-|svcacct-)?[A-Za-z0-9_-]{28,}"),
    "vendor_key": re.compile(r"\b(?:sk|rk)_live_[A-Za-z0-9]{16,}|\bAIza[0-9A-Za-z_-]{35}|\bglpat-[A-Za-z0-9_-]{20}"),
    "jwt": re.compile(r"eyJ[A-Za-z0-9_-]{5,}\.eyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]{5,}"),
    "ssn_shape": re.compile(r"(?<![\d-])\d{3}-\d{2}-\d{4}(?![\d-])"),
    "aws_key_id": re.compile(r"(?<![A-Za-z0-9])(?:AKIA|ASIA)[A-Z0-9]{16}(?![A-Za-z0-9])"),
    "pem": re.compile(r"-----BEGIN ([A-Z ]*)PRIVATE KEY-----\s*\n?((?:[A-Za-z0-9+/=]{20,}\s*\n?){2,})"),
    "ipv4": re.compile(r"(?<![\d.])(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})(?![\d]|\.\d)"),
    "url_userinfo": re.compile(r"[a-z][a-z0-9+.-]*://([^\s:/@]+):([^\s@/]+)@"),
    "iban": re.compile(r"\b[A-Z]{2}\d{2}(?: ?[A-Z0-9]{4}){2,7}(?: ?[A-Z0-9]{1,4})?\b"),
}
PHONE_RX = [
    # international forms of JP/TH/MX/NANP and some EU codes
    re.compile(r"(?:\+|\b00)\s?\(?(?:81|66|52|1|34|33|49|44|39|31)\)?[\s.\-]*\(?\d[\d\s.\-()]{6,16}\d"),
    # JP / TH national forms with trunk 0 and separators: 090-1234-5678, 03-1234-5678, 081-234-5678, 02-123-4567, 03(1234)5678
    re.compile(r"(?<![\w.:/+-])\(?0\d{1,4}\)?[\s\-(]\d{1,4}[\s\-)]\d{3,4}(?![\w-])"),
    # MX / NANP grouped: 55 1234 5678, (998) 123-4567, 415.382.9174, 998 123 45 67
    re.compile(r"(?<![\w.:/+-])\(?[2-9]\d{1,2}\)?[\s.\-]\d{3,4}[\s.\-]\d{2,4}(?:[\s.\-]\d{2})?(?![\w-])"),
    # bare national runs
    re.compile(r"(?<![\w.:/+=#-])(?:0[789]0\d{8}|0\d{9}|0[2-7]\d{7}|[2-9]\d{9})(?![\w.]|-\d)"),
]
DIGIT_GROUPS = re.compile(r"\d+(?:[ \-]\d+)*")


def phone_hit(m):
    d = re.sub(r"\D", "", m)
    return 9 <= len(d) <= 13


def scan(text):
    hits = []
    for name in ("email", "github_token", "slack_token", "sk_key", "vendor_key", "jwt", "ssn_shape"):
        for m in RX[name].finditer(text):
            hits.append((name, m.group(0)))
    for m in RX["aws_key_id"].finditer(text):
        if "EXAMPLE" not in m.group(0):
            hits.append(("aws_key_id", m.group(0)))
    for m in RX["pem"].finditer(text):
        body = re.sub(r"\s", "", m.group(2))
        try:
            if len(base64.b64decode(body + "=" * (-len(body) % 4))) >= 32:
                hits.append(("pem_private_key", body[:20]))
        except binascii.Error:
            pass
    for m in RX["ipv4"].finditer(text):
        if ip_public(m.group(0)):
            hits.append(("public_ipv4", m.group(0)))
    for m in RX["url_userinfo"].finditer(text):
        pw = m.group(2)
        if pw.lower() in PLACEHOLDER_PW or re.fullmatch(r"[<{$%\[*x•].*", pw) or "EXAMPLE" in pw:
            continue
        hits.append(("url_userinfo", m.group(0)))
    for m in RX["iban"].finditer(text):
        if iban_ok(m.group(0)):
            hits.append(("iban", m.group(0)))
    # Luhn: plain runs and windows of grouped numbers
    for m in DIGIT_GROUPS.finditer(text):
        groups = re.findall(r"\d+", m.group(0))
        for i in range(len(groups)):
            acc = ""
            for j in range(i, len(groups)):
                acc += groups[j]
                if len(acc) > 19:
                    break
                if 13 <= len(acc) and luhn_ok(acc):
                    hits.append(("luhn", " ".join(groups[i:j + 1])))
    for rx in PHONE_RX:
        for m in rx.finditer(text):
            if phone_hit(m.group(0)):
                hits.append(("phone", m.group(0)))
    return hits


# ---------------------------------------------------------------------------
# real file bytes for data URIs
def chunk(t, data):
    return struct.pack(">I", len(data)) + t + data + struct.pack(">I", zlib.crc32(t + data) & 0xffffffff)


def png(w=None, h=None, mode=None):
    w = w or R.randrange(1, 9)
    h = h or R.randrange(1, 9)
    mode = mode or pick(["rgba", "rgb", "gray"])
    ct, bpp = {"rgba": (6, 4), "rgb": (2, 3), "gray": (0, 1)}[mode]
    col = rbytes(bpp)
    raw = b"".join(b"\x00" + col * w for _ in range(h))
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, ct, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b""))


def gif1():
    c = rbytes(3)
    return (b"GIF89a\x01\x00\x01\x00\x80\x00\x00" + c + b"\x00\x00\x00!\xf9\x04\x01\x00\x00\x00\x00"
            b",\x00\x00\x00\x00\x01\x00\x01\x00\x00\x02\x02D\x01\x00;")


def jpeg_head(w=None, h=None):
    w = w or pick([16, 32, 64, 120, 240])
    h = h or pick([16, 32, 48, 90, 160])
    q = bytes(R.randrange(2, 40) for _ in range(64))
    return (b"\xff\xd8\xff\xe0\x00\x10JFIF\x00\x01\x01\x00\x00\x01\x00\x01\x00\x00"
            + b"\xff\xdb\x00\x43\x00" + q
            + b"\xff\xc0\x00\x11\x08" + struct.pack(">HH", h, w) + b"\x03\x01\x22\x00\x02\x11\x01\x03\x11\x01"
            + b"\xff\xc4\x00\x1f\x00\x00\x01\x05\x01\x01\x01\x01\x01\x01\x00\x00\x00\x00\x00\x00\x00\x00"
            + bytes(range(12)))


def webp():
    w, h = R.randrange(1, 64), R.randrange(1, 64)
    bits = (w - 1) | ((h - 1) << 14) | (1 << 28)
    data = b"\x2f" + struct.pack("<I", bits) + rbytes(R.randrange(6, 14))
    if len(data) % 2:
        data += b"\x00"
    body = b"WEBP" + b"VP8L" + struct.pack("<I", len(data)) + data
    return b"RIFF" + struct.pack("<I", len(body)) + body


def wav():
    n = R.randrange(8, 24)
    samples = b"".join(struct.pack("<h", R.randrange(-900, 900)) for _ in range(n))
    fmt = struct.pack("<HHIIHH", 1, 1, 8000, 16000, 2, 16)
    body = b"WAVE" + b"fmt " + struct.pack("<I", 16) + fmt + b"data" + struct.pack("<I", len(samples)) + samples
    return b"RIFF" + struct.pack("<I", len(body)) + body


def pdf():
    title = pick(["Folio", "Factura CFDI 4.0", "Night Audit", "Invoice", "Receipt"])
    return ("%%PDF-1.7\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n"
            "3 0 obj<</Type/Page/MediaBox[0 0 595 842]/Parent 2 0 R/Resources<<>>>>endobj\n"
            "4 0 obj<</Title(%s %s)/Producer(pms-report %d.%d)>>endobj\ntrailer<</Root 1 0 R/Info 4 0 R>>\n%%%%EOF\n"
            % (title, pick(PROPS)[0], R.randrange(1, 9), R.randrange(20))).encode()


def ico():
    p = png(16, 16, "rgba")
    return struct.pack("<HHH", 0, 1, 1) + struct.pack("<BBBBHHII", 16, 16, 0, 0, 1, 32, len(p), 22) + p


def woff2_head():
    return b"wOF2" + struct.pack(">IIHHIHHIIIII", 0x00010000, R.randrange(9000, 40000), R.randrange(10, 16), 0,
                                  R.randrange(20000, 90000), 1, 0, R.randrange(8000, 30000), 0, 0, 0, 0)


def ttf_head():
    return struct.pack(">IHHHH", 0x00010000, 14, 128, 3, 32) + b"GDEF" + rbytes(12) + b"GPOS" + rbytes(12)


def svg():
    c = rs(6, HX)
    shape = pick(['<circle cx="8" cy="8" r="6" fill="#%s"/>' % c, '<path d="M2 8l4 4 8-8" stroke="#%s" fill="none"/>' % c,
                  '<rect width="16" height="16" rx="3" fill="#%s"/>' % c])
    return '<svg xmlns="http://www.w3.org/2000/svg" width="16" height="16" viewBox="0 0 16 16">%s</svg>' % shape


def srcmap():
    f = pick(["booking-widget", "rate-calendar", "checkin-kiosk", "loyalty-portal", "folio-viewer"])
    sm = {"version": 3, "file": f + ".js", "sources": ["../src/%s.ts" % f], "names": [],
          "mappings": ";;" + ",".join(rs(4, UP + LO) for _ in range(R.randrange(3, 8)))}
    return b64(json.dumps(sm, separators=(",", ":")).encode())


def trunc(s, n=None):
    n = n or R.randrange(40, 90)
    if len(s) <= n:
        return s
    return s[:n] + pick(["…", "...", "…[%d more chars]" % (len(s) - n), "…(truncated)"])


# ---------------------------------------------------------------------------
# negative templates
NEG = {}


def neg(cat):
    def deco(f):
        NEG.setdefault(cat, []).append(f)
        return f
    return deco


def uri(kind=None):
    kind = kind or pick(["png", "png", "gif", "jpeg", "webp", "svg", "ico"])
    if kind == "png":
        return "data:image/png;base64," + b64(png())
    if kind == "gif":
        return "data:image/gif;base64," + b64(gif1())
    if kind == "jpeg":
        return "data:image/jpeg;base64," + trunc(b64(jpeg_head()), R.randrange(60, 120))
    if kind == "webp":
        return "data:image/webp;base64," + b64(webp())
    if kind == "ico":
        return "data:image/x-icon;base64," + trunc(b64(ico()), R.randrange(60, 110))
    return "data:image/svg+xml;base64," + b64(svg().encode())


C = "data_uri_base64"


@neg(C)
def _():
    return ".room-card__badge--%s {\n  background-image: url(%s);\n  background-size: 16px 16px;\n}" % (
        pick(["ocean", "onsen", "club", "accessible", "nosmoke"]), uri(pick(["png", "svg", "gif"])))


@neg(C)
def _():
    return "予約エンジンのCSSが重い原因これです。`%s` がインラインで%d回出てくる" % (trunc(uri("png"), 70), R.randrange(12, 80))


@neg(C)
def _():
    return '```json\n{"reservation":"%s","checkin_qr":"%s","expires":"%s"}\n```' % (bookref(), uri("png"), ts())


@neg(C)
def _():
    return "```html\n<img class=\"logo\" alt=\"%s\" width=\"120\" src=\"%s\">\n```\nthe folio print template embeds the logo, that's why the PDF is fine offline" % (
        pick(PROPS)[1], uri(pick(["png", "jpeg"])))


@neg(C)
def _():
    p = pick(PROPS)
    return "```json\n{\n  \"Serie\": \"%s\",\n  \"Folio\": \"%d\",\n  \"pdf_base64\": \"%s\",\n  \"status\": \"timbrado\"\n}\n```\nEl PAC regresa el PDF así, no es el XML" % (
        p[0][:3], R.randrange(1000, 99999), trunc(b64(pdf()), R.randrange(80, 140)))


@neg(C)
def _():
    return "La respuesta del PAC trae el PDF en base64: `%s`, ¿lo guardamos en S3 o en la BD?" % trunc(b64(pdf()), 64)


@neg(C)
def _():
    return "```ini\n[printer.receipt]\nmodel = EPSON TM-m30III\nheader_logo = %s\nwidth_mm = 80\n```" % uri("png")


@neg(C)
def _():
    return "```tsx\n<Image src={roomPhoto} alt=\"%s\" placeholder=\"blur\" blurDataURL=\"%s\" />\n```" % (
        pick(ROOMS), uri(pick(["png", "webp", "gif"])))


@neg(C)
def _():
    return "```css\n@font-face {\n  font-family: \"%s\";\n  src: url(data:font/woff2;base64,%s) format(\"woff2\");\n  font-display: swap;\n}\n```\nタイ語フォントを埋め込んだら %dKB 増えた" % (
        pick(["Sarabun", "Noto Sans Thai", "Noto Sans JP", "Prompt"]), trunc(b64(woff2_head()), 60), R.randrange(40, 400))


@neg(C)
def _():
    return "```css\n@font-face{font-family:Kanit;src:url(data:font/ttf;base64,%s) format('truetype')}\n```" % trunc(b64(ttf_head()), 56)


@neg(C)
def _():
    return "//# sourceMappingURL=data:application/json;charset=utf-8;base64,%s" % srcmap()


@neg(C)
def _():
    return "```\nRefused to load the image '%s' because it violates the following Content Security Policy directive: \"img-src 'self' https://cdn.hotel-assets.invalid\".\n```" % trunc(uri(), 60)


@neg(C)
def _():
    return "```python\nPLACEHOLDER_THUMB = (\n    \"%s\"\n)\n\ndef room_thumb(url: str | None) -> str:\n    return url or PLACEHOLDER_THUMB\n```" % uri("png")


@neg(C)
def _():
    return "```go\nvar transparentPixel = []byte(\"%s\") // 1x1 GIF for the kiosk\n```" % b64(gif1())


@neg(C)
def _():
    return "```sh\n$ echo '%s' | base64 -d | file -\n/dev/stdin: %s\n```" % (
        *pick([(b64(png(3, 3, "rgb")), "PNG image data, 3 x 3, 8-bit/color RGB, non-interlaced"),
               (b64(gif1()), "GIF image data, version 89a, 1 x 1"),
               (b64(wav()), "RIFF (little-endian) data, WAVE audio, Microsoft PCM, 16 bit, mono 8000 Hz")]),)


@neg(C)
def _():
    return "เสียง beep ของ kiosk เช็คอินเป็น data URI แบบนี้ครับ `data:audio/wav;base64,%s` ไม่ใช่ไฟล์แยก" % b64(wav())


@neg(C)
def _():
    return "![%s](%s)" % (pick(["mapa del lobby", "floor plan", "客室レイアウト", "ผังห้อง"]), uri(pick(["png", "gif", "svg"])))


@neg(C)
def _():
    return "```json\n{\"output_type\":\"display_data\",\"data\":{\"image/png\":\"%s\",\"text/plain\":[\"<Figure size 640x480 with 1 Axes>\"]}}\n```\nnotebook del pickup de OTA por canal" % b64(png(6, 4, "rgb"))


@neg(C)
def _():
    return "```kotlin\nprivate val KEYCARD_ICON = \"%s\"\n```\nencoder UI icon, not a key" % uri("png")


@neg(C)
def _():
    return "```\n{\"log\":\"GET /static/css/app.%s.css 200\",\"har\":{\"content\":{\"mimeType\":\"image/webp\",\"encoding\":\"base64\",\"text\":\"%s\"}}}\n```" % (
        rs(8, HX), b64(webp()))


@neg(C)
def _():
    return "favicon ของ booking engine ยังเป็นอันเก่า: `<link rel=\"icon\" href=\"%s\">`" % uri("ico")


@neg(C)
def _():
    return "```html\n<svg><image href=\"data:image/svg+xml;utf8,%s\"/></svg>\n```" % svg().replace('"', "'")


@neg(C)
def _():
    lines = ["| icon | uri |", "|---|---|"]
    for n in ["wifi", "onsen", "pool", "spa", "parking", "breakfast", "gym"][:R.randrange(3, 7)]:
        lines.append("| %s | `%s` |" % (n, trunc(uri(pick(["png", "svg"])), 48)))
    return "\n".join(lines)


@neg(C)
def _():
    return "```yaml\napiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: checkin-kiosk-assets\nbinaryData:\n  spinner.gif: %s\n  logo.png: %s\n```" % (
        b64(gif1()), b64(png()))


@neg(C)
def _():
    return "The e-folio mail shows a broken image in Outlook because the logo is `%s` — Outlook strips data: URIs, we need a CID attachment" % trunc(uri("jpeg"), 64)


@neg(C)
def _():
    return "```js\nexport const seal = \"data:image/png;base64,%s\"; // 領収書の角印 (scan of the company stamp, public)\n```" % b64(png(8, 8, "gray"))


@neg(C)
def _():
    rows = ["%s  DEBUG renderer  thumb=%s cache=%s" % (ts(), trunc(uri(pick(["png", "webp", "gif"])), 50), pick(["hit", "miss"]))
            for _ in range(R.randrange(2, 9))]
    return "```\n" + "\n".join(rows) + "\n```"


@neg(C)
def _():
    return "ใน CFDI ไม่ต้องแนบ PDF นะ แค่ XML ก็พอ แต่ SAT ส่ง acuse มาเป็น `%s`" % trunc(b64(pdf()), 56)


C = "placeholder_example"
PH_TOKENS = ["<your-api-key>", "YOUR_API_KEY", "<token>", "<paste-token-here>", "${SITEMINDER_API_KEY}", "$OTA_TOKEN",
             "{{ .Values.pms.apiKey }}", "{{ ota_password }}", "%PMS_DB_PASSWORD%", "$(KEYCARD_API_TOKEN)",
             "op://hotel-it/siteminder/credential", "vault:secret/data/pms#password", "${{ secrets.PAC_PASSWORD }}",
             "{{resolve:secretsmanager:prod/pay-gw:SecretString:apiKey}}", "CHANGE_ME", "<contraseña>", "<รหัสผ่าน>",
             "＜パスワード＞", "REPLACE_WITH_REAL_KEY", "[REDACTED]", "<redacted>", "********", "[FILTERED]", "***"]
PREFIXES = ["sk-...", "sk-proj-…", "sk-ant-api03-...", "xoxb-your-bot-token", "xoxp-…", "ghp_xxxxxxxxxxxxxxxx",
            "github_pat_...", "AKIA...", "AIza****************", "glpat-xxxx", "sk_live_xxx", "whsec_...", "rk_test_…"]


@neg(C)
def _():
    return "```env\nSITEMINDER_USERNAME=%s\nSITEMINDER_PASSWORD=%s\nOTA_PUSH_URL=https://ota-sync.internal.invalid/v2/ari\n```" % (
        pick(["<hotel-code>", "YOUR_USERNAME", "${OTA_USER}"]), pick(PH_TOKENS))


@neg(C)
def _():
    return "```yaml\npac:\n  provider: %s\n  user: %s\n  password: %s\n  rfc_emisor: %s\n```\nCFDI 4.0 sandbox config, llenen con lo de 1Password" % (
        pick(["finkok", "sw-sapien", "facturama"]), pick(["<usuario-pac>", "${PAC_USER}"]), pick(PH_TOKENS),
        pick(["EKU9003173C9", "XIA190128J61", "<RFC_EMISOR>"]))


@neg(C)
def _():
    return "For local dev: `aws configure` with `AKIAIOSFODNN7EXAMPLE` / `wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY` against localstack, no real keys in the night-audit repo please"


@neg(C)
def _():
    return "```hcl\nresource \"aws_secretsmanager_secret_version\" \"%s\" {\n  secret_id     = aws_secretsmanager_secret.%s.id\n  secret_string = var.%s # set in TF Cloud, never here\n}\n```" % (
        *([pick(["ota_siteminder", "pac_finkok", "keycard_vingcard", "loyalty_hmac"])] * 2), pick(["ota_api_key", "pac_password", "encoder_token"]))


@neg(C)
def _():
    return "The vendor doc shows `Authorization: Bearer %s` — that's literally the string in their PDF, replace it with the token from the portal" % pick(
        ["<ACCESS_TOKEN>", "YOUR_TOKEN_HERE", "eyJhbGciOi...", "{{token}}", "xxxxxxxx.yyyyyyyy.zzzzzzzz"])


@neg(C)
def _():
    return "Tarjeta en folio: `%s` (%s) — el terminal solo nos da los últimos 4, no pidan el PAN completo" % (
        pick(["•••• •••• •••• %s" % rd(4), "XXXX-XXXX-XXXX-%s" % rd(4), "%s******%s" % (pick(["4", "5", "3"]) + "XXXXX", rd(4)),
              "**** %s" % rd(4)]), pick(["VISA", "MC", "AMEX", "JCB"]))


@neg(C)
def _():
    return "ゲストの電話番号は `090-XXXX-XXXX` の形でマスクして表示、CSV 出力でも `+81-XX-XXXX-XXXX` にしてください"


@neg(C)
def _():
    return "เบอร์โทรแขกใน report ต้อง mask เป็น `08X-XXX-XXXX` หรือ `+66 8X XXX XXXX` นะคะ ห้ามโชว์เต็ม"


@neg(C)
def _():
    return "En el reporte de llegadas el teléfono sale como `(55) ****-**%s` y el correo como `a***@***.mx`, así está bien" % rd(2, DG)


@neg(C)
def _():
    return "```json\n{\"guest\": {\"name\": \"{{guest.first_name}} {{guest.last_name}}\", \"email\": \"{{guest.email}}\", \"phone\": \"{{guest.phone_e164}}\", \"loyalty_no\": \"{{member.number}}\"}}\n```\nplantilla de confirmación (Jinja)"


@neg(C)
def _():
    return "```properties\nopera.oxi.url=https://oxi.%s.invalid/Operajserv\nopera.oxi.user=${OXI_USER}\nopera.oxi.password=${OXI_PASSWORD}\n```" % pick(PROPS)[0].lower()


@neg(C)
def _():
    return "```\nDATABASE_URL=postgres://%s:%s@localhost:5432/pms_dev\n```\ndocker-compose default, only on laptops" % pick(
        [("user", "password"), ("postgres", "postgres"), ("pms", "changeme"), ("<user>", "<password>"), ("admin", "admin")])


@neg(C)
def _():
    return "mongodb+srv://<username>:<password>@<cluster>.mongodb.net/loyalty?retryWrites=true — este es el string de ejemplo del README, no lo peguen con datos reales"


@neg(C)
def _():
    return "Prefixes to grep for in the channel export: `%s`, `%s`, `%s` (the scanner only needs the prefix)" % tuple(R.sample(PREFIXES, 3))


@neg(C)
def _():
    return "```python\nKEYCARD_API_TOKEN = os.environ[\"KEYCARD_API_TOKEN\"]  # e.g. \"%s\"\n```" % pick(["vc_live_xxxxxxxxxxxx", "<token>", "...", "abc123"])


@neg(C)
def _():
    return "RFC genérico para público en general: `XAXX010101000`, y para extranjeros `XEXX010101000` (huéspedes sin RFC mexicano). UsoCFDI `S01`, RegimenFiscalReceptor `616`"


@neg(C)
def _():
    return "```xml\n<cfdi:Receptor Rfc=\"XAXX010101000\" Nombre=\"PUBLICO EN GENERAL\" DomicilioFiscalReceptor=\"%s\" RegimenFiscalReceptor=\"616\" UsoCFDI=\"S01\"/>\n```" % pick(["77500", "06600", "23400", "11560"])


@neg(C)
def _():
    return "```\n-----BEGIN PRIVATE KEY-----\n...\n-----END PRIVATE KEY-----\n```\nthe CSD .key for timbrado goes in the vault as `%s`, never in the repo" % pick(
        ["csd/key_pem", "pac/csd-private", "cfdi_csd_key"])


@neg(C)
def _():
    return "```toml\n[loyalty.api]\nbase_url = \"https://loyalty.internal.invalid\"\nclient_id = \"%s\"\nclient_secret = \"%s\"\n```" % (
        pick(["<client-id>", "YOUR_CLIENT_ID"]), pick(["<client-secret>", "REPLACE_ME", "${LOYALTY_CLIENT_SECRET}", ""]))


@neg(C)
def _():
    return "```ini\n[encoder]\nhost = 127.0.0.1\nport = %d\nuser = admin\npassword = admin ; factory default, rotated at install\n```" % pick([3015, 8080, 5050, 9100])


@neg(C)
def _():
    return "Slack webhook for #night-audit-alerts: `https://hooks.slack.com/services/T00000000/B00000000/XXXXXXXXXXXXXXXXXXXXXXXX` is the example from Slack's docs; the real one lives in %s" % pick(
        ["SSM", "Vault", "1Password"])


@neg(C)
def _():
    return "```sh\ncurl -H \"X-Api-Key: $%s\" https://api.channel-manager.invalid/v1/properties/%s/availability\n```" % (
        pick(["SM_API_KEY", "OTA_KEY", "CM_TOKEN"]), pick(PROPS)[0])


@neg(C)
def _():
    return "IBAN del proveedor europeo en el formulario: `DE00 0000 0000 0000 0000 00` es el placeholder del formulario, el real nos lo manda finanzas"


@neg(C)
def _():
    return "| field | value |\n|---|---|\n| guest_email | `%s` |\n| guest_phone | `%s` |\n| card | `%s` |\n| password | `%s` |" % (
        pick(["[REDACTED]", "<redacted>", "(masked)"]), pick(["+52 *** *** **%s" % rd(2, DG), "[REDACTED]"]),
        pick(["•••• %s" % rd(4), "[MASKED]"]), pick(["********", "[FILTERED]"]))


@neg(C)
def _():
    return "```\n%s INFO  pay-gw  auth ok terminal=%s pan=%s exp=**/** amount=%s resp=00\n```" % (
        ts(), "T%s" % rd(6, DG), pick(["4%sXX XXXX %s" % (rd(3, DG), rd(4)), "5%s******%s" % (rd(5, DG), rd(4))]), money(pick(["JPY", "THB", "MXN"])))


@neg(C)
def _():
    return "¿El token de Booking va como `Authorization: Basic <base64(user:pass)>` o como header propio? la doc dice `%s`" % pick(
        ["Basic dXNlcjpwYXNz", "Basic <credentials>", "Bearer <token>"])


@neg(C)
def _():
    return "```kotlin\nval apiKey = BuildConfig.LOYALTY_API_KEY // \"%s\" in local.properties.sample\n```" % pick(PREFIXES)


@neg(C)
def _():
    return "テスト用のカード番号はゲートウェイのsandbox文書を見てください（ここには貼らない）。マスク例: `%s`" % pick(
        ["3528 **** **** %s" % rd(4), "JCB ....%s" % rd(4)])


C = "code_identifier"
W = ["Guest", "Folio", "Loyalty", "Member", "Token", "Secret", "Password", "Card", "Pan", "Phone", "Email", "Rfc", "Cfdi",
     "Keycard", "Encoder", "Rate", "Ota", "Channel", "Credential", "Api", "Key", "Refresh", "Masked", "Hash", "Night",
     "Audit", "Payment", "Terminal", "Iban", "Ssn", "Sync", "Provider", "Resolver", "Vault"]
PKG = ["folio", "ota", "loyalty", "keycard", "payment", "cfdi", "audit", "profile"]


def camel(n, lower=True):
    s = "".join(pick(W) for _ in range(n))
    return s[0].lower() + s[1:] if lower else s


def snake(n):
    return "_".join(pick(W).lower() for _ in range(n))


@neg(C)
def _():
    exc = camel(3, False) + "Exception"
    lines = ["%s ERROR [%s] com.hoshizora.pms.%s.%s - %s" % (ts(), pick(["night-audit-1", "ota-sync-3", "main"]), pick(PKG), camel(2, False),
                                                            pick(["posting failed", "sync aborted", "encoder timeout"])),
             "com.hoshizora.pms.%s.%s: %s" % (pick(PKG), exc, pick(["credential provider returned null", "token refresh rejected", "masked PAN mismatch"]))]
    for _ in range(R.randrange(4, 22)):
        lines.append("\tat com.hoshizora.pms.%s.%s.%s(%s.java:%d)" % (pick(PKG), camel(2, False), camel(3), camel(2, False), R.randrange(20, 900)))
    lines.append("\tat java.base/java.lang.Thread.run(Thread.java:1583)")
    return "```\n" + "\n".join(lines) + "\n```"


@neg(C)
def _():
    return "rename `%s` → `%s`? the old name made it look like we store the %s" % (camel(3), camel(4), pick(["password", "card number", "secret", "phone"]))


@neg(C)
def _():
    return "```sql\nALTER TABLE guest_profile\n  ADD COLUMN %s varchar(64),\n  ADD COLUMN phone_e164_hash char(64),\n  ADD COLUMN email_sha256 char(64),\n  DROP COLUMN %s;\n```" % (
        pick(["card_token_ref", "pan_last_four", "loyalty_secret_question_id"]), pick(["raw_phone", "password_plain_legacy", "rfc_receptor_tmp"]))


@neg(C)
def _():
    return "```python\nclass %s(BaseModel):\n    %s: str\n    %s: str | None = None\n    password_hash: str\n    api_key_last_four: str\n    phone_country_code: Literal[\"81\", \"66\", \"52\"]\n```" % (
        camel(2, False), snake(3), snake(2))


@neg(C)
def _():
    return "```go\nfunc (s *%s) %s(ctx context.Context, folioID string) (*%s, error) {\n\ttok, err := s.%s.Get(ctx, \"ota/siteminder/api_key\")\n\tif err != nil {\n\t\treturn nil, fmt.Errorf(\"%s: %%w\", err)\n\t}\n\treturn s.post(ctx, folioID, tok)\n}\n```" % (
        camel(2, False), camel(3, False), camel(2, False), camel(2), snake(3))


@neg(C)
def _():
    pods = ["%s-%s-%s" % (pick(SYSTEMS), rs(10, "bcdfghjklmnpqrstvwxz2456789"), rs(5, "bcdfghjklmnpqrstvwxz2456789")) for _ in range(R.randrange(3, 9))]
    return "```\n$ kubectl -n hotel-it get pods\nNAME%sREADY   STATUS    RESTARTS   AGE\n%s\n```" % (" " * 36, "\n".join(
        "%-40s1/1     %-9s %d          %dd" % (p, pick(["Running", "Running", "CrashLoopBackOff"]), R.randrange(9), R.randrange(1, 40)) for p in pods))


@neg(C)
def _():
    return "Feature flags en prod: `%s`, `%s`, `%s` — todos en false para Cancún" % (snake(3), snake(4), snake(3))


@neg(C)
def _():
    return "```ts\nexport const %s = (m: %s): string =>\n  m.%s ? maskPhone(m.%s) : \"—\";\n```" % (camel(3), camel(2, False), camel(2), camel(2))


@neg(C)
def _():
    return "```\nmodule.hotel_it.aws_secretsmanager_secret.%s\nmodule.hotel_it.aws_iam_role_policy.%s\nmodule.ota.aws_ssm_parameter.%s[\"%s\"]\n```" % (
        snake(3), snake(3), snake(2), pick(PROPS)[0])


@neg(C)
def _():
    return "```\n(gdb) bt\n#0  0x00007f%s in _ZN8hoshizora7keycard%d%s%d%sEv () from libencoder.so\n#1  0x00007f%s in _ZN8hoshizora7keycard12EncoderQueue4pumpEv ()\n#2  0x00007f%s in start_thread () from /lib64/libpthread.so.0\n```" % (
        rs(8, HX), 13, "CardWriterJob", 12, "writeSector", rs(8, HX), rs(8, HX))


@neg(C)
def _():
    return "```rust\nthread 'tokio-runtime-worker' panicked at src/loyalty/points.rs:%d:%d:\ncalled `Result::unwrap()` on an `Err` value: MemberTokenExpired\n   0: loyalty_api::points::%s::h%s\n   1: loyalty_api::handlers::%s::{{closure}}::h%s\n```" % (
        R.randrange(20, 400), R.randrange(5, 60), snake(3), rs(16, HX), snake(2), rs(16, HX))


@neg(C)
def _():
    return "パスワード関連のクラス名が紛らわしい: `%s`, `%s`, `%s`。どれも値は持っていません" % (camel(3, False), camel(4, False), camel(3, False))


@neg(C)
def _():
    return "ชื่อ method `%s()` กับ `%s()` ใน keycard-bridge ไม่ได้เก็บ secret จริงนะครับ แค่ชื่อ" % (camel(3), camel(3))


@neg(C)
def _():
    return "```graphql\ntype %s {\n  id: ID!\n  %s: String\n  maskedPhone: String\n  loyaltyTier: Tier!\n  %s: Boolean!\n}\n```" % (camel(2, False), camel(2), camel(3))


@neg(C)
def _():
    return "```protobuf\nservice %sService {\n  rpc %s(%sRequest) returns (%sResponse);\n  rpc RotateEncoderSecret(RotateRequest) returns (google.protobuf.Empty);\n}\n```" % (
        camel(1, False), camel(3, False), camel(2, False), camel(2, False))


@neg(C)
def _():
    return "Sentry: `%s.%s is not a function` en `static/js/%s.%s.chunk.js` (loyalty portal)" % (camel(2), camel(3), pick(["main", "vendors", "checkout"]), rs(8, HX))


@neg(C)
def _():
    return "```css\n.%s_%s__%s { color: var(--ota-sync-ok); }\n.css-%s-%s { display: grid; }\n```" % (
        camel(2, False), camel(1), rs(5, B62), rs(6, "abcdefghijklmnopqrstuvwxyz0123456789"), camel(1))


@neg(C)
def _():
    return "```csharp\npublic sealed class %s : I%s\n{\n    private readonly ISecretResolver _%s;\n    public Task<string> %sAsync(string folioNumber) => _%s.ResolveAsync($\"pay-gw/{folioNumber}\");\n}\n```" % (
        camel(3, False), camel(2, False), camel(2), camel(3, False), camel(2))


@neg(C)
def _():
    return "```\n  File \"/srv/night_audit/%s.py\", line %d, in %s\n    totals = %s(business_date)\n  File \"/srv/night_audit/%s.py\", line %d, in %s\nKeyError: '%s'\n```" % (
        snake(2), R.randrange(10, 500), snake(3), snake(3), snake(2), R.randrange(10, 500), snake(3), snake(2))


@neg(C)
def _():
    return "Variables de entorno que lee cfdi-timbrado: `%s`, `%s`, `%s`, `CSD_KEY_PASSWORD_FILE` (ruta, no valor)" % (
        snake(3).upper(), snake(2).upper(), snake(4).upper())


@neg(C)
def _():
    return "```swift\nfatal error: Unexpectedly found nil while unwrapping an Optional value: file HoshiKey/%s.swift, line %d\n0  HoshiKey  $s8HoshiKey%d%sC%sSSyF + %d\n```" % (
        camel(2, False), R.randrange(10, 300), 14, "MobileKeyStore", "loadToken", R.randrange(40, 400))


@neg(C)
def _():
    return "```elixir\ndefmodule Hoshizora.Loyalty.%s do\n  def %s(%%{member_token: _tok} = m), do: {:ok, m}\nend\n```" % (camel(2, False), snake(3))


C = "non_credential_blob"


@neg(C)
def _():
    return "```\n$ git log --oneline -%d\n%s\n```" % (5, "\n".join("%s %s" % (rs(7, HX), pick(
        ["fix(ota): retry 429 from Agoda", "feat(cfdi): CFDI 4.0 complemento de pago", "chore: bump encoder SDK", "night audit: round THB to satang",
         "loyalty: tier recalculation job", "fix: JPY has no decimals", "keycard: handle VingCard NAK", "rate-push: dedupe BAR updates"])) for _ in range(5)))


@neg(C)
def _():
    return "deployed `%s@sha256:%s` to %s" % (pick(["registry.internal.invalid/hotel-it/ota-sync", "ghcr.io/hoshizora/pms-core", "hotel-it/night-audit"]),
                                             sha(), pick(["prod-jp", "prod-th", "prod-mx"]))


@neg(C)
def _():
    return "El timbrado quedó bien. UUID (folio fiscal): `%s`, FechaTimbrado %sT%02d:%02d:%02d" % (uuid4().upper(), bdate(), R.randrange(24), R.randrange(60), R.randrange(60))


@neg(C)
def _():
    sello = b64(rbytes(256))
    return "```xml\n<tfd:TimbreFiscalDigital Version=\"1.1\" UUID=\"%s\" FechaTimbrado=\"%sT10:%02d:%02d\" RfcProvCertif=\"SPR190613I52\"\n  SelloCFD=\"%s\"\n  NoCertificadoSAT=\"%s\" SelloSAT=\"%s\"/>\n```" % (
        uuid4().upper(), bdate(), R.randrange(60), R.randrange(60), trunc(sello, R.randrange(60, 200)), "0000100000050%s" % rd(7, DG),
        trunc(b64(rbytes(256)), 60))


@neg(C)
def _():
    return "```\n%s INFO ota-sync push ari channel=%s hotel=%s request_id=%s etag=\"%s\" status=200 took=%dms\n```" % (
        ts(), pick(CHANNELS), pick(PROPS)[0], uuid4(), rs(32, HX), R.randrange(40, 3000))


@neg(C)
def _():
    return "traceparent: 00-%s-%s-01" % (rs(32, HX), rs(16, HX))


@neg(C)
def _():
    return "```json\n{\"ts\":\"%s\",\"svc\":\"keycard-bridge\",\"encoder\":\"ENC-%s-%02d\",\"card_uid\":\"%s\",\"sector_mac\":\"%s\",\"room\":\"%s\",\"trace_id\":\"%s\",\"result\":\"WRITE_OK\"}\n```" % (
        ts(), pick(PROPS)[0], R.randrange(1, 12), rs(14, "0123456789ABCDEF"), rs(16, "0123456789ABCDEF"), room(), rs(32, HX))


@neg(C)
def _():
    return "```\nEMV: AID=A000000003%s TVR=%s TSI=E800 ARQC=%s ATC=%s CVM=1F0302 resp=00\n```" % (
        pick(["1010", "2010"]), rs(10, "0123456789ABCDEF"), rs(16, "0123456789ABCDEF"), rs(4, "0123456789ABCDEF"))


@neg(C)
def _():
    return "night audit export checksum (sha256): `%s  na_%s_%s.csv`" % (sha(), pick(PROPS)[0], bdate().replace("-", ""))


@neg(C)
def _():
    return "```\n\"%s\": {\n  \"version\": \"%d.%d.%d\",\n  \"resolved\": \"https://registry.npmjs.org/%s/-/%s-%d.%d.%d.tgz\",\n  \"integrity\": \"sha512-%s\"\n}\n```" % (
        *(lambda n, a, b, c: (n, a, b, c, n, n, a, b, c))(pick(["date-fns-tz", "dinero.js", "libphonenumber-js", "react-day-picker"]),
                                                          R.randrange(1, 9), R.randrange(20), R.randrange(20)), b64(rbytes(64)))


@neg(C)
def _():
    return "go.sum:\n```\ngithub.com/%s %s h1:%s\n```" % (pick(["shopspring/decimal", "nyaruka/phonenumbers", "google/uuid"]), pick(["v1.4.0", "v1.6.0", "v1.3.1"]), b64(rbytes(32)))


@neg(C)
def _():
    return "```\n<script src=\"/booking/widget.%s.js\" integrity=\"sha384-%s\" crossorigin=\"anonymous\"></script>\n```" % (rs(8, HX), b64(rbytes(48)))


@neg(C)
def _():
    lines = ["$ aws s3 ls s3://hoshizora-night-audit/%s/%s/" % (pick(PROPS)[0], bdate()[:7])]
    for _ in range(R.randrange(3, 12)):
        lines.append("%s %02d:%02d:%02d %9d na_%s.csv.gz" % (bdate(), R.randrange(24), R.randrange(60), R.randrange(60), R.randrange(2000, 9000000), rs(12, HX)))
    return "```\n" + "\n".join(lines) + "\n```"


@neg(C)
def _():
    return "Event ID de Sentry `%s` — el error de redondeo de MXN en el folio" % rs(32, HX)


@neg(C)
def _():
    return "```\nx-request-id: %s\nx-amzn-trace-id: Root=1-%s-%s\netag: W/\"%s\"\n```" % (uuid4(), rs(8, HX), rs(24, HX), rs(27, B64U))


@neg(C)
def _():
    return "ULID ของ job night-audit เมื่อคืนคือ `01%s` ครับ ส่วน mongo id ของ folio คือ `%s`" % (rs(24, "0123456789ABCDEFGHJKMNPQRSTVWXYZ"), rs(24, HX))


@neg(C)
def _():
    return "```\nENC[AES256_GCM,data:%s,iv:%s,tag:%s,type:str]\n```\nsops-encrypted, safe to commit" % (b64(rbytes(R.randrange(16, 48))), b64(rbytes(32)), b64(rbytes(16)))


@neg(C)
def _():
    return "pagination cursor from the OTA reservations API: `%s`" % b64(json.dumps({"after": bookref(), "ts": R.randrange(1760000000, 1790000000)}).encode()).rstrip("=")


@neg(C)
def _():
    return "```\nhelm upgrade ota-sync ./chart  # checksum/config: %s\nterraform state lineage: %s\n```" % (sha(), uuid4())


@neg(C)
def _():
    return "ssh host key fingerprint del servidor del encoder: `SHA256:%s` (ED25519)" % b64(rbytes(32)).rstrip("=")


@neg(C)
def _():
    return "```\nsha256sum pms-agent-%d.%d.%d-linux-amd64.tar.gz\n%s  pms-agent-%d.%d.%d-linux-amd64.tar.gz\n```" % (
        *(lambda a, b, c: (a, b, c, sha(), a, b, c))(R.randrange(1, 6), R.randrange(30), R.randrange(30)),)


@neg(C)
def _():
    return "Mobile key payload (encrypted BLE blob, useless without the lock's key): `%s`" % rs(R.randrange(48, 96), "0123456789ABCDEF")


@neg(C)
def _():
    return "vault transit ciphertext `vault:v1:%s` — this is what loyalty stores, the DEK never leaves Vault" % b64(rbytes(R.randrange(28, 60)))


@neg(C)
def _():
    return "GitHub Actions run %d / job %d, artifact digest `sha256:%s`" % (R.randrange(10 ** 10, 10 ** 11), R.randrange(10 ** 10, 10 ** 11), sha())


C = "pii_lookalike_number"


def jp_corp_no():
    base = rd(12)
    s = sum(int(c) * (1 if i % 2 == 0 else 2) for i, c in enumerate(reversed(base)))
    return str(9 - s % 9) + base


def th_company_tax():
    base = "0" + pick(["105", "107", "835", "505"]) + rd(8, DG)
    s = sum(int(base[i]) * (13 - i) for i in range(12))
    return base + str((11 - s % 11) % 10)


def rfc_moral():
    return rs(3, UP.replace("Ñ", "")) + "%02d%02d%02d" % (R.randrange(0, 25), R.randrange(1, 13), R.randrange(1, 29)) + rs(2, UP + DG) + pick(DG + "A")


@neg(C)
def _():
    p = pick(PROPS)
    return "Folio `%s` de la hab. %s quedó abierto después del night audit (business date %s), saldo %s" % (folio(), room(), bdate(), money(p[3]))


@neg(C)
def _():
    rows = ["booking_ref,channel,ota_res_id,arrival,nights,room,rate,total"]
    for _ in range(R.randrange(5, 24)):
        p = pick(PROPS)
        rows.append("%s,%s,%s,%s,%d,%s,%s,%s" % (bookref(), pick(CHANNELS), pick(["BDC-", "EXP-", "AGD-", "TRP-"]) + rd(10), bdate(), R.randrange(1, 9),
                                                pick(ROOMS), pick(RATES), money(p[3]).replace(",", "")))
    return "```csv\n" + "\n".join(rows) + "\n```"


@neg(C)
def _():
    return "適格請求書発行事業者の登録番号: `T%s`（法人番号ベース、公開情報です）" % jp_corp_no()


@neg(C)
def _():
    return "เลขประจำตัวผู้เสียภาษีของบริษัท (นิติบุคคล) `%s` สาขา `%05d` ใส่ใน tax invoice ทุกใบครับ" % (th_company_tax(), R.randrange(0, 5))


@neg(C)
def _():
    return "```xml\n<cfdi:Comprobante Version=\"4.0\" Serie=\"%s\" Folio=\"%d\" Fecha=\"%sT%02d:%02d:00\" NoCertificado=\"0000100000050%s\" SubTotal=\"%d.00\" Moneda=\"MXN\" Total=\"%d.%02d\" TipoDeComprobante=\"I\" Exportacion=\"01\" MetodoPago=\"PUE\" LugarExpedicion=\"%s\">\n  <cfdi:Emisor Rfc=\"%s\" Nombre=\"OPERADORA HOTELERA HOSHIZORA\" RegimenFiscal=\"601\"/>\n```" % (
        pick(["CUN", "MEX", "SJD"]), R.randrange(1000, 99999), bdate(), R.randrange(24), R.randrange(60), rd(7, DG),
        R.randrange(1000, 90000), R.randrange(1000, 99000), R.randrange(100), pick(["77500", "11560", "23400"]), rfc_moral())


@neg(C)
def _():
    return "Loyalty member `HR %s %s %s` subió a Gold; puntos %s, tier expiry %s" % (rd(3), rd(3, DG), rd(3, DG), "{:,}".format(R.randrange(1000, 400000)), bdate())


@neg(C)
def _():
    return "```\nPAX A920 TID=%s MID=%s STAN=%06d RRN=%s APPR=%s BATCH=%03d\n```" % (rd(8, DG), rd(15), R.randrange(1, 999999), rd(12), rs(6, UP + DG), R.randrange(1, 999))


@neg(C)
def _():
    lines = ["| 部屋タイプ | レート | %s |" % pick(["JPY", "税込"]), "|---|---|---:|"]
    for r in R.sample(ROOMS, R.randrange(3, 7)):
        lines.append("| %s | %s | %s |" % (r, pick(RATES), "{:,}".format(R.randrange(9000, 250000))))
    return "\n".join(lines)


@neg(C)
def _():
    return "Night audit %s %s: rooms sold %d / %d, occ %.1f%%, ADR %s, RevPAR %s, revenue %s" % (
        pick(PROPS)[0], bdate(), R.randrange(80, 300), 320, R.random() * 100, money("THB"), money("THB"), money("THB"))


@neg(C)
def _():
    return "Agoda booking id `%s` and Expedia itinerary `7%s` are the same stay, dedupe please" % (rd(9), rd(12, DG))


@neg(C)
def _():
    return "epoch from the OTA webhook: %d (ms: %d), i.e. %s" % (R.randrange(1760000000, 1799999999), R.randrange(1760000000000, 1799999999999), bdate())


@neg(C)
def _():
    return "Terminal de pago en la recepción usa `192.168.%d.%d`, el encoder `10.%d.%d.%d` y el gateway de pruebas `203.0.113.%d`" % (
        R.randrange(256), R.randrange(1, 255), R.randrange(256), R.randrange(256), R.randrange(1, 255), R.randrange(1, 255))


@neg(C)
def _():
    return "〒%03d-%04d 東京都中央区銀座 の物件コード %s、客室 %s、予約番号 %s" % (R.randrange(100, 999), R.randrange(1, 9999), pick(PROPS)[0], room(), bookref())


@neg(C)
def _():
    return "Invoice %s-%s/%d for %s, amount %s, due %s" % (pick(["INV", "FAC", "TAX"]), pick(PROPS)[0][:3], R.randrange(10000, 999999), pick(CHANNELS), money(pick(["JPY", "THB", "MXN"])), bdate())


@neg(C)
def _():
    return "pms-agent %d.%d.%d (build %d) on Windows 10.0.%d.%d, encoder firmware v%d.%d.%d" % (
        R.randrange(1, 9), R.randrange(40), R.randrange(40), R.randrange(1000, 99999), 19045, R.randrange(1000, 6000), R.randrange(1, 9), R.randrange(20), R.randrange(20))


@neg(C)
def _():
    rows = ["| ts | channel | latency_ms | items |", "|---|---|---:|---:|"]
    for _ in range(R.randrange(4, 12)):
        rows.append("| %s | %s | %d | %s |" % (ts()[11:19], pick(CHANNELS), R.randrange(80, 9000), "{:,}".format(R.randrange(10, 90000))))
    return "\n".join(rows)


@neg(C)
def _():
    return "ใบกำกับภาษีเลขที่ %s/%d ห้อง %s ยอด %s (VAT 7%% = %s)" % (pick(["HKT", "BKK", "CNX"]), R.randrange(10000, 999999), room(), money("THB"), money("THB"))


@neg(C)
def _():
    return "Jira HOTELIT-%d, ServiceNow INC%07d, Zendesk #%d — all about the Jalan sync drift on %s" % (R.randrange(100, 9999), R.randrange(1, 9999999), R.randrange(10000, 999999), bdate())


@neg(C)
def _():
    return "```\nAWS account 123456789012 (docs example), our sandbox is in the same org; EC2 i-%s, subnet-%s\n```" % (rs(17, HX), rs(17, HX))


@neg(C)
def _():
    return "Keycard encoder log: `%s ENC#%d issue room=%s cards=%d valid_until=%s 12:00 seq=%d`" % (ts(), R.randrange(1, 9), room(), R.randrange(1, 5), bdate(), R.randrange(100000, 999999))


@neg(C)
def _():
    return "Rate push: %s %s %s → %s %s, restricciones MinLOS=%d CTA=%s (rate_plan_id %d, room_type_id %d)" % (
        pick(PROPS)[0], pick(ROOMS), pick(RATES), bdate(), money("MXN"), R.randrange(1, 5), pick(["Y", "N"]), R.randrange(100000, 999999), R.randrange(1000, 99999))


@neg(C)
def _():
    rows = ["business_date,property,folios_closed,revenue,currency,audit_run_id"]
    for _ in range(R.randrange(6, 26)):
        p = pick(PROPS)
        rows.append("%s,%s,%d,%s,%s,%d" % (bdate(), p[0], R.randrange(40, 600), money(p[3]).replace(",", "").replace("¥", "").replace("฿", "").replace("MX$ ", ""), p[3], R.randrange(100000000, 999999999)))
    return "```csv\n" + "\n".join(rows) + "\n```"


@neg(C)
def _():
    return "Bytes del export: %s (%s filas), puerto del encoder %d, PMS %d" % ("{:,}".format(R.randrange(10 ** 6, 10 ** 9)).replace(",", " "), "{:,}".format(R.randrange(10 ** 4, 10 ** 7)), pick([3015, 4001, 5060]), pick([8443, 9443]))


@neg(C)
def _():
    return "JAN/EAN de la minibar: %s" % ", ".join(ean13("49" + rd(10, DG)) for _ in range(R.randrange(2, 5)))


def ean13(d12):
    s = sum(int(c) * (3 if i % 2 else 1) for i, c in enumerate(d12))
    return d12 + str((10 - s % 10) % 10)


C = "talk_about_secrets"
TALK = [
    "We rotated the SiteMinder API key after the contractor left; the old one is revoked, nothing to do on your side.",
    "Please never paste guest card numbers here, even if the terminal printout shows the full PAN.",
    "Who owns the PAC password for CFDI timbrado? It expires next month and the SAT portal needs the e.firma too.",
    "The loyalty HMAC secret is in Vault under the ota path, ask in #hotel-it-sec for read access.",
    "Reminder: guest phone numbers and emails from the Booking.com extranet are personal data, don't export them to Sheets.",
    "Encoder admin passwords were reset on all VingCard units in Kata last night.",
    "If you see a private key in a Jira attachment, open a SEC ticket and we revoke it, don't just delete the comment.",
    "パスワードをSlackに貼らないでください。1Password の共有リンクを使ってください。",
    "OTA の API キーは来週ローテーションします。切り替え時に同期が数分止まる可能性があります。",
    "カード番号が夜間監査レポートに出ていないか確認しました。下4桁のみで問題なしです。",
    "お客様の電話番号・メールアドレスはCSVで外部に送らないようお願いします。",
    "鍵エンコーダのトークン期限が切れていたのが原因でした。新しいトークンは Vault に入れました。",
    "ห้ามส่งรหัสผ่าน PMS ทาง LINE นะครับ ใช้ 1Password เท่านั้น",
    "คีย์ API ของ Agoda หมดอายุแล้ว ทีมกำลังขอใหม่อยู่ค่ะ",
    "เลขบัตรเครดิตของแขกห้ามจดลงกระดาษที่ front desk เด็ดขาด",
    "รบกวนเช็คว่า log ของ payment terminal ไม่มีเลขบัตรเต็ม มีแค่ 4 ตัวท้ายก็พอครับ",
    "Por favor no compartan la contraseña del PAC por WhatsApp, está en el vault.",
    "Ya rotamos el token del channel manager; si ven 401 en el sync, reinicien ota-sync.",
    "El RFC y el correo del huésped van en el CFDI, pero no en los logs del servicio de timbrado.",
    "¿Quién tiene la llave privada del CSD? Vence en marzo y sin ella no podemos facturar.",
    "Los números de tarjeta nunca se guardan en el PMS, solo el token del gateway.",
    "La clave del encoder de llaves se cambió ayer en Cancún; el técnico de ASSA ABLOY ya la tiene.",
    "The scanner flagged a JWT in the keycard-bridge logs; turned out to be a session cookie from staging, rotated anyway.",
    "Incident summary: an OTA API token was committed to a public gist for ~40 minutes; revoked, no abuse seen in the logs.",
]
QA = [("Where do I get the Opera OXI password for the new property?", "Ask the PMS admin, it's in the shared vault under the property code."),
      ("¿Dónde está la contraseña del portal del SAT?", "En 1Password, bóveda Finanzas MX. No la pidan por aquí."),
      ("ขอ token ของ keycard-bridge หน่อยครับ", "ขอผ่าน ticket นะครับ จะส่งให้ทาง vault"),
      ("新しいAPIキーはどこで発行しますか？", "SiteMinder の管理画面からです。発行後は Vault に保存してください。"),
      ("Is it OK to log the guest's email on checkout failures?", "No, log the profile id only; the email is personal data."),
      ("Can I put the encoder password in the Ansible inventory?", "Only as an ansible-vault encrypted var, never in plain text.")]


@neg(C)
def _():
    return pick(TALK)


@neg(C)
def _():
    a, b = R.sample(TALK, 2)
    return a + "\n" + b


@neg(C)
def _():
    q, a = pick(QA)
    return "> %s\n%s" % (q, a)


@neg(C)
def _():
    return "**Q:** %s\n**A:** %s" % pick(QA)


@neg(C)
def _():
    items = R.sample(TALK, R.randrange(3, 6))
    return "Security sync notes (%s):\n" % bdate() + "\n".join("- " + i for i in items)


@neg(C)
def _():
    return "Runbook: leaked %s\n1. revoke it in the vendor portal\n2. issue a new one and store it in Vault\n3. restart %s\n4. check the access logs for the last %d days\n5. file the SEC ticket" % (
        pick(["OTA API key", "PAC password", "encoder token", "loyalty client secret", "payment gateway key"]), pick(SYSTEMS), R.randrange(7, 90))


@neg(C)
def _():
    return "```\n%s ERROR external-secrets  could not get secret data from provider: key \"%s\" not found in path \"hotel-it/%s\"\n```" % (
        ts(), pick(["api_key", "password", "client_secret", "csd_key_password"]), pick(SYSTEMS))


@neg(C)
def _():
    return "The regex for Thai mobile numbers should be `0[689]\\d{8}` and for Japanese mobiles `0[789]0\\d{8}`; for Mexico just check 10 digits after stripping `+52`."


@neg(C)
def _():
    return "Redaction question: should a masked card like the last four digits alone count as PII in the night-audit report? I'd say no, but the full PAN obviously yes."


@neg(C)
def _():
    return "%s\n%s" % (pick(TALK), pick(["+1", "👍", "了解です", "รับทราบครับ", "va", "ok, gracias"]))


@neg(C)
def _():
    return "Checklist para alta de propiedad nueva:\n- [ ] usuario de PMS (sin compartir contraseñas)\n- [ ] token del channel manager en Vault\n- [ ] CSD y contraseña del CSD en el vault de Finanzas\n- [ ] encoder de llaves con clave rotada\n- [ ] terminales de pago sin PAN en logs"


@neg(C)
def _():
    return "新規プロパティ立ち上げ時のチェック:\n・PMSのパスワードは個人ごとに発行\n・OTAのAPIキーは Vault に保存\n・ゲストの個人情報（電話・メール）はログに出さない\n・カード番号は下4桁のみ表示"


# ---------------------------------------------------------------------------
# positive value generators
def v_aws_id():
    return pick(["AKIA", "AKIA", "ASIA"]) + rs(16, UP + "234567")


def v_aws_secret():
    return rs(40, B64)


def base62(n):
    s = ""
    while n:
        n, r = divmod(n, 62)
        s = B62[r] + s
    return s.rjust(6, "0")


def v_ghp():
    body = rs(30)
    return "ghp_" + body + base62(zlib.crc32(body.encode()) & 0xffffffff)


def v_ghf():
    return "github_pat_11" + rs(20, UP + DG) + "_" + rs(59)


def v_slack_bot():
    return "xoxb-%s-%s-%s" % (rd(R.randrange(10, 13)), rd(13), rs(24))


def v_slack_user():
    return "xoxp-%s-%s-%s-%s" % (rd(R.randrange(10, 13)), rd(12), rd(13), rs(32, HX))


def v_openai():
    k = R.randrange(3)
    if k == 0:
        return "sk-proj-" + rs(74, B62 + "-_") + "T3BlbkFJ" + rs(74, B62 + "-_")
    if k == 1:
        return "sk-" + rs(20) + "T3BlbkFJ" + rs(20)
    return "sk-svcacct-" + rs(74, B62 + "-_") + "T3BlbkFJ" + rs(74, B62 + "-_")


def v_anthropic():
    return "sk-ant-api03-" + rs(93, B62 + "-_") + "AA"


def v_jwt():
    rs256 = chance(0.5)
    hdr = {"alg": "RS256", "typ": "JWT", "kid": rs(16, HX)} if rs256 else {"alg": "HS256", "typ": "JWT"}
    now = R.randrange(1780000000, 1795000000)
    pl = pick([
        {"sub": "svc-%s" % pick(SYSTEMS), "iss": "https://auth.hoshizora-hotels.example", "aud": "pms-api", "iat": now, "exp": now + 3600},
        {"sub": "mbr_%s" % rs(10, DG), "tier": pick(["silver", "gold", "platinum"]), "iat": now, "exp": now + 86400},
        {"sub": pick(PROPS)[0], "scope": "ari:write reservations:read", "iat": now, "exp": now + 900},
        {"encoder": "ENC-%s-%02d" % (pick(PROPS)[0], R.randrange(1, 12)), "room": room(), "iat": now, "exp": now + 7200},
    ])
    sig = rbytes(256 if rs256 else 32)
    return ".".join([b64u(json.dumps(hdr, separators=(",", ":")).encode()), b64u(json.dumps(pl, separators=(",", ":")).encode()), b64u(sig)])


def der_len(n):
    if n < 128:
        return bytes([n])
    b = n.to_bytes((n.bit_length() + 7) // 8, "big")
    return bytes([0x80 | len(b)]) + b


def tlv(tag, body):
    return bytes([tag]) + der_len(len(body)) + body


def der_int(b):
    b = b.lstrip(b"\x00") or b"\x00"
    if b[0] & 0x80:
        b = b"\x00" + b
    return tlv(0x02, b)


def pem_body(kind):
    if kind == "ec":
        der = tlv(0x30, der_int(b"\x01") + tlv(0x04, rbytes(32)) + tlv(0xa0, bytes.fromhex("06082a8648ce3d030107"))
                  + tlv(0xa1, tlv(0x03, b"\x00\x04" + rbytes(64))))
        return "EC PRIVATE KEY", der, 64
    if kind == "ed25519":
        return "PRIVATE KEY", bytes.fromhex("302e020100300506032b657004220420") + rbytes(32), 64
    if kind == "rsa":
        n = bytes([0xc0 | R.randrange(64)]) + rbytes(255)
        p = bytes([0xc0 | R.randrange(64)]) + rbytes(127)
        q = bytes([0xc0 | R.randrange(64)]) + rbytes(127)
        parts = [b"\x00", n, b"\x01\x00\x01", rbytes(256), p, q, rbytes(128), rbytes(128), rbytes(128)]
        return "RSA PRIVATE KEY", tlv(0x30, b"".join(der_int(x) for x in parts)), 64

    def sstr(b):
        return struct.pack(">I", len(b)) + b
    pub = rbytes(32)
    pubblob = sstr(b"ssh-ed25519") + sstr(pub)
    ck = rbytes(4)
    priv = ck + ck + pubblob + sstr(rbytes(32) + pub) + sstr(pick([b"encoder@kata", b"night-audit@bkk", b"pms-deploy"]))
    pad = 1
    while len(priv) % 8:
        priv += bytes([pad])
        pad += 1
    blob = b"openssh-key-v1\x00" + sstr(b"none") + sstr(b"none") + sstr(b"") + struct.pack(">I", 1) + sstr(pubblob) + sstr(priv)
    return "OPENSSH PRIVATE KEY", blob, 70


def v_pem(kind):
    label, der, width = pem_body(kind)
    s = b64(der)
    lines = [s[i:i + width] for i in range(0, len(s), width)]
    return label, lines


PW_WORDS = ["Sakura", "Kata", "Marea", "Hoshi", "Tulum", "Ginza", "Siam", "Cabo", "Umeda", "Nimman", "Zocalo", "Fuji"]


def v_password():
    k = R.randrange(3)
    if k == 0:
        return rs(R.randrange(14, 22), B62 + "!#%*+-_")
    if k == 1:
        return pick(PW_WORDS) + pick(["-", "_", "!", "."]) + rd(4, DG) + pick(["!", "#", "*", "$"]) + rs(3, LO)
    return rs(R.randrange(10, 16), B62) + pick(["!", "#", "%", "?"]) + rs(4, B62)


def v_urlpw():
    return rs(R.randrange(14, 26), B62 + "-_.~") if chance(0.6) else pick(PW_WORDS) + rd(4, DG) + rs(6, B62)


FIRST = [("taro", "yamamoto"), ("yuki", "sato"), ("haruka", "tanaka"), ("kenji", "watanabe"), ("somchai", "kittisak"),
         ("nattaya", "srisuk"), ("pimchanok", "wongsa"), ("ana", "hernandez"), ("jose.luis", "ramirez"), ("mariana", "lopez"),
         ("diego", "castro"), ("emily", "carter"), ("lukas", "brandt")]
DOMS = ["hoshizora-hotels.jp", "hoshizora.co.th", "hotelesmarea.com.mx", "gmail.com", "yahoo.co.jp", "outlook.com", "hotmail.com",
        "icloud.com", "docomo.ne.jp", "prodigy.net.mx", "siamtours.co.th", "travelagent.mx"]


def v_email():
    f, l = pick(FIRST)
    form = R.randrange(4)
    local = [f + "." + l, f[0] + "." + l, l + "_" + f + rd(2, DG), f + l[0] + rd(3, DG)][form]
    return local + "@" + pick(DOMS)


def v_card():
    k = R.randrange(6)
    if k == 0:
        num = luhn_complete("4" + rd(5, DG), 16)
    elif k == 1:
        num = luhn_complete(pick(["51", "52", "53", "54", "55"]) + rd(4, DG), 16)
    elif k == 2:
        num = luhn_complete(pick(["34", "37"]) + rd(4, DG), 15)
    elif k == 3:
        num = luhn_complete(str(R.randrange(3528, 3590)), 16)
    elif k == 4:
        num = luhn_complete("2" + str(R.randrange(221, 721)) + rd(2, DG), 16)
    else:
        num = luhn_complete("6011", 16)
    f = R.randrange(3)
    if f == 0:
        return num
    sep = " " if f == 1 else "-"
    if len(num) == 15:
        return sep.join([num[:4], num[4:10], num[10:]])
    return sep.join(num[i:i + 4] for i in range(0, 16, 4))


def es_dc(digits10):
    w = [1, 2, 4, 8, 5, 10, 9, 7, 3, 6]
    d = 11 - sum(int(c) * x for c, x in zip(digits10, w)) % 11
    return {11: 0, 10: 1}.get(d, d)


def v_iban():
    cc = pick(["DE", "ES", "FR", "GB", "NL", "CH", "IT"])
    if cc == "DE":
        bban = rd(8) + rd(10, DG)
    elif cc == "ES":
        bank, br, acct = rd(4), rd(4, DG), rd(10, DG)
        bban = bank + br + str(es_dc("00" + bank + br)) + str(es_dc(acct)) + acct
    elif cc == "FR":
        bank, br, acct = rd(5), rd(5, DG), rd(11, DG)
        key = 97 - (89 * int(bank) + 15 * int(br) + 3 * int(acct)) % 97
        bban = bank + br + acct + "%02d" % key
    elif cc == "GB":
        bban = pick(["NWBK", "BARC", "HBUK", "LOYD"]) + rd(6, DG) + rd(8, DG)
    elif cc == "NL":
        while True:
            acct = rd(10, DG)
            if sum(int(c) * (10 - i) for i, c in enumerate(acct)) % 11 == 0:
                break
        bban = pick(["ABNA", "INGB", "RABO"]) + acct
    elif cc == "CH":
        bban = rd(5, DG) + rd(12, DG)
    else:
        bban = pick(UP) + rd(5) + rd(5, DG) + rd(12, DG)
    ib = iban_make(cc, bban)
    assert iban_ok(ib)
    return ib if chance(0.4) else " ".join(ib[i:i + 4] for i in range(0, len(ib), 4))


def v_ssn():
    while True:
        a = R.randrange(1, 900)
        if a != 666:
            break
    s = "%03d-%02d-%04d" % (a, R.randrange(1, 100), R.randrange(1, 10000))
    return s if chance(0.8) else s.replace("-", pick(["", " "]))


def v_ip():
    while True:
        s = "%d.%d.%d.%d" % (R.randrange(1, 224), R.randrange(256), R.randrange(256), R.randrange(1, 255))
        if ip_public(s):
            return s


def fw(s):
    return s.translate(str.maketrans("0123456789-+", "０１２３４５６７８９－＋"))


def v_phone(country=None):
    c = country or pick(["JP", "TH", "MX"])
    if c == "JP":
        if chance(0.6):
            pre, a, b = pick(["090", "080", "070"]), rd(4), rd(4, DG)
            return pick(["%s-%s-%s" % (pre, a, b), "%s%s%s" % (pre, a, b), "+81 %s-%s-%s" % (pre[1:], a, b),
                         "+81-%s-%s-%s" % (pre[1:], a, b), "+81%s%s%s" % (pre[1:], a, b), "%s %s %s" % (pre, a, b),
                         fw("%s-%s-%s" % (pre, a, b))])
        ac, n = pick([("3", 4), ("6", 4), ("75", 3), ("92", 3), ("11", 3), ("98", 3), ("45", 3)])
        a, b = rd(n, "2345678"), rd(4, DG)
        return pick(["0%s-%s-%s" % (ac, a, b), "+81-%s-%s-%s" % (ac, a, b), "0%s(%s)%s" % (ac, a, b), "+81 %s %s %s" % (ac, a, b)])
    if c == "TH":
        if chance(0.65):
            pre = pick(["81", "82", "84", "86", "87", "89", "61", "62", "63", "64", "65", "91", "92", "94", "95", "96", "98", "99"])
            a, b = rd(3, DG), rd(4, DG)
            return pick(["0%s-%s-%s" % (pre, a, b), "0%s%s%s" % (pre, a, b), "0%s %s %s" % (pre, a, b), "+66 %s %s %s" % (pre, a, b),
                         "+66-%s-%s-%s" % (pre, a, b), "+66%s%s%s" % (pre, a, b), "(+66) %s-%s-%s" % (pre, a, b)])
        ac = pick(["2", "76", "53", "38", "77"])
        if ac == "2":
            a, b = rd(3), rd(4, DG)
        else:
            a, b = rd(3), rd(3, DG)
        return pick(["0%s-%s-%s" % (ac, a, b), "+66 %s %s %s" % (ac, a, b), "0%s %s %s" % (ac, a, b), "+66-%s-%s-%s" % (ac, a, b)])
    if c == "MX":
        if chance(0.45):
            ac = pick(["55", "33", "81"])
            a, b = rd(4, "23456789"), rd(4, DG)
            return pick(["%s %s %s" % (ac, a, b), "(%s) %s %s" % (ac, a, b), "%s-%s-%s" % (ac, a, b), "%s%s%s" % (ac, a, b),
                         "+52 %s %s %s" % (ac, a, b), "+52 1 %s %s %s" % (ac, a, b), "+52 (%s) %s-%s" % (ac, a, b)])
        ac = pick(["998", "624", "322", "999", "984", "664", "442"])
        a, b = rd(3, "23456789"), rd(4, DG)
        return pick(["%s %s %s" % (ac, a, b), "(%s) %s-%s" % (ac, a, b), "%s-%s-%s-%s" % (ac, a, b[:2], b[2:]), "%s %s %s %s" % (ac, a, b[:2], b[2:]),
                     "+52 %s %s %s" % (ac, a, b), "+52 (%s) %s %s" % (ac, a, b), "+52%s%s%s" % (ac, a, b), "+52 1 %s %s %s" % (ac, a, b)])
    if c == "US":
        ac = pick(["212", "305", "415", "646", "713", "702", "312", "604", "416"])
        while True:
            ex = rd(3, "23456789")
            if ex != "555" and ex[1:] != "11":
                break
        ln = rd(4, DG)
        return pick(["(%s) %s-%s" % (ac, ex, ln), "+1 %s-%s-%s" % (ac, ex, ln), "%s.%s.%s" % (ac, ex, ln), "+1 (%s) %s-%s" % (ac, ex, ln)])
    return pick(["+34 6%s %s %s %s" % (rd(2, DG), rd(2, DG), rd(2, DG), rd(2, DG)), "+49 15%s %s" % (rd(1, DG), rd(8, DG)),
                 "+33 6 %s %s %s %s" % (rd(2, DG), rd(2, DG), rd(2, DG), rd(2, DG)), "+44 7%s %s" % (rd(3, "123456789"), rd(6, DG))])


# ---------------------------------------------------------------------------
# positive templates: each takes the value and returns the text
P = {}


def pos(kind):
    def deco(f):
        P.setdefault(kind, []).append(f)
        return f
    return deco


K = "aws_access_key_id"
pos(K)(lambda v: "```ini\n[night-audit-export]\naws_access_key_id = %s\nregion = ap-northeast-1\n```" % v)
pos(K)(lambda v: "the S3 upload of the night audit CSV uses `%s`, it's the one in the old cron on the Phuket box" % v)
pos(K)(lambda v: "```\n%s ERROR s3-uploader AccessDenied: User: arn:aws:iam::%s:user/na-export is not authorized (AccessKeyId=%s)\n```" % (ts(), rd(12), v))
pos(K)(lambda v: "Llave de acceso del bucket de facturas CFDI: %s (la secreta se la paso por DM)" % v)

K = "aws_secret_access_key"
pos(K)(lambda v: "```env\nAWS_REGION=ap-southeast-1\nAWS_SECRET_ACCESS_KEY=%s\n```" % v)
pos(K)(lambda v: "aws secret ของ bucket รูปห้องพักคือ `%s` นะครับ เดี๋ยวค่อย rotate" % v)
pos(K)(lambda v: "```yaml\ns3:\n  bucket: hoshizora-folio-pdf\n  secret_access_key: \"%s\"\n```" % v)
pos(K)(lambda v: "```python\nboto3.client(\"s3\", aws_secret_access_key=\"%s\")\n```" % v)

K = "github_classic_pat"
pos(K)(lambda v: "use my PAT for the rate-push repo for now: %s (expires Friday)" % v)
pos(K)(lambda v: "```sh\ngit clone https://x-access-token:%s@github.com/hoshizora/ota-sync.git\n```" % v)
pos(K)(lambda v: "```env\nGITHUB_TOKEN=%s\n```\nCIで使うトークンです" % v)
pos(K)(lambda v: "```yaml\n- name: checkout pms-agent\n  with:\n    token: %s\n```" % v)

K = "github_fine_grained_pat"
pos(K)(lambda v: "token nuevo para el repo de cfdi-timbrado (solo lectura): `%s`" % v)
pos(K)(lambda v: "```\nexport GH_TOKEN=%s\ngh release download -R hoshizora/keycard-bridge\n```" % v)
pos(K)(lambda v: "fine-grained PAT ของ repo night-audit: %s หมดอายุ 90 วัน" % v)

K = "slack_bot_token"
pos(K)(lambda v: "```env\nSLACK_BOT_TOKEN=%s\nSLACK_CHANNEL=#night-audit-alerts\n```" % v)
pos(K)(lambda v: "the OTA-sync alert bot posts with `%s`, it lives in the cron on pms-util-01" % v)
pos(K)(lambda v: "```python\nWebClient(token=\"%s\").chat_postMessage(channel=\"#ota-sync\", text=msg)\n```" % v)

K = "slack_user_token"
pos(K)(lambda v: "mi token de usuario para el script de export de canales: %s" % v)
pos(K)(lambda v: "```sh\ncurl -H 'Authorization: Bearer %s' https://slack.com/api/conversations.history?channel=C0%s\n```" % (v, rs(8, UP + DG)))
pos(K)(lambda v: "```json\n{\"slack\": {\"user_token\": \"%s\"}}\n```" % v)

K = "openai_api_key"
pos(K)(lambda v: "```env\nOPENAI_API_KEY=%s\n```\nfor the review-reply bot (TripAdvisor/Google replies)" % v)
pos(K)(lambda v: "```python\nclient = OpenAI(api_key=\"%s\")  # 口コミ返信の下書き用\n```" % v)
pos(K)(lambda v: "La key de OpenAI del chatbot de reservas: %s" % v)
pos(K)(lambda v: "```yaml\nguest-chat:\n  llm:\n    provider: openai\n    api_key: %s\n```" % v)

K = "anthropic_api_key"
pos(K)(lambda v: "```env\nANTHROPIC_API_KEY=%s\n```" % v)
pos(K)(lambda v: "```ts\nconst client = new Anthropic({ apiKey: \"%s\" }); // concierge translator JA/TH/ES\n```" % v)
pos(K)(lambda v: "key ของ Claude สำหรับ bot แปลข้อความแขก: %s" % v)

K = "jwt"
pos(K)(lambda v: "```\nGET /v2/reservations?hotel=%s HTTP/1.1\nHost: pms-api.internal\nAuthorization: Bearer %s\n```" % (pick(PROPS)[0], v))
pos(K)(lambda v: "this is the token the loyalty app sent when the points went negative: `%s`" % v)
pos(K)(lambda v: "```json\n{\"level\":\"warn\",\"svc\":\"keycard-bridge\",\"msg\":\"mobile key rejected\",\"jwt\":\"%s\"}\n```" % v)
pos(K)(lambda v: "```sh\ncurl -s https://loyalty-api.internal/v1/members/me -H \"Authorization: Bearer %s\" | jq .\n```" % v)

K = "password"
pos(K)(lambda v: "```\nServer=sql-pms-%s.internal;Database=OperaPMS;User Id=svc_pms;Password=%s;Encrypt=True;\n```" % (pick(PROPS)[0].lower(), v))
pos(K)(lambda v: "```env\nPAC_USER=timbrado@hoshizora\nPAC_PASSWORD=%s\n```" % v)
pos(K)(lambda v: "```properties\nspring.datasource.url=jdbc:postgresql://loyalty-db:5432/loyalty\nspring.datasource.username=loyalty_app\nspring.datasource.password=%s\n```" % v)
pos(K)(lambda v: "```\nhost=na-db.internal port=5432 dbname=night_audit user=na_ro password=%s sslmode=require\n```" % v)
pos(K)(lambda v: "```ini\n[vingcard]\nserver = encoder-%s\nuser = frontdesk\npassword = %s\n```" % (pick(PROPS)[0].lower(), v))
pos(K)(lambda v: "la contraseña del portal de Booking.com extranet para Cancún es %s, cámbienla después del cierre" % v)
pos(K)(lambda v: "PMS ของ Kata: user `fo_night` รหัสผ่าน `%s`" % v)
pos(K)(lambda v: "夜間監査用アカウントのパスワード: %s （来月変更予定）" % v)
pos(K)(lambda v: "```yaml\nchannel_manager:\n  hotel_code: %s\n  username: hz_%s\n  password: \"%s\"\n```" % (pick(PROPS)[0], rs(5, LO), v))
pos(K)(lambda v: "```csharp\nvar cs = \"Data Source=pay-gw-db;Initial Catalog=Settlement;User ID=settle;Password=%s\";\n```" % v)

K = "url_credentials"
pos(K)(lambda v: "```env\nDATABASE_URL=postgres://pms_app:%s@pms-db.%s.internal:5432/pms\n```" % (v, pick(PROPS)[0].lower()))
pos(K)(lambda v: "```\nmongodb+srv://loyalty_rw:%s@loyalty.x%s.mongodb.net/points?retryWrites=true\n```" % (v, rs(5, LO + DG)))
pos(K)(lambda v: "```yaml\ncelery:\n  broker_url: amqps://ota:%s@mq.hotel-it.internal:5671/ota\n```" % v)
pos(K)(lambda v: "```python\nengine = create_engine(\"mysql+pymysql://audit:%s@na-mysql:3306/night_audit\")\n```" % v)
pos(K)(lambda v: "redis del rate cache: `rediss://:%s@rates-cache.internal:6380/0`" % v)
pos(K)(lambda v: "sftp ของ OTA report: sftp://hz_report:%s@sftp.channel-partner.example/outbox" % v)

K = "email_address"
pos(K)(lambda v: "Guest in %s asked for the folio copy to be sent to %s, the PMS profile has an old address" % (room(), v))
pos(K)(lambda v: "El huésped pidió la factura CFDI al correo %s, ya está en el campo de receptor" % v)
pos(K)(lambda v: "```json\n{\"profile_id\":\"%s\",\"email\":\"%s\",\"tier\":\"gold\"}\n```" % (rs(10, DG), v))

K = "phone_number"
pos(K)(lambda v: "Guest in %s (late arrival) — call %s if the flight is delayed" % (room(), v))
pos(K)(lambda v: "```json\n{\"reservation\":\"%s\",\"guest\":{\"phone\":\"%s\",\"lang\":\"%s\"}}\n```" % (bookref(), v, pick(["ja", "th", "es", "en"])))
pos(K)(lambda v: "```csv\nroom,arrival,vip,phone\n%s,%s,Y,%s\n```" % (room(), bdate(), v))
pos(K)(lambda v: "お客様の携帯: %s（チェックイン前に連絡希望）" % v)
pos(K)(lambda v: "แขกห้อง %s ขอให้โทรกลับที่เบอร์ %s ค่ะ" % (room(), v))
pos(K)(lambda v: "El huésped de la %s pide que le marquen al %s para lo del transporte" % (room(), v))
pos(K)(lambda v: "| on-call | phone |\n|---|---|\n| keycard vendor tech | %s |" % v)
pos(K)(lambda v: "Saludos,\nIng. de guardia, TI Hoteles\nCel. %s" % v)

K = "credit_card"
pos(K)(lambda v: "the guest read the card over the phone for the deposit: %s exp 0%d/2%d, please charge it in the terminal and delete this" % (v, R.randrange(1, 10), R.randrange(7, 10)))
pos(K)(lambda v: "```\n%s WARN pay-gw raw track data in log: PAN=%s\n```" % (ts(), v))
pos(K)(lambda v: "Tarjeta de garantía de la reserva %s: %s" % (bookref(), v))
pos(K)(lambda v: "予約 %s のクレジットカード番号: %s" % (bookref(), v))
pos(K)(lambda v: "เลขบัตรของแขกห้อง %s: %s" % (room(), v))

K = "iban"
pos(K)(lambda v: "Tour operator wants the refund for %s to %s" % (bookref(), v))
pos(K)(lambda v: "Cuenta del huésped europeo para el reembolso: IBAN %s" % v)
pos(K)(lambda v: "```csv\nbooking,amount,currency,iban\n%s,%s,EUR,%s\n```" % (bookref(), "%d.%02d" % (R.randrange(100, 3000), R.randrange(100)), v))
pos(K)(lambda v: "返金先の口座 (IBAN): %s" % v)

K = "us_ssn"
pos(K)(lambda v: "W-9 from the US surf instructor contractor at Los Cabos: SSN %s" % v)
pos(K)(lambda v: "Para nómina del gerente americano en Cancún, SSN: %s" % v)
pos(K)(lambda v: "```csv\nemployee,property,ssn\n%s,%s,%s\n```" % (rs(6, DG), pick(["CUNHZ", "SJDCB", "MEXPL"]), v))

K = "ipv4_address"
pos(K)(lambda v: "the guest Wi-Fi login for %s came from %s, that's the one trying to brute force the loyalty portal" % (room(), v))
pos(K)(lambda v: "```\n%s WARN ota-sync webhook from unexpected source %s (not in allowlist)\n```" % (ts(), v))
pos(K)(lambda v: "หน้า login ของ PMS โดนยิงจาก IP %s ครับ" % v)


def pem_text(kind, layout):
    label, lines = v_pem(kind)
    begin, end = "-----BEGIN %s-----" % label, "-----END %s-----" % label
    if layout == 0:
        val = "\n".join(lines)
        txt = "%s\n```\n%s\n%s\n%s\n```" % (pick(["the encoder sync box key, from the old wiki page:", "鍵エンコーダ連携サーバの秘密鍵です（古いwikiから）",
                                              "llave del servidor de timbrado que estaba en el repo:", "deploy key ของ night-audit ที่หลุดใน repo:"]),
                                        begin, val, end)
    elif layout == 1:
        ind = "    "
        val = ("\n" + ind).join(lines)
        txt = "```yaml\napiVersion: v1\nkind: Secret\nmetadata:\n  name: %s-tls\nstringData:\n  tls.key: |\n    %s\n    %s\n    %s\n```" % (
            pick(SYSTEMS), begin, val, end)
    else:
        val = "\\n".join(lines)
        txt = "```json\n{\"service\": \"%s\", \"private_key\": \"%s\\n%s\\n%s\\n\"}\n```" % (pick(SYSTEMS), begin, val, end)
    return txt, val


MULTI = []


def multi(name):
    def deco(f):
        MULTI.append((name, f))
        return f
    return deco


@multi("aws_pair")
def _():
    a, s = v_aws_id(), v_aws_secret()
    t = R.randrange(5)
    if t == 0:
        txt = "```ini\n[default]\naws_access_key_id = %s\naws_secret_access_key = %s\nregion = ap-northeast-1\n```" % (a, s)
    elif t == 1:
        txt = "```env\nAWS_ACCESS_KEY_ID=%s\nAWS_SECRET_ACCESS_KEY=%s\nS3_BUCKET=hz-cfdi-xml\n```" % (a, s)
    elif t == 2:
        txt = "creds del bucket de night audit de Cancún: `%s` / `%s`" % (a, s)
    elif t == 3:
        txt = "```json\n{\"AccessKey\": {\"UserName\": \"na-export\", \"AccessKeyId\": \"%s\", \"Status\": \"Active\", \"SecretAccessKey\": \"%s\"}}\n```" % (a, s)
    else:
        txt = "```hcl\nprovider \"aws\" {\n  region     = \"ap-southeast-1\"\n  access_key = \"%s\"\n  secret_key = \"%s\"\n}\n```" % (a, s)
    return txt, [("aws_access_key_id", a), ("aws_secret_access_key", s)]


@multi("sig_email_phone")
def _():
    e = v_email()
    c = SIG_C.pop(0)
    p = v_phone(c)
    sig = {"JP": "山本 (フロント IT)\n%s\nTel: %s",
           "TH": "Nattaya S. | IT Phuket\n%s\nมือถือ %s",
           "MX": "Saludos,\nAna Hernández — Sistemas, Cancún\n%s | Cel. %s",
           "US": "Best,\nEmily Carter, Revenue Systems\n%s · %s"}[c]
    return pick(["Thanks, will check tomorrow.\n--\n", "了解です。\n--\n", "ok, lo veo.\n--\n", "รับทราบค่ะ\n--\n"]) + sig % (e, p), [("email_address", e), ("phone_number", p)]


@multi("slack_pair")
def _():
    b, u = v_slack_bot(), v_slack_user()
    return "```env\nSLACK_BOT_TOKEN=%s\nSLACK_USER_TOKEN=%s\n```\nboth for the OTA-sync alert bot" % (b, u), [("slack_bot_token", b), ("slack_user_token", u)]


@multi("password_ip")
def _():
    ip, pw = v_ip(), v_password()
    t = R.randrange(3)
    if t == 0:
        txt = "```ini\n[pac]\nhost = %s\nuser = hz_timbrado\npassword = %s\n```" % (ip, pw)
    elif t == 1:
        txt = "Para el VPN del proveedor de terminales: gateway %s, usuario `hz-mx`, contraseña `%s`" % (ip, pw)
    else:
        txt = "```yaml\nota_sftp:\n  host: %s\n  user: hoshizora\n  password: '%s'\n```" % (ip, pw)
    return txt, [("ipv4_address", ip), ("password", pw)]


@multi("url_ip")
def _():
    ip, pw = v_ip(), v_urlpw()
    return pick(["```env\nREPORTS_DB=postgresql://na_report:%s@%s:5432/audit\n```", "ftp del channel manager: ftp://hz_upload:%s@%s/inbound"]) % (pw, ip), [
        ("url_credentials", pw), ("ipv4_address", ip)]


@multi("card_email")
def _():
    c, e = v_card(), v_email()
    return "Reserva sin garantía: el huésped mandó por correo (%s) su tarjeta %s, ¿la cargamos en el PMS?" % (e, c), [("email_address", e), ("credit_card", c)]


@multi("iban_email")
def _():
    i, e = v_iban(), v_email()
    return "Refund request from %s: please send the deposit back to %s (they cancelled within the free period)" % (e, i), [("email_address", e), ("iban", i)]


@multi("jwt_ip")
def _():
    j, ip = v_jwt(), v_ip()
    return "```\n%s WARN loyalty-api replayed token from %s: %s\n```" % (ts(), ip, j), [("ipv4_address", ip), ("jwt", j)]


@multi("ssn_phone")
def _():
    s, p = v_ssn(), v_phone("US")
    return "New hire (US citizen, F&B manager at Los Cabos) onboarding form: SSN %s, emergency contact %s" % (s, p), [("us_ssn", s), ("phone_number", p)]


SIG_C = ["JP", "TH", "MX", "US"]
MULTI_PLAN = [("aws_pair", 5), ("sig_email_phone", 4), ("slack_pair", 2), ("password_ip", 3), ("url_ip", 2), ("card_email", 1),
              ("iban_email", 1), ("jwt_ip", 1), ("ssn_phone", 1)]
SINGLE_PLAN = [("phone_number", 13), ("password", 11), ("email_address", 3), ("credit_card", 8), ("iban", 8), ("ipv4_address", 3),
               ("aws_access_key_id", 4), ("aws_secret_access_key", 4), ("github_classic_pat", 9), ("github_fine_grained_pat", 8),
               ("slack_bot_token", 6), ("slack_user_token", 6), ("openai_api_key", 9), ("anthropic_api_key", 8), ("jwt", 7),
               ("private_key_pem", 8), ("url_credentials", 7), ("us_ssn", 8)]
GEN = {"aws_access_key_id": v_aws_id, "aws_secret_access_key": v_aws_secret, "github_classic_pat": v_ghp,
       "github_fine_grained_pat": v_ghf, "slack_bot_token": v_slack_bot, "slack_user_token": v_slack_user,
       "openai_api_key": v_openai, "anthropic_api_key": v_anthropic, "jwt": v_jwt, "password": v_password,
       "url_credentials": v_urlpw, "email_address": v_email, "credit_card": v_card, "iban": v_iban, "us_ssn": v_ssn,
       "ipv4_address": v_ip}
PHONE_COUNTRIES = ["JP", "JP", "JP", "JP", "TH", "TH", "TH", "TH", "MX", "MX", "MX", "MX", "EU"]


# ---------------------------------------------------------------------------
def check_value(kind, v):
    if kind == "credit_card":
        assert luhn_ok(re.sub(r"\D", "", v)), v
    elif kind == "iban":
        assert iban_ok(v), v
    elif kind == "us_ssn":
        assert ssn_ok(v), v
    elif kind == "ipv4_address":
        assert ip_public(v), v
    elif kind == "jwt":
        h, p, _ = v.split(".")
        for part in (h, p):
            json.loads(base64.urlsafe_b64decode(part + "=" * (-len(part) % 4)))
    elif kind == "private_key_pem":
        body = re.sub(r"\\n|\s", "", v)
        base64.b64decode(body, validate=True)
    elif kind == "github_classic_pat":
        assert base62(zlib.crc32(v[4:34].encode()) & 0xffffffff) == v[34:], v


def build_negatives():
    out = []
    seen = set()
    stats = {}
    for cat in ["data_uri_base64", "placeholder_example", "code_identifier", "non_credential_blob", "pii_lookalike_number", "talk_about_secrets"]:
        tpls = NEG[cat]
        redraws = 0
        made = 0
        i = 0
        while made < 100:
            ti = i % len(tpls) if i < len(tpls) else R.randrange(len(tpls))
            i += 1
            text = decorate(tpls[ti](), 0.30, 0.12)
            if text in seen:
                continue
            if scan(text):
                redraws += 1
                if redraws > 5000:
                    raise SystemExit("too many redraws in " + cat)
                continue
            seen.add(text)
            out.append({"text": text, "category": cat, "_t": ti})
            made += 1
        stats[cat] = redraws
    return out, stats


def build_positives():
    out = []
    for name, n in MULTI_PLAN:
        f = dict(MULTI)[name]
        for k in range(n):
            text, secrets = f()
            out.append({"text": text, "secrets": [{"kind": a, "value": b} for a, b in secrets], "context": "multi:%s:%d" % (name, k)})
    pem_kinds = ["ec", "ed25519", "rsa", "openssh"]
    for kind, n in SINGLE_PLAN:
        for k in range(n):
            if kind == "private_key_pem":
                pk, layout = pem_kinds[k % 4], k % 3
                text, v = pem_text(pk, layout)
                ctx = "private_key_pem:%s:layout%d" % (pk, layout)
            else:
                tpls = P[kind]
                ti = k % len(tpls)
                v = v_phone(PHONE_COUNTRIES[k]) if kind == "phone_number" else GEN[kind]()
                text = tpls[ti](v)
                ctx = "%s:t%d" % (kind, ti)
            out.append({"text": text, "secrets": [{"kind": kind, "value": v}], "context": ctx})
    for r in out:
        r["text"] = decorate(r["text"], 0.30, 0.12)
        for s in r["secrets"]:
            assert s["value"] in r["text"], (s, r["text"])
            check_value(s["kind"], s["value"])
    R.shuffle(out)
    return out


def main():
    negs, redraws = build_negatives()
    R.shuffle(negs)
    poss = build_positives()
    neg_rows = []
    for i, r in enumerate(negs, 1):
        neg_rows.append({"id": "h%dn-%04d" % (N, i), "text": r["text"], "category": r["category"]})
    pos_rows = []
    for i, r in enumerate(poss, 1):
        pos_rows.append({"id": "h%dp-%04d" % (N, i), "text": r["text"], "secrets": r["secrets"], "context": r["context"]})
    paths = {}
    for name, rows in (("negatives", neg_rows), ("positives", pos_rows)):
        p = os.path.join(HERE, "redaction%d_%s.jsonl" % (N, name))
        with open(p, "w", encoding="utf-8") as fh:
            for row in rows:
                fh.write(json.dumps(row, ensure_ascii=False) + "\n")
        paths[name] = p
    # final scan
    final_hits = [(r["id"], h) for r in neg_rows for h in scan(r["text"])]
    pos_missed = [r["id"] for r in pos_rows if not scan(r["text"])]
    assert len(neg_rows) == 600 and len(pos_rows) == 150
    assert sum(len(r["secrets"]) for r in pos_rows) == 170
    assert len({r["text"] for r in neg_rows}) == 600
    print("negatives:", len(neg_rows), "scanner hits:", len(final_hits))
    print("redraws per category:", json.dumps(redraws))
    print("positives:", len(pos_rows), "secrets:", sum(len(r["secrets"]) for r in pos_rows), "texts with no scanner hit:", len(pos_missed))
    write_readme(negs, neg_rows, pos_rows, paths, final_hits, redraws, pos_missed)


def sha256(p):
    with open(p, "rb") as fh:
        return hashlib.sha256(fh.read()).hexdigest()


CAT_DESC = {
    "data_uri_base64": "Real, well-formed bytes, base64-encoded: PNG (IHDR/IDAT/IEND with correct CRCs, `iVBORw0KGgo…`), 1×1 GIF89a (`R0lGODlh…`), JPEG/JFIF headers (`/9j/4AAQ…`, shown truncated), WebP VP8L (`UklGR…`), ICO with embedded PNG, WAV (`UklGR…WAVE`), PDF (`JVBERi0…`), SVG, woff2 (`d09GMg…`) and ttf (`AAEAAAA…`) headers, inline source maps (`eyJ2ZXJzaW9uIjoz…`, base64 JSON, no dots). Contexts: room-card CSS `url()`, check-in QR PNG in a JSON API, folio/e-mail logo `<img>`, CFDI PDF returned by the PAC (`pdf_base64`), receipt-printer logo in INI, Next.js `blurDataURL`, Thai/Japanese `@font-face`, CSP errors, HAR, Jupyter `image/png`, kiosk beep WAV, ConfigMap `binaryData`, `echo … | base64 -d | file -`, Markdown images, Markdown tables of icons. Some URIs truncated with `…` / `...` / `…[N more chars]`.",
    "placeholder_example": "`<your-api-key>`, `YOUR_API_KEY`, `${SITEMINDER_API_KEY}`, `{{ .Values.pms.apiKey }}`, `%PMS_DB_PASSWORD%`, `$(KEYCARD_API_TOKEN)`, `op://…`, `vault:…`, `${{ secrets.PAC_PASSWORD }}`, `{{resolve:secretsmanager:…}}`, `＜パスワード＞`, `<contraseña>`, `<รหัสผ่าน>`. Vendor prefixes with `...`/`…`/`xxx` (`sk-...`, `sk-ant-api03-...`, `xoxb-your-bot-token`, `ghp_xxxx…`, `AKIA...`, `AIza****`, `glpat-xxxx`, `sk_live_xxx`, `whsec_...`). AWS documentation keys `AKIAIOSFODNN7EXAMPLE` / `wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY`. Slack's all-zero webhook. PEM with `...` body (CFDI CSD key). Masks: `•••• •••• •••• 1234`, `XXXX-XXXX-XXXX-1234`, `4XXXXX******1234`, `090-XXXX-XXXX`, `+81-XX-XXXX-XXXX`, `08X-XXX-XXXX`, `+66 8X XXX XXXX`, `(55) ****-**12`, `a***@***.mx`, `[REDACTED]`, `[FILTERED]`, `********`. Jinja guest-profile templates (`{{guest.email}}`, `{{guest.phone_e164}}`). Generic SAT RFCs `XAXX010101000` / `XEXX010101000` in CFDI `Receptor`. Default/template DSNs `postgres://user:password@localhost…`, `mongodb+srv://<username>:<password>@<cluster>…`, encoder `admin`/`admin` factory default, `IBAN DE00 0000 …`, `Basic dXNlcjpwYXNz` (base64 of `user:pass`).",
    "code_identifier": "Long camelCase / snake_case names built from Guest/Folio/Loyalty/Token/Secret/Password/Card/Phone/Email/Rfc/Cfdi/Keycard/Iban/Ssn words. Java stack traces of the PMS (`com.hoshizora.pms.folio…`, 6–25 frames), Python tracebacks of the night audit, Rust panics with `::h<16 hex>` hashes, Swift `$s8HoshiKey…` symbols, C++ `_ZN8hoshizora7keycard…` in gdb backtraces, Go/C#/TS/Kotlin/Elixir code, GraphQL/proto schemas, SQL `ALTER TABLE guest_profile` with `password_hash`/`email_sha256`/`pan_last_four`, Terraform resource addresses (`aws_secretsmanager_secret.ota_siteminder_…`), `kubectl get pods` with ReplicaSet hashes, CSS-module and CSS-in-JS hashes, feature-flag keys, env-var names. Comments/prose in EN/JA/TH/ES.",
    "non_credential_blob": "Git SHAs (`git log --oneline`), image digests `@sha256:`, CFDI folio fiscal UUIDs, `TimbreFiscalDigital` with `SelloCFD`/`SelloSAT` (base64 RSA signatures, public on every invoice) and 20-digit `NoCertificadoSAT`, OTA-sync logs with request ids and ETags, W3C `traceparent`, `x-amzn-trace-id`, weak ETags, key-card encoder JSON logs (card UID, sector MAC, trace id), EMV terminal lines (AID, TVR, ARQC, ATC), night-audit `sha256` checksums, npm `integrity sha512-`, go.sum `h1:`, SRI `sha384-`, `aws s3 ls` listings, Sentry event ids, ULIDs and Mongo ObjectIds, SOPS `ENC[AES256_GCM,…]`, Vault transit `vault:v1:` ciphertext, base64-JSON pagination cursors (`eyJ…`, no dots), Helm checksums, Terraform lineage, SSH host-key `SHA256:` fingerprints, `sha256sum` lines, encrypted BLE mobile-key blobs, CI run ids.",
    "pii_lookalike_number": "Folio numbers, booking refs, OTA reservation ids with a channel prefix (`BDC-`/`EXP-`/`AGD-`/`TRP-` + 10 digits), Agoda ids (9 digits) and Expedia itineraries (13 digits, non-Luhn), a 5–23 row reservations CSV and a 6–25 row night-audit CSV, JP qualified-invoice numbers `T` + 13-digit corporate number (valid check digit), Thai company tax ids (13 digits, valid mod-11 check, `0105…`), CFDI 4.0 `Comprobante`/`Emisor` with company RFCs and 20-digit `NoCertificado`, loyalty member numbers `HR ddd ddd ddd`, PAX terminal TID/MID/STAN/RRN, rate tables in JPY, night-audit KPIs in THB, Thai tax-invoice numbers, epoch s/ms, Japanese postal codes `〒ddd-dddd`, private IPs and RFC 5737 addresses for terminals/encoders, Windows build `10.0.19045.x`, firmware versions, Jira/ServiceNow/Zendesk ids, AWS doc account `123456789012`, EC2/subnet ids, encoder log sequence numbers, rate-plan ids, byte and row counts (space- and comma-grouped), valid EAN-13/JAN codes.",
    "talk_about_secrets": "Talk about OTA API keys, PAC/CSD passwords, encoder tokens, loyalty secrets, guest cards, phones and e-mails in EN/JA/TH/ES with no value: rotation notices, leak runbooks, incident summary, security-sync notes, Q&A, checklists (ES and JA), External Secrets errors, a phone-regex discussion.",
}
CAT_ORDER = ["data_uri_base64", "placeholder_example", "code_identifier", "non_credential_blob", "pii_lookalike_number", "talk_about_secrets"]
KIND_NOTES = {
    "aws_access_key_id": "`AKIA`/`ASIA` + 16 × `[A-Z2-7]`; INI, .env, JSON `create-access-key` output, HCL, log line",
    "aws_secret_access_key": "40 chars of `[A-Za-z0-9+/]`; 4 alone (.env, YAML, boto3, Thai chat) and 5 paired with a key id",
    "github_classic_pat": "`ghp_` + 30 random + 6-char base62 CRC32 of the random part (checked on every run); one inside a `x-access-token:…@github.com` clone URL, labelled only as the PAT",
    "github_fine_grained_pat": "`github_pat_11` + 20 `[A-Z0-9]` + `_` + 59",
    "slack_bot_token": "`xoxb-<10–12 digits>-<13 digits>-<24>`",
    "slack_user_token": "`xoxp-<d>-<d>-<d>-<32 hex>`",
    "openai_api_key": "`sk-proj-…T3BlbkFJ…`, legacy `sk-<20>T3BlbkFJ<20>`, `sk-svcacct-…`",
    "anthropic_api_key": "`sk-ant-api03-` + 93 + `AA`",
    "jwt": "base64url JSON header (HS256, or RS256 with `kid`) and payload (service, loyalty member, property scope, encoder/room claims), random signature; HTTP header, JSON log, curl, chat",
    "private_key_pem": "real DER structure with random key material: EC P-256 SEC1, Ed25519 PKCS#8, RSA PKCS#1 (2048-bit layout), OpenSSH `openssh-key-v1` (70-char lines). Layout 0: fenced block; layout 1: YAML block scalar in a k8s Secret (lines joined by newline + 4 spaces); layout 2: inside a JSON string (lines joined by literal `\\n`). The value runs from the first to the last base64 character of the body",
    "password": "password only: ADO.NET / SqlClient, .env (PAC), Spring properties, libpq key=value, INI (VingCard encoder), YAML (channel manager), C# string, and in prose in ES/TH/JA",
    "url_credentials": "password part of `scheme://user:pw@host` (postgres, mongodb+srv, amqps, mysql+pymysql, `rediss://:pw@`, sftp, ftp, postgresql with a public IP host)",
    "email_address": "guest, travel-agent and staff addresses on JP/TH/MX/free-mail domains; prose (EN/ES), JSON profile, signatures",
    "phone_number": "JP (mobile `090-1234-5678`, `+81 90-…`, `+81-45-…`, landline `011-…`, `+81 3 …`), TH (`081-…`, `09…` bare, `(+66) 63-…`, `+66-38-…`, `077 175 585`), MX (`+52…` E.164, `(322) …`, `81-9888-8994`, `(664) …`), NANP (`415.523.3476`, `+1 (713) …`, `(212) …`-style), one ES `+34 6…`; in chat (EN/JA/TH/ES), JSON, CSV, a Markdown table and signatures",
    "credit_card": "Luhn-valid Visa, Mastercard (51–55 and 2221–2720), Amex, JCB (3528–3589) and Discover; plain, spaced or dashed",
    "iban": "mod-97-valid DE, ES (valid national check digits), FR (valid RIB key), GB, NL (valid 11-test), CH, IT; compact or grouped by 4",
    "us_ssn": "area not 000/666/9xx, group not 00, serial not 0000; dashed, and a few plain or spaced (US contractor W-9, US expat payroll)",
    "ipv4_address": "public only (excludes private, loopback, CGNAT, link-local, benchmark, documentation, multicast); guest Wi-Fi, webhook source, PMS login attacker, PAC/SFTP/VPN hosts",
}
KIND_ORDER = ["aws_access_key_id", "aws_secret_access_key", "github_classic_pat", "github_fine_grained_pat", "slack_bot_token",
              "slack_user_token", "openai_api_key", "anthropic_api_key", "jwt", "private_key_pem", "password", "url_credentials",
              "email_address", "phone_number", "credit_card", "iban", "us_ssn", "ipv4_address"]


def write_readme(negs, neg_rows, pos_rows, paths, final_hits, redraws, pos_missed):
    L = []
    a = L.append
    a("> PLACEHOLDER")
    a("")
    a("# Held-out redaction corpus #%d: hotel-group reservations, PMS and loyalty IT (Japan, Thailand, Mexico)" % N)
    a("")
    a("Files. `gen.py` writes them, using `random.Random(%d * 101)` (= `random.Random(%d)`) as the only source of randomness. Output is deterministic: "
      "two runs give byte-identical files, also under `PYTHONHASHSEED=0` and `PYTHONHASHSEED=123` (checked with `cmp`)." % (N, N * 101))
    a("")
    a("- `redaction%d_negatives.jsonl`: 600 Slack-style messages with **no secret and no personal data**, 100 in each of 6 categories. Each one is built to trip a naive redactor." % N)
    a("- `redaction%d_positives.jsonl`: 150 messages holding 170 labelled fake secrets / personal-data items of 18 kinds (130 texts with one, 20 with two)." % N)
    a("- `gen.py`: the generator. It also runs a built-in sanity scanner and prints what it finds. It writes this README too.")
    a("")
    a("| file | sha256 |")
    a("|---|---|")
    for name in ("negatives", "positives"):
        a("| `%s` | `%s` |" % (os.path.basename(paths[name]), sha256(paths[name])))
    a("| `gen.py` | `%s` |" % sha256(os.path.abspath(__file__)))
    a("")
    a("Regenerate with `python3 gen.py` (standard library only); it writes both files and this README next to the script.")
    a("")
    a("## Theme and languages")
    a("")
    a("The Slack workspace of a (fictional) hotel group's reservations, property-management (PMS) and loyalty IT, with properties in Japan "
      "(Tokyo, Kyoto, Osaka), Thailand (Bangkok, Phuket, Chiang Mai) and Mexico (Cancún, CDMX, Los Cabos): booking references, folio numbers, "
      "room and rate codes, channel-manager / OTA sync logs, loyalty member numbers, key-card encoder logs, night-audit reports, payment-terminal "
      "(EMV) logs, invoices in JPY/THB/MXN, Mexican CFDI 4.0 fields (RFC, UUID, Sello, NoCertificado), Japanese qualified-invoice numbers and Thai tax invoices.")
    a("")
    a("Languages are Japanese, Thai, Mexican Spanish and English, mixed inside messages the way such channels mix them (an English log with a Thai "
      "lead-in, a Spanish question about a Japanese CSS file). About 30 % of all messages get a lead-in in one of the four languages "
      "(\"念のため共有:\", \"ฝากดูหน่อยค่ะ\", \"Aguas con esto:\", \"heads up:\", …) and about 12 % a short trailer (\"よろしくお願いします\", \"ขอบคุณครับ\", \"gracias!\", \"+1\", …).")
    a("")
    nl = [r["text"].count("\n") + 1 for r in neg_rows]
    pl = [r["text"].count("\n") + 1 for r in pos_rows]
    a("Forms: prose, Markdown lists and tables, Q&A, quotes, code blocks (CSS, HTML, TSX/TS/JS, Python, Go, Rust, Kotlin, C#, Swift, Elixir, SQL, "
      "GraphQL, protobuf, HCL), config (.env, YAML, INI, TOML, JSON, Java properties, XML/CFDI), shell sessions (`kubectl`, `aws s3 ls`, `git log`, "
      "`curl`, `sha256sum`, `base64 -d`), log lines, JSON logs, HTTP headers, CSV and signatures.")
    a("")
    a("Negatives run from %d to %d lines (%d single-line, %d with 10 or more lines, %d with 20 or more); positives from %d to %d lines."
      % (min(nl), max(nl), sum(1 for x in nl if x == 1), sum(1 for x in nl if x >= 10), sum(1 for x in nl if x >= 20), min(pl), max(pl)))
    a("")
    a("## How it was written (blindness record)")
    a("")
    a("The data was written **blind**: no code, rule, test or other test set of the redactor was read. Exactly these were opened:")
    a("")
    a("1. the brief `/work/briefs/data.md`;")
    a("2. `/work/.library/env/README.md`;")
    a("3. `/work/main/tests/support/data/redaction4/README.md`, in full (`cat`, plus one `grep -n placeholder_example` on that same file to read a table row the terminal had cut);")
    a("4. `head -3` of `/work/main/tests/support/data/redaction4/redaction4_negatives.jsonl` and of `redaction4_positives.jsonl`.")
    a("")
    a("Nothing else under `/work/main`, no `/work/wt-*` and no other folder under `/work/data` was listed, opened or searched. Commands run: `date`, "
      "`mkdir -p` of this folder and of scratch folders under `/tmp`, shell here-documents and small Python edits that wrote `gen.py`, "
      "`python3 gen.py` (plain, with `PYTHONHASHSEED=0` and `=123`; once also through a stub in `/tmp` that wrote trial files to `/tmp`), Python "
      "one-liners that read only this folder's own output, and `cp`, `cmp`, `sha256sum`, `wc`, `sed`, `head`, `grep` on this folder's own files. No git command, no search tool, no install, and the product was never run. Templates and hard negatives come from "
      "general knowledge of hotel IT, chat, code, logs and config; they are not tuned against any rule set.")
    a("")
    a("## Record format")
    a("")
    a("Negatives: `{\"id\": \"h%dn-0001\", \"text\": ..., \"category\": ...}`." % N)
    a("")
    a("Positives: `{\"id\": \"h%dp-0001\", \"text\": ..., \"secrets\": [{\"kind\": ..., \"value\": ...}], \"context\": ...}`. Every `value` occurs "
      "verbatim in `text`; `gen.py` asserts this. `context` is `<kind>:t<template#>` for single-secret messages, `multi:<name>:<n>` for two-secret "
      "messages and `private_key_pem:<type>:layout<n>` for PEM messages." % N)
    a("")
    a("## Negative categories")
    a("")
    a("| category | texts | templates | min/max lines | what is in it |")
    a("|---|---:|---:|---|---|")
    for cat in CAT_ORDER:
        rows = [r for r in negs if r["category"] == cat]
        lines = [r["text"].count("\n") + 1 for r in rows]
        a("| `%s` | %d | %d | %d / %d | %s |" % (cat, len(rows), len({r["_t"] for r in rows}), min(lines), max(lines), CAT_DESC[cat]))
    a("| **total** | **%d** | | | |" % len(negs))
    a("")
    a("All 600 texts are distinct. Every message in a category comes from that category's templates (`talk_about_secrets` also draws from a pool "
      "of %d sentences and %d Q&A pairs). Some messages touch other categories too; the label is the main reason the message is a hard negative." % (len(TALK), len(QA)))
    a("")
    a("### Guarantees on the negatives (enforced by `gen.py`)")
    a("")
    a("`gen.py` throws away and redraws any negative in which its scanner finds any of these:")
    a("")
    a("- an e-mail address (`local@domain.tld`);")
    a("- a token shape: GitHub (`gh[pousr]_` + 30 or more, `github_pat_…`), Slack (`xox?-<digits>-…`), `sk-…` / `sk-ant-…` / `sk-proj-…` keys of 28 or more characters, `sk_live_`/`rk_live_`, `AIza…` (39), `glpat-` + 20, and a three-segment `eyJ….eyJ….sig` JWT;")
    a("- an SSN shape `ddd-dd-dddd`;")
    a("- any Luhn-valid run of 13–19 digits, plain or as any window of digit groups separated by spaces or dashes;")
    a("- a mod-97-valid IBAN, compact or grouped;")
    a("- a PEM `PRIVATE KEY` block whose body decodes to 32 bytes or more;")
    a("- an `AKIA`/`ASIA` key id unless it contains `EXAMPLE`;")
    a("- a public IPv4 address (private, loopback, CGNAT, link-local, benchmark, RFC 5737 and multicast are allowed);")
    a("- URL userinfo `scheme://user:pw@` whose password is not a placeholder (`password`, `changeme`, `postgres`, `admin`, `<…>`, `${…}`, `***`, …);")
    a("- a phone number of Japan, Thailand, Mexico or NANP (and +34/+33/+49/+44/+39/+31): any `+<cc>` / `00<cc>` international form; "
      "JP/TH national forms with trunk `0` and separators or parentheses (`090-1234-5678`, `03(1234)5678`, `081 234 5678`, `02-123-4567`); "
      "MX/NANP grouped forms (`55 1234 5678`, `(998) 123-4567`, `998 123 45 67`, `415.382.9174`); and bare runs `0[789]0` + 8 digits, `0` + 9 digits, "
      "`0[2-7]` + 7 digits and `[2-9]` + 9 digits that are not glued to a letter, `-`, `#`, `/`, `=`, `.` or another digit.")
    a("")
    a("Redraws while generating: %s. Scanner output on the final negatives: **%d hits**." % (", ".join("%s %d" % (c, redraws[c]) for c in CAT_ORDER), len(final_hits)))
    a("")
    a("No person names, e-mail addresses or phone numbers appear anywhere in the negatives (not even hotel switchboard numbers).")
    a("")
    a("## Known ambiguities (deliberate, so decide how to score them)")
    a("")
    a("- **Documented example credentials.** `AKIAIOSFODNN7EXAMPLE` / `wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY` and AWS's doc account `123456789012` are negatives because AWS publishes them.")
    a("- **Default / template passwords.** `postgres://user:password@localhost…`, `postgres:postgres`, `pms:changeme`, `admin:admin`, `mongodb+srv://<username>:<password>@<cluster>…`, the encoder's `password = admin ; factory default` and `Basic dXNlcjpwYXNz` (base64 of `user:pass`) are placeholders or documented defaults.")
    a("- **Company tax identifiers are not personal data.** Mexican RFCs of *personas morales* (3 letters + date + homoclave, 12 chars) in CFDI `Emisor`, the generic SAT RFCs `XAXX010101000` / `XEXX010101000`, Japanese qualified-invoice numbers `T` + 13-digit corporate number (public registry, valid check digit) and Thai company tax ids (13 digits with a valid mod-11 check, starting `0105…`) are negatives. RFCs of natural persons (4 letters, derived from name and birth date) and Thai personal ID numbers never appear.")
    a("- **CFDI signatures and certificate numbers.** `SelloCFD` / `SelloSAT` are base64 RSA signatures printed on every invoice and `NoCertificado` / `NoCertificadoSAT` are public 20-digit certificate serials; they have the shape of key material or a long account number.")
    a("- **Prefixed 10-digit OTA ids.** `BDC-4021346578`-style reservation ids in CSVs are 10 digits that start with 1–9, the same shape as a bare Mexican or NANP number. The prefix makes them ids; the scanner skips digit runs glued to `-`.")
    a("- **Long ids and codes.** 13-digit Expedia itineraries, JAN/EAN-13 codes (valid check digit), 15-digit terminal MIDs, 12-digit RRNs, 13-digit T-numbers and tax ids look like card numbers; all are Luhn-invalid (guaranteed by the scanner).")
    a("- **Masked values** keep the last digits (`•••• •••• •••• 1234`, `4XXXXX******1234`, `(55) ****-**12`, `3528 **** **** 1234`) or the country code (`+81-XX-XXXX-XXXX`, `+66 8X XXX XXXX`); they are treated as non-PII.")
    a("- **Hex and base64 of key length.** Card UIDs, sector MACs, EMV ARQC/TVR, BLE mobile-key blobs, Sentry ids, ETags, trace ids, go.sum / SRI / npm integrity hashes and Vault/SOPS ciphertext have the shapes of vendor keys or AWS secrets; only the context tells them apart.")
    a("- **Ten-digit epoch seconds** (`17…`) and 9-digit Agoda ids share the length of phone numbers; epochs start with 1, which no Mexican or NANP number does.")
    a("- **Loyalty member numbers** `HR ddd ddd ddd` are grouped like a phone number but have 9 digits with no trunk prefix.")
    a("- **Positives:** the GitHub PAT inside `https://x-access-token:ghp_…@github.com/…` is labelled only as `github_classic_pat` (not also as `url_credentials`); `PAC_USER=timbrado@hoshizora` has no TLD and is not labelled; person names in signatures, the 12-digit AWS account id in an ARN, room numbers and booking references next to values are not labelled.")
    a("")
    a("## Positive set")
    a("")
    cnt = {}
    for r in pos_rows:
        for s in r["secrets"]:
            cnt[s["kind"]] = cnt.get(s["kind"], 0) + 1
    a("| kind | secrets | notes |")
    a("|---|---:|---|")
    phones = [s["value"] for r in pos_rows for s in r["secrets"] if s["kind"] == "phone_number"]
    KIND_NOTES["phone_number"] = ("JP, TH and MX as written locally or internationally, plus NANP and one EU number, in chat (EN/JA/TH/ES), JSON, CSV, "
                                  "a Markdown table and signatures. All values: " + ", ".join("`%s`" % p for p in phones))
    for k in KIND_ORDER:
        a("| %s | %d | %s |" % (k, cnt.get(k, 0), KIND_NOTES[k]))
    a("| **total** | **%d** | %d texts: %d single-secret, %d with two secrets |" % (sum(cnt.values()), len(pos_rows), sum(1 for r in pos_rows if len(r["secrets"]) == 1),
                                                                                sum(1 for r in pos_rows if len(r["secrets"]) == 2)))
    a("")
    a("Kind names are those of redaction4. `gen.py` re-checks on every run: Luhn for cards, mod-97 for IBANs, the SSN rules, that each IPv4 address is public, "
      "that each JWT's header and payload decode to JSON, that each PEM body is valid base64, and the CRC32 checksum of each classic GitHub PAT.")
    a("")
    a("Phone numbers are written as people in each country write them: Japanese hyphenated national forms with trunk `0` and `+81` forms without it, "
      "Thai `0xx-xxx-xxxx` / `0xx xxx xxxx` and `+66` forms, Mexican 10-digit numbers (no trunk prefix since 2019) as `(ddd) ddd-dddd`, `dd-dddd-dddd`, "
      "`ddd ddd dd dd`, `+52 (ddd) …`, `+52 1 …` or E.164 `+52…`, NANP `(xxx) xxx-xxxx`, `xxx.xxx.xxxx` and `+1 …`. The value is the number exactly as written, including `+`, parentheses and separators.")
    a("")
    a("### Two-secret texts")
    a("")
    a("| id | context | kinds |")
    a("|---|---|---|")
    for r in sorted((r for r in pos_rows if len(r["secrets"]) > 1), key=lambda r: r["context"]):
        a("| %s | `%s` | %s |" % (r["id"], r["context"], " + ".join(s["kind"] for s in r["secrets"])))
    a("")
    a("The built-in scanner (which has no rule for bare passwords or AWS secret keys and is tuned for the negatives) finds nothing in %d of the 150 positive "
      "texts: %s. That is a gap in the scanner, not in the labels." % (len(pos_missed), ", ".join(sorted({c for c in (r["context"].split(":")[0] if not r["context"].startswith("private") else "private_key_pem (JSON-escaped)"
                                                                                                             for r in pos_rows if r["id"] in pos_missed)}))))
    with open(os.path.join(HERE, "README.md"), "w", encoding="utf-8") as fh:
        fh.write("\n".join(L) + "\n")


if __name__ == "__main__":
    main()
