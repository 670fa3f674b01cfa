#!/usr/bin/env python3
"""Blind redaction corpus #36: the Slack of an online marketplace's payments and
customer-support engineering (orders, refunds, PSP webhooks, chargebacks, shipment
tracking, gift cards and vouchers, support macros, fraud rules).

Standard library only.  One random.Random(3636) is used in a fixed order, so two
runs write byte-identical files:

    redaction36_negatives.jsonl   600 hard negatives, 100 in each of 6 categories
    redaction36_positives.jsonl   150 texts holding 170 labelled fake secrets

Run:  python3 gen.py
"""
import base64
import binascii
import datetime
import hashlib
import hmac
import json
import math
import os
import re
import struct
import zlib

import random

R = random.Random(3636)
HERE = os.path.dirname(os.path.abspath(__file__))
N = 36

# ---------------------------------------------------------------------------
# small random helpers (all draw from R, in call order)
# ---------------------------------------------------------------------------
DIG = "0123456789"
HEX = "0123456789abcdef"
UP = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
LO = "abcdefghijklmnopqrstuvwxyz"
ALNUM = DIG + UP + LO
B62 = DIG + UP + LO
B64 = UP + LO + DIG + "+/"
B64URL = UP + LO + DIG + "-_"
CROCK = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"


def ch(seq):
    return R.choice(seq)


def ri(a, b):
    return R.randint(a, b)


def rs(alphabet, n):
    return "".join(R.choice(alphabet) for _ in range(n))


def hexs(n):
    return rs(HEX, n)


def chance(p):
    return R.random() < p


def sample(seq, k):
    return R.sample(list(seq), k)


def rbytes(n):
    return bytes(R.getrandbits(8) for _ in range(n))


def uuid4():
    b = bytearray(rbytes(16))
    b[6] = (b[6] & 0x0F) | 0x40
    b[8] = (b[8] & 0x3F) | 0x80
    h = b.hex()
    return "%s-%s-%s-%s-%s" % (h[:8], h[8:12], h[12:16], h[16:20], h[20:])


def uuid7(epoch_ms=None):
    if epoch_ms is None:
        epoch_ms = ri(1704067200000, 1782777600000)
    b = bytearray(epoch_ms.to_bytes(6, "big") + rbytes(10))
    b[6] = (b[6] & 0x0F) | 0x70
    b[8] = (b[8] & 0x3F) | 0x80
    h = b.hex()
    return "%s-%s-%s-%s-%s" % (h[:8], h[8:12], h[12:16], h[16:20], h[20:])


def ulid():
    ms = ri(1704067200000, 1782777600000)
    t = ""
    for _ in range(10):
        t = CROCK[ms % 32] + t
        ms //= 32
    return t + rs(CROCK, 16)


def objectid():
    return "%08x" % ri(1704067200, 1782777600) + hexs(16)


UTC = datetime.timezone.utc
T0 = datetime.datetime(2024, 1, 1, tzinfo=UTC)


def rdt(start_days=0, span_days=910):
    return T0 + datetime.timedelta(seconds=ri(start_days * 86400, (start_days + span_days) * 86400))


def iso(dt=None, ms=True):
    dt = dt or rdt()
    if ms:
        return dt.strftime("%Y-%m-%dT%H:%M:%S.") + "%03dZ" % ri(0, 999)
    return dt.strftime("%Y-%m-%dT%H:%M:%SZ")


def epoch(dt=None):
    dt = dt or rdt()
    return int(dt.timestamp())


def b64(b):
    return base64.b64encode(b).decode()


def b64u(b):
    return base64.urlsafe_b64encode(b).decode().rstrip("=")


def wrap(s, n):
    return [s[i:i + n] for i in range(0, len(s), n)]


def trunc(s, n):
    style = ri(0, 4)
    if style == 0:
        return s[:n] + "…"
    if style == 1:
        return s[:n] + "..."
    if style == 2:
        return s[:n] + "…[%d more chars]" % (len(s) - n)
    if style == 3:
        return s[:n] + "<truncated>"
    return s[:n] + "… (%d chars)" % len(s)


def money(lo=3, hi=900, cur=None):
    cur = cur or ch(["EUR", "EUR", "EUR", "GBP", "USD", "PLN", "SEK", "CHF"])
    v = ri(lo * 100, hi * 100)
    return cur, v


# ---------------------------------------------------------------------------
# theme vocabulary
# ---------------------------------------------------------------------------
SERVICES = ["checkout-api", "refund-worker", "psp-gateway", "webhook-ingest", "dispute-service",
            "ledger", "payout-service", "support-console", "fraud-engine", "shipment-tracker",
            "giftcard-service", "notification-service", "order-service", "voucher-api",
            "returns-portal", "settlement-importer", "macro-suggester", "kyc-gateway"]
PSPS = ["Stripe", "Adyen", "PayPal", "Klarna", "Mollie", "Checkout.com", "Braintree", "Worldpay"]
CARRIERS = ["DHL", "UPS", "FedEx", "DPD", "GLS", "PostNL", "Colissimo", "Royal Mail", "USPS",
            "Yamato", "InPost", "Correos", "Poste Italiane", "Evri"]
CURRENCIES = ["EUR", "GBP", "USD", "PLN", "SEK", "CHF", "JPY", "DKK"]
MARKETS = ["DE", "FR", "ES", "IT", "NL", "PL", "GB", "SE", "AT", "BE", "JP", "US"]
STRIPE_EVENTS = ["charge.dispute.created", "charge.dispute.closed", "charge.dispute.funds_withdrawn",
                 "charge.refunded", "charge.refund.updated", "payment_intent.succeeded",
                 "payment_intent.payment_failed", "payment_intent.requires_action",
                 "checkout.session.completed", "payout.paid", "payout.failed",
                 "radar.early_fraud_warning.created", "review.opened", "account.updated"]
ADYEN_EVENTS = ["AUTHORISATION", "CAPTURE", "CAPTURE_FAILED", "CANCEL_OR_REFUND", "REFUND",
                "REFUND_FAILED", "REFUNDED_REVERSED", "CHARGEBACK", "CHARGEBACK_REVERSED",
                "SECOND_CHARGEBACK", "NOTIFICATION_OF_CHARGEBACK", "NOTIFICATION_OF_FRAUD",
                "REQUEST_FOR_INFORMATION", "PREARBITRATION_WON", "REPORT_AVAILABLE"]
DISPUTE_REASONS = ["fraudulent", "product_not_received", "duplicate", "subscription_canceled",
                   "product_unacceptable", "credit_not_processed", "general", "unrecognized"]
ADYEN_REASON_CODES = ["10.4", "13.1", "13.3", "13.6", "4837", "4853", "4855", "4863", "12.6.1", "F29", "C28"]


def stripe_id(prefix, n=24):
    if prefix in ("pi", "ch", "re", "pm", "txn", "py", "po", "seti", "evt", "du", "dp"):
        return "%s_%s%s" % (prefix, ch("123"), rs(B62, n - 1))
    return "%s_%s" % (prefix, rs(B62, n))


def no_luhn(fn):
    """Call fn until its value holds no Luhn-valid 13-19 digit run (keeps order ids etc. card-free)."""
    while True:
        v = fn()
        if not find_digit_windows(v):
            return v


def psp_ref():
    return no_luhn(_psp_ref)


def _psp_ref():
    if chance(0.5):
        return rs(UP + DIG, 16)
    return "88" + rs(DIG, 14)


def order_no():
    return no_luhn(_order_no)


def _order_no():
    style = ri(0, 4)
    if style == 0:
        return "%d" % ri(100000000, 999999999)
    if style == 1:
        return "MP-%d-%07d" % (ri(2024, 2026), ri(1, 9999999))
    if style == 2:
        return "#%d" % ri(1001, 98000)
    if style == 3:
        return "%s%d" % (ch(["DE", "FR", "ES", "IT", "NL", "PL"]), ri(10000000, 99999999))
    return "%03d-%07d-%07d" % (ri(100, 999), ri(0, 9999999), ri(0, 9999999))


def ticket_no():
    return "%d" % ri(180000, 9400000)


def sku():
    return "%s-%s-%s" % (rs(UP, 3), rs(DIG, 4), ch(["BLK", "WHT", "RED", "S", "M", "L", "XL", "42", "38", "NAV"]))


def pod(name):
    return "%s-%s-%s" % (name, rs("6789bcdfghjklmnpqrstvwxz", 10), rs("bcdfghjklmnpqrstvwxz2456789", 5))


# ---------------------------------------------------------------------------
# checksums
# ---------------------------------------------------------------------------
def luhn_ok(digits):
    s = 0
    for i, c in enumerate(reversed(digits)):
        d = int(c)
        if i % 2 == 1:
            d *= 2
            if d > 9:
                d -= 9
        s += d
    return s % 10 == 0


def luhn_complete(prefix_digits):
    for d in DIG:
        if luhn_ok(prefix_digits + d):
            return prefix_digits + d
    raise AssertionError


def iban_mod97(s):
    s = s.replace(" ", "").upper()
    t = s[4:] + s[:4]
    n = "".join(str(int(c, 36)) for c in t)
    return int(n) % 97


def iban_make(country, bban):
    t = bban + country + "00"
    n = "".join(str(int(c, 36)) for c in t)
    ck = 98 - int(n) % 97
    return "%s%02d%s" % (country, ck, bban)


IBAN_LEN = {"AD": 24, "AE": 23, "AT": 20, "BA": 20, "BE": 16, "BG": 22, "BH": 22, "BR": 29, "CH": 21,
            "CY": 28, "CZ": 24, "DE": 22, "DK": 18, "EE": 20, "ES": 24, "FI": 18, "FO": 18, "FR": 27,
            "GB": 22, "GI": 23, "GL": 18, "GR": 27, "HR": 21, "HU": 28, "IE": 22, "IL": 23, "IS": 26,
            "IT": 27, "KW": 30, "KZ": 20, "LB": 28, "LI": 21, "LT": 20, "LU": 20, "LV": 21, "MC": 27,
            "MD": 24, "ME": 22, "MK": 19, "MT": 31, "MU": 30, "NL": 18, "NO": 15, "PK": 24, "PL": 28,
            "PS": 29, "PT": 25, "QA": 29, "RO": 24, "RS": 22, "SA": 24, "SE": 24, "SI": 19, "SK": 24,
            "SM": 27, "TN": 24, "TR": 26, "UA": 29, "VG": 24, "XK": 20}

# examples published in the SWIFT IBAN registry (allowed in negatives as documentation examples)
IBAN_REGISTRY_EXAMPLES = ["DE89370400440532013000", "GB29NWBK60161331926819", "FR1420041010050500013M02606",
                          "NL91ABNA0417164300", "BE68539007547034", "AT611904300234573201",
                          "CH9300762011623852957", "ES9121000418450200051332", "IT60X0542811101000000123456",
                          "PL61109010140000071219812874"]
IBAN_REGISTRY_EXAMPLES = [x for x in IBAN_REGISTRY_EXAMPLES if iban_mod97(x) == 1]

PUBLIC_TEST_CARDS = {"4242424242424242", "4000056655665556", "5555555555554444", "2223003122003222",
                     "5200828282828210", "5105105105105100", "378282246310005", "371449635398431",
                     "6011111111111117", "6011000990139424", "3056930009020004", "36227206271667",
                     "3566002020360505", "6200000000000005", "4111111111111111", "4012888888881881",
                     "4000000000000002", "4000000000009995", "4000002500003155", "5454545454545454",
                     "4917610000000000", "4988438843884305", "4166676667666746", "5577000055770004",
                     "2222400070000005", "370000000000002", "4400000000000008"}


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
    if a == 192 and b == 88 and c == 99:
        return False
    if a == 198 and b in (18, 19):
        return False
    if a == 198 and b == 51 and c == 100:
        return False
    if a == 203 and b == 0 and c == 113:
        return False
    return True


def ip_allowed_in_negative(a, b, c, d):
    """private, loopback or RFC 5737 documentation (plus the unspecified 0.0.0.0)."""
    if (a, b, c, d) == (0, 0, 0, 0):
        return True
    if a in (10, 127):
        return True
    if a == 172 and 16 <= b <= 31:
        return True
    if a == 192 and b == 168:
        return True
    if (a, b, c) in ((192, 0, 2), (198, 51, 100), (203, 0, 113)):
        return True
    return False


def priv_ip():
    k = ri(0, 5)
    if k == 0:
        return "10.%d.%d.%d" % (ri(0, 255), ri(0, 255), ri(2, 254))
    if k == 1:
        return "172.%d.%d.%d" % (ri(16, 31), ri(0, 255), ri(2, 254))
    if k == 2:
        return "192.168.%d.%d" % (ri(0, 255), ri(2, 254))
    if k == 3:
        return "192.0.2.%d" % ri(1, 254)
    if k == 4:
        return "198.51.100.%d" % ri(1, 254)
    return "203.0.113.%d" % ri(1, 254)


def doc_ip():
    return ch(["192.0.2.%d", "198.51.100.%d", "203.0.113.%d"]) % ri(1, 254)


def ssn_ok(s):
    m = re.fullmatch(r"(\d{3})[- ]?(\d{2})[- ]?(\d{4})", s)
    if not m:
        return False
    a, g, n = m.groups()
    if a in ("000", "666") or a[0] == "9":
        return False
    return g != "00" and n != "0000"


# ---------------------------------------------------------------------------
# real, well-formed binary payloads for data URIs
# ---------------------------------------------------------------------------
def png_chunk(tag, data):
    return struct.pack(">I", len(data)) + tag + data + struct.pack(">I", binascii.crc32(tag + data) & 0xFFFFFFFF)


def png(w, h, rows, color_type, bit_depth=8, palette=None, text=None):
    out = b"\x89PNG\r\n\x1a\n"
    out += png_chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, bit_depth, color_type, 0, 0, 0))
    if palette is not None:
        out += png_chunk(b"PLTE", b"".join(bytes(c) for c in palette))
    if text:
        out += png_chunk(b"tEXt", text)
    raw = b"".join(b"\x00" + r for r in rows)
    out += png_chunk(b"IDAT", zlib.compress(raw, 9))
    out += png_chunk(b"IEND", b"")
    return out


def png_pixel():
    rgba = bytes([ri(0, 255), ri(0, 255), ri(0, 255), ch([0, 255, 128, 64])])
    return png(1, 1, [rgba], 6)


def png_qr(n=None):
    n = n or ch([21, 25, 29])
    grid = [[R.random() < 0.5 for _ in range(n)] for _ in range(n)]

    def finder(r0, c0):
        for r in range(7):
            for c in range(7):
                edge = r in (0, 6) or c in (0, 6)
                core = 2 <= r <= 4 and 2 <= c <= 4
                grid[r0 + r][c0 + c] = edge or core
    finder(0, 0)
    finder(0, n - 7)
    finder(n - 7, 0)
    q = 2
    size = n + 2 * q
    rows = []
    for r in range(size):
        bits = []
        for c in range(size):
            rr, cc = r - q, c - q
            dark = 0 <= rr < n and 0 <= cc < n and grid[rr][cc]
            bits.append(0 if dark else 1)
        while len(bits) % 8:
            bits.append(1)
        row = bytes(int("".join(map(str, bits[i:i + 8])), 2) for i in range(0, len(bits), 8))
        rows.append(row)
    return png(size, size, rows, 0, bit_depth=1)


def png_icon(size=16):
    col = (ri(0, 255), ri(0, 255), ri(0, 255))
    rows = []
    c0 = (size - 1) / 2.0
    rad = size / 2.0 - 1
    for y in range(size):
        row = bytearray()
        for x in range(size):
            d = math.hypot(x - c0, y - c0)
            a = 255 if d <= rad - 0.5 else (int(255 * (rad + 0.5 - d)) if d <= rad + 0.5 else 0)
            row += bytes(col) + bytes([max(0, min(255, a))])
        rows.append(bytes(row))
    return png(size, size, rows, 6)


