#!/usr/bin/env python3
"""Blind redaction corpus #53: a property-management / short-let company's Slack (ES, IT, AE).

Writes redaction53_negatives.jsonl (600 hard negatives) and redaction53_positives.jsonl
(150 texts, 170 labelled secrets) next to this file. Standard library only; the only source of
randomness is random.Random(53 * 101), drawn in a fixed order, so two runs are byte-identical.
"""
import base64
import datetime
import ipaddress
import json
import os
import re
import struct
import sys
import zlib
import random

N = 53
R = random.Random(N * 101)
HERE = os.path.dirname(os.path.abspath(__file__))

DIG = "0123456789"
HEX = "0123456789abcdef"
UP = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
LO = UP.lower()
B62 = DIG + UP + LO
B64 = UP + LO + DIG + "+/"
B64U = UP + LO + DIG + "-_"


def ch(seq):
    return seq[R.randrange(len(seq))]


def ri(a, b):
    return R.randint(a, b)


def rs(alpha, n):
    return "".join(alpha[R.randrange(len(alpha))] for _ in range(n))


def rbytes(n):
    return bytes(R.randrange(256) for _ in range(n))


def b64(b):
    return base64.b64encode(b).decode()


def b64u(b):
    return base64.urlsafe_b64encode(b).decode().rstrip("=")


def T(s, **kw):
    """Fill «name» slots (no brace clashes with CSS/JSON/Jinja)."""
    for k, v in kw.items():
        s = s.replace("\u00ab" + k + "\u00bb", str(v))
    if "\u00ab" in s:
        raise ValueError("unfilled slot in: " + s[:120])
    return s


# ---------------------------------------------------------------- checksums

def luhn_ok(d):
    s = 0
    for i, c in enumerate(reversed(d)):
        v = int(c)
        if i % 2 == 1:
            v *= 2
            if v > 9:
                v -= 9
        s += v
    return s % 10 == 0


def luhn_complete(partial):
    for c in DIG:
        if luhn_ok(partial + c):
            return partial + c
    raise AssertionError


def iban_num(s):
    return int("".join(str(int(c, 36)) for c in s))


def iban_ok(s):
    s = s.replace(" ", "")
    return len(s) >= 15 and iban_num(s[4:] + s[:4]) % 97 == 1


def iban_make(cc, bban):
    k = 98 - iban_num(bban + cc + "00") % 97
    return "%s%02d%s" % (cc, k, bban)


def group4(s):
    return " ".join(s[i:i + 4] for i in range(0, len(s), 4))


def ean13(d12):
    s = sum(int(c) * (3 if i % 2 else 1) for i, c in enumerate(d12))
    return d12 + str((10 - s % 10) % 10)


def ssn_ok(s):
    m = re.fullmatch(r"(\d{3})[- ]?(\d{2})[- ]?(\d{4})", s)
    if not m:
        return False
    a, g, n = m.groups()
    return a not in ("000", "666") and a[0] != "9" and g != "00" and n != "0000"


def ip_public(s):
    try:
        ip = ipaddress.ip_address(s)
    except ValueError:
        return False
    return ip.is_global and not ip.is_multicast and not ip.is_reserved


# ---------------------------------------------------------------- scanner (for the negatives)

EMAIL_RE = re.compile(r"[A-Za-z0-9._%+\-]+@[A-Za-z0-9\-]+(?:\.[A-Za-z0-9\-]+)*\.[A-Za-z]{2,}")
GH_RE = re.compile(r"gh[pousr]_[A-Za-z0-9]{36}|github_pat_[A-Za-z0-9_]{30,}")
SLACK_RE = re.compile(r"xox[abposre]-\d{5,}-[A-Za-z0-9\-]{8,}")
SK_RE = re.compile(r"sk-(?:proj-|ant-[a-z]+\d*-|svcacct-|admin-)?[A-Za-z0-9_\-]{32,}")
STRIPE_RE = re.compile(r"[sr]k_(?:live|test)_[A-Za-z0-9]{16,}|whsec_[A-Za-z0-9]{20,}")
JWT_RE = re.compile(r"eyJ[A-Za-z0-9_\-]{6,}\.eyJ[A-Za-z0-9_\-]{6,}\.[A-Za-z0-9_\-]{10,}")
SSN_RE = re.compile(r"(?<![\d\-])\d{3}[- ]\d{2}[- ]\d{4}(?![\d\-])")
CARD_RE = re.compile(r"(?<!\d)\d(?:[ \-]?\d){12,18}(?!\d)")
IBAN_RE = re.compile(r"\b([A-Z]{2}\d{2}(?: ?[A-Z0-9]){10,30})")
IBAN_LEN = {"ES": 24, "IT": 27, "AE": 23, "DE": 22, "GB": 22, "FR": 27, "NL": 18, "BE": 16,
            "PT": 25, "CH": 21, "AT": 20, "IE": 22, "SA": 24, "LU": 20, "PL": 28, "SM": 27}
PEM_RE = re.compile(r"-----BEGIN ([A-Z0-9 ]*)PRIVATE KEY-----(.*?)-----END", re.S)
AKIA_RE = re.compile(r"\b(?:AKIA|ASIA)[A-Z0-9]{16}\b")
AWS_SECRET_RE = re.compile(r"(?i)aws_secret_access_key\s*[=:]\s*\"?([A-Za-z0-9/+]{40})")
IP_RE = re.compile(r"(?<![\d.])(\d{1,3}(?:\.\d{1,3}){3})(?!\d|\.\d)")
PHONE_INTL_RE = re.compile(r"(?:\+|\b00)(34|39|971|1)[\s.\-]?\(?\d[\d\s.\-()]{5,16}\d")
PHONE_LOCAL_RE = re.compile(r"(?<![\w.\-/:+#=])\(?\d[\d \-.()]{6,15}\d(?![\w\-/:])")


def local_phone_shape(d):
    n = len(d)
    if n == 9 and d[0] in "6789":
        return "es"
    if n == 10 and d[0] == "3":
        return "it-mobile"
    if d[0] == "0" and 9 <= n <= 11:
        return "it/ae-0"
    if n == 10 and d[0] in "23456789" and d[3] in "23456789":
        return "us"
    if n == 11 and d[0] == "1" and d[1] in "23456789" and d[4] in "23456789":
        return "us+1"
    return None


def scan(text):
    """Return a list of (finding, match) for anything that looks like a real secret or PII."""
    hits = []
    for name, rx in (("email", EMAIL_RE), ("github_token", GH_RE), ("slack_token", SLACK_RE),
                     ("sk_key", SK_RE), ("stripe_key", STRIPE_RE), ("jwt", JWT_RE)):
        for m in rx.finditer(text):
            hits.append((name, m.group(0)))
    for m in SSN_RE.finditer(text):
        hits.append(("ssn_shape", m.group(0)))
    for m in CARD_RE.finditer(text):
        d = re.sub(r"\D", "", m.group(0))
        if 13 <= len(d) <= 19 and luhn_ok(d):
            hits.append(("luhn_run", m.group(0)))
    for m in IBAN_RE.finditer(text):
        s = m.group(1).replace(" ", "")
        L = IBAN_LEN.get(s[:2])
        cands = [s[:L]] if (L and len(s) >= L) else ([] if L else [s])
        for c in cands:
            if iban_ok(c):
                hits.append(("iban_mod97", c))
    for m in PEM_RE.finditer(text):
        body = re.sub(r"\\n|\s", "", m.group(2))
        if len(body) >= 40 and re.fullmatch(r"[A-Za-z0-9+/=]+", body):
            hits.append(("pem_body", body))
    for m in AKIA_RE.finditer(text):
        if "EXAMPLE" not in m.group(0):
            hits.append(("aws_key_id", m.group(0)))
    for m in AWS_SECRET_RE.finditer(text):
        if "EXAMPLE" not in m.group(1):
            hits.append(("aws_secret", m.group(1)))
    for m in IP_RE.finditer(text):
        s = m.group(1)
        if all(int(p) <= 255 for p in s.split(".")) and ip_public(s):
            hits.append(("public_ipv4", s))
    for m in PHONE_INTL_RE.finditer(text):
        d = re.sub(r"\D", "", m.group(0))[len(m.group(1)):]
        if 7 <= len(d) <= 12:
            hits.append(("phone_intl", m.group(0)))
    for m in PHONE_LOCAL_RE.finditer(text):
        if re.fullmatch(r"\d{1,3}(?:\.\d{1,3}){3}", m.group(0)):
            continue  # a dotted quad is an address or a version, judged by the IPv4 rule above
        d = re.sub(r"\D", "", m.group(0))
        k = local_phone_shape(d)
        if k:
            hits.append(("phone_" + k, m.group(0)))
    return hits


# ---------------------------------------------------------------- real binary payloads

def png_bytes(w, h, alpha=False):
    def chunk(t, data):
        return struct.pack(">I", len(data)) + t + data + struct.pack(">I", zlib.crc32(t + data) & 0xFFFFFFFF)
    bpp = 4 if alpha else 3
    base = [R.randrange(256) for _ in range(bpp)]
    dx = [R.randrange(-12, 13) for _ in range(bpp)]
    dy = [R.randrange(-12, 13) for _ in range(bpp)]
    noise = ch([0, 0, 3, 9])
    raw = bytearray()
    for y in range(h):
        raw.append(0)
        for x in range(w):
            for c in range(bpp):
                v = base[c] + x * dx[c] + y * dy[c] + (R.randrange(noise + 1) if noise else 0)
                if alpha and c == 3:
                    v = 255 if (x + y) % 5 else 200
                raw.append(v % 256)
    ihdr = struct.pack(">IIBBBBB", w, h, 8, 6 if alpha else 2, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + chunk(b"IDAT", zlib.compress(bytes(raw), 9))
            + chunk(b"IEND", b""))


def gif_1x1(transparent=False):
    rgb = bytes(R.randrange(256) for _ in range(3))
    gce = b"\x21\xf9\x04\x01\x00\x00\x00\x00" if transparent else b""
    return (b"GIF89a\x01\x00\x01\x00\x80\x00\x00" + rgb + b"\xff\xff\xff" + gce
            + b"\x2c\x00\x00\x00\x00\x01\x00\x01\x00\x00\x02\x02\x44\x01\x00\x3b")


def ico_bytes():
    png = png_bytes(16, 16, alpha=True)
    return (struct.pack("<HHH", 0, 1, 1) + struct.pack("<BBBBHHII", 16, 16, 0, 0, 1, 32, len(png), 22) + png)


SVG_PATHS = {
    "lock": '<rect x="5" y="11" width="14" height="10" rx="2"/><path d="M8 11V7a4 4 0 0 1 8 0v4"/>',
    "key": '<circle cx="8" cy="15" r="4"/><path d="M11 12l9-9M17 6l3 3"/>',
    "building": '<path d="M4 21V5l8-3 8 3v16"/><path d="M9 9h1M14 9h1M9 13h1M14 13h1M10 21v-4h4v4"/>',
    "wifi": '<path d="M2 9a15 15 0 0 1 20 0M5 13a10 10 0 0 1 14 0M8.5 16.5a5 5 0 0 1 7 0"/><circle cx="12" cy="20" r="1"/>',
    "thermo": '<path d="M14 14.8V4a2 2 0 0 0-4 0v10.8a4 4 0 1 0 4 0z"/>',
    "drop": '<path d="M12 2.7l5.7 5.7a8 8 0 1 1-11.4 0z"/>',
    "bolt": '<path d="M13 2L3 14h9l-1 8 10-12h-9z"/>',
    "door": '<path d="M3 21h18M6 21V3h12v18"/><circle cx="15" cy="12" r="1"/>',
    "wrench": '<path d="M14.7 6.3a4 4 0 0 0 5 5L12 19a2.1 2.1 0 0 1-3-3z"/>',
    "calendar": '<rect x="3" y="4" width="18" height="17" rx="2"/><path d="M16 2v4M8 2v4M3 10h18"/>',
}


def svg_icon(kind=None):
    kind = kind or ch(sorted(SVG_PATHS))
    color = ch(["#0f766e", "#1d4ed8", "#b45309", "#be123c", "#334155", "#15803d", "#7c3aed", "#c2410c"])
    size = ch([16, 20, 24, 32])
    sw = ch(["1.5", "2", "1.75"])
    return ('<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 24 24" fill="none" '
            'stroke="%s" stroke-width="%s" stroke-linecap="round">%s</svg>' % (size, size, color, sw, SVG_PATHS[kind]))


def pdf_bytes():
    line = ch(["Recibo de alquiler - Unidad %s" % ch(["2B", "4A", "1C", "5D"]),
               "Ricevuta canone - Unita %s" % ch(["3", "7", "12", "B4"]),
               "Maintenance work order MNT-%d" % ri(1000, 9999),
               "Check-in guide - Building %s" % ch(["A", "B", "C"])])
    stream = "BT /F1 14 Tf 72 760 Td (%s) Tj ET" % line
    objs = ["<< /Type /Catalog /Pages 2 0 R >>", "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
            "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
            "<< /Length %d >>\nstream\n%s\nendstream" % (len(stream), stream),
            "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>"]
    out = "%PDF-1.4\n"
    offs = []
    for i, o in enumerate(objs, 1):
        offs.append(len(out))
        out += "%d 0 obj\n%s\nendobj\n" % (i, o)
    x = len(out)
    out += "xref\n0 %d\n0000000000 65535 f \n" % (len(objs) + 1)
    out += "".join("%010d 00000 n \n" % o for o in offs)
    out += "trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (len(objs) + 1, x)
    return out.encode()


def wav_bytes():
    n = ri(60, 160)
    f = ch([6, 8, 11])
    data = bytes(128 + int(90 * (((i * f) % 32) / 16.0 - 1)) for i in range(n))
    return (b"RIFF" + struct.pack("<I", 36 + n) + b"WAVEfmt " + struct.pack("<IHHIIHH", 16, 1, 1, 8000, 8000, 1, 8)
            + b"data" + struct.pack("<I", n) + data)


def ttf_head():
    tables = [b"OS/2", b"cmap", b"glyf", b"head", b"hhea", b"hmtx", b"loca", b"maxp", b"name", b"post"]
    n = len(tables)
    out = struct.pack(">IHHHH", 0x00010000, n, 128, 3, n * 16 - 128)
    off = 12 + 16 * n
    for t in tables:
        ln = ri(32, 4000)
        out += t + struct.pack(">III", R.randrange(1 << 32), off, ln)
        off += (ln + 3) & ~3
    return out


def jfif_head():
    q = [16, 11, 10, 16, 24, 40, 51, 61, 12, 12, 14, 19, 26, 58, 60, 55, 14, 13, 16, 24, 40, 57, 69, 56,
         14, 17, 22, 29, 51, 87, 80, 62, 18, 22, 37, 56, 68, 109, 103, 77, 24, 35, 55, 64, 81, 104, 113, 92,
         49, 64, 78, 87, 103, 121, 120, 101, 72, 92, 95, 98, 112, 100, 103, 99]
    s = ch([1, 2, 3])
    return (b"\xff\xd8\xff\xe0\x00\x10JFIF\x00\x01\x01\x01\x00H\x00H\x00\x00\xff\xdb\x00C\x00"
            + bytes(max(1, v // s) for v in q))


WEBP_1X1 = "UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA=="


def sourcemap(name):
    sm = {"version": 3, "file": name + ".js", "sources": ["../src/%s.ts" % name],
          "names": ["render", "props", "unitId"], "mappings": ";;AAAA,SAASA,MAAT,CAAgBC,KAAhB;AACA"}
    return b64(json.dumps(sm, separators=(",", ":")).encode())


def png_uri(w=None, h=None, alpha=None):
    w = w or ri(1, 12)
    h = h or ri(1, 10)
    a = (R.random() < 0.5) if alpha is None else alpha
    return "data:image/png;base64," + b64(png_bytes(w, h, a))


def trunc(s, keep=None):
    keep = keep or ri(60, 140)
    if len(s) <= keep + 20:
        return s
    style = R.randrange(3)
    if style == 0:
        return s[:keep] + "\u2026"
    if style == 1:
        return s[:keep] + "..."
    return s[:keep] + "...[%d more chars]" % (len(s) - keep)


# ---------------------------------------------------------------- shared vocabulary

LEADINS = ["fyi ", "FYI: ", "heads up: ", "for the record: ", "quick one: ", "Ojo: ", "para que conste: ",
           "Nota: ", "ojo con esto -> ", "Per info: ", "Attenzione: ", "nota veloce: ", "Segnalo: ",
           "\u0644\u0644\u0639\u0644\u0645: ", "\u0645\u0644\u0627\u062d\u0638\u0629: ", "\u062a\u0646\u0628\u064a\u0647: "]
TRAILERS = ["thanks!", "lmk if that's wrong", "gracias!", "\u00bflo reviso yo?", "grazie", "ci penso io",
            "\u0634\u0643\u0631\u0627\u064b", "\u064a\u0639\u0637\u064a\u0643 \u0627\u0644\u0639\u0627\u0641\u064a\u0629", ":eyes:", "cc ops", "vale, lo miro ma\u00f1ana", "ok?"]
CITIES = ["Madrid", "Barcelona", "Malaga", "Valencia", "Sevilla", "Milano", "Roma", "Firenze", "Bologna",
          "Dubai", "Abu Dhabi", "Sharjah"]
BUILDINGS = ["CHA-21", "LAR-07", "RUZ-3", "POB-12", "NAV-44", "TRA-9", "SMN-2", "BRE-18", "MAR-T2", "JVC-A",
             "BUS-5", "DTN-30", "GRA-11", "ISO-6"]
CHANNELS = ["airbnb", "booking", "vrbo", "expedia", "direct", "hostaway", "guesty"]
UNITS = ["1A", "1B", "2A", "2C", "3B", "4D", "5A", "PB-2", "A-1203", "B-407", "T2-1810", "C-905"]


def code_block(body, lang=""):
    return "```" + lang + "\n" + body + "\n```"


def hexs(n):
    return rs(HEX, n)


def uuid4():
    h = hexs(32)
    h = h[:12] + "4" + h[13:16] + ch("89ab") + h[17:]
    return "%s-%s-%s-%s-%s" % (h[:8], h[8:12], h[12:16], h[16:20], h[20:])


def uuid7():
    ms = ri(1735689600000, 1767225599000)
    h = "%012x" % ms + "7" + hexs(3) + ch("89ab") + hexs(15)
    return "%s-%s-%s-%s-%s" % (h[:8], h[8:12], h[12:16], h[16:20], h[20:])


CROCK = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"


def ulid():
    ms = ri(1735689600000, 1767225599000)
    t = ""
    for _ in range(10):
        t = CROCK[ms % 32] + t
        ms //= 32
    return t + rs(CROCK, 16)


def ts_iso():
    return "2025-%02d-%02dT%02d:%02d:%02d.%03dZ" % (ri(1, 12), ri(1, 28), ri(0, 23), ri(0, 59), ri(0, 59), ri(0, 999))


def date_iso():
    return "2025-%02d-%02d" % (ri(1, 12), ri(1, 28))


def camel(words):
    return words[0].lower() + "".join(w.capitalize() for w in words[1:])


WORDS = ["Access", "Code", "Lock", "Guest", "Tenant", "Secret", "Token", "Password", "Iban", "Phone", "Email",
         "Mandate", "Rent", "Booking", "Channel", "Sync", "Vault", "Rotation", "Keypad", "Pin", "Credential",
         "Webhook", "Signing", "Refresh", "Deposit", "Sepa", "Checkin", "Checkout", "Meter", "Sensor", "Gateway",
         "Ticket", "Ledger", "Payout", "Card", "Ssn", "Key", "Otp", "Session", "Masked", "Hash", "Encrypted"]
SUFFIX = ["Service", "Resolver", "Provider", "Factory", "Handler", "Repository", "Validator", "Mapper", "Client",
          "Controller", "Worker", "Scheduler", "Policy", "Adapter"]


# ---------------------------------------------------------------- negatives: data_uri_base64

def du_css():
    icons = ["lock", "key", "wifi", "door", "thermo", "bolt", "drop", "wrench"]
    R.shuffle(icons)
    lines = ["/* tenant-portal/src/styles/_icons.scss */"]
    for ic in icons[:ri(2, 6)]:
        lines.append(".icon-%s {" % ic)
        lines.append('  background-image: url("data:image/svg+xml;base64,%s");' % b64(svg_icon(ic).encode()))
        lines.append("  background-size: %dpx; width: %dpx; height: %dpx;" % ((ri(4, 8) * 4,) * 3))
        lines.append("}")
    lead = ch(["", "the icons in the portal are inline now, no more CDN:\n", "iconos del portal ya van inline:\n",
               "icone del portale ora inline, niente CDN:\n"])
    return lead + code_block("\n".join(lines), "scss")


def du_email_html():
    lang = R.randrange(3)
    title = ["Instrucciones de llegada", "Istruzioni per il check-in", "Your check-in details"][lang]
    body = ["Tu c\u00f3digo de acceso se activar\u00e1 el d\u00eda de entrada a las 15:00.",
            "Il codice di accesso sar\u00e0 attivo dal giorno di arrivo alle 15:00.",
            "Your door code becomes active on arrival day at 15:00."][lang]
    lines = ['<table role="presentation" width="100%" cellpadding="0" cellspacing="0">',
             "  <tr>",
             '    <td align="center" style="padding:24px 0">',
             '      <img src="%s" width="%d" height="%d" alt="logo" style="display:block">' % (png_uri(ri(8, 20), ri(4, 10), True), ri(96, 160), ri(28, 48)),
             "    </td>", "  </tr>", "  <tr>",
             '    <td style="font:16px/1.5 Helvetica,Arial,sans-serif;color:#1f2937">',
             "      <h1 style=\"font-size:20px\">%s</h1>" % title,
             "      <p>%s</p>" % body,
             "      <p>{{ guest_first_name }}, {{ unit_label }} &middot; {{ checkin_date }}</p>",
             "    </td>", "  </tr>",
             '  <tr><td><img src="data:image/gif;base64,%s" width="1" height="1" alt=""></td></tr>' % b64(gif_1x1(True)),
             "</table>"]
    lead = ch(["template nuevo para el email de check-in (Hostaway -> SendGrid), revisadlo:\n",
               "nuovo template per la mail di check-in:\n", "new check-in email template, the logo is inlined:\n"])
    return lead + code_block("\n".join(lines), "html")


def du_jsx():
    lines = ['import Image from "next/image";', "",
             "export function ListingCard({ listing }: { listing: Listing }) {",
             "  return (", '    <article className="listing-card">',
             "      <Image",
             "        src={listing.coverUrl}",
             "        alt={listing.title}",
             "        width={%d}" % ch([480, 640, 720]),
             "        height={%d}" % ch([320, 360, 480]),
             '        placeholder="blur"',
             '        blurDataURL="%s"' % png_uri(ri(6, 10), ri(4, 8), False),
             "      />", "      <h3>{listing.title}</h3>",
             "      <p>{listing.city} \u00b7 {listing.nightlyRate} {listing.currency}</p>",
             "    </article>", "  );", "}"]
    return code_block("\n".join(lines), "tsx")


def du_jupyter():
    cell = {"output_type": "display_data",
            "data": {"image/png": b64(png_bytes(ri(10, 20), ri(6, 12), False)),
                     "text/plain": ["<Figure size 640x480 with 1 Axes>"]},
            "metadata": {"needs_background": "light"}}
    lead = ch(["occupancy chart output from the notebook (ocupacion_%s.ipynb), the PNG is embedded:\n" % ch(["q1", "q2", "q3", "verano"]),
               "output del notebook revpar_%s.ipynb:\n" % ch(["milano", "roma", "firenze"]),
               "\u0645\u062e\u0631\u062c \u0627\u0644\u062f\u0641\u062a\u0631 (occupancy_dubai.ipynb):\n"])
    return lead + code_block(json.dumps(cell, indent=1), "json")


def du_pyfixture():
    name = ch(["TINY_PNG", "TICKET_PHOTO_STUB", "METER_PHOTO", "BROKEN_BOILER_JPG_STUB"])
    lines = ["# tests/maintenance/test_ticket_upload.py", "import base64", "",
             '%s = base64.b64decode(' % name,
             '    "%s"' % b64(png_bytes(ri(2, 8), ri(2, 8), R.random() < 0.5)),
             ")", "",
             "def test_upload_rejects_tiny_images(client, ticket):",
             '    resp = client.post(f"/api/tickets/{ticket.id}/photos", files={"file": ("p.png", %s)})' % name,
             "    assert resp.status_code == 422",
             '    assert resp.json()["detail"] == "image_too_small"']
    return code_block("\n".join(lines), "python")


def du_kotlin():
    lines = ["// app/src/main/java/com/almena/tenant/ui/PlaceholderImages.kt",
             "package com.almena.tenant.ui", "",
             "object PlaceholderImages {",
             '    const val AVATAR = "data:image/gif;base64,%s"' % b64(gif_1x1()),
             '    const val UNIT_COVER = "%s"' % png_uri(ri(4, 9), ri(3, 6), False),
             '    const val MAP_PIN = "data:image/svg+xml;base64,%s"' % b64(svg_icon("building").encode()),
             "}"]
    return code_block("\n".join(lines), "kotlin")


def du_csp():
    uri = trunc(png_uri(ri(4, 12), ri(4, 12)), ri(50, 110))
    tpl = ch(["Refused to load the image '«u»' because it violates the following Content Security Policy directive: \"img-src 'self' https://cdn.almenastays.com\".",
              "[Report Only] Refused to load the image '«u»' because it violates the following Content Security Policy directive: \"img-src 'self'\"."])
    lead = ch(["el portal del inquilino saca esto en consola despu\u00e9s del deploy:\n", "console del portale dopo il deploy:\n",
               "tenant portal console after the CSP change:\n", ""])
    return lead + code_block(T(tpl, u=uri))


def du_har():
    mime, data = ch([("image/webp", WEBP_1X1), ("image/png", b64(png_bytes(ri(2, 6), ri(2, 6)))),
                     ("image/gif", b64(gif_1x1(True))), ("image/x-icon", b64(ico_bytes()))])
    entry = {"request": {"method": "GET", "url": "https://portal.almenastays.com/static/img/%s" % ch(["pin.webp", "dot.png", "px.gif", "favicon.ico"])},
             "response": {"status": 200, "content": {"size": len(base64.b64decode(data)), "mimeType": mime,
                                                      "encoding": "base64", "text": data}}}
    return "from the HAR the guest support team exported:\n" + code_block(json.dumps(entry, indent=2), "json")


def du_markdown():
    alt = ch(["plano planta %d" % ri(1, 6), "pianta piano %d" % ri(1, 6), "floor plan L%d" % ri(1, 30), "\u0645\u062e\u0637\u0637 \u0627\u0644\u0637\u0627\u0628\u0642"])
    uri = png_uri(ri(6, 14), ri(6, 14), False)
    pre = ch(["## Runbook: caldera comunitaria %s\n\n1. Cerrar la llave de paso.\n2. Comprobar presi\u00f3n (1,2\u20131,5 bar).\n\n" % ch(BUILDINGS),
              "## Accesso locale tecnico %s\n\nIl quadro elettrico \u00e8 dietro la porta grigia.\n\n" % ch(BUILDINGS),
              "## Chiller room %s\n\nValves are tagged V1\u2013V6.\n\n" % ch(BUILDINGS)])
    return pre + "![%s](%s)" % (alt, uri)


def du_echo_ico():
    return ch(["para regenerar el favicon del portal:\n", "per rigenerare la favicon:\n", ""]) + code_block(
        "$ echo '%s' | base64 -d > public/favicon.ico\n$ file public/favicon.ico\npublic/favicon.ico: MS Windows icon resource - 1 icon, 16x16, 32 bits/pixel" % b64(ico_bytes()), "console")


def du_fontface():
    fam = ch(["AlmenaSans", "PortalIcons", "Inter-Subset"])
    ttf = b64(ttf_head() + rbytes(ri(24, 60)))
    lines = ["@font-face {", "  font-family: \"%s\";" % fam,
             "  src: url(\"data:font/ttf;base64,%s\u2026\") format(\"truetype\");" % ttf,
             "  font-weight: %d;" % ch([400, 500, 600]), "  font-display: swap;", "}"]
    return ch(["the ttf subset is ~14 KB, truncated here:\n", "fuente recortada, el base64 completo est\u00e1 en el repo:\n", ""]) + code_block("\n".join(lines), "css")


def du_sourcemap():
    name = ch(["checkin-widget", "booking-calendar", "rent-portal", "lock-status"])
    js = "!function(){\"use strict\";var e=document.querySelector(\"[data-unit]\");e&&(e.dataset.ready=\"1\")}();"
    return ch(["the widget bundle still ships the inline source map:\n", "il bundle ha ancora la sourcemap inline:\n", ""]) + code_block(
        js + "\n//# sourceMappingURL=data:application/json;charset=utf-8;base64," + sourcemap(name), "js")


def du_pdf():
    data = b64(pdf_bytes())
    keep = ch([None, 200, 320])
    shown = data if keep is None else trunc(data, keep)
    resp = '{\n  "receipt_id": "rcpt_%s",\n  "status": "issued",\n  "pdf": "data:application/pdf;base64,%s"\n}' % (hexs(12), shown)
    return ch(["GET /v2/receipts/latest devuelve el PDF embebido, \u00bfno ser\u00eda mejor una URL firmada?\n",
               "la API restituisce il PDF in base64 dentro il JSON:\n", "receipts endpoint inlines the PDF:\n"]) + code_block(resp, "json")


def du_wav():
    data = b64(wav_bytes())
    lines = ["# intercom/%s.yaml" % ch(BUILDINGS).lower(), "intercom:", "  model: %s" % ch(["2N IP Verso", "Akuvox R20A", "Fermax VEO"]),
             "  chime:", "    name: doorbell_short", "    src: \"data:audio/wav;base64,%s\"" % data,
             "  volume: %d" % ri(40, 90)]
    return code_block("\n".join(lines), "yaml")


def du_svg_utf8():
    svg = svg_icon()
    if R.random() < 0.5:
        enc = svg.replace('"', "'").replace("<", "%3C").replace(">", "%3E").replace("#", "%23")
        uri = "data:image/svg+xml," + enc
    else:
        uri = "data:image/svg+xml;utf8," + svg.replace('"', "'").replace("#", "%23")
    return code_block(".status-dot::before {\n  content: \"\";\n  background: url(\"%s\") no-repeat center;\n}" % uri, "css")


def du_swift_go():
    if R.random() < 0.5:
        lines = ["// Sources/LockKit/Fixtures.swift", "enum Fixtures {",
                 '    static let batteryIcon = "%s"' % png_uri(ri(3, 8), ri(3, 8), True),
                 '    static let spinner = "data:image/gif;base64,%s"' % b64(gif_1x1(True)), "}"]
        return code_block("\n".join(lines), "swift")
    lines = ["// internal/render/placeholder_test.go", "package render", "",
             "const placeholderPNG = \"%s\"" % png_uri(ri(3, 9), ri(3, 9)), "",
             "func TestDecodePlaceholder(t *testing.T) {",
             "\timg, err := DecodeDataURI(placeholderPNG)",
             "\tif err != nil {", "\t\tt.Fatalf(\"decode: %v\", err)", "\t}",
             "\tif img.Bounds().Dx() == 0 {", "\t\tt.Fatal(\"empty image\")", "\t}", "}"]
    return code_block("\n".join(lines), "go")


def du_logs():
    out = []
    for _ in range(ri(3, 7)):
        r = R.random()
        if r < 0.35:
            out.append("%s DEBUG thumbs  placeholder=%s" % (ts_iso(), trunc(png_uri(ri(2, 6), ri(2, 6)), ri(70, 130))))
        else:
            out.append("%s INFO  thumbs  cache miss key=thumb:%s:%d size=%d" % (ts_iso(), hexs(12), ch([64, 128, 256]), ri(2000, 9000)))
    if not any("placeholder=" in o for o in out):
        out.append("%s DEBUG thumbs  placeholder=data:image/gif;base64,%s" % (ts_iso(), b64(gif_1x1())))
    return code_block("\n".join(out))


def du_chat_oneliner():
    tpl = ch(["\u00bfpor qu\u00e9 el contrato del portal sale como «u» en vez de descargarse?",
              "perch\u00e9 nel portale la foto del contatore appare come «u» e non come immagine?",
              "\u0627\u0644\u0635\u0648\u0631\u0629 \u062a\u0638\u0647\u0631 \u0643\u0646\u0635 «u» \u0628\u062f\u0644 \u0645\u0627 \u062a\u0638\u0647\u0631 \u0643\u0635\u0648\u0631\u0629 \u0641\u064a \u062a\u0637\u0628\u064a\u0642 \u0627\u0644\u0645\u0633\u062a\u0623\u062c\u0631\u064a\u0646",
              "the ticket photo comes through as «u> in the Slack preview, anyone know why?".replace("«u>", "«u»"),
              "WhatsApp template preview renders the header as «u» lol"])
    u = ch([trunc("data:application/pdf;base64," + b64(pdf_bytes()), ri(40, 80)),
            trunc(png_uri(ri(2, 6), ri(2, 6)), ri(40, 90)),
            "data:image/gif;base64," + b64(gif_1x1()),
            "data:image/webp;base64," + WEBP_1X1])
    return T(tpl, u=u)


def du_jpeg_head():
    data = b64(jfif_head())
    tpl = ch(["the mobile app sends ticket photos as JPEG data URIs, first bytes look fine:\n`data:image/jpeg;base64,«d»\u2026`",
              "las fotos de incidencias llegan as\u00ed desde la app: `data:image/jpeg;base64,«d»...` (cortado)",
              "le foto dei guasti arrivano cos\u00ec dall'app: `data:image/jpeg;base64,«d»\u2026`"])
    return T(tpl, d=data)


def du_rn():
    lines = ["// src/screens/AccessScreen.tsx",
             "const LOCK_OK = { uri: \"%s\" };" % png_uri(ri(4, 8), ri(4, 8), True),
             "const LOCK_LOW_BATT = { uri: \"data:image/svg+xml;base64,%s\" };" % b64(svg_icon("bolt").encode()),
             "", "export const LockBadge = ({ battery }: { battery: number }) => (",
             "  <Image source={battery < 20 ? LOCK_LOW_BATT : LOCK_OK} style={styles.badge} />", ");"]
    return code_block("\n".join(lines), "tsx")


DATA_URI_T = [du_css, du_email_html, du_jsx, du_jupyter, du_pyfixture, du_kotlin, du_csp, du_har, du_markdown,
              du_echo_ico, du_fontface, du_sourcemap, du_pdf, du_wav, du_svg_utf8, du_swift_go, du_logs,
              du_chat_oneliner, du_jpeg_head, du_rn]


# ---------------------------------------------------------------- negatives: placeholder_example

def ph_env_example():
    rows = [("HOSTAWAY_ACCOUNT_ID", ch(["<your-account-id>", "000000", "YOUR_ACCOUNT_ID"])),
            ("HOSTAWAY_CLIENT_SECRET", ch(["<your-client-secret>", "changeme", "", "xxxxxxxxxxxxxxxx"])),
            ("NUKI_WEB_API_TOKEN", ch(["<paste-token-here>", "your-nuki-token", "TU_TOKEN_AQUI"])),
            ("TTLOCK_CLIENT_SECRET", ch(["${TTLOCK_CLIENT_SECRET}", "<secret>", "INSERIRE_SECRET"])),
            ("STRIPE_SECRET_KEY", ch(["sk_live_xxx", "sk_test_...", "sk_live_\u2026"])),
            ("STRIPE_WEBHOOK_SECRET", ch(["whsec_...", "whsec_xxx", "whsec_<from-dashboard>"])),
            ("REDSYS_MERCHANT_KEY", ch(["<clave-sha256-del-comercio>", "CLAVE_COMERCIO", ""])),
            ("OPENAI_API_KEY", ch(["sk-...", "sk-proj-\u2026", "sk-xxxxxxxx"])),
            ("ANTHROPIC_API_KEY", ch(["sk-ant-api03-...", "sk-ant-\u2026", "<anthropic-key>"])),
            ("SLACK_BOT_TOKEN", ch(["xoxb-your-bot-token", "xoxb-...", "xoxb-XXXXXXXX"])),
            ("WHATSAPP_ACCESS_TOKEN", ch(["EAAG...", "<meta-system-user-token>", "REPLACE_ME"])),
            ("DATABASE_URL", ch(["postgres://user:password@localhost:5432/pms_dev", "postgresql://<user>:<password>@<host>:5432/pms"])),
            ("MQTT_URL", ch(["mqtt://<username>:<password>@<broker-host>:8883", "mqtts://user:pass@localhost:8883"]))]
    R.shuffle(rows)
    k = ri(5, len(rows))
    body = "# .env.example \u2014 copy to .env and fill in\n" + "\n".join("%s=%s" % r for r in rows[:k])
    return ch(["", "added the missing vars to the example file:\n", "a\u00f1adidas las variables que faltaban al .env.example:\n",
               "aggiunte le variabili mancanti:\n"]) + code_block(body, "dotenv")


def ph_gha():
    svc = ch(["pms-api", "lock-sync", "rent-collector", "channel-sync", "iot-ingest"])
    lines = ["name: deploy-%s" % svc, "on:", "  push:", "    branches: [main]", "jobs:", "  deploy:",
             "    runs-on: ubuntu-latest", "    environment: production", "    steps:",
             "      - uses: actions/checkout@v4",
             "      - uses: aws-actions/configure-aws-credentials@v4", "        with:",
             "          role-to-assume: arn:aws:iam::123456789012:role/gha-%s" % svc,
             "          aws-region: %s" % ch(["eu-south-2", "eu-south-1", "me-central-1", "eu-west-1"]),
             "      - run: ./scripts/deploy.sh", "        env:",
             "          NUKI_API_TOKEN: ${{ secrets.NUKI_API_TOKEN }}",
             "          GUESTY_CLIENT_SECRET: ${{ secrets.GUESTY_CLIENT_SECRET }}",
             "          SLACK_WEBHOOK_URL: ${{ secrets.SLACK_WEBHOOK_URL }}",
             "          NPM_TOKEN: ${{ secrets.NPM_TOKEN }}"]
    return code_block("\n".join(lines), "yaml")


def ph_helm():
    lines = ["# charts/lock-sync/templates/secret.yaml", "apiVersion: v1", "kind: Secret", "metadata:",
             "  name: {{ include \"lock-sync.fullname\" . }}", "type: Opaque", "stringData:",
             "  NUKI_API_TOKEN: {{ .Values.nuki.apiToken | quote }}",
             "  TTLOCK_CLIENT_ID: {{ .Values.ttlock.clientId | quote }}",
             "  TTLOCK_CLIENT_SECRET: {{ .Values.ttlock.clientSecret | quote }}",
             "  IGLOOHOME_API_KEY: {{ required \"igloohome.apiKey is required\" .Values.igloohome.apiKey | quote }}",
             "---", "# values.yaml (defaults, overridden by the sealed secret in prod)", "nuki:",
             "  apiToken: \"\"", "ttlock:", "  clientId: \"<client-id>\"", "  clientSecret: \"<client-secret>\"",
             "igloohome:", "  apiKey: \"\""]
    return code_block("\n".join(lines), "yaml")


def ph_compose():
    pw = ch(["changeme", "postgres", "example", "password"])
    lines = ["services:", "  db:", "    image: postgres:16", "    environment:",
             "      POSTGRES_USER: pms", "      POSTGRES_PASSWORD: %s" % pw, "      POSTGRES_DB: pms_dev",
             "  rabbit:", "    image: rabbitmq:3-management",
             "    environment:", "      RABBITMQ_DEFAULT_USER: guest", "      RABBITMQ_DEFAULT_PASS: guest",
             "  mosquitto:", "    image: eclipse-mosquitto:2", "    ports: [\"1883:1883\"]",
             "  api:", "    build: .", "    environment:",
             "      DATABASE_URL: postgres://pms:%s@db:5432/pms_dev" % pw,
             "      AMQP_URL: amqp://guest:guest@rabbit:5672/",
             "      MQTT_URL: mqtt://localhost:1883"]
    return ch(["local stack for the PMS, only defaults, nothing real:\n", "docker-compose para desarrollo local (solo valores por defecto):\n",
               "compose per sviluppo locale, credenziali di default:\n"]) + code_block("\n".join(lines), "yaml")


def ph_homeassistant():
    b = ch(BUILDINGS).lower().replace("-", "_")
    lines = ["# configuration.yaml (%s)" % b, "mqtt:", "  broker: 192.168.%d.%d" % (ri(0, 50), ri(2, 250)),
             "  username: !secret mqtt_user", "  password: !secret mqtt_password", "",
             "nuki:", "  host: 192.168.%d.%d" % (ri(0, 50), ri(2, 250)), "  token: !secret nuki_bridge_token", "",
             "# secrets.yaml.example", "mqtt_user: YOUR_MQTT_USER", "mqtt_password: YOUR_MQTT_PASSWORD",
             "nuki_bridge_token: <6-char token from the bridge app>"]
    return code_block("\n".join(lines), "yaml")


def ph_curl_readme():
    vendor = ch([("https://api.nuki.io/smartlock", "Authorization: Bearer <NUKI_API_TOKEN>"),
                 ("https://api.hostaway.com/v1/reservations?limit=20", "Authorization: Bearer $HOSTAWAY_TOKEN"),
                 ("https://open.ttlock.com/v3/lock/list?pageNo=1&pageSize=20", "Authorization: Bearer ${TTLOCK_ACCESS_TOKEN}"),
                 ("https://api.smoobu.com/api/reservations", "Api-Key: YOUR_API_KEY"),
                 ("https://api.lodgify.com/v2/properties", "X-ApiKey: <your-lodgify-key>")])
    txt = "$ curl -s %s \\\n    -H \"%s\" \\\n    -H \"Accept: application/json\" | jq '.[0]'" % vendor
    lead = ch(["README > Probar la API:\n", "README > Provare l'API:\n", "README > Trying the API:\n",
               "\u0627\u0644\u062a\u0639\u0644\u064a\u0645\u0627\u062a \u0641\u064a README:\n"])
    return lead + code_block(txt, "bash")


def ph_aws_docs():
    txt = ("# ~/.aws/credentials (example from the AWS docs, do NOT use)\n[default]\naws_access_key_id = AKIAIOSFODNN7EXAMPLE\n"
           "aws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY\n\n[almena-%s]\nsso_session = almena\n"
           "sso_account_id = 123456789012\nsso_role_name = %s\nregion = %s" % (ch(["prod", "staging", "dubai"]),
                                                                               ch(["ReadOnly", "PlatformEngineer", "BillingViewer"]),
                                                                               ch(["eu-south-2", "eu-south-1", "me-central-1"])))
    return ch(["", "para el onboarding: usad SSO, las claves de abajo son las de la documentaci\u00f3n\n",
               "per l'onboarding: usate SSO, le chiavi sotto sono quelle della documentazione\n"]) + code_block(txt, "ini")


def ph_pem_dots():
    kind = ch(["RSA PRIVATE KEY", "PRIVATE KEY", "EC PRIVATE KEY", "OPENSSH PRIVATE KEY"])
    body = ch(["MIIEvQIBADANBgkqhkiG9w0BAQEFAASC...", "...", "<contenido de la clave>", "b3BlbnNzaC1rZXktdjEAAAAA\u2026",
               "MHcCAQEEI...(truncated)...", "<la tua chiave privata qui>"])
    lead = ch(["formato esperado en el secreto de Kubernetes (sin la clave real, obviamente):",
               "il file deve avere questo formato:", "expected format for the SFTP key used by the Alloggiati export job:",
               "\u0627\u0644\u0635\u064a\u063a\u0629 \u0627\u0644\u0645\u0637\u0644\u0648\u0628\u0629 \u0644\u0644\u0645\u0641\u062a\u0627\u062d:"])
    return lead + "\n" + code_block("-----BEGIN %s-----\n%s\n-----END %s-----" % (kind, body, kind))


def ph_masks():
    items = ch([
        ["tarjeta \u2022\u2022\u2022\u2022 %04d" % ri(0, 9999), "IBAN ES** **** **** **** **** %04d" % ri(0, 9999),
         "tel. +34 6XX XXX XXX"],
        ["carta **** **** **** %04d" % ri(0, 9999), "IBAN IT** X*** **** **** **** ***%04d" % ri(0, 9999),
         "cell. +39 3XX XXX XXXX"],
        ["card ending %04d" % ri(0, 9999), "IBAN AE** **** **** **** ***%d" % ri(100, 999),
         "mobile +971 5X XXX XXXX"],
        ["SSN XXX-XX-%04d" % ri(0, 9999), "card xxxx-xxxx-xxxx-%04d" % ri(0, 9999), "phone (XXX) XXX-XXXX"]])
    tpl = ch(["el portal muestra ahora los datos enmascarados: «a» / «b» / «c» \u2014 \u00bfos parece bien?",
              "nel portale i dati ora sono mascherati: «a», «b», «c».",
              "masked view in the tenant profile now shows «a», «b» and «c» \u2014 that's the spec",
              "\u0641\u064a \u0627\u0644\u0628\u0648\u0627\u0628\u0629 \u062a\u0638\u0647\u0631 \u0627\u0644\u0628\u064a\u0627\u0646\u0627\u062a \u0645\u0642\u0646\u0639\u0629: «a» \u060c «b» \u060c «c»"])
    return T(tpl, a=items[0], b=items[1], c=items[2])


def ph_es_chat():
    return ch([
        "en el .env de staging pon TU_API_KEY_AQUI y no la real, la de Avantio solo vive en el vault",
        "para probar Redsys en local usad la clave de pruebas del entorno sis-t, en el c\u00f3digo va como REDSYS_KEY=<clave-pruebas>",
        "el campo password del formulario de SES.HOSPEDAJES lo dejamos vac\u00edo en la config: SES_PASSWORD=\"\"",
        "\u00bfqui\u00e9n ha dejado `NUKI_TOKEN=xxxxxxxxxxxxxxxx` en el README? vale, es un ejemplo, pero que ponga <token>",
        "recordad: en los tickets de mantenimiento el c\u00f3digo de la cerradura aparece como **** y as\u00ed se queda",
        "la plantilla de WhatsApp usa {{1}} para el nombre y {{2}} para el c\u00f3digo de acceso, nunca el c\u00f3digo en claro en Slack",
        "config de ejemplo para el lector de contadores: `modbus_password: <pedir a mantenimiento>`"])


def ph_it_chat():
    return ch([
        "sostituisci <INSERIRE_PASSWORD_ALLOGGIATI> con la password vera solo sul server, non nel repo",
        "nel file di esempio c'\u00e8 OCTORATE_API_KEY=la-tua-chiave, va bene cos\u00ec",
        "per Krossbooking la chiave va in KROSS_API_KEY=${KROSS_API_KEY}, la prende dal secret manager",
        "il codice del keypad nei messaggi automatici \u00e8 {{codice_accesso}}, mai scriverlo a mano qui",
        "ho messo password: \"CAMBIAMI\" nel values di default del broker MQTT, in prod lo sovrascrive il sealed secret",
        "la mail di benvenuto usa {{ ospite.nome }} e {{ appartamento.codice_porta }}: sono variabili, non dati"])


def ph_ar_chat():
    return ch([
        "\u0627\u0633\u062a\u0628\u062f\u0644 YOUR_API_KEY \u0628\u0627\u0644\u0645\u0641\u062a\u0627\u062d \u0627\u0644\u062d\u0642\u064a\u0642\u064a \u0639\u0644\u0649 \u0627\u0644\u062e\u0627\u062f\u0645 \u0641\u0642\u0637\u060c \u0648\u0644\u0627 \u062a\u0643\u062a\u0628\u0647 \u0647\u0646\u0627",
        "\u0641\u064a \u0645\u0644\u0641 \u0627\u0644\u0625\u0639\u062f\u0627\u062f\u0627\u062a \u0627\u0644\u062a\u062c\u0631\u064a\u0628\u064a: DTCM_PASSWORD=<\u0643\u0644\u0645\u0629_\u0627\u0644\u0645\u0631\u0648\u0631> \u0648 EJARI_API_KEY=<\u0627\u0644\u0645\u0641\u062a\u0627\u062d>",
        "\u0631\u0645\u0632 \u0627\u0644\u0628\u0627\u0628 \u0641\u064a \u0642\u0627\u0644\u0628 \u0627\u0644\u0631\u0633\u0627\u0644\u0629 \u0647\u0648 {{door_code}} \u0641\u0642\u0637\u060c \u0644\u0627 \u062a\u0643\u062a\u0628\u0648\u0627 \u0627\u0644\u0631\u0645\u0632 \u0627\u0644\u062d\u0642\u064a\u0642\u064a",
        "\u0627\u0633\u062a\u062e\u062f\u0645\u0648\u0627 ${DEWA_PORTAL_PASSWORD} \u0641\u064a \u0627\u0644\u0633\u0643\u0631\u0628\u062a\u060c \u0627\u0644\u0642\u064a\u0645\u0629 \u0645\u0648\u062c\u0648\u062f\u0629 \u0641\u064a \u0627\u0644\u062e\u0632\u0646\u0629"])


def ph_terraform():
    name = ch(["nuki_api_token", "stripe_secret_key", "hostaway_client_secret", "redsys_merchant_key", "mqtt_password"])
    lines = ['variable "%s" {' % name, "  type      = string", "  sensitive = true",
             '  default   = ""', '  description = "Set via TF_VAR_%s in the pipeline"' % name, "}", "",
             'resource "aws_ssm_parameter" "%s" {' % name, '  name  = "/pms/prod/%s"' % name,
             '  type  = "SecureString"', "  value = var.%s" % name, "}", "",
             "# CloudFormation equivalent:",
             "#   Value: '{{resolve:secretsmanager:prod/pms/%s:SecretString:value}}'" % name]
    return code_block("\n".join(lines), "hcl")


def ph_refs():
    refs = ch([["op://Ops/Nuki Web API/credential", "op://Ops/Guesty/client_secret", "op://Finance/Redsys/merchant_key"],
               ["vault:secret/data/pms/redsys#merchant_key", "vault:secret/data/iot/mqtt#password", "vault:secret/data/locks/ttlock#client_secret"],
               ["arn:aws:secretsmanager:eu-south-2:123456789012:secret:pms/prod/stripe-AbCdEf", "arn:aws:secretsmanager:me-central-1:123456789012:secret:dubai/dtcm-XyZ123"]])
    tpl = ch(["the deploy reads everything from references now:\n«l»", "ya no hay secretos en el repo, solo referencias:\n«l»",
              "niente segreti nel repo, solo riferimenti:\n«l»"])
    return T(tpl, l="\n".join("- `%s`" % r for r in refs))


def ph_redacted_logs():
    out = []
    for _ in range(ri(3, 8)):
        out.append(ch([
            "%s INFO  auth    login ok user_id=%d password=[REDACTED]" % (ts_iso(), ri(1000, 99999)),
            "%s INFO  rent    mandate created tenant_id=%d iban=<redacted> status=pending" % (ts_iso(), ri(1000, 99999)),
            "%s WARN  payment charge declined card=[FILTERED] reason=insufficient_funds" % ts_iso(),
            "%s DEBUG locks   code pushed lock=%s slot=%d code=*** valid_from=%s" % (ts_iso(), hexs(8), ri(1, 20), date_iso()),
            "%s INFO  notify  whatsapp sent to=[MASKED] template=checkin_v3" % ts_iso(),
            "%s DEBUG hostaway request headers={\"Authorization\": \"Bearer ***\"}" % ts_iso(),
            "%s INFO  kyc     document uploaded doc_number=(sensitive value) type=passport" % ts_iso()]))
    return ch(["", "los logs ya salen enmascarados:\n", "i log ora sono mascherati:\n"]) + code_block("\n".join(out))


def ph_conn_templates():
    return ch([
        "the connection string in the wiki is just the template `postgres://<username>:<password>@<cluster>.eu-south-2.rds.amazonaws.com:5432/pms`",
        "default del broker in sviluppo: `amqp://guest:guest@localhost:5672/` \u2014 in prod ovviamente no",
        "para el entorno local basta con `mysql://root:root@127.0.0.1:3306/reservas`",
        "la gateway LoRa viene de f\u00e1brica con admin/admin, lo cambiamos en el primer arranque (checklist paso 4)",
        "il router degli appartamenti esce con admin / admin, va cambiato al primo setup (vedi checklist)",
        "MQTT_URL=mqtts://<user>:<pass>@broker.iot.almena.internal:8883 is what goes in the sample, not the real one"])


def ph_openapi():
    lines = ["components:", "  securitySchemes:", "    ApiKeyAuth:", "      type: apiKey", "      in: header",
             "      name: X-Api-Key", "  schemas:", "    AccessCode:", "      type: object", "      properties:",
             "        code:", "          type: string", "          example: \"******\"",
             "          description: Keypad code, only returned once at creation",
             "        lock_id:", "          type: string", "          example: \"<lock-id>\"",
             "    PayoutAccount:", "      type: object", "      properties:", "        iban:", "          type: string",
             "          example: \"ES** **** **** **** **** ****\"", "        holder:", "          type: string",
             "          example: \"<titular de la cuenta>\""]
    return code_block("\n".join(lines), "yaml")


def ph_windows_ado():
    return ch([
        code_block("REM deploy_kiosk.bat (lobby kiosk, Dubai Marina)\nset DB_CONN=Server=kiosk-db;User Id=kiosk;Password=%DB_PASSWORD%;\nkiosk.exe --api-key %KIOSK_API_KEY%", "bat"),
        code_block("# azure-pipelines.yml\n- script: ./sync.sh\n  env:\n    OCTORATE_TOKEN: $(OCTORATE_TOKEN)\n    ALLOGGIATI_PASSWORD: $(ALLOGGIATI_PASSWORD)", "yaml"),
        code_block("$env:SMOOBU_API_KEY = Read-Host -AsSecureString \"Smoobu API key\"\n.\\import-listings.ps1 -ApiKey $env:SMOOBU_API_KEY", "powershell")])


def ph_python_settings():
    lines = ["# pms/settings/base.py", "import os", "",
             "GUESTY_CLIENT_ID = os.environ[\"GUESTY_CLIENT_ID\"]",
             "GUESTY_CLIENT_SECRET = os.environ[\"GUESTY_CLIENT_SECRET\"]",
             "REDSYS_SECRET_KEY = os.getenv(\"REDSYS_SECRET_KEY\", \"\")",
             "NEXI_API_KEY = os.getenv(\"NEXI_API_KEY\", \"changeme\")",
             "TELR_AUTH_KEY = os.getenv(\"TELR_AUTH_KEY\")  # AE payments",
             "SLACK_WEBHOOK_URL = os.getenv(\"SLACK_WEBHOOK_URL\", \"https://hooks.slack.com/services/T00000000/B00000000/XXXXXXXXXXXXXXXXXXXXXXXX\")",
             "DEFAULT_ADMIN_PASSWORD = None  # forced reset on first login"]
    return code_block("\n".join(lines), "python")


def ph_vendor_prefix_chat():
    return ch([
        "the key in the Hostaway integration page starts with sk-... but that's OpenAI's, ours is elsewhere",
        "la key di Anthropic per il bot di risposta agli ospiti \u00e8 del tipo sk-ant-api03-\u2026, la trovate in 1Password",
        "GitHub deploy uses a fine-grained token (github_pat_...), the old ghp_xxxx one is revoked",
        "la de Slack es la xoxb-..., no la xoxp-..., el bot no necesita permisos de usuario",
        "AWS key ids look like AKIA... \u2014 if you see one in a ticket, ping #sec",
        "the Stripe restricted key for payouts is rk_live_\u2026 in the dashboard, never paste it",
        "\u0645\u0641\u062a\u0627\u062d Google Maps \u064a\u0628\u062f\u0623 \u0628\u0640 AIza****\u060c \u0645\u0648\u062c\u0648\u062f \u0641\u064a \u0627\u0644\u062e\u0632\u0646\u0629"])


def ph_jwt_snip():
    return ch([
        "the portal sends `Authorization: Bearer eyJhbGciOiJSUzI1NiIs...<snip>` and the gateway rejects it with 401",
        "el token del portal (eyJhbGciOi\u2026) caduca a los 15 minutos, por eso el inquilino ve 'sesi\u00f3n expirada'",
        "il JWT del portale inquilini \u00e8 tipo `eyJ...` \u2014 non incollatelo nei ticket, basta il request id"])


def ph_empty_values():
    body = ch(["TTLOCK_USERNAME=\nTTLOCK_PASSWORD=\nTTLOCK_CLIENT_ID=\nTTLOCK_CLIENT_SECRET=",
               "alloggiati:\n  utente: \"\"\n  password: \"\"\n  wskey: \"\"",
               "[ses_hospedajes]\nusuario =\ncontrasena =\ncodigo_arrendador ="])
    return ch(["empty on purpose, the pod gets them from the secret:\n", "vac\u00edo a prop\u00f3sito:\n", "vuoto di proposito:\n"]) + code_block(body)


PLACEHOLDER_T = [ph_env_example, ph_gha, ph_helm, ph_compose, ph_homeassistant, ph_curl_readme, ph_aws_docs,
                 ph_pem_dots, ph_masks, ph_es_chat, ph_it_chat, ph_ar_chat, ph_terraform, ph_refs,
                 ph_redacted_logs, ph_conn_templates, ph_openapi, ph_windows_ado, ph_python_settings,
                 ph_vendor_prefix_chat, ph_jwt_snip, ph_empty_values]


# ---------------------------------------------------------------- negatives: code_identifier

def cls_name(n=2):
    return "".join(ch(WORDS) for _ in range(n)) + ch(SUFFIX)


def meth_name(n=3):
    return camel([ch(WORDS) for _ in range(n)])


def ci_java():
    pkg = ch(["access", "rent", "channel", "locks", "tenant", "billing"])
    lines = ["%s ERROR [%s] com.almena.pms.%s.%s - %s" % (ts_iso(), ch(["scheduling-1", "kafka-listener-0", "http-nio-8080-exec-4"]),
                                                        pkg, cls_name(), ch(["rotation failed", "sync aborted", "mandate rejected"])),
             "com.almena.pms.%s.exception.%sException: %s" % (pkg, cls_name(1), ch(["credential provider chain exhausted",
                                                                                   "access code slot unavailable", "iban checksum validation failed for tenant"]))]
    for _ in range(ri(6, 29)):
        sub = ch(["access", "rent", "channel", "locks", "crypto", "vault", "web"])
        lines.append("\tat com.almena.pms.%s.%s.%s(%s.java:%d)" % (sub, cls_name(), meth_name(), cls_name(1), ri(40, 900)))
    lines += ["\tat org.springframework.scheduling.support.ScheduledMethodRunnable.run(ScheduledMethodRunnable.java:84)",
              "\tat java.base/java.lang.Thread.run(Thread.java:1583)"]
    return code_block("\n".join(lines))


def ci_python_tb():
    mod = ch(["rent/services/sepa_mandate.py", "access/codes.py", "portal/views/tenant_profile.py", "channels/booking_sync.py"])
    fns = [ch(["validate_tenant_iban_checksum", "rotate_guest_access_code", "mask_phone_e164", "resolve_channel_token",
               "decrypt_mandate_secret_ref", "refresh_hostaway_access_token", "hash_keypad_pin", "load_ttlock_credentials"]) for _ in range(4)]
    lines = ["Traceback (most recent call last):"]
    for i, f in enumerate(fns):
        lines.append('  File "/app/pms/%s", line %d, in %s' % (mod if i else "tasks.py", ri(20, 400), f))
        lines.append("    %s(%s)" % (ch(fns), ch(["tenant", "reservation.unit", "lock", "mandate", "settings.CHANNELS"])))
    lines.append("%s: %s" % (ch(["KeyError", "ValueError", "pms.errors.SecretRefNotFound", "AttributeError"]),
                             ch(["'secret_ref'", "invalid iban_last4 length", "'NoneType' object has no attribute 'access_token_expires_at'",
                                 "access_code_slot_id missing"])))
    return ch(["", "celery se cae con esto desde el deploy:\n", "il worker celery crasha cos\u00ec:\n"]) + code_block("\n".join(lines))


def ci_go_panic():
    lines = ["panic: runtime error: invalid memory address or nil pointer dereference",
             "[signal SIGSEGV: segmentation violation code=0x1 addr=0x%x pc=0x%x]" % (ri(8, 200), ri(0x400000, 0x9fffff)), "",
             "goroutine %d [running]:" % ri(1, 300)]
    for _ in range(ri(4, 10)):
        pkg = ch(["lockproxy", "mqttbridge", "meters", "accesscodes", "tokencache"])
        lines.append("github.com/almena-living/iot-gateway/internal/%s.(*%s).%s(0xc%09x, {0x%x, 0xc%09x})" % (
            pkg, cls_name(1), "".join(w.capitalize() for w in [ch(WORDS), ch(WORDS)]), R.randrange(1 << 36), ri(0x800000, 0xafffff), R.randrange(1 << 36)))
        lines.append("\t/src/internal/%s/%s.go:%d +0x%x" % (pkg, ch(["refresher", "client", "rotate", "handler"]), ri(20, 400), ri(16, 900)))
    lines.append("created by github.com/almena-living/iot-gateway/cmd/gateway.main in goroutine 1")
    return code_block("\n".join(lines))


def rust_hash():
    return "17h" + hexs(16) + "E"


def ci_rust():
    lines = ["thread 'tokio-runtime-worker' panicked at src/lock/keypad.rs:%d:%d:" % (ri(20, 300), ri(5, 40)),
             "called `Result::unwrap()` on an `Err` value: SlotExhausted", "stack backtrace:"]
    for i in range(ri(5, 14)):
        path = ch(["keypad_fw::lock::keypad::AccessCodeTable::rotate_pin_slot", "keypad_fw::ble::session::SessionKeyStore::derive",
                   "keypad_fw::sync::token_refresh::refresh_gateway_token", "tokio::runtime::task::harness::Harness<T,S>::poll",
                   "core::ops::function::FnOnce::call_once", "keypad_fw::storage::SecretSlots::load_masked"])
        lines.append("  %2d: 0x%012x - %s::%s" % (i, R.randrange(1 << 44), path, rust_hash()))
    return code_block("\n".join(lines))


def mangle(parts, suffix):
    return "_ZN" + "".join("%d%s" % (len(p), p) for p in parts) + "E" + suffix


def ci_gdb():
    lines = ["(gdb) bt"]
    for i in range(ri(5, 12)):
        parts = ["almena", ch(["lock", "ble", "nfc", "keypad"]), ch(["AccessCodeStore", "PinSlotTable", "SessionKey", "TokenCache", "OtpWindow"]),
                 ch(["rotate", "verify", "eraseSlot", "deriveFromSeed", "loadMasked"])]
        lines.append("#%d  0x%08x in %s (this=0x3ffb%04x) at src/%s.cpp:%d" % (i, ri(0x400d0000, 0x400fffff), mangle(parts, ch(["Ev", "Ej", "EPKhj", "Ei"])),
                                                                      ri(0, 0xffff), parts[1], ri(10, 600)))
    lines.append("Backtrace stopped: previous frame identical to this frame (corrupt stack?)")
    return ch(["ESP32 del keypad del portal %s se reinicia en bucle:\n" % ch(BUILDINGS), "il keypad si riavvia in loop:\n", ""]) + code_block("\n".join(lines))


def ci_kotlin():
    lines = ["FATAL EXCEPTION: main", "Process: com.almena.tenant, PID: %d" % ri(3000, 32000),
             "java.lang.IllegalStateException: %s" % ch(["accessCodeSecretRef must not be null", "ibanLastFour has wrong length"])]
    for _ in range(ri(5, 14)):
        lines.append("\tat com.almena.tenant.%s.%s.%s(%s.kt:%d)" % (ch(["ui.access", "ui.payments", "data.repo", "domain.rent"]), cls_name(),
                                                                   ch([meth_name(), "lambda$%s$%d" % (meth_name(2), ri(0, 9)), "invokeSuspend"]),
                                                                   cls_name(1), ri(10, 500)))
    lines.append("\tat kotlinx.coroutines.DispatchedTask.run(DispatchedTask.kt:108)")
    return code_block("\n".join(lines))


def pod_suffix():
    return rs("bcdfghjklmnpqrstvwxz2456789", 5)


def ci_kubectl():
    lines = ["$ kubectl -n pms get pods", "NAME                                        READY   STATUS    RESTARTS   AGE"]
    for _ in range(ri(5, 14)):
        name = "%s-%s-%s" % (ch(["pms-api", "lock-sync-worker", "channel-sync", "rent-collector", "iot-ingest", "tenant-portal",
                                  "access-code-rotator", "secrets-reloader"]), rs("bcdfghjklmnpqrstvwxz2456789", ri(9, 10)), pod_suffix())
        lines.append("%-43s %s   %-9s %-10d %dh" % (name, ch(["1/1", "2/2", "0/1"]), ch(["Running", "Running", "CrashLoopBackOff", "Pending"]), ri(0, 14), ri(1, 200)))
    return ch(["", "despu\u00e9s del rollout:\n", "dopo il rollout:\n"]) + code_block("\n".join(lines))


def ci_terraform():
    res = ["module.pms.aws_secretsmanager_secret.nuki_api_token", "module.pms.aws_secretsmanager_secret_version.nuki_api_token",
           "module.payments.aws_kms_key.iban_encryption", "module.iot.aws_iot_policy.lock_gateway_publish",
           "module.portal.aws_cognito_user_pool.tenants", "module.payments.aws_ssm_parameter.redsys_merchant_key",
           "module.dubai.aws_secretsmanager_secret.dtcm_portal_password", "module.iot.aws_iot_certificate.gateway[\"%s\"]" % ch(BUILDINGS),
           "module.pms.aws_iam_role_policy.access_code_rotator", "module.rent.aws_lambda_function.sepa_mandate_webhook"]
    R.shuffle(res)
    lines = ["Terraform will perform the following actions:", ""]
    for r in res[:ri(3, 8)]:
        lines.append("  # %s will be %s" % (r, ch(["updated in-place", "created", "read during apply"])))
    lines.append("")
    lines.append("Plan: %d to add, %d to change, 0 to destroy." % (ri(0, 4), ri(1, 6)))
    return code_block("\n".join(lines))


def ci_sql():
    t = ch(["tenants", "guests", "payout_accounts", "access_codes", "rent_mandates"])
    cols = ["  id                  bigserial primary key", "  unit_id             bigint not null references units(id)",
            "  iban_encrypted      bytea", "  iban_last4          char(4)", "  phone_e164_hash     char(64)",
            "  email_hash          char(64)", "  access_code_hash    text", "  password_hash       text",
            "  api_key_last_four   char(4)", "  secret_ref          text  -- vault path, never the value",
            "  card_fingerprint    text", "  ssn_last4           char(4)", "  created_at          timestamptz default now()"]
    R.shuffle(cols)
    sel = cols[:ri(5, 10)]
    return code_block("create table %s (\n%s\n);" % (t, ",\n".join(sel)), "sql")


def ci_proto():
    svc = ch(["AccessCodeService", "RentMandateService", "ChannelTokenService", "TenantIdentityService"])
    rpcs = ["RotateGuestAccessCode", "RevokeAccessCodeSlot", "GetMaskedIban", "VerifyPhoneOtp", "RefreshChannelToken",
            "ListSecretRefs", "CreateSepaMandate", "GetTenantEmailMasked"]
    R.shuffle(rpcs)
    lines = ['syntax = "proto3";', "package almena.pms.v1;", "", "service %s {" % svc]
    for r in rpcs[:ri(3, 6)]:
        lines.append("  rpc %s(%sRequest) returns (%sResponse);" % (r, r, r))
    lines += ["}", "", "message RotateGuestAccessCodeRequest {", "  string lock_id = 1;", "  string reservation_id = 2;",
              "  bool revoke_previous_secret = 3;", "}"]
    return code_block("\n".join(lines), "proto")


def ci_graphql():
    lines = ["type Tenant {", "  id: ID!", "  displayName: String!", "  phoneMasked: String", "  emailMasked: String",
             "  ibanLastFour: String", "  hasActiveSepaMandate: Boolean!", "  accessCodeSecretRef: String @auth(requires: ADMIN)",
             "  passwordResetTokenExpiresAt: DateTime", "}"]
    return ch(["", "schema del portal (v%d):\n" % ri(2, 9)]) + code_block("\n".join(lines), "graphql")


def ci_flags():
    flags = ["pms.access.rotate_codes_on_checkout", "pms.access.keypad_pin_length_6", "rent.sepa_mandate_v2",
             "rent.iban_validation_strict", "portal.tenant_phone_otp_login", "channels.booking_token_refresh_eager",
             "iot.gateway_secret_rotation_weekly", "dubai.dtcm_password_reminder", "italia.alloggiati_token_cache"]
    R.shuffle(flags)
    return ch(["flags on in prod as of today:\n", "flag attivi in produzione:\n", "flags activos en prod:\n"]) + "\n".join(
        "- `%s` = %s" % (f, ch(["true", "false", "25%", "ES only", "IT only", "AE only"])) for f in flags[:ri(3, 7)])


def ci_chunks():
    lines = []
    for _ in range(ri(4, 12)):
        p = ch(["pages/portal/[tenantId]/iban", "pages/portal/[tenantId]/access-codes", "pages/admin/secrets", "pages/bookings/[id]",
                "pages/maintenance/tickets", "app/(portal)/payments/mandate", "chunks/framework", "chunks/main-app"])
        lines.append("  %-7s static/%s-%s.js  %s kB" % (ch(["\u25cb", "\u0192", "\u03bb", "\u25cf"]), p, hexs(16), "%.1f" % (R.random() * 90 + 1)))
    return code_block("Route (pages)                                Size     First Load JS\n" + "\n".join(lines))


def ci_css_classes():
    cls = ['<div class="TenantCard_root__%s css-%s">' % (rs(B62, 5), rs(LO + DIG, 7)),
           '  <span class="IbanField_masked__%s sc-%s">' % (rs(B62, 5), rs(UP + LO, 6)),
           '  <button class="AccessCodeButton_primary__%s" data-v-%s _ngcontent-ng-c%d>' % (rs(B62, 5), hexs(8), ri(100000000, 3999999999)),
           '  <p class="svelte-%s e%s0">' % (rs(LO + DIG, 6), hexs(5))]
    return ch(["the snapshot diff is all generated class names:\n", "el diff del snapshot son solo nombres de clase generados:\n"]) + code_block("\n".join(cls), "html")


def ci_oneliner():
    a, b = cls_name(), cls_name()
    tpl = ch(["renamed `«a»` to `«b»`, no behaviour change",
              "he movido `«a».«m»()` a `«b»`, revisad el PR",
              "ho spostato `«a».«m»()` dentro `«b»`",
              "\u0646\u0642\u0644\u062a `«a»` \u0625\u0644\u0649 `«b»`\u060c \u0628\u062f\u0648\u0646 \u062a\u063a\u064a\u064a\u0631 \u0641\u064a \u0627\u0644\u0633\u0644\u0648\u0643",
              "`«m»` in `«a»` is O(n^2) on the access code slots, fix in `«b»`"])
    return T(tpl, a=a, b=b, m=meth_name())


def ci_ts_interface():
    lines = ["export interface %s {" % cls_name(1), "  tenantId: string;", "  ibanLastFour?: string;",
             "  maskedPhone?: string;", "  accessCodeSecretRef: string;", "  passwordUpdatedAt: string;",
             "  sepaMandateReference: string;", "}", "",
             "export const %s = (t: Tenant): boolean => Boolean(t.accessCodeSecretRef && t.ibanLastFour);" % meth_name()]
    return code_block("\n".join(lines), "ts")


def ci_dotnet():
    lines = ["System.InvalidOperationException: %s" % ch(["Channel token expired and refresh failed.", "Secret reference not found."])]
    for _ in range(ri(5, 12)):
        lines.append("   at Almena.ChannelSync.%s.%s.%s() in /src/Almena.ChannelSync/%s.cs:line %d" % (
            ch(["Booking", "Expedia", "Airbnb", "Core"]), cls_name(), "".join(w.capitalize() for w in [ch(WORDS), ch(WORDS), "Async"]), cls_name(1), ri(20, 400)))
    lines.append("   at System.Runtime.CompilerServices.AsyncTaskMethodBuilder`1.AsyncStateMachineBox`1.MoveNext()")
    return code_block("\n".join(lines))


def ci_swift():
    lines = ["Thread 0 Crashed:"]
    for i in range(ri(4, 9)):
        mod = ch(["AlmenaTenant", "LockKit", "PaymentsKit"])
        typ = cls_name(1)
        fn = meth_name(2)
        lines.append("%d   %-14s 0x%016x $s%d%s%d%sC%d%syyF + %d" % (i, mod, R.randrange(1 << 40), len(mod), mod, len(typ), typ, len(fn), fn, ri(20, 900)))
    return code_block("\n".join(lines))


def ci_gomod():
    lines = ["module github.com/almena-living/iot-gateway", "", "go 1.22", "", "require ("]
    deps = ["github.com/eclipse/paho.mqtt.golang v1.4.3", "github.com/almena-living/lockproto v0.%d.%d" % (ri(1, 20), ri(0, 9)),
            "github.com/hashicorp/vault/api v1.%d.0" % ri(9, 14), "go.uber.org/zap v1.27.0", "github.com/google/uuid v1.6.0",
            "golang.org/x/crypto v0.%d.0" % ri(20, 30)]
    lines += ["\t" + d for d in deps[:ri(3, 6)]] + [")"]
    return code_block("\n".join(lines), "go")


CODE_ID_T = [ci_java, ci_python_tb, ci_go_panic, ci_rust, ci_gdb, ci_kotlin, ci_kubectl, ci_terraform, ci_sql, ci_proto,
             ci_graphql, ci_flags, ci_chunks, ci_css_classes, ci_oneliner, ci_ts_interface, ci_dotnet, ci_swift, ci_gomod]


# ---------------------------------------------------------------- negatives: non_credential_blob

def nb_gitlog():
    msgs = ["fix(locks): retry TTLock push on 429", "feat(rent): SEPA mandate v2 behind flag", "chore: bump paho mqtt",
            "fix(portal): mask iban in profile view", "feat(channels): Octorate availability sync", "docs: runbook caldera",
            "fix(iot): meter topic rename", "refactor(access): split code rotation job", "feat(dubai): DTCM permit expiry alert",
            "fix(es): SES.HOSPEDAJES parte de viajeros timezone", "fix(it): Alloggiati Web schedina encoding"]
    R.shuffle(msgs)
    full = R.random() < 0.4
    lines = ["$ git log --oneline -n %d" % ri(5, 9)] if not full else ["$ git log --format='%H %s' -n 6"]
    for m in msgs[:ri(4, 9)]:
        lines.append("%s %s" % (hexs(40) if full else hexs(ch([7, 9])), m))
    return code_block("\n".join(lines))


def nb_docker():
    img = ch(["pms-api", "lock-sync", "tenant-portal", "iot-ingest"])
    d = hexs(64)
    lines = ["$ docker pull registry.almena.internal/%s:%s" % (img, ch(["1.%d.%d" % (ri(0, 40), ri(0, 9)), "main", "latest"]))]
    for _ in range(ri(2, 6)):
        lines.append("%s: Pull complete" % hexs(12))
    lines += ["Digest: sha256:%s" % d, "Status: Downloaded newer image for registry.almena.internal/%s" % img]
    tail = ch(["\npin it as `%s@sha256:%s` in the deployment" % (img, d), "", "\nfijad el digest en el manifest, no el tag"])
    return code_block("\n".join(lines)) + tail


def nb_uuid_logs():
    out = []
    for _ in range(ri(3, 9)):
        out.append(json.dumps({"ts": ts_iso(), "level": ch(["info", "warn"]), "msg": ch(["reservation synced", "calendar pushed",
                                                                                       "rate plan updated", "listing mapped"]),
                               "channel": ch(CHANNELS), "reservation_id": ch([uuid4(), uuid7()]), "listing_id": uuid4(),
                               "trace_id": hexs(32)}, separators=(",", ":")))
    return code_block("\n".join(out))


def nb_integrity():
    pk = ch(["date-fns", "react-day-picker", "zod", "@tanstack/react-query", "mqtt", "libphonenumber-js", "ibantools"])
    lines = ['"node_modules/%s": {' % pk, '  "version": "%d.%d.%d",' % (ri(1, 9), ri(0, 30), ri(0, 20)),
             '  "resolved": "https://registry.npmjs.org/%s/-/%s-%d.%d.%d.tgz",' % (pk, pk.split("/")[-1], ri(1, 9), ri(0, 30), ri(0, 20)),
             '  "integrity": "sha512-%s",' % b64(rbytes(64)), '  "license": "MIT"', "}"]
    return ch(["", "package-lock diff after the update:\n"]) + code_block("\n".join(lines), "json")


def nb_gosum():
    mods = ["github.com/eclipse/paho.mqtt.golang v1.4.3", "github.com/gorilla/websocket v1.5.%d" % ri(0, 3),
            "golang.org/x/net v0.%d.0" % ri(20, 30), "github.com/google/uuid v1.6.0", "go.uber.org/zap v1.27.0"]
    lines = []
    for m in mods[:ri(2, 5)]:
        lines.append("%s h1:%s" % (m, b64(rbytes(32))))
        lines.append("%s/go.mod h1:%s" % (m, b64(rbytes(32))))
    return code_block("\n".join(lines))


def nb_piphash():
    pk = ch(["django==5.0.%d" % ri(1, 9), "celery==5.4.0", "phonenumbers==8.13.%d" % ri(20, 50), "schwifty==2024.%d.0" % ri(1, 11),
             "paho-mqtt==2.1.0"])
    return code_block("%s \\\n    --hash=sha256:%s \\\n    --hash=sha256:%s" % (pk, hexs(64), hexs(64)), "text")


def nb_traceparent():
    lines = ["GET /api/v2/units/%s/meters HTTP/1.1" % ch(UNITS), "Host: api.almena.internal",
             "traceparent: 00-%s-%s-01" % (hexs(32), hexs(16)), "x-request-id: %s" % uuid4(),
             "X-Amzn-Trace-Id: Root=1-%08x-%s" % (ri(0x67000000, 0x69ffffff), hexs(24)), "Accept: application/json"]
    return ch(["", "request que falla intermitentemente:\n", "la richiesta che fallisce a volte:\n"]) + code_block("\n".join(lines), "http")


def nb_s3():
    lines = ["$ aws s3 ls s3://almena-maintenance-photos/tickets/%d/ --recursive | head" % ri(2024, 2025)]
    for _ in range(ri(4, 12)):
        lines.append("%s %02d:%02d:%02d %9d tickets/MNT-%d/%s.%s" % (date_iso(), ri(0, 23), ri(0, 59), ri(0, 59), ri(20000, 4000000),
                                                                     ri(1000, 9999), uuid4(), ch(["jpg", "heic", "png"])))
    return code_block("\n".join(lines))


def nb_sha256sum():
    v = "%d.%d.%d" % (ri(1, 4), ri(0, 20), ri(0, 9))
    lines = ["$ cat SHA256SUMS"]
    for f in ["keypad-fw-%s-esp32s3.bin" % v, "keypad-fw-%s-esp32c3.bin" % v, "gateway-agent_%s_linux_arm64.tar.gz" % v,
              "gateway-agent_%s_linux_amd64.tar.gz" % v][:ri(2, 4)]:
        lines.append("%s  %s" % (hexs(64), f))
    return ch(["release de firmware del keypad:\n", "firmware release for the keypads:\n", ""]) + code_block("\n".join(lines))


def nb_sshfp():
    host = ch(["bastion.almena.internal", "sftp-alloggiati.almena.internal", "gw-%s.iot.almena.internal" % ch(BUILDINGS).lower()])
    kt = ch(["ED25519", "ECDSA", "RSA"])
    return code_block("The authenticity of host '%s (10.%d.%d.%d)' can't be established.\n%s key fingerprint is SHA256:%s.\n"
                      "This key is not known by any other names.\nAre you sure you want to continue connecting (yes/no/[fingerprint])?" % (
                          host, ri(0, 40), ri(0, 255), ri(1, 254), kt, b64(rbytes(32)).rstrip("=")))


def nb_sops():
    lines = ["nuki:", "    api_token: ENC[AES256_GCM,data:%s,iv:%s,tag:%s,type:str]" % (b64(rbytes(ri(30, 48))), b64(rbytes(32)), b64(rbytes(16))),
             "mqtt:", "    password: ENC[AES256_GCM,data:%s,iv:%s,tag:%s,type:str]" % (b64(rbytes(ri(12, 24))), b64(rbytes(32)), b64(rbytes(16))),
             "sops:", "    kms:", "        - arn: arn:aws:kms:eu-south-2:123456789012:key/%s" % uuid4(),
             "          created_at: \"%s\"" % ts_iso(), "    lastmodified: \"%s\"" % ts_iso(),
             "    mac: ENC[AES256_GCM,data:%s,iv:%s,tag:%s,type:str]" % (b64(rbytes(32)), b64(rbytes(32)), b64(rbytes(16))),
             "    version: 3.8.1"]
    return ch(["this is the encrypted file, safe to paste:\n", "fichero cifrado con sops, se puede pegar:\n", "file cifrato con sops:\n"]) + code_block("\n".join(lines), "yaml")


def nb_vault_transit():
    return ch(["la columna iban_encrypted guarda cosas como `vault:v1:%s` (transit, clave rent-iban)",
               "ciphertext from transit looks like vault:v1:%s \u2014 decrypt only in the payout worker",
               "nel db c'\u00e8 solo il ciphertext: vault:v1:%s"]) % b64(rbytes(ri(40, 64)))


def nb_lorawan():
    lines = ["dev_eui,join_eui,model,unit,fw"]
    for _ in range(ri(5, 15)):
        lines.append("%s,%s,%s,%s,%d.%d.%d" % ("70B3D57ED0" + rs("0123456789ABCDEF", 6), "0000000000000001",
                                              ch(["LHT65N", "WS301", "EM300-TH", "LDS02", "CT101"]), ch(BUILDINGS) + "/" + ch(UNITS),
                                              ri(1, 3), ri(0, 9), ri(0, 20)))
    return ch(["sensores dados de alta en TTN esta semana (solo DevEUI/JoinEUI, las AppKey no):\n",
               "sensori LoRaWAN registrati (senza AppKey):\n", "new LoRaWAN sensors, identifiers only:\n"]) + code_block("\n".join(lines), "csv")


def nb_stripe_ids():
    lines = []
    for _ in range(ri(3, 9)):
        lines.append("%s  %-28s %s  %s" % (date_iso(), ch(["pi_3", "ch_3", "in_1", "po_1", "evt_1", "re_3"]) + rs(B62, 24),
                                           ch(["succeeded", "paid", "refunded", "failed"]), "cus_" + rs(B62, 14)))
    return ch(["", "pagos de hoy en Stripe (ids, nada sensible):\n", "Stripe payouts/charges from the dashboard export:\n"]) + code_block("\n".join(lines))


def nb_ulid_oid():
    lines = []
    for _ in range(ri(3, 8)):
        lines.append("ticket %s  mongo _id=ObjectId(\"%08x%s\")  status=%s" % (ulid(), ri(0x67000000, 0x69ffffff), hexs(16),
                                                                              ch(["open", "assigned", "waiting_parts", "closed"])))
    return code_block("\n".join(lines))


def nb_helm_checksum():
    lines = ["spec:", "  template:", "    metadata:", "      annotations:", "        checksum/config: %s" % hexs(64),
             "        checksum/secret: %s" % hexs(64), "        pod-template-hash: %s" % rs("bcdfghjklmnpqrstvwxz2456789", 10)]
    return code_block("\n".join(lines), "yaml")


def nb_cursor():
    cur = b64(json.dumps({"after": ts_iso(), "id": ri(10000, 999999), "dir": "next"}, separators=(",", ":")).encode()).rstrip("=")
    tpl = ch(["la paginaci\u00f3n de Hostaway devuelve `next_cursor: \"«c»\"` y el segundo request lo ignora",
              "the channel manager paginates with an opaque cursor (`«c»`), we were URL-encoding it twice",
              "il cursore della paginazione \u00e8 questo: «c» \u2014 \u00e8 solo base64 di un JSON"])
    return T(tpl, c=cur)


def nb_slack_cursor():
    cur = b64(("user:U0%s" % rs(UP + DIG, 9)).encode())
    return "conversations.members for #%s returned next_cursor=%s and then an empty page" % (ch(["reservas-es", "prenotazioni-it", "dubai-ops"]), cur)


def nb_b64_text():
    s = ch(["BEGIN:VCALENDAR\nPRODID:-//Almena//Sync//EN\nVERSION:2.0", "Check-in 15:00, check-out 11:00",
            "Caldaia in blocco, codice errore E10", "Ascensor fuera de servicio planta 3"])
    return "the iCal feed arrives base64-encoded from that channel: `%s` (decodes to plain text)" % b64(s.encode())


def nb_sentry_etag():
    lines = ["Sentry event %s (release tenant-portal@%d.%d.%d)" % (hexs(32), ri(1, 5), ri(0, 30), ri(0, 9)),
             "ETag: \"%s\"" % hexs(32), "ETag: \"%s-%d\"" % (hexs(32), ri(2, 12)), "Content-MD5: %s" % b64(rbytes(16)),
             "x-goog-hash: crc32c=%s, md5=%s" % (b64(rbytes(4)), b64(rbytes(16)))]
    R.shuffle(lines)
    return code_block("\n".join(lines[:ri(3, 5)]))


def nb_zigbee():
    lines = ["%s  %s  %s  lqi=%d" % ("0x00158d000" + hexs(7), ch(["aqara_door_sensor", "water_leak", "smart_plug", "thermostat"]),
                                     ch(BUILDINGS) + "/" + ch(UNITS), ri(40, 255)) for _ in range(ri(3, 10))]
    return ch(["zigbee2mqtt devices:\n", "dispositivi zigbee nel %s:\n" % ch(BUILDINGS)]) + code_block("\n".join(lines))


def nb_webhook_sig():
    return code_block("POST /webhooks/channel-manager HTTP/1.1\nContent-Type: application/json\nX-Signature-256: sha256=%s\nX-Delivery: %s\nX-Event: reservation.modified" % (hexs(64), uuid4()), "http")


BLOB_T = [nb_gitlog, nb_docker, nb_uuid_logs, nb_integrity, nb_gosum, nb_piphash, nb_traceparent, nb_s3, nb_sha256sum,
          nb_sshfp, nb_sops, nb_vault_transit, nb_lorawan, nb_stripe_ids, nb_ulid_oid, nb_helm_checksum, nb_cursor,
          nb_slack_cursor, nb_b64_text, nb_sentry_etag, nb_zigbee, nb_webhook_sig]


# ---------------------------------------------------------------- negatives: pii_lookalike_number

def booking_com_id():
    # 10 digits, NANP-invalid on purpose (4th digit 0/1), never 3/0/6-9 first
    return ch("245") + rs(DIG, 2) + ch("01") + rs(DIG, 6)


def airbnb_code():
    return "HM" + rs("ABCDEFGHJKMNPQRSTVWXYZ2345689", 8)


def eur(a):
    s = "{:,.2f}".format(a)
    return s.replace(",", "X").replace(".", ",").replace("X", ".")


def pn_booking_csv():
    lines = ["reserva,canal,entrada,salida,noches,huespedes,importe_eur,factura"]
    for _ in range(ri(12, 30)):
        c = ch(["booking", "airbnb", "vrbo", "direct"])
        rid = booking_com_id() if c == "booking" else (airbnb_code() if c == "airbnb" else ("HA-" + rs(UP + DIG, 6) if c == "vrbo" else "ALM-2025-%05d" % ri(1, 99999)))
        n = ri(1, 14)
        d0 = datetime.date(2025, 1, 1) + datetime.timedelta(days=ri(0, 350))
        d1 = d0 + datetime.timedelta(days=n)
        lines.append("%s,%s,%s,%s,%d,%d,%.2f,F2025-%06d" % (rid, c, d0.isoformat(), d1.isoformat(), n, ri(1, 6), n * R.uniform(60, 310), ri(1, 99999)))
    return ch(["export de reservas de %s para contabilidad:\n" % ch(["junio", "julio", "agosto", "septiembre"]),
               "reservations export for the accountant:\n"]) + code_block("\n".join(lines), "csv")


def cups():
    dist = ch(["0021", "0031", "0022", "0026", "0390"])
    num = dist + rs(DIG, 12)
    n = int(num) % 529
    L = "TRWAGMYFPDXBNJZSQVHLCKE"
    return "ES" + num + L[n // 23] + L[n % 23] + ch(["", "0F", "1P"])


def pn_utilities():
    tpl = ch(["Alta de suministro para %s/%s: CUPS luz «c», potencia %s kW, tarifa 2.0TD. Lectura inicial %d kWh." % (ch(BUILDINGS), ch(UNITS), ch(["3,45", "4,6", "5,75"]), ri(1000, 90000)),
              "Voltura per %s int. %d: POD IT001E%08d, PDR %014d, lettura gas %d smc." % (ch(BUILDINGS), ri(1, 30), ri(0, 99999999), R.randrange(10 ** 14), ri(100, 9000)),
              "DEWA move-in for %s: contract account 200%s%s, premise no. %s, security deposit AED %s." % (
                  ch(UNITS), ch("01"), rs(DIG, 6), ch("12345") + rs(DIG, 8), ch(["2,000", "2,130", "4,000"]))])
    return T(tpl, c=cups())


def pn_ejari_makani():
    mk = "1" + rs(DIG, 4) + " " + rs(DIG, 5)
    return ch(["Ejari registration for %s done, contract no. 0%s, Makani %s, plot %d-%d." % (ch(UNITS), rs(DIG, 15), mk, ri(100, 699), ri(100, 9999)),
               "\u062a\u0645 \u062a\u0633\u062c\u064a\u0644 \u0639\u0642\u062f \u0625\u064a\u062c\u0627\u0631\u064a \u0631\u0642\u0645 0%s \u0644\u0644\u0648\u062d\u062f\u0629 %s\u060c \u0631\u0642\u0645 \u0645\u0643\u0627\u0646\u064a %s" % (rs(DIG, 15), ch(UNITS), mk),
               "Makani %s is the lobby entrance of %s, not the parking one" % (mk, ch(BUILDINGS))])


def pn_licences():
    items = ["VFT/MA/%05d" % ri(1, 60000), "HUTB-%06d" % ri(1, 20000), "VT-%06d-A" % ri(1, 99999),
             "CIN IT058091C2%s" % rs(UP + DIG, 8), "CIR 015146-CNI-%05d" % ri(1, 4000),
             "DTCM permit %s-%s-%d" % (ch(["BUR", "DUB", "MAR"]), rs(UP, 3), ri(10000, 99999)),
             "registro ESFCTU%014d" % R.randrange(10 ** 14)]
    R.shuffle(items)
    return ch(["licencias a poner en los anuncios:\n", "codici da mostrare negli annunci:\n", "licence numbers for the listings:\n"]) + "\n".join(
        "- %s: %s" % (ch(BUILDINGS), i) for i in items[:ri(3, 6)])


def pn_invoices():
    out = []
    for _ in range(ri(3, 8)):
        out.append(ch(["Fattura n. %d/%04d del %02d/%02d/2025 \u2014 \u20ac %s (imposta di soggiorno inclusa)" % (ri(1, 999), 2025, ri(1, 28), ri(1, 12), eur(R.uniform(80, 4000))),
                       "Factura F2025-%06d, base %s \u20ac, IVA 10%% %s \u20ac" % (ri(1, 99999), eur(R.uniform(100, 3000)), eur(R.uniform(10, 300))),
                       "Tax invoice TI-%d-%05d, AED %s incl. VAT 5%%, Tourism Dirham AED %d" % (2025, ri(1, 99999), "{:,.2f}".format(R.uniform(500, 30000)), ri(10, 420)),
                       "PO %d for %d x smart lock batteries (CR123A)" % (ri(4500000, 4599999), ri(10, 200))]))
    return "\n".join(out)


def pn_versions():
    return ch(["Nuki bridge firmware %d.%d.%d, Smart Lock %d.%d.%d; keypad build %d.%d.%d.%d" % (ri(1, 3), ri(0, 30), ri(0, 9), ri(2, 4), ri(0, 12), ri(0, 9),
                                                                                            ri(1, 9), ri(0, 30), ri(0, 9), ri(300, 9999)),
               "gateway agent v%d.%d.%d-rc.%d rolled out to %d of %d buildings" % (ri(0, 3), ri(0, 40), ri(0, 9), ri(1, 5), ri(1, 14), 14),
               "la app del inquilino 3.%d.%d (build %d) ya est\u00e1 en Play Store" % (ri(0, 20), ri(0, 9), ri(3000, 9999)),
               "aggiornato il firmware del router a %d.%d.%d.%d, poi riavvio" % (ri(1, 9), ri(0, 9), ri(0, 99), ri(1000, 4000))])


def pn_timestamps():
    t = ri(1735689600, 1767225599)
    return ch(["lock event at %d (%s) but the PMS shows the check-in at %d%03d ms \u2014 timezone again" % (t, "epoch s", t + ri(60, 7200), ri(0, 999)),
               "Slack ts %d.%06d is the message where the boiler alarm fired" % (t, ri(0, 999999)),
               "el webhook trae `\"created\": %d` y nosotros guardamos %d%03d" % (t, t, ri(0, 999)),
               "evento serratura ts=%d, batteria %d%%" % (t, ri(5, 100))])


def pn_private_net():
    b = ri(1, 40)
    lines = ["# VLAN plan %s" % ch(BUILDINGS), "vlan 10  mgmt     10.%d.10.0/24   gw 10.%d.10.1" % (b, b),
             "vlan 20  iot      10.%d.20.0/23   gw 10.%d.20.1" % (b, b),
             "vlan 30  guests   172.%d.0.0/20" % ri(16, 31),
             "vlan 40  cctv     192.168.%d.0/24" % ri(0, 254), "lock bridges: 10.%d.20.%d-10.%d.20.%d" % (b, ri(10, 40), b, ri(41, 90)),
             "docs example range: 192.0.2.%d, 198.51.100.%d, 203.0.113.%d" % (ri(1, 254), ri(1, 254), ri(1, 254)),
             "cgnat from the ISP: 100.%d.%d.%d" % (ri(64, 127), ri(0, 255), ri(1, 254))]
    return code_block("\n".join(lines[:ri(5, len(lines))]))


def pn_ports():
    return ch(["ports open on the gateway: 1883, 8883, 8080, 5683/udp, 1700/udp (LoRa packet forwarder)",
               "puertos del NVR: 554 (RTSP), 8000, 443; la red de invitados no debe verlos",
               "porte aperte sul router %s: 22, 443, 51820/udp" % ch(BUILDINGS)])


def pn_ratelimit():
    lines = ["HTTP/1.1 429 Too Many Requests", "X-RateLimit-Limit: %d" % ch([60, 120, 600, 1000]), "X-RateLimit-Remaining: 0",
             "X-RateLimit-Reset: %d" % ri(1735689600, 1767225599), "Retry-After: %d" % ri(1, 120)]
    return ch(["TTLock nos limita otra vez:\n", "Hostaway rate limit during the bulk price update:\n", ""]) + code_block("\n".join(lines), "http")


def pn_sensors():
    lines = ["time,unit,temp_c,rh,kwh,water_m3"]
    for _ in range(ri(10, 28)):
        lines.append("%sT%02d:00:00Z,%s,%.1f,%d,%.3f,%.3f" % (date_iso(), ri(0, 23), ch(UNITS), R.uniform(16, 31), ri(25, 80),
                                                           R.uniform(0, 40), R.uniform(0, 2)))
    return ch(["lecturas de la \u00faltima semana:\n", "letture sensori:\n", "sensor readings, %s:\n" % ch(BUILDINGS)]) + code_block("\n".join(lines), "csv")


def pn_ean():
    items = []
    for _ in range(ri(3, 7)):
        e = ean13(ch(["84", "80", "62", "40"]) + rs(DIG, 10))
        items.append("%s  %s  x%d" % (e, ch(["pilas CR123A", "cilindro europeo 30/30", "guarnizione rubinetto", "filtro split",
                                              "LED GU10 5W", "batteria keypad"]), ri(1, 40)))
    return ch(["pedido a proveedor (EAN):\n", "ordine al fornitore:\n"]) + code_block("\n".join(items))


def pn_isbn():
    d = "978" + ch(["84", "88", "1"])
    d = d + rs(DIG, 12 - len(d))
    s = sum(int(c) * (3 if i % 2 else 1) for i, c in enumerate(d))
    isbn = d + str((10 - s % 10) % 10)
    g = 1 if isbn[3] == "1" else 2
    pretty = "%s-%s-%s-%s-%s" % (isbn[:3], isbn[3:3 + g], isbn[3 + g:8], isbn[8:12], isbn[12])
    return ch(["la gu\u00eda que dejamos en los pisos es ISBN %s" % pretty, "guida della citt\u00e0 negli appartamenti: ISBN %s" % pretty,
               "welcome book reference ISBN %s" % pretty])


def pn_tickets():
    return ch(["MNT-%d y MNT-%d son la misma fuga (%s %s), cierro la segunda" % (ri(1000, 9999), ri(1000, 9999), ch(BUILDINGS), ch(UNITS)),
               "ticket Zendesk #%d riaperto, il tecnico torna gioved\u00ec" % ri(100000, 999999),
               "Jira PMS-%d blocks PMS-%d (SEPA mandate v2)" % (ri(100, 9999), ri(100, 9999)),
               "\u0627\u0644\u062a\u0630\u0643\u0631\u0629 MNT-%d \u0645\u063a\u0644\u0642\u0629\u060c \u062a\u0645 \u0625\u0635\u0644\u0627\u062d \u0627\u0644\u062a\u0643\u064a\u064a\u0641 \u0641\u064a %s" % (ri(1000, 9999), ch(UNITS))])


def pn_lock_audit():
    lines = []
    for _ in range(ri(5, 20)):
        lines.append("%s  %-8s via=%-7s slot=%-2d lock=%s battery=%d%% rssi=-%d" % (ts_iso(), ch(["unlock", "lock", "unlatch", "jammed"]),
                                                                                ch(["keypad", "app", "auto", "fob"]), ri(1, 20), hexs(8), ri(5, 100), ri(40, 95)))
    return ch(["audit de la cerradura del portal (sin c\u00f3digos):\n", "log serratura:\n", ""]) + code_block("\n".join(lines))


def pn_catastro():
    ref = "%07d%s%04d%s%04d%s" % (ri(0, 9999999), rs(UP, 2), ri(0, 9999), ch(UP), ri(1, 99), rs(UP, 2))
    return ch(["referencia catastral del local de %s: %s" % (ch(BUILDINGS), ref),
               "para el IBI necesito la ref. catastral %s y el recibo de %d" % (ref, 2025)])


def pn_money():
    return ch(["ingresos julio: %s \u20ac (ADR %s \u20ac, ocupaci\u00f3n %d%%)" % (eur(R.uniform(20000, 900000)), eur(R.uniform(60, 300)), ri(40, 99)),
               "incasso luglio %s \u20ac, tassa di soggiorno versata %s \u20ac" % (eur(R.uniform(20000, 500000)), eur(R.uniform(200, 9000))),
               "Dubai Marina July revenue AED {:,.2f}, RevPAR AED {:,.0f}".format(R.uniform(100000, 3000000), R.uniform(200, 1200)),
               "\u0625\u064a\u0631\u0627\u062f\u0627\u062a \u0627\u0644\u0634\u0647\u0631 \u0661\u0662\u0663\u066c\u0664\u0665\u0660 \u062f\u0631\u0647\u0645 \u0648\u0646\u0633\u0628\u0629 \u0627\u0644\u0625\u0634\u063a\u0627\u0644 \u0668\u0667\u066a"])


def pn_dates():
    return ch(["check-in %02d/%02d/2025, check-out %02d.%02d.2025, cleaning %s" % (ri(1, 28), ri(1, 12), ri(1, 28), ri(1, 12), date_iso()),
               "contratto dal %02d/%02d/2025 al %02d/%02d/2026, preavviso 90 giorni" % (ri(1, 28), ri(1, 12), ri(1, 28), ri(1, 12)),
               "\u0627\u0644\u0639\u0642\u062f \u064a\u0628\u062f\u0623 \u0661\u0665/\u0660\u0669/\u0662\u0660\u0662\u0665 \u0648\u064a\u0646\u062a\u0647\u064a %s" % date_iso()])


def pn_aws_ids():
    return ch(["prod is account 123456789012 (the docs one, we use it in examples only); the gateway runs on i-0%s in %s" % (hexs(16), ch(["eu-south-2", "me-central-1"])),
               "vol-0%s filled up on the reporting box, grew it to %d GiB" % (hexs(16), ch([100, 200, 500])),
               "subscription %s, resource group rg-pms-%s" % (uuid4(), ch(["weu", "itn", "uaen"]))])


def pn_bytes():
    return ch(["backup nocturno: %s bytes, %s filas en reservations" % ("{:,}".format(ri(10 ** 9, 9 * 10 ** 10)).replace(",", " "), "{:,}".format(ri(100000, 9000000)).replace(",", ".")),
               "photos bucket is %s objects / %.1f TB" % ("{:,}".format(ri(100000, 9000000)), R.uniform(1, 40)),
               "la tabella meter_readings ha %s righe" % "{:,}".format(ri(10 ** 6, 9 * 10 ** 8)).replace(",", ".")])


def pn_latency():
    lines = ["endpoint                 p50    p95    p99"]
    for e in ["/api/locks/push", "/api/bookings/sync", "/api/meters/ingest", "/api/rent/charge"][:ri(2, 4)]:
        lines.append("%-24s %3dms  %4dms  %4dms" % (e, ri(20, 200), ri(200, 900), ri(900, 3000)))
    return code_block("\n".join(lines))


def pn_segfault():
    return "kernel: mqtt-bridge[%d]: segfault at %x ip %016x sp %016x error 4 in libc.so.6[%x+%x]" % (
        ri(1000, 40000), R.randrange(1 << 32), 0x7F0000000000 + R.randrange(1 << 40), 0x7FF000000000 + R.randrange(1 << 36),
        0x7F0000000000 + R.randrange(1 << 40) & ~0xFFF, ri(0x100000, 0x1fffff))


PII_NUM_T = [pn_booking_csv, pn_utilities, pn_ejari_makani, pn_licences, pn_invoices, pn_versions, pn_timestamps,
             pn_private_net, pn_ports, pn_ratelimit, pn_sensors, pn_ean, pn_isbn, pn_tickets, pn_lock_audit, pn_catastro,
             pn_money, pn_dates, pn_aws_ids, pn_bytes, pn_latency, pn_segfault]


# ---------------------------------------------------------------- negatives: talk_about_secrets

TALK_EN = [
    "We rotated the Nuki Web API token after the contractor left; the old one is revoked.",
    "Please never paste a guest's door code in this channel, send them the app link instead.",
    "The Hostaway client secret lives in Secrets Manager now, not in the repo.",
    "If you see an IBAN in a ticket, delete the message and ask the tenant to use the portal.",
    "Passport photos go through the check-in app only, not Slack DMs.",
    "The leaked-key runbook: revoke first, then rotate, then check the audit log for use.",
    "Card numbers never touch our servers, the payment page is hosted by the acquirer.",
    "The DTCM portal password expires every 90 days; the reminder bot will ping #dubai-ops.",
    "Phone numbers in the CRM are stored hashed plus the last three digits for support.",
    "Who has the TTLock admin account? It should be a shared vault item, not someone's laptop.",
    "The gitleaks job flagged a test fixture, it was a fake AWS key from the docs.",
    "Private keys for the gateway certificates are generated on the device and never leave it.",
]
TALK_ES = [
    "Hemos rotado el token de la API de Avantio, el anterior ya no funciona.",
    "Por favor, no pegu\u00e9is c\u00f3digos de acceso de hu\u00e9spedes aqu\u00ed; que los vean en la app.",
    "La contrase\u00f1a de SES.HOSPEDAJES la cambia solo administraci\u00f3n y est\u00e1 en el gestor de contrase\u00f1as.",
    "Si un inquilino manda su IBAN por WhatsApp, pedidle que lo suba al portal y borrad el mensaje.",
    "Los DNI y pasaportes se guardan cifrados y se borran a los tres a\u00f1os, como marca la normativa.",
    "El certificado de Redsys y su clave privada los renovamos en diciembre, no antes.",
    "Nunca guard\u00e9is n\u00fameros de tarjeta en las notas de la reserva.",
    "Revisad qui\u00e9n tiene acceso a la cuenta de Nuki: hay usuarios de empleados que ya no est\u00e1n.",
    "El esc\u00e1ner de secretos del repo ha saltado por un ejemplo de la documentaci\u00f3n, falsa alarma.",
    "Los tel\u00e9fonos de los hu\u00e9spedes solo se ven en el PMS, no los copi\u00e9is a hojas de c\u00e1lculo.",
]
TALK_IT = [
    "Abbiamo ruotato la chiave API di Octorate dopo l'incidente di venerd\u00ec.",
    "La password di Alloggiati Web scade ogni tre mesi: la rinnova solo l'amministrazione.",
    "Non scrivete i codici delle serrature nei ticket di manutenzione, usate il link temporaneo.",
    "Gli IBAN degli inquilini si inseriscono solo nel portale, mai in chat.",
    "I documenti degli ospiti restano nel sistema di check-in, non vanno inoltrati via mail.",
    "Il token del bot Slack \u00e8 stato revocato e rigenerato, aggiornate il secret in Kubernetes.",
    "Chi ha accesso alla console Nexi? Va ridotto a due persone.",
    "Se trovate una chiave privata in un repository, avvisate subito #sicurezza.",
    "I numeri di telefono degli ospiti sono visibili solo al team di accoglienza.",
    "Il controllo dei segreti in CI ha bloccato un commit: era un falso positivo su un hash.",
]
TALK_AR = [
    "\u062a\u0645 \u062a\u063a\u064a\u064a\u0631 \u0645\u0641\u062a\u0627\u062d \u0648\u0627\u062c\u0647\u0629 \u0627\u0644\u0628\u0631\u0645\u062c\u0629 \u0627\u0644\u062e\u0627\u0635 \u0628\u0627\u0644\u0623\u0642\u0641\u0627\u0644 \u0627\u0644\u0630\u0643\u064a\u0629\u060c \u0648\u0627\u0644\u0645\u0641\u062a\u0627\u062d \u0627\u0644\u0642\u062f\u064a\u0645 \u0645\u0644\u063a\u0649.",
    "\u0644\u0627 \u062a\u0634\u0627\u0631\u0643\u0648\u0627 \u0643\u0644\u0645\u0627\u062a \u0627\u0644\u0645\u0631\u0648\u0631 \u0623\u0648 \u0631\u0645\u0648\u0632 \u0627\u0644\u0623\u0628\u0648\u0627\u0628 \u0641\u064a \u0647\u0630\u0647 \u0627\u0644\u0642\u0646\u0627\u0629.",
    "\u0643\u0644\u0645\u0629 \u0645\u0631\u0648\u0631 \u0628\u0648\u0627\u0628\u0629 DTCM \u0645\u062d\u0641\u0648\u0638\u0629 \u0641\u064a \u0627\u0644\u062e\u0632\u0646\u0629 \u0641\u0642\u0637.",
    "\u0625\u0630\u0627 \u0623\u0631\u0633\u0644 \u0627\u0644\u0645\u0633\u062a\u0623\u062c\u0631 \u0631\u0642\u0645 \u0627\u0644\u0622\u064a\u0628\u0627\u0646 \u0641\u064a \u0627\u0644\u0645\u062d\u0627\u062f\u062b\u0629\u060c \u0627\u062d\u0630\u0641\u0648\u0627 \u0627\u0644\u0631\u0633\u0627\u0644\u0629 \u0648\u0627\u0637\u0644\u0628\u0648\u0627 \u0645\u0646\u0647 \u0627\u0633\u062a\u062e\u062f\u0627\u0645 \u0627\u0644\u0628\u0648\u0627\u0628\u0629.",
    "\u0635\u0648\u0631 \u062c\u0648\u0627\u0632\u0627\u062a \u0627\u0644\u0633\u0641\u0631 \u062a\u064f\u0631\u0641\u0639 \u0639\u0628\u0631 \u062a\u0637\u0628\u064a\u0642 \u062a\u0633\u062c\u064a\u0644 \u0627\u0644\u062f\u062e\u0648\u0644 \u0641\u0642\u0637.",
    "\u0623\u0631\u0642\u0627\u0645 \u0627\u0644\u0628\u0637\u0627\u0642\u0627\u062a \u0644\u0627 \u062a\u064f\u062d\u0641\u0638 \u0644\u062f\u064a\u0646\u0627 \u0623\u0628\u062f\u0627\u064b\u060c \u0635\u0641\u062d\u0629 \u0627\u0644\u062f\u0641\u0639 \u0639\u0646\u062f \u0627\u0644\u0628\u0646\u0643.",
    "\u0645\u0646 \u0644\u062f\u064a\u0647 \u0635\u0644\u0627\u062d\u064a\u0629 \u0627\u0644\u0645\u062f\u064a\u0631 \u0639\u0644\u0649 \u062d\u0633\u0627\u0628 \u0627\u0644\u0623\u0642\u0641\u0627\u0644\u061f \u064a\u062c\u0628 \u0623\u0646 \u062a\u0643\u0648\u0646 \u0641\u064a \u0627\u0644\u062e\u0632\u0646\u0629 \u0627\u0644\u0645\u0634\u062a\u0631\u0643\u0629.",
    "\u0627\u0644\u0645\u0641\u062a\u0627\u062d \u0627\u0644\u062e\u0627\u0635 \u0644\u0634\u0647\u0627\u062f\u0629 \u0627\u0644\u0628\u0648\u0627\u0628\u0629 \u0644\u0627 \u064a\u063a\u0627\u062f\u0631 \u0627\u0644\u062c\u0647\u0627\u0632 \u0623\u0628\u062f\u0627\u064b.",
]
TALK_ALL = TALK_EN + TALK_ES + TALK_IT + TALK_AR


def ts_sentences():
    pool = ch([TALK_EN, TALK_ES, TALK_IT, TALK_AR, TALK_ALL])
    k = ri(1, 4)
    idx = list(range(len(pool)))
    R.shuffle(idx)
    return " ".join(pool[i] for i in idx[:k])


def ts_incident():
    what = ch(["a Slack bot token", "the Octorate API key", "a TTLock client secret", "the MQTT broker password", "an OpenAI key used by the guest-reply bot"])
    where = ch(["a public gist", "a screenshot in a vendor ticket", "the frontend bundle", "a CI log", "a WhatsApp group with a cleaning contractor"])
    lines = ["*Incident summary \u2014 %s*" % date_iso(),
             "\u2022 What: %s was exposed in %s." % (what, where),
             "\u2022 Detected by: %s." % ch(["GitHub secret scanning", "the vendor", "our own grep in CI", "a teammate"]),
             "\u2022 Actions: revoked within %d min, new value issued, stored in Secrets Manager, pods restarted." % ri(4, 90),
             "\u2022 Impact: %s." % ch(["none found in the audit log", "%d API calls from an unknown ASN, all rejected" % ri(1, 40), "no lock was opened outside bookings"]),
             "\u2022 Follow-ups: pre-commit hook, shorter token TTL, remove the value from the history."]
    return "\n".join(lines)


def ts_faq():
    qa = [("\u00bfPuedo pedir el IBAN por Slack?", "No. El inquilino lo introduce en el portal y se valida all\u00ed."),
          ("\u00bfD\u00f3nde est\u00e1 la contrase\u00f1a de la cuenta de Booking?", "En el gestor de contrase\u00f1as, carpeta Canales."),
          ("Posso mandare il codice della porta all'ospite via SMS?", "S\u00ec, ma solo dal sistema, mai a mano."),
          ("Can I share my API key with the vendor to debug?", "No, create a scoped key for them and revoke it afterwards."),
          ("\u0647\u0644 \u064a\u0645\u0643\u0646\u0646\u064a \u0625\u0631\u0633\u0627\u0644 \u0631\u0642\u0645 \u0647\u0627\u062a\u0641 \u0627\u0644\u0636\u064a\u0641 \u0644\u0644\u0633\u0627\u0626\u0642\u061f", "\u0646\u0639\u0645\u060c \u0645\u0646 \u062e\u0644\u0627\u0644 \u0627\u0644\u0646\u0638\u0627\u0645 \u0641\u0642\u0637."),
          ("What if a guest posts their card number in the chat?", "Delete it, tell them we never ask for it, and log a privacy ticket."),
          ("Chi pu\u00f2 vedere il numero di telefono dell'inquilino?", "Solo property manager e accoglienza.")]
    R.shuffle(qa)
    out = ["*FAQ seguridad / sicurezza / security*"]
    for q, a in qa[:ri(3, 6)]:
        out.append("*Q:* %s\n*A:* %s" % (q, a))
    return "\n".join(out)


def ts_regex():
    return ch(["the scanner should catch Spanish IBANs (ES + 22 digits) and Italian ones (IT + 25 chars incl. the CIN letter) but not the CUPS codes, which also start with ES",
               "para los tel\u00e9fonos usamos libphonenumber con regi\u00f3n por defecto seg\u00fan el edificio (ES, IT o AE), no una regex casera",
               "la regex per le carte deve fare il controllo di Luhn, altrimenti segnala ogni numero di prenotazione Booking",
               "\u064a\u062c\u0628 \u0623\u0646 \u064a\u062a\u062d\u0642\u0642 \u0627\u0644\u0641\u0627\u062d\u0635 \u0645\u0646 \u0631\u0642\u0645 \u0627\u0644\u0622\u064a\u0628\u0627\u0646 \u0627\u0644\u0625\u0645\u0627\u0631\u0627\u062a\u064a (AE + 21 \u0631\u0642\u0645\u0627\u064b) \u0628\u0637\u0631\u064a\u0642\u0629 mod 97",
               "how do we tell a 10-digit Booking reservation number from a US phone number? context, mostly"])


def ts_vault_err():
    return code_block(ch([
        "Error: secret \"lock-sync/nuki-token\" not found (ExternalSecret lock-sync-nuki: SecretSyncedError)",
        "vault: permission denied on path secret/data/pms/redsys (policy rent-collector lacks read)",
        "kubeseal: error: cannot fetch certificate: no endpoints available for service \"sealed-secrets-controller\"",
        "Error: failed to decrypt sops data key with AWS KMS: AccessDeniedException"])) + "\n" + ch(
        ["\u00bfalguien ha tocado la policy?", "qualcuno ha cambiato la policy?", "who changed the policy?", ""])


def ts_security_sync():
    lines = ["*Security sync %s*" % date_iso()]
    items = ["rotate TTLock + Nuki API tokens (quarterly)", "remove ex-staff from the lock vendor portals",
             "review who can export tenant IBANs from the rent module", "move Alloggiati Web password into the shared vault",
             "turn on push protection for all repos", "revisar permisos de la cuenta de Redsys",
             "verificare chi ha accesso ai documenti degli ospiti", "\u0645\u0631\u0627\u062c\u0639\u0629 \u0635\u0644\u0627\u062d\u064a\u0627\u062a \u0628\u0648\u0627\u0628\u0629 DEWA"]
    R.shuffle(items)
    for it in items[:ri(3, 7)]:
        lines.append("- [%s] %s" % (ch([" ", "x"]), it))
    return "\n".join(lines)


def ts_qna():
    return ch([
        "> \u00bfme pasas la contrase\u00f1a del wifi del %s?\nest\u00e1 en la ficha del piso en el PMS, no la pongo aqu\u00ed" % ch(BUILDINGS),
        "> mi giri la password del portale DEWA?\nno, chiedi accesso nel vault, te lo approvo subito",
        "> can you DM me the master code for %s?\nno master codes over chat, I'll create a one-time code for your visit in the app" % ch(BUILDINGS),
        "> \u0645\u0645\u0643\u0646 \u062a\u0631\u0633\u0644 \u0644\u064a \u0631\u0645\u0632 \u0627\u0644\u0628\u0627\u0628\u061f\n\u0644\u0627\u060c \u0633\u0623\u0646\u0634\u0626 \u0644\u0643 \u0631\u0645\u0632\u0627\u064b \u0645\u0624\u0642\u062a\u0627\u064b \u0645\u0646 \u0627\u0644\u062a\u0637\u0628\u064a\u0642"])


def ts_policy_long():
    lang = R.randrange(3)
    if lang == 0:
        lines = ["*Handling personal data in #reservas*", "1. Guest documents: only in the check-in app.",
                 "2. Phone numbers: click-to-call from the PMS, don't copy them here.",
                 "3. Bank details: tenants enter their IBAN in the portal; we only ever see the last four.",
                 "4. Card data: never, not even partially beyond the last four.",
                 "5. Door codes: generated per booking, sent by the system, expire at checkout.",
                 "6. API keys and passwords: vault only. If one shows up here, it's an incident.",
                 "7. US owners' tax numbers: only in the accounting system, never in chat.",
                 "8. If in doubt, ask in #privacy before posting."]
    elif lang == 1:
        lines = ["*Datos personales en los canales*", "- Documentos de hu\u00e9spedes: solo en la app de check-in.",
                 "- Tel\u00e9fonos: desde el PMS, nunca copiados aqu\u00ed.", "- IBAN: el inquilino lo mete en el portal.",
                 "- Tarjetas: nunca.", "- C\u00f3digos de puerta: los genera el sistema por reserva.",
                 "- Claves de API y contrase\u00f1as: en el gestor, y si aparece una aqu\u00ed es un incidente.",
                 "- Dudas: #privacidad."]
    else:
        lines = ["*Dati personali nei canali*", "- Documenti degli ospiti: solo nell'app di check-in.",
                 "- Numeri di telefono: dal PMS, mai copiati qui.", "- IBAN: l'inquilino lo inserisce nel portale.",
                 "- Carte: mai.", "- Codici porta: generati dal sistema per ogni prenotazione.",
                 "- Chiavi API e password: nel vault; se ne compare una qui \u00e8 un incidente.",
                 "- Dubbi: #privacy."]
    return "\n".join(lines)


def ts_rotation_plan():
    rows = [("Nuki Web API", "90d"), ("TTLock OAuth client", "180d"), ("Hostaway", "90d"), ("Octorate", "90d"),
            ("Redsys merchant key", "yearly"), ("MQTT broker users", "30d"), ("Slack bot", "on staff change"),
            ("GitHub deploy token", "30d"), ("AWS access keys", "none left, SSO only")]
    R.shuffle(rows)
    out = ["| credential | rotation | owner |", "|---|---|---|"]
    for n, p in rows[:ri(4, 9)]:
        out.append("| %s | %s | %s |" % (n, p, ch(["platform", "finance", "ops ES", "ops IT", "ops AE"])))
    return ch(["plan de rotaci\u00f3n actualizado:\n", "rotation schedule after the audit:\n", "piano di rotazione:\n"]) + "\n".join(out)


TALK_T = [ts_sentences, ts_sentences, ts_incident, ts_faq, ts_regex, ts_vault_err, ts_security_sync, ts_qna,
          ts_policy_long, ts_rotation_plan]


# ---------------------------------------------------------------- positives: value generators

AWS_ALPHA = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"


def g_aws_id():
    while True:
        v = ch(["AKIA", "AKIA", "AKIA", "ASIA"]) + rs(AWS_ALPHA, 16)
        if "EXAMPLE" not in v:
            return v


def g_aws_secret():
    return rs(UP + LO + DIG + "/+", 40)


def b62_encode(n, width):
    s = ""
    while n:
        s = B62[n % 62] + s
        n //= 62
    return s.rjust(width, "0")


def g_ghp():
    body = rs(B62, 30)
    return "ghp_" + body + b62_encode(zlib.crc32(body.encode()) & 0xFFFFFFFF, 6)


def g_ghfg():
    return "github_pat_11" + rs(UP + DIG, 20) + "_" + rs(B62, 59)


def g_xoxb():
    return "xoxb-%d-%d-%s" % (ri(10 ** 9, 10 ** 12), ri(10 ** 12, 10 ** 13 - 1), rs(B62, 24))


def g_xoxp():
    return "xoxp-%d-%d-%d-%s" % (ri(10 ** 9, 10 ** 12), ri(10 ** 9, 10 ** 12), ri(10 ** 12, 10 ** 13 - 1), hexs(32))


def g_openai():
    k = R.randrange(3)
    if k == 0:
        return "sk-proj-" + rs(B62 + "-_", 74) + "T3BlbkFJ" + rs(B62 + "-_", 74)
    if k == 1:
        return "sk-" + rs(B62, 20) + "T3BlbkFJ" + rs(B62, 20)
    return "sk-svcacct-" + rs(B62 + "-_", 74) + "T3BlbkFJ" + rs(B62 + "-_", 74)


def g_anthropic():
    return "sk-ant-api03-" + rs(B62 + "-_", 93) + "AA"


def g_jwt():
    rs256 = R.random() < 0.4
    hdr = {"alg": "RS256", "typ": "JWT", "kid": hexs(16)} if rs256 else {"alg": "HS256", "typ": "JWT"}
    iat = ri(1735689600, 1767225599)
    pl = ch([{"sub": "tenant_%d" % ri(1000, 99999), "unit": ch(BUILDINGS) + "-" + ch(UNITS), "role": "tenant", "iat": iat, "exp": iat + 900},
             {"sub": str(uuid4()), "scope": "locks:write bookings:read", "iss": "https://auth.almenastays.com", "iat": iat, "exp": iat + 3600},
             {"uid": ri(100, 9999), "org": "almena-" + ch(["es", "it", "ae"]), "perm": ["tickets", "meters"], "iat": iat, "exp": iat + 86400},
             {"sub": "gw-" + ch(BUILDINGS).lower(), "aud": "mqtt", "iat": iat, "exp": iat + 600}])
    sig = rbytes(256 if rs256 else 32)
    return "%s.%s.%s" % (b64u(json.dumps(hdr, separators=(",", ":")).encode()), b64u(json.dumps(pl, separators=(",", ":")).encode()), b64u(sig))


def der_len(n):
    if n < 128:
        return bytes([n])
    b = n.to_bytes((n.bit_length() + 7) // 8, "big")
    return bytes([0x80 | len(b)]) + b


def der(tag, content):
    return bytes([tag]) + der_len(len(content)) + content


def der_int(b):
    b = b.lstrip(b"\x00") or b"\x00"
    if b[0] & 0x80:
        b = b"\x00" + b
    return der(0x02, b)


def big(nbytes, odd=False):
    b = bytearray(rbytes(nbytes))
    b[0] |= 0x80
    if odd:
        b[-1] |= 1
    return bytes(b)


def pem_der(kind):
    if kind == "rsa":
        parts = [der_int(b"\x00"), der_int(big(256, True)), der_int(b"\x01\x00\x01"), der_int(big(256)), der_int(big(128, True)),
                 der_int(big(128, True)), der_int(big(128)), der_int(big(128)), der_int(big(128))]
        return "RSA PRIVATE KEY", der(0x30, b"".join(parts)), 64
    if kind == "ec":
        oid = bytes.fromhex("06082a8648ce3d030107")
        body = der_int(b"\x01") + der(0x04, rbytes(32)) + der(0xA0, oid) + der(0xA1, der(0x03, b"\x00\x04" + rbytes(64)))
        return "EC PRIVATE KEY", der(0x30, body), 64
    if kind == "ed25519":
        return "PRIVATE KEY", bytes.fromhex("302e020100300506032b657004220420") + rbytes(32), 64
    # openssh ed25519
    def s(b):
        return struct.pack(">I", len(b)) + b
    pk = rbytes(32)
    pub = s(b"ssh-ed25519") + s(pk)
    chk = rbytes(4)
    priv = chk + chk + s(b"ssh-ed25519") + s(pk) + s(rbytes(32) + pk) + s(ch([b"ops@gw-cha21", b"deploy@bastion", b"alloggiati-export"]))
    i = 1
    while len(priv) % 8:
        priv += bytes([i])
        i += 1
    blob = b"openssh-key-v1\x00" + s(b"none") + s(b"none") + s(b"") + struct.pack(">I", 1) + s(pub) + s(priv)
    return "OPENSSH PRIVATE KEY", blob, 70


def g_pem(kind):
    label, blob, width = pem_der(kind)
    enc = b64(blob)
    return label, [enc[i:i + width] for i in range(0, len(enc), width)]


PW_ES = ["Malaga", "Azahar", "Palmera", "Chamberi", "Triana", "Alcazaba", "Girasol", "Levante", "Albaicin", "Retiro", "Almena", "Ruzafa"]
PW_IT = ["Navigli", "Trastevere", "Girasole", "Limone", "Duomo", "Brera", "Arno", "Tramonto", "Vespa", "Colosseo"]
PW_AE = ["Jumeirah", "Marina", "Deira", "Khalifa", "Creek", "Falcon", "Dune", "Nakheel", "Oasis", "Barsha"]
PW_EN = ["Keyless", "Frontdesk", "Checkin", "Summer", "Welcome", "Tenant", "Portal"]


def leet(w):
    return w.replace("a", "4").replace("e", "3").replace("o", "0").replace("i", "1")


def g_password(urlsafe=False):
    B = ch(ch([PW_ES, PW_IT, PW_AE, PW_EN]))
    B2 = ch(PW_ES + PW_IT + PW_AE + PW_EN)
    yy = ri(17, 26)
    k = R.randrange(11)
    if urlsafe and k == 9:
        k = 0
    if k == 0:
        v = "%s20%d!" % (B, yy)
    elif k == 1:
        v = "%s_%02d#" % (B, ri(0, 99))
    elif k == 2:
        v = "%s.%04d" % (B.lower(), ri(0, 9999))
    elif k == 3:
        v = "%s@%d%s" % (B, yy, B2[:3].lower())
    elif k == 4:
        v = "%s#%d" % (leet(B), ri(10, 99))
    elif k == 5:
        v = "%s%s%02d$" % (B, B2, ri(0, 99))
    elif k == 6:
        v = "%s-%s-20%d" % (B, B2, yy)
    elif k == 7:
        v = rs(UP + LO + DIG, 6) + ch("#$%&*!") + rs(UP + LO + DIG, ri(5, 9))
    elif k == 8:
        v = "%s%d%s!" % (B.lower(), ri(100, 999), B2)
    elif k == 9:
        v = ch(["Monta\u00f1a", "Espa\u00f1a", "Pe\u00f1on", "Cig\u00fce\u00f1a"]) + "#%d" % ri(10, 99)
    else:
        v = "%s*%s%d" % (B2, B.lower(), ri(1, 9))
    if urlsafe:
        v = re.sub(r"[^A-Za-z0-9._~!*\-]", ch(["_", "-", "!"]), v)
        v = v.encode("ascii", "ignore").decode() or "Sole2024!"
    return v


FIRST_ES = ["Luc\u00eda", "Javier", "Carmen", "Pablo", "Marta", "Alejandro", "Irene", "Sergio"]
LAST_ES = ["Fern\u00e1ndez", "Ortega", "Garc\u00eda", "Navarro", "Romero", "Molina", "Serrano", "Delgado"]
FIRST_IT = ["Giulia", "Marco", "Chiara", "Luca", "Francesca", "Davide", "Sara", "Matteo"]
LAST_IT = ["Romano", "Bianchi", "Esposito", "Ricci", "Marino", "Greco", "Conti", "Gallo"]
FIRST_AR = ["Omar", "Fatima", "Khalid", "Layla", "Yousef", "Mariam", "Hamdan", "Noura"]
LAST_AR = ["Al Mansoori", "Haddad", "Al Suwaidi", "Khoury", "Al Nuaimi", "Saleh", "Al Falasi", "Nasser"]
FIRST_EN = ["Emily", "James", "Sarah", "Daniel", "Olivia", "Ryan"]
LAST_EN = ["Carter", "Walsh", "Bennett", "Hughes", "Morgan", "Price"]


def person(region=None):
    region = region or ch(["es", "it", "ae", "en"])
    f, l = {"es": (FIRST_ES, LAST_ES), "it": (FIRST_IT, LAST_IT), "ae": (FIRST_AR, LAST_AR), "en": (FIRST_EN, LAST_EN)}[region]
    return ch(f), ch(l)


def asciify(s):
    tr = str.maketrans("\u00e1\u00e9\u00ed\u00f3\u00fa\u00f1\u00fc\u00c1\u00c9\u00cd\u00d3\u00da\u00d1", "aeiounuAEIOUN")
    return s.translate(tr)


def g_email(region=None, company=False):
    f, l = person(region)
    f, l = asciify(f).lower(), asciify(l).lower().replace(" ", "")
    if company:
        dom = ch(["almenastays.com", "almenastays.it", "almenastays.ae", "fontaneria-ruiz.es", "idraulica-conti.it", "coolfix-hvac.ae",
                  "limpiezas-sol.es", "pulizie-arno.it"])
    else:
        dom = ch(["gmail.com", "hotmail.es", "libero.it", "outlook.com", "yahoo.com", "icloud.com", "gmail.com", "virgilio.it", "yahoo.es"])
    loc = ch(["%s.%s" % (f, l), "%s%s" % (f[0], l), "%s_%s%d" % (f, l[:3], ri(1, 99)), "%s.%s%d" % (f, l, ri(70, 99)), "%s%d" % (f, ri(100, 9999))])
    return "%s@%s" % (loc, dom)


def g_phone(country=None):
    country = country or ch(["es", "it", "ae", "us"])
    k = R.randrange(4)
    if country == "es":
        m = ch("67") + rs(DIG, 8)
        if m[0] == "7":
            m = "7" + ch("1234") + m[2:]
        ln = ch(["91", "93", "95", "96"]) + rs(DIG, 7)
        return ["+34 %s %s %s" % (m[:3], m[3:6], m[6:]), "%s %s %s %s" % (m[:3], m[3:5], m[5:7], m[7:]),
                "+34%s" % m, "+34 %s %s %s %s" % (ln[:2], ln[2:5], ln[5:7], ln[7:])][k]
    if country == "it":
        m = "3" + ch("2345689") + rs(DIG, 8)
        pre = ch(["02", "06", "055", "051"])
        rest = rs(DIG, 10 - len(pre))
        return ["+39 %s %s %s" % (m[:3], m[3:6], m[6:]), "%s %s" % (m[:3], m[3:]), "+39 %s %s" % (pre, rest),
                "%s %s %s" % (pre, rest[:4], rest[4:])][k]
    if country == "ae":
        m = "5" + ch("024568") + rs(DIG, 7)
        return ["+971 %s %s %s" % (m[:2], m[2:5], m[5:]), "0%s %s %s" % (m[:2], m[2:5], m[5:]), "+971%s" % m,
                "+971 4 %s %s" % (rs(DIG, 3), rs(DIG, 4))][k]
    while True:
        a = ch("23456789") + ch("012345678") + ch(DIG)
        e = ch("23456789") + rs(DIG, 2)
        if a[1:] != "11" and e[1:] != "11" and e != "555":
            break
    n = rs(DIG, 4)
    return ["+1 (%s) %s-%s" % (a, e, n), "%s-%s-%s" % (a, e, n), "+1 %s %s %s" % (a, e, n), "(%s) %s-%s" % (a, e, n)][k]


ES_W = [1, 2, 4, 8, 5, 10, 9, 7, 3, 6]


def es_dc(d10):
    r = 11 - sum(int(d) * w for d, w in zip(d10, ES_W)) % 11
    return 0 if r == 11 else (1 if r == 10 else r)


IT_ODD = [1, 0, 5, 7, 9, 13, 15, 17, 19, 21, 2, 4, 18, 20, 11, 3, 6, 8, 12, 14, 16, 10, 22, 25, 24, 23]


def it_cin(s22):
    tot = 0
    for i, c in enumerate(s22):
        idx = int(c) if c.isdigit() else ord(c) - 65
        tot += IT_ODD[idx] if i % 2 == 0 else idx
    return chr(65 + tot % 26)


def g_iban(cc=None, grouped=None):
    cc = cc or ch(["ES", "IT", "AE"])
    if cc == "ES":
        bank, branch, acct = ch(["2100", "0049", "0182", "0081", "0128", "2038"]), rs(DIG, 4), rs(DIG, 10)
        bban = bank + branch + "%d%d" % (es_dc("00" + bank + branch), es_dc(acct)) + acct
    elif cc == "IT":
        abi, cab = ch(["03069", "02008", "05034", "03032", "01030"]), rs(DIG, 5)
        conto = ch(["0000", "1000", "CC00"]) + rs(DIG, 8)
        bban = it_cin(abi + cab + conto) + abi + cab + conto
    else:
        bban = ch(["026", "033", "035", "030", "044"]) + rs(DIG, 16)
    v = iban_make(cc, bban)
    assert iban_ok(v)
    if grouped is None:
        grouped = R.random() < 0.55
    return group4(v) if grouped else v


def g_card():
    k = R.randrange(5)
    if k in (0, 1):
        d = luhn_complete("4" + rs(DIG, 14))
    elif k == 2:
        d = luhn_complete(ch(["51", "52", "53", "54", "55"]) + rs(DIG, 13))
    elif k == 3:
        d = luhn_complete(ch(["34", "37"]) + rs(DIG, 12))
    else:
        d = luhn_complete("6011" + rs(DIG, 11))
    f = R.randrange(3)
    if f == 0:
        return d
    sep = " " if f == 1 else "-"
    if len(d) == 15:
        return sep.join([d[:4], d[4:10], d[10:]])
    return sep.join(d[i:i + 4] for i in range(0, 16, 4))


def g_ssn():
    while True:
        a = "%03d" % ri(1, 899)
        if a != "666":
            break
    v = "%s-%02d-%04d" % (a, ri(1, 99), ri(1, 9999))
    assert ssn_ok(v)
    return v


def g_ip():
    while True:
        v = "%d.%d.%d.%d" % (ch([83, 88, 95, 79, 93, 151, 94, 5, 86, 185, 212, 62, 213, 176, 37, 2, 80, 87]), ri(0, 255), ri(0, 255), ri(1, 254))
        if ip_public(v):
            return v


# ---------------------------------------------------------------- positives: single-secret templates
# each template returns (text, value)

def _aws_id_t():
    def t0():
        v = g_aws_id()
        return code_block("[almena-backup]\naws_access_key_id = %s\naws_secret_access_key = <in 1Password>\nregion = eu-south-2" % v, "ini"), v

    def t1():
        v = g_aws_id()
        return "el script de backups de fotos de incidencias usa la key %s, \u00bfde qui\u00e9n es? no aparece en IAM Identity Center" % v, v

    def t2():
        v = g_aws_id()
        return "la chiave %s \u00e8 ancora attiva sull'utente iam `meter-export`, la disattivo oggi" % v, v

    def t3():
        v = g_aws_id()
        return code_block("export AWS_ACCESS_KEY_ID=%s\nexport AWS_DEFAULT_REGION=me-central-1\naws s3 sync ./dtcm s3://almena-dubai-permits/" % v, "bash"), v

    def t4():
        v = g_aws_id()
        return "\u0627\u0644\u0645\u0641\u062a\u0627\u062d %s \u0645\u0627 \u0632\u0627\u0644 \u064a\u0633\u062a\u062e\u062f\u0645 \u0641\u064a \u0633\u0643\u0631\u0628\u062a \u0627\u0644\u0639\u062f\u0627\u062f\u0627\u062a \u0641\u064a \u0645\u0628\u0646\u0649 %s" % (v, ch(BUILDINGS)), v
    return [t0, t1, t2, t3, t4]


def _aws_secret_t():
    def t0():
        v = g_aws_secret()
        return code_block("# lambda env (rent-reminder)\nAWS_REGION=eu-south-1\nAWS_SECRET_ACCESS_KEY=%s" % v, "dotenv"), v

    def t1():
        v = g_aws_secret()
        return "secret key of the old meter-export user, before I delete it: %s" % v, v

    def t2():
        v = g_aws_secret()
        return code_block('provider "aws" {\n  region     = "eu-south-2"\n  secret_key = "%s"\n}' % v, "hcl") + "\nesto no deber\u00eda estar en el repo", v

    def t3():
        v = g_aws_secret()
        return "la secret del backup NAS in Via Tortona \u00e8 %s (l'id ve lo mando a parte)" % v, v

    def t4():
        v = g_aws_secret()
        return code_block("{\n  \"aws_secret_access_key\": \"%s\",\n  \"bucket\": \"almena-ticket-photos\"\n}" % v, "json"), v
    return [t0, t1, t2, t3, t4]


def _ghp_t():
    def t0():
        v = g_ghp()
        return "use my PAT for the channel-sync repo until the bot account is ready: %s" % v, v

    def t1():
        v = g_ghp()
        return code_block("$ git remote set-url origin https://%s@github.com/almena-living/tenant-portal.git" % v, "bash"), v

    def t2():
        v = g_ghp()
        return "el token de GitHub del runner de Dubai es %s, caduca en 30 d\u00edas" % v, v

    def t3():
        v = g_ghp()
        return code_block("//npm.pkg.github.com/:_authToken=%s\n@almena-living:registry=https://npm.pkg.github.com" % v, "ini"), v

    def t4():
        v = g_ghp()
        return "ho generato un token classico per il job di deploy: %s \u2014 poi lo sostituiamo con uno fine-grained" % v, v

    def t5():
        v = g_ghp()
        return "\u0627\u0633\u062a\u062e\u062f\u0645 \u0647\u0630\u0627 \u0627\u0644\u062a\u0648\u0643\u0646 \u0645\u0624\u0642\u062a\u0627\u064b: %s" % v, v
    return [t0, t1, t2, t3, t4, t5]


def _ghfg_t():
    def t0():
        v = g_ghfg()
        return "fine-grained token for the lockproto repo (read-only contents): %s" % v, v

    def t1():
        v = g_ghfg()
        return code_block("env:\n  GH_TOKEN: %s\nrun: gh release download v2.4.1 -R almena-living/keypad-fw" % v, "yaml"), v

    def t2():
        v = g_ghfg()
        return "token nuevo para Renovate, solo repos de iot: %s" % v, v

    def t3():
        v = g_ghfg()
        return "il token fine-grained per il runner di Milano \u00e8 %s" % v, v

    def t4():
        v = g_ghfg()
        return code_block("$ export GITHUB_TOKEN=%s\n$ terraform apply -target=module.github_repos" % v, "console"), v
    return [t0, t1, t2, t3, t4]


def _xoxb_t():
    def t0():
        v = g_xoxb()
        return code_block("SLACK_BOT_TOKEN=%s\nSLACK_CHANNEL_MAINTENANCE=C0%s" % (v, rs(UP + DIG, 9)), "dotenv"), v

    def t1():
        v = g_xoxb()
        return "el bot de incidencias usa %s, lo he sacado de la config del pod" % v, v

    def t2():
        v = g_xoxb()
        return code_block("curl -s -X POST https://slack.com/api/chat.postMessage \\\n  -H 'Authorization: Bearer %s' \\\n  -d channel=C0%s -d text='Caldaia in blocco %s'" % (v, rs(UP + DIG, 9), ch(BUILDINGS)), "bash"), v

    def t3():
        v = g_xoxb()
        return "token del bot check-in: %s (scopes chat:write, files:read)" % v, v

    def t4():
        v = g_xoxb()
        return code_block("slack:\n  bot_token: \"%s\"\n  alerts_channel: \"#iot-alarms\"" % v, "yaml"), v

    def t5():
        v = g_xoxb()
        return "\u062a\u0648\u0643\u0646 \u0628\u0648\u062a \u0627\u0644\u062a\u0646\u0628\u064a\u0647\u0627\u062a \u0641\u064a \u062f\u0628\u064a: %s" % v, v
    return [t0, t1, t2, t3, t4, t5]


def _xoxp_t():
    def t0():
        v = g_xoxp()
        return "user token I used for the export of #reservas-es history: %s \u2014 will revoke after" % v, v

    def t1():
        v = g_xoxp()
        return code_block("import os\nfrom slack_sdk import WebClient\nclient = WebClient(token=\"%s\")" % v, "python"), v

    def t2():
        v = g_xoxp()
        return "uso il mio token utente %s per archiviare i canali vecchi" % v, v

    def t3():
        v = g_xoxp()
        return "para el script de limpieza de canales: SLACK_USER_TOKEN=%s" % v, v
    return [t0, t1, t2, t3]


def _openai_t():
    def t0():
        v = g_openai()
        return code_block("OPENAI_API_KEY=%s\nGUEST_REPLY_MODEL=gpt-4o-mini" % v, "dotenv"), v

    def t1():
        v = g_openai()
        return "la key de OpenAI del bot que contesta a hu\u00e9spedes: %s" % v, v

    def t2():
        v = g_openai()
        return code_block("from openai import OpenAI\nclient = OpenAI(api_key=\"%s\")\nresp = client.chat.completions.create(model=\"gpt-4o-mini\", messages=msgs)" % v, "python"), v

    def t3():
        v = g_openai()
        return "chiave OpenAI per tradurre i ticket di manutenzione: %s" % v, v

    def t4():
        v = g_openai()
        return "\u0645\u0641\u062a\u0627\u062d OpenAI \u0627\u0644\u062c\u062f\u064a\u062f \u0644\u0644\u0631\u062f \u0639\u0644\u0649 \u0627\u0644\u0636\u064a\u0648\u0641: %s" % v, v
    return [t0, t1, t2, t3, t4]


def _anthropic_t():
    def t0():
        v = g_anthropic()
        return "ANTHROPIC_API_KEY=%s" % v, v

    def t1():
        v = g_anthropic()
        return code_block("import anthropic\nclient = anthropic.Anthropic(api_key=\"%s\")" % v, "python"), v

    def t2():
        v = g_anthropic()
        return "la key de Anthropic para resumir las rese\u00f1as: %s" % v, v

    def t3():
        v = g_anthropic()
        return code_block("const client = new Anthropic({ apiKey: \"%s\" });" % v, "ts"), v

    def t4():
        v = g_anthropic()
        return "per il classificatore dei ticket uso questa chiave: %s" % v, v
    return [t0, t1, t2, t3, t4]


def _jwt_t():
    def t0():
        v = g_jwt()
        return code_block("curl -s https://api.almenastays.com/v2/tenant/me \\\n  -H \"Authorization: Bearer %s\"" % v, "bash"), v

    def t1():
        v = g_jwt()
        return "el portal me devuelve 403 con este token: %s" % v, v

    def t2():
        v = g_jwt()
        return code_block("%s WARN gateway jwt expired token=%s path=/api/locks/push" % (ts_iso(), v)), v

    def t3():
        v = g_jwt()
        return "token della sessione inquilino che non scade mai: %s" % v, v

    def t4():
        v = g_jwt()
        return "\u0647\u0630\u0627 \u0627\u0644\u062a\u0648\u0643\u0646 \u0645\u0646 \u062a\u0637\u0628\u064a\u0642 \u0627\u0644\u0645\u0633\u062a\u0623\u062c\u0631\u064a\u0646 \u064a\u0639\u0637\u064a 401: %s" % v, v

    def t5():
        v = g_jwt()
        return code_block(json.dumps({"mqtt": {"username": "gw-%s" % ch(BUILDINGS).lower(), "password_jwt": v}}, indent=2), "json"), v
    return [t0, t1, t2, t3, t4, t5]


def _password_t():
    def t0():
        v = g_password()
        return code_block("# application-prod.properties\nspring.datasource.url=jdbc:postgresql://pms-db.almena.internal:5432/pms\nspring.datasource.username=pms_app\nspring.datasource.password=%s" % v, "properties"), v

    def t1():
        v = g_password()
        return code_block("DB_HOST=10.%d.0.12\nDB_USER=rent\nDB_PASSWORD=%s" % (ri(0, 40), v), "dotenv"), v

    def t2():
        v = g_password()
        return "te paso la contrase\u00f1a del panel de TTLock: %s (c\u00e1mbiala cuando entres)" % v, v

    def t3():
        v = g_password()
        return "la password di Alloggiati Web adesso \u00e8 %s , scade a marzo" % v, v

    def t4():
        v = g_password()
        return "\u0643\u0644\u0645\u0629 \u0627\u0644\u0645\u0631\u0648\u0631 \u0627\u0644\u062c\u062f\u064a\u062f\u0629 \u0644\u062d\u0633\u0627\u0628 \u0628\u0648\u0627\u0628\u0629 \u062f\u064a\u0648\u0627: %s" % v, v

    def t5():
        v = g_password()
        return "router admin at %s is admin / %s, please change it after the visit" % (ch(BUILDINGS), v), v

    def t6():
        v = g_password()
        return code_block("mqtt:\n  broker: 10.%d.20.5\n  username: ha_%s\n  password: \"%s\"" % (ri(0, 40), ch(BUILDINGS).lower().replace("-", ""), v), "yaml"), v

    def t7():
        v = g_password()
        return code_block("Server=kiosk-db;Database=Lobby;User Id=kiosk;Password=%s;TrustServerCertificate=True" % v), v

    def t8():
        v = g_password()
        return code_block("docker run -d --name pms-db -e POSTGRES_PASSWORD='%s' postgres:16" % v, "bash"), v

    def t9():
        v = g_password()
        return "pw del SES.HOSPEDAJES para M\u00e1laga: %s" % v, v
    return [t0, t1, t2, t3, t4, t5, t6, t7, t8, t9]


def _url_t():
    def t0():
        v = g_password(True)
        return code_block("DATABASE_URL=postgres://pms_app:%s@pms-prod.cluster-c%s.eu-south-2.rds.amazonaws.com:5432/pms" % (v, rs(LO + DIG, 11)), "dotenv"), v

    def t1():
        v = g_password(True)
        return "gateway of %s connects with mqtts://gw_%s:%s@broker.iot.almenastays.com:8883" % (ch(BUILDINGS), rs(LO, 4), v), v

    def t2():
        v = g_password(True)
        return code_block("AMQP_URL=amqps://sync:%s@rabbit.almena.internal:5671/channels" % v), v

    def t3():
        v = g_password(True)
        return "cache del portale: redis://:%s@redis-prod.almena.internal:6379/0" % v, v

    def t4():
        v = g_password(True)
        return code_block("MONGO_URI=\"mongodb+srv://portal:%s@cluster0.%s.mongodb.net/tenants?retryWrites=true\"" % (v, rs(LO + DIG, 5)), "bash"), v

    def t5():
        v = g_password(True)
        return "le schedine vanno su ftp://alloggiati:%s@ftp.almena.internal/schedine ogni notte" % v, v

    def t6():
        v = g_password(True)
        return "el feed iCal privado del %s es https://ical:%s@ical.almenastays.com/feeds/%s.ics" % (ch(UNITS), v, hexs(10)), v

    def t7():
        v = g_password(True)
        return code_block("engine = create_engine(\"mysql+pymysql://reporting:%s@10.%d.1.20:3306/occupancy\")" % (v, ri(0, 40)), "python"), v

    def t8():
        v = g_password(True)
        return "\u0631\u0627\u0628\u0637 \u0631\u0641\u0639 \u0627\u0644\u062a\u0635\u0627\u0631\u064a\u062d: sftp://dubai_ops:%s@sftp.almenastays.ae:22/dtcm" % v, v
    return [t0, t1, t2, t3, t4, t5, t6, t7, t8]


def _email_t():
    def t0():
        v = g_email("es")
        return "la inquilina del %s pide que le mand\u00e9is el contrato a %s" % (ch(UNITS), v), v

    def t1():
        v = g_email("it")
        return "l'ospite della prenotazione %s ha scritto da %s, rispondete voi?" % (airbnb_code(), v), v

    def t2():
        v = g_email("ae")
        return "tenant in %s changed their email to %s, please update Ejari" % (ch(UNITS), v), v

    def t3():
        v = g_email(company=True)
        return "presupuestos del fontanero a %s, no al general" % v, v

    def t4():
        v = g_email("en")
        return "US owner of unit %s wants the monthly statement at %s" % (ch(UNITS), v), v

    def t5():
        v = g_email()
        return "\u0627\u0644\u0636\u064a\u0641 \u0637\u0644\u0628 \u0627\u0644\u0641\u0627\u062a\u0648\u0631\u0629 \u0639\u0644\u0649 \u0627\u0644\u0628\u0631\u064a\u062f %s" % v, v
    return [t0, t1, t2, t3, t4, t5]


def _phone_t():
    def t0():
        v = g_phone("es")
        return "el hu\u00e9sped del %s no encuentra el cajet\u00edn de llaves, su m\u00f3vil es %s" % (ch(UNITS), v), v

    def t1():
        v = g_phone("it")
        return "il tecnico della caldaia \u00e8 raggiungibile al %s fino alle 18" % v, v

    def t2():
        v = g_phone("ae")
        return "AC technician for %s: %s (WhatsApp)" % (ch(BUILDINGS), v), v

    def t3():
        v = g_phone("us")
        return "the owner in Miami prefers a call: %s" % v, v

    def t4():
        v = g_phone()
        return "\u0631\u0642\u0645 \u0627\u0644\u0645\u0633\u062a\u0623\u062c\u0631 \u0627\u0644\u062c\u062f\u064a\u062f \u0641\u064a %s: %s" % (ch(UNITS), v), v

    def t5():
        v = g_phone(ch(["es", "it"]))
        return code_block("reserva: %s\nhu\u00e9sped: check-in tard\u00edo 23:30\ntel\u00e9fono: %s\nnotas: dejar luz del portal encendida" % (booking_com_id(), v)), v
    return [t0, t1, t2, t3, t4, t5]


def _iban_t():
    def t0():
        v = g_iban("ES")
        return "devoluci\u00f3n de la fianza del %s a la cuenta %s, importe %s \u20ac" % (ch(UNITS), v, eur(R.uniform(300, 2400))), v

    def t1():
        v = g_iban("IT")
        return "bonifico del deposito cauzionale sull'IBAN %s entro venerd\u00ec" % v, v

    def t2():
        v = g_iban("AE")
        return "landlord payout for %s goes to %s from next month" % (ch(UNITS), v), v

    def t3():
        v = g_iban()
        return code_block("proveedor,concepto,iban\n%s,%s,%s" % (ch(["Limpiezas Sol SL", "Idraulica Conti", "CoolFix HVAC LLC"]), ch(["limpieza julio", "intervento caldaia", "AC service"]), v), "csv"), v

    def t4():
        v = g_iban("AE")
        return "\u062d\u0633\u0627\u0628 \u0627\u0644\u0645\u0627\u0644\u0643 \u0627\u0644\u062c\u062f\u064a\u062f: %s" % v, v

    def t5():
        v = g_iban("ES")
        return "el inquilino ha mandado su IBAN por WhatsApp: %s, lo meto en el mandato SEPA" % v, v
    return [t0, t1, t2, t3, t4, t5]


def _card_t():
    def t0():
        v = g_card()
        return "el hu\u00e9sped dict\u00f3 la tarjeta por tel\u00e9fono para la fianza: %s cad %02d/%d" % (v, ri(1, 12), ri(26, 30)), v

    def t1():
        v = g_card()
        return "carta dell'ospite per i danni: %s, scadenza %02d/%d" % (v, ri(1, 12), ri(26, 30)), v

    def t2():
        v = g_card()
        return "guest sent the card in the Airbnb chat before we could stop him: %s" % v, v

    def t3():
        v = g_card()
        return "\u0628\u0637\u0627\u0642\u0629 \u0627\u0644\u0636\u064a\u0641 \u0644\u0644\u062a\u0623\u0645\u064a\u0646: %s" % v, v

    def t4():
        v = g_card()
        return code_block("%s ERROR payments charge failed card_number=%s amount=%d currency=EUR" % (ts_iso(), v, ri(50, 900))), v
    return [t0, t1, t2, t3, t4]


def _ssn_t():
    def t0():
        v = g_ssn()
        return "W-9 for the owner of %s: SSN %s, we need it for the 1099" % (ch(UNITS), v), v

    def t1():
        v = g_ssn()
        return "el propietario de Miami nos ha dado su SSN %s para la retenci\u00f3n" % v, v

    def t2():
        v = g_ssn()
        return "il proprietario americano ha mandato il suo SSN: %s" % v, v

    def t3():
        v = g_ssn()
        return code_block("owner_id,name_on_w9,tin_type,tin\n%d,%s %s,SSN,%s" % (ri(100, 999), *person("en"), v), "csv"), v
    return [t0, t1, t2, t3]


def _ip_t():
    def t0():
        v = g_ip()
        return "el bridge de Nuki del %s sale a internet por %s, lo a\u00f1ado a la allowlist" % (ch(BUILDINGS), v), v

    def t1():
        v = g_ip()
        return code_block("%s - - [%s] \"POST /api/tenant/login HTTP/1.1\" 401 112 \"-\" \"okhttp/4.12.0\"" % (v, "14/Jun/2025:%02d:%02d:%02d +0200" % (ri(0, 23), ri(0, 59), ri(0, 59)))), v

    def t2():
        v = g_ip()
        return "IP pubblico del router di %s: %s (fibra TIM)" % (ch(BUILDINGS), v), v

    def t3():
        v = g_ip()
        return code_block("$ ssh -p 2222 ops@%s\nops@gw-%s:~$ systemctl status lock-agent" % (v, ch(BUILDINGS).lower())), v

    def t4():
        v = g_ip()
        return "\u0639\u0646\u0648\u0627\u0646 IP \u0627\u0644\u0639\u0627\u0645 \u0644\u0628\u0648\u0627\u0628\u0629 \u0627\u0644\u0645\u0628\u0646\u0649: %s" % v, v
    return [t0, t1, t2, t3, t4]


SINGLE_T = {"aws_access_key_id": _aws_id_t(), "aws_secret_access_key": _aws_secret_t(), "github_classic_pat": _ghp_t(),
            "github_fine_grained_pat": _ghfg_t(), "slack_bot_token": _xoxb_t(), "slack_user_token": _xoxp_t(),
            "openai_api_key": _openai_t(), "anthropic_api_key": _anthropic_t(), "jwt": _jwt_t(), "password": _password_t(),
            "url_credentials": _url_t(), "email_address": _email_t(), "phone_number": _phone_t(), "iban": _iban_t(),
            "credit_card": _card_t(), "us_ssn": _ssn_t(), "ipv4_address": _ip_t()}


PEM_TYPES = ["rsa", "ec", "ed25519", "openssh"]


def pem_text(kind, layout):
    label, lines = g_pem(kind)
    begin, end = "-----BEGIN %s-----" % label, "-----END %s-----" % label
    if layout == 0:
        value = "\n".join(lines)
        lead = ch(["key for the SFTP upload to the police portal, put it on the new box:",
                   "clave del gateway del %s, la regenero ma\u00f1ana:" % ch(BUILDINGS),
                   "chiave per il job di export Alloggiati:", ""])
        return (lead + "\n" if lead else "") + code_block("%s\n%s\n%s" % (begin, value, end)), value
    if layout == 1:
        ind = "    "
        value = ("\n" + ind).join(lines)
        y = "apiVersion: v1\nkind: Secret\nmetadata:\n  name: gw-tls-%s\nstringData:\n  tls.key: |\n%s%s\n%s%s\n%s%s" % (
            ch(BUILDINGS).lower(), ind, begin, ind, value, ind, end)
        return code_block(y, "yaml"), value
    if layout == 2:
        value = "\\n".join(lines)
        j = '{\n  "type": "sftp",\n  "host": "sftp.almena.internal",\n  "user": "export",\n  "private_key": "%s\\n%s\\n%s\\n"\n}' % (begin, value, end)
        return code_block(j, "json"), value
    value = "\n".join(lines)
    return "%s\n%s\n%s\n%s" % (ch(["ecco la chiave, non perderla", "aqu\u00ed va la clave privada", "\u0647\u0630\u0627 \u0647\u0648 \u0627\u0644\u0645\u0641\u062a\u0627\u062d \u0627\u0644\u062e\u0627\u0635", "here's the deploy key"]),
                               begin, value, end), value


# ---------------------------------------------------------------- positives: two-secret templates
# (name, function) -> (text, [(kind, value), (kind, value)])

def m_aws_pair_ini():
    a, s = g_aws_id(), g_aws_secret()
    return code_block("[default]\naws_access_key_id = %s\naws_secret_access_key = %s\nregion = eu-south-2" % (a, s), "ini"), [("aws_access_key_id", a), ("aws_secret_access_key", s)]


def m_aws_pair_chat():
    a, s = g_aws_id(), g_aws_secret()
    return "claves del usuario iam del NAS de %s: %s / %s \u2014 hay que migrarlo a roles" % (ch(BUILDINGS), a, s), [("aws_access_key_id", a), ("aws_secret_access_key", s)]


def m_aws_pair_env():
    a, s = g_aws_id(), g_aws_secret()
    return code_block("AWS_ACCESS_KEY_ID=%s\nAWS_SECRET_ACCESS_KEY=%s\nS3_BUCKET=almena-meter-exports" % (a, s), "dotenv"), [("aws_access_key_id", a), ("aws_secret_access_key", s)]


def m_aws_pair_it():
    a, s = g_aws_id(), g_aws_secret()
    return "credenziali per il backup delle telecamere: access key %s, secret %s" % (a, s), [("aws_access_key_id", a), ("aws_secret_access_key", s)]


def m_guest_contact_es():
    e, p = g_email("es"), g_phone("es")
    return "nueva reserva directa %s: contacto %s / %s, llega en el vuelo de las 22:40" % ("ALM-2025-%05d" % ri(1, 99999), e, p), [("email_address", e), ("phone_number", p)]


def m_tenant_contact_ae():
    e, p = g_email("ae"), g_phone("ae")
    return code_block("unit: %s\ntenant_email: %s\ntenant_mobile: %s\nmove_in: %s" % (ch(UNITS), e, p, date_iso()), "yaml"), [("email_address", e), ("phone_number", p)]


def m_refund_it():
    e, i = g_email("it"), g_iban("IT")
    return "rimborso cauzione: l'inquilina chiede conferma a %s, IBAN %s" % (e, i), [("email_address", e), ("iban", i)]


def m_vendor_es():
    e, i = g_email(company=True), g_iban("ES")
    return "alta de proveedor: facturas a %s, pagos a %s" % (e, i), [("email_address", e), ("iban", i)]


def m_router_pw_ip():
    ip, pw = g_ip(), g_password()
    return "el router del %s est\u00e1 en %s, usuario admin, contrase\u00f1a %s" % (ch(BUILDINGS), ip, pw), [("ipv4_address", ip), ("password", pw)]


def m_nvr_ip_pw():
    ip, pw = g_ip(), g_password()
    return "NVR %s reachable at %s:8000, login admin / %s" % (ch(BUILDINGS), ip, pw), [("ipv4_address", ip), ("password", pw)]


def m_slack_pair_env():
    b, u = g_xoxb(), g_xoxp()
    return code_block("SLACK_BOT_TOKEN=%s\nSLACK_USER_TOKEN=%s" % (b, u), "dotenv"), [("slack_bot_token", b), ("slack_user_token", u)]


def m_slack_pair_chat():
    b, u = g_xoxb(), g_xoxp()
    return "per l'app delle pulizie: bot %s, utente %s (serve per leggere i canali privati)" % (b, u), [("slack_bot_token", b), ("slack_user_token", u)]


def m_llm_pair_env():
    o, a = g_openai(), g_anthropic()
    return code_block("OPENAI_API_KEY=%s\nANTHROPIC_API_KEY=%s\nREPLY_PROVIDER=anthropic" % (o, a), "dotenv"), [("openai_api_key", o), ("anthropic_api_key", a)]


def m_llm_pair_chat():
    o, a = g_openai(), g_anthropic()
    return "para la prueba A/B del bot de hu\u00e9spedes: OpenAI %s y Anthropic %s" % (o, a), [("openai_api_key", o), ("anthropic_api_key", a)]


def m_gh_pair_env():
    c, f = g_ghp(), g_ghfg()
    return code_block("GH_CLASSIC_TOKEN=%s\nGH_FINE_GRAINED_TOKEN=%s" % (c, f), "dotenv"), [("github_classic_pat", c), ("github_fine_grained_pat", f)]


def m_gh_pair_chat():
    c, f = g_ghp(), g_ghfg()
    return "old token %s is still on the runner, the new one is %s" % (c, f), [("github_classic_pat", c), ("github_fine_grained_pat", f)]


def m_jwt_url():
    j, pw = g_jwt(), g_password(True)
    return code_block("MQTT_URL=mqtts://gw:%s@broker.iot.almenastays.com:8883\nGATEWAY_JWT=%s" % (pw, j), "dotenv"), [("url_credentials", pw), ("jwt", j)]


def m_card_phone():
    c, p = g_card(), g_phone(ch(["it", "us"]))
    return "guest called from %s and read the card %s out loud to reception" % (p, c), [("phone_number", p), ("credit_card", c)]


def m_ssn_email():
    s, e = g_ssn(), g_email("en")
    return "W-9 del propietario recibido por %s, SSN %s \u2014 pasarlo a contabilidad y borrar" % (e, s), [("email_address", e), ("us_ssn", s)]


def m_pem_ip():
    ip = g_ip()
    label, lines = g_pem("openssh")
    value = "\n".join(lines)
    txt = "bastion for the Dubai buildings is %s, key below\n%s" % (ip, code_block("-----BEGIN %s-----\n%s\n-----END %s-----" % (label, value, label)))
    return txt, [("ipv4_address", ip), ("private_key_pem", value)]


MULTI_T = [("aws_pair_ini", m_aws_pair_ini), ("aws_pair_chat", m_aws_pair_chat), ("aws_pair_env", m_aws_pair_env),
           ("aws_pair_it", m_aws_pair_it), ("guest_contact_es", m_guest_contact_es), ("tenant_contact_ae", m_tenant_contact_ae),
           ("refund_it", m_refund_it), ("vendor_es", m_vendor_es), ("router_pw_ip", m_router_pw_ip), ("nvr_ip_pw", m_nvr_ip_pw),
           ("slack_pair_env", m_slack_pair_env), ("slack_pair_chat", m_slack_pair_chat), ("llm_pair_env", m_llm_pair_env),
           ("llm_pair_chat", m_llm_pair_chat), ("gh_pair_env", m_gh_pair_env), ("gh_pair_chat", m_gh_pair_chat),
           ("jwt_url", m_jwt_url), ("card_phone", m_card_phone), ("ssn_email", m_ssn_email), ("pem_ip", m_pem_ip)]

KIND_TOTAL = {"email_address": 10, "phone_number": 10, "password": 10, "url_credentials": 10, "ipv4_address": 10, "iban": 10,
              "credit_card": 10, "jwt": 10, "aws_access_key_id": 9, "aws_secret_access_key": 9, "github_classic_pat": 9,
              "github_fine_grained_pat": 9, "slack_bot_token": 9, "slack_user_token": 9, "openai_api_key": 9,
              "anthropic_api_key": 9, "private_key_pem": 9, "us_ssn": 9}


# ---------------------------------------------------------------- build

CATEGORIES = [("data_uri_base64", DATA_URI_T), ("placeholder_example", PLACEHOLDER_T), ("code_identifier", CODE_ID_T),
              ("non_credential_blob", BLOB_T), ("pii_lookalike_number", PII_NUM_T), ("talk_about_secrets", TALK_T)]
PER_CAT = 100


def decorate(text, p_lead, p_trail):
    if R.random() < p_lead:
        lead = ch(LEADINS)
        text = (lead.rstrip() + "\n" if text.startswith("```") else lead) + text
    if R.random() < p_trail:
        text = text + "\n" + ch(TRAILERS)
    return text


def build_negatives():
    seen = set()
    records = []
    redraws = {}
    for cat, temps in CATEGORIES:
        for k in range(PER_CAT):
            t = temps[k % len(temps)]
            for attempt in range(200):
                if attempt and attempt % 8 == 0:
                    t = ch(temps)  # template exhausted or unlucky: move on to another one
                text = decorate(t(), 0.13, 0.06)
                hits = scan(text)
                if hits:
                    for h in hits:
                        redraws.setdefault("%s/%s" % (cat, h[0]), []).append(h[1])
                    continue
                if text in seen:
                    redraws.setdefault("%s/duplicate" % cat, []).append(t.__name__)
                    continue
                seen.add(text)
                records.append({"text": text, "category": cat, "_t": t.__name__})
                break
            else:
                raise SystemExit("could not draw a clean %s negative from %s" % (cat, t.__name__))
    R.shuffle(records)
    out = []
    for i, r in enumerate(records, 1):
        out.append({"id": "h%dn-%04d" % (N, i), "text": r["text"], "category": r["category"]})
    return out, records, redraws


def build_positives():
    multi_use = {}
    # kinds used by the 20 two-secret templates (fixed by construction)
    MULTI_KINDS = {"aws_pair_ini": ("aws_access_key_id", "aws_secret_access_key"), "aws_pair_chat": ("aws_access_key_id", "aws_secret_access_key"),
                   "aws_pair_env": ("aws_access_key_id", "aws_secret_access_key"), "aws_pair_it": ("aws_access_key_id", "aws_secret_access_key"),
                   "guest_contact_es": ("email_address", "phone_number"), "tenant_contact_ae": ("email_address", "phone_number"),
                   "refund_it": ("email_address", "iban"), "vendor_es": ("email_address", "iban"),
                   "router_pw_ip": ("ipv4_address", "password"), "nvr_ip_pw": ("ipv4_address", "password"),
                   "slack_pair_env": ("slack_bot_token", "slack_user_token"), "slack_pair_chat": ("slack_bot_token", "slack_user_token"),
                   "llm_pair_env": ("openai_api_key", "anthropic_api_key"), "llm_pair_chat": ("openai_api_key", "anthropic_api_key"),
                   "gh_pair_env": ("github_classic_pat", "github_fine_grained_pat"), "gh_pair_chat": ("github_classic_pat", "github_fine_grained_pat"),
                   "jwt_url": ("url_credentials", "jwt"), "card_phone": ("phone_number", "credit_card"),
                   "ssn_email": ("email_address", "us_ssn"), "pem_ip": ("ipv4_address", "private_key_pem")}
    for name, _ in MULTI_T:
        for k in MULTI_KINDS[name]:
            multi_use[k] = multi_use.get(k, 0) + 1
    items = []
    for kind in KIND_TOTAL:
        n = KIND_TOTAL[kind] - multi_use.get(kind, 0)
        for j in range(n):
            if kind == "private_key_pem":
                ptype = PEM_TYPES[j % len(PEM_TYPES)]
                layout = (j + j // 4) % 4
                text, value = pem_text(ptype, layout)
                ctx = "private_key_pem:%s:layout%d" % (ptype, layout)
            else:
                temps = SINGLE_T[kind]
                ti = j % len(temps)
                text, value = temps[ti]()
                ctx = "%s:t%d" % (kind, ti)
            items.append((decorate(text, 0.06, 0.03), [{"kind": kind, "value": value}], ctx))
    for i, (name, f) in enumerate(MULTI_T):
        text, secs = f()
        kinds = tuple(k for k, _ in secs)
        assert sorted(kinds) == sorted(MULTI_KINDS[name]), name
        items.append((decorate(text, 0.06, 0.03), [{"kind": k, "value": v} for k, v in secs], "multi:%s:%d" % (name, i)))
    R.shuffle(items)
    out = []
    for i, (text, secs, ctx) in enumerate(items, 1):
        out.append({"id": "h%dp-%04d" % (N, i), "text": text, "secrets": secs, "context": ctx})
    return out


def check_positive(rec):
    for s in rec["secrets"]:
        k, v = s["kind"], s["value"]
        assert v in rec["text"], (rec["id"], k)
        if k == "credit_card":
            assert luhn_ok(re.sub(r"\D", "", v)) and 13 <= len(re.sub(r"\D", "", v)) <= 19, v
        elif k == "iban":
            c = v.replace(" ", "")
            assert iban_ok(c) and len(c) == IBAN_LEN[c[:2]], v
            if c[:2] == "ES":
                assert int(c[12]) == es_dc("00" + c[4:12]) and int(c[13]) == es_dc(c[14:]), v
            if c[:2] == "IT":
                assert c[4] == it_cin(c[5:]), v
        elif k == "us_ssn":
            assert ssn_ok(v), v
        elif k == "ipv4_address":
            assert ip_public(v), v
        elif k == "jwt":
            h, p, sig = v.split(".")
            for part in (h, p):
                json.loads(base64.urlsafe_b64decode(part + "=" * (-len(part) % 4)))
        elif k == "private_key_pem":
            body = v.replace("\\n", "").replace("\n", "").replace(" ", "")
            base64.b64decode(body, validate=True)
        elif k == "github_classic_pat":
            body = v[4:34]
            assert v[34:] == b62_encode(zlib.crc32(body.encode()) & 0xFFFFFFFF, 6), v
        elif k == "aws_access_key_id":
            assert re.fullmatch(r"(AKIA|ASIA)[A-Z2-7]{16}", v), v
        elif k == "aws_secret_access_key":
            assert re.fullmatch(r"[A-Za-z0-9/+]{40}", v), v


def line_stats(texts):
    ls = [t.count("\n") + 1 for t in texts]
    return min(ls), max(ls), sum(1 for x in ls if x == 1), sum(1 for x in ls if x >= 10), sum(1 for x in ls if x >= 20)


def main():
    negs, raw, redraws = build_negatives()
    poss = build_positives()
    # final checks
    assert len(negs) == 600 and len({r["text"] for r in negs}) == 600
    for cat, _ in CATEGORIES:
        assert sum(1 for r in negs if r["category"] == cat) == PER_CAT
    final_hits = [(r["id"], h) for r in negs for h in scan(r["text"])]
    assert not final_hits, final_hits[:5]
    assert len(poss) == 150 and len({r["text"] for r in poss}) == 150
    kc = {}
    for r in poss:
        check_positive(r)
        for s in r["secrets"]:
            kc[s["kind"]] = kc.get(s["kind"], 0) + 1
    assert kc == KIND_TOTAL, kc
    assert sum(1 for r in poss if len(r["secrets"]) == 1) == 130 and sum(1 for r in poss if len(r["secrets"]) == 2) == 20

    with open(os.path.join(HERE, "redaction%d_negatives.jsonl" % N), "w", encoding="utf-8") as f:
        for r in negs:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")
    with open(os.path.join(HERE, "redaction%d_positives.jsonl" % N), "w", encoding="utf-8") as f:
        for r in poss:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")

    # report
    print("negatives: %d, positives: %d texts / %d secrets" % (len(negs), len(poss), sum(kc.values())))
    print("negative scanner redraws (finding -> count, examples):")
    for k in sorted(redraws):
        ex = sorted(set(redraws[k]))[:3]
        print("  %-45s %4d  %s" % (k, len(redraws[k]), ex))
    print("scanner on final negatives: %d findings" % len(final_hits))
    print("negatives per category: templates used, lines min/max, single-line, >=10, >=20")
    for cat, temps in CATEGORIES:
        texts = [r["text"] for r in raw if r["category"] == cat]
        used = len({r["_t"] for r in raw if r["category"] == cat})
        print("  %-22s %3d/%-3d %s" % (cat, used, len(temps), line_stats(texts)))
    print("  all                        %s" % (line_stats([r["text"] for r in negs]),))
    print("positives lines: %s" % (line_stats([r["text"] for r in poss]),))
    miss = {}
    for r in poss:
        for s in r["secrets"]:
            v = s["value"]
            nv = re.sub(r"\\n|\s", "", v)
            if not any(nv in re.sub(r"\\n|\s", "", h[1]) for h in scan(r["text"])):
                miss.setdefault(s["kind"], []).append(r["id"])
    print("scanner misses on positives (kinds the negative scanner does not look for, or formats it skips):")
    for k in sorted(miss):
        print("  %-24s %d  %s" % (k, len(miss[k]), miss[k][:4]))


if __name__ == "__main__":
    main()