def png_bars(w=48, h=24):
    bars = [ri(2, h - 2) for _ in range(w // 6)]
    fg = (ri(0, 120), ri(60, 200), ri(120, 255))
    rows = []
    for y in range(h):
        row = bytearray()
        for x in range(w):
            b = x // 6
            on = b < len(bars) and x % 6 < 4 and (h - y) <= bars[b]
            row += bytes(fg) if on else b"\xff\xff\xff"
        rows.append(bytes(row))
    return png(w, h, rows, 2)


def png_signature(w=64, h=20):
    px = [[255] * w for _ in range(h)]
    y = h // 2
    for x in range(3, w - 3):
        y = max(2, min(h - 3, y + ri(-2, 2)))
        px[y][x] = 0
        px[y + 1][x] = 40
    rows = [bytes(r) for r in px]
    return png(w, h, rows, 0, text=b"Software\x00pod-capture 3.2")


def png_blur(w=8, h=6):
    a = (ri(0, 255), ri(0, 255), ri(0, 255))
    b = (ri(0, 255), ri(0, 255), ri(0, 255))
    rows = []
    for y in range(h):
        row = bytearray()
        for x in range(w):
            t = (x + y) / float(w + h - 2)
            row += bytes(int(a[i] * (1 - t) + b[i] * t) for i in range(3))
        rows.append(bytes(row))
    return png(w, h, rows, 2)


def png_palette(w=12, h=12):
    pal = [(ri(0, 255), ri(0, 255), ri(0, 255)) for _ in range(4)]
    rows = []
    for y in range(h):
        rows.append(bytes(((x // 3) + (y // 3)) % 4 for x in range(w)))
    return png(w, h, rows, 3, palette=pal)


def any_png():
    k = ri(0, 6)
    return [png_pixel, png_qr, png_icon, png_bars, png_signature, png_blur, png_palette][k]()


def jpeg(w=None, h=None, comment=None):
    w = w or ch([8, 16, 24, 32, 40])
    h = h or ch([8, 16, 24])
    out = b"\xff\xd8"
    dens = ch([(1, 1, 0), (72, 72, 1), (96, 96, 1), (300, 300, 1)])
    out += b"\xff\xe0" + struct.pack(">H5sBBBHHBB", 16, b"JFIF\x00", 1, ch([1, 2]), dens[2], dens[0], dens[1], 0, 0)
    if comment:
        out += b"\xff\xfe" + struct.pack(">H", len(comment) + 2) + comment
    q = ri(2, 40)
    table = bytes(min(255, max(1, q + (i // 4))) for i in range(64))
    out += b"\xff\xdb" + struct.pack(">HB", 67, 0) + table
    out += b"\xff\xc0" + struct.pack(">HBHHBBBB", 11, 8, h, w, 1, 1, 0x11, 0)
    counts = bytes([1] + [0] * 15)
    out += b"\xff\xc4" + struct.pack(">HB", 20, 0x00) + counts + b"\x00"
    out += b"\xff\xc4" + struct.pack(">HB", 20, 0x10) + counts + b"\x00"
    out += b"\xff\xda" + struct.pack(">HBBBBBB", 8, 1, 1, 0x00, 0, 63, 0)
    nblocks = ((w + 7) // 8) * ((h + 7) // 8)
    bits = "00" * nblocks
    while len(bits) % 8:
        bits += "1"
    out += bytes(int(bits[i:i + 8], 2) for i in range(0, len(bits), 8))
    out += b"\xff\xd9"
    return out


def gif_pixel():
    c0 = bytes([ri(0, 255), ri(0, 255), ri(0, 255)])
    c1 = ch([b"\x00\x00\x00", b"\xff\xff\xff"])
    out = b"GIF89a" + struct.pack("<HHBBB", 1, 1, 0x80, 0, 0) + c0 + c1
    if chance(0.7):
        out += b"\x21\xf9\x04\x01\x00\x00\x00\x00"
    out += b"\x2c" + struct.pack("<HHHHB", 0, 0, 1, 1, 0) + b"\x02\x02\x44\x01\x00\x3b"
    return out


WEBP_1x1 = "UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA=="


def ico():
    p = png_icon(ch([16, 32]))
    sz = 16 if p[16:20] == b"\x00\x00\x00\x10" else 32
    hdr = struct.pack("<HHH", 0, 1, 1)
    ent = struct.pack("<BBBBHHII", sz % 256, sz % 256, 0, 0, 1, 32, len(p), 22)
    return hdr + ent + p


def pdf(lines):
    content = "BT /F1 11 Tf 56 780 Td 14 TL\n" + "\n".join("(%s) '" % l.replace("(", "[").replace(")", "]") for l in lines) + "\nET"
    objs = [
        "<< /Type /Catalog /Pages 2 0 R >>",
        "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>",
        "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
        "<< /Length %d >>\nstream\n%s\nendstream" % (len(content), content),
    ]
    out = "%PDF-1.4\n"
    offs = []
    for i, o in enumerate(objs):
        offs.append(len(out))
        out += "%d 0 obj\n%s\nendobj\n" % (i + 1, o)
    xref = len(out)
    out += "xref\n0 %d\n0000000000 65535 f \n" % (len(objs) + 1)
    for o in offs:
        out += "%010d 00000 n \n" % o
    out += "trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (len(objs) + 1, xref)
    return out.encode("latin-1")


def wav(ms=None):
    ms = ms or ch([20, 30, 40])
    rate = 8000
    n = rate * ms // 1000
    f = ch([440, 660, 880, 1000])
    data = bytes(int(128 + 60 * math.sin(2 * math.pi * f * i / rate)) for i in range(n))
    fmt = struct.pack("<HHIIHH", 1, 1, rate, rate, 1, 8)
    body = b"WAVE" + b"fmt " + struct.pack("<I", 16) + fmt + b"data" + struct.pack("<I", n) + data
    return b"RIFF" + struct.pack("<I", len(body)) + body


def woff2_head(n_tables=None):
    n_tables = n_tables or ri(9, 14)
    comp = ri(9000, 40000)
    hdr = b"wOF2" + struct.pack(">IIHHIIHHIIIII", 0x00010000, comp + 48 + n_tables * 6, n_tables, 0,
                                comp * 2 + ri(0, 999), comp, 1, 0, 0, 0, 0, 0, 0)
    d = b""
    for t in sample([0, 1, 2, 3, 4, 5, 6, 7, 10, 11, 12, 13], min(n_tables, 12)):
        d += bytes([t]) + bytes([ri(1, 120), ri(0, 255)])
    return hdr + d + rbytes(ri(60, 120))


def woff_head():
    n_tables = ri(10, 14)
    hdr = b"wOFF" + struct.pack(">IIHHIHHIIIII", 0x00010000, ri(20000, 60000), n_tables, 0,
                                ri(40000, 90000), 1, 0, 0, 0, 0, 0, 0)
    return hdr + rbytes(ri(60, 120))


def ttf_head():
    n = ri(10, 16)
    es = int(math.log2(n))
    sr = (2 ** es) * 16
    hdr = struct.pack(">IHHHH", 0x00010000, n, sr, es, n * 16 - sr)
    tags = [b"GDEF", b"GPOS", b"GSUB", b"OS/2", b"cmap", b"cvt ", b"fpgm", b"gasp", b"glyf", b"head",
            b"hhea", b"hmtx", b"loca", b"maxp", b"name", b"post", b"prep"][:n]
    off = 12 + 16 * n
    for t in tags:
        ln = ri(32, 9000)
        hdr += t + struct.pack(">III", R.getrandbits(32), off, ln)
        off += (ln + 3) & ~3
    return hdr


def sourcemap(src):
    segs = []
    for _ in range(ri(6, 14)):
        seg = ",".join(rs("ACEGIKMOQSUWYgkoqsuwy", ri(4, 6)) for _ in range(ri(1, 4)))
        segs.append(seg)
    names = sample(["amount", "currency", "onSubmit", "paymentMethod", "setError", "useEffect",
                    "refundId", "formatPrice", "trackingUrl", "voucher", "fetch", "then"], ri(3, 7))
    sm = {"version": 3, "file": src.rsplit("/", 1)[-1].replace(".tsx", ".js").replace(".ts", ".js"),
          "sources": ["webpack://checkout/" + src], "names": names, "mappings": ";".join(segs)}
    return json.dumps(sm, separators=(",", ":")).encode()


SVG_ICONS = [
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 16"><rect width="24" height="16" rx="2" fill="#{c1}"/><circle cx="9" cy="8" r="5" fill="#{c2}"/><circle cx="15" cy="8" r="5" fill="#{c3}" fill-opacity=".8"/></svg>',
    '<svg xmlns="http://www.w3.org/2000/svg" width="16" height="16" viewBox="0 0 16 16"><path d="M2 8l4 4 8-8" stroke="#{c1}" stroke-width="2" fill="none"/></svg>',
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 20 20"><path fill="#{c1}" d="M3 6h14v9H3z"/><path fill="#{c2}" d="M3 8h14v2H3z"/></svg>',
    '<svg xmlns="http://www.w3.org/2000/svg" width="12" height="12"><circle cx="6" cy="6" r="5" fill="none" stroke="#{c1}"/><path d="M6 3v3l2 2" stroke="#{c2}"/></svg>',
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><path d="M3 7l9-4 9 4-9 4z" fill="#{c1}"/><path d="M3 7v10l9 4V11z" fill="#{c2}"/><path d="M21 7v10l-9 4V11z" fill="#{c3}"/></svg>',
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><rect x="1" y="3" width="14" height="10" rx="1" fill="#{c1}"/><path d="M4 7h8M4 10h5" stroke="#{c2}"/></svg>',
]


def svg():
    return ch(SVG_ICONS).format(c1=hexs(6), c2=hexs(6), c3=hexs(6))


# ---------------------------------------------------------------------------
# language bits shared by negatives
# ---------------------------------------------------------------------------
LEADINS = ["fyi", "FYI:", "Zur Info:", "pour info :", "para que conste:", "para referência:", "ter info:",
           "per info:", "dla info:", "メモ:", "参考まで:", "heads up:", "quick one:", "re the incident:",
           "context:", "från igår:", "ayer:", "hier:", "gestern:", "wczoraj:", "昨日の件:", "ok so",
           "found it:", "(thread)", "cross-post from #support-escalations:", "from the runbook:"]
TRAILERS = ["thoughts?", "any idea?", "weiß jemand mehr?", "qui s'en occupe ?", "alguien lo ha visto antes?",
            "alguém sabe?", "iemand?", "qualcuno?", "ktoś wie?", "確認お願いします", "🙏", "👀", "+1",
            "will dig tomorrow", "ticket incoming", "mergeando ahora", "ok dzięki", "danke!", "merci"]


# ---------------------------------------------------------------------------
# sanity scanner: used to redraw negatives and to check positives
# ---------------------------------------------------------------------------
PLACEHOLDER_WORDS = ("example", "your", "xxx", "XXX", "***", "•", "…", "...", "<", ">", "${", "{{", "$(",
                     "changeme", "redacted", "REDACTED", "placeholder", "dummy", "here", "HERE", "vault:",
                     "op://", "secret_", "_KEY", "env.", "process.env", "os.environ")


def looks_random(v, min_len=8):
    if len(v) < min_len:
        return False
    if any(w in v for w in PLACEHOLDER_WORDS):
        return False
    if re.fullmatch(r"[xX0*.•_-]+", v) or re.search(r"%[A-Za-z_]+%|%\(|%[sd]\b", v):
        return False
    if len(set(v)) < 6:
        return False
    classes = sum(1 for cls in (LO, UP, DIG) if any(c in cls for c in v))
    return classes >= 2


SAFE_URL_PASSWORDS = {"password", "pass", "pw", "changeme", "guest", "root", "admin", "secret", "postgres",
                      "example", "test", "dev", "local", "mysql", "redis", "rabbitmq", "magento", "letmein"}

EMAIL_RE = re.compile(r"[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}")
TOKEN_RES = [
    ("github_token", re.compile(r"(?<![A-Za-z0-9])gh[pousr]_[A-Za-z0-9]{36}"), None),
    ("github_pat", re.compile(r"github_pat_[A-Za-z0-9_]{40,}"), None),
    ("gitlab_pat", re.compile(r"glpat-[A-Za-z0-9_-]{20}"), 6),
    ("slack_token", re.compile(r"xox[abposre]-\d{6,}-[A-Za-z0-9-]+"), None),
    ("slack_webhook", re.compile(r"hooks\.slack\.com/services/T[A-Z0-9]{6,}/B[A-Z0-9]{6,}/([A-Za-z0-9]{20,})"), 1),
    ("sk_key", re.compile(r"(?<![A-Za-z0-9_])sk-[A-Za-z0-9_-]{20,}"), 0),
    ("stripe_secret", re.compile(r"(?:sk|rk)_(?:live|test)_([A-Za-z0-9]{10,})"), 1),
    ("stripe_pk", re.compile(r"pk_(?:live|test)_([A-Za-z0-9]{20,})"), 1),
    ("stripe_whsec", re.compile(r"whsec_([A-Za-z0-9+/=]{10,})"), 1),
    ("shopify_token", re.compile(r"shp(?:at|ss|ca|pa)_([a-fA-F0-9]{20,})"), 1),
    ("adyen_key", re.compile(r"AQE[A-Za-z0-9+/]{20,}={0,2}-[A-Za-z0-9+/]{20,}"), 0),
    ("google_key", re.compile(r"AIza[0-9A-Za-z_-]{35}"), 0),
    ("sendgrid", re.compile(r"SG\.[A-Za-z0-9_-]{16,}\.[A-Za-z0-9_-]{20,}"), 0),
    ("twilio_sk", re.compile(r"(?<![A-Za-z0-9])SK[0-9a-f]{32}(?![A-Za-z0-9])"), None),
    ("npm_token", re.compile(r"npm_[A-Za-z0-9]{36}"), 0),
    ("braintree", re.compile(r"access_token\$production\$[a-z0-9]{16}\$[a-f0-9]{32}"), None),
    ("mailchimp", re.compile(r"[0-9a-f]{32}-us\d{1,2}"), None),
    ("square", re.compile(r"sq0(?:atp|csp)-[A-Za-z0-9_-]{22,}"), 0),
    ("jwt", re.compile(r"eyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}"), None),
]
PEM_RE = re.compile(r"-----BEGIN ([A-Z0-9 ]*)PRIVATE KEY( BLOCK)?-----(.*?)-----END", re.S)
SSN_RES = [re.compile(r"(?<![\d-])\d{3}-\d{2}-\d{4}(?![\d-])"), re.compile(r"(?<!\d)(?<!\d )\d{3} \d{2} \d{4}(?!\d)(?! \d)")]
DIGIT_RUN_RE = re.compile(r"\d+(?:[ -]\d+)*")
IBAN_CAND_RE = re.compile(r"(?<![A-Za-z0-9])([A-Z]{2}\d{2}(?:[ ]?[A-Z0-9]){10,34})")
AWS_ID_RE = re.compile(r"(?<![A-Z0-9])(?:AKIA|ASIA|ABIA|ACCA|AGPA|AIDA|AIPA|ANPA|ANVA|APKA|AROA)[A-Z0-9]{16}(?![A-Z0-9])")
AWS_SECRET_RE = re.compile(r"(?i)aws_?secret_?access_?key[\"'\s:=]+([A-Za-z0-9/+]{40})")
IPV4_RE = re.compile(r"(?<![\d.])(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})(?![\d])")
PHONE_RES = [
    re.compile(r"(?<![\w+])\+\d{1,3}[ .-]?\(?\d{1,4}\)?(?:[ .-]?\d{2,4}){2,4}(?![\w])"),
    re.compile(r"(?<!\d)\(\d{3}\) ?\d{3}-\d{4}(?!\d)"),
    re.compile(r"(?<![\d-])\d{3}-\d{3}-\d{4}(?![\d-])"),
    re.compile(r"(?<![\d.])\d{3}\.\d{3}\.\d{4}(?![\d.])"),
    re.compile(r"(?<![\d-])0\d{1,3}-\d{2,4}-\d{4}(?![\d-])"),
    re.compile(r"(?<![\d.])0[67](?:[ .]\d{2}){4}(?![\d])"),
    re.compile(r"(?<!\d)0[1-9]\d{1,3}[ /]\d{6,8}(?!\d)"),
]
URL_CRED_RE = re.compile(r"[a-z][a-z0-9+.-]*://([^\s:/@'\"]*):([^\s@/'\"]+)@")
KV_SECRET_RE = re.compile(r"(?i)(?<![A-Za-z0-9_/])((?:[a-z0-9]+_)*(?:password|passwd|passphrase|secret|requirepass|masterauth)|pwd|pass|api[_-]?key|apikey|token|"
                          r"hmac[_-]?key|access[_-]?token|auth[_-]?token|refresh[_-]?token|client[_-]?secret|secret[_-]?key|"
                          r"private[_-]?key|signing[_-]?secret|webhook[_-]?secret)"
                          r"[\"']?(?:\s*(?:=>|[=:])\s*|[ \t]+)[\"']?([^\s\"',;)}\]]{8,})")
BEARER_RE = re.compile(r"(?i)\b(?:bearer|basic)\s+([A-Za-z0-9._~+/=-]{16,})")


def find_digit_windows(text):
    out = []
    for m in DIGIT_RUN_RE.finditer(text):
        groups = re.split(r"[ -]", m.group(0))
        for i in range(len(groups)):
            acc = ""
            for j in range(i, len(groups)):
                acc += groups[j]
                if len(acc) > 19:
                    break
                if len(acc) >= 13 and luhn_ok(acc) and set(acc) != {"0"}:
                    out.append(acc)
    return out


def scan(text):
    """Return a list of (kind, match) that look like a real secret or personal data."""
    hits = []
    for m in EMAIL_RE.finditer(text):
        hits.append(("email", m.group(0)))
    for name, rx, grp in TOKEN_RES:
        for m in rx.finditer(text):
            if grp is None or looks_random(m.group(grp)):
                hits.append((name, m.group(0)))
    for m in PEM_RE.finditer(text):
        body = re.sub(r"\\n|\s", "", m.group(3))
        body = re.sub(r"^(Proc-Type|DEK-Info):.*", "", body)
        if re.search(r"[A-Za-z0-9+/]{40,}", body):
            hits.append(("pem_private_key", m.group(0)[:40]))
    for rx in SSN_RES:
        for m in rx.finditer(text):
            hits.append(("ssn_shape", m.group(0)))
    for d in find_digit_windows(text):
        hits.append(("luhn", d))
    for m in IBAN_CAND_RE.finditer(text):
        compact = m.group(1).replace(" ", "")
        cc = compact[:2]
        if cc in IBAN_LEN and len(compact) >= IBAN_LEN[cc]:
            cand = compact[:IBAN_LEN[cc]]
            if iban_mod97(cand) == 1 and cand not in IBAN_REGISTRY_EXAMPLES:
                hits.append(("iban", cand))
    for m in AWS_ID_RE.finditer(text):
        if "EXAMPLE" not in m.group(0):
            hits.append(("aws_key_id", m.group(0)))
    for m in AWS_SECRET_RE.finditer(text):
        if "EXAMPLE" not in m.group(1):
            hits.append(("aws_secret", m.group(1)))
    for m in IPV4_RE.finditer(text):
        octs = [int(x) for x in m.groups()]
        if all(o <= 255 for o in octs) and not ip_allowed_in_negative(*octs):
            hits.append(("public_ipv4", m.group(0)))
    for rx in PHONE_RES:
        for m in rx.finditer(text):
            if set(re.sub(r"\D", "", m.group(0))) != {"0"}:
                hits.append(("phone", m.group(0)))
    for m in URL_CRED_RE.finditer(text):
        pw = m.group(2)
        if pw.lower() not in SAFE_URL_PASSWORDS and not any(w in pw for w in PLACEHOLDER_WORDS):
            hits.append(("url_credentials", pw))
    for m in KV_SECRET_RE.finditer(text):
        v = m.group(2)
        if looks_random(v) and any(c in DIG for c in v) and not v.startswith("ENC[") and not re.fullmatch(r"[A-Za-z_.]+\d?", v) \
                and not re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*\(.*", v):
            hits.append(("kv_secret", m.group(1) + "=" + v))
    for m in BEARER_RE.finditer(text):
        if looks_random(m.group(1), 16):
            hits.append(("bearer", m.group(1)[:30]))
    return hits


# ===========================================================================
# NEGATIVES 1/6: data_uri_base64
# ===========================================================================
POD_PDF_LINES = [
    ["Proof of delivery", "Parcel 2 of 2 - handed to neighbour", "Depot: AMS-03"],
    ["Credit note", "Reason: partial refund, damaged item", "Amount: see ledger entry"],
    ["Return label", "Zone C / Bay 14", "Scan at drop-off point"],
    ["Dispute evidence", "Shipping confirmation and carrier scan history", "Page 1/1"],
    ["Packing slip", "3 items, 1 parcel", "Warehouse: WAW-2"],
    ["Invoice copy", "VAT reverse charge applies", "Marketplace seller statement"],
    ["Gift card", "Redeem at checkout", "Valid 36 months from purchase"],
    ["Lieferschein", "Retoure innerhalb von 30 Tagen", "Lager: HAM-1"],
    ["Bon de livraison", "Colis remis en point relais", "Entrepot: LYS-2"],
]
ZPL_LABELS = [
    "^XA\n^CF0,40\n^FO40,40^FD{hub}^FS\n^FO40,90^GB700,3,3^FS\n^CF0,28\n^FO40,110^FDZONE {zone} / ROUTE {route}^FS\n^BY3,2,110\n^FO60,170^BCN,,Y,N^FD{code}^FS\n^XZ",
    "^XA^PW812^LL1218\n^FO30,30^A0N,50,50^FDRETURN {zone}^FS\n^FO30,100^BQN,2,6^FDQA,{code}^FS\n^FO30,400^A0N,30,30^FDBAY {route}^FS^XZ",
]


def du_payload(kind=None):
    kind = kind or ch(["png", "png", "jpeg", "gif", "svg", "pdf", "webp", "ico"])
    if kind == "png":
        return "image/png", b64(any_png())
    if kind == "jpeg":
        return "image/jpeg", b64(jpeg(comment=ch([None, b"thumb", b"sku-preview v3"])))
    if kind == "gif":
        return "image/gif", b64(gif_pixel())
    if kind == "svg":
        return "image/svg+xml", b64(svg().encode())
    if kind == "pdf":
        return "application/pdf", b64(pdf(ch(POD_PDF_LINES)))
    if kind == "webp":
        return "image/webp", WEBP_1x1
    if kind == "ico":
        return "image/x-icon", b64(ico())
    raise ValueError(kind)


def zpl():
    t = ch(ZPL_LABELS)
    return t.format(hub=ch(["HUB AMS-03", "HUB WAW-2", "HUB MAD-1", "HUB LYS-2", "HUB MXP-4"]),
                    zone=ch(["A", "B", "C", "D"]) + str(ri(1, 9)), route=ri(10, 99),
                    code="JJD%012d" % ri(10 ** 10, 10 ** 11)).encode()


def du_css_icons():
    brands = sample(["visa", "mastercard", "amex", "maestro", "ideal", "bancontact", "klarna", "paypal", "blik", "sofort"], ri(2, 4))
    lines = ["```scss", "// checkout/payment-method-icons.scss"]
    for b in brands:
        lines.append(".pm-icon--%s {" % b)
        lines.append('  background-image: url("data:image/svg+xml;base64,%s");' % b64(svg().encode()))
        lines.append("}")
    lines.append("```")
    intro = ch(["icons on the payment step are inlined now, saves 4 requests on mobile:",
                "Die Zahlungsarten-Icons sind jetzt inline, bitte Cache leeren:",
                "les logos des moyens de paiement sont en data URI maintenant :",
                "iconos de métodos de pago inline, revisad en Safari por favor:"])
    return intro + "\n" + "\n".join(lines)


def du_email_logo():
    mime, data = "image/png", b64(png_icon(ch([16, 24, 32])))
    html = '<td class="footer"><img src="data:%s;base64,%s" width="24" height="24" alt=""></td>' % (mime, data)
    q = ch(["Gmail strips the inline logo in the refund confirmation template, should we move to CID attachments?",
            "Outlook zeigt das Logo in der Erstattungsmail nicht an. Das ist das Snippet aus dem Template:",
            "El logo del correo de reembolso no sale en Outlook. Este es el fragmento:",
            "返金完了メールのロゴが Outlook で表示されません。テンプレートの該当部分:",
            "W mailu o zwrocie logo się nie wyświetla w Outlooku, fragment szablonu:"])
    return q + "\n```html\n" + html + "\n```"


def du_tracking_pixel():
    g = b64(gif_pixel())
    v = ch(["order_confirmation", "refund_issued", "shipment_dispatched", "voucher_delivered", "csat_survey"])
    return ("`%s.html` still has the old open-tracking pixel:\n```html\n<img src=\"data:image/gif;base64,%s\" width=\"1\" height=\"1\" "
            "alt=\"\" style=\"display:none\" data-template=\"%s\">\n```\nit's a no-op since it is inline, we can drop it" % (v, g, v))


def du_label_api():
    data = b64(pdf(ch(POD_PDF_LINES)))
    shown = trunc(data, ri(120, 260)) if chance(0.7) else data
    body = {"shipmentTrackingNumber": "%010d" % ri(10 ** 9, 10 ** 10 - 1),
            "packages": [{"referenceNumber": 1, "trackingNumber": "JD%018d" % ri(10 ** 16, 10 ** 17)}],
            "documents": [{"imageFormat": "PDF", "content": "__C__", "typeCode": "label"}]}
    js = json.dumps(body, indent=2).replace("__C__", shown)
    head = ch(["DHL Express label response for the failed B2C return, label prints blank:",
               "Label-API Antwort (gekürzt), der Drucker im Lager WAW-2 nimmt das PDF nicht:",
               "réponse de l'API étiquettes, le PDF semble correct quand on le décode :"])
    return head + "\n```json\n" + js + "\n```"


def du_zpl_api():
    data = b64(zpl())
    js = json.dumps({"labelFormat": "ZPL", "labelResolution": 203, "labelData": data,
                     "parcelId": "%s-%06d" % (ch(["RET", "OUT", "XCH"]), ri(1, 999999))}, indent=2)
    return ch(["thermal printers at the returns desk want ZPL, not PDF. carrier sends this:",
               "ZPL vom Carrier, base64 – Zebra druckt nur Müll:",
               "etiqueta ZPL en base64 desde el carrier:"]) + "\n```json\n" + js + "\n```"


def du_adyen_defense():
    data = b64(pdf(ch(POD_PDF_LINES)))
    doc = {"defenseDocuments": [{"content": trunc(data, ri(100, 200)), "contentType": "application/pdf",
                                 "defenseDocumentTypeCode": ch(["DefenseMaterial", "ShippingConfirmation", "ProofOfDelivery", "GoodsOrServicesProvided"])}],
           "defenseReasonCode": ch(["GoodsOrServicesProvided", "AdditionalInformation", "SupplyDefenseMaterial"]),
           "disputePspReference": psp_ref(), "merchantAccountCode": ch(["BazaroEU", "BazaroUK", "BazaroMarketplaceECOM"])}
    return ("supplyDefenseDocument request we send for %s chargebacks (content truncated):\n```json\n%s\n```\nAdyen returns `success: true` but the doc doesn't show up in CA"
            % (ch(ADYEN_REASON_CODES), json.dumps(doc, indent=2)))


def du_qr_voucher():
    data = b64(png_qr())
    lang = ri(0, 2)
    if lang == 0:
        h = "gift card email renders the QR as an inline PNG (Jinja):"
    elif lang == 1:
        h = "El QR del vale regalo va inline en el email. ¿Por qué Gmail lo recorta?"
    else:
        h = "Der QR-Code vom Gutschein kommt inline ins Mail-Template:"
    return h + "\n```jinja\n<img alt=\"QR\" width=\"120\" src=\"data:image/png;base64,%s\">\n<p>{{ _('Redeem at checkout') }}</p>\n```" % data


def du_pod_signature():
    data = b64(png_signature())
    evt = {"event": "DELIVERED", "occurredAt": iso(), "location": {"depot": ch(["AMS-03", "LYS-2", "MAD-1", "HAM-1"])},
           "proofOfDelivery": {"type": "SIGNATURE", "mimeType": "image/png", "data": data}}
    return ch(["carrier webhook with the POD signature, useful for the 'not received' disputes:",
               "webhook du transporteur avec la signature (preuve de livraison) :",
               "POD-Webhook vom Carrier, Unterschrift als PNG:"]) + "\n```json\n" + json.dumps(evt, indent=2) + "\n```"


def du_jupyter():
    data = b64(png_bars())
    cell = {"output_type": "display_data", "data": {"image/png": data, "text/plain": ["<Figure size 640x320 with 1 Axes>"]},
            "metadata": {"needs_background": "light"}}
    return ("why is `chargeback_rate_by_bin.ipynb` 4 MB in the PR? every cell output is embedded like this:\n```json\n%s\n```\nplease run `nbstripout` before pushing"
            % json.dumps(cell, indent=1))


def du_blur():
    data = b64(png_blur(ch([8, 10, 12]), ch([6, 8])))
    return ("```tsx\n<Image\n  src={product.imageUrl}\n  alt={product.title}\n  width={320}\n  height={240}\n  placeholder=\"blur\"\n"
            "  blurDataURL=\"data:image/png;base64,%s\"\n/>\n```\n%s" % (data, ch(["PDP thumbnails on the returns portal", "Miniaturen im Retourenportal",
                                                                           "miniatures du portail retours", "miniature del portale resi"])))


def du_sourcemap():
    src = ch(["src/checkout/PaymentForm.tsx", "src/refunds/RefundDialog.tsx", "src/vouchers/ApplyCode.ts",
              "src/tracking/TrackingTimeline.tsx", "src/support/MacroPicker.tsx"])
    data = b64(sourcemap(src))
    return ("the prod bundle still ends with an inline source map, that's why `checkout.%s.js` is 900 kB:\n```\n%s\n//# sourceMappingURL=data:application/json;charset=utf-8;base64,%s\n```"
            % (hexs(8), "})();", data))


def du_font():
    k = ri(0, 2)
    if k == 0:
        data, fmt, mime = b64(woff2_head()), "woff2", "font/woff2"
    elif k == 1:
        data, fmt, mime = b64(woff_head()), "woff", "font/woff"
    else:
        data, fmt, mime = b64(ttf_head()), "truetype", "font/ttf"
    fam = ch(["Noto Sans JP", "Inter", "Receipt Mono", "IBM Plex Sans", "Source Sans 3"])
    return ("```css\n@font-face {\n  font-family: \"%s\";\n  font-display: swap;\n  src: url(data:%s;base64,%s) format(\"%s\");\n}\n```\n%s"
            % (fam, mime, trunc(data, ri(80, 160)), fmt,
               ch(["receipt PDFs for JP need the font embedded, this is from the template", "support portal css, the font is inlined by postcss-url",
                   "die Quittungs-PDFs brauchen die eingebettete Schrift"])))


def du_favicon():
    data = b64(ico())
    return '<link rel="icon" type="image/x-icon" href="data:image/x-icon;base64,%s">\n%s' % (
        data, ch(["^ returns portal favicon, from the head of index.html", "favicon inline du portail retours",
                  "favicon del portale resi, inline"]))


def du_csv_link():
    rows = ["batch_id,currency,count,gross_minor,fees_minor,status"]
    for _ in range(ri(3, 6)):
        rows.append("pb_%s,%s,%d,%d,%d,%s" % (rs(B62, 10), ch(CURRENCIES[:5]), ri(10, 900), ri(10000, 9000000), ri(100, 90000), ch(["paid", "in_transit", "failed"])))
    data = b64(("\n".join(rows) + "\n").encode())
    return ('```html\n<a download="payout-batches-%s.csv" href="data:text/csv;charset=utf-8;base64,%s">Export</a>\n```\nthe admin export button builds the file client side, fine for a few hundred rows'
            % (rdt().strftime("%Y-%m"), data))


def du_mime():
    p = png_icon(ch([24, 32])) if chance(0.5) else png_qr()
    lines = wrap(b64(p), 76)
    bnd = "----=_Part_%d_%d.%d" % (ri(1000, 99999), ri(100000000, 999999999), ri(10 ** 12, 10 ** 13 - 1))
    cid = "logo-%s" % hexs(8)
    out = ["raw source of the refund mail that bounced at the customer's provider (headers trimmed):", "```",
           "Content-Type: multipart/related; boundary=\"%s\"" % bnd, "", "--" + bnd,
           "Content-Type: text/html; charset=UTF-8", "Content-Transfer-Encoding: quoted-printable", "",
           "<p>Your refund has been issued.</p><img src=3D\"cid:%s\">" % cid, "", "--" + bnd,
           "Content-Type: image/png; name=\"logo.png\"", "Content-Transfer-Encoding: base64",
           "Content-ID: <%s>" % cid, "Content-Disposition: inline; filename=\"logo.png\"", ""]
    out += lines
    out += ["--" + bnd + "--", "```"]
    return "\n".join(out)


def du_csp():
    mime, data = du_payload(ch(["webp", "png", "svg", "gif"]))
    return ("%s Refused to load the image 'data:%s;base64,%s' because it violates the following Content Security Policy directive: \"img-src 'self' https://*.stripe.com https://checkoutshopper-live.adyen.com\".\n%s"
            % (ch(["[Report Only]", "", "checkout.js:1"]), mime, trunc(data, ri(40, 90)) if len(data) > 100 else data,
               ch(["add `data:` to img-src?", "el CSP de checkout bloquea los placeholders", "CSP im Checkout blockt die Platzhalter"]))).strip()


def du_py_fixture():
    data = b64(png_signature(ch([48, 64]), ch([16, 20])))
    parts = wrap(data, 72)
    body = "\n".join('    "%s"' % p for p in parts)
    return ("```python\n# tests/fixtures/pod.py\nimport base64\n\nSIGNATURE_PNG = base64.b64decode(\n%s\n)\n\n\ndef test_pod_attached_to_dispute(evidence_builder):\n"
            "    ev = evidence_builder.from_carrier_event(png=SIGNATURE_PNG)\n    assert ev.files[0].mime == \"image/png\"\n```" % body)


def du_go_fixture():
    data = b64(pdf(ch(POD_PDF_LINES)))
    return ("```go\n// internal/labels/testdata.go\npackage labels\n\n// minimal one-page label used by TestMergeLabels\nconst samplePDF = \"%s\"\n```" % data)


def du_kotlin():
    data = b64(jpeg(ch([16, 24]), ch([16, 24])))
    return ("```kotlin\nobject Placeholders {\n    // grey 16x16 shown while the parcel photo loads in the tracking screen\n    const val PARCEL_THUMB = \"data:image/jpeg;base64,%s\"\n}\n```" % data)


def du_wav():
    data = b64(wav())
    cfg = {"queue": ch(["refunds_de", "chargebacks_en", "vip_fr", "retours_nl"]), "holdMusic": None,
           "holdTone": "data:audio/wav;base64," + data, "maxWaitSeconds": ri(60, 900)}
    return ch(["IVR config for the callback queue, the beep is inlined:", "Config der Rückruf-Warteschlange, der Piepton ist inline:",
               "configuración de la cola de devoluciones, el pitido va inline:"]) + "\n```json\n" + json.dumps(cfg, indent=2) + "\n```"


def du_markdown():
    data = b64(png_bars(ch([36, 48, 60]), ch([18, 24])))
    t = ch(["Refund latency p95 by PSP", "Chargeback ratio per week", "Voucher redemptions per day", "Late deliveries by carrier"])
    return "### %s\n![%s](data:image/png;base64,%s)\n_(chart pasted from the notebook, source in the dashboards repo)_" % (t, t.lower(), data)


def du_shell():
    data = b64(zpl())
    return ("```\n$ jq -r '.labelData' label-response.json | base64 -d > /tmp/label.zpl\n$ echo '%s' | base64 -d | head -4\n%s\n```"
            % (trunc(data, 60) if chance(0.3) else data, "\n".join(base64.b64decode(data).decode().split("\n")[:4])))


def du_har():
    mime, data = du_payload(ch(["svg", "gif", "png"]))
    ent = {"startedDateTime": iso(), "time": round(R.random(), 3),
           "request": {"method": "GET", "url": "data:%s;base64,%s" % (mime, data), "httpVersion": "data", "headers": []},
           "response": {"status": 200, "content": {"size": ri(40, 900), "mimeType": mime}}}
    return "entry from the HAR the customer's browser produced on the 3DS page:\n```json\n" + json.dumps(ent, indent=2) + "\n```"


def du_configmap():
    data = b64(png_icon(ch([16, 24])))
    return ("```yaml\napiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: mail-templates-%s\n  namespace: notifications\nbinaryData:\n  logo.png: %s\ndata:\n  refund_issued.subject: \"Your refund is on its way\"\n```"
            % (ch(["de", "fr", "es", "it", "nl"]), data))


def du_pix_qr():
    data = b64(png_qr(ch([25, 29])))
    act = {"action": {"type": "qrCode", "paymentMethodType": ch(["pix", "promptpay", "paynow", "duitnow"]),
                      "qrCodeImage": "data:image/png;base64," + trunc(data, ri(90, 180)),
                      "url": "https://test.adyen.com/hpp/generateQRCodeImage.shtml?url=%s" % hexs(16)},
           "resultCode": "Pending"}
    return "QR payment action we get back from /payments; the web drop-in renders it fine, the app doesn't:\n```json\n" + json.dumps(act, indent=2) + "\n```"


def du_svg_forms():
    s = svg()
    k = ri(0, 1)
    if k == 0:
        from urllib.parse import quote
        uri = "data:image/svg+xml," + quote(s, safe="=:/ ")
    else:
        uri = "data:image/svg+xml;utf8," + s.replace('"', "'")
    mime, data = "image/svg+xml", b64(s.encode())
    return ("two ways the status icon ends up in the tracking widget css:\n```css\n.tt-step--done::before { content: url(\"%s\"); }\n.tt-step--late::before { content: url(\"data:%s;base64,%s\"); }\n```"
            % (uri, mime, data))


def du_credit_note_api():
    data = b64(pdf(ch(POD_PDF_LINES)))
    cn = {"creditNote": {"number": "CN-%d-%06d" % (ri(2024, 2026), ri(1, 999999)), "currency": ch(CURRENCIES[:4]),
                         "totalMinor": ri(500, 90000), "pdf": trunc(data, ri(140, 300))}}
    return ch(["invoicing-service response, the PDF is inline:", "Antwort vom Rechnungsservice, PDF inline (gekürzt):",
               "respuesta del servicio de facturas, PDF inline:", "risposta del servizio fatture, PDF inline:"]) + "\n```json\n" + json.dumps(cn, indent=2) + "\n```"


def du_chat_attachment():
    mime, data = ch([("image/jpeg", b64(jpeg(ch([32, 40]), ch([24, 16])))), ("image/png", b64(png_blur(16, 12)))])
    return ("%s WARN  [chat-widget] attachment rejected conversation=%s reason=inline_too_large preview=data:%s;base64,%s"
            % (iso(), ulid(), mime, trunc(data, ri(50, 110))))


def du_jest_snapshot():
    g = b64(gif_pixel())
    return ("```\n- Snapshot  - 1\n+ Received  + 1\n\n   <img\n     alt=\"\"\n     class=\"carrier-logo\"\n-    src=\"data:image/gif;base64,%s\"\n+    src=\"data:image/gif;base64,%s\"\n   />\n```\nsnapshot test for TrackingHeader flips every time the placeholder colour changes"
            % (g, b64(gif_pixel())))


def du_liquid():
    data = b64(png_icon(16))
    return ("```liquid\n{%% if order.financial_status == 'refunded' %%}\n  <img src=\"data:image/png;base64,%s\" alt=\"\" width=\"16\"> {{ 'refund_notice' | t }}\n{%% endif %%}\n```" % data)


def du_python_build():
    mime, data = du_payload(ch(["png", "gif", "jpeg"]))
    return ("```python\ndef inline_asset(path: str, mime: str) -> str:\n    with open(path, \"rb\") as fh:\n        return f\"data:{mime};base64,{base64.b64encode(fh.read()).decode()}\"\n```\n"
            ">>> inline_asset(\"assets/%s\", \"%s\")\n'data:%s;base64,%s'" % (ch(["dot.gif", "stamp.png", "thumb.jpg", "brand.png"]), mime, mime, data))


def du_returns_photo():
    data = b64(jpeg(ch([24, 32, 40]), 16, comment=b"returns-app"))
    return ("Foto vom Retourenscanner kommt so im Webhook an (gekürzt):\n```\n{\"return_id\":\"RMA-%d\",\"condition\":\"%s\",\"photo\":\"data:image/jpeg;base64,%s\"}\n```"
            % (ri(100000, 999999), ch(["damaged_box", "used", "ok", "missing_parts"]), trunc(data, ri(60, 120))))


DATA_URI_TEMPLATES = [du_css_icons, du_email_logo, du_tracking_pixel, du_label_api, du_zpl_api, du_adyen_defense,
                      du_qr_voucher, du_pod_signature, du_jupyter, du_blur, du_sourcemap, du_font, du_favicon,
                      du_csv_link, du_mime, du_csp, du_py_fixture, du_go_fixture, du_kotlin, du_wav, du_markdown,
                      du_shell, du_har, du_configmap, du_pix_qr, du_svg_forms, du_credit_note_api,
                      du_chat_attachment, du_jest_snapshot, du_liquid, du_python_build, du_returns_photo]


# ===========================================================================
# NEGATIVES 2/6: placeholder_example
# ===========================================================================
def ph_pick_stripe_sk():
    return ch(["sk_test_...", "sk_live_...", "sk_test_xxxxxxxxxxxxxxxxxxxxxxxx", "sk_live_••••••••", "sk_test_<your-test-key>",
               "sk_live_XXXXXXXXXXXXXXXXXXXXXXXX", "sk_test_REPLACE_ME", "<stripe-secret-key>", "sk_…"])


def ph_env_example():
    lines = ["# .env.example — copy to .env, never commit real values"]
    opts = [
        "STRIPE_SECRET_KEY=" + ph_pick_stripe_sk(),
        "STRIPE_PUBLISHABLE_KEY=" + ch(["pk_test_...", "pk_test_xxxxxxxx", "<publishable key>"]),
        "STRIPE_WEBHOOK_SECRET=" + ch(["whsec_...", "whsec_xxxxxxxxxxxx", "", "<from `stripe listen`>"]),
        "ADYEN_API_KEY=" + ch(["", "AQE...", "<ws user api key>", "YOUR_ADYEN_API_KEY"]),
        "ADYEN_CLIENT_KEY=" + ch(["test_XXXXXXXXXXXXXXXXXXXXXXXX", "test_...", "<client key>"]),
        "ADYEN_HMAC_KEY=" + ch(["<hmac key from Customer Area>", "", "CHANGEME"]),
        "ADYEN_MERCHANT_ACCOUNT=" + ch(["YourMerchantAccountECOM", "YOUR_MERCHANT_ACCOUNT", "BazaroEU_TEST"]),
        "PAYPAL_CLIENT_ID=" + ch(["<sandbox-client-id>", "", "YOUR_CLIENT_ID"]),
        "PAYPAL_CLIENT_SECRET=" + ch(["<sandbox-client-secret>", "", "***"]),
        "SHOPIFY_API_SECRET=" + ch(["shpss_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx", "<app secret>", ""]),
        "SENDGRID_API_KEY=" + ch(["SG.xxxxxxxxxxxxxxxxxxxxxx.xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx", "SG.<key>", ""]),
        "DATABASE_URL=" + ch(["postgres://user:password@localhost:5432/checkout", "postgres://postgres:postgres@127.0.0.1:5432/refunds",
                              "postgresql://<user>:<password>@<host>:5432/<db>"]),
        "REDIS_URL=redis://localhost:6379/0",
        "ZENDESK_API_TOKEN=" + ch(["", "<agent api token>", "changeme"]),
        "SLACK_DISPUTES_WEBHOOK=https://hooks.slack.com/services/T00000000/B00000000/XXXXXXXXXXXXXXXXXXXXXXXX",
    ]
    lines += sample(opts, ri(4, 9))
    intro = ch(["", "updated the example env for the checkout-api repo:", "Neue .env.example für das Refund-Repo:",
                "nouvel .env.example pour le dépôt des remboursements :", "he actualizado el .env.example:"])
    return (intro + "\n" if intro else "") + "```\n" + "\n".join(lines) + "\n```"


def ph_gha():
    job = ch(["e2e-checkout", "webhook-contract-tests", "refund-smoke", "sandbox-payouts"])
    env = sample(["STRIPE_SECRET_KEY: ${{ secrets.STRIPE_TEST_SECRET_KEY }}",
                  "ADYEN_API_KEY: ${{ secrets.ADYEN_TEST_API_KEY }}",
                  "ADYEN_HMAC_KEY: ${{ secrets.ADYEN_TEST_HMAC }}",
                  "PAYPAL_CLIENT_SECRET: ${{ secrets.PAYPAL_SANDBOX_SECRET }}",
                  "NPM_TOKEN: ${{ secrets.NPM_TOKEN }}",
                  "SLACK_WEBHOOK_URL: ${{ secrets.SLACK_PAYMENTS_ALERTS }}",
                  "AWS_ROLE_ARN: ${{ vars.SANDBOX_ROLE_ARN }}"], ri(2, 4))
    return ("```yaml\njobs:\n  %s:\n    runs-on: ubuntu-latest\n    environment: sandbox\n    env:\n%s\n    steps:\n      - uses: actions/checkout@v4\n      - run: make %s\n```"
            % (job, "\n".join("      " + e for e in env), job))


def ph_helm():
    psp = ch(["adyen", "stripe", "klarna", "mollie"])
    return ("```yaml\n# charts/psp-gateway/templates/deployment.yaml\n        env:\n          - name: %s_API_KEY\n            valueFrom:\n              secretKeyRef:\n"
            "                name: {{ .Values.%s.secretName }}\n                key: apiKey\n          - name: %s_WEBHOOK_HMAC\n            valueFrom:\n              secretKeyRef:\n"
            "                name: {{ .Values.%s.secretName }}\n                key: hmacKey\n```\n%s"
            % (psp.upper(), psp, psp.upper(), psp, ch(["values-prod.yaml only has `secretName: %s-prod`" % psp,
                                                        "die Werte kommen aus dem ExternalSecret, nicht aus values.yaml",
                                                        "les valeurs viennent de Vault via ESO"])))


MACROS = {
    "en": ["Hi {{ticket.requester.first_name}},", "We've issued a refund of {{ticket.ticket_field_%d}} to your card ending in {{payment.card_last4}}.",
           "Depending on your bank it can take 5–10 business days. Your refund reference (ARN) is {{refund.arn}}.", "Best, {{current_user.first_name}} – Bazaro Support"],
    "de": ["Hallo {{ticket.requester.first_name}},", "wir haben dir {{refund.amount}} auf dein Konto mit der IBAN {{payment.iban_masked}} erstattet.",
           "Die Gutschrift kann 3–5 Werktage dauern.", "Viele Grüße, {{current_user.first_name}} vom Bazaro-Kundenservice"],
    "fr": ["Bonjour {{ticket.requester.first_name}},", "Votre remboursement de {{refund.amount}} a été effectué sur la carte •••• {{payment.card_last4}}.",
           "Le numéro de suivi du retour est {{return.tracking_number}}.", "Cordialement, {{current_user.first_name}}"],
    "es": ["Hola {{ticket.requester.first_name}}:", "Hemos emitido un vale de {{voucher.amount}} con el código {{voucher.code}}.",
           "Puedes usarlo en tu próxima compra hasta el {{voucher.expires_at}}.", "Un saludo, {{current_user.first_name}}"],
    "it": ["Ciao {{ticket.requester.first_name}},", "abbiamo rimborsato {{refund.amount}} sulla carta che termina con {{payment.card_last4}}.",
           "Per qualsiasi dubbio rispondi pure a questa email.", "Un saluto, {{current_user.first_name}}"],
    "nl": ["Hoi {{ticket.requester.first_name}},", "We hebben {{refund.amount}} teruggestort op je rekening {{payment.iban_masked}}.",
           "Het kan 1–3 werkdagen duren.", "Groet, {{current_user.first_name}}"],
    "pl": ["Cześć {{ticket.requester.first_name}},", "zwróciliśmy {{refund.amount}} na kartę kończącą się na {{payment.card_last4}}.",
           "Numer przesyłki zwrotnej: {{return.tracking_number}}.", "Pozdrawiamy, {{current_user.first_name}}"],
    "ja": ["{{ticket.requester.last_name}} 様", "ご注文 {{order.number}} の返金 {{refund.amount}} を {{payment.card_brand}} 末尾 {{payment.card_last4}} に処理しました。",
           "反映まで数日かかる場合がございます。", "Bazaro カスタマーサポート {{current_user.last_name}}"],
    "pt": ["Olá {{ticket.requester.first_name}},", "o reembolso de {{refund.amount}} foi feito para o cartão final {{payment.card_last4}}.",
           "O prazo depende do seu banco.", "Abraço, {{current_user.first_name}}"],
}


def ph_macro():
    lang = ch(list(MACROS))
    body = "\n".join(MACROS[lang]).replace("%d", str(ri(360000000000, 369999999999)))
    head = ch(["macro `refund_issued_%s` after the rewrite:" % lang, "Makro %s, bitte gegenlesen:" % lang.upper(),
               "new version of the %s refund macro, placeholders only:" % lang, "macro %s mise à jour :" % lang])
    return head + "\n>>> " + body.replace("\n", "\n>>> ") if chance(0.3) else head + "\n```\n" + body + "\n```"


def ph_masked_card():
    brand = ch(["Visa", "Mastercard", "Amex", "Maestro", "CB"])
    last4 = "%04d" % ri(0, 9999)
    form = ch(["•••• %s" % last4, "**** **** **** %s" % last4, "XXXX-XXXX-XXXX-%s" % last4, "xxxx xxxx xxxx %s" % last4,
               "%s ****%s" % (brand, last4), "%s******%s" % ("%06d" % ri(400000, 559999), last4)])
    t = ch(["customer says the refund went to %s but they closed that card — PSP will route it to the new card automatically, no action",
            "Kunde sagt, die Karte %s ist gesperrt, Rückerstattung kommt trotzdem an (Issuer leitet weiter)",
            "el cliente dice que la tarjeta %s ya no existe; el banco emisor redirige el abono",
            "la carte %s est expirée, le remboursement sera quand même crédité par la banque",
            "カード %s は解約済みとのこと。返金はカード会社側で処理されます",
            "klient twierdzi, że karta %s jest zablokowana — zwrot i tak wróci przez bank",
            "cardSummary=%s, expiry=**/**, issuerCountry=NL — looks like a virtual card"])
    return t % form


def ph_masked_iban():
    cc = ch(["DE", "NL", "FR", "ES", "IT", "BE", "AT", "PL"])
    k = ri(0, 3)
    if k == 0:
        m = "%s** **** **** **** **%02d %02d" % (cc, ri(0, 99), ri(0, 99))
    elif k == 1:
        m = "%s00 XXXX XXXX XXXX XXXX XX" % cc
    elif k == 2:
        m = "%s•• •••• •••• •••• %04d" % (cc, ri(0, 9999))
    else:
        m = "%s**************%04d" % (cc, ri(0, 9999))
    return ch(["payout account on file: `%s` (seller changed it twice this week, flagging for review)",
               "Auszahlungskonto laut Admin: `%s` – Verkäufer hat es zweimal geändert",
               "compte de versement : `%s`, modifié deux fois cette semaine",
               "IBAN in het dashboard: `%s`, wordt netjes gemaskeerd",
               "conto di accredito: `%s` (mascherato come previsto)",
               "rachunek do wypłat: `%s`, zmieniony dwa razy w tym tygodniu"]) % m


def ph_ssn_mask():
    m = ch(["XXX-XX-XXXX", "***-**-****", "***-**-%04d" % ri(1, 9999), "XXX-XX-%04d" % ri(1, 9999), "•••-••-••••"])
    return ch(["1099-K preview for US sellers shows TIN as `%s` — good, the PDF never has the full number",
               "Stripe Connect returns `individual.ssn_last_4_provided: true`, we only ever render `%s` in the seller console",
               "the KYC form placeholder is `%s`; do not prefill it from the previous submission",
               "tax form export: column `tin_masked` = `%s` for every row, full TIN stays in the vault"]) % m


def ph_aws_doc():
    region = ch(["eu-west-1", "eu-central-1", "us-east-1"])
    return ("```ini\n# ~/.aws/credentials — sample from the settlement-exporter README\n[%s]\naws_access_key_id = AKIAIOSFODNN7EXAMPLE\n"
            "aws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY\nregion = %s\n```\n%s"
            % (ch(["settlements-dev", "default", "exports-sandbox"]), region,
               ch(["these are the AWS docs keys, replace with your SSO profile", "das sind die Beispiel-Keys aus der AWS-Doku",
                   "ce sont les clés d'exemple de la doc AWS", "son las claves de ejemplo de la documentación de AWS"])))


def ph_terraform():
    psp = ch(["adyen", "stripe", "paypal", "klarna", "mollie"])
    env = ch(["prod", "staging", "sandbox"])
    return ('```hcl\nvariable "%s_api_key" {\n  type      = string\n  sensitive = true\n}\n\ndata "aws_secretsmanager_secret_version" "%s" {\n  secret_id = "%s/payments/%s"\n}\n\n'
            'resource "kubernetes_secret" "%s" {\n  metadata { name = "%s-credentials" }\n  data = {\n    api_key  = var.%s_api_key\n    hmac_key = jsondecode(data.aws_secretsmanager_secret_version.%s.secret_string)["hmac_key"]\n  }\n}\n```'
            % (psp, psp, env, psp, psp, psp, psp, psp))


def ph_external_secret():
    psp = ch(["adyen", "stripe", "mollie", "checkoutcom", "klarna"])
    return ("```yaml\napiVersion: external-secrets.io/v1beta1\nkind: ExternalSecret\nmetadata:\n  name: %s-webhook\n  namespace: %s\nspec:\n  refreshInterval: %s\n  secretStoreRef: {name: vault-payments, kind: ClusterSecretStore}\n"
            "  data:\n    - secretKey: hmacKey\n      remoteRef: {key: secret/data/payments/%s, property: hmac_key}\n    - secretKey: basicAuthPassword\n"
            "      remoteRef: {key: secret/data/payments/%s, property: notification_password}\n```" % (psp, ch(["payments", "webhooks", "psp-gateway"]), ch(["1h", "15m", "24h"]), psp, psp))


def ph_stripe_cli():
    return ("```\n$ stripe listen --forward-to localhost:%d/webhooks/stripe\n> Ready! You are using Stripe API Version [%s]. Your webhook signing secret is whsec_•••••••••••••••• (^C to quit)\n"
            "%s   --> %s [%s]\n%s  <--  [200] POST http://localhost:%d/webhooks/stripe [%s]\n```\n(masked the secret, it's per-machine anyway)"
            % (ch([4242, 3000, 8080, 8000]), ch(["2024-06-20", "2025-03-31.basil", "2024-12-18.acacia"]), rdt().strftime("%Y-%m-%d %H:%M:%S"),
               ch(STRIPE_EVENTS), stripe_id("evt"), rdt().strftime("%Y-%m-%d %H:%M:%S"), 4242, stripe_id("evt")))


def ph_filtered_log():
    t = iso()
    k = ri(0, 2)
    if k == 0:
        return ('%s INFO  Started POST "/checkout/payments" for %s\n%s INFO  Parameters: {"payment"=>{"card_number"=>"[FILTERED]", "cvc"=>"[FILTERED]", '
                '"expiry"=>"[FILTERED]", "holder"=>"[FILTERED]"}, "order_id"=>"%s"}' % (t, priv_ip(), t, order_no()))
    if k == 1:
        return ('{"ts":"%s","level":"info","svc":"refund-worker","msg":"bank refund created","iban":"[REDACTED]","bic":"[REDACTED]","holder":"<redacted>","amount_minor":%d,"currency":"%s"}'
                % (t, ri(100, 90000), ch(CURRENCIES[:4])))
    return ("%s DEBUG psp-gateway request headers: Authorization=***, X-API-Key=(sensitive value), Idempotency-Key=%s, Content-Type=application/json"
            % (t, uuid4()))


def ph_rails_filter():
    extra = sample([":ssn", ":iban", ":bic", ":card_number", ":cvc", ":cvv", ":pan", ":email", ":phone", ":gift_card_code", ":voucher_code", ":tin"], ri(4, 9))
    return ("```ruby\n# config/initializers/filter_parameter_logging.rb\nRails.application.config.filter_parameters += [\n  :passw, :secret, :token, :_key, :crypt, :salt, :certificate, :otp,\n  %s\n]\n```\n%s"
            % (", ".join(extra), ch(["added the payment fields after the audit finding", "Audit-Finding: Zahlungsfelder fehlten", "auditoría: faltaban los campos de pago",
                                    "ajout des champs de paiement après l'audit", "the Shopify app repo had none of these"])))


def ph_pem():
    kind, body = ch([("PRIVATE KEY", "..."), ("PRIVATE KEY", "MIIEvQIBADANBgkqhkiG9w0BAQEFAASC..."), ("EC PRIVATE KEY", "<paste the key here>"),
                     ("RSA PRIVATE KEY", "(redacted)"), ("OPENSSH PRIVATE KEY", "b3BlbnNzaC1rZXktdjEAAAAA..."), ("PRIVATE KEY", "…"),
                     ("EC PRIVATE KEY", "MHcCAQEEI…"), ("PRIVATE KEY", "<merchant identity key>")])
    intro = ch(["The Apple Pay merchant identity key goes into Vault, format like this:",
                "SFTP key for the settlement reports: store it in Vault with this shape",
                "mTLS client key for the PSP webhook relay, expected format:",
                "Der Signierschlüssel für die Support-Console kommt so in den Vault:",
                "la clé du certificat marchand Apple Pay va dans Vault, au format :",
                "la clave del relay de webhooks va en Vault con este formato:"])
    return "%s\n```\n-----BEGIN %s-----\n%s\n-----END %s-----\n```" % (intro, kind, body, kind)


def ph_jwt():
    return ch([
        "```\ncurl -s https://support-console.internal/api/refunds/%s \\\n  -H \"Authorization: Bearer <support-console-jwt>\" | jq .status\n```" % stripe_id("re"),
        "the session token from App Bridge looks like `eyJhbGciOiJIUzI1NiJ9.eyJ…` — don't paste it here, paste the `jti` if you need me to look it up",
        "JWT im Header ist `Bearer eyJhbGciOi...` (gekürzt), der Refund-Service antwortet 401 `token_expired`",
        "`Authorization: Bearer $SUPPORT_JWT` in the Postman collection, the variable is set per environment",
        "el token tiene la forma `eyJ<header>.eyJ<payload>.<firma>`; el `kid` tiene que coincidir con el JWKS",
    ])


def ph_shopify():
    return ch([
        "```\nX-Shopify-Access-Token: shpat_<redacted>\nX-Shopify-Shop-Domain: bazaro-%s.myshopify.com\n```" % ch(["eu", "de", "fr", "outlet"]),
        "```toml\n# shopify.app.toml\nclient_id = \"<client id>\"\n[access_scopes]\nscopes = \"read_orders,write_orders,read_fulfillments,write_gift_cards\"\n```\nsecret goes in `SHOPIFY_API_SECRET=shpss_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx`, not the toml",
        "webhook verification: `hmac = base64(HMAC_SHA256(SHOPIFY_API_SECRET, raw_body))` — compare with `X-Shopify-Hmac-Sha256`, the secret is the app's `shpss_…` value",
    ])


def ph_giftcard():
    return ch([
        "gift card codes in the admin are shown as `•••• •••• •••• %s` — support can only see the last 4, which is enough to look it up" % rs("BCDFGHJKMNPQRTVWXY2346789", 4),
        "format for the new voucher codes: `XXXX-XXXX-XXXX-XXXX` (base32 crockford, no I/L/O/U), the macro should use `{{ voucher.code }}` not a hardcoded example",
        "Gutscheincode im Makro bitte als `{{voucher.code}}` lassen, nicht `GUTSCHEIN-XXXX` reinschreiben",
        "códigos de tarjeta regalo: en los logs siempre `gc_code=****%s`" % rs("BCDFGHJKMNPQRTVWXY2346789", 4),
        "`giftcard_code_last4: \"%s\"` is all we keep in the ledger, the full code hash lives in giftcard-service" % rs("BCDFGHJKMNPQRTVWXY2346789", 4),
    ])


def ph_iban_registry():
    ex = ch(IBAN_REGISTRY_EXAMPLES)
    grouped = " ".join(wrap(ex, 4))
    return ch([
        "```python\n@pytest.mark.parametrize(\"iban\", [\n    \"%s\",  # registry example\n    \"%s\",\n])\ndef test_valid_iban(iban):\n    assert validate_iban(iban)\n```" % (ex, grouped),
        "for the sandbox payout form just use the registry example `%s`, the PSP test environment accepts it" % grouped,
        "OpenAPI example for `payoutAccount.iban` is `%s`, that's the documented sample, fine to keep" % ex,
    ])


def ph_compose():
    return ("```yaml\nservices:\n  postgres:\n    image: postgres:%d\n    environment:\n      POSTGRES_USER: postgres\n      POSTGRES_PASSWORD: postgres\n"
            "  rabbitmq:\n    image: rabbitmq:3.%d-management\n    environment:\n      RABBITMQ_DEFAULT_USER: guest\n      RABBITMQ_DEFAULT_PASS: guest\n"
            "  %s:\n    build: .\n    environment:\n      AMQP_URL: amqp://guest:guest@rabbitmq:5672/\n      DATABASE_URL: postgres://postgres:postgres@postgres:5432/%s\n"
            "      ADYEN_API_KEY: ${ADYEN_API_KEY:-}\n```\n%s" % (ch([14, 15, 16, 17]), ri(10, 13), ch(["refund-worker", "dispute-service", "payout-service", "ledger"]),
                                                          ch(["refunds", "disputes", "payouts", "ledger"]), ch(["local stack only", "nur lokal", "solo para local", "uniquement en local", "alleen lokaal"])))


def ph_slack_webhook():
    mod = ch(["disputes", "refund_backlog", "late_deliveries", "fraud_alerts", "payout_failures", "voucher_abuse"])
    var = mod.upper() + "_SLACK_WEBHOOK"
    url = "https://hooks.slack.com/services/T00000000/B00000000/XXXXXXXXXXXXXXXXXXXXXXXX"
    k = ri(0, 2)
    if k == 0:
        return ("```python\n# alerts/%s.py\nWEBHOOK_URL = os.getenv(\n    \"%s\",\n    \"%s\",  # docs example, never used\n)\n```" % (mod, var, url))
    if k == 1:
        return ("```yaml\n# alertmanager receivers (template)\n- name: %s\n  slack_configs:\n    - api_url: %s  # replaced at deploy time\n      channel: '#%s'\n```" % (mod, url, mod.replace("_", "-")))
    return ("%s %s" % (ch(["the example in the README uses Slack's dummy URL", "README-Beispiel mit der Dummy-URL von Slack:", "l'exemple du README utilise l'URL factice de Slack :"]), url))


def ph_curl_docs():
    k = ri(0, 2)
    if k == 0:
        return ("```\ncurl https://api.stripe.com/v1/refunds \\\n  -u \"$STRIPE_SECRET_KEY:\" \\\n  -d payment_intent=pi_XXXXXXXXXXXXXXXXXXXXXXXX \\\n  -d amount=%d \\\n  -H \"Idempotency-Key: <uuid>\"\n```" % ri(100, 9999))
    if k == 1:
        return ("```\ncurl https://checkout-test.adyen.com/v71/payments/<pspReference>/refunds \\\n  -H \"X-API-Key: $ADYEN_API_KEY\" \\\n  -H \"Content-Type: application/json\" \\\n"
                "  -d '{\"merchantAccount\":\"YOUR_MERCHANT_ACCOUNT\",\"amount\":{\"currency\":\"EUR\",\"value\":%d},\"reference\":\"<your-refund-ref>\"}'\n```" % ri(100, 9999))
    return ("```\ncurl -X POST https://api-m.sandbox.paypal.com/v1/oauth2/token \\\n  -u \"<client_id>:<client_secret>\" \\\n  -d grant_type=client_credentials\n```")


def ph_op_refs():
    return ("```\n# .env.tpl (resolved with `op inject`)\nSTRIPE_SECRET_KEY=\"op://Payments/Stripe %s/secret key\"\nADYEN_API_KEY=\"op://Payments/Adyen %s/api key\"\n"
            "ADYEN_HMAC_KEY=\"op://Payments/Adyen %s/hmac\"\nZENDESK_TOKEN=\"op://Support/Zendesk API/credential\"\n```"
            % (ch(["prod", "staging"]), ch(["EU", "UK", "US"]), ch(["EU", "UK", "US"])))


def ph_cfn():
    svc = ch(["RefundWorker", "DisputeService", "PayoutService", "WebhookIngest", "SettlementImporter"])
    psp = ch(["adyen", "stripe", "klarna", "paypal"])
    key = ch(["hmacKey", "apiKey", "webhookSecret", "clientSecret"])
    env = ch(["prod", "staging"])
    return ("```yaml\n%sTask:\n  Type: AWS::ECS::TaskDefinition\n  Properties:\n    ContainerDefinitions:\n      - Name: %s\n        Environment:\n"
            "          - Name: %s_%s\n            Value: '{{resolve:secretsmanager:%s/payments/%s:SecretString:%s}}'\n"
            "          - Name: DB_PASSWORD\n            Value: '{{resolve:ssm-secure:/%s/%s/db_password:%d}}'\n```"
            % (svc, re.sub(r"(?<!^)([A-Z])", r"-\1", svc).lower(), psp.upper(), re.sub(r"([A-Z])", r"_\1", key).upper(), env, psp, key,
               re.sub(r"(?<!^)([A-Z])", r"-\1", svc).lower(), env, ri(1, 9)))


def ph_py_settings():
    psps = sample(["STRIPE_API_KEY", "STRIPE_WEBHOOK_SECRET", "ADYEN_API_KEY", "ADYEN_HMAC_KEY", "KLARNA_PASSWORD", "MOLLIE_API_KEY",
                   "PAYPAL_CLIENT_SECRET", "ZENDESK_API_TOKEN", "SENDGRID_API_KEY"], ri(3, 5))
    k = ri(0, 1)
    if k == 0:
        body = "\n".join('%s = os.environ%s' % (p, ch(['["%s"]' % p, '.get("%s", "")' % p])) for p in psps)
        return "```python\n# settings/payments.py\n%s\n```\n%s" % (body, ch(["values come from the pod env", "kein Default für Secrets, absichtlich", "sin valores por defecto, a propósito"]))
    body = "\n".join("    %s: SecretStr%s" % (p.lower(), ch(["", " = SecretStr(\"\")"])) for p in psps)
    return "```python\nclass PaymentSettings(BaseSettings):\n%s\n\n    model_config = SettingsConfigDict(env_file=\".env\", secrets_dir=\"/run/secrets\")\n```" % body


def ph_empty_yaml():
    blocks = sample(['  klarna:\n    username: ""\n    password: ""', '  mollie:\n    api_key: ""', '  adyen:\n    api_key: ${ADYEN_API_KEY}\n    hmac_keys: []',
                     '  paypal:\n    client_id: ""\n    client_secret: ""', '  stripe:\n    secret_key: ~\n    webhook_secret: ~'], ri(2, 4))
    return "```yaml\npsp:\n%s\nsupport:\n  zendesk:\n    subdomain: bazaro\n    token: \"\"\n```\n%s" % ("\n".join(blocks), ch(
        ["empty on purpose for the dev profile", "leer, wird im Pod gesetzt", "vacío a propósito", "vide exprès, rempli par Vault", "leeg, komt uit Vault"]))


def ph_chat_redaction():
    return ch([
        "chat transcript after the auto-redaction, looks right:\n> customer: my card is [REDACTED-PAN] and the code on the back is [REDACTED]\n> agent: thanks, please don't share card details here, I'll send a secure link",
        "Transkript nach der Schwärzung:\n> Kunde: meine IBAN ist [IBAN ENTFERNT], bitte dahin erstatten\n> Agent: danke, ich schicke dir das sichere Formular",
        "transcript après masquage :\n> client : mon numéro de téléphone c'est [NUMÉRO MASQUÉ]\n> agent : merci, on vous rappelle dans la journée",
        "transcrição depois da redação:\n> cliente: o meu e-mail é [EMAIL REMOVIDO]\n> agente: obrigado, já atualizei o pedido",
        "transcripción tras el enmascarado:\n> cliente: el código de la tarjeta regalo es [CÓDIGO OCULTO]\n> agente: gracias, lo compruebo",
        "trascrizione dopo il mascheramento:\n> cliente: il mio numero è [NUMERO RIMOSSO]\n> operatore: grazie, la richiamiamo entro oggi",
        "transcript na maskering:\n> klant: mijn rekeningnummer is [IBAN VERWIJDERD]\n> medewerker: dank je, ik stuur het beveiligde formulier",
        "マスキング後のチャット:\n> お客様: カード番号は [カード番号削除] です\n> 担当: ありがとうございます。チャットではカード情報を送らないでください",
        "redacted export (`redact_v2`): `{\"speaker\":\"customer\",\"text\":\"ssn is <SSN> and my phone is <PHONE>\"}`",
    ])


def ph_dispute_evidence_tpl():
    return ("```yaml\n# dispute-service/templates/evidence_%s.yaml\ncustomer_email_address: \"{{ order.customer.email }}\"\ncustomer_purchase_ip: \"{{ order.client_ip }}\"\n"
            "billing_address: \"{{ order.billing_address | oneline }}\"\nshipping_tracking_number: \"{{ shipment.tracking_number }}\"\nshipping_carrier: \"{{ shipment.carrier }}\"\n"
            "uncategorized_text: |\n  Order {{ order.number }} was delivered on {{ shipment.delivered_at | date }}.\n```" % ch(DISPUTE_REASONS))


def ph_openapi():
    schema = ch(["RefundRequest", "PayoutAccountUpdate", "SellerOnboarding", "CustomerContact"])
    props = sample(["payment_intent: {type: string, example: pi_XXXXXXXXXXXXXXXXXXXXXXXX}",
                    "iban: {type: string, example: \"DE00 0000 0000 0000 0000 00\"}",
                    "api_key: {type: string, example: \"sk_test_xxx\", writeOnly: true}",
                    "phone: {type: string, example: \"+00 000 000 0000\"}",
                    "email: {type: string, format: email, example: \"<customer email>\"}",
                    "tax_id: {type: string, example: \"XXX-XX-XXXX\"}",
                    "card_last4: {type: string, pattern: \"^[0-9]{4}$\", example: \"0000\"}",
                    "voucher_code: {type: string, example: \"XXXX-XXXX-XXXX-XXXX\"}"], ri(3, 5))
    return "```yaml\ncomponents:\n  schemas:\n    %s:\n      properties:\n%s\n```" % (schema, "\n".join("        " + p for p in props))


def ph_ja_runbook():
    return ch([
        "本番の STRIPE_SECRET_KEY には sk_live_... を入れます。ローカルでは必ず sk_test_... を使ってください。",
        "ADYEN_HMAC_KEY は Customer Area で再生成したら Vault の secret/payments/adyen を更新してください（値はここに貼らないで）",
        "Webhook のテストは `whsec_xxx` のままだと署名検証で失敗します。`stripe listen` が表示する値を .env に設定してください。",
        "手順書のサンプル: `AWS_ACCESS_KEY_ID=AKIAIOSFODNN7EXAMPLE`（AWS ドキュメントの例です。実際のキーは SSO で取得）",
        "サポートマクロの差し込み項目は `{{ticket.requester.name}}` と `{{order.number}}` だけにしてください",
        "Zur Erinnerung: in `.env.sample` stehen nur Platzhalter wie `ADYEN_API_KEY=<dein-test-key>`, echte Werte nie committen.",
        "Rappel : dans les exemples de la doc interne, la clé Stripe s'écrit `sk_test_<votre_clé>`, jamais une vraie valeur.",
    ])


def ph_pan_first6last4():
    bins = "%06d" % ri(400000, 559999)
    return ('```json\n{"pspReference":"%s","additionalData":{"cardBin":"%s","cardSummary":"%04d","cardHolderName":"[hidden]","expiryDate":"**/****","issuerCountry":"%s"}}\n```'
            % (psp_ref(), bins, ri(0, 9999), ch(MARKETS)))


def ph_sql_seed():
    rows = sample(["('adyen',  'test', 'CHANGE_ME', NULL)", "('stripe', 'test', 'sk_test_REPLACE_ME', 'whsec_REPLACE_ME')",
                   "('mollie', 'test', 'test_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxx', NULL)", "('klarna', 'playground', '<set me>', NULL)",
                   "('paypal', 'sandbox', '', '')", "('checkoutcom', 'sandbox', 'sk_sbox_xxxxxxxx', NULL)"], ri(2, 4))
    return ("```sql\n-- db/seeds/%s.sql\nINSERT INTO psp_credentials (psp, environment, api_key, hmac_key) VALUES\n  %s;\n```" % (ch(["dev_psp_credentials", "local_psp", "e2e_fixtures"]), ",\n  ".join(rows)))


def ph_postman():
    env = {"id": uuid4(), "name": ch(["psp-gateway staging", "refund-api local", "support-console dev"]),
           "values": [{"key": "baseUrl", "value": "http://localhost:%d" % ch([8080, 3000, 9000]), "enabled": True},
                      {"key": "adyen_api_key", "value": "{{ADYEN_API_KEY}}", "enabled": True},
                      {"key": "support_jwt", "value": "", "enabled": True},
                      {"key": "stripe_secret_key", "value": "sk_test_•••", "enabled": False}]}
    return "postman env we share (values empty / vars):\n```json\n" + json.dumps(env, indent=2, ensure_ascii=False) + "\n```"


def ph_npmrc():
    repo = ch(["checkout-sdk", "returns-portal", "support-console-ui", "tracking-widget"])
    return ("```\n# .npmrc in %s\n@bazaro:registry=https://npm.pkg.github.com\n//npm.pkg.github.com/:_authToken=${GITHUB_PACKAGES_TOKEN}\n%s```\n%s"
            % (repo, ch(["//registry.npmjs.org/:_authToken=${NPM_TOKEN}\n", "", "always-auth=true\n"]),
               ch(["CI injects the token", "las variables vienen del CI", "beide kommen aus dem CI", "le token est injecté par la CI", "CI でトークンを注入しています"])))


def ph_prefix_talk():
    return ch([
        "Stripe restricted keys start with `rk_live_`, the full secret ones with `sk_live_` — we should only have `rk_` in the refund worker",
        "Adyen API keys start with `AQE` and are long; if you see `AQE...` in a log line that's a bug in our masking",
        "`ghp_xxxxxxxxxxxx` in the README is a placeholder, the CI uses the GitHub App token",
        "for the LLM macro suggester: `OPENAI_API_KEY=sk-proj-...` locally, in prod it's fetched from Vault",
        "`ANTHROPIC_API_KEY=sk-ant-api03-...` in the sample config, real key in `secret/support/llm`",
        "Slack bot for #disputes: `SLACK_BOT_TOKEN=xoxb-your-bot-token` in the example, scopes: chat:write, files:write",
        "GitHub fine-grained tokens look like `github_pat_…`, please request one for the settlements repo only",
    ])


def ph_kv_defaults():
    return ch([
        "admin/admin still works on the local Magento container, that's intended for dev only",
        "`KEYCLOAK_ADMIN_PASSWORD=admin` in the local compose for the support console SSO, not used anywhere else",
        "Default-Login vom Label-Drucker im Lager ist noch admin/admin? bitte ändern (nicht hier posten, ins Ticket)",
        "la contraseña por defecto del panel del TPV es `changeme`; en el alta del comercio se obliga a cambiarla",
        "`DB_PASS=` (empty) in `.env.ci` because the service container runs with trust auth",
        "guest/guest on the local RabbitMQ is fine, prod uses per-service users from Vault",
        "le mot de passe par défaut `changeme` de l'image de test du module PrestaShop est encore là en recette",
        "w lokalnym docker-compose hasło do bazy to `postgres`, na produkcji jest w Vault",
        "`MYSQL_ROOT_PASSWORD: root` in the Magento dev stack — please don't copy that compose file to the staging VM",
    ])


def ph_mask_phone_email():
    return ch([
        "callback list export masks numbers as `+XX XXX XXX XX%02d` and emails as `j***@***.com`, good enough for the ops dashboard" % ri(0, 99),
        "Rückrufliste: Nummern als `+49 *** ****%03d`, E-Mails als `m***@***.de`" % ri(0, 999),
        "exportación de llamadas: teléfonos como `+34 *** *** %03d`" % ri(0, 999),
        "SMS tracking notifications log `to=+**********%02d` only" % ri(0, 99),
    ])


PLACEHOLDER_TEMPLATES = [ph_env_example, ph_gha, ph_helm, ph_macro, ph_masked_card, ph_masked_iban, ph_ssn_mask, ph_aws_doc,
                         ph_terraform, ph_external_secret, ph_stripe_cli, ph_filtered_log, ph_rails_filter, ph_pem, ph_jwt,
                         ph_shopify, ph_giftcard, ph_iban_registry, ph_compose, ph_slack_webhook, ph_curl_docs, ph_op_refs,
                         ph_cfn, ph_py_settings, ph_empty_yaml, ph_chat_redaction, ph_dispute_evidence_tpl, ph_openapi,
                         ph_ja_runbook, ph_pan_first6last4, ph_sql_seed, ph_postman, ph_npmrc, ph_prefix_talk, ph_kv_defaults,
                         ph_mask_phone_email]


# ===========================================================================
# NEGATIVES 3/6: code_identifier
# ===========================================================================
W_DOMAIN = ["Refund", "Chargeback", "Dispute", "Webhook", "Notification", "Payout", "Ledger", "Voucher", "GiftCard", "Shipment",
            "Tracking", "Order", "Capture", "Authorisation", "Settlement", "Fraud", "Velocity", "Macro", "Ticket", "Return", "Wallet"]
W_SENS = ["Hmac", "Signature", "Secret", "Token", "Password", "Iban", "Card", "Pan", "Ssn", "Tin", "Email", "Phone", "ApiKey",
          "Credential", "Fingerprint", "Masked", "Encrypted", "Vault", "Rotation", "Cvc", "Bic", "Kyc"]
W_ROLE = ["Resolver", "Provider", "Factory", "Handler", "Validator", "Service", "Repository", "Mapper", "Listener", "Orchestrator",
          "Processor", "Client", "Adapter", "Controller", "Job", "Consumer", "Publisher", "Policy", "Guard", "Normalizer"]
PKGS = ["payments.adyen", "payments.stripe", "payments.refund", "payments.webhook", "disputes", "fraud.rules", "support.macros",
        "shipping.tracking", "giftcards", "payouts", "ledger.posting", "kyc.sellers", "vouchers"]


def cls():
    return ch(W_DOMAIN) + ch(W_SENS) + ch(W_ROLE)


def meth():
    w = ch(["validate", "resolve", "mask", "normalize", "rotate", "verify", "lookup", "encrypt", "load", "apply", "compute", "should"])
    return w + ch(W_DOMAIN) + ch(W_SENS) + ch(["", "ForPsp", "IfPresent", "OrThrow", "Async", "Legacy", "V2"])


def snake_ident():
    parts = [ch(["refund", "chargeback", "payout", "webhook", "customer", "seller", "order", "voucher", "giftcard", "dispute", "psp"]),
             ch(["iban", "card", "pan", "ssn", "tin", "email", "phone", "password", "api_key", "hmac", "secret", "token", "signature"]),
             ch(["hash", "last4", "masked", "encrypted", "normalized", "e164", "digest", "prefix", "fingerprint", "ref", "id", "checksum_ok"])]
    return "_".join(parts)


def ci_java_trace():
    pkg = ch(PKGS)
    exc, msg = ch([("InvalidHmacSignatureException", "HMAC signature mismatch for notificationItem"),
                   ("RefundNotAllowedException", "refund exceeds captured amount"),
                   ("PspTimeoutException", "read timed out after 10000 ms"),
                   ("DuplicateNotificationException", "eventCode CHARGEBACK already processed"),
                   ("ChargebackAlreadyDefendedException", "defense period closed"),
                   ("IbanChecksumException", "checksum failed for payout account"),
                   ("CardFingerprintMismatchException", "stored fingerprint differs from PSP fingerprint"),
                   ("VoucherAlreadyRedeemedException", "voucher state REDEEMED")])
    lines = ["%s ERROR [%s] c.b.%s.%s - %s" % (iso(), ch(["http-nio-8080-exec-%d" % ri(1, 40), "kafka-listener-%d" % ri(0, 5), "scheduling-1"]),
                                                 pkg, cls(), ch(["webhook rejected", "refund failed", "unhandled exception"])),
             "com.bazaro.%s.%s: %s" % (pkg, exc, msg)]
    for _ in range(ri(6, 24)):
        c = cls()
        lines.append("\tat com.bazaro.%s.%s.%s(%s.java:%d)" % (ch(PKGS), c, meth(), c, ri(40, 900)))
    lines += ["\tat org.springframework.web.servlet.FrameworkServlet.service(FrameworkServlet.java:885)",
              "\tat java.base/java.lang.Thread.run(Thread.java:1583)"][:ri(1, 2)]
    return "```\n" + "\n".join(lines) + "\n```"


def ci_py_trace():
    mod = ch(["webhooks/stripe.py", "webhooks/adyen.py", "refunds/tasks.py", "disputes/evidence.py", "vouchers/redeem.py"])
    fn = ch(["handle_event", "verify_and_dispatch", "process_refund", "submit_evidence", "redeem_code"])
    exc = ch(["stripe.error.SignatureVerificationError: No signatures found matching the expected signature for payload",
              "Adyen.exceptions.AdyenInvalidRequestError: HMAC validation failed for notification_item",
              "django.db.utils.IntegrityError: duplicate key value violates unique constraint \"refunds_psp_reference_key\"",
              "KeyError: 'merchant_reference'",
              "celery.exceptions.SoftTimeLimitExceeded()"])
    lines = ["Traceback (most recent call last):"]
    for _ in range(ri(3, 8)):
        f = ch(["/app/bazaro/%s" % mod, "/app/bazaro/payments/%s.py" % snake_ident(), "/usr/local/lib/python3.12/site-packages/stripe/webhook.py",
                "/usr/local/lib/python3.12/site-packages/celery/app/trace.py"])
        lines.append('  File "%s", line %d, in %s' % (f, ri(10, 700), ch([fn, "_" + snake_ident(), "construct_event", "verify_header", "__call__"])))
        lines.append("    %s" % ch(["event = stripe.Webhook.construct_event(payload, sig_header, endpoint_secret)",
                                     "if not is_valid_hmac_notification(item, settings.ADYEN_HMAC_KEY):",
                                     "return self.run(*args, **kwargs)", "%s = normalize_%s(payload)" % (snake_ident(), ch(["iban", "phone", "email"])),
                                     "raise error.SignatureVerificationError("]))
    lines.append(exc)
    return "```\n" + "\n".join(lines) + "\n```"


def ci_go_panic():
    lines = ["panic: runtime error: invalid memory address or nil pointer dereference", "[signal SIGSEGV: segmentation violation code=0x1 addr=0x%x pc=0x%x]" % (ri(0, 64), ri(0x400000, 0xFFFFFF)), "",
             "goroutine %d [running]:" % ri(1, 9000)]
    for _ in range(ri(4, 10)):
        p = ch(["psp/adyen", "psp/stripe", "refunds", "webhooks", "tracking/carriers/dhl", "fraud/rules", "giftcards"])
        t = ch(W_DOMAIN) + ch(W_ROLE)
        lines.append("github.com/bazaro/payments/internal/%s.(*%s).%s(0x%x, {0x%x, 0x%x}, 0x%x)" % (p, t, ch(["Refund", "Capture", "Verify", "Handle", "Resolve", "Apply"]) + ch(W_SENS), ri(0xc000000000, 0xc000ffffff), ri(0x1000000, 0x1ffffff), ri(0xc000000000, 0xc000ffffff), ri(0, 0xff)))
        lines.append("\t/src/internal/%s/%s.go:%d +0x%x" % (p, ch(["client", "handler", "verify", "mapper", "rules"]), ri(20, 500), ri(0x10, 0x3ff)))
    lines.append("created by net/http.(*Server).Serve in goroutine 1\n\t/usr/local/go/src/net/http/server.go:3285 +0x4b4")
    return "```\n" + "\n".join(lines) + "\n```"


def ci_ruby_trace():
    lines = ["%s: %s" % (ch(["ShopifyAPI::Errors::HttpResponseError", "ActiveMerchant::ResponseError", "Bazaro::Refunds::AmountMismatch",
                               "OpenSSL::HMACError", "Faraday::TimeoutError"]), ch(["Received 422 from Shopify: refund line items exceed fulfillable quantity",
                                                                                    "Failed with 500 Internal Server Error", "expected amount does not match capture", "read timeout reached"]))]
    for _ in range(ri(4, 12)):
        lines.append("  %s:%d:in `%s'" % (ch(["app/services/refunds/%s.rb" % snake_ident(), "app/jobs/%s_job.rb" % snake_ident(),
                                              "lib/bazaro/psp/%s.rb" % ch(["adyen_gateway", "stripe_gateway", "paypal_gateway"]),
                                              "vendor/bundle/ruby/3.3.0/gems/shopify_api-14.%d.0/lib/shopify_api/clients/http_client.rb" % ri(0, 8)]),
                                           ri(5, 400), ch(["perform", "call", "request", "verify_webhook_hmac!", "build_refund_payload", "mask_card_number", "normalize_phone"])))
    return "```\n" + "\n".join(lines) + "\n```"


def ci_php_magento():
    lines = ["PHP Fatal error:  Uncaught Magento\\Framework\\Exception\\LocalizedException: %s in /var/www/html/vendor/magento/module-sales/Model/Order/Creditmemo/Total/%s.php:%d" %
             (ch(["The most money available to refund is 0.", "Invalid payment token.", "We can't create creditmemo for the order."]), ch(["Tax", "Subtotal", "Discount", "Shipping"]), ri(30, 200)),
             "Stack trace:"]
    for i in range(ri(5, 14)):
        c = ch(["Magento\\Sales\\Model\\Order\\Creditmemo\\Total\\Tax", "Magento\\Sales\\Model\\Service\\CreditmemoService", "Adyen\\Payment\\Gateway\\Http\\Client\\TransactionRefund",
                "Adyen\\Payment\\Helper\\Webhook", "Bazaro\\Marketplace\\Plugin\\Refund%sPlugin" % ch(W_SENS), "Magento\\Framework\\Interception\\Interceptor",
                "Bazaro\\Vouchers\\Model\\GiftCard%sValidator" % ch(W_SENS)])
        lines.append("#%d /var/www/html/%s.php(%d): %s->%s()" % (i, c.replace("\\", "/").replace("Magento/Sales", "vendor/magento/module-sales"), ri(10, 600), c, meth()))
    lines.append("#%d {main}" % (len(lines) - 2))
    return "```\n" + "\n".join(lines) + "\n```"


def ci_dotnet():
    lines = ["System.Security.Cryptography.CryptographicException: %s" % ch(["Padding is invalid and cannot be removed.", "The computed HMAC does not match.", "Key not valid for use in specified state."])]
    for _ in range(ri(4, 12)):
        c = "Bazaro.%s.%s" % (ch(["Payments.Adyen", "Payments.Webhooks", "Refunds", "Payouts.Sepa", "Support.Console"]), cls())
        lines.append("   at %s.%s(%s request, CancellationToken ct) in /src/%s.cs:line %d" % (c, meth(), ch(["NotificationRequestItem", "RefundCommand", "PayoutInstruction", "HttpRequest"]), c.replace(".", "/"), ri(20, 400)))
    lines.append("   at Microsoft.AspNetCore.Routing.EndpointMiddleware.<Invoke>g__AwaitRequestTask|6_0(Endpoint endpoint, Task requestTask, ILogger logger)")
    return "```\n" + "\n".join(lines) + "\n```"


def ci_rust_symbols():
    crates = ["refund_worker", "webhook_ingest", "fraud_engine", "ledger_core"]
    lines = ["thread 'tokio-runtime-worker' panicked at src/%s.rs:%d:%d:" % (ch(["psp/adyen", "hmac", "iban", "rules/velocity"]), ri(10, 300), ri(5, 60)),
             ch(["called `Result::unwrap()` on an `Err` value: InvalidSignature", "index out of bounds: the len is 0 but the index is 0", "IBAN checksum verification failed"]),
             "stack backtrace:"]
    for i in range(ri(4, 10)):
        c = ch(crates)
        m = ch(["verify_hmac", "mask_pan", "parse_notification", "apply_rule", "iban_checksum", "post_refund", "rotate_secret"])
        s = ch(["Client", "Verifier", "RuleSet", "Notification", "Posting"])
        if chance(0.5):
            sym = "_ZN%d%s%d%s%d%s17h%sE" % (len(c), c, len(s), s, len(m), m, hexs(16))
        else:
            sym = "%s::%s::%s::h%s" % (c, s.lower(), m, hexs(16))
        lines.append("  %2d: 0x%012x - %s" % (i, ri(0x550000000000, 0x55ffffffffff), sym))
    return "```\n" + "\n".join(lines) + "\n```"


def ci_long_names():
    a, b = meth(), meth()
    return ch([
        "nit: `%s` → `%s`? the old name lies about what it checks" % (a, b),
        "can we split `%s%s%s` into two classes? it does both the %s lookup and the rotation" % (ch(W_DOMAIN), ch(W_SENS), ch(W_ROLE), ch(["IBAN", "card", "HMAC", "token"]).lower()),
        "grep for `%s` returns 14 call sites, 3 of them in the legacy Adyen plugin" % a,
        "Bitte `%s` nicht mehr verwenden, ersetzt durch `%s`" % (a, b),
        "`%s()` が `%s()` を二重に呼んでいます" % (a, b),
        "renombrar `%s` a `%s` en el PR de refunds" % (snake_ident(), snake_ident()),
    ])


def ci_sql_ddl():
    cols = sample(["card_fingerprint text", "card_last4 char(4)", "card_bin char(6)", "iban_last4 char(4)", "iban_hash bytea", "iban_country char(2)",
                   "ssn_encrypted bytea", "tin_last4 char(4)", "phone_e164_hash bytea", "email_normalized_sha256 bytea",
                   "password_digest text", "api_key_prefix varchar(12)", "hmac_key_version smallint", "psp_reference varchar(32)",
                   "voucher_code_hash bytea", "giftcard_code_last4 char(4)", "tracking_number varchar(40)"], ri(5, 9))
    t = ch(["payout_accounts", "refunds", "seller_tax_profiles", "customer_contacts", "psp_credentials_meta", "gift_cards"])
    return "```sql\nCREATE TABLE %s (\n  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,\n%s,\n  created_at timestamptz NOT NULL DEFAULT now()\n);\nCREATE INDEX ON %s (%s);\n```" % (
        t, ",\n".join("  " + c for c in cols), t, cols[0].split()[0])


def ci_graphql():
    m = ch(["refundCreate", "giftCardCreate", "giftCardDeactivate", "fulfillmentTrackingInfoUpdateV2", "orderCancel", "returnApproveRequest", "disputeEvidenceUpdate"])
    return ("```graphql\nmutation %s($input: %sInput!) {\n  %s(input: $input) {\n    userErrors { field message code }\n    %s { id %s }\n  }\n}\n```\n%s"
            % (m[0].upper() + m[1:], m[0].upper() + m[1:], m, ch(["refund", "giftCard", "fulfillment", "order", "return"]),
               ch(["maskedCode lastCharacters", "totalRefundedSet { shopMoney { amount currencyCode } }", "trackingInfo { number company url }", "status"]),
               ch(["userErrors is empty but nothing happens", "returns ACCESS_DENIED with the new app scopes", "funktioniert nur mit API-Version 2024-10"])))


def ci_proto():
    svc = ch(["RefundService", "DisputeService", "PayoutService", "VoucherService", "TrackingService"])
    return ("```proto\nservice %s {\n  rpc Create%s(Create%sRequest) returns (%s);\n  rpc Get%s(Get%sRequest) returns (%s);\n}\n\nmessage Create%sRequest {\n  string order_id = 1;\n  string psp_reference = 2;\n"
            "  google.type.Money amount = 3;\n  string %s = 4;\n  string %s = 5;\n}\n```" % (svc, svc[:-7], svc[:-7], svc[:-7], svc[:-7], svc[:-7], svc[:-7], svc[:-7], snake_ident(), snake_ident()))


def ci_flags():
    fl = ["payments.refunds.instant_to_wallet.enabled", "fraud.rules.card_fingerprint_velocity_24h.threshold", "checkout.adyen.hmac_v2_validation",
          "support.macros.llm_suggestions.rollout_pct", "disputes.auto_evidence.product_not_received", "giftcards.code_entropy_v2",
          "shipping.tracking.dhl_webhook_push", "payouts.sepa.iban_name_check", "kyc.sellers.ssn_last4_only", "vouchers.stacking.allowed"]
    pick = sample(fl, ri(2, 5))
    return "\n".join("`%s` → %s" % (f, ch(["true", "false", "25", "0.4", "\"on\"", "off (EU), on (UK)"])) for f in pick) + "\n" + ch(
        ["flags as of this morning", "Stand heute früh", "estado de los flags ahora mismo", "état des flags ce matin"])


def ci_kubectl():
    lines = ["$ kubectl -n payments get pods", "NAME                                   READY   STATUS             RESTARTS      AGE"]
    for _ in range(ri(4, 10)):
        n = pod(ch(SERVICES))
        lines.append("%-38s %-7s %-18s %-13s %s" % (n, ch(["1/1", "2/2", "0/1"]), ch(["Running", "Running", "CrashLoopBackOff", "Pending"]), "%d" % ri(0, 40), "%dd" % ri(1, 60)))
    return "```\n" + "\n".join(lines) + "\n```"


def ci_chunks():
    lines = []
    for _ in range(ri(4, 9)):
        lines.append("  %-60s %s kB" % ("static/chunks/%s-%s.js" % (ch(["pages/checkout/[orderId]", "pages/returns/[rmaId]", "pages/account/vouchers",
                                                                          "adyen-dropin", "stripe-elements", "tracking-timeline", "app/support/macros/page"]), hexs(16)), "%.1f" % (R.random() * 90 + 1)))
    return "next build output, the drop-in chunk doubled:\n```\nRoute (pages)                                                Size\n" + "\n".join(lines) + "\n```"


def ci_css_modules():
    cl = ["PaymentForm_cardNumberInput__%s" % rs(B62, 5), "RefundDialog_ibanField__%s" % rs(B62, 5), "css-%s" % rs(LO + DIG, 7),
          "sc-%s" % rs(B62, 6), "TrackingTimeline_step--late__%s" % rs(B62, 5), "_ngcontent-ng-c%d" % ri(10 ** 9, 10 ** 10 - 1), "data-v-%s" % hexs(8)]
    p = sample(cl, 3)
    return "```html\n<div class=\"%s\"><input class=\"%s\" autocomplete=\"cc-number\" inputmode=\"numeric\"><span class=\"%s\"></span></div>\n```\n%s" % (
        p[0], p[1], p[2], ch(["the e2e selector broke because the hash changed", "der Hash im Klassennamen ändert sich bei jedem Build",
                              "les classes hashées changent à chaque build"]))


def ci_tf_plan():
    res = sample(["module.payments.aws_secretsmanager_secret.stripe_webhook_signing_secret", "module.payments.aws_secretsmanager_secret_version.adyen_hmac_key",
                  "aws_iam_access_key.settlement_exporter", "aws_iam_user_policy.csv_exports_read", "module.support.aws_ses_domain_identity.support_mail",
                  "module.fraud.aws_kms_key.card_fingerprint_pepper", "vault_generic_secret.payments_psp_credentials", "google_secret_manager_secret.klarna_password"], ri(3, 5))
    return "```\nTerraform will perform the following actions:\n\n" + "\n".join("  # %s will be %s" % (r, ch(["created", "updated in-place", "destroyed", "replaced"])) for r in res) + \
        "\n\nPlan: %d to add, %d to change, %d to destroy.\n```" % (ri(0, 3), ri(0, 3), ri(0, 2))


def ci_bazel():
    t = sample(["//payments/refunds:refund_worker_test", "//payments/adyen:hmac_validator_test", "//fraud/rules:velocity_card_fingerprint_test",
                "//support/macros:macro_renderer_test", "//shipping/tracking:carrier_parser_dhl_test", "//giftcards:code_generator_test",
                "//payouts/sepa:iban_checksum_test"], ri(3, 5))
    return "```\n" + "\n".join("%-55s %s in %.1fs" % (x, ch(["PASSED", "PASSED", "FAILED", "FLAKY"]), R.random() * 20) for x in t) + "\n```"


def ci_enums():
    k = ri(0, 1)
    if k == 0:
        return "```kotlin\nenum class AdyenEventCode {\n    %s\n}\n```" % ",\n    ".join(sample(ADYEN_EVENTS, ri(5, 10)))
    return "```ts\nexport type DisputeStatus =\n  | 'warning_needs_response'\n  | 'warning_under_review'\n  | 'needs_response'\n  | 'under_review'\n  | 'won'\n  | 'lost';\nexport type DisputeReason = %s;\n```" % " | ".join("'%s'" % r for r in sample(DISPUTE_REASONS, 4))


def ci_ts_interface():
    f = sample(["cardNumberLast4: string", "ibanMasked: string", "customerEmailHash: string", "phoneNumberE164?: string",
                "passwordResetTokenExpiresAt: Date", "apiKeyPrefix: string", "hmacSignatureValid: boolean", "ssnLast4Provided: boolean",
                "voucherCodeLast4: string", "trackingNumber: string", "pspReference: string", "refundArn?: string"], ri(4, 8))
    return "```ts\nexport interface %s {\n%s\n}\n```" % (ch(["RefundView", "PayoutAccountSummary", "SupportCustomerCard", "DisputeRow", "SellerKycStatus"]),
                                                   "\n".join("  " + x + ";" for x in f))


def ci_fraud_dsl():
    r = ch(["card_fingerprint_velocity", "ip_country_mismatch", "new_account_high_value", "giftcard_burst", "refund_abuse_score"])
    return ("```\nrule \"%s\"\n  when\n    count(payment.card_fingerprint, window=24h) > %d\n    and ip.country != billing.country\n    and order.item_categories contains \"%s\"\n  then\n"
            "    action = %s\n    score += %d\nend\n```\n%s" % (r, ri(2, 6), ch(["gift_cards", "electronics", "sneakers", "vouchers"]), ch(["review", "block", "3ds_challenge"]),
                                                          ri(10, 60), ch(["proposal for the Q3 rule review", "Vorschlag für das Regel-Review", "propuesta para la revisión de reglas"])))


def ci_elixir():
    return ("```\n** (FunctionClauseError) no function clause matching in Bazaro.Payments.Webhooks.%s.verify_hmac/2\n    (bazaro 2.%d.0) lib/bazaro/payments/webhooks/%s.ex:%d: Bazaro.Payments.Webhooks.%s.verify_hmac(%%{\"eventCode\" => \"%s\"}, nil)\n"
            "    (bazaro 2.%d.0) lib/bazaro_web/controllers/webhook_controller.ex:%d: BazaroWeb.WebhookController.create/2\n```"
            % (ch(["AdyenController", "StripeController"]), ri(1, 30), ch(["adyen", "stripe"]), ri(10, 200), ch(["Adyen", "Stripe"]), ch(ADYEN_EVENTS), ri(1, 30), ri(10, 90)))


def ci_metrics():
    m = sample(["payments.webhook.hmac_validation.failure", "refund.worker.psp_timeout", "disputes.evidence.submitted", "fraud.rule.card_fingerprint_velocity.hit",
                "support.macro.llm_suggestion.accepted", "giftcard.redeem.invalid_code", "tracking.carrier_poll.latency_ms", "payout.sepa.iban_validation.error"], ri(3, 5))
    return "dashboards to watch during the rollout:\n" + "\n".join("• `%s{%s}`" % (x, ch(["psp:adyen", "psp:stripe", "market:de", "env:prod"])) for x in m)


def ci_swift_objc():
    return ch([
        "```\nThread 0 Crashed:\n0   Bazaro   0x%x $s6Bazaro17CheckoutViewModelC19handleApplePayTokenyySo07PKPaymentG0CF + %d\n1   Bazaro   0x%x $s6Bazaro15PaymentCoordinatorC8authorizeyyAA7PaymentVF + %d\n2   PassKitCore 0x%x -[PKPaymentAuthorizationCoordinator _didAuthorizePayment:] + %d\n```"
        % (ri(0x100000000, 0x1ffffffff), ri(10, 900), ri(0x100000000, 0x1ffffffff), ri(10, 900), ri(0x180000000, 0x1ffffffff), ri(10, 900)),
        "`-[BZPaymentSheetController paymentAuthorizationViewController:didAuthorizePayment:handler:]` is called twice on iOS 17.%d, hence the double capture" % ri(0, 6),
    ])


def ci_r8():
    lines = []
    for _ in range(ri(3, 7)):
        c = "com.bazaro.checkout.%s.%s" % (ch(["payment", "refund", "voucher", "tracking"]), cls())
        lines.append("%s -> %s:" % (c, ".".join(rs(LO, 1) for _ in range(ri(2, 3)))))
        lines.append("    %s %s(%s) -> %s" % (ch(["void", "boolean", "java.lang.String"]), meth(), ch(["java.lang.String", "", "android.content.Context"]), rs(LO, 1)))
    return "mapping.txt excerpt for the crash:\n```\n" + "\n".join(lines) + "\n```"


def ci_spring_beans():
    b = sample(["stripeWebhookSigningSecretResolver", "adyenHmacKeyRotationScheduler", "sepaPayoutIbanValidator", "supportConsoleJwtDecoder",
                "giftCardCodeHasher", "customerPhoneNumberNormalizer", "refundIdempotencyKeyGenerator", "chargebackEvidencePdfRenderer"], 3)
    return ("Parameter 0 of constructor in com.bazaro.payments.config.%s required a bean named '%s' that could not be found.\n\nAction:\n\nConsider defining a bean named '%s' in your configuration."
            % (cls(), b[0], b[0]))


def ci_logger_names():
    lines = []
    for _ in range(ri(4, 10)):
        lines.append("%s %-5s [%s] c.b.%s.%s : %s" % (iso(), ch(["INFO", "WARN", "DEBUG"]), ch(SERVICES), ".".join(p[0] for p in ch(PKGS).split(".")), cls(),
                                                    ch(["skip, already processed", "retry scheduled", "mask applied", "rule evaluated", "lookup ok", "cache miss"])))
    return "```\n" + "\n".join(lines) + "\n```"


def ci_zendesk_fields():
    f = sample(["custom_field_iban_on_file", "ticket.custom_fields.chargeback_reason_code", "custom_field_card_last4", "custom_field_refund_method",
                "ticket.custom_fields.psp_reference", "custom_field_tracking_number_present", "custom_field_voucher_issued", "ticket.custom_fields.fraud_suspected"], ri(3, 5))
    return "the macro conditions reference these fields:\n" + "\n".join("- `%s` (id %d)" % (x, ri(360000000000, 369999999999)) for x in f)


def ci_django_migrations():
    lines = []
    for i in range(ri(3, 7)):
        lines.append(" [X] %04d_%s" % (ri(30, 120) + i, ch(["paymentattempt_card_fingerprint_idx", "payoutaccount_iban_hash", "sellertaxprofile_ssn_encrypted",
                                                             "customercontact_phone_e164", "voucher_code_hash_unique", "refund_arn_nullable", "dispute_evidence_due_by"])))
    return "```\n$ ./manage.py showmigrations payments\npayments\n" + "\n".join(lines) + "\n```"


def ci_dataclass():
    return ("```python\n@dataclass(frozen=True)\nclass %s:\n    order_id: str\n    psp_reference: str\n    %s: str | None\n    %s: str\n    %s: bool = False\n```"
            % (ch(["RefundRequest", "PayoutInstruction", "DisputeSnapshot", "VoucherIssue"]), snake_ident(), snake_ident(), snake_ident()))


def ci_cpp_terminal():
    return ("```\n(gdb) bt\n#0  0x%012x in _ZN6bazaro3pos8Terminal14readCardRecordERKNS_7EmvTlvE ()\n#1  0x%012x in _ZN6bazaro3pos13PaymentFlow12authorizeEmvEv ()\n#2  0x%012x in _ZNSt6thread11_State_implINS_8_InvokerISt5tupleIJZN6bazaro3pos8Terminal5startEvEUlvE_EEEEE6_M_runEv ()\n```\nPOS terminal SDK at the outlet store"
            % (ri(0x550000000000, 0x55ffffffffff), ri(0x550000000000, 0x55ffffffffff), ri(0x7f0000000000, 0x7fffffffffff)))


CODE_IDENT_TEMPLATES = [ci_java_trace, ci_py_trace, ci_go_panic, ci_ruby_trace, ci_php_magento, ci_dotnet, ci_rust_symbols, ci_long_names,
                        ci_sql_ddl, ci_graphql, ci_proto, ci_flags, ci_kubectl, ci_chunks, ci_css_modules, ci_tf_plan, ci_bazel, ci_enums,
                        ci_ts_interface, ci_fraud_dsl, ci_elixir, ci_metrics, ci_swift_objc, ci_r8, ci_spring_beans, ci_logger_names,
                        ci_zendesk_fields, ci_django_migrations, ci_dataclass, ci_cpp_terminal]


# ===========================================================================
# NEGATIVES 4/6: non_credential_blob
# ===========================================================================
def git_sha():
    return hexs(40)


def sha256_hex():
    return hashlib.sha256(rbytes(32)).hexdigest()


def b64_digest(n=32):
    return b64(rbytes(n))


def nb_stripe_sig():
    t = epoch()
    v1 = hexs(64)
    ev = {"id": stripe_id("evt"), "object": "event", "type": ch(STRIPE_EVENTS), "created": t, "livemode": ch([True, False]),
          "data": {"object": {"id": stripe_id(ch(["pi", "ch", "du", "re", "po"])), "amount": ri(100, 90000), "currency": ch(["eur", "gbp", "usd", "pln"])}},
          "request": {"id": "req_" + rs(B62, 14), "idempotency_key": uuid4()}}
    return ("signature check fails only for this one, raw body + header:\n```\nStripe-Signature: t=%d,v1=%s,v0=%s\n\n%s\n```\n%s"
            % (t, v1, hexs(64), json.dumps(ev), ch(["the body was re-serialized by the proxy, that's why", "el proxy re-serializa el body",
                                                     "der Proxy formatiert den Body neu", "le proxy reformate le corps"])))


def nb_shopify_headers():
    return ("```\nX-Shopify-Topic: %s\nX-Shopify-Hmac-Sha256: %s\nX-Shopify-Shop-Domain: bazaro-%s.myshopify.com\nX-Shopify-Webhook-Id: %s\nX-Shopify-Event-Id: %s\nX-Shopify-Triggered-At: %s\nX-Shopify-API-Version: 2025-01\n```\n%s"
            % (ch(["refunds/create", "orders/paid", "fulfillments/update", "disputes/create", "orders/cancelled"]), b64_digest(), ch(["eu", "de", "outlet", "nordics"]),
               uuid4(), uuid4(), iso(), ch(["we get each of these 3x since the app reinstall", "Duplikate seit der Neuinstallation der App", "duplicados desde la reinstalación"])))


def nb_adyen_notification():
    item = {"NotificationRequestItem": {"additionalData": {"hmacSignature": b64_digest(), "paymentMethodVariant": ch(["visa", "mc", "amex", "ideal", "klarna_paynow"]),
                                                           "chargebackReasonCode": ch(ADYEN_REASON_CODES), "modificationMerchantReferences": ""},
                                        "amount": {"currency": ch(CURRENCIES[:4]), "value": ri(100, 90000)},
                                        "eventCode": ch(ADYEN_EVENTS), "eventDate": iso(ms=False).replace("Z", "+01:00"),
                                        "merchantAccountCode": ch(["BazaroEU", "BazaroUK", "BazaroMarketplaceECOM"]),
                                        "merchantReference": order_no().lstrip("#"), "originalReference": psp_ref(), "pspReference": psp_ref(),
                                        "reason": "", "success": ch(["true", "false"])}}
    return "```json\n{\"live\":\"true\",\"notificationItems\":[%s]}\n```\n%s" % (json.dumps(item, indent=2), ch(
        ["^ this one got 401 from our endpoint, HMAC was fine", "retry #5 from Adyen, our endpoint timed out", "Adyen hat das 7x geschickt",
         "Adyen ne reçoit pas notre [accepted]"]))


def nb_refund_list():
    lines = ["$ stripe refunds list --limit %d | jq -c '.data[] | {id, amount, status, payment_intent, balance_transaction}'" % ri(3, 8)]
    for _ in range(ri(3, 8)):
        lines.append(json.dumps({"id": stripe_id("re"), "amount": ri(100, 20000), "status": ch(["succeeded", "pending", "failed", "canceled"]),
                                 "payment_intent": stripe_id("pi"), "balance_transaction": stripe_id("txn")}, separators=(",", ":")))
    return "```\n" + "\n".join(lines) + "\n```"


def nb_git_log():
    msgs = ["fix(refunds): don't double-post partial refunds to ledger", "feat(adyen): validate HMAC with both active keys during rotation",
            "chore: bump stripe-go to v79", "fix(tracking): DHL returns 429, back off", "feat(vouchers): crockford base32 codes",
            "revert \"feat(fraud): block prepaid BINs\"", "fix(disputes): evidence due date in merchant timezone", "test: webhook replay fixtures",
            "refactor(support): macro renderer uses liquid strict mode", "fix(payouts): reject IBANs with lowercase country code"]
    lines = ["$ git log --oneline -n %d" % ri(5, 9)]
    for m in sample(msgs, ri(5, 9)):
        lines.append("%s %s" % (hexs(ch([7, 9, 12])), m))
    return "```\n" + "\n".join(lines) + "\n```"


def nb_docker_digest():
    svc = ch(SERVICES)
    d = sha256_hex()
    return ch([
        "prod is on `ghcr.io/bazaro/%s@sha256:%s`, staging on `...@sha256:%s`" % (svc, d, sha256_hex()),
        "```\n$ docker pull ghcr.io/bazaro/%s:%s\n%s: Pulling from bazaro/%s\nDigest: sha256:%s\nStatus: Downloaded newer image for ghcr.io/bazaro/%s:%s\n```" % (svc, hexs(7), hexs(7), svc, d, svc, hexs(7)),
        "```\n    Image:          ghcr.io/bazaro/%s:2.%d.%d\n    Image ID:       ghcr.io/bazaro/%s@sha256:%s\n    Container ID:   containerd://%s\n```" % (svc, ri(0, 40), ri(0, 9), svc, d, sha256_hex()),
    ])


def nb_trace_ids():
    d = rdt()
    lines = []
    for _ in range(ri(3, 8)):
        d = d + datetime.timedelta(milliseconds=ri(5, 4000))
        lines.append(json.dumps({"ts": d.strftime("%Y-%m-%dT%H:%M:%S.") + "%03dZ" % (d.microsecond // 1000),
                                 "svc": ch(SERVICES), "trace_id": hexs(32), "span_id": hexs(16), "idempotency_key": uuid4(),
                                 "msg": ch(["refund accepted by psp", "webhook deduplicated", "tracking update stored", "voucher issued", "dispute evidence queued"])}))
    return "```\n" + "\n".join(lines) + "\n```"


def nb_traceparent():
    return ("```\ntraceparent: 00-%s-%s-01\nx-request-id: %s\nx-amzn-trace-id: Root=1-%08x-%s;Parent=%s;Sampled=1\n```\n%s"
            % (hexs(32), hexs(16), uuid4(), ri(0x66000000, 0x6a000000), hexs(24), hexs(16),
               ch(["headers from the failing refund call", "Header vom fehlgeschlagenen Refund-Call", "cabeceras de la llamada fallida"])))


def nb_sentry():
    return ch([
        "Sentry issue PAYMENTS-%s, event `%s`, first seen in release `refund-worker@%s`" % (rs(UP + DIG, 3), hexs(32), hexs(12)),
        "same crash as event %s (sentry), %d events in 1h, all from the `%s` queue" % (hexs(32), ri(20, 900), ch(["refunds_high", "disputes", "payouts"])),
    ])


def nb_npm_integrity():
    pk = ch([("@stripe/stripe-js", "4.%d.0" % ri(0, 9)), ("@adyen/adyen-web", "5.%d.%d" % (ri(50, 70), ri(0, 5))), ("@paypal/paypal-js", "8.%d.0" % ri(0, 3)),
             ("libphonenumber-js", "1.11.%d" % ri(1, 20)), ("ibantools", "4.5.%d" % ri(0, 2))])
    return ('```\n"node_modules/%s": {\n  "version": "%s",\n  "resolved": "https://registry.npmjs.org/%s/-/%s-%s.tgz",\n  "integrity": "sha512-%s"\n}\n```'
            % (pk[0], pk[1], pk[0], pk[0].split("/")[-1], pk[1], b64(rbytes(64))))


def nb_sri():
    v = "5.%d.%d" % (ri(50, 70), ri(0, 5))
    return ('```html\n<script src="https://checkoutshopper-live.adyen.com/checkoutshopper/sdk/%s/adyen.js"\n        integrity="sha384-%s"\n        crossorigin="anonymous"></script>\n```\n%s'
            % (v, b64(rbytes(48)), ch(["hash from the Adyen release notes", "integrity aus den Release Notes", "hash de las notas de versión"])))


def nb_gosum():
    return "```\n" + "\n".join([
        "github.com/stripe/stripe-go/v79 v79.%d.0 h1:%s" % (ri(0, 12), b64_digest()),
        "github.com/stripe/stripe-go/v79 v79.%d.0/go.mod h1:%s" % (ri(0, 12), b64_digest()),
        "github.com/adyen/adyen-go-api-library/v11 v11.%d.0 h1:%s" % (ri(0, 5), b64_digest()),
        "github.com/nyaruka/phonenumbers v1.%d.%d h1:%s" % (ri(1, 4), ri(0, 9), b64_digest())][:ri(2, 4)]) + "\n```"


def nb_pip_hashes():
    return "```\n" + "stripe==%d.%d.0 \\\n    --hash=sha256:%s \\\n    --hash=sha256:%s\nAdyen==12.%d.0 \\\n    --hash=sha256:%s\n```" % (
        ri(9, 11), ri(0, 9), sha256_hex(), sha256_hex(), ri(0, 9), sha256_hex())


def nb_sha256sum():
    d = rdt()
    lines = []
    for i in range(ri(2, 5)):
        lines.append("%s  %s" % (sha256_hex(), ch(["settlement_detail_report_batch_%d.csv" % ri(100, 999), "payments_accounting_report_%s.csv" % d.strftime("%Y_%m_%d"),
                                                   "dispute_report_%s.csv" % d.strftime("%Y%m%d"), "received_payments_report_%s.csv.gpg" % d.strftime("%Y_%m_%d")])))
    return "checksums of what we pulled from the PSP SFTP today:\n```\n" + "\n".join(lines) + "\n```"


def nb_s3_ls():
    d = rdt()
    lines = ["$ aws s3 ls s3://bazaro-finance-exports/%s/ --recursive | tail -%d" % (d.strftime("%Y/%m"), 5)]
    for _ in range(ri(3, 6)):
        lines.append("%s %10d %s/%s/%s-%s.csv.gz" % (d.strftime("%Y-%m-%d %H:%M:%S"), ri(10000, 90000000), d.strftime("%Y/%m"), ch(["refunds", "chargebacks", "payouts", "vouchers"]),
                                                   d.strftime("%Y%m%d"), hexs(12)))
    return "```\n" + "\n".join(lines) + "\n```"


def nb_etag():
    return ch([
        "```\n$ aws s3api head-object --bucket bazaro-finance-exports --key refunds/%s.csv.gz\n{\n    \"ContentLength\": %d,\n    \"ETag\": \"\\\"%s-%d\\\"\",\n    \"ContentType\": \"application/gzip\"\n}\n```" % (rdt().strftime("%Y%m%d"), ri(10 ** 6, 10 ** 8), hexs(32), ri(2, 40)),
        "ETag changed from `\"%s\"` to `W/\"%s\"` after the CDN change, so the tracking widget cache is always cold" % (hexs(32), hexs(16)),
        "Content-MD5 of the evidence upload: `%s`, PSP says theirs is different" % b64(rbytes(16)),
    ])


def nb_sops():
    def enc(n):
        return "ENC[AES256_GCM,data:%s,iv:%s,tag:%s,type:str]" % (b64(rbytes(n)), b64(rbytes(32)), b64(rbytes(16)))
    return ("```yaml\n# secrets/prod/psp.enc.yaml\nadyen:\n    api_key: %s\n    hmac_key: %s\nstripe:\n    secret_key: %s\nsops:\n    kms:\n        - arn: arn:aws:kms:eu-west-1:111122223333:key/%s\n"
            "    lastmodified: \"%s\"\n    mac: ENC[AES256_GCM,data:%s,iv:%s,tag:%s,type:str]\n    version: 3.9.%d\n```\nencrypted file is fine to paste, the values are ciphertext"
            % (enc(60), enc(48), enc(54), uuid4(), iso(ms=False), b64(rbytes(64)), b64(rbytes(32)), b64(rbytes(16)), ri(0, 4)))


def nb_vault_cipher():
    return ch([
        "the `iban_ciphertext` column holds transit output like `vault:v%d:%s` — decrypting needs the payouts policy" % (ri(1, 4), b64(rbytes(ri(40, 64)))),
        "```\n$ vault write -field=ciphertext transit/encrypt/card-fp plaintext=$(echo -n 'fp-test' | base64)\nvault:v%d:%s\n```" % (ri(1, 3), b64(rbytes(ri(28, 40)))),
    ])


def nb_cursor():
    c = b64(json.dumps({"id": stripe_id("re"), "created": epoch()}, separators=(",", ":")).encode()).rstrip("=")
    c2 = b64(json.dumps({"offset": ri(100, 9000), "sort": "created_at", "dir": "desc"}, separators=(",", ":")).encode())
    return ch([
        "refunds endpoint returns `\"next_cursor\": \"%s\"` and the client sends it back unchanged, still get page 1 again" % c,
        "```\nGET /v2/disputes?limit=100&cursor=%s\n```\nthe cursor is just base64 json, nothing secret" % c2,
    ])


def nb_fingerprint():
    fp = rs(B62, 16)
    return ch([
        "Radar rule draft: `:card_fingerprint: = '%s' and :amount_in_eur: > 200` — that fingerprint had 14 disputes this month" % fp,
        "same `card.fingerprint` (`%s`) across %d buyer accounts, flagged to fraud" % (fp, ri(3, 20)),
        "Adyen `shopperReference` is our hashed user id: `%s`" % hexs(40),
        "device hashes from the fraud SDK: %s" % ", ".join("`%s`" % hexs(40) for _ in range(ri(2, 4))),
    ])


def tracking_mixed():
    k = ri(0, 5)
    if k == 0:
        body = "1Z%s%02d%08d" % (rs(UP + DIG, 6), ri(1, 99), ri(0, 99999999))
        return "UPS", body
    if k == 1:
        return "Royal Mail", "%s%09d%s" % (rs("ABCDEFGHJKLMNPQRSTUVWXYZ", 2), ri(0, 999999999), "GB")
    if k == 2:
        return "PostNL", "3S%s%d" % (rs(UP, 4), ri(1000000, 99999999))
    if k == 3:
        return "Colissimo", "6A%011d" % ri(0, 99999999999)
    if k == 4:
        return "InPost", "%s" % ("6" + rs(DIG, 5) + rs(UP, 2))
    return "DHL eCommerce", "JV%s" % rs(UP + DIG, 16)


def nb_tracking_table():
    lines = ["| carrier | tracking | status |", "|---|---|---|"]
    for _ in range(ri(4, 9)):
        c, t = tracking_mixed()
        lines.append("| %s | `%s` | %s |" % (c, t, ch(["in transit", "delivered", "exception: address", "returned to sender", "held at customs"])))
    return ch(["stuck parcels from this week's escalations:", "Hängende Sendungen aus den Eskalationen:", "colis bloqués cette semaine :"]) + "\n" + "\n".join(lines)


def nb_ulids():
    return "RMAs created by the bulk-return script: " + ", ".join("`%s`" % ulid() for _ in range(ri(3, 6)))


def nb_objectids():
    lines = []
    for _ in range(ri(3, 6)):
        lines.append('{ "_id": ObjectId("%s"), "conversation": "%s", "channel": "%s", "csat": %d }' % (objectid(), objectid(), ch(["chat", "email", "whatsapp"]), ri(1, 5)))
    return "```\n> db.transcripts.find({ csat: { $lt: 3 } }).limit(%d)\n%s\n```" % (len(lines), "\n".join(lines))


def nb_aws_request_ids():
    return ("```\nx-amz-request-id: %s\nx-amz-id-2: %s\nx-amz-cf-id: %s\n```\n%s" % (rs(UP + DIG, 16), b64(rbytes(57)), rs(B64URL, 52) + "==",
                                                                                 ch(["from the failed CSV export download", "vom fehlgeschlagenen Export-Download"])))


def nb_stripe_error():
    return ("```\nStripe::InvalidRequestError: (Status 400) (Request %s) Charge %s has already been refunded.\n  Idempotency-Key: %s\n  Stripe-Version: 2024-06-20\n```"
            % ("req_" + rs(B62, 14), stripe_id("ch"), uuid4()))


def nb_b64_text():
    plain = ch(['{"cart":"c1-%s","locale":"de-DE"}' % hexs(32), "order=%s;market=%s" % (order_no().lstrip("#"), ch(MARKETS)),
                '{"returnUrl":"/account/orders","step":"3ds"}', "voucher-batch:%s" % ulid()])
    return "merchantReference field is base64 from the old checkout: `%s` → decodes to `%s`" % (b64(plain.encode()), plain)


def nb_helm_checksum():
    return ("```yaml\n  template:\n    metadata:\n      annotations:\n        checksum/config: %s\n        checksum/secret: %s\n```\nthat's why the %s pods restarted at %s"
            % (sha256_hex(), sha256_hex(), ch(SERVICES), rdt().strftime("%H:%M")))


def nb_csp_hashes():
    return "checkout CSP after removing the inline GTM snippet:\n```\nscript-src 'self' 'sha256-%s' 'sha256-%s' https://js.stripe.com https://checkoutshopper-live.adyen.com;\n```" % (b64_digest(), b64_digest())


def nb_pgp_fpr():
    f = " ".join(rs("0123456789ABCDEF", 4) for _ in range(10))
    return ("PSP's public key for the encrypted settlement files (public, from their portal):\n```\npub   rsa4096 %s [SC]\n      %s\nuid           [ unknown] Settlement Reports Encryption\n```"
            % (rdt().strftime("%Y-%m-%d"), f.replace(" ", "")))


def nb_ssh_hostkey():
    return ("```\n$ ssh-keyscan -p 22 sftp.settlements.internal | ssh-keygen -lf -\n256 SHA256:%s sftp.settlements.internal (ED25519)\n3072 SHA256:%s sftp.settlements.internal (RSA)\n```\nhost key changed after their maintenance, fingerprints match the ones in their notice"
            % (b64(rbytes(32)).rstrip("="), b64(rbytes(32)).rstrip("=")))


def nb_shopify_tokens():
    return ch([
        "`cart_token: c1-%s` and `checkout_token: %s` are on the order, but the abandoned-checkout webhook has a different one" % (hexs(32), hexs(32)),
        "order `gid://shopify/Order/%d` has `checkout_token` `%s`" % (ri(5 * 10 ** 12, 6 * 10 ** 12), hexs(32)),
    ])


def nb_3ds():
    return "```json\n%s\n```" % json.dumps({"threeDSServerTransID": uuid4(), "dsTransID": uuid4(), "acsTransID": uuid4(), "messageVersion": "2.2.0",
                                           "transStatus": ch(["Y", "C", "N", "R"]), "eci": ch(["05", "06", "02", "07"])}, indent=2)


def nb_giftcard_hashes():
    lines = ["code_hash,state,balance_minor,currency"]
    for _ in range(ri(4, 10)):
        lines.append("%s,%s,%d,%s" % (sha256_hex(), ch(["active", "redeemed", "expired", "blocked"]), ri(0, 20000), ch(CURRENCIES[:4])))
    return "giftcard-service export (hashes only, no codes):\n```\n" + "\n".join(lines) + "\n```"


def nb_minified():
    return ("```js\n!function(e,t){\"use strict\";var n=\"%s\",r=function(e){return e.replace(/\\s+/g,\"\")};e.BZ_CHECKOUT={v:n,h:\"%s\",m:r}}(window,document);\n```\nchecksum `%s` of the bundle in the cdn"
            % (hexs(8), hexs(40), hexs(64)))


def nb_tf_lineage():
    return '```json\n{\n  "version": 4,\n  "terraform_version": "1.%d.%d",\n  "serial": %d,\n  "lineage": "%s",\n  "outputs": {}\n}\n```' % (ri(5, 9), ri(0, 6), ri(10, 900), uuid4())


def nb_ci_ids():
    return ch([
        "CI run %d (job %d) failed on the webhook contract tests, re-ran as %d" % (ri(10 ** 9, 10 ** 10 - 1), ri(10 ** 10, 10 ** 11 - 1), ri(10 ** 9, 10 ** 10 - 1)),
        "Buildkite build `%s` is the one that shipped the broken macro renderer" % uuid4(),
        "Cloud Build `%s` for settlement-importer, logs in the finance project" % uuid4(),
    ])


NON_CRED_BLOB_TEMPLATES = [nb_stripe_sig, nb_shopify_headers, nb_adyen_notification, nb_refund_list, nb_git_log, nb_docker_digest, nb_trace_ids,
                           nb_traceparent, nb_sentry, nb_npm_integrity, nb_sri, nb_gosum, nb_pip_hashes, nb_sha256sum, nb_s3_ls, nb_etag,
                           nb_sops, nb_vault_cipher, nb_cursor, nb_fingerprint, nb_tracking_table, nb_ulids, nb_objectids, nb_aws_request_ids,
                           nb_stripe_error, nb_b64_text, nb_helm_checksum, nb_csp_hashes, nb_pgp_fpr, nb_ssh_hostkey, nb_shopify_tokens,
                           nb_3ds, nb_giftcard_hashes, nb_minified, nb_tf_lineage, nb_ci_ids]


# ===========================================================================
# NEGATIVES 5/6: pii_lookalike_number
# ===========================================================================
def ean13():
    return no_luhn(_ean13)


def isbn13():
    return no_luhn(_isbn13)


def _ean13():
    base = ch(["400", "401", "540", "590", "800", "842", "871", "450", "300", "761"]) + rs(DIG, 9)
    s = sum(int(c) * (3 if i % 2 else 1) for i, c in enumerate(base))
    return base + str((10 - s % 10) % 10)


def _isbn13():
    base = "978" + ch(["3", "2", "84", "88", "90", "83", "4"])
    base += rs(DIG, 12 - len(base))
    s = sum(int(c) * (3 if i % 2 else 1) for i, c in enumerate(base))
    full = base + str((10 - s % 10) % 10)
    return "%s-%s-%s-%s-%s" % (full[:3], full[3], full[4:8], full[8:12], full[12])


def rf_reference():
    ref = rs(DIG, ri(8, 14))
    t = ref + "RF00"
    n = "".join(str(int(c, 36)) for c in t)
    ck = 98 - int(n) % 97
    s = "RF%02d%s" % (ck, ref)
    return " ".join(wrap(s, 4))


def arn():
    return "%d%s" % (ch([2, 7, 8]), rs(DIG, 22))


def pl_orders_csv():
    rows = ["order_id,created_at,market,amount,currency,status,psp_reference,carrier,tracking_no"]
    d = rdt()
    for _ in range(ri(15, 30)):
        d = d + datetime.timedelta(seconds=ri(30, 4000))
        car = ch(["DHL", "DPD", "GLS", "FedEx", "PostNL"])
        trk = {"DHL": lambda: "%010d" % ri(10 ** 9, 10 ** 10 - 1), "DPD": lambda: "%014d" % ri(10 ** 13, 10 ** 14 - 1),
               "GLS": lambda: "%011d" % ri(10 ** 10, 10 ** 11 - 1), "FedEx": lambda: "%012d" % ri(10 ** 11, 10 ** 12 - 1),
               "PostNL": lambda: "3S%s%d" % (rs(UP, 4), ri(1000000, 9999999))}[car]
        trk = no_luhn(trk)
        rows.append("%d,%s,%s,%d.%02d,%s,%s,%s,%s,%s" % (ri(100000000, 999999999), d.strftime("%Y-%m-%d %H:%M:%S"), ch(MARKETS[:9]), ri(5, 900), ri(0, 99),
                                                         ch(CURRENCIES[:4]), ch(["captured", "refunded", "partially_refunded", "chargeback", "authorised"]), psp_ref(), car, trk))
    return ch(["export for the carrier reconciliation, last night's batch:", "Export für den Carrier-Abgleich:", "export pour le rapprochement transporteurs :",
               "exportación para la conciliación:"]) + "\n```csv\n" + "\n".join(rows) + "\n```"


def pl_arn():
    a = arn()
    return ch([
        "customer says the refund never arrived. ARN from the PSP is %s, they can give that to their bank" % a,
        "Kunde hat die Erstattung nicht bekommen, ARN laut Adyen: %s – bitte an die Bank weitergeben" % a,
        "el reembolso salió el %s, ARN %s; el banco tarda hasta 10 días" % (rdt().strftime("%d/%m"), a),
        "le remboursement est parti, ARN %s (à transmettre à la banque du client)" % a,
        "返金の ARN は %s です。カード会社に問い合わせてもらってください" % a,
        "zwrot wysłany, ARN %s — klient może to przekazać bankowi" % a,
    ])


def pl_amazon_style():
    ids = [no_luhn(lambda: "%03d-%07d-%07d" % (ri(100, 999), ri(0, 9999999), ri(0, 9999999))) for _ in range(ri(2, 5))]
    return ch(["marketplace orders imported with the old id format: ", "Bestellnummern im alten Format: ", "pedidos con el formato antiguo: "]) + ", ".join(ids)


def pl_shopify_ids():
    return ch([
        "order #%d is `gid://shopify/Order/%d`, refund id `gid://shopify/Refund/%d`" % (ri(1001, 99000), ri(5 * 10 ** 12, 6 * 10 ** 12), ri(9 * 10 ** 11, 10 ** 12 - 1)),
        "line item %d on order %d has quantity 0 after the return" % (ri(10 ** 13, 2 * 10 ** 13), ri(5 * 10 ** 12, 6 * 10 ** 12)),
    ])


def pl_tracking_numeric():
    t, c = no_luhn_pair(_tracking_numeric)
    return ch([
        "%s tracking %s shows delivered but the buyer opened a 'not received' dispute" % (c, t),
        "Sendungsnummer %s (%s) hängt seit 6 Tagen im Verteilzentrum" % (t, c),
        "numéro de suivi %s chez %s : colis retourné à l'expéditeur" % (t, c),
        "%s の追跡番号 %s、配達完了になっていますがお客様は未着と言っています" % (c, t),
        "seguimiento %s (%s): entregado en punto de recogida" % (t, c),
        "numer przesyłki %s (%s) — paczka w drodze od tygodnia" % (t, c),
    ])


def no_luhn_pair(fn):
    while True:
        t, c = fn()
        if not find_digit_windows(t):
            return t, c


def _tracking_numeric():
    k = ri(0, 5)
    if k == 0:
        t, c = "%012d" % ri(10 ** 11, 10 ** 12 - 1), "FedEx"
    elif k == 1:
        t, c = "%010d" % ri(10 ** 9, 10 ** 10 - 1), "DHL Express"
    elif k == 2:
        t, c = "%014d" % ri(10 ** 13, 10 ** 14 - 1), "DPD"
    elif k == 3:
        t, c = "%016d" % ri(10 ** 15, 10 ** 16 - 1), "Evri"
    elif k == 4:
        t, c = "9400 %s" % " ".join(rs(DIG, 4) for _ in range(4)) + " " + rs(DIG, 2), "USPS"
    else:
        t, c = "%04d-%04d-%04d" % (ri(1000, 9999), ri(0, 9999), ri(0, 9999)), "ヤマト運輸"
    return t, c


def pl_timestamps():
    e = epoch()
    return ch([
        "webhook `created` is %d but we stored %d (ms) — 1000x off in the dashboard" % (e, e * 1000 + ri(0, 999)),
        "Slack thread ts `%d.%06d`, same incident as the refund backlog" % (e, ri(0, 999999)),
        "dispute `evidence_due_by: %d` → %s UTC" % (e, datetime.datetime.fromtimestamp(e, UTC).strftime("%Y-%m-%d %H:%M")),
        "the carrier sends `eventTime: %d%03d` (epoch ms, UTC)" % (e, ri(0, 999)),
    ])


def pl_ean():
    lines = ["| sku | gtin | returns 30d |", "|---|---|---|"]
    for _ in range(ri(3, 7)):
        lines.append("| %s | %s | %d |" % (sku(), ean13(), ri(1, 90)))
    return ch(["top returned items by GTIN:", "meistretournierte Artikel:", "articles les plus retournés :"]) + "\n" + "\n".join(lines)


def pl_isbn():
    return "books category: refund requests for ISBN %s and %s are all 'wrong edition'" % (isbn13(), isbn13())


def pl_amounts():
    c = ch(["EUR", "GBP", "PLN", "SEK"])
    return ch([
        "chargebacks %s: %s disputes (%s %%), %s %s lost" % (rdt().strftime("%B"), "{:,}".format(ri(200, 4000)).replace(",", " "), "0,%02d" % ri(10, 90),
                                                           "{:,}".format(ri(10000, 900000)).replace(",", "."), c),
        "refunds paid out yesterday: %s (%s %s)" % ("{:,}".format(ri(1000, 90000)), "{:,}".format(ri(100000, 9000000)), c),
        "amount_minor=%d currency=%s captured=%d refunded=%d" % (ri(100, 999999), c, ri(100, 999999), ri(0, 99999)),
        "Umsatz Gutscheine KW %d: %s %s, davon eingelöst %s" % (ri(1, 52), "{:,}".format(ri(10000, 900000)).replace(",", "."), c, "{:,}".format(ri(1000, 90000)).replace(",", ".")),
    ])


def pl_ticket_ids():
    return ch([
        "dupes: #%d, #%d and #%d are the same customer asking about the same refund" % (ri(180000, 990000), ri(180000, 990000), ri(180000, 990000)),
        "PAY-%d / SUP-%d linked, Intercom conversation %d" % (ri(100, 9999), ri(1000, 99999), ri(10 ** 11, 10 ** 12)),
        "Zendesk %d → Jira PAYOPS-%d" % (ri(1000000, 9999999), ri(100, 5000)),
    ])


def pl_psp_refs():
    refs = [psp_ref() for _ in range(ri(3, 6))]
    return ch(["pspReferences stuck in REFUND_PENDING: ", "pspReferences sin confirmar: ", "pspReferences ohne REFUND-Webhook: "]) + ", ".join("`%s`" % r for r in refs)


def pl_reason_codes():
    lines = ["| network | code | meaning | count |", "|---|---|---|---|"]
    for n, c, m in sample([("Visa", "10.4", "other fraud, card-absent"), ("Visa", "13.1", "merchandise not received"), ("Visa", "13.3", "not as described"),
                           ("Mastercard", "4853", "cardholder dispute"), ("Mastercard", "4837", "no cardholder authorization"), ("Amex", "F29", "card not present"),
                           ("Amex", "C28", "cancelled recurring"), ("Visa", "12.6.1", "duplicate processing")], ri(3, 6)):
        lines.append("| %s | %s | %s | %d |" % (n, c, m, ri(1, 400)))
    return "\n".join(lines)


def pl_mcc_bin():
    return ch([
        "MCC 5311 vs 5399 — the acquirer changed it on %s and our approval rate dropped 2 points" % rdt().strftime("%Y-%m-%d"),
        "prepaid BIN ranges %d–%d are the gift-card fraud ones, rule blocks them for vouchers only" % (ri(400000, 499999), ri(400000, 499999)),
        "approval rate by BIN: %s" % ", ".join("%d → %d%%" % (ri(400000, 559999), ri(60, 99)) for _ in range(ri(3, 5))),
    ])


def pl_iso_fields():
    return "```\n%s acquirer-log rrn=%012d stan=%06d auth=%s resp=%s mcc=%d amt=%012d cur=%d\n```" % (
        iso(), ri(10 ** 11, 10 ** 12 - 1), ri(0, 999999), rs(UP + DIG, 6), ch(["00", "05", "51", "54", "91"]), ch([5311, 5399, 5732, 5691]), ri(100, 999999), ch([978, 826, 840, 985]))


def pl_dates():
    d = rdt()
    return ch([
        "cutoff for the %s settlement: %s / %s / %s" % (d.strftime("%B"), d.strftime("%d.%m.%Y"), d.strftime("%Y-%m-%d"), d.strftime("%Y年%m月%d日")),
        "Rückgabefrist läuft am %s ab, Bestellung vom %s" % ((d + datetime.timedelta(days=30)).strftime("%d.%m.%Y"), d.strftime("%d.%m.%Y")),
        "date limite de contestation : %s (reçu le %s)" % ((d + datetime.timedelta(days=20)).strftime("%d/%m/%Y"), d.strftime("%d/%m/%Y")),
    ])


def pl_ips():
    lines = []
    for _ in range(ri(4, 9)):
        lines.append('%s - - [%s] "POST /webhooks/%s HTTP/1.1" %d %d "-" "%s"' % (priv_ip(), rdt().strftime("%d/%b/%Y:%H:%M:%S +0000"), ch(["adyen", "stripe", "dhl", "shopify"]),
                                                                               ch([200, 200, 202, 401, 500, 504]), ri(2, 900), ch(["Adyen HttpClient 1.0", "Stripe/1.0 (+https://stripe.com/docs/webhooks)", "Go-http-client/2.0", "Shopify-Captain-Hook"])))
    return "ingress log behind the LB (internal addresses only):\n```\n" + "\n".join(lines) + "\n```"


def pl_rf():
    return ch([
        "B2B invoices now carry a structured creditor reference, e.g. `%s` — bank statement import matches on it" % rf_reference(),
        "Zahlungsreferenz auf der Rechnung: %s (ISO 11649), nicht mit der IBAN verwechseln" % rf_reference(),
        "référence structurée %s sur les factures marketplace" % rf_reference(),
    ])


def pl_invoice_numbers():
    y = ri(2024, 2026)
    return ch([
        "credit notes CN-%d-%06d to CN-%d-%06d were generated twice" % (y, ri(1, 5000), y, ri(5001, 9000)),
        "faktury FA/%d/%02d/%04d i FA/%d/%02d/%04d mają złą stawkę VAT" % (y, ri(1, 12), ri(1, 9999), y, ri(1, 12), ri(1, 9999)),
        "factura F%d-%06d duplicada en el export de contabilidad" % (y, ri(1, 999999)),
        "Rechnung RE-%d-%07d storniert, Gutschrift GS-%d-%07d" % (y, ri(1, 9999999), y, ri(1, 9999999)),
    ])


def pl_cidrs():
    return ("webhook-ingest network policy:\n```yaml\ningress:\n  - from:\n      - ipBlock: {cidr: 10.%d.0.0/16}\n      - ipBlock: {cidr: 172.%d.0.0/20}\n    ports:\n      - {port: %d, protocol: TCP}\n      - {port: %d, protocol: TCP}\n```"
            % (ri(0, 255), ri(16, 31), ch([8080, 8443, 9090]), ch([9464, 15090])))


def pl_latency():
    lines = ["| psp | p50 ms | p95 ms | p99 ms | errors |", "|---|---:|---:|---:|---:|"]
    for p in sample(PSPS, ri(3, 6)):
        a = ri(80, 400)
        lines.append("| %s | %d | %d | %d | %.2f%% |" % (p, a, a + ri(100, 900), a + ri(900, 4000), R.random() * 2))
    return ch(["refund API latency last 7d:", "Latenz Refund-API letzte 7 Tage:", "latencia de la API de reembolsos, últimos 7 días:"]) + "\n" + "\n".join(lines)


def pl_ratelimit():
    return ("```\nHTTP/1.1 429 Too Many Requests\nX-RateLimit-Limit: %d\nX-RateLimit-Remaining: 0\nX-RateLimit-Reset: %d\nRetry-After: %d\n```\n%s"
            % (ch([100, 500, 1000]), epoch(), ri(1, 120), ch(["DHL tracking API during the morning batch", "carrier API throttles the bulk label run"])))


def pl_cloud_ids():
    return ch([
        "the export bucket lives in account 123456789012 (sandbox) / 111122223333 (prod) per the README examples",
        "GCP project number %d hosts the fraud notebooks" % ri(10 ** 11, 10 ** 12 - 1),
        "Azure subscription `%s` is only for the POS terminals" % uuid4(),
        "instance `i-%s` ran out of disk during the settlement import" % hexs(17),
    ])


def pl_versions():
    return ch([
        "affected: iOS app 7.%d.%d (build %d), Android 7.%d.%d (versionCode %d)" % (ri(0, 30), ri(0, 9), ri(10000, 99999), ri(0, 30), ri(0, 9), ri(700000, 799999)),
        "UA of the suspicious sessions: `Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/%d.0.%d.%d Safari/537.36`" % (ri(120, 138), ri(6000, 7300), ri(50, 250)),
        "bumped adyen-web %d.%d.%d → %d.%d.%d and stripe-node %d.%d.0" % (5, ri(50, 60), ri(0, 5), 5, ri(61, 70), ri(0, 5), ri(14, 18), ri(0, 12)),
    ])


def pl_slack_permalink():
    return "see https://bazaro.slack.com/archives/C0%s/p%d%06d for the previous discussion" % (rs(UP + DIG, 8), epoch(), ri(0, 999999))


def pl_paypal_ids():
    return ch([
        "PayPal capture %s refunded as %s" % (rs(UP + DIG, 17), rs(UP + DIG, 17)),
        "PayPal dispute PP-D-%d, transaction %s" % (ri(10000, 999999), rs(UP + DIG, 17)),
    ])


def pl_customs():
    return "customs hold: MRN %d%s%s%d, HS code %04d.%02d.%02d, declared value %d.%02d %s" % (
        ri(24, 26), ch(["DE", "NL", "FR", "PL"]), rs(UP + DIG, 12), ri(0, 9), ri(1000, 9999), ri(0, 99), ri(0, 99), ri(10, 900), ri(0, 99), ch(["EUR", "GBP", "CHF"]))


def pl_parcel_dims():
    return "parcel %d × %d × %d cm, %d g, volumetric %.1f kg, %d parcels in the batch" % (ri(10, 80), ri(10, 60), ri(5, 40), ri(100, 30000), R.random() * 20, ri(2, 500))


def pl_bank_ref():
    return ch([
        "Verwendungszweck für die manuelle Erstattung: `%s / %s`" % (order_no().lstrip("#"), psp_ref()),
        "SEPA batch %s, %d transfers, EndToEndId prefix `BZ%d`" % (ulid(), ri(10, 900), ri(10000, 99999)),
        "payout batch `po_batch_%d` settled, statement line %d" % (ri(10000, 99999), ri(1, 400)),
    ])


def pl_orders_list():
    lines = []
    for _ in range(ri(5, 14)):
        lines.append("%s  %s  %8s %s  %s" % (order_no().ljust(22), rdt().strftime("%Y-%m-%d"), "%d.%02d" % (ri(5, 900), ri(0, 99)), ch(CURRENCIES[:4]), ch(["refund_pending", "refunded", "disputed", "shipped"])))
    return "```\n" + "\n".join(lines) + "\n```"


def pl_counts():
    return "settlement import: %s rows read, %s matched, %s unmatched, %s bytes" % (
        "{:,}".format(ri(100000, 9000000)).replace(",", " "), "{:,}".format(ri(100000, 9000000)).replace(",", " "), "{:,}".format(ri(0, 9000)), "{:,}".format(ri(10 ** 7, 10 ** 9)))


PII_LOOKALIKE_TEMPLATES = [pl_orders_csv, pl_arn, pl_amazon_style, pl_shopify_ids, pl_tracking_numeric, pl_timestamps, pl_ean, pl_isbn, pl_amounts,
                           pl_ticket_ids, pl_psp_refs, pl_reason_codes, pl_mcc_bin, pl_iso_fields, pl_dates, pl_ips, pl_rf, pl_invoice_numbers,
                           pl_cidrs, pl_latency, pl_ratelimit, pl_cloud_ids, pl_versions, pl_slack_permalink, pl_paypal_ids, pl_customs,
                           pl_parcel_dims, pl_bank_ref, pl_orders_list, pl_counts]


# ===========================================================================
# NEGATIVES 6/6: talk_about_secrets
# ===========================================================================
TALK = {
    "en": [
        "Rotated the Adyen API key for the EU merchant account after the contractor offboarding; the new one is only in Vault.",
        "Please never paste full card numbers in this channel, the last 4 digits plus the PaymentIntent id are enough.",
        "A customer sent their IBAN in the chat widget, I deleted the message and sent them the secure refund form instead.",
        "The Stripe webhook signing secret was regenerated on Monday, which is why staging answers 400 on every event.",
        "PCI reminder: we must not store the CVC anywhere, not even encrypted, not even for a second in a log line.",
        "Who has access to the settlement SFTP password? It should be the finance service account only.",
        "The old support-console JWT signing key is retired, tokens signed with it are rejected since this morning.",
        "If you find an API key in a ticket attachment, revoke it first and only then open the incident.",
        "The seller onboarding form asked for the full SSN by mistake; we only need the last four for 1099-K matching.",
        "Phone numbers from the callback queue must not go into Jira, link the Zendesk ticket instead.",
        "Do we really need the customer's email in the fraud export? The hashed user id should be enough.",
        "HMAC keys for Adyen notifications: we keep two active during rotation and drop the old one after 48 hours.",
        "The SendGrid key used by the support mailer was committed to a fork last year; it has been revoked since.",
        "Gift card codes are bearer instruments, treat them like passwords: never in logs, never in screenshots.",
        "The shared mailbox password was in the onboarding doc. I removed it and moved the login to SSO.",
        "Let's make the refund worker use a restricted key with only refunds write access instead of the full secret key.",
        "Private key for the Apple Pay merchant identity expires in 30 days, renewal needs the developer portal admin.",
        "Reminder that the Klarna shared secret is per market, so rotating DE does not rotate AT.",
        "The leaked token was a read-only Shopify one, but we rotated the app secret anyway to be safe.",
        "Why does the PSP sandbox password need to be rotated every 90 days? Because the policy says every credential, sandbox included.",
        "Our DLP rule for card numbers fires on acquirer reference numbers too; they're 23 digits, so we should bound the length.",
        "Bank details for refunds now go through the hosted form; agents never see the IBAN, only a masked version.",
        "Can someone confirm the Slack bot token for the disputes channel was rotated after the workspace migration?",
        "The password reset emails were still signed with the old key for an hour after the rollout.",
        "Secrets in the Helm chart values are a no-go, use the ExternalSecret that reads from Vault.",
        "Our incident template now has a line: 'was any credential or personal data exposed, and where?'",
    ],
    "de": [
        "Der Adyen-API-Key für den DE-Account wurde heute rotiert, der alte ist ab 18 Uhr ungültig.",
        "Bitte keine vollständigen Kartennummern in Tickets kopieren, die letzten vier Ziffern reichen.",
        "Ein Kunde hat seine IBAN im Chat geschickt, ich habe die Nachricht gelöscht und ihm das sichere Formular geschickt.",
        "Das Passwort für den SFTP-Zugang der Abrechnungsberichte liegt im Vault, nicht im Wiki.",
        "Der Webhook-Signierschlüssel von Stripe wurde neu erzeugt, deshalb schlägt die Signaturprüfung auf Staging fehl.",
        "Telefonnummern aus der Rückrufliste gehören nicht in Slack, verlinkt bitte das Ticket.",
        "Gutscheincodes sind wie Bargeld, bitte nie in Logs oder Screenshots.",
        "Der private Schlüssel für das Apple-Pay-Händlerzertifikat läuft in drei Wochen ab.",
        "Wer hat Zugriff auf das HMAC-Secret für die Adyen-Benachrichtigungen? Nur das Payments-Team.",
        "Nach dem Leak wurden alle Tokens der Support-Console invalidiert, alle müssen sich neu anmelden.",
        "Die Sozialversicherungsnummer der US-Verkäufer speichern wir nicht, nur die letzten vier Stellen.",
        "Bitte den Slack-Bot-Token nach dem Workspace-Umzug rotieren, der alte funktioniert noch.",
    ],
    "fr": [
        "La clé API Adyen du compte FR a été renouvelée, l'ancienne est révoquée depuis ce matin.",
        "Merci de ne jamais coller un numéro de carte complet ici, les 4 derniers chiffres suffisent.",
        "Un client a envoyé son IBAN par chat ; j'ai supprimé le message et envoyé le formulaire sécurisé.",
        "Le mot de passe du SFTP des rapports de règlement est dans Vault, pas dans Confluence.",
        "Le secret de signature des webhooks Stripe a changé, d'où les erreurs 400 en préprod.",
        "Les numéros de téléphone des rappels clients ne doivent pas apparaître dans Jira.",
        "Les codes de cartes cadeaux sont au porteur : jamais dans les logs.",
        "La clé privée du certificat marchand Apple Pay expire le mois prochain.",
        "Qui a encore accès au jeton du bot Slack des litiges ?",
        "Après la fuite, tous les jetons de la console support ont été invalidés.",
    ],
    "es": [
        "Hemos rotado la clave de API de Adyen de la cuenta ES, la antigua deja de funcionar hoy.",
        "Por favor, no peguéis números de tarjeta completos en el canal, con los últimos 4 dígitos basta.",
        "Un cliente mandó su IBAN por el chat; borré el mensaje y le envié el formulario seguro.",
        "La contraseña del SFTP de liquidaciones está en Vault, no en la wiki.",
        "El secreto de firma del webhook de Stripe se regeneró y por eso falla la validación en staging.",
        "Los teléfonos de la cola de devoluciones de llamada no deben ir a Jira.",
        "Los códigos de tarjeta regalo son como dinero en efectivo: nunca en logs.",
        "La clave privada del certificado de comerciante de Apple Pay caduca en 30 días.",
        "¿Alguien confirma que el token del bot de Slack de disputas se rotó tras la migración?",
    ],
    "pt": [
        "Rodámos a chave de API do Adyen da conta PT; a antiga deixa de funcionar hoje.",
        "Por favor não colem números de cartão completos aqui, os últimos 4 dígitos chegam.",
        "Um cliente enviou o IBAN pelo chat; apaguei a mensagem e mandei o formulário seguro.",
        "A senha do SFTP dos relatórios de liquidação está no Vault.",
        "O segredo de assinatura do webhook da Stripe foi regenerado, por isso o staging está a falhar.",
        "Códigos de cartão-presente são ao portador, nunca nos logs.",
    ],
    "nl": [
        "De Adyen API-sleutel voor het NL-account is vandaag geroteerd.",
        "Plak alsjeblieft nooit volledige kaartnummers in dit kanaal, de laatste 4 cijfers zijn genoeg.",
        "Een klant stuurde zijn IBAN via de chat; ik heb het bericht verwijderd en het beveiligde formulier gestuurd.",
        "Het wachtwoord van de SFTP voor de afrekeningsrapporten staat in Vault.",
        "Telefoonnummers van terugbelverzoeken horen niet in Jira.",
        "Cadeaukaartcodes zijn net contant geld: nooit in logs.",
    ],
    "it": [
        "Abbiamo ruotato la chiave API di Adyen per l'account IT, la vecchia è revocata.",
        "Per favore non incollate numeri di carta completi qui, bastano le ultime 4 cifre.",
        "Un cliente ha mandato l'IBAN in chat; ho cancellato il messaggio e inviato il modulo sicuro.",
        "La password dell'SFTP dei report di regolamento è in Vault, non nella wiki.",
        "Il segreto di firma del webhook Stripe è stato rigenerato, per questo lo staging fallisce.",
        "I codici delle gift card sono al portatore: mai nei log.",
    ],
    "pl": [
        "Klucz API Adyen dla konta PL został dziś zrotowany, stary już nie działa.",
        "Proszę nie wklejać pełnych numerów kart na kanale, wystarczą 4 ostatnie cyfry.",
        "Klient wysłał numer IBAN na czacie; usunąłem wiadomość i wysłałem bezpieczny formularz.",
        "Hasło do SFTP z raportami rozliczeń jest w Vault, nie na wiki.",
        "Numery telefonów z kolejki oddzwonień nie powinny trafiać do Jiry.",
        "Kody kart podarunkowych to jak gotówka — nigdy w logach.",
    ],
    "ja": [
        "EU アカウントの Adyen API キーをローテーションしました。旧キーは本日中に無効になります。",
        "このチャンネルにカード番号を全桁貼らないでください。下4桁で十分です。",
        "お客様がチャットで口座番号を送ってきたので、メッセージを削除して安全なフォームを案内しました。",
        "精算レポート用 SFTP のパスワードは Vault にあります。Wiki には書かないでください。",
        "Stripe の Webhook 署名シークレットを再発行したので、ステージングで署名エラーが出ています。",
        "ギフトカードのコードは現金と同じ扱いです。ログやスクショに残さないでください。",
        "Apple Pay の加盟店証明書の秘密鍵は来月期限切れです。",
    ],
    "sv": [
        "Vi har roterat Adyen-nyckeln för SE-kontot, den gamla slutar fungera i kväll.",
        "Klistra aldrig in hela kortnummer här, de fyra sista siffrorna räcker.",
        "Lösenordet till SFTP:n för avräkningsrapporterna ligger i Vault.",
    ],
}

TALK_QA = [
    ("Q: can I paste a customer's phone number here to ask for a callback?", "A: no, put it in the ticket and link the ticket; this channel is exported to the data lake."),
    ("Q: where is the Adyen HMAC key for staging?", "A: in Vault under the payments staging path, request access via the usual form."),
    ("Q: the customer read their full card number out on the phone, what do I do with my notes?", "A: don't write it down; if you did, delete the note and tell the team lead so we can purge the backup."),
    ("Q: is the Stripe publishable key a secret?", "A: no, it ships in the checkout bundle; the secret and restricted keys are the ones to protect."),
    ("F: Darf ich die IBAN eines Verkäufers ins Jira-Ticket schreiben?", "A: Nein, nur den Link zum Admin-Profil, dort ist sie maskiert."),
    ("Q : peut-on garder le numéro de téléphone dans les notes internes ?", "R : non, seulement dans le champ dédié du ticket, qui est purgé après 90 jours."),
    ("P: ¿puedo pedir el DNI al cliente por el chat?", "R: no, la verificación de identidad se hace solo en el flujo de KYC."),
    ("Q: someone posted an SSN in #seller-support, now what?", "A: delete it, ask Slack admins to purge it from exports, open a privacy incident."),
    ("質問: API キーを DM で共有してもいいですか？", "回答: いいえ。Vault のパスを共有してください。"),
]

RUNBOOKS = [
    ("Runbook: leaked PSP credential", [
        "Revoke the exposed key in the PSP dashboard immediately.",
        "Create a new key with the minimum scopes the service needs.",
        "Write the new value to Vault; never paste it in Slack or in the ticket.",
        "Restart the affected deployments so they pick up the new secret.",
        "Check the PSP's API logs for calls made with the old key since the exposure.",
        "Rotate the webhook HMAC key as well if it was stored next to the API key.",
        "Document the timeline in the incident doc and schedule the review."]),
    ("Checklist: customer sent card data over chat", [
        "Do not copy the number anywhere, not even into the ticket.",
        "Delete the chat message and ask the chat vendor to purge it from the transcript store.",
        "Reply with the card-update link instead of asking for the number again.",
        "If the number reached the data export, page the security on-call.",
        "Note in the ticket that card data was removed, without repeating it."]),
    ("Runbook: secret pasted in a public channel", [
        "Delete the message and ask a Slack admin to remove it from exports.",
        "Treat the secret as compromised and rotate it.",
        "Check access logs of the system the secret belongs to.",
        "Post in #security-incidents which secret it was (name, not value).",
        "Close the loop in the incident doc."]),
    ("Checkliste: geleakter API-Schlüssel", [
        "Schlüssel im PSP-Dashboard sofort widerrufen.",
        "Neuen Schlüssel mit minimalen Rechten anlegen.",
        "Neuen Wert nur im Vault speichern, nie in Slack oder im Ticket.",
        "Betroffene Deployments neu starten.",
        "API-Logs des PSP auf Zugriffe mit dem alten Schlüssel prüfen."]),
    ("Procédure : rotation du secret de signature des webhooks", [
        "Générer le nouveau secret dans le tableau de bord du PSP.",
        "L'ajouter dans Vault à côté de l'ancien.",
        "Déployer le service qui accepte les deux secrets.",
        "Désactiver l'ancien secret après 48 heures.",
        "Vérifier qu'aucune notification n'est rejetée."]),
]

INCIDENTS = [
    ("a restricted refund key was printed in a debug log", ["no evidence of misuse in the PSP API logs", "the key was revoked 14 minutes after exposure"],
     ["log scrubber now masks anything that looks like a key", "debug logging disabled for the PSP client in prod"]),
    ("the support mailer's API key was committed to a public fork", ["the key was revoked within the hour", "no third-party sends found in the provider logs"],
     ["pre-commit secret scanning on all support repos", "credential moved to Vault with automatic rotation"]),
    ("a seller's bank details were visible in a shared screenshot", ["one seller affected, informed by the privacy team", "screenshot removed from the channel and exports"],
     ["screenshot guidance added to the support handbook", "payout account page now masks the IBAN by default"]),
    ("the disputes Slack bot token was posted in a public channel by mistake", ["token revoked 9 minutes later", "no API calls from unknown IPs"],
     ["bot token moved to the secrets manager", "channel posting restricted to the bot"]),
    ("full card numbers appeared in a chat transcript export", ["transcripts were purged from the export bucket", "the export had been read by one internal job only"],
     ["macro updated to refuse card numbers in chat", "chat widget now masks 13-19 digit Luhn-valid numbers before sending"]),
    ("the SFTP password for settlement reports was in an onboarding doc", ["password rotated the same day", "no logins from unknown hosts"],
     ["SFTP moved to key-based auth", "onboarding doc links to the Vault path instead"]),
]


SCANNER_TALK = [
    "The DLP regex for card numbers needs the Luhn check, otherwise every 16-digit order reference gets masked.",
    "Our log scrubber masks anything after `password=` but not after `passwd:`, that's how it slipped through.",
    "The secret scanner flagged the Adyen docs page we vendored; it's the documentation example, mark it as a false positive.",
    "Can we teach the scrubber that tracking numbers are not phone numbers? It masks half the DPD numbers.",
    "The IBAN detector should verify the mod-97 checksum; right now it eats our creditor references.",
    "pre-commit caught a Stripe key in a test fixture; it was a test-mode key but we rotated it anyway.",
    "Der Scanner markiert jede 10-stellige Bestellnummer als Telefonnummer, können wir den Kontext berücksichtigen?",
    "El escáner marca los ARN como tarjetas; son 23 dígitos, hay que limitar la longitud.",
    "Le scanner confond les références PSP à 16 chiffres avec des numéros de carte, il faut le test de Luhn.",
    "We should not log the full `Authorization` header at all, masking it afterwards is too late.",
    "gitleaks reports 3 hits in the settlement-importer history, all already-rotated keys; adding them to the baseline.",
    "De scanner ziet elk Stripe-object-id als API-sleutel; `pi_` en `ch_` zijn geen geheimen.",
    "スキャナーが追跡番号を電話番号として検出しています。誤検知の除外リストに追加しました。",
]

VAULT_ERRORS = [
    "Error reading secret/data/payments/adyen: permission denied (the refund-worker role lost the policy after the migration)",
    "ExternalSecret payments/stripe-webhook: SecretSyncedError: could not get secret data from provider",
    "sealed-secrets controller: no key could decrypt secret \"psp-credentials\" — it was sealed against the old cluster",
    "vault: token expired, the refund worker couldn't renew its lease over the weekend",
    "Error: secret \"klarna-shared-secret\" not found in namespace \"payments\"",
    "AccessDeniedException: not authorized to perform secretsmanager:GetSecretValue on prod/payments/paypal",
]


def ta_sentence():
    lang = ch(list(TALK))
    return ch(TALK[lang])


def ta_multi():
    langs = ch(list(TALK))
    n = ri(2, 4)
    return "\n".join(sample(TALK[langs], min(n, len(TALK[langs]))))


def ta_runbook():
    title, steps = ch(RUNBOOKS)
    idx = sorted(sample(range(len(steps)), ri(min(4, len(steps)), len(steps))))
    return "*%s*\n%s" % (title, "\n".join("%d. %s" % (i + 1, steps[j]) for i, j in enumerate(idx)))


def ta_incident():
    what, impacts, actions = ch(INCIDENTS)
    return "*Incident summary (%s)*\n• What: %s\n• Impact: %s\n• Actions: %s\n• Status: %s" % (
        rdt().strftime("%Y-%m-%d"), what, ch(impacts), "; ".join(sample(actions, ri(1, 2))), ch(["closed", "monitoring", "review scheduled"]))


def ta_faq():
    qa = sample(TALK_QA, ri(1, 3))
    return "\n".join("%s\n%s" % q for q in qa)


def ta_scanner():
    return "\n".join(sample(SCANNER_TALK, ri(1, 3)))


def ta_vault():
    e = ch(VAULT_ERRORS)
    return ch(["seeing this since the deploy:\n```\n%s\n```\nno values leaked, just can't read them",
               "```\n%s\n```\nDeploy hängt, der Pod kommt nicht an das Secret",
               "```\n%s\n```\nel pod no puede leer el secreto, nada expuesto"]) % e


def ta_meeting():
    items = sample(TALK["en"], ri(2, 4)) + sample(SCANNER_TALK, 1)
    return "*Payments security sync — notes*\n" + "\n".join("- " + x for x in items)


THREADS = [
    ("did anyone rotate the Stripe secret key after the laptop was stolen?", ["yes, done on the same day, the new one is in Vault", "yes — and the restricted keys too"]),
    ("is the PayPal client secret the same for sandbox and live?", ["no, separate credentials, sandbox is in the dev vault", "no, and please never reuse them"]),
    ("where do we keep the private key for the support console tokens?", ["it's in the KMS, nobody can export it", "KMS, signing happens through the API"]),
    ("can I share the Zendesk API token with the BI team?", ["no — create a separate read-only token for them", "no, ask for a dedicated integration user"]),
    ("hat jemand das SFTP-Passwort nach dem Dienstleisterwechsel geändert?", ["ja, ist erledigt, das neue liegt im Vault", "ja, gestern Abend, Zugang nur noch per Schlüssel"]),
    ("¿quién tiene la clave privada del certificado de Apple Pay?", ["está en el HSM, no se puede exportar", "nadie, la firma se hace en el HSM"]),
    ("quelqu'un a révoqué le jeton du bot après le départ du prestataire ?", ["oui, révoqué et recréé ce matin", "oui, le nouveau est dans Vault"]),
    ("gift card codes in the CSV for finance — ok?", ["no, only the hashes and last 4", "no, finance only needs balances"]),
]


def ta_thread():
    q, answers = ch(THREADS)
    return "> %s\n%s" % (q, ch(answers))


TALK_TEMPLATES = [ta_sentence, ta_sentence, ta_multi, ta_runbook, ta_incident, ta_faq, ta_scanner, ta_vault, ta_meeting, ta_thread]


# ===========================================================================
# POSITIVES: value generators (fake but well-formed)
# ===========================================================================
def base62(n):
    out = ""
    while n:
        out = B62[n % 62] + out
        n //= 62
    return out or "0"


def v_aws_id():
    return ch(["AKIA", "AKIA", "AKIA", "ASIA"]) + rs("ABCDEFGHIJKLMNOPQRSTUVWXYZ234567", 16)


def v_aws_akia():
    return "AKIA" + rs("ABCDEFGHIJKLMNOPQRSTUVWXYZ234567", 16)


def v_aws_secret():
    while True:
        s = rs(ALNUM + "/+", 40)
        if re.search(r"[A-Z]", s) and re.search(r"[a-z]", s) and re.search(r"\d", s):
            return s


def v_ghp():
    body = rs(B62, 30)
    crc = binascii.crc32(body.encode()) & 0xFFFFFFFF
    return "ghp_" + body + base62(crc).rjust(6, "0")


def v_gh_fine():
    return "github_pat_11" + rs(UP + DIG, 20) + "_" + rs(ALNUM, 59)


def v_xoxb():
    return "xoxb-%d-%d-%s" % (ri(10 ** 9, 10 ** 12), ri(10 ** 12, 10 ** 13 - 1), rs(ALNUM, 24))


def v_xoxp():
    return "xoxp-%d-%d-%d-%s" % (ri(10 ** 9, 10 ** 12), ri(10 ** 9, 10 ** 12), ri(10 ** 12, 10 ** 13 - 1), hexs(32))


def v_openai():
    k = ri(0, 2)
    if k == 0:
        return "sk-proj-" + rs(ALNUM + "-_", 74) + "T3BlbkFJ" + rs(ALNUM + "-_", 74)
    if k == 1:
        return "sk-" + rs(ALNUM, 20) + "T3BlbkFJ" + rs(ALNUM, 20)
    return "sk-svcacct-" + rs(ALNUM + "-_", 74) + "T3BlbkFJ" + rs(ALNUM + "-_", 74)


def v_anthropic():
    return "sk-ant-api03-" + rs(ALNUM + "-_", 93) + "AA"


def v_jwt(kind=None):
    kind = kind or ch(["console", "shopify", "refund", "ws"])
    now = epoch()
    if kind == "console":
        hdr = {"alg": "RS256", "typ": "JWT", "kid": "sc-%s" % hexs(8)}
        pl = {"iss": "https://support-console.bazaro.internal", "aud": "refund-api", "sub": "agt_%d" % ri(1000, 99999),
              "role": ch(["support_l1", "support_l2", "payments_ops"]), "scope": "refunds:write orders:read", "iat": now, "exp": now + 3600, "jti": uuid4()}
    elif kind == "shopify":
        shop = "bazaro-%s.myshopify.com" % ch(["eu", "de", "outlet", "nordics"])
        hdr = {"alg": "HS256", "typ": "JWT"}
        pl = {"iss": "https://%s/admin" % shop, "dest": "https://%s" % shop, "aud": hexs(32), "sub": "%d" % ri(10 ** 10, 10 ** 11),
              "exp": now + 60, "nbf": now, "iat": now, "jti": uuid4(), "sid": hexs(64)}
    elif kind == "refund":
        hdr = {"alg": "HS256", "typ": "JWT"}
        pl = {"sub": "svc:refund-worker", "tenant": ch(["eu", "uk", "us"]), "perms": ["refund.create", "refund.read"], "iat": now, "exp": now + 900}
    else:
        hdr = {"alg": "ES256", "typ": "JWT", "kid": hexs(16)}
        pl = {"sub": "usr_%s" % rs(B62, 12), "ch": "tracking-updates", "iat": now, "exp": now + 86400}
    h = b64u(json.dumps(hdr, separators=(",", ":")).encode())
    p = b64u(json.dumps(pl, separators=(",", ":")).encode())
    if hdr["alg"] == "HS256":
        sig = hmac.new(rbytes(32), (h + "." + p).encode(), hashlib.sha256).digest()
    elif hdr["alg"] == "RS256":
        sig = rbytes(256)
    else:
        sig = rbytes(64)
    return h + "." + p + "." + b64u(sig)


def der_len(n):
    if n < 128:
        return bytes([n])
    b = n.to_bytes((n.bit_length() + 7) // 8, "big")
    return bytes([0x80 | len(b)]) + b


def der(tag, body):
    return bytes([tag]) + der_len(len(body)) + body


def der_int_bytes(b):
    b = b.lstrip(b"\x00") or b"\x00"
    if b[0] & 0x80:
        b = b"\x00" + b
    return der(0x02, b)


def rand_int_bytes(n, top=True, odd=False):
    b = bytearray(rbytes(n))
    if top:
        b[0] |= 0x80
    if odd:
        b[-1] |= 1
    return bytes(b)


def pem_ec():
    priv = rbytes(32)
    pub = b"\x04" + rbytes(64)
    body = der(0x30, der_int_bytes(b"\x01") + der(0x04, priv) + der(0xA0, der(0x06, bytes.fromhex("2a8648ce3d030107"))) + der(0xA1, der(0x03, b"\x00" + pub)))
    return "EC PRIVATE KEY", wrap(b64(body), 64)


def pem_ed25519():
    body = bytes.fromhex("302e020100300506032b657004220420") + rbytes(32)
    return "PRIVATE KEY", wrap(b64(body), 64)


def rsa_pkcs1(bits=2048):
    nb = bits // 8
    parts = [b"\x00", rand_int_bytes(nb, odd=True), b"\x01\x00\x01", rand_int_bytes(nb, top=False), rand_int_bytes(nb // 2, odd=True),
             rand_int_bytes(nb // 2, odd=True), rand_int_bytes(nb // 2, top=False), rand_int_bytes(nb // 2, top=False), rand_int_bytes(nb // 2, top=False)]
    return der(0x30, b"".join(der_int_bytes(p) for p in parts))


def pem_rsa1():
    return "RSA PRIVATE KEY", wrap(b64(rsa_pkcs1(ch([1024, 2048]))), 64)


def pem_rsa8():
    inner = rsa_pkcs1(2048)
    body = der(0x30, der_int_bytes(b"\x00") + der(0x30, der(0x06, bytes.fromhex("2a864886f70d010101")) + b"\x05\x00") + der(0x04, inner))
    return "PRIVATE KEY", wrap(b64(body), 64)


def pem_openssh(comment):
    def sstr(b):
        return struct.pack(">I", len(b)) + b
    pk = rbytes(32)
    seed = rbytes(32)
    pub = sstr(b"ssh-ed25519") + sstr(pk)
    chk = rbytes(4)
    priv = chk + chk + sstr(b"ssh-ed25519") + sstr(pk) + sstr(seed + pk) + sstr(comment.encode())
    i = 1
    while len(priv) % 8:
        priv += bytes([i])
        i += 1
    blob = b"openssh-key-v1\x00" + sstr(b"none") + sstr(b"none") + sstr(b"") + struct.pack(">I", 1) + sstr(pub) + sstr(priv)
    return "OPENSSH PRIVATE KEY", wrap(b64(blob), 70)


PW_WORDS = ["Refund", "Sommer", "Hamburg", "Payout", "Kasse", "Lager", "Retoure", "Colis", "Paquete", "Winter", "Bazaro", "Settle", "Ledger",
            "Zwrot", "Regalo", "Vale", "Tracking", "Koala", "Falcon", "Marzo", "Juni", "Octobre"]


def v_password():
    k = ri(0, 3)
    if k == 0:
        return ch(PW_WORDS) + ch("#!%*-_.+") + str(ri(10, 2099)) + ch(PW_WORDS).lower() + ch("!#%*")
    if k == 1:
        while True:
            s = rs(ALNUM + "!#%*+-_=", ri(14, 24))
            if re.search(r"\d", s) and re.search(r"[A-Z]", s) and re.search(r"[a-z]", s):
                return s
    if k == 2:
        return "%s-%s-%s-%d" % (ch(PW_WORDS).lower(), ch(PW_WORDS).lower(), ch(PW_WORDS).lower(), ri(1, 99))
    while True:
        s = rs(ALNUM, ri(16, 32))
        if re.search(r"\d", s) and re.search(r"[A-Z]", s):
            return s


def v_url_password():
    k = ri(0, 3)
    if k == 0:
        return rs(ALNUM, ri(16, 28))
    if k == 1:
        return ch(PW_WORDS) + "." + str(ri(10, 9999)) + "." + ch(PW_WORDS)
    if k == 2:
        return rs(ALNUM, ri(6, 10)) + ch(["%21", "%23", "%40", "%2B"]) + rs(ALNUM, ri(6, 10))
    return rs(ALNUM + "-_", ri(20, 32))


FIRST = ["lena", "jonas", "marie", "lucas", "sofia", "mateo", "giulia", "lorenzo", "emma", "daan", "zofia", "jakub", "yuki", "haruto", "ines",
         "tiago", "chloe", "hugo", "alba", "pablo", "freya", "oskar", "ana", "liam", "nora", "elias"]
LAST = ["schneider", "weber", "dubois", "moreau", "garcia", "fernandez", "rossi", "bianchi", "devries", "jansen", "nowak", "kowalczyk",
        "tanaka", "sato", "silva", "costa", "lefebvre", "martin", "lopez", "romano", "bakker", "wisniewska", "lindqvist", "hoffmann"]
MAIL_DOMAINS = ["gmail.com", "web.de", "gmx.de", "t-online.de", "orange.fr", "free.fr", "laposte.net", "hotmail.es", "yahoo.es", "libero.it",
                "ziggo.nl", "wp.pl", "onet.pl", "outlook.com", "icloud.com", "yahoo.co.jp", "gmx.at", "bluewin.ch", "telia.com", "sapo.pt", "proton.me"]


def v_email():
    f, l = ch(FIRST), ch(LAST)
    k = ri(0, 5)
    if k == 0:
        loc = "%s.%s" % (f, l)
    elif k == 1:
        loc = "%s%s" % (f[0], l)
    elif k == 2:
        loc = "%s_%s%d" % (f, l, ri(1, 99))
    elif k == 3:
        loc = "%s.%s+%s" % (f, l, ch(["shop", "bazaro", "orders", "returns"]))
    elif k == 4:
        loc = "%s%d" % (f, ri(1970, 2006))
    else:
        loc = "%s.%s%d" % (l, f[0], ri(1, 9))
    return "%s@%s" % (loc, ch(MAIL_DOMAINS))


def v_email_seller():
    shop = ch(["kleiderkiste", "velo-atelier", "maison-lumiere", "casa-olivo", "tuinhuis", "sklep-zegarki", "nordic-knit", "kyoto-tea"])
    tld = ch(["de", "fr", "es", "it", "nl", "pl", "se", "jp"])
    return "%s@%s.%s" % (ch(["shop", "info", "hello", "kontakt", "orders", "contact"]), shop, tld)


def v_phone(country=None):
    c = country or ch(["US", "UK", "DE", "FR", "ES", "NL", "IT", "PL", "JP", "BR", "SE", "AT"])
    k = ri(0, 2)
    if c == "US":
        a, b, d = ch([212, 312, 415, 617, 646, 713, 206, 305]), ri(200, 989), ri(0, 9999)
        return c, ["(%d) %03d-%04d" % (a, b, d), "+1 %d-%03d-%04d" % (a, b, d), "%d.%03d.%04d" % (a, b, d)][k]
    if c == "UK":
        n = ri(0, 999)
        return c, ["+44 7700 900%03d" % n, "07700 900%03d" % n, "+44 20 7946 0%03d" % n][k]
    if c == "DE":
        pre = ch(["151", "160", "170", "171", "176", "157"])
        n = "%08d" % ri(0, 99999999)
        return c, ["+49 %s %s" % (pre, n), "0%s %s" % (pre, n), "+49 (0)%s %s %s" % (pre, n[:4], n[4:])][k]
    if c == "FR":
        d = [ri(0, 99) for _ in range(4)]
        p = ch(["6", "7"])
        return c, ["+33 %s %02d %02d %02d %02d" % (p, *d), "0%s %02d %02d %02d %02d" % (p, *d), "0%s.%02d.%02d.%02d.%02d" % (p, *d)][k]
    if c == "ES":
        a, b, d = ri(600, 699), ri(0, 999), ri(0, 999)
        return c, ["+34 %d %03d %03d" % (a, b, d), "%d %03d %03d" % (a, b, d), "+34 %d%03d%03d" % (a, b, d)][k]
    if c == "NL":
        n = "%08d" % ri(10000000, 99999999)
        return c, ["+31 6 %s" % n, "06-%s" % n, "+31 (0)6 %s %s" % (n[:4], n[4:])][k]
    if c == "IT":
        a, b, d = ch([320, 328, 333, 340, 347, 366, 388]), ri(0, 999), ri(0, 9999)
        return c, ["+39 %d %03d %04d" % (a, b, d), "%d %03d%04d" % (a, b, d), "+39 %d%03d%04d" % (a, b, d)][k]
    if c == "PL":
        a, b, d = ri(500, 799), ri(0, 999), ri(0, 999)
        return c, ["+48 %d %03d %03d" % (a, b, d), "%d-%03d-%03d" % (a, b, d), "+48 %d%03d%03d" % (a, b, d)][k]
    if c == "JP":
        a, b = ri(1000, 9999), ri(0, 9999)
        p = ch(["090", "080", "070"])
        return c, ["%s-%04d-%04d" % (p, a, b), "+81 %s-%04d-%04d" % (p[1:], a, b), "03-%04d-%04d" % (a, b)][k]
    if c == "BR":
        a, b = ri(90000, 99999), ri(0, 9999)
        return c, ["+55 11 %05d-%04d" % (a, b), "(11) %05d-%04d" % (a, b), "+55 21 %05d-%04d" % (a, b)][k]
    if c == "SE":
        a, b, d = ri(100, 999), ri(0, 99), ri(0, 99)
        return c, ["+46 70 %03d %02d %02d" % (a, b, d), "070-%03d %02d %02d" % (a, b, d), "+46 73 %03d %02d %02d" % (a, b, d)][k]
    a, b = ri(100, 999), ri(1000, 9999)
    return c, ["+43 664 %03d%04d" % (a, b), "0664 %03d %04d" % (a, b), "+43 676 %03d %04d" % (a, b)][k]


def v_card(brand=None, fmt=None):
    brand = brand or ch(["visa", "visa", "mc", "mc2", "amex", "discover", "jcb"])
    while True:
        if brand == "visa":
            raw = luhn_complete("4" + rs(DIG, 14))
        elif brand == "mc":
            raw = luhn_complete("5" + ch("12345") + rs(DIG, 13))
        elif brand == "mc2":
            raw = luhn_complete(str(ri(2221, 2720)) + rs(DIG, 11))
        elif brand == "amex":
            raw = luhn_complete(ch(["34", "37"]) + rs(DIG, 12))
        elif brand == "discover":
            raw = luhn_complete("6011" + rs(DIG, 11))
        else:
            raw = luhn_complete(str(ri(3528, 3589)) + rs(DIG, 11))
        if raw not in PUBLIC_TEST_CARDS:
            break
    f = fmt if fmt is not None else ri(0, 2)
    if f == 0:
        return brand, raw
    sep = " " if f == 1 else "-"
    if len(raw) == 15:
        return brand, sep.join([raw[:4], raw[4:10], raw[10:]])
    return brand, sep.join(wrap(raw, 4))


def fr_rib_key(bank, branch, acct):
    return 97 - ((89 * int(bank) + 15 * int(branch) + 3 * int(acct)) % 97)


def es_dc(bank, branch, acct):
    w = [1, 2, 4, 8, 5, 10, 9, 7, 3, 6]

    def d(s):
        v = 11 - sum(int(c) * w[i] for i, c in enumerate(s)) % 11
        return 0 if v == 11 else (1 if v == 10 else v)
    return "%d%d" % (d("00" + bank + branch), d(acct))


IT_ODD = [1, 0, 5, 7, 9, 13, 15, 17, 19, 21, 2, 4, 18, 20, 11, 3, 6, 8, 12, 14, 16, 10, 22, 25, 24, 23]


def it_cin(s):
    tot = 0
    for i, c in enumerate(s):
        v = int(c) if c.isdigit() else ord(c) - 65
        tot += IT_ODD[v] if i % 2 == 0 else v
    return chr(65 + tot % 26)


def nl_account():
    while True:
        a = "%010d" % ri(10 ** 8, 10 ** 10 - 1)
        if sum(int(c) * (10 - i) for i, c in enumerate(a)) % 11 == 0:
            return a


def pl_sortcode():
    s = rs(DIG, 7)
    w = [3, 9, 7, 1, 3, 9, 7]
    t = sum(int(c) * w[i] for i, c in enumerate(s))
    return s + str((10 - t % 10) % 10)


def v_iban(country=None, grouped=None):
    c = country or ch(["DE", "GB", "FR", "NL", "BE", "AT", "CH", "PL", "ES", "IT"])
    if c == "DE":
        bban = "%08d%010d" % (ri(10000000, 89999999), ri(0, 9999999999))
    elif c == "GB":
        bban = ch(["NWBK", "BARC", "HBUK", "LOYD", "MIDL", "MONZ"]) + "%06d%08d" % (ri(0, 999999), ri(0, 99999999))
    elif c == "FR":
        bank, branch, acct = "%05d" % ri(10000, 99999), "%05d" % ri(0, 99999), "%011d" % ri(0, 99999999999)
        bban = bank + branch + acct + "%02d" % fr_rib_key(bank, branch, acct)
    elif c == "NL":
        bban = ch(["ABNA", "INGB", "RABO", "SNSB", "TRIO", "KNAB"]) + nl_account()
    elif c == "BE":
        f = "%010d" % ri(0, 9999999999)
        m = int(f) % 97
        bban = f + "%02d" % (m if m else 97)
    elif c == "AT":
        bban = "%05d%011d" % (ri(10000, 99999), ri(0, 99999999999))
    elif c == "CH":
        bban = "%05d%012d" % (ri(0, 99999), ri(0, 999999999999))
    elif c == "PL":
        bban = pl_sortcode() + "%016d" % ri(0, 10 ** 16 - 1)
    elif c == "ES":
        bank, branch, acct = "%04d" % ri(0, 9999), "%04d" % ri(0, 9999), "%010d" % ri(0, 9999999999)
        bban = bank + branch + es_dc(bank, branch, acct) + acct
    else:
        abi, cab, conto = "%05d" % ri(1000, 99999), "%05d" % ri(1000, 99999), "%012d" % ri(0, 999999999999)
        bban = it_cin(abi + cab + conto) + abi + cab + conto
    iban = iban_make(c, bban)
    assert iban_mod97(iban) == 1 and len(iban) == IBAN_LEN[c]
    g = grouped if grouped is not None else chance(0.55)
    return c, (" ".join(wrap(iban, 4)) if g else iban)


def v_ssn(fmt=None):
    while True:
        a = ri(1, 899)
        if a == 666:
            continue
        s = "%03d%02d%04d" % (a, ri(1, 99), ri(1, 9999))
        if s in ("078051120", "123456789", "219099999"):
            continue
        break
    f = fmt if fmt is not None else ch([0, 0, 1, 2])
    if f == 0:
        return "%s-%s-%s" % (s[:3], s[3:5], s[5:])
    if f == 1:
        return "%s %s %s" % (s[:3], s[3:5], s[5:])
    return s


def v_ip():
    while True:
        o = (ri(1, 223), ri(0, 255), ri(0, 255), ri(1, 254))
        if ip_public(*o):
            return "%d.%d.%d.%d" % o


# ===========================================================================
# POSITIVES: single-secret templates, per kind.  Each returns (text, [(kind, value)]).
# ===========================================================================
def p_aws_id_0():
    k = v_aws_akia()
    return ("settlement export is failing with `InvalidAccessKeyId` again — is `%s` still active? it's the key on the `svc-csv-exports` IAM user" % k, [("aws_access_key_id", k)])


def p_aws_id_1():
    k = v_aws_id()
    ev = {"eventTime": iso(ms=False), "eventSource": "s3.amazonaws.com", "eventName": "GetObject", "awsRegion": "eu-west-1",
          "sourceIPAddress": "AWS Internal", "userIdentity": {"type": "IAMUser", "accessKeyId": k, "userName": "svc-refund-exporter"},
          "requestParameters": {"bucketName": "bazaro-finance-exports", "key": "refunds/%s.csv.gz" % rdt().strftime("%Y%m%d")}}
    return ("CloudTrail shows the chargeback export being read at 03:12, this is the event:\n```json\n%s\n```" % json.dumps(ev, indent=2), [("aws_access_key_id", k)])


def p_aws_id_2():
    k = v_aws_akia()
    return ("Zugangsschlüssel für den Upload der Chargeback-Reports: %s (das Secret schicke ich dir per 1Password)" % k, [("aws_access_key_id", k)])


def p_aws_id_3():
    k = v_aws_akia()
    return ("```\n$ aws configure get aws_access_key_id --profile adyen-reports\n%s\n$ aws s3 ls s3://bazaro-psp-reports/ --profile adyen-reports\nAn error occurred (AccessDenied) when calling the ListObjectsV2 operation: Access Denied\n```" % k,
            [("aws_access_key_id", k)])


def p_aws_id_4():
    k = v_aws_akia()
    return ('terraform state still has the old key for the SES support mailer:\n```\n"attributes": {\n  "id": "%s",\n  "status": "Active",\n  "user": "svc-support-mailer"\n}\n```' % k,
            [("aws_access_key_id", k)])


def p_aws_id_5():
    k = v_aws_akia()
    return ("GuardDuty: アクセスキー %s が通常と異なる場所から使われました（配送ラベルのバケット）。誰か心当たりありますか？" % k, [("aws_access_key_id", k)])


def p_aws_id_6():
    k = v_aws_akia()
    return ("```\n# .env on the returns-portal box\nAWS_ACCESS_KEY_ID=%s\nAWS_REGION=eu-central-1\nS3_BUCKET=bazaro-return-labels\n```\nwho put this here? the role should be enough" % k,
            [("aws_access_key_id", k)])


def p_aws_sec_0():
    s = v_aws_secret()
    return ("```ini\n[profile payouts-recon]\naws_secret_access_key = %s\nregion = eu-central-1\n```\n(only the bottom half of my credentials file, sorry)" % s, [("aws_secret_access_key", s)])


def p_aws_sec_1():
    s = v_aws_secret()
    return ("new secret for the export user after today's rotation: %s" % s, [("aws_secret_access_key", s)])


def p_aws_sec_2():
    s = v_aws_secret()
    return ('```yaml\napiVersion: v1\nkind: Secret\nmetadata:\n  name: label-printer-s3\n  namespace: shipping\nstringData:\n  AWS_SECRET_ACCESS_KEY: "%s"\n```' % s, [("aws_secret_access_key", s)])


def p_aws_sec_3():
    s = v_aws_secret()
    return ("la clave secreta del bucket de etiquetas es %s — no la subáis al repo, que ya pasó una vez" % s, [("aws_secret_access_key", s)])


def p_aws_sec_4():
    s = v_aws_secret()
    return ("```\n$ history | grep docker\n  512  docker run --rm -e AWS_SECRET_ACCESS_KEY=%s -e AWS_DEFAULT_REGION=eu-west-1 bazaro/settlement-importer:latest\n```" % s,
            [("aws_secret_access_key", s)])


def p_aws_sec_5():
    s = v_aws_secret()
    return ('```python\ns3 = boto3.client(\n    "s3",\n    aws_access_key_id=os.environ["AWS_ACCESS_KEY_ID"],\n    aws_secret_access_key="%s",\n    region_name="eu-west-1",\n)\n```\nfound this in the chargeback notebook' % s,
            [("aws_secret_access_key", s)])


def p_ghp_0():
    t = v_ghp()
    return ("```\n# .npmrc (checkout-sdk)\n@bazaro:registry=https://npm.pkg.github.com\n//npm.pkg.github.com/:_authToken=%s\n```" % t, [("github_classic_pat", t)])


def p_ghp_1():
    t = v_ghp()
    return ("use my PAT until the bot has access: %s (repo scope, expires Friday)" % t, [("github_classic_pat", t)])


def p_ghp_2():
    t = v_ghp()
    return ('```\n$ curl -s -H "Authorization: token %s" https://api.github.com/repos/bazaro/refund-worker/actions/runs | jq ".total_count"\n%d\n```' % (t, ri(100, 9000)),
            [("github_classic_pat", t)])


def p_ghp_3():
    t = v_ghp()
    return ('composer kan de Adyen-module niet ophalen, auth.json op de Magento-server:\n```json\n{\n  "github-oauth": {\n    "github.com": "%s"\n  }\n}\n```' % t,
            [("github_classic_pat", t)])


def p_ghp_4():
    t = v_ghp()
    return ("GH_TOKEN=%s gh release download v2.%d.0 -R bazaro/label-printer-agent" % (t, ri(0, 30)), [("github_classic_pat", t)])


def p_ghp_5():
    t = v_ghp()
    return ("配送追跡サービスの CI 用トークンはこれです: %s\n（あとで Vault に移します）" % t, [("github_classic_pat", t)])


def p_ghp_6():
    t = v_ghp()
    return ("```\n$ git remote -v\norigin  https://%s@github.com/bazaro/payments-infra.git (fetch)\n```\nwhy is there a token in the remote on the bastion??" % t, [("github_classic_pat", t)])


def p_ghp_7():
    t = v_ghp()
    return ('renovate.json for the macro repo:\n```json\n{"hostRules": [{"matchHost": "github.com", "token": "%s"}]}\n```' % t, [("github_classic_pat", t)])


def p_ghf_0():
    t = v_gh_fine()
    return ("fine-grained token for the settlements repo (contents: read only): %s" % t, [("github_fine_grained_pat", t)])


def p_ghf_1():
    t = v_gh_fine()
    return ("```yaml\n# argocd repo secret\nstringData:\n  url: https://github.com/bazaro/payments-deploy\n  password: %s\n  username: not-used\n```" % t, [("github_fine_grained_pat", t)])


def p_ghf_2():
    t = v_gh_fine()
    return ("```\nexport GITHUB_TOKEN=%s\n./scripts/sync-macros.sh --org bazaro --repo support-macros\n```" % t, [("github_fine_grained_pat", t)])


def p_ghf_3():
    t = v_gh_fine()
    return ("Token für den Webhook-Replayer (nur Issues lesen): %s – läuft Ende des Monats ab" % t, [("github_fine_grained_pat", t)])


def p_ghf_4():
    t = v_gh_fine()
    return ('```\n$ curl -H "Authorization: Bearer %s" https://api.github.com/repos/bazaro/fraud-rules/contents/rules/velocity.yaml\n{"message":"Resource not accessible by personal access token","status":"403"}\n```' % t,
            [("github_fine_grained_pat", t)])


def p_ghf_5():
    t = v_gh_fine()
    return ("token del repo de etiquetas para el runner de Windows: `%s`" % t, [("github_fine_grained_pat", t)])


def p_ghf_6():
    t = v_gh_fine()
    return ("```toml\n# ~/.config/gh-dash/config.toml on the shared support laptop\n[github]\ntoken = \"%s\"\n```" % t, [("github_fine_grained_pat", t)])


def p_ghf_7():
    t = v_gh_fine()
    return ("jeton GitHub pour le bot des remboursements : %s (droits : pull requests en écriture)" % t, [("github_fine_grained_pat", t)])


def p_xoxb_0():
    t = v_xoxb()
    return ("SLACK_BOT_TOKEN=%s\nSLACK_CHANNEL=#disputes-alerts" % t, [("slack_bot_token", t)])


def p_xoxb_1():
    t = v_xoxb()
    return ('```python\nfrom slack_sdk import WebClient\nclient = WebClient(token="%s")\nclient.chat_postMessage(channel="C0%s", text=f"New chargeback {dispute_id} ({reason})")\n```' % (t, rs(UP + DIG, 8)),
            [("slack_bot_token", t)])


def p_xoxb_2():
    t = v_xoxb()
    return ('```\ncurl -X POST https://slack.com/api/chat.postMessage -H "Authorization: Bearer %s" -H "Content-type: application/json" -d \'{"channel":"#refund-backlog","text":"queue > 500"}\'\n```' % t,
            [("slack_bot_token", t)])


def p_xoxb_3():
    t = v_xoxb()
    return ("```yaml\n# values-prod.yaml (dispute-notifier)\nslack:\n  botToken: %s\n  channel: disputes-alerts\n```" % t, [("slack_bot_token", t)])


def p_xoxb_4():
    t = v_xoxb()
    return ("o token do bot de rastreio é %s, usem só no canal #entregas-atrasadas" % t, [("slack_bot_token", t)])


def p_xoxb_5():
    t = v_xoxb()
    return ("%s ERROR notification-service slack post failed channel=C0%s token=%s error=not_in_channel" % (iso(), rs(UP + DIG, 8), t), [("slack_bot_token", t)])


def p_xoxb_6():
    t = v_xoxb()
    return ("Zendesk→Slack-Integration neu verbunden, Bot-Token: %s" % t, [("slack_bot_token", t)])


def p_xoxb_7():
    t = v_xoxb()
    return ("不正検知アラート用の Slack ボットトークン: %s" % t, [("slack_bot_token", t)])


def p_xoxp_0():
    t = v_xoxp()
    return ("```\n$ SLACK_TOKEN=%s python export_channel.py --channel support-escalations --since 2025-01-01\n```" % t, [("slack_user_token", t)])


def p_xoxp_1():
    t = v_xoxp()
    return ("user token I used for the conversations.history export of #chargebacks: %s — please revoke after the audit" % t, [("slack_user_token", t)])


def p_xoxp_2():
    t = v_xoxp()
    return ('```json\n{"slack": {"user_token": "%s", "purge_channels": ["support-escalations"]}}\n```' % t, [("slack_user_token", t)])


def p_xoxp_3():
    t = v_xoxp()
    return ("token de usuario para el script que archiva los hilos de devoluciones: %s" % t, [("slack_user_token", t)])


def p_xoxp_4():
    t = v_xoxp()
    return ("```\ncurl -s -H 'Authorization: Bearer %s' 'https://slack.com/api/search.messages?query=IBAN&count=100' | jq '.messages.total'\n```" % t, [("slack_user_token", t)])


def p_xoxp_5():
    t = v_xoxp()
    return ("Nutzer-Token für das DSGVO-Löschskript: %s" % t, [("slack_user_token", t)])


def p_xoxp_6():
    t = v_xoxp()
    return ("token utilisateur (scope files:write) pour l'upload des rapports de litiges : %s" % t, [("slack_user_token", t)])


def p_xoxp_7():
    t = v_xoxp()
    return ("```\n# crontab -l on ops-bastion-2\n0 3 * * * SLACK_USER_TOKEN=%s /opt/scripts/purge_pii_messages.sh\n```" % t, [("slack_user_token", t)])


def p_openai_0():
    t = v_openai()
    return ("OPENAI_API_KEY=%s\nMACRO_SUGGESTER_MODEL=gpt-4o-mini" % t, [("openai_api_key", t)])


def p_openai_1():
    t = v_openai()
    return ('```python\nclient = OpenAI(api_key="%s")\nsummary = client.chat.completions.create(model=MODEL, messages=ticket_to_messages(ticket))\n```' % t, [("openai_api_key", t)])


def p_openai_2():
    t = v_openai()
    return ('```\ncurl https://api.openai.com/v1/chat/completions -H "Authorization: Bearer %s" -H "Content-Type: application/json" -d @ticket_summary.json\n```' % t,
            [("openai_api_key", t)])


def p_openai_3():
    t = v_openai()
    return ("la clave para el clasificador de motivos de devolución es %s, la de prod está en Vault" % t, [("openai_api_key", t)])


def p_openai_4():
    t = v_openai()
    return ("chiave per il riassunto automatico dei ticket: %s (limite 50$/mese)" % t, [("openai_api_key", t)])


def p_openai_5():
    t = v_openai()
    return ("```yaml\nllm:\n  provider: openai\n  api_key: %s\n  temperature: 0.2\n```" % t, [("openai_api_key", t)])


def p_openai_6():
    t = v_openai()
    return ("%s WARN macro-suggester retrying after 429, key=%s attempt=3" % (iso(), t), [("openai_api_key", t)])


def p_openai_7():
    t = v_openai()
    return ("klucz do klasyfikacji zgłoszeń o zwroty: %s" % t, [("openai_api_key", t)])


def p_anth_0():
    t = v_anthropic()
    return ("ANTHROPIC_API_KEY=%s" % t, [("anthropic_api_key", t)])


def p_anth_1():
    t = v_anthropic()
    return ('```ts\nconst client = new Anthropic({ apiKey: "%s" });\nconst reply = await client.messages.create({ model, max_tokens: 512, messages: draftFromTicket(ticket) });\n```' % t,
            [("anthropic_api_key", t)])


def p_anth_2():
    t = v_anthropic()
    return ('```\ncurl https://api.anthropic.com/v1/messages -H "x-api-key: %s" -H "anthropic-version: 2023-06-01" -H "content-type: application/json" -d @dispute_summary.json\n```' % t,
            [("anthropic_api_key", t)])


def p_anth_3():
    t = v_anthropic()
    return ("Schlüssel für den Triage-Bot im Support (nur Staging): %s" % t, [("anthropic_api_key", t)])


def p_anth_4():
    t = v_anthropic()
    return ("clé pour le résumé des litiges : %s — à mettre dans le coffre, pas dans le code" % t, [("anthropic_api_key", t)])


def p_anth_5():
    t = v_anthropic()
    return ("```python\nos.environ.setdefault(\"ANTHROPIC_API_KEY\", \"%s\")  # TODO remove before merge\n```" % t, [("anthropic_api_key", t)])


def p_anth_6():
    t = v_anthropic()
    return ("サポート返信案の生成に使うキー: %s（ステージング専用）" % t, [("anthropic_api_key", t)])


def p_anth_7():
    t = v_anthropic()
    return ('```json\n{"providers": {"anthropic": {"api_key": "%s", "model_alias": "support-drafts"}}}\n```' % t, [("anthropic_api_key", t)])


def p_jwt_0():
    t = v_jwt("console")
    return ("```\ncurl -s https://support-console.bazaro.internal/api/refunds/%s -H \"Authorization: Bearer %s\"\n```\nreturns 403 for L1 agents, token attached" % (stripe_id("re"), t),
            [("jwt", t)])


def p_jwt_1():
    t = v_jwt("shopify")
    return ("App Bridge session token from the embedded app, the backend says `invalid audience`:\n%s" % t, [("jwt", t)])


def p_jwt_2():
    t = v_jwt("refund")
    return ("%s DEBUG refund-worker outgoing auth header=Bearer %s" % (iso(), t), [("jwt", t)])


def p_jwt_3():
    t = v_jwt("ws")
    return ("websocket für Tracking-Updates: `wss://tracking.bazaro.internal/ws?token=%s`" % t, [("jwt", t)])


def p_jwt_4():
    t = v_jwt("console")
    return ("このトークンで再現できます（サポートコンソール）:\n```\n%s\n```" % t, [("jwt", t)])


def p_jwt_5():
    t = v_jwt("refund")
    return ('Postman env export:\n```json\n{"key": "refund_api_token", "value": "%s", "enabled": true}\n```' % t, [("jwt", t)])


def p_jwt_6():
    t = v_jwt(ch(["console", "shopify"]))
    return ("Cookie: bz_console_session=%s; locale=es-ES" % t, [("jwt", t)])


def p_jwt_7():
    t = v_jwt("console")
    return ("token expirado? el refund-api responde 401 con este: %s" % t, [("jwt", t)])


def p_jwt_8():
    t = v_jwt("refund")
    return ("```http\nPOST /v2/refunds HTTP/1.1\nHost: refund-api.bazaro.internal\nAuthorization: Bearer %s\nIdempotency-Key: %s\n```" % (t, uuid4()), [("jwt", t)])


# --- private keys (value = base64 body from first to last char, joined as written) ---
def pem_layout(kind, lines, layout, intro):
    if layout == 0:
        val = "\n".join(lines)
        text = "%s\n```\n-----BEGIN %s-----\n%s\n-----END %s-----\n```" % (intro, kind, val, kind)
    elif layout == 1:
        val = "\\n".join(lines)
        key = ch(["apple_pay_merchant_key", "webhook_relay_client_key", "console_signing_key", "sftp_private_key"])
        text = '%s\n```json\n{"%s": "-----BEGIN %s-----\\n%s\\n-----END %s-----\\n", "key_id": "%s"}\n```' % (intro, key, kind, val, kind, hexs(8))
    elif layout == 2:
        ind = "    "
        val = ("\n" + ind).join(lines)
        text = "%s\n```yaml\napiVersion: v1\nkind: Secret\nmetadata:\n  name: %s\nstringData:\n  tls.key: |\n    -----BEGIN %s-----\n%s%s\n    -----END %s-----\n```" % (
            intro, ch(["psp-mtls-client", "applepay-merchant-identity", "settlement-sftp-key"]), kind, ind, val, kind)
    elif layout == 3:
        val = "\\n".join(lines)
        text = '%s\n```\nSUPPORT_CONSOLE_JWT_PRIVATE_KEY="-----BEGIN %s-----\\n%s\\n-----END %s-----"\n```' % (intro, kind, val, kind)
    else:
        ind = "  "
        val = ("\n" + ind).join(lines)
        text = '%s\n```hcl\nresource "vault_generic_secret" "sftp" {\n  path      = "secret/payments/settlement-sftp"\n  data_json = jsonencode({ private_key = <<-EOT\n  -----BEGIN %s-----\n%s%s\n  -----END %s-----\n  EOT\n  })\n}\n```' % (
            intro, kind, ind, val, kind)
    return text, val


PEM_INTROS = ["Apple Pay merchant identity key for the new domain, can someone put it in Vault?",
              "mTLS client key for the Adyen webhook relay (staging):",
              "SFTP key for pulling the settlement reports, generated this morning:",
              "Schlüssel für die Signatur der Support-Console-Tokens:",
              "clé privée du connecteur de rapports de règlement :",
              "clave privada para el relay de webhooks del PSP:",
              "サポートコンソールの JWT 署名鍵です:"]


def p_pem(i):
    gens = [("ec", pem_ec), ("ed25519", pem_ed25519), ("rsa_pkcs1", pem_rsa1), ("rsa_pkcs8", pem_rsa8),
            ("openssh", lambda: pem_openssh(ch(["sftp-settlements", "label-agent-ci", "reports-puller"])))]
    name, g = gens[i % len(gens)]
    kind, lines = g()
    layout = [0, 1, 2, 3, 4, 0, 2, 1, 0][i % 9]
    if name == "openssh" and layout in (2, 3):
        layout = 0
    text, val = pem_layout(kind, lines, layout, ch(PEM_INTROS))
    return text, [("private_key_pem", val)], "private_key_pem:%s:layout%d" % (name, layout)


def p_pw_0():
    p = v_password()
    return ("```properties\nspring.datasource.url=jdbc:postgresql://payments-db.prod.internal:5432/refunds\nspring.datasource.username=refund_svc\nspring.datasource.password=%s\n```" % p, [("password", p)])


def p_pw_1():
    p = v_password().replace(";", "")
    return ('```json\n"ConnectionStrings": {\n  "Ledger": "Server=ledger-sql.internal,1433;Database=Ledger;User Id=ledger_writer;Password=%s;Encrypt=True;"\n}\n```' % p, [("password", p)])


def p_pw_2():
    p = v_password().replace(" ", "")
    return ("```\npsql \"host=orders-replica.internal port=5432 dbname=orders user=support_ro password=%s sslmode=require\"\n```" % p, [("password", p)])


def p_pw_3():
    p = v_password()
    return ("SFTP für die Abrechnungsberichte: Host sftp.settlements.internal, Benutzer bazaro_reports, Passwort: %s" % p, [("password", p)])


def p_pw_4():
    p = v_password()
    return ("```\n$ mysql -h magento-db.internal -u magento --password=%s magento -e 'select count(*) from sales_creditmemo'\n```" % p, [("password", p)])


def p_pw_5():
    p = v_password()
    return ("```php\n// app/etc/env.php\n'db' => [\n    'connection' => [\n        'default' => [\n            'host' => 'magento-db.internal',\n            'username' => 'magento',\n            'password' => '%s',\n        ],\n    ],\n],\n```" % p,
            [("password", p)])


def p_pw_6():
    p = v_password()
    return ("```yaml\nsupport_mailer:\n  smtp_host: smtp.internal\n  smtp_user: support-noreply\n  smtp_password: \"%s\"\n```" % p, [("password", p)])


def p_pw_7():
    p = v_password()
    return ("hasło do panelu operatora paczkomatów (konto firmowe): %s" % p, [("password", p)])


def p_pw_8():
    p = v_password()
    return ("```\n# redis.conf on the session cache\nrequirepass %s\n```\nclients need the same value in REDIS_PASSWORD" % p, [("password", p)])


def p_pw_9():
    p = v_password()
    return ("la contraseña del usuario de servicio de Klarna (playground) es %s" % p, [("password", p)])


def p_url_0():
    p = v_url_password()
    return ("DATABASE_URL=postgres://refund_worker:%s@payments-db.prod.internal:5432/payments?sslmode=require" % p, [("url_credentials", p)])


def p_url_1():
    p = v_url_password()
    return ("```\nmongodb+srv://support_app:%s@cluster-support.x7k2p.mongodb.net/tickets?retryWrites=true&w=majority\n```\nthat's the transcripts DB, read-write" % p, [("url_credentials", p)])


def p_url_2():
    p = v_url_password()
    return ("REDIS_URL=redis://:%s@redis-sessions.payments.svc:6379/0" % p, [("url_credentials", p)])


def p_url_3():
    p = v_url_password()
    return ("```yaml\nbroker_url: amqps://orders:%s@mq.internal:5671/%%2Forders\n```" % p, [("url_credentials", p)])


def p_url_4():
    p = v_url_password()
    return ("Adyen notification URL mit Basic Auth, so ist es im Customer Area eingetragen:\nhttps://adyen:%s@hooks.bazaro.example/psp/adyen/notifications" % p, [("url_credentials", p)])


def p_url_5():
    p = v_url_password()
    return ('```python\nSQLALCHEMY_DATABASE_URI = "postgresql+psycopg2://fraud_ro:%s@fraud-db.internal:5432/fraud"\n```' % p, [("url_credentials", p)])


def p_url_6():
    p = v_url_password()
    return ("```\n$ lftp sftp://reports:%s@sftp.settlements.internal -e 'ls /outgoing; bye'\n```" % p, [("url_credentials", p)])


def p_url_7():
    p = v_url_password()
    return ("connexion MySQL du module Magento : mysql://magento:%s@10.20.0.15:3306/magento" % p, [("url_credentials", p)])


def p_url_8():
    p = v_url_password()
    return ("```\n%s ERROR settlement-importer could not connect: ftp://bazaro:%s@ftp.legacy-psp.internal/reports/ (530 Login incorrect)\n```" % (iso(), p), [("url_credentials", p)])


def p_email_0():
    e = v_email()
    return ("お客様（%s）から返金がまだ届かないとの問い合わせがありました。注文番号 %s" % (e, order_no()), [("email_address", e)])


def p_email_1():
    e = v_email()
    return ("can someone merge the two accounts? the buyer uses %s for orders and a different one for the dispute" % e, [("email_address", e)])


def p_email_2():
    e = v_email()
    return ("order_id,email,refund_minor,currency\n%d,%s,%d,%s" % (ri(100000000, 999999999), e, ri(500, 50000), ch(CURRENCIES[:4])), [("email_address", e)])


def p_email_3():
    e = v_email_seller()
    return ("el vendedor no recibe los avisos de devolución, su correo de contacto es %s" % e, [("email_address", e)])


def p_email_4():
    e = v_email()
    return ("bounce for the refund confirmation: `550 5.1.1 <%s>: Recipient address rejected`" % e, [("email_address", e)])


def p_phone_0():
    c, p = v_phone("DE")
    return ("Kunde bittet um Rückruf wegen der doppelten Abbuchung: %s (ab 17 Uhr erreichbar)" % p, [("phone_number", p)])


def p_phone_1():
    c, p = v_phone("FR")
    return ("le client veut être rappelé au %s pour le colis perdu" % p, [("phone_number", p)])


def p_phone_2():
    c, p = v_phone("US")
    return ("US seller asked for a callback about the payout hold: %s" % p, [("phone_number", p)])


def p_phone_3():
    c, p = v_phone("JP")
    return ("配達業者から電話がありました。折り返し先: %s" % p, [("phone_number", p)])


def p_phone_4():
    c, p = v_phone(ch(["IT", "PL", "SE", "ES", "BR", "AT"]))
    return ("%s,callback_requested,%s,%s" % (ticket_no(), p, ch(["refund", "chargeback", "delivery"])), [("phone_number", p)])


def p_phone_5():
    c, p = v_phone("UK")
    return ("courier needs a contact number for the redelivery, customer gave %s" % p, [("phone_number", p)])


def p_phone_6():
    c, p = v_phone("NL")
    return ("klant wil teruggebeld worden over de retour: %s" % p, [("phone_number", p)])


def p_card_0():
    b, c = v_card()
    return ("customer pasted their card in the chat: \"%s, can you refund to this one instead?\" — deleting the transcript after this" % c, [("credit_card", c)])


def p_card_1():
    b, c = v_card(fmt=0)
    return ("%s DEBUG psp-gateway legacy adapter request pan=%s exp=%02d%02d amount=%d" % (iso(), c, ri(1, 12), ri(26, 31), ri(100, 90000)), [("credit_card", c)])


def p_card_2():
    b, c = v_card(fmt=1)
    return ("el cliente dice que le cobraron dos veces en la tarjeta %s, pide la devolución" % c, [("credit_card", c)])


def p_card_3():
    b, c = v_card("amex", ri(0, 1))
    return ("Amex the customer wants the refund on (read out on the phone): %s" % c, [("credit_card", c)])


def p_card_4():
    b, c = v_card(fmt=0)
    return ("legacy_export.csv\norder_id,card_number,amount\n%d,%s,%d.%02d" % (ri(100000000, 999999999), c, ri(5, 900), ri(0, 99)), [("credit_card", c)])


def p_card_5():
    b, c = v_card(fmt=ri(1, 2))
    return ("Kartennummer laut Kunde: %s – bitte die Erstattung darauf buchen (habe gesagt, dass wir das so nicht machen)" % c, [("credit_card", c)])


def p_card_6():
    b, c = v_card(fmt=1)
    return ("カード番号 %s で二重決済になっているそうです" % c, [("credit_card", c)])


def p_card_7():
    b, c = v_card(fmt=0)
    return ('```json\n{"paymentMethod": {"type": "scheme", "number": "%s", "expiryMonth": "%02d", "expiryYear": "20%d"}}\n```\nthis was in the request log, the mask middleware was off on canary' % (c, ri(1, 12), ri(26, 31)),
            [("credit_card", c)])


def p_iban_0():
    c, i = v_iban("DE")
    return ("Kunde hat keine Karte mehr, Erstattung bitte per Überweisung auf %s" % i, [("iban", i)])


def p_iban_1():
    c, i = v_iban("FR")
    return ("le vendeur a changé son compte de versement pour %s hier soir — à vérifier, ça ressemble à une prise de contrôle" % i, [("iban", i)])


def p_iban_2():
    c, i = v_iban("ES")
    return ("reembolso manual por transferencia a %s, importe %d,%02d EUR" % (i, ri(5, 900), ri(0, 99)), [("iban", i)])


def p_iban_3():
    c, i = v_iban("IT")
    return ("rimborso tramite bonifico sull'IBAN %s, il cliente ha chiuso la carta" % i, [("iban", i)])


def p_iban_4():
    c, i = v_iban("PL")
    return ("zwrot przelewem na rachunek %s" % i, [("iban", i)])


def p_iban_5():
    c, i = v_iban(ch(["GB", "CH", "AT", "BE"]))
    return ("payout_account_changed seller=%s old=*** new=%s ip_country=%s" % ("sel_" + rs(B62, 10), i.replace(" ", ""), ch(MARKETS)), [("iban", i.replace(" ", ""))])


def p_iban_6():
    c, i = v_iban("NL")
    return ("retour wordt handmatig overgemaakt naar %s" % i, [("iban", i)])


def p_iban_7():
    c, i = v_iban(ch(["BE", "AT", "DE"]))
    return ("sepa_refunds.csv\nend_to_end_id,iban,amount\nBZ%d,%s,%d.%02d" % (ri(10 ** 8, 10 ** 9), i.replace(" ", ""), ri(5, 900), ri(0, 99)), [("iban", i.replace(" ", ""))])


def p_ssn_0():
    s = v_ssn()
    return ("US seller's 1099-K bounced because of the TIN. they sent it in the support chat: %s — moving this to the KYC tool now" % s, [("us_ssn", s)])


def p_ssn_1():
    s = v_ssn(0)
    return ("Stripe Connect onboarding update for the seller:\n```json\n{\"individual\": {\"id_number\": \"%s\", \"dob\": {\"year\": %d}}}\n```" % (s.replace("-", ""), ri(1950, 2000)),
            [("us_ssn", s.replace("-", ""))])


def p_ssn_2():
    s = v_ssn(0)
    return ("SSN on the W-9 they uploaded: %s" % s, [("us_ssn", s)])


def p_ssn_3():
    s = v_ssn(1)
    return ("seller typed their social as %s in the tax form, validation wants dashes" % s, [("us_ssn", s)])


def p_ssn_4():
    s = v_ssn(0)
    return ("%s WARN kyc-gateway verification mismatch seller=%s ssn=%s name_match=false" % (iso(), "sel_" + rs(B62, 10), s), [("us_ssn", s)])


def p_ssn_5():
    s = v_ssn(0)
    return ("el vendedor de EE. UU. nos mandó su SSN (%s) por correo; lo paso al equipo de KYC y borro esto" % s, [("us_ssn", s)])


def p_ssn_6():
    s = v_ssn(2)
    return ("tin_type,tin\nSSN,%s" % s, [("us_ssn", s)])


def p_ip_0():
    ip = v_ip()
    return ("fraud rule proposal: block checkout from %s, 37 cards tried in 20 minutes, all declined" % ip, [("ipv4_address", ip)])


def p_ip_1():
    ip = v_ip()
    return ('%s - - [%s] "POST /checkout/payments HTTP/1.1" 402 %d "-" "Mozilla/5.0"' % (ip, rdt().strftime("%d/%b/%Y:%H:%M:%S +0000"), ri(100, 900)), [("ipv4_address", ip)])


def p_ip_2():
    ip = v_ip()
    return ('Radar: `{"ip_address": "%s", "risk_level": "elevated", "rule": "card_fingerprint_velocity"}`' % ip, [("ipv4_address", ip)])


def p_ip_3():
    ip = v_ip()
    return ("同じ IP（%s）から複数アカウントでギフトカードを購入しています" % ip, [("ipv4_address", ip)])


def p_ip_4():
    ip = v_ip()
    return ("Bestellung kam von %s (Geo: anderes Land als Rechnungsadresse), Chargeback 10.4 zwei Wochen später" % ip, [("ipv4_address", ip)])


def p_ip_5():
    ip = v_ip()
    return ("```\nsudo ufw deny from %s to any port 443 comment 'voucher brute force'\n```" % ip, [("ipv4_address", ip)])


def p_ip_6():
    ip = v_ip()
    return ("la IP %s aparece en 12 pedidos con tarjetas distintas esta semana" % ip, [("ipv4_address", ip)])


SINGLE_TEMPLATES = {
    "aws_access_key_id": [p_aws_id_0, p_aws_id_1, p_aws_id_2, p_aws_id_3, p_aws_id_4, p_aws_id_5, p_aws_id_6],
    "aws_secret_access_key": [p_aws_sec_0, p_aws_sec_1, p_aws_sec_2, p_aws_sec_3, p_aws_sec_4, p_aws_sec_5],
    "github_classic_pat": [p_ghp_0, p_ghp_1, p_ghp_2, p_ghp_3, p_ghp_4, p_ghp_5, p_ghp_6, p_ghp_7],
    "github_fine_grained_pat": [p_ghf_0, p_ghf_1, p_ghf_2, p_ghf_3, p_ghf_4, p_ghf_5, p_ghf_6, p_ghf_7],
    "slack_bot_token": [p_xoxb_0, p_xoxb_1, p_xoxb_2, p_xoxb_3, p_xoxb_4, p_xoxb_5, p_xoxb_6, p_xoxb_7],
    "slack_user_token": [p_xoxp_0, p_xoxp_1, p_xoxp_2, p_xoxp_3, p_xoxp_4, p_xoxp_5, p_xoxp_6, p_xoxp_7],
    "openai_api_key": [p_openai_0, p_openai_1, p_openai_2, p_openai_3, p_openai_4, p_openai_5, p_openai_6, p_openai_7],
    "anthropic_api_key": [p_anth_0, p_anth_1, p_anth_2, p_anth_3, p_anth_4, p_anth_5, p_anth_6, p_anth_7],
    "jwt": [p_jwt_0, p_jwt_1, p_jwt_2, p_jwt_3, p_jwt_4, p_jwt_5, p_jwt_6, p_jwt_7, p_jwt_8],
    "private_key_pem": None,
    "password": [p_pw_0, p_pw_1, p_pw_2, p_pw_3, p_pw_4, p_pw_5, p_pw_6, p_pw_7, p_pw_8, p_pw_9],
    "url_credentials": [p_url_0, p_url_1, p_url_2, p_url_3, p_url_4, p_url_5, p_url_6, p_url_7, p_url_8],
    "email_address": [p_email_0, p_email_1, p_email_2, p_email_3, p_email_4],
    "phone_number": [p_phone_0, p_phone_1, p_phone_2, p_phone_3, p_phone_4, p_phone_5, p_phone_6],
    "credit_card": [p_card_0, p_card_1, p_card_2, p_card_3, p_card_4, p_card_5, p_card_6, p_card_7],
    "iban": [p_iban_0, p_iban_1, p_iban_2, p_iban_3, p_iban_4, p_iban_5, p_iban_6, p_iban_7],
    "us_ssn": [p_ssn_0, p_ssn_1, p_ssn_2, p_ssn_3, p_ssn_4, p_ssn_5, p_ssn_6],
    "ipv4_address": [p_ip_0, p_ip_1, p_ip_2, p_ip_3, p_ip_4, p_ip_5, p_ip_6],
}


# ===========================================================================
# POSITIVES: two-secret templates
# ===========================================================================
def m_aws_creds():
    k, s = v_aws_akia(), v_aws_secret()
    return ("```ini\n[csv-exports]\naws_access_key_id = %s\naws_secret_access_key = %s\nregion = eu-west-1\n```\nthis is what the finance laptop had in ~/.aws/credentials" % (k, s),
            [("aws_access_key_id", k), ("aws_secret_access_key", s)])


def m_aws_history():
    k, s = v_aws_akia(), v_aws_secret()
    return ("```\n  88  export AWS_ACCESS_KEY_ID=%s\n  89  export AWS_SECRET_ACCESS_KEY=%s\n  90  aws s3 cp s3://bazaro-psp-reports/disputes/ . --recursive\n```" % (k, s),
            [("aws_access_key_id", k), ("aws_secret_access_key", s)])


def m_aws_boto():
    k, s = v_aws_akia(), v_aws_secret()
    return ('```python\nses = boto3.client("ses", region_name="eu-west-1",\n                   aws_access_key_id="%s",\n                   aws_secret_access_key="%s")\nses.send_email(Source=SUPPORT_FROM, Destination=dest, Message=render_macro(ticket))\n```' % (k, s),
            [("aws_access_key_id", k), ("aws_secret_access_key", s)])


def m_ticket_contact():
    e = v_email()
    c, p = v_phone(ch(["ES", "IT", "FR", "UK"]))
    return ("ticket_id;created;requester_email;requester_phone;subject\n%s;%s;%s;%s;%s" % (ticket_no(), rdt().strftime("%Y-%m-%d"), e, p,
                                                                                   ch(["refund not received", "parcel lost", "voucher not working", "charged twice"])),
            [("email_address", e), ("phone_number", p)])


def m_de_contact():
    e = v_email()
    c, p = v_phone("DE")
    return ("Kundin meldet sich wegen Gutschein, der nicht funktioniert. Mail: %s, Tel.: %s – bitte Rückruf heute" % (e, p), [("email_address", e), ("phone_number", p)])


def m_chat_card():
    b, c = v_card(fmt=ri(0, 2))
    e = v_email()
    return ("chat transcript, needs purging:\n> customer: hi, my email is %s\n> customer: the card is %s, please refund there\n> agent: please don't share card details here" % (e, c),
            [("email_address", e), ("credit_card", c)])


def m_fr_iban_email():
    c, i = v_iban("FR")
    e = v_email()
    return ("demande de remboursement par virement : IBAN %s, confirmation à envoyer à %s" % (i, e), [("iban", i), ("email_address", e)])


def m_nl_iban_phone():
    c, i = v_iban("NL")
    c2, p = v_phone("NL")
    return ("klant belt over terugbetaling, rekening %s, bereikbaar op %s" % (i, p), [("iban", i), ("phone_number", p)])


def m_ssn_email():
    s = v_ssn(0)
    e = v_email_seller()
    return ("KYC escalation: seller %s replied to the verification email with their SSN %s in plain text. moving to the KYC queue" % (e, s), [("email_address", e), ("us_ssn", s)])


def m_ip_email():
    ip = v_ip()
    e = v_email()
    return ("fraud review: account %s logged in from %s right before the gift card purchase, then changed the shipping address" % (e, ip), [("email_address", e), ("ipv4_address", ip)])


def m_ip_card():
    ip = v_ip()
    b, c = v_card(fmt=0)
    return ("%s INFO fraud-engine decision=review score=%d client_ip=%s card=%s rule=ip_country_mismatch" % (iso(), ri(60, 99), ip, c), [("ipv4_address", ip), ("credit_card", c)])


def m_slack_tokens():
    b, u = v_xoxb(), v_xoxp()
    return ("support bot setup for the new workspace:\n```\nSLACK_BOT_TOKEN=%s\nSLACK_USER_TOKEN=%s   # only for the archive job\n```" % (b, u), [("slack_bot_token", b), ("slack_user_token", u)])


def m_llm_keys():
    o, a = v_openai(), v_anthropic()
    return ("macro-suggester staging env, we A/B the two providers:\n```\nOPENAI_API_KEY=%s\nANTHROPIC_API_KEY=%s\nAB_SPLIT=50\n```" % (o, a), [("openai_api_key", o), ("anthropic_api_key", a)])


def m_gh_tokens():
    c, f = v_ghp(), v_gh_fine()
    return ("CI variables for checkout-sdk (old and new):\n```\nGH_PACKAGES_TOKEN=%s\nGH_RELEASE_TOKEN=%s\n```" % (c, f), [("github_classic_pat", c), ("github_fine_grained_pat", f)])


def m_pem_password():
    kind, lines = pem_ec()
    ind = "    "
    val = ("\n" + ind).join(lines)
    p = v_password()
    text = ("Apple Pay merchant identity for the outlet domain:\n```yaml\napplepay:\n  merchantIdentifier: merchant.com.bazaro.outlet\n  keystore_password: %s\n  privateKey: |\n    -----BEGIN %s-----\n%s%s\n    -----END %s-----\n```"
            % (p, kind, ind, val, kind))
    return text, [("password", p), ("private_key_pem", val)]


def m_jwt_url():
    t = v_jwt("console")
    p = v_url_password()
    return ("repro for the refund 500:\n```\nexport DATABASE_URL=postgres://support_ro:%s@orders-replica.internal:5432/orders\ncurl -s localhost:8080/api/refunds -H \"Authorization: Bearer %s\"\n```" % (p, t),
            [("url_credentials", p), ("jwt", t)])


def m_pw_url():
    p1, p2 = v_password(), v_url_password()
    return ("```yaml\nledger:\n  db_password: %s\nqueue:\n  url: amqp://ledger:%s@rabbitmq.payments.svc:5672/ledger\n```" % (p1, p2), [("password", p1), ("url_credentials", p2)])


def m_ssn_phone():
    s = v_ssn(0)
    c, p = v_phone("US")
    return ("1099-K correction request: seller confirms SSN %s, call back at %s" % (s, p), [("us_ssn", s), ("phone_number", p)])


def m_dispute_evidence():
    e = v_email()
    ip = v_ip()
    ev = {"customer_email_address": e, "customer_purchase_ip": ip, "product_description": ch(["running shoes", "espresso machine", "gift card 50 EUR", "wool coat"]),
          "shipping_carrier": ch(CARRIERS), "shipping_date": rdt().strftime("%Y-%m-%d")}
    return ("evidence we're about to submit for %s:\n```json\n%s\n```" % (stripe_id("du"), json.dumps(ev, indent=2)), [("email_address", e), ("ipv4_address", ip)])


def m_moto():
    b, c = v_card(fmt=1)
    cc, p = v_phone(ch(["IT", "ES", "PL"]))
    return ("ordine telefonico (MOTO): carta %s, il cliente richiama dal %s per confermare" % (c, p), [("credit_card", c), ("phone_number", p)])


PAIR_TEMPLATES = [("aws_creds", m_aws_creds), ("aws_history", m_aws_history), ("aws_boto", m_aws_boto), ("ticket_contact", m_ticket_contact),
                  ("de_contact", m_de_contact), ("chat_card", m_chat_card), ("fr_iban_email", m_fr_iban_email), ("nl_iban_phone", m_nl_iban_phone),
                  ("ssn_email", m_ssn_email), ("ip_email", m_ip_email), ("ip_card", m_ip_card), ("slack_tokens", m_slack_tokens),
                  ("llm_keys", m_llm_keys), ("gh_tokens", m_gh_tokens), ("pem_password", m_pem_password), ("jwt_url", m_jwt_url),
                  ("pw_url", m_pw_url), ("ssn_phone", m_ssn_phone), ("dispute_evidence", m_dispute_evidence), ("moto", m_moto)]

KIND_TOTALS = {"aws_access_key_id": 10, "aws_secret_access_key": 9, "github_classic_pat": 9, "github_fine_grained_pat": 9,
               "slack_bot_token": 9, "slack_user_token": 9, "openai_api_key": 9, "anthropic_api_key": 9, "jwt": 10,
               "private_key_pem": 9, "password": 10, "url_credentials": 10, "email_address": 10, "phone_number": 10,
               "credit_card": 10, "iban": 10, "us_ssn": 9, "ipv4_address": 9}
KINDS = list(KIND_TOTALS)
POS_LEADINS = ["fyi", "urgent:", "quick q:", "Zur Info:", "ojo:", "pour info :", "メモ:", "heads up —"]


# ===========================================================================
# checks on positives
# ===========================================================================
def check_positive(text, secrets):
    for kind, v in secrets:
        assert v in text, (kind, v)
        if kind == "credit_card":
            d = re.sub(r"[ -]", "", v)
            assert d.isdigit() and 13 <= len(d) <= 19 and luhn_ok(d) and d not in PUBLIC_TEST_CARDS, v
        elif kind == "iban":
            c = v.replace(" ", "")
            assert iban_mod97(c) == 1 and len(c) == IBAN_LEN[c[:2]], v
        elif kind == "us_ssn":
            assert ssn_ok(v), v
        elif kind == "ipv4_address":
            assert ip_public(*[int(x) for x in v.split(".")]), v
        elif kind == "jwt":
            h, p, s = v.split(".")
            for part in (h, p):
                json.loads(base64.urlsafe_b64decode(part + "=" * (-len(part) % 4)))
        elif kind == "private_key_pem":
            body = re.sub(r"\\n|\s", "", v)
            base64.b64decode(body, validate=True)
        elif kind == "github_classic_pat":
            body = v[4:34]
            assert base62(binascii.crc32(body.encode()) & 0xFFFFFFFF).rjust(6, "0") == v[34:], v
        elif kind == "aws_access_key_id":
            assert re.fullmatch(r"(AKIA|ASIA)[A-Z2-7]{16}", v), v
        elif kind == "aws_secret_access_key":
            assert re.fullmatch(r"[A-Za-z0-9/+]{40}", v), v
        elif kind == "anthropic_api_key":
            assert re.fullmatch(r"sk-ant-api03-[A-Za-z0-9_-]{93}AA", v), v
        elif kind == "github_fine_grained_pat":
            assert re.fullmatch(r"github_pat_11[A-Z0-9]{20}_[A-Za-z0-9]{59}", v), v
        elif kind == "slack_bot_token":
            assert re.fullmatch(r"xoxb-\d+-\d+-[A-Za-z0-9]{24}", v), v
        elif kind == "slack_user_token":
            assert re.fullmatch(r"xoxp-\d+-\d+-\d+-[0-9a-f]{32}", v), v
        elif kind == "openai_api_key":
            assert "T3BlbkFJ" in v and v.startswith("sk-"), v


def unlabeled_hits(text, secrets):
    """scanner hits in a positive text that do not overlap a labelled value."""
    spans = []
    for _, v in secrets:
        i = text.find(v)
        spans.append((i, i + len(v)))
    out = []
    for kind, m in scan(text):
        if kind == "kv_secret":
            m = m.split("=", 1)[1]
        j = text.find(m)
        if j < 0:
            compact_ok = any(re.sub(r"[ -]", "", m) in re.sub(r"[ -]", "", v) or m.replace(" ", "") in v.replace(" ", "") for _, v in secrets)
            if not compact_ok:
                out.append((kind, m))
            continue
        if not any(a < j + len(m) and j < b for a, b in spans):
            if not any(m in v or v in m for _, v in secrets):
                out.append((kind, m))
    return out


def missed_by_scanner(text, secrets):
    hits = scan(text)
    miss = []
    for kind, v in secrets:
        vc = re.sub(r"[ -]", "", v)
        if kind == "private_key_pem" and any(k2 == "pem_private_key" for k2, _ in hits):
            continue
        if not any(v in m or m in v or vc == re.sub(r"[ -]", "", m) or (len(m) > 6 and re.sub(r"[ -]", "", m) in vc) for _, m in hits):
            miss.append((kind, v))
    return miss


# ===========================================================================
# assembly
# ===========================================================================
NEG_CATEGORIES = [("data_uri_base64", DATA_URI_TEMPLATES), ("placeholder_example", PLACEHOLDER_TEMPLATES),
                  ("code_identifier", CODE_IDENT_TEMPLATES), ("non_credential_blob", NON_CRED_BLOB_TEMPLATES),
                  ("pii_lookalike_number", PII_LOOKALIKE_TEMPLATES), ("talk_about_secrets", TALK_TEMPLATES)]
PER_CATEGORY = 100


def decorate(t, p_lead=0.12, p_trail=0.06, leads=LEADINS):
    if chance(p_lead):
        lead = ch(leads)
        t = lead + ("\n" if t.startswith("```") or "\n" in t[:80] else " ") + t
    if chance(p_trail):
        t = t + ("\n" if t.endswith("```") else " ") + ch(TRAILERS)
    return t


def build_negatives(stats):
    seen = set()
    out = []
    for cat, tpls in NEG_CATEGORIES:
        order = list(range(len(tpls)))
        R.shuffle(order)
        got = 0
        i = 0
        while got < PER_CATEGORY:
            f = tpls[order[i % len(order)]]
            i += 1
            for _ in range(400):
                t = decorate(f())
                if t in seen:
                    stats["dup_redraws"] += 1
                    continue
                hits = scan(t)
                if hits:
                    stats["scanner_redraws"] += 1
                    stats["redraw_reasons"][hits[0][0]] = stats["redraw_reasons"].get(hits[0][0], 0) + 1
                    continue
                break
            else:
                raise RuntimeError("template %s keeps failing" % f.__name__)
            seen.add(t)
            out.append({"text": t, "category": cat, "_tpl": f.__name__})
            got += 1
    R.shuffle(out)
    recs = []
    for n, r in enumerate(out, 1):
        stats["templates"].setdefault(r["category"], set()).add(r["_tpl"])
        recs.append({"id": "h%dn-%04d" % (N, n), "text": r["text"], "category": r["category"]})
    return recs


def build_positives(stats):
    pair_counts = {k: 0 for k in KINDS}
    items = []
    seen = set()
    for name, f in PAIR_TEMPLATES:
        while True:
            text, secrets = f()
            if text not in seen:
                break
        for k, _ in secrets:
            pair_counts[k] += 1
        items.append((text, secrets, "multi:%s" % name))
        seen.add(text)
    for kind in KINDS:
        need = KIND_TOTALS[kind] - pair_counts[kind]
        assert need >= 0, kind
        if kind == "private_key_pem":
            for j in range(need):
                text, secrets, ctx = p_pem(j)
                items.append((text, secrets, ctx))
                seen.add(text)
            continue
        tpls = SINGLE_TEMPLATES[kind]
        order = list(range(len(tpls)))
        R.shuffle(order)
        for j in range(need):
            ti = order[j % len(order)]
            while True:
                text, secrets = tpls[ti]()
                if text not in seen:
                    break
            items.append((text, secrets, "%s:t%d" % (kind, ti)))
            seen.add(text)
    R.shuffle(items)
    recs = []
    for n, (text, secrets, ctx) in enumerate(items, 1):
        if chance(0.05) and not text.startswith("```"):
            text = ch(POS_LEADINS) + " " + text
        check_positive(text, secrets)
        unl = unlabeled_hits(text, secrets)
        assert not unl, (ctx, unl)
        miss = missed_by_scanner(text, secrets)
        stats["scanner_missed"].extend((ctx, k) for k, _ in miss)
        recs.append({"id": "h%dp-%04d" % (N, n), "text": text, "secrets": [{"kind": k, "value": v} for k, v in secrets], "context": ctx})
    return recs


def write_jsonl(path, recs):
    with open(path, "w", encoding="utf-8", newline="\n") as fh:
        for r in recs:
            fh.write(json.dumps(r, ensure_ascii=False) + "\n")


def main():
    stats = {"dup_redraws": 0, "scanner_redraws": 0, "redraw_reasons": {}, "templates": {}, "scanner_missed": []}
    neg = build_negatives(stats)
    pos = build_positives(stats)

    # final guarantees
    assert len(neg) == 600 and len({r["text"] for r in neg}) == 600
    cats = {}
    for r in neg:
        cats[r["category"]] = cats.get(r["category"], 0) + 1
        assert not scan(r["text"]), r["id"]
    assert all(v == PER_CATEGORY for v in cats.values()) and len(cats) == 6
    assert len(pos) == 150 and len({r["text"] for r in pos}) == 150
    kinds = {}
    for r in pos:
        for s in r["secrets"]:
            kinds[s["kind"]] = kinds.get(s["kind"], 0) + 1
    assert sum(kinds.values()) == 170 and kinds == KIND_TOTALS, kinds
    assert sum(1 for r in pos if len(r["secrets"]) == 2) == 20 and sum(1 for r in pos if len(r["secrets"]) == 1) == 130

    write_jsonl(os.path.join(HERE, "redaction%d_negatives.jsonl" % N), neg)
    write_jsonl(os.path.join(HERE, "redaction%d_positives.jsonl" % N), pos)

    print("negatives: %d  %s" % (len(neg), json.dumps(cats, sort_keys=True)))
    print("  templates used per category: %s" % json.dumps({k: len(v) for k, v in sorted(stats["templates"].items())}))
    nl = [r["text"].count("\n") + 1 for r in neg]
    print("  lines: min %d max %d, single-line %d, >=10 lines %d, >=20 lines %d" % (min(nl), max(nl), sum(1 for x in nl if x == 1),
                                                                               sum(1 for x in nl if x >= 10), sum(1 for x in nl if x >= 20)))
    for cat, _ in NEG_CATEGORIES:
        cl = [r["text"].count("\n") + 1 for r in neg if r["category"] == cat]
        print("  %-22s lines %d/%d" % (cat, min(cl), max(cl)))
    print("  redraws: scanner %d %s, duplicate %d" % (stats["scanner_redraws"], json.dumps(stats["redraw_reasons"], sort_keys=True), stats["dup_redraws"]))
    print("positives: %d texts, %d secrets  %s" % (len(pos), sum(kinds.values()), json.dumps(kinds)))
    print("  scanner misses on positives: %d %s" % (len(stats["scanner_missed"]), stats["scanner_missed"]))


if __name__ == "__main__":
    main()
